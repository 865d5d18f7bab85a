package dice

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// SaltPrefix starts the entropy line by which the server salts an entry.
//
// The digest of an entry covers its order lines, and the reports of a
// finished turn show the digest before and after each entry that drew
// dice. Without a salt, a player could guess an opponent's hidden orders
// (a card, a move of hidden blocks) and confirm the guess against those
// two digests. So the server appends to every entry the line
//
//	"pbem-salt " hex(HMAC-SHA256(x_t of the hidden chain,
//	                 "pbem-dice-v1/salt" NUL || EntryBytes(entry without it)))
//
// as its last entropy line. Nobody can guess it before the hidden chain
// is revealed at the end of the game, and the operator cannot choose it:
// it is fixed by the hidden commitment and the entry, and Verify checks it
// once the hidden secret is out.
const SaltPrefix = "pbem-salt "

const saltPrefix = "pbem-dice-v1/salt\x00"

// Salt returns the salt line for entry e (without a salt line) in the
// epoch whose hidden-chain secret is hiddenKey.
func Salt(hiddenKey []byte, e Entry) (string, error) {
	eb, err := EntryBytes(e)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, hiddenKey)
	m.Write([]byte(saltPrefix))
	m.Write(eb)
	return SaltPrefix + hex.EncodeToString(m.Sum(nil)), nil
}

// Salted returns e with its salt line appended.
func Salted(hiddenKey []byte, e Entry) (Entry, error) {
	s, err := Salt(hiddenKey, e)
	if err != nil {
		return e, err
	}
	e.Entropy = append(append([]string(nil), e.Entropy...), s)
	return e, nil
}

// SplitSalt returns e without its salt line, and the salt line ("" when
// the entry has none).
func SplitSalt(e Entry) (Entry, string) {
	n := len(e.Entropy)
	if n == 0 || !strings.HasPrefix(e.Entropy[n-1], SaltPrefix) {
		return e, ""
	}
	salt := e.Entropy[n-1]
	e.Entropy = e.Entropy[:n-1]
	if len(e.Entropy) == 0 {
		e.Entropy = nil
	}
	return e, salt
}
