package posfile

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/stretchr/testify/require"
)

func TestLinesKeepNumbersInBothForms(t *testing.T) {
	multi := "# a comment\npbem-position 1\n\nturn 3 # the third\nhand york: a, b\n"
	one := "# a comment;pbem-position 1;;turn 3;hand york: a, b"
	for _, text := range []string{multi, one} {
		ls, err := Lines(text)
		require.NoError(t, err)
		require.Len(t, ls, 2)
		require.Equal(t, Line{No: 4, Text: "turn 3", Key: "turn", Args: []string{"3"}}, ls[0])
		require.Equal(t, 5, ls[1].No)
		require.Equal(t, "york: a, b", ls[1].Rest())
		n, err := ls[0].Num(ls[0].Args[0], 1, 2, "turn")
		require.Zero(t, n)
		require.EqualError(t, err, `position line 4: turn "3": want a number from 1 to 2`)
		require.EqualError(t, ls[1].Want(1, "hand SIDE: CARDS"), `position line 5: want "hand SIDE: CARDS"`)
	}
}

func TestLinesNeedTheHeader(t *testing.T) {
	_, err := Lines("turn 3\n")
	require.EqualError(t, err, `position line 1: the first line must be "pbem-position 1"`)
	_, err = Lines("# nothing\n")
	require.EqualError(t, err, `position: the "format" line is missing`)
}

func TestSeen(t *testing.T) {
	s := Seen{}
	l := Line{No: 7, Key: "turn"}
	require.NoError(t, s.Once("turn", l))
	require.EqualError(t, s.Once("turn", Line{No: 9}), "position line 9: turn is given twice (first at line 7)")
	require.NoError(t, s.Need("turn"))
	require.EqualError(t, s.Need("turn", "king"), `position: the "king" line is missing`)
}

func TestMatchOptions(t *testing.T) {
	specs := []adjudicator.OptionSpec{
		{Name: "sea", Default: "on", Values: []string{"on", "off"}},
		{Name: "bid", Default: "none"},
	}
	want := map[string]string{"sea": "off", "bid": "E2"}
	require.NoError(t, MatchOptions(specs, adjudicator.Options{"sea": "no", "bid": "e2", "position": "x"}, want))
	require.NoError(t, MatchOptions(specs, adjudicator.Options{}, want))
	require.EqualError(t, MatchOptions(specs, adjudicator.Options{"bid": "S1"}, want),
		"option bid is S1, but the position says E2: a game started from a position takes its options from the position's option lines")
}
