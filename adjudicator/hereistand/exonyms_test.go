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
	checkAliases(t, printed, exonyms, placeAliases, func(a string, loc int) {
		got, err := matchLoc(a)
		require.NoError(t, err, a)
		require.Equal(t, loc, got, a)
	})
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

// An action the CP left cannot pay for is refused with what they would
// pay for, and the reason reads in Spanish and Italian with the action
// named in each language; the space was named in Italian.
func TestActionTooDearListsWhatIsLegal(t *testing.T) {
	s := inImpulse(t, France, 1)
	rej := refuse(t, s, France, "build regular in parigi")
	require.Len(t, rej.Problems, 1)
	pr := rej.Problems[0]
	require.Contains(t, pr.Reason, "raise regular costs 2 CP, with 1 CP left")
	require.NotEmpty(t, pr.Legal)
	require.Contains(t, pr.Legal, "done")
	require.NotNil(t, pr.ReasonMsg)
	cat := gameCatalog(t)
	require.Contains(t, cat.Text("es", *pr.ReasonMsg), "reclutar regular cuesta 2 CP (CP restantes: 1)")
	require.Contains(t, cat.Text("it", *pr.ReasonMsg), "reclutare un regolare costa 2 PC (PC rimasti: 1)")
}

// One CP left reads singular in Spanish and Italian.
func TestOneCPLeft(t *testing.T) {
	cat := gameCatalog(t)
	m, ok := promptMsg("1 CP left from #84 Julia Gonzaga: spend it on actions (HIS-11.1) or write done.")
	require.True(t, ok)
	require.Equal(t, "Queda 1 CP de #84 Julia Gonzaga: gástalo en acciones (HIS-11.1) o escribe done (hecho).", cat.Text("es", m))
	require.Equal(t, "Resta 1 PC da #84 Julia Gonzaga: spendilo in azioni (HIS-11.1) o scrivi done (fatto).", cat.Text("it", m))
	m, ok = promptMsg("2 CP left from #84 Julia Gonzaga: spend them on actions (HIS-11.1) or write done.")
	require.True(t, ok)
	require.Contains(t, cat.Text("es", m), "Quedan 2 CP")
}

// The explorers' sailing order names each power in the reader's language.
func TestExplorerOrderInSpanish(t *testing.T) {
	cat := gameCatalog(t)
	var s St
	m, ok := s.NarrationMsg("New World Phase: the explorers sail in this order: De Vaca (Hapsburg, 0), Cartier (France, 2) (HIS-20.2b).")
	require.True(t, ok)
	require.Equal(t, "New World Phase: the explorers sail in this order: De Vaca (Hapsburg, 0), Cartier (France, 2) (HIS-20.2b).", cat.Text("en", m))
	require.Contains(t, cat.Text("es", m), "De Vaca (Habsburgo, 0), Cartier (Francia, 2)")
}

// Orders may name a leader by his Spanish or Italian name too, and
// without accents; each such name belongs to one leader.
func TestLeadersBySpanishAndItalianNames(t *testing.T) {
	byName := map[string]int{}
	for l := range leaders {
		byName[leaders[l].Name] = l
	}
	checkAliases(t, byName, leaderExonyms, leaderAliases, func(a string, l int) {
		if p := leaders[l].Power; p >= 0 && p < NMajor {
			got, err := matchLeaders(p, a)
			require.NoError(t, err, a)
			require.Equal(t, []int{l}, got, a)
		}
	})
	got, err := matchLeaders(Hapsburg, "Carlos V, Duque de Alba")
	require.NoError(t, err)
	require.Equal(t, []int{ldr(t, "charles_v"), ldr(t, "duke_of_alva")}, got)
	got, err = matchNavalLeaders("Barbarroja")
	require.NoError(t, err)
	require.Equal(t, []int{ldr(t, "barbarossa")}, got)
}

// checkAliases checks a table of other names by printed name: each
// printed name is known (printed gives its thing), no name of the table
// names two things, and reads checks that each name reads as its thing.
func checkAliases(t *testing.T, printed map[string]int, table map[string][]string, aliases func(string) []string, reads func(a string, thing int)) {
	t.Helper()
	owner := map[string]int{}
	for name, x := range printed {
		owner[orders.Norm(name)] = x
	}
	for name := range table {
		x, ok := printed[name]
		require.True(t, ok, "%q is not a printed name", name)
		for _, a := range aliases(name) {
			if o, dup := owner[orders.Norm(a)]; dup && o != x {
				t.Errorf("%q names two things", a)
			}
			owner[orders.Norm(a)] = x
			reads(a, x)
		}
	}
}
