package hereistand

import (
	"fmt"
	"strings"
)

// Naval transport (HIS-16.3): a formation of at most 5 land units in a
// port crosses sea zones holding its power's ships and lands in a port,
// 1 CP for each step (port to zone, zone to zone, zone to port). The
// landing is a land move (move.go): interception, avoid battle,
// withdrawal and battle; a lost battle there destroys the transported
// units (HIS-16.3e).

// parseTransport reads "[units] from <port> via <zone>[, <zone>] to
// <port> [with <leaders>]".
func parseTransport(p int, words []string) (order, error) {
	o := order{verb: "transport", from: -1, to: -1}
	u, rest, err := splitUnits(words)
	if err != nil {
		return o, err
	}
	o.units = u
	rest, lead, hasWith := cut(rest, "with")
	if hasWith {
		if o.leaders, err = matchLeaders(p, strings.Join(lead, " ")); err != nil {
			return o, err
		}
	}
	if len(rest) > 0 && rest[0] == "from" {
		rest = rest[1:]
	}
	fromW, rest, okVia := cut(rest, "via")
	viaW, toW, okTo := cut(rest, "to")
	if !okVia || !okTo {
		return o, fmt.Errorf("naval transport reads \"transport 4 from <port> via <sea zone> to <port>\"")
	}
	if o.from, err = matchSpace(strings.Join(fromW, " ")); err != nil {
		return o, err
	}
	if o.to, err = matchSpace(strings.Join(toW, " ")); err != nil {
		return o, err
	}
	for _, z := range strings.Split(strings.Join(viaW, " "), ",") {
		loc, err := matchLoc(z)
		if err != nil {
			return o, err
		}
		if !isSea(loc) {
			return o, fmt.Errorf("%s is not a sea zone", locName(loc))
		}
		o.navals = append(o.navals, [2]int{loc, loc})
	}
	if !u.given && len(o.leaders) == 0 {
		return o, fmt.Errorf("say which units (a number, kinds or \"all\") or which leaders")
	}
	return o, nil
}

// transportCanonical is the normal form of a transport order.
func (o order) transportCanonical() string {
	var zs []string
	for _, z := range o.navals {
		zs = append(zs, locName(z[0]))
	}
	lead := ""
	if len(o.leaders) > 0 {
		var ns []string
		for _, l := range o.leaders {
			ns = append(ns, leaders[l].Name)
		}
		lead = " with " + strings.Join(ns, ", ")
	}
	return strings.TrimSpace(fmt.Sprintf("transport %s from %s via %s to %s%s", o.units.text(), spaces[o.from].Name,
		strings.Join(zs, ", "), spaces[o.to].Name, lead))
}

// transportAction checks and starts a naval transport (HIS-16.3b-d).
func (r *run) transportAction(p int, o order) error {
	s := r.s
	if err := s.militaryAllowed(p); err != nil {
		return err
	}
	from, to := o.from, o.to
	f, err := o.formation(s, p, s.ownFree(p, from))
	if err != nil {
		return err
	}
	if f.Land() > 5 {
		return fmt.Errorf("at most 5 land units go by sea (HIS-16.3b), not %d", f.Land())
	}
	if err := s.checkFormation(p, f); err != nil {
		return err
	}
	switch {
	case !spaces[from].port():
		return fmt.Errorf("%s is not a port", spaces[from].Name)
	case s.besieged(from, p):
		return fmt.Errorf("a besieged formation may not go by sea (HIS-16.3b)")
	case s.Warfare.NewSiege.has(from) && !s.insideSide(from, p):
		return fmt.Errorf("the siege of %s began this impulse: its besiegers may not move", spaces[from].Name)
	}
	prev := seaLoc(0)
	for i, z := range o.navals {
		loc := z[0]
		switch {
		case i == 0 && !isPortOn(from, loc-NS):
			return fmt.Errorf("%s is not a port on the %s", spaces[from].Name, locName(loc))
		case i > 0 && !navalAdjacent(prev, loc):
			return fmt.Errorf("the %s is not next to the %s", locName(loc), locName(prev))
		case s.Units[loc][p].Naval() == 0:
			return fmt.Errorf("%s has no ships in the %s to carry the formation (HIS-16.3b)", powers[p].Name, locName(loc))
		}
		prev = loc
	}
	if !isPortOn(to, prev-NS) {
		return fmt.Errorf("%s is not a port on the %s", spaces[to].Name, locName(prev))
	}
	if s.enemyNavalIn(to, p) {
		return fmt.Errorf("enemy ships are in %s (HIS-16.3d)", spaces[to].Name)
	}
	if err := s.canEnter(p, to, f.Land() == 0); err != nil {
		return err
	}
	steps := len(o.navals) + 1
	cost := steps * ActionCost(p, ActMove)
	if s.Flow.CP < cost {
		return fmt.Errorf("the transport takes %d steps at %d CP each, with %d CP left", steps, ActionCost(p, ActMove), s.Flow.CP)
	}
	if err := s.respondBars(RespTransport, &f); err != nil {
		return err
	}
	s.Flow.CP -= cost
	if r.respond(RespTransport, p, to, cost, o, f.Leaders) {
		return nil // HIS-16.3b: Foul Weather first
	}
	m := &Move{Power: p, From: from, To: to, F: f, Cost: cost, Interceptor: NoPower}
	// Besiegers that sail away may break the siege they leave (HIS-15.3a).
	m.LeftSiege = s.Warfare.Siege.has(from) && !s.insideSide(from, p)
	r.say("%s sails %s from %s to %s.", powers[p].Name, unitsOf(p, f), spaces[from].Name, spaces[to].Name)
	s.Flow.Move, s.Flow.Declined, s.Flow.NoWithdraw, s.Flow.Transport = m, 0, false, true
	r.continueMove()
	return nil
}

// transportLost destroys the transported units that retreated to their
// port of departure after losing the battle of the landing, and has the
// winner capture their leaders (HIS-16.3e).
func (r *run) transportLost(m *Move, before Force, leadersBefore []int) {
	s := r.s
	u := s.Units[m.From][m.Power]
	back := Force{Reg: u.Reg - min(u.Reg, before.Reg), Merc: u.Merc - min(u.Merc, before.Merc), Cav: u.Cav - min(u.Cav, before.Cav)}
	if back.Land() > 0 {
		s.eliminate(m.From, []Part{{m.Power, back}})
		r.say("The transported %s are lost at sea (HIS-16.3e).", unitText(back))
	}
	captor := s.Controller(m.To)
	for _, l := range m.F.Leaders {
		if int(s.Leader[l]) == m.From && !contains(leadersBefore, l) {
			r.log([]string{s.capture(l, captor)})
		}
	}
}

// transportOptions lists power p's transports across one sea zone, with
// the largest formation up to 5 units.
func (s *St) transportOptions(p int) []string {
	var out []string
	if s.militaryAllowed(p) != nil || s.Flow.CP < 2*ActionCost(p, ActMove) {
		return nil
	}
	s.occ[p].each(func(loc int) {
		if isSea(loc) || !spaces[loc].port() || s.Units[loc][p].Land() == 0 || s.besieged(loc, p) {
			return
		}
		free := s.ownFree(p, loc)
		n := min(free.Land(), 5)
		if n == 0 {
			return
		}
		for _, z := range spaces[loc].Seas {
			if s.Units[seaLoc(z)][p].Naval() == 0 {
				continue
			}
			for _, to := range seas[z].Ports {
				if to == loc || s.enemyNavalIn(to, p) || s.canEnter(p, to, false) != nil {
					continue
				}
				o := order{verb: "transport", units: unitSpec{given: true, count: n}, from: loc, to: to, navals: [][2]int{{seaLoc(z), seaLoc(z)}}}
				out = append(out, o.transportCanonical())
			}
		}
	})
	return out
}
