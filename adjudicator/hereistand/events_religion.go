package hereistand

import (
	"fmt"
	"strings"

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
	var at []int
	for _, x := range orders.SplitList(args) {
		sp, err := matchSpace(strings.TrimPrefix(x, "unrest in "))
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(ok, sp) || containsInt(at, sp) {
			return errLegal(legal, "%s is not an unoccupied %s free of unrest (HIS-12.4a)", spaces[sp].Name, u.where)
		}
		at = append(at, sp)
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
	if args != "" {
		return errLegal(r.playLine(), "this event takes no choices")
	}
	if c.debater != "" {
		r.commitDebater(c.debater)
	}
	r.eventAttempts(c.n, c.counter, c.attempts, c.plus, c.zones)
	return nil
}

// eventAttempts gives the attempts of card n to the Protestant (or the
// Papacy for Counter-Reformation attempts).
func (r *run) eventAttempts(n int, counter bool, k, plus int, zones uint8) {
	name := cards[n].Name
	if counter {
		r.say("%s: the Papacy makes %d Counter-Reformation attempts, target zone %s.", name, k, zoneList(zones))
		r.startAttempts(Attempts{Power: Papacy, Counter: true, N: k, Zones: zones, Debater: -1, Source: name})
		return
	}
	r.say("%s: the Protestant makes %d Reformation attempts, target zone %s.", name, k, zoneList(zones))
	r.startAttempts(Attempts{Power: Protestant, N: k, Plus: plus, Zones: zones, Debater: -1, Source: name})
}

var attemptCards = []attemptCard{
	{n: 65, debater: "luther", attempts: 6, zones: 1 << LangGerman},
	{n: 44, debater: "cop", attempts: 3, zones: 1 << LangFrench},
	{n: 46, debater: "calvin", attempts: 5, plus: 1, zones: 1 << LangFrench},
	{n: 85, debater: "luther", attempts: 5, zones: allZones},
	{n: 61, counter: true, attempts: 3, zones: 1 << LangEnglish},
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
}

// evrelPatterns are the readers of the texts of this file (see i18nInit).
func evrelPatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	convs["where"] = convKey(whereKeys)
	events = msg.Patterns{
		p("his.ev.rel.unrest", "{Space} falls into unrest ({Card})."),
		p("his.ev.rel.committed", "{Name} is committed ({Card})."),
		p("his.ev.rel.attempts", "{Card}: the Protestant makes {N:int} Reformation attempts, target zone {Zone:zone}."),
		p("his.ev.rel.counter", "{Card}: the Papacy makes {N:int} Counter-Reformation attempts, target zone {Zone:zone}."),
	}
	whys = msg.Patterns{
		p("his.why.rel.no_unrest", "no unoccupied {Where:where} is free of unrest (HIS-12.4a)"),
		p("his.why.rel.unrest_spot", "{Space} is not an unoccupied {Where:where} free of unrest (HIS-12.4a)"),
		p("his.why.rel.unrest_n", "name 1 to {N:int} spaces for the unrest"),
		p("his.why.rel.debater", "{Name} is not an uncommitted debater (HIS-18.3c)"),
	}
	return
}
