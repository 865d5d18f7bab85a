package hammer

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// winterOf starts the winter of s.
func winterOf(t testing.TB, s *St, d adjudicator.Dice) *St {
	n := s.clone()
	n.Phase = phWinter
	var ev []adjudicator.Event
	n.continueFlow(d, &ev)
	return n
}

// TestH7_1a_NoblesGoHome: nobles go home, English first; a noble whose home
// is held by the enemy changes sides at his strength; Moray may stay or
// disband; Bruce and Comyn choose a home, the enemy choosing when both
// are enemy-held. (H-7.0b, H-7.1a, H-7.1b, H-7.12a, H-7.12b, AMB-28-30)
// Rules also covered: H-0.3f.
func TestH7_1a_NoblesGoHome(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "mar_eng", "fife", 2)
	put(t, s, "douglas", "mar", 0) // Mar is Scottish: the Mar noble defects
	put(t, s, "buchan_scot", "lothian", 0)
	put(t, s, "moray", "fife", 0)
	put(t, s, "bruce_eng", "lothian", 0)
	put(t, s, "york_infantry", "lothian", 0)
	put(t, s, "barclay", "annan", 0)
	put(t, s, "fraser", "carrick", 0) // both Bruce homes held by the Scots
	w := winterOf(t, s, d)
	require.Equal(t, PhWHomes, int(w.Phase))
	assert.True(t, w.owes(Scotland))
	assert.False(t, w.owes(England))
	ch := w.homeChoices(Scotland)
	assert.Contains(t, ch, "home Bruce Carrick")
	assert.Contains(t, ch, "moray stay")
	ns, _ := apply(t, w, d, RoleScotland, "home Bruce Carrick", "moray stay")
	assert.Equal(t, int8(area("mar")), ns.Loc[blk("mar_scot")])
	assert.Equal(t, int8(2), ns.Str[blk("mar_scot")])
	assert.Equal(t, int8(area("carrick")), ns.Loc[blk("bruce_scot")])
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("buchan_scot")])
	assert.Equal(t, int8(area("fife")), ns.Loc[bMoray])
	assert.Equal(t, PhWEng, int(ns.Phase))
	// one home enemy-held: he must take the other (AMB-29)
	s2 := emptyState(t)
	put(t, s2, "comyn_eng", "fife", 0)
	put(t, s2, "douglas", "lochaber", 0)
	put(t, s2, "moray", "moray", 0)
	h := s2.homeChoice(nobleComyn, new([8]int))
	assert.Equal(t, -1, h.decider)
	assert.Equal(t, []int{area("badenoch")}, h.options)
}

// TestH7_3_EnglishWinter: knights, archers and hobelars disband; infantry
// stays within castle limits with nobles counting first; England itself
// empties; Edward I may winter in Scotland with every red non-noble in his
// area, but not in 1306, not twice running, never as Edward II; then there
// is no levy. (H-7.3, H-7.31, H-7.32a, H-7.32b, H-7.4a, H-7.4b, H-7.4c, H-7.4d, H-7.4e, AMB-32-35)
// Rules also covered: H-6.1b.
func TestH7_3_EnglishWinter(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "york_knights", "lothian", 0)
	put(t, s, "york_infantry", "lothian", 4)
	put(t, s, "durham_infantry", "lothian", 2)
	put(t, s, "cumbria_infantry", "lothian", 3)
	put(t, s, "lancaster_infantry", "england", 0)
	put(t, s, "mentieth_eng", "mentieth", 0)
	put(t, s, "northumber_infantry", "mentieth", 3)
	put(t, s, "edward", "fife", 0)
	put(t, s, "lancaster_knights", "fife", 0)
	put(t, s, "westmor_infantry", "fife", 0)
	put(t, s, "wales_infantry", "fife", 0)
	put(t, s, "douglas", "moray", 0)
	put(t, s, "moray", "moray", 0)
	w := winterOf(t, s, d)
	w, _ = apply(t, w, d, RoleScotland, "moray home")
	require.Equal(t, PhWEng, int(w.Phase))
	ns, _ := apply(t, w, d, RoleEngland, "edward winter")
	assert.Equal(t, int8(LocPool), ns.Loc[blk("york_knights")])
	assert.Equal(t, int8(area("lothian")), ns.Loc[blk("york_infantry")])
	assert.Equal(t, int8(area("lothian")), ns.Loc[blk("cumbria_infantry")])
	assert.Equal(t, int8(LocPool), ns.Loc[blk("durham_infantry")], "the weakest goes over the limit")
	assert.Equal(t, int8(LocPool), ns.Loc[blk("lancaster_infantry")], "England empties")
	assert.Equal(t, 2, ns.count(area("mentieth"), England))
	assert.Equal(t, 4, ns.count(area("fife"), England), "with Edward I, castle limits do not apply")
	assert.Equal(t, int8(area("fife")), ns.EdWinAt)
	// next winters: not twice running; not in 1306; never Edward II
	s2 := ns.clone()
	s2.Year++
	_, why := s2.edwardMayWinter()
	assert.Contains(t, why, "two winters")
	s2.Year, s2.EdWin = 1306, 0
	_, why = s2.edwardMayWinter()
	assert.Contains(t, why, "1306")
	s2.Year, s2.Ed2 = 1307, true
	_, why = s2.edwardMayWinter()
	assert.Contains(t, why, "Edward II")
	// no levy after Edward winters in Scotland
	ns, res := apply(t, ns, d, RoleScotland, "pass")
	assert.NotContains(t, eventText(res, RoleScotland), "Feudal levy")
	assert.Equal(t, 0, ns.count(AreaEngland, England))
	// English replacements only for infantry and nobles (H-7.63)
	w2 := w.clone()
	rej := reject(t, w2, d, RoleEngland, "edward winter", "step Lancaster Knights")
	assert.Contains(t, rej.Problems[0].Reason, "infantry and nobles")
	rej = reject(t, w2, d, RoleEngland, "step Northumber Infantry +4")
	assert.Contains(t, rej.Problems[0].Reason, "only 3 replacement points")
	ns, _ = apply(t, w2, d, RoleEngland, "edward disband", "step Northumber Infantry")
	assert.Equal(t, int8(4), ns.Str[blk("northumber_infantry")])
	assert.Equal(t, int8(LocPool), ns.Loc[bEdward])
}

// TestH7_5_ScottishWinter: Wallace may go to Selkirk and gain 2 steps; the
// Scots disband down to castle limits (cathedrals +1), nobles never
// (except Moray); the King goes to a cathedral, stays or disbands; RPs
// step up blocks or draw new ones within castle limits; the French
// knights join the pool at 8 nobles; the levy is half the pool rounded
// up. (H-7.2, H-7.5a, H-7.5b, H-7.5c, H-1.3b, H-7.6a, H-7.6b, H-7.61a, H-7.61b, H-7.61c, H-7.62, H-7.7, H-7.8,
// H-5.9c)
func TestH7_5_ScottishWinter(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "wallace", "lothian", 1)
	put(t, s, "douglas", "fife", 4)
	put(t, s, "barclay", "fife", 1)
	put(t, s, "campbell", "fife", 4)
	put(t, s, "graham", "fife", 2)
	put(t, s, "keith", "england", 0)
	put(t, s, "scottish_king", "lothian", 0)
	for _, n := range []string{"angus_scot", "argyll_scot", "buchan_scot", "galloway_scot", "ross_scot", "mar_scot", "lennox_scot", "atholl_scot"} {
		b := put(t, s, n, "fife", 1)
		s.Loc[b] = int8(blocks[b].Home[0])
	}
	put(t, s, "york_infantry", "lanark", 0)
	put(t, s, "dunbar_eng", "dunbar", 0)
	for b := 0; b < NB; b++ { // everything else English to the pool: 14 blocks
		if blocks[b].Side == England && blocks[b].Noble < 0 && s.Loc[b] != int8(area("lanark")) {
			s.Loc[b] = LocPool
		}
	}
	w := winterOf(t, s, d)
	require.Equal(t, PhWEng, int(w.Phase))
	w, _ = apply(t, w, d, RoleEngland, "pass")
	require.Equal(t, PhWScot, int(w.Phase))
	rej := reject(t, w, d, RoleScotland, "king Lanark")
	assert.Contains(t, rej.Problems[0].Reason, "cathedral")
	ns, res := apply(t, w, &testdice.Script{Draws: []int{0}, Fallback: testdice.New(2)}, RoleScotland,
		"wallace selkirk", "king Lennox", "step Graham", "step Angus +1", "draw Buchan +1")
	assert.Equal(t, int8(area("selkirk")), ns.Loc[bWallace])
	assert.Equal(t, int8(3), ns.Str[bWallace])
	assert.Equal(t, int8(area("lennox")), ns.Loc[bKing])
	assert.Equal(t, 3, ns.count(area("fife"), Scotland), "Fife holds 3 for the Scots")
	assert.Equal(t, int8(LocPool), ns.Loc[blk("barclay")], "the weakest disbands")
	assert.Equal(t, int8(LocPool), ns.Loc[blk("keith")], "no Scots winter in England")
	assert.Equal(t, int8(2), ns.Str[blk("angus_scot")])
	assert.Equal(t, 2, ns.count(area("buchan"), Scotland))
	assert.Contains(t, eventText(res, RoleScotland), "French knights join the Scottish pool")
	assert.Contains(t, eventText(res, RoleEngland), "Feudal levy: 7 English blocks")
	assert.Equal(t, int16(1298), ns.Year)
	assert.Equal(t, PhCard, int(ns.Phase))
	require.NoError(t, ns.Check())
	// castle limit on draws
	rej = reject(t, w, d, RoleScotland, "draw Fife")
	assert.Contains(t, rej.Problems[0].Reason, "castle limit")
}

// TestH9_0_FinalCount: at the end of the last year the side with more
// nobles wins; 7-7 goes to England if Wallace is dead or in the pool.
// (H-9.0a, H-9.0b, H-0.1, H-2.22c, AMB-02, AMB-45)
func TestH9_0_FinalCount(t *testing.T) {
	s := emptyState(t)
	s.Year = s.Last
	scots := []string{"moray", "comyn_scot", "angus_scot", "argyll_scot", "buchan_scot", "galloway_scot", "ross_scot"}
	eng := []string{"bruce_eng", "mar_eng", "lennox_eng", "atholl_eng", "dunbar_eng", "mentieth_eng", "steward_eng"}
	for _, id := range scots {
		b := put(t, s, id, "fife", 0)
		s.Loc[b] = int8(blocks[b].Home[0])
	}
	for _, id := range eng {
		b := put(t, s, id, "fife", 0)
		s.Loc[b] = int8(blocks[b].Home[0])
	}
	d := testdice.New(1)
	play := func(s *St) *St {
		w := winterOf(t, s, d)
		for !w.Fin {
			for _, p := range w.Prompts() {
				w, _ = apply(t, w, d, p.Role, "pass")
				break
			}
		}
		return w
	}
	w := play(s)
	assert.Equal(t, []adjudicator.Role{RoleEngland}, w.Status().Winner, w.Result)
	put(t, s, "wallace", "fife", 0)
	w = play(s)
	assert.Equal(t, []adjudicator.Role{RoleScotland}, w.Status().Winner, w.Result)
}

// TestH8_Setups: the scenarios' set-ups. (H-8.0, H-8.1a, H-8.1b, H-8.1c, H-8.1d, H-8.2a, H-8.2b, H-8.2c, H-8.2d, H-8.3,
// H-0.2, H-0.3a, AMB-13, AMB-14)
func TestH8_Setups(t *testing.T) {
	g := Game{}
	st, err := g.Setup("", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*St)
	assert.Equal(t, "braveheart", s.Scn)
	assert.Equal(t, int16(1297), s.Year)
	assert.Equal(t, int16(1305), s.Last)
	n := s.nobleCount()
	assert.Equal(t, [2]int{11, 3}, n)
	assert.Equal(t, 4, s.count(AreaEngland, England))
	assert.Equal(t, int8(LocAside), s.Loc[bKing])
	assert.Equal(t, int8(LocAside), s.Loc[bFrench])
	assert.Equal(t, int8(area("badenoch")), s.Loc[blk("comyn_eng")])
	assert.Equal(t, 3, s.count(area("fife"), Scotland))
	pool := 0
	for b := 0; b < NB; b++ {
		if blocks[b].Side == Scotland && s.Loc[b] == LocPool {
			pool++
		}
	}
	assert.Equal(t, 7, pool)
	require.NoError(t, s.Check())

	st, err = g.Setup("the-bruce", nil, testdice.New(1))
	require.NoError(t, err)
	s = st.(*St)
	assert.Equal(t, int16(1306), s.Year)
	assert.Equal(t, 6, s.count(AreaEngland, England), "half of 11 rounded up")
	assert.Equal(t, int8(LocRemoved), s.Loc[bWallace])
	assert.Equal(t, int8(LocRemoved), s.Loc[bMoray])
	assert.Equal(t, int8(area("fife")), s.Loc[bKing])
	assert.True(t, s.KingDone)
	assert.Equal(t, int8(area("carrick")), s.Loc[blk("bruce_scot")])

	st, err = g.Setup("campaign", nil, testdice.New(1))
	require.NoError(t, err)
	assert.Equal(t, int16(1314), st.(*St).Last)
	_, err = g.Setup("nowhere", nil, testdice.New(1))
	assert.Error(t, err)
}

// TestHT_TournamentBids: E# keeps Edward face up in the pool for # years
// (counted for the levy size, never drawn); S# adds # blocks to the 1297
// levy. (H-T.1, H-T.2, H-T.3, H-T.4, H-T.5, AMB-44, AMB-48)
// Rules also covered: H-T.4.
func TestHT_TournamentBids(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		st, err := Game{}.Setup("braveheart", adjudicator.Options{"bid": "E2"}, testdice.New(seed))
		require.NoError(t, err)
		s := st.(*St)
		assert.Equal(t, int8(LocPool), s.Loc[bEdward])
		assert.True(t, s.edwardFaceUp(1298))
		assert.False(t, s.edwardFaceUp(1299))
	}
	st, err := Game{}.Setup("braveheart", adjudicator.Options{"bid": "S2", "schiltroms": "on"}, testdice.New(1))
	require.NoError(t, err)
	assert.Equal(t, 6, st.(*St).count(AreaEngland, England))
	assert.True(t, st.(*St).Schil)
	_, err = Game{}.Setup("braveheart", adjudicator.Options{"bid": "X9"}, testdice.New(1))
	assert.Error(t, err)
}

// TestEncodeDecode: the state round-trips canonically.
func TestEncodeDecode(t *testing.T) {
	st, _ := Game{}.Setup("braveheart", nil, testdice.New(1))
	a, err := st.Encode()
	require.NoError(t, err)
	back, err := Game{}.Decode(a)
	require.NoError(t, err)
	b, _ := back.Encode()
	assert.Equal(t, string(a), string(b))
	_, err = Game{}.Decode([]byte("{"))
	assert.Error(t, err)
	bad := st.(*St).clone()
	bad.Loc[bWallace] = 40
	data, _ := bad.Encode()
	_, err = Game{}.Decode(data)
	assert.ErrorContains(t, err, "bad location")
	assert.Equal(t, Name, Game{}.Info().Name)
	g, err := adjudicator.Lookup("hammer")
	require.NoError(t, err)
	assert.Equal(t, Name, g.Info().Name)
}

// TestRejectAllOrNothing: one bad line rejects the whole submission and
// names the line; unknown enemy names are never confirmed. (H-2.0b)
func TestRejectAllOrNothing(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "fife", 0)
	put(t, s, "york_infantry", "lothian", 0)
	moving(s, Scotland, Scotland, 2)
	d := testdice.New(1)
	rej := reject(t, s, d, RoleScotland, "move Fife -> Angus: Douglas", "move Lothian -> Dunbar: York Infantry", "fly away")
	require.Len(t, rej.Problems, 2)
	assert.Equal(t, 2, rej.Problems[0].Line.No)
	assert.Contains(t, rej.Problems[0].Reason, "not a known block of yours")
	assert.Equal(t, int8(area("fife")), s.Loc[blk("douglas")], "nothing applied")
	_, _, err := s.Apply(sub(RoleEngland, "pass"), d)
	assert.Error(t, err)
	_, _, err = s.Apply(sub("wales", "pass"), d)
	assert.Error(t, err)
}
