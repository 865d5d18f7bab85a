package hammer

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// TestPositionRoundTrip: at the start of every card phase of random games
// the position is written, and a game set up from it (the "position"
// option, as pbem new --position gives it) has the same state, byte for
// byte; other points are refused with the reason.
func TestPositionRoundTrip(t *testing.T) {
	written := 0
	for seed := uint64(1); seed <= 12; seed++ {
		playRandom(t, seed, []string{"braveheart", "the-bruce", "campaign"}[seed%3], false, func(s *St, _ *adjudicator.Result) {
			text, err := s.Position()
			if s.Fin || s.Phase != PhCard || s.Play != [2]int8{-1, -1} {
				require.Error(t, err)
				require.Contains(t, err.Error(), "start of a card phase")
				return
			}
			require.NoError(t, err)
			written++
			st, err := Game{}.Setup(s.Scn, adjudicator.Options{"position": text}, testdice.New(seed))
			require.NoError(t, err)
			want, _ := s.Encode()
			got, _ := st.Encode()
			require.Equal(t, string(want), string(got))
		})
	}
	require.Greater(t, written, 100)
}

func setupText(t *testing.T, scn string) string {
	st, err := Game{}.Setup(scn, nil, testdice.New(3))
	require.NoError(t, err)
	text, err := st.(*St).Position()
	require.NoError(t, err)
	return text
}

// edit replaces the line starting with prefix (the whole line) by repl.
func edit(t *testing.T, text, prefix, repl string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, prefix) {
			lines[i] = repl
			return strings.Join(lines, "\n")
		}
	}
	t.Fatalf("no line %q", prefix)
	return ""
}

// TestPositionRefused: positions that break the rules are refused, with
// the line at fault and the reason.
func TestPositionRefused(t *testing.T) {
	base := setupText(t, "braveheart")
	_, err := ParsePosition(base)
	require.NoError(t, err)
	for _, c := range []struct{ name, prefix, repl, want string }{
		{"a block in two places", "block wallace ", "block wallace selkirk 4\nblock wallace fife 4", "position line 20: block wallace is placed twice (first at line 19)"},
		{"strength above its maximum", "block wallace ", "block wallace selkirk 5", "position line 19: block wallace: strength 5 is outside 1..4 (its maximum is 4)"},
		{"unknown area", "block wallace ", "block wallace atlantis 4", `block wallace: unknown area "atlantis"`},
		{"strength off the map", "block graham ", "block graham pool 3", "block graham is off the map (pool): give no strength"},
		{"no strength on the map", "block wallace ", "block wallace selkirk", "give its strength"},
		{"a missing block", "block wallace ", "", "missing: wallace"},
		{"both colours of a noble", "block " + outColour(t, base, "comyn") + " ", "block " + outColour(t, base, "comyn") + " pool", "noble Comyn has 2 blocks in play"},
		{"both sides in one area", "block wallace ", "block wallace " + blockArea(t, base, "northumber_infantry") + " 4", "holds blocks of both sides"},
		{"the Norse in England", "block norse ", "block norse england 2", "the Norse cannot be in England"},
		{"a card in both hands", "hand scotland:", "hand scotland: " + handCard(t, base, "hand england:"), "is already in a hand"},
		{"hands of two sizes", "hand scotland:", "hand scotland: truce", "the hands hold 5 and 1 cards"},
		{"year outside the scenario", "year ", "year 1310 of 1314", "the braveheart scenario runs from 1297 to 1305"},
		{"unknown keyword", "turn 1", "round 1", `unknown keyword "round"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePosition(edit(t, base, c.prefix, c.repl))
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
		})
	}
	_, err = Game{}.Setup("campaign", adjudicator.Options{"position": base}, testdice.New(1))
	require.ErrorContains(t, err, "the position is of the braveheart scenario, not campaign")
	_, err = Game{}.Setup("braveheart", adjudicator.Options{"position": base, "schiltroms": "on"}, testdice.New(1))
	require.ErrorContains(t, err, "option schiltroms is on, but the position says off")
}

// outColour is the block of the noble that the position has out.
func outColour(t *testing.T, text, noble string) string {
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "block" && strings.HasPrefix(f[1], noble+"_") && f[2] == "out" {
			return f[1]
		}
	}
	t.Fatalf("no colour of %s is out", noble)
	return ""
}

func blockArea(t *testing.T, text, block string) string {
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "block" && f[1] == block {
			return f[2]
		}
	}
	t.Fatalf("block %s is not on the map", block)
	return ""
}

func handCard(t *testing.T, text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return strings.TrimSpace(strings.Split(l[len(prefix):], ",")[0])
		}
	}
	t.Fatalf("no line %q", prefix)
	return ""
}

// TestPositionProbe sets up a mid-game position from a position file (no
// package internals): 1299, turn 3, Wallace alone and weakened in Fife
// with three cards in each hand, and plays it through the public
// interface.
func TestPositionProbe(t *testing.T) {
	text := setupText(t, "braveheart")
	text = edit(t, text, "year ", "year 1299 of 1305")
	text = edit(t, text, "turn ", "turn 3")
	text = edit(t, text, "block wallace ", "block wallace fife 1/4")
	text = edit(t, text, "hand england:", "hand england: move3_1, move2_1, move1_1")
	text = edit(t, text, "hand scotland:", "hand scotland: move3_2, move2_2, move1_2")
	st, err := Game{}.Setup("braveheart", adjudicator.Options{"position": text}, testdice.New(9))
	require.NoError(t, err)
	require.Equal(t, "1299, turn 3: card phase", st.Status().Label)
	d := testdice.New(9)
	next, _, err := st.Apply(adjudicator.Submission{Role: RoleEngland, Lines: []adjudicator.Line{{No: 1, Text: "card 1"}}}, d)
	require.NoError(t, err)
	next, _, err = next.Apply(adjudicator.Submission{Role: RoleScotland, Lines: []adjudicator.Line{{No: 1, Text: "card 3"}}}, d)
	require.NoError(t, err)
	require.Contains(t, next.Status().Label, "Scotland moves (Player 1)", "the higher card moves first")
	view := next.View(RoleScotland).Text()
	require.Contains(t, view, "Wallace")
	_, _, err = st.Apply(adjudicator.Submission{Role: RoleEngland, Lines: []adjudicator.Line{{No: 1, Text: "card herald"}}}, d)
	require.Error(t, err, "the position gave England no Herald")
}
