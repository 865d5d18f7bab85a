package columbia

import (
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Name returns the display name of an area or role ID from bt.Names, or
// the ID itself.
func (bt *Battle) Name(id string) string {
	if n, ok := bt.Names[id]; ok {
		return n
	}
	return id
}

// Namer returns a function naming IDs for players: a block's Label, or
// area(id) for anything else (area nil: bt.Name).
func (bt *Battle) Namer(area func(id string) string) func(id string) string {
	return func(id string) string {
		if b := bt.Block(id); b != nil {
			return b.Label()
		}
		if area != nil {
			return area(id)
		}
		return bt.Name(id)
	}
}

func (bt *Battle) areaLabel() string {
	if bt.AreaName != "" {
		return bt.AreaName
	}
	return bt.Name(bt.Area)
}

// Header is the battle's title line, e.g. "Battle of Essex (york
// attacks; lancaster defends)", naming the original attacker.
func (bt *Battle) Header() string {
	att, def := bt.OrigAttacker, bt.Enemy(bt.OrigAttacker)
	return "Battle of " + bt.areaLabel() + " (" + bt.Name(string(att)) + " attacks; " + bt.Name(string(def)) + " defends)"
}

// Question explains a pending decision to its player in one line, e.g.
// "Battle of Essex, round 2: Oxford (B2, 3 steps) to act: fire, pass,
// retreat Kent". name is as for Choice.Text (nil: bt.Namer(nil)).
func (bt *Battle) Question(p *Pending, name func(id string) string) string {
	if name == nil {
		name = bt.Namer(nil)
	}
	var b strings.Builder
	b.WriteString("Battle of ")
	b.WriteString(bt.areaLabel())
	if bt.Phase == PhaseRounds {
		b.WriteString(", round ")
		b.WriteString(strconv.Itoa(bt.Round))
	}
	b.WriteString(": ")
	blk := bt.Block(p.Block)
	who := p.Block
	if blk != nil {
		who = blk.Label() + " (" + Rating(bt.initiativeOf(blk), blk.Firepower) + ", " + strconv.Itoa(blk.Steps) + " steps)"
	}
	switch p.Kind {
	case DecideTurn:
		b.WriteString(who + " to act")
	case DecideHitTie:
		b.WriteString(name(p.Block) + " scored " + strconv.Itoa(p.Hits) + " hit(s) still to apply; choose which of your equally strong blocks takes them")
	case DecideRetreat:
		b.WriteString(who + " must retreat; choose where")
	case DecideRegroup:
		b.WriteString(who + " may regroup or stay")
	}
	b.WriteString(": ")
	b.WriteString(strings.Join(p.Strings(name), ", "))
	return b.String()
}

// Prompt turns a pending decision into an adjudicator.Prompt. The game
// adds its own Template (the order syntax is the game's).
func (bt *Battle) Prompt(p *Pending, name func(id string) string) adjudicator.Prompt {
	if name == nil {
		name = bt.Namer(nil)
	}
	return adjudicator.Prompt{
		Role:    p.Side,
		Kind:    "battle " + p.Kind.String(),
		Text:    bt.Question(p, name),
		Choices: p.Strings(name),
	}
}

// Table describes the blocks of the battle as role may see them, one line
// per side, e.g. "york (attacking): Warwick A3 3/4, Fauconberg B2 4/4
// (reserve)". Blocks role may not see are counted, not named.
func (bt *Battle) Table(role adjudicator.Role) string {
	var b strings.Builder
	for k, side := range []adjudicator.Role{bt.Attacker, bt.Defender} {
		if k > 0 {
			b.WriteString("\n")
		}
		b.WriteString(bt.Name(string(side)))
		if k == 0 {
			b.WriteString(" (attacking):")
		} else {
			b.WriteString(" (defending):")
		}
		hidden, n := 0, 0
		for i := range bt.Blocks {
			x := &bt.Blocks[i]
			if x.Side != side || x.Outcome != Fighting {
				continue
			}
			if !bt.Revealed(role, x) {
				hidden++
				continue
			}
			if n > 0 {
				b.WriteString(",")
			}
			n++
			b.WriteString(" ")
			b.WriteString(x.Label())
			b.WriteString(" ")
			b.WriteString(Rating(bt.initiativeOf(x), x.Firepower))
			b.WriteString(" ")
			b.WriteString(strconv.Itoa(x.Steps))
			b.WriteString("/")
			b.WriteString(strconv.Itoa(x.MaxSteps))
			if !x.Arrived {
				b.WriteString(" (reserve)")
			}
		}
		if hidden > 0 {
			if n > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + strconv.Itoa(hidden) + " hidden block")
			if hidden > 1 {
				b.WriteString("s")
			}
		}
		if n == 0 && hidden == 0 {
			b.WriteString(" none")
		}
	}
	return b.String()
}

// Clone returns a deep copy of the battle that shares nothing with bt but
// its Names, which a battle only reads (the reusable scratch space is
// left empty), for games whose Apply must not change the state it was
// called on. The copy and its lists are one allocation.
func (bt *Battle) Clone() *Battle {
	m := &battleMem{}
	c := &m.bt
	*c = Battle{
		mem:          m,
		Area:         bt.Area,
		AreaName:     bt.AreaName,
		Names:        bt.Names,
		Rules:        bt.Rules,
		Attacker:     bt.Attacker,
		Defender:     bt.Defender,
		OrigAttacker: bt.OrigAttacker,
		Swapped:      bt.Swapped,
		Round:        bt.Round,
		Phase:        bt.Phase,
		Turn:         bt.Turn,
		Winner:       bt.Winner,
		Draws:        bt.Draws,
		Lines:        bt.Lines,
	}
	c.text.Reset(m.text[:])
	m.ready(c, len(bt.Blocks))
	c.Order = cloneInto(c.Order, bt.Order)
	c.Blocks = cloneInto(c.Blocks, bt.Blocks)
	c.Moves = cloneInto(m.moves[:0], bt.Moves)
	c.Log = cloneInto(m.log[:0], bt.Log)
	if bt.Counters != nil {
		c.Counters = make(map[string]int, len(bt.Counters))
		for k, v := range bt.Counters {
			c.Counters[k] = v
		}
	}
	for i := range c.Blocks {
		c.Blocks[i].Tags = cloneSlice(bt.Blocks[i].Tags)
	}
	// The audiences of logged events are shared, not copied: an event's
	// audience is never changed once it is logged.
	if bt.Shot != nil {
		c.Shot = bt.Shot.clone()
	}
	if bt.Pending != nil {
		p := *bt.Pending
		p.Choices = cloneSlice(bt.Pending.Choices)
		c.Pending = &p
	}
	return c
}

// cloneInto copies s into room (an empty slice with room for it, or the
// copy grows on the heap), keeping nil and empty apart (they encode
// differently).
func cloneInto[T any](room, s []T) []T {
	if s == nil {
		return nil
	}
	return append(room[:0], s...)
}

// clone returns a copy of s with its own buffers.
func (s *Shot) clone() *Shot {
	c := *s
	c.Rolls = cloneSlice(s.Rolls)
	c.Text = cloneSlice(s.Text)
	c.Segs = cloneSlice(s.Segs)
	return &c
}

// cloneSlice copies s, keeping nil and empty apart (they encode
// differently).
func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}
