package hammer

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func cardID(id string) int8 {
	for c := 0; c < NC; c++ {
		if cards[c].ID == id {
			return int8(c)
		}
	}
	panic(id)
}

// hands gives each side a hand.
func hands(s *St, e, sc []string) {
	for i := range s.Hand {
		for j := range s.Hand[i] {
			s.Hand[i][j] = -1
		}
	}
	for i, id := range e {
		s.Hand[England][i] = cardID(id)
	}
	for i, id := range sc {
		s.Hand[Scotland][i] = cardID(id)
	}
	sortHand(&s.Hand[England])
	sortHand(&s.Hand[Scotland])
	s.Phase = PhCard
	s.Play = [2]int8{-1, -1}
}

// TestH3_1_CardsAndInitiative: both cards are played face down; the higher
// is Player 1, England wins ties; the event player is Player 1 and events
// go first. (H-3.0a, H-3.0b, H-3.1, H-3.11, H-3.12a, H-4.1, H-0.3c)
func TestH3_1_CardsAndInitiative(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "fife", 0)
	put(t, s, "york_infantry", "lothian", 0)
	d := testdice.New(1)
	hands(s, []string{"move2_1", "move3_1"}, []string{"move2_2", "herald"})
	ps := s.Prompts()
	require.Len(t, ps, 2)
	assert.True(t, ps[0].Secret)
	s1, _ := apply(t, s, d, RoleScotland, "card 2")
	assert.Contains(t, s1.View(RoleEngland).Text(), "Scotland has played a card face down")
	assert.NotContains(t, s1.View(RoleEngland).Text(), "played Move 2")
	s2, res := apply(t, s1, d, RoleEngland, "card move 2")
	assert.Equal(t, England, int(s2.P1), "England wins ties")
	assert.Contains(t, eventText(res, RoleScotland), "England is Player 1")
	s2, _ = apply(t, s, d, RoleEngland, "card 2")
	s2, _ = apply(t, s2, d, RoleScotland, "card her")
	assert.Equal(t, Scotland, int(s2.P1))
	assert.Equal(t, PhEvent, int(s2.Phase))
	// a card not in hand
	rej := reject(t, s, d, RoleEngland, "card truce")
	assert.Contains(t, rej.Problems[0].Legal, "card Move 2")
	// deal: 5 cards each, 25 in the deck
	st, _ := Game{}.Setup("braveheart", nil, testdice.New(5))
	for side := 0; side < 2; side++ {
		for _, c := range st.(*St).Hand[side] {
			assert.GreaterOrEqual(t, c, int8(0))
		}
	}
	assert.Equal(t, 20, countMoveCards())
}

func countMoveCards() int {
	n := 0
	for _, c := range cards {
		if c.Event == EvNone {
			n++
		}
	}
	return n
}

// TestH3_12b_BothEventsEndTheYear: both players play events: England's
// resolves first, then Scotland's, and the year ends. (H-3.12b, H-7.0a,
// H-3.12c)
func TestH3_12b_BothEventsEndTheYear(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "fife", 0)
	put(t, s, "york_infantry", "lothian", 0)
	d := testdice.New(1)
	hands(s, []string{"victuals", "move2_1"}, []string{"truce", "move2_2"})
	s, _ = apply(t, s, d, RoleEngland, "card victuals")
	s, _ = apply(t, s, d, RoleScotland, "card truce")
	require.Equal(t, PhEvent, int(s.Phase))
	assert.True(t, s.owes(England))
	assert.False(t, s.owes(Scotland))
	s, _ = apply(t, s, d, RoleEngland, "ignore")
	// the Scottish Truce needs no decision; the year ends: winter
	assert.Contains(t, []int{PhWHomes, PhWEng}, int(s.Phase), s.label())
	assert.Equal(t, int16(1297), s.Year)
}

// TestH3_12_Events covers the five event cards (D-14).
func TestH3_12_Events(t *testing.T) {
	d := testdice.New(1)
	base := func(card string) *St {
		s := emptyState(t)
		put(t, s, "douglas", "fife", 2)
		put(t, s, "barclay", "fife", 4)
		put(t, s, "buchan_eng", "buchan", 3)
		put(t, s, "angus_eng", "angus", 3)
		put(t, s, "york_infantry", "angus", 4)
		hands(s, []string{"move2_1"}, []string{card})
		s, _ = apply(t, s, d, RoleEngland, "card 2")
		s, _ = apply(t, s, d, RoleScotland, "card "+cards[cardID(card)].Name)
		return s
	}
	// Herald: 1-4 wins the noble over
	s := base("herald")
	ns, res := apply(t, s, &testdice.Script{Rolls: []int{3}}, RoleScotland, "herald Buchan")
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("buchan_scot")], eventText(res, RoleScotland))
	ns, _ = apply(t, s, &testdice.Script{Rolls: []int{5}}, RoleScotland, "herald Buchan")
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("buchan_eng")])
	reject(t, s, d, RoleScotland, "herald Moray")
	// Herald into a region with enemies: battle at once, defector attacks
	ns, res = apply(t, s, &testdice.Script{Rolls: append([]int{2}, sixes(100)...)}, RoleScotland, "herald Angus")
	assert.Contains(t, eventText(res, RoleScotland), "Battle of Angus: Scotland attacks")
	// Pillage: two hits to the strongest, steps to the pillagers
	s = base("pillage")
	ns, _ = apply(t, s, d, RoleScotland, "pillage Angus from Fife")
	// 4 -> 3, then a tie at 3: the infantry (C) before the noble (B)
	assert.Equal(t, int8(2), ns.Str[blk("york_infantry")])
	assert.Equal(t, int8(3), ns.Str[blk("angus_eng")])
	assert.Equal(t, int8(4), ns.Str[blk("douglas")])
	// the owner's standing hits list settles the tie
	s2 := s.clone()
	s2.setStand(England, NA, "hits Angus")
	ns, _ = apply(t, s2, d, RoleScotland, "pillage Angus from Fife")
	assert.Equal(t, int8(3), ns.Str[blk("york_infantry")])
	assert.Equal(t, int8(2), ns.Str[blk("angus_eng")])
	rej := reject(t, s, d, RoleScotland, "pillage Buchan from Fife")
	assert.Contains(t, rej.Problems[0].Reason, "adjacent")
	// Sea Move: to a friendly coastal area only
	s = base("sea_move")
	put(t, s, "fraser", "lennox", 0)
	ns, _ = apply(t, s, d, RoleScotland, "sea Fife -> Lennox: Douglas, Barclay")
	assert.Equal(t, 3, ns.count(area("lennox"), Scotland))
	reject(t, s, d, RoleScotland, "sea Fife -> Argyll: Douglas")
	// Truce: the opponent may move but not attack
	ns = base("truce") // no decision needed: Truce applies at once
	require.Equal(t, PhMove2, int(ns.Phase))
	rej = reject(t, ns, d, RoleEngland, "move Angus -> Fife: York Infantry")
	assert.Contains(t, rej.Problems[0].Reason, "Truce")
	apply(t, ns, d, RoleEngland, "move Angus -> Mar: York Infantry")
	// Victuals: three steps in one group
	s = base("victuals")
	ns, _ = apply(t, s, d, RoleScotland, "victuals Fife: Douglas +2, Barclay +1")
	assert.Equal(t, int8(4), ns.Str[blk("douglas")])
	assert.Equal(t, int8(4), ns.Str[blk("barclay")])
	// ignoring is always allowed (H-3.12c)
	ns, _ = apply(t, s, d, RoleScotland, "ignore")
	assert.Equal(t, PhMove2, int(ns.Phase))
}

// TestH6_21_Coronation: with Wallace dead and Bruce in Fife, the Scots
// crown Bruce with any event: the King appears in Fife and the Comyn
// nobles (not Moray) defect at once; a resulting battle is fought with
// the defectors attacking. (H-6.2a, H-6.21a, H-6.21b, H-6.21c, H-6.21d, AMB-11, AMB-12)
func TestH6_21_Coronation(t *testing.T) {
	s := emptyState(t)
	d := &testdice.Script{Rolls: sixes(200)}
	put(t, s, "bruce_scot", "fife", 0)
	put(t, s, "comyn_scot", "badenoch", 0)
	put(t, s, "buchan_scot", "buchan", 0)
	put(t, s, "grant", "buchan", 0)
	put(t, s, "moray", "moray", 0)
	put(t, s, "york_infantry", "lothian", 0)
	hands(s, []string{"move2_1"}, []string{"victuals"})
	s, _ = apply(t, s, d, RoleEngland, "card 2")
	s, _ = apply(t, s, d, RoleScotland, "card victuals")
	rej := reject(t, s, d, RoleScotland, "coronation Bruce")
	assert.Contains(t, rej.Problems[0].Reason, "Wallace dead")
	s.Loc[bWallace] = LocRemoved
	assert.Contains(t, s.eventChoices(Scotland), "coronation Bruce")
	ns, res := apply(t, s, d, RoleScotland, "coronation Bruce")
	assert.Equal(t, int8(area("fife")), ns.Loc[bKing])
	assert.Equal(t, int8(4), ns.Str[bKing])
	assert.True(t, ns.KingDone)
	assert.Equal(t, int8(area("badenoch")), ns.Loc[blk("comyn_eng")])
	assert.Equal(t, int8(area("moray")), ns.Loc[bMoray])
	assert.Contains(t, eventText(res, RoleEngland), "Battle of Buchan: England attacks")
	// once per game
	assert.NotContains(t, ns.eventChoices(Scotland), "coronation Bruce")
}

// TestH6_22_ReturnOfTheKing: from 1301, with the French knights on the map
// and no king crowned, any Scottish event brings Balliol back with them;
// the Bruce nobles defect. (H-6.22a, H-6.22b)
func TestH6_22_ReturnOfTheKing(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "french_knights", "angus", 2)
	put(t, s, "mar_scot", "mar", 0)
	put(t, s, "york_infantry", "lothian", 0)
	hands(s, []string{"move2_1"}, []string{"victuals"})
	s, _ = apply(t, s, d, RoleEngland, "card 2")
	s, _ = apply(t, s, d, RoleScotland, "card victuals")
	require.Equal(t, PhEvent, int(s.Phase))
	rej := reject(t, s, d, RoleScotland, "return of the king")
	assert.Contains(t, rej.Problems[0].Reason, "1301")
	s.Year = 1301
	ns, _ := apply(t, s, d, RoleScotland, "return of the king")
	assert.Equal(t, int8(area("angus")), ns.Loc[bKing])
	assert.Equal(t, int8(4), ns.Str[bKing])
	assert.Equal(t, int8(2), ns.Str[bFrench], "the knights keep their strength (ruling R-07)")
	assert.Equal(t, int8(area("mar")), ns.Loc[blk("mar_eng")])
}

// TestH5_9b_BorderRaid: Scots in England at the end of a game turn cost
// England a non-noble block, chosen by England, to the pool. (H-5.9a, H-5.9b,
// H-5.8c, AMB-26)
func TestH5_9b_BorderRaid(t *testing.T) {
	s := emptyState(t)
	d := testdice.New(1)
	put(t, s, "douglas", "england", 0)
	put(t, s, "hobelars", "lothian", 0)
	put(t, s, "york_infantry", "mentieth", 0)
	put(t, s, "mar_eng", "mar", 0)
	put(t, s, "moray", "moray", 0)
	s.GT = 2
	s.Phase = phEndTurn
	var ev []adjudicator.Event
	s.continueFlow(d, &ev)
	require.Equal(t, PhRaid, int(s.Phase))
	p := s.Prompts()[0]
	assert.Equal(t, RoleEngland, p.Role)
	assert.ElementsMatch(t, []string{"raid Hobelars", "raid York Infantry"}, p.Choices)
	reject(t, s, d, RoleEngland, "raid Mar")
	ns, _ := apply(t, s, d, RoleEngland, "raid Hobelars")
	assert.Equal(t, int8(LocPool), ns.Loc[bHobelars], "a black cross lost to a raid goes to the pool")
	assert.Equal(t, PhCard, int(ns.Phase))
}

// TestH9_1a_SuddenDeath: a side that controls every noble in play at the
// end of a game turn wins. (H-9.1a, AMB-46)
func TestH9_1a_SuddenDeath(t *testing.T) {
	s := emptyState(t)
	put(t, s, "mar_eng", "mar", 0)
	put(t, s, "douglas", "fife", 0)
	s.GT = 2
	s.Phase = phEndTurn
	var ev []adjudicator.Event
	s.continueFlow(testdice.New(1), &ev)
	require.True(t, s.Fin)
	assert.Equal(t, []adjudicator.Role{RoleEngland}, s.Status().Winner)
	// Moray in play stops the English sudden death
	s = emptyState(t)
	put(t, s, "mar_eng", "mar", 0)
	put(t, s, "moray", "moray", 0)
	s.GT = 2
	s.Phase = phEndTurn
	s.continueFlow(testdice.New(1), &ev)
	assert.False(t, s.Fin)
}
