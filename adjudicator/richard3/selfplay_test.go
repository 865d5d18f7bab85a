package richard3

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// playRandom plays one random game to the end, checking invariants after
// every accepted submission. It returns the final state and the number of
// submissions.
func playRandom(t testing.TB, seed uint64, scenario string, check bool, each func(s *State, res *adjudicator.Result)) (*State, int) {
	d := testdice.New(seed)
	pk := testdice.New(seed ^ 0x5eed)
	st, err := Game{}.Setup(scenario, nil, d)
	require.NoError(t, err)
	s := st.(*State)
	n := 0
	loud := each != nil
	for !s.Finished {
		progressed := false
		for _, r := range []adjudicator.Role{RoleLancaster, RoleYork} {
			sub := s.RandomSubmission(r, pk.Intn)
			if sub == nil {
				require.Nil(t, s.Default(r), "Default for a role that owes nothing")
				continue
			}
			if check && pk.Intn(5) == 0 {
				// Deadline defaults must always be legal too.
				sub = s.Default(r)
				require.NotNil(t, sub)
			}
			if loud && sub.Lines[len(sub.Lines)-1].Text == quietMark {
				sub.Lines = sub.Lines[:len(sub.Lines)-1]
			}
			ns, res, err := s.Apply(*sub, d)
			if err != nil {
				t.Fatalf("seed %d: %s: random submission %v rejected: %v\n%s", seed, s.label(), sub.Lines, err, s.View(adjudicator.GM).Text())
			}
			s = ns.(*State)
			n++
			progressed = true
			if check {
				if err := s.Check(); err != nil {
					t.Fatalf("seed %d after %v: %v\n%s", seed, sub.Lines, err, s.View(adjudicator.GM).Text())
				}
			}
			if each != nil {
				each(s, res)
			}
			if s.Finished {
				break
			}
		}
		if !progressed {
			t.Fatalf("seed %d: nobody owes anything in %s", seed, s.label())
		}
		if n > 5000 {
			t.Fatalf("seed %d: game too long", seed)
		}
	}
	return s, n
}

// TestSelfplay plays random games to the end with Check after every action.
// Rules: R3-1.0a R3-1.0b R3-9.0a R3-9.0b.
func TestSelfplay(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 30
	}
	wins := map[Side]int{}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		s, _ := playRandom(t, seed, "", true, nil)
		wins[s.Winner]++
	}
	t.Logf("wins: %v", wins)
}

func TestSelfplayLaterScenarios(t *testing.T) {
	for _, sc := range []string{"kingmaker", "richard-iii"} {
		for seed := uint64(1); seed <= 20; seed++ {
			playRandom(t, seed, sc, true, nil)
		}
	}
}

// BenchmarkFullGame plays complete random games.
func BenchmarkFullGame(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playRandom(b, uint64(i+1), "", false, nil)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
