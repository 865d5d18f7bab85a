package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// victoryOf runs the Victory Determination Phase of s at turn t with the
// given bonus VP on top of the map's.
func victoryOf(t *testing.T, s *St, turn int, bonus map[int]int) *St {
	t.Helper()
	s = s.clone()
	s.Turn, s.Phase = turn, PhVictory
	for p, v := range bonus {
		s.BonusVP[p] += v
	}
	r := &run{s: s, dice: testdice.New(1)}
	r.victory()
	mustCheck(t, s)
	return s
}

// HIS-23a, HIS-23.3b: checked in the Victory Determination Phase, 25 VP or more wins; the highest total wins, ties broken by
// the totals of earlier turns.
func TestHIS23_3b_StandardVictory(t *testing.T) {
	s := board(t)
	base := s.vpRecord()
	// England and France both reach 25; France led at the end of turn 1.
	rec := base
	rec[France]++
	s.Flow.History = [][NMajor]int{rec}
	v := victoryOf(t, s, 2, map[int]int{England: 25 - base[England], France: 25 - base[France]})
	st := v.Status()
	if !st.Finished || len(st.Winner) != 1 || st.Winner[0] != "france" || !strings.Contains(st.Result, "standard") {
		t.Errorf("status %+v", st)
	}
	// No record breaks the tie: both win.
	s.Flow.History = nil
	v = victoryOf(t, s, 2, map[int]int{England: 25 - base[England], France: 25 - base[France]})
	if st := v.Status(); len(st.Winner) != 2 {
		t.Errorf("winners %v", st.Winner)
	}
}

// HIS-23.3c: domination (5 VP ahead of every other power, under 25) only
// from turn 4.
func TestHIS23_3c_Domination(t *testing.T) {
	s := board(t)
	base := s.vpRecord()
	most := 0
	for _, v := range base {
		most = max(most, v)
	}
	bonus := map[int]int{Ottoman: most + 5 - base[Ottoman]}
	if v := victoryOf(t, s, 3, bonus); v.Flow.Over || v.Turn != 4 || v.Phase != PhCardDraw {
		t.Errorf("domination in turn 3: over %v, turn %d phase %d", v.Flow.Over, v.Turn, v.Phase)
	}
	v := victoryOf(t, s, 4, bonus)
	if st := v.Status(); !st.Finished || st.Winner[0] != "ottoman" || !strings.Contains(st.Result, "domination") {
		t.Errorf("status %+v", st)
	}
	if len(v.Flow.History) != 1 || v.Flow.History[0][Ottoman] != most+5 {
		t.Errorf("VP record %v", v.Flow.History)
	}
}

// HIS-23.3d, HIS-7a: the game ends after the last turn of the scenario;
// the highest total wins.
func TestHIS23_3d_TimeLimit(t *testing.T) {
	s := board(t)
	base := s.vpRecord()
	bonus := map[int]int{}
	for p := range base {
		bonus[p] = 20 - base[p]
	}
	bonus[England]++
	v := victoryOf(t, s, lastGameTurn, bonus)
	st := v.Status()
	if !st.Finished || !strings.Contains(st.Result, "time limit") || st.Turn != lastGameTurn || st.Winner[0] != "england" {
		t.Errorf("status %+v", st)
	}
	if v.Prompts() != nil || v.Owing() != nil || v.Default("england") != nil {
		t.Errorf("prompts after the end")
	}
	if _, _, err := v.Apply(*s.Default("protestant"), testdice.New(1)); err == nil {
		t.Errorf("orders accepted after the end")
	}
}

// HIS-23a, HIS-23.1a: a power holding enough keys, none in unrest, wins at once in
// the Action Phase.
func TestHIS23_1a_MilitaryVictory(t *testing.T) {
	s := board(t)
	play := impulseFor(t, s, England, 2)
	need := powers[England].AutoVictoryKeys
	n, _ := s.Keys(England)
	for _, k := range keys {
		if n >= need-1 {
			break
		}
		if s.Controller(k) != England && !isCapitalOf(spaces[k].Home, k) {
			s.Ctrl[k] = England
			n++
		}
	}
	// The last key: an unfortified space cannot be a key, so take it by
	// hand after the card play.
	var last int
	for _, k := range keys {
		if s.Controller(k) != England && !isCapitalOf(spaces[k].Home, k) {
			last = k
			break
		}
	}
	s, _ = submit(t, s, England, testdice.New(1), play)
	if s.Flow.Over {
		t.Fatalf("over with %d keys", n)
	}
	s.Ctrl[last] = England
	s, res := submit(t, s, England, testdice.New(1), "done")
	if st := s.Status(); !st.Finished || st.Winner[0] != "england" || !strings.Contains(st.Result, "military") {
		t.Errorf("status %+v\n%s", st, eventText(res, "gm"))
	}
}

// HIS-23.1b: the Protestant wins at once with 50 Protestant spaces, none
// in unrest.
func TestHIS23_1b_ReligiousVictory(t *testing.T) {
	s := board(t)
	play := impulseFor(t, s, England, 2)
	n := 0
	for sp := 0; sp < NS && n < 50; sp++ {
		s.Prot.set(sp)
		n++
	}
	s.Unrest.set(0)
	s, _ = submit(t, s, England, testdice.New(1), play)
	if s.Flow.Over {
		t.Fatalf("over with a Protestant space in unrest")
	}
	s.Unrest.clear(0)
	s, _ = submit(t, s, England, testdice.New(1), "done")
	if st := s.Status(); !st.Finished || st.Winner[0] != "protestant" || !strings.Contains(st.Result, "religious") {
		t.Errorf("status %+v", st)
	}
}

// HIS-23.2a, HIS-23.2b, HIS-23.2c, HIS-23.2d, HIS-23.2e, HIS-23.2f, HIS-23.2g, HIS-23.2h, HIS-23.2i,
// HIS-23.2j, HIS-12.4e, HIS-12.4h: VP are base + special + bonus; a key in
// unrest covers a box; Protestant electorates score 2 when also
// Protestant; the Protestant Spaces track gives the Papacy and the
// Protestant their numbers; piracy, chateaux, St. Peter's, Hapsburg
// electorates after the League and English Protestant home spaces are
// special VP; spaces and electorates in unrest do not count.
func TestHIS23_2_VictoryPoints(t *testing.T) {
	s := board(t)
	n, _ := s.Keys(England)
	vp := powers[England].VPByKeys
	if s.BaseVP(England) != vp[n-1] {
		t.Fatalf("England base %d, want %d", s.BaseVP(England), vp[n-1])
	}
	s.Unrest.set(sp(t, "london"))
	if s.BaseVP(England) != vp[n-2] {
		t.Errorf("a key in unrest: base %d, want %d", s.BaseVP(England), vp[n-2])
	}
	s.Unrest.clear(sp(t, "london"))
	// Protestant: electorates both political and religious, not in unrest.
	e0, e1 := electorates[0], electorates[1]
	s.Ctrl[e0], s.Ctrl[e1] = Protestant, Protestant
	s.Prot.set(e0)
	if s.BaseVP(Protestant) != 2 {
		t.Errorf("Protestant base %d, want 2", s.BaseVP(Protestant))
	}
	s.Unrest.set(e0)
	if s.BaseVP(Protestant) != 0 {
		t.Errorf("electorate in unrest: Protestant base %d", s.BaseVP(Protestant))
	}
	s.Unrest.clear(e0)
	// The track: English home spaces made Protestant count too.
	eng := homeSpaces(England)
	for _, h := range eng[:5] {
		s.Prot.set(h)
	}
	box := protTrack[6]
	if s.SpecialVP(Papacy) != box[0] || s.SpecialVP(Protestant) != box[1] || s.SpecialVP(England) != 2 {
		t.Errorf("special VP: Papacy %d Protestant %d England %d, want %d %d 2",
			s.SpecialVP(Papacy), s.SpecialVP(Protestant), s.SpecialVP(England), box[0], box[1])
	}
	s.Unrest.set(eng[0])
	if s.ProtestantSpaces() != 5 || s.SpecialVP(England) != 2 || s.EnglishProtestantSpaces() != 4 {
		t.Errorf("unrest: %d Protestant spaces, England %d", s.ProtestantSpaces(), s.SpecialVP(England))
	}
	s.Unrest.clear(eng[0])
	s.Tracks.Piracy, s.Tracks.Chateaux, s.Tracks.StPetersVP = 3, 2, 1
	if s.SpecialVP(Ottoman) != 3 || s.SpecialVP(France) != 2 || s.SpecialVP(Papacy) != box[0]+1 {
		t.Errorf("tracks: Ottoman %d France %d Papacy %d", s.SpecialVP(Ottoman), s.SpecialVP(France), s.SpecialVP(Papacy))
	}
	// Hapsburg electorates score only after the Schmalkaldic League.
	s.Ctrl[e0], s.Ctrl[e1] = Hapsburg, Hapsburg
	if s.SpecialVP(Hapsburg) != 0 {
		t.Errorf("Hapsburg electorate VP before the League")
	}
	s.League = true
	s.Unrest.set(e1)
	want := 0
	for _, e := range electorates {
		if s.Controller(e) == Hapsburg && e != e1 {
			want++
		}
	}
	if s.SpecialVP(Hapsburg) != want || want < 1 {
		t.Errorf("Hapsburg special %d, want %d", s.SpecialVP(Hapsburg), want)
	}
	s.BonusVP[France] = 4
	for p := 0; p < NMajor; p++ {
		if s.VP(p) != s.BaseVP(p)+s.SpecialVP(p)+s.BonusVP[p] {
			t.Errorf("%s VP %d", powers[p].Name, s.VP(p))
		}
	}
}
