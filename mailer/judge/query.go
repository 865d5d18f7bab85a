package judge

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/mailer/textwrap"
	"github.com/pbem/pbem/store"
)

// maxShows is how many "show" lines one email may ask; the rest are
// answered with a note to ask again.
const maxShows = 12

// showWords are "show" in the languages pbem speaks.
var showWords = map[string]bool{"show": true, "mostrar": true, "ver": true, "mostra": true, "vedi": true}

// showQueries returns what each line of an email asks when every line
// is "show X" (X may be empty: the game says what it wants), or nil when
// some line is something else.
func showQueries(lines []intake.Line) []string {
	if len(lines) == 0 {
		return nil
	}
	var out []string
	for _, l := range lines {
		f := strings.Fields(l.Text)
		if len(f) == 0 || !showWords[strings.ToLower(f[0])] {
			return nil
		}
		out = append(out, strings.Join(f[1:], " "))
	}
	return out
}

// showStep answers an email of "show X" lines: what the seat may see of
// each thing named, from the game's Querier, in one reply to the seat's
// registered address, in the seat's language when the game answers as
// messages (adjudicator.MsgQuerier). It is a request like "report": no
// secret is needed, nothing is logged or applied and no die is drawn.
func (j *Judge) showStep(c *mailCtx, qs []string) (*Outcome, error) {
	secret := c.orders.Secret
	qr, ok := c.st.(adjudicator.Querier)
	if !ok {
		text := j.tr(c.seat, "show.none", "Game", c.g.ID, "Name", c.g.GameName)
		return j.refuse(c, text, "show: the game has no queries")
	}
	var b strings.Builder
	answered := 0
	for i, q := range qs {
		if i == maxShows {
			b.WriteString("\n" + j.tr(c.seat, "show.too_many", "N", len(qs)-maxShows, "Max", maxShows) + "\n")
			break
		}
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "> show %s\n", clip(redactSecret(q, secret), maxQuote))
		ans, err := j.answer(qr, c.role, q, seatLang(c.seat))
		if err != nil {
			fmt.Fprintf(&b, "%s\n", clip(redactSecret(err.Error(), secret), maxQuote))
			continue
		}
		answered++
		b.WriteString(strings.TrimRight(ans, "\n"))
		b.WriteString("\n")
	}
	b.WriteString("\n" + j.tr(c.seat, "show.nothing_changed"))
	if err := j.tell(c, b.String()); err != nil {
		return nil, err
	}
	if answered == 0 {
		return c.outcome(store.OutcomeRejected, "show: nothing known by those names"), nil
	}
	return c.outcome(store.OutcomeAccepted, fmt.Sprintf("show: %d answered", answered)), nil
}

// answer is the game's answer to "show q" for role in lang: the English
// text of Query for an English reader or a game that answers only in
// English, the game's messages rendered in lang otherwise, each line
// wrapped to the width of a view. An error the game gives as a message
// (adjudicator.QueryError) is told in lang too.
func (j *Judge) answer(qr adjudicator.Querier, role adjudicator.Role, q, lang string) (string, error) {
	mq, ok := qr.(adjudicator.MsgQuerier)
	cat := j.opt.Templates.Catalog
	if !ok || lang == i18n.Default || cat == nil {
		return qr.Query(role, q)
	}
	ms, err := mq.QueryMsg(role, q)
	if err != nil {
		var qe *adjudicator.QueryError
		if errors.As(err, &qe) {
			return "", errors.New(cat.Text(lang, qe.Msg))
		}
		return "", err
	}
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(textwrap.Wrap(cat.Text(lang, m), adjudicator.ViewWidth))
		b.WriteString("\n")
	}
	return b.String(), nil
}
