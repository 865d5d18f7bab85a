package hereistand

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Naval movement and naval combat (HIS-16.1, HIS-16.2). One naval move
// action moves any of the power's naval units, whole stacks or the ships
// named, to adjacent locations; enemy powers are then asked, in Impulse Order,
// whether to intercept into the sea zones entered, and the enemies in
// those zones whether to avoid battle; combats follow in every location
// where the mover meets an enemy. Naval transport is in transport.go
// (HIS-16.3), piracy in piracy.go (HIS-16.4).

// NavalMove is a naval move action in progress.
type NavalMove struct {
	Power int
	// Dest lists the locations entered, in the order of the order line;
	// Vertical the sea zones among them where the mover had no naval unit
	// before (HIS-16.1h), which may be intercepted and avoided.
	Dest, Vertical []int
	// Intercepted lists the sea zones into which an interception
	// succeeded; Tried the attempts made, as location*NLoc+destination.
	Intercepted, Tried []int
	// Declined holds the powers that declined to intercept; Avoided the
	// avoid-battle decisions made, as power*NLoc+zone.
	Declined uint16
	Avoided  []int
	// Stage: 0 interception, 1 avoid battle, 2 combat.
	Stage int
}

func cloneNaval(n NavalMove) NavalMove {
	n.Dest = append([]int(nil), n.Dest...)
	n.Vertical = append([]int(nil), n.Vertical...)
	n.Intercepted = append([]int(nil), n.Intercepted...)
	n.Tried = append([]int(nil), n.Tried...)
	n.Avoided = append([]int(nil), n.Avoided...)
	return n
}

// matchLoc finds a land space or a sea zone by ID, name or prefix.
func matchLoc(in string) (int, error) {
	loadNames()
	in = strings.TrimSpace(in)
	if in == "" {
		return 0, fmt.Errorf("a space or sea zone is missing")
	}
	if loc, ok := exactLoc[orders.Norm(in)]; ok {
		return loc, nil
	}
	id, err := orders.Match(in, "space or sea zone", locNames)
	if err != nil {
		return 0, err
	}
	loc, _ := locByID(id)
	return loc, nil
}

// navalAdjacent reports whether naval units may move from a to b
// (HIS-16.1b-c): port to one of its sea zones, sea zone to an adjacent
// zone or to a port on it.
func navalAdjacent(a, b int) bool {
	switch {
	case isSea(a) && isSea(b):
		return seaAdj[a-NS][b-NS]
	case isSea(a):
		return isPortOn(b, a-NS)
	case isSea(b):
		return isPortOn(a, b-NS)
	}
	return false
}

// navalNbrs lists the locations adjacent to loc for naval units.
func navalNbrs(loc int) []int {
	var out []int
	if isSea(loc) {
		z := loc - NS
		for _, y := range seas[z].Adj {
			out = append(out, seaLoc(y))
		}
		out = append(out, seas[z].Ports...)
	} else {
		for _, z := range spaces[loc].Seas {
			out = append(out, seaLoc(z))
		}
	}
	sort.Ints(out)
	return out
}

// enemyNavalIn reports whether loc holds naval units of an enemy of p.
func (s *St) enemyNavalIn(loc, p int) bool {
	for q := 0; q < Independent; q++ {
		if q != p && s.Units[loc][q].Naval() > 0 && s.Enemy(p, q) {
			return true
		}
	}
	return false
}

// canNavalEnter says whether power p's naval units may move into loc: a
// sea zone, a port it controls, or a port holding enemy naval units
// (HIS-16.1d).
func (s *St) canNavalEnter(p, loc int) error {
	if isSea(loc) {
		return nil
	}
	if s.Controller(loc) == p || s.enemyNavalIn(loc, p) {
		return nil
	}
	return fmt.Errorf("%s may enter %s only when enemy ships are there (HIS-16.1d)", powers[p].Name, spaces[loc].Name)
}

// navalLeaders lists power p's naval leaders in loc.
func (s *St) navalLeaders(p, loc int) []int {
	var out []int
	for _, l := range s.leadersAt(loc, p) {
		if leaders[l].Naval {
			out = append(out, l)
		}
	}
	return out
}

// bestNaval is the best battle rating among the naval leaders of p's
// side in loc.
func bestNaval(s *St, p, loc int) int {
	b := 0
	for _, l := range s.sideLeaders(loc, p) {
		b = max(b, leaders[l].Battle)
	}
	return b
}

// shiftNaval moves power p's naval units and naval leaders from a to b.
func (s *St) shiftNaval(p, a, b int) {
	u := s.Units[a][p]
	f := Force{Sq: u.Sq, Cor: u.Cor}
	_ = s.removeUnits(a, p, f)
	s.addUnits(b, p, f)
	for _, l := range s.navalLeaders(p, a) {
		s.Leader[l] = int16(b)
	}
}

// navalSide lists the powers whose ships act as one with major power p's
// (HIS-16.1a, HIS-22.3a): p and the minor powers actively allied to it.
// A minor power or the independents stand alone.
func (s *St) navalSide(p int) []int {
	out := []int{p}
	if p < NMajor {
		for q := NMajor; q < Independent; q++ {
			if s.minorAlly(q) == p {
				out = append(out, q)
			}
		}
	}
	return out
}

// sideNaval is the naval force of p's side in loc.
func (s *St) sideNaval(loc, p int) Force {
	u := s.Units[loc][p]
	f := Force{Sq: u.Sq, Cor: u.Cor}
	if p < NMajor {
		for q := NMajor; q < Independent; q++ {
			if u := s.Units[loc][q]; u.Naval() > 0 && s.minorAlly(q) == p {
				f.Sq += u.Sq
				f.Cor += u.Cor
			}
		}
	}
	return f
}

// sideLeaders lists the naval leaders of p's side in loc.
func (s *St) sideLeaders(loc, p int) []int {
	var out []int
	for _, q := range s.navalSide(p) {
		out = append(out, s.navalLeaders(q, loc)...)
	}
	return out
}

// shiftSide moves the ships and naval leaders of p's side from a to b.
func (s *St) shiftSide(p, a, b int) {
	for _, q := range s.navalSide(p) {
		if s.Units[a][q].Naval() > 0 || len(s.navalLeaders(q, a)) > 0 {
			s.shiftNaval(q, a, b)
		}
	}
}

// atlanticBarred reports whether ships of power q, or naval leader l
// (-1: none), may never enter loc (HIS-16.1g): Genoese and Venetian ships
// and Andrea Doria never sail into the Atlantic Ocean, the seed's "North
// Atlantic" (ruling A21).
func atlanticBarred(loc, q, l int) bool {
	if atlanticZone < 0 || loc != seaLoc(atlanticZone) {
		return false
	}
	if q == Genoa || q == Venice {
		return true
	}
	return l >= 0 && leaders[l].ID == "andrea_doria"
}

// sideBarred reports whether anything of p's side in from is barred from
// entering to (HIS-16.1g).
func (s *St) sideBarred(from, p, to int) bool {
	for _, q := range s.navalSide(p) {
		if s.Units[from][q].Naval() > 0 && atlanticBarred(to, q, -1) {
			return true
		}
	}
	for _, l := range s.sideLeaders(from, p) {
		if atlanticBarred(to, NoPower, l) {
			return true
		}
	}
	return false
}

// navalAction starts a naval move action (HIS-16.1h). Each move of the
// order takes the ships it names, or the whole stack (with the ships of
// the power's active minor allies, HIS-16.1a), from one location to an
// adjacent one; a location may send ships to several places. Naval
// leaders go where they are named; the others stay with the ships left
// behind or, when none stay, sail with the first move out (HIS-16.1e).
func (r *run) navalAction(p int, o order) error {
	s := r.s
	if ActionCost(p, ActNavalMove) == 0 {
		return fmt.Errorf("%s has no navy (HIS-11.1c)", powers[p].Name)
	}
	type lift struct {
		from, to int
		parts    []Part
		ls       []int
	}
	side := s.navalSide(p)
	var lifts []lift
	moved := map[[2]int]Force{} // location, power
	whole := map[int]bool{}
	used := map[int]bool{}
	named := map[int]bool{}
	for i, mv := range o.navals {
		from, to := mv[0], mv[1]
		var fl fleet
		if i < len(o.fleets) {
			fl = o.fleets[i]
		}
		have := s.Units[from][p]
		switch {
		case s.sideNaval(from, p).Naval() == 0:
			return errLegal(s.navalMoves(p), "%s has no naval units in %s", powers[p].Name, locName(from))
		case !navalAdjacent(from, to):
			return errLegal(s.navalMoves(p), "%s is not next to %s for ships", locName(to), locName(from))
		case s.Flow.Beaten.has(from):
			return fmt.Errorf("the ships in %s lost a naval battle this impulse (HIS-16.1f)", locName(from))
		case whole[from] || fl.ships.empty() && used[from]:
			return fmt.Errorf("%s is named twice: its whole stack moves once", locName(from))
		}
		if err := s.canNavalEnter(p, to); err != nil {
			return errLegal(s.navalMoves(p), "%v", err)
		}
		used[from] = true
		var parts []Part
		if fl.ships.empty() {
			whole[from] = true
			for _, q := range side {
				if u := s.Units[from][q]; u.Naval() > 0 {
					parts = append(parts, Part{q, Force{Sq: u.Sq, Cor: u.Cor}})
				}
			}
		} else {
			parts = []Part{{p, fl.ships}}
		}
		for _, pt := range parts {
			k := [2]int{from, pt.Power}
			m := moved[k]
			m.Sq += pt.Force.Sq
			m.Cor += pt.Force.Cor
			if m.Sq > s.Units[from][pt.Power].Sq || m.Cor > s.Units[from][pt.Power].Cor {
				return fmt.Errorf("%s has only %s in %s", powers[p].Name, navalText(Force{Sq: have.Sq, Cor: have.Cor}), locName(from))
			}
			moved[k] = m
		}
		for _, l := range fl.leaders {
			switch {
			case !leaders[l].Naval:
				return fmt.Errorf("%s is not a naval leader", leaders[l].Name)
			case !contains(side, leaderPower(s, l)):
				return fmt.Errorf("%s does not sail with %s", leaders[l].Name, powers[p].Name)
			case int(s.Leader[l]) != from:
				return fmt.Errorf("%s is not in %s", leaders[l].Name, locName(from))
			case named[l]:
				return fmt.Errorf("%s is named twice", leaders[l].Name)
			}
			named[l] = true
		}
		lifts = append(lifts, lift{from, to, parts, append([]int(nil), fl.leaders...)})
	}
	// stays reports whether ships of p's side stay in loc.
	stays := func(loc int) bool {
		for _, q := range side {
			have, m := s.Units[loc][q], moved[[2]int{loc, q}]
			if have.Sq > m.Sq || have.Cor > m.Cor {
				return true
			}
		}
		return false
	}
	// HIS-16.1e: a leader left without ships sails with the first move out.
	for i := range lifts {
		from := lifts[i].from
		if stays(from) {
			continue
		}
		for _, l := range s.sideLeaders(from, p) {
			if !named[l] {
				named[l] = true
				lifts[i].ls = append(lifts[i].ls, l)
			}
		}
	}
	for _, l := range lifts {
		for _, pt := range l.parts {
			if atlanticBarred(l.to, pt.Power, -1) {
				return fmt.Errorf("%s ships may never enter the %s (HIS-16.1g): name %s's own ships to leave them behind",
					powers[pt.Power].Name, locName(l.to), powers[p].Name)
			}
		}
		for _, x := range l.ls {
			if atlanticBarred(l.to, NoPower, x) {
				return fmt.Errorf("%s may never enter the %s (HIS-16.1g)", leaders[x].Name, locName(l.to))
			}
		}
	}
	if err := s.respondBars(RespNaval, nil); err != nil {
		return err
	}
	if err := r.spend(p, ActNavalMove); err != nil {
		return err
	}
	if r.respond(RespNaval, p, lifts[0].to, ActionCost(p, ActNavalMove), o, nil) {
		return nil // HIS-16.1i: Foul Weather first
	}
	n := &NavalMove{Power: p}
	for _, l := range lifts {
		if isSea(l.to) && !stays(l.to) && !contains(n.Vertical, l.to) {
			n.Vertical = append(n.Vertical, l.to)
		}
	}
	// The ships move together: lift them all, then put them down.
	for _, l := range lifts {
		var what []string
		for _, pt := range l.parts {
			_ = s.removeUnits(l.from, pt.Power, pt.Force)
			w := navalText(pt.Force)
			if pt.Power != p {
				w += " of " + powerName(pt.Power)
			}
			what = append(what, w)
		}
		text := strings.Join(what, ", ")
		if len(l.ls) > 0 {
			text += " with " + leaderNames(l.ls)
		}
		r.say("%s moves %s from %s to %s.", powers[p].Name, text, locName(l.from), locName(l.to))
	}
	for _, l := range lifts {
		for _, pt := range l.parts {
			s.addUnits(l.to, pt.Power, pt.Force)
		}
		for _, x := range l.ls {
			s.Leader[x] = int16(l.to)
		}
		if !contains(n.Dest, l.to) {
			n.Dest = append(n.Dest, l.to)
		}
	}
	s.Flow.Naval = n
	r.continueNaval()
	return nil
}

// leaderNames lists leaders by name.
func leaderNames(ls []int) string {
	var out []string
	for _, l := range ls {
		out = append(out, leaders[l].Name)
	}
	return strings.Join(out, ", ")
}

func navalText(f Force) string {
	var out []string
	if f.Sq > 0 {
		out = append(out, plural(int(f.Sq), "squadron", "squadrons"))
	}
	if f.Cor > 0 {
		out = append(out, plural(int(f.Cor), "corsair", "corsairs"))
	}
	if len(out) == 0 {
		return "no ships"
	}
	return strings.Join(out, ", ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// navalIntercept is an open naval interception attempt.
type navalIntercept struct{ Power, From, Dest int }

// navalInterceptOptions lists the attempts still open (HIS-16.1j): enemy
// ships next to a sea zone the mover entered with no ships there before,
// not from a location holding the mover's ships.
func (s *St) navalInterceptOptions(n *NavalMove) []navalIntercept {
	var out []navalIntercept
	for q := 0; q < NMajor; q++ {
		if !s.AtWar(q, n.Power) || n.Declined&(1<<q) != 0 {
			continue
		}
		for _, d := range n.Vertical {
			if contains(n.Intercepted, d) {
				continue
			}
			for _, x := range navalNbrs(d) {
				if s.sideNaval(x, q).Naval() > 0 && s.sideNaval(x, n.Power).Naval() == 0 && !contains(n.Tried, x*NLoc+d) && !s.sideBarred(x, q, d) {
					out = append(out, navalIntercept{q, x, d})
				}
			}
		}
	}
	return out
}

// navalAvoidOptions lists where power q's ships in zone d may avoid
// battle (HIS-16.1k): a port it controls, or a zone without ships of its
// enemies.
func (s *St) navalAvoidOptions(q, d int) []int {
	var out []int
	for _, x := range navalNbrs(d) {
		if s.sideBarred(d, q, x) {
			continue
		}
		if isSea(x) && !s.enemyNavalIn(x, q) || !isSea(x) && s.Controller(x) == q {
			out = append(out, x)
		}
	}
	return out
}

// nextNavalAvoid is the next power and zone owing an avoid-battle
// decision, in Impulse Order.
func (s *St) nextNavalAvoid(n *NavalMove) (int, int, bool) {
	for q := 0; q < NMajor; q++ {
		if !s.AtWar(q, n.Power) {
			continue
		}
		for _, d := range n.Vertical {
			if contains(n.Intercepted, d) || contains(n.Avoided, q*NLoc+d) || s.sideNaval(d, q).Naval() == 0 {
				continue
			}
			return q, d, true
		}
	}
	return 0, 0, false
}

// continueNaval runs the naval move in progress until a decision is
// owed or it ends.
func (r *run) continueNaval() {
	s := r.s
	for s.Flow.Naval != nil && len(s.Flow.Stack) == 0 {
		n := s.Flow.Naval
		switch n.Stage {
		case 0:
			if o := s.navalInterceptOptions(n); len(o) > 0 {
				s.Flow.push(DecNavalIntercept, o[0].Power)
				return
			}
			n.Stage = 1
		case 1:
			if q, _, ok := s.nextNavalAvoid(n); ok {
				s.Flow.push(DecNavalAvoid, q)
				return
			}
			n.Stage = 2
		default:
			r.navalCombats(n)
			if len(s.Flow.Stack) > 0 {
				return // a power owes its Combat cards (combat.go)
			}
			s.Flow.Naval = nil
		}
	}
}

// navalCombats fights every combat of the move (HIS-16.1m, HIS-16.2):
// in each location entered, against each enemy power in Impulse Order,
// until the mover loses there.
func (r *run) navalCombats(n *NavalMove) {
	s := r.s
	p := n.Power
	for _, loc := range n.Dest {
		for q := 0; q < Independent; q++ {
			if s.sideNaval(loc, p).Naval() == 0 {
				break
			}
			if isMinor(q) && s.minorAlly(q) != NoPower {
				continue // it fights in its major ally's stack
			}
			if q == p || s.sideNaval(loc, q).Naval() == 0 || !s.Enemy(p, q) {
				continue
			}
			if s.Phase == PhAction && r.combatWindow(CombatNaval, loc, p, q, nil) {
				return // HIS-16.2d: Combat cards first
			}
			if !r.navalCombat(loc, p, q) {
				if len(s.Flow.Stack) > 0 {
					return // the Janissaries step (combat.go)
				}
				break
			}
		}
	}
}

// navalDice counts a side's dice (HIS-16.2b-c).
func (s *St) navalDice(loc, p int, defender bool) int {
	u := s.sideNaval(loc, p)
	d := 2*int(u.Sq) + int(u.Cor) + bestNaval(s, p, loc)
	if defender && !isSea(loc) {
		d++
	}
	return d
}

// navalLosses is what a side loses to h hits (HIS-16.2h): a squadron per
// two hits, then a corsair per hit, and for the loser a squadron for an
// odd hit left over.
func navalLosses(f Force, h int, loser bool) Force {
	var l Force
	l.Sq = uint8(min(h/2, int(f.Sq)))
	rest := h - 2*int(l.Sq)
	l.Cor = uint8(min(rest, int(f.Cor)))
	rest -= int(l.Cor)
	if rest > 0 && loser && l.Sq < f.Sq {
		l.Sq++
	}
	return l
}

// navalCombat fights the attacker p against power q's ships in loc; it
// reports whether the attacker won.
func (r *run) navalCombat(loc, p, q int) bool {
	s := r.s
	var ad, dd, ah, dh int
	var ar, dr []int
	if w := s.Flow.Combat; w != nil && w.Late && w.Kind == CombatNaval && w.Where == loc && w.Att == p && w.Def == q && w.Roll != nil {
		// HIS-16.2f: the roll was made before the cards after the dice.
		if r.lateStep(CombatNaval, loc, p, q, w.Roll, nil) {
			return false // the next power is asked
		}
		w = s.takeLate()
		x := w.Roll
		ad, dd, ar, dr, ah, dh = x.AttDice, x.DefDice, x.AttRolls, x.DefRolls, x.AttHits, x.DefHits
		for i, c := range w.Cards {
			n := map[int]int{cardJanissaries: 4, cardRowers: 3}[c]
			rolls, h := rollHits(r.dice, "naval combat "+cards[c].Name, n)
			if w.By[i] == p {
				ar, ah = append(ar, rolls...), ah+h
			} else {
				dr, dh = append(dr, rolls...), dh+h
			}
		}
	} else {
		ad, dd = s.navalDice(loc, p, false), s.navalDice(loc, q, true)
		mods := s.takeCombat(CombatNaval, loc)
		ad, dd = max(ad+mods.AttDice, 0), max(dd+mods.DefDice, 0)
		ar, ah = rollHits(r.dice, "naval combat attacker", ad)
		dr, dh = rollHits(r.dice, "naval combat defender", dd)
		roll := &BattleResult{AttDice: ad, DefDice: dd, AttRolls: ar, DefRolls: dr, AttHits: ah, DefHits: dh}
		if r.lateStep(CombatNaval, loc, p, q, roll, nil) {
			return false // a power is asked; the combat goes on after
		}
		s.takeLate()
	}
	attWins := ah > dh
	// HIS-9.6h: in a battle brought by a new war equal hits leave no
	// loser; both sides retreat.
	tie := r.newWar && ah == dh
	af, df := s.sideNaval(loc, p), s.sideNaval(loc, q)
	al := navalLosses(af, dh, !attWins && !tie)
	dl := navalLosses(df, ah, attWins)
	if al.Naval() == af.Naval() && dl.Naval() == df.Naval() {
		// Both wiped out: the side with more dice keeps a squadron, the
		// defender on equal dice.
		switch {
		case ad > dd && al.Sq > 0:
			al.Sq--
		case dl.Sq > 0:
			dl.Sq--
		}
	}
	if tie {
		r.say("Naval battle in %s: %s rolls %s %v: %s; %s rolls %s %v: %s. Equal hits: both sides retreat (HIS-9.6h).", locName(loc),
			powers[p].Name, nDice(len(ar)), ar, nHits(ah), powerName(q), nDice(len(dr)), dr, nHits(dh))
	} else {
		r.say("Naval battle in %s: %s rolls %s %v: %s; %s rolls %s %v: %s. %s wins.", locName(loc),
			powers[p].Name, nDice(len(ar)), ar, nHits(ah), powerName(q), nDice(len(dr)), dr, nHits(dh), map[bool]string{true: powers[p].Name, false: powerName(q)}[attWins])
	}
	for _, x := range []struct {
		pw int
		l  Force
	}{{p, al}, {q, dl}} {
		if x.l.Naval() == 0 {
			continue
		}
		r.takeNavalLosses(loc, x.pw, x.l)
		if s.sideNaval(loc, x.pw).Naval() == 0 {
			for _, l := range s.sideLeaders(loc, x.pw) {
				s.Leader[l] = LeaderAway // HIS-16.2k: back next turn
				r.say("%s leaves the map until next turn.", leaders[l].Name)
			}
		}
	}
	// HIS-16.2j: retreat. In a port the attacker always leaves; at sea
	// the loser does.
	switch {
	case tie:
		// HIS-9.6h, HIS-16.2i: a battle brought by a new war, equal
		// hits: both sides retreat.
		r.navalRetreat(loc, p)
		r.navalRetreat(loc, q)
		return false
	case !isSea(loc):
		r.navalRetreat(loc, p)
	case attWins:
		r.navalRetreat(loc, q)
	default:
		r.navalRetreat(loc, p)
	}
	if s.sideNaval(loc, p).Naval() == 0 {
		return false
	}
	return attWins
}

// takeNavalLosses removes losses l from the ships of p's side in loc: the
// major power's own ships first, then its allies' (the owner's choice made
// for it), each counted for rebuilding (HIS-16.2k).
func (r *run) takeNavalLosses(loc, p int, l Force) {
	s := r.s
	for _, q := range s.navalSide(p) {
		u := s.Units[loc][q]
		t := Force{Sq: min(l.Sq, u.Sq), Cor: min(l.Cor, u.Cor)}
		if t.Naval() == 0 {
			continue
		}
		l.Sq -= t.Sq
		l.Cor -= t.Cor
		_ = s.removeUnits(loc, q, t)
		s.Flow.noteNavalLoss(q, t)
		r.say("%s loses %s.", powerName(q), navalText(t))
	}
}

// navalRetreat moves power p's ships out of loc to the first adjacent
// location free of enemy ships that it may enter, or eliminates them.
func (r *run) navalRetreat(loc, p int) {
	s := r.s
	if s.sideNaval(loc, p).Naval() == 0 {
		return
	}
	for _, x := range navalNbrs(loc) {
		if s.enemyNavalIn(x, p) || !isSea(x) && !s.Friendly(x, p) || s.sideBarred(loc, p, x) {
			continue
		}
		r.say("%s ships retreat from %s to %s.", powerName(p), locName(loc), locName(x))
		s.shiftSide(p, loc, x)
		s.Flow.Beaten.set(x)
		return
	}
	for _, l := range s.sideLeaders(loc, p) {
		s.Leader[l] = LeaderAway
	}
	for _, q := range s.navalSide(p) {
		u := s.Units[loc][q]
		f := Force{Sq: u.Sq, Cor: u.Cor}
		if f.Naval() > 0 {
			_ = s.removeUnits(loc, q, f)
			s.Flow.noteNavalLoss(q, f)
		}
	}
	r.say("%s ships in %s have nowhere to retreat and are eliminated.", powerName(p), locName(loc))
}

// navalMoves lists power p's legal naval moves, one stack each.
func (s *St) navalMoves(p int) []string {
	var out []string
	if ActionCost(p, ActNavalMove) == 0 {
		return nil
	}
	var locs locSet
	for _, q := range s.navalSide(p) {
		s.occ[q].each(func(loc int) {
			if s.Units[loc][q].Naval() > 0 {
				locs.set(loc)
			}
		})
	}
	locs.each(func(loc int) {
		if s.Flow.Beaten.has(loc) {
			return
		}
		for _, x := range navalNbrs(loc) {
			if s.canNavalEnter(p, x) == nil {
				out = append(out, fmt.Sprintf("naval move %s to %s", locName(loc), locName(x)))
			}
		}
	})
	return out
}

// navalAnswer answers a naval interception or avoid-battle decision.
func (r *run) navalAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	n := s.Flow.Naval
	q := d.Power
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	v, rest := verbOf(strings.ToLower(l.Text))
	s.Flow.pop()
	var canon string
	switch {
	case d.Kind == DecNavalIntercept && (v == "decline" || v == "no" || v == "pass"):
		n.Declined |= 1 << q
		r.say("%s does not intercept.", powers[q].Name)
		canon = "decline"
	case d.Kind == DecNavalIntercept && v == "intercept":
		rest = strings.TrimPrefix(rest, "from ")
		fromS, toS, _ := strings.Cut(rest, " into ")
		from, err := matchLoc(fromS)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		var opt *navalIntercept
		for _, o := range s.navalInterceptOptions(n) {
			o := o
			if o.Power == q && o.From == from && opt == nil {
				opt = &o
			}
		}
		if opt != nil && toS != "" {
			to, err := matchLoc(toS)
			if err != nil {
				return nil, reject(l, errLegal(legal, "%v", err))
			}
			opt = nil
			for _, o := range s.navalInterceptOptions(n) {
				o := o
				if o.Power == q && o.From == from && o.Dest == to {
					opt = &o
				}
			}
		}
		if opt == nil {
			return nil, reject(l, errLegal(legal, "%s may not intercept from %s", powers[q].Name, locName(from)))
		}
		n.Tried = append(n.Tried, opt.From*NLoc+opt.Dest)
		mod := bestNaval(s, q, opt.From)
		a, b := r.dice.Roll("naval interception", 6), r.dice.Roll("naval interception", 6)
		r.say("%s tries to intercept from %s into %s: %d+%d%+d = %d.", powers[q].Name, locName(opt.From), locName(opt.Dest), a, b, mod, a+b+mod)
		canon = fmt.Sprintf("intercept from %s into %s", locName(opt.From), locName(opt.Dest))
		if r.navalRoll(q, opt.From, opt.Dest, a+b+mod, false) {
			return []string{canon}, nil // Professional Rowers (respond.go)
		}
		r.navalRollResult(&RespondWindow{Power: q, From: opt.From, Where: opt.Dest, Sum: a + b + mod})
	case d.Kind == DecNavalAvoid:
		_, zone, _ := s.nextNavalAvoid(n)
		n.Avoided = append(n.Avoided, q*NLoc+zone)
		if v == "stand" || v == "no" || v == "pass" || v == "fight" {
			canon = "stand"
			break
		}
		if v != "avoid" {
			return nil, reject(l, errLegal(legal, "answer stand or avoid to <location>"))
		}
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "battle "), "to ")
		to, err := matchLoc(rest)
		if err != nil || !contains(s.navalAvoidOptions(q, zone), to) {
			return nil, reject(l, errLegal(legal, "%s may not avoid battle to %s", powers[q].Name, strings.TrimSpace(rest)))
		}
		mod := bestNaval(s, q, zone)
		a, b := r.dice.Roll("naval avoid battle", 6), r.dice.Roll("naval avoid battle", 6)
		r.say("%s tries to avoid battle from %s to %s: %d+%d%+d = %d.", powers[q].Name, locName(zone), locName(to), a, b, mod, a+b+mod)
		canon = "avoid battle to " + locName(to)
		if r.navalRoll(q, zone, to, a+b+mod, true) {
			return []string{canon}, nil // Professional Rowers (respond.go)
		}
		r.navalRollResult(&RespondWindow{Power: q, From: zone, Where: to, Sum: a + b + mod, Avoid: true})
	default:
		return nil, reject(l, errLegal(legal, "not an answer to this decision"))
	}
	r.continueNaval()
	return []string{canon}, nil
}

// navalRollResult carries out the naval interception or avoid-battle roll
// of w (HIS-16.1j): 9 or more succeeds.
func (r *run) navalRollResult(w *RespondWindow) {
	s := r.s
	n := s.Flow.Naval
	switch {
	case w.Avoid && w.Sum >= InterceptRoll:
		s.shiftSide(w.Power, w.From, w.Where)
		r.say("The attempt succeeds.")
	case w.Avoid:
		r.say("The attempt fails (9 needed).")
	case w.Sum >= InterceptRoll:
		s.shiftSide(w.Power, w.From, w.Where)
		n.Intercepted = append(n.Intercepted, w.Where)
		if !contains(n.Dest, w.Where) {
			n.Dest = append(n.Dest, w.Where)
		}
		r.say("The interception succeeds.")
	default:
		r.say("The interception fails (9 needed).")
	}
}

// navalChoices lists the answers to a naval decision, the default first.
func (s *St) navalChoices(d Decision) []string {
	n := s.Flow.Naval
	if d.Kind == DecNavalIntercept {
		out := []string{"decline"}
		for _, o := range s.navalInterceptOptions(n) {
			if o.Power == d.Power {
				out = append(out, fmt.Sprintf("intercept from %s into %s", locName(o.From), locName(o.Dest)))
			}
		}
		return out
	}
	out := []string{"stand"}
	if _, zone, ok := s.nextNavalAvoid(n); ok {
		for _, x := range s.navalAvoidOptions(d.Power, zone) {
			out = append(out, "avoid battle to "+locName(x))
		}
	}
	return out
}

// navalText explains a naval decision.
func (s *St) navalDecisionText(d Decision) string {
	n := s.Flow.Naval
	var dest []string
	for _, x := range n.Vertical {
		dest = append(dest, locName(x))
	}
	if d.Kind == DecNavalIntercept {
		return fmt.Sprintf("%s ships enter %s. You may try to intercept (HIS-16.1j): 2 dice plus the naval leader's battle rating, 9 or more.",
			powers[n.Power].Name, strings.Join(dest, ", "))
	}
	_, zone, _ := s.nextNavalAvoid(n)
	return fmt.Sprintf("%s ships enter %s, where your ships are. You may try to avoid battle (HIS-16.1k) or stand.",
		powers[n.Power].Name, locName(zone))
}

// navalCount is the number of power p's naval units on the map.
func (s *St) navalCount(p int) int {
	n := 0
	s.occ[p].each(func(loc int) { n += s.Units[loc][p].Naval() })
	if p < NMajor && len(s.Flow.Loans) > 0 {
		n += s.loanedOut(p) - s.loanedIn(p) // HIS-9.2e
	}
	return n
}
