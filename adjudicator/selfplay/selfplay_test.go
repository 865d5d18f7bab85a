package selfplay

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/stretchr/testify/require"
)

// race is a tiny test-only game: each player in turn rolls a die and adds
// it to his total; the first to 20 wins.
type race struct{}

type raceState struct {
	Totals [2]int
	Next   int
	Turn   int
}

func (race) Info() adjudicator.Info {
	return adjudicator.Info{Name: "race", Roles: []adjudicator.Role{"a", "b"}, Scenarios: []adjudicator.Scenario{{ID: "std"}}}
}
func (race) Setup(string, adjudicator.Options, adjudicator.Dice) (adjudicator.State, error) {
	return &raceState{Turn: 1}, nil
}
func (race) Decode(b []byte) (adjudicator.State, error) {
	var s raceState
	return &s, json.Unmarshal(b, &s)
}
func (s *raceState) Encode() ([]byte, error) { return json.Marshal(s) }
func (s *raceState) Status() adjudicator.Status {
	st := adjudicator.Status{Turn: s.Turn, Label: fmt.Sprintf("turn %d", s.Turn)}
	for i, t := range s.Totals {
		if t >= 20 {
			st.Finished = true
			st.Winner = []adjudicator.Role{[]adjudicator.Role{"a", "b"}[i]}
		}
	}
	return st
}
func (s *raceState) role() adjudicator.Role { return []adjudicator.Role{"a", "b"}[s.Next] }
func (s *raceState) Prompts() []adjudicator.Prompt {
	if s.Status().Finished {
		return nil
	}
	return []adjudicator.Prompt{{Role: s.role(), Kind: "roll", Choices: []string{"roll"}}}
}
func (s *raceState) View(adjudicator.Role) adjudicator.View { return adjudicator.View{} }
func (s *raceState) Apply(sub adjudicator.Submission, d adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	if sub.Role != s.role() || len(sub.Lines) != 1 || sub.Lines[0].Text != "roll" {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, "not your turn", "roll")
	}
	n := *s
	n.Totals[n.Next] += d.Roll("roll", 6)
	n.Next = 1 - n.Next
	if n.Next == 0 {
		n.Turn++
	}
	return &n, &adjudicator.Result{Canonical: []string{"roll"}}, nil
}
func (s *raceState) Default(r adjudicator.Role) *adjudicator.Submission {
	return s.RandomSubmission(r, nil)
}
func (s *raceState) RandomSubmission(r adjudicator.Role, _ func(int) int) *adjudicator.Submission {
	if r != s.role() {
		return nil
	}
	return &adjudicator.Submission{Role: r, Lines: []adjudicator.Line{{No: 1, Text: "roll"}}}
}

func TestPlayFinishes(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		o := Play(race{}, seed, Options{Check: true})
		require.NoError(t, o.Err)
		require.True(t, o.Finished)
		require.Greater(t, o.Actions, 5)
	}
	a, b := Play(race{}, 7, Options{}), Play(race{}, 7, Options{})
	require.Equal(t, a, b, "same seed, same game")
}
