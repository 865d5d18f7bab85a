package hereistand

import (
	"strconv"

	"fmt"
	"github.com/pbem/pbem/adjudicator/orders"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Response cards played in another power's impulse (HIS-6.1g).
//
// When the active power announces a land move, an assault, a naval move,
// a naval transport or a piracy attempt, and when Charles V jumps with
// Holy Roman Emperor, the other powers holding a Response card they may
// play against it are asked in Impulse Order from the active power (a
// DecRespond decision: "play <card>", with the card's choice after a
// colon, or "no card"). Being asked tells the others only that a power
// holds such a card, as with the Combat cards (combat.go). The action is
// paid for when it is announced; it waits in the window (Flow.Resp) and
// runs again from its order once every power asked has answered, unless a
// card cancels it:
//
//	31 Foul Weather   cancels a move, assault, naval move, naval transport or piracy
//	                  (HIS-13.1j, HIS-15.1g, HIS-16.1i): the power loses 1 CP and makes
//	                  no assault, piracy, naval move or naval transport for the rest
//	                  of its impulse
//	32 Gout           cancels a move, naval transport or assault of a formation with
//	                  an army leader, who may not move or assault for the rest of the
//	                  impulse; the power loses 1 CP. Against Holy Roman Emperor it
//	                  stops Charles V's jump, without the CP loss (HIS-21.2b)
//	37 The Wartburg   the Protestant, while Luther lives, cancels an event another
//	                  power plays (not a Mandatory Event, nor a Combat, Response or
//	                  non-Papal Home card): the impulse ends, the Protestant calls no
//	                  debate for the rest of the turn and Luther is committed
//	38 Halley's Comet a power skips its next impulse, or discards a card drawn at
//	                  random from its hand; the action goes on
//	33 Landsknechts,  against a land move, an assault or a naval transport: new
//	36 Swiss Mercs    mercenaries (or the Ottoman's eliminations, below); the
//	                  action goes on
//	34 Prof. Rowers   +2 or -2 on a naval interception or avoid-battle roll, asked
//	                  after the roll of every power holding it, the roller first
//
// Before each round of a debate in the German zone, the Protestant, while
// Luther lives, may play its Home card Here I Stand to put Luther in
// place of its debater of the round, even if he is committed or barred
// by Leipzig Debate, and then draws a card (HIS-18.5e, HIS-18.5i). The
// debate waits in Flow.Resp.Debate.
//
// When the first round of a debate the Papacy calls is tied, the
// Protestant is asked the same way whether it commits Bullinger as its
// second-round debater ("commit bullinger" or "no card", HIS-18.5i).
//
// The window of an event opens when another power plays as its event a
// card The Wartburg may cancel and a power holds a Response card it may
// play; the event's choices are checked first, so a refused event
// changes nothing, and it is carried out once every power has answered.
//
// "Loses 1 CP": a cancelled action costs 1 CP in all; what was paid for
// it beyond that comes back (docs/rulings/here-i-stand-events.md).

// Card numbers of the Response cards played in the windows.
const (
	cardFoulWeather = 31
	cardGout        = 32
	cardHalley      = 38 // and 37 The Wartburg (events_religion.go)
	cardHereIStand  = 7
)

// Kinds of action a response window is opened for.
const (
	RespMove = iota + 1
	RespAssault
	RespNaval
	RespTransport
	RespPiracy
	RespHRE    // Charles V's jump (Holy Roman Emperor)
	RespEvent  // a card played as its event (The Wartburg)
	RespDebate // a round of a German debate (Here I Stand)
	RespRoll   // a naval interception or avoid-battle roll (Professional Rowers)
)

// Debate is a theological debate in progress (religion_actions.go): the
// calling power, the zone, the debaters of the round (attacker, defender,
// Bullinger for the second round or -1), the round, whether the
// Protestant was asked in it and whether the second round's debaters are
// drawn, the Papal Inquisition's extra dice, the debater Leipzig Debate
// bars (-1: none) and his state before, and the difference in hits.
type Debate struct {
	Caller      int   `json:"caller"`
	Zone        int   `json:"zone"`
	Att         int   `json:"att"`
	Def         int   `json:"def"`
	Second      int   `json:"second"`
	Round       int   `json:"round"`
	Asked       bool  `json:"asked,omitempty"`
	Picked      bool  `json:"picked,omitempty"`
	Inquisition int   `json:"inquisition,omitempty"`
	Bar         int   `json:"bar"`
	BarState    uint8 `json:"bar_state,omitempty"`
	Diff        int   `json:"diff,omitempty"`
}

// protestantDebater is the Protestant's debater of the round.
func (d *Debate) protestantDebater() int {
	if d.Caller == Protestant {
		return d.Att
	}
	return d.Def
}

// RespondWindow is the window of Response cards opened by an announced
// action: the action, its order (run again when no card cancels it), the
// CP paid for it, the army leaders of its formation (Gout) and the powers
// already asked.
type RespondWindow struct {
	Kind    int    `json:"kind"`
	Power   int    `json:"power"`
	Where   int    `json:"where"` // the space or location the action goes to
	Order   string `json:"order,omitempty"`
	Cost    int    `json:"cost,omitempty"`
	Leaders []int  `json:"leaders,omitempty"`
	// Alva is set when the Duke of Alva jumps with Charles V.
	Alva bool `json:"alva,omitempty"`
	// Card and Args are the card played as its event and its choices.
	Card  int    `json:"card,omitempty"`
	Args  string `json:"args,omitempty"`
	Asked uint16 `json:"asked,omitempty"`
	// A naval roll (RespRoll): the sea zone the ships come from, the
	// roll's total and whether it is to avoid battle (else to intercept).
	From  int  `json:"from,omitempty"`
	Sum   int  `json:"sum,omitempty"`
	Avoid bool `json:"avoid,omitempty"`
}

// Responses are the Response cards' effects in the state: the window
// open, Foul Weather and the leaders with gout in this impulse, and the
// powers that skip their next impulse (Halley's Comet).
type Responses struct {
	Window *RespondWindow `json:"window,omitempty"`
	Foul   bool           `json:"foul_weather,omitempty"`
	Gout   []int          `json:"gout,omitempty"`
	Skip   uint16         `json:"skip,omitempty"`
	// NoDebate is set for the rest of the turn once The Wartburg is
	// played: the Protestant calls no debate.
	NoDebate bool `json:"no_debate,omitempty"`
	// Moved counts the land units that entered a space by a move this
	// impulse (Foul Weather: at most 1 space).
	Moved []Mark `json:"moved,omitempty"`
	// Debate is the debate waiting for Here I Stand.
	Debate *Debate `json:"debate,omitempty"`
}

func (x Responses) clone() Responses {
	x.Gout = append([]int(nil), x.Gout...)
	x.Moved = append([]Mark(nil), x.Moved...)
	if x.Debate != nil {
		d := *x.Debate
		x.Debate = &d
	}
	if x.Window != nil {
		w := *x.Window
		w.Leaders = append([]int(nil), w.Leaders...)
		x.Window = &w
	}
	return x
}

func (x Responses) empty() bool {
	return x.Window == nil && !x.Foul && len(x.Gout) == 0 && x.Skip == 0 && !x.NoDebate && len(x.Moved) == 0 && x.Debate == nil
}

// check verifies the stored responses.
func (x Responses) check() error {
	for _, l := range x.Gout {
		if l < 0 || l >= len(leaders) {
			return fmt.Errorf("bad leader %d with gout", l)
		}
	}
	for _, m := range x.Moved {
		if m.Loc < 0 || m.Loc >= NS || m.Power < 0 || m.Power >= NPow || m.N <= 0 {
			return fmt.Errorf("bad moved units %+v", m)
		}
	}
	if d := x.Debate; d != nil {
		nd := len(debaters)
		if d.Caller != Papacy && d.Caller != Protestant || trackOf(d.Zone) < 0 || d.Att < 0 || d.Att >= nd || d.Def < 0 || d.Def >= nd ||
			d.Second < -1 || d.Second >= nd || d.Bar < -1 || d.Bar >= nd || d.Round < 1 || d.Round > 2 || x.Window == nil || x.Window.Kind != RespDebate {
			return fmt.Errorf("bad debate in progress")
		}
	}
	if x.Skip >= 1<<NMajor {
		return fmt.Errorf("bad skipped impulses")
	}
	w := x.Window
	if w == nil {
		return nil
	}
	if w.Kind < RespMove || w.Kind > RespRoll || w.From < 0 || w.From >= NLoc || (w.Kind == RespDebate) != (x.Debate != nil) || w.Card < 0 || w.Card > NC || w.Power < 0 || w.Power >= NMajor || w.Where < 0 || w.Where >= NLoc || w.Cost < 0 {
		return fmt.Errorf("bad response window")
	}
	for _, l := range w.Leaders {
		if l < 0 || l >= len(leaders) {
			return fmt.Errorf("bad leader %d in the response window", l)
		}
	}
	return nil
}

// newImpulse ends the effects that last one impulse.
func (x *Responses) newImpulse() { x.Foul, x.Gout, x.Moved = false, nil, nil }

// noteMoved counts the land units of move m as moved this impulse.
func (x *Responses) noteMoved(m *Move) {
	for _, pt := range m.F.Parts {
		if n := pt.Force.Land(); n > 0 {
			addMark(&x.Moved, m.To, pt.Power, n)
		}
	}
}

func isResponsePlay(n int) bool {
	return n == cardFoulWeather || n == cardGout || n == cardWartburg || n == cardHalley || n == cardHereIStand ||
		n == cardLandsknechts || n == cardSwiss || n == cardRowers
}

// wartburgTarget reports whether The Wartburg may cancel card n's event.
func wartburgTarget(n int) bool {
	switch cards[n].Type {
	case CardEvent:
		return true
	case CardHome:
		return cards[n].Power == Papacy
	}
	return false
}

// respondBars says why an action of kind by formation f (nil: no land
// formation) may not be announced now: Foul Weather or Gout was played
// against the active power earlier in the impulse.
func (s *St) respondBars(kind int, f *Formation) error {
	x := s.Flow.Resp
	if x.Foul && kind != RespMove {
		return fmt.Errorf("Foul Weather: no assault, piracy, naval move or naval transport for the rest of this impulse")
	}
	if f == nil {
		return nil
	}
	for _, pt := range f.Parts {
		if !x.Foul {
			break
		}
		have := s.Units[f.At][pt.Power].Land()
		if free := have - min(markCount(x.Moved, f.At, pt.Power), have); pt.Force.Land() > free {
			return fmt.Errorf("Foul Weather: land units move at most 1 space this impulse; %d %s land units in %s have not moved", free, powers[pt.Power].Name, spaces[f.At].Name)
		}
	}
	for _, l := range f.Leaders {
		if contains(x.Gout, l) {
			return fmt.Errorf("Gout: %s may not move or assault for the rest of this impulse", leaders[l].Name)
		}
	}
	return nil
}

// respond opens the response window of the action of kind power p has
// just announced and paid (cost CP), with order o; ls are the army
// leaders of its formation. It reports whether a power is asked: the
// action then waits, to run again from o once every power has answered.
func (r *run) respond(kind, p, where, cost int, o order, ls []int) bool {
	if r.replay || r.s.Phase != PhAction {
		return false
	}
	w := &RespondWindow{Kind: kind, Power: p, Where: where, Cost: cost, Order: o.canonical(p), Leaders: append([]int(nil), ls...)}
	return r.askRespond(w)
}

// askRespond asks the next power of window w, if any holds a card it may
// play; it reports whether one is asked.
func (r *run) askRespond(w *RespondWindow) bool {
	s := r.s
	if q := s.nextResponder(w); q != NoPower {
		s.Flow.Resp.Window = w
		s.Flow.push(DecRespond, q)
		return true
	}
	s.Flow.Resp.Window = nil
	return false
}

// nextResponder is the next power in Impulse Order from the active power
// holding a Response card it may play in w; the powers without one are
// marked asked.
func (s *St) nextResponder(w *RespondWindow) int {
	first := 1
	if w.Kind == RespRoll {
		first = 0 // any power, the one that rolled first
	}
	for i := first; i < NMajor; i++ {
		q := (w.Power + i) % NMajor
		if w.Asked&(1<<q) != 0 {
			continue
		}
		if len(s.respondHand(w, q)) > 0 {
			return q
		}
		w.Asked |= 1 << q
	}
	return NoPower
}

// respondHand lists the cards of q's hand it may play in w.
func (s *St) respondHand(w *RespondWindow, q int) []int {
	var out []int
	for _, c := range s.Hands[q] {
		if n := int(c); isResponsePlay(n) && s.respondCardOK(w, q, n) == nil {
			out = append(out, n)
		}
	}
	return out
}

// respondCardOK says whether q may play card n in w (not looking at its
// hand).
func (s *St) respondCardOK(w *RespondWindow, q, n int) error {
	switch {
	case q == w.Power && w.Kind != RespRoll:
		return fmt.Errorf("%s announced this action", powers[q].Name)
	case q != w.Power && w.Kind != RespRoll && s.seatOf(q) == s.seatOf(w.Power):
		// With fewer than six players one player holds both powers and
		// would not cancel its own action (rulings); Professional Rowers
		// may still help a roll of the seat's other power.
		return fmt.Errorf("%s and %s are played by the same player", powers[q].Name, powers[w.Power].Name)
	case s.bullingerAsked():
		return fmt.Errorf(bullingerWhy)
	case q == England && s.rulerIs(England, "mary_i"):
		return fmt.Errorf("while Mary I rules, England plays Response and Combat cards for CP only (HIS-21.3k)")
	}
	if (w.Kind == RespRoll) != (n == cardRowers) {
		return fmt.Errorf("after a naval interception or avoid-battle roll only Professional Rowers is played; in a naval combat it is played in the combat window")
	}
	if (w.Kind == RespDebate) != (n == cardHereIStand) {
		if n == cardHereIStand {
			return fmt.Errorf("%s puts Luther into a debate in the German zone", cardName(n))
		}
		return fmt.Errorf("%s is not played in a debate", cardName(n))
	}
	switch n {
	case cardHereIStand:
		d := s.Flow.Resp.Debate
		switch {
		case q != Protestant || !s.lutherLives():
			return fmt.Errorf("%s is the Protestant's while Luther lives", cardName(n))
		case d == nil || d.Zone != LangGerman:
			return fmt.Errorf("%s puts Luther into a debate in the German zone", cardName(n))
		case debaters[d.protestantDebater()].ID == "luther":
			return fmt.Errorf("Luther already debates in this round")
		}
	case cardFoulWeather:
		if w.Kind == RespHRE || w.Kind == RespEvent {
			return fmt.Errorf("%s stops a move, an assault, a naval move, a naval transport or piracy", cardName(n))
		}
	case cardGout:
		if w.Kind == RespEvent || w.Kind != RespHRE && (w.Kind != RespMove && w.Kind != RespAssault && w.Kind != RespTransport || len(w.Leaders) == 0) {
			return fmt.Errorf("%s stops a move or an assault of a formation with an army leader", cardName(n))
		}
	case cardWartburg:
		switch {
		case q != Protestant:
			return fmt.Errorf("%s is played by the Protestant", cardName(n))
		case !s.lutherLives():
			return fmt.Errorf("%s is played while Luther lives", cardName(n))
		case w.Kind != RespEvent:
			return fmt.Errorf("%s cancels an event", cardName(n))
		}
	case cardRowers:
	case cardLandsknechts, cardSwiss:
		if w.Kind != RespMove && w.Kind != RespAssault && w.Kind != RespTransport {
			return fmt.Errorf("%s is played against a move, an assault or a naval transport, or in one's own impulse", cardName(n))
		}
		return s.mercCardOK(q, n)
	case cardHalley:
	default:
		return fmt.Errorf("%s is not a Response card played against an action", cardName(n))
	}
	return nil
}

// respondChoices are the answers of a DecRespond decision: no card first,
// then each card with each of its choices.
func (s *St) respondChoices(d Decision) []string {
	out := []string{"no card"}
	w := s.Flow.Resp.Window
	if w == nil {
		return out
	}
	if s.bullingerAsked() {
		return append(out, "commit Bullinger")
	}
	for _, n := range s.respondHand(w, d.Power) {
		line := fmt.Sprintf("play %d %s", n, cards[n].Name)
		switch {
		case n == cardGout && w.Kind != RespHRE && len(w.Leaders) > 1:
			for _, l := range w.Leaders {
				out = append(out, line+": "+leaders[l].Name)
			}
		case n == cardHalley:
			for _, c := range halleyChoices(s, d.Power) {
				out = append(out, line+": "+c)
			}
		case n == cardLandsknechts || n == cardSwiss:
			for _, c := range s.mercExamples(d.Power, n) {
				out = append(out, line+": "+c)
			}
		case n == cardRowers:
			out = append(out, line+": +2", line+": -2")
		default:
			out = append(out, line)
		}
	}
	return out
}

// halleyChoices are the choices of Halley's Comet played by q: a power
// that skips its next impulse, or one that discards at random.
func halleyChoices(s *St, q int) []string {
	var out []string
	for p := 0; p < NMajor; p++ {
		if p != q {
			out = append(out, "skip "+powers[p].Name)
		}
	}
	for p := 0; p < NMajor; p++ {
		if p != q && len(s.drawable(p)) > 0 {
			out = append(out, "discard "+powers[p].Name)
		}
	}
	return out
}

// respondAction names the action of w, for the texts.
func (w *RespondWindow) action() string {
	switch w.Kind {
	case RespMove:
		return "a move into " + spaces[w.Where].Name
	case RespAssault:
		return "an assault on " + spaces[w.Where].Name
	case RespNaval:
		return "a naval move into the " + locName(w.Where)
	case RespTransport:
		return "a naval transport to " + spaces[w.Where].Name
	case RespPiracy:
		return "piracy in the " + locName(w.Where)
	case RespEvent:
		return "the event " + cardName(w.Card)
	case RespDebate:
		return "a debate"
	case RespRoll:
		return "a naval roll"
	}
	return "Charles V's jump to " + spaces[w.Where].Name
}

// respondText explains the window to the power asked.
func (s *St) respondText(d Decision) string {
	w := s.Flow.Resp.Window
	if w == nil {
		return ""
	}
	if x := s.Flow.Resp.Debate; s.bullingerAsked() {
		return fmt.Sprintf("Debate in the %s zone: the first round is tied. You may commit Bullinger as your debater of the second round: write bullinger, or no card (HIS-18.5i).", langNames[x.Zone])
	}
	if w.Kind == RespRoll {
		how := "You may play %s to add 2 to the roll or take 2 from it: write play and the card with +2 or -2, or no card (HIS-6.1g)."
		if w.Avoid {
			return fmt.Sprintf("%s rolled %d to avoid battle from %s to %s (%d needed). "+how,
				powers[w.Power].Name, w.Sum, locName(w.From), locName(w.Where), InterceptRoll, cardName(cardRowers))
		}
		return fmt.Sprintf("%s rolled %d to intercept from %s into %s (%d needed). "+how,
			powers[w.Power].Name, w.Sum, locName(w.From), locName(w.Where), InterceptRoll, cardName(cardRowers))
	}
	if x := s.Flow.Resp.Debate; w.Kind == RespDebate && x != nil {
		return fmt.Sprintf("Debate in the %s zone, round %d: %s against %s. You may play %s to put Luther in place of %s and draw a card: write play and the card, or no card (HIS-18.5e).",
			langNames[x.Zone], x.Round, debaters[x.Att].Name, debaters[x.Def].Name, cardName(cardHereIStand), debaters[x.protestantDebater()].Name)
	}
	var names []string
	for _, n := range s.respondHand(w, d.Power) {
		names = append(names, cardName(n))
	}
	return fmt.Sprintf("%s announces %s: you may play a Response card (%s). Write play and the card, its choice after a colon, or no card (HIS-6.1g).",
		powers[w.Power].Name, w.action(), joinAnd(names))
}

const respondAnswerWhy = "answer with play and a Response card, its choice after a colon, or no card"

// respondAnswer reads a DecRespond answer and goes on with the window.
func (r *run) respondAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	w := s.Flow.Resp.Window
	lines = nonEmpty(lines)
	if w == nil || len(lines) != 1 {
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: respondAnswerWhy, Legal: legal}}}
	}
	l := lines[0]
	t := strings.ToLower(strings.TrimSpace(l.Text))
	if !noCard(t) && s.bullingerAsked() {
		return r.bullingerAnswer(l, t, legal)
	}
	if noCard(t) {
		s.Flow.pop()
		w.Asked |= 1 << d.Power
		if w.Kind == RespDebate {
			r.goOnDebate()
		} else {
			r.goOnRespond(w)
		}
		return []string{"no card"}, nil
	}
	v, rest := verbOf(t)
	if v != "play" {
		return nil, reject(l, errLegal(legal, respondAnswerWhy))
	}
	rest, args, _ := strings.Cut(rest, ":")
	args = strings.TrimSpace(args)
	n, err := matchCard(rest, s.Hands[d.Power])
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	if !isResponsePlay(n) {
		return nil, reject(l, errLegal(legal, "%s is not a Response card played against an action", cardName(n)))
	}
	if err := s.respondCardOK(w, d.Power, n); err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	canon := fmt.Sprintf("play %d %s", n, cards[n].Name)
	switch n {
	case cardGout:
		lead := -1
		if w.Kind != RespHRE {
			lead = w.Leaders[0]
			if args != "" {
				ls, err := matchLeaders(w.Power, args)
				if err != nil || len(ls) != 1 || !contains(w.Leaders, ls[0]) {
					return nil, reject(l, errLegal(legal, "name one army leader of the formation: %s", leaderNames(w.Leaders)))
				}
				lead = ls[0]
			}
			if len(w.Leaders) > 1 {
				canon += ": " + leaders[lead].Name
			}
		}
		s.Flow.pop()
		r.playResponse(d.Power, n)
		r.gout(w, lead)
	case cardFoulWeather:
		s.Flow.pop()
		r.playResponse(d.Power, n)
		r.foulWeather(w)
	case cardWartburg:
		s.Flow.pop()
		r.playResponse(d.Power, n)
		r.wartburg(w)
	case cardHereIStand:
		s.Flow.pop()
		r.playResponse(d.Power, n)
		r.hereIStand()
	case cardHalley:
		verb, q, err := s.halleyArgs(d.Power, args)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		canon += ": " + verb + " " + powers[q].Name
		s.Flow.pop()
		r.playResponse(d.Power, n)
		r.halley(verb, q)
		w.Asked |= 1 << d.Power
		r.goOnRespond(w)
	case cardRowers:
		mod := map[string]int{"+2": 2, "2": 2, "plus 2": 2, "-2": -2, "minus 2": -2}[strings.Join(strings.Fields(args), " ")]
		if mod == 0 {
			return nil, reject(l, errLegal(legal, "Professional Rowers: write +2 or -2 after a colon"))
		}
		canon += fmt.Sprintf(": %+d", mod)
		s.Flow.pop()
		r.playResponse(d.Power, n)
		w.Sum += mod
		r.say("Professional Rowers: %s's roll becomes %d.", powers[w.Power].Name, w.Sum)
		w.Asked |= 1 << d.Power
		r.goOnRespond(w)
	case cardLandsknechts, cardSwiss:
		// The choices are checked first: a refused play changes nothing.
		if err := (&run{s: s.clone(), dice: &probeDice{}}).mercCard(d.Power, n, args, legal); err != nil {
			return nil, reject(l, err)
		}
		if args != "" {
			canon += ": " + args
		}
		s.Flow.pop()
		r.playResponse(d.Power, n)
		_ = r.mercCard(d.Power, n, args, legal)
		w.Asked |= 1 << d.Power
		r.goOnRespond(w)
	}
	return []string{canon}, nil
}

// playResponse takes Response card n from q's hand to where its play
// sends it, and tells every power.
func (r *run) playResponse(q, n int) {
	s := r.s
	s.takeFromHand(q, n)
	s.Mand.Played[q].set(n) // HIS-11d
	if cards[n].Type == CardHome {
		s.OnCard.set(n) // HIS-6.1c
	} else if cards[n].Remove == RemoveCard {
		s.Removed.set(n) // HIS-6.2g
	} else {
		s.discard(n)
	}
	r.say("%s plays the Response card %s.", powers[q].Name, cardName(n))
}

// refund gives back what the cancelled action of w cost beyond 1 CP.
func (r *run) refund(w *RespondWindow) {
	r.s.Flow.CP += max(w.Cost-1, 0)
}

// foulWeather cancels the action of w (Foul Weather).
func (r *run) foulWeather(w *RespondWindow) {
	s := r.s
	s.Flow.Resp.Window = nil
	s.Flow.Resp.Foul = true
	r.refund(w)
	r.say("Foul Weather: %s's %s is cancelled; it loses 1 CP and makes no assault, piracy, naval move or naval transport for the rest of its impulse.",
		powers[w.Power].Name, strings.TrimPrefix(strings.TrimPrefix(w.action(), "a "), "an "))
}

// gout cancels the action of w because of leader l's gout, or Charles
// V's jump (l < 0).
func (r *run) gout(w *RespondWindow, l int) {
	s := r.s
	s.Flow.Resp.Window = nil
	if w.Kind == RespHRE {
		r.say("Gout: Charles V does not jump; the Hapsburg keeps its 5 CP (HIS-21.2b).")
		return
	}
	s.Flow.Resp.Gout = append(s.Flow.Resp.Gout, l)
	r.refund(w)
	r.say("Gout: %s may not move or assault for the rest of the impulse; %s's action is cancelled and it loses 1 CP.",
		leaders[l].Name, powers[w.Power].Name)
}

// wartburg cancels the event of w (The Wartburg).
func (r *run) wartburg(w *RespondWindow) {
	s := r.s
	x := &s.Flow.Resp
	x.Window, x.NoDebate = nil, true
	if s.Removed.has(w.Card) {
		// The event did not take place: the card is discarded.
		s.Removed.clear(w.Card)
		s.discard(w.Card)
	}
	if d, ok := debaterByID["luther"]; ok && s.Rel.Debater[d] == DebUncommitted {
		s.Rel.Debater[d] = DebCommitted
	}
	s.Flow.CP = 0
	if len(s.Flow.Queue) > 0 {
		s.Flow.Queue = nil
		r.tell(w.Power, "Your impulse ends: your further orders are dropped.")
	}
	r.say("The Wartburg: %s is cancelled and %s's impulse ends; the Protestant calls no debate for the rest of the turn and Luther is committed.",
		cardName(w.Card), powers[w.Power].Name)
}

// respondEvent opens the window of card n played by p as its event with
// args, when a power holds a Response card it may play against it; the
// event's choices are checked first (an error refuses the play). It
// reports whether the event waits.
func (r *run) respondEvent(p, n int, args string) (bool, error) {
	s := r.s
	if r.replay || s.Phase != PhAction || !wartburgTarget(n) {
		return false, nil
	}
	w := &RespondWindow{Kind: RespEvent, Power: p, Card: n, Args: args}
	if s.nextResponder(w) == NoPower {
		return false, nil
	}
	if err := events[n].play(&run{s: s.clone(), dice: &probeDice{}}, p, args); err != nil {
		return false, err
	}
	w.Asked = 0
	return r.askRespond(w), nil
}

// hereIStandWindow asks the Protestant, before the dice of a round of
// debate d, whether it plays Here I Stand; it reports whether it is
// asked (the debate then waits).
func (r *run) hereIStandWindow(d *Debate) bool {
	s := r.s
	if s.Phase != PhAction || d.Zone != LangGerman || !handHasCard(s, Protestant, cardHereIStand) {
		return false
	}
	w := &RespondWindow{Kind: RespDebate, Power: Papacy}
	s.Flow.Resp.Debate = d
	if s.respondCardOK(w, Protestant, cardHereIStand) != nil {
		s.Flow.Resp.Debate = nil
		return false
	}
	d.Asked = true
	s.Flow.Resp.Window = w
	s.Flow.push(DecRespond, Protestant)
	return true
}

// navalRoll opens the window of Professional Rowers after power q's naval
// interception (avoid false) or avoid-battle roll sum from sea zone from
// into to (HIS-16.1j): every power holding the card is asked, q first. It
// reports whether one is asked: the roll's result then waits.
func (r *run) navalRoll(q, from, to, sum int, avoid bool) bool {
	if r.replay || r.s.Phase != PhAction {
		return false
	}
	return r.askRespond(&RespondWindow{Kind: RespRoll, Power: q, From: from, Where: to, Sum: sum, Avoid: avoid})
}

// bullingerWindow asks the Protestant, when the first round of debate d
// the Papacy called is tied, whether it commits Bullinger as its debater
// of the second round before any draw (HIS-18.5i, HIS-18.2h); it reports
// whether it is asked (the debate then waits). When the Protestant calls
// the debate it names Bullinger on its order instead.
func (r *run) bullingerWindow(d *Debate) bool {
	s := r.s
	b, ok := debaterByID["bullinger"]
	if s.Phase != PhAction || d.Caller != Papacy || d.Second >= 0 || !ok || s.Rel.Debater[b] != DebUncommitted {
		return false
	}
	d.Asked = true
	s.Flow.Resp.Debate = d
	s.Flow.Resp.Window = &RespondWindow{Kind: RespDebate, Power: Papacy}
	s.Flow.push(DecRespond, Protestant)
	return true
}

// bullingerAsked reports whether the window open asks about Bullinger.
func (s *St) bullingerAsked() bool {
	w, d := s.Flow.Resp.Window, s.Flow.Resp.Debate
	return w != nil && w.Kind == RespDebate && d != nil && d.Round == 2 && !d.Picked
}

const bullingerWhy = "write commit bullinger or no card"

// bullingerAnswer reads the Protestant's answer about Bullinger: "commit
// bullinger" (or "bullinger"); "no card" is read before.
func (r *run) bullingerAnswer(l adjudicator.Line, t string, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	if v, rest := verbOf(t); v != "bullinger" && (v != "commit" && v != "with" && v != "play" || strings.TrimSpace(rest) != "bullinger") {
		return nil, reject(l, errLegal(legal, bullingerWhy))
	}
	s.Flow.pop()
	s.Flow.Resp.Debate.Second = debaterByID["bullinger"]
	r.goOnDebate()
	return []string{"commit Bullinger"}, nil
}

// hereIStand puts Luther in the waiting debate in place of the
// Protestant's debater of the round, and the Protestant draws a card.
func (r *run) hereIStand() {
	s := r.s
	d := s.Flow.Resp.Debate
	l := debaterByID["luther"]
	old := d.protestantDebater()
	if d.Caller == Protestant {
		d.Att = l
	} else {
		d.Def = l
	}
	r.say("Here I Stand: Luther (%d) debates in place of %s (HIS-18.5e).", debaters[l].Value, debaters[old].Name)
	r.mandDraw(Protestant, 1)
	r.goOnDebate()
}

// goOnDebate fights the rest of the waiting debate.
func (r *run) goOnDebate() {
	x := &r.s.Flow.Resp
	d := x.Debate
	x.Debate, x.Window = nil, nil
	if d != nil {
		r.debateRounds(d)
	}
}

// halleyArgs reads the choice of Halley's Comet played by p: "skip" or
// "discard" and another major power (one with a card to discard).
func (s *St) halleyArgs(p int, args string) (string, int, error) {
	verb, who := verbOf(args)
	q, err := matchPower(who)
	if err != nil || q >= NMajor || q == p || verb != "skip" && verb != "discard" || verb == "discard" && len(s.drawable(q)) == 0 {
		return "", 0, fmt.Errorf("Halley's Comet: write skip or discard and another major power")
	}
	return verb, q, nil
}

// halley carries out Halley's Comet on power q.
func (r *run) halley(verb string, q int) {
	if verb == "discard" {
		r.discardRandom(q)
		return
	}
	r.s.Flow.Resp.Skip |= 1 << q
	r.say("Halley's Comet: %s skips its next impulse.", powers[q].Name)
}

// goOnRespond asks the next power of w, or carries out the action once
// every power has answered.
func (r *run) goOnRespond(w *RespondWindow) {
	s := r.s
	if r.askRespond(w) {
		return
	}
	switch w.Kind {
	case RespHRE:
		hreJump(r, w.Where, w.Alva)
		return
	case RespRoll:
		r.navalRollResult(w)
		r.continueNaval()
		return
	case RespEvent:
		if err := events[w.Card].play(r, w.Power, w.Args); err != nil {
			r.say("The action of %s cannot be carried out: %v.", powers[w.Power].Name, err)
		}
		return
	}
	o, err := parseOrder(w.Power, w.Order, s.Hands[w.Power])
	if err == nil {
		s.Flow.CP += w.Cost
		r.replay = true
		err = r.impulseOrder(w.Power, o)
		r.replay = false
	}
	if err != nil {
		r.say("The action of %s cannot be carried out: %v.", powers[w.Power].Name, err)
	}
}

// skipImpulse passes over the impulse of the power now active when
// Halley's Comet made it skip it; it reports whether it did.
func (r *run) skipImpulse() bool {
	s := r.s
	x := &s.Flow.Resp
	if x.Skip&(1<<s.Active) == 0 {
		return false
	}
	x.Skip &^= 1 << s.Active
	r.say("%s skips its impulse (Halley's Comet).", powers[s.Active].Name)
	return true
}

func init() {
	// Halley's Comet in the player's own impulse: the card of the
	// impulse, played for its event.
	registerEvent(cardHalley, cardEvent{
		play: func(r *run, p int, args string) error {
			verb, q, err := r.s.halleyArgs(p, args)
			if err != nil {
				var lines []string
				for _, c := range halleyChoices(r.s, p) {
					lines = append(lines, order{verb: "play", card: cardHalley, forEvent: true, args: c}.canonical(p))
				}
				return errLegal(lines, "%v", err)
			}
			r.halley(verb, q)
			return nil
		},
		examples: func(s *St, p int) []string {
			var out []string
			for _, c := range halleyChoices(s, p) {
				out = append(out, ": "+c)
			}
			return out
		},
	})
}

// respondPatterns are the messages of the response windows.
func respondPatterns(p func(key, english string) *msg.Pattern) (prompts, events, whys msg.Patterns) {
	prompts = msg.Patterns{
		p("his.prompt.respond_move", "{Power:power} announces a move into {Space}: you may play a Response card ({Cards:units}). Write play and the card, its choice after a colon, or no card (HIS-6.1g)."),
		p("his.prompt.respond_assault", "{Power:power} announces an assault on {Space}: you may play a Response card ({Cards:units}). Write play and the card, its choice after a colon, or no card (HIS-6.1g)."),
		p("his.prompt.respond_naval", "{Power:power} announces a naval move into the {Space}: you may play a Response card ({Cards:units}). Write play and the card, its choice after a colon, or no card (HIS-6.1g)."),
		p("his.prompt.respond_transport", "{Power:power} announces a naval transport to {Space}: you may play a Response card ({Cards:units}). Write play and the card, its choice after a colon, or no card (HIS-6.1g)."),
		p("his.prompt.respond_piracy", "{Power:power} announces piracy in the {Space}: you may play a Response card ({Cards:units}). Write play and the card, its choice after a colon, or no card (HIS-6.1g)."),
		p("his.prompt.respond_event", "{Power:power} announces the event {Card}: you may play a Response card ({Cards:units}). Write play and the card, its choice after a colon, or no card (HIS-6.1g)."),
		p("his.prompt.respond_debate", "Debate in the {Zone:zone} zone, round {R:int}: {A} against {D}. You may play {Card} to put Luther in place of {Old} and draw a card: write play and the card, or no card (HIS-18.5e)."),
		p("his.prompt.respond_bullinger", "Debate in the {Zone:zone} zone: the first round is tied. You may commit Bullinger as your debater of the second round: write bullinger, or no card (HIS-18.5i)."),
		p("his.prompt.respond_roll_intercept", "{Power:power} rolled {N:int} to intercept from {From} into {To} ({M:int} needed). You may play {Card} to add 2 to the roll or take 2 from it: write play and the card with +2 or -2, or no card (HIS-6.1g)."),
		p("his.prompt.respond_roll_avoid", "{Power:power} rolled {N:int} to avoid battle from {From} to {To} ({M:int} needed). You may play {Card} to add 2 to the roll or take 2 from it: write play and the card with +2 or -2, or no card (HIS-6.1g)."),
		p("his.prompt.respond_hre", "{Power:power} announces Charles V's jump to {Space}: you may play a Response card ({Cards:units}). Write play and the card, its choice after a colon, or no card (HIS-6.1g)."),
	}
	events = msg.Patterns{
		p("his.ev.respond_play", "{Power:power} plays the Response card {Card}."),
		p("his.ev.respond_foul_move", "Foul Weather: {Power:power}'s move into {Space} is cancelled; it loses 1 CP and makes no assault, piracy, naval move or naval transport for the rest of its impulse."),
		p("his.ev.respond_foul_assault", "Foul Weather: {Power:power}'s assault on {Space} is cancelled; it loses 1 CP and makes no assault, piracy, naval move or naval transport for the rest of its impulse."),
		p("his.ev.respond_foul_naval", "Foul Weather: {Power:power}'s naval move into the {Space} is cancelled; it loses 1 CP and makes no assault, piracy, naval move or naval transport for the rest of its impulse."),
		p("his.ev.respond_foul_transport", "Foul Weather: {Power:power}'s naval transport to {Space} is cancelled; it loses 1 CP and makes no assault, piracy, naval move or naval transport for the rest of its impulse."),
		p("his.ev.respond_foul_piracy", "Foul Weather: {Power:power}'s piracy in the {Space} is cancelled; it loses 1 CP and makes no assault, piracy, naval move or naval transport for the rest of its impulse."),
		p("his.ev.respond_gout_hre", "Gout: Charles V does not jump; the Hapsburg keeps its 5 CP (HIS-21.2b)."),
		p("his.ev.respond_gout", "Gout: {Leader} may not move or assault for the rest of the impulse; {Power:power}'s action is cancelled and it loses 1 CP."),
		p("his.ev.respond_wartburg", "The Wartburg: {Card} is cancelled and {Power:power}'s impulse ends; the Protestant calls no debate for the rest of the turn and Luther is committed."),
		p("his.ev.respond_dropped", "Your impulse ends: your further orders are dropped."),
		p("his.ev.respond_here_i_stand", "Here I Stand: Luther ({V:int}) debates in place of {Old} (HIS-18.5e)."),
		p("his.ev.respond_halley_skip", "Halley's Comet: {Power:power} skips its next impulse."),
		p("his.ev.respond_skipped", "{Power:power} skips its impulse (Halley's Comet)."),
		p("his.ev.respond_merc_eliminated", "Landsknechts: {Units:units} are eliminated in {Space}."),
		p("his.ev.respond_rowers", "Professional Rowers: {Power:power}'s roll becomes {N:int}."),
		p("his.ev.respond_failed", "The action of {Power:power} cannot be carried out: {Why}."),
	}
	whys = msg.Patterns{
		p("his.why.respond_answer", respondAnswerWhy),
		p("his.why.respond_not_response", "{Card} is not a Response card played against an action"),
		p("his.why.respond_own", "{Power:power} announced this action"),
		p("his.why.respond_foul", "{Card} stops a move, an assault, a naval move, a naval transport or piracy"),
		p("his.why.respond_gout", "{Card} stops a move or an assault of a formation with an army leader"),
		p("his.why.respond_gout_leader", "name one army leader of the formation: {Leaders:units}"),
		p("his.why.respond_wartburg_protestant", "{Card} is played by the Protestant"),
		p("his.why.respond_wartburg_luther", "{Card} is played while Luther lives"),
		p("his.why.respond_wartburg_event", "{Card} cancels an event"),
		p("his.why.respond_no_debate", "The Wartburg: the Protestant calls no debate for the rest of the turn"),
		p("his.why.respond_his_debate", "{Card} puts Luther into a debate in the German zone"),
		p("his.why.respond_not_debate", "{Card} is not played in a debate"),
		p("his.why.respond_his_luther", "{Card} is the Protestant's while Luther lives"),
		p("his.why.respond_luther_debates", "Luther already debates in this round"),
		p("his.why.respond_halley", "Halley's Comet: write skip or discard and another major power"),
		p("his.why.respond_foul_bars", "Foul Weather: no assault, piracy, naval move or naval transport for the rest of this impulse"),
		p("his.why.respond_foul_moved", "Foul Weather: land units move at most 1 space this impulse; {N:int} {Power:power} land units in {Space} have not moved"),
		p("his.why.respond_bullinger", bullingerWhy),
		p("his.why.merc_window", "{Card} is played against a move, an assault or a naval transport, or in one's own impulse"),
		p("his.why.respond_rowers_only", "after a naval interception or avoid-battle roll only Professional Rowers is played; in a naval combat it is played in the combat window"),
		p("his.why.respond_rowers_mod", "Professional Rowers: write +2 or -2 after a colon"),
		p("his.why.merc_count", "{Card}: place {N:int} new mercenaries"),
		p("his.why.merc_spot", "{Space}: new mercenaries of {Power:power} go to a space holding its land units, not besieged and not in unrest"),
		p("his.why.merc_none", "{Card}: no mercenaries of another power are on the map"),
		p("his.why.merc_no_spot", "{Card}: {Power:power} has no land units outside sieges and unrest where new mercenaries may go"),
		p("his.why.merc_too_many", "{Power:power} has not so many mercenaries in {Space}"),
		p("his.why.merc_eliminate", "Landsknechts: name {N:int} mercenaries of other powers to eliminate"),
		p("his.why.respond_gout_bars", "Gout: {Leader} may not move or assault for the rest of this impulse"),
	}
	return prompts, events, whys
}

// --- 33 Landsknechts, 36 Swiss Mercenaries outside a combat ---------------
//
// Played as the card of one's own impulse ("play 33 landsknechts for
// event: 4 in vienna") or in a response window of another power's action
// ("play 33 landsknechts: 2 in milan"); in a combat they are played in the
// combat window (combat.go). The Hapsburg's Landsknechts and France's
// Swiss Mercenaries place 4 new mercenaries, another power's 2; the
// Ottoman's Swiss Mercenaries has France place 4 French mercenaries, and
// the Ottoman's Landsknechts eliminates 2 mercenaries of other powers
// anywhere on the map ("hapsburg in vienna, france in milan", or "2
// hapsburg in vienna"). The new mercenaries go to spaces holding land
// units of the power they belong to, not besieged and not in unrest.

// mercPlacer is the power whose new mercenaries card n played by p places,
// and how many.
func mercPlacer(p, n int) (int, int) {
	q := p
	if n == cardSwiss && p == Ottoman {
		q = France
	}
	if n == cardLandsknechts && q == Hapsburg || n == cardSwiss && q == France {
		return q, 4
	}
	return q, 2
}

// mercOttoman reports whether card n played by p eliminates mercenaries
// instead of placing them.
func mercOttoman(p, n int) bool { return p == Ottoman && n == cardLandsknechts }

// mercSpots are the spaces where new mercenaries of q may be placed.
func (s *St) mercSpots(q int) []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.Units[sp][q].Land() > 0 && !s.besieged(sp, q) && !s.InUnrest(sp) {
			out = append(out, sp)
		}
	}
	return out
}

// enemyMercs counts the mercenaries on the map the Ottoman's Landsknechts
// may eliminate, up to 2.
func (s *St) enemyMercs() int {
	n := 0
	for sp := 0; sp < NS; sp++ {
		for q := 0; q < NPow; q++ {
			if q != Ottoman {
				n += int(s.Units[sp][q].Merc)
			}
		}
	}
	return min(n, 2)
}

// mercCardOK says whether p may play card n (33 or 36) outside a combat
// now.
func (s *St) mercCardOK(p, n int) error {
	if mercOttoman(p, n) {
		if s.enemyMercs() == 0 {
			return fmt.Errorf("%s: no mercenaries of another power are on the map", cardName(n))
		}
		return nil
	}
	q, _ := mercPlacer(p, n)
	spots := s.mercSpots(q)
	if len(spots) == 0 {
		return fmt.Errorf("%s: %s has no land units outside sieges and unrest where new mercenaries may go", cardName(n), powers[q].Name)
	}
	if s.checkCountersWith(q, spots[0], Force{Merc: 1}) != nil {
		return fmt.Errorf("%s has no mercenary counters left (HIS-5.2a)", powers[q].Name)
	}
	return nil
}

// mercExamples are choices of card n played by p, for the prompts.
func (s *St) mercExamples(p, n int) []string {
	if s.mercCardOK(p, n) != nil {
		return nil
	}
	if mercOttoman(p, n) {
		var items []string
		left := s.enemyMercs()
		for sp := 0; sp < NS && left > 0; sp++ {
			for q := 0; q < NPow && left > 0; q++ {
				if k := min(left, int(s.Units[sp][q].Merc)); q != Ottoman && k > 0 {
					items = append(items, fmt.Sprintf("%d %s in %s", k, powers[q].ID, spaces[sp].Name))
					left -= k
				}
			}
		}
		return []string{strings.Join(items, ", ")}
	}
	q, k := mercPlacer(p, n)
	return []string{fmt.Sprintf("%d in %s", k, spaces[s.mercSpots(q)[0]].Name)}
}

// mercCard carries out card n (33 or 36) played by p outside a combat with
// its choices args; legal are the lines a refusal lists.
func (r *run) mercCard(p, n int, args string, legal []string) error {
	s := r.s
	if err := s.mercCardOK(p, n); err != nil {
		return errLegal(legal, "%v", err)
	}
	if mercOttoman(p, n) {
		return r.mercEliminate(args, legal)
	}
	q, k := mercPlacer(p, n)
	spots := s.mercSpots(q)
	at := map[int]int{}
	var where []int
	total := 0
	for _, item := range orders.SplitList(args) {
		c, sp, err := countIn(item)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(spots, sp) || c < 1 {
			return errLegal(legal, "%s: new mercenaries of %s go to a space holding its land units, not besieged and not in unrest", spaces[sp].Name, powers[q].Name)
		}
		if at[sp] == 0 {
			where = append(where, sp)
		}
		at[sp] += c
		total += c
	}
	if total != k {
		return errLegal(legal, "%s: place %d new mercenaries", cardName(n), k)
	}
	// As in a combat, as many as the power's counters allow (HIS-5.2a).
	for _, sp := range where {
		placed := 0
		for placed < at[sp] && s.checkCountersWith(q, sp, Force{Merc: 1}) == nil {
			s.addUnits(sp, q, Force{Merc: 1})
			placed++
		}
		if placed > 0 {
			r.say("%s: %s places %s in %s.", cards[n].Name, powers[q].Name, unitText(Force{Merc: uint8(placed)}), spaces[sp].Name)
		}
	}
	return nil
}

// mercEliminate eliminates the mercenaries the Ottoman's Landsknechts
// names: 2, or all there are of other powers when fewer.
func (r *run) mercEliminate(args string, legal []string) error {
	s := r.s
	want := s.enemyMercs()
	type hit struct{ q, sp, n int }
	var hits []hit
	total := 0
	for _, item := range orders.SplitList(args) {
		c := 1
		if f := strings.Fields(item); len(f) > 1 {
			if x, err := strconv.Atoi(f[0]); err == nil {
				c, item = x, strings.Join(f[1:], " ")
			}
		}
		q, sp, err := s.powerInSpace(item, func(sp int) []int {
			var qs []int
			for q := 0; q < NPow; q++ {
				if q != Ottoman && s.Units[sp][q].Merc > 0 {
					qs = append(qs, q)
				}
			}
			return qs
		})
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		had := 0
		for _, h := range hits {
			if h.q == q && h.sp == sp {
				had += h.n
			}
		}
		if q == Ottoman || c < 1 || int(s.Units[sp][q].Merc) < had+c {
			return errLegal(legal, "%s has not so many mercenaries in %s", powers[q].Name, spaces[sp].Name)
		}
		hits = append(hits, hit{q, sp, c})
		total += c
	}
	if total != want {
		return errLegal(legal, "Landsknechts: name %d mercenaries of other powers to eliminate", want)
	}
	for _, h := range hits {
		_ = s.removeUnits(h.sp, h.q, Force{Merc: uint8(h.n)})
		s.fitCounters(h.sp, h.q) // HIS-5.2a
		r.say("Landsknechts: %s are eliminated in %s.", partsText([]Part{{h.q, Force{Merc: uint8(h.n)}}}), spaces[h.sp].Name)
		r.log(s.recheckSiege(h.sp))
	}
	return nil
}

func init() {
	for _, n := range []int{cardLandsknechts, cardSwiss} {
		registerEvent(n, cardEvent{
			can: func(s *St, p int) error { return s.mercCardOK(p, n) },
			play: func(r *run, p int, args string) error {
				var legal []string
				for _, x := range r.s.mercExamples(p, n) {
					legal = append(legal, order{verb: "play", card: n, forEvent: true, args: x}.canonical(p))
				}
				return r.mercCard(p, n, args, legal)
			},
			examples: func(s *St, p int) []string { return s.mercExamples(p, n) },
		})
	}
}
