package hammer

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// TestMapPositions: every area has a position on the canvas and a region,
// and no two are so close that their labels collide.
func TestMapPositions(t *testing.T) {
	pos := map[string]board.Point{}
	regions := map[string]bool{}
	for _, r := range mapData.Regions {
		regions[r] = true
	}
	for a := 0; a < NA; a++ {
		p := mapData.pos[a]
		require.True(t, p[0] > 0 && p[1] > 0 && p[0] < mapData.Width && p[1] < mapData.Height, "%s at %v", areas[a].ID, p)
		require.True(t, regions[mapData.region[a]], "%s: region %q", areas[a].ID, mapData.region[a])
		pos[areas[a].ID] = board.Point{X: p[0], Y: p[1]}
	}
	d, a, b := board.MinDistance(pos)
	require.GreaterOrEqual(t, d, 100.0, "%s and %s are %.0f apart", a, b, d)
	st, err := Game{}.Setup("", nil, testdice.New(1))
	require.NoError(t, err)
	for _, r := range []adjudicator.Role{RoleEngland, RoleScotland, adjudicator.GM} {
		m := st.(*St).MapView(r)
		require.NoError(t, m.Validate())
		require.Len(t, m.Areas, NA)
		require.Len(t, m.Borders, NK)
	}
}
