package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-sasl"
	gosmtp "github.com/emersion/go-smtp"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/intake"
)

// asCommand makes the test binary run as pbem itself, so a test can start
// real pbem processes (a daemon in one, commands in others) as a user does.
const asCommand = "PBEM_TEST_RUN_AS_PBEM"

func TestMain(m *testing.M) {
	if os.Getenv(asCommand) == "1" {
		os.Exit(run(os.Args[1:], &cli{stdout: os.Stdout, stderr: os.Stderr}))
	}
	os.Exit(m.Run())
}

// readmeTrial returns the commands of the README's "Try it in five
// minutes" section: each ```sh block is one command, continuation lines
// joined, split into words.
func readmeTrial(t *testing.T) [][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	text := string(b)
	start := strings.Index(text, "\n## Try it in five minutes\n")
	require.GreaterOrEqual(t, start, 0, "README has no \"Try it in five minutes\" section")
	section := text[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	var cmds [][]string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
		line := strings.TrimSpace(strings.ReplaceAll(m[1], "\\\n", " "))
		require.NotContains(t, line, "\n", "one command per block: %q", m[1])
		require.NotContains(t, line, `"`, "no quoting in the trial commands")
		require.NotContains(t, line, `'`, "no quoting in the trial commands")
		cmds = append(cmds, strings.Fields(line))
	}
	return cmds
}

// syncBuffer collects a process's output while it runs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// pbemProc is a pbem process started from a README command.
type pbemProc struct {
	cmd            *exec.Cmd
	stdout, stderr *syncBuffer
	done           chan error
}

// pbemCommand turns a README command ("go run ./cmd/pbem ARGS...") into
// this test binary running as pbem with ARGS in dir.
func pbemCommand(t *testing.T, dir string, words []string, extra ...string) *exec.Cmd {
	t.Helper()
	require.GreaterOrEqual(t, len(words), 4, "%q", words)
	require.Equal(t, []string{"go", "run", "./cmd/pbem"}, words[:3], "the trial runs pbem from the checkout")
	cmd := exec.Command(os.Args[0], append(append([]string(nil), words[3:]...), extra...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), asCommand+"=1")
	return cmd
}

func startPbem(t *testing.T, dir string, words []string, extra ...string) *pbemProc {
	t.Helper()
	p := &pbemProc{cmd: pbemCommand(t, dir, words, extra...), stdout: &syncBuffer{}, stderr: &syncBuffer{}, done: make(chan error, 1)}
	p.cmd.Stdout, p.cmd.Stderr = p.stdout, p.stderr
	require.NoError(t, p.cmd.Start())
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// stop interrupts the daemon as Ctrl-C does and waits for a clean exit.
func (p *pbemProc) stop(t *testing.T) {
	t.Helper()
	require.NoError(t, p.cmd.Process.Signal(os.Interrupt))
	select {
	case err := <-p.done:
		require.NoError(t, err, "pbem serve exit; stderr:\n%s", p.stderr.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("pbem serve did not stop; stderr:\n%s", p.stderr.String())
	}
}

// waitOutput waits until the daemon's output contains want.
func (p *pbemProc) waitOutput(t *testing.T, want string) string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		out := p.stdout.String()
		if strings.Contains(out, want) {
			return out
		}
		select {
		case err := <-p.done:
			p.done <- err
			t.Fatalf("pbem serve exited (%v) before printing %q; stdout:\n%s\nstderr:\n%s", err, want, out, p.stderr.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("pbem serve did not print %q; stdout:\n%s\nstderr:\n%s", want, out, p.stderr.String())
		}
	}
}

type mailLogin struct{ user, pass, imap, smtp string }

var loginRE = regexp.MustCompile(`(?m)^  (\S+) \(([^)]*)\)\n    user:     (\S+)\n    password: (\S+)\n    IMAP:     (\S+), no TLS, plain password\n    SMTP:     (\S+), no TLS, plain password\n`)

// parseLogins reads the login blocks pbem printed, by address.
func parseLogins(out string) map[string]mailLogin {
	logins := map[string]mailLogin{}
	for _, m := range loginRE.FindAllStringSubmatch(out, -1) {
		logins[m[1]] = mailLogin{user: m[3], pass: m[4], imap: m[5], smtp: m[6]}
	}
	return logins
}

// inboxMsg is a message of a player's INBOX, as a mail client sees it.
type inboxMsg struct {
	uid imap.UID
	msg *intake.Message
}

// readInbox logs in with the printed login and reads the whole INBOX.
func readInbox(t *testing.T, l mailLogin) []inboxMsg {
	t.Helper()
	c, err := imapclient.DialInsecure(l.imap, nil)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Login(l.user, l.pass).Wait(), "IMAP login as %s with the printed password", l.user)
	sel, err := c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	var out []inboxMsg
	if sel.NumMessages > 0 {
		sec := &imap.FetchItemBodySection{Peek: true}
		msgs, err := c.Fetch(imap.SeqSet{{Start: 1, Stop: sel.NumMessages}}, &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
		require.NoError(t, err)
		for _, m := range msgs {
			parsed, err := intake.Parse(m.FindBodySection(sec), intake.Options{})
			require.NoError(t, err)
			out = append(out, inboxMsg{m.UID, parsed})
		}
	}
	require.NoError(t, c.Logout().Wait())
	return out
}

// player plays one side from its mailbox: it answers each new report
// with the report's own reply block.
type player struct {
	addr, title string // title: "York", as in report subjects
	login       mailLogin
	secret      string
	answered    imap.UID // the last report answered
}

var replyBlockRE = regexp.MustCompile(`(?s)---- reply ----\n(.*?)\n----`)

// isReport tells a report ("[roses-1] York — ...") from the welcome and
// the replies to orders.
func (p *player) isReport(m *intake.Message, game string) bool {
	return strings.HasPrefix(m.Subject, "["+game+"] "+p.title+" ")
}

// play answers the latest report if it is new and asks for orders. It
// returns the UIDs of the reports seen.
func (p *player) play(t *testing.T, game string) []imap.UID {
	t.Helper()
	var reports []imap.UID
	var latest *inboxMsg
	for _, m := range readInbox(t, p.login) {
		if i := strings.Index(m.msg.Text, "YOUR SECRET: "); i >= 0 && strings.Contains(m.msg.Subject, "Welcome") {
			p.secret = strings.Fields(m.msg.Text[i+len("YOUR SECRET: "):])[0]
		}
		if p.isReport(m.msg, game) {
			reports = append(reports, m.uid)
			m := m
			latest = &m
		}
	}
	if latest == nil || latest.uid <= p.answered || p.secret == "" {
		return reports
	}
	block := replyBlockRE.FindStringSubmatch(latest.msg.Text)
	if block == nil {
		return reports // nothing owed
	}
	body := strings.ReplaceAll(block[1], "<your secret>", p.secret) + "\n"
	p.send(t, "orders+"+game+"@pbem.localhost", "Re: "+latest.msg.Subject, latest.msg.MessageID, body)
	p.answered = latest.uid
	return reports
}

// send submits a reply over SMTP with the printed login, as a mail
// client does.
func (p *player) send(t *testing.T, to, subject, inReplyTo, body string) {
	t.Helper()
	c, err := gosmtp.Dial(p.login.smtp)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Hello("client.localhost"))
	require.NoError(t, c.Auth(sasl.NewPlainClient("", p.login.user, p.login.pass)), "SMTP login as %s with the printed password", p.login.user)
	msg := fmt.Sprintf("From: %s\r\nTo: %s\r\nSubject: %s\r\nMessage-ID: <%d.%s>\r\nIn-Reply-To: <%s>\r\nDate: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		p.addr, to, subject, time.Now().UnixNano(), strings.ReplaceAll(p.addr, "@", "."), inReplyTo,
		time.Now().UTC().Format(time.RFC1123Z), strings.ReplaceAll(body, "\n", "\r\n"))
	require.NoError(t, c.SendMail(p.addr, []string{to}, strings.NewReader(msg)))
}

// TestTrialFromREADME runs the README's five-minute trial as written: the
// daemon in one process, `pbem new` in another; then the players log in
// with the logins pbem printed, read their welcome and report over IMAP,
// answer over SMTP and get the next report; and after a restart the
// mailboxes are all there. The only addition to the README's commands is
// the pair of free ports given to serve, so the test can run beside
// anything else on the machine.
func TestTrialFromREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a trial game over real mail in separate processes")
	}
	cmds := readmeTrial(t)
	require.Len(t, cmds, 2, "the trial is two commands: serve, then new")
	require.Equal(t, "serve", cmds[0][3], "first the daemon")
	require.Equal(t, "new", cmds[1][3], "then a game")

	dir := t.TempDir()
	ports := []string{"--imap-port", strconv.Itoa(freePort(t)), "--smtp-port", strconv.Itoa(freePort(t))}
	daemon := startPbem(t, dir, cmds[0], ports...)
	out := daemon.waitOutput(t, "no game yet")
	require.Contains(t, out, "no TLS, plain password, loopback only")

	// `pbem new`, in its own process, reaches the daemon.
	newCmd := pbemCommand(t, dir, cmds[1])
	var newOut, newErr bytes.Buffer
	newCmd.Stdout, newCmd.Stderr = &newOut, &newErr
	require.NoError(t, newCmd.Run(), "pbem new: %s", newErr.String())
	text := newOut.String()
	require.Contains(t, text, "created game roses-1")
	require.Contains(t, text, "welcome emails sent to alice@club.example, bob@club.example, gm@club.example")
	logins := parseLogins(text)
	for _, a := range []string{"alice@club.example", "bob@club.example", "gm@club.example"} {
		require.Contains(t, logins, a, "pbem new printed a login for %s:\n%s", a, text)
		require.Equal(t, a, logins[a].user)
	}
	require.Contains(t, text, "alice@club.example (york in roses-1)")
	require.Contains(t, text, "gm@club.example (GM of roses-1)")

	york := &player{addr: "alice@club.example", title: "York", login: logins["alice@club.example"]}
	lancaster := &player{addr: "bob@club.example", title: "Lancaster", login: logins["bob@club.example"]}
	// Both play from their mailboxes until alice, having answered a
	// report, receives the next one.
	deadline := time.Now().Add(90 * time.Second)
	for {
		reports := york.play(t, "roses-1")
		lancaster.play(t, "roses-1")
		if york.answered != 0 && reports[len(reports)-1] > york.answered {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no report after alice's orders; her INBOX: %v\ndaemon:\n%s", subjects(readInbox(t, york.login)), daemon.stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("alice INBOX: %q", subjects(readInbox(t, york.login)))
	require.NotEmpty(t, york.secret, "the welcome email carries the secret")
	gmMail := readInbox(t, logins["gm@club.example"])
	require.NotEmpty(t, gmMail, "the GM's mailbox has the GM's copies")

	// Restart: the mailboxes, and the logins, are still there.
	before := readInbox(t, york.login)
	daemon.stop(t)
	daemon = startPbem(t, dir, cmds[0], ports...)
	out = daemon.waitOutput(t, "Orders go to")
	again := parseLogins(out)
	require.Equal(t, logins, again, "start-up prints the same logins")
	after := readInbox(t, again["alice@club.example"])
	require.GreaterOrEqual(t, len(after), len(before))
	for i, m := range before {
		require.Equal(t, m.uid, after[i].uid)
		require.Equal(t, m.msg.MessageID, after[i].msg.MessageID)
	}
	daemon.stop(t)
}

func subjects(ms []inboxMsg) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.msg.Subject)
	}
	return out
}

// TestNewPrintsLoginsWithoutDaemon: with no daemon running, `pbem new`
// creates the mail file and prints the logins the daemon will accept.
func TestNewPrintsLoginsWithoutDaemon(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, out, errs := runCmd(t, "new", "--game", "hammer-of-the-scots", "--id", "scots-1",
		"--player", "england=ann@club.example,ann.alt@home.example", "--player", "scotland=ben@club.example", "--gm", "gm@pbem.localhost")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "queued: no daemon is running")
	logins := parseLogins(out)
	require.Len(t, logins, 4, out)
	require.Equal(t, "gm", logins["gm@pbem.localhost"].user, "an address at the server's domain logs in by its local part")
	require.Contains(t, out, "ann.alt@home.example (england in scots-1, alias of ann@club.example)")
	ann := logins["ann@club.example"]
	require.Equal(t, mailLogin{user: "ann@club.example", pass: ann.pass, imap: "127.0.0.1:1143", smtp: "127.0.0.1:2525"}, ann)
	require.NotEqual(t, ann.pass, logins["ben@club.example"].pass)

	// The daemon, started later, prints the same logins and accepts them.
	cfg := DefaultConfig()
	cfg.Embedded.IMAPPort, cfg.Embedded.SMTPPort = freePort(t), freePort(t)
	var served syncBuffer
	stop := make(chan struct{})
	done := make(chan error, 1)
	ready := make(chan struct{})
	go func() {
		ctx, cancel := contextUntil(stop)
		defer cancel()
		done <- serveTo(ctx, cfg, slog.New(slog.DiscardHandler), func() { close(ready) }, &served)
	}()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("serve: %v", err)
	}
	again := parseLogins(served.String())
	require.Equal(t, ann.pass, again["ann@club.example"].pass)
	require.Equal(t, fmt.Sprintf("127.0.0.1:%d", cfg.Embedded.IMAPPort), again["ann@club.example"].imap)
	c, err := imapclient.DialInsecure(again["ann@club.example"].imap, nil)
	require.NoError(t, err)
	require.NoError(t, c.Login("ann@club.example", ann.pass).Wait())
	require.NoError(t, c.Close())
	close(stop)
	require.NoError(t, <-done)
}

// TestNoLoginsWithAMailAccount: with imap/smtp configured there is no
// embedded server, so nothing about logins is printed and the ports
// flags are refused.
func TestNoLoginsWithAMailAccount(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte("store: pbem.db\nimap: {addr: 127.0.0.1:1, username: u, password: p}\nsmtp: {host: 127.0.0.1, port: 1, username: u, password: p}\n"), 0o600))
	code, out, errs := runCmd(t, "new", "--config", cfgPath, "--game", "richard-iii",
		"--player", "york=ann@club.example", "--player", "lancaster=ben@club.example", "--gm", "gm@club.example")
	require.Equal(t, 0, code, errs)
	require.NotContains(t, out, "password")
	_, err := os.Stat(filepath.Join(dir, "pbem.db.mail"))
	require.True(t, os.IsNotExist(err), "no mail file without the embedded server")
	code, _, errs = runCmd(t, "serve", "--config", cfgPath, "--imap-port", "2000")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--imap-port and --smtp-port set the embedded mail server's ports")
}

func contextUntil(stop <-chan struct{}) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}
