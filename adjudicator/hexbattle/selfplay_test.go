package hexbattle

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/selfplay"
	"github.com/stretchr/testify/require"
)

var testScenarios = []string{"hill/historical", "hill/discipline", "hill/choices", "ford/najera"}

// Random games run to the end on every test pack with the invariants of
// Check after every action, and every state survives encoding.
func TestSelfplay(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 50
	}
	for _, sc := range testScenarios {
		for seed := range uint64(n) {
			out := selfplay.Play(Game{}, seed, selfplay.Options{Scenario: sc, Check: true})
			require.NoError(t, out.Err, "%s seed %d", sc, seed)
			require.True(t, out.Finished, "%s seed %d", sc, seed)
		}
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	st, err := Game{}.Setup("hill/historical", nil, nil)
	require.NoError(t, err)
	data, err := st.Encode()
	require.NoError(t, err)
	back, err := Game{}.Decode(data)
	require.NoError(t, err)
	again, _ := back.Encode()
	require.Equal(t, string(data), string(again))
	require.NotEmpty(t, back.View(adjudicator.Role("english")).Text())
}

// BenchmarkRandomGame plays whole random battles (ten game turns) on each
// test pack; the figure is in the README's Performance table.
func BenchmarkRandomGame(b *testing.B) {
	for _, sc := range []string{"hill/historical", "ford/najera"} {
		b.Run(strings.ReplaceAll(sc, "/", "-"), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				out := selfplay.Play(Game{}, uint64(i), selfplay.Options{Scenario: sc})
				if out.Err != nil {
					b.Fatal(out.Err)
				}
			}
		})
	}
}
