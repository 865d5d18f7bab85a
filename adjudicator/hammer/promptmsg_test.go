package hammer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n"
)

// gameCatalog is the platform's catalogue with the game's own.
func gameCatalog(t testing.TB) *i18n.Catalog {
	cat, err := i18n.New()
	require.NoError(t, err)
	fsys, dir := Game{}.Locales()
	require.NoError(t, cat.Load(fsys, dir))
	return cat
}

// Every prompt of random games carries a message whose English reads
// exactly as the prompt's text, and whose Spanish and Italian render
// with every placeholder filled.
func TestPromptMessagesReadAsTheText(t *testing.T) {
	cat := gameCatalog(t)
	kinds := map[string]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		playRandom(t, seed, "", false, func(s *St, _ *adjudicator.Result) {
			for _, p := range s.Prompts() {
				require.NotNil(t, p.TextMsg, "prompt %s has no message", p.Kind)
				require.Equal(t, p.Text, cat.Text("en", *p.TextMsg), "prompt %s", p.Kind)
				for _, lang := range []string{"es", "it"} {
					got := cat.Text(lang, *p.TextMsg)
					require.NotContains(t, got, "<no value>", "%s %s", lang, p.TextMsg)
					require.NotContains(t, got, "ham.prompt.", "%s %s", lang, p.TextMsg)
					require.NotContains(t, got, "ham.decide.", "%s %s", lang, p.TextMsg)
					require.NotEqual(t, p.Text, got, "%s %s", lang, p.Kind)
				}
				kinds[p.Kind] = true
			}
		})
	}
	var ks []string
	for k := range kinds {
		ks = append(ks, k)
	}
	t.Logf("prompt kinds seen: %s", strings.Join(ks, " "))
}
