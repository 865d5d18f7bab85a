package store

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Orders held in a revision window: the game wakes at the window's end
// (not at a reminder or the deadline), a pause first; Clone copies them;
// VoidSubmission frees a replaced submission's content.
func TestHeldOrdersWakeCloneAndVoid(t *testing.T) {
	t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	g := &Game{ID: "g", Deadline: t0.Add(72 * time.Hour), ReminderHours: 24, Owing: []string{"a"}, Players: []Player{{Role: "a"}}}
	require.Equal(t, t0.Add(48*time.Hour), g.WakeAt())
	g.Held = &HeldOrders{Role: "a", Lines: []string{"pick 2"}, At: t0, Until: t0.Add(30 * time.Minute)}
	require.Equal(t, t0.Add(30*time.Minute), g.WakeAt())
	g.Deadline = t0.Add(10 * time.Minute)
	require.Equal(t, t0.Add(30*time.Minute), g.WakeAt(), "the decision is in: the deadline waits")
	c := g.Clone()
	c.Held.Lines[0] = "pick 3"
	require.Equal(t, "pick 2", g.Held.Lines[0])
	g.Pause = &Pause{Until: t0.Add(24 * time.Hour)}
	require.Equal(t, t0.Add(24*time.Hour), g.WakeAt())

	db, err := Open(filepath.Join(t.TempDir(), "s.db"), Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.RecordSubmission("g-1", "a", &Submission{Number: 1, Contents: []string{"h1"}, At: t0, Seq: 2}))
		require.NoError(t, tx.VoidSubmission("g-1", "a", 1))
		s, err := tx.SubmissionByContent("g-1", "a", "h1")
		require.NoError(t, err)
		require.Nil(t, s)
		s, err = tx.SubmissionByNumber("g-1", "a", 1)
		require.NoError(t, err)
		require.True(t, s.Void)
		require.NoError(t, tx.VoidSubmission("g-1", "a", 9), "a record the store no longer has")
		return nil
	}))
}
