package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// Applied submissions. Every email that changes a game (a player's
// orders, a resignation, a GM's commands) is applied once: the judge
// numbers each seat's applied submissions (Player.Submissions) and keeps,
// per seat, a record of each one here, found by its number (the one-time
// token of the report it answered names that number) and by a hash of its
// normalised lines (so that a hand-written email without a token, re-sent
// under a new Message-ID, is recognised; a submission may be known under a
// few such hashes, e.g. with and without its turn). The records are bounded: a seat
// keeps its last MaxSubmissionsKept.
//
//	submissions  game ID + 0x00 + role + 0x00 + 'n' + u64 number → Submission JSON
//	             game ID + 0x00 + role + 0x00 + 'c' + content hash → u64 number
//	             (one per hash of Submission.Contents)
var bucketSubmissions = []byte("submissions")

// MaxSubmissionsKept is how many applied submissions of one seat the store
// remembers; the oldest record goes when a newer one is added.
const MaxSubmissionsKept = 2000

// Submission is one applied submission of a seat.
type Submission struct {
	// Number counts the seat's applied submissions, from 1.
	Number uint64 `json:"n"`
	// Contents are hashes of the submission's normalised lines (the
	// judge's choice; at most maxContents, each at most 128 bytes).
	Contents  []string  `json:"contents"`
	At        time.Time `json:"at"`
	MessageID string    `json:"message_id,omitempty"`
	// Seq is the game's log length once the submission was applied.
	Seq int `json:"seq"`
	// Void says a GM rollback undid the submission: its content may be
	// sent again.
	Void bool `json:"void,omitempty"`
	// Default says the deadline applied the game's default orders for the
	// seat: a reply to the decision it settled comes too late.
	Default bool `json:"default,omitempty"`
}

func submissionPrefix(gameID, role string) []byte {
	k := make([]byte, 0, len(gameID)+len(role)+2)
	k = append(k, gameID...)
	k = append(k, 0)
	k = append(k, role...)
	return append(k, 0)
}

func submissionNumberKey(gameID, role string, n uint64) []byte {
	k := append(submissionPrefix(gameID, role), 'n')
	return binary.BigEndian.AppendUint64(k, n)
}

func submissionContentKey(gameID, role, content string) []byte {
	return append(append(submissionPrefix(gameID, role), 'c'), content...)
}

func checkSubmissionKey(what, gameID, role, content string) error {
	if err := checkKey(what, gameID); err != nil {
		return err
	}
	if err := checkKey(what, role); err != nil {
		return err
	}
	if content == "" || len(content) > 128 {
		return fmt.Errorf("%s: a content hash must have 1 to 128 bytes: %w", what, ErrInvalid)
	}
	return nil
}

// maxContents is the most content hashes one submission is known by.
const maxContents = 4

// RecordSubmission remembers the applied submission s of role in game
// gameID, and forgets the seat's record MaxSubmissionsKept numbers older.
func (t *Tx) RecordSubmission(gameID, role string, s *Submission) error {
	if s == nil || s.Number == 0 || len(s.Contents) == 0 && !s.Default || len(s.Contents) > maxContents {
		return fmt.Errorf("record submission: need a number and 1 to %d content hashes (none for a default): %w", maxContents, ErrInvalid)
	}
	for _, c := range s.Contents {
		if err := checkSubmissionKey("record submission", gameID, role, c); err != nil {
			return err
		}
	}
	b, err := t.bucket(bucketSubmissions)
	if err != nil {
		return err
	}
	if err := putJSON(b, submissionNumberKey(gameID, role, s.Number), s); err != nil {
		return fmt.Errorf("record submission %s/%s: %w", gameID, role, err)
	}
	for _, c := range s.Contents {
		if err := b.Put(submissionContentKey(gameID, role, c), u64(s.Number)); err != nil {
			return err
		}
	}
	if s.Number > MaxSubmissionsKept {
		return t.forgetSubmission(b, gameID, role, s.Number-MaxSubmissionsKept)
	}
	return nil
}

// forgetSubmission removes record n of a seat and its content key (unless
// a newer submission with the same content holds it).
func (t *Tx) forgetSubmission(b interface {
	Get([]byte) []byte
	Delete([]byte) error
}, gameID, role string, n uint64) error {
	nk := submissionNumberKey(gameID, role, n)
	v := b.Get(nk)
	if v == nil {
		return nil
	}
	var old Submission
	if err := json.Unmarshal(v, &old); err != nil {
		return fmt.Errorf("submission %s/%s #%d: corrupt record: %w", gameID, role, n, err)
	}
	if err := dropContents(b, gameID, role, &old); err != nil {
		return err
	}
	return b.Delete(nk)
}

// SubmissionByNumber returns the record of role's submission number n in
// game gameID, or nil when the store has none (never applied, or
// forgotten).
func (t *Tx) SubmissionByNumber(gameID, role string, n uint64) (*Submission, error) {
	var s Submission
	found, err := getJSON(t.tx.Bucket(bucketSubmissions), submissionNumberKey(gameID, role, n), &s)
	if err != nil || !found {
		return nil, err
	}
	return &s, nil
}

// SubmissionByContent returns the latest applied, not voided, submission
// of role in game gameID whose content hash is content, or nil.
func (t *Tx) SubmissionByContent(gameID, role, content string) (*Submission, error) {
	b := t.tx.Bucket(bucketSubmissions)
	if b == nil || content == "" {
		return nil, nil
	}
	v := b.Get(submissionContentKey(gameID, role, content))
	if len(v) != 8 {
		return nil, nil
	}
	s, err := t.SubmissionByNumber(gameID, role, binary.BigEndian.Uint64(v))
	if err != nil || s == nil || s.Void {
		return nil, err
	}
	return s, nil
}

// VoidSubmissionsAfter marks void every submission of game gameID applied
// after the game's log held seq entries (a GM rollback to entry seq), so
// that their content may be sent again; their numbers stay used. It reads
// only the game's own records, newest first, and stops at the first
// submission of each seat that the rollback keeps.
func (t *Tx) VoidSubmissionsAfter(gameID string, seq int) error {
	b := t.tx.Bucket(bucketSubmissions)
	if b == nil {
		return nil
	}
	if _, err := t.bucket(bucketSubmissions); err != nil {
		return err
	}
	prefix := append([]byte(gameID), 0)
	// The seats of the game: one seek per seat.
	var seats [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); {
		rest := k[len(prefix):]
		i := bytes.IndexByte(rest, 0)
		if i < 0 {
			k, _ = c.Next()
			continue
		}
		seat := append(bytes.Clone(prefix), rest[:i+1]...)
		seats = append(seats, seat)
		// Skip past this seat's keys.
		next := append(bytes.Clone(seat), 0xff)
		k, _ = c.Seek(next)
	}
	type upd struct {
		key []byte
		s   Submission
	}
	var void []upd
	for _, seat := range seats {
		np := append(bytes.Clone(seat), 'n')
		// The seat's last number record: seek past the 'n' range and step back.
		k, v := c.Seek(append(bytes.Clone(np), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff))
		if k == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, np); k, v = c.Prev() {
			var s Submission
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("submission %q: corrupt record: %w", k, err)
			}
			if s.Seq <= seq {
				break
			}
			if !s.Void {
				void = append(void, upd{bytes.Clone(k), s})
			}
		}
	}
	for _, u := range void {
		u.s.Void = true
		if err := putJSON(b, u.key, &u.s); err != nil {
			return err
		}
		role := string(u.key[len(prefix) : len(prefix)+bytes.IndexByte(u.key[len(prefix):], 0)])
		if err := dropContents(b, gameID, role, &u.s); err != nil {
			return err
		}
	}
	return nil
}

// VoidSubmission marks void submission n of role in game gameID (orders
// replaced before they were applied), so that its content may be sent
// again; its number stays used. A record the store no longer has is
// left alone.
func (t *Tx) VoidSubmission(gameID, role string, n uint64) error {
	if err := checkKey("void submission", gameID); err != nil {
		return err
	}
	b, err := t.bucket(bucketSubmissions)
	if err != nil {
		return err
	}
	k := submissionNumberKey(gameID, role, n)
	var s Submission
	found, err := getJSON(b, k, &s)
	if err != nil || !found || s.Void {
		return err
	}
	s.Void = true
	if err := putJSON(b, k, &s); err != nil {
		return err
	}
	return dropContents(b, gameID, role, &s)
}

// dropContents removes the content keys of s that still name it (a newer
// submission with the same content keeps its own).
func dropContents(b interface {
	Get([]byte) []byte
	Delete([]byte) error
}, gameID, role string, s *Submission) error {
	for _, c := range s.Contents {
		ck := submissionContentKey(gameID, role, c)
		if cv := b.Get(ck); len(cv) == 8 && binary.BigEndian.Uint64(cv) == s.Number {
			if err := b.Delete(ck); err != nil {
				return err
			}
		}
	}
	return nil
}

// deleteSubmissions removes every submission and rotation record of
// game id.
func (t *Tx) deleteSubmissions(id string) error {
	for _, name := range [][]byte{bucketSubmissions, bucketRotations} {
		if err := t.deletePrefix(name, append([]byte(id), 0)); err != nil {
			return err
		}
	}
	return nil
}

// deletePrefix removes the keys of bucket name that start with prefix.
func (t *Tx) deletePrefix(name, prefix []byte) error {
	b := t.tx.Bucket(name)
	if b == nil {
		return nil
	}
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// Secret rotations: every change of a seat's secret (the player's
// newsecret, the GM's rotate or replace), for audit. The secrets
// themselves are never stored, only who changed which seat's and when.
//
//	rotations  game ID + 0x00 + u64 n → Rotation JSON
var bucketRotations = []byte("rotations")

// Rotation is one change of a seat's secret.
type Rotation struct {
	Role string    `json:"role"`
	By   string    `json:"by"`   // "player" (newsecret), "gm" (rotate) or "replace"
	From string    `json:"from"` // the address of the email that asked for it
	At   time.Time `json:"at"`
}

// LogRotation records r for game gameID.
func (t *Tx) LogRotation(gameID string, r *Rotation) error {
	if r == nil || r.Role == "" {
		return fmt.Errorf("log rotation: need a role: %w", ErrInvalid)
	}
	if err := checkKey("log rotation", gameID); err != nil {
		return err
	}
	b, err := t.bucket(bucketRotations)
	if err != nil {
		return err
	}
	prefix := append([]byte(gameID), 0)
	n := uint64(1)
	c := b.Cursor()
	if k, _ := c.Seek(append(bytes.Clone(prefix), 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff)); k == nil {
		k, _ = c.Last()
		if k != nil && bytes.HasPrefix(k, prefix) && len(k) == len(prefix)+8 {
			n = binary.BigEndian.Uint64(k[len(prefix):]) + 1
		}
	} else if k, _ = c.Prev(); k != nil && bytes.HasPrefix(k, prefix) && len(k) == len(prefix)+8 {
		n = binary.BigEndian.Uint64(k[len(prefix):]) + 1
	}
	return putJSON(b, binary.BigEndian.AppendUint64(prefix, n), r)
}

// Rotations returns the secret rotations of game gameID, oldest first.
func (t *Tx) Rotations(gameID string) ([]Rotation, error) {
	b := t.tx.Bucket(bucketRotations)
	if b == nil {
		return nil, nil
	}
	prefix := append([]byte(gameID), 0)
	var out []Rotation
	c := b.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if len(k) != len(prefix)+8 {
			continue
		}
		var r Rotation
		if err := json.Unmarshal(v, &r); err != nil {
			return nil, fmt.Errorf("rotation %q: corrupt record: %w", k, err)
		}
		out = append(out, r)
	}
	return out, nil
}
