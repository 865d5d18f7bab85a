package hereistand

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

func newGame(t testing.TB, seed uint64) *St {
	t.Helper()
	st, err := Game{}.Setup("1517", nil, testdice.New(seed))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*St)
}

// HIS-2.2a, HIS-2.2b, HIS-2.3a, HIS-2.4a, HIS-7a: the 1517 position: units,
// leaders, control, religion, wars, rulers and the starting VP.
// Also exercises HIS-7d, HIS-23.2a (see the coverage document).
func TestHIS1517_Setup(t *testing.T) {
	s := newGame(t, 1)
	if s.Turn != 1 || s.Phase != PhLuther || !strings.Contains(s.Status().Label, "1517-1523") {
		t.Errorf("status %q", s.Status().Label)
	}
	if f := s.Units[sp(t, "istanbul")][Ottoman]; f != (Force{Reg: 7, Cav: 1, Sq: 1}) {
		t.Errorf("Istanbul %+v", f)
	}
	if s.Units[sp(t, "antwerp")][Hapsburg].Reg != 3 || s.Units[sp(t, "buda")][Hungary].Reg != 5 {
		t.Error("Antwerp 3 Hapsburg regulars, Buda 5 Hungarian")
	}
	for id, where := range map[string]string{"suleiman": "istanbul", "charles_v": "valladolid",
		"ferdinand": "vienna", "andrea_doria": "genoa", "francis_i": "paris"} {
		if s.Leader[ldr(t, id)] != int16(sp(t, where)) {
			t.Errorf("%s not in %s", id, where)
		}
	}
	if s.Leader[ldr(t, "barbarossa")] != LeaderOff || s.Leader[ldr(t, "maurice_of_saxony")] != LeaderOff {
		t.Error("Barbarossa and Maurice enter later")
	}
	// Control: Protestant home spaces under the Hapsburg, Milan and Turin
	// French, Tunis Hapsburg, Algiers out of play (HIS-2.2a).
	for id, p := range map[string]int{"wittenberg": Hapsburg, "augsburg": Hapsburg, "milan": France,
		"turin": France, "tunis": Hapsburg, "metz": Independent, "florence": Independent,
		"venice": Venice, "london": England} {
		if int(s.Ctrl[sp(t, id)]) != p {
			t.Errorf("%s controlled by %d, want %d", id, s.Ctrl[sp(t, id)], p)
		}
	}
	if s.Ctrl[sp(t, "algiers")] != NoPower {
		t.Error("Algiers is out of play")
	}
	if s.Prot.count() != 0 || s.Unrest.count() != 0 {
		t.Error("everything starts Catholic and calm (HIS-2.3a)")
	}
	if !s.AtWar(Hapsburg, France) || !s.AtWar(France, Papacy) || !s.AtWar(Ottoman, Hungary) || s.AtWar(England, France) {
		t.Error("starting wars")
	}
	want := [NMajor]int{8, 9, 9, 12, 19, 0}
	for p := 0; p < NMajor; p++ {
		if s.VP(p) != want[p] {
			t.Errorf("%s: %d VP, want %d", powers[p].Name, s.VP(p), want[p])
		}
	}
	if s.Display[electorateIndex(sp(t, "wittenberg"))] != 2 {
		t.Error("Wittenberg's 2 Protestant regulars wait on the electorate display")
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

// HIS-6.1c, HIS-6.2a, HIS-6.2b, HIS-6.2c, HIS-6.2d, HIS-6.2e, HIS-8.2j: the first deal: each hand has its home
// card(s) and the cards of the key track plus the ruler's bonus; the
// Protestant also holds Luther's 95 Theses; the deck holds only turn-1
// cards.
// Also exercises HIS-6.2i, HIS-8.1a, HIS-8.2a (see the coverage document).
func TestHIS6_2_FirstDeal(t *testing.T) {
	s := newGame(t, 7)
	dealt := [NMajor]int{3, 5, 3, 4, 3, 4} // keys 4, 8, 4, 6, 2; electorates 0
	for p := 0; p < NMajor; p++ {
		if got := s.CardsDealt(p); got != dealt[p] {
			t.Errorf("%s dealt %d, want %d", powers[p].Name, got, dealt[p])
		}
		home := len(powers[p].HomeCards)
		extra := 0
		if p == Protestant {
			extra = 1
		}
		if len(s.Hands[p]) != dealt[p]+home+extra {
			t.Errorf("%s holds %d cards", powers[p].Name, len(s.Hands[p]))
		}
		for _, h := range powers[p].HomeCards {
			if !bytes.Contains(s.Hands[p], []byte{uint8(h)}) {
				t.Errorf("%s lacks home card %d", powers[p].Name, h)
			}
		}
	}
	if !bytes.Contains(s.Hands[Protestant], []byte{8}) {
		t.Error("Luther's 95 Theses in the Protestant hand")
	}
	total := len(s.Deck)
	for p := 0; p < NMajor; p++ {
		total += len(s.Hands[p])
	}
	starting := 0
	for n := 1; n <= NBase; n++ {
		if cards[n].EntryCond == EntryTurn && cards[n].Entry == 1 || cards[n].EntryCond == EntryStartInHand {
			starting++
		}
	}
	if total != starting {
		t.Errorf("%d cards in hands and deck, want the %d cards of turn 1", total, starting)
	}
	for _, c := range s.Deck {
		if cards[c].Entry != 1 || cards[c].Optional {
			t.Errorf("card %d in the turn-1 deck", c)
		}
	}
	// The optional cards of turn 1 join only with the option.
	st, err := Game{}.Setup("1517", adjudicator.Options{"optional-cards": "on"}, testdice.New(7))
	if err != nil {
		t.Fatal(err)
	}
	n := len(st.(*St).Deck)
	for p := 0; p < NMajor; p++ {
		n += len(st.(*St).Hands[p])
	}
	opt := 0
	for c := NBase + 1; c <= NC; c++ {
		if cards[c].EntryCond == EntryTurn && cards[c].Entry == 1 {
			opt++
		}
	}
	if n != starting+opt {
		t.Errorf("with optional cards: %d cards, want %d", n, starting+opt)
	}
}

// HIS-6.2a: the shuffle uses the hidden stream only, so different dice
// give different hands and the same dice the same bytes.
func TestHIS6_2a_ShuffleIsHiddenAndDeterministic(t *testing.T) {
	a, _ := newGame(t, 3).Encode()
	b, _ := newGame(t, 3).Encode()
	c, _ := newGame(t, 4).Encode()
	if !bytes.Equal(a, b) {
		t.Error("same dice, different states")
	}
	if bytes.Equal(a, c) {
		t.Error("different dice, same deal")
	}
	d := &testdice.Script{Fallback: testdice.New(1)}
	if _, err := (Game{}).Setup("1517", nil, d); err != nil {
		t.Fatal(err)
	}
	for _, p := range d.Log {
		if !strings.HasPrefix(p, "shuffle the deck") {
			t.Errorf("draw for %q", p)
		}
	}
}

// HIS-6.2f: the seed's card-draw examples.
// Also exercises HIS-2.3b, HIS-12.4i (see the coverage document).
func TestHIS6_2f_CardDrawExamples(t *testing.T) {
	s := newGame(t, 1)
	// Luther rules; the Protestant controls 3 electorates: 4 cards.
	for i := 0; i < 3; i++ {
		s.Ctrl[electorates[i]] = Protestant
	}
	if got := s.CardsDealt(Protestant); got != 4 {
		t.Errorf("3 electorates: %d cards", got)
	}
	s.Ctrl[electorates[3]] = Protestant
	if got := s.CardsDealt(Protestant); got != 5 {
		t.Errorf("4 electorates: %d cards", got)
	}
	// Francis I (card bonus) with 8 keys: 4 + 1.
	// give makes p control exactly n keys (taken in map order).
	give := func(p, n int) {
		s = newGame(t, 1)
		for _, k := range keys {
			switch {
			case n > 0:
				s.Ctrl[k] = uint8(p)
				n--
			case s.Controller(k) == p:
				s.Ctrl[k] = Independent
			}
		}
	}
	give(France, 8)
	if got := s.CardsDealt(France); got != 5 {
		t.Errorf("Francis I with 8 keys: %d cards", got)
	}
	// Suleiman with 7 keys, 2 of them in unrest: 4 cards.
	give(Ottoman, 7)
	n := 0
	for _, k := range keys {
		if s.Controller(k) == Ottoman && n < 2 {
			s.Unrest.set(k)
			n++
		}
	}
	if got := s.CardsDealt(Ottoman); got != 4 {
		t.Errorf("Suleiman, 7 keys, 2 in unrest: %d cards", got)
	}
	// Every box covered: still 1 card.
	give(Papacy, 0)
	if got := s.CardsDealt(Papacy); got != 1 {
		t.Errorf("no keys: %d cards", got)
	}
}

// HIS-11f: passing is forbidden with a home card, a Mandatory Event or
// more cards than the administrative rating; a power with no cards may.
func TestHIS11f_Passing(t *testing.T) {
	s := newGame(t, 1)
	if ok, why := s.CanPass(Ottoman); ok || !strings.Contains(why, "home card") {
		t.Errorf("with Janissaries in hand: %v %q", ok, why)
	}
	s.Hands[Ottoman] = []uint8{9}
	if ok, why := s.CanPass(Ottoman); ok || !strings.Contains(why, "Mandatory") {
		t.Errorf("with Barbary Pirates: %v %q", ok, why)
	}
	s.Hands[Ottoman] = []uint8{30, 31, 32}
	if ok, why := s.CanPass(Ottoman); ok || !strings.Contains(why, "administrative rating 2") {
		t.Errorf("3 cards, admin 2: %v %q", ok, why)
	}
	s.Hands[Ottoman] = []uint8{30, 31}
	if ok, _ := s.CanPass(Ottoman); !ok {
		t.Error("2 cards, admin 2: may pass")
	}
	s.Hands[Ottoman] = nil
	if ok, _ := s.CanPass(Ottoman); !ok {
		t.Error("no cards: must pass")
	}
	// The seed's example (HIS-11h): the Protestant with two 3-CP cards, no
	// home or Mandatory card, and Luther's rating 2, may pass.
	s.Hands[Protestant] = []uint8{30, 33}
	if ok, _ := s.CanPass(Protestant); !ok {
		t.Error("HIS-11h: the Protestant may pass")
	}
}

// Encode is canonical and Decode its inverse; Decode refuses damaged
// states with a clear message.
// Also exercises HIS-2.3c, HIS-2.3d (see the coverage document).
func TestEncodeDecode(t *testing.T) {
	s := newGame(t, 11)
	s.Unrest.set(sp(t, "lyon"))
	s.Prot.set(sp(t, "wittenberg"))
	s.Ctrl[sp(t, "metz")] = Hapsburg
	s.setAlly(England, Hapsburg, true)
	s.Leader[ldr(t, "montmorency")] = LeaderCaptured
	s.Captor[ldr(t, "montmorency")] = Hapsburg
	s.BonusVP[France] = 2
	s.addUnits(seaLoc(sz(t, "gulf_of_lyon")), France, Force{Sq: 1})
	if err := s.removeUnits(sp(t, "marseille"), France, Force{Sq: 1}); err != nil {
		t.Fatal(err)
	}
	a, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	st, err := Game{}.Decode(a)
	if err != nil {
		t.Fatalf("%v\n%s", err, a)
	}
	b, _ := st.Encode()
	if !bytes.Equal(a, b) {
		t.Fatalf("not canonical:\n%s\n%s", a, b)
	}
	d := st.(*St)
	if d.occ != s.occ || d.Units != s.Units || d.Ctrl != s.Ctrl || !d.Allied(England, Hapsburg) {
		t.Error("decoded state differs")
	}
	for _, c := range []struct{ old, new, want string }{
		{`"v":1`, `"v":9`, "version 9"},
		{`["istanbul","ottoman",7`, `["atlantis","ottoman",7`, "unknown location atlantis"},
		{`["istanbul","ottoman",7,0,1`, `["istanbul","ottoman",7,0,60`, "cannot be shown with its counters"},
		{`"scenario":"1517"`, `"scenario":"1999"`, "unknown scenario"},
		{`"players":6`, `"players":7`, "7 players"},
		{`"phase":1`, `"phase":1,"extra":1`, "unknown field"},
	} {
		bad := bytes.Replace(a, []byte(c.old), []byte(c.new), 1)
		if bytes.Equal(bad, a) {
			t.Fatalf("pattern %q not in %s", c.old, a)
		}
		if _, err := (Game{}).Decode(bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.new, err, c.want)
		}
	}
	// A card in two places.
	h := s.clone()
	h.Hands[England] = append(h.Hands[England], h.Deck[0])
	sortCards(h.Hands[England])
	if err := h.Check(); err == nil || !strings.Contains(err.Error(), "two places") {
		t.Errorf("duplicate card: %v", err)
	}
}

// HIS-5a, HIS-5.2a: the counter mix limits what can be on the map, piece
// by piece and not only in total.
// Also exercises HIS-5.3a (see the coverage document).
func TestHIS5_2a_CounterMix(t *testing.T) {
	ones := func(n, v int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	// Ottoman: 11 ones, 7 twos, 4 fours, 1 six = 23 pieces, strength 47.
	// A lone unit needs a piece of 1.
	if !fitsCounters(ones(11, 1), Ottoman) || fitsCounters(ones(12, 1), Ottoman) {
		t.Error("11 single-unit stacks fit, 12 do not")
	}
	if !fitsCounters([]int{47}, Ottoman) || fitsCounters([]int{48}, Ottoman) {
		t.Error("47 in one stack fits, 48 does not")
	}
	// A stack of 3 takes a 2 and a 1, or three 1s: 7 + 1 stacks.
	if !fitsCounters(ones(8, 3), Ottoman) || fitsCounters(ones(9, 3), Ottoman) {
		t.Error("stacks of 3: 8 fit, 9 do not")
	}
	// Venice: four 1/2 pieces: at most 4 stacks, 8 strength.
	if !fitsCounters([]int{2, 2, 2, 2}, Venice) || fitsCounters([]int{1, 1, 1, 1, 1}, Venice) ||
		fitsCounters([]int{3, 3, 3}, Venice) {
		t.Error("Venice counters")
	}
	// Hungary: three 1/2 pieces and one 4: 5 in Buda + 1 + 1 fits.
	if !fitsCounters([]int{5, 1, 1}, Hungary) || fitsCounters([]int{5, 5}, Hungary) {
		t.Error("Hungary counters")
	}
	s := newGame(t, 1)
	s.addUnits(sp(t, "london"), England, Force{Sq: 4})
	if err := s.Check(); err == nil || !strings.Contains(err.Error(), "naval") {
		t.Errorf("England with 6 squadrons: %v", err)
	}
}

// HIS-3a, HIS-3.1a: all six powers play with any number of players; with
// fewer than six, some players hold two.
// Also exercises HIS-1a (see the coverage document).
func TestHIS3_1a_Seating(t *testing.T) {
	for n, want := range map[int]string{
		6: "ottoman|hapsburg|england|france|papacy|protestant",
		5: "ottoman|hapsburg|england+protestant|france|papacy",
		4: "ottoman|hapsburg+papacy|england+protestant|france",
		3: "ottoman+france|hapsburg+papacy|england+protestant",
	} {
		seats, err := Seating(n)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		count := 0
		for _, seat := range seats {
			var r []string
			for _, x := range seat {
				r = append(r, string(x))
				count++
			}
			got = append(got, strings.Join(r, "+"))
		}
		if strings.Join(got, "|") != want || count != 6 {
			t.Errorf("%d players: %s", n, strings.Join(got, "|"))
		}
	}
	if _, err := Seating(2); err == nil {
		t.Error("2 players")
	}
	if _, err := (Game{}).Setup("1517", adjudicator.Options{"players": "7"}, testdice.New(1)); err == nil ||
		!strings.Contains(err.Error(), "3 to 6") {
		t.Errorf("7 players: %v", err)
	}
	if len(Game{}.Info().Roles) != 6 {
		t.Error("six roles")
	}
}

// No view shows a power another power's hand; the GM sees all; the
// opening Luther's 95 Theses applies to a copy and leaves the state
// unchanged.
func TestViewsAndApply(t *testing.T) {
	s := newGame(t, 5)
	for p := 0; p < NMajor; p++ {
		text := s.View(roleOf(p)).Text()
		for q := 0; q < NMajor; q++ {
			has := strings.Contains(text, strings.ToUpper(powers[q].Name+" hand"))
			if has != (p == q) {
				t.Errorf("%s's view shows %s's hand: %v", powers[p].Name, powers[q].Name, has)
			}
		}
		for _, l := range strings.Split(text, "\n") {
			if len(l) > 76 {
				t.Errorf("line too long: %q", l)
			}
		}
	}
	if !strings.Contains(s.View(adjudicator.GM).Text(), "OTTOMAN HAND") {
		t.Error("GM sees the hands")
	}
	before, _ := s.Encode()
	ps := s.Prompts()
	if len(ps) != 1 || ps[0].Role != "protestant" {
		t.Fatalf("prompts %+v", ps)
	}
	next, _, err := s.Apply(*s.Default("protestant"), testdice.New(1))
	if err != nil || next.(*St).Phase != PhLuther || next.(*St).Rel.Pending == nil {
		t.Errorf("apply: %v", err)
	}
	after, _ := s.Encode()
	if !bytes.Equal(before, after) {
		t.Error("Apply changed its receiver")
	}
}

// HIS-5.2a: the greedy check (largest pieces first) never accepts stacks
// the full search refuses, so using it first changes no answer.
func TestHIS5_2a_GreedyCountersAgreeWithSearch(t *testing.T) {
	pick := testdice.New(3)
	for i := 0; i < 20000; i++ {
		c := [4]int{pick.Intn(8), pick.Intn(6), pick.Intn(5), pick.Intn(4)}
		amounts := make([]int, 1+pick.Intn(6))
		for j := range amounts {
			amounts[j] = 1 + pick.Intn(12)
		}
		if fitsGreedily(amounts, c) && !fitsBySearch(amounts, c) {
			t.Fatalf("counters %v, stacks %v: greedy fits, the search does not", c, amounts)
		}
	}
	for p := 0; p < NMajor; p++ {
		if !fitsGreedily([]int{1}, powers[p].LandCounters) {
			t.Errorf("%s: one regular does not fit its counters", powers[p].Name)
		}
	}
}
