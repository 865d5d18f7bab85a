package judge

import (
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// digests are the digest mails to addr, oldest first.
func (f *fixture) digests(addr string) []*store.OutMail {
	var out []*store.OutMail
	for _, m := range f.outbox() {
		if m.To[0] == addr && m.Kind == "digest" {
			out = append(out, m)
		}
	}
	return out
}

func TestDailyDigest(t *testing.T) {
	f := newFixture(t) // Saturday 21 November 2026, 12:00 UTC
	// Alice plays north here and south in a second game.
	c, err := f.j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{
		{Role: "north", Email: "carol@example.org"},
		{Role: "south", Email: "alice@example.org"},
	}, GM: "gm@example.org"})
	require.NoError(t, err)
	second := c.Game.ID
	o, text := f.seat("north", "digest 07:30")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "one mail a day at 07:30 (UTC)")
	require.Contains(t, text, "Sun 22 Nov 07:30 UTC")
	o, text = f.seat("north", "digest 25:00")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "digest on, digest HH:MM")

	// The first digest: both games, soonest deadline first.
	f.now = time.Date(2026, 11, 22, 7, 30, 0, 0, time.UTC)
	f.tick()
	ds := f.digests("alice@example.org")
	require.Len(t, ds, 1)
	require.Equal(t, "Your move in 2 games", ds[0].Subject)
	body := flat(ds[0].Text)
	first, other := strings.Index(body, "["+f.game+"] North"), strings.Index(body, "["+second+"] South")
	require.True(t, first >= 0 && other > first, body)
	require.Contains(t, body, "due Tue 24 Nov 12:00 UTC")
	require.Empty(t, f.digests("bob@example.org"), "bob chose no digest")
	f.tick()
	require.Len(t, f.digests("alice@example.org"), 1, "once a day")

	// Reminders go to bob, not to alice: her digest stands for them.
	f.now = time.Date(2026, 11, 23, 12, 30, 0, 0, time.UTC) // 24 h before the deadlines
	f.tick()
	require.Equal(t, 1, f.mailsTo("bob@example.org", "reminder"))
	require.Equal(t, 1, f.mailsTo("carol@example.org", "reminder"))
	require.Equal(t, 0, f.mailsTo("alice@example.org", "reminder"))
	require.Len(t, f.digests("alice@example.org"), 2, "Monday's digest went at 07:30")
	require.Equal(t, "Your move in 2 games", f.digests("alice@example.org")[1].Subject)

	// Alice owes nothing in the first game: one game listed; then none, no mail.
	f.seat("north", "pick 2")
	f.now = time.Date(2026, 11, 24, 7, 30, 0, 0, time.UTC)
	f.tick()
	ds = f.digests("alice@example.org")
	require.Len(t, ds, 3)
	require.Equal(t, "Your move in 1 game", ds[2].Subject)
	require.NotContains(t, flat(ds[2].Text), "["+f.game+"]")

	// Digest off: the reminders come back.
	o, text = f.seat("north", "digest off")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "no more daily digest")
	require.NoError(t, f.db.View(func(tx *store.Tx) error {
		d, err := tx.Digest("alice@example.org")
		require.Nil(t, d)
		return err
	}))
	f.now = time.Date(2026, 11, 25, 7, 30, 0, 0, time.UTC)
	f.tick()
	require.Len(t, f.digests("alice@example.org"), 3)
}

// The digest finds a player's games through the sender index: sending it
// decodes his games only, however many the server holds.
func TestDigestReadsOnlyThePlayersGames(t *testing.T) {
	f := newFixture(t)
	for i := 0; i < 30; i++ {
		_, err := f.j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{
			{Role: "north", Email: "x@example.org"}, {Role: "south", Email: "y@example.org"},
		}, GM: "gm@example.org"})
		require.NoError(t, err)
	}
	f.seat("north", "digest on")
	f.now = time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)
	before := f.db.GamesDecoded()
	f.tick()
	require.Equal(t, uint64(1), f.db.GamesDecoded()-before, "alice plays one game")
	require.Len(t, f.digests("alice@example.org"), 1)
}

// A digest in Spanish writes its dates as the deadlines of a Spanish
// report do.
func TestDailyDigestInSpanish(t *testing.T) {
	f := newFixture(t) // Saturday 21 November 2026, 12:00 UTC
	o, _ := f.seat("north", "language es")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, text := f.seat("north", "digest 07:30")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "dom 22 nov 07:30 UTC")
	f.now = time.Date(2026, 11, 22, 7, 30, 0, 0, time.UTC)
	f.tick()
	ds := f.digests("alice@example.org")
	require.Len(t, ds, 1)
	require.Contains(t, flat(ds[0].Text), "mar 24 nov 12:00 UTC")
	require.NotContains(t, ds[0].Text, "Tue 24 Nov")
}
