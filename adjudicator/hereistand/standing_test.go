package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// HIS-13.2 by standing order: the Hapsburg says in advance "intercept
// from Graz if the enemy enters Vienna with at most 8 land units"; the
// Ottoman's move into Vienna is intercepted without asking, with the
// same dice as an answer by email; a move of more units than the order
// allows asks as usual. The orders survive encoding and "auto intercept
// off" clears them.
func TestStandingInterception(t *testing.T) {
	s := vienna(t)
	play := impulseFor(t, s, Ottoman, 3)
	refuse(t, s, Hapsburg, "auto intercept from nowhere")
	refuse(t, s, Hapsburg, "auto intercept from graz at most 99")
	s, res := submit(t, s, Hapsburg, testdice.New(1), "auto intercept from Graz to Vienna at most 8")
	if len(s.Flow.Intercepts[Hapsburg]) != 1 || !strings.Contains(eventText(res, "hapsburg"), "auto intercept from Graz to Vienna at most 8") {
		t.Fatalf("standing %v, events %q", s.Flow.Intercepts[Hapsburg], eventText(res, "hapsburg"))
	}
	if strings.Contains(eventText(res, "ottoman"), "intercept") {
		t.Fatalf("the Ottoman learns of the Hapsburg's standing order: %q", eventText(res, "ottoman"))
	}
	// Encoding keeps it.
	data, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Game{}.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*St).Flow.Intercepts[Hapsburg]; len(got) != 1 || got[0] != s.Flow.Intercepts[Hapsburg][0] {
		t.Fatalf("decoded %v", got)
	}

	// 8 land units into Vienna: intercepted at once, with the seed's dice.
	rolls := []int{4, 4, 5, 6, 5, 1, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 5, 1, 1, 1, 2, 2, 3, 3, 4}
	s2, res := submit(t, s, Ottoman, &testdice.Script{Rolls: rolls}, play, "move 7 regulars 1 cavalry from pressb to vienna with suleiman, ibrahim")
	text := eventText(res, "england")
	if !strings.Contains(text, "Hapsburg tries to intercept from Graz into Vienna: 4+4+1 = 9") || !strings.Contains(text, "The interception succeeds") {
		t.Fatalf("no interception: %q", text)
	}
	if ps := s2.Prompts(); len(ps) == 1 && ps[0].Kind == "intercept" {
		t.Fatalf("the Hapsburg was asked despite its standing order")
	}

	// A bigger move (8 regulars 1 cavalry) is not covered: the Hapsburg is asked.
	s3 := vienna(t)
	put(t, s3, "pressburg", Ottoman, Force{Reg: 1})
	play = impulseFor(t, s3, Ottoman, 3)
	s3, _ = submit(t, s3, Hapsburg, testdice.New(1), "auto intercept from Graz to Vienna at most 8")
	s3, _ = submit(t, s3, Ottoman, testdice.New(1), play, "move 8 regulars 1 cavalry from pressb to vienna with suleiman, ibrahim")
	onlyPrompt(t, s3, "hapsburg", "intercept", "decline")

	// auto intercept off clears the conditional orders too.
	s4 := vienna(t)
	s4, _ = submit(t, s4, Hapsburg, testdice.New(1), "auto intercept from Graz")
	s4, _ = submit(t, s4, Hapsburg, testdice.New(1), "auto intercept off")
	if len(s4.Flow.Intercepts[Hapsburg]) != 0 {
		t.Fatalf("standing interceptions left: %v", s4.Flow.Intercepts[Hapsburg])
	}
}
