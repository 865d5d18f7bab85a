package richard3

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/orders"
)

// quietRoles marks submissions made by RandomSubmission, whose narrative
// nobody reads; see Apply.
const quietMark = "#quiet"

// Status implements adjudicator.State.
func (s *State) Status() adjudicator.Status {
	st := adjudicator.Status{Turn: s.Epoch, Label: s.label(), Finished: s.Finished, Result: s.Result}
	if s.Finished && s.Winner != NoSide {
		st.Winner = []adjudicator.Role{roleOf(s.Winner)}
	}
	return st
}

func (s *State) label() string {
	if s.Finished {
		return "Game over"
	}
	var ph string
	switch s.Phase {
	case phMulligan, phMulliganReply:
		ph = "mulligan"
	case phCard:
		ph = "card phase"
	case phAction1, phAction2:
		ph = fmt.Sprintf("action phase (%s, Player %d)", s.actor(), map[bool]int{true: 1, false: 2}[s.Phase == phAction1])
	case phBattle:
		ph = "battle of " + areas[s.BArea].Name
	case phNextBattle:
		ph = "Player 1 chooses the next battle"
	case phSupply:
		ph = "supply phase"
	case phPretenderHome, phKingHome, phReset:
		return fmt.Sprintf("Campaign %d: political turn", s.Campaign)
	}
	return fmt.Sprintf("Campaign %d, turn %d: %s", s.Campaign, s.Turn, ph)
}

// actor is the side acting in an action phase.
func (s *State) actor() Side {
	if s.Phase == phAction1 {
		return s.P1
	}
	return s.P1.Other()
}

// owes reports whether role owes a submission now.
func (s *State) owes(sd Side) bool {
	if s.Finished || sd < 0 || sd > 1 {
		return false
	}
	switch s.Phase {
	case phMulligan:
		return s.mulliganable(sd) && !s.Ready[sd]
	case phMulliganReply:
		return s.Mull[sd.Other()] == 1 && s.Mull[sd] != 1 && !s.Ready[sd]
	case phCard, phSupply:
		return !s.Ready[sd]
	case phAction1, phAction2:
		return s.actor() == sd
	case phBattle:
		if s.TreasonAsk {
			return sd == Side(s.Treason)
		}
		return s.Battle != nil && s.Battle.Pending != nil && sideOfRole(s.Battle.Pending.Side) == sd
	case phNextBattle:
		return sd == s.P1
	case phPretenderHome:
		return sd == s.pretender()
	case phKingHome:
		return sd == s.King
	case phReset:
		return !s.Ready[sd]
	}
	return false
}

// Apply implements adjudicator.State.
func (s *State) Apply(sub adjudicator.Submission, dice adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	sd := sideOfRole(sub.Role)
	if sd == NoSide {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, fmt.Sprintf("%q is not a role in Richard III (lancaster or york)", sub.Role))
	}
	if !s.owes(sd) {
		return nil, nil, s.explain(adjudicator.Reject(adjudicator.Line{}, "you owe no orders now ("+s.label()+")"))
	}
	quiet := false
	var lines []adjudicator.Line
	for _, l := range sub.Lines {
		t := strings.TrimSpace(l.Text)
		if t == quietMark {
			quiet = true
			continue
		}
		// "#" starts a comment (docs/orders.md); the platform strips
		// comments, but a template pasted back verbatim may still hold one.
		if k := strings.IndexByte(t, '#'); k >= 0 {
			t = strings.TrimSpace(t[:k])
		}
		if t == "" {
			continue
		}
		l.Text = t
		lines = append(lines, l)
	}
	mem := &applyMem{}
	n := &mem.st
	s.cloneInto(n)
	n.dice = dice
	mem.tb.Reset(mem.text[:])
	n.tb, n.mem = &mem.tb, mem
	defer func() { n.dice, n.tb, n.mem = nil, nil, nil }()
	res := &mem.res
	res.Events = mem.ev[:0]
	res.Canonical = mem.canon[:0]
	var rej *adjudicator.Rejection
	switch s.Phase {
	case phMulligan, phMulliganReply:
		rej = n.applyMulligan(sd, lines, dice, res)
	case phCard:
		rej = n.applyCard(sd, lines, dice, res, quiet)
	case phAction1, phAction2:
		c := n.applyActions(sd, lines, quiet)
		if len(c.probs) > 0 {
			sort.SliceStable(c.probs, func(i, j int) bool { return c.probs[i].Line.No < c.probs[j].Line.No })
			return nil, nil, s.explain(&adjudicator.Rejection{Problems: c.probs})
		}
		res.Canonical = c.canon
		if len(res.Canonical) == 0 {
			res.Canonical = []string{"pass"}
		}
		res.Events = c.events
		if n.Finished {
			break
		}
		if n.Phase == phAction1 {
			n.Phase = phAction2
		} else {
			n.runBattles(dice, quiet, &res.Events)
		}
	case phBattle:
		rej = n.applyBattle(sd, lines, dice, res, quiet)
	case phNextBattle:
		rej = n.applyNextBattle(sd, lines, dice, res, quiet)
	case phSupply:
		rej = n.applySupply(sd, lines, dice, res, quiet)
	case phPretenderHome, phKingHome:
		rej = n.applyHome(sd, lines, dice, res, quiet)
	case phReset:
		rej = n.applyReset(sd, lines, res)
	}
	if rej != nil {
		return nil, nil, s.explain(rej)
	}
	return n, res, nil
}

// Default implements adjudicator.State.
func (s *State) Default(role adjudicator.Role) *adjudicator.Submission {
	sd := sideOfRole(role)
	if !s.owes(sd) {
		return nil
	}
	var line string
	switch s.Phase {
	case phMulligan:
		line = "keep"
	case phMulliganReply:
		line = "keep"
	case phCard:
		// The lowest card (an event only if nothing else is left).
		best := -1
		for _, c := range handCards(s.Hand[sd]) {
			if best < 0 || cardRank(c) < cardRank(best) {
				best = c
			}
		}
		line = "card " + cardName(best)
	case phBattle:
		line = columbia.Choice{}.String()
		if s.TreasonAsk {
			line = "treason on " + s.nameOf(s.defaultTreasonTarget(s.treasonTargets()))
		} else if p := s.Battle.Pending; p != nil {
			c, _ := columbia.Auto{}.Decide(s.Battle, p)
			line = c.Text(s.nameOf)
		}
	case phNextBattle:
		line = "fight " + areas[s.nextBattleArea()].Name
	default:
		line = "pass"
	}
	return &adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{No: 1, Text: line}}}
}

func cardRank(c int) int {
	if cards[c].Event != "" {
		return 100 + cards[c].Value
	}
	return cards[c].Value
}

func cardName(c int) string { return cardNames[c][0] }

func cardLong(c int) string { return cardNames[c][1] }

// matchCard finds a card in hand by value ("3", "3 AP", "ap3") or event name.
func matchCard(h uint32, in string) (int, error) {
	t := orders.Norm(in)
	t = strings.TrimSuffix(strings.TrimPrefix(t, "ap"), " ap")
	t = strings.TrimSpace(strings.TrimSuffix(t, "ap"))
	hand := handCards(h)
	if n, ok := atoi(t); ok {
		for _, c := range hand {
			if cards[c].Event == "" && cards[c].Value == n {
				return c, nil
			}
		}
		return -1, fmt.Errorf("you hold no %d AP action card", n)
	}
	var names []orders.Name
	seen := map[string]bool{}
	for _, c := range hand {
		if cards[c].Event != "" && !seen[cards[c].ID] {
			seen[cards[c].ID] = true
			names = append(names, orders.Name{ID: cards[c].ID, Aliases: []string{cards[c].Name}})
		}
	}
	id, err := orders.Match(in, "card in your hand", names)
	if err != nil {
		return -1, err
	}
	for _, c := range hand {
		if cards[c].ID == id {
			return c, nil
		}
	}
	return -1, fmt.Errorf("no such card")
}

func handText(h uint32) []string {
	var out []string
	for _, c := range handCards(h) {
		out = append(out, "card "+cardName(c))
	}
	return out
}

func (s *State) applyMulligan(sd Side, lines []adjudicator.Line, dice adjudicator.Dice, res *adjudicator.Result) *adjudicator.Rejection {
	verbs := []string{"keep", "redraw"}
	if s.Phase == phMulligan {
		verbs = []string{"mulligan", "keep"}
	}
	w, rej := oneAnswer(lines, "answer "+strings.Join(verbs, " or "), func(l adjudicator.Line) (string, error) {
		v, rest := orders.Verb(l.Text)
		w, err := matchVerb(v, verbs)
		if err == nil && strings.TrimSpace(rest) != "" {
			err = fmt.Errorf("write just %q", w)
		}
		return w, err
	}, verbs)
	if rej != nil {
		return rej
	}
	if s.Phase == phMulligan {
		s.Ready[sd] = true
		if w == "mulligan" {
			s.Mull[sd] = 1
			res.Events = append(res.Events, adjudicator.Event{Text: fmt.Sprintf("%s claims a mulligan (5.1) and shows a hand of %d AP: %s.", sd, handAP(s.Hand[sd]), strings.Join(cardsText(s.Hand[sd]), ", "))})
		} else {
			s.Mull[sd] = 2
		}
		res.Canonical = []string{w}
		for x := Side(0); x < 2; x++ {
			if s.owes(x) {
				return nil
			}
		}
		// Everyone has answered.
		s.Ready = [2]bool{}
		if s.Mull[0] == 1 && s.Mull[1] == 1 {
			s.redeal(dice, [2]bool{true, true}, res)
		} else if s.Mull[0] == 1 || s.Mull[1] == 1 {
			s.Phase = phMulliganReply
		} else {
			s.Phase = phCard
		}
		return nil
	}
	res.Canonical = []string{w}
	rd := [2]bool{}
	rd[sd.Other()] = true
	rd[sd] = w == "redraw"
	s.redeal(dice, rd, res)
	return nil
}

// oneAnswer reads a one-line decision (a card, a mulligan answer): every
// line that is not a valid answer, and every answer after the first, is
// reported against its own line.
func oneAnswer(lines []adjudicator.Line, what string, parse func(adjudicator.Line) (string, error), legal []string) (string, *adjudicator.Rejection) {
	var probs []adjudicator.Problem
	got := ""
	for _, l := range lines {
		w, err := parse(l)
		switch {
		case err != nil:
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error() + " (" + what + ")", Legal: legal})
		case got != "":
			probs = append(probs, adjudicator.Problem{Line: l, Reason: "answer only once (" + what + ")", Legal: legal})
		default:
			got = w
		}
	}
	if len(probs) > 0 {
		return "", &adjudicator.Rejection{Problems: probs}
	}
	if got == "" {
		return "", adjudicator.Reject(adjudicator.Line{}, "no answer found: "+what, legal...)
	}
	return got, nil
}

func cardsText(h uint32) []string {
	var out []string
	for _, c := range handCards(h) {
		out = append(out, cardLong(c))
	}
	return out
}

func (s *State) redeal(dice adjudicator.Dice, rd [2]bool, res *adjudicator.Result) {
	for sd := 0; sd < 2; sd++ {
		if s.Mull[sd] == 1 {
			s.Mull[sd] = 2
		}
	}
	s.Ready = [2]bool{}
	mull := s.Opt.Mulligan
	s.Opt.Mulligan = false
	s.deal(dice, rd)
	s.Opt.Mulligan = mull
	s.Phase = phCard
	var who []string
	for sd := Side(0); sd < 2; sd++ {
		if rd[sd] {
			who = append(who, sd.String())
		}
	}
	res.Events = append(res.Events, adjudicator.Event{Text: "New hands are dealt to " + strings.Join(who, " and ") + "."})
}

func (s *State) applyCard(sd Side, lines []adjudicator.Line, dice adjudicator.Dice, res *adjudicator.Result, quiet bool) *adjudicator.Rejection {
	w, rej := oneAnswer(lines, "play exactly one card, 1.1", func(l adjudicator.Line) (string, error) {
		v, rest := orders.Verb(l.Text)
		if _, err := matchVerb(v, []string{"card", "play"}); err != nil {
			rest = l.Text
		}
		c, err := matchCard(s.Hand[sd], rest)
		if err != nil {
			return "", err
		}
		return strconv.Itoa(c), nil
	}, handText(s.Hand[sd]))
	if rej != nil {
		return rej
	}
	c, _ := strconv.Atoi(w)
	s.Card[sd] = int8(c)
	s.Ready[sd] = true
	res.Canonical = append(res.Canonical, s.txt().S("card ").S(cardName(c)).Take())
	res.Events = append(res.Events, adjudicator.Event{To: toRole[sd], Text: s.txt().S("You play ").S(cardLong(c)).S(" face down.").Take()})
	if !s.Ready[sd.Other()] {
		return nil
	}
	s.revealCards(res)
	return nil
}

// revealCards turns both cards over and sets Player 1 (1.1).
func (s *State) revealCards(res *adjudicator.Result) {
	s.Ready = [2]bool{}
	l, y := int(s.Card[Lancaster]), int(s.Card[York])
	s.Hand[Lancaster] &^= 1 << l
	s.Hand[York] &^= 1 << y
	le, ye := cards[l].Event != "", cards[y].Event != ""
	p1 := s.pretender()
	switch {
	case le && !ye:
		p1 = Lancaster
	case ye && !le:
		p1 = York
	case cards[l].Value > cards[y].Value:
		p1 = Lancaster
	case cards[y].Value > cards[l].Value:
		p1 = York
	}
	s.P1 = p1
	s.Treason = -1
	s.TreasonA = -1
	s.TreasonOn = ""
	s.TreasonAsk = false
	for sd := Side(0); sd < 2; sd++ {
		if cards[s.Card[sd]].Event == "treason" {
			s.Treason = int8(sd)
		}
	}
	res.Events = append(res.Events, adjudicator.Event{Text: s.txt().S("Cards: Lancaster plays ").S(cardLong(l)).S(", York plays ").S(cardLong(y)).S(". ").S(p1.String()).S(" is Player 1.").Take()})
	s.Phase = phAction1
}

// applyBattle takes a decision in a battle and fights on.
func (s *State) applyBattle(sd Side, lines []adjudicator.Line, dice adjudicator.Dice, res *adjudicator.Result, quiet bool) *adjudicator.Rejection {
	if s.TreasonAsk {
		return s.applyTreasonChoice(sd, lines, dice, res, quiet)
	}
	bt := s.Battle
	p := bt.Pending
	var probs []adjudicator.Problem
	var choice *columbia.Choice
	for _, l := range lines {
		if ok, prob := s.battleStandingLine(sd, l, res); ok {
			if prob != nil {
				probs = append(probs, *prob)
			}
			continue
		}
		if choice != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: "answer the battle decision only once"})
			continue
		}
		c, err := p.ParseChoice(strings.Replace(englishVerb(l.Text), "->", " ", 1), s.nameOf)
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: p.Strings(s.nameOf)})
			continue
		}
		choice = &c
		res.Canonical = append(res.Canonical, c.Text(s.nameOf))
	}
	if len(probs) > 0 {
		return &adjudicator.Rejection{Problems: probs}
	}
	h := &hooks{s: s}
	var err error
	if choice != nil {
		_, err = bt.Resume(*choice, h, s.newDecider(h), dice)
	} else {
		_, err = bt.Run(h, s.newDecider(h), dice)
	}
	if err != nil {
		return adjudicator.Reject(adjudicator.Line{}, err.Error(), p.Strings(s.nameOf)...)
	}
	if bt.Pending != nil {
		s.flushBattleLog(&res.Events)
		return nil
	}
	s.endBattle(&res.Events)
	s.runBattles(dice, quiet, &res.Events)
	return nil
}

// battleStandingLine takes a standing-order line (battle, hits or
// regroup AREA: ...) sent during a battle. ok is false when the line is
// not one; prob holds what is wrong with it.
func (s *State) battleStandingLine(sd Side, l adjudicator.Line, res *adjudicator.Result) (ok bool, prob *adjudicator.Problem) {
	v, rest := orders.Verb(l.Text)
	w, err := matchVerb(v, []string{"battle", "hits", "regroup"})
	if err != nil || !strings.Contains(rest, ":") {
		return false, nil
	}
	head, spec, _ := splitColon(rest)
	area := int8(-1)
	if !strings.EqualFold(head, "all") {
		a, err := matchArea(head)
		if err != nil {
			return true, &adjudicator.Problem{Line: l, Reason: err.Error()}
		}
		area = int8(a)
	}
	if msg := s.addStanding(sd, area, w, spec); msg != "" {
		return true, &adjudicator.Problem{Line: l, Reason: msg}
	}
	res.Canonical = append(res.Canonical, w+" "+head+": "+spec)
	return true, nil
}

// nameOf maps block and area IDs to display names for battle texts.
func (s *State) nameOf(id string) string {
	if i, ok := blockIdx[id]; ok {
		return blocks[i].Name
	}
	if a, ok := areaIdx[id]; ok {
		return areas[a].Name
	}
	return id
}

// endTurn closes the game turn and opens the next (or the political turn).
func (s *State) endTurn(res *[]adjudicator.Event) {
	s.Epoch++
	for i := range s.Fl {
		s.Fl[i] = 0
		s.Entry[i] = 0
	}
	s.BUse = [2][64]int8{}
	s.resetFronts()
	s.Order = nil
	s.AskOrder = false
	s.Stand = nil
	s.Card = [2]int8{-1, -1}
	s.Ready = [2]bool{}
	s.Treason, s.TreasonA, s.TreasonOn, s.TreasonAsk = -1, -1, "", false
	s.Stage = 0
	if s.Turn < 7 {
		s.Turn++
		s.Phase = phCard
		return
	}
	s.politicalTurn(res)
}
