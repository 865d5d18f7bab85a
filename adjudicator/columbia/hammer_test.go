package columbia

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// H-5.31b, H-5.31d: English knight (B3) and infantry (C2) attack a Scottish noble
// defending his home (B2, B3 at home) and Scottish infantry (C2): noble,
// knight, Scottish infantry, English infantry.
func TestH_5_31bd_TurnOrder(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("infantry-e", england, "C2", 1, 4),
		blk("knight", england, "B3", 1, 4),
		blk("infantry-s", scotland, "C2", 1, 4),
		kind(blk("noble", scotland, "B2", 1, 4), "noble"),
	)
	h := &testHooks{bonus: map[string]int{"noble": 1}, retreat: map[string][]string{"side:england": {"angus"}}}
	rec := &recorder{}
	_, err := bt.Run(h, rec, script(misses(12)))
	require.NoError(t, err)
	for r := 1; r <= 3; r++ {
		assert.Equal(t, []string{"noble", "knight", "infantry-s", "infantry-e"}, rec.turns[r], "round %d", r)
	}
	assert.Contains(t, bt.Log[0].Text, "noble (B3, defending) 6 → no hit", "the home bonus changes the number, not the letter")
	// H-5.3a: after round 3 the attacker retreats every remaining block.
	assert.Equal(t, scotland, bt.Winner)
	assert.Equal(t, []Move{
		{Block: "infantry-e", Side: england, To: "angus", Round: 3, Kind: MoveFinalRetreat},
		{Block: "knight", Side: england, To: "angus", Round: 3, Kind: MoveFinalRetreat},
	}, bt.Moves)
}

// H-5.4a, H-5.4b: a knight (B3) at strength 3 rolls 2, 4, 5: one hit, two misses.
func TestH_5_4b_ExampleDice(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 3, 4),
		blk("clan", scotland, "C2", 4, 4),
	)
	_, err := bt.Run(&testHooks{}, BySide{scotland: stopAt(1)}, script([]int{2, 4, 5}))
	require.NoError(t, err)
	assert.Equal(t, 3, bt.Block("clan").Steps)
	assert.Equal(t, "Round 1  knight (B3) 2 4 5 → 1 hit on clan (4→3)", bt.Log[0].Text)
}

// H-5.41a: each hit goes, one at a time, to the then-strongest block; the
// owner breaks ties.
func TestH_5_41a_OneAtATime(t *testing.T) {
	mk := func() *Battle {
		return newBattle(t, Hammer(), england, scotland,
			blk("edward", england, "B4", 4, 4),
			blk("wallace", scotland, "A3", 3, 3),
			blk("clan", scotland, "C2", 2, 4),
		)
	}
	t.Run("standing tie order", func(t *testing.T) {
		bt := mk()
		// Wallace misses; Edward scores 3 hits: Wallace 3→2, then a tie
		// (2, 2) goes to the clan, then Wallace (2) is the strongest.
		d := script(misses(3), []int{1, 2, 3, 6}, misses(2))
		_, err := bt.Run(&testHooks{}, BySide{scotland: &recorder{inner: &StandingOrders{HitOrder: []string{"clan"}}}, england: stopAt(2)}, d)
		require.NoError(t, err)
		assert.Equal(t, 1, bt.Block("wallace").Steps)
		assert.Equal(t, 1, bt.Block("clan").Steps)
		ev := strings.Join(bt.Events(england), "\n")
		assert.Contains(t, ev, "edward (B4) 1 2 3 6 → 3 hits on wallace (3→2), clan (2→1), wallace (2→1)")
	})
	t.Run("asked per hit", func(t *testing.T) {
		bt := mk()
		d := script(misses(3), []int{1, 2, 3, 6})
		ask := BySide{scotland: &StandingOrders{Ask: true}, england: stopAt(2)}
		p, err := bt.Run(&testHooks{}, ask, d)
		require.NoError(t, err)
		require.Equal(t, DecideTurn, p.Kind)
		p, err = bt.Resume(Choice{Action: ActFire}, &testHooks{}, ask, d)
		require.NoError(t, err)
		require.Equal(t, DecideHitTie, p.Kind)
		assert.Equal(t, 2, p.Hits)
		assert.Equal(t, 2, bt.Block("wallace").Steps)
		bt = roundTrip(t, bt)
		p, err = bt.Resume(Choice{Action: ActTarget, Target: "wallace"}, &testHooks{}, ask, d)
		require.NoError(t, err)
		// Wallace 2→1, then the clan (2) is the strongest: no question.
		assert.Equal(t, 1, bt.Block("wallace").Steps)
		assert.Equal(t, 1, bt.Block("clan").Steps)
		require.NotNil(t, p)
		assert.Equal(t, "clan", p.Block)
		ev := strings.Join(bt.Events(scotland), "\n")
		assert.Contains(t, ev, "3 hits on wallace (3→1), clan (2→1)")
	})
}

// H-5.32d, H-5.32e: reserves may not fire, retreat or be hit in round 1; they
// are revealed at the start of round 2 even if all their side's other
// blocks were eliminated in round 1.
func TestH_5_32de_Reserves(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("hobelars", england, "A2", 1, 2),
		reserve(blk("knight", england, "B3", 3, 4)),
		blk("wallace", scotland, "A3", 3, 3),
	)
	assert.False(t, bt.Revealed(scotland, bt.Block("knight")), "reserves stay hidden until they arrive")
	assert.True(t, bt.Revealed(england, bt.Block("knight")))
	assert.True(t, bt.Revealed(scotland, bt.Block("hobelars")))
	// Wallace (A3, defender first) kills the Hobelars; the surplus is lost.
	d := script([]int{1, 1, 1})
	p, err := bt.Run(&testHooks{}, BySide{england: stopAt(1), scotland: stopAt(2)}, d)
	require.NoError(t, err)
	require.NotNil(t, p)
	assert.Equal(t, Eliminated, bt.Block("hobelars").Outcome)
	assert.Equal(t, 3, bt.Block("knight").Steps)
	assert.Equal(t, 2, bt.Round, "the battle goes on into round 2")
	assert.Equal(t, england, bt.Attacker)
	assert.True(t, bt.Revealed(scotland, bt.Block("knight")))
	assert.Equal(t, []string{"hobelars", "knight", "wallace"}, bt.RevealedTo(scotland))
	ev := strings.Join(bt.Events(scotland), "\n")
	assert.Contains(t, ev, "Round 2  reserves arrive: knight (england B3 3)")
}

// H-5.32f: the attacker wins round 1 (the defenders retreat or die) while
// defender reserves are due: control changes, and the new attacker must
// retreat after round 3.
func TestH_5_32f_ControlChange(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 3, 4),
		blk("clan", scotland, "A2", 2, 4),
		reserve(blk("moray", scotland, "B2", 3, 3)),
	)
	h := &testHooks{retreat: map[string][]string{"clan": {"lennox"}, "moray": {"badenoch", "lochaber"}}}
	ask := BySide{scotland: &StandingOrders{Ask: true}}
	d := script()
	p, err := bt.Run(h, ask, d)
	require.NoError(t, err)
	require.Equal(t, "clan", p.Block)
	// Hammer allows retreat in round 1.
	assert.Contains(t, p.Choices, Choice{Action: ActRetreat, To: "lennox"})
	d.Rolls = misses(3 + 3 + 3 + 3 + 3)
	p, err = bt.Resume(Choice{Action: ActRetreat, To: "lennox"}, h, BySide{scotland: &StandingOrders{Retreat: []RetreatRule{{To: []string{"lochaber"}, When: Condition{Kind: RoundAtLeast, N: 9}}}}}, d)
	require.NoError(t, err)
	require.Nil(t, p)
	assert.True(t, bt.Swapped)
	assert.Equal(t, scotland, bt.Attacker)
	assert.Equal(t, england, bt.Winner)
	assert.Equal(t, "lochaber", bt.Block("moray").To)
	assert.Equal(t, MoveFinalRetreat, bt.Moves[1].Kind)
	assert.Empty(t, d.Rolls)
}

// H-5.3a: the attacker retreats all remaining blocks after round 3;
// H-5.5b: retreats are hidden from the enemy.
func TestH_5_3a_FinalRetreatHidden(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 2, 4),
		blk("archers", england, "B3", 2, 3),
		blk("clan", scotland, "C2", 4, 4),
	)
	h := &testHooks{retreat: map[string][]string{"side:england": {"lothian", "teviot"}}}
	d := script(misses(3 * 8))
	p, err := bt.Run(h, BySide{england: &StandingOrders{Ask: true}}, d)
	require.NoError(t, err)
	for p != nil && p.Kind == DecideTurn {
		p, err = bt.Resume(Choice{Action: ActFire}, h, BySide{england: &StandingOrders{Ask: true}}, d)
		require.NoError(t, err)
	}
	require.NotNil(t, p)
	assert.Equal(t, PhaseFinalRetreat, bt.Phase)
	assert.Equal(t, DecideRetreat, p.Kind)
	assert.Equal(t, "knight", p.Block)
	assert.Equal(t, england, p.Side)
	p, err = bt.Resume(Choice{Action: ActRetreat, To: "teviot"}, h, nil, d)
	require.NoError(t, err)
	require.Nil(t, p)
	assert.Equal(t, scotland, bt.Winner)
	assert.Equal(t, "teviot", bt.Block("knight").To)
	assert.Equal(t, "lothian", bt.Block("archers").To, "Auto takes the first destination")
	own := strings.Join(bt.Events(england), "\n")
	enemy := strings.Join(bt.Events(scotland), "\n")
	assert.Contains(t, own, "knight retreats to teviot")
	assert.NotContains(t, enemy, "knight retreats")
	assert.Contains(t, enemy, "one of england's blocks retreats to teviot")
	assert.False(t, bt.Revealed(scotland, bt.Block("knight")))
	assert.True(t, bt.Revealed(adjudicator.GM, bt.Block("knight")))
	assert.True(t, bt.Revealed(scotland, bt.Block("clan")))
}

// H-5.7a: a noble eliminated in combat joins the eliminating side's
// reserve at strength 1 and fights for it from the next round.
func TestH_5_7a_CaptureNoble(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("edward", england, "B4", 4, 4),
		kind(blk("buchan", scotland, "B2", 2, 4), "noble"),
		blk("clan", scotland, "C2", 1, 4),
	)
	h := &testHooks{captures: true}
	// Buchan misses; Edward: 3 hits: Buchan 2→1, then a tie (1, 1): by
	// default the clan (same firepower, later letter) dies, then Buchan
	// is captured.
	d := script([]int{6, 6}, []int{1, 1, 1, 6})
	_, err := bt.Run(h, BySide{england: stopAt(2)}, d)
	require.NoError(t, err)
	b := bt.Block("buchan")
	assert.Equal(t, england, b.Side)
	assert.Equal(t, scotland, b.OrigSide)
	assert.Equal(t, 1, b.Steps)
	assert.Equal(t, Fighting, b.Outcome)
	assert.Equal(t, england, bt.Winner, "no Scottish blocks remain")
	assert.Contains(t, strings.Join(bt.Events(scotland), "\n"), "buchan (1→0, captured by england)")
	// Survivors of the winning side may regroup; default: stay.
	assert.Equal(t, PhaseDone, bt.Phase)
}

// H-5.7a with reserves: the captured noble waits for round 2 in its new
// side's reserve and acts from round 2.
func TestH_5_7a_CaptureActsNextRound(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("edward", england, "B4", 2, 4),
		kind(blk("buchan", scotland, "B2", 1, 4), "noble"),
		blk("clan", scotland, "C2", 2, 4),
	)
	h := &testHooks{captures: true}
	rec := &recorder{inner: stopAt(3)}
	scots := &recorder{inner: &StandingOrders{HitOrder: []string{"buchan"}}}
	scots.turns = rec.turns
	// Round 1: Buchan misses; Edward hits the clan (2→1), then Buchan
	// (tie, the Scots' hit order) who is captured; the clan can hit only
	// Edward (Buchan waits in the English reserve). Round 2: Edward,
	// Buchan (now English), the clan.
	d := script([]int{6}, []int{1, 1}, []int{6}, []int{6, 6}, []int{6}, []int{6})
	rec.turns = map[int][]string{}
	scots.turns = rec.turns
	_, err := bt.Run(h, BySide{england: rec, scotland: scots}, d)
	require.NoError(t, err)
	assert.Equal(t, []string{"buchan", "edward", "clan"}, rec.turns[1])
	assert.Equal(t, []string{"edward", "buchan", "clan"}, rec.turns[2])
	assert.Equal(t, england, bt.Block("buchan").Side)
	assert.Empty(t, d.Rolls)
}

func TestH_5_5g_CannotRetreatEliminated(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 2, 4),
		blk("clan", scotland, "C2", 4, 4),
	)
	_, err := bt.Run(&testHooks{}, nil, script(misses(18)))
	require.NoError(t, err)
	assert.Equal(t, Eliminated, bt.Block("knight").Outcome)
	assert.Equal(t, scotland, bt.Winner)
}

// H-5.6a: the victor, reserves included, may regroup.
func TestH_5_6a_Regroup(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 3, 4),
		reserve(blk("archers", england, "B3", 2, 3)),
		blk("clan", scotland, "C2", 1, 4),
	)
	h := &testHooks{regroup: map[string][]string{"knight": {"lothian", "fife"}, "archers": {"fife"}}}
	d := script([]int{1, 6, 6})
	ask := BySide{england: &StandingOrders{Ask: true, Regroup: []RegroupOrder{{Block: "archers", To: "fife"}}}, scotland: stopAt(1)}
	p, err := bt.Run(h, ask, d)
	require.NoError(t, err)
	require.Equal(t, DecideTurn, p.Kind)
	p, err = bt.Resume(Choice{Action: ActFire}, h, ask, d)
	require.NoError(t, err)
	require.NotNil(t, p)
	assert.Equal(t, DecideRegroup, p.Kind)
	assert.Equal(t, "knight", p.Block)
	assert.Equal(t, []string{"stay", "regroup lothian", "regroup fife"}, p.Strings(nil))
	p, err = bt.Resume(Choice{Action: ActStay}, h, ask, d)
	require.NoError(t, err)
	require.Nil(t, p)
	assert.Equal(t, "", bt.Block("knight").To)
	assert.Equal(t, "fife", bt.Block("archers").To)
}

// celticHooks rolls Celtic Cohesion (H-5.2) for Welsh and Ulster blocks
// when they arrive (AMB-17 (b)): on 5-6 the block goes back to the pool.
type celticHooks struct{ testHooks }

func (c *celticHooks) StartRound(bt *Battle, d adjudicator.Dice) {
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		if b.Kind == "celtic" && b.In() && b.Arrived && bt.Count("cohesion "+b.ID) == 0 {
			bt.Inc("cohesion " + b.ID)
			r := bt.Roll(d, b, 1, "cohesion", nil)[0]
			if r >= 5 {
				bt.Say(nil, "%s rolls %d for cohesion and goes home", b.Label(), r)
				bt.Withdraw(b)
			}
		}
	}
}

func TestH_5_2_CelticCohesionHook(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		kind(blk("welsh", england, "C2", 3, 4), "celtic"),
		reserve(kind(blk("ulster", england, "C2", 3, 4), "celtic")),
		blk("clan", scotland, "C2", 4, 4),
	)
	// Round 1: Welsh holds (3); fire: clan, welsh miss. Round 2: Ulster
	// leaves (6); clan, welsh miss; round 3: the clan misses, then stop.
	d := script([]int{3}, misses(4+3), []int{6}, misses(4+3), misses(4))
	_, err := bt.Run(&celticHooks{}, BySide{england: stopAt(3)}, d)
	require.NoError(t, err)
	assert.Equal(t, Removed, bt.Block("ulster").Outcome)
	assert.Equal(t, Fighting, bt.Block("welsh").Outcome)
	assert.Equal(t, "battle field r2 ulster cohesion", d.Log[8])
	assert.Contains(t, strings.Join(bt.Events(scotland), "\n"), "ulster rolls 6 for cohesion and goes home")
}

// A hidden retreat that is the first line of a round carries the round
// prefix in both versions.
func TestH_5_5b_HiddenRetreatRoundPrefix(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 2, 4),
		blk("douglas", scotland, "A2", 2, 4),
	)
	bt.Names = map[string]string{"scotland": "Scotland", "menteith": "Menteith"}
	h := &testHooks{retreat: map[string][]string{"douglas": {"menteith"}}}
	ask := BySide{scotland: &StandingOrders{Ask: true}}
	p, err := bt.Run(h, ask, script())
	require.NoError(t, err)
	require.Equal(t, "douglas", p.Block)
	_, err = bt.Resume(Choice{Action: ActRetreat, To: "menteith"}, h, ask, script())
	require.NoError(t, err)
	assert.Equal(t, []string{"Round 1  douglas retreats to Menteith", "england wins the battle."}, bt.Events(scotland))
	assert.Equal(t, []string{"Round 1  one of Scotland's blocks retreats to Menteith", "england wins the battle."}, bt.Events(england))
}
