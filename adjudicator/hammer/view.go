package hammer

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// rating is a block's printed rating, e.g. "B2".
func rating(b int) string { return fmt.Sprintf("%c%d", blocks[b].Letter, blocks[b].Fire) }

func (s *St) blockText(b int) string {
	t := fmt.Sprintf("%s %d/%d %s", blocks[b].Label, s.Str[b], blocks[b].Max, rating(b))
	if s.moveOf(b) != 2 && s.moveOf(b) > 0 {
		t += fmt.Sprintf(" m%d", s.moveOf(b))
	}
	if blocks[b].Noble >= 0 && isHome(b, int(s.Loc[b])) {
		t += " (home)"
	}
	return t
}

func (s *St) kingText() string {
	if s.Ed2 {
		return "Edward II reigns in England"
	}
	return "Edward I reigns in England"
}

// View implements adjudicator.State.
func (s *St) View(role adjudicator.Role) adjudicator.View {
	v := adjudicator.View{Role: role}
	side, isPlayer := roleOf(role)
	n := s.nobleCount()
	st := []string{
		fmt.Sprintf("Hammer of the Scots, %s: %s.", s.Scn, s.label()),
		fmt.Sprintf("Nobles: England %d, Scotland %d. %s.", n[England], n[Scotland], s.kingText()),
	}
	if isPlayer {
		st = append(st, "You play "+sideName(side)+".")
	}
	if s.Fin {
		st = append(st, "Result: "+s.Result)
	}
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Status", Body: strings.Join(st, "\n"), TitleMsg: m("ham.section.status"), Lines: s.statusLines(side, isPlayer)})
	// cards
	var cb []string
	for sd := 0; sd < 2; sd++ {
		if isPlayer && sd != side {
			k := 0
			for _, c := range s.Hand[sd] {
				if c >= 0 {
					k++
				}
			}
			cb = append(cb, fmt.Sprintf("%s holds %d cards.", sideName(sd), k))
			continue
		}
		var h []string
		for _, c := range s.Hand[sd] {
			if c >= 0 {
				h = append(h, cards[c].Name)
			}
		}
		who := "Your hand"
		if !isPlayer {
			who = sideName(sd) + "'s hand"
		}
		cb = append(cb, who+": "+strings.Join(h, " · "))
	}
	if s.Play[0] >= 0 || s.Play[1] >= 0 {
		for sd := 0; sd < 2; sd++ {
			if s.Play[sd] < 0 {
				continue
			}
			if s.Phase == PhCard && isPlayer && sd != side {
				cb = append(cb, sideName(sd)+" has played a card face down.")
				continue
			}
			cb = append(cb, sideName(sd)+" played "+cards[s.Play[sd]].Name+".")
		}
	}
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Cards", Body: strings.Join(cb, "\n"), TitleMsg: m("ham.section.cards"), Lines: s.cardLines(side, isPlayer)})
	for sd := 0; sd < 2; sd++ {
		if !isPlayer || sd == side {
			v.Sections = append(v.Sections, adjudicator.Section{Title: sideName(sd) + " blocks", Body: s.ownBlocks(sd), TitleMsg: m("ham.section.blocks", "Side", sideMsg(sd)), Rows: s.ownBlockRows(sd)})
		} else {
			v.Sections = append(v.Sections, adjudicator.Section{Title: sideName(sd) + " blocks seen", Body: s.enemyBlocks(sd), TitleMsg: m("ham.section.blocks_seen", "Side", sideMsg(sd)), Lines: s.enemyLines(sd)})
		}
	}
	if s.Bat != nil {
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Battle of " + s.Bat.AreaName, Body: battleText(s.Bat, role)})
	}
	if s.Phase == PhBattle {
		var next []string
		for _, ar := range s.contested() {
			if s.Bat == nil || areas[ar].Name != s.Bat.AreaName {
				next = append(next, areas[ar].Name)
			}
		}
		if len(next) > 0 {
			v.Sections = append(v.Sections, adjudicator.Section{Title: "Battles to come",
				Body:     wrapText("This turn's battles still to fight, in the order Player 1 chooses (5.1): "+strings.Join(next, ", ")+".", viewWidth),
				TitleMsg: m("ham.section.battles_to_come"), Lines: []msg.M{msg.New("ham.battles.to_come", "Areas", strings.Join(next, ", "))}})
		}
	}
	var owed []string
	var owedMsgs []msg.M
	for _, p := range s.Prompts() {
		if !isPlayer || p.Role == role {
			owed = append(owed, string(p.Role)+": "+p.Text)
			text := msg.Lit(p.Text)
			if p.TextMsg != nil {
				text = *p.TextMsg
			}
			owedMsgs = append(owedMsgs, msg.New("ham.owed.line", "Side", sideMsg(roleSide(p.Role)), "Text", text))
		}
	}
	if len(owed) > 0 {
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Owed now", Body: strings.Join(owed, "\n"),
			TitleMsg: m("ham.section.owed_now"), Lines: owedMsgs})
	}
	for i := range v.Sections {
		v.Sections[i].Body = wrapText(v.Sections[i].Body, viewWidth)
	}
	return v
}

// viewWidth is the width of the view's lines: reports indent sections by
// two columns and wrap the whole text at 72 (adjudicator.ViewWidth).
const viewWidth = adjudicator.ViewWidth

// wrapText breaks every line longer than width at spaces; continuation
// lines are indented two columns more than the line they continue.
func wrapText(body string, width int) string {
	lines := strings.Split(body, "\n")
	long := false
	for _, l := range lines {
		if utf8.RuneCountInString(l) > width {
			long = true
			break
		}
	}
	if !long {
		return body
	}
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if utf8.RuneCountInString(l) <= width {
			b.WriteString(l) // a line that fits keeps its columns
			continue
		}
		indent := strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " "))+2)
		col := 0
		for j, w := range strings.Fields(l) {
			n := utf8.RuneCountInString(w)
			switch {
			case j == 0:
				pre := l[:len(l)-len(strings.TrimLeft(l, " "))]
				b.WriteString(pre)
				col = len(pre)
			case col+1+n > width:
				b.WriteByte('\n')
				b.WriteString(indent)
				col = len(indent)
			default:
				b.WriteByte(' ')
				col++
			}
			b.WriteString(w)
			col += n
		}
	}
	return b.String()
}

func (s *St) ownBlocks(side int) string {
	var lines []string
	for a := 0; a < NA; a++ {
		var bs []string
		for b := 0; b < NB; b++ {
			if int(s.Loc[b]) == a && blocks[b].Side == side {
				bs = append(bs, s.blockText(b))
			}
		}
		if len(bs) > 0 {
			lines = append(lines, wrapItems(fmt.Sprintf("%-14s ", areas[a].Name), bs, " · "))
		}
	}
	var pool, aside, gone []string
	for b := 0; b < NB; b++ {
		if blocks[b].Side != side {
			continue
		}
		switch s.Loc[b] {
		case LocPool:
			pool = append(pool, blocks[b].Label)
		case LocAside:
			aside = append(aside, blocks[b].Label)
		case LocRemoved:
			gone = append(gone, blocks[b].Label)
		}
	}
	lines = append(lines, wrapItems(fmt.Sprintf("%-14s ", "Pool"), pool, ", "))
	if len(aside) > 0 {
		lines = append(lines, fmt.Sprintf("%-14s %s", "Set aside", strings.Join(aside, ", ")))
	}
	if len(gone) > 0 {
		lines = append(lines, fmt.Sprintf("%-14s %s", "Dead", strings.Join(gone, ", ")))
	}
	return strings.Join(lines, "\n")
}

func (s *St) enemyBlocks(side int) string {
	var parts []string
	pool := 0
	for a := 0; a < NA; a++ {
		if n := s.count(a, side); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", areas[a].Name, n))
		}
	}
	for b := 0; b < NB; b++ {
		if blocks[b].Side == side && s.Loc[b] == LocPool {
			pool++
		}
	}
	return wrapItems("", parts, " · ") + fmt.Sprintf("\nPool: %d blocks", pool)
}

func battleText(bt *columbia.Battle, role adjudicator.Role) string {
	var lines []string
	lines = append(lines, fmt.Sprintf("Round %d. %s attacks, %s defends.", bt.Round, sideName(roleSide(bt.Attacker)), sideName(roleSide(bt.Defender))))
	for _, sd := range []adjudicator.Role{bt.Attacker, bt.Defender} {
		var bs []string
		hidden := 0
		for i := range bt.Blocks {
			b := &bt.Blocks[i]
			if b.Side != sd || b.Outcome != columbia.Fighting {
				continue
			}
			if !bt.Revealed(role, b) {
				hidden++
				continue
			}
			t := fmt.Sprintf("%s %d/%d %s", b.Label(), b.Steps, b.MaxSteps, columbia.Rating(b.Initiative, b.Firepower))
			if !b.Arrived {
				t += " (reserve)"
			}
			bs = append(bs, t)
		}
		if hidden > 0 {
			bs = append(bs, fmt.Sprintf("%d reserve blocks not yet revealed", hidden))
		}
		lines = append(lines, wrapItems(sideName(roleSide(sd))+": ", bs, " · "))
	}
	for _, e := range bt.Events(role) {
		lines = append(lines, "  "+e)
	}
	return strings.Join(lines, "\n")
}

// Prompts implements adjudicator.State.
func (s *St) Prompts() []adjudicator.Prompt {
	var out []adjudicator.Prompt
	for side := 0; side < 2; side++ {
		if !s.owes(side) {
			continue
		}
		out = append(out, s.prompt(side))
	}
	return out
}

// Owing lists the roles that owe a decision, as Prompts does, without
// building the choices (adjudicator.Owing).
func (s *St) Owing() []adjudicator.Role {
	e, sc := s.owes(England), s.owes(Scotland)
	switch {
	case e && sc:
		return owingBoth[0:2:2]
	case e:
		return owingBoth[0:1:1]
	case sc:
		return owingBoth[1:2:2]
	}
	return nil
}

// owingBoth backs the lists Owing returns, which callers only read (an
// append copies: their capacity is their length).
var owingBoth = []adjudicator.Role{RoleEngland, RoleScotland}

func (s *St) prompt(side int) adjudicator.Prompt {
	p := adjudicator.Prompt{Role: roles[side]}
	switch s.Phase {
	case PhCard:
		p.Kind, p.Secret = "card", true
		p.Text = "Play a card face down (the higher card moves first; England wins ties; events go first)."
		p.TextMsg = pm("ham.prompt.card")
		p.Choices = s.handChoices(side)
		p.Template = []string{p.Choices[len(p.Choices)-1]}
	case PhEvent:
		p.Kind = "event"
		p.Text = "Resolve your " + cards[s.Play[side]].Name + " event, or ignore it."
		p.TextMsg = pm("ham.prompt.event", "Card", cards[s.Play[side]].Name)
		p.Choices = s.eventChoices(side)
		p.Template = s.defaultLines(side)
		if c := p.Choices[0]; c != p.Template[0] {
			p.Template = append([]string{"# e.g. " + c}, p.Template...)
		}
	case PhMove1, PhMove2:
		p.Kind = "move"
		budget := cards[s.Play[side]].Value
		p.Text = fmt.Sprintf("Give your movement orders: %d group moves (a group sending several blocks across the Anglo-Scottish border needs a point per crossing block). Add standing battle orders if you like.", budget)
		p.TextMsg = pm("ham.prompt.move", "N", budget)
		p.Choices = s.moveChoices(side)
		p.Template = []string{"# move <from> -> <to>: <blocks or all>", "# main <battle area> from <area the group came from>",
			"# battle all: retreat when weaker", "pass"}
	case PhBattle:
		if s.Choose {
			p.Kind = "next-battle"
			p.Text = "Choose the battle to fight next (5.1); you are asked again after it."
			p.TextMsg = pm("ham.prompt.next_battle")
			p.Choices = s.battleChoices()
			p.Template = []string{p.Choices[0]}
			break
		}
		bp := s.Bat.Pending
		p.Kind = "battle"
		b := s.Bat.Block(bp.Block)
		who := bp.Block
		if b != nil {
			who = b.Label()
		}
		p.Text = fmt.Sprintf("Battle of %s, round %d: %s for %s.", s.Bat.AreaName, s.Bat.Round, bp.Kind, who)
		p.TextMsg = pm("ham.prompt.battle", "Area", s.Bat.AreaName, "Round", s.Bat.Round, "Decision", decisionMsg(bp.Kind), "Block", who)
		p.Choices = bp.Strings(nameOf)
		p.Template = []string{p.Choices[0]}
	case PhRaid:
		p.Kind = "raid"
		p.Text = "Scottish blocks are in England: choose the non-noble block England loses (5.9)."
		p.TextMsg = pm("ham.prompt.raid")
		for _, b := range s.raidCandidates() {
			p.Choices = append(p.Choices, "raid "+blocks[b].Label)
		}
		p.Template = []string{p.Choices[0]}
	case PhWHomes:
		p.Kind, p.Secret = "winter-homes", true
		p.Text = "Winter: nobles go home. Choose where they go."
		p.TextMsg = pm("ham.prompt.homes")
		p.Choices = s.homeChoices(side)
		p.Template = []string{p.Choices[0]}
	case PhWEng:
		p.Kind = "winter-england"
		p.Text = "Winter: English quarters (knights, archers, hobelars disband; infantry stays within castle limits) and replacements."
		p.TextMsg = pm("ham.prompt.winter_england")
		if ok, _ := s.edwardMayWinter(); ok {
			p.Choices = append(p.Choices, "edward winter", "edward disband")
		}
		p.Choices = append(p.Choices, s.winterChoices(England)...)
		p.Template = s.defaultLines(side)
	case PhWScot:
		p.Kind = "winter-scotland"
		p.Text = "Winter: Scottish quarters (castle limits, Wallace, the King) and replacements."
		p.TextMsg = pm("ham.prompt.winter_scotland")
		if s.onMap(bKing) {
			p.Choices = append(p.Choices, "king stay", "king disband")
			for _, id := range []string{"strathspey", "lennox", "fife"} {
				if a := areaByID[id]; !s.kingBarred(a) && int(s.Loc[bKing]) != a {
					p.Choices = append(p.Choices, "king "+areas[a].Name)
				}
			}
		}
		if s.onMap(bWallace) && int(s.EdWinAt) != areaByID["selkirk"] {
			p.Choices = append(p.Choices, "wallace selkirk")
		}
		p.Choices = append(p.Choices, s.winterChoices(Scotland)...)
		p.Template = s.defaultLines(side)
	}
	if len(p.Template) == 0 {
		p.Template = []string{"pass"}
	}
	return p
}

func (s *St) moveChoices(side int) []string {
	o := s.occupancy()
	var out []string
	var mvs [NA]int
	for b := 0; b < NB; b++ {
		if l := s.Loc[b]; l < NA && blocks[b].Side == side && s.Fl[b]&fMoved == 0 && b != bNorse {
			if mv := s.moveOf(b); mv > mvs[l] {
				mvs[l] = mv
			}
		}
	}
	for a := 0; a < NA; a++ {
		mv := mvs[a]
		if mv == 0 {
			continue
		}
		// breadth-first within the movement allowance, stopping where the
		// rules stop a block (enemy, red border, England)
		// as moveCtx.reach: an area first reached across a red border may
		// still be passed through when reached later by another way
		var seen, queued [NA]bool
		var q [NA]int
		var depth [NA]int
		seen[a], queued[a] = true, true
		q[0] = a
		qh, qt := 0, 1
		nd := 0
		for qh < qt {
			x := q[qh]
			qh++
			for i, c := range areas[x].Nbr {
				if queued[c] {
					continue
				}
				if !seen[c] {
					seen[c] = true
					nd++
				}
				k := areas[x].Brd[i]
				if o[c]&(1<<(1-side)) == 0 && !borders[k].Red && c != AreaEngland && depth[x]+1 < mv {
					queued[c] = true
					depth[c] = depth[x] + 1
					q[qt] = c
					qt++
				}
			}
		}
		if nd > 0 {
			var sb strings.Builder
			sb.Grow(200)
			sb.WriteString("move ")
			sb.WriteString(areas[a].Name)
			sb.WriteString(" -> one of ")
			first := true
			for d := 0; d < NA; d++ {
				if !seen[d] || d == a {
					continue
				}
				if !first {
					sb.WriteString(", ")
				}
				first = false
				sb.WriteString(areas[d].Name)
			}
			sb.WriteString(": <blocks or all>")
			out = append(out, sb.String())
		}
	}
	if s.onMap(bNorse) && blocks[bNorse].Side == side && s.Fl[bNorse]&fMoved == 0 {
		out = append(out, "move "+areas[s.Loc[bNorse]].Name+" -> <Scottish coastal area>: Norse")
	}
	return append(out, "pass")
}

// Default implements adjudicator.State.
func (s *St) Default(role adjudicator.Role) *adjudicator.Submission {
	side, ok := roleOf(role)
	if !ok || !s.owes(side) {
		return nil
	}
	return &adjudicator.Submission{Role: role, Lines: toLines(s.defaultLines(side))}
}

func toLines(ss []string) []adjudicator.Line {
	out := make([]adjudicator.Line, len(ss))
	for i, t := range ss {
		out[i] = adjudicator.Line{No: i + 1, Text: t}
	}
	return out
}

func (s *St) defaultLines(side int) []string {
	switch s.Phase {
	case PhCard:
		// the lowest card: the last in the sorted hand
		for i := 4; i >= 0; i-- {
			if c := s.Hand[side][i]; c >= 0 {
				return []string{"card " + cards[c].Name}
			}
		}
	case PhEvent:
		if cards[s.Play[side]].Event == EvTruce {
			return []string{"truce"}
		}
		return []string{"ignore"}
	case PhMove1, PhMove2, PhWHomes:
		return []string{"pass"}
	case PhBattle:
		if s.Choose {
			return s.battleChoices()[:1]
		}
		c, _ := columbia.Auto{}.Decide(s.Bat, s.Bat.Pending)
		return []string{c.Text(nameOf)}
	case PhRaid:
		c := s.raidCandidates()
		best := c[0]
		for _, b := range c {
			if s.Str[b] < s.Str[best] {
				best = b
			}
		}
		return []string{"raid " + blocks[best].Label}
	case PhWEng, PhWScot:
		return s.autoSteps(side)
	}
	return []string{"pass"}
}

// autoSteps spends replacement points on the weakest blocks, the way a
// careful player would by default (no draws).
func (s *St) autoSteps(side int) []string {
	return s.autoStepsInto(side, &textbuf.Buf{}, nil)
}

// autoStepsInto is autoSteps appending its lines to out, their text
// written into t.
func (s *St) autoStepsInto(side int, t *textbuf.Buf, out []string) []string {
	if s.Final {
		return append(out, "pass")
	}
	// The blocks that may take replacement steps in each area, a bit per
	// block (Scots: all; England: infantry and nobles only, 7.3).
	var can [NA]uint64
	for b := 0; b < NB; b++ {
		if l := s.Loc[b]; uint8(l) < NA && blockSide[b] == side &&
			(side == Scotland || blocks[b].Type == TInfantry || blocks[b].Type == TNoble) {
			can[l] |= 1 << uint(b)
		}
	}
	n0 := len(out)
	last, k := -1, 0 // the block of the last line and the steps it gives
	o := s.occupancy()
	str := s.Str
	for a := 1; a < NA; a++ {
		if o[a] != 1<<side {
			continue
		}
		rp := castleFor(a, side)
		if bits.OnesCount64(can[a]) > rp {
			continue // some blocks there will disband: leave the choice to the player
		}
		for ; rp > 0; rp-- {
			best := -1
			for set := can[a]; set != 0; set &= set - 1 {
				b := bits.TrailingZeros64(set)
				if str[b] < int8(blocks[b].Max) && (best < 0 || str[b] < str[best]) {
					best = b
				}
			}
			if best < 0 {
				break
			}
			str[best]++
			// Steps for the block of the last line add up on it.
			if last >= 0 && blocks[last].Label == blocks[best].Label {
				k++
				out[len(out)-1] = t.S("step ").S(blocks[best].Label).S(" +").Int(k).Take()
				continue
			}
			out = append(out, t.S("step ").S(blocks[best].Label).Take())
			last, k = best, 1
		}
	}
	if len(out) == n0 {
		return append(out, "pass")
	}
	return out
}

// wrapItems joins items after prefix, wrapping at viewWidth columns with the
// continuation lines indented like the first item.
func wrapItems(prefix string, items []string, sep string) string {
	var b strings.Builder
	b.WriteString(prefix)
	col := len([]rune(prefix))
	indent := strings.Repeat(" ", col)
	for i, it := range items {
		w := len([]rune(it))
		if i > 0 {
			// Room for the item and, should the next one not fit, the
			// separator's comma that ends the line.
			if col+len([]rune(sep))+w+len(strings.TrimRight(sep, " ")) > viewWidth {
				b.WriteString(strings.TrimRight(sep, " "))
				b.WriteString("\n")
				b.WriteString(indent)
				col = len(indent)
			} else {
				b.WriteString(sep)
				col += len([]rune(sep))
			}
		}
		b.WriteString(it)
		col += w
	}
	return b.String()
}

// winterChoices lists concrete winter orders for side: a disband for each
// block that may disband and, unless this is the final winter, a step for
// each block that can take one from its area's replacement points and
// (Scots) a draw for each area with room under its castle limit.
func (s *St) winterChoices(side int) []string {
	var dis, steps, draws []string
	o := s.occupancy()
	for b := 0; b < NB; b++ {
		if blocks[b].Side != side || !s.onMap(b) {
			continue
		}
		if blocks[b].Type != TNoble || b == bMoray {
			dis = append(dis, "disband "+blocks[b].Label)
		}
		a := int(s.Loc[b])
		if s.Final || o[a] != 1<<side || s.count(a, side) > castleFor(a, side) || int(s.Str[b]) >= blocks[b].Max ||
			(side == England && blocks[b].Type != TInfantry && blocks[b].Type != TNoble) {
			continue
		}
		steps = append(steps, "step "+blocks[b].Label+" +1")
	}
	if side == Scotland && !s.Final {
		for a := 1; a < NA; a++ {
			if o[a] == 1<<Scotland && s.count(a, Scotland) < castleFor(a, Scotland) {
				draws = append(draws, "draw "+areas[a].Name+" +0")
			}
		}
	}
	out := append(steps, draws...)
	out = append(out, dis...)
	return append(out, "pass")
}
