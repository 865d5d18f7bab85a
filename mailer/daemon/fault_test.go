package daemon_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand"
	"net/mail"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/daemon"
	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

// Environment of the helper process TestKill9 starts.
const (
	helperEnv      = "PBEM_DAEMON_HELPER" // set to "1" in the child
	helperStoreEnv = "PBEM_DAEMON_HELPER_STORE"
	helperIMAPEnv  = "PBEM_DAEMON_HELPER_IMAP"
	helperSMTPEnv  = "PBEM_DAEMON_HELPER_SMTP"
	helperLogEnv   = "PBEM_DAEMON_HELPER_LOG"
)

// TestHelperDaemon is not a test of its own: TestKill9 runs the test
// binary again with only this test selected and PBEM_DAEMON_HELPER=1, and
// the process then runs a daemon, with fsync on, against the parent's
// mail servers until it is killed.
func TestHelperDaemon(t *testing.T) {
	if os.Getenv(helperEnv) != "1" {
		t.Skip("helper process of TestKill9")
	}
	logf, err := os.OpenFile(os.Getenv(helperLogEnv), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		os.Exit(3)
	}
	logger := slog.New(slog.NewTextHandler(logf, &slog.HandlerOptions{Level: slog.LevelWarn}))
	fmt.Fprintf(logf, "helper %d: start\n", os.Getpid())
	db, err := store.Open(os.Getenv(helperStoreEnv), store.Options{Timeout: 10 * time.Second})
	if err != nil {
		fmt.Fprintln(logf, "helper:", err)
		os.Exit(3)
	}
	opts := judgeOptions()
	opts.Log = logger
	j := judge.New(db, opts)
	icfg := intakeConfig(os.Getenv(helperIMAPEnv), "orders", "orders-pw")
	icfg.Log = logger
	c, err := imapin.New(icfg)
	if err != nil {
		fmt.Fprintln(logf, "helper:", err)
		os.Exit(3)
	}
	d := daemon.New(daemon.Config{DB: db, Judge: j, Intake: daemon.IMAP{Client: c},
		Sender: smtpout.NewSender(smtpConfig(t, os.Getenv(helperSMTPEnv))), TickEvery: time.Hour, Log: logger})
	j.SetWake(d.Drainer().Wake)
	// SIGTERM stops the last life gracefully (the mail being sent is
	// marked sent before the store closes); the kills are SIGKILL.
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	err = d.Run(ctx)
	fmt.Fprintln(logf, "helper: daemon ended:", err)
	if ctx.Err() != nil {
		db.Close()
		os.Exit(0)
	}
	os.Exit(4)
}

// messageID reads the Message-ID of a captured mail.
func messageID(t testing.TB, data []byte) string {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(data))
	require.NoError(t, err)
	return strings.Trim(m.Header.Get("Message-Id"), "<> ")
}

// TestKill9 kills the daemon with SIGKILL at random moments while it
// processes a stream of order emails, restarts it, and checks what the
// platform guarantees across crashes:
//
//   - Exactly-once application: every incoming email ends with exactly one
//     processed record, and every accepted order is applied exactly once,
//     in arrival order: the games' logs, dice digests and states equal
//     those of a reference run without crashes on a copy of the same store.
//   - Nothing is lost: the orders mailbox ends empty, every email filed in
//     the processed folder (or the failed one for unreadable mail).
//   - Each report is queued once: the outbox holds exactly the entries of
//     the reference run (by game, kind and recipient), never a second
//     entry for the same report.
//   - At-least-once delivery with stable Message-IDs: every outbox mail
//     reaches the SMTP server at least once. A crash between the server's
//     acceptance and the store's "sent" mark resends it with the same
//     Message-ID (so mail clients thread and de-duplicate it); there are
//     at most as many such resends as kills.
//
// The child process is this test binary running TestHelperDaemon; the
// parent runs the IMAP and SMTP servers. The stream and the lifetimes of
// the children are seeded (PBEM_KILL_SEED, default 1); what a child has
// done when its time is up depends on the machine's speed, which is why
// every check above is one that must hold wherever the kills land. It
// kills 100 times by default, 25 with -short; PBEM_KILLS=1000 runs
// longer by hand (about 90 s).
func TestKill9(t *testing.T) {
	kills := 100
	if testing.Short() {
		kills = 25
	}
	if v := os.Getenv("PBEM_KILLS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(t, err, "PBEM_KILLS")
		kills = n
	}
	seed := int64(1)
	if v := os.Getenv("PBEM_KILL_SEED"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		require.NoError(t, err, "PBEM_KILL_SEED")
		seed = n
	}
	rng := rand.New(rand.NewSource(seed))

	imapSrv := newMemIMAP(t, "orders")
	capture := mailtest.NewSMTPCapture(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "pbem.db")
	games, secrets := streamGames(t, path, max(8, kills/15))
	s := newStream(rng, games, secrets, 4)
	want := s.reference(t, path)
	total := len(s.raws)
	logPath := filepath.Join(dir, "daemon.log")
	t.Cleanup(func() {
		if t.Failed() {
			dumpTail(t, logPath, 40)
		}
	})

	start := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperDaemon$", "-test.count=1")
		cmd.Env = append(os.Environ(), helperEnv+"=1", helperStoreEnv+"="+path,
			helperIMAPEnv+"="+imapSrv.Addr(), helperSMTPEnv+"="+capture.Addr(), helperLogEnv+"="+logPath)
		require.NoError(t, cmd.Start())
		return cmd
	}
	kill := func(cmd *exec.Cmd) {
		_ = cmd.Process.Kill() // SIGKILL
		_ = cmd.Wait()
		ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
		require.True(t, ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL,
			"the daemon ended by itself (%v) instead of being killed", cmd.ProcessState)
	}
	delivered := 0
	deliverUpTo := func(n int) {
		for ; delivered < n && delivered < total; delivered++ {
			imapSrv.deliver("orders", s.raws[delivered])
		}
	}
	const maxLife = 120 * time.Millisecond
	busy := 0 // kills with work pending
	began := time.Now()
	for k := 0; k < kills; k++ {
		// The stream arrives over the first 90% of the kills, so most
		// lives start with a backlog and die in the middle of it.
		deliverUpTo(1 + (k+1)*total*10/(9*kills))
		sentBefore := len(capture.All())
		cmd := start()
		time.Sleep(time.Duration(rng.Int63n(int64(maxLife))))
		if imapSrv.count("orders", "INBOX") > 0 || len(capture.All()) > sentBefore {
			busy++
		}
		kill(cmd)
	}
	deliverUpTo(total)

	// A last life drains everything.
	loop := time.Since(began)
	cmd := start()
	distinct := func() int {
		ids := map[string]bool{}
		for _, m := range capture.Messages() {
			ids[messageID(t, m.Data)] = true
		}
		return len(ids)
	}
	filed := func() int {
		return imapSrv.count("orders", "pbem/processed") + imapSrv.count("orders", "pbem/failed")
	}
	require.Eventually(t, func() bool {
		return imapSrv.count("orders", "INBOX") == 0 && filed() == total && distinct() >= want.mailTotal
	}, time.Minute, 5*time.Millisecond, "the daemon did not drain the stream")
	// Every mail has reached the server, but the last one's "sent" mark
	// may not be written yet: this life ends with SIGTERM, which lets the
	// daemon finish, rather than with a kill that would leave the mail to
	// be sent again by a next life.
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	require.NoError(t, cmd.Wait(), "the daemon did not stop cleanly on SIGTERM")
	drain := time.Since(began) - loop

	db := openStore(t, path)
	want.check(t, s, db)
	assert.Equal(t, 0, imapSrv.count("orders", "INBOX"))
	assert.Equal(t, want.failed, imapSrv.count("orders", "pbem/failed"), "unreadable emails filed as failed")
	assert.Equal(t, total-want.failed, imapSrv.count("orders", "pbem/processed"))

	// Every outbox mail reached the server at least once; a mail sent
	// more than once always carried the same Message-ID and recipients.
	byID := map[string]*store.OutMail{}
	for _, m := range allMail(t, db) {
		require.Nil(t, byID[m.MessageID], "two outbox entries with Message-ID %s", m.MessageID)
		byID[m.MessageID] = m
	}
	times := map[string]int{}
	captured := capture.Messages()
	for _, c := range captured {
		id := messageID(t, c.Data)
		m := byID[id]
		require.NotNil(t, m, "the server got a mail that is in no outbox entry: %s", id)
		assert.Equal(t, m.To, c.To, "mail %s", id)
		p, err := intake.Parse(c.Data, intake.Options{MaxBytes: 8 << 20})
		require.NoError(t, err)
		assert.Equal(t, m.Subject, p.Subject, "mail %s", id)
		assert.Equal(t, m.InReplyTo, p.InReplyTo, "mail %s", id)
		times[id]++
	}
	for id := range byID {
		assert.GreaterOrEqual(t, times[id], 1, "mail %s never reached the server", id)
	}
	resends := len(captured) - len(times)
	assert.LessOrEqual(t, resends, kills, "more resends than kills")
	t.Logf("%d kills (%d with work pending) in %v, final drain %v; %d emails in (%d re-deliveries) over %d games, %d mails out, %d resent after a kill",
		kills, busy, loop.Round(time.Millisecond), drain.Round(time.Millisecond), total, s.dups, len(games), len(byID), resends)
}

// dumpTail logs the last n lines of a file.
func dumpTail(t testing.TB, path string, n int) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if len(lines) > n {
			lines = lines[1:]
		}
	}
	t.Logf("last lines of %s:\n%s", path, strings.Join(lines, "\n"))
}

// fastRetry is a drainer back-off for tests: retry soon, whatever the
// attempt.
func fastRetry(int) time.Duration { return 20 * time.Millisecond }

// TestSMTPDownThenBack: while the SMTP server refuses connections, and
// then answers 451, orders are still processed and their mail waits in
// the outbox; once the server accepts mail again, every queued mail
// arrives exactly once.
func TestSMTPDownThenBack(t *testing.T) {
	imapSrv := newMemIMAP(t, "orders")
	capture := mailtest.NewSMTPCapture(t)
	capture.SetMode(mailtest.Refuse)
	path := filepath.Join(t.TempDir(), "pbem.db")
	games, secrets := streamGames(t, path, 2)
	s := newStream(rand.New(rand.NewSource(2)), games, secrets, 2)
	want := s.reference(t, path)
	total := len(s.raws)

	db := openStore(t, path)
	r := startDaemon(t, daemonSetup{DB: db, Judge: judge.New(db, judgeOptions()),
		IMAP: intakeConfig(imapSrv.Addr(), "orders", "orders-pw"), SMTP: smtpConfig(t, capture.Addr()), Backoff: fastRetry, Poll: 250 * time.Millisecond})
	for _, raw := range s.raws {
		imapSrv.deliver("orders", raw)
	}
	require.Eventually(t, func() bool {
		return imapSrv.count("orders", "INBOX") == 0 &&
			imapSrv.count("orders", "pbem/processed")+imapSrv.count("orders", "pbem/failed") == total
	}, waitFor, tick, "orders are processed while SMTP is down")
	for _, g := range games {
		assert.Len(t, logOf(t, db, g), len(want.logs[g]), "game %s advanced", g)
	}
	require.Eventually(t, func() bool {
		for _, m := range allMail(t, db) {
			if m.Attempts == 0 || !strings.Contains(m.LastError, "refused") {
				return false
			}
		}
		return true
	}, waitFor, tick, "every mail was tried and failed")
	q, sent := outboxCounts(db)
	assert.Equal(t, want.mailTotal, q)
	assert.Zero(t, sent)
	assert.Zero(t, capture.Attempts())

	// The server is back but answers 451: still nothing is lost.
	capture.SetMode(mailtest.TempFail)
	require.Eventually(t, func() bool { return capture.Attempts() >= 5 }, waitFor, tick)
	assert.Empty(t, capture.Messages())

	capture.SetMode(mailtest.Accept)
	if !assert.Eventually(t, func() bool { q, _ := outboxCounts(db); return q == 0 }, waitFor, tick, "the outbox drains") {
		for _, m := range allMail(t, db) {
			if m.SentAt.IsZero() {
				t.Logf("mail %d: attempts %d, next try in %v, last error %s", m.ID, m.Attempts, time.Until(m.NextTry), m.LastError)
			}
		}
		t.FailNow()
	}
	r.stop()
	times := map[string]int{}
	for _, c := range capture.Messages() {
		times[messageID(t, c.Data)]++
	}
	for _, m := range allMail(t, db) {
		assert.Equal(t, 1, times[m.MessageID], "mail %d (%s to %s) delivered once", m.ID, m.Kind, m.To)
	}
	assert.Len(t, capture.Messages(), want.mailTotal)
	want.check(t, s, db)
}

// TestIMAPConnectionDropped stops the IMAP server (dropping the daemon's
// connection, possibly in the middle of a message) at random points of a
// stream and starts it again on the same port: nothing is lost, nothing
// applied twice, every mail sent once.
func TestIMAPConnectionDropped(t *testing.T) {
	imapSrv := newMemIMAP(t, "orders")
	capture := mailtest.NewSMTPCapture(t)
	path := filepath.Join(t.TempDir(), "pbem.db")
	games, secrets := streamGames(t, path, 3)
	rng := rand.New(rand.NewSource(3))
	s := newStream(rng, games, secrets, 4)
	want := s.reference(t, path)
	total := len(s.raws)

	db := openStore(t, path)
	r := startDaemon(t, daemonSetup{DB: db, Judge: judge.New(db, judgeOptions()),
		IMAP: intakeConfig(imapSrv.Addr(), "orders", "orders-pw"), SMTP: smtpConfig(t, capture.Addr()), Backoff: fastRetry, Poll: 250 * time.Millisecond})
	drops := 0
	for _, raw := range s.raws {
		imapSrv.deliver("orders", raw)
		time.Sleep(time.Duration(rng.Intn(3000)) * time.Microsecond)
		if rng.Intn(3) != 0 {
			continue
		}
		// Drop a live connection: wait for the daemon to be logged in.
		connects := r.client.Stats().Connects
		imapSrv.stop()
		drops++
		time.Sleep(time.Duration(rng.Intn(10)) * time.Millisecond)
		imapSrv.start()
		require.Eventually(t, func() bool { return r.client.Stats().Connects > connects }, waitFor, tick, "the daemon reconnects")
	}
	require.Eventually(t, func() bool {
		q, _ := outboxCounts(db)
		return imapSrv.count("orders", "INBOX") == 0 &&
			imapSrv.count("orders", "pbem/processed")+imapSrv.count("orders", "pbem/failed") == total &&
			q == 0 && len(capture.Messages()) >= want.mailTotal
	}, waitFor, tick, "the stream is processed")
	r.stop()
	want.check(t, s, db)
	assert.Equal(t, want.failed, imapSrv.count("orders", "pbem/failed"))
	times := map[string]int{}
	for _, c := range capture.Messages() {
		times[messageID(t, c.Data)]++
	}
	for _, m := range allMail(t, db) {
		assert.Equal(t, 1, times[m.MessageID], "mail %d delivered once", m.ID)
	}
	t.Logf("%d emails, %d drops, %d connects, %d handler calls", total, drops, r.client.Stats().Connects, r.client.Stats().Handled)
}
