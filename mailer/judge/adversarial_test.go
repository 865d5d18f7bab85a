package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// Tests from an adversarial review of the email path: a stranger, the
// other player, a careless player and a hostile email.

func (f *fixture) rawMail(headers, body string) []byte {
	f.n++
	return []byte(fmt.Sprintf("%sMessage-ID: <adv%d@example.org>\r\nDate: Sat, 21 Nov 2026 12:00:00 +0000\r\n\r\n%s\r\n", headers, f.n, strings.ReplaceAll(body, "\n", "\r\n")))
}

func TestAdvSubjectWithForeignTagFirst(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("alice@example.org", "[ACME-42] Re: ["+f.game+"] orders", "secret: "+f.secrets["north"]+"\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, f.game, o.GameID)
}

func TestAdvEntropyWithNUL(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\nentropy: a\x00b\x01c\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestAdvSecretCaseAndPunctuation(t *testing.T) {
	f := newFixture(t)
	s := f.secrets["north"]
	bare := strings.ReplaceAll(s, "-", "")
	for _, typed := range []string{strings.ToUpper(s) + ".", `"` + s + `"`, "<" + s + ">", strings.ReplaceAll(s, "-", " "), bare} {
		o := f.handle(f.mail("alice@example.org", "check ["+f.game+"]", "Secret: "+typed+"\npick 2"))
		require.Equal(t, store.OutcomeCheck, o.Kind, "%q: %s", typed, o.Reason)
	}
	o := f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+bare[:11]+"\npick 2"))
	require.Equal(t, "the secret is wrong", o.Reason)
	o = f.handle(f.mail("alice@example.org", "["+f.game+"]", "SECRET: "+strings.ToUpper(s)+".\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestAdvGMEmailIsAllOrNothing(t *testing.T) {
	f := newFixture(t)
	before := f.game_()
	o := f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\ndeadline 5\nalias south bob@work.example\nrollback 99"))
	require.Equal(t, store.OutcomeRejected, o.Kind, o.Reason)
	g := f.game_()
	require.Equal(t, before.Deadline, g.Deadline, "no line of a faulty GM email is applied")
	require.Empty(t, g.Player("south").Aliases)
	require.Contains(t, f.lastTo("gm@example.org").Text, "line 4")
	require.Contains(t, f.lastTo("gm@example.org").Text, "NOT applied")
}

func TestAdvHugeNumberOfLines(t *testing.T) {
	f := newFixture(t)
	body := "secret: " + f.secrets["north"] + "\n" + strings.Repeat("pick 9\n", 50000)
	o := f.handle(f.mail("alice@example.org", "["+f.game+"]", body))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	m := f.lastTo("alice@example.org")
	require.Less(t, len(m.Text), 64<<10, "a rejection stays small")
	require.Less(t, len(o.Reason), 4<<10)
}

func TestAdvVeryLongLine(t *testing.T) {
	f := newFixture(t)
	body := "secret: " + f.secrets["north"] + "\npick " + strings.Repeat("9", 500000)
	o := f.handle(f.mail("alice@example.org", "["+f.game+"]", body))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Less(t, len(f.lastTo("alice@example.org").Text), 64<<10)
}

func TestAdvSecretNeverEchoed(t *testing.T) {
	f := newFixture(t)
	s := f.secrets["north"]
	o := f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+s+"\nmy pass is "+s+"\npick 2"))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	for _, m := range f.outbox() {
		if m.Kind != "welcome" {
			require.NotContains(t, m.Text, s)
		}
	}
	require.NotContains(t, o.Reason, s)
	o = f.handle(f.mail("alice@example.org", "check ["+f.game+"]", "secret: "+s+"\nmy pass is "+s))
	for _, m := range f.outbox() {
		if m.Kind != "welcome" {
			require.NotContains(t, m.Text, s)
		}
	}
}

func TestAdvDisplayNameTrick(t *testing.T) {
	f := newFixture(t)
	raw := f.rawMail("From: \"alice@example.org\" <mallory@evil.example>\r\nTo: orders@club.example\r\nSubject: ["+f.game+"]\r\n", "report")
	o := f.handle(raw)
	require.Equal(t, "sender is not a player", o.Reason)
	raw = f.rawMail("From: alice@example.org <mallory@evil.example>\r\nTo: orders@club.example\r\nSubject: ["+f.game+"]\r\n", "report")
	o = f.handle(raw)
	require.Equal(t, "sender is not a player", o.Reason)
}

func TestAdvHugeMessageID(t *testing.T) {
	f := newFixture(t)
	raw := []byte("From: alice@example.org\r\nTo: orders@club.example\r\nSubject: [" + f.game + "]\r\nMessage-ID: <" + strings.Repeat("x", 40000) + "@example.org>\r\n\r\nreport\r\n")
	o, err := f.j.HandleMail(raw)
	require.NoError(t, err, "an email must never be retried forever")
	require.NotNil(t, o)
}

func TestAdvHTMLTableOrders(t *testing.T) {
	f := newFixture(t)
	html := "<html><body><table><tr><td>secret: " + f.secrets["north"] + "</td></tr><tr><td>pick 2</td></tr></table></body></html>"
	raw := f.rawMail("From: alice@example.org\r\nTo: orders@club.example\r\nSubject: ["+f.game+"]\r\nContent-Type: text/html; charset=utf-8\r\n", html)
	o := f.handle(raw)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestAdvTooManyOrTooLongLinesNeverReachTheEngine(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\n"+strings.Repeat("boom\n", 600)))
	require.Equal(t, store.OutcomeRejected, o.Kind, "600 lines are refused before the engine sees them")
	require.Contains(t, o.Reason, "at most 500")
	o = f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\nboom "+strings.Repeat("x", 2000)))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, o.Reason, "line 2 is 2005 characters long")
	require.Equal(t, 1, f.game_().Seq)
}

// wideLines lists the lines of text wider than 76 columns, skipping the
// quoted order lines of rejections (they are what the player wrote).
func wideLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if utf8.RuneCountInString(l) > 76 && !strings.HasPrefix(l, "  line ") {
			out = append(out, l)
		}
	}
	return out
}

// TestAdvRepliesFitAndReplyBlocksRoundTrip: for every game, each first
// report's reply block, sent back unchanged but for the secret (as a reply
// quoting the whole report), is accepted; every email the judge writes in
// a game's first exchanges fits 76 columns; the GM gets a report; a report
// that asks for orders shows the deadline.
func TestAdvRepliesFitAndReplyBlocksRoundTrip(t *testing.T) {
	for _, game := range []string{"richard-iii", "hammer-of-the-scots", "duel-test", "council-test"} {
		t.Run(game, func(t *testing.T) {
			db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
			require.NoError(t, err)
			defer db.Close()
			now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
			j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }})
			eng, err := adjudicator.Lookup(game)
			require.NoError(t, err)
			info := eng.Info()
			spec := NewGameSpec{Game: game, GM: "gm@club.example"}
			for _, r := range info.RolesFor(info.Scenarios[0]) {
				spec.Players = append(spec.Players, PlayerSpec{Role: r, Email: string(r) + "@club.example"})
			}
			c, err := j.NewGame(spec)
			require.NoError(t, err)
			all := func() []*store.OutMail {
				var ms []*store.OutMail
				require.NoError(t, db.View(func(tx *store.Tx) error { ms, err = tx.AllMail(); return err }))
				return ms
			}
			first := all()
			n := 0
			send := func(from, subject, body string) *Outcome {
				n++
				raw := fmt.Sprintf("From: %s\r\nTo: orders+%s@club.example\r\nSubject: %s\r\nMessage-ID: <rt%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
					from, c.Game.ID, subject, n, strings.ReplaceAll(body, "\n", "\r\n"))
				o, err := j.HandleMail([]byte(raw))
				require.NoError(t, err)
				return o
			}
			gmReport := false
			var replied bool
			for _, m := range first {
				if m.Kind != "report" {
					continue
				}
				if m.To[0] == "gm@club.example" {
					gmReport = true
					continue
				}
				i := strings.Index(m.Text, "---- reply ----")
				if i < 0 || replied {
					continue
				}
				require.Contains(t, m.Text, "Orders due: ")
				role := adjudicator.Role(strings.TrimSuffix(m.To[0], "@club.example"))
				end := strings.Index(m.Text[i+1:], "\n----\n") + i + 1
				block := strings.Replace(m.Text[i:end+6], "<your secret>", c.Secrets[role], 1)
				quoted := "> " + strings.ReplaceAll(strings.TrimRight(m.Text, "\n"), "\n", "\n> ")
				// Careless replies first: no secret, a stale turn, nothing.
				require.Equal(t, "the secret is missing", send(m.To[0], "Re: "+m.Subject, strings.Replace(block, c.Secrets[role], "<your secret>", 1)).Reason)
				require.Equal(t, "stale turn", send(m.To[0], "Re: "+m.Subject, strings.Replace(block, "turn: 1", "turn: 9", 1)).Reason)
				require.Equal(t, "no orders", send(m.To[0], "Re: "+m.Subject, "secret: "+c.Secrets[role]+"\n\nOn Sat, pbem judge wrote:\n"+quoted).Reason)
				require.Equal(t, store.OutcomeCheck, send(m.To[0], "Re: check "+m.Subject, block+"\nOn Sat, pbem judge wrote:\n"+quoted).Kind)
				require.Equal(t, "help sent", send(m.To[0], "Re: "+m.Subject, "help").Reason)
				o := send(m.To[0], "Re: "+m.Subject, block+"\nOn Sat, 21 Nov 2026, pbem judge wrote:\n"+quoted)
				require.Equal(t, store.OutcomeAccepted, o.Kind, "%s: %s\n%s", role, o.Reason, block)
				replied = true
			}
			require.True(t, replied, "some seat owes orders at the start")
			require.True(t, gmReport, "the GM gets an omniscient report")
			send("stranger@else.example", "["+c.Game.ID+"]", "report")
			send("gm@club.example", "["+c.Game.ID+"]", "secret: "+c.Secrets[adjudicator.GM]+"\nfrobnicate")
			for _, m := range all() {
				require.Empty(t, wideLines(m.Text), "%s to %s", m.Kind, m.To[0])
			}
		})
	}
}

func TestAdvGMWhoAlsoPlays(t *testing.T) {
	f := newFixture(t)
	c, err := f.j.NewGame(NewGameSpec{ID: "club-1", Game: "duel-test", GM: "ann@example.org", Players: []PlayerSpec{
		{Role: "north", Email: "carl@example.org"}, {Role: "south", Email: "Ann@example.org"}}})
	require.NoError(t, err)
	o := f.handle(f.mail("ann@example.org", "[club-1]", "secret: "+c.Secrets[adjudicator.GM]+"\ndeadline 5"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, "gm", o.Role)
	o = f.handle(f.mail("ann@example.org", "[club-1]", "secret: "+c.Secrets["south"]+"\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, "south", o.Role)
	o = f.handle(f.mail("ann@example.org", "[club-1]", "secret: "+c.Secrets["north"]+"\npick 2"))
	require.Equal(t, "the secret is wrong", o.Reason, "another seat's secret does not work from this address")
}

func TestAdvRateLimitNeverLocksOutAnAuthenticatedPlayer(t *testing.T) {
	f := newFixture(t)
	f.j.opt.RatePerHour = 3
	// Someone floods with alice's address (From is easy to forge).
	for i := 0; i < 5; i++ {
		f.handle(f.mail("alice@example.org", "["+f.game+"] hello", "hello"))
	}
	o := f.handle(f.mail("alice@example.org", "["+f.game+"] hello", "hello"))
	require.Contains(t, o.Reason, "rate limit")
	// Her real orders, with her secret, still count.
	o = f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestAdvGMEmailWithTurnLine(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\nturn: 1\ndeadline 5"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestAdvConfiguredAliasesIgnoreCase(t *testing.T) {
	f := newFixture(t)
	f.j = New(f.db, Options{Domain: "club.example", Now: func() time.Time { return f.now },
		Aliases: map[string][]string{"Bob@Example.org": {" Bob@Work.Example "}}})
	o := f.handle(f.mail("bob@work.example", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestAdvGMCheckModeChangesNothing(t *testing.T) {
	f := newFixture(t)
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
	before := f.game_()
	o := f.handle(f.mail("gm@example.org", "check ["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\nrollback 1\ndeadline 5"))
	require.Equal(t, store.OutcomeCheck, o.Kind, o.Reason)
	g := f.game_()
	require.Equal(t, before.Seq, g.Seq, "a GM check rolls nothing back")
	require.Equal(t, before.Deadline, g.Deadline)
	m := f.lastTo("gm@example.org")
	require.Contains(t, m.Text, "CHECK ONLY")
	require.Contains(t, m.Text, "rolled back to entry 1")
	require.NotContains(t, f.lastTo("bob@example.org").Text, "rolled the game back")
}

func TestAdvEntropyIsBounded(t *testing.T) {
	f := newFixture(t)
	o := f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\n"+strings.Repeat("entropy: x\n", 21)+"pick 2"))
	require.Equal(t, store.OutcomeRejected, o.Kind, "the record of every game would carry them")
	require.Contains(t, o.Reason, "at most 20")
	o = f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\nentropy: "+strings.Repeat("y", 300)+"\npick 2"))
	require.Contains(t, o.Reason, "at most 200")
	require.Equal(t, 1, f.game_().Seq)
}

// recordOf asks for role's record by email and decodes it.
func (f *fixture) recordOf(addr string) *record.Record {
	f.handle(f.mail(addr, "["+f.game+"]", "record"))
	m := f.lastTo(addr)
	require.Len(f.t, m.Parts, 1, "the record is attached")
	rec, err := record.Unmarshal(m.Parts[0].Data)
	require.NoError(f.t, err)
	require.True(f.t, record.Verify(rec).OK(), record.Verify(rec).String())
	return rec
}

// TestAdvRecordDoesNotBetrayASecretPick: the opponent's redacted entry
// still carries its digest, a hash of its lines; for a choice among few
// (a pick, a card) trying each candidate finds the hidden one. A player's
// record therefore stops at the last turn whose dice are public, and
// carries no hashes of the others' mails.
func TestAdvRecordDoesNotBetrayASecretPick(t *testing.T) {
	f := newFixture(t)
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
	rec := f.recordOf("bob@example.org")
	require.Empty(t, rec.Mails, "hashes of the others' reports can be matched against guesses")
	prev, err := dice.ParseDigest(rec.Entries[0].Digest)
	require.NoError(t, err)
	for _, e := range rec.Entries[1:] {
		for k := 1; k <= 3; k++ {
			d, err := prev.Next(dice.Entry{Role: "north", Kind: "orders", Lines: []string{fmt.Sprintf("pick %d", k)}})
			require.NoError(t, err)
			require.NotEqual(t, d.String(), e.Digest, "south can tell north picked %d", k)
		}
	}
	// Once the turn is over, its entries (now public knowledge) are there.
	f.handle(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
	rec = f.recordOf("bob@example.org")
	require.Len(t, rec.Entries, 3)
	require.Equal(t, "north", rec.Entries[1].Role)
}

func TestAdvSeatAddressWithDisplayName(t *testing.T) {
	f := newFixture(t)
	c, err := f.j.NewGame(NewGameSpec{ID: "named-1", Game: "duel-test", GM: "Gus <GM@example.org>", Players: []PlayerSpec{
		{Role: "north", Email: "Carl <Carl@Example.org>"}, {Role: "south", Email: "<dora@example.org>"}}})
	require.NoError(t, err)
	require.Equal(t, "carl@example.org", c.Game.Player("north").Email)
	require.Equal(t, "gm@example.org", c.Game.GM)
	o := f.handle(f.mail("dora@example.org", "[named-1]", "secret: "+c.Secrets["south"]+"\npick 1"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	_, err = f.j.NewGame(NewGameSpec{ID: "bad-1", Game: "duel-test", GM: "gm@example.org", Players: []PlayerSpec{
		{Role: "north", Email: "carl@"}, {Role: "south", Email: "dora@example.org"}}})
	require.Error(t, err)
	o = f.handle(f.mail("gm@example.org", "[named-1]", "secret: "+c.Secrets[adjudicator.GM]+"\nalias north <Carl@Home.example>"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o = f.handle(f.mail("carl@home.example", "[named-1]", "secret: "+c.Secrets["north"]+"\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

func TestAdvUndecodableGameIsNotRetriedForever(t *testing.T) {
	f := newFixture(t)
	require.NoError(t, f.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(f.game)
		if err != nil {
			return err
		}
		g.State = []byte("not json")
		return tx.PutGame(g)
	}))
	raw := f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2")
	o, err := f.j.HandleMail(raw)
	require.NoError(t, err, "a permanent failure must not make the daemon retry the email forever")
	require.Equal(t, store.OutcomeIgnored, o.Kind)
	require.Contains(t, f.lastTo("gm@example.org").Text, "could not process")
	require.Equal(t, "duplicate", f.handle(raw).Kind)
}

func TestAdvNoBackscatterToStrangersWithoutAGame(t *testing.T) {
	f := newFixture(t)
	before := len(f.outbox())
	o := f.handle(f.mail("victim@elsewhere.example", "Cheap watches", "buy now"))
	require.Equal(t, store.OutcomeIgnored, o.Kind, o.Reason)
	o = f.handle(f.mail("victim@elsewhere.example", "[promo-2024] offer", "buy now"))
	require.Equal(t, store.OutcomeIgnored, o.Kind, o.Reason)
	require.Len(t, f.outbox(), before, "spam with a forged sender gets no reply")
	// A player who forgot the tag is still helped.
	o = f.handle(f.mail("bob@example.org", "my orders", "pick 1"))
	require.Equal(t, "no game tag", o.Reason)
	require.Contains(t, f.lastTo("bob@example.org").Text, "Your games: "+f.game)
}

func TestAdvSecretNeverReachesTheLog(t *testing.T) {
	f := newFixture(t)
	s := f.secrets["north"]
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+s+"\nmy secret is "+s))
	f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+s+"\npick 2 # "+s))
	rec, err := f.j.Export(f.game, true)
	require.NoError(t, err)
	b, err := rec.Marshal()
	require.NoError(t, err)
	require.NotContains(t, string(b), s)
}

func TestAdvEngineDefectAtADeadline(t *testing.T) {
	f := newFixture(t)
	c, err := f.j.NewGame(NewGameSpec{ID: "faulty-1", Game: "duel-test", GM: "gm@example.org",
		Options: adjudicator.Options{"default": "boom"}, Players: []PlayerSpec{
			{Role: "north", Email: "carl@example.org"}, {Role: "south", Email: "dora@example.org"}}})
	require.NoError(t, err)
	f.now = c.Game.Deadline.Add(time.Minute)
	require.NotPanics(t, func() { _, err = f.j.Tick() })
	require.NoError(t, err)
	var g *store.Game
	require.NoError(t, f.db.View(func(tx *store.Tx) error { g, err = tx.Game("faulty-1"); return err }))
	require.True(t, g.Deadline.IsZero(), "the deadline is lifted, not retried at every tick")
	require.Equal(t, 1, g.Seq, "nothing applied")
	require.Contains(t, f.lastTo("gm@example.org").Text, "default orders")
	n, err := f.j.Tick()
	require.NoError(t, err)
	require.Zero(t, n)
}
