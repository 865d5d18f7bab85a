package judge

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

// gmLang is the language of g's GM seat (English when it chose none).
func gmLang(g *store.Game) string {
	if g == nil {
		return seatLang(nil)
	}
	return seatLang(g.Player(string(adjudicator.GM)))
}

// gmSay writes the answer to line no of a GM email to w: the message key
// in the GM's language, after the line's number.
func (j *Judge) gmSay(w *strings.Builder, g *store.Game, no int, key string, kv ...any) {
	j.gmSayText(w, g, no, j.opt.Templates.T(gmLang(g), key, kv...))
}

// gmSayText writes a text already made (an error's, a message in the
// GM's language) as the answer to line no.
func (j *Judge) gmSayText(w *strings.Builder, g *store.Game, no int, text string) {
	w.WriteString(j.opt.Templates.T(gmLang(g), "line.answer", "Line", no, "Text", text))
	w.WriteByte('\n')
}

// gmT renders the message key in the language of g's GM.
func (j *Judge) gmT(g *store.Game, key string, kv ...any) string {
	return j.opt.Templates.T(gmLang(g), key, kv...)
}
