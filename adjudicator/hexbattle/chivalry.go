package hexbattle

import (
	"fmt"
	"strings"
)

// French "chivalry" (CRE-17.11 to CRE-17.13): from the second game turn
// the chivalry side's plate cavalry must spend its whole MA closing, by
// the most direct route, on the nearest enemy plate unit, and attack it
// once adjacent. Routed units are exempt (they neither move normally nor
// attack, CN-10.1). The pack names the side ("chivalry french"); a
// scenario may drop the rule ("no-chivalry"), and so may the players'
// option chivalry=off (CRE-19.14).

// bound says whether u must obey CRE-17.11 now.
func (s *St) bound(u *Unit) bool {
	if s.p.Chivalry == "" || u.Side != s.p.Chivalry || s.sc.NoChivalry || s.NoChivalry || s.GT < 2 {
		return false
	}
	c := s.counter(u)
	return s.onMap(u) && u.Rout == 0 && c.Armour == "P" && s.face(u).Cav && !s.isCannon(u)
}

// quarries lists the enemy plate units nearest to u (CRE-17.11); none
// once every enemy plate unit is gone (CRE-17.13).
func (s *St) quarries(u *Unit) ([]*Unit, int) {
	var out []*Unit
	best := 1 << 30
	for _, t := range s.Units {
		if t.Side == u.Side || !s.onMap(t) || s.counter(t).Armour != "P" || s.isCannon(t) {
			continue
		}
		d := unitDist(u, t)
		if d < best {
			out, best = nil, d
		}
		if d == best {
			out = append(out, t)
		}
	}
	return out, best
}

// quarryDist is u's distance to its nearest enemy plate unit, were it at
// the hexes at.
func (s *St) quarryDist(u *Unit, at []Hex) int {
	best := 1 << 30
	for _, t := range s.Units {
		if t.Side == u.Side || !s.onMap(t) || s.counter(t).Armour != "P" || s.isCannon(t) {
			continue
		}
		best = min(best, unitDist(&Unit{At: at}, t))
	}
	return best
}

// crushable says whether a compelled unit rides through h, removing the
// friendly Genoese there (CRE-17.12).
func (s *St) crushable(u *Unit, h Hex) bool {
	us := s.unitsAt(h)
	if len(us) == 0 {
		return false
	}
	for _, o := range us {
		if o == u {
			continue
		}
		if o.Side != u.Side || s.counter(o).Nation != "genoese" {
			return false
		}
	}
	return true
}

// nextSteps lists the one-step positions a unit could take next, as
// order words, with their cost.
func (s *St) nextSteps(u *Unit, at []Hex, front Hex) []struct {
	word  string
	at    []Hex
	front Hex
	cost  int
} {
	type step = struct {
		word  string
		at    []Hex
		front Hex
		cost  int
	}
	var out []step
	var cands [][]Hex
	if len(at) == 1 {
		for _, n := range at[0].Neighbours() {
			cands = append(cands, []Hex{n})
		}
	} else {
		k := at[0].Dir(at[1])
		for d := range 6 {
			cands = append(cands, []Hex{at[0].Step(k + d), at[1].Step(k + d)})
		}
		cands = append(cands, []Hex{at[0], front}, []Hex{at[1], front})
	}
	for _, next := range cands {
		nf, fresh, _, cost, err := s.doubleStep(u, at, front, next)
		if err != nil {
			continue
		}
		ok := true
		for _, h := range fresh {
			if s.passable(u, h, false) != nil || (s.occupiedFor(u, h) && !s.crushable(u, h)) {
				ok = false
			}
		}
		if ok {
			var w []string
			for _, h := range next {
				w = append(w, h.String())
			}
			out = append(out, step{strings.Join(w, "-"), next, nf, cost})
		}
	}
	return out
}

// closerStep returns a step that brings u nearer its quarry within mp
// movement points, or "".
func (s *St) closerStep(u *Unit, mp int) string {
	d := s.quarryDist(u, u.At)
	if d <= 1 {
		return ""
	}
	for _, st := range s.nextSteps(u, u.At, u.Front) {
		if st.cost <= mp && s.quarryDist(u, st.at) < d {
			return st.word
		}
	}
	return ""
}

// chivalryLimit is the MA a compelled unit must spend (halved when
// fatigued, CN-13.1: closing on the enemy is not moving toward one's edge).
func (s *St) chivalryLimit(u *Unit) int {
	if s.fatigued() {
		return s.face(u).MA / 2
	}
	return s.face(u).MA
}

// chivalryAttacks lists the compelled units that given (the melee
// orders, attacker -> target) sends against another target than the one
// CRE-17.11 requires. Compelled units given no order attack by default.
func (s *St) chivalryAttacks(side string, given map[string]string) []string {
	var out []string
	for _, want := range s.chivalryAttackLines(side) {
		w := strings.Fields(want)
		u := s.unit(w[1])
		q, _ := s.quarries(u)
		ok := given[u.ID] == ""
		for _, t := range q {
			ok = ok || strings.EqualFold(given[u.ID], t.ID)
		}
		if !ok {
			out = append(out, fmt.Sprintf("%s must attack the English plate unit next to it (CRE-17.11): %s", u.ID, want))
		}
	}
	return out
}

// chivalryAttackLines are the attacks the compelled units of side owe.
func (s *St) chivalryAttackLines(side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side != side || !s.bound(u) {
			continue
		}
		q, d := s.quarries(u)
		if d != 1 {
			continue
		}
		for _, t := range q {
			if _, _, _, err := s.meleeCheck(u, t); err == nil {
				out = append(out, "attack "+u.ID+" "+t.ID)
				break
			}
		}
	}
	return out
}

// chivalryMoves returns the movement orders the compelled units of side
// owe, each closing greedily on its quarry, applied in turn to a copy of
// the board.
func (s *St) chivalryMoves(side string) []string {
	w := s.clone()
	w.mv = map[string]int{}
	for k, v := range s.mv {
		w.mv[k] = v
	}
	var out []string
	var ids []string
	for _, u := range w.Units {
		ids = append(ids, u.ID)
	}
	for _, id := range ids {
		u := w.unit(id)
		if u.Side != side || !w.bound(u) {
			continue
		}
		if _, moved := w.mv[u.ID]; moved {
			continue
		}
		for _, limit := range []int{w.chivalryLimit(u), w.face(u).MA} {
			at, front, mp := u.At, u.Front, limit
			var path []string
			for {
				d := w.quarryDist(u, at)
				if d <= 1 {
					break
				}
				best, bd := -1, d
				steps := w.nextSteps(u, at, front)
				for i, st := range steps {
					if st.cost <= mp {
						if nd := w.quarryDist(u, st.at); nd < bd {
							best, bd = i, nd
						}
					}
				}
				if best < 0 {
					break
				}
				st := steps[best]
				path = append(path, st.word)
				at, front, mp = st.at, st.front, mp-st.cost
			}
			if len(path) == 0 {
				break
			}
			t := w.clone()
			t.mv = map[string]int{}
			for k, v := range w.mv {
				t.mv[k] = v
			}
			line := "move " + u.ID + " " + strings.Join(path, " ")
			if _, err := t.moveLine(side, line); err == nil {
				w = t
				out = append(out, line)
				break
			}
		}
	}
	return out
}
