// Package dice implements PBEM-DICE-v1, pbem's verifiable dice (see
// docs/dice.md for the specification and test vectors).
//
// Every game has two reverse hash chains of per-epoch secrets, "public"
// and "hidden". The head of each chain is mailed to every player when the
// game is created; a public secret is revealed when its epoch (turn) ends
// and the hidden chain when the game ends. Each draw is an HMAC-SHA256,
// keyed by the epoch's secret, over the game, the stream, the epoch, a
// counter and a running digest of every accepted entry, mapped to a result
// by rejection sampling. Nobody, the operator included, can choose a roll,
// and nobody can know a roll before the orders that precede it are in.
//
// The package is pure apart from NewSeed, the only place it reads
// crypto/rand.
package dice

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
)

// Scheme is the name of the dice scheme, as written in game records.
const Scheme = "PBEM-DICE-v1"

// DefaultEpochs is the default length N of a game's hash chains.
const DefaultEpochs = 1000

// SeedSize is the size of a chain seed and of every chain secret.
const SeedSize = 32

// MaxHidden is the largest n a hidden draw accepts.
const MaxHidden = 1 << 24

// Streams.
const (
	Public = "public"
	Hidden = "hidden"
)

// Domain-separation prefixes; each ends with a NUL byte.
const (
	chainPrefix  = "pbem-dice-v1/chain\x00"
	digestPrefix = "pbem-dice-v1/digest\x00"
	entryPrefix  = "pbem-dice-v1/entry\x00"
	rollPrefix   = "pbem-dice-v1/roll\x00"
)

// NewSeed returns SeedSize bytes from crypto/rand: the last link x_N of a
// new chain. The platform calls it once per stream when creating a game.
func NewSeed() ([]byte, error) {
	s := make([]byte, SeedSize)
	if _, err := rand.Read(s); err != nil {
		return nil, fmt.Errorf("dice: reading random seed: %w", err)
	}
	return s, nil
}

// NewSeeds returns fresh seeds for the public and hidden chains.
func NewSeeds() (public, hidden []byte, err error) {
	if public, err = NewSeed(); err != nil {
		return nil, nil, err
	}
	if hidden, err = NewSeed(); err != nil {
		return nil, nil, err
	}
	return public, hidden, nil
}

// Step computes one link down the chain: x_{i-1} = SHA-256(chain prefix ||
// x_i).
func Step(x []byte) []byte {
	h := sha256.New()
	h.Write([]byte(chainPrefix))
	h.Write(x)
	return h.Sum(nil)
}

// Chain returns the links x_0 .. x_n of the chain whose last link x_n is
// seed. x_0 is the commitment; x_t is the key of epoch t.
func Chain(seed []byte, n int) [][]byte {
	if n < 0 {
		n = 0
	}
	out := make([][]byte, n+1)
	out[n] = append([]byte(nil), seed...)
	for i := n; i > 0; i-- {
		out[i-1] = Step(out[i])
	}
	return out
}

// Commit returns x_0, the commitment of the chain of length n ending in seed.
func Commit(seed []byte, n int) []byte {
	return SecretAt(seed, n, 0)
}

// SecretAt returns x_t of the chain of length n ending in seed (0 <= t <= n).
func SecretAt(seed []byte, n, t int) []byte {
	if t < 0 || t > n {
		panic(fmt.Sprintf("dice: epoch %d outside chain 0..%d", t, n))
	}
	x := append([]byte(nil), seed...)
	for i := n; i > t; i-- {
		x = Step(x)
	}
	return x
}

// CheckSecret reports whether secret is x_t of the chain committed to by
// commit, by hashing it t times.
func CheckSecret(commit []byte, t int, secret []byte) bool {
	if t < 0 || len(secret) != SeedSize {
		return false
	}
	x := secret
	for i := 0; i < t; i++ {
		x = Step(x)
	}
	return hmac.Equal(x, commit)
}

// ErrSides is wrapped by the panics of Roll for a die the scheme cannot roll.
var ErrSides = errors.New("dice: a die has 2 to 256 sides")

// ErrN is wrapped by the panics of Hidden for an n outside 1..MaxHidden.
var ErrN = errors.New("dice: a hidden draw has 1 to 16777216 choices")

// message builds the HMAC input of one draw.
func message(gameID, stream string, epoch int, counter uint32, d Digest) []byte {
	m := make([]byte, 0, len(rollPrefix)+len(gameID)+len(stream)+2+8+len(d))
	m = append(m, rollPrefix...)
	m = append(m, gameID...)
	m = append(m, 0)
	m = append(m, stream...)
	m = append(m, 0)
	m = binary.BigEndian.AppendUint32(m, uint32(epoch))
	m = binary.BigEndian.AppendUint32(m, counter)
	m = append(m, d[:]...)
	return m
}

// RollValue computes public draw number counter of an epoch: a die with
// sides faces (2..256), returning 1..sides. key is the epoch's public
// secret x_epoch and d the digest after the entry being applied.
func RollValue(key []byte, gameID string, epoch int, counter uint32, d Digest, sides int) (int, error) {
	if sides < 2 || sides > 256 {
		return 0, fmt.Errorf("%w (got %d)", ErrSides, sides)
	}
	mac := hmac.New(sha256.New, key)
	h := sum(mac, message(gameID, Public, epoch, counter, d))
	limit := 256 - 256%sides
	for {
		for _, b := range h {
			if int(b) < limit {
				return int(b)%sides + 1, nil
			}
		}
		h = sum(mac, h)
	}
}

// HiddenValue computes hidden draw number counter of an epoch: one of n
// choices (1..MaxHidden), returning 0..n-1. key is the epoch's hidden
// secret. Each 32-byte block yields ten 3-byte big-endian groups (bytes
// 0-29; bytes 30 and 31 are unused).
func HiddenValue(key []byte, gameID string, epoch int, counter uint32, d Digest, n int) (int, error) {
	if n < 1 || n > MaxHidden {
		return 0, fmt.Errorf("%w (got %d)", ErrN, n)
	}
	mac := hmac.New(sha256.New, key)
	h := sum(mac, message(gameID, Hidden, epoch, counter, d))
	limit := MaxHidden - MaxHidden%n
	for {
		for i := 0; i+3 <= 30; i += 3 {
			v := int(h[i])<<16 | int(h[i+1])<<8 | int(h[i+2])
			if v < limit {
				return v % n, nil
			}
		}
		h = sum(mac, h)
	}
}

// Value computes a draw of either stream: sides for a public die, n for a
// hidden draw.
func Value(stream string, key []byte, gameID string, epoch int, counter uint32, d Digest, size int) (int, error) {
	switch stream {
	case Public:
		return RollValue(key, gameID, epoch, counter, d, size)
	case Hidden:
		return HiddenValue(key, gameID, epoch, counter, d, size)
	}
	return 0, fmt.Errorf("dice: unknown stream %q", stream)
}

func sum(mac hash.Hash, msg []byte) []byte {
	mac.Reset()
	mac.Write(msg)
	return mac.Sum(nil)
}
