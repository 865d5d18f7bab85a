package hereistand

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Political and military card events (HIS-6.1): the cards of the deck
// that move money, leaders, troops and alliances. The player writes the
// choices after the colon:
//
//	play fuggers for event
//	play sale of moluccas for event
//	play ransom for event: montmorency to paris
//	play unpaid mercenaries for event: france in milan
//	play shipbuilding for event: 2 in london
//	play shipbuilding for event: naples, genoa
//	play venetian alliance for event: activate
//	play auld alliance for event: deactivate
//	play diplomatic marriage for event: activate genoa
//	play andrea doria for event: france
//	play threat to power for event: duke of alva
//	play unsanitary camp for event: france in milan
//
// Rulings where the seed is silent: docs/rulings/here-i-stand-events.md
// ("Political and military events").

// polState is what the political and military events remember.
type polState struct {
	// Fuggers holds the powers dealt 1 card fewer in the next Card Draw
	// Phase (bit per major power, #79 Fuggers).
	Fuggers uint8
}

// polWire is the stored form of polState.
type polWire struct {
	Fuggers []string `json:"fuggers,omitempty"`
}

func (m polState) wire() *polWire {
	if m == (polState{}) {
		return nil
	}
	w := &polWire{}
	for p := 0; p < NMajor; p++ {
		if m.Fuggers&(1<<p) != 0 {
			w.Fuggers = append(w.Fuggers, powers[p].ID)
		}
	}
	return w
}

func (m *polState) fromWire(w *polWire) error {
	*m = polState{}
	if w == nil {
		return nil
	}
	for _, id := range w.Fuggers {
		p, ok := powerByID[id]
		if !ok || p >= NMajor {
			return fmt.Errorf("here-i-stand state: Fuggers played by %q", id)
		}
		m.Fuggers |= 1 << p
	}
	return nil
}

// fewer is how many cards fewer power p is dealt this Card Draw Phase
// because of the events.
func (m polState) fewer(p int) int {
	return int(m.Fuggers>>p) & 1
}

// polCardDraw forgets the markers that last until the cards are dealt.
func (r *run) polCardDraw() {
	r.s.Pol.Fuggers = 0
}

// noChoices refuses choices written after an event that takes none.
func (r *run) noChoices(args string) error {
	if args != "" {
		return errLegal(r.playLine(), "this event takes no choices")
	}
	return nil
}

// --- 96 Sale of Moluccas -------------------------------------------------

func (s *St) circumnavigator() int {
	if d := s.NW.Discovery[DiscCircum]; d != 0 {
		return int(d) - 1
	}
	return NoPower
}

// --- 91 Ransom -----------------------------------------------------------

// ransomCaptives lists the captured leaders that have a power of their own.
func (s *St) ransomCaptives() []int {
	var out []int
	for l, at := range s.Leader {
		if at == LeaderCaptured && leaders[l].Power < NPow {
			out = append(out, l)
		}
	}
	return out
}

// ransomSpots are the home fortified spaces of leader l's power it
// controls, free of enemy units; ports for a naval leader.
func (s *St) ransomSpots(l int) []int {
	p := leaders[l].Power
	var out []int
	for _, sp := range homeSpaces(p) {
		if spaces[sp].fortified() && s.Controller(sp) == p && !s.enemyUnitsIn(sp, p) && (!leaders[l].Naval || spaces[sp].port()) {
			out = append(out, sp)
		}
	}
	// The capital first.
	sort.SliceStable(out, func(i, j int) bool { return spaces[out[i]].Capital && !spaces[out[j]].Capital })
	return out
}

func (s *St) ransomExamples() []string {
	var out []string
	for _, l := range s.ransomCaptives() {
		if spots := s.ransomSpots(l); len(spots) > 0 {
			out = append(out, strings.ToLower(leaders[l].Name)+" to "+spaces[spots[0]].Name)
		}
	}
	return out
}

func ransomCan(s *St, p int) error {
	if len(s.ransomExamples()) == 0 {
		return fmt.Errorf("no captured leader may return to a home fortified space of his power now")
	}
	return nil
}

func (r *run) ransom(args string) error {
	s := r.s
	legal := s.ransomExamples()
	who, where, _ := strings.Cut(args, " to ")
	var names []orders.Name
	for _, l := range s.ransomCaptives() {
		names = append(names, orders.Name{ID: leaders[l].ID, Aliases: []string{leaders[l].Name}})
	}
	if strings.TrimSpace(who) == "" {
		return errLegal(legal, "name the captured leader")
	}
	id, err := orders.Match(who, "captured leader", names)
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	l := leaderByID[id]
	spots := s.ransomSpots(l)
	if len(spots) == 0 {
		return errLegal(legal, "%s has no home fortified space to return to", leaders[l].Name)
	}
	to := spots[0]
	if strings.TrimSpace(where) != "" {
		sp, err := matchSpace(where)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(spots, sp) {
			return errLegal(legal, "%s is not a home fortified space of %s under its control free of enemy units", spaces[sp].Name, powers[leaders[l].Power].Name)
		}
		to = sp
	}
	captor := int(s.Captor[l])
	s.Leader[l], s.Captor[l] = int16(to), NoPower
	r.say("Ransom: %s is freed by %s and returns to %s.", leaders[l].Name, powers[captor].Name, spaces[to].Name)
	return nil
}

// --- 106 Unpaid Mercenaries ----------------------------------------------

// mercStacks lists the spaces holding mercenaries of power q.
func (s *St) mercStacks(q int) []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.Units[sp][q].Merc > 0 {
			out = append(out, sp)
		}
	}
	return out
}

func (s *St) unpaidExamples() []string {
	var out []string
	for q := 0; q < NPow; q++ {
		for _, sp := range s.mercStacks(q) {
			out = append(out, powers[q].ID+" in "+spaces[sp].Name)
			if len(out) >= 3 {
				return out
			}
		}
	}
	return out
}

// powerInSpace reads "<power> in <space>"; the power may be left out
// when pick names the only one there.
func (s *St) powerInSpace(args string, pick func(sp int) []int) (int, int, error) {
	pw, where, ok := strings.Cut(args, " in ")
	if !ok {
		where, pw = args, ""
	}
	sp, err := matchSpace(where)
	if err != nil {
		return 0, 0, err
	}
	if pw == "" {
		if qs := pick(sp); len(qs) == 1 {
			return qs[0], sp, nil
		}
		return 0, 0, fmt.Errorf("name the power and the space")
	}
	q, err := matchPower(pw)
	if err != nil {
		return 0, 0, err
	}
	return q, sp, nil
}

func (r *run) unpaidMercenaries(args string) error {
	s := r.s
	legal := s.unpaidExamples()
	q, sp, err := s.powerInSpace(args, func(sp int) []int {
		var qs []int
		for q := 0; q < NPow; q++ {
			if s.Units[sp][q].Merc > 0 {
				qs = append(qs, q)
			}
		}
		return qs
	})
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	n := s.Units[sp][q].Merc
	if n == 0 {
		return errLegal(legal, "%s has no mercenaries in %s", powers[q].Name, spaces[sp].Name)
	}
	_ = s.removeUnits(sp, q, Force{Merc: n})
	r.say("Unpaid Mercenaries: %s loses its %d mercenaries in %s.", powers[q].Name, n, spaces[sp].Name)
	r.log(s.recheckSiege(sp))
	return nil
}

// --- 100 Shipbuilding ----------------------------------------------------

// shipyards are the ports where power p may place a squadron now.
func (s *St) shipyards(p int) []int {
	var out []int
	for _, sp := range homeSpaces(p) {
		if s.builder(p, sp) == p && s.CanBuild(p, sp, ActBuildSquadron) == nil {
			out = append(out, sp)
		}
	}
	return out
}

func shipbuildingCan(s *St, p int) error {
	if p == Protestant {
		return fmt.Errorf("the Protestant may not play Shipbuilding as an event")
	}
	if len(s.shipyards(p)) == 0 {
		return fmt.Errorf("%s has no home port where a squadron may be placed now", powers[p].Name)
	}
	return nil
}

func (s *St) shipbuildingExamples(p int) []string {
	ys := s.shipyards(p)
	if len(ys) == 0 {
		return nil
	}
	out := []string{"2 in " + spaces[ys[0]].Name}
	if len(ys) > 1 {
		out = append(out, spaces[ys[0]].Name+", "+spaces[ys[1]].Name)
	}
	return out
}

func (r *run) shipbuilding(p int, args string) error {
	s := r.s
	legal := s.shipbuildingExamples(p)
	at := map[int]int{}
	var order []int
	total := 0
	for _, item := range orders.SplitList(args) {
		n := 1
		f := strings.Fields(item)
		if len(f) > 1 {
			if x, err := strconv.Atoi(f[0]); err == nil {
				n, f = x, f[1:]
			}
		}
		if len(f) > 1 && (f[0] == "squadrons" || f[0] == "squadron") {
			f = f[1:]
		}
		if len(f) > 1 && (f[0] == "in" || f[0] == "en" || f[0] == "a") {
			f = f[1:]
		}
		sp, err := matchSpace(strings.Join(f, " "))
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(s.shipyards(p), sp) {
			return errLegal(legal, "%s is not a home port of %s where a squadron may be placed now", spaces[sp].Name, powers[p].Name)
		}
		if n < 1 {
			return errLegal(legal, "place 2 squadrons")
		}
		if at[sp] == 0 {
			order = append(order, sp)
		}
		at[sp] += n
		total += n
	}
	if total != 2 {
		return errLegal(legal, "place 2 squadrons")
	}
	var parts []string
	for _, sp := range order {
		s.addUnits(sp, p, Force{Sq: uint8(at[sp])})
		parts = append(parts, fmt.Sprintf("%d in %s", at[sp], spaces[sp].Name))
	}
	if s.checkCounters(p) != nil || s.navalCount(p)+int(s.Flow.NavalDead[p]) > powers[p].NavalCounters {
		return errLegal(legal, "%s has no counters for 2 more squadrons (HIS-17.2b)", powers[p].Name)
	}
	r.say("Shipbuilding: %s places 2 new squadrons: %s.", powers[p].Name, strings.Join(parts, ", "))
	return nil
}

func init() {
	registerEvent(79, cardEvent{
		play: func(r *run, p int, args string) error {
			if err := r.noChoices(args); err != nil {
				return err
			}
			r.s.Pol.Fuggers |= 1 << p
			r.say("Fuggers: %s draws 2 cards and will be dealt 1 card fewer next turn.", powers[p].Name)
			r.drawFromDeck(p)
			r.drawFromDeck(p)
			return nil
		},
	})
	registerEvent(96, cardEvent{
		can: func(s *St, p int) error {
			if s.circumnavigator() == NoPower {
				return fmt.Errorf("nobody has sailed around the world yet")
			}
			return nil
		},
		play: func(r *run, p int, args string) error {
			if err := r.noChoices(args); err != nil {
				return err
			}
			q := r.s.circumnavigator()
			r.say("Sale of Moluccas: %s, which sailed around the world, draws 2 cards.", powers[q].Name)
			r.drawFromDeck(q)
			r.drawFromDeck(q)
			return nil
		},
	})
	registerEvent(91, cardEvent{
		can:      ransomCan,
		play:     func(r *run, p int, args string) error { return r.ransom(args) },
		examples: func(s *St, p int) []string { return s.ransomExamples() },
	})
	registerEvent(106, cardEvent{
		can: func(s *St, p int) error {
			if len(s.unpaidExamples()) == 0 {
				return fmt.Errorf("no mercenaries are on the map")
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.unpaidMercenaries(args) },
		examples: func(s *St, p int) []string { return s.unpaidExamples() },
	})
	registerEvent(100, cardEvent{
		can:      shipbuildingCan,
		play:     func(r *run, p int, args string) error { return r.shipbuilding(p, args) },
		examples: func(s *St, p int) []string { return s.shipbuildingExamples(p) },
	})
}

// polPatterns are the readers of this file's texts (see mandPatterns).
func polPatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	events = msg.Patterns{
		p("his.ev.pol.fuggers", "Fuggers: {Power:power} draws 2 cards and will be dealt 1 card fewer next turn."),
		p("his.ev.pol.moluccas", "Sale of Moluccas: {Power:power}, which sailed around the world, draws 2 cards."),
		p("his.ev.pol.ransom", "Ransom: {Name} is freed by {Captor:power} and returns to {Space}."),
		p("his.ev.pol.unpaid", "Unpaid Mercenaries: {Power:power} loses its {N:int} mercenaries in {Space}."),
		p("his.ev.pol.shipbuilding", "Shipbuilding: {Power:power} places 2 new squadrons: {Where}."),
	}
	whys = msg.Patterns{
		p("his.why.pol.ransom_none", "no captured leader may return to a home fortified space of his power now"),
		p("his.why.pol.ransom_name", "name the captured leader"),
		p("his.why.pol.ransom_nowhere", "{Name} has no home fortified space to return to"),
		p("his.why.pol.ransom_spot", "{Space} is not a home fortified space of {Power:power} under its control free of enemy units"),
		p("his.why.pol.unpaid_none", "no mercenaries are on the map"),
		p("his.why.pol.power_space", "name the power and the space"),
		p("his.why.pol.unpaid_no_mercs", "{Power:power} has no mercenaries in {Space}"),
		p("his.why.pol.ship_protestant", "the Protestant may not play Shipbuilding as an event"),
		p("his.why.pol.ship_none", "{Power:power} has no home port where a squadron may be placed now"),
		p("his.why.pol.ship_spot", "{Space} is not a home port of {Power:power} where a squadron may be placed now"),
		p("his.why.pol.ship_two", "place 2 squadrons"),
		p("his.why.pol.ship_counters", "{Power:power} has no counters for 2 more squadrons (HIS-17.2b)"),
		p("his.why.pol.moluccas", "nobody has sailed around the world yet"),
	}
	return
}
