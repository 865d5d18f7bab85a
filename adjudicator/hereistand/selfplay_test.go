package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/selfplay"
)

// HIS-7a, HIS-7d, HIS-11g, HIS-19, HIS-23.3: random games with CP-only
// plays run through every phase of every turn to a result, with the
// invariants checked after every submission (counter mix, each unit in
// one place, hands/deck/discard a partition of the cards).
func TestSelfplayRandomGames(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		for _, players := range []string{"6", "3"} {
			out := selfplay.Play(Game{}, seed, selfplay.Options{Scenario: "1517",
				Options: adjudicator.Options{"players": players}, Check: true, MaxActions: 20000})
			if out.Err != nil {
				t.Fatalf("seed %d, %s players: %v", seed, players, out.Err)
			}
			if !out.Finished {
				t.Fatalf("seed %d: not finished", seed)
			}
			t.Logf("seed %d, %s players: %d actions, %s", seed, players, out.Actions, out.Status.Result)
		}
	}
}
