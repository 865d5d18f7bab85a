package judge

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

// Undo by consent. A player sends "undo" to take back his last
// submission. It may be asked only while that submission is the game's
// last entry (state-neutral notes aside), drew no die and told no other
// player anything in private, and while its turn's dice secret is not
// public: taking it back can then neither re-roll a die nor unsay a
// hidden fact. Every other player is asked to reply "accept" (or
// "refuse") before the deadline; when all have accepted the game rolls
// back to the entry before it, as a GM rollback does, and the log keeps
// the request and the rollback. The request lapses at the deadline, or
// when the game moves on first.

// isUndoLine reports whether text is one of the undo lines: "undo",
// "accept" or "refuse" (the last two also followed by "undo").
func isUndoLine(f []string) bool {
	switch {
	case len(f) == 1:
		return f[0] == "undo" || f[0] == "accept" || f[0] == "refuse"
	case len(f) == 2:
		return (f[0] == "accept" || f[0] == "refuse") && f[1] == "undo"
	}
	return false
}

// undoable returns the log entry of role's last submission if it may be
// taken back, else the catalogue key of the reason it may not.
func (j *Judge) undoable(tx *store.Tx, g *store.Game, role string) (int, string, error) {
	if g.Status.Finished {
		return 0, "undo.none", nil
	}
	// From the last entry back, past the notes: a few reads, however
	// long the game.
	for seq := g.Seq; seq >= 2; seq-- {
		e, err := logEntry(tx, g.ID, seq)
		if err != nil {
			return 0, "", err
		}
		if e.Kind == record.KindNote {
			continue
		}
		if e.Kind != record.KindOrders || e.Role != role {
			return 0, "undo.none", nil
		}
		if len(e.Draws) > 0 {
			return 0, "undo.drawn", nil
		}
		for _, ev := range e.Events {
			for _, to := range ev.To {
				if to != "all" && to != role {
					return 0, "undo.drawn", nil // something told another player in private
				}
			}
		}
		// The turn of the position to return to must keep its dice secret.
		if g.Dice.RevealedThrough >= e.Epoch || g.Dice.RevealedThrough >= g.Status.Turn {
			return 0, "undo.drawn", nil
		}
		return int(e.Seq), "", nil
	}
	return 0, "undo.none", nil
}

// undoVoters are the roles whose consent an undo by role needs: every
// other side (the GM's own seat excepted).
func undoVoters(g *store.Game, role string) []string {
	var out []string
	for _, p := range g.Players {
		if p.Role != string(adjudicator.GM) && p.Role != role {
			out = append(out, p.Role)
		}
	}
	return out
}

// undoLine parses one of p's undo lines into its action, or returns the
// reason (a catalogue key) it cannot be applied.
func (j *Judge) undoLine(tx *store.Tx, g *store.Game, p *store.Player, verb string, no int, now time.Time, done *strings.Builder) (seatAction, string, error) {
	lang := seatLang(p)
	T := j.opt.Templates.T
	switch verb {
	case "undo":
		if g.Undo != nil {
			return nil, "undo.pending", nil
		}
		entry, why, err := j.undoable(tx, g, p.Role)
		if err != nil || why != "" {
			return nil, why, err
		}
		return func() error {
			// Answers are due by the deadline (by the end of the grace
			// period once it runs).
			until := g.Deadline
			if !g.GraceUntil.IsZero() {
				until = g.GraceUntil
			}
			u := &store.UndoRequest{Role: p.Role, Entry: entry, At: now, Until: until}
			g.Undo = u
			if err := j.note(tx, g, adjudicator.Role(p.Role), "undo", "", now); err != nil {
				return err
			}
			fmt.Fprintln(done, T(lang, "undo.confirm_asked", "Line", no))
			if len(undoVoters(g, p.Role)) == 0 {
				return j.finishUndo(tx, g, now)
			}
			who := roleTitle(adjudicator.Role(p.Role))
			return j.announceEach(tx, g, p.Role,
				func(q *store.Player) string { return T(seatLang(q), "undo.asked_subject", "Game", g.ID, "Role", who) },
				func(q *store.Player) string {
					until := T(seatLang(q), "undo.no_limit")
					if !u.Until.IsZero() {
						until = showTime(g, q, u.Until)
					}
					return T(seatLang(q), "undo.asked", "Game", g.ID, "Role", who, "Until", until, "Token", tokenFor(g.ID, q))
				})
		}, "", nil
	case "accept", "refuse":
		u := g.Undo
		if u == nil {
			return nil, "undo.not_asked", nil
		}
		if u.Role == p.Role {
			return nil, "undo.own", nil
		}
		who := roleTitle(adjudicator.Role(u.Role))
		if !u.Until.IsZero() && !now.Before(u.Until) {
			return func() error {
				fmt.Fprintln(done, T(lang, "undo.lapsed_deadline", "Game", g.ID, "Role", who))
				return j.lapseUndo(tx, g, "undo.lapsed_deadline")
			}, "", nil
		}
		if verb == "refuse" {
			return func() error {
				g.Undo = nil
				if err := j.note(tx, g, adjudicator.Role(p.Role), "refuse undo", "", now); err != nil {
					return err
				}
				fmt.Fprintln(done, T(lang, "undo.confirm_refused", "Line", no, "Role", who))
				by := roleTitle(adjudicator.Role(p.Role))
				return j.announceEach(tx, g, p.Role,
					func(q *store.Player) string { return T(seatLang(q), "undo.refused_subject", "Game", g.ID, "Role", who) },
					func(q *store.Player) string {
						return T(seatLang(q), "undo.refused", "Game", g.ID, "Role", who, "Who", by)
					})
			}, "", nil
		}
		return func() error {
			if g.Undo == nil {
				return nil // accepted twice in one email: done already
			}
			if !slices.Contains(u.Accepted, p.Role) {
				u.Accepted = append(u.Accepted, p.Role)
			}
			fmt.Fprintln(done, T(lang, "undo.confirm_accepted", "Line", no, "Role", who))
			for _, v := range undoVoters(g, u.Role) {
				if !slices.Contains(u.Accepted, v) {
					return nil
				}
			}
			return j.finishUndo(tx, g, now)
		}, "", nil
	}
	return nil, "", fmt.Errorf("undo: unknown line %q", verb)
}

// finishUndo takes back the submission of g's undo request, which every
// other player has accepted: the game rolls back to the entry before it,
// unless the game moved on meanwhile (then the request lapses).
func (j *Judge) finishUndo(tx *store.Tx, g *store.Game, now time.Time) error {
	u := g.Undo
	entry, why, err := j.undoable(tx, g, u.Role)
	if err != nil {
		return err
	}
	if why != "" || entry != u.Entry {
		return j.lapseUndo(tx, g, "undo.lapsed_moved")
	}
	g.Undo = nil
	who := roleTitle(adjudicator.Role(u.Role))
	text := j.tr(nil, "note.undone", "Role", who)
	if err := j.rollbackBy(tx, g, u.Entry-1, adjudicator.Role(u.Role), "undo by consent", text, now); err != nil {
		return err
	}
	return j.announceEach(tx, g, "",
		func(q *store.Player) string {
			return j.opt.Templates.T(seatLang(q), "undo.done_subject", "Game", g.ID, "Role", who)
		},
		func(q *store.Player) string {
			return j.opt.Templates.T(seatLang(q), "undo.done", "Game", g.ID, "Role", who)
		})
}

// lapseUndo drops g's undo request for the reason key, telling everyone.
func (j *Judge) lapseUndo(tx *store.Tx, g *store.Game, key string) error {
	u := g.Undo
	if u == nil {
		return nil
	}
	g.Undo = nil
	who := roleTitle(adjudicator.Role(u.Role))
	return j.announceEach(tx, g, "",
		func(q *store.Player) string {
			return j.opt.Templates.T(seatLang(q), "undo.refused_subject", "Game", g.ID, "Role", who)
		},
		func(q *store.Player) string { return j.opt.Templates.T(seatLang(q), key, "Game", g.ID, "Role", who) })
}

// logEntry reads entry seq of game id's log.
func logEntry(tx *store.Tx, id string, seq int) (*store.LogEntry, error) {
	var found *store.LogEntry
	err := tx.Log(id, uint64(seq), func(e *store.LogEntry) error {
		found = e
		return errStopLog
	})
	if err != nil && !errors.Is(err, errStopLog) {
		return nil, err
	}
	if found == nil || int(found.Seq) != seq {
		return nil, fmt.Errorf("game %s: log entry %d is missing", id, seq)
	}
	return found, nil
}
