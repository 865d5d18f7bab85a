package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Outbox administration: an operator can make queued mail due at once
// (after fixing the SMTP account or a recipient address) or cancel it.
// Cancelled mail is never sent; it is kept, with why and when, in its own
// bucket for the audit trail. The bucket is created on first use.

var bucketCancelled = []byte("cancelled")

// CancelledMail is an outbox mail an operator cancelled.
type CancelledMail struct {
	OutMail
	CancelledAt time.Time `json:"cancelled_at"`
	Why         string    `json:"cancel_reason,omitempty"`
}

// RetryMail makes queued mail id due at now (its attempts and last error
// are kept). It fails with ErrNotFound, changing nothing, if id is not
// waiting in the outbox; the error says whether it was sent or cancelled.
func (t *Tx) RetryMail(id uint64, now time.Time) error {
	ob, err := t.bucket(bucketOutbox)
	if err != nil {
		return err
	}
	var m OutMail
	found, err := getJSON(ob, u64(id), &m)
	if err != nil {
		return fmt.Errorf("outbox %d: %w", id, err)
	}
	if !found {
		return t.notQueued(id)
	}
	m.NextTry = now
	return putJSON(ob, u64(id), &m)
}

// RetryAll makes every queued mail that is not yet due due at now and
// returns how many it changed.
func (t *Tx) RetryAll(now time.Time) (int, error) {
	ob, err := t.bucket(bucketOutbox)
	if err != nil {
		return 0, err
	}
	var later []*OutMail
	err = eachMail(ob, func(m *OutMail) (bool, error) {
		if m.NextTry.After(now) {
			later = append(later, m)
		}
		return true, nil
	})
	if err != nil {
		return 0, err
	}
	for _, m := range later {
		m.NextTry = now
		if err := putJSON(ob, u64(m.ID), m); err != nil {
			return 0, fmt.Errorf("outbox %d: %w", m.ID, err)
		}
	}
	return len(later), nil
}

// CancelMail moves queued mail id out of the outbox into the cancelled
// bucket, recording why and when; it is never sent. It fails with
// ErrNotFound, changing nothing, if id is not waiting in the outbox.
func (t *Tx) CancelMail(id uint64, why string, at time.Time) error {
	ob, err := t.bucket(bucketOutbox)
	if err != nil {
		return err
	}
	var m OutMail
	found, err := getJSON(ob, u64(id), &m)
	if err != nil {
		return fmt.Errorf("outbox %d: %w", id, err)
	}
	if !found {
		return t.notQueued(id)
	}
	cb, err := t.bucket(bucketCancelled)
	if err != nil {
		return err
	}
	c := CancelledMail{OutMail: m, CancelledAt: at, Why: strings.TrimSpace(why)}
	if err := putJSON(cb, u64(id), &c); err != nil {
		return fmt.Errorf("outbox %d: %w", id, err)
	}
	if err := t.addCount(countQueued, -1); err != nil {
		return err
	}
	return ob.Delete(u64(id))
}

// CancelledMail returns cancelled mail id, or an error wrapping
// ErrNotFound.
func (t *Tx) CancelledMail(id uint64) (*CancelledMail, error) {
	var c CancelledMail
	found, err := getJSON(t.tx.Bucket(bucketCancelled), u64(id), &c)
	if err != nil {
		return nil, fmt.Errorf("cancelled mail %d: %w", id, err)
	}
	if !found {
		return nil, fmt.Errorf("cancelled mail %d: %w", id, ErrNotFound)
	}
	return &c, nil
}

// Cancelled returns every cancelled mail, by ID.
func (t *Tx) Cancelled() ([]*CancelledMail, error) {
	b := t.tx.Bucket(bucketCancelled)
	if b == nil {
		return nil, nil
	}
	var out []*CancelledMail
	err := b.ForEach(func(k, v []byte) error {
		var c CancelledMail
		if err := json.Unmarshal(v, &c); err != nil {
			return fmt.Errorf("cancelled mail: corrupt record: %w", err)
		}
		out = append(out, &c)
		return nil
	})
	return out, err
}

// notQueued explains why id is not in the outbox: sent, cancelled, or
// never queued. The error wraps ErrNotFound.
func (t *Tx) notQueued(id uint64) error {
	if has(t.tx.Bucket(bucketSent), id) {
		return fmt.Errorf("mail %d was already sent: %w", id, ErrNotFound)
	}
	if has(t.tx.Bucket(bucketCancelled), id) {
		return fmt.Errorf("mail %d was already cancelled: %w", id, ErrNotFound)
	}
	return fmt.Errorf("no mail %d in the outbox: %w", id, ErrNotFound)
}

func has(b *bolt.Bucket, id uint64) bool { return b != nil && b.Get(u64(id)) != nil }
