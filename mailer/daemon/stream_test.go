package daemon_test

import (
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
)

// A stream is a seeded sequence of incoming emails for several duel-test
// games: every player's orders, round after round, mixed with faulty
// orders, dry runs, report requests, a malformed email and verbatim
// re-deliveries of earlier emails, in the formats of common mail clients.
type stream struct {
	games []string
	raws  [][]byte // in delivery order; re-deliveries repeat earlier entries
	ids   []string // Message-ID of each raw ("" for none)
	dups  int      // re-deliveries in raws
}

// streamGames creates n duel-test games in a new store at path (closed on
// return) and returns their IDs and secrets.
func streamGames(t testing.TB, path string, n int) ([]string, []map[adjudicator.Role]string) {
	t.Helper()
	db, err := store.Open(path, store.Options{NoSync: true})
	require.NoError(t, err)
	defer func() { require.NoError(t, db.Close()) }()
	j := judge.New(db, judgeOptions())
	var ids []string
	var secrets []map[adjudicator.Role]string
	for g := 0; g < n; g++ {
		id, s := newGame(t, j, fmt.Sprintf("duel-s%d", g), fmt.Sprintf("north%d@players.example", g),
			fmt.Sprintf("south%d@players.example", g), "gm@players.example")
		ids = append(ids, id)
		secrets = append(secrets, s)
	}
	return ids, secrets
}

// newStream builds the stream for the given games: rounds rounds of both
// players' orders per game, with extras.
func newStream(rng *rand.Rand, games []string, secrets []map[adjudicator.Role]string, rounds int) *stream {
	s := &stream{games: games}
	n := 0
	add := func(raw []byte, id string) {
		s.raws = append(s.raws, raw)
		s.ids = append(s.ids, id)
	}
	addr := func(g int, role string) string { return fmt.Sprintf("%s%d@players.example", role, g) }
	orderMail := func(g int, role string, lines []string, subject string) {
		n++
		id := fmt.Sprintf("s%04d.%s.%s@players.example", n, games[g], role)
		from := addr(g, role)
		tag := "[" + games[g] + "]"
		if subject == "" {
			subject = "Re: " + tag + " " + role + " orders"
		}
		body := append([]string{"secret: " + secrets[g][adjudicator.Role(role)]}, lines...)
		var raw []byte
		switch rng.Intn(5) {
		case 0:
			raw = gmailReply(from, subject, id, "", body)
		case 1:
			raw = muttLatin1(from, "Jugador Núñez", subject, id, "", body)
		case 2:
			raw = outlookHTML(from, subject, id, "", body)
		case 3:
			raw = thunderbirdFlowed(from, subject, id, "", strings.Join(body, "\n"))
		default:
			raw = rawMail(from, orders, subject, id, "", strings.Join(body, "\n"))
		}
		add(raw, id)
	}
	extra := func() {
		g := rng.Intn(len(games))
		role := []string{"north", "south"}[rng.Intn(2)]
		switch k := rng.Intn(10); {
		case k < 3:
			orderMail(g, role, []string{"pick 9"}, "")
		case k < 5:
			orderMail(g, role, []string{"pick 2"}, "check ["+games[g]+"]")
		case k < 7:
			orderMail(g, role, []string{"report"}, "")
		default:
			if len(s.raws) > 0 {
				i := rng.Intn(len(s.raws))
				add(s.raws[i], s.ids[i])
				s.dups++
			}
		}
	}
	for r := 1; r <= rounds; r++ {
		var round [][2]any
		for g := range games {
			round = append(round, [2]any{g, "north"}, [2]any{g, "south"})
		}
		rng.Shuffle(len(round), func(i, j int) { round[i], round[j] = round[j], round[i] })
		for _, o := range round {
			orderMail(o[0].(int), o[1].(string), []string{fmt.Sprintf("pick %d", 1+rng.Intn(3))}, "")
			if rng.Intn(3) == 0 {
				extra()
			}
		}
		if r == 1 {
			n++
			id := fmt.Sprintf("s%04d.malformed@players.example", n)
			add(badBoundary("north0@players.example", "["+games[0]+"] orders", id, "secret: x\npick 1\n"), id)
		}
	}
	return s
}

// expected is what processing a stream must leave in a store, from a
// reference run without faults on a copy of the same store (same games,
// same dice seeds).
type expected struct {
	logs      map[string][]*store.LogEntry
	states    map[string]string // state hash by game
	outcomes  map[string]string // outcome by Message-ID
	mail      map[string]int    // outbox entries by game/kind/recipient
	processed int               // processed records
	failed    int               // emails filed as failed
	mailTotal int               // outbox entries
}

func mailKey(m *store.OutMail) string { return m.GameID + " " + m.Kind + " " + strings.Join(m.To, ",") }

// copyFile copies a (closed) store file.
func copyFile(t testing.TB, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	require.NoError(t, err)
	defer in.Close()
	out, err := os.Create(to)
	require.NoError(t, err)
	_, err = io.Copy(out, in)
	require.NoError(t, err)
	require.NoError(t, out.Close())
}

// reference processes the stream in order through a judge over a copy of
// the store at path, and returns the result.
func (s *stream) reference(t testing.TB, path string) *expected {
	t.Helper()
	ref := filepath.Join(filepath.Dir(path), "reference.db")
	copyFile(t, path, ref)
	db, err := store.Open(ref, store.Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	j := judge.New(db, judgeOptions())
	e := &expected{logs: map[string][]*store.LogEntry{}, states: map[string]string{}, outcomes: map[string]string{}, mail: map[string]int{}}
	for i, raw := range s.raws {
		out, err := j.HandleMail(raw)
		require.NoError(t, err)
		if out.Kind != "duplicate" {
			e.outcomes[s.ids[i]] = out.Kind
		}
		if out.Kind == store.OutcomeIgnored && strings.HasPrefix(out.Reason, "unreadable") {
			e.failed++
		}
	}
	for _, g := range s.games {
		e.logs[g] = logOf(t, db, g)
		e.states[g] = gameOf(t, db, g).StateHash
	}
	for _, m := range allMail(t, db) {
		e.mail[mailKey(m)]++
		e.mailTotal++
	}
	require.NoError(t, db.View(func(tx *store.Tx) error { e.processed = tx.ProcessedCount(); return nil }))
	return e
}

// check compares a store after a faulty run with the reference: the same
// processed records, the same logs entry for entry (so every accepted
// order was applied exactly once, in order), the same states, and the
// same outbox entries, every one of them sent.
func (e *expected) check(t testing.TB, s *stream, db *store.DB) {
	t.Helper()
	for _, g := range s.games {
		got := logOf(t, db, g)
		want := e.logs[g]
		require.Len(t, got, len(want), "game %s: log length", g)
		for i := range want {
			assert.Equal(t, want[i].Kind, got[i].Kind, "game %s entry %d", g, i+1)
			assert.Equal(t, want[i].Role, got[i].Role, "game %s entry %d", g, i+1)
			assert.Equal(t, want[i].Lines, got[i].Lines, "game %s entry %d", g, i+1)
			assert.Equal(t, want[i].MessageID, got[i].MessageID, "game %s entry %d", g, i+1)
			assert.Equal(t, want[i].Digest, got[i].Digest, "game %s entry %d: dice digest", g, i+1)
			assert.Equal(t, want[i].StateHash, got[i].StateHash, "game %s entry %d: state", g, i+1)
		}
		assert.Equal(t, e.states[g], gameOf(t, db, g).StateHash, "game %s: final state", g)
	}
	require.NoError(t, db.View(func(tx *store.Tx) error {
		assert.Equal(t, e.processed, tx.ProcessedCount(), "processed records")
		for id, kind := range e.outcomes {
			rec, err := tx.Processed("msgid:" + id)
			require.NoError(t, err)
			if assert.NotNil(t, rec, "email %s has no processed record", id) {
				assert.Equal(t, kind, rec.Outcome, "email %s", id)
			}
		}
		q, _ := tx.OutboxCounts()
		assert.Zero(t, q, "mail left unsent")
		return nil
	}))
	got := map[string]int{}
	all := allMail(t, db)
	for _, m := range all {
		got[mailKey(m)]++
		assert.False(t, m.SentAt.IsZero(), "mail %d not marked sent", m.ID)
	}
	assert.Len(t, all, e.mailTotal, "outbox entries")
	assert.Equal(t, sortedCounts(e.mail), sortedCounts(got), "outbox entries by game, kind and recipient")
}

func sortedCounts(m map[string]int) []string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%s x%d", k, v))
	}
	sort.Strings(out)
	return out
}
