package hammer

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// TestApplyKeepsReceiver plays random games and checks after every
// submission that Apply left the receiver byte for byte unchanged, for
// accepted and for rejected submissions, and for both roles' defaults.
func TestApplyKeepsReceiver(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 6
	}
	for i := 0; i < n; i++ {
		seed := uint64(3100 + i)
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup([]string{"braveheart", "the-bruce", "campaign"}[i%3], nil, d)
		require.NoError(t, err)
		s := st.(*St)
		for step := 0; step < 20000 && !s.Fin; step++ {
			before, err := s.Encode()
			require.NoError(t, err)
			ps := s.Prompts()
			p := ps[pk.Intn(len(ps))]
			// a rejected submission first
			_, _, rerr := s.Apply(adjudicator.Submission{Role: p.Role, Lines: []adjudicator.Line{{No: 1, Text: "Thanks!"}}}, d)
			require.Error(t, rerr)
			if def := s.Default(p.Role); def != nil {
				_, _, err := s.Apply(*def, testdice.New(seed+99))
				require.NoError(t, err)
			}
			sub := s.RandomSubmission(p.Role, pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			require.NoError(t, err)
			after, err := s.Encode()
			require.NoError(t, err)
			if string(before) != string(after) {
				t.Fatalf("seed %d step %d: Apply changed its receiver (%s):\n%s", seed, step, s.label(), firstDiff(string(before), string(after)))
			}
			s = ns.(*St)
		}
	}
}

// firstDiff shows where two encodings first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := i - 120
	if lo < 0 {
		lo = 0
	}
	hiA, hiB := i+120, i+120
	if hiA > len(a) {
		hiA = len(a)
	}
	if hiB > len(b) {
		hiB = len(b)
	}
	return "before: ..." + a[lo:hiA] + "\nafter:  ..." + b[lo:hiB]
}

// TestCloneBattleIsComplete: cloneBattle copies every field a stored
// battle encodes (so a field added to columbia.Battle is not lost).
func TestCloneBattleIsComplete(t *testing.T) {
	found := 0
	for seed := uint64(1); seed < 40 && found < 5; seed++ {
		playRandom(t, seed, "braveheart", false, func(s *St, _ *adjudicator.Result) {
			if s.Bat == nil {
				return
			}
			found++
			a, err := json.Marshal(s.Bat)
			require.NoError(t, err)
			b, err := json.Marshal(cloneBattle(s.Bat))
			require.NoError(t, err)
			require.Equal(t, string(a), string(b))
		})
	}
	require.Positive(t, found)
}

// TestPromptsTemplatesAndChoices: at every point of random games, the
// template of every prompt, sent back unchanged, is accepted; every
// concrete choice (one without a <placeholder>) is accepted on its own;
// and every line of every view fits in 76 columns.
func TestPromptsTemplatesAndChoices(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	for i := 0; i < n; i++ {
		seed := uint64(4200 + i)
		playRandom(t, seed, []string{"braveheart", "the-bruce", "campaign"}[i%3], false, func(s *St, _ *adjudicator.Result) {
			for _, r := range []adjudicator.Role{RoleEngland, RoleScotland, adjudicator.GM} {
				for k, line := range strings.Split(s.View(r).Text(), "\n") {
					require.LessOrEqual(t, utf8.RuneCountInString(line), 76, "%s view line %d of %s: %q", r, k+1, s.label(), line)
				}
			}
			if s.Fin {
				return
			}
			for _, p := range s.Prompts() {
				_, _, err := s.Apply(adjudicator.Submission{Role: p.Role, Lines: toLines(p.Template)}, testdice.New(seed))
				require.NoError(t, err, "%s template in %s: %q", p.Role, s.label(), p.Template)
				for _, c := range p.Choices {
					if strings.Contains(c, "<") {
						continue
					}
					_, _, err := s.Apply(sub(p.Role, c), testdice.New(seed))
					require.NoError(t, err, "%s choice in %s: %q", p.Role, s.label(), c)
				}
			}
		})
	}
}
