package richard3

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// The verbs a Spanish or an Italian player writes, by English verb.
var verbsIn = map[string]map[string]string{
	"es": {"move": "mover", "sea": "mar", "recruit": "reclutar", "main": "principal", "battle": "batalla",
		"battles": "batallas", "hits": "impactos", "regroup": "reagrupar", "muster": "leva", "plague": "peste",
		"treason": "traición", "execute": "ejecutar", "pass": "pasar", "done": "hecho", "card": "carta",
		"play": "jugar", "fight": "luchar", "keep": "mantener", "redraw": "robar", "home": "casa", "pool": "fondo",
		"place": "colocar", "lose": "perder", "fire": "disparar", "retreat": "retirada", "hit": "impactar",
		"stay": "quedarse", "ask": "preguntar", "order": "orden"},
	"it": {"move": "muovi", "sea": "mare", "recruit": "recluta", "main": "principale", "battle": "battaglia",
		"battles": "battaglie", "hits": "colpi", "regroup": "raggruppa", "muster": "adunata", "plague": "peste",
		"treason": "tradimento", "execute": "giustizia", "pass": "passa", "done": "fatto", "card": "carta",
		"play": "gioca", "fight": "combatti", "keep": "tieni", "redraw": "rimescola", "home": "casa",
		"pool": "deposito", "place": "piazza", "lose": "perdi", "fire": "spara", "retreat": "ritirata",
		"hit": "colpisci", "stay": "resta", "ask": "chiedi", "order": "ordine"},
}

// Orders written with Spanish or Italian verbs are read exactly as the
// same orders in English: the same canonical lines, the same state.
func TestOrderVerbsInSpanishAndItalian(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		d := testdice.New(seed)
		pk := testdice.New(seed ^ 0x5eed)
		st, err := Game{}.Setup("", nil, d)
		require.NoError(t, err)
		s := st.(*State)
		for step := 0; step < 5000 && !s.Finished; step++ {
			for _, r := range s.Owing() {
				sub := s.RandomSubmission(r, pk.Intn)
				if sub == nil {
					continue
				}
				for _, lang := range []string{"es", "it"} {
					tr, changed := i18ntest.Translate(*sub, verbsIn[lang])
					if !changed {
						continue
					}
					d1, d2 := *d, *d
					want, wres, err := s.Apply(*sub, &d1)
					require.NoError(t, err)
					got, gres, err := s.Apply(tr, &d2)
					require.NoError(t, err, "%s: %v", lang, tr.Lines)
					require.Equal(t, wres.Canonical, gres.Canonical, "%s: %v", lang, tr.Lines)
					a, _ := want.Encode()
					b, _ := got.Encode()
					require.Equal(t, string(a), string(b))
					for _, l := range tr.Lines {
						seen[lang+" "+strings.Fields(l.Text)[0]]++
					}
				}
				ns, _, err := s.Apply(*sub, d)
				require.NoError(t, err)
				s = ns.(*State)
				break
			}
		}
	}
	t.Logf("verbs tried: %v", seen)
	require.NotZero(t, seen["es mover"])
	require.NotZero(t, seen["it muovi"])
	require.NotZero(t, seen["es carta"]+seen["es jugar"])
}
