// Package outbox drains the store's outbox through an SMTP sender.
//
// Mail is queued by the store in the same transaction as the state change
// that caused it; the Drainer sends it afterwards. Delivery is at least
// once: a mail is marked sent only after the server accepted it, so a crash
// between acceptance and MarkSent resends it (with the same Message-ID, so
// mail clients thread and de-duplicate it). Failed mail is retried with
// exponential back-off; mail the server rejects permanently is retried too,
// slowly, and logged at error level. Nothing is ever dropped.
package outbox

import (
	"context"
	"errors"
	"hash/fnv"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

// Queue is the outbox as the drainer sees it. The platform adapts the store
// to it.
type Queue interface {
	// Pending returns up to limit unsent mails whose NextTry is not after
	// now, oldest first.
	Pending(now time.Time, limit int) ([]*store.OutMail, error)
	// MarkSent records that the server accepted mail id.
	MarkSent(id uint64, at time.Time) error
	// MarkFailed records a failed attempt (incrementing Attempts) and when
	// to try again.
	MarkFailed(id uint64, errText string, next time.Time) error
}

// Sender sends one mail; smtpout.Sender implements it.
type Sender interface {
	Send(ctx context.Context, m *store.OutMail) error
}

// Back-off bounds.
const (
	MinBackoff = 5 * time.Second
	MaxBackoff = time.Hour
)

// DefaultPoll is how often Run looks at the queue when nothing wakes it.
const DefaultPoll = time.Minute

// batch is how many mails DrainOnce asks the queue for at a time.
const batch = 50

// DefaultBackoff is the wait after the attempt-th failed attempt (1 for the
// first): 5 s, 10 s, 20 s, ... doubling up to 1 h.
func DefaultBackoff(attempt int) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	d := MinBackoff
	for i := 1; i < attempt; i++ {
		d *= 2
		if d >= MaxBackoff {
			return MaxBackoff
		}
	}
	return d
}

// Jitter returns the deterministic extra wait added to base for mail id at
// the given attempt: between 0 and 10% of base, derived from a hash of id
// and attempt so retries of different mails spread out but a replay
// computes the same schedule.
func Jitter(id uint64, attempt int, base time.Duration) time.Duration {
	if base <= 0 {
		return 0
	}
	h := fnv.New64a()
	var b [16]byte
	for i := 0; i < 8; i++ {
		b[i] = byte(id >> (8 * i))
		b[8+i] = byte(uint64(attempt) >> (8 * i))
	}
	_, _ = h.Write(b[:])
	frac := h.Sum64() % 1001 // 0..1000 per mille of 10%
	return time.Duration(int64(base) / 10 * int64(frac) / 1000)
}

// Drainer sends pending outbox mail. Set the fields, then call Run (or
// DrainOnce). Only Queue and Sender are required.
type Drainer struct {
	Queue   Queue
	Sender  Sender
	Now     func() time.Time                // default time.Now
	Backoff func(attempt int) time.Duration // default DefaultBackoff
	Log     *slog.Logger                    // default discards
	// Poll is the longest Run sleeps without looking at the queue,
	// default DefaultPoll. It catches mail queued by another process or
	// scheduled before a restart.
	Poll time.Duration
	// IsTemporary classifies send errors, default smtpout.IsTemporary.
	// Mail failing permanently is retried after MaxBackoff.
	IsTemporary func(error) bool

	once   sync.Once
	wake   chan struct{}
	mu     sync.Mutex
	nextAt time.Time // earliest retry scheduled by this drainer, zero if none
	// retries holds the next try of every mail this drainer saw fail and
	// has not seen sent since.
	retries map[uint64]time.Time
	// claim orders a mail's send against Withdraw: sending is the mail
	// being handed to the server now (0: none).
	claim   sync.Mutex
	sending uint64
}

// ErrSending is Withdraw's error for a mail being handed to the server.
var ErrSending = errors.New("it is being sent right now")

// StillQueued is implemented by queues that can tell whether a mail is
// still waiting (not sent, not cancelled) just before it is sent.
type StillQueued interface {
	Queued(id uint64) (bool, error)
}

// Withdraw runs fn (which takes mail id out of the queue, e.g. cancels it)
// only while the drainer is not sending that mail, and keeps the drainer
// from starting to send it until fn returns: either fn runs first and the
// drainer, checking the queue again, never sends the mail, or the mail is
// on its way and Withdraw returns ErrSending without calling fn.
func (d *Drainer) Withdraw(id uint64, fn func() error) error {
	d.claim.Lock()
	defer d.claim.Unlock()
	if d.sending == id {
		return ErrSending
	}
	return fn()
}

// take claims mail id for sending: false when the queue says it is no
// longer waiting (an operator cancelled it since it was listed).
func (d *Drainer) take(id uint64) bool {
	d.claim.Lock()
	defer d.claim.Unlock()
	if q, ok := d.Queue.(StillQueued); ok {
		if still, err := q.Queued(id); err == nil && !still {
			return false
		}
	}
	d.sending = id
	return true
}

// done releases the claim of take.
func (d *Drainer) done() {
	d.claim.Lock()
	d.sending = 0
	d.claim.Unlock()
}

func (d *Drainer) init() {
	d.once.Do(func() { d.wake = make(chan struct{}, 1) })
}

func (d *Drainer) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Drainer) log() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func (d *Drainer) backoff(attempt int) time.Duration {
	if d.Backoff != nil {
		return d.Backoff(attempt)
	}
	return DefaultBackoff(attempt)
}

func (d *Drainer) isTemporary(err error) bool {
	if d.IsTemporary != nil {
		return d.IsTemporary(err)
	}
	return smtpout.IsTemporary(err)
}

// Wake makes Run drain now, e.g. right after mail was queued. It never
// blocks.
func (d *Drainer) Wake() {
	d.init()
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// NextRetry returns the earliest retry time this drainer scheduled that is
// still ahead, or the zero time.
func (d *Drainer) NextRetry() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.nextAt
}

// DrainOnce sends every mail that is due, one at a time, and returns how
// many were sent and how many failed. err is non-nil when the queue failed
// (the store could not be read or written) or ctx ended; mail already
// handled stays handled.
func (d *Drainer) DrainOnce(ctx context.Context) (sent, failed int, err error) {
	d.init()
	if err := d.Check(); err != nil {
		return 0, 0, err
	}
	seen := map[uint64]bool{}
	start := d.now()
	defer func() {
		d.mu.Lock()
		// Retries that were due when this pass started were handled by
		// it (sent, or failed again and rescheduled); keep the others.
		for id, at := range d.retries {
			if !at.After(start) && seen[id] {
				delete(d.retries, id)
			}
		}
		d.nextAt = time.Time{}
		for _, at := range d.retries {
			if d.nextAt.IsZero() || at.Before(d.nextAt) {
				d.nextAt = at
			}
		}
		d.mu.Unlock()
	}()
	for {
		if err := ctx.Err(); err != nil {
			return sent, failed, err
		}
		mails, err := d.Queue.Pending(d.now(), batch)
		if err != nil {
			return sent, failed, err
		}
		progress := false
		for _, m := range mails {
			if m == nil || seen[m.ID] {
				continue
			}
			seen[m.ID] = true
			progress = true
			if err := ctx.Err(); err != nil {
				return sent, failed, err
			}
			if !d.take(m.ID) {
				continue
			}
			serr := d.Sender.Send(ctx, m)
			d.done()
			if serr == nil {
				if err := d.Queue.MarkSent(m.ID, d.now()); err != nil {
					// The server has the mail; it will be sent again after
					// a restart, which at-least-once delivery allows.
					d.log().Error("outbox: mail sent but not marked sent", "id", m.ID, "err", err)
					return sent, failed, err
				}
				sent++
				d.mu.Lock()
				delete(d.retries, m.ID)
				d.mu.Unlock()
				d.log().Info("outbox: sent", "id", m.ID, "game", m.GameID, "kind", m.Kind,
					"message_id", m.MessageID, "attempt", m.Attempts+1)
				continue
			}
			if ctx.Err() != nil {
				// Shutting down: not the mail's fault, do not count it.
				return sent, failed, ctx.Err()
			}
			failed++
			attempt := m.Attempts + 1
			temp := d.isTemporary(serr)
			wait := d.backoff(attempt)
			if !temp && wait < MaxBackoff {
				wait = MaxBackoff
			}
			next := d.now().Add(wait + Jitter(m.ID, attempt, wait))
			if err := d.Queue.MarkFailed(m.ID, serr.Error(), next); err != nil {
				return sent, failed, err
			}
			d.mu.Lock()
			if d.retries == nil {
				d.retries = map[uint64]time.Time{}
			}
			d.retries[m.ID] = next
			d.mu.Unlock()
			attrs := []any{"id", m.ID, "game", m.GameID, "kind", m.Kind, "to", m.To,
				"attempt", attempt, "next_try", next.UTC().Format(time.RFC3339), "err", serr}
			if temp {
				d.log().Warn("outbox: send failed, will retry", attrs...)
			} else {
				d.log().Error("outbox: mail REJECTED by the server; retrying hourly until fixed",
					append(attrs, "action", "check the recipients and the SMTP account; id "+strconv.FormatUint(m.ID, 10))...)
			}
		}
		if !progress || len(mails) < batch {
			return sent, failed, nil
		}
	}
}

// Run drains the outbox until ctx ends: it drains everything due, then
// sleeps until Wake is called, a retry it scheduled falls due, or Poll
// passes. It returns ctx.Err(). Queue errors are logged and retried after
// MinBackoff.
func (d *Drainer) Run(ctx context.Context) error {
	d.init()
	if err := d.Check(); err != nil {
		return err
	}
	poll := d.Poll
	if poll <= 0 {
		poll = DefaultPoll
	}
	for {
		_, _, err := d.DrainOnce(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		wait := poll
		if err != nil {
			d.log().Error("outbox: queue error", "err", err)
			if MinBackoff < wait {
				wait = MinBackoff
			}
		}
		if next := d.NextRetry(); !next.IsZero() {
			if w := next.Sub(d.now()); w < wait {
				wait = w
			}
		}
		if wait < 0 {
			wait = 0
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-d.wake:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// ErrNoSender is returned by Check when the drainer lacks a queue or sender.
var ErrNoSender = errors.New("outbox: Drainer needs a Queue and a Sender")

// Check reports a missing Queue or Sender.
func (d *Drainer) Check() error {
	if d.Queue == nil || d.Sender == nil {
		return ErrNoSender
	}
	return nil
}
