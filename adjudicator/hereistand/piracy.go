package hereistand

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Piracy and the Ottoman specifics (HIS-16.4, HIS-21.1): the Mandatory
// Events Barbary Pirates and Dragut, the events Pirate Haven and Julia
// Gonzaga, pirate havens (Ottoman home spaces with a fortress where only
// corsairs are built), corsairs, and the piracy action with its
// anti-piracy roll, its hits and the target's choice for each hit.
//
//	piracy in ionian sea against hapsburg
//	play 89 pirate haven for event: oran
//
// The target answers each hit with one line (or several on one line,
// separated by commas): "give vp", "give card", "lose squadron in
// <location>".

// The cards whose events are here.
const (
	cardBarbaryPirates = 9
	cardDragut         = 18
	cardPirateHaven    = 89
	cardJuliaGonzaga   = 84
)

// havenIDs are the spaces that can become pirate havens, bit i of
// Pirates.Havens for havenIDs[i]: Algiers with Barbary Pirates, Oran and
// Tripoli with Pirate Haven (HIS-21.1b).
var havenIDs = [3]string{"algiers", "oran", "tripoli"}

// maxPiracyVP is the most piracy VP the Ottoman earns in a game (HIS-16.4g).
const maxPiracyVP = 10

// Pirates is the state of piracy and the pirate havens.
type Pirates struct {
	// Havens holds the pirate havens (bit i: havenIDs[i]); bit 0 is set
	// once Barbary Pirates has occurred.
	Havens uint8
	// Markers holds the sea zones where the Ottoman initiated piracy this
	// turn (HIS-16.4b), bit z for zone z; Winter removes them (HIS-19.6a).
	Markers uint16
	// Act is the piracy whose hits the target is choosing.
	Act *Piracy
	// Julia is set from Julia Gonzaga until the Ottoman's piracy scores a
	// hit in the Tyrrhenian Sea or the turn ends.
	Julia bool
}

// Piracy is a piracy action waiting for the target's choices (HIS-16.4f).
type Piracy struct {
	Zone   int // unit location of the sea zone
	Target int
	Hits   int // hits left to give
}

func (pi Pirates) clone() Pirates {
	if pi.Act != nil {
		a := *pi.Act
		pi.Act = &a
	}
	return pi
}

func init() {
	registerEvent(cardBarbaryPirates, cardEvent{play: barbaryPirates})
	registerEvent(cardDragut, cardEvent{play: dragutEvent})
	registerEvent(cardPirateHaven, cardEvent{can: canPirateHaven, play: pirateHaven, examples: pirateHavenExamples})
	registerEvent(cardJuliaGonzaga, cardEvent{can: canJulia, play: juliaGonzaga})
}

// canJulia: the Ottoman plays Julia Gonzaga after Barbary Pirates.
func canJulia(s *St, p int) error {
	switch {
	case p != Ottoman:
		return fmt.Errorf("Julia Gonzaga is an Ottoman event")
	case !s.barbary():
		return fmt.Errorf("Julia Gonzaga is played only after Barbary Pirates")
	}
	return nil
}

// juliaGonzaga: the Ottoman gains 1 VP if its piracy scores a hit in the
// Tyrrhenian Sea later this turn (HIS-23.2k).
func juliaGonzaga(r *run, _ int, _ string) error {
	r.s.Pirates.Julia = true
	r.say("Julia Gonzaga: the Ottoman gains 1 VP if its piracy scores a hit in the Tyrrhenian Sea this turn.")
	return nil
}

// havenBit is the bit of space sp in Pirates.Havens, or 0.
func havenBit(sp int) uint8 {
	for i, h := range havenSpace {
		if h == sp {
			return 1 << i
		}
	}
	return 0
}

// havenSpace holds the spaces of havenIDs (data.go's init reads the map
// before this file's).
var havenSpace [len(havenIDs)]int

func init() {
	for i, id := range havenIDs {
		havenSpace[i] = spaceByID[id]
	}
}

// barbary reports whether Barbary Pirates has occurred (HIS-21.1b).
func (s *St) barbary() bool { return s.Pirates.Havens&1 != 0 }

// haven reports whether space sp is a pirate haven.
func (s *St) haven(sp int) bool {
	if s.Pirates.Havens == 0 {
		return false
	}
	b := havenBit(sp)
	return b != 0 && s.Pirates.Havens&b != 0
}

// havenSpaces lists the pirate havens in map order.
func (s *St) havenSpaces() []int {
	var out []int
	for i, id := range havenIDs {
		if s.Pirates.Havens&(1<<i) != 0 {
			out = append(out, spaceByID[id])
		}
	}
	return out
}

// homeOf is the home power of space sp: a pirate haven is an Ottoman
// home space (HIS-21.1f).
func (s *St) homeOf(sp int) int {
	if s.Pirates.Havens != 0 && s.haven(sp) {
		return Ottoman
	}
	return spaces[sp].Home
}

// fortified reports whether space sp is fortified: a pirate haven holds
// a fortress (HIS-21.1f).
func (s *St) fortified(sp int) bool {
	return spaces[sp].fortified() || s.Pirates.Havens != 0 && s.haven(sp) || s.More.Forts.has(sp)
}

// fortress reports whether sp is a fortress (not a key nor an
// electorate), as the anti-piracy roll counts them (HIS-16.4c).
func (s *St) fortress(sp int) bool {
	return spaces[sp].Type == Fortress || (s.Pirates.Havens != 0 && s.haven(sp) || s.More.Forts.has(sp)) && spaces[sp].Type == Town
}

// placeNew adds units of power p to sp one at a time while its counters
// allow (HIS-5a); it returns what was placed.
func (s *St) placeNew(sp, p int, f Force) Force {
	var got Force
	try := func(one Force, n uint8, add func()) {
		for i := uint8(0); i < n; i++ {
			if one.Naval() > 0 && s.navalCount(p)+int(s.Flow.NavalDead[p]) >= powers[p].NavalCounters {
				return
			}
			s.addUnits(sp, p, one)
			if s.checkCounters(p) != nil {
				_ = s.removeUnits(sp, p, one)
				return
			}
			add()
		}
	}
	try(Force{Reg: 1}, f.Reg, func() { got.Reg++ })
	try(Force{Merc: 1}, f.Merc, func() { got.Merc++ })
	try(Force{Cav: 1}, f.Cav, func() { got.Cav++ })
	try(Force{Cor: 1}, f.Cor, func() { got.Cor++ })
	return got
}

// barbaryPirates is Mandatory Event 9 (HIS-21.1d): Algiers enters play
// under Ottoman control with Barbarossa, 2 regulars and 2 corsairs; from
// now on the Ottoman builds corsairs and initiates piracy.
func barbaryPirates(r *run, _ int, _ string) error {
	s := r.s
	alg := spaceByID["algiers"]
	s.Pirates.Havens |= havenBit(alg)
	s.Ctrl[alg] = Ottoman
	got := s.placeNew(alg, Ottoman, Force{Reg: 2, Cor: 2})
	what := []string{}
	if l := leaderByID["barbarossa"]; s.Leader[l] == LeaderOff {
		s.Leader[l] = int16(alg)
		what = append(what, leaders[l].Name)
	}
	if got.Reg > 0 {
		what = append(what, plural(int(got.Reg), "regular", "regulars"))
	}
	if got.Cor > 0 {
		what = append(what, plural(int(got.Cor), "corsair", "corsairs"))
	}
	if len(what) == 0 {
		what = []string{"nothing"}
	}
	r.say("Barbary Pirates: Algiers enters play under Ottoman control with %s (HIS-21.1d).", joinAnd(what))
	return nil
}

// dragutEvent is Mandatory Event 18: Barbarossa dies and Dragut takes
// his place. With Barbarossa not on the map, Dragut comes as a naval
// leader returning from the Turn track does (HIS-8.2c).
func dragutEvent(r *run, _ int, _ string) error {
	s := r.s
	b, d := leaderByID["barbarossa"], leaderByID["dragut"]
	at := s.Leader[b]
	if at >= 0 || at == LeaderAway {
		s.Leader[d] = at
	} else if port := s.returnPort(Ottoman); port >= 0 {
		s.Leader[d] = int16(port)
	} else {
		s.Leader[d] = LeaderAway
	}
	s.Leader[b], s.Captor[b] = LeaderRemoved, NoPower
	where := "the Turn track, back next turn"
	if x := s.Leader[d]; x >= 0 {
		where = locName(int(x))
	}
	r.say("Barbarossa dies; Dragut takes his place in %s.", where)
	return nil
}

// havenTargets lists the spaces Pirate Haven may convert now: Oran or
// Tripoli, not yet a haven, empty of units, held by a power at war with
// the Ottoman, and on a sea zone with an Ottoman fortified port.
func (s *St) havenTargets() []int {
	var out []int
	for _, id := range havenIDs[1:] {
		sp := spaceByID[id]
		if s.haven(sp) || !s.Enemy(Ottoman, s.Controller(sp)) {
			continue
		}
		empty := true
		for q := 0; q < NPow; q++ {
			if !s.Units[sp][q].empty() {
				empty = false
			}
		}
		if !empty {
			continue
		}
		near := false
		for _, z := range spaces[sp].Seas {
			for _, x := range seas[z].Ports {
				if x != sp && s.fortified(x) && s.Controller(x) == Ottoman {
					near = true
				}
			}
		}
		if near {
			out = append(out, sp)
		}
	}
	return out
}

func canPirateHaven(s *St, p int) error {
	switch {
	case p != Ottoman:
		return fmt.Errorf("Pirate Haven is an Ottoman event")
	case !s.barbary():
		return fmt.Errorf("Pirate Haven is played only after Barbary Pirates (HIS-21.1e)")
	case len(s.havenTargets()) == 0:
		return fmt.Errorf("neither Oran nor Tripoli can become a pirate haven now: empty, held by a power at war with the Ottoman and on a sea zone with an Ottoman fortified port (HIS-21.1e)")
	}
	return nil
}

func pirateHavenExamples(s *St, _ int) []string {
	var out []string
	for _, sp := range s.havenTargets() {
		out = append(out, strings.ToLower(spaces[sp].Name))
	}
	return out
}

// pirateHaven is the event Pirate Haven (HIS-21.1e): Oran or Tripoli
// becomes an Ottoman pirate haven with 1 regular and 2 corsairs.
func pirateHaven(r *run, p int, args string) error {
	s := r.s
	ts := s.havenTargets()
	var legal []string
	for _, sp := range ts {
		legal = append(legal, "play 89 Pirate Haven for event: "+strings.ToLower(spaces[sp].Name))
	}
	sp := -1
	if args == "" && len(ts) == 1 {
		sp = ts[0]
	} else if x, err := matchSpace(args); err == nil && contains(ts, x) {
		sp = x
	}
	if sp < 0 {
		return errLegal(legal, "Pirate Haven converts %s (HIS-21.1e)", joinOr(ts))
	}
	s.Pirates.Havens |= havenBit(sp)
	s.Ctrl[sp] = Ottoman
	s.Unrest.clear(sp)
	got := s.placeNew(sp, Ottoman, Force{Reg: 1, Cor: 2})
	what := unitText(got)
	if got.Cor > 0 {
		what = joinAnd([]string{what, navalText(got)})
	}
	r.say("%s becomes an Ottoman pirate haven with %s (HIS-21.1e).", spaces[sp].Name, what)
	return nil
}

// joinOr names spaces as "A", "A or B".
func joinOr(sps []int) string {
	var ns []string
	for _, sp := range sps {
		ns = append(ns, spaces[sp].Name)
	}
	if len(ns) == 0 {
		return "no space"
	}
	if len(ns) == 1 {
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " or " + ns[len(ns)-1]
}

// piracyTargets lists the major powers other than the Ottoman that
// control a port on sea zone loc (HIS-16.4b). A minor power's ports count
// for its major ally; inactive minor powers and independent ports are no
// target (there is nobody to choose what the hits take).
func (s *St) piracyTargets(loc int) []int {
	var out []int
	for _, sp := range seas[loc-NS].Ports {
		c := s.Controller(sp)
		if c < NMajor && c != Ottoman && !contains(out, c) {
			out = append(out, c)
		}
	}
	sort.Ints(out) // Impulse Order
	return out
}

// piracyCheck says whether power p may initiate piracy in loc against
// target (HIS-16.4a-b, HIS-21.1b).
func (s *St) piracyCheck(p, loc, target int) error {
	switch {
	case ActionCost(p, ActPiracy) == 0:
		return fmt.Errorf("%s may not %s (HIS-11.1c)", powers[p].Name, actionNames[ActPiracy])
	case !s.barbary():
		return fmt.Errorf("the Ottoman initiates piracy only after Barbary Pirates (HIS-21.1b)")
	case !isSea(loc):
		return fmt.Errorf("piracy is initiated in a sea zone, not in %s", locName(loc))
	case s.Units[loc][Ottoman].Cor == 0:
		return fmt.Errorf("the Ottoman has no corsairs in the %s (HIS-16.4a)", locName(loc))
	case s.Pirates.Markers&(1<<(loc-NS)) != 0:
		return fmt.Errorf("the Ottoman already initiated piracy in the %s this turn (HIS-16.4b)", locName(loc))
	}
	ts := s.piracyTargets(loc)
	if len(ts) == 0 {
		return fmt.Errorf("no major power controls a port on the %s (HIS-16.4b)", locName(loc))
	}
	if target < 0 && len(ts) > 1 {
		return fmt.Errorf("name the target: %s", namesOfPowers(ts))
	}
	if target >= 0 && !contains(ts, target) {
		return fmt.Errorf("%s controls no port on the %s (HIS-16.4b)", powerName(target), locName(loc))
	}
	return nil
}

// piracyOptions lists the piracy actions power p may take now.
func (s *St) piracyOptions(p int) []string {
	if ActionCost(p, ActPiracy) == 0 || ActionCost(p, ActPiracy) > s.Flow.CP || !s.barbary() {
		return nil
	}
	var out []string
	s.occ[Ottoman].each(func(loc int) {
		if !isSea(loc) || s.Units[loc][Ottoman].Cor == 0 {
			return
		}
		for _, t := range s.piracyTargets(loc) {
			if s.piracyCheck(p, loc, t) == nil {
				out = append(out, piracyLine(loc, t))
			}
		}
	})
	return out
}

func piracyLine(loc, target int) string {
	return fmt.Sprintf("piracy in %s against %s", locName(loc), powers[target].Name)
}

// parsePiracy reads "piracy [in] <sea zone> [against <power>]".
func parsePiracy(o order, words []string) (order, error) {
	if len(words) > 0 && (words[0] == "in" || words[0] == "at" || words[0] == "on") {
		words = words[1:]
	}
	o.target = -1
	zone, tgt, found := strings.Cut(" "+strings.Join(words, " ")+" ", " against ")
	if !found {
		zone, tgt, found = strings.Cut(" "+strings.Join(words, " ")+" ", " target ")
	}
	loc, err := matchLoc(strings.TrimSpace(zone))
	if err != nil {
		return o, err
	}
	o.to = loc
	if found {
		if o.target, err = matchPower(strings.TrimSpace(tgt)); err != nil {
			return o, err
		}
	}
	return o, nil
}

func (o order) piracyCanonical() string {
	if o.target < 0 || o.target >= NPow {
		return "piracy in " + locName(o.to)
	}
	return piracyLine(o.to, o.target)
}

// antiPiracyDice counts the target's dice against the corsairs in loc
// (HIS-16.4c): 2 per squadron of the target's side in the zone; 1 per
// squadron of the target or of a power at war with the Ottoman in a port
// or sea zone next to it; 1 per fortress next to it, not in unrest
// (HIS-12.4j), controlled by the target or a power at war with the
// Ottoman; Malta counts for the Knights of St. John whoever holds it,
// unless the Ottoman does.
func (s *St) antiPiracyDice(loc, target int) int {
	n := 2 * int(s.sideNaval(loc, target).Sq)
	for _, x := range navalNbrs(loc) {
		for q := 0; q < Independent; q++ {
			if sq := s.Units[x][q].Sq; sq > 0 && (s.side(q) == target || s.Enemy(Ottoman, q)) {
				n += int(sq)
			}
		}
		if isSea(x) || !s.fortress(x) || s.InUnrest(x) {
			continue
		}
		c := s.Controller(x)
		if c == target || s.Enemy(Ottoman, c) || spaces[x].ID == "malta" && c != Ottoman {
			n++
		}
	}
	return n
}

// targetPorts counts the target's ports on the zone of loc (HIS-16.4e).
func (s *St) targetPorts(loc, target int) int {
	n := 0
	for _, sp := range seas[loc-NS].Ports {
		if s.Controller(sp) == target {
			n++
		}
	}
	return n
}

// piracyDice is the Ottoman's piracy dice in loc (HIS-16.4e, HIS-5.1e):
// 1 with a single corsair or a single target port, else 2, plus the
// piracy ratings of the Ottoman naval leaders there.
func (s *St) piracyDice(loc, target int) int {
	n := 2
	if s.Units[loc][Ottoman].Cor == 1 || s.targetPorts(loc, target) == 1 {
		n = 1
	}
	for _, l := range s.navalLeaders(Ottoman, loc) {
		n += leaders[l].Piracy
	}
	return n
}

// piracyAction is the piracy action (HIS-16.4b-f).
func (r *run) piracyAction(p int, o order) error {
	s := r.s
	if err := s.piracyCheck(p, o.to, o.target); err != nil {
		return errLegal(s.piracyOptions(p), "%v", err)
	}
	if err := s.respondBars(RespPiracy, nil); err != nil {
		return err
	}
	if err := r.spend(p, ActPiracy); err != nil {
		return err
	}
	if r.respond(RespPiracy, p, o.to, ActionCost(p, ActPiracy), o, nil) {
		return nil // Foul Weather first
	}
	loc, target := o.to, o.target
	if target < 0 {
		target = s.piracyTargets(loc)[0]
	}
	s.Pirates.Markers |= 1 << (loc - NS)
	r.say("%s initiates piracy in the %s against %s (HIS-16.4b).", powers[p].Name, locName(loc), powers[target].Name)
	if n := s.antiPiracyDice(loc, target); n > 0 {
		rolls, hits := rollHits(r.dice, "anti-piracy", n)
		r.say("%s rolls %s against the corsairs %v: %s.", powers[target].Name, nDice(n), rolls, nHits(hits))
		if k := min(hits, int(s.Units[loc][Ottoman].Cor)); k > 0 {
			f := Force{Cor: uint8(k)}
			_ = s.removeUnits(loc, Ottoman, f)
			s.Flow.noteNavalLoss(Ottoman, f)
			r.say("%s loses %s.", powers[Ottoman].Name, navalText(f))
			r.leadersAlone(loc, Ottoman)
		}
	} else {
		r.say("%s has no dice against the corsairs.", powers[target].Name)
	}
	if s.Units[loc][Ottoman].Cor == 0 {
		r.say("No corsair is left in the %s: the piracy ends.", locName(loc))
		return nil
	}
	n := s.piracyDice(loc, target)
	rolls, hits := rollHits(r.dice, "piracy", n)
	r.say("%s rolls %s for piracy %v: %s.", powers[p].Name, nDice(n), rolls, nHits(hits))
	if hits > 0 && s.Pirates.Julia && locID(loc) == "tyrrhenian_sea" {
		s.Pirates.Julia = false
		s.BonusVP[Ottoman]++
		r.say("Julia Gonzaga: piracy in the Tyrrhenian Sea gives the Ottoman 1 VP (HIS-23.2k).")
	}
	if hits > 0 {
		s.Pirates.Act = &Piracy{Zone: loc, Target: target, Hits: hits}
		r.piracyHits()
	}
	return nil
}

// leadersAlone sends power q's naval leaders left without ships in sea
// zone loc to the Turn track, back next turn (as HIS-16.2k).
func (r *run) leadersAlone(loc, q int) {
	s := r.s
	if !isSea(loc) || s.sideNaval(loc, q).Naval() > 0 {
		return
	}
	for _, l := range s.sideLeaders(loc, q) {
		s.Leader[l] = LeaderAway
		r.say("%s has no ships left and leaves the map until next turn.", leaders[l].Name)
	}
}

// piracyChoices lists what the target may give for the next hit, the
// default first: a piracy VP, a card, a squadron of its own in the zone
// or next to it (HIS-16.4f-g).
func (s *St) piracyChoices() []string {
	a := s.Pirates.Act
	if a == nil {
		return nil
	}
	var out []string
	if s.Tracks.Piracy < maxPiracyVP {
		out = append(out, "give vp")
	}
	if len(s.drawable(a.Target)) > 0 {
		out = append(out, "give card")
	}
	for _, x := range append([]int{a.Zone}, navalNbrs(a.Zone)...) {
		if s.Units[x][a.Target].Sq > 0 {
			out = append(out, "lose squadron in "+locName(x))
		}
	}
	return out
}

// piracyHits gives the hits left: a hit with one possible outcome is
// given at once; with none, the hits left are lost; otherwise the target
// chooses.
func (r *run) piracyHits() {
	s := r.s
	for a := s.Pirates.Act; a != nil && a.Hits > 0; a = s.Pirates.Act {
		ch := s.piracyChoices()
		switch len(ch) {
		case 0:
			r.say("%s has nothing left to give: %s lost.", powers[a.Target].Name, plural(a.Hits, "hit is", "hits are"))
			s.Pirates.Act = nil
			return
		case 1:
			r.piracyHit(ch[0])
		default:
			s.Flow.push(DecPiracy, a.Target)
			return
		}
	}
	s.Pirates.Act = nil
}

// piracyHit gives one hit as choice c (a line of piracyChoices).
func (r *run) piracyHit(c string) {
	s := r.s
	a := s.Pirates.Act
	a.Hits--
	switch {
	case c == "give vp":
		s.Tracks.Piracy++
		r.say("%s gives the Ottoman 1 piracy VP (%d of %d, HIS-16.4f).", powers[a.Target].Name, s.Tracks.Piracy, maxPiracyVP)
	case c == "give card":
		r.drawCard(a.Target, Ottoman, "piracy")
	default:
		loc, _ := matchLoc(strings.TrimPrefix(c, "lose squadron in "))
		f := Force{Sq: 1}
		_ = s.removeUnits(loc, a.Target, f)
		s.Flow.noteNavalLoss(a.Target, f)
		r.say("%s loses 1 squadron in %s to the pirates (HIS-16.4f).", powers[a.Target].Name, locName(loc))
		r.leadersAlone(loc, a.Target)
	}
}

// piracyItem reads one answer to a piracy hit as a line of piracyChoices.
func piracyItem(in string) (string, error) {
	f := strings.Fields(strings.ToLower(in))
	if len(f) > 0 && (f[0] == "give" || f[0] == "let") {
		f = f[1:]
	}
	if len(f) > 0 && (f[0] == "1" || f[0] == "a" || f[0] == "one") {
		f = f[1:]
	}
	if len(f) == 0 {
		return "", fmt.Errorf("give what?")
	}
	switch f[0] {
	case "vp", "piracy":
		return "give vp", nil
	case "card", "draw":
		return "give card", nil
	case "lose", "eliminate", "remove", "squadron", "fleet":
		w := f
		for len(w) > 0 && (w[0] == "lose" || w[0] == "eliminate" || w[0] == "remove" || w[0] == "1" || w[0] == "a" || w[0] == "squadron" || w[0] == "fleet" || w[0] == "in" || w[0] == "at") {
			w = w[1:]
		}
		loc, err := matchLoc(strings.Join(w, " "))
		if err != nil {
			return "", err
		}
		return "lose squadron in " + locName(loc), nil
	}
	return "", fmt.Errorf("answer each hit with give vp, give card or lose squadron in <location>")
}

// piracyAnswer: the target gives the hits, one per item (lines, or items
// separated by commas); the hits not given are asked again.
func (r *run) piracyAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	a := s.Pirates.Act
	if len(lines) == 0 {
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no answer given", Legal: legal}}}
	}
	type item struct {
		l    adjudicator.Line
		text string
	}
	var items []item
	for _, l := range lines {
		for _, x := range strings.FieldsFunc(l.Text, func(c rune) bool { return c == ',' || c == ';' }) {
			if strings.TrimSpace(x) != "" {
				items = append(items, item{l, x})
			}
		}
	}
	if len(items) > a.Hits {
		return nil, reject(lines[len(lines)-1], errLegal(legal, "%s to give: one answer per hit", nHits(a.Hits)))
	}
	s.Flow.pop()
	var canon []string
	for _, it := range items {
		c, err := piracyItem(it.text)
		if err == nil && !slices.Contains(s.piracyChoices(), c) {
			err = fmt.Errorf("%s cannot %s now (HIS-16.4g)", powers[d.Power].Name, c)
		}
		if err != nil {
			return nil, reject(it.l, errLegal(s.piracyChoices(), "%v", err))
		}
		r.piracyHit(c)
		canon = append(canon, c)
	}
	r.piracyHits()
	return []string{strings.Join(canon, ", ")}, nil
}

// piracyText explains the piracy decision to the target.
func (s *St) piracyText() string {
	a := s.Pirates.Act
	return fmt.Sprintf("Ottoman piracy in the %s scores %s against you: for each hit give the Ottoman 1 piracy VP, a card drawn at random from your hand, or lose a squadron in or next to the zone (HIS-16.4f). One answer per hit, on its own line.",
		locName(a.Zone), nHits(a.Hits))
}

// piracyWinter removes the piracy markers (HIS-19.6a).
func (s *St) piracyWinter() { s.Pirates.Markers, s.Pirates.Julia = 0, false }

// checkPirates verifies the invariants of piracy and the havens.
func (s *St) checkPirates() error {
	pi := &s.Pirates
	if pi.Havens >= 1<<len(havenIDs) || pi.Havens != 0 && pi.Havens&1 == 0 {
		return fmt.Errorf("pirate havens %b without Algiers", pi.Havens)
	}
	if pi.Markers >= 1<<NSea || (pi.Markers != 0 || pi.Julia) && !s.barbary() {
		return fmt.Errorf("piracy markers %b", pi.Markers)
	}
	if s.Tracks.Piracy < 0 || s.Tracks.Piracy > maxPiracyVP {
		return fmt.Errorf("%d piracy VP", s.Tracks.Piracy)
	}
	for _, sp := range s.havenSpaces() {
		if c := s.Ctrl[sp]; c == NoPower {
			return fmt.Errorf("pirate haven %s out of play", spaces[sp].Name)
		}
	}
	owed := false
	for _, d := range s.Flow.Stack {
		if d.Kind == DecPiracy {
			owed = true
		}
	}
	if a := pi.Act; a != nil {
		if !isSea(a.Zone) || a.Zone >= NLoc || a.Target <= Ottoman || a.Target >= NMajor || a.Hits < 1 || s.Phase != PhAction {
			return fmt.Errorf("bad piracy in progress %+v", *a)
		}
		if d, ok := s.Flow.top(); !ok || d.Kind != DecPiracy || d.Power != a.Target {
			return fmt.Errorf("a piracy in progress without its decision")
		}
	} else if owed {
		return fmt.Errorf("a piracy decision without its piracy")
	}
	return nil
}

// piratesWire is the stored form of Pirates.
type piratesWire struct {
	Havens  []string `json:"havens,omitempty"`
	Markers []string `json:"markers,omitempty"`
	Julia   bool     `json:"julia_gonzaga,omitempty"`
	Act     *struct {
		Zone   string `json:"zone"`
		Target string `json:"target"`
		Hits   int    `json:"hits"`
	} `json:"piracy,omitempty"`
}

func (pi *Pirates) wire() *piratesWire {
	if pi.Havens == 0 && pi.Markers == 0 && pi.Act == nil && !pi.Julia {
		return nil
	}
	w := piratesWire{Julia: pi.Julia}
	for i, id := range havenIDs {
		if pi.Havens&(1<<i) != 0 {
			w.Havens = append(w.Havens, id)
		}
	}
	for z := 0; z < NSea; z++ {
		if pi.Markers&(1<<z) != 0 {
			w.Markers = append(w.Markers, seas[z].ID)
		}
	}
	if a := pi.Act; a != nil {
		w.Act = &struct {
			Zone   string `json:"zone"`
			Target string `json:"target"`
			Hits   int    `json:"hits"`
		}{locID(a.Zone), powers[a.Target].ID, a.Hits}
	}
	return &w
}

func (pi *Pirates) fromWire(w *piratesWire) error {
	*pi = Pirates{}
	if w == nil {
		return nil
	}
	pi.Julia = w.Julia
	for _, id := range w.Havens {
		sp, ok := spaceByID[id]
		if !ok || havenBit(sp) == 0 {
			return fmt.Errorf("here-i-stand state: bad pirate haven %s", id)
		}
		pi.Havens |= havenBit(sp)
	}
	for _, id := range w.Markers {
		z, ok := seaByID[id]
		if !ok {
			return fmt.Errorf("here-i-stand state: bad piracy marker %s", id)
		}
		pi.Markers |= 1 << z
	}
	if a := w.Act; a != nil {
		loc, ok := locByID(a.Zone)
		t, ok2 := powerByID[a.Target]
		if !ok || !ok2 || !isSea(loc) {
			return fmt.Errorf("here-i-stand state: bad piracy in progress")
		}
		pi.Act = &Piracy{Zone: loc, Target: t, Hits: a.Hits}
	}
	return nil
}

// piracyPatterns read the texts of piracy back into messages.
func piracyPatterns(p func(key, english string) *msg.Pattern) (prompts, events, whys msg.Patterns) {
	prompts = msg.Patterns{
		p("his.prompt.piracy", "Ottoman piracy in the {Zone} scores {Hits:hits} against you: for each hit give the Ottoman 1 piracy VP, a card drawn at random from your hand, or lose a squadron in or next to the zone (HIS-16.4f). One answer per hit, on its own line."),
	}
	events = msg.Patterns{
		p("his.ev.barbary_pirates", "Barbary Pirates: Algiers enters play under Ottoman control with {Units:units} (HIS-21.1d)."),
		p("his.ev.dragut", "Barbarossa dies; Dragut takes his place in {Where}."),
		p("his.ev.pirate_haven", "{Space} becomes an Ottoman pirate haven with {Units:units} (HIS-21.1e)."),
		p("his.ev.piracy", "{Power:power} initiates piracy in the {Zone} against {Target:power} (HIS-16.4b)."),
		p("his.ev.anti_piracy", "{Power:power} rolls {N:dice} against the corsairs [{Rolls}]: {H:hits}."),
		p("his.ev.no_anti_piracy", "{Power:power} has no dice against the corsairs."),
		p("his.ev.piracy_ends", "No corsair is left in the {Zone}: the piracy ends."),
		p("his.ev.piracy_roll", "{Power:power} rolls {N:dice} for piracy [{Rolls}]: {H:hits}."),
		p("his.ev.piracy_lost", "{Power:power} has nothing left to give: {N:int} hits are lost."),
		p("his.ev.piracy_lost_one", "{Power:power} has nothing left to give: 1 hit is lost."),
		p("his.ev.piracy_vp", "{Power:power} gives the Ottoman 1 piracy VP ({VP:int} of {Max:int}, HIS-16.4f)."),
		p("his.ev.piracy_squadron", "{Power:power} loses 1 squadron in {Space} to the pirates (HIS-16.4f)."),
		p("his.ev.julia", "Julia Gonzaga: the Ottoman gains 1 VP if its piracy scores a hit in the Tyrrhenian Sea this turn."),
		p("his.ev.julia_vp", "Julia Gonzaga: piracy in the Tyrrhenian Sea gives the Ottoman 1 VP (HIS-23.2k)."),
		p("his.ev.leader_no_ships", "{Leader} has no ships left and leaves the map until next turn."),
	}
	whys = msg.Patterns{
		p("his.why.piracy_barbary", "the Ottoman initiates piracy only after Barbary Pirates (HIS-21.1b)"),
		p("his.why.piracy_sea", "piracy is initiated in a sea zone, not in {Space}"),
		p("his.why.piracy_no_corsairs", "the Ottoman has no corsairs in the {Zone} (HIS-16.4a)"),
		p("his.why.piracy_marker", "the Ottoman already initiated piracy in the {Zone} this turn (HIS-16.4b)"),
		p("his.why.piracy_no_target", "no major power controls a port on the {Zone} (HIS-16.4b)"),
		p("his.why.piracy_name_target", "name the target: {Powers:units}"),
		p("his.why.piracy_not_target", "{Power:power} controls no port on the {Zone} (HIS-16.4b)"),
		p("his.why.piracy_hits", "{Hits:hits} to give: one answer per hit"),
		p("his.why.piracy_cannot", "{Power:power} cannot {What} now (HIS-16.4g)"),
		p("his.why.piracy_item", "answer each hit with give vp, give card or lose squadron in <location>"),
		p("his.why.corsairs_barbary", "corsairs are built only after Barbary Pirates (HIS-17.2d)"),
		p("his.why.haven_corsairs", "only corsairs are built in a pirate haven (HIS-21.1f)"),
		p("his.why.haven_ottoman", "Pirate Haven is an Ottoman event"),
		p("his.why.haven_barbary", "Pirate Haven is played only after Barbary Pirates (HIS-21.1e)"),
		p("his.why.haven_none", "neither Oran nor Tripoli can become a pirate haven now: empty, held by a power at war with the Ottoman and on a sea zone with an Ottoman fortified port (HIS-21.1e)"),
		p("his.why.julia_ottoman", "Julia Gonzaga is an Ottoman event"),
		p("his.why.julia_barbary", "Julia Gonzaga is played only after Barbary Pirates"),
		p("his.why.haven_which", "Pirate Haven converts {Spaces} (HIS-21.1e)"),
	}
	return
}

// piracySection shows the pirate havens, the piracy markers and VP,
// Julia Gonzaga and the foreign wars in play, for every view (they are
// public).
func (s *St) piracySection() (adjudicator.Section, bool) {
	var t labelRows
	add := t.add
	var havens, markers []string
	for _, sp := range s.havenSpaces() {
		havens = append(havens, spaces[sp].Name)
	}
	for z := 0; z < NSea; z++ {
		if s.Pirates.Markers&(1<<z) != 0 {
			markers = append(markers, seas[z].Name)
		}
	}
	add(msg.New("his.view.havens"), "Pirate havens", lits(havens))
	add(msg.New("his.view.piracy_markers"), "Piracy this turn", lits(markers))
	if s.barbary() {
		add(msg.New("his.view.piracy_vp"), "Piracy VP", []msg.M{msg.New("his.view.piracy_vp_of", "N", s.Tracks.Piracy, "Max", maxPiracyVP)})
	}
	if s.Pirates.Julia {
		add(msg.New("his.view.julia"), "Julia Gonzaga", []msg.M{msg.New("his.view.julia_text")})
	}
	for _, w := range s.Foreign {
		fc := foreignInfo(w.Card)
		units, _ := convUnits(unitText(w.Units))
		side := msg.New("his.view.war_side", "Power", powerMsg(fc.Power), "Units", units)
		if ls := s.warLeaders(&w); len(ls) > 0 {
			side = msg.New("his.view.war_side_led", "Power", powerMsg(fc.Power), "Units", units, "Leaders", leaderNames(ls))
		}
		foe, _ := convs["foe"](fc.Foe)
		add(msg.Lit(cardName(w.Card)), cardName(w.Card), []msg.M{side, msg.New("his.view.war_foes", "N", w.Foes, "Foe", foe)})
	}
	if len(t.rows) == 0 {
		return adjudicator.Section{}, false
	}
	return adjudicator.Section{Title: "Piracy and foreign wars", Body: t.b.String(), TitleMsg: vm("his.section.piracy"), Rows: t.rows}, true
}
