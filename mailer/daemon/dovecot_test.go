package daemon_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/mailer/mailtest"
)

// capturedMail reads the mail an SMTPCapture accepted, a batch at a time.
type capturedMail struct {
	t    *testing.T
	c    *mailtest.SMTPCapture
	seen int
}

// next returns the mails accepted since the last call, parsed, keyed by
// recipient.
func (m *capturedMail) next() map[string][]received {
	m.t.Helper()
	msgs := m.c.Messages()
	out := map[string][]received{}
	for _, c := range msgs[m.seen:] {
		p, err := intake.Parse(c.Data, intake.Options{MaxBytes: 8 << 20})
		require.NoError(m.t, err)
		require.Len(m.t, c.To, 1)
		out[c.To[0]] = append(out[c.To[0]], received{Message: p, Raw: c.Data})
	}
	m.seen = len(msgs)
	return out
}

// TestDovecot runs the daemon against a real Dovecot (see .ci/dovecot.sh):
// the players' emails are delivered into the orders mailbox by LMTP, the
// daemon reads them by IMAP (IDLE, MOVE) and sends its replies to an SMTP
// capture server. It uses the second Dovecot account (PBEM_DOVECOT_PLAYER_*)
// as the orders mailbox, because the intake's own tests empty the first.
// It is skipped unless the PBEM_DOVECOT_* variables are set.
func TestDovecot(t *testing.T) {
	d := mailtest.Dovecot(t)
	if d.PlayerUser == "" {
		t.Skip("PBEM_DOVECOT_PLAYER_USER not set")
	}
	user, pass := d.PlayerUser, d.PlayerPass

	acc := d.Fresh(t, user, pass, "pbemd")
	processed, failed := acc.Processed, acc.Failed
	serverName := acc.ServerName
	countIn := acc.Count

	capture := mailtest.NewSMTPCapture(t)
	db := openStore(t, filepath.Join(t.TempDir(), "pbem.db"))
	j := judge.New(db, judgeOptions())
	game, secrets := newGame(t, j, "duel-dc", "alice@players.example", "bob@players.example", "gm@players.example")
	icfg := intakeConfig(d.IMAPAddr, user, pass)
	icfg.ProcessedMailbox, icfg.FailedMailbox = processed, failed
	r := startDaemon(t, daemonSetup{DB: db, Judge: j, IMAP: icfg, SMTP: smtpConfig(t, capture.Addr())})
	out := &capturedMail{t: t, c: capture}

	delivered := 0
	deliver := func(raw []byte) {
		t.Helper()
		require.NoError(t, d.DeliverLMTPTo(user, raw))
		delivered++
	}
	settle := func() {
		t.Helper()
		require.Eventually(t, func() bool {
			q, _ := outboxCounts(db)
			return q == 0 && countIn("INBOX") == 0 && countIn(serverName(processed))+countIn(serverName(failed)) == delivered
		}, waitFor, 5*time.Millisecond, "the daemon files every email (last IMAP error: %v)", acc.Err)
	}
	secret := func(r adjudicator.Role) string { return "secret: " + secrets[r] }
	seq := func() int { return gameOf(t, db, game).Seq }
	const alice, bob, gm = "alice@players.example", "bob@players.example", "gm@players.example"

	settle()
	first := out.next()
	require.Len(t, first[alice], 2, "welcome and first report")
	lastAlice, lastBob := first[alice][1].MessageID, first[bob][1].MessageID

	// Gmail, one faulty line: rejected, quoted back, threaded.
	deliver(gmailReply(alice, "Re: [duel-dc] North — Round 1", "dc.1@mail.gmail.com", lastAlice, []string{secret("north"), "pick 2", "pick 7"}))
	settle()
	got := out.next()
	require.Len(t, got[alice], 1)
	assert.Contains(t, got[alice][0].Text, "line 3: pick 7")
	assert.Equal(t, "dc.1@mail.gmail.com", got[alice][0].InReplyTo)
	assert.Empty(t, got[bob])
	assert.Equal(t, 1, seq())

	// Gmail, fixed: accepted; everyone gets a report.
	deliver(gmailReply(alice, "Re: [duel-dc] North — Round 1", "dc.2@mail.gmail.com", got[alice][0].MessageID, []string{secret("north"), "pick 3"}))
	settle()
	got = out.next()
	require.Len(t, got[alice], 1)
	require.Len(t, got[bob], 1)
	require.Len(t, got[gm], 1)
	assert.Equal(t, "dc.2@mail.gmail.com", got[alice][0].InReplyTo)
	assert.Contains(t, got[alice][0].Text, "Your hunch")
	assert.NotContains(t, got[bob][0].Text, "hunch")
	assert.Equal(t, lastBob, got[bob][0].InReplyTo)
	lastAlice, lastBob = got[alice][0].MessageID, got[bob][0].MessageID

	// The IMAP server drops the daemon's connection (doveadm kick).
	if d.Conf != "" {
		connects := r.client.Stats().Connects
		require.NoError(t, d.Kick(user))
		require.Eventually(t, func() bool { return r.client.Stats().Connects > connects }, waitFor, tick, "the daemon reconnects")
		_ = acc.Admin.Close() // kicked too
		admin, err := imapclient.DialInsecure(d.IMAPAddr, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = admin.Close() })
		require.NoError(t, admin.Login(user, pass).Wait())
		acc.Admin = admin
	}

	// Outlook, HTML only, Windows-1252: accepted; the round resolves.
	deliver(outlookHTML(bob, "RE: [duel-dc] South – Round 1", "dc.3@outlook.example", lastBob, []string{secret("south"), "pick 1 # “safe” – Bob"}))
	settle()
	got = out.next()
	require.Len(t, got[bob], 1)
	assert.Contains(t, got[bob][0].Text, "Round 1: north rolls")
	assert.Equal(t, "dc.3@outlook.example", got[bob][0].InReplyTo)
	assert.Equal(t, 3, seq())

	// Mutt, ISO-8859-1, then the same email delivered twice by Thunderbird.
	deliver(muttLatin1(alice, "Alice Nájera", "Órdenes [duel-dc]", "dc.4@mutt.example", lastAlice, []string{secret("north"), "entropy: año 1367", "pick 2"}))
	tb := thunderbirdFlowed(bob, "Re: [duel-dc] South - Round 2", "dc.5@tb.example", "", "secret "+secrets["south"]+"\nturn: 2\npick \n3\n")
	deliver(tb)
	deliver(tb)
	settle()
	got = out.next()
	assert.Len(t, got[alice], 2, "north's own report, then the round's")
	assert.Len(t, got[bob], 2, "the round's reports, once: the duplicate is not answered")
	log := logOf(t, db, game)
	require.Len(t, log, 5)
	assert.Equal(t, []string{"año 1367"}, playerEntropy(log[3].Entropy))
	assert.Equal(t, []string{"pick 3"}, log[4].Lines)
	assert.Equal(t, "dc.5@tb.example", log[4].MessageID)

	// Oversized and malformed: answered clearly, nothing changes; the
	// malformed one is filed as failed.
	deliver(withAttachment(alice, "[duel-dc] orders", "dc.6@players.example", secret("north")+"\npick 1\n", 2<<20, 3))
	deliver(badBoundary(alice, "[duel-dc] orders", "dc.7@players.example", secret("north")+"\npick 1\n"))
	settle()
	got = out.next()
	require.Len(t, got[alice], 2)
	assert.Contains(t, got[alice][0].Text, "larger than 1024 KB")
	assert.Contains(t, got[alice][1].Text, "unreadable email")
	assert.Equal(t, 5, seq())
	assert.Equal(t, 1, countIn(serverName(failed)))
	assert.Equal(t, delivered-1, countIn(serverName(processed)))
	assert.Equal(t, 0, countIn("INBOX"))
	assert.Equal(t, 0, r.client.Stats().FlaggedSeen, "Dovecot supports MOVE")
}
