package hereistand

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Phases of a turn (HIS-7d).
const (
	PhLuther     = 1 // Luther's 95 Theses (turn 1 only)
	PhCardDraw   = 2
	PhDiplomacy  = 3
	PhDiet       = 4 // Diet of Worms (turn 1 only)
	PhSpring     = 5 // Spring Deployment
	PhAction     = 6
	PhWinter     = 7
	PhNewWorld   = 8
	PhVictory    = 9
	NPhase       = 10
	firstYear    = 1517
	lastGameTurn = 9
)

var phaseNames = [NPhase]string{"", "Luther's 95 Theses", "Card Draw", "Diplomacy", "Diet of Worms",
	"Spring Deployment", "Action", "Winter", "New World", "Victory Determination"}

// Force is what one power has in one location: land units as strengths
// (regulars, mercenaries, cavalry) and naval pieces (squadrons, corsairs).
type Force struct {
	Reg, Merc, Cav uint8
	Sq, Cor        uint8
}

// Land is the number of land units.
func (f Force) Land() int { return int(f.Reg) + int(f.Merc) + int(f.Cav) }

// Naval is the number of naval pieces.
func (f Force) Naval() int { return int(f.Sq) + int(f.Cor) }

func (f Force) empty() bool { return f == Force{} }

// locSet is a set of unit locations (land spaces and sea zones).
type locSet [3]uint64

func (b *locSet) set(i int)      { b[i>>6] |= 1 << (i & 63) }
func (b *locSet) clear(i int)    { b[i>>6] &^= 1 << (i & 63) }
func (b *locSet) has(i int) bool { return b[i>>6]&(1<<(i&63)) != 0 }
func (b *locSet) put(i int, on bool) {
	if on {
		b.set(i)
	} else {
		b.clear(i)
	}
}
func (b *locSet) count() int {
	return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) + bits.OnesCount64(b[2])
}

// each calls f for every member in increasing order.
func (b *locSet) each(f func(i int)) {
	for w := 0; w < 3; w++ {
		x := b[w]
		for x != 0 {
			i := bits.TrailingZeros64(x)
			f(w<<6 | i)
			x &= x - 1
		}
	}
}

// cardSet is a set of card numbers 1..NC.
type cardSet [2]uint64

func (c *cardSet) set(n int)      { c[n>>6] |= 1 << (n & 63) }
func (c *cardSet) clear(n int)    { c[n>>6] &^= 1 << (n & 63) }
func (c *cardSet) has(n int) bool { return c[n>>6]&(1<<(n&63)) != 0 }

// Leader locations beyond the unit locations.
const (
	LeaderOff      = -1 // not yet in play (enters later)
	LeaderRemoved  = -2 // out of play (dead, replaced, or waiting to return)
	LeaderCaptured = -3 // on the captor's power card (Captor says whose)
	LeaderAway     = -4 // a naval leader on the Turn track, back next Card Draw Phase (HIS-8.2c)
)

// Tracks are the special VP and progress tracks of the power cards and
// the Religious Struggle card (HIS-4a).
type Tracks struct {
	Piracy, Chateaux       int
	StPetersCP, StPetersVP int
	Translation            [3]int // German, French, English (New Testament then Bible)
	Marital                int    // Henry VIII's marital status, 0 = Catherine of Aragon
	// HungaryWon is set once the Ottoman has defeated Hungary/Bohemia
	// (HIS-22.5): it is then a Hapsburg ally for good.
	HungaryWon bool `json:",omitempty"`
	// Excommunicated holds the powers whose ruler is excommunicated, bit
	// p for power p: the "-1 Card" marker (HIS-21.5h). The events that
	// excommunicate come with the card events; the Diplomacy Phase lifts
	// it (HIS-9.3i, HIS-9.1b9, HIS-9.5a).
	Excommunicated uint8 `json:",omitempty"`
}

// St is the state of a game of Here I Stand. Spaces, sea zones, powers,
// leaders and cards are small integers (see data.go); units are counts
// per location and power, with an index from each power to the locations
// it occupies, so no rule ever scans the whole map to find a power's units.
type St struct {
	Scenario      string
	Players       int  // 3 to 6 (HIS-3.1a)
	OptionalCards bool // cards 111-116
	Turn, Phase   int

	Units [NLoc][NPow]Force
	// occ[p] holds the locations where power p has units (derived).
	occ [NPow]locSet
	// Leader[l] is leader l's location or one of the Leader* values;
	// Captor[l] is the capturing power when captured, else NoPower.
	Leader []int16
	Captor []uint8

	// Ctrl is the political control of every space (HIS-2.2); NoPower
	// for a space out of play.
	Ctrl [NS]uint8
	// Prot holds the spaces under Protestant religious influence (HIS-2.3);
	// Unrest the spaces in unrest (HIS-12.4).
	Prot, Unrest locSet
	// Display holds the Protestant regulars waiting off-map on the
	// Electorate display, by electorate (index in the electorates table).
	Display [6]uint8
	// War and Ally are symmetric relations between powers, as bit masks.
	War, Ally [NPow]uint16
	Ruler     [NMajor]uint8
	// BonusVP are the VP of a power's bonus box (HIS-23.2k) and of
	// special VP not kept on a track; base VP and the special VP of the
	// tracks are computed from the map and Tracks (BaseVP, SpecialVP).
	BonusVP [NMajor]int
	Tracks  Tracks
	// League is set once the Schmalkaldic League has formed (HIS-21.6).
	League bool
	// Rel is the religious struggle: debaters, reformers, universities
	// and the attempts in progress (religion.go).
	Rel Religion

	// Hands are kept sorted; Deck is in draw order (the next card last);
	// Discard is kept sorted; Removed are out of the game; OnCard are home
	// cards played this turn, back on their power card (HIS-6.1c).
	Hands   [NMajor][]uint8
	Deck    []uint8
	Discard []uint8
	Removed cardSet
	OnCard  cardSet

	// Active is the power whose decision the game waits for.
	Active int
	// Passes counts consecutive passes in the Action Phase (HIS-11g).
	Passes int

	// Warfare holds the sieges and this impulse's land-war marks (move.go).
	Warfare LandWar

	// Flow is the turn machine: the impulse in progress, the decisions
	// owed and the outcome (flow.go).
	Flow Flow

	// NW is the New World: colonies, discoveries, conquests and the
	// voyages of the turn (newworld.go).
	NW NewWorld
	// Henry is Henry VIII's wives and heirs (henry.go, HIS-21.3).
	Henry Henry

	// Mand is what the Mandatory Events and Home cards remember
	// (events_mandatory.go).
	Mand mandState
	// Pirates holds the pirate havens, the piracy markers and the piracy
	// in progress (piracy.go).
	Pirates Pirates
	// Foreign holds the foreign war cards in play (foreignwar.go).
	Foreign []ForeignWar

	// Inquisition is 1 + the power whose hand Papal Inquisition looked
	// at, while the Papacy chooses what follows (events_religion.go), or 0.
	Inquisition int

	// Pol is what the political and military events remember
	// (events_politics.go).
	Pol polState
	// More is what the events of events_more.go remember.
	More moreState
}

// newState returns an empty state with every leader off the map.
func newState() *St {
	s := &St{Leader: make([]int16, len(leaders)), Captor: make([]uint8, len(leaders)), Rel: newReligion()}
	for i := range s.Leader {
		s.Leader[i] = LeaderOff
		s.Captor[i] = NoPower
	}
	return s
}

// clone returns a deep copy: Apply works on a copy and never changes its
// receiver.
func (s *St) clone() *St {
	c := *s
	c.Leader = append([]int16(nil), s.Leader...)
	c.Captor = append([]uint8(nil), s.Captor...)
	for p := range s.Hands {
		c.Hands[p] = append([]uint8(nil), s.Hands[p]...)
	}
	c.Deck = append([]uint8(nil), s.Deck...)
	c.Discard = append([]uint8(nil), s.Discard...)
	c.Warfare = s.Warfare.clone()
	c.Flow = s.Flow.clone()
	c.Rel = s.Rel.clone()
	c.NW = s.NW.clone()
	c.Pirates = s.Pirates.clone()
	c.Foreign = cloneForeign(s.Foreign)
	return &c
}

// addUnits adds f to power p's force in loc and keeps the index.
func (s *St) addUnits(loc, p int, f Force) {
	u := &s.Units[loc][p]
	u.Reg += f.Reg
	u.Merc += f.Merc
	u.Cav += f.Cav
	u.Sq += f.Sq
	u.Cor += f.Cor
	s.occ[p].put(loc, !u.empty())
}

// removeUnits takes f from power p's force in loc; it fails, changing
// nothing, when p does not have that many units there.
func (s *St) removeUnits(loc, p int, f Force) error {
	u := &s.Units[loc][p]
	if u.Reg < f.Reg || u.Merc < f.Merc || u.Cav < f.Cav || u.Sq < f.Sq || u.Cor < f.Cor {
		return fmt.Errorf("%s does not have those units in %s", powers[p].Name, locName(loc))
	}
	u.Reg -= f.Reg
	u.Merc -= f.Merc
	u.Cav -= f.Cav
	u.Sq -= f.Sq
	u.Cor -= f.Cor
	s.occ[p].put(loc, !u.empty())
	return nil
}

// reindex rebuilds the occupancy index from the units.
func (s *St) reindex() {
	s.occ = [NPow]locSet{}
	for loc := 0; loc < NLoc; loc++ {
		for p := 0; p < NPow; p++ {
			if !s.Units[loc][p].empty() {
				s.occ[p].set(loc)
			}
		}
	}
}

// Occupied returns the locations where power p has units, in order.
func (s *St) Occupied(p int) []int {
	var out []int
	s.occ[p].each(func(i int) { out = append(out, i) })
	return out
}

// leadersAt lists the leaders of power p in loc (p = -1: of any power).
func (s *St) leadersAt(loc, p int) []int {
	var out []int
	for l, at := range s.Leader {
		if int(at) == loc && (p < 0 || leaderPower(s, l) == p) {
			out = append(out, l)
		}
	}
	return out
}

// leaderPower is the power a leader belongs to. Leaders who change sides
// (the Renegade, Andrea Doria with Genoa's alliance) arrive with the
// events and diplomacy that move them; a lent naval leader is the
// receiver's until Winter (HIS-9.1b3).
func leaderPower(s *St, l int) int {
	if leaders[l].Power == NoPower && s.More.Renegade > 0 {
		return s.renegadePower() // #70 Charles Bourbon
	}
	if s.More.Maurice && l == maurice() {
		return Hapsburg // #60 Maurice of Saxony
	}
	if len(s.Flow.Loans) > 0 && leaders[l].Naval {
		if q := s.lentTo(l); q >= 0 {
			return q
		}
	}
	return leaders[l].Power
}

// setWar records war (on) or peace between powers a and b.
func (s *St) setWar(a, b int, on bool) {
	if on {
		s.War[a] |= 1 << b
		s.War[b] |= 1 << a
	} else {
		s.War[a] &^= 1 << b
		s.War[b] &^= 1 << a
	}
}

// setAlly records an alliance (on) or its end between a and b.
func (s *St) setAlly(a, b int, on bool) {
	if on {
		s.Ally[a] |= 1 << b
		s.Ally[b] |= 1 << a
	} else {
		s.Ally[a] &^= 1 << b
		s.Ally[b] &^= 1 << a
	}
}

// AtWar reports whether powers a and b are at war.
func (s *St) AtWar(a, b int) bool { return a < NPow && b < NPow && s.War[a]&(1<<b) != 0 }

// Allied reports whether powers a and b are allied.
func (s *St) Allied(a, b int) bool { return a < NPow && b < NPow && s.Ally[a]&(1<<b) != 0 }

// minorAlly is the major power a minor power is allied to, or NoPower.
func (s *St) minorAlly(m int) int {
	if m < NMajor || m >= Independent {
		return NoPower
	}
	for p := 0; p < NMajor; p++ {
		if s.Allied(m, p) {
			return p
		}
	}
	return NoPower
}

// Controller is the power controlling space sp for the rules of control:
// a minor power's home spaces are controlled by the major power it is
// allied to (HIS-2.2b). Independent spaces return Independent; spaces out
// of play NoPower.
func (s *St) Controller(sp int) int {
	c := int(s.Ctrl[sp])
	if c >= NMajor && c < Independent {
		if a := s.minorAlly(c); a != NoPower {
			return a
		}
	}
	return c
}

// Friendly reports whether space sp is friendly to power p: controlled by
// p or by an ally of p (HIS-2.2d). Independent spaces are never friendly
// (HIS-2.2e).
func (s *St) Friendly(sp, p int) bool {
	c := s.Controller(sp)
	return c == p || (c < Independent && s.Allied(c, p))
}

// Enemy reports whether power q is an enemy of p (at war, HIS-2.2c).
// Independent units are never enemies (HIS-2.2e).
func (s *St) Enemy(p, q int) bool {
	if q == Independent || q >= NPow {
		return false
	}
	if s.AtWar(p, q) {
		return true
	}
	// A minor power allied to an enemy major power fights on its side.
	if a := s.minorAlly(q); a != NoPower && s.AtWar(p, a) {
		return true
	}
	return false
}

// enemyLandIn reports whether loc holds land units of a power at war with p.
func (s *St) enemyLandIn(loc, p int) bool {
	for q := 0; q < Independent; q++ {
		if q != p && s.Units[loc][q].Land() > 0 && s.Enemy(p, q) {
			return true
		}
	}
	return false
}

// enemyUnitsIn reports whether loc holds land or naval units of an enemy of p.
func (s *St) enemyUnitsIn(loc, p int) bool {
	for q := 0; q < Independent; q++ {
		if q != p && !s.Units[loc][q].empty() && s.Enemy(p, q) {
			return true
		}
	}
	return false
}

// Protestant reports whether space sp is under Protestant influence.
func (s *St) Protestant(sp int) bool { return s.Prot.has(sp) }

// InUnrest reports whether space sp is in unrest.
func (s *St) InUnrest(sp int) bool { return s.Unrest.has(sp) }

// Keys counts the keys whose square markers are power p's (keys it
// controls, or controls through an allied minor) and how many of them are
// in unrest (HIS-2.3b, HIS-12.4i).
func (s *St) Keys(p int) (controlled, unrest int) {
	for _, k := range keys {
		if s.Controller(k) == p {
			controlled++
			if s.InUnrest(k) {
				unrest++
			}
		}
	}
	return
}

// ProtestantElectorates counts the electorates under Protestant political
// control, and of those the ones also Protestant in religion and free of
// unrest.
func (s *St) ProtestantElectorates() (political, both int) {
	for _, e := range electorates {
		if s.Controller(e) == Protestant {
			political++
			if s.Protestant(e) && !s.InUnrest(e) {
				both++
			}
		}
	}
	return
}

// ProtestantSpaces counts the spaces under Protestant religious influence
// for VP: a space in unrest does not count (HIS-12.4e).
func (s *St) ProtestantSpaces() int {
	n := 0
	s.Prot.each(func(sp int) {
		if !s.InUnrest(sp) {
			n++
		}
	})
	return n
}

// BaseVP is power p's base VP (HIS-23.2b-c): the last uncovered box of
// its key track, one box covered per key in unrest; for the Protestant 2
// VP per electorate under Protestant political control and religious
// influence, not in unrest.
func (s *St) BaseVP(p int) int {
	if p == Protestant {
		_, both := s.ProtestantElectorates()
		return 2 * both
	}
	return keyVP(s, p)
}

// protTrackBox is the Protestant Spaces track box the marker stands on
// (HIS-23.2d): {Papal VP, Protestant VP}.
func (s *St) protTrackBox() [2]int {
	return protTrack[min(s.ProtestantSpaces(), len(protTrack)-1)]
}

// EnglishProtestantSpaces counts the English home spaces under
// Protestant religious influence and not in unrest (HIS-23.2d, HIS-12.4e).
func (s *St) EnglishProtestantSpaces() int {
	n := 0
	for _, sp := range homeSpaces(England) {
		if s.Protestant(sp) && !s.InUnrest(sp) {
			n++
		}
	}
	return n
}

// SpecialVP is power p's special VP (HIS-23.2d-j): Ottoman piracy,
// Hapsburg electorates after the Schmalkaldic League, English Protestant
// home spaces, French chateaux, and the Papal and Protestant numbers of
// the Protestant Spaces track plus St. Peter's. England's heirs on the
// Pregnancy Chart count too (heirVP).
func (s *St) SpecialVP(p int) int {
	switch p {
	case Ottoman:
		return s.Tracks.Piracy
	case Hapsburg:
		if !s.League {
			return 0
		}
		n := 0
		for _, e := range electorates {
			if s.Controller(e) == Hapsburg && !s.InUnrest(e) {
				n++
			}
		}
		return n
	case England:
		return s.EnglishProtestantSpaces()/2 + s.heirVP() // heirs: HIS-21.3h
	case France:
		return s.Tracks.Chateaux
	case Papacy:
		return s.protTrackBox()[0] + s.Tracks.StPetersVP
	case Protestant:
		return s.protTrackBox()[1]
	}
	return 0
}

func keyVP(s *St, p int) int {
	n, unrest := s.Keys(p)
	n -= unrest
	if n <= 0 {
		return 0
	}
	vp := powers[p].VPByKeys
	return vp[min(n, len(vp))-1]
}

// VP is power p's victory points: base, special and bonus VP (HIS-23.2a).
func (s *St) VP(p int) int { return s.BaseVP(p) + s.SpecialVP(p) + s.BonusVP[p] }

// turnYears is the label of a turn: turn 1 is 1517-1523, every later turn
// four years (HIS-7a).
func turnYears(t int) string {
	if t <= 1 {
		return "1517-1523"
	}
	from := 1524 + 4*(t-2)
	return fmt.Sprintf("%d-%d", from, from+3)
}

// Status implements adjudicator.State.
func (s *St) Status() adjudicator.Status {
	label := fmt.Sprintf("Turn %d (%s): %s phase", s.Turn, turnYears(s.Turn), phaseNames[s.Phase])
	st := s.Flow.status(adjudicator.Status{Turn: s.Turn, Label: label})
	if s.players() < 6 && len(st.Winner) > 0 {
		// A seat wins when a power it holds wins.
		var seats []adjudicator.Role
		for _, r := range st.Winner {
			if seat := s.seatOf(powerOfRole(r)); !containsRole(seats, seat) {
				seats = append(seats, seat)
			}
		}
		st.Winner = seats
	}
	return st
}

// Check verifies the invariants of the state.
func (s *St) Check() error {
	if s.Turn < 1 || s.Turn > lastGameTurn || s.Phase < 1 || s.Phase >= NPhase {
		return fmt.Errorf("turn %d phase %d", s.Turn, s.Phase)
	}
	if x := s.Tracks.Excommunicated; x >= 1<<NMajor || x&(1<<Papacy) != 0 {
		return fmt.Errorf("excommunicated rulers %b", x)
	}
	if s.Players < 3 || s.Players > 6 {
		return fmt.Errorf("%d players", s.Players)
	}
	var occ [NPow]locSet
	for loc := 0; loc < NLoc; loc++ {
		for p := 0; p < NPow; p++ {
			f := s.Units[loc][p]
			if !f.empty() {
				occ[p].set(loc)
			}
			if isSea(loc) && f.Land() > 0 {
				return fmt.Errorf("%s has land units at sea in %s", powers[p].Name, locName(loc))
			}
			if !isSea(loc) && f.Naval() > 0 && !spaces[loc].port() {
				return fmt.Errorf("%s has naval units in %s, which is not a port", powers[p].Name, locName(loc))
			}
			if f.Cav > 0 && p != Ottoman || f.Cor > 0 && p != Ottoman {
				return fmt.Errorf("only the Ottoman has cavalry and corsairs (%s in %s)", powers[p].Name, locName(loc))
			}
			if f.Merc > 0 && (p == Ottoman || p >= NMajor) {
				return fmt.Errorf("%s has no mercenaries (%s)", powers[p].Name, locName(loc))
			}
		}
	}
	if occ != s.occ {
		return fmt.Errorf("the occupancy index does not match the units")
	}
	for p := 0; p < NPow; p++ {
		if err := s.checkCounters(p); err != nil {
			return err
		}
	}
	if err := s.checkWar(); err != nil {
		return err
	}
	if err := s.checkFlow(); err != nil {
		return err
	}
	if err := s.checkReligion(); err != nil {
		return err
	}
	if err := s.checkMand(); err != nil {
		return err
	}
	if err := s.checkEvrel(); err != nil {
		return err
	}
	if err := s.checkNewWorld(); err != nil {
		return err
	}
	if err := s.checkHenry(); err != nil {
		return err
	}
	if err := s.checkPirates(); err != nil {
		return err
	}
	if err := s.checkForeign(); err != nil {
		return err
	}
	if len(s.Leader) != len(leaders) || len(s.Captor) != len(leaders) {
		return fmt.Errorf("leader table size")
	}
	for l, at := range s.Leader {
		switch {
		case at == LeaderCaptured:
			if s.Captor[l] >= NMajor {
				return fmt.Errorf("%s captured by nobody", leaders[l].Name)
			}
		case at >= 0:
			if int(at) >= NLoc || (!leaders[l].Naval && isSea(int(at))) {
				return fmt.Errorf("%s in a bad place", leaders[l].Name)
			}
		case at == LeaderAway:
			if !leaders[l].Naval {
				return fmt.Errorf("%s is an army leader on the Turn track", leaders[l].Name)
			}
		case at != LeaderOff && at != LeaderRemoved && at != LeaderForeign:
			return fmt.Errorf("%s: location %d", leaders[l].Name, at)
		}
	}
	for sp := 0; sp < NS; sp++ {
		if c := s.Ctrl[sp]; c >= NPow && c != NoPower {
			return fmt.Errorf("%s controlled by %d", spaces[sp].Name, c)
		}
	}
	for p := 0; p < NPow; p++ {
		if s.War[p]&s.Ally[p] != 0 || s.War[p]&(1<<p) != 0 || s.Ally[p]&(1<<p) != 0 {
			return fmt.Errorf("%s: war and alliance overlap", powers[p].Name)
		}
		for q := 0; q < NPow; q++ {
			if s.AtWar(p, q) != s.AtWar(q, p) || s.Allied(p, q) != s.Allied(q, p) {
				return fmt.Errorf("%s-%s: relation not symmetric", powers[p].Name, powers[q].Name)
			}
		}
	}
	// Hands, deck, discard, removed cards and home cards on their power
	// cards are disjoint; the remaining cards are not yet in the game.
	var seen cardSet
	mark := func(n int, where string) error {
		if n < 1 || n > NC {
			return fmt.Errorf("card %d in %s", n, where)
		}
		if cards[n].Optional && !s.OptionalCards {
			return fmt.Errorf("optional card %d in %s", n, where)
		}
		if seen.has(n) {
			return fmt.Errorf("card %d (%s) is in two places", n, cards[n].Name)
		}
		seen.set(n)
		return nil
	}
	for p := 0; p < NMajor; p++ {
		if !sort.SliceIsSorted(s.Hands[p], func(i, j int) bool { return s.Hands[p][i] < s.Hands[p][j] }) {
			return fmt.Errorf("%s hand not sorted", powers[p].Name)
		}
		for _, c := range s.Hands[p] {
			if err := mark(int(c), powers[p].Name+" hand"); err != nil {
				return err
			}
			if cards[c].Type == CardHome && cards[c].Power != p {
				return fmt.Errorf("%s holds another power's home card %d", powers[p].Name, c)
			}
		}
	}
	for _, c := range s.Deck {
		if err := mark(int(c), "the deck"); err != nil {
			return err
		}
		if cards[c].Type == CardHome {
			return fmt.Errorf("home card %d in the deck", c)
		}
	}
	for _, c := range s.Discard {
		if err := mark(int(c), "the discard pile"); err != nil {
			return err
		}
	}
	for n := 1; n <= NC; n++ {
		for _, set := range []*cardSet{&s.Removed, &s.OnCard} {
			if set.has(n) {
				if err := mark(n, "removed/power card"); err != nil {
					return err
				}
			}
		}
		if s.OnCard.has(n) && cards[n].Type != CardHome {
			return fmt.Errorf("card %d on a power card is not a home card", n)
		}
	}
	for p := 0; p < NMajor; p++ {
		for _, h := range powers[p].HomeCards {
			if !seen.has(h) {
				return fmt.Errorf("home card %d of %s is nowhere", h, powers[p].Name)
			}
		}
		if r := int(s.Ruler[p]); r >= len(rulers) || rulers[r].Power != p {
			return fmt.Errorf("%s ruler %d", powers[p].Name, r)
		}
	}
	return nil
}

// checkCounters verifies that power p's units fit its counter mix
// (HIS-5a, HIS-5.2a, HIS-5.3a): land units as pieces of 1, 2, 4 and 6
// (regulars and mercenaries or cavalry on the two sides of the same
// pieces, so each kind in each space needs its own pieces), and one
// naval counter per squadron or corsair.
func (s *St) checkCounters(p int) error {
	var amounts []int
	naval := 0
	s.occ[p].each(func(loc int) {
		f := s.Units[loc][p]
		for _, n := range []uint8{f.Reg, f.Merc, f.Cav} {
			if n > 0 {
				amounts = append(amounts, int(n))
			}
		}
		naval += f.Naval()
	})
	amounts = append(amounts, s.foreignAmounts(p)...) // HIS-21.7a
	if p < NMajor && len(s.Flow.Loans) > 0 {
		// Lent squadrons are the lender's pieces (HIS-9.2e).
		naval += s.loanedOut(p) - s.loanedIn(p)
	}
	if naval > powers[p].NavalCounters {
		return fmt.Errorf("%s has %d naval units, more than its %d counters", powers[p].Name, naval, powers[p].NavalCounters)
	}
	if p == Independent {
		return nil
	}
	if !fitsCounters(amounts, p) {
		return fmt.Errorf("%s's land units cannot be shown with its counters", powers[p].Name)
	}
	return nil
}

// fitsGreedily reports whether the largest pieces first show every
// stack with the counters c (1, 2, 4 and 6): when they do the stacks fit;
// when they do not, they may still fit another way (fitsCounters).
func fitsGreedily(amounts []int, c [4]int) bool {
	left := c
	sizes := [4]int{1, 2, 4, 6}
	for _, a := range amounts {
		for k := 3; k >= 0 && a > 0; k-- {
			n := min(a/sizes[k], left[k])
			left[k] -= n
			a -= n * sizes[k]
		}
		if a > 0 {
			return false
		}
	}
	return true
}

// fitsCounters reports whether stacks of the given strengths can all be
// shown at once with power p's land counters. A major power's pieces are
// 1, 2, 4 and 6 (HIS-5.2a); a minor power's are double-sided 1/2 pieces
// plus 4s. A small search over how many 6s, 4s and 2s each stack takes
// keeps the fewest 1s needed.
func fitsCounters(amounts []int, p int) bool {
	pi := &powers[p]
	total := 0
	for _, a := range amounts {
		total += a
	}
	if total > maxLand(p) {
		return false
	}
	if !pi.Major {
		// 4s first where they save pieces; the rest in 1/2 pieces.
		best := map[int]int{0: 0} // fours used -> fewest 1/2 pieces
		for _, a := range amounts {
			next := map[int]int{}
			for f, n := range best {
				for k := 0; 4*k <= a && f+k <= pi.MinorCounters4; k++ {
					need := n + (a-4*k+1)/2
					if old, ok := next[f+k]; !ok || need < old {
						next[f+k] = need
					}
				}
			}
			best = next
		}
		for _, n := range best {
			if n <= pi.MinorCounters12 {
				return true
			}
		}
		return false
	}
	c := pi.LandCounters
	if fitsGreedily(amounts, c) {
		return true // the common case, without the search
	}
	return fitsBySearch(amounts, c)
}

// fitsBySearch is fitsCounters' search for a major power's counters c.
func fitsBySearch(amounts []int, c [4]int) bool {
	// best[x6][x4][x2] = fewest 1s needed; -1 = unreachable.
	n6, n4, n2 := c[3]+1, c[2]+1, c[1]+1
	best := make([]int, n6*n4*n2)
	for i := range best {
		best[i] = -1
	}
	best[0] = 0
	for _, a := range amounts {
		next := make([]int, len(best))
		for i := range next {
			next[i] = -1
		}
		for i, ones := range best {
			if ones < 0 {
				continue
			}
			u6, u4, u2 := i/(n4*n2), i/n2%n4, i%n2
			for k6 := 0; 6*k6 <= a && u6+k6 < n6; k6++ {
				for k4 := 0; 6*k6+4*k4 <= a && u4+k4 < n4; k4++ {
					for k2 := 0; 6*k6+4*k4+2*k2 <= a && u2+k2 < n2; k2++ {
						o := ones + a - 6*k6 - 4*k4 - 2*k2
						if o > c[0] {
							continue
						}
						j := ((u6+k6)*n4+(u4+k4))*n2 + u2 + k2
						if next[j] < 0 || o < next[j] {
							next[j] = o
						}
					}
				}
			}
		}
		best = next
	}
	for _, ones := range best {
		if ones >= 0 {
			return true
		}
	}
	return false
}

// roleOf is the role of a major power.
func roleOf(p int) adjudicator.Role { return adjudicator.Role(powers[p].ID) }

// powerOfRole is the major power of a role, or -1.
func powerOfRole(r adjudicator.Role) int {
	for p := 0; p < NMajor; p++ {
		if string(r) == powers[p].ID {
			return p
		}
	}
	return -1
}

// cardName is how a card reads in reports: "#12 Master of Italy".
func cardName(n int) string { return fmt.Sprintf("#%d %s", n, cards[n].Name) }

// powerList names powers from a bit mask.
func powerList(mask uint16) string {
	var out []string
	for p := 0; p < NPow; p++ {
		if mask&(1<<p) != 0 {
			out = append(out, powers[p].Name)
		}
	}
	return strings.Join(out, ", ")
}
