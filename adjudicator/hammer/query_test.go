package hammer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// "show Buchan" answers what the reader may see of an area: castle and
// borders, his own blocks by name and strength, the enemy's as a count.
func TestQueryShowsAnAreaAsTheReaderSeesIt(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	put(t, s, "york_infantry", "buchan", 0)
	var q adjudicator.Querier = s

	sc, err := q.Query(RoleScotland, "buchan")
	require.NoError(t, err)
	assert.Contains(t, sc, "Buchan: ")
	assert.Contains(t, sc, "Borders: ")
	assert.Contains(t, sc, "Scotland blocks: Douglas 4/4")
	assert.Contains(t, sc, "England blocks: 1 (hidden)")
	assert.NotContains(t, sc, "York Infantry")

	en, err := q.Query(RoleEngland, "Buch")
	require.NoError(t, err)
	assert.Contains(t, en, "England blocks: York Infantry 4/4")
	assert.Contains(t, en, "Scotland blocks: 1 (hidden)")
	assert.NotContains(t, en, "Douglas")

	gm, err := q.Query(adjudicator.GM, "buchan")
	require.NoError(t, err)
	assert.Contains(t, gm, "Douglas")
	assert.Contains(t, gm, "York Infantry")

	_, err = q.Query(RoleScotland, "buchna")
	assert.ErrorContains(t, err, "did you mean Buchan?")
}

// The English answer, byte for byte: long lists wrap between items.
func TestQueryEnglishAnswer(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "lanark", 0)
	put(t, s, "york_infantry", "lanark", 0)
	got, err := s.Query(RoleScotland, "lanark")
	require.NoError(t, err)
	require.Equal(t, "Lanark: castle 2.\n"+
		"Borders: Annan (red), Carrick (black), Lennox (black),\n"+
		"         Lothian (black), Mentieth (black), Selkirk Forest (red)\n"+
		"England blocks: 1 (hidden)\n"+
		"Scotland blocks: Douglas 4/4 C3\n", got)
}

// queryEnglishWords are words of the English answer that a Spanish or
// Italian one must not hold.
var queryEnglishWords = []string{"blocks", "hidden", "Borders", "castle", "cathedral", "coastal",
	"black", "red)", "red,", "Anglo-Scottish", "(home)", "England blocks", "Scotland blocks"}

// "show" answers in the reader's language: the same lines as the English
// answer, which is their rendering in English; the enemy's blocks stay a
// count in every language, and the map's names stay as printed.
func TestQueryInEveryLanguage(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "lanark", 0)
	put(t, s, "moray", "lanark", 0)
	put(t, s, "york_infantry", "lanark", 0)
	put(t, s, "edward", "teviot", 0)
	put(t, s, "buchan_scot", "buchan", 0)
	cat := gameCatalog(t)
	require.Empty(t, cat.Check())
	for _, q := range []string{"lanark", "teviot", "buchan", "fife", "england", "strathspey"} {
		a, err := matchArea(q)
		require.NoError(t, err)
		for _, role := range []adjudicator.Role{RoleScotland, RoleEngland, adjudicator.GM} {
			ms, err := s.QueryMsg(role, q)
			require.NoError(t, err)
			en, err := s.Query(role, q)
			require.NoError(t, err)
			var lines []string
			for _, m := range ms {
				i18ntest.Check(t, cat, queryEnglish().Text(m), m, "ham.", false)
				lines = append(lines, cat.Text("en", m))
			}
			require.Equal(t, strings.Join(strings.Fields(en), " "), strings.Join(strings.Fields(strings.Join(lines, "\n")), " "), "%s %s", role, q)
			for _, lang := range []string{"es", "it"} {
				text := i18ntest.QueryIn(t, cat, lang, ms, "ham.q.", queryEnglishWords)
				require.True(t, strings.HasPrefix(text, areas[a].Name), text)
				for x := 0; x < NB; x++ {
					if int(s.Loc[x]) == a && role != adjudicator.GM && roles[blocks[x].Side] != role {
						require.NotContains(t, text, blocks[x].Label, "%s sees %s", role, blocks[x].Label)
					}
				}
			}
		}
	}
	ms, err := s.QueryMsg(RoleEngland, "lanark")
	require.NoError(t, err)
	require.Equal(t, "Bloques de Escocia: 2 (ocultos)", cat.Text("es", ms[len(ms)-1]))
	require.Equal(t, "Blocchi di Scozia: 2 (nascosti)", cat.Text("it", ms[len(ms)-1]))
}

// An unknown name is told in the reader's language, with the nearest
// names as the map prints them.
func TestQueryUnknownNameInSpanish(t *testing.T) {
	s := emptyState(t)
	cat := gameCatalog(t)
	_, err := s.QueryMsg(RoleScotland, "buchna")
	i18ntest.QueryError(t, cat, err, `"buchna" is not a known area; did you mean Buchan?`, map[string]string{
		"es": `"buchna" no es una región conocida; ¿querías decir Buchan?`,
		"it": `"buchna" non è una regione conosciuta; forse intendevi Buchan?`})
}
