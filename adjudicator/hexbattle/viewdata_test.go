package hexbattle

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n"
)

func gameCatalog(t testing.TB) *i18n.Catalog {
	cat, err := i18n.New()
	require.NoError(t, err)
	fsys, dir := Game{}.Locales()
	require.NoError(t, cat.Load(fsys, dir))
	return cat
}

// The status label, every prompt and the status lines of random battles
// read in English exactly as the game's own text, and render in Spanish
// and Italian with every placeholder filled.
func TestMessagesReadAsTheText(t *testing.T) {
	cat := gameCatalog(t)
	kinds := map[string]bool{}
	for _, sc := range testScenarios {
		for seed := uint64(1); seed <= 3; seed++ {
			walk(t, sc, seed, func(s *St, _ *adjudicator.Result) {
				require.Equal(t, s.label(), cat.Text("en", s.LabelMsg()))
				for _, p := range s.Prompts() {
					require.NotNil(t, p.TextMsg, "prompt %s has no message", p.Kind)
					require.Equal(t, p.Text, cat.Text("en", *p.TextMsg), "prompt %s", p.Kind)
					kinds[p.Kind] = true
				}
				for _, r := range []adjudicator.Role{adjudicator.Role(s.side(0)), adjudicator.Role(s.side(1))} {
					for _, sec := range s.View(r).Sections {
						require.NotNil(t, sec.TitleMsg, "section %s", sec.Title)
						require.Equal(t, sec.Title, cat.Text("en", *sec.TitleMsg))
						if len(sec.Lines) > 0 {
							var ls []string
							for _, l := range sec.Lines {
								ls = append(ls, cat.Text("en", l))
							}
							require.Equal(t, strings.TrimRight(sec.Body, "\n"), strings.Join(ls, "\n"))
						}
					}
				}
				for _, lang := range []string{"es", "it"} {
					for _, p := range s.Prompts() {
						got := cat.Text(lang, *p.TextMsg)
						require.NotContains(t, got, "<no value>")
						require.NotContains(t, got, "hex.")
						require.NotEqual(t, p.Text, got)
					}
					got := cat.Text(lang, s.LabelMsg())
					require.NotContains(t, got, "<no value>")
					require.NotContains(t, got, "hex.")
				}
			})
		}
	}
	require.Len(t, kinds, 5, "prompt kinds seen: %v", kinds)
}
