package hereistand

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// explorerIdx is the index of an explorer or conquistador by its ID.
func pieceIdx(t *testing.T, list []nwPiece, id string) int {
	t.Helper()
	for i, x := range list {
		if x.ID == id {
			return i
		}
	}
	t.Fatalf("no piece %s", id)
	return -1
}

// poolPick is the scripted roll that draws id from power p's pool.
func poolPick(t *testing.T, s *St, p int, id string) int {
	t.Helper()
	for i, x := range s.explorerPool(p) {
		if explorers[x].ID == id {
			return i + 1
		}
	}
	t.Fatalf("%s not in the pool", id)
	return 0
}

// activeWith makes power p active in the Action Phase holding cards cs.
func activeWith(t *testing.T, s *St, p int, cs ...uint8) *St {
	t.Helper()
	s = s.clone()
	deal(s, p, cs...)
	s.Active, s.Phase = p, PhAction
	s.Flow.Card, s.Flow.CP = 0, 0
	require.NoError(t, s.Check())
	return s
}

// toNewWorld puts s at the start of the New World Phase with nothing
// under way, and returns a run on it.
func toNewWorld(s *St, d adjudicator.Dice) *run {
	s.Phase = PhNewWorld
	s.Flow.Card, s.Flow.CP = 0, 0
	s.NW.Underway = [NMajor]uint8{}
	return &run{s: s, dice: d}
}

func evText(r *run) string {
	var b strings.Builder
	for _, e := range r.ev {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// HIS-20.2b, HIS-20.2c, HIS-20.2d, HIS-20.2e, HIS-20.2f: the seed's
// example of exploration. Orellana (Hapsburg, 3), Verrazano (France, 2),
// Rut (England, 1) and Cabot (Hapsburg, 1, by the event) sail best
// first, ties England before the Hapsburg; Orellana 6 + 3 = 9 finds the
// Mississippi; Verrazano 8 + 2 = 10: France chooses to circumnavigate,
// claims the Pacific Strait, rolls 5 + 2 = 7 and is lost; Rut 3 + 1 = 4
// is lost at sea; Cabot 9 + 1 = 10 tries too, 8 + 1 = 9 fails: Cabot
// and the Sebastian Cabot card leave the game, with no VP since the
// Strait was claimed.
func TestHIS20_2f_ExplorationExample(t *testing.T) {
	s := toAction(t, 5)
	s.pullCard(cardCabot)
	s.discard(cardCabot) // played this turn for its event
	vp := s.BonusVP
	r := toNewWorld(s, nil)
	s.NW.Underway[Hapsburg] = nwExplore | nwCabot
	s.NW.Underway[France] = nwExplore
	s.NW.Underway[England] = nwExplore
	d := &testdice.Script{Rolls: []int{
		poolPick(t, s, England, "rut"), poolPick(t, s, France, "verrazano"), poolPick(t, s, Hapsburg, "orellana"),
		3, 3, // Orellana 6 + 3
		4, 4, // Verrazano 8 + 2
		2, 3, // circumnavigation 5 + 2
		1, 2, // Rut 3 + 1
		4, 5, // Cabot 9 + 1
		4, 4, // circumnavigation 8 + 1
	}, Fallback: testdice.New(1)}
	r.dice = d
	r.advance()
	require.Equal(t, PhNewWorld, s.Phase)
	require.Equal(t, []int{France}, s.owingPowers())
	txt := evText(r)
	require.Contains(t, txt, "the explorers sail in this order: Orellana (Hapsburg, 3), Verrazano (France, 2), Rut (England, 1), Cabot (Hapsburg, 1)")
	require.Contains(t, txt, "Orellana discovers the Mississippi River: Hapsburg gains 1 VP")
	require.Equal(t, uint8(Hapsburg+1), s.NW.Discovery[DiscMississippi])
	require.Equal(t, int8(DiscMississippi+1), s.NW.Explorer[pieceIdx(t, explorers, "orellana")])

	// The prompt lists the choices; a wrong one is refused.
	pr := s.Prompts()
	require.Len(t, pr, 1)
	require.Equal(t, "new-world", pr[0].Kind)
	require.Equal(t, []string{"circumnavigate", "amazon river", "st. lawrence river", "great lakes"}, pr[0].Choices)
	require.NotNil(t, pr[0].TextMsg)
	rej := refuse(t, s, France, "mississippi river")
	require.Equal(t, pr[0].Choices, rej.Problems[0].Legal)
	refuse(t, s, Hapsburg, "circumnavigate")

	ns, res := submit(t, s, France, d, "circumnavigate")
	txt = eventText(res, "gm")
	require.Contains(t, txt, "Verrazano reaches the Pacific Strait: France gains 1 VP")
	require.Contains(t, txt, "Verrazano fails to circumnavigate and is removed from the game.")
	require.Contains(t, txt, "Rut (England) rolls 1 + 2, modified 4")
	require.Contains(t, txt, "Rut is lost at sea and is removed from the game.")
	require.Equal(t, []int{Hapsburg}, ns.owingPowers())

	ns, res = submit(t, ns, Hapsburg, d, "circunnavegar")
	txt = eventText(res, "gm")
	require.Contains(t, txt, "Cabot tries to sail around the world: 4 + 4, modified 9")
	require.Contains(t, txt, "Cabot fails to circumnavigate and is removed from the game.")
	require.Contains(t, txt, "#99 Sebastian Cabot is removed from the game.")
	require.NotContains(t, txt, "Cabot reaches")
	require.True(t, ns.Removed.has(cardCabot))
	require.Equal(t, int8(DiscPacific+1), ns.NW.Explorer[pieceIdx(t, explorers, "verrazano")])
	require.Equal(t, int8(-1), ns.NW.Explorer[pieceIdx(t, explorers, "rut")])
	require.Equal(t, int8(-1), ns.NW.Explorer[pieceIdx(t, explorers, "cabot_hapsburg")])
	require.Zero(t, ns.NW.Discovery[DiscCircum])
	require.Equal(t, vp[Hapsburg]+1, ns.BonusVP[Hapsburg])
	require.Equal(t, vp[France]+1, ns.BonusVP[France])
	require.Equal(t, vp[England], ns.BonusVP[England])
	require.Equal(t, 2, ns.Turn) // the turn went on
	require.Equal(t, [NMajor]uint8{}, ns.NW.Underway)
}

// HIS-20.2c, HIS-20.2d, HIS-20.2e: 5-6 returns the explorer; 7-9 takes
// the next discovery below when the one rolled is claimed, and nothing
// when none is left; on 10+ the circumnavigation succeeds on 10 (12: a
// card too), a single choice left needs no answer, and the Amazon is
// worth 2 VP.
func TestHIS20_2_ExplorationTable(t *testing.T) {
	base := toAction(t, 7)
	magellan := pieceIdx(t, explorers, "magellan")

	s := base.clone()
	r := toNewWorld(s, &testdice.Script{Rolls: []int{poolPick(t, s, France, "roberval"), 2, 3}})
	s.NW.Underway[France] = nwExplore
	require.True(t, r.newWorldPhase())
	require.Contains(t, evText(r), "Roberval makes no discovery and returns to the pool of France.")
	require.Zero(t, s.NW.Explorer[pieceIdx(t, explorers, "roberval")])

	// 9 with the Mississippi and the Great Lakes claimed: St. Lawrence.
	s = base.clone()
	r = toNewWorld(s, &testdice.Script{Rolls: []int{poolPick(t, s, France, "roberval"), 4, 5}})
	s.NW.Underway[France] = nwExplore
	s.NW.Discovery[DiscMississippi], s.NW.Discovery[DiscGreatLakes] = England+1, England+1
	require.True(t, r.newWorldPhase())
	require.Equal(t, uint8(France+1), s.NW.Discovery[DiscStLawrence])
	// 8 with all three claimed: nothing, back to the pool.
	r = toNewWorld(s, &testdice.Script{Rolls: []int{poolPick(t, s, France, "cartier"), 1, 4}})
	s.NW.Underway[France] = nwExplore
	require.True(t, r.newWorldPhase())
	require.Contains(t, evText(r), "Cartier finds no discovery left to claim and returns to the pool of France.")

	// Magellan 4 + 8 = 12 with the Amazon and the three rivers claimed:
	// the circumnavigation alone is left, tried without asking, and 12
	// gives a card too.
	s = base.clone()
	s.Deck = append(s.Deck, uint8(cardWith(t, 3)))
	s.pullCard(int(s.Deck[len(s.Deck)-1]))
	s.Deck = append(s.Deck, uint8(cardWith(t, 3)))
	top := int(s.Deck[len(s.Deck)-1])
	for _, d := range []int{DiscAmazon, DiscStLawrence, DiscGreatLakes, DiscMississippi} {
		s.NW.Discovery[d] = England + 1
	}
	vp := s.BonusVP[Hapsburg]
	r = toNewWorld(s, &testdice.Script{Rolls: []int{poolPick(t, s, Hapsburg, "magellan"), 4, 4, 4, 4}})
	s.NW.Underway[Hapsburg] = nwExplore
	require.True(t, r.newWorldPhase())
	require.Equal(t, vp+discVP[DiscPacific]+discVP[DiscCircum], s.BonusVP[Hapsburg])
	require.Equal(t, int8(DiscCircum+1), s.NW.Explorer[magellan])
	require.True(t, containsCard(s.Hands[Hapsburg], top))
	require.Contains(t, evText(r), "Hapsburg draws a card (circumnavigation).")
	require.NoError(t, s.Check())

	// Once someone has sailed around the world, 10+ offers the rest;
	// the Amazon gives 2 VP.
	require.Empty(t, s.deepOptions())
	s = base.clone()
	s.NW.Discovery[DiscCircum] = England + 1
	r = toNewWorld(s, &testdice.Script{Rolls: []int{poolPick(t, s, Hapsburg, "magellan"), 3, 3}})
	s.NW.Underway[Hapsburg] = nwExplore
	require.False(t, r.newWorldPhase())
	require.Equal(t, []string{"amazon river", "st. lawrence river", "great lakes", "mississippi river"}, s.deepOptions())
	require.Equal(t, []string{"amazon river"}, s.defaultLines(Hapsburg))
	vp = s.BonusVP[Hapsburg]
	ns, _ := submit(t, s, Hapsburg, testdice.New(3), "Amazon")
	require.Equal(t, vp+2, ns.BonusVP[Hapsburg])
	require.Equal(t, uint8(Hapsburg+1), ns.NW.Discovery[DiscAmazon])
}

// HIS-20a, HIS-20.1a, HIS-20.1b, HIS-20.1c, HIS-11.1b: Colonize costs 3
// CP for England and France, 2 for the Hapsburg, once per turn; colonies
// in the Crossing Atlantic box and on the display count against the
// limit of 2 (Hapsburg 3); the Ottoman has no such action; the colony
// reaches the display in the New World Phase. Spanish and Italian verbs
// read as the English.
func TestHIS20_1_Colonies(t *testing.T) {
	base := toAction(t, 8)
	four := cardWith(t, 4)
	play := "play " + strconv.Itoa(int(four)) + " for cp"
	s := activeWith(t, base, England, four)
	rej := refuse(t, s, England, play, "colonize", "colonize")
	require.Contains(t, rej.Problems[0].Reason, "England has colonized this turn already (once per turn, HIS-20.1a)")
	require.NotNil(t, rej.Problems[0].ReasonMsg)
	ns, res := submit(t, s, England, testdice.New(1), play, "colonize")
	require.Equal(t, 1, ns.Flow.CP)
	require.Equal(t, uint8(nwColony), ns.NW.Underway[England])
	require.Contains(t, eventText(res, roleOf(France)), "England sends a colony across the Atlantic (HIS-20.1a).")
	require.Contains(t, viewText(ns), "England: crossing: colony")

	h := activeWith(t, base, Hapsburg, four)
	nh, res := submit(t, h, Hapsburg, testdice.New(1), play, "colonizar")
	require.Equal(t, 2, nh.Flow.CP)
	require.Equal(t, []string{"play " + strconv.Itoa(int(four)) + " " + cards[four].Name + " for cp", "colonize"}, res.Canonical)

	f := activeWith(t, base, France, four)
	f.NW.Colonies[France] = 1
	nf, _ := submit(t, f, France, testdice.New(1), play, "colonizza")
	require.Equal(t, uint8(nwColony), nf.NW.Underway[France])
	f.NW.Colonies[France] = 2
	rej = refuse(t, f, France, play, "colonize")
	require.Contains(t, rej.Problems[0].Reason, "France has no colony left to send (2 at most, HIS-20.1b)")
	f.NW.Colonies[France] = 1
	f.NW.Underway[France] = nwColony
	refuse(t, f, France, play, "colonize")

	for line, want := range map[string]string{"colonizar": "colonize", "explora": "explore", "conquista": "conquer",
		"colonizza": "colonize", "esplorare": "explore", "conquistare": "conquer"} {
		o, err := parseOrder(France, englishLine(line), nil)
		require.NoError(t, err)
		require.Equal(t, want, o.canonical(France))
	}
	_, err := parseOrder(France, "explore the amazon", nil)
	require.Error(t, err)

	o := activeWith(t, base, Ottoman, four)
	rej = refuse(t, o, Ottoman, play, "colonize")
	require.Contains(t, rej.Problems[0].Reason, "only England, France and the Hapsburg go to the New World (HIS-20a)")
	require.NotContains(t, strings.Join(rej.Problems[0].Legal, "\n"), "colonize")

	// The New World Phase lands the colonies.
	c := ns.clone()
	c.Flow.Card, c.Flow.CP = 0, 0
	c.Phase = PhNewWorld
	c.NW.Underway[Hapsburg] = 0
	r := &run{s: c, dice: testdice.New(1)}
	require.True(t, r.newWorldPhase())
	require.Equal(t, uint8(1), c.NW.Colonies[England])
	require.Contains(t, evText(r), "A colony of England reaches the New World (HIS-20.1c).")
	require.NoError(t, c.Check())
}

// viewText is every section of the Papacy's view.
func viewText(s *St) string {
	var b strings.Builder
	for _, sec := range s.View(roleOf(Papacy)).Sections {
		b.WriteString(sec.Title + "\n" + sec.Body)
	}
	return b.String()
}

// HIS-20.2a, HIS-20.2b: Explore costs 2 CP, once per turn: the 1517
// Hapsburg explorer in the Crossing Atlantic box and Mercator's Map
// count, Sebastian Cabot does not; a power with no explorers left may
// not explore; an explorer is drawn at random from the pool, Cabot
// never; Mercator's Map adds 2 to the roll.
func TestHIS20_2a_Explore(t *testing.T) {
	base := toAction(t, 9)
	four := cardWith(t, 4)
	play := "play " + strconv.Itoa(int(four)) + " for cp"
	require.Equal(t, uint8(nwExplore|nwConquer), base.NW.Underway[Hapsburg])
	rej := refuse(t, activeWith(t, base, Hapsburg, four), Hapsburg, play, "explore")
	require.Contains(t, rej.Problems[0].Reason, "Hapsburg has explored this turn already")

	s := activeWith(t, base, England, four)
	ns, _ := submit(t, s, England, testdice.New(1), play, "explore", "done")
	require.Equal(t, uint8(nwExplore), ns.NW.Underway[England])
	for _, e := range []string{"chancellor", "rut", "willoughby"} {
		s.NW.Explorer[pieceIdx(t, explorers, e)] = -1
	}
	rej = refuse(t, s, England, play, "explore")
	require.Contains(t, rej.Problems[0].Reason, "England has no explorers left (HIS-20.2a)")
	require.NoError(t, s.eventPlayable(England, cardCabot)) // Cabot is still there

	// Mercator's Map counts against the limit; Cabot does not.
	m := activeWith(t, base, France, cardMercator, four)
	nm, res := submit(t, m, France, testdice.New(1), "play "+strconv.Itoa(cardMercator)+" for event")
	require.Contains(t, eventText(res, "gm"), "France sends a voyage of exploration of France with Mercator's Map: +2 (HIS-20.2a).")
	require.Equal(t, uint8(nwExplore|nwMercator), nm.NW.Underway[France])
	require.Error(t, nm.canVoyage(France, "explore"))
	c := activeWith(t, base, France, cardCabot, four)
	nc, _ := submit(t, c, France, testdice.New(1), "play "+strconv.Itoa(cardCabot)+" for event")
	require.Equal(t, uint8(nwCabot), nc.NW.Underway[France])
	require.NoError(t, nc.canVoyage(France, "explore"))
	// Played again the same turn it is refused (HIS-11d); with that record
	// cleared, Cabot of France is at sea already.
	again := activeWith(t, nc, France, cardCabot)
	rej = refuse(t, again, France, "play "+strconv.Itoa(cardCabot)+" for event: france")
	require.Contains(t, rej.Problems[0].Reason, "already played as an event this turn (HIS-11d)")
	again.Mand.Played = [NMajor]cardSet{}
	rej = refuse(t, again, France, "play "+strconv.Itoa(cardCabot)+" for event: france")
	require.Contains(t, rej.Problems[0].Reason, "Cabot of France is at sea already")
	nc.Mand.Played = [NMajor]cardSet{}
	require.Nil(t, nc.eventPlayable(Papacy, cardCabot), "the Papacy may send England's or the Hapsburg's Cabot")

	// Resolution: Roberval 0 + 2 + 3 + 2 (Mercator) = 7: the St. Lawrence.
	x := nm.clone()
	r := toNewWorld(x, &testdice.Script{Rolls: []int{poolPick(t, x, France, "roberval"), 2, 3}})
	x.NW.Underway[France] = nwExplore | nwMercator
	require.True(t, r.newWorldPhase())
	require.Contains(t, evText(r), "Roberval (France) rolls 2 + 3, modified 7 (HIS-20.2c).")
	require.Equal(t, uint8(France+1), x.NW.Discovery[DiscStLawrence])
	for _, i := range x.explorerPool(France) {
		require.False(t, explorers[i].Cabot)
	}
}

// HIS-20.3a, HIS-20.3b, HIS-20.3c: Conquer costs 4 CP once per turn (the
// 1517 Hapsburg conquest and Smallpox count); the Hapsburg conquest
// draws a conquistador and goes first; 9 or more conquers the Maya (9),
// the Aztecs (10) or the Inca (11+), the next below when taken; 7-8
// returns the piece; 6 or less wipes it out, and England, with its one
// conquest marker gone, may not conquer again.
func TestHIS20_3_Conquest(t *testing.T) {
	base := toAction(t, 10)
	four := cardWith(t, 4)
	play := "play " + strconv.Itoa(int(four)) + " for cp"
	rej := refuse(t, activeWith(t, base, Hapsburg, four), Hapsburg, play, "conquer")
	require.Contains(t, rej.Problems[0].Reason, "Hapsburg has sent a conquest this turn already")
	ns, _ := submit(t, activeWith(t, base, England, four), England, testdice.New(1), play, "conquer")
	require.Equal(t, 0, ns.Flow.CP+len(ns.Flow.Queue))
	require.Equal(t, uint8(nwConquer), ns.NW.Underway[England])
	require.Error(t, ns.canVoyage(England, "conquer"))

	s := base.clone()
	vpH, vpE := s.BonusVP[Hapsburg], s.BonusVP[England]
	cortez := pieceIdx(t, conquistadors, "cortez")
	r := toNewWorld(s, &testdice.Script{Rolls: []int{cortez + 1, 5, 6, 4, 5}})
	s.NW.Underway[Hapsburg], s.NW.Underway[England] = nwConquer, nwConquer
	require.True(t, r.newWorldPhase())
	txt := evText(r)
	require.Contains(t, txt, "Cortez leads the Hapsburg conquest (value 4, HIS-20.3b).")
	require.Contains(t, txt, "Cortez conquers the Inca: Hapsburg gains 2 VP (HIS-20.3c).")
	require.Contains(t, txt, "the English conquest conquers the Maya: England gains 1 VP (HIS-20.3c).")
	require.Less(t, strings.Index(txt, "Cortez conquers"), strings.Index(txt, "English conquest conquers"))
	require.Equal(t, vpH+2, s.BonusVP[Hapsburg])
	require.Equal(t, vpE+1, s.BonusVP[England])
	require.Equal(t, int8(ConqInca+1), s.NW.Conquistador[cortez])
	require.Equal(t, int8(ConqMaya+1), s.NW.Marker[England])
	require.Error(t, s.canVoyage(England, "conquer"))

	// Smallpox +2: France rolls 4 + 4 + 2 = 10, the Aztecs.
	s = base.clone()
	s.NW.Conquest[ConqMaya] = England + 1
	f := activeWith(t, s, France, cardSmallpox)
	nf, _ := submit(t, f, France, testdice.New(1), "play "+strconv.Itoa(cardSmallpox)+" for event")
	require.Equal(t, uint8(nwConquer|nwSmallpox), nf.NW.Underway[France])
	x := nf.clone()
	r = &run{s: x, dice: &testdice.Script{Rolls: []int{4, 4}}}
	x.Phase, x.Flow.Card, x.Flow.CP = PhNewWorld, 0, 0
	x.NW.Underway[Hapsburg] = 0
	require.True(t, r.newWorldPhase())
	require.Equal(t, uint8(France+1), x.NW.Conquest[ConqAztec])
	// The Aztecs and the Maya taken: England's 10 falls to nothing.
	r = toNewWorld(x, &testdice.Script{Rolls: []int{5, 5}})
	x.NW.Underway[England] = nwConquer
	require.True(t, r.newWorldPhase())
	require.Contains(t, evText(r), "the English conquest finds no conquest left and returns to the pool of England.")
	require.Zero(t, x.NW.Marker[England])

	// 7-8 returns, 6 or less wipes out.
	s = base.clone()
	r = toNewWorld(s, &testdice.Script{Rolls: []int{3, 4, 1, 2}})
	s.NW.Underway[England], s.NW.Underway[France] = nwConquer, nwConquer
	require.True(t, r.newWorldPhase())
	txt = evText(r)
	require.Contains(t, txt, "the English conquest makes no conquest and returns to the pool of England.")
	require.Contains(t, txt, "The expedition of the French conquest is wiped out and removed from the game.")
	require.Equal(t, int8(-1), s.NW.Marker[France])
	rej = refuse(t, activeWith(t, s, France, four), France, play, "conquer")
	require.Contains(t, rej.Problems[0].Reason, "France has no conquest left to send (HIS-20.3a)")
}

// HIS-20.4a, HIS-20.4b, HIS-20.4c, HIS-20.4d, HIS-8.2a: the New World
// Riches of the Card Draw Phase: each colony rolls on the colony column
// (+1 with Plantations), each conquest on the conquest column; a card
// comes from the deck; a Galleon result gives a card only with
// Galleons; a depleted conquest gives its card and is exhausted (its VP
// stay); a Hapsburg card meets the raiders, French first: 1 eliminates,
// 3-4 nothing, 5 seizes the card and retires, 6 seizes it and stays.
func TestHIS20_4_Riches(t *testing.T) {
	s := toAction(t, 11)
	s.NW.Colonies[Hapsburg] = 1
	s.NW.Conquest[ConqMaya] = Hapsburg + 1
	s.NW.Colonies[England] = 1
	s.NW.Plantations = 1 << England
	s.NW.Raiders = 1<<France | 1<<England | 1<<Protestant
	hands := [NMajor]int{}
	for p := range hands {
		hands[p] = len(s.Hands[p])
	}
	deck := len(s.Deck)
	vp := s.VP(Hapsburg)
	r := &run{s: s, dice: &testdice.Script{Rolls: []int{
		5, 4, // Hapsburg colony 9: Card
		3, 6, // French raider 3: nothing; English raider 6: seizes and stays
		1, 2, // Maya 3: Depleted, a card
		5,    // French raider 5: seizes and retires
		3, 4, // English colony 3 + 4 + 1 = 8: Galleon, no Galleons
	}}}
	r.newWorldRiches()
	txt := evText(r)
	require.Contains(t, txt, "A colony of Hapsburg rolls 5 + 4, modified 9 on the New World Riches Table: Card (HIS-20.4a).")
	require.Contains(t, txt, "The raider of France rolls 3: no effect (HIS-20.4c).")
	require.Contains(t, txt, "The raider of England rolls 6 and seizes the Hapsburg card (HIS-20.4c).")
	require.Contains(t, txt, "The riches of the Maya are exhausted")
	require.Contains(t, txt, "The raider of France rolls 5, seizes the Hapsburg card and retires with the loot (HIS-20.4c).")
	require.Contains(t, txt, "A colony of England rolls 3 + 4, modified 8 on the New World Riches Table: Galleon (HIS-20.4a).")
	require.Equal(t, hands[Hapsburg], len(s.Hands[Hapsburg]))
	require.Equal(t, hands[England]+1, len(s.Hands[England]))
	require.Equal(t, hands[France]+1, len(s.Hands[France]))
	require.Equal(t, deck-2, len(s.Deck))
	require.Equal(t, uint8(1<<England|1<<Protestant), s.NW.Raiders)
	require.Equal(t, uint8(1<<ConqMaya), s.NW.Exhausted)
	require.Equal(t, vp, s.VP(Hapsburg))
	// The card drawn is told to its taker only.
	for _, e := range r.ev {
		if strings.Contains(e.Text, "is dealt") {
			require.False(t, e.VisibleTo(roleOf(Hapsburg)))
		}
	}

	// With Galleons the Galleon result gives a card; 2 then eliminates
	// a raider; a colony rolling 4 or less is eliminated.
	s.NW.Galleons = 1<<England | 1<<Hapsburg
	r = &run{s: s, dice: &testdice.Script{Rolls: []int{
		4, 4, // Hapsburg colony 8: Galleon, with Galleons a card
		2, 1, // English raider 2: eliminated (Galleons); Protestant 1: eliminated
		2, 1, // English colony 2 + 1 + 1 = 4: eliminated
	}}}
	r.newWorldRiches()
	require.Equal(t, hands[Hapsburg]+1, len(s.Hands[Hapsburg]))
	require.Zero(t, s.NW.Raiders)
	require.Zero(t, s.NW.Colonies[England])
	require.Contains(t, evText(r), "The colony of England is eliminated (HIS-20.4b).")
	require.NoError(t, s.Check())

	// The riches roll in the Card Draw Phase, after the deal.
	g := toAction(t, 3)
	g.NW = NewWorld{Colonies: [NMajor]uint8{France: 1}}
	g.Phase = PhVictory
	r = &run{s: g, dice: testdice.New(2)}
	r.advance()
	txt = evText(r)
	require.Equal(t, PhDiplomacy, g.Phase)
	require.Less(t, strings.Index(txt, "Turn 2 (1524-1527) begins"), strings.Index(txt, "A colony of France rolls"))
}

// HIS-20.1a, HIS-20.4a, HIS-20.4b, HIS-20.4c: the New World events:
// Galleons and Plantations for England, France or the Hapsburg, by them
// or on their behalf; Huguenot Raiders only for a power with a home port
// under Protestant influence and no raider in play; Potosi Silver Mines
// takes an open colony box, outside the once-per-turn limit, and a colony
// marker leaves the game; Potosi rolls on its own column. Wrong choices
// are refused with the legal ones.
func TestHIS20_Events(t *testing.T) {
	base := toAction(t, 12)
	ev := func(n int) string { return "play " + strconv.Itoa(n) + " for event" }

	s := activeWith(t, base, England, cardGalleons)
	ns, res := submit(t, s, England, testdice.New(1), ev(cardGalleons))
	require.Equal(t, uint8(1<<England), ns.NW.Galleons)
	require.Contains(t, eventText(res, "gm"), "England places the Galleons marker beside the colonies of England (HIS-20.4b).")
	s.NW.Galleons = 1 << England
	rej := refuse(t, s, England, ev(cardGalleons))
	require.Equal(t, []string{"france", "hapsburg"}, rej.Problems[0].Legal)
	ns, _ = submit(t, s, England, testdice.New(1), ev(cardGalleons)+": hapsburg")
	require.Equal(t, uint8(1<<England|1<<Hapsburg), ns.NW.Galleons)
	refuse(t, s, England, ev(cardGalleons)+": ottoman")

	o := activeWith(t, base, Ottoman, cardPlantations)
	require.Contains(t, strings.Join(o.eventExamples(Ottoman), "\n"), "for event: france")
	no, _ := submit(t, o, Ottoman, testdice.New(1), ev(cardPlantations)+": France")
	require.Equal(t, uint8(1<<France), no.NW.Plantations)

	// Huguenot Raiders: no Protestant home port in 1517.
	f := activeWith(t, base, France, cardHuguenot)
	require.Error(t, f.eventPlayable(France, cardHuguenot))
	port := -1
	for _, x := range homeSpaces(France) {
		if spaces[x].port() {
			port = x
			break
		}
	}
	f.Prot.set(port)
	nf, _ := submit(t, f, France, testdice.New(1), ev(cardHuguenot))
	require.Equal(t, uint8(1<<France), nf.NW.Raiders)
	require.Error(t, nf.eventPlayable(France, cardHuguenot), "one raider at a time")

	// Potosi: England with one colony and one crossing has no open box;
	// with one colony it places Potosi, and may still colonize once.
	e := activeWith(t, base, England, cardPotosi, uint8(cardWith(t, 4)))
	e.NW.Colonies[England] = 1
	e.NW.Underway[England] = nwColony
	rej = refuse(t, e, England, ev(cardPotosi)+": england")
	require.Contains(t, rej.Problems[0].Reason, "England has no open colony box")
	e.NW.Underway[England] = 0
	ne, res := submit(t, e, England, testdice.New(1), ev(cardPotosi))
	require.Equal(t, uint8(England+1), ne.NW.Potosi)
	require.True(t, ne.Removed.has(cardPotosi))
	require.Contains(t, eventText(res, "gm"), "England places the Potosi colony of England; one of its colony markers leaves the game (HIS-20.1a).")
	require.False(t, ne.colonyRoom(England))
	require.Error(t, ne.eventPlayable(France, cardPotosi))
	ne.NW.Colonies[England] = 0
	require.True(t, ne.colonyRoom(England))
	// Potosi rolls 2 + 1 + 1 (Plantations) = 4 on its own column: no effect.
	ne.NW.Plantations = 1 << England
	r := &run{s: ne, dice: &testdice.Script{Rolls: []int{2, 1}}}
	r.newWorldRiches()
	require.Contains(t, evText(r), "The Potosi colony of England rolls 2 + 1, modified 4 on the New World Riches Table: NE (HIS-20.4a).")
	// Eliminated, its box does not come back.
	r = &run{s: ne, dice: &testdice.Script{Rolls: []int{1, 1}}}
	r.newWorldRiches()
	require.Zero(t, ne.NW.Potosi)
	ne.NW.Colonies[England] = 1
	require.False(t, ne.colonyRoom(England))
}

// The New World round-trips through the stored state, with a voyage
// waiting for its owner's choice.
func TestHIS20_EncodeDecode(t *testing.T) {
	s := toAction(t, 13)
	s.Phase = PhNewWorld
	s.Flow.Card, s.Flow.CP = 0, 0
	nw := &s.NW
	nw.Colonies[Hapsburg], nw.Colonies[France] = 2, 1
	nw.Potosi, nw.PotosiDone, nw.LostColony = Hapsburg+1, true, 1<<Hapsburg
	nw.Underway[England] = nwExplore | nwMercator
	nw.Discovery[DiscGreatLakes] = France + 1
	nw.Conquest[ConqAztec], nw.Exhausted = Hapsburg+1, 1<<ConqAztec
	nw.Explorer[pieceIdx(t, explorers, "cartier")] = DiscGreatLakes + 1
	nw.Explorer[pieceIdx(t, explorers, "rut")] = -1
	nw.Conquistador[pieceIdx(t, conquistadors, "cortez")] = ConqAztec + 1
	nw.Marker[England] = -1
	nw.Galleons, nw.Plantations, nw.Raiders = 1<<Hapsburg, 1<<France, 1<<Protestant
	nw.Voyages = []Voyage{{Power: England, Piece: pieceIdx(t, explorers, "chancellor"), Mod: 2, Roll: 11},
		{Power: France, Conquest: true, Piece: -1}}
	nw.Started = true
	require.NoError(t, s.Check())
	a, err := s.Encode()
	require.NoError(t, err)
	st, err := Game{}.Decode(a)
	require.NoError(t, err)
	b, _ := st.Encode()
	require.True(t, bytes.Equal(a, b))
	require.Equal(t, s.NW, st.(*St).NW)
	require.Equal(t, []int{England}, st.(*St).owingPowers())
	require.Contains(t, viewText(s), "Hapsburg: 2 colonies; Potosi; Aztecs (exhausted); Galleons")
	require.Contains(t, viewText(s), "Raiders: Protestant")
	bad := bytes.Replace(a, []byte(`"cartier":"great_lakes"`), []byte(`"cartier":"atlantis"`), 1)
	_, err = Game{}.Decode(bad)
	require.Error(t, err)
}

// The New World's prompts, events and refusals read in every language.
func TestHIS20_InEveryLanguage(t *testing.T) {
	cat := gameCatalog(t)
	var lines []string
	base := toAction(t, 14)

	s := base.clone()
	r := toNewWorld(s, &testdice.Script{Rolls: []int{poolPick(t, s, England, "rut"), poolPick(t, s, Hapsburg, "magellan"),
		pieceIdx(t, conquistadors, "cortez") + 1,
		4, 4, // Magellan 12: his owner is asked
	}, Fallback: testdice.New(4)})
	s.NW.Underway[Hapsburg], s.NW.Underway[England] = nwExplore|nwConquer, nwExplore|nwColony
	s.NW.Underway[France] = nwConquer
	require.False(t, r.newWorldPhase())
	pr := s.Prompts()[0]
	require.NotNil(t, pr.TextMsg)
	checkMsg(t, cat, "prompt", pr.Text, *pr.TextMsg)
	rr := &run{s: s, dice: r.dice}
	_, rej := rr.newWorldAnswer(Hapsburg, []adjudicator.Line{{No: 1, Text: "circumnavigate"}})
	require.Nil(t, rej)
	require.True(t, rr.newWorldPhase())
	lines = append(lines, strings.Split(evText(r)+evText(rr), "\n")...)

	s = base.clone()
	s.NW.Colonies[Hapsburg], s.NW.Conquest[ConqAztec], s.NW.Potosi = 2, Hapsburg+1, England+1
	s.NW.Colonies[France] = 1
	s.NW.Raiders = 1<<France | 1<<England
	for seed := uint64(1); seed < 6; seed++ {
		r = &run{s: s.clone(), dice: testdice.New(seed)}
		r.newWorldRiches()
		lines = append(lines, strings.Split(evText(r), "\n")...)
	}
	lines = append(lines, "The riches of the Aztecs are exhausted: its VP marker goes to the bonus box of Hapsburg (HIS-20.4b).",
		"The Aztecs conquest of Hapsburg rolls 1 + 2 on the New World Riches Table: Card (HIS-20.4a).")
	n := 0
	for _, l := range lines {
		if l == "" {
			continue
		}
		m, ok := s.NarrationMsg(l)
		require.True(t, ok, "not read: %q", l)
		checkMsg(t, cat, "event", l, m)
		n++
	}
	require.Greater(t, n, 15)
}
