package judge

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// Games that end other than by the rules: the GM abandons one (or the
// operator, with `pbem end`), or a player resigns. The game's state is
// left as it was; the end is a state-neutral note in the game's log (so
// replay and verify of the record pass as for any game), the game is
// marked finished with its result, the hidden dice secret is revealed as
// at any game end, and every player and the GM are told.

// EndGame abandons gameID with no winner, for the command line (`pbem
// end`). It fails, changing nothing, if the game does not exist or is
// already over.
func (j *Judge) EndGame(gameID, reason string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.opt.Now().UTC()
	err := j.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return fmt.Errorf("game %q: %w", gameID, err)
		}
		if g.Status.Finished {
			return fmt.Errorf("game %s is already over (%s)", g.ID, g.Status.Result)
		}
		return j.endGame(tx, g, abandonEnd(true, reason), now)
	})
	if err == nil {
		j.wake()
	}
	return err
}

// gameEnd is how a game ends other than by the rules.
type gameEnd struct {
	role    adjudicator.Role // who ended it: the GM or the resigning side
	line    string           // the logged line: "abandon ..." or "resign"
	result  string           // Status.Result, in English
	winners []string         // roles; none when abandoned
	// key and kv are the result as a catalogue message, for each reader
	// in his language (result when key is "").
	key string
	kv  []any
}

func abandonLine(reason string) string {
	if reason = strings.TrimSpace(reason); reason != "" {
		return "abandon " + reason
	}
	return "abandon"
}

// abandonEnd is the end of a game abandoned by the GM, or by the
// server's operator, with the reason given (if any).
func abandonEnd(operator bool, reason string) gameEnd {
	who := "the GM"
	key := "end.abandoned_gm"
	if operator {
		who, key = "the server's operator", "end.abandoned_operator"
	}
	s := "abandoned by " + who
	if reason = strings.TrimSpace(reason); reason != "" {
		s += ": " + reason
		key += "_reason"
	}
	return gameEnd{role: adjudicator.GM, line: abandonLine(reason), result: s, key: key, kv: []any{"Reason", reason}}
}

// resultIn is g's result in lang.
func (j *Judge) resultIn(g *store.Game, lang string) string {
	if g.Status.ResultKey == "" {
		// A result the rules wrote: the game reads it back into a
		// message when it can (adjudicator.Narrator).
		if lang != "" && lang != i18n.Default && g.Status.Result != "" {
			if _, st, err := loadState(g); err == nil {
				if n, ok := st.(adjudicator.Narrator); ok {
					if m, ok := n.NarrationMsg(g.Status.Result); ok {
						return j.opt.Templates.Catalog.Text(lang, m)
					}
				}
			}
		}
		return g.Status.Result
	}
	kv := make([]any, len(g.Status.ResultArgs))
	for i, v := range g.Status.ResultArgs {
		kv[i] = v
	}
	return j.opt.Templates.T(lang, g.Status.ResultKey, kv...)
}

// resultFor is e's result in the language of seat p.
func (j *Judge) resultFor(e gameEnd, p *store.Player) string {
	if e.key == "" {
		return e.result
	}
	return j.tr(p, e.key, e.kv...)
}

// endGame logs the end as a note entry, marks the game finished and
// queues the announcement to every player and the GM. The caller stores
// g (endGame calls PutGame itself).
func (j *Judge) endGame(tx *store.Tx, g *store.Game, e gameEnd, now time.Time) error {
	text := j.tr(nil, "end.over", "Game", g.ID, "Result", e.result) // the log's text, in English
	le, err := j.applyEntry(g, dice.Entry{Role: string(e.role), Kind: record.KindNote, Lines: []string{e.line}}, g.Status.Turn,
		func(adjudicator.Dice) (*adjudicator.Result, error) { return &adjudicator.Result{}, nil })
	if err != nil {
		return err
	}
	le.At = now
	le.StateHash = g.StateHash
	le.Events = []store.LoggedEvent{{Text: text}}
	if _, err := tx.AppendLog(g.ID, le); err != nil {
		return err
	}
	observersSee(g, now)
	g.Seq++
	g.Undo = nil // a request to take back orders ends with the game
	g.Held = nil // and orders held in a revision window are not applied
	revealed := g.Dice.RevealedThrough
	g.Status.Finished = true
	g.Status.Result = e.result
	g.Status.ResultKey, g.Status.ResultArgs = e.key, nil
	for _, v := range e.kv {
		g.Status.ResultArgs = append(g.Status.ResultArgs, fmt.Sprint(v))
	}
	g.Status.Winner = append([]string(nil), e.winners...)
	if g.Status.Turn > g.Dice.RevealedThrough {
		g.Dice.RevealedThrough = g.Status.Turn
	}
	g.Deadline, g.GraceUntil = time.Time{}, time.Time{}
	g.DeadlineByGM = false
	g.Owing = nil
	g.Updated = now
	diceText, err := j.turnDice(tx, g, revealed)
	if err != nil {
		return err
	}
	// The luck report follows in the same mail.
	report, err := j.luckOrExcuse(tx, g)
	if err != nil {
		return err
	}
	for _, p := range g.Players { // the GM's seat included
		result := j.resultFor(e, &p)
		body := j.tr(&p, "end.over", "Game", g.ID, "Result", result) + "\n\n" + j.tr(&p, "end.no_more_orders")
		if diceText != "" {
			body += "\n\n" + diceText
		}
		subject := "[" + g.ID + "] " + j.tr(&p, "end.subject", "Result", result)
		if report == nil {
			err = j.queueNotice(tx, g, p.Email, subject, "", body)
		} else {
			err = j.queueLuck(tx, g, p.Email, subject, body+"\n\n"+j.opt.Templates.T(seatLang(&p), "luck.end", "Game", g.ID), report)
		}
		if err != nil {
			return err
		}
	}
	if err := j.leagueResult(tx, g); err != nil {
		return err
	}
	return tx.PutGame(g)
}

// resignation works out what a side's resignation does: in a game of two
// sides the other side wins. With more sides the GM decides (a seat may
// be handed to a substitute with replace, or the game abandoned), so the
// player is told to ask the GM and nothing changes.
func resignation(g *store.Game, role adjudicator.Role) (gameEnd, error) {
	var others []string
	for _, p := range g.Players {
		if p.Role != string(adjudicator.GM) && p.Role != string(role) {
			others = append(others, p.Role)
		}
	}
	if len(others) != 1 {
		return gameEnd{}, errResignGM{sides: len(others) + 1, gm: g.GM}
	}
	r, w := roleTitle(role), roleTitle(adjudicator.Role(others[0]))
	return gameEnd{role: role, line: "resign", winners: others,
		result: fmt.Sprintf("%s resigned; %s wins", r, w), key: "end.resigned", kv: []any{"Role", r, "Winner", w}}, nil
}

// errResignGM refuses a resignation in a game of more than two sides.
type errResignGM struct {
	sides int
	gm    string
}

func (e errResignGM) Error() string {
	return fmt.Sprintf("in a game of %d sides a resignation is the GM's to settle (a substitute may take your seat, or the game may end): write to the GM at %s", e.sides, e.gm)
}

// isResign reports whether a player's email asks to resign: any line that
// is the single word "resign".
func isResign(lines []adjudicator.Line) bool {
	for _, l := range lines {
		if strings.EqualFold(strings.Trim(strings.TrimSpace(l.Text), ".!"), "resign") {
			return true
		}
	}
	return false
}

// resign handles a player's resignation, all or nothing like any email:
// it must be the email's only order, and a check only says what it would
// do.
func (j *Judge) resign(tx *store.Tx, g *store.Game, p *store.Player, lines []adjudicator.Line, check bool, msg *intake.Message, subject string) (*Outcome, error) {
	role := adjudicator.Role(p.Role)
	// refuse answers in the player's language; the outcome's reason is
	// in English.
	refuse := func(key string, kv ...any) (*Outcome, error) {
		text := j.tr(p, "end.resign_refused", "Game", g.ID, "Why", j.tr(p, key, kv...))
		if err := j.queueNotice(tx, g, p.Email, subject, msgRef(msg), text); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Role: p.Role, Reason: clip(j.tr(nil, key, kv...), maxReason)}, nil
	}
	if len(lines) != 1 {
		return refuse("end.resign_alone")
	}
	end, err := resignation(g, role)
	var many errResignGM
	if errors.As(err, &many) {
		return refuse("end.resign_gm", "Sides", many.sides, "GM", many.gm)
	}
	if err != nil {
		return nil, err
	}
	if check {
		text := j.tr(p, "end.resign_check", "Game", g.ID, "Result", j.resultFor(end, p))
		if err := j.queueNotice(tx, g, p.Email, subject, msgRef(msg), text); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeCheck, GameID: g.ID, Role: p.Role, Reason: "resign (check)"}, nil
	}
	if err := j.endGame(tx, g, end, j.opt.Now().UTC()); err != nil {
		return nil, err
	}
	return &Outcome{Kind: store.OutcomeAccepted, GameID: g.ID, Role: p.Role, Reason: "resigned"}, nil
}
