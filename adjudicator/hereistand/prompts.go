package hereistand

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Prompts, deadline defaults and random play. The legal choices come from
// the same functions that check the orders (decisionChoices, playChoices,
// legalMoves, buildOptions, controlOptions...), so they cannot drift.

// InterruptHours is the deadline of a decision owed in the middle of an
// impulse (interception, avoid battle, withdrawal, fall back, retreat,
// casualties, relief): 12 hours rather than the game's deadline, so that
// an impulse waits half a day, not a turn's deadline, for each interrupt
// (docs/games/here-i-stand.md). The default answer then applies.
const InterruptHours = 12

// maxChoices keeps a prompt short: the forms are listed with a few
// examples, not every space of the map.
const maxChoices = 30

// Prompts implements adjudicator.State: exactly the decisions owed now.
func (s *St) Prompts() []adjudicator.Prompt {
	var out []adjudicator.Prompt
	for _, p := range s.owingPowers() {
		pr := s.powerPrompt(p)
		m, ok := promptMsg(pr.Text)
		s.seatPrompt(p, &pr)
		if ok {
			if s.shared(p) {
				m = msg.New("his.prompt.seat", "Power", powerMsg(p), "Text", m)
			}
			pr.TextMsg = &m
		}
		pr.ChoiceMsgs = choiceMsgs(pr.Choices)
		out = append(out, pr)
	}
	return out
}

// choiceMsgs gives the choices that explain rather than quote an order
// as messages: "then: <verbs>", "for example: <order>" and "... and N
// more". The verbs and orders in them stay as the parser reads them.
func choiceMsgs(ch []string) map[int]msg.M {
	var out map[int]msg.M
	for i, c := range ch {
		var m msg.M
		if rest, ok := strings.CutPrefix(c, "then: "); ok {
			m = msg.New("his.prompt.choice_then", "Verbs", rest)
		} else if rest, ok := strings.CutPrefix(c, "for example: "); ok {
			m = msg.New("his.prompt.choice_example", "Order", rest)
		} else if n, ok := moreCount(c); ok {
			m = msg.Plural("his.prompt.choice_more", n)
		} else {
			continue
		}
		if out == nil {
			out = map[int]msg.M{}
		}
		out[i] = m
	}
	return out
}

// moreCount reads the last line of a capped list: "... and 12 more".
func moreCount(c string) (int, bool) {
	rest, ok := strings.CutPrefix(c, "... and ")
	if !ok {
		return 0, false
	}
	num, ok := strings.CutSuffix(rest, " more")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(num)
	return n, err == nil
}

func (s *St) prompt(p int) adjudicator.Prompt {
	pr := s.powerPrompt(p)
	s.seatPrompt(p, &pr)
	return pr
}

// powerPrompt is the decision power p owes, under the power's own role.
func (s *St) powerPrompt(p int) adjudicator.Prompt {
	role := roleOf(p)
	if d, ok := s.Flow.top(); ok {
		ch := s.decisionChoices(d)
		return adjudicator.Prompt{Role: role, Kind: decisionKinds[d.Kind], Text: s.decisionText(d),
			Choices: capList(ch), Template: []string{ch[0]}, Hours: InterruptHours}
	}
	switch s.Phase {
	case PhLuther:
		return adjudicator.Prompt{Role: role, Kind: "theses",
			Text:     "Play Luther's 95 Theses (Luther's 95 Theses phase, turn 1, HIS-8.1a).",
			Choices:  []string{"play 95 theses"},
			Template: []string{"play 95 theses"}}
	case PhDiplomacy:
		if len(s.Flow.FreeDOW) > 0 {
			return adjudicator.Prompt{Role: role, Kind: "diplomacy", Text: s.freeDOWText(),
				Choices: s.freeDOWChoices(), Template: []string{"no"}}
		}
		if len(s.Flow.Interv) > 0 {
			ch := s.interventionChoices(p)
			return adjudicator.Prompt{Role: role, Kind: "diplomacy", Text: s.interventionText(p),
				Choices: ch, Template: []string{"no"}}
		}
		switch s.Flow.Seg {
		case SegNegotiate:
			if len(s.Flow.Deals) > 0 {
				return adjudicator.Prompt{Role: role, Kind: "negotiation", Text: s.confirmText(),
					Choices: []string{"confirm", "reject"}, Template: []string{"confirm"}}
			}
			return adjudicator.Prompt{Role: role, Kind: "negotiation", Text: s.announceText(),
				Choices: []string{"done", "propose: ally <power>", "propose: end war with <power>"}, Template: []string{"done"}}
		case SegPeace:
			return adjudicator.Prompt{Role: role, Kind: "diplomacy", Text: s.peaceText(p),
				Choices: capList(s.peaceChoices(p)), Template: []string{"done"}}
		case SegRansom:
			return adjudicator.Prompt{Role: role, Kind: "diplomacy", Text: s.ransomText(p),
				Choices: capList(s.ransomChoices(p)), Template: []string{"done"}}
		case SegExcom:
			return adjudicator.Prompt{Role: role, Kind: "diplomacy",
				Text:    "Your ruler is excommunicated (HIS-9.5a): write donate to lift it (the Papacy draws a card at random from your hand for St. Peter's), or done.",
				Choices: []string{"done", "donate"}, Template: []string{"done"}}
		}
		if s.dowSegment() {
			return adjudicator.Prompt{Role: role, Kind: "diplomacy", Text: s.declarationsText(p),
				Choices: capList(s.declareChoices(p)), Template: []string{"done"}}
		}
		return adjudicator.Prompt{Role: role, Kind: "diplomacy",
			Text:     "Diplomacy Phase: negotiations, peace and declarations of war come with the diplomacy rules. Write done.",
			Choices:  []string{"done"},
			Template: []string{"done"}}
	case PhDiet:
		ch := s.dietChoices(p)
		return adjudicator.Prompt{Role: role, Kind: "diet", Text: "Diet of Worms (HIS-18.1d): commit one card from your hand in secret; the three cards are revealed together.",
			Choices: capList(ch), Template: ch[:1]}
	case PhNewWorld:
		return adjudicator.Prompt{Role: role, Kind: "new-world", Text: s.newWorldText(),
			Choices: s.deepOptions(), Template: []string{s.newWorldDefault()}}
	case PhSpring:
		ch := append([]string{"no deployment"}, s.springDestinations(p)...)
		ch = append(ch, s.informantChoices(p)...) // events_last.go
		return adjudicator.Prompt{Role: role, Kind: "spring", Text: s.springText(p), Choices: capList(ch),
			Template: []string{"no deployment"}}
	}
	if s.Flow.Card == 0 {
		ch := s.playChoices(p)
		return adjudicator.Prompt{Role: role, Kind: "impulse",
			Text: fmt.Sprintf("Your impulse (turn %d): play a card for its CP or pass (HIS-11a); the actions may follow on the next lines.",
				s.Turn),
			Choices: append(capList(append(ch, "then: move, build, control, remove unrest, assault"+religiousVerbs[p]+newWorldVerbs[p]+", done")),
				s.impulseExamples(p)...), Template: s.defaultLines(p)}
	}
	them := "them"
	if s.Flow.CP == 1 {
		them = "it"
	}
	return adjudicator.Prompt{Role: role, Kind: "actions",
		Text: fmt.Sprintf("%d CP left from %s: spend %s on actions (HIS-11.1) or write done.",
			s.Flow.CP, cardName(s.Flow.Card), them),
		Choices: capList(s.actionForms(p)), Template: []string{"done"}}
}

// impulseExamples shows power p, before it plays a card, how its action
// lines read: a few of the actions the best card in its hand would pay
// for, as actionForms lists them once the card is played.
func (s *St) impulseExamples(p int) []string {
	best := 0
	for _, c := range s.Hands[p] {
		if !s.heldMandatory(p, int(c)) && cards[c].CP > best {
			best = cards[c].CP
		}
	}
	if best == 0 {
		return nil
	}
	c := s.clone()
	c.Flow.CP = best
	var out []string
	seen := map[string]bool{}
	for _, f := range c.actionForms(p)[1:] { // "done" first
		verb, _, _ := strings.Cut(f, " ")
		if seen[verb] { // one example of each action
			continue
		}
		seen[verb] = true
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil
	}
	out[0] = "for example: " + out[0]
	return out
}

func capList(list []string) []string {
	if len(list) > maxChoices {
		return append(list[:maxChoices:maxChoices], fmt.Sprintf("... and %d more", len(list)-maxChoices))
	}
	return list
}

// playChoices lists the card plays of power p and pass when allowed.
func (s *St) playChoices(p int) []string {
	var out []string
	for _, c := range s.Hands[p] {
		if s.heldMandatory(p, int(c)) {
			continue // not yet playable (the League)
		}
		out = append(out, order{verb: "play", card: int(c)}.canonical(p))
	}
	for _, x := range s.eventExamples(p) {
		if !mandHasLine(out, x) { // a Mandatory Event without choices is listed once
			out = append(out, x)
		}
	}
	if ok, _ := s.CanPass(p); ok {
		out = append(out, "pass")
	}
	return out
}

// actionForms lists the actions power p may take with the CP left.
func (s *St) actionForms(p int) []string {
	out := []string{"done"}
	out = append(out, s.moveExamples(p, 8)...)
	for _, k := range []int{ActRaiseRegular, ActBuyMercenary, ActRaiseCavalry, ActBuildSquadron} {
		if c := ActionCost(p, k); c > 0 && c <= s.Flow.CP && s.militaryAllowed(p) == nil {
			b := s.buildOptions(p, k)
			out = append(out, b[:min(len(b), 3)]...)
		}
	}
	if ActionCost(p, ActControl) <= s.Flow.CP {
		if s.militaryAllowed(p) == nil {
			c := s.controlOptions(p)
			out = append(out, c[:min(len(c), 6)]...)
		}
		out = append(out, s.unrestOptions(p)...)
	}
	if ActionCost(p, ActAssault) <= s.Flow.CP && s.militaryAllowed(p) == nil {
		out = append(out, s.assaultOptions(p)...)
	}
	if c := ActionCost(p, ActNavalMove); c > 0 && c <= s.Flow.CP {
		nm := s.navalMoves(p)
		out = append(out, nm[:min(len(nm), 6)]...)
	}
	if t := s.transportOptions(p); len(t) > 0 {
		out = append(out, t[:min(len(t), 4)]...)
	}
	out = append(out, s.newWorldOptions(p)...)
	if c := ActionCost(p, ActBuildCorsair); c > 0 && c <= s.Flow.CP && s.barbary() {
		b := s.buildOptions(p, ActBuildCorsair)
		out = append(out, b[:min(len(b), 3)]...)
	}
	out = append(out, s.piracyOptions(p)...)
	if ActionCost(p, ActForeignWar) > 0 && ActionCost(p, ActForeignWar) <= s.Flow.CP {
		out = append(out, s.foreignOptions(p)...)
	}
	return append(out, s.religiousOptions(p)...)
}

// defaultLines is what a deadline does for power p (the safe answer):
// decline every interrupt, keep every defender in place, pass or play
// the card that must be played, end the impulse.
func (s *St) defaultLines(p int) []string {
	if d, ok := s.Flow.top(); ok {
		return []string{s.decisionChoices(d)[0]}
	}
	switch s.Phase {
	case PhLuther:
		return []string{"play 95 theses"}
	case PhDiplomacy:
		if len(s.Flow.Interv) > 0 || len(s.Flow.FreeDOW) > 0 {
			return []string{"no"}
		}
		if s.Flow.Seg == SegNegotiate && len(s.Flow.Deals) > 0 {
			return []string{"reject"} // a deal not confirmed takes no effect (HIS-9.1d)
		}
		return []string{"done"}
	case PhDiet:
		return s.dietChoices(p)[:1]
	case PhSpring:
		return []string{"no deployment"}
	case PhNewWorld:
		return []string{s.newWorldDefault()}
	}
	if s.Flow.Card != 0 {
		return []string{"done"}
	}
	if ok, _ := s.CanPass(p); ok {
		return []string{"pass"}
	}
	// The card that blocks passing goes first, else the cheapest card.
	best := -1
	for _, c := range s.Hands[p] {
		t := cards[c].Type
		if s.heldMandatory(p, int(c)) {
			continue // not yet playable (the League)
		}
		if t == CardMandatory || t == CardHome {
			best = int(c)
			break
		}
		if best < 0 || cards[c].CP < cards[best].CP {
			best = int(c)
		}
	}
	return []string{order{verb: "play", card: best}.canonical(p), "done"}
}

// defaultPower is the deadline default of one power (role is the
// power's own role); Default gathers a seat's.
func (s *St) defaultPower(role adjudicator.Role) *adjudicator.Submission {
	p := powerOfRole(role)
	if p < 0 || !s.owes(p) {
		return nil
	}
	sub := &adjudicator.Submission{Role: role}
	for i, l := range s.defaultLines(p) {
		sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	return sub
}

// probeDice stands in for the dice while random orders are tried on a
// copy of the state: it counts the draws, so the random player stops
// before orders whose legality depends on dice not yet rolled.
type probeDice struct{ n int }

func (d *probeDice) Roll(string, int) int { d.n++; return 1 }
func (d *probeDice) Hidden(string, int) int {
	d.n++
	return 0
}

// randomPower is random legal orders of one power (role is the power's
// own role); RandomSubmission gathers a seat's. In an impulse the card play and several actions go in one
// submission, up to the first action that rolls dice or waits for
// another power.
func (s *St) randomPower(role adjudicator.Role, pick func(n int) int) *adjudicator.Submission {
	p := powerOfRole(role)
	if p < 0 || !s.owes(p) {
		return nil
	}
	var lines []string
	switch {
	case len(s.Flow.Stack) > 0:
		d, _ := s.Flow.top()
		ch := s.decisionChoices(d)
		lines = []string{ch[pick(len(ch))]}
		if d.Kind == DecRetreat && lines[0] == "withdraw" && len(ch) > 1 && pick(2) == 0 {
			lines = append(lines, ch[1+pick(len(ch)-1)])
		}
	case s.Phase == PhSpring:
		ch := s.springDestinations(p)
		if len(ch) == 0 || pick(3) == 0 {
			lines = []string{"no deployment"}
		} else {
			lines = []string{ch[pick(len(ch))]}
		}
	case s.Phase == PhAction:
		lines = s.randomImpulse(p, pick)
	case s.Phase == PhDiplomacy && s.Flow.Seg == SegNegotiate:
		lines = s.randomNegotiation(p, pick)
	case s.Phase == PhDiplomacy && (s.Flow.Seg == SegPeace || s.Flow.Seg == SegRansom || s.Flow.Seg == SegExcom) && len(s.Flow.Interv) == 0 && len(s.Flow.FreeDOW) == 0:
		lines = s.randomPeace(p, pick)
	case s.Phase == PhDiplomacy && (s.dowSegment() || len(s.Flow.Interv) > 0 || len(s.Flow.FreeDOW) > 0):
		lines = s.randomDiplomacy(p, pick)
	case s.Phase == PhDiet:
		ch := s.dietChoices(p)
		lines = []string{ch[pick(len(ch))]}
	case s.Phase == PhNewWorld:
		ch := s.deepOptions()
		lines = []string{ch[pick(len(ch))]}
	default:
		lines = s.defaultLines(p)
	}
	sub := &adjudicator.Submission{Role: role}
	for i, l := range lines {
		sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	return sub
}

// randomImpulse plays a random card (or passes) and picks random actions,
// trying each on a copy of the state.
func (s *St) randomImpulse(p int, pick func(int) int) []string {
	c := s.clone()
	d := &probeDice{}
	r := &run{s: c, dice: d}
	var lines []string
	if c.Flow.Card == 0 {
		if ok, _ := c.CanPass(p); ok && pick(4) == 0 {
			return []string{"pass"}
		}
		h := c.Hands[p]
		n := int(h[pick(len(h))])
		if ok, _ := c.CanPass(p); !ok {
			// Play what blocks passing first, now and then.
			for _, x := range h {
				if t := cards[x].Type; (t == CardMandatory || t == CardHome) && pick(2) == 0 {
					n = int(x)
				}
			}
		}
		if c.heldMandatory(p, n) {
			for _, x := range h {
				if !c.heldMandatory(p, int(x)) {
					n = int(x)
				}
			}
		}
		if evs := c.eventExamples(p); len(evs) > 0 && pick(3) == 0 {
			// Now and then an event, tried on a copy of its own.
			line := evs[pick(len(evs))]
			e := c.clone()
			er := &run{s: e, dice: d}
			if o, err := parseOrder(p, line, e.Hands[p]); err == nil && er.impulseOrder(p, o) == nil {
				c, r = e, er
				lines = append(lines, o.canonical(p))
				goto actions
			}
		}
		o := order{verb: "play", card: n}
		if err := r.impulseOrder(p, o); err != nil {
			return []string{"pass"}
		}
		lines = append(lines, o.canonical(p))
	}
actions:
	for c.Flow.CP > 0 && len(lines) < 8 {
		if pick(8) == 0 {
			return append(lines, "done")
		}
		var cands []string
		switch pick(7) {
		case 6:
			cands = append(c.religiousOptions(p), c.newWorldOptions(p)...)
		case 5:
			if k := ActionCost(p, ActNavalMove); k > 0 && k <= c.Flow.CP {
				cands = c.navalMoves(p)
			}
			cands = append(cands, c.transportOptions(p)...)
			if pc := c.piracyOptions(p); len(pc) > 0 && pick(2) == 0 {
				cands = pc // corsairs at sea: piracy often
			}
			if k := ActionCost(p, ActBuildCorsair); k > 0 && k <= c.Flow.CP && c.barbary() {
				cands = append(cands, c.buildOptions(p, ActBuildCorsair)...)
			}
		case 0, 1:
			cands = c.legalMoves(p)
		case 2:
			k := []int{ActRaiseRegular, ActBuyMercenary, ActRaiseCavalry, ActBuildSquadron}[pick(4)]
			if ActionCost(p, k) > 0 && ActionCost(p, k) <= c.Flow.CP && c.militaryAllowed(p) == nil {
				cands = c.buildOptions(p, k)
			}
		case 3:
			if c.militaryAllowed(p) == nil {
				cands = c.controlOptions(p)
			}
			cands = append(cands, c.unrestOptions(p)...)
		case 4:
			if c.militaryAllowed(p) == nil {
				cands = c.assaultOptions(p)
			}
			if k := ActionCost(p, ActForeignWar); k > 0 && k <= c.Flow.CP {
				cands = append(cands, c.foreignOptions(p)...)
			}
		}
		if len(cands) == 0 {
			if pick(3) == 0 {
				return append(lines, "done")
			}
			continue
		}
		l := cands[pick(len(cands))]
		o, err := parseOrder(p, l, c.Hands[p])
		if err != nil {
			continue
		}
		if err := r.impulseOrder(p, o); err != nil {
			continue
		}
		lines = append(lines, l)
		if d.n > 0 || c.Flow.Move != nil || c.Flow.Naval != nil || c.Flow.Assault != nil || len(c.Flow.Stack) > 0 {
			break
		}
	}
	if len(lines) == 0 {
		return []string{"done"}
	}
	return lines
}

// flowSections are the public facts of the turn machine for every view:
// the impulse in progress, who owes what, and the VP record.
func (s *St) flowSections() []adjudicator.Section {
	var b strings.Builder
	var lines []msg.M
	switch {
	case s.Flow.Over:
		fmt.Fprintf(&b, "The game is over: %s.\n", s.Flow.Result)
		lines = append(lines, msg.New("his.view.over", "Result", s.Flow.Result))
	case s.Phase == PhAction:
		fmt.Fprintf(&b, "Active power: %s. Consecutive passes: %d.\n", powers[s.Active].Name, s.Passes)
		lines = append(lines, msg.New("his.view.active", "Power", powerMsg(int(s.Active)), "Passes", s.Passes))
		if s.Flow.Card != 0 {
			fmt.Fprintf(&b, "Card played: %s; %d CP left.\n", cardName(s.Flow.Card), s.Flow.CP)
			lines = append(lines, msg.Plural("his.view.card_played", s.Flow.CP, "Card", cardName(s.Flow.Card), "CP", s.Flow.CP))
		}
	}
	if n := s.Flow.Naval; n != nil {
		b.WriteString(wrap(fmt.Sprintf("Naval move in progress: %s.", powers[n.Power].Name), 68))
		lines = append(lines, msg.New("his.view.naval_move", "Power", powerMsg(n.Power)))
	}
	if m := s.Flow.Move; m != nil {
		units := unitsOf(m.Power, m.F)
		b.WriteString(wrap(fmt.Sprintf("Move in progress: %s moves %s from %s to %s.", powers[m.Power].Name,
			units, spaces[m.From].Name, spaces[m.To].Name), 68))
		um, _ := convUnits(units)
		lines = append(lines, msg.New("his.view.move", "Power", powerMsg(m.Power), "Units", um, "From", spaces[m.From].Name, "To", spaces[m.To].Name))
	}
	var owed []string
	var owedMsgs []msg.M
	for _, p := range s.owingPowers() {
		kind := s.prompt(p).Kind
		km := kindMsg(kind)
		owed = append(owed, fmt.Sprintf("%s (%s)", powers[p].Name, queryEnglish().Text(km)))
		owedMsgs = append(owedMsgs, msg.New("his.view.owed", "Power", powerMsg(p), "Kind", km))
	}
	if len(owed) > 0 {
		b.WriteString(wrap("Waiting for: "+strings.Join(owed, " · ")+".", 68))
		lines = append(lines, msg.New("his.view.waiting", "Who", owedMsgs))
	}
	out := []adjudicator.Section{{Title: "Turn", Body: b.String(), TitleMsg: vm("his.section.turn"), Lines: lines}}
	if len(s.Flow.History) > 0 {
		// A row per power, a column per turn: narrow enough for a phone
		// whatever the number of turns played.
		b.Reset()
		first := 1
		if sc, ok := scenarioByID(s.Scenario); ok {
			first = sc.FirstTurn
		}
		fmt.Fprintf(&b, "%-11s", "Turn")
		for i := range s.Flow.History {
			fmt.Fprintf(&b, " %3d", first+i)
		}
		b.WriteString("\n")
		var rows []adjudicator.Row
		for p := 0; p < NMajor; p++ {
			fmt.Fprintf(&b, "%-11s", powers[p].Name)
			row := adjudicator.Row{Key: powerMsg(p)}
			for i, h := range s.Flow.History {
				fmt.Fprintf(&b, " %3d", h[p])
				row.Items = append(row.Items, msg.New("his.view.vp_turn", "Turn", first+i, "VP", h[p]))
			}
			b.WriteString("\n")
			rows = append(rows, row)
		}
		out = append(out, adjudicator.Section{Title: "VP record", Body: b.String(), TitleMsg: vm("his.section.vp_record"), Rows: rows})
	}
	return out
}
