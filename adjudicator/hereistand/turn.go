package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// The nine phases of a turn (HIS-7d) and the submissions that drive them.
// Phases without decisions run by themselves; the machine stops whenever
// a power owes a decision (Owing) and resumes with its answer.

// applyPower applies one major power's lines (sub.Role is the power's
// own role): all of them or none. Apply routes a seat's lines here.
func (s *St) applyPower(sub adjudicator.Submission, dice adjudicator.Dice) (*St, *adjudicator.Result, error) {
	p := powerOfRole(sub.Role)
	if p < 0 {
		return nil, nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{
			Reason: fmt.Sprintf("%q is not a power of Here I Stand", sub.Role)}}}
	}
	if s.Flow.Over {
		return nil, nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "the game is over: " + s.Flow.Result}}}
	}
	lines, auto, rej := s.standingLines(p, sub.Lines)
	if rej != nil {
		return nil, nil, rej
	}
	if len(auto) > 0 && len(nonEmpty(lines)) == 0 {
		// Standing orders alone are accepted at any time.
		c := s.clone()
		r := &run{s: c, dice: dice}
		canon := r.setStanding(p, auto)
		r.advance()
		return c, &adjudicator.Result{Canonical: canon, Events: r.ev}, nil
	}
	if !s.owes(p) {
		return nil, nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{
			Reason: fmt.Sprintf("%s owes no decision now; the game waits for %s", powers[p].Name, s.waitingFor())}}}
	}
	c := s.clone()
	r := &run{s: c, dice: dice}
	standing := r.setStanding(p, auto)
	canon, rej := r.answer(p, lines)
	if rej != nil {
		return nil, nil, rej
	}
	canon = append(standing, canon...)
	r.advance()
	return c, &adjudicator.Result{Canonical: canon, Events: r.ev}, nil
}

// answer carries out power p's submission for the decision it owes.
func (r *run) answer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	lines = splitTargetLists(lines)
	if d, ok := s.Flow.top(); ok {
		lines = nonEmpty(lines)
		if d.Kind == DecReform {
			return r.targetLines(p, lines)
		}
		k := 1
		if d.Kind == DecCombat {
			k = combatAnswerLines(lines) // a line per Combat card
		}
		if d.Power == s.Active && s.Phase == PhAction && d.Kind != DecRetreat && len(lines) > k {
			// The active power answers its own decision and goes on with
			// its impulse: the further lines wait for the action to end.
			rest := lines[k:]
			if _, rej := s.parseAll(p, rest); rej != nil {
				return nil, rej
			}
			s.Flow.Queue = append(s.Flow.Queue, rest...)
			canon, rej := r.decisionAnswer(d, lines[:k])
			if rej != nil {
				return nil, rej
			}
			if len(s.Flow.Queue) > 0 && (len(s.Flow.Stack) > 0 || s.Flow.Move != nil || s.Flow.Naval != nil) {
				r.tell(p, "Your orders from line %d wait for the action in progress to end.", rest[0].No)
			}
			return canon, nil
		}
		return r.decisionAnswer(d, lines)
	}
	switch s.Phase {
	case PhLuther:
		return r.lutherAnswer(nonEmpty(lines))
	case PhDiplomacy:
		return r.diplomacyAnswer(p, nonEmpty(lines))
	case PhDiet:
		return r.dietAnswer(p, nonEmpty(lines))
	case PhSpring:
		return r.springAnswer(p, nonEmpty(lines))
	case PhAction:
		return r.impulseLines(p, lines, false)
	case PhNewWorld:
		return r.newWorldAnswer(p, nonEmpty(lines))
	}
	return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no decision is owed in the " + phaseNames[s.Phase] + " phase"}}}
}

// one returns the single line of a one-line answer or a rejection.
func one(lines []adjudicator.Line, legal []string) (adjudicator.Line, *adjudicator.Rejection) {
	switch len(lines) {
	case 0:
		return adjudicator.Line{}, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no answer given", Legal: legal}}}
	case 1:
		return lines[0], nil
	}
	return adjudicator.Line{}, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Line: lines[1],
		Reason: fmt.Sprintf("%q: one answer is expected here", lines[1].Text), Legal: legal}}}
}

func reject(l adjudicator.Line, err error) *adjudicator.Rejection {
	return &adjudicator.Rejection{Problems: []adjudicator.Problem{problem(l, err)}}
}

// lutherAnswer: the Protestant plays Luther's 95 Theses (HIS-8.1a). The
// Reformation attempts it brings arrive with the religious rules; until
// then the card is removed and the turn goes on.
func (r *run) lutherAnswer(lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	legal := []string{"play 95 theses"}
	if len(lines) == 0 {
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no answer given", Legal: legal}}}
	}
	l := lines[0]
	t := strings.ToLower(l.Text)
	v, rest := verbOf(t)
	if v != "play" || !(strings.Contains(rest, "these") || strings.Contains(rest, "luther") || strings.TrimPrefix(rest, "#") == "8") {
		return nil, reject(l, errLegal(legal, "the Protestant opens the game with Luther's 95 Theses"))
	}
	for _, x := range lines[1:] {
		if o, err := parseOrder(Protestant, x.Text, nil); err != nil || o.verb != "target" {
			return nil, reject(x, errLegal([]string{"target <space>"}, "after the 95 Theses come its targets: \"target <space>\""))
		}
	}
	n := lutherCard()
	s.takeFromHand(Protestant, n)
	s.Removed.set(n)
	r.say("The Protestant plays %s: Luther enters Wittenberg, which becomes Protestant (HIS-18.1c).", cardName(n))
	// HIS-18.1c: Luther in Wittenberg, Wittenberg Protestant with its
	// regulars, then 5 Reformation attempts in German spaces, +1 die each.
	w := spaceByID["wittenberg"]
	s.Rel.Reformer[reformerByID["luther"]] = int16(w)
	r.flip(w, true)
	r.startAttempts(Attempts{Power: Protestant, N: 5, Zones: 1 << LangGerman, Dice: 1, Debater: -1,
		Source: "Luther's 95 Theses"})
	canon := []string{"play 8 Luther's 95 Theses"}
	if len(lines) > 1 && s.Rel.Pending != nil {
		more, rej := r.targetLines(Protestant, lines[1:])
		if rej != nil {
			return nil, rej
		}
		canon = append(canon, more...)
	}
	return canon, nil
}

// splitTargetLists writes a line naming several targets ("target
// Leipzig, Magdeburg") as one line per target, in the order given, each
// keeping the number of the line it came from.
func splitTargetLists(lines []adjudicator.Line) []adjudicator.Line {
	var out []adjudicator.Line
	for i, l := range lines {
		v, rest := verbOf(l.Text)
		if verbTable[strings.ToLower(v)] != "target" || !strings.Contains(rest, ",") {
			if out != nil {
				out = append(out, l)
			}
			continue
		}
		if out == nil {
			out = append(make([]adjudicator.Line, 0, len(lines)+2), lines[:i]...)
		}
		for _, t := range strings.Split(rest, ",") {
			if t = strings.TrimSpace(t); t != "" {
				out = append(out, adjudicator.Line{No: l.No, Text: v + " " + t})
			}
		}
	}
	if out == nil {
		return lines
	}
	return out
}

func verbOf(t string) (string, string) {
	f := strings.Fields(t)
	if len(f) == 0 {
		return "", ""
	}
	return f[0], strings.Join(f[1:], " ")
}

// lutherCard is the number of Luther's 95 Theses.
func lutherCard() int {
	for n := 1; n <= NC; n++ {
		if cards[n].EntryCond == EntryStartInHand {
			return n
		}
	}
	return 0
}

// diplomacyAnswer: in turn 1 England passes through the reduced phase
// (HIS-7c; its negotiations come with the negotiation rules); from turn 2
// the powers declare war in Impulse Order and intervene (diplomacy.go).
func (r *run) diplomacyAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	if len(r.s.Flow.FreeDOW) > 0 {
		return r.freeDOWAnswer(p, lines)
	}
	if len(r.s.Flow.Interv) > 0 {
		return r.interventionAnswer(p, lines)
	}
	switch r.s.Flow.Seg {
	case SegNegotiate:
		if len(r.s.Flow.Deals) > 0 {
			return r.confirmAnswer(p, lines)
		}
		if len(lines) == 0 {
			lines = []adjudicator.Line{{Text: "done"}}
		}
		return r.announceAnswer(p, lines)
	case SegPeace:
		return r.peaceAnswer(p, lines)
	case SegRansom:
		return r.ransomAnswer(p, lines)
	case SegExcom:
		return r.excomAnswer(p, lines)
	}
	if r.s.dowSegment() {
		if len(lines) == 0 {
			lines = []adjudicator.Line{{Text: "done"}}
		}
		return r.declarationsAnswer(p, lines)
	}
	if len(lines) == 0 {
		lines = []adjudicator.Line{{Text: "done"}}
	}
	for _, l := range lines {
		v, _ := verbOf(strings.ToLower(l.Text))
		switch v {
		case "done", "pass", "no", "end":
			continue
		}
		return nil, reject(l, errLegal([]string{"done"}, "the Diplomacy Phase has no orders yet: write done"))
	}
	r.s.Flow.Waiting &^= 1 << p
	r.say("%s ends its diplomacy.", powers[p].Name)
	return []string{"done"}, nil
}

// advance runs the phases that need no decision until a power owes one
// or the game ends.
func (r *run) advance() {
	s := r.s
	if len(s.Flow.Loans) > 0 {
		defer s.settleLoans()
		s.settleLoans()
	}
	for step := 0; step < 10000 && !s.Flow.Over; step++ {
		if d, ok := s.Flow.top(); ok {
			if r.answerByStanding(d) {
				continue
			}
			if s.Flow.Auto[d.Power]&(1<<d.Kind) == 0 {
				return
			}
			// A standing order answers with the default.
			var lines []adjudicator.Line
			for i, l := range s.defaultLines(d.Power) {
				lines = append(lines, adjudicator.Line{No: i + 1, Text: l})
			}
			snap := s.clone()
			if _, rej := r.decisionAnswer(d, lines); rej != nil {
				*s = *snap
				s.Flow.Auto[d.Power] &^= 1 << d.Kind
				r.tell(d.Power, "Your standing order could not answer: %v. It is cancelled.", rej)
			}
			continue
		}
		if s.Flow.Move != nil {
			r.continueMove()
			continue
		}
		if s.Flow.Naval != nil {
			r.continueNaval()
			continue
		}
		if w := s.Flow.Combat; w != nil && w.Kind == CombatAssault {
			r.resumeAssault()
			continue
		}
		if s.Flow.Assault != nil {
			if err := r.applyAssault(); err != nil {
				r.say("The assault cannot be resolved: %v.", err)
			}
			continue
		}
		switch s.Phase {
		case PhLuther:
			if !s.Removed.has(lutherCard()) {
				return
			}
			r.enter(PhDiplomacy)
		case PhCardDraw:
			r.cardDrawPhase()
		case PhDiplomacy:
			if s.Flow.Waiting != 0 {
				return
			}
			s.Flow.Beaten = locSet{} // retreats of HIS-9.6h battles
			s.Flow.Seg, s.Flow.Peace, s.Flow.Deals, s.Flow.Gifts = 0, nil, nil, nil
			if s.Turn == 1 {
				r.enter(PhDiet)
			} else {
				r.enter(PhSpring)
			}
		case PhDiet:
			if s.Flow.Waiting != 0 {
				return
			}
			r.enter(PhSpring)
		case PhSpring:
			for s.Active < NMajor && len(s.springDestinations(s.Active)) == 0 {
				s.Active++
			}
			if s.Active < NMajor {
				return
			}
			r.enter(PhAction)
		case PhAction:
			if r.autoVictory() {
				return
			}
			if len(s.Flow.Queue) > 0 {
				q := s.Flow.Queue
				s.Flow.Queue = nil
				r.impulseLines(s.Active, q, true)
				continue
			}
			if s.Henry.MaryDebate {
				s.Henry.MaryDebate = false
				r.maryDebate() // HIS-21.3j, after the book burning
				continue
			}
			if s.Flow.Card != 0 {
				if s.Flow.CP > 0 {
					return
				}
				r.endImpulse()
				continue
			}
			if s.Passes >= NMajor {
				r.say("All six powers have passed: the Action Phase ends (HIS-11g).")
				r.enter(PhWinter)
				continue
			}
			if len(s.Hands[s.Active]) == 0 {
				s.Passes++
				r.say("%s has no cards and passes.", powers[s.Active].Name)
				r.henryPasses(s.Active) // HIS-21.3e
				r.endImpulse()
				continue
			}
			return
		case PhWinter:
			r.winter()
			r.enter(PhNewWorld)
		case PhNewWorld:
			if !r.newWorldPhase() {
				return
			}
			r.enter(PhVictory)
		case PhVictory:
			r.victory()
		}
	}
}

// enter starts phase ph.
func (r *run) enter(ph int) {
	s := r.s
	s.Phase = ph
	switch ph {
	case PhDiplomacy:
		r.startNegotiation() // in turn 1 England alone (HIS-7c)
	case PhDiet:
		for _, p := range []int{Protestant, Hapsburg, Papacy} {
			if len(s.dietChoices(p)) > 0 {
				s.Flow.Waiting |= 1 << p
			}
		}
	case PhSpring:
		s.Active = 0
	case PhAction:
		s.Active, s.Passes = 0, 0
		s.Flow.Card, s.Flow.CP = 0, 0
		s.NewImpulse()
	}
}

// cardDrawPhase (HIS-8.2): new cards join the deck, the deck is shuffled
// with the discard pile and every power is dealt its cards; each power
// hears its own cards only.
func (r *run) cardDrawPhase() {
	s := r.s
	var before [NMajor]int
	for p := range before {
		before[p] = len(s.Hands[p])
	}
	var old [NMajor]cardSet
	for p := 0; p < NMajor; p++ {
		for _, c := range s.Hands[p] {
			old[p].set(int(c))
		}
	}
	r.henryCardDraw() // HIS-21.3g-h
	s.cardDraw(r.dice, false)
	r.polCardDraw()
	s.Flow.NavalDead = [NPow]uint8{} // HIS-8.2d
	r.say("Turn %d (%s) begins: the cards are dealt.", s.Turn, turnYears(s.Turn))
	r.religionCardDraw()
	r.newWorldRiches() // HIS-20.4
	r.mandCardDraw()
	for p := 0; p < NMajor; p++ {
		var got []string
		for _, c := range s.Hands[p] {
			if !old[p].has(int(c)) {
				got = append(got, cardName(int(c)))
			}
		}
		r.say("%s receives %d cards.", powers[p].Name, len(s.Hands[p])-before[p])
		if len(got) > 0 {
			r.tell(p, "%s is dealt %s.", powers[p].Name, strings.Join(got, ", "))
		}
	}
	// HIS-8.2c: naval leaders come back from the Turn track.
	for l, at := range s.Leader {
		if at != LeaderAway {
			continue
		}
		if port := s.returnPort(leaderPower(s, l)); port >= 0 {
			s.Leader[l] = int16(port)
			r.say("%s returns to %s.", leaders[l].Name, spaces[port].Name)
		} else {
			r.say("%s has no friendly port and stays off the map another turn.", leaders[l].Name)
		}
	}
	// HIS-8.2b: Maurice of Saxony enters in turn 6 in an electorate under
	// Protestant political control (the first in map order).
	if l, ok := leaderByID["maurice_of_saxony"]; ok && s.Turn >= 6 && s.Leader[l] == LeaderOff {
		for _, e := range electorates {
			if s.Controller(e) == Protestant {
				s.Leader[l] = int16(e)
				r.say("Maurice of Saxony enters in %s.", spaces[e].Name)
				break
			}
		}
	}
	r.enter(PhDiplomacy)
}

// returnPort is where a naval leader of power q comes back (HIS-8.2c).
// The owner's choice is made for him: a friendly port holding q's ships
// (so the leader commands them at once), else any friendly port; ports
// under siege come last, since a leader placed there is shut in with the
// garrison. Ties go to the first port in map order. It returns -1 when q
// has no friendly port: the leader waits on the Turn track another turn.
func (s *St) returnPort(q int) int {
	if q < 0 || q >= NPow {
		return -1
	}
	best, rank := -1, 4
	for sp := 0; sp < NS; sp++ {
		if !spaces[sp].port() || !s.Friendly(sp, q) {
			continue
		}
		r := 0
		if s.UnderSiege(sp) {
			r += 2
		}
		if s.Units[sp][q].Naval() == 0 {
			r++
		}
		if r < rank {
			best, rank = sp, r
		}
	}
	return best
}

// autoVictory checks the victories that end the game at once during the
// Action Phase (HIS-23.1): a military victory by keys, none in unrest,
// and the Protestant's religious victory with 50 Protestant spaces.
func (r *run) autoVictory() bool {
	s := r.s
	for p := 0; p < NMajor; p++ {
		if p == Protestant {
			if s.ProtestantSpaces() >= 50 {
				r.finish(1<<Protestant, "religious victory of the Protestant (HIS-23.1b)")
				return true
			}
			continue
		}
		k := powers[p].AutoVictoryKeys
		if n, u := s.Keys(p); k > 0 && n-u >= k {
			r.finish(1<<p, fmt.Sprintf("military victory of %s with %d keys (HIS-23.1a)", powers[p].Name, n-u))
			return true
		}
	}
	return false
}

func (r *run) finish(winners uint8, result string) {
	f := &r.s.Flow
	f.Over, f.Winners, f.Result = true, winners, result
	f.Stack, f.Queue, f.Move, f.Battle, f.Roll = nil, nil, nil, nil, nil
	f.Card, f.CP = 0, 0
	r.say("The game is over: %s.", result)
}

// victory is the Victory Determination Phase (HIS-23.3): standard victory
// at 25 VP, domination from turn 4, the time limit in the last turn;
// otherwise the next turn begins. Every power's VP are recorded for the
// tie-breaks of later turns.
func (r *run) victory() {
	s := r.s
	now := s.vpRecord()
	if r.victoryCards(now) { // HIS-23.3e (events_more.go)
		return
	}
	s.More.VictoryAsked = 0
	var parts []string
	for p := 0; p < NMajor; p++ {
		parts = append(parts, fmt.Sprintf("%s %d", powers[p].Name, now[p]))
	}
	r.say("Victory points at the end of turn %d: %s.", s.Turn, strings.Join(parts, ", "))
	if mask, result := s.victoryOutcome(now); mask != 0 {
		r.finish(mask, result)
	}
	s.Flow.History = append(s.Flow.History, now)
	if s.Flow.Over {
		return
	}
	s.Turn++
	r.enter(PhCardDraw)
}

// victoryOutcome is the result the VP now give: the winners (a bit per
// power, 0 when the game goes on) and the result's text.
func (s *St) victoryOutcome(now [NMajor]int) (uint8, string) {
	top := s.leadersByVP(now)
	var mask uint8
	for _, p := range top {
		mask |= 1 << p
	}
	if now[top[0]] >= 25 {
		return mask, fmt.Sprintf("standard victory of %s with %d VP (HIS-23.3b)", namesOfPowers(top), now[top[0]])
	}
	if s.Turn >= 4 {
		if p := domination(now); p != NoPower {
			return 1 << p, fmt.Sprintf("domination victory of %s with %d VP (HIS-23.3c)", powers[p].Name, now[p])
		}
	}
	if sc, _ := scenarioByID(s.Scenario); sc != nil && s.Turn >= sc.LastTurn {
		return mask, fmt.Sprintf("time limit victory of %s with %d VP (HIS-23.3d)", namesOfPowers(top), now[top[0]])
	}
	return 0, ""
}

// domination is the power under 25 VP with 5 VP more than every other
// power (HIS-23.3c), NoPower when none.
func domination(now [NMajor]int) int {
	for p := 0; p < NMajor; p++ {
		ok := now[p] < 25
		for q := 0; q < NMajor && ok; q++ {
			ok = q == p || now[p] >= now[q]+5
		}
		if ok {
			return p
		}
	}
	return NoPower
}

func namesOfPowers(ps []int) string {
	var out []string
	for _, p := range ps {
		out = append(out, powers[p].Name)
	}
	return joinAnd(out)
}
