package richard3

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
)

// TestMapPositions: every area and sea zone has a position on the canvas
// and a region, and no two are so close that their labels collide.
func TestMapPositions(t *testing.T) {
	pos := map[string]board.Point{}
	regions := map[string]bool{}
	for _, r := range mapData.Regions {
		regions[r] = true
	}
	for a := 0; a < nAreas; a++ {
		p := mapData.pos[a]
		require.True(t, p[0] > 0 && p[1] > 0 && p[0] < mapData.Width && p[1] < mapData.Height, "%s at %v", areas[a].ID, p)
		require.True(t, regions[mapData.region[a]], "%s: region %q", areas[a].ID, mapData.region[a])
		pos[areas[a].ID] = board.Point{X: p[0], Y: p[1]}
	}
	require.Len(t, mapData.Seas, 3)
	for _, z := range mapData.Seas {
		pos[z.ID] = board.Point{X: z.Pos[0], Y: z.Pos[1]}
	}
	d, a, b := board.MinDistance(pos)
	require.GreaterOrEqual(t, d, 100.0, "%s and %s are %.0f apart", a, b, d)
	s := newGame(t)
	for _, r := range []adjudicator.Role{RoleYork, RoleLancaster, adjudicator.GM} {
		m := s.MapView(r)
		require.NoError(t, m.Validate())
		require.Len(t, m.Areas, nAreas+3)
	}
}
