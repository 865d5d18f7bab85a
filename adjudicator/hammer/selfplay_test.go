package hammer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// playRandom plays one random game to the end, calling Check after every
// accepted submission when check is set. visit sees every state.
func playRandom(t testing.TB, seed uint64, scen string, check bool, visit func(s *St, res *adjudicator.Result)) *St {
	return playRandomOpts(t, seed, scen, nil, check, visit)
}

func playRandomOpts(t testing.TB, seed uint64, scen string, opts adjudicator.Options, check bool, visit func(s *St, res *adjudicator.Result)) *St {
	d := testdice.New(seed)
	pk := testdice.New(seed*7 + 1)
	st, err := Game{}.Setup(scen, opts, d)
	require.NoError(t, err)
	s := st.(*St)
	for step := 0; step < 20000; step++ {
		if s.Fin {
			return s
		}
		ps := s.Prompts()
		require.NotEmpty(t, ps, "no prompts in %s (seed %d)", s.label(), seed)
		p := ps[pk.Intn(len(ps))]
		sub := s.RandomSubmission(p.Role, pk.Intn)
		require.NotNil(t, sub)
		ns, res, err := s.Apply(*sub, d)
		if err != nil {
			var b strings.Builder
			for _, l := range sub.Lines {
				fmt.Fprintf(&b, "  %s\n", l.Text)
			}
			t.Fatalf("seed %d %s: %s rejected in %s: %v\n%s", seed, scen, p.Role, s.label(), err, b.String())
		}
		s = ns.(*St)
		if check {
			if err := s.Check(); err != nil {
				t.Fatalf("seed %d: %s: invariant: %v", seed, s.label(), err)
			}
			if s.Bat != nil {
				// a battle waiting for a player survives encoding
				data, err := s.Encode()
				require.NoError(t, err)
				back, err := Game{}.Decode(data)
				require.NoError(t, err)
				again, _ := back.Encode()
				require.Equal(t, string(data), string(again))
			}
		}
		if visit != nil {
			visit(s, res)
		}
	}
	t.Fatalf("seed %d: game did not end", seed)
	return nil
}

// Rules also covered: H-0.3b.
func TestSelfplay(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n; i++ {
		scen := []string{"braveheart", "the-bruce", "campaign"}[i%3]
		s := playRandom(t, uint64(i+1), scen, true, nil)
		require.True(t, s.Fin)
	}
}

// TestSelfplayOptions plays random games with every option set.
// (H-5.4c, H-T.2, H-T.3, AMB-50)
func TestSelfplayOptions(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 6
	}
	opts := []adjudicator.Options{
		{"schiltroms": "on", "bid": "E2", "etterick-move": "3"},
		{"bid": "S3"},
	}
	for i := 0; i < n; i++ {
		s := playRandomOpts(t, uint64(500+i), []string{"braveheart", "campaign"}[i%2], opts[i%2], true, nil)
		require.True(t, s.Fin)
	}
}

// TestDefaultsAreLegal: at every point of random games, the deadline
// default of every role that owes orders is accepted, and a role that owes
// nothing has no default.
func TestDefaultsAreLegal(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 5
	}
	for i := 0; i < n; i++ {
		seed := uint64(900 + i)
		playRandom(t, seed, []string{"braveheart", "the-bruce", "campaign"}[i%3], false, func(s *St, _ *adjudicator.Result) {
			if s.Fin {
				return
			}
			owed := map[adjudicator.Role]bool{}
			for _, p := range s.Prompts() {
				owed[p.Role] = true
				require.NotEmpty(t, p.Choices, "%s %s", p.Role, s.label())
				require.NotEmpty(t, p.Template)
				def := s.Default(p.Role)
				require.NotNil(t, def)
				_, _, err := s.Apply(*def, testdice.New(seed))
				require.NoError(t, err, "default for %s in %s: %v", p.Role, s.label(), def.Lines)
			}
			for _, r := range roles {
				if !owed[r] {
					require.Nil(t, s.Default(r))
				}
			}
		})
	}
}
