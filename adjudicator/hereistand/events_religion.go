package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Religious card events (HIS-18.3b-c, HIS-18.4a, HIS-12.4a): the unrest
// cards, the cards that give Reformation or Counter-Reformation attempts
// (most of them need a named debater uncommitted and commit him), and the
// cards of St. Peter's, the Papal VP and the Protestant's hand.
//
//	play gabelle revolt for event: lyon, dijon
//	play a mighty fortress for event
//	play copernicus for event: draw
//	play anabaptists for event: zurich, basel
//	play marburg colloquy for event: luther, zwingli
//
// Attempts go on the decision stack for the power that makes them (the
// Protestant or the Papacy), whoever played the card (HIS-11c).

// --- Unrest (HIS-12.4a) --------------------------------------------------

// unrestCard is one of the cards that put unrest on unoccupied spaces.
type unrestCard struct {
	n     int
	spots func(s *St, sp int) bool // the spaces the card names
	max   func(s *St) int
	where string // the spaces, as the refusal names them
}

// unoccupied reports whether space sp holds no land or naval unit of any
// power (HIS-12.4a).
func (s *St) unoccupied(sp int) bool {
	for x := 0; x < NPow; x++ {
		if !s.Units[sp][x].empty() {
			return false
		}
	}
	return true
}

func (u unrestCard) list(s *St) []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if u.spots(s, sp) && s.unoccupied(sp) && !s.InUnrest(sp) {
			out = append(out, sp)
		}
	}
	return out
}

func (u unrestCard) examples(s *St, p int) []string {
	l := u.list(s)
	var names []string
	for _, sp := range l[:min(u.max(s), len(l))] {
		names = append(names, spaces[sp].Name)
	}
	if len(names) == 0 {
		return nil
	}
	return []string{strings.Join(names, ", ")}
}

func (u unrestCard) can(s *St, p int) error {
	if len(u.list(s)) == 0 {
		return fmt.Errorf("no unoccupied %s is free of unrest (HIS-12.4a)", u.where)
	}
	return nil
}

func (u unrestCard) play(r *run, p int, args string) error {
	s := r.s
	legal := u.examples(s, p)
	ok := u.list(s)
	at, err := pickSpaces(unrestItems(orders.SplitList(args)), func(sp int) bool { return containsInt(ok, sp) }, legal,
		"%s is not an unoccupied "+strings.ReplaceAll(u.where, "%", "%%")+" free of unrest (HIS-12.4a)")
	if err != nil {
		return err
	}
	if len(at) == 0 || len(at) > u.max(s) {
		return errLegal(legal, "name 1 to %d spaces for the unrest", u.max(s))
	}
	for _, sp := range at {
		s.Unrest.set(sp)
		r.say("%s falls into unrest (%s).", spaces[sp].Name, cards[u.n].Name)
	}
	return nil
}

func homeOf(p int) func(s *St, sp int) bool {
	return func(s *St, sp int) bool { return spaces[sp].Home == p }
}

func langOf(l int) func(s *St, sp int) bool {
	return func(s *St, sp int) bool { return spaces[sp].Lang == l }
}

func fixed(n int) func(s *St) int { return func(*St) int { return n } }

// atWarWithMajor reports whether power p is at war with a major power.
func (s *St) atWarWithMajor(p int) bool {
	for q := 0; q < NMajor; q++ {
		if q != p && s.AtWar(p, q) {
			return true
		}
	}
	return false
}

var unrestCards = []unrestCard{
	{n: 64, spots: homeOf(England), max: fixed(5), where: "English home space"},
	{n: 80, spots: homeOf(France), max: fixed(2), where: "French home space"},
	{n: 82, spots: homeOf(Ottoman), where: "Ottoman home space", max: func(s *St) int {
		if s.atWarWithMajor(Ottoman) {
			return 2
		}
		return 4
	}},
	{n: 88, spots: langOf(LangGerman), max: fixed(5), where: "German-speaking space"},
	{n: 94, spots: langOf(LangSpanish), max: fixed(3), where: "Spanish-speaking space"},
}

// --- Attempts (HIS-18.3b-c, HIS-18.4a) -----------------------------------

// attemptCard is a card that gives Reformation (or Counter-Reformation)
// attempts, after committing its debater when it names one.
type attemptCard struct {
	n              int
	debater        string // "" when the card needs none
	counter        bool
	attempts, plus int
	zones          uint8
}

// debaterFree says whether debater id is uncommitted (HIS-18.3c).
func (s *St) debaterFree(id string) error {
	d, ok := debaterByID[id]
	if !ok || s.Rel.Debater[d] != DebUncommitted {
		return fmt.Errorf("%s is not an uncommitted debater (HIS-18.3c)", debaterName(id))
	}
	return nil
}

func debaterName(id string) string {
	if d, ok := debaterByID[id]; ok {
		return debaters[d].Name
	}
	return id
}

// commitDebater turns debater id to its committed side (HIS-18.3c).
func (r *run) commitDebater(id string) {
	r.s.Rel.Debater[debaterByID[id]] = DebCommitted
	r.say("%s is committed (%s).", debaterName(id), cardName(r.s.Flow.Card))
}

const allZones = uint8(1<<NLang - 2)

func (c attemptCard) can(s *St, p int) error {
	if c.debater != "" {
		return s.debaterFree(c.debater)
	}
	return nil
}

func (c attemptCard) play(r *run, p int, args string) error {
	q := Protestant
	if c.counter {
		q = Papacy
	}
	// "with <debater>": the bonus of the power the attempts are for, when
	// it plays the card itself (HIS-18.2k).
	deb, err := r.bonusOnly(p, q, args, c.debater)
	if err != nil {
		return err
	}
	if c.debater != "" {
		r.commitDebater(c.debater)
	}
	r.eventAttempts(c.n, c.counter, c.attempts, c.plus, c.zones)
	r.bonusOnPending(q, deb)
	return nil
}

// eventAttempts gives the attempts of card n to the Protestant (or the
// Papacy for Counter-Reformation attempts). When another power played
// the card, the power the attempts are for is first asked whether a
// debater gives them its bonus (HIS-18.2k).
func (r *run) eventAttempts(n int, counter bool, k, plus int, zones uint8) {
	name := cards[n].Name
	q := Protestant
	if counter {
		q = Papacy
		r.say("%s: the Papacy makes %d Counter-Reformation attempts, target zone %s.", name, k, zoneList(zones))
		r.startAttempts(Attempts{Power: Papacy, Counter: true, N: k, Zones: zones, Debater: -1, Source: name})
	} else {
		r.say("%s: the Protestant makes %d Reformation attempts, target zone %s.", name, k, zoneList(zones))
		r.startAttempts(Attempts{Power: Protestant, N: k, Plus: plus, Zones: zones, Debater: -1, Source: name})
	}
	r.askEventBonus(q)
}

var attemptCards = []attemptCard{
	{n: 65, debater: "luther", attempts: 6, zones: 1 << LangGerman},
	{n: 44, debater: "cop", attempts: 3, zones: 1 << LangFrench},
	{n: 46, debater: "calvin", attempts: 5, plus: 1, zones: 1 << LangFrench},
	{n: 85, debater: "luther", attempts: 5, zones: allZones},
	{n: 61, counter: true, attempts: 3, zones: 1 << LangEnglish},
}

// --- 90 Printing Press, 75 Erasmus, 63 Dissolution of the Monasteries ----

// The events below take no choices but "with <debater>" when the power
// their attempts are for plays them (HIS-18.2k); deb is that debater
// (-1: none).

func (r *run) printingPress(deb int) {
	r.s.Rel.PrintingPress = true
	r.say("Printing Press: until the end of the turn the Protestant rolls 1 extra die in each Reformation attempt (HIS-18.3g).")
	r.eventAttempts(90, false, 3, 0, allZones)
	r.bonusOnPending(Protestant, deb)
}

// erasmusFor is the power Erasmus gives attempts to: Reformation
// attempts on turns 1 and 2, Counter-Reformation attempts from turn 3
// (HIS-18.3b, HIS-18.4a).
func (s *St) erasmusFor() int {
	if s.Turn <= 2 {
		return Protestant
	}
	return Papacy
}

func (r *run) erasmus(deb int) {
	q := r.s.erasmusFor()
	r.eventAttempts(75, q == Papacy, 4, 0, allZones)
	r.bonusOnPending(q, deb)
}

func (r *run) dissolution(deb int) {
	r.mandDraw(England, 2)
	r.eventAttempts(63, false, 3, 0, 1<<LangEnglish)
	r.bonusOnPending(Protestant, deb)
}

// --- 39 Augsburg Confession, 45 Calvin Expelled ---------------------------

func (r *run) augsburg() {
	r.commitDebater("melanchthon")
	r.s.Rel.Augsburg = true
	r.say("Augsburg Confession: until the end of the turn the Papacy subtracts 1 from its Counter-Reformation rolls and rolls 1 die fewer in the debates it calls (HIS-18.4f).")
}

func calvinExpelledCan(s *St, p int) error {
	if !s.reformerOn("calvin") {
		return fmt.Errorf("the reformer Calvin is not on the map")
	}
	return nil
}

// calvinExpelled takes Calvin off the map until the next Card Draw Phase,
// as an excommunication does (HIS-8.2f), and commits his debater.
func (r *run) calvinExpelled() {
	s := r.s
	i := reformerByID["calvin"]
	s.Rel.Reformer[i] = ReformerRemoved
	s.Mand.ExcomReformers |= 1 << i
	if d, ok := debaterByID["calvin"]; ok && s.Rel.Debater[d] == DebUncommitted {
		s.Rel.Debater[d] = DebCommitted
	}
	r.say("Calvin is expelled: the reformer leaves the map until the next turn and his debater is committed.")
}

// --- 52 Michelangelo, 81 Indulgence Vendor (HIS-18.1p) --------------------

func (r *run) michelangelo() {
	a, b := r.dice.Roll("michelangelo", 6), r.dice.Roll("michelangelo", 6)
	r.say("Michelangelo: the Papacy rolls 2 dice [%d %d]: %d CP toward St. Peter's.", a, b, a+b)
	r.stPeters(a + b)
}

func indulgenceCan(s *St, p int) error {
	if p == Protestant {
		return fmt.Errorf("Indulgence Vendor draws from the Protestant hand: the Protestant plays it for CP only")
	}
	if len(s.drawable(Protestant)) == 0 {
		return fmt.Errorf("the Protestant holds no card that may be drawn")
	}
	return nil
}

func (r *run) indulgenceVendor() {
	n := r.handToStPeters(Protestant, "indulgence vendor") // events_last.go
	r.say("Indulgence Vendor: %s is drawn at random from the Protestant hand and discarded; its %d CP go toward St. Peter's.", cardName(n), cards[n].CP)
	r.stPeters(cards[n].CP)
}

// --- 47 Copernicus, 51 Michael Servetus (HIS-23.2k) -----------------------

// protestantHomeShare reports whether at least half of power p's home
// spaces are Protestant.
func (s *St) protestantHomeShare(p int) bool {
	home := homeSpaces(p)
	n := 0
	for _, sp := range home {
		n += b2i(s.Prot.has(sp))
	}
	return len(home) > 0 && 2*n >= len(home)
}

func copernicusExamples(s *St, p int) []string {
	if s.protestantHomeShare(p) {
		return []string{""}
	}
	return []string{"draw", "discard"}
}

func (r *run) copernicus(p int, args string) error {
	s := r.s
	if s.protestantHomeShare(p) {
		if args != "" {
			return errLegal(r.playLine(), "this event takes no choices")
		}
		s.BonusVP[p] += 2
		r.say("Copernicus: at least half the home spaces of %s are Protestant: it gains 2 VP.", powers[p].Name)
		return nil
	}
	legal := []string{"draw", "discard"}
	switch args {
	case "draw", "draw a card":
		s.BonusVP[p]++
		r.say("Copernicus: %s gains 1 VP and draws a card.", powers[p].Name)
		r.mandDraw(p, 1)
	case "discard", "protestant discards":
		s.BonusVP[p]++
		r.say("Copernicus: %s gains 1 VP and the Protestant discards a card at random.", powers[p].Name)
		r.discardRandom(Protestant)
	default:
		return errLegal(legal, "choose draw (a card for you) or discard (a card at random from the Protestant hand)")
	}
	return nil
}

// discardRandom discards a card drawn at random from power q's hand (Home
// cards are never drawn, as in the diplomacy draws); the discard is
// public.
func (r *run) discardRandom(q int) {
	s := r.s
	cs := s.drawable(q)
	if len(cs) == 0 {
		r.say("%s has no card to discard.", powers[q].Name)
		return
	}
	n := cs[r.dice.Hidden("random discard", len(cs))]
	s.takeFromHand(q, n)
	s.discard(n)
	r.say("%s discards %s, drawn at random.", powers[q].Name, cardName(n))
}

func (r *run) servetus(p int) {
	r.s.BonusVP[p]++
	r.say("Michael Servetus: %s gains 1 VP and the Protestant discards a card at random.", powers[p].Name)
	r.discardRandom(Protestant)
}

// --- 67 Anabaptists --------------------------------------------------------

// anabaptistSpots are the unoccupied Protestant spaces that are not
// electorates.
func (s *St) anabaptistSpots() []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.Prot.has(sp) && spaces[sp].Type != Electorate && s.unoccupied(sp) {
			out = append(out, sp)
		}
	}
	return out
}

func anabaptistCan(s *St, p int) error {
	if len(s.anabaptistSpots()) == 0 {
		return fmt.Errorf("no unoccupied Protestant space is outside the electorates")
	}
	return nil
}

func anabaptistExamples(s *St, p int) []string {
	l := s.anabaptistSpots()
	var names []string
	for _, sp := range l[:min(2, len(l))] {
		names = append(names, spaces[sp].Name)
	}
	return []string{strings.Join(names, ", ")}
}

func (r *run) anabaptists(p int, args string) error {
	s := r.s
	legal := anabaptistExamples(s, p)
	ok := s.anabaptistSpots()
	at, err := pickSpaces(orders.SplitList(args), func(sp int) bool { return containsInt(ok, sp) }, legal, "%s is not an unoccupied Protestant space outside the electorates")
	if err != nil {
		return err
	}
	if len(at) != min(2, len(ok)) {
		return errLegal(legal, "name %d unoccupied Protestant spaces outside the electorates", min(2, len(ok)))
	}
	for _, sp := range at {
		r.flip(sp, false)
		r.say("%s flips %s to Catholic.", powers[Papacy].Name, spaces[sp].Name)
	}
	return nil
}

// --- 55 Jesuit Education ----------------------------------------------------

func jesuitEducationCan(s *St, p int) error {
	if !s.Rel.SocietyOfJesus {
		return fmt.Errorf("Jesuit Education needs Society of Jesus played first (HIS-18.2c)")
	}
	if len(s.jesuitSpots()) == 0 {
		return fmt.Errorf("no Catholic space is without a university (HIS-18.2c)")
	}
	return nil
}

// --- 41 Marburg Colloquy ----------------------------------------------------

var marburgPairs = [2][2]string{{"luther", "melanchthon"}, {"zwingli", "oekolampadius"}}

// marburgFree lists the uncommitted debaters of each pair.
func (s *St) marburgFree() (out [2][]string) {
	for i, pair := range marburgPairs {
		for _, id := range pair {
			if s.debaterFree(id) == nil {
				out[i] = append(out[i], id)
			}
		}
	}
	return
}

func marburgCan(s *St, p int) error {
	f := s.marburgFree()
	if len(f[0]) == 0 || len(f[1]) == 0 {
		return fmt.Errorf("Marburg Colloquy needs Luther or Melanchthon and Zwingli or Oekolampadius uncommitted")
	}
	return nil
}

func marburgExamples(s *St, p int) []string {
	f := s.marburgFree()
	if len(f[0]) == 0 || len(f[1]) == 0 {
		return nil
	}
	return []string{f[0][0] + ", " + f[1][0]}
}

func (r *run) marburg(p int, args string) error {
	s := r.s
	legal := marburgExamples(s, p)
	f := s.marburgFree()
	args, with := cutBonus(args)
	items := orders.SplitList(args)
	if len(items) != 2 {
		return errLegal(legal, "name one of Luther and Melanchthon and one of Zwingli and Oekolampadius, uncommitted")
	}
	var chosen [2]string
	for _, x := range items {
		d, err := matchDebater(x)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		id := debaters[d].ID
		set := false
		for i := range f {
			if chosen[i] == "" && containsString(f[i], id) {
				chosen[i], set = id, true
				break
			}
		}
		if !set {
			return errLegal(legal, "name one of Luther and Melanchthon and one of Zwingli and Oekolampadius, uncommitted")
		}
	}
	// "with <debater>": the Protestant's bonus when it plays the card
	// (HIS-18.2k), from neither debater the card commits.
	deb, err := r.playBonus(p, Protestant, with, chosen[:]...)
	if err != nil {
		return err
	}
	k := 0
	for _, id := range chosen {
		r.commitDebater(id)
		k += debaters[debaterByID[id]].Value
	}
	r.eventAttempts(41, false, k, 0, allZones)
	r.bonusOnPending(Protestant, deb)
	return nil
}

func containsString(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// --- 78 Frederick the Wise --------------------------------------------------

const cardWartburg = 37

// frederickSpots are the Catholic German-speaking spaces with their
// distance in connections from Wittenberg, nearest first.
func (s *St) frederickSpots() (sps, dist []int) {
	from := spaceByID["wittenberg"]
	d := map[int]int{from: 0}
	front := []int{from}
	for len(front) > 0 {
		var next []int
		for _, x := range front {
			if spaces[x].Lang == LangGerman && s.Catholic(x) {
				sps, dist = append(sps, x), append(dist, d[x])
			}
			for _, e := range spaces[x].Nbr {
				y := int(e.To)
				if _, seen := d[y]; !seen {
					d[y] = d[x] + 1
					next = append(next, y)
				}
			}
		}
		front = next
	}
	return
}

func frederickExamples(s *St, p int) []string {
	sps, _ := s.frederickSpots()
	var names []string
	for _, sp := range sps[:min(2, len(sps))] {
		names = append(names, spaces[sp].Name)
	}
	return []string{strings.Join(names, ", ")}
}

// frederick turns the two Catholic German-speaking spaces nearest
// Wittenberg Protestant (the player chooses among spaces at the same
// distance) and gives the Protestant The Wartburg from the discard pile.
func (r *run) frederick(p int, args string) error {
	s := r.s
	legal := frederickExamples(s, p)
	sps, dist := s.frederickSpots()
	k := min(2, len(sps))
	var at, got []int
	for _, x := range orders.SplitList(args) {
		sp, err := matchSpace(x)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		i := indexOfInt(sps, sp)
		if i < 0 || containsInt(at, sp) {
			return errLegal(legal, "%s is not a Catholic German-speaking space", spaces[sp].Name)
		}
		at, got = append(at, sp), append(got, dist[i])
	}
	if len(at) != k {
		return errLegal(legal, "name the %d Catholic German-speaking spaces nearest Wittenberg", k)
	}
	// The distances chosen must be those of the nearest k spaces.
	if k == 2 && got[0] > got[1] {
		got[0], got[1] = got[1], got[0]
	}
	for i := 0; i < k; i++ {
		if got[i] != dist[i] {
			return errLegal(legal, "name the %d Catholic German-speaking spaces nearest Wittenberg", k)
		}
	}
	for _, sp := range at {
		r.flip(sp, true)
		r.say("%s flips %s to Protestant.", powers[Protestant].Name, spaces[sp].Name)
	}
	if containsCard(s.Discard, cardWartburg) && !s.Mand.Played[Protestant].has(cardWartburg) {
		s.pullCard(cardWartburg)
		s.giveCard(Protestant, cardWartburg)
		r.say("Frederick the Wise: the Protestant takes %s from the discard pile.", cardName(cardWartburg))
	}
	return nil
}

func indexOfInt(list []int, x int) int {
	for i, y := range list {
		if y == x {
			return i
		}
	}
	return -1
}

// --- 43 Zwingli Dons Armor ---------------------------------------------------

// zwingliTarget is a Catholic land unit Zwingli Dons Armor may eliminate.
type zwingliTarget struct {
	sp, q int
	unit  Force
	uname string // regular, mercenary or cavalry
	text  string // "<power> <unit> in <space>"
}

// zwingliTargets are the Catholic land units within 3 spaces of Zurich
// (see the rulings: a unit of any power but the Protestant; a leader is
// never left alone).
func (s *St) zwingliTargets() []zwingliTarget {
	zurich := spaceByID["zurich"]
	var out []zwingliTarget
	for sp := 0; sp < NS; sp++ {
		if !within(zurich, sp, 3) {
			continue
		}
		for q := 0; q < NPow; q++ {
			f := s.Units[sp][q]
			if q == Protestant || f.Land() == 0 || f.Land() == 1 && len(s.leadersAt(sp, q)) > 0 {
				continue
			}
			for _, u := range []struct {
				name string
				n    uint8
				one  Force
			}{{"regular", f.Reg, Force{Reg: 1}}, {"mercenary", f.Merc, Force{Merc: 1}}, {"cavalry", f.Cav, Force{Cav: 1}}} {
				if u.n > 0 {
					out = append(out, zwingliTarget{sp: sp, q: q, unit: u.one, uname: u.name,
						text: strings.ToLower(powers[q].Name) + " " + u.name + " in " + spaces[sp].Name})
				}
			}
		}
	}
	return out
}

func (s *St) zwingliLines() []string {
	var out []string
	for _, x := range s.zwingliTargets() {
		out = append(out, x.text)
	}
	return out
}

func zwingliCan(s *St, p int) error {
	switch {
	case p != Protestant:
		return fmt.Errorf("Zwingli Dons Armor is a Protestant event: other powers play it for CP")
	case !s.reformerOn("zwingli"):
		return fmt.Errorf("the reformer Zwingli is not on the map")
	case len(s.zwingliTargets()) == 0:
		return fmt.Errorf("no Catholic land unit is within 3 spaces of Zurich")
	}
	return nil
}

func zwingliExamples(s *St, p int) []string {
	return s.zwingliLines()[:min(1, len(s.zwingliTargets()))]
}

func (r *run) zwingli(args string) error {
	s := r.s
	legal := s.zwingliLines()
	var hit *zwingliTarget
	for _, x := range s.zwingliTargets() {
		if strings.EqualFold(x.text, args) {
			hit = &x
		}
	}
	if hit == nil {
		return errLegal(legal, "name a Catholic land unit within 3 spaces of Zurich as <power> <unit> in <space>")
	}
	if err := s.removeUnits(hit.sp, hit.q, hit.unit); err != nil {
		return errLegal(legal, "%v", err)
	}
	s.fitCounters(hit.sp, hit.q) // HIS-5.2a
	r.say("Zwingli Dons Armor: the Protestant eliminates %s 1 %s in %s.", powers[hit.q].Name, hit.uname, spaces[hit.sp].Name)
	z := reformerByID["zwingli"]
	s.Rel.Reformer[z] = ReformerRemoved
	if d, ok := debaterByID["zwingli"]; ok && s.Rel.Debater[d] != DebBurned && s.Rel.Debater[d] != DebDisgraced {
		s.Rel.Debater[d] = DebRemoved
	}
	r.say("Zwingli falls in battle: his reformer and his debater leave the game.")
	return nil
}

// --- 62 Book of Common Prayer ------------------------------------------------

const cardPrayer = 62

// afterAttempts holds the follow-ups of the events whose attempts end
// with more (Attempts.Then), by card.
var afterAttempts = map[int]func(r *run){}

// prayerUnrest rolls the die after Book of Common Prayer's attempts: 1-2
// nothing, 3-4 one, 5 two, 6 every Catholic English home space falls
// into unrest, occupied or not (HIS-12.4a; the spaces of a 3-5 are taken
// in map order, see the rulings).
func (r *run) prayerUnrest() {
	s := r.s
	var cath []int
	for _, sp := range homeSpaces(England) {
		if s.Catholic(sp) && !s.InUnrest(sp) {
			cath = append(cath, sp)
		}
	}
	d := r.dice.Roll("book of common prayer", 6)
	n := 0
	switch {
	case d == 6:
		n = len(cath)
	case d == 5:
		n = 2
	case d >= 3:
		n = 1
	}
	n = min(n, len(cath))
	r.say("Book of Common Prayer: the die rolls %d: %d Catholic English home spaces fall into unrest.", d, n)
	for _, sp := range cath[:n] {
		s.Unrest.set(sp)
		r.say("%s falls into unrest (%s).", spaces[sp].Name, cards[cardPrayer].Name)
	}
}

func (r *run) commonPrayer() {
	r.commitDebater("cranmer")
	name := cards[cardPrayer].Name
	r.say("%s: the Protestant makes 4 Reformation attempts in English home spaces, Calais included.", name)
	r.startAttempts(Attempts{Power: Protestant, N: 4, Zones: 1 << LangEnglish, Debater: -1, Source: name,
		Home: England + 1, Then: cardPrayer})
}

// --- Choices owed by another power -----------------------------------------

// choiceHook answers the choices of an event owed by another power (a
// DecChoice with Mand.Ask set to the card), for the cards of this file.
type choiceHook struct {
	choices func(s *St, d Decision) []string
	text    func(s *St, d Decision) string
	answer  func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection)
}

// choiceHooks holds the hooks by card number.
var choiceHooks = map[int]*choiceHook{}

// --- 57 Philip of Hesse's Bigamy ---------------------------------------------

const cardBigamy = 57

// philipOnMap reports whether Philip of Hesse is on the map.
func (s *St) philipOnMap() bool {
	at := s.Leader[leaderByID["philip_of_hesse"]]
	return at >= 0 && int(at) < NS
}

func bigamyChoices(s *St) []string {
	out := []string{"discard"}
	if s.philipOnMap() {
		out = append([]string{"remove philip of hesse"}, out...)
	}
	return out
}

// bigamyParse reads the Protestant's choice: "remove" or "discard".
func (s *St) bigamyParse(choice string) (string, error) {
	switch choice {
	case "remove philip of hesse", "remove philip", "remove":
		if !s.philipOnMap() {
			return "", errLegal(bigamyChoices(s), "Philip of Hesse is not on the map")
		}
		return "remove", nil
	case "discard", "discard a card":
		return "discard", nil
	}
	return "", errLegal(bigamyChoices(s), "answer remove philip of hesse or discard")
}

// bigamyApply carries out the Protestant's choice.
func (r *run) bigamyApply(choice string) error {
	s := r.s
	c, err := s.bigamyParse(choice)
	if err != nil {
		return err
	}
	if c == "remove" {
		s.Leader[leaderByID["philip_of_hesse"]] = LeaderRemoved
		r.say("Philip of Hesse's Bigamy: the Protestant removes Philip of Hesse from the game.")
		return nil
	}
	r.say("Philip of Hesse's Bigamy: the Protestant discards a card at random.")
	r.discardRandom(Protestant)
	return nil
}

func (r *run) bigamy(p int, args string) error {
	s := r.s
	if p == Protestant || !s.philipOnMap() {
		if args == "" && !s.philipOnMap() {
			args = "discard"
		}
		return r.bigamyApply(args)
	}
	if args != "" {
		return errLegal(r.playLine(), "the Protestant chooses: it is asked next")
	}
	r.say("Philip of Hesse's Bigamy: the Protestant chooses to remove Philip of Hesse or to discard a card at random.")
	r.askChoice(cardBigamy, Protestant)
	return nil
}

func bigamyExamples(s *St, p int) []string {
	if p == Protestant || !s.philipOnMap() {
		return bigamyChoices(s)
	}
	return []string{""}
}

// --- 56 Papal Inquisition (HIS-6.2h, HIS-18.5f) ----------------------------

const cardInquisition = 56

// italianProt are the Protestant spaces of the Italian zone.
func (s *St) italianProt() []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.Prot.has(sp) && spaces[sp].Lang == LangItalian {
			out = append(out, sp)
		}
	}
	return out
}

func inquisitionCan(s *St, p int) error {
	if p != Papacy {
		return fmt.Errorf("Papal Inquisition is a Papal event: other powers play it for CP")
	}
	return s.debaterFree("caraffa")
}

func inquisitionExamples(s *St, p int) []string {
	tail := ""
	for _, sp := range s.italianProt()[:min(2, len(s.italianProt()))] {
		tail += ", " + spaces[sp].Name
	}
	return []string{"protestant" + tail, "england" + tail}
}

// papalInquisition commits Caraffa, flips the Italian spaces named, shows
// the Papacy the hand named and asks it what follows.
func (r *run) papalInquisition(args string) error {
	s := r.s
	legal := inquisitionExamples(s, Papacy)
	items := orders.SplitList(args)
	if len(items) == 0 {
		return errLegal(legal, "name the hand to look at: england or protestant, then the Protestant Italian spaces to flip")
	}
	q, err := matchPower(items[0])
	if err != nil || q != England && q != Protestant {
		return errLegal(legal, "name the hand to look at: england or protestant, then the Protestant Italian spaces to flip")
	}
	ok := s.italianProt()
	var at []int
	for _, x := range items[1:] {
		sp, err := matchSpace(x)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(ok, sp) || containsInt(at, sp) {
			return errLegal(legal, "%s is not a Protestant space of the Italian zone", spaces[sp].Name)
		}
		at = append(at, sp)
	}
	if len(at) != min(2, len(ok)) {
		return errLegal(legal, "name %d Protestant spaces of the Italian zone", min(2, len(ok)))
	}
	r.commitDebater("caraffa")
	for _, sp := range at {
		r.flip(sp, false)
		r.say("%s flips %s to Catholic.", powers[Papacy].Name, spaces[sp].Name)
	}
	r.say("Papal Inquisition: the Papacy looks at the hand of %s.", powers[q].Name)
	var names []string
	for _, c := range s.Hands[q] {
		names = append(names, cardName(int(c)))
	}
	if len(names) == 0 {
		names = []string{"no card"}
	}
	r.tell(Papacy, "Papal Inquisition: the hand of %s holds %s.", powers[q].Name, strings.Join(names, "; "))
	s.Inquisition = q + 1
	r.askChoice(cardInquisition, Papacy)
	return nil
}

// inquisitionPicks are the cards of the discard pile the Papacy may
// take (HIS-6.2h).
func (s *St) inquisitionPicks() []int {
	var out []int
	for _, c := range s.Discard {
		if cards[c].Type != CardMandatory && !s.Mand.Played[Papacy].has(int(c)) {
			out = append(out, int(c))
		}
	}
	return out
}

func inquisitionChoices(s *St) []string {
	var out []string
	if q := s.Inquisition - 1; q >= 0 && len(s.drawable(q)) > 0 {
		out = append(out, "draw")
	}
	if p := s.inquisitionPicks(); len(p) > 0 {
		out = append(out, fmt.Sprintf("take %d", p[0]))
	}
	for _, z := range translationZones {
		if s.canDebate(Papacy, z) == nil {
			out = append(out, "debate "+zoneID(z))
		}
	}
	for _, z := range []int{LangItalian, LangSpanish} {
		if s.canDebate(Papacy, z) == nil {
			out = append(out, "debate "+zoneID(z))
		}
	}
	if len(out) == 0 {
		out = []string{"done"}
	}
	return out
}

func (r *run) inquisitionAnswer(l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	q := s.Inquisition - 1
	text := choiceText(l.Text)
	verb, rest, _ := strings.Cut(text, " ")
	finish := func() {
		s.choiceDone()
		s.Inquisition = 0
	}
	switch {
	case verb == "done" && legal[0] == "done":
		finish()
		r.say("Papal Inquisition: the Papacy has nothing more to do.")
		return []string{"done"}, nil
	case verb == "draw" && rest == "" && containsString(legal, "draw"):
		finish()
		r.drawCard(q, Papacy, "Papal Inquisition")
		return []string{"draw"}, nil
	case verb == "take":
		n, err := matchCard(rest, s.Discard)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		if !containsInt(s.inquisitionPicks(), n) {
			return nil, reject(l, errLegal(legal, "%s may not be taken from the discard pile (HIS-6.2h)", cardName(n)))
		}
		finish()
		s.pullCard(n)
		s.giveCard(Papacy, n)
		r.say("Papal Inquisition: the Papacy takes %s from the discard pile.", cardName(n))
		return []string{fmt.Sprintf("take %d", n)}, nil
	case verb == "debate":
		z, ok := zoneWords[strings.TrimSuffix(rest, " zone")]
		if !ok {
			return nil, reject(l, errLegal(legal, "%q is not a language zone", rest))
		}
		if err := s.canDebate(Papacy, z); err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		finish()
		r.say("Papal Inquisition: the Papacy calls a debate with 2 extra dice (HIS-18.5f).")
		r.inquisitionDice = 2
		r.debate(Papacy, z, false, -1, -1)
		r.inquisitionDice = 0
		return []string{"debate " + zoneID(z)}, nil
	}
	return nil, reject(l, errLegal(legal, "answer draw, take <card> or debate <zone>"))
}

// --- 58 Spanish Inquisition ---------------------------------------------------

const cardSpanishInq = 58

// spanishProt are the Protestant spaces of the Spanish zone.
func (s *St) spanishProt() []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.Prot.has(sp) && spaces[sp].Lang == LangSpanish {
			out = append(out, sp)
		}
	}
	return out
}

func spanishInqCan(s *St, p int) error {
	if p != Hapsburg {
		return fmt.Errorf("Spanish Inquisition is a Hapsburg event: other powers play it for CP")
	}
	return nil
}

func spanishInqExamples(s *St, p int) []string {
	var names []string
	for _, sp := range s.spanishProt()[:min(2, len(s.spanishProt()))] {
		names = append(names, spaces[sp].Name)
	}
	return []string{strings.Join(names, ", ")}
}

// spanishInquisition flips the Spanish spaces named and shows the
// Hapsburg the English and Protestant hands; the Hapsburg then chooses
// the card to discard.
func (r *run) spanishInquisition(args string) error {
	s := r.s
	legal := spanishInqExamples(s, Hapsburg)
	ok := s.spanishProt()
	at, err := pickSpaces(orders.SplitList(args), func(sp int) bool { return containsInt(ok, sp) }, legal, "%s is not a Protestant space of the Spanish zone")
	if err != nil {
		return err
	}
	if len(at) != min(2, len(ok)) {
		return errLegal(legal, "name %d Protestant spaces of the Spanish zone", min(2, len(ok)))
	}
	for _, sp := range at {
		r.flip(sp, false)
		r.say("%s flips %s to Catholic.", powers[Hapsburg].Name, spaces[sp].Name)
	}
	r.say("Spanish Inquisition: the Hapsburg looks at the hands of England and the Protestant.")
	for _, q := range []int{England, Protestant} {
		var names []string
		for _, c := range s.Hands[q] {
			names = append(names, cardName(int(c)))
		}
		if len(names) == 0 {
			names = []string{"no card"}
		}
		r.tell(Hapsburg, "Spanish Inquisition: the hand of %s holds %s.", powers[q].Name, strings.Join(names, "; "))
	}
	if len(s.spanishDiscards()) == 0 {
		r.say("Spanish Inquisition: no card may be discarded from those hands.")
		r.mandDraw(Hapsburg, 1)
		r.spanishDebate()
		return nil
	}
	r.askChoice(cardSpanishInq, Hapsburg)
	return nil
}

// spanishDiscards are the cards of the English and Protestant hands the
// Hapsburg may discard: no Home card, no Mandatory Event.
func (s *St) spanishDiscards() []int {
	var out []int
	for _, q := range []int{England, Protestant} {
		for _, c := range s.Hands[q] {
			if t := cards[c].Type; t != CardHome && t != CardMandatory {
				out = append(out, int(c))
			}
		}
	}
	return out
}

// papalDebateZones are the zones the Papacy may call a debate in now.
func (s *St) papalDebateZones() []int {
	var out []int
	for _, z := range translationZones {
		if s.canDebate(Papacy, z) == nil {
			out = append(out, z)
		}
	}
	return out
}

// spanishDebate asks the Papacy for the zone of its debate, or says none
// may be called.
func (r *run) spanishDebate() {
	if len(r.s.papalDebateZones()) == 0 {
		r.say("Spanish Inquisition: the Papacy may call no debate.")
		return
	}
	r.askChoice(cardSpanishInq, Papacy)
}

func spanishInqChoices(s *St, d Decision) []string {
	var out []string
	if d.Power == Hapsburg {
		for _, c := range s.spanishDiscards() {
			out = append(out, fmt.Sprintf("discard %d", c))
		}
	} else {
		for _, z := range s.papalDebateZones() {
			out = append(out, "debate "+zoneID(z))
		}
	}
	if len(out) == 0 {
		out = []string{"done"}
	}
	return out
}

func (r *run) spanishInqAnswer(d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	text := choiceText(l.Text)
	verb, rest, _ := strings.Cut(text, " ")
	if d.Power == Hapsburg {
		if verb != "discard" {
			return nil, reject(l, errLegal(legal, "answer discard <card> (a card of the English or the Protestant hand)"))
		}
		var hand []uint8
		for _, c := range s.spanishDiscards() {
			hand = append(hand, uint8(c))
		}
		n, err := matchCard(rest, hand)
		if err != nil || !containsInt(s.spanishDiscards(), n) {
			return nil, reject(l, errLegal(legal, "answer discard <card> (a card of the English or the Protestant hand)"))
		}
		s.choiceDone()
		q := England
		if containsCard(s.Hands[Protestant], n) {
			q = Protestant
		}
		s.takeFromHand(q, n)
		s.discard(n)
		r.say("Spanish Inquisition: the Hapsburg discards %s from the hand of %s.", cardName(n), powers[q].Name)
		r.mandDraw(Hapsburg, 1)
		r.spanishDebate()
		return []string{fmt.Sprintf("discard %d", n)}, nil
	}
	z, ok := zoneWords[strings.TrimSuffix(rest, " zone")]
	if verb != "debate" || !ok || !containsInt(s.papalDebateZones(), z) {
		return nil, reject(l, errLegal(legal, "answer debate <zone>"))
	}
	s.choiceDone()
	r.debate(Papacy, z, false, -1, -1)
	return []string{"debate " + zoneID(z)}, nil
}

// checkEvrel verifies that Papal Inquisition remembers a hand exactly
// while the Papacy owes its choice.
func (s *St) checkEvrel() error {
	owed := s.Mand.Ask == cardInquisition
	if (s.Inquisition != 0) != owed || s.Inquisition != 0 && s.Inquisition-1 != England && s.Inquisition-1 != Protestant {
		return fmt.Errorf("Papal Inquisition hand %d, choice owed %v", s.Inquisition, owed)
	}
	return nil
}

// --- Registration ---------------------------------------------------------

// whereKeys read the spaces an unrest card names, in its refusals.
var whereKeys = map[string]string{}

func init() {
	for _, c := range attemptCards {
		sourceKeys[cards[c.n].Name] = fmt.Sprintf("his.src.ev%d", c.n)
	}
	for _, u := range unrestCards {
		whereKeys[u.where] = "his.where." + strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(u.where))
		registerEvent(u.n, cardEvent{can: u.can, play: u.play, examples: u.examples})
	}
	for _, c := range attemptCards {
		registerEvent(c.n, cardEvent{can: c.can, play: c.play})
	}
	for _, n := range []int{90, 75, 63, 41} {
		sourceKeys[cards[n].Name] = fmt.Sprintf("his.src.ev%d", n)
	}
	plain := func(can func(*St, int) error, f func(r *run, p int)) cardEvent {
		return cardEvent{can: can, play: func(r *run, p int, args string) error {
			if args != "" {
				return errLegal(r.playLine(), "this event takes no choices")
			}
			f(r, p)
			return nil
		}}
	}
	// The attempts' power may name a debater for the bonus (HIS-18.2k).
	withBonus := func(who func(s *St) int, f func(r *run, deb int)) cardEvent {
		return cardEvent{play: func(r *run, p int, args string) error {
			deb, err := r.bonusOnly(p, who(r.s), args)
			if err != nil {
				return err
			}
			f(r, deb)
			return nil
		}}
	}
	protestant := func(*St) int { return Protestant }
	registerEvent(90, withBonus(protestant, (*run).printingPress))
	registerEvent(75, withBonus((*St).erasmusFor, (*run).erasmus))
	registerEvent(63, withBonus(protestant, (*run).dissolution))
	registerEvent(39, plain(func(s *St, p int) error { return s.debaterFree("melanchthon") }, func(r *run, p int) { r.augsburg() }))
	registerEvent(45, plain(calvinExpelledCan, func(r *run, p int) { r.calvinExpelled() }))
	registerEvent(52, plain(nil, func(r *run, p int) { r.michelangelo() }))
	registerEvent(81, plain(indulgenceCan, func(r *run, p int) { r.indulgenceVendor() }))
	registerEvent(51, plain(nil, func(r *run, p int) { r.servetus(p) }))
	registerEvent(47, cardEvent{play: func(r *run, p int, args string) error { return r.copernicus(p, args) }, examples: copernicusExamples})
	registerEvent(67, cardEvent{can: anabaptistCan, play: func(r *run, p int, args string) error { return r.anabaptists(p, args) }, examples: anabaptistExamples})
	registerEvent(41, cardEvent{can: marburgCan, play: func(r *run, p int, args string) error { return r.marburg(p, args) }, examples: marburgExamples})
	registerEvent(cardBigamy, cardEvent{play: func(r *run, p int, args string) error { return r.bigamy(p, args) }, examples: bigamyExamples})
	choiceHooks[cardBigamy] = &choiceHook{
		choices: func(s *St, d Decision) []string { return bigamyChoices(s) },
		text: func(s *St, d Decision) string {
			return "Philip of Hesse's Bigamy: write remove philip of hesse (he leaves the game) or discard (a card drawn at random from your hand)."
		},
		answer: func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
			choice := choiceText(l.Text)
			c, err := r.s.bigamyParse(choice)
			if err != nil {
				return nil, reject(l, err)
			}
			r.s.choiceDone()
			_ = r.bigamyApply(c)
			if c == "remove" {
				return []string{"remove philip of hesse"}, nil
			}
			return []string{"discard"}, nil
		},
	}
	afterAttempts[cardPrayer] = func(r *run) { r.prayerUnrest() }
	sourceKeys[cards[cardPrayer].Name] = "his.src.ev62"
	registerEvent(cardPrayer, plain(func(s *St, p int) error { return s.debaterFree("cranmer") }, func(r *run, p int) { r.commonPrayer() }))
	registerEvent(cardInquisition, cardEvent{can: inquisitionCan, examples: inquisitionExamples,
		play: func(r *run, p int, args string) error { return r.papalInquisition(args) }})
	choiceHooks[cardInquisition] = &choiceHook{
		choices: func(s *St, d Decision) []string { return inquisitionChoices(s) },
		text: func(s *St, d Decision) string {
			q := max(s.Inquisition-1, 0)
			return fmt.Sprintf("Papal Inquisition: write draw (a card at random from the hand of %s), take <card> (a card from the discard pile) or debate <zone> (a debate with 2 extra dice).", powers[q].Name)
		},
		answer: func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
			return r.inquisitionAnswer(l, legal)
		},
	}
	registerEvent(cardSpanishInq, cardEvent{can: spanishInqCan, examples: spanishInqExamples,
		play: func(r *run, p int, args string) error { return r.spanishInquisition(args) }})
	choiceHooks[cardSpanishInq] = &choiceHook{
		choices: spanishInqChoices,
		text: func(s *St, d Decision) string {
			if d.Power == Hapsburg {
				return "Spanish Inquisition: write discard <card>, a card of the English or the Protestant hand; then you draw a card."
			}
			return "Spanish Inquisition: write debate <zone>, the zone of your debate."
		},
		answer: func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
			return r.spanishInqAnswer(d, l, legal)
		},
	}
	registerEvent(78, cardEvent{play: func(r *run, p int, args string) error { return r.frederick(p, args) }, examples: frederickExamples})
	registerEvent(43, cardEvent{can: zwingliCan, play: func(r *run, p int, args string) error { return r.zwingli(args) }, examples: zwingliExamples})
	registerEvent(55, cardEvent{can: jesuitEducationCan,
		play: func(r *run, p int, args string) error {
			at, err := r.s.jesuitArgs(p, args)
			if err != nil {
				return err
			}
			r.placeJesuits(at)
			return nil
		},
		examples: func(s *St, p int) []string { return s.jesuitExamples(p) }})
}

// evrelPatterns are the readers of the texts of this file (see i18nInit).
func evrelPatterns(p func(key, english string) *msg.Pattern) (prompts, events, whys msg.Patterns) {
	convs["where"] = convKey(whereKeys)
	prompts = msg.Patterns{
		p("his.prompt.rel.spanish_discard", "Spanish Inquisition: write discard <card>, a card of the English or the Protestant hand; then you draw a card."),
		p("his.prompt.rel.spanish_debate", "Spanish Inquisition: write debate <zone>, the zone of your debate."),
		p("his.prompt.rel.inquisition", "Papal Inquisition: write draw (a card at random from the hand of {Power:power}), take <card> (a card from the discard pile) or debate <zone> (a debate with 2 extra dice)."),
		p("his.prompt.rel.bigamy", "Philip of Hesse's Bigamy: write remove philip of hesse (he leaves the game) or discard (a card drawn at random from your hand)."),
	}
	events = msg.Patterns{
		p("his.ev.rel.unrest", "{Space} falls into unrest ({Card})."),
		p("his.ev.rel.unrest_removed", "{Power:power} removes the unrest in {Space}."),
		p("his.ev.rel.committed", "{Name} is committed ({Card})."),
		p("his.ev.rel.attempts", "{Card}: the Protestant makes {N:int} Reformation attempts, target zone {Zone:zone}."),
		p("his.ev.rel.counter", "{Card}: the Papacy makes {N:int} Counter-Reformation attempts, target zone {Zone:zone}."),
		p("his.ev.rel.printing_press", "Printing Press: until the end of the turn the Protestant rolls 1 extra die in each Reformation attempt (HIS-18.3g)."),
		p("his.ev.rel.augsburg", "Augsburg Confession: until the end of the turn the Papacy subtracts 1 from its Counter-Reformation rolls and rolls 1 die fewer in the debates it calls (HIS-18.4f)."),
		p("his.ev.rel.calvin_expelled", "Calvin is expelled: the reformer leaves the map until the next turn and his debater is committed."),
		p("his.ev.rel.michelangelo", "Michelangelo: the Papacy rolls 2 dice [{A:int} {B:int}]: {N:int} CP toward St. Peter's."),
		p("his.ev.rel.indulgence", "Indulgence Vendor: {Card} is drawn at random from the Protestant hand and discarded; its {N:int} CP go toward St. Peter's."),
		p("his.ev.rel.copernicus_2", "Copernicus: at least half the home spaces of {Power:power} are Protestant: it gains 2 VP."),
		p("his.ev.rel.copernicus_draw", "Copernicus: {Power:power} gains 1 VP and draws a card."),
		p("his.ev.rel.copernicus_discard", "Copernicus: {Power:power} gains 1 VP and the Protestant discards a card at random."),
		p("his.ev.rel.no_discard", "{Power:power} has no card to discard."),
		p("his.ev.rel.discards", "{Power:power} discards {Card}, drawn at random."),
		p("his.ev.rel.wartburg", "Frederick the Wise: the Protestant takes {Card} from the discard pile."),
		p("his.ev.rel.zwingli_kills", "Zwingli Dons Armor: the Protestant eliminates {Units:units} in {Space}."),
		p("his.ev.rel.zwingli_dies", "Zwingli falls in battle: his reformer and his debater leave the game."),
		p("his.ev.rel.bigamy_remove", "Philip of Hesse's Bigamy: the Protestant removes Philip of Hesse from the game."),
		p("his.ev.rel.bigamy_discard", "Philip of Hesse's Bigamy: the Protestant discards a card at random."),
		p("his.ev.rel.bigamy_ask", "Philip of Hesse's Bigamy: the Protestant chooses to remove Philip of Hesse or to discard a card at random."),
		p("his.ev.rel.prayer", "Book of Common Prayer: the Protestant makes 4 Reformation attempts in English home spaces, Calais included."),
		p("his.ev.rel.prayer_roll", "Book of Common Prayer: the die rolls {D:int}: {N:int} Catholic English home spaces fall into unrest."),
		p("his.ev.rel.inquisition_look", "Papal Inquisition: the Papacy looks at the hand of {Power:power}."),
		p("his.ev.rel.inquisition_hand", "Papal Inquisition: the hand of {Power:power} holds {Cards}."),
		p("his.ev.rel.inquisition_none", "Papal Inquisition: the Papacy has nothing more to do."),
		p("his.ev.rel.inquisition_take", "Papal Inquisition: the Papacy takes {Card} from the discard pile."),
		p("his.ev.rel.inquisition_debate", "Papal Inquisition: the Papacy calls a debate with 2 extra dice (HIS-18.5f)."),
		p("his.ev.rel.spanish_look", "Spanish Inquisition: the Hapsburg looks at the hands of England and the Protestant."),
		p("his.ev.rel.spanish_hand", "Spanish Inquisition: the hand of {Power:power} holds {Cards}."),
		p("his.ev.rel.spanish_none", "Spanish Inquisition: no card may be discarded from those hands."),
		p("his.ev.rel.spanish_discard", "Spanish Inquisition: the Hapsburg discards {Card} from the hand of {Power:power}."),
		p("his.ev.rel.spanish_no_debate", "Spanish Inquisition: the Papacy may call no debate."),
		p("his.ev.rel.servetus", "Michael Servetus: {Power:power} gains 1 VP and the Protestant discards a card at random."),
	}
	whys = msg.Patterns{
		p("his.why.rel.no_unrest", "no unoccupied {Where:where} is free of unrest (HIS-12.4a)"),
		p("his.why.rel.unrest_spot", "{Space} is not an unoccupied {Where:where} free of unrest (HIS-12.4a)"),
		p("his.why.rel.unrest_n", "name 1 to {N:int} spaces for the unrest"),
		p("his.why.rel.debater", "{Name} is not an uncommitted debater (HIS-18.3c)"),
		p("his.why.rel.bonus_only", "this event takes no choices but, when {Power:power} plays it, \"with <debater>\" for a debater's bonus"),
		p("his.why.rel.bonus_debater", "{Name}'s bonus may not go to these attempts now (HIS-18.2i-k)"),
		p("his.why.rel.bonus_power", "only {Power:power} names a debater for the bonus of these attempts (HIS-18.2k)"),
		p("his.why.rel.calvin_off", "the reformer Calvin is not on the map"),
		p("his.why.rel.indulgence_own", "Indulgence Vendor draws from the Protestant hand: the Protestant plays it for CP only"),
		p("his.why.rel.no_draw", "the Protestant holds no card that may be drawn"),
		p("his.why.rel.copernicus", "choose draw (a card for you) or discard (a card at random from the Protestant hand)"),
		p("his.why.rel.no_anabaptist", "no unoccupied Protestant space is outside the electorates"),
		p("his.why.rel.anabaptist_spot", "{Space} is not an unoccupied Protestant space outside the electorates"),
		p("his.why.rel.anabaptist_n", "name {N:int} unoccupied Protestant spaces outside the electorates"),
		p("his.why.rel.jesuit_society", "Jesuit Education needs Society of Jesus played first (HIS-18.2c)"),
		p("his.why.rel.jesuit_none", "no Catholic space is without a university (HIS-18.2c)"),
		p("his.why.rel.frederick_spot", "{Space} is not a Catholic German-speaking space"),
		p("his.why.rel.frederick_n", "name the {N:int} Catholic German-speaking spaces nearest Wittenberg"),
		p("his.why.rel.zwingli_own", "Zwingli Dons Armor is a Protestant event: other powers play it for CP"),
		p("his.why.rel.zwingli_off", "the reformer Zwingli is not on the map"),
		p("his.why.rel.zwingli_none", "no Catholic land unit is within 3 spaces of Zurich"),
		p("his.why.rel.zwingli_pick", "name a Catholic land unit within 3 spaces of Zurich as <power> <unit> in <space>"),
		p("his.why.rel.philip_off", "Philip of Hesse is not on the map"),
		p("his.why.rel.bigamy", "answer remove philip of hesse or discard"),
		p("his.why.rel.bigamy_next", "the Protestant chooses: it is asked next"),
		p("his.why.rel.inquisition_own", "Papal Inquisition is a Papal event: other powers play it for CP"),
		p("his.why.rel.inquisition_hand", "name the hand to look at: england or protestant, then the Protestant Italian spaces to flip"),
		p("his.why.rel.inquisition_spot", "{Space} is not a Protestant space of the Italian zone"),
		p("his.why.rel.inquisition_n", "name {N:int} Protestant spaces of the Italian zone"),
		p("his.why.rel.inquisition_take", "{Card} may not be taken from the discard pile (HIS-6.2h)"),
		p("his.why.rel.inquisition_answer", "answer draw, take <card> or debate <zone>"),
		p("his.why.rel.spanish_own", "Spanish Inquisition is a Hapsburg event: other powers play it for CP"),
		p("his.why.rel.spanish_spot", "{Space} is not a Protestant space of the Spanish zone"),
		p("his.why.rel.spanish_n", "name {N:int} Protestant spaces of the Spanish zone"),
		p("his.why.rel.spanish_discard", "answer discard <card> (a card of the English or the Protestant hand)"),
		p("his.why.rel.spanish_debate", "answer debate <zone>"),
		p("his.why.rel.marburg", "Marburg Colloquy needs Luther or Melanchthon and Zwingli or Oekolampadius uncommitted"),
		p("his.why.rel.marburg_pick", "name one of Luther and Melanchthon and one of Zwingli and Oekolampadius, uncommitted"),
	}
	return
}
