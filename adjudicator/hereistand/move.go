package hereistand

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Land movement (HIS-13): the move action, interception, avoiding battle
// and withdrawal into fortifications.
//
// Every step is a method on *St that takes the deciding player's choice
// as an argument and returns what happened as event lines, so the turn
// machine can stop between steps to ask a player (interception, avoid
// battle, withdrawal) and resume with the answer. The step in progress
// lives in a Move value, which is plain data the turn machine stores
// with its pending decision. The order of calls is:
//
//	m, err := s.BeginMove(p, formation, to)   // HIS-13.1 steps 1-3
//	s.InterceptOptions(m) / s.Intercept(m, ...) // step 5, per enemy stack
//	s.EnterDestination(m)                     // end of step 5
//	s.AvoidOptions(m, q) / s.AvoidBattle(m, ...) // step 6, per defending power
//	s.CanWithdraw(m) / s.Withdraw(m)          // step 7
//	s.NeedBattle(m) -> s.NewBattle(m) ...     // step 8 (battle.go)

// Part is one power's land units in a stack.
type Part struct {
	Power int
	Force Force // Reg, Merc and Cav only
}

// Formation is a group of land units and army leaders in one space
// (HIS-5.1b): the units of one major power and of minor powers allied
// to it, with that power's army leaders.
type Formation struct {
	At      int
	Parts   []Part
	Leaders []int
}

// Land is the number of land units in the formation.
func (f Formation) Land() int {
	n := 0
	for _, p := range f.Parts {
		n += p.Force.Land()
	}
	return n
}

// cav is the number of cavalry in the formation.
func (f Formation) cav() int {
	n := 0
	for _, p := range f.Parts {
		n += int(p.Force.Cav)
	}
	return n
}

// landOnly reports whether a force holds land units only.
func landOnly(f Force) bool { return f.Sq == 0 && f.Cor == 0 }

// bestBattle is the highest battle rating among army leaders.
func bestBattle(ls []int) int {
	b := 0
	for _, l := range ls {
		if !leaders[l].Naval && leaders[l].Battle > b {
			b = leaders[l].Battle
		}
	}
	return b
}

// Mark counts the units of one power in one location that carry an
// impulse mark (lost a field battle, or tried to intercept).
type Mark struct {
	Loc, Power, N int
}

// LandWar is the land-war bookkeeping of the state: the sieges, and the marks
// that only last for the current impulse (HIS-13.1e-f, HIS-13.2e,
// HIS-15.1a). The turn machine calls St.NewImpulse when an impulse starts.
type LandWar struct {
	// Siege holds the fortified spaces under siege (HIS-15a).
	Siege locSet
	// NewSiege holds the spaces put under siege during this impulse;
	// Assaulted the spaces assaulted during this impulse.
	NewSiege, Assaulted locSet
	// Lost and Tried mark units that lost a field battle or tried to
	// intercept during this impulse; LostLeaders and TriedLeaders do the
	// same for army leaders (bit l for leader l).
	Lost, Tried               []Mark
	LostLeaders, TriedLeaders uint64
}

func (w LandWar) clone() LandWar {
	w.Lost = append([]Mark(nil), w.Lost...)
	w.Tried = append([]Mark(nil), w.Tried...)
	return w
}

// NewImpulse clears the marks that last for one impulse.
func (s *St) NewImpulse() {
	s.Warfare.NewSiege, s.Warfare.Assaulted = locSet{}, locSet{}
	s.Warfare.Lost, s.Warfare.Tried = nil, nil
	s.Warfare.LostLeaders, s.Warfare.TriedLeaders = 0, 0
	s.religionImpulse()
	s.foreignNewImpulse()
	s.Pol.Recruits = false   // Foreign Recruits lasts one impulse (events_politics.go)
	s.Flow.Resp.newImpulse() // Foul Weather and Gout last one impulse (respond.go)
}

func markCount(list []Mark, loc, p int) int {
	for _, m := range list {
		if m.Loc == loc && m.Power == p {
			return m.N
		}
	}
	return 0
}

func addMark(list *[]Mark, loc, p, n int) {
	if n <= 0 {
		return
	}
	for i := range *list {
		if (*list)[i].Loc == loc && (*list)[i].Power == p {
			(*list)[i].N += n
			return
		}
	}
	*list = append(*list, Mark{loc, p, n})
	sort.Slice(*list, func(i, j int) bool {
		a, b := (*list)[i], (*list)[j]
		return a.Loc < b.Loc || a.Loc == b.Loc && a.Power < b.Power
	})
}

// clampMarks keeps a mark no larger than the units it marks.
func (s *St) clampMarks(loc, p int) {
	n := s.Units[loc][p].Land()
	for _, list := range []*[]Mark{&s.Warfare.Lost, &s.Warfare.Tried} {
		out := (*list)[:0]
		for _, m := range *list {
			if m.Loc == loc && m.Power == p {
				m.N = min(m.N, n)
			}
			if m.N > 0 {
				out = append(out, m)
			}
		}
		*list = out
	}
}

// shiftUnits moves land force f of power p from one space to another;
// impulse marks travel with the units, marked units first.
func (s *St) shiftUnits(from, to, p int, f Force) error {
	if err := s.removeUnits(from, p, f); err != nil {
		return err
	}
	s.addUnits(to, p, f)
	for _, list := range []*[]Mark{&s.Warfare.Lost, &s.Warfare.Tried} {
		k := min(markCount(*list, from, p), f.Land())
		if k == 0 {
			continue
		}
		for i := range *list {
			if (*list)[i].Loc == from && (*list)[i].Power == p {
				(*list)[i].N -= k
			}
		}
		addMark(list, to, p, k)
	}
	s.clampMarks(from, p)
	return nil
}

// shiftFits reports whether the counters of the powers of parts could
// still show their units once the parts moved from one space to another
// (HIS-5.2a: change is made only with the pieces a power has).
func (s *St) shiftFits(parts []Part, from, to int) bool {
	c := *s // Units and occ are arrays: c's own copies
	for _, pt := range parts {
		if c.removeUnits(from, pt.Power, pt.Force) != nil {
			return false
		}
		c.addUnits(to, pt.Power, pt.Force)
	}
	for _, pt := range parts {
		if c.checkCounters(pt.Power) != nil {
			return false
		}
	}
	return true
}

// side is the major power a land unit of power q fights for: q itself,
// the major power a minor is allied to, or Independent.
func (s *St) side(q int) int {
	if q < NMajor {
		return q
	}
	if a := s.minorAlly(q); a != NoPower {
		return a
	}
	return Independent
}

// hostile reports whether the units of q fight those of p: enemies, and
// independent units against everyone.
func (s *St) hostile(p, q int) bool {
	return q == Independent && p != Independent || s.Enemy(p, q) || p == Independent && q != Independent
}

// opposedIn reports whether units of q in space sp count as enemy units
// for power p: hostile, or allied to the enemy power controlling sp
// (HIS-13.1c(3)).
func (s *St) opposedIn(p, q, sp int) bool {
	if s.hostile(p, q) {
		return true
	}
	c := s.Controller(sp)
	if c >= NPow || c == Independent || !s.Enemy(p, c) || q == p {
		return false
	}
	sq := s.side(q)
	return sq == c || s.Allied(sq, c) || s.Allied(q, c)
}

// checkFormation verifies that formation f stands where it says, belongs
// to major power p (with allied minors) and may act as one formation.
func (s *St) checkFormation(p int, f Formation) error {
	if f.At < 0 || f.At >= NS {
		return fmt.Errorf("formations stand on land spaces")
	}
	if len(f.Parts) == 0 && len(f.Leaders) == 0 {
		return fmt.Errorf("the formation in %s has no units and no leaders", spaces[f.At].Name)
	}
	var owners []int
	seen := map[int]bool{}
	for _, pt := range f.Parts {
		if pt.Power < 0 || pt.Power >= NPow {
			return fmt.Errorf("unknown power %d", pt.Power)
		}
		if seen[pt.Power] {
			return fmt.Errorf("%s is listed twice in the formation", powers[pt.Power].Name)
		}
		seen[pt.Power] = true
		if !landOnly(pt.Force) {
			return fmt.Errorf("a land formation carries no naval units")
		}
		have := s.Units[f.At][pt.Power]
		if have.Reg < pt.Force.Reg || have.Merc < pt.Force.Merc || have.Cav < pt.Force.Cav {
			return fmt.Errorf("%s does not have %s in %s (it has %s)", powers[pt.Power].Name,
				unitText(pt.Force), spaces[f.At].Name, unitText(have))
		}
		owners = append(owners, pt.Power)
	}
	for _, l := range f.Leaders {
		if l < 0 || l >= len(leaders) {
			return fmt.Errorf("unknown leader %d", l)
		}
		if int(s.Leader[l]) != f.At {
			return fmt.Errorf("%s is not in %s", leaders[l].Name, spaces[f.At].Name)
		}
	}
	return s.CheckFormation(p, owners, f.Land(), f.Leaders)
}

// unitText describes land units: "3 regulars, 1 mercenary".
func unitText(f Force) string {
	var out []string
	add := func(n uint8, one, many string) {
		switch {
		case n == 1:
			out = append(out, "1 "+one)
		case n > 1:
			out = append(out, fmt.Sprintf("%d %s", n, many))
		}
	}
	add(f.Reg, "regular", "regulars")
	add(f.Merc, "mercenary", "mercenaries")
	add(f.Cav, "cavalry", "cavalry")
	if len(out) == 0 {
		return "no land units"
	}
	return strings.Join(out, ", ")
}

// stackLand counts the land units in loc of the powers fighting for major
// power p (p and its allied minors).
func (s *St) stackLand(loc, p int) int {
	n := 0
	for q := 0; q < NPow; q++ {
		if s.side(q) == p {
			n += s.Units[loc][q].Land()
		}
	}
	return n
}

// Inside is the number of land units inside the fortifications of a
// space under siege: the units of the controlling power and its allies.
// The other units in the space are the besiegers.
func (s *St) Inside(sp int) int {
	if !s.Warfare.Siege.has(sp) {
		return 0
	}
	n := 0
	for q := 0; q < NPow; q++ {
		if s.insideSide(sp, q) {
			n += s.Units[sp][q].Land()
		}
	}
	return n
}

// insideSide reports whether units of power q in a besieged space are
// inside its fortifications.
func (s *St) insideSide(sp, q int) bool {
	c := s.Controller(sp)
	if q == c {
		return true
	}
	if c == Independent || q == Independent {
		return false
	}
	sq := s.side(q)
	return sq == c || s.Allied(sq, c) || s.Allied(q, c)
}

// Besiegers is the number of land units besieging space sp.
func (s *St) Besiegers(sp int) int {
	if !s.Warfare.Siege.has(sp) {
		return 0
	}
	n := 0
	for q := 0; q < NPow; q++ {
		if !s.insideSide(sp, q) {
			n += s.Units[sp][q].Land()
		}
	}
	return n
}

// besieged reports whether power q's units in sp are under siege.
func (s *St) besieged(sp, q int) bool { return s.Warfare.Siege.has(sp) && s.insideSide(sp, q) }

// Move is a move action in progress (HIS-13.1).
type Move struct {
	Power    int
	From, To int
	F        Formation
	Pass     bool
	Cost     int // CP: 2 across a pass, else 1
	// Interceptor is the power whose interception succeeded, NoPower if none.
	Interceptor int
	// Tried lists the spaces from which an interception was attempted.
	Tried []int
	// Intercepting are the formations that intercepted into the destination.
	Intercepting []Formation
	// Entered is set once the formation stands in the destination.
	Entered bool
	// Avoided lists the defending powers that have made their avoid-battle decision.
	Avoided []int
	// Withdrawn is set when the defenders withdrew into the fortifications.
	Withdrawn bool
	// LeftSiege is set when the formation left a space it was besieging.
	LeftSiege bool
}

func contains(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// BeginMove checks a move action (HIS-13.1 steps 1-3) and returns it
// with its cost; the state does not change. The formation must stand in
// one space and move to an adjacent one.
func (s *St) BeginMove(p int, f Formation, to int) (*Move, error) {
	if p < 0 || p >= NMajor {
		return nil, fmt.Errorf("only a major power moves formations")
	}
	if err := s.checkFormation(p, f); err != nil {
		return nil, err
	}
	from := f.At
	if to < 0 || to >= NS {
		return nil, fmt.Errorf("land formations move to land spaces")
	}
	if !adjacent(from, to) {
		return nil, fmt.Errorf("%s is not adjacent to %s; from %s a formation may move to %s",
			spaces[to].Name, spaces[from].Name, spaces[from].Name, nbrNames(from))
	}
	for _, pt := range f.Parts {
		// HIS-15a: besieged units do not move.
		if s.besieged(from, pt.Power) {
			return nil, fmt.Errorf("%s units in %s are under siege and may not move", powers[pt.Power].Name, spaces[from].Name)
		}
		// HIS-13.1e: units that lost a field battle this impulse.
		free := s.Units[from][pt.Power].Land() - markCount(s.Warfare.Lost, from, pt.Power)
		if pt.Force.Land() > free {
			return nil, fmt.Errorf("only %d %s land units in %s may move: the others lost a field battle this impulse",
				free, powers[pt.Power].Name, spaces[from].Name)
		}
	}
	for _, l := range f.Leaders {
		if s.Warfare.LostLeaders&(1<<l) != 0 {
			return nil, fmt.Errorf("%s lost a field battle this impulse and may not move", leaders[l].Name)
		}
		if s.besieged(from, p) {
			return nil, fmt.Errorf("%s is under siege in %s and may not move", leaders[l].Name, spaces[from].Name)
		}
	}
	// HIS-13.1f: besiegers who began the siege this impulse stay.
	if s.Warfare.NewSiege.has(from) && !s.insideSide(from, p) {
		return nil, fmt.Errorf("the siege of %s began this impulse: its besiegers may not move until the next impulse", spaces[from].Name)
	}
	if err := s.canEnter(p, to, f.Land() == 0); err != nil {
		return nil, err
	}
	m := &Move{Power: p, From: from, To: to, F: f, Pass: passBetween(from, to), Cost: 1, Interceptor: NoPower}
	if m.Pass {
		m.Cost = 2
	}
	m.LeftSiege = s.Warfare.Siege.has(from) && !s.insideSide(from, p)
	return m, nil
}

func nbrNames(sp int) string {
	var out []string
	for _, e := range spaces[sp].Nbr {
		n := spaces[e.To].Name
		if e.Pass {
			n += " (pass)"
		}
		out = append(out, n)
	}
	return strings.Join(out, ", ")
}

// canEnter checks the destination rules of HIS-13.1b-d and g.
func (s *St) canEnter(p, to int, leadersOnly bool) error {
	name := spaces[to].Name
	c := s.Controller(to)
	if s.electorateBarred(p, to) {
		return fmt.Errorf("no power but the Protestant enters %s, an electorate, before the Schmalkaldic League (HIS-21.6b)", name)
	}
	switch {
	case c == NoPower:
		return fmt.Errorf("%s is not in play", name)
	case c == Independent || c == p:
	case !s.Enemy(p, c) && !s.Allied(p, c):
		return fmt.Errorf("%s is controlled by %s, which is neither at war nor allied with %s", name, powers[c].Name, powers[p].Name)
	}
	var allied, enemy, other bool
	for q := 0; q < NPow; q++ {
		if q == p || s.Units[to][q].Land() == 0 {
			continue
		}
		switch {
		case s.garrisoned(to, q):
			// HIS-13.1d, HIS-22.1c: a passive garrison never bars entry,
			// but leaders alone may not walk in on it.
			enemy = enemy || leadersOnly
		case s.side(q) == p || s.Allied(p, q) || s.Allied(p, s.side(q)):
			allied = true
		case s.opposedIn(p, q, to):
			enemy = true
		default:
			other = true
		}
	}
	if leadersOnly && (enemy || c != Independent && c != p && s.Enemy(p, c)) {
		return fmt.Errorf("army leaders without land units may not enter %s: it is enemy-controlled or holds enemy units", name)
	}
	if other {
		return fmt.Errorf("%s holds land units of a power neither at war nor allied with %s", name, powers[p].Name)
	}
	if allied && enemy && !s.Warfare.Siege.has(to) {
		return fmt.Errorf("%s holds both allied and enemy units", name)
	}
	if s.Warfare.Siege.has(to) {
		// HIS-13.1c(4): inside all allied and besiegers all enemy, or the reverse.
		okIn, okOut := true, true
		for q := 0; q < NPow; q++ {
			if s.Units[to][q].Land() == 0 || q == p {
				continue
			}
			friend := s.side(q) == p || s.Allied(p, q) || s.Allied(p, s.side(q))
			if s.insideSide(to, q) {
				okIn = okIn && friend
				okOut = okOut && s.hostile(p, q)
			} else {
				okIn = okIn && s.hostile(p, q)
				okOut = okOut && friend
			}
		}
		if !okIn && !okOut {
			return fmt.Errorf("%s is under siege by powers on both sides of %s's wars: it may not be entered", name, powers[p].Name)
		}
	}
	return nil
}

// InterceptOption is an enemy stack that may try to intercept a move
// (HIS-13.2): the power, the adjacent space, and the most land units and
// the army leaders that may form the intercepting formation.
type InterceptOption struct {
	Power, From int
	Units       int
	Leaders     []int
}

// InterceptOptions lists the interception attempts still open for move m,
// in Impulse Order and then by space (HIS-13.2a-j). It is empty once the
// formation has entered its destination.
func (s *St) InterceptOptions(m *Move) []InterceptOption {
	if m.Entered || s.cannotBeIntercepted(m) {
		return nil
	}
	var out []InterceptOption
	for q := 0; q < NMajor; q++ {
		if !s.AtWar(q, m.Power) || (m.Interceptor != NoPower && m.Interceptor != q) {
			continue
		}
		if !s.mayInterceptInto(q, m) {
			continue
		}
		for _, e := range spaces[m.To].Nbr {
			y := int(e.To)
			if e.Pass || contains(m.Tried, y) {
				continue
			}
			if m.LeftSiege && y == m.From {
				continue // HIS-13.2f, ruling: formerly besieged units stay
			}
			n, ls := s.interceptors(q, y)
			if n > 0 || len(ls) > 0 {
				out = append(out, InterceptOption{Power: q, From: y, Units: n, Leaders: ls})
			}
		}
	}
	return out
}

// cannotBeIntercepted: HIS-13.2h-i limits that hold whoever intercepts.
func (s *St) cannotBeIntercepted(m *Move) bool {
	to := m.To
	if s.fortified(to) && s.Friendly(to, m.Power) && !s.Warfare.Siege.has(to) {
		return true // HIS-13.2h
	}
	if s.Warfare.Siege.has(to) {
		for q := 0; q < NPow; q++ {
			if q != m.Power && s.Units[to][q].Land() > 0 && s.insideSide(to, q) {
				return true // HIS-13.2i: units there are under siege
			}
		}
	}
	return false
}

// mayInterceptInto: HIS-13.2i-j for intercepting power q.
func (s *St) mayInterceptInto(q int, m *Move) bool {
	to := m.To
	for r := 0; r < NPow; r++ {
		if s.Units[to][r].Land() == 0 {
			continue
		}
		if sr := s.side(r); sr != q && !s.Allied(sr, q) {
			return false
		}
	}
	c := s.Controller(to)
	return c == Independent || c == q || s.Enemy(q, c) || s.Allied(q, c)
}

// interceptors counts the land units of q's side in y that may still try
// to intercept, and lists its army leaders there that may.
func (s *St) interceptors(q, y int) (int, []int) {
	n := 0
	for r := 0; r < NPow; r++ {
		if s.side(r) != q || s.besieged(y, r) {
			continue
		}
		n += s.Units[y][r].Land() - markCount(s.Warfare.Tried, y, r)
	}
	var ls []int
	if !s.besieged(y, q) {
		for _, l := range s.leadersAt(y, q) {
			if !leaders[l].Naval && s.Warfare.TriedLeaders&(1<<l) == 0 {
				ls = append(ls, l)
			}
		}
	}
	return n, ls
}

// InterceptRoll is the target arithmetic of an interception or avoid
// battle roll: two dice plus the modifier, 9 or more succeeds.
const InterceptRoll = 9

// interceptMod is the modifier of HIS-13.2m / HIS-13.3f for a stack of
// power q with the given leaders and cavalry, facing a stack with or
// without Ottoman cavalry.
func interceptMod(q int, ls []int, ownCav bool, facesOttomanCav bool) int {
	mod := bestBattle(ls)
	if q == Ottoman && ownCav {
		mod++
	}
	if q != Ottoman && facesOttomanCav {
		mod--
	}
	return mod
}

func ottomanCav(f Formation) bool {
	for _, p := range f.Parts {
		if p.Power == Ottoman && p.Force.Cav > 0 {
			return true
		}
	}
	return false
}

// Intercept resolves one interception attempt by formation f of power q
// against move m (HIS-13.2 steps 1-3): two dice plus the best battle
// rating in f, +1 for Ottoman cavalry in f, -1 for a non-Ottoman against
// Ottoman cavalry; 9 or more succeeds and places f in the destination.
func (s *St) Intercept(m *Move, q int, f Formation, dice adjudicator.Dice) (bool, []string, error) {
	ok := false
	for _, o := range s.InterceptOptions(m) {
		if o.Power == q && o.From == f.At {
			ok = true
		}
	}
	if !ok {
		return false, nil, fmt.Errorf("%s may not intercept into %s from %s; open attempts: %s",
			powers[q].Name, spaces[m.To].Name, locNameSafe(f.At), s.interceptText(m))
	}
	if err := s.checkFormation(q, f); err != nil {
		return false, nil, err
	}
	if f.Land() == 0 {
		return false, nil, fmt.Errorf("an intercepting formation needs land units")
	}
	for _, pt := range f.Parts {
		free := s.Units[f.At][pt.Power].Land() - markCount(s.Warfare.Tried, f.At, pt.Power)
		if pt.Force.Land() > free {
			return false, nil, fmt.Errorf("only %d %s units in %s may still intercept this impulse", free, powers[pt.Power].Name, spaces[f.At].Name)
		}
	}
	if !s.shiftFits(f.Parts, f.At, m.To) {
		return false, nil, fmt.Errorf("%s's counters cannot show %d units split off its units in %s (HIS-5.2a)",
			powers[q].Name, f.Land(), spaces[f.At].Name)
	}
	m.Tried = append(m.Tried, f.At)
	mod := interceptMod(q, f.Leaders, f.cav() > 0 && q == Ottoman, ottomanCav(m.F))
	a, b := dice.Roll("interception", 6), dice.Roll("interception", 6)
	total := a + b + mod
	for _, pt := range f.Parts {
		addMark(&s.Warfare.Tried, f.At, pt.Power, pt.Force.Land())
	}
	for _, l := range f.Leaders {
		s.Warfare.TriedLeaders |= 1 << l
	}
	log := []string{fmt.Sprintf("%s tries to intercept from %s into %s: %d+%d%+d = %d", powers[q].Name,
		spaces[f.At].Name, spaces[m.To].Name, a, b, mod, total)}
	if total < InterceptRoll {
		log = append(log, fmt.Sprintf("the interception fails (9 needed)"))
		return false, log, nil
	}
	for _, pt := range f.Parts {
		if err := s.shiftUnits(f.At, m.To, pt.Power, pt.Force); err != nil {
			return false, nil, err
		}
	}
	for _, l := range f.Leaders {
		s.Leader[l] = int16(m.To)
	}
	log = append(log, s.recheckSiege(f.At)...)
	m.Interceptor = q
	g := f
	g.At = m.To
	m.Intercepting = append(m.Intercepting, g)
	log = append(log, fmt.Sprintf("the interception succeeds: %s stand in %s", unitsText(f), spaces[m.To].Name))
	return true, log, nil
}

func locNameSafe(loc int) string {
	if loc < 0 || loc >= NLoc {
		return fmt.Sprintf("location %d", loc)
	}
	return locName(loc)
}

func (s *St) interceptText(m *Move) string {
	var out []string
	for _, o := range s.InterceptOptions(m) {
		out = append(out, fmt.Sprintf("%s from %s (%d units)", powers[o.Power].Name, spaces[o.From].Name, o.Units))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, "; ")
}

// unitsText lists a formation's units, each power's named ("Hapsburg 4
// regulars, Papacy 1 regular, Charles V").
func unitsText(f Formation) string { return unitsOf(NoPower, f) }

// unitsOf is unitsText for power p's own formation: p's own units are
// not named after it ("Hapsburg moves 4 regulars, Charles V"), its
// allies' units are ("2 regulars, Papacy 1 regular").
func unitsOf(p int, f Formation) string {
	var out []string
	for _, pt := range f.Parts {
		if pt.Force.Land() > 0 {
			if pt.Power == p {
				out = append(out, unitText(pt.Force))
			} else {
				out = append(out, powers[pt.Power].Name+" "+unitText(pt.Force))
			}
		}
	}
	for _, l := range f.Leaders {
		out = append(out, leaders[l].Name)
	}
	return strings.Join(out, ", ")
}

// EnterDestination places the moving formation in its destination
// (the end of HIS-13.1 step 5): enemy army leaders alone there are
// captured (HIS-13.1h), a siege the formation left may break (HIS-15.3a),
// and an enemy fortified space with no defenders is put under siege.
func (s *St) EnterDestination(m *Move) ([]string, error) {
	if m.Entered {
		return nil, fmt.Errorf("the formation already stands in %s", spaces[m.To].Name)
	}
	for _, pt := range m.F.Parts {
		if err := s.shiftUnits(m.From, m.To, pt.Power, pt.Force); err != nil {
			return nil, err
		}
	}
	for _, l := range m.F.Leaders {
		s.Leader[l] = int16(m.To)
	}
	m.Entered = true
	m.F.At = m.To
	log := []string{fmt.Sprintf("%s moves %s from %s to %s", powers[m.Power].Name, unitsOf(m.Power, m.F), spaces[m.From].Name, spaces[m.To].Name)}
	if m.F.Land() > 0 {
		log = append(log, s.captureLoneLeaders(m.To, m.Power)...)
	}
	if m.LeftSiege {
		log = append(log, s.recheckSiege(m.From)...)
	}
	if m.Interceptor == NoPower {
		log = append(log, s.checkNewSiege(m)...)
	}
	return log, nil
}

// captureLoneLeaders captures the army leaders of powers hostile to p
// that stand in sp without land units of their side (HIS-13.1h).
func (s *St) captureLoneLeaders(sp, p int) []string {
	var log []string
	for l, at := range s.Leader {
		if int(at) != sp || leaders[l].Naval {
			continue
		}
		q := leaderPower(s, l)
		if q == NoPower || !s.hostile(p, q) || s.stackLand(sp, q) > 0 {
			continue
		}
		log = append(log, s.capture(l, p))
	}
	return log
}

// capture places leader l on the power card of captor's side.
func (s *St) capture(l, captor int) string {
	c := s.side(captor)
	if c >= NMajor {
		// No power card to hold the leader: it goes home instead.
		if at := int(s.Leader[l]); at >= 0 && at < NS {
			if to := s.NearestFortified(leaderPower(s, l), at); to >= 0 {
				s.Leader[l] = int16(to)
				return fmt.Sprintf("%s escapes to %s", leaders[l].Name, spaces[to].Name)
			}
		}
		s.Leader[l] = LeaderRemoved
		return fmt.Sprintf("%s is removed from play", leaders[l].Name)
	}
	s.Leader[l], s.Captor[l] = LeaderCaptured, uint8(c)
	s.Warfare.LostLeaders &^= 1 << l
	return fmt.Sprintf("%s is captured by %s", leaders[l].Name, powers[c].Name)
}

// defenders lists the powers with land units in the destination that
// are hostile to the moving power and not inside besieged fortifications.
func (s *St) defenders(m *Move) []int {
	var out []int
	for q := 0; q < NPow; q++ {
		if s.Units[m.To][q].Land() == 0 || !s.opposedIn(m.Power, q, m.To) || s.besieged(m.To, q) {
			continue
		}
		if s.garrisoned(m.To, q) {
			continue // HIS-22.1c: a passive garrison withdraws into its fortifications
		}
		out = append(out, q)
	}
	return out
}

// AvoidPowers lists the major powers that may still decide to avoid
// battle in the destination of m (HIS-13.3a, e): none after a successful
// interception (HIS-13.1k).
func (s *St) AvoidPowers(m *Move) []int {
	if !m.Entered || m.Interceptor != NoPower || m.Withdrawn {
		return nil
	}
	var out []int
	for _, q := range s.defenders(m) {
		sq := s.side(q)
		if sq < NMajor && !contains(out, sq) && !contains(m.Avoided, sq) {
			out = append(out, sq)
		}
	}
	sort.Ints(out)
	return out
}

// AvoidOptions lists the spaces power q's units may avoid battle into
// (HIS-13.3b-c).
func (s *St) AvoidOptions(m *Move, q int) []int {
	var out []int
	for _, e := range spaces[m.To].Nbr {
		y := int(e.To)
		if y == m.From || s.InUnrest(y) || s.enemyUnitsIn(y, q) || s.electorateBarred(q, y) {
			continue
		}
		c := s.Controller(y)
		if c == NoPower || c == Independent || c != q && !s.Allied(c, q) {
			continue
		}
		out = append(out, y)
	}
	return out
}

// AvoidBattle resolves power q's attempt to avoid battle with the units
// and leaders in parts/ls to space to (HIS-13.3 steps 2-5). An empty
// attempt (no units, no leaders) records that q stays to fight.
func (s *St) AvoidBattle(m *Move, q int, to int, parts []Part, ls []int, dice adjudicator.Dice) (bool, []string, error) {
	if !contains(s.AvoidPowers(m), q) {
		return false, nil, fmt.Errorf("%s may not avoid battle in %s now", powers[q].Name, spaces[m.To].Name)
	}
	if len(parts) == 0 && len(ls) == 0 {
		m.Avoided = append(m.Avoided, q)
		return false, []string{fmt.Sprintf("%s stands to fight in %s", powers[q].Name, spaces[m.To].Name)}, nil
	}
	if !contains(s.AvoidOptions(m, q), to) {
		return false, nil, fmt.Errorf("%s may not avoid battle into %s; it may avoid into %s",
			powers[q].Name, locNameSafe(to), namesOf(s.AvoidOptions(m, q)))
	}
	allLost := true
	cav := false
	for _, pt := range parts {
		if pt.Power < 0 || pt.Power >= NPow || s.side(pt.Power) != q || !landOnly(pt.Force) {
			return false, nil, fmt.Errorf("only %s land units avoid battle with %s", powers[q].Name, powers[q].Name)
		}
		have := s.Units[m.To][pt.Power]
		if have.Reg < pt.Force.Reg || have.Merc < pt.Force.Merc || have.Cav < pt.Force.Cav {
			return false, nil, fmt.Errorf("%s does not have %s in %s", powers[pt.Power].Name, unitText(pt.Force), spaces[m.To].Name)
		}
		if markCount(s.Warfare.Lost, m.To, pt.Power) < pt.Force.Land() {
			allLost = false
		}
		cav = cav || pt.Force.Cav > 0
	}
	for _, l := range ls {
		if int(s.Leader[l]) != m.To || leaderPower(s, l) != q || leaders[l].Naval {
			return false, nil, fmt.Errorf("%s is not a %s army leader in %s", leaders[l].Name, powers[q].Name, spaces[m.To].Name)
		}
		if s.Warfare.LostLeaders&(1<<l) == 0 {
			allLost = false
		}
	}
	m.Avoided = append(m.Avoided, q)
	var log []string
	if allLost {
		log = append(log, fmt.Sprintf("%s avoids battle without a roll: every unit trying lost a battle this impulse", powers[q].Name))
	} else {
		mod := interceptMod(q, ls, cav, ottomanCav(m.F))
		a, b := dice.Roll("avoid battle", 6), dice.Roll("avoid battle", 6)
		total := a + b + mod
		log = append(log, fmt.Sprintf("%s tries to avoid battle into %s: %d+%d%+d = %d", powers[q].Name, spaces[to].Name, a, b, mod, total))
		if total < InterceptRoll {
			log = append(log, "the attempt fails (9 needed)")
			return false, log, nil
		}
	}
	for _, pt := range parts {
		if err := s.shiftUnits(m.To, to, pt.Power, pt.Force); err != nil {
			return false, nil, err
		}
	}
	for _, l := range ls {
		s.Leader[l] = int16(to)
	}
	log = append(log, fmt.Sprintf("%s avoid battle into %s", unitsText(Formation{Parts: parts, Leaders: ls}), spaces[to].Name))
	log = append(log, s.captureLoneLeaders(m.To, m.Power)...)
	log = append(log, s.recheckSiege(m.To)...)
	if len(s.defenders(m)) == 0 {
		log = append(log, s.checkNewSiege(m)...)
	}
	return true, log, nil
}

func namesOf(list []int) string {
	if len(list) == 0 {
		return "nowhere"
	}
	var out []string
	for _, x := range list {
		out = append(out, locName(x))
	}
	return strings.Join(out, ", ")
}

// CanWithdraw says whether the defenders in the destination of m may
// withdraw into its fortifications (HIS-13.4a) and which power decides.
func (s *St) CanWithdraw(m *Move) (int, error) {
	name := spaces[m.To].Name
	c := s.Controller(m.To)
	switch {
	case !m.Entered || m.Withdrawn:
		return NoPower, fmt.Errorf("no withdrawal is open in %s", name)
	case m.Interceptor != NoPower:
		return NoPower, fmt.Errorf("intercepting units in %s must fight (HIS-13.2p)", name)
	case len(s.AvoidPowers(m)) > 0:
		return NoPower, fmt.Errorf("avoid battle comes first in %s", name)
	case !s.fortified(m.To):
		return NoPower, fmt.Errorf("%s is not fortified", name)
	case !s.hostile(m.Power, c) || c == Independent:
		return NoPower, fmt.Errorf("%s is not controlled by an enemy of %s", name, powers[m.Power].Name)
	}
	defs := s.defenders(m)
	if len(defs) == 0 {
		return NoPower, fmt.Errorf("no enemy land units stand in %s", name)
	}
	n := 0
	for _, q := range defs {
		n += s.Units[m.To][q].Land()
	}
	if n > 4 {
		return NoPower, fmt.Errorf("%d land units are in %s: at most 4 may withdraw into the fortifications", n, name)
	}
	return c, nil
}

// Withdraw moves every defender in the destination of m into its
// fortifications (HIS-13.4b): no field battle this impulse. When the
// moving formation has more land units than those inside, the space is
// under siege; otherwise the moving power must continue or fall back
// (HIS-13.4c), see FallBack.
func (s *St) Withdraw(m *Move) (besieged bool, log []string, err error) {
	if _, err := s.CanWithdraw(m); err != nil {
		return false, nil, err
	}
	m.Withdrawn = true
	inside := 0
	for _, q := range s.defenders(m) {
		inside += s.Units[m.To][q].Land()
	}
	log = []string{withdrawText(inside, "", m.To)}
	if m.F.Land() > inside {
		s.Warfare.Siege.set(m.To)
		s.Warfare.NewSiege.set(m.To)
		return true, append(log, fmt.Sprintf("%s is under siege", spaces[m.To].Name)), nil
	}
	return false, append(log, fmt.Sprintf("%s does not outnumber the garrison of %s: it must move on or fall back to %s",
		powers[m.Power].Name, spaces[m.To].Name, spaces[m.From].Name)), nil
}

// MustLeave reports whether the moving formation, having failed to
// outnumber a garrison that withdrew (HIS-13.4c), must move on or fall
// back.
func (s *St) MustLeave(m *Move) bool {
	return m.Withdrawn && !s.Warfare.Siege.has(m.To) && s.stackLand(m.To, m.Power) > 0
}

// FallBack retreats the formation of m to the space it came from, at no
// CP cost, under the retreat restrictions (HIS-13.4c(2), HIS-14.1c);
// with no legal space the formation is eliminated and its leaders
// captured. Moving on instead (HIS-13.4c(1)) is a new BeginMove from the
// destination, which the turn machine charges.
func (s *St) FallBack(m *Move) []string {
	f := m.F
	f.At = m.To
	if s.retreatLegal(m.Power, m.From, NoPower) {
		s.moveFormation(f, m.From)
		return []string{fmt.Sprintf("%s fall back to %s", unitsText(f), spaces[m.From].Name)}
	}
	return s.destroy(f, s.Controller(m.To))
}

// moveFormation moves formation f to space to.
func (s *St) moveFormation(f Formation, to int) {
	for _, pt := range f.Parts {
		_ = s.shiftUnits(f.At, to, pt.Power, pt.Force)
	}
	for _, l := range f.Leaders {
		s.Leader[l] = int16(to)
	}
}

// destroy eliminates formation f and has captor capture its leaders.
func (s *St) destroy(f Formation, captor int) []string {
	log := []string{fmt.Sprintf("%s in %s have no legal retreat and are eliminated", unitsText(f), spaces[f.At].Name)}
	for _, pt := range f.Parts {
		_ = s.removeUnits(f.At, pt.Power, pt.Force)
		s.clampMarks(f.At, pt.Power)
	}
	for _, l := range f.Leaders {
		log = append(log, s.capture(l, captor))
	}
	return log
}

// checkNewSiege puts an enemy fortified space under siege when the moving
// formation stands in it with no enemy field units left there and
// outnumbers those inside (HIS-13.4b, HIS-15.1c for empty spaces).
func (s *St) checkNewSiege(m *Move) []string {
	to := m.To
	c := s.Controller(to)
	if !s.fortified(to) || !s.hostile(m.Power, c) || s.Warfare.Siege.has(to) || len(s.defenders(m)) > 0 {
		return nil
	}
	inside := 0
	for q := 0; q < NPow; q++ {
		if s.insideSide(to, q) {
			inside += s.Units[to][q].Land()
		}
	}
	var log []string
	if g := int(s.Ctrl[to]); s.garrisoned(to, g) && m.F.Land() > 0 {
		// HIS-22.1c, HIS-22.6b: inactive minor and independent units
		// always withdraw into their fortifications.
		m.Withdrawn = true
		log = append(log, withdrawText(s.Units[to][g].Land(), powers[g].Name+" ", to))
	}
	if s.stackLand(to, m.Power) > inside {
		s.Warfare.Siege.set(to)
		s.Warfare.NewSiege.set(to)
		return append(log, fmt.Sprintf("%s is under siege", spaces[to].Name))
	}
	if m.Withdrawn {
		log = append(log, fmt.Sprintf("%s does not outnumber the garrison of %s: it must move on or fall back to %s",
			powers[m.Power].Name, spaces[to].Name, spaces[m.From].Name))
	}
	return log
}

// NeedBattle reports whether a field battle follows the move (HIS-13.1n):
// enemy land units stand in the destination outside any fortifications.
func (s *St) NeedBattle(m *Move) bool {
	return m.Entered && !m.Withdrawn && len(s.AvoidPowers(m)) == 0 && len(s.defenders(m)) > 0 && m.F.Land() > 0
}

// withdrawText tells that n units (of the power named by adj, with a
// trailing space, or "") withdraw into the fortifications of sp.
func withdrawText(n int, adj string, sp int) string {
	if n == 1 {
		return "1 " + adj + "unit withdraws into the fortifications of " + spaces[sp].Name
	}
	return fmt.Sprintf("%d %sunits withdraw into the fortifications of %s", n, adj, spaces[sp].Name)
}
