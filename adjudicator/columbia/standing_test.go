package columbia

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/orders"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	testBlocks = []orders.Name{{ID: "oxford", Aliases: []string{"Earl of Oxford"}}, {ID: "norfolk"}, {ID: "norwich-levy", Aliases: []string{"Norwich levy"}}}
	testAreas  = []orders.Name{{ID: "east-anglia", Aliases: []string{"East Anglia"}}, {ID: "essex"}, {ID: "kent"}}
)

func TestParseStanding(t *testing.T) {
	s, err := ParseStanding("fire; retreat to East Anglia if we are down to 1 block", testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, StandingOrders{Retreat: []RetreatRule{{To: []string{"east-anglia"}, When: Condition{Kind: BlocksAtMost, N: 1}}}}, s)

	s, err = ParseStanding("ask me each round; hits norw, oxf; pass Norfolk; retreat Oxford, Norfolk to Kent or Essex when round >= 3; retreat to anywhere if weaker; regroup oxford to e anglia; regroup norfolk stay", testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, StandingOrders{
		Ask:      true,
		Pass:     []string{"norfolk"},
		HitOrder: []string{"norwich-levy", "oxford"},
		Retreat: []RetreatRule{
			{Blocks: []string{"oxford", "norfolk"}, To: []string{"kent", "essex"}, When: Condition{Kind: RoundAtLeast, N: 3}},
			{When: Condition{Kind: Weaker}},
		},
		Regroup: []RegroupOrder{{Block: "oxford", To: "east-anglia"}, {Block: "norfolk"}},
	}, s)
	// String writes what ParseStanding reads.
	back, err := ParseStanding(s.String(), testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	assert.Equal(t, "fire; ask me each round; pass norfolk; retreat oxford, norfolk to kent or essex if round >= 3; retreat to anywhere if weaker; hits norwich-levy, oxford; regroup oxford to east-anglia; regroup norfolk stay", s.String())

	for text, want := range map[string]Condition{
		"from round 2":           {Kind: RoundAtLeast, N: 2},
		"round 3 or later":       {Kind: RoundAtLeast, N: 3},
		"outnumbered":            {Kind: Weaker},
		"our strength <= 4":      {Kind: StepsAtMost, N: 4},
		"down to 2 steps":        {Kind: StepsAtMost, N: 2},
		"2 blocks or fewer":      {Kind: BlocksAtMost, N: 2},
		"we are down to 1 block": {Kind: BlocksAtMost, N: 1},
	} {
		c, err := ParseCondition(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, c, text)
		again, err := ParseCondition(c.String())
		require.NoError(t, err)
		assert.Equal(t, c, again)
	}

	for _, bad := range []string{"charge!", "retreat to Mars", "retreat to kent if the moon is full", "pass", "regroup oxford", "fire oxford", "hits nobody"} {
		_, err := ParseStanding(bad, testBlocks, testAreas)
		assert.Error(t, err, bad)
	}
}

// Standing orders in a battle: retreat conditions, pass, hit order.
func TestStandingOrdersInBattle(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("warwick", york, "A3", 4, 4),
		blk("oxford", lancaster, "B2", 3, 3),
		blk("norfolk", lancaster, "B2", 1, 3),
	)
	h := &testHooks{retreat: map[string][]string{"side:lancaster": {"essex", "kent"}}}
	so, err := ParseStanding("retreat to kent if weaker; pass norfolk", testBlocks, testAreas)
	require.NoError(t, err)
	// Round 1 (no retreat): Warwick misses; Oxford fires, Norfolk passes.
	// Round 2: Warwick misses; Lancaster (4 steps) is not weaker than
	// York (4): Oxford fires again.
	d := script(misses(4+3), misses(4+3))
	_, err = bt.Run(h, BySide{lancaster: &so, york: stopAt(3)}, d)
	require.NoError(t, err)
	assert.Equal(t, Fighting, bt.Block("oxford").Outcome, "4 against 4 is not weaker")
	assert.Contains(t, strings.Join(bt.Events(york), "\n"), "norfolk passes")

	bt = newBattle(t, RichardIII(), york, lancaster,
		blk("warwick", york, "A3", 4, 4),
		blk("oxford", lancaster, "B2", 2, 3),
		blk("norfolk", lancaster, "B2", 1, 3),
	)
	d = script(misses(4), misses(2), misses(4))
	_, err = bt.Run(h, BySide{lancaster: &so, york: stopAt(3)}, d)
	require.NoError(t, err)
	assert.Equal(t, "kent", bt.Block("oxford").To)
	assert.Equal(t, "kent", bt.Block("norfolk").To)
	assert.Equal(t, york, bt.Winner)
}

func TestDefaultTie(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 3, 4),
		blk("wallace", scotland, "A3", 3, 3),
		blk("clan", scotland, "C2", 3, 4),
		blk("cavalry", scotland, "B1", 3, 3),
	)
	ch := []Choice{{Action: ActTarget, Target: "wallace"}, {Action: ActTarget, Target: "clan"}, {Action: ActTarget, Target: "cavalry"}}
	assert.Equal(t, "cavalry", DefaultTie(bt, ch).Target, "lowest firepower")
	assert.Equal(t, "clan", DefaultTie(bt, ch[:2]).Target, "then the latest letter")
}

func TestPendingParseAndPrompt(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		Block{ID: "warwick", Name: "Warwick", Side: york, Initiative: 'A', Firepower: 3, Steps: 3, MaxSteps: 4},
		Block{ID: "oxford", Name: "Oxford", Side: lancaster, Initiative: 'B', Firepower: 2, Steps: 3, MaxSteps: 3},
		Block{ID: "norfolk", Name: "Norfolk", Side: lancaster, Initiative: 'B', Firepower: 2, Steps: 3, MaxSteps: 3},
		reserve(Block{ID: "kent", Name: "Kent", Side: york, Initiative: 'B', Firepower: 2, Steps: 2, MaxSteps: 3}),
	)
	bt.AreaName = "Essex"
	h := &testHooks{retreat: map[string][]string{"side:york": {"east-anglia", "essex-north"}}}
	ask := BySide{york: &StandingOrders{Ask: true}, lancaster: &StandingOrders{Ask: true}}
	d := script(misses(3 + 3 + 3))
	p, err := bt.Run(h, ask, d)
	require.NoError(t, err)
	assert.Equal(t, "Battle of Essex, round 1: Warwick (A3, 3 steps) to act: fire, pass", bt.Question(p, nil))
	for i := 0; i < 3; i++ {
		p, err = bt.Resume(Choice{Action: ActFire}, h, ask, d)
		require.NoError(t, err)
	}
	// Round 2 Warwick may retreat.
	area := func(id string) string {
		return map[string]string{"east-anglia": "East Anglia", "essex-north": "Essex North"}[id]
	}
	name := bt.Namer(area)
	assert.Equal(t, []string{"fire", "pass", "retreat East Anglia", "retreat Essex North"}, p.Strings(name))
	_, err = p.ParseChoice("retreat e", name)
	require.Error(t, err)
	c, err := p.ParseChoice("retreat to east", name)
	require.NoError(t, err)
	assert.Equal(t, Choice{Action: ActRetreat, To: "east-anglia"}, c)
	c, err = p.ParseChoice("RETREAT essex-north", name)
	require.NoError(t, err)
	assert.Equal(t, "essex-north", c.To)
	_, err = p.ParseChoice("charge", name)
	require.Error(t, err)
	pr := bt.Prompt(p, name)
	assert.Equal(t, york, pr.Role)
	assert.Equal(t, "battle battle turn", pr.Kind)
	assert.Equal(t, "york (attacking): Warwick A3 3/4, Kent B2 2/3\nlancaster (defending): Oxford B2 3/3, Norfolk B2 3/3", bt.Table(lancaster))
}

func TestTableHidesReserves(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland,
		blk("knight", england, "B3", 3, 4),
		reserve(blk("archers", england, "B3", 2, 3)),
		reserve(blk("hobelars", england, "A2", 2, 2)),
		blk("clan", scotland, "C2", 4, 4),
	)
	assert.Equal(t, "england (attacking): knight B3 3/4, 2 hidden blocks\nscotland (defending): clan C2 4/4", bt.Table(scotland))
	assert.Equal(t, "england (attacking): knight B3 3/4, archers B3 2/3 (reserve), hobelars A2 2/2 (reserve)\nscotland (defending): clan C2 4/4", bt.Table(england))
	_ = testdice.New
}

func TestStandingOrdersDecide(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster,
		blk("warwick", york, "A3", 3, 4),
		blk("kent", york, "B2", 1, 3),
		blk("oxford", lancaster, "B2", 3, 3),
	)
	bt.Round = 2
	cond := func(k CondKind, n int) bool { return Condition{Kind: k, N: n}.Holds(bt, york) }
	assert.True(t, cond(Always, 0))
	assert.True(t, cond(RoundAtLeast, 2))
	assert.False(t, cond(RoundAtLeast, 3))
	assert.False(t, cond(Weaker, 0), "4 steps against 3")
	assert.True(t, Condition{Kind: Weaker}.Holds(bt, lancaster))
	assert.True(t, cond(BlocksAtMost, 2))
	assert.False(t, cond(BlocksAtMost, 1))
	assert.True(t, cond(StepsAtMost, 4))
	assert.False(t, cond(StepsAtMost, 3))
	assert.False(t, Condition{Kind: CondKind(99)}.Holds(bt, york))

	turn := &Pending{Side: york, Kind: DecideTurn, Block: "kent", Choices: []Choice{{Action: ActFire}, {Action: ActPass}, {Action: ActRetreat, To: "essex"}, {Action: ActRetreat, To: "kent-area"}}}
	so := &StandingOrders{Retreat: []RetreatRule{
		{Blocks: []string{"warwick"}, To: []string{"essex"}},
		{Blocks: []string{"kent"}, To: []string{"nowhere", "kent-area"}, When: Condition{Kind: StepsAtMost, N: 4}},
	}}
	c, ok := so.Decide(bt, turn)
	assert.True(t, ok)
	assert.Equal(t, Choice{Action: ActRetreat, To: "kent-area"}, c)
	turn.Block = "warwick"
	c, _ = so.Decide(bt, turn)
	assert.Equal(t, Choice{Action: ActRetreat, To: "essex"}, c)

	forced := &Pending{Side: york, Kind: DecideRetreat, Block: "kent", Choices: []Choice{{Action: ActRetreat, To: "essex"}, {Action: ActRetreat, To: "kent-area"}}}
	c, ok = so.Decide(bt, forced)
	assert.True(t, ok)
	assert.Equal(t, "kent-area", c.To, "a forced retreat uses the destinations whatever the condition")
	_, ok = (&StandingOrders{Ask: true}).Decide(bt, forced)
	assert.False(t, ok)
	c, ok = (&StandingOrders{}).Decide(bt, forced)
	assert.True(t, ok)
	assert.Equal(t, "essex", c.To)

	regroup := &Pending{Side: york, Kind: DecideRegroup, Block: "kent", Choices: []Choice{{Action: ActStay}, {Action: ActRegroup, To: "essex"}}}
	c, _ = (&StandingOrders{Regroup: []RegroupOrder{{Block: "kent", To: "essex"}}}).Decide(bt, regroup)
	assert.Equal(t, Choice{Action: ActRegroup, To: "essex"}, c)
	c, _ = (&StandingOrders{Regroup: []RegroupOrder{{Block: "kent", To: "mars"}}}).Decide(bt, regroup)
	assert.Equal(t, Choice{Action: ActStay}, c, "an illegal destination stays")
	_, ok = (&StandingOrders{Ask: true}).Decide(bt, regroup)
	assert.False(t, ok)
	var nilOrders *StandingOrders
	c, ok = nilOrders.Decide(bt, regroup)
	assert.True(t, ok)
	assert.Equal(t, ActStay, c.Action)

	tie := &Pending{Side: york, Kind: DecideHitTie, Block: "oxford", Choices: []Choice{{Action: ActTarget, Target: "warwick"}, {Action: ActTarget, Target: "kent"}}}
	_, ok = (&StandingOrders{Ask: true, HitOrder: []string{"oxford"}}).Decide(bt, tie)
	assert.False(t, ok, "the hit order does not settle it")

	assert.Equal(t, []string{"fire", "pass", "retreat Essex", "retreat Kent area"}, turn.Strings(func(id string) string {
		return map[string]string{"essex": "Essex", "kent-area": "Kent area"}[id]
	}))
	assert.Equal(t, "stay", Choice{Action: ActStay}.String())
	assert.Equal(t, "treachery oxford", Choice{Action: ActSpecial, Special: "treachery", Target: "oxford"}.String())
	assert.Equal(t, "muster", Choice{Action: ActSpecial, Special: "muster"}.String())
	assert.Equal(t, "eliminated", Eliminated.String())
	assert.Equal(t, "hit tie", DecideHitTie.String())
}

func TestRegroupAllAndNames(t *testing.T) {
	so, err := ParseStanding("regroup all to kent; regroup norfolk stay", testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, []RegroupOrder{{Block: AllBlocks, To: "kent"}, {Block: "norfolk"}}, so.Regroup)
	assert.Equal(t, "fire; regroup all to kent; regroup norfolk stay", so.String())
	back, err := ParseStanding(so.String(), testBlocks, testAreas)
	require.NoError(t, err)
	assert.Equal(t, so, back)

	bt := newBattle(t, Hammer(), england, scotland,
		blk("oxford", england, "B3", 3, 4),
		blk("norfolk", england, "B3", 3, 4),
		blk("clan", scotland, "C2", 1, 4),
	)
	bt.Names = map[string]string{"kent": "Kent", "england": "England", "scotland": "Scotland", "field": "Field of Cloth"}
	h := &testHooks{regroup: map[string][]string{"oxford": {"essex", "kent"}, "norfolk": {"kent"}}}
	_, err = bt.Run(h, BySide{england: &so}, script([]int{6}, []int{1, 6, 6}))
	require.NoError(t, err)
	assert.Equal(t, "kent", bt.Block("oxford").To)
	assert.Equal(t, "", bt.Block("norfolk").To)
	ev := strings.Join(bt.Events(scotland), "\n")
	assert.Contains(t, ev, "oxford regroups to Kent")
	assert.Contains(t, ev, "England wins the battle.")
	assert.Equal(t, "Battle of Field of Cloth (England attacks; Scotland defends)", bt.Header())
	assert.Equal(t, "Kent", bt.Namer(nil)("kent"))
	assert.Equal(t, "oxford", bt.Namer(nil)("oxford"))
}
