package hammer

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestH5_31b_FiringOrderWithinLetter: England's two C infantry blocks
// act in the order England sets; the fixed order is the default. The
// order never crosses letters or the defender-first rule (H-5.31b,
// ruling AMB-18).
func TestH5_31b_FiringOrderWithinLetter(t *testing.T) {
	order := func(stand string) []string {
		s := emptyState(t)
		put(t, s, "lindsay", "buchan", 0)
		put(t, s, "york_infantry", "buchan", 0)
		put(t, s, "durham_infantry", "buchan", 0)
		if stand != "" {
			s.setStand(England, area("buchan"), stand)
		}
		d := &testdice.Script{Rolls: sixes(200)}
		fight(t, s, "buchan", England, d)
		var got []string
		for _, p := range d.Log {
			if strings.HasPrefix(p, "battle buchan r1 ") {
				id := strings.TrimPrefix(p, "battle buchan r1 ")
				if len(got) == 0 || got[len(got)-1] != id {
					got = append(got, id)
				}
			}
		}
		return got
	}
	// H-5.31b: the defender's C block first, then England's in its order.
	assert.Equal(t, []string{"lindsay", "york_infantry", "durham_infantry"}, order(""))
	assert.Equal(t, []string{"lindsay", "durham_infantry", "york_infantry"}, order("order Durham infantry"))
	// H-5.31b: an order that repeats the fixed order changes nothing.
	assert.Equal(t, []string{"lindsay", "york_infantry", "durham_infantry"}, order("order york infantry, durham infantry"))
}

// TestH5_31b_FiringOrderAsked: in ask mode a firing order alone answers
// the battle turn by giving it to the block named (H-5.31b, AMB-18); a
// firing order that moves nothing is not an answer.
func TestH5_31b_FiringOrderAsked(t *testing.T) {
	s := emptyState(t)
	put(t, s, "lindsay", "buchan", 0)
	put(t, s, "york_infantry", "buchan", 0)
	put(t, s, "durham_infantry", "buchan", 0)
	s.setStand(England, area("buchan"), "ask")
	d := &testdice.Script{Rolls: sixes(200)}
	n, _ := fight(t, s, "buchan", England, d)
	require.NotNil(t, n.Bat)
	require.NotNil(t, n.Bat.Pending)
	assert.Equal(t, "york_infantry", n.Bat.Pending.Block)
	assert.Contains(t, reject(t, n, d, RoleEngland, "battle Buchan: ask; order York infantry").Error(), "the battle waits for your answer")
	// A battle line replaces the area's earlier orders: keep "ask".
	n, _ = apply(t, n, d, RoleEngland, "battle Buchan: ask; order Durham infantry")
	require.NotNil(t, n.Bat.Pending)
	assert.Equal(t, "durham_infantry", n.Bat.Pending.Block)
	assert.Equal(t, 1, n.Bat.Round)
}
