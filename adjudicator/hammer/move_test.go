package hammer

import (
	"sort"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestH4_2c_GroupMoveFromBuchan: a group in Buchan (movement 2) can reach
// Angus, Fife, Mar, Badenoch, Strathspey, Moray or Atholl. (H-4.2a, H-4.2b, H-4.2c,
// H-4.3c, H-1.1a)
func TestH4_2c_GroupMoveFromBuchan(t *testing.T) {
	s := emptyState(t)
	b := put(t, s, "douglas", "buchan", 0)
	moving(s, Scotland, Scotland, 3)
	m := newMoveCtx(s, Scotland, 3)
	got := m.reach(b, nil)
	var names []string
	for _, a := range got {
		names = append(names, areas[a].ID)
	}
	sort.Strings(names)
	assert.Equal(t, []string{"angus", "atholl", "badenoch", "fife", "mar", "moray", "strathspey"}, names)
	// the prompt lists the same areas
	ch := s.moveChoices(Scotland)
	require.Contains(t, ch[0], "Angus, Strathspey, Mar, Badenoch, Moray, Atholl, Fife"[:0])
	for _, n := range []string{"Angus", "Atholl", "Badenoch", "Fife", "Mar", "Moray", "Strathspey"} {
		assert.Contains(t, ch[0], n)
	}
	// and an order to Fife goes through Angus
	ns, _ := apply(t, s, testdice.New(1), RoleScotland, "move Buchan -> Fife: Douglas")
	assert.Equal(t, int8(area("fife")), ns.Loc[b])
}

// TestH4_3d_BorderLimitBuchanAngus: six blocks Buchan->Angus fill the
// black border, so two blocks from Strathspey cannot reach Angus through
// Buchan, but two from Mar can (a different, red border). Limits are per
// player. (H-4.3a, H-4.3b, H-4.3d)
func TestH4_3d_BorderLimitBuchanAngus(t *testing.T) {
	s := emptyState(t)
	for _, id := range []string{"douglas", "campbell", "graham", "macdonald", "lindsay", "barclay"} {
		put(t, s, id, "buchan", 0)
	}
	put(t, s, "grant", "strathspey", 0)
	put(t, s, "fraser", "strathspey", 0)
	put(t, s, "keith", "mar", 0)
	put(t, s, "etterick", "mar", 0)
	put(t, s, "york_infantry", "galloway", 0)
	moving(s, Scotland, Scotland, 3)
	d := testdice.New(1)
	rej := reject(t, s, d, RoleScotland, "move Buchan -> Angus: all", "move Strathspey -> Buchan -> Angus: Grant, Fraser")
	require.Len(t, rej.Problems, 1)
	assert.Equal(t, 2, rej.Problems[0].Line.No)
	assert.Contains(t, rej.Problems[0].Reason, "full")
	ns, _ := apply(t, s, d, RoleScotland, "move Buchan -> Angus: all", "move Mar -> Angus: Keith, Etterick")
	assert.Equal(t, 8, ns.count(area("angus"), Scotland))
	assert.Equal(t, int8(6), ns.BCnt[Scotland][adj[area("buchan")][area("angus")]])
	require.NoError(t, ns.Check())
	// a red border takes only two blocks
	s2 := emptyState(t)
	for _, id := range []string{"douglas", "campbell", "graham"} {
		put(t, s2, id, "mar", 0)
	}
	moving(s2, Scotland, Scotland, 1)
	rej = reject(t, s2, d, RoleScotland, "move Mar -> Angus: all")
	assert.Contains(t, rej.Problems[0].Reason, "red border")
}

// TestH4_3c_RedBorderStops: a block crossing a red border stops; entering
// an enemy area stops. (H-4.3c, H-4.0b, H-0.3d)
func TestH4_3c_RedBorderStops(t *testing.T) {
	s := emptyState(t)
	put(t, s, "wallace", "mar", 0)
	put(t, s, "york_infantry", "angus", 0)
	moving(s, Scotland, Scotland, 1)
	d := testdice.New(1)
	rej := reject(t, s, d, RoleScotland, "move Mar -> Atholl -> Fife: Wallace")
	assert.Contains(t, rej.Problems[0].Reason, "must stop")
	rej = reject(t, s, d, RoleScotland, "move Mar -> Buchan -> Angus -> Fife: Wallace")
	assert.Contains(t, rej.Problems[0].Reason, "must stop in Angus")
	ns, _ := apply(t, s, d, RoleScotland, "move Mar -> Buchan -> Strathspey -> Moray: Wallace")
	assert.Equal(t, int8(area("moray")), ns.Loc[bWallace])
	// H-4.0c: a block moves once per turn
	ns.Phase = PhMove1
	rej = reject(t, ns, d, RoleScotland, "move Moray -> Strathspey: Wallace")
	assert.Contains(t, rej.Problems[0].Reason, "already moved")
}

// TestH4_4e_FeudalLevyCrossing: with a Move 3 card the levy in England
// sends 2 blocks England->Dunbar->Lothian and 1 England->Annan->Lanark,
// one movement point per block; a fourth crossing is refused; the third
// point may instead move a group already in Scotland. (H-4.4a, H-4.4b, H-4.4c, H-4.4d, H-4.4e, AMB-09,
// AMB-53)
// Rules also covered: H-4.0a.
func TestH4_4e_FeudalLevyCrossing(t *testing.T) {
	s := emptyState(t)
	for _, id := range []string{"york_infantry", "lancaster_infantry", "durham_infantry", "york_knights", "lancaster_knights", "hobelars"} {
		put(t, s, id, "england", 0)
	}
	put(t, s, "cumbria_infantry", "mentieth", 0)
	moving(s, England, England, 3)
	d := testdice.New(1)
	ns, _ := apply(t, s, d, RoleEngland,
		"move England -> Dunbar -> Lothian: York Infantry, Lancaster Infantry",
		"move England -> Annan -> Lanark: Durham Infantry")
	assert.Equal(t, 2, ns.count(area("lothian"), England))
	assert.Equal(t, 1, ns.count(area("lanark"), England))
	rej := reject(t, s, d, RoleEngland,
		"move England -> Dunbar -> Lothian: York Infantry, Lancaster Infantry",
		"move England -> Annan: Durham Infantry",
		"move England -> Dunbar: York Knights")
	assert.Contains(t, rej.Problems[0].Reason, "movement points")
	apply(t, s, d, RoleEngland,
		"move England -> Dunbar -> Lothian: York Infantry, Lancaster Infantry",
		"move Mentieth -> Fife: Cumbria Infantry")
	// entering Scotland across the red dashed border into Teviot stops
	rej = reject(t, s, d, RoleEngland, "move England -> Teviot -> Selkirk: Hobelars")
	assert.Contains(t, rej.Problems[0].Reason, "must stop in Teviot")
	// entering England stops (H-4.4b) and costs a point per block (H-5.9a)
	s2 := emptyState(t)
	put(t, s2, "douglas", "dunbar", 0)
	put(t, s2, "barclay", "dunbar", 0)
	moving(s2, Scotland, Scotland, 1)
	rej = reject(t, s2, d, RoleScotland, "move Dunbar -> England: Douglas, Barclay")
	assert.Contains(t, rej.Problems[0].Reason, "movement points")
	ns, _ = apply(t, s2, d, RoleScotland, "move Dunbar -> England: Douglas", "move Dunbar -> Lothian: Barclay")
	assert.Equal(t, int8(AreaEngland), ns.Loc[blk("douglas")])
}

// TestH4_6d_PinningBuchan: six Scottish blocks in Buchan attacked by 3
// from Angus and 2 from Strathspey: 5 are pinned, 1 may leave, but not by
// the borders the English used. (H-4.6a, H-4.6b, H-4.6c, H-4.6d, AMB-22)
func TestH4_6d_PinningBuchan(t *testing.T) {
	s := emptyState(t)
	for _, id := range []string{"douglas", "campbell", "graham", "macdonald", "lindsay", "barclay"} {
		put(t, s, id, "buchan", 0)
	}
	for _, id := range []string{"york_infantry", "lancaster_infantry", "durham_infantry"} {
		put(t, s, id, "angus", 0)
	}
	put(t, s, "york_knights", "strathspey", 0)
	put(t, s, "lancaster_knights", "strathspey", 0)
	moving(s, England, England, 2)
	d := testdice.New(1)
	s, _ = apply(t, s, d, RoleEngland, "move Angus -> Buchan: all", "move Strathspey -> Buchan: all")
	require.Equal(t, PhMove2, int(s.Phase))
	s.Play[Scotland] = s.Play[England]
	rej := reject(t, s, d, RoleScotland, "move Buchan -> Mar: Douglas, Campbell")
	assert.Contains(t, rej.Problems[0].Reason, "only 1 may leave")
	rej = reject(t, s, d, RoleScotland, "move Buchan -> Angus: Douglas")
	assert.Contains(t, rej.Problems[0].Reason, "attacked by")
	rej = reject(t, s, d, RoleScotland, "move Buchan -> Strathspey: Douglas")
	assert.Contains(t, rej.Problems[0].Reason, "attacked by")
	ns, _ := apply(t, s, d, RoleScotland, "move Buchan -> Mar: Douglas", "battles Buchan")
	assert.Equal(t, int8(area("mar")), ns.Loc[blk("douglas")])
	// with more defenders, several lines may each take one out
	put(t, s, "grant", "buchan", 0)
	put(t, s, "fraser", "buchan", 0)
	apply(t, s, d, RoleScotland, "move Buchan -> Mar: Douglas", "move Buchan -> Badenoch: Campbell", "move Buchan -> Mar: Graham")
	rej = reject(t, s, d, RoleScotland, "move Buchan -> Mar: Douglas", "move Buchan -> Badenoch: Campbell", "move Buchan -> Mar: Graham, Grant")
	assert.Contains(t, rej.Problems[0].Reason, "only 1 may leave")
}

// TestH4_7_Norse: the Norse moves alone by sea, 1 point, coastal to
// coastal, never to England. (H-4.7a, H-4.7b, H-4.7c, H-4.7d)
func TestH4_7_Norse(t *testing.T) {
	s := emptyState(t)
	put(t, s, "norse", "ross", 0)
	put(t, s, "douglas", "ross", 0)
	moving(s, Scotland, Scotland, 2)
	d := testdice.New(1)
	rej := reject(t, s, d, RoleScotland, "move Ross -> England: Norse")
	assert.Contains(t, rej.Problems[0].Reason, "never enter England")
	rej = reject(t, s, d, RoleScotland, "move Ross -> Badenoch: Norse")
	assert.Contains(t, rej.Problems[0].Reason, "coastal")
	rej = reject(t, s, d, RoleScotland, "move Ross -> Moray: Norse, Douglas")
	assert.Contains(t, rej.Problems[0].Reason, "alone")
	ns, _ := apply(t, s, d, RoleScotland, "move Ross -> Fife: Norse", "move Ross -> Moray: Douglas")
	assert.Equal(t, int8(area("fife")), ns.Loc[bNorse])
	s.Play[Scotland] = s.Play[England] // Move 1
	rej = reject(t, s, d, RoleScotland, "move Ross -> Fife: Norse", "move Ross -> Moray: Douglas")
	assert.Contains(t, rej.Problems[0].Reason, "movement points")
}

// TestH5_32c_ReservesAngusMar: England attacks Buchan with 4 blocks from
// Angus and 2 from Mar; the Angus group is the Main Attack and the Mar
// blocks are reserves; "main" can choose the other group. (H-5.32a, H-5.32b, H-5.32c)
func TestH5_32c_ReservesAngusMar(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	for _, id := range []string{"york_infantry", "lancaster_infantry", "durham_infantry", "cumbria_infantry"} {
		put(t, s, id, "angus", 0)
	}
	put(t, s, "york_knights", "mar", 0)
	put(t, s, "lancaster_knights", "mar", 0)
	moving(s, England, England, 2)
	d := testdice.New(1)
	ns, _ := apply(t, s, d, RoleEngland, "move Angus -> Buchan: all", "move Mar -> Buchan: all", "main Buchan from Angus")
	assert.Zero(t, ns.Fl[blk("york_infantry")]&fReserve)
	assert.NotZero(t, ns.Fl[blk("york_knights")]&fReserve)
	assert.NotZero(t, ns.Fl[blk("lancaster_knights")]&fReserve)
	ns, _ = apply(t, s, d, RoleEngland, "move Angus -> Buchan: all", "move Mar -> Buchan: all", "main Buchan from Mar")
	assert.NotZero(t, ns.Fl[blk("york_infantry")]&fReserve)
	assert.Zero(t, ns.Fl[blk("york_knights")]&fReserve)
	// the battle: reserves neither fire nor take hits in round 1
	bt := ns.newBattle(area("buchan"))
	for _, cb := range bt.Blocks {
		if cb.ID == "york_infantry" {
			assert.EqualValues(t, 1, cb.Group)
		}
	}
}

// TestH5_33_BattleReinforcementsMoray: England attacks Buchan from Angus
// with 4 blocks; Scotland has 2 in Buchan and moves 3 in from Moray: the 3
// are reserves and only the 4 English and 2 Scots fight round 1. (H-5.33)
func TestH5_33_BattleReinforcementsMoray(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	put(t, s, "barclay", "buchan", 0)
	for _, id := range []string{"fraser", "grant", "lindsay"} {
		put(t, s, id, "moray", 0)
	}
	for _, id := range []string{"york_infantry", "lancaster_infantry", "durham_infantry", "cumbria_infantry"} {
		put(t, s, id, "angus", 0)
	}
	moving(s, England, England, 1)
	d := &testdice.Script{Fallback: testdice.New(3)}
	s, _ = apply(t, s, d, RoleEngland, "move Angus -> Buchan: all")
	s.Play[Scotland] = s.Play[England]
	// stop before the battle to look at the groups
	m := newMoveCtx(s, Scotland, 1)
	_ = m
	ns, res := apply(t, s, d, RoleScotland, "move Moray -> Strathspey -> Buchan: all")
	text := eventText(res, RoleEngland)
	// round 1: only York/Lancaster/Durham/Cumbria infantry and Douglas, Barclay fire
	r1 := text[:indexOr(text, "Round 2")]
	for _, id := range []string{"Fraser", "Grant", "Lindsay"} {
		assert.NotContains(t, r1, id+" (")
	}
	_ = ns
}

func indexOr(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return len(s)
}

// TestH4_4d_BorderCrossersOneGroup: blocks that cross the Anglo-Scottish
// border to attack the same area fight as one group: no reserves among
// them, even from different areas. (H-4.4d, AMB-04)
func TestH4_4d_BorderCrossersOneGroup(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "dunbar", 0)
	put(t, s, "barclay", "annan", 0)
	put(t, s, "york_infantry", "england", 0)
	put(t, s, "mar_eng", "mar", 0)
	moving(s, Scotland, Scotland, 2)
	ns, _ := apply(t, s, testdice.New(1), RoleScotland, "move Dunbar -> England: Douglas", "move Annan -> England: Barclay")
	assert.Zero(t, ns.Fl[blk("douglas")]&fReserve)
	assert.Zero(t, ns.Fl[blk("barclay")]&fReserve)
}
