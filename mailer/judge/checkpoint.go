package judge

import (
	"errors"
	"fmt"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

// checkpoint keeps g's position as the rules that judged its last entry
// left it, when another version of pbem is about to commit the next one
// (an upgrade while the game runs): replays that the new rules cannot
// make through the older entries start there (replayTo). A game stored
// before versions were recorded counts as judged by another version.
func (j *Judge) checkpoint(tx *store.Tx, g *store.Game) error {
	if j.opt.Rules == "" || g.Rules == j.opt.Rules {
		return nil
	}
	if g.Seq > 0 && len(g.State) > 0 {
		cp := store.Checkpoint{Seq: g.Seq, State: append([]byte(nil), g.State...), Rules: g.Rules}
		if err := tx.PutCheckpoint(g.ID, cp); err != nil {
			return err
		}
	}
	g.Rules = j.opt.Rules
	return nil
}

// errBeforeCheckpoint says that the position after entry Entry cannot be
// rebuilt: the log no longer replays that far with these rules, and the
// game's checkpoint is later.
type errBeforeCheckpoint struct {
	Entry, Checkpoint int
	Err               error
}

func (e errBeforeCheckpoint) Error() string {
	return fmt.Sprintf("entry %d comes before entry %d, where this version of pbem took the game over: %v", e.Entry, e.Checkpoint, e.Err)
}

func (e errBeforeCheckpoint) Unwrap() error { return e.Err }

// replayTo rebuilds g's state after log entry to from rec: by replaying
// the whole log, or, when the rules of this version refuse an entry
// judged by an older one, from the game's checkpoint if it is not later
// than to.
func (j *Judge) replayTo(tx *store.Tx, g *store.Game, rec *record.Record, eng adjudicator.Game, to int) (adjudicator.State, error) {
	return j.walkLog(tx, g, rec.Truncate(to), eng, nil)
}

// walkLog is record.Walk over g's log rec, from the game's checkpoint
// when the whole log no longer replays (before then sees only the
// entries after the checkpoint).
func (j *Judge) walkLog(tx *store.Tx, g *store.Game, rec *record.Record, eng adjudicator.Game, before func(e record.Entry, st adjudicator.State)) (adjudicator.State, error) {
	st, _, err := record.Walk(rec, eng, before)
	if err == nil {
		return st, nil
	}
	cp, cerr := tx.Checkpoint(g.ID)
	if cerr != nil {
		return nil, errors.Join(err, cerr)
	}
	if cp == nil {
		return nil, err
	}
	if to := len(rec.Entries); to < cp.Seq {
		return nil, errBeforeCheckpoint{Entry: to, Checkpoint: cp.Seq, Err: err}
	}
	base, derr := eng.Decode(cp.State)
	if derr != nil {
		return nil, fmt.Errorf("checkpoint at entry %d: %w", cp.Seq, derr)
	}
	st, _, err = record.WalkFrom(rec, eng, base, cp.Seq, before)
	return st, err
}
