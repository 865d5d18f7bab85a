package judge

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// Outcome says what became of one incoming email.
type Outcome struct {
	Kind   string // store.Outcome* or "duplicate"
	GameID string
	Role   string
	Reason string // never holds a secret
	// From and MessageID identify the email (the sender's address as
	// parsed, lower case; the Message-ID without angle brackets), for
	// logs. Empty when the email could not be parsed that far.
	From      string
	MessageID string
}

// HandleMail processes one raw email in one transaction: on return, the
// email is recorded as processed and every reply it causes is queued (or,
// on error, nothing at all changed and the email may be retried).
func (j *Judge) HandleMail(raw []byte) (*Outcome, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.opt.Now().UTC()
	msg, perr := intake.Parse(raw, intake.Options{MaxBytes: j.opt.MaxBytes})
	verdict := j.senderVerdict(msg, raw)
	var out *Outcome
	err := j.db.Update(func(tx *store.Tx) error {
		out = nil
		keys := []string{"sha256:" + bodyHash(raw)}
		if msg != nil && msg.MessageID != "" {
			keys = append(keys, "msgid:"+msg.MessageID)
		}
		if dup, err := duplicate(tx, keys, msg); err != nil || dup != nil {
			out = dup
			return err
		}
		o, err := j.handleSafe(tx, msg, perr, raw, now, verdict)
		if err != nil {
			return err
		}
		out = o
		msgID := ""
		if msg != nil {
			msgID = msg.MessageID
		}
		rec := &store.ProcessedRecord{GameID: o.GameID, Outcome: o.Kind, Reason: o.Reason, At: now, MessageID: msgID, Content: contentHash(msg)}
		for _, k := range keys {
			if err := tx.MarkProcessed(k, rec); err != nil {
				return err
			}
		}
		return nil
	})
	var gr errGMRejected
	if errors.As(err, &gr) {
		out, err = j.recordGMRefusal(msg, raw, gr, now)
	}
	var ep errEnginePanic
	if errors.As(err, &ep) {
		out, err = j.recordEngineFailure(msg, raw, ep, now)
	}
	if err != nil {
		return nil, err
	}
	if msg != nil {
		out.From, out.MessageID = msg.From, msg.MessageID
	}
	if out.Kind != "duplicate" {
		j.wake()
	}
	return out, nil
}

// duplicate returns the outcome of an email already processed under one
// of keys (its body hash, its Message-ID), or nil for a new email.
func duplicate(tx *store.Tx, keys []string, msg *intake.Message) (*Outcome, error) {
	for _, k := range keys {
		rec, err := tx.Processed(k)
		if err != nil {
			return nil, err
		}
		if rec != nil && strings.HasPrefix(k, "msgid:") && rec.Content != "" && rec.Content != contentHash(msg) {
			// Same Message-ID, other content: not a redelivery (a
			// reused or guessed ID must not swallow real orders).
			continue
		}
		if rec != nil {
			return &Outcome{Kind: "duplicate", GameID: rec.GameID, Reason: "already processed (" + rec.Outcome + ")"}, nil
		}
	}
	return nil, nil
}

// recordGMRefusal records, in a transaction of its own, a GM email whose
// commands were rolled back (a faulty line, or a dry run), and answers
// the GM.
func (j *Judge) recordGMRefusal(msg *intake.Message, raw []byte, gr errGMRejected, now time.Time) (*Outcome, error) {
	var out *Outcome
	var err error
	// The GM's commands were rolled back; record the refusal on its own.
	out = &Outcome{Kind: store.OutcomeRejected, Role: string(adjudicator.GM), Reason: clip("gm command refused: "+strings.TrimSpace(gr.problems), maxReason)}
	if gr.check {
		out.Kind, out.Reason = store.OutcomeCheck, clip("gm check: "+strings.TrimSpace(gr.problems), maxReason)
	}
	err = j.db.Update(func(tx *store.Tx) error {
		if _, err := tx.Hit(msg.From, now, time.Hour, j.opt.RatePerHour); err != nil {
			return err
		}
		orders := intake.Extract(msg.Text)
		gid := resolveGame(tx, msg, orders)
		game, err := tx.Game(gid)
		if err != nil {
			return err
		}
		out.GameID = gid
		text := gr.text(gid, j.opt.Templates.Catalog, gmLang(game))
		if err := j.queueNotice(tx, game, game.GM, replySubject(msg.Subject, gid), msg.MessageID, text); err != nil {
			return err
		}
		rec := &store.ProcessedRecord{GameID: gid, Outcome: out.Kind, Reason: out.Reason, At: now, MessageID: msg.MessageID}
		if err := tx.MarkProcessed("sha256:"+bodyHash(raw), rec); err != nil {
			return err
		}
		if msg.MessageID != "" {
			return tx.MarkProcessed("msgid:"+msg.MessageID, rec)
		}
		return nil
	})
	return out, err
}

// recordEngineFailure records, in a transaction of its own, an email that
// met a defect of the rules engine: nothing of it was applied; the GM and
// the sender are told. The record may quote the email, never its secret.
func (j *Judge) recordEngineFailure(msg *intake.Message, raw []byte, ep errEnginePanic, now time.Time) (*Outcome, error) {
	var out *Outcome
	var err error
	// The transaction was rolled back; record the failure on its own.
	// The failure may quote the email; it never quotes its secret.
	typed := ""
	if msg != nil {
		typed = intake.Extract(msg.Text).Secret
	}
	out = &Outcome{Kind: store.OutcomeIgnored, Reason: clip(redactSecret(ep.Error(), typed), maxReason)}
	err = j.db.Update(func(tx *store.Tx) error {
		rec := &store.ProcessedRecord{Outcome: out.Kind, Reason: out.Reason, At: now}
		if msg != nil {
			rec.MessageID = msg.MessageID
			if g := resolveGame(tx, msg, intake.Extract(msg.Text)); g != "" {
				rec.GameID = g
				out.GameID = g
				if game, gerr := tx.Game(g); gerr == nil {
					text := j.gmT(game, "gm.mail_error", "From", msg.From, "Game", g, "Error", clip(redactSecret(fmt.Sprint(ep.v), typed), maxReason))
					if err := j.queueNotice(tx, game, game.GM, j.gmT(game, "gm.internal_error_subject", "Game", g), msg.MessageID, text); err != nil {
						return err
					}
					if p := j.playerBySender(game, msg.From); p != nil {
						if err := j.queueNotice(tx, game, p.Email, replySubject(msg.Subject, g), msg.MessageID, j.tr(p, "notice.engine_error")); err != nil {
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
	return out, err
}

// resolveGame names the game an email is for: the first candidate tag
// (subject tags, then plus-addresses of the recipients, then a "game ID"
// line) that names a game in the store, so that a foreign tag such as
// "[ACME-42]" before the game's own does not hide it. With no known game
// it returns the first candidate, or "".
func resolveGame(tx *store.Tx, msg *intake.Message, orders *intake.Orders) string {
	cands := intake.GameTags(msg.Subject, append(append([]string{}, msg.To...), msg.Cc...))
	if orders != nil && orders.Game != "" {
		cands = append(cands, strings.ToLower(orders.Game))
	}
	for i, id := range cands {
		if i >= 16 {
			break // a subject full of tags: the first few decide
		}
		if tx.HasGame(id) {
			return id
		}
	}
	if len(cands) == 0 {
		return ""
	}
	return cands[0]
}

// errEnginePanic marks a rules-engine defect met while handling an email.
type errEnginePanic struct{ v any }

func (e errEnginePanic) Error() string { return fmt.Sprintf("rules engine failure: %v", e.v) }

// handleSafe runs handle and turns a rules-engine panic into a recorded
// failure: nothing of the email is applied, the sender and the GM are
// told, and the email is not retried forever.
func (j *Judge) handleSafe(tx *store.Tx, msg *intake.Message, perr error, raw []byte, now time.Time, v authVerdict) (o *Outcome, err error) {
	defer func() {
		if v := recover(); v != nil {
			j.opt.Log.Error("rules engine panic", "panic", v)
			o, err = nil, errEnginePanic{v}
		}
	}()
	return j.handle(tx, msg, perr, raw, now, v)
}

// contentHash identifies what a message says, whatever its transport
// headers: the same email delivered by two routes hashes the same.
func contentHash(m *intake.Message) string {
	if m == nil {
		return ""
	}
	return bodyHash([]byte(m.From + "\n" + m.Subject + "\n" + m.Text))
}

var turnLine = regexp.MustCompile(`^(?i)(?:turn|turno)\s*:?\s*(\d+)\s*$`)

// handleGM serves the GM's commands (report, dice, rollback, deadline,
// defaults, alias, replace). A GM email is all or nothing like a
// player's: if any line is faulty, handleGM returns errGMRejected, the
// transaction is rolled back and HandleMail records the refusal on its own.
func (j *Judge) handleGM(c *mailCtx) (*Outcome, error) {
	tx, g, st, orders, msg, subject := c.tx, c.g, c.st, c.orders, c.msg, c.subject
	var b, bad strings.Builder
	now := j.opt.Now().UTC()
	if orders.Report {
		if err := j.queueReport(tx, g, st, adjudicator.GM, reportCause{resend: true}); err != nil {
			return nil, err
		}
	}
	if len(orders.Lines) > maxLines {
		return nil, errGMRejected{problems: j.gmT(g, "gm.too_many_lines", "Lines", len(orders.Lines), "Max", maxLines) + "\n"}
	}
	for _, l := range orders.Lines {
		if turnLine.MatchString(l.Text) {
			continue // a reply block's "turn: N" means nothing to the GM
		}
		if g.Status.Finished {
			j.gmSay(&bad, g, l.No, "gm.after_abandon")
			break
		}
		before := bad.Len()
		f := strings.Fields(l.Text)
		if len(f) >= 1 && strings.EqualFold(f[0], "auth") {
			j.gmAuth(g, f, l.No, &b, &bad)
			if bad.Len() > before {
				break
			}
			continue
		}
		if len(f) >= 1 && strings.EqualFold(f[0], "rotate") {
			if err := j.gmRotate(c, g, f, l.No, &b, &bad); err != nil {
				return nil, err
			}
			if bad.Len() > before {
				break
			}
			continue
		}
		if len(f) >= 1 {
			done, err := j.gmSeatCommand(tx, g, st, f, l.No, &b, &bad, now)
			if err != nil {
				return nil, err
			}
			if done {
				if _, s2, err := loadState(g); err == nil {
					st = s2
				}
				if bad.Len() > before {
					break
				}
				continue
			}
		}
		if len(f) >= 2 && strings.EqualFold(f[0], "rollback") {
			to, err := strconv.Atoi(f[1])
			if err != nil {
				j.gmSay(&bad, g, l.No, "gm.rollback_usage")
				break
			}
			if err := j.rollback(tx, g, to, strings.Join(f[2:], " "), j.opt.Now().UTC()); err != nil {
				j.gmSayText(&bad, g, l.No, j.errText(err, gmLang(g)))
				break
			}
			j.gmSay(&b, g, l.No, "gm.rolled_back", "Entry", to)
			eng, s2, err := loadState(g)
			if err != nil {
				return nil, err
			}
			_, st = eng, s2
			continue
		}
		switch strings.ToLower(strings.TrimSpace(l.Text)) {
		case "dice":
			hidden := j.gmT(g, "gm.dice_hidden")
			err := tx.Log(g.ID, 1, func(e *store.LogEntry) error {
				for _, d := range e.Draws {
					if d.Stream == dice.Hidden && !g.Status.Finished {
						fmt.Fprintf(&b, "entry %d  %s #%d  %s  (%s)\n", e.Seq, d.Stream, d.Counter, d.Purpose, hidden)
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
			j.gmSay(&bad, g, l.No, "gm.unknown_command", "Text", strconv.Quote(clip(redactSecret(l.Text, orders.Secret), maxQuote)))
		}
		if bad.Len() > before {
			break
		}
	}
	check := orders.Check || intake.SubjectCheck(msg.Subject)
	if bad.Len() > 0 || check {
		return nil, errGMRejected{problems: bad.String(), done: b.String(), check: check}
	}
	if b.Len() > 0 {
		if gm := g.Player(string(adjudicator.GM)); gm != nil && !g.Status.Finished {
			// The GM's next email needs the next one-time token.
			fmt.Fprintf(&b, "\n%s\ntoken: %s\n", j.gmT(g, "gm.next_token"), tokenFor(g.ID, gm))
		}
		if err := j.queueNotice(tx, g, g.GM, subject, msgRef(msg), b.String()); err != nil {
			return nil, err
		}
	}
	return &Outcome{Kind: store.OutcomeAccepted, GameID: g.ID, Role: string(adjudicator.GM), Reason: "gm command"}, tx.PutGame(g)
}

// errGMRejected carries the faulty lines of a GM email, or the outcome
// of a GM's dry run: the whole transaction is rolled back and the
// refusal (or the check) recorded on its own.
type errGMRejected struct {
	problems string // faulty lines; "" for a check that would succeed
	done     string // what the lines before would have done
	check    bool   // a dry run ("check")
}

func (e errGMRejected) Error() string { return "GM command refused: " + e.problems }

// text is the GM's answer, in lang.
func (e errGMRejected) text(gameID string, cat *i18n.Catalog, lang string) string {
	var b strings.Builder
	if e.check {
		fmt.Fprintf(&b, "%s\n\n", cat.T(lang, "gm.check_only", "Game", gameID))
		if e.problems == "" {
			fmt.Fprintf(&b, "%s\n%s", cat.T(lang, "gm.check_would_do"), e.done)
			return b.String()
		}
		fmt.Fprintf(&b, "%s\n%s", cat.T(lang, "gm.check_would_refuse"), e.problems)
	} else {
		fmt.Fprintf(&b, "%s\n\n%s", cat.T(lang, "gm.refused", "Game", gameID), e.problems)
	}
	b.WriteString("\n" + cat.T(lang, "gm.whole_or_nothing"))
	return b.String()
}

// secretCandidates lists the forms of a typed secret worth checking: as
// typed, without surrounding quotes or punctuation and in lower case (phones
// capitalise; secrets are lower case), and in the canonical xxxx-xxxx-xxxx
// form when the player wrote it with spaces or without dashes.
func secretCandidates(typed string) []string {
	out := []string{typed}
	add := func(s string) {
		if s != "" && !contains(out, s) {
			out = append(out, s)
		}
	}
	t := strings.ToLower(strings.Trim(typed, " \t\"'`.,;:!?()[]{}<>*_"))
	add(t)
	var alnum strings.Builder
	for _, r := range t {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			alnum.WriteRune(r)
		}
	}
	if a := alnum.String(); len(a) == 12 {
		add(a[0:4] + "-" + a[4:8] + "-" + a[8:12])
	}
	return out
}

// secretMatches reports whether typed is p's secret in one of the forms
// of secretCandidates.
func secretMatches(p *store.Player, typed string) bool {
	if len(typed) > 200 {
		return false
	}
	for _, c := range secretCandidates(typed) {
		if store.CheckSecret(p.SecretSalt, p.SecretHash, c) {
			return true
		}
	}
	return false
}

// redactSecret replaces, case-insensitively, every occurrence of the
// secret a player typed (in each of its forms) with "<secret>", so that a
// reply never quotes a secret back.
func redactSecret(text, typed string) string {
	if typed == "" || len(typed) > 200 {
		return text // no secret is that long, so none can be quoted
	}
	for _, c := range secretCandidates(typed) {
		if len(c) < 4 {
			continue
		}
		text = regexp.MustCompile("(?i)"+regexp.QuoteMeta(c)).ReplaceAllLiteralString(text, "<secret>")
	}
	return text
}

func asRejection(err error) *adjudicator.Rejection {
	var rej *adjudicator.Rejection
	if errors.As(err, &rej) {
		return rej
	}
	return nil
}

// Limits that keep a reply readable whatever the email held.
const (
	maxProblems = 20   // faulty lines quoted in one reply
	maxQuote    = 200  // characters of one quoted line or reason
	maxReason   = 1000 // characters of an outcome's reason (logs, processed records)
	maxLines    = 500  // order lines in one email
	maxLineLen  = 1000 // characters in one order line
	maxEntropy  = 20   // entropy lines in one email (each at most maxQuote characters)
)

// problems turns a rejection into template data: at most maxProblems
// lines, each clipped, with the sender's secret never quoted back.
func problems(rej *adjudicator.Rejection, secret, lang string, cat *i18n.Catalog) []ProblemData {
	var out []ProblemData
	for i, p := range rej.Problems {
		if i == maxProblems {
			out = append(out, ProblemData{Line: cat.Text(lang, msg.Plural("reject.more_problems", len(rej.Problems)-maxProblems)), Reason: cat.T(lang, "reject.fix_above_first")})
			break
		}
		reason := inLang(p.Reason, p.ReasonMsg, lang, cat)
		if w := gmOnlyWord(p.Line.Text); w != "" && cat != nil {
			// A player who typed one of the GM's commands is told whose
			// it is, not only that the game knows no such order.
			reason += "; " + cat.T(lang, "notice.gm_only", "Word", w)
		}
		pd := ProblemData{LineNo: p.Line.No, Line: clip(redactSecret(p.Line.Text, secret), maxQuote), Reason: clip(redactSecret(reason, secret), maxQuote)}
		for k, l := range p.Legal {
			if k == maxProblems {
				pd.Legal = append(pd.Legal, "...")
				break
			}
			pd.Legal = append(pd.Legal, clip(l, maxQuote))
		}
		if pd.Line == "" {
			pd.Line = cat.T(lang, "reject.whole_orders")
		}
		out = append(out, pd)
	}
	return out
}

// gmOnlyWord returns the first word of a line a game refused when it is
// one of the GM's commands that change a game (no game has an order of
// that name), else "".
func gmOnlyWord(line string) string {
	f := strings.Fields(strings.ToLower(line))
	if len(f) == 0 || !gmStateCommands[f[0]] {
		return ""
	}
	return f[0]
}

// tooBig explains why an email's order lines are too many or too long to
// be read, as a catalogue key and its arguments, or returns "".
func tooBig(lines []adjudicator.Line, entropy []string) (string, []any) {
	if len(lines) > maxLines {
		return "notice.too_many_orders", []any{"N", len(lines), "Max", maxLines}
	}
	if len(entropy) > maxEntropy {
		return "notice.too_many_entropy", []any{"N", len(entropy), "Max", maxEntropy}
	}
	for _, e := range entropy {
		if n := len([]rune(e)); n > maxQuote {
			return "notice.entropy_too_long", []any{"N", n, "Max", maxQuote}
		}
	}
	for _, l := range lines {
		if n := len([]rune(l.Text)); n > maxLineLen {
			return "notice.line_too_long", []any{"Line", l.No, "N", n, "Max", maxLineLen}
		}
	}
	return "", nil
}

// clip shortens s to at most n characters, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// seatFor finds the seat an email speaks for: the seat of the sender's
// address (or alias) or, when one address holds several seats (a GM who
// also plays), the one whose secret the email carries, else the first.
func (j *Judge) seatFor(g *store.Game, from, secret string) *store.Player {
	var first *store.Player
	from = strings.ToLower(from)
	for i := range g.Players {
		p := &g.Players[i]
		if !j.isSender(p, from) {
			continue
		}
		if first == nil {
			first = p
		}
		if secret != "" && secretMatches(p, secret) {
			return p
		}
	}
	return first
}

// authentic reports whether the email carries the secret of a seat its
// sender holds in game gameID.
func (j *Judge) authentic(tx *store.Tx, gameID, from, secret string) bool {
	if gameID == "" || secret == "" {
		return false
	}
	g, err := tx.Game(gameID)
	if err != nil {
		return false
	}
	p := j.seatFor(g, from, secret)
	return p != nil && secretMatches(p, secret)
}

func (j *Judge) isSender(p *store.Player, from string) bool {
	return p.Email == from || contains(p.Aliases, from) || contains(j.opt.Aliases[p.Email], from)
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

// gamesOf lists, by ID, the unfinished games in which from may write:
// from the store's sender index, for from itself and for each registered
// address that Options.Aliases lets it stand for. Its cost does not grow
// with the number of games, so a stranger is refused cheaply.
func (j *Judge) gamesOf(tx *store.Tx, from string) []string {
	from = strings.ToLower(strings.TrimSpace(from))
	var out []string
	for _, addr := range append([]string{from}, j.aliasOf[from]...) {
		ids, err := tx.GamesOfAddress(addr)
		if err != nil {
			j.opt.Log.Error("sender index", "err", err)
			continue
		}
		for _, id := range ids {
			if !contains(out, id) {
				out = append(out, id)
			}
		}
	}
	sort.Strings(out)
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
