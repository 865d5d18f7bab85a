package store

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestOutboxModel drives the outbox and the rate limiter with random
// operations, some in transactions that are rolled back, and compares them
// with a plain in-memory model after every step.
func TestOutboxModel(t *testing.T) {
	// A fixed seed keeps the test deterministic; -rapid.seed=N overrides it.
	if f := flag.Lookup("rapid.seed"); f != nil && f.Value.String() == "0" {
		require.NoError(t, flag.Set("rapid.seed", "20261121"))
	}
	dir := t.TempDir()
	run := 0
	rapid.Check(t, func(rt *rapid.T) {
		run++
		db, err := Open(filepath.Join(dir, fmt.Sprintf("m%d.db", run)), Options{NoSync: true, Now: func() time.Time { return t0 }})
		require.NoError(rt, err)
		defer db.Close()

		type mailModel struct {
			next     time.Time
			attempts int
			sent     bool
		}
		model := map[uint64]*mailModel{}
		var nextID uint64 = 1
		hits := map[string][]time.Time{} // allowed hits per sender
		now := t0
		abandon := errors.New("abandon")

		// update runs fn in a transaction that commits or, at random,
		// rolls back; the model changes only on commit.
		update := func(fn func(tx *Tx) error, commitModel func()) {
			rollback := rapid.Bool().Draw(rt, "rollback")
			err := db.Update(func(tx *Tx) error {
				if err := fn(tx); err != nil {
					return err
				}
				if rollback {
					return abandon
				}
				return nil
			})
			if rollback {
				require.ErrorIs(rt, err, abandon)
				return
			}
			require.NoError(rt, err)
			commitModel()
		}

		rt.Repeat(map[string]func(*rapid.T){
			"enqueue": func(rt *rapid.T) {
				delay := time.Duration(rapid.IntRange(0, 120).Draw(rt, "delay")) * time.Minute
				update(func(tx *Tx) error {
					m := mail("g", fmt.Sprintf("m%d@pbem.local", nextID))
					m.NextTry = now.Add(delay)
					id, err := tx.Enqueue(m)
					require.NoError(rt, err)
					require.Equal(rt, nextID, id)
					return nil
				}, func() {
					model[nextID] = &mailModel{next: now.Add(delay)}
					nextID++
				})
			},
			"sent": func(rt *rapid.T) {
				id := uint64(rapid.IntRange(1, int(nextID)).Draw(rt, "id"))
				m := model[id]
				update(func(tx *Tx) error {
					err := tx.MarkSent(id, now)
					if m == nil || m.sent {
						require.ErrorIs(rt, err, ErrNotFound)
						return nil
					}
					return err
				}, func() {
					if m != nil {
						m.sent = true
					}
				})
			},
			"failed": func(rt *rapid.T) {
				id := uint64(rapid.IntRange(1, int(nextID)).Draw(rt, "id"))
				retry := now.Add(time.Duration(rapid.IntRange(1, 60).Draw(rt, "retry")) * time.Minute)
				m := model[id]
				update(func(tx *Tx) error {
					err := tx.MarkFailed(id, "451", retry)
					if m == nil || m.sent {
						require.ErrorIs(rt, err, ErrNotFound)
						return nil
					}
					return err
				}, func() {
					if m != nil && !m.sent {
						m.attempts++
						m.next = retry
					}
				})
			},
			"hit": func(rt *rapid.T) {
				sender := rapid.SampledFrom([]string{"a@x", "b@x", "A@X"}).Draw(rt, "sender")
				key := map[string]string{"a@x": "a@x", "A@X": "a@x", "b@x": "b@x"}[sender]
				var kept []time.Time
				for _, h := range hits[key] {
					if h.After(now.Add(-30 * time.Minute)) {
						kept = append(kept, h)
					}
				}
				want := len(kept) < 3
				update(func(tx *Tx) error {
					ok, err := tx.Hit(sender, now, 30*time.Minute, 3)
					require.NoError(rt, err)
					require.Equal(rt, want, ok)
					return nil
				}, func() {
					if want {
						kept = append(kept, now)
					}
					hits[key] = kept
				})
			},
			"tick": func(rt *rapid.T) {
				now = now.Add(time.Duration(rapid.IntRange(1, 40).Draw(rt, "minutes")) * time.Minute)
			},
			"": func(rt *rapid.T) {
				// Compare everything with the model.
				require.NoError(rt, db.View(func(tx *Tx) error {
					var wantDue, wantQueued, wantSent []uint64
					for id := uint64(1); id < nextID; id++ {
						m := model[id]
						switch {
						case m.sent:
							wantSent = append(wantSent, id)
						default:
							wantQueued = append(wantQueued, id)
							if !m.next.After(now) {
								wantDue = append(wantDue, id)
							}
						}
					}
					due, err := tx.Pending(now, 0)
					require.NoError(rt, err)
					require.Equal(rt, wantDue, ids(due))
					q, err := tx.Queued()
					require.NoError(rt, err)
					require.Equal(rt, wantQueued, ids(q))
					s, err := tx.Sent()
					require.NoError(rt, err)
					require.Equal(rt, wantSent, ids(s))
					for _, m := range slices.Concat(q, s) {
						require.Equal(rt, model[m.ID].attempts, m.Attempts)
						require.Equal(rt, fmt.Sprintf("m%d@pbem.local", m.ID), m.MessageID)
					}
					return nil
				}))
			},
		})
	})
}
