package judge

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/judge/judgetest"
	"github.com/pbem/pbem/store"
)

// A game in progress when pbem is upgraded to rules that judge one of its
// old entries differently can no longer be replayed from its log. Its
// deadlines still pass (an observer's delayed report that needs the
// replay is skipped, not retried for ever), and a rollback that needs the
// replay is refused with the reason, changing nothing.
func TestGameGoesOnAfterRulesChange(t *testing.T) {
	f := newFixture(t)
	const w = "watcher@example.net"
	o, _ := f.gmSay("observe " + w + " 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	f.seat("north", "pick 3")
	f.seat("south", "pick 3")
	f.now = f.now.Add(3 * time.Hour)
	o, _ = f.seat("north", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, _ = f.gmSay("deadline 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	seq := f.game_().Seq

	judgetest.MaxPick = 2 // the upgrade: "pick 3" is no longer legal
	defer func() { judgetest.MaxPick = 3 }()

	// The observer is owed the position of 2 hours ago, which only a
	// replay can rebuild; the deadline has passed too.
	f.now = f.now.Add(time.Hour + time.Minute)
	require.Equal(t, 1, f.tick(), "the game was ticked")
	g := f.game_()
	require.Greater(t, g.Seq, seq, "the deadline passed: the missed decision was taken by default")
	require.Empty(t, f.observerMails(w), "the report that needs the old entries is skipped")

	o, text := f.gmSay("rollback 4")
	require.Equal(t, store.OutcomeRejected, o.Kind, o.Reason)
	require.Contains(t, text, "cannot rebuild entry 4")
	require.Contains(t, text, "judge an entry differently")
	require.Equal(t, g.Seq, f.game_().Seq, "nothing changed")
}
