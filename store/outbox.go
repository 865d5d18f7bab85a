package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Enqueue adds m to the outbox in the current transaction and returns its
// ID (also set in m.ID). Created defaults to now and NextTry to Created, so
// the mail is due at once. The mail is sent only if the transaction commits.
func (t *Tx) Enqueue(m *OutMail) (uint64, error) {
	if m == nil {
		return 0, fmt.Errorf("enqueue: nil mail: %w", ErrInvalid)
	}
	if len(m.To) == 0 {
		return 0, fmt.Errorf("enqueue %q: no recipients: %w", m.Subject, ErrInvalid)
	}
	if strings.TrimSpace(m.MessageID) == "" {
		return 0, fmt.Errorf("enqueue %q: no Message-ID: %w", m.Subject, ErrInvalid)
	}
	b, err := t.bucket(bucketOutbox)
	if err != nil {
		return 0, err
	}
	id, err := b.NextSequence()
	if err != nil {
		return 0, fmt.Errorf("enqueue: %w", err)
	}
	m.ID = id
	if m.Created.IsZero() {
		m.Created = t.db.now().UTC()
	}
	if m.NextTry.IsZero() {
		m.NextTry = m.Created
	}
	if err := putJSON(b, u64(id), m); err != nil {
		return 0, fmt.Errorf("enqueue: %w", err)
	}
	if m.GameID != "" && !strings.ContainsRune(m.GameID, 0) {
		gm, err := t.bucket(bucketGameMail)
		if err != nil {
			return 0, err
		}
		if err := gm.Put(gameMailKey(m.GameID, id), nil); err != nil {
			return 0, fmt.Errorf("enqueue: %w", err)
		}
	}
	if err := t.addCount(countQueued, 1); err != nil {
		return 0, fmt.Errorf("enqueue: %w", err)
	}
	return id, nil
}

// Pending returns up to limit unsent mails with NextTry <= now, oldest
// (lowest ID) first. limit <= 0 means no limit.
func (t *Tx) Pending(now time.Time, limit int) ([]*OutMail, error) {
	var out []*OutMail
	err := eachMail(t.tx.Bucket(bucketOutbox), func(m *OutMail) (bool, error) {
		if !m.NextTry.After(now) {
			out = append(out, m)
		}
		return limit <= 0 || len(out) < limit, nil
	})
	return out, err
}

// IsQueued reports whether mail id still waits in the outbox (neither
// sent nor cancelled).
func (t *Tx) IsQueued(id uint64) bool {
	return has(t.tx.Bucket(bucketOutbox), id)
}

// MarkSent moves mail id from the outbox to the sent bucket, recording when
// it was sent. It fails with ErrNotFound if id is not waiting in the outbox
// (including when it was already marked sent).
func (t *Tx) MarkSent(id uint64, at time.Time) error {
	ob, err := t.bucket(bucketOutbox)
	if err != nil {
		return err
	}
	sb, err := t.bucket(bucketSent)
	if err != nil {
		return err
	}
	var m OutMail
	found, err := getJSON(ob, u64(id), &m)
	if err != nil {
		return fmt.Errorf("outbox %d: %w", id, err)
	}
	if !found {
		if sb.Get(u64(id)) != nil {
			return fmt.Errorf("outbox %d: already marked sent: %w", id, ErrNotFound)
		}
		return fmt.Errorf("outbox %d: %w", id, ErrNotFound)
	}
	m.SentAt = at
	if err := putJSON(sb, u64(id), &m); err != nil {
		return fmt.Errorf("outbox %d: %w", id, err)
	}
	if err := t.addCount(countQueued, -1); err != nil {
		return err
	}
	if err := t.addCount(countSent, 1); err != nil {
		return err
	}
	return ob.Delete(u64(id))
}

// MarkFailed records a failed send attempt of mail id: it increments
// Attempts, keeps the error text and schedules the next try.
func (t *Tx) MarkFailed(id uint64, errText string, next time.Time) error {
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
		return fmt.Errorf("outbox %d: %w", id, ErrNotFound)
	}
	m.Attempts++
	m.LastError = errText
	m.NextTry = next
	return putJSON(ob, u64(id), &m)
}

// Outbox returns mail id, whether still queued or already sent (then
// SentAt is set). It fails with ErrNotFound if there is no such mail.
func (t *Tx) Outbox(id uint64) (*OutMail, error) {
	for _, name := range [][]byte{bucketOutbox, bucketSent} {
		var m OutMail
		found, err := getJSON(t.tx.Bucket(name), u64(id), &m)
		if err != nil {
			return nil, fmt.Errorf("outbox %d: %w", id, err)
		}
		if found {
			return &m, nil
		}
	}
	return nil, fmt.Errorf("outbox %d: %w", id, ErrNotFound)
}

// Queued returns every unsent mail, due or not, by ID.
func (t *Tx) Queued() ([]*OutMail, error) {
	return collectMail(t.tx.Bucket(bucketOutbox))
}

// Sent returns every sent mail, by ID.
func (t *Tx) Sent() ([]*OutMail, error) {
	return collectMail(t.tx.Bucket(bucketSent))
}

// AllMail returns every mail ever queued, sent or not, by ID.
func (t *Tx) AllMail() ([]*OutMail, error) {
	q, err := t.Queued()
	if err != nil {
		return nil, err
	}
	s, err := t.Sent()
	if err != nil {
		return nil, err
	}
	all := append(q, s...)
	slices.SortFunc(all, func(a, b *OutMail) int {
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return all, nil
}

// OutboxCounts returns how many mails are queued and how many were sent,
// from counters kept by Enqueue, MarkSent, CancelMail and DeleteGame.
func (t *Tx) OutboxCounts() (queued, sent int) {
	if !t.db.legacy {
		return t.count(countQueued), t.count(countSent)
	}
	if b := t.tx.Bucket(bucketOutbox); b != nil {
		queued = b.Stats().KeyN
	}
	if b := t.tx.Bucket(bucketSent); b != nil {
		sent = b.Stats().KeyN
	}
	return queued, sent
}

func collectMail(b *bolt.Bucket) ([]*OutMail, error) {
	var out []*OutMail
	err := eachMail(b, func(m *OutMail) (bool, error) {
		out = append(out, m)
		return true, nil
	})
	return out, err
}

// eachMail decodes the mails in b in ID order until fn returns false.
func eachMail(b *bolt.Bucket, fn func(*OutMail) (bool, error)) error {
	if b == nil {
		return nil
	}
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		var m OutMail
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("outbox %d: corrupt record: %w", binary.BigEndian.Uint64(k), err)
		}
		more, err := fn(&m)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
	return nil
}
