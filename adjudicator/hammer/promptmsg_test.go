package hammer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// gameCatalog is the platform's catalogue with the game's own.
func gameCatalog(t testing.TB) *i18n.Catalog { return i18ntest.Catalog(t, Game{}) }

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
				i18ntest.Check(t, cat, p.Text, *p.TextMsg, "ham.", true)
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
