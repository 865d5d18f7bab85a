package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The last card events (HIS-6.1): the raids of the Akinji and of the
// Knights of St. John, Venetian Informant in the Spring Deployment, and
// the optional Colonial Governor/Native Uprising, Thomas More and Rough
// Wooing. The player writes the choices after the colon:
//
//	play akinji raiders for event: hapsburg       (the power raided)
//	play knights of st. john for event            (the Knights raid the Ottoman hand)
//	play knights of st. john for event: malta     (off the map: the Knights come to Malta)
//	play venetian informant for event: france     (first line of a Spring Deployment)
//	play venetian informant for event: france for england
//	play rough wooing for event
//	play colonial governor for event: hapsburg    (optional #111; or: uprising on france)
//	play thomas more for event                    (England or the Protestant: More is executed)
//	play thomas more for event: english           (another power: the Papacy debates there)
//
// Rulings where the seed is silent: docs/rulings/here-i-stand-events.md
// ("The last events").

const (
	cardAkinji    = 66
	cardKnights   = 86
	cardInformant = 109
	cardGovernor  = 111
	cardMore      = 112
	cardWooing    = 116
)

// handToStPeters discards a card drawn at random from power from's hand
// (Home cards excluded) on the hidden stream named stream, for its CP to
// go toward St. Peter's; it returns the card, or 0 when there is none.
// The caller tells the card and then calls stPeters.
func (r *run) handToStPeters(from int, stream string) int {
	s := r.s
	cs := s.drawable(from)
	if len(cs) == 0 {
		return 0
	}
	n := cs[r.dice.Hidden(stream, len(cs))]
	s.takeFromHand(from, n)
	s.discard(n)
	return n
}

// --- 66 Akinji Raiders ----------------------------------------------------

// akinjiReach reports whether Ottoman cavalry stands within 2 spaces of a
// space power q controls, the space between them (if any) under Ottoman
// control (HIS-6.1a, #66).
func (s *St) akinjiReach(q int) bool {
	ctrl := func(sp int) bool { return s.Controller(sp) == q }
	for a := 0; a < NS; a++ {
		if s.Units[a][Ottoman].Cav == 0 {
			continue
		}
		if ctrl(a) {
			return true
		}
		for _, e := range spaces[a].Nbr {
			m := int(e.To)
			if ctrl(m) {
				return true
			}
			if s.Controller(m) != Ottoman {
				continue
			}
			for _, f := range spaces[m].Nbr {
				if ctrl(int(f.To)) {
					return true
				}
			}
		}
	}
	return false
}

// akinjiTargets are the powers the Ottoman may raid with Akinji Raiders:
// major powers at war with it, holding a card it may draw, within reach
// of its cavalry.
func (s *St) akinjiTargets() []int {
	var out []int
	for q := 0; q < NMajor; q++ {
		if q != Ottoman && s.AtWar(Ottoman, q) && len(s.drawable(q)) > 0 && s.akinjiReach(q) {
			out = append(out, q)
		}
	}
	return out
}

func akinjiCan(s *St, p int) error {
	switch {
	case p != Ottoman:
		return fmt.Errorf("only the Ottoman plays Akinji Raiders as an event")
	case len(s.akinjiTargets()) == 0:
		return fmt.Errorf("no power at war with the Ottoman holds a card and controls a space within 2 spaces of Ottoman cavalry")
	}
	return nil
}

func akinjiExamples(s *St, p int) []string {
	var out []string
	for _, q := range s.akinjiTargets() {
		out = append(out, powers[q].ID)
	}
	return out
}

func (r *run) akinjiRaiders(args string) error {
	s := r.s
	ts := s.akinjiTargets()
	legal := akinjiExamples(s, Ottoman)
	q := ts[0]
	switch args = choiceText(args, "raid", "on"); {
	case args == "" && len(ts) > 1:
		return errLegal(legal, "name the power raided")
	case args != "":
		x, err := matchPower(args)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(ts, x) {
			return errLegal(legal, "%s may not be raided: it must be at war with the Ottoman, hold a card and control a space within 2 spaces of Ottoman cavalry", powerName(x))
		}
		q = x
	}
	r.say("Akinji Raiders: Ottoman cavalry raids %s.", powers[q].Name)
	r.drawCard(q, Ottoman, "Akinji Raiders")
	return nil
}

// --- 86 Knights of St. John -----------------------------------------------

// knightsAt is where the Knights of St. John stand: the independent
// regular in Rhodes, or in the Hapsburg home port the card brought them
// to (Malta in the 1532 scenario); -1 when they are off the map.
func (s *St) knightsAt() int {
	for sp := 0; sp < NS; sp++ {
		if s.Units[sp][Independent].Reg == 0 {
			continue
		}
		if spaces[sp].ID == "rhodes" || spaces[sp].Home == Hapsburg && spaces[sp].port() {
			return sp
		}
	}
	return -1
}

// knightsRaid reports whether the Knights may raid the Ottoman hand: on
// the map, not under siege, an Ottoman-controlled port on one of their
// sea zones, and the Ottoman holding a card to draw.
func (s *St) knightsRaid() bool {
	k := s.knightsAt()
	if k < 0 || s.UnderSiege(k) || len(s.drawable(Ottoman)) == 0 {
		return false
	}
	for _, z := range spaces[k].Seas {
		for sp := 0; sp < NS; sp++ {
			if sp != k && s.Controller(sp) == Ottoman && isPortOn(sp, z) {
				return true
			}
		}
	}
	return false
}

// knightsPorts are the Hapsburg home ports the Knights may come to: under
// Hapsburg control and unoccupied.
func (s *St) knightsPorts() []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if spaces[sp].Home == Hapsburg && spaces[sp].port() && s.Controller(sp) == Hapsburg && s.unoccupied(sp) {
			out = append(out, sp)
		}
	}
	return out
}

func knightsCan(s *St, p int) error {
	if s.knightsAt() >= 0 {
		if !s.knightsRaid() {
			return fmt.Errorf("the Knights of St. John are besieged, one sea zone from no Ottoman port, or the Ottoman holds no card")
		}
		return nil
	}
	if len(s.knightsPorts()) == 0 {
		return fmt.Errorf("the Knights of St. John are off the map and no unoccupied Hapsburg home port may take them")
	}
	return nil
}

func knightsExamples(s *St, p int) []string {
	if s.knightsAt() >= 0 {
		return []string{""}
	}
	return spacesNamed(s.knightsPorts()[:min(len(s.knightsPorts()), 3)])
}

func (r *run) knightsOfStJohn(p int, args string) error {
	s := r.s
	if k := s.knightsAt(); k >= 0 {
		if args != "" {
			return errLegal([]string{""}, "the Knights of St. John are in %s: write no choices", spaces[k].Name)
		}
		n := r.handToStPeters(Ottoman, "knights of st john")
		r.say("Knights of St. John: the Knights in %s raid the Ottoman: %s is drawn at random from the Ottoman hand and discarded; its %d CP go toward St. Peter's.", spaces[k].Name, cardName(n), cards[n].CP)
		r.stPeters(cards[n].CP)
		return nil
	}
	ports := s.knightsPorts()
	legal := knightsExamples(s, p)
	sp := spaceByID["malta"]
	if args = choiceText(args, "place", "in", "to"); args != "" || !containsInt(ports, sp) {
		var err error
		if sp, err = oneSpace(args, ports, legal, "%s is not an unoccupied Hapsburg home port under Hapsburg control"); err != nil {
			return err
		}
	}
	s.Ctrl[sp] = Independent
	s.More.Forts.set(sp)
	s.addUnits(sp, Independent, Force{Reg: 1})
	r.say("Knights of St. John: the Knights come to %s, now an independent fortress.", spaces[sp].Name)
	return nil
}

// --- 109 Venetian Informant -----------------------------------------------

// informantArgs reads the choices of Venetian Informant played by power
// p: "france" (p looks at the French hand) or "france for england"
// (England looks). It returns the power whose hand is seen and the one
// who sees it.
func informantArgs(p int, args string, legal []string) (int, int, error) {
	args = choiceText(args, "look", "at")
	if args == "" {
		return 0, 0, errLegal(legal, "name the power whose hand is seen")
	}
	whose, who := args, p
	for _, sep := range []string{" for ", " to ", " by ", " para ", " per "} {
		if a, b, ok := strings.Cut(args, sep); ok {
			whose = a
			x, err := matchPower(strings.TrimSpace(b))
			if err != nil || x >= NMajor {
				return 0, 0, errLegal(legal, "name a major power to look at the hand")
			}
			who = x
			break
		}
	}
	q, err := matchPower(strings.TrimSpace(whose))
	if err != nil || q >= NMajor {
		return 0, 0, errLegal(legal, "name the power whose hand is seen")
	}
	if q == who {
		return 0, 0, errLegal(legal, "%s looks at a hand other than its own", powers[who].Name)
	}
	return q, who, nil
}

// informantChoices are power p's lines playing Venetian Informant in
// its Spring Deployment, when it holds the card and may play it.
func (s *St) informantChoices(p int) []string {
	if !containsCard(s.Hands[p], cardInformant) || s.playedAsEvent(cardInformant) {
		return nil
	}
	var out []string
	for q := 0; q < NMajor; q++ {
		if q != p {
			out = append(out, order{verb: "play", card: cardInformant, forEvent: true}.canonical(p)+": "+powers[q].ID)
		}
	}
	return out
}

// venetianInformant reads a first line playing Venetian Informant in
// power p's Spring Deployment answer, before its deployment (and before
// Spring Preparations): p, or a power it names, looks at one power's
// hand, told to that power only. It returns the lines left and the
// canonical play line (none when the first line plays another card).
func (r *run) venetianInformant(p int, lines []adjudicator.Line, legal []string) ([]adjudicator.Line, []string, *adjudicator.Rejection) {
	s := r.s
	l, ok := firstPlayLine(lines)
	if !ok {
		return lines, nil, nil
	}
	o, err := parseOrder(p, l.Text, s.Hands[p])
	if err != nil || o.card != cardInformant || !containsCard(s.Hands[p], cardInformant) {
		return lines, nil, nil
	}
	if s.playedAsEvent(cardInformant) {
		return nil, nil, reject(l, errLegal(legal, "Venetian Informant was already played as an event this turn (HIS-11d)"))
	}
	legal = append(s.informantChoices(p)[:2], legal...)
	_, args, _ := strings.Cut(l.Text, ":")
	q, who, err := informantArgs(p, args, legal)
	if err != nil {
		return nil, nil, reject(l, err)
	}
	s.takeFromHand(p, cardInformant)
	s.discard(cardInformant)
	s.Mand.Played[p].set(cardInformant)
	r.say("%s plays %s as an event.", powers[p].Name, cardName(cardInformant))
	r.say("Venetian Informant: %s looks at the hand of %s.", powers[who].Name, powers[q].Name)
	names := make([]string, 0, len(s.Hands[q]))
	for _, c := range s.Hands[q] {
		names = append(names, cardName(int(c)))
	}
	if len(names) == 0 {
		r.tell(who, "Venetian Informant: %s holds no card.", powers[q].Name)
	} else {
		r.tell(who, "Venetian Informant: the hand of %s holds %s.", powers[q].Name, strings.Join(names, ", "))
	}
	canon := order{verb: "play", card: cardInformant, forEvent: true}.canonical(p) + ": " + powers[q].ID
	if who != p {
		canon += " for " + powers[who].ID
	}
	rest, played, rej := r.springPreparations(p, lines[1:], legal[2:]) // events_more.go
	if rej != nil {
		return nil, nil, rej
	}
	if len(rest) == 0 {
		rest = []adjudicator.Line{{No: l.No, Text: "no deployment"}}
	}
	return rest, append([]string{canon}, played...), nil
}

// --- 111 Colonial Governor/Native Uprising (optional) ----------------------

// govUprising marks the Native Uprising side of the marker in
// NewWorld.Governor.
const govUprising = 8

// governorWire is the stored form of the marker: the power under each
// side ("" when the marker is not on that side).
func governorWire(g uint8) (governor, uprising string) {
	if g == 0 {
		return "", ""
	}
	id := powers[g&^govUprising-1].ID
	if g&govUprising != 0 {
		return "", id
	}
	return id, ""
}

func governorFromWire(governor, uprising string) (uint8, error) {
	if governor != "" && uprising != "" {
		return 0, fmt.Errorf("here-i-stand state: one Colonial Governor marker on two sides")
	}
	id, side := governor, uint8(0)
	if uprising != "" {
		id, side = uprising, govUprising
	}
	if id == "" {
		return 0, nil
	}
	p, ok := powerByID[id]
	if !ok || !containsInt(nwPowers, p) {
		return 0, fmt.Errorf("here-i-stand state: Colonial Governor marker on %q", id)
	}
	return uint8(p+1) | side, nil
}

func governorExamples(s *St, p int) []string {
	return []string{"governor " + powers[Hapsburg].ID, "uprising " + powers[France].ID}
}

// colonialGovernor places the marker, or moves it, on the colonies of
// the power named, on the side named: "governor hapsburg" (Colonial
// Governor) or "uprising france" (Native Uprising).
func (r *run) colonialGovernor(args string) error {
	s := r.s
	legal := governorExamples(s, 0)
	side, rest, _ := strings.Cut(choiceText(args, "place"), " ")
	bit := uint8(0)
	switch side {
	case "governor", "colonial", "gobernador", "governatore":
	case "uprising", "native", "levantamiento", "rivolta":
		bit = govUprising
	default:
		return errLegal(legal, "write governor <power> or uprising <power>")
	}
	rest = choiceText(rest, "governor", "uprising", "on", "in")
	q, err := matchPower(rest)
	if err != nil || !containsInt(nwPowers, q) {
		return errLegal(legal, "the marker goes on the colonies of England, France or the Hapsburg")
	}
	s.NW.Governor = uint8(q+1) | bit
	if bit != 0 {
		r.say("Native Uprising: the marker is on the colonies of %s; their next No Effect result on the New World Riches Table eliminates the colony.", powers[q].Name)
	} else {
		r.say("Colonial Governor: the marker is on the colonies of %s; their next No Effect result on the New World Riches Table gives a card.", powers[q].Name)
	}
	return nil
}

// governorTurns changes a colony's riches result res of power p by the
// marker: the first No Effect becomes Card (Colonial Governor) or Elim
// (Native Uprising), and the marker leaves the display.
func (r *run) governorTurns(p int, res string) string {
	g := r.s.NW.Governor
	if res != "NE" || g == 0 || int(g&^govUprising)-1 != p {
		return res
	}
	r.s.NW.Governor = 0
	if g&govUprising != 0 {
		r.say("Native Uprising: the No Effect result of the colony of %s becomes Elim.", powers[p].Name)
		return "Elim"
	}
	r.say("Colonial Governor: the No Effect result of the colony of %s becomes Card.", powers[p].Name)
	return "Card"
}

// --- 112 Thomas More (optional) --------------------------------------------

// moreExecuted reports whether England or the Protestant played Thomas
// More this turn: no debate is called in the English zone until the
// turn ends.
func (s *St) moreExecuted() bool {
	return s.Mand.Played[England].has(cardMore) || s.Mand.Played[Protestant].has(cardMore)
}

// moreDebateDice are the extra dice of the Papal debater in the debate
// Thomas More calls in zone z.
func moreDebateDice(z int) int {
	if z == LangEnglish {
		return 3
	}
	return 1
}

// moreZones are the zones where the Papacy may debate with Thomas More.
func (s *St) moreZones() []string {
	var out []string
	for _, z := range []int{LangGerman, LangFrench, LangEnglish} {
		if s.canDebate(Papacy, z) == nil {
			out = append(out, zoneID(z))
		}
	}
	return out
}

func moreCan(s *St, p int) error {
	if p != England && p != Protestant && len(s.moreZones()) == 0 {
		return fmt.Errorf("the Papacy may call no debate now")
	}
	return nil
}

func moreExamples(s *St, p int) []string {
	if p == England || p == Protestant {
		return []string{""}
	}
	return s.moreZones()
}

func (r *run) thomasMore(p int, args string) error {
	s := r.s
	if p != England && p != Protestant {
		legal := s.moreZones()
		z, ok := zoneWords[strings.TrimSuffix(choiceText(args, "debate", "in"), " zone")]
		if !ok || !containsString(legal, zoneID(z)) {
			return errLegal(legal, "name the zone of the Papal debate")
		}
		if s.Henry.Boleyn != 0 {
			s.pullCard(cardMore)
			s.Removed.set(cardMore)
		}
		k := moreDebateDice(z)
		if k == 1 {
			r.say("Thomas More: the Papacy calls a debate in the %s zone with 1 extra die.", langNames[z])
		} else {
			r.say("Thomas More: the Papacy calls a debate in the %s zone with %d extra dice.", langNames[z], k)
		}
		r.inquisitionDice = k
		r.debate(Papacy, z, false, -1, -1)
		r.inquisitionDice = 0
		return nil
	}
	if args != "" {
		return errLegal([]string{""}, "this event takes no choices")
	}
	s.pullCard(cardMore)
	s.Removed.set(cardMore)
	r.say("Thomas More is executed: no debate in the English zone this turn; England draws a card, then discards one.")
	r.drawFromDeck(England)
	if len(s.drawable(England)) > 0 {
		r.askChoice(cardMore, England)
	}
	return nil
}

func (s *St) moreChoices(d Decision) []string {
	var out []string
	for _, c := range s.drawable(England) {
		out = append(out, fmt.Sprintf("discard %d", c))
	}
	return out
}

const moreText = "Thomas More: discard one of your cards (\"discard <card>\")."

// moreAnswer: England discards a card of its choice (not its Home card).
func (r *run) moreAnswer(d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	n, err := matchCard(choiceText(l.Text, "discard"), s.Hands[England])
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	if cards[n].Type == CardHome {
		return nil, reject(l, errLegal(legal, "England does not discard its Home card"))
	}
	s.choiceDone()
	s.takeFromHand(England, n)
	s.discard(n)
	r.say("Thomas More: England discards %s.", cardName(n))
	return []string{fmt.Sprintf("discard %d", n)}, nil
}

// --- 116 Rough Wooing (optional) -------------------------------------------

// edwardAlive reports whether Edward is born and alive: he dies when Mary
// I or Elizabeth I takes the throne after him (HIS-21.3h-i).
func (s *St) edwardAlive() bool {
	return s.edwardBorn() && !s.rulerIs(England, "mary_i") && !s.rulerIs(England, "elizabeth_i")
}

func wooingCan(s *St, p int) error {
	switch {
	case !s.edwardAlive():
		return fmt.Errorf("Rough Wooing needs Edward born and alive")
	case s.minorAlly(Scotland) != France:
		return fmt.Errorf("Rough Wooing needs Scotland allied to France")
	}
	return nil
}

// scotsLand counts power p's own land units in the Scottish home spaces.
func (s *St) scotsLand(p int) int {
	n := 0
	for _, sp := range homeSpaces(Scotland) {
		n += s.Units[sp][p].Land()
	}
	return n
}

// roughWooing: England and France each roll a die and add their land
// units in Scotland; 2 or more ahead, England takes Scotland from its
// French alliance as its own ally (HIS-22.2b).
func (r *run) roughWooing(args string) error {
	s := r.s
	if args != "" {
		return errLegal([]string{""}, "this event takes no choices")
	}
	e := r.dice.Roll("rough wooing england", 6) + s.scotsLand(England)
	f := r.dice.Roll("rough wooing france", 6) + s.scotsLand(France)
	r.say("Rough Wooing: England totals %d, France %d.", e, f)
	if e < f+2 {
		r.say("Rough Wooing: Scotland stays allied to France.")
		return nil
	}
	name := cards[cardWooing].Name
	log, err := s.DeactivateMinor(Scotland)
	if err != nil {
		return err
	}
	r.say("%s: %s is taken from its alliance with %s (HIS-22.2b).", name, powers[Scotland].Name, powers[France].Name)
	r.log(log)
	before := s.War
	if log, err = s.ActivateMinor(Scotland, England); err != nil {
		return err
	}
	r.say("%s: %s activates %s (HIS-22.2b).", name, powers[England].Name, powers[Scotland].Name)
	r.log(log)
	for q := 0; q < NMajor; q++ {
		if s.AtWar(England, q) && before[England]&(1<<q) == 0 {
			r.warNavalBattles(q, England)
		}
	}
	return nil
}

func init() {
	registerEvent(cardAkinji, cardEvent{can: akinjiCan, examples: akinjiExamples,
		play: func(r *run, p int, args string) error { return r.akinjiRaiders(args) }})
	registerEvent(cardKnights, cardEvent{can: knightsCan, examples: knightsExamples, play: (*run).knightsOfStJohn})
	registerEvent(cardGovernor, cardEvent{examples: governorExamples, play: func(r *run, p int, args string) error { return r.colonialGovernor(args) }})
	registerEvent(cardMore, cardEvent{can: moreCan, examples: moreExamples, play: (*run).thomasMore})
	choiceHooks[cardMore] = &choiceHook{choices: (*St).moreChoices, text: func(s *St, d Decision) string { return moreText }, answer: (*run).moreAnswer}
	registerEvent(cardWooing, cardEvent{can: wooingCan, play: func(r *run, p int, args string) error { return r.roughWooing(args) }})
	registerEvent(cardInformant, cardEvent{can: func(s *St, p int) error {
		return fmt.Errorf("Venetian Informant is played as an event in the Spring Deployment Phase only, before the deployment")
	}})
}

// lastPrompts are the readers of this file's prompts.
func lastPrompts(p func(key, english string) *msg.Pattern) msg.Patterns {
	return msg.Patterns{p("his.prompt.last.more", moreText)}
}

// lastPatterns are the readers of this file's texts (see mandPatterns).
func lastPatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	events = msg.Patterns{
		p("his.ev.last.akinji", "Akinji Raiders: Ottoman cavalry raids {Power:power}."),
		p("his.ev.last.knights_raid", "Knights of St. John: the Knights in {Space} raid the Ottoman: {Card} is drawn at random from the Ottoman hand and discarded; its {N:int} CP go toward St. Peter's."),
		p("his.ev.last.knights_come", "Knights of St. John: the Knights come to {Space}, now an independent fortress."),
		p("his.ev.last.uprising", "Native Uprising: the marker is on the colonies of {Power:power}; their next No Effect result on the New World Riches Table eliminates the colony."),
		p("his.ev.last.governor", "Colonial Governor: the marker is on the colonies of {Power:power}; their next No Effect result on the New World Riches Table gives a card."),
		p("his.ev.last.uprising_elim", "Native Uprising: the No Effect result of the colony of {Power:power} becomes Elim."),
		p("his.ev.last.governor_card", "Colonial Governor: the No Effect result of the colony of {Power:power} becomes Card."),
		p("his.ev.last.more_debate", "Thomas More: the Papacy calls a debate in the {Zone:zone} zone with {N:int} extra dice."),
		p("his.ev.last.more_debate_one", "Thomas More: the Papacy calls a debate in the {Zone:zone} zone with 1 extra die."),
		p("his.ev.last.more_executed", "Thomas More is executed: no debate in the English zone this turn; England draws a card, then discards one."),
		p("his.ev.last.more_discards", "Thomas More: England discards {Card}."),
		p("his.ev.last.wooing", "Rough Wooing: England totals {E:int}, France {F:int}."),
		p("his.ev.last.wooing_fails", "Rough Wooing: Scotland stays allied to France."),
		p("his.ev.last.informant", "Venetian Informant: {Power:power} looks at the hand of {Of:power}."),
		p("his.ev.last.informant_none", "Venetian Informant: {Power:power} holds no card."),
		p("his.ev.last.informant_hand", "Venetian Informant: the hand of {Power:power} holds {Cards}."),
	}
	whys = msg.Patterns{
		p("his.why.last.akinji_who", "only the Ottoman plays Akinji Raiders as an event"),
		p("his.why.last.akinji_none", "no power at war with the Ottoman holds a card and controls a space within 2 spaces of Ottoman cavalry"),
		p("his.why.last.akinji_name", "name the power raided"),
		p("his.why.last.akinji_not", "{Power:power} may not be raided: it must be at war with the Ottoman, hold a card and control a space within 2 spaces of Ottoman cavalry"),
		p("his.why.last.knights_raid", "the Knights of St. John are besieged, one sea zone from no Ottoman port, or the Ottoman holds no card"),
		p("his.why.last.knights_port", "the Knights of St. John are off the map and no unoccupied Hapsburg home port may take them"),
		p("his.why.last.knights_args", "the Knights of St. John are in {Space}: write no choices"),
		p("his.why.last.governor_side", "write governor <power> or uprising <power>"),
		p("his.why.last.governor_power", "the marker goes on the colonies of England, France or the Hapsburg"),
		p("his.why.last.more_none", "the Papacy may call no debate now"),
		p("his.why.last.more_zone", "name the zone of the Papal debate"),
		p("his.why.last.more_home", "England does not discard its Home card"),
		p("his.why.last.more_english", "Thomas More was executed: no debate in the English zone this turn"),
		p("his.why.last.wooing_edward", "Rough Wooing needs Edward born and alive"),
		p("his.why.last.wooing_scotland", "Rough Wooing needs Scotland allied to France"),
		p("his.why.last.informant_phase", "Venetian Informant is played as an event in the Spring Deployment Phase only, before the deployment"),
		p("his.why.last.informant_once", "Venetian Informant was already played as an event this turn (HIS-11d)"),
		p("his.why.last.informant_whose", "name the power whose hand is seen"),
		p("his.why.last.informant_who", "name a major power to look at the hand"),
		p("his.why.last.informant_own", "{Power:power} looks at a hand other than its own"),
		p("his.why.last.knights_spot", "{Space} is not an unoccupied Hapsburg home port under Hapsburg control"),
	}
	return
}
