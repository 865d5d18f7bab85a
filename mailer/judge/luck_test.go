package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/luck"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
	"github.com/pbem/pbem/store"
)

// In the block games both sides' battle dice are rolled while one
// player's orders are applied; the luck report still gives each die to
// the side whose block rolled it, as the game reads it from the die's
// purpose in the state of the time.
func TestLuckReportGivesBattleDiceToTheRollingSide(t *testing.T) {
	for _, c := range []struct{ game, scenario string }{{"richard-iii", "wars-of-the-roses"}, {"hammer-of-the-scots", "braveheart"}} {
		t.Run(c.game, func(t *testing.T) {
			db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
			require.NoError(t, err)
			defer db.Close()
			now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
			j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, RatePerHour: 1 << 20})
			eng, err := adjudicator.Lookup(c.game)
			require.NoError(t, err)
			spec := NewGameSpec{Game: c.game, Scenario: c.scenario, GM: "gm@club.example"}
			for _, r := range eng.Info().Roles {
				spec.Players = append(spec.Players, PlayerSpec{Role: r, Email: string(r) + "@club.example"})
			}
			cr, err := j.NewGame(spec)
			require.NoError(t, err)
			id := cr.Game.ID
			pick := testdice.New(5)
			for n := 1; n < 3000; n++ {
				var g *store.Game
				require.NoError(t, db.View(func(tx *store.Tx) error { g, err = tx.Game(id); return err }))
				if g.Status.Finished {
					break
				}
				st, err := eng.Decode(g.State)
				require.NoError(t, err)
				role := st.Prompts()[0].Role
				sub := st.(adjudicator.Player).RandomSubmission(role, pick.Intn)
				var body strings.Builder
				fmt.Fprintf(&body, "secret: %s\ntoken: %s\n", cr.Secrets[role], tokenFor(id, g.Player(string(role))))
				for _, l := range sub.Lines {
					body.WriteString(l.Text + "\n")
				}
				raw := fmt.Sprintf("From: %s@club.example\r\nTo: orders@club.example\r\nSubject: [%s]\r\nMessage-ID: <luck.%d@club.example>\r\n\r\n%s",
					role, id, n, strings.ReplaceAll(body.String(), "\n", "\r\n"))
				o, err := j.HandleMail([]byte(raw))
				require.NoError(t, err)
				require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
				now = now.Add(time.Minute)
			}
			rec, err := j.Export(id, true)
			require.NoError(t, err)
			rep, err := luck.Compute(rec)
			require.NoError(t, err)
			require.Greater(t, rep.ByPurpose, 10, "battle dice read by the game (the set-up dice are random: how many varies)")
			for _, r := range eng.Info().Roles {
				found := false
				for _, p := range rep.Players {
					found = found || p.Role == string(r) && len(p.Dice) > 0 && p.Dice[0].Rolls > 0
				}
				require.True(t, found, "%s rolled no die: %+v", r, rep.Players)
			}
			for _, lang := range i18n.Languages {
				text, err := LuckText(rep, j.opt.Templates.Catalog, lang)
				require.NoError(t, err)
				require.NotContains(t, text, "luck.report.", "a key shows")
				i18ntest.NoEnglish(t, j.opt.Templates.Catalog, lang, text, "luck.report.")
			}
			t.Logf("%s: %d dice by purpose, %d by entry", c.game, rep.ByPurpose, rep.ByEntry)
		})
	}
}
