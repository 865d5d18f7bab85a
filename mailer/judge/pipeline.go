package judge

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// The path of one email, inside the transaction HandleMail opens:
//
//	readable     an email pbem could not parse gets a short reply
//	admit        auto-replies, the rate limit, which game, and strangers
//	findGame     no tag or an unknown game: say so; else load the game
//	unsubscribeStep  an observer's unsubscribe token ends its reports
//	             (observe.go)
//	authenticate the sender's seat, and the game's state
//	requests     language, report, record, show and help, which need no
//	             secret
//	checkSecret  the seat's secret, then "game over"
//	senderAuth   the game's sender-authentication rule (off, warn, require)
//	fresh        a submission applies once: a reused one-time token, or
//	             without one the same lines as an applied submission, is
//	             refused (see fresh.go)
//	route        the GM's commands, or the player's lines: newsecret,
//	             settings (seat.go), resign, a dry run, or orders applied
//	             and reports queued
//
// Each step reads what the earlier ones found in the email's mailCtx and
// either adds to it or ends the email with an Outcome (and the replies it
// queued). Nothing is written to the store until a step queues a reply or
// applies orders, and all of it is one transaction.

// mailCtx is one email on its way through the steps.
type mailCtx struct {
	tx   *store.Tx
	raw  []byte
	msg  *intake.Message // nil when the email could not be parsed
	perr error           // why it could not be parsed
	now  time.Time
	auth authVerdict // what the server found about the sender

	orders  *intake.Orders // the email's lines, keywords and secret
	gameID  string         // the game it names ("" if none)
	subject string         // the subject of replies
	g       *store.Game
	seat    *store.Player
	role    adjudicator.Role
	st      adjudicator.State
	lines   []adjudicator.Line // a player's order lines: no turn line, no secret
	// contents are the hashes of a submission's lines (none when the
	// email changes nothing); spent says its token was used (fresh.go).
	contents []string
	spent    bool
}

// step is one stage of the path: it ends the email with an Outcome, or
// returns nil to go on.
type step func(c *mailCtx) (*Outcome, error)

func (j *Judge) handle(tx *store.Tx, msg *intake.Message, perr error, raw []byte, now time.Time, v authVerdict) (*Outcome, error) {
	c := &mailCtx{tx: tx, raw: raw, msg: msg, perr: perr, now: now, auth: v}
	for _, s := range []step{j.readable, j.admit, j.findGame, j.unsubscribeStep, j.authenticate, j.requests, j.checkSecret, j.senderAuth, j.fresh, j.route} {
		if o, err := s(c); err != nil || o != nil {
			return o, err
		}
	}
	return nil, errors.New("judge: an email went through every step without an outcome")
}

// outcome is an Outcome about c's game and seat as far as they are known.
func (c *mailCtx) outcome(kind, reason string) *Outcome {
	o := &Outcome{Kind: kind, GameID: c.gameID, Reason: reason}
	if c.g != nil {
		o.GameID = c.g.ID
	}
	if c.seat != nil {
		o.Role = c.seat.Role
	}
	return o
}

// tell queues a notice in reply to the email, to the seat's registered
// address when the sender has one, else to the sender.
func (j *Judge) tell(c *mailCtx, text string) error {
	to := c.msg.From
	if c.seat != nil {
		to = c.seat.Email
	}
	return j.queueNotice(c.tx, c.g, to, c.subject, msgRef(c.msg), text)
}

// refuse tells the sender text and ends the email as rejected for reason.
func (j *Judge) refuse(c *mailCtx, text, reason string) (*Outcome, error) {
	if err := j.tell(c, text); err != nil {
		return nil, err
	}
	return c.outcome(store.OutcomeRejected, reason), nil
}

// readable answers an email that could not be parsed (when it has a
// sender worth answering) and ends it.
func (j *Judge) readable(c *mailCtx) (*Outcome, error) {
	if c.perr == nil {
		return nil, nil
	}
	from := ""
	if c.msg != nil {
		from = c.msg.From
	}
	if from == "" {
		from = sniffFrom(c.raw)
	}
	reason := "unreadable email: " + c.perr.Error()
	key, kv := "notice.unreadable", []any{"Error", c.perr.Error()}
	if errors.Is(c.perr, intake.ErrTooLarge) {
		reason = fmt.Sprintf("your email is larger than %d KB; send orders as plain text without attachments", j.opt.MaxBytes/1024)
		key, kv = "notice.too_large", []any{"KB", j.opt.MaxBytes / 1024}
	} else if errors.Is(c.perr, intake.ErrNoText) {
		reason = "your email has no text part: write your orders as plain text in the body"
		key, kv = "notice.no_text", nil
	}
	if from != "" && !isAutomatic(from) {
		lang := addressLang(c.tx, from)
		subject := j.opt.Templates.T(lang, "subject.your_email")
		if c.msg != nil && c.msg.Subject != "" {
			subject = "Re: " + c.msg.Subject
		}
		text := j.opt.Templates.T(lang, "notice.not_processed", "Reason", j.opt.Templates.T(lang, key, kv...))
		if err := j.queueNotice(c.tx, nil, from, subject, msgRef(c.msg), text); err != nil {
			return nil, err
		}
	}
	return &Outcome{Kind: store.OutcomeIgnored, Reason: reason}, nil
}

// admit drops automatic mail, applies the rate limit to unauthenticated
// senders, reads the orders, names the game, and drops mail for no game
// from an address that plays none (spam, usually forged: answering it
// would send mail to innocent third parties). The stranger check reads
// two indexes, whatever the store's size.
func (j *Judge) admit(c *mailCtx) (*Outcome, error) {
	if c.msg.AutoReply {
		return &Outcome{Kind: store.OutcomeIgnored, Reason: "automatic reply or bounce"}, nil
	}
	ok, err := c.tx.Hit(c.msg.From, c.now, time.Hour, j.opt.RatePerHour)
	if err != nil {
		return nil, err
	}
	c.orders = intake.ExtractFrom(c.msg)
	c.gameID = resolveGame(c.tx, c.msg, c.orders)
	if !ok && !j.authentic(c.tx, c.gameID, c.msg.From, c.orders.Secret) {
		// Only unauthenticated mail is limited: anyone can forge a From
		// address, and a flood must not lock the real player out.
		return &Outcome{Kind: store.OutcomeIgnored, Reason: "rate limit: too many emails from " + c.msg.From}, nil
	}
	c.subject = replySubject(c.msg.Subject, c.gameID)
	// A league created or run by email (leaguemail.go).
	if o, err := j.leagueMail(c); o != nil || err != nil {
		return o, err
	}
	// A game created by email, or an answer to its invitation (invite.go).
	if o, err := j.invitation(c); o != nil || err != nil {
		return o, err
	}
	known := c.gameID != "" && c.tx.HasGame(c.gameID)
	if !known && len(j.gamesOf(c.tx, c.msg.From)) == 0 {
		return &Outcome{Kind: store.OutcomeIgnored, GameID: c.gameID, Reason: "no game of this server, from an address that plays none"}, nil
	}
	return nil, nil
}

// findGame loads the game the email names, or tells the sender (who
// plays somewhere here) which games are theirs.
func (j *Judge) findGame(c *mailCtx) (*Outcome, error) {
	// The sender is not placed in a seat yet, and finding the language he
	// chose in his games would read them: the store's address index has
	// the language he chose last (one read, whatever the store's size).
	lang := addressLang(c.tx, c.msg.From)
	yours := func(text string) string {
		if mine := j.gamesOf(c.tx, c.msg.From); len(mine) > 0 {
			text += "\n\n" + j.opt.Templates.T(lang, "notice.your_games", "Games", strings.Join(mine, ", "))
		}
		return text
	}
	if c.gameID == "" {
		return j.refuse(c, yours(j.opt.Templates.T(lang, "notice.no_game_tag")), "no game tag")
	}
	g, err := c.tx.Game(c.gameID)
	if errors.Is(err, store.ErrNotFound) {
		return j.refuse(c, yours(j.opt.Templates.T(lang, "notice.unknown_game", "Game", c.gameID)), "unknown game")
	}
	if err != nil {
		return nil, err
	}
	c.g = g
	return nil, nil
}

// authenticate finds the sender's seat (by address and, when the sender
// holds several, by secret) and decodes the game's state.
func (j *Judge) authenticate(c *mailCtx) (*Outcome, error) {
	c.seat = j.seatFor(c.g, c.msg.From, c.orders.Secret)
	if c.seat == nil {
		// The reply goes to the sender, with no game footer: a stranger
		// learns nothing of the game.
		text := j.opt.Templates.T(addressLang(c.tx, c.msg.From), "notice.not_a_player", "Address", c.msg.From, "Game", c.g.ID)
		if err := j.queueNotice(c.tx, nil, c.msg.From, c.subject, msgRef(c.msg), text); err != nil {
			return nil, err
		}
		return c.outcome(store.OutcomeRejected, "sender is not a player"), nil
	}
	c.role = adjudicator.Role(c.seat.Role)
	_, st, err := loadState(c.g)
	if err != nil {
		// A game whose engine is gone or whose state does not decode
		// fails the same way every time: record it, do not retry.
		return nil, errEnginePanic{err}
	}
	c.st = st
	return nil, nil
}

// requests serves what a seat may ask for without its secret (it all
// goes to the registered address): the report again, the record as the
// seat may see it, help.
func (j *Judge) requests(c *mailCtx) (*Outcome, error) {
	o := c.orders
	if o.Language != "" {
		lang, err := i18n.ParseLanguage(o.Language)
		if err != nil {
			return j.refuse(c, j.tr(c.seat, "notice.unknown_language", "Language", strconv.Quote(o.Language)), "unknown language")
		}
		c.seat.Lang = lang
		if err := rememberLang(c.tx, c.seat, false); err != nil {
			return nil, err
		}
		if err := c.tx.PutGame(c.g); err != nil {
			return nil, err
		}
		if len(o.Lines) == 0 && !o.Report && !o.Help {
			if err := j.tell(c, j.opt.Templates.T(lang, "lang.changed")); err != nil {
				return nil, err
			}
			return c.outcome(store.OutcomeAccepted, "language set to "+lang), nil
		}
	}
	switch {
	case o.Report && len(o.Lines) == 0:
		if err := j.queueReport(c.tx, c.g, c.st, c.role, reportCause{resend: true}); err != nil {
			return nil, err
		}
		return c.outcome(store.OutcomeAccepted, "report resent"), c.tx.PutGame(c.g)
	case len(o.Lines) == 1 && (strings.EqualFold(o.Lines[0].Text, "record") || strings.EqualFold(o.Lines[0].Text, "dice record")):
		if err := j.queueRecord(c.tx, c.g, c.role, c.msg.MessageID, c.subject); err != nil {
			return nil, err
		}
		return c.outcome(store.OutcomeAccepted, "record sent"), nil
	case showQueries(o.Lines) != nil:
		return j.showStep(c, showQueries(o.Lines))
	case o.Help && len(o.Lines) == 0:
		if err := j.tell(c, j.helpText(c.g, c.st, c.role, seatLang(c.seat))); err != nil {
			return nil, err
		}
		return c.outcome(store.OutcomeAccepted, "help sent"), nil
	}
	return nil, nil
}

// checkSecret refuses orders without the seat's secret, and any orders
// for a game that is over.
func (j *Judge) checkSecret(c *mailCtx) (*Outcome, error) {
	secret := c.orders.Secret
	lang := seatLang(c.seat)
	if secret == "" || !secretMatches(c.seat, secret) {
		why, key := "the secret is missing", "notice.secret_missing"
		if isPlaceholder(secret) {
			key = "notice.secret_placeholder"
		} else if secret != "" {
			why, key = "the secret is wrong", "notice.secret_wrong"
		}
		return j.refuse(c, j.opt.Templates.T(lang, key, "Game", c.g.ID), why)
	}
	if c.g.Status.Finished {
		return j.refuse(c, j.opt.Templates.T(lang, "notice.game_over", "Game", c.g.ID, "Result", j.resultIn(c.g, lang)), "game over")
	}
	return nil, nil
}

// route sends an authenticated email to the GM's commands or through the
// player's steps.
func (j *Judge) route(c *mailCtx) (*Outcome, error) {
	if c.role == adjudicator.GM {
		// The GM's next report (a rollback sends one) carries the next token.
		c.useToken()
		if c.newSecret() {
			return j.newSecretStep(c)
		}
		o, err := j.handleGM(c)
		if err != nil || o == nil || o.Kind != store.OutcomeAccepted {
			return o, err
		}
		if err := c.recordSubmission(); err != nil {
			return nil, err
		}
		return o, c.tx.PutGame(c.g)
	}
	for _, s := range []step{j.newSecretStep, j.settingsStep, j.orderLines, j.resignStep, j.dryRun, j.applyOrders} {
		if o, err := s(c); err != nil || o != nil {
			return o, err
		}
	}
	return nil, errors.New("judge: a player's email went through every step without an outcome")
}

// orderLines checks the reply block's "turn: N" line and collects the
// order lines, with the secret redacted wherever it appears; an email
// with no orders, or too many, is refused.
func (j *Judge) orderLines(c *mailCtx) (*Outcome, error) {
	g := c.g
	for _, l := range c.orders.Lines {
		if m := turnLine.FindStringSubmatch(l.Text); m != nil {
			n, _ := strconv.Atoi(m[1])
			if n != g.Status.Turn {
				lang := seatLang(c.seat)
				text := j.opt.Templates.T(lang, "notice.stale_turn", "Game", g.ID, "Turn", n, "Now", g.Status.Turn, "Label", statusLabel(c.st, lang, j.opt.Templates.Catalog))
				if err := j.tell(c, text); err != nil {
					return nil, err
				}
				if err := j.queueReport(c.tx, g, c.st, c.role, reportCause{resend: true}); err != nil {
					return nil, err
				}
				return c.outcome(store.OutcomeRejected, "stale turn"), c.tx.PutGame(g)
			}
			continue
		}
		// The secret never reaches the engine, the log or the record,
		// even on a line where it does not belong.
		c.lines = append(c.lines, adjudicator.Line{No: l.No, Text: redactSecret(l.Text, c.orders.Secret)})
	}
	if len(c.lines) == 0 {
		return j.refuse(c, j.opt.Templates.T(seatLang(c.seat), "notice.no_orders", "Game", g.ID)+"\n\n"+j.owesText(c.st, c.role, seatLang(c.seat)), "no orders")
	}
	if key, kv := tooBig(c.lines, c.orders.Entropy); key != "" {
		why := j.tr(c.seat, key, kv...)
		return j.refuse(c, j.tr(c.seat, "notice.too_big", "Game", g.ID, "Why", why), j.tr(nil, key, kv...))
	}
	return nil, nil
}

// checking reports whether the email asks for a dry run.
func (c *mailCtx) checking() bool { return c.orders.Check || intake.SubjectCheck(c.msg.Subject) }

// resignStep ends the game if the player resigns (see end.go).
func (j *Judge) resignStep(c *mailCtx) (*Outcome, error) {
	if !isResign(c.lines) {
		return nil, nil
	}
	o, err := j.resign(c.tx, c.g, c.seat, c.lines, c.checking(), c.msg, c.subject)
	if err != nil || o == nil || o.Kind != store.OutcomeAccepted {
		return o, err
	}
	if err := c.recordSubmission(); err != nil {
		return nil, err
	}
	return o, c.tx.PutGame(c.g)
}

// dryRun answers a check: the orders applied to the state on throw-away
// dice, nothing stored, no real die rolled.
func (j *Judge) dryRun(c *mailCtx) (*Outcome, error) {
	if !c.checking() {
		return nil, nil
	}
	secret := c.orders.Secret
	_, res, aerr := c.st.Apply(adjudicator.Submission{Role: c.role, Lines: c.lines}, testdice.New(1))
	lang := seatLang(c.seat)
	data := CheckData{Lang: lang, GameID: c.g.ID, Footer: j.footerIn(c.g, lang)}
	if rej := asRejection(aerr); rej != nil {
		data.Problems = problems(rej, secret, lang, j.opt.Templates.Catalog)
	} else if aerr != nil {
		data.Problems = []ProblemData{{Line: j.opt.Templates.T(lang, "reject.whole_orders"), Reason: clip(redactSecret(aerr.Error(), secret), maxQuote)}}
	} else {
		for _, l := range res.Canonical {
			data.Accepted = append(data.Accepted, clip(redactSecret(l, secret), maxQuote))
		}
	}
	if err := j.queueRendered(c.tx, c.g, c.seat.Email, c.subject, "check", msgRef(c.msg), "check", data); err != nil {
		return nil, err
	}
	return c.outcome(store.OutcomeCheck, ""), nil
}

// applyOrders applies the orders on the game's dice: a rejection is
// answered with every faulty line and what was legal; accepted orders
// are logged with the new state, and every player who has news gets a
// report.
func (j *Judge) applyOrders(c *mailCtx) (*Outcome, error) {
	// The revision window (revise.go): orders that bring in the last
	// decision owed wait in it; while they wait, the players of the step
	// may still revise.
	if c.g.Held != nil {
		if string(c.role) == c.g.Held.Role {
			return j.replaceHeld(c)
		}
		return j.reviseEarlier(c)
	}
	if c.g.Policy.ReviseMinutes > 0 && completes(c.st, c.role) {
		return j.holdOrders(c)
	}
	o, err := j.commitOrders(c.tx, c.g, c.st, c.seat, c.submitted(), c.now, c.recordSubmission)
	if err != nil || o != nil {
		return o, err
	}
	// The sender's new report carries the next one-time token.
	return c.outcome(store.OutcomeAccepted, ""), nil
}

// submitted is what c's email submits: its order lines, entropy and
// origin.
func (c *mailCtx) submitted() submitted {
	s := submitted{lines: c.lines, entropy: c.orders.Entropy, msgID: c.msg.MessageID, from: c.msg.From, subject: c.subject, secret: c.orders.Secret}
	for _, l := range c.lines {
		s.texts = append(s.texts, l.Text)
	}
	return s
}

// submitted are a seat's orders as they are applied: from an email, or
// held through a revision window.
type submitted struct {
	lines   []adjudicator.Line
	texts   []string
	entropy []string
	msgID   string
	from    string
	subject string
	secret  string // the secret the email carried: never quoted back
	held    bool   // held through a revision window: the seat acted when they came
}

// entry is the dice entry of s for role.
func (s submitted) entry(role adjudicator.Role) dice.Entry {
	return dice.Entry{Role: string(role), Kind: "orders", Lines: s.texts, Entropy: s.entropy}
}

// rejectOrders answers orders the engine refused: every faulty line
// and what was legal.
func (j *Judge) rejectOrders(tx *store.Tx, g *store.Game, st adjudicator.State, seat *store.Player, s submitted, aerr error) (*Outcome, error) {
	rej := asRejection(aerr)
	if rej == nil {
		rej = &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: aerr.Error()}}}
	}
	lang := seatLang(seat)
	role := adjudicator.Role(seat.Role)
	data := RejectData{Lang: lang, GameID: g.ID, Problems: problems(rej, s.secret, lang, j.opt.Templates.Catalog), Owes: owes(st, role, lang, j.opt.Templates.Catalog), Footer: j.footerIn(g, lang)}
	if err := j.queueRendered(tx, g, seat.Email, s.subject, "reject", s.msgID, "reject", data); err != nil {
		return nil, err
	}
	return &Outcome{Kind: store.OutcomeRejected, GameID: g.ID, Role: seat.Role, Reason: clip(redactSecret(rej.Error(), s.secret), maxReason)}, nil
}

// commitOrders applies seat's orders s to st on the game's dice: a
// rejection is answered (and returned as the Outcome); accepted orders
// are logged with the new state (record, when set, then remembers the
// submission) and every player who has news gets a report. It returns a
// nil Outcome when the orders were applied.
func (j *Judge) commitOrders(tx *store.Tx, g *store.Game, st adjudicator.State, seat *store.Player, s submitted, now time.Time, record func() error) (*Outcome, error) {
	role := adjudicator.Role(seat.Role)
	before := promptSig(st)
	beforeOwes := roleSigs(st)
	var next adjudicator.State
	var res *adjudicator.Result
	le, aerr := j.applyEntry(g, s.entry(role), g.Status.Turn, func(d adjudicator.Dice) (*adjudicator.Result, error) {
		var err error
		next, res, err = st.Apply(adjudicator.Submission{Role: role, Lines: s.lines}, d)
		return res, err
	})
	if aerr != nil {
		return j.rejectOrders(tx, g, st, seat, s, aerr)
	}
	le.MessageID = s.msgID
	le.From = s.from
	le.At = now
	revealed := g.Dice.RevealedThrough
	if err := j.commitState(tx, g, next, le); err != nil {
		return nil, err
	}
	if record != nil {
		if err := record(); err != nil {
			return nil, err
		}
	}
	diceText, err := j.turnDice(tx, g, revealed)
	if err != nil {
		return nil, err
	}
	if !s.held {
		if err := j.seatActed(tx, g, seat, now); err != nil {
			return nil, err
		}
	}
	if promptSig(next) != before && !(graceHolds(g, st, next)) {
		if err := j.resetDeadline(tx, g, next, now); err != nil {
			return nil, err
		}
	}
	if g.Status.Finished {
		// These orders ended the game (a finished game takes none): the
		// luck report and the league's result go before the final
		// reports.
		if err := j.gameOver(tx, g); err != nil {
			return nil, err
		}
	}
	if err := j.queueReports(tx, g, next, reportCause{sender: role, accepted: res.Canonical, inReplyTo: s.msgID, beforeOwes: beforeOwes, diceText: diceText}); err != nil {
		return nil, err
	}
	return nil, tx.PutGame(g)
}

// isPlaceholder reports whether a secret line still holds the reply
// block's placeholder, in any language ("<your secret>", "<tu secreto>").
func isPlaceholder(secret string) bool {
	s := strings.TrimSpace(secret)
	return strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">")
}
