package daemon_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
)

// The club features (deadlines, reminders, grace, absences, pauses,
// substitutes, undo, observers, the GM's commands) driven end to end: the
// players write by SMTP to the embedded server, the daemon reads the
// orders mailbox by IMAP and answers by SMTP, and the players read their
// mail by IMAP. Time is a fake clock shared by the judge, the store and the
// outbox; after moving it a test makes the daemon's deadline clock check
// at once (Daemon.TickNow) instead of waiting for its ticker.

// fakeClock is a clock the test moves by hand, safe for the daemon's
// goroutines to read.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// clubStart is the fake clock's start: a Saturday noon. A new game's
// deadline is 72 hours later, Tuesday 24 November 12:00 UTC.
var clubStart = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// club is a daemon on the embedded mail server with a fake clock, and one
// game whose players (alice north, bob south) and GM read their mail by
// IMAP. carol, eve and mallory have accounts too.
type club struct {
	*e2e
	clock *fakeClock
	n     int // emails written, for their Message-IDs
}

// newClub starts a club whose game is created by create (nil: a duel-test
// game, north alice, south bob, GM gm) and empties every mailbox of the
// game's welcome and first report.
func newClub(t *testing.T, create func(j *judge.Judge) (string, map[adjudicator.Role]string)) *club {
	t.Helper()
	users := map[string]string{}
	for _, u := range []string{"orders", "alice", "bob", "gm", "carol", "eve", "mallory"} {
		users[u] = u + "-pw"
	}
	srv, err := embedded.Start(embedded.Config{Domain: domain, Users: users})
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Close() })
	clock := &fakeClock{now: clubStart}
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{Timeout: 5 * time.Second, Now: clock.Now})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	opt := judgeOptions()
	opt.Now = clock.Now
	c := &club{e2e: &e2e{t: t, srv: srv, db: db, j: judge.New(db, opt), box: map[string]*mailbox{}}, clock: clock}
	if create == nil {
		create = func(j *judge.Judge) (string, map[adjudicator.Role]string) {
			return newGame(t, j, "club-e2e", "alice@"+domain, "bob@"+domain, "gm@"+domain)
		}
	}
	c.game, c.secrets = create(c.j)
	c.d = startDaemon(t, daemonSetup{DB: db, Judge: c.j, Now: clock.Now,
		IMAP: intakeConfig(srv.IMAPAddr(), "orders", "orders-pw"),
		SMTP: withAuth(smtpConfig(t, srv.SMTPAddr()), "orders", "orders-pw")})
	for u := range users {
		if u != "orders" {
			c.box[u] = dialMailbox(t, srv.IMAPAddr(), u, u+"-pw")
		}
	}
	c.settle()
	for _, u := range []string{"alice", "bob", "gm"} {
		require.Len(t, c.box[u].fetchNew(), 2, "%s: the welcome and the first report", u)
	}
	return c
}

// write sends an email from user to the game's orders address, with the
// game's tag in the subject, and waits until it was handled and every
// mail it caused was delivered.
func (c *club) write(user, body string) {
	c.t.Helper()
	c.n++
	from := user + "@" + domain
	c.send(from, rawMail(from, orders, "Re: ["+c.game+"] orders", fmt.Sprintf("club.%d.%s@%s", c.n, user, domain), "", body))
	c.settle()
}

// as sends lines from user with the secret of role.
func (c *club) as(user string, role adjudicator.Role, lines ...string) {
	c.t.Helper()
	c.write(user, c.secret(role)+"\n"+strings.Join(lines, "\n"))
}

// at moves the clock to t, makes the daemon's deadline clock check the
// games at once, and waits until every mail it queued was delivered.
func (c *club) at(t time.Time) {
	c.t.Helper()
	c.clock.Set(t)
	require.True(c.t, c.d.d.TickNow(waitFor), "the deadline clock did not run")
	c.settle()
}

func (c *club) g() *store.Game { return gameOf(c.t, c.db, c.game) }

// none checks that none of users got mail since the last look.
func (c *club) none(users ...string) {
	c.t.Helper()
	for _, u := range users {
		var subjects []string
		for _, m := range c.box[u].fetchNew() {
			subjects = append(subjects, m.Subject)
		}
		require.Empty(c.t, subjects, "mail to %s", u)
	}
}

// text is a mail's text with its lines joined (mail is wrapped).
func text(m received) string { return flat(m.Text) }

func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// mailTexts returns every text part of a raw email, decoded: the plain
// and the HTML alternatives alike.
func mailTexts(t *testing.T, raw []byte) []string {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	require.NoError(t, err)
	var out []string
	var walk func(h func(string) string, body io.Reader)
	walk = func(h func(string) string, body io.Reader) {
		mt, params, err := mime.ParseMediaType(h("Content-Type"))
		if err != nil {
			mt = "text/plain"
		}
		if strings.HasPrefix(mt, "multipart/") {
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextRawPart()
				if err == io.EOF {
					return
				}
				require.NoError(t, err)
				walk(p.Header.Get, p)
			}
		}
		if !strings.HasPrefix(mt, "text/") {
			return
		}
		switch strings.ToLower(h("Content-Transfer-Encoding")) {
		case "quoted-printable":
			body = quotedprintable.NewReader(body)
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, body)
		}
		b, err := io.ReadAll(body)
		require.NoError(t, err)
		out = append(out, string(b))
	}
	walk(m.Header.Get, m.Body)
	require.NotEmpty(t, out)
	return out
}

var tokenLine = regexp.MustCompile(`token: (\S+)`)

// TestClubDeadlineDefaults: nothing happens before the deadline; when it
// passes, the late player's default orders apply and both players get
// their reports.
func TestClubDeadlineDefaults(t *testing.T) {
	c := newClub(t, nil)
	alice, bob := c.box["alice"], c.box["bob"]
	dl := c.g().Deadline
	require.Equal(t, clubStart.Add(72*time.Hour), dl)
	c.as("alice", "north", "pick 2")
	require.Contains(t, alice.only("north's report").Text, "Your pick: 2")
	require.Contains(t, bob.only("south's report").Text, "north has picked")
	c.box["gm"].fetchNew()

	// A minute before: bob is reminded (the game's 24 hours passed), no
	// default applies.
	c.at(dl.Add(-time.Minute))
	rem := bob.only("reminder")
	require.Contains(t, rem.Subject, "Reminder: ["+c.game+"]")
	require.Contains(t, text(rem), "Your orders are due Tue 24 Nov 12:00 UTC")
	c.none("alice", "gm")
	require.Equal(t, 1, c.g().Status.Turn)

	// The deadline: south's default "pick 1" applies and the round is
	// rolled.
	c.at(dl)
	g := c.g()
	require.Equal(t, 2, g.Status.Turn)
	log := logOf(t, c.db, c.game)
	last := log[len(log)-1]
	require.Equal(t, "default", last.Kind)
	require.Equal(t, "south", last.Role)
	require.Equal(t, []string{"pick 1"}, last.Lines)
	require.NotEmpty(t, last.Draws, "the round's dice")
	require.Equal(t, store.SeatStats{Missed: 1}, g.Player("south").Stats)
	brep := text(bob.only("south's report after the defaults"))
	require.Contains(t, brep, "Round 1: north rolls")
	require.Contains(t, brep, "pick 1")
	arep := text(alice.only("north's report after the defaults"))
	require.Contains(t, arep, "Round 1: north rolls")
	c.box["gm"].only("gm's report")
	require.Equal(t, clubStart.Add(144*time.Hour), g.Deadline, "the next round's deadline runs from the defaults")
}
