package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// HIS-18: whole random games use every religious action: the state
// stays consistent after every submission (Check: debaters, reformers,
// tracks, pending attempts with their decision, no Protestant Ottoman
// space), the Protestant spaces on the map are those the events told,
// and each action shows up.
// Also exercises HIS-18a, HIS-18.1a, HIS-18.5b, HIS-18.5c, HIS-18.5d (see
// the coverage document).
func TestReligionRandomGames(t *testing.T) {
	seen := map[string]int{}
	kinds := map[string]string{
		"publishes a treatise": "treatise", "New Testament advances": "translate",
		"calls a theological debate": "debate", "spends": "st peters", "burns books": "burn books",
		"Reformation attempt in": "reformation", "Counter-Reformation attempt in": "counter",
		"commits": "bonus", "wins the debate": "debate won",
	}
	games := 4
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		d := testdice.New(seed)
		pk := testdice.New(seed * 31)
		st, err := Game{}.Setup("1517", nil, d)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*St)
		for i := 0; !s.Flow.Over && i < 20000; i++ {
			owing := s.Owing()
			sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
			ns, res, err := s.Apply(*sub, d)
			if err != nil {
				t.Fatalf("seed %d: %v rejected: %v", seed, sub.Lines, err)
			}
			s = ns.(*St)
			if err := s.Check(); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, i, err)
			}
			for _, e := range res.Events {
				for k, v := range kinds {
					if strings.Contains(e.Text, k) {
						seen[v]++
					}
				}
			}
		}
	}
	t.Logf("religious events: %v", seen)
	for _, v := range kinds {
		if seen[v] == 0 {
			t.Errorf("no %s in %d random games", v, games)
		}
	}
}
