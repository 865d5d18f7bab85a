package hereistand

import (
	"fmt"

	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// More card events (HIS-6.1): the Renegade, fortresses and the assaults
// the cards give. The player writes the choices after the colon:
//
//	play charles bourbon for event: milan
//	play trace italienne for event: pavia
//	play roxelana for event                      (the Ottoman: Suleiman assaults)
//	play roxelana for event: suleiman to istanbul (another power: 2 of its 4 CP)
//	play treachery for event: vienna
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
}

// moreWire is the stored form of moreState.
type moreWire struct {
	Renegade  string   `json:"renegade,omitempty"`
	Forts     []string `json:"fortresses,omitempty"`
	Treachery string   `json:"treachery,omitempty"`
}

func (m moreState) wire() *moreWire {
	if m == (moreState{}) {
		return nil
	}
	w := &moreWire{}
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
	whys = msg.Patterns{
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
