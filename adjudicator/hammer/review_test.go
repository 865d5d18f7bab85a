package hammer

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/rulecheck"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestApplyKeepsReceiver plays random games and checks after every
// submission that Apply left the receiver byte for byte unchanged, for
// accepted and for rejected submissions, and for both roles' defaults.
func TestApplyKeepsReceiver(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 6
	}
	for i := 0; i < n; i++ {
		seed := uint64(3100 + i)
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup([]string{"braveheart", "the-bruce", "campaign"}[i%3], nil, d)
		require.NoError(t, err)
		s := st.(*St)
		for step := 0; step < 20000 && !s.Fin; step++ {
			before, err := s.Encode()
			require.NoError(t, err)
			ps := s.Prompts()
			p := ps[pk.Intn(len(ps))]
			// a rejected submission first
			_, _, rerr := s.Apply(adjudicator.Submission{Role: p.Role, Lines: []adjudicator.Line{{No: 1, Text: "Thanks!"}}}, d)
			require.Error(t, rerr)
			if def := s.Default(p.Role); def != nil {
				_, _, err := s.Apply(*def, testdice.New(seed+99))
				require.NoError(t, err)
			}
			sub := s.RandomSubmission(p.Role, pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			require.NoError(t, err)
			after, err := s.Encode()
			require.NoError(t, err)
			if string(before) != string(after) {
				t.Fatalf("seed %d step %d: Apply changed its receiver (%s):\n%s", seed, step, s.label(), firstDiff(string(before), string(after)))
			}
			s = ns.(*St)
		}
	}
}

// firstDiff shows where two encodings first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := i - 120
	if lo < 0 {
		lo = 0
	}
	hiA, hiB := i+120, i+120
	if hiA > len(a) {
		hiA = len(a)
	}
	if hiB > len(b) {
		hiB = len(b)
	}
	return "before: ..." + a[lo:hiA] + "\nafter:  ..." + b[lo:hiB]
}

// TestCloneBattleIsComplete: cloneBattle copies every field a stored
// battle encodes (so a field added to columbia.Battle is not lost).
func TestCloneBattleIsComplete(t *testing.T) {
	found := 0
	for seed := uint64(1); seed < 40 && found < 5; seed++ {
		playRandom(t, seed, "braveheart", false, func(s *St, _ *adjudicator.Result) {
			if s.Bat == nil {
				return
			}
			found++
			a, err := json.Marshal(s.Bat)
			require.NoError(t, err)
			b, err := json.Marshal(cloneBattle(s.Bat))
			require.NoError(t, err)
			require.Equal(t, string(a), string(b))
		})
	}
	require.Positive(t, found)
}

// TestPromptsTemplatesAndChoices: at every point of random games, the
// template of every prompt, sent back unchanged, is accepted; every
// concrete choice (one without a <placeholder>) is accepted on its own;
// and every line of every view fits in 76 columns.
func TestPromptsTemplatesAndChoices(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	for i := 0; i < n; i++ {
		seed := uint64(4200 + i)
		playRandom(t, seed, []string{"braveheart", "the-bruce", "campaign"}[i%3], false, func(s *St, _ *adjudicator.Result) {
			for _, r := range []adjudicator.Role{RoleEngland, RoleScotland, adjudicator.GM} {
				for k, line := range strings.Split(s.View(r).Text(), "\n") {
					require.LessOrEqual(t, utf8.RuneCountInString(line), 76, "%s view line %d of %s: %q", r, k+1, s.label(), line)
				}
			}
			if s.Fin {
				return
			}
			for _, p := range s.Prompts() {
				_, _, err := s.Apply(adjudicator.Submission{Role: p.Role, Lines: toLines(p.Template)}, testdice.New(seed))
				require.NoError(t, err, "%s template in %s: %q", p.Role, s.label(), p.Template)
				for _, c := range p.Choices {
					if strings.Contains(c, "<") {
						continue
					}
					_, _, err := s.Apply(sub(p.Role, c), testdice.New(seed))
					require.NoError(t, err, "%s choice in %s: %q", p.Role, s.label(), c)
				}
			}
		})
	}
}

// scotWinter returns a Scottish winter-quarters state: Douglas (3 of 4)
// alone in Lanark (castle 2, inland), Fife full, England passed.
func scotWinter(t *testing.T) *St {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "douglas", "lanark", 3)
	put(t, s, "barclay", "fife", 0)
	put(t, s, "lindsay", "fife", 0)
	put(t, s, "grant", "fife", 0)
	put(t, s, "york_infantry", "lothian", 0)
	w := winterOf(t, s, d)
	w, _ = apply(t, w, d, RoleEngland, "pass")
	require.Equal(t, PhWScot, int(w.Phase))
	return w
}

// TestH7_61_DrawsNeverDecideRefusal: whether winter orders are refused
// never depends on what the hidden draws bring, so a refused email cannot
// be used to peek at the draws (the dice of a refused email come again).
// Steps for a block still in the pool are settled when it is drawn, or
// lost. (H-7.61a, H-7.61b, H-7.61c, H-7.61d, H-7.61e, AMB-41, AMB-42)
func TestH7_61_DrawsNeverDecideRefusal(t *testing.T) {
	w := scotWinter(t)
	pool := 0
	for b := 0; b < NB; b++ {
		if blocks[b].Side == Scotland && w.Loc[b] == LocPool && blocks[b].Noble < 0 {
			pool++
		}
	}
	require.Greater(t, pool, 3)
	norseDrawn, otherDrawn := false, false
	for seed := uint64(1); seed <= 40; seed++ {
		d := testdice.New(seed)
		// Lanark (2 RP, room for 1): one draw; a step for the Norse in
		// case it comes (inland: it goes to a coast, 7.61 sidebar)
		ns, res, err := w.Apply(sub(RoleScotland, "draw Lanark", "step Norse +1", "step Douglas"), d)
		require.NoError(t, err, "seed %d", seed)
		txt := eventText(res, RoleScotland)
		s := ns.(*St)
		if s.onMap(bNorse) {
			norseDrawn = true
			assert.NotEqual(t, int8(area("lanark")), s.Loc[bNorse], "the Norse lands on a coast")
		} else {
			otherDrawn = true
			assert.Contains(t, txt, "Norse was not drawn")
		}
		require.NoError(t, s.Check())
		// a second draw in Lanark is refused whatever the first brings
		rej := reject(t, w, d, RoleScotland, "draw Lanark +0", "draw Lanark +0")
		require.Len(t, rej.Problems, 1)
		assert.Equal(t, 2, rej.Problems[0].Line.No)
		assert.Contains(t, rej.Problems[0].Reason, "castle limit")
		// steps beyond a known block's maximum are refused before drawing
		rej = reject(t, w, d, RoleScotland, "draw Lanark +0", "step Douglas +2")
		assert.Equal(t, 2, rej.Problems[0].Line.No)
	}
	assert.True(t, otherDrawn)
	_ = norseDrawn
}

// TestH6_22b_BalliolFrenchNotHealed: King Balliol lands at full strength
// with the French knights; the knights keep their own strength (6.22
// deploys the King, it does not rebuild the knights). (H-6.22a, H-6.22b)
func TestH6_22b_BalliolFrenchNotHealed(t *testing.T) {
	s := emptyState(t)
	s.Year = 1302
	put(t, s, "french_knights", "angus", 2)
	put(t, s, "bruce_scot", "carrick", 0)
	put(t, s, "buchan_scot", "buchan", 0)
	s.Phase, s.P1 = PhEvent, Scotland
	s.Play[Scotland] = int8(cardByEvent(EvTruce))
	s.Play[England] = int8(cardByValue(1))
	s.EvOwe[Scotland] = true
	ns, _ := apply(t, s, testdice.New(1), RoleScotland, "return of the king")
	assert.Equal(t, int8(area("angus")), ns.Loc[bKing])
	assert.Equal(t, int8(4), ns.Str[bKing])
	assert.Equal(t, int8(2), ns.Str[bFrench], "the French knights are not rebuilt")
	assert.Equal(t, int8(area("carrick")), ns.Loc[blk("bruce_eng")], "Bruce's faction defects")
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("buchan_scot")], "Comyn's faction stays")
	require.NoError(t, ns.Check())
}

func cardByEvent(e int) int {
	for c := 0; c < NC; c++ {
		if cards[c].Event == e {
			return c
		}
	}
	return -1
}

func cardByValue(v int) int {
	for c := NC - 1; c >= 0; c-- {
		if cards[c].Event == EvNone && cards[c].Value == v {
			return c
		}
	}
	return -1
}

// TestStrayLinesReportedOnTheirOwnLine: a chatty email ("Here are my
// orders.", the template, "Thanks!") is refused with one problem per
// stray line, each on its own line with a reason, and none against the
// orders as a whole; no reason names a hidden enemy block.
func TestStrayLinesReportedOnTheirOwnLine(t *testing.T) {
	n := 8
	if testing.Short() {
		n = 2
	}
	kinds := map[string]bool{}
	for i := 0; i < n; i++ {
		seed := uint64(5300 + i)
		playRandom(t, seed, []string{"braveheart", "the-bruce", "campaign"}[i%3], false, func(s *St, _ *adjudicator.Result) {
			if s.Fin {
				return
			}
			for _, p := range s.Prompts() {
				kinds[p.Kind] = true
				lines := append([]string{"Here are my orders."}, p.Template...)
				lines = append(lines, "Thanks!")
				_, _, err := s.Apply(sub(p.Role, lines...), testdice.New(seed))
				require.Error(t, err, "%s %s", p.Kind, s.label())
				rej := err.(*adjudicator.Rejection)
				var nos []int
				for _, pr := range rej.Problems {
					nos = append(nos, pr.Line.No)
					require.NotEmpty(t, pr.Reason)
					side, _ := roleOf(p.Role)
					for b := 0; b < NB; b++ {
						if blocks[b].Side != side && !strings.Contains(blocks[b].Label, " noble") && len(blocks[b].Label) > 4 {
							require.NotContains(t, pr.Reason, blocks[b].Label, "%s reason names an enemy block", p.Kind)
						}
					}
				}
				require.Equal(t, []int{1, len(lines)}, nos, "%s in %s: %v", p.Kind, s.label(), rej)
				require.NotEmpty(t, rej.Problems[0].Legal, "%s: legal alternatives", p.Kind)
			}
		})
	}
	for _, k := range []string{"card", "move", "battle", "winter-england", "winter-scotland"} {
		require.True(t, kinds[k], "kind %s not met", k)
	}
}

// TestH7_2_KingMovesBeforeEnglishQuarters: the King's winter move (7.2)
// comes before English quartering (7.3): a cathedral area England held
// when the nobles had gone home stays closed to him even though its
// knights disband; an empty cathedral area is open. (H-7.0b, H-7.2,
// H-7.31, AMB-31, AMB-33)
func TestH7_2_KingMovesBeforeEnglishQuarters(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "scottish_king", "mentieth", 0)
	put(t, s, "york_knights", "lennox", 0)
	w := winterOf(t, s, d)
	w, _ = apply(t, w, d, RoleEngland, "pass")
	require.Equal(t, PhWScot, int(w.Phase))
	require.Equal(t, int8(LocPool), w.Loc[blk("york_knights")], "knights disband (7.31)")
	rej := reject(t, w, d, RoleScotland, "king Lennox")
	assert.Contains(t, rej.Problems[0].Reason, "friendly or empty cathedral")
	for _, p := range w.Prompts() {
		assert.NotContains(t, p.Choices, "king Lennox")
		assert.Contains(t, p.Choices, "king Fife")
	}
	ns, _ := apply(t, w, d, RoleScotland, "king Fife")
	assert.Equal(t, int8(area("fife")), ns.Loc[bKing])
	assert.Zero(t, ns.KingBar)
}

// TestH5_5d_RetreatBorderLimitEachRound: at most two blocks retreat across
// a red border in one combat round; the count starts afresh the next
// round. (H-5.5a, H-5.5c, H-5.5d, H-4.3a, AMB-06)
func TestH5_5d_RetreatBorderLimitEachRound(t *testing.T) {
	s := emptyState(t)
	for _, id := range []string{"douglas", "campbell", "graham"} {
		put(t, s, id, "atholl", 0) // every border of Atholl is red
	}
	put(t, s, "barclay", "mentieth", 0)
	put(t, s, "york_infantry", "atholl", 0)
	s.setStand(Scotland, area("atholl"), "retreat to Mentieth")
	d := &testdice.Script{Rolls: sixes(100)}
	ns, text := fight(t, s, "atholl", England, d)
	for _, id := range []string{"douglas", "campbell", "graham"} {
		assert.Equal(t, int8(area("mentieth")), ns.Loc[blk(id)], text)
	}
	// Douglas and Campbell fill the red border in round 1: Graham must
	// fight round 1 and leaves on his round 2 turn
	fired := strings.Index(text, "Graham (C2, defending)")
	left := strings.Index(text, "Graham retreats to Mentieth")
	require.True(t, fired >= 0 && left > fired, text)
	assert.Less(t, strings.Index(text, "Campbell retreats to Mentieth"), fired, text)
}

// TestH5_6d_RegroupBorderLimit: the victor's regroup respects border
// limits (two across a red border) and never takes Scots into England.
// (H-5.6a, H-5.6b, H-5.6d, AMB-05, AMB-06)
func TestH5_6d_RegroupBorderLimit(t *testing.T) {
	s := emptyState(t)
	for _, id := range []string{"douglas", "campbell", "graham"} {
		put(t, s, id, "teviot", 0)
	}
	put(t, s, "york_infantry", "teviot", 1)
	s.setStand(Scotland, area("teviot"), "regroup all to Annan")
	// Douglas and Campbell hit; nothing else matters
	ns, text := fight(t, s, "teviot", Scotland, &testdice.Script{Rolls: append([]int{1}, sixes(100)...)})
	n := 0
	for _, id := range []string{"douglas", "campbell", "graham"} {
		if ns.Loc[blk(id)] == int8(area("annan")) {
			n++
		}
	}
	assert.Equal(t, 2, n, "Teviot-Annan is red: two regroup, one stays\n%s", text)
	h := &hooks{s: s, area: area("teviot")}
	bt := s.newBattle(area("teviot"))
	assert.NotContains(t, h.RegroupOptions(bt, bt.Block("douglas")), "england")
}

// TestH5_5e_LastToEnterMayRetreat: England attacks Buchan from Angus,
// then the Scots reinforce Buchan through Angus across the same border:
// only the Scots, who entered last, may retreat across it. (H-5.5e,
// H-5.33, AMB-23)
func TestH5_5e_LastToEnterMayRetreat(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	put(t, s, "barclay", "fife", 0)
	put(t, s, "york_infantry", "angus", 0)
	put(t, s, "lancaster_infantry", "angus", 0)
	moving(s, England, England, 1)
	d := &testdice.Script{Rolls: sixes(100)}
	s, _ = apply(t, s, d, RoleEngland, "move Angus -> Buchan: all", "battle all: ask")
	s.Play[Scotland] = s.Play[England]
	ns, _ := apply(t, s, d, RoleScotland, "move Fife -> Angus -> Buchan: Barclay", "battle all: ask")
	require.NotNil(t, ns.Bat)
	assert.NotZero(t, ns.Fl[blk("barclay")]&fReserve, "P2's reinforcements are reserves (5.33)")
	h := &hooks{s: ns, area: area("buchan")}
	bt := ns.Bat
	assert.Contains(t, h.RetreatOptions(bt, bt.Block("douglas"), false), "angus", "the Scots entered last")
	assert.NotContains(t, h.RetreatOptions(bt, bt.Block("york_infantry"), true), "angus")
	// had the Scots not come by Angus, Angus would be closed to them
	ns2, _ := apply(t, s, d, RoleScotland, "pass", "battle all: ask")
	h = &hooks{s: ns2, area: area("buchan")}
	assert.NotContains(t, h.RetreatOptions(ns2.Bat, ns2.Bat.Block("douglas"), false), "angus")
}

// TestH4_2b_ReachThroughRedBorderAreas: a movement-3 block may pass
// through an area it could also enter directly across a red border: from
// Mar, Wallace reaches Fife by Buchan and Angus (black borders) although
// Mar-Angus is red. Reach, the prompt's choices and the orders agree with
// an exhaustive search from every area. (H-4.2b, H-4.3c, H-0.3d)
func TestH4_2b_ReachThroughRedBorderAreas(t *testing.T) {
	s := emptyState(t)
	b := put(t, s, "wallace", "fife", 0)
	for a := 1; a < NA; a++ {
		s.Loc[b] = int8(a)
		moving(s, Scotland, Scotland, 3)
		m := newMoveCtx(s, Scotland, 3)
		got := map[int]bool{}
		for _, x := range m.reach(b, nil) {
			got[x] = true
		}
		want := map[int]bool{}
		var walk func(x, d int)
		walk = func(x, d int) {
			for i, c := range areas[x].Nbr {
				if c == a {
					continue
				}
				want[c] = true
				if !borders[areas[x].Brd[i]].Red && c != AreaEngland && d+1 < 3 {
					walk(c, d+1)
				}
			}
		}
		walk(a, 0)
		assert.Equal(t, want, got, "from %s", areas[a].ID)
		ch := s.moveChoices(Scotland)[0]
		for x := range want {
			assert.Contains(t, ch, areas[x].Name, "from %s", areas[a].ID)
			_, _, err := s.Apply(sub(RoleScotland, "move "+areas[a].Name+" -> "+areas[x].Name+": Wallace"), testdice.New(1))
			assert.NoError(t, err, "from %s to %s", areas[a].ID, areas[x].ID)
		}
	}
}

// TestVictualsStepsNotWasted: Victuals gives three steps to one group;
// a step listed for a block already at full strength goes to the weakest
// block of the group instead of being lost. (H-3.12a, D-14, R-03)
func TestVictualsStepsNotWasted(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "douglas", "fife", 3)
	put(t, s, "barclay", "fife", 1)
	put(t, s, "york_infantry", "lothian", 0)
	hands(s, []string{"move2_1"}, []string{"victuals"})
	s, _ = apply(t, s, d, RoleEngland, "card 2")
	s, _ = apply(t, s, d, RoleScotland, "card victuals")
	ns, res := apply(t, s, d, RoleScotland, "victuals Fife: Douglas +3")
	assert.Equal(t, int8(4), ns.Str[blk("douglas")])
	assert.Equal(t, int8(3), ns.Str[blk("barclay")], eventText(res, RoleScotland))
	assert.NotContains(t, eventText(res, RoleEngland), "Douglas")
}

// TestH1_4b_CapturedNobleDefendsHomeAtB3: a noble captured by the
// defender in his own home region fights for his captors from the next
// round, at strength 1, and fires B3 as a defender at home. (H-1.4b,
// H-2.2c, H-5.7a, AMB-16)
func TestH1_4b_CapturedNobleDefendsHomeAtB3(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	put(t, s, "buchan_eng", "buchan", 1)
	put(t, s, "york_infantry", "buchan", 1)
	put(t, s, "lancaster_infantry", "buchan", 1)
	s.setStand(England, NA, "hits Buchan")
	// round 1: the noble (B2) misses; Douglas (C3, defending) hits once:
	// a three-way tie, England's list gives the noble, who is captured;
	// both infantry miss. Round 2: the noble fires first, for Scotland.
	d := &testdice.Script{Rolls: append([]int{6, 1, 6, 6, 6, 6, 6}, sixes(100)...)}
	ns, text := fight(t, s, "buchan", England, d)
	require.Contains(t, text, "captured", text)
	r2 := text[strings.Index(text, "captured"):]
	assert.Contains(t, r2, "Buchan noble (B3, defending)", text)
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("buchan_scot")], text)
	assert.Equal(t, int8(LocOut), ns.Loc[blk("buchan_eng")], text)
	require.NoError(t, ns.Check())
}

// TestH7_12_HomesJudgedAfterEnglishNobles: the English nobles go home
// first (7.1), so a home of the Scottish Bruce that only an English noble
// held is free when Bruce moves: he must winter there, and England does
// not get to choose (7.12b needs both homes enemy-held). (H-7.1a,
// H-7.12a, H-7.12b, AMB-28, AMB-29)
func TestH7_12_HomesJudgedAfterEnglishNobles(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "bruce_scot", "lanark", 0)
	put(t, s, "mar_eng", "annan", 0)         // leaves Annan for Mar
	put(t, s, "york_infantry", "carrick", 0) // stays in Carrick
	w := winterOf(t, s, d)
	assert.False(t, w.WOwe[England], "England does not choose")
	require.Equal(t, PhWEng, int(w.Phase))
	assert.Equal(t, int8(area("annan")), w.Loc[blk("bruce_scot")], "Bruce winters in the freed home")
	assert.Equal(t, int8(area("mar")), w.Loc[blk("mar_eng")])
	// with the infantry in Annan too, both homes stay English: England
	// chooses and Bruce defects
	put(t, s, "durham_infantry", "annan", 0)
	w = winterOf(t, s, d)
	require.True(t, w.WOwe[England])
	ns, _ := apply(t, w, d, RoleEngland, "home Bruce Carrick")
	assert.Equal(t, int8(area("carrick")), ns.Loc[blk("bruce_eng")])
	require.NoError(t, ns.Check())
}

// TestH7_61d_ScotsChooseTheCoast: the Norse or French knights drawn for
// an inland area land in an adjacent friendly coastal area the Scots may
// name (`coast <area>`); without it, or if that coast is no longer
// theirs, the first one in map order. (H-7.61d, AMB-42)
func TestH7_61d_ScotsChooseTheCoast(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "douglas", "lanark", 1)
	put(t, s, "barclay", "mentieth", 0)
	put(t, s, "campbell", "lennox", 0)
	put(t, s, "york_infantry", "lothian", 0)
	w := winterOf(t, s, d)
	w, _ = apply(t, w, d, RoleEngland, "pass")
	k := -1
	for b, i := 0, 0; b < NB; b++ {
		if blocks[b].Side == Scotland && w.Loc[b] == LocPool {
			if b == bNorse {
				k = i
			}
			i++
		}
	}
	require.GreaterOrEqual(t, k, 0)
	def, _ := apply(t, w, &testdice.Script{Draws: []int{k}, Fallback: testdice.New(2)}, RoleScotland, "draw Lanark")
	first := def.Loc[bNorse]
	other := area("lennox")
	if first == int8(other) {
		other = area("mentieth")
	}
	ns, _ := apply(t, w, &testdice.Script{Draws: []int{k}, Fallback: testdice.New(2)}, RoleScotland, "draw Lanark +1 coast "+areas[other].Name)
	assert.Equal(t, int8(other), ns.Loc[bNorse])
	assert.Equal(t, int8(2), ns.Str[bNorse])
	rej := reject(t, w, d, RoleScotland, "draw Lanark coast Lothian")
	assert.Contains(t, rej.Problems[0].Reason, "friendly coastal area")
	rej = reject(t, w, d, RoleScotland, "draw Lanark coast Argyll")
	assert.Contains(t, rej.Problems[0].Reason, "next to Lanark")
}

// TestH3_0b_DealIsSecret: each year both players get five different cards
// of the 25, the other fifteen are not used, and each sees only his own
// hand (the opponent's only as a count). (H-3.0a, H-3.0b, H-3.1)
func TestH3_0b_DealIsSecret(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		st, err := Game{}.Setup("braveheart", nil, testdice.New(seed))
		require.NoError(t, err)
		s := st.(*St)
		seen := map[int8]bool{}
		for side := 0; side < 2; side++ {
			for _, c := range s.Hand[side] {
				require.GreaterOrEqual(t, c, int8(0))
				require.False(t, seen[c])
				seen[c] = true
			}
		}
		require.Len(t, seen, 10)
		for side := 0; side < 2; side++ {
			v := s.View(roles[side]).Text()
			assert.Contains(t, v, sideName(1-side)+" holds 5 cards.")
			assert.NotContains(t, v, sideName(1-side)+"'s hand")
		}
	}
}

// TestH5_1b_Player1ChoosesEachBattle: with "battles ask" Player 1 picks
// each next battle when the last is over, seeing its result first; a
// battle order from Player 2 never overrides Player 1's. (H-5.1a, H-5.1b,
// H-0.3e, R-04)
func TestH5_1b_Player1ChoosesEachBattle(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	put(t, s, "barclay", "lennox", 0)
	put(t, s, "york_infantry", "angus", 0)
	put(t, s, "lancaster_infantry", "mentieth", 0)
	moving(s, England, England, 2)
	d := &testdice.Script{Rolls: sixes(400)}
	s1, _ := apply(t, s, d, RoleEngland, "move Angus -> Buchan: York Infantry", "move Mentieth -> Lennox: Lancaster Infantry", "battles ask")
	s1.Play[Scotland] = s1.Play[England]
	ns, _ := apply(t, s1, d, RoleScotland, "pass", "battles Buchan, Lennox")
	require.True(t, ns.Choose, ns.label())
	ps := ns.Prompts()
	require.Len(t, ps, 1)
	assert.Equal(t, RoleEngland, ps[0].Role)
	assert.Equal(t, "next-battle", ps[0].Kind)
	assert.Equal(t, []string{"fight Buchan", "fight Lennox"}, ps[0].Choices)
	// Both players' reports name the battles to come (H-5.1a).
	for _, r := range []adjudicator.Role{RoleEngland, RoleScotland} {
		assert.Contains(t, ns.View(r).Text(), "BATTLES TO COME\nThis turn's battles still to fight, in the order Player 1 chooses\n  (5.1): Buchan, Lennox.", r)
	}
	// A long pool list wraps on its own and the block table keeps its
	// columns (every line within adjudicator.ViewWidth).
	sv := ns.View(RoleScotland).Text()
	assert.Contains(t, sv, "\nBuchan         Douglas 4/4 C3\nLennox         Barclay 4/4 C2\nPool           Wallace,", sv)
	for _, l := range strings.Split(sv, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(l), adjudicator.ViewWidth, l)
	}
	rej := reject(t, ns, d, RoleEngland, "fight Fife")
	assert.Contains(t, rej.Problems[0].Reason, "no battle")
	ns2, res := apply(t, ns, d, RoleEngland, "fight Lennox")
	txt := eventText(res, RoleEngland)
	assert.Less(t, strings.Index(txt, "Battle of Lennox"), strings.Index(txt, "Battle of Buchan"), txt)
	assert.False(t, ns2.Choose)
	require.NoError(t, ns2.Check())
	// without "ask", Player 1's list is used, not Player 2's
	s1, _ = apply(t, s, d, RoleEngland, "move Angus -> Buchan: York Infantry", "move Mentieth -> Lennox: Lancaster Infantry", "battles Lennox")
	s1.Play[Scotland] = s1.Play[England]
	_, res = apply(t, s1, d, RoleScotland, "pass", "battles Buchan")
	txt = eventText(res, RoleScotland)
	assert.Less(t, strings.Index(txt, "Battle of Lennox"), strings.Index(txt, "Battle of Buchan"), txt)
	// encode and decode while Player 1 chooses
	data, err := ns.Encode()
	require.NoError(t, err)
	back, err := Game{}.Decode(data)
	require.NoError(t, err)
	assert.True(t, back.(*St).Choose)
}

// TestOwingMatchesPrompts: the cheap Owing lists exactly the roles of
// Prompts, in order, all through random games.
func TestOwingMatchesPrompts(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		d, pk := testdice.New(seed), testdice.New(seed+100)
		st, err := Game{}.Setup("braveheart", nil, d)
		require.NoError(t, err)
		s := st.(*St)
		for !s.Fin {
			var want []adjudicator.Role
			for _, p := range s.Prompts() {
				want = append(want, p.Role)
			}
			require.Equal(t, want, s.Owing())
			sub := s.RandomSubmission(want[pk.Intn(len(want))], pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			require.NoError(t, err)
			s = ns.(*St)
		}
	}
}

// TestCoverageNamesEveryRule: every rule ID of the coverage document is
// named by a test (here or in the shared battle system's tests), and by
// one of the tests its row lists, in that test's own name or comments.
func TestCoverageNamesEveryRule(t *testing.T) {
	rulecheck.Check(t, "../../docs/rules-coverage/hammer-of-the-scots.md", ".", "../columbia")
	rulecheck.CheckListed(t, "../../docs/rules-coverage/hammer-of-the-scots.md", ".", "../columbia")
}
