package richard3

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/rulecheck"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests from the second review of the engine against the rulebook. Each
// names the rule IDs it checks.

// TestR3_9_1d_ExecuteOnlyInSupply: a defected heir may be executed during
// a Supply Phase, not in the action phase.
// Rules: R3-9.1d R3-9.1e.
func TestR3_9_1d_ExecuteOnlyInSupply(t *testing.T) {
	s := newGame(t)
	s.Loc[bi("exeter_l")] = locAside
	place(s, "exeter_y", "cornwall")
	s.Loc[bi("devon")] = int8(areaOf("dorset"))
	s = playCards(t, s, "2", "4")
	require.Equal(t, York, s.P1)
	probs := reject(t, s, RoleYork, "execute Exeter")
	require.Len(t, probs, 1)
	assert.Equal(t, 1, probs[0].Line.No)
	assert.Contains(t, probs[0].Reason, "Supply Phase")
	assert.Equal(t, 5, s.heirsLeft(Lancaster))
}

// TestR3_1_1a_StrayLines: a chatty card email is rejected line by line,
// never as "the orders as a whole".
// Rules: R3-1.1a R3-1.1e.
func TestR3_1_1a_StrayLines(t *testing.T) {
	s := newGame(t)
	giveCard(s, Lancaster, "3")
	probs := reject(t, s, RoleLancaster, "Here are my orders.", "card 3", "Thanks!")
	require.Len(t, probs, 2)
	assert.Equal(t, 1, probs[0].Line.No)
	assert.Equal(t, 3, probs[1].Line.No)
	assert.NotEmpty(t, probs[0].Legal)
	assert.Contains(t, probs[0].Legal, "card 3")
	// Two cards: the second is the faulty line.
	giveCard(s, Lancaster, "2")
	probs = reject(t, s, RoleLancaster, "card 3", "card 2")
	require.Len(t, probs, 1)
	assert.Equal(t, 2, probs[0].Line.No)
	// Comments and the bare value are fine.
	s2, res := play(t, s, RoleLancaster, nil, "# my card", "3 # the three")
	assert.Equal(t, []string{"card 3"}, res.Canonical)
	_ = s2
	// Action phase: stray text is its own problem, the good line is not.
	a := playCards(t, newGame(t), "2", "4")
	probs = reject(t, a, RoleYork, "Here are my orders.", "pass", "Thanks!")
	require.Len(t, probs, 2)
	assert.Equal(t, 1, probs[0].Line.No)
	assert.Equal(t, 3, probs[1].Line.No)
	assert.NotEmpty(t, probs[0].Legal)
}

// TestR3_5_1d_MulliganStrayLines: the mulligan answer ignores nothing and
// blames the right line.
// Rules: R3-5.1d R3-5.1f.
func TestR3_5_1d_MulliganStrayLines(t *testing.T) {
	for seed := uint64(1); seed < 400; seed++ {
		st, err := Game{}.Setup("", nil, testdice.New(seed))
		require.NoError(t, err)
		s := st.(*State)
		if s.Phase != phMulligan {
			continue
		}
		r := RoleLancaster
		if !s.owes(Lancaster) {
			r = RoleYork
		}
		probs := reject(t, s, r, "Hi,", "keep")
		require.Len(t, probs, 1)
		assert.Equal(t, 1, probs[0].Line.No)
		assert.Equal(t, []string{"mulligan", "keep"}, probs[0].Legal)
		play(t, s, r, nil, "keep")
		return
	}
	t.Fatal("no seed deals a mulligan hand")
}

// TestR3_1_1d_EventPriority: an event beats any action card; two events
// compare values; ties go to the Pretender.
// Rules: R3-1.1b R3-1.1c R3-1.1d R3-5.1c.
func TestR3_1_1d_EventPriority(t *testing.T) {
	cases := []struct {
		l, y string
		p1   Side
	}{
		{"4", "Muster", York},             // an AP0 event beats an AP4 card
		{"Surprise", "Muster", Lancaster}, // 1 beats 0
		{"Surprise", "Treason", York},     // tie: the Pretender
		{"3", "3", York},                  // tie: the Pretender
		{"4", "3", Lancaster},
	}
	for _, c := range cases {
		s := playCards(t, newGame(t), c.l, c.y)
		assert.Equal(t, c.p1, s.P1, "%s vs %s", c.l, c.y)
	}
}

// TestR3_6_2c_BombardInitiative: A3 in round 1, D3 later, D3 all battle
// when it arrives as a reserve.
// Rules: R3-6.2c R3-3.12.
func TestR3_6_2c_BombardInitiative(t *testing.T) {
	h := &hooks{s: newGame(t)}
	bt := &columbia.Battle{Round: 1}
	main := &columbia.Block{Data: bi("bombard_l"), Group: columbia.Main, Initiative: 'D'}
	res := &columbia.Block{Data: bi("bombard_y"), Group: columbia.Reserve, Initiative: 'D'}
	assert.Equal(t, byte('A'), h.Initiative(bt, main))
	assert.Equal(t, byte('D'), h.Initiative(bt, res))
	bt.Round = 2
	assert.Equal(t, byte('D'), h.Initiative(bt, main))
	assert.Equal(t, int8(3), blocks[bi("bombard_l")].FP)
}

// TestR3_6_6c_SharedBorderRetreat: when both players crossed the same
// border only Player 2 may retreat across it; Player 1 may not.
// Rules: R3-6.6b R3-6.6c R3-6.3h R3-6.3i.
func TestR3_6_6c_SharedBorderRetreat(t *testing.T) {
	s := battleSetup(t)
	place(s, "wiltshire", "oxford")
	place(s, "oxford", "essex")
	place(s, "march", "middlesex")
	s = playCards(t, s, "2", "4")
	require.Equal(t, York, s.P1)
	s, _ = play(t, s, RoleYork, nil, "move Middlesex -> Oxford: March", "battle Oxford: ask")
	s, _ = play(t, s, RoleLancaster, nil, "move Essex -> Middlesex -> Oxford: Oxford", "battle Oxford: ask")
	require.NotNil(t, s.Battle)
	bt := s.Battle
	assert.Equal(t, columbia.Reserve, bt.Block("oxford").Group, "Player 2's reinforcement is a reserve (6.3)")
	h := &hooks{s: s}
	assert.Contains(t, h.moveTargets(bt, bt.Block("wiltshire"), false), "Middlesex", "Player 2 may retreat across the shared border")
	assert.NotContains(t, h.moveTargets(bt, bt.Block("march"), false), "Middlesex", "Player 1 may not")
}

// TestR3_6_3h_ReinforceTwoBorders: Player 2 reinforces across at most two
// borders.
// Rules: R3-6.3h R3-6.3a.
func TestR3_6_3h_ReinforceTwoBorders(t *testing.T) {
	s := battleSetup(t)
	place(s, "wiltshire", "oxford")
	place(s, "beaumont", "leicester")
	place(s, "clifford", "gloucester")
	place(s, "oxford", "warwick")
	place(s, "march", "middlesex")
	s = playCards(t, s, "4", "4")
	require.Equal(t, York, s.P1)
	s, _ = play(t, s, RoleYork, nil, "move Middlesex -> Oxford: March")
	probs := reject(t, s, RoleLancaster, "move Leicester -> Oxford: Beaumont", "move Gloucester -> Oxford: Clifford", "move Warwick -> Oxford: Oxford")
	require.Len(t, probs, 1)
	assert.Equal(t, 3, probs[0].Line.No)
	assert.Contains(t, probs[0].Reason, "two different borders")
	play(t, s, RoleLancaster, nil, "move Leicester -> Oxford: Beaumont", "move Gloucester -> Oxford: Clifford")
}

// TestR3_7_Limits: supply limit 4, 5 with a city; exile limits with their
// local mercenaries.
// Rules: R3-7.1a R3-7.1b R3-7.2a R3-7.2d.
func TestR3_7_Limits(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	place(s, "henry_vi", "cornwall")
	for _, id := range []string{"york", "march", "norfolk", "suffolk", "essex"} {
		place(s, id, "middlesex")
	}
	assert.Empty(t, s.overstacks(York), "Middlesex (London) supplies five")
	place(s, "hastings", "middlesex")
	ov := s.overstacks(York)
	require.Len(t, ov, 1)
	assert.Equal(t, 1, ov[0].Excess)
	clearMap(s)
	place(s, "henry_vi", "cornwall")
	for _, id := range []string{"york", "march", "norfolk", "suffolk", "essex"} {
		place(s, id, "essex")
	}
	require.Len(t, s.overstacks(York), 1, "Essex has no city: four")
	clearMap(s)
	place(s, "henry_vi", "cornwall")
	for _, id := range []string{"york", "march", "rutland", "irish_mercenary"} {
		place(s, id, "ireland")
	}
	ov = s.overstacks(York)
	require.Len(t, ov, 1, "Ireland supplies two plus the Irish")
	assert.Equal(t, 1, ov[0].Excess)
	assert.NotContains(t, ov[0].Cands, bi("irish_mercenary"))
	clearMap(s)
	place(s, "henry_vi", "cornwall")
	for _, id := range []string{"york", "march", "warwick_y", "kent_y", "calais_mercenary", "burgundian_mercenary"} {
		place(s, id, "calais")
	}
	assert.Empty(t, s.overstacks(York), "Calais supplies four plus both local mercenaries")
}

// TestR3_6_82c_EntryAreas: a royal heir enters in a friendly or vacant
// Crown area, a Pretender's heir in one of his own exile areas.
// Rules: R3-6.82b R3-6.82c R3-4.5b R3-2.7b.
func TestR3_6_82c_EntryAreas(t *testing.T) {
	s := newGame(t)
	for _, a := range s.entryAreas(Lancaster) {
		assert.True(t, areas[a].Crown, areas[a].Name)
		assert.False(t, s.enemyIn(a, Lancaster), areas[a].Name)
	}
	var got []string
	for _, a := range s.entryAreas(York) {
		got = append(got, areas[a].ID)
	}
	assert.ElementsMatch(t, []string{"calais", "ireland"}, got)
	place(s, "march", "cornwall")
	assert.NotContains(t, s.entryAreas(Lancaster), areaOf("cornwall"), "an enemy-held Crown area is closed")
}

// TestR3_8_2d_UsurpationWhileThroneEmpty: a King who died in the last
// Supply Phase leaves no gap once the Pretender usurps.
// Rules: R3-8.2a R3-8.2d R3-6.81a.
func TestR3_8_2d_UsurpationWhileThroneEmpty(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	s.Loc[bi("henry_vi")] = locDead
	place(s, "prince_edward", "france")
	place(s, "york", "middlesex")
	place(s, "norfolk", "east_anglia")
	s.KingDead = true
	s.Campaign, s.Turn = 1, 7
	var ev []adjudicator.Event
	s.politicalTurn(&ev)
	assert.Equal(t, York, s.King)
	assert.Equal(t, bi("york"), s.kingBlock(), "the usurper's senior heir reigns at once")
	assert.Equal(t, bi("prince_edward"), s.pretenderBlock())
}

// TestR3_9_0a_InstantVictory: killing the last enemy heir wins at once.
// Rules: R3-9.0a R3-6.82a.
func TestR3_9_0a_InstantVictory(t *testing.T) {
	s := newGame(t)
	for r := 1; r < 5; r++ {
		s.Loc[heirsOf[York][r]] = locDead
	}
	s.Loc[bi("clarence_l")] = locDead
	assert.Equal(t, 1, s.heirsLeft(York))
	s.eliminate(bi("york"), "test")
	s.checkVictory()
	assert.True(t, s.Finished)
	assert.Equal(t, Lancaster, s.Winner)
	assert.Contains(t, s.Status().Result, "five")
}

// TestR3_5_3h_NoSeaBlocks: Levies, the Scots, the Welsh and the Rebel
// never move by sea.
// Rules: R3-5.3h R3-5.3g.
func TestR3_5_3h_NoSeaBlocks(t *testing.T) {
	s := newGame(t)
	for _, id := range []string{"london_levy", "scots_mercenary", "welsh_mercenary", "rebel"} {
		assert.False(t, s.canSea(bi(id)), id)
	}
	assert.True(t, s.canSea(bi("bombard_y")), "bombard-sea defaults to on")
	assert.True(t, s.canSea(bi("irish_mercenary")))
}

// TestPromptsAreOrders: every prompt's template, sent back unchanged, is
// accepted, and every concrete choice of a one-line decision is legal.
// Rules: R3-1.1a R3-5.1d R3-6.82c R3-8.3a R3-8.4a R3-7.1a.
func TestPromptsAreOrders(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	kinds := map[string]int{}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playRandom(t, seed, "", false, func(s *State, _ *adjudicator.Result) {
			for _, p := range s.Prompts() {
				kinds[p.Kind]++
				require.NotEmpty(t, p.Choices, "%s prompt without choices", p.Kind)
				require.NotEmpty(t, p.Template, "%s prompt without a template", p.Kind)
				sub := adjudicator.Submission{Role: p.Role, Lines: lines(p.Template...)}
				_, _, err := s.Apply(sub, testdice.New(seed))
				require.NoError(t, err, "%s template %q rejected in %s", p.Kind, p.Template, s.label())
				switch p.Kind {
				case "card", "mulligan", "mulligan-reply", "battle", "next-battle":
					for _, c := range p.Choices {
						_, _, err := s.Apply(adjudicator.Submission{Role: p.Role, Lines: lines(c)}, testdice.New(seed))
						require.NoError(t, err, "%s choice %q rejected in %s", p.Kind, c, s.label())
					}
				}
				for _, c := range p.Choices {
					assert.NotContains(t, c, "<", "%s choice %q is not concrete", p.Kind, c)
				}
			}
		})
	}
	t.Logf("prompts seen: %v", kinds)
}

// TestViewWidth: every report line fits in 76 columns.
// Rules: R3-3.0b.
func TestViewWidth(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playRandom(t, seed, "", false, func(s *State, _ *adjudicator.Result) {
			for _, r := range []adjudicator.Role{RoleLancaster, RoleYork, adjudicator.GM} {
				for _, ln := range strings.Split(s.View(r).Text(), "\n") {
					require.LessOrEqual(t, len([]rune(ln)), 76, "%s view line too long:\n%s", r, ln)
				}
			}
		})
	}
}

// TestR3_5_21c_PerPlayerLimits: both players may each take two blocks
// across the same red border in one turn, but not three.
// Rules: R3-5.21a R3-5.21b R3-5.21c.
func TestR3_5_21c_PerPlayerLimits(t *testing.T) {
	s := battleSetup(t)
	place(s, "march", "lancaster")
	place(s, "rutland", "lancaster")
	for _, id := range []string{"clifford", "beaumont", "wiltshire"} {
		place(s, id, "chester")
	}
	s = playCards(t, s, "2", "4")
	require.Equal(t, York, s.P1)
	probs := reject(t, s, RoleYork, "move Lancaster -> South Yorks -> Derby: March")
	assert.Contains(t, probs[0].Reason, "red border")
	s, _ = play(t, s, RoleYork, nil, "move Lancaster -> South Yorks: March, Rutland")
	probs = reject(t, s, RoleLancaster, "move Chester -> Lancaster -> South Yorks: Clifford, Beaumont, Wiltshire")
	assert.Contains(t, probs[0].Reason, "lets 2")
	play(t, s, RoleLancaster, nil, "move Chester -> Lancaster -> South Yorks: Clifford, Beaumont")
}

// TestR3_5_2c_MoveOnce: a block moves once per game turn.
// Rules: R3-5.2c R3-5.2a.
func TestR3_5_2c_MoveOnce(t *testing.T) {
	s := battleSetup(t)
	place(s, "march", "middlesex")
	s = playCards(t, s, "2", "4")
	probs := reject(t, s, RoleYork, "move Middlesex -> Oxford: March", "move Oxford -> Gloucester: March")
	require.Len(t, probs, 1)
	assert.Equal(t, 2, probs[0].Line.No)
	s2, _ := play(t, s, RoleYork, nil, "move Middlesex -> Oxford -> Gloucester: March")
	assert.Equal(t, int8(areaOf("gloucester")), s2.Loc[bi("march")])
}

// TestR3_6_9a_RollLimits: each roller rolls once per battle; a block
// takes at most three rolls; loyalty is the version in play.
// Rules: R3-6.9a R3-6.9e R3-3.13b R3-6.9c.
func TestR3_6_9a_RollLimits(t *testing.T) {
	assert.Equal(t, int8(1), blocks[bi("rivers_l")].Loyalty)
	assert.Equal(t, int8(2), blocks[bi("rivers_y")].Loyalty)
	s := battleSetup(t)
	place(s, "northumberland_l", "derby")
	place(s, "rivers_l", "derby")
	place(s, "york", "chester")
	s.Fronts[areaOf("derby")] = front{Att: York, Main: int8(borderAt[areaOf("derby")][areaOf("chester")] + 1), Seq: 1}
	s.Loc[bi("york")] = int8(areaOf("derby"))
	s.Entry[bi("york")] = s.Fronts[areaOf("derby")].Main
	var ev []adjudicator.Event
	s.startBattle(areaOf("derby"), testdice.New(1), true, &ev)
	bt := s.Battle
	h := &hooks{s: s}
	y := bt.Block("york")
	hasTreachery := func() bool {
		for _, sp := range h.Specials(bt, y) {
			if sp.Name == "treachery" {
				return true
			}
		}
		return false
	}
	require.True(t, hasTreachery(), "the Pretender may roll")
	require.NoError(t, h.ResolveSpecial(bt, y, columbia.Choice{Special: "treachery", Target: "rivers_l"}, &testdice.Script{Rolls: []int{1}}))
	assert.False(t, hasTreachery(), "one roll per battle")
	for k := 0; k < 3; k++ {
		bt.Inc("treachon northumberland_l")
	}
	assert.NotContains(t, h.treacheryTargets(bt, y, false, false), "northumberland_l", "at most three rolls on one block")
}

// TestR3_2_2f_LancasterShields: Exeter's, Somerset's and Richmond's own
// shields serve another heir only once their owner is dead; the two
// house shields serve every Lancaster heir.
// Rules: R3-2.2f R3-2.2e R3-2.2a.
func TestR3_2_2f_LancasterShields(t *testing.T) {
	s := newGame(t)
	assert.NotContains(t, s.heirShields(bi("somerset")), "exeter")
	assert.Contains(t, s.heirShields(bi("somerset")), "lancaster")
	s.Loc[bi("exeter_l")] = locDead
	s.Loc[bi("exeter_y")] = locDead
	assert.Contains(t, s.heirShields(bi("somerset")), "exeter")
	s2 := newGame(t)
	s2.Loc[bi("exeter_l")] = locAside
	place(s2, "exeter_y", "calais")
	assert.NotContains(t, s2.heirShields(bi("somerset")), "exeter", "a defected Exeter is not dead")
	n := 0
	for _, a := range areas {
		if hasShield(&a, []string{"york"}) {
			n++
		}
	}
	assert.Equal(t, 3, n, "York has three house shields")
}

// TestActionChoicesLegal: each move, sea move, recruit, muster and plague
// line offered in an action prompt is accepted on its own.
// Rules: R3-1.2b R3-1.2c R3-5.21a R3-5.22b R3-5.3a R3-5.4a R3-EV.3 R3-EV.6.
func TestActionChoicesLegal(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	bad, total := 0, 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		playRandom(t, seed, "", false, func(s *State, _ *adjudicator.Result) {
			for _, p := range s.Prompts() {
				if p.Kind != "actions" {
					continue
				}
				for _, c := range p.Choices {
					total++
					_, _, err := s.Apply(adjudicator.Submission{Role: p.Role, Lines: lines(c)}, testdice.New(seed))
					if err != nil {
						bad++
						t.Errorf("%s: choice %q rejected: %v", s.label(), c, err)
					}
				}
			}
		})
	}
	t.Logf("%d action choices checked", total)
	require.Zero(t, bad)
}

// TestR3_8_3c_LancastrianWarwick: a Lancastrian Warwick whose shields are
// enemy-held goes to the pool, never to Calais; a Yorkist Warwick may go
// to Calais.
// Rules: R3-8.3b R3-8.3c R3-8.4b.
func TestR3_8_3c_LancastrianWarwick(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	place(s, "henry_vi", "middlesex")
	place(s, "york", "ireland")
	s.Loc[bi("warwick_y")] = locAside
	place(s, "warwick_l", "oxford")
	place(s, "norfolk", "glamorgan")
	place(s, "hastings", "warwick")
	assert.Equal(t, []int{-1}, s.homeOptions(bi("warwick_l")), "both Warwick shields are enemy-held: the pool")
	s2 := newGame(t)
	clearMap(s2)
	place(s2, "henry_vi", "middlesex")
	place(s2, "york", "ireland")
	place(s2, "warwick_y", "oxford")
	place(s2, "clifford", "glamorgan")
	place(s2, "beaumont", "warwick")
	assert.Equal(t, []int{aCalais}, s2.homeOptions(bi("warwick_y")))
}

// TestOwingMatchesPrompts: the cheap Owing lists exactly the roles of
// Prompts, in order, all through random games.
func TestOwingMatchesPrompts(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		playRandom(t, seed, "", false, func(s *State, _ *adjudicator.Result) {
			var want []adjudicator.Role
			for _, p := range s.Prompts() {
				want = append(want, p.Role)
			}
			require.Equal(t, want, s.Owing())
		})
	}
}

// TestR3_NonRulesMaterial covers the checklist items that carry no rules:
// R3-2.0a (the map's north/south orientation), R3-2.0b (map decoration:
// battle sites, castles, heraldry), R3-6.9g (the historical sidebar on
// treachery) and R3-IDX (credits and index). The engine shows places by
// name instead of by orientation: every own block's area is named in the
// player's view, and no area is left unnamed in the data.
func TestR3_NonRulesMaterial(t *testing.T) {
	s := newGame(t)
	for _, r := range []adjudicator.Role{RoleLancaster, RoleYork} {
		v := s.View(r).Text()
		sd := sideOfRole(r)
		for i := 0; i < nBlocks; i++ {
			if onMap(s.Loc[i]) && s.owner(i) == sd {
				require.Contains(t, v, areas[s.Loc[i]].Name)
			}
		}
	}
	for _, a := range areas {
		require.NotEmpty(t, a.Name)
	}
}

// TestCoverageNamesEveryRule: every rule ID of the coverage document is
// named by a test (here or in the shared battle system's tests), and by
// one of the tests its row lists, in that test's own name or comments.
func TestCoverageNamesEveryRule(t *testing.T) {
	rulecheck.Check(t, "../../docs/rules-coverage/richard-iii.md", ".", "../columbia")
	rulecheck.CheckListed(t, "../../docs/rules-coverage/richard-iii.md", ".", "../columbia")
}
