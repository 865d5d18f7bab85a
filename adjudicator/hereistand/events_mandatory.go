package hereistand

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Mandatory Events (HIS-6.1d, HIS-19.8): the Schmalkaldic League, the
// new rulers (Clement VII, Paul III, Julius III, Henry II, Calvin), the
// Society of Jesus, Defender of the Faith, Master of Italy, Council of
// Trent and the 500th-anniversary cards Imperial Coronation and La
// Forêt's Embassy in Istanbul. Each is resolved when played, before its
// 2 CP are spent, or in the Winter Phase of its deadline turn (HIS-19.8a)
// with the choices its power would make by default.
//
// The part of the state these events and the Home cards keep is Mand.

// mandState is what the Mandatory Events and the Home cards remember
// (St.Mand).
type mandState struct {
	// Played holds the cards each power played as an event this turn:
	// a card is played as an event once a turn (HIS-11d) and never taken
	// back from the discard pile by the power that played it (HIS-6.2h).
	Played [NMajor]cardSet
	// ExcomReformers holds the reformers excommunicated this turn (bit
	// per reformer): back in their space next Card Draw Phase (HIS-21.5f).
	ExcomReformers uint8
	// ExcomRulers holds every ruler ever excommunicated (bit per ruler,
	// HIS-21.5e).
	ExcomRulers uint16
	// Ask is the card whose choices another power owes (a DecChoice on
	// the stack): 15 Society of Jesus or 17 Council of Trent; 0 if none.
	Ask int
	// Trent holds the debaters committed to the Council of Trent in
	// progress (Papal, Protestant; bit per debater) and TrentSet the sides
	// that have chosen (bit 0 the Papacy, bit 1 the Protestant).
	Trent    [2]uint64
	TrentSet uint8
}

// mandWire is the stored form of mandState.
type mandWire struct {
	Played         map[string][]int `json:"played_as_event,omitempty"`
	ExcomReformers []string         `json:"excommunicated_reformers,omitempty"`
	ExcomRulers    []string         `json:"excommunicated_rulers,omitempty"`
	Ask            int              `json:"ask,omitempty"`
	Trent          [2][]string      `json:"trent,omitempty"`
	TrentSet       uint8            `json:"trent_set,omitempty"`
}

func (m *mandState) wire() *mandWire {
	var w mandWire
	for p := 0; p < NMajor; p++ {
		for n := 1; n <= NC; n++ {
			if m.Played[p].has(n) {
				if w.Played == nil {
					w.Played = map[string][]int{}
				}
				w.Played[powers[p].ID] = append(w.Played[powers[p].ID], n)
			}
		}
	}
	for i := range reformers {
		if m.ExcomReformers&(1<<i) != 0 {
			w.ExcomReformers = append(w.ExcomReformers, reformers[i].ID)
		}
	}
	for i := range rulers {
		if m.ExcomRulers&(1<<i) != 0 {
			w.ExcomRulers = append(w.ExcomRulers, rulers[i].ID)
		}
	}
	w.Ask, w.TrentSet = m.Ask, m.TrentSet
	for i := range m.Trent {
		for d := range debaters {
			if m.Trent[i]&(1<<d) != 0 {
				w.Trent[i] = append(w.Trent[i], debaters[d].ID)
			}
		}
	}
	if w.Played == nil && w.ExcomReformers == nil && w.ExcomRulers == nil && w.Ask == 0 && w.TrentSet == 0 &&
		w.Trent[0] == nil && w.Trent[1] == nil {
		return nil
	}
	return &w
}

func (m *mandState) fromWire(w *mandWire) error {
	*m = mandState{}
	if w == nil {
		return nil
	}
	for id, list := range w.Played {
		p, ok := powerByID[id]
		if !ok || p >= NMajor {
			return fmt.Errorf("here-i-stand state: cards played as events by %q", id)
		}
		for _, n := range list {
			if n < 1 || n > NC {
				return fmt.Errorf("here-i-stand state: card %d played as an event", n)
			}
			m.Played[p].set(n)
		}
	}
	for _, id := range w.ExcomReformers {
		i, ok := reformerByID[id]
		if !ok || i >= 8 {
			return fmt.Errorf("here-i-stand state: excommunicated reformer %q", id)
		}
		m.ExcomReformers |= 1 << i
	}
	for _, id := range w.ExcomRulers {
		i, ok := rulerByID[id]
		if !ok || i >= 16 {
			return fmt.Errorf("here-i-stand state: excommunicated ruler %q", id)
		}
		m.ExcomRulers |= 1 << i
	}
	if w.Ask != 0 && w.Ask != 15 && w.Ask != 17 && choiceHooks[w.Ask] == nil || w.TrentSet > 3 {
		return fmt.Errorf("here-i-stand state: event choice owed for card %d", w.Ask)
	}
	m.Ask, m.TrentSet = w.Ask, w.TrentSet
	for i, ids := range w.Trent {
		for _, id := range ids {
			d, ok := debaterByID[id]
			if !ok {
				return fmt.Errorf("here-i-stand state: debater %q at the Council of Trent", id)
			}
			m.Trent[i] |= 1 << d
		}
	}
	return nil
}

// checkMand verifies that an excommunicated reformer is off the map and
// that an event's choices are owed exactly when the stack says so.
func (s *St) checkMand() error {
	asked := false
	for _, d := range s.Flow.Stack {
		asked = asked || d.Kind == DecChoice
	}
	if asked != (s.Mand.Ask != 0) || (s.Mand.Ask != 17 && (s.Mand.TrentSet != 0 || s.Mand.Trent != [2]uint64{})) {
		return fmt.Errorf("event choices owed %v, card %d", asked, s.Mand.Ask)
	}
	for i := range reformers {
		if s.Mand.ExcomReformers&(1<<i) != 0 && s.Rel.Reformer[i] != ReformerRemoved {
			return fmt.Errorf("excommunicated reformer %s on the map", reformers[i].Name)
		}
	}
	return nil
}

// playedAsEvent reports whether card n was played as an event this turn.
func (s *St) playedAsEvent(n int) bool {
	for p := 0; p < NMajor; p++ {
		if s.Mand.Played[p].has(n) {
			return true
		}
	}
	return false
}

// heldMandatory reports whether card n in power p's hand is a Mandatory
// Event that may not be played yet (the Schmalkaldic League before its
// conditions): it is held, blocks no pass and is not counted against the
// administrative rating (see the rulings).
func (s *St) heldMandatory(p, n int) bool {
	return cards[n].Type == CardMandatory && hasEvent(n) && s.eventPlayable(p, n) != nil
}

// mandCardDraw begins a turn for the events: excommunicated reformers
// return to their spaces without changing their religion (HIS-8.2f,
// HIS-21.5f), and every card may again be played as an event.
func (r *run) mandCardDraw() {
	s := r.s
	for i, rf := range reformers {
		if s.Mand.ExcomReformers&(1<<i) == 0 {
			continue
		}
		s.Rel.Reformer[i] = int16(rf.Space)
		if d, ok := debaterByID[rf.ID]; ok && s.Rel.Debater[d] == DebRemoved {
			s.Rel.Debater[d] = DebUncommitted
		}
		r.say("The reformer %s returns to %s (HIS-8.2f).", rf.Name, spaces[rf.Space].Name)
	}
	s.Mand.ExcomReformers = 0
	s.Mand.Played = [NMajor]cardSet{}
	s.Flow.Resp.NoDebate = false // The Wartburg lasts one turn (respond.go)
}

// winterPower is the power a Mandatory Event forced in Winter is resolved
// for when no hand holds it: the power it concerns.
var winterPower = map[int]int{9: Ottoman, 10: Papacy, 13: Protestant, 14: Papacy, 15: Papacy}

// mandatoryWinter resolves the Mandatory Events whose deadline is this
// turn's Winter and which have not occurred (HIS-19.8a): the card is
// pulled from wherever it is and removed as if played by a power, with
// the choices made by default and no CP.
func (r *run) mandatoryWinter() {
	s := r.s
	for n := 1; n <= NC; n++ {
		if cards[n].Winter != s.Turn || s.Removed.has(n) || (cards[n].Optional && !s.OptionalCards) {
			continue
		}
		holder := NoPower
		for p := 0; p < NMajor; p++ {
			if containsCard(s.Hands[p], n) {
				holder = p
			}
		}
		s.pullCard(n)
		s.Removed.set(n)
		if !hasEvent(n) {
			r.say("%s occurs in winter (HIS-19.8); its effects arrive with the card events.", cardName(n))
			continue
		}
		p := holder
		if p == NoPower {
			p = winterPower[n]
		}
		r.say("%s occurs in winter (HIS-19.8).", cardName(n))
		if err := events[n].play(r, p, ""); err != nil {
			r.say("%s cannot be resolved: %v.", cardName(n), err)
		}
	}
}

// mandDraw draws n cards from the deck for power p (an event's card
// draw): everyone hears that a card was drawn, p alone which. An empty
// deck gives nothing (it is reshuffled in the next Card Draw Phase).
func (r *run) mandDraw(p, n int) {
	s := r.s
	for i := 0; i < n; i++ {
		if len(s.Deck) == 0 {
			r.say("The deck is empty: %s draws no card.", powers[p].Name)
			return
		}
		c := s.Deck[len(s.Deck)-1]
		s.Deck = s.Deck[:len(s.Deck)-1]
		s.Hands[p] = append(s.Hands[p], c)
		sortCards(s.Hands[p])
		r.say("%s draws a card.", powers[p].Name)
		r.tell(p, "%s draws %s.", powers[p].Name, cardName(int(c)))
	}
}

// newRuler puts the ruler that card n brings on its power card (HIS-3.3a).
func (r *run) newRuler(n int) int {
	s := r.s
	for i, ru := range rulers {
		if ru.Card == n {
			s.Ruler[ru.Power] = uint8(i)
			if ru.Power == England {
				s.More.Crowned = s.Turn // Lady Jane Grey (events_more.go)
			}
			r.say("%s is the new ruler of %s.", ru.Name, powers[ru.Power].Name)
			return ru.Power
		}
	}
	return NoPower
}

// --- 13 Schmalkaldic League (HIS-21.6) ---------------------------------

const (
	cardLeague  = 13
	leagueSpots = 12 // Protestant spaces, unrest included (HIS-21.6a)
)

// leagueCan: from turn 2, with 12 Protestant spaces (HIS-21.6a, HIS-21.6d).
func leagueCan(s *St, p int) error {
	if s.League {
		return fmt.Errorf("the Schmalkaldic League has already formed")
	}
	if s.Turn < 2 {
		return fmt.Errorf("the Schmalkaldic League may be played from turn 2 (HIS-21.6d)")
	}
	if n := s.Prot.count(); n < leagueSpots {
		return fmt.Errorf("the Schmalkaldic League needs %d Protestant spaces and there are %d (HIS-21.6a)", leagueSpots, n)
	}
	return nil
}

// league forms the Schmalkaldic League (HIS-21.6e-j).
func (r *run) league() {
	s := r.s
	s.League = true
	// HIS-21.6h, HIS-9.1b1: war with the Hapsburg and the Papacy, for good.
	for _, q := range []int{Hapsburg, Papacy} {
		s.setAlly(Protestant, q, false)
		s.setWar(Protestant, q, true)
	}
	r.say("The Schmalkaldic League forms: the Protestant is at war with the Hapsburg and the Papacy for the rest of the game (HIS-21.6h).")
	// HIS-21.6f: Protestant home spaces Protestant in religion.
	for _, sp := range homeSpaces(Protestant) {
		if !s.Prot.has(sp) || s.Controller(sp) == Protestant || s.Warfare.Siege.has(sp) {
			continue
		}
		s.Ctrl[sp] = Protestant
		r.say("%s comes under Protestant control (HIS-21.6f).", spaces[sp].Name)
		for q := 0; q < Independent; q++ {
			if q != Protestant && s.Enemy(Protestant, q) && (!s.Units[sp][q].empty() || len(s.leadersAt(sp, q)) > 0) {
				r.log(s.moveOut(q, sp))
			}
		}
	}
	// HIS-21.6i: Protestant regulars in Catholic electorates go to the
	// nearest Protestant electorate.
	for i, e := range electorates {
		u := s.Units[e][Protestant]
		if s.Prot.has(e) || u.Land() == 0 {
			continue
		}
		f := Force{Reg: u.Reg, Merc: u.Merc}
		to := s.nearestLand(e, func(x int) bool { return electorateIndex(x) >= 0 && s.Prot.has(x) })
		if to < 0 {
			_ = s.removeUnits(e, Protestant, f)
			s.Display[i] += f.Reg
			r.say("%d Protestant regulars in Catholic %s return to the Electorate display (HIS-21.6i).", f.Land(), spaces[e].Name)
			continue
		}
		_ = s.removeUnits(e, Protestant, f)
		s.addUnits(to, Protestant, f)
		s.fitCounters(to, Protestant)
		r.say("%d Protestant regulars leave Catholic %s for %s (HIS-21.6i).", f.Land(), spaces[e].Name, spaces[to].Name)
	}
	// HIS-21.6j: electorates now Protestant in both receive their regulars.
	for _, e := range electorates {
		r.log(s.displayArrivals(e))
	}
	// HIS-21.6e: the two leaders join the stacks nearest their homes.
	for _, x := range [][2]string{{"john_frederick", "wittenberg"}, {"philip_of_hesse", "kassel"}} {
		l, home := leaderByID[x[0]], spaceByID[x[1]]
		if s.Leader[l] != LeaderOff {
			continue
		}
		at := s.nearestLand(home, func(y int) bool { return s.Units[y][Protestant].Land() > 0 })
		if at < 0 {
			at = s.nearestLand(home, func(y int) bool { return s.Controller(y) == Protestant })
		}
		if at < 0 {
			r.say("%s finds no Protestant space and stays off the map (HIS-21.6e).", leaders[l].Name)
			continue
		}
		s.Leader[l] = int16(at)
		r.say("%s enters in %s (HIS-21.6e).", leaders[l].Name, spaces[at].Name)
	}
}

// electorateBarred: before the League no power but the Protestant moves,
// avoids battle or retreats into an electorate (HIS-21.6b).
func (s *St) electorateBarred(p, sp int) bool {
	return !s.League && p != Protestant && electorateIndex(sp) >= 0
}

// displayArrivals places the Electorate display regulars of electorate sp
// once, after the League, it is Protestant in religion and under
// Protestant control (HIS-21.6j): at the League or when taken later.
func (s *St) displayArrivals(sp int) []string {
	e := electorateIndex(sp)
	if !s.League || e < 0 || s.Display[e] == 0 || !s.Prot.has(sp) || s.Controller(sp) != Protestant {
		return nil
	}
	n := s.Display[e]
	s.Display[e] = 0
	s.Rel.Converted |= 1 << e
	s.addUnits(sp, Protestant, Force{Reg: n})
	return []string{electorateArrival(int(n), sp)}
}

// electorateArrival tells that n Protestant regulars entered electorate
// sp from the display.
func electorateArrival(n, sp int) string {
	if n == 1 {
		return fmt.Sprintf("1 Protestant regular enters %s from the Electorate display (HIS-21.6c).", spaces[sp].Name)
	}
	return fmt.Sprintf("%d Protestant regulars enter %s from the Electorate display (HIS-21.6c).", n, spaces[sp].Name)
}

// --- Rulers: 10 Clement VII, 14 Paul III, 22 Julius III, 20 Henry II, 16 Calvin

// henryII: Francis I dies; the Henry II leader takes his place on the
// map, or enters in Paris when Francis is not on it (HIS-3.3c).
func (r *run) henryII() {
	s := r.s
	r.newRuler(20)
	fr, hn := leaderByID["francis_i"], leaderByID["henry_ii"]
	at := s.Leader[fr]
	s.Leader[fr], s.Captor[fr] = LeaderRemoved, NoPower
	if at < 0 || int(at) >= NS {
		at = int16(spaceByID["paris"])
		if s.Controller(int(at)) != France {
			at = int16(s.NearestFortified(France, int(at)))
		}
	}
	if at < 0 {
		r.say("Francis I dies; Henry II finds no French space and stays off the map.")
		return
	}
	s.Leader[hn] = at
	r.say("Francis I dies; the leader Henry II takes the field in %s.", spaces[at].Name)
}

// calvin: Luther dies, as reformer and debater; Calvin rules the
// Protestant.
func (r *run) calvin() {
	s := r.s
	r.newRuler(16)
	if i, ok := reformerByID["luther"]; ok {
		s.Rel.Reformer[i] = ReformerRemoved
		s.Mand.ExcomReformers &^= 1 << i
	}
	if d, ok := debaterByID["luther"]; ok && s.Rel.Debater[d] != DebBurned && s.Rel.Debater[d] != DebDisgraced {
		s.Rel.Debater[d] = DebRemoved
	}
	r.say("Martin Luther dies: his reformer and his debater leave play.")
}

// --- 15 Society of Jesus (HIS-21.5b, HIS-18.2c) -----------------------

// placeJesuits founds the universities of Society of Jesus.
func (r *run) placeJesuits(at []int) {
	var names []string
	for _, sp := range at {
		r.s.Rel.Jesuit.set(sp)
		names = append(names, spaces[sp].Name)
	}
	if len(names) > 0 {
		r.say("The Papacy places Jesuit universities in %s (HIS-18.2c).", joinAnd(names))
	}
}

// jesuitSpots are the spaces Society of Jesus may found a university in:
// Catholic spaces without one.
func (s *St) jesuitSpots() []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.Catholic(sp) && !s.Rel.Jesuit.has(sp) {
			out = append(out, sp)
		}
	}
	return out
}

// jesuitDefault is the default pair: the Catholic spaces with the most
// Protestant neighbours, ties in map order.
func (s *St) jesuitDefault() []int {
	spots := s.jesuitSpots()
	score := func(sp int) int {
		n := 0
		for _, e := range spaces[sp].Nbr {
			n += b2i(s.Prot.has(int(e.To)))
		}
		return n
	}
	sort.SliceStable(spots, func(i, j int) bool { return score(spots[i]) > score(spots[j]) })
	return spots[:min(2, len(spots))]
}

// jesuitArgs reads the two spaces of Society of Jesus, named by the
// Papacy; "" (and any other power) takes the default (see the rulings).
func (s *St) jesuitArgs(p int, args string) ([]int, error) {
	if args == "" || p != Papacy {
		return s.jesuitDefault(), nil
	}
	legal := s.jesuitExamples(p)
	out, err := pickSpaces(orders.SplitList(args), func(sp int) bool { return s.Catholic(sp) && !s.Rel.Jesuit.has(sp) }, legal, "%s is not a Catholic space without a university (HIS-18.2c)")
	if err != nil {
		return nil, err
	}
	if len(out) != 2 && len(out) != len(s.jesuitSpots()) {
		return nil, errLegal(legal, "name two Catholic spaces for the Jesuit universities")
	}
	return out, nil
}

func (s *St) jesuitExamples(p int) []string {
	if p != Papacy {
		return nil
	}
	var names []string
	for _, sp := range s.jesuitDefault() {
		names = append(names, spaces[sp].Name)
	}
	return []string{strings.Join(names, ", ")}
}

// --- 11 Defender of the Faith, 12 Master of Italy, 113, 114 -------------

// italyKeys are the five spaces of Master of Italy.
var italyKeys = []string{"genoa", "milan", "venice", "florence", "naples"}

// masterOfItaly: a power holding 3 of the five gains 1 VP, 4 or 5 gain 2
// VP; a power holding exactly 2 draws a card.
func (r *run) masterOfItaly() {
	s := r.s
	found := false
	for q := 0; q < NMajor; q++ {
		n := 0
		for _, id := range italyKeys {
			n += b2i(s.Controller(spaceByID[id]) == q)
		}
		switch {
		case n >= 3:
			vp := 1
			if n >= 4 {
				vp = 2
			}
			s.BonusVP[q] += vp
			found = true
			r.say("%s holds %d of Genoa, Milan, Venice, Florence and Naples: %d VP.", powers[q].Name, n, vp)
		case n == 2:
			found = true
			r.say("%s holds 2 of Genoa, Milan, Venice, Florence and Naples: it draws a card.", powers[q].Name)
			r.mandDraw(q, 1)
		}
	}
	if !found {
		r.say("No power holds 2 of Genoa, Milan, Venice, Florence and Naples.")
	}
}

// charlesInItaly reports whether Charles V stands in an Italian space.
func (s *St) charlesInItaly() bool {
	at := s.Leader[leaderByID["charles_v"]]
	return at >= 0 && int(at) < NS && spaces[at].Lang == LangItalian
}

// --- 17 Council of Trent -------------------------------------------------

// trentDefault is the default of religious power p at the Council of
// Trent: its n strongest uncommitted debaters (ties in table order).
func (s *St) trentDefault(p, n int) []int {
	ds := s.debatersOf(p, LangNone, DebUncommitted)
	sort.SliceStable(ds, func(i, j int) bool { return debaters[ds[i]].Value > debaters[ds[j]].Value })
	return ds[:min(n, len(ds))]
}

// trentArgs reads the debaters the Papacy (up to 4) or the Protestant (up
// to 2) commits when it plays Council of Trent itself.
func (s *St) trentArgs(p int, args string) ([]int, error) {
	most := 4
	if p == Protestant {
		most = 2
	}
	legal := s.trentExamples(p)
	var out []int
	for _, x := range orders.SplitList(args) {
		d, err := matchDebater(x)
		if err != nil {
			return nil, errLegal(legal, "%v", err)
		}
		if debaters[d].Power != p || s.Rel.Debater[d] != DebUncommitted || containsInt(out, d) {
			return nil, errLegal(legal, "%s is not an uncommitted debater of %s", debaters[d].Name, powers[p].Name)
		}
		out = append(out, d)
	}
	if len(out) > most {
		return nil, errLegal(legal, "%s commits up to %d debaters to the Council of Trent", powers[p].Name, most)
	}
	return out, nil
}

func (s *St) trentExamples(p int) []string {
	if p != Papacy && (p != Protestant || s.Mand.Ask != 17) {
		return nil // the Protestant names its debaters when asked
	}
	n := 4
	if p == Protestant {
		n = 2
	}
	var names []string
	for _, d := range s.trentDefault(p, n) {
		names = append(names, debaters[d].ID)
	}
	if len(names) == 0 {
		return nil
	}
	return []string{strings.Join(names, ", ")}
}

// councilOfTrent: the Papacy commits up to 4 uncommitted debaters, then
// the Protestant up to 2; the Papacy playing the card names its own on the
// play line (its strongest when it names none), the others are asked (by
// default their strongest). Then trentResolve.
func (r *run) councilOfTrent(p int, args string) error {
	s := r.s
	if p == Papacy {
		ds := s.trentDefault(Papacy, 4)
		if args != "" {
			var err error
			if ds, err = s.trentArgs(p, args); err != nil {
				return err
			}
		}
		s.trentCommit(p, ds)
	} else if args != "" && p == Protestant && s.Phase == PhAction {
		return errLegal(r.playLine(), "the Papacy commits its debaters first: the Protestant is asked for its own then")
	} else if args != "" {
		return errLegal(r.playLine(), "this event takes no choices")
	}
	if s.Phase == PhAction {
		r.trentNext()
		return nil
	}
	for i, q := range []int{Papacy, Protestant} {
		if s.Mand.TrentSet&(1<<i) == 0 {
			s.trentCommit(q, s.trentDefault(q, 4-2*i))
		}
	}
	r.trentResolve()
	return nil
}

// trentResolve rolls the Council of Trent: each side rolls its committed
// debaters' total value in dice (Pole adds one for the Papacy); 5s and 6s
// hit; the side with more hits flips the difference in spaces.
func (r *run) trentResolve() {
	s := r.s
	var hits [2]int
	for i, q := range []int{Papacy, Protestant} {
		n := 0
		var names []string
		for d := range debaters {
			if s.Mand.Trent[i]&(1<<d) == 0 {
				continue
			}
			n += debaters[d].Value
			if debaters[d].ID == "pole" {
				n++
			}
			names = append(names, debaters[d].Name)
		}
		if n == 0 {
			r.say("Council of Trent: %s has no uncommitted debater.", powers[q].Name)
			continue
		}
		rolls, h := r.debateDice(n)
		hits[i] = h
		r.say("Council of Trent: %s commits %s and rolls %s [%s]: %s.", powers[q].Name, joinAnd(names), nDice(n), diceText(rolls), nHits(h))
	}
	s.Mand.Trent, s.Mand.TrentSet = [2]uint64{}, 0
	all := uint8(1<<NLang - 2)
	switch {
	case hits[0] > hits[1]:
		r.say("The Papacy wins the Council of Trent: %s to flip.", nSpaces(hits[0]-hits[1]))
		r.startAttempts(Attempts{Power: Papacy, Counter: true, Flip: true, N: hits[0] - hits[1], Zones: all, Debater: -1, Source: "the Council of Trent"})
	case hits[1] > hits[0]:
		r.say("The Protestant wins the Council of Trent: %s to flip.", nSpaces(hits[1]-hits[0]))
		r.startAttempts(Attempts{Power: Protestant, Flip: true, N: hits[1] - hits[0], Zones: all, Debater: -1, Source: "the Council of Trent"})
	default:
		r.say("The Council of Trent is inconclusive.")
	}
}

func init() {
	sourceKeys["Defender of the Faith"] = "his.src.defender"
	sourceKeys["the Council of Trent"] = "his.src.trent"
	registerEvent(17, cardEvent{
		play:     func(r *run, p int, args string) error { return r.councilOfTrent(p, args) },
		examples: func(s *St, p int) []string { return s.trentExamples(p) },
	})
	noArgs := func(r *run, args string) error {
		if args != "" {
			return errLegal(r.playLine(), "this event takes no choices")
		}
		return nil
	}
	registerEvent(cardLeague, cardEvent{
		can: leagueCan,
		play: func(r *run, p int, args string) error {
			if err := noArgs(r, args); err != nil {
				return err
			}
			r.league()
			return nil
		},
	})
	for _, n := range []int{10, 14, 22} {
		registerEvent(n, cardEvent{play: func(r *run, p int, args string) error {
			if err := noArgs(r, args); err != nil {
				return err
			}
			r.newRuler(n)
			return nil
		}})
	}
	registerEvent(20, cardEvent{play: func(r *run, p int, args string) error {
		if err := noArgs(r, args); err != nil {
			return err
		}
		r.henryII()
		return nil
	}})
	registerEvent(16, cardEvent{play: func(r *run, p int, args string) error {
		if err := noArgs(r, args); err != nil {
			return err
		}
		r.calvin()
		return nil
	}})
	registerEvent(15, cardEvent{
		play: func(r *run, p int, args string) error {
			s := r.s
			if p != Papacy && s.Phase == PhAction && len(s.jesuitSpots()) > 0 {
				// The Papacy chooses the spaces (HIS-18.2c).
				if args != "" {
					return errLegal(r.playLine(), "the Papacy names the spaces of its universities")
				}
				s.Rel.SocietyOfJesus = true
				r.say("Society of Jesus: Jesuit universities may now be founded (HIS-21.5b).")
				r.askChoice(15, Papacy)
				return nil
			}
			at, err := s.jesuitArgs(p, args)
			if err != nil {
				return err
			}
			s.Rel.SocietyOfJesus = true
			r.say("Society of Jesus: Jesuit universities may now be founded (HIS-21.5b).")
			r.placeJesuits(at)
			return nil
		},
		examples: func(s *St, p int) []string { return s.jesuitExamples(p) },
	})
	registerEvent(11, cardEvent{play: func(r *run, p int, args string) error {
		if err := noArgs(r, args); err != nil {
			return err
		}
		r.say("Defender of the Faith: the Papacy makes 3 Counter-Reformation attempts in any zone.")
		if p == England {
			r.mandDraw(England, 1)
		}
		r.startAttempts(Attempts{Power: Papacy, Counter: true, N: 3, Zones: 1<<NLang - 2, Debater: -1,
			Source: "Defender of the Faith"})
		return nil
	}})
	registerEvent(12, cardEvent{play: func(r *run, p int, args string) error {
		if err := noArgs(r, args); err != nil {
			return err
		}
		r.masterOfItaly()
		return nil
	}})
	registerEvent(113, cardEvent{play: func(r *run, p int, args string) error {
		if err := noArgs(r, args); err != nil {
			return err
		}
		if !r.s.charlesInItaly() {
			r.say("Charles V is not in the Italian zone: Imperial Coronation has no effect.")
			return nil
		}
		r.say("Charles V is crowned in Italy: the Hapsburg and %s each draw a card.", powers[p].Name)
		r.mandDraw(Hapsburg, 1)
		r.mandDraw(p, 1)
		return nil
	}})
	registerEvent(114, cardEvent{play: func(r *run, p int, args string) error {
		if err := noArgs(r, args); err != nil {
			return err
		}
		if !r.s.Allied(France, Ottoman) {
			r.say("France and the Ottoman are not allied: La Forêt's Embassy has no effect.")
			return nil
		}
		r.say("La Forêt's Embassy: France and the Ottoman each draw a card.")
		r.mandDraw(France, 1)
		r.mandDraw(Ottoman, 1)
		return nil
	}})
}

// mandPatterns are the readers of the texts of this file and of
// events_home.go (see i18nInit).
func mandPatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	events = msg.Patterns{
		p("his.ev.mand.reformer_returns", "The reformer {Name} returns to {Space} (HIS-8.2f)."),
		p("his.ev.mand.winter", "{Card} occurs in winter (HIS-19.8)."),
		p("his.ev.mand.unresolved", "{Card} cannot be resolved: {Why:why}."),
		p("his.ev.mand.deck_empty", "The deck is empty: {Power:power} draws no card."),
		p("his.ev.mand.draws", "{Power:power} draws a card."),
		p("his.ev.mand.draws_card", "{Power:power} draws {Card}."),
		p("his.ev.mand.new_ruler", "{Name} is the new ruler of {Power:power}."),
		p("his.ev.mand.league", "The Schmalkaldic League forms: the Protestant is at war with the Hapsburg and the Papacy for the rest of the game (HIS-21.6h)."),
		p("his.ev.mand.league_control", "{Space} comes under Protestant control (HIS-21.6f)."),
		p("his.ev.mand.league_display", "{N:int} Protestant regulars in Catholic {Space} return to the Electorate display (HIS-21.6i)."),
		p("his.ev.mand.league_move", "{N:int} Protestant regulars leave Catholic {Space} for {To} (HIS-21.6i)."),
		p("his.ev.mand.league_no_leader", "{Name} finds no Protestant space and stays off the map (HIS-21.6e)."),
		p("his.ev.mand.league_leader", "{Name} enters in {Space} (HIS-21.6e)."),
		p("his.ev.mand.henry_none", "Francis I dies; Henry II finds no French space and stays off the map."),
		p("his.ev.mand.henry", "Francis I dies; the leader Henry II takes the field in {Space}."),
		p("his.ev.mand.luther_dies", "Martin Luther dies: his reformer and his debater leave play."),
		p("his.ev.mand.jesuits_open", "Society of Jesus: Jesuit universities may now be founded (HIS-21.5b)."),
		p("his.ev.mand.jesuits", "The Papacy places Jesuit universities in {Spaces:units} (HIS-18.2c)."),
		p("his.ev.mand.defender", "Defender of the Faith: the Papacy makes 3 Counter-Reformation attempts in any zone."),
		p("his.ev.mand.italy_vp", "{Power:power} holds {N:int} of Genoa, Milan, Venice, Florence and Naples: {VP:int} VP."),
		p("his.ev.mand.italy_card", "{Power:power} holds 2 of Genoa, Milan, Venice, Florence and Naples: it draws a card."),
		p("his.ev.mand.italy_none", "No power holds 2 of Genoa, Milan, Venice, Florence and Naples."),
		p("his.ev.mand.coronation_none", "Charles V is not in the Italian zone: Imperial Coronation has no effect."),
		p("his.ev.mand.coronation", "Charles V is crowned in Italy: the Hapsburg and {Power:power} each draw a card."),
		p("his.ev.mand.embassy_none", "France and the Ottoman are not allied: La Forêt's Embassy has no effect."),
		p("his.ev.mand.embassy", "La Forêt's Embassy: France and the Ottoman each draw a card."),
		p("his.ev.mand.trent_side", "Council of Trent: {Power:power} commits {Names:units} and rolls {N:dice} [{Rolls}]: {H:hits}."),
		p("his.ev.mand.trent_papacy", "The Papacy wins the Council of Trent: {N:int} spaces to flip."),
		p("his.ev.mand.trent_protestant", "The Protestant wins the Council of Trent: {N:int} spaces to flip."),
		p("his.ev.mand.trent_papacy_one", "The Papacy wins the Council of Trent: 1 space to flip."),
		p("his.ev.mand.trent_protestant_one", "The Protestant wins the Council of Trent: 1 space to flip."),
		p("his.ev.mand.trent_none", "Council of Trent: {Power:power} has no uncommitted debater."),
		p("his.ev.mand.trent_tie", "The Council of Trent is inconclusive."),
	}
	whys = msg.Patterns{
		p("his.why.mand.no_choices", "this event takes no choices"),
		p("his.why.mand.league_formed", "the Schmalkaldic League has already formed"),
		p("his.why.mand.league_turn", "the Schmalkaldic League may be played from turn 2 (HIS-21.6d)"),
		p("his.why.mand.league_spaces", "the Schmalkaldic League needs {N:int} Protestant spaces and there are {M:int} (HIS-21.6a)"),
		p("his.why.mand.jesuit_spot", "{Space} is not a Catholic space without a university (HIS-18.2c)"),
		p("his.why.mand.jesuit_two", "name two Catholic spaces for the Jesuit universities"),
		p("his.why.mand.trent_debater", "{Name} is not an uncommitted debater of {Power:power}"),
		p("his.why.mand.trent_first", "the Papacy commits its debaters first: the Protestant is asked for its own then"),
		p("his.why.mand.trent_max", "{Power:power} commits up to {N:int} debaters to the Council of Trent"),
		p("his.why.mand.electorate", "no power but the Protestant enters {Space}, an electorate, before the Schmalkaldic League (HIS-21.6b)"),
		p("his.why.mand.papacy_names", "the Papacy names the spaces of its universities"),
		p("his.why.mand.event_once", "{Card} was already played as an event this turn (HIS-11d)"),
	}
	he, hw := homePatterns(p)
	return append(events, he...), append(whys, hw...)
}

func mandHasLine(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// playLine is the plain play line of the card being played as an event,
// the legal form of an event that takes no choices.
func (r *run) playLine() []string {
	if n := r.s.Flow.Card; n > 0 {
		return []string{order{verb: "play", card: n, forEvent: true}.canonical(r.s.Active)}
	}
	return nil
}

// --- Choices owed by another power (DecChoice) ---------------------------

// askChoice makes power q owe the choices of card n's event.
func (r *run) askChoice(n, q int) {
	r.s.Mand.Ask = n
	r.s.Flow.push(DecChoice, q)
}

// trentSide is the index of religious power q in mandState.Trent.
func trentSide(q int) int { return b2i(q == Protestant) }

// trentCommit commits the debaters ds of power q to the Council of Trent.
func (s *St) trentCommit(q int, ds []int) {
	i := trentSide(q)
	for _, d := range ds {
		s.Rel.Debater[d] = DebCommitted
		s.Mand.Trent[i] |= 1 << d
	}
	s.Mand.TrentSet |= 1 << i
}

// trentNext asks the next side for its debaters (the Papacy first), or
// resolves the Council once both have chosen.
func (r *run) trentNext() {
	s := r.s
	for i, q := range []int{Papacy, Protestant} {
		if s.Mand.TrentSet&(1<<i) == 0 {
			r.askChoice(17, q)
			return
		}
	}
	r.trentResolve()
}

// choiceChoices are the legal answers to the choices power d.Power owes.
func (s *St) choiceChoices(d Decision) []string {
	switch s.Mand.Ask {
	case 15:
		var names []string
		for _, sp := range s.jesuitDefault() {
			names = append(names, spaces[sp].Name)
		}
		return []string{"universities in " + strings.Join(names, ", ")}
	case 17:
		out := []string{"commit none"}
		if ex := s.trentExamples(d.Power); len(ex) > 0 {
			out = append([]string{"commit " + ex[0]}, out...)
		}
		return out
	}
	if h := choiceHooks[s.Mand.Ask]; h != nil {
		return h.choices(s, d)
	}
	return []string{"done"}
}

// choiceText explains the choices owed.
func (s *St) choiceText(d Decision) string {
	if h := choiceHooks[s.Mand.Ask]; h != nil {
		return h.text(s, d)
	}
	if s.Mand.Ask == 15 {
		return "Society of Jesus: name the two Catholic spaces of the Papacy's first Jesuit universities (HIS-18.2c)."
	}
	n := 4
	if d.Power == Protestant {
		n = 2
	}
	return fmt.Sprintf("Council of Trent: commit up to %d of your uncommitted debaters, or none; each side rolls its debaters' total value in dice, 5 and 6 hit.", n)
}

// choiceAnswer: the power owing an event's choices gives them.
func (r *run) choiceAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	switch s.Mand.Ask {
	case 15:
		text := choiceText(l.Text, "jesuit universities in", "universities in", "university in", "jesuit")
		at, err := s.jesuitArgs(Papacy, text)
		if err == nil && len(at) == 0 {
			err = errLegal(legal, "name two Catholic spaces for the Jesuit universities")
		}
		if err != nil {
			return nil, reject(l, err)
		}
		s.choiceDone()
		r.placeJesuits(at)
		var names []string
		for _, sp := range at {
			names = append(names, spaces[sp].Name)
		}
		return []string{"universities in " + strings.Join(names, ", ")}, nil
	case 17:
		text := choiceText(l.Text, "commit")
		var ds []int
		if text != "none" && text != "" {
			var err error
			if ds, err = s.trentArgs(d.Power, text); err != nil {
				return nil, reject(l, err)
			}
		}
		s.choiceDone()
		s.trentCommit(d.Power, ds)
		r.trentNext()
		if len(ds) == 0 {
			return []string{"commit none"}, nil
		}
		var ids []string
		for _, x := range ds {
			ids = append(ids, debaters[x].ID)
		}
		return []string{"commit " + strings.Join(ids, ", ")}, nil
	}
	if h := choiceHooks[s.Mand.Ask]; h != nil {
		return h.answer(r, d, l, legal)
	}
	return nil, reject(l, fmt.Errorf("not an answer to this decision"))
}

// mandPrompts are the readers of the prompts of this file.
func mandPrompts(p func(key, english string) *msg.Pattern) msg.Patterns {
	return msg.Patterns{
		p("his.prompt.mand.jesuits", "Society of Jesus: name the two Catholic spaces of the Papacy's first Jesuit universities (HIS-18.2c)."),
		p("his.prompt.mand.trent", "Council of Trent: commit up to {N:int} of your uncommitted debaters, or none; each side rolls its debaters' total value in dice, 5 and 6 hit."),
	}
}
