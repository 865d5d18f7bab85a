package richard3

import (
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// TestApplyKeepsReceiverManyGames: over many whole random games (battles
// paused on "ask" and hit ties included), Apply never changes the state it
// is called on.
func TestApplyKeepsReceiverManyGames(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 10
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		pk := testdice.New(seed * 31)
		d := testdice.New(seed)
		st, err := Game{}.Setup("", nil, d)
		require.NoError(t, err)
		s := st.(*State)
		for !s.Finished {
			owing := s.Owing()
			r := owing[pk.Intn(len(owing))]
			sub := s.RandomSubmission(r, pk.Intn)
			before, _ := s.Encode()
			ns, _, err := s.Apply(*sub, d)
			require.NoError(t, err)
			after, _ := s.Encode()
			if string(before) != string(after) {
				t.Fatalf("seed %d: Apply(%s %v) changed its receiver at %s", seed, r, sub.Lines, s.Status().Label)
			}
			s = ns.(*State)
		}
	}
}
