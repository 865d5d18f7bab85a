package columbia

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// R3-6.2f: Herbert (A2) and Clarence (B2) attack Rivers (B2): the order in
// every round is Herbert, Rivers, Clarence.
func TestR3_6_2f_TurnOrder(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("clarence", york, "B2", 1, 3),
		blk("herbert", york, "A2", 1, 3),
		blk("rivers", lancaster, "B2", 1, 3),
	)
	h := &testHooks{retreat: map[string][]string{"side:york": {"wilts"}}}
	rec := &recorder{}
	p, err := bt.Run(h, rec, script(misses(10)))
	require.NoError(t, err)
	require.Nil(t, p)
	for r := 1; r <= 3; r++ {
		assert.Equal(t, []string{"herbert", "rivers", "clarence"}, rec.turns[r], "round %d", r)
	}
	// Round 4: the attackers retreat on their turns (R3-6.2e); with one
	// destination each nobody is asked.
	assert.Equal(t, []string{"rivers"}, rec.turns[4])
	assert.Equal(t, []Move{{Block: "herbert", Side: york, To: "wilts", Round: 4}, {Block: "clarence", Side: york, To: "wilts", Round: 4}}, bt.Moves)
	assert.Equal(t, lancaster, bt.Winner)
	assert.Equal(t, Retreated, bt.Block("herbert").Outcome)
	assert.Equal(t, "wilts", bt.Block("clarence").To)
}

// R3-6.4a: Stanley at strength 3 (B2) rolls 3 dice; every 1 and 2 hits.
func TestR3_6_4a_HitsAtOrBelowFirepower(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("stanley", york, "B2", 3, 3),
		blk("oxford", lancaster, "C2", 4, 4),
	)
	d := script([]int{1, 3, 2}) // Stanley: 2 hits; then Oxford, unscripted
	d.Fallback = nil
	rec := &recorder{}
	h := &testHooks{}
	// Stop after Stanley's turn: ask the defender for Oxford's turn.
	p, err := bt.Run(h, BySide{lancaster: &StandingOrders{Ask: true}}, d)
	require.NoError(t, err)
	require.NotNil(t, p)
	_ = rec
	assert.Equal(t, "oxford", p.Block)
	assert.Equal(t, 2, bt.Block("oxford").Steps)
	assert.Contains(t, bt.Log[0].Text, "Round 1  stanley (B2) 1 3 2 → 2 hits on oxford (4→2)")
	assert.Equal(t, []string{"battle field r1 stanley", "battle field r1 stanley", "battle field r1 stanley"}, d.Log)
}

// R3-6.4b: all of a block's hits go to the strongest enemy block; the
// rest goes on only when it is eliminated.
func TestR3_6_4b_ConcentratedHits(t *testing.T) {
	t.Run("no overflow without elimination", func(t *testing.T) {
		bt := newBattle(t, RichardIII(), york, lancaster,
			blk("warwick", york, "A6", 2, 4),
			blk("big", lancaster, "C2", 3, 3),
			blk("small", lancaster, "C2", 2, 3),
		)
		p, err := bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true}}, script([]int{1, 1}))
		require.NoError(t, err)
		require.NotNil(t, p)
		assert.Equal(t, 1, bt.Block("big").Steps)
		assert.Equal(t, 2, bt.Block("small").Steps)
	})
	t.Run("overflow after elimination", func(t *testing.T) {
		bt := newBattle(t, RichardIII(), york, lancaster,
			blk("warwick", york, "A6", 4, 4),
			blk("big", lancaster, "C2", 3, 3),
			blk("small", lancaster, "C2", 2, 3),
			blk("tiny", lancaster, "C2", 1, 3),
		)
		p, err := bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true}}, script([]int{1, 1, 1, 1}))
		require.NoError(t, err)
		require.NotNil(t, p)
		assert.Equal(t, Eliminated, bt.Block("big").Outcome)
		assert.Equal(t, 0, bt.Block("big").Steps)
		assert.Equal(t, 1, bt.Block("small").Steps)
		assert.Equal(t, 1, bt.Block("tiny").Steps)
		assert.Contains(t, bt.Log[0].Text, "4 hits on big (3→0, eliminated), small (2→1)")
	})
	t.Run("reserves are excluded in round 1", func(t *testing.T) {
		bt := newBattle(t, RichardIII(), york, lancaster,
			blk("warwick", york, "A5", 4, 4),
			blk("main", lancaster, "C2", 1, 3),
			reserve(blk("res", lancaster, "C2", 3, 3)),
			blk("other", lancaster, "C2", 1, 3),
		)
		_, err := bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true, HitOrder: []string{"main"}}}, script([]int{1, 1, 1, 1}, misses(4)))
		require.NoError(t, err)
		assert.Equal(t, Eliminated, bt.Block("main").Outcome)
		assert.Equal(t, Eliminated, bt.Block("other").Outcome)
		// The defender's round-1 blocks are gone: its reserve deploys at
		// once (R3-6.3f) but the rest of this shot is lost.
		assert.Equal(t, 3, bt.Block("res").Steps)
		assert.True(t, bt.Block("res").Arrived)
	})
}

// R3-6.4c: when enemy blocks tie for strongest, their owner chooses.
func TestR3_6_4c_TieChoice(t *testing.T) {
	mk := func() *Battle {
		return newBattle(t, RichardIII(), york, lancaster,
			blk("warwick", york, "A5", 2, 4),
			blk("exeter", lancaster, "C2", 3, 3),
			blk("somerset", lancaster, "C1", 3, 3),
		)
	}
	t.Run("asked", func(t *testing.T) {
		bt := mk()
		d := script([]int{1, 1})
		p, err := bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true}}, d)
		require.NoError(t, err)
		require.NotNil(t, p)
		assert.Equal(t, DecideHitTie, p.Kind)
		assert.Equal(t, lancaster, p.Side)
		assert.Equal(t, "warwick", p.Block)
		assert.Equal(t, 2, p.Hits)
		assert.Equal(t, []Choice{{Action: ActTarget, Target: "exeter"}, {Action: ActTarget, Target: "somerset"}}, p.Choices)
		// An illegal answer changes nothing.
		_, err = bt.Resume(Choice{Action: ActTarget, Target: "warwick"}, &testHooks{}, nil, d)
		require.Error(t, err)
		assert.Same(t, p, bt.Pending)
		c, err := p.ParseChoice("Exe", nil)
		require.NoError(t, err)
		bt = roundTrip(t, bt)
		p, err = bt.Resume(c, &testHooks{}, BySide{lancaster: &StandingOrders{Ask: true}}, d)
		require.NoError(t, err)
		assert.Equal(t, 1, bt.Block("exeter").Steps)
		assert.Equal(t, 3, bt.Block("somerset").Steps)
		require.NotNil(t, p)
		assert.Equal(t, DecideTurn, p.Kind)
	})
	t.Run("standing hit order", func(t *testing.T) {
		bt := mk()
		_, err := bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true, HitOrder: []string{"somerset"}}}, script([]int{1, 1}))
		require.NoError(t, err)
		assert.Equal(t, 1, bt.Block("somerset").Steps)
	})
	t.Run("default: lowest firepower", func(t *testing.T) {
		bt := mk()
		_, err := bt.Run(&testHooks{}, BySide{lancaster: &recorder{inner: &StandingOrders{Pass: []string{"exeter", "somerset"}}}}, script([]int{1, 1}, misses(6)))
		require.NoError(t, err)
		assert.Equal(t, 1, bt.Block("somerset").Steps)
	})
}

// R3-6.3e: reserves cannot fire, retreat or be hit in round 1; they arrive
// at the start of round 2 and take normal turns.
func TestR3_6_3e_Reserves(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("march", york, "A2", 2, 4),
		reserve(blk("fauconberg", york, "B2", 4, 4)),
		blk("henry", lancaster, "B2", 4, 4),
		blk("exeter", lancaster, "C2", 1, 3),
	)
	rec := &recorder{inner: stopAt(2)}
	d := script([]int{6, 6}, []int{1, 1, 1, 1}, []int{6}) // March misses; Henry scores 4 hits; Exeter misses
	_, err := bt.Run(&testHooks{}, BySide{york: rec, lancaster: stopAt(2)}, d)
	require.NoError(t, err)
	require.NotNil(t, bt.Pending)
	assert.Equal(t, "henry", bt.Pending.Block)
	// Henry's 4 hits could not touch the reserve: March is eliminated, the
	// rest is lost; the reserve deploys at once (R3-6.3f).
	assert.Equal(t, Eliminated, bt.Block("march").Outcome)
	fb := bt.Block("fauconberg")
	assert.Equal(t, 4, fb.Steps)
	assert.True(t, fb.Arrived)
	assert.Equal(t, 2, fb.ActiveFrom)
	assert.Equal(t, []string{"march"}, rec.turns[1])
	assert.Equal(t, lancaster, bt.Defender, "no control change for the attacker")
}

// R3-6.3e: a reserve arriving normally in round 2, fired at only from then.
func TestR3_6_3e_ReservesArriveRound2(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("march", york, "A2", 2, 4),
		reserve(blk("fauconberg", york, "B2", 4, 4)),
		blk("henry", lancaster, "B2", 1, 4),
	)
	rec := &recorder{inner: stopAt(2)}
	d := script(misses(3)) // round 1: March, Henry miss
	_, err := bt.Run(&testHooks{}, BySide{york: rec, lancaster: stopAt(2)}, d)
	require.NoError(t, err)
	require.NotNil(t, bt.Pending)
	assert.Equal(t, 2, bt.Round)
	assert.Equal(t, []string{"march"}, rec.turns[1])
	assert.True(t, bt.Block("fauconberg").Arrived)
	assert.Contains(t, strings.Join(bt.Events(york), "\n"), "Round 2  reserves arrive: fauconberg (york B2 4)")
}

// R3-6.3f (Italian reading): only the defender's reserves deploy early.
func TestR3_6_3f_DefenderOnly(t *testing.T) {
	cfg := RichardIII()
	cfg.ReserveException = ExceptionDefenderOnly
	bt := newBattle(t, cfg, york, lancaster,
		blk("march", york, "A2", 1, 4),
		reserve(blk("fauconberg", york, "B2", 4, 4)),
		blk("henry", lancaster, "B2", 4, 4),
		blk("exeter", lancaster, "C2", 3, 3),
	)
	// March misses; Henry kills March (the rest is lost); Exeter's hits
	// find no target: Fauconberg has not deployed.
	_, err := bt.Run(&testHooks{}, BySide{lancaster: stopAt(2)}, script([]int{6}, []int{1, 1, 1, 1}, []int{1, 1, 1}))
	require.NoError(t, err)
	assert.Equal(t, Eliminated, bt.Block("march").Outcome)
	assert.Equal(t, 4, bt.Block("fauconberg").Steps)
	assert.Equal(t, 2, bt.Round)
	assert.Contains(t, strings.Join(bt.Events(york), "\n"), "exeter (C2, defending) 1 1 1 → 3 hits, no target")
}

// R3-6.3f: reserves deployed early are hit by enemy blocks that have not
// fired yet, and act only from round 2.
func TestR3_6_3f_EarlyDeploymentHit(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("march", york, "C2", 1, 4),
		reserve(blk("fauconberg", york, "B2", 4, 4)),
		blk("henry", lancaster, "A2", 4, 4),
		blk("exeter", lancaster, "B2", 3, 3),
	)
	// Henry (A) kills March (C) with the first of 4 hits; the rest is lost.
	// Exeter (B) has not fired: its hits land on Fauconberg.
	d := script([]int{1, 6, 6, 6}, []int{1, 2, 6})
	_, err := bt.Run(&testHooks{}, BySide{lancaster: &StandingOrders{Ask: true}}, d)
	require.NoError(t, err)
	// Henry was asked first; answer fire for both.
	for i := 0; i < 2 && bt.Pending != nil; i++ {
		_, err = bt.Resume(Choice{Action: ActFire}, &testHooks{}, BySide{lancaster: &StandingOrders{Ask: true}}, d)
		require.NoError(t, err)
	}
	assert.Equal(t, Eliminated, bt.Block("march").Outcome)
	assert.Equal(t, 2, bt.Block("fauconberg").Steps)
	// Round 2: Fauconberg takes its first turn.
	require.NotNil(t, bt.Pending)
	assert.Equal(t, 2, bt.Round)
}

// R3-6.3g: all defending blocks eliminated in round 1 with reserves due:
// the defender becomes the attacker and must retreat in round 4.
func TestR3_6_3g_ControlChange(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("warwick", york, "A3", 3, 4),
		blk("rivers", lancaster, "B2", 1, 3),
		reserve(blk("henry", lancaster, "B2", 4, 4)),
	)
	h := &testHooks{retreat: map[string][]string{"henry": {"oxford"}}}
	rec := &recorder{}
	d := script([]int{1, 6, 6}, misses(4+3+4+3+4))
	_, err := bt.Run(h, rec, d)
	require.NoError(t, err)
	assert.Equal(t, Eliminated, bt.Block("rivers").Outcome)
	assert.True(t, bt.Swapped)
	assert.Equal(t, lancaster, bt.Attacker)
	assert.Equal(t, york, bt.Defender)
	// Round 2: Warwick (A) then Henry (B); in round 4 Henry must retreat.
	assert.Equal(t, []string{"warwick", "henry"}, rec.turns[2])
	assert.Equal(t, Retreated, bt.Block("henry").Outcome)
	assert.Equal(t, "oxford", bt.Block("henry").To)
	assert.Equal(t, york, bt.Winner)
	assert.Equal(t, 4, bt.Round)
}

// R3-6.3g: with no reserves due, the battle simply ends.
func TestR3_6_3g_NoReservesAttackerWins(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("warwick", york, "A3", 3, 4),
		blk("rivers", lancaster, "B2", 1, 3),
	)
	h := &testHooks{regroup: map[string][]string{"warwick": {"kent", "surrey"}}}
	p, err := bt.Run(h, BySide{york: &StandingOrders{Regroup: []RegroupOrder{{Block: "warwick", To: "surrey"}}}}, script([]int{3, 6, 6}))
	require.NoError(t, err)
	require.Nil(t, p)
	assert.Equal(t, york, bt.Winner)
	assert.False(t, bt.Swapped)
	assert.Equal(t, "surrey", bt.Block("warwick").To)
	assert.Equal(t, Fighting, bt.Block("warwick").Outcome)
	assert.Equal(t, MoveRegroup, bt.Moves[0].Kind)
}

// R3-6.2a, R3-6.6a: no retreat in round 1; retreat allowed from round 2.
func TestR3_6_2a_NoRetreatRound1(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("warwick", york, "A3", 3, 4),
		blk("rivers", lancaster, "B2", 3, 3),
	)
	h := &testHooks{retreat: map[string][]string{"side:lancaster": {"oxford", "essex"}}}
	ask := BySide{lancaster: &StandingOrders{Ask: true}}
	d := script(misses(3))
	p, err := bt.Run(h, ask, d)
	require.NoError(t, err)
	assert.Equal(t, []Choice{{Action: ActFire}, {Action: ActPass}}, p.Choices)
	d.Rolls = misses(3 + 3)
	p, err = bt.Resume(Choice{Action: ActFire}, h, ask, d)
	require.NoError(t, err)
	assert.Equal(t, 2, bt.Round)
	assert.Equal(t, []Choice{{Action: ActFire}, {Action: ActPass}, {Action: ActRetreat, To: "oxford"}, {Action: ActRetreat, To: "essex"}}, p.Choices)
	c, err := p.ParseChoice("retreat to ess", nil)
	require.NoError(t, err)
	p, err = bt.Resume(c, h, ask, d)
	require.NoError(t, err)
	require.Nil(t, p)
	assert.Equal(t, york, bt.Winner)
	assert.Equal(t, "essex", bt.Block("rivers").To)
}

// R3-6.2d, R3-6.2e: a battle lasts at most 4 rounds; in round 4 each attacking
// block retreats on its turn, and one that cannot is eliminated.
func TestR3_6_2de_Round4AttackerRetreat(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("herbert", york, "A2", 2, 3),
		blk("clarence", york, "B2", 2, 3),
		blk("rivers", lancaster, "B2", 3, 3),
	)
	h := &testHooks{retreat: map[string][]string{"herbert": {"wilts", "dorset"}}}
	rec := &recorder{inner: &StandingOrders{Retreat: []RetreatRule{{To: []string{"dorset"}, When: Condition{Kind: RoundAtLeast, N: 4}}}}}
	d := script(misses(7*3 + 3))
	_, err := bt.Run(h, BySide{york: rec}, d)
	require.NoError(t, err)
	assert.Equal(t, 4, bt.Round)
	assert.Equal(t, "dorset", bt.Block("herbert").To)
	assert.Equal(t, Eliminated, bt.Block("clarence").Outcome, "no retreat possible")
	assert.Equal(t, lancaster, bt.Winner)
	last := rec.asked[len(rec.asked)-1]
	assert.Equal(t, DecideRetreat, last.Kind)
	assert.Equal(t, "herbert", last.Block)
	assert.Contains(t, strings.Join(bt.Events(york), "\n"), "clarence cannot retreat and is eliminated")
}

// R3-6.2g: pursuit: in round 4 the attacker first takes fire from every
// defending block whose turn comes earlier.
func TestR3_6_2g_Pursuit(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("levy", york, "C2", 2, 3),
		blk("rivers", lancaster, "B2", 3, 3),
	)
	h := &testHooks{retreat: map[string][]string{"levy": {"wilts"}}}
	// Rounds 1-3: Rivers then the levy, all misses; round 4: Rivers hits twice.
	d := script(misses(3*5), []int{1, 2, 6})
	_, err := bt.Run(h, nil, d)
	require.NoError(t, err)
	assert.Equal(t, Eliminated, bt.Block("levy").Outcome)
	assert.Equal(t, lancaster, bt.Winner)
	assert.Empty(t, d.Rolls)
}

// R3-6.5 heir charge and R3-6.9 treachery, as special actions.
func TestR3_6_5_HeirChargeSpecial(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		kind(blk("march", york, "A3", 3, 4), "heir"),
		blk("exeter", lancaster, "B2", 4, 4),
		blk("rivers", lancaster, "B2", 3, 3),
	)
	h := &testHooks{specials: true}
	d := script()
	p, err := bt.Run(h, BySide{york: &StandingOrders{Ask: true}, lancaster: &StandingOrders{Ask: true}}, d)
	require.NoError(t, err)
	assert.Contains(t, p.Choices, Choice{Action: ActSpecial, Special: "charge", Target: "rivers"})
	// Charge Rivers (not the strongest): 1 hit; Rivers survives and fires a
	// bonus shot (1 hit) at March.
	d.Rolls = []int{2, 5, 6, 1, 4, 6}
	p, err = bt.Resume(Choice{Action: ActSpecial, Special: "charge", Target: "rivers"}, h, BySide{york: &StandingOrders{Ask: true}, lancaster: &StandingOrders{Ask: true}}, d)
	require.NoError(t, err)
	assert.Equal(t, 2, bt.Block("rivers").Steps)
	assert.Equal(t, 4, bt.Block("exeter").Steps)
	assert.Equal(t, 2, bt.Block("march").Steps)
	assert.Equal(t, "exeter", p.Block)
	ev := strings.Join(bt.Events(york), "\n")
	assert.Contains(t, ev, "march (A3, charges) 2 5 6 → 1 hit on rivers (3→2)")
	assert.Contains(t, ev, "rivers (B2, defending, bonus shot) 1 4 → 1 hit on march (3→2)")
}

func TestR3_6_5_ChargeExcessLost(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		kind(blk("march", york, "A3", 3, 4), "heir"),
		blk("exeter", lancaster, "B2", 4, 4),
		blk("rivers", lancaster, "B2", 1, 3),
	)
	h := &testHooks{specials: true}
	d := script([]int{1, 2, 3})
	p, err := bt.Run(h, BySide{york: &StandingOrders{Ask: true}, lancaster: &StandingOrders{Ask: true}}, d)
	require.NoError(t, err)
	_, err = bt.Resume(Choice{Action: ActSpecial, Special: "charge", Target: "rivers"}, h, BySide{lancaster: &StandingOrders{Ask: true}}, d)
	require.NoError(t, err)
	_ = p
	assert.Equal(t, Eliminated, bt.Block("rivers").Outcome)
	assert.Equal(t, 3, h.chargeHits)
	assert.Equal(t, 4, bt.Block("exeter").Steps)
	assert.Contains(t, strings.Join(bt.Events(york), "\n"), "3 hits on rivers (1→0, eliminated); 2 lost")
}

func TestR3_6_9c_TreacheryDefects(t *testing.T) {
	north := blk("northumberland", lancaster, "B2", 3, 4)
	north.Data = 2 // loyalty
	bt := newBattle(t, RichardIII(), york, lancaster,
		kind(blk("edward", york, "A3", 3, 4), "king"),
		north,
		blk("rivers", lancaster, "B2", 3, 3),
	)
	h := &testHooks{specials: true}
	ask := BySide{york: &StandingOrders{Ask: true}, lancaster: &StandingOrders{Ask: true}}
	d := script()
	_, err := bt.Run(h, ask, d)
	require.NoError(t, err)
	d.Rolls = []int{2, 4}
	p, err := bt.Resume(Choice{Action: ActSpecial, Special: "treachery", Target: "northumberland"}, h, ask, d)
	require.NoError(t, err)
	n := bt.Block("northumberland")
	assert.Equal(t, york, n.Side)
	assert.Equal(t, lancaster, n.OrigSide)
	assert.Equal(t, 3, n.Steps)
	assert.Equal(t, 2, n.ActiveFrom, "fights from the next round")
	assert.Equal(t, "rivers", p.Block, "the defector takes no turn this round")
	// Round 2: the king has used his roll.
	d.Rolls = misses(3)
	p, err = bt.Resume(Choice{Action: ActFire}, h, ask, d)
	require.NoError(t, err)
	assert.Equal(t, 2, bt.Round)
	assert.Equal(t, "edward", p.Block)
	for _, c := range p.Choices {
		assert.NotEqual(t, ActSpecial, c.Action)
	}
}

// R3-6.2c: a bombard is A3 in round 1 and D3 later; one entering as a
// reserve is D3 all battle (the game's Initiative hook).
func TestR3_6_2c_BombardInitiative(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("bombard", york, "A3", 1, 3),
		reserve(blk("bombard2", york, "A3", 1, 3)),
		blk("levy", york, "C2", 1, 3),
		blk("rivers", lancaster, "B2", 4, 4),
	)
	h := &testHooks{letter: map[string]byte{"bombard": 'D', "bombard2": 'D'}}
	rec := &recorder{inner: stopAt(3)}
	_, err := bt.Run(h, BySide{york: rec, lancaster: rec}, script(misses(6+7)))
	require.NoError(t, err)
	assert.Equal(t, []string{"bombard", "rivers", "levy"}, rec.turns[1])
	assert.Equal(t, []string{"rivers", "levy", "bombard", "bombard2"}, rec.turns[2])
	assert.Contains(t, strings.Join(bt.Events(york), "\n"), "bombard (D3) 6 → no hit")
}

// A shot that ends the battle keeps its round prefix and comes before the
// winner's line.
func TestNarrativeShotEndsBattle(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("march", york, "A3", 3, 4),
		blk("henry", lancaster, "B2", 1, 4),
	)
	_, err := bt.Run(&testHooks{}, nil, script(misses(3+1), []int{6, 1, 6}))
	require.NoError(t, err)
	assert.Equal(t, []string{
		"Round 1  march (A3) 6 6 6 → no hit",
		"         henry (B2, defending) 6 → no hit",
		"Round 2  march (A3) 6 1 6 → 1 hit on henry (1→0, eliminated)",
		"york wins the battle.",
	}, bt.Events(york))
}
