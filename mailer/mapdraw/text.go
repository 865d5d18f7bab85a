package mapdraw

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/mailer/textwrap"
)

// Text renders m as a text map for the plain part of a report, at most
// width columns wide where the names allow: the occupied areas region by
// region with what the reader sees there, battles, the empty areas, and
// the moves of the turn.
func Text(m *board.Map, width int) string {
	var b strings.Builder
	b.WriteString(textwrap.Paragraph(word(m, "map.heading", "Title", m.Title), "", "  ", width))
	b.WriteString("\n")
	key := word(m, "map.key_blocks")
	if m.PieceKey != "" {
		key = m.PieceKey
	}
	b.WriteString(textwrap.Paragraph(key+" "+word(m, "map.key_battle"), "", "", width))
	b.WriteString("\n")
	regions := append([]string(nil), m.Regions...)
	known := map[string]bool{}
	for _, r := range regions {
		known[r] = true
	}
	for _, a := range m.Areas {
		if !known[a.Region] {
			known[a.Region] = true
			regions = append(regions, a.Region)
		}
	}
	for _, reg := range regions {
		var lines, empty []string
		// areas where the reader sees nothing but who controls them are
		// grouped by controller, in map order
		var ctrlOrder []adjudicator.Role
		ctrlOnly := map[adjudicator.Role][]string{}
		for i := range m.Areas {
			a := &m.Areas[i]
			if a.Region != reg {
				continue
			}
			items := areaItems(m, a)
			if len(items) == 1 && a.Controller != "" && len(a.Pieces) == 0 && !battleIn(m, a.ID) {
				if _, ok := ctrlOnly[a.Controller]; !ok {
					ctrlOrder = append(ctrlOrder, a.Controller)
				}
				ctrlOnly[a.Controller] = append(ctrlOnly[a.Controller], a.Name)
				continue
			}
			if len(items) == 0 {
				if a.Kind != board.Sea {
					empty = append(empty, a.Name)
				}
				continue
			}
			lines = append(lines, textwrap.Items("  "+a.Name+" — ", items, " · ", width))
		}
		for _, c := range ctrlOrder {
			// width-1: a broken line ends with the separator's comma
			lines = append(lines, textwrap.Items("  "+word(m, "map.controlled_by", "Side", m.Side(c).Name)+": ", ctrlOnly[c], ", ", width-1))
		}
		if len(lines) == 0 && len(empty) == 0 {
			continue
		}
		title := reg
		if title == "" {
			title = word(m, "map.elsewhere")
		}
		b.WriteString("\n")
		if reg != "" || len(regions) > 1 {
			// a map without regions (a hex map) needs no heading
			b.WriteString(strings.ToUpper(title))
			b.WriteString("\n")
		}
		for _, l := range lines {
			b.WriteString(l)
			b.WriteString("\n")
		}
		if len(empty) > 0 {
			b.WriteString(textwrap.Items("  "+word(m, "map.empty")+" ", empty, ", ", width))
			b.WriteString("\n")
		}
	}
	if len(m.Moves) > 0 {
		b.WriteString("\n" + word(m, "map.moves_heading") + "\n")
		for _, mv := range m.Moves {
			from, to := m.Area(mv.From).Name, m.Area(mv.To).Name
			how := "->"
			if mv.Sea {
				how = "-> " + word(m, "map.by_sea") + " ->"
			}
			s := fmt.Sprintf("%s: %s %s %s, %s", m.Side(mv.Owner).Name, from, how, to, count(m, "map.blocks", mv.Count))
			if mv.Label != "" {
				s += " (" + mv.Label + ")"
			}
			b.WriteString(textwrap.Paragraph(s, "  ", "    ", width))
			b.WriteString("\n")
		}
	}
	for _, n := range m.Notes {
		b.WriteString("\n")
		b.WriteString(textwrap.Paragraph(n, "", "", width))
		b.WriteString("\n")
	}
	return b.String()
}

// areaItems lists what the reader sees in an area: a battle, then each
// side's pieces.
func areaItems(m *board.Map, a *board.Area) []string {
	var items []string
	for _, bt := range m.Battles {
		if bt.Area != a.ID {
			continue
		}
		s := "[" + word(m, "map.battle")
		if bt.Current {
			s = "*[" + word(m, "map.battle_now")
		}
		if bt.Attacker != "" {
			s += ": " + word(m, "map.attacks", "Side", m.Side(bt.Attacker).Name)
		}
		items = append(items, s+"]")
	}
	var order []adjudicator.Role
	by := map[adjudicator.Role][]string{}
	for _, p := range a.Pieces {
		if _, ok := by[p.Owner]; !ok {
			order = append(order, p.Owner)
		}
		s := pieceText(p)
		if !p.Hidden && p.Detail != "" {
			s += " " + p.Detail
		}
		by[p.Owner] = append(by[p.Owner], s)
	}
	for _, o := range order {
		for i, it := range by[o] {
			if i == 0 {
				it = m.Side(o).Name + ": " + it
			}
			items = append(items, it)
		}
	}
	if a.Controller != "" {
		items = append(items, word(m, "map.controlled_by", "Side", m.Side(a.Controller).Name))
	}
	return items
}

func battleIn(m *board.Map, id string) bool {
	for _, bt := range m.Battles {
		if bt.Area == id {
			return true
		}
	}
	return false
}
