package judge

import (
	"errors"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

// rollback returns game g to the state after log entry to: the GM's undo.
// The state is rebuilt by replaying the log with its recorded dice, and the
// dice digest and counters return to where they stood, so the same orders
// given again draw exactly the same dice: a rollback never re-rolls a die.
// It refuses to go back into a turn whose public dice secret is already
// revealed, since players could then choose orders knowing the dice.
func (j *Judge) rollback(tx *store.Tx, g *store.Game, to int, reason string, now time.Time) error {
	text := j.tr(nil, "note.rollback", "Entry", to)
	if reason != "" {
		text = j.tr(nil, "note.rollback_reason", "Entry", to, "Reason", reason)
	}
	return j.rollbackBy(tx, g, to, adjudicator.GM, reason, text, now)
}

// rollbackBy is rollback done by role (the GM, or a player whose undo
// the others accepted), text being the event every report shows.
func (j *Judge) rollbackBy(tx *store.Tx, g *store.Game, to int, by adjudicator.Role, reason, text string, now time.Time) error {
	st, err := j.rollbackLog(tx, g, to, by, reason, text, now)
	if err != nil {
		return err
	}
	// The submissions undone may be sent again, even without a token.
	if err := tx.VoidSubmissionsAfter(g.ID, to); err != nil {
		return err
	}
	// Orders held in a revision window were for the position left.
	if err := j.dropHeld(tx, g, "revise.dropped_rollback"); err != nil {
		return err
	}
	// A deadline the GM set by hand stands (often the reason for the
	// rollback is to give players that time); otherwise the position
	// gets a fresh one. An undo by consent takes back orders, not time:
	// the running deadline stands.
	if !g.DeadlineByGM && (by == adjudicator.GM || !g.Deadline.After(now)) {
		if err := j.resetDeadline(tx, g, st, now); err != nil {
			return err
		}
	}
	return j.queueReports(tx, g, st, reportCause{resend: true})
}

// rollbackLog returns g's state, dice digest and counters to where they
// stood after entry to and logs the rollback (by role, for reason, with
// text the event every report shows); it returns the state restored.
// The rest of a rollback (submissions, deadline, reports) is the
// caller's.
func (j *Judge) rollbackLog(tx *store.Tx, g *store.Game, to int, by adjudicator.Role, reason, text string, now time.Time) (adjudicator.State, error) {
	if to < 1 || to >= g.Seq {
		return nil, msgErr("gm.rollback_range", "Entry", to, "Last", g.Seq-1)
	}
	eng, err := adjudicator.Lookup(g.GameName)
	if err != nil {
		return nil, err
	}
	rec, err := j.exportLog(tx, g, false)
	if err != nil {
		return nil, err
	}
	st, err := j.replayTo(tx, g, rec, eng, to)
	var before errBeforeCheckpoint
	if errors.As(err, &before) {
		return nil, msgErr("gm.rollback_before_checkpoint", "Entry", to, "Checkpoint", before.Checkpoint, "Error", before.Err.Error())
	}
	if err != nil {
		return nil, msgErr("gm.rollback_rebuild", "Entry", to, "Error", err.Error())
	}
	if t := st.Status().Turn; t <= g.Dice.RevealedThrough {
		return nil, msgErr("gm.rollback_public", "Entry", to, "Turn", t)
	}
	d, c, err := rec.Position(to)
	if err != nil {
		return nil, err
	}
	e, err := rec.Rollback(to, by, reason)
	if err != nil {
		return nil, err
	}
	g.Dice.Digest = append([]byte(nil), d[:]...)
	if g.Dice.Counters == nil {
		g.Dice.Counters = map[string]int{}
	}
	g.Dice.Counters["epoch"] = c.Epoch
	g.Dice.Counters["public"] = int(c.Public)
	g.Dice.Counters["hidden"] = int(c.Hidden)
	le := &store.LogEntry{Kind: record.KindRollback, Role: string(by), Epoch: e.Epoch, Lines: e.Lines, Digest: e.Digest, To: to, At: now,
		Events: []store.LoggedEvent{{Text: text}}}
	if err := j.commitState(tx, g, st, le); err != nil {
		return nil, err
	}
	return st, nil
}
