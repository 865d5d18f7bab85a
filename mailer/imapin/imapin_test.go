package imapin_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/mailtest"
)

const waitFor = 10 * time.Second
const tick = 2 * time.Millisecond

// recorder is a handler that records what it was given.
type recorder struct {
	mu    sync.Mutex
	calls []imapin.Incoming
	subj  []string
	// decide, when set, chooses the disposition.
	decide func(m imapin.Incoming, subject string, call int) (imapin.Disposition, error)
}

func (r *recorder) handle(ctx context.Context, m imapin.Incoming) (imapin.Disposition, error) {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Raw))
	subject := ""
	if err == nil {
		subject = msg.Header.Get("Subject")
	}
	r.mu.Lock()
	r.calls = append(r.calls, m)
	r.subj = append(r.subj, subject)
	n := len(r.calls)
	decide := r.decide
	r.mu.Unlock()
	if decide != nil {
		return decide(m, subject, n)
	}
	return imapin.Processed, nil
}

func (r *recorder) subjects() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.subj...)
}

func (r *recorder) count(subject string) int {
	n := 0
	for _, s := range r.subjects() {
		if s == subject {
			n++
		}
	}
	return n
}

func cfgFor(h *harness) imapin.Config {
	return imapin.Config{
		Addr: h.Addr(), TLS: h.mode, Username: hUser, Password: hPass,
		Poll: 50 * time.Millisecond, ReconnectMin: 10 * time.Millisecond, ReconnectMax: 50 * time.Millisecond,
	}
}

// run starts c.Run in the background and stops it when the test ends.
func run(t *testing.T, c *imapin.Client, h imapin.Handler) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx, h) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			assert.ErrorIs(t, err, context.Canceled)
		case <-time.After(waitFor):
			t.Error("Run did not return after cancel")
		}
	})
}

func msg(subject string) []byte {
	return mailtest.Message("alice@example.org", "orders@pbem.localhost", subject, "hold London\n")
}

func TestMessagesPresentAtStart(t *testing.T) {
	h := newHarness(t, "none", rev2)
	for i := 1; i <= 3; i++ {
		h.deliver(msg(fmt.Sprintf("m%d", i)))
	}
	h.deliver(msg("deleted"), imap.FlagDeleted) // not ours to handle
	c, err := imapin.New(cfgFor(h))
	require.NoError(t, err)
	var r recorder
	run(t, c, r.handle)

	require.Eventually(t, func() bool { return h.count("pbem/processed") == 3 }, waitFor, tick)
	assert.Equal(t, []string{"m1", "m2", "m3"}, r.subjects())
	assert.Equal(t, 1, h.count("INBOX"), "MOVE expunges only the moved message")
	assert.Equal(t, 0, h.count("pbem/failed"))
	r.mu.Lock()
	for i, call := range r.calls {
		assert.Equal(t, uint32(i+1), call.UID)
		assert.NotZero(t, call.UIDValidity)
	}
	r.mu.Unlock()
}

func TestMessagesArrivingWhileIdle(t *testing.T) {
	h := newHarness(t, "none", rev2)
	cfg := cfgFor(h)
	cfg.IdleRescan = time.Hour // only IDLE can report the new mail
	c, err := imapin.New(cfg)
	require.NoError(t, err)
	var r recorder
	run(t, c, r.handle)
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 0 }, waitFor, tick)
	require.Eventually(t, func() bool { return c.Stats().Connects == 1 }, waitFor, tick)
	time.Sleep(20 * time.Millisecond) // let it settle into IDLE

	h.deliver(msg("late-1"))
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 1 }, waitFor, tick)
	h.deliver(msg("late-2"))
	h.deliver(msg("late-3"))
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 3 }, waitFor, tick)
	assert.Equal(t, []string{"late-1", "late-2", "late-3"}, r.subjects())
	assert.Equal(t, 1, c.Stats().Connects)
}

func TestMoveOnlyAfterHandlerReturns(t *testing.T) {
	h := newHarness(t, "none", rev2)
	h.deliver(msg("slow"))
	entered := make(chan struct{})
	release := make(chan struct{})
	r := recorder{decide: func(imapin.Incoming, string, int) (imapin.Disposition, error) {
		close(entered)
		<-release
		return imapin.Processed, nil
	}}
	c, err := imapin.New(cfgFor(h))
	require.NoError(t, err)
	run(t, c, r.handle)

	<-entered
	n, unseen := h.status("INBOX")
	assert.Equal(t, 1, n, "message still in the inbox while the handler runs")
	assert.Equal(t, 1, unseen, "BODY.PEEK does not set \\Seen")
	assert.Equal(t, 0, h.count("pbem/processed"))
	close(release)
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 1 }, waitFor, tick)
	assert.Equal(t, 0, h.count("INBOX"))
}

func TestRetryLeavesMessageUnseen(t *testing.T) {
	h := newHarness(t, "none", rev2)
	h.deliver(msg("flaky"))
	h.deliver(msg("garbage"))
	h.deliver(msg("fine"))
	firstDone := make(chan struct{})
	hold := make(chan struct{})
	var once sync.Once
	r := recorder{decide: func(_ imapin.Incoming, subject string, call int) (imapin.Disposition, error) {
		switch subject {
		case "flaky":
			switch call {
			case 1:
				return imapin.Retry, nil
			case 4:
				return imapin.Processed, errors.New("store busy") // error wins: retry
			case 5:
				once.Do(func() { close(firstDone) })
				<-hold
				return imapin.Processed, nil
			}
		case "garbage":
			return imapin.Failed, nil
		}
		return imapin.Processed, nil
	}}
	cfg := cfgFor(h)
	cfg.RetryAfter = 30 * time.Millisecond
	c, err := imapin.New(cfg)
	require.NoError(t, err)
	run(t, c, r.handle)

	<-firstDone
	// While the third attempt runs, the message is still unseen in INBOX.
	n, unseen := h.status("INBOX")
	assert.Equal(t, 1, n)
	assert.Equal(t, 1, unseen)
	assert.Equal(t, 1, h.count("pbem/failed"))
	assert.Equal(t, 1, h.count("pbem/processed"))
	close(hold)
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 2 }, waitFor, tick)
	assert.Equal(t, 3, r.count("flaky"))
	assert.Equal(t, 1, r.count("garbage"))
	assert.Equal(t, 1, r.count("fine"))
	assert.Equal(t, 0, h.count("INBOX"))
	assert.Equal(t, 0, c.Stats().RetryPending)
}

func TestReconnectAfterServerRestart(t *testing.T) {
	h := newHarness(t, "none", rev2)
	cfg := cfgFor(h)
	cfg.IdleRescan = time.Hour
	c, err := imapin.New(cfg)
	require.NoError(t, err)
	var r recorder
	run(t, c, r.handle)

	h.deliver(msg("before"))
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 1 }, waitFor, tick)

	h.stop()
	h.deliver(msg("while-down"))
	time.Sleep(30 * time.Millisecond) // a few failed reconnects
	h.start()
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 2 }, waitFor, tick)
	require.GreaterOrEqual(t, c.Stats().Connects, 2)

	// Kill the connections again while idle; new mail still arrives.
	h.restart()
	h.deliver(msg("after"))
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 3 }, waitFor, tick)
	assert.Equal(t, []string{"before", "while-down", "after"}, r.subjects())
	assert.Equal(t, 0, h.count("INBOX"))
}

func TestDropBeforeAckDoesNotHandleTwice(t *testing.T) {
	h := newHarness(t, "none", rev2)
	h.deliver(msg("in-flight"))
	entered := make(chan struct{})
	release := make(chan struct{})
	r := recorder{decide: func(_ imapin.Incoming, subject string, _ int) (imapin.Disposition, error) {
		if subject == "in-flight" {
			close(entered)
			<-release
		}
		return imapin.Processed, nil
	}}
	c, err := imapin.New(cfgFor(h))
	require.NoError(t, err)
	run(t, c, r.handle)

	<-entered
	h.restart() // the connection dies while the handler runs
	close(release)
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 1 }, waitFor, tick)
	assert.Equal(t, 1, r.count("in-flight"), "filed after reconnect without a second handler call")
	assert.GreaterOrEqual(t, c.Stats().Connects, 2)
	require.Eventually(t, func() bool { return c.Stats().Unacked == 0 }, waitFor, tick)
	assert.Equal(t, 0, h.count("INBOX"))
}

func TestMailArrivingDuringProcessing(t *testing.T) {
	h := newHarness(t, "none", rev2)
	h.deliver(msg("first"))
	cfg := cfgFor(h)
	cfg.IdleRescan = time.Hour
	r := recorder{decide: func(_ imapin.Incoming, subject string, _ int) (imapin.Disposition, error) {
		if subject == "first" {
			h.deliver(msg("second"))
			h.deliver(msg("third"))
		}
		return imapin.Processed, nil
	}}
	c, err := imapin.New(cfg)
	require.NoError(t, err)
	run(t, c, r.handle)
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 3 }, waitFor, tick)
	assert.Equal(t, []string{"first", "second", "third"}, r.subjects())
}

func TestTLSModes(t *testing.T) {
	for _, mode := range []string{"starttls", "tls"} {
		t.Run(mode, func(t *testing.T) {
			h := newHarness(t, mode, rev2)
			h.deliver(msg("secure"))
			_, pool := mailtest.TLSCert(t)
			cfg := cfgFor(h)
			cfg.RootCAs = pool
			c, err := imapin.New(cfg)
			require.NoError(t, err)
			var r recorder
			run(t, c, r.handle)
			require.Eventually(t, func() bool { return h.count("pbem/processed") == 1 }, waitFor, tick)
			assert.Equal(t, []string{"secure"}, r.subjects())
		})
	}
}

func TestUntrustedCertificateNeverLogsIn(t *testing.T) {
	h := newHarness(t, "tls", rev2)
	h.deliver(msg("x"))
	c, err := imapin.New(cfgFor(h)) // no RootCAs
	require.NoError(t, err)
	var r recorder
	run(t, c, r.handle)
	time.Sleep(100 * time.Millisecond)
	assert.Equal(t, 0, c.Stats().Connects)
	assert.Empty(t, r.subjects())
	assert.Equal(t, 1, h.count("INBOX"))
}

func TestPlainIMAP4rev1Server(t *testing.T) {
	// No IDLE (polling), no MOVE, no UIDPLUS: messages are copied and
	// flagged \Seen, and nothing is expunged.
	h := newHarness(t, "none", rev1)
	h.deliver(msg("old"), imap.FlagSeen, imap.FlagDeleted) // someone else's
	h.deliver(msg("one"))
	c, err := imapin.New(cfgFor(h))
	require.NoError(t, err)
	var r recorder
	run(t, c, r.handle)
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 1 }, waitFor, tick)
	h.deliver(msg("two")) // found by polling
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 2 }, waitFor, tick)
	assert.Equal(t, []string{"one", "two"}, r.subjects())
	require.Eventually(t, func() bool { _, unseen := h.status("INBOX"); return unseen == 0 }, waitFor, tick)
	n, unseen := h.status("INBOX")
	assert.Equal(t, 3, n, "no EXPUNGE: the \\Deleted message is still there")
	assert.Equal(t, 0, unseen)
	require.Eventually(t, func() bool { return c.Stats().FlaggedSeen == 2 }, waitFor, tick)
}

func TestLoginRefusedKeepsTrying(t *testing.T) {
	h := newHarness(t, "none", rev2)
	h.deliver(msg("x"))
	cfg := cfgFor(h)
	cfg.Password = "wrong"
	c, err := imapin.New(cfg)
	require.NoError(t, err)
	var r recorder
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx, r.handle) }()
	time.Sleep(60 * time.Millisecond)
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	assert.Equal(t, 0, c.Stats().Connects)
	assert.Equal(t, 1, h.count("INBOX"))
}

func TestNewValidates(t *testing.T) {
	_, err := imapin.New(imapin.Config{})
	require.Error(t, err)
	_, err = imapin.New(imapin.Config{Addr: "nohostport", Username: "u"})
	require.Error(t, err)
	_, err = imapin.New(imapin.Config{Addr: "127.0.0.1:1", Username: "u", TLS: "ssl3"})
	require.ErrorContains(t, err, "ssl3")
	_, err = imapin.New(imapin.Config{Addr: "127.0.0.1:1"})
	require.Error(t, err)
	_, err = imapin.New(imapin.Config{Addr: "127.0.0.1:1", Username: "u", ProcessedMailbox: "INBOX"})
	require.Error(t, err)
	c, err := imapin.New(imapin.Config{Addr: "127.0.0.1:1", Username: "u"})
	require.NoError(t, err)
	require.Error(t, c.Run(context.Background(), nil))
	assert.Equal(t, "processed", imapin.Processed.String())
	assert.Equal(t, "retry", imapin.Disposition(0).String())
}

func TestCancelWhileDisconnected(t *testing.T) {
	h := newHarness(t, "none", rev2)
	cfg := cfgFor(h)
	h.stop()
	cfg.ReconnectMin = time.Hour
	cfg.ReconnectMax = time.Hour
	c, err := imapin.New(cfg)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx, (&recorder{}).handle) }()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.Canceled)
	case <-time.After(waitFor):
		t.Fatal("Run ignored cancel during back-off")
	}
}

// BenchmarkIdleLatency measures from server-side delivery until the
// handler sees the message, with the client idling.
func BenchmarkIdleLatency(b *testing.B) {
	h := newHarness(b, "none", rev2)
	cfg := imapin.Config{Addr: h.Addr(), TLS: "none", Username: hUser, Password: hPass, IdleRescan: time.Hour}
	c, err := imapin.New(cfg)
	require.NoError(b, err)
	got := make(chan struct{}, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		_ = c.Run(ctx, func(context.Context, imapin.Incoming) (imapin.Disposition, error) {
			got <- struct{}{}
			return imapin.Processed, nil
		})
	}()
	for c.Stats().Connects == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	raw := msg("bench")
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		h.deliver(raw)
		select {
		case <-got:
		case <-time.After(waitFor):
			b.Fatal("message not handled")
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/op")
}

func TestOversizedMessageIsTruncated(t *testing.T) {
	h := newHarness(t, "none", rev2)
	big := mailtest.Message("alice@example.org", "orders@pbem.localhost", "big", strings.Repeat("x", 5000))
	small := msg("small")
	h.deliver(big)
	h.deliver(small)
	cfg := cfgFor(h)
	cfg.MaxMessageBytes = 1000
	c, err := imapin.New(cfg)
	require.NoError(t, err)
	r := recorder{decide: func(m imapin.Incoming, _ string, _ int) (imapin.Disposition, error) {
		if m.Truncated {
			return imapin.Failed, nil
		}
		return imapin.Processed, nil
	}}
	run(t, c, r.handle)
	require.Eventually(t, func() bool { return h.count("pbem/processed") == 1 && h.count("pbem/failed") == 1 }, waitFor, tick)
	r.mu.Lock()
	defer r.mu.Unlock()
	require.Len(t, r.calls, 2)
	assert.True(t, r.calls[0].Truncated)
	assert.Equal(t, big[:1000], r.calls[0].Raw)
	assert.False(t, r.calls[1].Truncated)
	assert.Equal(t, small, r.calls[1].Raw)
}

func TestCancelWhileServerSilent(t *testing.T) {
	// A server that accepts connections and never greets.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var mu sync.Mutex
	var conns []net.Conn
	t.Cleanup(func() {
		_ = ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	for _, mode := range []string{"none", "starttls"} {
		c, err := imapin.New(imapin.Config{Addr: ln.Addr().String(), TLS: mode, Username: "u"})
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- c.Run(ctx, (&recorder{}).handle) }()
		time.Sleep(30 * time.Millisecond)
		cancel()
		select {
		case err := <-done:
			require.ErrorIs(t, err, context.Canceled)
		case <-time.After(waitFor):
			t.Fatalf("%s: Run ignored cancel while the server was silent", mode)
		}
	}
}
