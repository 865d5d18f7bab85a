package daemon_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
)

// e2e is a daemon running against the embedded mail server, with players
// who have ordinary mail accounts on it.
type e2e struct {
	t       *testing.T
	srv     *embedded.Server
	db      *store.DB
	j       *judge.Judge
	d       *running
	game    string
	secrets map[adjudicator.Role]string
	box     map[string]*mailbox // by user
	sent    int                 // emails submitted to the orders address
}

const gameE2E = "duel-e2e"

func newE2E(t *testing.T) *e2e {
	t.Helper()
	users := map[string]string{}
	for _, u := range []string{"orders", "alice", "bob", "gm", "mallory"} {
		users[u] = u + "-pw"
	}
	srv, err := embedded.Start(embedded.Config{Domain: domain, Users: users})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	e := &e2e{t: t, srv: srv, box: map[string]*mailbox{}}
	e.db = openStore(t, filepath.Join(t.TempDir(), "pbem.db"))
	e.j = judge.New(e.db, judgeOptions())
	e.game, e.secrets = newGame(t, e.j, gameE2E, "alice@"+domain, "bob@"+domain, "gm@"+domain)
	e.d = startDaemon(t, daemonSetup{DB: e.db, Judge: e.j,
		IMAP: intakeConfig(srv.IMAPAddr(), "orders", "orders-pw"),
		SMTP: withAuth(smtpConfig(t, srv.SMTPAddr()), "orders", "orders-pw")})
	for _, u := range []string{"alice", "bob", "gm", "mallory"} {
		e.box[u] = dialMailbox(t, srv.IMAPAddr(), u, u+"-pw")
	}
	e.settle()
	return e
}

// send submits raw to the orders address by SMTP, as a player's client.
func (e *e2e) send(from string, raw []byte) {
	e.t.Helper()
	require.NoError(e.t, smtpSend(e.srv.SMTPAddr(), from, []string{orders}, raw))
	e.sent++
}

func (e *e2e) count(user, mailbox string) int {
	n, err := e.srv.Count(user, mailbox)
	if err != nil {
		return 0
	}
	return n
}

// settle waits until every submitted email left the orders INBOX (so its
// transaction committed) and every mail it caused was delivered.
func (e *e2e) settle() {
	e.t.Helper()
	require.Eventually(e.t, func() bool {
		if e.count("orders", "INBOX") != 0 || e.count("orders", "pbem/processed")+e.count("orders", "pbem/failed") != e.sent {
			return false
		}
		q, _ := outboxCounts(e.db)
		return q == 0
	}, waitFor, tick)
}

func (e *e2e) seq() int { return gameOf(e.t, e.db, e.game).Seq }

func (e *e2e) secret(r adjudicator.Role) string { return "secret: " + e.secrets[r] }

// TestEndToEnd plays through the daemon with real mail clients' formats:
// players submit by SMTP to the embedded server, the daemon reads the
// orders mailbox by IMAP and answers by SMTP, the players read the
// replies by IMAP.
func TestEndToEnd(t *testing.T) {
	e := newE2E(t)
	alice, bob, gm := e.box["alice"], e.box["bob"], e.box["gm"]
	root := "pbem." + gameE2E + ".root@" + domain

	// The new game's welcome and first report reached everyone.
	lastReport := map[string]string{}
	for _, u := range []string{"alice", "bob", "gm"} {
		got := e.box[u].fetchNew()
		require.Len(t, got, 2, u)
		assert.Contains(t, got[0].Subject, "Welcome")
		assert.Contains(t, got[1].Subject, "["+gameE2E+"]")
		assert.Empty(t, got[0].InReplyTo, "a welcome starts the thread")
		assert.Equal(t, got[0].MessageID, got[1].InReplyTo, "the first report threads under the welcome")
		lastReport[u] = got[1].MessageID
	}

	// 1. Gmail (multipart/alternative, quoted-printable) with a faulty
	// line: rejected, the reply quotes the line, nothing changes.
	aliceMsg := "CAHx9k2Tq7vQ.1@mail.gmail.com"
	e.send("alice@"+domain, gmailReply("alice@"+domain, "Re: ["+gameE2E+"] North — Round 1: pick your dice", aliceMsg, lastReport["alice"],
		[]string{e.secret("north"), "pick 2", "pick 7"}))
	e.settle()
	rej := alice.only("reject")
	assert.Contains(t, rej.Text, "NOT applied")
	assert.Contains(t, rej.Text, "line 3: pick 7")
	assert.Contains(t, rej.Text, "pick 1 | pick 2 | pick 3")
	assert.Equal(t, aliceMsg, rej.InReplyTo, "the reply threads under the player's email")
	assert.Contains(t, rej.References, aliceMsg)
	assert.Empty(t, bob.fetchNew())
	assert.Equal(t, 1, e.seq(), "nothing applied")

	// 2. The same client, fixed: accepted. The quoted "pick 3" is ignored.
	aliceMsg = "CAHx9k2Tq7vQ.2@mail.gmail.com"
	e.send("alice@"+domain, gmailReply("alice@"+domain, "Re: ["+gameE2E+"] North — Round 1: pick your dice", aliceMsg, rej.MessageID,
		[]string{e.secret("north"), "pick 2"}))
	e.settle()
	rep := alice.only("north's report")
	assert.Equal(t, aliceMsg, rep.InReplyTo)
	assert.Equal(t, []string{root, lastReport["alice"], aliceMsg}, rep.References)
	assert.Contains(t, rep.Text, "pick 2")
	assert.Contains(t, rep.Text, "Your pick: 2")
	brep := bob.only("south's report")
	assert.Equal(t, lastReport["bob"], brep.InReplyTo, "the opponent's report threads under their previous one")
	assert.Contains(t, brep.References, root)
	assert.Contains(t, brep.Text, "north has picked")
	assert.NotContains(t, brep.Text, "Your pick: 2", "the pick stays secret")
	gm.only("gm's report")
	lastReport["alice"], lastReport["bob"] = rep.MessageID, brep.MessageID
	assert.Equal(t, 2, e.seq())

	// 3. Outlook: HTML only, Windows-1252, "RE: [External]" subject.
	e.send("bob@"+domain, outlookHTML("bob@"+domain, "RE: ["+gameE2E+"] South – Round 1", "AM6PR08MB4326A1B2@AM6PR08MB4326.eurprd08.prod.outlook.com", lastReport["bob"],
		[]string{e.secret("south"), "pick 3 # “go big” – Bob"}))
	e.settle()
	brep = bob.only("south's report after the round")
	assert.Contains(t, brep.Text, "Round 1: north rolls")
	assert.Contains(t, brep.Text, "Your hunch", "south picked 3")
	arep := alice.only("north's report after the round")
	assert.Contains(t, arep.Text, "Round 1: north rolls")
	assert.NotContains(t, arep.Text, "hunch", "a private event stays private")
	gm.only("gm's report after the round")
	assert.Equal(t, 3, e.seq())

	// 4. Mutt: ISO-8859-1 quoted-printable body, encoded name and subject.
	e.send("alice@"+domain, muttLatin1("alice@"+domain, "Alice Nájera", "Órdenes ["+gameE2E+"]", "20261121090412.GA4412@pbem.localhost", arep.MessageID,
		[]string{e.secret("north"), "entropy: Nájera, 1367", "pick 1   # señal"}))
	e.settle()
	assert.Contains(t, alice.only("north's report").Text, "Your pick: 1")
	bob.only("south's report")
	gm.only("gm's report")
	log := logOf(t, e.db, e.game)
	require.Len(t, log, 4)
	assert.Equal(t, []string{"Nájera, 1367"}, playerEntropy(log[3].Entropy), "Latin-1 decoded to UTF-8")
	assert.Equal(t, []string{"pick 1"}, log[3].Lines)
	assert.Equal(t, "alice@"+domain, log[3].From)

	// 5. Thunderbird, format=flowed: "pick " continues on the next line.
	tb := thunderbirdFlowed("bob@"+domain, "Re: ["+gameE2E+"] South - Round 2", "8d1f3a2e-5b7c-4e19-9a0d-2c6f1e7b3a94@pbem.localhost", brep.MessageID,
		"secret "+e.secrets["south"]+"\n\nturn: 2\npick \n2\n")
	e.send("bob@"+domain, tb)
	e.settle()
	assert.Contains(t, bob.only("south's report").Text, "Round 2: north rolls")
	alice.only("north's report")
	gm.only("gm's report")
	log = logOf(t, e.db, e.game)
	require.Len(t, log, 5)
	assert.Equal(t, []string{"pick 2"}, log[4].Lines)
	assert.Equal(t, 3, gameOf(t, e.db, e.game).Status.Turn)

	// 6. The same email delivered twice: processed once, answered once.
	e.send("bob@"+domain, tb)
	e.settle()
	for _, u := range []string{"alice", "bob", "gm"} {
		assert.Empty(t, e.box[u].fetchNew(), "duplicate answered to %s", u)
	}
	assert.Equal(t, 5, e.seq())

	// 7. An oversized email (a 2 MiB photo attached): a clear reply,
	// nothing changes.
	e.send("alice@"+domain, withAttachment("alice@"+domain, "["+gameE2E+"] orders and a photo", "big.1@pbem.localhost", e.secret("north")+"\npick 3\n", 2<<20, 1))
	e.settle()
	big := alice.only("too large")
	assert.Contains(t, big.Text, "larger than 1024 KB")
	assert.Contains(t, big.Text, "Nothing changed")
	assert.Equal(t, 5, e.seq())

	// 8. Malformed MIME: a clear reply; the email is filed as failed.
	e.send("alice@"+domain, badBoundary("alice@"+domain, "["+gameE2E+"] orders", "bad.1@pbem.localhost", e.secret("north")+"\npick 3\n"))
	e.settle()
	bad := alice.only("malformed")
	assert.Contains(t, bad.Text, "not processed: unreadable email")
	assert.Equal(t, "bad.1@pbem.localhost", bad.InReplyTo)
	assert.Equal(t, 1, e.count("orders", "pbem/failed"))
	assert.Equal(t, 5, e.seq())

	// 9. A stranger, an email without a game tag, and a check.
	e.send("mallory@"+domain, rawMail("mallory@"+domain, orders, "["+gameE2E+"] orders", "m.1@pbem.localhost", "", "secret: guess\npick 3"))
	e.send("alice@"+domain, rawMail("alice@"+domain, orders, "my orders", "a.notag@pbem.localhost", "", e.secret("north")+"\npick 3"))
	e.send("alice@"+domain, rawMail("alice@"+domain, orders, "check ["+gameE2E+"]", "a.check@pbem.localhost", "", e.secret("north")+"\npick 3"))
	e.settle()
	assert.Contains(t, e.box["mallory"].only("stranger").Text, "does not play in game ["+gameE2E+"]")
	got := alice.fetchNew()
	require.Len(t, got, 2)
	assert.Contains(t, got[0].Text, "could not tell which game")
	assert.Contains(t, got[0].Text, "Your games: "+gameE2E)
	assert.Contains(t, got[1].Text, "would be ACCEPTED")
	assert.Empty(t, bob.fetchNew())
	assert.Equal(t, 5, e.seq())

	// The orders mailbox ends empty: everything was filed.
	assert.Equal(t, 0, e.count("orders", "INBOX"))
	assert.Equal(t, e.sent-1, e.count("orders", "pbem/processed"))
	// Every email (the duplicate aside) has its processed record.
	var n int
	require.NoError(t, e.db.View(func(tx *store.Tx) error { n = tx.ProcessedCount(); return nil }))
	assert.Equal(t, 2*(e.sent-1)-1, n, "two keys per email; the oversized one has no readable Message-ID")
	// No secret ever went out in a report or reply.
	for _, m := range allMail(t, e.db) {
		if m.Kind == "welcome" {
			continue
		}
		for _, s := range e.secrets {
			require.NotContains(t, m.Text, s, "mail %d (%s)", m.ID, m.Kind)
		}
	}
	t.Logf("%d emails submitted, %d mails sent", e.sent, len(allMail(t, e.db)))
}
