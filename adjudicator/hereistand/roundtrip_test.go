package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// Every state of random games is saved and read back unchanged: the
// checks a store's reader makes (Decode) accept whatever the engine
// writes, including the decisions waiting in the middle of an impulse.
func TestRandomGamesSaveAndLoad(t *testing.T) {
	games := 16
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		for _, players := range []string{"6", "3"} {
			dice := testdice.New(seed + 100)
			pick := testdice.New(seed*31 + 7)
			st, err := Game{}.Setup("1517", adjudicator.Options{"players": players}, dice)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < 20000 && !st.Status().Finished; n++ {
				owing := adjudicator.OwingRoles(st)
				sub := st.(adjudicator.Player).RandomSubmission(owing[pick.Intn(len(owing))], pick.Intn)
				next, _, err := st.Apply(*sub, dice)
				if err != nil {
					t.Fatalf("seed %d, %s players, action %d: %v", seed, players, n, err)
				}
				data, err := next.Encode()
				if err != nil {
					t.Fatalf("seed %d, %s players, action %d: encode: %v", seed, players, n, err)
				}
				back, err := Game{}.Decode(data)
				if err != nil {
					t.Fatalf("seed %d, %s players, action %d (%v at %q): decode: %v", seed, players, n, sub.Lines, st.Status().Label, err)
				}
				again, _ := back.Encode()
				if string(again) != string(data) {
					t.Fatalf("seed %d, %s players, action %d: the state read back encodes differently", seed, players, n)
				}
				st = next
			}
		}
	}
}
