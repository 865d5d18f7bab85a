package columbia

import (
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// String returns the canonical text of a choice: "fire", "pass",
// "retreat AREA", "SPECIAL [TARGET]", "hit BLOCK", "stay", "regroup AREA".
func (c Choice) String() string {
	h, r := c.parts(nil)
	if r == "" {
		return h
	}
	return h + r
}

// Text is like String but shows names instead of IDs; name maps a block or
// area ID to its display name (nil: IDs).
func (c Choice) Text(name func(id string) string) string {
	h, r := c.parts(name)
	if r == "" {
		return h
	}
	return h + r
}

// Parts is Text(name) in two parts, head+tail, for a caller that writes
// them into a buffer of its own instead of building the string.
func (c Choice) Parts(name func(id string) string) (head, tail string) {
	return c.parts(name)
}

// parts returns the text of c in two parts (the second names its
// destination or target); name nil gives IDs (String).
func (c Choice) parts(name func(id string) string) (string, string) {
	id := func(s string) string {
		if name == nil {
			return s
		}
		return name(s)
	}
	switch c.Action {
	case ActFire:
		return "fire", ""
	case ActPass:
		return "pass", ""
	case ActRetreat:
		return "retreat ", id(c.To)
	case ActSpecial:
		if c.Target == "" {
			return c.Special, ""
		}
		return c.Special + " ", id(c.Target)
	case ActTarget:
		return "hit ", id(c.Target)
	case ActStay:
		return "stay", ""
	case ActRegroup:
		return "regroup ", id(c.To)
	}
	return "?", ""
}

func joinChoices(cs []Choice) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// Strings lists the legal answers as text (see Choice.Text).
func (p *Pending) Strings(name func(id string) string) []string {
	out := make([]string, len(p.Choices))
	for i, c := range p.Choices {
		out[i] = c.Text(name)
	}
	return out
}

// ParseChoice reads a player's answer to p: any of the choices' texts,
// with IDs or display names (name may be nil), case-insensitive and by
// unambiguous prefix ("ret ken" for "retreat Kent"). For a retreat the
// word "to" is optional; a hit-tie answer may be just the block's name.
func (p *Pending) ParseChoice(text string, name func(id string) string) (Choice, error) {
	t := orders.Norm(orders.StripComment(text))
	t = strings.Replace(t, "retreat to ", "retreat ", 1)
	t = strings.Replace(t, "regroup to ", "regroup ", 1)
	if t != "" {
		if k := p.exactChoice(t, name); k >= 0 {
			return p.Choices[k], nil
		}
	}
	cands := make([]orders.Name, len(p.Choices))
	for i, c := range p.Choices {
		n := orders.Name{ID: strconv.Itoa(i), Aliases: []string{c.String()}}
		if name != nil {
			n.Aliases = append(n.Aliases, c.Text(name))
		}
		if c.Action == ActTarget {
			n.Aliases = append(n.Aliases, c.Target)
			if name != nil {
				n.Aliases = append(n.Aliases, name(c.Target))
			}
		}
		cands[i] = n
	}
	id, err := orders.Match(t, p.Kind.String(), cands)
	if err != nil {
		if a, ok := err.(*orders.AmbiguousError); ok {
			for i, m := range a.Matches {
				if k, e := strconv.Atoi(m); e == nil {
					a.Matches[i] = p.Choices[k].Text(name)
				}
			}
		}
		return Choice{}, err
	}
	k, _ := strconv.Atoi(id)
	return p.Choices[k], nil
}

// exactChoice is the exact pass of orders.Match over the candidates
// ParseChoice would build (the index, String, Text, and for a hit the
// target's ID and name, in that order), compared without building them:
// the index of the first choice t names exactly, or -1.
func (p *Pending) exactChoice(t string, name func(id string) string) int {
	for i, c := range p.Choices {
		if t == strconv.Itoa(i) {
			return i
		}
		if h, r := c.parts(nil); orders.NormIs(t, h, r) {
			return i
		}
		if name != nil {
			if h, r := c.parts(name); orders.NormIs(t, h, r) {
				return i
			}
		}
		if c.Action == ActTarget {
			if orders.NormIs(t, c.Target, "") || name != nil && orders.NormIs(t, name(c.Target), "") {
				return i
			}
		}
	}
	return -1
}

// DefaultTie picks which of the tied blocks (choices of a hit-tie
// decision) takes the hits when nobody said: the block with the lowest
// printed firepower, then the latest initiative letter, then the one
// listed last in the battle. The idea is to protect the blocks that hit
// hardest and act first.
func DefaultTie(bt *Battle, choices []Choice) Choice {
	best := -1
	var bb *Block
	for i, c := range choices {
		b := bt.Block(c.Target)
		if b == nil {
			continue
		}
		if bb == nil || b.Firepower < bb.Firepower ||
			(b.Firepower == bb.Firepower && b.Initiative >= bb.Initiative) {
			best, bb = i, b
		}
	}
	if best < 0 {
		return choices[0]
	}
	return choices[best]
}

// Decide implements Decider: fire, take the first retreat destination
// when a retreat is forced, DefaultTie for ties, stay instead of
// regrouping.
func (Auto) Decide(bt *Battle, p *Pending) (Choice, bool) {
	switch p.Kind {
	case DecideHitTie:
		return DefaultTie(bt, p.Choices), true
	case DecideRegroup:
		return Choice{Action: ActStay}, true
	}
	return p.Choices[0], true
}

// Decide implements Decider.
func (m BySide) Decide(bt *Battle, p *Pending) (Choice, bool) {
	if d, ok := m[p.Side]; ok && d != nil {
		return d.Decide(bt, p)
	}
	return Auto{}.Decide(bt, p)
}

// Holds reports whether condition c holds for side now.
func (c Condition) Holds(bt *Battle, side adjudicator.Role) bool {
	switch c.Kind {
	case Always:
		return true
	case RoundAtLeast:
		return bt.Round >= c.N
	case Weaker:
		_, own := bt.Strength(side)
		_, enemy := bt.Strength(bt.Enemy(side))
		return own < enemy
	case BlocksAtMost:
		n, _ := bt.Strength(side)
		return n <= c.N
	case StepsAtMost:
		_, n := bt.Strength(side)
		return n <= c.N
	}
	return false
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (r *RetreatRule) covers(block string) bool {
	return len(r.Blocks) == 0 || has(r.Blocks, block)
}

// dest returns the first legal retreat in r's preference order.
func (r *RetreatRule) dest(choices []Choice) (Choice, bool) {
	if len(r.To) == 0 {
		for _, c := range choices {
			if c.Action == ActRetreat {
				return c, true
			}
		}
		return Choice{}, false
	}
	for _, to := range r.To {
		for _, c := range choices {
			if c.Action == ActRetreat && c.To == to {
				return c, true
			}
		}
	}
	return Choice{}, false
}

// Decide implements Decider for the side whose orders these are.
func (s *StandingOrders) Decide(bt *Battle, p *Pending) (Choice, bool) {
	if s == nil {
		return Auto{}.Decide(bt, p)
	}
	switch p.Kind {
	case DecideTurn:
		for i := range s.Retreat {
			r := &s.Retreat[i]
			if r.covers(p.Block) && r.When.Holds(bt, p.Side) {
				if c, ok := r.dest(p.Choices); ok {
					return c, true
				}
			}
		}
		if s.Ask {
			return Choice{}, false
		}
		if has(s.Pass, p.Block) {
			return Choice{Action: ActPass}, true
		}
		return Choice{Action: ActFire}, true
	case DecideHitTie:
		for _, id := range s.HitOrder {
			for _, c := range p.Choices {
				if c.Target == id {
					return c, true
				}
			}
		}
		if s.Ask {
			return Choice{}, false
		}
		return DefaultTie(bt, p.Choices), true
	case DecideRetreat:
		for i := range s.Retreat {
			r := &s.Retreat[i]
			if r.covers(p.Block) && len(r.To) > 0 {
				if c, ok := r.dest(p.Choices); ok {
					return c, true
				}
			}
		}
		if s.Ask {
			return Choice{}, false
		}
		return p.Choices[0], true
	case DecideRegroup:
		// The block's own order first, then "all".
		for _, who := range [2]string{p.Block, AllBlocks} {
			for _, g := range s.Regroup {
				if g.Block != who {
					continue
				}
				if g.To == "" {
					return Choice{Action: ActStay}, true
				}
				if c := (Choice{Action: ActRegroup, To: g.To}); p.Legal(c) {
					return c, true
				}
			}
		}
		if s.Ask {
			return Choice{}, false
		}
		return Choice{Action: ActStay}, true
	}
	return p.Choices[0], true
}

// FireOrder implements FireOrderer for the side whose orders these are.
func (s *StandingOrders) FireOrder(_ *Battle, _ adjudicator.Role) []string {
	if s == nil {
		return nil
	}
	return s.Order
}

// FireOrder implements FireOrderer: each side's Decider's order, if it
// has one.
func (m BySide) FireOrder(bt *Battle, side adjudicator.Role) []string {
	if f, ok := m[side].(FireOrderer); ok {
		return f.FireOrder(bt, side)
	}
	return nil
}

// Random answers every decision with a legal choice drawn by Pick, which
// returns 0..n-1 (as adjudicator.Player's pick): for selfplay and fuzzing.
type Random struct {
	Pick func(n int) int
}

// Decide implements Decider.
func (r Random) Decide(_ *Battle, p *Pending) (Choice, bool) {
	return p.Choices[r.Pick(len(p.Choices))], true
}
