package hexbattle

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// inLang rewrites an English order with the keywords of lang, as a
// Spanish or Italian player writes it.
var inLang = map[string]map[string]string{
	"es": {"move": "mover", "mode": "modo", "enter": "entrar", "stay": "quedarse", "follow": "seguir",
		"rout": "dispersión", "place": "colocar", "fire": "disparar", "attack": "atacar", "done": "hecho", "pass": "paso",
		"at": "contra", "prefer": "prefiere", "front": "frente", "reverse": "invertir"},
	"it": {"move": "muovi", "mode": "modo", "enter": "entra", "stay": "resta", "follow": "segui",
		"rout": "rotta", "place": "piazza", "fire": "tira", "attack": "attacca", "done": "fatto", "pass": "passo",
		"at": "contro", "prefer": "preferisci", "front": "fronte", "reverse": "inverti"},
}

func translate(line, lang string) string {
	f := strings.Fields(line)
	if len(f) == 0 {
		return line
	}
	words := inLang[lang]
	verb := f[0]
	if w, ok := words[verb]; ok {
		f[0] = w
		if lang == "es" && verb == "fire" && len(f) > 2 {
			words = map[string]string{"at": "a"} // "disparar E3 a F2"
		}
	}
	for j := 2; j < len(f); j++ {
		if w, ok := words[f[j]]; ok && (f[j] == "at" || f[j] == "prefer" || f[j] == "front" || f[j] == "reverse") {
			f[j] = w
		}
	}
	return strings.Join(f, " ")
}

// Random battles on every test scenario, every submission given in
// English, Spanish and Italian: the same canonical lines, events and
// state.
func TestOrdersInSpanishAndItalian(t *testing.T) {
	seeds := uint64(4)
	if testing.Short() {
		seeds = 1
	}
	translated := 0
	for _, sc := range testScenarios {
		for seed := uint64(1); seed <= seeds; seed++ {
			st, err := Game{}.Setup(sc, nil, testdice.New(seed))
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*St)
			pk := testdice.New(seed ^ 0x77)
			for i := 0; !s.Fin && i < 2000; i++ {
				owing := s.Owing()
				sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
				dieSeed := uint64(i)*31 + seed
				ns, res, err := s.Apply(*sub, testdice.New(dieSeed))
				if err != nil {
					t.Fatalf("%s seed %d: %v", sc, seed, err)
				}
				want, _ := ns.Encode()
				for lang := range inLang {
					tr := *sub
					tr.Lines = nil
					for _, l := range sub.Lines {
						x := translate(l.Text, lang)
						if x != l.Text {
							translated++
						}
						tr.Lines = append(tr.Lines, adjudicator.Line{No: l.No, Text: x})
					}
					ts, tres, err := s.Apply(tr, testdice.New(dieSeed))
					if err != nil {
						t.Fatalf("%s seed %d, in %s: %v\n%v", sc, seed, lang, err, tr.Lines)
					}
					if strings.Join(tres.Canonical, "|") != strings.Join(res.Canonical, "|") {
						t.Fatalf("%s: canonical %q, in English %q", lang, tres.Canonical, res.Canonical)
					}
					if len(tres.Events) != len(res.Events) {
						t.Fatalf("%s: %d events, in English %d", lang, len(tres.Events), len(res.Events))
					}
					got, _ := ts.Encode()
					if string(got) != string(want) {
						t.Fatalf("%s seed %d, in %s: the state differs from the English orders'\n%v", sc, seed, lang, tr.Lines)
					}
				}
				s = ns.(*St)
			}
		}
	}
	if translated < 500 {
		t.Errorf("only %d lines written in another language", translated)
	}
}

// English lines, and lines that merely look like a keyword, are left as
// they are; keywords are read only where their order has them.
func TestEnglishLine(t *testing.T) {
	isUnit := func(id string) bool { return id == "tira" }
	for in, want := range map[string]string{
		"move E1 0203 0204":               "move E1 0203 0204",
		"fire E3 at F2":                   "fire E3 at F2",
		"E3 at F2":                        "E3 at F2",
		"disparar E3 a F2":                "fire E3 at F2",
		"Tira E3 contro F2":               "fire E3 at F2",
		"mover F1 0405-0406 invertir":     "move F1 0405-0406 reverse",
		"dispersión E2 prefiere 0101":     "rout E2 prefer 0101",
		"piazza F1 0303-0304 fronte 0403": "place F1 0303-0304 front 0403",
		"atacar F1 E2":                    "attack F1 E2",
		"ataca a E2":                      "attack a E2", // "a" is no keyword of an attack
		"hecho":                           "done",
		"quedarse Edward":                 "stay Edward",
		"segui Edward":                    "follow Edward",
		"modo E4 mounted":                 "mode E4 mounted",
		"entra R1 0101":                   "enter R1 0101",
		"tira at F2":                      "tira at F2", // a unit's id, its verb left out
	} {
		if got := englishLine(in, isUnit); got != want {
			t.Errorf("%q reads %q, want %q", in, got, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { englishLine("move E1 0203 0204", isUnit) }); n != 0 {
		t.Errorf("an English line allocates %v times", n)
	}
}
