package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ids(ms []*OutMail) []uint64 {
	var out []uint64
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

func TestEnqueueAndOutbox(t *testing.T) {
	db, _ := openTest(t)
	later := t0.Add(time.Hour)
	require.NoError(t, db.Update(func(tx *Tx) error {
		m := mail("g-1", "r1@pbem.local")
		m.References = []string{"g.g-1@pbem.local"}
		m.InReplyTo = "g.g-1@pbem.local"
		m.HTML = "<p>hi</p>"
		id, err := tx.Enqueue(m)
		require.NoError(t, err)
		assert.Equal(t, uint64(1), id)
		assert.Equal(t, id, m.ID)
		assert.Equal(t, t0, m.Created, "Created from the store's clock")
		assert.Equal(t, t0, m.NextTry, "due at once")

		m2 := mail("g-1", "r2@pbem.local")
		m2.Created = later
		m2.NextTry = later.Add(time.Minute)
		id, err = tx.Enqueue(m2)
		require.NoError(t, err)
		assert.Equal(t, uint64(2), id)
		assert.Equal(t, later, m2.Created, "explicit Created kept")
		assert.Equal(t, later.Add(time.Minute), m2.NextTry, "explicit NextTry kept")

		// Bad input is refused and nothing is queued.
		_, err = tx.Enqueue(nil)
		require.ErrorIs(t, err, ErrInvalid)
		_, err = tx.Enqueue(&OutMail{MessageID: "x@y"})
		require.ErrorIs(t, err, ErrInvalid)
		_, err = tx.Enqueue(&OutMail{To: []string{"a@b"}})
		require.ErrorIs(t, err, ErrInvalid)
		return nil
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		m, err := tx.Outbox(1)
		require.NoError(t, err)
		assert.Equal(t, "r1@pbem.local", m.MessageID)
		assert.Equal(t, []string{"g.g-1@pbem.local"}, m.References)
		assert.Equal(t, "<p>hi</p>", m.HTML)
		assert.Equal(t, "pc", m.Headers["X-PBEM-Dice-Commit"])
		assert.True(t, m.SentAt.IsZero())
		_, err = tx.Outbox(3)
		require.ErrorIs(t, err, ErrNotFound)

		q, err := tx.Queued()
		require.NoError(t, err)
		assert.Equal(t, []uint64{1, 2}, ids(q))
		queued, sent := tx.OutboxCounts()
		assert.Equal(t, 2, queued)
		assert.Equal(t, 0, sent)
		return nil
	}))
}

func TestPendingSentFailed(t *testing.T) {
	db, _ := openTest(t)
	require.NoError(t, db.Update(func(tx *Tx) error {
		for i, next := range []time.Duration{0, 2 * time.Hour, 0, time.Hour, 0} {
			m := mail("g-1", "r"+string(rune('a'+i))+"@pbem.local")
			m.NextTry = t0.Add(next)
			_, err := tx.Enqueue(m)
			require.NoError(t, err)
		}
		return nil
	}))
	pending := func(now time.Time, limit int) []uint64 {
		var out []*OutMail
		require.NoError(t, db.View(func(tx *Tx) error {
			var err error
			out, err = tx.Pending(now, limit)
			return err
		}))
		return ids(out)
	}
	assert.Equal(t, []uint64{1, 3, 5}, pending(t0, 0))
	assert.Equal(t, []uint64{1, 3}, pending(t0, 2))
	assert.Equal(t, []uint64{1, 3, 4, 5}, pending(t0.Add(time.Hour), 0), "NextTry == now is due")
	assert.Equal(t, []uint64{1, 2, 3, 4, 5}, pending(t0.Add(3*time.Hour), -1))
	assert.Empty(t, pending(t0.Add(-time.Second), 0))

	// A failed send is retried later and counted.
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.MarkFailed(1, "451 try later", t0.Add(30*time.Minute)))
		require.NoError(t, tx.MarkFailed(1, "421 busy", t0.Add(90*time.Minute)))
		require.ErrorIs(t, tx.MarkFailed(99, "x", t0), ErrNotFound)
		return nil
	}))
	assert.Equal(t, []uint64{3, 5}, pending(t0, 0))
	assert.Equal(t, []uint64{3, 4, 5}, pending(t0.Add(time.Hour), 0))
	require.NoError(t, db.View(func(tx *Tx) error {
		m, err := tx.Outbox(1)
		require.NoError(t, err)
		assert.Equal(t, 2, m.Attempts)
		assert.Equal(t, "421 busy", m.LastError)
		assert.Equal(t, t0.Add(90*time.Minute), m.NextTry)
		return nil
	}))

	// Sent mail leaves the queue but is kept.
	sentAt := t0.Add(time.Minute)
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.MarkSent(3, sentAt))
		require.NoError(t, tx.MarkSent(1, sentAt))
		err := tx.MarkSent(3, sentAt)
		require.ErrorIs(t, err, ErrNotFound)
		assert.Contains(t, err.Error(), "already marked sent")
		require.ErrorIs(t, tx.MarkSent(42, sentAt), ErrNotFound)
		require.ErrorIs(t, tx.MarkFailed(3, "late failure", t0), ErrNotFound, "a sent mail cannot fail")
		return nil
	}))
	assert.Equal(t, []uint64{5}, pending(t0, 0))
	require.NoError(t, db.View(func(tx *Tx) error {
		m, err := tx.Outbox(3)
		require.NoError(t, err)
		assert.Equal(t, sentAt, m.SentAt)
		m, err = tx.Outbox(1)
		require.NoError(t, err)
		assert.Equal(t, 2, m.Attempts, "failure history kept after sending")

		s, err := tx.Sent()
		require.NoError(t, err)
		assert.Equal(t, []uint64{1, 3}, ids(s))
		q, err := tx.Queued()
		require.NoError(t, err)
		assert.Equal(t, []uint64{2, 4, 5}, ids(q))
		all, err := tx.AllMail()
		require.NoError(t, err)
		assert.Equal(t, []uint64{1, 2, 3, 4, 5}, ids(all))
		queued, sent := tx.OutboxCounts()
		assert.Equal(t, 3, queued)
		assert.Equal(t, 2, sent)
		return nil
	}))

	// IDs are never reused, even after mail has moved to "sent".
	require.NoError(t, db.Update(func(tx *Tx) error {
		id, err := tx.Enqueue(mail("g-1", "rz@pbem.local"))
		require.NoError(t, err)
		assert.Equal(t, uint64(6), id)
		return nil
	}))
}
