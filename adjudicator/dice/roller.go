package dice

import (
	"fmt"
)

// Draw is one logged draw. The game record lists every draw in order.
type Draw struct {
	Entry   int    `json:"entry"`  // seq of the entry being applied
	Stream  string `json:"stream"` // Public or Hidden
	Epoch   int    `json:"epoch"`
	Counter uint32 `json:"counter"`
	Purpose string `json:"purpose"`
	Sides   int    `json:"sides,omitempty"` // public draws: faces of the die
	N       int    `json:"n,omitempty"`     // hidden draws: number of choices
	Result  int    `json:"result"`          // 1..Sides, or 0..N-1
}

// Size returns Sides for a public draw and N for a hidden one.
func (d Draw) Size() int {
	if d.Stream == Hidden {
		return d.N
	}
	return d.Sides
}

func (d Draw) String() string {
	if d.Stream == Hidden {
		return fmt.Sprintf("hidden e%d #%d %q n=%d -> %d", d.Epoch, d.Counter, d.Purpose, d.N, d.Result)
	}
	return fmt.Sprintf("public e%d #%d %q d%d -> %d", d.Epoch, d.Counter, d.Purpose, d.Sides, d.Result)
}

// Counters is the dice position: the epoch and the next counter of each
// stream in it. Counters run per (stream, epoch) from 0 and continue
// across the entries of one epoch.
type Counters struct {
	Epoch  int    `json:"epoch"`
	Public uint32 `json:"public"`
	Hidden uint32 `json:"hidden"`
}

// For returns the counters an entry applied in epoch starts from: c itself
// when c is for that epoch, otherwise zero counters of the new epoch.
func (c Counters) For(epoch int) Counters {
	if c.Epoch == epoch {
		return c
	}
	return Counters{Epoch: epoch}
}

// RollerConfig is what a Roller needs to draw for one entry.
type RollerConfig struct {
	GameID    string
	Entry     int    // seq of the entry being applied (for the log)
	PublicKey []byte // x_epoch of the public chain
	HiddenKey []byte // x_epoch of the hidden chain
	Digest    Digest // the digest after this entry
	Counters  Counters
}

// Roller is the adjudicator.Dice for applying one entry with the
// verifiable dice. It logs every draw. It is not safe for concurrent use.
type Roller struct {
	cfg   RollerConfig
	c     Counters
	draws []Draw
}

// NewRoller returns a Roller drawing from cfg.Counters on. Counters.Epoch
// is the epoch of the entry; the keys must be that epoch's secrets.
func NewRoller(cfg RollerConfig) *Roller {
	return &Roller{cfg: cfg, c: cfg.Counters}
}

// Roll implements adjudicator.Dice. It panics if sides is outside 2..256
// (a bug in the rules engine).
func (r *Roller) Roll(purpose string, sides int) int {
	v, err := RollValue(r.cfg.PublicKey, r.cfg.GameID, r.c.Epoch, r.c.Public, r.cfg.Digest, sides)
	if err != nil {
		panic(err)
	}
	r.draws = append(r.draws, Draw{Entry: r.cfg.Entry, Stream: Public, Epoch: r.c.Epoch,
		Counter: r.c.Public, Purpose: purpose, Sides: sides, Result: v})
	r.c.Public++
	return v
}

// Hidden implements adjudicator.Dice. It panics if n is outside
// 1..MaxHidden (a bug in the rules engine).
func (r *Roller) Hidden(purpose string, n int) int {
	v, err := HiddenValue(r.cfg.HiddenKey, r.cfg.GameID, r.c.Epoch, r.c.Hidden, r.cfg.Digest, n)
	if err != nil {
		panic(err)
	}
	r.draws = append(r.draws, Draw{Entry: r.cfg.Entry, Stream: Hidden, Epoch: r.c.Epoch,
		Counter: r.c.Hidden, Purpose: purpose, N: n, Result: v})
	r.c.Hidden++
	return v
}

// Draws returns the draws made so far, in order.
func (r *Roller) Draws() []Draw { return append([]Draw(nil), r.draws...) }

// Counters returns the counters after the draws made so far: where the
// next entry of the same epoch starts.
func (r *Roller) Counters() Counters { return r.c }

// MismatchError is the panic value of a Recorded dice whose engine asks
// for a draw the log does not hold (or holds with an impossible result).
type MismatchError struct {
	Index  int    // index of the draw within the entry's draws
	Reason string // what differs
}

func (e *MismatchError) Error() string {
	return fmt.Sprintf("dice: draw %d: %s", e.Index, e.Reason)
}

// Recorded is an adjudicator.Dice that replays the logged draws of one
// entry, checking that the engine asks for the same stream, purpose and
// size in the same order. On a mismatch it panics with a *MismatchError;
// callers recover it (see Catch).
type Recorded struct {
	draws []Draw
	next  int
}

// NewRecorded replays draws in order.
func NewRecorded(draws []Draw) *Recorded { return &Recorded{draws: draws} }

func (r *Recorded) take(stream, purpose string, size int) int {
	got := fmt.Sprintf("%s %q size %d", stream, purpose, size)
	if r.next >= len(r.draws) {
		panic(&MismatchError{Index: r.next, Reason: "the engine asked for " + got + " but the log holds no further draw"})
	}
	d := r.draws[r.next]
	if d.Stream != stream || d.Purpose != purpose || d.Size() != size {
		panic(&MismatchError{Index: r.next, Reason: fmt.Sprintf("the engine asked for %s but the log holds %s %q size %d",
			got, d.Stream, d.Purpose, d.Size())})
	}
	lo, hi := 1, size
	if stream == Hidden {
		lo, hi = 0, size-1
	}
	if d.Result < lo || d.Result > hi {
		panic(&MismatchError{Index: r.next, Reason: fmt.Sprintf("the log holds result %d for %s, outside %d..%d", d.Result, got, lo, hi)})
	}
	r.next++
	return d.Result
}

// Roll implements adjudicator.Dice.
func (r *Recorded) Roll(purpose string, sides int) int { return r.take(Public, purpose, sides) }

// Hidden implements adjudicator.Dice.
func (r *Recorded) Hidden(purpose string, n int) int { return r.take(Hidden, purpose, n) }

// Remaining returns how many logged draws have not been used.
func (r *Recorded) Remaining() int { return len(r.draws) - r.next }

// Catch runs f and turns a *MismatchError panic into an error. Other
// panics propagate.
func Catch(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if m, ok := p.(*MismatchError); ok {
				err = m
				return
			}
			panic(p)
		}
	}()
	f()
	return nil
}
