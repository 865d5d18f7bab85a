package hexbattle

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n"
)

// checkMsg fails unless m renders in English exactly as text, and in
// Spanish and Italian fully and differently.
func checkMsg(t *testing.T, cat *i18n.Catalog, what, text string, m msg.M) {
	t.Helper()
	if got := cat.Text("en", m); got != text {
		t.Fatalf("%s %s: English reads\n%q, the line is\n%q", what, m.Key, got, text)
	}
	for _, lang := range []string{"es", "it"} {
		got := cat.Text(lang, m)
		if strings.Contains(got, "<no value>") || strings.Contains(got, "hex.") || got == text {
			t.Fatalf("%s %s in %s: %q", what, m.Key, lang, got)
		}
	}
}

// spoil makes a submission's line wrong in one of a few ways players get
// it wrong.
func spoil(l string, k int) string {
	switch k {
	case 0:
		return strings.Replace(l, " ", " xq", 1)
	case 1:
		return l + " 0101"
	case 2:
		return "move E1 9999"
	case 3:
		return "fire A at B"
	case 4:
		return "attack " + strings.Join(strings.Fields(l + " x y")[1:2], "") + " zz"
	case 5:
		return "march E1 0203"
	case 6:
		return "enter X1 0101"
	}
	return "mode " + strings.Join(strings.Fields(l + " x")[1:2], "") + " flying"
}

// i18nBattles plays random battles on every test scenario, with now and
// then a spoiled copy of a submission tried and refused first, and a
// submission from the side that owes nothing.
func i18nBattles(t *testing.T, seeds uint64, each func(s *St, rej *adjudicator.Rejection, res *adjudicator.Result)) {
	for _, sc := range testScenarios {
		for seed := uint64(1); seed <= seeds; seed++ {
			d := testdice.New(seed)
			pk := testdice.New(seed ^ 0x5a)
			st, err := Game{}.Setup(sc, nil, d)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*St)
			for i := 0; !s.Fin && i < 2000; i++ {
				owing := s.Owing()
				sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
				var rej *adjudicator.Rejection
				if pk.Intn(3) == 0 {
					bad := *sub
					bad.Lines = append([]adjudicator.Line{{No: 1, Text: "done"}}, sub.Lines...)
					j := pk.Intn(len(bad.Lines))
					bad.Lines[j].Text = spoil(bad.Lines[j].Text, pk.Intn(9))
					if pk.Intn(10) == 0 {
						bad.Role = adjudicator.Role(s.enemy(string(sub.Role)))
					}
					if _, _, err := s.Apply(bad, testdice.New(1)); err != nil {
						rej, _ = err.(*adjudicator.Rejection)
					}
				}
				ns, res, err := s.Apply(*sub, d)
				if err != nil {
					t.Fatalf("%s seed %d: %v", sc, seed, err)
				}
				each(s, rej, res)
				s = ns.(*St)
			}
		}
	}
}

// The events of random battles on every test scenario, and the reasons
// of refused orders, read back into messages whose English is exactly
// the engine's line and whose Spanish and Italian are complete.
func TestEventsAndReasonsInEveryLanguage(t *testing.T) {
	cat := gameCatalog(t)
	var lines, read, reasons, readReasons int
	missed := map[string]int{}
	keys := map[string]bool{}
	seeds := uint64(8)
	if testing.Short() {
		seeds = 2
	}
	i18nBattles(t, seeds, func(s *St, rej *adjudicator.Rejection, res *adjudicator.Result) {
		for _, e := range res.Events {
			for _, l := range strings.Split(e.Text, "\n") {
				lines++
				m, ok := s.NarrationMsg(l)
				if !ok {
					missed[l]++
					continue
				}
				read++
				keys[m.Key] = true
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
				keys[p.ReasonMsg.Key] = true
				checkMsg(t, cat, "reason", p.Reason, *p.ReasonMsg)
			}
		}
	})
	t.Logf("events: %d of %d lines read; reasons: %d of %d; %d messages seen", read, lines, readReasons, reasons, len(keys))
	if read*100 < lines*95 || readReasons*100 < reasons*90 {
		for l, n := range missed {
			t.Logf("%d × %s", n, l)
		}
	}
	if lines == 0 || read*100 < lines*95 {
		t.Errorf("only %d of %d event lines are told in every language", read, lines)
	}
	if reasons == 0 || readReasons*100 < reasons*90 {
		t.Errorf("only %d of %d rejection reasons are told in every language", readReasons, reasons)
	}
}

// A few lines as players read them.
func TestNarrationAndReasonsRead(t *testing.T) {
	cat := gameCatalog(t)
	s := &St{}
	for _, c := range []struct{ en, es, it string }{
		{"Fire: E3 at F2, range 2, hits on 7 or less; rolled 6 +1 charging target (CN-5.32), -1 wood: HIT.",
			"Disparo: E3 contra F2, alcance 2, impacta con 7 o menos; saca 6 +1 objetivo que carga (CN-5.32), -1 wood: IMPACTO.",
			"Tiro: E3 su F2, distanza 2, colpisce con 7 o meno; ottiene 6 +1 bersaglio in carica (CN-5.32), -1 wood: COLPITO."},
		{"Melee: F1 attacks E2, hits on 6 or less; rolled 9 : no effect.",
			"Cuerpo a cuerpo: F1 ataca a E2, impacta con 6 o menos; saca 9: sin efecto.",
			"Mischia: F1 attacca E2, colpisce con 6 o meno; ottiene 9: nessun effetto."},
		{"Morale (melee): E2 rolls 3-2 and routs 1 level(s), now 1.",
			"Moral (cuerpo a cuerpo): E2 saca 3-2 y su dispersión sube 1 nivel, ahora 1.",
			"Morale (mischia): E2 ottiene 3-2 e va in rotta di 1 livello, ora 1."},
		{"french F4 is eliminated (0305-0306).", "french: F4 eliminada (0305-0306).", "french: F4 eliminata (0305-0306)."},
		{"The battle is over: English decisive victory (VP english 44, french 2).",
			"La batalla ha terminado: English decisive victory (PV english 44, french 2).",
			"La battaglia è finita: English decisive victory (PV english 44, french 2)."},
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
	rej := explain(&adjudicator.Rejection{Problems: []adjudicator.Problem{
		{Reason: `"e9" is not a known unit; did you mean E1 or E3?`},
		{Reason: "english owes nothing now (turn 2 of 10, french player turn, movement phase)"},
	}})
	for i, want := range []string{`"e9" no se reconoce como unidad; ¿quizá E1 o E3?`,
		"english no debe órdenes ahora (turno 2 de 10, turno del jugador french, Fase de Movimiento)"} {
		m := rej.Problems[i].ReasonMsg
		if m == nil {
			t.Fatalf("reason %d is not read", i)
		}
		if got := cat.Text("es", *m); got != want {
			t.Errorf("es: %q, want %q", got, want)
		}
	}
}

// Every reader, given a sentence of its own with sample words in its
// holes, reads it back into a message told in English exactly as the
// sentence and completely in Spanish and Italian.
func TestEveryPatternInEveryLanguage(t *testing.T) {
	cat := gameCatalog(t)
	i18nOnce.Do(i18nInit)
	samples := map[string]string{
		"int": "3", "how": "eliminated", "res": "HIT", "cause": "fire", "phase": "movement",
		"mods": "+1 fog (CRE-19.3), -1 wood", "signed": "-2", "why": "E1 is routed",
		"label": "turn 1 of 10, english player turn, fire phase", "result": "Draw (VP english 3, french 3)",
		"what": "unit", "": "E1",
	}
	hole := regexp.MustCompile(`\{[A-Za-z0-9]+(?::([a-z]+))?\}`)
	n := 0
	for _, ps := range []msg.Patterns{eventPatterns, whyPatterns, labelPatterns, resultPatterns} {
		for _, p := range ps {
			english, ok := sentences[p.Key()]
			if !ok {
				continue // orders.NameReasons: checked by the battles
			}
			line := hole.ReplaceAllStringFunc(english, func(h string) string {
				return samples[hole.FindStringSubmatch(h)[1]]
			})
			m, ok := p.Match(line)
			if !ok {
				t.Fatalf("%s does not read its own sentence %q", p.Key(), line)
			}
			checkMsg(t, cat, "pattern", line, m)
			n++
		}
	}
	if n < 100 {
		t.Errorf("only %d patterns checked", n)
	}
}
