package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// playEvent deals card n to the active power and plays it for its event
// with the choices given ("" for none).
func playEvent(t *testing.T, s *St, n int, args string) (*St, string) {
	t.Helper()
	p := s.Active
	deal(s, p, uint8(n))
	line := "play " + cards[n].Name + " for event"
	if args != "" {
		line += ": " + args
	}
	ns, res := submit(t, s, p, testdice.New(7), line)
	return ns, eventText(res, roleOf(Papacy))
}

// HIS-12.4a: Pilgrimage of Grace, Gabelle Revolt, Janissaries Rebel,
// Peasants' War and Revolt of the Communeros put unrest on unoccupied
// spaces of their zone or home spaces, up to the card's number; an
// occupied space, a space outside the card's area, too many spaces or
// none are refused and change nothing.
func TestHIS12_4a_UnrestEvents(t *testing.T) {
	for _, u := range unrestCards {
		s := toAction(t, 5)
		ex := u.examples(s, s.Active)
		require.Len(t, ex, 1, cards[u.n].Name)
		ns, txt := playEvent(t, s, u.n, ex[0])
		names := strings.Split(ex[0], ", ")
		require.Len(t, names, u.max(s), cards[u.n].Name)
		for _, name := range names {
			sp, err := matchSpace(strings.ToLower(name))
			require.NoError(t, err)
			require.True(t, ns.InUnrest(sp), name)
			require.Contains(t, txt, name+" falls into unrest ("+cards[u.n].Name+").")
		}
	}

	s := toAction(t, 5)
	p := s.Active
	deal(s, p, 80)
	rej := refuse(t, s, p, "play gabelle revolt for event: paris")
	require.Contains(t, rej.Problems[0].Reason, "Paris is not an unoccupied French home space")
	rej = refuse(t, s, p, "play gabelle revolt for event: vienna")
	require.Contains(t, rej.Problems[0].Reason, "not an unoccupied French home space")
	var three []string
	for _, sp := range unrestCards[1].list(s)[:3] {
		three = append(three, spaces[sp].Name)
	}
	rej = refuse(t, s, p, "play gabelle revolt for event: "+strings.Join(three, ", "))
	require.Contains(t, rej.Problems[0].Reason, "name 1 to 2 spaces")
	rej = refuse(t, s, p, "play gabelle revolt for event")
	require.Contains(t, rej.Problems[0].Reason, "name 1 to 2 spaces")

	// Janissaries Rebel: 4 spaces while the Ottoman is at war with no major
	// power, 2 when it is.
	u := unrestCards[2]
	require.Equal(t, 82, u.n)
	c := s.clone()
	for q := 0; q < NMajor; q++ {
		if q != Ottoman {
			c.setWar(Ottoman, q, false)
		}
	}
	require.Equal(t, 4, u.max(c))
	c.setWar(Ottoman, Hapsburg, true)
	require.Equal(t, 2, u.max(c))
}

// HIS-18.3b, HIS-18.3c, HIS-18.4a: A Mighty Fortress, Affair of the
// Placards, Calvin's Institutes and Katherina Bora commit their debater
// and give the Protestant its Reformation attempts in their zone
// (Calvin's Institutes with +1 on each Protestant die), whoever plays
// them; with the debater committed they cannot be played. Mary Defies
// Council gives the Papacy 3 Counter-Reformation attempts in the English
// zone.
func TestHIS18_3b_AttemptEvents(t *testing.T) {
	for _, c := range attemptCards {
		s := toAction(t, 5)
		if c.debater != "" {
			s.Rel.Debater[debaterByID[c.debater]] = DebUncommitted
		}
		ns, txt := playEvent(t, s, c.n, "")
		if c.debater != "" {
			require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[debaterByID[c.debater]], cards[c.n].Name)
			require.Contains(t, txt, debaterName(c.debater)+" is committed")
		}
		who := Protestant
		if c.counter {
			who = Papacy
		}
		a := ns.Rel.Pending
		if a == nil {
			// No target at all: the attempts are lost at once.
			require.Contains(t, txt, "are lost")
			continue
		}
		require.Equal(t, c.attempts, a.N, cards[c.n].Name)
		require.Equal(t, c.plus, a.Plus)
		require.Equal(t, c.zones, a.Zones)
		require.Equal(t, c.counter, a.Counter)
		require.Equal(t, []int{who}, ns.owingPowers())
		require.Equal(t, cards[c.n].Name, a.Source)

		// Committed: the event is refused, with nothing shown of the hand.
		if c.debater != "" {
			s2 := toAction(t, 5)
			s2.Rel.Debater[debaterByID[c.debater]] = DebCommitted
			deal(s2, s2.Active, uint8(c.n))
			rej := refuse(t, s2, s2.Active, "play "+cards[c.n].Name+" for event")
			require.Contains(t, rej.Problems[0].Reason, "is not an uncommitted debater (HIS-18.3c)")
		}
	}
	// A Mighty Fortress takes no choices.
	s := toAction(t, 5)
	deal(s, s.Active, 65)
	rej := refuse(t, s, s.Active, "play a mighty fortress for event: german")
	require.Contains(t, rej.Problems[0].Reason, "this event takes no choices")
}
