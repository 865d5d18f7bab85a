package hereistand

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/selfplay"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// playSeeded plays a random game, calling each after every accepted
// submission with the state before, the submission, the result and the
// state after.
func playSeeded(t testing.TB, seed uint64, each func(before *St, sub *adjudicator.Submission, res *adjudicator.Result, after *St)) *St {
	d := testdice.New(seed)
	pk := testdice.New(seed ^ 0x5eed)
	st, err := Game{}.Setup("1517", nil, d)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*St)
	for i := 0; !s.Flow.Over; i++ {
		if i > 20000 {
			t.Fatalf("seed %d: no end", seed)
		}
		owing := s.Owing()
		sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
		if pk.Intn(6) == 0 {
			sub = s.Default(sub.Role) // deadline defaults are legal too
		}
		ns, res, err := s.Apply(*sub, d)
		if err != nil {
			t.Fatalf("seed %d: %s %v rejected: %v", seed, sub.Role, sub.Lines, err)
		}
		n := ns.(*St)
		if each != nil {
			each(s, sub, res, n)
		}
		s = n
	}
	return s
}

// Fog of war: no view, prompt, event or rejection shows a power a card in
// another power's hand, over random games.
// Also exercises HIS-9.1b6 (see the coverage document).
func TestFogOfWarRandomGames(t *testing.T) {
	leaks := func(text string, s *St, p int) string {
		for q := 0; q < NMajor; q++ {
			if q == p {
				continue
			}
			for _, c := range s.Hands[q] {
				for _, form := range []string{fmt.Sprintf("#%d ", c), fmt.Sprintf("play %d ", c)} {
					if strings.Contains(text, form) {
						return fmt.Sprintf("%s sees %s of the %s hand in:\n%s", powers[p].Name, cardName(int(c)), powers[q].Name, text)
					}
				}
			}
		}
		return ""
	}
	for seed := uint64(1); seed <= 6; seed++ {
		playSeeded(t, seed, func(before *St, sub *adjudicator.Submission, res *adjudicator.Result, s *St) {
			for p := 0; p < NMajor; p++ {
				role := roleOf(p)
				var b strings.Builder
				b.WriteString(s.View(role).Text())
				for _, pr := range s.Prompts() {
					if pr.Role == role {
						b.WriteString(pr.Text + "\n" + strings.Join(pr.Choices, "\n") + strings.Join(pr.Template, "\n"))
					}
				}
				for _, e := range res.Events {
					// A card played earlier in the same submission may be
					// dealt again when it ends the turn: its play is public.
					// A card drawn at random (a deal, a peace, a ransom)
					// is told to the giver and the receiver only, as is the
					// card Diplomatic Overture gives.
					if strings.HasPrefix(e.Text, "The card drawn is ") || strings.HasPrefix(e.Text, "The card given is ") {
						if len(e.To) != 2 {
							t.Fatalf("seed %d: a card drawn told to %v", seed, e.To)
						}
						continue
					}
					// A hand seen through Papal or Spanish Inquisition is
					// told to the Papacy or the Hapsburg only.
					if strings.HasPrefix(e.Text, "Papal Inquisition: the hand of ") || strings.HasPrefix(e.Text, "Spanish Inquisition: the hand of ") {
						if len(e.To) != 1 || e.To[0] != roleOf(Papacy) && e.To[0] != roleOf(Hapsburg) {
							t.Fatalf("seed %d: a hand seen told to %v", seed, e.To)
						}
						continue
					}
					if e.VisibleTo(role) && !strings.Contains(e.Text, " plays #") {
						b.WriteString(e.Text + "\n")
					}
				}
				// A rejection: a power playing a card it does not hold.
				for q := 0; q < NMajor; q++ {
					if q != p && len(s.Hands[q]) > 0 && s.owes(p) {
						bad := adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{No: 1, Text: fmt.Sprintf("play %d", s.Hands[q][0])}}}
						if _, _, err := s.Apply(bad, testdice.New(1)); err != nil {
							b.WriteString(err.Error())
						}
					}
				}
				if l := leaks(dropPublicTakes(b.String()), s, p); l != "" {
					t.Fatalf("seed %d: %s", seed, l)
				}
			}
		})
	}
}

// The same seed gives the same game, byte for byte.
func TestDeterministicGames(t *testing.T) {
	run := func() []byte {
		var all bytes.Buffer
		playSeeded(t, 42, func(_ *St, _ *adjudicator.Submission, _ *adjudicator.Result, s *St) {
			b, _ := s.Encode()
			all.Write(b)
		})
		return all.Bytes()
	}
	if a, b := run(), run(); !bytes.Equal(a, b) {
		t.Fatal("two games from the same seed differ")
	}
}

// BenchmarkRandomGame plays complete random games from 1517 (six powers,
// CP plays only) on one core, without the invariant checks.
func BenchmarkRandomGame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		out := selfplay.Play(Game{}, uint64(i+1), selfplay.Options{Scenario: "1517"})
		if out.Err != nil || !out.Finished {
			b.Fatal(out.Err)
		}
	}
}

// BenchmarkRandomGameNineTurns plays random games to the time limit (the
// Papacy's early lead taken away so that no domination ends them in turn
// 4), on one core, without the invariant checks.
func BenchmarkRandomGameNineTurns(b *testing.B) {
	for i := 0; i < b.N; i++ {
		d := testdice.New(uint64(i + 1))
		pk := testdice.New(uint64(i+1) * 7)
		st, _ := Game{}.Setup("1517", nil, d)
		s := st.(*St)
		s.BonusVP[Papacy] = -12
		for !s.Flow.Over {
			sub := s.RandomSubmission(s.Owing()[0], pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			if err != nil {
				b.Fatal(err)
			}
			s = ns.(*St)
		}
	}
}

// HIS-9.1b6, HIS-9.3f, HIS-9.4a: a card drawn at random by a deal, a
// peace or a ransom is told to the giver and the receiver; the others
// learn only that a card changed hands.
func TestFogOfWarDiplomacyDraws(t *testing.T) {
	s := negotiationGame(t)
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	s, _ = submit(t, s, Hapsburg, d, "propose: cards 1 to papacy")
	before := append([]uint8(nil), s.Hands[Papacy]...)
	s, res := submit(t, s, Papacy, d, "confirm")
	var got int
	for _, c := range s.Hands[Papacy] {
		if !containsCard(before, int(c)) {
			got = int(c)
		}
	}
	require.NotZero(t, got)
	form := fmt.Sprintf("#%d ", got)
	for p := 0; p < NMajor; p++ {
		role := roleOf(p)
		text := eventText(res, role)
		if p == Hapsburg || p == Papacy {
			require.Contains(t, text, form, powers[p].Name)
			continue
		}
		require.NotContains(t, text, form, powers[p].Name)
		require.NotContains(t, s.View(role).Text(), form, powers[p].Name)
		require.Contains(t, text, "Papacy draws a card at random from the hand of Hapsburg (deal).")
	}
}

// dropPublicTakes drops the lines telling of a card taken from the discard
// pile: the pile lies face up, so every power knows the card (Papal
// Inquisition, Frederick the Wise).
func dropPublicTakes(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.Contains(l, " from the discard pile") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// dropSeenHands drops the lines of a hand seen through an Inquisition when
// the seat holds the power that saw it.
func dropSeenHands(text string, held []int) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if (strings.HasPrefix(t, "Papal Inquisition: the hand of ") && contains(held, Papacy)) ||
			(strings.HasPrefix(t, "Spanish Inquisition: the hand of ") && contains(held, Hapsburg)) {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}
