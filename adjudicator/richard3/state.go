package richard3

import (
	"encoding/json"
	"fmt"
	"math/bits"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// Roles.
const (
	RoleLancaster adjudicator.Role = "lancaster"
	RoleYork      adjudicator.Role = "york"
)

func roleOf(s Side) adjudicator.Role {
	if s == York {
		return RoleYork
	}
	return RoleLancaster
}

func sideOfRole(r adjudicator.Role) Side {
	switch r {
	case RoleYork:
		return York
	case RoleLancaster:
		return Lancaster
	}
	return NoSide
}

// Special locations (areas are 0..nAreas-1).
const (
	locPool     int8 = 100 // owner's pool, face up (recruitable)
	locDown     int8 = 101 // face down: pool (or a mercenary's home) until Campaign Reset
	locMinor    int8 = 102 // minor heir, not yet in play
	locAside    int8 = 103 // other version of a two-sided block in play
	locDead     int8 = 104 // permanently out of the game
	locDefected int8 = 105 // unused version of a defected heir (kept for records)
	locCaptive  int8 = 106 // Kingmaker: Henry VI held prisoner in London
)

func onMap(l int8) bool { return l >= 0 && int(l) < nAreas }

// Per-block flags for the current game turn.
const (
	fMoved    uint8 = 1 << iota // moved (land or sea) or recruited this turn
	fRecruit                    // recruited this turn
	fSea                        // moved by sea this turn
	fReinf                      // Player 2's reinforcement of a battle Player 1 started
	fPirate                     // attacked by sea with Piracy
	fAnnounce                   // (unused bit kept for layout)
)

// Phases.
type phase int8

const (
	phMulligan phase = iota
	phMulliganReply
	phCard
	phAction1
	phAction2
	phBattle
	phSupply
	phPretenderHome
	phKingHome
	phOver
	phReset      // Campaign Reset: which blocks over an exile limit go to the pool
	phNextBattle // Player 1 chooses the next battle (6.1, battles ask)
)

// Opts are the game options in effect.
type Opts struct {
	ReserveException string `json:"reserve_exception"` // both | defender
	FinalDisband     bool   `json:"final_disband"`
	BombardSea       bool   `json:"bombard_sea"`
	Mulligan         bool   `json:"mulligan"`
}

// front is the attack on one area this turn.
type front struct {
	Att  Side `json:"a"` // attacking side, NoSide if none
	Main int8 `json:"m"` // entry code of the Main Attack (0 none)
	Seq  int8 `json:"s"` // creation order (1..), for the default battle order
}

// standing is one side's standing battle orders for an area (Area -1: all).
type standing struct {
	Side   Side                    `json:"side"`
	Area   int8                    `json:"area"`
	Orders columbia.StandingOrders `json:"orders"`
	Treach bool                    `json:"treachery,omitempty"`
	Charge bool                    `json:"charge,omitempty"`
}

// supplyDue is what the supply phase still needs from each side.
type supplyDue struct {
	Done bool `json:"done"`
}

// State is a Richard III game in progress.
type State struct {
	Scenario string `json:"scenario"`
	Opt      Opts   `json:"opt"`
	Campaign int    `json:"campaign"`
	Turn     int    `json:"turn"`  // 1..7 within the campaign
	Epoch    int    `json:"epoch"` // dice epoch, +1 per game turn
	Phase    phase  `json:"phase"`
	King     Side   `json:"king"`
	LastCamp int    `json:"last_campaign"`

	Loc   [64]int8  `json:"loc"`
	Str   [64]int8  `json:"str"`
	Fl    [64]uint8 `json:"fl"`
	Entry [64]int8  `json:"entry"` // border+1, or 100+sea zone bit index

	Hand     [2]uint32 `json:"hand"`
	Card     [2]int8   `json:"card"`     // card played this turn (-1 none)
	Ready    [2]bool   `json:"ready"`    // answered the current simultaneous decision
	Mull     [2]int8   `json:"mulligan"` // 0 unused, 1 claimed, 2 used/declined
	P1       Side      `json:"p1"`
	Treason  int8      `json:"treason"` // side holding an unused Treason roll, -1 none
	TreasonA int8      `json:"treason_area"`
	// TreasonOn is the name of the enemy block the holder of the Treason
	// roll chose as its target (treason <area> on <block>); "" for the
	// default target (R3-EV.5, ruling R3-R8).
	TreasonOn string `json:"treason_on,omitempty"`
	// TreasonAsk: the battle has opened and waits for the holder of the
	// Treason roll, who fights it in ask mode, to choose the target.
	TreasonAsk bool `json:"treason_ask,omitempty"`

	BUse   [2][64]int8     `json:"buse"` // blocks crossing each border this turn, per side
	Fronts [maxAreas]front `json:"fronts"`
	NSeq   int8            `json:"nseq"`
	Order  []int8          `json:"order,omitempty"` // Player 1's battle order
	// AskOrder: Player 1 chooses each next battle once the previous one
	// has ended (battles ask), instead of following Order.
	AskOrder bool       `json:"ask_order,omitempty"`
	Stand    []standing `json:"standing,omitempty"`

	Battle *columbia.Battle `json:"battle,omitempty"`
	BArea  int8             `json:"battle_area"`

	occ occTable // block counts per area, a cache (see occupancy)

	// Succession due at the next supply phase.
	KingDead bool      `json:"king_dead,omitempty"`
	NewKing  bool      `json:"new_king,omitempty"` // announce the new King once heirs have entered
	Entering [2]int8   `json:"entering"`           // minor heirs due to enter
	EnterDue [2]int8   `json:"enter_due"`          // of those, due at this Supply Phase
	PlaceAt  [2]int8   `json:"place_at"`           // chosen entry area+1, until both answered
	Stage    int8      `json:"stage"`              // supply phase: 0 placements, 1 losses
	Chosen   [2]uint64 `json:"chosen"`             // supply losses chosen, by block bit

	dice adjudicator.Dice // the dice of the Apply in progress (not saved)
	tb   *textbuf.Buf     // the text of the Apply in progress (not saved)
	mem  *applyMem        // the rest of its memory (not saved)

	Finished bool   `json:"finished"`
	Winner   Side   `json:"winner"`
	Result   string `json:"result,omitempty"`
}

// owner returns the side that controls block i now.
func (s *State) owner(i int) Side {
	if blocks[i].Side == Rebel {
		return s.King.Other()
	}
	return blocks[i].Side
}

// Pretender side.
func (s *State) pretender() Side { return s.King.Other() }

func (s *State) clone() *State {
	n := new(State)
	s.cloneInto(n)
	return n
}

// cloneInto makes n a deep copy of s.
func (s *State) cloneInto(n *State) {
	*n = *s
	if s.Order != nil {
		n.Order = append([]int8(nil), s.Order...)
	}
	if s.Stand != nil {
		n.Stand = make([]standing, len(s.Stand))
		for i, st := range s.Stand {
			o := st.Orders
			o.Pass = append([]string(nil), o.Pass...)
			o.Retreat = append([]columbia.RetreatRule(nil), o.Retreat...)
			o.HitOrder = append([]string(nil), o.HitOrder...)
			o.Order = append([]string(nil), o.Order...)
			o.Regroup = append([]columbia.RegroupOrder(nil), o.Regroup...)
			st.Orders = o
			n.Stand[i] = st
		}
	}
	if s.Battle != nil {
		n.Battle = cloneBattle(s.Battle)
	}
}

// cloneBattle deep-copies a stored battle before it is resumed, so Apply
// never changes its receiver.
func cloneBattle(b *columbia.Battle) *columbia.Battle { return b.Clone() }

// Encode implements adjudicator.State.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

func decode(data []byte) (*State, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("richard-iii: bad state: %w", err)
	}
	return &s, nil
}

// count of blocks of side in area a (Rebel counted for its owner).
func (s *State) count(a int, side Side) int {
	n := 0
	for i := 0; i < nBlocks; i++ {
		if int(s.Loc[i]) == a && s.owner(i) == side {
			n++
		}
	}
	return n
}

func (s *State) occupants(a int) (l, y int) {
	o := s.occupancy()
	return int(o.n[a][Lancaster]), int(o.n[a][York])
}

// maxAreas bounds the number of areas (the fronts and the occupancy
// table are fixed arrays; the map has 33).
const maxAreas = 40

// occTable counts each area's blocks per owner for one placement of the
// blocks (Loc) and one King (the Rebel's owner).
type occTable struct {
	valid bool
	king  Side
	loc   [64]int8
	n     [maxAreas][2]int8
	in    [maxAreas][2]uint64 // the blocks themselves, as bit sets by index
}

// occupancy returns the block counts per area, recounted only when a
// block has moved or the throne has changed since the last call: the
// table remembers the placement it was counted from, so writes to Loc
// anywhere in the package need no bookkeeping.
func (s *State) occupancy() *occTable {
	o := &s.occ
	if o.valid && o.loc == s.Loc && o.king == s.King {
		return o
	}
	o.n = [maxAreas][2]int8{}
	o.in = [maxAreas][2]uint64{}
	for i := 0; i < nBlocks; i++ {
		if a := s.Loc[i]; onMap(a) {
			sd := York
			if s.owner(i) == Lancaster {
				sd = Lancaster
			}
			o.n[a][sd]++
			o.in[a][sd] |= 1 << uint(i)
		}
	}
	o.valid, o.king, o.loc = true, s.King, s.Loc
	return o
}

// friendly: own blocks and no enemy blocks.
func (s *State) friendly(a int, side Side) bool {
	l, y := s.occupants(a)
	if side == Lancaster {
		return l > 0 && y == 0
	}
	return y > 0 && l == 0
}

func (s *State) vacant(a int) bool {
	l, y := s.occupants(a)
	return l == 0 && y == 0
}

// enemyIn reports whether side's enemy has blocks in a.
func (s *State) enemyIn(a int, side Side) bool {
	l, y := s.occupants(a)
	if side == Lancaster {
		return y > 0
	}
	return l > 0
}

func (s *State) contested(a int) bool {
	l, y := s.occupants(a)
	return l > 0 && y > 0
}

// blocksIn lists the blocks in area a owned by side (NoSide: all).
func (s *State) blocksIn(a int, side Side) []int {
	return s.appendBlocksIn(nil, a, side, 0)
}

// appendBlocksIn appends to out the blocks in area a owned by side
// (NoSide: all) whose flags share no bit with skip, in index order.
func (s *State) appendBlocksIn(out []int, a int, side Side, skip uint8) []int {
	if a < 0 || a >= nAreas {
		for i := 0; i < nBlocks; i++ {
			if int(s.Loc[i]) == a && (side == NoSide || s.owner(i) == side) && s.Fl[i]&skip == 0 {
				out = append(out, i)
			}
		}
		return out
	}
	o := s.occupancy()
	var set uint64
	switch side {
	case NoSide:
		set = o.in[a][Lancaster] | o.in[a][York]
	case Lancaster, York:
		set = o.in[a][side]
	}
	if out == nil && set != 0 {
		out = make([]int, 0, bits.OnesCount64(set))
	}
	for ; set != 0; set &= set - 1 {
		i := bits.TrailingZeros64(set)
		if s.Fl[i]&skip == 0 {
			out = append(out, i)
		}
	}
	return out
}

// seniorHeir returns side's most senior living heir in play (on the map),
// or -1.
func (s *State) seniorHeir(side Side) int {
	for r := 0; r < 5; r++ {
		h := heirsOf[side][r]
		if onMap(s.Loc[h]) {
			return h
		}
	}
	return -1
}

// heirAlive reports whether the heir (original version index) is not dead.
func (s *State) heirAlive(h int) bool {
	if s.Loc[h] == locDead {
		return false
	}
	if c := blocks[h].Counter; c >= 0 && s.Loc[h] == locAside {
		return s.Loc[c] != locDead
	}
	return true
}

// heirsLeft counts side's heirs not yet dead (defected ones count: they
// can come back).
func (s *State) heirsLeft(side Side) int {
	n := 0
	for r := 0; r < 5; r++ {
		if s.heirAlive(heirsOf[side][r]) {
			n++
		}
	}
	return n
}

// kingBlock is the King (the King's side's most senior heir on the map),
// unless he died this turn (the throne is empty until the Supply Phase).
func (s *State) kingBlock() int {
	if s.KingDead || s.NewKing {
		return -1
	}
	return s.seniorHeir(s.King)
}

func (s *State) pretenderBlock() int {
	return s.seniorHeir(s.pretender())
}
