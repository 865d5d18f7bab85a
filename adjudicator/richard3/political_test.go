package richard3

import (
	"math/bits"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestR3_Registration: the game is registered with its scenarios,
// roles and options.
// Rules: R3-4.0 R3-SCN R3-0.1a.
func TestR3_Registration(t *testing.T) {
	g, err := adjudicator.Lookup("richard")
	require.NoError(t, err)
	info := g.Info()
	assert.Equal(t, "richard-iii", info.Name)
	assert.Equal(t, []adjudicator.Role{RoleLancaster, RoleYork}, info.Roles)
	var ids []string
	for _, sc := range info.Scenarios {
		ids = append(ids, sc.ID)
	}
	assert.Equal(t, []string{"wars-of-the-roses", "kingmaker", "richard-iii"}, ids)
	for _, sc := range []string{"kingmaker", "richard-iii"} {
		st, err := g.Setup(sc, nil, testdice.New(1))
		require.NoError(t, err)
		s := st.(*State)
		require.NoError(t, s.Check())
		assert.Equal(t, map[string]int{"kingmaker": 2, "richard-iii": 3}[sc], s.Campaign)
	}
	st, _ := g.Setup("kingmaker", nil, testdice.New(1))
	s := st.(*State)
	assert.Equal(t, York, s.King)
	assert.Equal(t, locCaptive, s.Loc[bi("henry_vi")], "Henry VI is a prisoner")
	assert.Equal(t, "prince_edward", blocks[s.pretenderBlock()].ID)
	_, err = g.Setup("wars", adjudicator.Options{"reserve-exception": "sometimes"}, testdice.New(1))
	assert.Error(t, err)
}

// TestR3_Names: block IDs tell apart names shared with areas; players may
// use names and prefixes.
// Rules: R3-4.4f R3-3.14 R3-3.22a R3-3.22c R3-2.82a R3-2.7a R3-2.6a R3-2.81a.
func TestR3_Names(t *testing.T) {
	b, err := matchBlock("york", []int{bi("york"), bi("york_church_y"), bi("york_levy")}, "block")
	require.NoError(t, err)
	assert.Equal(t, "york", blocks[b].ID)
	b, err = matchBlock("york lev", []int{bi("york"), bi("york_church_y"), bi("york_levy")}, "block")
	require.NoError(t, err)
	assert.Equal(t, "york_levy", blocks[b].ID)
	a, err := matchArea("e angl")
	require.NoError(t, err)
	assert.Equal(t, "east_anglia", areas[a].ID)
	a, err = matchArea("London")
	require.NoError(t, err)
	assert.Equal(t, "middlesex", areas[a].ID)
	_, err = matchArea("Isle of Wight")
	assert.Error(t, err, "the Isle of Wight is not used in play")
	exiles := map[string]Side{}
	wales := 0
	for _, ar := range areas {
		if ar.Exile != NoSide {
			exiles[ar.ID] = ar.Exile
		}
		if ar.Wales {
			wales++
		}
	}
	assert.Equal(t, map[string]Side{"france": Lancaster, "scotland": Lancaster, "calais": York, "ireland": York}, exiles)
	assert.Equal(t, 4, wales)
	// Two-version nobles: one logical block, two labels (Rivers 1 / 2).
	assert.Equal(t, int8(1), blocks[bi("rivers_l")].Loyalty)
	assert.Equal(t, int8(2), blocks[bi("rivers_y")].Loyalty)
	assert.Equal(t, bi("rivers_y"), blocks[bi("rivers_l")].Counter)
}

// TestR3_1_1e_MustPlayCard: a card must be played; unused AP are lost.
// Rules: R3-1.1e R3-1.2e R3-5.4i R3-3.24a R3-3.11a.
func TestR3_1_1e_MustPlayCard(t *testing.T) {
	s := newGame(t)
	probs := reject(t, s, RoleLancaster, "pass")
	assert.NotEmpty(t, probs[0].Legal)
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "pass")
	assert.Equal(t, phAction2, s.Phase, "York's 4 AP are lost")
	// Blocks in play never gain steps during a campaign; levies start in the pool.
	assert.Equal(t, locPool, s.Loc[bi("london_levy")])
	for i := 0; i < nBlocks; i++ {
		if onMap(s.Loc[i]) {
			assert.LessOrEqual(t, s.Str[i], blocks[i].Steps)
		}
	}
}

// TestR3_6_3_Example2: one Main Attack by three blocks from three areas
// across the Oxford/Sussex river.
// Rules: R3-6.3d R3-2.1b R3-6.3a.
func TestR3_6_3_Example2(t *testing.T) {
	s := battleSetup(t)
	place(s, "oxford", "middlesex")
	place(s, "beaumont", "oxford")
	place(s, "clifford", "gloucester")
	place(s, "norfolk", "sussex")
	place(s, "suffolk", "sussex")
	s = playCards(t, s, "4", "2")
	require.Equal(t, Lancaster, s.P1)
	s, _ = play(t, s, RoleLancaster, nil, "move Middlesex -> Oxford -> Sussex: Oxford", "move Oxford -> Sussex: Beaumont", "move Gloucester -> Oxford -> Sussex: Clifford", "battle Sussex: ask")
	assert.True(t, s.contested(areaOf("sussex")), "Sussex is contested until its battle")
	s, _ = play(t, s, RoleYork, nil, "pass")
	require.Equal(t, phBattle, s.Phase)
	for _, b := range s.Battle.Blocks {
		assert.Equal(t, columbia.Main, b.Group, b.ID)
	}
	probs := reject(t, s, RoleLancaster, "fire", "fire")
	assert.NotEmpty(t, probs)
}

// TestR3_6_3_ReserveOption: the Italian reading keeps the attacker's
// reserves waiting; the Spanish deploys them at once.
// Rules: R3-6.3f R3-6.3g.
func TestR3_6_3_ReserveOption(t *testing.T) {
	for _, opt := range []string{"both", "defender"} {
		st, err := Game{}.Setup("", adjudicator.Options{"reserve-exception": opt, "mulligan": "off"}, testdice.New(7))
		require.NoError(t, err)
		s := st.(*State)
		s.Loc[bi("march")] = locDead
		s.BArea = int8(areaOf("kent"))
		var ev []adjudicator.Event
		place(s, "clifford", "kent")
		place(s, "norfolk", "sussex")
		place(s, "suffolk", "middlesex")
		s.Loc[bi("henry_vi")] = int8(areaOf("cornwall"))
		s.Fronts[areaOf("kent")] = front{Att: York, Main: int8(borderAt[areaOf("kent")][areaOf("sussex")] + 1), Seq: 1}
		s.Loc[bi("norfolk")], s.Entry[bi("norfolk")] = int8(areaOf("kent")), s.Fronts[areaOf("kent")].Main
		s.Loc[bi("suffolk")], s.Entry[bi("suffolk")] = int8(areaOf("kent")), int8(borderAt[areaOf("kent")][areaOf("middlesex")]+1)
		s.startBattle(areaOf("kent"), testdice.New(1), true, &ev)
		want := columbia.ExceptionBothSides
		if opt == "defender" {
			want = columbia.ExceptionDefenderOnly
		}
		assert.Equal(t, want, s.Battle.Rules.ReserveException)
		assert.True(t, s.Battle.Rules.ControlChange)
	}
}

// TestR3_6_5_Charge: the senior heir charges a named block; excess hits
// are lost; a surviving target fires back at the heir.
// Rules: R3-6.5a R3-6.5b R3-6.5c R3-A7.
func TestR3_6_5_Charge(t *testing.T) {
	s := battleSetup(t)
	place(s, "devon", "derby")     // B2, 2 steps
	place(s, "wiltshire", "derby") // B2, 3 steps
	place(s, "march", "chester")   // A3, 3 steps
	place(s, "rutland", "chester") // B1
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "move Chester -> Derby: March, Rutland", "battle Derby: ask")
	s, _ = play(t, s, RoleLancaster, nil, "pass")
	require.Equal(t, phBattle, s.Phase)
	p := s.Battle.Pending
	require.Equal(t, "march", p.Block)
	ch := strings.Join(p.Strings(s.nameOf), "; ")
	assert.Contains(t, ch, "charge Devon")
	assert.Contains(t, ch, "charge Wiltshire")
	assert.NotContains(t, ch, "treachery", "March is neither King nor Pretender")
	// March charges Wiltshire: 1 1 1 = 3 hits, Wiltshire eliminated with no
	// bonus shot; the overflow is lost.
	d := &testdice.Script{Rolls: []int{1, 1, 1}, Fallback: testdice.New(2)}
	s2, res := play(t, s, RoleYork, d, "charge Wiltshire")
	txt := eventsText(res, RoleLancaster)
	assert.Contains(t, txt, "charges Wiltshire")
	assert.Equal(t, int8(2), s2.Str[bi("devon")], "excess hits do not spill over")
	// March charges Devon: one hit; Devon survives and fires back at March.
	d = &testdice.Script{Rolls: []int{1, 6, 6, 2, 5}, Fallback: testdice.New(2)}
	_, res = play(t, s, RoleYork, d, "charge Devon")
	txt = eventsText(res, RoleYork)
	assert.Contains(t, txt, "bonus shot at March")
}

// TestR3_8_3_GoingHome: the Pretender's heirs go into exile, nobles to
// their shields or the pool; the King's heirs to a shield or Crown; blocks
// in exile stay; then the campaign reset and a new deal.
// Rules: R3-8.3a R3-8.3b R3-8.3c R3-8.4a R3-8.4b R3-8.4c R3-8.5d R3-9.1f R3-7.2c R3-A25 R3-A28.
func TestR3_8_3_GoingHome(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	place(s, "henry_vi", "middlesex")
	place(s, "somerset", "warwick")
	place(s, "wiltshire", "dorset")    // home Wilts
	place(s, "york", "gloucester")     // Pretender: must go to Calais or Ireland
	place(s, "march", "calais")        // already in exile: stays
	place(s, "warwick_y", "oxford")    // homes Warwick, Glamorgan, Calais
	place(s, "hastings", "derby")      // home Leicester
	place(s, "kent_y", "essex")        // home East Yorks (enemy-held) -> Calais
	place(s, "clifford", "east_yorks") // Lancaster holds East Yorks
	place(s, "exeter_y", "sussex")     // defected Exeter goes to Cornwall
	s.Loc[bi("exeter_l")] = locAside
	place(s, "salisbury_y", "ireland")
	place(s, "rutland", "ireland")
	place(s, "clarence_y", "ireland") // Ireland: 3 non-mercenaries + the Irish
	place(s, "irish_mercenary", "ireland")
	s.Turn, s.Phase, s.Hand = 7, phSupply, [2]uint32{}
	var ev []adjudicator.Event
	s.dice = testdice.New(3)
	s.endTurn(&ev)
	require.Equal(t, Lancaster, s.King)
	require.Equal(t, phPretenderHome, s.Phase)
	opts := func(id string) []string {
		var out []string
		for _, a := range s.homeOptions(bi(id)) {
			if a < 0 {
				out = append(out, "pool")
			} else {
				out = append(out, areas[a].ID)
			}
		}
		return out
	}
	assert.ElementsMatch(t, []string{"calais", "ireland"}, opts("york"))
	assert.Nil(t, opts("march"), "blocks in exile stay")
	assert.ElementsMatch(t, []string{"glamorgan", "calais"}, opts("warwick_y"), "Warwick (the area) is enemy-held")
	assert.Equal(t, []string{"calais"}, opts("kent_y"))
	assert.Equal(t, []string{"cornwall"}, opts("exeter_y"))
	s, res := play(t, s, RoleYork, nil, "home York -> Ireland", "home Warwick -> Calais")
	assert.Contains(t, eventsText(res, RoleLancaster), "York to Ireland")
	assert.Equal(t, int8(areaOf("leicester")), s.Loc[bi("hastings")])
	require.Equal(t, phKingHome, s.Phase)
	hv := opts("henry_vi")
	assert.Contains(t, hv, "middlesex")
	assert.Contains(t, hv, "lincoln", "a Lancaster shield")
	assert.Contains(t, hv, "cumbria", "any Crown")
	s, _ = play(t, s, RoleLancaster, nil, "home Henry VI -> Lincoln")
	assert.Equal(t, int8(areaOf("wilts")), s.Loc[bi("wiltshire")])
	assert.Equal(t, int8(areaOf("cornwall")), s.Loc[bi("exeter_y")])
	// Reset: Ireland holds York, Rutland, Clarence, Salisbury: two over the
	// limit; two non-heirs go to the pool... only Salisbury is not an heir.
	assert.Equal(t, phCard, s.Phase)
	assert.Equal(t, 2, s.Campaign)
	assert.Equal(t, locPool, s.Loc[bi("salisbury_y")])
	assert.Equal(t, 7, bits.OnesCount32(s.Hand[0]))
	assert.Equal(t, 7, bits.OnesCount32(s.Hand[1]))
}

// TestR3_2_2_DefectorShield: a block that defects to the defender, or
// moved in this turn, gets the defender's shield bonus; any York heir uses
// the York shields.
// Rules: R3-2.2c R3-2.2e.
func TestR3_2_2_DefectorShield(t *testing.T) {
	s := battleSetup(t)
	place(s, "rutland", "rutland")
	place(s, "buckingham_y", "warwick")
	s.Loc[bi("buckingham_l")] = locAside
	place(s, "clifford", "leicester")
	s.Fronts[areaOf("warwick")] = front{Att: Lancaster, Main: int8(borderAt[areaOf("warwick")][areaOf("leicester")] + 1), Seq: 1}
	s.Loc[bi("clifford")] = int8(areaOf("warwick"))
	s.Entry[bi("clifford")] = s.Fronts[areaOf("warwick")].Main
	var ev []adjudicator.Event
	s.startBattle(areaOf("warwick"), testdice.New(1), true, &ev)
	h := &hooks{s: s}
	assert.Equal(t, 3, h.Firepower(s.Battle, s.Battle.Block("buckingham_y")), "defending his shield")
	s.BArea = int8(areaOf("rutland"))
	r := columbia.Block{ID: "rutland", Side: RoleYork, Data: bi("rutland")}
	assert.Equal(t, 2, h.Firepower(s.Battle, &r), "York heirs share the York shields (B1+1)")
}

// TestR3_7_2c_ExileResetChoice: at Campaign Reset the owner names the
// blocks over an exile limit that go to the pool.
// Rules: R3-7.2c R3-8.5d R3-A28.
func TestR3_7_2c_ExileResetChoice(t *testing.T) {
	s := newGame(t)
	for _, id := range []string{"norfolk", "suffolk", "essex"} {
		place(s, id, "calais")
	}
	// Calais: March, Warwick, Kent, Salisbury, Norfolk, Suffolk, Essex = 7
	// blocks besides its two mercenaries: three over the limit of four.
	s.Turn, s.Phase, s.Hand = 7, phSupply, [2]uint32{}
	var ev []adjudicator.Event
	s.dice = testdice.New(3)
	s.endTurn(&ev)
	for s.Phase == phPretenderHome || s.Phase == phKingHome {
		r := roleOf(s.pretender())
		if s.Phase == phKingHome {
			r = roleOf(s.King)
		}
		s, _ = play(t, s, r, nil, "pass")
	}
	require.Equal(t, phReset, s.Phase)
	require.True(t, s.owes(York))
	assert.False(t, s.owes(Lancaster))
	p := s.Prompts()[0]
	assert.Equal(t, "reset", p.Kind)
	probs := reject(t, s, RoleYork, "pool Norfolk, Suffolk, Essex, Warwick")
	assert.Contains(t, probs[0].Reason, "3 over its limit")
	s, _ = play(t, s, RoleYork, nil, "pool Norfolk, Warwick")
	assert.Equal(t, locPool, s.Loc[bi("norfolk")])
	assert.Equal(t, locPool, s.Loc[bi("warwick_y")])
	assert.Equal(t, 2, s.count(areaOf("calais"), York)-4, "two mercenaries and four others stay")
	assert.Equal(t, phCard, s.Phase)
	assert.Equal(t, 2, s.Campaign)
}
