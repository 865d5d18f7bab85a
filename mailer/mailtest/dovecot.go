package mailtest

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
)

// DovecotEnv describes a running Dovecot reachable on loopback, as started
// by .ci/dovecot.sh.
type DovecotEnv struct {
	IMAPAddr string // host:port of plaintext IMAP (LOGIN allowed on loopback)
	LMTPAddr string // host:port of LMTP
	User     string
	Pass     string
	// PlayerUser and PlayerPass name a second account (optional:
	// PBEM_DOVECOT_PLAYER_USER and PBEM_DOVECOT_PLAYER_PASS).
	PlayerUser string
	PlayerPass string
	// Conf is the path of dovecot.conf (optional: PBEM_DOVECOT_CONF),
	// needed by Kick.
	Conf string
}

// Dovecot returns the Dovecot described by the environment variables
// PBEM_DOVECOT_IMAP, PBEM_DOVECOT_LMTP, PBEM_DOVECOT_USER and
// PBEM_DOVECOT_PASS, and skips the test when any of them is unset.
func Dovecot(t testing.TB) *DovecotEnv {
	t.Helper()
	d := &DovecotEnv{
		IMAPAddr: os.Getenv("PBEM_DOVECOT_IMAP"),
		LMTPAddr: os.Getenv("PBEM_DOVECOT_LMTP"),
		User:     os.Getenv("PBEM_DOVECOT_USER"),
		Pass:     os.Getenv("PBEM_DOVECOT_PASS"),

		PlayerUser: os.Getenv("PBEM_DOVECOT_PLAYER_USER"),
		PlayerPass: os.Getenv("PBEM_DOVECOT_PLAYER_PASS"),
		Conf:       os.Getenv("PBEM_DOVECOT_CONF"),
	}
	if d.IMAPAddr == "" || d.LMTPAddr == "" || d.User == "" || d.Pass == "" {
		t.Skip("Dovecot not configured: run .ci/dovecot.sh and export the PBEM_DOVECOT_* variables it prints")
	}
	lockDovecot(t, d)
	return d
}

// lockDovecot serialises the tests of all packages that use the one
// Dovecot (go test runs packages in parallel): a file lock beside its
// configuration, held until the test ends.
func lockDovecot(t testing.TB, d *DovecotEnv) {
	t.Helper()
	dir := os.TempDir()
	if d.Conf != "" {
		dir = filepath.Dir(d.Conf)
	}
	f, err := os.OpenFile(filepath.Join(dir, "pbem-tests.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatalf("dovecot test lock: %v", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatalf("dovecot test lock: %v", err)
	}
	t.Cleanup(func() {
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		_ = f.Close()
	})
}

// DeliverLMTP delivers raw (a complete RFC 5322 message) to the
// environment's user through LMTP.
func (d *DovecotEnv) DeliverLMTP(raw []byte) error {
	return d.DeliverLMTPTo(d.User, raw)
}

// DeliverLMTPTo delivers raw to the given recipient (a user name, or
// user@localhost) through LMTP.
func (d *DovecotEnv) DeliverLMTPTo(rcpt string, raw []byte) error {
	conn, err := net.DialTimeout("tcp", d.LMTPAddr, 10*time.Second)
	if err != nil {
		return fmt.Errorf("lmtp dial %s: %w", d.LMTPAddr, err)
	}
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	c := smtp.NewClientLMTP(conn)
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("lmtp LHLO: %w", err)
	}
	if err := c.Mail("test@localhost", nil); err != nil {
		return fmt.Errorf("lmtp MAIL: %w", err)
	}
	if err := c.Rcpt(rcpt, nil); err != nil {
		return fmt.Errorf("lmtp RCPT %s: %w", rcpt, err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("lmtp DATA: %w", err)
	}
	if _, err := w.Write(normalizeCRLF(raw)); err != nil {
		return fmt.Errorf("lmtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("lmtp end of DATA: %w", err)
	}
	return c.Quit()
}

// normalizeCRLF turns bare LF line ends into CRLF.
func normalizeCRLF(b []byte) []byte {
	b = bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n"))
}

// Kick drops every IMAP connection of user (doveadm kick), to test
// reconnection against a real server. It needs Conf.
func (d *DovecotEnv) Kick(user string) error {
	if d.Conf == "" {
		return errors.New("PBEM_DOVECOT_CONF not set")
	}
	out, err := exec.Command("doveadm", "-c", d.Conf, "kick", user).CombinedOutput()
	if err != nil {
		return fmt.Errorf("doveadm kick %s: %w: %s", user, err, out)
	}
	return nil
}

// Account is a Dovecot account prepared for one test: its INBOX emptied,
// and fresh processed/failed folder names under a unique top folder that
// is removed when the test ends.
type Account struct {
	Admin     *imapclient.Client // a logged-in connection for checks
	Processed string             // folder names with "/" (as imapin takes them)
	Failed    string
	// Err records the last error of Count.
	Err error
}

// Fresh prepares user's account for a test: it removes folders left by
// earlier runs under prefix, empties the INBOX and picks new folder names.
func (d *DovecotEnv) Fresh(t testing.TB, user, pass, prefix string) *Account {
	t.Helper()
	admin, err := imapclient.DialInsecure(d.IMAPAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(admin.Login(user, pass).Wait())
	// Remove folders left by earlier runs, children first.
	old, err := admin.List("", prefix+"*", nil).Collect()
	must(err)
	sort.Slice(old, func(i, j int) bool { return len(old[i].Mailbox) > len(old[j].Mailbox) })
	for _, l := range old {
		_ = admin.Delete(l.Mailbox).Wait()
	}
	// Start from an empty INBOX: this account belongs to the tests.
	sel, err := admin.Select("INBOX", nil).Wait()
	must(err)
	if sel.NumMessages > 0 {
		must(admin.Store(imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}},
			&imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close())
		must(admin.Expunge().Close())
	}
	must(admin.Unselect().Wait())
	list, err := admin.List("", "", nil).Collect()
	must(err)
	if len(list) == 0 {
		t.Fatal("dovecot: the account lists no mailbox")
	}
	delim := string(list[0].Delim)
	top := fmt.Sprintf("%s%d", prefix, time.Now().UnixNano())
	a := &Account{Admin: admin, Processed: top + "/processed", Failed: top + "/failed"}
	t.Cleanup(func() {
		_ = admin.Delete(strings.ReplaceAll(a.Processed, "/", delim)).Wait()
		_ = admin.Delete(strings.ReplaceAll(a.Failed, "/", delim)).Wait()
		_ = admin.Delete(top).Wait()
	})
	return a
}

// ServerName turns a "/"-separated folder name into the server's.
func (a *Account) ServerName(name string) string {
	list, err := a.Admin.List("", "", nil).Collect()
	if err != nil || len(list) == 0 {
		return name
	}
	return strings.ReplaceAll(name, "/", string(list[0].Delim))
}

// Count returns the number of messages in mailbox (a server name), or -1
// (and sets Err) when STATUS fails.
func (a *Account) Count(mailbox string) int {
	st, err := a.Admin.Status(mailbox, &imap.StatusOptions{NumMessages: true}).Wait()
	if err != nil {
		a.Err = err
		return -1
	}
	return int(*st.NumMessages)
}
