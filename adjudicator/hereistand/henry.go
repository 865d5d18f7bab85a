package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// England: Henry VIII's wives and heirs and the English succession
// (HIS-21.3). The marital status marker (Tracks.Marital) walks the boxes
// of the English power card; each new wife rolls on the Pregnancy Chart
// (St.Henry keeps the results), and the results decide which of Edward
// VI, Mary I and Elizabeth I join the deck and when. England's Home card
// Six Wives of Henry VIII advances the marker or declares war in the
// Action Phase; the Papacy may grant the divorce in a deal; Mary I's
// reign lets the Papacy take some English card plays.

// Boxes of the marital status track (Tracks.Marital).
const (
	WifeAragon = iota // Catherine of Aragon
	WifeAskDivorce
	WifeBoleyn
	WifeSeymour
	WifeCleves
	WifeHoward
	WifeParr
	nMarital
)

// wifeNames are the boxes as the power card prints them.
var wifeNames = [nMarital]string{"Catherine of Aragon", "Ask for Divorce", "Anne Boleyn", "Jane Seymour",
	"Anne of Cleves", "Catherine Howard", "Catherine Parr"}

// Henry is the English power card beyond the marital status track
// (HIS-21.3). Every field is a plain value: the state's copy copies it.
type Henry struct {
	// Wife[b] is the Pregnancy Chart result the marker of the wife of box
	// b stands on, 0 before she marries (HIS-21.3d).
	Wife [nMarital]uint8 `json:"wife"`
	// Flirt is the turn of result 3: the marital status advances one box
	// more the first time England passes in a later impulse of that turn
	// (HIS-21.3e); 0 when no such advance waits.
	Flirt int `json:"flirt,omitempty"`
	// Boleyn is the turn Henry married Anne Boleyn (HIS-21.3g), 0 before.
	Boleyn int `json:"boleyn,omitempty"`
	// Aragon is set while the Hapsburg holds the Catherine of Aragon
	// marker, 2 CP off its next declaration of war on England (HIS-21.3f).
	Aragon bool `json:"aragon,omitempty"`
	// Divorce is the turn the Papacy granted the divorce (HIS-9.1b8): no
	// Papal alliance with the Hapsburg that turn (HIS-9.2b).
	Divorce int `json:"divorce,omitempty"`
	// MaryDebate is set while a Theological Debate in the English zone
	// waits for the Papacy's book burning to end (HIS-21.3j).
	MaryDebate bool `json:"mary_debate,omitempty"`
}

// Card numbers of the English succession and the English Reformation.
const (
	cardSixWives  = 3
	cardEdward    = 19
	cardMary      = 21
	cardElizabeth = 23
)

// reformationCards join the deck the turn after Henry marries Anne
// Boleyn (HIS-21.3g; cards.json: Book of Common Prayer, Dissolution of
// the Monasteries, Pilgrimage of Grace).
var reformationCards = []int{62, 63, 64}

// born reports whether Pregnancy Chart result x has occurred.
func (s *St) born(x int) bool {
	for _, r := range s.Henry.Wife {
		if int(r) == x {
			return true
		}
	}
	return false
}

func (s *St) edwardBorn() bool    { return s.born(5) || s.born(6) }
func (s *St) elizabethBorn() bool { return s.born(4) }

// edwardSickly: the highest result is 5 (HIS-21.3h).
func (s *St) edwardSickly() bool { return s.born(5) && !s.born(6) }

// heirVP are England's special VP for Henry's heirs (HIS-23.2f): 5 once
// Edward is born, else 2 once Elizabeth is.
func (s *St) heirVP() int {
	switch {
	case s.edwardBorn():
		return 5
	case s.elizabethBorn():
		return 2
	}
	return 0
}

// henryFree says why Henry's marriages may not go on now (HIS-21.3e),
// nil when they may.
func (s *St) henryFree() error {
	if !s.rulerIs(England, "henry_viii") {
		return fmt.Errorf("Henry VIII no longer rules England (HIS-21.3e)")
	}
	if l, ok := leaderByID["henry_viii"]; ok {
		at := int(s.Leader[l])
		switch {
		case at == LeaderCaptured:
			return fmt.Errorf("Henry VIII is captured (HIS-21.3e)")
		case at >= 0 && s.besieged(at, England):
			return fmt.Errorf("Henry VIII is under siege in %s (HIS-21.3e)", locName(at))
		}
	}
	if s.edwardBorn() && s.elizabethBorn() {
		return fmt.Errorf("Edward and Elizabeth are both born: the marital status never advances again (HIS-21.3e)")
	}
	if s.Tracks.Marital >= WifeParr {
		return fmt.Errorf("Henry VIII is married to Catherine Parr, his last wife (HIS-21.3c)")
	}
	return nil
}

// mayAdvance says whether Six Wives of Henry VIII may advance the marital
// status now (HIS-21.3c, HIS-21.3e).
func (s *St) mayAdvance() error {
	if s.Turn < 2 {
		return fmt.Errorf("Henry VIII seeks a new wife from turn 2 (HIS-21.3b)")
	}
	return s.henryFree()
}

// henryAdvance moves the marital status one box right and carries out the
// marriage it brings (HIS-21.3c-d, HIS-21.3f-g).
func (r *run) henryAdvance() {
	s := r.s
	s.Tracks.Marital++
	b := s.Tracks.Marital
	if b == WifeAskDivorce {
		r.say("Henry VIII's marital status advances to Ask for Divorce (HIS-21.3c).")
		return
	}
	r.say("Henry VIII marries %s (HIS-21.3c).", wifeNames[b])
	if b == WifeBoleyn {
		s.Henry.Boleyn = s.Turn
		s.Henry.Aragon = true
		r.say("The Hapsburg receives the Catherine of Aragon marker: 2 CP off its next declaration of war on England (HIS-21.3f).")
		r.say("The Reformation comes to England next turn: three cards join the deck and Cranmer, Coverdale and Latimer enter (HIS-21.3g).")
	}
	r.pregnancy(b)
	switch b {
	case WifeCleves:
		if s.Allied(England, Protestant) {
			r.say("Anne of Cleves: England and the Protestant are allied and each draws a card from the deck (HIS-21.3g).")
			r.drawFromDeck(England)
			r.drawFromDeck(Protestant)
		}
	case WifeHoward:
		r.say("Catherine Howard: England draws a card from the deck (HIS-21.3g).")
		r.drawFromDeck(England)
	}
}

// pregnancyResult is the result applied for a modified roll x: x itself
// (at most 6) if it has not occurred, else the first row up the chart
// that has not; above the top row, the nearest free row below (a ruling,
// docs/rulings/here-i-stand-events.md).
func (s *St) pregnancyResult(x int) int {
	x = min(max(x, 1), 6)
	for y := x; y <= 6; y++ {
		if !s.born(y) {
			return y
		}
	}
	for y := x - 1; y >= 1; y-- {
		if !s.born(y) {
			return y
		}
	}
	return 0
}

// pregnancyLines tell each result of the Pregnancy Chart. Results 1 and
// 2 are not in the seed: the published chart gives no heir on them.
var pregnancyLines = [7]string{"",
	"Pregnancy Chart result 1: no heir is born (HIS-21.3d).",
	"Pregnancy Chart result 2: no heir is born (HIS-21.3d).",
	"Pregnancy Chart result 3: Henry flirts with a young wife; the marital status advances one more box the first time England passes this turn (HIS-21.3e).",
	"Pregnancy Chart result 4: Elizabeth is born (HIS-21.3h).",
	"Pregnancy Chart result 5: Edward is born, sickly (HIS-21.3h).",
	"Pregnancy Chart result 6: Edward is born, healthy (HIS-21.3h).",
}

// pregnancy rolls on the Pregnancy Chart for the wife of box b
// (HIS-21.3d): +1 for Jane Seymour.
func (r *run) pregnancy(b int) {
	s := r.s
	die := r.dice.Roll("pregnancy chart", 6)
	x := die
	if b == WifeSeymour {
		x++
		r.say("Pregnancy Chart for %s: the die rolls %d, %d with her +1 (HIS-21.3d).", wifeNames[b], die, x)
	} else {
		r.say("Pregnancy Chart for %s: the die rolls %d (HIS-21.3d).", wifeNames[b], die)
	}
	got := s.pregnancyResult(x)
	if got == 0 {
		return // five wives cannot fill six rows
	}
	if got != min(x, 6) {
		r.say("Result %d has already occurred: result %d applies (HIS-21.3d).", min(x, 6), got)
	}
	s.Henry.Wife[b] = uint8(got)
	r.say("%s", pregnancyLines[got])
	if got == 3 {
		s.Henry.Flirt = s.Turn
	}
}

// henryPasses gives the bonus advance of result 3 the first time England
// passes after it (HIS-21.3e); the bonus is used or lost on that pass.
func (r *run) henryPasses(p int) {
	s := r.s
	if p != England || s.Henry.Flirt == 0 {
		return
	}
	if s.Henry.Flirt != s.Turn {
		s.Henry.Flirt = 0
		return
	}
	s.Henry.Flirt = 0
	if err := s.henryFree(); err != nil {
		r.say("Henry VIII's bonus advance is lost: %v.", err)
		return
	}
	r.say("England passes for the first time since Henry flirted with a young wife: the marital status advances one box (HIS-21.3e).")
	r.henryAdvance()
}

// drawFromDeck gives power p the deck's next card; only p hears which.
func (r *run) drawFromDeck(p int) {
	s := r.s
	if len(s.Deck) == 0 {
		r.say("The deck is empty: %s draws no card.", powers[p].Name)
		return
	}
	n := int(s.Deck[len(s.Deck)-1])
	s.Deck = s.Deck[:len(s.Deck)-1]
	s.giveCard(p, n)
	r.tell(p, "%s draws %s from the deck.", powers[p].Name, cardName(n))
}

// sixWivesTargets are the powers England may declare war on with Six
// Wives of Henry VIII now (HIS-21.3a).
func (s *St) sixWivesTargets() []int {
	var out []int
	for _, q := range []int{Hapsburg, France, Scotland} {
		if s.MayDeclare(England, q) == nil {
			out = append(out, q)
		}
	}
	return out
}

func sixWivesExamples(s *St, p int) []string {
	var out []string
	if s.mayAdvance() == nil {
		out = append(out, "advance")
	}
	for _, q := range s.sixWivesTargets() {
		out = append(out, "declare war on "+powers[q].ID)
	}
	return out
}

// playSixWives: England's Home card as an event (HIS-21.3a, HIS-21.3c):
// "advance" moves Henry's marital status one box; "declare war on
// france" (or the Hapsburg) declares war and leaves the card's 5 CP to
// spend.
func playSixWives(r *run, p int, args string) error {
	s := r.s
	legal := func() []string {
		var out []string
		for _, x := range sixWivesExamples(s, p) {
			out = append(out, order{verb: "play", card: cardSixWives, forEvent: true}.canonical(p)+": "+x)
		}
		return out
	}
	v, rest := verbOf(englishLine(args))
	switch v {
	case "", "advance", "marry", "marriage", "wife":
		if err := s.mayAdvance(); err != nil {
			return errLegal(legal(), "%v", err)
		}
		r.henryAdvance()
		return nil
	case "declare", "war":
		if v == "war" {
			rest = "war " + rest
		}
		q, err := declareTarget(rest)
		if err != nil {
			return errLegal(legal(), "%v", err)
		}
		if q != France && q != Hapsburg && q != Scotland {
			return errLegal(legal(), "Six Wives of Henry VIII declares war on France, the Hapsburg or Scotland (HIS-21.3a)")
		}
		if err := s.MayDeclare(England, q); err != nil {
			return errLegal(legal(), "%v", err)
		}
		s.setWar(England, q, true)
		r.say("England declares war on %s with Six Wives of Henry VIII and has %d CP to spend (HIS-21.3a).", powers[q].Name, cards[cardSixWives].CP)
		r.warNavalBattles(England, q)
		s.Flow.CP = cards[cardSixWives].CP
		r.scotlandIntervention(q) // events_more.go
		return nil
	}
	return errLegal(legal(), `write "advance" (Henry's marital status) or "declare war on <France, Hapsburg or Scotland>" after "for event:"`)
}

// henryCardDraw brings in, before the deal, what Henry's marriages and
// heirs bring (HIS-21.3g-h): the English Reformation's cards and Cranmer
// the turn after Anne Boleyn, and the cards of the English succession.
func (r *run) henryCardDraw() {
	s := r.s
	var join []int
	if s.Henry.Boleyn != 0 && s.Henry.Boleyn < s.Turn {
		join = append(join, reformationCards...)
		if i, ok := reformerByID["cranmer"]; ok && s.Rel.Reformer[i] == ReformerOff {
			london := reformers[i].Space
			s.Rel.Reformer[i] = int16(london)
			r.say("The reformer %s enters %s.", reformers[i].Name, spaces[london].Name)
			r.flip(london, true) // HIS-8.2f
		}
	}
	join = append(join, s.successionCards()...)
	for _, n := range join {
		if !s.inPlay(n) {
			s.Deck = append(s.Deck, uint8(n))
			// The name alone: who is dealt it stays hidden.
			r.say("%s joins the deck (HIS-21.3g-h).", cards[n].Name)
		}
	}
}

// successionCards are the cards of the English succession that join the
// deck in this Card Draw Phase if not yet in play (HIS-6.2b, HIS-21.3h):
// from turn 6, Edward VI once Edward is born and Henry rules (unless
// Mary I is already in play: she then counts as Edward, HIS-21.3i); Mary
// I while Henry rules with no son, or the turn after a sickly Edward took
// the throne; Elizabeth I, once born, the turn after Mary I took it.
func (s *St) successionCards() []int {
	if s.Turn < 6 {
		return nil
	}
	var out []int
	henry := s.rulerIs(England, "henry_viii")
	if henry && s.edwardBorn() && !s.inPlay(cardMary) {
		out = append(out, cardEdward)
	}
	if henry && !s.edwardBorn() || s.rulerIs(England, "edward_vi") && s.edwardSickly() {
		out = append(out, cardMary)
	}
	if s.rulerIs(England, "mary_i") && s.elizabethBorn() {
		out = append(out, cardElizabeth)
	}
	return out
}

// crown makes ruler id the ruler of England (HIS-21.3h-j): when Henry
// VIII dies, Dudley takes his place on the map (in London if Henry is
// not on it).
func (r *run) crown(id string) {
	s := r.s
	if s.rulerIs(England, "henry_viii") {
		r.say("Henry VIII dies.")
		h, okH := leaderByID["henry_viii"]
		d, okD := leaderByID["dudley"]
		if okH && okD {
			at := int(s.Leader[h])
			s.Leader[h], s.Captor[h] = LeaderRemoved, NoPower
			if at >= 0 {
				s.Leader[d] = int16(at)
				r.say("Dudley takes Henry VIII's place in %s.", locName(at))
			} else if where := s.placeLeaderHome(England, d); s.Leader[d] >= 0 {
				r.say("Dudley enters in %s.", where)
			}
		}
	}
	s.Ruler[England] = uint8(rulerByID[id])
	s.More.Crowned = s.Turn // Lady Jane Grey (events_more.go)
	r.say("%s rules England (HIS-21.3h).", rulers[s.Ruler[England]].Name)
}

func playEdward(r *run, p int, args string) error {
	r.crown("edward_vi")
	return nil
}

// playMary crowns Mary I, or Edward VI when Edward was born while Henry
// still ruled and this card was already in play (HIS-21.3i): Mary I then
// goes to the discard pile if Edward is sickly, and stays out of the game
// if he is healthy.
func playMary(r *run, p int, args string) error {
	s := r.s
	if s.rulerIs(England, "henry_viii") && s.edwardBorn() {
		r.say("Edward was born while Mary I was in play: the card counts as Edward VI (HIS-21.3i).")
		r.crown("edward_vi")
		if s.edwardSickly() {
			s.Removed.clear(cardMary)
			s.discard(cardMary)
			r.say("Mary I goes to the discard pile: Edward is sickly (HIS-21.3i).")
		} else {
			r.say("Mary I is removed from the game: Edward is healthy (HIS-21.3i).")
		}
		return nil
	}
	r.crown("mary_i")
	return nil
}

func playElizabeth(r *run, p int, args string) error {
	r.crown("elizabeth_i")
	return nil
}

func init() {
	registerEvent(cardSixWives, cardEvent{
		can: func(s *St, p int) error {
			if p != England {
				return fmt.Errorf("Six Wives of Henry VIII is England's Home card")
			}
			err := s.mayAdvance()
			if err != nil && len(s.sixWivesTargets()) == 0 {
				return fmt.Errorf("%v, and England may declare war on neither France, the Hapsburg nor Scotland", err)
			}
			return nil
		},
		play:     playSixWives,
		examples: sixWivesExamples,
	})
	registerEvent(cardEdward, cardEvent{play: playEdward})
	registerEvent(cardMary, cardEvent{play: playMary})
	registerEvent(cardElizabeth, cardEvent{play: playElizabeth})
}

// dowCost is the CP cost of a declaration of war by p on q: the
// display's (DOWCost), 2 CP less for the Hapsburg on England while it
// holds the Catherine of Aragon marker (HIS-9.6c, HIS-21.3f).
func (s *St) dowCost(p, q int) int {
	c := DOWCost(p, q)
	if p == Hapsburg && q == England && s.Henry.Aragon {
		c = max(c-2, 0)
	}
	return c
}

// aragonUsed spends the Catherine of Aragon marker on a Hapsburg
// declaration of war on England (HIS-21.3f).
func (r *run) aragonUsed(p, q int) {
	if p == Hapsburg && q == England && r.s.Henry.Aragon {
		r.s.Henry.Aragon = false
		r.say("The Hapsburg uses the Catherine of Aragon marker: 2 CP off (HIS-21.3f).")
	}
}

// grantDivorce carries out the deal term "papacy: grant divorce"
// (HIS-9.1b8).
func (r *run) grantDivorce() error {
	s := r.s
	switch {
	case s.Tracks.Marital != WifeAskDivorce:
		return fmt.Errorf("Henry VIII's marital status is not in the Ask for Divorce box (HIS-9.1b8)")
	case !s.rulerIs(England, "henry_viii"):
		return fmt.Errorf("Henry VIII no longer rules England (HIS-9.1b8)")
	case s.Allied(Papacy, Hapsburg):
		return fmt.Errorf("the Papacy is allied with the Hapsburg and may not grant the divorce this turn (HIS-9.1b8)")
	}
	s.Henry.Divorce = s.Turn
	r.say("The Papacy grants Henry VIII's divorce and may not ally with the Hapsburg this turn (HIS-9.1b8).")
	r.henryAdvance()
	return nil
}

// checkHenry verifies the invariants of Henry's power card.
func (s *St) checkHenry() error {
	h := &s.Henry
	m := s.Tracks.Marital
	if m < 0 || m >= nMarital {
		return fmt.Errorf("marital status box %d", m)
	}
	seen := 0
	for b, x := range h.Wife {
		if (x != 0) != (b >= WifeBoleyn && b <= m) || x > 6 {
			return fmt.Errorf("Pregnancy Chart: wife %s on result %d with the marker on %s", wifeNames[b], x, wifeNames[m])
		}
		if x != 0 {
			if seen&(1<<x) != 0 {
				return fmt.Errorf("Pregnancy Chart result %d twice", x)
			}
			seen |= 1 << x
		}
	}
	if (h.Boleyn != 0) != (m >= WifeBoleyn) || h.Boleyn > s.Turn || h.Divorce > s.Turn || h.Flirt > s.Turn {
		return fmt.Errorf("Henry VIII: Anne Boleyn in turn %d, divorce %d, flirt %d, marker on %s", h.Boleyn, h.Divorce, h.Flirt, wifeNames[m])
	}
	if h.MaryDebate && (s.Phase != PhAction || s.Rel.Pending == nil) {
		return fmt.Errorf("a Theological Debate under Mary I waits for no book burning")
	}
	if h.Aragon && m < WifeBoleyn {
		return fmt.Errorf("the Hapsburg holds the Catherine of Aragon marker before Anne Boleyn")
	}
	return nil
}

// henryPatterns are the readers of this file's events and reasons (see
// i18nInit).
func henryPatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	convs["wife"] = convKey(wifeKeys)
	events = msg.Patterns{
		p("his.ev.henry_ask_divorce", "Henry VIII's marital status advances to Ask for Divorce (HIS-21.3c)."),
		p("his.ev.henry_marries", "Henry VIII marries {Wife:wife} (HIS-21.3c)."),
		p("his.ev.henry_aragon", "The Hapsburg receives the Catherine of Aragon marker: 2 CP off its next declaration of war on England (HIS-21.3f)."),
		p("his.ev.henry_reformation", "The Reformation comes to England next turn: three cards join the deck and Cranmer, Coverdale and Latimer enter (HIS-21.3g)."),
		p("his.ev.henry_cleves", "Anne of Cleves: England and the Protestant are allied and each draws a card from the deck (HIS-21.3g)."),
		p("his.ev.henry_howard", "Catherine Howard: England draws a card from the deck (HIS-21.3g)."),
		p("his.ev.henry_roll_plus", "Pregnancy Chart for {Wife:wife}: the die rolls {Die:int}, {X:int} with her +1 (HIS-21.3d)."),
		p("his.ev.henry_roll", "Pregnancy Chart for {Wife:wife}: the die rolls {Die:int} (HIS-21.3d)."),
		p("his.ev.henry_moved_up", "Result {X:int} has already occurred: result {Y:int} applies (HIS-21.3d)."),
		p("his.ev.henry_result1", pregnancyLines[1]),
		p("his.ev.henry_result2", pregnancyLines[2]),
		p("his.ev.henry_result3", pregnancyLines[3]),
		p("his.ev.henry_result4", pregnancyLines[4]),
		p("his.ev.henry_result5", pregnancyLines[5]),
		p("his.ev.henry_result6", pregnancyLines[6]),
		p("his.ev.henry_bonus_lost", "Henry VIII's bonus advance is lost: {Why:why}."),
		p("his.ev.henry_bonus", "England passes for the first time since Henry flirted with a young wife: the marital status advances one box (HIS-21.3e)."),
		p("his.ev.deck_empty", "The deck is empty: {Power:power} draws no card."),
		p("his.ev.draws_from_deck", "{Power:power} draws {Card} from the deck."),
		p("his.ev.six_wives_war", "England declares war on {Power:power} with Six Wives of Henry VIII and has {CP:int} CP to spend (HIS-21.3a)."),
		p("his.ev.joins_deck", "{Card} joins the deck (HIS-21.3g-h)."),
		p("his.ev.henry_dies", "Henry VIII dies."),
		p("his.ev.dudley_place", "Dudley takes Henry VIII's place in {Space}."),
		p("his.ev.dudley_enters", "Dudley enters in {Space}."),
		p("his.ev.english_ruler", "{Ruler} rules England (HIS-21.3h)."),
		p("his.ev.mary_as_edward", "Edward was born while Mary I was in play: the card counts as Edward VI (HIS-21.3i)."),
		p("his.ev.mary_discarded", "Mary I goes to the discard pile: Edward is sickly (HIS-21.3i)."),
		p("his.ev.mary_removed", "Mary I is removed from the game: Edward is healthy (HIS-21.3i)."),
		p("his.ev.aragon_used", "The Hapsburg uses the Catherine of Aragon marker: 2 CP off (HIS-21.3f)."),
		p("his.ev.divorce", "The Papacy grants Henry VIII's divorce and may not ally with the Hapsburg this turn (HIS-9.1b8)."),
		p("his.ev.mary_normal", "England shows {Card}; Mary I's die rolls {Die:int}: England plays it as it chose (HIS-21.3j)."),
		p("his.ev.mary_papacy", "England shows {Card}; Mary I's die rolls {Die:int}: the Papacy uses its {CP:int} CP in England and England's impulse ends (HIS-21.3j)."),
		p("his.ev.mary_dropped", "The Papacy took your card under Mary I: your orders from line {N:int} are dropped."),
		p("his.ev.mary_no_debate", "No theological debate in the English zone: {Why:why}."),
	}
	whys = msg.Patterns{
		p("his.why.henry_ruler", "Henry VIII no longer rules England (HIS-21.3e)"),
		p("his.why.henry_captured", "Henry VIII is captured (HIS-21.3e)"),
		p("his.why.henry_besieged", "Henry VIII is under siege in {Space} (HIS-21.3e)"),
		p("his.why.henry_heirs", "Edward and Elizabeth are both born: the marital status never advances again (HIS-21.3e)"),
		p("his.why.henry_parr", "Henry VIII is married to Catherine Parr, his last wife (HIS-21.3c)"),
		p("his.why.henry_turn2", "Henry VIII seeks a new wife from turn 2 (HIS-21.3b)"),
		p("his.why.six_wives_home", "Six Wives of Henry VIII is England's Home card"),
		p("his.why.six_wives_none", "{Why:why}, and England may declare war on neither France, the Hapsburg nor Scotland"),
		p("his.why.six_wives_target", "Six Wives of Henry VIII declares war on France, the Hapsburg or Scotland (HIS-21.3a)"),
		p("his.why.six_wives_syntax", `write "advance" (Henry's marital status) or "declare war on <France, Hapsburg or Scotland>" after "for event:"`),
		p("his.why.divorce_box", "Henry VIII's marital status is not in the Ask for Divorce box (HIS-9.1b8)"),
		p("his.why.divorce_ruler", "Henry VIII no longer rules England (HIS-9.1b8)"),
		p("his.why.divorce_allied", "the Papacy is allied with the Hapsburg and may not grant the divorce this turn (HIS-9.1b8)"),
		p("his.why.divorce_ally", "the Papacy granted Henry VIII's divorce this turn: no alliance with the Hapsburg (HIS-9.2b)"),
		p("his.why.divorce_papacy", "only the Papacy grants Henry VIII's divorce, to England (HIS-9.1b8)"),
		p("his.why.mary_cp_only", "while Mary I rules, England plays Response and Combat cards for CP only (HIS-21.3k)"),
	}
	return events, whys
}

// wifeKeys read the names of the marital status boxes.
var wifeKeys = func() map[string]string {
	m := map[string]string{}
	for _, n := range wifeNames {
		m[n] = "his.wife." + strings.ReplaceAll(strings.ToLower(n), " ", "_")
	}
	return m
}()

// allEnglishCatholic reports whether every English home space is
// Catholic (HIS-21.3k).
func (s *St) allEnglishCatholic() bool {
	for _, sp := range homeSpaces(England) {
		if s.Protestant(sp) {
			return false
		}
	}
	return true
}

// maryProcedure carries out England's card play while Mary I rules
// (HIS-21.3j-k): England shows the card; a Mandatory Event is played
// normally; otherwise a die decides: on 4-6 the card is played as
// England wrote it, on 1-3 the Papacy uses its CP in England (1-2 CP: Burn
// Books in the English zone; 3 CP: a Theological Debate there; 4 or more:
// both, the books first) and England's impulse ends. None of it while
// every English home space is Catholic. It reports whether the Papacy
// took the card.
func (r *run) maryProcedure(p int, o order) (bool, error) {
	s := r.s
	n := o.card
	c := &cards[n]
	if p != England || !s.rulerIs(England, "mary_i") || c.Type == CardMandatory {
		return false, nil
	}
	if o.forEvent && (c.Type == CardResponse || c.Type == CardCombat) {
		return false, errLegal(s.playChoices(p), "while Mary I rules, England plays Response and Combat cards for CP only (HIS-21.3k)")
	}
	if s.allEnglishCatholic() {
		return false, nil
	}
	if o.forEvent {
		// A play that would be refused is refused before the die.
		if err := s.eventPlayable(p, n); err != nil {
			return false, errLegal(s.playChoices(p), "%v", err)
		}
	}
	die := r.dice.Roll("Mary I", 6)
	if die >= 4 {
		r.say("England shows %s; Mary I's die rolls %d: England plays it as it chose (HIS-21.3j).", cardName(n), die)
		return false, nil
	}
	r.say("England shows %s; Mary I's die rolls %d: the Papacy uses its %d CP in England and England's impulse ends (HIS-21.3j).", cardName(n), die, c.CP)
	s.takeFromHand(p, n)
	if c.Type == CardHome {
		s.OnCard.set(n) // HIS-6.1c
	} else {
		s.discard(n)
	}
	s.Flow.Card, s.Flow.CP = n, 0
	s.Passes = 0
	r.maryStop = true
	switch {
	case c.CP <= 2:
		r.maryBurnBooks()
	case c.CP == 3:
		r.maryDebate()
	default:
		r.maryBurnBooks()
		if s.Rel.Pending != nil {
			s.Henry.MaryDebate = true // after the Papacy's targets
		} else {
			r.maryDebate()
		}
	}
	return true, nil
}

// maryBurnBooks: the Papacy's Burn Books in the English zone (HIS-18.1q),
// without a debater's bonus.
func (r *run) maryBurnBooks() {
	r.say("The Papacy burns books in the %s zone.", langNames[LangEnglish])
	r.startAttempts(Attempts{Power: Papacy, Counter: true, N: 2, Zones: 1 << LangEnglish, Debater: -1, Source: "book burning"})
}

// maryDebate: the Papacy's Theological Debate in the English zone
// (HIS-18.5), its defender drawn from the uncommitted pool first; none
// when the zone has no debate to hold.
func (r *run) maryDebate() {
	if err := r.s.canDebate(Papacy, LangEnglish); err != nil {
		r.say("No theological debate in the English zone: %v.", err)
		return
	}
	r.debate(Papacy, LangEnglish, false, -1, -1)
}

// wifeMsg is the name of marital status box b as a message.
func wifeMsg(b int) msg.M { return msg.New(wifeKeys[wifeNames[b]]) }

// henrySection shows Henry VIII's marital status, the Pregnancy Chart's
// results so far and the markers that wait (HIS-2b, HIS-21.3).
func (s *St) henrySection() adjudicator.Section {
	var b strings.Builder
	var lines []msg.M
	add := func(text string, m msg.M) {
		b.WriteString(wrap(text, 68))
		lines = append(lines, m)
	}
	add(fmt.Sprintf("Marital status: %s.", wifeNames[s.Tracks.Marital]), msg.New("his.view.marital", "Wife", wifeMsg(s.Tracks.Marital)))
	var names []string
	var items []msg.M
	for w, x := range s.Henry.Wife {
		if x != 0 {
			names = append(names, fmt.Sprintf("%s %d", wifeNames[w], x))
			items = append(items, msg.New("his.view.pregnancy_item", "Wife", wifeMsg(w), "N", int(x)))
		}
	}
	if len(names) > 0 {
		add("Pregnancy Chart: "+strings.Join(names, " · ")+".", msg.New("his.view.pregnancy", "List", items))
	}
	if s.Henry.Aragon {
		add("The Hapsburg holds the Catherine of Aragon marker (2 CP off its next declaration of war on England).", msg.New("his.view.aragon"))
	}
	if s.Henry.Flirt == s.Turn && s.Henry.Flirt != 0 {
		add("Henry flirts with a young wife: the marital status advances one box when England next passes.", msg.New("his.view.flirt"))
	}
	return adjudicator.Section{Title: "Henry VIII", Body: b.String(), TitleMsg: vm("his.section.henry"), Lines: lines}
}
