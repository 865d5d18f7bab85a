package store

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestSubmissionsRecordFindVoidForget(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "s.db"), Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	at := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	require.NoError(t, db.Update(func(tx *Tx) error {
		for n := uint64(1); n <= 3; n++ {
			require.NoError(t, tx.RecordSubmission("g-1", "north", &Submission{Number: n, Contents: []string{fmt.Sprintf("h%d", n), fmt.Sprintf("t%d", n)}, At: at, Seq: int(n) * 2}))
		}
		require.NoError(t, tx.RecordSubmission("g-1", "south", &Submission{Number: 1, Contents: []string{"h1"}, At: at, Seq: 7}))
		require.NoError(t, tx.RecordSubmission("g-10", "north", &Submission{Number: 1, Contents: []string{"h9"}, At: at, Seq: 9}))
		require.ErrorIs(t, tx.RecordSubmission("g-1", "north", &Submission{Contents: []string{}}), ErrInvalid)
		return nil
	}))
	require.NoError(t, db.Update(func(tx *Tx) error {
		s, err := tx.SubmissionByContent("g-1", "north", "h2")
		require.NoError(t, err)
		require.Equal(t, uint64(2), s.Number)
		s, err = tx.SubmissionByContent("g-1", "north", "t2")
		require.NoError(t, err)
		require.Equal(t, uint64(2), s.Number, "found by each of its hashes")
		s, err = tx.SubmissionByNumber("g-1", "north", 3)
		require.NoError(t, err)
		require.Equal(t, []string{"h3", "t3"}, s.Contents)
		s, err = tx.SubmissionByContent("g-1", "north", "h9")
		require.NoError(t, err)
		require.Nil(t, s, "another game's content")
		// A rollback to entry 4 voids north's #3 (seq 6) and south's #1 (seq 7).
		require.NoError(t, tx.VoidSubmissionsAfter("g-1", 4))
		for _, c := range []struct {
			role, content string
			found         bool
		}{{"north", "h1", true}, {"north", "h2", true}, {"north", "h3", false}, {"south", "h1", false}} {
			s, err := tx.SubmissionByContent("g-1", c.role, c.content)
			require.NoError(t, err)
			require.Equal(t, c.found, s != nil, "%s %s", c.role, c.content)
		}
		s, err = tx.SubmissionByNumber("g-1", "north", 3)
		require.NoError(t, err)
		require.True(t, s.Void, "the number stays used, marked void")
		s, err = tx.SubmissionByContent("g-10", "north", "h9")
		require.NoError(t, err)
		require.NotNil(t, s, "a game whose ID extends another's is untouched")
		return nil
	}))
	// Bounded: a seat keeps its last MaxSubmissionsKept records.
	require.NoError(t, db.Update(func(tx *Tx) error {
		for n := uint64(4); n <= MaxSubmissionsKept+2; n++ {
			require.NoError(t, tx.RecordSubmission("g-1", "north", &Submission{Number: n, Contents: []string{fmt.Sprintf("h%d", n), fmt.Sprintf("t%d", n)}, At: at, Seq: 100}))
		}
		for n, kept := range map[uint64]bool{1: false, 2: false, 3: true, MaxSubmissionsKept + 2: true} {
			s, err := tx.SubmissionByNumber("g-1", "north", n)
			require.NoError(t, err)
			require.Equal(t, kept, s != nil, "#%d", n)
		}
		s, err := tx.SubmissionByContent("g-1", "north", "h1")
		require.NoError(t, err)
		require.Nil(t, s)
		return nil
	}))
	// Deleting a game removes its records, and only its.
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.PutGame(&Game{ID: "g-1", GameName: "x"}))
		require.NoError(t, tx.DeleteGame("g-1"))
		s, err := tx.SubmissionByNumber("g-1", "south", 1)
		require.NoError(t, err)
		require.Nil(t, s)
		s, err = tx.SubmissionByContent("g-10", "north", "h9")
		require.NoError(t, err)
		require.NotNil(t, s)
		return nil
	}))
}

func TestRotationsLogged(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "s.db"), Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	at := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.LogRotation("g-1", &Rotation{Role: "north", By: "player", From: "a@x", At: at}))
		require.NoError(t, tx.LogRotation("g-10", &Rotation{Role: "south", By: "gm", At: at}))
		require.NoError(t, tx.LogRotation("g-1", &Rotation{Role: "south", By: "gm", At: at}))
		require.ErrorIs(t, tx.LogRotation("g-1", &Rotation{}), ErrInvalid)
		rs, err := tx.Rotations("g-1")
		require.NoError(t, err)
		require.Equal(t, []Rotation{{Role: "north", By: "player", From: "a@x", At: at}, {Role: "south", By: "gm", At: at}}, rs)
		require.NoError(t, tx.PutGame(&Game{ID: "g-1", GameName: "x"}))
		require.NoError(t, tx.DeleteGame("g-1"))
		rs, err = tx.Rotations("g-1")
		require.NoError(t, err)
		require.Empty(t, rs)
		rs, err = tx.Rotations("g-10")
		require.NoError(t, err)
		require.Len(t, rs, 1)
		return nil
	}))
}
