package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator/orders"
	"github.com/stretchr/testify/require"
)

// Orders may name a place by its printed name, its Spanish or Italian
// name, or any of these without accents; each such name belongs to one
// place only, and every printed name in the table is a place of the map.
func TestPlacesBySpanishItalianAndUnaccentedNames(t *testing.T) {
	printed := map[string]int{}
	for sp := range spaces {
		printed[spaces[sp].Name] = sp
	}
	for z := range seas {
		printed[seas[z].Name] = seaLoc(z)
	}
	owner := map[string]int{}
	for name, loc := range printed {
		owner[orders.Norm(name)] = loc
	}
	for name := range exonyms {
		loc, ok := printed[name]
		require.True(t, ok, "%q is not a printed name", name)
		for _, a := range placeAliases(name) {
			if o, dup := owner[orders.Norm(a)]; dup && o != loc {
				t.Errorf("%q names two places", a)
			}
			owner[orders.Norm(a)] = loc
			got, err := matchLoc(a)
			require.NoError(t, err, a)
			require.Equal(t, loc, got, a)
		}
	}
	for in, want := range map[string]string{"Parigi": "paris", "parís": "paris", "Viena": "vienna", "londra": "london",
		"Zurich": "zurich", "Orleans": "orleans", "Besancon": "besancon", "Munster": "munster", "Cordoba": "cordoba", "Nápoles": "naples"} {
		sp, err := matchSpace(in)
		require.NoError(t, err, in)
		require.Equal(t, want, spaces[sp].ID, in)
	}
	z, err := matchLoc("mar tirreno")
	require.NoError(t, err)
	require.Equal(t, "Tyrrhenian Sea", seas[z-NS].Name)
}
