package hereistand

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Suing for peace (HIS-9.3) and the ransom of leaders (HIS-9.4), the
// segments of the Diplomacy Phase before the declarations of war. Each
// power in Impulse Order that may sue is asked; a suit is one message
// from the loser, its decisions bundled (checklist 6.1):
//
//	sue for peace with france
//	eliminate 2 regulars in lyon          (the 2 units of step 4)
//	regain milan for vp                   (step 5: a key, for a VP or a card)
//	recover montmorency for card          (step 6: a captured leader)
//	regain dijon and lyon for vp          (step 7: a pair of non-key spaces)
//
// Then the ransom: each power holding leaders captured writes "ransom
// <leader>" lines or done; each ransom gives the captor a card drawn at
// random from the ransomer's hand (HIS-9.4a).

// Segments of the Diplomacy Phase played by email (Flow.Seg).
const (
	SegPeace  = iota + 1 // HIS-9.3
	SegRansom            // HIS-9.4
	SegDOW               // HIS-9.6
)

// peaceSkipped reports whether the peace segment is skipped: in the last
// turn of the game (HIS-9.3a).
func (s *St) peaceSkipped() bool {
	sc, _ := scenarioByID(s.Scenario)
	return sc != nil && s.Turn >= sc.LastTurn
}

// MaySue says whether power p may sue power q for peace (HIS-9.3b): they
// are at war, both major powers, not the Hapsburg or the Papacy against
// the Protestant, and q holds one of p's army leaders captured or
// controls one of p's home spaces.
func (s *St) MaySue(p, q int) error {
	switch {
	case p < 0 || p >= NMajor || q < 0 || q >= NMajor || p == q:
		return fmt.Errorf("peace is made between two major powers (HIS-9.3b)")
	case !s.AtWar(p, q):
		return fmt.Errorf("%s is not at war with %s", powers[p].Name, powers[q].Name)
	case (p == Protestant && (q == Hapsburg || q == Papacy)) || (q == Protestant && (p == Hapsburg || p == Papacy)):
		return fmt.Errorf("the Hapsburg and the Papacy never make peace with the Protestant (HIS-9.3b)")
	}
	if len(s.capturedBy(p, q)) > 0 || len(s.homeHeldBy(p, q, false)) > 0 || len(s.homeHeldBy(p, q, true)) > 0 {
		return nil
	}
	return fmt.Errorf("%s may sue %s for peace only while %s holds one of its leaders or home spaces (HIS-9.3b)", powers[p].Name, powers[q].Name, powers[q].Name)
}

// suitTargets are the powers p may sue for peace now.
func (s *St) suitTargets(p int) []int {
	var out []int
	for q := 0; q < NMajor; q++ {
		if s.MaySue(p, q) == nil {
			out = append(out, q)
		}
	}
	return out
}

// capturedBy are the army leaders of power p held captive by power q.
func (s *St) capturedBy(p, q int) []int {
	var out []int
	for l := range leaders {
		if s.Leader[l] == LeaderCaptured && int(s.Captor[l]) == q && leaderPower(s, l) == p && !leaders[l].Naval {
			out = append(out, l)
		}
	}
	return out
}

// homeHeldBy are the home spaces of power p controlled by power q: its
// keys (keys true) or its other spaces.
func (s *St) homeHeldBy(p, q int, keys bool) []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.homeOf(sp) == p && int(s.Ctrl[sp]) == q && (spaces[sp].Type == Key) == keys {
			out = append(out, sp)
		}
	}
	return out
}

// startPeace opens the Diplomacy Phase of turns 2 and later: the peace
// segment, then the ransom, then the declarations of war.
func (r *run) startPeace() {
	next := r.s.nextSuer
	if r.s.peaceSkipped() {
		next = func(int) int { return NoPower }
	}
	r.startSegment(SegPeace, next, r.startRansom)
}

// startSegment opens segment seg of the Diplomacy Phase: it asks the first
// power that owes a choice in it (next) or goes on (then).
func (r *run) startSegment(seg int, next func(int) int, then func()) {
	r.s.Flow.Seg = seg
	r.askNext(next, -1, then)
}

// askNext waits on the power next finds from power p (it answered last;
// -1 at the start of a segment), or goes on (then) when none is left.
func (r *run) askNext(next func(int) int, p int, then func()) {
	r.s.Flow.Waiting = 0
	if q := next(p); q != NoPower {
		r.s.Flow.Waiting = 1 << q
		return
	}
	then()
}

// nextSuer is the first power from p on in Impulse Order that may sue for
// peace, or NoPower.
func (s *St) nextSuer(p int) int {
	for q := max(p, 0); q < NMajor; q++ {
		if len(s.suitTargets(q)) > 0 {
			return q
		}
	}
	return NoPower
}

func (r *run) startRansom() {
	r.startSegment(SegRansom, r.s.nextRansomer, r.startExcom)
}

// SegExcom is the removal of excommunications (HIS-9.5), between the
// ransom and the declarations of war (Flow.Seg).
const SegExcom = SegNegotiate + 1

// nextExcommunicated is the first excommunicated power after p in Impulse
// Order with a card the Papacy may draw, or NoPower.
func (s *St) nextExcommunicated(p int) int {
	for q := p + 1; q < NMajor; q++ {
		if s.Tracks.Excommunicated&(1<<q) != 0 && len(s.drawable(q)) > 0 {
			return q
		}
	}
	return NoPower
}

func (r *run) startExcom() {
	r.startSegment(SegExcom, r.s.nextExcommunicated, r.startDOW)
}

// lift removes the excommunication of power p's ruler.
func (r *run) lift(p int, why string) {
	if r.s.Tracks.Excommunicated&(1<<p) == 0 {
		return
	}
	r.s.Tracks.Excommunicated &^= 1 << p
	r.say("The excommunication of the ruler of %s is lifted (%s).", powers[p].Name, why)
}

// excomAnswer: an excommunicated power donates a card to lift it, or not
// (HIS-9.5a): the Papacy draws one at random from its hand, adds its CP to
// St. Peter's and discards it.
func (r *run) excomAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	legal := []string{"donate", "done"}
	if len(lines) == 0 {
		lines = []adjudicator.Line{{Text: "done"}}
	}
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	v, _ := verbOf(strings.ToLower(englishLine(l.Text)))
	canon := "done"
	switch v {
	case "done", "no", "pass":
		r.say("%s keeps its excommunication.", powers[p].Name)
	case "donate":
		cs := s.drawable(p)
		n := cs[r.dice.Hidden("donation to the Papacy", len(cs))]
		s.takeFromHand(p, n)
		s.discard(n)
		r.say("%s donates %s to the Papacy: %d CP to St. Peter's (HIS-9.5a).", powers[p].Name, cardName(n), cards[n].CP)
		r.stPeters(cards[n].CP)
		r.lift(p, "HIS-9.5a")
		canon = "donate"
	default:
		return nil, reject(l, errLegal(legal, `write "donate" (a card drawn at random for St. Peter's) or done`))
	}
	r.askNext(s.nextExcommunicated, p, r.startDOW)
	return []string{canon}, nil
}

func (r *run) startDOW() {
	r.s.Flow.Seg = SegDOW
	r.startDeclarations()
}

// nextRansomer is the first power after p in Impulse Order with a
// captured army leader and a card it can give, or NoPower.
func (s *St) nextRansomer(p int) int {
	for q := p + 1; q < NMajor; q++ {
		if len(s.ransomable(q)) > 0 && len(s.drawable(q)) > 0 {
			return q
		}
	}
	return NoPower
}

// ransomable are the captured army leaders of power p.
func (s *St) ransomable(p int) []int {
	var out []int
	for l := range leaders {
		if s.Leader[l] == LeaderCaptured && leaderPower(s, l) == p && !leaders[l].Naval {
			out = append(out, l)
		}
	}
	return out
}

// drawable are the cards of power p's hand a random draw may take: Home
// cards are excluded (HIS-9.1b6; docs/rulings/here-i-stand-diplomacy.md).
func (s *St) drawable(p int) []int {
	var out []int
	for _, c := range s.Hands[p] {
		if cards[c].Type != CardHome {
			out = append(out, int(c))
		}
	}
	return out
}

// drawCard moves a card drawn at random from power from's hand (Home
// cards excluded) to power to's hand, on the hidden stream; only the two
// powers hear which card. It reports false when there is none.
func (r *run) drawCard(from, to int, why string) bool {
	s := r.s
	cs := s.drawable(from)
	if len(cs) == 0 {
		return false
	}
	n := cs[r.dice.Hidden("card draw "+why, len(cs))]
	s.takeFromHand(from, n)
	s.giveCard(to, n)
	r.say("%s draws a card at random from the hand of %s (%s).", powers[to].Name, powers[from].Name, why)
	r.ev = append(r.ev, adjudicator.Event{To: []adjudicator.Role{roleOf(from), roleOf(to)},
		Text: fmt.Sprintf("The card drawn is %s.", cardName(n))})
	return true
}

// giveCard puts card n in power p's hand, kept sorted.
func (s *St) giveCard(p, n int) {
	s.Hands[p] = append(s.Hands[p], uint8(n))
	sort.Slice(s.Hands[p], func(i, j int) bool { return s.Hands[p][i] < s.Hands[p][j] })
}

// placeLeaderHome puts a returned army leader of power p in its capital
// if p controls it, else in the first friendly home key (HIS-9.1b4,
// HIS-9.3g); with neither, the leader stays off the map.
func (s *St) placeLeaderHome(p, l int) string {
	s.Captor[l] = NoPower
	for _, c := range powers[p].Capitals {
		if int(s.Ctrl[c]) == p {
			s.Leader[l] = int16(c)
			return spaces[c].Name
		}
	}
	for sp := 0; sp < NS; sp++ {
		if int(spaces[sp].Home) == p && spaces[sp].Type == Key && int(s.Ctrl[sp]) == p {
			s.Leader[l] = int16(sp)
			return spaces[sp].Name
		}
	}
	s.Leader[l] = LeaderOff
	return "off the map"
}

// moveOut sends power q's units and leaders out of space sp to the
// nearest fortified space q controls and is not besieged in (counting
// land connections; ties by map order), its ships to the nearest port q
// controls, or eliminates them (HIS-9.3d, HIS-9.3f, HIS-9.1b5).
func (s *St) moveOut(q, sp int) []string {
	return s.moveOutTo(q, sp, -1)
}

// moveOutTo is moveOut with the owner's choice among the equally near
// fortified spaces (HIS-9.3d): dest when it is one of them, else the
// first in map order.
func (s *St) moveOutTo(q, sp, dest int) []string {
	u := s.Units[sp][q]
	var log []string
	land := Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
	if !land.empty() || len(s.leadersAt(sp, q)) > 0 {
		ts := s.outTies(q, sp)
		to := -1
		if len(ts) > 0 {
			to = ts[0]
		}
		if contains(ts, dest) {
			to = dest
		}
		log = append(log, s.relocate(q, sp, to, land, false)...)
	}
	if nav := (Force{Sq: u.Sq, Cor: u.Cor}); !nav.empty() {
		to := s.nearestPortFrom(sp, func(x int) bool { return x != sp && s.Controller(x) == q && !s.enemyNavalIn(x, q) })
		log = append(log, s.relocate(q, sp, to, nav, true)...)
	}
	return log
}

// outTies are the fortified spaces, equally nearest to sp, where power
// q's land units leaving sp may go (HIS-9.3d), in map order.
func (s *St) outTies(q, sp int) []int {
	return s.nearestLandTies(sp, func(x int) bool {
		return x != sp && s.fortified(x) && s.Controller(x) == q && !s.besieged(x, q)
	})
}

// Suit is the loser's bundled answer to one suit for peace.
type suit struct {
	// to holds the loser's choices of destination (space ceded,
	// destination) for its units leaving a ceded space (HIS-9.3d).
	to     [][2]int
	winner int
	elim   []elimination
	keys   []payFor
	lead   []payFor
	pairs  [][2]int
	pairBy []bool
	// marriage is set when the loser plays Diplomatic Marriage (HIS-9.3j).
	marriage bool
}

type elimination struct {
	loc int
	f   Force
}

// payFor is one thing regained, paid with a VP (vp true) or a card.
type payFor struct {
	x  int
	vp bool
}

var elimRE = regexp.MustCompile(`^(\d+ )?(regulars?|mercenary|mercenaries|cavalry|squadrons?|corsairs?) in (.+)$`)

// parsePay reads the "for vp" / "for card" ending of a line.
func parsePay(rest string) (string, bool, error) {
	for _, end := range []string{" for vp", " for a vp", " for card", " for a card"} {
		if x, ok := strings.CutSuffix(rest, end); ok {
			return strings.TrimSpace(x), strings.HasSuffix(end, "vp"), nil
		}
	}
	return "", false, fmt.Errorf(`say how it is paid: "for vp" or "for card" (HIS-9.3f-h)`)
}

// peaceAnswer reads power p's suit for peace, or done.
func (r *run) peaceAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	legal := s.peaceChoices(p)
	if len(lines) == 0 {
		lines = []adjudicator.Line{{Text: "done"}}
	}
	first := strings.ToLower(englishLine(lines[0].Text))
	if v, _ := verbOf(first); v == "done" || v == "no" || v == "pass" {
		if len(lines) > 1 {
			return nil, reject(lines[1], errLegal(legal, `"done" stands alone`))
		}
		r.say("%s does not sue for peace.", powers[p].Name)
		r.askNext(s.nextSuer, p+1, r.startRansom)
		return []string{"done"}, nil
	}
	rest, ok := strings.CutPrefix(first, "sue ")
	if ok {
		// "sue for peace with france", "sue france", "pedir paz a Francia"
		f := strings.Fields(rest)
		for len(f) > 1 {
			switch f[0] {
			case "for", "peace", "with", "to", "la", "al", "alla", "di":
				f = f[1:]
				continue
			}
			break
		}
		rest = strings.Join(f, " ")
	}
	if !ok {
		return nil, reject(lines[0], errLegal(legal, `sue with "sue for peace with <power>", or write done`))
	}
	w, err := matchPower(strings.TrimPrefix(strings.TrimSpace(rest), "all'"))
	if err == nil {
		err = s.MaySue(p, w)
	}
	if err != nil {
		return nil, reject(lines[0], errLegal(legal, "%v", err))
	}
	st := suit{winner: w}
	elimN := 0
	for _, l := range lines[1:] {
		t := strings.ToLower(englishLine(l.Text))
		v, rest := verbOf(t)
		switch v {
		case "eliminate", "remove", "lose":
			m := elimRE.FindStringSubmatch(rest)
			if m == nil {
				return nil, reject(l, errLegal(nil, `write "eliminate <n> <units> in <location>"`))
			}
			n := 1
			if m[1] != "" {
				n, _ = strconv.Atoi(strings.TrimSpace(m[1]))
			}
			loc, err := matchLoc(m[3])
			if err != nil {
				return nil, reject(l, errLegal(nil, "%v", err))
			}
			var f Force
			switch {
			case strings.HasPrefix(m[2], "regular"):
				f.Reg = uint8(n)
			case strings.HasPrefix(m[2], "merc"):
				f.Merc = uint8(n)
			case m[2] == "cavalry":
				f.Cav = uint8(n)
			case strings.HasPrefix(m[2], "squadron"):
				f.Sq = uint8(n)
			default:
				f.Cor = uint8(n)
			}
			st.elim = append(st.elim, elimination{loc, f})
			elimN += n
		case "regain":
			what, vp, err := parsePay(rest)
			if err != nil {
				return nil, reject(l, errLegal(nil, "%v", err))
			}
			if a, b, two := strings.Cut(what, " and "); two {
				x, err1 := matchLoc(a)
				y, err2 := matchLoc(b)
				if err1 != nil || err2 != nil || x >= NS || y >= NS || x == y ||
					!contains(s.homeHeldBy(p, w, false), x) || !contains(s.homeHeldBy(p, w, false), y) {
					return nil, reject(l, errLegal(nil, "a pair is two of your non-key home spaces %s controls (HIS-9.3h)", powers[w].Name))
				}
				st.pairs = append(st.pairs, [2]int{x, y})
				st.pairBy = append(st.pairBy, vp)
				continue
			}
			x, err := matchLoc(what)
			if err != nil || x >= NS || !contains(s.homeHeldBy(p, w, true), x) {
				return nil, reject(l, errLegal(nil, "only your home keys %s controls are regained one by one; other spaces go in pairs (HIS-9.3f, HIS-9.3h)", powers[w].Name))
			}
			st.keys = append(st.keys, payFor{x, vp})
		case "recover", "return":
			what, vp, err := parsePay(rest)
			if err != nil {
				return nil, reject(l, errLegal(nil, "%v", err))
			}
			ls, err := matchLeaders(p, what)
			if err != nil || len(ls) != 1 || !contains(s.capturedBy(p, w), ls[0]) {
				return nil, reject(l, errLegal(nil, "name one of your leaders %s holds captive (HIS-9.3g)", powers[w].Name))
			}
			st.lead = append(st.lead, payFor{ls[0], vp})
		case "play":
			if err := s.marriageSuit(p, t); err != nil { // events_more.go
				return nil, reject(l, errLegal(nil, "%v", err))
			}
			st.marriage = true
		case "send":
			// "send <space> to <space>": where the units leaving a ceded
			// space go among the equally near (HIS-9.3d).
			fs := strings.Fields(rest)
			for i, w := range fs {
				if e, ok := wordAliases[w]; ok && e == "to" {
					fs[i] = e
				}
			}
			a, b, ok := strings.Cut(strings.Join(fs, " "), " to ")
			x, err1 := matchLoc(a)
			y, err2 := matchLoc(b)
			if !ok || err1 != nil || err2 != nil || x >= NS || y >= NS {
				return nil, reject(l, errLegal(s.sendChoices(p, w), `write "send <space ceded> to <fortified space>" (HIS-9.3d)`))
			}
			switch ts := s.cededTies(p, w, x); {
			case len(ts) == 0:
				return nil, reject(l, errLegal(s.sendChoices(p, w), "%s sends no units from %s: it sends only the units leaving a space it cedes to %s (HIS-9.3d)", powers[p].Name, spaces[x].Name, powers[w].Name))
			case !contains(ts, y):
				return nil, reject(l, errLegal(s.sendChoices(p, w), "the units leaving %s go to %s: the owner chooses only among equally near fortified spaces (HIS-9.3d)", spaces[x].Name, joinOr(ts)))
			}
			st.to = append(st.to, [2]int{x, y})
		default:
			return nil, reject(l, errLegal(nil, `after the suit come "eliminate", "regain", "recover" and "send" lines (HIS-9.3d-h)`))
		}
	}
	if st.marriage && len(st.keys)+len(st.lead)+len(st.pairs) > 0 {
		return nil, reject(lines[len(lines)-1], errLegal(nil, "with Diplomatic Marriage everything is recovered without regain and recover lines (HIS-9.3j)"))
	}
	// Step 4: two units, or all the loser has.
	need := min(2, s.unitCount(p))
	if elimN != need {
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Line: lines[len(lines)-1],
			Reason: fmt.Sprintf("the loser eliminates %d units of its choice: name them with \"eliminate <n> <units> in <location>\" (HIS-9.3e)", need),
			Legal:  s.eliminationsAfterCession(p, w)}}}
	}
	// Payment by cards: the loser's hand must hold enough cards.
	cardsOwed := 0
	for _, x := range append(append([]payFor{}, st.keys...), st.lead...) {
		if !x.vp {
			cardsOwed++
		}
	}
	for _, vp := range st.pairBy {
		if !vp {
			cardsOwed++
		}
	}
	if cardsOwed > len(s.drawable(p)) {
		return nil, reject(lines[len(lines)-1], errLegal(nil, "your hand holds %d cards a draw may take, and %d are owed", len(s.drawable(p)), cardsOwed))
	}
	c := s.clone()
	rc := &run{s: c, dice: r.dice}
	if err := rc.applySuit(p, st); err != nil {
		return nil, reject(lines[len(lines)-1], errLegal(nil, "%v", err))
	}
	*s = *c
	r.ev = append(r.ev, rc.ev...)
	canon := []string{"sue for peace with " + powers[w].ID}
	if st.marriage {
		canon = append(canon, order{verb: "play", card: cardMarriage, forEvent: true}.canonical(p))
	}
	by := map[bool]string{true: "vp", false: "card"}
	for _, e := range st.elim {
		canon = append(canon, "eliminate "+elimWords(e.f)+" in "+locName(e.loc))
	}
	for _, k := range st.keys {
		canon = append(canon, "regain "+spaces[k.x].Name+" for "+by[k.vp])
	}
	for _, l := range st.lead {
		canon = append(canon, "recover "+leaders[l.x].Name+" for "+by[l.vp])
	}
	for i, pr := range st.pairs {
		canon = append(canon, "regain "+spaces[pr[0]].Name+" and "+spaces[pr[1]].Name+" for "+by[st.pairBy[i]])
	}
	// Back to step 1: the same power may sue again, then the next.
	r.askNext(s.nextSuer, p, r.startRansom)
	return canon, nil
}

// elimWords writes a force of one kind as an elimination reads it.
func elimWords(f Force) string {
	for _, x := range []struct {
		n         uint8
		one, many string
	}{{f.Reg, "regular", "regulars"}, {f.Merc, "mercenary", "mercenaries"}, {f.Cav, "cavalry", "cavalry"},
		{f.Sq, "squadron", "squadrons"}, {f.Cor, "corsair", "corsairs"}} {
		if x.n > 0 {
			return fmt.Sprintf("%d %s", x.n, plural(int(x.n), x.one, x.many))
		}
	}
	return "0 regulars"
}

// unitCount is the number of units (land and naval) of power p on the map.
func (s *St) unitCount(p int) int {
	n := 0
	s.occ[p].each(func(loc int) { n += s.Units[loc][p].Land() + s.Units[loc][p].Naval() })
	return n
}

// applySuit carries out steps 2 to 8 of a suit for peace by loser p.
func (r *run) applySuit(p int, st suit) error {
	s := r.s
	w := st.winner
	r.say("%s sues %s for peace (HIS-9.3).", powers[p].Name, powers[w].Name)
	// Step 2.
	vp := 1
	if w == Ottoman {
		vp = 2
	}
	s.BonusVP[w] += vp
	r.say("%s is the War Winner and gains %d VP (HIS-9.3c).", powers[w].Name, vp)
	// Step 3.
	ceded := s.cedeHomes(p, w, st.to, func(sp int, moved []string) {
		r.say("%s cedes %s to %s (HIS-9.3d).", powers[p].Name, spaces[sp].Name, powers[w].Name)
		r.log(moved)
	})
	// Step 4.
	for _, e := range st.elim {
		if err := s.removeUnits(e.loc, p, e.f); err != nil {
			if contains(ceded, e.loc) {
				return fmt.Errorf("%s has not %s in %s: its units left it when it was ceded (HIS-9.3d); eliminate units that stay where they are", powers[p].Name, unitText(e.f), locName(e.loc))
			}
			return fmt.Errorf("%s has not %s in %s", powers[p].Name, unitText(e.f), locName(e.loc))
		}
		s.fitCounters(e.loc, p) // HIS-5.2a, as after a battle
		s.clampMarks(e.loc, p)
		if e.f.Naval() > 0 {
			s.Flow.noteNavalLoss(p, e.f)
		}
		what := unitText(e.f)
		if e.f.Naval() > 0 {
			what = navalText(e.f)
		}
		r.say("%s eliminates %s in %s (HIS-9.3e).", powers[p].Name, what, locName(e.loc))
	}
	pay := func(byVP bool, what string) {
		if byVP {
			s.BonusVP[w]++
			r.say("%s gives %s a War Winner VP for %s.", powers[p].Name, powers[w].Name, what)
			return
		}
		r.drawCard(p, w, what)
	}
	if st.marriage {
		r.marriagePeace(p, w) // steps 5 to 7 (events_more.go)
	}
	// Step 5.
	for _, k := range st.keys {
		s.takeControl(p, k.x)
		r.say("%s regains %s (HIS-9.3f).", powers[p].Name, spaces[k.x].Name)
		pay(k.vp, spaces[k.x].Name)
		r.log(s.moveOut(w, k.x))
		r.log(s.recheckSiege(k.x))
	}
	// Step 6.
	for _, l := range st.lead {
		at := s.placeLeaderHome(p, l.x)
		r.say("%s recovers %s, who goes to %s (HIS-9.3g).", powers[p].Name, leaders[l.x].Name, at)
		pay(l.vp, leaders[l.x].Name)
	}
	// Step 7.
	for i, pr := range st.pairs {
		for _, x := range pr {
			s.takeControl(p, x)
			r.log(s.moveOut(w, x))
			r.log(s.recheckSiege(x))
		}
		r.say("%s regains %s and %s (HIS-9.3h).", powers[p].Name, spaces[pr[0]].Name, spaces[pr[1]].Name)
		pay(st.pairBy[i], spaces[pr[0]].Name+" and "+spaces[pr[1]].Name)
	}
	// Step 8.
	r.endWar(p, w, "%s and %s are at peace (HIS-9.3i).")
	return nil
}

// endWar ends the war of a and b, by a suit or a deal: the peace is
// remembered for this Diplomacy Phase (HIS-9.6j), told with the line
// format (the two powers' names), and a peace with the Papacy lifts the
// other power's excommunication (HIS-9.3i).
func (r *run) endWar(a, b int, format string) {
	s := r.s
	s.setWar(a, b, false)
	s.Flow.Peace = append(s.Flow.Peace, [2]int{a, b})
	r.say(format, powers[a].Name, powers[b].Name)
	if a == Papacy {
		r.lift(b, "HIS-9.3i")
	} else if b == Papacy {
		r.lift(a, "HIS-9.3i")
	}
}

// madePeace reports whether p and q made peace earlier in this Diplomacy
// Phase (HIS-9.6j).
func (s *St) madePeace(p, q int) bool {
	for _, x := range s.Flow.Peace {
		if x == [2]int{p, q} || x == [2]int{q, p} {
			return true
		}
	}
	return false
}

// cedeHomes is step 3 of p's suit for peace with w (HIS-9.3d): p loses
// control of every home space of w it controls, and its units there move
// out. each, when not nil, is told of every space ceded with the lines
// of the moves; cedeHomes returns the spaces ceded.
func (s *St) cedeHomes(p, w int, to [][2]int, each func(sp int, moved []string)) []int {
	var ceded []int
	for sp := 0; sp < NS; sp++ {
		if s.homeOf(sp) == w && int(s.Ctrl[sp]) == p {
			s.takeControl(w, sp)
			dest := -1
			for _, x := range to {
				if x[0] == sp {
					dest = x[1]
				}
			}
			moved := append(s.moveOutTo(p, sp, dest), s.recheckSiege(sp)...)
			if each != nil {
				each(sp, moved)
			}
			ceded = append(ceded, sp)
		}
	}
	return ceded
}

// eliminationChoices are single-unit eliminations power p may write.
func (s *St) eliminationChoices(p int) []string {
	var out []string
	s.occ[p].each(func(loc int) {
		u := s.Units[loc][p]
		for _, x := range []struct {
			n    uint8
			word string
		}{{u.Reg, "regular"}, {u.Merc, "mercenary"}, {u.Cav, "cavalry"}, {u.Sq, "squadron"}, {u.Cor, "corsair"}} {
			if x.n > 0 {
				out = append(out, fmt.Sprintf("eliminate 1 %s in %s", x.word, locName(loc)))
			}
		}
	})
	return out
}

// eliminationsAfterCession are the single-unit eliminations p may write
// in a suit with w: those of the units in place once step 3 has moved
// the units out of the spaces ceded.
func (s *St) eliminationsAfterCession(p, w int) []string {
	c := s.clone()
	c.cedeHomes(p, w, nil, nil)
	return c.eliminationChoices(p)
}

// peaceChoices are the suits power p may open, and done.
func (s *St) peaceChoices(p int) []string {
	out := []string{"done"}
	for _, q := range s.suitTargets(p) {
		out = append(out, "sue for peace with "+powers[q].ID)
	}
	return out
}

// peaceText is the prompt of the peace segment.
func (s *St) peaceText(p int) string {
	var ts []string
	for _, q := range s.suitTargets(p) {
		ts = append(ts, powers[q].Name)
	}
	return fmt.Sprintf("Sue for peace (HIS-9.3): you may sue %s. In one message: \"sue for peace with <power>\", then \"eliminate <n> <units> in <location>\" for 2 units, and any \"regain <key> for vp|card\", \"recover <leader> for vp|card\", \"regain <space> and <space> for vp|card\", and \"send <space ceded> to <space>\" to choose among equally near fortified spaces where your units go (else the first in map order); or write done.", strings.Join(ts, ", "))
}

// ransomAnswer reads power p's ransoms (HIS-9.4a): "ransom <leader>"
// lines, or done.
func (r *run) ransomAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	legal := s.ransomChoices(p)
	var canon []string
	var ls []int
	for _, l := range lines {
		v, rest := verbOf(strings.ToLower(englishLine(l.Text)))
		switch v {
		case "done", "no", "pass":
			if len(lines) > 1 {
				return nil, reject(l, errLegal(legal, `"done" stands alone`))
			}
			continue
		case "ransom":
			x, err := matchLeaders(p, rest)
			if err != nil || len(x) != 1 || !contains(s.ransomable(p), x[0]) || contains(ls, x[0]) {
				return nil, reject(l, errLegal(legal, "name one of your captured leaders, once"))
			}
			ls = append(ls, x[0])
		default:
			return nil, reject(l, errLegal(legal, `write "ransom <leader>" or done`))
		}
	}
	if len(ls) > len(s.drawable(p)) {
		return nil, reject(lines[len(lines)-1], errLegal(legal, "each ransom costs a card of your hand, and it holds %d", len(s.drawable(p))))
	}
	if len(ls) == 0 {
		r.say("%s ransoms no leader.", powers[p].Name)
		canon = []string{"done"}
	}
	for _, l := range ls {
		captor := int(s.Captor[l])
		at := s.placeLeaderHome(p, l)
		r.say("%s ransoms %s, who goes to %s (HIS-9.4a).", powers[p].Name, leaders[l].Name, at)
		r.drawCard(p, captor, "ransom of "+leaders[l].Name)
		canon = append(canon, "ransom "+leaders[l].Name)
	}
	r.askNext(s.nextRansomer, p, r.startExcom)
	return canon, nil
}

func (s *St) ransomChoices(p int) []string {
	out := []string{"done"}
	for _, l := range s.ransomable(p) {
		out = append(out, "ransom "+leaders[l].Name)
	}
	return out
}

func (s *St) ransomText(p int) string {
	var ns []string
	for _, l := range s.ransomable(p) {
		ns = append(ns, fmt.Sprintf("%s (held by %s)", leaders[l].Name, powers[s.Captor[l]].Name))
	}
	return fmt.Sprintf("Ransom of leaders (HIS-9.4): each leader ransomed returns to your capital and its captor draws a card at random from your hand. Captured: %s. Write \"ransom <leader>\" lines or done.", strings.Join(ns, ", "))
}

// randomPeace is a random answer in the peace and ransom segments: now
// and then a suit paying with VP, eliminating the first units listed.
func (s *St) randomPeace(p int, pick func(int) int) []string {
	if s.Flow.Seg == SegExcom {
		return []string{[]string{"donate", "done"}[pick(2)]}
	}
	if s.Flow.Seg == SegRansom {
		ch := s.ransomChoices(p)
		if pick(2) == 0 {
			return []string{"done"}
		}
		return []string{ch[1+pick(len(ch)-1)]}
	}
	ts := s.suitTargets(p)
	if len(ts) == 0 || pick(3) != 0 {
		return []string{"done"}
	}
	w := ts[pick(len(ts))]
	lines := []string{"sue for peace with " + powers[w].ID}
	need := min(2, s.unitCount(p))
	c := s.clone()
	// The eliminations come after step 3: units in the spaces ceded
	// will have moved out.
	c.cedeHomes(p, w, nil, nil)
	for i := 0; i < need; i++ {
		ch := c.eliminationChoices(p)
		l := ch[pick(len(ch))]
		lines = append(lines, l)
		m := elimRE.FindStringSubmatch(strings.TrimPrefix(l, "eliminate "))
		loc, _ := matchLoc(m[3])
		var f Force
		switch m[2] {
		case "regular":
			f.Reg = 1
		case "mercenary":
			f.Merc = 1
		case "cavalry":
			f.Cav = 1
		case "squadron":
			f.Sq = 1
		default:
			f.Cor = 1
		}
		_ = c.removeUnits(loc, p, f)
	}
	for _, k := range s.homeHeldBy(p, w, true) {
		if pick(2) == 0 {
			lines = append(lines, "regain "+spaces[k].Name+" for vp")
		}
	}
	for _, l := range s.capturedBy(p, w) {
		if pick(2) == 0 {
			lines = append(lines, "recover "+leaders[l].Name+" for vp")
		}
	}
	return lines
}

// cededTies are the equally near fortified spaces where p's land units
// go when p cedes space sp to w (HIS-9.3d): none when p has no land
// units or leaders there or sp is not ceded.
func (s *St) cededTies(p, w, sp int) []int {
	if sp < 0 || sp >= NS || s.homeOf(sp) != w || int(s.Ctrl[sp]) != p {
		return nil
	}
	u := s.Units[sp][p]
	if u.Land() == 0 && len(s.leadersAt(sp, p)) == 0 {
		return nil
	}
	c := s.clone()
	for x := 0; x < sp; x++ { // the spaces ceded before it, in map order
		if c.homeOf(x) == w && int(c.Ctrl[x]) == p {
			c.takeControl(w, x)
			c.moveOut(p, x)
		}
	}
	c.takeControl(w, sp)
	return c.outTies(p, sp)
}

// sendChoices are the "send" lines loser p may write in a suit with w:
// each ceded space whose units have a choice, with each destination.
func (s *St) sendChoices(p, w int) []string {
	var out []string
	for sp := 0; sp < NS; sp++ {
		if ts := s.cededTies(p, w, sp); len(ts) > 1 {
			for _, x := range ts {
				out = append(out, "send "+spaces[sp].Name+" to "+spaces[x].Name)
			}
		}
	}
	return out
}
