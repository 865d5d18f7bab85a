package richard3

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shotLines returns the battle lines that show dice, in order.
func shotLines(res *adjudicator.Result) []string {
	var out []string
	for _, e := range res.Events {
		if e.To == nil && strings.Contains(e.Text, "→") {
			t := strings.TrimSpace(e.Text)
			if strings.HasPrefix(t, "Round ") {
				t = strings.TrimSpace(t[len("Round 1"):])
			}
			out = append(out, t)
		}
	}
	return out
}

// battleSetup empties the map, puts the kings away and deals cards.
func battleSetup(t *testing.T) *State {
	s := newGame(t)
	clearMap(s)
	place(s, "henry_vi", "cornwall")
	place(s, "york", "ireland")
	return s
}

// TestR3_6_2_BattleExample: Herbert (A2) and Clarence (B2) attack Rivers
// (B2); the order is Herbert, Rivers, Clarence.
// Rules: R3-6.2a R3-6.2b R3-6.2f R3-1.3 R3-6.1a R3-6.1b R3-3.12 R3-3.11b R3-6.4a.
func TestR3_6_2_BattleExample(t *testing.T) {
	s := battleSetup(t)
	place(s, "rivers_l", "oxford")
	place(s, "herbert", "gloucester")
	place(s, "clarence_y", "gloucester")
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "move Gloucester -> Oxford: Herbert, Clarence")
	d := &testdice.Script{Rolls: []int{6, 6, 6, 6, 6, 6, 6, 6}, Fallback: testdice.New(3)}
	s, res := play(t, s, RoleLancaster, d, "pass")
	shots := shotLines(res)
	require.GreaterOrEqual(t, len(shots), 3)
	assert.True(t, strings.HasPrefix(shots[0], "Herbert"), shots[0])
	assert.True(t, strings.HasPrefix(shots[1], "Rivers"), shots[1])
	assert.True(t, strings.HasPrefix(shots[2], "Clarence"), shots[2])
	// Blocks are revealed to both players at the start of the battle.
	assert.Contains(t, eventsText(res, RoleLancaster), "Herbert (york A2 3/3)")
	_ = s
}

// TestR3_6_4_Hits: all of a block's hits go to the strongest enemy block.
// Rules: R3-6.4a R3-6.4b R3-6.4c R3-6.4e R3-3.11a R3-3.11c.
func TestR3_6_4_Hits(t *testing.T) {
	s := battleSetup(t)
	place(s, "buckingham_l", "oxford")             // B2, 4 steps
	place(s, "wiltshire", "oxford")                // B2, 3 steps
	place(s, "burgundian_mercenary", "gloucester") // A3
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "move Gloucester -> Oxford: Burgundian")
	// Burgundian rolls 1 2 3: three hits, all on Buckingham (4 -> 1).
	d := &testdice.Script{Rolls: []int{1, 2, 3}, Fallback: testdice.New(3)}
	_, res := play(t, s, RoleLancaster, d, "pass")
	shots := shotLines(res)
	require.NotEmpty(t, shots)
	assert.Contains(t, shots[0], "3 hits on Buckingham (4→1)")
	// A tie for strongest: the owner's standing order picks who is hit.
	s2 := battleSetup(t)
	place(s2, "kent_y", "oxford")      // A2, 3 steps
	place(s2, "salisbury_y", "oxford") // B2, 3 steps
	place(s2, "oxford", "middlesex")   // A2
	s2 = playCards(t, s2, "4", "2")
	s2, _ = play(t, s2, RoleLancaster, nil, "move Middlesex -> Oxford: Oxford")
	d = &testdice.Script{Rolls: []int{6, 6, 6, 1, 6, 6}, Fallback: testdice.New(3)}
	_, res = play(t, s2, RoleYork, d, "hits Oxford: Salisbury")
	assert.Contains(t, strings.Join(shotLines(res), "\n"), "1 hit on Salisbury (3→2)")
}

// TestR3_6_9_Treachery: the Pretender turns Northumberland (loyalty 2) with
// two even dice.
// Rules: R3-6.9a R3-6.9b R3-6.9c R3-6.9d R3-4.6b R3-6.86b R3-3.13a R3-3.13b.
func TestR3_6_9_Treachery(t *testing.T) {
	s := battleSetup(t)
	place(s, "northumberland_l", "derby")
	place(s, "york", "chester")
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "move Chester -> Derby: York", "battle Derby: treachery")
	// Northumberland (B3, defending) fires first: 4 misses. York tries
	// treachery: 2 and 4, both even.
	d := &testdice.Script{Rolls: []int{6, 6, 6, 6, 2, 4}, Fallback: testdice.New(3)}
	s, res := play(t, s, RoleLancaster, d, "pass")
	txt := eventsText(res, adjudicator.GM)
	assert.Contains(t, txt, "tries treachery on Northumberland (loyalty 2): 2 4 → Northumberland defects to york")
	assert.Equal(t, int8(areaOf("derby")), s.Loc[bi("northumberland_y")])
	assert.Equal(t, locAside, s.Loc[bi("northumberland_l")])
	assert.Equal(t, York, s.owner(bi("northumberland_y")))
}

// TestR3_6_91_Warwick: Warwick turns Kent and Salisbury on loyalty 1 and
// may not target Northumberland or Westmoreland; roses and the King
// cannot be targeted.
// Rules: R3-6.91a R3-6.91b R3-3.13c R3-3.22b R3-6.9e R3-6.9f R3-9.1a.
func TestR3_6_91_Warwick(t *testing.T) {
	s := battleSetup(t)
	place(s, "kent_l", "derby")
	place(s, "northumberland_l", "derby")
	place(s, "clifford", "derby")
	place(s, "henry_vi", "derby")
	place(s, "warwick_y", "chester")
	s.Loc[bi("kent_y")] = locAside
	s.Loc[bi("warwick_l")] = locAside
	s.Fronts[areaOf("derby")] = front{Att: York, Main: int8(borderAt[areaOf("derby")][areaOf("chester")] + 1), Seq: 1}
	s.Loc[bi("warwick_y")] = int8(areaOf("derby"))
	s.Entry[bi("warwick_y")] = s.Fronts[areaOf("derby")].Main
	var ev []adjudicator.Event
	s.startBattle(areaOf("derby"), testdice.New(1), true, &ev)
	bt := s.Battle
	h := &hooks{s: s}
	w := bt.Block("warwick_y")
	ts := h.treacheryTargets(bt, w, true, false)
	assert.Equal(t, []string{"kent_l"}, ts)
	d := &testdice.Script{Rolls: []int{2}}
	ok := h.treachery(bt, w, bt.Block("kent_l"), d, true, "")
	assert.True(t, ok, "one even die is enough against Kent when Warwick rolls")
	assert.Equal(t, "kent_y", blocks[bt.Block("kent_l").Data].ID)
	// The defector cannot be won back in the same battle.
	henry := bt.Block("henry_vi")
	assert.NotContains(t, h.treacheryTargets(bt, henry, false, false), "kent_l")
}

// TestR3_2_3_CrownExample: Exeter defends Cornwall at A3 (shield and
// Crown); with a more senior royal heir present the Crown's +1 goes to him.
// Rules: R3-2.2a R3-2.2b R3-2.2d R3-2.2f R3-2.3a R3-2.3b R3-2.3c R3-3.21c R3-6.4d.
func TestR3_2_3_CrownExample(t *testing.T) {
	fp := func(ids ...string) map[string]int {
		s := battleSetup(t)
		s.Loc[bi("henry_vi")] = locMinor
		place(s, "henry_vi", "middlesex")
		for _, id := range ids {
			place(s, id, "cornwall")
		}
		place(s, "march", "dorset")
		s.Fronts[areaOf("cornwall")] = front{Att: York, Main: int8(borderAt[areaOf("cornwall")][areaOf("dorset")] + 1), Seq: 1}
		s.Loc[bi("march")] = int8(areaOf("cornwall"))
		s.Entry[bi("march")] = s.Fronts[areaOf("cornwall")].Main
		var ev []adjudicator.Event
		s.startBattle(areaOf("cornwall"), testdice.New(1), true, &ev)
		h := &hooks{s: s}
		out := map[string]int{}
		for k := range s.Battle.Blocks {
			b := &s.Battle.Blocks[k]
			out[b.ID] = h.Firepower(s.Battle, b)
		}
		return out
	}
	got := fp("exeter_l", "devon")
	assert.Equal(t, 3, got["exeter_l"], "A1 + shield + Crown")
	assert.Equal(t, 3, got["devon"], "B2 + his shield")
	assert.Equal(t, 3, got["march"], "attackers get no bonus")
	got = fp("exeter_l", "prince_edward")
	assert.Equal(t, 2, got["exeter_l"], "shield only: the senior royal heir takes the Crown")
	assert.Equal(t, 2, got["prince_edward"], "B1 + Crown")
}

// TestR3_2_4_DefenceBonuses: levies in their city, Church in its
// cathedral, the Welsh in Wales, bombards A in round 1 only.
// Rules: R3-2.4b R3-2.5 R3-2.6a R3-2.6b R3-3.22d R3-3.23b R3-3.24b R3-6.2c.
func TestR3_2_4_DefenceBonuses(t *testing.T) {
	s := battleSetup(t)
	place(s, "york_levy", "south_yorks")
	place(s, "york_church_l", "south_yorks")
	place(s, "bombard_l", "south_yorks")
	place(s, "march", "derby")
	s.Fronts[areaOf("south_yorks")] = front{Att: York, Main: int8(borderAt[areaOf("south_yorks")][areaOf("derby")] + 1), Seq: 1}
	s.Loc[bi("march")] = int8(areaOf("south_yorks"))
	s.Entry[bi("march")] = s.Fronts[areaOf("south_yorks")].Main
	var ev []adjudicator.Event
	s.startBattle(areaOf("south_yorks"), testdice.New(1), true, &ev)
	h := &hooks{s: s}
	bt := s.Battle
	assert.Equal(t, 4, h.Firepower(bt, bt.Block("york_levy")))
	assert.Equal(t, 3, h.Firepower(bt, bt.Block("york_church_l")))
	bt.Round = 1
	assert.Equal(t, byte('A'), h.Initiative(bt, bt.Block("bombard_l")))
	bt.Round = 2
	assert.Equal(t, byte('D'), h.Initiative(bt, bt.Block("bombard_l")))
	w := columbia.Block{ID: "welsh_mercenary", Side: RoleLancaster, Data: bi("welsh_mercenary")}
	s.BArea = int8(areaOf("powys"))
	assert.Equal(t, 3, h.Firepower(bt, &w))
}

// TestR3_6_3_Reserves: York attacks Essex from Rutland (Main Attack) and
// from Middlesex; Lancaster reinforces from East Anglia.
// Rules: R3-6.3a R3-6.3b R3-6.3c R3-6.3e R3-6.3h R3-6.3i R3-6.1c.
func TestR3_6_3_Reserves(t *testing.T) {
	s := battleSetup(t)
	place(s, "oxford", "essex")
	place(s, "beaumont", "essex")
	for _, id := range []string{"clifford", "wiltshire", "devon"} {
		place(s, id, "east_anglia")
	}
	for _, id := range []string{"norfolk", "suffolk", "hastings"} {
		place(s, id, "rutland")
	}
	place(s, "arundel", "middlesex")
	place(s, "worcester", "middlesex")
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "move Rutland -> Essex: all", "move Middlesex -> Essex: all", "main Essex from Rutland", "battle Essex: ask")
	s, _ = play(t, s, RoleLancaster, nil, "move East Anglia -> Essex: all")
	require.Equal(t, phBattle, s.Phase)
	groups := map[string]columbia.Group{}
	for _, b := range s.Battle.Blocks {
		groups[b.ID] = b.Group
	}
	for _, id := range []string{"norfolk", "suffolk", "hastings", "oxford", "beaumont"} {
		assert.Equal(t, columbia.Main, groups[id], id)
	}
	for _, id := range []string{"arundel", "worcester", "clifford", "wiltshire", "devon"} {
		assert.Equal(t, columbia.Reserve, groups[id], id)
	}
	// Four borders are too many for one attack.
	s2 := battleSetup(t)
	place(s2, "oxford", "leicester")
	for _, a := range []string{"rutland", "essex", "middlesex", "lincoln"} {
		place(s2, map[string]string{"rutland": "worcester", "essex": "essex", "middlesex": "arundel", "lincoln": "hastings"}[a], a)
	}
	s2 = playCards(t, s2, "2", "4")
	probs := reject(t, s2, RoleYork, "move Rutland -> Leicester: all", "move Essex -> Leicester: all", "move Middlesex -> Leicester: all", "move Lincoln -> Leicester: all")
	assert.Contains(t, probs[0].Reason, "three different borders")
}

// TestR3_6_6_RetreatAndRegroup: retreat only into friendly or vacant
// areas, not across the enemy's entry border; the winner regroups.
// Rules: R3-6.6b R3-6.6c R3-6.6d R3-6.6f R3-6.7 R3-5.3g.
func TestR3_6_6_RetreatAndRegroup(t *testing.T) {
	s := battleSetup(t)
	place(s, "oxford", "essex")
	place(s, "norfolk", "east_anglia")
	place(s, "suffolk", "middlesex")
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "move East Anglia -> Essex: Norfolk", "battle Essex: ask")
	s, _ = play(t, s, RoleLancaster, nil, "pass")
	require.Equal(t, phBattle, s.Phase)
	h := &hooks{s: s}
	opts := h.RetreatOptions(s.Battle, s.Battle.Block("oxford"), false)
	// Not East Anglia (York's entry), not Middlesex (York), not Kent (no border).
	assert.ElementsMatch(t, []string{"Leicester", "Rutland"}, opts)
	opts = h.RetreatOptions(s.Battle, s.Battle.Block("norfolk"), false)
	assert.ElementsMatch(t, []string{"East Anglia", "Leicester", "Rutland", "Middlesex"}, opts)
}

// TestR3_6_8_Eliminations: where eliminated blocks go.
// Rules: R3-6.82a R3-6.83a R3-6.83b R3-6.83c R3-6.84 R3-6.85 R3-6.86 R3-8.5a R3-8.5b R3-8.5c.
func TestR3_6_8_Eliminations(t *testing.T) {
	s := newGame(t)
	s.eliminate(bi("oxford"), "test")
	assert.Equal(t, locDead, s.Loc[bi("oxford")], "rose noble: permanent")
	s.eliminate(bi("warwick_y"), "test")
	assert.Equal(t, locDead, s.Loc[bi("warwick_y")], "Neville: permanent")
	assert.Equal(t, locDead, s.Loc[bi("warwick_l")])
	place(s, "buckingham_l", "warwick")
	s.eliminate(bi("buckingham_l"), "test")
	assert.Equal(t, locDown, s.Loc[bi("buckingham_l")], "other nobles: face down in the pool")
	assert.NotContains(t, s.pool(Lancaster), bi("buckingham_l"), "not recruitable this campaign")
	s.eliminate(bi("calais_mercenary"), "test")
	assert.Equal(t, locDown, s.Loc[bi("calais_mercenary")])
	place(s, "rebel", "derby")
	s.eliminate(bi("rebel"), "test")
	assert.Equal(t, locDown, s.Loc[bi("rebel")])
	s.eliminate(bi("rutland"), "test")
	assert.Equal(t, locDead, s.Loc[bi("rutland")])
	assert.Equal(t, int8(1), s.Entering[York])
	var ev []adjudicator.Event
	s.dice = testdice.New(1)
	s.campaignReset(&ev)
	assert.Equal(t, int8(areaOf("calais")), s.Loc[bi("calais_mercenary")], "mercenaries return face up at home")
	assert.Equal(t, locPool, s.Loc[bi("buckingham_l")])
	assert.Equal(t, locPool, s.Loc[bi("rebel")])
	assert.Equal(t, York, s.owner(bi("rebel")), "the Rebel belongs to the Pretender")
}

// TestR3_6_81_KingIsDead: the next royal heir becomes King at the Supply
// Phase; a minor heir enters at a Crown area.
// Rules: R3-6.81a R3-6.81b R3-6.82b R3-6.82c R3-4.5b R3-1.4.
func TestR3_6_81_KingIsDead(t *testing.T) {
	s := newGame(t)
	s.eliminate(bi("henry_vi"), "test")
	assert.True(t, s.KingDead)
	assert.Equal(t, -1, s.kingBlock(), "no King until the Supply Phase")
	var ev []adjudicator.Event
	toSupply(s)
	s.startSupply(&ev)
	require.Equal(t, phSupply, s.Phase)
	assert.True(t, s.owes(Lancaster))
	assert.False(t, s.owes(York))
	p := s.Prompts()[0]
	assert.Contains(t, p.Choices, "place Prince Edward at Middlesex")
	s, res := play(t, s, RoleLancaster, nil, "place Prince Edward at Middlesex")
	assert.Contains(t, eventsText(res, RoleYork), "Prince Edward comes of age and enters play at Middlesex")
	assert.Equal(t, "prince_edward", blocks[s.kingBlock()].ID)
}

// TestR3_7_1_SupplyLimits: six blocks in Cornwall lose two steps; the
// owner names them.
// Rules: R3-7.1a R3-7.1b R3-7.1c R3-1.4.
func TestR3_7_1_SupplyLimits(t *testing.T) {
	s := newGame(t)
	for _, id := range []string{"oxford", "beaumont", "wiltshire", "clifford"} {
		place(s, id, "cornwall")
	}
	assert.Equal(t, 6, s.count(areaOf("cornwall"), Lancaster))
	var ev []adjudicator.Event
	toSupply(s)
	s.startSupply(&ev)
	require.Equal(t, phSupply, s.Phase)
	require.Equal(t, int8(1), s.Stage)
	s, _ = play(t, s, RoleLancaster, nil, "lose Cornwall: Devon, Oxford")
	assert.Equal(t, int8(1), s.Str[bi("devon")])
	assert.Equal(t, int8(2), s.Str[bi("oxford")])
	assert.Equal(t, phCard, s.Phase)
	// A city area supplies five.
	s2 := newGame(t)
	for _, id := range []string{"oxford", "beaumont", "wiltshire", "clifford"} {
		place(s2, id, "middlesex")
	}
	assert.Empty(t, s2.overstacks(Lancaster))
}

// TestR3_7_2_ExileLimits: three York blocks in Ireland without the Irish:
// one loses a step.
// Rules: R3-7.2a R3-7.2b R3-7.2d.
func TestR3_7_2_ExileLimits(t *testing.T) {
	s := newGame(t)
	place(s, "march", "ireland")
	o := s.overstacks(York)
	require.Len(t, o, 1)
	assert.Equal(t, 1, o[0].Excess, "the Irish are supplied on top")
	s.Loc[bi("irish_mercenary")] = int8(areaOf("calais"))
	o = s.overstacks(York)
	require.Len(t, o, 1)
	assert.Equal(t, 1, o[0].Excess)
}

// TestR3_8_2_Usurpation counts nobles, Church blocks, heirs and London.
// Rules: R3-8.0 R3-8.1 R3-8.2a R3-8.2b R3-8.2c R3-8.2d R3-3.23a R3-2.82b.
func TestR3_8_2_Usurpation(t *testing.T) {
	s := newGame(t)
	// 1460: Lancaster has Henry VI, Somerset, Exeter, Devon, Pembroke,
	// Wiltshire, Oxford, Beaumont, Clifford, plus London: 10. York's are
	// all in exile: 0.
	assert.Equal(t, 10, s.usurpCount(Lancaster))
	assert.Equal(t, 0, s.usurpCount(York))
	clearMap(s)
	place(s, "henry_vi", "cornwall")
	place(s, "york", "middlesex")
	place(s, "stanley_l", "isle_of_man")
	assert.Equal(t, 2, s.usurpCount(York))
	assert.Equal(t, 1, s.usurpCount(Lancaster))
	s.Turn = 7
	s.Phase = phSupply
	s.Hand = [2]uint32{}
	var ev []adjudicator.Event
	s.dice = testdice.New(1)
	s.endTurn(&ev)
	assert.Equal(t, York, s.King, "the Pretender usurps")
	require.Equal(t, phPretenderHome, s.Phase)
	assert.True(t, s.owes(Lancaster))
	s, _ = play(t, s, RoleLancaster, nil, "home Henry VI -> Scotland")
	require.Equal(t, phKingHome, s.Phase)
	s, _ = play(t, s, RoleYork, nil, "pass")
	assert.Equal(t, 2, s.Campaign)
	assert.Equal(t, "york", blocks[s.kingBlock()].ID)
	assert.Equal(t, "henry_vi", blocks[s.pretenderBlock()].ID)
	assert.Equal(t, Lancaster, s.owner(bi("rebel")))
	// The deposed King went into exile (8.3).
	assert.Equal(t, Lancaster, areas[s.Loc[bi("henry_vi")]].Exile)
}

// TestR3_9_0_Victory: all five heirs dead ends the game at once; after
// the third campaign the King wins.
// Rules: R3-9.0a R3-9.0b R3-1.0a.
func TestR3_9_0_Victory(t *testing.T) {
	s := newGame(t)
	for r := 0; r < 5; r++ {
		s.eliminate(heirsOf[York][r], "test")
	}
	s.checkVictory()
	assert.True(t, s.Finished)
	assert.Equal(t, Lancaster, s.Winner)
	assert.Equal(t, []adjudicator.Role{RoleLancaster}, s.Status().Winner)
	s2 := newGame(t)
	s2.Campaign, s2.Turn, s2.Phase = 3, 7, phSupply
	var ev []adjudicator.Event
	s2.endTurn(&ev)
	assert.True(t, s2.Finished)
	assert.Equal(t, Lancaster, s2.Winner)
	assert.Empty(t, s2.Prompts())
}

// toSupply makes a test state look like the end of a turn's battles.
func toSupply(s *State) {
	for sd := 0; sd < 2; sd++ {
		h := handCards(s.Hand[sd])
		s.Hand[sd] &^= 1 << h[0]
	}
}

func sixes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 6
	}
	return out
}

// TestR3_6_2_Round4Retreat: no retreat in round 1; after three rounds the
// attacker must retreat in round 4, and a block that cannot retreat is
// eliminated.
// Rules: R3-6.2a R3-6.2d R3-6.2e R3-6.2g R3-6.6a R3-6.6e.
func TestR3_6_2_Round4Retreat(t *testing.T) {
	setup := func(blockRetreat bool) (*State, *adjudicator.Result) {
		s := battleSetup(t)
		place(s, "devon", "derby")
		place(s, "march", "chester")
		if blockRetreat {
			for _, a := range []string{"leicester", "lincoln", "south_yorks", "warwick"} {
				place(s, map[string]string{"leicester": "beaumont", "lincoln": "clifford", "south_yorks": "wiltshire", "warwick": "somerset"}[a], a)
			}
			place(s, "pembroke", "lancaster")
			place(s, "exeter_l", "lancaster")
		}
		s = playCards(t, s, "2", "4")
		s, _ = play(t, s, RoleYork, nil, "move Chester -> Derby: March", "battle Derby: ask")
		p2 := "pass"
		if blockRetreat {
			p2 = "move Lancaster -> Chester: Pembroke"
		}
		d := &testdice.Script{Rolls: sixes(60)}
		s, res := play(t, s, RoleLancaster, d, p2)
		require.Equal(t, phBattle, s.Phase)
		ch := strings.Join(s.Battle.Pending.Strings(s.nameOf), ";")
		assert.NotContains(t, ch, "retreat", "no retreat in round 1")
		var all strings.Builder
		for k := 0; k < 8 && s.Phase == phBattle; k++ {
			def := s.Default(RoleYork)
			require.NotNil(t, def)
			s, res = play(t, s, RoleYork, d, def.Lines[0].Text)
			all.WriteString(eventsText(res, RoleYork))
		}
		res.Events = []adjudicator.Event{{Text: all.String()}}
		return s, res
	}
	s, res := setup(false)
	assert.Contains(t, eventsText(res, RoleYork), "Round 4  March retreats to")
	assert.True(t, onMap(s.Loc[bi("march")]) && int(s.Loc[bi("march")]) != areaOf("derby"))
	s, res = setup(true)
	assert.Contains(t, eventsText(res, RoleYork), "March cannot retreat and is eliminated")
	assert.Equal(t, locDead, s.Loc[bi("march")])
}
