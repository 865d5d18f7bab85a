package judge

import (
	"errors"
	"fmt"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/store"
)

// Tick runs deadlines: it sends reminders before a deadline and, once a
// deadline has passed, applies each late role's default orders (the
// engine's Default) as a logged "default" entry. It returns the number of
// games it changed.
func (j *Judge) Tick() (int, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.opt.Now().UTC()
	var ids []string
	err := j.db.View(func(tx *store.Tx) error {
		games, err := tx.Games()
		if err != nil {
			return err
		}
		for _, g := range games {
			if g.Status.Finished || g.Deadline.IsZero() {
				continue
			}
			remind := j.opt.ReminderHours > 0 && g.RemindersSent == 0 && now.After(g.Deadline.Add(-time.Duration(j.opt.ReminderHours)*time.Hour))
			if remind || !now.Before(g.Deadline) {
				ids = append(ids, g.ID)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, id := range ids {
		err := j.tickGame(id, now)
		var ep errEnginePanic
		if errors.As(err, &ep) {
			// A defect of the game's rules fails the same way at every
			// tick: lift the deadline and tell the GM, once.
			err = j.db.Update(func(tx *store.Tx) error {
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
		changed++
	}
	if changed > 0 {
		j.wake()
	}
	return changed, nil
}

// tickGame sends the reminders or applies the defaults of one game in one
// transaction. A rules-engine panic or a default the engine refuses comes
// back as errEnginePanic, with nothing applied.
func (j *Judge) tickGame(id string, now time.Time) (err error) {
	defer func() {
		if v := recover(); v != nil {
			j.opt.Log.Error("rules engine panic at a deadline", "game", id, "panic", v)
			err = errEnginePanic{v}
		}
	}()
	return j.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		_, st, err := loadState(g)
		if err != nil {
			return errEnginePanic{err}
		}
		if now.Before(g.Deadline) {
			// Reminder time.
			for _, r := range owingRoles(st) {
				if err := j.queueReport(tx, g, st, r, reportCause{reminder: true}); err != nil {
					return err
				}
			}
			g.RemindersSent++
			return tx.PutGame(g)
		}
		return j.applyDefaults(tx, g, st, now)
	})
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
