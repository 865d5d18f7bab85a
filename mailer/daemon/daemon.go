// Package daemon runs pbem's long-lived loop: mail intake feeding the
// judge, the outbox drainer sending what the judge queued, and the clock
// that runs deadlines. Each part restarts on its own after errors; the
// store is the only shared state, so a crash at any point loses nothing.
package daemon

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/judge"
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
}

// Daemon is a running pbem loop.
type Daemon struct {
	cfg     Config
	drainer *outbox.Drainer
}

// New builds a daemon; call Run to start it.
func New(cfg Config) *Daemon {
	if cfg.TickEvery == 0 {
		cfg.TickEvery = time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	d := &Daemon{cfg: cfg, drainer: cfg.Drainer}
	if d.drainer == nil {
		d.drainer = &outbox.Drainer{Queue: StoreQueue{DB: cfg.DB}, Sender: cfg.Sender, Log: cfg.Log}
	}
	return d
}

// Drainer returns the outbox drainer (to wake it after queueing mail).
func (d *Daemon) Drainer() *outbox.Drainer { return d.drainer }

// Handle processes one raw email through the judge.
func (d *Daemon) Handle(ctx context.Context, raw []byte) Disposition {
	out, err := d.cfg.Judge.HandleMail(raw)
	if err != nil {
		d.cfg.Log.Error("email not processed; will retry", "err", err)
		return Retry
	}
	d.cfg.Log.Info("email", "outcome", out.Kind, "game", out.GameID, "role", out.Role, "reason", out.Reason)
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

// Run runs intake, drainer and deadline clock until ctx ends.
func (d *Daemon) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, 3)
	wg.Add(3)
	go func() {
		defer wg.Done()
		if err := d.drainer.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
			errs <- err
		}
	}()
	go func() {
		defer wg.Done()
		if d.cfg.Intake == nil {
			return
		}
		if err := d.cfg.Intake.Run(ctx, d.Handle); err != nil && !errors.Is(err, context.Canceled) {
			errs <- err
		}
	}()
	go func() {
		defer wg.Done()
		t := time.NewTicker(d.cfg.TickEvery)
		defer t.Stop()
		for {
			if _, err := d.cfg.Judge.Tick(); err != nil {
				d.cfg.Log.Error("deadlines", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	var first error
	select {
	case <-ctx.Done():
	case first = <-errs:
		cancel()
	}
	wg.Wait()
	return first
}

// StoreQueue adapts the store's outbox to outbox.Queue.
type StoreQueue struct{ DB *store.DB }

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
	return q.DB.Update(func(tx *store.Tx) error { return tx.MarkSent(id, at) })
}

// MarkFailed implements outbox.Queue.
func (q StoreQueue) MarkFailed(id uint64, errText string, next time.Time) error {
	return q.DB.Update(func(tx *store.Tx) error { return tx.MarkFailed(id, errText, next) })
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
