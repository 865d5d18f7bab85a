package hammer

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestApplyKeepsReceiver plays random games and checks after every
// submission that Apply left the receiver byte for byte unchanged, for
// accepted and for rejected submissions, and for both roles' defaults.
func TestApplyKeepsReceiver(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 6
	}
	for i := 0; i < n; i++ {
		seed := uint64(3100 + i)
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup([]string{"braveheart", "the-bruce", "campaign"}[i%3], nil, d)
		require.NoError(t, err)
		s := st.(*St)
		for step := 0; step < 20000 && !s.Fin; step++ {
			before, err := s.Encode()
			require.NoError(t, err)
			ps := s.Prompts()
			p := ps[pk.Intn(len(ps))]
			// a rejected submission first
			_, _, rerr := s.Apply(adjudicator.Submission{Role: p.Role, Lines: []adjudicator.Line{{No: 1, Text: "Thanks!"}}}, d)
			require.Error(t, rerr)
			if def := s.Default(p.Role); def != nil {
				_, _, err := s.Apply(*def, testdice.New(seed+99))
				require.NoError(t, err)
			}
			sub := s.RandomSubmission(p.Role, pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			require.NoError(t, err)
			after, err := s.Encode()
			require.NoError(t, err)
			if string(before) != string(after) {
				t.Fatalf("seed %d step %d: Apply changed its receiver (%s):\n%s", seed, step, s.label(), firstDiff(string(before), string(after)))
			}
			s = ns.(*St)
		}
	}
}

// firstDiff shows where two encodings first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := i - 120
	if lo < 0 {
		lo = 0
	}
	hiA, hiB := i+120, i+120
	if hiA > len(a) {
		hiA = len(a)
	}
	if hiB > len(b) {
		hiB = len(b)
	}
	return "before: ..." + a[lo:hiA] + "\nafter:  ..." + b[lo:hiB]
}

// TestCloneBattleIsComplete: cloneBattle copies every field a stored
// battle encodes (so a field added to columbia.Battle is not lost).
func TestCloneBattleIsComplete(t *testing.T) {
	found := 0
	for seed := uint64(1); seed < 40 && found < 5; seed++ {
		playRandom(t, seed, "braveheart", false, func(s *St, _ *adjudicator.Result) {
			if s.Bat == nil {
				return
			}
			found++
			a, err := json.Marshal(s.Bat)
			require.NoError(t, err)
			b, err := json.Marshal(cloneBattle(s.Bat))
			require.NoError(t, err)
			require.Equal(t, string(a), string(b))
		})
	}
	require.Positive(t, found)
}

// TestPromptsTemplatesAndChoices: at every point of random games, the
// template of every prompt, sent back unchanged, is accepted; every
// concrete choice (one without a <placeholder>) is accepted on its own;
// and every line of every view fits in 76 columns.
func TestPromptsTemplatesAndChoices(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 3
	}
	for i := 0; i < n; i++ {
		seed := uint64(4200 + i)
		playRandom(t, seed, []string{"braveheart", "the-bruce", "campaign"}[i%3], false, func(s *St, _ *adjudicator.Result) {
			for _, r := range []adjudicator.Role{RoleEngland, RoleScotland, adjudicator.GM} {
				for k, line := range strings.Split(s.View(r).Text(), "\n") {
					require.LessOrEqual(t, utf8.RuneCountInString(line), 76, "%s view line %d of %s: %q", r, k+1, s.label(), line)
				}
			}
			if s.Fin {
				return
			}
			for _, p := range s.Prompts() {
				_, _, err := s.Apply(adjudicator.Submission{Role: p.Role, Lines: toLines(p.Template)}, testdice.New(seed))
				require.NoError(t, err, "%s template in %s: %q", p.Role, s.label(), p.Template)
				for _, c := range p.Choices {
					if strings.Contains(c, "<") {
						continue
					}
					_, _, err := s.Apply(sub(p.Role, c), testdice.New(seed))
					require.NoError(t, err, "%s choice in %s: %q", p.Role, s.label(), c)
				}
			}
		})
	}
}

// scotWinter returns a Scottish winter-quarters state: Douglas (3 of 4)
// alone in Lanark (castle 2, inland), Fife full, England passed.
func scotWinter(t *testing.T) *St {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "douglas", "lanark", 3)
	put(t, s, "barclay", "fife", 0)
	put(t, s, "lindsay", "fife", 0)
	put(t, s, "grant", "fife", 0)
	put(t, s, "york_infantry", "lothian", 0)
	w := winterOf(t, s, d)
	w, _ = apply(t, w, d, RoleEngland, "pass")
	require.Equal(t, PhWScot, int(w.Phase))
	return w
}

// TestH7_61_DrawsNeverDecideRefusal: whether winter orders are refused
// never depends on what the hidden draws bring, so a refused email cannot
// be used to peek at the draws (the dice of a refused email come again).
// Steps for a block still in the pool are settled when it is drawn, or
// lost. (H-7.61a, H-7.61b, H-7.61c, H-7.61d, H-7.61e, AMB-41, AMB-42)
func TestH7_61_DrawsNeverDecideRefusal(t *testing.T) {
	w := scotWinter(t)
	pool := 0
	for b := 0; b < NB; b++ {
		if blocks[b].Side == Scotland && w.Loc[b] == LocPool && blocks[b].Noble < 0 {
			pool++
		}
	}
	require.Greater(t, pool, 3)
	norseDrawn, otherDrawn := false, false
	for seed := uint64(1); seed <= 40; seed++ {
		d := testdice.New(seed)
		// Lanark (2 RP, room for 1): one draw; a step for the Norse in
		// case it comes (inland: it goes to a coast, 7.61 sidebar)
		ns, res, err := w.Apply(sub(RoleScotland, "draw Lanark", "step Norse +1", "step Douglas"), d)
		require.NoError(t, err, "seed %d", seed)
		txt := eventText(res, RoleScotland)
		s := ns.(*St)
		if s.onMap(bNorse) {
			norseDrawn = true
			assert.NotEqual(t, int8(area("lanark")), s.Loc[bNorse], "the Norse lands on a coast")
		} else {
			otherDrawn = true
			assert.Contains(t, txt, "Norse was not drawn")
		}
		require.NoError(t, s.Check())
		// a second draw in Lanark is refused whatever the first brings
		rej := reject(t, w, d, RoleScotland, "draw Lanark +0", "draw Lanark +0")
		require.Len(t, rej.Problems, 1)
		assert.Equal(t, 2, rej.Problems[0].Line.No)
		assert.Contains(t, rej.Problems[0].Reason, "castle limit")
		// steps beyond a known block's maximum are refused before drawing
		rej = reject(t, w, d, RoleScotland, "draw Lanark +0", "step Douglas +2")
		assert.Equal(t, 2, rej.Problems[0].Line.No)
	}
	assert.True(t, otherDrawn)
	_ = norseDrawn
}

// TestH6_22b_BalliolFrenchNotHealed: King Balliol lands at full strength
// with the French knights; the knights keep their own strength (6.22
// deploys the King, it does not rebuild the knights). (H-6.22a, H-6.22b)
func TestH6_22b_BalliolFrenchNotHealed(t *testing.T) {
	s := emptyState(t)
	s.Year = 1302
	put(t, s, "french_knights", "angus", 2)
	put(t, s, "bruce_scot", "carrick", 0)
	put(t, s, "buchan_scot", "buchan", 0)
	s.Phase, s.P1 = PhEvent, Scotland
	s.Play[Scotland] = int8(cardByEvent(EvTruce))
	s.Play[England] = int8(cardByValue(1))
	s.EvOwe[Scotland] = true
	ns, _ := apply(t, s, testdice.New(1), RoleScotland, "return of the king")
	assert.Equal(t, int8(area("angus")), ns.Loc[bKing])
	assert.Equal(t, int8(4), ns.Str[bKing])
	assert.Equal(t, int8(2), ns.Str[bFrench], "the French knights are not rebuilt")
	assert.Equal(t, int8(area("carrick")), ns.Loc[blk("bruce_eng")], "Bruce's faction defects")
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("buchan_scot")], "Comyn's faction stays")
	require.NoError(t, ns.Check())
}

func cardByEvent(e int) int {
	for c := 0; c < NC; c++ {
		if cards[c].Event == e {
			return c
		}
	}
	return -1
}

func cardByValue(v int) int {
	for c := NC - 1; c >= 0; c-- {
		if cards[c].Event == EvNone && cards[c].Value == v {
			return c
		}
	}
	return -1
}
