package store

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"time"
)

// Outcomes of a processed message.
const (
	OutcomeAccepted = "accepted"
	OutcomeRejected = "rejected"
	OutcomeIgnored  = "ignored"
	OutcomeCheck    = "check"
)

// ProcessedRecord says what became of one incoming message.
type ProcessedRecord struct {
	GameID    string    `json:"game_id,omitempty"`
	Outcome   string    `json:"outcome"` // OutcomeAccepted, OutcomeRejected, ...
	Reason    string    `json:"reason,omitempty"`
	At        time.Time `json:"at"`
	MessageID string    `json:"message_id,omitempty"`
	// Content is a hash of what the message says (sender, subject, text),
	// so that a message reusing another's Message-ID with other content is
	// not taken for a duplicate.
	Content string `json:"content,omitempty"`
}

// Processed returns the record stored under key, or nil if the key has not
// been seen. Keys are chosen by the caller, e.g. "msgid:<id>" or
// "sha256:<hex of the raw message>". Keys may be of any length and contain
// any bytes; keys longer than 256 bytes are stored under their SHA-256.
func (t *Tx) Processed(key string) (*ProcessedRecord, error) {
	var r ProcessedRecord
	found, err := getJSON(t.tx.Bucket(bucketProcessed), untrustedKey(key), &r)
	if err != nil {
		return nil, fmt.Errorf("processed %q: %w", key, err)
	}
	if !found {
		return nil, nil
	}
	return &r, nil
}

// MarkProcessed records r under key, replacing any earlier record.
func (t *Tx) MarkProcessed(key string, r *ProcessedRecord) error {
	if r == nil {
		return fmt.Errorf("mark processed: nil record: %w", ErrInvalid)
	}
	if key == "" {
		return fmt.Errorf("mark processed: empty key: %w", ErrInvalid)
	}
	b, err := t.bucket(bucketProcessed)
	if err != nil {
		return err
	}
	return putJSON(b, untrustedKey(key), r)
}

// ProcessedCount returns the number of processed records.
func (t *Tx) ProcessedCount() int {
	b := t.tx.Bucket(bucketProcessed)
	if b == nil {
		return 0
	}
	return b.Stats().KeyN
}

// SaltSize is the length of the random salt HashSecret draws.
const SaltSize = 16

// HashSecret hashes a player's secret for storage: SHA-256 of a fresh
// 16-byte random salt followed by the secret. Only salt and hash are kept.
func HashSecret(secret string) (salt, hash []byte) {
	salt = make([]byte, SaltSize)
	if _, err := rand.Read(salt); err != nil {
		// crypto/rand does not fail on supported platforms.
		panic("store: no randomness for secret salt: " + err.Error())
	}
	return salt, secretHash(salt, secret)
}

// CheckSecret reports, in constant time, whether secret matches the salt
// and hash HashSecret returned. An empty hash never matches.
func CheckSecret(salt, hash []byte, secret string) bool {
	if len(hash) != sha256.Size {
		return false
	}
	return subtle.ConstantTimeCompare(secretHash(salt, secret), hash) == 1
}

func secretHash(salt []byte, secret string) []byte {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte(secret))
	return h.Sum(nil)
}
