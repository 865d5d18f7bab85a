package hereistand_test

import (
	"testing"

	"github.com/pbem/pbem/adjudicator/hereistand"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
)

// The game's catalogue loads into the platform's and is complete: every
// key in English, Spanish and Italian with the same placeholders and the
// plural forms each language needs; and a key for every power, phase,
// unit type and action of the engine.
func TestCatalogueComplete(t *testing.T) {
	c, err := i18n.New()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Load(hereistand.Locales, "locales"); err != nil {
		t.Fatal(err)
	}
	for _, e := range c.Check() {
		t.Error(e)
	}
	keys := map[string]bool{}
	for _, k := range c.Keys("en") {
		keys[k] = true
	}
	var want []string
	for _, p := range []string{"ottoman", "hapsburg", "england", "france", "papacy", "protestant", "genoa", "hungary", "scotland", "venice", "independent"} {
		want = append(want, "his.power."+p)
	}
	for _, ph := range []string{"luther", "card_draw", "diplomacy", "diet_of_worms", "spring_deployment", "action", "winter", "new_world", "victory"} {
		want = append(want, "his.phase."+ph)
	}
	for _, u := range []string{"regular", "mercenary", "cavalry", "squadron", "corsair", "army_leader", "naval_leader"} {
		want = append(want, "his.unit."+u)
	}
	for _, a := range hereistand.ActionIDs() {
		want = append(want, "his.action."+a)
	}
	for _, k := range want {
		if !keys[k] {
			t.Errorf("no key %s", k)
		}
	}
	for lang, w := range map[string]string{"en": "Hapsburg", "es": "Habsburgo", "it": "Asburgo"} {
		if got := c.T(lang, "his.power.hapsburg"); got != w {
			t.Errorf("%s: %q, want %q", lang, got, w)
		}
	}
	if got := c.Text("es", msg.Plural("his.unit.squadron", 2)); got != "2 escuadrones navales" {
		t.Errorf("es squadrons: %q", got)
	}
	if got := c.Text("it", msg.Plural("his.unit.regular", 1)); got != "1 regolare" {
		t.Errorf("it regular: %q", got)
	}
	if got := c.T("es", "his.action.move_formation_clear"); got != "Mover formación en despejado" {
		t.Errorf("es move: %q", got)
	}
}
