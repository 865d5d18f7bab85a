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

var errRollback = errors.New("roll back")

// indexDump returns the content of every index bucket.
func indexDump(t testing.TB, tx *bolt.Tx) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, name := range indexBuckets {
		b := tx.Bucket(name)
		if b == nil {
			continue
		}
		require.NoError(t, b.ForEach(func(k, v []byte) error {
			out[string(name)+"/"+fmt.Sprintf("%q", k)] = string(v)
			return nil
		}))
	}
	return out
}

// requireIndexesConsistent checks that the maintained indexes equal the
// ones a rebuild from the records gives (the rebuild is rolled back).
func requireIndexesConsistent(t testing.TB, db *DB) {
	t.Helper()
	var kept, rebuilt map[string]string
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		kept = indexDump(t, tx)
		require.NoError(t, rebuildIndexes(tx, db, false))
		rebuilt = indexDump(t, tx)
		return errRollback
	})
	require.ErrorIs(t, err, errRollback)
	require.Equal(t, rebuilt, kept, "the indexes kept by the writes equal a rebuild from the records")
}

// activeGame is a running game with a deadline and a reminder still due.
func activeGame(id string) *Game {
	g := sampleGame(id)
	g.Status = Status{Turn: 1, Label: "Turn 1, York's move"}
	g.RemindersSent = 0
	g.ReminderHours = 24
	g.Owing = []string{"york"}
	return g
}

func put(t testing.TB, db *DB, gs ...*Game) {
	t.Helper()
	require.NoError(t, db.Update(func(tx *Tx) error {
		for _, g := range gs {
			if err := tx.PutGame(g); err != nil {
				return err
			}
		}
		return nil
	}))
}

func due(t testing.TB, db *DB, now time.Time, limit int) []string {
	t.Helper()
	var out []string
	require.NoError(t, db.View(func(tx *Tx) (err error) { out, err = tx.Due(now, limit); return err }))
	return out
}

func gamesOf(t testing.TB, db *DB, addr string) []string {
	t.Helper()
	var out []string
	require.NoError(t, db.View(func(tx *Tx) (err error) { out, err = tx.GamesOfAddress(addr); return err }))
	return out
}

func TestWakeIndex(t *testing.T) {
	db, _ := openTest(t)
	a, b, c := activeGame("a-1"), activeGame("b-1"), activeGame("c-1")
	b.Deadline = t0.Add(10 * time.Hour) // reminder already due at t0
	c.Deadline = time.Time{}            // no deadline: never due
	put(t, db, a, b, c)

	assert.Equal(t, a.Deadline.Add(-24*time.Hour), a.WakeAt(), "the reminder comes first")
	assert.Empty(t, due(t, db, t0.Add(-15*time.Hour), 0))
	assert.Equal(t, []string{"b-1"}, due(t, db, t0, 0))
	assert.Equal(t, []string{"b-1", "a-1"}, due(t, db, t0.Add(24*time.Hour), 0), "soonest first")
	assert.Equal(t, []string{"b-1"}, due(t, db, t0.Add(24*time.Hour), 1), "limit")

	// The reminder is sent: the game wakes at its deadline.
	b.RemindersSent = 1
	put(t, db, b)
	assert.Empty(t, due(t, db, t0.Add(9*time.Hour), 0))
	assert.Equal(t, []string{"b-1"}, due(t, db, t0.Add(10*time.Hour), 0))

	// A new deadline moves the entry; the old one is gone.
	b.Deadline, b.RemindersSent = t0.Add(100*time.Hour), 0
	put(t, db, b)
	assert.Equal(t, []string{"a-1"}, due(t, db, t0.Add(24*time.Hour), 0))

	// A finished game is never due.
	a.Status.Finished = true
	put(t, db, a)
	assert.Equal(t, []string{"b-1"}, due(t, db, t0.Add(1000*time.Hour), 0))
	requireIndexesConsistent(t, db)
}

func TestSenderIndex(t *testing.T) {
	db, _ := openTest(t)
	g1, g2 := activeGame("g-1"), activeGame("g-2")
	g2.Players[1].Email = "other@example.org"
	put(t, db, g1, g2)

	assert.Equal(t, []string{"g-1", "g-2"}, gamesOf(t, db, "York@Example.org "), "any case")
	assert.Equal(t, []string{"g-1", "g-2"}, gamesOf(t, db, "y2@example.org"), "aliases")
	assert.Equal(t, []string{"g-1", "g-2"}, gamesOf(t, db, "gm@example.org"), "the GM")
	assert.Equal(t, []string{"g-1"}, gamesOf(t, db, "lan@example.org"))
	assert.Empty(t, gamesOf(t, db, "stranger@example.org"))
	assert.Empty(t, gamesOf(t, db, "york@example.org\x00g-1"))
	assert.Empty(t, gamesOf(t, db, ""))

	// Replace a player: the old address no longer finds the game.
	g1.Players[1].Email = "new@example.org"
	// Add an alias.
	g1.Players[0].Aliases = append(g1.Players[0].Aliases, "york@phone.example")
	put(t, db, g1)
	assert.Empty(t, gamesOf(t, db, "lan@example.org"))
	assert.Equal(t, []string{"g-1"}, gamesOf(t, db, "new@example.org"))
	assert.Equal(t, []string{"g-1"}, gamesOf(t, db, "york@phone.example"))

	// A finished game leaves the index.
	g2.Status.Finished = true
	put(t, db, g2)
	assert.Empty(t, gamesOf(t, db, "other@example.org"))
	assert.Equal(t, []string{"g-1"}, gamesOf(t, db, "york@example.org"))

	// An address longer than a key may be is indexed by its hash.
	long := strings.Repeat("x", 300) + "@example.org"
	g1.Players[0].Aliases = append(g1.Players[0].Aliases, long)
	put(t, db, g1)
	assert.Equal(t, []string{"g-1"}, gamesOf(t, db, strings.ToUpper(long)))
	requireIndexesConsistent(t, db)
}

func TestGameMailAndCounters(t *testing.T) {
	db, _ := openTest(t)
	require.NoError(t, db.Update(func(tx *Tx) error {
		for i, gid := range []string{"g-1", "g-2", "g-1", "", "g-1"} {
			if _, err := tx.Enqueue(mail(gid, fmt.Sprintf("m%d@pbem.local", i+1))); err != nil {
				return err
			}
		}
		return nil
	}))
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.MarkSent(1, t0))
		require.NoError(t, tx.MarkSent(2, t0))
		return tx.CancelMail(5, "wrong address", t0)
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		ms, err := tx.GameMail("g-1")
		require.NoError(t, err)
		assert.Equal(t, []uint64{1, 3}, ids(ms), "queued and sent, not cancelled, by ID")
		assert.False(t, ms[0].SentAt.IsZero())
		assert.True(t, ms[1].SentAt.IsZero())
		ms, err = tx.GameMail("g-2")
		require.NoError(t, err)
		assert.Equal(t, []uint64{2}, ids(ms))
		ms, err = tx.GameMail("g")
		require.NoError(t, err)
		assert.Empty(t, ms, "a prefix of an ID is another game")
		q, s := tx.OutboxCounts()
		assert.Equal(t, 2, q)
		assert.Equal(t, 2, s)
		return nil
	}))
	requireIndexesConsistent(t, db)
}

func TestSummariesAndCounts(t *testing.T) {
	db, _ := openTest(t)
	var gs []*Game
	for i := 1; i <= 5; i++ {
		gs = append(gs, activeGame("g-"+strconv.Itoa(i)))
	}
	gs[4].Status.Finished, gs[4].Status.Result = true, "York wins"
	put(t, db, gs...)
	require.NoError(t, db.View(func(tx *Tx) error {
		c, err := tx.GameCounts()
		require.NoError(t, err)
		assert.Equal(t, GameCounts{Active: 4, Finished: 1}, c)
		assert.Equal(t, 5, c.Total())
		s, err := tx.Summary("g-1")
		require.NoError(t, err)
		assert.Equal(t, "richard-iii", s.GameName)
		assert.Equal(t, "Turn 1, York's move", s.Label)
		assert.Equal(t, []string{"york"}, s.Owing)
		assert.Equal(t, map[string]string{"york": "york@example.org", "lancaster": "lan@example.org"}, s.Players)
		assert.True(t, s.Deadline.Equal(gs[0].Deadline))
		_, err = tx.Summary("nope")
		require.ErrorIs(t, err, ErrNotFound)
		page, err := tx.Summaries("", 2)
		require.NoError(t, err)
		require.Len(t, page, 2)
		assert.Equal(t, "g-2", page[1].ID)
		page, err = tx.Summaries("g-2", 0)
		require.NoError(t, err)
		require.Len(t, page, 3)
		assert.Equal(t, "g-3", page[0].ID)
		assert.True(t, page[2].Finished)
		assert.Equal(t, "York wins", page[2].Result)
		assert.True(t, tx.HasGame("g-3"))
		assert.False(t, tx.HasGame("g-33"))
		assert.False(t, tx.HasGame(""))
		return nil
	}))
	// A game that finishes moves from one count to the other.
	gs[0].Status.Finished = true
	put(t, db, gs[0])
	require.NoError(t, db.View(func(tx *Tx) error {
		c, err := tx.GameCounts()
		require.NoError(t, err)
		assert.Equal(t, GameCounts{Active: 3, Finished: 2}, c)
		return nil
	}))
	requireIndexesConsistent(t, db)
}

func TestDeleteGame(t *testing.T) {
	db, _ := openTest(t)
	keep, gone := activeGame("keep-1"), activeGame("gone-1")
	gone.Players[1].Email = "only-gone@example.org"
	require.NoError(t, db.Update(func(tx *Tx) error {
		for _, g := range []*Game{keep, gone} {
			if _, err := tx.AppendLog(g.ID, &LogEntry{Kind: "setup"}); err != nil {
				return err
			}
			if err := tx.PutGame(g); err != nil {
				return err
			}
			for i := 0; i < 3; i++ {
				if _, err := tx.Enqueue(mail(g.ID, fmt.Sprintf("%s.%d@pbem.local", g.ID, i))); err != nil {
					return err
				}
			}
		}
		return nil
	}))
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.MarkSent(4, t0)) // gone-1's first mail
		require.NoError(t, tx.MarkSent(1, t0))
		return tx.CancelMail(5, "test", t0)
	}))
	before := dump(t, db)
	err := db.Update(func(tx *Tx) error { return tx.DeleteGame("nope") })
	require.ErrorIs(t, err, ErrNotFound)
	assert.Equal(t, before, dump(t, db), "a refused delete changes nothing")

	require.NoError(t, db.Update(func(tx *Tx) error { return tx.DeleteGame("gone-1") }))
	for k, v := range dump(t, db) {
		if strings.HasPrefix(k, "counters/") {
			continue
		}
		assert.NotContains(t, k, "gone-1", "nothing of the deleted game is left")
		assert.NotContains(t, v, "gone-1", "nothing of the deleted game is left (%s)", k)
	}
	require.NoError(t, db.View(func(tx *Tx) error {
		assert.False(t, tx.HasGame("gone-1"))
		_, err := tx.Game("gone-1")
		require.ErrorIs(t, err, ErrNotFound)
		q, s := tx.OutboxCounts()
		assert.Equal(t, 2, q)
		assert.Equal(t, 1, s)
		c, err := tx.GameCounts()
		require.NoError(t, err)
		assert.Equal(t, GameCounts{Active: 1}, c)
		ms, err := tx.GameMail("keep-1")
		require.NoError(t, err)
		assert.Len(t, ms, 3)
		assert.Equal(t, uint64(0), tx.LogLen("gone-1"))
		return nil
	}))
	assert.Empty(t, gamesOf(t, db, "only-gone@example.org"))
	assert.Equal(t, []string{"keep-1"}, due(t, db, t0.Add(1000*time.Hour), 0))
	requireIndexesConsistent(t, db)
}

// writeV1 writes a store in the version-1 layout (no indexes), as the
// previous release did.
func writeV1(t testing.TB, path string, games []*Game, mails []*OutMail, sent int) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	require.NoError(t, err)
	defer b.Close()
	require.NoError(t, b.Update(func(tx *bolt.Tx) error {
		for _, name := range allBuckets {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		require.NoError(t, tx.Bucket(bucketMeta).Put([]byte(MetaSchema), []byte("1")))
		for _, g := range games {
			g.Owing, g.ReminderHours = nil, 0 // not known to version 1
			require.NoError(t, putJSON(tx.Bucket(bucketGames), []byte(g.ID), g))
		}
		for i, m := range mails {
			m.ID = uint64(i + 1)
			m.Created, m.NextTry = t0, t0
			name := bucketOutbox
			if i < sent {
				m.SentAt = t0
				name = bucketSent
			}
			require.NoError(t, putJSON(tx.Bucket(name), u64(m.ID), m))
		}
		return tx.Bucket(bucketOutbox).SetSequence(uint64(len(mails)))
	}))
}

// storeView is what the indexed methods say about a store.
type storeView struct {
	Counts         GameCounts
	Queued, Sent   int
	Due            []string
	York, Stranger []string
	Mail           []uint64
	Summaries      []string
}

func viewOf(t testing.TB, db *DB, now time.Time) storeView {
	t.Helper()
	var v storeView
	require.NoError(t, db.View(func(tx *Tx) error {
		var err error
		v.Counts, err = tx.GameCounts()
		require.NoError(t, err)
		v.Queued, v.Sent = tx.OutboxCounts()
		v.Due, err = tx.Due(now, 0)
		require.NoError(t, err)
		v.York, err = tx.GamesOfAddress("york@example.org")
		require.NoError(t, err)
		v.Stranger, err = tx.GamesOfAddress("stranger@example.org")
		require.NoError(t, err)
		ms, err := tx.GameMail("g-1")
		require.NoError(t, err)
		v.Mail = ids(ms)
		ss, err := tx.Summaries("", 0)
		require.NoError(t, err)
		for _, s := range ss {
			v.Summaries = append(v.Summaries, fmt.Sprintf("%s %s finished=%v wake=%s", s.ID, s.Label, s.Finished, s.Wake.Format(time.RFC3339)))
		}
		return nil
	}))
	return v
}

func TestUpgradeFromV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v1.db")
	g1, g2, g3 := activeGame("g-1"), activeGame("g-2"), activeGame("g-3")
	g2.Deadline = t0.Add(time.Hour)
	g3.Status.Finished = true
	var mails []*OutMail
	for i, gid := range []string{"g-1", "g-2", "g-1", "", "g-3", "g-1"} {
		mails = append(mails, mail(gid, fmt.Sprintf("m%d@pbem.local", i)))
	}
	writeV1(t, path, []*Game{g1, g2, g3}, mails, 4)
	now := t0.Add(30 * time.Hour)
	want := storeView{
		Counts: GameCounts{Active: 2, Finished: 1}, Queued: 2, Sent: 4,
		Due:  []string{"g-2", "g-1"},
		York: []string{"g-1", "g-2"},
		Mail: []uint64{1, 3, 6},
		Summaries: []string{
			"g-1 Turn 1, York's move finished=false wake=" + g1.Deadline.Add(-24*time.Hour).Format(time.RFC3339),
			"g-2 Turn 1, York's move finished=false wake=" + t0.Add(-23*time.Hour).Format(time.RFC3339),
			"g-3 Turn 1, York's move finished=true wake=0001-01-01T00:00:00Z",
		},
	}

	// Read-only, the old file still answers, from the records.
	ro, err := Open(path, Options{ReadOnly: true})
	require.NoError(t, err)
	assert.True(t, ro.legacy)
	assert.Equal(t, want, viewOf(t, ro, now))
	require.NoError(t, ro.Close())

	// A writable open upgrades it once, in place.
	db, err := Open(path, Options{})
	require.NoError(t, err)
	assert.False(t, db.legacy)
	require.NoError(t, db.View(func(tx *Tx) error {
		v, err := tx.Meta(MetaSchema)
		require.NoError(t, err)
		assert.Equal(t, strconv.Itoa(SchemaVersion), v)
		g, err := tx.Game("g-1")
		require.NoError(t, err)
		assert.Equal(t, DefaultReminderHours, g.ReminderHours, "waiting games get the default reminder lead")
		return nil
	}))
	assert.Equal(t, want, viewOf(t, db, now))
	requireIndexesConsistent(t, db)
	require.NoError(t, db.Check())

	// The upgraded store keeps its indexes as it is used.
	require.NoError(t, db.Update(func(tx *Tx) error {
		_, err := tx.Enqueue(mail("g-1", "new@pbem.local"))
		return err
	}))
	require.NoError(t, db.Close())
	db, err = Open(path, Options{ReadOnly: true})
	require.NoError(t, err)
	defer db.Close()
	assert.False(t, db.legacy)
	got := viewOf(t, db, now)
	assert.Equal(t, []uint64{1, 3, 6, 7}, got.Mail)
	assert.Equal(t, 3, got.Queued)
}
