package store

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// LogEntry is one entry in a game's append-only log. Replaying a game's log
// from "setup" onwards rebuilds its state byte for byte.
type LogEntry struct {
	Seq       uint64        `json:"seq"`  // set by AppendLog, from 1
	Kind      string        `json:"kind"` // "setup", "submission", "default", "gm", "draw-batch", ...
	Role      string        `json:"role,omitempty"`
	Epoch     int           `json:"epoch"`
	Lines     []string      `json:"lines,omitempty"`   // the accepted order lines
	Entropy   []string      `json:"entropy,omitempty"` // player-contributed entropy
	Digest    string        `json:"digest,omitempty"`
	Draws     []Draw        `json:"draws,omitempty"`
	Events    []LoggedEvent `json:"events,omitempty"`
	MessageID string        `json:"message_id,omitempty"` // of the email that caused the entry
	From      string        `json:"from,omitempty"`
	At        time.Time     `json:"at"`
	StateHash string        `json:"state_hash,omitempty"` // hash of the state after this entry
	To        int           `json:"to,omitempty"`         // Kind "rollback": the entry whose state is restored
}

// Draw is one random draw, recorded so the game can be audited and replayed.
type Draw struct {
	Stream  string `json:"stream"`
	Epoch   int    `json:"epoch"`
	Counter int    `json:"counter"`
	Purpose string `json:"purpose,omitempty"`
	Sides   int    `json:"sides"`
	Result  int    `json:"result"`
}

// LoggedEvent is a message the engine produced, with its recipients
// (roles, or "all").
type LoggedEvent struct {
	To   []string `json:"to"`
	Text string   `json:"text"`
}

// logLen returns the number of entries in the game's log.
func (t *Tx) logLen(gameID string) uint64 {
	root := t.tx.Bucket(bucketLog)
	if root == nil {
		return 0
	}
	b := root.Bucket([]byte(gameID))
	if b == nil {
		return 0
	}
	return b.Sequence()
}

// LogLen returns the number of entries in the game's log (0 if none).
func (t *Tx) LogLen(gameID string) uint64 { return t.logLen(gameID) }

// AppendLog appends e to the game's log, sets e.Seq and returns it. The
// game record need not exist yet (a game's setup entry is usually appended
// in the same transaction that creates it). Entries are never changed.
func (t *Tx) AppendLog(gameID string, e *LogEntry) (uint64, error) {
	if e == nil {
		return 0, fmt.Errorf("append log: nil entry: %w", ErrInvalid)
	}
	if err := checkKey("append log", gameID); err != nil {
		return 0, err
	}
	if e.Kind == "" {
		return 0, fmt.Errorf("append log %s: entry has no kind: %w", gameID, ErrInvalid)
	}
	root, err := t.bucket(bucketLog)
	if err != nil {
		return 0, err
	}
	b, err := root.CreateBucketIfNotExists([]byte(gameID))
	if err != nil {
		return 0, fmt.Errorf("append log %s: %w", gameID, err)
	}
	seq, err := b.NextSequence()
	if err != nil {
		return 0, fmt.Errorf("append log %s: %w", gameID, err)
	}
	e.Seq = seq
	if err := putJSON(b, u64(seq), e); err != nil {
		return 0, fmt.Errorf("append log %s: %w", gameID, err)
	}
	return seq, nil
}

// Log calls fn for each of the game's entries with Seq >= from, in order.
// An error from fn stops the walk and is returned. A game with no log
// calls fn zero times.
func (t *Tx) Log(gameID string, from uint64, fn func(*LogEntry) error) error {
	root := t.tx.Bucket(bucketLog)
	if root == nil {
		return nil
	}
	b := root.Bucket([]byte(gameID))
	if b == nil {
		return nil
	}
	c := b.Cursor()
	for k, v := c.Seek(u64(from)); k != nil; k, v = c.Next() {
		var e LogEntry
		if err := json.Unmarshal(v, &e); err != nil {
			return fmt.Errorf("log %s #%d: corrupt entry: %w", gameID, binary.BigEndian.Uint64(k), err)
		}
		if err := fn(&e); err != nil {
			return err
		}
	}
	return nil
}

// LogEntries returns the game's entries with Seq >= from.
func (t *Tx) LogEntries(gameID string, from uint64) ([]*LogEntry, error) {
	var out []*LogEntry
	err := t.Log(gameID, from, func(e *LogEntry) error {
		out = append(out, e)
		return nil
	})
	return out, err
}
