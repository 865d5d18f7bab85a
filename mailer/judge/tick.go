package judge

import (
	"errors"
	"fmt"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/store"
)

// tickBatch is the most games one Tick handles; the rest wait for the
// next tick (they stay due, soonest first).
const tickBatch = 1000

// Tick runs deadlines: it sends reminders before a deadline and, once a
// deadline has passed, applies each late role's default orders (the
// engine's Default) as a logged "default" entry. It reads only the games
// that are due (the store's wake index), so its cost does not grow with
// the number of games. It returns the number of games it changed.
func (j *Judge) Tick() (int, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.opt.Now().UTC()
	var ids []string
	err := j.db.View(func(tx *store.Tx) error {
		var err error
		ids, err = tx.Due(now, tickBatch)
		return err
	})
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, id := range ids {
		did, err := j.tickGame(id, now)
		var ep errEnginePanic
		if errors.As(err, &ep) {
			// A defect of the game's rules fails the same way at every
			// tick: lift the deadline and tell the GM, once.
			did, err = true, j.db.Update(func(tx *store.Tx) error {
				g, err := tx.Game(id)
				if err != nil {
					return err
				}
				g.Deadline = time.Time{}
				text := fmt.Sprintf("The default orders at the deadline of [%s] could not be applied: %v.\nNothing was applied and the deadline is lifted. Please report this to the\nserver's operator; once it is fixed, set a new deadline with \"deadline HOURS\".", g.ID, clip(fmt.Sprint(ep.v), maxReason))
				if err := j.queueNotice(tx, g, g.GM, "pbem: internal error in ["+g.ID+"]", "", text); err != nil {
					return err
				}
				return tx.PutGame(g)
			})
		}
		if err != nil {
			j.opt.Log.Error("deadline", "game", id, "err", err)
			continue
		}
		if did {
			changed++
		}
	}
	if changed > 0 {
		j.wake()
	}
	return changed, nil
}

// tickGame sends the reminders or applies the defaults of one due game
// in one transaction, and reports whether it changed the game. A
// rules-engine panic or a default the engine refuses comes back as
// errEnginePanic, with nothing applied.
func (j *Judge) tickGame(id string, now time.Time) (changed bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			j.opt.Log.Error("rules engine panic at a deadline", "game", id, "panic", v)
			changed, err = false, errEnginePanic{v}
		}
	}()
	err = j.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		if w := g.WakeAt(); w.IsZero() || now.Before(w) {
			return nil // no longer due (changed since the index was read)
		}
		if now.Before(g.Deadline) {
			// Reminder time.
			changed = true
			if j.opt.ReminderHours <= 0 {
				// Reminders were turned off since the deadline was set:
				// wake the game at its deadline instead.
				g.ReminderHours = 0
				return tx.PutGame(g)
			}
			_, st, err := loadState(g)
			if err != nil {
				return errEnginePanic{err}
			}
			for _, r := range owingRoles(st) {
				if err := j.queueReport(tx, g, st, r, reportCause{reminder: true}); err != nil {
					return err
				}
			}
			g.RemindersSent++
			return tx.PutGame(g)
		}
		_, st, err := loadState(g)
		if err != nil {
			return errEnginePanic{err}
		}
		changed = true
		return j.applyDefaults(tx, g, st, now)
	})
	return changed, err
}

func owingRoles(st adjudicator.State) []adjudicator.Role {
	var out []adjudicator.Role
	seen := map[adjudicator.Role]bool{}
	for _, p := range st.Prompts() {
		if !seen[p.Role] {
			seen[p.Role] = true
			out = append(out, p.Role)
		}
	}
	return out
}

// applyDefaults applies the default orders of every role that owes
// something, one logged entry each.
func (j *Judge) applyDefaults(tx *store.Tx, g *store.Game, st adjudicator.State, now time.Time) error {
	before := roleSigs(st)
	revealed := g.Dice.RevealedThrough
	applied := 0
	for _, r := range owingRoles(st) {
		sub := st.Default(r)
		if sub == nil {
			continue
		}
		var lines []string
		for _, l := range sub.Lines {
			lines = append(lines, l.Text)
		}
		var next adjudicator.State
		le, err := j.applyEntry(g, dice.Entry{Role: string(r), Kind: "default", Lines: lines}, g.Status.Turn, func(d adjudicator.Dice) (*adjudicator.Result, error) {
			n, res, err := st.Apply(*sub, d)
			next = n
			return res, err
		})
		if err != nil {
			return errEnginePanic{fmt.Errorf("default orders for %s rejected by the engine: %w", r, err)}
		}
		le.At = now
		le.Events = append([]store.LoggedEvent{{Text: fmt.Sprintf("%s missed the deadline; default orders applied: %v", roleTitle(r), lines)}}, le.Events...)
		if err := j.commitState(tx, g, next, le); err != nil {
			return err
		}
		// The default settles the decision: it takes the seat's token, so
		// a reply to that decision arriving late is refused, never applied
		// to the next one.
		if p := g.Player(string(r)); p != nil {
			p.Submissions++
			if err := tx.RecordSubmission(g.ID, p.Role, &store.Submission{Number: p.Submissions, At: now, Seq: g.Seq, Default: true}); err != nil {
				return err
			}
		}
		st = next
		applied++
		if st.Status().Finished {
			break
		}
	}
	j.resetDeadline(g, st, now)
	if applied > 0 {
		diceText, err := j.turnDice(tx, g, revealed)
		if err != nil {
			return err
		}
		if err := j.queueReports(tx, g, st, reportCause{beforeOwes: before, diceText: diceText}); err != nil {
			return err
		}
	}
	return tx.PutGame(g)
}
