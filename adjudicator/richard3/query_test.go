package richard3

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// "show Calais" answers what the reader may see of an area: its borders
// and sea zones, his own blocks by name and strength, the enemy's as a
// count only (blocks stand upright, hidden from the enemy).
func TestQueryShowsAnAreaAsTheReaderSeesIt(t *testing.T) {
	st, err := Game{}.Setup("", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*State)
	var q adjudicator.Querier = s

	york, err := q.Query(RoleYork, "calais")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(york, "Calais"), york)
	assert.Contains(t, york, "York blocks: ")
	assert.Contains(t, york, "Warwick 4/4")
	assert.Contains(t, york, "Sea zones: ")

	lanc, err := q.Query(RoleLancaster, "Calais")
	require.NoError(t, err)
	assert.Contains(t, lanc, "York blocks: 6 (hidden)")
	assert.NotContains(t, lanc, "Warwick")

	gm, err := q.Query(adjudicator.GM, "cal")
	require.NoError(t, err)
	assert.Contains(t, gm, "Warwick 4/4")

	kent, err := q.Query(RoleYork, "kent")
	require.NoError(t, err)
	assert.Contains(t, kent, "Borders (colour, blocks that may cross a turn): ")
	assert.Contains(t, kent, "(yellow, 4)")

	_, err = q.Query(RoleYork, "knet")
	assert.EqualError(t, err, `"knet" is not a known area; did you mean Kent?`)
}

// queryEnglishWords are words of the English answer that a Spanish or
// Italian one must not hold.
var queryEnglishWords = []string{"blocks", "hidden", "Borders", "colour", "Sea zones", "major port",
	"crown area", "island", "shields", "cathedral", "city ", "exile area", "yellow", "blue", "red,"}

// "show" answers in the reader's language: the same lines as the English
// answer, which is their rendering in English, with the map's names as
// printed; the enemy's blocks stay a count in every language.
func TestQueryInEveryLanguage(t *testing.T) {
	st, err := Game{}.Setup("", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*State)
	cat := gameCatalog(t)
	require.Empty(t, cat.Check())
	for _, q := range []string{"kent", "calais", "isle of man", "london", "north yorks", "ireland"} {
		for _, role := range []adjudicator.Role{RoleYork, RoleLancaster, adjudicator.GM} {
			ms, err := s.QueryMsg(role, q)
			require.NoError(t, err)
			en, err := s.Query(role, q)
			require.NoError(t, err)
			var lines []string
			for _, m := range ms {
				i18ntest.Check(t, cat, queryEnglish().Text(m), m, "r3.", false)
				lines = append(lines, wrap(cat.Text("en", m), 76))
			}
			require.Equal(t, en, strings.Join(lines, "\n")+"\n", "%s %s", role, q)
			a, _ := matchArea(q)
			for _, lang := range []string{"es", "it"} {
				text := i18ntest.QueryIn(t, cat, lang, ms, "r3.q.", queryEnglishWords)
				require.Contains(t, text, areas[a].Name)
				for i := 0; i < nBlocks; i++ {
					if int(s.Loc[i]) == a && role != adjudicator.GM && s.owner(i) != sideOfRole(role) {
						require.NotContains(t, text, blockText(s, i), "%s sees %s", role, blocks[i].Name)
					}
				}
			}
		}
	}
	lanc, err := s.QueryMsg(RoleLancaster, "calais")
	require.NoError(t, err)
	require.Equal(t, "Bloques de York: 6 (ocultos)", cat.Text("es", lanc[len(lanc)-1]))
	require.Equal(t, "Blocchi di York: 6 (nascosti)", cat.Text("it", lanc[len(lanc)-1]))
}

// The English answer, line for line: the sea zones are the area's own.
func TestQueryEnglishAnswer(t *testing.T) {
	st, err := Game{}.Setup("", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*State)
	kent, err := s.Query(RoleLancaster, "kent")
	require.NoError(t, err)
	require.Equal(t, "Kent: cathedral canterbury; major port; shields: buckingham.\n"+
		"Borders (colour, blocks that may cross a turn): Middlesex (blue, 3)\nSussex (yellow, 4)\n"+
		"Sea zones: North Sea, English Channel.\n", kent)
	man, err := s.Query(RoleLancaster, "isle of man")
	require.NoError(t, err)
	require.Equal(t, "Isle of Man: island; shields: stanley.\nSea zones: Irish Sea.\n", man)
}

// An unknown name is told in the reader's language, with the nearest
// names as the map prints them.
func TestQueryUnknownNameInSpanish(t *testing.T) {
	st, err := Game{}.Setup("", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*State)
	cat := gameCatalog(t)
	_, err = s.QueryMsg(RoleYork, "knet")
	i18ntest.QueryError(t, cat, err, `"knet" is not a known area; did you mean Kent?`, map[string]string{
		"es": `"knet" no es un área conocida; ¿querías decir Kent?`,
		"it": `"knet" non è un'area conosciuta; forse intendevi Kent?`})
	_, err = s.Query(RoleYork, "knet")
	var qe *adjudicator.QueryError
	require.ErrorAs(t, err, &qe)
}
