package hammer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// Winter (7.0-7.8).

// twoHome describes the home choice of Bruce or Comyn this winter.
type twoHome struct {
	block   int // block on the map, -1 if none
	decider int // side that chooses, -1 if forced
	options []int
}

// homeChoice works out who chooses where Bruce or Comyn winters (7.12).
// The options may be written into buf.
func (s *St) homeChoice(n int, buf *[8]int) twoHome {
	h := twoHome{block: -1, decider: -1}
	for _, b := range nobles[n].Blocks {
		if b >= 0 && s.onMap(b) {
			h.block = b
		}
	}
	if h.block < 0 {
		return h
	}
	side := blocks[h.block].Side
	var o [NA]uint8
	if side == Scotland {
		// English nobles go home first (7.1): judge the Scottish noble's
		// homes as they will be when he moves (ruling AMB-28)
		o = s.occAfterEnglishHomes()
	} else {
		o = s.occupancy()
	}
	homes := blocks[h.block].Home
	free := buf[:0]
	for _, a := range homes {
		if o[a]&(1<<(1-side)) == 0 {
			free = append(free, a)
		}
	}
	if len(free) == len(homes) {
		free = homes // all free: the noble's own list (never modified)
	}
	switch len(free) {
	case 0:
		h.decider = 1 - side // 7.12: the enemy picks
		h.options = homes
	case 1:
		h.options = free // ruling AMB-29: he must take the free home
	default:
		h.decider = side
		h.options = free
	}
	return h
}

func (s *St) startWinter(ev *[]adjudicator.Event) {
	s.Final = s.Year >= s.Last
	s.WOwe = [2]bool{}
	s.HomeCh = [2]int8{-1, -1}
	s.MorayCh = 0
	for i, n := range []int{nobleBruce, nobleComyn} {
		var hb [8]int
		h := s.homeChoice(n, &hb)
		if h.block >= 0 {
			s.HomeCh[i] = int8(h.options[0])
			if h.decider >= 0 {
				s.WOwe[h.decider] = true
			}
		}
	}
	if s.onMap(bMoray) {
		s.WOwe[Scotland] = true
	}
	addEvent(ev, nil, s.txt().S("Winter ").Int(int(s.Year)).S(" begins.").Take())
	s.Phase = PhWHomes
}

func (a *applier) homes(lines []adjudicator.Line) {
	s := a.s
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if a.standing(l, verb, rest) {
			continue
		}
		switch verb {
		case "home":
			first, others, ok := firstWord(rest)
			if !ok {
				a.bad(l, "write home <Bruce or Comyn> <area>")
				continue
			}
			n, err := matchNoble(first)
			if err != nil || (n != nobleBruce && n != nobleComyn) {
				a.bad(l, "only Bruce and Comyn have two homes")
				continue
			}
			ar, err := matchArea(others)
			if err != nil {
				a.bad(l, errText(err))
				continue
			}
			var hb [8]int
			h := s.homeChoice(n, &hb)
			if h.decider != a.side {
				a.bad(l, "you do not choose where "+nobles[n].Name+" winters")
				continue
			}
			ok = false
			for _, o := range h.options {
				ok = ok || o == ar
			}
			if !ok {
				a.bad(l, nobles[n].Name+" may winter in "+areaList(h.options))
				continue
			}
			i := 0
			if n == nobleComyn {
				i = 1
			}
			s.HomeCh[i] = int8(ar)
			a.canon = append(a.canon, s.txt().S("home ").S(nobles[n].Name).S(" ").S(areaName(ar)).Take())
		case "moray":
			if a.side != Scotland || !s.onMap(bMoray) {
				a.bad(l, "you have no Moray to order")
				continue
			}
			switch orders.Norm(rest) {
			case "home", "go home":
				s.MorayCh = 0
			case "stay":
				s.MorayCh = 1
			case "disband":
				s.MorayCh = 2
			default:
				a.bad(l, "Moray may go home, stay or disband (7.1)", "moray home", "moray stay", "moray disband")
				continue
			}
			a.canon = append(a.canon, "moray "+orders.Norm(rest))
		case "pass", "done":
		default:
			a.bad(l, "winter: say where your nobles go", s.homeChoices(a.side)...)
		}
	}
	if len(a.probs) > 0 {
		return
	}
	s.WOwe[a.side] = false
	s.continueFlow(a.d, &a.ev)
}

func (s *St) homeChoices(side int) []string {
	return s.homeChoicesInto(side, &textbuf.Buf{}, nil)
}

// homeChoicesInto is homeChoices appending to out, the texts written
// into t.
func (s *St) homeChoicesInto(side int, t *textbuf.Buf, out []string) []string {
	for _, n := range [2]int{nobleBruce, nobleComyn} {
		var hb [8]int
		h := s.homeChoice(n, &hb)
		if h.decider == side {
			for _, o := range h.options {
				out = append(out, t.S("home ").S(nobles[n].Name).S(" ").S(areaName(o)).Take())
			}
		}
	}
	if side == Scotland && s.onMap(bMoray) {
		out = append(out, "moray home", "moray stay", "moray disband")
	}
	return out
}

// doHomes sends the nobles home, English first (7.1).
func (s *St) doHomes(ev *[]adjudicator.Event) {
	// Blocks of each side in each area, kept as the nobles move: a noble
	// going home asks whether the enemy holds its home.
	var held [NA][2]int8
	for b, l := range s.Loc {
		if uint8(l) < NA {
			held[l][blockSide[b]]++
		}
	}
	var pub []string
	for side := 0; side < 2; side++ {
		var priv []string
		for n := 0; n < NN; n++ {
			b := nobles[n].Blocks[side]
			if b < 0 || !s.onMap(b) {
				continue
			}
			var dest int
			switch {
			case b == bMoray:
				switch s.MorayCh {
				case 1:
					continue
				case 2:
					held[s.Loc[b]][side]--
					s.setLoc(b, LocPool)
					s.pc().Str[b] = 0
					priv = append(priv, "Moray disbands")
					continue
				}
				dest = blocks[b].Home[0]
				if held[dest][England] != 0 {
					continue // Moray never changes side: he stays (ruling AMB-30)
				}
			case n == nobleBruce:
				dest = int(s.HomeCh[0])
			case n == nobleComyn:
				dest = int(s.HomeCh[1])
			default:
				dest = blocks[b].Home[0]
			}
			if dest < 0 {
				dest = blocks[b].Home[0]
			}
			held[s.Loc[b]][side]--
			s.setLoc(b, int8(dest))
			held[dest][side]++
			if held[dest][1-side] != 0 {
				p := s.defect(b)
				held[dest][side]--
				held[dest][blockSide[p]]++
				pub = append(pub, s.txt().S("a noble going home to ").S(areaName(dest)).S(" finds the enemy there and joins ").S(sideName(blockSide[p])).Take())
				priv = append(priv, s.txt().S(blocks[b].Label).S(" defects at ").S(areaName(dest)).Take())
			}
		}
		if len(priv) > 0 {
			addEvent(ev, toRole[side], joinText(s.txt().S("Your nobles go home: "), priv, "; ").S(".").Take())
		}
	}
	txt := "Nobles go home."
	if len(pub) > 0 {
		txt = joinText(s.txt().S("Nobles go home. "), pub, "; ").S(".").Take()
	}
	addEvent(ev, nil, txt)
}

func (s *St) edwardMayWinter() (bool, string) {
	if !s.onMap(bEdward) || s.Loc[bEdward] == AreaEngland {
		return false, "Edward is not in Scotland"
	}
	if s.Ed2 {
		return false, "Edward II may not winter in Scotland (6.1)"
	}
	if s.Year == 1306 {
		return false, "Edward I may not winter in Scotland in 1306 (7.4)"
	}
	if int(s.EdWin) == int(s.Year)-1 {
		return false, "Edward I may not winter in Scotland two winters running (7.4)"
	}
	return true, ""
}

// stepOrder parses "step <block> [+N]".
func parseStep(side int, rest string) (int, int, error) {
	name, n := rest, 1
	if i := strings.LastIndex(rest, "+"); i >= 0 {
		v, err := strconv.Atoi(strings.TrimSpace(rest[i+1:]))
		if err != nil || v < 1 {
			return -1, 0, fmt.Errorf("bad step count in %q", rest)
		}
		name, n = rest[:i], v
	}
	b, err := matchBlock(side, name)
	return b, n, err
}

func (a *applier) winterEngland(lines []adjudicator.Line) {
	s := a.s
	edWinter := false
	type stepOrd struct {
		l    adjudicator.Line
		b, n int
	}
	var stepBuf [12]stepOrd
	steps := stepBuf[:0]
	var disband []int
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if a.standing(l, verb, rest) {
			continue
		}
		switch verb {
		case "edward":
			switch orders.Norm(rest) {
			case "winter", "stay":
				if ok, why := s.edwardMayWinter(); !ok {
					a.bad(l, why, "edward disband")
					continue
				}
				edWinter = true
			case "disband":
			default:
				a.bad(l, "Edward may winter (in Scotland) or disband", "edward winter", "edward disband")
				continue
			}
			a.canon = append(a.canon, "edward "+orders.Norm(rest))
		case "disband":
			bl, _, err := listBlocks(England, rest)
			if err != nil {
				a.bad(l, errText(err))
				continue
			}
			for _, b := range bl {
				if !s.onMap(b) || blocks[b].Type == TNoble {
					a.bad(l, blocks[b].Label+" cannot disband (nobles never disband; it must be on the map)")
					continue
				}
				disband = append(disband, b)
			}
			a.canon = append(a.canon, "disband "+labels(bl))
		case "step", "rp":
			b, n, err := parseStep(England, rest)
			if err != nil {
				a.bad(l, errText(err))
				continue
			}
			steps = append(steps, stepOrd{l, b, n})
		case "pass", "done":
		default:
			a.bad(l, "winter orders for England", "edward winter", "edward disband", "disband <blocks>", "step <infantry or noble> +N", "pass")
		}
	}
	if len(a.probs) > 0 {
		return
	}
	// Edward (7.4)
	s.EdWinAt = -1
	if s.onMap(bEdward) {
		if edWinter {
			s.EdWinAt = s.Loc[bEdward]
			s.EdWin = s.Year
		} else {
			s.setLoc(bEdward, LocPool)
			s.pc().Str[bEdward] = 0
		}
	}
	for _, b := range disband {
		if b != bEdward || !edWinter {
			s.setLoc(b, LocPool)
			s.pc().Str[b] = 0
		}
	}
	// 7.3: quarters
	// Blocks only leave areas here: one pass finds every area's nobles and
	// infantry and sends the other blocks home (7.31).
	var nob, keep [NA]int
	for b := 0; b < NB; b++ {
		ar := int(s.Loc[b])
		if ar >= NA || blockSide[b] != England || ar == int(s.EdWinAt) {
			continue
		}
		switch blocks[b].Type {
		case TNoble:
			nob[ar]++
		case TInfantry:
			keep[ar]++
		default:
			s.setLoc(b, LocPool) // 7.31
			s.pc().Str[b] = 0
		}
	}
	for ar := 0; ar < NA; ar++ {
		room := areas[ar].Castle - nob[ar]
		if ar == AreaEngland || room < 0 {
			room = 0 // ruling AMB-32: England starts the year empty
		}
		for ; keep[ar] > room; keep[ar]-- {
			worst := -1
			for b := 0; b < NB; b++ {
				if int(s.Loc[b]) == ar && blockSide[b] == England && blocks[b].Type == TInfantry &&
					(worst < 0 || s.Str[b] < s.Str[worst]) {
					worst = b
				}
			}
			s.setLoc(worst, LocPool) // 7.32
			s.pc().Str[worst] = 0
		}
	}
	if s.EdWinAt >= 0 {
		a.say("England goes into winter quarters; the English king winters in Scotland, so there will be no feudal levy.")
	} else {
		a.say("England goes into winter quarters.")
	}
	// 7.63: replacements
	if !s.Final {
		var rp [NA]int
		o := s.occupancy()
		for ar := 1; ar < NA; ar++ {
			if o[ar] == 1<<England {
				rp[ar] = areas[ar].Castle
			}
		}
		var gotBuf [16]string
		got := gotBuf[:0]
		for _, st := range steps {
			b := st.b
			if !s.onMap(b) || (blocks[b].Type != TInfantry && blocks[b].Type != TNoble) {
				a.bad(st.l, "English replacements go only to infantry and nobles on the map (7.63)")
				continue
			}
			ar := int(s.Loc[b])
			if rp[ar] < st.n {
				a.bad(st.l, fmt.Sprintf("%s has only %d replacement points left", areaName(ar), rp[ar]))
				continue
			}
			if int(s.Str[b])+st.n > blocks[b].Max {
				a.bad(st.l, fmt.Sprintf("%s is at %d of %d: it takes at most %d more", blocks[b].Label, s.Str[b], blocks[b].Max, blocks[b].Max-int(s.Str[b])))
				continue
			}
			rp[ar] -= st.n
			s.pc().Str[b] += int8(st.n)
			a.canon = append(a.canon, s.txt().S("step ").S(blocks[b].Label).S(" +").Int(st.n).Take())
			got = append(got, s.txt().S(blocks[b].Label).S(" +").Int(st.n).Take())
		}
		if len(got) > 0 {
			a.tell(England, joinText(s.txt().S("Replacements: "), got, ", ").S(".").Take())
		}
	} else if len(steps) > 0 {
		a.bad(steps[0].l, "no replacements in the final winter: the game ends")
	}
	if len(a.probs) > 0 {
		return
	}
	s.Phase = PhWScot
	s.continueFlow(a.d, &a.ev)
}

func (a *applier) winterScotland(lines []adjudicator.Line) {
	s := a.s
	type stepOrd struct {
		l          adjudicator.Line
		b, n, draw int // draw: area for a draw, or -1
		coast      int // draw: the coast for the Norse or French knights drawn inland, or -1
	}
	var stepBuf [16]stepOrd
	steps := stepBuf[:0]
	var disband []int
	kingTo := -1 // -1 stay, -2 disband
	wallace := false
	selkirk := areaByID["selkirk"]
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if a.standing(l, verb, rest) {
			continue
		}
		switch verb {
		case "king":
			if !s.onMap(bKing) {
				a.bad(l, "you have no King on the map")
				continue
			}
			switch orders.Norm(rest) {
			case "stay":
				kingTo = -1
			case "disband":
				kingTo = -2
			default:
				ar, err := matchArea(rest)
				if err != nil {
					a.bad(l, errText(err))
					continue
				}
				if !areas[ar].Cathedral || s.kingBarred(ar) {
					a.bad(l, "the King may go to a friendly or empty cathedral area (Strathspey, Lennox, Fife), stay or disband (7.2)")
					continue
				}
				kingTo = ar
			}
			a.canon = append(a.canon, "king "+rest)
		case "wallace":
			n := orders.Norm(rest)
			if n == "stay" {
				continue
			}
			if n != "selkirk" && n != "to selkirk" {
				a.bad(l, "Wallace may go to Selkirk or stay", "wallace selkirk", "wallace stay")
				continue
			}
			if !s.onMap(bWallace) {
				a.bad(l, "Wallace is not on the map")
				continue
			}
			if int(s.EdWinAt) == selkirk {
				a.bad(l, "the English king winters in Selkirk: Wallace may not go there (7.5)")
				continue
			}
			wallace = true
			a.canon = append(a.canon, "wallace selkirk")
		case "disband":
			bl, _, err := listBlocks(Scotland, rest)
			if err != nil {
				a.bad(l, errText(err))
				continue
			}
			for _, b := range bl {
				if !s.onMap(b) || (blocks[b].Type == TNoble && b != bMoray) {
					a.bad(l, blocks[b].Label+" cannot disband (only Moray among the nobles; it must be on the map)")
					continue
				}
				disband = append(disband, b)
			}
			a.canon = append(a.canon, "disband "+labels(bl))
		case "step", "rp":
			b, n, err := parseStep(Scotland, rest)
			if err != nil {
				a.bad(l, errText(err))
				continue
			}
			steps = append(steps, stepOrd{l, b, n, -1, -1})
		case "draw":
			name, n, coast := rest, 0, -1
			var pb [4]string
			if parts := splitWordInto(rest, "coast", pb[:0]); len(parts) == 2 {
				c, err := matchArea(parts[1])
				if err != nil {
					a.bad(l, errText(err))
					continue
				}
				name, coast = parts[0], c
			}
			if i := strings.LastIndex(name, "+"); i >= 0 {
				v, err := strconv.Atoi(strings.TrimSpace(name[i+1:]))
				if err != nil || v < 0 {
					a.bad(l, "write draw <area> [+N] [coast <area>]", "draw Lennox +1", "draw Lanark coast Lennox")
					continue
				}
				name, n = name[:i], v
			}
			name = strings.TrimPrefix(strings.TrimSpace(name), "at ")
			ar, err := matchArea(name)
			if err != nil {
				a.bad(l, errText(err))
				continue
			}
			if coast >= 0 && (!areas[coast].Coastal || coast == AreaEngland || adj[ar][coast] < 0 || s.occ(coast) != 1<<Scotland) {
				a.bad(l, "the coast for the Norse or French knights drawn inland must be a friendly coastal area next to "+areaName(ar)+" (7.61)")
				continue
			}
			steps = append(steps, stepOrd{l, -1, n, ar, coast})
		case "pass", "done":
		default:
			a.bad(l, "winter orders for Scotland", "king <cathedral area>|stay|disband", "wallace selkirk", "disband <blocks>", "step <block> +N", "draw <area> +N", "draw <inland area> +N coast <coastal area>", "pass")
		}
	}
	if len(a.probs) > 0 {
		return
	}
	// 7.2 the King
	switch {
	case kingTo == -2:
		s.setLoc(bKing, LocPool)
		s.pc().Str[bKing] = 0
	case kingTo >= 0:
		s.setLoc(bKing, int8(kingTo))
	}
	// 7.5 Wallace: one already in Selkirk winters there too, outside its
	// castle limit and with his two steps (ruling AMB-36)
	if s.Loc[bWallace] == int8(selkirk) && int(s.EdWinAt) != selkirk {
		wallace = true
	}
	if wallace {
		s.setLoc(bWallace, int8(selkirk))
		s.pc().Str[bWallace] += 2
		if int(s.Str[bWallace]) > blocks[bWallace].Max {
			s.pc().Str[bWallace] = int8(blocks[bWallace].Max)
		}
	}
	for _, b := range disband {
		if s.onMap(b) {
			s.setLoc(b, LocPool)
			s.pc().Str[b] = 0
		}
	}
	// castle limits; no Scots winter in England (5.9)
	// Blocks only leave areas below: one pass counts the blocks each area
	// holds, as the loop below counts them, and only an area over its
	// limit is looked at again.
	var held [NA]int
	for b := 0; b < NB; b++ {
		if ar := int(s.Loc[b]); ar < NA && blockSide[b] == Scotland && !(b == bWallace && wallace && ar == selkirk) {
			held[ar]++
		}
	}
	for ar := 0; ar < NA; ar++ {
		if held[ar] == 0 {
			continue
		}
		limit := castleFor(ar, Scotland)
		if ar == AreaEngland {
			limit = 0
		}
		if held[ar] <= limit {
			continue
		}
		for {
			// ruling R-05: the weakest goes first, but Wallace and the
			// King only when no other block can, and Moray last of all
			n, worst, leader, moray := 0, -1, -1, false
			for b := 0; b < NB; b++ {
				if int(s.Loc[b]) != ar || blockSide[b] != Scotland {
					continue
				}
				if b == bWallace && wallace && ar == selkirk {
					continue
				}
				n++
				if b == bMoray {
					moray = true
					continue
				}
				if blocks[b].Type == TNoble {
					continue
				}
				if b == bWallace || b == bKing {
					if leader < 0 || s.Str[b] < s.Str[leader] {
						leader = b
					}
					continue
				}
				if worst < 0 || s.Str[b] < s.Str[worst] {
					worst = b
				}
			}
			if n <= limit {
				break
			}
			if worst < 0 {
				worst = leader
			}
			if worst < 0 && moray {
				worst = bMoray
			}
			if worst < 0 {
				break // only nobles: they stay
			}
			s.setLoc(worst, LocPool)
			s.pc().Str[worst] = 0
		}
	}
	a.say("Scotland goes into winter quarters.")
	if s.Final {
		if len(steps) > 0 {
			a.bad(steps[0].l, "no replacements in the final winter: the game ends")
			return
		}
		s.finalCount()
		return
	}
	// 7.62 French knights
	if s.nobleCount()[Scotland] >= 8 && s.Loc[bFrench] == LocAside {
		s.setLoc(bFrench, LocPool)
		a.say("The Scots hold 8 nobles: the French knights join the Scottish pool.")
	}
	// 7.61 replacements. The orders are checked first, without drawing:
	// whether a submission is refused must never depend on the hidden
	// draws, or a player could probe his draws with a refused email and
	// then send different orders (the dice of a refused email come again).
	var rp [NA]int
	o := s.occupancy()
	for ar := 1; ar < NA; ar++ {
		if o[ar] == 1<<Scotland {
			rp[ar] = castleFor(ar, Scotland)
		}
	}
	left, room := rp, [NA]int{}
	var add [NB]int
	for ar := 1; ar < NA; ar++ {
		room[ar] = castleFor(ar, Scotland)
	}
	for b := 0; b < NB; b++ {
		if ar := int(s.Loc[b]); ar >= 1 && ar < NA && blockSide[b] == Scotland {
			room[ar]--
		}
	}
	for _, st := range steps {
		if st.draw >= 0 {
			ar := st.draw
			switch {
			case left[ar] < 1+st.n:
				a.bad(st.l, fmt.Sprintf("%s has %d replacement points left", areaName(ar), left[ar]))
			case room[ar] <= 0:
				a.bad(st.l, fmt.Sprintf("%s is at its castle limit (%d): no room for a new block (7.61)", areaName(ar), castleFor(ar, Scotland)))
			default:
				left[ar] -= 1 + st.n
				room[ar]-- // as if the block stays there, the strictest case
			}
			continue
		}
		b := st.b
		if !s.onMap(b) {
			if s.Loc[b] != LocPool {
				a.bad(st.l, blocks[b].Label+" is not on the map")
			}
			continue // a block that may be drawn: settled when it is (or is not)
		}
		ar := int(s.Loc[b])
		switch {
		case left[ar] < st.n:
			a.bad(st.l, fmt.Sprintf("%s has only %d replacement points left", areaName(ar), left[ar]))
		case int(s.Str[b])+add[b]+st.n > blocks[b].Max:
			a.bad(st.l, fmt.Sprintf("%s is at %d of %d: it takes at most %d more", blocks[b].Label, int(s.Str[b])+add[b], blocks[b].Max, blocks[b].Max-int(s.Str[b])-add[b]))
		default:
			left[ar] -= st.n
			add[b] += st.n
		}
	}
	if len(a.probs) > 0 {
		return
	}
	var gotBuf [16]string
	got := gotBuf[:0]
	var overseas [NA]int // blocks placed by the overseas rule: outside castle limits (7.61)
	draws := 0
	for _, st := range steps {
		if st.draw >= 0 {
			ar := st.draw
			rp[ar] -= 1 + st.n
			a.canon = append(a.canon, s.txt().S("draw ").S(areaName(ar)).S(" +").Int(st.n).Take())
			b := s.drawScot(a.d)
			draws++
			if b < 0 {
				got = append(got, "the pool is empty: nothing drawn for "+areaName(ar))
				continue
			}
			dest := ar
			if (b == bNorse || b == bFrench) && !areas[ar].Coastal {
				dest = -1
				o := s.occupancy()
				if c := st.coast; c >= 0 && o[c] == 1<<Scotland {
					dest = c
				}
				for _, c := range areas[ar].Nbr {
					if dest >= 0 {
						break
					}
					if c != AreaEngland && areas[c].Coastal && o[c] == 1<<Scotland {
						dest = c
						break
					}
				}
				if dest < 0 {
					got = append(got, blocks[b].Label+" drawn for "+areaName(ar)+" finds no friendly coast and goes back to the pool")
					continue
				}
			}
			s.setLoc(b, int8(dest))
			s.pc().Str[b] = 1
			if dest != ar {
				overseas[dest]++
			}
			add := st.n
			if 1+add > blocks[b].Max {
				add = blocks[b].Max - 1
			}
			s.pc().Str[b] += int8(add)
			got = append(got, s.txt().S(blocks[b].Label).S(" drawn in ").S(areaName(dest)).S(" at ").Int(int(s.Str[b])).Take())
			continue
		}
		b := st.b
		a.canon = append(a.canon, s.txt().S("step ").S(blocks[b].Label).S(" +").Int(st.n).Take())
		if !s.onMap(b) {
			got = append(got, s.txt().S(blocks[b].Label).S(" was not drawn: step +").Int(st.n).S(" lost").Take())
			continue
		}
		ar := int(s.Loc[b])
		n := st.n
		if n > rp[ar] {
			n = rp[ar]
		}
		if int(s.Str[b])+n > blocks[b].Max {
			n = blocks[b].Max - int(s.Str[b])
		}
		rp[ar] -= n
		s.pc().Str[b] += int8(n)
		if n < st.n {
			got = append(got, s.txt().S(blocks[b].Label).S(" +").Int(n).S(" (").Int(st.n-n).S(" lost)").Take())
		} else {
			got = append(got, s.txt().S(blocks[b].Label).S(" +").Int(n).Take())
		}
	}
	if draws > 0 {
		a.say(s.txt().S("Scotland draws ").Int(draws).S(" blocks from its pool.").Take())
	}
	if len(got) > 0 {
		a.tell(Scotland, joinText(s.txt().S("Replacements: "), got, "; ").S(".").Take())
	}
	s.endWinter(a.d, &a.ev)
}

func (s *St) drawScot(d adjudicator.Dice) int {
	var pool [NB]int
	n := 0
	for b := 0; b < NB; b++ {
		if blockSide[b] == Scotland && s.Loc[b] == LocPool {
			pool[n] = b
			n++
		}
	}
	if n == 0 {
		return -1
	}
	return pool[d.Hidden("scottish draw", n)]
}

// endWinter: feudal levy (7.7), Edward II, new cards (7.8).
func (s *St) endWinter(d adjudicator.Dice, ev *[]adjudicator.Event) {
	if s.EdWinAt < 0 {
		s.Year++
		got := s.levy(d, -1)
		s.Year--
		addEvent(ev, nil, s.txt().S("Feudal levy: ").Int(len(got)).S(" English blocks muster in England.").Take())
		if len(got) > 0 {
			t := s.txt().S("Feudal levy: ")
			for i, b := range got {
				if i > 0 {
					t.S(", ")
				}
				t.S(blocks[b].Label)
			}
			addEvent(ev, toRole[England], t.S(".").Take())
		}
	}
	if s.Year >= 1306 && !s.Ed2 {
		s.Ed2 = true
		addEvent(ev, nil, "Edward I dies at the end of 1306; Edward II reigns.")
	}
	s.suddenDeath()
	if s.Fin {
		return
	}
	s.Year++
	s.GT = 1
	s.Epoch++
	s.EdWinAt = -1
	s.KingBar = 0
	s.clearTurn()
	s.deal(d)
	s.Phase = PhCard
	addEvent(ev, nil, s.txt().S("The year ").Int(int(s.Year)).S(" begins: new cards are dealt.").Take())
}

// finalCount decides the game at the end of the last year (9.0).
func (s *St) finalCount() {
	n := s.nobleCount()
	switch {
	case n[England] > n[Scotland]:
		s.win(England, fmt.Sprintf("England controls %d nobles to %d at the end of %d", n[England], n[Scotland], s.Year))
	case n[Scotland] > n[England]:
		s.win(Scotland, fmt.Sprintf("Scotland controls %d nobles to %d at the end of %d", n[Scotland], n[England], s.Year))
	case !s.onMap(bWallace):
		s.win(England, fmt.Sprintf("nobles tied %d-%d and Wallace is dead or in the pool", n[0], n[1]))
	default:
		s.win(Scotland, fmt.Sprintf("nobles tied %d-%d and Wallace is still in the field", n[0], n[1]))
	}
	s.Epoch++
}

// kingBarred reports whether area a is closed to the Scottish King's
// winter move (7.2): held by England when the nobles had gone home.
func (s *St) kingBarred(a int) bool {
	return s.KingBar&(1<<uint(a)) != 0 || s.occ(a)&(1<<England) != 0
}

// occAfterEnglishHomes is the occupancy once the English nobles have gone
// home (7.1), before the Scottish nobles move: each English noble leaves
// where it stands and arrives home, joining the Scots there if they hold
// it. Two-home nobles go to the home chosen so far (their homes are no
// one else's).
func (s *St) occAfterEnglishHomes() (o [NA]uint8) {
	if s.occFresh() {
		// The kept occupancy without the English nobles, then with them
		// at their homes.
		o = s.occB
		eng := s.occN[England]
		var dests [NN]int8
		nd := 0
		for _, b := range nobleBlocks {
			l := s.Loc[b]
			if l >= NA || blockSide[b] != England {
				continue
			}
			if eng[l]--; eng[l] == 0 {
				o[l] &^= 1 << England
			}
			dests[nd] = int8(s.nobleHome(int(b)))
			nd++
		}
		for _, d := range dests[:nd] {
			if o[d]&(1<<Scotland) != 0 {
				o[d] |= 1 << Scotland // he defects on arrival
			} else {
				o[d] |= 1 << England
			}
		}
		return o
	}
	var move [NB]int8
	for b := 0; b < NB; b++ {
		move[b] = -1
		if l := s.Loc[b]; l < NA {
			if blockSide[b] == England && blocks[b].Type == TNoble {
				move[b] = int8(s.nobleHome(b))
				continue
			}
			o[l] |= 1 << blockSide[b]
		}
	}
	for b := 0; b < NB; b++ {
		if d := move[b]; d >= 0 {
			if o[d]&(1<<Scotland) != 0 {
				o[d] |= 1 << Scotland // he defects on arrival
			} else {
				o[d] |= 1 << England
			}
		}
	}
	return o
}

// nobleHome is the home English noble b goes to in winter: his first,
// or the one chosen for Bruce or Comyn.
func (s *St) nobleHome(b int) int {
	dest := blocks[b].Home[0]
	switch blocks[b].Noble {
	case nobleBruce:
		if s.HomeCh[0] >= 0 {
			dest = int(s.HomeCh[0])
		}
	case nobleComyn:
		if s.HomeCh[1] >= 0 {
			dest = int(s.HomeCh[1])
		}
	}
	return dest
}
