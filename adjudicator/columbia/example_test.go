package columbia_test

import (
	"fmt"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/orders"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// essex is a game's hooks for one battle: printed ratings, and retreats
// to East Anglia for York.
type essex struct{ columbia.DefaultHooks }

func (essex) RetreatOptions(_ *columbia.Battle, b *columbia.Block, _ bool) []string {
	if b.Side == "york" {
		return []string{"East Anglia"}
	}
	return nil
}

func Example() {
	blocks := []columbia.Block{
		{ID: "norfolk", Name: "Norfolk", Side: "york", Initiative: 'B', Firepower: 2, Steps: 3, MaxSteps: 3},
		{ID: "levy", Name: "Norwich levy", Side: "york", Initiative: 'C', Firepower: 2, Steps: 2, MaxSteps: 2},
		{ID: "oxford", Name: "Oxford", Side: "lancaster", Initiative: 'B', Firepower: 2, Steps: 3, MaxSteps: 3},
	}
	bt, err := columbia.New(columbia.RichardIII(), "essex", "york", "lancaster", blocks)
	if err != nil {
		panic(err)
	}
	bt.AreaName = "Essex"
	york, err := columbia.ParseStanding("retreat to East Anglia if down to 1 block", nil, []orders.Name{{ID: "East Anglia"}})
	if err != nil {
		panic(err)
	}
	dice := &testdice.Script{Rolls: []int{2, 5, 6, 1, 4, 3, 6, 1, 2}}
	p, err := bt.Run(essex{}, columbia.BySide{"york": &york}, dice)
	fmt.Println(p, err)
	fmt.Println(bt.Header())
	for _, line := range bt.Events(adjudicator.GM) {
		fmt.Println(line)
	}
	// Output:
	// <nil> <nil>
	// Battle of Essex (york attacks; lancaster defends)
	// Round 1  Oxford (B2, defending) 2 5 6 → 1 hit on Norfolk (3→2)
	//          Norfolk (B2) 1 4 → 1 hit on Oxford (3→2)
	//          Norwich levy (C2) 3 6 → no hit
	// Round 2  Oxford (B2, defending) 1 2 → 2 hits on Norwich levy (2→0, eliminated)
	//          Norfolk retreats to East Anglia
	// lancaster wins the battle.
}
