package hereistand

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Negotiations (HIS-9.1) and alliances (HIS-9.2). Players talk to each
// other directly, by their own mail: promises are not binding and are
// not the engine's business (HIS-9.1f). What the engine reads are the
// announcements that end the Negotiation segment: each power in Impulse
// Order announces its deals, one "propose" line each, its terms
// separated by semicolons:
//
//	propose: end war with france; ally france; give besancon to france; cards 1 to papacy; return montmorency
//
// A term is the proposer's unless it starts with another power's name
// ("france: ally papacy"). Every power a deal involves is then asked,
// in Impulse Order, to confirm or reject it; a deal confirmed by all
// takes effect at once (HIS-9.1d-e), any rejection voids all its terms.

// SegNegotiate is the announcement of deals, the first segment of the
// Diplomacy Phase played by email (Flow.Seg).
const SegNegotiate = SegDOW + 1

// Deal is a deal announced in the Negotiation segment: the proposer, its
// terms in canonical form and the powers that confirmed it so far.
type Deal struct {
	Proposer  int
	Terms     []string
	Confirmed uint8
}

// term is one parsed term of a deal.
type term struct {
	kind   string // "peace", "ally", "give", "cards", "return"
	actor  int
	other  int // the other power
	space  int
	n      int
	leader int
}

func (t term) String() string {
	a := powers[t.actor].ID + ": "
	switch t.kind {
	case "peace":
		return a + "end war with " + powers[t.other].ID
	case "ally":
		return a + "ally " + powers[t.other].ID
	case "give":
		return a + "give " + spaces[t.space].Name + " to " + powers[t.other].ID
	case "cards":
		return a + "cards " + strconv.Itoa(t.n) + " to " + powers[t.other].ID
	case "lift":
		return a + "lift excommunication of " + powers[t.other].ID
	case "divorce":
		return a + "grant divorce to " + powers[t.other].ID
	case "loan":
		x := a + "loan " + plural(t.n, "squadron", "squadrons")
		if t.leader >= 0 {
			x += " with " + leaders[t.leader].Name
		}
		return x + " in " + spaces[t.space].Name + " to " + powers[t.other].ID
	case "mercs":
		x := a + "mercenaries " + strconv.Itoa(t.n) + " from " + spaces[t.space].Name + " to " + powers[t.other].ID
		if t.leader >= 0 {
			x += " in " + spaces[t.leader].Name
		}
		return x
	}
	return a + "return " + leaders[t.leader].Name
}

// parseTerm reads one term of a deal proposed by power p.
func parseTerm(p int, text string) (term, error) {
	t := term{actor: p, other: NoPower, space: -1, leader: -1}
	text = strings.TrimSpace(strings.ToLower(text))
	if head, rest, ok := strings.Cut(text, ":"); ok {
		if q, err := matchPower(strings.TrimSpace(head)); err == nil && q < NMajor {
			t.actor, text = q, strings.TrimSpace(rest)
		}
	}
	v, rest := verbOf(englishLine(text))
	// The linking words of Spanish and Italian: "cards 1 a Francia".
	fs := strings.Fields(rest)
	for i, w := range fs {
		if e, ok := wordAliases[w]; ok && (e == "to" || e == "with" || e == "in" || e == "from") {
			fs[i] = e
		}
	}
	rest = strings.Join(fs, " ")
	power := func(s string) (int, error) {
		q, err := matchPower(strings.TrimSpace(s))
		if err == nil && (q >= NMajor || q == t.actor) {
			err = fmt.Errorf("deals are made with another major power")
		}
		return q, err
	}
	var err error
	switch v {
	case "end", "peace":
		t.kind = "peace"
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "war "), "with ")
		t.other, err = power(rest)
	case "ally", "alliance":
		t.kind = "ally"
		t.other, err = power(strings.TrimPrefix(rest, "with "))
	case "give":
		t.kind = "give"
		what, to, ok := strings.Cut(rest, " to ")
		if !ok {
			return t, fmt.Errorf(`write "give <space> to <power>"`)
		}
		if t.space, err = matchLoc(what); err == nil && t.space >= NS {
			err = fmt.Errorf("only land spaces are given")
		}
		if err == nil {
			t.other, err = power(to)
		}
	case "cards", "card":
		t.kind = "cards"
		n, to, ok := strings.Cut(rest, " to ")
		if !ok {
			return t, fmt.Errorf(`write "cards <1 or 2> to <power>"`)
		}
		if t.n, err = strconv.Atoi(strings.TrimSpace(n)); err != nil || t.n < 1 || t.n > 2 {
			return t, fmt.Errorf("up to two random card draws are given (HIS-9.1b6)")
		}
		t.other, err = power(to)
	case "return":
		t.kind = "return"
		rest = strings.TrimPrefix(rest, "leader ")
		for q := 0; q < NMajor && t.leader < 0; q++ {
			if ls, e := matchLeaders(q, rest); e == nil && len(ls) == 1 {
				t.leader, t.other = ls[0], q
			}
		}
		if t.leader < 0 {
			err = fmt.Errorf("which leader? name one army leader")
		}
	case "lift":
		// "papacy: lift excommunication of england" (HIS-9.1b9)
		t.kind = "lift"
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "excommunication "), "of ")
		t.other, err = power(rest)
		if err == nil && t.actor != Papacy {
			err = fmt.Errorf("only the Papacy lifts an excommunication (HIS-9.1b9)")
		}
	case "grant", "divorce":
		// "papacy: grant divorce to england" (HIS-9.1b8)
		t.kind, t.other = "divorce", England
		fs := strings.Fields(rest)
		if v == "grant" {
			if len(fs) > 0 && fs[0] == "the" {
				fs = fs[1:]
			}
			if len(fs) == 0 || fs[0] != "divorce" {
				return t, fmt.Errorf(`write "grant divorce to england"`)
			}
			fs = fs[1:]
		}
		if len(fs) > 0 && (fs[0] == "to" || fs[0] == "of") {
			fs = fs[1:]
		}
		if len(fs) > 0 {
			if q, e := matchPower(strings.Join(fs, " ")); e != nil || q != England {
				err = fmt.Errorf("only the Papacy grants Henry VIII's divorce, to England (HIS-9.1b8)")
			}
		}
		if t.actor != Papacy {
			err = fmt.Errorf("only the Papacy grants Henry VIII's divorce, to England (HIS-9.1b8)")
		}
	case "mercenaries", "mercenary":
		// "mercenaries 2 from lyon to hapsburg [in vienna]" (HIS-9.1b7)
		t.kind = "mercs"
		n, rest2, _ := strings.Cut(rest, " ")
		if t.n, err = strconv.Atoi(n); err != nil || t.n < 1 || t.n > 4 {
			return t, fmt.Errorf("up to four mercenaries are given (HIS-9.1b7)")
		}
		from, to, ok := strings.Cut(strings.TrimPrefix(rest2, "from "), " to ")
		if !ok || !strings.HasPrefix(rest2, "from ") {
			return t, fmt.Errorf(`write "mercenaries <n> from <space> to <power>"`)
		}
		if t.space, err = matchLoc(from); err != nil {
			return t, err
		}
		t.leader = -1
		if who, in, ok := strings.Cut(to, " in "); ok {
			to = who
			var x int
			if x, err = matchLoc(in); err != nil {
				return t, err
			}
			t.leader = x // the placement space, in the leader field
		}
		t.other, err = power(to)
		if err == nil && t.other == Ottoman {
			err = fmt.Errorf("the Ottoman receives no mercenaries (HIS-9.1b7)")
		}
	case "loan":
		// "loan 2 squadrons in genoa to hapsburg" (HIS-9.2e)
		t.kind, t.n = "loan", 1
		usage := fmt.Errorf(`write "loan <n> squadrons [with <naval leader>] in <port> to <power>" (corsairs are not lent)`)
		fs := strings.Fields(rest)
		if len(fs) > 0 {
			if n, e := strconv.Atoi(fs[0]); e == nil {
				if n < 1 {
					return t, usage
				}
				t.n, fs = n, fs[1:]
			}
		}
		if len(fs) == 0 || (fs[0] != "squadron" && fs[0] != "squadrons") {
			return t, usage
		}
		rest = strings.Join(fs[1:], " ")
		if t.leader, rest, err = loanLeader(rest); err != nil {
			return t, err
		}
		where, to, ok := strings.Cut(strings.TrimPrefix(rest, "in "), " to ")
		if !ok || !strings.HasPrefix(rest, "in ") {
			return t, usage
		}
		if t.space, err = matchLoc(where); err == nil && (t.space >= NS || !spaces[t.space].port()) {
			err = fmt.Errorf("squadrons are lent from a port (HIS-9.2e)")
		}
		if err == nil {
			t.other, err = power(to)
		}
	default:
		err = fmt.Errorf(`a term is "end war with <power>", "ally <power>", "give <space> to <power>", "cards <n> to <power>", "loan <n> squadrons [with <naval leader>] in <port> to <power>" or "return <leader>"`)
	}
	return t, err
}

// applyTerm checks term t against the state and carries it out.
func (r *run) applyTerm(t term) error {
	s := r.s
	a, b := t.actor, t.other
	switch t.kind {
	case "peace":
		if !s.AtWar(a, b) {
			return fmt.Errorf("%s is not at war with %s", powers[a].Name, powers[b].Name)
		}
		if s.League && ((a == Protestant && (b == Hapsburg || b == Papacy)) || (b == Protestant && (a == Hapsburg || a == Papacy))) {
			return fmt.Errorf("the wars of the Schmalkaldic League never end (HIS-9.1b1)")
		}
		r.endWar(a, b, "%s and %s end their war (HIS-9.1b1).")
	case "ally":
		switch {
		case s.AtWar(a, b):
			return fmt.Errorf("%s and %s are at war: end the war first in the same deal (HIS-9.1b2)", powers[a].Name, powers[b].Name)
		case s.Allied(a, b):
			return fmt.Errorf("%s and %s are already allied", powers[a].Name, powers[b].Name)
		case (a == Papacy && b == Ottoman) || (a == Ottoman && b == Papacy):
			return fmt.Errorf("the Papacy and the Ottoman can never be allied (HIS-9.2b)")
		case (a == Papacy && b == Hapsburg || a == Hapsburg && b == Papacy) && s.Henry.Divorce == s.Turn:
			return fmt.Errorf("the Papacy granted Henry VIII's divorce this turn: no alliance with the Hapsburg (HIS-9.2b)")
		}
		s.setAlly(a, b, true)
		r.say("%s and %s are allied for this turn (HIS-9.2).", powers[a].Name, powers[b].Name)
	case "give":
		sp := t.space
		h := int(spaces[sp].Home)
		switch {
		case int(s.Ctrl[sp]) != a:
			return fmt.Errorf("%s does not control %s", powers[a].Name, spaces[sp].Name)
		case spaces[sp].Capital && h == a:
			return fmt.Errorf("a capital is never given (HIS-9.1b5)")
		case isMinor(h) && spaces[sp].Type == Key:
			return fmt.Errorf("a home key of an allied minor power is never given (HIS-9.1b5)")
		}
		s.Ctrl[sp] = uint8(b)
		if h == b {
			s.takeControl(b, sp)
		}
		r.say("%s gives %s to %s (HIS-9.1b5).", powers[a].Name, spaces[sp].Name, powers[b].Name)
		r.log(s.moveOut(a, sp))
		r.log(s.recheckSiege(sp))
	case "cards":
		if s.gave(b, a, "cards") {
			return fmt.Errorf("%s already gave %s card draws this turn: one direction per pair (HIS-9.1b6)", powers[b].Name, powers[a].Name)
		}
		if len(s.drawable(a)) < t.n {
			return fmt.Errorf("%s has not %d cards a draw may take", powers[a].Name, t.n)
		}
		s.Flow.Gifts = append(s.Flow.Gifts, gift{a, b, "cards"})
		for i := 0; i < t.n; i++ {
			r.drawCard(a, b, "deal")
		}
	case "mercs":
		if s.gave(b, a, "mercenaries") {
			return fmt.Errorf("%s already gave %s mercenaries this turn: one direction per pair (HIS-9.1b7)", powers[b].Name, powers[a].Name)
		}
		if t.space >= NS || int(s.Units[t.space][a].Merc) < t.n {
			return fmt.Errorf("%s has not %d mercenaries in %s", powers[a].Name, t.n, locName(t.space))
		}
		to := t.leader
		ok := func(x int) bool {
			if b == Protestant {
				return spaces[x].Type == Electorate && s.Controller(x) == Protestant
			}
			return spaces[x].Capital && int(spaces[x].Home) == b && s.Controller(x) == b
		}
		if to < 0 {
			for x := 0; x < NS && to < 0; x++ {
				if ok(x) {
					to = x
				}
			}
		}
		if to < 0 || to >= NS || !ok(to) {
			return fmt.Errorf("%s receives mercenaries in a capital it controls (the Protestant: an electorate it controls) (HIS-9.1b7)", powers[b].Name)
		}
		_ = s.removeUnits(t.space, a, Force{Merc: uint8(t.n)})
		s.clampMarks(t.space, a)
		s.addUnits(to, b, Force{Merc: uint8(t.n)})
		if err := s.checkCounters(b); err != nil {
			return err
		}
		s.Flow.Gifts = append(s.Flow.Gifts, gift{a, b, "mercenaries"})
		r.say("%s removes %s from %s; %s places them in %s (HIS-9.1b7).", powers[a].Name, unitText(Force{Merc: uint8(t.n)}), spaces[t.space].Name, powers[b].Name, spaces[to].Name)
	case "loan":
		return r.applyLoan(t)
	case "divorce":
		return r.grantDivorce()
	case "lift":
		if s.Tracks.Excommunicated&(1<<b) == 0 {
			return fmt.Errorf("the ruler of %s is not excommunicated", powers[b].Name)
		}
		r.lift(b, "HIS-9.1b9")
	case "return":
		l := t.leader
		if s.Leader[l] != LeaderCaptured || int(s.Captor[l]) != a || leaders[l].Naval {
			return fmt.Errorf("%s does not hold %s captive", powers[a].Name, leaders[l].Name)
		}
		at := s.placeLeaderHome(b, l)
		r.say("%s returns %s, who goes to %s (HIS-9.1b4).", powers[a].Name, leaders[l].Name, at)
	}
	return nil
}

// gift is a gift of card draws or mercenaries made by a deal this turn
// (HIS-9.1b6-7): one direction per pair per turn.
type gift struct {
	From, To int
	What     string
}

// gave reports whether power a gave power b such a gift this turn.
func (s *St) gave(a, b int, what string) bool {
	for _, g := range s.Flow.Gifts {
		if g == (gift{a, b, what}) {
			return true
		}
	}
	return false
}

// dealTerms parses a deal proposed by power p.
func dealTerms(p int, text string) ([]term, error) {
	var out []term
	for _, x := range strings.Split(text, ";") {
		if strings.TrimSpace(x) == "" {
			continue
		}
		t, err := parseTerm(p, x)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", strings.TrimSpace(x), err)
		}
		if t.kind == "loan" && !alliesIn(out, t.actor, t.other) {
			return nil, fmt.Errorf("%q: a loan of squadrons comes with the alliance, in the same deal and after it (HIS-9.2e)", strings.TrimSpace(x))
		}
		out = append(out, t)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("a deal has one or more terms, separated by semicolons")
	}
	return out, nil
}

// alliesIn reports whether terms ts ally powers a and b.
func alliesIn(ts []term, a, b int) bool {
	for _, t := range ts {
		if t.kind == "ally" && ((t.actor == a && t.other == b) || (t.actor == b && t.other == a)) {
			return true
		}
	}
	return false
}

// involved are the powers a deal involves besides its proposer.
func involved(p int, ts []term) uint8 {
	var m uint8
	for _, t := range ts {
		m |= 1<<t.actor | 1<<t.other
	}
	return m &^ (1 << p)
}

// startNegotiation opens the announcements: every power from the
// Ottoman on, or in turn 1 England alone, whose deals may involve only
// France and the Hapsburg (HIS-7c).
func (r *run) startNegotiation() {
	r.s.Flow.Seg, r.s.Flow.Waiting = SegNegotiate, 1<<Ottoman
	if r.s.Turn == 1 {
		r.s.Flow.Waiting = 1 << England
	}
}

// announceAnswer reads power p's announced deals, or done.
func (r *run) announceAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	var canon []string
	var deals []Deal
	for _, l := range lines {
		v, rest := verbOf(strings.ToLower(englishLine(l.Text)))
		switch v {
		case "done", "no", "pass":
			if len(lines) > 1 {
				return nil, reject(l, errLegal([]string{"done"}, `"done" stands alone`))
			}
			continue
		case "propose", "propose:":
			rest = strings.TrimPrefix(strings.TrimSpace(rest), ":")
			ts, err := dealTerms(p, rest)
			if err == nil {
				// The deal must hold on the state as it is now.
				c := s.clone()
				rc := &run{s: c, dice: &probeDice{}}
				for _, t := range ts {
					if err = rc.applyTerm(t); err != nil {
						break
					}
				}
			}
			if err != nil {
				return nil, reject(l, errLegal([]string{"propose: ally france", "done"}, "%v", err))
			}
			if involved(p, ts) == 0 {
				return nil, reject(l, errLegal(nil, "a deal involves another power"))
			}
			if s.Turn == 1 && involved(p, ts)&^(1<<France|1<<Hapsburg) != 0 {
				return nil, reject(l, errLegal(nil, "in turn 1 England negotiates with France and the Hapsburg only (HIS-7c)"))
			}
			d := Deal{Proposer: p}
			for _, t := range ts {
				d.Terms = append(d.Terms, t.String())
			}
			deals = append(deals, d)
			canon = append(canon, "propose: "+strings.Join(d.Terms, "; "))
		default:
			return nil, reject(l, errLegal([]string{"propose: ally france", "done"}, `announce a deal with "propose: <terms>", or write done`))
		}
	}
	if len(deals) == 0 {
		r.say("%s announces no deal.", powers[p].Name)
		canon = []string{"done"}
	}
	for i, d := range deals {
		r.say("%s announces deal %d: %s (HIS-9.1d).", powers[p].Name, i+1, strings.Join(d.Terms, "; "))
	}
	s.Flow.Deals = append(s.Flow.Deals, deals...)
	r.nextNegotiation(p)
	return canon, nil
}

// nextNegotiation asks the next confirmation the first pending deal
// owes, applies a deal every power confirmed, and hands the segment on
// to the power after p, then to the peace segment.
func (r *run) nextNegotiation(p int) {
	s := r.s
	for len(s.Flow.Deals) > 0 {
		d := &s.Flow.Deals[0]
		ts, _ := dealTerms(d.Proposer, strings.Join(d.Terms, ";"))
		need := involved(d.Proposer, ts) &^ d.Confirmed
		if need != 0 {
			for q := 0; q < NMajor; q++ {
				if need&(1<<q) != 0 {
					s.Flow.Waiting = 1 << q
					return
				}
			}
		}
		c := s.clone()
		rc := &run{s: c, dice: r.dice}
		ok := true
		for _, t := range ts {
			if err := rc.applyTerm(t); err != nil {
				r.say("The deal of %s cannot take effect: %v.", powers[d.Proposer].Name, err)
				ok = false
				break
			}
		}
		if ok {
			c.Flow.Deals = c.Flow.Deals[1:]
			*s = *c
			r.ev = append(r.ev, rc.ev...)
		} else {
			s.Flow.Deals = s.Flow.Deals[1:]
		}
	}
	s.Flow.Deals = nil
	s.Flow.Waiting = 0
	if s.Turn == 1 {
		return // HIS-7c: the rest of the phase is skipped
	}
	if p+1 < NMajor {
		s.Flow.Waiting = 1 << (p + 1)
		return
	}
	r.startPeace()
}

// confirmAnswer: power p confirms or rejects the first pending deal.
func (r *run) confirmAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	legal := []string{"confirm", "reject"}
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	v, _ := verbOf(strings.ToLower(englishLine(l.Text)))
	d := &s.Flow.Deals[0]
	switch v {
	case "confirm", "yes", "accept":
		d.Confirmed |= 1 << p
		r.say("%s confirms the deal of %s.", powers[p].Name, powers[d.Proposer].Name)
		r.nextNegotiation(d.Proposer)
		return []string{"confirm"}, nil
	case "reject", "no", "decline":
		r.say("%s rejects the deal of %s: none of its terms take effect (HIS-9.1d).", powers[p].Name, powers[d.Proposer].Name)
		prop := d.Proposer
		s.Flow.Deals = s.Flow.Deals[1:]
		r.nextNegotiation(prop)
		return []string{"reject"}, nil
	}
	return nil, reject(l, errLegal(legal, "confirm or reject the deal"))
}

// confirmText is the prompt of a confirmation.
func (s *St) confirmText() string {
	d := s.Flow.Deals[0]
	return fmt.Sprintf("%s announces a deal: %s. Confirm or reject it (HIS-9.1d): it takes effect only if every power involved confirms.",
		powers[d.Proposer].Name, strings.Join(d.Terms, "; "))
}

// announceText is the prompt of the announcements.
func (s *St) announceText() string {
	return "Negotiation segment (HIS-9.1): announce the deals you made, one line each: \"propose: <terms>\", terms separated by semicolons (end war with <power>; ally <power>; give <space> to <power>; cards <n> to <power>; loan <n> squadrons [with <naval leader>] in <port> to <power>, with the alliance; return <leader>; papacy: grant divorce to england); or write done."
}

// randomNegotiation is a random answer: now and then a one-term deal,
// and a confirmation half the time.
func (s *St) randomNegotiation(p int, pick func(int) int) []string {
	if len(s.Flow.Deals) > 0 {
		return []string{[]string{"confirm", "reject"}[pick(2)]}
	}
	divorce := p == Papacy && s.Tracks.Marital == WifeAskDivorce
	if pick(4) != 0 && !divorce {
		return []string{"done"}
	}
	q := pick(NMajor)
	if divorce && pick(2) == 0 {
		q = England // Henry's divorce now and then (HIS-9.1b8)
	}
	if q == p {
		return []string{"done"}
	}
	var cands []string
	if divorce && q == England {
		cands = append(cands, "grant divorce to england")
	} else if s.AtWar(p, q) {
		cands = append(cands, "end war with "+powers[q].ID)
		if pick(2) == 0 {
			cands = []string{"end war with " + powers[q].ID + "; ally " + powers[q].ID}
		}
	} else if !s.Allied(p, q) {
		cands = append(cands, "ally "+powers[q].ID)
		// Now and then with a loan of squadrons (HIS-9.2e).
		var ports []int
		s.occ[p].each(func(loc int) {
			if loc < NS && s.Units[loc][p].Sq > 0 {
				ports = append(ports, loc)
			}
		})
		if len(ports) > 0 && pick(2) == 0 {
			x := ports[pick(len(ports))]
			cands[len(cands)-1] += "; loan " + plural(1+pick(int(s.Units[x][p].Sq)), "squadron", "squadrons") + " in " + spaces[x].Name + " to " + powers[q].ID
		}
	}
	if len(s.drawable(p)) > 0 {
		cands = append(cands, "cards 1 to "+powers[q].ID)
	}
	if len(cands) == 0 {
		return []string{"done"}
	}
	line := "propose: " + cands[pick(len(cands))]
	for _, try := range []string{line, strings.Split(line, "; loan ")[0]} {
		c := s.clone()
		r := &run{s: c, dice: &probeDice{}}
		if _, rej := r.announceAnswer(p, []adjudicator.Line{{No: 1, Text: try}}); rej == nil {
			return []string{try}
		}
	}
	return []string{"done"}
}
