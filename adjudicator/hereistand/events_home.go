package hereistand

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Home cards played as events (HIS-6.1c): #1 Janissaries (the four new
// regulars; the battle use waits for the combat-card windows), #2 Holy
// Roman Emperor (Charles V's jump, then 5 CP; the Gout response waits for
// the response windows), #4 Patron of the Arts (chateaux), #5 Papal Bull
// (excommunication), #6 Leipzig Debate and #7 Here I Stand (the card
// taken from the discard pile; Luther into a debate is a response and
// waits for the response windows).
//
//	play 1 janissaries for event: 2 in istanbul, 2 in edirne
//	play 2 for event: valladolid with duke of alva
//	play papal bull for event: luther, debate
//	play papal bull for event: france, unrest in lyon and dijon
//	play leipzig debate for event: german, eck
//	play leipzig debate for event: german, bar melanchthon
//	play here i stand for event: 37

// leaderFree reports whether leader id is on the map, neither captured
// nor in a besieged space of its side.
func (s *St) leaderFree(id string) (int, bool) {
	l := leaderByID[id]
	at := int(s.Leader[l])
	if at < 0 || at >= NS {
		return at, false
	}
	return at, !s.besieged(at, leaders[l].Power)
}

// moveFitsCounters says whether formation f may leave its space for to
// with the counters of its powers: splitting a stack needs pieces for
// both parts (HIS-5.2a). Holy Roman Emperor's 5 CP made such splits
// common enough to check.
func (s *St) moveFitsCounters(f Formation, to int) error {
	c := *s
	c.Units = s.Units
	c.occ = s.occ
	for _, pt := range f.Parts {
		if c.removeUnits(f.At, pt.Power, pt.Force) != nil {
			return nil // the move's own checks report it
		}
		c.addUnits(to, pt.Power, pt.Force)
	}
	for _, pt := range f.Parts {
		if c.checkCounters(pt.Power) != nil {
			return fmt.Errorf("%s has no counters to split the stack in %s (HIS-5.2a)", powers[pt.Power].Name, spaces[f.At].Name)
		}
	}
	return nil
}

// --- 1 Janissaries -------------------------------------------------------

// janissarySpots are the Ottoman home spaces the new regulars may go to:
// under Ottoman control and free of enemy units.
func (s *St) janissarySpots() []int {
	var out []int
	for _, sp := range homeSpaces(Ottoman) {
		if s.Controller(sp) == Ottoman && !s.enemyUnitsIn(sp, Ottoman) {
			out = append(out, sp)
		}
	}
	return out
}

func (s *St) janissaryExamples() []string {
	spots := s.janissarySpots()
	if len(spots) == 0 {
		return nil
	}
	ist := spaceByID["istanbul"]
	if containsInt(spots, ist) {
		return []string{"4 in " + spaces[ist].Name}
	}
	return []string{"4 in " + spaces[spots[0]].Name}
}

// janissaryArgs reads "2 in istanbul, 2 in edirne" (or a space per
// regular): four regulars in all.
func (s *St) janissaryArgs(args string) (map[int]uint8, error) {
	legal := s.janissaryExamples()
	out := map[int]uint8{}
	total := 0
	for _, item := range orders.SplitList(args) {
		n, sp, err := countIn(item)
		if err != nil {
			return nil, errLegal(legal, "%v", err)
		}
		if !containsInt(s.janissarySpots(), sp) {
			return nil, errLegal(legal, "%s is not an Ottoman home space under Ottoman control free of enemy units", spaces[sp].Name)
		}
		if n < 1 {
			return nil, errLegal(legal, "place 4 new regulars")
		}
		out[sp] += uint8(n)
		total += n
	}
	if total != 4 {
		return nil, errLegal(legal, "place 4 new regulars")
	}
	return out, nil
}

// --- 2 Holy Roman Emperor (HIS-21.2b) -----------------------------------

// hreJump moves Charles V (with the Duke of Alva) to sp.
func hreJump(r *run, sp int, alva bool) {
	s := r.s
	cv, da := leaderByID["charles_v"], leaderByID["duke_of_alva"]
	from := int(s.Leader[cv])
	s.Leader[cv] = int16(sp)
	if alva {
		s.Leader[da] = int16(sp)
		r.say("Holy Roman Emperor: Charles V and the Duke of Alva go from %s to %s (HIS-21.2b).", spaces[from].Name, spaces[sp].Name)
	} else {
		r.say("Holy Roman Emperor: Charles V goes from %s to %s (HIS-21.2b).", spaces[from].Name, spaces[sp].Name)
	}
}

// hreSpots are the spaces Charles V may jump to: other Hapsburg home
// spaces under Hapsburg control, free of unrest and enemy units.
func (s *St) hreSpots() []int {
	at, _ := s.leaderFree("charles_v")
	var out []int
	for _, sp := range homeSpaces(Hapsburg) {
		if sp != at && s.Controller(sp) == Hapsburg && !s.InUnrest(sp) && !s.enemyUnitsIn(sp, Hapsburg) {
			out = append(out, sp)
		}
	}
	return out
}

func hreCan(s *St, p int) error {
	if _, ok := s.leaderFree("charles_v"); !ok {
		return fmt.Errorf("Charles V is captured, besieged or off the map (HIS-21.2b)")
	}
	return nil
}

func (s *St) hreExamples() []string {
	spots := s.hreSpots()
	if len(spots) == 0 {
		return nil
	}
	out := []string{spaces[spots[0]].Name}
	at, _ := s.leaderFree("charles_v")
	if int(s.Leader[leaderByID["duke_of_alva"]]) == at {
		out = append(out, spaces[spots[0]].Name+" with Duke of Alva")
	}
	return out
}

// --- 4 Patron of the Arts (HIS-21.4a) ------------------------------------

const chateauxMax = 6

func patronCan(s *St, p int) error {
	if !s.rulerIs(France, "francis_i") {
		return fmt.Errorf("Patron of the Arts needs Francis I as ruler of France (HIS-21.4a)")
	}
	if _, ok := s.leaderFree("francis_i"); !ok {
		return fmt.Errorf("Francis I is captured, besieged or off the map (HIS-21.4a)")
	}
	return nil
}

// --- 5 Papal Bull (HIS-21.5c-h) -------------------------------------------

// bullZones are the language zones of the reformers' debates (HIS-21.5g).
var bullZones = map[string]int{"luther": LangGerman, "zwingli": LangGerman, "calvin": LangFrench, "cranmer": LangEnglish}

// excomJustified says why the ruler of power q may not be excommunicated
// now, or nil (HIS-21.5d, HIS-21.5e).
func (s *St) excomJustified(q int) error {
	ru := s.Ruler[q]
	name := rulers[ru].Name
	switch {
	case q != England && q != France && q != Hapsburg:
		return fmt.Errorf("only the English, French and Hapsburg rulers are excommunicated (HIS-21.5d)")
	case q == England && !s.rulerIs(England, "henry_viii"):
		return fmt.Errorf("Henry VIII's heirs are never excommunicated (HIS-21.5d)")
	case s.Tracks.Excommunicated&(1<<q) != 0 || s.Mand.ExcomRulers&(1<<ru) != 0:
		return fmt.Errorf("%s has already been excommunicated (HIS-21.5e)", name)
	case q == France && s.Mand.ExcomRulers&(1<<rulerByID["francis_i"]|1<<rulerByID["henry_ii"]) != 0:
		return fmt.Errorf("only one French king is ever excommunicated (HIS-21.5e)")
	}
	if s.AtWar(q, Papacy) || s.Allied(q, Ottoman) {
		return nil
	}
	if q == England {
		for _, sp := range homeSpaces(England) {
			if s.Prot.has(sp) {
				return nil
			}
		}
	}
	return fmt.Errorf("%s may not be excommunicated without justification: war with the Papacy, an Ottoman alliance, or Henry VIII with a Protestant English home space (HIS-21.5d)", name)
}

// bullUnrestSpots are power q's unoccupied Catholic home spaces free of
// unrest (HIS-21.5h).
func (s *St) bullUnrestSpots(q int) []int {
	var out []int
	for _, sp := range homeSpaces(q) {
		if !s.Catholic(sp) || s.InUnrest(sp) {
			continue
		}
		empty := true
		for x := 0; x < NPow && empty; x++ {
			empty = s.Units[sp][x].empty()
		}
		if empty {
			out = append(out, sp)
		}
	}
	return out
}

// bullTargets lists the reformers on the map and the rulers that may be
// excommunicated now.
func (s *St) bullTargets() (refs []int, pows []int) {
	for _, id := range []string{"luther", "zwingli", "calvin", "cranmer"} {
		if s.reformerOn(id) {
			refs = append(refs, reformerByID[id])
		}
	}
	for _, q := range []int{Hapsburg, England, France} {
		if s.excomJustified(q) == nil {
			pows = append(pows, q)
		}
	}
	return
}

func bullCan(s *St, p int) error {
	refs, pows := s.bullTargets()
	if len(refs)+len(pows) == 0 {
		return fmt.Errorf("no reformer is on the map and no ruler may be excommunicated now (HIS-21.5c-d)")
	}
	return nil
}

func (s *St) bullExamples() []string {
	refs, pows := s.bullTargets()
	var out []string
	for _, i := range refs {
		id := reformers[i].ID
		out = append(out, id)
		c := s.clone()
		c.excomReformer(i)
		if c.canDebate(Papacy, bullZones[id]) == nil {
			out = append(out, id+", debate")
		}
	}
	for _, q := range pows {
		x := powers[q].ID
		spots := s.bullUnrestSpots(q)
		for i, sp := range spots[:min(2, len(spots))] {
			if i == 0 {
				x += ", unrest in " + spaces[sp].Name
			} else {
				x += " and " + spaces[sp].Name
			}
		}
		out = append(out, x)
	}
	return out
}

// excomReformer removes reformer i and its debater for the rest of the
// turn (HIS-21.5f).
func (s *St) excomReformer(i int) {
	s.Rel.Reformer[i] = ReformerRemoved
	s.Mand.ExcomReformers |= 1 << i
	if d, ok := debaterByID[reformers[i].ID]; ok {
		if st := s.Rel.Debater[d]; st == DebUncommitted || st == DebCommitted {
			s.Rel.Debater[d] = DebRemoved
		}
	}
}

// matchBullTarget reads the first choice of Papal Bull: a reformer, a
// power or its ruler. It returns the reformer (or -1) and the power (or
// NoPower).
func (s *St) matchBullTarget(in string) (int, int, error) {
	in = choiceText(in, "excommunicate")
	for id := range bullZones {
		if in == id || in == strings.ToLower(reformers[reformerByID[id]].Name) {
			return reformerByID[id], NoPower, nil
		}
	}
	for _, q := range []int{Hapsburg, England, France} {
		if in == strings.ToLower(rulers[s.Ruler[q]].Name) || in == rulers[s.Ruler[q]].ID {
			return -1, q, nil
		}
	}
	q, err := matchPower(in)
	if err != nil {
		return -1, NoPower, err
	}
	return -1, q, nil
}

// papalBull carries out Papal Bull with its choices.
func (r *run) papalBull(args string) error {
	s := r.s
	legal := s.bullExamples()
	items := orders.SplitList(args)
	if len(items) == 0 {
		return errLegal(legal, "name the reformer or the ruler to excommunicate")
	}
	ref, q, err := s.matchBullTarget(items[0])
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	if ref >= 0 {
		id := reformers[ref].ID
		if !s.reformerOn(id) {
			return errLegal(legal, "%s is not on the map", reformers[ref].Name)
		}
		debate := false
		for _, x := range items[1:] {
			if x != "debate" && x != "and debate" {
				return errLegal(legal, "%q: after a reformer only \"debate\" may follow (HIS-21.5g)", x)
			}
			debate = true
		}
		s.excomReformer(ref)
		r.say("The Papacy excommunicates %s: the reformer and his debater leave play until the next turn (HIS-21.5f).", reformers[ref].Name)
		if debate {
			z := bullZones[id]
			if err := s.canDebate(Papacy, z); err != nil {
				return errLegal(legal, "no debate after the bull: %v", err)
			}
			r.debate(Papacy, z, false, -1, -1)
		}
		return nil
	}
	if err := s.excomJustified(q); err != nil {
		return errLegal(legal, "%v", err)
	}
	spots := s.bullUnrestSpots(q)
	unrest, err := pickSpaces(unrestItems(items[1:]), func(sp int) bool { return containsInt(spots, sp) }, legal,
		"%s is not an unoccupied Catholic home space of "+powers[q].Name+" (HIS-21.5h)")
	if err != nil {
		return err
	}
	if len(unrest) > 2 {
		return errLegal(legal, "up to 2 spaces fall into unrest (HIS-21.5h)")
	}
	ru := s.Ruler[q]
	s.Tracks.Excommunicated |= 1 << q
	s.Mand.ExcomRulers |= 1 << ru
	r.say("The Papacy excommunicates %s: %s draws 1 card fewer until the excommunication is lifted (HIS-21.5h).", rulers[ru].Name, powers[q].Name)
	for _, sp := range unrest {
		s.Unrest.set(sp)
		r.say("%s falls into unrest (HIS-21.5h).", spaces[sp].Name)
	}
	return nil
}

// --- 6 Leipzig Debate (HIS-18.5e) ----------------------------------------

// leipzigArgs reads "german", "german, eck" or "german, bar melanchthon".
func (s *St) leipzigArgs(args string) (z, att, bar int, err error) {
	legal := s.leipzigExamples()
	items := orders.SplitList(args)
	att, bar = -1, -1
	if len(items) == 0 {
		return 0, 0, 0, errLegal(legal, "name the zone of the debate")
	}
	zz, ok := zoneWords[strings.TrimSuffix(items[0], " zone")]
	if !ok {
		return 0, 0, 0, errLegal(legal, "%q is not a language zone", items[0])
	}
	if err := s.canDebate(Papacy, zz); err != nil {
		return 0, 0, 0, errLegal(legal, "%v", err)
	}
	for _, x := range items[1:] {
		name, barring := strings.CutPrefix(x, "bar ")
		d, err := matchDebater(name)
		if err != nil {
			return 0, 0, 0, errLegal(legal, "%v", err)
		}
		switch {
		case att >= 0 || bar >= 0:
			return 0, 0, 0, errLegal(legal, "choose your debater or bar one Protestant debater, not both (HIS-18.5e)")
		case barring:
			if debaters[d].Power != Protestant || zz != LangGerman {
				return 0, 0, 0, errLegal(legal, "only a Protestant debater is barred, in a German debate (HIS-18.5e)")
			}
			bar = d
		default:
			if debaters[d].Power != Papacy || s.Rel.Debater[d] != DebUncommitted {
				return 0, 0, 0, errLegal(legal, "%s is not an uncommitted Papal debater", debaters[d].Name)
			}
			att = d
		}
	}
	if bar >= 0 {
		st := s.Rel.Debater[bar]
		if st != DebUncommitted && st != DebCommitted {
			return 0, 0, 0, errLegal(legal, "%s is not a debater in play", debaters[bar].Name)
		}
		n := len(s.debatersOf(Protestant, zz, DebUncommitted)) + len(s.debatersOf(Protestant, zz, DebCommitted))
		if n < 2 {
			return 0, 0, 0, errLegal(legal, "%s is the only Protestant debater of the zone", debaters[bar].Name)
		}
	}
	return zz, att, bar, nil
}

func (s *St) leipzigExamples() []string {
	var out []string
	for _, z := range []int{LangGerman, LangFrench, LangEnglish} {
		if s.canDebate(Papacy, z) != nil {
			continue
		}
		out = append(out, zoneID(z))
		if ds := s.debatersOf(Papacy, LangNone, DebUncommitted); len(ds) > 0 {
			out = append(out, zoneID(z)+", "+debaters[ds[0]].ID)
		}
	}
	return out
}

func leipzigCan(s *St, p int) error {
	for _, z := range []int{LangGerman, LangFrench, LangEnglish} {
		if s.canDebate(Papacy, z) == nil {
			return nil
		}
	}
	return fmt.Errorf("the Papacy may call no debate now (HIS-18.1o)")
}

// --- 7 Here I Stand (HIS-6.2h) ---------------------------------------------

// lutherLives: Luther rules the Protestant and has not been burned.
func (s *St) lutherLives() bool {
	d, ok := debaterByID["luther"]
	return s.rulerIs(Protestant, "luther") && (!ok || s.Rel.Debater[d] != DebBurned)
}

// hereIStandPicks are the cards of the discard pile the Protestant may
// take: no Mandatory Event, none it played as an event this turn.
func (s *St) hereIStandPicks() []int {
	var out []int
	for _, c := range s.Discard {
		if cards[c].Type != CardMandatory && !s.Mand.Played[Protestant].has(int(c)) {
			out = append(out, int(c))
		}
	}
	return out
}

func hereIStandCan(s *St, p int) error {
	if !s.lutherLives() {
		return fmt.Errorf("Here I Stand is played while Luther lives")
	}
	if len(s.hereIStandPicks()) == 0 {
		return fmt.Errorf("the discard pile holds no card the Protestant may take (HIS-6.2h)")
	}
	return nil
}

func (s *St) hereIStandExamples() []string {
	picks := s.hereIStandPicks()
	if len(picks) == 0 {
		return nil
	}
	return []string{strconv.Itoa(picks[0])}
}

func init() {
	registerEvent(1, cardEvent{
		can: func(s *St, p int) error {
			if len(s.janissarySpots()) == 0 {
				return fmt.Errorf("no Ottoman home space under Ottoman control is free of enemy units")
			}
			return nil
		},
		play: func(r *run, p int, args string) error {
			s := r.s
			at, err := s.janissaryArgs(args)
			if err != nil {
				return err
			}
			var parts []string
			for _, sp := range s.janissarySpots() {
				if n := at[sp]; n > 0 {
					s.addUnits(sp, Ottoman, Force{Reg: n})
					parts = append(parts, fmt.Sprintf("%d in %s", n, spaces[sp].Name))
				}
			}
			if s.checkCounters(Ottoman) != nil {
				return errLegal(s.janissaryExamples(), "the Ottoman has no counters left for 4 more regulars there")
			}
			r.say("Janissaries: the Ottoman places 4 new regulars: %s.", strings.Join(parts, ", "))
			return nil
		},
		examples: func(s *St, p int) []string { return s.janissaryExamples() },
	})
	registerEvent(2, cardEvent{
		can: hreCan,
		play: func(r *run, p int, args string) error {
			s := r.s
			legal := s.hreExamples()
			to, with, _ := strings.Cut(args, " with ")
			if to == "" && len(s.hreSpots()) > 0 {
				return errLegal(legal, "name the Hapsburg home space Charles V goes to")
			}
			cv, alva := leaderByID["charles_v"], leaderByID["duke_of_alva"]
			from := int(s.Leader[cv])
			if to != "" {
				sp, err := matchSpace(to)
				if err != nil {
					return errLegal(legal, "%v", err)
				}
				if !containsInt(s.hreSpots(), sp) {
					return errLegal(legal, "%s is not another Hapsburg home space under Hapsburg control free of unrest and enemy units (HIS-21.2b)", spaces[sp].Name)
				}
				takeAlva := false
				if with != "" {
					ls, err := matchLeaders(Hapsburg, with)
					if err != nil || len(ls) != 1 || ls[0] != alva {
						return errLegal(legal, "only the Duke of Alva goes with Charles V (HIS-21.2b)")
					}
					if int(s.Leader[alva]) != from {
						return errLegal(legal, "the Duke of Alva is not with Charles V")
					}
					takeAlva = true
				}
				// Gout may stop the jump (respond.go).
				w := &RespondWindow{Kind: RespHRE, Power: p, Where: sp, Alva: takeAlva}
				if r.askRespond(w) {
					s.Flow.CP = 5
					r.say("Holy Roman Emperor: the Hapsburg spends 5 CP.")
					return nil
				}
				hreJump(r, sp, takeAlva)
			}
			s.Flow.CP = 5
			r.say("Holy Roman Emperor: the Hapsburg spends 5 CP.")
			return nil
		},
		examples: func(s *St, p int) []string { return s.hreExamples() },
	})
	registerEvent(4, cardEvent{
		can: patronCan,
		play: func(r *run, p int, args string) error {
			s := r.s
			if args != "" {
				return errLegal(r.playLine(), "this event takes no choices")
			}
			t := &s.Tracks
			if t.Chateaux >= chateauxMax {
				r.say("Patron of the Arts: France already has its %d VP of chateaux (HIS-21.4a).", chateauxMax)
				return nil
			}
			if s.Controller(spaceByID["milan"]) == France {
				t.Chateaux++
				r.say("Patron of the Arts: France controls Milan and builds a chateau: 1 VP (%d of %d, HIS-21.4a).", t.Chateaux, chateauxMax)
				return nil
			}
			x := r.dice.Roll("patron of the arts", 6)
			if x >= 3 {
				t.Chateaux++
				r.say("Patron of the Arts: France rolls %d and builds a chateau: 1 VP (%d of %d, HIS-21.4a).", x, t.Chateaux, chateauxMax)
			} else {
				r.say("Patron of the Arts: France rolls %d: no chateau (HIS-21.4a).", x)
			}
			return nil
		},
	})
	registerEvent(5, cardEvent{
		can:      bullCan,
		play:     func(r *run, p int, args string) error { return r.papalBull(args) },
		examples: func(s *St, p int) []string { return s.bullExamples() },
	})
	registerEvent(6, cardEvent{
		can: leipzigCan,
		play: func(r *run, p int, args string) error {
			s := r.s
			z, att, bar, err := s.leipzigArgs(args)
			if err != nil {
				return err
			}
			r.say("Leipzig Debate: the Papacy calls a debate in the %s zone (HIS-18.5e).", langNames[z])
			if bar >= 0 {
				// The barred debater stays out of both rounds.
				old := s.Rel.Debater[bar]
				s.Rel.Debater[bar] = DebRemoved
				r.say("%s may not defend in this debate (HIS-18.5e).", debaters[bar].Name)
				r.debate(Papacy, z, false, -1, -1)
				if d := s.Flow.Resp.Debate; d != nil {
					d.Bar, d.BarState = bar, old // the debate waits for Here I Stand (respond.go)
				} else if s.Rel.Debater[bar] == DebRemoved {
					s.Rel.Debater[bar] = old
				}
				return nil
			}
			r.debate(Papacy, z, false, att, -1)
			return nil
		},
		examples: func(s *St, p int) []string { return s.leipzigExamples() },
	})
	registerEvent(7, cardEvent{
		can: hereIStandCan,
		play: func(r *run, p int, args string) error {
			s := r.s
			legal := s.hereIStandExamples()
			if args == "" {
				return errLegal(legal, "name the card taken from the discard pile")
			}
			n, err := matchCard(args, s.Discard)
			if err != nil {
				return errLegal(legal, "%v", err)
			}
			if !containsInt(s.hereIStandPicks(), n) {
				return errLegal(legal, "%s may not be taken: no Mandatory Event, nor a card the Protestant played as an event this turn (HIS-6.2h)", cardName(n))
			}
			for i, c := range s.Discard {
				if int(c) == n {
					s.Discard = append(s.Discard[:i:i], s.Discard[i+1:]...)
					break
				}
			}
			s.Hands[Protestant] = append(s.Hands[Protestant], uint8(n))
			sortCards(s.Hands[Protestant])
			r.say("Here I Stand: the Protestant takes a card from the discard pile (HIS-6.2h).")
			r.tell(Protestant, "Here I Stand: the Protestant takes %s from the discard pile (HIS-6.2h).", cardName(n))
			return nil
		},
		examples: func(s *St, p int) []string { return s.hereIStandExamples() },
	})
}

// homePatterns are the readers of this file's texts (see mandPatterns).
func homePatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	events = msg.Patterns{
		p("his.ev.home.janissaries", "Janissaries: the Ottoman places 4 new regulars: {Where}."),
		p("his.ev.home.hre_alva", "Holy Roman Emperor: Charles V and the Duke of Alva go from {From} to {To} (HIS-21.2b)."),
		p("his.ev.home.hre", "Holy Roman Emperor: Charles V goes from {From} to {To} (HIS-21.2b)."),
		p("his.ev.home.hre_cp", "Holy Roman Emperor: the Hapsburg spends 5 CP."),
		p("his.ev.home.patron_full", "Patron of the Arts: France already has its {Max:int} VP of chateaux (HIS-21.4a)."),
		p("his.ev.home.patron_milan", "Patron of the Arts: France controls Milan and builds a chateau: 1 VP ({N:int} of {Max:int}, HIS-21.4a)."),
		p("his.ev.home.patron_roll", "Patron of the Arts: France rolls {X:int} and builds a chateau: 1 VP ({N:int} of {Max:int}, HIS-21.4a)."),
		p("his.ev.home.patron_miss", "Patron of the Arts: France rolls {X:int}: no chateau (HIS-21.4a)."),
		p("his.ev.home.bull_reformer", "The Papacy excommunicates {Name}: the reformer and his debater leave play until the next turn (HIS-21.5f)."),
		p("his.ev.home.bull_ruler", "The Papacy excommunicates {Name}: {Power:power} draws 1 card fewer until the excommunication is lifted (HIS-21.5h)."),
		p("his.ev.home.bull_unrest", "{Space} falls into unrest (HIS-21.5h)."),
		p("his.ev.home.leipzig", "Leipzig Debate: the Papacy calls a debate in the {Zone:zone} zone (HIS-18.5e)."),
		p("his.ev.home.leipzig_bar", "{Name} may not defend in this debate (HIS-18.5e)."),
		p("his.ev.home.here_i_stand_public", "Here I Stand: the Protestant takes a card from the discard pile (HIS-6.2h)."),
		p("his.ev.home.here_i_stand", "Here I Stand: the Protestant takes {Card} from the discard pile (HIS-6.2h)."),
	}
	whys = msg.Patterns{
		p("his.why.home.counters_split", "{Power:power} has no counters to split the stack in {Space} (HIS-5.2a)"),
		p("his.why.home.janissary_spot", "{Space} is not an Ottoman home space under Ottoman control free of enemy units"),
		p("his.why.home.janissary_four", "place 4 new regulars"),
		p("his.why.home.janissary_none", "no Ottoman home space under Ottoman control is free of enemy units"),
		p("his.why.home.janissary_counters", "the Ottoman has no counters left for 4 more regulars there"),
		p("his.why.home.hre_charles", "Charles V is captured, besieged or off the map (HIS-21.2b)"),
		p("his.why.home.hre_where", "name the Hapsburg home space Charles V goes to"),
		p("his.why.home.hre_spot", "{Space} is not another Hapsburg home space under Hapsburg control free of unrest and enemy units (HIS-21.2b)"),
		p("his.why.home.hre_alva", "only the Duke of Alva goes with Charles V (HIS-21.2b)"),
		p("his.why.home.hre_alva_away", "the Duke of Alva is not with Charles V"),
		p("his.why.home.patron_ruler", "Patron of the Arts needs Francis I as ruler of France (HIS-21.4a)"),
		p("his.why.home.patron_francis", "Francis I is captured, besieged or off the map (HIS-21.4a)"),
		p("his.why.home.bull_rulers", "only the English, French and Hapsburg rulers are excommunicated (HIS-21.5d)"),
		p("his.why.home.bull_heirs", "Henry VIII's heirs are never excommunicated (HIS-21.5d)"),
		p("his.why.home.bull_again", "{Name} has already been excommunicated (HIS-21.5e)"),
		p("his.why.home.bull_french", "only one French king is ever excommunicated (HIS-21.5e)"),
		p("his.why.home.bull_justify", "{Name} may not be excommunicated without justification: war with the Papacy, an Ottoman alliance, or Henry VIII with a Protestant English home space (HIS-21.5d)"),
		p("his.why.home.bull_none", "no reformer is on the map and no ruler may be excommunicated now (HIS-21.5c-d)"),
		p("his.why.home.bull_name", "name the reformer or the ruler to excommunicate"),
		p("his.why.home.bull_off", "{Name} is not on the map"),
		p("his.why.home.bull_after", `"{X}": after a reformer only "debate" may follow (HIS-21.5g)`),
		p("his.why.home.bull_debate", "no debate after the bull: {Why:why}"),
		p("his.why.home.bull_spot", "{Space} is not an unoccupied Catholic home space of {Power:power} (HIS-21.5h)"),
		p("his.why.home.bull_two", "up to 2 spaces fall into unrest (HIS-21.5h)"),
		p("his.why.home.leipzig_zone", "name the zone of the debate"),
		p("his.why.home.leipzig_not_zone", `"{X}" is not a language zone`),
		p("his.why.home.leipzig_both", "choose your debater or bar one Protestant debater, not both (HIS-18.5e)"),
		p("his.why.home.leipzig_bar", "only a Protestant debater is barred, in a German debate (HIS-18.5e)"),
		p("his.why.home.leipzig_papal", "{Name} is not an uncommitted Papal debater"),
		p("his.why.home.leipzig_in_play", "{Name} is not a debater in play"),
		p("his.why.home.leipzig_only", "{Name} is the only Protestant debater of the zone"),
		p("his.why.home.leipzig_none", "the Papacy may call no debate now (HIS-18.1o)"),
		p("his.why.home.luther", "Here I Stand is played while Luther lives"),
		p("his.why.home.his_empty", "the discard pile holds no card the Protestant may take (HIS-6.2h)"),
		p("his.why.home.his_name", "name the card taken from the discard pile"),
		p("his.why.home.his_refused", "{Card} may not be taken: no Mandatory Event, nor a card the Protestant played as an event this turn (HIS-6.2h)"),
	}
	return
}
