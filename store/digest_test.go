package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestDigestIndex(t *testing.T) {
	db, _ := openTest(t)
	t0 := time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.PutDigest(&Digest{Address: "a@x.org", At: "08:00", Next: t0}))
		require.NoError(t, tx.PutDigest(&Digest{Address: "b@x.org", At: "09:00", Next: t0.Add(time.Hour)}))
		require.Error(t, tx.PutDigest(&Digest{Address: "c@x.org"}), "no next time")
		return nil
	}))
	due := func(at time.Time) []string {
		var out []string
		require.NoError(t, db.View(func(tx *Tx) error {
			var err error
			out, err = tx.DigestsDue(at, 0)
			return err
		}))
		return out
	}
	require.Empty(t, due(t0.Add(-time.Second)))
	require.Equal(t, []string{"a@x.org"}, due(t0))
	require.Equal(t, []string{"a@x.org", "b@x.org"}, due(t0.Add(time.Hour)))
	// Moving a digest moves its index entry; deleting removes both.
	require.NoError(t, db.Update(func(tx *Tx) error {
		d, err := tx.Digest("A@X.org")
		require.NoError(t, err)
		d.Next = t0.Add(24 * time.Hour)
		require.NoError(t, tx.PutDigest(d))
		return tx.DeleteDigest("b@x.org")
	}))
	require.Empty(t, due(t0.Add(time.Hour)))
	require.Equal(t, []string{"a@x.org"}, due(t0.Add(48*time.Hour)))
	require.NoError(t, db.View(func(tx *Tx) error {
		d, err := tx.Digest("b@x.org")
		require.Nil(t, d)
		return err
	}))
}
