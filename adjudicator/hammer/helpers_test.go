package hammer

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// emptyState returns a Braveheart state with every block off the map, in
// the movement phase with Player 1 = p1 holding card value v (both sides).
func emptyState(t testing.TB) *St {
	st, err := Game{}.Setup("braveheart", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*St)
	for b := 0; b < NB; b++ {
		s.Str[b] = 0
		switch {
		case blocks[b].Noble >= 0 && blocks[b].Side == England:
			s.Loc[b] = LocOut
		case blocks[b].Noble >= 0:
			s.Loc[b] = LocOut
			if b == bMoray {
				s.Loc[b] = LocPool
			}
		default:
			s.Loc[b] = LocPool
		}
	}
	// a noble must be in play: put the blue ones' red partners out and
	// leave each noble's Scottish block in the pool
	for n := 0; n < NN; n++ {
		s.Loc[nobles[n].Blocks[Scotland]] = LocPool
	}
	s.Loc[bKing], s.Loc[bFrench] = LocAside, LocAside
	s.clearTurn()
	return s
}

// put places block id in area at strength str (0: full).
func put(t testing.TB, s *St, id, area string, str int) int {
	b, ok := blockByID[id]
	require.True(t, ok, id)
	a, ok := areaByID[area]
	require.True(t, ok, area)
	if p := blocks[b].Partner; p >= 0 {
		s.Loc[p], s.Str[p] = LocOut, 0
	}
	if str == 0 {
		str = blocks[b].Max
	}
	s.Loc[b], s.Str[b] = int8(a), int8(str)
	return b
}

// moving sets up the movement phase: mover plays a Move v card.
func moving(s *St, p1, mover, v int) {
	s.P1 = int8(p1)
	if mover == p1 {
		s.Phase = PhMove1
	} else {
		s.Phase = PhMove2
	}
	for c := 0; c < NC; c++ {
		if cards[c].Value == v {
			s.Play[mover] = int8(c)
			break
		}
	}
	for c := NC - 1; c >= 0; c-- {
		if cards[c].Value == 1 {
			s.Play[1-mover] = int8(c)
			break
		}
	}
	for i := range s.Hand {
		for j := range s.Hand[i] {
			s.Hand[i][j] = -1
		}
	}
}

func sub(role adjudicator.Role, lines ...string) adjudicator.Submission {
	return adjudicator.Submission{Role: role, Lines: toLines(lines)}
}

// apply applies lines and requires success.
func apply(t testing.TB, s *St, d adjudicator.Dice, role adjudicator.Role, lines ...string) (*St, *adjudicator.Result) {
	t.Helper()
	ns, res, err := s.Apply(sub(role, lines...), d)
	require.NoError(t, err)
	return ns.(*St), res
}

// reject applies lines and requires a rejection; it returns its text.
func reject(t testing.TB, s *St, d adjudicator.Dice, role adjudicator.Role, lines ...string) *adjudicator.Rejection {
	t.Helper()
	ns, _, err := s.Apply(sub(role, lines...), d)
	require.Error(t, err)
	require.Nil(t, ns)
	rej, ok := err.(*adjudicator.Rejection)
	require.True(t, ok)
	return rej
}

func eventText(res *adjudicator.Result, role adjudicator.Role) string {
	var b strings.Builder
	for _, e := range res.Events {
		if e.VisibleTo(role) {
			b.WriteString(e.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

func area(id string) int { return areaByID[id] }
func blk(id string) int  { return blockByID[id] }
