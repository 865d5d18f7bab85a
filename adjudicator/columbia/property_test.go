package columbia

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomDecider picks a random legal answer, and asks the player (returns
// false) with probability 1/ask when ask > 0.
type randomDecider struct {
	rng *testdice.Seeded
	ask int
}

func (r *randomDecider) Decide(_ *Battle, p *Pending) (Choice, bool) {
	if r.ask > 0 && r.rng.Intn(r.ask) == 0 {
		return Choice{}, false
	}
	return p.Choices[r.rng.Intn(len(p.Choices))], true
}

var letters = []byte("ABCD")

// randomBattle builds a battle of 2..9 blocks with random ratings,
// reserves, retreat and regroup options, captures and specials.
func randomBattle(t testing.TB, rng *testdice.Seeded, narrate bool) (*Battle, *testHooks) {
	cfg := RichardIII()
	att, def := york, lancaster
	if rng.Intn(2) == 0 {
		cfg = Hammer()
		att, def = england, scotland
	}
	cfg.Narrate = narrate
	if rng.Intn(4) == 0 {
		cfg.ReserveException = ReserveException(rng.Intn(3))
	}
	h := &testHooks{retreat: map[string][]string{}, regroup: map[string][]string{}, bonus: map[string]int{}, letter: map[string]byte{}}
	h.captures = rng.Intn(2) == 0
	h.specials = rng.Intn(2) == 0
	n := 2 + rng.Intn(8)
	var blocks []Block
	for i := 0; i < n; i++ {
		side := att
		if i%2 == 1 {
			side = def
		}
		max := 2 + rng.Intn(3)
		b := Block{
			ID:         fmt.Sprintf("b%d", i),
			Side:       side,
			Initiative: letters[rng.Intn(3)],
			Firepower:  1 + rng.Intn(4),
			MaxSteps:   max,
			Steps:      1 + rng.Intn(max),
			Data:       1 + rng.Intn(3),
		}
		if i >= 2 && rng.Intn(3) == 0 {
			b.Group = Reserve
		}
		switch rng.Intn(6) {
		case 0:
			b.Kind = "noble"
		case 1:
			b.Kind = "heir"
		case 2:
			b.Kind = "king"
		}
		if rng.Intn(3) > 0 {
			for k := rng.Intn(3); k > 0; k-- {
				h.retreat[b.ID] = append(h.retreat[b.ID], fmt.Sprintf("area%d", rng.Intn(4)))
			}
		} else {
			h.retreat[b.ID] = nil
		}
		if rng.Intn(2) == 0 {
			h.regroup[b.ID] = []string{"north", "south"}
		}
		if rng.Intn(4) == 0 {
			h.bonus[b.ID] = 1
		}
		if rng.Intn(6) == 0 {
			h.letter[b.ID] = 'D'
		}
		blocks = append(blocks, b)
	}
	bt, err := New(cfg, "field", att, def, blocks)
	require.NoError(t, err)
	return bt, h
}

func checkBattle(t *testing.T, bt *Battle, seed uint64) {
	t.Helper()
	require.Equal(t, PhaseDone, bt.Phase, "seed %d", seed)
	require.Nil(t, bt.Pending, "seed %d", seed)
	require.Nil(t, bt.Shot, "seed %d", seed)
	require.LessOrEqual(t, bt.Round, bt.Rules.MaxRounds, "seed %d", seed)
	var survivors [2]int
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		require.GreaterOrEqual(t, b.Steps, 0, "seed %d %s", seed, b.ID)
		require.LessOrEqual(t, b.Steps, b.MaxSteps, "seed %d %s", seed, b.ID)
		switch b.Outcome {
		case Eliminated:
			require.Equal(t, 0, b.Steps, "seed %d %s", seed, b.ID)
		case Retreated:
			require.NotEmpty(t, b.To, "seed %d %s", seed, b.ID)
			require.GreaterOrEqual(t, b.Steps, 1, "seed %d %s", seed, b.ID)
		case Fighting:
			require.GreaterOrEqual(t, b.Steps, 1, "seed %d %s", seed, b.ID)
			require.Equal(t, bt.Winner, b.Side, "seed %d: survivor %s must be the winner's", seed, b.ID)
			if b.Side == bt.Attacker {
				survivors[0]++
			} else {
				survivors[1]++
			}
		default:
			t.Fatalf("seed %d: block %s has outcome %v", seed, b.ID, b.Outcome)
		}
	}
	require.False(t, survivors[0] > 0 && survivors[1] > 0, "seed %d: both sides survive", seed)
	if bt.Winner == "" {
		require.Equal(t, [2]int{}, survivors, "seed %d", seed)
	}
}

// Many random battles: each ends, strengths stay in 0..max, every block
// ends with one outcome, survivors belong to the winner.
func TestProperty_RandomBattlesEnd(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		rng := testdice.New(seed)
		bt, h := randomBattle(t, rng, seed%2 == 0)
		dice := testdice.New(seed * 7919)
		dec := &randomDecider{rng: testdice.New(seed + 1)}
		p, err := bt.Run(h, dec, dice)
		require.NoError(t, err, "seed %d", seed)
		require.Nil(t, p, "seed %d", seed)
		checkBattle(t, bt, seed)
	}
}

// A battle interrupted at every decision, stored as JSON and resumed,
// ends exactly like one decided in a single run.
func TestProperty_PauseResumeSameResult(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 100
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		// Straight run: every decision answered at once.
		bt1, h := randomBattle(t, testdice.New(seed), true)
		_, err := bt1.Run(h, &randomDecider{rng: testdice.New(seed + 1)}, testdice.New(seed*31))
		require.NoError(t, err)

		// Interrupted run: the same random answers, each given through
		// Resume after a JSON round trip.
		bt2, h2 := randomBattle(t, testdice.New(seed), true)
		picks := testdice.New(seed + 1)
		dice := testdice.New(seed * 31)
		ask := stopAll{}
		p, err := bt2.Run(h2, ask, dice)
		require.NoError(t, err)
		for steps := 0; p != nil; steps++ {
			require.Less(t, steps, 1000, "seed %d", seed)
			data, err := json.Marshal(bt2)
			require.NoError(t, err)
			var back Battle
			require.NoError(t, json.Unmarshal(data, &back))
			bt2 = &back
			c := bt2.Pending.Choices[picks.Intn(len(bt2.Pending.Choices))]
			p, err = bt2.Resume(c, h2, ask, dice)
			require.NoError(t, err, "seed %d", seed)
		}
		checkBattle(t, bt2, seed)
		require.Equal(t, bt1.Log, bt2.Log, "seed %d", seed)
		require.Equal(t, bt1.Blocks, bt2.Blocks, "seed %d", seed)
		require.Equal(t, bt1.Winner, bt2.Winner, "seed %d", seed)
		require.Equal(t, bt1.Moves, bt2.Moves, "seed %d", seed)
	}
}

// stopAll asks the player for every decision.
type stopAll struct{}

func (stopAll) Decide(*Battle, *Pending) (Choice, bool) { return Choice{}, false }

// The same seed gives the same battle, byte for byte.
func TestProperty_Deterministic(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		var out [2][]byte
		for k := range out {
			bt, h := randomBattle(t, testdice.New(seed), true)
			_, err := bt.Run(h, &randomDecider{rng: testdice.New(seed + 1)}, testdice.New(seed))
			require.NoError(t, err)
			out[k], err = json.Marshal(bt)
			require.NoError(t, err)
		}
		assert.Equal(t, string(out[0]), string(out[1]))
	}
}

func TestNewRejectsBadBlocks(t *testing.T) {
	cases := map[string][]Block{
		"no ID":      {{Side: york, Initiative: 'A', Firepower: 2, Steps: 1, MaxSteps: 2}},
		"duplicate":  {blk("a", york, "A2", 1, 2), blk("a", lancaster, "A2", 1, 2)},
		"wrong side": {blk("a", england, "A2", 1, 2)},
		"strength":   {blk("a", york, "A2", 3, 2)},
		"dead":       {blk("a", york, "A2", 0, 2)},
		"letter":     {blk("a", york, "12", 1, 2)},
	}
	for name, blocks := range cases {
		_, err := New(RichardIII(), "field", york, lancaster, blocks)
		assert.Error(t, err, name)
	}
	_, err := New(RichardIII(), "field", york, york, nil)
	assert.Error(t, err)
	_, err = New(Config{}, "field", york, lancaster, nil)
	assert.Error(t, err)
}

func TestResumeWithoutPending(t *testing.T) {
	bt := newBattle(t, RichardIII(), york, lancaster, blk("a", york, "A2", 1, 2), blk("b", lancaster, "A2", 1, 2))
	_, err := bt.Resume(Choice{}, &testHooks{}, nil, testdice.New(1))
	assert.ErrorIs(t, err, ErrNotPending)
}

var _ adjudicator.Dice = (*testdice.Script)(nil)

// BenchmarkBattle6 fights a typical 6-block battle (3 against 3, one
// reserve each) without narrative, as selfplay does.
func BenchmarkBattle6(b *testing.B) {
	blocks := []Block{
		blk("a1", york, "A2", 3, 3), blk("a2", york, "B2", 4, 4), reserve(blk("a3", york, "C3", 2, 3)),
		blk("d1", lancaster, "B3", 3, 4), blk("d2", lancaster, "C2", 3, 3), reserve(blk("d3", lancaster, "A2", 2, 2)),
	}
	h := &testHooks{retreat: map[string][]string{"side:york": {"kent"}, "side:lancaster": {"essex"}}}
	dice := testdice.New(1)
	cfg := RichardIII()
	cfg.Narrate = false
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		bt, err := New(cfg, "field", york, lancaster, blocks)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bt.Run(h, Auto{}, dice); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// BenchmarkBattle6Narrated is the same battle with its narrative.
func BenchmarkBattle6Narrated(b *testing.B) {
	blocks := []Block{
		blk("a1", england, "A2", 3, 3), blk("a2", england, "B3", 4, 4), reserve(blk("a3", england, "C3", 2, 3)),
		blk("d1", scotland, "B3", 3, 4), blk("d2", scotland, "C2", 3, 3), reserve(blk("d3", scotland, "A2", 2, 2)),
	}
	h := &testHooks{retreat: map[string][]string{"side:england": {"lothian"}, "side:scotland": {"fife"}}}
	dice := testdice.New(1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		bt, err := New(Hammer(), "field", england, scotland, blocks)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bt.Run(h, Auto{}, dice); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// Run on a pending battle asks the new Decider first.
func TestRunAnswersPendingWithNewDecider(t *testing.T) {
	bt := newBattle(t, Hammer(), england, scotland, blk("knight", england, "B3", 2, 4), blk("clan", scotland, "C2", 2, 4))
	h := &testHooks{}
	p, err := bt.Run(h, stopAll{}, testdice.New(3))
	require.NoError(t, err)
	require.NotNil(t, p)
	p2, err := bt.Run(h, stopAll{}, testdice.New(3))
	require.NoError(t, err)
	assert.Equal(t, p, p2, "still waiting")
	p, err = bt.Run(h, Auto{}, testdice.New(3))
	require.NoError(t, err)
	assert.Nil(t, p)
	assert.True(t, bt.Done())
	assert.Equal(t, "Battle of field (england attacks; scotland defends)", bt.Header())
}

func TestRandomDecider(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		bt, h := randomBattle(t, testdice.New(seed), false)
		rng := testdice.New(seed + 99)
		p, err := bt.Run(h, Random{Pick: rng.Intn}, testdice.New(seed))
		require.NoError(t, err)
		require.Nil(t, p)
		checkBattle(t, bt, seed)
	}
}

// Clone shares nothing: resuming a clone leaves the original as it was,
// and a clone encodes like the original.
func TestProperty_CloneSharesNothing(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		bt, h := randomBattle(t, testdice.New(seed), true)
		bt.Names = map[string]string{"york": "York"}
		picks := testdice.New(seed + 1)
		dice := testdice.New(seed * 31)
		p, err := bt.Run(h, stopAll{}, dice)
		require.NoError(t, err)
		for p != nil {
			before, err := json.Marshal(bt)
			require.NoError(t, err)
			c := bt.Clone()
			cloned, err := json.Marshal(c)
			require.NoError(t, err)
			require.Equal(t, string(before), string(cloned), "seed %d", seed)
			choice := c.Pending.Choices[picks.Intn(len(c.Pending.Choices))]
			p, err = c.Resume(choice, h, stopAll{}, dice)
			require.NoError(t, err)
			after, err := json.Marshal(bt)
			require.NoError(t, err)
			require.Equal(t, string(before), string(after), "seed %d: the original changed", seed)
			bt = c
		}
		checkBattle(t, bt, seed)
	}
}
