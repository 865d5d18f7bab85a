package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// ones are dice that miss.
func ones(n int) *testdice.Script {
	s := &testdice.Script{}
	for i := 0; i < n; i++ {
		s.Rolls = append(s.Rolls, 1)
	}
	return s
}

// HIS-19.2a, HIS-6.1a: #70 Charles Bourbon ("place the Renegade leader with
// 3 mercenaries, 3 cavalry for the Ottoman, in a controlled space free of
// siege, or at war with France in an unoccupied space next to Lyon, taking
// control; he leaves at the end of the turn"). The Renegade serves the
// player until the Winter Phase takes him off the map.
func TestHIS19_2a_CharlesBourbon(t *testing.T) {
	s := mandAt(t, 2, Hapsburg, 70)
	vienna, ren := sp(t, "vienna"), renegade()
	rej := refuse(t, s, Hapsburg, "play charles bourbon for event: paris")
	require.Contains(t, rej.Problems[0].Reason, "Paris is not a space Hapsburg controls")
	readWhy(t, rej)
	before := s.Units[vienna][Hapsburg]
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play charles bourbon for event: vienna")
	readAll(t, res)
	require.Equal(t, int16(vienna), ns.Leader[ren])
	require.Equal(t, Hapsburg, leaderPower(ns, ren))
	require.Equal(t, before.Merc+3, ns.Units[vienna][Hapsburg].Merc)
	require.Contains(t, eventText(res, roleOf(France)), "Charles Bourbon: the Renegade leader joins Hapsburg in Vienna with 3 mercenaries.")
	// In play, he may not come again.
	deal(ns, Hapsburg, 70)
	ns.Mand.Played[Hapsburg].clear(70)
	require.ErrorContains(t, ns.eventPlayable(Hapsburg, 70), "already in play")
	// The Winter Phase takes him off the map; his mercenaries stay.
	r := &run{s: ns.clone(), dice: testdice.New(1)}
	r.winter()
	require.Equal(t, int16(LeaderRemoved), r.s.Leader[ren])
	require.Equal(t, NoPower, r.s.renegadePower())
	// Captured, he leaves his captor's card in winter too.
	c := ns.clone()
	c.Leader[ren], c.Captor[ren] = LeaderCaptured, France
	r = &run{s: c, dice: testdice.New(1)}
	r.winter()
	require.Equal(t, int16(LeaderRemoved), c.Leader[ren])
	require.Equal(t, uint8(NoPower), c.Captor[ren])

	// At war with France: an unoccupied space next to Lyon, taken; the
	// Ottoman brings cavalry.
	s = mandAt(t, 2, Ottoman, 70)
	s.setWar(Ottoman, France, true)
	lyon, at := sp(t, "lyon"), -1
	for _, e := range spaces[lyon].Nbr {
		if x := int(e.To); s.unoccupied(x) && s.Controller(x) != Ottoman {
			at = x
			break
		}
	}
	require.GreaterOrEqual(t, at, 0)
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play charles bourbon for event: "+spaces[at].Name)
	readAll(t, res)
	require.Equal(t, Ottoman, ns.Controller(at))
	require.Equal(t, Force{Cav: 3}, ns.Units[at][Ottoman])
	require.Equal(t, Ottoman, leaderPower(ns, ren))
}

// HIS-2.1e, HIS-6.1a: #104 Trace Italienne ("build a fortress in any
// unfortified space; unless the space is independent or in unrest, its
// controller adds 1 regular there"). The fortress is fortified from then
// on and counts as a fortress.
func TestHIS2_1e_TraceItalienne(t *testing.T) {
	s := mandAt(t, 2, France, 104)
	rej := refuse(t, s, France, "play trace italienne for event: paris")
	require.Contains(t, rej.Problems[0].Reason, "Paris is not an unfortified space")
	readWhy(t, rej)
	town := -1
	for sp := 0; sp < NS; sp++ {
		if s.Controller(sp) == France && spaces[sp].Type == Town && !s.InUnrest(sp) && s.Units[sp][France].empty() {
			town = sp
			break
		}
	}
	require.GreaterOrEqual(t, town, 0)
	require.False(t, s.fortified(town))
	ns, res := submit(t, s, France, testdice.New(1), "play trace italienne for event: "+spaces[town].Name)
	readAll(t, res)
	require.True(t, ns.fortified(town))
	require.True(t, ns.fortress(town))
	require.Equal(t, Force{Reg: 1}, ns.Units[town][France])
	// In unrest: the fortress only.
	s.Unrest.set(town)
	ns, _ = submit(t, s, France, testdice.New(1), "play trace italienne for event: "+spaces[town].Name)
	require.True(t, ns.fortified(town))
	require.True(t, ns.Units[town][France].empty())
}

// lyonSiege is Lyon (1 French regular inside) under a siege the Hapsburg
// began this impulse with 3 regulars, the Hapsburg to play card n.
func lyonSiege(t *testing.T, n uint8) *St {
	s := board(t)
	s.Turn, s.Active = 2, Hapsburg
	s.setWar(Hapsburg, France, true)
	s.Ctrl[sp(t, "dijon")] = Hapsburg
	put(t, s, "lyon", France, Force{Reg: 1}, "montmorency")
	put(t, s, "lyon", Hapsburg, Force{Reg: 3})
	s.Warfare.Siege.set(sp(t, "lyon"))
	s.Warfare.NewSiege.set(sp(t, "lyon"))
	deal(s, France, 79) // no Combat card
	deal(s, Hapsburg, n)
	mustCheck(t, s)
	return s
}

// HIS-15.1, HIS-6.1a: #105 Treachery! ("against any besieged space, even
// if the assault requirements are not met, the besieger assaults at once;
// if it still outnumbers the defenders afterwards, the defenders are
// eliminated, their leaders captured and the space taken"). The siege of
// Lyon began this impulse; the assault misses, yet 3 besiegers outnumber 1
// regular inside.
func TestHIS15_1_Treachery(t *testing.T) {
	s := lyonSiege(t, 105)
	lyon := sp(t, "lyon")
	rej := refuse(t, s, Hapsburg, "play treachery for event: paris")
	require.Contains(t, rej.Problems[0].Reason, "Paris is not under siege by a major power")
	readWhy(t, rej)
	ns, res := submit(t, s, Hapsburg, ones(10), "play treachery! for event: lyon")
	readAll(t, res)
	text := eventText(res, roleOf(England))
	require.Contains(t, text, "Treachery!: Hapsburg assaults Lyon with")
	require.Contains(t, text, "Treachery!: the defenders of Lyon are betrayed")
	require.Equal(t, Hapsburg, ns.Controller(lyon))
	require.False(t, ns.UnderSiege(lyon))
	require.True(t, ns.Units[lyon][France].empty())
	require.Equal(t, int16(LeaderCaptured), ns.Leader[ldr(t, "montmorency")])
	require.Zero(t, ns.More.Treachery)
	require.Zero(t, ns.Flow.CP, "the event gives no CP")

	// Outnumbered after the assault: nothing more.
	s = lyonSiege(t, 105)
	put(t, s, "lyon", France, Force{Reg: 2})
	ns, _ = submit(t, s, Hapsburg, ones(10), "play treachery for event: lyon")
	require.Equal(t, France, ns.Controller(lyon))
	require.Equal(t, Force{Reg: 3}, ns.Units[lyon][France])
	require.False(t, ns.UnderSiege(lyon), "3 against 3: the siege breaks (HIS-15.3a)")
	require.Zero(t, ns.More.Treachery)
}

// HIS-15.1c, HIS-6.1a: #42 Roxelana ("if the Ottoman plays it,
// Suleiman's formation assaults for free, even where the siege began this
// impulse; another power has 4 CP and may spend 2 of them to send Suleiman
// back to Istanbul").
func TestHIS15_1c_Roxelana(t *testing.T) {
	s := board(t)
	s.Turn, s.Active = 3, Ottoman
	bel := sp(t, "belgrade")
	s.setWar(Ottoman, Hapsburg, true)
	s.Ctrl[bel] = Hapsburg
	put(t, s, "belgrade", Hapsburg, Force{Reg: 1})
	put(t, s, "belgrade", Ottoman, Force{Reg: 4}, "suleiman")
	s.Warfare.Siege.set(bel)
	s.Warfare.NewSiege.set(bel)
	deal(s, Hapsburg, 79) // no Combat card
	deal(s, Ottoman, 42)
	mustCheck(t, s)
	_, err := s.roxelanaAssault()
	require.NoError(t, err)
	require.ErrorContains(t, s.CheckAssault(Ottoman, s.assaultFormation(Ottoman, bel)), "began this impulse")
	ns, res := submit(t, s, Ottoman, &testdice.Script{Rolls: []int{6, 6, 6, 6, 6, 1, 1, 1}}, "play roxelana for event")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(England)), "Roxelana: Ottoman assaults Belgrade with Ottoman 4 regulars, Suleiman.")
	require.Equal(t, Ottoman, ns.Controller(bel))
	require.Zero(t, ns.Flow.CP, "the assault is free")
	// Suleiman besieging nothing: the Ottoman may not play it.
	s = mandAt(t, 3, Ottoman, 42)
	rej := refuse(t, s, Ottoman, "play roxelana for event")
	require.Contains(t, rej.Problems[0].Reason, "Suleiman is besieging no space")
	readWhy(t, rej)

	// Another power: 4 CP, or 2 and Suleiman home.
	s = mandAt(t, 3, France, 42)
	sul, ist := suleiman(), sp(t, "istanbul")
	s.Leader[sul] = int16(sp(t, "edirne"))
	ns, res = submit(t, s, France, testdice.New(1), "play roxelana for event")
	readAll(t, res)
	require.Equal(t, 4, ns.Flow.CP)
	require.Equal(t, int16(sp(t, "edirne")), ns.Leader[sul])
	ns, res = submit(t, s, France, testdice.New(1), "play roxelana for event: suleiman to istanbul")
	readAll(t, res)
	require.Equal(t, 2, ns.Flow.CP)
	require.Equal(t, int16(ist), ns.Leader[sul])
	rej = refuse(t, s, France, "play roxelana for event: suleiman to vienna")
	readWhy(t, rej)
}

// romeSack: a Hapsburg stack of 1 regular and 3 mercenaries in Naples,
// 2 Papal regulars in Rome, the Papacy holding three cards.
func romeSack(t *testing.T) *St {
	s := board(t)
	s.Turn, s.Active = 2, Hapsburg
	put(t, s, "naples", Hapsburg, Force{Reg: 1, Merc: 3})
	put(t, s, "rome", Papacy, Force{Reg: 2, Merc: 1})
	s.Tracks.StPetersCP = 3
	deal(s, Papacy, 79, 96, 100)
	deal(s, Hapsburg, cardSack)
	mustCheck(t, s)
	return s
}

// HIS-21.5a, HIS-21.5i, HIS-21.5j, HIS-21.5k: #95 Sack of Rome. A stack
// with more mercenaries than the Papal regulars in Rome fights them, the
// Papacy defending with an extra die and winning ties; the Papacy's losses
// fall on its regulars first, the attacker's are spread between
// mercenaries and regulars; the stack stays where it was. The Papacy
// losing, St. Peter's loses 5 CP (not below 0), the sacker takes 2 random
// Papal cards (Home cards aside), keeps one and discards the other, and
// the card leaves the game; the Papacy holding, the card is discarded.
func TestHIS21_5i_SackOfRome(t *testing.T) {
	s := romeSack(t)
	naples, rome := sp(t, "naples"), sp(t, "rome")
	require.Equal(t, []string{"hapsburg in Naples"}, s.sackExamples())
	rej := refuse(t, s, Hapsburg, "play sack of rome for event: hapsburg in rome")
	require.Contains(t, rej.Problems[0].Reason, "Hapsburg has no more mercenaries in Rome than the Papal regulars in Rome")
	readWhy(t, rej)
	// HIS-21.5j: 4 dice against 2 + 1; 3 hits against 1.
	d := &testdice.Script{Rolls: []int{6, 6, 6, 1, 6, 1, 1}, Draws: []int{0, 0}}
	ns, res := submit(t, s, Hapsburg, d, "play sack of rome for event: naples")
	readAll(t, res)
	text := eventText(res, roleOf(England))
	require.Contains(t, text, "Sack of Rome: Hapsburg loses 1 land units, the Papacy 3.")
	require.Equal(t, Force{Reg: 1, Merc: 2}, ns.Units[naples][Hapsburg], "the first loss falls on the mercenaries")
	require.True(t, ns.Units[rome][Papacy].empty(), "regulars first, then the mercenary")
	require.Zero(t, ns.Tracks.StPetersCP)
	require.True(t, ns.Removed.has(cardSack))
	require.Equal(t, [2]uint8{79, 96}, ns.More.Pair)
	require.Equal(t, []uint8{100}, ns.Hands[Papacy])
	require.NotContains(t, text, "Fuggers")
	require.Contains(t, eventText(res, roleOf(Hapsburg)), "takes #79 Fuggers and #96 Sale of Moluccas")
	p := onlyPrompt(t, ns, "hapsburg", "event-choice", "keep 79")
	require.Equal(t, []string{"keep 79", "keep 96"}, p.Choices)
	rej = refuse(t, ns, Hapsburg, "keep 100")
	readWhy(t, rej)
	ns, res = submit(t, ns, Hapsburg, testdice.New(1), "keep sale of moluccas")
	readAll(t, res)
	require.True(t, containsCard(ns.Hands[Hapsburg], 96))
	require.Contains(t, eventText(res, roleOf(France)), "Sack of Rome: Hapsburg keeps one card and discards #79 Fuggers.")
	require.Zero(t, ns.More.Pair)

	// The Papacy wins the ties: the card goes to the discard pile.
	ns, res = submit(t, s, Hapsburg, ones(7), "play sack of rome for event: hapsburg in naples")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "the Papacy holds Rome")
	require.False(t, ns.Removed.has(cardSack))
	require.Equal(t, 3, ns.Tracks.StPetersCP)
	require.Len(t, ns.Hands[Papacy], 3)
}

// HIS-6.1a: #59 Lady Jane Grey ("if England changed ruler this turn and
// holds a non-Home card, take one card at random from England and one from
// the deck; keep one and give the other to the Protestant or the Papacy").
func TestHIS6_1_LadyJaneGrey(t *testing.T) {
	s := mandAt(t, 6, France, cardJane)
	rej := refuse(t, s, France, "play lady jane grey for event")
	require.Contains(t, rej.Problems[0].Reason, "England has not changed ruler this turn")
	readWhy(t, rej)
	// A new English ruler marks the turn.
	c := s.clone()
	(&run{s: c, dice: testdice.New(1)}).crown("edward_vi")
	require.Equal(t, c.Turn, c.More.Crowned)
	s.More.Crowned = s.Turn
	deal(s, England, 79)
	top := int(s.Deck[len(s.Deck)-1])
	ns, res := submit(t, s, France, testdice.New(1), "play lady jane grey for event")
	readAll(t, res)
	require.Empty(t, ns.Hands[England])
	require.Equal(t, [2]uint8{79, uint8(top)}, ns.More.Pair)
	require.Contains(t, eventText(res, roleOf(England)), "The card taken from England is #79 Fuggers.")
	require.NotContains(t, eventText(res, roleOf(Papacy)), "Fuggers")
	onlyPrompt(t, ns, "france", "event-choice", "keep 79, give to protestant")
	rej = refuse(t, ns, France, "keep 79, give to hapsburg")
	readWhy(t, rej)
	paps := len(ns.Hands[Papacy])
	ns, res = submit(t, ns, France, testdice.New(1), "keep fuggers, give to papacy")
	readAll(t, res)
	require.True(t, containsCard(ns.Hands[France], 79))
	require.True(t, containsCard(ns.Hands[Papacy], top))
	require.Len(t, ns.Hands[Papacy], paps+1)
	require.NotContains(t, eventText(res, roleOf(Protestant)), cardName(top))
	require.Contains(t, eventText(res, roleOf(Papacy)), "The card given is "+cardName(top))
}

// HIS-6.1a, HIS-8.2b: #60 Maurice of Saxony ("Maurice changes sides,
// taking the mercenaries in his stack with him, and moves to the nearest
// unoccupied friendly space; captured, he changes sides and goes to a
// friendly fortified space").
func TestHIS8_2b_MauriceOfSaxonyEvent(t *testing.T) {
	s := board(t)
	s.Turn, s.Active = 6, Hapsburg
	wit, mo := sp(t, "wittenberg"), maurice()
	s.Ctrl[wit] = Protestant
	put(t, s, "wittenberg", Protestant, Force{Reg: 1, Merc: 2}, "maurice_of_saxony")
	deal(s, Hapsburg, 60)
	mustCheck(t, s)
	rej := refuse(t, s, Hapsburg, "play maurice of saxony for event: now")
	readWhy(t, rej)
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play maurice of saxony for event")
	readAll(t, res)
	to := int(ns.Leader[mo])
	require.Equal(t, Hapsburg, leaderPower(ns, mo))
	require.True(t, s.unoccupied(to) && s.Friendly(to, Hapsburg), "the nearest unoccupied Hapsburg space")
	require.Equal(t, Force{Merc: 2}, ns.Units[to][Hapsburg])
	require.Equal(t, Force{Reg: 1}, ns.Units[wit][Protestant])
	require.Contains(t, eventText(res, roleOf(France)), "Maurice of Saxony changes sides to Hapsburg and goes to "+spaces[to].Name+" with 2 mercenaries.")
	// He serves the Hapsburg now; England never plays the event.
	deal(ns, Hapsburg, 60)
	ns.Mand.Played[Hapsburg].clear(60)
	require.ErrorContains(t, ns.eventPlayable(Hapsburg, 60), "already serves Hapsburg")
	require.ErrorContains(t, s.eventPlayable(England, 60), "only the Hapsburg and the Protestant")

	// Captured by the Hapsburg, he goes free to a fortified Hapsburg space.
	s.Leader[mo], s.Captor[mo] = LeaderCaptured, Hapsburg
	s.Units[wit][Protestant] = Force{}
	s.reindex()
	ns, res = submit(t, s, Hapsburg, testdice.New(1), "play maurice of saxony for event")
	readAll(t, res)
	at := int(ns.Leader[mo])
	require.GreaterOrEqual(t, at, 0)
	require.True(t, ns.fortified(at) && ns.Controller(at) == Hapsburg)
	require.Equal(t, uint8(NoPower), ns.Captor[mo])
}

// HIS-10i, HIS-10f, HIS-10h, HIS-6.1a: #102 Spring Preparations ("Spring
// Deployment only, by a power holding its capital: 1 regular in the
// capital, and the deploying formation may cross passes, move more than 5
// units by sea and cross seas with other fleets"). In the Action Phase it
// is played for CP only.
func TestHIS10i_SpringPreparations(t *testing.T) {
	s := board(t)
	s.Turn, s.Phase, s.Active = 2, PhSpring, France
	put(t, s, "paris", France, Force{Reg: 6}, "montmorency")
	s.Ctrl[sp(t, "genoa")] = France
	deal(s, France, cardSpring)
	mustCheck(t, s)
	paris, genoa := sp(t, "paris"), sp(t, "genoa")
	require.NotContains(t, s.springReach(France, paris, 6), genoa, "HIS-10h: more than 5 by sea")
	rej := refuse(t, s, France, "deploy 6 from paris to genoa with montmorency")
	require.Contains(t, rej.Problems[0].Reason, "more than 5")
	ns, res := submit(t, s, France, testdice.New(1), "play spring preparations for event", "deploy 6 from paris to genoa with montmorency")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(England)), "Spring Preparations: France adds 1 regular in Paris.")
	require.Equal(t, Force{Reg: 6}, ns.Units[genoa][France])
	require.Equal(t, Force{Reg: 1}, ns.Units[paris][France])
	require.False(t, ns.More.Spring)
	require.True(t, containsCard(ns.Discard, cardSpring))
	require.True(t, ns.playedAsEvent(cardSpring))
	// Played alone: no deployment.
	ns, _ = submit(t, s, France, testdice.New(1), "play spring preparations for event")
	require.Equal(t, Force{Reg: 7}, ns.Units[paris][France])
	require.NotEqual(t, France, ns.Active)
	// Not held: refused. In the Action Phase it is played for CP only.
	c := s.clone()
	deal(c, France)
	rej = refuse(t, c, France, "play spring preparations for event", "no deployment")
	require.Contains(t, rej.Problems[0].Reason, "France does not hold Spring Preparations")
	readWhy(t, rej)
	s.Phase = PhAction
	rej = refuse(t, s, France, "play spring preparations for event")
	require.Contains(t, rej.Problems[0].Reason, "Spring Deployment Phase only")
	readWhy(t, rej)
}

// HIS-9.3j: a loser playing Diplomatic Marriage in its suit recovers all
// its home spaces and captured leaders from the winner without giving VP
// or cards; the winner keeps its War Winner VP and the 2 units are still
// eliminated.
func TestHIS9_3j_DiplomaticMarriagePeace(t *testing.T) {
	s := peaceGame(t)
	d := testdice.New(1)
	s, _ = submit(t, s, Hapsburg, d, "done")
	rej := refuse(t, s, France, "sue for peace with hapsburg", "eliminate 2 regulars in paris", "play diplomatic marriage")
	readWhy(t, rej)
	deal(s, France, append(s.Hands[France], cardMarriage)...)
	rej = refuse(t, s, France, "sue for peace with hapsburg", "eliminate 2 regulars in paris", "play diplomatic marriage", "regain lyon for vp")
	readWhy(t, rej)
	vp := s.BonusVP[Hapsburg]
	hh, fh := len(s.Hands[Hapsburg]), len(s.Hands[France])
	s, res := submit(t, s, France, d, "sue for peace with hapsburg", "eliminate 2 regulars in paris", "play diplomatic marriage")
	readAll(t, res)
	require.False(t, s.AtWar(France, Hapsburg))
	require.Equal(t, vp+1, s.BonusVP[Hapsburg], "the War Winner VP only")
	require.Equal(t, hh, len(s.Hands[Hapsburg]), "no card drawn")
	require.Equal(t, fh-1, len(s.Hands[France]), "Diplomatic Marriage is played")
	require.True(t, containsCard(s.Discard, cardMarriage))
	for _, id := range []string{"lyon", "dijon", "grenoble"} {
		require.Equal(t, France, s.Controller(sp(t, id)), id)
	}
	require.Equal(t, int16(sp(t, "paris")), s.Leader[ldr(t, "montmorency")])
	require.Contains(t, eventText(res, "papacy"), "France plays Diplomatic Marriage: it recovers its home spaces and leaders from Hapsburg for nothing (HIS-9.3j).")
}

// HIS-21.3a, HIS-22.2b, HIS-9.6g: Six Wives of Henry VIII declares war on
// Scotland in the Action Phase; France may then intervene without a card
// (Scotland becomes its ally, and France and England are at war), and
// England spends the card's 5 CP.
func TestHIS21_3a_SixWivesOnScotland(t *testing.T) {
	s := englandImpulse(t, 2, cardSixWives, cardWith(t, 1))
	s.setWar(England, Hapsburg, false)
	require.Contains(t, s.playChoices(England), "play 3 Six Wives of Henry VIII for event: declare war on scotland")
	ns, res := submit(t, s, England, rolls(), "play 3 for event: declare war on scotland")
	readsAll(t, ns, res)
	require.True(t, ns.AtWar(England, Scotland))
	require.Contains(t, eventText(res, "papacy"), "France may intervene for Scotland without a card (HIS-22.2b).")
	onlyPrompt(t, ns, "france", "event-choice", "intervene")
	rej := refuse(t, ns, France, "maybe")
	readWhy(t, rej)
	yes, res := submit(t, ns, France, rolls(), "intervene")
	readsAll(t, yes, res)
	require.Equal(t, France, yes.minorAlly(Scotland))
	require.True(t, yes.AtWar(England, France))
	require.Equal(t, England, yes.Active)
	require.Equal(t, 5, yes.Flow.CP, "England spends its 5 CP")
	no, res := submit(t, ns, France, rolls(), "no")
	readsAll(t, no, res)
	require.Equal(t, NoPower, no.minorAlly(Scotland))
	require.False(t, no.AtWar(England, France))
	require.Equal(t, 5, no.Flow.CP)
}

// victoryAt is turn 4's Victory Determination Phase with the Ottoman at 24
// VP, 5 ahead of the Hapsburg at 19 (a domination victory), the others at
// 10; the Hapsburg holds card c.
func victoryAt(t *testing.T, c uint8) *St {
	s := board(t)
	s.Turn, s.Phase = 4, PhVictory
	now := s.vpRecord()
	for p := 0; p < NMajor; p++ {
		want := map[int]int{Ottoman: 24, Hapsburg: 19}[p]
		if want == 0 {
			want = 10
		}
		s.BonusVP[p] += want - now[p]
	}
	deal(s, Hapsburg, c)
	mustCheck(t, s)
	return s
}

// HIS-23.3e, HIS-23.3c, HIS-23.2k: Michael Servetus is offered in the
// Victory Determination Phase because its VP keep the Ottoman from a
// domination victory; played, the game goes on; kept, the Ottoman wins.
// Not offered when it changes nothing.
func TestHIS23_3e_VictoryCards(t *testing.T) {
	s := victoryAt(t, 51)
	r := &run{s: s, dice: testdice.New(1)}
	r.victory()
	readsAll(t, s, &adjudicator.Result{Events: r.ev})
	require.False(t, s.Flow.Over)
	p := onlyPrompt(t, s, "hapsburg", "event-choice", "play")
	require.Equal(t, []string{"play", "no"}, p.Choices)
	require.Contains(t, eventText(&adjudicator.Result{Events: r.ev}, "ottoman"), "waits for a card")
	require.NotContains(t, eventText(&adjudicator.Result{Events: r.ev}, "ottoman"), "Servetus")
	rej := refuse(t, s, Hapsburg, "maybe")
	readWhy(t, rej)

	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play")
	readsAll(t, ns, res)
	require.False(t, ns.Flow.Over, "no domination: the game goes on")
	require.Equal(t, 5, ns.Turn)
	require.True(t, ns.Removed.has(51))
	require.Contains(t, eventText(res, "france"), "Hapsburg plays #51 Michael Servetus as an event in the Victory Determination Phase (HIS-23.3e).")

	ns, res = submit(t, s, Hapsburg, testdice.New(1), "no")
	readsAll(t, ns, res)
	require.True(t, ns.Flow.Over)
	require.Contains(t, eventText(res, "france"), "domination victory of Ottoman")

	// One VP that changes nothing: not offered.
	s = victoryAt(t, 51)
	s.BonusVP[Hapsburg] -= 3
	r = &run{s: s, dice: testdice.New(1)}
	r.victory()
	require.True(t, s.Flow.Over)
}

// HIS-6.1d, HIS-22.3c: #97 Scots Raid, Mandatory Event ("only if Scotland
// is a French ally: Stirling passes to French control, then France spends
// up to 6 CP"): France's builds of Scottish regulars in Scotland; then the
// player spends the card's 2 CP. Without the alliance, the 2 CP only.
func TestHIS6_1d_ScotsRaid(t *testing.T) {
	s := mandAt(t, 3, Hapsburg, cardScotsRaid)
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play scots raid")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Scotland is not allied to France")
	require.Equal(t, 2, ns.Flow.CP)

	_, err := s.ActivateMinor(Scotland, France)
	require.NoError(t, err)
	stirling, edinburgh := sp(t, "stirling"), sp(t, "edinburgh")
	s.Ctrl[stirling] = England
	mustCheck(t, s)
	ns, res = submit(t, s, Hapsburg, testdice.New(1), "play scots raid")
	readAll(t, res)
	require.Equal(t, France, ns.Controller(stirling))
	onlyPrompt(t, ns, "france", "event-choice", "build 1 in Stirling")
	rej := refuse(t, ns, France, "build 4 regulars in edinburgh")
	require.Contains(t, rej.Problems[0].Reason, "Scots Raid gives 6")
	readWhy(t, rej)
	rej = refuse(t, ns, France, "build 1 in london")
	readWhy(t, rej)
	before := ns.Units[edinburgh][Scotland].Reg
	ns2, res := submit(t, ns, France, testdice.New(1), "build 1 regular in edinburgh, 1 in stirling")
	readAll(t, res)
	require.Equal(t, before+1, ns2.Units[edinburgh][Scotland].Reg)
	require.Equal(t, uint8(1), ns2.Units[stirling][Scotland].Reg)
	require.Equal(t, Hapsburg, ns2.Active)
	require.Equal(t, 2, ns2.Flow.CP, "the player spends the card's 2 CP")
	ns2, _ = submit(t, ns, France, testdice.New(1), "none")
	require.Equal(t, before, ns2.Units[edinburgh][Scotland].Reg)
}

// HIS-21.5j, HIS-6.1h: before the dice of the Sack of Rome's battle the
// sacking stack's owner, then the Papacy, are asked for their Combat
// cards, as in a field battle. Landsknechts joins the sacking stack;
// Swiss Mercenaries is not offered to the Papacy (its mercenaries do not
// fight there); Mercenaries Bribed played by the Papacy takes half the
// sacker's mercenaries, which stand in Rome as Papal mercenaries and do
// not fight; the cards' dice reach the roll, and the rest of the
// procedure (casualties, the stack in its space, the cards taken) goes on.
func TestHIS21_5j_SackOfRomeCombatCards(t *testing.T) {
	s := romeSack(t)
	naples, rome := sp(t, "naples"), sp(t, "rome")
	deal(s, Hapsburg, cardSack, cardArquebusiers, cardLandsknechts)
	deal(s, Papacy, 79, 96, cardMercsBribed, cardSwiss)
	mustCheck(t, s)
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play sack of rome for event: naples")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Sack of Rome: the stack of Hapsburg in Naples attacks the 2 Papal regulars in Rome.")
	p := onlyPrompt(t, ns, "hapsburg", "combat", "no card")
	require.Equal(t, []string{"no card", "play 24 Arquebusiers", "play 33 Landsknechts"}, p.Choices)
	require.Contains(t, p.Text, "Sack of Rome: the stack of Hapsburg in Naples attacks the Papal regulars in Rome")
	require.NotNil(t, p.TextMsg)
	require.Equal(t, Force{Reg: 1, Merc: 3}, ns.Units[naples][Hapsburg], "no die is rolled before the cards")
	ns, res = submit(t, ns, Hapsburg, testdice.New(1), "play landsknechts")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Landsknechts: Hapsburg places 4 mercenaries in Naples.")
	require.Equal(t, Force{Reg: 1, Merc: 7}, ns.Units[naples][Hapsburg])
	p = onlyPrompt(t, ns, "papacy", "combat", "no card")
	require.Equal(t, []string{"no card", "play 26 Mercenaries Bribed"}, p.Choices)
	rej := refuse(t, ns, Papacy, "play swiss mercenaries")
	require.Contains(t, rej.Problems[0].Reason, "Papal mercenaries do not fight in the Sack of Rome's battle (HIS-21.5j)")
	readWhy(t, rej)
	// 4 of the 7 mercenaries go over: 1 regular and 3 mercenaries roll 4
	// dice (3 hits) against 2 regulars and the defender's die (no hit).
	d := &testdice.Script{Rolls: []int{6, 6, 6, 1, 1, 1, 1}, Draws: []int{0, 0}}
	ns, res = submit(t, ns, Papacy, d, "play mercenaries bribed")
	readAll(t, res)
	text := eventText(res, roleOf(France))
	require.Contains(t, text, "Papacy plays the Combat card #26 Mercenaries Bribed in Rome.")
	require.Contains(t, text, "Mercenaries Bribed: Hapsburg 4 mercenaries go over to Papacy.")
	require.Contains(t, text, "Hapsburg rolls 4 dice [6 6 6 1]: 3 hits")
	require.Contains(t, text, "Sack of Rome: Hapsburg loses 0 land units, the Papacy 3.")
	require.Equal(t, Force{Reg: 1, Merc: 3}, ns.Units[naples][Hapsburg], "the stack stays in Naples")
	require.Equal(t, Force{Merc: 4}, ns.Units[rome][Papacy], "the regulars first, then 1 of the 5 mercenaries")
	require.True(t, ns.Removed.has(cardSack))
	require.True(t, discarded(ns, cardLandsknechts) && discarded(ns, cardMercsBribed))
	require.Nil(t, ns.Flow.Combat)
	onlyPrompt(t, ns, "hapsburg", "event-choice", "keep 36")
	mustCheck(t, ns)
}

// HIS-21.5j: a card of the window adds dice (Arquebusiers for the Papacy
// here); a standing order "auto no card" answers the window; and when
// Mercenaries Bribed leaves the sacking stack no land unit there is no
// battle: the Papacy holds Rome and the card is discarded.
func TestHIS21_5j_SackOfRomeDiceAndNoBattle(t *testing.T) {
	s := romeSack(t)
	deal(s, Papacy, 79, 96, cardArquebusiers)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "auto no card")
	ns, _ := submit(t, s, Hapsburg, testdice.New(1), "play sack of rome for event: naples")
	onlyPrompt(t, ns, "papacy", "combat", "no card")
	ns, res := submit(t, ns, Papacy, ones(9), "play arquebusiers")
	readAll(t, res)
	text := eventText(res, roleOf(England))
	require.Contains(t, text, "Arquebusiers: Papacy rolls 2 more dice.")
	require.Contains(t, text, "Papacy rolls 5 dice")
	require.Contains(t, text, "the Papacy holds Rome")
	require.False(t, ns.Removed.has(cardSack))

	s = romeSack(t)
	naples, rome := sp(t, "naples"), sp(t, "rome")
	_ = s.removeUnits(naples, Hapsburg, Force{Reg: 1, Merc: 2})
	_ = s.removeUnits(rome, Papacy, Force{Reg: 2, Merc: 1})
	deal(s, Papacy, 79, cardMercsBribed)
	mustCheck(t, s)
	ns, _ = submit(t, s, Hapsburg, testdice.New(1), "play sack of rome for event: naples")
	ns, res = submit(t, ns, Papacy, testdice.New(1), "play mercenaries bribed")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(England)), "Sack of Rome: Hapsburg has no land unit left in Naples; there is no battle and the Papacy holds Rome (HIS-21.5k).")
	require.True(t, ns.Units[naples][Hapsburg].empty())
	require.Equal(t, Force{Merc: 1}, ns.Units[rome][Papacy])
	require.False(t, ns.Removed.has(cardSack))
	require.True(t, discarded(ns, cardSack))
	mustCheck(t, ns)
}

// HIS-21.5j, HIS-6.1g: "any power may play Response cards". Only
// Landsknechts and Swiss Mercenaries change the battle; they are offered
// in its Combat-card window. Foul Weather and Gout stop announced actions
// and are not offered against the event's battle; Halley's Comet is
// offered in the window of the event itself, before the battle.
func TestHIS21_5j_SackOfRomeResponseCards(t *testing.T) {
	s := romeSack(t)
	deal(s, France, cardFoulWeather, cardGout)
	mustCheck(t, s)
	ns, res := submit(t, s, Hapsburg, ones(7), "play sack of rome for event: naples")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "the Papacy holds Rome", "nobody is asked")
	require.True(t, handHas(ns, France, cardFoulWeather) && handHas(ns, France, cardGout))

	deal(s, France, cardHalley)
	mustCheck(t, s)
	ns, _ = submit(t, s, Hapsburg, testdice.New(1), "play sack of rome for event: naples")
	p := onlyPrompt(t, ns, "france", "response", "no card")
	require.Contains(t, p.Text, "the event #95 Sack of Rome")
	ns, res = submit(t, ns, France, ones(7), "no card")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "the Papacy holds Rome")
}
