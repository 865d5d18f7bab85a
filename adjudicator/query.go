package adjudicator

import (
	"strings"

	"github.com/pbem/pbem/adjudicator/msg"
)

// EnglishAnswer is a MsgQuerier's Query: the answer ms (or the error
// err) of its QueryMsg rendered by en, one message a line, each line laid
// out by line (which wraps the long ones as the game prints them).
func EnglishAnswer(ms []msg.M, err error, en *msg.English, line func(m msg.M, text string) string) (string, error) {
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(line(m, en.Text(m)))
		b.WriteString("\n")
	}
	return b.String(), nil
}

// NewQueryError is the QueryError of a name a game could not match: the
// reason err read back into a message of the game's catalogue by pats,
// or kept as written when none matches.
func NewQueryError(err error, pats msg.Patterns, en *msg.English) *QueryError {
	m, ok := pats.Match(err.Error())
	if !ok {
		m = msg.Lit(err.Error())
	}
	return &QueryError{Text: en.Text(m), Msg: m}
}
