package judge

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/templates"
)

// The catalogue the reports use holds the platform's words and those of
// every game that ships its own, each complete in English, Spanish and
// Italian with the same placeholders.
func TestCatalogueOfEveryGameIsComplete(t *testing.T) {
	cat := templates.Builtin().Catalog
	for _, e := range cat.Check() {
		t.Error(e)
	}
	keys := strings.Join(cat.Keys("es"), " ")
	for _, name := range adjudicator.Games() {
		g, err := adjudicator.Lookup(name)
		require.NoError(t, err)
		if _, ok := g.(adjudicator.Localized); !ok {
			continue
		}
		prefix := map[string]string{"richard-iii": "r3.", "here-i-stand": "his.", "hammer-of-the-scots": "ham.", "crecy-navarette": "hex."}[name]
		require.NotEmpty(t, prefix, "a game with a catalogue: name its key prefix here")
		require.Contains(t, keys, " "+prefix, name)
	}
}
