package hexbattle

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func mustHex(t testing.TB, s string) Hex {
	h, err := ParseHex(s)
	require.NoError(t, err)
	return h
}

// CN-3.1: the grid numbering; the offset is fixed by the obstacle tables
// CRE-18.16/18.41 (the six neighbours of 1607, 1614, 1528), erratum
// CRE-ERR.5 (1528 adjoins 1427 and 1428) and the wagon park chain of
// CRE-16.31.
func TestGridOffsetCN31(t *testing.T) {
	want := map[string][]string{
		"1607": {"1606", "1707", "1708", "1608", "1507", "1508"},
		"1614": {"1613", "1714", "1715", "1615", "1514", "1515"},
		"1528": {"1527", "1627", "1628", "1529", "1427", "1428"},
	}
	for h, ns := range want {
		got := map[string]bool{}
		for _, n := range mustHex(t, h).Neighbours() {
			got[n.String()] = true
		}
		for _, n := range ns {
			require.True(t, got[n], "%s should neighbour %s", n, h)
		}
	}
	require.Equal(t, 1, Dist(mustHex(t, "0316"), mustHex(t, "0416")))
	require.Equal(t, 1, Dist(mustHex(t, "0416"), mustHex(t, "0417")))
	require.Equal(t, 1, Dist(mustHex(t, "0417"), mustHex(t, "0518")))
	require.Equal(t, 1, Dist(mustHex(t, "1223"), mustHex(t, "1123")))
	for d := range 6 {
		h := mustHex(t, "1010")
		require.Equal(t, h, h.Step(d).Step(d+3))
		require.Equal(t, d, h.Dir(h.Step(d)))
	}
}

func TestSegmentStraightLine(t *testing.T) {
	// along a line of hexes every hex between is crossed through its interior
	a, b := mustHex(t, "0505"), mustHex(t, "0509")
	ts := segmentHexes(a, b)
	require.Len(t, ts, 3)
	for _, x := range ts {
		require.Equal(t, cInterior, x.How)
	}
}

func TestSegmentAlongHexside(t *testing.T) {
	// a line that runs exactly along hexsides: 0505 to two hexes away in
	// the direction between d0 and d1 (axial (+2,-1)) meets two hexes by
	// a shared side.
	a := mustHex(t, "0505")
	q, ax := a.axial()
	b := fromAxial(q+2, ax-1)
	ts := segmentHexes(a, b)
	edges := 0
	for _, x := range ts {
		if x.How == cEdge {
			edges++
			require.True(t, Adjacent(x.Hex, x.Across))
		}
		require.NotEqual(t, cInterior, x.How)
	}
	require.Equal(t, 2, edges)
}
