package richard3

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
		playRandom(t, seed, []string{"", "kingmaker", "richard-iii"}[seed%3], false, func(s *State, _ *adjudicator.Result) {
			text, err := s.Position()
			if s.Finished || (s.Phase != phCard && s.Phase != phMulligan) || s.Ready != [2]bool{} {
				require.Error(t, err)
				require.Contains(t, err.Error(), "start of a card phase")
				return
			}
			require.NoError(t, err)
			written++
			st, err := Game{}.Setup(s.Scenario, adjudicator.Options{"position": text}, testdice.New(seed))
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
	text, err := st.(*State).Position()
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
	base := setupText(t, "wars-of-the-roses")
	_, err := ParsePosition(base)
	require.NoError(t, err)
	for _, c := range []struct{ name, prefix, repl, want string }{
		{"a block in two places", "block march ", "block march middlesex 3/3\nblock march kent 3", "block march is placed twice (first at line"},
		{"strength above its maximum", "block march ", "block march middlesex 4", "block march: strength 4 is outside 1..3 (its maximum is 3)"},
		{"wrong maximum", "block march ", "block march middlesex 3/4", "its maximum strength is 3, not 4"},
		{"unknown area", "block march ", "block march atlantis 3", `block march: unknown area "atlantis"`},
		{"unknown block", "block march ", "block marche middlesex 3", `unknown block "marche"`},
		{"a missing block", "block march ", "", "every block needs a line (block ID WHERE STRENGTH); missing: march"},
		{"both sides in one area", "block march ", "block march " + posAreaOf(t, base, "henry_vi") + " 3", "holds blocks of both sides"},
		{"an enemy exile area", "block march ", "block march france 3", "march may not be in france, the enemy's exile area"},
		{"both versions in play", "block warwick_l ", "block warwick_l france 4", "two versions of one block"},
		{"a card in both hands", "hand york:", "hand york: " + firstCard(t, base, "hand lancaster:") + ", ap2_6", "is already in a hand"},
		{"a short hand", "hand york:", "hand york: ap2_6", "york holds 1 cards: turn 1 starts with 7 in each hand"},
		{"unknown keyword", "turn 1", "round 1", `unknown keyword "round"`},
		{"turn out of range", "turn 1", "turn 9", `turn "9": want a number from 1 to 7`},
		{"not a position", "pbem-position 1", "hello", `the first line must be "pbem-position 1"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParsePosition(edit(t, base, c.prefix, c.repl))
			require.Error(t, err)
			require.Contains(t, err.Error(), c.want)
			if strings.HasPrefix(c.prefix, "block") && c.repl != "" && !strings.Contains(c.want, "both sides") {
				require.Contains(t, err.Error(), "position line ", "the error names the line")
			}
		})
	}
	// The scenario is the position's.
	_, err = Game{}.Setup("kingmaker", adjudicator.Options{"position": base}, testdice.New(1))
	require.ErrorContains(t, err, "the position is of the wars-of-the-roses scenario, not kingmaker")
	_, err = Game{}.Setup("wars-of-the-roses", adjudicator.Options{"position": base, "mulligan": "off"}, testdice.New(1))
	require.ErrorContains(t, err, "option mulligan is off, but the position says on")
}

func posAreaOf(t *testing.T, text, block string) string {
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "block" && f[1] == block {
			return f[2]
		}
	}
	t.Fatalf("no block %s", block)
	return ""
}

func firstCard(t *testing.T, text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return strings.TrimSpace(strings.Split(l[len(prefix):], ",")[0])
		}
	}
	t.Fatalf("no line %q", prefix)
	return ""
}

// TestPositionProbe sets up a position from a position file (no package
// internals): a weakened March, hands chosen by the file, and plays it
// through the public interface.
func TestPositionProbe(t *testing.T) {
	text := setupText(t, "wars-of-the-roses")
	text = edit(t, text, "phase ", "phase card")
	text = edit(t, text, "block march ", "block march "+posAreaOf(t, text, "march")+" 1/3")
	text = edit(t, text, "hand lancaster:", "hand lancaster: ap4_1, ap4_2, ap3_1, ap3_2, ap2_1, ap2_2, ap2_3")
	text = edit(t, text, "hand york:", "hand york: ap4_3, ap4_4, ap3_3, ap3_4, ap2_4, ap2_5, ap2_6")
	st, err := Game{}.Setup("wars-of-the-roses", adjudicator.Options{"position": text}, testdice.New(7))
	require.NoError(t, err)
	require.Contains(t, st.Status().Label, "Campaign 1, turn 1: card phase")
	back, err := st.(*State).Position()
	require.NoError(t, err)
	require.Contains(t, back, "block march            "+posAreaOf(t, text, "march"))
	require.Regexp(t, `block march +\S+ +1/3`, back)
	d := testdice.New(7)
	next, _, err := st.Apply(adjudicator.Submission{Role: RoleLancaster, Lines: []adjudicator.Line{{No: 1, Text: "card 4"}}}, d)
	require.NoError(t, err)
	next, _, err = next.Apply(adjudicator.Submission{Role: RoleYork, Lines: []adjudicator.Line{{No: 1, Text: "card 2"}}}, d)
	require.NoError(t, err)
	require.Contains(t, next.Status().Label, "action phase", "both cards played: the higher card moves first")
	require.Contains(t, next.Status().Label, "Lancaster")
	// Out of hand: a card the position did not give is refused.
	_, _, err = st.Apply(adjudicator.Submission{Role: RoleYork, Lines: []adjudicator.Line{{No: 1, Text: "card 3"}}}, d)
	require.NoError(t, err, "york holds a 3")
	_, _, err = st.Apply(adjudicator.Submission{Role: RoleYork, Lines: []adjudicator.Line{{No: 1, Text: "card treason"}}}, d)
	require.Error(t, err, "the position gave york no Treason")
}
