package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestOutboxAdmin(t *testing.T) {
	db, _ := openTest(t)
	later := t0.Add(time.Hour)
	require.NoError(t, db.Update(func(tx *Tx) error {
		for i := 0; i < 3; i++ {
			m := mail("g-1", "r@pbem.local")
			m.NextTry = later
			if _, err := tx.Enqueue(m); err != nil {
				return err
			}
		}
		return tx.MarkSent(3, t0)
	}))

	// Retry one: due now, attempts kept.
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.MarkFailed(1, "451 try later", later))
		return tx.RetryMail(1, t0)
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		p, err := tx.Pending(t0, 0)
		require.NoError(t, err)
		require.Equal(t, []uint64{1}, ids(p))
		require.Equal(t, 1, p[0].Attempts)
		require.Equal(t, "451 try later", p[0].LastError)
		return nil
	}))

	// Unknown, sent: clear errors, nothing changed.
	require.NoError(t, db.Update(func(tx *Tx) error {
		err := tx.RetryMail(99, t0)
		require.ErrorIs(t, err, ErrNotFound)
		require.EqualError(t, err, "no mail 99 in the outbox: not found")
		require.ErrorContains(t, tx.RetryMail(3, t0), "mail 3 was already sent")
		require.ErrorContains(t, tx.CancelMail(3, "x", t0), "mail 3 was already sent")
		return nil
	}))

	// Cancel: kept for audit, never pending again.
	require.NoError(t, db.Update(func(tx *Tx) error { return tx.CancelMail(2, "wrong address", t0) }))
	require.NoError(t, db.View(func(tx *Tx) error {
		q, err := tx.Queued()
		require.NoError(t, err)
		require.Equal(t, []uint64{1}, ids(q))
		c, err := tx.Cancelled()
		require.NoError(t, err)
		require.Len(t, c, 1)
		require.Equal(t, uint64(2), c[0].ID)
		require.Equal(t, "wrong address", c[0].Why)
		require.Equal(t, t0, c[0].CancelledAt.UTC())
		one, err := tx.CancelledMail(2)
		require.NoError(t, err)
		require.Equal(t, c[0].MessageID, one.MessageID)
		_, err = tx.CancelledMail(1)
		require.ErrorIs(t, err, ErrNotFound)
		return nil
	}))
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.ErrorContains(t, tx.RetryMail(2, t0), "mail 2 was already cancelled")
		require.ErrorContains(t, tx.CancelMail(2, "again", t0), "mail 2 was already cancelled")
		return nil
	}))

	// RetryAll changes only mail not yet due.
	require.NoError(t, db.Update(func(tx *Tx) error {
		n, err := tx.RetryAll(t0)
		require.NoError(t, err)
		require.Equal(t, 0, n, "mail 1 is already due")
		require.NoError(t, tx.MarkFailed(1, "451", later))
		n, err = tx.RetryAll(t0)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		return nil
	}))
}
