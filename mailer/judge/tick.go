package judge

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/msg"
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
				text := j.gmT(g, "gm.internal_error", "Game", g.ID, "Error", clip(fmt.Sprint(ep.v), maxReason))
				if err := j.queueNotice(tx, g, g.GM, j.gmT(g, "gm.internal_error_subject", "Game", g.ID), "", text); err != nil {
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
	// Invitations to games created by email whose time ran out.
	if n, err := j.expireInvites(now); err != nil {
		j.opt.Log.Error("invitations", "err", err)
	} else {
		changed += n
	}
	// The daily digests due (digest.go); they change no game.
	sent, err := j.sendDigests(now)
	if err != nil {
		j.opt.Log.Error("digest", "err", err)
	}
	if changed > 0 || sent > 0 {
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
		changed = true
		if err := j.observerReports(tx, g, now); err != nil {
			return err
		}
		if w := g.DeadlineWake(); w.IsZero() || now.Before(w) {
			return tx.PutGame(g) // only observers' reports were due
		}
		if g.Pause != nil {
			// The pause reached its end: the game resumes by itself.
			return j.resume(tx, g, now, "club.why.pause_ended")
		}
		if h := g.Held; h != nil {
			// Every decision is in: the window's end, not the deadline,
			// moves the game on (revise.go).
			if now.Before(h.Until) {
				return tx.PutGame(g)
			}
			return j.releaseHeld(tx, g, now)
		}
		if u := g.Undo; u != nil && !u.Until.IsZero() && !now.Before(u.Until) {
			// An undo not accepted by the deadline lapses.
			if err := j.lapseUndo(tx, g, "undo.lapsed_deadline"); err != nil {
				return err
			}
		}
		_, st, err := loadState(g)
		if err != nil {
			return errEnginePanic{err}
		}
		switch {
		case !g.GraceUntil.IsZero():
			return j.missed(tx, g, st, now)
		case now.Before(g.Deadline):
			return j.remind(tx, g, st, now)
		}
		return j.deadlinePassed(tx, g, st, now)
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
	wasOver := g.Status.Finished
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
		le.Events = append([]store.LoggedEvent{{Text: j.tr(nil, "note.missed_defaults", "Role", roleTitle(r), "Orders", fmt.Sprint(lines))}}, le.Events...)
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
	if err := j.resetDeadline(tx, g, st, now); err != nil {
		return err
	}
	if g.Status.Finished && !wasOver {
		// The luck report and the league's result go before the final
		// reports.
		if err := j.gameOver(tx, g); err != nil {
			return err
		}
	}
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

// remind sends the reminders that are due: at most one mail per seat,
// however many of its reminders fell due together. Each is sent once.
func (j *Judge) remind(tx *store.Tx, g *store.Game, st adjudicator.State, now time.Time) error {
	owing := owingRoles(st)
	to := map[adjudicator.Role]bool{}
	for _, r := range g.Reminders() {
		if r.At.After(now) {
			break
		}
		g.Reminded = append(g.Reminded, r.Key)
		g.RemindersSent++
		if r.Role == "" && g.Policy.Reminders == nil && j.opt.ReminderHours <= 0 {
			// The server's reminder was turned off since the deadline
			// was set: skip it.
			continue
		}
		for _, o := range owing {
			p := g.Player(string(o))
			if p == nil || p.Disorder {
				continue
			}
			personal := p.Reminders != nil || p.RemindersOff
			if (r.Role == "" && !personal) || r.Role == string(o) {
				to[o] = true
			}
		}
	}
	for _, o := range owing {
		if to[o] {
			// A player who takes the daily digest gets no reminder here.
			if d, err := hasDigest(tx, g.Player(string(o)).Email); err != nil || d {
				if err != nil {
					return err
				}
				continue
			}
			if err := j.queueReport(tx, g, st, o, reportCause{reminder: true}); err != nil {
				return err
			}
		}
	}
	return tx.PutGame(g)
}

// deadlinePassed starts the grace period, when the game has one and a
// late seat is not in civil disorder (each late player is told he is
// late and until when his orders are still taken), else applies the
// missed-deadline rule at once.
func (j *Judge) deadlinePassed(tx *store.Tx, g *store.Game, st adjudicator.State, now time.Time) error {
	if g.Policy.GraceHours <= 0 {
		return j.missed(tx, g, st, now)
	}
	var late []*store.Player
	for _, r := range owingRoles(st) {
		if p := g.Player(string(r)); p != nil && !p.Disorder {
			late = append(late, p)
		}
	}
	if len(late) == 0 {
		return j.missed(tx, g, st, now)
	}
	g.GraceUntil = g.Deadline.Add(time.Duration(g.Policy.GraceHours) * time.Hour)
	for _, p := range late {
		until := showTime(g, p, g.GraceUntil)
		text := j.tr(p, "late.grace", "Game", g.ID, "Until", until, "Rule", missedRule(g))
		if err := j.queueNotice(tx, g, p.Email, "["+g.ID+"] "+j.tr(p, "late.grace_subject", "Until", until), "", text); err != nil {
			return err
		}
	}
	return tx.PutGame(g)
}

// missedRule says what the game's missed-deadline rule does.
func missedRule(g *store.Game) msg.M {
	switch g.Policy.Missed {
	case "wait":
		return msg.New("late.rule.wait")
	case "forfeit":
		return msg.New("late.rule.forfeit", "N", g.Policy.MissedLimit)
	}
	return msg.New("late.rule.defaults")
}

// missed applies the game's missed-deadline rule to the seats that still
// owe a decision: each late seat's record counts the miss; then default
// orders ("defaults", "forfeit"), with a seat put in civil disorder after
// its limit of misses in a row ("forfeit"); or nothing, the GM and the
// late players being told ("wait").
func (j *Judge) missed(tx *store.Tx, g *store.Game, st adjudicator.State, now time.Time) error {
	if err := j.missedRule(tx, g, st, now); err != nil {
		return err
	}
	// A league may hand a seat that keeps missing to its substitute pool
	// (league.go).
	return j.leagueAutoSubstitute(tx, g, now)
}

// missedRule applies the missed-deadline rules (the league's forfeit, the
// game's own) at a missed deadline.
func (j *Judge) missedRule(tx *store.Tx, g *store.Game, st adjudicator.State, now time.Time) error {
	late := owingRoles(st)
	for _, r := range late {
		if p := g.Player(string(r)); p != nil {
			p.Stats.Missed++
			p.MissedInRow++
		}
	}
	// A league's forfeit rule ends the game at the limit of misses in a
	// row, whatever the game's own rule (league.go).
	if over, err := j.leagueForfeit(tx, g, late, now); over || err != nil {
		return err
	}
	if g.Policy.Missed == "wait" {
		g.Deadline, g.GraceUntil = time.Time{}, time.Time{}
		var names []string
		for _, r := range late {
			names = append(names, roleTitle(r))
			p := g.Player(string(r))
			if p == nil {
				continue
			}
			text := j.tr(p, "late.wait", "Game", g.ID)
			if err := j.queueNotice(tx, g, p.Email, "["+g.ID+"] "+j.tr(p, "late.wait_subject"), "", text); err != nil {
				return err
			}
		}
		text := j.gmT(g, "gm.missed_wait", "Game", g.ID, "Roles", strings.Join(names, ", "))
		if err := j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.missed_wait_subject", "Roles", strings.Join(names, ", ")), "", text); err != nil {
			return err
		}
		return tx.PutGame(g)
	}
	if g.Policy.Missed == "forfeit" && g.Policy.MissedLimit > 0 {
		for _, r := range late {
			p := g.Player(string(r))
			if p == nil || p.Disorder || p.MissedInRow < g.Policy.MissedLimit {
				continue
			}
			p.Disorder = true
			text := j.tr(nil, "note.disorder", "Role", roleTitle(r), "N", p.MissedInRow)
			if err := j.note(tx, g, adjudicator.GM, "disorder "+string(r), text, now); err != nil {
				return err
			}
			gmText := j.gmT(g, "gm.disorder", "Role", roleTitle(r), "N", p.MissedInRow, "Seat", string(r))
			if err := j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.disorder_subject", "Role", roleTitle(r)), "", gmText); err != nil {
				return err
			}
		}
	}
	return j.applyDefaults(tx, g, st, now)
}
