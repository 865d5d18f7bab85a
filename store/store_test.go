package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

var t0 = time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)

// openTest opens a fresh store in a temporary directory, with fsync on.
func openTest(t testing.TB) (*DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbem.db")
	db, err := Open(path, Options{Now: func() time.Time { return t0 }})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	return db, path
}

// dump returns every key and value in the file, nested buckets included,
// with each bucket's sequence, so two dumps compare whole files.
func dump(t testing.TB, db *DB) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(prefix string, b *bolt.Bucket)
	walk = func(prefix string, b *bolt.Bucket) {
		out[prefix+"#seq"] = fmt.Sprint(b.Sequence())
		require.NoError(t, b.ForEach(func(k, v []byte) error {
			if v == nil {
				walk(prefix+"/"+string(k), b.Bucket(k))
				return nil
			}
			out[prefix+"/"+fmt.Sprintf("%q", k)] = string(v)
			return nil
		}))
	}
	require.NoError(t, db.bolt.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			walk(string(name), b)
			return nil
		})
	}))
	return out
}

func sampleGame(id string) *Game {
	salt, hash := HashSecret("swordfish")
	return &Game{
		ID:       id,
		GameName: "richard-iii",
		Scenario: "wars-of-the-roses",
		Options:  map[string]string{"schiltroms": "on"},
		Players: []Player{
			{Role: "york", Email: "york@example.org", Aliases: []string{"y2@example.org"}, SecretSalt: salt, SecretHash: hash, LastReportMsgID: "r1@pbem.local", LastSeenSeq: 1},
			{Role: "lancaster", Email: "lan@example.org"},
		},
		GM:            "gm@example.org",
		OrdersAddress: "orders+" + id + "@pbem.local",
		State:         []byte("state-bytes\x00\xff"),
		StateHash:     "abc123",
		Status:        Status{Turn: 2, Label: "Turn 2, York", Winner: []string{"york"}, Result: "ongoing"},
		Dice: DiceState{
			PublicSeed: []byte{1, 2}, HiddenSeed: []byte{3, 4}, PublicCommit: "pc", HiddenCommit: "hc",
			N: 1000, Counters: map[string]int{"main/3": 7}, Digest: []byte{9}, RevealedThrough: 2,
		},
		Deadline:      t0.Add(48 * time.Hour),
		DeadlineHours: 48,
		RemindersSent: 1,
		Created:       t0,
		Updated:       t0.Add(time.Hour),
		ThreadRoot:    "g." + id + "@pbem.local",
	}
}

func mail(gameID, msgID string) *OutMail {
	return &OutMail{
		GameID: gameID, Kind: "report", From: "orders@pbem.local", To: []string{"york@example.org"},
		Subject: "Report " + msgID, MessageID: msgID, Text: "body of " + msgID,
		Headers: map[string]string{"X-PBEM-Dice-Commit": "pc"},
	}
}

func TestOpenWritesSchemaAndReopens(t *testing.T) {
	db, path := openTest(t)
	require.NoError(t, db.View(func(tx *Tx) error {
		v, err := tx.Meta(MetaSchema)
		require.NoError(t, err)
		assert.Equal(t, strconv.Itoa(SchemaVersion), v)
		return nil
	}))
	assert.Equal(t, path, db.Path())
	require.NoError(t, db.Check())
	require.NoError(t, db.Update(func(tx *Tx) error { return tx.PutGame(sampleGame("g-1")) }))
	require.NoError(t, db.Close())

	db2, err := Open(path, Options{})
	require.NoError(t, err)
	defer db2.Close()
	require.NoError(t, db2.View(func(tx *Tx) error {
		_, err := tx.Game("g-1")
		return err
	}))
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.db")
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	require.NoError(t, err)
	require.NoError(t, b.Update(func(tx *bolt.Tx) error {
		m, err := tx.CreateBucket(bucketMeta)
		require.NoError(t, err)
		return m.Put([]byte(MetaSchema), []byte("99"))
	}))
	require.NoError(t, b.Close())

	_, err = Open(path, Options{})
	require.ErrorIs(t, err, ErrSchema)
	assert.Contains(t, err.Error(), "newer pbem")
	assert.Contains(t, err.Error(), "schema 99")
	_, err = Open(path, Options{ReadOnly: true})
	require.ErrorIs(t, err, ErrSchema)

	// The file was not touched by the refused opens.
	b, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second, ReadOnly: true})
	require.NoError(t, err)
	defer b.Close()
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		assert.Nil(t, tx.Bucket(bucketGames))
		return nil
	}))
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(filepath.Join(dir, "missing.db"), Options{ReadOnly: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "missing.db")

	_, err = Open(filepath.Join(dir, "no", "such", "dir.db"), Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "dir.db")
}

func TestReadOnly(t *testing.T) {
	db, path := openTest(t)
	require.NoError(t, db.Update(func(tx *Tx) error { return tx.PutGame(sampleGame("g-1")) }))
	require.NoError(t, db.Close())

	ro, err := Open(path, Options{ReadOnly: true})
	require.NoError(t, err)
	defer ro.Close()
	require.NoError(t, ro.View(func(tx *Tx) error {
		assert.False(t, tx.Writable())
		g, err := tx.Game("g-1")
		require.NoError(t, err)
		assert.Equal(t, "richard-iii", g.GameName)
		return nil
	}))
	require.Error(t, ro.Update(func(tx *Tx) error { return tx.PutMeta("k", "v") }))
}

func TestWriteInViewFails(t *testing.T) {
	db, _ := openTest(t)
	err := db.View(func(tx *Tx) error {
		assert.Error(t, tx.PutGame(sampleGame("g-1")))
		_, err := tx.AppendLog("g-1", &LogEntry{Kind: "gm"})
		assert.Error(t, err)
		assert.Error(t, tx.MarkProcessed("k", &ProcessedRecord{}))
		_, err = tx.Enqueue(mail("g-1", "m1"))
		assert.Error(t, err)
		_, err = tx.Hit("a@b", t0, time.Hour, 3)
		assert.Error(t, err)
		_, err = tx.NextGameNumber("roses")
		assert.Error(t, err)
		return nil
	})
	require.NoError(t, err)
}

func TestMeta(t *testing.T) {
	db, _ := openTest(t)
	require.NoError(t, db.Update(func(tx *Tx) error {
		v, err := tx.Meta("mailbox")
		require.NoError(t, err)
		assert.Equal(t, "", v)
		require.NoError(t, tx.PutMeta("mailbox", "INBOX"))
		require.ErrorIs(t, tx.PutMeta(MetaSchema, "2"), ErrInvalid)
		require.ErrorIs(t, tx.PutMeta("", "x"), ErrInvalid)
		return nil
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		v, err := tx.Meta("mailbox")
		require.NoError(t, err)
		assert.Equal(t, "INBOX", v)
		v, err = tx.Meta(MetaSchema)
		require.NoError(t, err)
		assert.Equal(t, strconv.Itoa(SchemaVersion), v)
		return nil
	}))
}

func TestGames(t *testing.T) {
	db, _ := openTest(t)
	want := sampleGame("roses-2")
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.PutGame(sampleGame("roses-10")))
		require.NoError(t, tx.PutGame(want))
		return tx.PutGame(sampleGame("bruce-1"))
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		got, err := tx.Game("roses-2")
		require.NoError(t, err)
		assert.Equal(t, want, got)

		_, err = tx.Game("nope")
		require.ErrorIs(t, err, ErrNotFound)
		assert.Contains(t, err.Error(), "nope")

		all, err := tx.Games()
		require.NoError(t, err)
		var ids []string
		for _, g := range all {
			ids = append(ids, g.ID)
		}
		assert.Equal(t, []string{"bruce-1", "roses-10", "roses-2"}, ids)
		return nil
	}))

	// Replace.
	require.NoError(t, db.Update(func(tx *Tx) error {
		g, err := tx.Game("roses-2")
		require.NoError(t, err)
		g.Status.Turn = 3
		g.State = []byte("new")
		return tx.PutGame(g)
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		g, err := tx.Game("roses-2")
		require.NoError(t, err)
		assert.Equal(t, 3, g.Status.Turn)
		assert.Equal(t, []byte("new"), g.State)
		return nil
	}))

	// Bad input.
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.ErrorIs(t, tx.PutGame(nil), ErrInvalid)
		require.ErrorIs(t, tx.PutGame(&Game{}), ErrInvalid)
		require.ErrorIs(t, tx.PutGame(&Game{ID: "a\nb"}), ErrInvalid)
		require.ErrorIs(t, tx.PutGame(&Game{ID: strings.Repeat("x", 600)}), ErrInvalid)
		return nil
	}))
}

func TestGameCloneAndRedacted(t *testing.T) {
	g := sampleGame("g-1")
	c := g.Clone()
	require.Equal(t, g, c)
	c.Players[0].Aliases[0] = "changed"
	c.Options["schiltroms"] = "off"
	c.State[0] = 'X'
	c.Dice.Counters["main/3"] = 99
	c.Status.Winner[0] = "lancaster"
	assert.Equal(t, "y2@example.org", g.Players[0].Aliases[0])
	assert.Equal(t, "on", g.Options["schiltroms"])
	assert.Equal(t, byte('s'), g.State[0])
	assert.Equal(t, 7, g.Dice.Counters["main/3"])
	assert.Equal(t, "york", g.Status.Winner[0])

	r := g.Redacted()
	assert.Nil(t, r.Dice.HiddenSeed)
	assert.Nil(t, r.Players[0].SecretHash)
	assert.Nil(t, r.Players[0].SecretSalt)
	assert.Equal(t, g.Dice.PublicSeed, r.Dice.PublicSeed)
	assert.NotNil(t, g.Dice.HiddenSeed, "original untouched")
	assert.NotNil(t, g.Players[0].SecretHash, "original untouched")

	assert.Equal(t, "lan@example.org", g.Player("lancaster").Email)
	assert.Nil(t, g.Player("tudor"))
	assert.Nil(t, (*Game)(nil).Clone())
	assert.Nil(t, (*Game)(nil).Redacted())
}

func TestNextGameNumber(t *testing.T) {
	db, _ := openTest(t)
	next := func(prefix string) int {
		var n int
		require.NoError(t, db.Update(func(tx *Tx) error {
			var err error
			n, err = tx.NextGameNumber(prefix)
			return err
		}))
		return n
	}
	assert.Equal(t, 1, next("roses"))
	assert.Equal(t, 2, next("roses"))
	assert.Equal(t, 1, next("bruce"))

	// A rolled-back transaction gives its number back.
	err := db.Update(func(tx *Tx) error {
		n, err := tx.NextGameNumber("roses")
		require.NoError(t, err)
		assert.Equal(t, 3, n)
		n, err = tx.NextGameNumber("roses")
		require.NoError(t, err)
		assert.Equal(t, 4, n)
		return errors.New("abandon")
	})
	require.EqualError(t, err, "abandon")
	assert.Equal(t, 3, next("roses"))

	require.NoError(t, db.Update(func(tx *Tx) error {
		_, err := tx.NextGameNumber("")
		require.ErrorIs(t, err, ErrInvalid)
		return nil
	}))
}

func TestLog(t *testing.T) {
	db, _ := openTest(t)
	entries := []*LogEntry{
		{Kind: "setup", Epoch: 0, At: t0, StateHash: "h0",
			Draws: []Draw{{Stream: "setup", Epoch: 0, Counter: 0, Purpose: "shuffle", Sides: 6, Result: 4}}},
		{Kind: "submission", Role: "york", Epoch: 1, Lines: []string{"move a b", "pass"}, Entropy: []string{"xyzzy"},
			Digest: "d1", MessageID: "m1@example.org", From: "york@example.org", At: t0.Add(time.Hour), StateHash: "h1"},
		{Kind: "gm", Epoch: 1, Events: []LoggedEvent{{To: []string{"all"}, Text: "GM extends deadline"}}, At: t0.Add(2 * time.Hour)},
	}
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.PutGame(sampleGame("g-1")))
		for i, e := range entries {
			seq, err := tx.AppendLog("g-1", e)
			require.NoError(t, err)
			assert.Equal(t, uint64(i+1), seq)
			assert.Equal(t, seq, e.Seq)
		}
		// Seq is derived from the log, even before PutGame is called again.
		g, err := tx.Game("g-1")
		require.NoError(t, err)
		assert.Equal(t, 3, g.Seq)
		// Another game's log is separate.
		seq, err := tx.AppendLog("g-2", &LogEntry{Kind: "setup"})
		require.NoError(t, err)
		assert.Equal(t, uint64(1), seq)
		return nil
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		got, err := tx.LogEntries("g-1", 0)
		require.NoError(t, err)
		assert.Equal(t, entries, got)

		got, err = tx.LogEntries("g-1", 2)
		require.NoError(t, err)
		require.Len(t, got, 2)
		assert.Equal(t, uint64(2), got[0].Seq)

		got, err = tx.LogEntries("g-1", 9)
		require.NoError(t, err)
		assert.Empty(t, got)

		got, err = tx.LogEntries("unknown", 0)
		require.NoError(t, err)
		assert.Empty(t, got)

		// fn's error stops the walk.
		stop := errors.New("stop")
		n := 0
		err = tx.Log("g-1", 1, func(*LogEntry) error { n++; return stop })
		require.ErrorIs(t, err, stop)
		assert.Equal(t, 1, n)

		assert.Equal(t, uint64(3), tx.LogLen("g-1"))
		assert.Equal(t, uint64(0), tx.LogLen("unknown"))

		all, err := tx.Games()
		require.NoError(t, err)
		require.Len(t, all, 1)
		assert.Equal(t, 3, all[0].Seq)
		return nil
	}))

	require.NoError(t, db.Update(func(tx *Tx) error {
		_, err := tx.AppendLog("g-1", nil)
		require.ErrorIs(t, err, ErrInvalid)
		_, err = tx.AppendLog("g-1", &LogEntry{})
		require.ErrorIs(t, err, ErrInvalid)
		_, err = tx.AppendLog("", &LogEntry{Kind: "gm"})
		require.ErrorIs(t, err, ErrInvalid)
		return nil
	}))
}

func TestProcessed(t *testing.T) {
	db, _ := openTest(t)
	require.NoError(t, db.Update(func(tx *Tx) error {
		r, err := tx.Processed("msgid:a@b")
		require.NoError(t, err)
		assert.Nil(t, r)
		require.NoError(t, tx.MarkProcessed("msgid:a@b", &ProcessedRecord{
			GameID: "g-1", Outcome: OutcomeAccepted, At: t0, MessageID: "a@b"}))
		require.NoError(t, tx.MarkProcessed("sha256:00ff", &ProcessedRecord{
			Outcome: OutcomeRejected, Reason: "unknown game", At: t0}))
		require.ErrorIs(t, tx.MarkProcessed("", &ProcessedRecord{}), ErrInvalid)
		require.ErrorIs(t, tx.MarkProcessed("k", nil), ErrInvalid)
		return nil
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		r, err := tx.Processed("msgid:a@b")
		require.NoError(t, err)
		assert.Equal(t, &ProcessedRecord{GameID: "g-1", Outcome: OutcomeAccepted, At: t0, MessageID: "a@b"}, r)
		r, err = tx.Processed("sha256:00ff")
		require.NoError(t, err)
		assert.Equal(t, "unknown game", r.Reason)
		assert.Equal(t, 2, tx.ProcessedCount())
		return nil
	}))
	// A later record replaces the earlier one.
	require.NoError(t, db.Update(func(tx *Tx) error {
		return tx.MarkProcessed("sha256:00ff", &ProcessedRecord{Outcome: OutcomeIgnored, At: t0})
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		r, err := tx.Processed("sha256:00ff")
		require.NoError(t, err)
		assert.Equal(t, OutcomeIgnored, r.Outcome)
		return nil
	}))
}

func TestSecrets(t *testing.T) {
	salt, hash := HashSecret("correct horse")
	assert.Len(t, salt, SaltSize)
	assert.Len(t, hash, 32)
	assert.True(t, CheckSecret(salt, hash, "correct horse"))
	assert.False(t, CheckSecret(salt, hash, "correct horse "))
	assert.False(t, CheckSecret(salt, hash, ""))
	assert.False(t, CheckSecret(nil, nil, ""))
	assert.False(t, CheckSecret(salt, hash[:31], "correct horse"))

	salt2, hash2 := HashSecret("correct horse")
	assert.NotEqual(t, salt, salt2, "fresh salt every time")
	assert.NotEqual(t, hash, hash2)
	assert.True(t, CheckSecret(salt2, hash2, "correct horse"))
	assert.False(t, CheckSecret(salt, hash2, "correct horse"), "salt and hash belong together")
}

func TestRollbackLeavesNothing(t *testing.T) {
	db, _ := openTest(t)
	// Some committed history first.
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.PutGame(sampleGame("g-1")))
		_, err := tx.AppendLog("g-1", &LogEntry{Kind: "setup", At: t0})
		require.NoError(t, err)
		require.NoError(t, tx.MarkProcessed("msgid:1", &ProcessedRecord{GameID: "g-1", Outcome: OutcomeAccepted, At: t0}))
		_, err = tx.Enqueue(mail("g-1", "r1@pbem.local"))
		require.NoError(t, err)
		_, err = tx.Hit("york@example.org", t0, time.Hour, 5)
		require.NoError(t, err)
		return tx.PutMeta("k", "v")
	}))
	before := dump(t, db)

	everything := func(tx *Tx) {
		g, err := tx.Game("g-1")
		require.NoError(t, err)
		g.Status.Turn = 9
		g.State = []byte("changed")
		require.NoError(t, tx.PutGame(g))
		require.NoError(t, tx.PutGame(sampleGame("g-new")))
		_, err = tx.AppendLog("g-1", &LogEntry{Kind: "submission", At: t0})
		require.NoError(t, err)
		_, err = tx.AppendLog("g-new", &LogEntry{Kind: "setup", At: t0})
		require.NoError(t, err)
		require.NoError(t, tx.MarkProcessed("msgid:2", &ProcessedRecord{Outcome: OutcomeAccepted}))
		require.NoError(t, tx.MarkProcessed("msgid:1", &ProcessedRecord{Outcome: OutcomeRejected}))
		_, err = tx.Enqueue(mail("g-1", "r2@pbem.local"))
		require.NoError(t, err)
		require.NoError(t, tx.MarkSent(1, t0))
		_, err = tx.Hit("york@example.org", t0, time.Hour, 5)
		require.NoError(t, err)
		_, err = tx.NextGameNumber("roses")
		require.NoError(t, err)
		require.NoError(t, tx.PutMeta("k", "other"))
	}

	bad := errors.New("order 3 is illegal")
	err := db.Update(func(tx *Tx) error {
		everything(tx)
		return bad
	})
	require.ErrorIs(t, err, bad)
	assert.Equal(t, before, dump(t, db))

	// A panic rolls back too.
	require.Panics(t, func() {
		_ = db.Update(func(tx *Tx) error {
			everything(tx)
			panic("engine bug")
		})
	})
	assert.Equal(t, before, dump(t, db))
	require.NoError(t, db.Check())

	// And the same work commits when nothing fails.
	require.NoError(t, db.Update(func(tx *Tx) error {
		everything(tx)
		return nil
	}))
	assert.NotEqual(t, before, dump(t, db))
}

func TestHit(t *testing.T) {
	db, _ := openTest(t)
	hit := func(sender string, at time.Time, window time.Duration, max int) bool {
		var ok bool
		require.NoError(t, db.Update(func(tx *Tx) error {
			var err error
			ok, err = tx.Hit(sender, at, window, max)
			return err
		}))
		return ok
	}
	w := time.Hour
	assert.True(t, hit("York@Example.org", t0, w, 3))
	assert.True(t, hit("york@example.org", t0.Add(10*time.Minute), w, 3))
	assert.True(t, hit(" york@EXAMPLE.org ", t0.Add(20*time.Minute), w, 3))
	assert.False(t, hit("york@example.org", t0.Add(30*time.Minute), w, 3), "fourth in the hour")
	assert.True(t, hit("lan@example.org", t0.Add(30*time.Minute), w, 3), "other senders unaffected")
	// The first hit ages out; refused hits did not count.
	assert.True(t, hit("york@example.org", t0.Add(61*time.Minute), w, 3))
	assert.False(t, hit("york@example.org", t0.Add(62*time.Minute), w, 3))
	// All age out.
	assert.True(t, hit("york@example.org", t0.Add(5*time.Hour), w, 3))
	// max <= 0 refuses.
	assert.False(t, hit("new@example.org", t0, w, 0))

	require.NoError(t, db.Update(func(tx *Tx) error {
		_, err := tx.Hit("", t0, w, 3)
		require.ErrorIs(t, err, ErrInvalid)
		_, err = tx.Hit("a@b", t0, 0, 3)
		require.ErrorIs(t, err, ErrInvalid)

		n, err := tx.PruneHits(t0.Add(2 * time.Hour))
		require.NoError(t, err)
		assert.Equal(t, 1, n, "lan@ is stale, york@ hit at +5h is not")
		n, err = tx.PruneHits(t0.Add(2 * time.Hour))
		require.NoError(t, err)
		assert.Equal(t, 0, n)
		return nil
	}))

	// The record stays small however many hits arrive.
	for i := range 50 {
		hit("busy@example.org", t0.Add(time.Duration(i)*time.Second), w, 4)
	}
	require.NoError(t, db.View(func(tx *Tx) error {
		v := tx.tx.Bucket(bucketRate).Get([]byte("busy@example.org"))
		assert.Less(t, len(v), 200)
		return nil
	}))
}

func TestBackup(t *testing.T) {
	db, _ := openTest(t)
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.PutGame(sampleGame("g-1")))
		_, err := tx.AppendLog("g-1", &LogEntry{Kind: "setup", At: t0})
		return err
	}))
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	require.NoError(t, db.Backup(copyPath))
	// The live store keeps working, and the copy is unaffected by it.
	require.NoError(t, db.Update(func(tx *Tx) error { return tx.PutGame(sampleGame("g-2")) }))

	cp, err := Open(copyPath, Options{ReadOnly: true})
	require.NoError(t, err)
	defer cp.Close()
	require.NoError(t, cp.Check())
	require.NoError(t, cp.View(func(tx *Tx) error {
		games, err := tx.Games()
		require.NoError(t, err)
		require.Len(t, games, 1)
		assert.Equal(t, 1, games[0].Seq)
		return nil
	}))

	// An existing file is never overwritten.
	err = db.Backup(copyPath)
	require.Error(t, err)
	assert.FileExists(t, copyPath)
}

func TestUntrustedKeys(t *testing.T) {
	db, _ := openTest(t)
	long := "msgid:" + strings.Repeat("<very-long-id>", 5000) // beyond any sane limit
	long2 := long + "x"
	odd := "msgid:a\x00b\r\nc"
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.MarkProcessed(long, &ProcessedRecord{Outcome: OutcomeIgnored}))
		require.NoError(t, tx.MarkProcessed(odd, &ProcessedRecord{Outcome: OutcomeRejected}))
		ok, err := tx.Hit(strings.Repeat("spam", 10000)+"@example.org", t0, time.Hour, 1)
		require.NoError(t, err)
		assert.True(t, ok)
		ok, err = tx.Hit(strings.Repeat("SPAM", 10000)+"@example.org", t0, time.Hour, 1)
		require.NoError(t, err)
		assert.False(t, ok, "long senders still compared case-insensitively")
		return nil
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		r, err := tx.Processed(long)
		require.NoError(t, err)
		require.NotNil(t, r)
		assert.Equal(t, OutcomeIgnored, r.Outcome)
		r, err = tx.Processed(long2)
		require.NoError(t, err)
		assert.Nil(t, r)
		r, err = tx.Processed(odd)
		require.NoError(t, err)
		require.NotNil(t, r)
		assert.Equal(t, OutcomeRejected, r.Outcome)
		return nil
	}))
}
