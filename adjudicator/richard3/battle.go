package richard3

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
)

// hooks plugs Richard III's rules into the shared battle system.
type hooks struct {
	columbia.DefaultHooks
	s *State
}

func entryCode(b *columbia.Block) int8 {
	if b.Border == "" {
		return 0
	}
	n, _ := strconv.Atoi(b.Border)
	return int8(n)
}

// heirShields lists the shields heir h may use now (2.2).
func (s *State) heirShields(h int) []string {
	bl := &blocks[h]
	out := bl.Shields
	if bl.Side == Lancaster && bl.Type == tHeir {
		for _, own := range []string{"exeter", "somerset", "richmond"} {
			owner := blockIdx[map[string]string{"exeter": "exeter_l", "somerset": "somerset", "richmond": "richmond"}[own]]
			if owner != h && !s.heirAlive(owner) {
				out = append(append([]string(nil), out...), own)
			}
		}
	}
	return out
}

// Firepower applies the defensive bonuses of 2.2-2.6 and 3.2.
func (h *hooks) Firepower(bt *columbia.Battle, b *columbia.Block) int {
	i := b.Data
	bl := &blocks[i]
	fp := int(bl.FP)
	if b.Side != bt.Defender {
		return fp
	}
	s := h.s
	ar := &areas[s.BArea]
	side := sideOfRole(b.Side)
	switch bl.Type {
	case tNoble:
		if hasShield(ar, bl.Shields) {
			fp++
		}
	case tChurch:
		if ar.Cathedral == bl.Cathedral {
			fp++
		}
	case tLevy:
		if ar.City == bl.City {
			fp++
		}
	case tMerc:
		if ar.Wales && bl.ID == "welsh_mercenary" {
			fp++
		}
	case tHeir:
		bonus := 0
		mine := s.heirShields(i)
		if hasShield(ar, mine) {
			// Only the most senior heir present who may use one of these
			// shields gets the bonus (2.2).
			senior := true
			for k := range bt.Blocks {
				o := &bt.Blocks[k]
				oi := o.Data
				if o.Side == b.Side && o.In() && o.Arrived && blocks[oi].Type == tHeir && blocks[oi].Rank < bl.Rank && hasShield(ar, s.heirShields(oi)) && sharedShield(ar, mine, s.heirShields(oi)) {
					senior = false
				}
			}
			if senior {
				bonus++
			}
		}
		if ar.Crown && side == s.King && bl.Side == s.King {
			senior := true
			for k := range bt.Blocks {
				o := &bt.Blocks[k]
				oi := o.Data
				if o.Side == b.Side && o.In() && o.Arrived && blocks[oi].Type == tHeir && blocks[oi].Rank < bl.Rank {
					senior = false
				}
			}
			if senior {
				bonus++
			}
		}
		fp += min(bonus, 2)
	}
	return fp
}

func sharedShield(ar *area, a, b []string) bool {
	for _, x := range ar.Shields {
		in := func(l []string) bool {
			for _, y := range l {
				if y == x {
					return true
				}
			}
			return false
		}
		if in(a) && in(b) {
			return true
		}
	}
	return false
}

// Initiative: Bombards are A3 in round 1 unless they arrived as reserves,
// D3 afterwards (6.2).
func (h *hooks) Initiative(bt *columbia.Battle, b *columbia.Block) byte {
	if blocks[b.Data].Type == tBombard {
		if bt.Round == 1 && b.Group == columbia.Main {
			return 'A'
		}
		return 'D'
	}
	return b.Initiative
}

// moveTargets lists where a block of side may go from the battle area by
// retreat or regroup.
func (h *hooks) moveTargets(bt *columbia.Battle, b *columbia.Block, regroup bool) []string {
	s := h.s
	side := sideOfRole(b.Side)
	a := int(s.BArea)
	var out []string
	if b.HasTag("pirate") {
		// Piracy: only by sea, to a friendly or vacant coastal area of the
		// same sea zone (R3-EV.4).
		z := uint8(1) << uint(entryCode(b)-100)
		for x := 0; x < nAreas; x++ {
			if x != a && areas[x].Seas&z != 0 && areas[x].Exile != side.Other() && (s.friendly(x, side) || s.vacant(x)) {
				out = append(out, areas[x].Name)
			}
		}
		return out
	}
	// Borders the enemy used to enter the battle (6.6).
	var enemyUsed, ownUsed []int8
	for k := range bt.Blocks {
		o := &bt.Blocks[k]
		e := entryCode(o)
		if e == 0 || e >= 100 {
			continue
		}
		if o.OrigSide == b.Side {
			ownUsed = append(ownUsed, e)
		} else {
			enemyUsed = append(enemyUsed, e)
		}
	}
	p2 := s.P1.Other() == side
	for _, ad := range areas[a].Adj {
		x := ad.To
		if areas[x].Exile == side.Other() {
			continue
		}
		if !(s.friendly(x, side) || s.vacant(x)) {
			continue
		}
		code := int8(ad.Border + 1)
		if !regroup && contains8(enemyUsed, code) && !(p2 && contains8(ownUsed, code)) {
			continue
		}
		// Border limits: fresh each round for retreats, each battle for
		// regroups (ruling R3-R-A9).
		used := 0
		for _, m := range bt.Moves {
			if m.Side != b.Side || m.To != areas[x].Name {
				continue
			}
			if regroup && m.Kind == columbia.MoveRegroup {
				used++
			}
			if !regroup && m.Kind != columbia.MoveRegroup && m.Round == bt.Round {
				used++
			}
		}
		if used >= borders[ad.Border].Limit {
			continue
		}
		out = append(out, areas[x].Name)
	}
	return out
}

func contains8(xs []int8, x int8) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// RetreatOptions implements columbia.Hooks (6.6).
func (h *hooks) RetreatOptions(bt *columbia.Battle, b *columbia.Block, final bool) []string {
	return h.moveTargets(bt, b, false)
}

// RegroupOptions implements columbia.Hooks (6.7).
func (h *hooks) RegroupOptions(bt *columbia.Battle, b *columbia.Block) []string {
	return h.moveTargets(bt, b, true)
}

// treacheryTargets lists the enemy blocks roller may try to turn (6.9).
func (h *hooks) treacheryTargets(bt *columbia.Battle, roller *columbia.Block, warwick bool, card bool) []string {
	s := h.s
	var out []string
	for k := range bt.Blocks {
		e := &bt.Blocks[k]
		if e.Side == roller.Side || e.Outcome != columbia.Fighting {
			continue
		}
		if !card && !e.Arrived {
			continue
		}
		if card && e.Group != columbia.Main {
			continue
		}
		t := e.Data
		tb := &blocks[t]
		if tb.Loyalty == 0 || tb.Rose {
			continue
		}
		if tb.Type == tHeir && (t == s.seniorHeir(tb.Side)) {
			continue // the King or Pretender cannot defect (9.1)
		}
		if warwick && tb.NoWarwick {
			continue
		}
		if e.Changed > 0 && e.OrigSide == roller.Side {
			continue // no winning back a defector in the same battle (6.9)
		}
		if bt.Count("treachon "+e.ID) >= 3 {
			continue
		}
		out = append(out, e.ID)
	}
	return out
}

// Specials implements columbia.Hooks: treachery rolls (6.9) and heir
// charges (6.5).
func (h *hooks) Specials(bt *columbia.Battle, b *columbia.Block) []columbia.Special {
	s := h.s
	if !b.Arrived || b.Outcome != columbia.Fighting {
		return nil
	}
	i := b.Data
	side := sideOfRole(b.Side)
	var out []columbia.Special
	roller := (i == s.kingBlock() && side == s.King) || (i == s.pretenderBlock() && side == s.pretender()) || i == bWarwickY || i == bWarwickL
	if roller && bt.Count("treach "+b.ID) == 0 {
		if t := h.treacheryTargets(bt, b, i == bWarwickY || i == bWarwickL, false); len(t) > 0 {
			out = append(out, columbia.Special{Name: "treachery", Targets: t})
		}
	}
	if blocks[i].Type == tHeir && blocks[i].Side == side {
		senior := true
		for k := range bt.Blocks {
			o := &bt.Blocks[k]
			if o.Side == b.Side && o.In() && o.Arrived && blocks[o.Data].Type == tHeir && blocks[o.Data].Side == side && blocks[o.Data].Rank < blocks[i].Rank {
				senior = false
			}
		}
		if senior {
			var t []string
			for k := range bt.Blocks {
				e := &bt.Blocks[k]
				if e.Side != b.Side && bt.Hittable(e) {
					t = append(t, e.ID)
				}
			}
			if len(t) > 0 {
				out = append(out, columbia.Special{Name: "charge", Targets: t})
			}
		}
	}
	return out
}

// ResolveSpecial implements columbia.Hooks.
func (h *hooks) ResolveSpecial(bt *columbia.Battle, b *columbia.Block, c columbia.Choice, d adjudicator.Dice) error {
	t := bt.Block(c.Target)
	if t == nil {
		return fmt.Errorf("no block %s in this battle", c.Target)
	}
	switch c.Special {
	case "treachery":
		bt.Inc("treach " + b.ID)
		h.treachery(bt, b, t, d, b.Data == bWarwickY || b.Data == bWarwickL, "")
		return nil
	case "charge":
		fp := int(blocks[b.Data].FP)
		_, survived := bt.Shoot(h, d, b, fp, b.Steps, t, "charges "+t.Label())
		if survived && b.Outcome == columbia.Fighting && t.Steps > 0 {
			bt.Shoot(h, d, t, int(blocks[t.Data].FP), t.Steps, b, "bonus shot at "+b.Label())
		}
		return nil
	}
	return fmt.Errorf("no special action %q", c.Special)
}

// treachery rolls the target's loyalty in dice: all even and it defects to
// the roller's side (6.9).
func (h *hooks) treachery(bt *columbia.Battle, roller, t *columbia.Block, d adjudicator.Dice, warwick bool, label string) bool {
	tb := &blocks[t.Data]
	n := int(tb.Loyalty)
	if warwick && tb.LoyWarwick > 0 {
		n = int(tb.LoyWarwick)
	}
	bt.Inc("treachon " + t.ID)
	rolls := bt.Roll(d, roller, n, "treachery", nil)
	ok := true
	for _, r := range rolls {
		if r%2 != 0 {
			ok = false
		}
	}
	if bt.Rules.Narrate {
		who := roller.Label()
		if label != "" {
			who = label
		}
		txt := who + " tries treachery on " + t.Label() + " (loyalty " + strconv.Itoa(n) + "):"
		for _, r := range rolls {
			txt += " " + strconv.Itoa(r)
		}
		if ok {
			txt += " → " + t.Label() + " defects to " + string(roller.Side)
		} else {
			txt += " → stays loyal"
		}
		bt.Say(nil, "%s", txt)
	}
	if ok {
		if c := tb.Counter; c >= 0 {
			t.Data = c
		}
		bt.Defect(t, roller.Side)
	}
	return ok
}

// decider answers battle decisions from the two sides' standing orders.
type decider struct {
	s  *State
	h  *hooks
	st [2]*standing
}

func (d *decider) Decide(bt *columbia.Battle, p *columbia.Pending) (columbia.Choice, bool) {
	side := sideOfRole(p.Side)
	st := d.st[side]
	if st == nil {
		return columbia.Auto{}.Decide(bt, p)
	}
	if p.Kind == columbia.DecideTurn && !st.Orders.Ask {
		best, bestScore := -1, 1<<30
		for k, c := range p.Choices {
			if c.Action != columbia.ActSpecial {
				continue
			}
			t := bt.Block(c.Target)
			if t == nil {
				continue
			}
			score := 1 << 29
			switch {
			case c.Special == "treachery" && st.Treach:
				score = int(blocks[t.Data].Loyalty)*10 - t.Steps
			case c.Special == "charge" && st.Charge:
				score = 100 + t.Steps*10
			}
			if score < bestScore {
				best, bestScore = k, score
			}
		}
		if best >= 0 && bestScore < 1<<29 {
			return p.Choices[best], true
		}
	}
	return st.Orders.Decide(bt, p)
}

// FireOrder implements columbia.FireOrderer: the order a side set for
// its blocks with the same initiative letter (R3-6.2b, ruling R3-R22).
func (d *decider) FireOrder(_ *columbia.Battle, side adjudicator.Role) []string {
	if st := d.st[sideOfRole(side)]; st != nil {
		return st.Orders.Order
	}
	return nil
}

// standingFor merges a side's orders for area a ("all" first, then the
// area's own).
func (s *State) standingIn(side Side, a int8) *standing {
	var out *standing
	for i := range s.Stand {
		st := &s.Stand[i]
		if st.Side != side {
			continue
		}
		if st.Area == -1 && out == nil {
			c := *st
			out = &c
		}
	}
	for i := range s.Stand {
		st := &s.Stand[i]
		if st.Side == side && st.Area == a {
			if out == nil {
				c := *st
				out = &c
			} else {
				m := *out
				m.Orders.Ask = m.Orders.Ask || st.Orders.Ask
				m.Treach = m.Treach || st.Treach
				m.Charge = m.Charge || st.Charge
				m.Orders.Pass = append(append([]string(nil), st.Orders.Pass...), m.Orders.Pass...)
				m.Orders.Retreat = append(append([]columbia.RetreatRule(nil), st.Orders.Retreat...), m.Orders.Retreat...)
				m.Orders.HitOrder = append(append([]string(nil), st.Orders.HitOrder...), m.Orders.HitOrder...)
				m.Orders.Order = append(append([]string(nil), st.Orders.Order...), m.Orders.Order...)
				m.Orders.Regroup = append(append([]columbia.RegroupOrder(nil), st.Orders.Regroup...), m.Orders.Regroup...)
				out = &m
			}
		}
	}
	return out
}

func (s *State) newDecider(h *hooks) *decider {
	return &decider{s: s, h: h, st: [2]*standing{s.standingIn(Lancaster, s.BArea), s.standingIn(York, s.BArea)}}
}

// battleQueue lists the areas still to be fought over, in the default
// order (6.1): Player 1's standing order (battles <area>, ...), then the
// order in which the attacks were made.
func (s *State) battleQueue() []int {
	var out []int
	var done uint64
	for _, a := range s.Order {
		if done&(1<<uint(a)) == 0 && s.contested(int(a)) {
			out = append(out, int(a))
		}
		done |= 1 << uint(a)
	}
	var rest []int
	for a := 0; a < nAreas; a++ {
		if done&(1<<uint(a)) == 0 && s.contested(a) {
			rest = append(rest, a)
		}
	}
	seq := func(a int) int8 {
		if q := s.Fronts[a].Seq; q != 0 {
			return q
		}
		return 100
	}
	sort.SliceStable(rest, func(i, j int) bool { return seq(rest[i]) < seq(rest[j]) })
	return append(out, rest...)
}

// nextBattleArea picks the next battle to fight by default (6.1): Player
// 1's order, then the order the attacks were made; -1 when none is left.
func (s *State) nextBattleArea() int {
	for _, a := range s.Order {
		if s.contested(int(a)) {
			return int(a)
		}
	}
	best, bestSeq := -1, int8(127)
	for a := 0; a < nAreas; a++ {
		if s.contested(a) {
			seq := s.Fronts[a].Seq
			if seq == 0 {
				seq = 100
			}
			if seq < bestSeq {
				best, bestSeq = a, seq
			}
		}
	}
	return best
}

// runBattles fights battles until one needs a player's decision or none
// are left, then moves on to the Supply Phase. When Player 1 asked to
// choose each battle (battles ask), it stops before every battle while two
// or more remain, so that each choice can follow the earlier results.
func (s *State) runBattles(d adjudicator.Dice, quiet bool, ev *[]adjudicator.Event) {
	for !s.Finished {
		if s.Battle == nil {
			if s.AskOrder && s.battlesLeft() >= 2 {
				s.Phase = phNextBattle
				return
			}
			a := s.nextBattleArea()
			if a < 0 {
				s.Treason = -1
				s.startSupply(ev)
				return
			}
			s.startBattle(a, d, quiet, ev)
			if s.Battle == nil {
				continue
			}
		}
		if s.TreasonAsk {
			// The holder of the Treason roll chooses its target first.
			s.Phase = phBattle
			s.flushBattleLog(ev)
			return
		}
		h := &hooks{s: s}
		p, err := s.Battle.Run(h, s.newDecider(h), d)
		if err != nil {
			panic("richard-iii: battle: " + err.Error())
		}
		if p != nil {
			s.Phase = phBattle
			s.flushBattleLog(ev)
			return
		}
		s.endBattle(ev)
	}
}

// battlesLeft counts the contested areas (stopping at two).
func (s *State) battlesLeft() int {
	n := 0
	for a := 0; a < nAreas && n < 2; a++ {
		if s.contested(a) {
			n++
		}
	}
	return n
}

// startBattle reveals the blocks in area a and builds the battle.
func (s *State) startBattle(a int, d adjudicator.Dice, quiet bool, ev *[]adjudicator.Event) {
	f := s.Fronts[a]
	att := f.Att
	if att == NoSide {
		// Should not happen; treat the side with moved blocks as attacker.
		att = s.P1
	}
	s.BArea = int8(a)
	var bl []columbia.Block
	for i := 0; i < nBlocks; i++ {
		if int(s.Loc[i]) != a {
			continue
		}
		side := s.owner(i)
		g := columbia.Main
		if side == att && s.Entry[i] != f.Main {
			g = columbia.Reserve
		}
		if side != att && s.Fl[i]&fReinf != 0 {
			g = columbia.Reserve
		}
		b := columbia.Block{ID: blocks[i].ID, Name: blocks[i].Name, Side: roleOf(side), Initiative: blocks[i].Ini,
			Firepower: int(blocks[i].FP), Steps: int(s.Str[i]), MaxSteps: int(blocks[i].Steps), Group: g, Data: i}
		if s.Entry[i] != 0 {
			b.Border = strconv.Itoa(int(s.Entry[i]))
		}
		if s.Fl[i]&fPirate != 0 {
			b.Tags = []string{"pirate"}
		}
		bl = append(bl, b)
	}
	cfg := columbia.RichardIII()
	if s.Opt.ReserveException == "defender" {
		cfg.ReserveException = columbia.ExceptionDefenderOnly
	}
	cfg.Narrate = !quiet
	bt, err := columbia.New(cfg, areas[a].ID, roleOf(att), roleOf(att.Other()), bl)
	if err != nil {
		panic("richard-iii: " + err.Error())
	}
	bt.AreaName = areas[a].Name
	if !quiet {
		var txt string
		txt = fmt.Sprintf("BATTLE OF %s (%s attacks; %s defends). Blocks revealed:", areas[a].Name, att, att.Other())
		for _, b := range bt.Blocks {
			g := ""
			if b.Group == columbia.Reserve {
				g = ", reserve"
			}
			txt += fmt.Sprintf(" %s (%s %s %d/%d%s);", b.Name, b.Side, columbia.Rating(b.Initiative, b.Firepower), b.Steps, b.MaxSteps, g)
		}
		*ev = append(*ev, adjudicator.Event{Text: txt})
	}
	s.Battle = bt
	s.openTreason(d)
}

func (s *State) flushBattleLog(ev *[]adjudicator.Event) {
	if s.Battle == nil {
		return
	}
	*ev = append(*ev, s.Battle.Log...)
	s.Battle.Log = nil
}

// elimKey is the battle counter holding the order in which a block was
// eliminated (1 = first).
func elimKey(id string) string { return "elim " + id }

// Eliminated implements columbia.Hooks: it records the order of the
// eliminations, so that the instant victory (9.0) goes to the player who
// first eliminated all five enemy heirs.
func (h *hooks) Eliminated(bt *columbia.Battle, b *columbia.Block, by *columbia.Block) columbia.Fate {
	n := bt.Inc("elims")
	bt.Counters[elimKey(b.ID)] = n
	return columbia.Fate{}
}

// endBattle applies a finished battle to the map.
func (s *State) endBattle(ev *[]adjudicator.Event) {
	bt := s.Battle
	s.flushBattleLog(ev)
	a := int(s.BArea)
	s.Battle = nil
	var dead []int // indices into bt.Blocks, in the order they fell
	for k := range bt.Blocks {
		b := &bt.Blocks[k]
		orig := blockIdx[b.ID]
		i := b.Data
		if i != orig {
			s.Loc[orig] = locAside
			s.Fl[i] = 0
			s.Entry[i] = 0
		}
		s.Str[i] = int8(b.Steps)
		switch b.Outcome {
		case columbia.Eliminated, columbia.Removed:
			s.Loc[i] = int8(a)
			dead = append(dead, k)
		case columbia.Retreated:
			s.Loc[i] = int8(areaByName[b.To])
		default:
			s.Loc[i] = int8(a)
			if b.To != "" {
				s.Loc[i] = int8(areaByName[b.To])
			}
		}
	}
	order := func(k int) int {
		if n := bt.Count(elimKey(bt.Blocks[k].ID)); n > 0 {
			return n
		}
		return 1 << 20
	}
	sort.SliceStable(dead, func(x, y int) bool { return order(dead[x]) < order(dead[y]) })
	for _, k := range dead {
		*ev = append(*ev, s.eliminate(bt.Blocks[k].Data, "battle of "+areas[a].Name)...)
		s.checkVictory()
	}
	s.BArea = -1
	s.checkVictory()
}
