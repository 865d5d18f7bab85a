package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// HIS-6.1b, HIS-21.5a, HIS-21.5c, HIS-21.5d, HIS-21.5e, HIS-21.5f, HIS-21.5g,
// HIS-21.5h, HIS-8.2f, HIS-6.1c: #5 Papal Bull excommunicates a reformer
// (removed with his debater until the next turn, then back in his space;
// the Papacy may follow with a debate in his zone) or a ruler with
// justification (war with the Papacy, an Ottoman alliance, Henry VIII
// with a Protestant English home space): -1 card and unrest on up to 2
// unoccupied Catholic home spaces. A ruler is excommunicated once, one
// French king only, never Henry VIII's heirs.
func TestHIS21_5_PapalBull(t *testing.T) {
	s := mandAt(t, 2, Papacy, 5)
	rej := refuse(t, s, Papacy, "play 5 for event: hapsburg")
	require.Contains(t, rej.Problems[0].Reason, "without justification")
	require.Contains(t, strings.Join(rej.Problems[0].Legal, "|"), "luther")
	readWhy(t, rej)
	rej = refuse(t, s, Papacy, "play papal bull for event: zwingli")
	require.Contains(t, rej.Problems[0].Reason, "Zwingli is not on the map")
	readWhy(t, rej)
	rej = refuse(t, s, Papacy, "play papal bull for event: luther, unrest in lyon")
	require.Contains(t, rej.Problems[0].Reason, `only "debate" may follow`)

	// A reformer, with the debate.
	ns, res := submit(t, s, Papacy, testdice.New(2), "play 5 papal bull for event: luther, debate")
	readAll(t, res)
	luther := reformerByID["luther"]
	require.Equal(t, int16(ReformerRemoved), ns.Rel.Reformer[luther])
	require.Equal(t, uint8(DebRemoved), ns.Rel.Debater[deb(t, "luther")])
	require.True(t, ns.OnCard.has(5))
	txt := eventText(res, roleOf(Protestant))
	require.Contains(t, txt, "excommunicates Luther")
	require.Contains(t, txt, "calls a theological debate in the German zone")
	require.NotContains(t, txt, "Luther (")
	// The next turn Luther is back, Wittenberg unchanged.
	c := ns.clone()
	c.Prot.clear(sp(t, "wittenberg"))
	r := &run{s: c, dice: testdice.New(1)}
	r.mandCardDraw()
	require.Equal(t, int16(sp(t, "wittenberg")), c.Rel.Reformer[luther])
	require.Equal(t, uint8(DebUncommitted), c.Rel.Debater[deb(t, "luther")])
	require.False(t, c.Prot.has(sp(t, "wittenberg")))
	readAll(t, &adjudicator.Result{Events: r.ev})

	// A ruler at war with the Papacy (France in 1517).
	require.True(t, s.AtWar(France, Papacy))
	spots := s.bullUnrestSpots(France)
	require.GreaterOrEqual(t, len(spots), 2)
	before := s.CardsDealt(France)
	rej = refuse(t, s, Papacy, "play 5 for event: francis i, unrest in "+spaces[spots[0]].Name+", paris")
	require.Contains(t, rej.Problems[0].Reason, "not an unoccupied Catholic home space")
	ns, res = submit(t, s, Papacy, testdice.New(1), "play 5 for event: francis i, unrest in "+spaces[spots[0]].Name+" and "+spaces[spots[1]].Name)
	readAll(t, res)
	require.NotZero(t, ns.Tracks.Excommunicated&(1<<France))
	require.True(t, ns.InUnrest(spots[0]) && ns.InUnrest(spots[1]))
	require.Equal(t, before-1, ns.CardsDealt(France))
	// Lifted by a peace later: never again, nor Henry II.
	ns.Tracks.Excommunicated = 0
	ns.OnCard.clear(5)
	deal(ns, Papacy, 5)
	ns.Active, ns.Flow.Card, ns.Flow.CP = Papacy, 0, 0
	require.ErrorContains(t, ns.excomJustified(France), "already been excommunicated")
	ns.Ruler[France] = uint8(rulerByID["henry_ii"])
	require.ErrorContains(t, ns.excomJustified(France), "one French king")
	// England: Henry VIII with a Protestant English home space; not his heirs.
	ns.Prot.set(sp(t, "london"))
	require.NoError(t, ns.excomJustified(England))
	ns.Ruler[England] = uint8(rulerByID["edward_vi"])
	require.ErrorContains(t, ns.excomJustified(England), "heirs")
	// An Ottoman alliance justifies.
	ns.setWar(Hapsburg, Papacy, false)
	ns.setAlly(Hapsburg, Ottoman, true)
	require.NoError(t, ns.excomJustified(Hapsburg))
}

// HIS-21.4a, HIS-23.2h: #4 Patron of the Arts: with Francis I ruling and free, France
// rolls a die: 3-6 build a chateau (1 VP), automatic with Milan; never
// more than 6 VP.
func TestHIS21_4a_PatronOfTheArts(t *testing.T) {
	s := mandAt(t, 2, France, 4)
	s.Ctrl[sp(t, "milan")] = Hapsburg
	ns, res := submit(t, s, France, &testdice.Script{Rolls: []int{2}}, "play 4 for event")
	readAll(t, res)
	require.Equal(t, 0, ns.Tracks.Chateaux)
	ns, res = submit(t, s, France, &testdice.Script{Rolls: []int{3}}, "play patron of the arts for event")
	readAll(t, res)
	require.Equal(t, 1, ns.Tracks.Chateaux)
	require.Equal(t, s.VP(France)+1, ns.VP(France))
	s.Ctrl[sp(t, "milan")] = France
	ns, res = submit(t, s, France, &testdice.Script{}, "play 4 for event")
	readAll(t, res)
	require.Equal(t, 1, ns.Tracks.Chateaux)
	s.Tracks.Chateaux = chateauxMax
	ns, _ = submit(t, s, France, &testdice.Script{}, "play 4 for event")
	require.Equal(t, chateauxMax, ns.Tracks.Chateaux)
	// Francis I captured: not playable.
	s.Leader[ldr(t, "francis_i")], s.Captor[ldr(t, "francis_i")] = LeaderCaptured, Hapsburg
	rej := refuse(t, s, France, "play 4 for event")
	require.Contains(t, rej.Problems[0].Reason, "captured")
	readWhy(t, rej)
}

// HIS-6.1c, HIS-6.1a, HIS-14g: #1 Janissaries as an event places 4 new Ottoman
// regulars in Ottoman home spaces under Ottoman control free of enemy
// units; the Ottoman writes where.
func TestHIS6_1c_Janissaries(t *testing.T) {
	s := mandAt(t, 2, Ottoman, 1)
	ist, edi := sp(t, "istanbul"), sp(t, "edirne")
	a, b := s.Units[ist][Ottoman].Reg, s.Units[edi][Ottoman].Reg
	rej := refuse(t, s, Ottoman, "play 1 for event: 3 in istanbul")
	require.Contains(t, rej.Problems[0].Reason, "place 4 new regulars")
	readWhy(t, rej)
	rej = refuse(t, s, Ottoman, "play 1 for event: 4 in vienna")
	require.Contains(t, rej.Problems[0].Reason, "not an Ottoman home space")
	ns, res := submit(t, s, Ottoman, testdice.New(1), "play 1 janissaries for event: 3 in istanbul, edirne")
	readAll(t, res)
	require.Equal(t, a+3, ns.Units[ist][Ottoman].Reg)
	require.Equal(t, b+1, ns.Units[edi][Ottoman].Reg)
	require.True(t, ns.OnCard.has(1))
	require.Contains(t, strings.Join(s.playChoices(Ottoman), "|"), "play 1 Janissaries for event: 4 in Istanbul")
}

// HIS-21.2b: #2 Holy Roman Emperor: Charles V (with the Duke of Alva when
// stacked with him, no units) jumps to another Hapsburg home space under
// Hapsburg control free of unrest and enemy units, then the Hapsburg
// spends 5 CP; not while Charles is captured or besieged.
func TestHIS21_2b_HolyRomanEmperor(t *testing.T) {
	s := mandAt(t, 2, Hapsburg, 2)
	cv, alva := ldr(t, "charles_v"), ldr(t, "duke_of_alva")
	from := int(s.Leader[cv])
	s.Leader[alva] = int16(from)
	units := s.Units[from][Hapsburg]
	rej := refuse(t, s, Hapsburg, "play 2 for event: paris")
	require.Contains(t, rej.Problems[0].Reason, "not another Hapsburg home space")
	readWhy(t, rej)
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play 2 holy roman emperor for event: vienna with duke of alva")
	readAll(t, res)
	require.Equal(t, int16(sp(t, "vienna")), ns.Leader[cv])
	require.Equal(t, int16(sp(t, "vienna")), ns.Leader[alva])
	require.Equal(t, units, ns.Units[from][Hapsburg], "units stay")
	require.Equal(t, 5, ns.Flow.CP)
	require.Equal(t, Hapsburg, ns.Active)
	s.Leader[cv], s.Captor[cv] = LeaderCaptured, France
	rej = refuse(t, s, Hapsburg, "play 2 for event: vienna")
	require.Contains(t, rej.Problems[0].Reason, "Charles V is captured")
}

// HIS-18.5e: #6 Leipzig Debate: the Papacy calls a debate and either
// names its own debater or bars one Protestant debater of a German debate
// from both rounds.
func TestHIS18_5e_LeipzigDebate(t *testing.T) {
	s := mandAt(t, 2, Papacy, 6)
	s.Flow.Auto[Protestant] |= 1 << DecRespond // no Here I Stand (respond_test.go)
	ns, res := submit(t, s, Papacy, testdice.New(3), "play 6 for event: german, cajetan")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(Papacy)), "Cajetan (")
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[deb(t, "cajetan")])
	for seed := uint64(1); seed <= 6; seed++ {
		ns, res = submit(t, s, Papacy, testdice.New(seed), "play leipzig debate for event: german, bar luther")
		readAll(t, res)
		require.NotContains(t, eventText(res, roleOf(Papacy)), "Luther (")
		require.Equal(t, uint8(DebUncommitted), ns.Rel.Debater[deb(t, "luther")])
	}
	rej := refuse(t, s, Papacy, "play 6 for event: german, cajetan, bar luther")
	require.Contains(t, rej.Problems[0].Reason, "not both")
	readWhy(t, rej)
	rej = refuse(t, s, Papacy, "play 6 for event: german, melanchthon")
	require.Contains(t, rej.Problems[0].Reason, "not an uncommitted Papal debater")
}

// HIS-6.2h, HIS-11d, HIS-6.1c: #7 Here I Stand as an event, while Luther
// lives: the Protestant takes a card from the discard pile into its hand,
// never a Mandatory Event nor a card it played as an event this turn.
func TestHIS6_2h_HereIStand(t *testing.T) {
	s := mandAt(t, 2, Protestant, 7)
	ev := int(cardWith(t, 2))
	s.pullCard(ev)
	s.pullCard(12)
	s.discard(ev)
	s.discard(12)
	s.Mand.Played[Protestant].set(ev)
	rej := refuse(t, s, Protestant, "play 7 for event: 12")
	require.Contains(t, rej.Problems[0].Reason, "may not be taken")
	readWhy(t, rej)
	rej = refuse(t, s, Protestant, "play 7 for event: "+cards[ev].Name)
	require.Contains(t, rej.Problems[0].Reason, "may not be taken")
	s.Mand.Played[Protestant] = cardSet{}
	ns, res := submit(t, s, Protestant, testdice.New(1), "play here i stand for event: "+cards[ev].Name)
	readAll(t, res)
	require.True(t, containsCard(ns.Hands[Protestant], ev))
	require.False(t, containsCard(ns.Discard, ev))
	// Once Luther is dead, not playable.
	s.Ruler[Protestant] = uint8(rulerByID["calvin"])
	rej = refuse(t, s, Protestant, "play 7 for event: "+cards[ev].Name)
	require.Contains(t, rej.Problems[0].Reason, "while Luther lives")
}
