package hereistand

import "sort"

// The Winter Phase (HIS-19). Every winter step is carried out at once for
// all powers. The choices the seed leaves to the owners take these
// defaults (docs/rulings/here-i-stand-turn.md): ties between ports and
// between equally near fortified spaces go to the first in map order;
// a stack goes to the nearest friendly fortified space it can reach by a
// clear path, else to its capital by a clear path, else to the nearest
// with attrition; attrition takes mercenaries, then cavalry, then
// regulars; units kept in an overstacked space are regulars first.

// winter runs the Winter Phase.
func (r *run) winter() {
	s := r.s
	// Sieges end with the return home; the impulse marks are over.
	s.Warfare = LandWar{}
	// HIS-19.1: the lent squadrons go back to their owners.
	r.returnLoans()
	// HIS-19.2: the Renegade leaves the map.
	for l := range leaders {
		if at := s.Leader[l]; leaders[l].Power == NoPower && (at == LeaderCaptured || at == LeaderForeign) {
			s.Leader[l], s.Captor[l] = LeaderRemoved, NoPower // off a captor's card or a foreign war too
		}
		if leaders[l].Power == NoPower && s.Leader[l] >= 0 {
			s.Leader[l] = LeaderRemoved
			r.say("%s leaves the map (HIS-19.2).", leaders[l].Name)
		}
	}
	s.More.Renegade = 0
	r.navalReturn()
	for q := 0; q < Independent; q++ {
		r.landReturn(q)
	}
	// HIS-19.4: alliances between major powers end.
	for a := 0; a < NMajor; a++ {
		for b := a + 1; b < NMajor; b++ {
			if s.Allied(a, b) {
				s.setAlly(a, b, false)
				r.say("The alliance of %s and %s ends (HIS-19.4).", powers[a].Name, powers[b].Name)
			}
		}
	}
	// HIS-19.5: replacements.
	for p := 0; p < NMajor; p++ {
		if p == Protestant {
			continue
		}
		for _, c := range powers[p].Capitals {
			if s.Controller(c) != p {
				continue
			}
			s.addUnits(c, p, Force{Reg: 1})
			if s.checkCounters(p) != nil {
				_ = s.removeUnits(c, p, Force{Reg: 1})
				r.say("%s has no counter for its replacement in %s.", powers[p].Name, spaces[c].Name)
				continue
			}
			r.say("%s adds a regular in %s (HIS-19.5).", powers[p].Name, spaces[c].Name)
		}
	}
	// HIS-19.6: the piracy markers are removed.
	s.piracyWinter()
	// HIS-19.7: the debaters flip back to uncommitted.
	s.religionWinter()
	// HIS-19.8: overdue Mandatory Events occur now, wherever they are.
	r.mandatoryWinter()
}

// pullCard takes card n out of the deck, a hand or the discard pile.
func (s *St) pullCard(n int) {
	for p := 0; p < NMajor; p++ {
		s.takeFromHand(p, n)
	}
	for _, list := range []*[]uint8{&s.Deck, &s.Discard} {
		out := (*list)[:0]
		for _, c := range *list {
			if int(c) != n {
				out = append(out, c)
			}
		}
		*list = out
	}
}

// navalReturn brings every naval unit at sea to the nearest friendly
// port, counted in sea zones (HIS-19.3b); with none it is eliminated.
func (r *run) navalReturn() {
	s := r.s
	for z := 0; z < NSea; z++ {
		loc := seaLoc(z)
		for q := 0; q < NPow; q++ {
			f := s.Units[loc][q]
			if f.Naval() == 0 {
				continue
			}
			_ = s.removeUnits(loc, q, f)
			port := s.nearestPort(q, z)
			if port < 0 {
				r.say("%s naval units in the %s find no friendly port and are eliminated.", powerName(q), seas[z].Name)
				continue
			}
			s.addUnits(port, q, Force{Sq: f.Sq, Cor: f.Cor})
			r.say("%s naval units return from the %s to %s.", powerName(q), seas[z].Name, spaces[port].Name)
		}
		for l, at := range s.Leader {
			if int(at) != loc {
				continue
			}
			q := leaderPower(s, l)
			port := -1
			if q < NPow {
				port = s.nearestPort(q, z)
			}
			if port < 0 {
				s.Leader[l] = LeaderAway
				continue
			}
			s.Leader[l] = int16(port)
		}
	}
}

// nearestPort is the friendly port nearest to sea zone z for power q.
func (s *St) nearestPort(q, z int) int {
	return portNearest(NS+z, func(port int) bool { return s.Friendly(port, q) })
}

// isCapitalOf reports whether sp is one of power q's capitals.
func isCapitalOf(q, sp int) bool {
	for _, c := range powers[q].Capitals {
		if c == sp {
			return true
		}
	}
	return false
}

// winterCapitals are the spaces power q's units may return to in Winter
// as to a capital: a major power's capitals; for an active minor power
// its home keys, as extra capitals only its own units use (HIS-22.3b).
func (s *St) winterCapitals(q int) []int {
	if q < NMajor {
		return powers[q].Capitals
	}
	if !isMinor(q) || s.minorAlly(q) == NoPower {
		return nil
	}
	var out []int
	for _, sp := range homeSpaces(q) {
		if spaces[sp].Type == Key {
			out = append(out, sp)
		}
	}
	return out
}

// winterCapital reports whether sp is one of winterCapitals(q).
func (s *St) winterCapital(q, sp int) bool { return contains(s.winterCapitals(q), sp) }

// holdsCapital reports whether power q holds its (winter) capital c:
// controlled by q, or an active minor's key under its own marker.
func (s *St) holdsCapital(q, c int) bool {
	return s.Controller(c) == q || isMinor(q) && int(s.Ctrl[c]) == q && s.minorAlly(q) != NoPower
}

// landReturn moves power q's land units to friendly fortified spaces
// (HIS-19.3c-k) and its army leaders with them.
func (r *run) landReturn(q int) {
	s := r.s
	type group struct {
		from int
		f    Force
		home bool // the excess of an overstacked space: to the capital
	}
	var count [NS]int
	var groups []group
	for _, loc := range s.Occupied(q) {
		if isSea(loc) {
			continue
		}
		u := s.Units[loc][q]
		f := Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
		if f.Land() == 0 {
			continue
		}
		if q == Protestant && !s.League && spaces[loc].Type == Electorate {
			// Before the League the Protestant's regulars stand in the
			// electorates, Hapsburg-controlled as they are, whatever their
			// religion (21.6c, 21.6i): nothing moves them out.
			count[loc] += f.Land()
			continue
		}
		home := s.winterCapital(q, loc) && s.holdsCapital(q, loc)
		if home || s.fortified(loc) && s.Friendly(loc, q) {
			keep := f
			if !home && f.Land() > 4 {
				// HIS-19.3f: at most 4 stay; the excess goes home.
				keep, _ = unitSpec{given: true, count: 4}.resolve(f)
				groups = append(groups, group{loc, Force{Reg: f.Reg - keep.Reg, Merc: f.Merc - keep.Merc, Cav: f.Cav - keep.Cav}, true})
			}
			count[loc] += keep.Land()
			continue
		}
		groups = append(groups, group{loc, f, false})
	}
	var went [NS]int
	for i := range went {
		went[i] = -1
	}
	for _, g := range groups {
		_ = s.removeUnits(g.from, q, g.f)
		f := g.f
		attrited := false
		for f.Land() > 0 {
			to, clear := s.winterDest(q, g.from, &count, g.home)
			if to < 0 {
				r.say("%s loses %s in %s, with nowhere to go (HIS-19.3j).", powerName(q), unitText(f), spaces[g.from].Name)
				break
			}
			if !clear && !attrited {
				// HIS-19.3e: the whole stack loses half, rounded up.
				attrited = true
				lost := attrition(&f)
				r.say("%s %s in %s have no clear path to %s and lose %s (HIS-19.3e).", powerName(q), unitText(g.f),
					spaces[g.from].Name, spaces[to].Name, unitText(lost))
				if f.Land() == 0 {
					break
				}
			}
			take := f
			if !s.winterCapital(q, to) {
				take, _ = unitSpec{given: true, count: min(f.Land(), 4-count[to])}.resolve(f)
			}
			f = Force{Reg: f.Reg - take.Reg, Merc: f.Merc - take.Merc, Cav: f.Cav - take.Cav}
			arrive := take
			if take.Land() == 1 {
				r.say("%s %s returns from %s to %s.", powerName(q), unitText(take), spaces[g.from].Name, spaces[to].Name)
			} else {
				r.say("%s %s return from %s to %s.", powerName(q), unitText(take), spaces[g.from].Name, spaces[to].Name)
			}
			if arrive.Land() > 0 {
				s.addUnits(to, q, arrive)
				count[to] += arrive.Land()
				s.fitCounters(to, q)
			}
			if went[g.from] < 0 {
				went[g.from] = to
			}
		}
		s.fitCounters(g.from, q)
	}
	if q >= NMajor {
		return
	}
	// HIS-19.3h: army leaders go with the units that left their space, or
	// alone to the nearest fortified space their power controls.
	for l, at := range s.Leader {
		if at < 0 || int(at) >= NS || leaders[l].Naval || leaderPower(s, l) != q {
			continue
		}
		sp := int(at)
		if s.Units[sp][q].Land() > 0 || s.fortified(sp) && s.Friendly(sp, q) && !s.enemyUnitsIn(sp, q) {
			continue
		}
		to := went[sp]
		if to < 0 {
			to = s.NearestFortified(q, sp)
		}
		if to >= 0 && to != sp {
			s.Leader[l] = int16(to)
			r.say("%s returns to %s.", leaders[l].Name, spaces[to].Name)
		}
	}
}

// attrition removes half the units of f, rounded up (HIS-19.3e), and
// returns what was lost.
func attrition(f *Force) Force {
	n := (f.Land() + 1) / 2
	var lost Force
	for _, x := range []struct{ have, got *uint8 }{{&f.Merc, &lost.Merc}, {&f.Cav, &lost.Cav}, {&f.Reg, &lost.Reg}} {
		t := min(n, int(*x.have))
		*x.have -= uint8(t)
		*x.got += uint8(t)
		n -= t
	}
	return lost
}

// winterDest picks where power q's units from space from return and
// whether they get there by a clear path: the nearest friendly fortified
// spaces with room (HIS-19.3g), or the home capital.
//
// The excess of an overstacked fortified space goes to the capital
// (HIS-19.3f) when toCapital is set; a power without a capital (the
// Protestant, the minor powers) sends it to the next nearest space with
// room (HIS-19.3i).
func (s *St) winterDest(q, from int, count *[NS]int, toCapital bool) (int, bool) {
	var dist [NS]int16
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	queue := []int{from}
	var near []int
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if len(near) > 0 && dist[x] > dist[near[0]] {
			break
		}
		if x != from && s.fortified(x) && s.Friendly(x, q) && !s.enemyUnitsIn(x, q) &&
			(s.winterCapital(q, x) || count[x] < 4) {
			near = append(near, x)
		}
		for _, e := range spaces[x].Nbr {
			if dist[e.To] < 0 {
				dist[e.To] = dist[x] + 1
				queue = append(queue, int(e.To))
			}
		}
	}
	sort.Ints(near)
	home := -1
	for _, c := range s.winterCapitals(q) {
		if s.holdsCapital(q, c) && !s.enemyUnitsIn(c, q) {
			if home < 0 || dist[c] >= 0 && dist[c] < dist[home] {
				home = c
			}
		}
	}
	opts := near
	if toCapital && home >= 0 {
		return home, s.clearPath(q, from, home)
	}
	if toCapital && q < NMajor && len(powers[q].Capitals) > 0 {
		return -1, false // HIS-19.3j: the capital is in enemy hands
	}
	if home >= 0 && !contains(near, home) {
		opts = append(append([]int(nil), near...), home)
	}
	for _, o := range opts {
		if s.clearPath(q, from, o) {
			return o, true
		}
	}
	if len(opts) == 0 {
		return -1, false
	}
	return opts[0], false
}

// clearPath reports whether power q's units may return from space from
// to space to at full strength (HIS-19.3d): every space after the first
// friendly-controlled and free of unrest, any number of sea zones
// crossed from port to port; the Hapsburg never through an electorate
// before the Schmalkaldic League (HIS-19.3k).
func (s *St) clearPath(q, from, to int) bool {
	ok := func(sp int) bool {
		return s.Friendly(sp, q) && !s.InUnrest(sp) && !(q == Hapsburg && !s.League && spaces[sp].Type == Electorate)
	}
	var seen locSet
	seen.set(from)
	queue := []int{from}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x == to {
			return true
		}
		if isSea(x) {
			z := x - NS
			for _, y := range seas[z].Adj {
				if !seen.has(seaLoc(y)) {
					seen.set(seaLoc(y))
					queue = append(queue, seaLoc(y))
				}
			}
			for _, port := range seas[z].Ports {
				if !seen.has(port) && ok(port) {
					seen.set(port)
					queue = append(queue, port)
				}
			}
			continue
		}
		for _, e := range spaces[x].Nbr {
			y := int(e.To)
			if !seen.has(y) && ok(y) {
				seen.set(y)
				queue = append(queue, y)
			}
		}
		for _, z := range spaces[x].Seas {
			if !seen.has(seaLoc(z)) {
				seen.set(seaLoc(z))
				queue = append(queue, seaLoc(z))
			}
		}
	}
	return false
}
