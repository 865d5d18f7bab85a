package hammer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// The verbs a Spanish or an Italian player writes, by English verb.
var verbsIn = map[string]map[string]string{
	"es": {"card": "carta", "play": "jugar", "move": "mover", "sea": "mar", "pass": "pasar", "done": "hecho",
		"battle": "batalla", "battles": "batallas", "hits": "impactos", "regroup": "reagrupar", "main": "principal", "ignore": "ignorar",
		"pillage": "saquear", "herald": "heraldo", "victuals": "víveres", "truce": "tregua", "coronation": "coronación",
		"home": "casa", "stay": "quedarse", "winter": "invernar", "disband": "disolver", "draw": "sacar",
		"step": "refuerzo", "return": "volver", "king": "rey", "lose": "perder",
		"fire": "disparar", "retreat": "retirada", "hit": "impactar"},
	"it": {"card": "carta", "play": "gioca", "move": "muovi", "sea": "mare", "pass": "passa", "done": "fatto",
		"battle": "battaglia", "battles": "battaglie", "hits": "colpi", "regroup": "raggruppa", "main": "principale", "ignore": "ignora",
		"pillage": "saccheggia", "herald": "araldo", "victuals": "viveri", "truce": "tregua", "coronation": "incoronazione",
		"home": "casa", "stay": "resta", "winter": "sverna", "disband": "sciogli", "draw": "pesca",
		"step": "rinforzo", "return": "ritorna", "king": "re", "lose": "perdi",
		"fire": "spara", "retreat": "ritirata", "hit": "colpisci"},
}

// Orders written with Spanish or Italian verbs are read exactly as the
// same orders in English: the same canonical lines, the same state.
func TestOrderVerbsInSpanishAndItalian(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup("", nil, d)
		require.NoError(t, err)
		s := st.(*St)
		for step := 0; step < 20000 && !s.Fin; step++ {
			ps := s.Prompts()
			sub := s.RandomSubmission(ps[pk.Intn(len(ps))].Role, pk.Intn)
			require.NotNil(t, sub)
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
			s = ns.(*St)
		}
	}
	t.Logf("verbs tried: %v", seen)
	require.NotZero(t, seen["es mover"])
	require.NotZero(t, seen["it muovi"])
	require.NotZero(t, seen["es carta"]+seen["es jugar"])
}

// TestEnglishVerbsAreNotAliases: verbOf skips the alias look-up for the
// verbs isEnglishVerb knows, so none of them may be a Spanish or Italian
// alias of another verb.
func TestEnglishVerbsAreNotAliases(t *testing.T) {
	for alias, en := range verbAliases {
		if isEnglishVerb(alias) && alias != en {
			t.Errorf("%q is an alias of %q: verbOf must look it up", alias, en)
		}
	}
	for _, v := range []string{"card", "move", "step", "battle"} {
		if !isEnglishVerb(v) {
			t.Errorf("isEnglishVerb(%q) = false", v)
		}
	}
}
