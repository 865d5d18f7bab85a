package hexbattle

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// randomField builds a deterministic pseudo-random field of blockers and
// elevations over lines and positions 1..12.
func randomField(seed uint64) (func(Hex) bool, func(Hex) int) {
	hash := func(h Hex, salt uint64) uint64 {
		x := seed ^ uint64(h.Line*131+h.Pos*7919) ^ salt
		x ^= x >> 33
		x *= 0xff51afd7ed558ccd
		x ^= x >> 33
		return x
	}
	return func(h Hex) bool { return hash(h, 1)%5 == 0 }, func(h Hex) int { return int(hash(h, 2) % 3) }
}

// CN-8.11, CN-8.12, CN-8.14, CN-8.15: line of sight is symmetric.
func TestLOSSymmetryCN811(t *testing.T) {
	for seed := range uint64(30) {
		blocks, elev := randomField(seed)
		for i := 0; i < 60; i++ {
			a := Hex{1 + int((seed*7+uint64(i)*3)%12), 1 + int((seed+uint64(i)*5)%12)}
			b := Hex{1 + int((seed*3+uint64(i)*11)%12), 1 + int((seed*5+uint64(i)*7)%12)}
			require.Equal(t, ClearLOS(a, b, blocks, elev), ClearLOS(b, a, blocks, elev), "%s-%s seed %d", a, b, seed)
		}
	}
}

// CN-8.13, CN-8.16: a blocking hex crossed through its interior blocks;
// adjacent hexes always see each other; removing every blocker clears
// every line on flat ground.
func TestLOSBlockingCN813(t *testing.T) {
	flat := func(Hex) int { return 0 }
	none := func(Hex) bool { return false }
	a, b := mustHex(t, "0505"), mustHex(t, "0509")
	require.True(t, ClearLOS(a, b, none, flat))
	mid := mustHex(t, "0507")
	require.False(t, ClearLOS(a, b, func(h Hex) bool { return h == mid }, flat))
	for _, n := range a.Neighbours() {
		require.True(t, ClearLOS(a, n, func(Hex) bool { return true }, flat))
	}
	for seed := range uint64(10) {
		blocks, elev := randomField(seed)
		for i := range 40 {
			x := Hex{1 + i%12, 1 + (i*7)%12}
			y := Hex{1 + (i*5)%12, 1 + (i*3)%12}
			require.True(t, ClearLOS(x, y, none, flat))
			// a blocker anywhere on the line through interiors blocks
			for _, h := range segmentHexes(x, y) {
				if h.How == cInterior {
					require.False(t, ClearLOS(x, y, func(z Hex) bool { return z == h.Hex }, flat))
				}
			}
			_ = blocks
			_ = elev
		}
	}
}

// CN-8.12: along a hexside, one blocking hex does not block; two do.
func TestLOSHexsideCN812(t *testing.T) {
	a := mustHex(t, "0505")
	q, ax := a.axial()
	b := fromAxial(q+2, ax-1)
	var sides []touched
	for _, x := range segmentHexes(a, b) {
		if x.How == cEdge {
			sides = append(sides, x)
		}
	}
	require.Len(t, sides, 2)
	flat := func(Hex) int { return 0 }
	one := sides[0].Hex
	require.True(t, ClearLOS(a, b, func(h Hex) bool { return h == one }, flat))
	require.False(t, ClearLOS(a, b, func(h Hex) bool { return h == sides[0].Hex || h == sides[1].Hex }, flat))
}

// CN-8.14, CN-8.15: a hex higher than both ends blocks; a hex as high as
// the higher end does not.
func TestLOSElevationCN814(t *testing.T) {
	a, b := mustHex(t, "0505"), mustHex(t, "0509")
	mid := mustHex(t, "0507")
	none := func(Hex) bool { return false }
	el := func(lvA, lvB, lvMid int) func(Hex) int {
		return func(h Hex) int {
			switch h {
			case a:
				return lvA
			case b:
				return lvB
			case mid:
				return lvMid
			}
			return 0
		}
	}
	require.False(t, ClearLOS(a, b, none, el(0, 0, 1)), "same level, higher hex between (CN-8.14)")
	require.True(t, ClearLOS(a, b, none, el(1, 1, 1)))
	require.True(t, ClearLOS(a, b, none, el(2, 0, 1)), "different levels, hex not higher than both (CN-8.15)")
	require.False(t, ClearLOS(a, b, none, el(2, 0, 3)), "higher than both (CN-8.15)")
}
