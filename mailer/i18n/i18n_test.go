package i18n

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator/msg"
)

// TestEveryMessageInEveryLanguage: every key of the platform catalogue
// exists in English, Spanish and Italian with the same placeholders.
func TestEveryMessageInEveryLanguage(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	for _, e := range c.Check() {
		t.Error(e)
	}
	assert.Greater(t, len(c.Keys("en")), 40)
	for _, lang := range Languages {
		assert.Equal(t, c.Keys("en"), c.Keys(lang), lang)
	}
}

func TestTextAndPlurals(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	assert.Equal(t, "Orders due: Sat 28 Nov", c.T("en", "report.orders_due", "Deadline", "Sat 28 Nov"))
	assert.Equal(t, "Órdenes antes de: sáb 28 nov", c.T("es", "report.orders_due", "Deadline", "sáb 28 nov"))
	assert.Equal(t, "1 problema:", c.Text("it", msg.Plural("reject.problems", 1)))
	assert.Equal(t, "3 problemi:", c.Text("it", msg.Plural("reject.problems", 3)))
	assert.Equal(t, "1 bloque enemigo", c.Text("es", msg.Plural("report.enemy_blocks", 1)))
	assert.Equal(t, "2 enemy blocks", c.Text("en", msg.Plural("report.enemy_blocks", 2)))
	// A nested message is rendered in the same language.
	assert.Equal(t, "FIN DE LA PARTIDA: Español",
		c.Text("es", msg.New("report.game_over", "Result", msg.New("lang.name"))))
	// Unknown languages fall back to English; unknown keys show themselves.
	assert.Equal(t, "YOU OWE", c.T("fr", "report.you_owe"))
	assert.Equal(t, "no.such.key{A=1}", c.T("es", "no.such.key", "A", 1))
}

func TestGameCatalogues(t *testing.T) {
	c, err := New()
	require.NoError(t, err)
	good := fstest.MapFS{
		"loc/en.yaml": {Data: []byte("g.hello: \"Hello {{.Name}}\"\n")},
		"loc/es.yaml": {Data: []byte("g.hello: \"Hola {{.Name}}\"\n")},
		"loc/it.yaml": {Data: []byte("g.hello: \"Ciao {{.Name}}\"\n")},
	}
	require.NoError(t, c.Load(good, "loc"))
	assert.Equal(t, "Ciao Anna", c.T("it", "g.hello", "Name", "Anna"))
	assert.Error(t, c.Load(good, "loc"), "the same keys twice")

	c2, _ := New()
	bad := fstest.MapFS{
		"loc/en.yaml": {Data: []byte("g.hello: \"Hello {{.Name}}\"\ng.bye: \"Bye\"\n")},
		"loc/es.yaml": {Data: []byte("g.hello: \"Hola {{.Nombre}}\"\n")},
		"loc/it.yaml": {Data: []byte("g.hello: \"Ciao {{.Name}}\"\ng.bye: \"Ciao\"\ng.extra: \"x\"\n")},
	}
	require.NoError(t, c2.Load(bad, "loc"))
	errs := c2.Check()
	var texts []string
	for _, e := range errs {
		texts = append(texts, e.Error())
	}
	assert.Contains(t, texts, `es: key "g.bye" has no translation`)
	assert.Contains(t, texts, `es: key "g.hello" uses {Nombre}, English uses {Name}`)
	assert.Contains(t, texts, `it: key "g.extra" is not in the English catalogue`)
	_, err = New()
	require.NoError(t, err)
	missing := fstest.MapFS{"loc/en.yaml": {Data: []byte("a: b\n")}}
	assert.Error(t, c2.Load(missing, "loc"))
}

func TestParseLanguage(t *testing.T) {
	for in, want := range map[string]string{"es": "es", "Español": "es", " castellano ": "es", "ITALIANO": "it", "english": "en", "it": "it"} {
		got, err := ParseLanguage(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := ParseLanguage("klingon")
	assert.ErrorContains(t, err, "English (en), Spanish (es) and Italian (it)")
}

func TestArticlesContract(t *testing.T) {
	for _, c := range []struct{ lang, in, want string }{
		{"es", "se pierde el último intento de el Concilio de Trento.", "se pierde el último intento del Concilio de Trento."},
		{"es", "De el Concilio a el Papado; de él", "Del Concilio al Papado; de él"},
		{"it", "si perde l'ultimo tentativo da il Concilio di Trento.", "si perde l'ultimo tentativo dal Concilio di Trento."},
		{"it", "di il re, a la corte, in i campi, su le navi, di gli Asburgo, Da lo Stato", "del re, alla corte, nei campi, sulle navi, degli Asburgo, Dallo Stato"},
		{"it", "Il Papato vince il dibattito", "Il Papato vince il dibattito"},
		{"en", "de el", "de el"},
	} {
		if got := contract(c.lang, c.in); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.lang, c.in, got, c.want)
		}
	}
}
