package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	_ "github.com/pbem/pbem/adjudicator/all"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// TestRealGamesByEmail plays whole games of every real game through the
// judge: each decision is a real email (random legal orders from the
// engine, written as a player would, with quoted text and a signature),
// some decisions are left to the deadline defaults, and at the end the
// exported record verifies and replays to the same state.
func TestRealGamesByEmail(t *testing.T) {
	cases := []struct{ game, scenario string }{
		{"richard-iii", "wars-of-the-roses"},
		{"hammer-of-the-scots", "braveheart"},
	}
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, c := range cases {
		for n := 0; n < games; n++ {
			t.Run(fmt.Sprintf("%s-%d", c.game, n), func(t *testing.T) {
				playByEmail(t, c.game, c.scenario, uint64(n+1))
			})
		}
	}
}

func playByEmail(t *testing.T, game, scenario string, seed uint64) {
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, RatePerHour: 1000})
	eng, err := adjudicator.Lookup(game)
	require.NoError(t, err)
	info := eng.Info()
	sc, err := info.ScenarioByID(scenario)
	require.NoError(t, err)
	spec := NewGameSpec{Game: game, Scenario: sc.ID, GM: "gm@club.example"}
	addr := map[adjudicator.Role]string{}
	for _, r := range info.RolesFor(sc) {
		addr[r] = string(r) + "@club.example"
		spec.Players = append(spec.Players, PlayerSpec{Role: r, Email: addr[r]})
	}
	c, err := j.NewGame(spec)
	require.NoError(t, err)
	id := c.Game.ID
	pick := testdice.New(seed)
	load := func() (*store.Game, adjudicator.State) {
		var g *store.Game
		require.NoError(t, db.View(func(tx *store.Tx) error { g, err = tx.Game(id); return err }))
		st, err := eng.Decode(g.State)
		require.NoError(t, err)
		return g, st
	}
	msgs := 0
	for step := 0; step < 5000; step++ {
		g, st := load()
		if g.Status.Finished {
			break
		}
		now = now.Add(time.Minute)
		prompts := st.Prompts()
		require.NotEmpty(t, prompts, "no prompts at %s", g.Status.Label)
		if pick.Intn(10) == 0 {
			// Nobody answers: the deadline applies the defaults.
			now = g.Deadline.Add(time.Minute)
			n, err := j.Tick()
			require.NoError(t, err)
			require.Equal(t, 1, n)
			continue
		}
		role := prompts[pick.Intn(len(prompts))].Role
		sub := st.(adjudicator.Player).RandomSubmission(role, pick.Intn)
		require.NotNil(t, sub)
		var body strings.Builder
		// A reply to the latest report: its block's secret, turn and token lines.
		fmt.Fprintf(&body, "secret: %s\nturn: %d\ntoken: %s\n", c.Secrets[role], g.Status.Turn, tokenFor(id, g.Player(string(role))))
		for _, l := range sub.Lines {
			body.WriteString(l.Text + "\n")
		}
		body.WriteString("\nOn Sat, 21 Nov 2026 at 12:00, pbem judge <orders@club.example> wrote:\n> YOU OWE\n> card 3\n\n-- \nA player\n")
		msgs++
		raw := fmt.Sprintf("From: %s\r\nTo: orders+%s@club.example\r\nSubject: Re: [%s] report\r\nMessage-ID: <%s.%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
			addr[role], id, id, role, msgs, strings.ReplaceAll(body.String(), "\n", "\r\n"))
		o, err := j.HandleMail([]byte(raw))
		require.NoError(t, err)
		require.Equal(t, store.OutcomeAccepted, o.Kind, "%s at %s: %s\n%s", role, g.Status.Label, o.Reason, body.String())
	}
	g, _ := load()
	require.True(t, g.Status.Finished, "game did not finish: %s", g.Status.Label)
	rec, err := j.Export(id, false)
	require.NoError(t, err)
	rep := record.Verify(rec)
	require.True(t, rep.OK(), rep.String())
	_, hash, err := record.Replay(rec, eng)
	require.NoError(t, err)
	require.Equal(t, g.StateHash, hash)
	// No mail to a player carries another player's secret.
	require.NoError(t, db.View(func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			for r, s := range c.Secrets {
				if m.To[0] != addr[r] && !(r == adjudicator.GM && m.To[0] == "gm@club.example") {
					require.NotContains(t, m.Text, s)
				}
			}
		}
		return err
	}))
}
