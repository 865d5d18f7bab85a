package columbia

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

func errUnknownSpecial(name string) error {
	return fmt.Errorf("no special action %q in this game", name)
}

// ErrNotPending is returned by Resume when the battle waits for nothing.
var ErrNotPending = errors.New("the battle is not waiting for a decision")

// New creates a battle in area between attacker and defender. blocks are
// copied; among one side's blocks with the same initiative letter, turns
// follow the order of this slice (so a game may sort it by the owner's
// declared order). Blocks with Group Reserve arrive in round 2.
func New(cfg Config, area string, attacker, defender adjudicator.Role, blocks []Block) (*Battle, error) {
	m := &battleMem{}
	bt := &m.bt
	*bt = Battle{mem: m}
	bt.text.Reset(m.text[:])
	if err := bt.start(cfg, area, attacker, defender, blocks); err != nil {
		return nil, err
	}
	return bt, nil
}

// Reset makes bt a new battle, as New would build it, in the memory of
// a battle that is over and that nothing refers to any more (a game may
// keep one to fight its next battle in). The strings the old battle
// handed out (narrative lines, dice purposes) stay valid. On an error bt
// must not be used.
func (bt *Battle) Reset(cfg Config, area string, attacker, defender adjudicator.Role, blocks []Block) error {
	m := bt.mem
	if m == nil {
		m = &battleMem{} // a decoded battle: room for its lists
	}
	// The text buffers only append: what they handed out is never
	// rewritten.
	*bt = Battle{mem: m, text: bt.text, groups: bt.groups[:0]}
	return bt.start(cfg, area, attacker, defender, blocks)
}

// start fills a battle New or Reset has emptied.
func (bt *Battle) start(cfg Config, area string, attacker, defender adjudicator.Role, blocks []Block) error {
	if cfg.MaxRounds < 1 {
		return fmt.Errorf("battle in %s: MaxRounds must be at least 1", area)
	}
	if attacker == "" || defender == "" || attacker == defender {
		return fmt.Errorf("battle in %s: attacker %q and defender %q must be two different roles", area, attacker, defender)
	}
	bt.Area, bt.Rules = area, cfg
	bt.Attacker, bt.Defender, bt.OrigAttacker = attacker, defender, attacker
	bt.mem.ready(bt, len(blocks))
	bt.Blocks = append(bt.Blocks, blocks...)
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		if b.ID == "" {
			return fmt.Errorf("battle in %s: block %d has no ID", area, i)
		}
		for j := 0; j < i; j++ {
			if bt.Blocks[j].ID == b.ID {
				return fmt.Errorf("battle in %s: block %s appears twice", area, b.ID)
			}
		}
		if b.Side != attacker && b.Side != defender {
			return fmt.Errorf("battle in %s: block %s belongs to %q, not to %s or %s", area, b.ID, b.Side, attacker, defender)
		}
		if b.MaxSteps < 1 || b.Steps < 1 || b.Steps > b.MaxSteps {
			return fmt.Errorf("battle in %s: block %s has strength %d of %d", area, b.ID, b.Steps, b.MaxSteps)
		}
		if b.Initiative < 'A' || b.Initiative > 'Z' {
			return fmt.Errorf("battle in %s: block %s has initiative %q", area, b.ID, string(rune(b.Initiative)))
		}
		if b.Group != Main && b.Group != Reserve {
			return fmt.Errorf("battle in %s: block %s has an unknown group", area, b.ID)
		}
		b.Tags = append([]string(nil), b.Tags...)
		b.Outcome = Fighting
		b.To = ""
		b.OrigSide = b.Side
		b.Arrived = b.Group == Main
		b.ActiveFrom = 1
		if b.Group == Reserve {
			b.ActiveFrom = 2
		}
		b.Acted, b.Regrouped, b.Changed = false, false, 0
		b.Seen = b.Arrived || !cfg.RevealReservesOnArrival
	}
	return nil
}

// battleMem is a battle with the first room of its lists, in one
// allocation: most battles never outgrow it (a list that does grows on
// the heap as usual).
type battleMem struct {
	bt      Battle
	blocks  [4]Block
	order   [4]int
	log     [12]adjudicator.Event
	choices [8]Choice
	moves   [2]Move
	rolls   [4]int
	shot    [96]byte
	segs    [2]Seg
	groups  [4]string
	text    [192]byte
}

// ready points bt's empty lists at m's room, for n blocks (bt is m.bt,
// or a battle reusing m).
func (m *battleMem) ready(bt *Battle, n int) {
	if n <= len(m.blocks) {
		bt.Blocks, bt.Order = m.blocks[:0], m.order[:0]
	} else {
		bt.Blocks, bt.Order = make([]Block, 0, n), make([]int, 0, n)
	}
	bt.scratch = m.choices[:0]
}

// addMove records a block leaving the battle area.
func (bt *Battle) addMove(mv Move) {
	if bt.Moves == nil && bt.mem != nil {
		bt.Moves = bt.mem.moves[:0] // nil until the first move: it encodes as null
	}
	bt.Moves = append(bt.Moves, mv)
}

// Block returns the block with the given ID, or nil.
func (bt *Battle) Block(id string) *Block {
	for i := range bt.Blocks {
		if bt.Blocks[i].ID == id {
			return &bt.Blocks[i]
		}
	}
	return nil
}

// Index returns the index in Blocks of the block with the given ID, or -1.
func (bt *Battle) Index(id string) int {
	for i := range bt.Blocks {
		if bt.Blocks[i].ID == id {
			return i
		}
	}
	return -1
}

// Enemy returns the other side of the battle.
func (bt *Battle) Enemy(side adjudicator.Role) adjudicator.Role {
	if side == bt.Attacker {
		return bt.Defender
	}
	return bt.Attacker
}

// IsDefender reports whether side currently defends.
func (bt *Battle) IsDefender(side adjudicator.Role) bool { return side == bt.Defender }

// Done reports whether the battle is over.
func (bt *Battle) Done() bool { return bt.Phase == PhaseDone }

// Hittable reports whether b can take hits now: in the battle and arrived.
func (bt *Battle) Hittable(b *Block) bool { return b.Outcome == Fighting && b.Arrived }

// Strength returns the number of blocks and total steps side has on the
// field (in the battle and arrived).
func (bt *Battle) Strength(side adjudicator.Role) (blocks, steps int) {
	for i := range bt.Blocks {
		b := &bt.Blocks[i]
		if b.Side == side && b.Outcome == Fighting && b.Arrived {
			blocks++
			steps += b.Steps
		}
	}
	return
}

// Remaining returns the number of side's blocks still in the battle,
// including reserves yet to arrive.
func (bt *Battle) Remaining(side adjudicator.Role) int {
	n := 0
	for i := range bt.Blocks {
		if bt.Blocks[i].Side == side && bt.Blocks[i].Outcome == Fighting {
			n++
		}
	}
	return n
}

// Revealed reports whether role may see b's identity and strength now.
// Blocks in a battle are revealed to both sides (R3-6.1b, H-5.1c), except
// reserves not yet arrived under RevealReservesOnArrival and blocks that
// retreated under HiddenRetreats. Owners and the GM always see their blocks.
func (bt *Battle) Revealed(role adjudicator.Role, b *Block) bool {
	if role == adjudicator.GM || role == b.Side || role == b.OrigSide {
		return true
	}
	if !b.Seen {
		return false
	}
	if bt.Rules.HiddenRetreats && b.Outcome == Retreated {
		return false
	}
	return true
}

// RevealedTo lists the IDs of the blocks role may see.
func (bt *Battle) RevealedTo(role adjudicator.Role) []string {
	var out []string
	for i := range bt.Blocks {
		if bt.Revealed(role, &bt.Blocks[i]) {
			out = append(out, bt.Blocks[i].ID)
		}
	}
	return out
}

// Count returns the game counter key.
func (bt *Battle) Count(key string) int { return bt.Counters[key] }

// Inc adds one to the game counter key and returns the new value.
func (bt *Battle) Inc(key string) int {
	if bt.Counters == nil {
		bt.Counters = map[string]int{}
	}
	bt.Counters[key]++
	return bt.Counters[key]
}

// Events returns the narrative lines role may see.
func (bt *Battle) Events(role adjudicator.Role) []string {
	var out []string
	for _, e := range bt.Log {
		if e.VisibleTo(role) {
			out = append(out, e.Text)
		}
	}
	return out
}

// Say adds a narrative line seen by the given roles (none: everyone). It
// does nothing unless Rules.Narrate is set.
func (bt *Battle) Say(to []adjudicator.Role, format string, args ...any) {
	if !bt.Rules.Narrate {
		return
	}
	bt.say(to, fmt.Sprintf(format, args...))
}

func (bt *Battle) say(to []adjudicator.Role, text string) {
	bt.sayIn(to, text, bt.Phase == PhaseRounds)
}

// sayIn writes a narrative line; a line of a round (inRound) is laid out
// under the "Round N" prefix.
func (bt *Battle) sayIn(to []adjudicator.Role, text string, inRound bool) {
	if bt.head != "" {
		w := bt.beginLine(to)
		if inRound && bt.Round > 0 {
			bt.roundPrefixIn(w, to == nil)
			if to == nil {
				bt.Lines++
			}
		}
		w.S(text)
		bt.endLine(to)
		return
	}
	if inRound && bt.Round > 0 {
		bt.roundPrefix(to == nil).S(text)
		text = bt.text.Take()
		if to == nil {
			bt.Lines++
		}
	}
	bt.addLog(to, text)
}

// addLog appends a narrative line field by field: a record appended
// whole is copied through the collector's write barrier as a block
// (every pointer slot walked and recorded) while the collector marks.
func (bt *Battle) addLog(to []adjudicator.Role, text string) {
	bt.logRoom(1)
	n := len(bt.Log)
	bt.Log = bt.Log[:n+1]
	e := &bt.Log[n]
	e.To, e.Text = to, text
}

// addChoice appends a choice to the reused list field by field (see
// addLog).
func (bt *Battle) addChoice(act Action, to, target, special string) {
	if n := len(bt.scratch); n < cap(bt.scratch) {
		bt.scratch = bt.scratch[:n+1]
		c := &bt.scratch[n]
		c.Action, c.To, c.Target, c.Special = act, to, target, special
		return
	}
	bt.scratch = append(bt.scratch, Choice{Action: act, To: to, Target: target, Special: special})
}

// logRoom makes room for n more narrative lines, growing the log by
// doubling from a first size that holds most battles.
func (bt *Battle) logRoom(n int) {
	if len(bt.Log)+n <= cap(bt.Log) {
		return
	}
	if bt.Log == nil && bt.mem != nil && n <= len(bt.mem.log) {
		bt.Log = bt.mem.log[:0] // nil until the first line: it encodes as null
		return
	}
	l := make([]adjudicator.Event, len(bt.Log), max(32, 2*(len(bt.Log)+n)))
	copy(l, bt.Log)
	bt.Log = l
}

// choices returns the reused list of choices, emptied.
func (bt *Battle) choices() []Choice {
	if bt.scratch == nil {
		bt.scratch = make([]Choice, 0, 8)
	}
	return bt.scratch[:0]
}

// roundPrefix starts a line of a round in bt.text: "Round N  " on the
// round's first public line, else the indent.
func (bt *Battle) roundPrefix(first bool) *textbuf.Buf {
	return bt.roundPrefixIn(&bt.text, first)
}

// roundPrefixIn is roundPrefix writing in w.
func (bt *Battle) roundPrefixIn(w *textbuf.Buf, first bool) *textbuf.Buf {
	if first && bt.Lines == 0 {
		return w.S("Round ").Int(bt.Round).S("  ")
	}
	return w.S("         ")
}

// only returns the audience of role r alone, shared by every line
// written for it (event audiences are never modified).
func (bt *Battle) only(r adjudicator.Role) []adjudicator.Role {
	if v, ok := audiences.Load(r); ok {
		return v.([]adjudicator.Role)
	}
	v, _ := audiences.LoadOrStore(r, []adjudicator.Role{r})
	return v.([]adjudicator.Role)
}

// audiences holds the one-role audiences of every battle: a game has few
// roles.
var audiences sync.Map // adjudicator.Role -> []adjudicator.Role

// sayPair writes one narrative line for each of two roles (the same event
// told two ways), counted as one line of the round.
func (bt *Battle) sayPair(a adjudicator.Role, textA string, b adjudicator.Role, textB string) {
	if bt.head != "" {
		inRound := bt.Phase == PhaseRounds && bt.Round > 0
		for i, to := range [2][]adjudicator.Role{bt.only(a), bt.only(b)} {
			w := bt.beginLine(to)
			if inRound {
				bt.roundPrefixIn(w, true)
			}
			if i == 0 {
				w.S(textA)
			} else {
				w.S(textB)
			}
			bt.endLine(to)
		}
		if inRound {
			bt.Lines++
		}
		return
	}
	if bt.Phase == PhaseRounds && bt.Round > 0 {
		textA = bt.roundPrefix(true).S(textA).Take()
		textB = bt.roundPrefix(true).S(textB).Take()
		bt.Lines++
	}
	bt.addLog(bt.only(a), textA)
	bt.addLog(bt.only(b), textB)
}

func (bt *Battle) sides() int {
	if bt.Rules.Sides > 0 {
		return bt.Rules.Sides
	}
	return 6
}

// Roll rolls n battle dice for b with the purpose "battle <area> r<round>
// <block>" (plus " "+what when what is not ""), appending them to buf.
func (bt *Battle) Roll(d adjudicator.Dice, b *Block, n int, what string, buf []int) []int {
	bt.text.S("battle ").S(bt.Area).S(" r").Int(bt.Round).B(' ').S(b.ID)
	if what != "" {
		bt.text.B(' ').S(what)
	}
	purpose := bt.text.Take()
	sides := bt.sides()
	if n > 0 && buf == nil {
		buf = make([]int, 0, max(n, 8))
	}
	for i := 0; i < n; i++ {
		buf = append(buf, d.Roll(purpose, sides))
		bt.Draws++
	}
	return buf
}

// Rating returns a block's rating as shown in narratives, e.g. "B3".
func Rating(init byte, fire int) string {
	return string(rune(init)) + strconv.Itoa(fire)
}

// Defect moves b to side to: it joins to's reserve at its current
// strength and fights from the next round (R3-6.9c). It is the same move a
// capture makes (with Fate.Steps).
func (bt *Battle) Defect(b *Block, to adjudicator.Role) {
	bt.changeSide(b, to, b.Steps)
}

func (bt *Battle) changeSide(b *Block, to adjudicator.Role, steps int) {
	if steps < 1 {
		steps = 1
	}
	if steps > b.MaxSteps {
		steps = b.MaxSteps
	}
	b.Side = to
	b.Steps = steps
	b.Group = Reserve
	b.Changed++
	b.ActiveFrom = bt.Round + 1
	if bt.Round <= 1 {
		b.Arrived = false
		b.ActiveFrom = 2
	} else {
		b.Arrived = true
	}
	bt.afterLoss()
}

// Withdraw takes b out of the battle by a game rule (Outcome Removed),
// e.g. Celtic Cohesion (H-5.2).
func (bt *Battle) Withdraw(b *Block) {
	if b.Outcome != Fighting {
		return
	}
	b.Outcome = Removed
	bt.afterLoss()
}

// HitBlock applies up to hits hits to b, eliminating (or capturing) it
// when its last step goes, and returns the hits it absorbed. by is the
// firing block (nil if none). The narrative is the caller's.
func (bt *Battle) HitBlock(h Hooks, b *Block, hits int, by *Block) int {
	if hits <= 0 || b.Outcome != Fighting {
		return 0
	}
	if hits >= b.Steps {
		n := b.Steps
		b.Steps = 0
		bt.eliminate(h, b, by)
		return n
	}
	b.Steps -= hits
	return hits
}

// eliminate removes b (or captures it), b.Steps already 0.
func (bt *Battle) eliminate(h Hooks, b *Block, by *Block) bool {
	b.Steps = 0
	f := h.Eliminated(bt, b, by)
	if f.Capture && f.Side != "" {
		bt.changeSide(b, f.Side, f.Steps)
		return true
	}
	b.Outcome = Eliminated
	bt.afterLoss()
	return false
}

// Shoot fires b at a single named target with the given firepower and
// number of dice: hits beyond those needed to eliminate the target are
// lost (heir charges, R3-6.5). label names the action in the narrative
// ("charges"). It returns the hits scored and whether the target is still
// in the battle on the same side.
func (bt *Battle) Shoot(h Hooks, d adjudicator.Dice, b *Block, fire, dice int, target *Block, label string) (hits int, survived bool) {
	s := bt.newShot(d, b, fire, dice, label)
	s.Target = bt.Index(target.ID)
	s.Single = true
	bt.Shot = s
	side := target.Side
	hits = s.Hits
	bt.resolveShot(h, nil)
	return hits, target.Outcome == Fighting && target.Side == side
}

func (bt *Battle) newShot(d adjudicator.Dice, b *Block, fire, dice int, label string) *Shot {
	s := &bt.spare
	// Every field of Shot, one by one: a struct copy would pass every
	// pointer of the record through the collector's write barrier at once
	// (TestShotFieldsAllSet counts them).
	s.Firer, s.Rolls, s.Fire, s.Hits, s.Left, s.Target = bt.Index(b.ID), s.Rolls[:0], fire, 0, 0, -1
	s.Single, s.Stop, s.Ends = false, false, false
	s.Text, s.Label, s.Segs = s.Text[:0], label, s.Segs[:0]
	if s.Rolls == nil && dice > 0 && bt.mem != nil {
		s.Rolls = bt.mem.rolls[:0]
	}
	s.Rolls = bt.Roll(d, b, dice, label, s.Rolls)
	for _, r := range s.Rolls {
		if r <= fire {
			s.Hits++
		}
	}
	s.Left = s.Hits
	if bt.Rules.Narrate {
		if s.Text == nil {
			if bt.mem != nil {
				s.Text = bt.mem.shot[:0]
			} else {
				s.Text = make([]byte, 0, 128) // reused by the battle's later shots
			}
		}
		t := append(s.Text, b.Label()...)
		t = append(t, " ("...)
		t = utf8.AppendRune(t, rune(bt.initiativeOf(b))) // as Rating writes it
		t = strconv.AppendInt(t, int64(fire), 10)
		if b.Side == bt.Defender {
			t = append(t, ", defending"...)
		}
		if label != "" {
			t = append(t, ", "...)
			t = append(t, label...)
		}
		t = append(t, ')')
		for _, r := range s.Rolls {
			t = append(t, ' ')
			t = strconv.AppendInt(t, int64(r), 10)
		}
		t = append(t, " →"...)
		s.Text = t
	}
	return s
}

// initiativeOf is the letter used in narratives: the current round's.
func (bt *Battle) initiativeOf(b *Block) byte {
	if b.Letter != 0 {
		return b.Letter
	}
	return b.Initiative
}
