package hereistand

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Spring Deployment (HIS-10): in Impulse Order each power may move one
// formation from its capital to a friendly-controlled space, free.

// springCapitals lists the capitals power p may deploy from: its own,
// under its control, holding its land units or army leaders (HIS-10a-b).
func (s *St) springCapitals(p int) []int {
	if p == Protestant {
		return nil
	}
	var out []int
	for _, c := range powers[p].Capitals {
		if s.Controller(c) == p && (s.Units[c][p].Land() > 0 || len(s.armyLeaders(p, c)) > 0) {
			out = append(out, c)
		}
	}
	return out
}

// seaBlocked: no spring deployment across sea zone z while another power,
// even an ally, has naval units in a port on it (HIS-10g).
func (s *St) seaBlocked(p, z int) bool {
	for _, port := range seas[z].Ports {
		for q := 0; q < NPow; q++ {
			if q != p && s.Units[port][q].Naval() > 0 {
				return true
			}
		}
	}
	return false
}

// springReach is the set of spaces a formation of n land units of power p
// may deploy to from capital c (HIS-10c-h): a path over friendly-controlled
// spaces free of unrest, no pass, at most one sea zone crossed from a
// friendly port to another on it, with at most 5 land units, and only
// while no other power has naval units in its ports. By ruling the
// destination must hold no enemy units: deployment never starts a battle.
func (s *St) springReach(p, c, n int) []int {
	var seen [2]locSet
	type node struct {
		sp    int
		ocean int
	}
	ok := func(sp int) bool { return s.Friendly(sp, p) && !s.InUnrest(sp) }
	waive := s.More.Spring // Spring Preparations (HIS-10i, events_more.go)
	queue := []node{{c, 0}}
	seen[0].set(c)
	var out []int
	var listed locSet
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x.sp != c && !listed.has(x.sp) && !s.enemyUnitsIn(x.sp, p) {
			listed.set(x.sp)
			out = append(out, x.sp)
		}
		for _, e := range spaces[x.sp].Nbr {
			y := int(e.To)
			if e.Pass && !waive || seen[x.ocean].has(y) || !ok(y) {
				continue
			}
			seen[x.ocean].set(y)
			queue = append(queue, node{y, x.ocean})
		}
		if x.ocean == 1 || n > 5 && !waive {
			continue
		}
		for _, z := range spaces[x.sp].Seas {
			if s.seaBlocked(p, z) && !waive {
				continue
			}
			for _, y := range seas[z].Ports {
				if y == x.sp || seen[1].has(y) || !ok(y) {
					continue
				}
				seen[1].set(y)
				queue = append(queue, node{y, 1})
			}
		}
	}
	sort.Ints(out)
	return out
}

// springDestinations lists power p's deployments with the largest
// formation its leaders in the capital may command.
func (s *St) springDestinations(p int) []string {
	var out []string
	for _, c := range s.springCapitals(p) {
		fm := s.assaultFormation(p, c)
		// Whether the counters allow the move depends only on the units
		// already at the destination: one check per different stack there.
		fits := map[[NPow]Force]bool{}
		for _, y := range s.springReach(p, c, fm.Land()) {
			at := s.Units[y]
			ok, seen := fits[at]
			if !seen {
				ok = s.moveFitsCounters(fm, y) == nil
				fits[at] = ok
			}
			if !ok {
				continue
			}
			o := order{verb: "deploy", units: unitSpec{given: fm.Land() > 0, count: fm.Land()}, from: c, to: y, leaders: fm.Leaders}
			out = append(out, o.canonical(p))
		}
	}
	return out
}

// springAnswer carries out power p's deployment or its refusal.
func (r *run) springAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	legal := append([]string{"no deployment"}, s.springDestinations(p)...)
	if len(legal) > 12 {
		legal = append(legal[:12], "...")
	}
	lines, played, rej := r.venetianInformant(p, lines, legal) // events_last.go
	if rej == nil && played == nil {
		lines, played, rej = r.springPreparations(p, lines, legal) // events_more.go
	}
	if rej != nil {
		return nil, rej
	}
	defer func() { s.More.Spring = false }()
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	o, err := parseOrder(p, l.Text, nil)
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	canon := ""
	switch o.verb {
	case "decline", "pass", "done":
		r.say("%s does not deploy.", powers[p].Name)
		canon = "no deployment"
	case "deploy":
		if !contains(s.springCapitals(p), o.from) {
			return nil, reject(l, errLegal(legal, "%s may deploy only from its capital (HIS-10a-b)", powers[p].Name))
		}
		f, err := o.formation(s, p, s.ownFree(p, o.from))
		if err == nil {
			err = s.checkFormation(p, f)
		}
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		if !contains(s.springReach(p, o.from, f.Land()), o.to) {
			why := "no path of friendly spaces without unrest or passes"
			if f.Land() > 5 {
				why += "; more than 5 land units may not cross a sea zone"
			}
			return nil, reject(l, errLegal(legal, "%s cannot deploy to %s: %s (HIS-10c-h)", powers[p].Name, spaces[o.to].Name, why))
		}
		if err := s.moveFitsCounters(f, o.to); err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		s.moveFormation(f, o.to)
		r.say("%s deploys %s from %s to %s.", powers[p].Name, unitsOf(p, f), spaces[o.from].Name, spaces[o.to].Name)
		canon = o.canonical(p)
	default:
		return nil, reject(l, errLegal(legal, "answer with a deployment or \"no deployment\""))
	}
	s.Active++
	return append(played, canon), nil
}

// springText explains the Spring Deployment decision.
func (s *St) springText(p int) string {
	var cs []string
	for _, c := range s.springCapitals(p) {
		cs = append(cs, spaces[c].Name)
	}
	return fmt.Sprintf("Spring Deployment: you may move one formation from %s to a friendly space, free (HIS-10).",
		strings.Join(cs, " or "))
}
