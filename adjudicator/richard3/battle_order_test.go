package richard3

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestR3_2_2c_DefectsDuringBattle: Buckingham attacks Warwick (which holds
// his shield) for Lancaster, defects to York, the Defender, on Warwick's
// treachery roll in round 1, and in round 2 fires for York as B3: his 3s
// hit.
// Rules: R3-2.2c R3-2.2b R3-3.22d R3-6.9b.
func TestR3_2_2c_DefectsDuringBattle(t *testing.T) {
	s := battleSetup(t)
	place(s, "buckingham_l", "leicester")
	place(s, "clifford", "leicester")
	place(s, "warwick_y", "warwick")
	s.Loc[bi("buckingham_y")] = locAside
	s.Loc[bi("warwick_l")] = locAside
	s = playCards(t, s, "4", "2")
	require.Equal(t, Lancaster, s.P1)
	s, _ = play(t, s, RoleLancaster, nil, "move Leicester -> Warwick: Buckingham, Clifford")
	d := &testdice.Script{Rolls: []int{
		6, 6, 6, // round 1: Clifford (A2) misses
		2,       // Warwick's treachery on Buckingham (loyalty 1): even
		6, 6, 6, // round 2: Clifford misses
		3, 3, 3, 6, // Buckingham, now York's, fires at B3: three hits
	}}
	s, res := play(t, s, RoleYork, d, "battle Warwick: treachery", "pass")
	txt := eventsText(res, RoleLancaster)
	assert.Contains(t, txt, "Warwick tries treachery on Buckingham (loyalty 1): 2 → Buckingham defects to york")
	assert.Contains(t, txt, "Buckingham (B3, defending) 3 3 3 6 → 3 hits on Clifford (3→0, eliminated)")
	assert.Empty(t, d.Rolls, "every scripted die was used")
	assert.Equal(t, int8(areaOf("warwick")), s.Loc[bi("buckingham_y")])
	assert.Equal(t, locAside, s.Loc[bi("buckingham_l")])
	assert.False(t, onMap(s.Loc[bi("clifford")]), "Clifford fell to the defector's shots")
}

// threeBattles sets up York (Player 1) in Middlesex about to attack Kent
// (Clifford), Sussex (Wiltshire) and Essex (Oxford), in that order, with
// extra orders on York's action email. It returns the state after
// Lancaster's "pass", when the battles begin.
func threeBattles(t *testing.T, yorkExtra ...string) (*State, *adjudicator.Result) {
	s := battleSetup(t)
	place(s, "burgundian_mercenary", "middlesex")
	place(s, "calais_mercenary", "middlesex")
	place(s, "irish_mercenary", "middlesex")
	place(s, "clifford", "kent")
	place(s, "wiltshire", "sussex")
	place(s, "oxford", "essex")
	s = playCards(t, s, "2", "4")
	require.Equal(t, York, s.P1)
	s, _ = play(t, s, RoleYork, nil, append([]string{
		"move Middlesex -> Kent: Burgundian",
		"move Middlesex -> Sussex: Calais Mercenary",
		"move Middlesex -> Essex: Irish Mercenary"}, yorkExtra...)...)
	return play(t, s, RoleLancaster, nil, "pass")
}

var battleOfRE = regexp.MustCompile(`BATTLE OF ([A-Za-z ]+) \(`)

// battlesFought lists the battles a result narrates, in order.
func battlesFought(res *adjudicator.Result) []string {
	var out []string
	for _, e := range res.Events {
		if m := battleOfRE.FindStringSubmatch(e.Text); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// TestR3_6_1a_AskBeforeEachBattle: with "battles ask" the server stops
// before every battle while two or more remain and lets Player 1 choose;
// the last battle follows at once. The prompt names areas and counts only.
// Rules: R3-6.1a R3-1.3 R3-3.0b.
func TestR3_6_1a_AskBeforeEachBattle(t *testing.T) {
	s, res := threeBattles(t, "battles ask")
	assert.Empty(t, battlesFought(res), "no battle before Player 1 chooses")
	require.Equal(t, phNextBattle, s.Phase)
	assert.Equal(t, "Campaign 1, turn 1: Player 1 chooses the next battle", s.label())
	ps := s.Prompts()
	require.Len(t, ps, 1, "only Player 1 owes anything")
	p := ps[0]
	assert.Equal(t, RoleYork, p.Role)
	assert.Equal(t, "next-battle", p.Kind)
	assert.Equal(t, []string{"fight Kent", "fight Sussex", "fight Essex"}, p.Choices)
	assert.Equal(t, []string{"fight Kent"}, p.Template)
	assert.Contains(t, p.Text, "Kent (York attacks; Lancaster 1, York 1 blocks)")
	for _, hidden := range []string{"Clifford", "Wiltshire", "Oxford (", "Oxford,"} {
		assert.NotContains(t, p.Text+strings.Join(p.Choices, "\n"), hidden, "the prompt must not name enemy blocks")
	}
	assert.Nil(t, s.Default(RoleLancaster))
	assert.Equal(t, "fight Kent", s.Default(RoleYork).Lines[0].Text, "the default follows the order of the attacks")

	s, res = play(t, s, RoleYork, testdice.New(5), "fight Essex")
	assert.Equal(t, []string{"fight Essex"}, res.Canonical)
	assert.Contains(t, eventsText(res, RoleLancaster), "York (Player 1) chooses the battle of Essex next (6.1).")
	assert.Equal(t, []string{"Essex"}, battlesFought(res))
	require.Equal(t, phNextBattle, s.Phase)
	assert.Equal(t, []string{"fight Kent", "fight Sussex"}, s.Prompts()[0].Choices)

	s, res = play(t, s, RoleYork, testdice.New(6), "fight Sussex")
	assert.Equal(t, []string{"Sussex", "Kent"}, battlesFought(res), "the last battle needs no choice")
	assert.NotEqual(t, phNextBattle, s.Phase)
	assert.False(t, s.AskOrder, "battles ask lasts one game turn")
}

// TestR3_6_1a_ChoiceFollowsResult: Player 1 reads the result of the first
// battle before choosing the second: when his attack on Kent wins he
// fights Sussex next, when it fails, Essex.
// Rules: R3-6.1a.
func TestR3_6_1a_ChoiceFollowsResult(t *testing.T) {
	policy := func(res *adjudicator.Result) string {
		if strings.Contains(eventsText(res, RoleYork), "york wins the battle") {
			return "Sussex"
		}
		return "Essex"
	}
	for _, tc := range []struct {
		name  string
		rolls []int // the battle of Kent: Clifford (A2, defending) fires first
		won   bool
	}{
		{"york wins Kent", []int{6, 6, 6, 1, 1, 1}, true},
		{"york loses Kent", []int{1, 1, 1}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := threeBattles(t, "battles ask")
			d := &testdice.Script{Rolls: tc.rolls}
			s, res := play(t, s, RoleYork, d, "fight Kent")
			assert.Empty(t, d.Rolls)
			assert.Equal(t, []string{"Kent"}, battlesFought(res))
			require.Equal(t, phNextBattle, s.Phase, "asked again after the battle of Kent")
			assert.Equal(t, tc.won, onMap(s.Loc[bi("burgundian_mercenary")]))
			next := policy(res)
			other := map[string]string{"Sussex": "Essex", "Essex": "Sussex"}[next]
			s, res = play(t, s, RoleYork, testdice.New(9), "fight "+next)
			assert.Equal(t, []string{next, other}, battlesFought(res))
			assert.NotEqual(t, phNextBattle, s.Phase)
		})
	}
}

// TestR3_6_1a_StandingOrderIsDefault: "battles <area>, ..." stays a
// standing order: without "battles ask" it settles the order at once;
// with it, it is the deadline default of each choice. A "battles" line in
// the reply fights the rest in that order without asking again.
// Rules: R3-6.1a R3-R42.
func TestR3_6_1a_StandingOrderIsDefault(t *testing.T) {
	_, res := threeBattles(t, "battles Essex, Kent")
	assert.Equal(t, []string{"Essex", "Kent", "Sussex"}, battlesFought(res), "standing order, then the order of the attacks")

	s, _ := threeBattles(t, "battles Essex, Kent", "battles ask")
	require.Equal(t, phNextBattle, s.Phase)
	def := s.Default(RoleYork)
	require.NotNil(t, def)
	assert.Equal(t, "fight Essex", def.Lines[0].Text)
	assert.Equal(t, "fight Essex", s.Prompts()[0].Template[0])
	s, res = play(t, s, RoleYork, testdice.New(3), def.Lines[0].Text)
	assert.Equal(t, []string{"Essex"}, battlesFought(res))
	assert.Equal(t, "fight Kent", s.Default(RoleYork).Lines[0].Text)

	s, _ = threeBattles(t, "battles ask")
	s, res = play(t, s, RoleYork, testdice.New(4), "battles Sussex, Essex", "battle all: retreat if weaker")
	assert.Equal(t, []string{"battles Sussex, Essex", "battle all: retreat if weaker"}, res.Canonical)
	assert.Equal(t, []string{"Sussex", "Essex", "Kent"}, battlesFought(res))
	assert.NotEqual(t, phNextBattle, s.Phase)
}

// TestR3_6_1a_BadAnswers: wrong replies are rejected with the legal
// choices, and only Player 1 chooses.
// Rules: R3-6.1a.
func TestR3_6_1a_BadAnswers(t *testing.T) {
	s := battleSetup(t)
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "pass")
	probs := reject(t, s, RoleLancaster, "battles ask")
	assert.Contains(t, probs[0].Reason, "only Player 1")

	s, _ = threeBattles(t, "battles ask")
	probs = reject(t, s, RoleYork, "fight Derby")
	assert.Contains(t, probs[0].Reason, "no battle is left to fight in Derby")
	assert.Equal(t, []string{"fight Kent", "fight Sussex", "fight Essex"}, probs[0].Legal)
	probs = reject(t, s, RoleYork, "fight Kent", "fight Sussex")
	require.Len(t, probs, 1)
	assert.Equal(t, 2, probs[0].Line.No)
	probs = reject(t, s, RoleYork, "battle all: fire")
	assert.Contains(t, probs[0].Reason, "no answer found")
	probs = reject(t, s, RoleYork, "fire")
	assert.Equal(t, 1, probs[0].Line.No)
	probs = reject(t, s, RoleLancaster, "fight Kent")
	assert.Contains(t, probs[0].Reason, "owe no orders")
}

// TestR3_6_1a_RandomAndDefault: random play reaches the next-battle prompt;
// its random answer and its deadline default are both accepted and keep
// every invariant.
// Rules: R3-6.1a.
func TestR3_6_1a_RandomAndDefault(t *testing.T) {
	seen := 0
	for seed := uint64(1); seed <= 10 && seen < 20; seed++ {
		playRandom(t, seed, "", true, func(s *State, _ *adjudicator.Result) {
			if s.Phase != phNextBattle {
				return
			}
			seen++
			for _, sub := range []*adjudicator.Submission{s.RandomSubmission(roleOf(s.P1), testdice.New(seed).Intn), s.Default(roleOf(s.P1))} {
				require.NotNil(t, sub)
				ns, _, err := s.Apply(*sub, testdice.New(seed))
				require.NoError(t, err, "%v", sub.Lines)
				require.NoError(t, ns.(*State).Check())
			}
		})
	}
	assert.Positive(t, seen, "random play never asked Player 1 for the next battle")
}
