package judge

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

// Early resolution with a revision window. A game moves on as soon as
// every decision owed is in; with `revise MINUTES` the orders that bring
// in the last decision owed are not applied at once: they are checked,
// held in the game's record in the store (Game.Held) and applied, as
// sent, when the window ends (Tick). Meanwhile:
//
//   - the holder may send new orders: they replace the held ones;
//   - a player whose orders were applied earlier in the same
//     simultaneous step (both sides' card play) may send new orders:
//     the step is rebuilt from the log, with the machinery of a
//     rollback: the game returns to the entry before his orders, the
//     other players' orders of the step are applied again in their
//     order, then his new ones. That is safe only while nothing was
//     drawn or revealed since the step began: each entry of the step
//     drew no die, told no other player anything in private, belongs to
//     a turn whose dice secret is not public, and was given while the
//     holder still owed his decision (so nobody chose knowing it).
//     Otherwise the revision is refused, with the reason.
//
// The window's end does not move with revisions. A pause freezes the
// window (what is left of it runs when the game resumes); the deadline
// does not run while orders are held (every decision is in). A GM
// rollback, an undo by consent, the seat changing hands or the game's
// end drops the held orders (their sender is told); the GM's `defaults`
// applies them at once.

// maxReviseMinutes is the longest revision window (12 hours).
const maxReviseMinutes = 720

// completes reports whether role's orders bring in the last decision st
// owes: role is the only one that owes.
func completes(st adjudicator.State, role adjudicator.Role) bool {
	o := owingRoles(st)
	return len(o) == 1 && o[0] == role
}

// windowEnd is when a window of minutes opened at now ends, rounded up to
// the minute (as the times shown).
func windowEnd(now time.Time, minutes int) time.Time {
	end := now.Add(time.Duration(minutes) * time.Minute)
	if t := end.Truncate(time.Minute); t.Before(end) {
		end = t.Add(time.Minute)
	}
	return end
}

// heldWhen says, for seat p, when the held orders of g are applied.
func (j *Judge) heldWhen(g *store.Game, p *store.Player) any {
	h := g.Held
	if h.Until.IsZero() {
		return msg.New("revise.after_resume", "Minutes", int(h.Left/time.Minute))
	}
	return showTime(g, p, h.Until)
}

// trialOrders checks role's orders s against st on a copy of the game:
// nothing is stored and nothing told (the copy's dice are the game's,
// so the check is the real apply, thrown away).
func (j *Judge) trialOrders(g *store.Game, st adjudicator.State, role adjudicator.Role, s submitted) (adjudicator.State, *store.LogEntry, *adjudicator.Result, error) {
	return j.trialOn(g.Clone(), st, role, s)
}

// trialOn applies role's orders s to st on sim, a copy of a game, whose
// dice digest and counters move past them.
func (j *Judge) trialOn(sim *store.Game, st adjudicator.State, role adjudicator.Role, s submitted) (adjudicator.State, *store.LogEntry, *adjudicator.Result, error) {
	var next adjudicator.State
	var res *adjudicator.Result
	le, err := j.applyEntry(sim, s.entry(role), sim.Status.Turn, func(d adjudicator.Dice) (*adjudicator.Result, error) {
		var err error
		next, res, err = st.Apply(adjudicator.Submission{Role: role, Lines: s.lines}, d)
		return res, err
	})
	return next, le, res, err
}

// heldSubmission is g's held orders as they are applied.
func heldSubmission(h *store.HeldOrders) submitted {
	s := submitted{texts: h.Lines, entropy: h.Entropy, msgID: h.MessageID, from: h.From, subject: h.Subject, held: true}
	for i, t := range h.Lines {
		no := i + 1
		if i < len(h.LineNos) {
			no = h.LineNos[i]
		}
		s.lines = append(s.lines, adjudicator.Line{No: no, Text: t})
	}
	return s
}

// setHeld puts c's orders s in g.Held (their submission number spent).
func (c *mailCtx) setHeld(s submitted) *store.HeldOrders {
	h := c.g.Held
	if h == nil {
		h = &store.HeldOrders{Role: c.seat.Role, At: c.now}
		if c.g.Pause != nil {
			h.Left = time.Duration(c.g.Policy.ReviseMinutes) * time.Minute
		} else {
			h.Until = windowEnd(c.now, c.g.Policy.ReviseMinutes)
		}
		c.g.Held = h
	}
	h.Lines, h.Entropy, h.LineNos = s.texts, s.entropy, nil
	for _, l := range s.lines {
		h.LineNos = append(h.LineNos, l.No)
	}
	h.MessageID, h.From, h.Subject = s.msgID, s.from, s.subject
	h.Number = c.seat.Submissions
	return h
}

// holdOrders holds c's orders, which bring in the last decision owed,
// for the game's revision window: checked as if applied, their token
// spent, the sender told when the game moves on, and so are the other
// players of the step who may still revise.
func (j *Judge) holdOrders(c *mailCtx) (*Outcome, error) {
	g, st := c.g, c.st
	s := c.submitted()
	_, _, res, aerr := j.trialOrders(g, st, c.role, s)
	if aerr != nil {
		return j.rejectOrders(c.tx, g, st, c.seat, s, aerr)
	}
	if err := c.recordSubmission(); err != nil {
		return nil, err
	}
	c.setHeld(s)
	if err := j.seatActed(c.tx, g, c.seat, c.now); err != nil {
		return nil, err
	}
	if err := j.tell(c, j.heldText(g, c.seat, "revise.held", res.Canonical)); err != nil {
		return nil, err
	}
	step, _, _, err := j.sealedStep(c.tx, g, c.seat.Role)
	if err != nil {
		return nil, err
	}
	var told []string
	for _, e := range step {
		p := g.Player(e.Role)
		if p == nil || slices.Contains(told, e.Role) {
			continue
		}
		told = append(told, e.Role)
		when := j.heldWhen(g, p)
		subject := j.tr(p, "revise.all_in_subject", "Game", g.ID, "When", when)
		text := j.tr(p, "revise.all_in", "Game", g.ID, "When", when, "Token", tokenFor(g.ID, p))
		if err := j.queueNotice(c.tx, g, p.Email, subject, "", text); err != nil {
			return nil, err
		}
	}
	return c.outcome(store.OutcomeAccepted, "held for the revision window"), c.tx.PutGame(g)
}

// heldText is the reply to orders held (key), for seat p.
func (j *Judge) heldText(g *store.Game, p *store.Player, key string, accepted []string) string {
	var lines []string
	for _, l := range accepted {
		lines = append(lines, "  "+clip(l, maxQuote))
	}
	return j.tr(p, key, "Game", g.ID, "When", j.heldWhen(g, p), "Orders", strings.Join(lines, "\n"), "Token", tokenFor(g.ID, p))
}

// replaceHeld replaces the held orders with the holder's new ones,
// checked the same way. The window's end stays.
func (j *Judge) replaceHeld(c *mailCtx) (*Outcome, error) {
	g, st := c.g, c.st
	s := c.submitted()
	_, _, res, aerr := j.trialOrders(g, st, c.role, s)
	if aerr != nil {
		return j.rejectOrders(c.tx, g, st, c.seat, s, aerr)
	}
	old := g.Held.Number
	if err := c.recordSubmission(); err != nil {
		return nil, err
	}
	// The replaced orders were never applied: they may be sent again.
	if err := c.tx.VoidSubmission(g.ID, c.seat.Role, old); err != nil {
		return nil, err
	}
	c.setHeld(s)
	if err := j.tell(c, j.heldText(g, c.seat, "revise.replaced", res.Canonical)); err != nil {
		return nil, err
	}
	return c.outcome(store.OutcomeAccepted, "held orders replaced"), c.tx.PutGame(g)
}

// sealedStep returns the entries of the current step that may still be
// revised while holder's orders are held, in log order: walking back from
// the last entry past notes, the orders of other seats that drew no die,
// told no other seat anything in private, are in a turn whose dice
// secret is not public, and were given while both their seat and the
// holder owed a decision. It also returns the state each entry was
// applied to (by entry) and the game's record.
func (j *Judge) sealedStep(tx *store.Tx, g *store.Game, holder string) ([]record.Entry, map[int]adjudicator.State, *record.Record, error) {
	// Most steps hold no earlier orders (a decision owed by one seat
	// alone): the last entries of the log tell, without replaying the
	// game.
	if ok, err := lastMayBeSealed(tx, g, holder); err != nil || !ok {
		return nil, nil, nil, err
	}
	eng, err := adjudicator.Lookup(g.GameName)
	if err != nil {
		return nil, nil, nil, err
	}
	rec, err := j.exportLog(tx, g, false)
	if err != nil {
		return nil, nil, nil, err
	}
	before := map[int]adjudicator.State{}
	if _, err := j.walkLog(tx, g, rec, eng, func(e record.Entry, st adjudicator.State) { before[e.Seq] = st }); err != nil {
		return nil, nil, nil, errEnginePanic{fmt.Errorf("game %s: the log does not replay: %w", g.ID, err)}
	}
	var out []record.Entry
	for i := len(rec.Entries) - 1; i >= 1; i-- {
		e := rec.Entries[i]
		if e.Kind == record.KindNote {
			continue
		}
		if e.Kind != record.KindOrders || e.Role == holder || e.Epoch <= g.Dice.RevealedThrough {
			break
		}
		st := before[e.Seq]
		if st == nil || !slices.Contains(owingRoles(st), adjudicator.Role(e.Role)) || !slices.Contains(owingRoles(st), adjudicator.Role(holder)) {
			break
		}
		le, err := logEntry(tx, g.ID, e.Seq)
		if err != nil {
			return nil, nil, nil, err
		}
		if len(le.Draws) > 0 || toOthers(le, e.Role) {
			break
		}
		out = append([]record.Entry{e}, out...)
	}
	return out, before, rec, nil
}

// lastMayBeSealed reports whether the log's last entry past notes may
// belong to a sealed step before holder's orders (sealedStep's tests
// that need no state).
func lastMayBeSealed(tx *store.Tx, g *store.Game, holder string) (bool, error) {
	for seq := g.Seq; seq >= 2; seq-- {
		le, err := logEntry(tx, g.ID, seq)
		if err != nil {
			return false, err
		}
		if le.Kind == record.KindNote {
			continue
		}
		return le.Kind == record.KindOrders && le.Role != holder && le.Epoch > g.Dice.RevealedThrough &&
			len(le.Draws) == 0 && !toOthers(le, le.Role), nil
	}
	return false, nil
}

// toOthers reports whether entry le told a seat other than role (or the
// GM) anything in private.
func toOthers(le *store.LogEntry, role string) bool {
	for _, ev := range le.Events {
		for _, to := range ev.To {
			if to != "all" && to != role && to != string(adjudicator.GM) {
				return true
			}
		}
	}
	return false
}

// submissionAt finds the number of role's submission that became log
// entry seq (0 if the store no longer has it), looking back a few.
func submissionAt(tx *store.Tx, g *store.Game, p *store.Player, seq int) (uint64, error) {
	for n := p.Submissions; n >= 1 && n+64 > p.Submissions; n-- {
		s, err := tx.SubmissionByNumber(g.ID, p.Role, n)
		if err != nil {
			return 0, err
		}
		if s != nil && s.Seq == seq && !s.Default {
			return n, nil
		}
	}
	return 0, nil
}

// reviseEarlier applies the new orders of a seat whose orders were
// applied earlier in the step the held orders complete: the step is
// rebuilt without them (see the top of this file), after a dry run of
// the whole rebuild, held orders included, on a copy of the game.
func (j *Judge) reviseEarlier(c *mailCtx) (*Outcome, error) {
	tx, g := c.tx, c.g
	holder := adjudicator.Role(g.Held.Role)
	refuse := func(key, why string) (*Outcome, error) {
		return j.refuse(c, j.tr(c.seat, key, "Game", g.ID, "Role", roleTitle(holder), "When", j.heldWhen(g, c.seat)), "revision refused: "+why)
	}
	step, before, rec, err := j.sealedStep(tx, g, string(holder))
	if err != nil {
		return nil, err
	}
	at := -1
	for i, e := range step {
		if e.Role == string(c.role) {
			at = i
		}
	}
	if at < 0 {
		return refuse("revise.not_yours", "no orders of the seat in the step that may still be revised")
	}
	mine, rest := step[at], step[at+1:]
	to := mine.Seq - 1
	st := before[mine.Seq]
	sub := c.submitted()

	// The dry run, on a copy of the game at the entry before his orders.
	sim := g.Clone()
	d, cn, err := rec.Position(to)
	if err != nil {
		return nil, err
	}
	sim.Dice.Digest = append([]byte(nil), d[:]...)
	sim.Dice.Counters = map[string]int{"epoch": cn.Epoch, "public": int(cn.Public), "hidden": int(cn.Hidden)}
	again := func(e record.Entry) submitted {
		return submitted{texts: e.Lines, entropy: e.Entropy, lines: e.Submission().Lines}
	}
	for _, e := range rest {
		next, le, _, err := j.trialOn(sim, st, adjudicator.Role(e.Role), again(e))
		if err != nil || len(le.Draws) > 0 || toOthers(le, e.Role) {
			return refuse("revise.unsafe", "the step does not rebuild without a die")
		}
		sim.Seq++
		st = next
	}
	next, le, _, aerr := j.trialOn(sim, st, c.role, sub)
	if aerr != nil {
		return j.rejectOrders(tx, g, st, c.seat, sub, aerr)
	}
	if len(le.Draws) > 0 || toOthers(le, string(c.role)) || !completes(next, holder) {
		return refuse("revise.unsafe", "the new orders draw dice, reveal something or change the step")
	}
	sim.Seq++
	if _, _, _, err := j.trialOn(sim, next, holder, heldSubmission(g.Held)); err != nil {
		return refuse("revise.held_invalid", "the held orders would no longer apply")
	}

	// The rebuild, for real: the rollback, the other seats' orders
	// again in their order (as sent: same lines, entropy and origin),
	// then the new orders.
	old, err := submissionAt(tx, g, c.seat, mine.Seq)
	if err != nil {
		return nil, err
	}
	text := j.tr(nil, "note.revised", "Role", roleTitle(c.role))
	st, err = j.rollbackLog(tx, g, to, c.role, "revise", text, c.now)
	if err != nil {
		return nil, errEnginePanic{err}
	}
	for _, e := range rest {
		orig, err := logEntry(tx, g.ID, e.Seq)
		if err != nil {
			return nil, err
		}
		s := again(e)
		var n adjudicator.State
		le, err := j.applyEntry(g, s.entry(adjudicator.Role(e.Role)), g.Status.Turn, func(d adjudicator.Dice) (*adjudicator.Result, error) {
			var res *adjudicator.Result
			var err error
			n, res, err = st.Apply(adjudicator.Submission{Role: adjudicator.Role(e.Role), Lines: s.lines}, d)
			return res, err
		})
		if err != nil {
			return nil, errEnginePanic{fmt.Errorf("revision: entry %d does not apply again: %w", e.Seq, err)}
		}
		le.MessageID, le.From, le.At = orig.MessageID, orig.From, orig.At
		if err := j.commitState(tx, g, n, le); err != nil {
			return nil, err
		}
		st = n
	}
	sub.held = true // the seat acted when his first orders came
	o, err := j.commitOrders(tx, g, st, c.seat, sub, c.now, func() error {
		if old > 0 {
			if err := tx.VoidSubmission(g.ID, c.seat.Role, old); err != nil {
				return err
			}
		}
		return c.recordSubmission()
	})
	if err != nil {
		return nil, err
	}
	if o != nil {
		return nil, errEnginePanic{fmt.Errorf("revision: the new orders of %s were refused after the dry run: %s", c.role, o.Reason)}
	}
	return c.outcome(store.OutcomeAccepted, "revised in the revision window"), nil
}

// releaseHeld applies g's held orders, at the end of the revision window
// (or at once, by the GM's defaults), exactly as they would have been
// applied when they came, with the reports as usual. Orders the position
// no longer takes are answered as a rejection and dropped.
func (j *Judge) releaseHeld(tx *store.Tx, g *store.Game, now time.Time) error {
	h := g.Held
	g.Held = nil
	_, st, err := loadState(g)
	if err != nil {
		return errEnginePanic{err}
	}
	seat := g.Player(h.Role)
	if seat == nil {
		return tx.PutGame(g)
	}
	o, err := j.commitOrders(tx, g, st, seat, heldSubmission(h), now, nil)
	if err != nil {
		return err
	}
	if o != nil {
		if err := tx.VoidSubmission(g.ID, h.Role, h.Number); err != nil {
			return err
		}
		return tx.PutGame(g)
	}
	return nil
}

// dropHeld drops g's held orders, unapplied, telling their sender why
// (the message key).
func (j *Judge) dropHeld(tx *store.Tx, g *store.Game, key string) error {
	h := g.Held
	if h == nil {
		return nil
	}
	g.Held = nil
	if err := tx.VoidSubmission(g.ID, h.Role, h.Number); err != nil {
		return err
	}
	p := g.Player(h.Role)
	if p == nil {
		return nil
	}
	return j.queueNotice(tx, g, p.Email, "["+g.ID+"] "+j.tr(p, "revise.dropped_subject"), h.MessageID, j.tr(p, key, "Game", g.ID))
}

// pauseHeld freezes g's revision window for a pause; resumeHeld starts
// what was left of it again.
func pauseHeld(g *store.Game, now time.Time) {
	if h := g.Held; h != nil && !h.Until.IsZero() {
		h.Left = max(h.Until.Sub(now), 0)
		h.Until = time.Time{}
	}
}

func resumeHeld(g *store.Game, now time.Time) {
	if h := g.Held; h != nil && h.Until.IsZero() {
		h.Until = now.Add(h.Left)
		h.Left = 0
	}
}
