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

// emailGame is a real game on a judge over a real store, with a player
// per seat writing from "<seat>@club.example" ("+" spelt "-").
type emailGame struct {
	t       *testing.T
	db      *store.DB
	j       *Judge
	now     time.Time
	eng     adjudicator.Game
	id      string
	addr    map[adjudicator.Role]string
	secrets map[adjudicator.Role]string
	msgs    int
}

func newEmailGame(t *testing.T, game, scenario string, opts adjudicator.Options) *emailGame {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	e := &emailGame{t: t, db: db, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC), addr: map[adjudicator.Role]string{}}
	e.j = New(db, Options{Domain: "club.example", Now: func() time.Time { return e.now }, RatePerHour: 1000})
	e.eng, err = adjudicator.Lookup(game)
	require.NoError(t, err)
	info, err := adjudicator.InfoOf(e.eng, opts)
	require.NoError(t, err)
	sc, err := info.ScenarioByID(scenario)
	require.NoError(t, err)
	spec := NewGameSpec{Game: game, Scenario: sc.ID, Options: opts, GM: "gm@club.example"}
	for _, r := range info.RolesFor(sc) {
		e.addr[r] = strings.ReplaceAll(string(r), "+", "-") + "@club.example"
		spec.Players = append(spec.Players, PlayerSpec{Role: r, Email: e.addr[r]})
	}
	c, err := e.j.NewGame(spec)
	require.NoError(t, err)
	e.id, e.secrets = c.Game.ID, c.Secrets
	return e
}

func (e *emailGame) load() (*store.Game, adjudicator.State) {
	var g *store.Game
	require.NoError(e.t, e.db.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(e.id)
		return err
	}))
	st, err := e.eng.Decode(g.State)
	require.NoError(e.t, err)
	return g, st
}

// send mails body from addr, as a reply to a report of the game.
func (e *emailGame) send(from, body string) *Outcome {
	e.msgs++
	raw := fmt.Sprintf("From: %s\r\nTo: orders+%s@club.example\r\nSubject: Re: [%s] report\r\nMessage-ID: <q%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		from, e.id, e.id, e.msgs, strings.ReplaceAll(body, "\n", "\r\n"))
	o, err := e.j.HandleMail([]byte(raw))
	require.NoError(e.t, err)
	return o
}

// mails returns every mail queued so far.
func (e *emailGame) mails() []*store.OutMail {
	var all []*store.OutMail
	require.NoError(e.t, e.db.View(func(tx *store.Tx) error {
		var err error
		all, err = tx.AllMail()
		return err
	}))
	return all
}

// entries is the number of entries of the game's record.
func (e *emailGame) entries() int {
	rec, err := e.j.Export(e.id, false)
	require.NoError(e.t, err)
	return len(rec.Entries)
}

// show mails body from role's address and returns the one reply, after
// checking that nothing was logged or changed.
func (e *emailGame) show(role adjudicator.Role, body string) (*Outcome, *store.OutMail) {
	before, n := e.entries(), len(e.mails())
	g0, _ := e.load()
	o := e.send(e.addr[role], body)
	all := e.mails()
	require.Len(e.t, all, n+1, "one reply")
	g1, _ := e.load()
	require.Equal(e.t, before, e.entries(), "nothing logged")
	require.Equal(e.t, g0.StateHash, g1.StateHash)
	require.Equal(e.t, []string{e.addr[role]}, all[n].To)
	return o, all[n]
}

// "show X" by email in a block game: one reply to the seat's registered
// address with every answer, with or without the secret; nothing is
// logged, applied or rolled; an unknown name gets suggestions.
func TestShowByEmailRichard(t *testing.T) {
	e := newEmailGame(t, "richard-iii", "wars-of-the-roses", nil)
	o, m := e.show("york", "show kent\nshow london\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, m.Text, "> show kent")
	require.Contains(t, m.Text, "> show london")
	require.Contains(t, m.Text, "Kent")
	require.Contains(t, m.Text, "Nothing changed in the game.")
	// The keyword in Spanish and Italian too.
	o, m = e.show("york", "mostrar calais\nmostra kent\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, m.Text, "Calais")
	o, m = e.show("lancaster", fmt.Sprintf("secret %s\nshow kentt\n", e.secrets["lancaster"]))
	require.Equal(t, store.OutcomeRejected, o.Kind, o.Reason)
	require.Contains(t, m.Text, "did you mean")
	require.NotContains(t, m.Text, e.secrets["lancaster"])
}

// "show X" in Here I Stand with seats: the answers go to the seat's one
// address; the reply never shows a hand.
func TestShowByEmailHereIStand(t *testing.T) {
	e := newEmailGame(t, "here-i-stand", "1517", adjudicator.Options{"players": "3"})
	o, m := e.show("hapsburg+papacy", "show vienna\nshow gulf of lyon\nshow vienne\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, m.Text, "Vienna: key, capital")
	require.Contains(t, m.Text, "Gulf of Lyon: sea zone.")
	require.Contains(t, m.Text, `"vienne" is not a known space or sea zone; did you mean Vienna`)
	require.NotContains(t, m.Text, "HAND")
}

// A game without show answers so, and changes nothing.
func TestShowByEmailNoQuerier(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("bob@example.org", "["+f.game+"] show", "show north"))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, o.Reason, "no queries")
	require.Contains(t, f.lastMailTo(t, "bob@example.org"), `has no "show" yet`)
}

// lastMailTo is the text of the latest mail to addr.
func (f *fixture) lastMailTo(t *testing.T, addr string) string {
	var text string
	require.NoError(t, f.db.View(func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			if m.To[0] == addr {
				text = m.Text
			}
		}
		return err
	}))
	return text
}

// playToEnd plays the game to its end by email: random legal orders of
// the seats that owe, some decisions left to the deadline defaults; the
// exported record then verifies and replays to the same state, and no
// mail to a player carries another seat's secret.
func (e *emailGame) playToEnd(seed uint64, maxSteps int) {
	t := e.t
	pick := testdice.New(seed)
	ticks := 0
	for step := 0; step < maxSteps; step++ {
		g, st := e.load()
		if g.Status.Finished {
			break
		}
		e.now = e.now.Add(time.Minute)
		prompts := st.Prompts()
		require.NotEmpty(t, prompts, "no prompts at %s", g.Status.Label)
		if pick.Intn(10) == 0 {
			e.now = g.Deadline.Add(time.Minute)
			n, err := e.j.Tick()
			require.NoError(t, err)
			require.Equal(t, 1, n)
			ticks++
			continue
		}
		role := prompts[pick.Intn(len(prompts))].Role
		sub := st.(adjudicator.Player).RandomSubmission(role, pick.Intn)
		require.NotNil(t, sub)
		var body strings.Builder
		fmt.Fprintf(&body, "secret: %s\nturn: %d\ntoken: %s\n", e.secrets[role], g.Status.Turn, tokenFor(e.id, g.Player(string(role))))
		for _, l := range sub.Lines {
			body.WriteString(l.Text + "\n")
		}
		body.WriteString("\n-- \nA player\n")
		o := e.send(e.addr[role], body.String())
		require.Equal(t, store.OutcomeAccepted, o.Kind, "%s at %s: %s\n%s", role, g.Status.Label, o.Reason, body.String())
	}
	g, _ := e.load()
	require.True(t, g.Status.Finished, "game did not finish: %s", g.Status.Label)
	t.Logf("%d emails, %d deadlines: %s", e.msgs, ticks, g.Status.Result)
	rec, err := e.j.Export(e.id, false)
	require.NoError(t, err)
	rep := record.Verify(rec)
	require.True(t, rep.OK(), rep.String())
	_, hash, err := record.Replay(rec, e.eng)
	require.NoError(t, err)
	require.Equal(t, g.StateHash, hash)
	hands := 0
	for _, m := range e.mails() {
		for r, s := range e.secrets {
			if m.To[0] != e.addr[r] && !(r == adjudicator.GM && m.To[0] == "gm@club.example") {
				require.NotContains(t, m.Text, s)
			}
		}
		if e.eng.Info().Name != "here-i-stand" {
			continue
		}
		// A seat's mail shows the hands of its own powers only.
		for r, a := range e.addr {
			if m.To[0] != a {
				continue
			}
			for _, p := range []string{"ottoman", "hapsburg", "england", "france", "papacy", "protestant"} {
				title := strings.ToUpper(p) + " HAND"
				if strings.Contains(m.Text, title) {
					hands++
					require.Contains(t, "+"+string(r)+"+", "+"+p+"+", "%s's mail shows the %s hand", r, p)
				}
			}
		}
	}
	if e.eng.Info().Name == "here-i-stand" {
		require.NotZero(t, hands, "no report showed a hand")
	}
}

// HIS-3.1a, HIS-7d: whole games of Here I Stand by email through the
// judge, with six players and with three (each holding two powers).
func TestHereIStandByEmail(t *testing.T) {
	for _, players := range []string{"6", "3"} {
		t.Run(players+"-players", func(t *testing.T) {
			e := newEmailGame(t, "here-i-stand", "1517", adjudicator.Options{"players": players})
			e.playToEnd(uint64(len(players)+7), 3000)
		})
	}
}

// An interrupt does not wait a turn's deadline: the deadline is the
// shortest Prompt.Hours of the prompts owed (Here I Stand: 12 hours for a
// decision in the middle of an impulse), and the game's own deadline
// again once only ordinary prompts are owed.
func TestInterruptDeadline(t *testing.T) {
	e := newEmailGame(t, "here-i-stand", "1517", nil)
	pick := testdice.New(5)
	interrupts, ordinary := 0, 0
	for step := 0; step < 3000 && (interrupts < 3 || ordinary < 3); step++ {
		g, st := e.load()
		if g.Status.Finished {
			break
		}
		e.now = e.now.Add(time.Minute)
		role := st.Prompts()[0].Role
		sub := st.(adjudicator.Player).RandomSubmission(role, pick.Intn)
		var body strings.Builder
		fmt.Fprintf(&body, "secret: %s\ntoken: %s\n", e.secrets[role], tokenFor(e.id, g.Player(string(role))))
		for _, l := range sub.Lines {
			body.WriteString(l.Text + "\n")
		}
		before := g.Deadline
		o := e.send(e.addr[role], body.String())
		require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
		g, st = e.load()
		if g.Status.Finished || g.Deadline.IsZero() || g.Deadline.Equal(before) {
			// The deadline restarts only when the prompts owed change.
			continue
		}
		short := false
		for _, p := range st.Prompts() {
			short = short || p.Hours > 0
		}
		left := g.Deadline.Sub(e.now.Truncate(time.Minute))
		if short {
			interrupts++
			require.Equal(t, 12*time.Hour, left, "interrupt at %s", g.Status.Label)
			require.Less(t, g.ReminderHours, 12)
		} else {
			ordinary++
			require.Equal(t, time.Duration(g.DeadlineHours)*time.Hour, left, "at %s", g.Status.Label)
		}
	}
	require.GreaterOrEqual(t, interrupts, 3, "no interrupts seen")
	require.GreaterOrEqual(t, ordinary, 3)
}
