package hexbattle

// routPhase moves every routed unit of side (CN-11.0), in the order of
// the pack (ruling AMB-13), each along the path that raises its rout
// level least (CN-11.26, ruling AMB-11); among equal paths the engine
// takes the longest move, then the one ending nearest the hex its owner
// named (`rout ID prefer HEX`), then the one nearest the friendly edge.
func (s *St) routPhase(side string) {
	for _, u := range s.Units {
		if u.Side == side && s.onMap(u) && u.Rout > 0 && !s.isCannon(u) {
			s.routUnit(u)
		}
	}
}

type routNode struct {
	at      []Hex
	front   Hex  // a double's front-centre hex
	pivots  int  // pivots made on the way (CN-11.24)
	pen     int  // penalty accrued
	clean   bool // MA > 6: the current pair of steps is all toward
	prev    *routNode
	exit    bool // left the map (CN-7.3)
	drowned bool // entered a river hex (NAV-18.0b)
}

func posKey(hs []Hex) string {
	k := ""
	for _, h := range hs {
		k += h.String()
	}
	return k
}

// routUnit is CN-11.11 to CN-11.26 and the checklist's section 6.5.
func (s *St) routUnit(u *Unit) {
	fast := s.face(u).MA > 6
	r := u.Rout
	if fast {
		r = 2 * u.Rout // CN-11.12
	}
	// final penalty of stopping at node n after t steps
	final := func(n *routNode, t int) int {
		if n.exit || n.drowned {
			return n.pen
		}
		if !fast {
			return n.pen + (r - t) // CN-11.22
		}
		// CN-11.23 (ruling AMB-10): +1 per pair of steps not completed toward
		pen := n.pen
		if t%2 == 1 {
			pen++ // the pair under way is not complete
		}
		return pen + (r-t)/2
	}
	start := &routNode{at: u.At, front: u.Front, clean: true}
	best, bestT := start, 0
	bestPen := final(start, 0)
	edgeDist := func(n *routNode) int {
		if n.exit {
			return -1
		}
		e := s.p.Edge[u.Side]
		d := 0
		for _, h := range n.at {
			d += abs(h.Line - e)
		}
		return d
	}
	prefDist := func(n *routNode) int {
		if n.exit {
			return 1 << 20
		}
		return Dist(n.at[0], u.Prefer)
	}
	layer := []*routNode{start}
	for t := 1; t <= r && len(layer) > 0; t++ {
		seen := map[string]*routNode{}
		var order []string
		add := func(m *routNode, next []Hex, off bool) {
			k := posKey(next)
			if off {
				k = "exit"
			}
			if old, ok := seen[k]; !ok || m.pen < old.pen || (m.pen == old.pen && m.clean && !old.clean) {
				if !ok {
					order = append(order, k)
				}
				seen[k] = m
			}
		}
		for _, n := range layer {
			if n.exit || n.drowned {
				continue
			}
			for d := range 6 {
				next := make([]Hex, len(n.at))
				toward, blocked, off, drown := true, false, false, false
				for i, h := range n.at {
					next[i] = h.Step(d)
					if s.edgeStep(u.Side, h, next[i]) <= 0 {
						toward = false
					}
				}
				for _, h := range next {
					if !s.p.OnMap(h) {
						off = true
						continue
					}
					if err := s.passable(u, h, true); err != nil || s.occupiedFor(u, h) {
						blocked = true
					}
					if s.terrain(h).River {
						drown = true
					}
				}
				if blocked || (off && !toward) {
					continue
				}
				m := &routNode{at: next, prev: n, pen: n.pen, clean: n.clean, exit: off, drowned: drown}
				if fast {
					m.clean = n.clean && toward
					if t%2 == 0 {
						if !m.clean {
							m.pen++
						}
						m.clean = true
					}
				} else if !toward {
					m.pen++
				}
				if len(n.at) == 2 {
					m.front = n.front.Step(d)
				}
				add(m, next, off)
			}
			if len(n.at) == 2 {
				s.routPivots(u, n, t, fast, add)
			}
		}
		layer = layer[:0]
		for _, k := range order {
			n := seen[k]
			layer = append(layer, n)
			f := final(n, t)
			better := f < bestPen
			if f == bestPen {
				switch {
				case t != bestT:
					better = t > bestT
				case u.Prefer != (Hex{}) && prefDist(n) != prefDist(best): // CN-11.26: the owner's choice
					better = prefDist(n) < prefDist(best)
				default:
					better = edgeDist(n) < edgeDist(best)
				}
			}
			if better {
				best, bestT, bestPen = n, t, f
			}
		}
	}
	from := u.At
	var path []Hex
	for n := best; n != nil && n.prev != nil; n = n.prev {
		if !n.exit {
			path = append([]Hex{n.at[0]}, path...)
		}
	}
	switch {
	case best.exit:
		s.say("%s routs off the map from %s (CN-7.3).", u.ID, hexList(from))
		for n := best.prev; n != nil && n.prev != nil; n = n.prev {
			for _, h := range n.at {
				s.captureAt(u, h) // ruling AMB-21
			}
		}
		s.lose(u, "exited")
		return
	case best.drowned:
		s.say("%s routs into the river at %s and drowns (NAV-18.0b).", u.ID, hexList(best.at))
		s.lose(u, "drowned")
		return
	}
	for n := best; n != nil && n.prev != nil; n = n.prev {
		for _, h := range n.at {
			s.captureAt(u, h)
		}
	}
	// CN-11.13: the owner's leaders with the unit go along, unless he
	// told them to stay
	var follow []*Leader
	if bestT > 0 {
		for _, h := range from {
			for _, l := range s.leadersAt(h) {
				if l.Side == u.Side && !l.Stay {
					follow = append(follow, l)
				}
			}
		}
	}
	u.At = best.at
	if len(u.At) == 2 {
		u.Front = best.front // a translation keeps the facing (CN-11.25); a pivot turns it
	}
	for _, l := range follow {
		l.At = u.At[0]
		s.say("Leader %s goes with %s to %s (CN-11.13).", s.leaderName(l), u.ID, l.At)
	}
	if bestPen > 0 {
		s.say("%s routs %d hex(es) to %s and gains %d rout level(s) (CN-11.22).", u.ID, bestT, hexList(u.At), bestPen)
		s.routUp(u, bestPen, false) // ruling AMB-05: not a combat result
	} else if bestT > 0 {
		s.say("%s routs to %s.", u.ID, hexList(u.At))
	}
}

// routPivots adds the pivots a routing double may make from n (CN-11.24):
// one half stays, the other swings one hexside; it costs one hex of the
// rout move and one rout level (and a level more for a slow unit, or a
// spoiled pair of steps for a fast one, when the moving half does not
// step toward the edge).
func (s *St) routPivots(u *Unit, n *routNode, t int, fast bool, add func(*routNode, []Hex, bool)) {
	for fixed := range 2 {
		f, mv := n.at[fixed], n.at[1-fixed]
		d := f.Dir(mv)
		for _, rot := range []int{1, -1} {
			m2 := f.Step(d + rot)
			if !s.p.OnMap(m2) || s.passable(u, m2, true) != nil || s.occupiedFor(u, m2) {
				continue
			}
			next := []Hex{f, m2}
			if fixed == 1 {
				next = []Hex{m2, f}
			}
			toward := s.edgeStep(u.Side, mv, m2) > 0
			m := &routNode{at: next, prev: n, pen: n.pen + 1, clean: n.clean, pivots: n.pivots + 1,
				drowned: s.terrain(m2).River}
			if fast {
				m.clean = n.clean && toward
				if t%2 == 0 {
					if !m.clean {
						m.pen++
					}
					m.clean = true
				}
			} else if !toward {
				m.pen++
			}
			// the front turns with the unit: the hex beside both new
			// hexes nearer the old front
			var best Hex
			bd := 1 << 30
			for _, c := range f.Neighbours() {
				if Adjacent(c, m2) && c != mv {
					if dd := Dist(c, n.front); dd < bd {
						best, bd = c, dd
					}
				}
			}
			m.front = best
			add(m, next, false)
		}
	}
}

// shift moves h by the same axial offset that takes a to b.
func shift(h, a, b Hex) Hex {
	q1, a1 := a.axial()
	q2, a2 := b.axial()
	q, x := h.axial()
	return fromAxial(q+q2-q1, x+a2-a1)
}
