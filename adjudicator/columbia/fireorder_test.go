package columbia

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// firingOrderBattle: York attacks with two B blocks and a C block;
// Lancaster defends with two B blocks. Every die misses.
func firingOrderBattle(t *testing.T) *Battle {
	return newBattle(t, RichardIII(), york, lancaster,
		blk("stanley", york, "B2", 2, 3),
		blk("norfolk", york, "B2", 2, 3),
		blk("levy", york, "C2", 2, 3),
		blk("oxford", lancaster, "B2", 2, 3),
		blk("devon", lancaster, "B2", 2, 3),
	)
}

// R3-6.2b, H-5.31b: the turn order is letter, then Defender first; among
// one side's blocks of one letter the owner sets the order (rulings
// R3-R22, AMB-18), the fixed order being the default.
func TestFiringOrderWithinLetter(t *testing.T) {
	t.Run("fixed order by default (R3-6.2b)", func(t *testing.T) {
		bt := firingOrderBattle(t)
		rec := &recorder{inner: BySide{}}
		_, err := bt.Run(&testHooks{}, rec, script(misses(40)))
		require.NoError(t, err)
		assert.Equal(t, []string{"oxford", "devon", "stanley", "norfolk", "levy"}, rec.turns[1])
	})
	t.Run("each side orders its own blocks of one letter (R3-6.2b, H-5.31b)", func(t *testing.T) {
		bt := firingOrderBattle(t)
		rec := &recorder{inner: BySide{
			york:      &StandingOrders{Order: []string{"norfolk"}},
			lancaster: &StandingOrders{Order: []string{"devon", "oxford"}},
		}}
		_, err := bt.Run(&testHooks{}, rec, script(misses(40)))
		require.NoError(t, err)
		for r := 1; r <= 3; r++ {
			assert.Equal(t, []string{"devon", "oxford", "norfolk", "stanley", "levy"}, rec.turns[r], "round %d", r)
		}
	})
	t.Run("an order never crosses a letter or the Defender-first rule (R3-6.2b)", func(t *testing.T) {
		bt := firingOrderBattle(t)
		// York lists its C block first and an enemy block: the C block
		// still waits for every B block, and the Defender's B blocks
		// still go before York's.
		rec := &recorder{inner: BySide{york: &StandingOrders{Order: []string{"levy", "oxford", "norfolk"}}}}
		_, err := bt.Run(&testHooks{}, rec, script(misses(40)))
		require.NoError(t, err)
		assert.Equal(t, []string{"oxford", "devon", "norfolk", "stanley", "levy"}, rec.turns[1])
	})
	t.Run("in ask mode a new order moves the question to the block named (R3-6.2b, H-5.31b)", func(t *testing.T) {
		bt := firingOrderBattle(t)
		d := script(misses(40))
		ask := BySide{lancaster: &StandingOrders{Ask: true}}
		p, err := bt.Run(&testHooks{}, ask, d)
		require.NoError(t, err)
		require.NotNil(t, p)
		assert.Equal(t, "oxford", p.Block)
		bt = roundTrip(t, bt)
		// The player answers with an order instead: Devon acts first.
		p, err = bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true, Order: []string{"devon"}}}, d)
		require.NoError(t, err)
		require.NotNil(t, p)
		assert.Equal(t, "devon", p.Block)
		// Devon fires; Oxford's turn follows in the same round.
		p, err = bt.Resume(Choice{Action: ActFire}, &testHooks{}, BySide{lancaster: &StandingOrders{Ask: true, Order: []string{"devon"}}}, d)
		require.NoError(t, err)
		require.NotNil(t, p)
		assert.Equal(t, "oxford", p.Block)
		assert.Equal(t, 1, bt.Round)
		// Naming a block that has already acted changes nothing.
		p, err = bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true, Order: []string{"devon", "oxford"}}}, d)
		require.NoError(t, err)
		assert.Equal(t, "oxford", p.Block)
	})
}

func TestParseStandingOrder(t *testing.T) {
	s, err := ParseStanding("order Norfolk, oxf; fire", testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, StandingOrders{Order: []string{"norfolk", "oxford"}}, s)
	assert.Equal(t, "fire; order norfolk, oxford", s.String())
	back, err := ParseStanding(s.String(), testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	s, err = ParseStanding("order of fire norwich levy", testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, []string{"norwich-levy"}, s.Order)
	for _, bad := range []string{"order", "order nobody", "order oxford, warwick"} {
		_, err := ParseStanding(bad, testBlocks, testAreas)
		assert.Error(t, err, bad)
	}
}

func TestParseStandingLaterOrderWins(t *testing.T) {
	s, err := ParseStanding("order oxford, norfolk; pass norfolk; order norfolk", testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, []string{"norfolk"}, s.Order)
}
