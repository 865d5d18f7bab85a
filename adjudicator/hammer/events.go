package hammer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/orders"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// Event cards (3.12) and the Scottish kings (6.2).

func (s *St) canCrown(n int) bool {
	if s.KingDone || !s.wallaceDead() {
		return false
	}
	b := nobles[n].Blocks[Scotland]
	return int(s.Loc[b]) == areaByID["fife"]
}

func (s *St) canBalliol() bool {
	return !s.KingDone && s.Year >= 1301 && s.onMap(bFrench)
}

func (s *St) canCrownAny(side int) bool {
	return side == Scotland && (s.canCrown(nobleBruce) || s.canCrown(nobleComyn) || s.canBalliol())
}

// defect moves noble block b to the other side at its current strength
// and returns the new block.
func (s *St) defect(b int) int {
	p := blocks[b].Partner
	s.setLoc(p, s.Loc[b])
	pc := s.pc()
	pc.Str[p], pc.Fl[p] = pc.Str[b], 0
	mv := s.mv()
	mv.Orig[p], mv.Entry[p] = -1, -1
	s.setLoc(b, LocOut)
	pc.Str[b], pc.Fl[b] = 0, 0
	return p
}

// factionDefects turns every blue noble of faction f on the map English
// (6.21, 6.22).
func (a *applier) factionDefects(f string) {
	s := a.s
	n := 0
	for b := 0; b < NB; b++ {
		if blockSide[b] == Scotland && blocks[b].Type == TNoble && blocks[b].Faction == f && s.onMap(b) {
			where := int(s.Loc[b])
			p := s.defect(b)
			n++
			a.tell(Scotland, fmt.Sprintf("%s in %s defects to England.", blocks[b].Label, areaName(where)))
			a.tell(England, fmt.Sprintf("%s in %s joins you.", blocks[p].Label, areaName(where)))
		}
	}
	a.say(fmt.Sprintf("%d nobles of the %s faction defect to England.", n, strings.Title(f)))
}

func (a *applier) event(lines []adjudicator.Line) {
	s := a.s
	side := a.side
	card := cards[s.Play[side]]
	done := false
	defector := side
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if a.standing(l, verb, rest) {
			continue
		}
		if done {
			a.bad(l, "one event order is enough")
			continue
		}
		v := verb
		switch v {
		case "ignore", "pass":
			done = true
			a.canon = append(a.canon, "ignore")
			a.say(s.txt().S(sideName(side)).S(" ignores the ").S(card.Name).S(" event.").Take())
		case "coronation", "crown":
			if side != Scotland {
				a.bad(l, "only the Scots crown a king")
				continue
			}
			n, err := matchNoble(rest)
			if err != nil || (n != nobleBruce && n != nobleComyn) {
				a.bad(l, "the candidates are Bruce and Comyn (or use: return of the king)", s.eventChoices(side)...)
				continue
			}
			if !s.canCrown(n) {
				a.bad(l, "a coronation needs Wallace dead, no king crowned yet and the candidate in Fife (6.21)", s.eventChoices(side)...)
				continue
			}
			done = true
			defector = England
			s.KingDone = true
			s.setLoc(bKing, int8(areaByID["fife"]))
			s.pc().Str[bKing] = int8(blocks[bKing].Max)
			a.canon = append(a.canon, "coronation "+nobles[n].Name)
			a.say(fmt.Sprintf("Coronation: %s is crowned King of Scots; the King is placed in Fife.", nobles[n].Name))
			if n == nobleBruce {
				a.factionDefects("comyn")
			} else {
				a.factionDefects("bruce")
			}
		case "return", "balliol":
			if side != Scotland {
				a.bad(l, "only the Scots may bring back King Balliol")
				continue
			}
			if !s.canBalliol() {
				a.bad(l, "King Balliol returns only from 1301, with no king crowned and the French knights on the map (6.22)", s.eventChoices(side)...)
				continue
			}
			done = true
			defector = England
			s.KingDone = true
			// 6.22: the King is deployed at full strength, with the
			// French knights (in their area); the knights keep their steps.
			s.setLoc(bKing, s.Loc[bFrench])
			s.pc().Str[bKing] = int8(blocks[bKing].Max)
			a.canon = append(a.canon, "return of the king")
			a.say("Return of the King: King Balliol lands with the French knights in " + areaName(int(s.Loc[bKing])) + ".")
			a.factionDefects("bruce")
		case "herald":
			if card.Event != EvHerald {
				a.bad(l, "you did not play Herald", s.eventChoices(side)...)
				continue
			}
			n, err := matchNoble(rest)
			if err != nil {
				a.bad(l, errText(err))
				continue
			}
			if nobles[n].Blocks[England] < 0 || nobles[n].Blocks[Scotland] < 0 {
				a.bad(l, "Moray can never be won over")
				continue
			}
			if own := nobles[n].Blocks[side]; own >= 0 && s.onMap(own) {
				a.bad(l, nobles[n].Name+" is already yours")
				continue
			}
			done = true
			a.canon = append(a.canon, s.txt().S("herald ").S(nobles[n].Name).Take())
			r := a.d.Roll("herald", 6)
			eb := nobles[n].Blocks[1-side]
			head := func() *textbuf.Buf {
				return s.txt().S("Herald: ").S(sideName(side)).S(" names ").S(nobles[n].Name).S(" and rolls ").Int(r)
			}
			switch {
			case r >= 5:
				a.say(head().S(": the herald fails.").Take())
			case !s.onMap(eb):
				a.say(head().S(", but that noble is not in play: no effect.").Take())
			default:
				where := int(s.Loc[eb])
				s.defect(eb)
				a.say(head().S(": the noble in ").S(areaName(where)).S(" changes sides.").Take())
			}
		case "pillage":
			if card.Event != EvPillage {
				a.bad(l, "you did not play Pillage", s.eventChoices(side)...)
				continue
			}
			if a.pillage(l, rest) {
				done = true
			}
		case "sea":
			if card.Event != EvSeaMove {
				a.bad(l, "you did not play Sea Move", s.eventChoices(side)...)
				continue
			}
			if a.seaMove(l, rest) {
				done = true
			}
		case "truce":
			if card.Event != EvTruce {
				a.bad(l, "you did not play Truce", s.eventChoices(side)...)
				continue
			}
			done = true
			s.Truce = int8(side)
			a.canon = append(a.canon, "truce")
			a.say(sideName(side) + " declares a Truce: " + sideName(1-side) + " may move but not attack this turn.")
		case "victuals":
			if card.Event != EvVictuals {
				a.bad(l, "you did not play Victuals", s.eventChoices(side)...)
				continue
			}
			if a.victuals(l, rest) {
				done = true
			}
		default:
			a.bad(l, "resolve your event now", s.eventChoices(side)...)
		}
	}
	if !done && len(a.probs) == 0 {
		a.bad(adjudicator.Line{}, "resolve your "+card.Name+" event (or ignore it)", s.eventChoices(side)...)
	}
	if len(a.probs) > 0 {
		return
	}
	s.EvOwe[side] = false
	if c := s.contested(); len(c) > 0 {
		bd := s.bd()
		for _, ar := range c {
			bd.Att[ar] = int8(defector)
		}
		s.Phase = PhBattle
		s.After = PhEvent
	}
	s.continueFlow(a.d, &a.ev)
}

// eventChoices lists the event orders side may give now, concretely.
func (s *St) eventChoices(side int) []string {
	card := cards[s.Play[side]]
	var out []string
	o := s.occupancy()
	switch card.Event {
	case EvHerald:
		for n := 0; n < NN; n++ {
			own := nobles[n].Blocks[side]
			if nobles[n].Blocks[England] < 0 || (own >= 0 && s.onMap(own)) {
				continue
			}
			out = append(out, "herald "+nobles[n].Name)
		}
	case EvPillage:
		for x := 0; x < NA; x++ {
			if o[x]&(1<<(1-side)) == 0 {
				continue
			}
			for _, y := range areas[x].Nbr {
				if o[y]&(1<<side) != 0 {
					out = append(out, "pillage "+areas[x].Name+" from "+areas[y].Name)
				}
			}
		}
	case EvSeaMove:
		for f := 0; f < NA; f++ {
			if !areas[f].Coastal || o[f]&(1<<side) == 0 {
				continue
			}
			var bl []string
			for b := 0; b < NB && len(bl) < 2; b++ {
				if int(s.Loc[b]) == f && blockSide[b] == side && b != bNorse {
					bl = append(bl, blocks[b].Label)
				}
			}
			if len(bl) == 0 {
				continue
			}
			for t := 0; t < NA; t++ {
				if t != f && areas[t].Coastal && o[t] == 1<<side {
					out = append(out, "sea "+areas[f].Name+" -> "+areas[t].Name+": "+strings.Join(bl, ", "))
				}
			}
		}
	case EvTruce:
		out = append(out, "truce")
	case EvVictuals:
		for a := 0; a < NA; a++ {
			if o[a]&(1<<side) != 0 {
				out = append(out, "victuals "+areas[a].Name)
			}
		}
	}
	if side == Scotland && s.canCrown(nobleBruce) {
		out = append(out, "coronation Bruce")
	}
	if side == Scotland && s.canCrown(nobleComyn) {
		out = append(out, "coronation Comyn")
	}
	if side == Scotland && s.canBalliol() {
		out = append(out, "return of the king")
	}
	return append(out, "ignore")
}

// hitTarget picks which of side's blocks in area takes the next hit: the
// strongest; ties go to the owner's standing hits list, then the lowest
// firepower, then the latest letter.
func (s *St) hitTarget(area, side int) int {
	var pri [NB]int8
	if txt := s.standText(side, area); txt != "" {
		if so, err := columbia.ParseStanding(txt, sideBlockNames[side], areaNames); err == nil {
			for i, id := range so.HitOrder {
				pri[blockByID[id]] = int8(NB - i)
			}
		}
	}
	best := -1
	for b := 0; b < NB; b++ {
		if int(s.Loc[b]) != area || blockSide[b] != side {
			continue
		}
		better := best < 0
		if !better {
			switch {
			case s.Str[b] != s.Str[best]:
				better = s.Str[b] > s.Str[best]
			case pri[b] != pri[best]:
				better = pri[b] > pri[best]
			case blocks[b].Fire != blocks[best].Fire:
				better = blocks[b].Fire < blocks[best].Fire
			default:
				better = blocks[b].Letter > blocks[best].Letter
			}
		}
		if better {
			best = b
		}
	}
	return best
}

func (a *applier) pillage(l adjudicator.Line, rest string) bool {
	s := a.s
	side := a.side
	head, list, _ := splitColon(rest)
	var pb [4]string
	parts := splitWordInto(head, "from", pb[:0])
	if len(parts) != 2 {
		a.bad(l, "write pillage <enemy area> from <your adjacent area>")
		return false
	}
	x, err1 := matchArea(parts[0])
	y, err2 := matchArea(parts[1])
	if err1 != nil || err2 != nil {
		a.bad(l, "unknown area in "+head)
		return false
	}
	o := s.occupancy()
	if o[x]&(1<<(1-side)) == 0 {
		a.bad(l, areaName(x)+" holds no enemy blocks")
		return false
	}
	if o[y]&(1<<side) == 0 || adj[x][y] < 0 {
		a.bad(l, "pillage from one of your groups adjacent to "+areaName(x))
		return false
	}
	var recv []int
	if list != "" {
		bl, _, err := listBlocks(side, list)
		if err != nil {
			a.bad(l, errText(err))
			return false
		}
		for _, b := range bl {
			if int(s.Loc[b]) != y {
				a.bad(l, blocks[b].Label+" is not in "+areaName(y))
				return false
			}
		}
		recv = bl
	}
	a.canon = append(a.canon, "pillage "+areaName(x)+" from "+areaName(y))
	hits, lost := 0, 0
	var priv []string
	for i := 0; i < 2; i++ {
		t := s.hitTarget(x, 1-side)
		if t < 0 {
			break
		}
		hits++
		s.pc().Str[t]--
		if s.Str[t] == 0 {
			s.pc().Str[t] = 1
			s.eliminate(t, false, side)
			lost++
			priv = append(priv, blocks[t].Label+" is eliminated (to the pool)")
		} else {
			priv = append(priv, s.txt().S(blocks[t].Label).S(" loses a step (").Int(int(s.Str[t])).S(" left)").Take())
		}
	}
	a.say(s.txt().S("Pillage: ").S(sideName(side)).S(" pillages ").S(areaName(x)).S(" from ").S(areaName(y)).S(": ").
		Int(hits).S(" hits, ").Int(lost).S(" blocks eliminated.").Take())
	a.tell(1-side, joinText(s.txt().S("Pillage of ").S(areaName(x)).S(": "), priv, "; ").S(".").Take())
	gain := a.addSteps(y, recv, hits)
	if gain != "" {
		a.tell(side, "Pillaged steps: "+gain+".")
	}
	return true
}

// addSteps adds n steps to side's blocks in area: listed blocks first,
// then the weakest. It returns a description.
func (a *applier) addSteps(area int, first []int, n int) string {
	s := a.s
	var out []string
	for n > 0 {
		t := -1
		for _, b := range first {
			if s.Str[b] < int8(blocks[b].Max) {
				t = b
				break
			}
		}
		if t < 0 {
			for b := 0; b < NB; b++ {
				if int(s.Loc[b]) == area && blockSide[b] == a.side && s.Str[b] < int8(blocks[b].Max) &&
					(t < 0 || s.Str[b] < s.Str[t]) {
					t = b
				}
			}
		}
		if t < 0 {
			break
		}
		s.pc().Str[t]++
		n--
		out = append(out, blocks[t].Label+" +1")
	}
	return strings.Join(out, ", ")
}

func (a *applier) seaMove(l adjudicator.Line, rest string) bool {
	s := a.s
	head, list, ok := splitColon(rest)
	parts := splitArrow(head)
	if !ok || len(parts) != 2 {
		a.bad(l, "write sea <coastal area> -> <friendly coastal area>: <1 or 2 blocks>")
		return false
	}
	f, err1 := matchArea(parts[0])
	t, err2 := matchArea(parts[1])
	if err1 != nil || err2 != nil {
		a.bad(l, "unknown area in "+head)
		return false
	}
	bl, _, err := listBlocks(a.side, list)
	if err != nil || len(bl) > 2 {
		a.bad(l, "name one or two of your blocks")
		return false
	}
	o := s.occupancy()
	if !areas[f].Coastal || !areas[t].Coastal || f == t {
		a.bad(l, "a sea move goes from one coastal area to another")
		return false
	}
	if o[t] != 1<<a.side {
		a.bad(l, areaName(t)+" must be friendly: held by your blocks and no enemy")
		return false
	}
	for _, b := range bl {
		if int(s.Loc[b]) != f {
			a.bad(l, blocks[b].Label+" is not in "+areaName(f))
			return false
		}
		if b == bNorse {
			a.bad(l, "the Norse cannot use Sea Move")
			return false
		}
	}
	for _, b := range bl {
		s.setLoc(b, int8(t))
		s.pc().Fl[b] |= fMoved
	}
	tb := s.txt().S("sea ").S(areaName(f)).S(" -> ").S(areaName(t)).S(": ")
	for i, b := range bl {
		if i > 0 {
			tb.S(", ")
		}
		tb.S(blocks[b].Label)
	}
	a.canon = append(a.canon, tb.Take())
	a.say(s.txt().S("Sea Move: ").S(sideName(a.side)).S(" moves ").Int(len(bl)).S(" blocks by sea from ").S(areaName(f)).S(" to ").S(areaName(t)).S(".").Take())
	return true
}

func labels(bl []int) string {
	n := make([]string, len(bl))
	for i, b := range bl {
		n[i] = blocks[b].Label
	}
	return strings.Join(n, ", ")
}

// victuals: "victuals <area>[: <block> [+N], ...]": three steps (card text).
func (a *applier) victuals(l adjudicator.Line, rest string) bool {
	s := a.s
	head, list, _ := splitColon(rest)
	ar, err := matchArea(head)
	if err != nil {
		a.bad(l, errText(err))
		return false
	}
	if s.count(ar, a.side) == 0 {
		a.bad(l, "you have no blocks in "+areaName(ar))
		return false
	}
	var first []int
	total := 0
	if list != "" {
		for _, it := range orders.SplitList(list) {
			name, n := it, 1
			if i := strings.LastIndex(it, "+"); i >= 0 {
				v, err := strconv.Atoi(strings.TrimSpace(it[i+1:]))
				if err != nil || v < 1 {
					a.bad(l, "bad step count in "+strconv.Quote(it))
					return false
				}
				name, n = it[:i], v
			}
			b, err := matchBlock(a.side, name)
			if err != nil {
				a.bad(l, errText(err))
				return false
			}
			if int(s.Loc[b]) != ar {
				a.bad(l, blocks[b].Label+" is not in "+areaName(ar))
				return false
			}
			for i := 0; i < n; i++ {
				first = append(first, b)
			}
			total += n
		}
		if total > 3 {
			a.bad(l, "Victuals gives three steps, not "+strconv.Itoa(total))
			return false
		}
	}
	a.canon = append(a.canon, "victuals "+rest)
	got := ""
	if len(first) > 0 {
		var parts []string
		given := 0
		for _, b := range first {
			if s.Str[b] < int8(blocks[b].Max) {
				s.pc().Str[b]++
				given++
				parts = append(parts, blocks[b].Label+" +1")
			}
		}
		got = strings.Join(parts, ", ")
		// steps a listed block cannot take (full strength) and steps not
		// listed go to the weakest blocks of the group
		if rem := 3 - given; rem > 0 {
			if more := a.addSteps(ar, nil, rem); more != "" && got != "" {
				got += ", " + more
			} else if more != "" {
				got = more
			}
		}
	} else {
		got = a.addSteps(ar, nil, 3)
	}
	a.say(s.txt().S("Victuals: ").S(sideName(a.side)).S(" feeds its blocks in ").S(areaName(ar)).S(".").Take())
	a.tell(a.side, s.txt().S("Victuals: ").S(got).S(".").Take())
	return true
}
