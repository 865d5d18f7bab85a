package richard3

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// newGame sets up the 1460 game with a seeded deal.
func newGame(t testing.TB) *State {
	st, err := Game{}.Setup("", adjudicator.Options{"mulligan": "off"}, testdice.New(7))
	require.NoError(t, err)
	return st.(*State)
}

// bi is a block index by ID.
func bi(id string) int {
	i, ok := blockIdx[id]
	if !ok {
		panic("no block " + id)
	}
	return i
}

// areaOf is an area index by ID.
func areaOf(id string) int { return mustArea(id) }

// giveCard puts a card of the given value (or event name) into side's
// hand, keeping seven cards and the deck consistent.
func giveCard(s *State, sd Side, name string) {
	for _, c := range handCards(s.Hand[sd]) {
		if cardName(c) == name {
			return
		}
	}
	used := s.Hand[0] | s.Hand[1]
	pick := -1
	for c := range cards {
		if cardName(c) == name && used&(1<<c) == 0 {
			pick = c
			break
		}
	}
	if pick < 0 {
		// Take it from the opponent, who gets an unused card instead.
		for _, c := range handCards(s.Hand[sd.Other()]) {
			if cardName(c) == name {
				pick = c
			}
		}
		for c := range cards {
			if used&(1<<c) == 0 && cardName(c) != name {
				s.Hand[sd.Other()] = s.Hand[sd.Other()]&^(1<<pick) | 1<<c
				break
			}
		}
	}
	if pick < 0 {
		panic("no card " + name)
	}
	for _, x := range handCards(s.Hand[sd]) {
		s.Hand[sd] &^= 1 << x
		break
	}
	s.Hand[sd] |= 1 << pick
}

func lines(text ...string) []adjudicator.Line {
	var out []adjudicator.Line
	for i, t := range text {
		out = append(out, adjudicator.Line{No: i + 1, Text: t})
	}
	return out
}

// play applies a submission that must be accepted.
func play(t testing.TB, s *State, r adjudicator.Role, d adjudicator.Dice, text ...string) (*State, *adjudicator.Result) {
	t.Helper()
	if d == nil {
		d = testdice.New(99)
	}
	ns, res, err := s.Apply(adjudicator.Submission{Role: r, Lines: lines(text...)}, d)
	require.NoError(t, err, "orders %q in %s", text, s.label())
	n := ns.(*State)
	require.NoError(t, n.Check())
	return n, res
}

// reject applies a submission that must be rejected; it returns the problems.
func reject(t testing.TB, s *State, r adjudicator.Role, text ...string) []adjudicator.Problem {
	t.Helper()
	before, _ := s.Encode()
	_, _, err := s.Apply(adjudicator.Submission{Role: r, Lines: lines(text...)}, testdice.New(1))
	require.Error(t, err, "orders %q should be rejected", text)
	rej, ok := err.(*adjudicator.Rejection)
	require.True(t, ok, "want a *Rejection, got %T", err)
	after, _ := s.Encode()
	require.Equal(t, string(before), string(after), "a rejected submission changed the state")
	return rej.Problems
}

// cards plays both cards and returns the state in the action phase.
func playCards(t testing.TB, s *State, lc, yc string) *State {
	t.Helper()
	giveCard(s, Lancaster, lc)
	giveCard(s, York, yc)
	s, _ = play(t, s, RoleLancaster, nil, "card "+lc)
	s, _ = play(t, s, RoleYork, nil, "card "+yc)
	return s
}

func eventsText(res *adjudicator.Result, role adjudicator.Role) string {
	var b strings.Builder
	for _, e := range res.Events {
		if e.VisibleTo(role) {
			b.WriteString(e.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// place puts a block on the map at full strength (test setups).
func place(s *State, id, area string) {
	i := bi(id)
	s.Loc[i] = int8(areaOf(area))
	s.Str[i] = blocks[i].Steps
}

// clearMap sends every on-map block to its pool (test setups).
func clearMap(s *State) {
	for i := 0; i < nBlocks; i++ {
		if onMap(s.Loc[i]) {
			if blocks[i].Type == tHeir {
				s.Loc[i] = locMinor
			} else {
				s.Loc[i] = locPool
			}
		}
	}
}
