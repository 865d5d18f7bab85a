// Package selfplay plays random legal games to the end with any engine
// that implements adjudicator.Player, checking invariants after every
// action. It backs `pbem selfplay`, the games' soak tests and benchmarks.
package selfplay

import (
	"fmt"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// Options control a run.
type Options struct {
	Scenario   string
	Options    adjudicator.Options
	MaxActions int  // per game; 0 means 20000
	Check      bool // call Checker.Check after every action
}

// Outcome of one game.
type Outcome struct {
	Finished bool
	Actions  int
	Status   adjudicator.Status
	Err      error
}

// Play plays one random game from seed.
func Play(g adjudicator.Game, seed uint64, o Options) Outcome {
	dice := testdice.New(seed)
	pick := testdice.New(seed ^ 0x5eed5eed5eed5eed)
	st, err := g.Setup(o.Scenario, o.Options, dice)
	if err != nil {
		return Outcome{Err: fmt.Errorf("setup: %w", err)}
	}
	max := o.MaxActions
	if max == 0 {
		max = 20000
	}
	out := Outcome{}
	for out.Actions < max {
		s := st.Status()
		if s.Finished {
			out.Finished = true
			out.Status = s
			return out
		}
		owing := adjudicator.OwingRoles(st)
		if len(owing) == 0 {
			out.Err = fmt.Errorf("no prompts but game not finished at %q", s.Label)
			return out
		}
		role := owing[pick.Intn(len(owing))]
		pl, ok := st.(adjudicator.Player)
		if !ok {
			out.Err = fmt.Errorf("%s does not implement adjudicator.Player", g.Info().Name)
			return out
		}
		sub := pl.RandomSubmission(role, pick.Intn)
		if sub == nil {
			out.Err = fmt.Errorf("%s owes a decision but RandomSubmission returned nil at %q", role, s.Label)
			return out
		}
		next, _, err := st.Apply(*sub, dice)
		if err != nil {
			out.Err = fmt.Errorf("action %d at %q: random orders for %s rejected: %v\norders: %v", out.Actions, s.Label, role, err, sub.Lines)
			return out
		}
		st = next
		out.Actions++
		if o.Check {
			if c, ok := st.(adjudicator.Checker); ok {
				if err := c.Check(); err != nil {
					out.Err = fmt.Errorf("action %d (%s %v) at %q: invariant broken: %v", out.Actions, role, sub.Lines, s.Label, err)
					return out
				}
			}
		}
	}
	out.Status = st.Status()
	out.Err = fmt.Errorf("game did not finish within %d actions (at %q)", max, out.Status.Label)
	return out
}
