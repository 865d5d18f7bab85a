package hereistand

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// HIS-9.1b4: a captured army leader returned by a deal goes to its
// capital, or to a friendly home key when its power does not hold the
// capital; a leader its captor does not hold is refused.
func TestHIS9_1b4_ReturnLeader(t *testing.T) {
	s := negotiationGame(t)
	mo := ldr(t, "montmorency")
	s.Leader[mo], s.Captor[mo] = LeaderCaptured, Hapsburg
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	rej := refuse(t, s, Papacy, "propose: return montmorency")
	require.NotNil(t, rej) // not its turn, and not its captive
	s, res := submit(t, s, Hapsburg, d, "propose: return montmorency")
	require.Contains(t, eventText(res, "england"), "return Montmorency")
	s, res = submit(t, s, France, d, "confirm")
	require.Contains(t, eventText(res, "england"), "Hapsburg returns Montmorency, who goes to Paris (HIS-9.1b4).")
	require.EqualValues(t, sp(t, "paris"), s.Leader[mo]) // HIS-9.1b4: the capital
	require.EqualValues(t, NoPower, s.Captor[mo])

	// Without Paris the leader goes to a friendly home key.
	s.Ctrl[sp(t, "paris")] = uint8(Hapsburg)
	at := s.placeLeaderHome(France, mo)
	require.NotEqual(t, "Paris", at)
	k := int(s.Leader[mo])
	require.Equal(t, Key, spaces[k].Type, at) // HIS-9.1b4: a friendly home key
	require.EqualValues(t, France, spaces[k].Home)
	require.EqualValues(t, France, s.Ctrl[k])
}

// HIS-9.2d: land units may move and retreat into a space their ally
// controls (it is friendly to them); without the alliance the same move
// is refused. The ally keeps control of the space.
func TestHIS9_2d_MoveThroughAlliedSpace(t *testing.T) {
	s := board(t)
	cal, bou := sp(t, "calais"), sp(t, "boulogne")
	s.Ctrl[cal], s.Ctrl[bou] = England, France
	put(t, s, "calais", England, Force{Reg: 2})
	play := impulseFor(t, s, England, 3)
	require.False(t, s.retreatLegal(England, bou, -1))
	rej := refuse(t, s, England, play, "move 2 from calais to boulogne")
	require.Contains(t, rej.Problems[len(rej.Problems)-1].Reason, "neither at war nor allied with England")
	s.setAlly(England, France, true)
	require.True(t, s.retreatLegal(England, bou, -1)) // HIS-9.2d: and retreat into it
	s, _ = submit(t, s, England, testdice.New(1), play, "move 2 from calais to boulogne")
	require.EqualValues(t, 2, s.Units[bou][England].Reg) // HIS-9.2d: the ally's space is entered
	require.EqualValues(t, France, s.Ctrl[bou])          // and stays the ally's
	require.True(t, s.Friendly(bou, England))
}

// HIS-11e: an event that makes another power act is resolved by the power
// it names: the Hapsburg plays Katherina Bora, the Protestant chooses the
// targets of the Reformation attempts within the Hapsburg's impulse.
func TestHIS11e_NamedPowerResolves(t *testing.T) {
	s := toAction(t, 5)
	s.Active = Hapsburg
	s.Rel.Debater[debaterByID["luther"]] = DebUncommitted
	ns, _ := playEvent(t, s, 85, "")
	require.NotNil(t, ns.Rel.Pending)
	require.Equal(t, []int{Protestant}, ns.owingPowers()) // HIS-11e: the named power decides
	require.Equal(t, Hapsburg, ns.Active)
	refuse(t, ns, Hapsburg, ns.defaultLines(Protestant)...)
	for i := 0; ns.Rel.Pending != nil && i < 10; i++ {
		require.Equal(t, []int{Protestant}, ns.owingPowers())
		ns, _ = submit(t, ns, Protestant, testdice.New(3), ns.defaultLines(Protestant)...)
	}
	require.Nil(t, ns.Rel.Pending)
	// The attempts made, the Hapsburg's impulse ends (the event gives no
	// CP) and the next power in Impulse Order plays.
	require.Equal(t, England, ns.Active)
}

// lonePair finds a Catholic space t, neither port nor reformer's space,
// whose only Protestant neighbour (across no pass) is a, once a alone
// is made Protestant.
func lonePair(t *testing.T, s *St) (a, tg int) {
	t.Helper()
	s.Prot = locSet{}
	a = sp(t, "wittenberg")
	s.Prot.set(a)
	for _, e := range spaces[a].Nbr {
		x := int(e.To)
		if !e.Pass && len(spaces[x].Seas) == 0 && !s.reformerAt(x) && s.Catholic(x) {
			return a, x
		}
	}
	t.Fatal("no neighbour of Wittenberg to target")
	return
}

// HIS-12.3b, HIS-12.4f, HIS-12.4g: a space in unrest may be targeted by
// Reformation and Counter-Reformation attempts; it gives no adjacency to
// a target, and its contents add no die to an attempt next door.
func TestHIS12_4g_UnrestAndAttempts(t *testing.T) {
	s := newGame(t, 1)
	a, tg := lonePair(t, s)
	require.True(t, s.ReformTarget(tg))
	dice := s.protDice(tg)
	s.addUnits(a, Protestant, Force{Reg: 2})
	require.Equal(t, dice+1, s.protDice(tg)) // the stack next door adds a die

	// HIS-12.4g: the only adjacent Protestant space in unrest gives no
	// target; HIS-12.4f: nor any die (space and stack).
	s.Unrest.set(a)
	require.False(t, s.ReformTarget(tg))
	require.Equal(t, 1, s.protDice(tg)) // at least 1

	// HIS-12.3b: a space in unrest is still a target itself.
	s.Unrest.clear(a)
	s.Unrest.set(tg)
	require.True(t, s.ReformTarget(tg))
	require.True(t, s.CounterTarget(a))
	// HIS-12.4g for the Papacy: Wittenberg's only Catholic neighbour is
	// tg once the others turn Protestant; in unrest it gives no target.
	for _, e := range spaces[a].Nbr {
		if x := int(e.To); x != tg {
			s.Prot.set(x)
		}
	}
	require.Empty(t, spaces[a].Seas)
	require.False(t, s.Rel.Jesuit.has(a))
	require.False(t, s.CounterTarget(a))
	s.Unrest.clear(tg)
	require.True(t, s.CounterTarget(a))
}

// HIS-19a, HIS-19.7a: the Winter Phase flips every committed debater back
// and ends the effects that last the turn (Printing Press, Augsburg
// Confession), among its other steps.
func TestHIS19a_DebatersInWinter(t *testing.T) {
	s := board(t)
	s.Turn = 2
	d := debaterByID["eck"]
	s.Rel.Debater[d] = DebCommitted
	s.Rel.PrintingPress, s.Rel.Augsburg = true, true
	winterOf(t, s)
	require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[d]) // HIS-19.7a
	require.False(t, s.Rel.PrintingPress || s.Rel.Augsburg)
}

// HIS-21.2c, HIS-21a: the Hapsburg's two capitals. Its units may go home
// to either in Winter, it gets a regular in each one it controls, and it
// may deploy in spring from either (one deployment:
// TestHIS10_SpringDeployment).
func TestHIS21_2c_TwoCapitals(t *testing.T) {
	vienna, valladolid := sp(t, "vienna"), sp(t, "valladolid")
	require.ElementsMatch(t, []int{vienna, valladolid}, powers[Hapsburg].Capitals)
	for p := 0; p < NMajor; p++ {
		if p != Hapsburg && p != Protestant {
			require.Len(t, powers[p].Capitals, 1, powers[p].Name) // HIS-21a: a feature of the Hapsburg alone
		}
	}
	s := board(t)
	s.Turn = 2
	s.Ctrl[vienna], s.Ctrl[valladolid] = Hapsburg, Hapsburg
	require.ElementsMatch(t, []int{vienna, valladolid}, s.winterCapitals(Hapsburg))
	log := winterOf(t, s)
	require.Contains(t, log, "Hapsburg adds a regular in Vienna (HIS-19.5).")
	require.Contains(t, log, "Hapsburg adds a regular in Valladolid (HIS-19.5).")

	// Vienna lost: the regular comes in Valladolid only.
	s = board(t)
	s.Turn = 2
	s.Ctrl[vienna], s.Ctrl[valladolid] = Ottoman, Hapsburg
	log = winterOf(t, s)
	require.NotContains(t, log, "Hapsburg adds a regular in Vienna")
	require.Contains(t, log, "Hapsburg adds a regular in Valladolid (HIS-19.5).")
}

// HIS-23.2g: England's special VP: 5 once Edward is born on the Pregnancy
// Chart, else 2 once Elizabeth is, plus 1 per 2 English home spaces
// turned Protestant (rounded down).
func TestHIS23_2g_EnglandSpecialVP(t *testing.T) {
	s := newGame(t, 1)
	base := s.EnglishProtestantSpaces() / 2
	require.Equal(t, base, s.SpecialVP(England))
	s.Henry.Wife[1] = 4 // Elizabeth
	require.Equal(t, base+2, s.SpecialVP(England))
	s.Henry.Wife[2] = 5 // Edward, sickly: 5 VP, not 7
	require.Equal(t, base+5, s.SpecialVP(England))
	s.Henry.Wife[2] = 6
	require.Equal(t, base+5, s.SpecialVP(England))
	var eng []int
	for sp := 0; sp < NS; sp++ {
		if spaces[sp].Home == England && !s.Prot.has(sp) {
			eng = append(eng, sp)
		}
	}
	require.GreaterOrEqual(t, len(eng), 3)
	n := s.EnglishProtestantSpaces()
	for _, sp := range eng[:3] {
		s.Prot.set(sp)
	}
	require.Equal(t, n+3, s.EnglishProtestantSpaces())
	require.Equal(t, (n+3)/2+5, s.SpecialVP(England)) // fractions rounded down
}

// HIS-6.1f: Spring Preparations and Venetian Informant are never played
// as events in the Action Phase (for CP they are); Copernicus, Michael
// Servetus (TestHIS23_2k_VPAndStPetersEvents) and Diplomatic Marriage
// (TestHIS22_2b_MinorPowerCards) are.
func TestHIS6_1f_OtherPhaseCards(t *testing.T) {
	for _, n := range []int{102, 109} {
		s := toAction(t, 5)
		p := s.Active
		deal(s, p, uint8(n))
		require.Error(t, s.eventPlayable(p, n), cards[n].Name)
		refuse(t, s, p, "play "+cards[n].Name+" for event")
		ns, _ := submit(t, s, p, testdice.New(1), "play "+cards[n].Name+" for cp")
		require.NotContains(t, ns.Hands[p], uint8(n))
	}
}
