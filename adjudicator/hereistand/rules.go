package hereistand

import "fmt"

// Rules helpers that movement, battle, siege and the Action Phase build
// on: formations (HIS-5.1), lines of communication (HIS-12.1), control
// of unfortified spaces (HIS-12.2) and unrest (HIS-12.3c).

// MaxFormation is the most land units a formation led by the given army
// leaders may hold (HIS-5.1c): 4 without a leader, the leader's command
// rating with one, and the sum of the two highest ratings with two or
// more. Leaders never count toward the size (HIS-5.1d).
func MaxFormation(leaderIDs []int) int {
	first, second := 0, 0
	n := 0
	for _, l := range leaderIDs {
		if leaders[l].Naval {
			continue
		}
		n++
		c := leaders[l].Command
		switch {
		case c > first:
			first, second = c, first
		case c > second:
			second = c
		}
	}
	switch n {
	case 0:
		return 4
	case 1:
		return first
	}
	return first + second
}

// CheckFormation says whether units land units of power p with the given
// leaders may act as one formation (HIS-5.1b-d): within the size limit,
// and not mixing two major powers (units of a minor power allied to p may
// join; the caller passes their owners in powers).
func (s *St) CheckFormation(p int, owners []int, units int, leaderIDs []int) error {
	for _, q := range owners {
		if q == p {
			continue
		}
		if q < NMajor {
			return fmt.Errorf("a formation may not mix %s and %s units", powers[p].Name, powers[q].Name)
		}
		if s.minorAlly(q) != p {
			return fmt.Errorf("%s units may join only a formation of the major power they are allied to", powers[q].Name)
		}
	}
	for _, l := range leaderIDs {
		if leaders[l].Naval {
			return fmt.Errorf("%s is a naval leader", leaders[l].Name)
		}
		if leaderPower(s, l) != p {
			return fmt.Errorf("%s does not serve %s", leaders[l].Name, powers[p].Name)
		}
	}
	if limit := MaxFormation(leaderIDs); units > limit {
		if len(leaderIDs) == 0 {
			return fmt.Errorf("%d land units are too many for one formation: at most %d without a leader", units, limit)
		}
		return fmt.Errorf("%d land units are too many for one formation: at most %d with these leaders", units, limit)
	}
	return nil
}

// friendlyNaval reports whether sea zone z holds a naval unit of p or of
// an ally of p.
func (s *St) friendlyNaval(z, p int) bool {
	loc := seaLoc(z)
	for q := 0; q < Independent; q++ {
		if s.Units[loc][q].Naval() > 0 && (q == p || s.Allied(p, q)) {
			return true
		}
	}
	return false
}

// locSource reports whether space sp ends a line of communication for p:
// a friendly-controlled fortified home space of p or of an ally (HIS-12.1a).
func (s *St) locSource(sp, p int) bool {
	h := s.homeOf(sp)
	return s.fortified(sp) && s.Friendly(sp, p) && (h == p || s.Allied(h, p))
}

// locStep reports whether the path may pass through land space sp:
// friendly-controlled, free of enemy units, not in unrest (HIS-12.1a,
// HIS-12.4c) and not an electorate before the Schmalkaldic League
// (HIS-12.1b).
func (s *St) locStep(sp, p int) bool {
	return s.Friendly(sp, p) && !s.enemyUnitsIn(sp, p) && !s.InUnrest(sp) &&
		(s.League || spaces[sp].Type != Electorate)
}

// HasLOC reports whether power p has a line of communication to space
// target (HIS-12.1): a path of connections (passes included) and sea
// zones from target to a friendly-controlled fortified home space of p or
// of an ally. Every step after target must pass locStep; a sea zone may
// be crossed if it holds a friendly naval unit, entering and leaving it
// through friendly-controlled ports, except that target itself may be a
// port of any control (HIS-12.1c).
func (s *St) HasLOC(p, target int) bool {
	if s.locSource(target, p) && s.locStep(target, p) {
		return true
	}
	var seen locSet
	seen.set(target)
	queue := []int{target}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if isSea(x) {
			z := x - NS
			for _, y := range seas[z].Adj {
				if !seen.has(seaLoc(y)) && s.friendlyNaval(y, p) {
					seen.set(seaLoc(y))
					queue = append(queue, seaLoc(y))
				}
			}
			for _, port := range seas[z].Ports {
				if seen.has(port) || !s.locStep(port, p) {
					continue
				}
				if s.locSource(port, p) {
					return true
				}
				seen.set(port)
				queue = append(queue, port)
			}
			continue
		}
		for _, e := range spaces[x].Nbr {
			y := int(e.To)
			if seen.has(y) || !s.locStep(y, p) {
				continue
			}
			if s.locSource(y, p) {
				return true
			}
			seen.set(y)
			queue = append(queue, y)
		}
		// Put to sea from a friendly port (or from the starting space).
		if x == target || s.Friendly(x, p) {
			for _, z := range spaces[x].Seas {
				if !seen.has(seaLoc(z)) && s.friendlyNaval(z, p) {
					seen.set(seaLoc(z))
					queue = append(queue, seaLoc(z))
				}
			}
		}
	}
	return false
}

// friendlyLandIn counts the land units in loc of p and of its allies.
func (s *St) friendlyLandIn(loc, p int) int {
	n := 0
	for q := 0; q < Independent; q++ {
		if q == p || s.Allied(p, q) {
			n += s.Units[loc][q].Land()
		}
	}
	return n
}

// ownLandIn counts the land units in loc that p controls: its own and
// those of minor powers allied to it.
func (s *St) ownLandIn(loc, p int) int {
	n := s.Units[loc][p].Land()
	for q := NMajor; q < Independent; q++ {
		if s.minorAlly(q) == p {
			n += s.Units[loc][q].Land()
		}
	}
	return n
}

// CanControl says whether power p may take political control of space sp
// with the "control unfortified space" action (HIS-12.2a-b): sp is
// independent or controlled by an enemy, unfortified, p has a line of
// communication to it, no enemy land units are in it, and either friendly
// land units occupy it, or friendly land units are adjacent and no enemy
// land units are adjacent. Pass connections are not adjacency here
// (HIS-2.5c).
func (s *St) CanControl(p, sp int) error {
	name := spaces[sp].Name
	c := s.Controller(sp)
	switch {
	case s.fortified(sp):
		return fmt.Errorf("%s is fortified: it is taken by siege, not by this action", name)
	case c == NoPower:
		return fmt.Errorf("%s is not in play", name)
	case c != Independent && !s.Enemy(p, c):
		return fmt.Errorf("%s is controlled by %s, which is not an enemy", name, powers[c].Name)
	case s.enemyLandIn(sp, p):
		return fmt.Errorf("enemy land units are in %s", name)
	case !s.HasLOC(p, sp):
		return fmt.Errorf("%s has no line of communication to %s", powers[p].Name, name)
	}
	if s.friendlyLandIn(sp, p) > 0 {
		return nil
	}
	near := false
	for _, e := range spaces[sp].Nbr {
		if e.Pass {
			continue
		}
		if s.enemyLandIn(int(e.To), p) {
			return fmt.Errorf("enemy land units are adjacent to %s (%s)", name, spaces[e.To].Name)
		}
		near = near || s.friendlyLandIn(int(e.To), p) > 0
	}
	if !near {
		return fmt.Errorf("no friendly land units in or adjacent to %s (passes do not count)", name)
	}
	return nil
}

// CanRemoveUnrest says whether power p may remove unrest from space sp
// (HIS-12.3c): its land units occupy sp; or they are adjacent and no
// enemy land units are adjacent (passes do not count); or sp is a
// Protestant home space and the Protestant acts before the Schmalkaldic
// League. No line of communication is needed.
func (s *St) CanRemoveUnrest(p, sp int) error {
	name := spaces[sp].Name
	if !s.InUnrest(sp) {
		return fmt.Errorf("%s is not in unrest", name)
	}
	if s.ownLandIn(sp, p) > 0 {
		return nil
	}
	if p == Protestant && spaces[sp].Home == Protestant && !s.League {
		return nil
	}
	near := false
	for _, e := range spaces[sp].Nbr {
		if e.Pass {
			continue
		}
		if s.enemyLandIn(int(e.To), p) {
			return fmt.Errorf("enemy land units are adjacent to %s (%s)", name, spaces[e.To].Name)
		}
		near = near || s.ownLandIn(int(e.To), p) > 0
	}
	if !near {
		return fmt.Errorf("no %s land units in or adjacent to %s (passes do not count)", powers[p].Name, name)
	}
	return nil
}
