package judge

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/record"
	_ "github.com/pbem/pbem/mailer/judge/judgetest"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

type fixture struct {
	t       *testing.T
	db      *store.DB
	j       *Judge
	now     time.Time
	game    string
	secrets map[adjudicator.Role]string
	n       int
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	f := &fixture{t: t, db: db, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	f.j = New(db, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return f.now }})
	c, err := f.j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{
		{Role: "north", Email: "Alice@Example.org", Aliases: []string{"alice@home.example"}},
		{Role: "south", Email: "bob@example.org"},
	}, GM: "gm@example.org"})
	require.NoError(t, err)
	f.game, f.secrets = c.Game.ID, c.Secrets
	return f
}

// mail is an email from from. An email with a secret line but no token
// line gets the seat's current one-time token, as a reply to the seat's
// latest report would (plainMail leaves the body as it is).
func (f *fixture) mail(from, subject, body string) []byte {
	if m := regexp.MustCompile(`(?im)^\s*secret:?\s*(\S+)`).FindStringSubmatch(body); m != nil && !regexp.MustCompile(`(?im)^\s*token\b`).MatchString(body) {
		if g := f.gameOrNil(); g != nil {
			for i := range g.Players {
				if secretMatches(&g.Players[i], m[1]) {
					body += "\ntoken: " + tokenFor(g.ID, &g.Players[i])
					break
				}
			}
		}
	}
	return f.plainMail(from, subject, body)
}

// gameOrNil is the fixture's game, or nil when it is gone.
func (f *fixture) gameOrNil() *store.Game {
	var g *store.Game
	_ = f.db.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(f.game)
		return err
	})
	return g
}

// plainMail is an email from from with exactly body.
func (f *fixture) plainMail(from, subject, body string) []byte {
	f.n++
	return []byte(fmt.Sprintf("From: Player <%s>\r\nTo: orders@club.example\r\nSubject: %s\r\nMessage-ID: <m%d.%d@example.org>\r\nDate: Sat, 21 Nov 2026 12:00:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		from, subject, f.n, time.Now().UnixNano(), strings.ReplaceAll(body, "\n", "\r\n")))
}

func (f *fixture) handle(raw []byte) *Outcome {
	f.t.Helper()
	o, err := f.j.HandleMail(raw)
	require.NoError(f.t, err)
	return o
}

func (f *fixture) outbox() []*store.OutMail {
	var all []*store.OutMail
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		var err error
		all, err = tx.AllMail()
		return err
	}))
	return all
}

func (f *fixture) lastTo(addr string) *store.OutMail {
	all := f.outbox()
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].To[0] == addr {
			return all[i]
		}
	}
	return nil
}

func (f *fixture) game_() *store.Game {
	var g *store.Game
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(f.game)
		return err
	}))
	return g
}

func TestNewGameQueuesWelcomeAndReports(t *testing.T) {
	f := newFixture(t)
	require.Equal(t, "duel-test-1", f.game)
	mails := f.outbox()
	kinds := map[string]int{}
	for _, m := range mails {
		kinds[m.Kind]++
		require.NotContains(t, m.Text, "secret_hash")
	}
	require.Equal(t, 3, kinds["welcome"])
	require.Equal(t, 3, kinds["report"])
	w := mails[0]
	require.Equal(t, "alice@example.org", w.To[0])
	require.Contains(t, w.Text, f.secrets["north"])
	require.NotContains(t, w.Text, f.secrets["south"], "a welcome shows only its reader's secret")
	require.Contains(t, flat(w.Text), "Your opponents: South (bob@example.org)")
	for _, m := range mails {
		if m.Kind == "welcome" && m.To[0] == "gm@example.org" {
			require.Contains(t, flat(m.Text), "The players: North (alice@example.org), South (bob@example.org)", "the GM has no opponents")
		}
	}
	// Reports never carry a secret.
	for _, m := range mails {
		if m.Kind == "report" {
			for _, s := range f.secrets {
				require.NotContains(t, m.Text, s)
			}
		}
	}
	g := f.game_()
	require.Equal(t, 1, g.Seq)
	require.NotEmpty(t, g.Dice.PublicCommit)
	require.False(t, g.Deadline.IsZero())
}

func TestOrdersAcceptedRejectedAndDuplicate(t *testing.T) {
	f := newFixture(t)
	before := len(f.outbox())
	// Wrong secret: nothing changes, a notice goes to the registered address.
	o := f.handle(f.mail("alice@example.org", "["+f.game+"] orders", "secret: nope\npick 2"))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, f.lastTo("alice@example.org").Text, "secret is wrong")
	require.NotContains(t, f.lastTo("alice@example.org").Text, f.secrets["north"])
	require.Equal(t, 1, f.game_().Seq)

	// A faulty line: the reply quotes it with its number and the legal choices.
	o = f.handle(f.mail("alice@example.org", "Re: ["+f.game+"] report", "secret: "+f.secrets["north"]+"\npick 2\npick 7\n\n> pick 3 (quoted, ignored)\n-- \nAlice"))
	require.Equal(t, store.OutcomeRejected, o.Kind, o.Reason)
	rej := f.lastTo("alice@example.org")
	require.Equal(t, "reject", rej.Kind)
	require.Contains(t, rej.Text, "line 3: pick 7")
	require.Contains(t, rej.Text, "pick 1 | pick 2 | pick 3")
	require.Contains(t, rej.Text, "NOT applied")
	require.Equal(t, 1, f.game_().Seq, "nothing applied")

	// Good orders, from an alias, with entropy.
	raw := f.mail("alice@home.example", "Re: ["+f.game+"] report", "secret: "+f.secrets["north"]+"\nentropy: my lucky socks\npick 3")
	o = f.handle(raw)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, 2, f.game_().Seq)
	rep := f.lastTo("alice@example.org")
	require.Equal(t, "report", rep.Kind)
	require.Contains(t, rep.Text, "pick 3")
	require.Contains(t, rep.Text, "Your hunch")
	// The opponent's report (if any) never shows the private event or the pick.
	for _, m := range f.outbox()[before:] {
		if m.To[0] == "bob@example.org" {
			require.NotContains(t, m.Text, "hunch")
			require.NotContains(t, m.Text, "Your pick")
		}
	}
	// The same email again is ignored.
	o = f.handle(raw)
	require.Equal(t, "duplicate", o.Kind)
	require.Equal(t, 2, f.game_().Seq)
}

func TestFullRoundRevealsDice(t *testing.T) {
	f := newFixture(t)
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2"))
	o := f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\nturn: 1\npick 1"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g := f.game_()
	require.Equal(t, 2, g.Status.Turn)
	require.Equal(t, 1, g.Dice.RevealedThrough)
	rep := f.lastTo("bob@example.org")
	require.Contains(t, rep.Text, "Round 1: north rolls")
	require.Contains(t, rep.Text, "Turn 1 public secret:")
	// A stale email marked for turn 1 is refused.
	o = f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\nturn: 1\npick 1"))
	require.Equal(t, "stale turn", o.Reason)
}

func TestCheckModeChangesNothing(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("alice@example.org", "check ["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2"))
	require.Equal(t, store.OutcomeCheck, o.Kind)
	require.Equal(t, 1, f.game_().Seq)
	require.Contains(t, f.lastTo("alice@example.org").Text, "would be ACCEPTED")
}

func TestUnknownGameAndStranger(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("alice@example.org", "[nosuch-3] hi", "pick 1"))
	require.Equal(t, "unknown game", o.Reason)
	require.Contains(t, f.lastTo("alice@example.org").Text, "Your games: "+f.game)
	o = f.handle(f.mail("mallory@evil.example", "["+f.game+"]", "secret: x\npick 1"))
	require.Equal(t, "sender is not a player", o.Reason)
	o = f.handle(f.mail("alice@example.org", "no tag here", "pick 1"))
	require.Equal(t, "no game tag", o.Reason)
}

func TestDeadlineAppliesDefaultsAndReminds(t *testing.T) {
	f := newFixture(t)
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2"))
	g := f.game_()
	f.now = g.Deadline.Add(-time.Hour)
	n, err := f.j.Tick()
	require.NoError(t, err)
	require.Equal(t, 1, n)
	require.Equal(t, "reminder", f.lastTo("bob@example.org").Kind)
	f.now = g.Deadline.Add(time.Minute)
	n, err = f.j.Tick()
	require.NoError(t, err)
	require.Equal(t, 1, n)
	g = f.game_()
	require.Equal(t, 2, g.Status.Turn, "south's default pick resolved the round")
	require.Contains(t, f.lastTo("bob@example.org").Text, "missed the deadline")
}

// A reply to a decision the deadline already settled is refused: the
// default took the seat's token, so the late email never lands on the
// next decision of the same kind.
func TestLateReplyAfterDefaultIsRefused(t *testing.T) {
	f := newFixture(t)
	g := f.game_()
	late := f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 2") // token of bob's first decision
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2"))
	f.now = g.Deadline.Add(time.Minute)
	n, err := f.j.Tick()
	require.NoError(t, err)
	require.Equal(t, 1, n)
	g = f.game_()
	require.Equal(t, 2, g.Status.Turn, "south's default settled round 1")
	hash := g.StateHash
	o := f.handle(late)
	require.Equal(t, store.OutcomeRejected, o.Kind, o.Reason)
	require.Equal(t, "too late", o.Reason)
	require.Contains(t, f.lastTo("bob@example.org").Text, "deadline settled on Tue 24 Nov 2026 12:01 UTC")
	require.Equal(t, hash, f.game_().StateHash, "nothing changed")
	// A reply to the new report applies.
	o = f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 3"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestReportAndGMCommands(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("bob@example.org", "["+f.game+"]", "report"))
	require.Equal(t, "report resent", o.Reason)
	o = f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\ndice\nreport"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestExportVerifiesAndReplays(t *testing.T) {
	f := newFixture(t)
	for r := 0; r < 3; r++ {
		f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\nentropy: "+fmt.Sprint(r)+"\npick 3"))
		f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 2"))
	}
	rec, err := f.j.Export(f.game, false)
	require.NoError(t, err)
	rep := record.Verify(rec)
	require.True(t, rep.OK(), rep.String())
	g, err := adjudicator.Lookup("duel-test")
	require.NoError(t, err)
	_, hash, err := record.Replay(rec, g)
	require.NoError(t, err)
	require.Equal(t, f.game_().StateHash, hash)

	full, err := f.j.Export(f.game, true)
	require.NoError(t, err)
	require.True(t, record.Verify(full).OK())
	// Alter one public roll: verify must notice.
	for i := range full.Draws {
		if full.Draws[i].Stream == "public" {
			full.Draws[i].Result = full.Draws[i].Result%6 + 1
			break
		}
	}
	require.False(t, record.Verify(full).OK())
}

func TestGMRollbackNeverRerolls(t *testing.T) {
	f := newFixture(t)
	gm := func(body string) {
		f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\n"+body))
	}
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
	gm("rollback 1 north asked to change his pick")
	require.Contains(t, f.lastTo("gm@example.org").Text, "rolled back to entry 1")
	require.Contains(t, f.lastTo("bob@example.org").Text, "rolled the game back")
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
	f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 2"))
	rec, err := f.j.Export(f.game, true)
	require.NoError(t, err)
	require.Equal(t, "rollback", rec.Entries[2].Kind)
	require.Equal(t, rec.Entries[1].Digest, rec.Entries[3].Digest, "the same orders after a rollback give the same digest, so the same dice")
	require.True(t, record.Verify(rec).OK(), record.Verify(rec).String())
	g, _ := adjudicator.Lookup("duel-test")
	_, hash, err := record.Replay(rec, g)
	require.NoError(t, err)
	require.Equal(t, f.game_().StateHash, hash)
	// Turn 1's dice are public now: rolling back into it is refused.
	gm("rollback 2")
	require.Contains(t, strings.Join(strings.Fields(f.lastTo("gm@example.org").Text), " "), "already public")
	require.Equal(t, 2, f.game_().Status.Turn)
}

func TestEnginePanicIsContained(t *testing.T) {
	f := newFixture(t)
	raw := f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\nboom")
	o := f.handle(raw)
	require.Equal(t, store.OutcomeIgnored, o.Kind)
	require.Contains(t, o.Reason, "rules engine failure")
	require.Equal(t, 1, f.game_().Seq, "nothing applied")
	require.Contains(t, f.lastTo("gm@example.org").Text, "could not process an email")
	require.Contains(t, f.lastTo("alice@example.org").Text, "Nothing was applied")
	require.Equal(t, "duplicate", f.handle(raw).Kind, "not retried forever")
	// The game goes on.
	require.Equal(t, store.OutcomeAccepted, f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 1")).Kind)
}

func TestGameOverRevealsHiddenChain(t *testing.T) {
	f := newFixture(t)
	for i := 0; i < 40 && !f.game_().Status.Finished; i++ {
		f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
		f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
	}
	g := f.game_()
	require.True(t, g.Status.Finished)
	require.Contains(t, f.lastTo("bob@example.org").Text, "GAME OVER")
	require.Contains(t, f.lastTo("bob@example.org").Text, "Hidden chain secret")
	o := f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
	require.Equal(t, "game over", o.Reason)
	rec, err := f.j.Export(f.game, false)
	require.NoError(t, err)
	require.NotNil(t, rec.Dice.HiddenSecret, "a finished game's record reveals the hidden chain")
	require.True(t, record.Verify(rec).OK())
}

func TestGMSeatAndDeadlineCommands(t *testing.T) {
	f := newFixture(t)
	gm := func(body string) string {
		f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\n"+body))
		return f.lastTo("gm@example.org").Text
	}
	require.Contains(t, gm("deadline 5"), "the deadline is now Sat 21 Nov 17:00 UTC")
	require.Contains(t, gm("alias south bob@work.example"), "may now also write from bob@work.example")
	o := f.handle(f.mail("bob@work.example", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, gm("replace north carol@example.org"), "now played by carol@example.org")
	welcome := f.lastTo("carol@example.org")
	require.NotNil(t, welcome)
	// The old secret no longer works; the new one (only in carol's welcome) does.
	o = f.handle(f.mail("carol@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2"))
	require.Equal(t, "the secret is wrong", o.Reason)
	require.Contains(t, gm("defaults"), "default orders applied")
	require.Equal(t, 2, f.game_().Status.Turn)
	require.Contains(t, gm("frobnicate"), "is not a GM command")
}

func TestPlayerRecordIsRedacted(t *testing.T) {
	f := newFixture(t)
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
	f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
	f.handle(f.mail("bob@example.org", "["+f.game+"]", "record"))
	m := f.lastTo("bob@example.org")
	require.Contains(t, strings.Join(strings.Fields(m.Text), " "), "pbem verify "+f.game+"-record.json")
	require.Len(t, m.Parts, 1, "the record is attached")
	require.Equal(t, "application/json", m.Parts[0].ContentType)
	rec, err := record.Unmarshal(m.Parts[0].Data)
	require.NoError(t, err)
	require.True(t, record.Verify(rec).OK(), record.Verify(rec).String())
	for _, e := range rec.Entries {
		if e.Role == "north" {
			require.Empty(t, e.Lines, "north's orders are not shown to south")
		}
	}
}

// TestManyPlayersAndResponses: a 5-player game whose turns have the shape
// of a card-driven multi-player game (an active player's action, then a
// secret response by every other player in the middle of it): reports to
// five players and the GM, answers hidden until all are in, a late
// responder defaulted at the deadline, and a record that verifies.
func TestManyPlayersAndResponses(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }})
	roles := []adjudicator.Role{"red", "blue", "green", "gold", "black"}
	spec := NewGameSpec{Game: "council-test", Scenario: "5-players", GM: "gm@club.example"}
	for _, r := range roles {
		spec.Players = append(spec.Players, PlayerSpec{Role: r, Email: string(r) + "@club.example"})
	}
	c, err := j.NewGame(spec)
	require.NoError(t, err)
	id := c.Game.ID
	n := 0
	send := func(r adjudicator.Role, line string) *Outcome {
		n++
		raw := fmt.Sprintf("From: %s@club.example\r\nSubject: [%s]\r\nMessage-ID: <c%d@club.example>\r\n\r\nsecret: %s\r\n%s\r\n", r, id, n, c.Secrets[r], line)
		o, err := j.HandleMail([]byte(raw))
		require.NoError(t, err)
		return o
	}
	mailsTo := func(addr string) []*store.OutMail {
		var out []*store.OutMail
		require.NoError(t, db.View(func(tx *store.Tx) error {
			all, err := tx.AllMail()
			for _, m := range all {
				if m.To[0] == addr {
					out = append(out, m)
				}
			}
			return err
		}))
		return out
	}
	require.Len(t, mailsTo("black@club.example"), 2, "welcome and first report")
	require.Equal(t, store.OutcomeAccepted, send("red", "claim 4").Kind)
	require.Equal(t, store.OutcomeRejected, send("red", "claim 5").Kind, "red owes nothing now")
	require.Equal(t, store.OutcomeAccepted, send("blue", "doubt").Kind)
	require.Equal(t, store.OutcomeAccepted, send("green", "trust").Kind)
	require.Equal(t, store.OutcomeAccepted, send("gold", "trust").Kind)
	// Nobody but blue has seen blue's answer.
	for _, r := range []adjudicator.Role{"red", "green", "gold", "black"} {
		for _, m := range mailsTo(string(r) + "@club.example") {
			require.NotContains(t, m.Text, "You doubt", "%s sees another player's secret answer", r)
		}
	}
	// Black never answers: the deadline trusts for him and the round resolves.
	var g *store.Game
	require.NoError(t, db.View(func(tx *store.Tx) error { g, err = tx.Game(id); return err }))
	now = g.Deadline.Add(time.Minute)
	_, err = j.Tick()
	require.NoError(t, err)
	require.NoError(t, db.View(func(tx *store.Tx) error { g, err = tx.Game(id); return err }))
	require.Equal(t, 2, g.Status.Turn)
	for _, r := range roles {
		last := mailsTo(string(r) + "@club.example")
		require.Contains(t, last[len(last)-1].Text, "The die shows", "%s is told how the round ended", r)
	}
	require.Contains(t, mailsTo("gm@club.example")[len(mailsTo("gm@club.example"))-1].Text, "The die shows")
	rec, err := j.Export(id, false)
	require.NoError(t, err)
	require.True(t, record.Verify(rec).OK())
	require.Len(t, rec.Roles, 5)
}

// TestEntrySaltsHideOrdersAndVerify: every entry the server logs carries
// a salt fixed by the hidden chain, so the digests shown in reports cannot
// confirm a guess of hidden orders; once the hidden chain is revealed,
// verify checks each salt, and a forged one is caught.
func TestEntrySaltsHideOrdersAndVerify(t *testing.T) {
	f := newFixture(t)
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
	f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
	rec, err := f.j.Export(f.game, true)
	require.NoError(t, err)
	e := rec.Entries[1]
	require.Equal(t, []string{"pick 3"}, e.Lines)
	require.Len(t, e.Entropy, 1)
	require.True(t, strings.HasPrefix(e.Entropy[0], dice.SaltPrefix))
	// A guess of north's orders does not reproduce the digest.
	prev, err := dice.ParseDigest(rec.Entries[0].Digest)
	require.NoError(t, err)
	guess, err := prev.Next(dice.Entry{Role: "north", Kind: "orders", Lines: []string{"pick 3"}})
	require.NoError(t, err)
	require.NotEqual(t, e.Digest, guess.String())
	rep := record.Verify(rec)
	require.True(t, rep.OK(), rep.String())
	require.Equal(t, 2, rep.SaltsChecked)
	// A forged salt (and the digest recomputed to match) is caught.
	bad := *rec
	bad.Entries = append([]record.Entry(nil), rec.Entries...)
	be := bad.Entries[1]
	be.Entropy = []string{dice.SaltPrefix + strings.Repeat("0", 64)}
	nd, err := prev.Next(dice.Entry{Role: be.Role, Kind: be.Kind, Lines: be.Lines, Entropy: be.Entropy})
	require.NoError(t, err)
	be.Digest = nd.String()
	bad.Entries[1] = be
	require.Contains(t, record.Verify(&bad).String(), "salt")
}

// TestReusedMessageIDDoesNotSwallowOrders: an email that reuses another
// email's Message-ID with other content (a guessed ID sent first by a
// stranger, or a broken client) is not taken for a duplicate; the same
// email delivered again by another route (other headers) still is.
func TestReusedMessageIDDoesNotSwallowOrders(t *testing.T) {
	f := newFixture(t)
	squat := "From: <mallory@evil.example>\r\nSubject: [" + f.game + "]\r\nMessage-ID: <next@example.org>\r\n\r\nreport\r\n"
	f.handle([]byte(squat))
	real := "From: <alice@example.org>\r\nSubject: [" + f.game + "]\r\nMessage-ID: <next@example.org>\r\n\r\nsecret: " + f.secrets["north"] + "\r\npick 2\r\n"
	o := f.handle([]byte(real))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	again := "Received: from relay2.example.org\r\n" + real
	require.Equal(t, "duplicate", f.handle([]byte(again)).Kind)
	require.Equal(t, 2, f.game_().Seq)
}

// TestLanguagePerSeat: a seat's language is set at creation, by the
// player's "language" line (in any of pbem's languages) or by the GM, and
// every mail to the seat follows it; keywords and the reply block work in
// the seat's language.
func TestLanguagePerSeat(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("bob@example.org", "["+f.game+"]", "idioma: español"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, "es", f.game_().Player("south").Lang)
	reply := f.lastTo("bob@example.org")
	require.Contains(t, reply.Text, "en español")
	require.Contains(t, reply.Text, "árbitro pbem")

	// A report in Spanish, whose reply block is read back as it is.
	f.handle(f.mail("bob@example.org", "["+f.game+"]", "informe"))
	rep := f.lastTo("bob@example.org")
	require.Equal(t, "report", rep.Kind)
	require.Contains(t, rep.Text, "DESDE TU ÚLTIMO INFORME")
	require.Contains(t, rep.HTML, `lang="es"`)
	require.Contains(t, rep.Text, "secreto: <tu secreto>")
	require.NotContains(t, rep.Text, "en inglés", "every game tells its own texts in the reader's language: no footer says otherwise")

	// An unknown language is refused, naming the ones there are.
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "lingua klingon"))
	require.Contains(t, strings.Join(strings.Fields(f.lastTo("alice@example.org").Text), " "), "Spanish (es) and Italian (it)")
	require.Equal(t, "", f.game_().Player("north").Lang)

	// The GM sets a seat's language.
	gmSecret := f.secrets[adjudicator.GM]
	o = f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+gmSecret+"\nlanguage north it"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, "it", f.game_().Player("north").Lang)
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "rapporto"))
	require.Contains(t, f.lastTo("alice@example.org").Text, "DAL TUO ULTIMO RAPPORTO")

	// The Italian reply block, filled in, is applied.
	g := f.game_()
	body := fmt.Sprintf("segreto: %s\nturno: %d\ntoken: %s\npick 3\nCiao, Alice", f.secrets["north"], g.Status.Turn, tokenFor(g.ID, g.Player("north")))
	o = f.handle(f.plainMail("alice@example.org", "["+f.game+"]", body))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, f.lastTo("alice@example.org").Text, "I tuoi ordini sono stati accettati così:")
}
