package judge

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/templates"
)

// A battle's narrative reaches a Spanish or Italian reader in his
// language, line by line; lines the game does not read stay as written,
// and an English reader gets the events exactly as logged.
func TestEventsAreToldInTheReadersLanguage(t *testing.T) {
	cat := templates.Builtin().Catalog
	g, err := adjudicator.Lookup("hammer-of-the-scots")
	require.NoError(t, err)
	st, err := g.Setup("braveheart", nil, testdice.New(1))
	require.NoError(t, err)
	evs := []string{
		"Battle of Atholl: Round 1  Wallace (A3, defending) 1 4 1 1 → 3 hits on Lancaster Knights (4→1)\n" +
			"         Lancaster Knights (B3) 5 → no hit\n" +
			"Round 2  Wallace (A3, defending) 2 4 → 2 hits on Lancaster Knights (1→0, eliminated); 1 lost\n" +
			"Scotland wins the battle.",
		"Battle of Carrick: one of England's blocks retreats to Lanark",
		"The GM extends the deadline.",
	}
	require.Equal(t, evs, narrate(st, evs, "en", cat))
	require.Equal(t, []string{
		"Batalla de Atholl: Asalto 1  Wallace (A3, defiende) 1 4 1 1 → 3 impactos sobre Lancaster Knights (4→1)\n" +
			"         Lancaster Knights (B3) 5 → ningún impacto\n" +
			"Asalto 2  Wallace (A3, defiende) 2 4 → 2 impactos sobre Lancaster Knights (1→0, eliminado); 1 perdido\n" +
			"Escocia gana la batalla.",
		"Batalla de Carrick: uno de los bloques de Inglaterra se retira a Lanark",
		"The GM extends the deadline.",
	}, narrate(st, evs, "es", cat))
	it := narrate(st, evs, "it", cat)
	require.Equal(t, "Battaglia di Carrick: uno dei blocchi di Inghilterra si ritira in Lanark", it[1])
}
