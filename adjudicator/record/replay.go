package record

import (
	"fmt"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
)

// Replay rebuilds the game from its record: Setup, then Apply of every
// applied entry, with the logged draws (dice.Recorded), following
// rollbacks. It needs no secret, so it works on a game in progress. It
// fails if an entry is rejected, an entry's epoch is not the game's turn,
// the engine asks for a draw other than the one logged (stream, purpose,
// size or order) or leaves logged draws unused, or the final state's hash
// differs from rec.FinalState (when set). It returns the final state and
// its hash. Replay does not recompute the dice: Verify does.
func Replay(rec *Record, g adjudicator.Game) (adjudicator.State, string, error) {
	return Walk(rec, g, nil)
}

// ReplayOrResume is Replay, or, when the rules refuse an entry and the
// record has a checkpoint, ReplayFrom the checkpoint (from is its entry;
// 0 when the whole record replayed).
func ReplayOrResume(rec *Record, g adjudicator.Game) (st adjudicator.State, hash string, from int, err error) {
	st, hash, err = Replay(rec, g)
	cp := rec.Checkpoint
	if err == nil || cp == nil || cp.Seq > len(rec.Entries) {
		return st, hash, 0, err
	}
	base, derr := g.Decode(cp.State)
	if derr != nil {
		return nil, "", 0, fmt.Errorf("%w; the checkpoint at entry %d does not decode: %v", err, cp.Seq, derr)
	}
	st, hash, rerr := ReplayFrom(rec, g, base, cp.Seq)
	if rerr != nil {
		return nil, "", 0, fmt.Errorf("%w; from the checkpoint at entry %d: %v", err, cp.Seq, rerr)
	}
	return st, hash, cp.Seq, nil
}

// Walk is Replay that calls before(e, st) with each entry that applies
// orders (orders, defaults, GM actions) and the state it applies to.
func Walk(rec *Record, g adjudicator.Game, before func(e Entry, st adjudicator.State)) (adjudicator.State, string, error) {
	return walk(rec, g, nil, 0, before)
}

// ReplayFrom is Replay starting from base, the game's state after entry
// baseSeq (a checkpoint): the entries up to baseSeq are not applied, and
// a rollback to one of them fails.
func ReplayFrom(rec *Record, g adjudicator.Game, base adjudicator.State, baseSeq int) (adjudicator.State, string, error) {
	return WalkFrom(rec, g, base, baseSeq, nil)
}

// WalkFrom is Walk starting from base, the state after entry baseSeq,
// as ReplayFrom does.
func WalkFrom(rec *Record, g adjudicator.Game, base adjudicator.State, baseSeq int, before func(e Entry, st adjudicator.State)) (adjudicator.State, string, error) {
	if base == nil || baseSeq < 1 || baseSeq > len(rec.Entries) {
		return nil, "", fmt.Errorf("replay: no state to start from at entry %d", baseSeq)
	}
	return walk(rec, g, base, baseSeq, before)
}

func walk(rec *Record, g adjudicator.Game, base adjudicator.State, baseSeq int, before func(e Entry, st adjudicator.State)) (adjudicator.State, string, error) {
	if name := g.Info().Name; name != rec.Game {
		return nil, "", fmt.Errorf("replay: the record is of %q, not %q", rec.Game, name)
	}
	if len(rec.Entries) == 0 || rec.Entries[0].Kind != KindSetup {
		return nil, "", fmt.Errorf("replay: the record does not start with a setup entry")
	}
	for _, e := range rec.Entries {
		if e.Redacted {
			return nil, "", fmt.Errorf("replay: entry %d is redacted; replay needs the full record", e.Seq)
		}
	}
	byEntry := map[int][]Draw{}
	last := 0
	for i, d := range rec.Draws {
		if d.Entry < last || d.Entry < 1 || d.Entry > len(rec.Entries) {
			return nil, "", fmt.Errorf("replay: draw %d is for entry %d, out of order", i, d.Entry)
		}
		last = d.Entry
		byEntry[d.Entry] = append(byEntry[d.Entry], d)
	}
	states := make([]adjudicator.State, len(rec.Entries)+1)
	var st adjudicator.State
	if base != nil {
		st = base
		states[baseSeq] = base
	}
	for i, e := range rec.Entries {
		if e.Seq != i+1 {
			return nil, "", fmt.Errorf("replay: entry %d has seq %d", i+1, e.Seq)
		}
		if e.Seq <= baseSeq {
			continue // before the state replay starts from
		}
		rd := dice.NewRecorded(byEntry[e.Seq])
		var err error
		switch {
		case e.Kind == KindSetup:
			if i != 0 {
				return nil, "", fmt.Errorf("replay: entry %d: a second setup", e.Seq)
			}
			if perr := catch(func() { st, err = g.Setup(rec.Scenario, rec.Options, rd) }); perr != nil {
				return nil, "", fmt.Errorf("replay: entry 1 (setup): %w", perr)
			}
			if err != nil {
				return nil, "", fmt.Errorf("replay: entry 1 (setup): %w", err)
			}
		case e.Kind == KindRollback:
			if e.To < 1 || e.To >= e.Seq {
				return nil, "", fmt.Errorf("replay: entry %d rolls back to %d", e.Seq, e.To)
			}
			if e.To < baseSeq {
				return nil, "", fmt.Errorf("replay: entry %d rolls back to %d, before entry %d that the replay starts from", e.Seq, e.To, baseSeq)
			}
			st = states[e.To]
		case e.Kind == KindNote:
		case e.applies():
			if turn := st.Status().Turn; turn != e.Epoch {
				return nil, "", fmt.Errorf("replay: entry %d is logged in epoch %d but the game is at turn %d", e.Seq, e.Epoch, turn)
			}
			if before != nil {
				before(e, st)
			}
			var next adjudicator.State
			if perr := catch(func() { next, _, err = st.Apply(e.Submission(), rd) }); perr != nil {
				return nil, "", fmt.Errorf("replay: entry %d: %w", e.Seq, perr)
			}
			if err != nil {
				return nil, "", fmt.Errorf("replay: entry %d (%s %s) was rejected: %w", e.Seq, e.Role, e.Kind, err)
			}
			st = next
		default:
			return nil, "", fmt.Errorf("replay: entry %d has unknown kind %q", e.Seq, e.Kind)
		}
		if n := rd.Remaining(); n > 0 {
			return nil, "", fmt.Errorf("replay: entry %d left %d logged draws unused", e.Seq, n)
		}
		states[e.Seq] = st
	}
	h, err := StateHash(st)
	if err != nil {
		return nil, "", fmt.Errorf("replay: encoding the final state: %w", err)
	}
	if rec.FinalState != "" && rec.FinalState != h {
		return st, h, fmt.Errorf("replay: final state hash %s, the record says %s", h, rec.FinalState)
	}
	return st, h, nil
}

// Audit runs Verify and, when g is not nil, Replay, adding a replay
// failure to the report as a problem. It is what `pbem verify` runs.
func Audit(rec *Record, g adjudicator.Game) *Report {
	rep := Verify(rec)
	if g != nil {
		if _, _, err := Replay(rec, g); err != nil {
			rep.add(0, -1, err.Error(), "", "")
		} else {
			rep.Replayed = true
		}
	}
	return rep
}

// catch runs f, turning a draw mismatch or any panic of the rules engine
// into an error, so that a damaged record gets a clear message.
func catch(f func()) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if m, ok := p.(*dice.MismatchError); ok {
				err = m
				return
			}
			err = fmt.Errorf("the rules engine failed: %v", p)
		}
	}()
	f()
	return nil
}
