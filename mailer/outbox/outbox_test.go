package outbox_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/mailer/outbox"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

// memQueue is an in-memory Queue with the store's semantics.
type memQueue struct {
	mu        sync.Mutex
	mails     map[uint64]*store.OutMail
	nextID    uint64
	failSent  error // returned by MarkSent when set
	sentCalls int
}

func newQueue() *memQueue { return &memQueue{mails: map[uint64]*store.OutMail{}} }

func (q *memQueue) add(now time.Time, to ...string) uint64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.nextID++
	id := q.nextID
	q.mails[id] = &store.OutMail{
		ID: id, GameID: "g1", Kind: "report",
		From: "orders@pbem.localhost", To: to,
		Subject:   "report " + strconv.FormatUint(id, 10),
		MessageID: fmt.Sprintf("m%d.g1@pbem.localhost", id),
		Text:      "hello\n", Created: now, NextTry: now,
	}
	return id
}

func (q *memQueue) Pending(now time.Time, limit int) ([]*store.OutMail, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []*store.OutMail
	for _, m := range q.mails {
		if m.SentAt.IsZero() && !m.NextTry.After(now) {
			c := *m
			out = append(out, &c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (q *memQueue) MarkSent(id uint64, at time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.sentCalls++
	if q.failSent != nil {
		return q.failSent
	}
	m, ok := q.mails[id]
	if !ok {
		return errors.New("no such mail")
	}
	m.SentAt = at
	m.Attempts++
	return nil
}

func (q *memQueue) MarkFailed(id uint64, errText string, next time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	m, ok := q.mails[id]
	if !ok {
		return errors.New("no such mail")
	}
	m.Attempts++
	m.LastError = errText
	m.NextTry = next
	return nil
}

func (q *memQueue) get(id uint64) store.OutMail {
	q.mu.Lock()
	defer q.mu.Unlock()
	return *q.mails[id]
}

// clock is a manual clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

var t0 = time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)

func setup(t *testing.T) (*mailtest.SMTPCapture, *memQueue, *clock, *outbox.Drainer, *bytes.Buffer) {
	capt := mailtest.NewSMTPCapture(t)
	q := newQueue()
	clk := &clock{t: t0}
	var logBuf bytes.Buffer
	d := &outbox.Drainer{
		Queue:  q,
		Sender: smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "none", Timeout: 5 * time.Second}),
		Now:    clk.Now,
		Log:    slog.New(slog.NewTextHandler(&syncWriter{w: &logBuf}, nil)),
	}
	return capt, q, clk, d, &logBuf
}

type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func TestServerDownThenUp(t *testing.T) {
	capt, q, clk, d, _ := setup(t)
	id := q.add(clk.Now(), "alice@example.org")
	capt.SetMode(mailtest.Refuse)

	sent, failed, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 0, sent)
	assert.Equal(t, 1, failed)
	m := q.get(id)
	assert.Equal(t, 1, m.Attempts)
	assert.NotEmpty(t, m.LastError)
	assert.True(t, m.SentAt.IsZero())
	wait := m.NextTry.Sub(t0)
	assert.GreaterOrEqual(t, wait, 5*time.Second)
	assert.LessOrEqual(t, wait, 5500*time.Millisecond)
	assert.Equal(t, m.NextTry, d.NextRetry())

	// Not due yet: nothing happens.
	sent, failed, err = d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 0, sent+failed)

	// Second failure doubles the wait.
	clk.Add(6 * time.Second)
	_, failed, err = d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, failed)
	m = q.get(id)
	assert.Equal(t, 2, m.Attempts)
	wait = m.NextTry.Sub(clk.Now())
	assert.GreaterOrEqual(t, wait, 10*time.Second)
	assert.LessOrEqual(t, wait, 11*time.Second)

	capt.SetMode(mailtest.Accept)
	clk.Add(11 * time.Second)
	sent, failed, err = d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, sent)
	assert.Equal(t, 0, failed)
	m = q.get(id)
	assert.Equal(t, 3, m.Attempts)
	assert.Equal(t, clk.Now(), m.SentAt)

	msgs := capt.Messages()
	require.Len(t, msgs, 1)
	assert.Contains(t, string(msgs[0].Data), "Message-ID: <m1.g1@pbem.localhost>")

	// Sent mail is not sent again.
	clk.Add(time.Hour)
	sent, failed, err = d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 0, sent+failed)
	assert.Len(t, capt.Messages(), 1)
}

func TestTemporaryThenSuccess(t *testing.T) {
	capt, q, clk, d, logBuf := setup(t)
	id := q.add(clk.Now(), "alice@example.org")
	capt.SetMode(mailtest.TempFail)
	_, failed, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, failed)
	m := q.get(id)
	assert.Contains(t, m.LastError, "451")
	assert.Less(t, m.NextTry.Sub(t0), time.Minute)
	assert.Contains(t, logBuf.String(), "level=WARN")

	capt.SetMode(mailtest.Accept)
	clk.Add(time.Minute)
	sent, _, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, sent)
	assert.Equal(t, 2, capt.Attempts())
	assert.Len(t, capt.Messages(), 1)
}

func TestPermanentFailureRetriedSlowlyAndLoudly(t *testing.T) {
	capt, q, clk, d, logBuf := setup(t)
	id := q.add(clk.Now(), "nobody@example.org")
	other := q.add(clk.Now(), "bob@example.org")
	capt.SetMode(mailtest.PermFail)
	_, failed, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 2, failed)
	m := q.get(id)
	assert.Contains(t, m.LastError, "554")
	assert.GreaterOrEqual(t, m.NextTry.Sub(t0), time.Hour)
	assert.LessOrEqual(t, m.NextTry.Sub(t0), 66*time.Minute)
	assert.Contains(t, logBuf.String(), "level=ERROR")
	assert.Contains(t, logBuf.String(), "REJECTED")

	// Still in the queue, never dropped: sent once the server relents.
	capt.SetMode(mailtest.Accept)
	clk.Add(30 * time.Minute)
	sent, _, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 0, sent)
	clk.Add(40 * time.Minute)
	sent, _, err = d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 2, sent)
	assert.False(t, q.get(id).SentAt.IsZero())
	assert.False(t, q.get(other).SentAt.IsZero())
}

func TestManyMailsInOneDrain(t *testing.T) {
	capt, q, clk, d, _ := setup(t)
	n := 120
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		q.add(clk.Now(), fmt.Sprintf("p%d@example.org", i))
	}
	sent, failed, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, n, sent)
	assert.Equal(t, 0, failed)
	assert.Len(t, capt.Messages(), n)
}

func TestMarkSentFailureKeepsMailPending(t *testing.T) {
	capt, q, clk, d, _ := setup(t)
	id := q.add(clk.Now(), "alice@example.org")
	q.failSent = errors.New("disk full")
	_, _, err := d.DrainOnce(context.Background())
	require.ErrorContains(t, err, "disk full")
	assert.True(t, q.get(id).SentAt.IsZero())
	assert.Len(t, capt.Messages(), 1)

	// At least once: it goes out again once the store works.
	q.failSent = nil
	sent, _, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, sent)
	assert.Len(t, capt.Messages(), 2)
}

func TestRunDeliversWhenServerComesUp(t *testing.T) {
	capt, q, _, d, _ := setup(t)
	d.Now = nil
	d.Backoff = func(int) time.Duration { return 20 * time.Millisecond }
	d.Poll = time.Hour
	capt.SetMode(mailtest.Refuse)
	id := q.add(time.Now(), "alice@example.org")

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()

	require.Eventually(t, func() bool { return q.get(id).Attempts >= 2 }, 10*time.Second, 5*time.Millisecond)
	capt.SetMode(mailtest.Accept)
	msgs := capt.Wait(1, 10*time.Second)
	require.Len(t, msgs, 1)
	require.Eventually(t, func() bool { return !q.get(id).SentAt.IsZero() }, 10*time.Second, 5*time.Millisecond)

	// Wake sends newly queued mail without waiting for Poll.
	id2 := q.add(time.Now(), "bob@example.org")
	d.Wake()
	msgs = capt.Wait(2, 10*time.Second)
	require.Len(t, msgs, 2)
	require.Eventually(t, func() bool { return !q.get(id2).SentAt.IsZero() }, 10*time.Second, 5*time.Millisecond)

	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	assert.Len(t, capt.Messages(), 2)
}

func TestCancelDuringSendDoesNotCountAttempt(t *testing.T) {
	// A server that accepts connections and never answers.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	var conns sync.WaitGroup
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			go func() { defer conns.Done(); buf := make([]byte, 1); _, _ = c.Read(buf); _ = c.Close() }()
		}
	}()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	p, _ := strconv.Atoi(port)
	q := newQueue()
	id := q.add(t0, "alice@example.org")
	d := &outbox.Drainer{
		Queue:  q,
		Sender: smtpout.NewSender(smtpout.Config{Host: "127.0.0.1", Port: p, TLS: "none", Timeout: time.Minute}),
		Poll:   time.Hour,
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.Canceled)
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not stop after cancel")
	}
	m := q.get(id)
	assert.Equal(t, 0, m.Attempts)
	assert.True(t, m.SentAt.IsZero())
}

func TestDefaultBackoffAndJitter(t *testing.T) {
	assert.Equal(t, 5*time.Second, outbox.DefaultBackoff(0))
	assert.Equal(t, 5*time.Second, outbox.DefaultBackoff(1))
	assert.Equal(t, 10*time.Second, outbox.DefaultBackoff(2))
	assert.Equal(t, 40*time.Second, outbox.DefaultBackoff(4))
	assert.Equal(t, 2560*time.Second, outbox.DefaultBackoff(10))
	assert.Equal(t, time.Hour, outbox.DefaultBackoff(11))
	assert.Equal(t, time.Hour, outbox.DefaultBackoff(1000))

	distinct := map[time.Duration]bool{}
	for id := uint64(1); id <= 50; id++ {
		j := outbox.Jitter(id, 3, 20*time.Second)
		assert.GreaterOrEqual(t, j, time.Duration(0))
		assert.LessOrEqual(t, j, 2*time.Second)
		assert.Equal(t, j, outbox.Jitter(id, 3, 20*time.Second), "deterministic")
		distinct[j] = true
	}
	assert.Greater(t, len(distinct), 10, "jitter spreads mails")
	assert.Equal(t, time.Duration(0), outbox.Jitter(1, 1, 0))
}

func TestMissingParts(t *testing.T) {
	d := &outbox.Drainer{}
	_, _, err := d.DrainOnce(context.Background())
	require.ErrorIs(t, err, outbox.ErrNoSender)
	require.ErrorIs(t, d.Run(context.Background()), outbox.ErrNoSender)
}

// smtpout.Sender is the production Sender.
var _ outbox.Sender = (*smtpout.Sender)(nil)

// TestRetryTimesAreNotForgotten: two mails fail with different retry
// times; after the first is sent on its retry, the drainer still knows
// when the second is due, so Run does not fall back to a full Poll.
func TestRetryTimesAreNotForgotten(t *testing.T) {
	capt, q, clk, d, _ := setup(t)
	d.Backoff = func(attempt int) time.Duration { return time.Second }
	a := q.add(clk.Now(), "a@example.org")
	capt.SetMode(mailtest.TempFail)
	_, failed, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, failed)
	// b fails later, so its retry is later than a's.
	clk.Add(500 * time.Millisecond)
	b := q.add(clk.Now(), "b@example.org")
	_, failed, err = d.DrainOnce(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, failed)
	bNext := q.get(b).NextTry
	require.True(t, q.get(a).NextTry.Before(bNext))
	// a's retry: it is sent; b is not due yet and must stay scheduled.
	capt.SetMode(mailtest.Accept)
	clk.Add(time.Duration(q.get(a).NextTry.Sub(clk.Now())))
	sent, _, err := d.DrainOnce(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, sent)
	require.Equal(t, bNext, d.NextRetry(), "the later retry is remembered")
}

// stillQueue is a memQueue that can say whether a mail still waits, as
// the store does, so that a cancelled mail listed earlier is not sent.
type stillQueue struct{ *memQueue }

func (q stillQueue) Queued(id uint64) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	m, ok := q.mails[id]
	return ok && m.SentAt.IsZero(), nil
}

func (q stillQueue) cancel(id uint64) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.mails, id)
	return nil
}

// gateSender holds every Send until released, telling when one starts.
type gateSender struct {
	started chan uint64
	release chan struct{}
	sent    []uint64
	mu      sync.Mutex
}

func (g *gateSender) Send(ctx context.Context, m *store.OutMail) error {
	g.started <- m.ID
	<-g.release
	g.mu.Lock()
	g.sent = append(g.sent, m.ID)
	g.mu.Unlock()
	return nil
}

// An operator's cancel and the sender never cross: a mail being handed
// to the server cannot be cancelled (ErrSending, nothing changed), and a
// mail cancelled after the sender listed it is never sent.
func TestWithdrawAgainstSending(t *testing.T) {
	q := stillQueue{newQueue()}
	now := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	for i := 0; i < 3; i++ {
		q.add(now, "ann@club.example")
	}
	g := &gateSender{started: make(chan uint64), release: make(chan struct{})}
	d := &outbox.Drainer{Queue: q, Sender: g, Now: func() time.Time { return now }}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _, err := d.DrainOnce(context.Background())
		assert.NoError(t, err)
	}()
	require.Equal(t, uint64(1), <-g.started)
	// Mail 1 is on its way: it cannot be cancelled.
	called := false
	err := d.Withdraw(1, func() error { called = true; return nil })
	require.ErrorIs(t, err, outbox.ErrSending)
	require.False(t, called)
	// Mail 2 was listed with mail 1 but not taken yet: cancelled, never sent.
	require.NoError(t, d.Withdraw(2, func() error { return q.cancel(2) }))
	g.release <- struct{}{}
	require.Equal(t, uint64(3), <-g.started)
	g.release <- struct{}{}
	<-done
	require.Equal(t, []uint64{1, 3}, g.sent)
}
