package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/hexbattle"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// TestHexBattlesByEmail plays whole Crécy & Navarette battles through the
// judge on the invented test packs: the built-in ones by scenario id, and
// a club's pack given as the game's pack option (pbem new
// --scenario-pack). Every decision is an email of random legal orders,
// some are left to the deadline defaults (which include the charges the
// French chivalry owes, CRE-17.11), and the exported record verifies and
// replays. No player's mail carries the other side's secret set-up.
func TestHexBattlesByEmail(t *testing.T) {
	pack, err := hexbattle.LoadPack("../../adjudicator/hexbattle/testdata/ford")
	require.NoError(t, err)
	cases := []struct {
		name, scenario string
		opts           adjudicator.Options
	}{
		{"crecy-historical", "hill/historical", nil},
		{"crecy-choices", "hill/choices", nil},
		{"navarrete", "ford/najera", nil},
		{"navarrete-pack-option", "najera", adjudicator.Options{hexbattle.OptPack: hexbattle.EncodePackOption(pack)}},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hexByEmail(t, c.scenario, c.opts, uint64(i+7))
		})
	}
}

func hexByEmail(t *testing.T, scenario string, opts adjudicator.Options, seed uint64) {
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, RatePerHour: 1000})
	eng, err := adjudicator.Lookup(hexbattle.Name)
	require.NoError(t, err)
	info, err := eng.(adjudicator.OptionInfo).InfoFor(opts)
	require.NoError(t, err)
	sc, err := info.ScenarioByID(scenario)
	require.NoError(t, err)
	spec := NewGameSpec{Game: hexbattle.Name, Scenario: sc.ID, Options: opts, GM: "gm@club.example"}
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
	msgs, defaults := 0, 0
	secret := map[adjudicator.Role][]string{} // set-up lines each side sent
	for step := 0; step < 5000; step++ {
		g, st := load()
		if g.Status.Finished {
			break
		}
		now = now.Add(time.Minute)
		prompts := st.Prompts()
		require.NotEmpty(t, prompts, "no prompts at %s", g.Status.Label)
		if pick.Intn(8) == 0 {
			now = g.Deadline.Add(time.Minute)
			n, err := j.Tick()
			require.NoError(t, err)
			require.Equal(t, 1, n)
			defaults++
			continue
		}
		p := prompts[pick.Intn(len(prompts))]
		sub := st.(adjudicator.Player).RandomSubmission(p.Role, pick.Intn)
		require.NotNil(t, sub)
		var body strings.Builder
		fmt.Fprintf(&body, "secret: %s\nturn: %d\ntoken: %s\n", c.Secrets[p.Role], g.Status.Turn, tokenFor(id, g.Player(string(p.Role))))
		for _, l := range sub.Lines {
			body.WriteString(l.Text + "\n")
			if p.Kind == "setup" && strings.HasPrefix(l.Text, "mode ") {
				secret[p.Role] = append(secret[p.Role], l.Text)
			}
		}
		body.WriteString("\n-- \nA player\n")
		msgs++
		raw := fmt.Sprintf("From: %s\r\nTo: orders+%s@club.example\r\nSubject: Re: [%s] report\r\nMessage-ID: <%s.%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
			addr[p.Role], id, id, p.Role, msgs, strings.ReplaceAll(body.String(), "\n", "\r\n"))
		o, err := j.HandleMail([]byte(raw))
		require.NoError(t, err)
		require.Equal(t, store.OutcomeAccepted, o.Kind, "%s at %s: %s\n%s", p.Role, g.Status.Label, o.Reason, body.String())
	}
	g, _ := load()
	require.True(t, g.Status.Finished, "game did not finish: %s", g.Status.Label)
	require.Positive(t, defaults, "some decisions were left to the deadline")
	rec, err := j.Export(id, false)
	require.NoError(t, err)
	rep := record.Verify(rec)
	require.True(t, rep.OK(), rep.String())
	_, hash, err := record.Replay(rec, eng)
	require.NoError(t, err)
	require.Equal(t, g.StateHash, hash)
	require.NoError(t, db.View(func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			for r, lines := range secret {
				if m.To[0] == addr[r] || m.To[0] == "gm@club.example" {
					continue
				}
				for _, l := range lines {
					require.NotContains(t, m.Text, l, "mail to %s carries %s's secret set-up", m.To[0], r)
				}
			}
		}
		return err
	}))
}
