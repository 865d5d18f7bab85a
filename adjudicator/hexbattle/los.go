package hexbattle

// sightBlocker says whether a hex blocks a line of sight between hexes at
// elevations ea and eb (CN-8.13 to CN-8.16).
type sightBlocker func(h Hex) bool

// ClearLOS reports whether a line of sight runs from the centre of a to the
// centre of b. blocks says whether a hex holds something that always blocks
// (a combat unit, woods, a village); elev gives a hex's elevation, and a
// hex higher than both ends blocks too (CN-8.14, CN-8.15).
//
// Rulings (docs/rulings/crecy-navarette.md): a line that runs exactly
// along a hexside is blocked only if the hexes on both sides block
// (CN-8.12), for elevation as for terrain and units; a line that touches
// a hex only at a corner is not blocked by it.
func ClearLOS(a, b Hex, blocks func(Hex) bool, elev func(Hex) int) bool {
	top := max(elev(a), elev(b))
	blocking := func(h Hex) bool {
		if h == a || h == b {
			return false
		}
		return blocks(h) || elev(h) > top
	}
	for _, t := range segmentHexes(a, b) {
		switch t.How {
		case cInterior:
			if blocking(t.Hex) {
				return false
			}
		case cEdge:
			if blocking(t.Hex) && blocking(t.Across) {
				return false
			}
		}
	}
	return true
}
