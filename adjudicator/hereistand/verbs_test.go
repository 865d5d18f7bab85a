package hereistand

import "testing"

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
		"no despliegue":                                     "no deployment",
		"no schieramento":                                   "no deployment",
		"move 2 from Paris to Lyon":                         "move 2 from Paris to Lyon",
	} {
		if got := englishLine(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
