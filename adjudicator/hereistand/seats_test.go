package hereistand

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/selfplay"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// seatGame sets up 1517 for n players.
func seatGame(t testing.TB, n int, seed uint64) *St {
	t.Helper()
	st, err := Game{}.Setup("1517", adjudicator.Options{"players": fmt.Sprint(n)}, testdice.New(seed))
	if err != nil {
		t.Fatal(err)
	}
	return st.(*St)
}

func lines(texts ...string) []adjudicator.Line {
	var out []adjudicator.Line
	for i, t := range texts {
		out = append(out, adjudicator.Line{No: i + 1, Text: t})
	}
	return out
}

// HIS-3.1a: the platform sees seats. With fewer than six players the
// game's roles (and every scenario's) are the seats of Seating, and a
// seat's role joins its powers with "+".
func TestHIS3_1a_SeatRoles(t *testing.T) {
	for n, want := range map[string]string{
		"3": "ottoman+france hapsburg+papacy england+protestant",
		"4": "ottoman hapsburg+papacy england+protestant france",
		"5": "ottoman hapsburg england+protestant france papacy",
		"6": "ottoman hapsburg england france papacy protestant",
	} {
		info, err := adjudicator.InfoOf(Game{}, adjudicator.Options{"players": n})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range info.Roles {
			got = append(got, string(r))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s players: roles %v", n, got)
		}
		sc, _ := info.ScenarioByID("1517")
		if fmt.Sprint(info.RolesFor(sc)) != fmt.Sprint(info.Roles) {
			t.Errorf("%s players: scenario roles %v", n, info.RolesFor(sc))
		}
	}
	if _, err := (Game{}).InfoFor(adjudicator.Options{"players": "2"}); err == nil {
		t.Error("2 players accepted")
	}
	if info, _ := adjudicator.InfoOf(Game{}, nil); len(info.Roles) != 6 {
		t.Errorf("default roles %v", info.Roles)
	}
}

// HIS-3.1a, HIS-8.1a: the seat that holds the Protestant owes Luther's
// 95 Theses; its prompt names the seat and the power, and the seat's
// lines go to the power that owes.
func TestHIS3_1a_SeatPromptsAndRouting(t *testing.T) {
	s := seatGame(t, 3, 1)
	pr := s.Prompts()
	if len(pr) != 1 || pr[0].Role != "england+protestant" || !strings.HasPrefix(pr[0].Text, "Protestant: ") {
		t.Fatalf("prompts %+v", pr)
	}
	if got := s.Owing(); len(got) != 1 || got[0] != "england+protestant" {
		t.Fatalf("owing %v", got)
	}
	// A power's own role is not a seat of a 3-player game.
	if _, _, err := s.Apply(adjudicator.Submission{Role: "protestant", Lines: lines("play 95 theses")}, testdice.New(1)); err == nil ||
		!strings.Contains(err.Error(), "not a seat") {
		t.Fatalf("power role accepted: %v", err)
	}
	// A prefix naming a power of another seat is refused.
	if _, _, err := s.Apply(adjudicator.Submission{Role: "england+protestant", Lines: lines("papacy: play 95 theses")}, testdice.New(1)); err == nil ||
		!strings.Contains(err.Error(), "Papacy is not yours") {
		t.Fatalf("foreign prefix: %v", err)
	}
	// The seat's other power owes nothing: its prefixed orders are refused,
	// the line quoted.
	if _, _, err := s.Apply(adjudicator.Submission{Role: "england+protestant", Lines: lines("england: play 95 theses")}, testdice.New(1)); err == nil ||
		!strings.Contains(err.Error(), "England owes no decision") || err.(*adjudicator.Rejection).Problems[0].Line.No != 1 {
		t.Fatalf("England's orders: %v", err)
	}
	// The prefix may name the power in Spanish or Italian, and may leave
	// out its colon.
	for _, l := range []string{"Protestante: play 95 theses", "protestanti: gioca 95 theses", "protestante: jugar 95 theses",
		"protestant play 95 theses", "Protestante jugar 95 theses"} {
		if _, _, err := s.Apply(adjudicator.Submission{Role: "england+protestant", Lines: lines(l)}, testdice.New(1)); err != nil {
			t.Errorf("%q: %v", l, err)
		}
	}
	ns, res, err := s.Apply(adjudicator.Submission{Role: "england+protestant", Lines: lines("play 95 theses")}, testdice.New(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Canonical) == 0 || !strings.HasPrefix(res.Canonical[0], "protestant: ") {
		t.Errorf("canonical %v", res.Canonical)
	}
	for _, e := range res.Events {
		for _, r := range e.To {
			if r != "england+protestant" && r != "ottoman+france" && r != "hapsburg+papacy" {
				t.Errorf("event to %q: %s", r, e.Text)
			}
		}
	}
	s = ns.(*St)
	// Play on to the declarations of war of turn 2, where the Ottoman
	// owes first (HIS-9.6b), alone of its seat: its default needs no
	// prefix.
	d := testdice.New(3)
	for i := 0; s.Phase != PhDiplomacy || s.Turn == 1; i++ {
		if i > 2000 {
			t.Fatal("no Diplomacy Phase")
		}
		sub := s.Default(s.Owing()[0])
		n, _, err := s.Apply(*sub, d)
		if err != nil {
			t.Fatalf("%v: %v", sub.Lines, err)
		}
		s = n.(*St)
	}
	def := s.Default("ottoman+france")
	if def == nil || len(def.Lines) != 1 || def.Lines[0].Text != "done" {
		t.Fatalf("default %+v", def)
	}
	for _, pr := range s.Prompts() {
		if pr.Role == "ottoman+france" && pr.Template[0] != "done" {
			t.Errorf("template %v", pr.Template)
		}
	}
	ns, _, err = s.Apply(adjudicator.Submission{Role: "ottoman+france", Lines: lines("done")}, d)
	if err != nil {
		t.Fatal(err)
	}
	s2 := ns.(*St)
	if s2.owes(Ottoman) || !s2.owes(Hapsburg) {
		t.Errorf("after done: owing %v", s2.Owing())
	}
	// Standing orders without a prefix set both powers'; with one, that
	// power's alone.
	ns, _, err = s.Apply(adjudicator.Submission{Role: "england+protestant", Lines: lines("auto intercept", "protestant: auto avoid battle")}, d)
	if err != nil {
		t.Fatal(err)
	}
	s2 = ns.(*St)
	if s2.Flow.Auto[England] != 1<<DecIntercept || s2.Flow.Auto[Protestant] != 1<<DecIntercept|1<<DecAvoid {
		t.Errorf("standing orders: England %b, Protestant %b", s2.Flow.Auto[England], s2.Flow.Auto[Protestant])
	}
}

// HIS-3.1a: games of 3, 4 and 5 players run to the end with random
// orders from the seats, the invariants checked after every submission.
func TestHIS3_1a_SeatedRandomGames(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, n := range []string{"3", "4", "5"} {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			out := selfplay.Play(Game{}, seed, selfplay.Options{Scenario: "1517",
				Options: adjudicator.Options{"players": n}, Check: true, MaxActions: 20000})
			if out.Err != nil {
				t.Fatalf("%s players, seed %d: %v", n, seed, out.Err)
			}
			if !out.Finished {
				t.Fatalf("%s players, seed %d: not finished", n, seed)
			}
			info, _ := Game{}.InfoFor(adjudicator.Options{"players": n})
			for _, w := range out.Status.Winner {
				if !containsRole(info.Roles, w) {
					t.Errorf("%s players: winner %q is not a seat", n, w)
				}
			}
		}
	}
}

// Fog of war with seats: a seat sees the hands of both its powers and
// never a card of a hand it does not hold, in views, prompts, events and
// rejections, over random games of 3, 4 and 5 players.
func TestFogOfWarSeats(t *testing.T) {
	for _, n := range []int{3, 4, 5} {
		seats, _ := SeatRoles(n)
		d := testdice.New(uint64(n))
		pk := testdice.New(uint64(n) ^ 0x5eed)
		s := seatGame(t, n, uint64(n))
		s = s.clone()
		for i := 0; !s.Flow.Over; i++ {
			if i > 20000 {
				t.Fatalf("%d players: no end", n)
			}
			owing := s.Owing()
			sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
			if pk.Intn(6) == 0 {
				sub = s.Default(sub.Role)
			}
			ns, res, err := s.Apply(*sub, d)
			if err != nil {
				t.Fatalf("%d players: %s %v rejected: %v", n, sub.Role, sub.Lines, err)
			}
			s = ns.(*St)
			for _, seat := range seats {
				held := s.seatPowers(seat)
				var b strings.Builder
				view := s.View(seat).Text()
				b.WriteString(view)
				for _, p := range held {
					if len(s.Hands[p]) > 0 && !strings.Contains(view, strings.ToUpper(powers[p].Name+" hand")) {
						t.Fatalf("%d players: %s does not see the %s hand", n, seat, powers[p].Name)
					}
				}
				for _, pr := range s.Prompts() {
					if pr.Role == seat {
						b.WriteString(pr.Text + "\n" + strings.Join(pr.Choices, "\n") + strings.Join(pr.Template, "\n"))
					}
				}
				for _, e := range res.Events {
					if e.VisibleTo(seat) && !strings.Contains(e.Text, " plays #") && !strings.HasPrefix(e.Text, "The card drawn is ") && !strings.HasPrefix(e.Text, "The card given is ") {
						b.WriteString(e.Text + "\n")
					}
				}
				text := dropSeenHands(dropPublicTakes(b.String()), held)
				for q := 0; q < NMajor; q++ {
					if contains(held, q) {
						continue
					}
					for _, c := range s.Hands[q] {
						if strings.Contains(text, fmt.Sprintf("#%d ", c)) || strings.Contains(text, fmt.Sprintf("play %d ", c)) {
							t.Fatalf("%d players: %s sees %s of the %s hand in:\n%s", n, seat, cardName(int(c)), powers[q].Name, text)
						}
					}
					if len(s.Hands[q]) > 0 && s.seatOwing(seat) > 0 {
						bad := adjudicator.Submission{Role: seat, Lines: lines(fmt.Sprintf("play %d", s.Hands[q][0]))}
						if _, _, err := s.Apply(bad, testdice.New(1)); err == nil {
							t.Fatalf("%d players: %s played a card of the %s", n, seat, powers[q].Name)
						} else if strings.Contains(err.Error(), cards[s.Hands[q][0]].Name) {
							t.Fatalf("%d players: rejection names a hidden card: %v", n, err)
						}
					}
				}
			}
		}
	}
}

// A decision owed in the middle of an impulse asks for InterruptHours;
// every other prompt leaves the game's deadline (Hours 0).
func TestInterruptPromptHours(t *testing.T) {
	seen := map[bool]int{}
	playSeeded(t, 3, func(_ *St, _ *adjudicator.Submission, _ *adjudicator.Result, s *St) {
		for _, pr := range s.Prompts() {
			inside := len(s.Flow.Stack) > 0
			want := 0
			if inside {
				want = InterruptHours
			}
			if pr.Hours != want {
				t.Fatalf("%s prompt (%s): %d hours, want %d", pr.Kind, pr.Role, pr.Hours, want)
			}
			seen[inside]++
		}
	})
	if seen[true] == 0 || seen[false] == 0 {
		t.Errorf("prompts seen: %v", seen)
	}
}
