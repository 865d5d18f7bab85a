package msg

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

func TestEnglishRendersLikeTheCatalogue(t *testing.T) {
	fsys := fstest.MapFS{"locales/en.yaml": {Data: []byte(`
x.area: "{{.Name}}: {{.About}}."
x.city: "city {{.City}}"
x.hidden:
  one: "{{.Side}} blocks: {{.Count}} (hidden)"
  other: "{{.Side}} blocks: {{.Count}} (hidden ones)"
x.list: "{{.Items}}"
`)}}
	e, err := LoadEnglish(fsys, "locales/en.yaml")
	require.NoError(t, err)
	require.Equal(t, "Kent: city Canterbury.", e.Text(New("x.area", "Name", "Kent", "About", New("x.city", "City", "Canterbury"))))
	require.Equal(t, "York blocks: 1 (hidden)", e.Text(Plural("x.hidden", 1, "Side", "York")))
	require.Equal(t, "York blocks: 2 (hidden ones)", e.Text(Plural("x.hidden", 2, "Side", "York")))
	require.Equal(t, "A · B", e.Text(New("x.list", "Items", []M{Lit("A"), Lit("B")})))
	require.Equal(t, "Kent", e.Text(Lit("Kent")))
	require.Equal(t, "x.none{N=1}", e.Text(New("x.none", "N", 1)))
	_, err = LoadEnglish(fsys, "locales/es.yaml")
	require.Error(t, err)
}
