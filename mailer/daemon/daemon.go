// Package daemon runs pbem's long-lived loop: mail intake feeding the
// judge, the outbox drainer sending what the judge queued, and the clock
// that runs deadlines. Each part restarts on its own after errors; the
// store is the only shared state, so a crash at any point loses nothing.
package daemon

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/mailer/metrics"
	"github.com/pbem/pbem/mailer/outbox"
	"github.com/pbem/pbem/store"
)

// Intake delivers raw incoming emails to a handler and acknowledges each
// one (moves it out of the inbox) only after the handler returned.
type Intake interface {
	Run(ctx context.Context, h func(ctx context.Context, raw []byte) Disposition) error
	Wake()
}

// Disposition tells the intake what to do with a message after handling.
type Disposition int

const (
	// Processed: committed to the store; move it to the processed folder.
	Processed Disposition = iota
	// Failed: unreadable; move it to the failed folder for a human to see.
	Failed
	// Retry: the store could not commit; leave it and try again later.
	Retry
)

// Config wires a daemon.
type Config struct {
	DB        *store.DB
	Judge     *judge.Judge
	Intake    Intake
	Sender    outbox.Sender
	TickEvery time.Duration // deadline checks (0: 1 min)
	Log       *slog.Logger
	// Drainer is created from DB and Sender when nil.
	Drainer *outbox.Drainer
	// Metrics, if not nil, counts emails, deliveries and deadlines.
	Metrics *metrics.Metrics
	// Components are extra parts run and stopped with the daemon, such as
	// the control socket or the metrics server.
	Components []Component
}

// Component is an extra part of the daemon. Run must return when ctx
// ends; an error other than ctx's stops the whole daemon, as an intake
// failure does.
type Component struct {
	Name string
	Run  func(ctx context.Context) error
}

// Daemon is a running pbem loop.
type Daemon struct {
	cfg     Config
	drainer *outbox.Drainer

	running  atomic.Bool
	stopped  sync.Map     // loop name -> true once it returned early
	lastTick atomic.Int64 // unix nanoseconds of the last finished tick
	// kick asks the deadline clock for a check now, outside its ticker;
	// the check closes the channel it was sent once it finished. Only the
	// package's tests send on it (export_test.go).
	kick chan chan struct{}
}

// New builds a daemon; call Run to start it.
func New(cfg Config) *Daemon {
	if cfg.TickEvery == 0 {
		cfg.TickEvery = time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	d := &Daemon{cfg: cfg, drainer: cfg.Drainer, kick: make(chan chan struct{})}
	if d.drainer == nil {
		d.drainer = &outbox.Drainer{Queue: StoreQueue{DB: cfg.DB, Metrics: cfg.Metrics}, Sender: cfg.Sender, Log: cfg.Log}
	}
	return d
}

// Drainer returns the outbox drainer (to wake it after queueing mail).
func (d *Daemon) Drainer() *outbox.Drainer { return d.drainer }

// Handle processes one raw email through the judge.
func (d *Daemon) Handle(ctx context.Context, raw []byte) Disposition {
	start := time.Now()
	out, err := d.cfg.Judge.HandleMail(raw)
	took := time.Since(start)
	if err != nil {
		d.cfg.Metrics.Email("error", "", took)
		d.cfg.Log.Error("email not processed; will retry", append(EmailLogAttrs(raw, &judge.Outcome{Kind: "error"}), "err", err)...)
		return Retry
	}
	d.cfg.Metrics.Email(out.Kind, out.Reason, took)
	d.cfg.Log.Info("email", append(EmailLogAttrs(raw, out), "took", took.Round(time.Microsecond))...)
	d.drainer.Wake()
	if out.Kind == "duplicate" {
		// The same email again, typically because the process died
		// between the commit and the move out of the inbox: file it
		// where its first handling would have.
		if rec := d.firstRecord(raw); rec != nil && unreadable(rec.Outcome, rec.GameID, rec.Reason) {
			return Failed
		}
		return Processed
	}
	if out.Role == "" && unreadable(out.Kind, out.GameID, out.Reason) {
		return Failed
	}
	return Processed
}

// EmailLogAttrs returns the attributes every email log line carries: the
// sender, the Message-ID, the game, the outcome, the role and the reason.
// None of them is a secret: the judge redacts secrets from its reasons.
func EmailLogAttrs(raw []byte, out *judge.Outcome) []any {
	from, msgID := emailIdentity(raw, out)
	return []any{"from", from, "message_id", msgID, "game", out.GameID,
		"outcome", out.Kind, "role", out.Role, "reason", out.Reason}
}

// maxLogHeader bounds header values copied into a log line.
const maxLogHeader = 200

// emailIdentity returns the sender address and Message-ID of an email:
// as the judge parsed them, or, for an email it could not parse, read
// from the header block only.
func emailIdentity(raw []byte, out *judge.Outcome) (from, msgID string) {
	if out != nil && (out.From != "" || out.MessageID != "") {
		return clipLog(out.From), clipLog(out.MessageID)
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return "", ""
	}
	from = m.Header.Get("From")
	if a, err := mail.ParseAddress(from); err == nil {
		from = strings.ToLower(a.Address)
	}
	msgID = strings.Trim(strings.TrimSpace(m.Header.Get("Message-Id")), "<>")
	return clipLog(from), clipLog(msgID)
}

func clipLog(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, s)
	if len(s) > maxLogHeader {
		return s[:maxLogHeader] + "..."
	}
	return s
}

// firstRecord returns the judge's record of an email handled before,
// found by the hash of its bytes (the judge records every email under
// "sha256:" and the hex SHA-256 of the raw message), or nil.
func (d *Daemon) firstRecord(raw []byte) *store.ProcessedRecord {
	if d.cfg.DB == nil {
		return nil
	}
	sum := sha256.Sum256(raw)
	var rec *store.ProcessedRecord
	_ = d.cfg.DB.View(func(tx *store.Tx) error {
		var err error
		rec, err = tx.Processed("sha256:" + hex.EncodeToString(sum[:]))
		return err
	})
	return rec
}

// unreadable tells an email the judge could not read at all (it belongs
// in the failed folder) from everything else.
func unreadable(outcome, gameID, reason string) bool {
	return outcome == store.OutcomeIgnored && gameID == "" && strings.HasPrefix(reason, "unreadable")
}

// Run runs intake, drainer, deadline clock and the extra components until
// ctx ends, and returns after every one of them returned.
func (d *Daemon) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 3+len(d.cfg.Components))
	d.stopped.Clear()
	d.lastTick.Store(0)
	d.running.Store(true)
	defer d.running.Store(false)
	start := func(name string, run func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := run(ctx)
			if ctx.Err() == nil {
				d.stopped.Store(name, true)
			}
			if err != nil && !errors.Is(err, context.Canceled) {
				errs <- fmt.Errorf("%s: %w", name, err)
			}
		}()
	}
	start("outbox", d.drainer.Run)
	if d.cfg.Intake != nil {
		start("intake", func(ctx context.Context) error { return d.cfg.Intake.Run(ctx, d.Handle) })
	}
	start("deadlines", func(ctx context.Context) error {
		t := time.NewTicker(d.cfg.TickEvery)
		defer t.Stop()
		var kicked chan struct{}
		for {
			n, err := d.cfg.Judge.Tick()
			if err != nil {
				d.cfg.Log.Error("deadlines", "err", err)
			}
			d.cfg.Metrics.DeadlinesApplied(n)
			d.lastTick.Store(time.Now().UnixNano())
			if kicked != nil {
				close(kicked)
				kicked = nil
			}
			select {
			case <-ctx.Done():
				return nil
			case <-t.C:
			case kicked = <-d.kick:
			}
		}
	})
	for _, c := range d.cfg.Components {
		start(c.Name, c.Run)
	}
	var first error
	select {
	case <-ctx.Done():
	case first = <-errs:
		cancel()
	}
	wg.Wait()
	return first
}

// Healthy returns nil while Run runs with every loop alive and the
// deadline clock ticking on time.
func (d *Daemon) Healthy() error {
	if !d.running.Load() {
		return errors.New("the daemon is not running")
	}
	var dead []string
	d.stopped.Range(func(k, _ any) bool {
		dead = append(dead, k.(string))
		return true
	})
	if len(dead) > 0 {
		return fmt.Errorf("stopped: %s", strings.Join(dead, ", "))
	}
	if last := d.lastTick.Load(); last != 0 {
		if late := time.Since(time.Unix(0, last)); late > 2*d.cfg.TickEvery+time.Minute {
			return fmt.Errorf("the deadline clock last ran %s ago", late.Round(time.Second))
		}
	}
	return nil
}

// StoreQueue adapts the store's outbox to outbox.Queue.
type StoreQueue struct {
	DB      *store.DB
	Metrics *metrics.Metrics // optional: counts deliveries
}

// Pending implements outbox.Queue.
func (q StoreQueue) Pending(now time.Time, limit int) ([]*store.OutMail, error) {
	var out []*store.OutMail
	err := q.DB.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Pending(now, limit)
		return err
	})
	return out, err
}

// MarkSent implements outbox.Queue.
func (q StoreQueue) MarkSent(id uint64, at time.Time) error {
	q.Metrics.Delivered()
	err := q.DB.Update(func(tx *store.Tx) error { return tx.MarkSent(id, at) })
	if errors.Is(err, store.ErrNotFound) && q.cancelled(id) {
		// An operator cancelled the mail while it was being sent: the
		// cancellation stays on record and there is nothing to mark.
		return nil
	}
	return err
}

// Queued implements outbox.StillQueued: whether mail id still waits in
// the outbox.
func (q StoreQueue) Queued(id uint64) (bool, error) {
	var still bool
	err := q.DB.View(func(tx *store.Tx) error {
		still = tx.IsQueued(id)
		return nil
	})
	return still, err
}

func (q StoreQueue) cancelled(id uint64) bool {
	return q.DB.View(func(tx *store.Tx) error {
		_, err := tx.CancelledMail(id)
		return err
	}) == nil
}

// MarkFailed implements outbox.Queue.
func (q StoreQueue) MarkFailed(id uint64, errText string, next time.Time) error {
	q.Metrics.DeliveryFailed()
	err := q.DB.Update(func(tx *store.Tx) error { return tx.MarkFailed(id, errText, next) })
	if errors.Is(err, store.ErrNotFound) && q.cancelled(id) {
		return nil
	}
	return err
}

// IMAP adapts an imapin client to Intake.
type IMAP struct{ Client *imapin.Client }

// Run implements Intake.
func (i IMAP) Run(ctx context.Context, h func(ctx context.Context, raw []byte) Disposition) error {
	return i.Client.Run(ctx, func(ctx context.Context, m imapin.Incoming) (imapin.Disposition, error) {
		switch h(ctx, m.Raw) {
		case Processed:
			return imapin.Processed, nil
		case Failed:
			return imapin.Failed, nil
		}
		return imapin.Retry, nil
	})
}

// Wake implements Intake.
func (i IMAP) Wake() { i.Client.Wake() }
