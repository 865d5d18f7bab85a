package hereistand

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The religious struggle (HIS-18): debaters, reformers, Jesuit
// universities, the flags of the events that change religious rolls, and
// the Reformation and Counter-Reformation attempts in progress. The
// translation and St. Peter's tracks are in Tracks.

// Debater states (HIS-8.2h, HIS-18.5l-m).
const (
	DebOff         = iota // not yet in play
	DebUncommitted        // white side up: its bonus may be used
	DebCommitted          // grey side up until the Winter Phase
	DebBurned             // burned at the stake: on the Papal VP box
	DebDisgraced          // disgraced: on the Protestant VP box
	DebRemoved            // out of play for the turn (excommunicated) or for good
	nDebState
)

var debaterStates = [nDebState]string{"off", "uncommitted", "committed", "burned", "disgraced", "removed"}

// Reformer locations beyond a space.
const (
	ReformerOff     = -1 // not yet in play
	ReformerRemoved = -2 // burned or removed for good
)

type debaterInfo struct {
	ID, Name string
	Power    int // Protestant or Papacy
	Lang     int // a Protestant debater's language zone; LangNone for the Papal ones
	Value    int
	// Entry is the turn the debater enters; WithCranmer debaters enter
	// with the reformer Cranmer (HIS-8.2i).
	Entry       int
	WithCranmer bool
	Bonus       string
}

type reformerInfo struct {
	ID, Name string
	Space    int
	Entry    int // 0: enters on a condition (Cranmer)
}

type rawDebater struct {
	ID, Name    string
	Power       string
	Lang        string
	Value       int
	Entry       int
	WithCranmer bool `json:"with_cranmer"`
	Bonus       string
}

type rawReformer struct {
	ID, Name string
	Space    string
	Entry    int
}

var (
	debaters     []debaterInfo
	reformers    []reformerInfo
	debaterByID  = map[string]int{}
	reformerByID = map[string]int{}
)

var langByID = map[string]int{"none": LangNone, "german": LangGerman, "french": LangFrench,
	"italian": LangItalian, "english": LangEnglish, "spanish": LangSpanish}

// translationZones are the zones of the translation tracks, in the order
// of Tracks.Translation.
var translationZones = [3]int{LangGerman, LangFrench, LangEnglish}

// The translation tracks (HIS-18.1m): 6 boxes of New Testament, then 10
// of Full Bible.
const (
	ntBoxes    = 6
	bibleBoxes = 10
	// stPetersCPPerVP is the number of CP boxes of the St. Peter's track
	// (the Papal power card); stPetersMaxVP the VP it can give (HIS-18.1p).
	stPetersCPPerVP = 5
	stPetersMaxVP   = 5
)

func loadReligion(ds []rawDebater, rs []rawReformer) error {
	for _, d := range ds {
		p, ok := powerByID[d.Power]
		if !ok || p != Protestant && p != Papacy {
			return fmt.Errorf("debater %s: power %q", d.ID, d.Power)
		}
		l, ok := langByID[d.Lang]
		if !ok || (p == Protestant) != (l != LangNone) {
			return fmt.Errorf("debater %s: language zone %q", d.ID, d.Lang)
		}
		if _, dup := debaterByID[d.ID]; dup {
			return fmt.Errorf("debater %s twice", d.ID)
		}
		if d.Value < 1 || d.Value > 4 || (d.Entry < 1) != d.WithCranmer || d.Entry > lastGameTurn {
			return fmt.Errorf("debater %s: value %d, entry %d", d.ID, d.Value, d.Entry)
		}
		debaterByID[d.ID] = len(debaters)
		debaters = append(debaters, debaterInfo{ID: d.ID, Name: d.Name, Power: p, Lang: l, Value: d.Value,
			Entry: d.Entry, WithCranmer: d.WithCranmer, Bonus: d.Bonus})
	}
	for _, r := range rs {
		sp, ok := spaceByID[r.Space]
		if !ok {
			return fmt.Errorf("reformer %s: space %q", r.ID, r.Space)
		}
		if _, dup := reformerByID[r.ID]; dup {
			return fmt.Errorf("reformer %s twice", r.ID)
		}
		reformerByID[r.ID] = len(reformers)
		reformers = append(reformers, reformerInfo{ID: r.ID, Name: r.Name, Space: sp, Entry: r.Entry})
	}
	for _, id := range []string{"luther", "zwingli", "calvin", "cranmer"} {
		if _, ok := reformerByID[id]; !ok {
			return fmt.Errorf("reformer %s missing", id)
		}
	}
	if len(debaters) > 64 {
		return fmt.Errorf("%d debaters", len(debaters))
	}
	return nil
}

// Attempts are religious conversions owed to one power, chosen one
// target at a time: Reformation attempts (HIS-18.3), Counter-Reformation
// attempts (HIS-18.4), or the spaces a debate's winner flips (HIS-18.5k).
type Attempts struct {
	Power   int  // the power choosing the targets
	Counter bool // Counter-Reformation (to Catholic)
	Flip    bool // flips without dice (a debate's result)
	N       int  // attempts or flips left
	Done    int  // attempts made so far
	// Zones holds the target language zones (bit per zone): ties and
	// automatic successes count only there (HIS-18.3e).
	Zones uint8
	// Only restricts the targets to the target zones; Adj to spaces
	// next to a space of the new religion (the Diet of Worms, HIS-18.1g).
	Only, Adj bool
	// Dice are extra dice on every attempt (95 Theses); Plus is added to
	// every Protestant die (Full Bible, HIS-18.3h).
	Dice, Plus int
	// Debater is the debater whose bonus applies to these attempts, or -1.
	Debater int
	// Source says where the attempts come from, as reports name it.
	Source string
	// Home restricts the targets to power Home-1's home spaces (0: no
	// restriction; Book of Common Prayer). Then is the card whose
	// follow-up runs once the attempts end (afterAttempts), or 0.
	Home, Then int
}

// Religion is the religious part of a game.
type Religion struct {
	// Debater[d] is debater d's state (Deb*).
	Debater []uint8
	// Reformer[r] is reformer r's space or one of the Reformer* values.
	Reformer []int16
	// Jesuit holds the spaces with a Jesuit university (HIS-18.2c).
	Jesuit locSet
	// PrintingPress and Augsburg are set while those events' effects
	// last (the rest of the turn); SocietyOfJesus once it was played.
	// The events themselves arrive with the card events.
	PrintingPress, Augsburg, SocietyOfJesus bool
	// Converted holds the electorates converted once (bit = index in
	// the electorates table), for their Protestant regulars (HIS-21.6c).
	Converted uint8
	// BonusUsed holds the religious powers (bit 0 Protestant, bit 1
	// Papacy) that used a debater bonus this impulse (HIS-18.2j).
	BonusUsed uint8
	// Tried and CTried hold the spaces targeted by a Reformation or a
	// Counter-Reformation attempt this impulse (HIS-18.3d, HIS-18.4b).
	Tried, CTried locSet
	// Pending are the attempts whose targets are being chosen.
	Pending *Attempts
	// Diet holds the cards committed in secret to the Diet of Worms
	// (HIS-18.1d), by power, until all three are revealed; never shown.
	Diet [NMajor]uint8
}

func (r Religion) clone() Religion {
	r.Debater = append([]uint8(nil), r.Debater...)
	r.Reformer = append([]int16(nil), r.Reformer...)
	if r.Pending != nil {
		a := *r.Pending
		r.Pending = &a
	}
	return r
}

// newReligion is the religious state of a game before its first turn.
func newReligion() Religion {
	r := Religion{Debater: make([]uint8, len(debaters)), Reformer: make([]int16, len(reformers))}
	for i := range r.Reformer {
		r.Reformer[i] = ReformerOff
	}
	return r
}

// bonusBit is the BonusUsed bit of a religious power.
func bonusBit(p int) uint8 {
	if p == Papacy {
		return 2
	}
	return 1
}

// immune reports whether space sp never changes religion: the Ottoman
// home spaces (HIS-2.3a) and spaces out of play.
func (s *St) immune(sp int) bool {
	return s.homeOf(sp) == Ottoman || s.Ctrl[sp] == NoPower
}

// Catholic reports whether space sp is Catholic in religion.
func (s *St) Catholic(sp int) bool { return !s.immune(sp) && !s.Prot.has(sp) }

// reformerAt reports whether a reformer stands in space sp.
func (s *St) reformerAt(sp int) bool {
	for _, at := range s.Rel.Reformer {
		if int(at) == sp {
			return true
		}
	}
	return false
}

// reformerOn reports whether reformer id is on the map.
func (s *St) reformerOn(id string) bool {
	r, ok := reformerByID[id]
	return ok && r < len(s.Rel.Reformer) && s.Rel.Reformer[r] >= 0
}

// rulerIs reports whether power p's ruler is id.
func (s *St) rulerIs(p int, id string) bool { return rulers[s.Ruler[p]].ID == id }

// protestantStack and catholicStack report whether loc holds land units
// of the Protestant or the Catholic side (HIS-18.2d-g).
func (s *St) protestantStack(loc int) bool {
	if s.Units[loc][Protestant].Land() > 0 {
		return true
	}
	eng := s.Units[loc][England].Land() > 0 ||
		s.Units[loc][Scotland].Land() > 0 && s.Allied(Scotland, England)
	return eng && (s.rulerIs(England, "edward_vi") || s.rulerIs(England, "elizabeth_i"))
}

func (s *St) catholicStack(loc int) bool {
	for _, q := range []int{Hapsburg, France, Papacy, Genoa, Hungary, Venice, Independent} {
		if s.Units[loc][q].Land() > 0 {
			return true
		}
	}
	if s.Units[loc][Scotland].Land() > 0 && !s.Allied(Scotland, England) {
		return true
	}
	eng := s.Units[loc][England].Land() > 0 || s.Units[loc][Scotland].Land() > 0
	return eng && s.rulerIs(England, "mary_i")
}

// protDice and cathDice are the base dice of the two sides in a
// religious attempt on space t (HIS-18.3f, HIS-18.3j, HIS-18.4d,
// HIS-18.4h): 1 per adjacent space, reformer or university and stack, 2
// for a reformer or university and a stack in the target; across a pass
// or from a space in unrest, nothing; at least 1.
func (s *St) protDice(t int) int {
	n := 0
	if s.reformerAt(t) {
		n += 2
	}
	if s.protestantStack(t) {
		n += 2
	}
	for _, e := range spaces[t].Nbr {
		a := int(e.To)
		if e.Pass || s.InUnrest(a) {
			continue
		}
		if s.Prot.has(a) {
			n++
		}
		if s.reformerAt(a) {
			n++
		}
		if s.protestantStack(a) {
			n++
		}
	}
	return max(n, 1)
}

func (s *St) cathDice(t int) int {
	n := 0
	if s.Rel.Jesuit.has(t) {
		n += 2
	}
	if s.catholicStack(t) {
		n += 2
	}
	for _, e := range spaces[t].Nbr {
		a := int(e.To)
		if e.Pass || s.InUnrest(a) {
			continue
		}
		if s.Catholic(a) {
			n++
		}
		if s.Rel.Jesuit.has(a) {
			n++
		}
		if s.catholicStack(a) {
			n++
		}
	}
	return max(n, 1)
}

// portWith reports whether port t lies on a sea zone with another port
// of the religion wanted (prot: Protestant, else Catholic).
func (s *St) portWith(t int, prot bool) bool {
	for _, z := range spaces[t].Seas {
		for _, o := range seas[z].Ports {
			if o != t && (prot && s.Prot.has(o) || !prot && s.Catholic(o)) {
				return true
			}
		}
	}
	return false
}

// ReformTarget reports whether space t may be the target of a
// Reformation attempt (HIS-18.3e): Catholic (in unrest or not,
// HIS-12.3b), and holding a reformer, adjacent to a Protestant space
// (passes count) or a port on a sea zone with other Protestant ports.
func (s *St) ReformTarget(t int) bool {
	if !s.Catholic(t) {
		return false
	}
	return s.reformerAt(t) || s.portWith(t, true) || s.adjacentOf(t, false)
}

// adjacentOf reports whether space t is adjacent (passes count) to a
// space of the religion wanted (counter: Catholic, else Protestant) that
// is not in unrest: a space in unrest gives no adjacency to a target
// (HIS-12.4g).
func (s *St) adjacentOf(t int, counter bool) bool {
	for _, e := range spaces[t].Nbr {
		a := int(e.To)
		if !s.InUnrest(a) && (counter && s.Catholic(a) || !counter && s.Prot.has(a)) {
			return true
		}
	}
	return false
}

// CounterTarget reports whether space t may be the target of a
// Counter-Reformation attempt (HIS-18.4c): Protestant (in unrest or not,
// HIS-12.3b), and holding a Jesuit university, adjacent to a Catholic
// space or a port on a sea zone with other Catholic ports.
func (s *St) CounterTarget(t int) bool {
	if !s.Prot.has(t) || s.immune(t) {
		return false
	}
	return s.Rel.Jesuit.has(t) || s.portWith(t, false) || s.adjacentOf(t, true)
}

// attemptTargets lists the legal targets of the pending attempts, in
// space order. A debate's flips go to its zone while it has eligible
// spaces, then anywhere (HIS-18.5k).
func (s *St) attemptTargets(a *Attempts) []int {
	var in, out []int
	for t := 0; t < NS; t++ {
		ok := false
		if a.Counter {
			ok = s.CounterTarget(t) && (a.Flip || !s.Rel.CTried.has(t))
		} else {
			ok = s.ReformTarget(t) && (a.Flip || !s.Rel.Tried.has(t))
		}
		if ok && a.Home > 0 {
			ok = spaces[t].Home == a.Home-1
		}
		if ok && a.Adj {
			ok = s.adjacentOf(t, a.Counter)
		}
		if !ok {
			continue
		}
		if a.Zones&(1<<spaces[t].Lang) != 0 {
			in = append(in, t)
		} else if !a.Only {
			out = append(out, t)
		}
	}
	if a.Flip && len(in) > 0 {
		return in
	}
	return append(in, out...)
}

// within reports whether space b is at most n connections from a.
func within(a, b, n int) bool {
	if a == b {
		return true
	}
	front := []int{a}
	seen := map[int]bool{a: true}
	for step := 0; step < n; step++ {
		var next []int
		for _, x := range front {
			for _, e := range spaces[x].Nbr {
				y := int(e.To)
				if y == b {
					return true
				}
				if !seen[y] {
					seen[y] = true
					next = append(next, y)
				}
			}
		}
		front = next
	}
	return false
}

// bonusDice is the extra dice debater d's bonus gives an attempt on t
// (HIS-18.2h; the debaters whose bonus adds dice to attempts).
func (s *St) bonusDice(d, t int, counter bool) int {
	if d < 0 {
		return 0
	}
	near := func(id string) bool { return within(spaceByID[id], t, 2) }
	home := func(p int) bool { return spaces[t].Home == p }
	if !counter {
		switch debaters[d].ID {
		case "bucer":
			return b2i(near("strasburg"))
		case "zwingli":
			return b2i(near("zurich"))
		case "oekolampadius":
			return b2i(near("basel"))
		case "farel":
			return b2i(near("geneva"))
		case "cop":
			return b2i(near("paris"))
		case "cranmer":
			return b2i(near("london"))
		case "latimer":
			return b2i(home(England))
		case "wishart":
			return b2i(home(Scotland))
		case "knox":
			return b2i(home(England) || home(Scotland))
		}
		return 0
	}
	switch debaters[d].ID {
	case "contarini":
		cv := leaderByID["charles_v"]
		return b2i(s.Leader[cv] >= 0 && int(s.Leader[cv]) < NS && within(int(s.Leader[cv]), t, 2))
	case "faber":
		return 2 * b2i(spaces[t].Type == Electorate)
	case "canisius":
		return b2i(near("regensburg"))
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// rollBest rolls n dice and returns them and the best.
func (r *run) rollBest(purpose string, n int) ([]int, int) {
	var rolls []int
	best := 0
	for i := 0; i < n; i++ {
		x := r.dice.Roll(purpose, 6)
		rolls = append(rolls, x)
		best = max(best, x)
	}
	return rolls, best
}

func diceText(rolls []int) string {
	var b strings.Builder
	for i, x := range rolls {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprint(&b, x)
	}
	return b.String()
}

// attempt makes one attempt of a on space t and reports whether the
// space changed religion.
func (r *run) attempt(a *Attempts, t int) bool {
	s := r.s
	inZone := a.Zones&(1<<spaces[t].Lang) != 0
	name := spaces[t].Name
	if a.Flip {
		r.flip(t, !a.Counter)
		if a.Counter {
			r.say("%s flips %s to Catholic.", powers[a.Power].Name, name)
		} else {
			r.say("%s flips %s to Protestant.", powers[a.Power].Name, name)
		}
		return true
	}
	won := false
	if !a.Counter {
		s.Rel.Tried.set(t)
		n := s.protDice(t) + a.Dice + b2i(s.Rel.PrintingPress) + s.bonusDice(a.Debater, t, false)
		rolls, best := r.rollBest("reformation "+spaces[t].ID, n)
		best += a.Plus
		if best >= 6 && inZone {
			r.say("Reformation attempt in %s: the Protestant rolls %s [%s], best %d: automatic success (HIS-18.3i).",
				name, nDice(n), diceText(rolls), best)
			won = true
		} else {
			m := s.cathDice(t)
			crolls, cbest := r.rollBest("reformation "+spaces[t].ID, m)
			won = best > cbest || best == cbest && inZone
			r.say("Reformation attempt in %s: the Protestant rolls %s [%s], best %d; the Papacy rolls %s [%s], best %d.",
				name, nDice(n), diceText(rolls), best, nDice(m), diceText(crolls), cbest)
		}
		if won {
			r.flip(t, true)
			r.say("%s becomes Protestant.", name)
		} else {
			r.say("%s stays Catholic.", name)
			if a.Debater >= 0 && debaters[a.Debater].ID == "carlstadt" && spaces[t].Lang == LangGerman && !s.InUnrest(t) {
				s.Unrest.set(t)
				r.say("%s falls into unrest (Carlstadt, HIS-18.3l).", name)
			}
		}
		return won
	}
	s.Rel.CTried.set(t)
	pope := s.rulerIs(Papacy, "paul_iii") || s.rulerIs(Papacy, "julius_iii")
	n := s.cathDice(t) + a.Dice + s.bonusDice(a.Debater, t, true)
	rolls, best := r.rollBest("counter-reformation "+spaces[t].ID, n)
	if s.Rel.Augsburg {
		best-- // HIS-18.4f
	}
	if best >= 6 && inZone && pope {
		r.say("Counter-Reformation attempt in %s: the Papacy rolls %s [%s], best %d: automatic success (HIS-18.4g).",
			name, nDice(n), diceText(rolls), best)
		won = true
	} else {
		m := s.protDice(t)
		prolls, pbest := r.rollBest("counter-reformation "+spaces[t].ID, m)
		won = best > pbest || best == pbest && pope && inZone
		r.say("Counter-Reformation attempt in %s: the Papacy rolls %s [%s], best %d; the Protestant rolls %s [%s], best %d.",
			name, nDice(n), diceText(rolls), best, nDice(m), diceText(prolls), pbest)
	}
	if won {
		r.flip(t, false)
		r.say("%s becomes Catholic.", name)
	} else {
		r.say("%s stays Protestant.", name)
	}
	if a.Debater >= 0 && debaters[a.Debater].ID == "tetzel" {
		r.stPeters(1)
	}
	return won
}

// flip turns space t Protestant (prot) or Catholic. An electorate
// converted for the first time receives its Protestant regulars from the
// Electorate display (HIS-18.3k, HIS-21.6c, HIS-21.6j).
func (r *run) flip(t int, prot bool) {
	s := r.s
	if !prot {
		s.Prot.clear(t)
		return
	}
	s.Prot.set(t)
	e := electorateIndex(t)
	if e < 0 || s.Rel.Converted&(1<<e) != 0 {
		return
	}
	if s.League && s.Controller(t) != Protestant {
		return
	}
	s.Rel.Converted |= 1 << e
	if n := s.Display[e]; n > 0 {
		s.Display[e] = 0
		s.addUnits(t, Protestant, Force{Reg: n})
		r.say("%s", electorateArrival(int(n), t))
	}
}

// startAttempts records attempts owed and asks their power for the
// first target, or ends them at once when no target is legal.
func (r *run) startAttempts(a Attempts) {
	s := r.s
	s.Rel.Pending = &a
	s.Flow.push(DecReform, a.Power)
	r.checkAttempts()
}

// checkAttempts ends the pending attempts when none is left or no
// target is legal.
func (r *run) checkAttempts() {
	s := r.s
	a := s.Rel.Pending
	if a == nil {
		return
	}
	if a.N > 0 && len(s.attemptTargets(a)) > 0 {
		return
	}
	if a.N > 0 {
		if a.N == 1 {
			r.say("No legal target is left: the last attempt from %s is lost.", a.Source)
		} else {
			r.say("No legal target is left: %d of the attempts from %s are lost.", a.N, a.Source)
		}
	}
	s.Rel.Pending = nil
	if d, ok := s.Flow.top(); ok && d.Kind == DecReform {
		s.Flow.pop()
	}
	if f := afterAttempts[a.Then]; a.Then != 0 && f != nil {
		f(r)
	}
}

// targetChoices are the legal answers to the pending attempts.
func (s *St) targetChoices() []string {
	a := s.Rel.Pending
	if a == nil {
		return []string{"target"}
	}
	var out []string
	ts := s.attemptTargets(a)
	// The best odds first: the default takes the first.
	sort.SliceStable(ts, func(i, j int) bool { return s.targetScore(a, ts[i]) > s.targetScore(a, ts[j]) })
	for _, t := range ts {
		out = append(out, "target "+spaces[t].Name)
	}
	if len(out) == 0 {
		out = []string{"target"}
	}
	return out
}

// targetScore ranks a target for the default answer: own dice less the
// other side's, plus one inside the target zones.
func (s *St) targetScore(a *Attempts, t int) int {
	in := b2i(a.Zones&(1<<spaces[t].Lang) != 0)
	if a.Counter {
		return s.cathDice(t) - s.protDice(t) + in
	}
	return s.protDice(t) - s.cathDice(t) + in
}

// targetText explains the pending attempts to their power.
func (s *St) targetText() string {
	a := s.Rel.Pending
	if a == nil {
		return ""
	}
	zones := zoneList(a.Zones)
	switch {
	case a.Adj && a.Counter:
		return fmt.Sprintf("The Diet of Worms: choose a German space next to a Catholic space to flip to Catholic (%d left, HIS-18.1h).", a.N)
	case a.Adj:
		return fmt.Sprintf("The Diet of Worms: choose a German space next to a Protestant space to flip to Protestant (%d left, HIS-18.1g).", a.N)
	case a.Flip && a.Counter:
		return fmt.Sprintf("You won the debate: choose a space to flip to Catholic (%d left, %s zone first, HIS-18.5k).", a.N, zones)
	case a.Flip:
		return fmt.Sprintf("You won the debate: choose a space to flip to Protestant (%d left, %s zone first, HIS-18.5k).", a.N, zones)
	case a.Counter:
		return fmt.Sprintf("Counter-Reformation attempts from %s: %d left, target zone %s. Choose the next target, or several (one per line or separated by commas), tried in order (HIS-18.4c).", a.Source, a.N, zones)
	}
	return fmt.Sprintf("Reformation attempts from %s: %d left, target zone %s. Choose the next target, or several (one per line or separated by commas), tried in order (HIS-18.3e).", a.Source, a.N, zones)
}

func zoneList(z uint8) string {
	var out []string
	for l := 1; l < NLang; l++ {
		if z&(1<<l) != 0 {
			out = append(out, langNames[l])
		}
	}
	if len(out) == NLang-1 {
		return "any"
	}
	return strings.Join(out, "/")
}

// stPeters adds cp to the St. Peter's track (HIS-18.1p).
func (r *run) stPeters(cp int) {
	t := &r.s.Tracks
	for i := 0; i < cp && t.StPetersVP < stPetersMaxVP; i++ {
		t.StPetersCP++
		if t.StPetersCP >= stPetersCPPerVP {
			t.StPetersCP = 0
			t.StPetersVP++
			r.say("St. Peter's gives the Papacy 1 VP (%d of %d).", t.StPetersVP, stPetersMaxVP)
		}
	}
}

// religionCardDraw brings in the debaters and reformers of the turn
// (HIS-8.2e-i).
func (r *run) religionCardDraw() {
	s := r.s
	for i, rf := range reformers {
		if s.Rel.Reformer[i] == ReformerOff && rf.Entry > 1 && rf.Entry <= s.Turn {
			s.Rel.Reformer[i] = int16(rf.Space)
			r.say("The reformer %s enters %s.", rf.Name, spaces[rf.Space].Name)
		}
	}
	cranmer := s.reformerOn("cranmer")
	for d, di := range debaters {
		if s.Rel.Debater[d] != DebOff {
			continue
		}
		if di.WithCranmer && cranmer || !di.WithCranmer && di.Entry <= s.Turn {
			s.Rel.Debater[d] = DebUncommitted
			r.say("The debater %s enters play.", di.Name)
		}
	}
}

// religionWinter flips every debater back and ends the effects that last
// the turn (HIS-19.7a).
func (s *St) religionWinter() {
	for d, st := range s.Rel.Debater {
		if st == DebCommitted {
			s.Rel.Debater[d] = DebUncommitted
		}
	}
	s.Rel.PrintingPress, s.Rel.Augsburg = false, false
}

// religionImpulse resets the marks of one impulse.
func (s *St) religionImpulse() {
	s.Rel.BonusUsed = 0
	s.Rel.Tried, s.Rel.CTried = locSet{}, locSet{}
}

// checkReligion verifies the religious invariants.
func (s *St) checkReligion() error {
	if len(s.Rel.Debater) != len(debaters) || len(s.Rel.Reformer) != len(reformers) {
		return fmt.Errorf("debater or reformer table size")
	}
	for d, st := range s.Rel.Debater {
		if st >= nDebState {
			return fmt.Errorf("debater %s: state %d", debaters[d].Name, st)
		}
	}
	for i, at := range s.Rel.Reformer {
		if at != ReformerOff && at != ReformerRemoved && int(at) != reformers[i].Space {
			return fmt.Errorf("reformer %s in a bad place", reformers[i].Name)
		}
	}
	var bad error
	s.Rel.Jesuit.each(func(sp int) {
		if sp >= NS {
			bad = fmt.Errorf("a Jesuit university at sea")
		}
	})
	if bad != nil {
		return bad
	}
	if s.Tracks.StPetersCP < 0 || s.Tracks.StPetersCP >= stPetersCPPerVP || s.Tracks.StPetersVP < 0 || s.Tracks.StPetersVP > stPetersMaxVP {
		return fmt.Errorf("St. Peter's track %d CP, %d VP", s.Tracks.StPetersCP, s.Tracks.StPetersVP)
	}
	for i, n := range s.Tracks.Translation {
		if n < 0 || n > ntBoxes+bibleBoxes {
			return fmt.Errorf("translation track %d at %d", i, n)
		}
	}
	pendingDec := false
	for _, d := range s.Flow.Stack {
		if d.Kind == DecReform {
			pendingDec = true
		}
	}
	if pendingDec != (s.Rel.Pending != nil) {
		return fmt.Errorf("religious attempts pending without their decision, or the reverse")
	}
	for p, c := range s.Rel.Diet {
		if c != 0 && (s.Phase != PhDiet || !containsCard(s.Hands[p], int(c))) {
			return fmt.Errorf("%s's Diet of Worms card is not in its hand", powers[p].Name)
		}
	}
	if a := s.Rel.Pending; a != nil {
		if a.N < 0 || a.Power < 0 || a.Power >= NMajor || a.Debater < -1 || a.Debater >= len(debaters) {
			return fmt.Errorf("bad pending attempts %+v", *a)
		}
	}
	s.Prot.each(func(sp int) {
		if sp >= NS || s.immune(sp) {
			bad = fmt.Errorf("%s cannot be Protestant", locName(sp))
		}
	})
	return bad
}

// religionWire is the stored form of the religious state.
type religionWire struct {
	Debaters  [][2]string    `json:"debaters"`            // debater, state (uncommitted, committed...); off ones left out
	Reformers [][2]string    `json:"reformers,omitempty"` // reformer, space or "removed"; off ones left out
	Jesuit    []string       `json:"jesuit,omitempty"`
	Flags     []string       `json:"flags,omitempty"`
	Converted []string       `json:"converted,omitempty"`
	BonusUsed []string       `json:"bonus_used,omitempty"`
	Tried     []string       `json:"tried,omitempty"`
	CTried    []string       `json:"counter_tried,omitempty"`
	Pending   *attemptsWire  `json:"pending,omitempty"`
	Diet      map[string]int `json:"diet,omitempty"`
}

type attemptsWire struct {
	Power   string `json:"power"`
	Counter bool   `json:"counter,omitempty"`
	Flip    bool   `json:"flip,omitempty"`
	N       int    `json:"n"`
	Done    int    `json:"done,omitempty"`
	Zones   []int  `json:"zones,omitempty"`
	Only    bool   `json:"only,omitempty"`
	Adj     bool   `json:"adjacent,omitempty"`
	Dice    int    `json:"dice,omitempty"`
	Plus    int    `json:"plus,omitempty"`
	Debater string `json:"debater,omitempty"`
	Source  string `json:"source"`
	Home    string `json:"home,omitempty"`
	Then    int    `json:"then,omitempty"`
}

var religionFlags = []string{"printing_press", "augsburg", "society_of_jesus"}

func (s *St) religionFlagPtrs() []*bool {
	return []*bool{&s.Rel.PrintingPress, &s.Rel.Augsburg, &s.Rel.SocietyOfJesus}
}

func spaceIDs(set locSet) []string {
	var out []string
	set.each(func(sp int) { out = append(out, locID(sp)) })
	return out
}

func (s *St) religionWire() *religionWire {
	w := &religionWire{Debaters: [][2]string{}}
	for d, st := range s.Rel.Debater {
		if st != DebOff {
			w.Debaters = append(w.Debaters, [2]string{debaters[d].ID, debaterStates[st]})
		}
	}
	for i, at := range s.Rel.Reformer {
		switch {
		case at == ReformerRemoved:
			w.Reformers = append(w.Reformers, [2]string{reformers[i].ID, "removed"})
		case at >= 0:
			w.Reformers = append(w.Reformers, [2]string{reformers[i].ID, spaces[at].ID})
		}
	}
	w.Jesuit = spaceIDs(s.Rel.Jesuit)
	for i, f := range s.religionFlagPtrs() {
		if *f {
			w.Flags = append(w.Flags, religionFlags[i])
		}
	}
	for i, e := range electorates {
		if s.Rel.Converted&(1<<i) != 0 {
			w.Converted = append(w.Converted, spaces[e].ID)
		}
	}
	if s.Rel.BonusUsed&1 != 0 {
		w.BonusUsed = append(w.BonusUsed, powers[Protestant].ID)
	}
	if s.Rel.BonusUsed&2 != 0 {
		w.BonusUsed = append(w.BonusUsed, powers[Papacy].ID)
	}
	w.Tried, w.CTried = spaceIDs(s.Rel.Tried), spaceIDs(s.Rel.CTried)
	for p, c := range s.Rel.Diet {
		if c != 0 {
			if w.Diet == nil {
				w.Diet = map[string]int{}
			}
			w.Diet[powers[p].ID] = int(c)
		}
	}
	if a := s.Rel.Pending; a != nil {
		aw := &attemptsWire{Power: powers[a.Power].ID, Counter: a.Counter, Flip: a.Flip, N: a.N, Done: a.Done,
			Only: a.Only, Adj: a.Adj, Dice: a.Dice, Plus: a.Plus, Source: a.Source, Then: a.Then}
		if a.Home > 0 {
			aw.Home = powers[a.Home-1].ID
		}
		for l := 0; l < NLang; l++ {
			if a.Zones&(1<<l) != 0 {
				aw.Zones = append(aw.Zones, l)
			}
		}
		if a.Debater >= 0 {
			aw.Debater = debaters[a.Debater].ID
		}
		w.Pending = aw
	}
	return w
}

func (s *St) religionFromWire(w *religionWire) error {
	s.Rel = newReligion()
	if w == nil {
		return nil
	}
	bad := func(what string, v any) error { return fmt.Errorf("here-i-stand state: unknown %s %v", what, v) }
	seen := map[string]bool{}
	for _, x := range w.Debaters {
		d, ok := debaterByID[x[0]]
		if !ok || seen[x[0]] {
			return bad("debater", x[0])
		}
		seen[x[0]] = true
		st := -1
		for i, n := range debaterStates {
			if n == x[1] && i != DebOff {
				st = i
			}
		}
		if st < 0 {
			return bad("debater state", x[1])
		}
		s.Rel.Debater[d] = uint8(st)
	}
	for _, x := range w.Reformers {
		i, ok := reformerByID[x[0]]
		if !ok {
			return bad("reformer", x[0])
		}
		if x[1] == "removed" {
			s.Rel.Reformer[i] = ReformerRemoved
			continue
		}
		sp, ok := spaceByID[x[1]]
		if !ok {
			return bad("reformer space", x[1])
		}
		s.Rel.Reformer[i] = int16(sp)
	}
	set := func(ids []string, into *locSet) error {
		for _, id := range ids {
			sp, ok := spaceByID[id]
			if !ok {
				return bad("space", id)
			}
			into.set(sp)
		}
		return nil
	}
	for _, err := range []error{set(w.Jesuit, &s.Rel.Jesuit), set(w.Tried, &s.Rel.Tried), set(w.CTried, &s.Rel.CTried)} {
		if err != nil {
			return err
		}
	}
	ptrs := s.religionFlagPtrs()
	for _, f := range w.Flags {
		i := indexOf(religionFlags, f)
		if i < 0 {
			return bad("religious flag", f)
		}
		*ptrs[i] = true
	}
	for _, id := range w.Converted {
		sp, ok := spaceByID[id]
		if !ok || electorateIndex(sp) < 0 {
			return bad("electorate", id)
		}
		s.Rel.Converted |= 1 << electorateIndex(sp)
	}
	for _, id := range w.BonusUsed {
		p, ok := powerByID[id]
		if !ok || p != Protestant && p != Papacy {
			return bad("power", id)
		}
		s.Rel.BonusUsed |= bonusBit(p)
	}
	for id, c := range w.Diet {
		p, ok := powerByID[id]
		if !ok || p != Protestant && p != Hapsburg && p != Papacy || c < 1 || c > NC {
			return bad("Diet of Worms card", id)
		}
		s.Rel.Diet[p] = uint8(c)
	}
	if aw := w.Pending; aw != nil {
		p, ok := powerByID[aw.Power]
		if !ok || p >= NMajor {
			return bad("power", aw.Power)
		}
		a := &Attempts{Power: p, Counter: aw.Counter, Flip: aw.Flip, N: aw.N, Done: aw.Done, Only: aw.Only, Adj: aw.Adj,
			Dice: aw.Dice, Plus: aw.Plus, Source: aw.Source, Debater: -1, Then: aw.Then}
		if aw.Home != "" {
			h, ok := powerByID[aw.Home]
			if !ok {
				return bad("power", aw.Home)
			}
			a.Home = h + 1
		}
		if aw.Then != 0 && afterAttempts[aw.Then] == nil {
			return bad("card", aw.Then)
		}
		for _, l := range aw.Zones {
			if l < 0 || l >= NLang {
				return bad("language zone", l)
			}
			a.Zones |= 1 << l
		}
		if aw.Debater != "" {
			d, ok := debaterByID[aw.Debater]
			if !ok {
				return bad("debater", aw.Debater)
			}
			a.Debater = d
		}
		s.Rel.Pending = a
	}
	return nil
}

func indexOf(list []string, x string) int {
	for i, y := range list {
		if y == x {
			return i
		}
	}
	return -1
}

// targetAnswer: the power choosing the targets of the pending attempts
// names the next one.
func (r *run) targetAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	o, err := parseOrder(d.Power, l.Text, nil)
	if err == nil && o.verb != "target" {
		err = fmt.Errorf("name the target: \"target <space>\"")
	}
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	a := s.Rel.Pending
	if !containsInt(s.attemptTargets(a), o.to) {
		return nil, reject(l, errLegal(legal, "%s is not a legal target now", spaces[o.to].Name))
	}
	a.N--
	a.Done++
	r.attempt(a, o.to)
	r.checkAttempts()
	return []string{o.canonical(d.Power)}, nil
}

// targetLines answers the pending attempts of power p with one line per
// target; lines after the last target go on with p's impulse.
func (r *run) targetLines(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	if len(lines) == 0 {
		d, _ := s.Flow.top()
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no answer given", Legal: s.decisionChoices(d)}}}
	}
	var canon []string
	for i, l := range lines {
		d, ok := s.Flow.top()
		if !ok || d.Kind != DecReform || d.Power != p {
			if s.Phase == PhAction && p == s.Active && len(s.Flow.Stack) == 0 {
				more, rej := r.impulseLines(p, lines[i:], false)
				if rej != nil {
					return nil, rej
				}
				return append(canon, more...), nil
			}
			return nil, reject(l, fmt.Errorf("nothing more is owed now: this line is one too many"))
		}
		c, rej := r.targetAnswer(d, []adjudicator.Line{l}, s.decisionChoices(d))
		if rej != nil {
			return nil, rej
		}
		canon = append(canon, c...)
	}
	return canon, nil
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// zoneKeys and sourceKeys read the zones and the sources of attempts
// in the religious texts.
var (
	zoneKeys = map[string]string{"German": "his.zone.german", "French": "his.zone.french", "English": "his.zone.english",
		"Italian": "his.zone.italian", "Spanish": "his.zone.spanish", "any": "his.zone.any"}
	sourceKeys = map[string]string{"Luther's 95 Theses": "his.src.theses", "a treatise": "his.src.treatise",
		"book burning": "his.src.burn_books", "the New Testament": "his.src.new_testament",
		"the Full Bible": "his.src.full_bible", "the debate": "his.src.debate", "the Diet of Worms": "his.src.diet"}
)

func convKey(keys map[string]string) msg.Conv {
	return func(s string) (any, bool) {
		k, ok := keys[s]
		if !ok {
			return nil, false
		}
		return msg.New(k), true
	}
}

// religionPatterns are the readers of the religious prompts, events and
// reasons (see i18nInit).
func religionPatterns(p func(key, english string) *msg.Pattern) (prompts, events, whys msg.Patterns) {
	prompts = msg.Patterns{
		p("his.prompt.diet", "Diet of Worms (HIS-18.1d): commit one card from your hand in secret; the three cards are revealed together."),
		p("his.prompt.diet_catholic", "The Diet of Worms: choose a German space next to a Catholic space to flip to Catholic ({N:int} left, HIS-18.1h)."),
		p("his.prompt.diet_protestant", "The Diet of Worms: choose a German space next to a Protestant space to flip to Protestant ({N:int} left, HIS-18.1g)."),
		p("his.prompt.flip_catholic", "You won the debate: choose a space to flip to Catholic ({N:int} left, {Zone:zone} zone first, HIS-18.5k)."),
		p("his.prompt.flip_protestant", "You won the debate: choose a space to flip to Protestant ({N:int} left, {Zone:zone} zone first, HIS-18.5k)."),
		p("his.prompt.counter_target", "Counter-Reformation attempts from {Source:source}: {N:int} left, target zone {Zone:zone}. Choose the next target, or several (one per line or separated by commas), tried in order (HIS-18.4c)."),
		p("his.prompt.reform_target", "Reformation attempts from {Source:source}: {N:int} left, target zone {Zone:zone}. Choose the next target, or several (one per line or separated by commas), tried in order (HIS-18.3e)."),
	}
	events = msg.Patterns{
		p("his.ev.diet_commits", "{Power:power} commits its card to the Diet of Worms."),
		p("his.ev.diet_roll", "Diet of Worms: the Protestant rolls {N:dice} [{Rolls}]: {H:hits}; the Papacy and the Hapsburg roll {M:dice} [{Rolls2}]: {H2:hits}."),
		p("his.ev.diet_cards", "Diet of Worms: {Cards}."),
		p("his.ev.diet_inconclusive", "The Diet of Worms is inconclusive (HIS-18.1h)."),
		p("his.ev.theses", "The Protestant plays {Card}: Luther enters Wittenberg, which becomes Protestant (HIS-18.1c)."),
		p("his.ev.flips_catholic", "{Power:power} flips {Space} to Catholic."),
		p("his.ev.flips_protestant", "{Power:power} flips {Space} to Protestant."),
		p("his.ev.reform_auto", "Reformation attempt in {Space}: the Protestant rolls {N:dice} [{Rolls}], best {Best:int}: automatic success (HIS-18.3i)."),
		p("his.ev.reform", "Reformation attempt in {Space}: the Protestant rolls {N:dice} [{Rolls}], best {Best:int}; the Papacy rolls {M:dice} [{Rolls2}], best {Best2:int}."),
		p("his.ev.counter_auto", "Counter-Reformation attempt in {Space}: the Papacy rolls {N:dice} [{Rolls}], best {Best:int}: automatic success (HIS-18.4g)."),
		p("his.ev.counter", "Counter-Reformation attempt in {Space}: the Papacy rolls {N:dice} [{Rolls}], best {Best:int}; the Protestant rolls {M:dice} [{Rolls2}], best {Best2:int}."),
		p("his.ev.becomes_protestant", "{Space} becomes Protestant."),
		p("his.ev.stays_catholic", "{Space} stays Catholic."),
		p("his.ev.becomes_catholic", "{Space} becomes Catholic."),
		p("his.ev.stays_protestant", "{Space} stays Protestant."),
		p("his.ev.carlstadt_unrest", "{Space} falls into unrest (Carlstadt, HIS-18.3l)."),
		p("his.ev.electorate_regulars", "{N:int} Protestant regulars enter {Space} from the Electorate display (HIS-21.6c)."),
		p("his.ev.electorate_regular_one", "1 Protestant regular enters {Space} from the Electorate display (HIS-21.6c)."),
		p("his.ev.attempts_lost", "No legal target is left: {N:int} of the attempts from {Source:source} are lost."),
		p("his.ev.attempt_lost_one", "No legal target is left: the last attempt from {Source:source} is lost."),
		p("his.ev.st_peters_vp", "St. Peter's gives the Papacy 1 VP ({VP:int} of {Max:int})."),
		p("his.ev.reformer_enters", "The reformer {Name} enters {Space}."),
		p("his.ev.debater_enters", "The debater {Name} enters play."),
		p("his.ev.commits_bonus", "{Power:power} commits {Name} for its bonus."),
		p("his.ev.treatise", "{Power:power} publishes a treatise in the {Zone:zone} zone."),
		p("his.ev.burn_books", "The Papacy burns books in the {Zone:zone} zone."),
		p("his.ev.st_peters", "The Papacy spends {CP:int} CP on St. Peter's."),
		p("his.ev.jesuit", "The Papacy founds a Jesuit university in {Space}."),
		p("his.ev.nt_advances", "The {Zone:zone} New Testament advances to {N:int} of {Of:int}."),
		p("his.ev.bible_advances", "The {Zone:zone} Full Bible advances to {N:int} of {Of:int}."),
		p("his.ev.nt_complete", "The {Zone:zone} New Testament is complete: 6 Reformation attempts in the {Zone2:zone} zone (HIS-18.1n)."),
		p("his.ev.bible_complete", "The {Zone:zone} Full Bible is complete: 1 VP and 6 Reformation attempts in the {Zone2:zone} zone, +1 on every Protestant die (HIS-18.1n)."),
		p("his.ev.debate", "{Power:power} calls a theological debate in the {Zone:zone} zone: {A} ({AV:int}) against {D} ({DV:int})."),
		p("his.ev.debate_second", "Second round: {A} ({AV:int}) against {D} ({DV:int})."),
		p("his.ev.debate_round", "Round {R:int}: {A} rolls {N:dice} [{Rolls}]: {H:hits}; {D} rolls {M:dice} [{Rolls2}]: {H2:hits}."),
		p("his.ev.debate_inconclusive", "The debate is inconclusive."),
		p("his.ev.campeggio_cancels", "Campeggio rolls {X:int}: the result of the debate is cancelled."),
		p("his.ev.campeggio_stands", "Campeggio rolls {X:int}: the result stands."),
		p("his.ev.debate_won", "{Power:power} wins the debate by {N:int}: {F:int} spaces to flip."),
		p("his.ev.debate_won_one", "{Power:power} wins the debate by {N:int}: 1 space to flip."),
		p("his.ev.burned", "{Name} is burned at the stake: {VP:int} VP to the Papacy (HIS-18.5l)."),
		p("his.ev.disgraced", "{Name} is disgraced: {VP:int} VP to the Protestant (HIS-18.5m)."),
	}
	whys = msg.Patterns{
		p("his.why.diet_commit", `commit a card: "play <card>"`),
		p("his.why.diet_mandatory", "{Card} is a Mandatory Event: it may not be committed to the Diet (HIS-18.1d)"),
		p("his.why.name_target", `name the target: "target <space>"`),
		p("his.why.not_target", "{Space} is not a legal target now"),
		p("his.why.one_too_many", "nothing more is owed now: this line is one too many"),
		p("his.why.theses_targets", `after the 95 Theses come its targets: "target <space>"`),
		p("his.why.attempts_first", "the attempts in progress come first"),
		p("his.why.bonus_used", "{Power:power} already used a debater bonus this impulse (HIS-18.2j)"),
		p("his.why.debater_committed", "{Name} is not an uncommitted debater in play (HIS-18.2i)"),
		p("his.why.no_debater_zone", "no Protestant debater of the {Zone:zone} zone is in play (HIS-18.1o)"),
		p("his.why.all_committed", "every debater of {Power:power} that may debate there is committed (HIS-18.1o)"),
		p("his.why.no_jesuits", "Jesuit universities are founded only after Society of Jesus (HIS-18.1r)"),
		p("his.why.st_peters_done", "St. Peter's has given its {VP:int} VP (HIS-18.1p)"),
		p("his.why.bible_done", "the {Zone:zone} Full Bible is complete (HIS-18.1m)"),
	}
	return
}

// religionSection is the public state of the religious struggle for
// every view: Protestant spaces, reformers, debaters, translations, St.
// Peter's and Jesuit universities.
func (s *St) religionSection() adjudicator.Section {
	var b strings.Builder
	var lines []msg.M
	add := func(text string, m msg.M) {
		b.WriteString(wrap(text, 68))
		lines = append(lines, m)
	}
	var names []string
	var items []msg.M
	s.Prot.each(func(sp int) {
		names = append(names, spaces[sp].Name)
		items = append(items, msg.Lit(spaces[sp].Name))
	})
	if len(names) > 0 {
		add("Protestant spaces: "+strings.Join(names, " · ")+".", msg.New("his.view.prot_spaces", "List", items))
	}
	names, items = nil, nil
	for i, at := range s.Rel.Reformer {
		if at >= 0 {
			t := reformers[i].Name + " (" + spaces[at].Name + ")"
			names = append(names, t)
			items = append(items, msg.Lit(t))
		}
	}
	if len(names) > 0 {
		add("Reformers: "+strings.Join(names, " · ")+".", msg.New("his.view.reformers", "List", items))
	}
	for _, p := range []int{Protestant, Papacy} {
		names, items = nil, nil
		for d, di := range debaters {
			st := s.Rel.Debater[d]
			if di.Power != p || st == DebOff {
				continue
			}
			names = append(names, fmt.Sprintf("%s %d %s", di.Name, di.Value, debaterStates[st]))
			items = append(items, msg.New("his.view.debater", "Name", di.Name, "Value", di.Value,
				"State", msg.New("his.deb."+debaterStates[st])))
		}
		if len(names) > 0 {
			add(fmt.Sprintf("%s debaters: %s.", powers[p].Name, strings.Join(names, " · ")),
				msg.New("his.view.debaters", "Power", powerMsg(p), "List", items))
		}
	}
	tr := s.Tracks.Translation
	add(fmt.Sprintf("Translations (New Testament 6, then Full Bible 10): German %d, French %d, English %d.", tr[0], tr[1], tr[2]),
		msg.New("his.view.translations", "G", tr[0], "F", tr[1], "E", tr[2]))
	add(fmt.Sprintf("St. Peter's: %d of %d CP toward the next VP, %d VP.", s.Tracks.StPetersCP, stPetersCPPerVP, s.Tracks.StPetersVP),
		msg.New("his.view.st_peters", "CP", s.Tracks.StPetersCP, "Of", stPetersCPPerVP, "VP", s.Tracks.StPetersVP))
	names, items = nil, nil
	s.Rel.Jesuit.each(func(sp int) {
		names = append(names, spaces[sp].Name)
		items = append(items, msg.Lit(spaces[sp].Name))
	})
	if len(names) > 0 {
		add("Jesuit universities: "+strings.Join(names, " · ")+".", msg.New("his.view.jesuits", "List", items))
	}
	return adjudicator.Section{Title: "Religion", Body: b.String(), TitleMsg: vm("his.section.religion"), Lines: lines}
}

func containsCard(h []uint8, n int) bool {
	for _, c := range h {
		if int(c) == n {
			return true
		}
	}
	return false
}

// dietChoices are the cards power p may commit to the Diet of Worms, the
// cheapest first: any card of its hand but a Mandatory Event (HIS-18.1d).
func (s *St) dietChoices(p int) []string {
	var out []string
	for cp := 0; cp <= 6; cp++ {
		for _, c := range s.Hands[p] {
			if cards[c].CP == cp && cards[c].Type != CardMandatory {
				out = append(out, fmt.Sprintf("play %d %s", c, cards[c].Name))
			}
		}
	}
	return out
}

// dietAnswer: power p commits its card to the Diet of Worms, in secret.
// Once the three are in, they are revealed and the Diet is resolved
// (HIS-18.1e-h).
func (r *run) dietAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	legal := s.dietChoices(p)
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	v, rest := verbOf(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(l.Text)), " for cp"))
	var o order
	var err error
	if v != "play" && v != "commit" {
		err = fmt.Errorf("commit a card: \"play <card>\"")
	} else {
		o.card, err = matchCard(rest, s.Hands[p])
	}
	if err == nil && cards[o.card].Type == CardMandatory {
		err = fmt.Errorf("%s is a Mandatory Event: it may not be committed to the Diet (HIS-18.1d)", cardName(o.card))
	}
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	s.Rel.Diet[p] = uint8(o.card)
	s.Flow.Waiting &^= 1 << p
	r.say("%s commits its card to the Diet of Worms.", powers[p].Name)
	if s.Flow.Waiting == 0 {
		r.dietResolve()
	}
	return []string{fmt.Sprintf("play %d %s", o.card, cards[o.card].Name)}, nil
}

// dietResolve reveals the Diet of Worms cards and resolves it: the
// Protestant rolls its card's CP + 4 dice, the Papacy and the Hapsburg
// their cards' CP; 5s and 6s hit; the side with more hits flips the
// difference in German spaces next to its own (HIS-18.1e-h).
func (r *run) dietResolve() {
	s := r.s
	var cp [NMajor]int
	var names []string
	for _, p := range []int{Protestant, Hapsburg, Papacy} {
		c := int(s.Rel.Diet[p])
		s.Rel.Diet[p] = 0
		if c == 0 {
			names = append(names, powers[p].Name+" no card")
			continue
		}
		cp[p] = cards[c].CP
		names = append(names, powers[p].Name+" "+cardName(c))
		s.takeFromHand(p, c)
		if cards[c].Type == CardHome {
			s.OnCard.set(c)
		} else {
			s.discard(c)
		}
	}
	r.say("Diet of Worms: %s.", strings.Join(names, ", "))
	prolls, phits := r.debateDice(cp[Protestant] + 4)
	crolls, chits := r.debateDice(cp[Papacy] + cp[Hapsburg])
	r.say("Diet of Worms: the Protestant rolls %s [%s]: %s; the Papacy and the Hapsburg roll %s [%s]: %s.",
		nDice(len(prolls)), diceText(prolls), nHits(phits), nDice(len(crolls)), diceText(crolls), nHits(chits))
	switch {
	case phits > chits:
		r.startAttempts(Attempts{Power: Protestant, Flip: true, Only: true, Adj: true, N: phits - chits,
			Zones: 1 << LangGerman, Debater: -1, Source: "the Diet of Worms"})
	case chits > phits:
		r.startAttempts(Attempts{Power: Papacy, Flip: true, Counter: true, Only: true, Adj: true, N: chits - phits,
			Zones: 1 << LangGerman, Debater: -1, Source: "the Diet of Worms"})
	default:
		r.say("The Diet of Worms is inconclusive (HIS-18.1h).")
	}
}
