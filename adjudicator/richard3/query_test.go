package richard3

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// "show Calais" answers what the reader may see of an area: its borders
// and sea zones, his own blocks by name and strength, the enemy's as a
// count only (blocks stand upright, hidden from the enemy).
func TestQueryShowsAnAreaAsTheReaderSeesIt(t *testing.T) {
	st, err := Game{}.Setup("", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*State)
	var q adjudicator.Querier = s

	york, err := q.Query(RoleYork, "calais")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(york, "Calais"), york)
	assert.Contains(t, york, "York blocks: ")
	assert.Contains(t, york, "Warwick 4/4")
	assert.Contains(t, york, "Sea zones: ")

	lanc, err := q.Query(RoleLancaster, "Calais")
	require.NoError(t, err)
	assert.Contains(t, lanc, "York blocks: 6 (hidden)")
	assert.NotContains(t, lanc, "Warwick")

	gm, err := q.Query(adjudicator.GM, "cal")
	require.NoError(t, err)
	assert.Contains(t, gm, "Warwick 4/4")

	kent, err := q.Query(RoleYork, "kent")
	require.NoError(t, err)
	assert.Contains(t, kent, "Borders (colour, blocks that may cross a turn): ")
	assert.Contains(t, kent, "(yellow, 4)")

	_, err = q.Query(RoleYork, "knet")
	assert.EqualError(t, err, `"knet" is not a known area; did you mean Kent?`)
}
