package richard3

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// treasonSetup: York holds the Treason card and attacks Derby, where
// Lancaster's Stanley (loyalty 1) and Northumberland (loyalty 2) stand.
func treasonSetup(t *testing.T) *State {
	s := battleSetup(t)
	place(s, "stanley_l", "derby")
	place(s, "northumberland_l", "derby")
	place(s, "herbert", "chester")
	s.Loc[bi("stanley_y")] = locAside
	s.Loc[bi("northumberland_y")] = locAside
	s = playCards(t, s, "2", "Treason")
	require.Equal(t, York, s.P1)
	return s
}

func problemsText(ps []adjudicator.Problem) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Reason)
		b.WriteString(" | ")
		b.WriteString(strings.Join(p.Legal, ", "))
		b.WriteString("\n")
	}
	return b.String()
}

// TestR3_EV5_TreasonNamedTarget: the card player chooses the enemy block
// of his Treason roll by name (R3-EV.5, 6.9: the roller chooses; ruling
// R3-R8).
// Rules: R3-EV.5 R3-6.9e.
func TestR3_EV5_TreasonNamedTarget(t *testing.T) {
	s := treasonSetup(t)
	s, res := play(t, s, RoleYork, nil, "move Chester -> Derby: Herbert", "treason Derby on Northumberland")
	assert.Contains(t, res.Canonical, "treason Derby on Northumberland")
	// The reply repeats the choice and the default without saying where
	// Northumberland is.
	note := eventsText(res, RoleYork)
	assert.Contains(t, note, "Your Treason roll will be made against Northumberland if Northumberland is a legal target when the battle opens; otherwise the enemy block with the lowest loyalty")
	assert.NotContains(t, eventsText(res, RoleLancaster), "Northumberland")
	d := &testdice.Script{Rolls: []int{2, 4}, Fallback: testdice.New(5)}
	s, res = play(t, s, RoleLancaster, d, "pass")
	assert.Contains(t, eventsText(res, RoleLancaster), "The Treason card tries treachery on Northumberland (loyalty 2): 2 4 → Northumberland defects to york")
	assert.Equal(t, York, s.owner(bi("northumberland_y")))
	assert.Equal(t, Lancaster, s.owner(bi("stanley_l")))
}

// TestR3_EV5_TreasonTargetAbsent: a named block that is not a legal target
// in the battle leaves the default, the lowest loyalty (R3-EV.5, ruling
// R3-R8). The order is accepted whatever the named block's location, so
// it tells the player nothing he cannot see.
// Rules: R3-EV.5.
func TestR3_EV5_TreasonTargetAbsent(t *testing.T) {
	s := treasonSetup(t)
	// Warwick (Lancastrian version) is not on the map at all.
	s, res := play(t, s, RoleYork, nil, "move Chester -> Derby: Herbert", "treason on Warwick")
	assert.Contains(t, res.Canonical, "treason on Warwick")
	for _, hidden := range []string{"not in", "pool", "Derby on"} {
		assert.NotContains(t, eventsText(res, RoleYork), hidden)
	}
	d := &testdice.Script{Rolls: []int{4}, Fallback: testdice.New(5)}
	s, res = play(t, s, RoleLancaster, d, "pass")
	assert.Contains(t, eventsText(res, RoleLancaster), "The Treason card tries treachery on Stanley (loyalty 1): 4 → Stanley defects to york")
	assert.Equal(t, York, s.owner(bi("stanley_y")))
}

// TestR3_EV5_TreasonBadTarget: naming a block that can never be the
// target is refused with the reason and the printed candidates, never
// with where a block is (R3-EV.5, 3.13, 6.9).
// Rules: R3-EV.5 R3-3.13a.
func TestR3_EV5_TreasonBadTarget(t *testing.T) {
	s := treasonSetup(t)
	for order, want := range map[string]string{
		"treason Derby on Essex":      "Essex can never be the target of York's Treason roll",
		"treason on Oxford":           "Oxford can never be the target of York's Treason roll",
		"treason on Henry VI":         "Henry VI can never be the target of York's Treason roll",
		"treason Derby on Herbert":    "Herbert can never be the target",
		"treason Derby on Nobody":     "nobody",
		"treason Atlantis on Stanley": "atlantis",
		"treason":                     "name the battle, the target or both",
	} {
		ps := reject(t, s, RoleYork, "move Chester -> Derby: Herbert", order)
		txt := problemsText(ps)
		assert.Contains(t, strings.ToLower(txt), strings.ToLower(want), order)
		assert.NotContains(t, txt, "not in", order)
		if strings.Contains(want, "never") {
			// The legal targets are the printed ones, map or not.
			assert.Contains(t, txt, "Warwick", order)
			assert.Contains(t, txt, "Stanley", order)
		}
	}
	// Lancaster holds no Treason roll.
	s2 := battleSetup(t)
	s2 = playCards(t, s2, "Treason", "2")
	ps := reject(t, s2, RoleLancaster, "treason on Essex")
	assert.Contains(t, problemsText(ps), "Essex")
}

// TestR3_EV5_TreasonAsked: a player who fights the battle in ask mode and
// named no target there is asked when the battle opens, with the default
// first (R3-EV.5, ruling R3-R8).
// Rules: R3-EV.5 R3-6.9e.
func TestR3_EV5_TreasonAsked(t *testing.T) {
	s := treasonSetup(t)
	s, _ = play(t, s, RoleYork, nil, "move Chester -> Derby: Herbert", "treason Derby", "battle Derby: ask")
	s, _ = play(t, s, RoleLancaster, nil, "pass")
	require.Equal(t, phBattle, s.Phase)
	require.True(t, s.TreasonAsk)
	assert.Equal(t, []adjudicator.Role{RoleYork}, s.Owing())
	ps := s.Prompts()
	require.Len(t, ps, 1)
	assert.Equal(t, "treason", ps[0].Kind)
	assert.Equal(t, []string{"treason on Stanley", "treason on Northumberland"}, ps[0].Choices)
	assert.Contains(t, ps[0].Text, "Northumberland (loyalty 2)")
	assert.Equal(t, "treason on Stanley", s.Default(RoleYork).Lines[0].Text)
	// Bad answers: a block not in this battle, twice an answer.
	probs := problemsText(reject(t, s, RoleYork, "treason on Warwick"))
	assert.Contains(t, probs, "treason on Stanley, treason on Northumberland")
	probs = problemsText(reject(t, s, RoleYork, "treason on Stanley", "treason on Northumberland"))
	assert.Contains(t, probs, "only once")
	reject(t, s, RoleYork, "battle Derby: fire")
	d := &testdice.Script{Rolls: []int{5, 2}, Fallback: testdice.New(5)}
	s, res := play(t, s, RoleYork, d, "on North", "battle Derby: fire")
	assert.Equal(t, []string{"treason on Northumberland", "battle Derby: fire"}, res.Canonical)
	assert.Contains(t, eventsText(res, RoleLancaster), "The Treason card tries treachery on Northumberland (loyalty 2): 5 2 → stays loyal")
	assert.False(t, s.TreasonAsk)
	assert.Equal(t, int8(-1), s.Treason)
}

// TestR3_6_2b_FiringOrder: York's two B blocks act in the order York
// sets; the fixed order is the default (R3-6.2b, ruling R3-R22).
// Rules: R3-6.2b.
func TestR3_6_2b_FiringOrder(t *testing.T) {
	setup := func() *State {
		s := battleSetup(t)
		place(s, "rivers_l", "oxford")
		place(s, "clarence_y", "gloucester")
		place(s, "norfolk", "gloucester")
		return playCards(t, s, "2", "4")
	}
	run := func(extra ...string) []string {
		s := setup()
		s, _ = play(t, s, RoleYork, nil, append([]string{"move Gloucester -> Oxford: Clarence, Norfolk"}, extra...)...)
		d := &testdice.Script{Rolls: sixes(8), Fallback: testdice.New(3)}
		_, res := play(t, s, RoleLancaster, d, "pass")
		var who []string
		for _, l := range shotLines(res)[:3] {
			who = append(who, strings.Fields(l)[0])
		}
		return who
	}
	assert.Equal(t, []string{"Rivers", "Clarence", "Norfolk"}, run())
	assert.Equal(t, []string{"Rivers", "Norfolk", "Clarence"}, run("battle Oxford: order Norfolk"))
	assert.Equal(t, []string{"Rivers", "Norfolk", "Clarence"}, run("battle all: order Norfolk, Clarence"))

	// Ask mode: the question moves to the block the player orders first.
	s := setup()
	s, _ = play(t, s, RoleYork, nil, "move Gloucester -> Oxford: Clarence, Norfolk", "battle Oxford: ask")
	s, _ = play(t, s, RoleLancaster, &testdice.Script{Rolls: sixes(8), Fallback: testdice.New(3)}, "pass")
	require.Equal(t, phBattle, s.Phase)
	require.Equal(t, "clarence_y", s.Battle.Pending.Block)
	ps := s.Prompts()
	require.Len(t, ps, 1)
	assert.Contains(t, ps[0].Text, "Norfolk may act first instead: send only \"battle Oxford: order Norfolk\"")
	s, _ = play(t, s, RoleYork, nil, "battle Oxford: order Norfolk")
	require.NotNil(t, s.Battle.Pending)
	assert.Equal(t, "norfolk", s.Battle.Pending.Block)
	assert.Contains(t, s.Prompts()[0].Text, "Clarence may act first instead")
	s, _ = play(t, s, RoleYork, nil, "battle Oxford: order Clarence")
	assert.Equal(t, "clarence_y", s.Battle.Pending.Block, "the latest order replaces the earlier one")

	// Bad input: an enemy block or one not on the map.
	s = setup()
	for _, bad := range []string{"battle Oxford: order Rivers", "battle Oxford: order Warwick", "battle Oxford: order"} {
		txt := problemsText(reject(t, s, RoleYork, bad))
		assert.NotContains(t, txt, "Oxford (", bad)
		assert.NotEmpty(t, txt, bad)
	}
}

// TestR3_6_82_PlaceNamesTheHeir: a place order naming another heir than
// the one due to enter is refused with the right one, never corrected
// (6.82, ruling R3-R54).
// Rules: R3-6.82b R3-6.82c R3-4.5b.
func TestR3_6_82_PlaceNamesTheHeir(t *testing.T) {
	s := newGame(t)
	s.eliminate(bi("henry_vi"), "test")
	var ev []adjudicator.Event
	toSupply(s)
	s.startSupply(&ev)
	require.Equal(t, phSupply, s.Phase)
	for order, want := range map[string]string{
		"place Richmond at Middlesex":  "Richmond is not the heir due to enter: Prince Edward is",
		"place Somerset at Middlesex":  "Somerset is not the heir due to enter: Prince Edward is",
		"place Warwick at Middlesex":   "Prince Edward is the heir due to enter",
		"place Nobody at Middlesex":    "Prince Edward is the heir due to enter",
		"place Edward at Middlesex":    "",
		"place Prince Ed at Middlesex": "",
	} {
		if want == "" {
			_, res := play(t, s, RoleLancaster, nil, order)
			assert.Equal(t, []string{"place Prince Edward at Middlesex"}, res.Canonical, order)
			continue
		}
		ps := reject(t, s, RoleLancaster, order)
		require.Len(t, ps, 1, order)
		assert.Contains(t, ps[0].Reason, want, order)
		assert.Equal(t, "place Prince Edward at "+areaList(s.entryAreas(Lancaster)), ps[0].Legal[0], order)
	}
	// An ambiguous prefix lists the side's own heirs only: York's heirs
	// (March among them) are hidden blocks to Lancaster.
	ps := reject(t, s, RoleLancaster, "place E at Middlesex")
	require.Len(t, ps, 1)
	assert.Contains(t, ps[0].Reason, "ambiguous")
	assert.NotContains(t, strings.ToLower(ps[0].Reason), "march")
}
