package hexbattle

import (
	"fmt"
	"strings"
)

// enterReinforcements places the phasing player's reinforcements due this
// turn (CRE-18.2; ruling AMB-58: they may then move from there in the same
// phase). Those with a single entry hex enter when the player turn starts;
// those with a choice of hexes wait for their owner's "enter" orders, and
// with all, the ones he did not place take the first free hex of their
// entry edge.
func (s *St) enterReinforcements(all bool) {
	side := s.phasing()
	for _, u := range s.Units {
		if u.Side != side || u.Gone != "" || u.Turn == 0 || u.Turn > s.GT || (!all && len(u.Entry) > 1) {
			continue
		}
		for _, h := range s.entryHexes(u.Entry) {
			if s.mayEnter(u, h) == nil {
				s.enterAt(u, h)
				break
			}
		}
	}
	for _, l := range s.Leaders {
		if l.Side != side || l.Gone != "" || l.Turn == 0 || l.Turn > s.GT || (!all && len(l.Entry) > 1) {
			continue
		}
		for _, h := range s.entryHexes(l.Entry) {
			if s.leaderMayEnter(l, h) == nil {
				l.At, l.Turn = h, 0
				s.say("%s leader %s enters at %s.", side, s.leaderName(l), l.At)
				break
			}
		}
	}
}

func (s *St) mayEnter(u *Unit, h Hex) error {
	if len(s.unitsAt(h)) > 0 {
		return fmt.Errorf("%s holds another combat unit (CN-6.0)", h)
	}
	return s.passable(u, h, false)
}

func (s *St) leaderMayEnter(l *Leader, h Hex) error {
	for _, o := range s.unitsAt(h) {
		if o.Side != l.Side {
			return fmt.Errorf("%s holds an enemy unit (CN-6.14)", h)
		}
	}
	if s.terrain(h).Prohibited || s.terrain(h).River {
		return fmt.Errorf("%s may not be entered (CN-7.25)", h)
	}
	return nil
}

func (s *St) enterAt(u *Unit, h Hex) {
	u.At = []Hex{h}
	u.Turn = 0
	s.say("%s reinforcement %s enters at %s.", u.Side, u.ID, h)
	s.captureAt(u, h)
}

// enterLine is "enter ID HEX": a reinforcement (or leader) due this turn
// comes on at the entry hex its owner picks (CRE-18.2).
func (s *St) enterLine(side string, w []string) (string, error) {
	if len(w) != 3 {
		return "", fmt.Errorf("write: enter ID HEX")
	}
	h, err := ParseHex(w[2])
	if err != nil {
		return "", err
	}
	inRange := func(r []Hex) bool {
		for _, x := range s.entryHexes(r) {
			if x == h {
				return true
			}
		}
		return false
	}
	if l := s.leader(w[1]); l != nil && l.Side == side {
		if l.Gone != "" || l.Turn == 0 || l.Turn > s.GT {
			return "", fmt.Errorf("leader %s is not waiting to enter this turn", l.ID)
		}
		if !inRange(l.Entry) {
			return "", fmt.Errorf("%s is not one of %s's entry hexes (%s)", h, l.ID, hexList(l.Entry))
		}
		if err := s.leaderMayEnter(l, h); err != nil {
			return "", err
		}
		l.At, l.Turn = h, 0
		s.say("%s leader %s enters at %s.", side, s.leaderName(l), h)
		return "enter " + l.ID + " " + h.String(), nil
	}
	var u *Unit
	for _, x := range s.Units {
		if x.Side == side && strings.EqualFold(x.ID, w[1]) {
			u = x
		}
	}
	if u == nil || u.Gone != "" || u.Turn == 0 || u.Turn > s.GT {
		return "", fmt.Errorf("%q is not one of your reinforcements due this turn (CRE-18.2)", w[1])
	}
	if !inRange(u.Entry) {
		return "", fmt.Errorf("%s is not one of %s's entry hexes (%s, CRE-18.2)", h, u.ID, hexList(u.Entry))
	}
	if err := s.mayEnter(u, h); err != nil {
		return "", err
	}
	s.enterAt(u, h)
	return "enter " + u.ID + " " + h.String(), nil
}

// entryChoices lists the "enter" orders open to side now.
func (s *St) entryChoices(side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side == side && u.Gone == "" && u.Turn > 0 && u.Turn <= s.GT {
			for _, h := range s.entryHexes(u.Entry) {
				if s.mayEnter(u, h) == nil {
					out = append(out, "enter "+u.ID+" "+h.String())
				}
			}
		}
	}
	for _, l := range s.Leaders {
		if l.Side == side && l.Gone == "" && l.Turn > 0 && l.Turn <= s.GT {
			for _, h := range s.entryHexes(l.Entry) {
				if s.leaderMayEnter(l, h) == nil {
					out = append(out, "enter "+l.ID+" "+h.String())
				}
			}
		}
	}
	return out
}

// moveChoices lists, for the movement prompt, the entries open to side
// and the moves its compelled cavalry owes (CRE-17.11).
func (s *St) moveChoices(side string) []string {
	return append(s.entryChoices(side), s.chivalryMoves(side)...)
}

func (s *St) entryHexes(r []Hex) []Hex {
	if len(r) == 1 {
		return r
	}
	var out []Hex
	a, b := r[0], r[1]
	for c := min(a.Line, b.Line); c <= max(a.Line, b.Line); c++ {
		for p := min(a.Pos, b.Pos); p <= max(a.Pos, b.Pos); p++ {
			if s.p.OnMap(Hex{c, p}) {
				out = append(out, Hex{c, p})
			}
		}
	}
	return out
}

// passable checks that a unit may be in hex h (CN-7.25, NAV-18.0, forbid).
func (s *St) passable(u *Unit, h Hex, rout bool) error {
	if !s.p.OnMap(h) {
		return fmt.Errorf("%s is off the map (CN-7.3)", h)
	}
	t := s.terrain(h)
	if t.Prohibited {
		return fmt.Errorf("%s is prohibited terrain (CN-7.25)", h)
	}
	if t.River && !rout {
		return fmt.Errorf("%s is river; only routing units enter it (NAV-18.0a)", h)
	}
	for _, f := range s.p.Forbid {
		if f.Hex == h && f.Side == u.Side && (f.Morale == "" || f.Morale == s.counter(u).Morale) && !(rout && f.RoutOnly) {
			return fmt.Errorf("%s units may not enter %s (NAV-18.0d)", u.Side, h)
		}
	}
	return nil
}

// occupiedFor says whether a combat unit may not enter h because of other
// combat units (CN-5.15, CN-6.11; cannons CRE-16.41, CRE-16.42).
func (s *St) occupiedFor(u *Unit, h Hex) bool {
	for _, o := range s.unitsAt(h) {
		if o == u {
			continue
		}
		if s.isCannon(o) && len(s.unitsAt(h)) == 1 {
			if o.Side != u.Side {
				continue // French may enter a lone cannon's hex: it is destroyed
			}
			c := s.counter(u)
			if c.Armour == "P" || c.Nation == "welsh" {
				continue
			}
		}
		return true
	}
	return false
}

// captureAt applies what entering h does: enemy leaders alone there are
// captured (CN-6.15), a lone enemy cannon is destroyed (CRE-16.42), a
// wagon-park hex is wrecked (CRE-16.32).
func (s *St) captureAt(u *Unit, h Hex) {
	for _, l := range s.leadersAt(h) {
		if l.Side != u.Side {
			s.capture(l)
		}
	}
	for _, o := range s.unitsAt(h) {
		if o.Side != u.Side && s.isCannon(o) {
			s.lose(o, "eliminated")
		}
	}
	if s.wagon(h) && u.Side != s.p.Sides[0] {
		s.Wrecked = append(s.Wrecked, h)
		s.VP[u.Side] += s.wagonVP(u.Side)
		s.say("%s destroys the wagon park hex %s (CRE-16.32).", u.ID, h)
	}
}

func (s *St) wagonVP(side string) int {
	for _, r := range s.p.VP {
		if r.Scorer == side && r.What == "wagon" {
			return r.Points
		}
	}
	return 0
}

// stepCost is the MP to enter hex to from hex from (CN-7.21, CN-7.22;
// hexes count as their highest level, and a rise is read from levels,
// ruling AMB-27).
func (s *St) stepCost(from, to Hex) int {
	c := s.terrain(to).Cost
	if s.elev(to) > s.elev(from) {
		c++
	}
	return c
}

// moveLine applies one movement-phase order:
//
//	move ID HEX HEX ... [charge TARGET]    a single unit or a leader
//	move ID XXYY-XXYY XXYY-XXYY ... [charge TARGET]   a double, position by position
//	move ID reverse                        a double turns about (CN-5.21)
//	mode ID FACE                           change mode (CN-5.4)
func (s *St) moveLine(side, line string) (string, error) {
	w := strings.Fields(line)
	if len(w) < 2 {
		return "", fmt.Errorf("write: move ID HEX ..., or mode ID FACE")
	}
	verb := strings.ToLower(w[0])
	if verb == "mode" {
		return s.modeChange(side, w[1:])
	}
	if verb == "rout" { // CN-11.26: the owner's choice among equal rout paths
		if len(w) != 4 || !strings.EqualFold(w[2], "prefer") {
			return "", fmt.Errorf("write: rout ID prefer HEX")
		}
		u, err := s.findUnit(side, true, w[1])
		if err != nil {
			return "", err
		}
		h, err := ParseHex(w[3])
		if err != nil {
			return "", err
		}
		if !s.p.OnMap(h) {
			return "", fmt.Errorf("%s is off the map", h)
		}
		u.Prefer = h
		return "rout " + u.ID + " prefer " + h.String(), nil
	}
	if verb == "stay" || verb == "follow" { // CN-11.13
		l := s.leader(w[1])
		if l == nil || l.Side != side || l.Gone != "" {
			return "", fmt.Errorf("%q is not one of your leaders in play", w[1])
		}
		l.Stay = verb == "stay"
		return verb + " " + l.ID, nil
	}
	if verb != "move" {
		return "", fmt.Errorf("unknown order %q in the movement phase (move, mode, done)", w[0])
	}
	if l := s.leader(w[1]); l != nil && l.Side == side && l.Gone == "" && l.Turn == 0 {
		return s.moveLeader(l, w[2:])
	}
	u, err := s.findUnit(side, true, w[1])
	if err != nil {
		return "", err
	}
	if _, done := s.mv[u.ID]; done {
		return "", fmt.Errorf("%s has already moved this phase (CN-5.0b)", u.ID)
	}
	if u.Rout > 0 {
		return "", fmt.Errorf("%s is routed and moves only in rout movement (CN-4.0.A3)", u.ID)
	}
	if s.isCannon(u) {
		return "", fmt.Errorf("cannons cannot move (CRE-16.42)")
	}
	path, target := w[2:], ""
	for i, x := range path {
		if strings.EqualFold(x, "charge") && i+1 < len(path) {
			target, path = path[i+1], path[:i]
			break
		}
	}
	if len(path) == 0 {
		return "", fmt.Errorf("give the hexes %s enters, in order", u.ID)
	}
	ma := s.face(u).MA
	bound := s.bound(u)
	var crushed []*Unit
	spent, allToward := 0, true
	var entered []Hex
	var dirs []int
	cur := append([]Hex(nil), u.At...)
	front := u.Front
	clear := true
	for _, x := range path {
		var next []Hex
		nfront := front
		cost := 0
		if strings.EqualFold(x, "reverse") && s.double(u) {
			nfront = reverseFront(cur, front)
			next, cost = cur, 2
			entered, dirs, clear = nil, nil, true
			allToward = false
		} else {
			next, err = s.parsePos(u, x)
			if err != nil {
				return "", err
			}
			var newHexes []Hex
			var d int
			nfront, newHexes, d, cost, err = s.doubleStep(u, cur, front, next)
			if err != nil {
				return "", err
			}
			for _, h := range newHexes {
				if err := s.passable(u, h, false); err != nil {
					return "", err
				}
				if s.occupiedFor(u, h) {
					if !bound || !s.crushable(u, h) {
						return "", fmt.Errorf("%s holds another combat unit (CN-5.15)", h)
					}
					for _, o := range s.unitsAt(h) {
						if o != u {
							crushed = append(crushed, o) // CRE-17.12
						}
					}
				}
				entered = append(entered, h)
			}
			for i := range next {
				if s.edgeStep(side, cur[min(i, len(cur)-1)], next[i]) <= 0 {
					allToward = false
				}
			}
			if bound && s.quarryDist(u, next) > s.quarryDist(u, cur) {
				return "", fmt.Errorf("%s must close on the nearest English plate unit by the most direct route (CRE-17.11): %s takes it farther away", u.ID, x)
			}
			dirs = append(dirs, d)
			// charge path (CN-5.31, CN-7.24, CRE-15.31, CRE-15.32)
			for i, h := range newHexes {
				t := s.terrain(h)
				from := cur[min(i, len(cur)-1)]
				if !t.Clear || t.Village || s.wagon(h) || s.elev(h) < s.elev(from) || (s.p.Rules == "crecy" && Adjacent(from, h) && s.obstacle(from, h)) {
					clear = false
					entered, dirs = nil, nil
				}
			}
			if !clear {
				clear = true
				entered, dirs = nil, nil
			}
		}
		spent += cost
		cur, front = next, nfront
	}
	limit := ma
	if s.fatigued() && !allToward { // CN-13.1 (ruling AMB-28: round down)
		limit = ma / 2
	}
	if spent > limit {
		return "", fmt.Errorf("%s needs %d MP for that path; it has %d (CN-5.12%s)", u.ID, spent, limit, map[bool]string{true: ", halved by fatigue CN-13.1"}[limit < ma])
	}
	if bound {
		old, oldF := u.At, u.Front
		u.At, u.Front = cur, front
		st := s.closerStep(u, min(limit, s.chivalryLimit(u))-spent)
		u.At, u.Front = old, oldF
		if st != "" {
			return "", fmt.Errorf("%s must use its whole MA to close on the nearest English plate unit (CRE-17.11): it can still move on to %s", u.ID, st)
		}
	}
	// apply
	old := u.At
	for _, o := range crushed {
		if o.Gone == "" {
			s.say("%s rides down the Genoese %s (CRE-17.12).", u.ID, o.ID)
			s.lose(o, "eliminated")
		}
	}
	u.At, u.Front = cur, front
	s.mv[u.ID] = spent
	for _, h := range allPathHexes(s, u, old, path) {
		s.captureAt(u, h)
	}
	canon := "move " + u.ID + " " + strings.Join(path, " ")
	if target != "" {
		t, err := s.findUnit(side, false, target)
		if err != nil {
			return "", err
		}
		if err := s.checkCharge(u, t, dirs); err != nil {
			return "", err
		}
		u.Charge = t.ID
		canon += " charge " + t.ID
	}
	return canon, nil
}

// checkCharge is CN-5.31/5.33: plate or mail cavalry, the last three or
// more hexes entered in a straight line through clear terrain, ending
// adjacent to the target.
func (s *St) checkCharge(u, t *Unit, dirs []int) error {
	c, f := s.counter(u), s.face(u)
	if !f.Cav || (c.Armour != "P" && c.Armour != "M") {
		return fmt.Errorf("only plate or mail cavalry may charge (CN-5.31, CN-5.33)")
	}
	n := 0
	for i := len(dirs) - 1; i >= 0 && dirs[i] == dirs[len(dirs)-1] && dirs[i] >= 0; i-- {
		n++
	}
	if n < 3 {
		return fmt.Errorf("a charge needs at least 3 clear hexes in a straight line, ending the move (CN-5.31); %s has %d", u.ID, n)
	}
	if unitDist(u, t) != 1 {
		return fmt.Errorf("a charge must end adjacent to its target %s (CN-5.31)", t.ID)
	}
	return nil
}

func allPathHexes(s *St, u *Unit, old []Hex, path []string) []Hex {
	var out []Hex
	for _, x := range path {
		if p, err := s.parsePos(u, x); err == nil {
			out = append(out, p...)
		}
	}
	return out
}

func (s *St) parsePos(u *Unit, x string) ([]Hex, error) {
	hs := strings.Split(x, "-")
	if s.double(u) != (len(hs) == 2) {
		if s.double(u) {
			return nil, fmt.Errorf("%s is a double: give each position as two hexes, e.g. 0603-0604", u.ID)
		}
		return nil, fmt.Errorf("%s is a single counter: give one hex per step", u.ID)
	}
	var out []Hex
	for _, h := range hs {
		x, err := ParseHex(h)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

func reverseFront(at []Hex, front Hex) Hex {
	k := at[0].Dir(at[1])
	if at[0].Step(k+1) == front {
		return at[0].Step(k - 1)
	}
	return at[0].Step(k + 1)
}

// doubleStep classifies one step (CN-5.2x; for singles, CN-5.25) and
// returns the new front, the hexes newly entered, a direction for
// straight-line tests (-1 if none), and the MP cost.
func (s *St) doubleStep(u *Unit, cur []Hex, front Hex, next []Hex) (Hex, []Hex, int, int, error) {
	if len(cur) == 1 {
		d := cur[0].Dir(next[0])
		if d < 0 {
			return front, nil, -1, 0, fmt.Errorf("%s is not adjacent to %s", next[0], cur[0])
		}
		return front, next, d, s.stepCost(cur[0], next[0]), nil
	}
	if !Adjacent(next[0], next[1]) {
		return front, nil, -1, 0, fmt.Errorf("%s-%s: a double's two hexes must be adjacent (CN-5.23)", next[0], next[1])
	}
	h1, h2 := cur[0], cur[1]
	k := h1.Dir(h2)
	sgn := 1
	if h1.Step(k-1) == front {
		sgn = -1
	}
	same := func(a, b []Hex) bool { return (a[0] == b[0] && a[1] == b[1]) || (a[0] == b[1] && a[1] == b[0]) }
	costOf := func(hs []Hex, from []Hex) int {
		c := 0
		climb := false
		for i, h := range hs {
			c = max(c, s.terrain(h).Cost) // ruling AMB-19 (a)
			if s.elev(h) > s.elev(from[i%len(from)]) {
				climb = true
			}
		}
		if climb { // CN-7.22, ruling AMB-26 (a)
			c++
		}
		return c
	}
	// forward translation (ruling AMB-18 (a))
	for _, d := range []int{k + sgn, k + 2*sgn} {
		if same(next, []Hex{h1.Step(d), h2.Step(d)}) {
			nh := []Hex{h1.Step(d), h2.Step(d)}
			var fresh []Hex
			for _, h := range nh {
				if h != h1 && h != h2 {
					fresh = append(fresh, h)
				}
			}
			return front.Step(d), nh, (d%6 + 6) % 6, costOf(fresh, cur), nil
		}
	}
	// sideslip into a flank hex (CN-5.24): +1 MP
	for _, d := range []int{k, k + 3} {
		if same(next, []Hex{h1.Step(d), h2.Step(d)}) {
			var fresh Hex
			if d == k {
				fresh = h2.Step(k)
			} else {
				fresh = h1.Step(k + 3)
			}
			return front.Step(d), []Hex{fresh}, -1, costOf([]Hex{fresh}, cur) + 1, nil
		}
	}
	// pivot about either half into the front-centre hex (CN-5.22)
	if same(next, []Hex{h1, front}) || same(next, []Hex{h2, front}) {
		fixed := h1
		if same(next, []Hex{h2, front}) {
			fixed = h2
		}
		// the new front-centre is the hex adjacent to both new hexes on
		// the far side from the hex the unit left
		left := h2
		if fixed == h2 {
			left = h1
		}
		var nf Hex
		for _, n := range fixed.Neighbours() {
			if Adjacent(n, front) && n != left {
				nf = n
			}
		}
		return nf, []Hex{front}, -1, costOf([]Hex{front}, []Hex{fixed}), nil
	}
	return front, nil, -1, 0, fmt.Errorf("%s cannot reach %s-%s in one step: a double moves forward, sideslips into a flank hex, pivots into its front-centre hex %s, or reverses (CN-5.2)", u.ID, next[0], next[1], front)
}

func (s *St) moveLeader(l *Leader, path []string) (string, error) {
	if _, done := s.mv["leader:"+l.ID]; done {
		return "", fmt.Errorf("%s has already moved this phase", l.ID)
	}
	d := s.leaderDef(l.ID)
	cur, spent, allToward := l.At, 0, true
	for _, x := range path {
		h, err := ParseHex(x)
		if err != nil {
			return "", err
		}
		if !Adjacent(cur, h) {
			return "", fmt.Errorf("%s is not adjacent to %s", h, cur)
		}
		if !s.p.OnMap(h) || s.terrain(h).Prohibited || s.terrain(h).River {
			return "", fmt.Errorf("%s may not enter %s (CN-7.25, NAV-18.0a)", l.ID, h)
		}
		for _, o := range s.unitsAt(h) {
			if o.Side != l.Side {
				return "", fmt.Errorf("a leader may not enter a hex with an enemy unit (CN-6.14)")
			}
		}
		for _, o := range s.leadersAt(h) {
			if o.Side != l.Side {
				return "", fmt.Errorf("a leader may not enter a hex with an enemy leader (CN-6.14)")
			}
		}
		spent += s.stepCost(cur, h)
		if s.edgeStep(l.Side, cur, h) <= 0 {
			allToward = false
		}
		cur = h
	}
	limit := d.MA
	if s.fatigued() && !allToward {
		limit /= 2
	}
	if spent > limit {
		return "", fmt.Errorf("%s needs %d MP; it has %d (CN-12.1, CN-13.1)", l.ID, spent, limit)
	}
	l.At = cur
	s.mv["leader:"+l.ID] = spent
	return "move " + l.ID + " " + strings.Join(path, " "), nil
}

// modeChange is CN-5.4 with NAV-16.1, NAV-16.21, NAV-16.3a, CRE-16.11,
// CRE-16.21a, CRE-18.12, CRE-18.13, CRE-19.11.
func (s *St) modeChange(side string, w []string) (string, error) {
	if len(w) != 2 {
		return "", fmt.Errorf("write: mode ID FACE")
	}
	u, err := s.findUnit(side, true, w[0])
	if err != nil {
		return "", err
	}
	c := s.counter(u)
	f := c.face(strings.ToLower(w[1]))
	var names []string
	for _, x := range c.Faces {
		names = append(names, x.Name)
	}
	switch {
	case f == nil:
		return "", fmt.Errorf("%s has no mode %q (modes: %s)", u.ID, w[1], strings.Join(names, ", "))
	case c.Switch == "never" || c.Armour == "P":
		return "", fmt.Errorf("%s may not change mode once play has begun (NAV-16.1, CRE-16.11)", u.ID)
	case s.sc.Locked[c.Name]:
		return "", fmt.Errorf("%s must stay in its mode in this scenario (CRE-18.13)", u.ID)
	case u.Rout > 0:
		return "", fmt.Errorf("%s is routed", u.ID)
	case c.Switch == "fullma" && s.mv[u.ID] > 0:
		return "", fmt.Errorf("%s has moved; changing its mode takes its whole MA (NAV-16.3a)", u.ID)
	}
	u.Face = f.Name
	if c.Switch == "fullma" {
		s.mv[u.ID] = 1 << 20
	}
	return "mode " + u.ID + " " + f.Name, nil
}
