package dice

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Digest is the running SHA-256 digest over a game's accepted entries.
// D_0 covers the game's header; D_i covers D_{i-1} and entry i. The draws
// made while applying entry i use D_i.
type Digest [32]byte

// String returns the digest in lower-case hex.
func (d Digest) String() string { return hex.EncodeToString(d[:]) }

// ParseDigest reads a digest written by String.
func ParseDigest(s string) (Digest, error) {
	var d Digest
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(d) {
		return d, fmt.Errorf("dice: bad digest %q: want 64 hex digits", s)
	}
	copy(d[:], b)
	return d, nil
}

// Header is what D_0 covers: the game's identity and set-up choices.
type Header struct {
	GameID   string
	Game     string // the game's Info().Name
	Scenario string
	Options  adjudicator.Options
	Roles    []adjudicator.Role // in the order the record lists them
}

// Entry is what one digest step covers: an accepted submission, a
// deadline default, a GM action or the game's set-up.
type Entry struct {
	Role    string
	Kind    string   // "setup", "orders", "default", "gm", "note"
	Lines   []string // the order lines as applied, in order
	Entropy []string // the free text of the entry's entropy lines, in order
}

// check rejects text that would make the canonical bytes ambiguous.
func check(what, s string) error {
	if strings.ContainsAny(s, "\x00\r\n") {
		return fmt.Errorf("dice: %s %q contains a NUL or line break", what, s)
	}
	return nil
}

// HeaderBytes returns the canonical bytes D_0 hashes after its prefix:
//
//	game_id NUL
//	"game " name LF
//	"scenario " scenario LF
//	"option " key "=" value LF   for each option, sorted by key (bytewise)
//	"role " role LF              for each role, in order
func HeaderBytes(h Header) ([]byte, error) {
	if h.GameID == "" {
		return nil, fmt.Errorf("dice: empty game id")
	}
	if err := check("game id", h.GameID); err != nil {
		return nil, err
	}
	if err := check("game", h.Game); err != nil {
		return nil, err
	}
	if err := check("scenario", h.Scenario); err != nil {
		return nil, err
	}
	var b []byte
	b = append(b, h.GameID...)
	b = append(b, 0)
	b = append(b, "game "+h.Game+"\n"...)
	b = append(b, "scenario "+h.Scenario+"\n"...)
	keys := make([]string, 0, len(h.Options))
	for k := range h.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := h.Options[k]
		if strings.Contains(k, "=") {
			return nil, fmt.Errorf("dice: option name %q contains '='", k)
		}
		if err := check("option", k+"="+v); err != nil {
			return nil, err
		}
		b = append(b, "option "+k+"="+v+"\n"...)
	}
	for _, r := range h.Roles {
		if err := check("role", string(r)); err != nil {
			return nil, err
		}
		b = append(b, "role "+string(r)+"\n"...)
	}
	return b, nil
}

// EntryBytes returns the canonical bytes of an entry:
//
//	"role " role LF
//	"kind " kind LF
//	"line " text LF      for each order line
//	"entropy " text LF   for each entropy line
func EntryBytes(e Entry) ([]byte, error) {
	if err := check("role", e.Role); err != nil {
		return nil, err
	}
	if e.Kind == "" {
		return nil, fmt.Errorf("dice: entry without a kind")
	}
	if err := check("kind", e.Kind); err != nil {
		return nil, err
	}
	var b []byte
	b = append(b, "role "+e.Role+"\n"...)
	b = append(b, "kind "+e.Kind+"\n"...)
	for _, l := range e.Lines {
		if err := check("order line", l); err != nil {
			return nil, err
		}
		b = append(b, "line "+l+"\n"...)
	}
	for _, l := range e.Entropy {
		if err := check("entropy line", l); err != nil {
			return nil, err
		}
		b = append(b, "entropy "+l+"\n"...)
	}
	return b, nil
}

// Initial returns D_0 = SHA-256("pbem-dice-v1/digest" NUL || HeaderBytes).
func Initial(h Header) (Digest, error) {
	hb, err := HeaderBytes(h)
	if err != nil {
		return Digest{}, err
	}
	s := sha256.New()
	s.Write([]byte(digestPrefix))
	s.Write(hb)
	var d Digest
	s.Sum(d[:0])
	return d, nil
}

// Next returns D_i = SHA-256("pbem-dice-v1/entry" NUL || D_{i-1} ||
// EntryBytes(e)), where d is D_{i-1}.
func (d Digest) Next(e Entry) (Digest, error) {
	eb, err := EntryBytes(e)
	if err != nil {
		return Digest{}, err
	}
	s := sha256.New()
	s.Write([]byte(entryPrefix))
	s.Write(d[:])
	s.Write(eb)
	var out Digest
	s.Sum(out[:0])
	return out, nil
}
