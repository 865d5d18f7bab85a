package richard3

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// usurpCount counts side's nobles, Church blocks and heirs on the map
// outside exile and the Isle of Man, plus one for holding Middlesex (8.2).
func (s *State) usurpCount(side Side) int {
	n := 0
	for i := 0; i < nBlocks; i++ {
		l := s.Loc[i]
		if !onMap(l) || s.owner(i) != side {
			continue
		}
		if areas[l].Exile != NoSide || int(l) == aIsleOfMan {
			continue
		}
		switch blocks[i].Type {
		case tNoble, tChurch:
			n++
		case tHeir:
			if blocks[i].Side == side {
				n++
			}
		}
	}
	if s.friendly(aMiddlesex, side) {
		n++
	}
	return n
}

// politicalTurn plays 8.1 and 8.2 and opens 8.3 (or ends the game).
func (s *State) politicalTurn(ev *[]adjudicator.Event) {
	final := s.Campaign >= s.LastCamp
	if !final || s.Opt.FinalDisband {
		s.disband(ev)
	}
	p, k := s.usurpCount(s.pretender()), s.usurpCount(s.King)
	*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("Political turn after campaign %d. Usurpation count (8.2): Pretender (%s) %d, King (%s) %d.", s.Campaign, s.pretender(), p, s.King, k)})
	if p > k {
		s.King = s.King.Other()
		// A throne left empty by a King who died in the last Supply Phase
		// is now the usurper's: his senior heir reigns at once (8.2).
		s.KingDead, s.NewKing = false, false
		who := "nobody"
		if h := s.seniorHeir(s.King); h >= 0 {
			who = blocks[h].Name
		}
		*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("Usurpation! %s takes the throne: %s is King; %s is now the Pretender.", s.King, who, s.King.Other())})
	} else {
		*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("No usurpation: %s keeps the throne.", s.King)})
	}
	if final {
		s.finish(s.King, fmt.Sprintf("%s wins: King after the final usurpation check (9.0).", s.King))
		return
	}
	s.Phase = phPretenderHome
	s.homeStep(ev)
}

// disband is 8.1.
func (s *State) disband(ev *[]adjudicator.Event) {
	for i := 0; i < nBlocks; i++ {
		if !onMap(s.Loc[i]) {
			continue
		}
		switch blocks[i].Type {
		case tLevy, tBombard, tRebel:
			s.Loc[i] = locPool
		case tMerc:
			if h := blocks[i].homeExile(); h >= 0 {
				s.Loc[i] = int8(h)
			} else {
				s.Loc[i] = locPool
			}
		}
	}
	*ev = append(*ev, adjudicator.Event{Text: "Levies, Bombards, the Welsh and the Rebel disband; mercenaries go home (8.1)."})
}

// homeOptions lists where block i goes home (8.3, 8.4, 9.1). nil means it
// stays (already in exile, or not a block that goes home); a single -1
// means its pool.
func (s *State) homeOptions(i int) []int {
	l := s.Loc[i]
	if !onMap(l) || areas[l].Exile != NoSide {
		return nil
	}
	side := s.owner(i)
	bl := &blocks[i]
	var out []int
	ok := func(a int) bool { return !s.enemyIn(a, side) && areas[a].Exile != side.Other() }
	switch {
	case bl.Type == tHeir && bl.Side == side:
		if side == s.pretender() {
			for a := 0; a < nAreas; a++ {
				if areas[a].Exile == side {
					out = append(out, a)
				}
			}
			return out
		}
		sh := s.heirShields(i)
		for a := 0; a < nAreas; a++ {
			if (areas[a].Crown || hasShield(&areas[a], sh)) && ok(a) {
				out = append(out, a)
			}
		}
		if len(out) == 0 {
			return []int{int(l)}
		}
		return out
	case bl.Type == tNoble || bl.Type == tChurch:
		homes := append([]int(nil), bl.Home...)
		if bl.Neville {
			for _, id := range []string{"warwick_y", "kent_y", "salisbury_y"} {
				o := blockIdx[id]
				if blocks[o].Name != bl.Name && s.Loc[o] == locDead {
					homes = append(homes, blocks[o].Home...)
				}
			}
		}
		for _, a := range homes {
			if a == aCalais && bl.Side == Lancaster {
				continue
			}
			if ok(a) && !containsInt(out, a) {
				out = append(out, a)
			}
		}
		if len(out) == 0 && bl.CalaisHome && side == York {
			out = append(out, aCalais)
		}
		if len(out) == 0 {
			return []int{-1}
		}
		return out
	}
	return nil
}

// homeStep moves the blocks of the side going home now (Pretender in
// 8.3, King in 8.4); it stops for a decision when a block has a choice.
func (s *State) homeStep(ev *[]adjudicator.Event) {
	for !s.Finished {
		sd := s.King
		if s.Phase == phPretenderHome {
			sd = s.pretender()
		}
		choice := false
		for i := 0; i < nBlocks; i++ {
			if s.owner(i) == sd && len(s.homeOptions(i)) > 1 {
				choice = true
			}
		}
		if choice {
			return
		}
		s.goHome(sd, nil, ev)
		if s.Phase == phPretenderHome {
			s.Phase = phKingHome
			continue
		}
		s.campaignReset(ev)
		return
	}
}

// goHome sends side's blocks home, at the chosen areas or the first legal.
func (s *State) goHome(sd Side, chosen map[int]int, ev *[]adjudicator.Event) {
	var moves []int
	dest := map[int]int{}
	for i := 0; i < nBlocks; i++ {
		if s.owner(i) != sd {
			continue
		}
		opts := s.homeOptions(i)
		if opts == nil {
			continue
		}
		a := s.homeDefault(i, opts)
		if c, ok := chosen[i]; ok {
			a = c
		}
		dest[i] = a
		moves = append(moves, i)
	}
	var pub []string
	for _, i := range moves {
		a := dest[i]
		if a < 0 {
			s.Loc[i] = locPool
			continue
		}
		s.Loc[i] = int8(a)
		if blocks[i].Type == tHeir {
			pub = append(pub, blocks[i].Name+" to "+areas[a].Name)
		}
	}
	role := "Pretender"
	step := "8.3"
	if sd == s.King {
		role, step = "King", "8.4"
	}
	txt := fmt.Sprintf("The %s (%s) goes home (%s).", role, sd, step)
	if len(pub) > 0 {
		txt += " Heirs: " + strings.Join(pub, "; ") + "."
	}
	*ev = append(*ev, adjudicator.Event{Text: txt})
}

func (s *State) applyHome(sd Side, lines []adjudicator.Line, dice adjudicator.Dice, res *adjudicator.Result, quiet bool) *adjudicator.Rejection {
	chosen := map[int]int{}
	var probs []adjudicator.Problem
	var cands []int
	for i := 0; i < nBlocks; i++ {
		if s.owner(i) == sd && len(s.homeOptions(i)) > 1 {
			cands = append(cands, i)
		}
	}
	for _, l := range lines {
		v, rest := orders.Verb(l.Text)
		w, err := matchVerb(v, []string{"home", "pass"})
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: []string{"home <block> -> <area>", "pass"}})
			continue
		}
		if w == "pass" {
			continue
		}
		p := splitWord(rest, "at")
		if len(p) != 2 {
			p = splitArrow(rest)
		}
		if len(p) != 2 {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: "write: home <block> -> <area>"})
			continue
		}
		b, err := matchBlock(p[0], cands, "block of yours with a choice of home")
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: blockNames(cands)})
			continue
		}
		a, err := matchArea(p[1])
		opts := s.homeOptions(b)
		if err != nil || !containsInt(opts, a) {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: blocks[b].Name + " cannot go home there", Legal: []string{"home " + blocks[b].Name + " -> " + areaList(opts)}})
			continue
		}
		chosen[b] = a
		res.Canonical = append(res.Canonical, "home "+blocks[b].Name+" -> "+areas[a].Name)
	}
	if len(probs) > 0 {
		return &adjudicator.Rejection{Problems: probs}
	}
	if len(res.Canonical) == 0 {
		res.Canonical = []string{"pass"}
	}
	s.goHome(sd, chosen, &res.Events)
	if s.Phase == phPretenderHome {
		s.Phase = phKingHome
		s.homeStep(&res.Events)
	} else {
		s.campaignReset(&res.Events)
	}
	return nil
}

// exileExtras lists side's exile areas over their limit at Campaign Reset
// with the blocks that may be sent to the pool (never heirs, ruling R3-R33).
func (s *State) exileExtras(sd Side) []overstack {
	var out []overstack
	for _, o := range s.overstacks(sd) {
		if areas[o.Area].Exile == NoSide {
			continue
		}
		var c []int
		for _, b := range o.Cands {
			if blocks[b].Type != tHeir {
				c = append(c, b)
			}
		}
		if len(c) > 0 {
			o.Excess = min(o.Excess, len(c))
			o.Cands = c
			out = append(out, o)
		}
	}
	return out
}

// campaignReset is 8.5. Blocks over an exile limit go to the pool first
// (7.2c); when a side has a choice it is asked.
func (s *State) campaignReset(ev *[]adjudicator.Event) {
	need := [2]bool{}
	for sd := Side(0); sd < 2; sd++ {
		for _, o := range s.exileExtras(sd) {
			if o.Excess < len(o.Cands) {
				need[sd] = true
			}
		}
	}
	if need[0] || need[1] {
		s.Phase = phReset
		s.Ready = [2]bool{!need[0], !need[1]}
		s.Chosen = [2]uint64{}
		return
	}
	s.finishReset(ev)
}

// applyReset reads "pool <block>, <block>" for exile overstack.
func (s *State) applyReset(sd Side, lines []adjudicator.Line, res *adjudicator.Result) *adjudicator.Rejection {
	var probs []adjudicator.Problem
	var cands []int
	for _, o := range s.exileExtras(sd) {
		cands = append(cands, o.Cands...)
	}
	for _, l := range lines {
		v, rest := orders.Verb(l.Text)
		w, err := matchVerb(v, []string{"pool", "pass"})
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: []string{"pool <block>, <block>", "pass"}})
			continue
		}
		if w == "pass" {
			continue
		}
		for _, it := range orders.SplitList(rest) {
			b, err := matchBlock(it, cands, "block of yours over an exile limit")
			if err != nil {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: blockNames(cands)})
				continue
			}
			s.Chosen[sd] |= 1 << b
			res.Canonical = append(res.Canonical, "pool "+blocks[b].Name)
		}
	}
	for _, o := range s.exileExtras(sd) {
		n := 0
		for _, b := range o.Cands {
			if s.Chosen[sd]&(1<<b) != 0 {
				n++
			}
		}
		if n > o.Excess {
			probs = append(probs, adjudicator.Problem{Reason: fmt.Sprintf("%s is %d over its limit: send %d block(s) to the pool (7.2)", areas[o.Area].Name, o.Excess, o.Excess)})
		}
	}
	if len(probs) > 0 {
		return &adjudicator.Rejection{Problems: probs}
	}
	if len(res.Canonical) == 0 {
		res.Canonical = []string{"pass"}
	}
	s.Ready[sd] = true
	if s.Ready[sd.Other()] {
		s.finishReset(&res.Events)
	}
	return nil
}

// finishReset sends exile extras to the pool (chosen ones first, then the
// last listed) and completes 8.5.
func (s *State) finishReset(ev *[]adjudicator.Event) {
	for sd := Side(0); sd < 2; sd++ {
		for _, o := range s.exileExtras(sd) {
			n := o.Excess
			for _, b := range o.Cands {
				if n > 0 && s.Chosen[sd]&(1<<b) != 0 {
					s.Loc[b] = locPool
					n--
				}
			}
			for k := len(o.Cands) - 1; k >= 0 && n > 0; k-- {
				if b := o.Cands[k]; onMap(s.Loc[b]) {
					s.Loc[b] = locPool
					n--
				}
			}
			*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("%s: %d %s block(s) over the exile limit go to the pool (7.2).", areas[o.Area].Name, o.Excess, sd)})
		}
	}
	s.Chosen = [2]uint64{}
	s.Ready = [2]bool{}
	for i := 0; i < nBlocks; i++ {
		if s.Loc[i] == locDown {
			if h := blocks[i].homeExile(); h >= 0 {
				s.Loc[i] = int8(h)
			} else {
				s.Loc[i] = locPool
			}
		}
		if i == bRebel && onMap(s.Loc[i]) {
			s.Loc[i] = locPool
		}
		if onMap(s.Loc[i]) || s.Loc[i] == locPool {
			s.Str[i] = blocks[i].Steps
		}
	}
	s.Campaign++
	s.Turn = 1
	s.Mull = [2]int8{}
	*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("Campaign reset (8.5): all blocks return to full strength; campaign %d begins and new hands are dealt.", s.Campaign)})
	s.deal(s.dice, [2]bool{true, true})
}

// homeDefault is where a block goes home unless its owner says otherwise:
// where it stands if that is a home, else the first home listed.
func (s *State) homeDefault(i int, opts []int) int {
	if containsInt(opts, int(s.Loc[i])) {
		return int(s.Loc[i])
	}
	return opts[0]
}
