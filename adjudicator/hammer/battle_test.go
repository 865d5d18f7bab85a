package hammer

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sixes(n int) []int {
	r := make([]int, n)
	for i := range r {
		r[i] = 6
	}
	return r
}

// fight runs the battle(s) of s with attacker att in area a and returns
// the state afterwards and the narrative.
func fight(t testing.TB, s *St, a string, att int, d adjudicator.Dice) (*St, string) {
	t.Helper()
	n := s.clone()
	n.bd().Att[area(a)] = int8(att)
	n.Phase = PhBattle
	n.After = phEndTurn
	n.GT = 2
	var ev []adjudicator.Event
	n.continueFlow(d, &ev)
	var b strings.Builder
	for _, e := range ev {
		b.WriteString(e.Text + "\n")
	}
	return n, b.String()
}

// TestH5_31d_BattleOrder: an English knight (B3) and infantry (C2) attack
// a Scottish noble at home (B3) and infantry (C2): each round the order is
// Scottish noble, English knight, Scottish infantry, English infantry.
// After three rounds the attacker must retreat. (H-5.31a, H-5.31b, H-5.31c, H-5.31d, H-1.4b,
// H-2.12a, H-5.3a, H-5.0)
// Rules also covered: H-5.3b.
func TestH5_31d_BattleOrder(t *testing.T) {
	s := emptyState(t)
	put(t, s, "buchan_scot", "buchan", 0)
	put(t, s, "lindsay", "buchan", 0)
	put(t, s, "york_knights", "buchan", 0)
	put(t, s, "york_infantry", "buchan", 0)
	d := &testdice.Script{Rolls: sixes(200)}
	ns, text := fight(t, s, "buchan", England, d)
	var order []string
	for _, p := range d.Log {
		if strings.HasPrefix(p, "battle buchan r1 ") {
			id := strings.TrimPrefix(p, "battle buchan r1 ")
			if len(order) == 0 || order[len(order)-1] != id {
				order = append(order, id)
			}
		}
	}
	assert.Equal(t, []string{"buchan_scot", "york_knights", "lindsay", "york_infantry"}, order)
	assert.Contains(t, text, "Buchan noble (B3, defending)")
	assert.Contains(t, text, "must retreat")
	assert.Equal(t, int8(area("angus")), ns.Loc[blk("york_knights")], text)
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("lindsay")])
}

// TestH1_4c_NoBonusAttackingHome: a noble attacking into his home fires
// B2. (H-1.4c, AMB-16)
func TestH1_4c_NoBonusAttackingHome(t *testing.T) {
	s := emptyState(t)
	put(t, s, "buchan_scot", "buchan", 0)
	put(t, s, "york_infantry", "buchan", 0)
	_, text := fight(t, s, "buchan", Scotland, &testdice.Script{Rolls: sixes(100)})
	assert.Contains(t, text, "Buchan noble (B2)")
}

// TestH5_7a_NobleCapture: an eliminated noble changes sides at strength 1
// (H-5.7a, H-2.22b); Moray is removed instead (H-5.7b); black-cross blocks
// die for good (H-5.8b, H-5.8d); other blocks go to the pool (H-5.8a).
func TestH5_7a_NobleCapture(t *testing.T) {
	s := emptyState(t)
	put(t, s, "buchan_eng", "buchan", 1)
	put(t, s, "douglas", "buchan", 0)
	// the noble (B3 at home) misses, Douglas hits once
	ns, text := fight(t, s, "buchan", Scotland, &testdice.Script{Rolls: []int{6, 1, 6, 6, 6}})
	assert.Contains(t, text, "captured")
	assert.Equal(t, int8(area("buchan")), ns.Loc[blk("buchan_scot")], text)
	assert.Equal(t, int8(1), ns.Str[blk("buchan_scot")])
	assert.Equal(t, int8(LocOut), ns.Loc[blk("buchan_eng")])
	require.NoError(t, ns.Check())

	s = emptyState(t)
	put(t, s, "moray", "moray", 1)
	put(t, s, "wallace", "moray", 1)
	put(t, s, "keith", "moray", 1)
	put(t, s, "york_knights", "moray", 0)
	ns, text = fight(t, s, "moray", England, &testdice.Script{Rolls: []int{6, 6, 6, 1, 1, 1, 1}, Fallback: testdice.New(9)})
	assert.Equal(t, int8(LocRemoved), ns.Loc[bMoray], text)
	assert.Equal(t, int8(LocRemoved), ns.Loc[bWallace], text)
	assert.Equal(t, int8(LocPool), ns.Loc[blk("keith")], text)
}

// TestH6_1a_EdwardKilled: Edward I killed in battle becomes Edward II in
// the pool (AMB-01); Edward II killed in battle gives Scotland the game
// (H-6.1c, H-9.1c); the Scottish King killed in battle gives England the
// game (H-9.1b).
func TestH6_1a_EdwardKilled(t *testing.T) {
	s := emptyState(t)
	put(t, s, "edward", "lothian", 1)
	put(t, s, "douglas", "lothian", 0)
	ns, _ := fight(t, s, "lothian", Scotland, &testdice.Script{Rolls: []int{6, 1, 6, 6, 6}})
	assert.True(t, ns.Ed2)
	assert.Equal(t, int8(LocPool), ns.Loc[bEdward])
	assert.False(t, ns.Fin)

	s.Ed2 = true
	ns, _ = fight(t, s, "lothian", Scotland, &testdice.Script{Rolls: []int{6, 1, 6, 6, 6}})
	require.True(t, ns.Fin)
	assert.Equal(t, []adjudicator.Role{RoleScotland}, ns.Status().Winner)

	s = emptyState(t)
	put(t, s, "scottish_king", "fife", 1)
	put(t, s, "york_knights", "fife", 0)
	put(t, s, "douglas", "mar", 0)
	ns, _ = fight(t, s, "fife", England, &testdice.Script{Rolls: []int{6, 1, 6, 6, 6}})
	require.True(t, ns.Fin)
	assert.Equal(t, []adjudicator.Role{RoleEngland}, ns.Status().Winner)
}

// TestH5_2_CelticCohesion: Welsh and Ulster blocks roll before combat; 5-6
// sends them to the pool. (H-5.2, AMB-17)
func TestH5_2_CelticCohesion(t *testing.T) {
	s := emptyState(t)
	put(t, s, "wales_infantry", "lothian", 0)
	put(t, s, "ulster_infantry", "lothian", 0)
	put(t, s, "douglas", "lothian", 0)
	d := &testdice.Script{Rolls: append([]int{5, 2}, sixes(100)...)}
	ns, text := fight(t, s, "lothian", Scotland, d)
	assert.Equal(t, "celtic cohesion wales_infantry", d.Log[0])
	assert.Equal(t, "celtic cohesion ulster_infantry", d.Log[1])
	assert.Contains(t, text, "Wales Infantry rolls 5")
	assert.Equal(t, int8(LocPool), ns.Loc[blk("wales_infantry")])
	assert.Equal(t, int8(area("lothian")), ns.Loc[blk("ulster_infantry")])
}

// TestH5_4c_Schiltroms: with the option, Scottish infantry fires one
// better when the English have no archers in the battle. (H-5.4c, AMB-55)
func TestH5_4c_Schiltroms(t *testing.T) {
	s := emptyState(t)
	s.Schil = true
	put(t, s, "campbell", "lothian", 0)
	put(t, s, "york_infantry", "lothian", 0)
	_, text := fight(t, s, "lothian", Scotland, &testdice.Script{Rolls: sixes(100)})
	assert.Contains(t, text, "Campbell (C3)")
	put(t, s, "lancaster_archers", "lothian", 0)
	_, text = fight(t, s, "lothian", Scotland, &testdice.Script{Rolls: sixes(100)})
	assert.Contains(t, text, "Campbell (C2)")
	s.Schil = false
	s.Loc[blk("lancaster_archers")] = LocPool
	_, text = fight(t, s, "lothian", Scotland, &testdice.Script{Rolls: sixes(100)})
	assert.Contains(t, text, "Campbell (C2)")
}

// TestH5_5_RetreatRules: retreats go to adjacent friendly or empty areas,
// never across a border the enemy attacked by, never into a battle, never
// across the Anglo-Scottish border the wrong way, within border limits;
// the Norse retreats to friendly coasts. (H-5.5a, H-5.5b, H-5.5c, H-5.5d, H-5.5e, H-5.5f, H-5.5g, H-5.5h, H-5.5i, H-5.6a, H-5.6b, H-5.6c, H-5.6d, AMB-05)
// Rules also covered: H-4.5.
func TestH5_5_RetreatRules(t *testing.T) {
	s := emptyState(t)
	for _, id := range []string{"douglas", "campbell", "graham"} {
		put(t, s, id, "buchan", 0)
	}
	put(t, s, "norse", "buchan", 0)
	put(t, s, "fraser", "fife", 0)
	put(t, s, "york_infantry", "angus", 0)
	put(t, s, "cumbria_infantry", "badenoch", 0)
	put(t, s, "lancaster_infantry", "mar", 0)
	put(t, s, "grant", "mar", 0) // an unresolved battle in Mar
	moving(s, England, England, 1)
	s, _ = apply(t, s, testdice.New(1), RoleEngland, "move Angus -> Buchan: York Infantry")
	h := &hooks{s: s, area: area("buchan")}
	bt := s.newBattle(area("buchan"))
	opts := h.RetreatOptions(bt, bt.Block("douglas"), false)
	assert.Equal(t, []string{"strathspey"}, opts) // not Angus (entry), Badenoch (enemy), Mar (battle)
	assert.Equal(t, []string{"fife"}, h.RetreatOptions(bt, bt.Block("norse"), false))
	// English retreat from Buchan: friendly first, then empty; not Mar
	assert.Equal(t, []string{"badenoch", "angus", "strathspey"}, h.RetreatOptions(bt, bt.Block("york_infantry"), true))

	// Scots in England may not retreat... into England; English in
	// England may not retreat into Scotland
	s = emptyState(t)
	put(t, s, "douglas", "england", 0)
	put(t, s, "york_infantry", "england", 0)
	put(t, s, "barclay", "dunbar", 0)
	s.bd().BUse[adj[area("dunbar")][AreaEngland]][0] = 2 // Scots entered from Dunbar
	h = &hooks{s: s, area: AreaEngland}
	bt = s.newBattle(AreaEngland)
	assert.Empty(t, h.RetreatOptions(bt, bt.Block("york_infantry"), false))
	assert.Equal(t, []string{"dunbar", "annan", "teviot"}, h.RetreatOptions(bt, bt.Block("douglas"), false))
}

// TestH5_32f_ControlChange: if the attacker clears the field in round 1
// before the defender's reserves arrive, the sides swap roles. (H-5.32d, H-5.32e, H-5.32f,
// AMB-21)
func TestH5_32f_ControlChange(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 1)
	put(t, s, "barclay", "moray", 0)
	for _, id := range []string{"york_infantry", "lancaster_infantry"} {
		put(t, s, id, "angus", 0)
	}
	moving(s, England, England, 1)
	d := &testdice.Script{Rolls: append([]int{6, 1}, sixes(100)...)}
	s, _ = apply(t, s, d, RoleEngland, "move Angus -> Buchan: all")
	s.Play[Scotland] = s.Play[England]
	_, res := apply(t, s, d, RoleScotland, "move Moray -> Strathspey -> Buchan: Barclay")
	text := eventText(res, RoleScotland)
	assert.Contains(t, text, "now defends")
	assert.Contains(t, text, "reserves arrive: Barclay")
}

// TestH5_41a_HitsToStrongest: each hit goes to the strongest block; the
// owner's standing order settles ties. (H-5.41a, H-5.41b, AMB-19)
func TestH5_41a_HitsToStrongest(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "lothian", 3)
	put(t, s, "barclay", "lothian", 3)
	put(t, s, "lindsay", "lothian", 2)
	put(t, s, "york_knights", "lothian", 4)
	s.setStand(Scotland, area("lothian"), "hits Barclay")
	// knight (B3) fires first: 1 1 6 6 -> 2 hits: Barclay (tie, chosen), then Douglas 3 > Barclay 2
	ns, text := fight(t, s, "lothian", England, &testdice.Script{Rolls: append([]int{1, 1, 6, 6}, sixes(200)...)})
	assert.Equal(t, int8(2), ns.Str[blk("barclay")], text)
	assert.Equal(t, int8(2), ns.Str[blk("douglas")], text)
	assert.Equal(t, int8(2), ns.Str[blk("lindsay")], text)
}

// TestH5_6_Regroup: the victor regroups by standing orders to adjacent
// friendly or empty areas. (H-5.6a, H-5.6b, H-5.6c, H-5.6d)
func TestH5_6_Regroup(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "lothian", 0)
	put(t, s, "york_infantry", "lothian", 1)
	s.setStand(Scotland, area("lothian"), "regroup Douglas to Mentieth")
	ns, text := fight(t, s, "lothian", Scotland, &testdice.Script{Rolls: append([]int{6, 1}, sixes(100)...)})
	assert.Equal(t, int8(area("mentieth")), ns.Loc[blk("douglas")], text)
}

// TestBattleAskMode: a player who asks to decide round by round gets a
// prompt for each of his battle turns. (H-5.31a, H-5.5a)
func TestBattleAskMode(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "lothian", 0)
	put(t, s, "york_infantry", "lothian", 0)
	s.setStand(Scotland, area("lothian"), "ask")
	d := &testdice.Script{Rolls: sixes(100)}
	ns, _ := fight(t, s, "lothian", England, d)
	require.NotNil(t, ns.Bat)
	ps := ns.Prompts()
	require.Len(t, ps, 1)
	assert.Equal(t, RoleScotland, ps[0].Role)
	assert.Equal(t, "battle", ps[0].Kind)
	assert.Contains(t, ps[0].Choices, "fire")
	require.NoError(t, ns.Check())
	data, err := ns.Encode()
	require.NoError(t, err)
	back, err := Game{}.Decode(data)
	require.NoError(t, err)
	ns2, _ := apply(t, back.(*St), d, RoleScotland, "retreat to Mentieth")
	assert.Equal(t, int8(area("mentieth")), ns2.Loc[blk("douglas")])
	assert.Nil(t, ns2.Bat)
}

// TestH5_5g_NoRetreatEliminated: an attacker that must retreat after
// round 3 but has nowhere to go is eliminated. (H-5.5g, AMB-15, AMB-47)
func TestH5_5g_NoRetreatEliminated(t *testing.T) {
	s := emptyState(t)
	put(t, s, "douglas", "buchan", 0)
	put(t, s, "york_infantry", "buchan", 0)
	for _, x := range [][2]string{{"lancaster_infantry", "angus"}, {"durham_infantry", "strathspey"}, {"cumbria_infantry", "badenoch"}, {"westmor_infantry", "mar"}} {
		put(t, s, x[0], x[1], 0)
	}
	ns, text := fight(t, s, "buchan", Scotland, &testdice.Script{Rolls: sixes(200)})
	assert.Contains(t, text, "cannot retreat")
	assert.Equal(t, int8(LocPool), ns.Loc[blk("douglas")], text)
}

// TestH5_4b_KnightRollsThreeDice: a knight (B3) at strength 3 rolls three
// dice; 2, 4 and 5 give one hit and two misses. (H-5.4a, H-5.4b,
// H-2.11a, H-2.12b)
func TestH5_4b_KnightRollsThreeDice(t *testing.T) {
	s := emptyState(t)
	put(t, s, "york_knights", "lothian", 3)
	put(t, s, "douglas", "lothian", 4)
	// Douglas is C: the knight fires first
	ns, text := fight(t, s, "lothian", England, &testdice.Script{Rolls: append([]int{2, 4, 5}, sixes(100)...)})
	assert.Contains(t, text, "York Knights (B3) 2 4 5 → 1 hit on Douglas (4→3)")
	assert.Equal(t, int8(3), ns.Str[blk("douglas")])
}
