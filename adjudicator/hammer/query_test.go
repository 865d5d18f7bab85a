package hammer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
)

// "show Buchan" answers what the reader may see of an area: castle and
// borders, his own blocks by name and strength, the enemy's as a count.
func TestQueryShowsAnAreaAsTheReaderSeesIt(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	put(t, s, "york_infantry", "buchan", 0)
	var q adjudicator.Querier = s

	sc, err := q.Query(RoleScotland, "buchan")
	require.NoError(t, err)
	assert.Contains(t, sc, "Buchan: ")
	assert.Contains(t, sc, "Borders: ")
	assert.Contains(t, sc, "Scotland blocks: Douglas 4/4")
	assert.Contains(t, sc, "England blocks: 1 (hidden)")
	assert.NotContains(t, sc, "York Infantry")

	en, err := q.Query(RoleEngland, "Buch")
	require.NoError(t, err)
	assert.Contains(t, en, "England blocks: York Infantry 4/4")
	assert.Contains(t, en, "Scotland blocks: 1 (hidden)")
	assert.NotContains(t, en, "Douglas")

	gm, err := q.Query(adjudicator.GM, "buchan")
	require.NoError(t, err)
	assert.Contains(t, gm, "Douglas")
	assert.Contains(t, gm, "York Infantry")

	_, err = q.Query(RoleScotland, "buchna")
	assert.ErrorContains(t, err, "did you mean Buchan?")
}
