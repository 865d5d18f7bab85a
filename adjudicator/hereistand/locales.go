package hereistand

import (
	"embed"
	"io/fs"
)

// Locales holds the game's words in every language of the platform
// (locales/en.yaml, es.yaml and it.yaml, keys prefixed "his."): the
// powers, phases, unit types, actions, space types and map terms, in
// Spanish as the Spanish rulebook prints them. Space names are not
// translated: the map is the same in every edition. A platform catalogue
// loads them with Load(Locales, "locales").
//
//go:embed locales/*.yaml
var Locales embed.FS

// ActionIDs lists the stable IDs of the Action Phase's actions
// (HIS-11.1c), in the order of the power cards' cost tables; the
// catalogue names each as "his.action.ID".
func ActionIDs() []string { return append([]string(nil), actionIDs[:]...) }

// Locales implements adjudicator.Localized: the platform loads the
// catalogue with its own.
func (Game) Locales() (fs.FS, string) { return Locales, "locales" }
