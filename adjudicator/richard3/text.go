package richard3

import (
	"fmt"
	"math/bits"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// txt returns the buffer the current Apply writes its strings to, or a
// fresh one outside Apply (prompts, views), so that a state shared
// between readers is never written.
func (s *State) txt() *textbuf.Buf {
	if s.tb != nil {
		return s.tb
	}
	return &textbuf.Buf{}
}

// applyMem is what one Apply allocates in the common case, in one
// allocation: the new state, the result, room for its events and
// canonical lines, the action phase's context and the first bytes of
// its text.
type applyMem struct {
	st    State
	res   adjudicator.Result
	ev    [8]adjudicator.Event
	canon [8]string
	acan  [8]string
	cev   [8]adjudicator.Event
	act   actx
	tb    textbuf.Buf
	text  [384]byte
}

// cardNames holds each card's short and long names (cardName, cardLong).
var cardNames [][2]string

func init() { // text.go comes after data.go, whose init loads the cards
	cardNames = make([][2]string, len(cards))
	for c := range cards {
		if cards[c].Event != "" {
			cardNames[c] = [2]string{cards[c].Name, fmt.Sprintf("%s (%d AP)", cards[c].Name, cards[c].Value)}
		} else {
			cardNames[c] = [2]string{fmt.Sprint(cards[c].Value), fmt.Sprintf("%d AP", cards[c].Value)}
		}
	}
}

// Roles as event audiences, shared by every event (never modified).
var toRole = [2][]adjudicator.Role{{RoleLancaster}, {RoleYork}}

// writePath writes a path of areas as "A -> B -> C" (pathText).
func writePath(t *textbuf.Buf, p []int) *textbuf.Buf {
	for i, a := range p {
		if i > 0 {
			t.S(" -> ")
		}
		t.S(areas[a].Name)
	}
	return t
}

// writeBlocks writes block names as "A, B, C" (blockList).
func writeBlocks(t *textbuf.Buf, xs []int) *textbuf.Buf {
	for i, b := range xs {
		if i > 0 {
			t.S(", ")
		}
		t.S(blocks[b].Name)
	}
	return t
}

// movableAreas returns the areas holding a block of c.side that may still
// move this turn, a bit per area (movableN(a) > 0).
func (c *actx) movableAreas() uint64 {
	var m uint64
	s := c.s
	for i := 0; i < nBlocks; i++ {
		if a := s.Loc[i]; onMap(a) && s.Fl[i]&fMoved == 0 && s.owner(i) == c.side {
			m |= 1 << uint(a)
		}
	}
	return m
}

// movableN counts side's blocks in a that may still move this turn
// (len(c.movable(a)) without the list).
func (c *actx) movableN(a int) int {
	if a < 0 || a >= nAreas {
		return len(c.movable(a))
	}
	n := 0
	for set := c.s.occupancy().in[a][c.side]; set != 0; set &= set - 1 {
		if c.s.Fl[bits.TrailingZeros64(set)]&fMoved == 0 {
			n++
		}
	}
	return n
}

// reachTab is reach's answer in fixed arrays: the areas reached (a bit
// per area) and one path to each, from the start, as reach finds them.
type reachTab struct {
	has  uint64
	n    [64]int8
	path [64][reachMax + 1]int8
}

// reachMax is the longest move reach is asked about (a Force March).
const reachMax = 4

// pathOf returns the path to d into buf.
func (r *reachTab) pathOf(d int, buf *[reachMax + 1]int) []int {
	for i := 0; i < int(r.n[d]); i++ {
		buf[i] = int(r.path[d][i])
	}
	return buf[:r.n[d]]
}

// reachInto is reach filling r, without allocating.
func (s *State) reachInto(r *reachTab, from int, side Side, n, maxSteps, bonus int) {
	r.has = 0
	if maxSteps > reachMax {
		maxSteps = reachMax
	}
	var forbidden uint64
	if s.Fronts[from].Att == side.Other() {
		forbidden = s.enemyEntries(from, side)
	}
	var path [reachMax + 1]int8
	path[0] = int8(from)
	s.reachWalk(r, &path, 1, from, side, n, maxSteps, bonus, forbidden)
}

func (s *State) reachWalk(r *reachTab, path *[reachMax + 1]int8, depth, from int, side Side, n, maxSteps, bonus int, forbidden uint64) {
	if depth-1 >= maxSteps {
		return
	}
	cur := int(path[depth-1])
next:
	for _, ad := range areas[cur].Adj {
		nxt := ad.To
		for _, x := range path[:depth] {
			if int(x) == nxt {
				continue next
			}
		}
		if areas[nxt].Exile == side.Other() {
			continue
		}
		if cur == from && forbidden&(1<<ad.Border) != 0 {
			continue
		}
		if int(s.BUse[side][ad.Border])+n > borders[ad.Border].Limit+bonus {
			continue
		}
		path[depth] = int8(nxt)
		if r.has&(1<<nxt) == 0 || depth+1 < int(r.n[nxt]) {
			r.has |= 1 << nxt
			r.n[nxt] = int8(depth + 1)
			r.path[nxt] = *path
		}
		if !s.enemyIn(nxt, side) && borders[ad.Border].Color != 'r' {
			s.reachWalk(r, path, depth+1, from, side, n, maxSteps, bonus, forbidden)
		}
	}
}
