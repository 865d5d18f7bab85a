package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"

	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// More card events (HIS-6.1): the Renegade, fortresses, the assaults and
// the battle the cards give, cards taken from other hands, and the cards
// played outside the Action Phase. The player writes the choices after
// the colon:
//
//	play charles bourbon for event: milan
//	play trace italienne for event: pavia
//	play roxelana for event                       (the Ottoman: Suleiman assaults)
//	play roxelana for event: suleiman to istanbul (another power: 2 of its 4 CP)
//	play treachery for event: vienna
//	play sack of rome for event: hapsburg in naples
//	play lady jane grey for event                 (then: keep 12, give to papacy)
//	play maurice of saxony for event
//	play scots raid                               (France then: build 2 in edinburgh)
//
// Spring Preparations is a first line before a Spring Deployment,
// Diplomatic Marriage a line of a suit for peace, Copernicus and Michael
// Servetus an answer in the Victory Determination Phase, and Six Wives of
// Henry VIII's declaration on Scotland asks France whether it intervenes.
//
// Rulings where the seed is silent: docs/rulings/here-i-stand-events.md
// ("More events").

// moreState is what these events remember.
type moreState struct {
	// Renegade is 1 + the power the Renegade leader serves this turn
	// (#70 Charles Bourbon), 0 while he is off the map.
	Renegade uint8
	// Forts holds the spaces where Trace Italienne built a fortress
	// (HIS-2.1e): fortified for the rest of the game.
	Forts locSet
	// Treachery is 1 + the space of the assault Treachery! is making, 0
	// when none: the assault over, the defenders may yet fall.
	Treachery int16
	// Pair holds the two cards the power owing the choices of #59 Lady
	// Jane Grey or #95 Sack of Rome keeps one of (hidden from the others).
	Pair [2]uint8
	// Crowned is the turn England last changed ruler (#59 Lady Jane Grey).
	Crowned int
	// Maurice is set while Maurice of Saxony serves the Hapsburg (#60).
	Maurice bool
	// VictoryAsked holds the cards (bit 0 Copernicus, bit 1 Michael
	// Servetus) whose holder was asked in this Victory Determination Phase
	// (HIS-23.3e).
	VictoryAsked uint8
	// Spring is set while the power that played Spring Preparations
	// deploys (HIS-10i); never stored: it ends with the deployment.
	Spring bool
}

// moreWire is the stored form of moreState.
type moreWire struct {
	Renegade  string   `json:"renegade,omitempty"`
	Forts     []string `json:"fortresses,omitempty"`
	Treachery string   `json:"treachery,omitempty"`
	Pair      []int    `json:"cards_to_keep,omitempty"`
	Crowned   int      `json:"english_crown_turn,omitempty"`
	Maurice   bool     `json:"maurice_hapsburg,omitempty"`
	Asked     uint8    `json:"victory_cards_asked,omitempty"`
}

func (m moreState) wire() *moreWire {
	if m.Spring = false; m == (moreState{}) {
		return nil
	}
	w := &moreWire{Crowned: m.Crowned, Maurice: m.Maurice, Asked: m.VictoryAsked}
	for _, c := range m.Pair {
		if c > 0 {
			w.Pair = append(w.Pair, int(c))
		}
	}
	if m.Renegade > 0 {
		w.Renegade = powers[m.Renegade-1].ID
	}
	m.Forts.each(func(sp int) { w.Forts = append(w.Forts, spaces[sp].ID) })
	if m.Treachery > 0 {
		w.Treachery = spaces[m.Treachery-1].ID
	}
	return w
}

func (m *moreState) fromWire(w *moreWire) error {
	*m = moreState{}
	if w == nil {
		return nil
	}
	if w.Renegade != "" {
		p, ok := powerByID[w.Renegade]
		if !ok || p >= NMajor {
			return fmt.Errorf("here-i-stand state: the Renegade serves %q", w.Renegade)
		}
		m.Renegade = uint8(p + 1)
	}
	for _, id := range w.Forts {
		sp, ok := spaceByID[id]
		if !ok {
			return fmt.Errorf("here-i-stand state: fortress in %q", id)
		}
		m.Forts.set(sp)
	}
	if w.Treachery != "" {
		sp, ok := spaceByID[w.Treachery]
		if !ok {
			return fmt.Errorf("here-i-stand state: Treachery! in %q", w.Treachery)
		}
		m.Treachery = int16(sp + 1)
	}
	if len(w.Pair) > 2 {
		return fmt.Errorf("here-i-stand state: %d cards to keep from", len(w.Pair))
	}
	for i, c := range w.Pair {
		if c < 1 || c > NC {
			return fmt.Errorf("here-i-stand state: card %d to keep", c)
		}
		m.Pair[i] = uint8(c)
	}
	if w.Asked > 3 {
		return fmt.Errorf("here-i-stand state: victory cards asked %d", w.Asked)
	}
	m.Crowned, m.Maurice, m.VictoryAsked = w.Crowned, w.Maurice, w.Asked
	return nil
}

// spacesNamed names spaces for the examples of the events.
func spacesNamed(sps []int) []string {
	out := make([]string, 0, len(sps))
	for _, sp := range sps {
		out = append(out, spaces[sp].Name)
	}
	return out
}

// oneSpace reads the one space an event's choices name among those ok
// allows (pickSpaces for a single space).
func oneSpace(args string, ok []int, legal []string, notOK string) (int, error) {
	items := orders.SplitList(args)
	if len(items) != 1 {
		return -1, errLegal(legal, "name one space")
	}
	at, err := pickSpaces(items, func(sp int) bool { return containsInt(ok, sp) }, legal, notOK)
	if err != nil {
		return -1, err
	}
	return at[0], nil
}

// --- 70 Charles Bourbon ---------------------------------------------------

// renegade is the Renegade leader's index.
func renegade() int { return leaderByID["renegade"] }

// renegadePower is the power the Renegade serves, NoPower when none.
func (s *St) renegadePower() int {
	if s.More.Renegade == 0 {
		return NoPower
	}
	return int(s.More.Renegade) - 1
}

// bourbonSpots are the spaces where power p may bring the Renegade: a
// space it controls, not under siege and free of enemy units, and, at war
// with France, an unoccupied space next to Lyon (HIS-19.2).
func (s *St) bourbonSpots(p int) []int {
	var out []int
	lyon := spaceByID["lyon"]
	for sp := 0; sp < NS; sp++ {
		switch {
		case s.Controller(sp) == p && !s.UnderSiege(sp) && !s.enemyUnitsIn(sp, p):
		case p != France && s.AtWar(p, France) && s.unoccupied(sp) && adjacent(sp, lyon):
		default:
			continue
		}
		out = append(out, sp)
	}
	return out
}

func bourbonCan(s *St, p int) error {
	if err := s.militaryAllowed(p); err != nil {
		return err
	}
	if at := s.Leader[renegade()]; at >= 0 || at == LeaderCaptured {
		return fmt.Errorf("the Renegade leader is already in play")
	}
	if len(s.bourbonSpots(p)) == 0 {
		return fmt.Errorf("%s has no space where the Renegade may come", powers[p].Name)
	}
	return nil
}

// bourbonUnits are the units that come with the Renegade.
func bourbonUnits(p int) Force {
	if p == Ottoman {
		return Force{Cav: 3}
	}
	return Force{Merc: 3}
}

func (r *run) charlesBourbon(p int, args string) error {
	s := r.s
	spots := s.bourbonSpots(p)
	legal := spacesNamed(spots)
	sp, err := oneSpace(args, spots, legal, "%s is not a space "+powers[p].Name+" controls free of siege and of enemy units, nor an unoccupied space next to Lyon")
	if err != nil {
		return err
	}
	if s.Controller(sp) != p {
		s.takeControl(p, sp)
	}
	l := renegade()
	s.Leader[l], s.More.Renegade = int16(sp), uint8(p+1)
	got := s.placeNew(sp, p, bourbonUnits(p))
	if p == Ottoman {
		r.say("Charles Bourbon: the Renegade leader joins %s in %s with %d cavalry.", powers[p].Name, spaces[sp].Name, got.Cav)
	} else {
		r.say("Charles Bourbon: the Renegade leader joins %s in %s with %d mercenaries.", powers[p].Name, spaces[sp].Name, got.Merc)
	}
	return nil
}

// --- 104 Trace Italienne --------------------------------------------------

// traceSpots are the spaces where a fortress may be built: unfortified,
// free of units hostile to their controller.
func (s *St) traceSpots() []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		c := s.Controller(sp)
		if !s.fortified(sp) && c != NoPower && (c >= NPow || !s.enemyUnitsIn(sp, c)) {
			out = append(out, sp)
		}
	}
	return out
}

func (r *run) traceItalienne(args string) error {
	s := r.s
	spots := s.traceSpots()
	sp, err := oneSpace(args, spots, spacesNamed(spots[:min(len(spots), 3)]), "%s is not an unfortified space free of enemy units")
	if err != nil {
		return err
	}
	s.More.Forts.set(sp)
	r.say("Trace Italienne: a fortress is built in %s.", spaces[sp].Name)
	c := int(s.Ctrl[sp])
	if c >= Independent || s.InUnrest(sp) {
		return nil
	}
	if got := s.placeNew(sp, c, Force{Reg: 1}); got.Reg > 0 {
		r.say("Trace Italienne: %s adds 1 regular in %s.", powerName(c), spaces[sp].Name)
	}
	return nil
}

// --- 42 Roxelana ------------------------------------------------------------

func suleiman() int { return leaderByID["suleiman"] }

// roxelanaAssault is the assault Suleiman's formation may make with
// Roxelana: in the space he besieges, even when the siege began this
// impulse (HIS-15.1c).
func (s *St) roxelanaAssault() (Formation, error) {
	at := int(s.Leader[suleiman()])
	if at < 0 || at >= NS || !s.UnderSiege(at) || s.insideSide(at, Ottoman) {
		return Formation{}, fmt.Errorf("Suleiman is besieging no space")
	}
	f := s.assaultFormation(Ottoman, at)
	fresh := s.Warfare.NewSiege.has(at)
	s.Warfare.NewSiege.clear(at)
	err := s.CheckAssault(Ottoman, f)
	s.Warfare.NewSiege.put(at, fresh)
	return f, err
}

// roxelanaPlay makes Suleiman's assault: the siege counts as begun before
// this impulse (HIS-15.1c).
func (r *run) roxelanaPlay() error {
	f, err := r.s.roxelanaAssault()
	if err != nil {
		return errLegal(nil, "%v", err)
	}
	r.s.Warfare.NewSiege.clear(f.At)
	return r.freeAssault(Ottoman, f, "Roxelana")
}

// roxelanaHome reports whether Suleiman may be sent back to Istanbul.
func (s *St) roxelanaHome() bool {
	at, ist := int(s.Leader[suleiman()]), spaceByID["istanbul"]
	return at >= 0 && at < NS && at != ist && s.Controller(ist) == Ottoman && !s.enemyUnitsIn(ist, Ottoman)
}

func roxelanaExamples(s *St, p int) []string {
	if p == Ottoman {
		return []string{""}
	}
	if s.roxelanaHome() {
		return []string{"", "suleiman to istanbul"}
	}
	return []string{""}
}

func roxelanaCan(s *St, p int) error {
	if p != Ottoman {
		return nil
	}
	_, err := s.roxelanaAssault()
	return err
}

func (r *run) roxelana(p int, args string) error {
	s := r.s
	if p == Ottoman {
		if err := r.noChoices(args); err != nil {
			return err
		}
		return r.roxelanaPlay()
	}
	s.Flow.CP = 4
	if args == "" {
		r.say("Roxelana: %s has 4 CP to spend.", powers[p].Name)
		return nil
	}
	legal := roxelanaExamples(s, p)
	if text := choiceText(args, "send", "return"); text != "suleiman to istanbul" && text != "suleiman" && text != "istanbul" {
		return errLegal(legal, `write "suleiman to istanbul", or nothing`)
	}
	if !s.roxelanaHome() {
		return errLegal(legal, "Suleiman may not go back to Istanbul now")
	}
	s.Flow.CP = 2
	s.Leader[suleiman()] = int16(spaceByID["istanbul"])
	r.say("Roxelana: %s spends 2 CP to send Suleiman back to Istanbul and has 2 CP left.", powers[p].Name)
	return nil
}

// freeAssault makes the assault of formation f of power p that an event
// gives: no CP are spent.
func (r *run) freeAssault(p int, f Formation, card string) error {
	r.say("%s: %s assaults %s with %s.", card, powers[p].Name, spaces[f.At].Name, unitsText(f))
	return r.launchAssault(p, f)
}

// --- 105 Treachery! -----------------------------------------------------------

// besieger is the major power besieging sp (the first in power order with
// land units outside), NoPower when none.
func (s *St) besieger(sp int) int {
	if !s.UnderSiege(sp) {
		return NoPower
	}
	for q := 0; q < NMajor; q++ {
		if s.Units[sp][q].Land() > 0 && !s.insideSide(sp, q) {
			return q
		}
	}
	return NoPower
}

// treacherySpots are the besieged spaces with a major power besieging.
func (s *St) treacherySpots() []int {
	var out []int
	s.Warfare.Siege.each(func(sp int) {
		if s.besieger(sp) != NoPower {
			out = append(out, sp)
		}
	})
	return out
}

func (r *run) treachery(args string) error {
	s := r.s
	spots := s.treacherySpots()
	sp, err := oneSpace(args, spots, spacesNamed(spots), "%s is not under siege by a major power")
	if err != nil {
		return err
	}
	q := s.besieger(sp)
	s.More.Treachery = int16(sp + 1)
	return r.freeAssault(q, s.assaultFormation(q, sp), "Treachery!")
}

// treacheryAfter ends the assault Treachery! made on a.Space: if the
// space still stands and its besiegers still outnumber the units inside,
// the units inside are eliminated, their leaders captured and the space
// taken by the besieger.
func (r *run) treacheryAfter(a *Assault) {
	s := r.s
	if s.More.Treachery != int16(a.Space+1) {
		return
	}
	s.More.Treachery = 0
	sp, q := a.Space, a.Power
	if !s.UnderSiege(sp) || s.Besiegers(sp) <= s.Inside(sp) {
		return
	}
	f := Formation{At: sp, Parts: s.insideParts(sp)}
	for l, at := range s.Leader {
		if int(at) == sp && !leaders[l].Naval && s.hostile(q, leaderPower(s, l)) {
			f.Leaders = append(f.Leaders, l)
		}
	}
	r.say("Treachery!: the defenders of %s are betrayed: %s are eliminated.", spaces[sp].Name, unitsText(f))
	for _, pt := range f.Parts {
		_ = s.removeUnits(sp, pt.Power, pt.Force)
		s.fitCounters(sp, pt.Power)
	}
	for _, l := range f.Leaders {
		s.capture(l, q) // q is a major power: the leader goes to its card
		r.say("Treachery!: %s is captured by %s.", leaders[l].Name, powers[q].Name)
	}
	for x := 0; x < NPow; x++ {
		if u := s.Units[sp][x]; u.Naval() > 0 && s.hostile(q, x) {
			_ = s.removeUnits(sp, x, Force{Sq: u.Sq, Cor: u.Cor})
		}
	}
	s.Warfare.Siege.clear(sp)
	s.Warfare.NewSiege.clear(sp)
	s.takeControl(q, sp)
	r.say("Treachery!: %s takes %s.", powers[q].Name, spaces[sp].Name)
	r.log(s.displayArrivals(sp))
}

// --- Two cards, one kept (#59 Lady Jane Grey, #95 Sack of Rome) -----------

// offerPair has power q keep one of cards a and b, taken by card n's
// event: with b 0 it keeps a at once; with two it chooses (a DecChoice)
// and the other goes where the event sends it.
func (r *run) offerPair(n, q, a, b int) {
	s := r.s
	if b == 0 {
		s.giveCard(q, a)
		r.tell(q, "%s: %s keeps %s.", cards[n].Name, powers[q].Name, cardName(a))
		return
	}
	s.More.Pair = [2]uint8{uint8(a), uint8(b)}
	r.tell(q, "%s: %s takes %s and %s and keeps one of them.", cards[n].Name, powers[q].Name, cardName(a), cardName(b))
	r.askChoice(n, q)
}

// pairChoices are the answers to the choice offerPair asks.
func (s *St) pairChoices(d Decision) []string {
	var out []string
	for _, c := range s.More.Pair {
		line := fmt.Sprintf("keep %d", c)
		if s.Mand.Ask == cardJane {
			line += ", give to " + powers[janeReceivers(d.Power)[0]].ID
		}
		out = append(out, line)
	}
	return out
}

func (s *St) pairText(d Decision) string {
	if s.Mand.Ask == cardJane {
		return "Lady Jane Grey: keep one of the two cards and give the other to the Protestant or the Papacy."
	}
	return "Sack of Rome: keep one of the two Papal cards; the other is discarded."
}

// pairAnswer: the power keeps one card; the other goes to the receiver it
// names (Lady Jane Grey) or to the discard pile (Sack of Rome).
func (r *run) pairAnswer(d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	q, n := d.Power, s.Mand.Ask
	items := orders.SplitList(choiceText(l.Text))
	form := `write "keep <card>"`
	if n == cardJane {
		form = `write "keep <card>, give to <power>"`
	}
	if len(items) != 1+b2i(n == cardJane) {
		return nil, reject(l, errLegal(legal, "%s", form))
	}
	c, err := matchCard(choiceText(items[0], "keep"), s.More.Pair[:])
	if err != nil {
		return nil, reject(l, errLegal(legal, "keep one of the two cards taken"))
	}
	other := int(s.More.Pair[0])
	if other == c {
		other = int(s.More.Pair[1])
	}
	to := NoPower
	if n == cardJane {
		to, err = matchPower(choiceText(items[1], "give", "to"))
		if err != nil || !containsInt(janeReceivers(q), to) {
			return nil, reject(l, errLegal(legal, "give the other card to the Protestant or the Papacy"))
		}
	}
	s.choiceDone()
	s.More.Pair = [2]uint8{}
	s.giveCard(q, c)
	canon := fmt.Sprintf("keep %d", c)
	if n == cardSack {
		s.discard(other)
		r.say("Sack of Rome: %s keeps one card and discards %s.", powers[q].Name, cardName(other))
		return []string{canon}, nil
	}
	s.giveCard(to, other)
	r.say("Lady Jane Grey: %s keeps one card and gives the other to %s.", powers[q].Name, powers[to].Name)
	r.ev = append(r.ev, adjudicator.Event{To: []adjudicator.Role{roleOf(q), roleOf(to)},
		Text: fmt.Sprintf("The card given is %s.", cardName(other))})
	return []string{canon + ", give to " + powers[to].ID}, nil
}

// --- 59 Lady Jane Grey ------------------------------------------------------

const cardJane = 59

// janeReceivers are the powers power p may give the other card to.
func janeReceivers(p int) []int {
	var out []int
	for _, q := range []int{Protestant, Papacy} {
		if q != p {
			out = append(out, q)
		}
	}
	return out
}

func janeCan(s *St, p int) error {
	switch {
	case p == England:
		return fmt.Errorf("England may not play Lady Jane Grey as an event")
	case s.More.Crowned != s.Turn:
		return fmt.Errorf("England has not changed ruler this turn")
	case len(s.drawable(England)) == 0:
		return fmt.Errorf("England holds no card but its Home card")
	}
	return nil
}

func (r *run) ladyJaneGrey(p int, args string) error {
	s := r.s
	if err := r.noChoices(args); err != nil {
		return err
	}
	cs := s.drawable(England)
	a := cs[r.dice.Hidden("lady jane grey", len(cs))]
	s.takeFromHand(England, a)
	b := 0
	if k := len(s.Deck); k > 0 {
		b, s.Deck = int(s.Deck[k-1]), s.Deck[:k-1]
	}
	r.say("Lady Jane Grey: %s takes a card at random from the English hand and one from the deck.", powers[p].Name)
	r.ev = append(r.ev, adjudicator.Event{To: []adjudicator.Role{roleOf(p), roleOf(England)},
		Text: fmt.Sprintf("The card taken from England is %s.", cardName(a))})
	r.offerPair(cardJane, p, a, b)
	return nil
}

// --- 95 Sack of Rome (HIS-21.5i-k) ------------------------------------------

const cardSack = 95

// papalRegsInRome counts the Papal regulars in Rome.
func (s *St) papalRegsInRome() int { return int(s.Units[spaceByID["rome"]][Papacy].Reg) }

// sackers are the non-Papal major powers whose stack in sp, an
// Italian-speaking space, holds more mercenaries than the Papal regulars
// in Rome (HIS-21.5i).
func (s *St) sackers(sp int) []int {
	var out []int
	if spaces[sp].Lang != LangItalian || sp == spaceByID["rome"] {
		return nil
	}
	for q := 0; q < NMajor; q++ {
		if q != Papacy && int(s.Units[sp][q].Merc) > s.papalRegsInRome() {
			out = append(out, q)
		}
	}
	return out
}

func (s *St) sackExamples() []string {
	var out []string
	for sp := 0; sp < NS; sp++ {
		for _, q := range s.sackers(sp) {
			out = append(out, powers[q].ID+" in "+spaces[sp].Name)
		}
	}
	return out
}

// sackLosses spreads n hits on force f as evenly as possible between
// mercenaries and regulars, cavalry last (HIS-21.5j).
func sackLosses(f Force, n int) Force {
	var lost Force
	for i := 0; i < n; i++ {
		m, g := f.Merc-lost.Merc, f.Reg-lost.Reg
		switch {
		case m > 0 && (lost.Merc <= lost.Reg || g == 0):
			lost.Merc++
		case g > 0:
			lost.Reg++
		case f.Cav > lost.Cav:
			lost.Cav++
		}
	}
	return lost
}

// sackSides are the two sides of the Sack of Rome's battle: power q's
// land units in sp against the Papal regulars in Rome (its mercenaries
// are ignored, HIS-21.5j).
func (s *St) sackSides(q, sp int) (att, def []Part) {
	if f := s.Units[sp][q]; f.Land() > 0 {
		att = []Part{{q, Force{Reg: f.Reg, Merc: f.Merc, Cav: f.Cav}}}
	}
	if n := s.papalRegsInRome(); n > 0 {
		def = []Part{{Papacy, Force{Reg: uint8(n)}}}
	}
	return att, def
}

func (r *run) sackOfRome(args string) error {
	s := r.s
	legal := s.sackExamples()
	q, sp, err := s.powerInSpace(args, s.sackers)
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	if !containsInt(s.sackers(sp), q) {
		return errLegal(legal, "%s has no more mercenaries in %s than the Papal regulars in Rome", powerName(q), spaces[sp].Name)
	}
	r.say("Sack of Rome: the stack of %s in %s attacks the %d Papal regulars in Rome.", powers[q].Name, spaces[sp].Name, s.papalRegsInRome())
	s.Flow.Combat = &CombatWindow{Kind: CombatField, Where: sp, Att: q, Def: Papacy, Sack: true}
	r.sackBattle()
	return nil
}

// sackBattle asks the sacking power and then the Papacy for their Combat
// cards (combat.go; Landsknechts and Swiss Mercenaries for the sacker),
// or, once both have answered, fights the battle of the Sack of Rome
// (HIS-21.5j-k). The window in Flow.Combat holds the stack.
func (r *run) sackBattle() {
	s := r.s
	w := s.Flow.Combat
	if w == nil || !w.Sack {
		return
	}
	q, sp := w.Att, w.Where
	if r.combatWindow(CombatField, sp, q, Papacy, nil) {
		return // HIS-21.5j: the Combat cards first
	}
	mods := s.takeCombat(CombatField, sp)
	rome := spaceByID["rome"]
	f, ls := s.Units[sp][q], s.armyLeaders(q, sp)
	regs := s.papalRegsInRome()
	if f.Land() == 0 {
		// Mercenaries Bribed took the whole stack.
		r.say("Sack of Rome: %s has no land unit left in %s; there is no battle and the Papacy holds Rome (HIS-21.5k).", powers[q].Name, spaces[sp].Name)
		r.sackLeaders(q, sp, ls)
		return
	}
	att := f.Land() + bestBattle(ls) + mods.AttDice
	def := regs + 1 + bestBattle(s.armyLeaders(Papacy, rome)) + mods.DefDice
	res := rollCombat(att, def, mods, r.dice, "sack of rome", f.Land(), regs)
	r.log([]string{res.text(powers[q].Name, powers[Papacy].Name)})
	// HIS-21.5j (3): the losses; the stack never leaves its space.
	lost := sackLosses(f, min(res.DefHits, f.Land()))
	_ = s.removeUnits(sp, q, lost)
	s.fitCounters(sp, q)
	pap := s.Units[rome][Papacy]
	plost := Force{Reg: uint8(min(res.AttHits, int(pap.Reg)))}
	plost.Merc = uint8(min(res.AttHits-int(plost.Reg), int(pap.Merc)))
	_ = s.removeUnits(rome, Papacy, plost)
	s.fitCounters(rome, Papacy)
	r.say("Sack of Rome: %s loses %d land units, the Papacy %d.", powers[q].Name, lost.Land(), plost.Land())
	r.sackLeaders(q, sp, ls)
	r.log(s.recheckSiege(rome))
	if res.DefHits >= res.AttHits {
		r.say("Sack of Rome: the Papacy holds Rome; the card goes to the discard pile (HIS-21.5k).")
		return
	}
	// HIS-21.5k (6).
	cut := min(s.Tracks.StPetersCP, 5)
	s.Tracks.StPetersCP -= cut
	s.pullCard(cardSack)
	s.Removed.set(cardSack)
	r.say("Sack of Rome: Rome is sacked; St. Peter's loses %d CP and the card is removed from the game (HIS-21.5k).", cut)
	var got [2]int
	for i := range got {
		if cs := s.drawable(Papacy); len(cs) > 0 {
			got[i] = cs[r.dice.Hidden("sack of rome card", len(cs))]
			s.takeFromHand(Papacy, got[i])
		}
	}
	if got[0] == 0 {
		r.say("Sack of Rome: the Papacy holds no card to take.")
		return
	}
	if got[1] > 0 {
		r.say("Sack of Rome: %s takes 2 cards at random from the Papal hand.", powers[q].Name)
	} else {
		r.say("Sack of Rome: %s takes a card at random from the Papal hand.", powers[q].Name)
	}
	r.offerPair(cardSack, q, got[0], got[1])
}

// sackLeaders sends the leaders of power q's stack in sp, left without
// land units, to its nearest fortified space, and checks the siege of sp.
func (r *run) sackLeaders(q, sp int, ls []int) {
	s := r.s
	if s.Units[sp][q].Land() == 0 {
		for _, l := range ls {
			if to := s.NearestFortified(q, sp); to >= 0 {
				s.Leader[l] = int16(to)
			}
		}
	}
	r.log(s.recheckSiege(sp))
}

// --- 60 Maurice of Saxony ----------------------------------------------------

func maurice() int { return leaderByID["maurice_of_saxony"] }

// mauricePower is the power Maurice of Saxony serves.
func (s *St) mauricePower() int {
	if s.More.Maurice {
		return Hapsburg
	}
	return Protestant
}

func mauriceCan(s *St, p int) error {
	at := s.Leader[maurice()]
	switch {
	case p != Hapsburg && p != Protestant:
		return fmt.Errorf("only the Hapsburg and the Protestant play Maurice of Saxony as an event")
	case at < 0 && at != LeaderCaptured:
		return fmt.Errorf("Maurice of Saxony is not in play")
	case s.mauricePower() == p:
		return fmt.Errorf("Maurice of Saxony already serves %s", powers[p].Name)
	}
	return s.militaryAllowed(p)
}

// nearestWhere is the nearest space to from (not from itself) that ok
// allows, by land connections, ties by map order; -1 if none.
func nearestWhere(from int, ok func(sp int) bool) int {
	dist := make([]int, NS)
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	queue, best := []int{from}, -1
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if best >= 0 && dist[x] > dist[best] {
			break
		}
		if x != from && ok(x) && (best < 0 || x < best) {
			best = x
		}
		for _, e := range spaces[x].Nbr {
			if dist[e.To] < 0 {
				dist[e.To] = dist[x] + 1
				queue = append(queue, int(e.To))
			}
		}
	}
	return best
}

// mauriceOfSaxony: Maurice changes sides to power p with the mercenaries
// of his stack and goes to the nearest unoccupied space friendly to p; a
// captured Maurice goes free to a fortified space p controls.
func (r *run) mauriceOfSaxony(p int, args string) error {
	s := r.s
	if err := r.noChoices(args); err != nil {
		return err
	}
	l, old := maurice(), s.mauricePower()
	at := int(s.Leader[l])
	s.More.Maurice = p == Hapsburg
	if at < 0 {
		s.Captor[l] = NoPower
		s.Leader[l] = LeaderOff
		for sp := 0; sp < NS; sp++ {
			if s.fortified(sp) && s.Controller(sp) == p && !s.enemyUnitsIn(sp, p) {
				s.Leader[l] = int16(sp)
				r.say("Maurice of Saxony changes sides: freed, he joins %s in %s.", powers[p].Name, spaces[sp].Name)
				return nil
			}
		}
		r.say("Maurice of Saxony changes sides: freed, he finds no fortified space of %s and stays off the map.", powers[p].Name)
		return nil
	}
	to := nearestWhere(at, func(sp int) bool { return s.unoccupied(sp) && s.Friendly(sp, p) })
	if to < 0 {
		s.Leader[l] = LeaderOff
		r.say("Maurice of Saxony changes sides to %s but finds no unoccupied friendly space and leaves the map.", powers[p].Name)
		return nil
	}
	m := s.Units[at][old].Merc
	_ = s.removeUnits(at, old, Force{Merc: m})
	s.fitCounters(at, old)
	s.Leader[l] = int16(to)
	got := s.placeNew(to, p, Force{Merc: m})
	r.say("Maurice of Saxony changes sides to %s and goes to %s with %d mercenaries.", powers[p].Name, spaces[to].Name, got.Merc)
	r.log(s.recheckSiege(at))
	return nil
}

// --- 102 Spring Preparations (HIS-10i) --------------------------------------

const cardSpring = 102

// firstPlayLine is the first of lines when it plays a card: the cards
// played at the start of a Spring Deployment answer.
func firstPlayLine(lines []adjudicator.Line) (adjudicator.Line, bool) {
	if len(lines) == 0 {
		return adjudicator.Line{}, false
	}
	v, _ := orders.Verb(choiceText(lines[0].Text))
	return lines[0], v == "play"
}

// springPreparations reads a first line playing Spring Preparations before
// power p's deployment: the card gives 1 regular in its capital (in each
// for the Hapsburg) and waives the restrictions marked (*) for the
// deployment (passes, more than 5 land units by sea, other powers' ships
// in the ports, HIS-10f-h). It returns the lines left ("no deployment"
// when the card is played alone) and the canonical play line.
func (r *run) springPreparations(p int, lines []adjudicator.Line, legal []string) ([]adjudicator.Line, []string, *adjudicator.Rejection) {
	s := r.s
	l, ok := firstPlayLine(lines)
	if !ok {
		return lines, nil, nil
	}
	legal = append([]string{order{verb: "play", card: cardSpring, forEvent: true}.canonical(p)}, legal...)
	o, err := parseOrder(p, l.Text, s.Hands[p])
	switch {
	case !containsCard(s.Hands[p], cardSpring):
		return nil, nil, reject(l, errLegal(legal[1:], "%s does not hold Spring Preparations", powers[p].Name))
	case err != nil || o.card != cardSpring:
		return nil, nil, reject(l, errLegal(legal, "only Spring Preparations is played in the Spring Deployment Phase"))
	case p == Protestant:
		return nil, nil, reject(l, errLegal(legal[1:], "the Protestant does not play Spring Preparations"))
	case len(s.springCapitals(p)) == 0:
		return nil, nil, reject(l, errLegal(legal[1:], "%s holds no capital to deploy from", powers[p].Name))
	case s.playedAsEvent(cardSpring):
		return nil, nil, reject(l, errLegal(legal[1:], "Spring Preparations was already played as an event this turn (HIS-11d)"))
	}
	s.takeFromHand(p, cardSpring)
	s.discard(cardSpring)
	s.Mand.Played[p].set(cardSpring)
	s.More.Spring = true
	r.say("%s plays %s as an event.", powers[p].Name, cardName(cardSpring))
	for _, c := range powers[p].Capitals {
		if s.Controller(c) == p && s.placeNew(c, p, Force{Reg: 1}).Reg > 0 {
			r.say("Spring Preparations: %s adds 1 regular in %s.", powers[p].Name, spaces[c].Name)
		}
	}
	if len(lines) == 1 {
		return []adjudicator.Line{{No: l.No, Text: "no deployment"}}, []string{legal[0]}, nil
	}
	return lines[1:], []string{legal[0]}, nil
}

// --- 73 Diplomatic Marriage in a suit for peace (HIS-9.3j) -------------------

const cardMarriage = 73

// marriageSuit checks the line of loser p's suit playing Diplomatic
// Marriage.
func (s *St) marriageSuit(p int, line string) error {
	o, err := parseOrder(p, line, s.Hands[p])
	switch {
	case !containsCard(s.Hands[p], cardMarriage):
		return fmt.Errorf("%s does not hold Diplomatic Marriage", powers[p].Name)
	case err != nil || o.card != cardMarriage:
		return fmt.Errorf("only Diplomatic Marriage is played in a suit for peace (HIS-9.3j)")
	case p == Ottoman || p == Protestant:
		return fmt.Errorf("the Ottoman and the Protestant do not play Diplomatic Marriage")
	case s.playedAsEvent(cardMarriage):
		return fmt.Errorf("Diplomatic Marriage was already played as an event this turn (HIS-11d)")
	}
	return nil
}

// marriagePeace: with Diplomatic Marriage the loser p recovers from the
// winner w all its home spaces and captured army leaders, giving neither
// VP nor cards (HIS-9.3j); the winner keeps its War Winner VP.
func (r *run) marriagePeace(p, w int) {
	s := r.s
	s.takeFromHand(p, cardMarriage)
	s.discard(cardMarriage)
	s.Mand.Played[p].set(cardMarriage)
	r.say("%s plays Diplomatic Marriage: it recovers its home spaces and leaders from %s for nothing (HIS-9.3j).", powers[p].Name, powers[w].Name)
	for _, sp := range append(s.homeHeldBy(p, w, true), s.homeHeldBy(p, w, false)...) {
		s.takeControl(p, sp)
		r.log(s.moveOut(w, sp))
		r.log(s.recheckSiege(sp))
		r.say("%s regains %s (Diplomatic Marriage).", powers[p].Name, spaces[sp].Name)
	}
	for _, l := range s.capturedBy(p, w) {
		at := s.placeLeaderHome(p, l)
		r.say("%s recovers %s, who goes to %s (Diplomatic Marriage).", powers[p].Name, leaders[l].Name, at)
	}
}

// --- 3 Six Wives of Henry VIII on Scotland (HIS-21.3a, HIS-22.2b) -----------

// scotlandIntervention: after England's declaration of war on q with Six
// Wives of Henry VIII, France may intervene for Scotland without a card
// (a DecChoice) when it may activate it.
func (r *run) scotlandIntervention(q int) {
	s := r.s
	if q == Scotland && s.MayActivate(Scotland, France) == nil && !s.Allied(France, England) {
		r.say("France may intervene for Scotland without a card (HIS-22.2b).")
		r.askChoice(cardSixWives, France)
	}
}

const scotsText = "Six Wives of Henry VIII: England declared war on Scotland. Write intervene (Scotland becomes your ally, at no cost) or no."

func (r *run) scotsAnswer(d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	switch choiceText(l.Text) {
	case "intervene", "yes":
		log, err := s.ActivateMinor(Scotland, France)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		s.choiceDone()
		r.say("France intervenes for Scotland (HIS-22.2b).")
		r.log(log)
		return []string{"intervene"}, nil
	case "no", "decline", "done", "pass":
		s.choiceDone()
		r.say("France does not intervene for Scotland.")
		return []string{"no"}, nil
	}
	return nil, reject(l, errLegal(legal, `write "intervene" or "no"`))
}

// --- 47 Copernicus, 51 Michael Servetus in the Victory Determination Phase ---

// victoryCardList are the cards that may be played in the Victory
// Determination Phase (HIS-23.3e), in the order their holders are asked.
var victoryCardList = []int{47, 51}

// victoryGain is the VP card c gives power h.
func (s *St) victoryGain(h, c int) int {
	if c == 47 && s.protestantHomeShare(h) {
		return 2
	}
	return 1
}

// victoryCards asks, before the VP of the turn settle a victory, the
// holder of Copernicus or Michael Servetus whose VP would keep another
// power from winning (HIS-23.3e); each card is asked about once a phase.
// It reports whether the phase waits for the answer.
func (r *run) victoryCards(now [NMajor]int) bool {
	s := r.s
	mask, _ := s.victoryOutcome(now)
	if mask == 0 {
		return false
	}
	for i, c := range victoryCardList {
		if s.More.VictoryAsked&(1<<i) != 0 || s.playedAsEvent(c) {
			continue
		}
		for h := 0; h < NMajor; h++ {
			if !containsCard(s.Hands[h], c) {
				continue
			}
			next := now
			next[h] += s.victoryGain(h, c)
			after, _ := s.victoryOutcome(next)
			if mask&^after&^(1<<h) == 0 {
				continue // nobody else loses a victory
			}
			s.More.VictoryAsked |= 1 << i
			r.say("The Victory Determination Phase waits for a card that may change its result (HIS-23.3e).")
			r.askChoice(c, h)
			return true
		}
	}
	return false
}

func (s *St) victoryChoices(d Decision) []string {
	c := s.Mand.Ask
	if c == 47 && !s.protestantHomeShare(d.Power) {
		return []string{"play: draw", "play: discard", "no"}
	}
	return []string{"play", "no"}
}

func (s *St) victoryText(d Decision) string {
	return fmt.Sprintf("Victory Determination: playing %s now keeps another power from winning (HIS-23.3e). Write play or no.", cardName(s.Mand.Ask))
}

// victoryAnswer: the holder plays the card as its event, or not.
func (r *run) victoryAnswer(d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	h, c := d.Power, s.Mand.Ask
	verb, args, _ := strings.Cut(choiceText(l.Text), ":")
	verb, args = strings.TrimSpace(verb), strings.TrimSpace(args)
	switch {
	case verb == "no" || verb == "pass" || verb == "done":
		s.choiceDone()
		r.tell(h, "%s keeps %s.", powers[h].Name, cardName(c))
		return []string{"no"}, nil
	case verb != "play" && !strings.HasPrefix(verb, "play "):
		return nil, reject(l, errLegal(legal, `write "play" or "no"`))
	case c == 47 && !s.protestantHomeShare(h) && args != "draw" && args != "discard":
		return nil, reject(l, errLegal(legal, "choose draw (a card for you) or discard (a card at random from the Protestant hand)"))
	case c == 51 && args != "":
		return nil, reject(l, errLegal(legal, "this event takes no choices"))
	}
	s.choiceDone()
	s.takeFromHand(h, c)
	s.Removed.set(c)
	s.Mand.Played[h].set(c)
	r.say("%s plays %s as an event in the Victory Determination Phase (HIS-23.3e).", powers[h].Name, cardName(c))
	if c == 51 {
		r.servetus(h)
		return []string{"play"}, nil
	}
	if err := r.copernicus(h, args); err != nil {
		return nil, reject(l, err)
	}
	if args != "" {
		return []string{"play: " + args}, nil
	}
	return []string{"play"}, nil
}

// --- 97 Scots Raid (Mandatory Event) ----------------------------------------

const (
	cardScotsRaid = 97
	scotsRaidCP   = 6
)

const scotsRaidText = "Scots Raid: spend up to 6 CP on new Scottish regulars in Scottish home spaces (\"build 2 regulars in edinburgh, 1 in glasgow\"), or write none."

// scotsRaidSpots are the spaces where France may build with Scots Raid.
func (s *St) scotsRaidSpots() []int {
	var out []int
	for _, sp := range homeSpaces(Scotland) {
		if s.CanBuild(France, sp, ActRaiseRegular) == nil {
			out = append(out, sp)
		}
	}
	return out
}

// scotsRaid: with Scotland allied to France, Stirling passes to French
// control and France spends up to 6 CP on builds in Scotland (a
// DecChoice); the player then spends the card's 2 CP.
func (r *run) scotsRaid() {
	s := r.s
	if s.minorAlly(Scotland) != France {
		r.say("Scots Raid: Scotland is not allied to France; the card gives its 2 CP only.")
		return
	}
	st := spaceByID["stirling"]
	if s.Controller(st) != France && !s.enemyUnitsIn(st, France) {
		s.takeControl(France, st)
		r.say("Scots Raid: Stirling passes to French control.")
	}
	if len(s.scotsRaidSpots()) > 0 {
		r.askChoice(cardScotsRaid, France)
	}
}

func (s *St) scotsRaidChoices(d Decision) []string {
	out := []string{"none"}
	if spots := s.scotsRaidSpots(); len(spots) > 0 {
		out = append([]string{"build 1 in " + spaces[spots[0]].Name}, out...)
	}
	return out
}

// scotsRaidAnswer: France's builds, "3 in edinburgh" items; each regular
// costs what France pays for one (HIS-17), 6 CP in all.
func (r *run) scotsRaidAnswer(d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	text := choiceText(l.Text, "build")
	if text == "none" || text == "no" || text == "done" {
		s.choiceDone()
		r.say("Scots Raid: France builds nothing.")
		return []string{"none"}, nil
	}
	cost := ActionCost(France, ActRaiseRegular)
	c := s.clone()
	var canon []string
	spent := 0
	for _, item := range orders.SplitList(text) {
		var words []string
		for _, w := range strings.Fields(item) {
			if w != "regular" && w != "regulars" {
				words = append(words, w)
			}
		}
		n, sp, err := countIn(strings.Join(words, " "))
		if err == nil && n < 1 {
			err = fmt.Errorf("build at least 1 regular")
		}
		if spent += n * cost; err == nil && spent > scotsRaidCP {
			err = fmt.Errorf("the regulars cost %d CP and Scots Raid gives 6", spent)
		}
		for i := 0; i < n && err == nil; i++ {
			if err = c.CanBuild(France, sp, ActRaiseRegular); err == nil && sp >= 0 && !containsInt(homeSpaces(Scotland), sp) {
				err = fmt.Errorf("%s is not a Scottish home space", spaces[sp].Name)
			}
			if err == nil {
				c.addUnits(sp, Scotland, Force{Reg: 1})
			}
		}
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		canon = append(canon, fmt.Sprintf("%d in %s", n, spaces[sp].Name))
	}
	*s = *c
	s.choiceDone()
	r.say("Scots Raid: France builds Scottish regulars: %s.", strings.Join(canon, ", "))
	return []string{"build " + strings.Join(canon, ", ")}, nil
}

func init() {
	registerEvent(70, cardEvent{
		can:  bourbonCan,
		play: func(r *run, p int, args string) error { return r.charlesBourbon(p, args) },
		examples: func(s *St, p int) []string {
			spots := s.bourbonSpots(p)
			return spacesNamed(spots[:min(len(spots), 2)])
		},
	})
	registerEvent(104, cardEvent{
		can: func(s *St, p int) error {
			if len(s.traceSpots()) == 0 {
				return fmt.Errorf("no unfortified space may take a fortress")
			}
			return nil
		},
		play: func(r *run, p int, args string) error { return r.traceItalienne(args) },
		examples: func(s *St, p int) []string {
			var out []string
			for _, sp := range s.traceSpots() {
				if s.Controller(sp) == p {
					out = append(out, spaces[sp].Name)
					break
				}
			}
			return out
		},
	})
	registerEvent(42, cardEvent{
		can:      roxelanaCan,
		play:     func(r *run, p int, args string) error { return r.roxelana(p, args) },
		examples: roxelanaExamples,
	})
	registerEvent(105, cardEvent{
		can: func(s *St, p int) error {
			if len(s.treacherySpots()) == 0 {
				return fmt.Errorf("no space is under siege by a major power")
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.treachery(args) },
		examples: func(s *St, p int) []string { return spacesNamed(s.treacherySpots()) },
	})
	registerEvent(cardScotsRaid, cardEvent{play: func(r *run, p int, args string) error {
		if err := r.noChoices(args); err != nil {
			return err
		}
		r.scotsRaid()
		return nil
	}})
	choiceHooks[cardScotsRaid] = &choiceHook{
		choices: (*St).scotsRaidChoices,
		text:    func(s *St, d Decision) string { return scotsRaidText },
		answer:  (*run).scotsRaidAnswer,
	}
	registerEvent(cardSpring, cardEvent{can: func(s *St, p int) error {
		return fmt.Errorf("Spring Preparations is played as an event in the Spring Deployment Phase only, before the deployment")
	}})
	registerEvent(60, cardEvent{can: mauriceCan, play: func(r *run, p int, args string) error { return r.mauriceOfSaxony(p, args) }})
	registerEvent(cardJane, cardEvent{can: janeCan, play: func(r *run, p int, args string) error { return r.ladyJaneGrey(p, args) }})
	registerEvent(cardSack, cardEvent{
		can: func(s *St, p int) error {
			if len(s.sackExamples()) == 0 {
				return fmt.Errorf("no stack in an Italian-speaking space has more mercenaries than the Papal regulars in Rome")
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.sackOfRome(args) },
		examples: func(s *St, p int) []string { return s.sackExamples() },
	})
	choiceHooks[cardSixWives] = &choiceHook{
		choices: func(s *St, d Decision) []string { return []string{"intervene", "no"} },
		text:    func(s *St, d Decision) string { return scotsText },
		answer:  (*run).scotsAnswer,
	}
	for _, n := range victoryCardList {
		choiceHooks[n] = &choiceHook{choices: (*St).victoryChoices, text: (*St).victoryText, answer: (*run).victoryAnswer}
	}
	for _, n := range []int{cardJane, cardSack} {
		choiceHooks[n] = &choiceHook{choices: (*St).pairChoices, text: (*St).pairText, answer: (*run).pairAnswer}
	}
}

// morePrompts are the readers of this file's prompts.
func morePrompts(p func(key, english string) *msg.Pattern) msg.Patterns {
	return msg.Patterns{
		p("his.prompt.more.jane", "Lady Jane Grey: keep one of the two cards and give the other to the Protestant or the Papacy."),
		p("his.prompt.more.scots", scotsText),
		p("his.prompt.more.scots_raid", scotsRaidText),
		p("his.prompt.more.victory", "Victory Determination: playing {Card} now keeps another power from winning (HIS-23.3e). Write play or no."),
		p("his.prompt.more.sack", "Sack of Rome: keep one of the two Papal cards; the other is discarded."),
	}
}

// morePatterns are the readers of this file's texts (see mandPatterns).
func morePatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	events = msg.Patterns{
		p("his.ev.more.bourbon", "Charles Bourbon: the Renegade leader joins {Power:power} in {Space} with {N:int} mercenaries."),
		p("his.ev.more.bourbon_cav", "Charles Bourbon: the Renegade leader joins {Power:power} in {Space} with {N:int} cavalry."),
		p("his.ev.more.fortress", "Trace Italienne: a fortress is built in {Space}."),
		p("his.ev.more.fortress_reg", "Trace Italienne: {Power:power} adds 1 regular in {Space}."),
		p("his.ev.more.roxelana_cp", "Roxelana: {Power:power} has 4 CP to spend."),
		p("his.ev.more.roxelana_home", "Roxelana: {Power:power} spends 2 CP to send Suleiman back to Istanbul and has 2 CP left."),
		p("his.ev.more.assault", "{Card}: {Power:power} assaults {Space} with {Units}."),
		p("his.ev.more.betrayed", "Treachery!: the defenders of {Space} are betrayed: {Units} are eliminated."),
		p("his.ev.more.takes", "Treachery!: {Power:power} takes {Space}."),
		p("his.ev.more.captured", "Treachery!: {Name} is captured by {Power:power}."),
	}
	events = append(events,
		p("his.ev.more.pair_keeps", "{Card}: {Power:power} keeps {Kept}."),
		p("his.ev.more.pair_takes", "{Card}: {Power:power} takes {A} and {B} and keeps one of them."),
		p("his.ev.more.jane", "Lady Jane Grey: {Power:power} takes a card at random from the English hand and one from the deck."),
		p("his.ev.more.jane_taken", "The card taken from England is {Kept}."),
		p("his.ev.more.jane_gives", "Lady Jane Grey: {Power:power} keeps one card and gives the other to {To:power}."),
		p("his.ev.more.sack", "Sack of Rome: the stack of {Power:power} in {Space} attacks the {N:int} Papal regulars in Rome."),
		p("his.ev.more.sack_losses", "Sack of Rome: {Power:power} loses {N:int} land units, the Papacy {M:int}."),
		p("his.ev.more.sack_no_battle", "Sack of Rome: {Power:power} has no land unit left in {Space}; there is no battle and the Papacy holds Rome (HIS-21.5k)."),
		p("his.ev.more.sack_held", "Sack of Rome: the Papacy holds Rome; the card goes to the discard pile (HIS-21.5k)."),
		p("his.ev.more.sacked", "Sack of Rome: Rome is sacked; St. Peter's loses {N:int} CP and the card is removed from the game (HIS-21.5k)."),
		p("his.ev.more.sack_none", "Sack of Rome: the Papacy holds no card to take."),
		p("his.ev.more.sack_takes", "Sack of Rome: {Power:power} takes {N:int} cards at random from the Papal hand."),
		p("his.ev.more.sack_takes_one", "Sack of Rome: {Power:power} takes a card at random from the Papal hand."),
		p("his.ev.more.sack_keeps", "Sack of Rome: {Power:power} keeps one card and discards {Kept}."),
	)
	events = append(events,
		p("his.ev.more.maurice_freed", "Maurice of Saxony changes sides: freed, he joins {Power:power} in {Space}."),
		p("his.ev.more.maurice_freed_off", "Maurice of Saxony changes sides: freed, he finds no fortified space of {Power:power} and stays off the map."),
		p("his.ev.more.maurice_off", "Maurice of Saxony changes sides to {Power:power} but finds no unoccupied friendly space and leaves the map."),
		p("his.ev.more.maurice", "Maurice of Saxony changes sides to {Power:power} and goes to {Space} with {N:int} mercenaries."),
	)
	events = append(events,
		p("his.ev.more.raid_none", "Scots Raid: Scotland is not allied to France; the card gives its 2 CP only."),
		p("his.ev.more.raid_stirling", "Scots Raid: Stirling passes to French control."),
		p("his.ev.more.raid_nothing", "Scots Raid: France builds nothing."),
		p("his.ev.more.raid_builds", "Scots Raid: France builds Scottish regulars: {Where}."),
		p("his.ev.more.victory_wait", "The Victory Determination Phase waits for a card that may change its result (HIS-23.3e)."),
		p("his.ev.more.victory_keeps", "{Power:power} keeps {Card}."),
		p("his.ev.more.victory_play", "{Power:power} plays {Card} as an event in the Victory Determination Phase (HIS-23.3e)."),
		p("his.ev.more.scots_may", "France may intervene for Scotland without a card (HIS-22.2b)."),
		p("his.ev.more.scots_yes", "France intervenes for Scotland (HIS-22.2b)."),
		p("his.ev.more.scots_no", "France does not intervene for Scotland."),
		p("his.ev.more.spring", "Spring Preparations: {Power:power} adds 1 regular in {Space}."),
	)
	events = append(events,
		p("his.ev.more.marriage", "{Power:power} plays Diplomatic Marriage: it recovers its home spaces and leaders from {From:power} for nothing (HIS-9.3j)."),
		p("his.ev.more.marriage_regains", "{Power:power} regains {Space} (Diplomatic Marriage)."),
		p("his.ev.more.marriage_leader", "{Power:power} recovers {Name}, who goes to {Space} (Diplomatic Marriage)."),
	)
	whys = msg.Patterns{
		p("his.why.more.marriage_hand", "{Power:power} does not hold Diplomatic Marriage"),
		p("his.why.more.marriage_only", "only Diplomatic Marriage is played in a suit for peace (HIS-9.3j)"),
		p("his.why.more.marriage_who", "the Ottoman and the Protestant do not play Diplomatic Marriage"),
		p("his.why.more.marriage_once", "Diplomatic Marriage was already played as an event this turn (HIS-11d)"),
		p("his.why.more.marriage_lines", "with Diplomatic Marriage everything is recovered without regain and recover lines (HIS-9.3j)"),
		p("his.why.more.scots", `write "intervene" or "no"`),
		p("his.why.more.victory", `write "play" or "no"`),
		p("his.why.more.raid_cost", "the regulars cost {N:int} CP and Scots Raid gives 6"),
		p("his.why.more.raid_home", "{Space} is not a Scottish home space"),
		p("his.why.more.spring_phase", "Spring Preparations is played as an event in the Spring Deployment Phase only, before the deployment"),
		p("his.why.more.spring_hand", "{Power:power} does not hold Spring Preparations"),
		p("his.why.more.spring_only", "only Spring Preparations is played in the Spring Deployment Phase"),
		p("his.why.more.spring_protestant", "the Protestant does not play Spring Preparations"),
		p("his.why.more.spring_capital", "{Power:power} holds no capital to deploy from"),
		p("his.why.more.spring_once", "Spring Preparations was already played as an event this turn (HIS-11d)"),
		p("his.why.more.maurice_who", "only the Hapsburg and the Protestant play Maurice of Saxony as an event"),
		p("his.why.more.maurice_out", "Maurice of Saxony is not in play"),
		p("his.why.more.maurice_serves", "Maurice of Saxony already serves {Power:power}"),
		p("his.why.more.keep", `write "keep <card>"`),
		p("his.why.more.keep_give", `write "keep <card>, give to <power>"`),
		p("his.why.more.keep_which", "keep one of the two cards taken"),
		p("his.why.more.give", "give the other card to the Protestant or the Papacy"),
		p("his.why.more.jane_england", "England may not play Lady Jane Grey as an event"),
		p("his.why.more.jane_crown", "England has not changed ruler this turn"),
		p("his.why.more.jane_hand", "England holds no card but its Home card"),
		p("his.why.more.sack_none", "no stack in an Italian-speaking space has more mercenaries than the Papal regulars in Rome"),
		p("his.why.more.sack_spot", "{Power:power} has no more mercenaries in {Space} than the Papal regulars in Rome"),
		p("his.why.more.one_space", "name one space"),
		p("his.why.more.renegade_in", "the Renegade leader is already in play"),
		p("his.why.more.bourbon_none", "{Power:power} has no space where the Renegade may come"),
		p("his.why.more.bourbon_spot", "{Space} is not a space {Power:power} controls free of siege and of enemy units, nor an unoccupied space next to Lyon"),
		p("his.why.more.trace_none", "no unfortified space may take a fortress"),
		p("his.why.more.trace_spot", "{Space} is not an unfortified space free of enemy units"),
		p("his.why.more.suleiman", "Suleiman is besieging no space"),
		p("his.why.more.roxelana_form", `write "suleiman to istanbul", or nothing`),
		p("his.why.more.roxelana_home", "Suleiman may not go back to Istanbul now"),
		p("his.why.more.treachery_none", "no space is under siege by a major power"),
		p("his.why.more.treachery_spot", "{Space} is not under siege by a major power"),
	}
	return
}
