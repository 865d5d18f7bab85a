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
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/record"
	_ "github.com/pbem/pbem/adjudicator/richard3"
	"github.com/pbem/pbem/adjudicator/testdice"
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
	// A failed delivery (a loaded machine) is tried again at once: a retry
	// scheduled later on the fake clock would wait for the test to move it.
	c.d = startDaemon(t, daemonSetup{DB: db, Judge: c.j, Now: clock.Now, Backoff: func(int) time.Duration { return 0 },
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

// got fetches user's new mail and checks that it is exactly one message
// per subject given (each a part of its subject, in any order); it
// returns them in the order given.
func (c *club) got(user string, subjects ...string) []received {
	c.t.Helper()
	all := c.box[user].fetchNew()
	var have []string
	for _, m := range all {
		have = append(have, m.Subject)
	}
	require.Len(c.t, have, len(subjects), "mail to %s: %q, want %q", user, have, subjects)
	out := make([]received, len(subjects))
	used := map[int]bool{}
	for i, want := range subjects {
		found := false
		for k, m := range all {
			if !used[k] && strings.Contains(m.Subject, want) {
				out[i], used[k], found = m, true, true
				break
			}
		}
		require.True(c.t, found, "mail to %s: %q, want one with %q", user, have, want)
	}
	return out
}

// one fetches user's new mail: a single message with subject in its
// subject.
func (c *club) one(user, subject string) received {
	c.t.Helper()
	return c.got(user, subject)[0]
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

// Parts of the subjects of the mails these tests expect.
const (
	answer = "Re: [club-e2e] orders" // the answer to an email
	north  = "] North — "            // north's report
	south  = "] South — "            // south's report
	gmRep  = "] GM — "               // the GM's report
)

// TestClubDeadlineDefaults: nothing happens before the deadline; when it
// passes, the late player's default orders apply and both players get
// their reports.
func TestClubDeadlineDefaults(t *testing.T) {
	c := newClub(t, nil)
	dl := c.g().Deadline
	require.Equal(t, clubStart.Add(72*time.Hour), dl)
	c.as("alice", "north", "pick 2")
	require.Contains(t, c.one("alice", north).Text, "Your pick: 2")
	require.Contains(t, c.one("bob", south).Text, "north has picked")
	c.one("gm", gmRep)

	// A minute before: bob is reminded (the game's 24 hours passed), no
	// default applies.
	c.at(dl.Add(-time.Minute))
	require.Contains(t, text(c.one("bob", "Reminder: [club-e2e]")), "Your orders are due Tue 24 Nov 12:00 UTC")
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
	brep := text(c.one("bob", south))
	require.Contains(t, brep, "Round 1: north rolls")
	require.Contains(t, brep, "pick 1")
	require.Contains(t, text(c.one("alice", north)), "Round 1: north rolls")
	c.one("gm", gmRep)
	require.Equal(t, dl.Add(72*time.Hour), g.Deadline, "the next round's deadline runs from the defaults")
}

// TestClubReminders: "reminders 24,2" sends each reminder once when it is
// due and not before, only to the player who owes a decision, in his
// language.
func TestClubReminders(t *testing.T) {
	c := newClub(t, nil)
	c.as("gm", adjudicator.GM, "reminders 24,2")
	require.Contains(t, text(c.one("gm", answer)), "reminded 24,2 hours before the deadline")
	require.Contains(t, text(c.one("alice", "Game rules")), "reminded 24,2 hours before the deadline")
	c.one("bob", "Game rules")
	c.write("bob", "language es")
	c.one("bob", answer)
	c.as("alice", "north", "pick 2")
	c.one("alice", north)
	require.Contains(t, c.one("bob", south).Subject, "(plazo: mar 24 nov 12:00 UTC)")
	c.one("gm", gmRep)
	dl := c.g().Deadline

	c.at(dl.Add(-24*time.Hour - time.Minute))
	c.none("alice", "bob", "gm")
	c.at(dl.Add(-24 * time.Hour))
	rem := c.one("bob", "Recordatorio: [club-e2e]")
	require.Contains(t, text(rem), "Tus órdenes vencen el mar 24 nov 12:00 UTC")
	c.none("alice", "gm")
	c.at(dl.Add(-24*time.Hour + time.Minute))
	c.none("alice", "bob", "gm")

	c.at(dl.Add(-2*time.Hour - time.Minute))
	c.none("alice", "bob", "gm")
	c.at(dl.Add(-2 * time.Hour))
	require.Contains(t, text(c.one("bob", "Recordatorio: [club-e2e]")), "Tus órdenes vencen")
	c.at(dl.Add(-time.Minute))
	c.none("alice", "bob", "gm")
	require.Equal(t, 1, c.g().Status.Turn)
	n := 0
	for _, m := range allMail(t, c.db) {
		if m.Kind == "reminder" {
			n++
			require.Equal(t, []string{"bob@" + domain}, m.To)
		}
	}
	require.Equal(t, 2, n, "each reminder once")
}

// TestClubGrace: with "grace 6" the late player is told he is late at the
// deadline, and the defaults apply only when the grace ends.
func TestClubGrace(t *testing.T) {
	c := newClub(t, nil)
	c.as("gm", adjudicator.GM, "grace 6", "reminders off")
	require.Contains(t, text(c.one("gm", answer)), "has 6 more hours")
	c.box["alice"].fetchNew()
	c.box["bob"].fetchNew()
	c.as("alice", "north", "pick 2")
	c.one("alice", north)
	c.one("bob", south)
	c.one("gm", gmRep)
	dl := c.g().Deadline

	c.at(dl)
	require.Contains(t, text(c.one("bob", "You are late")), "still taken until Tue 24 Nov 18:00 UTC")
	c.none("alice")
	g := c.g()
	require.Equal(t, dl.Add(6*time.Hour), g.GraceUntil)
	require.Equal(t, 1, g.Status.Turn, "no default in the grace period")
	c.box["gm"].fetchNew()

	c.at(dl.Add(6*time.Hour - time.Minute))
	c.none("alice", "bob", "gm")
	require.Equal(t, 1, c.g().Status.Turn)

	c.at(dl.Add(6 * time.Hour))
	g = c.g()
	require.Equal(t, 2, g.Status.Turn, "the defaults after the grace")
	require.True(t, g.GraceUntil.IsZero())
	require.Equal(t, 1, g.Player("south").Stats.Missed)
	require.Contains(t, text(c.one("bob", south)), "Round 1: north rolls")
	require.Contains(t, text(c.one("alice", north)), "Round 1: north rolls")
}

// TestClubAbsence: "absent FROM to TO" moves the deadline that falls in
// it to its end; nothing happens at the old deadline.
func TestClubAbsence(t *testing.T) {
	c := newClub(t, nil)
	dl := c.g().Deadline
	c.as("bob", "south", "absent 2026-11-23 to 2026-11-25")
	got := c.got("bob", answer, "New deadline: Thu 26 Nov 00:00 UTC")
	require.Contains(t, text(got[0]), "the current deadline moves to Thu 26 Nov 00:00 UTC")
	require.Contains(t, text(c.one("alice", "New deadline: Thu 26 Nov 00:00 UTC")), "The deadline moved for South's absence")
	moved := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	g := c.g()
	require.Equal(t, moved, g.Deadline)
	require.Equal(t, []store.Absence{{From: "2026-11-23", To: "2026-11-25", Charged: 2}}, g.Player("south").Absences)
	c.box["gm"].fetchNew()
	c.as("alice", "north", "pick 2")
	c.one("alice", north)
	c.one("bob", south)
	c.one("gm", gmRep)

	// The old deadline passes: nothing.
	c.at(dl.Add(time.Minute))
	c.none("alice", "bob", "gm")
	require.Equal(t, 1, c.g().Status.Turn)
	// The new one: the defaults.
	c.at(moved.Add(-time.Minute))
	c.one("bob", "Reminder")
	require.Equal(t, 1, c.g().Status.Turn)
	c.at(moved)
	require.Equal(t, 2, c.g().Status.Turn)
	require.Contains(t, text(c.one("bob", south)), "Round 1: north rolls")
	require.Contains(t, text(c.one("alice", north)), "Round 1: north rolls")
}

// TestClubPause: a GM pause is capped at 14 days, stops the clock, and
// resumes by itself at its end with the time that was left.
func TestClubPause(t *testing.T) {
	c := newClub(t, nil)
	dl := c.g().Deadline
	seq := c.g().Seq

	c.as("gm", adjudicator.GM, "pause 30 club trip")
	ans := text(c.one("gm", answer))
	require.Contains(t, ans, "NOT applied")
	require.Contains(t, ans, "1 to 14 days")
	c.none("alice", "bob")
	g := c.g()
	require.Nil(t, g.Pause)
	require.Equal(t, dl, g.Deadline)
	require.Equal(t, seq, g.Seq)

	c.as("gm", adjudicator.GM, "pause 3 club trip")
	require.Contains(t, text(c.one("gm", answer)), "paused until Tue 24 Nov 12:00 UTC")
	for _, u := range []string{"alice", "bob"} {
		require.Contains(t, text(c.one(u, "The game is paused")), "paused the game for at most 3 days: club trip")
	}
	g = c.g()
	require.NotNil(t, g.Pause)
	require.True(t, g.Deadline.IsZero())

	// Orders are still taken; the old deadline passes unnoticed.
	c.as("alice", "north", "pick 2")
	c.one("alice", north)
	c.one("bob", south)
	c.one("gm", gmRep)
	c.at(dl.Add(-time.Minute))
	c.none("alice", "bob", "gm")
	require.Equal(t, 1, c.g().Status.Turn)

	// At the pause's end the game resumes with its 72 hours.
	until := clubStart.Add(3 * 24 * time.Hour)
	c.at(until)
	for _, u := range []string{"alice", "bob"} {
		require.Contains(t, text(c.got(u, "New deadline: Fri 27 Nov 12:00 UTC")[0]), "the pause reached its end")
	}
	require.Contains(t, text(c.one("gm", "The game resumed")), "the pause reached its end")
	g = c.g()
	require.Nil(t, g.Pause)
	require.Equal(t, until.Add(72*time.Hour), g.Deadline)
	require.Equal(t, 1, g.Status.Turn)

	// A pause without days lasts the cap, 14 days, and then ends by
	// itself too, with the 71 hours that were left.
	c.clock.Set(until.Add(time.Hour))
	c.as("gm", adjudicator.GM, "pause")
	require.Contains(t, text(c.one("gm", answer)), "paused until Tue 8 Dec 13:00 UTC")
	c.got("alice", "The game is paused")
	c.got("bob", "The game is paused")
	c.at(until.Add(time.Hour + 14*24*time.Hour - time.Minute))
	c.none("alice", "bob", "gm")
	require.NotNil(t, c.g().Pause)
	c.at(until.Add(time.Hour + 14*24*time.Hour))
	for _, u := range []string{"alice", "bob"} {
		require.Contains(t, text(c.one(u, "New deadline: Fri 11 Dec 12:00 UTC")), "the pause reached its end")
	}
	c.one("gm", "The game resumed")
	require.Nil(t, c.g().Pause)
}

// TestClubPlayingGMPause: a GM who plays in the game pauses it only when
// every other player agrees.
func TestClubPlayingGMPause(t *testing.T) {
	c := newClub(t, nil)
	c.as("gm", adjudicator.GM, "replace north gm@"+domain)
	for _, u := range []string{"alice", "bob", "gm"} {
		c.box[u].fetchNew()
	}
	dl := c.g().Deadline

	c.as("gm", adjudicator.GM, "pause 2 holidays")
	require.Contains(t, text(c.got("gm", answer, "The GM asks to pause the game")[0]), "the pause begins when south agree")
	require.Contains(t, text(c.one("bob", "The GM asks to pause the game")), "agree pause")
	c.none("alice")
	g := c.g()
	require.Nil(t, g.Pause, "no pause without the other player's agreement")
	require.Equal(t, dl, g.Deadline)

	c.as("bob", "south", "agree pause")
	require.Contains(t, text(c.got("bob", answer, "The game is paused")[0]), "every player agreed")
	told := c.got("gm", "The game is paused", "The game is paused") // as the GM, and as north
	require.Contains(t, text(told[0])+text(told[1]), "Every player agreed")
	g = c.g()
	require.NotNil(t, g.Pause)
	require.True(t, g.Deadline.IsZero())
}

var welcomeSecret = regexp.MustCompile(`YOUR SECRET: (\S+)`)

// TestClubReplace: "replace ROLE ADDRESS" gives the newcomer a welcome
// with a fresh secret and the seat's report, with a full phase; the old
// secret works no more, for the old player or the new one.
func TestClubReplace(t *testing.T) {
	c := newClub(t, nil)
	c.clock.Set(clubStart.Add(24 * time.Hour))
	c.as("gm", adjudicator.GM, "replace south carol@"+domain)
	require.Contains(t, text(c.one("gm", answer)), "south is now played by carol@"+domain)
	require.Contains(t, text(c.got("bob", "Your seat was handed over")[0]), "secret")
	told := c.got("alice", "South has a new player", "New deadline: Wed 25 Nov 12:00 UTC")
	require.Contains(t, text(told[0]), "to a new player")
	require.NotContains(t, told[0].Text, "carol", "never the address")
	require.Contains(t, text(told[1]), "South has a new player, who gets a full phase")
	// The newcomer's welcome and report carry the deadline: no notice
	// about his own seat in the third person.
	got := c.got("carol", "Welcome: you play South", south)
	m := welcomeSecret.FindStringSubmatch(got[0].Text)
	require.NotNil(t, m, got[0].Text)
	fresh := m[1]
	require.NotEqual(t, c.secrets["south"], fresh)
	require.Contains(t, got[1].Text, "Round 1. Points: north 0, south 0.")
	require.Contains(t, got[1].Subject, "(due Wed 25 Nov 12:00 UTC)", "a full phase from now")
	g := c.g()
	require.Equal(t, "carol@"+domain, g.Player("south").Email)
	require.Equal(t, clubStart.Add(96*time.Hour), g.Deadline)
	seq := g.Seq

	// The old secret: from the old address, then from the new one.
	c.as("bob", "south", "pick 1")
	require.Contains(t, text(c.one("bob", answer)), "does not play in game [club-e2e]")
	c.as("carol", "south", "pick 1")
	require.Contains(t, text(c.one("carol", answer)), "the secret is wrong")
	require.Equal(t, seq, c.g().Seq, "nothing applied")
	c.none("alice", "gm")

	// The fresh secret works.
	c.write("carol", "secret: "+fresh+"\npick 1")
	require.Contains(t, c.one("carol", south).Text, "Your pick: 1")
	c.one("alice", north)
	require.Equal(t, seq+1, c.g().Seq)
}

// TestClubUndo: "undo" takes effect only when the other player replies
// "accept" (with the request's token, as a reply to it); the game is then
// back where it was, dice included, so the same orders draw the same
// dice. Orders that drew a die cannot be taken back.
func TestClubUndo(t *testing.T) {
	c := newClub(t, nil)
	before := c.g()
	c.as("alice", "north", "pick 2")
	c.one("alice", north)
	c.one("bob", south)
	c.one("gm", gmRep)
	log := logOf(t, c.db, c.game)
	picked := log[len(log)-1]
	require.Equal(t, "orders", picked.Kind)
	require.Empty(t, picked.Draws, "a pick draws no die")

	c.clock.Set(clubStart.Add(time.Hour))
	c.as("alice", "north", "undo")
	require.Contains(t, text(c.one("alice", answer)), "every other player is asked to accept")
	ask := c.one("bob", "North asks to take back his last orders")
	require.NotContains(t, ask.Text, "pick 2", "the orders stay secret")
	tok := tokenLine.FindStringSubmatch(ask.Text)
	require.NotNil(t, tok, ask.Text)
	c.none("gm")
	g := c.g()
	require.NotNil(t, g.Undo, "nothing is taken back before the answer")
	require.Equal(t, []string{"south"}, g.Owing)

	// Bob answers the request as a mail program replies to it.
	c.n++
	c.send("bob@"+domain, rawMail("bob@"+domain, orders, "Re: "+ask.Subject, fmt.Sprintf("club.%d.bob@%s", c.n, domain), ask.MessageID,
		c.secret("south")+"\ntoken: "+tok[1]+"\naccept"))
	c.settle()
	require.Contains(t, text(c.got("bob", "Re: ", "took back his last orders", south)[0]), "you accepted that North takes back")
	require.Contains(t, text(c.got("alice", "took back his last orders", north)[0]), "the same orders draw the same dice")
	c.one("gm", gmRep)
	g = c.g()
	require.Nil(t, g.Undo)
	require.ElementsMatch(t, []string{"north", "south"}, g.Owing)
	require.Equal(t, before.Deadline, g.Deadline, "an undo takes back orders, not time")
	require.Equal(t, before.State, g.State, "the position before the orders")
	require.Equal(t, before.Dice.Digest, g.Dice.Digest, "the dice digest before the orders")
	require.Equal(t, before.Dice.Counters, g.Dice.Counters)

	// The same orders again: the same digest, so the round's dice are
	// those the first pick would have drawn.
	c.as("alice", "north", "pick 2")
	c.one("alice", north)
	c.one("bob", south)
	c.one("gm", gmRep)
	log = logOf(t, c.db, c.game)
	again := log[len(log)-1]
	require.Equal(t, picked.Lines, again.Lines)
	require.Equal(t, picked.Digest, again.Digest, "no re-roll: the same entry on the same dice")
	require.Equal(t, picked.StateHash, again.StateHash)
	c.as("bob", "south", "pick 1")
	require.Contains(t, text(c.one("bob", south)), "Round 1: north rolls")
	c.one("alice", north)
	c.one("gm", gmRep)

	// Bob's pick drew the round's dice: it cannot be taken back.
	seq := c.g().Seq
	c.as("bob", "south", "undo")
	require.Contains(t, text(c.one("bob", answer)), "drew dice or revealed something")
	c.none("alice", "gm")
	require.Equal(t, seq, c.g().Seq)

	var kinds []string
	for _, e := range logOf(t, c.db, c.game)[len(log)-4:] {
		kinds = append(kinds, e.Kind+" "+e.Role)
	}
	require.Equal(t, []string{"orders north", "note north", "rollback north", "orders north", "orders south"}, kinds, "the log keeps the orders, the request and the rollback")
	rec, err := c.j.Export(c.game, true)
	require.NoError(t, err)
	rep := record.Verify(rec)
	require.True(t, rep.OK(), rep.String())
}

// TestClubNonGM: a player, a stranger, or a player forging the GM's
// address, sending the GM's commands is refused with a clear answer (in
// the player's language), and nothing changes.
func TestClubNonGM(t *testing.T) {
	c := newClub(t, nil)
	before := c.g()

	c.as("alice", "north", "pause 3", "deadline 1", "replace south mallory@"+domain, "abandon")
	ans := text(c.one("alice", answer))
	require.Contains(t, ans, "NOT applied")
	for _, w := range []string{"pause", "deadline", "replace", "abandon"} {
		require.Contains(t, ans, `"`+w+`" is a GM command: only the game's GM may give it`)
	}
	c.write("bob", "language es")
	c.one("bob", answer)
	c.as("bob", "south", "defaults")
	ans = text(c.one("bob", answer))
	require.Contains(t, ans, "NO se han aplicado")
	require.Contains(t, ans, `"defaults" es una orden del GM: solo el GM de la partida puede darla`)

	// A stranger, and a player writing from the GM's address with his own
	// secret.
	c.write("mallory", "secret: guess\nrollback 1")
	require.Contains(t, text(c.one("mallory", answer)), "does not play in game [club-e2e]")
	c.send("gm@"+domain, rawMail("gm@"+domain, orders, "["+c.game+"] orders", "forged.1@"+domain, "", c.secret("north")+"\nabandon"))
	c.settle()
	require.Contains(t, text(c.one("gm", answer)), "the secret is wrong")
	c.none("alice", "bob", "carol", "eve")

	after := c.g()
	require.Equal(t, before.Seq, after.Seq, "nothing logged")
	require.Equal(t, before.Deadline, after.Deadline)
	require.Nil(t, after.Pause)
	require.False(t, after.Status.Finished)
	require.Equal(t, "bob@"+domain, after.Player("south").Email)
	require.Equal(t, before.State, after.State)
}

// TestClubObserverNeverSeesHiddenFacts: a game of Richard III with two
// observers (one in Spanish) is played by email for some decisions; no
// observer mail (plain or HTML part, or the map drawn from the stored
// mail) ever names a block that some player cannot see at that moment.
func TestClubObserverNeverSeesHiddenFacts(t *testing.T) {
	eng, err := adjudicator.Lookup("richard-iii")
	require.NoError(t, err)
	user := map[adjudicator.Role]string{"york": "alice", "lancaster": "bob"}
	c := newClub(t, func(j *judge.Judge) (string, map[adjudicator.Role]string) {
		cr, err := j.NewGame(judge.NewGameSpec{ID: "club-e2e", Game: "richard-iii", Scenario: "wars-of-the-roses", GM: "gm@" + domain,
			Players: []judge.PlayerSpec{{Role: "york", Email: "alice@" + domain}, {Role: "lancaster", Email: "bob@" + domain}}})
		require.NoError(t, err)
		return cr.Game.ID, cr.Secrets
	})
	c.as("gm", adjudicator.GM, "observe eve@"+domain, "observe carol@"+domain+" 0 es")
	require.Contains(t, text(c.one("gm", answer)), "observes the game")
	for _, u := range []string{"alice", "bob"} {
		c.got(u, "An observer follows the game", "An observer follows the game")
	}

	pick := testdice.New(7)
	reports := 0
	token := map[string]string{}
	gmSaw := 0
	for step := 0; ; step++ {
		c.at(c.clock.Now().Add(time.Minute)) // the observers' reports go at the tick
		g := c.g()
		st, err := eng.Decode(g.State)
		require.NoError(t, err)
		hidden := hiddenNames(st, "york", "lancaster")
		require.NotEmpty(t, hidden)
		if step == 0 {
			t.Logf("%d blocks hidden from a player at the start: %s", len(hidden), strings.Join(hidden, ", "))
		}
		mails := allMail(t, c.db)
		for _, u := range []string{"eve", "carol"} {
			for _, m := range c.box[u].fetchNew() {
				reports++
				if u == "carol" {
					require.Contains(t, m.Subject, "Informe para observadores")
					require.Contains(t, m.Text, "Informe público de la partida", "in the observer's language")
				} else {
					require.Contains(t, m.Subject, "Observer report")
				}
				bodies := mailTexts(t, m.Raw)
				require.Len(t, bodies, 2, "the plain and the HTML parts")
				for _, sm := range mails {
					if sm.MessageID == m.MessageID {
						require.Len(t, sm.Parts, 1, "the map")
						bodies = append(bodies, string(sm.Parts[0].Source))
					}
				}
				require.Len(t, bodies, 3, "the map's data, as the sender drew it")
				for _, b := range bodies {
					// A card's name is no block's: "Force March" is not
					// the Earl of March.
					b = regexp.MustCompile(`Force\s+March`).ReplaceAllString(b, "")
					for _, name := range hidden {
						require.NotRegexp(t, `\b`+regexp.QuoteMeta(name)+`\b`, b, "step %d: an observer's mail names the hidden block %s", step, name)
					}
				}
			}
		}
		t.Logf("step %d: %s", step, g.Status.Label)
		if step == 4 || g.Status.Finished { // a whole game turn: the cards, then both sides' actions
			break
		}
		// The players answer their latest report's reply block, with its
		// one-time token.
		for _, u := range []string{"alice", "bob", "gm"} {
			for _, m := range c.box[u].fetchNew() {
				if tok := tokenLine.FindStringSubmatch(m.Text); tok != nil {
					token[u] = tok[1]
				}
				if u == "gm" && regexp.MustCompile(`\b`+regexp.QuoteMeta(hidden[0])+`\b`).MatchString(m.Text) {
					gmSaw++ // the check would see a name in a mail
				}
			}
		}
		prompts := st.Prompts()
		role := prompts[pick.Intn(len(prompts))].Role
		sub := st.(adjudicator.Player).RandomSubmission(role, pick.Intn)
		lines := []string{"token: " + token[user[role]]}
		for _, l := range sub.Lines {
			lines = append(lines, l.Text)
		}
		c.as(user[role], role, lines...)
		require.Greater(t, c.g().Seq, g.Seq, "step %d: %s's orders %q applied", step, role, lines)
	}
	t.Logf("%d observer reports checked", reports)
	require.Positive(t, gmSaw, "the GM's reports name the blocks")
	require.GreaterOrEqual(t, reports, 4, "the observers got reports")
}

// hiddenNames returns the names of the blocks (the pieces of the GM's
// map) that some player does not see: not in his view nor among the
// names his own map shows.
func hiddenNames(st adjudicator.State, players ...adjudicator.Role) []string {
	v := st.(board.Viewer)
	seen := func(r adjudicator.Role) string {
		var b strings.Builder
		b.WriteString(st.View(r).Text())
		for _, a := range v.MapView(r).Areas {
			b.WriteString("\n" + a.Name)
			for _, p := range a.Pieces {
				b.WriteString("\n" + p.Label)
			}
		}
		return b.String()
	}
	var texts []string
	for _, r := range players {
		texts = append(texts, seen(r))
	}
	var out []string
	have := map[string]bool{}
	for _, a := range v.MapView(adjudicator.GM).Areas {
		for _, p := range a.Pieces {
			if p.Label == "" || have[p.Label] {
				continue
			}
			for _, s := range texts {
				if !regexp.MustCompile(`\b` + regexp.QuoteMeta(p.Label) + `\b`).MatchString(s) {
					have[p.Label] = true
					out = append(out, p.Label)
					break
				}
			}
		}
	}
	return out
}
