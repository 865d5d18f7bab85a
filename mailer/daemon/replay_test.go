package daemon_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/judge"
)

// loginSend submits raw by SMTP after logging in as user, as a mail
// client does.
func loginSend(addr, user, from string, raw []byte) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.Auth(sasl.NewPlainClient("", user, user+"-pw")); err != nil {
		return err
	}
	if err := c.SendMail(from, []string{orders}, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

// TestAttacksOverEmail replays and forges order emails over the embedded
// mail servers against a game that requires authenticated senders: each
// attack is refused with a reply, and nothing changes in the game.
func TestAttacksOverEmail(t *testing.T) {
	users := map[string]string{}
	for _, u := range []string{"orders", "alice", "bob", "gm", "mallory"} {
		users[u] = u + "-pw"
	}
	srv, err := embedded.Start(embedded.Config{Domain: domain, Users: users})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	e := &e2e{t: t, srv: srv, box: map[string]*mailbox{}}
	e.db = openStore(t, filepath.Join(t.TempDir(), "pbem.db"))
	opt := judgeOptions()
	opt.SenderAuth = judge.SenderAuthOptions{TrustedAuthServID: domain} // the embedded server's verdicts
	e.j = judge.New(e.db, opt)
	c, err := e.j.NewGame(judge.NewGameSpec{ID: "duel-attack", Game: "duel-test", GM: "gm@" + domain, SenderAuth: judge.SenderAuthRequire,
		Players: []judge.PlayerSpec{{Role: "north", Email: "alice@" + domain}, {Role: "south", Email: "bob@" + domain}}})
	require.NoError(t, err)
	e.game, e.secrets = c.Game.ID, c.Secrets
	e.d = startDaemon(t, daemonSetup{DB: e.db, Judge: e.j,
		IMAP: intakeConfig(srv.IMAPAddr(), "orders", "orders-pw"),
		SMTP: withAuth(smtpConfig(t, srv.SMTPAddr()), "orders", "orders-pw")})
	for _, u := range []string{"alice", "gm"} {
		e.box[u] = dialMailbox(t, srv.IMAPAddr(), u, u+"-pw")
	}
	e.settle()
	e.box["alice"].fetchNew()
	e.box["gm"].fetchNew()
	n := 0
	send := func(user, from, body string) {
		t.Helper()
		n++
		raw := rawMail(from, orders, "Re: [duel-attack] report", fmt.Sprintf("attack%d@%s", n, domain), "", body)
		require.NoError(t, loginSend(srv.SMTPAddr(), user, from, raw))
		e.sent++
		e.settle()
	}
	told := func(u, what string) {
		t.Helper()
		var texts []string
		for _, m := range e.box[u].fetchNew() {
			texts = append(texts, strings.Join(strings.Fields(m.Text), " "))
		}
		require.Contains(t, strings.Join(texts, "\n"), what)
	}
	alice, gm := "alice@"+domain, "gm@"+domain

	// Accepted once.
	send("alice", alice, "secret: "+e.secrets["north"]+"\npick 2")
	require.Equal(t, 2, e.seq())
	told("alice", "north has picked")
	// Replayed with a new Message-ID, without and with a turn line.
	send("alice", alice, "secret: "+e.secrets["north"]+"\npick 2")
	told("alice", "was already applied on")
	send("alice", alice, "secret: "+e.secrets["north"]+"\nturn: 1\npick 2")
	told("alice", "was already applied on")
	require.Equal(t, 2, e.seq(), "nothing applied")

	// A forged From with the stolen secret, sent through mallory's login.
	before := gameOf(t, e.db, e.game).StateHash
	send("mallory", alice, "secret: "+e.secrets["north"]+"\npick 3")
	told("alice", "could not authenticate its sender")
	told("gm", "could not be authenticated")
	require.Equal(t, before, gameOf(t, e.db, e.game).StateHash)

	// The GM's rollback, replayed later.
	send("gm", gm, "secret: "+e.secrets["gm"]+"\nrollback 1 north asked")
	told("gm", "rolled back to entry 1")
	seq := e.seq()
	send("alice", alice, "secret: "+e.secrets["north"]+"\npick 2")
	require.Equal(t, seq+1, e.seq(), "orders undone by the rollback may be sent again")
	send("gm", gm, "secret: "+e.secrets["gm"]+"\nrollback 1 north asked")
	told("gm", "was already applied on")
	require.Equal(t, seq+1, e.seq(), "the replayed rollback undid nothing")

	// The GM's replace, replayed: the new player keeps the new secret.
	send("gm", gm, "secret: "+e.secrets["gm"]+"\nreplace south mallory@"+domain)
	hash := gameOf(t, e.db, e.game).Player("south").SecretHash
	send("gm", gm, "secret: "+e.secrets["gm"]+"\nreplace south mallory@"+domain)
	told("gm", "was already applied on")
	require.Equal(t, hash, gameOf(t, e.db, e.game).Player("south").SecretHash)

	// A rotated secret refuses the old one.
	send("alice", alice, "secret: "+e.secrets["north"]+"\nnewsecret")
	told("alice", "Your new secret for game [duel-attack]")
	seq = e.seq()
	send("alice", alice, "secret: "+e.secrets["north"]+"\npick 1")
	told("alice", "the secret is wrong")
	require.Equal(t, seq, e.seq())
}
