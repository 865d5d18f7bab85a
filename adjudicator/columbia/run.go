package columbia

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
)

// Run fights the battle until it ends (it returns nil, nil) or until a
// decision must be asked of a player (it returns that decision, which is
// also stored in bt.Pending). If a decision is already pending, dec is
// asked for it again first. Hooks and dice must be the same game's on
// every call; dec may differ (for example after new standing orders).
func (bt *Battle) Run(h Hooks, dec Decider, d adjudicator.Dice) (*Pending, error) {
	if dec == nil {
		dec = Auto{}
	}
	if p := bt.Pending; p != nil {
		if p.Kind == DecideTurn && bt.Shot == nil && bt.Phase == PhaseRounds &&
			bt.Turn < len(bt.Order) && bt.Blocks[bt.Order[bt.Turn]].ID == p.Block && bt.reorderTurn(dec) {
			// A new firing order puts another block of the same letter
			// first: its turn comes now and the old question lapses.
			bt.Pending = nil
			return bt.loop(h, dec, d)
		}
		c, ok := dec.Decide(bt, p)
		if !ok {
			return p, nil
		}
		if err := bt.apply(h, d, p, c); err != nil {
			return p, err
		}
	}
	return bt.loop(h, dec, d)
}

// Resume answers the pending decision with c and runs on, as Run. An
// illegal answer returns an error and changes nothing.
func (bt *Battle) Resume(c Choice, h Hooks, dec Decider, d adjudicator.Dice) (*Pending, error) {
	p := bt.Pending
	if p == nil {
		return nil, ErrNotPending
	}
	if dec == nil {
		dec = Auto{}
	}
	if err := bt.apply(h, d, p, c); err != nil {
		return p, err
	}
	return bt.loop(h, dec, d)
}

// Legal reports whether c answers p.
func (p *Pending) Legal(c Choice) bool {
	for _, x := range p.Choices {
		if x == c {
			return true
		}
	}
	return false
}

// apply carries out answer c to p and clears bt.Pending.
func (bt *Battle) apply(h Hooks, d adjudicator.Dice, p *Pending, c Choice) error {
	if !p.Legal(c) {
		return fmt.Errorf("%s is not a legal %s for %s (legal: %s)", c.String(), p.Kind, p.Block, joinChoices(p.Choices))
	}
	bt.Pending = nil
	switch p.Kind {
	case DecideTurn:
		i := bt.Index(p.Block)
		b := &bt.Blocks[i]
		b.Acted = true
		bt.Turn++
		switch c.Action {
		case ActFire:
			// The loop applies the hits, asking for ties.
			bt.Shot = bt.newShot(d, b, h.Firepower(bt, b), b.Steps, "")
		case ActPass:
			if bt.Rules.Narrate {
				bt.say(nil, b.Label()+" passes")
			}
		case ActRetreat:
			bt.retreat(b, c.To, MoveRetreat)
		case ActSpecial:
			if err := h.ResolveSpecial(bt, b, c, d); err != nil {
				return err
			}
			if bt.Shot != nil && bt.Shot.Single {
				bt.endShot(bt.Shot)
			}
		}
	case DecideHitTie:
		bt.Shot.Target = bt.Index(c.Target)
	case DecideRetreat:
		b := bt.Block(p.Block)
		kind := MoveFinalRetreat
		if bt.Phase == PhaseRounds {
			kind = MoveRetreat
			b.Acted = true
			bt.Turn++
		}
		bt.retreat(b, c.To, kind)
	case DecideRegroup:
		b := bt.Block(p.Block)
		b.Regrouped = true
		if c.Action == ActRegroup {
			b.To = c.To
			bt.addMove(Move{Block: b.ID, Side: b.Side, To: c.To, Round: bt.Round, Kind: MoveRegroup})
			if bt.Rules.Narrate {
				bt.say(nil, b.Label()+" regroups to "+bt.Name(c.To))
			}
		}
	}
	return nil
}

// ask builds a decision from the scratch choices and lets dec answer it.
// It returns true when the battle must wait for a player.
func (bt *Battle) ask(h Hooks, dec Decider, d adjudicator.Dice, side adjudicator.Role, kind DecisionKind, block string, hits int) (bool, error) {
	// Field by field: a struct copy would pass every pointer of the
	// record through the collector's write barrier at once.
	p := &bt.pend
	p.Side, p.Kind, p.Block, p.Hits, p.Choices = side, kind, block, hits, bt.scratch
	c, ok := dec.Decide(bt, p)
	if ok && p.Legal(c) {
		return false, bt.apply(h, d, p, c)
	}
	cp := *p
	cp.Choices = append([]Choice(nil), bt.scratch...)
	bt.Pending = &cp
	return true, nil
}

func (bt *Battle) loop(h Hooks, dec Decider, d adjudicator.Dice) (*Pending, error) {
	for bt.Pending == nil {
		if bt.Shot != nil {
			if wait := bt.resolveShot(h, dec); wait {
				break
			}
			continue
		}
		switch bt.Phase {
		case PhaseDone:
			return nil, nil
		case PhaseRounds:
			if bt.Round == 0 || bt.Turn >= len(bt.Order) {
				bt.nextRound(h, d)
				continue
			}
			if _, err := bt.turn(h, dec, d); err != nil {
				return bt.Pending, err
			}
		case PhaseFinalRetreat:
			b := bt.nextOf(bt.Attacker, false)
			if b == nil {
				bt.finish(bt.Defender, bt.Rules.RegroupAfterFinalRetreat)
				continue
			}
			if _, err := bt.forcedRetreat(h, dec, d, b, true); err != nil {
				return bt.Pending, err
			}
		case PhaseRegroup:
			b := bt.nextOf(bt.Winner, true)
			if b == nil {
				bt.Phase = PhaseDone
				continue
			}
			opts := h.RegroupOptions(bt, b)
			if len(opts) == 0 {
				b.Regrouped = true
				continue
			}
			bt.scratch = bt.choices()
			bt.addChoice(ActStay, "", "", "")
			for _, o := range opts {
				bt.addChoice(ActRegroup, o, "", "")
			}
			if _, err := bt.ask(h, dec, d, b.Side, DecideRegroup, b.ID, 0); err != nil {
				return bt.Pending, err
			}
		}
	}
	return bt.Pending, nil
}

// nextOf returns side's first block still in the battle (regroup: not yet
// regrouped).
func (bt *Battle) nextOf(side adjudicator.Role, regroup bool) *Block {
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		if b.Side == side && b.Outcome == Fighting && (!regroup || !b.Regrouped) {
			return b
		}
	}
	return nil
}

// nextRound ends the current round and starts the next, or moves on to
// the final retreat.
func (bt *Battle) nextRound(h Hooks, d adjudicator.Dice) {
	if bt.Round >= bt.Rules.MaxRounds {
		bt.Phase = PhaseFinalRetreat
		if bt.Rules.Narrate && bt.Remaining(bt.Attacker) > 0 {
			bt.say(nil, bt.text.S("After round ").Int(bt.Round).S(" the attacker (").S(bt.Name(string(bt.Attacker))).S(") must retreat.").Take())
		}
		return
	}
	bt.Round++
	bt.Lines = 0
	bt.Turn = 0
	arrived := false // "reserves arrive: ..." is being written in bt.text
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		b.Acted = false
		if b.Outcome != Fighting {
			continue
		}
		if !b.Arrived && b.ActiveFrom <= bt.Round {
			b.Arrived = true
			if bt.Rules.Narrate {
				if arrived {
					bt.text.S(", ")
				} else {
					bt.text.S("reserves arrive: ")
					arrived = true
				}
				bt.text.S(b.Label()).S(" (").S(bt.Name(string(b.Side))).B(' ')
				if b.Initiative < utf8.RuneSelf {
					bt.text.B(b.Initiative).Int(b.Firepower) // Rating, not built
				} else {
					bt.text.S(Rating(b.Initiative, b.Firepower))
				}
				bt.text.B(' ').Int(b.Steps).B(')')
			}
		}
		if b.Arrived {
			b.Seen = true
		}
	}
	if arrived {
		bt.say(nil, bt.text.Take())
	}
	h.StartRound(bt, d)
	if bt.Phase != PhaseRounds {
		return
	}
	// Turn order: initiative letter, then defender first, then the order of
	// Blocks.
	bt.Order = bt.Order[:0]
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		if b.Outcome != Fighting || b.ActiveFrom > bt.Round {
			continue
		}
		b.Letter = h.Initiative(bt, b)
		bt.Order = append(bt.Order, i)
	}
	for i := 1; i < len(bt.Order); i++ {
		for j := i; j > 0 && bt.before(bt.Order[j], bt.Order[j-1]); j-- {
			bt.Order[j], bt.Order[j-1] = bt.Order[j-1], bt.Order[j]
		}
	}
}

// before reports whether block i acts before block j.
func (bt *Battle) before(i, j int) bool {
	a, b := &bt.Blocks[i], &bt.Blocks[j]
	if a.Letter != b.Letter {
		return a.Letter < b.Letter
	}
	ad, bd := a.Side == bt.Defender, b.Side == bt.Defender
	if ad != bd {
		return ad
	}
	return i < j
}

// waiting reports whether b still has its turn to take this round.
func (bt *Battle) waiting(b *Block) bool {
	return b.Outcome == Fighting && b.ActiveFrom <= bt.Round && !b.Acted
}

// reorderTurn applies the side's firing order (FireOrderer) to the block
// whose turn comes next: among the blocks that follow it in bt.Order
// with the same letter and side, and have not acted, the one the order
// ranks first moves up to take the turn now; the others keep their
// places. It reports whether the block changed.
func (bt *Battle) reorderTurn(dec Decider) bool {
	fo, ok := dec.(FireOrderer)
	if !ok {
		return false
	}
	b := &bt.Blocks[bt.Order[bt.Turn]]
	if !bt.waiting(b) {
		return false
	}
	ids := fo.FireOrder(bt, b.Side)
	if len(ids) == 0 {
		return false
	}
	rank := func(id string) int {
		for k, x := range ids {
			if x == id {
				return k
			}
		}
		return len(ids)
	}
	best, bestRank := bt.Turn, rank(b.ID)
	for k := bt.Turn + 1; k < len(bt.Order); k++ {
		o := &bt.Blocks[bt.Order[k]]
		if o.Letter != b.Letter || o.Side != b.Side {
			break
		}
		if r := rank(o.ID); r < bestRank && bt.waiting(o) {
			best, bestRank = k, r
		}
	}
	if best == bt.Turn {
		return false
	}
	moved := bt.Order[best]
	copy(bt.Order[bt.Turn+1:best+1], bt.Order[bt.Turn:best])
	bt.Order[bt.Turn] = moved
	return true
}

// Alternates lists the blocks that could take the pending battle turn
// instead of the block asked about: the same side's blocks with the same
// letter that have not acted this round (a firing order naming one of
// them moves the turn to it, see FireOrderer).
func (bt *Battle) Alternates() []string {
	p := bt.Pending
	if p == nil || p.Kind != DecideTurn || bt.Phase != PhaseRounds || bt.Turn >= len(bt.Order) {
		return nil
	}
	b := &bt.Blocks[bt.Order[bt.Turn]]
	if b.ID != p.Block {
		return nil
	}
	var out []string
	for k := bt.Turn + 1; k < len(bt.Order); k++ {
		o := &bt.Blocks[bt.Order[k]]
		if o.Letter != b.Letter || o.Side != b.Side {
			break
		}
		if bt.waiting(o) {
			out = append(out, o.ID)
		}
	}
	return out
}

// TurnMoves reports whether dec's firing order (FireOrderer) gives the
// pending battle turn to one of the Alternates, so that Run would ask
// about that block instead.
func (bt *Battle) TurnMoves(dec Decider) bool {
	alt := bt.Alternates()
	fo, ok := dec.(FireOrderer)
	if len(alt) == 0 || !ok {
		return false
	}
	ids := fo.FireOrder(bt, bt.Pending.Side)
	rank := func(id string) int {
		for k, x := range ids {
			if x == id {
				return k
			}
		}
		return len(ids)
	}
	cur := rank(bt.Pending.Block)
	for _, id := range alt {
		if rank(id) < cur {
			return true
		}
	}
	return false
}

// turn runs the turn of the block at bt.Order[bt.Turn], after applying
// the side's firing order.
func (bt *Battle) turn(h Hooks, dec Decider, d adjudicator.Dice) (bool, error) {
	if b := &bt.Blocks[bt.Order[bt.Turn]]; !bt.waiting(b) {
		bt.Turn++
		return false, nil
	}
	bt.reorderTurn(dec)
	i := bt.Order[bt.Turn]
	b := &bt.Blocks[i]
	if bt.Rules.FinalRetreat == RetreatInLastRound && bt.Round == bt.Rules.MaxRounds && b.Side == bt.Attacker {
		// R3-6.2e: a retreat on the block's own turn (final=false).
		return bt.forcedRetreat(h, dec, d, b, false)
	}
	bt.scratch = bt.choices()
	bt.addChoice(ActFire, "", "", "")
	bt.addChoice(ActPass, "", "", "")
	if autoFor(dec, b.Side) {
		// Auto fires, the first choice: the other choices are not needed
		// (the hooks that list them only read the battle).
		return bt.ask(h, dec, d, b.Side, DecideTurn, b.ID, 0)
	}
	if !(bt.Rules.NoRetreatRound1 && bt.Round == 1) {
		for _, o := range h.RetreatOptions(bt, b, false) {
			bt.addChoice(ActRetreat, o, "", "")
		}
	}
	for _, sp := range h.Specials(bt, b) {
		if sp.NoTarget {
			bt.addChoice(ActSpecial, "", "", sp.Name)
		}
		for _, t := range sp.Targets {
			bt.addChoice(ActSpecial, "", t, sp.Name)
		}
	}
	return bt.ask(h, dec, d, b.Side, DecideTurn, b.ID, 0)
}

// autoFor reports whether dec answers side's decisions as Auto does:
// Auto itself, a BySide without orders for side, or an AutoReporter
// that says so.
func autoFor(dec Decider, side adjudicator.Role) bool {
	switch d := dec.(type) {
	case Auto:
		return true
	case AutoReporter:
		return d.AutoFor(side)
	case BySide:
		x, ok := d[side]
		if !ok || x == nil {
			return true
		}
		so, isSO := x.(*StandingOrders)
		return isSO && so == nil
	}
	return false
}

// forcedRetreat makes b retreat: eliminated if it has nowhere to go, moved
// at once if it has one place, else asked.
func (bt *Battle) forcedRetreat(h Hooks, dec Decider, d adjudicator.Dice, b *Block, final bool) (bool, error) {
	opts := h.RetreatOptions(bt, b, final)
	kind := MoveFinalRetreat
	if bt.Phase == PhaseRounds {
		kind = MoveRetreat
	}
	switch len(opts) {
	case 0:
		if bt.Phase == PhaseRounds {
			b.Acted = true
			bt.Turn++
		}
		if bt.Rules.Narrate {
			bt.say(nil, b.Label()+" cannot retreat and is eliminated")
		}
		b.Steps = 0
		bt.eliminate(h, b, nil)
		return false, nil
	case 1:
		if bt.Phase == PhaseRounds {
			b.Acted = true
			bt.Turn++
		}
		bt.retreat(b, opts[0], kind)
		return false, nil
	}
	bt.scratch = bt.choices()
	for _, o := range opts {
		bt.addChoice(ActRetreat, o, "", "")
	}
	return bt.ask(h, dec, d, b.Side, DecideRetreat, b.ID, 0)
}

// retreat moves b out of the battle to area to.
func (bt *Battle) retreat(b *Block, to string, kind MoveKind) {
	b.Outcome = Retreated
	b.To = to
	bt.addMove(Move{Block: b.ID, Side: b.Side, To: to, Round: bt.Round, Kind: kind})
	if bt.Rules.Narrate {
		if bt.Rules.HiddenRetreats {
			own := bt.text.S(b.Label()).S(" retreats to ").S(bt.Name(to)).Take()
			bt.sayPair(b.Side, own, bt.Enemy(b.Side),
				bt.text.S("one of ").S(bt.Name(string(b.Side))).S("'s blocks retreats to ").S(bt.Name(to)).Take())
		} else {
			bt.say(nil, bt.text.S(b.Label()).S(" retreats to ").S(bt.Name(to)).Take())
		}
	}
	bt.afterLoss()
}

// finish ends the battle with the given winner.
func (bt *Battle) finish(winner adjudicator.Role, regroup bool) {
	if bt.Phase == PhaseDone || bt.Phase == PhaseRegroup {
		return
	}
	bt.Winner = winner
	bt.Phase = PhaseDone
	if bt.Shot != nil {
		// The shot's line comes first (endShot).
		bt.Shot.Ends = true
	} else {
		bt.sayWinner()
	}
	if regroup && winner != "" && bt.Rules.Regroup {
		bt.Phase = PhaseRegroup
	}
}

func (bt *Battle) sayWinner() {
	if !bt.Rules.Narrate {
		return
	}
	if bt.Winner == "" {
		bt.say(nil, "No blocks remain: the battle has no winner.")
	} else {
		bt.say(nil, bt.text.S(bt.Name(string(bt.Winner))).S(" wins the battle.").Take())
	}
}

// afterLoss checks the battle after a block left a side: reserve
// exception, control change and the end of the battle.
func (bt *Battle) afterLoss() {
	if bt.Phase != PhaseRounds && bt.Phase != PhaseFinalRetreat {
		return
	}
	var fieldA, waitA, fieldD, waitD int
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		if b.Outcome != Fighting {
			continue
		}
		switch {
		case b.Side == bt.Attacker && b.Arrived:
			fieldA++
		case b.Side == bt.Attacker:
			waitA++
		case b.Arrived:
			fieldD++
		default:
			waitD++
		}
	}
	if fieldA+waitA == 0 || fieldD+waitD == 0 {
		w := bt.Attacker
		if fieldA+waitA == 0 {
			w = bt.Defender
			if fieldD+waitD == 0 {
				w = ""
			}
		}
		regroup := true
		if bt.Phase == PhaseFinalRetreat {
			regroup = bt.Rules.RegroupAfterFinalRetreat
		}
		bt.finish(w, regroup)
		return
	}
	if bt.Round != 1 || bt.Phase != PhaseRounds {
		return
	}
	if fieldA == 0 && waitA > 0 && bt.Rules.ReserveException == ExceptionBothSides {
		bt.deploy(bt.Attacker)
	}
	if fieldD == 0 && waitD > 0 {
		side := bt.Defender
		if bt.Rules.ReserveException != ExceptionNone {
			bt.deploy(side)
		}
		if bt.Rules.ControlChange && !bt.Swapped {
			bt.Swapped = true
			bt.Attacker, bt.Defender = bt.Defender, bt.Attacker
			if bt.Rules.Narrate {
				bt.say(nil, "All of "+bt.Name(string(side))+"'s round-1 blocks are gone: "+bt.Name(string(bt.Defender))+" now defends and "+bt.Name(string(bt.Attacker))+" attacks.")
			}
		}
	}
}

// deploy brings side's waiting reserves onto the field at once (they can
// be hit, but take turns only from round 2).
func (bt *Battle) deploy(side adjudicator.Role) {
	var names []byte
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		if b.Side == side && b.Outcome == Fighting && !b.Arrived {
			b.Arrived = true
			b.Seen = true
			if len(names) > 0 {
				names = append(names, ", "...)
			}
			names = append(names, b.Label()...)
		}
	}
	if len(names) > 0 {
		if bt.Shot != nil {
			// Only blocks that have not yet fired hit them (R3-6.3f).
			bt.Shot.Stop = true
		}
		if bt.Rules.Narrate {
			bt.say(nil, bt.Name(string(side))+" reserves deploy at once: "+string(names))
		}
	}
}

// resolveShot applies the hits of bt.Shot. It returns true when a hit tie
// must be asked of a player. dec may be nil when the shot cannot tie.
func (bt *Battle) resolveShot(h Hooks, dec Decider) bool {
	s := bt.Shot
	firer := &bt.Blocks[s.Firer]
	side := firer.Side
	for s.Left > 0 && !s.Stop && bt.Phase != PhaseDone && bt.Phase != PhaseRegroup {
		if s.Single {
			t := &bt.Blocks[s.Target]
			if t.Outcome != Fighting || t.Side == side {
				break
			}
			n := s.Left
			if n > t.Steps {
				n = t.Steps
			}
			s.Left -= n
			bt.hit(h, s, t, n, firer)
			break
		}
		if s.Target >= 0 {
			t := &bt.Blocks[s.Target]
			if t.Outcome != Fighting || t.Side == side || !t.Arrived {
				s.Target = -1
			}
		}
		if s.Target < 0 {
			best, ties := -1, 0
			bt.scratch = bt.scratch[:0]
			for i := range bt.Blocks {
				t := &bt.Blocks[i]
				if t.Side == side || t.Outcome != Fighting || !t.Arrived {
					continue
				}
				switch {
				case best < 0 || t.Steps > bt.Blocks[best].Steps:
					best, ties = i, 1
					bt.scratch = bt.scratch[:0]
					bt.addChoice(ActTarget, "", t.ID, "")
				case t.Steps == bt.Blocks[best].Steps:
					ties++
					bt.addChoice(ActTarget, "", t.ID, "")
				}
			}
			if best < 0 {
				break // nothing can be hit: the rest is lost
			}
			if ties > 1 {
				if dec == nil {
					dec = Auto{}
				}
				if wait, _ := bt.ask(h, dec, nil, bt.Blocks[best].Side, DecideHitTie, firer.ID, s.Left); wait {
					if s == &bt.spare {
						// The waiting shot is stored with the battle: it
						// must not share the reusable buffers.
						bt.Shot = s.clone()
					}
					return true
				}
				continue // apply set s.Target
			}
			s.Target = best
		}
		t := &bt.Blocks[s.Target]
		n := 1
		if bt.Rules.Hits == HitsConcentrated {
			n = s.Left
			if n > t.Steps {
				n = t.Steps
			}
		}
		s.Left -= n
		bt.hit(h, s, t, n, firer)
		if bt.Rules.Hits == HitsOneAtATime {
			s.Target = -1
		}
	}
	if bt.Shot == s {
		bt.endShot(s)
	}
	return false
}

// hit applies n hits of shot s to t and narrates them.
func (bt *Battle) hit(h Hooks, s *Shot, t *Block, n int, firer *Block) {
	before := t.Steps
	side := t.Side
	bt.HitBlock(h, t, n, firer)
	if !bt.Rules.Narrate {
		return
	}
	// Merge with the previous segment on the same block.
	if k := len(s.Segs); k > 0 && s.Segs[k-1].Block == t.ID && s.Segs[k-1].To == before {
		s.Segs[k-1].To = t.Steps
		s.Segs[k-1].Fate = bt.fateWord(t, side)
		return
	}
	if s.Segs == nil {
		if s == &bt.spare && bt.mem != nil {
			s.Segs = bt.mem.segs[:0]
		} else {
			s.Segs = make([]Seg, 0, 4)
		}
	}
	fate := bt.fateWord(t, side)
	if n := len(s.Segs); n < cap(s.Segs) { // field by field (see addLog)
		s.Segs = s.Segs[:n+1]
		g := &s.Segs[n]
		g.Block, g.Name, g.From, g.To, g.Fate = t.ID, t.Label(), before, t.Steps, fate
		return
	}
	s.Segs = append(s.Segs, Seg{Block: t.ID, Name: t.Label(), From: before, To: t.Steps, Fate: fate})
}

// fateWord is what became of t in a shot ("" if it is still fighting
// for side), written into the battle's text.
func (bt *Battle) fateWord(t *Block, side adjudicator.Role) string {
	switch {
	case t.Outcome == Eliminated:
		return "eliminated"
	case t.Side != side:
		return bt.text.S("captured by ").S(bt.Name(string(t.Side))).Take()
	}
	return ""
}

// endShot writes the shot's narrative line and clears it.
func (bt *Battle) endShot(s *Shot) {
	bt.Shot = nil
	if s == &bt.spare {
		defer func() {
			// Keep the buffers for the next shot.
			bt.spare = Shot{Rolls: s.Rolls[:0], Text: s.Text[:0], Segs: s.Segs[:0]}
		}()
	}
	if !bt.Rules.Narrate {
		return
	}
	t := s.Text
	switch s.Hits {
	case 0:
		t = append(t, " no hit"...)
	case 1:
		t = append(t, " 1 hit"...)
	default:
		t = append(t, ' ')
		t = strconv.AppendInt(t, int64(s.Hits), 10)
		t = append(t, " hits"...)
	}
	if s.Hits > 0 && len(s.Segs) == 0 {
		t = append(t, ", no target"...)
	}
	for i, g := range s.Segs {
		if i > 0 {
			t = append(t, ',')
		} else {
			t = append(t, " on"...)
		}
		t = append(t, ' ')
		t = append(t, g.Name...)
		t = append(t, " ("...)
		t = strconv.AppendInt(t, int64(g.From), 10)
		t = append(t, "→"...)
		if g.Fate != "" {
			t = append(t, '0')
		} else {
			t = strconv.AppendInt(t, int64(g.To), 10)
		}
		if g.Fate != "" {
			t = append(t, ", "...)
			t = append(t, g.Fate...)
		}
		t = append(t, ')')
	}
	if lost := s.Left; lost > 0 && len(s.Segs) > 0 {
		t = append(t, "; "...)
		t = strconv.AppendInt(t, int64(lost), 10)
		t = append(t, " lost"...)
	}
	// A shot always belongs to its round, even one that ended the battle.
	// laid out as sayIn lays out a public line of the round
	if bt.head != "" {
		w := bt.beginLine(nil)
		if bt.Round > 0 {
			bt.roundPrefixIn(w, true)
			bt.Lines++
		}
		w.W(t)
		bt.endLine(nil)
	} else {
		if bt.Round > 0 {
			bt.roundPrefix(true)
			bt.Lines++
		}
		bt.addLog(nil, bt.text.W(t).Take())
	}
	if s.Ends {
		bt.sayWinner()
	}
}
