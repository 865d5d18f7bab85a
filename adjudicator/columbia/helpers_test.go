package columbia

import (
	"encoding/json"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

const (
	york      adjudicator.Role = "york"
	lancaster adjudicator.Role = "lancaster"
	england   adjudicator.Role = "england"
	scotland  adjudicator.Role = "scotland"
)

// blk builds a block from a rating such as "B2".
func blk(id string, side adjudicator.Role, rating string, steps, max int) Block {
	return Block{ID: id, Side: side, Initiative: rating[0], Firepower: int(rating[1] - '0'), Steps: steps, MaxSteps: max}
}

func reserve(b Block) Block { b.Group = Reserve; return b }

func kind(b Block, k string) Block { b.Kind = k; return b }

// testHooks is a game without a map: retreat destinations are listed per
// block (or per side under "side:<role>"), firepower bonuses per block.
type testHooks struct {
	DefaultHooks
	retreat  map[string][]string
	regroup  map[string][]string
	bonus    map[string]int
	letter   map[string]byte // initiative from round 2 on (bombards)
	captures bool            // blocks of Kind "noble" are captured at strength 1
	specials bool            // "heir" blocks may charge, "king" blocks may try treachery

	chargeHits int // hits of the last charge
}

func (h *testHooks) Firepower(_ *Battle, b *Block) int { return b.Firepower + h.bonus[b.ID] }

func (h *testHooks) Initiative(bt *Battle, b *Block) byte {
	if l, ok := h.letter[b.ID]; ok && (bt.Round > 1 || b.OrigSide != b.Side || b.Group == Reserve) {
		return l
	}
	return b.Initiative
}

func (h *testHooks) RetreatOptions(bt *Battle, b *Block, _ bool) []string {
	if o, ok := h.retreat[b.ID]; ok {
		return o
	}
	return h.retreat["side:"+string(b.Side)]
}

func (h *testHooks) RegroupOptions(_ *Battle, b *Block) []string { return h.regroup[b.ID] }

func (h *testHooks) Eliminated(_ *Battle, b *Block, by *Block) Fate {
	if h.captures && b.Kind == "noble" && by != nil {
		return Fate{Capture: true, Side: by.Side, Steps: 1}
	}
	return Fate{}
}

func (h *testHooks) Specials(bt *Battle, b *Block) []Special {
	if !h.specials {
		return nil
	}
	var targets []string
	for i := range bt.Blocks {
		t := &bt.Blocks[i]
		if t.Side != b.Side && bt.Hittable(t) {
			targets = append(targets, t.ID)
		}
	}
	switch b.Kind {
	case "heir":
		return []Special{{Name: "charge", Targets: targets}}
	case "king":
		if bt.Count("treachery "+b.ID) == 0 {
			return []Special{{Name: "treachery", Targets: targets}}
		}
	}
	return nil
}

func (h *testHooks) ResolveSpecial(bt *Battle, b *Block, c Choice, d adjudicator.Dice) error {
	t := bt.Block(c.Target)
	switch c.Special {
	case "charge":
		// R3-6.5: fire at normal firepower at the named target; a
		// surviving target shoots back at the heir.
		hits, survived := bt.Shoot(h, d, b, b.Firepower, b.Steps, t, "charges")
		h.chargeHits = hits
		if survived {
			bt.Shoot(h, d, t, t.Firepower, t.Steps, b, "bonus shot")
		}
		return nil
	case "treachery":
		bt.Inc("treachery " + b.ID)
		rolls := bt.Roll(d, b, t.Data, "treachery", nil)
		for _, r := range rolls {
			if r%2 == 1 {
				bt.Say(nil, "%s tries treachery on %s: %v, fails", b.Label(), t.Label(), rolls)
				return nil
			}
		}
		bt.Say(nil, "%s tries treachery on %s: %v, %s defects", b.Label(), t.Label(), rolls, t.Label())
		bt.Defect(t, b.Side)
		return nil
	}
	return errUnknownSpecial(c.Special)
}

// recorder is a Decider that records the blocks whose turn came, per
// round, and answers like the wrapped Decider (Auto if nil).
type recorder struct {
	inner Decider
	turns map[int][]string
	asked []Pending
}

func (r *recorder) Decide(bt *Battle, p *Pending) (Choice, bool) {
	if r.turns == nil {
		r.turns = map[int][]string{}
	}
	if p.Kind == DecideTurn || (p.Kind == DecideRetreat && bt.Phase == PhaseRounds) {
		r.turns[bt.Round] = append(r.turns[bt.Round], p.Block)
	}
	cp := *p
	cp.Choices = append([]Choice(nil), p.Choices...)
	r.asked = append(r.asked, cp)
	if r.inner == nil {
		return Auto{}.Decide(bt, p)
	}
	return r.inner.Decide(bt, p)
}

func newBattle(t *testing.T, cfg Config, att, def adjudicator.Role, blocks ...Block) *Battle {
	t.Helper()
	bt, err := New(cfg, "field", att, def, blocks)
	require.NoError(t, err)
	return bt
}

// misses returns n rolls of 6 (a miss for every firepower below 6).
func misses(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = 6
	}
	return out
}

func cat(parts ...[]int) []int {
	var out []int
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func script(rolls ...[]int) *testdice.Script {
	return &testdice.Script{Rolls: cat(rolls...)}
}

// roundTrip encodes and decodes a battle through JSON.
func roundTrip(t *testing.T, bt *Battle) *Battle {
	t.Helper()
	data, err := json.Marshal(bt)
	require.NoError(t, err)
	var out Battle
	require.NoError(t, json.Unmarshal(data, &out))
	return &out
}

// stopAt asks the player for every battle turn from round N on, and
// otherwise answers like Auto.
type stopAt int

func (s stopAt) Decide(bt *Battle, p *Pending) (Choice, bool) {
	if p.Kind == DecideTurn && bt.Round >= int(s) {
		return Choice{}, false
	}
	return Auto{}.Decide(bt, p)
}

// FireOrder passes the wrapped Decider's firing order on.
func (r *recorder) FireOrder(bt *Battle, side adjudicator.Role) []string {
	if f, ok := r.inner.(FireOrderer); ok {
		return f.FireOrder(bt, side)
	}
	return nil
}
