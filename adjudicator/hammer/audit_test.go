package hammer

// Second audit against the rulebook: rules the first review read only for
// plausibility, each confirmed (or fixed) with a focused test.

import (
	"sort"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startLocs describes a scenario's set-up as the seed lists it: block ID
// -> area (full strength), plus the blocks that start in the pools, set
// aside or removed. The feudal levy's blocks are drawn from the English
// pool and appear in England.
type startLocs struct {
	onMap   map[string]string
	aside   []string
	removed []string
	poolE   int // English pool before the levy
	levy    int
	poolS   []string
}

func braveheartStart() startLocs {
	m := map[string]string{
		// English nobles: all but Bruce, Moray and Galloway, at home,
		// Comyn in Badenoch (8.1)
		"angus_eng": "angus", "argyll_eng": "argyll", "atholl_eng": "atholl",
		"buchan_eng": "buchan", "comyn_eng": "badenoch", "dunbar_eng": "dunbar",
		"lennox_eng": "lennox", "mar_eng": "mar", "mentieth_eng": "mentieth",
		"ross_eng": "ross", "steward_eng": "lanark",
		"cumbria_infantry": "lothian", "northumber_infantry": "mentieth",
		// Scots (8.1)
		"bruce_scot": "annan", "galloway_scot": "galloway",
		"wallace": "fife", "douglas": "fife", "barclay": "fife",
		"moray": "moray", "fraser": "moray", "grant": "strathspey",
	}
	return startLocs{onMap: m, aside: []string{"scottish_king", "french_knights"}, poolE: 13, levy: 4,
		poolS: []string{"campbell", "etterick", "graham", "keith", "lindsay", "macdonald", "norse"}}
}

func bruceStart() startLocs {
	m := map[string]string{
		// English (8.2): the Comyn nobles but Moray at home, Comyn in
		// Badenoch; Moray: Cumbria; Mentieth: Mentieth, Northumber;
		// Lothian: Durham; Lanark: Stewart, Westmor.
		"angus_eng": "angus", "argyll_eng": "argyll", "buchan_eng": "buchan",
		"comyn_eng": "badenoch", "galloway_eng": "galloway", "ross_eng": "ross",
		"cumbria_infantry": "moray", "mentieth_eng": "mentieth", "northumber_infantry": "mentieth",
		"durham_infantry": "lothian", "steward_eng": "lanark", "westmor_infantry": "lanark",
		// Scots (8.2): the Bruce nobles but Mentieth and Stewart at home,
		// Bruce in Carrick; Fife: King, Douglas, Barclay; Lennox:
		// Campbell; Carrick: Lindsay.
		"bruce_scot": "carrick", "atholl_scot": "atholl", "dunbar_scot": "dunbar",
		"lennox_scot": "lennox", "mar_scot": "mar",
		"scottish_king": "fife", "douglas": "fife", "barclay": "fife",
		"campbell": "lennox", "lindsay": "carrick",
	}
	return startLocs{onMap: m, aside: []string{"french_knights"}, removed: []string{"wallace", "moray"}, poolE: 11, levy: 6,
		poolS: []string{"etterick", "fraser", "graham", "grant", "keith", "macdonald", "norse"}}
}

// TestH8_1b_1d_2b_2d_EveryBlockAtStart compares every block's starting
// place and strength with the seed's set-up lists, for all three
// scenarios and many levy draws; Edward starts in the English pool, so the
// first levy may bring him (8.1 note). (H-8.1b, H-8.1c, H-8.1d, H-8.2b,
// H-8.2d, H-8.0, H-8.3, AMB-14)
func TestH8_1b_1d_2b_2d_EveryBlockAtStart(t *testing.T) {
	for _, sc := range []string{"braveheart", "the-bruce", "campaign"} {
		want := braveheartStart()
		if sc == "the-bruce" {
			want = bruceStart()
		}
		edwardDrawn := 0
		for seed := uint64(1); seed <= 60; seed++ {
			st, err := Game{}.Setup(sc, nil, testdice.New(seed))
			require.NoError(t, err)
			s := st.(*St)
			require.NoError(t, s.Check())
			levied, poolE := 0, 0
			var poolS []string
			for b := 0; b < NB; b++ {
				id := blocks[b].ID
				if where, ok := want.onMap[id]; ok {
					require.Equal(t, areaName(area(where)), areaName(int(s.Loc[b])), "%s %s", sc, id)
					require.Equal(t, int8(blocks[b].Max), s.Str[b], "%s %s at full strength", sc, id)
					continue
				}
				if p := blocks[b].Partner; p >= 0 {
					if _, ok := want.onMap[blocks[p].ID]; ok {
						require.Equal(t, int8(LocOut), s.Loc[b], "%s %s: the other colour is in play", sc, id)
						continue
					}
				}
				switch {
				case contains(want.aside, id):
					require.Equal(t, int8(LocAside), s.Loc[b], "%s %s set aside", sc, id)
				case contains(want.removed, id):
					require.Equal(t, int8(LocRemoved), s.Loc[b], "%s %s removed", sc, id)
				case blocks[b].Side == England && s.Loc[b] == AreaEngland:
					require.Equal(t, -1, blocks[b].Noble, "%s: no noble in the levy", sc)
					require.Equal(t, int8(blocks[b].Max), s.Str[b], "%s levy %s at full strength", sc, id)
					levied++
					if b == bEdward {
						edwardDrawn++
					}
				case blocks[b].Side == England:
					require.Equal(t, int8(LocPool), s.Loc[b], "%s %s", sc, id)
					poolE++
				default:
					require.Equal(t, int8(LocPool), s.Loc[b], "%s %s", sc, id)
					poolS = append(poolS, id)
				}
			}
			assert.Equal(t, want.levy, levied, "%s levy", sc)
			assert.Equal(t, want.poolE, levied+poolE, "%s English pool before the levy", sc)
			sort.Strings(poolS)
			assert.Equal(t, want.poolS, poolS, "%s Scottish pool", sc)
		}
		assert.Positive(t, edwardDrawn, "%s: Edward starts in the pool and the levy can bring him", sc)
	}
}

func contains(l []string, x string) bool {
	for _, y := range l {
		if y == x {
			return true
		}
	}
	return false
}

// toScotWinter plays a winter from s up to the Scottish quartering orders,
// England passing and the Scots keeping Moray where he is.
func toScotWinter(t *testing.T, s *St, d adjudicator.Dice) *St {
	t.Helper()
	w := winterOf(t, s, d)
	for w.Phase == PhWHomes {
		p := w.Prompts()
		require.NotEmpty(t, p)
		w, _ = apply(t, w, d, p[0].Role, w.defaultLines(sideOfRole(p[0].Role))...)
	}
	require.Equal(t, PhWEng, int(w.Phase))
	w, _ = apply(t, w, d, RoleEngland, "pass")
	require.Equal(t, PhWScot, int(w.Phase))
	return w
}

func sideOfRole(r adjudicator.Role) int {
	s, _ := roleOf(r)
	return s
}

// TestH7_5a_WallaceAlreadyInSelkirk: Wallace who is in Selkirk when
// winter comes winters there as if he had moved there: Selkirk's castle
// limit (0) does not disband him, and he regains two steps. Passing, or
// the deadline default, must not send him to the pool (which would decide
// the 9.0 tie-break in the last winter). (H-7.5a, AMB-36)
func TestH7_5a_WallaceAlreadyInSelkirk(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "wallace", "selkirk", 1)
	put(t, s, "douglas", "fife", 0)
	put(t, s, "york_infantry", "lothian", 0)
	w := toScotWinter(t, s, d)
	for _, lines := range [][]string{{"pass"}, {"wallace stay"}, {"wallace selkirk"}, w.defaultLines(Scotland)} {
		ns, _ := apply(t, w, d, RoleScotland, lines...)
		assert.Equal(t, int8(area("selkirk")), ns.Loc[bWallace], "%q", lines)
		assert.Equal(t, int8(3), ns.Str[bWallace], "%q", lines)
	}
	// in the last winter, Wallace in Selkirk is still in the field for
	// the tie-break
	s.Year = s.Last
	for _, n := range []string{"angus_scot", "argyll_scot", "buchan_scot", "galloway_scot", "ross_scot", "comyn_scot", "moray"} {
		b := put(t, s, n, "fife", 0)
		s.Loc[b] = int8(blocks[b].Home[len(blocks[b].Home)-1])
	}
	for _, n := range []string{"bruce_eng", "mar_eng", "lennox_eng", "atholl_eng", "dunbar_eng", "mentieth_eng", "steward_eng"} {
		b := put(t, s, n, "fife", 0)
		s.Loc[b] = int8(blocks[b].Home[0])
	}
	w = toScotWinter(t, s, d)
	ns, _ := apply(t, w, d, RoleScotland, "pass")
	require.True(t, ns.Fin)
	assert.Equal(t, []adjudicator.Role{RoleScotland}, ns.Status().Winner, ns.Result)
}

// englishPool counts the English blocks in the pool.
func englishPool(s *St) int {
	n := 0
	for b := 0; b < NB; b++ {
		if blocks[b].Side == England && s.Loc[b] == LocPool {
			n++
		}
	}
	return n
}

// TestH7_7_LevyIsHalfThePoolRoundedUp: the levy draws half the English
// pool, rounded up, counted after every winter disbanding (the knights
// and the infantry over the castle limit included), and deploys the
// blocks at full strength in England; a face-up Edward (bid E#) counts
// for the size but is never drawn. (H-7.7, H-7.31, AMB-44, H-T.2)
func TestH7_7_LevyIsHalfThePoolRoundedUp(t *testing.T) {
	for _, bid := range []int8{0, 2} {
		for seed := uint64(1); seed <= 20; seed++ {
			s := emptyState(t)
			s.BidE = bid
			d := testdice.New(seed)
			put(t, s, "york_knights", "lothian", 2)
			put(t, s, "york_infantry", "lothian", 1)
			put(t, s, "durham_infantry", "lothian", 1)
			put(t, s, "cumbria_infantry", "lothian", 1) // Lothian holds 2: one goes
			put(t, s, "westmor_infantry", "england", 1)
			put(t, s, "douglas", "fife", 0)
			w := toScotWinter(t, s, d)
			pool := englishPool(w)
			require.Equal(t, 15-2, pool, "all but two English non-nobles in the pool")
			ns, _ := apply(t, w, d, RoleScotland, "pass")
			assert.Equal(t, (pool+1)/2, ns.count(AreaEngland, England), "half of %d rounded up", pool)
			for b := 0; b < NB; b++ {
				if ns.Loc[b] == AreaEngland {
					assert.Equal(t, int8(blocks[b].Max), ns.Str[b], "%s at full strength", blocks[b].ID)
					if bid > 0 {
						assert.NotEqual(t, bEdward, b, "a face-up Edward is not drawn")
					}
				}
			}
		}
	}
}

// TestH6_1a_8_2c_EdwardIIFrom1307: the campaign's Edward I becomes
// Edward II at the end of 1306 (never in Braveheart's 1305); Edward I may
// not winter in Scotland in 1306, and Edward II never may; killing Edward
// II in battle wins for Scotland. (H-6.1a, H-6.1b, H-6.1c, H-8.2c, H-8.3)
func TestH6_1a_8_2c_EdwardIIFrom1307(t *testing.T) {
	for _, tc := range []struct {
		scn  string
		year int16
		ed2  bool
	}{{"campaign", 1305, false}, {"campaign", 1306, true}, {"the-bruce", 1306, true}, {"braveheart", 1304, false}} {
		st, err := Game{}.Setup(tc.scn, nil, testdice.New(3))
		require.NoError(t, err)
		s := st.(*St)
		s.Year = tc.year
		put(t, s, "edward", "lothian", 0)
		d := testdice.New(3)
		w := winterOf(t, s, d)
		for w.Phase == PhWHomes {
			p := w.Prompts()
			w, _ = apply(t, w, d, p[0].Role, w.defaultLines(sideOfRole(p[0].Role))...)
		}
		require.Equal(t, PhWEng, int(w.Phase))
		if tc.year == 1306 {
			rej := reject(t, w, d, RoleEngland, "edward winter")
			assert.Contains(t, rej.Problems[0].Reason, "1306")
		}
		w, _ = apply(t, w, d, RoleEngland, "edward disband")
		ns, _ := apply(t, w, d, RoleScotland, "pass")
		require.False(t, ns.Fin, ns.Result)
		assert.Equal(t, tc.year+1, ns.Year)
		assert.Equal(t, tc.ed2, ns.Ed2, "%s %d", tc.scn, tc.year)
		if tc.ed2 {
			put(t, ns, "edward", "lothian", 0)
			ns.Phase = phWinter
			var ev []adjudicator.Event
			ns.continueFlow(d, &ev)
			for ns.Phase == PhWHomes {
				p := ns.Prompts()
				ns, _ = apply(t, ns, d, p[0].Role, ns.defaultLines(sideOfRole(p[0].Role))...)
			}
			rej := reject(t, ns, d, RoleEngland, "edward winter")
			assert.Contains(t, rej.Problems[0].Reason, "Edward II")
		}
	}
}

// TestH7_8_NewHandsEachYear: at the end of winter every card comes back:
// whatever was left unplayed is gone, the 25 are shuffled and each side
// gets 5 new, distinct cards that the other side never sees. (H-7.8,
// H-3.0b, H-7.0a, AMB-49)
func TestH7_8_NewHandsEachYear(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := emptyState(t)
		d := testdice.New(seed)
		put(t, s, "douglas", "fife", 0)
		put(t, s, "york_infantry", "lothian", 0)
		hands(s, []string{"move3_1", "move2_1"}, []string{"herald"})
		w := toScotWinter(t, s, d)
		ns, _ := apply(t, w, d, RoleScotland, "pass")
		require.Equal(t, PhCard, int(ns.Phase))
		assert.Equal(t, int8(1), ns.GT)
		seen := map[int8]bool{}
		for side := 0; side < 2; side++ {
			for _, c := range ns.Hand[side] {
				require.GreaterOrEqual(t, c, int8(0))
				require.False(t, seen[c], "card dealt twice")
				seen[c] = true
			}
		}
		for side := 0; side < 2; side++ {
			v := ns.View(roles[side]).Text()
			for _, c := range ns.Hand[1-side] {
				if cards[c].Event != EvNone && !containsCard(ns.Hand[side], cards[c].Name) {
					assert.NotContains(t, v, cards[c].Name, "%s sees the other hand", roles[side])
				}
			}
		}
	}
}

func containsCard(h [5]int8, name string) bool {
	for _, c := range h {
		if c >= 0 && cards[c].Name == name {
			return true
		}
	}
	return false
}

// TestH7_62_FrenchKnightsNeedEightNobles: at 7 Scottish nobles the French
// knights stay set aside; at 8 they join the pool that same winter.
// (H-7.62, AMB-43)
func TestH7_62_FrenchKnightsNeedEightNobles(t *testing.T) {
	for _, n := range []int{7, 8} {
		s := emptyState(t)
		d := testdice.New(1)
		ids := []string{"angus_scot", "argyll_scot", "buchan_scot", "galloway_scot", "ross_scot", "mar_scot", "lennox_scot", "atholl_scot"}
		for _, id := range ids[:n] {
			b := put(t, s, id, "fife", 0)
			s.Loc[b] = int8(blocks[b].Home[0])
		}
		put(t, s, "york_infantry", "lothian", 0)
		w := toScotWinter(t, s, d)
		ns, _ := apply(t, w, d, RoleScotland, "pass")
		if n == 7 {
			assert.Equal(t, int8(LocAside), ns.Loc[bFrench])
		} else {
			assert.Equal(t, int8(LocPool), ns.Loc[bFrench])
		}
	}
}

// TestH9_0a_CountAfterNoblesGoHome: the final count comes after the
// nobles have gone home, so a Scottish noble whose home England holds
// defects and counts for England; the year's last game turn may also end
// by sudden death first. (H-9.0a, AMB-02, H-7.1a)
func TestH9_0a_CountAfterNoblesGoHome(t *testing.T) {
	s := emptyState(t)
	s.Year = s.Last
	d := testdice.New(1)
	scots := []string{"moray", "comyn_scot", "angus_scot", "argyll_scot", "buchan_scot", "galloway_scot", "ross_scot"}
	eng := []string{"bruce_eng", "mar_eng", "lennox_eng", "atholl_eng", "dunbar_eng", "mentieth_eng", "steward_eng"}
	for _, id := range append(scots, eng...) {
		b := put(t, s, id, "fife", 0)
		s.Loc[b] = int8(blocks[b].Home[0])
	}
	put(t, s, "wallace", "fife", 0)
	// the Scottish Angus noble stands in Fife; England holds Angus
	s.Loc[blk("angus_scot")] = int8(area("fife"))
	put(t, s, "york_infantry", "angus", 0)
	w := toScotWinter(t, s, d)
	ns, _ := apply(t, w, d, RoleScotland, "pass")
	require.True(t, ns.Fin)
	assert.Equal(t, []adjudicator.Role{RoleEngland}, ns.Status().Winner, ns.Result)
	assert.Contains(t, ns.Result, "8 nobles to 6")
}

// TestH4_3a_5_33_ReinforcementsKeepBorderLimits: Player 2's battle
// reinforcements are ordinary moves: two blocks at most across a red
// border (each player counts apart, so England's own crossings do not
// close it to the Scots); those that come are reserves. (H-4.3a, H-4.3b,
// H-5.33, AMB-07)
func TestH4_3a_5_33_ReinforcementsKeepBorderLimits(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "douglas", "angus", 0)
	for _, id := range []string{"campbell", "graham", "macdonald"} {
		put(t, s, id, "mar", 0)
	}
	put(t, s, "york_infantry", "atholl", 0)
	put(t, s, "lancaster_infantry", "atholl", 0)
	moving(s, England, England, 2)
	s, _ = apply(t, s, d, RoleEngland, "move Atholl -> Angus: all")
	require.Equal(t, PhMove2, int(s.Phase))
	rej := reject(t, s, d, RoleScotland, "move Mar -> Angus: Campbell, Graham, MacDonald")
	assert.Contains(t, rej.Problems[0].Reason, "red border")
	ns, res := apply(t, s, d, RoleScotland, "move Mar -> Angus: Campbell, Graham")
	text := eventText(res, adjudicator.GM)
	assert.Contains(t, text, "Round 2  reserves arrive: Campbell (Scotland C2 4), Graham (Scotland C2 4)", text)
	assert.Equal(t, int8(area("angus")), ns.Loc[blk("campbell")])
}

// TestH5_5c_RetreatIntoEnglandKeepsBorderLimits: English blocks falling
// back from Teviot into England cross the red Anglo-Scottish segment two
// at a time, a fresh count each round. (H-5.5c, H-5.5a, H-4.4a, AMB-05,
// AMB-06)
func TestH5_5c_RetreatIntoEnglandKeepsBorderLimits(t *testing.T) {
	s := emptyState(t)
	for _, id := range []string{"york_infantry", "lancaster_infantry", "durham_infantry"} {
		put(t, s, id, "teviot", 0)
	}
	put(t, s, "douglas", "teviot", 0)
	put(t, s, "barclay", "annan", 0)
	put(t, s, "fraser", "dunbar", 0)
	put(t, s, "grant", "selkirk", 0)
	s.setStand(England, area("teviot"), "retreat to England")
	ns, text := fight(t, s, "teviot", Scotland, &testdice.Script{Rolls: sixes(100)})
	for _, id := range []string{"york_infantry", "lancaster_infantry", "durham_infantry"} {
		assert.Equal(t, int8(AreaEngland), ns.Loc[blk(id)], text)
	}
	// two go in round 1; the third must wait for round 2
	r2 := strings.Index(text, "Round 2")
	require.Positive(t, r2, text)
	assert.Equal(t, 2, strings.Count(text[:r2], "Infantry retreats to England"), text)
}

// TestH7_0a_FifthTurnEndsTheYear: the year ends after the fifth game turn;
// a Scot still in England at its end costs England a block first (the
// border raid is checked at the end of every game turn, the last one
// included), and then winter sends him to the pool. (H-7.0a, H-0.3a,
// H-5.9b, H-5.9c, AMB-26, AMB-38)
func TestH7_0a_FifthTurnEndsTheYear(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "keith", "england", 0)
	put(t, s, "douglas", "fife", 0)
	put(t, s, "york_infantry", "lothian", 0)
	put(t, s, "lancaster_infantry", "mentieth", 0)
	put(t, s, "mar_eng", "mar", 0)
	put(t, s, "moray", "moray", 0) // a noble each: no sudden death
	hands(s, []string{"move2_1"}, []string{"move1_1"})
	s.GT = 5
	s, _ = apply(t, s, d, RoleEngland, "card 2")
	s, _ = apply(t, s, d, RoleScotland, "card 1")
	s, _ = apply(t, s, d, RoleEngland, "pass")
	s, _ = apply(t, s, d, RoleScotland, "pass")
	require.Equal(t, PhRaid, int(s.Phase), s.label())
	rej := reject(t, s, d, RoleEngland, "raid Mar noble")
	assert.Contains(t, rej.Problems[0].Reason, "non-noble")
	s, res := apply(t, s, d, RoleEngland, "raid York Infantry")
	assert.Equal(t, int8(LocPool), s.Loc[blk("york_infantry")])
	assert.NotContains(t, eventText(res, RoleScotland), "York")
	assert.Contains(t, []int{PhWHomes, PhWEng}, int(s.Phase), s.label())
	assert.Equal(t, int16(1297), s.Year)
	s = toScotWinterFrom(t, s, d)
	ns, _ := apply(t, s, d, RoleScotland, "pass")
	assert.Equal(t, int8(LocPool), ns.Loc[blk("keith")], "no Scot winters in England")
	assert.Equal(t, int16(1298), ns.Year)
}

// toScotWinterFrom finishes the homes and English steps of a winter
// already begun.
func toScotWinterFrom(t *testing.T, w *St, d adjudicator.Dice) *St {
	t.Helper()
	for w.Phase == PhWHomes {
		p := w.Prompts()
		require.NotEmpty(t, p)
		w, _ = apply(t, w, d, p[0].Role, w.defaultLines(sideOfRole(p[0].Role))...)
	}
	require.Equal(t, PhWEng, int(w.Phase))
	w, _ = apply(t, w, d, RoleEngland, "pass")
	require.Equal(t, PhWScot, int(w.Phase))
	return w
}

// TestH7_12b_EnemyPicksWhenBothHomesHeld: an English Comyn whose two homes
// are both held by the Scots winters where the Scots choose, and defects
// there; England is not asked. (H-7.12a, H-7.12b, H-7.1a, AMB-29)
func TestH7_12b_EnemyPicksWhenBothHomesHeld(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "comyn_eng", "mar", 2)
	put(t, s, "douglas", "badenoch", 0)
	put(t, s, "barclay", "lochaber", 0)
	w := winterOf(t, s, d)
	require.Equal(t, PhWHomes, int(w.Phase))
	assert.False(t, w.owes(England))
	require.True(t, w.owes(Scotland))
	assert.ElementsMatch(t, []string{"home Comyn Lochaber", "home Comyn Badenoch"}, w.homeChoices(Scotland))
	rej := reject(t, w, d, RoleEngland, "home Comyn Lochaber")
	assert.NotEmpty(t, rej.Problems)
	ns, _ := apply(t, w, d, RoleScotland, "home Comyn Lochaber")
	assert.Equal(t, int8(area("lochaber")), ns.Loc[blk("comyn_scot")])
	assert.Equal(t, int8(2), ns.Str[blk("comyn_scot")], "he keeps his strength")
	assert.Equal(t, int8(LocOut), ns.Loc[blk("comyn_eng")])
}

// TestH7_5b_ServerKeepsLeadersWhenDisbanding: when the Scots leave the
// choice of which blocks disband for a castle limit to the server, it
// keeps Wallace and the King as long as another block can go (then
// Moray's rule: he goes last), so a deadline default never throws away
// the 9.0 tie-break. (H-7.5b, R-05, H-9.0b)
func TestH7_5b_ServerKeepsLeadersWhenDisbanding(t *testing.T) {
	s := emptyState(t)
	s.Year = s.Last
	d := testdice.New(1)
	for _, n := range []string{"angus_scot", "argyll_scot", "buchan_scot", "galloway_scot", "ross_scot", "comyn_scot", "moray"} {
		b := put(t, s, n, "fife", 0)
		s.Loc[b] = int8(blocks[b].Home[len(blocks[b].Home)-1])
	}
	for _, n := range []string{"bruce_eng", "mar_eng", "lennox_eng", "atholl_eng", "dunbar_eng", "mentieth_eng", "steward_eng"} {
		b := put(t, s, n, "fife", 0)
		s.Loc[b] = int8(blocks[b].Home[0])
	}
	put(t, s, "wallace", "fife", 1)
	put(t, s, "douglas", "fife", 4)
	put(t, s, "barclay", "fife", 4)
	put(t, s, "campbell", "fife", 4) // Fife holds 3 for the Scots: one goes
	w := toScotWinter(t, s, d)
	ns, _ := apply(t, w, d, RoleScotland, w.defaultLines(Scotland)...)
	assert.Equal(t, int8(area("fife")), ns.Loc[bWallace])
	assert.Equal(t, 3, ns.count(area("fife"), Scotland))
	require.True(t, ns.Fin)
	assert.Equal(t, []adjudicator.Role{RoleScotland}, ns.Status().Winner, ns.Result)
	// the player's own choice still rules
	ns, _ = apply(t, w, d, RoleScotland, "disband Wallace")
	assert.Equal(t, int8(LocPool), ns.Loc[bWallace])
	assert.Equal(t, []adjudicator.Role{RoleEngland}, ns.Status().Winner, ns.Result)
}
