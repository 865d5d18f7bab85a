package hammer

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
)

// Battles are fought by the shared Columbia battle system; this file is
// the Hammer adapter: the hooks (home bonus, schiltroms, Celtic cohesion,
// retreat and regroup destinations, noble capture) and the translation
// between the game state and a columbia.Battle.

func roleSide(r adjudicator.Role) int {
	if r == RoleScotland {
		return Scotland
	}
	return England
}

type hooks struct {
	columbia.DefaultHooks
	s    *St
	area int
	// opts backs the lists RetreatOptions and RegroupOptions return: the
	// battle reads each list before it asks for the next.
	opts [16]string
	// dec is the battle's decider (St.decider).
	dec standDecider
	// occ is the occupancy of the map for the placement occLoc (the
	// blocks do not move while a battle is fought: it is counted once).
	occ    [NA]uint8
	occLoc [NB]int8
	occOK  bool
	// blocks is newBattleIn's list of the blocks to fight, reused from
	// battle to battle (the battle copies it).
	blocks [12]columbia.Block
}

// hooksPool holds hooks between battles: a battle uses its hooks only
// while Run or Resume runs (the lists they return are copied).
var hooksPool = sync.Pool{New: func() any { return new(hooks) }}

// getHooks returns hooks for a battle in area a of s, from hooksPool
// (put them back when Run or Resume returns).
func getHooks(s *St, a int) *hooks {
	h := hooksPool.Get().(*hooks)
	h.s, h.area, h.occOK = s, a, false
	return h
}

func (h *hooks) occNow(bt *columbia.Battle) [NA]uint8 {
	if !h.occOK || h.occLoc != h.s.Loc {
		h.occ, h.occLoc, h.occOK = h.s.occupancy(), h.s.Loc, true
	}
	o := h.occ
	o[h.area] = 0
	for i := range bt.Blocks {
		cb := &bt.Blocks[i]
		if cb.To != "" && (cb.Outcome == columbia.Retreated || cb.Outcome == columbia.Fighting) {
			o[areaByID[cb.To]] |= 1 << roleSide(cb.Side)
		}
	}
	return o
}

// Firepower applies the home bonus (1.4) and the optional schiltroms (5.4).
func (h *hooks) Firepower(bt *columbia.Battle, cb *columbia.Block) int {
	f := cb.Firepower
	b := cb.Data
	if cb.Kind == "noble" && cb.Side == bt.Defender && isHome(b, h.area) {
		f = 3
	}
	if h.s.Schil && cb.Kind == "infantry" && cb.Side == RoleScotland {
		archers := false
		for i := range bt.Blocks {
			x := &bt.Blocks[i]
			if x.Side == RoleEngland && x.Kind == "archers" && x.Outcome == columbia.Fighting {
				archers = true
			}
		}
		if !archers {
			f++
		}
	}
	return f
}

func (h *hooks) moveOptions(bt *columbia.Battle, cb *columbia.Block, kind columbia.MoveKind) []string {
	side := roleSide(cb.Side)
	o := h.occNow(bt)
	if cb.ID == "norse" {
		var sea []string
		for a := 1; a < NA; a++ {
			if a != h.area && areas[a].Coastal && o[a]&(1<<side) != 0 && o[a]&(1<<(1-side)) == 0 {
				sea = append(sea, areas[a].ID)
			}
		}
		return sea
	}
	// Friendly areas first, then neutral ones; none when empty.
	var nbuf [16]string
	out, neutral := h.opts[:0], nbuf[:0]
	for i, c := range areas[h.area].Nbr {
		k := areas[h.area].Brd[i]
		if o[c]&(1<<(1-side)) != 0 {
			continue
		}
		if borders[k].AngSco {
			if side == England && h.area == AreaEngland {
				continue // 5.5, 5.6: never into Scotland
			}
			if side == Scotland && c == AreaEngland {
				continue // never into England
			}
		}
		if kind != columbia.MoveRegroup && !h.s.canRetreatAcross(h.area, k, side) {
			continue
		}
		n := int8(0)
		for _, mv := range bt.Moves {
			if mv.Side == cb.Side && mv.To == areas[c].ID && mv.Kind == kind && mv.Block != "norse" &&
				(kind != columbia.MoveRetreat || mv.Round == bt.Round) {
				n++
			}
		}
		if n >= borderLimit(k) {
			continue
		}
		if o[c] != 0 {
			out = append(out, areas[c].ID)
		} else {
			neutral = append(neutral, areas[c].ID)
		}
	}
	if len(out)+len(neutral) == 0 {
		return nil
	}
	return append(out, neutral...)
}

// RetreatOptions implements columbia.Hooks (5.5).
func (h *hooks) RetreatOptions(bt *columbia.Battle, cb *columbia.Block, final bool) []string {
	k := columbia.MoveRetreat
	if final {
		k = columbia.MoveFinalRetreat
	}
	return h.moveOptions(bt, cb, k)
}

// RegroupOptions implements columbia.Hooks (5.6).
func (h *hooks) RegroupOptions(bt *columbia.Battle, cb *columbia.Block) []string {
	return h.moveOptions(bt, cb, columbia.MoveRegroup)
}

// Eliminated captures nobles (5.7), except Moray.
func (h *hooks) Eliminated(bt *columbia.Battle, cb *columbia.Block, by *columbia.Block) columbia.Fate {
	if cb.Kind == "noble" && cb.Data != bMoray {
		return columbia.Fate{Capture: true, Side: bt.Enemy(cb.Side), Steps: 1}
	}
	return columbia.Fate{}
}

// StartRound rolls Celtic cohesion (5.2) for Welsh and Ulster blocks as
// they come into the battle (ruling AMB-17).
func (h *hooks) StartRound(bt *columbia.Battle, d adjudicator.Dice) {
	for i := range bt.Blocks {
		cb := &bt.Blocks[i]
		if !cb.HasTag("celtic") || cb.Outcome != columbia.Fighting || cb.ActiveFrom != bt.Round || cb.Changed > 0 {
			continue
		}
		r := d.Roll("celtic cohesion "+cb.ID, 6)
		if r >= 5 {
			bt.Say(nil, "Celtic cohesion: %s rolls %d and goes home to the pool", cb.Label(), r)
			bt.Withdraw(cb)
		} else {
			bt.Say(nil, "Celtic cohesion: %s rolls %d and stays", cb.Label(), r)
		}
	}
}

var kindNames = [...]string{TLeader: "leader", TKing: "king", TInfantry: "infantry", TCavalry: "cavalry",
	TArchers: "archers", TNorse: "norse", TKnights: "knights", TNoble: "noble", THobelars: "hobelars"}

// newBattle builds the columbia battle for area a.
func (s *St) newBattle(a int) *columbia.Battle {
	var blb [12]columbia.Block
	return s.newBattleIn(a, blb[:0])
}

// newBattleIn is newBattle listing the blocks in bl's room.
func (s *St) newBattleIn(a int, bl []columbia.Block) *columbia.Battle {
	att := int(s.Att[a])
	if att < 0 {
		att = England
	}
	n := NB // blocks in a, when the kept occupancy tells
	if s.occFresh() {
		n = int(s.occN[England][a]) + int(s.occN[Scotland][a])
	}
	for b := 0; b < NB && len(bl) < n; b++ {
		if int(s.Loc[b]) != a {
			continue
		}
		bi := &blocks[b]
		cb := columbia.Block{ID: bi.ID, Name: bi.Label, Side: roles[bi.Side], Initiative: bi.Letter, Firepower: bi.Fire,
			Steps: int(s.Str[b]), MaxSteps: bi.Max, Kind: kindNames[bi.Type], Data: b}
		if s.Fl[b]&fReserve != 0 {
			cb.Group = columbia.Reserve
		}
		if bi.Celtic {
			cb.Tags = celticTag[:1:1]
		}
		bl = append(bl, cb)
	}
	bt, _ := battlePool.Get().(*columbia.Battle)
	var err error
	if bt != nil {
		err = bt.Reset(columbia.Hammer(), areas[a].ID, roles[att], roles[1-att], bl)
	} else {
		bt, err = columbia.New(columbia.Hammer(), areas[a].ID, roles[att], roles[1-att], bl)
	}
	if err != nil {
		panic("hammer: " + err.Error())
	}
	bt.AreaName = areas[a].Name
	bt.Names = displayNames
	return bt
}

// battlePool holds battles that are over, to fight the next battle in
// (columbia.Battle.Reset): a battle's memory is reused, the strings it
// wrote stay with the events that show them.
var battlePool sync.Pool

// celticTag is the tag of the Celtic blocks (shared: a battle copies tags
// before it changes them).
var celticTag = []string{"celtic"}

// decider builds both sides' standing orders for a battle in area a,
// in d (the hooks' or the caller's: a battle reads its decider only
// while Run or Resume runs).
func (s *St) decider(a int, d *standDecider) columbia.Decider {
	*d = standDecider{}
	has := false
	for side := 0; side < 2; side++ {
		txt := s.standText(side, a)
		if txt == "" {
			continue
		}
		so, ok := parseStandingCached(side, txt)
		if !ok {
			continue
		}
		d[side], has = so, true
	}
	if !has {
		return &noStanding
	}
	return d
}

// standDecider answers a battle's decisions by each side's standing
// orders, and the others as columbia.Auto does: columbia.BySide without
// a map.
type standDecider [2]*columbia.StandingOrders

// noStanding is the decider of a battle without standing orders (shared:
// never modified).
var noStanding standDecider

// Decide implements columbia.Decider.
func (d *standDecider) Decide(bt *columbia.Battle, p *columbia.Pending) (columbia.Choice, bool) {
	if so := d[roleSide(p.Side)]; so != nil {
		return so.Decide(bt, p)
	}
	return columbia.Auto{}.Decide(bt, p)
}

// AutoFor implements columbia.AutoReporter: a side without standing
// orders is answered as columbia.Auto answers.
func (d *standDecider) AutoFor(side adjudicator.Role) bool { return d[roleSide(side)] == nil }

// FireOrder implements columbia.FireOrderer: the side's standing order
// of fire, if it gave one.
func (d *standDecider) FireOrder(bt *columbia.Battle, side adjudicator.Role) []string {
	if so := d[roleSide(side)]; so != nil {
		return so.FireOrder(bt, side)
	}
	return nil
}

func (s *St) standText(side, a int) string {
	if len(s.Ord.Orders) == 0 {
		return ""
	}
	all, here := s.stand(side, NA), s.stand(side, a)
	switch {
	case all == "":
		return here
	case here == "":
		return all
	}
	return all + "; " + here
}

// syncBattle copies the battle's outcome so far into the state.
func (s *St) syncBattle(bt *columbia.Battle) {
	a := areaByID[bt.Area]
	done := bt.Done()
	for i := range bt.Blocks {
		cb := &bt.Blocks[i]
		b := cb.Data
		cur := b
		if roleSide(cb.Side) != blockSide[b] {
			cur = blocks[b].Partner
		}
		if p := blocks[cur].Partner; p >= 0 && s.Loc[p] < NA {
			s.setLoc(p, LocOut)
			pc := s.pc()
			pc.Str[p], pc.Fl[p] = 0, 0
		}
		s.seen |= 1 << uint(cur)
		switch cb.Outcome {
		case columbia.Fighting:
			s.setLoc(cur, int8(a))
			s.pc().Str[cur] = int8(cb.Steps)
			if done && cb.To != "" {
				s.setLoc(cur, int8(areaByID[cb.To]))
			}
		case columbia.Retreated:
			s.setLoc(cur, int8(areaByID[cb.To]))
			s.pc().Str[cur] = int8(cb.Steps)
		case columbia.Eliminated:
			if s.Loc[cur] < NA {
				s.setLoc(cur, int8(a))
				s.eliminate(cur, true, 1-blockSide[cur])
			}
		case columbia.Removed:
			s.setLoc(cur, LocPool)
			pc := s.pc()
			pc.Str[cur], pc.Fl[cur] = 0, 0
		}
	}
}

// displayNames gives the battle narratives area and side names.
var displayNames = map[string]string{}

func initReplacer() {
	for a := 0; a < NA; a++ {
		displayNames[areas[a].ID] = areas[a].Name
	}
	displayNames["england"] = "England"
	for a := 0; a < NA; a++ {
		battleHead[a] = "Battle of " + areas[a].Name + ": "
	}
	displayNames["scotland"] = "Scotland"
}

// battleEvents turns the narrative lines of bt's run, from line from
// on, into events: consecutive lines for the same readers make one
// event, "Battle of <area>: " and the lines, which the battle wrote
// that way (columbia.Battle.TellAsEvents).
func battleEvents(bt *columbia.Battle, from int, ev []adjudicator.Event) []adjudicator.Event {
	texts := bt.EventTexts()
	log := bt.Log[from:]
	g := 0
	for i := 0; i < len(log); {
		j := i + 1
		for j < len(log) && sameTo(log[i].To, log[j].To) {
			j++
		}
		addEvent(&ev, log[i].To, texts[g])
		g++
		i = j
	}
	return ev
}

// battleHead is what each area's battle events start with.
var battleHead [NA]string

func sameTo(a, b []adjudicator.Role) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// runBattles fights battles until one waits for a player or none is left;
// the caller then moves on to s.After.
func (s *St) runBattles(d adjudicator.Dice, ev *[]adjudicator.Event) {
	var fought uint32 // guards against fighting an area twice in one call
	for !s.Fin {
		if s.Bat != nil || s.Choose {
			return
		}
		a := -1
		if s.Next > 0 && s.occ(int(s.Next)-1) == 3 {
			a, s.Next = int(s.Next)-1, 0
		} else if s.Ord.AskNext[s.P1] && s.battlesLeft(fought) > 1 {
			// Player 1 chooses each next battle when the last is over (5.1)
			s.Choose = true
			return
		} else {
			s.Next = 0
			a = s.nextBattle(fought)
		}
		if a < 0 {
			break
		}
		fought |= 1 << uint(a)
		h := getHooks(s, a)
		bt := s.newBattleIn(a, h.blocks[:0])
		addEvent(ev, nil, s.txt().S("Battle of ").S(areas[a].Name).S(": ").S(sideName(roleSide(bt.Attacker))).S(" attacks, ").S(sideName(roleSide(bt.Defender))).S(" defends.").Take())
		bt.TellAsEvents(battleHead[a], s.txt())
		p, err := bt.Run(h, s.decider(a, &h.dec), d)
		hooksPool.Put(h)
		if err != nil {
			panic("hammer: battle: " + err.Error())
		}
		s.afterRun(bt, p, 0, ev)
		if s.Bat != bt {
			battlePool.Put(bt) // over: the next battle is fought in its memory
		}
		// A battle that waits for a player stays with the state, which
		// never changes it (Apply resumes a clone).
	}
}

// afterRun records a battle's progress after Run or Resume.
func (s *St) afterRun(bt *columbia.Battle, p *columbia.Pending, from int, ev *[]adjudicator.Event) {
	s.syncBattle(bt)
	*ev = battleEvents(bt, from, *ev)
	if p != nil && !s.Fin {
		s.Bat = bt
		s.BatLog = int16(len(bt.Log))
		return
	}
	a := areaByID[bt.Area]
	s.Bat = nil
	s.BatLog = 0
	s.bd().Att[a] = -1
	for b := 0; b < NB; b++ {
		if int(s.Loc[b]) == a {
			s.pc().Fl[b] &^= fReserve
		}
	}
}

// nextBattle picks the next battle: Player 1's stated order first, then
// map order (5.1).
func (s *St) nextBattle(skip uint32) int {
	o := s.occupancy()
	for _, a := range s.Ord.Battles[s.P1] {
		if a >= 0 && o[a] == 3 && skip&(1<<uint(a)) == 0 {
			return int(a)
		}
	}
	for a := 0; a < NA; a++ {
		if o[a] == 3 && skip&(1<<uint(a)) == 0 {
			return a
		}
	}
	return -1
}

// cloneBattle deep-copies a stored battle before it is resumed, so the
// state it came from stays unchanged (a plain struct copy would share the
// battle's buffers). TestCloneBattleIsComplete guards it.
func cloneBattle(bt *columbia.Battle) *columbia.Battle { return bt.Clone() }

// nameOf names a block or area ID for players. Areas win: the only ID
// both could be is "moray", and in a battle choice it is then the area
// (a retreat) or plainly the noble (a hit).
func nameOf(id string) string {
	if a, ok := areaByID[id]; ok {
		return areas[a].Name
	}
	if b, ok := blockByID[id]; ok {
		return blocks[b].Label
	}
	return id
}

// standCache remembers parsed standing orders, per side: parsing is
// pure, and the same few texts come back battle after battle. The
// orders are shared: a battle only reads them.
var (
	standCache  [2]sync.Map // text -> *columbia.StandingOrders
	standCached atomic.Int32
)

func parseStandingCached(side int, txt string) (*columbia.StandingOrders, bool) {
	if v, ok := standCache[side].Load(txt); ok {
		return v.(*columbia.StandingOrders), true
	}
	so, err := columbia.ParseStanding(txt, sideBlockNames[side], areaNames)
	if err != nil {
		return nil, false
	}
	if standCached.Add(1) < 4096 {
		standCache[side].Store(strings.Clone(txt), &so) // txt may point into a larger buffer
	}
	return &so, true
}

// battlesLeft counts the battles still to fight (areas not in skip).
func (s *St) battlesLeft(skip uint32) int {
	o := s.occupancy()
	n := 0
	for a := 0; a < NA; a++ {
		if o[a] == 3 && skip&(1<<uint(a)) == 0 {
			n++
		}
	}
	return n
}
