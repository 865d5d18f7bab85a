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

// Tests from the third review of the engine against the rulebook, on the
// rules the earlier reviews did not check. Each names its rule IDs.

// TestR3_4_1_FullStrength: every block of every scenario starts at full
// strength, on the map and in the pools.
// Rules: R3-4.1 R3-4.2a R3-8.5c.
func TestR3_4_1_FullStrength(t *testing.T) {
	for _, sc := range (Game{}).Info().Scenarios {
		st, err := Game{}.Setup(sc.ID, adjudicator.Options{"mulligan": "off"}, testdice.New(3))
		require.NoError(t, err, sc.ID)
		s := st.(*State)
		for i := 0; i < nBlocks; i++ {
			if onMap(s.Loc[i]) || s.Loc[i] == locPool {
				assert.Equal(t, blocks[i].Steps, s.Str[i], "%s: %s", sc.ID, blocks[i].ID)
			}
		}
		assert.Equal(t, 7, bits.OnesCount32(s.Hand[0]), sc.ID)
		assert.Equal(t, 7, bits.OnesCount32(s.Hand[1]), sc.ID)
		assert.Zero(t, s.Hand[0]&s.Hand[1], sc.ID)
	}
}

// TestR3_7_1c_SupplyKillsLastHeir: a supply loss the owner puts on his
// last heir ends the game at once, in the Supply Phase.
// Rules: R3-7.1a R3-7.1c R3-9.0a R3-1.4.
func TestR3_7_1c_SupplyKillsLastHeir(t *testing.T) {
	s := battleSetup(t)
	for r := 0; r < 4; r++ {
		s.Loc[heirsOf[York][r]] = locDead
	}
	s.Loc[bi("clarence_l")] = locDead
	place(s, "gloucester", "derby")
	s.Str[bi("gloucester")] = 1
	for _, id := range []string{"norfolk", "suffolk", "essex", "hastings"} {
		place(s, id, "derby")
	}
	for sd := 0; sd < 2; sd++ {
		s.Hand[sd] &^= 1 << handCards(s.Hand[sd])[0]
	}
	s.Phase = phSupply
	var ev []adjudicator.Event
	s.startSupply(&ev)
	require.Equal(t, phSupply, s.Phase)
	require.Equal(t, int8(1), s.Stage)
	assert.True(t, s.owes(York))
	assert.False(t, s.owes(Lancaster))
	// Naming two blocks for one excess is refused.
	probs := reject(t, s, RoleYork, "lose Derby: Gloucester, Norfolk")
	require.Len(t, probs, 1)
	n, _ := play(t, s, RoleYork, nil, "lose Derby: Gloucester")
	assert.True(t, n.Finished)
	assert.Equal(t, Lancaster, n.Winner)
	assert.Empty(t, n.Prompts())
	// By default the loss falls on a non-heir: the game goes on.
	d, _ := play(t, s, RoleYork, nil, "pass")
	assert.False(t, d.Finished)
	assert.Equal(t, int8(1), d.Str[bi("gloucester")])
	lost := 0
	for _, id := range []string{"norfolk", "suffolk", "essex", "hastings"} {
		lost += int(blocks[bi(id)].Steps - d.Str[bi(id)])
	}
	assert.Equal(t, 1, lost)
}

// TestR3_EV6_PlagueKillsLastHeir: Plague that eliminates the last enemy
// heir wins at once, in the action phase; other enemy blocks there lose a
// step too and the card player's own blocks none.
// Rules: R3-EV.6 R3-9.0a R3-6.82a.
func TestR3_EV6_PlagueKillsLastHeir(t *testing.T) {
	s := battleSetup(t)
	for r := 0; r < 4; r++ {
		s.Loc[heirsOf[York][r]] = locDead
	}
	s.Loc[bi("clarence_l")] = locDead
	place(s, "gloucester", "east_anglia")
	s.Str[bi("gloucester")] = 1
	place(s, "norfolk", "east_anglia")
	s = playCards(t, s, "Plague", "2")
	require.Equal(t, Lancaster, s.P1)
	n, res := play(t, s, RoleLancaster, nil, "plague East Anglia")
	assert.True(t, n.Finished)
	assert.Equal(t, Lancaster, n.Winner)
	assert.Equal(t, blocks[bi("norfolk")].Steps-1, n.Str[bi("norfolk")])
	assert.Contains(t, eventsText(res, RoleYork), "Gloucester")
	assert.Empty(t, n.Prompts())
	assert.Nil(t, n.Default(RoleYork))
}

// TestR3_8_1_DisbandAndReset: the political turn disbands Levies, the
// Bombard, the Welsh and the Rebel, sends mercenaries home, turns
// face-down blocks up, restores full strength and deals seven new cards.
// Rules: R3-8.0 R3-8.1 R3-8.5a R3-8.5b R3-8.5c R3-8.5d R3-6.83b R3-6.84 R3-6.85 R3-6.86.
func TestR3_8_1_DisbandAndReset(t *testing.T) {
	s := battleSetup(t)
	place(s, "scots_mercenary", "northumbria")
	place(s, "welsh_mercenary", "powys")
	place(s, "bombard_l", "south_yorks")
	place(s, "york_levy", "south_yorks")
	place(s, "clifford", "south_yorks")
	s.Str[bi("clifford")] = 1
	place(s, "rebel", "derby")
	place(s, "london_levy", "essex")
	place(s, "irish_mercenary", "ireland")
	var ev []adjudicator.Event
	s.eliminate(bi("irish_mercenary"), "test")   // face down at home
	s.eliminate(bi("burgundian_mercenary"), "t") // face down at home
	s.eliminate(bi("buckingham_l"), "test")      // face down in the pool
	assert.Equal(t, locDown, s.Loc[bi("irish_mercenary")])
	assert.Empty(t, s.overstacks(York), "face-down mercenaries do not count")
	s.Turn, s.Phase, s.Hand = 7, phSupply, [2]uint32{}
	s.dice = testdice.New(5)
	s.endTurn(&ev)
	require.Equal(t, Lancaster, s.King)
	require.Equal(t, phKingHome, s.Phase, "Clifford may go to North Yorks or Cumbria")
	opts := s.homeOptions(bi("clifford"))
	assert.ElementsMatch(t, []int{areaOf("north_yorks"), areaOf("cumbria")}, opts)
	s, _ = play(t, s, RoleLancaster, nil, "home Clifford -> North Yorks")
	require.Equal(t, phCard, s.Phase)
	assert.Equal(t, 2, s.Campaign)
	assert.Equal(t, 1, s.Turn)
	assert.Equal(t, int8(areaOf("scotland")), s.Loc[bi("scots_mercenary")])
	assert.Equal(t, locPool, s.Loc[bi("welsh_mercenary")])
	assert.Equal(t, locPool, s.Loc[bi("bombard_l")])
	assert.Equal(t, locPool, s.Loc[bi("york_levy")])
	assert.Equal(t, locPool, s.Loc[bi("london_levy")])
	assert.Equal(t, locPool, s.Loc[bi("rebel")])
	assert.Equal(t, York, s.owner(bi("rebel")), "the Rebel is the Pretender's")
	assert.Equal(t, int8(areaOf("ireland")), s.Loc[bi("irish_mercenary")])
	assert.Equal(t, int8(areaOf("calais")), s.Loc[bi("burgundian_mercenary")])
	assert.Equal(t, locPool, s.Loc[bi("buckingham_l")])
	for i := 0; i < nBlocks; i++ {
		if onMap(s.Loc[i]) || s.Loc[i] == locPool {
			assert.Equal(t, blocks[i].Steps, s.Str[i], blocks[i].ID)
		}
	}
	assert.Equal(t, 7, bits.OnesCount32(s.Hand[0]))
	assert.Equal(t, 7, bits.OnesCount32(s.Hand[1]))
	assert.Zero(t, s.Hand[0]&s.Hand[1])
	// Clifford (Lancaster, the King's side) went home to North Yorks.
	assert.Equal(t, int8(areaOf("north_yorks")), s.Loc[bi("clifford")])
}

// TestR3_8_2_UsurpationTurnsRebel: after a usurpation the Rebel belongs
// to the new Pretender, the usurper's senior heir reigns, the deposed
// King goes into exile and the tie-break of 1.1 goes to the new Pretender.
// Rules: R3-8.2a R3-8.2d R3-8.5b R3-3.26 R3-1.1b.
func TestR3_8_2_UsurpationTurnsRebel(t *testing.T) {
	s := battleSetup(t)
	place(s, "march", "middlesex")
	place(s, "norfolk", "east_anglia")
	place(s, "rebel", "derby")
	require.Equal(t, York, s.owner(bi("rebel")))
	s.Turn, s.Phase, s.Hand = 7, phSupply, [2]uint32{}
	s.dice = testdice.New(5)
	var ev []adjudicator.Event
	s.endTurn(&ev)
	require.Equal(t, York, s.King, "March, Norfolk and London beat Henry VI")
	for s.Phase == phPretenderHome || s.Phase == phKingHome || s.Phase == phReset {
		for _, sd := range []Side{Lancaster, York} {
			if s.owes(sd) {
				sub := s.Default(roleOf(sd))
				ns, _, err := s.Apply(*sub, testdice.New(2))
				require.NoError(t, err)
				s = ns.(*State)
			}
		}
	}
	require.Equal(t, phCard, s.Phase)
	assert.Equal(t, locPool, s.Loc[bi("rebel")])
	assert.Equal(t, Lancaster, s.owner(bi("rebel")), "the Rebel goes to the new Pretender")
	assert.Contains(t, s.pool(Lancaster), bi("rebel"))
	assert.Equal(t, "york", blocks[s.kingBlock()].ID)
	// Henry VI, now the Pretender, went into one of his exile areas.
	l := s.Loc[bi("henry_vi")]
	require.True(t, onMap(l))
	assert.Equal(t, Lancaster, areas[l].Exile)
	// Tie of cards: the new Pretender (Lancaster) is Player 1.
	s = playCards(t, s, "3", "3")
	assert.Equal(t, Lancaster, s.P1)
}

// TestR3_6_6d_RetreatBorderLimit: retreats across one border are limited
// per battle round; regroups per battle.
// Rules: R3-6.6d R3-6.7 R3-5.21a R3-6.6b.
func TestR3_6_6d_RetreatBorderLimit(t *testing.T) {
	s := battleSetup(t)
	place(s, "oxford", "essex")
	place(s, "norfolk", "east_anglia")
	s = playCards(t, s, "2", "4")
	s, _ = play(t, s, RoleYork, nil, "move East Anglia -> Essex: Norfolk", "battle Essex: ask")
	s, _ = play(t, s, RoleLancaster, nil, "pass")
	require.Equal(t, phBattle, s.Phase)
	h := &hooks{s: s}
	bt := s.Battle
	require.Contains(t, h.RetreatOptions(bt, bt.Block("oxford"), false), "Leicester")
	// Essex-Leicester is blue (3): three Lancaster retreats this round fill it.
	for k := 0; k < 3; k++ {
		bt.Moves = append(bt.Moves, columbia.Move{Block: "x", Side: RoleLancaster, To: "Leicester", Round: bt.Round, Kind: columbia.MoveRetreat})
	}
	assert.NotContains(t, h.RetreatOptions(bt, bt.Block("oxford"), false), "Leicester")
	assert.Contains(t, h.RegroupOptions(bt, bt.Block("oxford")), "Leicester", "regroups have their own limit")
	bt.Round++
	assert.Contains(t, h.RetreatOptions(bt, bt.Block("oxford"), false), "Leicester", "a fresh limit each round")
	for k := 0; k < 3; k++ {
		bt.Moves = append(bt.Moves, columbia.Move{Block: "x", Side: RoleLancaster, To: "Leicester", Kind: columbia.MoveRegroup})
	}
	assert.NotContains(t, h.RegroupOptions(bt, bt.Block("oxford")), "Leicester")
	// York's own moves do not use Lancaster's limit (5.21c).
	assert.Contains(t, h.RegroupOptions(bt, bt.Block("norfolk")), "Leicester")
}

// TestR3_EV3_MusterBorderLimits: Muster moves obey border limits, stop
// after red borders and never go by sea.
// Rules: R3-EV.3 R3-5.21a R3-5.21b R3-5.2b.
func TestR3_EV3_MusterBorderLimits(t *testing.T) {
	s := battleSetup(t)
	for _, id := range []string{"oxford", "beaumont", "clifford", "wiltshire", "devon"} {
		place(s, id, "essex")
	}
	place(s, "scots_mercenary", "scotland")
	s = playCards(t, s, "Muster", "2")
	probs := reject(t, s, RoleLancaster, "muster Middlesex", "move Essex -> Middlesex: all")
	assert.Contains(t, probs[0].Reason, "5.21")
	play(t, s, RoleLancaster, nil, "muster Middlesex", "move Essex -> Middlesex: Oxford, Beaumont, Clifford, Wiltshire")
	probs = reject(t, s, RoleLancaster, "muster North Yorks", "move Scotland -> Northumbria -> North Yorks: Scots")
	assert.Contains(t, probs[0].Reason, "red border")
	probs = reject(t, s, RoleLancaster, "muster Northumbria", "sea Scotland -> Northumbria: Scots")
	assert.Contains(t, probs[0].Reason, "no sea moves")
	// The Muster area cannot be an enemy area.
	place(s, "norfolk", "east_anglia")
	probs = reject(t, s, RoleLancaster, "muster East Anglia")
	assert.Contains(t, probs[0].Reason, "friendly or vacant")
}

// TestR3_EV2_ForceMarchStops: Force March reaches three areas but still
// stops after a red border and on entering an enemy area.
// Rules: R3-EV.2 R3-5.21b R3-5.2b R3-2.72.
func TestR3_EV2_ForceMarchStops(t *testing.T) {
	s := battleSetup(t)
	place(s, "scots_mercenary", "scotland")
	place(s, "clifford", "scotland")
	place(s, "oxford", "essex")
	place(s, "norfolk", "leicester")
	s = playCards(t, s, "Force March", "2")
	probs := reject(t, s, RoleLancaster, "move Scotland -> Northumbria -> North Yorks: Scots")
	assert.Contains(t, probs[0].Reason, "red border")
	probs = reject(t, s, RoleLancaster, "move Essex -> Leicester -> Warwick: Oxford")
	assert.Contains(t, probs[0].Reason, "stop")
	n, _ := play(t, s, RoleLancaster, nil, "move Essex -> Middlesex -> Oxford -> Gloucester: Oxford")
	assert.Equal(t, int8(areaOf("gloucester")), n.Loc[bi("oxford")])
	probs = reject(t, s, RoleLancaster, "move Essex -> Middlesex -> Oxford -> Gloucester -> Somerset: Oxford")
	assert.Contains(t, probs[0].Reason, "3 areas")
	// One group only: a second area is a second move, which the card's 1 AP cannot buy.
	reject(t, s, RoleLancaster, "move Essex -> Middlesex: Oxford", "move Scotland -> Northumbria: Clifford")
}

// TestR3_5_31_PortPairs: two blocks port to port cost 1 AP; a third block
// costs a full AP; a port-to-minor-port move costs 1 AP a block.
// Rules: R3-5.31a R3-5.31b R3-5.3a R3-5.3b R3-5.3c.
func TestR3_5_31_PortPairs(t *testing.T) {
	s := battleSetup(t)
	s.Loc[bi("york")] = locDead // keep Ireland simple; York has other heirs
	place(s, "march", "calais")
	place(s, "warwick_y", "calais")
	place(s, "kent_y", "calais")
	place(s, "salisbury_y", "calais")
	s = playCards(t, s, "2", "2")
	require.Equal(t, York, s.P1)
	// Four blocks, Calais to East Anglia (both major ports): 2 AP.
	n, _ := play(t, s, RoleYork, nil, "sea Calais -> East Anglia: March, Warwick, Kent, Salisbury")
	assert.Equal(t, 4, n.count(areaOf("east_anglia"), York))
	// Three blocks to Essex (no major port): 3 AP, too much.
	probs := reject(t, s, RoleYork, "sea Calais -> Essex: March, Warwick, Kent")
	assert.Contains(t, probs[0].Reason, "costs 3 AP")
	// A sea-moved block cannot also move by land.
	probs = reject(t, s, RoleYork, "sea Calais -> East Anglia: March", "move East Anglia -> Essex: March")
	assert.NotEmpty(t, probs)
	// Never into an enemy area (Lancaster holds Cornwall).
	probs = reject(t, s, RoleYork, "sea Calais -> Cornwall: March")
	assert.Contains(t, probs[0].Reason, "friendly or vacant")
}

// TestR3_0_2b_HandsHidden: neither player's view shows the other's hand;
// the played card stays secret until both are in.
// Rules: R3-0.2b R3-1.1a R3-4.2a.
func TestR3_0_2b_HandsHidden(t *testing.T) {
	s := newGame(t)
	giveCard(s, Lancaster, "Treason")
	giveCard(s, York, "Piracy")
	lv := viewText(s.View(RoleLancaster))
	yv := viewText(s.View(RoleYork))
	assert.Contains(t, lv, "Treason")
	assert.NotContains(t, lv, "Piracy")
	assert.Contains(t, yv, "Piracy")
	assert.NotContains(t, yv, "Treason")
	n, res := play(t, s, RoleLancaster, nil, "card Treason")
	assert.NotContains(t, eventsText(res, RoleYork), "Treason")
	assert.NotContains(t, viewText(n.View(RoleYork)), "Treason")
}

func viewText(v adjudicator.View) string { return v.Text() }

// TestR3_EV6_PlagueStrikesEveryBlock: "every block in that area loses one
// step" (both texts). The card player's own blocks can stand in an enemy
// city area only when it is contested: Player 1 attacked it and Player 2
// plays Plague there. Then they lose a step too.
// Rules: R3-EV.6 R3-1.1d R3-2.1b.
func TestR3_EV6_PlagueStrikesEveryBlock(t *testing.T) {
	s := battleSetup(t)
	place(s, "oxford", "middlesex")
	place(s, "norfolk", "essex")
	s = playCards(t, s, "Plague", "Treason")
	require.Equal(t, York, s.P1, "Treason (1 AP) outranks Plague (0 AP)")
	s, _ = play(t, s, RoleYork, nil, "move Essex -> Middlesex: Norfolk")
	require.True(t, s.contested(areaOf("middlesex")))
	_, res := play(t, s, RoleLancaster, nil, "plague Middlesex")
	txt := eventsText(res, RoleYork)
	assert.Contains(t, txt, "every block there loses a step")
	// The battle that follows reveals both blocks one step down.
	assert.Contains(t, txt, "Oxford (lancaster A2 2/3)")
	assert.Contains(t, txt, "Norfolk (york B2 3/4)")
}

// TestR3_9_0a_FirstToLoseAllHeirs: when both Houses lose their last heir
// in one battle, the player who eliminated all five enemy heirs first
// wins: the instant victory is not decided by the order of the block list.
// Rules: R3-9.0a R3-6.5a R3-6.5b R3-6.82a.
func TestR3_9_0a_FirstToLoseAllHeirs(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	for r := 0; r < 5; r++ {
		s.Loc[heirsOf[York][r]] = locDead
		s.Loc[heirsOf[Lancaster][r]] = locDead
	}
	s.Loc[bi("clarence_l")], s.Loc[bi("exeter_y")] = locDead, locDead
	place(s, "gloucester", "powys") // York's last heir, the Pretender
	s.Str[bi("gloucester")] = 1
	place(s, "london_levy", "powys")
	s.Str[bi("london_levy")] = 2
	place(s, "somerset", "glamorgan") // Lancaster's last heir, the King
	s.Str[bi("somerset")] = 1
	require.Equal(t, "somerset", blocks[s.kingBlock()].ID)
	s = playCards(t, s, "4", "2")
	require.Equal(t, Lancaster, s.P1)
	s, _ = play(t, s, RoleLancaster, nil, "move Glamorgan -> Powys: Somerset", "battle Powys: charge")
	// Somerset (A2) charges Gloucester and kills him: York's last heir.
	// Then the London Levy (C) fires at Somerset and kills him.
	d := &testdice.Script{Rolls: []int{1, 1, 1}}
	n, res := play(t, s, RoleYork, d, "pass")
	require.True(t, n.Finished, eventsText(res, RoleYork))
	assert.Equal(t, locDead, n.Loc[bi("gloucester")])
	assert.Equal(t, locDead, n.Loc[bi("somerset")])
	assert.Equal(t, Lancaster, n.Winner, "York's five heirs died first")
	assert.Contains(t, n.Result, "all five York heirs")
}

// emailChecks: every owed prompt's template, sent back unchanged, and the
// deadline default are accepted; views fit 76 columns (prompt texts are
// wrapped by the mail templates).
func emailChecks(t *testing.T, s *State) {
	t.Helper()
	ps := s.Prompts()
	for _, p := range ps {
		_, _, err := s.Apply(adjudicator.Submission{Role: p.Role, Lines: lines(p.Template...)}, testdice.New(4))
		require.NoError(t, err, "%s template %q rejected in %s", p.Kind, p.Template, s.label())
		d := s.Default(p.Role)
		require.NotNil(t, d, "%s owes %s but has no default", p.Role, p.Kind)
		_, _, err = s.Apply(*d, testdice.New(4))
		require.NoError(t, err, "%s default %v rejected in %s", p.Kind, d.Lines, s.label())
	}
	for _, r := range []adjudicator.Role{RoleLancaster, RoleYork, adjudicator.GM} {
		for _, ln := range strings.Split(s.View(r).Text(), "\n") {
			assert.LessOrEqual(t, len([]rune(ln)), 76, "%s view line too long: %s", r, ln)
		}
	}
}

// TestEmailRareDecisions: the rarer decisions (heir placement with an
// execution, going home with choices, the exile overstack at Campaign
// Reset, the mulligan reply) accept their templates and defaults.
// Rules: R3-6.82c R3-9.1d R3-8.3a R3-8.4a R3-7.2c R3-5.1f.
func TestEmailRareDecisions(t *testing.T) {
	// Supply Phase, stage 0: Lancaster places Prince Edward; York holds
	// a defected Exeter and may execute him.
	s := battleSetup(t)
	place(s, "march", "middlesex")
	s.Loc[bi("exeter_l")] = locAside
	place(s, "exeter_y", "essex")
	s.eliminate(bi("henry_vi"), "test")
	for sd := 0; sd < 2; sd++ {
		s.Hand[sd] &^= 1 << handCards(s.Hand[sd])[0]
	}
	var ev []adjudicator.Event
	s.startSupply(&ev)
	require.True(t, s.owes(Lancaster) && s.owes(York))
	emailChecks(t, s)
	n, _ := play(t, s, RoleYork, nil, "execute Exeter")
	n, res := play(t, n, RoleLancaster, nil, "pass")
	assert.Equal(t, locDead, n.Loc[bi("exeter_y")])
	assert.Equal(t, int8(1), n.Entering[Lancaster], "execution counts as a death (9.1e)")
	assert.Contains(t, eventsText(res, RoleYork), "Prince Edward is now King")

	// Political turn: both sides have choices going home, then Ireland
	// is over its limit at Reset with a choice of blocks.
	s = battleSetup(t)
	place(s, "clifford", "south_yorks")
	place(s, "warwick_y", "oxford")
	place(s, "hastings", "ireland")
	place(s, "herbert", "ireland")
	s.Turn, s.Phase, s.Hand = 7, phSupply, [2]uint32{}
	s.dice = testdice.New(3)
	s.endTurn(&ev)
	require.Equal(t, phPretenderHome, s.Phase)
	emailChecks(t, s)
	s, _ = play(t, s, RoleYork, nil, s.Default(RoleYork).Lines[0].Text)
	for s.Phase == phPretenderHome || s.Phase == phKingHome {
		emailChecks(t, s)
		sd := s.King
		if s.Phase == phPretenderHome {
			sd = s.pretender()
		}
		ns, _, err := s.Apply(*s.Default(roleOf(sd)), testdice.New(3))
		require.NoError(t, err)
		s = ns.(*State)
	}
	require.Equal(t, phReset, s.Phase, "Ireland holds York, Hastings and Herbert: one over")
	emailChecks(t, s)
	n, _ = play(t, s, RoleYork, nil, "pool Herbert")
	if n.Phase == phReset {
		n, _ = play(t, n, RoleLancaster, nil, "pass")
	}
	assert.Equal(t, locPool, n.Loc[bi("herbert")])

	// Mulligan reply.
	for seed := uint64(1); seed < 300; seed++ {
		st, err := Game{}.Setup("", nil, testdice.New(seed))
		require.NoError(t, err)
		s := st.(*State)
		if s.Phase != phMulligan {
			continue
		}
		emailChecks(t, s)
		sd := Lancaster
		if !s.owes(sd) {
			sd = York
		}
		s, _ = play(t, s, roleOf(sd), nil, "mulligan")
		if s.Phase == phMulliganReply {
			emailChecks(t, s)
			return
		}
	}
	t.Fatal("no mulligan reply found")
}

// TestR3_9_0a_SimultaneousLastHeirs: supply losses are simultaneous
// (1.4); if they take the last heir of both Houses, neither eliminated
// all five enemy heirs first and the game is drawn.
// Rules: R3-9.0a R3-1.4 R3-7.1c.
func TestR3_9_0a_SimultaneousLastHeirs(t *testing.T) {
	s := battleSetup(t)
	for r := 0; r < 4; r++ {
		s.Loc[heirsOf[York][r]] = locDead
		s.Loc[heirsOf[Lancaster][r+1]] = locDead
	}
	s.Loc[bi("clarence_l")], s.Loc[bi("exeter_y")] = locDead, locDead
	place(s, "gloucester", "derby")
	place(s, "henry_vi", "dorset")
	for _, id := range []string{"norfolk", "suffolk", "essex", "hastings"} {
		place(s, id, "derby")
	}
	for _, id := range []string{"oxford", "beaumont", "clifford", "wiltshire"} {
		place(s, id, "dorset")
	}
	s.Str[bi("gloucester")], s.Str[bi("henry_vi")] = 1, 1
	for sd := 0; sd < 2; sd++ {
		s.Hand[sd] &^= 1 << handCards(s.Hand[sd])[0]
	}
	var ev []adjudicator.Event
	s.startSupply(&ev)
	s, _ = play(t, s, RoleYork, nil, "lose Derby: Gloucester")
	s, _ = play(t, s, RoleLancaster, nil, "lose Dorset: Henry VI")
	require.True(t, s.Finished)
	assert.Equal(t, NoSide, s.Winner)
	assert.Empty(t, s.Status().Winner)
	assert.Contains(t, s.Result, "draw")
}

// TestR3_9_0b_FinalDisbandOption: after the third campaign only the
// usurpation check is played; with final-disband on (the Italian text,
// the default) the Levies leave first, so a Levy alone in London gives no
// point; with it off (the Spanish text) it does.
// Rules: R3-9.0b R3-8.2a R3-8.2c R3-8.1.
func TestR3_9_0b_FinalDisbandOption(t *testing.T) {
	for _, on := range []bool{true, false} {
		s := battleSetup(t) // Henry VI (King) in Cornwall, York in Ireland
		s.Opt.FinalDisband = on
		place(s, "march", "essex")
		place(s, "london_levy", "middlesex")
		s.Campaign, s.Turn, s.Phase, s.Hand = 3, 7, phSupply, [2]uint32{}
		var ev []adjudicator.Event
		s.endTurn(&ev)
		require.True(t, s.Finished)
		assert.Empty(t, s.Prompts())
		if on {
			assert.Equal(t, Lancaster, s.Winner, "1 against 1: ties go to the King")
			assert.Equal(t, locPool, s.Loc[bi("london_levy")])
		} else {
			assert.Equal(t, York, s.Winner, "March and London: 2 against 1")
		}
		assert.Contains(t, s.Result, "final usurpation check")
	}
}

// TestR3_5_4_RecruitPlaces: where each kind of block may be recruited.
// Rules: R3-5.4b R3-5.4c R3-5.4d R3-5.4e R3-5.4f R3-5.4h R3-2.7b R3-3.24a.
func TestR3_5_4_RecruitPlaces(t *testing.T) {
	s := battleSetup(t) // Henry VI in Cornwall, York in Ireland
	place(s, "oxford", "middlesex")
	place(s, "norfolk", "south_yorks")
	ids := func(xs []int) []string {
		var out []string
		for _, a := range xs {
			out = append(out, areas[a].ID)
		}
		return out
	}
	// The Bombard: a friendly city area of either colour, never a vacant one.
	assert.Equal(t, []string{"middlesex"}, ids(s.recruitAreas(bi("bombard_l"), Lancaster)))
	// A Levy: its own city, friendly or vacant; not when the enemy holds it.
	assert.Equal(t, []string{"somerset"}, ids(s.recruitAreas(bi("bristol_levy"), Lancaster)))
	assert.Empty(t, s.recruitAreas(bi("york_levy"), Lancaster), "York (the city) is in enemy South Yorks")
	// Church: its cathedral.
	assert.Empty(t, s.recruitAreas(bi("york_church_l"), Lancaster))
	assert.Equal(t, []string{"kent"}, ids(s.recruitAreas(bi("canterbury_church_y"), York)))
	// Noble: a friendly or vacant area with one of his shields.
	assert.ElementsMatch(t, []string{"isle_of_man", "lancaster"}, ids(s.recruitAreas(bi("stanley_l"), Lancaster)))
	// The Welsh: a friendly or vacant Welsh area.
	assert.ElementsMatch(t, []string{"pembroke", "caernarvon", "powys", "glamorgan"}, ids(s.recruitAreas(bi("welsh_mercenary"), Lancaster)))
	// The Rebel: any vacant area outside exile.
	rb := ids(s.recruitAreas(bi("rebel"), York))
	assert.NotContains(t, rb, "middlesex")
	assert.NotContains(t, rb, "cornwall")
	for _, x := range []string{"ireland", "calais", "france", "scotland"} {
		assert.NotContains(t, rb, x)
	}
	assert.Contains(t, rb, "derby")
	assert.Contains(t, rb, "isle_of_man")
}
