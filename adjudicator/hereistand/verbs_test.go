package hereistand

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// Orders with Spanish or Italian keywords read as their English orders;
// English lines and card names are left alone.
func TestSpanishAndItalianOrders(t *testing.T) {
	for in, want := range map[string]string{
		"mover 4 regulares de Paris a Lyon con Montmorency": "move 4 regulars from Paris to Lyon with Montmorency",
		"muovi 2 regolari da Vienna a Graz":                 "move 2 regulars from Vienna to Graz",
		"jugar 23 por cp":                                   "play 23 for cp",
		"gioca 23 per evento":                               "play 23 for event",
		"pasar":                                             "pass",
		"passa":                                             "pass",
		"hecho":                                             "done",
		"asaltar Milan":                                     "assault Milan",
		"construir 1 mercenario en Lyon":                    "build 1 mercenary in Lyon",
		"costruisci 1 squadra a Genoa":                      "build 1 squadron in Genoa",
		"evitar batalla a Dijon":                            "avoid battle to Dijon",
		"retirarse a Dijon":                                 "retreat to Dijon",
		"ottoman: muovi 2 regolari da Buda a Pest":          "ottoman: move 2 regulars from Buda to Pest",
		"play a mighty fortress for cp":                     "play a mighty fortress for cp",
		"movimiento naval 2 escuadrones de Barcelona a Gulf of Lyon": "naval move 2 squadrons from Barcelona to Gulf of Lyon",
		"movimento navale Genoa verso Ligurian Sea":                  "naval move Genoa to Ligurian Sea",
		"no despliegue":             "no deployment",
		"No Despliegue":             "no deployment",
		"no deployment":             "no deployment",
		"no schieramento":           "no deployment",
		"move 2 from Paris to Lyon": "move 2 from Paris to Lyon",
		"intervenir pagar 6":        "intervene pay 6",
		"intervieni paga 6":         "intervene pay 6",
		"gioca 1 per pc":            "play 1 for pc",
		"auto no carta":             "auto no card",
		"papado: auto no carta":     "papado: auto no card",
	} {
		if got := englishLine(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// Random games where every seat writes its orders in Spanish or Italian
// play exactly as in English: the same canonical orders, the same state.
func TestOrdersInSpanishAndItalianPlayAsInEnglish(t *testing.T) {
	es := strings.NewReplacer("play 95 theses", "jugar 95 tesis", "no deployment", "no despliegue",
		" for cp", " por cp", " from ", " de ", " to ", " a ", " with ", " con ", " in ", " en ",
		" regulars", " regulares", " regular", " regular", " mercenaries", " mercenarios", " mercenary", " mercenario",
		" treatise", " tratado", " books", " libros", " peters", " pedro", " committed", " comprometidos")
	it := strings.NewReplacer("play 95 theses", "gioca 95 tesi", "no deployment", "no schieramento",
		" for cp", " per cp", " from ", " da ", " to ", " verso ", " with ", " con ", " regulars", " regolari",
		" treatise", " trattato", " books", " libri", " peters", " pietro", " committed", " impegnati")
	verbs := map[string][2]string{"play": {"jugar", "gioca"}, "pass": {"pasar", "passa"}, "done": {"hecho", "fatto"},
		"move": {"mover", "muovi"}, "build": {"construir", "costruisci"}, "control": {"controlar", "controlla"},
		"assault": {"asaltar", "assalta"}, "intercept": {"interceptar", "intercetta"}, "decline": {"rechazar", "rifiuta"},
		"stand": {"quedarse", "resta"}, "withdraw": {"refugiarse", "riparati"}, "retreat": {"retirarse", "ritirati"},
		"deploy": {"desplegar", "schiera"}, "lose": {"perder", "perdi"}, "transport": {"transportar", "trasporta"},
		"avoid": {"evitar", "evitare"}, "unrest": {"eliminar", "rimuovi"}, "remove": {"eliminar", "rimuovi"}, "fall": {"retroceder", "ripiega"},
		"publish": {"publicar", "pubblica"}, "translate": {"traducir", "traduci"}, "debate": {"debatir", "dibatti"},
		"burn": {"quemar", "brucia"}, "jesuit": {"fundar", "fonda"}, "target": {"objetivo", "bersaglio"}, "st": {"san", "san"},
		"declare": {"declarar", "dichiara"}, "pay": {"pagar", "paga"}, "intervene": {"intervenir", "intervieni"},
		"sue": {"pedir", "chiedi"}, "eliminate": {"eliminar", "rimuovi"}, "regain": {"recobrar", "riconquista"},
		"recover": {"recuperar", "recupera"}, "ransom": {"rescatar", "riscatta"},
		"confirm": {"confirmar", "conferma"}, "reject": {"rechazar", "rifiuta"}, "donate": {"donar", "dona"},
		"send": {"enviar", "invia"}, "piracy": {"piratería", "pirateria"}}
	translate := func(l string, lang int) string {
		head, body := "", l
		if p, rest := linePower(l); p >= 0 {
			head, body = l[:strings.Index(l, ":")]+": ", rest
		}
		if v, _, _ := strings.Cut(body, " "); v != "play" && v != "naval" && verbs[v] == ([2]string{}) {
			return l // a verb with no translation here keeps its English words
		}
		if strings.HasPrefix(body, "play ") && body != "play 95 theses" {
			// card names stay as printed
			body = strings.TrimPrefix(body, "play")
			for en, tr := range map[string][2]string{" for cp": {" por cp", " per cp"}, " for event": {" por evento", " per evento"}} {
				if b, ok := strings.CutSuffix(body, en); ok {
					body = b + tr[lang]
				}
			}
			return head + verbs["play"][lang] + body
		}
		if lang == 0 {
			body = es.Replace(body)
		} else {
			body = it.Replace(body)
		}
		if r, ok := strings.CutPrefix(body, "naval move "); ok {
			return head + []string{"movimiento naval ", "movimento navale "}[lang] + r
		}
		v, rest, _ := strings.Cut(body, " ")
		if w, ok := verbs[v]; ok {
			body = strings.TrimSpace(w[lang] + " " + rest)
		}
		return head + body
	}
	translated := 0
	for seed := uint64(1); seed <= 2; seed++ {
		for lang, players := range []string{"6", "3"} {
			d := testdice.New(seed)
			pk := testdice.New(seed ^ 0xe5)
			st, err := Game{}.Setup("1517", adjudicator.Options{"players": players}, d)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*St)
			for i := 0; !s.Flow.Over && i < 400; i++ {
				owing := s.Owing()
				sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
				loc := *sub
				loc.Lines = append([]adjudicator.Line(nil), sub.Lines...)
				for j := range loc.Lines {
					loc.Lines[j].Text = translate(loc.Lines[j].Text, lang)
					if loc.Lines[j].Text != sub.Lines[j].Text {
						translated++
					}
				}
				k := pk.Intn(1 << 30)
				a, ra, err := s.Apply(*sub, testdice.New(uint64(k)))
				if err != nil {
					t.Fatal(err)
				}
				b, rb, err := s.Apply(loc, testdice.New(uint64(k)))
				if err != nil {
					t.Fatalf("%v (English %v): %v", loc.Lines, sub.Lines, err)
				}
				if fmt.Sprint(ra.Canonical) != fmt.Sprint(rb.Canonical) {
					t.Fatalf("%v: canonical %v, English gives %v", loc.Lines, rb.Canonical, ra.Canonical)
				}
				ea, _ := a.Encode()
				eb, _ := b.Encode()
				if !bytes.Equal(ea, eb) {
					t.Fatalf("%v: another state than %v", loc.Lines, sub.Lines)
				}
				s = a.(*St)
			}
		}
	}
	if translated < 200 {
		t.Fatalf("only %d lines translated", translated)
	}
}

// A refused line is quoted as the player wrote it, not as it was read.
func TestRefusalQuotesTheLineAsWritten(t *testing.T) {
	st, err := Game{}.Setup("1517", adjudicator.Options{"players": "3"}, testdice.New(1))
	require.NoError(t, err)
	for _, line := range []string{"gioca janissaries", "protestante jugar janissaries"} {
		_, _, err = st.Apply(adjudicator.Submission{Role: "england+protestant", Lines: []adjudicator.Line{{No: 2, Text: line}}}, testdice.New(1))
		rej, ok := err.(*adjudicator.Rejection)
		require.True(t, ok, "%v", err)
		require.Equal(t, line, rej.Problems[0].Line.Text)
		require.NotContains(t, rej.Problems[0].Reason, "play janissaries")
		require.NotNil(t, rej.Problems[0].ReasonMsg, "the reason is still read into a message")
	}
}
