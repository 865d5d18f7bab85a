package hammer

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestH1_MapData: 23 areas and 49 borders; Carrick-Argyll and
// Lothian-Fife do not touch; Buchan is castle 2; Fife is 2 for England and
// 3 for the Scots; cathedrals in Strathspey, Lennox and Fife; noble homes.
// (H-1.0, H-1.1a, H-1.1b, H-1.1c, H-1.2a, H-1.2b, H-1.3a, H-1.3b, H-1.4a,
// H-1.4d, H-4.4a)
func TestH1_MapData(t *testing.T) {
	assert.Equal(t, int8(-1), adj[area("carrick")][area("argyll")])
	assert.Equal(t, int8(-1), adj[area("lothian")][area("fife")])
	assert.Equal(t, 2, castleFor(area("buchan"), Scotland))
	assert.Equal(t, 2, castleFor(area("fife"), England))
	assert.Equal(t, 3, castleFor(area("fife"), Scotland))
	var cath []string
	for a := 0; a < NA; a++ {
		if areas[a].Cathedral {
			cath = append(cath, areas[a].ID)
		}
	}
	assert.ElementsMatch(t, []string{"strathspey", "lennox", "fife"}, cath)
	assert.True(t, isHome(blk("buchan_eng"), area("buchan")))
	assert.True(t, isHome(blk("bruce_scot"), area("annan")) && isHome(blk("bruce_scot"), area("carrick")))
	assert.True(t, isHome(blk("comyn_eng"), area("badenoch")) && isHome(blk("comyn_eng"), area("lochaber")))
	as := 0
	for k := 0; k < NK; k++ {
		if borders[k].AngSco {
			as++
		}
	}
	assert.Equal(t, 3, as)
	assert.True(t, borders[adj[AreaEngland][area("teviot")]].Red)
	assert.False(t, borders[adj[AreaEngland][area("dunbar")]].Red)
}

// TestH2_BlockData: the block mix of both sides, ratings, black crosses,
// Celtic blocks, factions. (H-2.0a, H-2.1a, H-2.11a, H-2.11b, H-2.11c, H-2.12a, H-2.12b,
// H-2.21a, H-2.21b, H-2.22a, H-2.22b, H-2.22c, H-2.23, H-2.24a, H-2.24b, H-2.24c, H-2.25a, H-2.25b, H-2.25c, H-2.26, H-2.2a, H-2.2b, H-2.2c,
// H-5.8d)
func TestH2_BlockData(t *testing.T) {
	count := map[[2]int]int{}
	for b := 0; b < NB; b++ {
		count[[2]int{blocks[b].Side, blocks[b].Type}]++
		assert.True(t, blocks[b].Max >= 2 && blocks[b].Max <= 4, blocks[b].ID)
	}
	assert.Equal(t, 1, count[[2]int{England, TKing}])
	assert.Equal(t, 2, count[[2]int{England, TArchers}])
	assert.Equal(t, 3, count[[2]int{England, TKnights}])
	assert.Equal(t, 1, count[[2]int{England, THobelars}])
	assert.Equal(t, 8, count[[2]int{England, TInfantry}])
	assert.Equal(t, 13, count[[2]int{England, TNoble}])
	assert.Equal(t, 14, count[[2]int{Scotland, TNoble}])
	assert.Equal(t, 8, count[[2]int{Scotland, TInfantry}])
	assert.Equal(t, "B4", rating(bEdward))
	assert.Equal(t, "A3", rating(bWallace))
	assert.Equal(t, "A3", rating(bKing))
	assert.Equal(t, "A2", rating(bHobelars))
	assert.Equal(t, "A2", rating(bNorse))
	assert.Equal(t, "B3", rating(bFrench))
	assert.Equal(t, "B1", rating(blk("keith")))
	assert.Equal(t, "B2", rating(blk("etterick")))
	assert.Equal(t, "B3", rating(blk("lancaster_archers")))
	assert.Equal(t, "C3", rating(blk("douglas")))
	assert.Equal(t, 3, blocks[bWallace].Move)
	var cross []string
	for b := 0; b < NB; b++ {
		if blocks[b].Cross {
			cross = append(cross, blocks[b].ID)
		}
	}
	assert.ElementsMatch(t, []string{"wallace", "norse", "french_knights", "moray", "edward", "hobelars"}, cross)
	assert.True(t, blocks[blk("wales_infantry")].Celtic && blocks[blk("ulster_infantry")].Celtic && blocks[blk("wales_archers")].Celtic)
	assert.Equal(t, -1, blocks[bMoray].Partner)
	assert.Equal(t, "bruce", blocks[blk("steward_eng")].Faction)
	assert.Equal(t, "comyn", blocks[blk("ross_scot")].Faction)
	// Scottish archers move 2 by the rulebook's table, 3 with the option (AMB-50)
	s := emptyState(t)
	assert.Equal(t, 2, s.moveOf(blk("etterick")))
	st, err := Game{}.Setup("braveheart", adjudicator.Options{"etterick-move": "3"}, testdice.New(1))
	require.NoError(t, err)
	assert.Equal(t, 3, st.(*St).moveOf(blk("etterick")))
}

// TestH7_61d_OverseasReinforcements: the Norse drawn for an inland area
// lands on an adjacent friendly coast, outside castle limits. (H-7.61d,
// AMB-42)
func TestH7_61d_OverseasReinforcements(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	for b := 0; b < NB; b++ {
		if blocks[b].Side == Scotland && s.Loc[b] == LocPool && b != bNorse {
			s.Loc[b] = LocRemoved
		}
	}
	put(t, s, "douglas", "badenoch", 1)
	put(t, s, "barclay", "moray", 0)
	put(t, s, "fraser", "moray", 0)
	put(t, s, "mar_eng", "mar", 0)
	put(t, s, "angus_scot", "angus", 0)
	w := winterOf(t, s, d)
	w, _ = apply(t, w, d, RoleEngland, "pass")
	ns, res := apply(t, w, d, RoleScotland, "draw Badenoch +1")
	assert.Equal(t, int8(area("moray")), ns.Loc[bNorse], eventText(res, RoleScotland))
	assert.Equal(t, int8(2), ns.Str[bNorse])
	assert.Equal(t, 3, ns.count(area("moray"), Scotland))
}
