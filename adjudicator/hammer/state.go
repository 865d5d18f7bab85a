package hammer

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// Phases of play.
const (
	PhCard   = iota // both players choose a card (simultaneous)
	PhEvent         // an event player resolves his event (England first)
	PhMove1         // Player 1's movement orders
	PhMove2         // Player 2's movement orders
	PhBattle        // battles; a decision may be pending in St.Bat
	PhRaid          // England picks the block lost to a border raid
	PhWHomes        // winter: choices for nobles going home (simultaneous)
	PhWEng          // winter: English wintering and replacements
	PhWScot         // winter: Scottish wintering and replacements
	PhOver          // game over
)

// Block flags (St.Fl).
const (
	fMoved    = 1 << iota // moved this game turn
	fReserve              // battle reserve (5.32, 5.33)
	fCrossed              // crossed the Anglo-Scottish border this turn
	fRevealed             // revealed in the battle in progress
	fDrawn                // drawn this winter (Scottish replacements)
)

// St is a game in progress. It is a value: Apply copies it and changes
// the copy. Arrays are indexed by block, area, border and card number.
type St struct {
	Scn   string `json:"scn"`
	Schil bool   `json:"schil,omitempty"` // optional rule: schiltroms
	BidE  int8   `json:"bid_e,omitempty"` // years Edward stays face up in the pool
	BidS  int8   `json:"bid_s,omitempty"` // extra blocks in the 1297 levy
	Ett3  bool   `json:"ett3,omitempty"`  // option: the Etterick archers move 3 (block label) instead of 2 (2.2 table)
	Last  int16  `json:"last"`            // last year of the scenario
	Year  int16  `json:"year"`
	GT    int8   `json:"gt"`    // game turn within the year, 1..5
	Epoch int32  `json:"epoch"` // dice epoch (Status.Turn)
	Phase int8   `json:"phase"`

	// *Pieces holds Loc, Str and Fl with the occupancy counted from
	// them, shared with the state it was copied from until written (pc).
	// Never nil.
	*Pieces
	// *TurnMoves holds Orig and Entry, shared with the state it was
	// copied from until written (mv). Never nil.
	*TurnMoves

	Hand [2][5]int8 `json:"hand"` // card numbers, -1 for an empty slot
	Play [2]int8    `json:"play"` // card played this turn, -1 if none yet
	P1   int8       `json:"p1"`
	// EvOwe marks event players who still owe their event orders.
	EvOwe [2]bool `json:"ev_owe"`
	Truce int8    `json:"truce"` // side that played Truce this turn, -1 none
	// YearEnd: both players played events, so the year ends after this turn.
	YearEnd bool `json:"year_end,omitempty"`

	// *TurnBorders holds BUse, BCnt, Att and Main, shared with the state
	// it was copied from until written (bd). Never nil.
	*TurnBorders

	// Bat is a battle waiting for a player's decision (nil otherwise).
	Bat *columbia.Battle `json:"bat,omitempty"`
	// Choose: Player 1 is asked which battle to fight next (5.1).
	Choose bool `json:"choose,omitempty"`
	// Next is the battle Player 1 chose to fight next, as area+1 (0: none).
	Next   int8  `json:"next,omitempty"`
	BatLog int16 `json:"bat_log,omitempty"` // narrative lines already reported
	After  int8  `json:"after"`             // phase to go to when the battles are over

	// Ord is shared with the state it was copied from until written
	// (ord). Never nil.
	Ord *Standing `json:"ord"`

	KingDone bool    `json:"king_done,omitempty"` // a Scottish king has been crowned
	Ed2      bool    `json:"ed2,omitempty"`       // Edward II reigns
	EdWin    int16   `json:"ed_win,omitempty"`    // last winter Edward I spent in Scotland
	EdWinAt  int8    `json:"ed_win_at"`           // where Edward I winters this winter (-1)
	WOwe     [2]bool `json:"w_owe"`               // owed winter decisions (homes phase)
	Final    bool    `json:"final,omitempty"`     // the final winter: count, no builds

	// Winter choices: homes of Bruce and Comyn (area, -1 none), Moray.
	HomeCh  [2]int8 `json:"home_ch"`
	MorayCh int8    `json:"moray_ch"`
	// KingBar marks (bit per area) the areas England held when the nobles
	// had gone home: the Scottish King's move (7.2) comes before English
	// quartering (7.3), so an area England then held is not open to him
	// even if its blocks disband before the Scots give their orders.
	KingBar uint32 `json:"king_bar,omitempty"`

	Fin    bool   `json:"fin,omitempty"`
	Winner int8   `json:"winner"` // side, -1 none
	Result string `json:"result,omitempty"`

	seen uint64       // blocks shown in battles during the current Apply (tests)
	tb   *textbuf.Buf // the current Apply's text (nil outside Apply)
	// occSure: the occupancy was found to match Loc during the current
	// Apply, which moves blocks only through setLoc from then on (false
	// outside Apply).
	occSure bool

	// mvOwn, bdOwn, ordOwn and pcOwn: TurnMoves, TurnBorders, Ord and
	// Pieces belong to this state alone and may be written in place (see
	// mv, bd, ord and pc).
	mvOwn, bdOwn, ordOwn, pcOwn bool
}

// Pieces is where each block is, its steps and its flags. A state
// shares it with the state it was copied from (a card, or the first of
// two simultaneous winter choices, moves no block) until pc copies it.
type Pieces struct {
	Loc [NB]int8  `json:"loc"`
	Str [NB]int8  `json:"str"`
	Fl  [NB]uint8 `json:"fl"`

	// The occupancy of the map, derived from Loc and never encoded:
	// occN counts each side's blocks in each area for the placement
	// occKey. setLoc keeps it as blocks move; a copy carries it; when Loc
	// differs from occKey (a block placed by other means) the blocks are
	// counted again (occFresh).
	occN   [2][NA]int8
	occB   [NA]uint8 // occ of each area: bit 1 England, bit 2 Scotland
	occKey [NB]int8
	occOK  bool
}

// TurnMoves is the per-turn record of where each block moved from. A
// state shares it with the state it was copied from (a card, a winter
// choice or a battle decision leaves it as it was) until mv copies it.
type TurnMoves struct {
	Orig  [NB]int8 `json:"orig"`  // area a block started its move from this turn
	Entry [NB]int8 `json:"entry"` // border it last entered by this turn (-1: none or by sea)
}

// TurnBorders is the per-turn use of borders and the attackers of each
// area, shared like TurnMoves until bd copies it.
type TurnBorders struct {
	// BUse[k][d]: which sides entered through border k in direction d
	// (d 0: into borders[k].A) this turn: bit 1 England, bit 2 Scotland,
	// bit 4 set when Scotland entered last.
	BUse [NK][2]uint8 `json:"buse"`
	BCnt [2][NK]int8  `json:"bcnt"` // blocks each side moved across each border this turn (4.3)
	Att  [NA]int8     `json:"att"`  // attacker side of the battle in each area, -1 none
	Main [NA]int16    `json:"main"` // main-attack key of the attacker in each area
}

// pc returns s's Pieces to write, copying them first if they are
// shared: a state reachable from another must never change.
func (s *St) pc() *Pieces {
	if !s.pcOwn {
		c := *s.Pieces
		s.Pieces, s.pcOwn = &c, true
	}
	return s.Pieces
}

// mv returns s's TurnMoves to write, copying it first if it is shared:
// a state reachable from another must never change.
func (s *St) mv() *TurnMoves {
	if !s.mvOwn {
		c := *s.TurnMoves
		s.TurnMoves, s.mvOwn = &c, true
	}
	return s.TurnMoves
}

// bd returns s's TurnBorders to write, copying it first if it is shared.
func (s *St) bd() *TurnBorders {
	if !s.bdOwn {
		c := *s.TurnBorders
		s.TurnBorders, s.bdOwn = &c, true
	}
	return s.TurnBorders
}

// ord returns s's standing orders to write, copying them first if they
// are shared (the list of orders itself is never written in place:
// setStand builds a new one).
func (s *St) ord() *Standing {
	if !s.ordOwn {
		c := *s.Ord
		s.Ord, s.ordOwn = &c, true
	}
	return s.Ord
}

// shared marks s's per-turn records, standing orders and pieces as
// shared with the state it was copied from, so that the first write
// copies them.
func (s *St) shared() { s.mvOwn, s.bdOwn, s.ordOwn, s.pcOwn = false, false, false, false }

// Standing holds both players' standing orders for this game turn.
type Standing struct {
	// Orders are the standing battle orders given this turn (few, so a
	// short list keeps the state small).
	Orders []StandOrder `json:"orders,omitempty"`
	// Battles is each side's battle order (areas, -1 ends); Player 1's
	// is used (5.1). Kept per side: the order may be given before the
	// cards say who is Player 1, and Player 2's must not override it.
	Battles [2][NA]int8 `json:"battle_order"`
	// AskNext: the side wants to choose each next battle when it is Player
	// 1 ("battles ask"), instead of a list given in advance.
	AskNext [2]bool `json:"ask_next,omitempty"`
	Raid    int8    `json:"raid"` // England's preferred border-raid loss, -1 none
}

// StandOrder is one side's standing battle orders for one area (Area ==
// NA: every battle), as ParseStanding reads them.
type StandOrder struct {
	Side int8   `json:"side"`
	Area int8   `json:"area"`
	Text string `json:"text"`
}

// stand returns side's orders for area a ("" if none).
func (s *St) stand(side, a int) string {
	for _, o := range s.Ord.Orders {
		if int(o.Side) == side && int(o.Area) == a {
			return o.Text
		}
	}
	return ""
}

// setStand replaces side's orders for area a (copying the list: states
// are values).
func (s *St) setStand(side, a int, text string) {
	out := make([]StandOrder, 0, len(s.Ord.Orders)+1)
	for _, o := range s.Ord.Orders {
		if int(o.Side) != side || int(o.Area) != a {
			out = append(out, o)
		}
	}
	s.ord().Orders = append(out, StandOrder{Side: int8(side), Area: int8(a), Text: text})
}

func (s *St) clearStanding() {
	s.Ord, s.ordOwn = &blankStanding, false
}

// Arrays of -1, the "none" of the per-turn fields clearTurn resets.
var (
	noneNB = func() (a [NB]int8) {
		for i := range a {
			a[i] = -1
		}
		return
	}()
	noneNA = func() (a [NA]int8) {
		for i := range a {
			a[i] = -1
		}
		return
	}()
	noneNA16 = func() (a [NA]int16) {
		for i := range a {
			a[i] = -1
		}
		return
	}()
	noBattles = [2][NA]int8{noneNA, noneNA}
	// The records of a turn before any move, shared by every state at
	// that point (never written: mv and bd copy them first).
	blankMoves   = TurnMoves{Orig: noneNB, Entry: noneNB}
	blankBorders = TurnBorders{Att: noneNA, Main: noneNA16}
	// No standing orders, shared like the blank records.
	blankStanding = Standing{Raid: -1, Battles: noBattles}
)

// clearTurn reads the flags eight at a time: NB must be a multiple of 8.
var _ = [1]int{}[NB%8]

func (s *St) clearTurn() {
	// The flags of eight blocks at a time (NB is a multiple of 8).
	const keep = 0x0101010101010101 * uint64(^uint8(fMoved|fReserve|fCrossed|fRevealed))
	p := s.pc()
	for i := 0; i+8 <= NB; i += 8 {
		binary.LittleEndian.PutUint64(p.Fl[i:], binary.LittleEndian.Uint64(p.Fl[i:])&keep)
	}
	s.TurnMoves, s.TurnBorders = &blankMoves, &blankBorders
	s.shared()
	s.Play = [2]int8{-1, -1}
	s.EvOwe = [2]bool{}
	s.Truce = -1
	s.Bat = nil
	s.BatLog = 0
	s.Choose, s.Next = false, 0
	s.clearStanding()
}

// Encode implements adjudicator.State.
func (s *St) Encode() ([]byte, error) { return json.Marshal(s) }

func decode(data []byte) (*St, error) {
	var s St
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("hammer: bad state: %w", err)
	}
	// A state without these fields reads them as zeros, as when they
	// were held in the state itself.
	if s.TurnMoves == nil {
		s.TurnMoves = &TurnMoves{}
	}
	if s.TurnBorders == nil {
		s.TurnBorders = &TurnBorders{}
	}
	if s.Ord == nil {
		s.Ord = &Standing{}
	}
	if s.Pieces == nil {
		s.Pieces = &Pieces{}
	}
	s.mvOwn, s.bdOwn, s.ordOwn, s.pcOwn = true, true, true, true
	if _, ok := scenYears[scenKey(s.Scn)]; !ok {
		return nil, fmt.Errorf("hammer: bad state: unknown scenario %q", s.Scn)
	}
	if s.Phase < PhCard || s.Phase > PhOver || s.P1 < 0 || s.P1 > 1 {
		return nil, fmt.Errorf("hammer: bad state: phase %d, player 1 %d", s.Phase, s.P1)
	}
	for _, c := range s.Play {
		if c < -1 || c >= NC {
			return nil, fmt.Errorf("hammer: bad state: played card %d", c)
		}
	}
	if s.Phase == PhBattle && !s.Choose && (s.Bat == nil || s.Bat.Pending == nil) {
		return nil, fmt.Errorf("hammer: bad state: a battle phase without a pending battle")
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("hammer: bad state: %w", err)
	}
	return &s, nil
}

func scenKey(id string) string {
	switch id {
	case "the-bruce":
		return "the_bruce"
	}
	return id
}

// onMap reports whether block b is on the map.
func (s *St) onMap(b int) bool { return s.Loc[b] < NA }

// owner is the side a block fights for.
func owner(b int) int { return blockSide[b] }

// count returns the number of side's blocks in area a.
func (s *St) count(a, side int) int {
	if uint(a) < NA && s.occFresh() {
		return int(s.occN[side][a])
	}
	n := 0
	for b := 0; b < NB; b++ {
		if int(s.Loc[b]) == a && blockSide[b] == side {
			n++
		}
	}
	return n
}

// occ returns bit 1 if England has blocks in a, bit 2 for Scotland.
func (s *St) occ(a int) int {
	if uint(a) < NA && s.occFresh() {
		return int(s.occB[a])
	}
	m := 0
	for b := 0; b < NB; b++ {
		if int(s.Loc[b]) == a {
			m |= 1 << blockSide[b]
			if m == 3 {
				return 3
			}
		}
	}
	return m
}

// occupancy computes occ for every area at once.
func (s *St) occupancy() (o [NA]uint8) {
	if s.occFresh() {
		return s.occB
	}
	for b, l := range s.Loc {
		if uint8(l) < NA {
			o[l] |= sideBit[b]
		}
	}
	return
}

// occFresh reports whether occN holds the occupancy of the placement
// Loc. Inside Apply, where the state is not yet shared, it counts the
// blocks again when they were placed by other means than setLoc, and
// once it has found them counted it does not compare again (occSure);
// elsewhere (views, random orders, states several goroutines read) it
// only reads.
func (s *St) occFresh() bool {
	if s.occSure {
		return true
	}
	if s.occOK && s.occKey == s.Loc {
		if s.tb != nil {
			s.occSure = true
		}
		return true
	}
	if s.tb == nil {
		return false
	}
	s.occSure = true
	p := s.pc()
	p.occN, p.occB = [2][NA]int8{}, [NA]uint8{}
	for b, l := range p.Loc {
		if uint8(l) < NA {
			p.occN[blockSide[b]][l]++
			p.occB[l] |= sideBit[b]
		}
	}
	p.occKey, p.occOK = p.Loc, true
	return true
}

// setLoc places block b at l, keeping the occupancy counts.
func (s *St) setLoc(b int, l int8) {
	p := s.pc()
	old := p.Loc[b]
	p.Loc[b] = l
	if p.occOK && p.occKey[b] == old {
		side := blockSide[b]
		if uint8(old) < NA {
			if p.occN[side][old]--; p.occN[side][old] == 0 {
				p.occB[old] &^= sideBit[b]
			}
		}
		if uint8(l) < NA {
			p.occN[side][l]++
			p.occB[l] |= sideBit[b]
		}
		p.occKey[b] = l
	}
}

// sideBit is 1 << blocks[b].Side for each block b, and blockSide is
// blocks[b].Side: small tables for the loops over every block.
var (
	sideBit   [NB]uint8
	blockSide [NB]int
	// sideBlocks has a bit for each block of a side.
	sideBlocks [2]uint64
)

// contested lists areas holding blocks of both sides, in map order.
func (s *St) contested() (out []int) {
	o := s.occupancy()
	for a := 0; a < NA; a++ {
		if o[a] == 3 {
			out = append(out, a)
		}
	}
	return
}

// nobleCount returns how many nobles each side controls on the map.
func (s *St) nobleCount() (n [2]int) {
	for _, b := range nobleBlocks {
		if s.onMap(int(b)) {
			n[blockSide[b]]++
		}
	}
	return
}

// nobleBlocks lists the noble blocks (both colours), in block order.
var nobleBlocks []int8

func (s *St) wallaceDead() bool { return s.Loc[bWallace] == LocRemoved }

// eliminate sends block b off the map after a loss. inBattle selects the
// battle rules (capture of nobles, black crosses); otherwise the block goes
// to its pool (5.8c). It returns the block that replaces a captured noble,
// or -1.
func (s *St) eliminate(b int, inBattle bool, capturer int) int {
	bi := &blocks[b]
	s.pc().Fl[b] = 0
	if inBattle {
		if bi.Type == TNoble {
			if bi.Partner < 0 { // Moray never changes side (5.7)
				s.setLoc(b, LocRemoved)
				s.pc().Str[b] = 0
				return -1
			}
			p := bi.Partner
			s.setLoc(p, s.Loc[b])
			s.pc().Str[p] = 1
			s.pc().Fl[p] = fReserve | fRevealed | fMoved
			mv := s.mv()
			mv.Orig[p], mv.Entry[p] = -1, -1
			s.setLoc(b, LocOut)
			s.pc().Str[b] = 0
			return p
		}
		if b == bEdward {
			if s.Ed2 {
				s.setLoc(b, LocRemoved)
				s.pc().Str[b] = 0
				s.win(Scotland, "Edward II was killed in battle")
				return -1
			}
			// Edward I dies; his son takes the block (ruling AMB-01).
			s.Ed2 = true
			s.setLoc(b, LocPool)
			s.pc().Str[b] = 0
			return -1
		}
		if b == bKing {
			s.setLoc(b, LocRemoved)
			s.pc().Str[b] = 0
			s.win(England, "the King of Scots was killed in battle")
			return -1
		}
		if bi.Cross {
			s.setLoc(b, LocRemoved)
			s.pc().Str[b] = 0
			return -1
		}
	}
	s.setLoc(b, LocPool)
	s.pc().Str[b] = 0
	return -1
}

func (s *St) win(side int, why string) {
	if s.Fin {
		return
	}
	s.Fin = true
	s.Winner = int8(side)
	s.Result = sideName(side) + " wins: " + why
	s.Phase = PhOver
}

// Status implements adjudicator.State.
func (s *St) Status() adjudicator.Status {
	st := adjudicator.Status{Turn: int(s.Epoch), Label: s.label()}
	if s.Fin {
		st.Finished = true
		if s.Winner >= 0 {
			st.Winner = []adjudicator.Role{adjudicator.Role(sideRole(int(s.Winner)))}
		}
		st.Result = s.Result
	}
	return st
}

var phaseNames = [...]string{"card phase", "event", "Player 1 moves", "Player 2 moves", "battles",
	"border raid", "winter: nobles go home", "winter: English quarters", "winter: Scottish quarters", "game over"}

func (s *St) label() string {
	if s.Fin {
		return fmt.Sprintf("%d: game over", s.Year)
	}
	switch s.Phase {
	case PhWHomes, PhWEng, PhWScot:
		return fmt.Sprintf("Winter %d: %s", s.Year, phaseNames[s.Phase][8:])
	}
	switch s.Phase {
	case PhMove1:
		return fmt.Sprintf("%d, turn %d: %s moves (Player 1)", s.Year, s.GT, sideName(int(s.P1)))
	case PhMove2:
		return fmt.Sprintf("%d, turn %d: %s moves (Player 2)", s.Year, s.GT, sideName(1-int(s.P1)))
	case PhEvent:
		if e := s.eventSide(); e >= 0 {
			return fmt.Sprintf("%d, turn %d: %s's event", s.Year, s.GT, sideName(e))
		}
	case PhBattle:
		if s.Bat != nil {
			return fmt.Sprintf("%d, turn %d: battle of %s", s.Year, s.GT, s.Bat.AreaName)
		}
		if s.Choose {
			return fmt.Sprintf("%d, turn %d: battles, %s chooses the next", s.Year, s.GT, sideName(int(s.P1)))
		}
	}
	return fmt.Sprintf("%d, turn %d: %s", s.Year, s.GT, phaseNames[s.Phase])
}

// Check implements adjudicator.Checker.
func (s *St) Check() error {
	for b := 0; b < NB; b++ {
		l := s.Loc[b]
		if l < 0 || l > LocOut {
			return fmt.Errorf("block %s at bad location %d", blocks[b].ID, l)
		}
		if l < NA {
			if s.Str[b] < 1 || int(s.Str[b]) > blocks[b].Max {
				return fmt.Errorf("block %s in %s has strength %d (max %d)", blocks[b].ID, areas[l].ID, s.Str[b], blocks[b].Max)
			}
			if b == bNorse && l == AreaEngland {
				return fmt.Errorf("the Norse is in England")
			}
		} else if s.Str[b] != 0 {
			return fmt.Errorf("block %s off the map has strength %d", blocks[b].ID, s.Str[b])
		}
	}
	for n := 0; n < NN; n++ {
		in := 0
		for _, b := range nobles[n].Blocks {
			if b >= 0 && s.Loc[b] != LocOut {
				in++
			}
		}
		if in != 1 {
			return fmt.Errorf("noble %s has %d blocks in play", nobles[n].Name, in)
		}
	}
	// hands: distinct cards, equal sizes
	seen := [NC]bool{}
	n := [2]int{}
	for side := 0; side < 2; side++ {
		for _, c := range s.Hand[side] {
			if c < -1 {
				return fmt.Errorf("bad card %d in %s's hand", c, sideName(side))
			}
			if c < 0 {
				continue
			}
			if c >= NC || seen[c] {
				return fmt.Errorf("card %d twice or unknown", c)
			}
			seen[c] = true
			n[side]++
		}
		if c := s.Play[side]; c >= 0 && seen[c] {
			return fmt.Errorf("played card %s still in hand", cards[c].ID)
		}
	}
	if !s.Fin && n[0]+boolInt(s.Play[0] >= 0 && s.Phase == PhCard) != n[1]+boolInt(s.Play[1] >= 0 && s.Phase == PhCard) {
		return fmt.Errorf("hands of different sizes %d and %d", n[0], n[1])
	}
	if s.Fin {
		return nil
	}
	if s.Phase != PhBattle && s.Phase != PhMove2 && s.Phase != PhEvent && s.Phase != PhMove1 {
		if c := s.contested(); len(c) > 0 {
			return fmt.Errorf("unresolved battle in %s during %s", areas[c[0]].ID, phaseNames[s.Phase])
		}
	}
	for side := 0; side < 2; side++ {
		for k := 0; k < NK; k++ {
			if s.BCnt[side][k] > borderLimit(k) {
				return fmt.Errorf("%s moved %d blocks across the border %s-%s", sideName(side), s.BCnt[side][k], areas[borders[k].A].ID, areas[borders[k].B].ID)
			}
		}
	}
	if s.onMap(bNorse) && s.Loc[bNorse] == AreaEngland {
		return fmt.Errorf("the Norse is in England")
	}
	if s.Phase == PhCard && s.GT == 1 && s.Play[0] < 0 && s.Play[1] < 0 && int(s.Year) > scenYears[scenKey(s.Scn)][0] {
		// a new year after winter: no Scots in England (5.9), English
		// knights, archers and hobelars only with a wintering Edward I (7.31)
		for b := 0; b < NB; b++ {
			if !s.onMap(b) {
				continue
			}
			if blockSide[b] == Scotland && s.Loc[b] == AreaEngland {
				return fmt.Errorf("%s wintered in England", blocks[b].ID)
			}
			t := blocks[b].Type
			if blockSide[b] == England && s.Loc[b] != AreaEngland && (t == TKnights || t == TArchers || t == THobelars) && int(s.EdWin) != int(s.Year)-1 {
				return fmt.Errorf("%s wintered in Scotland without Edward I", blocks[b].ID)
			}
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// clone returns a copy of s that owns every part of it (tests change
// clones freely).
func (s *St) clone() *St {
	c := *s
	mv, bd, ord, pc := *s.TurnMoves, *s.TurnBorders, *s.Ord, *s.Pieces
	c.TurnMoves, c.TurnBorders, c.Ord, c.Pieces = &mv, &bd, &ord, &pc
	c.mvOwn, c.bdOwn, c.ordOwn, c.pcOwn = true, true, true, true
	return &c
}

// moveOf is block b's movement allowance; the Etterick archers' depends
// on the etterick-move option (ruling AMB-50).
func (s *St) moveOf(b int) int {
	if blocks[b].Type == TArchers && blockSide[b] == Scotland {
		if s.Ett3 {
			return 3
		}
		return 2
	}
	return blocks[b].Move
}
