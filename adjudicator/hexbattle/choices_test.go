package hexbattle

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

func events(r *adjudicator.Result) string {
	var b strings.Builder
	for _, e := range r.Events {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

func promptFor(s *St, role string) adjudicator.Prompt {
	for _, p := range s.Prompts() {
		if string(p.Role) == role {
			return p
		}
	}
	return adjudicator.Prompt{}
}

// CRE-19.11, CRE-19.21, CRE-18.11, NAV-15.1b: both players set up at
// once; the prompts list the legal placements and modes; English plate
// must share one mode; the French deploy one per hex in their zone;
// a leader goes with or next to the units named; what a player leaves
// out takes the first legal placement. CN-2.0a: the sides are chosen when
// the game is made (the seats), then both place their counters as the
// battle's exclusive rules and the pack's set-up direct.
func TestPlayersSetUpCRE1911(t *testing.T) {
	s := hill(t, "choices")
	require.Equal(t, phSetup, s.Phase)
	require.ElementsMatch(t, []adjudicator.Role{"english", "french"}, s.Owing())
	en := promptFor(s, "english")
	require.Contains(t, en.Choices, "mode E1 cavalry")
	require.Contains(t, en.Choices, "place C1 0207", "CRE-18.11: the cannon sets up with plate or Welsh")
	require.NotContains(t, en.Choices, "place C1 0203")
	rejected(t, s, "english", "sets up with a plate or welsh unit (CRE-18.11)", "place C1 0203")
	fr := promptFor(s, "french")
	require.Contains(t, fr.Choices, "place G1 0601")
	require.Contains(t, fr.Choices, "place K1 0602-0601 front 0502")
	require.NotContains(t, fr.Choices, "place G1 0501", "CRE-19.21: the French zone is lines 06-08")

	rejected(t, s, "english", "same mode (CRE-19.11)", "mode E1 cavalry")
	rejected(t, s, "french", "set-up zone is 0601-0808", "place G1 0501")
	rejected(t, s, "french", "may not be placed at 0601", "place G1 0601", "place L1 0601")
	rejected(t, s, "french", "leader philip may not be placed in 0101 (CRE-18.11)", "place philip 0101")
	rejected(t, s, "english", "fixed by the scenario", "place E1 0303")

	s = apply(t, s, nil, "english", "mode E1 cavalry", "mode E2 cavalry")
	require.Equal(t, []adjudicator.Role{"french"}, s.Owing())
	require.Equal(t, "infantry", s.unit("E1").Face, "the choice waits until both sides are in")
	n, res, err := s.Apply(sub("french", "place K1 0701-0702 front=0601", "place G1 0805", "place philip 0702"), testdice.New(1))
	require.NoError(t, err)
	s = n.(*St)
	require.Equal(t, phMove, s.Phase)
	require.Equal(t, "cavalry", s.unit("E1").Face)
	require.True(t, s.unit("E1").Lance, "NAV-15.1c: plate starting as cavalry carries a lance")
	require.Equal(t, "0702-0701", hexList(s.unit("K1").At))
	require.Equal(t, "0601", s.unit("K1").Front.String())
	require.Equal(t, "0805", s.unit("G1").At[0].String())
	require.Equal(t, "0204", s.unit("C1").At[0].String(), "the cannon's default: with the first plate or Welsh unit")
	require.Equal(t, "0602-0601", hexList(s.unit("K2").At), "K2 takes the first legal placement")
	require.Equal(t, "0702", s.leader("philip").At.String())
	require.NotEqual(t, Hex{}, s.leader("dorio").At, "dorio is placed by default next to G1")
	require.Contains(t, events(res), "english sets up E1 at 0204, cavalry")
	require.NoError(t, s.Check())
}

// CRE-18.2: reinforcements enter at the start of the French movement
// phase on the entry hex their owner names, or by default on the first
// free one; AMB-58: they may move on in the same phase.
func TestReinforcementEntryCRE182(t *testing.T) {
	s := hill(t, "historical")
	s = passTurn(t, s)
	s = passTurn(t, s)
	require.Equal(t, 2, s.GT)
	require.Nil(t, s.unit("L1").At, "L1 waits for its owner's choice of hex")
	require.Contains(t, promptFor(s, "french").Choices, "enter L1 0805")
	rejected(t, s, "french", "not one of L1's entry hexes", "enter L1 0701")
	rejected(t, s, "french", "not one of your reinforcements due", "enter L2 0805")
	n := apply(t, s, nil, "french", "enter L1 0805", "move L1 0705")
	require.Equal(t, "0705", n.unit("L1").At[0].String())
	n = apply(t, s, nil, "french", "done")
	require.Equal(t, "0802", n.unit("L1").At[0].String())
}

// CRE-17.11: from turn 2 the French plate cavalry must spend its whole
// MA closing on the nearest English plate unit by the most direct route;
// if its owner does not move it, it charges on by itself.
func TestChivalryCRE1711(t *testing.T) {
	s := hill(t, "historical")
	require.Empty(t, s.chivalryMoves("french"), "not in turn 1")
	s.GT = 2
	k := s.unit("K1")
	require.True(t, s.bound(k))
	q, _ := s.quarries(k)
	require.Equal(t, "E1", q[0].ID)
	away := ""
	turned := s.clone()
	tk := turned.unit("K1") // facing its own edge, a forward step goes away
	tk.At, tk.Front = []Hex{mustHex(t, "0403"), mustHex(t, "0404")}, mustHex(t, "0504")
	for _, st := range turned.nextSteps(tk, tk.At, tk.Front) {
		if turned.quarryDist(tk, st.at) > turned.quarryDist(tk, tk.At) {
			away = st.word
		}
	}
	require.NotEmpty(t, away)
	rejected(t, turned, "french", "most direct route (CRE-17.11)", "move K1 "+away)
	rejected(t, s, "french", "whole MA", "move K1 0603-0604")
	n, res, err := s.Apply(sub("french", "done"), testdice.New(1))
	require.NoError(t, err)
	require.Contains(t, events(res), "compel it (CRE-17.11): move K1")
	require.Less(t, unitDist(n.(*St).unit("K1"), n.(*St).unit("E1")), unitDist(k, s.unit("E1")))
	// a legal compelled path the player chooses himself is accepted
	want := s.chivalryMoves("french")[0]
	apply(t, s, nil, "french", want)
}

// CRE-17.11: compelled cavalry next to its English plate quarry must
// attack it; unordered, it attacks by itself; another target is refused.
// CRE-17.13: once no English plate unit is left, nothing is compelled.
func TestChivalryAttackCRE1713(t *testing.T) {
	s := hill(t, "historical")
	s.GT = 2
	k := s.unit("K1")
	k.At, k.Front = []Hex{mustHex(t, "0304"), mustHex(t, "0305")}, mustHex(t, "0204")
	require.NotEmpty(t, s.chivalryAttackLines("french"))
	s.Phase = phMelee1
	got := s.chivalryAttackLines("french")[0]
	require.Equal(t, "attack K1 E1", got)
	n, res, err := s.Apply(sub("french", "done"), testdice.New(3))
	require.NoError(t, err)
	require.Contains(t, events(res), "compel it (CRE-17.11): attack K1 E1")
	_ = n
	if _, _, _, err := s.meleeCheck(k, s.unit("B1")); err == nil {
		rejected(t, s, "french", "must attack the English plate unit next to it", "attack K1 B1")
	}
	for _, u := range s.Units {
		if u.Side == "english" && s.counter(u).Armour == "P" {
			u.Gone = "eliminated"
		}
	}
	require.Empty(t, s.chivalryAttackLines("french"))
	s.Phase = phMove
	require.Empty(t, s.chivalryMoves("french"), "CRE-17.13: no English plate left")
}

// CRE-17.12: a compelled unit riding through a Genoese unit's hex
// removes it, and the English score it. CRE-17.13: an English unit
// without plate in the way may be ridden around.
func TestChivalryGenoeseCRE1712(t *testing.T) {
	s := hill(t, "historical")
	s.GT = 2
	s.mv = map[string]int{}
	_ = s.unit("K1") // 0703-0704 front 0603
	g := s.unit("G1")
	g.At = []Hex{mustHex(t, "0603")}
	s.leader("dorio").At = mustHex(t, "0502")
	path := s.chivalryMoves("french")
	require.NotEmpty(t, path)
	_, err := s.moveLine("french", path[0])
	require.NoError(t, err, path[0])
	if g.Gone != "" {
		require.Equal(t, 5, s.VP["english"], "CRE-17.12: the English score the Genoese")
	}
	// put both Genoese units on the first step of K1's compelled path
	s = hill(t, "historical")
	s.GT = 2
	s.mv = map[string]int{}
	path = s.chivalryMoves("french")
	first := strings.Split(strings.Fields(path[0])[2], "-")
	s.unit("G1").At = []Hex{mustHex(t, first[0])}
	s.unit("G2").At = []Hex{mustHex(t, first[1])}
	_, err = s.moveLine("french", path[0])
	require.NoError(t, err)
	require.Equal(t, "eliminated", s.unit("G1").Gone)
	require.Equal(t, "eliminated", s.unit("G2").Gone)
	require.Equal(t, 10, s.VP["english"])
	// the levy is not Genoese: a compelled unit may not ride through it
	s.mv = map[string]int{}
	k2 := s.unit("K2")
	steps := s.chivalryMoves("french")
	require.NotEmpty(t, steps)
	next := strings.Split(strings.Fields(steps[0])[2], "-")
	s.unit("L1").Turn, s.unit("L1").At = 0, []Hex{mustHex(t, next[0])}
	require.NotContains(t, s.chivalryMoves("french"), steps[0])
	_ = k2
}

// CN-11.13: leaders stacked with a routed unit go with it, unless their
// owner has told them to stay ("stay LEADER" in his movement phase).
func TestLeaderFollowsRoutCN1113(t *testing.T) {
	s := hill(t, "historical")
	g := s.unit("G1") // with Dorio at 0502
	g.Rout = 1
	s.routUnit(g)
	require.Equal(t, g.At[0], s.leader("dorio").At)
	require.NotEqual(t, "0502", g.At[0].String())

	s = hill(t, "historical")
	s.mv = map[string]int{}
	c, err := s.moveLine("french", "stay dorio")
	require.NoError(t, err)
	require.Equal(t, "stay dorio", c)
	g = s.unit("G1")
	g.Rout = 1
	s.routUnit(g)
	require.Equal(t, "0502", s.leader("dorio").At.String())
}
