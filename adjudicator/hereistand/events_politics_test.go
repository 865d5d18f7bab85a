package hereistand

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// HIS-6.1a, HIS-6.2c: #79 Fuggers: the player draws 2 cards from the deck
// (only it hears which) and is dealt 1 card fewer in the next Card Draw
// Phase; the marker then goes. #96 Sale of Moluccas: the power that sailed
// around the world draws 2 cards; not before.
func TestHIS6_1_FuggersAndMoluccas(t *testing.T) {
	s := mandAt(t, 2, Hapsburg, 79, 96)
	before := s.CardsDealt(Hapsburg)
	top := []int{int(s.Deck[len(s.Deck)-1]), int(s.Deck[len(s.Deck)-2])}
	rej := refuse(t, s, Hapsburg, "play 79 for event: now")
	require.Contains(t, rej.Problems[0].Reason, "takes no choices")
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play fuggers for event")
	readAll(t, res)
	require.Len(t, ns.Hands[Hapsburg], 3)
	require.True(t, containsCard(ns.Hands[Hapsburg], top[0]) && containsCard(ns.Hands[Hapsburg], top[1]))
	require.Equal(t, before-1, ns.CardsDealt(Hapsburg))
	require.NotContains(t, eventText(res, roleOf(France)), cardName(top[0]))
	require.Contains(t, eventText(res, roleOf(Hapsburg)), cardName(top[0]))
	require.Contains(t, eventText(res, roleOf(France)), "Fuggers: Hapsburg draws 2 cards")
	// The next deal gives one card fewer, once.
	c := ns.clone()
	c.Turn++
	r := &run{s: c, dice: testdice.New(3)}
	n := len(c.Hands[Hapsburg])
	want := c.CardsDealt(Hapsburg)
	r.cardDrawPhase()
	require.Equal(t, n+want+1, len(c.Hands[Hapsburg]), "the home card comes back too")
	require.Zero(t, c.Pol.Fuggers)
	require.Equal(t, before, c.CardsDealt(Hapsburg))

	// Sale of Moluccas waits for the circumnavigation.
	rej = refuse(t, s, Hapsburg, "play 96 for event")
	require.Contains(t, rej.Problems[0].Reason, "sailed around the world")
	readWhy(t, rej)
	s.NW.Discovery[DiscCircum] = England + 1
	hand := len(s.Hands[England])
	ns, res = submit(t, s, Hapsburg, testdice.New(1), "play sale of moluccas for event")
	readAll(t, res)
	require.Len(t, ns.Hands[England], hand+2)
	require.True(t, ns.Removed.has(96))
	require.NotContains(t, eventText(res, roleOf(Hapsburg)), cardName(int(s.Deck[len(s.Deck)-1])))
}

// HIS-6.1a: #91 Ransom returns a captured leader to a home fortified space
// of his power under its control (the capital when none is named).
func TestHIS6_1_Ransom(t *testing.T) {
	s := mandAt(t, 2, France, 91)
	rej := refuse(t, s, France, "play 91 for event: montmorency")
	require.Contains(t, rej.Problems[0].Reason, "no captured leader")
	readWhy(t, rej)
	mo := ldr(t, "montmorency")
	s.Leader[mo], s.Captor[mo] = LeaderCaptured, Hapsburg
	require.Contains(t, strings.Join(s.playChoices(France), "|"), "for event: montmorency to Paris")
	rej = refuse(t, s, France, "play 91 for event: montmorency to milan")
	require.Contains(t, rej.Problems[0].Reason, "not a home fortified space of France")
	readWhy(t, rej)
	ns, res := submit(t, s, France, testdice.New(1), "play ransom for event: montmorency")
	readAll(t, res)
	require.Equal(t, int16(sp(t, "paris")), ns.Leader[mo])
	require.Equal(t, uint8(NoPower), ns.Captor[mo])
	ns, _ = submit(t, s, France, testdice.New(1), "play ransom for event: montmorency to lyon")
	require.Equal(t, int16(sp(t, "lyon")), ns.Leader[mo])
}

// HIS-6.1a: #106 Unpaid Mercenaries removes every mercenary of one power
// in one space; a siege the loss ends is lifted.
func TestHIS6_1_UnpaidMercenaries(t *testing.T) {
	s := mandAt(t, 2, Papacy, 106)
	milan := sp(t, "milan")
	s.Units[milan][France] = Force{}
	s.addUnits(milan, France, Force{Reg: 1, Merc: 3})
	rej := refuse(t, s, Papacy, "play 106 for event: england in milan")
	require.Contains(t, rej.Problems[0].Reason, "no mercenaries in Milan")
	readWhy(t, rej)
	ns, res := submit(t, s, Papacy, testdice.New(1), "play unpaid mercenaries for event: milan")
	readAll(t, res)
	require.Equal(t, Force{Reg: 1}, ns.Units[milan][France])
	require.Contains(t, eventText(res, roleOf(France)), "France loses its 3 mercenaries in Milan")
}

// HIS-6.1a, HIS-17.2b: #100 Shipbuilding places 2 squadrons in home ports
// the player controls (not the Protestant), with counters for both.
func TestHIS6_1_Shipbuilding(t *testing.T) {
	s := mandAt(t, 2, England, 100)
	london := sp(t, "london")
	rej := refuse(t, s, England, "play 100 for event: 1 in london")
	require.Contains(t, rej.Problems[0].Reason, "place 2 squadrons")
	readWhy(t, rej)
	rej = refuse(t, s, England, "play 100 for event: 2 in paris")
	require.Contains(t, rej.Problems[0].Reason, "not a home port of England")
	readWhy(t, rej)
	sq := s.Units[london][England].Sq
	ns, res := submit(t, s, England, testdice.New(1), "play shipbuilding for event: 2 in london")
	readAll(t, res)
	require.Equal(t, sq+2, ns.Units[london][England].Sq)
	// With room in the counter mix for one squadron only, the event is not
	// offered: the play is refused before any choice is asked.
	full := s.clone()
	full.addUnits(london, England, Force{Sq: uint8(powers[England].NavalCounters - full.navalCount(England) - 1)})
	require.Error(t, shipbuildingCan(full, England))
	require.NoError(t, shipbuildingCan(s, England))
	p := mandAt(t, 2, Protestant, 100)
	rej = refuse(t, p, Protestant, "play 100 for event: 2 in london")
	require.Contains(t, rej.Problems[0].Reason, "Protestant may not")
	readWhy(t, rej)
}

// HIS-22.2b, HIS-22.4a, HIS-9.6g: the minor power cards. #108 Venetian
// Alliance: the Papacy activates Venice, the Papacy or the Ottoman
// deactivates it, and with Venice already a Papal ally the Papacy adds 1
// Venetian regular and 2 Venetian squadrons. #69 Auld Alliance: France
// activates Scotland, England or France deactivates it, France adds up to
// 3 regulars to a Scotland already its ally. #73 Diplomatic Marriage: any
// power but the Ottoman and the Protestant activates a minor the table
// allows it or deactivates Genoa, Scotland or Venice. #68 Andrea Doria:
// France, the Papacy or the Hapsburg takes Genoa, even from another ally.
func TestHIS22_2b_MinorPowerCards(t *testing.T) {
	// Venetian Alliance.
	s := mandAt(t, 2, Papacy, 108)
	ns, res := submit(t, s, Papacy, testdice.New(1), "play venetian alliance for event")
	readAll(t, res)
	require.Equal(t, Papacy, ns.minorAlly(Venice))
	require.Contains(t, eventText(res, roleOf(England)), "Venetian Alliance: Papacy activates Venice")
	_, err := s.ActivateMinor(Venice, Papacy)
	require.NoError(t, err)
	ven := sp(t, "venice")
	require.NoError(t, s.removeUnits(ven, Venice, Force{Sq: 2}))
	u := s.Units[ven][Venice]
	require.Contains(t, strings.Join(s.playChoices(Papacy), "|"), "for event: reinforce in Venice")
	ns, res = submit(t, s, Papacy, testdice.New(1), "play 108 for event: reinforce")
	readAll(t, res)
	require.Equal(t, u.Reg+1, ns.Units[ven][Venice].Reg)
	require.Equal(t, u.Sq+2, ns.Units[ven][Venice].Sq)
	// Venice's counters limit the squadrons.
	s.addUnits(ven, Venice, Force{Sq: 2})
	ns, res = submit(t, s, Papacy, testdice.New(1), "play 108 for event: reinforce in venice")
	readAll(t, res)
	require.Equal(t, u.Sq+3, ns.Units[ven][Venice].Sq)
	require.Contains(t, eventText(res, roleOf(England)), "1 Venetian regulars and 1 Venetian squadrons")
	o := s.clone()
	o.Active = Ottoman
	deal(o, Ottoman, 108)
	rej := refuse(t, o, Ottoman, "play 108 for event: activate")
	require.Contains(t, rej.Problems[0].Reason, "may not activate Venice")
	readWhy(t, rej)
	ns, res = submit(t, o, Ottoman, testdice.New(1), "play 108 for event: deactivate")
	readAll(t, res)
	require.Equal(t, NoPower, ns.minorAlly(Venice))
	e := mandAt(t, 2, England, 108)
	rej = refuse(t, e, England, "play 108 for event")
	require.Contains(t, rej.Problems[0].Reason, "may do nothing with")
	readWhy(t, rej)

	// Auld Alliance.
	s = mandAt(t, 2, France, 69)
	ns, res = submit(t, s, France, testdice.New(1), "play auld alliance for event: activate")
	readAll(t, res)
	require.Equal(t, France, ns.minorAlly(Scotland))
	_, err = s.ActivateMinor(Scotland, France)
	require.NoError(t, err)
	edi := sp(t, "edinburgh")
	rej = refuse(t, s, France, "play 69 for event: 4 in edinburgh")
	require.Contains(t, rej.Problems[0].Reason, "1 to 3 regulars")
	readWhy(t, rej)
	ns, res = submit(t, s, France, testdice.New(1), "play 69 for event: 3 in edinburgh")
	readAll(t, res)
	require.Equal(t, s.Units[edi][France].Reg+3, ns.Units[edi][France].Reg)
	e = s.clone()
	e.Active = England
	deal(e, England, 69)
	ns, res = submit(t, e, England, testdice.New(1), "play 69 for event: deactivate")
	readAll(t, res)
	require.Equal(t, NoPower, ns.minorAlly(Scotland))

	// Diplomatic Marriage.
	s = mandAt(t, 2, Hapsburg, 73)
	rej = refuse(t, s, Hapsburg, "play 73 for event: activate scotland")
	require.Contains(t, rej.Problems[0].Reason, "may not activate Scotland")
	rej = refuse(t, s, Hapsburg, "play 73 for event: activate")
	require.Contains(t, rej.Problems[0].Reason, "name the minor power")
	readWhy(t, rej)
	ns, res = submit(t, s, Hapsburg, testdice.New(1), "play diplomatic marriage for event: activate genoa")
	readAll(t, res)
	require.Equal(t, Hapsburg, ns.minorAlly(Genoa))
	t2 := mandAt(t, 2, Ottoman, 73)
	rej = refuse(t, t2, Ottoman, "play 73 for event: activate genoa")
	require.Contains(t, rej.Problems[0].Reason, "may do nothing")
	// Andrea Doria takes Genoa from the Hapsburg for France.
	f := ns.clone()
	f.Active = France
	f.OnCard.clear(73)
	deal(f, France, 68)
	ns, res = submit(t, f, France, testdice.New(1), "play andrea doria for event")
	readAll(t, res)
	require.Equal(t, France, ns.minorAlly(Genoa))
	require.Contains(t, eventText(res, roleOf(England)), "Genoa is taken from its alliance with Hapsburg")
}

// HIS-11h, HIS-6.1a: #103 Threat to Power strikes Charles Brandon, the
// Duke of Alva, Montmorency or Ibrahim Pasha on the map: on 1-3 he is out
// for the rest of the turn (back in his capital in the next Card Draw
// Phase), on 4-6 for the rest of the game.
func TestHIS11h_ThreatToPower(t *testing.T) {
	s := mandAt(t, 2, Protestant, 103)
	mo := ldr(t, "montmorency")
	for _, id := range threatened {
		s.Leader[ldr(t, id)] = LeaderOff
	}
	rej := refuse(t, s, Protestant, "play 103 for event: montmorency")
	require.Contains(t, rej.Problems[0].Reason, "all off the map")
	readWhy(t, rej)
	s.Leader[mo] = int16(sp(t, "lyon"))
	ns, res := submit(t, s, Protestant, &testdice.Script{Rolls: []int{3}}, "play threat to power for event: montmorency")
	readAll(t, res)
	require.Equal(t, int16(LeaderRemoved), ns.Leader[mo])
	require.NotZero(t, ns.Pol.Threat)
	c := ns.clone()
	c.Turn++
	r := &run{s: c, dice: testdice.New(3)}
	r.cardDrawPhase()
	readAll(t, &adjudicator.Result{Events: r.ev})
	require.Equal(t, int16(sp(t, "paris")), c.Leader[mo])
	require.Zero(t, c.Pol.Threat)
	ns, res = submit(t, s, Protestant, &testdice.Script{Rolls: []int{4}}, "play threat to power for event: montmorency")
	readAll(t, res)
	require.Equal(t, int16(LeaderRemoved), ns.Leader[mo])
	require.Zero(t, ns.Pol.Threat)
	require.Contains(t, eventText(res, roleOf(France)), "for the rest of the game")
}

// HIS-6.1a: #107 Unsanitary Camp: a power's stack in a space (its allied
// minors' units with it) loses a third of its land units, rounded up, at
// least half of them regulars where it has them.
func TestHIS6_1_UnsanitaryCamp(t *testing.T) {
	s := mandAt(t, 2, France, 107)
	milan := sp(t, "milan")
	s.Units[milan][France] = Force{}
	s.addUnits(milan, France, Force{Reg: 2, Merc: 5})
	rej := refuse(t, s, France, "play 107 for event: england in milan")
	require.Contains(t, rej.Problems[0].Reason, "no land units in Milan")
	readWhy(t, rej)
	ns, res := submit(t, s, France, testdice.New(1), "play unsanitary camp for event: france in milan")
	readAll(t, res)
	require.Equal(t, Force{Merc: 4}, ns.Units[milan][France], "3 of 7 lost: 2 regulars, 1 mercenary")
}

// HIS-9.6g, HIS-21.3a: #40 Machiavelli: The Prince declares war on another
// major power at no cost, then the player spends 2 CP.
func TestHIS9_6g_Machiavelli(t *testing.T) {
	s := mandAt(t, 3, England, 40)
	require.False(t, s.AtWar(England, France))
	rej := refuse(t, s, England, "play 40 for event: declare war on scotland")
	require.Contains(t, rej.Problems[0].Reason, "on a major power")
	readWhy(t, rej)
	ns, res := submit(t, s, England, testdice.New(1), "play machiavelli for event: declare war on france")
	readAll(t, res)
	require.True(t, ns.AtWar(England, France))
	require.Equal(t, 2, ns.Flow.CP)
	require.Equal(t, England, ns.Active)
}

// HIS-6.1a, HIS-22.5: #83 John Zapolya: with Buda not besieged, its
// controller adds 4 regulars there (Hungary's up to its counters).
// #72 Cloth Prices Fluctuate: with England holding Calais and the
// Hapsburg Antwerp, both draw a card and the player adds 2 mercenaries
// (cavalry for the Ottoman) in its home spaces; or Antwerp's controller
// discards a card at random and up to 2 unoccupied spaces of the Low
// Countries and the German and Italian Hapsburg lands fall into unrest.
func TestHIS6_1_ZapolyaAndClothPrices(t *testing.T) {
	s := mandAt(t, 2, Ottoman, 83, 72)
	buda := sp(t, "buda")
	reg := s.Units[buda][Hungary].Reg
	ns, res := submit(t, s, Ottoman, testdice.New(1), "play john zapolya for event")
	readAll(t, res)
	require.Greater(t, ns.Units[buda][Hungary].Reg, reg)
	require.True(t, ns.Removed.has(83))
	s.Ctrl[buda] = Ottoman
	s.Units[buda][Hungary] = Force{}
	s.occ[Hungary].put(buda, false)
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play 83 for event")
	readAll(t, res)
	require.Equal(t, uint8(4), ns.Units[buda][Ottoman].Reg)

	require.True(t, s.clothTrade())
	ist := sp(t, "istanbul")
	rej := refuse(t, s, Ottoman, "play 72 for event: trade, 3 in istanbul")
	require.Contains(t, rej.Problems[0].Reason, "place 2 new units")
	readWhy(t, rej)
	hands := len(s.Hands[England]) + len(s.Hands[Hapsburg])
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play cloth prices fluctuate for event: trade, 2 in istanbul")
	readAll(t, res)
	require.Equal(t, s.Units[ist][Ottoman].Cav+2, ns.Units[ist][Ottoman].Cav)
	require.Equal(t, hands+2, len(ns.Hands[England])+len(ns.Hands[Hapsburg]))
	spots := s.clothUnrest()
	require.GreaterOrEqual(t, len(spots), 2)
	held := len(s.Hands[Hapsburg])
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play 72 for event: unrest in "+spaces[spots[0]].Name+" and "+spaces[spots[1]].Name)
	readAll(t, res)
	require.True(t, ns.InUnrest(spots[0]) && ns.InUnrest(spots[1]))
	if len(s.drawable(Hapsburg)) > 0 {
		require.Equal(t, held-1, len(ns.Hands[Hapsburg]))
	}
	rej = refuse(t, s, Ottoman, "play 72 for event: unrest in paris")
	require.Contains(t, rej.Problems[0].Reason, "not an unoccupied space")
	readWhy(t, rej)
}

// HIS-20.2a, HIS-20.3a, HIS-6.1a: #77 Fountain of Youth cancels a voyage
// of exploration under way (on 4-6 one of that power's explorers in the
// pool is removed from the game); #98 Search for Cibola cancels a voyage
// of exploration or conquest. The voyage keeps its place until the New
// World Phase, so that no other of its kind is sent this turn; then it is
// taken off unresolved.
func TestHIS20_FountainOfYouthAndCibola(t *testing.T) {
	s := mandAt(t, 1, France, 77, 98)
	require.NotZero(t, s.NW.Underway[Hapsburg]&nwExplore)
	rej := refuse(t, s, France, "play 77 for event: hapsburg conquest")
	require.Contains(t, rej.Problems[0].Reason, "no such voyage")
	readWhy(t, rej)
	pool := len(s.explorerPool(Hapsburg))
	ns, res := submit(t, s, France, &testdice.Script{Rolls: []int{5, 1}}, "play fountain of youth for event: hapsburg")
	readAll(t, res)
	require.Equal(t, pool-1, len(ns.explorerPool(Hapsburg)))
	require.NotZero(t, ns.Pol.Cancel[Hapsburg]&nwExplore)
	require.Error(t, ns.canVoyage(Hapsburg, "explore"), "no second exploration this turn")
	ns.Active, ns.Flow.Card, ns.Flow.CP = France, 0, 0
	ns.NewImpulse()
	ns, res = submit(t, ns, France, testdice.New(1), "play search for cibola for event: hapsburg conquest")
	readAll(t, res)
	c := ns.clone()
	r := &run{s: c, dice: testdice.New(1)}
	r.polVoyages()
	require.Zero(t, c.NW.Underway[Hapsburg])
	require.Equal(t, [NMajor]uint8{}, c.Pol.Cancel)

	// With one explorer left in the pool, a roll of 4-6 removes it
	// without a die of one side (found by a game by email).
	s = mandAt(t, 1, France, 77)
	pool = len(s.explorerPool(Hapsburg))
	for _, e := range s.explorerPool(Hapsburg)[1:] {
		s.NW.Explorer[e] = -1
	}
	require.Len(t, s.explorerPool(Hapsburg), 1, "of %d", pool)
	script := &testdice.Script{Rolls: []int{6}}
	ns, res = submit(t, s, France, script, "play fountain of youth for event: hapsburg")
	readAll(t, res)
	require.Empty(t, ns.explorerPool(Hapsburg))
	require.Equal(t, []string{"fountain of youth"}, script.Log)
}

// HIS-6.1a, HIS-6.2h: #74 Diplomatic Overture: the player draws 2 cards,
// then owes the card it gives to another power: not a Home card, a
// Mandatory Event only when it holds nothing else; the two powers alone
// hear which.
func TestHIS6_1_DiplomaticOverture(t *testing.T) {
	s := mandAt(t, 2, France, 74)
	top := []int{int(s.Deck[len(s.Deck)-1]), int(s.Deck[len(s.Deck)-2])}
	ns, res := submit(t, s, France, testdice.New(1), "play diplomatic overture for event")
	readAll(t, res)
	require.Equal(t, []int{France}, ns.owingPowers())
	pr := ns.powerPrompt(France)
	require.Equal(t, "event-choice", pr.Kind)
	m, ok := promptMsg(pr.Text)
	require.True(t, ok)
	checkMsg(t, gameCatalog(t), "prompt", pr.Text, m)
	give := ns.overtureGifts(France)[0]
	require.Contains(t, top, give)
	rej := refuse(t, ns, France, "give "+strconv.Itoa(give)+" to france")
	require.Contains(t, rej.Problems[0].Reason, "another major power")
	readWhy(t, rej)
	rej = refuse(t, ns, France, "give 7 to england")
	require.NotContains(t, rej.Problems[0].Reason, cardName(top[0]))
	eng := len(ns.Hands[England])
	ns, res = submit(t, ns, France, testdice.New(1), "give "+strconv.Itoa(give)+" to england")
	readAll(t, res)
	require.Len(t, ns.Hands[England], eng+1)
	require.True(t, containsCard(ns.Hands[England], give))
	require.Len(t, ns.Hands[France], 1)
	require.Contains(t, eventText(res, roleOf(England)), cardName(give))
	require.NotContains(t, eventText(res, roleOf(Papacy)), cardName(give))
	require.NotEqual(t, France, ns.Active)
}

// HIS-6.1a: #87 Mercenaries Demand Pay: the target power is asked for a
// card to discard; its CP keep 2, 4, 6, 10 or all of its mercenaries, the
// rest leaving its largest stacks first; no card, no mercenaries.
func TestHIS6_1_MercenariesDemandPay(t *testing.T) {
	s := mandAt(t, 2, England, 87)
	milan, lyon := sp(t, "milan"), sp(t, "lyon")
	s.Units[milan][France] = Force{}
	s.addUnits(milan, France, Force{Reg: 1, Merc: 4})
	s.addUnits(lyon, France, Force{Merc: 1})
	three := cardWith(t, 3)
	deal(s, France, three)
	deal(s, England, 87)
	s.occ[France].each(func(loc int) {
		if loc != milan && loc != lyon {
			s.Units[loc][France].Merc = 0
		}
	})
	mustCheck(t, s)
	rej := refuse(t, s, England, "play 87 for event: papacy")
	require.Contains(t, rej.Problems[0].Reason, "no mercenaries on the map")
	readWhy(t, rej)
	ns, res := submit(t, s, England, testdice.New(1), "play mercenaries demand pay for event: france")
	readAll(t, res)
	require.Equal(t, []int{France}, ns.owingPowers())
	pr := ns.powerPrompt(France)
	m, ok := promptMsg(pr.Text)
	require.True(t, ok)
	checkMsg(t, gameCatalog(t), "prompt", pr.Text, m)
	a, res := submit(t, ns, France, testdice.New(1), "discard "+strconv.Itoa(int(three)))
	readAll(t, res)
	require.Equal(t, 5, a.mercTotal(France), "3 CP keep 6")
	require.True(t, containsCard(a.Discard, int(three)))
	b, res := submit(t, ns, France, testdice.New(1), "discard none")
	readAll(t, res)
	require.Zero(t, b.mercTotal(France))
	require.Equal(t, uint8(1), b.Units[milan][France].Reg)
	require.Contains(t, eventText(res, roleOf(England)), "France keeps 0 of its 5 mercenaries")
	require.Equal(t, 4, payKeeps(2))
	require.Equal(t, 10, payKeeps(4))
}

// HIS-17.1a, HIS-6.1a: #76 Foreign Recruits gives 4 CP for new units only,
// which may be built in any space the player controls, not besieged, as
// well as its home spaces; the next impulse builds at home again.
func TestHIS17_ForeignRecruits(t *testing.T) {
	s := mandAt(t, 2, France, 76)
	milan := sp(t, "milan")
	s.Ctrl[milan] = France
	s.Units[milan][France] = Force{}
	s.addUnits(milan, France, Force{Reg: 1})
	mustCheck(t, s)
	require.Error(t, s.CanBuild(France, milan, ActRaiseRegular))
	rej := refuse(t, s, France, "play foreign recruits for event", "move 1 regular from milan to pavia")
	require.Contains(t, rej.Problems[0].Reason, "new units only")
	readWhy(t, rej)
	ns, res := submit(t, s, France, testdice.New(1), "play foreign recruits for event", "build regular in milan", "build regular in milan")
	readAll(t, res)
	require.Equal(t, uint8(3), ns.Units[milan][France].Reg)
	require.False(t, ns.Pol.Recruits)
	require.Error(t, ns.CanBuild(France, milan, ActRaiseRegular))
}

// HIS-22.6b, HIS-22.6c, HIS-6.1a: #71 City State Rebels strikes a captured
// key not under siege: 5 dice, each 5 or 6 removes one of the holder's
// land units there; emptied, its army leaders are captured by the player
// and the key goes back to its home power (an independent key to the
// independents) with 1 regular of it.
func TestHIS22_6_CityStateRebels(t *testing.T) {
	s := mandAt(t, 2, Papacy, 71)
	milan := sp(t, "milan")
	require.Equal(t, France, s.Controller(milan))
	s.Units[milan][France] = Force{}
	s.addUnits(milan, France, Force{Reg: 2})
	mo := ldr(t, "montmorency")
	s.Leader[mo] = int16(milan)
	mustCheck(t, s)
	rej := refuse(t, s, Papacy, "play 71 for event: paris")
	require.Contains(t, rej.Problems[0].Reason, "not a captured key")
	readWhy(t, rej)
	ns, res := submit(t, s, Papacy, &testdice.Script{Rolls: []int{5, 1, 1, 1, 1}}, "play city state rebels for event: milan")
	readAll(t, res)
	require.Equal(t, uint8(1), ns.Units[milan][France].Reg)
	require.Equal(t, France, ns.Controller(milan))
	ns, res = submit(t, s, Papacy, &testdice.Script{Rolls: []int{5, 6, 1, 1, 1}}, "play city state rebels for event: milan")
	readAll(t, res)
	require.Zero(t, ns.Units[milan][France].Land())
	require.Equal(t, int16(LeaderCaptured), ns.Leader[mo])
	require.Equal(t, uint8(Papacy), ns.Captor[mo])
	require.Equal(t, Independent, ns.Controller(milan))
	require.Equal(t, uint8(1), ns.Units[milan][Independent].Reg)
}
