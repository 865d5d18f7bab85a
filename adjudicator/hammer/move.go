package hammer

import (
	"fmt"
	"strings"
)

// moveCtx checks and carries out one player's movement phase (4.0-4.7):
// group activations, movement allowances, stops, border limits, the
// Anglo-Scottish border, pinning and the Norse.
type moveCtx struct {
	s      *St
	side   int
	budget int // movement points of the card
	occ    [NA]uint8
	cnt    [NK]int8
	cross  [NA]int8 // blocks crossing the Anglo-Scottish border per origin
	active [NA]bool // origin areas activated
	norse  bool     // the Norse moved (1 MP)
	spent  int      // movement points spent (cost)
	used   uint64   // blocks moved by this submission
	leave  [NA]int8 // blocks that left an area the enemy attacked
	pin    [NA]int8 // maxLeave at the start of the phase
	truce  bool     // the enemy played Truce: no attacks
}

func newMoveCtx(s *St, side, budget int) *moveCtx {
	m := makeMoveCtx(s, side, budget)
	return &m
}

// makeMoveCtx returns the context of side's movement phase in s. It is
// returned by value, so that a context and the state it works on may
// both live on the caller's stack (random play tries its moves on a
// copy of the state there).
func makeMoveCtx(s *St, side, budget int) (m moveCtx) {
	m = moveCtx{s: s, side: side, budget: budget, cnt: s.BCnt[side]}
	m.truce = s.Truce >= 0 && int(s.Truce) != side
	// One pass over the blocks gives the occupancy and, when the enemy
	// attacks an area, how many of side's blocks there are pinned (4.6):
	// as many may leave as side has blocks there beyond the attackers'.
	attacked := false
	m.pin = noneNA
	if s.Att != noneNA { // no attack yet this turn: nothing to look for
		for a := 0; a < NA; a++ {
			if s.Att[a] >= 0 && int(s.Att[a]) != side {
				attacked = true
				break
			}
		}
	}
	if !attacked {
		m.occ = s.occupancy()
		return m
	}
	var own, other [NA]int8
	if s.occFresh() {
		m.occ, own, other = s.occB, s.occN[side], s.occN[1-side]
	} else {
		for b, l := range s.Loc {
			if uint8(l) < NA {
				m.occ[l] |= sideBit[b]
				if blockSide[b] == side {
					own[l]++
				} else {
					other[l]++
				}
			}
		}
	}
	for a := 0; a < NA; a++ {
		switch {
		case s.Att[a] < 0 || int(s.Att[a]) == side:
		case own[a] < other[a]:
			m.pin[a] = 0
		default:
			m.pin[a] = own[a] - other[a]
		}
	}
	return m
}

// maxLeave is how many of side's blocks may leave area a, pinned by the
// enemy's attack (4.6), or -1 when a is not under attack; it is fixed when
// the movement phase begins.
func (m *moveCtx) maxLeave(a int) int { return int(m.pin[a]) }

// cost is the number of movement points spent so far: one per activated
// group, or one per block crossing the Anglo-Scottish border from it when
// more cross (4.4; ruling AMB-09), plus one for the Norse (4.7). moveBlock
// keeps it.
func (m *moveCtx) cost() int { return m.spent }

// groupCost is what the group moved from one origin costs (see cost).
func groupCost(active bool, cross int8) int {
	switch {
	case !active:
		return 0
	case cross > 1:
		return int(cross)
	}
	return 1
}

func borderLimit(k int) int8 {
	if borders[k].Red {
		return 2
	}
	return 6
}

func (m *moveCtx) enemyIn(a int) bool { return m.occ[a]&(1<<(1-m.side)) != 0 }

// enemyEntered reports whether the enemy entered area a through border k
// this turn.
func (s *St) enemyEntered(a, k, side int) bool {
	d := 0
	if borders[k].B == a {
		d = 1
	}
	u := s.BUse[k][d]
	return u&(1<<(1-side)) != 0
}

// canRetreatAcross reports whether side may leave area a across border k
// after the battle there began (5.5e): not across a border the enemy used
// to enter, unless side also entered by it, later.
func (s *St) canRetreatAcross(a, k, side int) bool {
	d := 0
	if borders[k].B == a {
		d = 1
	}
	u := s.BUse[k][d]
	if u&(1<<(1-side)) == 0 {
		return true
	}
	if u&(1<<side) == 0 {
		return false
	}
	lastScot := u&4 != 0
	return lastScot == (side == Scotland)
}

// Reasons a step is refused (stepBad).
const (
	stepOK = iota
	stepNotAdjacent
	stepTooFar
	stepBorderFull
	stepPinned
	stepTruceAttack
	stepTruceEngland
	stepNorse
)

// stepBad checks one step from a to c for block b at step i of its path;
// it returns why it is refused (stepOK if it is not), without building
// the reason (stepProblem does).
func (m *moveCtx) stepBad(b, origin, a, c, i int) int {
	k := int(adj[a][c])
	switch {
	case k < 0:
		return stepNotAdjacent
	case i >= m.s.moveOf(b):
		return stepTooFar
	case m.cnt[k] >= borderLimit(k):
		return stepBorderFull
	case i == 0 && m.maxLeave(origin) >= 0 && m.s.enemyEntered(origin, k, m.side):
		return stepPinned
	case m.truce && m.enemyIn(c):
		return stepTruceAttack
	case m.truce && m.side == Scotland && c == AreaEngland:
		return stepTruceEngland
	case b == bNorse:
		return stepNorse
	}
	return stepOK
}

// stepProblem checks one step from a to c for block b at step i of its
// path; it returns a reason or "".
func (m *moveCtx) stepProblem(b, origin, a, c, i int) string {
	switch m.stepBad(b, origin, a, c, i) {
	case stepNotAdjacent:
		return fmt.Sprintf("%s is not adjacent to %s", areaName(c), areaName(a))
	case stepTooFar:
		return fmt.Sprintf("%s moves only %d areas", blocks[b].Label, m.s.moveOf(b))
	case stepBorderFull:
		k := int(adj[a][c])
		col := "black"
		if borders[k].Red {
			col = "red"
		}
		return fmt.Sprintf("the %s border %s-%s is full (%d blocks this turn)", col, areaName(a), areaName(c), borderLimit(k))
	case stepPinned:
		return fmt.Sprintf("blocks leaving %s may not cross the border the enemy attacked by (%s-%s)", areaName(origin), areaName(a), areaName(c))
	case stepTruceAttack:
		return "Truce: you may not attack this turn (" + areaName(c) + " holds enemy blocks)"
	case stepTruceEngland:
		return "Truce: the Scots may not enter England this turn"
	case stepNorse:
		return "the Norse moves only by sea: move it straight to a coastal area"
	}
	return ""
}

// mustStop reports whether a block that just moved from a into c must stop.
func (m *moveCtx) mustStop(a, c int) bool {
	k := adj[a][c]
	return m.enemyIn(c) || borders[k].Red || c == AreaEngland
}

// pathProblem checks a whole path for block b (not committing it).
func (m *moveCtx) pathProblem(b, origin int, path []int) string {
	prev := origin
	for i, c := range path {
		if i > 0 {
			before := origin
			if i >= 2 {
				before = path[i-2]
			}
			if m.mustStop(before, prev) {
				return fmt.Sprintf("%s must stop in %s", blocks[b].Label, areaName(prev))
			}
		}
		if r := m.stepProblem(b, origin, prev, c, i); r != "" {
			return r
		}
		prev = c
	}
	return ""
}

// pathOK reports whether pathProblem finds nothing wrong with the path,
// without building a reason.
func (m *moveCtx) pathOK(b, origin int, path []int) bool {
	prev := origin
	for i, c := range path {
		if i > 0 {
			before := origin
			if i >= 2 {
				before = path[i-2]
			}
			if m.mustStop(before, prev) {
				return false
			}
		}
		if m.stepBad(b, origin, prev, c, i) != stepOK {
			return false
		}
		prev = c
	}
	return true
}

// norseProblem checks a Norse move to dest.
func (m *moveCtx) norseProblem(origin, dest int) string {
	if m.norse {
		return "the Norse moves only once"
	}
	if dest == AreaEngland {
		return "the Norse may never enter England"
	}
	if !areas[dest].Coastal || dest == origin {
		return "the Norse moves from its coastal area to another Scottish coastal area"
	}
	if m.truce && m.enemyIn(dest) {
		return "Truce: you may not attack this turn"
	}
	return ""
}

// moveBlock commits a checked move of b along path.
func (m *moveCtx) moveBlock(b, origin int, path []int) {
	s := m.s
	mv, bd := s.mv(), s.bd()
	crossed := false
	prev := origin
	last := -1
	for _, c := range path {
		if b == bNorse {
			break // by sea: no border (4.7)
		}
		k := int(adj[prev][c])
		m.cnt[k]++
		bd.BCnt[m.side][k]++
		if borders[k].AngSco {
			crossed = true
		}
		last = k
		prev = c
	}
	if b == bNorse {
		if !m.norse {
			m.spent++
		}
		m.norse = true
	} else {
		m.spent -= groupCost(m.active[origin], m.cross[origin])
		m.active[origin] = true
		if crossed {
			m.cross[origin]++
		}
		m.spent += groupCost(true, m.cross[origin])
	}
	if m.maxLeave(origin) >= 0 {
		m.leave[origin]++
	}
	m.used |= 1 << uint(b)
	dest := path[len(path)-1]
	s.setLoc(b, int8(dest))
	s.pc().Fl[b] |= fMoved
	mv.Orig[b] = int8(origin)
	mv.Entry[b] = int8(last)
	if crossed {
		s.pc().Fl[b] |= fCrossed
	}
	if last >= 0 {
		d := 0
		if borders[last].B == dest {
			d = 1
		}
		u := s.BUse[last][d] | 1<<m.side
		if m.side == Scotland {
			u |= 4
		} else {
			u &^= 4
		}
		bd.BUse[last][d] = u
	}
	if m.enemyIn(dest) {
		switch {
		case s.Att[dest] < 0:
			bd.Att[dest] = int8(m.side)
			bd.Main[dest] = int16(attackKey(s, b))
		case int(s.Att[dest]) == m.side:
			if int(s.Main[dest]) != attackKey(s, b) {
				s.pc().Fl[b] |= fReserve
			}
		default:
			s.pc().Fl[b] |= fReserve // battle reinforcements (5.33)
		}
	}
}

// attackKey identifies the group a block attacked with: its origin and
// the border it crossed. Blocks that crossed the Anglo-Scottish border
// form one group (4.4).
func attackKey(s *St, b int) int {
	if s.Fl[b]&fCrossed != 0 {
		return 4000
	}
	return int(s.Orig[b])*64 + int(s.Entry[b]) + 1
}

// setMain makes the group from origin the Main Attack on area a (5.32).
func (s *St) setMain(side, a, origin int) string {
	if int(s.Att[a]) != side {
		return "you are not attacking " + areaName(a)
	}
	key := -1
	for b := 0; b < NB; b++ {
		if int(s.Loc[b]) == a && blockSide[b] == side && s.Fl[b]&fMoved != 0 && int(s.Orig[b]) == origin {
			key = attackKey(s, b)
			break
		}
	}
	if key < 0 {
		return "none of your blocks attacked " + areaName(a) + " from " + areaName(origin)
	}
	s.bd().Main[a] = int16(key)
	for b := 0; b < NB; b++ {
		if int(s.Loc[b]) == a && blockSide[b] == side && s.Fl[b]&fMoved != 0 {
			if attackKey(s, b) == key {
				s.pc().Fl[b] &^= fReserve
			} else {
				s.pc().Fl[b] |= fReserve
			}
		}
	}
	return ""
}

// reach lists the areas block b could reach from its area now, given the
// counts so far (for prompts and random play).
func (m *moveCtx) reach(b int, out []int) []int {
	origin := int(m.s.Loc[b])
	if b == bNorse {
		for a := 1; a < NA; a++ {
			if m.norseProblem(origin, a) == "" {
				out = append(out, a)
			}
		}
		return out
	}
	// Breadth-first, so an area is first queued (to move on from it) at
	// the least depth it can be passed through; an area first reached
	// where a block must stop (a red border) can still be passed through
	// when reached later by another way (Mar -> Buchan -> Angus -> Fife).
	var seen, queued [NA]bool
	seen[origin], queued[origin] = true, true
	type node struct{ a, d int }
	q := [NA]node{{origin, 0}}
	qh, qt := 0, 1
	// The checks of stepBad, with what does not change hoisted out of
	// the loops (b is not the Norse here).
	mv := m.s.moveOf(b)
	pinned := m.maxLeave(origin) >= 0
	for qh < qt {
		n := q[qh]
		qh++
		if n.d >= mv {
			continue // every step from here is too far
		}
		ar := &areas[n.a]
		for i, c := range ar.Nbr {
			if queued[c] {
				continue
			}
			k := ar.Brd[i]
			if m.cnt[k] >= borderLimit(k) ||
				(n.d == 0 && pinned && m.s.enemyEntered(origin, k, m.side)) ||
				(m.truce && (m.enemyIn(c) || (m.side == Scotland && c == AreaEngland))) {
				continue
			}
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
			if !m.enemyIn(c) && !borders[k].Red && c != AreaEngland && n.d+1 < mv {
				queued[c] = true
				q[qt] = node{c, n.d + 1}
				qt++
			}
		}
	}
	return out
}

// pathTo finds a path (excluding origin) for b to dest within the rules,
// preferring short paths; nil if none.
func (m *moveCtx) pathTo(b, dest int) []int { return m.pathInto(b, dest, new([3]int)) }

// pathInto is pathTo writing the path into buf.
func (m *moveCtx) pathInto(b, dest int, buf *[3]int) []int {
	origin := int(m.s.Loc[b])
	if adj[origin][dest] >= 0 && m.stepBad(b, origin, origin, dest, 0) == stepOK {
		buf[0] = dest
		return buf[:1]
	}
	if m.s.moveOf(b) < 2 {
		return nil
	}
	for _, c := range areas[origin].Nbr {
		if m.stepBad(b, origin, origin, c, 0) != stepOK || m.mustStop(origin, c) {
			continue
		}
		if adj[c][dest] >= 0 && m.stepBad(b, origin, c, dest, 1) == stepOK {
			buf[0], buf[1] = c, dest
			return buf[:2]
		}
	}
	if m.s.moveOf(b) < 3 {
		return nil
	}
	for _, c := range areas[origin].Nbr {
		if m.stepBad(b, origin, origin, c, 0) != stepOK || m.mustStop(origin, c) {
			continue
		}
		for _, e := range areas[c].Nbr {
			if e == origin || m.stepBad(b, origin, c, e, 1) != stepOK || m.mustStop(c, e) {
				continue
			}
			if adj[e][dest] >= 0 && m.stepBad(b, origin, e, dest, 2) == stepOK {
				buf[0], buf[1], buf[2] = c, e, dest
				return buf[:3]
			}
		}
	}
	return nil
}

func areaList(as []int) string {
	n := make([]string, len(as))
	for i, a := range as {
		n[i] = areaName(a)
	}
	return strings.Join(n, ", ")
}
