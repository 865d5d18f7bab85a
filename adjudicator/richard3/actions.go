package richard3

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/orders"
)

// actx carries one player's action-phase email while it is checked and
// applied to a copy of the state.
type actx struct {
	s         *State
	side      Side
	ap        int
	card      int
	event     string
	activated uint64 // areas activated for land moves
	muster    int
	probs     []adjudicator.Problem
	canon     []string
	events    []adjudicator.Event
	quiet     bool // skip narrative (random play)
	attack    string
}

func (c *actx) fail(l adjudicator.Line, reason string, legal ...string) {
	c.probs = append(c.probs, adjudicator.Problem{Line: l, Reason: reason, Legal: legal})
}

func (c *actx) say(to []adjudicator.Role, format string, args ...any) {
	c.events = append(c.events, adjudicator.Event{To: to, Text: fmt.Sprintf(format, args...)})
}

var actionVerbs = []string{"move", "sea", "recruit", "main", "battles", "battle", "hits", "regroup",
	"muster", "plague", "treason", "execute", "pass", "done"}

func (s *State) newActx(side Side) *actx {
	var c *actx
	if m := s.mem; m != nil && m.act.s == nil && &m.st == s {
		// The Apply in progress: its context comes with its memory.
		c = &m.act
		*c = actx{s: s, side: side, card: int(s.Card[side]), muster: -1, canon: m.acan[:0], events: m.cev[:0]}
	} else {
		c = &actx{s: s, side: side, card: int(s.Card[side]), muster: -1}
	}
	if c.card >= 0 {
		c.ap = cards[c.card].Value
		c.event = cards[c.card].Event
	}
	return c
}

// applyActions checks and applies one action-phase email on s (a copy).
func (s *State) applyActions(side Side, lines []adjudicator.Line, quiet bool) *actx {
	c := s.newActx(side)
	c.quiet = quiet
	type item struct {
		l    adjudicator.Line
		verb string
		rest string
	}
	var groups [4][]item
	for _, l := range lines {
		v, rest := orders.Verb(l.Text)
		verb, err := matchVerb(v, actionVerbs)
		if err != nil {
			c.fail(l, err.Error(), "move <from> -> <to> [-> <to>]: <blocks or all>", "sea <from> -> <to>: <blocks>",
				"recruit <block> at <area>", "main <area> from <area>", "battle <area or all>: fire | ask | retreat to <area> when weaker", "pass")
			continue
		}
		g := 3
		switch verb {
		case "plague", "muster":
			g = 0
		case "move", "sea":
			g = 1
		case "recruit":
			g = 2
		}
		groups[g] = append(groups[g], item{l, verb, rest})
	}
	for _, g := range groups {
		for _, it := range g {
			c.order(it.l, it.verb, it.rest)
		}
	}
	return c
}

func (c *actx) order(l adjudicator.Line, verb, rest string) {
	switch verb {
	case "move":
		c.move(l, rest)
	case "sea":
		c.sea(l, rest)
	case "recruit":
		c.recruit(l, rest)
	case "main":
		c.main(l, rest)
	case "battles":
		c.battles(l, rest)
	case "battle", "hits", "regroup":
		c.standing(l, verb, rest)
	case "muster":
		c.musterArea(l, rest)
	case "plague":
		c.plague(l, rest)
	case "treason":
		c.treason(l, rest)
	case "execute":
		c.execute(l, rest)
	case "pass", "done":
		c.canon = append(c.canon, "pass")
	}
}

// ownOnMap lists side's blocks in area a.
func (c *actx) ownIn(a int) []int { return c.s.blocksIn(a, c.side) }

func (c *actx) parseBlocks(l adjudicator.Line, list string, cands []int, where string) ([]int, bool) {
	if strings.EqualFold(strings.TrimSpace(list), "all") || strings.TrimSpace(list) == "" {
		if len(cands) == 0 {
			c.fail(l, "you have no block that can go from "+where)
			return nil, false
		}
		return cands, true
	}
	var out []int
	seen := uint64(0)
	ok := true
	for _, item := range orders.SplitList(list) {
		b := exactBlock(item, cands)
		var err error
		if b < 0 {
			b, err = matchBlock(item, cands, "block of yours that can move from "+where)
		}
		if err != nil {
			c.fail(l, err.Error(), blockNames(cands)...)
			ok = false
			continue
		}
		if seen&(1<<b) != 0 {
			c.fail(l, blocks[b].Name+" is listed twice")
			ok = false
			continue
		}
		seen |= 1 << b
		out = append(out, b)
	}
	return out, ok
}

func blockNames(xs []int) []string {
	var out []string
	for _, b := range xs {
		out = append(out, blocks[b].Name)
	}
	return out
}

// movable lists side's blocks in a that may still move this turn.
func (c *actx) movable(a int) []int {
	return c.s.appendBlocksIn(nil, a, c.side, fMoved)
}

// enemyEntries returns the entry codes the enemy used to enter area a
// this turn (attack or reinforcement).
func (s *State) enemyEntries(a int, side Side) uint64 {
	var m uint64
	for i := 0; i < nBlocks; i++ {
		if int(s.Loc[i]) == a && s.owner(i) != side && s.Entry[i] > 0 && s.Entry[i] < 100 {
			m |= 1 << uint(s.Entry[i]-1)
		}
	}
	return m
}

// pinned returns how many of side's defenders in a are held by the
// enemy's Main Attack (5.22), and how many defenders stand there now.
func (s *State) pinned(a int, side Side) (pins, defenders int) {
	f := s.Fronts[a]
	if f.Att != side.Other() {
		return 0, 0
	}
	for i := 0; i < nBlocks; i++ {
		if int(s.Loc[i]) != a {
			continue
		}
		if s.owner(i) == side {
			if s.Fl[i]&fReinf == 0 {
				defenders++
			}
		} else if s.Entry[i] == f.Main {
			pins++
		}
	}
	return
}

func (c *actx) limitOf(b int) int {
	n := borders[b].Limit
	if c.event == "surprise" {
		n++
	}
	return n
}

func (c *actx) move(l adjudicator.Line, rest string) {
	s := c.s
	head, list, ok := splitColon(rest)
	var pbuf [8]string
	path := splitArrowInto(head, pbuf[:0])
	if !ok || len(path) < 2 {
		c.fail(l, "write a move as: move <from> -> <to> [-> <to>]: <blocks or all>")
		return
	}
	var pab [8]int
	pa := pab[:0]
	for _, p := range path {
		a, err := matchArea(p)
		if err != nil {
			c.fail(l, err.Error())
			return
		}
		pa = append(pa, a)
	}
	switch c.event {
	case "piracy":
		c.fail(l, "with Piracy your action points buy only sea moves (Piracy card)")
		return
	case "plague":
		c.fail(l, "Plague gives no moves (its value is 0)")
		return
	case "muster":
		if c.muster < 0 {
			c.fail(l, "name the Muster area first: muster <area>")
			return
		}
	}
	maxSteps := 2
	if c.event == "force_march" {
		maxSteps = 3
	}
	if len(pa)-1 > maxSteps {
		c.fail(l, fmt.Sprintf("a block moves at most %d areas (5.2)", maxSteps))
		return
	}
	from := pa[0]
	var cb [64]int
	cands := s.appendBlocksIn(cb[:0], from, c.side, fMoved)
	bl, ok := c.parseBlocks(l, list, cands, areas[from].Name)
	if !ok {
		return
	}
	n := len(bl)
	// Cost.
	newAct := false
	if c.event == "muster" {
		if pa[len(pa)-1] != c.muster {
			c.fail(l, "with Muster every move must end in the Muster area, "+areas[c.muster].Name)
			return
		}
	} else if c.activated&(1<<from) == 0 {
		if c.ap < 1 {
			c.fail(l, c.noAP())
			return
		}
		newAct = true
	}
	// Pinning (5.22) and enemy entry borders.
	var forbidden uint64
	if s.Fronts[from].Att == c.side.Other() {
		pins, defs := s.pinned(from, c.side)
		leaving := 0
		for _, b := range bl {
			if s.Fl[b]&fReinf == 0 {
				leaving++
			}
		}
		if defs-leaving < pins {
			c.fail(l, fmt.Sprintf("%d of your blocks in %s are pinned by the Main Attack (5.22): at most %d may leave", pins, areas[from].Name, max(0, defs-pins)))
			return
		}
		forbidden = s.enemyEntries(from, c.side)
	}
	cur := from
	var used []int
	for k, nxt := range pa[1:] {
		bd := borderAt[cur][nxt]
		if bd < 0 {
			msg := fmt.Sprintf("%s and %s have no land border", areas[cur].Name, areas[nxt].Name)
			if areas[cur].Seas&areas[nxt].Seas != 0 {
				msg += " (use a sea move, 5.3)"
			}
			c.fail(l, msg, neighbours(cur)...)
			return
		}
		if areas[nxt].Exile == c.side.Other() {
			c.fail(l, areas[nxt].Name+" is an enemy exile area: you can never enter it (2.7)")
			return
		}
		if cur == from && forbidden&(1<<bd) != 0 {
			c.fail(l, fmt.Sprintf("your unpinned blocks may not leave %s across the border the enemy used to enter (5.22)", areas[from].Name))
			return
		}
		if s.BUse[c.side][bd]+int8(n) > int8(c.limitOf(bd)) {
			c.fail(l, fmt.Sprintf("the %s border %s-%s lets %d of your blocks cross this turn; %d already crossed (5.21)",
				colorName(borders[bd].Color), areas[cur].Name, areas[nxt].Name, c.limitOf(bd), s.BUse[c.side][bd]))
			return
		}
		if k < len(pa)-2 {
			if s.enemyIn(nxt, c.side) {
				c.fail(l, "blocks must stop when they enter "+areas[nxt].Name+", which holds enemy blocks (5.2)")
				return
			}
			if borders[bd].Color == 'r' {
				c.fail(l, fmt.Sprintf("blocks must stop after crossing the red border into %s (5.21)", areas[nxt].Name))
				return
			}
		}
		used = append(used, bd)
		cur = nxt
	}
	dest := cur
	entry := int8(used[len(used)-1] + 1)
	if !c.enter(l, bl, dest, entry, false) {
		return
	}
	if newAct {
		c.ap--
		c.activated |= 1 << from
	}
	for _, bd := range used {
		s.BUse[c.side][bd] += int8(n)
	}
	for _, b := range bl {
		s.Loc[b] = int8(dest)
		s.Fl[b] |= fMoved
		s.Entry[b] = entry
	}
	t := writePath(s.txt().S("move "), pa).S(": ")
	c.canon = append(c.canon, writeBlocks(t, bl).Take())
	if !c.quiet {
		names := make([]string, 0, len(pa))
		for _, p := range pa {
			names = append(names, areas[p].Name)
		}
		c.say([]adjudicator.Role{roleOf(c.side)}, "You move %s: %s.", strings.Join(names, " -> "), blockList(bl))
		c.say([]adjudicator.Role{roleOf(c.side.Other())}, "%s moves %d block(s) %s.", c.side, n, strings.Join(names, " -> "))
		c.sayAttack()
	}
}

// enter checks the attack and reinforcement limits for n blocks entering
// dest by entry, and records the attack (6.3).
func (c *actx) enter(l adjudicator.Line, bl []int, dest int, entry int8, pirate bool) bool {
	s := c.s
	if !s.enemyIn(dest, c.side) {
		return true
	}
	f := &s.Fronts[dest]
	switch {
	case f.Att == NoSide:
		s.NSeq++
		*f = front{Att: c.side, Main: entry, Seq: s.NSeq}
		if !c.quiet {
			c.attack = fmt.Sprintf("%s attacks %s.", c.side, areas[dest].Name)
		}
	case f.Att == c.side:
		m := []int8{entry}
		for i := 0; i < nBlocks; i++ {
			if int(s.Loc[i]) == dest && s.owner(i) == c.side && !contains8(m, s.Entry[i]) {
				m = append(m, s.Entry[i])
			}
		}
		if len(m) > 3 {
			c.fail(l, "an attack may cross at most three different borders (6.3)")
			return false
		}
	default:
		// Reinforcing a battle the enemy started (6.3): at most two borders.
		m := []int8{entry}
		for i := 0; i < nBlocks; i++ {
			if int(s.Loc[i]) == dest && s.owner(i) == c.side && s.Fl[i]&fReinf != 0 && !contains8(m, s.Entry[i]) {
				m = append(m, s.Entry[i])
			}
		}
		if len(m) > 2 {
			c.fail(l, "reinforcements may cross at most two different borders (6.3)")
			return false
		}
		for _, b := range bl {
			s.Fl[b] |= fReinf
		}
	}
	if pirate {
		for _, b := range bl {
			s.Fl[b] |= fPirate
		}
	}
	return true
}

func (c *actx) sayAttack() {
	if c.attack != "" {
		c.say(nil, "%s", c.attack)
		c.attack = ""
	}
}

func popcount(m uint64) int {
	n := 0
	for m != 0 {
		m &= m - 1
		n++
	}
	return n
}

func colorName(c byte) string {
	switch c {
	case 'y':
		return "yellow"
	case 'b':
		return "blue"
	}
	return "red"
}

func neighbours(a int) []string {
	var out []string
	for _, x := range areas[a].Adj {
		out = append(out, areas[x.To].Name)
	}
	return out
}

func (c *actx) noAP() string {
	if c.card < 0 {
		return "you have no action points"
	}
	return fmt.Sprintf("no action points left (your card gives %d)", cards[c.card].Value)
}

func seaZone(m uint8) int {
	for z := 0; z < 3; z++ {
		if m&(1<<z) != 0 {
			return z
		}
	}
	return -1
}

func (s *State) canSea(b int) bool {
	bl := &blocks[b]
	if bl.Type == tBombard {
		return s.Opt.BombardSea
	}
	return !bl.NoSea
}

func (c *actx) sea(l adjudicator.Line, rest string) {
	s := c.s
	head, list, ok := splitColon(rest)
	var pbuf [4]string
	path := splitArrowInto(head, pbuf[:0])
	if !ok || len(path) != 2 {
		c.fail(l, "write a sea move as: sea <from> -> <to>: <blocks>")
		return
	}
	from, err := matchArea(path[0])
	if err != nil {
		c.fail(l, err.Error())
		return
	}
	to, err := matchArea(path[1])
	if err != nil {
		c.fail(l, err.Error())
		return
	}
	switch c.event {
	case "force_march", "muster", "treason", "plague":
		c.fail(l, "your event card allows no sea moves")
		return
	}
	shared := areas[from].Seas & areas[to].Seas
	if areas[from].Seas == 0 {
		c.fail(l, areas[from].Name+" is not on a sea zone (5.3)")
		return
	}
	if from == to || shared == 0 {
		c.fail(l, fmt.Sprintf("%s and %s share no sea zone (5.3)", areas[from].Name, areas[to].Name), seaDests(from)...)
		return
	}
	if areas[to].Exile == c.side.Other() {
		c.fail(l, areas[to].Name+" is an enemy exile area: you can never enter it (2.7)")
		return
	}
	pirate := false
	if s.enemyIn(to, c.side) {
		if c.event != "piracy" {
			c.fail(l, "a sea move must end in a friendly or vacant area; "+areas[to].Name+" holds enemy blocks (5.3; only Piracy allows this)")
			return
		}
		pirate = true
	}
	var cands []int
	for _, b := range c.movable(from) {
		if s.canSea(b) {
			cands = append(cands, b)
		}
	}
	bl, ok := c.parseBlocks(l, list, cands, areas[from].Name+" by sea")
	if !ok {
		return
	}
	n := len(bl)
	cost := n
	if c.event != "piracy" && areas[from].Port && areas[to].Port {
		cost = (n + 1) / 2
	}
	if cost > c.ap {
		c.fail(l, fmt.Sprintf("this sea move costs %d AP; you have %d left (5.3, 5.31)", cost, c.ap))
		return
	}
	if s.Fronts[from].Att == c.side.Other() {
		pins, defs := s.pinned(from, c.side)
		if defs-n < pins {
			c.fail(l, fmt.Sprintf("%d of your blocks in %s are pinned by the Main Attack (5.22): at most %d may leave", pins, areas[from].Name, max(0, defs-pins)))
			return
		}
	}
	entry := int8(100 + seaZone(shared))
	if !c.enter(l, bl, to, entry, pirate) {
		return
	}
	c.ap -= cost
	for _, b := range bl {
		s.Loc[b] = int8(to)
		s.Fl[b] |= fMoved | fSea
		s.Entry[b] = entry
	}
	c.canon = append(c.canon, writeBlocks(s.txt().S("sea ").S(areas[from].Name).S(" -> ").S(areas[to].Name).S(": "), bl).Take())
	if !c.quiet {
		c.say([]adjudicator.Role{roleOf(c.side)}, "You move by sea %s -> %s: %s.", areas[from].Name, areas[to].Name, blockList(bl))
		c.say([]adjudicator.Role{roleOf(c.side.Other())}, "%s moves %d block(s) by sea %s -> %s.", c.side, n, areas[from].Name, areas[to].Name)
		c.sayAttack()
	}
}

func seaDests(from int) []string {
	var out []string
	for a := 0; a < nAreas; a++ {
		if a != from && areas[a].Seas&areas[from].Seas != 0 {
			out = append(out, areas[a].Name)
		}
	}
	return out
}

// recruitAreas lists where block b may be recruited by side now (5.4).
func (s *State) recruitAreas(b int, side Side) []int { return s.appendRecruitAreas(nil, b, side) }

// appendRecruitAreas appends to out the areas where side may recruit b.
func (s *State) appendRecruitAreas(out []int, b int, side Side) []int {
	bl := &blocks[b]
	o := s.occupancy()
	for a := 0; a < nAreas; a++ {
		ar := &areas[a]
		if ar.Exile == side.Other() {
			continue
		}
		own, enemy := o.n[a][side], o.n[a][side.Other()]
		fr, vac := own > 0 && enemy == 0, own == 0 && enemy == 0
		ok := false
		switch bl.Type {
		case tNoble:
			ok = (fr || vac) && hasShield(ar, bl.Shields)
		case tChurch:
			ok = (fr || vac) && ar.Cathedral == bl.Cathedral
		case tLevy:
			ok = (fr || vac) && ar.City == bl.City
		case tBombard:
			ok = fr && ar.City != ""
		case tRebel:
			ok = vac && ar.Exile == NoSide
		case tMerc:
			ok = (fr || vac) && ar.Wales
		}
		if ok {
			out = append(out, a)
		}
	}
	return out
}

func hasShield(ar *area, shields []string) bool {
	for _, x := range ar.Shields {
		for _, y := range shields {
			if x == y {
				return true
			}
		}
	}
	return false
}

// pool lists side's recruitable blocks.
func (s *State) pool(side Side) []int { return s.appendPool(nil, side) }

// appendPool appends side's blocks in its pool to out.
func (s *State) appendPool(out []int, side Side) []int {
	for i := 0; i < nBlocks; i++ {
		if s.Loc[i] == locPool && s.owner(i) == side {
			out = append(out, i)
		}
	}
	return out
}

func (c *actx) recruit(l adjudicator.Line, rest string) {
	s := c.s
	var parts []string
	for _, w := range []string{"at", "in", "to"} {
		if p := splitWord(rest, w); len(p) == 2 {
			parts = p
			break
		}
	}
	if parts == nil {
		if p := splitArrow(rest); len(p) == 2 {
			parts = p
		}
	}
	if parts == nil {
		c.fail(l, "write a recruit as: recruit <block> at <area>")
		return
	}
	if c.event != "" {
		c.fail(l, "an event card's action points may be used only for its event (5.1)")
		return
	}
	var pb [64]int
	pool := s.appendPool(pb[:0], c.side)
	b, err := matchBlock(parts[0], pool, "block in your pool")
	if err != nil {
		c.fail(l, err.Error(), blockNames(pool)...)
		return
	}
	a, err := matchArea(parts[1])
	if err != nil {
		c.fail(l, err.Error())
		return
	}
	if c.ap < 1 {
		c.fail(l, c.noAP())
		return
	}
	ok := false
	var lb [64]int
	legal := s.appendRecruitAreas(lb[:0], b, c.side)
	for _, x := range legal {
		if x == a {
			ok = true
		}
	}
	if !ok {
		why := recruitRule(b)
		if len(legal) == 0 {
			c.fail(l, fmt.Sprintf("%s cannot be recruited anywhere now: %s", blocks[b].Name, why))
		} else {
			c.fail(l, fmt.Sprintf("%s cannot be recruited in %s: %s", blocks[b].Name, areas[a].Name, why), "recruit "+blocks[b].Name+" at "+areaList(legal))
		}
		return
	}
	c.ap--
	s.Loc[b] = int8(a)
	s.Str[b] = blocks[b].Steps
	s.Fl[b] |= fMoved | fRecruit
	c.canon = append(c.canon, s.txt().S("recruit ").S(blocks[b].Name).S(" at ").S(areas[a].Name).Take())
	if !c.quiet {
		c.say([]adjudicator.Role{roleOf(c.side)}, "You recruit %s at %s.", blocks[b].Name, areas[a].Name)
		c.say([]adjudicator.Role{roleOf(c.side.Other())}, "%s recruits a block at %s.", c.side, areas[a].Name)
	}
}

func recruitRule(b int) string {
	switch blocks[b].Type {
	case tNoble:
		return "a noble deploys in a friendly or vacant area with his shield (5.4)"
	case tChurch:
		return "a Church block deploys in a friendly or vacant area with its cathedral (5.4)"
	case tLevy:
		return "a Levy deploys in a friendly or vacant area with its city (5.4)"
	case tBombard:
		return "the Bombard deploys in a friendly city area (5.4)"
	case tRebel:
		return "the Rebel deploys in a vacant area outside exile (5.4)"
	}
	return "the Welsh deploy in a friendly or vacant Welsh area (5.4)"
}

func (c *actx) main(l adjudicator.Line, rest string) {
	s := c.s
	p := splitWord(rest, "from")
	if len(p) != 2 {
		c.fail(l, "write: main <battle area> from <area the Main Attack came from>")
		return
	}
	a, err := matchArea(p[0])
	if err != nil {
		c.fail(l, err.Error())
		return
	}
	f := &s.Fronts[a]
	if f.Att != c.side {
		c.fail(l, "you are not attacking "+areas[a].Name)
		return
	}
	var entry int8
	if z := strings.ToLower(strings.TrimSpace(p[1])); z == "sea" || strings.HasSuffix(z, " sea") || strings.Contains(z, "channel") {
		for i := 0; i < nBlocks; i++ {
			if int(s.Loc[i]) == a && s.owner(i) == c.side && s.Entry[i] >= 100 {
				entry = s.Entry[i]
			}
		}
	} else {
		from, err := matchArea(p[1])
		if err != nil {
			c.fail(l, err.Error())
			return
		}
		bd := borderAt[a][from]
		if bd >= 0 {
			entry = int8(bd + 1)
		}
	}
	found := false
	var legal []string
	for i := 0; i < nBlocks; i++ {
		if int(s.Loc[i]) == a && s.owner(i) == c.side && s.Entry[i] > 0 {
			if s.Entry[i] == entry {
				found = true
			}
			legal = append(legal, "main "+areas[a].Name+" from "+entryName(a, s.Entry[i]))
		}
	}
	if !found || entry == 0 {
		c.fail(l, "none of your blocks entered "+areas[a].Name+" that way", legal...)
		return
	}
	f.Main = entry
	c.canon = append(c.canon, "main "+areas[a].Name+" from "+entryName(a, entry))
}

// entryName names where blocks entering a by entry came from.
func entryName(a int, entry int8) string {
	if entry >= 100 {
		return seaNames[entry-100]
	}
	bd := borders[entry-1]
	if bd.A == a {
		return areas[bd.B].Name
	}
	return areas[bd.A].Name
}

func (c *actx) battles(l adjudicator.Line, rest string) {
	if c.side != c.s.P1 {
		c.fail(l, "only Player 1 chooses the order of battles (6.1)")
		return
	}
	if strings.EqualFold(strings.TrimSpace(rest), "ask") {
		// Choose each next battle after the previous one (6.1).
		c.s.AskOrder = true
		c.canon = append(c.canon, "battles ask")
		return
	}
	var order []int8
	var names []string
	for _, it := range orders.SplitList(rest) {
		a, err := matchArea(it)
		if err != nil {
			c.fail(l, err.Error())
			return
		}
		order = append(order, int8(a))
		names = append(names, areas[a].Name)
	}
	c.s.Order = order
	c.canon = append(c.canon, "battles "+strings.Join(names, ", "))
}

func (c *actx) musterArea(l adjudicator.Line, rest string) {
	if c.event != "muster" {
		c.fail(l, "only the Muster card lets you name a Muster area")
		return
	}
	if c.muster >= 0 {
		c.fail(l, "Muster names one area only")
		return
	}
	a, err := matchArea(rest)
	if err != nil {
		c.fail(l, err.Error())
		return
	}
	if !(c.s.friendly(a, c.side) || c.s.vacant(a)) || areas[a].Exile == c.side.Other() {
		c.fail(l, "the Muster area must be friendly or vacant (Muster card)")
		return
	}
	c.muster = a
	c.canon = append(c.canon, "muster "+areas[a].Name)
	if !c.quiet {
		c.say(nil, "%s musters at %s.", c.side, areas[a].Name)
	}
}

func (s *State) plagueTargets(side Side) []int {
	var out []int
	for a := 0; a < nAreas; a++ {
		if areas[a].City != "" && s.enemyIn(a, side) {
			out = append(out, a)
		}
	}
	return out
}

func (c *actx) plague(l adjudicator.Line, rest string) {
	if c.event != "plague" {
		c.fail(l, "only the Plague card allows this")
		return
	}
	a, err := matchArea(rest)
	if err != nil {
		c.fail(l, err.Error())
		return
	}
	legal := c.s.plagueTargets(c.side)
	ok := false
	for _, x := range legal {
		ok = ok || x == a
	}
	if !ok {
		c.fail(l, "Plague must strike an enemy-occupied city area", "plague "+areaList(legal))
		return
	}
	c.event = "plague-done"
	c.canon = append(c.canon, "plague "+areas[a].Name)
	if !c.quiet {
		c.say(nil, "Plague strikes %s: every block there loses a step.", areas[a].Name)
	}
	// Every block in the area, the card player's own included (they can
	// be there only if Player 1 attacked the area this turn).
	for _, b := range c.s.blocksIn(a, NoSide) {
		c.s.Str[b]--
		if c.s.Str[b] <= 0 {
			c.events = append(c.events, c.s.eliminate(b, "plague")...)
		}
	}
	c.s.checkVictory()
}

// treason reads "treason <area>", "treason <area> on <block>" or
// "treason on <block>" (R3-EV.5, ruling R3-R8).
func (c *actx) treason(l adjudicator.Line, rest string) {
	if c.s.Treason != int8(c.side) {
		c.fail(l, "you hold no Treason roll this turn")
		return
	}
	where, on := rest, ""
	if p := splitWord(" "+rest, "on"); len(p) >= 2 {
		where, on = strings.Join(p[:len(p)-1], " on "), p[len(p)-1]
	}
	where = strings.TrimSpace(where)
	a := -1
	if where != "" {
		var err error
		if a, err = matchArea(where); err != nil {
			c.fail(l, err.Error(), "treason <area>", "treason <area> on <block>", "treason on <block>")
			return
		}
	} else if on == "" {
		c.fail(l, "name the battle, the target or both", "treason <area>", "treason <area> on <block>", "treason on <block>")
		return
	}
	name := ""
	if on != "" {
		var err error
		if name, err = parseTreasonTarget(c.side, on); err != nil {
			c.fail(l, err.Error())
			return
		}
	}
	c.s.TreasonA = int8(a)
	c.s.TreasonOn = name
	canon := "treason"
	if a >= 0 {
		canon += " " + areas[a].Name
	}
	if name != "" {
		canon += " on " + name
		if !c.quiet {
			c.say([]adjudicator.Role{roleOf(c.side)}, "Your Treason roll will be made against %s if %s is a legal target when the battle opens; otherwise the enemy block with the lowest loyalty there is the target (R3-EV.5).", name, name)
		}
	}
	c.canon = append(c.canon, canon)
}

// defectedHeld returns the defected enemy heir (Clarence or Exeter) that
// side holds on the map, or -1.
func (s *State) defectedHeld(side Side) int {
	for i := 0; i < nBlocks; i++ {
		if blocks[i].HeirOf == side.Other() && onMap(s.Loc[i]) {
			return i
		}
	}
	return -1
}

func (c *actx) execute(l adjudicator.Line, rest string) {
	// 9.1: a defected heir may be executed during any Supply Phase, and
	// only then.
	c.fail(l, "a defected heir may be executed only in the Supply Phase (9.1); you will be asked then")
}

// standing parses battle standing orders.
func (c *actx) standing(l adjudicator.Line, verb, rest string) {
	head, spec, ok := splitColon(rest)
	if !ok {
		c.fail(l, "write: "+verb+" <area or all>: ...")
		return
	}
	area := int8(-1)
	if !strings.EqualFold(head, "all") {
		a, err := matchArea(head)
		if err != nil {
			c.fail(l, err.Error())
			return
		}
		area = int8(a)
	}
	if msg := c.s.addStanding(c.side, area, verb, spec); msg != "" {
		c.fail(l, msg, "battle <area>: fire", "battle <area>: ask", "battle <area>: retreat to <area> if weaker",
			"battle <area>: retreat to <area> if down to 1 blocks", "battle <area>: treachery; charge",
			"hits <area>: <block>, <block>", "regroup <area>: <block> -> <area>")
		return
	}
	c.canon = append(c.canon, c.s.txt().S(verb).B(' ').S(head).S(": ").S(spec).Take())
}

// addStanding merges one standing-order line into side's orders.
func (s *State) addStanding(side Side, area int8, verb, spec string) string {
	text := spec
	switch verb {
	case "hits":
		text = "hits " + spec
	case "regroup":
		text = "regroup " + strings.ReplaceAll(spec, "->", " to ")
	}
	var treach, charge bool
	var restCl []string
	for _, cl := range strings.Split(text, ";") {
		switch orders.Norm(cl) {
		case "treachery", "treachery roll", "treason":
			treach = true
		case "charge", "heir charge":
			charge = true
		default:
			restCl = append(restCl, cl)
		}
	}
	var so columbia.StandingOrders
	if len(restCl) > 0 {
		var names []orders.Name
		for i := 0; i < nBlocks; i++ {
			if onMap(s.Loc[i]) && s.owner(i) == side {
				if names == nil {
					names = make([]orders.Name, 0, nBlocks)
				}
				names = append(names, blockONames[i])
			}
		}
		var err error
		if so, err = columbia.ParseStanding(strings.Join(restCl, ";"), names, battleAreaNames); err != nil {
			return err.Error()
		}
	}
	st := s.standingFor(side, area)
	st.Treach = st.Treach || treach
	st.Charge = st.Charge || charge
	o := &st.Orders
	o.Ask = o.Ask || so.Ask
	o.Pass = append(o.Pass, so.Pass...)
	o.Retreat = append(o.Retreat, so.Retreat...)
	o.HitOrder = append(o.HitOrder, so.HitOrder...)
	if len(so.Order) > 0 {
		// The latest firing order replaces the earlier one.
		o.Order = so.Order
	}
	o.Regroup = append(o.Regroup, so.Regroup...)
	return ""
}

func (s *State) ownOnMap(side Side) []int {
	var out []int
	for i := 0; i < nBlocks; i++ {
		if onMap(s.Loc[i]) && s.owner(i) == side {
			out = append(out, i)
		}
	}
	return out
}

func (s *State) standingFor(side Side, area int8) *standing {
	for i := range s.Stand {
		if s.Stand[i].Side == side && s.Stand[i].Area == area {
			return &s.Stand[i]
		}
	}
	s.Stand = append(s.Stand, standing{Side: side, Area: area})
	return &s.Stand[len(s.Stand)-1]
}
