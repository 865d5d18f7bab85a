package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/selfplay"
	"github.com/pbem/pbem/adjudicator/testdice"
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

// HIS-7a, HIS-6.2b, HIS-19.8a, HIS-23.3d: with the Papacy's lead taken
// away (no Reformation yet gives it its early VP), random games run
// through all nine turns: every card entry, every overdue Mandatory
// Event and the time limit.
func TestRandomGamesToTheTimeLimit(t *testing.T) {
	turns := map[int]int{}
	// Four games, more (up to 12) until one reaches the last turn: the
	// events that hand out allies make early victories common.
	for seed := uint64(1); seed <= 4 || turns[lastGameTurn] == 0 && seed <= 12; seed++ {
		d := testdice.New(seed)
		pk := testdice.New(seed * 7)
		st, err := Game{}.Setup("1517", nil, d)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*St)
		s.BonusVP[Papacy] = -12
		for i := 0; !s.Flow.Over; i++ {
			if i > 50000 {
				t.Fatalf("seed %d: no end", seed)
			}
			owing := s.Owing()
			sub := s.RandomSubmission(owing[0], pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			if err != nil {
				t.Fatalf("seed %d: %v rejected: %v", seed, sub.Lines, err)
			}
			s = ns.(*St)
			if err := s.Check(); err != nil {
				t.Fatalf("seed %d after %v: %v", seed, sub.Lines, err)
			}
		}
		turns[s.Turn]++
		t.Logf("seed %d: %s (turn %d)", seed, s.Flow.Result, s.Turn)
	}
	if turns[lastGameTurn] == 0 {
		t.Errorf("no game reached turn %d: %v", lastGameTurn, turns)
	}
}
