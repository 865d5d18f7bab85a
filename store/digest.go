package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Daily digests. A player who chooses it gets, instead of one reminder
// per deadline, one mail a day that lists what he owes in all his games.
// The choice belongs to his address, across games:
//
//	digests     address → Digest JSON
//	digestwake  u64 unix time + address → ""  when each digest is next due
//
// PutDigest and DeleteDigest keep the two together; DigestsDue reads
// only the digests that are due.

var (
	bucketDigests    = []byte("digests")
	bucketDigestWake = []byte("digestwake")
)

// Digest is an address's daily digest: it goes at At (a time of day,
// "08:00") in zone TZ ("" is UTC), next at Next, in language Lang.
type Digest struct {
	Address string    `json:"address"`
	At      string    `json:"at"`
	TZ      string    `json:"tz,omitempty"`
	Lang    string    `json:"lang,omitempty"`
	Since   time.Time `json:"since"`
	Next    time.Time `json:"next"`
	// Sent counts the digests mailed so far.
	Sent int `json:"sent,omitempty"`
}

func digestKey(addr string) []byte { return untrustedKey(strings.ToLower(strings.TrimSpace(addr))) }

// Digest returns the digest of address addr, or nil when it has none.
func (t *Tx) Digest(addr string) (*Digest, error) {
	b := t.tx.Bucket(bucketDigests)
	if b == nil {
		return nil, nil
	}
	var d Digest
	found, err := getJSON(b, digestKey(addr), &d)
	if err != nil || !found {
		return nil, err
	}
	return &d, nil
}

// PutDigest stores d (replacing the address's previous one) and its
// wake entry.
func (t *Tx) PutDigest(d *Digest) error {
	if d == nil || strings.TrimSpace(d.Address) == "" {
		return fmt.Errorf("store: a digest needs an address")
	}
	if d.Next.IsZero() {
		return fmt.Errorf("store: the digest of %s has no next time", d.Address)
	}
	if err := t.DeleteDigest(d.Address); err != nil {
		return err
	}
	b, err := t.bucket(bucketDigests)
	if err != nil {
		return err
	}
	w, err := t.bucket(bucketDigestWake)
	if err != nil {
		return err
	}
	v, err := json.Marshal(d)
	if err != nil {
		return err
	}
	k := digestKey(d.Address)
	if err := b.Put(k, v); err != nil {
		return err
	}
	return w.Put(digestWakeKey(d.Next, k), nil)
}

// DeleteDigest removes the digest of address addr, if any.
func (t *Tx) DeleteDigest(addr string) error {
	old, err := t.Digest(addr)
	if err != nil || old == nil {
		return err
	}
	b, err := t.bucket(bucketDigests)
	if err != nil {
		return err
	}
	w, err := t.bucket(bucketDigestWake)
	if err != nil {
		return err
	}
	k := digestKey(addr)
	if err := w.Delete(digestWakeKey(old.Next, k)); err != nil {
		return err
	}
	return b.Delete(k)
}

// DigestsDue lists the addresses whose digest is due at now, soonest
// first, at most limit (0: no limit). Its cost grows with the digests
// due, not with the digests or games stored.
func (t *Tx) DigestsDue(now time.Time, limit int) ([]string, error) {
	w := t.tx.Bucket(bucketDigestWake)
	b := t.tx.Bucket(bucketDigests)
	if w == nil || b == nil {
		return nil, nil
	}
	end := u64(uint64(max(now.Unix(), 0)) + 1)
	var out []string
	c := w.Cursor()
	for k, _ := c.First(); k != nil && bytes.Compare(k[:8], end) < 0; k, _ = c.Next() {
		if limit > 0 && len(out) == limit {
			break
		}
		var d Digest
		found, err := getJSON(b, k[8:], &d)
		if err != nil {
			return nil, err
		}
		if found {
			out = append(out, d.Address)
		}
	}
	return out, nil
}

func digestWakeKey(at time.Time, key []byte) []byte {
	return append(u64(uint64(max(at.Unix(), 0))), key...)
}
