package hammer

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Internal phases the flow passes through without waiting.
const (
	phEndTurn = 20 // border raids, sudden death, next turn or winter
	phWinter  = 21 // winter begins
)

type applier struct {
	s       *St
	side    int
	d       adjudicator.Dice
	probs   []adjudicator.Problem
	canon   []string
	ev      []adjudicator.Event
	touched [2]uint32 // standing-order keys replaced by this submission (bit NA: all)
}

func (a *applier) bad(l adjudicator.Line, reason string, legal ...string) {
	a.probs = append(a.probs, adjudicator.Problem{Line: l, Reason: reason, Legal: legal})
}

func (a *applier) say(text string) { addEvent(&a.ev, nil, text) }

func (a *applier) tell(side int, text string) { addEvent(&a.ev, toRole[side], text) }

// addEvent appends an event to *ev field by field: a record appended
// whole is copied through the collector's write barrier as a block
// (every pointer slot walked and recorded) while the collector marks.
func addEvent(ev *[]adjudicator.Event, to []adjudicator.Role, text string) {
	if n := len(*ev); n < cap(*ev) {
		*ev = (*ev)[:n+1]
		e := &(*ev)[n]
		e.To, e.Text = to, text
		return
	}
	*ev = append(*ev, adjudicator.Event{To: to, Text: text})
}

func roleOf(r adjudicator.Role) (int, bool) {
	switch r {
	case RoleEngland:
		return England, true
	case RoleScotland:
		return Scotland, true
	}
	return 0, false
}

// Owes reports whether side owes a decision now.
func (s *St) owes(side int) bool {
	if s.Fin {
		return false
	}
	switch s.Phase {
	case PhCard:
		return s.Play[side] < 0
	case PhEvent:
		return s.eventSide() == side
	case PhMove1:
		return int(s.P1) == side
	case PhMove2:
		return int(s.P1) != side
	case PhBattle:
		if s.Choose {
			return int(s.P1) == side
		}
		return s.Bat != nil && s.Bat.Pending != nil && roleSide(s.Bat.Pending.Side) == side
	case PhRaid:
		return side == England
	case PhWHomes:
		return s.WOwe[side]
	case PhWEng:
		return side == England
	case PhWScot:
		return side == Scotland
	}
	return false
}

func (s *St) eventSide() int {
	if s.EvOwe[England] {
		return England
	}
	if s.EvOwe[Scotland] {
		return Scotland
	}
	return -1
}

// Apply implements adjudicator.State.
func (s *St) Apply(sub adjudicator.Submission, d adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	side, ok := roleOf(sub.Role)
	if !ok {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, fmt.Sprintf("%q is not a role in this game (england, scotland)", sub.Role))
	}
	if !s.owes(side) {
		why := "you owe no orders now"
		if s.Fin {
			why = "the game is over"
		}
		return nil, nil, s.explain(adjudicator.Reject(adjudicator.Line{}, why+" ("+s.label()+")"))
	}
	// "#" starts a comment (docs/orders.md). The platform strips comments,
	// but a template pasted back verbatim may still hold one; blank lines
	// are not orders.
	clean := true
	for _, l := range sub.Lines {
		if t := l.Text; t == "" || strings.IndexByte(t, '#') >= 0 || t[0] == ' ' || t[len(t)-1] == ' ' {
			clean = false
			break
		}
	}
	if !clean {
		lines := make([]adjudicator.Line, 0, len(sub.Lines))
		for _, l := range sub.Lines {
			t := strings.TrimSpace(l.Text)
			if k := strings.IndexByte(t, '#'); k >= 0 {
				t = strings.TrimSpace(t[:k])
			}
			if t == "" {
				continue
			}
			l.Text = t
			lines = append(lines, l)
		}
		sub.Lines = lines
	}
	n, res, ev, canon, tb := newApplyMem(s, s.Phase, side)
	n.seen = 0
	if n.Bat != nil {
		n.Bat = cloneBattle(n.Bat)
	}
	n.tb, n.occSure = tb, false
	defer func() { n.tb, n.occSure = nil, false }()
	a := &applier{s: n, side: side, d: d, canon: canon, ev: ev}
	switch n.Phase {
	case PhCard:
		a.card(sub.Lines)
	case PhEvent:
		a.event(sub.Lines)
	case PhMove1, PhMove2:
		a.moves(sub.Lines)
	case PhBattle:
		a.battle(sub.Lines)
	case PhRaid:
		a.raid(sub.Lines)
	case PhWHomes:
		a.homes(sub.Lines)
	case PhWEng:
		a.winterEngland(sub.Lines)
	case PhWScot:
		a.winterScotland(sub.Lines)
	}
	if len(a.probs) > 0 {
		return nil, nil, s.explain(&adjudicator.Rejection{Problems: a.probs})
	}
	res.Canonical, res.Events = a.canon, a.ev // res is new: no other field to clear
	return n, res, nil
}

// standing handles the orders a player may add to any submission:
// standing battle orders, Player 1's battle order and the border-raid
// preference. It reports whether the line was one of them.
func (a *applier) standing(l adjudicator.Line, verb, rest string) bool {
	s := a.s
	switch verb {
	case "battle", "hits", "regroup":
		head, tail, ok := splitColon(rest)
		if !ok {
			if verb == "battle" {
				a.bad(l, "write battle <area or all>: <orders>, e.g. battle Fife: retreat to Lennox when down to 1 blocks")
				return true
			}
			return false
		}
		area := NA
		if !strings.EqualFold(trimSpace(head), "all") {
			ar, err := matchArea(head)
			if err != nil {
				a.bad(l, errText(err))
				return true
			}
			area = ar
		}
		clause := tail
		switch verb {
		case "hits":
			clause = "hits " + tail
		case "regroup":
			parts := splitArrow(tail)
			if len(parts) == 2 {
				clause = "regroup " + parts[0] + " to " + parts[1]
			} else {
				clause = "regroup " + tail
			}
		}
		check := strings.ReplaceAll(clause, "regroup all ", "regroup "+blocks[anyBlock(a.side)].ID+" ")
		if _, ok := parseStandingCached(a.side, check); !ok {
			_, err := columbia.ParseStanding(check, sideBlockNames[a.side], areaNames)
			a.bad(l, "battle orders: "+err.Error())
			return true
		}
		bit := uint32(1) << uint(area)
		old := s.stand(a.side, area)
		if a.touched[a.side]&bit == 0 {
			old = ""
			a.touched[a.side] |= bit
		}
		if old != "" {
			clause = old + "; " + clause
		}
		s.setStand(a.side, area, clause)
		a.canon = append(a.canon, s.txt().S(verb).S(" ").S(head).S(": ").S(tail).Take())
		return true
	case "battles":
		if strings.EqualFold(trimSpace(rest), "ask") {
			s.ord().AskNext[a.side] = true
			a.canon = append(a.canon, "battles ask")
			return true
		}
		var list [NA]int8
		for i := range list {
			list[i] = -1
		}
		for i, it := range orders.SplitList(rest) {
			ar, err := matchArea(it)
			if err != nil {
				a.bad(l, errText(err))
				return true
			}
			if i < NA {
				list[i] = int8(ar)
			}
		}
		o := s.ord()
		o.Battles[a.side] = list
		o.AskNext[a.side] = false
		a.canon = append(a.canon, "battles "+rest)
		return true
	case "raid":
		if a.side != England || s.Phase == PhRaid {
			return false
		}
		b, err := matchBlock(England, rest)
		if err != nil {
			a.bad(l, errText(err))
			return true
		}
		if blocks[b].Type == TNoble {
			a.bad(l, "border raids never take a noble (5.9)")
			return true
		}
		s.ord().Raid = int8(b)
		a.canon = append(a.canon, "raid "+blocks[b].Label)
		return true
	}
	return false
}

// ---- card phase (3.0-3.1) ----

func cardName(c int8) string {
	if c < 0 {
		return "-"
	}
	return cards[c].Name
}

// findCard matches a card named by a player in side's hand.
func (s *St) findCard(side int, text string) (int8, int) {
	for i, c := range s.Hand[side] {
		if c >= 0 && (text == cards[c].Name || text == cardNorm[c][0]) {
			return c, i // the name as written in the hand (random play, templates)
		}
	}
	t := orders.Norm(text)
	t = strings.TrimPrefix(t, "card ")
	if v, err := strconv.Atoi(strings.TrimPrefix(t, "move ")); err == nil {
		for i, c := range s.Hand[side] {
			if c >= 0 && cards[c].Event == EvNone && cards[c].Value == v {
				return c, i
			}
		}
		return -1, -1
	}
	for i, c := range s.Hand[side] {
		if c < 0 {
			continue
		}
		n := cardNorm[c][0]
		if n == t || (len(t) >= 2 && strings.HasPrefix(n, t)) || cardNorm[c][1] == t {
			return c, i
		}
	}
	return -1, -1
}

func (s *St) handChoices(side int) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range s.Hand[side] {
		if c >= 0 && !seen[cards[c].Name] {
			seen[cards[c].Name] = true
			out = append(out, "card "+cards[c].Name)
		}
	}
	return out
}

func (a *applier) card(lines []adjudicator.Line) {
	s := a.s
	got := false
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if a.standing(l, verb, rest) {
			continue
		}
		if verb != "card" && verb != "play" {
			a.bad(l, "now play a card: card <name or value>", s.handChoices(a.side)...)
			continue
		}
		if got {
			a.bad(l, "play only one card")
			continue
		}
		c, i := s.findCard(a.side, rest)
		if c < 0 {
			a.bad(l, fmt.Sprintf("you have no card %q", rest), s.handChoices(a.side)...)
			continue
		}
		got = true
		s.Hand[a.side][i] = -1
		sortHand(&s.Hand[a.side])
		s.Play[a.side] = c
		a.canon = append(a.canon, s.txt().S("card ").S(cards[c].Name).Take())
	}
	if !got && len(a.probs) == 0 {
		a.bad(adjudicator.Line{}, "no card played: add a line card <name or value>", s.handChoices(a.side)...)
	}
	if len(a.probs) > 0 {
		return
	}
	a.tell(a.side, s.txt().S("You play ").S(cardName(s.Play[a.side])).S(".").Take())
	s.continueFlow(a.d, &a.ev)
}

// reveal shows both cards and sets the order of play (3.1, 3.12, 4.1).
func (s *St) reveal(ev *[]adjudicator.Event) {
	ce, cs := s.Play[England], s.Play[Scotland]
	evE, evS := cards[ce].Event != EvNone, cards[cs].Event != EvNone
	t := s.txt().S("Cards: England plays ").S(cards[ce].Name).S(", Scotland plays ").S(cards[cs].Name).S(".")
	switch {
	case evE && evS:
		s.P1 = England
		s.EvOwe = [2]bool{true, true}
		s.YearEnd = true
		s.Phase = PhEvent
		t.S(" Both played events: England resolves first, then Scotland, and the year ends.")
	case evE || evS:
		s.P1 = England
		if evS {
			s.P1 = Scotland
		}
		s.EvOwe[s.P1] = true
		s.Phase = PhEvent
		t.S(" ").S(sideName(int(s.P1))).S(" is Player 1 and resolves the event; ").S(sideName(1 - int(s.P1))).S(" then moves.")
	default:
		s.P1 = England
		if cards[cs].Value > cards[ce].Value {
			s.P1 = Scotland
		}
		s.Phase = PhMove1
		t.S(" ").S(sideName(int(s.P1))).S(" is Player 1.")
	}
	addEvent(ev, nil, t.Take())
}

// continueFlow runs every step that needs no decision, until one is
// owed or the game ends.
func (s *St) continueFlow(d adjudicator.Dice, ev *[]adjudicator.Event) {
	for !s.Fin {
		switch s.Phase {
		case PhCard:
			if s.Play[0] < 0 || s.Play[1] < 0 {
				return
			}
			s.reveal(ev)
		case PhEvent:
			side := s.eventSide()
			if side < 0 {
				if s.YearEnd {
					s.Phase = phEndTurn
				} else {
					s.Phase = PhMove2
				}
				continue
			}
			if cards[s.Play[side]].Event == EvTruce && !s.canCrownAny(side) {
				s.Truce = int8(side)
				s.EvOwe[side] = false
				addEvent(ev, nil, sideName(side)+" declares a Truce: "+sideName(1-side)+" may move but not attack this turn.")
				continue
			}
			return
		case PhMove1, PhMove2:
			mover := int(s.P1)
			if s.Phase == PhMove2 {
				mover = 1 - mover
			}
			if s.movable(mover) {
				return
			}
			addEvent(ev, nil, sideName(mover)+" has no blocks that can move.")
			if s.Phase == PhMove1 {
				s.Phase = PhMove2
			} else {
				s.Phase = PhBattle
				s.After = phEndTurn
			}
		case PhBattle:
			s.runBattles(d, ev)
			if s.Bat != nil || s.Choose || s.Fin {
				return
			}
			s.Phase = s.After
		case phEndTurn:
			s.endTurn(d, ev)
		case PhRaid:
			return
		case phWinter:
			s.startWinter(ev)
		case PhWHomes:
			if s.WOwe[0] || s.WOwe[1] {
				return
			}
			s.doHomes(ev)
			s.KingBar = 0
			o := s.occupancy()
			for a := 0; a < NA; a++ {
				if o[a]&(1<<England) != 0 {
					s.KingBar |= 1 << uint(a)
				}
			}
			s.Phase = PhWEng
		case PhWEng, PhWScot:
			return
		default:
			return
		}
	}
}

// movable reports whether side has a block on the map that has not moved.
func (s *St) movable(side int) bool {
	for b := 0; b < NB; b++ {
		if blockSide[b] == side && s.onMap(b) && s.Fl[b]&fMoved == 0 {
			return true
		}
	}
	return false
}

// ---- movement (4.0-4.7) ----

func (s *St) mover() int {
	if s.Phase == PhMove1 {
		return int(s.P1)
	}
	return 1 - int(s.P1)
}

func (a *applier) moves(lines []adjudicator.Line) {
	s := a.s
	budget := cards[s.Play[a.side]].Value
	mc := makeMoveCtx(s, a.side, budget)
	m := &mc
	type mainOrd struct {
		l            adjudicator.Line
		area, origin int
	}
	var mains []mainOrd
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if a.standing(l, verb, rest) {
			continue
		}
		switch verb {
		case "pass", "done", "nothing":
			a.canon = append(a.canon, "pass")
		case "move", "m":
			a.moveLine(m, l, rest)
		case "main":
			var pb [4]string
			parts := splitWordInto(rest, "from", pb[:0])
			if len(parts) != 2 {
				a.bad(l, "write main <battle area> from <area the group came from>")
				continue
			}
			ar, err1 := matchArea(parts[0])
			or, err2 := matchArea(parts[1])
			if err1 != nil || err2 != nil {
				a.bad(l, "unknown area in "+rest)
				continue
			}
			mains = append(mains, mainOrd{l, ar, or})
		case "norse":
			a.moveLine(m, l, "norse: "+rest)
		default:
			a.bad(l, "unknown order "+strconv.Quote(verb)+" in the movement phase",
				"move <from> -> <to>: <blocks or all>", "main <area> from <area>", "battle <area>: <orders>", "pass")
		}
	}
	for _, mo := range mains {
		if r := s.setMain(a.side, mo.area, mo.origin); r != "" {
			a.bad(mo.l, r)
		} else {
			a.canon = append(a.canon, "main "+areaName(mo.area)+" from "+areaName(mo.origin))
		}
	}
	if len(a.probs) > 0 {
		return
	}
	a.say(s.txt().S(sideName(a.side)).S(" moves (").Int(m.cost()).S(" of ").Int(budget).S(" movement points used).").Take())
	a.tellMoves(m)
	if s.Phase == PhMove1 {
		s.Phase = PhMove2
	} else {
		s.Phase = PhBattle
		s.After = phEndTurn
	}
	s.continueFlow(a.d, &a.ev)
}

// tellMoves reports the moves: counts per route to the enemy, names to
// the mover.
func (a *applier) tellMoves(m *moveCtx) {
	s := a.s
	type route struct{ from, to, n int8 }
	var rbuf [NB]route
	rs := rbuf[:0]
	// The mover's text is built first, then the enemy's, in the same buffer.
	own := s.txt().S("Your moves: ")
	first := true
	for set := m.used; set != 0; set &= set - 1 {
		b := bits.TrailingZeros64(set)
		f, t := s.Orig[b], s.Loc[b]
		if !first {
			own.S("; ")
		}
		first = false
		own.S(blocks[b].Label).B(' ').S(areas[f].Name).S(" -> ").S(areas[t].Name)
		found := false
		for i := range rs {
			if rs[i].from == f && rs[i].to == t {
				rs[i].n++
				found = true
			}
		}
		if !found {
			rs = append(rs, route{f, t, 1})
		}
	}
	ownText := own.Take()
	if len(rs) == 0 {
		return
	}
	pub := s.txt().S(sideName(a.side)).S(" blocks moved: ")
	for i, r := range rs {
		if i > 0 {
			pub.S("; ")
		}
		pub.Int(int(r.n)).B(' ').S(areas[r.from].Name).S(" -> ").S(areas[r.to].Name)
	}
	addEvent(&a.ev, toRole[1-a.side], pub.Take())
	a.tell(a.side, ownText)
}

// moveLine handles "move <from> -> <to> [-> <to>]: <blocks or all>".
func (a *applier) moveLine(m *moveCtx, l adjudicator.Line, rest string) {
	s := a.s
	head, list, ok := splitColon(rest)
	var pathBuf [4]int
	path := pathBuf[:0]
	var origin int
	if ok && len(head) == 5 && strings.EqualFold(head, "norse") {
		head, list = list, "norse"
	}
	var pbuf [8]string
	parts := splitArrowInto(head, pbuf[:0])
	if !ok || len(parts) < 2 {
		a.bad(l, "write move <from> -> <to>: <blocks or all>")
		return
	}
	for i, p := range parts {
		ar, err := matchArea(p)
		if err != nil {
			a.bad(l, errText(err))
			return
		}
		if i == 0 {
			origin = ar
		} else {
			path = append(path, ar)
		}
	}
	bl, all, err := listBlocks(a.side, list)
	if err != nil {
		a.bad(l, errText(err))
		return
	}
	if all {
		for b := 0; b < NB; b++ {
			if blockSide[b] == a.side && int(s.Loc[b]) == origin && s.Fl[b]&fMoved == 0 && b != bNorse {
				bl = append(bl, b)
			}
		}
		if len(bl) == 0 {
			a.bad(l, "you have no block left to move in "+areaName(origin))
			return
		}
	}
	for _, b := range bl {
		if int(s.Loc[b]) != origin || !s.onMap(b) {
			a.bad(l, fmt.Sprintf("%s is not in %s", blocks[b].Label, areaName(origin)))
			return
		}
		if s.Fl[b]&fMoved != 0 {
			a.bad(l, blocks[b].Label+" has already moved this turn")
			return
		}
	}
	// pinning (4.6)
	if ml := m.maxLeave(origin); ml >= 0 && int(m.leave[origin])+len(bl) > ml {
		a.bad(l, fmt.Sprintf("the enemy attack on %s pins your blocks there: only %d may leave", areaName(origin), ml-int(m.leave[origin])))
		return
	}
	for _, b := range bl {
		if b == bNorse {
			if len(bl) > 1 || len(path) != 1 {
				a.bad(l, "the Norse moves alone, straight to one coastal area (4.7)")
				return
			}
			if r := m.norseProblem(origin, path[0]); r != "" {
				a.bad(l, r)
				return
			}
			if m.cost()+1 > m.budget {
				a.bad(l, fmt.Sprintf("not enough movement points: your card gives %d", m.budget))
				return
			}
			m.moveBlock(b, origin, path)
			a.canon = append(a.canon, s.txt().S("move ").S(areaName(origin)).S(" -> ").S(areaName(path[0])).S(": Norse").Take())
			return
		}
		p := path
		var viaBuf [3]int
		if len(path) == 1 && adj[origin][path[0]] < 0 {
			p = m.pathInto(b, path[0], &viaBuf)
			if p == nil {
				legal := m.reach(b, nil)
				a.bad(l, fmt.Sprintf("%s cannot reach %s from %s this turn", blocks[b].Label, areaName(path[0]), areaName(origin)), areaList(legal))
				return
			}
		}
		if r := m.pathProblem(b, origin, p); r != "" {
			legal := m.reach(b, nil)
			a.bad(l, r, "reachable: "+areaList(legal))
			return
		}
		m.moveBlock(b, origin, p)
		if m.cost() > m.budget {
			a.bad(l, fmt.Sprintf("not enough movement points: your card gives %d (one per group moved; a group sending several blocks across the Anglo-Scottish border needs one per crossing block)", m.budget))
			return
		}
		t := s.txt().S("move ").S(areaName(origin))
		for _, x := range p {
			t.S(" -> ").S(areaName(x))
		}
		a.canon = append(a.canon, t.S(": ").S(blocks[b].Label).Take())
	}
}

// ---- battle decisions ----

// chooseBattle reads Player 1's choice of the next battle (5.1).
func (a *applier) chooseBattle(lines []adjudicator.Line) {
	s := a.s
	legal := s.battleChoices()
	pick := -1
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if strings.Contains(l.Text, ":") && a.standing(l, verb, rest) {
			continue
		}
		if verb == "battles" && a.standing(l, verb, rest) {
			continue
		}
		if verb != "fight" && verb != "battle" {
			a.bad(l, "choose the battle to fight next", legal...)
			continue
		}
		ar, err := matchArea(rest)
		if err != nil {
			a.bad(l, errText(err), legal...)
			continue
		}
		if s.occ(ar) != 3 {
			a.bad(l, "there is no battle to fight in "+areaName(ar), legal...)
			continue
		}
		if pick >= 0 {
			a.bad(l, "choose one battle: you are asked again for the next", legal...)
			continue
		}
		pick = ar
		a.canon = append(a.canon, "fight "+areaName(ar))
	}
	if pick < 0 && len(a.probs) == 0 {
		a.bad(adjudicator.Line{}, "choose the battle to fight next", legal...)
	}
	if len(a.probs) > 0 {
		return
	}
	s.Choose = false
	s.Next = int8(pick + 1)
	s.continueFlow(a.d, &a.ev)
}

// battleChoices lists the battles Player 1 may fight next.
func (s *St) battleChoices() []string {
	var out []string
	for _, a := range s.contested() {
		out = append(out, "fight "+areas[a].Name)
	}
	return out
}

func (a *applier) battle(lines []adjudicator.Line) {
	s := a.s
	if s.Choose {
		a.chooseBattle(lines)
		return
	}
	bt := s.Bat
	p := bt.Pending
	var answer *columbia.Choice
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if strings.Contains(l.Text, ":") && a.standing(l, verb, rest) {
			continue
		}
		if answer != nil {
			a.bad(l, "one answer is enough: the battle asks again when it needs you")
			continue
		}
		c, err := p.ParseChoice(englishVerb(l.Text), nameOf)
		if err != nil {
			a.bad(l, errText(err), p.Strings(nameOf)...)
			continue
		}
		answer = &c
		h, r := c.Parts(nameOf)
		a.canon = append(a.canon, s.txt().S(h).S(r).Take())
	}
	area := areaByID[bt.Area]
	// A firing order alone may answer: it gives the turn to another block
	// of the same letter (H-5.31b, AMB-18).
	reorder := answer == nil && len(a.probs) == 0 && bt.TurnMoves(s.decider(area, new(standDecider)))
	if answer == nil && len(a.probs) == 0 && !reorder {
		a.bad(adjudicator.Line{}, "the battle waits for your answer", p.Strings(nameOf)...)
	}
	if len(a.probs) > 0 {
		return
	}
	from := int(s.BatLog)
	var np *columbia.Pending
	var err error
	h := getHooks(s, area)
	bt.TellAsEvents(battleHead[area], s.txt())
	if reorder {
		np, err = bt.Run(h, s.decider(area, &h.dec), a.d)
	} else {
		np, err = bt.Resume(*answer, h, s.decider(area, &h.dec), a.d)
	}
	hooksPool.Put(h)
	if err != nil {
		a.bad(adjudicator.Line{}, err.Error(), p.Strings(nameOf)...)
		return
	}
	s.Bat = nil
	s.afterRun(bt, np, from, &a.ev)
	if s.Bat != bt {
		// Over: bt is this Apply's clone, which nothing else holds, and
		// the next battle may be fought in its memory.
		battlePool.Put(bt)
	}
	s.continueFlow(a.d, &a.ev)
}

// ---- end of the game turn: border raids (5.9), sudden death (9.1) ----

func (s *St) raidCandidates() []int {
	if s.count(AreaEngland, Scotland) == 0 {
		return nil // no Scots in England
	}
	var out []int
	for b := 0; b < NB; b++ {
		if blockSide[b] == England && s.onMap(b) && blocks[b].Type != TNoble {
			out = append(out, b)
		}
	}
	return out
}

func (s *St) endTurn(d adjudicator.Dice, ev *[]adjudicator.Event) {
	c := s.raidCandidates()
	if len(c) > 0 {
		pick := -1
		if len(c) == 1 {
			pick = c[0]
		}
		for _, b := range c {
			if int(s.Ord.Raid) == b {
				pick = b
			}
		}
		if pick < 0 {
			s.Phase = PhRaid
			return
		}
		s.raidLoss(pick, ev)
	}
	s.afterRaid(ev)
}

func (s *St) raidLoss(b int, ev *[]adjudicator.Event) {
	*ev = append(*ev, adjudicator.Event{Text: "Border raid: the Scots in England cost England a block."},
		adjudicator.Event{To: []adjudicator.Role{RoleEngland}, Text: "Border raid: you lose " + blocks[b].Label + " (to the pool)."})
	s.eliminate(b, false, Scotland)
}

func (a *applier) raid(lines []adjudicator.Line) {
	s := a.s
	c := s.raidCandidates()
	legal := make([]string, len(c))
	for i, b := range c {
		legal[i] = "raid " + blocks[b].Label
	}
	pick := -1
	for _, l := range lines {
		verb, rest := verbOf(l.Text)
		if verb != "raid" && verb != "lose" {
			if a.standing(l, verb, rest) {
				continue
			}
			a.bad(l, "name the block England loses to the border raid", legal...)
			continue
		}
		b, err := matchBlock(England, rest)
		if err != nil {
			a.bad(l, errText(err), legal...)
			continue
		}
		ok := false
		for _, x := range c {
			ok = ok || x == b
		}
		if !ok {
			a.bad(l, blocks[b].Label+" cannot be chosen: pick a non-noble block on the map", legal...)
			continue
		}
		pick = b
		a.canon = append(a.canon, "raid "+blocks[b].Label)
	}
	if pick < 0 && len(a.probs) == 0 {
		a.bad(adjudicator.Line{}, "name the block England loses to the border raid", legal...)
	}
	if len(a.probs) > 0 {
		return
	}
	s.raidLoss(pick, &a.ev)
	s.afterRaid(&a.ev)
	s.continueFlow(a.d, &a.ev)
}

func (s *St) suddenDeath() {
	n := s.nobleCount()
	switch {
	case n[Scotland] == 0 && n[England] > 0:
		s.win(England, "England controls every noble in play (sudden death)")
	case n[England] == 0 && n[Scotland] > 0:
		s.win(Scotland, "Scotland controls every noble in play (sudden death)")
	}
}

func (s *St) afterRaid(ev *[]adjudicator.Event) {
	s.suddenDeath()
	if s.Fin {
		return
	}
	s.Epoch++
	yearEnd := s.YearEnd || s.GT >= 5
	s.clearTurn()
	s.YearEnd = false
	if yearEnd {
		s.Phase = phWinter
		return
	}
	s.GT++
	s.Phase = PhCard
}

// anyBlock returns one of side's blocks (for checking order syntax).
func anyBlock(side int) int {
	for b := 0; b < NB; b++ {
		if blockSide[b] == side {
			return b
		}
	}
	return 0
}
