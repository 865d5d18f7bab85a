package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n"
)

func gameCatalog(t testing.TB) *i18n.Catalog {
	cat, err := i18n.New()
	if err != nil {
		t.Fatal(err)
	}
	fsys, dir := Game{}.Locales()
	if err := cat.Load(fsys, dir); err != nil {
		t.Fatal(err)
	}
	return cat
}

// checkMsg fails unless m renders in English exactly as text, and in
// Spanish and Italian fully and differently.
func checkMsg(t *testing.T, cat *i18n.Catalog, what, text string, m msg.M) {
	t.Helper()
	if got := cat.Text("en", m); got != text {
		t.Fatalf("%s %s: English reads\n%q, the text is\n%q", what, m.Key, got, text)
	}
	for _, lang := range []string{"es", "it"} {
		got := cat.Text(lang, m)
		if strings.Contains(got, "<no value>") || strings.Contains(got, "his.") || got == text {
			t.Fatalf("%s %s in %s: %q", what, m.Key, lang, got)
		}
	}
}

// i18nGames plays random games of 6 and 3 players, with now and then a
// spoiled copy of a submission (a misspelt name, a word too many, an
// illegal move, a pass out of place) tried and refused first.
func i18nGames(t *testing.T, each func(s *St, rej *adjudicator.Rejection, res *adjudicator.Result)) {
	for seed := uint64(1); seed <= 3; seed++ {
		for _, players := range []string{"6", "3"} {
			d := testdice.New(seed)
			pk := testdice.New(seed ^ 0x18)
			st, err := Game{}.Setup("1517", adjudicator.Options{"players": players}, d)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*St)
			for i := 0; !s.Flow.Over && i < 20000; i++ {
				owing := s.Owing()
				sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
				var rej *adjudicator.Rejection
				if pk.Intn(3) == 0 {
					bad := *sub
					bad.Lines = append([]adjudicator.Line(nil), sub.Lines...)
					j := pk.Intn(len(bad.Lines))
					l := bad.Lines[j].Text
					switch pk.Intn(8) {
					case 0:
						l = strings.Replace(l, " ", " xq", 1)
					case 1:
						l += " 3"
					case 2:
						l = "move 2 regulars from vienna to paris"
					case 3:
						l = "pass"
					case 4:
						l = "build regular in Istanbul"
					case 5:
						l = "control Vienna"
					case 6:
						l = "move 9 regulars from Paris to Dijon"
					case 7:
						// Orders from a seat that owes nothing now.
						roles, _ := SeatRoles(s.players())
						bad.Role = roles[pk.Intn(len(roles))]
					}
					bad.Lines[j].Text = l
					if _, _, err := s.Apply(bad, testdice.New(1)); err != nil {
						rej, _ = err.(*adjudicator.Rejection)
					}
				}
				ns, res, err := s.Apply(*sub, d)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				each(s, rej, res)
				s = ns.(*St)
			}
		}
	}
}

// Every prompt of random 6- and 3-player games carries a message whose
// English reads exactly as the prompt's text, and whose Spanish and
// Italian render with every placeholder filled; the commonest events
// and rejection reasons read the same way.
func TestPromptsEventsReasonsInEveryLanguage(t *testing.T) {
	cat := gameCatalog(t)
	kinds := map[string]bool{}
	var lines, read, reasons, readReasons int
	missed := map[string]int{}
	i18nGames(t, func(s *St, rej *adjudicator.Rejection, res *adjudicator.Result) {
		for _, p := range s.Prompts() {
			if p.TextMsg == nil {
				t.Fatalf("prompt %s has no message: %q", p.Kind, p.Text)
			}
			checkMsg(t, cat, "prompt", p.Text, *p.TextMsg)
			kinds[p.Kind] = true
		}
		for _, e := range res.Events {
			for _, l := range strings.Split(e.Text, "\n") {
				lines++
				m, ok := s.NarrationMsg(l)
				if !ok {
					missed[l]++
					continue
				}
				read++
				checkMsg(t, cat, "event", l, m)
			}
		}
		if rej != nil {
			for _, p := range rej.Problems {
				reasons++
				if p.ReasonMsg == nil {
					missed[p.Reason]++
					continue
				}
				readReasons++
				checkMsg(t, cat, "reason", p.Reason, *p.ReasonMsg)
			}
		}
	})
	for _, k := range []string{"impulse", "actions", "diplomacy", "spring", "intercept"} {
		if !kinds[k] {
			t.Errorf("no %s prompt seen", k)
		}
	}
	t.Logf("events: %d of %d lines read; reasons: %d of %d", read, lines, readReasons, reasons)
	if read*100 < lines*95 || readReasons*100 < reasons*90 {
		for l, n := range missed {
			t.Logf("%d × %s", n, l)
		}
	}
	if read*100 < lines*95 {
		t.Errorf("only %d of %d event lines are told in every language", read, lines)
	}
	if readReasons*100 < reasons*90 {
		t.Errorf("only %d of %d rejection reasons are told in every language", readReasons, reasons)
	}
}

// A few lines as players read them.
func TestNarrationAndReasonsRead(t *testing.T) {
	cat := gameCatalog(t)
	s := &St{}
	for _, c := range []struct{ en, es, it string }{
		{"Hapsburg moves Hapsburg 2 regulars, Charles V from Vienna to Linz",
			"Habsburgo mueve Habsburgo 2 regulares, Charles V de Vienna a Linz",
			"Asburgo muove Asburgo 2 regolari, Charles V da Vienna a Linz"},
		{"Battle of Milan: France rolls 3 dice [6 2 5]: 2 hits; the defender rolls 2 dice [1 3]: 0 hits.",
			"Batalla de Milan: Francia tira 3 dados [6 2 5]: 2 impactos; el defensor tira 2 dados [1 3]: 0 impactos.",
			"Battaglia di Milan: Francia tira 3 dadi [6 2 5]: 2 colpi; il difensore tira 2 dadi [1 3]: 0 colpi."},
		{"Protestant receives 1 cards.", "Protestante recibe 1 carta.", "Protestante riceve 1 carta."},
		{"Your orders from line 3 wait for the decision of another power.",
			"Tus órdenes desde la línea 3 esperan la decisión de otra potencia.",
			"I tuoi ordini dalla riga 3 attendono la decisione di un'altra potenza."},
	} {
		m, ok := s.NarrationMsg(c.en)
		if !ok {
			t.Fatalf("%q is not read", c.en)
		}
		for lang, want := range map[string]string{"en": c.en, "es": c.es, "it": c.it} {
			if got := cat.Text(lang, m); got != want {
				t.Errorf("%s: %q, want %q", lang, got, want)
			}
		}
	}
	rej := explain(&adjudicator.Rejection{Problems: []adjudicator.Problem{{
		Line:   adjudicator.Line{No: 2, Text: "move 2 from Viena to Linz"},
		Reason: `"move 2 from Viena to Linz": "viena" is not a known space; did you mean Vienna?`}}})
	m := rej.Problems[0].ReasonMsg
	if m == nil {
		t.Fatal("the reason is not read")
	}
	if got, want := cat.Text("es", *m), `"move 2 from Viena to Linz": "viena" no se reconoce como un espacio; ¿quizá Vienna?`; got != want {
		t.Errorf("es: %q, want %q", got, want)
	}
}
