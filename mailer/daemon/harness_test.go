package daemon_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/mailer/daemon"
	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/mailer/judge"
	_ "github.com/pbem/pbem/mailer/judge/judgetest"
	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/mailer/outbox"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

// waitFor bounds every wait in these tests. Waits end as soon as their
// condition holds; the bound only turns a hang into a failure.
const waitFor = 20 * time.Second

// tick is the polling interval of require.Eventually.
const tick = 2 * time.Millisecond

// Mail domain and addresses shared by the tests.
const (
	domain = "pbem.localhost"
	orders = "orders@" + domain
)

// judgeOptions are the judge settings of every daemon in these tests (the
// in-process ones, the child processes and the reference runs), so that
// the same email has the same effect everywhere.
func judgeOptions() judge.Options {
	return judge.Options{Domain: domain, OrdersAddress: orders, FromName: "pbem test judge", RatePerHour: 1 << 20}
}

// memIMAP is a restartable in-memory IMAP server (mailtest.MemIMAP).
// Every user's password is the user name followed by "-pw".
type memIMAP struct {
	*mailtest.MemIMAP
}

func newMemIMAP(t testing.TB, users ...string) *memIMAP {
	t.Helper()
	pw := map[string]string{}
	for _, name := range users {
		pw[name] = name + "-pw"
	}
	return &memIMAP{mailtest.NewMemIMAP(t, "none", nil, pw)}
}

func (m *memIMAP) start() { m.Start() }
func (m *memIMAP) stop()  { m.Stop() }

// deliver appends raw to user's INBOX, as a mail server would.
func (m *memIMAP) deliver(user string, raw []byte) { m.Deliver(user, raw) }

// count returns the number of messages in one of user's mailboxes (0 when
// the mailbox does not exist yet).
func (m *memIMAP) count(user, mailbox string) int { return m.Count(user, mailbox) }

// intakeConfig is an imapin configuration with short timers for tests.
func intakeConfig(addr, user, pass string) imapin.Config {
	return imapin.Config{
		Addr: addr, TLS: imapin.TLSNone, Username: user, Password: pass,
		Poll: 200 * time.Millisecond, RetryAfter: 50 * time.Millisecond, IdleRescan: time.Minute,
		ReconnectMin: 5 * time.Millisecond, ReconnectMax: 50 * time.Millisecond,
		ShutdownGrace: time.Second,
	}
}

// smtpConfig is an smtpout configuration for a loopback server.
func smtpConfig(t testing.TB, addr string) smtpout.Config {
	t.Helper()
	host, port, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	p, err := strconv.Atoi(port)
	require.NoError(t, err)
	return smtpout.Config{Host: host, Port: p, TLS: smtpout.TLSNone, Timeout: 5 * time.Second}
}

// running is a daemon started in this process.
type running struct {
	d      *daemon.Daemon
	client *imapin.Client
	cancel context.CancelFunc
	done   chan error
}

// daemonSetup wires a daemon the way cmd/pbem does.
type daemonSetup struct {
	DB      *store.DB
	Judge   *judge.Judge
	IMAP    imapin.Config
	SMTP    smtpout.Config
	Backoff func(int) time.Duration // nil: the drainer's default
	// Poll is the drainer's safety-net rescan of the outbox (with Backoff).
	// It is needed: after a pass that sends some mail while other mail
	// waits for a retry that falls due later, the drainer forgets that
	// retry and waits for Poll (reported to the outbox's owner).
	Poll     time.Duration
	DrainLog *slog.Logger
	// Now is the drainer's clock (nil: the wall clock); a test with a fake
	// judge clock passes the same one, so that mail queued at the judge's
	// time is due for the drainer too.
	Now func() time.Time
}

// startDaemon runs a daemon in a goroutine until the test ends (or stop).
func startDaemon(t testing.TB, s daemonSetup) *running {
	t.Helper()
	c, err := imapin.New(s.IMAP)
	require.NoError(t, err)
	r := &running{client: c, done: make(chan error, 1)}
	var dr *outbox.Drainer
	if s.Backoff != nil || s.Now != nil {
		dr = &outbox.Drainer{Queue: daemon.StoreQueue{DB: s.DB}, Sender: smtpout.NewSender(s.SMTP), Backoff: s.Backoff, Poll: s.Poll, Log: s.DrainLog, Now: s.Now}
	}
	r.d = daemon.New(daemon.Config{DB: s.DB, Judge: s.Judge, Intake: daemon.IMAP{Client: c},
		Sender: smtpout.NewSender(s.SMTP), TickEvery: time.Hour, Drainer: dr})
	s.Judge.SetWake(r.d.Drainer().Wake)
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go func() { r.done <- r.d.Run(ctx) }()
	t.Cleanup(r.stop)
	return r
}

// stop ends the daemon and waits for it.
func (r *running) stop() {
	if r.cancel == nil {
		return
	}
	r.cancel()
	r.cancel = nil
	select {
	case <-r.done:
	case <-time.After(waitFor):
	}
}

// newGame creates a duel-test game with the given players (north, south)
// and GM, and returns its ID and secrets.
func newGame(t testing.TB, j *judge.Judge, id, north, south, gm string) (string, map[adjudicator.Role]string) {
	t.Helper()
	c, err := j.NewGame(judge.NewGameSpec{ID: id, Game: "duel-test", GM: gm, Players: []judge.PlayerSpec{
		{Role: "north", Email: north}, {Role: "south", Email: south},
	}})
	require.NoError(t, err)
	return c.Game.ID, c.Secrets
}

// openStore opens a store file with fsync on, as the daemon does.
func openStore(t testing.TB, path string) *store.DB {
	t.Helper()
	db, err := store.Open(path, store.Options{Timeout: 5 * time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func gameOf(t testing.TB, db *store.DB, id string) *store.Game {
	t.Helper()
	var g *store.Game
	require.NoError(t, db.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(id)
		return err
	}))
	return g
}

func logOf(t testing.TB, db *store.DB, id string) []*store.LogEntry {
	t.Helper()
	var es []*store.LogEntry
	require.NoError(t, db.View(func(tx *store.Tx) error {
		var err error
		es, err = tx.LogEntries(id, 1)
		return err
	}))
	return es
}

func allMail(t testing.TB, db *store.DB) []*store.OutMail {
	t.Helper()
	var all []*store.OutMail
	require.NoError(t, db.View(func(tx *store.Tx) error {
		var err error
		all, err = tx.AllMail()
		return err
	}))
	return all
}

func outboxCounts(db *store.DB) (queued, sent int) {
	_ = db.View(func(tx *store.Tx) error {
		queued, sent = tx.OutboxCounts()
		return nil
	})
	return queued, sent
}

// smtpSend submits raw to an SMTP server the way a mail client does.
func smtpSend(addr, from string, to []string, raw []byte) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail(from, to, bytes.NewReader(raw)); err != nil {
		return err
	}
	return c.Quit()
}

// mailbox is a player's mail account read over IMAP.
type mailbox struct {
	t    testing.TB
	c    *imapclient.Client
	seen map[imap.UID]bool
}

func dialMailbox(t testing.TB, addr, user, pass string) *mailbox {
	t.Helper()
	c, err := imapclient.DialInsecure(addr, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	require.NoError(t, c.Login(user, pass).Wait())
	return &mailbox{t: t, c: c, seen: map[imap.UID]bool{}}
}

// received is one message in a player's mailbox.
type received struct {
	*intake.Message
	Raw []byte
}

// fetchNew returns the messages that arrived since the last call, oldest
// first.
func (m *mailbox) fetchNew() []received {
	m.t.Helper()
	_, err := m.c.Select("INBOX", nil).Wait()
	require.NoError(m.t, err)
	sd, err := m.c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	require.NoError(m.t, err)
	var uids []imap.UID
	for _, u := range sd.AllUIDs() {
		if !m.seen[u] {
			uids = append(uids, u)
		}
	}
	if len(uids) == 0 {
		return nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := m.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	require.NoError(m.t, err)
	var out []received
	for _, msg := range msgs {
		m.seen[msg.UID] = true
		raw := msg.FindBodySection(sec)
		p, err := intake.Parse(raw, intake.Options{MaxBytes: 8 << 20})
		require.NoError(m.t, err)
		out = append(out, received{Message: p, Raw: raw})
	}
	return out
}

// only returns the single new message, failing otherwise.
func (m *mailbox) only(what string) received {
	m.t.Helper()
	got := m.fetchNew()
	var subjects []string
	for _, r := range got {
		subjects = append(subjects, r.Subject)
	}
	require.Len(m.t, got, 1, "%s: want one new message, got %q", what, subjects)
	return got[0]
}

// rawMail is a plain-text email as a script would write it.
func rawMail(from, to, subject, msgID, inReplyTo, body string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\n", from, to, subject)
	fmt.Fprintf(&b, "Date: %s\r\nMessage-ID: <%s>\r\n", time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC).Format(time.RFC1123Z), msgID)
	if inReplyTo != "" {
		fmt.Fprintf(&b, "In-Reply-To: <%s>\r\nReferences: <%s>\r\n", inReplyTo, inReplyTo)
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(crlf(body))
	return []byte(b.String())
}

func crlf(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return strings.ReplaceAll(s, "\n", "\r\n")
}

// withAuth adds SMTP credentials to c.
func withAuth(c smtpout.Config, user, pass string) smtpout.Config {
	c.Username, c.Password = user, pass
	return c
}

// playerEntropy drops the server's salt line from a logged entry's
// entropy, leaving what the player wrote.
func playerEntropy(lines []string) []string {
	e, _ := dice.SplitSalt(dice.Entry{Entropy: lines})
	return e.Entropy
}
