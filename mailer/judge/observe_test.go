package judge

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	_ "github.com/pbem/pbem/adjudicator/all"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/hexbattle"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
	"github.com/pbem/pbem/templates"
	"github.com/stretchr/testify/require"
)

// observerMails are the observer reports to addr, oldest first.
func (f *fixture) observerMails(addr string) []*store.OutMail {
	var out []*store.OutMail
	for _, m := range f.outbox() {
		if m.To[0] == addr && m.Kind == "observer" {
			out = append(out, m)
		}
	}
	return out
}

func TestObserverDelayAndUnsubscribe(t *testing.T) {
	f := newFixture(t)
	const w = "watcher@example.net"
	o, text := f.gmSay("observe Watcher@Example.net 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "watcher@example.net observes the game")
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "Observers get the public reports 2 hours after the facts")
	// A player cannot observe, nor can an observer be a bad address.
	o, _ = f.gmSay("observe bob@example.org")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	o, _ = f.gmSay("observe nobody 2")
	require.Equal(t, store.OutcomeRejected, o.Kind)

	// The game is younger than the delay: nothing to tell yet.
	f.tick()
	require.Empty(t, f.observerMails(w))
	f.seat("north", "pick 2") // hidden until south's pick is in
	f.now = f.now.Add(2*time.Hour + time.Minute)
	f.tick()
	ms := f.observerMails(w)
	require.Len(t, ms, 1)
	require.Contains(t, ms[0].Text, "Round 1. Points: north 0, south 0.")
	require.NotContains(t, ms[0].Text, "Your pick", "north's pick is hidden")
	require.NotContains(t, ms[0].Text, "Picks")
	unsub := ms[0].Headers["List-Unsubscribe"]
	require.True(t, strings.HasPrefix(unsub, "<mailto:orders+"+f.game+"@club.example?subject=unsubscribe%20"), unsub)

	// South's pick resolves the round: the observer learns it 2 hours on.
	f.seat("south", "pick 1")
	f.tick()
	require.Len(t, f.observerMails(w), 1, "not before the delay")
	f.now = f.now.Add(2 * time.Hour)
	f.tick()
	ms = f.observerMails(w)
	require.Len(t, ms, 2)
	require.Contains(t, ms[1].Text, "Round 2.")
	for _, m := range ms {
		for _, s := range f.secrets {
			require.NotContains(t, m.Text, s)
		}
	}

	// The unsubscribe address works, whoever's mail program sends it.
	u, err := url.Parse(strings.Trim(unsub, "<>"))
	require.NoError(t, err)
	raw := f.rawMail(fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\n", w, u.Opaque, u.Query().Get("subject")), "")
	o = f.handle(raw)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g := f.game_()
	require.Empty(t, g.Observers)
	require.Contains(t, flat(f.lastTo(w).Text), "You no longer get the observer reports")
	require.Contains(t, flat(f.lastTo("gm@example.org").Text), "no longer observes game")
	f.seat("north", "pick 3")
	f.seat("south", "pick 3")
	f.now = f.now.Add(5 * time.Hour)
	f.tick()
	require.Len(t, f.observerMails(w), 2, "no report after unsubscribing")
	require.Equal(t, []string{"gm: observe (2 hours' delay)", "gm: unobserve"}, f.notes())

	// The GM's unobserve works too.
	f.gmSay("observe w2@example.net")
	o, _ = f.gmSay("unobserve w2@example.net")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Empty(t, f.game_().Observers)
	o, _ = f.gmSay("unobserve w2@example.net")
	require.Equal(t, store.OutcomeRejected, o.Kind)
}

// TestObserverNeverSeesHiddenFacts plays block games with an observer
// without delay: after every decision, no observer report holds a line
// of the GM's view that some player does not see (a hand, a block's
// identity, a card played face down).
func TestObserverNeverSeesHiddenFacts(t *testing.T) {
	for _, c := range []struct{ game, scenario string }{
		{"richard-iii", "wars-of-the-roses"},
		{"hammer-of-the-scots", "braveheart"},
		{hexbattle.Name, "ford/najera"},
	} {
		t.Run(c.game, func(t *testing.T) { observeGame(t, c.game, c.scenario, 1) })
	}
}

func observeGame(t *testing.T, game, scenario string, seed uint64) {
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
	_, err = j.GMCommands(id, []string{"observe eye@example.net 0", "observe ojo@example.net 0 es"})
	require.NoError(t, err)
	pick := testdice.New(seed)
	load := func() (*store.Game, adjudicator.State) {
		var g *store.Game
		require.NoError(t, db.View(func(tx *store.Tx) error { g, err = tx.Game(id); return err }))
		st, err := eng.Decode(g.State)
		require.NoError(t, err)
		return g, st
	}
	checked, reports := 0, 0
	for step := 0; step < 60; step++ {
		now = now.Add(time.Minute)
		_, err := j.Tick()
		require.NoError(t, err)
		g, st := load()
		// What the GM sees that some player does not is hidden.
		var players []string
		for r := range addr {
			players = append(players, st.View(r).Text())
		}
		hidden := map[string]bool{}
		for _, l := range strings.Split(st.View(adjudicator.GM).Text(), "\n") {
			l = strings.TrimSpace(l)
			if len(l) < 6 {
				continue
			}
			for _, p := range players {
				if !strings.Contains(p, l) {
					hidden[l] = true
				}
			}
		}
		require.NoError(t, db.View(func(tx *store.Tx) error {
			all, err := tx.AllMail()
			for _, m := range all {
				if m.Kind != "observer" || int(m.ID) <= checked {
					continue
				}
				checked = int(m.ID)
				if m.To[0] == "eye@example.net" {
					reports++
				} else {
					require.Contains(t, m.Text, "Informe público de la partida", "in the observer's language")
				}
				for _, l := range strings.Split(m.Text, "\n") {
					require.False(t, hidden[strings.TrimSpace(l)], "observer report shows a hidden fact: %q\n%s", l, m.Text)
				}
				checkObserverMap(t, m, st, addr)
			}
			return err
		}))
		if g.Status.Finished {
			break
		}
		prompts := st.Prompts()
		role := prompts[pick.Intn(len(prompts))].Role
		sub := st.(adjudicator.Player).RandomSubmission(role, pick.Intn)
		var body strings.Builder
		fmt.Fprintf(&body, "secret: %s\ntoken: %s\n", c.Secrets[role], tokenFor(id, g.Player(string(role))))
		for _, l := range sub.Lines {
			body.WriteString(l.Text + "\n")
		}
		raw := fmt.Sprintf("From: %s\r\nTo: orders+%s@club.example\r\nSubject: Re: [%s] report\r\nMessage-ID: <%s.%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
			addr[role], id, id, role, step, strings.ReplaceAll(body.String(), "\n", "\r\n"))
		o, err := j.HandleMail([]byte(raw))
		require.NoError(t, err)
		require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	}
	require.Greater(t, reports, 5, "the observer got reports")
}

// checkObserverMap checks the map of an observer's report m of state st:
// it is there, in the observer's language, and shows no piece by name
// or strength, no marker, no move and no battle that some player's own
// map does not show.
func checkObserverMap(t *testing.T, m *store.OutMail, st adjudicator.State, addr map[adjudicator.Role]string) {
	t.Helper()
	v, ok := st.(board.Viewer)
	if !ok {
		return
	}
	require.Len(t, m.Parts, 1, "the map picture")
	require.Contains(t, m.HTML, `src="cid:`+mapContentID+`"`)
	var om board.Map
	require.NoError(t, json.Unmarshal(m.Parts[0].Source, &om))
	if m.To[0] == "ojo@example.net" {
		require.Equal(t, "es", om.Lang)
	}
	pieces := 0
	for _, a := range om.Areas {
		for _, p := range a.Pieces {
			pieces += p.N()
		}
	}
	require.Positive(t, pieces, "the observers' map shows the pieces on the board")
	for r := range addr {
		pm := v.MapView(r)
		if om.Lang != "" && om.Lang != i18n.Default { // the player's map in the same words
			translateMapWords(&pm, om.Lang, templates.Builtin().Catalog)
		}
		for _, a := range om.Areas {
			pa := pm.Area(a.ID)
			require.NotNil(t, pa, a.ID)
			for _, mk := range a.Markers {
				require.Contains(t, pa.Markers, mk, "%s: marker %q that %s does not see", a.ID, mk, r)
			}
			for _, p := range a.Pieces {
				if p.Hidden {
					continue
				}
				found := false
				for _, q := range pa.Pieces {
					found = found || q.Owner == p.Owner && q.Label == p.Label && q.Value == p.Value && !q.Hidden
				}
				require.True(t, found, "%s: piece %+v that %s does not see", a.ID, p, r)
			}
		}
		for _, mv := range om.Moves {
			found := false
			for _, x := range pm.Moves {
				found = found || x.From == mv.From && x.To == mv.To && x.Owner == mv.Owner && (mv.Label == "" || x.Label == mv.Label)
			}
			require.True(t, found, "move %+v that %s does not see", mv, r)
		}
		for _, b := range om.Battles {
			require.Contains(t, pm.Battles, b)
		}
	}
}
