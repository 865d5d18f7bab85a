package hereistand

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// queryEnglishWords are words of the English answers that a Spanish or
// Italian one must not hold.
var queryEnglishWords = []string{"Religion:", "Catholic", "Units:", "No units", "No fleets",
	"Connections", "Passes", "Port on", "sea zone", "home space", "-speaking", "fortress", "unfortified",
	"Under siege", "land unit", "besieging", "not under siege", "hand:", "no cards", "independent",
	"through its ally", "unrest", "Reformer", "Reformation target", "Jesuit", "Electorate display", "Ports:"}

// HIS-2.1, HIS-2.3, HIS-2.5: "show" answers in the reader's language:
// the same lines as the English answer, which is their rendering in
// English; space, sea zone, leader and card names stay as printed, and a
// seat's "show hand" names no card of another seat's powers.
func TestQueryInEveryLanguage(t *testing.T) {
	s := seatGame(t, 3, 1).clone()
	metz, milan := sp(t, "metz"), sp(t, "milan")
	s.addUnits(metz, France, Force{Reg: 3})
	s.Warfare.Siege.set(metz)
	s.setAlly(France, Venice, true)
	s.Unrest.set(milan)
	cat := gameCatalog(t)
	require.Empty(t, cat.Check())
	seat := adjudicator.Role("hapsburg+papacy")
	for _, q := range []string{"vienna", "belgrade", "istanbul", "mainz", "metz", "venice", "milan", "geneva",
		"gulf of lyon", "north sea", "hand", "mano", "carte"} {
		ms, err := s.QueryMsg(seat, q)
		require.NoError(t, err, q)
		en, err := s.Query(seat, q)
		require.NoError(t, err, q)
		var lines []string
		for _, m := range ms {
			i18ntest.Check(t, cat, queryEnglish().Text(m), m, "his.", false)
			lines = append(lines, cat.Text("en", m))
		}
		require.Equal(t, strings.Join(strings.Fields(en), " "), strings.Join(strings.Fields(strings.Join(lines, "\n")), " "), q)
		for _, lang := range []string{"es", "it"} {
			var b strings.Builder
			for _, m := range ms {
				b.WriteString(cat.Text(lang, m) + "\n")
			}
			text := b.String()
			i18ntest.NoEnglish(t, cat, lang, text, "his.q.")
			for _, w := range queryEnglishWords {
				require.NotContains(t, text, w, "%s %s:\n%s", lang, q, text)
			}
			if loc, err := matchLoc(q); err == nil {
				name := ""
				if isSea(loc) {
					name = seas[loc-NS].Name
				} else {
					name = spaces[loc].Name
				}
				require.True(t, strings.HasPrefix(text, name+": "), text)
				continue
			}
			for p := 0; p < NMajor; p++ {
				if p == Hapsburg || p == Papacy {
					continue
				}
				for _, c := range s.Hands[p] {
					require.NotContains(t, text, cardName(int(c))+" ", "%s shows a card of %s", lang, powers[p].Name)
				}
			}
		}
	}
	vienna, err := s.QueryMsg(seat, "vienna")
	require.NoError(t, err)
	require.Equal(t, "Vienna: objetivo, capital, espacio natal de Habsburgo, de habla alemana.", cat.Text("es", vienna[0]))
	require.Equal(t, "Vienna: chiave, capitale, spazio d'origine di Asburgo, di lingua tedesca.", cat.Text("it", vienna[0]))
	require.Equal(t, "Control: Habsburgo. Religión: católica.", cat.Text("es", vienna[1]))
	metzMsg, err := s.QueryMsg(seat, "metz")
	require.NoError(t, err)
	var es []string
	for _, m := range metzMsg {
		es = append(es, cat.Text("es", m))
	}
	require.Contains(t, es, "Bajo asedio: 1 unidad terrestre dentro de las fortificaciones, 3 sitiadores.")
	hand, err := s.QueryMsg(seat, "mano")
	require.NoError(t, err)
	require.Len(t, hand, 2)
	require.True(t, strings.HasPrefix(cat.Text("es", hand[0]), "Mano de Habsburgo: #"), cat.Text("es", hand[0]))
	require.True(t, strings.HasPrefix(cat.Text("it", hand[1]), "Mano di Papato: #"), cat.Text("it", hand[1]))
}

// An unknown name is told in the reader's language, with the nearest
// names as the map prints them; so are a question without a name and a
// hand asked by a seat that holds no power.
func TestQueryErrorsInSpanish(t *testing.T) {
	s := seatGame(t, 3, 1)
	cat := gameCatalog(t)
	var qe *adjudicator.QueryError
	_, err := s.QueryMsg("england+protestant", "vienne")
	require.ErrorAs(t, err, &qe)
	require.Equal(t, qe.Text, cat.Text("en", qe.Msg))
	require.Contains(t, qe.Error(), `"vienne" is not a known space or sea zone; did you mean Vienna`)
	require.Equal(t, `"vienne" no se reconoce como un espacio o una zona marítima; ¿quizá Vienna?`, cat.Text("es", qe.Msg))
	_, err = s.Query("england+protestant", "vienne")
	require.ErrorAs(t, err, &qe)
	_, err = s.QueryMsg("england+protestant", " ")
	require.ErrorAs(t, err, &qe)
	require.Equal(t, `show what? Name a space or a sea zone, e.g. "show vienna", or "show hand"`, qe.Error())
	require.True(t, strings.HasPrefix(cat.Text("es", qe.Msg), "¿mostrar qué?"))
	_, err = s.QueryMsg("nobody", "hand")
	require.ErrorAs(t, err, &qe)
	require.Equal(t, `"nobody" holds no power, so no hand`, qe.Error())
	require.Equal(t, `"nobody" non ha alcuna potenza, quindi nessuna mano`, cat.Text("it", qe.Msg))
}
