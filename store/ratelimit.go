package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// hitRecord is a sender's recent accepted hits, oldest first; at most the
// last max hits within the window are kept, so a record stays small.
type hitRecord struct {
	Hits []time.Time `json:"hits"`
}

// Hit records that sender sent a message at now and reports whether it is
// within the limit of max messages per sliding window. A refused hit is not
// counted, so a sender that keeps writing is let through again once its
// earlier messages age out of the window. Sender addresses are compared
// case-insensitively. max <= 0 refuses everything.
func (t *Tx) Hit(sender string, now time.Time, window time.Duration, max int) (bool, error) {
	addr := strings.ToLower(strings.TrimSpace(sender))
	key := string(untrustedKey(addr))
	if key == "" {
		return false, fmt.Errorf("rate limit: empty sender: %w", ErrInvalid)
	}
	if window <= 0 {
		return false, fmt.Errorf("rate limit %s: window must be positive: %w", key, ErrInvalid)
	}
	b, err := t.bucket(bucketRate)
	if err != nil {
		return false, err
	}
	var rec hitRecord
	if _, err := getJSON(b, []byte(key), &rec); err != nil {
		// A damaged rate record must not lock a player out: start afresh.
		rec = hitRecord{}
	}
	cutoff := now.Add(-window)
	kept := rec.Hits[:0]
	for _, h := range rec.Hits {
		if h.After(cutoff) {
			kept = append(kept, h)
		}
	}
	rec.Hits = kept
	allowed := max > 0 && len(rec.Hits) < max
	if allowed {
		rec.Hits = append(rec.Hits, now.UTC())
	}
	if max > 0 && len(rec.Hits) > max {
		rec.Hits = rec.Hits[len(rec.Hits)-max:]
	}
	if len(rec.Hits) == 0 {
		return allowed, b.Delete([]byte(key))
	}
	if err := putJSON(b, []byte(key), &rec); err != nil {
		return false, err
	}
	return allowed, nil
}

// PruneHits deletes rate-limit records whose latest hit is not after
// before, and returns how many were removed.
func (t *Tx) PruneHits(before time.Time) (int, error) {
	b, err := t.bucket(bucketRate)
	if err != nil {
		return 0, err
	}
	var stale [][]byte
	err = b.ForEach(func(k, v []byte) error {
		var rec hitRecord
		if json.Unmarshal(v, &rec) != nil || len(rec.Hits) == 0 || !rec.Hits[len(rec.Hits)-1].After(before) {
			stale = append(stale, append([]byte(nil), k...))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, k := range stale {
		if err := b.Delete(k); err != nil {
			return 0, err
		}
	}
	return len(stale), nil
}
