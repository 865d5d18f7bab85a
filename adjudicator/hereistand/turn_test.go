package hereistand

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// submit applies lines of power p to s and checks the new state: its
// invariants, and that it encodes and decodes to the same bytes.
func submit(t *testing.T, s *St, p int, d adjudicator.Dice, lines ...string) (*St, *adjudicator.Result) {
	t.Helper()
	sub := adjudicator.Submission{Role: roleOf(p)}
	for i, l := range lines {
		sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	before, _ := s.Encode()
	ns, res, err := s.Apply(sub, d)
	if err != nil {
		t.Fatalf("%s %q rejected: %v", powers[p].Name, lines, err)
	}
	after, _ := s.Encode()
	if !bytes.Equal(before, after) {
		t.Fatalf("Apply changed its receiver")
	}
	n := ns.(*St)
	mustCheck(t, n)
	data, err := n.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := decode(data)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if again, _ := back.Encode(); !bytes.Equal(again, data) {
		t.Fatalf("encode/decode round trip differs")
	}
	return n, res
}

// refuse applies lines expecting a rejection and returns it.
func refuse(t *testing.T, s *St, p int, lines ...string) *adjudicator.Rejection {
	t.Helper()
	sub := adjudicator.Submission{Role: roleOf(p)}
	for i, l := range lines {
		sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	before, _ := s.Encode()
	_, _, err := s.Apply(sub, testdice.New(1))
	rej, ok := err.(*adjudicator.Rejection)
	if !ok {
		t.Fatalf("%q: want a rejection, got %v", lines, err)
	}
	after, _ := s.Encode()
	if !bytes.Equal(before, after) {
		t.Fatalf("a rejected submission changed the state")
	}
	return rej
}

func eventText(res *adjudicator.Result, role adjudicator.Role) string {
	var b strings.Builder
	for _, e := range res.Events {
		if e.VisibleTo(role) {
			b.WriteString(e.Text + "\n")
		}
	}
	return b.String()
}

// cardWith finds a plain event card of the first turn with the given CP.
func cardWith(t *testing.T, cp int, not ...int) uint8 {
	t.Helper()
	for n := 1; n <= NBase; n++ {
		c := cards[n]
		if c.CP == cp && c.Type == CardEvent && c.EntryCond == EntryTurn && c.Entry <= 1 && !contains(not, n) {
			return uint8(n)
		}
	}
	t.Fatalf("no card of %d CP", cp)
	return 0
}

// deal gives power p exactly the cards given: its old cards go to the
// discard pile (home cards to the power card), the new ones are taken
// from wherever they are.
func deal(s *St, p int, cs ...uint8) {
	for _, c := range s.Hands[p] {
		if cards[c].Type == CardHome {
			s.OnCard.set(int(c))
		} else {
			s.discard(int(c))
		}
	}
	s.Hands[p] = nil
	for _, c := range cs {
		s.pullCard(int(c))
		s.OnCard.clear(int(c))
		s.Removed.clear(int(c))
		s.Hands[p] = append(s.Hands[p], c)
	}
	sortCards(s.Hands[p])
}

// toAction plays a new game to the first impulse of the Action Phase with
// the deadline defaults.
func toAction(t *testing.T, seed uint64) *St {
	t.Helper()
	s := newGame(t, seed)
	d := testdice.New(seed)
	for s.Phase != PhAction {
		p := s.owingPowers()[0]
		s, _ = submit(t, s, p, d, s.defaultLines(p)...)
	}
	return s
}

// HIS-2b, HIS-7a, HIS-7b, HIS-7c, HIS-7d, HIS-8a, HIS-8.1a, HIS-11g, HIS-23.3a: a turn runs
// through its nine phases in order: Luther's 95 Theses and the Diet of
// Worms only in turn 1, England alone in the turn-1 Diplomacy Phase,
// every power in later ones; the dice epoch follows the turn.
// Also exercises HIS-9a (see the coverage document).
func TestHIS7_TurnSequence(t *testing.T) {
	s := newGame(t, 3)
	d := testdice.New(3)
	if got := s.Owing(); len(got) != 1 || got[0] != "protestant" {
		t.Fatalf("owing %v", got)
	}
	s, res := submit(t, s, Protestant, d, "Play 95 Theses")
	for s.Rel.Pending != nil {
		s, _ = submit(t, s, Protestant, d, s.defaultLines(Protestant)...)
	}
	if s.Phase != PhDiplomacy || !s.Removed.has(lutherCard()) {
		t.Fatalf("after the theses: phase %d", s.Phase)
	}
	if !strings.Contains(eventText(res, "papacy"), "Luther's 95 Theses") {
		t.Errorf("events %q", eventText(res, "papacy"))
	}
	if got := s.Owing(); len(got) != 1 || got[0] != "england" {
		t.Fatalf("turn-1 diplomacy owed by %v, want england only (HIS-7c)", got)
	}
	refuse(t, s, France, "done")
	s, _ = submit(t, s, England, d, "done")
	for _, p := range []int{Protestant, Hapsburg, Papacy} {
		s, res = submit(t, s, p, d, s.defaultLines(p)...)
	}
	for s.Rel.Pending != nil {
		s, res = submit(t, s, s.Rel.Pending.Power, d, s.defaultLines(s.Rel.Pending.Power)...)
	}
	if !strings.Contains(eventText(res, "france"), "Diet of Worms") || s.Phase != PhSpring {
		t.Fatalf("after diplomacy: phase %d, events %q", s.Phase, eventText(res, "france"))
	}
	seen := []int{s.Phase}
	for s.Turn == 1 || s.Phase != PhDiplomacy {
		if s.Flow.Over {
			t.Fatalf("game over in turn %d", s.Turn)
		}
		p := s.owingPowers()[0]
		s, _ = submit(t, s, p, d, s.defaultLines(p)...)
		if seen[len(seen)-1] != s.Phase {
			seen = append(seen, s.Phase)
		}
	}
	want := []int{PhSpring, PhAction, PhDiplomacy}
	if len(seen) != len(want) || seen[0] != want[0] || seen[1] != want[1] || seen[2] != want[2] {
		t.Errorf("phases seen %v, want %v", seen, want)
	}
	if s.Turn != 2 || s.Status().Turn != 2 || len(s.Flow.History) != 1 {
		t.Errorf("turn %d, epoch %d, VP records %d", s.Turn, s.Status().Turn, len(s.Flow.History))
	}
	if got := s.Owing(); len(got) != 1 || got[0] != "ottoman" {
		t.Errorf("turn-2 declarations of war owed by %v, want the Ottoman first (HIS-9.6b)", got)
	}
	if !strings.Contains(s.Status().Label, "1524-1527") {
		t.Errorf("label %q", s.Status().Label)
	}
}

// HIS-8.2a, HIS-8.2d, HIS-8.2j, HIS-6.2b, HIS-6.2i: the Card Draw Phase of turn 3
// adds the cards of turn 3, reshuffles the discards and deals; each power
// hears of its own cards only.
func TestHIS8_CardDrawPhase(t *testing.T) {
	s := newGame(t, 4)
	s.Turn = 3
	// Discard two cards from the Ottoman hand.
	for _, c := range s.Hands[Ottoman][:2] {
		if cards[c].Type != CardHome {
			s.takeFromHand(Ottoman, int(c))
			s.discard(int(c))
		}
	}
	s.Flow.NavalDead[France] = 2 // HIS-8.2d: back in the pool
	r := &run{s: s, dice: testdice.New(9)}
	r.cardDrawPhase()
	if s.Flow.NavalDead[France] != 0 {
		t.Errorf("ships lost last turn still out of the pool")
	}
	mustCheck(t, s)
	if len(s.Discard) != 0 || s.Phase != PhDiplomacy {
		t.Errorf("discard %v, phase %d", s.Discard, s.Phase)
	}
	for n := 1; n <= NC; n++ {
		if cards[n].EntryCond == EntryTurn && cards[n].Entry == 3 && !cards[n].Optional && !s.inPlay(n) {
			t.Errorf("card %s of turn 3 did not enter", cardName(n))
		}
		if cards[n].EntryCond == EntryTurn && cards[n].Entry > 3 && s.inPlay(n) {
			t.Errorf("card %s of turn %d entered in turn 3", cardName(n), cards[n].Entry)
		}
	}
	for _, e := range r.ev {
		if strings.Contains(e.Text, " is dealt ") && len(e.To) != 1 {
			t.Errorf("dealt cards told to %v: %q", e.To, e.Text)
		}
	}
}

// HIS-2.5c, HIS-10a, HIS-10b, HIS-10c, HIS-10d, HIS-10e, HIS-10f, HIS-10g, HIS-10h, HIS-10i, HIS-10j: the seed's Spring Deployment example: Paris to Genoa across
// the Gulf of Lyon with 5 units, on to Milan through Pavia when allied
// with the Papacy; 6 units may not cross; another power's ships in a port
// of the zone block the crossing; passes are never crossed.
func TestHIS10_SpringDeployment(t *testing.T) {
	s := board(t)
	s.Phase = PhSpring
	s.Active = France
	put(t, s, "paris", France, Force{Reg: 6}, "montmorency")
	s.Ctrl[sp(t, "genoa")] = uint8(France)
	s.Ctrl[sp(t, "milan")] = France
	s.Ctrl[sp(t, "pavia")] = Papacy
	s.Ctrl[sp(t, "turin")] = Hapsburg
	paris := sp(t, "paris")
	// HIS-10b: the Protestant never deploys; the Hapsburg from either capital.
	put(t, s, "vienna", Hapsburg, Force{Reg: 1})
	put(t, s, "valladolid", Hapsburg, Force{Reg: 1})
	if len(s.springCapitals(Protestant)) != 0 || len(s.springCapitals(Hapsburg)) != 2 {
		t.Errorf("capitals: Protestant %v, Hapsburg %v", s.springCapitals(Protestant), s.springCapitals(Hapsburg))
	}
	has := func(list []int, id string) bool { return contains(list, sp(t, id)) }
	if r := s.springReach(France, paris, 5); !has(r, "genoa") || !has(r, "marseille") || has(r, "milan") {
		t.Errorf("5 units reach %s", namesOf(r))
	}
	if r := s.springReach(France, paris, 6); has(r, "genoa") || !has(r, "marseille") {
		t.Errorf("HIS-10h: 6 units reach %s", namesOf(r))
	}
	s.setAlly(France, Papacy, true)
	if r := s.springReach(France, paris, 5); !has(r, "milan") {
		t.Errorf("allied with the Papacy, 5 units reach %s", namesOf(r))
	}
	// HIS-10f: Navarre, behind a pass from Bordeaux, stays out of reach.
	nav := sp(t, "navarre")
	s.Ctrl[nav] = France
	reachable := false
	for _, e := range spaces[nav].Nbr {
		reachable = reachable || !e.Pass && s.Friendly(int(e.To), France)
	}
	if !reachable && has(s.springReach(France, paris, 5), "navarre") {
		t.Errorf("HIS-10f: deployment crossed a pass")
	}
	// HIS-10g: a Hapsburg squadron in a port of the Gulf of Lyon.
	blocked := s.clone()
	for _, port := range seas[sz(t, "gulf_of_lyon")].Ports {
		if port != sp(t, "marseille") && port != sp(t, "genoa") {
			blocked.addUnits(port, Hapsburg, Force{Sq: 1})
			break
		}
	}
	if r := blocked.springReach(France, paris, 5); has(r, "genoa") {
		t.Errorf("HIS-10g: crossed a sea zone with foreign ships in its ports")
	}
	rej := refuse(t, s, France, "deploy 6 from paris to genoa with montmorency")
	if !strings.Contains(rej.Error(), "more than 5") || len(rej.Problems[0].Legal) == 0 {
		t.Errorf("rejection %v (legal %v)", rej, rej.Problems[0].Legal)
	}
	ps := s.Prompts()
	if len(ps) != 1 || ps[0].Kind != "spring" || ps[0].Role != "france" || s.Default("france").Lines[0].Text != "no deployment" {
		t.Fatalf("prompts %+v", ps)
	}
	for _, none := range []string{"no deployment", "None", "skip", "pass"} {
		n, _ := submit(t, s, France, testdice.New(1), none)
		require.NotEqual(t, France, n.Active, none)
		require.Equal(t, s.Units[paris], n.Units[paris], none)
	}
	n, res := submit(t, s, France, testdice.New(1), "deploy 5 from Par to Mil with Montm")
	if got := n.Units[sp(t, "milan")][France]; got != (Force{Reg: 5}) || n.Leader[ldr(t, "montmorency")] != int16(sp(t, "milan")) {
		t.Errorf("Milan %+v", got)
	}
	if !strings.Contains(eventText(res, "ottoman"), "deploys") || n.Active == France {
		t.Errorf("events %q, active %d", eventText(res, "ottoman"), n.Active)
	}
}

// HIS-11a, HIS-11b, HIS-11c, HIS-11f, HIS-11.1a, HIS-11.1b, HIS-6.1a, HIS-6.1c, HIS-6.1d, HIS-6.2g, HIS-17.1b, HIS-17.1c, HIS-17.1d:
// one email plays a card and spends its CP on several actions; home
// cards go back to the power card, Mandatory Events give 2 CP and cannot
// be played for CP; a power holding its home card may not pass; a bad
// line rejects the whole email.
func TestHIS11_ImpulseOrders(t *testing.T) {
	s := toAction(t, 5)
	if s.Active != Ottoman || s.Flow.Card != 0 {
		t.Fatalf("active %d, card %d", s.Active, s.Flow.Card)
	}
	three := cardWith(t, 3)
	deal(s, Ottoman, 1, three)
	rej := refuse(t, s, Ottoman, "pass")
	if !strings.Contains(rej.Error(), "home card") || len(rej.Problems[0].Legal) == 0 {
		t.Errorf("pass with the home card: %v", rej)
	}
	// All or nothing: the third line is wrong, nothing happens.
	rej = refuse(t, s, Ottoman, "play 1 for cp", "build 2 cavalry in istanbul", "build regular in paris")
	if rej.Problems[0].Line.No != 3 || !strings.Contains(rej.Problems[0].Reason, "build regular in paris") {
		t.Errorf("rejection %+v", rej.Problems)
	}
	if len(rej.Problems[0].Legal) == 0 || !strings.Contains(strings.Join(rej.Problems[0].Legal, ";"), "Istanbul") {
		t.Errorf("legal %v", rej.Problems[0].Legal)
	}
	refuse(t, s, Ottoman, "build regular in istanbul") // HIS-11a: a card first
	// HIS-11c: an event whose conditions do not hold is refused, with
	// the reason (here #66 Akinji Raiders: no power at war with the
	// Ottoman).
	rej = refuse(t, s, Ottoman, "play "+strconv.Itoa(int(three))+" for event")
	if rej.Problems[0].Reason == "" {
		t.Errorf("an event card played as its event: %v", rej)
	}
	refuse(t, s, Ottoman, "play 1 for cp", "pass")
	// The units of one build line are paid for together: 3 regulars at
	// 2 CP each with Janissaries' 5 CP.
	rej = refuse(t, s, Ottoman, "play 1 for cp", "build 3 regulars in istanbul")
	require.Contains(t, rej.Problems[0].Reason, "3 regulars cost 6 CP, with 5 CP left")
	// Italian writes PC for CP.
	if it, _ := submit(t, s, Ottoman, testdice.New(1), "gioca 1 per pc"); it.Flow.CP != 5 || it.Flow.Card != 1 {
		t.Errorf("gioca 1 per pc: CP %d, card %d", it.Flow.CP, it.Flow.Card)
	}
	ist := s.Units[sp(t, "istanbul")][Ottoman]
	n, res := submit(t, s, Ottoman, testdice.New(1), "PLAY 1 for CP", "build 2 cavalry in istanbul", "raise reg ist")
	if n.Flow.CP != 1 || n.Flow.Card != 1 || !n.OnCard.has(1) || n.Active != Ottoman {
		t.Errorf("CP %d card %d on card %v", n.Flow.CP, n.Flow.Card, n.OnCard.has(1))
	}
	if got := n.Units[sp(t, "istanbul")][Ottoman]; got.Cav != ist.Cav+2 || got.Reg != ist.Reg+1 {
		t.Errorf("Istanbul %+v, was %+v", got, ist)
	}
	if !strings.Contains(eventText(res, "papacy"), "plays #1 Janissaries for 5 CP") {
		t.Errorf("events %q", eventText(res, "papacy"))
	}
	if p := n.Prompts(); len(p) != 1 || p[0].Kind != "actions" || n.Default("ottoman").Lines[0].Text != "done" {
		t.Fatalf("prompts %+v", p)
	}
	// HIS-11.1a: unspent CP are lost; the next power in Impulse Order.
	n, _ = submit(t, n, Ottoman, testdice.New(1), "done")
	if n.Active != Hapsburg || n.Flow.CP != 0 || n.Flow.Card != 0 {
		t.Errorf("active %d CP %d", n.Active, n.Flow.CP)
	}
	// HIS-6.1d: a Mandatory Event gives 2 CP and is removed (or stays in
	// the deck for Master of Italy).
	deal(n, Hapsburg, 10, 12)
	refuse(t, n, Hapsburg, "play 10 for cp")
	m, _ := submit(t, n, Hapsburg, testdice.New(1), "play clement")
	if m.Flow.CP != 2 || !m.Removed.has(10) {
		t.Errorf("Clement VII: CP %d removed %v", m.Flow.CP, m.Removed.has(10))
	}
	m, _ = submit(t, m, Hapsburg, testdice.New(1), "done")
	m.Active = Hapsburg
	m, _ = submit(t, m, Hapsburg, testdice.New(1), "play 12", "done")
	if m.Removed.has(12) || !contains(intsOf(m.Discard), 12) {
		t.Errorf("Master of Italy goes to the discard pile")
	}
}

func intsOf(b []uint8) []int {
	var out []int
	for _, x := range b {
		out = append(out, int(x))
	}
	return out
}

// HIS-11f, HIS-11g: a power may pass with a hand within its ruler's
// administrative rating and no home or Mandatory card; a power with no
// cards passes by itself; six consecutive passes end the Action Phase
// and the turn runs on through Winter and Victory Determination.
func TestHIS11g_AllPass(t *testing.T) {
	s := toAction(t, 6)
	for p := 0; p < NMajor; p++ {
		deal(s, p)
	}
	s.NW = NewWorld{} // no voyage this turn: the New World has its own tests
	two := cardWith(t, 2)
	deal(s, Ottoman, two, cardWith(t, 2, int(two)))
	s, res := submit(t, s, Ottoman, testdice.New(1), "play "+strconv.Itoa(int(two)), "done")
	if s.Phase != PhAction || s.Active != Ottoman || s.Passes != NMajor-1 {
		t.Fatalf("after the play: phase %d active %d passes %d", s.Phase, s.Active, s.Passes)
	}
	if got := strings.Count(eventText(res, "gm"), "has no cards and passes"); got != NMajor-1 {
		t.Errorf("%d automatic passes", got)
	}
	s, res = submit(t, s, Ottoman, testdice.New(1), "pass")
	if s.Phase != PhDiplomacy || s.Turn != 2 {
		t.Fatalf("phase %d turn %d after six passes", s.Phase, s.Turn)
	}
	for _, w := range []string{"Action Phase ends", "Victory points at the end of turn 1", "Turn 2 (1524-1527) begins"} {
		if !strings.Contains(eventText(res, "gm"), w) {
			t.Errorf("no event %q in %s", w, eventText(res, "gm"))
		}
	}
}

// HIS-17a, HIS-17.1a, HIS-17.1b, HIS-17.1c, HIS-17.1d, HIS-17.2a, HIS-17.2b, HIS-17.2c, HIS-17.2d, HIS-12.3c, HIS-11.1d: building in
// friendly home spaces only, never in unrest or with enemy units there,
// squadrons in ports not under siege, no corsairs before Barbary
// Pirates, no cavalry but the Ottoman's; unrest removed by order; the
// Protestant takes no military action before the League.
func TestHIS17_BuildAndUnrest(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	play := impulseFor(t, s, France, 5)
	for line, want := range map[string]string{
		"build regular in milan":     "not a France home space",
		"raise cavalry in paris":     "may not raise cavalry",
		"build squadron in paris":    "not a port",
		"build corsair in marseille": "may not build corsair",
	} {
		if rej := refuse(t, s, France, play, line); !strings.Contains(rej.Error(), want) {
			t.Errorf("%q: %v, want %q", line, rej, want)
		}
	}
	s.Unrest.set(sp(t, "lyon"))
	if rej := refuse(t, s, France, play, "build regular in lyon"); !strings.Contains(rej.Error(), "unrest") {
		t.Errorf("build in unrest: %v", rej)
	}
	put(t, s, "dijon", France, Force{Reg: 1})
	n, _ := submit(t, s, France, testdice.New(1), play, "remove unrest in lyon", "build squadron in marseille", "buy 2 merc paris")
	if n.InUnrest(sp(t, "lyon")) || n.Units[sp(t, "marseille")][France].Sq != 1 || n.Units[sp(t, "paris")][France].Merc != 2 {
		t.Errorf("after the builds: unrest %v, %+v, %+v", n.InUnrest(sp(t, "lyon")), n.Units[sp(t, "marseille")][France], n.Units[sp(t, "paris")][France])
	}
	if n.Flow.CP != 0 || n.Active == France {
		t.Errorf("CP %d left, active %d", n.Flow.CP, n.Active)
	}
	put(t, s, "marseille", Hapsburg, Force{Reg: 2})
	if rej := refuse(t, s, France, play, "build regular in marseille"); !strings.Contains(rej.Error(), "enemy units") {
		t.Errorf("build with enemies there: %v", rej)
	}
	q := board(t)
	pplay := impulseFor(t, q, Protestant, 2)
	if rej := refuse(t, q, Protestant, pplay, "build regular in wittenberg"); !strings.Contains(rej.Error(), "Schmalkaldic League") {
		t.Errorf("Protestant build: %v", rej)
	}
}

// Views stay within 76 columns and show the turn machine: the active
// power, the card in play and who owes what.
func TestViewsShowTheImpulse(t *testing.T) {
	s := vienna(t)
	play := impulseFor(t, s, Ottoman, 3)
	s, _ = submit(t, s, Ottoman, testdice.New(1), play, "move 8 from pressburg to vienna with suleiman, ibrahim")
	text := s.View("england").Text()
	for _, w := range []string{"Active power: Ottoman", "CP left", "Move in progress", "Waiting for: Hapsburg (intercept)"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in\n%s", w, text)
		}
	}
	for _, l := range strings.Split(text, "\n") {
		if len(l) > 76 {
			t.Errorf("line too long: %q", l)
		}
	}
}

// HIS-8.2c, HIS-16.2k: naval leaders sent to the Turn track (a side wiped
// out at sea, ships with no retreat, a port taken by assault, no port in
// winter) come back in the next Card Draw Phase to a friendly port: one
// holding their power's ships if there is one, else the first friendly
// port; with no friendly port they wait another turn. The state encodes
// them as "away".
func TestHIS8_2c_NavalLeadersReturn(t *testing.T) {
	s := newGame(t, 4)
	s.Turn = 3
	barb, doria := ldr(t, "barbarossa"), ldr(t, "andrea_doria")
	s.Leader[barb], s.Leader[doria] = LeaderAway, LeaderAway
	// Only Athens keeps Ottoman ships: Barbarossa goes there, not to an
	// earlier friendly port without ships.
	ath := sp(t, "athens")
	first := -1
	for x := 0; x < NS; x++ {
		if spaces[x].port() && s.Friendly(x, Ottoman) && first < 0 {
			first = x
		}
		if x != ath {
			s.Units[x][Ottoman].Sq, s.Units[x][Ottoman].Cor = 0, 0
		}
	}
	s.reindex()
	if first == ath || s.Units[ath][Ottoman].Naval() == 0 {
		t.Fatalf("set-up: first Ottoman port %d, Athens %+v", first, s.Units[ath][Ottoman])
	}
	// Genoa (Andrea Doria's power) loses its ports.
	s.Ctrl[sp(t, "genoa")], s.Ctrl[sp(t, "bastia")] = uint8(France), uint8(France)
	mustCheck(t, s)
	data, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"away"`) {
		t.Errorf("leaders on the Turn track are not encoded as away:\n%s", data)
	}
	back, err := decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := back.Encode(); !bytes.Equal(again, data) || back.Leader[barb] != LeaderAway {
		t.Fatalf("encode/decode round trip differs")
	}

	r := &run{s: s, dice: testdice.New(9)}
	r.cardDrawPhase()
	mustCheck(t, s)
	log := ""
	for _, e := range r.ev {
		log += e.Text + "\n"
	}
	if s.Leader[barb] != int16(ath) || !strings.Contains(log, "Barbarossa returns to Athens") {
		t.Errorf("Barbarossa at %d, want Athens\n%s", s.Leader[barb], log)
	}
	if s.Leader[doria] != LeaderAway || !strings.Contains(log, "Andrea Doria has no friendly port") {
		t.Errorf("Andrea Doria at %d, want away\n%s", s.Leader[doria], log)
	}
	// With no ships anywhere, the first friendly port in map order; a port
	// under siege only when no other is left.
	s.Units[ath][Ottoman].Sq, s.Units[ath][Ottoman].Cor = 0, 0
	s.reindex()
	if got := s.returnPort(Ottoman); got != first {
		t.Errorf("return port %d, want the first friendly port %d", got, first)
	}
	s.Warfare.Siege.set(first)
	if got := s.returnPort(Ottoman); got == first || got < 0 {
		t.Errorf("return port %d: a besieged port chosen before a free one", got)
	}
	// Genoa back in Genoese hands: Andrea Doria comes back the turn after,
	// to the port where the Genoese ships are.
	s.Ctrl[sp(t, "genoa")] = uint8(Genoa)
	s.Turn++
	r = &run{s: s, dice: testdice.New(10)}
	r.cardDrawPhase()
	if s.Leader[doria] != int16(sp(t, "genoa")) {
		t.Errorf("Andrea Doria at %d, want Genoa", s.Leader[doria])
	}
}

// HIS-8.2b: Maurice of Saxony enters at the start of turn 6 in an
// electorate under Protestant political control (the first in map order,
// the Protestant's choice made for him); with none he waits for a later
// Card Draw Phase.
func TestHIS8_2b_MauriceOfSaxony(t *testing.T) {
	s := newGame(t, 4)
	m := ldr(t, "maurice_of_saxony")
	s.Turn = 5
	r := &run{s: s, dice: testdice.New(3)}
	r.cardDrawPhase()
	if s.Leader[m] != LeaderOff {
		t.Fatalf("Maurice entered in turn 5 at %d", s.Leader[m])
	}
	s.Turn = 6
	r = &run{s: s, dice: testdice.New(4)}
	r.cardDrawPhase()
	if s.Leader[m] != LeaderOff {
		t.Fatalf("Maurice entered at %d with no Protestant electorate", s.Leader[m])
	}
	e := electorates[len(electorates)-1]
	s.Ctrl[e] = uint8(Protestant)
	s.Turn = 7
	r = &run{s: s, dice: testdice.New(5)}
	r.cardDrawPhase()
	mustCheck(t, s)
	if s.Leader[m] != int16(e) {
		t.Errorf("Maurice at %d, want %s", s.Leader[m], spaces[e].Name)
	}
}

// HIS-10a with HIS-5.2a: a deployment that splits the capital's stack is
// refused when the power has no counters left for the two parts, and is
// not offered.
func TestHIS10_SpringDeploymentKeepsCounters(t *testing.T) {
	s := board(t)
	s.Phase = PhSpring
	s.Active = France
	put(t, s, "paris", France, Force{Reg: 4})
	ones := powers[France].LandCounters[0]
	spots := []string{"bordeaux", "rouen", "lyon", "marseille", "brest", "nantes", "tours", "limoges", "toulouse", "boulogne", "dijon", "grenoble", "st_quentin", "st_dizier", "avignon"}
	require.GreaterOrEqual(t, len(spots), ones)
	for _, id := range spots[:ones] {
		put(t, s, id, France, Force{Reg: 1}) // every 1-counter in use
	}
	mustCheck(t, s)
	rej := refuse(t, s, France, "deploy 3 from paris to orleans")
	require.Contains(t, rej.Problems[0].Reason, "no counters to split the stack in Paris (HIS-5.2a)")
	for _, c := range s.springDestinations(France) {
		require.False(t, strings.HasPrefix(c, "deploy 3 "), c)
	}
	ns, _ := submit(t, s, France, testdice.New(1), "deploy 4 from paris to orleans")
	mustCheck(t, ns)
}
