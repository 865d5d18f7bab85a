package main

import (
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// The demo's scripted players. Each script reads only what its player may
// see (its prompts) and is checked against the rules before it is sent;
// a script whose orders would not be legal falls back to the defaults.
func init() {
	demoScripts["richard-iii"] = func(st adjudicator.State, role adjudicator.Role, kind string, n int) []string {
		switch kind {
		case "card":
			// York plays his best card to move first; Lancaster his lowest.
			return pickCard(st, role, role == "york")
		case "actions":
			if n > 1 {
				return nil
			}
			var lines []string
			if role == "york" {
				// The worked example: Warwick's men cross from Calais to Kent.
				lines = []string{"sea Calais -> Kent: March, Warwick", "sea Calais -> Kent: Salisbury, Kent", "battle Kent: retreat to Sussex if weaker"}
			} else {
				// King Henry marches on Kent from London.
				lines = []string{"move Middlesex -> Kent: Henry VI", "move Essex -> Middlesex -> Kent: Oxford", "battle all: fire"}
			}
			return legalPrefix(st, role, lines)
		}
		return nil
	}
}

func init() {
	demoScripts["hammer-of-the-scots"] = func(st adjudicator.State, role adjudicator.Role, kind string, n int) []string {
		switch kind {
		case "card":
			// England plays its best card to move first; Scotland its lowest.
			return pickCard(st, role, role == "england")
		case "move":
			if n > 1 || role != "england" {
				return nil
			}
			// The worked example: the Mentieth group attacks Wallace in Fife,
			// the levy crosses the border as the card allows.
			return legalPrefix(st, role, []string{"move Mentieth -> Fife: all",
				"move England -> Dunbar -> Lothian: Wales Archers, Lancaster Knights", "battles Fife"})
		}
		return nil
	}
}

// pickCard chooses the highest (or lowest) Action card among the prompt's
// choices ("card 4", "card Move 3", "card Surprise", ...).
func pickCard(st adjudicator.State, role adjudicator.Role, high bool) []string {
	best, bestV := "", -1
	for _, p := range st.Prompts() {
		if p.Role != role || p.Kind != "card" {
			continue
		}
		for _, c := range p.Choices {
			f := strings.Fields(c) // "card 4", "card Move 3"
			v, err := strconv.Atoi(f[len(f)-1])
			if err != nil {
				continue
			}
			if bestV < 0 || high && v > bestV || !high && v < bestV {
				best, bestV = c, v
			}
		}
	}
	if best == "" {
		return nil
	}
	return []string{best}
}

// legalPrefix returns the longest prefix of lines the rules accept (nil if
// none), checked on throw-away dice: the scripted player never cheats, it
// only avoids sending orders its card cannot pay for.
func legalPrefix(st adjudicator.State, role adjudicator.Role, lines []string) []string {
	for k := len(lines); k > 0; k-- {
		sub := adjudicator.Submission{Role: role}
		for i, l := range lines[:k] {
			sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
		}
		if _, _, err := st.Apply(sub, testdice.New(1)); err == nil {
			return lines[:k]
		}
	}
	return nil
}
