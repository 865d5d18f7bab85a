package record

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/pbem/pbem/adjudicator"
)

// Random games with random rollbacks, defaults and entropy always verify
// and replay to the state the platform reached.
func TestRandomGamesVerifyAndReplay(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		tb := newTable(rt, vectorHeader(), 10, seq(0x40), seq(0x60))
		tb.setup()
		steps := rapid.IntRange(1, 25).Draw(rt, "steps")
		for i := 0; i < steps && !tb.state.Status().Finished; i++ {
			if len(tb.rec.Entries) > 2 && rapid.IntRange(0, 5).Draw(rt, "rollback?") == 0 {
				tb.rollback(rapid.IntRange(1, len(tb.rec.Entries)).Draw(rt, "to"))
				continue
			}
			prompts := tb.state.Prompts()
			p := prompts[rapid.IntRange(0, len(prompts)-1).Draw(rt, "who")]
			k := rapid.IntRange(0, 21).Draw(rt, "dice") // 0 and 21 are rejected
			var entropy []string
			if rapid.Bool().Draw(rt, "entropy?") {
				entropy = []string{rapid.StringMatching(`[ -~]{0,12}`).Draw(rt, "entropy")}
			}
			err := tb.submit(KindOrders, p.Role, []string{fmt.Sprintf("roll %d", k)}, entropy...)
			if k < 1 || k > 20 {
				var rej *adjudicator.Rejection
				require.ErrorAs(rt, err, &rej)
			} else {
				require.NoError(rt, err)
			}
		}
		rep := Verify(tb.rec)
		require.True(rt, rep.OK(), rep.String())
		require.Equal(rt, len(tb.rec.Draws), rep.Verified+rep.Pending)
		_, h, err := Replay(tb.rec, highroll{})
		require.NoError(rt, err)
		want, err := StateHash(tb.state)
		require.NoError(rt, err)
		require.Equal(rt, want, h)
		require.True(rt, Audit(tb.rec, highroll{}).Replayed)
	})
}
