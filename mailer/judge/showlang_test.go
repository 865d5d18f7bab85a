package judge

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
	"github.com/pbem/pbem/store"
)

// showIn has seat role of a new game of game speak lang, sends body by
// email and returns the one reply's words, checked for English left in (the
// platform's show.* words and the game's own, under prefix).
func showIn(t *testing.T, e *emailGame, role adjudicator.Role, lang, body, prefix string) (*Outcome, string) {
	t.Helper()
	require.Equal(t, store.OutcomeAccepted, e.send(e.addr[role], "language "+lang).Kind)
	o, m := e.show(role, body)
	cat := e.j.opt.Templates.Catalog
	i18ntest.NoEnglish(t, cat, lang, m.Text, "show.", prefix)
	require.Contains(t, m.Text, cat.T(lang, "show.nothing_changed"))
	return o, strings.Join(strings.Fields(m.Text), " ") // lines wrap in the mail
}

// "show" by email from a Spanish seat of Richard III: the answer and the
// unknown name's suggestions are in Spanish, the enemy's blocks a count.
func TestShowByEmailInSpanishRichard(t *testing.T) {
	e := newEmailGame(t, "richard-iii", "wars-of-the-roses", nil)
	o, text := showIn(t, e, "lancaster", "es", "mostrar calais\nshow knet\n", "r3.q.")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "> show calais")
	require.Contains(t, text, "Calais: puerto mayor; escudos: warwick; área de exilio de York.")
	require.Contains(t, text, "Zonas marítimas: North Sea, English Channel.")
	require.Contains(t, text, "Bloques de York: 6 (ocultos)")
	require.NotContains(t, text, "Warwick 4/4")
	require.Contains(t, text, `"knet" no es un área conocida; ¿querías decir Kent?`)
	for _, w := range []string{"blocks", "hidden", "Sea zones", "major port", "did you mean"} {
		require.NotContains(t, text, w)
	}
	// An English seat reads the game's English answer, as before.
	_, m := e.show("york", "show calais\n")
	require.Contains(t, m.Text, "Calais: major port; shields: warwick; exile area of York.\n")
	require.Contains(t, m.Text, "York blocks: ")
}

// The same in Italian for Hammer of the Scots.
func TestShowByEmailInItalianHammer(t *testing.T) {
	e := newEmailGame(t, "hammer-of-the-scots", "", nil)
	o, text := showIn(t, e, "scotland", "it", "mostra fife\nvedi buchna\n", "ham.q.")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "Fife: castello 2, cattedrale, costiera.")
	require.Contains(t, text, "Confini: ")
	require.Contains(t, text, `"buchna" non è una regione conosciuta; forse intendevi Buchan?`)
	for _, w := range []string{"blocks", "hidden", "Borders", "castle", "did you mean"} {
		require.NotContains(t, text, w)
	}
}

// And in Spanish for Here I Stand, hand included: a seat's hand names
// only its own powers' cards.
func TestShowByEmailInSpanishHereIStand(t *testing.T) {
	e := newEmailGame(t, "here-i-stand", "1517", adjudicator.Options{"players": "3"})
	o, text := showIn(t, e, "hapsburg+papacy", "es", "ver vienna\nshow gulf of lyon\nshow vienne\nshow mano\n", "his.q.")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "Vienna: objetivo, capital, espacio natal de Habsburgo, de habla alemana.")
	require.Contains(t, text, "Control: Habsburgo. Religión: católica.")
	require.Contains(t, text, "Gulf of Lyon: zona marítima.")
	require.Contains(t, text, `"vienne" no se reconoce como un espacio o una zona marítima; ¿quizá Vienna?`)
	require.Contains(t, text, "Mano de Habsburgo: ")
	require.Contains(t, text, "Mano de Papado: ")
	require.NotContains(t, text, "Mano de Otomano")
	for _, w := range []string{"Units:", "Connections", "sea zone", "home space", "hand:", "did you mean"} {
		require.NotContains(t, text, w)
	}
}
