package mapdraw

import (
	"sync"

	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
)

// The map's own words (its heading, key, legend and caption) come from
// the platform's catalogue (mailer/i18n, keys "map.*") in the map's
// language, board.Map.Lang. What a game writes on its map (area, side
// and border names, notes, markers) is drawn as the game gives it.

var catalogue = sync.OnceValues(i18n.New)

// word renders key with name/value pairs in m's language.
func word(m *board.Map, key string, kv ...any) string {
	c, err := catalogue()
	if err != nil {
		return msg.New(key, kv...).String()
	}
	return c.T(m.Lang, key, kv...)
}

// count renders a plural key for n in m's language.
func count(m *board.Map, key string, n int) string {
	c, err := catalogue()
	if err != nil {
		return msg.Plural(key, n).String()
	}
	return c.Text(m.Lang, msg.Plural(key, n))
}
