package judge

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/store"
)

// Single-use submissions. Every email that changes a game (a player's
// orders or resignation, a GM's commands) is applied once, whatever its
// Message-ID: the duplicate check of HandleMail recognises the same email
// delivered twice, and the fresh step below recognises it re-sent.
//
// Each seat numbers its applied submissions (store.Player.Submissions).
// Every report carries, in its reply block, the seat's one-time token for
// its next submission: "N-mac", where N is that submission's number and
// mac an HMAC keyed with the seat's stored secret hash over the game, the
// role and N. The server keeps no token: it recomputes the mac, so a token
// cannot be forged without the store, and a new secret (newsecret,
// replace, rotate) invalidates every token issued before it.
//
//   - An email carrying the token of the next submission applies.
//   - An email carrying the token of an applied one is refused: "this
//     email was already applied on ...".
//   - An email with no token (written by hand) applies unless the same
//     lines (normalised: case, spacing) were already applied for the seat
//     in this game; when it carries the reply block's "turn: N" line,
//     unless they were already applied in turn N. The store keeps, by
//     seat, two hashes of each applied submission: of its lines, and of
//     its lines with the turn it was applied in. So the same orders may
//     be given again in a later turn with the turn line, and an email
//     stripped of its turn line is still recognised. A GM rollback voids
//     the submissions it undoes.

// gmStateCommands are the GM commands that change a game: an email with
// one of them is a submission. The rest (report, dice, record) only ask.
var gmStateCommands = map[string]bool{
	"rollback": true, "deadline": true, "defaults": true, "alias": true,
	"replace": true, "abandon": true, "rotate": true, "auth": true,
	"weekends": true, "grace": true, "reminders": true, "vacations": true,
	"missed": true, "pause": true, "resume": true, "extend": true,
	"observe": true, "unobserve": true, "revise": true,
}

// submitting reports whether c's email would change the game if its
// lines were accepted (a dry run, or GM requests only, would not).
func (c *mailCtx) submitting() bool {
	if c.checking() {
		return false
	}
	if c.role != adjudicator.GM {
		return !c.newSecret()
	}
	for _, l := range c.orders.Lines {
		if f := strings.Fields(l.Text); len(f) > 0 && gmStateCommands[strings.ToLower(f[0])] {
			return true
		}
	}
	return false
}

// contentOf hashes the lines of a submission as they would be applied:
// case and spacing normalised, the reply block's turn line, the secret
// and the token left out. turn > 0 scopes the hash to that turn. It also
// returns the turn the email's turn line names (0 if none).
func contentOf(lines []string, turn int) (hash string, turnLineN int) {
	h := sha256.New()
	fmt.Fprintf(h, "pbem-content-v1\x00%d", turn)
	for _, l := range lines {
		if m := turnLine.FindStringSubmatch(l); m != nil {
			turnLineN, _ = strconv.Atoi(m[1])
			continue
		}
		h.Write([]byte{0})
		h.Write([]byte(strings.ToLower(strings.Join(strings.Fields(l), " "))))
	}
	return hex.EncodeToString(h.Sum(nil)[:16]), turnLineN
}

var tokenEnc = base32.NewEncoding("abcdefghijkmnpqrstuvwxyz23456789").WithPadding(base32.NoPadding)

// tokenMAC is the mac part of seat p's token for submission n.
func tokenMAC(gameID string, p *store.Player, n uint64) string {
	m := hmac.New(sha256.New, append([]byte("pbem-token-v1"), p.SecretHash...))
	fmt.Fprintf(m, "%s\x00%s\x00%d", gameID, p.Role, n)
	return tokenEnc.EncodeToString(m.Sum(nil)[:5])
}

// tokenFor is seat p's one-time token for its next submission.
func tokenFor(gameID string, p *store.Player) string {
	n := p.Submissions + 1
	return strconv.FormatUint(n, 10) + "-" + tokenMAC(gameID, p, n)
}

// parseToken checks a typed token against seat p: it returns the
// submission number it names, or ok false when it is not one of p's.
func parseToken(gameID string, p *store.Player, typed string) (n uint64, ok bool) {
	typed = strings.ToLower(strings.Trim(typed, " \t\"'`.,;:!?()[]{}<>*_"))
	num, mac, found := strings.Cut(typed, "-")
	if !found || len(num) > 19 || len(mac) != 8 {
		return 0, false
	}
	n, err := strconv.ParseUint(num, 10, 64)
	if err != nil || n == 0 {
		return 0, false
	}
	return n, hmac.Equal([]byte(mac), []byte(tokenMAC(gameID, p, n)))
}

// fresh refuses a submission that was already applied: a reused token, or
// without a token the same lines as an applied submission of the seat. A
// fresh submission goes on with its content hashes in c.contents; the step
// that applies it calls spend.
func (j *Judge) fresh(c *mailCtx) (*Outcome, error) {
	if !c.submitting() {
		return nil, nil
	}
	texts := make([]string, 0, len(c.orders.Lines))
	for _, l := range c.orders.Lines {
		texts = append(texts, redactSecret(l.Text, c.orders.Secret))
	}
	g, p := c.g, c.seat
	plain, written := contentOf(texts, 0)
	inTurn, _ := contentOf(texts, g.Status.Turn)
	c.contents = []string{plain, inTurn}
	lang := seatLang(p)
	// again refuses an email already applied; how is the catalogue key of
	// what was applied ("an email with this token").
	again := func(s *store.Submission, how string) (*Outcome, error) {
		if s != nil && s.Default {
			text := j.opt.Templates.T(lang, "notice.too_late", "Game", g.ID, "When", formatDate(s.At.UTC(), lang))
			return j.refuse(c, text, "too late")
		}
		when := msg.New("notice.when_earlier")
		if s != nil {
			when = msg.New("notice.when_on", "Date", formatDate(s.At.UTC(), lang))
		}
		text := j.opt.Templates.T(lang, "notice.already_applied", "Game", g.ID, "What", msg.New(how), "When", when)
		if s != nil && s.Void {
			text += j.opt.Templates.T(lang, "notice.rolled_back")
		}
		text += "\n\n" + j.opt.Templates.T(lang, "notice.new_orders")
		return j.refuse(c, text, "already applied")
	}
	if c.orders.Token != "" {
		n, ok := parseToken(g.ID, p, c.orders.Token)
		if !ok || n > p.Submissions+1 {
			return j.refuse(c, j.opt.Templates.T(lang, "notice.invalid_token", "Game", g.ID), "invalid token")
		}
		if n <= p.Submissions {
			s, err := c.tx.SubmissionByNumber(g.ID, p.Role, n)
			if err != nil {
				return nil, err
			}
			return again(s, "notice.applied_token")
		}
		return nil, nil
	}
	look := plain
	if written > 0 && c.role != adjudicator.GM && written != g.Status.Turn {
		return nil, nil // marked for another turn: refused as stale later
	}
	if written > 0 {
		// Orders marked for a turn: the same orders in an earlier turn
		// are new ones (a stale turn line is refused later).
		look, _ = contentOf(texts, written)
	}
	s, err := c.tx.SubmissionByContent(g.ID, p.Role, look)
	if err != nil {
		return nil, err
	}
	if s != nil {
		return again(s, "notice.applied_lines")
	}
	return nil, nil
}

// useToken counts c's submission as applied: the seat's next report
// carries the next token. Call it before the reports are queued; record
// writes the submission once the game's log holds it.
func (c *mailCtx) useToken() {
	if len(c.contents) > 0 && !c.spent {
		c.seat.Submissions++
		c.spent = true
	}
}

// recordSubmission remembers c's applied submission, against a re-send.
func (c *mailCtx) recordSubmission() error {
	if len(c.contents) == 0 {
		return nil
	}
	c.useToken()
	return c.tx.RecordSubmission(c.g.ID, c.seat.Role, &store.Submission{
		Number: c.seat.Submissions, Contents: c.contents, At: c.now,
		MessageID: c.msg.MessageID, Seq: c.g.Seq,
	})
}

// newSecret reports whether the email asks for a new secret.
func (c *mailCtx) newSecret() bool {
	return len(c.orders.Lines) == 1 && isNewSecret(c.orders.Lines[0].Text)
}

func isNewSecret(l string) bool {
	f := strings.ToLower(strings.Join(strings.Fields(l), ""))
	return f == "newsecret"
}
