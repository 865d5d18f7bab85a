package hammer

import (
	"math/bits"
	"slices"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// RandomSubmission implements adjudicator.Player: random legal orders,
// for selfplay, fuzzing and benchmarks.
func (s *St) RandomSubmission(role adjudicator.Role, pick func(n int) int) *adjudicator.Submission {
	side, ok := roleOf(role)
	if !ok || !s.owes(side) {
		return nil
	}
	var (
		sub   *adjudicator.Submission
		t     *textbuf.Buf
		lbuf  []adjudicator.Line
		small = s.Phase == PhCard || s.Phase == PhBattle || s.Phase == PhRaid
	)
	if small { // one line, and a short one
		mem := &randMemSmall{}
		sub, t, lbuf = &mem.sub, &mem.tb, mem.lines[:0]
		t.Reset(mem.text[:])
	} else {
		mem := &randMem{}
		sub, t, lbuf = &mem.sub, &mem.tb, mem.lines[:0]
		t.Reset(mem.text[:])
	}
	var strs [6]string
	lines := strs[:0]
	switch s.Phase {
	case PhCard:
		var hb [5]int8
		h := hb[:0]
		for _, c := range s.Hand[side] {
			if c >= 0 {
				h = append(h, c)
			}
		}
		lines = append(lines, t.S("card ").S(cards[h[pick(len(h))]].Name).Take())
	case PhEvent:
		lines = s.randomEvent(side, pick, t, lines)
	case PhMove1, PhMove2:
		// The copy moves are tried on, with its own records of the
		// turn, on the stack.
		scratch := *s
		smv, sbd, spc := *s.TurnMoves, *s.TurnBorders, *s.Pieces
		scratch.TurnMoves, scratch.TurnBorders, scratch.Pieces = &smv, &sbd, &spc
		scratch.mvOwn, scratch.bdOwn, scratch.ordOwn, scratch.pcOwn = true, true, false, true
		// The copy is ours and moves blocks only through setLoc: once its
		// occupancy is found counted, it need not be compared again.
		scratch.occSure = scratch.occFresh()
		lines = s.randomMoves(side, pick, t, lines, &scratch)
	case PhBattle:
		if s.Choose {
			ch := s.battleChoices()
			lines = append(lines, ch[pick(len(ch))])
			break
		}
		p := s.Bat.Pending
		h, r := p.Choices[pick(len(p.Choices))].Parts(nameOf)
		lines = append(lines, t.S(h).S(r).Take())
	case PhRaid:
		c := s.raidCandidates()
		lines = append(lines, t.S("raid ").S(blocks[c[pick(len(c))]].ID).Take())
	case PhWHomes:
		var chb [8]string
		ch := s.homeChoicesInto(side, t, chb[:0])
		// one choice per noble: group by first two words (few: a list
		// on the stack)
		var kb [8]string
		seen := kb[:0]
		for len(ch) > 0 {
			i := pick(len(ch))
			c := ch[i]
			key := c[:len(c)-len(lastWord(c))]
			if !slices.Contains(seen, key) {
				seen = append(seen, key)
				lines = append(lines, c)
			}
			ch = append(ch[:i], ch[i+1:]...)
		}
	case PhWEng:
		if ok, _ := s.edwardMayWinter(); ok && pick(2) == 0 {
			lines = append(lines, "edward winter")
		}
		if pick(4) > 0 {
			lines = s.autoStepsInto(England, t, lines)
		}
	case PhWScot:
		lines = s.randomScotWinter(pick, t, lines)
	}
	if len(lines) == 0 {
		lines = append(lines, "pass")
	}
	// Field by field: sub is new memory (see addEvent).
	if len(lines) > cap(lbuf) {
		lbuf = make([]adjudicator.Line, 0, len(lines))
	}
	lbuf = lbuf[:len(lines)]
	for i, l := range lines {
		lbuf[i].No, lbuf[i].Text = i+1, l
	}
	sub.Role, sub.Lines = role, lbuf
	return sub
}

// randMem is what RandomSubmission allocates in the common case, in one
// allocation: the submission, its lines and their text.
type randMem struct {
	sub   adjudicator.Submission
	lines [6]adjudicator.Line
	tb    textbuf.Buf
	text  [128]byte
}

// randMemSmall is randMem for the phases that give one short line (a
// card, a battle decision, a border raid): a smaller size class.
type randMemSmall struct {
	sub   adjudicator.Submission
	lines [1]adjudicator.Line
	tb    textbuf.Buf
	text  [40]byte
}

func lastWord(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}

// Kinds of random event orders (randomEvent).
const (
	reIgnore = iota
	reHerald
	rePillage
	reSea
	reTruce
	reVictuals
	reCrownBruce
	reCrownComyn
	reReturn
)

// reOpt is one event order randomEvent may pick, written out only when
// picked.
type reOpt struct{ kind, x, y, b int8 }

func (s *St) randomEvent(side int, pick func(int) int, t *textbuf.Buf, lines []string) []string {
	var obuf [64]reOpt
	opts := append(obuf[:0], reOpt{kind: reIgnore})
	o := s.occupancy()
	switch cards[s.Play[side]].Event {
	case EvHerald:
		for n := 0; n < NN; n++ {
			if e := nobles[n].Blocks[1-side]; e >= 0 && e != bMoray && s.onMap(e) {
				opts = append(opts, reOpt{kind: reHerald, x: int8(n)})
			}
		}
	case EvPillage:
		for x := 0; x < NA; x++ {
			if o[x]&(1<<(1-side)) == 0 {
				continue
			}
			for _, y := range areas[x].Nbr {
				if o[y]&(1<<side) != 0 {
					opts = append(opts, reOpt{kind: rePillage, x: int8(x), y: int8(y)})
				}
			}
		}
	case EvSeaMove:
		for f := 0; f < NA; f++ {
			if !areas[f].Coastal || o[f]&(1<<side) == 0 {
				continue
			}
			b := -1
			for x := 0; x < NB; x++ {
				if int(s.Loc[x]) == f && blockSide[x] == side && x != bNorse {
					b = x
					break
				}
			}
			if b < 0 {
				continue
			}
			for to := 0; to < NA; to++ {
				if to != f && areas[to].Coastal && o[to] == 1<<side {
					opts = append(opts, reOpt{kind: reSea, x: int8(f), y: int8(to), b: int8(b)})
				}
			}
		}
	case EvTruce:
		opts = append(opts, reOpt{kind: reTruce}, reOpt{kind: reTruce}, reOpt{kind: reTruce})
	case EvVictuals:
		for a := 0; a < NA; a++ {
			if o[a]&(1<<side) != 0 {
				opts = append(opts, reOpt{kind: reVictuals, x: int8(a)})
			}
		}
	}
	if side == Scotland && s.canCrown(nobleBruce) {
		opts = append(opts, reOpt{kind: reCrownBruce}, reOpt{kind: reCrownBruce})
	}
	if side == Scotland && s.canCrown(nobleComyn) {
		opts = append(opts, reOpt{kind: reCrownComyn})
	}
	if side == Scotland && s.canBalliol() {
		opts = append(opts, reOpt{kind: reReturn}, reOpt{kind: reReturn})
	}
	switch op := opts[pick(len(opts))]; op.kind {
	case reIgnore:
		t.S("ignore")
	case reHerald:
		t.S("herald ").S(nobles[op.x].Name)
	case rePillage:
		t.S("pillage ").S(areas[op.x].ID).S(" from ").S(areas[op.y].ID)
	case reSea:
		t.S("sea ").S(areas[op.x].ID).S(" -> ").S(areas[op.y].ID).S(": ").S(blocks[op.b].ID)
	case reTruce:
		t.S("truce")
	case reVictuals:
		t.S("victuals ").S(areas[op.x].ID)
	case reCrownBruce:
		t.S("coronation bruce")
	case reCrownComyn:
		t.S("coronation comyn")
	case reReturn:
		t.S("return of the king")
	}
	return append(lines, t.Take())
}

// randomMoves builds legal movement orders on c, a scratch copy of s
// that owns its records of the turn.
func (s *St) randomMoves(side int, pick func(int) int, t *textbuf.Buf, lines []string, c *St) []string {
	budget := cards[s.Play[side]].Value
	m := makeMoveCtx(c, side, budget)
	var dbuf [NA]int
	dests := dbuf[:0]
	var pbuf [3]int
	// unmoved holds side's blocks in each area that have not moved, a bit
	// per block (a block that moves leaves its origin's set, and moved
	// blocks never come back into one).
	var unmoved [NA]uint64
	// What dests was last computed for: origin, allowance and the number
	// of blocks moved before (-1: nothing).
	rFrom, rMv, rMoved, moved := -1, -1, -1, 0
	// from has a bit for each area in unmoved that is not yet active.
	var from uint32
	for set := sideBlocks[side]; set != 0; set &= set - 1 {
		b := bits.TrailingZeros64(set)
		if a := int(c.Loc[b]); a >= 0 && a < NA && c.Fl[b]&fMoved == 0 {
			unmoved[a] |= 1 << uint(b)
			from |= 1 << uint(a)
		}
	}
	for try := 0; try < budget+1 && m.cost() < budget; try++ {
		// Areas holding a block of side that has not moved, in area
		// order: the k-th bit of from.
		no := bits.OnesCount32(from)
		if no == 0 {
			break
		}
		set := from
		for k := pick(no); k > 0; k-- {
			set &= set - 1
		}
		o := bits.TrailingZeros32(set)
		all := pick(3) == 0
		// In block order: only the block in hand moves during the loop.
		for set := unmoved[o]; set != 0; set &= set - 1 {
			b := bits.TrailingZeros64(set)
			if !all && pick(3) == 0 {
				continue
			}
			if ml := m.maxLeave(o); ml >= 0 && int(m.leave[o]) >= ml {
				break
			}
			if b == bNorse {
				if m.norse || m.cost()+1 > budget {
					continue
				}
				dests = m.reach(b, dests[:0])
				rMv = -1 // dests now holds the Norse's
				if len(dests) == 0 {
					continue
				}
				d := dests[pick(len(dests))]
				m.moveBlock(b, o, []int{d})
				moved++
				unmoved[o] &^= 1 << uint(b)
				if unmoved[o] == 0 {
					from &^= 1 << uint(o)
				}
				lines = append(lines, t.S("move ").S(areas[o].ID).S(" -> ").S(areas[d].ID).S(": norse").Take())
				continue
			}
			// The areas a block can reach depend on its area, its
			// allowance and the moves so far: blocks alike share them.
			if mv := c.moveOf(b); mv != rMv || o != rFrom || moved != rMoved {
				dests = m.reach(b, dests[:0])
				rMv, rFrom, rMoved = mv, o, moved
			}
			if len(dests) == 0 {
				continue
			}
			d := dests[pick(len(dests))]
			path := m.pathInto(b, d, &pbuf)
			if path == nil || !m.pathOK(b, o, path) {
				continue
			}
			// cost check: the cost with this block's group grown by it
			cross := m.cross[o]
			prev := o
			for _, x := range path {
				if borders[adj[prev][x]].AngSco {
					cross++
					break
				}
				prev = x
			}
			if m.cost()-groupCost(m.active[o], m.cross[o])+groupCost(true, cross) > budget {
				continue
			}
			m.moveBlock(b, o, path)
			moved++
			unmoved[o] &^= 1 << uint(b)
			from &^= 1 << uint(o) // active now
			t.S("move ").S(areas[o].ID)
			for _, x := range path {
				t.S(" -> ").S(areas[x].ID)
			}
			lines = append(lines, t.S(": ").S(blocks[b].ID).Take())
		}
	}
	switch pick(16) {
	case 0:
		lines = append(lines, "battle all: retreat when weaker")
	case 1:
		lines = append(lines, "battle all: retreat when down to 1 blocks")
	case 2:
		lines = append(lines, "battle all: ask")
	case 4:
		lines = append(lines, "battles ask")
	case 3:
		for b := 0; b < NB; b++ {
			if blockSide[b] == side && c.onMap(b) {
				lines = append(lines, t.S("hits all: ").S(blocks[b].ID).Take())
				break
			}
		}
	}
	return lines
}

func (s *St) randomScotWinter(pick func(int) int, t *textbuf.Buf, lines []string) []string {
	var skip [NA]bool
	if s.onMap(bKing) {
		switch pick(4) {
		case 0:
			lines = append(lines, "king disband")
			skip[s.Loc[bKing]] = true
		case 1:
			for _, id := range []string{"strathspey", "lennox", "fife"} {
				a := areaByID[id]
				if !s.kingBarred(a) && pick(2) == 0 {
					lines = append(lines, t.S("king ").S(id).Take())
					skip[a] = true
					skip[s.Loc[bKing]] = true
					break
				}
			}
		}
	}
	sel := areaByID["selkirk"]
	if s.onMap(bWallace) && int(s.EdWinAt) != sel && pick(2) == 0 {
		lines = append(lines, "wallace selkirk")
		skip[s.Loc[bWallace]] = true
		skip[sel] = true
	}
	if s.Final {
		return lines
	}
	o := s.occupancy()
	var add [NB]int8
	for a := 1; a < NA; a++ {
		if skip[a] || o[a] != 1<<Scotland {
			continue
		}
		lim := castleFor(a, Scotland)
		n := s.count(a, Scotland)
		if n > lim {
			continue
		}
		rp := lim
		for rp > 0 {
			if n < lim && pick(2) == 0 {
				extra := 0
				if rp > 1 && pick(2) == 0 {
					extra = 1
				}
				lines = append(lines, t.S("draw ").S(areas[a].ID).S(" +").Int(extra).Take())
				rp -= 1 + extra
				n++
				continue
			}
			best := -1
			for set := sideBlocks[Scotland]; set != 0; set &= set - 1 {
				b := bits.TrailingZeros64(set)
				if int(s.Loc[b]) == a && int(s.Str[b])+int(add[b]) < blocks[b].Max &&
					(best < 0 || s.Str[b]+add[b] < s.Str[best]+add[best]) {
					best = b
				}
			}
			if best < 0 {
				break
			}
			add[best]++
			lines = append(lines, t.S("step ").S(blocks[best].ID).Take())
			rp--
		}
	}
	return lines
}

func itoa(n int) string {
	if n >= 0 && n < 10 {
		return string(rune('0' + n))
	}
	return "9"
}
