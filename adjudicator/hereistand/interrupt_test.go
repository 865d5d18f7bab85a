package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// onlyPrompt checks that exactly one decision is owed, by role, of kind,
// and that its deadline default is want.
func onlyPrompt(t *testing.T, s *St, role adjudicator.Role, kind, want string) adjudicator.Prompt {
	t.Helper()
	ps := s.Prompts()
	if len(ps) != 1 || ps[0].Role != role || ps[0].Kind != kind {
		t.Fatalf("prompts %+v, want one %s for %s", ps, kind, role)
	}
	if o := s.Owing(); len(o) != 1 || o[0] != role {
		t.Fatalf("owing %v", o)
	}
	if d := s.Default(role); d == nil || d.Lines[0].Text != want {
		t.Fatalf("default %+v, want %q", d, want)
	}
	for _, r := range []adjudicator.Role{"ottoman", "hapsburg", "england", "france", "papacy", "protestant"} {
		if r != role && s.Default(r) != nil {
			t.Errorf("%s has a default but owes nothing", r)
		}
	}
	return ps[0]
}

// impulseFor makes power p the active power of an Action Phase on the
// board, holding one card of cp CP.
func impulseFor(t *testing.T, s *St, p, cp int) string {
	s.Phase, s.Active = PhAction, p
	c := cardWith(t, cp)
	deal(s, p, c)
	return "play " + cardName(int(c))[1:] + " for cp"
}

// HIS-13.2, HIS-14m, HIS-14i, checklist 6.2 W3 and W10: the seed's Vienna
// example played by email. The Ottoman's move stops for the Hapsburg's
// interception prompt (default: decline); its further orders wait; the
// Hapsburg intercepts with the seed's dice, the battle is rolled, the
// Ottoman chooses its casualties as in the seed, the battle ends and the
// waiting orders run.
func TestHIS13_2_InterceptionByEmail(t *testing.T) {
	s := vienna(t)
	play := impulseFor(t, s, Ottoman, 3)
	s, res := submit(t, s, Ottoman, testdice.New(1), play,
		"move 7 regulars 1 cavalry from pressb to vienna with suleiman, ibrahim", "build cavalry in istanbul")
	p := onlyPrompt(t, s, "hapsburg", "intercept", "decline")
	if !strings.Contains(strings.Join(p.Choices, ";"), "intercept 8 from Graz with Charles V") {
		t.Errorf("choices %v", p.Choices)
	}
	if len(s.Flow.Queue) != 1 || !strings.Contains(eventText(res, "ottoman"), "wait for the decision") {
		t.Errorf("queue %v, events %q", s.Flow.Queue, eventText(res, "ottoman"))
	}
	if strings.Contains(eventText(res, "hapsburg"), "wait for the decision") {
		t.Errorf("the Ottoman's waiting orders were told to the Hapsburg")
	}
	refuse(t, s, Ottoman, "done")
	refuse(t, s, Hapsburg, "intercept from linz")
	// The seed's roll of 8 + 2 (Charles V) - 1 (Ottoman cavalry) = 9.
	rolls := []int{4, 4}
	rolls = append(rolls, 5, 6, 5, 1, 1, 1, 2, 2, 3, 4)
	rolls = append(rolls, 5, 5, 6, 6, 5, 1, 1, 1, 2, 2, 3, 3, 4)
	s, res = submit(t, s, Hapsburg, &testdice.Script{Rolls: rolls}, "intercept from graz")
	text := eventText(res, "england")
	// W10: the Ottoman chooses its 5 casualties; the Hapsburg, with
	// regulars only, has no choice.
	p = onlyPrompt(t, s, "ottoman", "casualties", "lose 4 regulars, 1 cavalry")
	if len(p.Choices) != 2 || p.Choices[1] != "lose 5 regulars" {
		t.Errorf("choices %v", p.Choices)
	}
	refuse(t, s, Ottoman, "lose 4 regulars")
	s, res = submit(t, s, Ottoman, testdice.New(1), "lose 4r 1c")
	text += eventText(res, "england")
	for _, w := range []string{"4+4+1 = 9", "The defender wins the battle of Vienna", "retreat to Pressburg", "builds 1 cavalry in Istanbul"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in\n%s", w, text)
		}
	}
	if got := s.Units[sp(t, "pressburg")][Ottoman]; got != (Force{Reg: 3}) {
		t.Errorf("Pressburg %+v", got)
	}
	if got := s.Units[sp(t, "vienna")][Hapsburg]; got != (Force{Reg: 7}) {
		t.Errorf("Vienna %+v", got)
	}
	onlyPrompt(t, s, "ottoman", "actions", "done")
	if s.Flow.CP != 1 {
		t.Errorf("CP %d, want 1", s.Flow.CP)
	}
}

// besancon sets up a Hapsburg stack next to French Dijon.
func besancon(t *testing.T, french int) *St {
	s := board(t)
	s.setWar(Hapsburg, France, true)
	s.Ctrl[sp(t, "besancon")] = Hapsburg
	put(t, s, "besancon", Hapsburg, Force{Reg: 4})
	if french > 0 {
		put(t, s, "dijon", France, Force{Reg: uint8(french)})
	}
	return s
}

// HIS-13.3, W4: the defender is asked to avoid battle (default: stand);
// a success moves its units away and the attacker enters unopposed.
func TestHIS13_3_AvoidBattleByEmail(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 2)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon", "control dijon")
	p := onlyPrompt(t, s, "france", "avoid-battle", "stand")
	if !strings.Contains(strings.Join(p.Choices, ";"), "avoid battle to Lyon") {
		t.Errorf("choices %v", p.Choices)
	}
	s, res := submit(t, s, France, &testdice.Script{Rolls: []int{5, 4}}, "avoid battle to lyon")
	if got := s.Units[sp(t, "lyon")][France]; got.Reg != 2 || s.Units[sp(t, "dijon")][France].Land() != 0 {
		t.Errorf("Lyon %+v\n%s", got, eventText(res, "gm"))
	}
	// The waiting "control dijon" ran: Dijon is Hapsburg now.
	if s.Controller(sp(t, "dijon")) != Hapsburg || s.Active != England {
		t.Errorf("Dijon controlled by %d, active %d\n%s", s.Controller(sp(t, "dijon")), s.Active, eventText(res, "gm"))
	}
}

// HIS-14.1, W10: beaten defenders choose their retreat (default:
// withdraw where possible, else the first legal space).
func TestHIS14_1_RetreatByEmail(t *testing.T) {
	s2 := besancon(t, 2)
	play := impulseFor(t, s2, Hapsburg, 2)
	s2, _ = submit(t, s2, Hapsburg, testdice.New(1), play, "move all from besancon to dijon")
	// 4 attacking dice, 1 hit; 3 defending dice, none.
	s2, _ = submit(t, s2, France, &testdice.Script{Rolls: []int{5, 1, 1, 1, 1, 1, 1}}, "stand")
	p := onlyPrompt(t, s2, "france", "retreat", "retreat to Lyon")
	if !strings.Contains(strings.Join(p.Choices, ";"), "retreat to Paris") {
		t.Errorf("choices %v", p.Choices)
	}
	refuse(t, s2, France, "retreat to besancon")
	s2, _ = submit(t, s2, France, testdice.New(1), "retreat to paris")
	if got := s2.Units[sp(t, "paris")][France]; got.Reg != 1 {
		t.Errorf("Paris %+v", got)
	}
}

// HIS-13.4, W5-W6: the garrison of a fortified space is asked to
// withdraw (default: stand); when the mover does not outnumber it, the
// mover falls back or moves on (default: fall back).
func TestHIS13_4_WithdrawAndFallBack(t *testing.T) {
	s := board(t)
	s.setWar(Hapsburg, France, true)
	s.Ctrl[sp(t, "dijon")] = Hapsburg
	put(t, s, "dijon", Hapsburg, Force{Reg: 2})
	put(t, s, "lyon", France, Force{Reg: 2})
	play := impulseFor(t, s, Hapsburg, 3)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 2 dijon to lyon")
	onlyPrompt(t, s, "france", "avoid-battle", "stand")
	s, _ = submit(t, s, France, testdice.New(1), "stand")
	onlyPrompt(t, s, "france", "withdraw", "stand")
	s, _ = submit(t, s, France, testdice.New(1), "withdraw")
	p := onlyPrompt(t, s, "hapsburg", "fall-back", "fall back")
	if len(p.Choices) < 2 {
		t.Errorf("choices %v", p.Choices)
	}
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "fall back")
	if s.Units[sp(t, "dijon")][Hapsburg].Reg != 2 || s.UnderSiege(sp(t, "lyon")) {
		t.Errorf("fall back: Dijon %+v", s.Units[sp(t, "dijon")][Hapsburg])
	}
	onlyPrompt(t, s, "hapsburg", "actions", "done")
}

// A waiting order that no longer fits after the interrupt is reported to
// its power alone and dropped with the rest; the power is asked again.
func TestQueuedOrdersDropped(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 3)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon", "control dijon", "control dijon")
	// France stands and wins: the Hapsburg is back in Besançon.
	rolls := []int{1, 1, 1, 1, 6, 6, 1}
	s, res := submit(t, s, France, &testdice.Script{Rolls: rolls}, "stand")
	if got := eventText(res, "hapsburg"); !strings.Contains(got, "was not carried out") {
		t.Errorf("hapsburg hears %q", got)
	}
	if strings.Contains(eventText(res, "france"), "was not carried out") {
		t.Errorf("france hears of the Hapsburg's orders")
	}
	onlyPrompt(t, s, "hapsburg", "actions", "done")
}

// Standing orders: a power may tell the engine at any time to answer a
// kind of decision with its default without asking; they are private,
// kept in the state, and "auto off" asks again.
func TestStandingOrders(t *testing.T) {
	s := vienna(t)
	play := impulseFor(t, s, Ottoman, 3)
	refuse(t, s, Hapsburg, "auto flying")
	s, res := submit(t, s, Hapsburg, testdice.New(1), "auto interception")
	if s.Flow.Auto[Hapsburg] != 1<<DecIntercept || !strings.Contains(eventText(res, "hapsburg"), "intercept") ||
		eventText(res, "ottoman") != "" {
		t.Fatalf("auto %b, events %q / %q", s.Flow.Auto[Hapsburg], eventText(res, "hapsburg"), eventText(res, "ottoman"))
	}
	s, res = submit(t, s, Ottoman, testdice.New(1), play, "move 8 from pressburg to vienna with suleiman, ibrahim")
	if !strings.Contains(eventText(res, "papacy"), "Hapsburg does not intercept") {
		t.Errorf("events %q", eventText(res, "papacy"))
	}
	onlyPrompt(t, s, "hapsburg", "avoid-battle", "stand")
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "auto off", "stand")
	if s.Flow.Auto[Hapsburg] != 0 {
		t.Errorf("auto %b after auto off", s.Flow.Auto[Hapsburg])
	}
}

// HIS-15.2a, W12: a move into a besieged friendly space is a relief: the
// relieving power is asked which units inside join the battle; its
// further orders in the same email wait for the battle.
func TestHIS15_2_ReliefCommit(t *testing.T) {
	s := board(t)
	s.setWar(Hapsburg, France, true)
	lyon := sp(t, "lyon")
	put(t, s, "lyon", France, Force{Reg: 1})
	put(t, s, "lyon", Hapsburg, Force{Reg: 4})
	s.Warfare.Siege.set(lyon)
	put(t, s, "orleans", France, Force{Reg: 3})
	mustCheck(t, s)
	play := impulseFor(t, s, France, 3)
	s, _ = submit(t, s, France, testdice.New(1), play, "move 3 from orleans to lyon")
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "stand")
	p := onlyPrompt(t, s, "france", "commit", "commit none")
	if len(p.Choices) != 2 || p.Choices[1] != "commit all" {
		t.Errorf("choices %v", p.Choices)
	}
	// 4 French dice (3 + 1 committed), 4 hits; 5 Hapsburg dice, none.
	rolls := &testdice.Script{Rolls: []int{6, 6, 6, 6, 1, 1, 1, 1, 1}}
	s, res := submit(t, s, France, rolls, "commit all", "build regular in paris")
	text := eventText(res, "england")
	if s.UnderSiege(lyon) || s.Units[lyon][Hapsburg].Land() != 0 || !strings.Contains(text, "France rolls 4 dice") {
		t.Errorf("siege %v, Hapsburg %+v\n%s", s.UnderSiege(lyon), s.Units[lyon][Hapsburg], text)
	}
	if s.Units[sp(t, "paris")][France].Reg != 1 {
		t.Errorf("the waiting build did not run\n%s", text)
	}
}

// HIS-15.1, HIS-15.1m: an assault's casualties are chosen by the side
// that has a choice, then the assault ends (the garrison wiped out: the
// space changes hands).
func TestHIS15_1_AssaultCasualties(t *testing.T) {
	s := board(t)
	s.setWar(Hapsburg, France, true)
	lyon := sp(t, "lyon")
	s.Ctrl[sp(t, "dijon")] = Hapsburg
	put(t, s, "lyon", France, Force{Reg: 1})
	put(t, s, "lyon", Hapsburg, Force{Reg: 3, Merc: 1})
	s.Warfare.Siege.set(lyon)
	mustCheck(t, s)
	play := impulseFor(t, s, Hapsburg, 2)
	// 2 dice against the garrison's 2: one hit each.
	s, _ = submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{6, 1, 5, 1}}, play, "assault lyon")
	p := onlyPrompt(t, s, "hapsburg", "casualties", "lose 1 mercenary")
	if len(p.Choices) != 2 || !strings.Contains(p.Text, "Assault on Lyon") {
		t.Errorf("prompt %+v", p)
	}
	s, res := submit(t, s, Hapsburg, testdice.New(1), "lose 1 regular", "done")
	if s.Controller(lyon) != Hapsburg || s.Units[lyon][Hapsburg] != (Force{Reg: 2, Merc: 1}) {
		t.Errorf("Lyon: %d, %+v\n%s", s.Controller(lyon), s.Units[lyon][Hapsburg], eventText(res, "gm"))
	}
	if s.Active != England {
		t.Errorf("the impulse did not end: active %d", s.Active)
	}
}
