package embedded_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gosmtp "github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"

	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/mailtest"
)

func openServer(t *testing.T, file string) *embedded.Server {
	t.Helper()
	s, err := embedded.Start(embedded.Config{Open: true, MailFile: file, Users: map[string]string{"orders": "orders-pw"}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func sendTo(t *testing.T, s *embedded.Server, from string, to ...string) {
	t.Helper()
	c, err := gosmtp.Dial(s.SMTPAddr())
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SendMail(from, to, bytes.NewReader(mailtest.Message(from, to[0], "hello "+to[0], "body for "+to[0]))))
}

// TestOpenModeAcceptsEveryAddress: an open server takes mail for any
// address, whatever its domain, and each address logs in with the
// password Logins tells — even before its first mail.
func TestOpenModeAcceptsEveryAddress(t *testing.T) {
	s := openServer(t, "")
	logins := s.Logins()
	sendTo(t, s, "orders@pbem.localhost", "Alice@Club.Example", "gm+roses@pbem.localhost", "bob+pbem@mail.example.org")

	user, pass, err := logins.For("alice@club.example")
	require.NoError(t, err)
	assert.Equal(t, "alice@club.example", user)
	assert.Regexp(t, `^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$`, pass)
	c := login(t, s, user, pass, nil)
	msgs := fetchAll(t, c, "INBOX")
	require.Len(t, msgs, 1)
	assert.Contains(t, string(msgs[0]), "Delivered-To: Alice@Club.Example")

	// An address at the server's domain is its local part, tag dropped.
	user, pass, err = logins.For("gm+roses@pbem.localhost")
	require.NoError(t, err)
	assert.Equal(t, "gm", user)
	assert.Len(t, fetchAll(t, login(t, s, "gm@pbem.localhost", pass, nil), "INBOX"), 1)
	// Elsewhere the whole address is the account, tag included.
	user, pass, err = logins.For("bob+pbem@mail.example.org")
	require.NoError(t, err)
	assert.Equal(t, "bob+pbem@mail.example.org", user)
	assert.Len(t, fetchAll(t, login(t, s, user, pass, nil), "INBOX"), 1)
	// Configured users keep their password.
	user, pass, err = logins.For("orders@pbem.localhost")
	require.NoError(t, err)
	assert.Equal(t, []string{"orders", "orders-pw"}, []string{user, pass})

	// A login before any mail creates the mailbox.
	user, pass, err = logins.For("carol@new.example")
	require.NoError(t, err)
	c = login(t, s, user, pass, nil)
	assert.Empty(t, fetchAll(t, c, "INBOX"))
	sendTo(t, s, "orders@pbem.localhost", "carol@new.example")
	n, err := s.Count("carol@new.example", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	// Wrong passwords, another account's password and bad names fail.
	bad, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	require.NoError(t, err)
	defer bad.Close()
	require.Error(t, bad.Login("alice@club.example", "nope").Wait())
	require.Error(t, bad.Login("alice@club.example", pass).Wait())
	require.Error(t, bad.Login("a b@club.example", "x").Wait())
	require.Error(t, smtpRcpt(t, s, "no-domain@"))
	_, _, err = logins.For("x y@z.example")
	require.Error(t, err)
}

func TestOpenModeNeedsLoopback(t *testing.T) {
	_, err := embedded.Start(embedded.Config{Open: true, Host: "0.0.0.0"})
	require.ErrorContains(t, err, "loopback only")
}

// TestClosedModeStillRefusesOtherDomains: without Open nothing changes.
func TestClosedModeStillRefusesOtherDomains(t *testing.T) {
	s := start(t, embedded.Config{MailFile: filepath.Join(t.TempDir(), "mail")})
	err := smtpRcpt(t, s, "alice@club.example")
	require.ErrorContains(t, err, "Relaying denied")
	c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	require.NoError(t, err)
	defer c.Close()
	require.Error(t, c.Login("alice@club.example", "alice-pw").Wait())
}

type msgState struct {
	UID   imap.UID
	Flags []string
	Body  string
}

func mailboxState(t *testing.T, c *imapclient.Client, mailbox string) (uint32, imap.UID, []msgState) {
	t.Helper()
	sel, err := c.Select(mailbox, nil).Wait()
	require.NoError(t, err)
	var out []msgState
	if sel.NumMessages > 0 {
		sec := &imap.FetchItemBodySection{Peek: true}
		msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: sel.NumMessages}}, &imap.FetchOptions{UID: true, Flags: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
		require.NoError(t, err)
		for _, m := range msgs {
			var fl []string
			for _, f := range m.Flags {
				fl = append(fl, string(f))
			}
			sort.Strings(fl)
			out = append(out, msgState{m.UID, fl, string(m.FindBodySection(sec))})
		}
	}
	return sel.UIDValidity, sel.UIDNext, out
}

func listNames(t *testing.T, c *imapclient.Client) []string {
	t.Helper()
	l, err := c.List("", "*", nil).Collect()
	require.NoError(t, err)
	var names []string
	for _, d := range l {
		names = append(names, d.Mailbox)
	}
	sort.Strings(names)
	return names
}

// TestMailboxesSurviveRestart: accounts, mailboxes a client created,
// messages, flags, UIDs and passwords are the same after a restart.
func TestMailboxesSurviveRestart(t *testing.T) {
	file := filepath.Join(t.TempDir(), "pbem.db.mail")
	s := openServer(t, file)
	for i := 0; i < 4; i++ {
		sendTo(t, s, "orders@pbem.localhost", "alice@club.example")
	}
	user, pass, err := s.Logins().For("alice@club.example")
	require.NoError(t, err)
	c := login(t, s, user, pass, nil)
	require.NoError(t, c.Create("Processed", nil).Wait())
	require.NoError(t, c.Create("Games/roses", nil).Wait())
	require.NoError(t, c.Rename("Games/roses", "Games/roses-1", nil).Wait())
	require.NoError(t, c.Subscribe("Processed").Wait())
	_, err = c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	// Read message 1 (sets \Seen), flag 2, move 3, delete and expunge 4.
	_, err = c.Fetch(imap.UIDSetNum(1), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{{}}}).Collect()
	require.NoError(t, err)
	require.NoError(t, c.Store(imap.UIDSetNum(2), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagFlagged, "$Label1"}, Silent: true}, nil).Close())
	_, err = c.Move(imap.UIDSetNum(3), "Processed").Wait()
	require.NoError(t, err)
	require.NoError(t, c.Store(imap.UIDSetNum(4), &imap.StoreFlags{Op: imap.StoreFlagsAdd, Flags: []imap.Flag{imap.FlagDeleted}, Silent: true}, nil).Close())
	require.NoError(t, c.Expunge().Close())
	draft := []byte("Subject: draft\r\n\r\nhold\r\n")
	app := c.Append("Games/roses-1", int64(len(draft)), &imap.AppendOptions{Flags: []imap.Flag{imap.FlagDraft}})
	_, err = app.Write(draft)
	require.NoError(t, err)
	require.NoError(t, app.Close())
	_, err = app.Wait()
	require.NoError(t, err)

	inboxV, inboxNext, inbox := mailboxState(t, c, "INBOX")
	procV, _, processed := mailboxState(t, c, "Processed")
	_, _, drafts := mailboxState(t, c, "Games/roses-1")
	require.Len(t, drafts, 1)
	names := listNames(t, c)
	require.Len(t, inbox, 2)
	require.Len(t, processed, 1)
	assert.Equal(t, []string{`\Seen`}, inbox[0].Flags)
	assert.Equal(t, []string{"$label1", `\Flagged`}, inbox[1].Flags)
	assert.Equal(t, imap.UID(5), inboxNext)
	assert.Equal(t, []string{"Games/roses-1", "INBOX", "Processed"}, names)
	require.NoError(t, c.Logout().Wait())
	require.NoError(t, s.Close())

	// While nothing holds it, the logins can be read from the file.
	l, err := embedded.ReadLogins(file, "", nil)
	require.NoError(t, err)
	_, pass2, err := l.For("alice@club.example")
	require.NoError(t, err)
	assert.Equal(t, pass, pass2)

	s2 := openServer(t, file)
	c2 := login(t, s2, user, pass, nil)
	assert.Equal(t, names, listNames(t, c2))
	v, next, got := mailboxState(t, c2, "INBOX")
	assert.Equal(t, inboxV, v)
	assert.Equal(t, inboxNext, next)
	assert.Equal(t, inbox, got)
	v, _, got = mailboxState(t, c2, "Processed")
	assert.Equal(t, procV, v)
	assert.Equal(t, processed, got)
	_, _, got = mailboxState(t, c2, "Games/roses-1")
	assert.Equal(t, drafts, got)
	subs, err := c2.List("", "*", &imap.ListOptions{SelectSubscribed: true}).Collect()
	require.NoError(t, err)
	require.Len(t, subs, 1)
	assert.Equal(t, "Processed", subs[0].Mailbox)
	// New mail continues the UIDs; none is reused.
	sendTo(t, s2, "orders@pbem.localhost", "alice@club.example")
	_, _, got = mailboxState(t, c2, "INBOX")
	require.Len(t, got, 3)
	assert.Equal(t, imap.UID(5), got[2].UID)

	// While the server runs, the file is not readable by another process.
	_, err = embedded.ReadLogins(file, "", nil)
	require.ErrorContains(t, err, "in use")
}

func TestMailFileErrors(t *testing.T) {
	dir := t.TempDir()
	// Missing: created, with its own key.
	file := filepath.Join(dir, "new.mail")
	s := openServer(t, file)
	require.NoError(t, s.Close())
	_, err := os.Stat(file)
	require.NoError(t, err)

	for name, content := range map[string][]byte{
		"empty":   {},
		"garbage": bytes.Repeat([]byte("not a mail file "), 1024),
	} {
		f := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(f, content, 0o600))
		_, err := embedded.Start(embedded.Config{Open: true, MailFile: f})
		require.ErrorContains(t, err, "mail file "+f+" is damaged or is not a pbem mail file", name)
		require.ErrorContains(t, err, "move it aside", name)
	}
	// Another bbolt file (a store, say) is refused, not changed.
	other := filepath.Join(dir, "other.db")
	db, err := bolt.Open(other, 0o600, nil)
	require.NoError(t, err)
	require.NoError(t, db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("games")); return err }))
	require.NoError(t, db.Close())
	_, err = embedded.Start(embedded.Config{Open: true, MailFile: other})
	require.ErrorContains(t, err, "is not a pbem mail file")
	_, err = embedded.ReadLogins(other, "", nil)
	require.ErrorContains(t, err, "is not a pbem mail file")

	_, err = embedded.Start(embedded.Config{Open: true, MailFile: filepath.Join(dir, "no", "such", "dir", "mail")})
	require.ErrorContains(t, err, "no such file or directory")
}
