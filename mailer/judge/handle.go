package judge

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// Outcome says what became of one incoming email.
type Outcome struct {
	Kind   string // store.Outcome* or "duplicate"
	GameID string
	Role   string
	Reason string
}

// HandleMail processes one raw email in one transaction: on return, the
// email is recorded as processed and every reply it causes is queued (or,
// on error, nothing at all changed and the email may be retried).
func (j *Judge) HandleMail(raw []byte) (*Outcome, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.opt.Now().UTC()
	msg, perr := intake.Parse(raw, intake.Options{MaxBytes: j.opt.MaxBytes})
	var out *Outcome
	err := j.db.Update(func(tx *store.Tx) error {
		out = nil
		keys := []string{"sha256:" + bodyHash(raw)}
		if msg != nil && msg.MessageID != "" {
			keys = append(keys, "msgid:"+msg.MessageID)
		}
		for _, k := range keys {
			rec, err := tx.Processed(k)
			if err != nil {
				return err
			}
			if rec != nil {
				out = &Outcome{Kind: "duplicate", GameID: rec.GameID, Reason: "already processed (" + rec.Outcome + ")"}
				return nil
			}
		}
		o, err := j.handleSafe(tx, msg, perr, raw, now)
		if err != nil {
			return err
		}
		out = o
		msgID := ""
		if msg != nil {
			msgID = msg.MessageID
		}
		rec := &store.ProcessedRecord{GameID: o.GameID, Outcome: o.Kind, Reason: o.Reason, At: now, MessageID: msgID}
		for _, k := range keys {
			if err := tx.MarkProcessed(k, rec); err != nil {
				return err
			}
		}
		return nil
	})
	var ep errEnginePanic
	if errors.As(err, &ep) {
		// The transaction was rolled back; record the failure on its own.
		out = &Outcome{Kind: store.OutcomeIgnored, Reason: ep.Error()}
		err = j.db.Update(func(tx *store.Tx) error {
			rec := &store.ProcessedRecord{Outcome: out.Kind, Reason: out.Reason, At: now}
			if msg != nil {
				rec.MessageID = msg.MessageID
				if g := intake.GameTag(msg.Subject, msg.To); g != "" {
					rec.GameID = g
					out.GameID = g
					if game, gerr := tx.Game(g); gerr == nil {
						text := fmt.Sprintf("pbem could not process an email from %s for [%s]: %v.\nNothing was applied. Please report this to the server's operator.", msg.From, g, ep.v)
						if err := j.queueNotice(tx, game, game.GM, "pbem: internal error in ["+g+"]", msg.MessageID, text); err != nil {
							return err
						}
						if p := j.playerBySender(game, msg.From); p != nil {
							if err := j.queueNotice(tx, game, p.Email, replySubject(msg.Subject, g), msg.MessageID, "Your email could not be processed because of an error in the server's rules engine. Nothing was applied; the GM has been told."); err != nil {
								return err
							}
						}
					}
				}
			}
			if err := tx.MarkProcessed("sha256:"+bodyHash(raw), rec); err != nil {
				return err
			}
			if msg != nil && msg.MessageID != "" {
				return tx.MarkProcessed("msgid:"+msg.MessageID, rec)
			}
			return nil
		})
	}
	if err != nil {
		return nil, err
	}
	if out.Kind != "duplicate" {
		j.wake()
	}
	return out, nil
}

// errEnginePanic marks a rules-engine defect met while handling an email.
type errEnginePanic struct{ v any }

func (e errEnginePanic) Error() string { return fmt.Sprintf("rules engine failure: %v", e.v) }

// handleSafe runs handle and turns a rules-engine panic into a recorded
// failure: nothing of the email is applied, the sender and the GM are
// told, and the email is not retried forever.
func (j *Judge) handleSafe(tx *store.Tx, msg *intake.Message, perr error, raw []byte, now time.Time) (o *Outcome, err error) {
	defer func() {
		if v := recover(); v != nil {
			j.opt.Log.Error("rules engine panic", "panic", v)
			o, err = nil, errEnginePanic{v}
		}
	}()
	return j.handle(tx, msg, perr, raw, now)
}

var turnLine = regexp.MustCompile(`^(?i)turn\s*:?\s*(\d+)\s*$`)

func (j *Judge) handle(tx *store.Tx, msg *intake.Message, perr error, raw []byte, now time.Time) (*Outcome, error) {
	if perr != nil {
		from := ""
		if msg != nil {
			from = msg.From
		}
		if from == "" {
			from = sniffFrom(raw)
		}
		reason := "unreadable email: " + perr.Error()
		if errors.Is(perr, intake.ErrTooLarge) {
			reason = fmt.Sprintf("your email is larger than %d KB; send orders as plain text without attachments", j.opt.MaxBytes/1024)
		} else if errors.Is(perr, intake.ErrNoText) {
			reason = "your email has no text part: write your orders as plain text in the body"
		}
		if from != "" && !isAutomatic(from) {
			subject := "Re: your email to pbem"
			if msg != nil && msg.Subject != "" {
				subject = "Re: " + msg.Subject
			}
			if err := j.queueNotice(tx, nil, from, subject, msgRef(msg), "Your email was not processed: "+reason+"\nNothing changed in any game."); err != nil {
				return nil, err
			}
		}
		return &Outcome{Kind: store.OutcomeIgnored, Reason: reason}, nil
	}
	if msg.AutoReply {
		return &Outcome{Kind: store.OutcomeIgnored, Reason: "automatic reply or bounce"}, nil
	}
	from := msg.From
	ok, err := tx.Hit(from, now, time.Hour, j.opt.RatePerHour)
	if err != nil {
		return nil, err
	}
	if !ok {
		return &Outcome{Kind: store.OutcomeIgnored, Reason: "rate limit: too many emails from " + from}, nil
	}
	orders := intake.Extract(msg.Text)
	gameID := intake.GameTag(msg.Subject, append(append([]string{}, msg.To...), msg.Cc...))
	if gameID == "" {
		gameID = strings.ToLower(orders.Game)
	}
	subject := replySubject(msg.Subject, gameID)
	if gameID == "" {
		text := "pbem could not tell which game your email is for. Put the game's tag in\nthe subject, e.g. [roses-7], or simply reply to one of your reports."
		if mine := j.gamesOf(tx, from); len(mine) > 0 {
			text += "\n\nYour games: " + strings.Join(mine, ", ")
		}
		if err := j.queueNotice(tx, nil, from, subject, msgRef(msg), text); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, Reason: "no game tag"}, nil
	}
	g, err := tx.Game(gameID)
	if errors.Is(err, store.ErrNotFound) {
		text := fmt.Sprintf("There is no game %q on this server. Check the tag in the subject.", gameID)
		if mine := j.gamesOf(tx, from); len(mine) > 0 {
			text += "\n\nYour games: " + strings.Join(mine, ", ")
		}
		if err := j.queueNotice(tx, nil, from, subject, msgRef(msg), text); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: gameID, Reason: "unknown game"}, nil
	} else if err != nil {
		return nil, err
	}
	p := j.playerBySender(g, from)
	if p == nil {
		text := fmt.Sprintf("Your address %s does not play in game [%s], so your email was ignored.\nIf you play from another address, ask the GM to add it as an alias.", from, g.ID)
		if err := j.queueNotice(tx, nil, from, subject, msgRef(msg), text); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Reason: "sender is not a player"}, nil
	}
	role := adjudicator.Role(p.Role)
	_, st, err := loadState(g)
	if err != nil {
		return nil, err
	}
	// Resending a report needs no secret: it goes to the registered address.
	if orders.Report && len(orders.Lines) == 0 {
		if err := j.queueReport(tx, g, st, role, reportCause{resend: true}); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeAccepted, GameID: g.ID, Role: p.Role, Reason: "report resent"}, tx.PutGame(g)
	}
	if len(orders.Lines) == 1 && (strings.EqualFold(orders.Lines[0].Text, "record") || strings.EqualFold(orders.Lines[0].Text, "dice record")) {
		if err := j.queueRecord(tx, g, role, msg.MessageID, subject); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeAccepted, GameID: g.ID, Role: p.Role, Reason: "record sent"}, nil
	}
	if orders.Help && len(orders.Lines) == 0 {
		if err := j.queueNotice(tx, g, p.Email, subject, msgRef(msg), j.helpText(g, st, role)); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeAccepted, GameID: g.ID, Role: p.Role, Reason: "help sent"}, nil
	}
	if orders.Secret == "" || !store.CheckSecret(p.SecretSalt, p.SecretHash, orders.Secret) {
		why := "the secret is missing"
		if orders.Secret != "" {
			why = "the secret is wrong"
		}
		text := fmt.Sprintf("Your orders for [%s] were NOT applied: %s. Nothing changed.\nPut the line \"secret: ...\" from your welcome email in the body.", g.ID, why)
		if err := j.queueNotice(tx, g, p.Email, subject, msgRef(msg), text); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Role: p.Role, Reason: why}, nil
	}
	if g.Status.Finished {
		if err := j.queueNotice(tx, g, p.Email, subject, msgRef(msg), fmt.Sprintf("Game [%s] is over (%s); no more orders are taken.", g.ID, g.Status.Result)); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Role: p.Role, Reason: "game over"}, nil
	}
	if role == adjudicator.GM {
		return j.handleGM(tx, g, st, orders, msg, subject)
	}
	// Strip and check the "turn: N" line that reply blocks carry.
	var lines []adjudicator.Line
	for _, l := range orders.Lines {
		if m := turnLine.FindStringSubmatch(l.Text); m != nil {
			n, _ := strconv.Atoi(m[1])
			if n != g.Status.Turn {
				text := fmt.Sprintf("Your orders for [%s] were NOT applied: they are marked for turn %d but the\ngame is at turn %d (%s). Nothing changed. Your latest report follows.", g.ID, n, g.Status.Turn, g.Status.Label)
				if err := j.queueNotice(tx, g, p.Email, subject, msgRef(msg), text); err != nil {
					return nil, err
				}
				if err := j.queueReport(tx, g, st, role, reportCause{resend: true}); err != nil {
					return nil, err
				}
				return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Role: p.Role, Reason: "stale turn"}, tx.PutGame(g)
			}
			continue
		}
		lines = append(lines, adjudicator.Line{No: l.No, Text: l.Text})
	}
	if len(lines) == 0 {
		text := fmt.Sprintf("Your email for [%s] held no orders. Nothing changed.", g.ID)
		if err := j.queueNotice(tx, g, p.Email, subject, msgRef(msg), text+"\n\n"+j.owesText(st, role)); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Role: p.Role, Reason: "no orders"}, nil
	}
	sub := adjudicator.Submission{Role: role, Lines: lines}
	if orders.Check || intake.SubjectCheck(msg.Subject) {
		// A dry run on throw-away dice: nothing is stored, no real die is rolled.
		_, res, aerr := st.Apply(sub, testdice.New(1))
		data := CheckData{GameID: g.ID, Footer: j.footer(g)}
		if rej := asRejection(aerr); rej != nil {
			data.Problems = problems(rej)
		} else if aerr != nil {
			data.Problems = []ProblemData{{Reason: aerr.Error()}}
		} else {
			data.Accepted = res.Canonical
		}
		if err := j.queueRendered(tx, g, p.Email, subject, "check", msgRef(msg), "check", data); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeCheck, GameID: g.ID, Role: p.Role}, nil
	}
	var texts []string
	for _, l := range lines {
		texts = append(texts, l.Text)
	}
	before := promptSig(st)
	beforeOwes := roleSigs(st)
	var next adjudicator.State
	var res *adjudicator.Result
	le, aerr := j.applyEntry(g, dice.Entry{Role: p.Role, Kind: "orders", Lines: texts, Entropy: orders.Entropy}, g.Status.Turn, func(d adjudicator.Dice) (*adjudicator.Result, error) {
		var err error
		next, res, err = st.Apply(sub, d)
		return res, err
	})
	if aerr != nil {
		rej := asRejection(aerr)
		if rej == nil {
			rej = &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: aerr.Error()}}}
		}
		data := RejectData{GameID: g.ID, Problems: problems(rej), Owes: owes(st, role), Footer: j.footer(g)}
		if err := j.queueRendered(tx, g, p.Email, subject, "reject", msgRef(msg), "reject", data); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Role: p.Role, Reason: rej.Error()}, nil
	}
	le.MessageID = msg.MessageID
	le.From = from
	le.At = now
	revealed := g.Dice.RevealedThrough
	if err := j.commitState(tx, g, next, le); err != nil {
		return nil, err
	}
	diceText, err := j.turnDice(tx, g, revealed)
	if err != nil {
		return nil, err
	}
	if promptSig(next) != before {
		j.resetDeadline(g, next, now)
	}
	if err := j.queueReports(tx, g, next, reportCause{sender: role, accepted: res.Canonical, inReplyTo: msg.MessageID, beforeOwes: beforeOwes, diceText: diceText}); err != nil {
		return nil, err
	}
	return &Outcome{Kind: store.OutcomeAccepted, GameID: g.ID, Role: p.Role}, tx.PutGame(g)
}

// handleGM serves the GM's commands: "report" (omniscient), "dice" (the
// dice log so far).
func (j *Judge) handleGM(tx *store.Tx, g *store.Game, st adjudicator.State, orders *intake.Orders, msg *intake.Message, subject string) (*Outcome, error) {
	var b strings.Builder
	now := j.opt.Now().UTC()
	if orders.Report {
		if err := j.queueReport(tx, g, st, adjudicator.GM, reportCause{resend: true}); err != nil {
			return nil, err
		}
	}
	for _, l := range orders.Lines {
		f := strings.Fields(l.Text)
		if len(f) >= 1 {
			done, err := j.gmSeatCommand(tx, g, st, f, l.No, &b, now)
			if err != nil {
				return nil, err
			}
			if done {
				if _, s2, err := loadState(g); err == nil {
					st = s2
				}
				continue
			}
		}
		if len(f) >= 2 && strings.EqualFold(f[0], "rollback") {
			to, err := strconv.Atoi(f[1])
			if err != nil {
				fmt.Fprintf(&b, "line %d: rollback needs an entry number (see the dice log)\n", l.No)
				continue
			}
			if err := j.rollback(tx, g, to, strings.Join(f[2:], " "), j.opt.Now().UTC()); err != nil {
				fmt.Fprintf(&b, "line %d: %v\n", l.No, err)
				continue
			}
			fmt.Fprintf(&b, "line %d: rolled back to entry %d; every player has a new report\n", l.No, to)
			eng, s2, err := loadState(g)
			if err != nil {
				return nil, err
			}
			_, st = eng, s2
			continue
		}
		switch strings.ToLower(strings.TrimSpace(l.Text)) {
		case "dice":
			err := tx.Log(g.ID, 1, func(e *store.LogEntry) error {
				for _, d := range e.Draws {
					if d.Stream == dice.Hidden && !g.Status.Finished {
						fmt.Fprintf(&b, "entry %d  %s #%d  %s  (hidden until the game ends)\n", e.Seq, d.Stream, d.Counter, d.Purpose)
						continue
					}
					fmt.Fprintf(&b, "entry %d  %s e%d #%d  %s  d%d -> %d\n", e.Seq, d.Stream, d.Epoch, d.Counter, d.Purpose, d.Sides, d.Result)
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
		case "report":
			if err := j.queueReport(tx, g, st, adjudicator.GM, reportCause{resend: true}); err != nil {
				return nil, err
			}
		default:
			fmt.Fprintf(&b, "line %d: %q is not a GM command (known: report, dice, rollback N [reason], deadline HOURS, defaults, alias ROLE ADDRESS, replace ROLE ADDRESS)\n", l.No, l.Text)
		}
	}
	if b.Len() > 0 {
		if err := j.queueNotice(tx, g, g.GM, subject, msgRef(msg), b.String()); err != nil {
			return nil, err
		}
	}
	return &Outcome{Kind: store.OutcomeAccepted, GameID: g.ID, Role: string(adjudicator.GM), Reason: "gm command"}, tx.PutGame(g)
}

func asRejection(err error) *adjudicator.Rejection {
	var rej *adjudicator.Rejection
	if errors.As(err, &rej) {
		return rej
	}
	return nil
}

func problems(rej *adjudicator.Rejection) []ProblemData {
	var out []ProblemData
	for _, p := range rej.Problems {
		pd := ProblemData{LineNo: p.Line.No, Line: p.Line.Text, Reason: p.Reason, Legal: p.Legal}
		if pd.Line == "" {
			pd.Line = "(the orders as a whole)"
		}
		out = append(out, pd)
	}
	return out
}

// playerBySender finds the seat whose address (or alias) sent the email.
func (j *Judge) playerBySender(g *store.Game, from string) *store.Player {
	from = strings.ToLower(from)
	for i := range g.Players {
		p := &g.Players[i]
		if p.Email == from || contains(p.Aliases, from) || contains(j.opt.Aliases[p.Email], from) {
			return p
		}
	}
	return nil
}

func (j *Judge) gamesOf(tx *store.Tx, from string) []string {
	games, err := tx.Games()
	if err != nil {
		return nil
	}
	var out []string
	for _, g := range games {
		if !g.Status.Finished && j.playerBySender(g, from) != nil {
			out = append(out, g.ID)
		}
	}
	return out
}

func isAutomatic(addr string) bool {
	a := strings.ToLower(addr)
	return strings.HasPrefix(a, "mailer-daemon@") || strings.HasPrefix(a, "postmaster@") || strings.HasPrefix(a, "no-reply") || strings.HasPrefix(a, "noreply")
}

var fromRe = regexp.MustCompile(`(?im)^from:.*?<?([A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+)>?\s*$`)

// sniffFrom finds a sender address in a message too broken to parse.
func sniffFrom(raw []byte) string {
	head := raw
	if len(head) > 8192 {
		head = head[:8192]
	}
	if m := fromRe.FindSubmatch(head); m != nil {
		return strings.ToLower(string(m[1]))
	}
	return ""
}

func replySubject(subject, gameID string) string {
	s := strings.TrimSpace(subject)
	if s == "" && gameID != "" {
		s = "[" + gameID + "]"
	}
	low := strings.ToLower(s)
	if strings.HasPrefix(low, "re:") {
		return s
	}
	return "Re: " + s
}
