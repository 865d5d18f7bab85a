package daemon_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/daemon"
	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/mailer/outbox"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

// idleWatch follows the message count of one INBOX through IMAP IDLE.
type idleWatch struct {
	c    *imapclient.Client
	idle *imapclient.IdleCommand
	n    atomic.Uint32
	ch   chan struct{}
}

func watchInbox(b *testing.B, addr, user, pass string) *idleWatch {
	b.Helper()
	w := &idleWatch{ch: make(chan struct{}, 1)}
	c, err := imapclient.DialInsecure(addr, &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					w.n.Store(*d.NumMessages)
					select {
					case w.ch <- struct{}{}:
					default:
					}
				}
			},
		},
	})
	require.NoError(b, err)
	w.c = c
	require.NoError(b, c.Login(user, pass).Wait())
	sel, err := c.Select("INBOX", nil).Wait()
	require.NoError(b, err)
	w.n.Store(sel.NumMessages)
	w.idle, err = c.Idle()
	require.NoError(b, err)
	b.Cleanup(func() {
		_ = w.idle.Close()
		_ = w.idle.Wait()
		_ = c.Close()
	})
	return w
}

// await blocks until the INBOX holds at least n messages.
func (w *idleWatch) await(b *testing.B, n uint32) {
	timeout := time.NewTimer(waitFor)
	defer timeout.Stop()
	for w.n.Load() < n {
		select {
		case <-w.ch:
		case <-timeout.C:
			b.Fatalf("timed out waiting for %d messages (have %d)", n, w.n.Load())
		}
	}
}

// benchWorld is the embedded mail server, a store with fsync on, and the
// daemon, as "pbem serve" runs them without a mail account.
type benchWorld struct {
	srv *embedded.Server
	db  *store.DB
	j   *judge.Judge
}

func newBenchWorld(b *testing.B) *benchWorld {
	b.Helper()
	users := map[string]string{}
	for _, u := range []string{"orders", "north", "south", "gm"} {
		users[u] = u + "-pw"
	}
	srv, err := embedded.Start(embedded.Config{Domain: domain, Users: users})
	require.NoError(b, err)
	b.Cleanup(func() { _ = srv.Close() })
	w := &benchWorld{srv: srv}
	w.db = openStore(b, filepath.Join(b.TempDir(), "pbem.db"))
	w.j = judge.New(w.db, judgeOptions())
	return w
}

func (w *benchWorld) start(b *testing.B) *running {
	b.Helper()
	cfg := intakeConfig(w.srv.IMAPAddr(), "orders", "orders-pw")
	cfg.Poll = time.Minute // IDLE wakes the intake; polling would only hide delays
	return startDaemon(b, daemonSetup{DB: w.db, Judge: w.j, IMAP: cfg,
		SMTP: withAuth(smtpConfig(b, w.srv.SMTPAddr()), "orders", "orders-pw")})
}

func percentile(d []time.Duration, p float64) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[int(p*float64(len(s)-1))]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// BenchmarkLatencySMTPToReports measures, for one valid order email, the
// time from its submission by SMTP to the embedded server until every
// report it causes (the sender's, the opponent's and the GM's) is in the
// recipients' IMAP mailboxes, seen through IDLE. The store syncs to disk.
// Each game takes four orders (two rounds of the duel); a new game is
// created, untimed, every four iterations. Metrics: p50-ms and p90-ms of
// the latency, ms/op its mean.
func BenchmarkLatencySMTPToReports(b *testing.B) {
	w := newBenchWorld(b)
	w.start(b)
	watch := map[string]*idleWatch{}
	for _, u := range []string{"north", "south", "gm"} {
		watch[u] = watchInbox(b, w.srv.IMAPAddr(), u, u+"-pw")
	}
	awaitAll := func(n uint32) {
		for _, u := range []string{"north", "south", "gm"} {
			watch[u].await(b, n)
		}
	}
	var (
		game    string
		secrets map[adjudicator.Role]string
		have    uint32 // messages in each watched INBOX
		lat     []time.Duration
	)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%4 == 0 {
			b.StopTimer()
			game, secrets = newGame(b, w.j, fmt.Sprintf("duel-b%d", i/4), "north@"+domain, "south@"+domain, "gm@"+domain)
			have += 2 // welcome and first report
			awaitAll(have)
			b.StartTimer()
		}
		role := []adjudicator.Role{"north", "south"}[i%2]
		raw := rawMail(string(role)+"@"+domain, orders, "Re: ["+game+"] orders", fmt.Sprintf("b%d.%s@%s", i, game, domain), "",
			fmt.Sprintf("secret: %s\npick %d\n", secrets[role], 1+i%3))
		start := time.Now()
		require.NoError(b, smtpSend(w.srv.SMTPAddr(), string(role)+"@"+domain, []string{orders}, raw))
		have++
		awaitAll(have)
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	var sum time.Duration
	for _, d := range lat {
		sum += d
	}
	b.ReportMetric(ms(sum)/float64(len(lat)), "ms/op")
	b.ReportMetric(ms(percentile(lat, 0.5)), "p50-ms")
	b.ReportMetric(ms(percentile(lat, 0.9)), "p90-ms")
}

// BenchmarkEmailsPerSecond measures throughput end to end: b.N valid
// order emails wait in the orders INBOX; the daemon reads them by IMAP,
// applies them (fsync on) and sends every report by SMTP to the embedded
// server. Metric: emails/s.
func BenchmarkEmailsPerSecond(b *testing.B) {
	w := newBenchWorld(b)
	games := (b.N + 3) / 4
	var ids []string
	var secrets []map[adjudicator.Role]string
	for g := 0; g < games; g++ {
		id, s := newGame(b, w.j, fmt.Sprintf("duel-t%d", g), "north@"+domain, "south@"+domain, "gm@"+domain)
		ids, secrets = append(ids, id), append(secrets, s)
	}
	// Send the games' welcome mail before the clock starts.
	dr := &outbox.Drainer{Queue: daemon.StoreQueue{DB: w.db}, Sender: smtpout.NewSender(withAuth(smtpConfig(b, w.srv.SMTPAddr()), "orders", "orders-pw"))}
	_, failed, err := dr.DrainOnce(context.Background())
	require.NoError(b, err)
	require.Zero(b, failed)
	for i := 0; i < b.N; i++ {
		g := i / 4
		role := []adjudicator.Role{"north", "south"}[i%2]
		require.NoError(b, w.srv.Deliver("orders", rawMail(string(role)+"@"+domain, orders, "["+ids[g]+"] orders",
			fmt.Sprintf("t%d@%s", i, domain), "", fmt.Sprintf("secret: %s\npick 2\n", secrets[g][role]))))
	}
	b.ResetTimer()
	start := time.Now()
	w.start(b)
	for {
		n, _ := w.srv.Count("orders", "pbem/processed")
		q, _ := outboxCounts(w.db)
		if n == b.N && q == 0 {
			break
		}
		if time.Since(start) > 5*time.Minute {
			b.Fatalf("timed out: %d of %d emails processed, %d mails queued", n, b.N, q)
		}
		time.Sleep(time.Millisecond)
	}
	el := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/el.Seconds(), "emails/s")
}
