package richard3

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/msg"
)

func blockText(s *State, i int) string {
	b := &blocks[i]
	extra := ""
	if b.Type == tHeir && b.Side == s.owner(i) {
		switch {
		case i == s.kingBlock():
			extra = ", King"
		case i == s.pretenderBlock():
			extra = ", Pretender"
		default:
			extra = fmt.Sprintf(", heir %d", b.Rank)
		}
	}
	return fmt.Sprintf("%s %d/%d (%s%s)", b.Name, s.Str[i], b.Steps, b.rating(), extra)
}

// viewWidth is the width of the view's lines: reports indent sections by
// two columns and wrap the whole text at 72 (adjudicator.ViewWidth).
const viewWidth = adjudicator.ViewWidth

// View implements adjudicator.State.
func (s *State) View(role adjudicator.Role) adjudicator.View {
	v := adjudicator.View{Role: role}
	me := sideOfRole(role)
	gm := role == adjudicator.GM
	// Status.
	var st strings.Builder
	fmt.Fprintf(&st, "%s\n", s.label())
	king, pret := "none", "none"
	if k := s.kingBlock(); k >= 0 {
		king = fmt.Sprintf("%s (%s)", blocks[k].Name, s.King)
	} else {
		king = fmt.Sprintf("none until the new King takes office in the Supply Phase (%s)", s.King)
	}
	if p := s.pretenderBlock(); p >= 0 {
		pret = fmt.Sprintf("%s (%s)", blocks[p].Name, s.pretender())
	}
	fmt.Fprintf(&st, "King: %s. Pretender: %s.\n", king, pret)
	if (s.Phase >= phAction1 && s.Phase <= phSupply || s.Phase == phNextBattle) && s.Card[0] >= 0 && s.Card[1] >= 0 {
		fmt.Fprintf(&st, "Cards this turn: Lancaster %s, York %s. Player 1: %s.\n", cardLong(int(s.Card[0])), cardLong(int(s.Card[1])), s.P1)
	}
	if s.Finished {
		fmt.Fprintf(&st, "%s\n", s.Result)
	}
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Status", Body: st.String(), TitleMsg: m("r3.section.status"), Lines: s.statusLines()})
	sides := []Side{}
	if gm {
		sides = []Side{Lancaster, York}
	} else if me != NoSide {
		sides = []Side{me}
	}
	for _, sd := range sides {
		title := "Your"
		handMsg, blocksMsg := m("r3.section.your_hand"), m("r3.section.your_blocks")
		if gm {
			title = sd.String() + "'s"
			handMsg, blocksMsg = m("r3.section.side_hand", "Side", sd.String()), m("r3.section.side_blocks", "Side", sd.String())
		}
		var hb strings.Builder
		fmt.Fprintf(&hb, "%s\n", strings.Join(cardsText(s.Hand[sd]), " · "))
		if s.Phase == phCard && s.Card[sd] >= 0 {
			fmt.Fprintf(&hb, "Played face down: %s\n", cardLong(int(s.Card[sd])))
		}
		v.Sections = append(v.Sections, adjudicator.Section{Title: title + " hand", Body: hb.String(), TitleMsg: handMsg, Lines: s.handLines(sd)})
		v.Sections = append(v.Sections, adjudicator.Section{Title: title + " blocks", Body: s.ownBlocksText(sd), TitleMsg: blocksMsg, Rows: s.ownBlockRows(sd)})
	}
	if !gm && me != NoSide {
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Enemy blocks seen", Body: s.enemyText(me), TitleMsg: m("r3.section.enemy_seen"), Lines: s.enemyLines(me)})
	}
	var dead []string
	for sd := Side(0); sd < 2; sd++ {
		for r := 0; r < 5; r++ {
			if !s.heirAlive(heirsOf[sd][r]) {
				dead = append(dead, fmt.Sprintf("%s (%s)", blocks[heirsOf[sd][r]].Name, sd))
			}
		}
	}
	if len(dead) > 0 {
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Dead heirs", Body: strings.Join(dead, ", ") + "\n", TitleMsg: m("r3.section.dead_heirs"), Lines: []msg.M{msg.Lit(strings.Join(dead, ", "))}})
	}
	if s.Battle != nil {
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Battle of " + areas[s.BArea].Name, Body: s.battleText(role)})
	}
	for i := range v.Sections {
		v.Sections[i].Body = fold(v.Sections[i].Body, viewWidth)
	}
	return v
}

// fold breaks every line longer than w runes at spaces, indenting the
// continuation lines by two.
func fold(body string, w int) string {
	var out strings.Builder
	for _, ln := range strings.SplitAfter(body, "\n") {
		nl := strings.HasSuffix(ln, "\n")
		ln = strings.TrimSuffix(ln, "\n")
		for utf8.RuneCountInString(ln) > w {
			cut := -1
			n := 0
			for i, r := range ln {
				if n > w {
					break
				}
				if r == ' ' && n > 2 {
					cut = i
				}
				n++
			}
			if cut < 0 {
				break
			}
			out.WriteString(strings.TrimRight(ln[:cut], " "))
			out.WriteString("\n")
			ln = "  " + strings.TrimLeft(ln[cut:], " ")
		}
		out.WriteString(ln)
		if nl {
			out.WriteString("\n")
		}
	}
	return out.String()
}

func (s *State) ownBlocksText(sd Side) string {
	var b strings.Builder
	for a := 0; a < nAreas; a++ {
		var xs []string
		for i := 0; i < nBlocks; i++ {
			if int(s.Loc[i]) == a && s.owner(i) == sd {
				xs = append(xs, blockText(s, i))
			}
		}
		if len(xs) > 0 {
			b.WriteString(column(areas[a].Name, xs))
		}
	}
	list := func(title string, pred func(i int) bool) {
		var xs []string
		for i := 0; i < nBlocks; i++ {
			if s.owner(i) == sd && pred(i) {
				xs = append(xs, blocks[i].Name)
			}
		}
		if len(xs) > 0 {
			b.WriteString(column(title, xs))
		}
	}
	list("Pool", func(i int) bool { return s.Loc[i] == locPool })
	list("Face down", func(i int) bool { return s.Loc[i] == locDown })
	list("Minor heirs", func(i int) bool { return s.Loc[i] == locMinor && blocks[i].Side == sd })
	list("Prisoner", func(i int) bool { return s.Loc[i] == locCaptive })
	return b.String()
}

func (s *State) enemyText(me Side) string {
	en := me.Other()
	var parts []string
	for a := 0; a < nAreas; a++ {
		n := s.count(a, en)
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", areas[a].Name, n))
		}
	}
	pool := 0
	for i := 0; i < nBlocks; i++ {
		if (s.Loc[i] == locPool || s.Loc[i] == locDown) && s.owner(i) == en {
			pool++
		}
	}
	body := strings.Join(parts, " · ")
	return wrap(body, viewWidth) + fmt.Sprintf("\n%s pool: %d block(s)\n", en, pool)
}

func wrap(s string, w int) string {
	var out strings.Builder
	col := 0
	for _, word := range strings.Split(s, " · ") {
		if col > 0 && col+len(word)+3 > w {
			out.WriteString("\n")
			col = 0
		} else if col > 0 {
			out.WriteString(" · ")
			col += 3
		}
		out.WriteString(word)
		col += len(word)
	}
	return out.String()
}

func (s *State) battleText(role adjudicator.Role) string {
	bt := s.Battle
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d. %s attacks, %s defends.\n", bt.Round, bt.Attacker, bt.Defender)
	for k := range bt.Blocks {
		x := &bt.Blocks[k]
		if !bt.Revealed(role, x) {
			fmt.Fprintf(&b, "  a %s block\n", x.Side)
			continue
		}
		st := x.Outcome.String()
		if x.Outcome == columbia.Fighting && !x.Arrived {
			st = "reserve"
		}
		fmt.Fprintf(&b, "  %-10s %-20s %d/%d %s\n", x.Side, x.Label(), x.Steps, x.MaxSteps, st)
	}
	if p := bt.Pending; p != nil {
		fmt.Fprintf(&b, "Waiting for %s: %s for %s.\n", p.Side, p.Kind, s.nameOf(p.Block))
	}
	return b.String()
}

// column renders "Title          item · item ..." wrapped at viewWidth columns.
func column(title string, items []string) string {
	var b strings.Builder
	line := fmt.Sprintf("%-14s ", title)
	first := true
	for _, it := range items {
		sep := " · "
		if first {
			sep = ""
		}
		if !first && utf8.RuneCountInString(line+sep+it) > viewWidth {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = strings.Repeat(" ", 15)
			sep = ""
		}
		line += sep + it
		first = false
	}
	b.WriteString(line + "\n")
	return b.String()
}
