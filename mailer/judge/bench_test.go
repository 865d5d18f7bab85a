package judge

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// BenchmarkHandleMail measures order emails processed per second with a
// real bbolt file and fsync: parse, authenticate, apply, log, queue the
// reports, all in one committed transaction per email. Each iteration is
// one accepted email (the two players of the test game alternate).
func BenchmarkHandleMail(b *testing.B) {
	db, err := store.Open(filepath.Join(b.TempDir(), "pbem.db"), store.Options{})
	require.NoError(b, err)
	defer db.Close()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, RatePerHour: 100})
	newGame := func() (string, map[string]string) {
		c, err := j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{{Role: "north", Email: "a@x.org"}, {Role: "south", Email: "b@x.org"}}, GM: "gm@x.org"})
		require.NoError(b, err)
		return c.Game.ID, map[string]string{"north": c.Secrets["north"], "south": c.Secrets["south"]}
	}
	id, secrets := newGame()
	k, seq := 0, 0 // k alternates the players within a game; seq numbers the emails
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// A minute between emails keeps each sender inside the rate limit,
		// as in real play; deadlines are days away.
		now = now.Add(time.Minute)
		seq++
		role, from := "north", "a@x.org"
		if k%2 == 1 {
			role, from = "south", "b@x.org"
		}
		raw := []byte(fmt.Sprintf("From: <%s>\r\nTo: orders@club.example\r\nSubject: Re: [%s] report\r\nMessage-ID: <b%d@x.org>\r\nContent-Type: text/plain\r\n\r\nsecret: %s\r\npick %d\r\n", from, id, seq, secrets[role], seq%3+1))
		o, err := j.HandleMail(raw)
		if err != nil {
			b.Fatal(err)
		}
		if o.Kind != store.OutcomeAccepted {
			// The game ended: start another (not timed).
			b.StopTimer()
			id, secrets = newGame()
			k = 0
			b.StartTimer()
			continue
		}
		k++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "emails/s")
}
