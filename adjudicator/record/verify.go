package record

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator/dice"
)

// Report is the outcome of Verify.
type Report struct {
	GameID   string
	Entries  int
	Draws    int
	Verified int // draws recomputed from a revealed secret and found equal
	Pending  int // draws whose secret is not revealed yet
	// Unchecked counts redacted entries, whose digests are taken on trust.
	Unchecked int
	// SaltsChecked counts entry salts checked against the hidden chain.
	SaltsChecked int
	// PublicUpTo and HiddenUpTo are the last epochs whose secrets are
	// revealed and check out (0: none).
	PublicUpTo int
	HiddenUpTo int
	Replayed   bool // Audit replayed the game to the recorded final state
	Problems   []Problem
}

// Problem is one mismatch or malformation found by Verify.
type Problem struct {
	Entry    int    // entry seq (0: none)
	Draw     int    // index into Record.Draws (-1: none)
	What     string // what is wrong
	Expected string // what the record should hold, when known
	Found    string // what it holds
}

func (p Problem) String() string {
	var b strings.Builder
	if p.Entry > 0 {
		fmt.Fprintf(&b, "entry %d: ", p.Entry)
	}
	if p.Draw >= 0 {
		fmt.Fprintf(&b, "draw %d: ", p.Draw)
	}
	b.WriteString(p.What)
	if p.Expected != "" || p.Found != "" {
		fmt.Fprintf(&b, " (expected %s, found %s)", p.Expected, p.Found)
	}
	return b.String()
}

// OK reports whether Verify found no problem.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

// String summarises the report, one problem a line.
func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %s: %d entries, %d draws: %d verified, %d not yet verifiable", r.GameID, r.Entries, r.Draws, r.Verified, r.Pending)
	if r.Unchecked > 0 {
		fmt.Fprintf(&b, "; %d redacted entries unchecked", r.Unchecked)
	}
	fmt.Fprintf(&b, "; public secrets to epoch %d, hidden to epoch %d", r.PublicUpTo, r.HiddenUpTo)
	if r.SaltsChecked > 0 {
		fmt.Fprintf(&b, "; %d entry salts checked", r.SaltsChecked)
	}
	if r.Replayed {
		b.WriteString("; replayed")
	}
	b.WriteString("\n")
	for _, p := range r.Problems {
		b.WriteString("MISMATCH ")
		b.WriteString(p.String())
		b.WriteString("\n")
	}
	if r.OK() {
		b.WriteString("OK\n")
	}
	return b.String()
}

func (r *Report) add(entry, draw int, what, expected, found string) {
	r.Problems = append(r.Problems, Problem{Entry: entry, Draw: draw, What: what, Expected: expected, Found: found})
}

// keys checks the revealed secrets of one chain and returns the keys they
// reveal, by epoch (x_t for t <= the last good revealed epoch). Secrets
// are checked in epoch order, each against the last good one below it
// (or the commitment), so checking a whole game costs one chain's worth
// of hashing.
func keys(rep *Report, chain, commitHex string, n int, revealed []Secret) [][]byte {
	commit, err := hex.DecodeString(commitHex)
	if err != nil || len(commit) != dice.SeedSize {
		rep.add(0, -1, chain+" commitment is not 64 hex digits", "", commitHex)
		return nil
	}
	sorted := slices.Clone(revealed)
	slices.SortStableFunc(sorted, func(a, b Secret) int { return a.Epoch - b.Epoch })
	good, goodX := 0, commit
	for _, s := range sorted {
		x, err := hex.DecodeString(s.Secret)
		if err != nil || s.Epoch <= good || s.Epoch > n || !dice.CheckSecret(goodX, s.Epoch-good, x) {
			if s.Epoch == good && s.Epoch > 0 && s.Secret == hex.EncodeToString(goodX) {
				continue // the same secret listed twice
			}
			rep.add(0, -1, fmt.Sprintf("%s secret of epoch %d does not chain to the commitment", chain, s.Epoch), "", s.Secret)
			continue
		}
		good, goodX = s.Epoch, x
	}
	if good == 0 {
		return nil
	}
	out := make([][]byte, good+1)
	out[good] = goodX
	for t := good; t > 0; t-- {
		out[t-1] = dice.Step(out[t])
	}
	return out
}

// Verify checks a record: the revealed secrets against the commitments,
// every entry's digest, the order and counters of the draws, and every
// draw whose secret is revealed (public draws of revealed epochs, hidden
// draws once the hidden secret is revealed). It reports every mismatch.
func Verify(rec *Record) *Report {
	rep := &Report{GameID: rec.GameID, Entries: len(rec.Entries), Draws: len(rec.Draws)}
	if rec.Format != Format {
		rep.add(0, -1, "unknown record format", Format, rec.Format)
	}
	if rec.Dice.Scheme != dice.Scheme {
		rep.add(0, -1, "unknown dice scheme", dice.Scheme, rec.Dice.Scheme)
		return rep
	}
	n := rec.Dice.N
	if n < 1 || n > MaxEpochs {
		rep.add(0, -1, fmt.Sprintf("chain length outside 1..%d", MaxEpochs), "", strconv.Itoa(n))
		return rep
	}
	pub := keys(rep, "public", rec.Dice.PublicCommit, n, rec.Dice.PublicSecrets)
	var hidRevealed []Secret
	if rec.Dice.HiddenSecret != nil {
		hidRevealed = []Secret{*rec.Dice.HiddenSecret}
	}
	hid := keys(rep, "hidden", rec.Dice.HiddenCommit, n, hidRevealed)
	rep.PublicUpTo, rep.HiddenUpTo = max(len(pub)-1, 0), max(len(hid)-1, 0)

	d0, err := dice.Initial(rec.Header())
	if err != nil {
		rep.add(0, -1, "bad header: "+err.Error(), "", "")
		return rep
	}
	pos := []position{{d: d0}}
	cur := pos[0]
	di := 0
	for i, e := range rec.Entries {
		if e.Seq != i+1 {
			rep.add(e.Seq, -1, "entries out of sequence", strconv.Itoa(i+1), strconv.Itoa(e.Seq))
			return rep
		}
		switch {
		case e.Kind == KindRollback:
			if e.To < 1 || e.To >= e.Seq {
				rep.add(e.Seq, -1, "rollback to an entry that does not precede it", "", strconv.Itoa(e.To))
				return rep
			}
			cur = pos[e.To]
			if e.Digest != cur.d.String() {
				rep.add(e.Seq, -1, "rollback digest", cur.d.String(), e.Digest)
			}
			if e.Epoch != cur.c.Epoch {
				rep.add(e.Seq, -1, "rollback epoch", strconv.Itoa(cur.c.Epoch), strconv.Itoa(e.Epoch))
			}
			pos = append(pos, cur)
			if di < len(rec.Draws) && rec.Draws[di].Entry == e.Seq {
				rep.add(e.Seq, di, "draws logged for a rollback", "", "")
			}
			for ; di < len(rec.Draws) && rec.Draws[di].Entry == e.Seq; di++ {
			}
			continue
		case e.Kind == KindSetup && i != 0, e.Kind != KindSetup && i == 0:
			rep.add(e.Seq, -1, "the setup entry must be entry 1 and only entry 1", "", e.Kind)
		case e.Kind == KindSetup && e.Epoch != 1:
			rep.add(e.Seq, -1, "setup epoch", "1", strconv.Itoa(e.Epoch))
		case e.Kind == KindSetup, e.applies(), e.Kind == KindNote:
		default:
			rep.add(e.Seq, -1, "unknown entry kind", "", e.Kind)
		}
		if e.Epoch < 1 || e.Epoch > n {
			rep.add(e.Seq, -1, fmt.Sprintf("epoch outside the chain 1..%d", n), "", strconv.Itoa(e.Epoch))
		} else if e.Epoch < cur.c.Epoch {
			rep.add(e.Seq, -1, "epoch goes backwards without a rollback", ">= "+strconv.Itoa(cur.c.Epoch), strconv.Itoa(e.Epoch))
		}
		d, err := cur.d.Next(e.diceEntry())
		if err != nil {
			rep.add(e.Seq, -1, err.Error(), "", "")
		}
		if e.Redacted {
			rep.Unchecked++
			if rd, err := dice.ParseDigest(e.Digest); err == nil {
				d = rd
			} else {
				rep.add(e.Seq, -1, err.Error(), "", "")
			}
		} else if e.Digest != d.String() {
			rep.add(e.Seq, -1, "digest", d.String(), e.Digest)
			// Go on from the recorded digest, which the draws were made
			// with, so that one altered entry is reported once.
			if rd, err := dice.ParseDigest(e.Digest); err == nil {
				d = rd
			}
		}
		if !e.Redacted && e.Epoch >= 1 && e.Epoch < len(hid) {
			// The server's salt must be the one the hidden chain fixes.
			if bare, salt := dice.SplitSalt(e.diceEntry()); salt != "" {
				rep.SaltsChecked++
				if want, err := dice.Salt(hid[e.Epoch], bare); err != nil || want != salt {
					rep.add(e.Seq, -1, "salt", want, salt)
				}
			}
		}
		cur = position{d: d, c: cur.c.For(e.Epoch)}
		for ; di < len(rec.Draws) && rec.Draws[di].Entry == e.Seq; di++ {
			verifyDraw(rep, rec, di, e, &cur, pub, hid)
		}
		pos = append(pos, cur)
	}
	for ; di < len(rec.Draws); di++ {
		rep.add(rec.Draws[di].Entry, di, "draw out of order or for an unknown entry", "", "")
	}
	return rep
}

func verifyDraw(rep *Report, rec *Record, di int, e Entry, cur *position, pub, hid [][]byte) {
	dr := rec.Draws[di]
	if dr.Epoch != e.Epoch {
		rep.add(e.Seq, di, "draw epoch differs from its entry's", strconv.Itoa(e.Epoch), strconv.Itoa(dr.Epoch))
	}
	var want uint32
	var ks [][]byte
	switch dr.Stream {
	case dice.Public:
		want, ks = cur.c.Public, pub
		cur.c.Public++
	case dice.Hidden:
		want, ks = cur.c.Hidden, hid
		cur.c.Hidden++
	default:
		rep.add(e.Seq, di, "unknown stream", "public or hidden", dr.Stream)
		return
	}
	if dr.Counter != want {
		rep.add(e.Seq, di, dr.Stream+" counter", strconv.FormatUint(uint64(want), 10), strconv.FormatUint(uint64(dr.Counter), 10))
	}
	if dr.Epoch < 1 || dr.Epoch >= len(ks) {
		rep.Pending++
		return
	}
	v, err := dice.Value(dr.Stream, ks[dr.Epoch], rec.GameID, dr.Epoch, dr.Counter, cur.d, dr.Size())
	if err != nil {
		rep.add(e.Seq, di, err.Error(), "", "")
		return
	}
	if v != dr.Result {
		rep.add(e.Seq, di, fmt.Sprintf("%s draw %q", dr.Stream, dr.Purpose), strconv.Itoa(v), strconv.Itoa(dr.Result))
		return
	}
	rep.Verified++
}
