package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// startDaemon runs "pbem serve" for the configuration at cfgPath until the
// test ends.
func startDaemon(t *testing.T, cfgPath string) {
	t.Helper()
	cfg, err := LoadConfig(cfgPath)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.DiscardHandler), func() { close(ready) }) }()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("daemon: %v", err)
	}
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done)
		_, err := os.Lstat(controlPath(cfg))
		require.ErrorIs(t, err, os.ErrNotExist, "the control socket is removed on stop")
	})
}

// mailConfig writes a configuration for an outside IMAP and SMTP server,
// with a relative store path, and returns its path.
func mailConfig(t *testing.T, dir string, imapSrv *mailtest.MemIMAP, smtpSrv *mailtest.SMTPCapture, extra string) string {
	t.Helper()
	p := filepath.Join(dir, "pbem.yaml")
	yaml := fmt.Sprintf(`store: games/pbem.db
domain: club.example
orders_address: orders@club.example
imap:
  addr: %s
  tls: starttls
  username: orders
  password: orders-pw
  insecure_skip_verify: true
smtp:
  host: %s
  port: %d
  tls: starttls
  username: orders
  password: orders-pw
  insecure_skip_verify: true
%s`, imapSrv.Addr(), smtpSrv.Host(), smtpSrv.Port(), extra)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "games"), 0o700))
	require.NoError(t, os.WriteFile(p, []byte(yaml), 0o600))
	return p
}

var newGame = []string{"--game", "richard-iii", "--player", "york=ann@club.example", "--player", "lancaster=ben@club.example", "--gm", "gm@club.example"}

// TestToolboxWithDaemon runs every toolbox command against a running
// daemon, through its control socket, with the SMTP server first failing
// and then accepting mail.
func TestToolboxWithDaemon(t *testing.T) {
	defer func(w time.Duration) { welcomeWait = w }(welcomeWait)
	welcomeWait = 2 * time.Minute // returns as soon as each mail was tried
	dir := t.TempDir()
	imapSrv := mailtest.NewMemIMAP(t, "starttls", nil, map[string]string{"orders": "orders-pw"})
	smtpSrv := mailtest.NewSMTPCapture(t, mailtest.WithAuth("orders", "orders-pw"))
	smtpSrv.SetMode(mailtest.TempFail)
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cfgPath := mailConfig(t, dir, imapSrv, smtpSrv, "metrics:\n  addr: "+metricsAddr+"\n")
	startDaemon(t, cfgPath)
	storePath := filepath.Join(dir, "games", "pbem.db")
	fi, err := os.Lstat(storePath + ".sock")
	require.NoError(t, err, "the control socket is beside the store, relative to the config file")
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())

	// new: the server refuses for now, and new says so.
	code, out, errs := runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-1"}, newGame...)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "created game r-1")
	require.Regexp(t, `welcome email to ann@club.example: queued \(mail \d+\): last error: .*451`, out)
	require.NotContains(t, out, "sent to")

	// outbox lists every queued mail, never a body.
	code, out, errs = runCmd(t, "outbox", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "ID  GAME  TO")
	require.Regexp(t, `(?m)^1 +r-1 +ann@club.example +welcome +1 +\S+ +smtp .*451`, out)
	require.Contains(t, out, "6 queued")
	require.NotContains(t, out, "YOUR SECRET")

	// Bad input: clear errors, nothing changed.
	code, _, errs = runCmd(t, "outbox", "retry", "999", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Equal(t, "pbem outbox: no mail 999 in the outbox\n", errs)
	code, _, errs = runCmd(t, "outbox", "cancel", "x", "--config", cfgPath)
	require.Equal(t, 2, code)
	require.Contains(t, errs, `mail ID "x": want a number`)
	code, _, errs = runCmd(t, "export", "nosuchgame", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Equal(t, fmt.Sprintf("pbem export: no game \"nosuchgame\" in %s (see `pbem status`)\n", storePath), errs)

	// Every mail has had its first, failed, try (the reports' pictures
	// are drawn when they are sent, so they may come a little later).
	untried := regexp.MustCompile(`(?m)^\d+ +r-1 +\S+ +\w+ +0 `)
	require.Eventually(t, func() bool {
		_, out, _ := runCmd(t, "outbox", "--config", cfgPath)
		return strings.Contains(out, "6 queued") && !untried.MatchString(out)
	}, 30*time.Second, 20*time.Millisecond)

	// Cancel one, then let the server accept and retry the rest.
	// A retry under way (the server still refuses) makes the cancel wait
	// its turn: the operator is told and tries again.
	require.Eventually(t, func() bool {
		code, out, errs = runCmd(t, "outbox", "cancel", "1", "--why", "wrong address", "--config", cfgPath)
		if code != 0 {
			require.Contains(t, errs, "being sent right now")
		}
		return code == 0
	}, 30*time.Second, 20*time.Millisecond)
	require.Contains(t, out, "mail 1 cancelled")
	code, _, errs = runCmd(t, "outbox", "cancel", "1", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Equal(t, "pbem outbox: mail 1 was already cancelled\n", errs)
	smtpSrv.SetMode(mailtest.Accept)
	code, out, errs = runCmd(t, "outbox", "retry", "--all", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	// The reports may not have had their first try yet: those are due
	// already, and not counted.
	require.Regexp(t, `^[0-5] mails made due now`, out)
	require.Contains(t, out, "the daemon is sending now")
	msgs := smtpSrv.Wait(5, 30*time.Second)
	require.Len(t, msgs, 5)
	require.Eventually(t, func() bool {
		_, out, _ = runCmd(t, "outbox", "--config", cfgPath)
		return strings.Contains(out, "0 queued")
	}, 30*time.Second, 20*time.Millisecond)
	for _, m := range smtpSrv.Messages() {
		require.NotContains(t, string(m.Data), "Message-ID: <pbem.r-1.welcome.york@", "a cancelled mail is never sent")
	}
	code, out, errs = runCmd(t, "outbox", "--cancelled", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Regexp(t, `(?m)^1 +r-1 +ann@club.example +welcome +\d+ +\S+ +wrong address$`, out) // a retry may come before the cancel on a loaded machine

	// A second game goes out at once, and new says so.
	code, out, errs = runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-2"}, newGame...)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "welcome emails sent to ann@club.example, ben@club.example, gm@club.example")

	code, out, errs = runCmd(t, "status", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "r-2")
	require.Contains(t, out, "daemon: running")
	code, out, errs = runCmd(t, "status", "--all", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "r-1")
	require.Contains(t, out, "r-2")
	require.NotContains(t, out, "more games")

	code, out, errs = runCmd(t, "export", "r-1", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"format": "pbem-record-v1"`)
	rec := filepath.Join(dir, "r-1.json")
	code, out, errs = runCmd(t, "export", "--config", cfgPath, "--out", rec, "r-1")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "written to")
	code, out, _ = runCmd(t, "verify", rec)
	require.Equal(t, 0, code)
	require.Contains(t, out, "OK")
	bak := filepath.Join(dir, "copy.db")
	code, out, errs = runCmd(t, "backup", "--config", cfgPath, "--out", bak)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "store copied to")
	db, err := store.Open(bak, store.Options{ReadOnly: true})
	require.NoError(t, err)
	require.NoError(t, db.View(func(tx *store.Tx) error {
		c, err := tx.Cancelled()
		require.Len(t, c, 1)
		return err
	}))
	require.NoError(t, db.Close())

	// Metrics and health, once the second game's mail is out.
	require.Eventually(t, func() bool {
		_, out, _ = runCmd(t, "outbox", "--config", cfgPath)
		return strings.Contains(out, "0 queued")
	}, 30*time.Second, 20*time.Millisecond)
	body := httpGet(t, "http://"+metricsAddr+"/metrics", 200)
	for _, want := range []string{"pbem_outbox_queued 0", "pbem_deliveries_total 11",
		`pbem_games{state="active"} 2`, "pbem_store_up 1", "pbem_outbox_oldest_age_seconds 0"} {
		require.Contains(t, body, want)
	}
	// Six mails failed once each; on a loaded machine the sender may
	// have retried one before it was cancelled.
	require.Regexp(t, `(?m)^pbem_deliveries_failed_total (6|7|8)$`, body)
	require.Equal(t, "ok\n", httpGet(t, "http://"+metricsAddr+"/healthz", 200))
}

func httpGet(t *testing.T, url string, status int) string {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, status, resp.StatusCode, string(b))
	return string(b)
}

// TestToolboxWithoutDaemon runs the commands over the store file, and
// checks that read-only commands never create a store.
func TestToolboxWithoutDaemon(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	storePath := filepath.Join(dir, "pbem.db")
	noStore := fmt.Sprintf("no store at %s (start `pbem serve` or `pbem new` first)\n", storePath)
	for _, args := range [][]string{{"status"}, {"export", "r-1"}, {"outbox"}, {"outbox", "retry", "--all"},
		{"outbox", "cancel", "3"}, {"backup", "--out", filepath.Join(dir, "b.db")}} {
		code, out, errs := runCmd(t, append(args, "--config", cfgPath)...)
		require.Equal(t, 1, code, args)
		require.Empty(t, out)
		require.Equal(t, "pbem "+args[0]+": "+noStore, errs)
		_, err := os.Stat(storePath)
		require.ErrorIs(t, err, os.ErrNotExist, "%v created a store", args)
	}

	code, out, errs := runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-1"}, newGame...)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "created game r-1")
	require.Contains(t, out, "welcome emails to ann@club.example, ben@club.example, gm@club.example: queued: no daemon is running — they go out when `pbem serve` runs")

	code, out, errs = runCmd(t, "status", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "r-1")
	require.Contains(t, out, "daemon: not running")

	code, out, errs = runCmd(t, "outbox", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "6 queued")

	before := outboxDump(t, storePath)
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"outbox", "retry", "77"}, "pbem outbox: no mail 77 in the outbox\n"},
		{[]string{"outbox", "cancel", "77"}, "pbem outbox: no mail 77 in the outbox\n"},
		{[]string{"export", "r-9"}, fmt.Sprintf("pbem export: no game \"r-9\" in %s (see `pbem status`)\n", storePath)},
	} {
		code, _, errs = runCmd(t, append(c.args, "--config", cfgPath)...)
		require.Equal(t, 1, code, c.args)
		require.Equal(t, c.err, errs)
	}
	for _, args := range [][]string{{"outbox", "retry"}, {"outbox", "retry", "1", "--all"}, {"outbox", "cancel", "--all"},
		{"outbox", "frob"}, {"outbox", "cancel", "0"}, {"status", "r-1", "extra"}} {
		code, _, _ = runCmd(t, append(args, "--config", cfgPath)...)
		require.Equal(t, 2, code, args)
	}
	require.Equal(t, before, outboxDump(t, storePath), "bad input changes nothing")

	code, out, errs = runCmd(t, "outbox", "retry", "2", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "mail 2 is due now\nno daemon is running: queued mail goes out when `pbem serve` runs\n", out)
	code, out, errs = runCmd(t, "outbox", "cancel", "2", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "mail 2 cancelled")
	code, out, _ = runCmd(t, "outbox", "--config", cfgPath)
	require.Contains(t, out, "5 queued")
}

// outboxDump is the store's queued and cancelled mail, for comparing.
func outboxDump(t *testing.T, path string) string {
	t.Helper()
	db, err := store.Open(path, store.Options{ReadOnly: true})
	require.NoError(t, err)
	defer db.Close()
	var b strings.Builder
	require.NoError(t, db.View(func(tx *store.Tx) error {
		q, err := tx.Queued()
		for _, m := range q {
			fmt.Fprintf(&b, "%+v\n", *m)
		}
		c, _ := tx.Cancelled()
		for _, m := range c {
			fmt.Fprintf(&b, "%+v\n", *m)
		}
		return err
	}))
	return b.String()
}

// TestControlSocketSafety: the client refuses a socket others may use or
// something that is not a socket; the daemon refuses to start beside a
// live socket and replaces a stale one.
func TestControlSocketSafety(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte("store: pbem.db\n"), 0o600))
	code, _, errs := runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-1"}, newGame...)...)
	require.Equal(t, 0, code, errs)
	sock := filepath.Join(dir, "pbem.db.sock")

	// A listening socket with group and other access is refused.
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	require.NoError(t, err)
	require.NoError(t, os.Chmod(sock, 0o666))
	before := outboxDump(t, filepath.Join(dir, "pbem.db"))
	for _, args := range [][]string{{"status"}, {"outbox", "cancel", "1"}} {
		code, _, errs = runCmd(t, append(args, "--config", cfgPath)...)
		require.Equal(t, 1, code)
		require.Equal(t, "pbem "+args[0]+": control socket "+sock+" has mode 0666: other users could control the daemon, so it is refused (want 0600; restart `pbem serve` to recreate it)\n", errs)
	}
	require.Equal(t, before, outboxDump(t, filepath.Join(dir, "pbem.db")), "nothing changed")
	require.NoError(t, os.Chmod(sock, 0o660))
	code, _, errs = runCmd(t, "status", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "has mode 0660")

	// The daemon does not start beside a live socket.
	require.NoError(t, os.Chmod(sock, 0o600))
	_, err = listenControl(sock)
	require.EqualError(t, err, "a pbem daemon already answers on "+sock)

	// A stale socket (its daemon died) is ignored by commands and
	// replaced by the next daemon.
	ln.SetUnlinkOnClose(false)
	require.NoError(t, ln.Close())
	code, out, errs := runCmd(t, "status", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "daemon: not running")
	ln2, err := listenControl(sock)
	require.NoError(t, err)
	fi, err := os.Lstat(sock)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	require.NoError(t, ln2.Close())

	// Something else in the socket's place is never replaced or used.
	require.NoError(t, os.WriteFile(sock, []byte("x"), 0o600))
	_, err = listenControl(sock)
	require.ErrorContains(t, err, "exists and is not a socket; refusing to replace it")
	code, _, errs = runCmd(t, "status", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "is not a socket")
}

// TestErrorsPrintedOnce: configuration and lookup errors name each thing
// once.
func TestErrorsPrintedOnce(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.yaml")
	for _, c := range []string{"status", "export", "outbox", "new", "backup", "serve"} {
		args := []string{c, "--config", missing}
		switch c {
		case "export":
			args = append(args, "g")
		case "new":
			args = append(args, newGame...)
		case "backup":
			args = append(args, "--out", filepath.Join(dir, "b.db"))
		}
		code, out, errs := runCmd(t, args...)
		require.Equal(t, 1, code, c)
		require.Empty(t, out)
		require.Equal(t, "pbem "+c+": configuration file "+missing+" does not exist\n", errs)
	}
	bad := filepath.Join(dir, "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte("stroe: x\n"), 0o600))
	_, _, errs := runCmd(t, "status", "--config", bad)
	require.Equal(t, 1, strings.Count(errs, bad), errs)
}

// TestConfigPathsRelativeToFile: relative paths in a configuration are
// taken from the file's directory, whatever the working directory.
func TestConfigPathsRelativeToFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "etc", "pbem.yaml")
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "etc", "smtp.pw"), []byte("s3cret\n"), 0o600))
	require.NoError(t, os.WriteFile(p, []byte(`store: ../var/pbem.db
templates_dir: tpl
imap: {addr: "x:993", password_file: /abs/imap.pw}
smtp: {host: y, password_file: smtp.pw}
`), 0o600))
	_, err := LoadConfig(p)
	require.ErrorContains(t, err, "/abs/imap.pw", "an absolute path is kept")
	require.NoError(t, os.WriteFile(p, []byte(`store: ../var/pbem.db
templates_dir: tpl
imap: {addr: "x:993"}
smtp: {host: y, password_file: smtp.pw}
`), 0o600))
	c, err := LoadConfig(p)
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "var", "pbem.db"), c.Store)
	require.Equal(t, filepath.Join(dir, "etc", "tpl"), c.TemplatesDir)
	require.Equal(t, "s3cret", c.SMTP.Password)
	// With no store key, the store is beside the file.
	require.NoError(t, os.WriteFile(p, []byte("domain: club.example\n"), 0o600))
	c, err = LoadConfig(p)
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "etc", "pbem.db"), c.Store)
}

func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		code, out, _ := runCmd(t, arg)
		require.Equal(t, 0, code)
		require.Regexp(t, `^pbem \S+`, out)
	}
	bi := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}
	require.Equal(t, "devel", formatVersion(bi))
	bi = &debug.BuildInfo{Main: debug.Module{Version: "v0.3.1"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-11-20T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	require.Equal(t, "v0.3.1 (commit 0123456789ab, 2026-11-20T10:00:00Z, modified)", formatVersion(bi))
	require.True(t, regexp.MustCompile(`^\S`).MatchString(versionString()))
}

// TestContribConfig: the sample server configuration is valid.
func TestContribConfig(t *testing.T) {
	b, err := os.ReadFile("../../contrib/pbem.yaml")
	require.NoError(t, err)
	c, err := parseConfig(b, "pbem.yaml")
	require.NoError(t, err)
	c.resolvePaths("/etc/pbem")
	require.Equal(t, "/var/lib/pbem/pbem.db", c.Store)
	require.Equal(t, "/etc/pbem/smtp.pass", c.SMTP.PasswordFile)
	require.Equal(t, "127.0.0.1:9464", c.Metrics.Addr)
	require.Equal(t, "tls", c.IMAP.TLS)
}
