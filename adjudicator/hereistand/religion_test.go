package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// afterTheses is the 1517 game right after Luther's 95 Theses was played,
// with its five attempts owed.
func afterTheses(t *testing.T) *St {
	t.Helper()
	s := newGame(t, 1)
	s, _ = submit(t, s, Protestant, testdice.New(1), "play 95 theses")
	return s
}

// HIS-18.1b, HIS-18.1c, HIS-21.6c: Luther enters Wittenberg, which turns
// Protestant with its 2 regulars, and the Protestant owes 5 Reformation
// attempts in German spaces, chosen one at a time.
func TestHIS18_1c_NinetyFiveTheses(t *testing.T) {
	s := afterTheses(t)
	w := sp(t, "wittenberg")
	require.True(t, s.Protestant(w))
	require.True(t, s.reformerAt(w))
	require.Equal(t, uint8(2), s.Units[w][Protestant].Reg)
	require.Equal(t, uint8(0), s.Display[electorateIndex(w)])
	require.Equal(t, PhLuther, s.Phase)
	pr := s.Prompts()
	require.Len(t, pr, 1)
	require.Equal(t, "target", pr[0].Kind)
	require.Contains(t, pr[0].Text, "Luther's 95 Theses: 5 left, target zone German")
	require.Contains(t, pr[0].Choices, "target Magdeburg")
	require.NotContains(t, pr[0].Choices, "target Vienna") // not adjacent to a Protestant space
	// Magdeburg: 2 dice (Wittenberg with its stack... see TestHIS18_3n) +1:
	// a 6 is an automatic success in the German zone.
	s, _ = submit(t, s, Protestant, &testdice.Script{Rolls: []int{6, 1, 1, 1, 1, 1}}, "target magdeburg")
	require.True(t, s.Protestant(sp(t, "magdeburg")))
	require.Equal(t, 4, s.Rel.Pending.N)
	// A failed attempt: the Papacy wins the tie outside the target zone.
	before := s.ProtestantSpaces()
	s, _ = submit(t, s, Protestant, &testdice.Script{Rolls: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}, "target breslau")
	require.False(t, s.Protestant(sp(t, "breslau")))
	require.Equal(t, before, s.ProtestantSpaces())
	// One attempt per space per impulse (HIS-18.3d).
	require.NotContains(t, s.targetChoices(), "target Breslau")
	// The rest in one submission; then the turn goes on.
	s, _ = submit(t, s, Protestant, testdice.New(5), "target leipzig", "target lubeck", "target stettin")
	require.Nil(t, s.Rel.Pending)
	require.NotEqual(t, PhLuther, s.Phase)
	require.NoError(t, s.Check())
}

// HIS-18.3n: the seed's example, after Brandenburg was converted and
// received its regular. The dice of both sides for each candidate.
func TestHIS18_3n_ReformationExample(t *testing.T) {
	s := afterTheses(t)
	r := &run{s: s, dice: testdice.New(1)}
	r.flip(sp(t, "brandenburg"), true)
	require.Equal(t, uint8(1), s.Units[sp(t, "brandenburg")][Protestant].Reg)
	const theses = 1
	for _, c := range []struct {
		space      string
		prot, cath int
		german     bool
	}{
		{"lubeck", 3, 3, true},
		{"stettin", 3, 1, true},
		{"breslau", 6, 1, false},
		// The seed counts 1 die for the Hungarian regular in Prague and none
		// for it next to Leipzig; its rules (HIS-18.2d, HIS-18.2f,
		// HIS-18.3j) count 2 in the target and 1 next to it, and so does
		// the engine (see the rulings): Prague 4 against 5, Leipzig 4 against 4.
		{"prague", 4, 5, false},
		{"leipzig", 4, 4, true},
		{"magdeburg", 6, 3, true},
	} {
		x := sp(t, c.space)
		require.True(t, s.ReformTarget(x), c.space)
		require.Equal(t, c.prot, s.protDice(x)+theses, c.space)
		require.Equal(t, c.cath, s.cathDice(x), c.space)
		require.Equal(t, c.german, spaces[x].Lang == LangGerman, c.space)
	}
	// Lubeck, 3 against 3: the Protestant wins the tie in the German zone.
	s2 := afterTheses(t)
	r2 := &run{s: s2, dice: &testdice.Script{Rolls: []int{4, 2, 1, 4, 3, 3}}}
	r2.flip(sp(t, "brandenburg"), true)
	require.True(t, r2.attempt(s2.Rel.Pending, sp(t, "lubeck")))
	// Prague, a tie outside the zone: the Papacy wins.
	r2.dice = &testdice.Script{Rolls: []int{5, 1, 1, 1, 5, 1, 1, 1, 1}}
	require.Equal(t, 4, s2.protDice(sp(t, "prague"))+s2.Rel.Pending.Dice)
	require.False(t, r2.attempt(s2.Rel.Pending, sp(t, "prague")))
	require.True(t, strings.Contains(r2.ev[len(r2.ev)-1].Text, "Prague stays Catholic"))
}
