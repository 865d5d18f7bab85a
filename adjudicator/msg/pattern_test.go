package msg

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPatternReadsTheSentenceBack(t *testing.T) {
	side := map[string]Conv{"side": func(s string) (any, bool) {
		if s != "York" && s != "Lancaster" {
			return nil, false
		}
		return New("side." + strings.ToLower(s)), true
	}}
	p := NewPattern("moves", "{Side:side} moves {Count:int} block(s) {Path}.", "Count", side)
	m, ok := p.Match("York moves 2 block(s) Kent -> Sussex.")
	require.True(t, ok)
	require.Equal(t, "moves{Count=2, Path=Kent -> Sussex, Side=side.york}", m.String())
	require.Equal(t, 2, m.Count)

	_, ok = p.Match("Burgundy moves 2 block(s) Kent -> Sussex.")
	require.False(t, ok, "a converter may refuse the text")
	_, ok = p.Match("York moves two block(s) Kent -> Sussex.")
	require.False(t, ok, "an int hole takes digits only")
	_, ok = p.Match("York moves 2 block(s) Kent -> Sussex. And more")
	require.False(t, ok, "the whole line must match")

	ps := Patterns{NewPattern("a", "Battle of {Area}: {Line}", "", nil), p}
	m, ok = ps.Match("Lancaster moves 1 block(s) Kent.")
	require.True(t, ok)
	require.Equal(t, "moves", m.Key)
	require.Panics(t, func() { NewPattern("x", "{A:nope}", "", nil) })
}
