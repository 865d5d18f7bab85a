package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// HIS-6.1g, HIS-6.1a: Swiss Mercenaries played outside a combat, in the
// response window of another power's move: France places 4 new
// mercenaries in a space holding French land units (here the space the
// Hapsburg moves into) and the move goes on; a wrong count is refused and
// changes nothing.
func TestHIS6_1g_MercenariesInTheWindow(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 1)
	deal(s, France, cardSwiss)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon")
	p := onlyPrompt(t, s, "france", "response", "no card")
	require.Contains(t, p.Choices, "play 36 Swiss Mercenaries: 4 in Dijon")
	readWhy(t, refuse(t, s, France, "play swiss mercenaries: 3 in dijon"))
	readWhy(t, refuse(t, s, France, "play swiss mercenaries: 4 in besancon"))
	s, res := submit(t, s, France, testdice.New(1), "play swiss: 4 in dijon")
	readAll(t, res)
	require.Equal(t, []string{"play 36 Swiss Mercenaries: 4 in dijon"}, res.Canonical)
	require.EqualValues(t, 4, s.Units[sp(t, "dijon")][France].Merc, "placed before the battle")
	require.False(t, handHas(s, France, cardSwiss))
	onlyPrompt(t, s, "france", "avoid-battle", "stand") // the move goes on
}

// HIS-6.1g, HIS-6.1a: Landsknechts and Swiss Mercenaries as the card of
// one's own impulse: the Hapsburg places 4 mercenaries, another power 2;
// the Ottoman's Landsknechts eliminates 2 mercenaries of other powers,
// its Swiss Mercenaries has France place 4.
func TestHIS6_1g_MercenariesAsEvents(t *testing.T) {
	s := mandAt(t, 3, Hapsburg, cardLandsknechts)
	before := s.mercTotal(Hapsburg)
	ex := s.mercExamples(Hapsburg, cardLandsknechts)
	require.Len(t, ex, 1)
	require.Contains(t, ex[0], "4 in ")
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play 33 for event: "+ex[0])
	readAll(t, res)
	require.Equal(t, before+4, ns.mercTotal(Hapsburg))
	readWhy(t, refuse(t, s, Hapsburg, "play 33 for event: 2 in "+ex[0][len("4 in "):]))

	s = mandAt(t, 3, England, cardSwiss)
	before = s.mercTotal(England)
	ex = s.mercExamples(England, cardSwiss)
	require.Contains(t, ex[0], "2 in ")
	ns, res = submit(t, s, England, testdice.New(1), "play 36 for event: "+ex[0])
	readAll(t, res)
	require.Equal(t, before+2, ns.mercTotal(England))

	s = mandAt(t, 3, Ottoman, cardSwiss)
	before = s.mercTotal(France)
	ex = s.mercExamples(Ottoman, cardSwiss)
	require.Contains(t, ex[0], "4 in ")
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play 36 for event: "+ex[0])
	readAll(t, res)
	require.Equal(t, before+4, ns.mercTotal(France), "France places them")

	s = mandAt(t, 3, Ottoman, cardLandsknechts)
	for sp := 0; sp < NS; sp++ {
		for q := 0; q < NPow; q++ {
			s.Units[sp][q].Merc = 0
		}
	}
	s.reindex()
	require.Error(t, s.eventPlayable(Ottoman, cardLandsknechts), "no mercenaries to eliminate")
	put(t, s, "vienna", Hapsburg, Force{Merc: 1})
	put(t, s, "milan", France, Force{Merc: 2})
	readWhy(t, refuse(t, s, Ottoman, "play 33 for event: 2 hapsburg in vienna"))
	readWhy(t, refuse(t, s, Ottoman, "play 33 for event: vienna"))
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play 33 for event: vienna, france in milan")
	readAll(t, res)
	require.Zero(t, ns.Units[sp(t, "vienna")][Hapsburg].Merc)
	require.EqualValues(t, 1, ns.Units[sp(t, "milan")][France].Merc)
}
