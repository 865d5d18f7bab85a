package richard3

import (
	"fmt"
	"math/bits"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// RandomSubmission implements adjudicator.Player: random legal orders.
func (s *State) RandomSubmission(role adjudicator.Role, pick func(n int) int) *adjudicator.Submission {
	sd := sideOfRole(role)
	if !s.owes(sd) {
		return nil
	}
	mem := &randMem{}
	t := &mem.tb
	t.Reset(mem.text[:])
	lines := mem.strs[:0]
	switch s.Phase {
	case phMulligan:
		lines = append(lines, [2]string{"mulligan", "keep"}[pick(2)])
	case phMulliganReply:
		lines = append(lines, [2]string{"keep", "redraw"}[pick(2)])
	case phCard:
		var hb [32]int
		h := hb[:0]
		for x := s.Hand[sd]; x != 0; x &= x - 1 {
			h = append(h, bits.TrailingZeros32(x))
		}
		lines = append(lines, t.S("card ").S(cardName(h[pick(len(h))])).Take())
	case phAction1, phAction2:
		lines = s.randomActions(sd, pick, t, lines)
	case phBattle:
		if s.TreasonAsk {
			ch := s.treasonPrompt(sd).Choices
			lines = append(lines, ch[pick(len(ch))])
			break
		}
		p := s.Battle.Pending
		ch := p.Strings(s.nameOf)
		lines = append(lines, ch[pick(len(ch))])
	case phNextBattle:
		lines = s.randomNextBattle(pick)
	case phSupply:
		lines = s.randomSupply(sd, pick)
	case phReset:
		lines = []string{"pass"}
		for _, o := range s.exileExtras(sd) {
			if pick(2) == 0 {
				lines = append(lines, "pool "+blocks[o.Cands[pick(len(o.Cands))]].Name)
			}
		}
	default:
		lines = []string{"pass"}
		for i := 0; i < nBlocks; i++ {
			if s.owner(i) == sd {
				if opts := s.homeOptions(i); len(opts) > 1 {
					lines = append(lines, "home "+blocks[i].Name+" -> "+areas[opts[pick(len(opts))]].Name)
				}
			}
		}
	}
	sub := &mem.sub
	*sub = adjudicator.Submission{Role: role, Lines: mem.lines[:0]}
	for i, l := range lines {
		sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	sub.Lines = append(sub.Lines, adjudicator.Line{No: len(lines) + 1, Text: quietMark})
	return sub
}

// randMem is what RandomSubmission allocates in the common case, in one
// allocation: the submission, its lines and their text.
type randMem struct {
	sub   adjudicator.Submission
	lines [10]adjudicator.Line
	strs  [10]string
	tb    textbuf.Buf
	text  [256]byte
}

func (s *State) randomSupply(sd Side, pick func(int) int) []string {
	var out []string
	if s.Stage == 0 {
		if h := s.minorToEnter(sd); h >= 0 && s.EnterDue[sd] > 0 {
			opts := s.entryAreas(sd)
			if len(opts) > 0 {
				out = append(out, "place "+blocks[h].Name+" at "+areas[opts[pick(len(opts))]].Name)
			}
		}
		if d := s.defectedHeld(sd); d >= 0 && pick(4) == 0 {
			out = append(out, "execute "+blocks[d].Name)
		}
	} else {
		for _, o := range s.overstacks(sd) {
			if pick(2) == 0 {
				b := o.Cands[pick(len(o.Cands))]
				out = append(out, "lose "+areas[o.Area].Name+": "+blocks[b].Name)
			}
		}
	}
	if len(out) == 0 {
		out = []string{"pass"}
	}
	return out
}

// randomActions builds random action orders, keeping only those that the
// rules accept on a scratch copy.
func (s *State) randomActions(sd Side, pick func(int) int, t *textbuf.Buf, out []string) []string {
	n := s.clone()
	n.tb = t // the orders tried write their canonical lines with the submission's
	c := n.newActx(sd)
	c.quiet = true
	start := len(out)
	// try gives the order written in t (its verb and the rest) on the
	// scratch copy, and keeps it if the rules accept it.
	try := func(verb string) {
		line := t.Take()
		rest := line[len(verb)+1:]
		before := len(c.probs)
		snap := *n
		c.order(adjudicator.Line{}, verb, rest)
		if len(c.probs) > before {
			c.probs = c.probs[:before]
			*n = snap
			return
		}
		out = append(out, line)
	}
	var r reachTab
	var pbuf [reachMax + 1]int
	var mvBuf, blBuf, dBuf, keyBuf, srcBuf, poolBuf, asBuf [64]int
	switch c.event {
	case "plague":
		if tg := n.plagueTargets(sd); len(tg) > 0 {
			t.S("plague ").S(areas[tg[pick(len(tg))]].Name)
			try("plague")
		}
	case "muster":
		var cands []int
		for a := 0; a < nAreas; a++ {
			if n.friendly(a, sd) && areas[a].Exile == NoSide {
				cands = append(cands, a)
			}
		}
		if len(cands) > 0 {
			m := cands[pick(len(cands))]
			t.S("muster ").S(areas[m].Name)
			try("muster")
			for a := 0; a < nAreas; a++ {
				if a == m || c.movableAreas()&(1<<a) == 0 || pick(2) == 0 {
					continue
				}
				if n.reachInto(&r, a, sd, c.movableN(a), 2, 0); r.has&(1<<m) != 0 {
					writePath(t.S("move "), r.pathOf(m, &pbuf)).S(": all")
					try("move")
				}
			}
		}
	}
	// Moves first, then recruits: the order Apply uses.
	recruits := 0
	for k := 0; k < 6 && c.ap-recruits > 0; k++ {
		srcs := srcBuf[:0]
		ma := c.movableAreas()
		for a := 0; a < nAreas; a++ {
			if ma&(1<<a) != 0 {
				srcs = append(srcs, a)
			}
		}
		choice := pick(4)
		if c.event != "" {
			choice = 0
			if c.event == "piracy" {
				choice = 1
			}
		}
		switch {
		case choice <= 1 && len(srcs) > 0 && (choice == 0 || c.event == "piracy"):
			from := srcs[pick(len(srcs))]
			mv := c.s.appendBlocksIn(mvBuf[:0], from, c.side, fMoved)
			bl := blBuf[:0]
			for _, b := range mv {
				if pick(3) != 0 {
					bl = append(bl, b)
				}
			}
			if len(bl) == 0 {
				bl = mv[:1]
			}
			if choice == 1 {
				dests := dBuf[:0]
				for d := 0; d < nAreas; d++ {
					if d != from && areas[d].Seas&areas[from].Seas != 0 {
						dests = append(dests, d)
					}
				}
				if len(dests) > 0 && areas[from].Seas != 0 {
					t.S("sea ").S(areas[from].Name).S(" -> ").S(areas[dests[pick(len(dests))]].Name).S(": ")
					writeBlocks(t, bl[:1])
					try("sea")
				}
				continue
			}
			steps := 2
			if c.event == "force_march" {
				steps = 3
			}
			bonus := 0
			if c.event == "surprise" {
				bonus = 1
			}
			n.reachInto(&r, from, sd, len(bl), steps, bonus)
			if r.has == 0 {
				continue
			}
			keys := keyBuf[:0]
			for d := 0; d < nAreas; d++ {
				if r.has&(1<<d) != 0 {
					keys = append(keys, d)
				}
			}
			d := keys[pick(len(keys))]
			writeBlocks(writePath(t.S("move "), r.pathOf(d, &pbuf)).S(": "), bl)
			try("move")
		case choice == 1 && len(srcs) > 0:
			from := srcs[pick(len(srcs))]
			if areas[from].Seas == 0 {
				continue
			}
			dests := dBuf[:0]
			for d := 0; d < nAreas; d++ {
				if d != from && areas[d].Seas&areas[from].Seas != 0 {
					dests = append(dests, d)
				}
			}
			mv := c.s.appendBlocksIn(mvBuf[:0], from, c.side, fMoved)
			k := 1 + pick(2)
			if k > len(mv) {
				k = len(mv)
			}
			t.S("sea ").S(areas[from].Name).S(" -> ").S(areas[dests[pick(len(dests))]].Name).S(": ")
			writeBlocks(t, mv[:k])
			try("sea")
		default:
			recruits++
		}
	}
	for ; recruits > 0 && c.ap > 0 && c.event == ""; recruits-- {
		p := n.appendPool(poolBuf[:0], sd)
		if len(p) == 0 {
			break
		}
		b := p[pick(len(p))]
		as := n.appendRecruitAreas(asBuf[:0], b, sd)
		if len(as) == 0 {
			continue
		}
		t.S("recruit ").S(blocks[b].Name).S(" at ").S(areas[as[pick(len(as))]].Name)
		try("recruit")
	}
	switch pick(6) {
	case 0:
		t.S("battle all: retreat if weaker")
		try("battle")
	case 1:
		t.S("battle all: treachery; charge")
		try("battle")
	case 2:
		t.S("battle all: treachery")
		try("battle")
	}
	if sd == s.P1 && s.Phase == phAction1 && pick(3) == 0 {
		t.S("battles ask")
		try("battles")
	}
	if len(out) == start {
		out = append(out, "pass")
	}
	return out
}

// Check implements adjudicator.Checker.
func (s *State) Check() error {
	for i := 0; i < nBlocks; i++ {
		l := s.Loc[i]
		switch {
		case onMap(l):
			if s.Str[i] < 1 || s.Str[i] > blocks[i].Steps {
				return fmt.Errorf("%s at %s has strength %d of %d", blocks[i].ID, areas[l].ID, s.Str[i], blocks[i].Steps)
			}
			if areas[l].Exile == s.owner(i).Other() {
				return fmt.Errorf("%s is in the enemy exile area %s", blocks[i].ID, areas[l].ID)
			}
			if i == bRebel && areas[l].Exile != NoSide && areas[l].Exile != s.owner(i) {
				return fmt.Errorf("the Rebel is in %s", areas[l].ID)
			}
		case l == locPool, l == locDown, l == locMinor, l == locAside, l == locDead, l == locDefected, l == locCaptive:
		default:
			return fmt.Errorf("%s has unknown location %d", blocks[i].ID, l)
		}
		if c := blocks[i].Counter; c >= 0 && c > i {
			in := func(x int8) bool { return onMap(x) || x == locPool || x == locDown }
			if in(s.Loc[i]) && in(s.Loc[c]) {
				return fmt.Errorf("both versions of %s are in play", blocks[i].Name)
			}
		}
		if blocks[i].Type == tHeir && (l == locPool || l == locDown) {
			return fmt.Errorf("heir %s is in a pool", blocks[i].ID)
		}
	}
	for sd := 0; sd < 2; sd++ {
		for b := range borders {
			if s.BUse[sd][b] > int8(borders[b].Limit+1) {
				return fmt.Errorf("border %s-%s crossed by %d blocks", areas[borders[b].A].ID, areas[borders[b].B].ID, s.BUse[sd][b])
			}
		}
	}
	if s.Hand[0]&s.Hand[1] != 0 {
		return fmt.Errorf("a card is in both hands")
	}
	if !s.Finished {
		for sd := 0; sd < 2; sd++ {
			n := bits.OnesCount32(s.Hand[sd])
			want := 8 - s.Turn
			if s.Phase == phCard || s.Phase == phMulligan || s.Phase == phMulliganReply {
				want = 8 - s.Turn
			} else if s.Phase == phAction1 || s.Phase == phAction2 || s.Phase == phBattle || s.Phase == phNextBattle || s.Phase == phSupply {
				want = 7 - s.Turn
			} else {
				want = n
			}
			if n != want {
				return fmt.Errorf("%s holds %d cards in turn %d (%s)", Side(sd), n, s.Turn, s.label())
			}
		}
		if s.Phase != phAction2 && s.Phase != phBattle && s.Phase != phNextBattle {
			for a := 0; a < nAreas; a++ {
				if s.contested(a) {
					return fmt.Errorf("%s is contested outside the battle phase (%s)", areas[a].ID, s.label())
				}
			}
		}
		if s.Phase == phBattle && s.Battle == nil {
			return fmt.Errorf("battle phase without a battle")
		}
		if s.TreasonAsk && (s.Phase != phBattle || s.Battle.Pending != nil || s.Treason < 0 || len(s.treasonTargets()) < 2) {
			return fmt.Errorf("waiting for a Treason target outside the opening of a battle with a choice of targets")
		}
		if s.Phase == phNextBattle && (s.Battle != nil || s.battlesLeft() < 2 || !s.AskOrder) {
			return fmt.Errorf("player 1 is asked for the next battle with a battle under way or fewer than two left")
		}
		if len(s.Prompts()) == 0 {
			return fmt.Errorf("no prompts in %s", s.label())
		}
		if s.heirsLeft(Lancaster) == 0 || s.heirsLeft(York) == 0 {
			return fmt.Errorf("a House has no heirs but the game goes on")
		}
	}
	return nil
}
