// Package record defines pbem's game record: the exportable, public log of
// a game (entries, every draw, dice commitments and revealed secrets), and
// the checks run on it: Verify recomputes the dice, Replay re-runs the
// game. The record holds no addresses and no unrevealed dice secrets, but
// its entries may hold orders some players may not see yet: while a game
// runs, give players the copy Redact makes.
//
// The package does no I/O apart from Load and Save.
package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
)

// Format is the value of Record.Format.
const Format = "pbem-record-v1"

// Entry kinds.
const (
	KindSetup    = "setup"    // the game's creation; always entry 1, epoch 1
	KindOrders   = "orders"   // a player's accepted submission
	KindDefault  = "default"  // the default orders applied at a deadline
	KindGM       = "gm"       // a GM submission applied to the game
	KindNote     = "note"     // a GM action that does not touch the game state
	KindRollback = "rollback" // the game returns to the state after entry To
)

// MaxEpochs is the longest chain a record may use.
const MaxEpochs = 1 << 20

// Draw is one logged draw (the type lives in package dice, which makes it).
type Draw = dice.Draw

// Record is a whole game's public record, as exported to JSON.
type Record struct {
	Format     string              `json:"format"`
	GameID     string              `json:"game_id"`
	Game       string              `json:"game"`
	Scenario   string              `json:"scenario"`
	Options    adjudicator.Options `json:"options"`
	Roles      []adjudicator.Role  `json:"roles"`
	Dice       DiceHeader          `json:"dice"`
	Entries    []Entry             `json:"entries"`
	Draws      []Draw              `json:"draws"`
	Mails      []Mail              `json:"mails,omitempty"`
	FinalState string              `json:"final_state,omitempty"` // hex SHA-256 of State.Encode()
	// Checkpoint, only in a record with every secret revealed (it holds
	// the whole position), is where a newer version of pbem took the game
	// over from the one that judged the entries before it: a replay
	// that this version's rules cannot make through the older entries
	// starts there (ReplayOrResume).
	Checkpoint *Checkpoint `json:"checkpoint,omitempty"`
}

// Checkpoint is the game's state after entry Seq, as the version of pbem
// named by Rules left it (the engine's own encoding).
type Checkpoint struct {
	Seq   int    `json:"seq"`
	State []byte `json:"state"`
	Rules string `json:"rules,omitempty"`
}

// DiceHeader holds the commitments and the secrets revealed so far.
type DiceHeader struct {
	Scheme        string   `json:"scheme"` // dice.Scheme
	N             int      `json:"n"`      // chain length: epochs 1..N
	PublicCommit  string   `json:"public_commit"`
	HiddenCommit  string   `json:"hidden_commit"`
	PublicSecrets []Secret `json:"public_secrets"`          // by epoch, as revealed
	HiddenSecret  *Secret  `json:"hidden_secret,omitempty"` // set when the game has ended
}

// Secret is a revealed chain link x_Epoch, in hex.
type Secret struct {
	Epoch  int    `json:"epoch"`
	Secret string `json:"secret"`
}

// Entry is one accepted entry of the game log.
type Entry struct {
	Seq     int      `json:"seq"` // 1, 2, 3, ...
	Kind    string   `json:"kind"`
	Role    string   `json:"role"`
	Epoch   int      `json:"epoch"` // the epoch in force when the entry began
	Lines   []string `json:"lines"`
	Entropy []string `json:"entropy,omitempty"`
	To      int      `json:"to,omitempty"` // KindRollback: the entry whose state is restored
	Digest  string   `json:"digest"`       // hex digest after the entry
	// Redacted marks an entry whose lines and entropy were removed from
	// this copy of the record because they are still secret. Verify then
	// trusts its digest and counts it as unchecked.
	Redacted bool `json:"redacted,omitempty"`
}

func (e Entry) diceEntry() dice.Entry {
	return dice.Entry{Role: e.Role, Kind: e.Kind, Lines: e.Lines, Entropy: e.Entropy}
}

// applies reports whether the entry is applied to the game with Apply.
func (e Entry) applies() bool {
	return e.Kind == KindOrders || e.Kind == KindDefault || e.Kind == KindGM
}

// Submission returns the submission an applied entry stands for, its
// lines numbered from 1.
func (e Entry) Submission() adjudicator.Submission {
	s := adjudicator.Submission{Role: adjudicator.Role(e.Role)}
	for i, l := range e.Lines {
		s.Lines = append(s.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	return s
}

// Mail is the hash of one mail the game sent.
type Mail struct {
	MessageID string `json:"message_id"`
	SHA256    string `json:"sha256"` // hex SHA-256 of the message as sent
}

// New starts the record of a new game with the commitments of its chains.
func New(h dice.Header, n int, publicCommit, hiddenCommit []byte) (*Record, error) {
	if _, err := dice.Initial(h); err != nil {
		return nil, err
	}
	if n < 1 || n > MaxEpochs {
		return nil, fmt.Errorf("record: chain length %d outside 1..%d", n, MaxEpochs)
	}
	return &Record{
		Format: Format, GameID: h.GameID, Game: h.Game, Scenario: h.Scenario,
		Options: maps.Clone(h.Options), Roles: slices.Clone(h.Roles),
		Dice: DiceHeader{Scheme: dice.Scheme, N: n,
			PublicCommit: hex.EncodeToString(publicCommit),
			HiddenCommit: hex.EncodeToString(hiddenCommit)},
	}, nil
}

// Header returns what the record's initial digest covers.
func (r *Record) Header() dice.Header {
	return dice.Header{GameID: r.GameID, Game: r.Game, Scenario: r.Scenario, Options: r.Options, Roles: r.Roles}
}

// position is the dice position after an entry.
type position struct {
	d dice.Digest
	c dice.Counters
}

// positions walks the entries trusting their recorded digests and returns
// the position after each (index 0: before any entry).
func (r *Record) positions() ([]position, error) {
	d0, err := dice.Initial(r.Header())
	if err != nil {
		return nil, err
	}
	pos := []position{{d: d0}}
	cur := pos[0]
	di := 0
	for i, e := range r.Entries {
		if e.Seq != i+1 {
			return nil, fmt.Errorf("record: entry %d has seq %d", i+1, e.Seq)
		}
		if e.Kind == KindRollback {
			if e.To < 1 || e.To >= e.Seq {
				return nil, fmt.Errorf("record: entry %d rolls back to %d", e.Seq, e.To)
			}
			cur = pos[e.To]
		} else {
			d, err := dice.ParseDigest(e.Digest)
			if err != nil {
				return nil, fmt.Errorf("record: entry %d: %w", e.Seq, err)
			}
			cur = position{d: d, c: cur.c.For(e.Epoch)}
			for ; di < len(r.Draws) && r.Draws[di].Entry == e.Seq; di++ {
				if r.Draws[di].Stream == dice.Hidden {
					cur.c.Hidden++
				} else {
					cur.c.Public++
				}
			}
		}
		pos = append(pos, cur)
	}
	if di != len(r.Draws) {
		return nil, fmt.Errorf("record: draw %d belongs to no entry in order", di)
	}
	return pos, nil
}

// Position returns the digest and dice counters after entry seq (0: the
// game's header, before any entry): where a rollback to seq resumes.
func (r *Record) Position(seq int) (dice.Digest, dice.Counters, error) {
	pos, err := r.positions()
	if err != nil {
		return dice.Digest{}, dice.Counters{}, err
	}
	if seq < 0 || seq >= len(pos) {
		return dice.Digest{}, dice.Counters{}, fmt.Errorf("record: no entry %d", seq)
	}
	return pos[seq].d, pos[seq].c, nil
}

// Truncate returns a copy of the record holding only entries 1..seq and
// their draws, without a final state hash: the game as it stood then.
func (r *Record) Truncate(seq int) *Record {
	c := *r
	c.Entries = append([]Entry(nil), r.Entries[:seq]...)
	c.Draws = nil
	for _, d := range r.Draws {
		if d.Entry <= seq {
			c.Draws = append(c.Draws, d)
		}
	}
	c.FinalState = ""
	if c.Checkpoint != nil && seq < c.Checkpoint.Seq {
		c.Checkpoint = nil
	}
	return &c
}

// Begin prepares the next entry: it returns the entry with Seq, Epoch and
// Digest filled in and the counters its draws start from. Apply the
// submission with a dice.Roller built from them (see NewRoller); if the
// game accepts it, Append the entry and the roller's draws. Nothing
// changes until Append.
func (r *Record) Begin(kind string, role adjudicator.Role, epoch int, lines, entropy []string) (Entry, dice.Counters, error) {
	if kind == KindRollback {
		return Entry{}, dice.Counters{}, fmt.Errorf("record: use Rollback for a rollback")
	}
	if (kind == KindSetup) != (len(r.Entries) == 0) {
		return Entry{}, dice.Counters{}, fmt.Errorf("record: the setup entry must come first, and only once")
	}
	if epoch < 1 || epoch > r.Dice.N {
		return Entry{}, dice.Counters{}, fmt.Errorf("record: epoch %d outside the chain 1..%d", epoch, r.Dice.N)
	}
	pos, err := r.positions()
	if err != nil {
		return Entry{}, dice.Counters{}, err
	}
	cur := pos[len(pos)-1]
	if epoch < cur.c.Epoch {
		return Entry{}, dice.Counters{}, fmt.Errorf("record: epoch %d is before the current epoch %d", epoch, cur.c.Epoch)
	}
	e := Entry{Seq: len(r.Entries) + 1, Kind: kind, Role: string(role), Epoch: epoch,
		Lines: append([]string{}, lines...), Entropy: append([]string(nil), entropy...)}
	d, err := cur.d.Next(e.diceEntry())
	if err != nil {
		return Entry{}, dice.Counters{}, err
	}
	e.Digest = d.String()
	return e, cur.c.For(epoch), nil
}

// NewRoller returns the dice for applying entry e (from Begin), starting
// at counters c, given the game's chain seeds (x_N of each chain).
func (r *Record) NewRoller(e Entry, c dice.Counters, publicSeed, hiddenSeed []byte) (*dice.Roller, error) {
	d, err := dice.ParseDigest(e.Digest)
	if err != nil {
		return nil, err
	}
	if e.Epoch < 1 || e.Epoch > r.Dice.N {
		return nil, fmt.Errorf("record: epoch %d outside the chain 1..%d", e.Epoch, r.Dice.N)
	}
	return dice.NewRoller(dice.RollerConfig{
		GameID: r.GameID, Entry: e.Seq, Digest: d, Counters: c,
		PublicKey: dice.SecretAt(publicSeed, r.Dice.N, e.Epoch),
		HiddenKey: dice.SecretAt(hiddenSeed, r.Dice.N, e.Epoch),
	}), nil
}

// Append adds an entry made by Begin and the draws made while applying it.
func (r *Record) Append(e Entry, draws []Draw) error {
	if e.Seq != len(r.Entries)+1 {
		return fmt.Errorf("record: entry seq %d, want %d (was Begin called for another entry?)", e.Seq, len(r.Entries)+1)
	}
	for i, d := range draws {
		if d.Entry != e.Seq || d.Epoch != e.Epoch {
			return fmt.Errorf("record: draw %d is for entry %d epoch %d, not entry %d epoch %d", i, d.Entry, d.Epoch, e.Seq, e.Epoch)
		}
	}
	r.Entries = append(r.Entries, e)
	r.Draws = append(r.Draws, draws...)
	return nil
}

// Rollback appends an entry returning the game, its digest and its dice
// counters to where they stood after entry to. Applying the same entries
// again then draws the same dice: a rollback never re-rolls a die.
func (r *Record) Rollback(to int, gm adjudicator.Role, reason string) (Entry, error) {
	pos, err := r.positions()
	if err != nil {
		return Entry{}, err
	}
	if to < 1 || to > len(r.Entries) {
		return Entry{}, fmt.Errorf("record: cannot roll back to entry %d of %d", to, len(r.Entries))
	}
	if r.Entries[to-1].Kind == KindRollback {
		to = r.Entries[to-1].To
	}
	e := Entry{Seq: len(r.Entries) + 1, Kind: KindRollback, Role: string(gm), To: to,
		Epoch: pos[to].c.Epoch, Digest: pos[to].d.String(), Lines: []string{}}
	if reason != "" {
		e.Lines = []string{reason}
	}
	r.Entries = append(r.Entries, e)
	return e, nil
}

// Withheld is the Result of a hidden draw in a redacted record while the
// hidden chain is still secret.
const Withheld = -1

// Redact returns a copy of the record for a reader who may not see every
// entry yet: the lines and entropy of each entry for which visible returns
// false are removed and the entry is marked Redacted. Until the hidden
// secret is revealed, hidden draws' results are Withheld and the final
// state hash is dropped (it could confirm a guess at hidden state).
// Public draws, digests and revealed secrets are kept, so the reader can
// still check every public draw against its digest.
func (r *Record) Redact(visible func(Entry) bool) *Record {
	c := *r
	if r.Dice.HiddenSecret == nil {
		c.FinalState = ""
		c.Draws = append([]Draw(nil), r.Draws...)
		for i := range c.Draws {
			if c.Draws[i].Stream == dice.Hidden {
				c.Draws[i].Result = Withheld
			}
		}
	}
	c.Entries = make([]Entry, len(r.Entries))
	for i, e := range r.Entries {
		if e.Kind != KindRollback && !visible(e) {
			e.Lines, e.Entropy, e.Redacted = []string{}, nil, true
		}
		c.Entries[i] = e
	}
	return &c
}

// DrewSince reports whether any entry after seq drew dice. The platform
// refuses a player's undo of an entry when it did: taking back orders
// whose dice are known would be a re-roll.
func (r *Record) DrewSince(seq int) bool {
	for _, d := range r.Draws {
		if d.Entry > seq {
			return true
		}
	}
	return false
}

// RevealPublic adds the public secret of epoch, after checking it against
// the commitment.
func (r *Record) RevealPublic(epoch int, secret []byte) error {
	if err := r.checkReveal(r.Dice.PublicCommit, epoch, secret); err != nil {
		return err
	}
	for _, s := range r.Dice.PublicSecrets {
		if s.Epoch == epoch {
			return nil
		}
	}
	r.Dice.PublicSecrets = append(r.Dice.PublicSecrets, Secret{Epoch: epoch, Secret: hex.EncodeToString(secret)})
	return nil
}

// RevealHidden sets the hidden secret of epoch (the game's last epoch),
// which reveals every hidden draw up to it.
func (r *Record) RevealHidden(epoch int, secret []byte) error {
	if err := r.checkReveal(r.Dice.HiddenCommit, epoch, secret); err != nil {
		return err
	}
	r.Dice.HiddenSecret = &Secret{Epoch: epoch, Secret: hex.EncodeToString(secret)}
	return nil
}

func (r *Record) checkReveal(commitHex string, epoch int, secret []byte) error {
	commit, err := hex.DecodeString(commitHex)
	if err != nil {
		return fmt.Errorf("record: bad commitment: %w", err)
	}
	if epoch < 1 || epoch > r.Dice.N || !dice.CheckSecret(commit, epoch, secret) {
		return fmt.Errorf("record: the secret for epoch %d does not match the commitment", epoch)
	}
	return nil
}

// AddMail records the hash of a sent mail.
func (r *Record) AddMail(messageID string, message []byte) {
	sum := sha256.Sum256(message)
	r.Mails = append(r.Mails, Mail{MessageID: messageID, SHA256: hex.EncodeToString(sum[:])})
}

// StateHash returns the hex SHA-256 of s.Encode().
func StateHash(s adjudicator.State) (string, error) {
	b, err := s.Encode()
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// Marshal returns the record as indented JSON.
func (r *Record) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Unmarshal reads a record, checking its format.
func Unmarshal(b []byte) (*Record, error) {
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("record: %w", err)
	}
	if r.Format != Format {
		return nil, fmt.Errorf("record: format %q, want %q", r.Format, Format)
	}
	return &r, nil
}

// Load reads a record from a file.
func Load(path string) (*Record, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := Unmarshal(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// Save writes the record to a file (via a temporary file and rename).
func (r *Record) Save(path string) error {
	b, err := r.Marshal()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
