package judge

import (
	"fmt"
	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
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

// A game that a newer version of pbem takes over keeps the position the
// older one left as a checkpoint: a rollback to it or after it works even
// though the log before it no longer replays, and a rollback to before it
// is refused, naming the earliest entry it can go back to.
func TestRollbackAfterUpgradeUsesCheckpoint(t *testing.T) {
	f := newFixture(t)
	f.j = f.judgeWith("pbem v1")
	f.seat("north", "pick 3")
	f.seat("south", "pick 3")
	cp := f.game_().Seq

	judgetest.MaxPick = 2 // the upgrade: "pick 3" is no longer legal
	defer func() { judgetest.MaxPick = 3 }()
	f.j = f.judgeWith("pbem v2")
	o, _ := f.seat("north", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.NoError(t, f.db.View(func(tx *store.Tx) error {
		c, err := tx.Checkpoint(f.game)
		require.NoError(t, err)
		require.NotNil(t, c)
		require.Equal(t, cp, c.Seq)
		require.Equal(t, "pbem v1", c.Rules)
		return nil
	}))
	require.Equal(t, "pbem v2", f.game_().Rules)

	o, text := f.gmSay(fmt.Sprintf("rollback %d", cp-1))
	require.Equal(t, store.OutcomeRejected, o.Kind, o.Reason)
	require.Contains(t, text, fmt.Sprintf("took the game over after entry %d, the earliest entry a rollback can go back to", cp))

	o, text = f.gmSay(fmt.Sprintf("rollback %d", cp))
	require.Equal(t, store.OutcomeAccepted, o.Kind, text)
	o, _ = f.seat("north", "pick 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)

	// The record with every secret revealed carries the checkpoint, and
	// replays from it; the public one does not (it holds hidden facts).
	eng, err := adjudicator.Lookup("duel-test")
	require.NoError(t, err)
	pub, err := f.j.Export(f.game, false)
	require.NoError(t, err)
	require.Nil(t, pub.Checkpoint)
	all, err := f.j.Export(f.game, true)
	require.NoError(t, err)
	require.NotNil(t, all.Checkpoint)
	require.Equal(t, cp, all.Checkpoint.Seq)
	st, _, from, err := record.ReplayOrResume(all, eng)
	require.NoError(t, err)
	require.Equal(t, cp, from)
	require.Equal(t, f.game_().Status.Label, st.Status().Label)
}

// A revision window after an upgrade rebuilds its step from the game's
// checkpoint when the whole log no longer replays: an earlier submitter
// still revises his orders.
func TestRevisionWindowAfterUpgrade(t *testing.T) {
	f := windowFixture(t)
	f.j = f.judgeWith("pbem v1")
	f.seat("north", "pick 3")
	f.seat("south", "pick 3")
	f.now = f.game_().Held.Until
	require.Equal(t, 1, f.tick())
	require.Equal(t, 2, f.game_().Status.Turn)

	judgetest.MaxPick = 2
	defer func() { judgetest.MaxPick = 3 }()
	f.j = f.judgeWith("pbem v2")
	f.seat("north", "pick 2")
	o, _ := f.seat("south", "pick 1")
	require.Equal(t, "held for the revision window", o.Reason)
	o, text := f.seat("north", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason+" "+text)
	require.Contains(t, text, "Your pick: 1")
	f.now = f.game_().Held.Until
	require.Equal(t, 1, f.tick())
	require.Equal(t, 3, f.game_().Status.Turn)
}

// judgeWith is the fixture's judge as a build whose rules are named rules
// would run it.
func (f *fixture) judgeWith(rules string) *Judge {
	return New(f.db, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return f.now }, Rules: rules})
}
