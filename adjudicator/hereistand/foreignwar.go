package hereistand

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Foreign wars (HIS-21.7): Revolt in Egypt and War in Persia send
// Ottoman land units off the map, Revolt in Ireland English ones. The
// affected power chooses the units (a decision of its own when it has a
// choice), fights the foreign defenders with the Fight Foreign War action
// (1 CP, once a war and impulse), sends its new land units to the card
// while it is short, draws a card fewer while the war lasts, and wins 1 VP
// when the defenders are all eliminated; its units then come home.
//
//	send 3 from istanbul with ibrahim pasha; 2 cavalry from edirne
//	fight foreign war egypt

// foreignCard is the data of one foreign war card (the card's text as
// the card data sums it up).
type foreignCard struct {
	Card, Power, Units, Foes int
	Name, Foe                string // the war's short name, the defenders' name
	// Helpers are the powers that, playing the card, may add one land
	// unit of theirs to the defenders (bit p).
	Helpers uint8
}

var foreignCards = []foreignCard{
	{Card: 92, Power: Ottoman, Units: 3, Foes: 3, Name: "Egypt", Foe: "Egyptian"},
	{Card: 93, Power: England, Units: 4, Foes: 3, Name: "Ireland", Foe: "Irish", Helpers: 1<<France | 1<<Hapsburg},
	{Card: 110, Power: Ottoman, Units: 5, Foes: 4, Name: "Persia", Foe: "Persian"},
}

// LeaderForeign: an army leader on a foreign war card (ForeignWar.Leaders
// says which).
const LeaderForeign = -5

// ForeignWar is a foreign war card in play.
type ForeignWar struct {
	Card int
	// Units are the affected power's land units on the card; Leaders its
	// army leaders there; Foes the foreign defenders left.
	Units   Force
	Leaders []int
	Foes    int
	// Chosen is set once the units were sent (HIS-21.7a); Fought once
	// the power fought this war in the impulse.
	Chosen, Fought bool
}

// warLeaders are the army leaders still on the card of war w: a leader
// another rule took off the map (a ruler replaced, say) is no longer
// there.
func (s *St) warLeaders(w *ForeignWar) []int {
	var out []int
	for _, l := range w.Leaders {
		if l >= 0 && l < len(s.Leader) && s.Leader[l] == LeaderForeign {
			out = append(out, l)
		}
	}
	return out
}

func cloneForeign(ws []ForeignWar) []ForeignWar {
	if ws == nil {
		return nil
	}
	out := make([]ForeignWar, len(ws))
	for i, w := range ws {
		w.Leaders = append([]int(nil), w.Leaders...)
		out[i] = w
	}
	return out
}

func foreignInfo(card int) *foreignCard {
	for i := range foreignCards {
		if foreignCards[i].Card == card {
			return &foreignCards[i]
		}
	}
	return nil
}

func init() {
	for _, fc := range foreignCards {
		fc := fc
		registerEvent(fc.Card, cardEvent{
			can:      func(s *St, p int) error { return s.canForeignWar(p, fc.Card) },
			play:     func(r *run, p int, args string) error { return r.startForeignWar(p, fc.Card, args) },
			examples: func(s *St, p int) []string { return s.foreignExamples(p, fc.Card) },
		})
	}
}

// canForeignWar: any power but the affected one plays the card (ruling).
func (s *St) canForeignWar(p, card int) error {
	if fc := foreignInfo(card); p == fc.Power {
		return fmt.Errorf("%s is played against %s, not by it (HIS-21.7a)", cardName(card), powers[p].Name)
	}
	return nil
}

// foreignWar is the war of the card, or nil.
func (s *St) foreignWar(card int) *ForeignWar {
	for i := range s.Foreign {
		if s.Foreign[i].Card == card {
			return &s.Foreign[i]
		}
	}
	return nil
}

// sendable is what power p may send to a foreign war from sp: its land
// units there, unless besieged (HIS-21.7a).
func (s *St) sendable(p, sp int) Force {
	u := s.Units[sp][p]
	if isSea(sp) || s.besieged(sp, p) {
		return Force{}
	}
	return Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
}

// sendTotal is how many land units power p may send in all.
func (s *St) sendTotal(p int) int {
	n := 0
	s.occ[p].each(func(loc int) { n += s.sendable(p, loc).Land() })
	return n
}

// startForeignWar puts the card beside the map and has the affected
// power send its units (HIS-21.7a-b).
func (r *run) startForeignWar(p, card int, args string) error {
	s := r.s
	fc := foreignInfo(card)
	help, err := s.foreignHelp(p, card, args)
	if err != nil {
		return errLegal(s.foreignExamples(p, card), "%v", err)
	}
	s.Discard = removeCard(s.Discard, card) // the card stays beside the map
	foes := fc.Foes
	if help.Land() > 0 {
		_ = s.removeUnits(help.At, p, help.F)
		foes++
		r.say("%s adds %s from %s to the %s units (%s).", powers[p].Name, unitText(help.F), spaces[help.At].Name, fc.Foe, cardName(card))
		r.log(s.recheckSiege(help.At))
	}
	s.Foreign = append(s.Foreign, ForeignWar{Card: card, Foes: foes})
	r.say("%s: %s must send %d land units against %d %s units (HIS-21.7a).", cardName(card), powers[fc.Power].Name, fc.Units, foes, fc.Foe)
	r.foreignSend(card)
	return nil
}

// helpUnit is the land unit a power adds to the defenders.
type helpUnit struct {
	At int
	F  Force
}

func (h helpUnit) Land() int { return h.F.Land() }

// foreignHelp reads the choice of a power that may add one land unit of
// its own to the defenders ("add 1 regular from paris"); "" adds none.
func (s *St) foreignHelp(p, card int, args string) (helpUnit, error) {
	fc := foreignInfo(card)
	if args == "" {
		return helpUnit{}, nil
	}
	if fc.Helpers&(1<<p) == 0 {
		return helpUnit{}, fmt.Errorf("%s takes no choices", cardName(card))
	}
	v, rest := verbOf(args)
	if v != "add" {
		return helpUnit{}, fmt.Errorf("write \"add 1 regular from <space>\" or nothing")
	}
	o, err := parseFormationOrder(p, strings.Fields(rest), false, false)
	if err != nil {
		return helpUnit{}, err
	}
	spec := o.units
	if !spec.given {
		spec = unitSpec{given: true, count: 1}
	}
	f, err := spec.resolve(s.sendable(p, o.from))
	if err == nil && f.Land() != 1 {
		err = fmt.Errorf("one land unit is added, not %d", f.Land())
	}
	if err != nil {
		return helpUnit{}, fmt.Errorf("%s in %s: %v", powers[p].Name, spaces[o.from].Name, err)
	}
	return helpUnit{o.from, f}, nil
}

// foreignExamples are the event's choices for the prompts: none, and for
// a power that may add a unit to the defenders, one from its first stack.
func (s *St) foreignExamples(p, card int) []string {
	out := []string{""}
	if foreignInfo(card).Helpers&(1<<p) == 0 {
		return out
	}
	done := false
	s.occ[p].each(func(loc int) {
		if !done && s.sendable(p, loc).Land() > 0 {
			f, _ := unitSpec{given: true, count: 1}.resolve(s.sendable(p, loc))
			out = append(out, "add "+unitText(f)+" from "+strings.ToLower(spaces[loc].Name))
			done = true
		}
	})
	return out
}

func removeCard(list []uint8, n int) []uint8 {
	out := list[:0:0]
	for _, c := range list {
		if int(c) != n {
			out = append(out, c)
		}
	}
	return out
}

// foreignSend sends the units at once when the power has no choice,
// otherwise asks it.
func (r *run) foreignSend(card int) {
	s := r.s
	fc := foreignInfo(card)
	p := fc.Power
	total := s.sendTotal(p)
	choice := total > fc.Units
	s.occ[p].each(func(loc int) {
		if s.sendable(p, loc).Land() > 0 && len(s.armyLeaders(p, loc)) > 0 {
			choice = true
		}
	})
	if choice {
		s.Flow.push(DecForeign, p)
		return
	}
	var items []string
	s.occ[p].each(func(loc int) {
		if f := s.sendable(p, loc); f.Land() > 0 {
			items = append(items, fmt.Sprintf("%d from %s", f.Land(), spaces[loc].Name))
		}
	})
	if err := r.foreignItems(card, items); err != nil {
		r.say("%s cannot send units: %v.", powers[p].Name, err)
	}
}

// pendingForeign is the war whose units are being chosen.
func (s *St) pendingForeign() *ForeignWar {
	for i := range s.Foreign {
		if !s.Foreign[i].Chosen {
			return &s.Foreign[i]
		}
	}
	return nil
}

// foreignItems sends the units named by items ("3 regulars from
// istanbul with ibrahim pasha"), which must come to the number the card
// asks for, or all the power may send when it has fewer.
func (r *run) foreignItems(card int, items []string) error {
	s := r.s
	fc := foreignInfo(card)
	p := fc.Power
	w := s.foreignWar(card)
	want := min(fc.Units, s.sendTotal(p))
	type lift struct {
		from int
		f    Force
		ls   []int
	}
	var lifts []lift
	taken := map[int]Force{}
	n := 0
	for _, it := range items {
		o, err := parseFormationOrder(p, strings.Fields(strings.ToLower(it)), false, true)
		if err != nil {
			return err
		}
		if o.to >= 0 {
			return fmt.Errorf("units go to the card: write \"<units> from <space>\"")
		}
		free := s.sendable(p, o.from)
		t := taken[o.from]
		free.Reg, free.Merc, free.Cav = free.Reg-t.Reg, free.Merc-t.Merc, free.Cav-t.Cav
		f, err := o.units.resolve(free)
		if err != nil {
			return fmt.Errorf("%s in %s: %v", powers[p].Name, spaces[o.from].Name, err)
		}
		if o.units.given && f.Land() == 0 {
			return fmt.Errorf("%s has no land units to send from %s", powers[p].Name, spaces[o.from].Name)
		}
		for _, l := range o.leaders {
			if int(s.Leader[l]) != o.from || leaders[l].Naval {
				return fmt.Errorf("%s is not an army leader in %s", leaders[l].Name, spaces[o.from].Name)
			}
		}
		if f.Land() == 0 && len(o.leaders) > 0 {
			return fmt.Errorf("leaders go with units from their space (HIS-21.7a)")
		}
		t.Reg, t.Merc, t.Cav = t.Reg+f.Reg, t.Merc+f.Merc, t.Cav+f.Cav
		taken[o.from] = t
		n += f.Land()
		lifts = append(lifts, lift{o.from, f, o.leaders})
	}
	if n != want {
		return fmt.Errorf("%s sends %d land units, not %d (HIS-21.7a)", powers[p].Name, want, n)
	}
	var what []string
	for _, l := range lifts {
		_ = s.removeUnits(l.from, p, l.f)
		w.Units.Reg += l.f.Reg
		w.Units.Merc += l.f.Merc
		w.Units.Cav += l.f.Cav
		for _, x := range l.ls {
			if !contains(w.Leaders, x) {
				w.Leaders = append(w.Leaders, x)
				s.Leader[x] = LeaderForeign
			}
		}
		x := unitText(l.f) + " from " + spaces[l.from].Name
		if len(l.ls) > 0 {
			x += " with " + leaderNames(l.ls)
		}
		what = append(what, x)
	}
	w.Chosen = true
	if len(what) == 0 {
		r.say("%s has no land units to send to %s.", powers[p].Name, cardName(card))
		return nil
	}
	r.say("%s sends %s to %s.", powers[p].Name, strings.Join(what, "; "), cardName(card))
	for _, l := range lifts {
		r.log(s.recheckSiege(l.from)) // a besieging stack may have left
	}
	return nil
}

// foreignDefault is the default answer: units from the largest stacks
// first (ties in map order), regulars first, no leaders.
func (s *St) foreignDefault(card int) string {
	fc := foreignInfo(card)
	p := fc.Power
	type stack struct{ sp, n int }
	var st []stack
	s.occ[p].each(func(loc int) {
		if n := s.sendable(p, loc).Land(); n > 0 {
			st = append(st, stack{loc, n})
		}
	})
	sort.SliceStable(st, func(i, j int) bool { return st[i].n > st[j].n })
	need := fc.Units
	var items []string
	for _, x := range st {
		if need == 0 {
			break
		}
		k := min(need, x.n)
		need -= k
		items = append(items, fmt.Sprintf("%d from %s", k, spaces[x.sp].Name))
	}
	return "send " + strings.Join(items, "; ")
}

// foreignChoices lists full answers to the foreign war decision, the
// default first, then the whole number from one stack (with its army
// leaders, or without), then the smallest stacks first.
func (s *St) foreignChoices() []string {
	w := s.pendingForeign()
	if w == nil {
		return nil
	}
	fc := foreignInfo(w.Card)
	p := fc.Power
	out := []string{s.foreignDefault(w.Card)}
	add := func(x string) {
		if x != "" && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	var small []string
	need := fc.Units
	type stack struct{ sp, n int }
	var st []stack
	s.occ[p].each(func(loc int) {
		f := s.sendable(p, loc)
		if f.Land() == 0 {
			return
		}
		st = append(st, stack{loc, f.Land()})
		if f.Land() >= fc.Units {
			x := fmt.Sprintf("send %d from %s", fc.Units, spaces[loc].Name)
			if ls := s.armyLeaders(p, loc); len(ls) > 0 {
				add(x + " with " + leaderNames(ls))
			}
			add(x)
		}
	})
	sort.SliceStable(st, func(i, j int) bool { return st[i].n < st[j].n })
	for _, x := range st {
		if need == 0 {
			break
		}
		k := min(need, x.n)
		need -= k
		small = append(small, fmt.Sprintf("%d from %s", k, spaces[x.sp].Name))
	}
	if len(small) > 0 {
		add("send " + strings.Join(small, "; "))
	}
	return out
}

func (s *St) foreignText() string {
	w := s.pendingForeign()
	fc := foreignInfo(w.Card)
	return fmt.Sprintf("%s: choose the %d land units you send to the card, from stacks not under siege, with army leaders of their stacks if you wish (HIS-21.7a): \"send <units> from <space> [with <leaders>]\", several separated by semicolons.",
		cardName(w.Card), fc.Units)
}

// foreignAnswer: the affected power names the units it sends.
func (r *run) foreignAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	w := s.pendingForeign()
	if len(lines) == 0 {
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no answer given", Legal: legal}}}
	}
	var items []string
	for _, l := range lines {
		for _, x := range strings.Split(l.Text, ";") {
			x = strings.TrimSpace(x)
			if v, rest := verbOf(strings.ToLower(x)); v == "send" {
				x = rest
			}
			if x != "" {
				items = append(items, x)
			}
		}
	}
	s.Flow.pop()
	if err := r.foreignItems(w.Card, items); err != nil {
		return nil, reject(lines[0], errLegal(legal, "%v", err))
	}
	var canon []string
	for _, x := range items {
		canon = append(canon, strings.ToLower(x))
	}
	return []string{"send " + strings.Join(canon, "; ")}, nil
}

// foreignShort is the war card of power p whose units are fewer than it
// asks for (new land units go there, HIS-21.7e), or nil.
func (s *St) foreignShort(p int) *ForeignWar {
	for i := range s.Foreign {
		w := &s.Foreign[i]
		if fc := foreignInfo(w.Card); fc.Power == p && w.Chosen && w.Units.Land() < fc.Units {
			return w
		}
	}
	return nil
}

// foreignPenalty is the cards power p draws fewer while its foreign wars
// last (the cards' text).
func (s *St) foreignPenalty(p int) int {
	n := 0
	for _, w := range s.Foreign {
		if foreignInfo(w.Card).Power == p {
			n++
		}
	}
	return n
}

// parseForeign reads "fight foreign war [egypt|persia|ireland|<card>]".
func parseForeign(o order, words []string) (order, error) {
	var rest []string
	for _, w := range words {
		switch w {
		case "foreign", "war", "in", "against", "the", "fight":
			continue
		}
		rest = append(rest, w)
	}
	o.n = 0
	if len(rest) == 0 {
		return o, nil
	}
	in := strings.TrimPrefix(strings.Join(rest, " "), "#")
	switch in {
	case "egipto", "egitto":
		in = "egypt"
	case "irlanda":
		in = "ireland"
	}
	for _, fc := range foreignCards {
		if n, err := strconv.Atoi(in); err == nil && n == fc.Card || strings.HasPrefix(strings.ToLower(fc.Name), in) || strings.HasPrefix(strings.ToLower(cards[fc.Card].Name), in) {
			o.n = fc.Card
			return o, nil
		}
	}
	return o, fmt.Errorf("which foreign war? %q is not Egypt, Persia or Ireland", in)
}

func (o order) foreignCanonical() string {
	if fc := foreignInfo(o.n); fc != nil {
		return "fight foreign war " + strings.ToLower(fc.Name)
	}
	return "fight foreign war"
}

// foreignOptions lists the fights power p may take now.
func (s *St) foreignOptions(p int) []string {
	var out []string
	for _, w := range s.Foreign {
		if s.canFight(p, w.Card) == nil {
			out = append(out, "fight foreign war "+strings.ToLower(foreignInfo(w.Card).Name))
		}
	}
	return out
}

// canFight says whether power p may fight the war of card now.
func (s *St) canFight(p, card int) error {
	w := s.foreignWar(card)
	switch {
	case w == nil || foreignInfo(card).Power != p:
		return fmt.Errorf("%s has no foreign war in %s (HIS-11.1d)", powers[p].Name, foreignName(card))
	case !w.Chosen:
		return fmt.Errorf("the units for %s are not yet chosen", cardName(card))
	case w.Units.Land() == 0:
		return fmt.Errorf("%s has no units on %s (HIS-21.7e: new land units go there)", powers[p].Name, cardName(card))
	case w.Fought:
		return fmt.Errorf("%s already fought %s this impulse", powers[p].Name, cardName(card))
	}
	return nil
}

func foreignName(card int) string {
	if fc := foreignInfo(card); fc != nil {
		return fc.Name
	}
	return "that war"
}

// fightForeignWar is the Fight Foreign War action (HIS-21.7c-d): a field
// battle without the defender's extra die and without retreat.
func (r *run) fightForeignWar(p int, o order) error {
	s := r.s
	card := o.n
	if card == 0 {
		for _, w := range s.Foreign {
			if foreignInfo(w.Card).Power == p && card == 0 {
				card = w.Card
			}
		}
		if card == 0 {
			return errLegal(s.actionForms(p), "%s has no foreign war in play (HIS-11.1d)", powers[p].Name)
		}
	}
	if err := s.canFight(p, card); err != nil {
		return errLegal(s.foreignOptions(p), "%v", err)
	}
	if err := r.spend(p, ActForeignWar); err != nil {
		return err
	}
	w := s.foreignWar(card)
	fc := foreignInfo(card)
	w.Fought = true
	best := 0
	for _, l := range s.warLeaders(w) {
		best = max(best, leaders[l].Battle)
	}
	ad, dd := w.Units.Land()+best, w.Foes
	ar, ah := rollHits(r.dice, "foreign war "+fc.Name, ad)
	dr, dh := rollHits(r.dice, "foreign war defenders "+fc.Name, dd)
	r.say("Foreign war in %s: %s rolls %s %v: %s; the %s units roll %s %v: %s.", fc.Name, powers[p].Name, nDice(ad), ar, nHits(ah), fc.Foe, nDice(dd), dr, nHits(dh))
	al, dl := min(dh, w.Units.Land()), min(ah, w.Foes)
	if al == w.Units.Land() && dl == w.Foes {
		// Both wiped out: the side with more dice keeps one unit; the
		// defenders on equal dice (ruling).
		if ad > dd {
			al--
		} else {
			dl--
		}
	}
	if al > 0 {
		loss, _ := casualties([]Part{{p, w.Units}}, al, nil, nil)
		w.Units.Reg -= loss[0].Force.Reg
		w.Units.Merc -= loss[0].Force.Merc
		w.Units.Cav -= loss[0].Force.Cav
		r.say("%s loses %s.", powers[p].Name, unitText(loss[0].Force))
	}
	w.Foes -= dl
	if w.Foes > 0 {
		if w.Foes == 1 {
			r.say("1 %s unit is left in %s.", fc.Foe, fc.Name)
		} else {
			r.say("%d %s units are left in %s.", w.Foes, fc.Foe, fc.Name)
		}
		return nil
	}
	r.winForeignWar(card)
	return nil
}

// winForeignWar ends the war won (HIS-21.7d): the units and leaders go
// to the capital, or to another home key the power controls free of
// enemy units when the capital is occupied; the power gains 1 VP and the
// card is discarded.
func (r *run) winForeignWar(card int) {
	s := r.s
	fc := foreignInfo(card)
	p := fc.Power
	w := s.foreignWar(card)
	to := -1
	for _, c := range powers[p].Capitals {
		if to < 0 && s.Controller(c) == p && !s.enemyLandIn(c, p) {
			to = c
		}
	}
	for _, sp := range homeSpaces(p) {
		if to < 0 && spaces[sp].Type == Key && s.Controller(sp) == p && !s.enemyLandIn(sp, p) {
			to = sp
		}
	}
	s.BonusVP[p]++
	r.say("%s wins the foreign war in %s and gains 1 VP (HIS-21.7d).", powers[p].Name, fc.Name)
	units := w.Units
	ls := s.warLeaders(w)
	if to >= 0 {
		if units.Land() > 0 {
			s.addUnits(to, p, units)
		}
		for _, l := range ls {
			s.Leader[l] = int16(to)
		}
		if units.Land() > 0 || len(ls) > 0 {
			r.say("%s units and leaders on %s return to %s.", powers[p].Name, cardName(card), spaces[to].Name)
		}
	} else {
		for _, l := range ls {
			s.Leader[l] = LeaderRemoved
		}
		r.say("%s has no home key to return to: its units on %s are lost.", powers[p].Name, cardName(card))
	}
	var rest []ForeignWar
	for _, x := range s.Foreign {
		if x.Card != card {
			rest = append(rest, x)
		}
	}
	s.Foreign = rest
	s.discard(card)
}

// foreignNewImpulse clears the fights of the impulse.
func (s *St) foreignNewImpulse() {
	for i := range s.Foreign {
		s.Foreign[i].Fought = false
	}
}

// foreignBuild sends a newly built land unit of power p to its foreign
// war while the war is short of units (HIS-21.7e); it returns the war's
// card, or 0 when the unit stays on the map.
func (s *St) foreignBuild(p int, f Force) int {
	w := s.foreignShort(p)
	if w == nil || f.Land() == 0 {
		return 0
	}
	old := w.Units
	w.Units.Reg += f.Reg
	w.Units.Merc += f.Merc
	w.Units.Cav += f.Cav
	if s.checkCounters(p) != nil {
		w.Units = old // the pieces on the card cannot show it: it stays on the map
		return 0
	}
	return w.Card
}

// foreignAmounts are the land unit strengths power p keeps on foreign
// war cards, for the counter mix.
func (s *St) foreignAmounts(p int) []int {
	var out []int
	for _, w := range s.Foreign {
		if foreignInfo(w.Card).Power != p {
			continue
		}
		for _, n := range []uint8{w.Units.Reg, w.Units.Merc, w.Units.Cav} {
			if n > 0 {
				out = append(out, int(n))
			}
		}
	}
	return out
}

// checkForeign verifies the foreign wars.
func (s *St) checkForeign() error {
	onCard := map[int]bool{}
	pending := 0
	for _, w := range s.Foreign {
		fc := foreignInfo(w.Card)
		if fc == nil || w.Foes < 1 || w.Foes > fc.Foes+1 || w.Units.Sq > 0 || w.Units.Cor > 0 || w.Units.Land() > 30 {
			return fmt.Errorf("bad foreign war %+v", w)
		}
		if !w.Chosen {
			pending++
		}
		if containsCard(s.Discard, w.Card) || containsCard(s.Deck, w.Card) || s.Removed.has(w.Card) {
			return fmt.Errorf("%s is in play and elsewhere", cardName(w.Card))
		}
		for p := 0; p < NMajor; p++ {
			if containsCard(s.Hands[p], w.Card) {
				return fmt.Errorf("%s is in play and in a hand", cardName(w.Card))
			}
		}
		for _, l := range s.warLeaders(&w) {
			if leaderPower(s, l) != fc.Power || onCard[l] {
				return fmt.Errorf("bad leader on %s", cardName(w.Card))
			}
			onCard[l] = true
		}
	}
	for l, at := range s.Leader {
		if at == LeaderForeign && !onCard[l] {
			return fmt.Errorf("%s on no foreign war card", leaders[l].Name)
		}
	}
	owed := false
	for _, d := range s.Flow.Stack {
		owed = owed || d.Kind == DecForeign
	}
	if pending > 1 || owed != (pending == 1) {
		return fmt.Errorf("a foreign war's units owed without its decision")
	}
	return nil
}

// foreignWire is the stored form of a foreign war.
type foreignWire struct {
	Card    int      `json:"card"`
	Units   [3]int   `json:"units"` // regulars, mercenaries, cavalry
	Leaders []string `json:"leaders,omitempty"`
	Foes    int      `json:"foes"`
	Chosen  bool     `json:"chosen,omitempty"`
	Fought  bool     `json:"fought,omitempty"`
}

func (s *St) foreignWire() []foreignWire {
	var out []foreignWire
	for _, w := range s.Foreign {
		fw := foreignWire{Card: w.Card, Units: [3]int{int(w.Units.Reg), int(w.Units.Merc), int(w.Units.Cav)}, Foes: w.Foes, Chosen: w.Chosen, Fought: w.Fought}
		for _, l := range s.warLeaders(&w) {
			fw.Leaders = append(fw.Leaders, leaders[l].ID)
		}
		out = append(out, fw)
	}
	return out
}

func (s *St) foreignFromWire(ws []foreignWire) error {
	s.Foreign = nil
	for _, fw := range ws {
		if foreignInfo(fw.Card) == nil {
			return fmt.Errorf("here-i-stand state: bad foreign war card %d", fw.Card)
		}
		w := ForeignWar{Card: fw.Card, Foes: fw.Foes, Chosen: fw.Chosen, Fought: fw.Fought}
		for _, n := range fw.Units {
			if n < 0 || n > 30 {
				return fmt.Errorf("here-i-stand state: bad foreign war units")
			}
		}
		w.Units = Force{Reg: uint8(fw.Units[0]), Merc: uint8(fw.Units[1]), Cav: uint8(fw.Units[2])}
		for _, id := range fw.Leaders {
			l, ok := leaderByID[id]
			if !ok {
				return fmt.Errorf("here-i-stand state: bad leader %s", id)
			}
			w.Leaders = append(w.Leaders, l)
		}
		s.Foreign = append(s.Foreign, w)
	}
	return nil
}

// foreignPatterns read this file's texts back into messages.
func foreignPatterns(p func(key, english string) *msg.Pattern) (prompts, events, whys msg.Patterns) {
	convs["foe"] = convKey(map[string]string{"Egyptian": "his.w.foe_egypt", "Irish": "his.w.foe_ireland", "Persian": "his.w.foe_persia"})
	convs["war"] = convKey(map[string]string{"Egypt": "his.w.war_egypt", "Ireland": "his.w.war_ireland", "Persia": "his.w.war_persia"})
	prompts = msg.Patterns{
		p("his.prompt.foreign_war", `{Card}: choose the {N:int} land units you send to the card, from stacks not under siege, with army leaders of their stacks if you wish (HIS-21.7a): "send <units> from <space> [with <leaders>]", several separated by semicolons.`),
	}
	events = msg.Patterns{
		p("his.ev.foreign_help", "{Power:power} adds {Units:units} from {Space} to the {Foe:foe} units ({Card})."),
		p("his.ev.foreign_war", "{Card}: {Power:power} must send {N:int} land units against {M:int} {Foe:foe} units (HIS-21.7a)."),
		p("his.ev.foreign_sends", "{Power:power} sends {What} to {Card}."),
		p("his.ev.foreign_none", "{Power:power} has no land units to send to {Card}."),
		p("his.ev.foreign_battle", "Foreign war in {War:war}: {Power:power} rolls {N:dice} [{Rolls}]: {H:hits}; the {Foe:foe} units roll {M:dice} [{Rolls2}]: {H2:hits}."),
		p("his.ev.foreign_left", "{N:int} {Foe:foe} units are left in {War:war}."),
		p("his.ev.foreign_left_one", "1 {Foe:foe} unit is left in {War:war}."),
		p("his.ev.foreign_won", "{Power:power} wins the foreign war in {War:war} and gains 1 VP (HIS-21.7d)."),
		p("his.ev.foreign_return", "{Power:power} units and leaders on {Card} return to {Space}."),
		p("his.ev.foreign_lost", "{Power:power} has no home key to return to: its units on {Card} are lost."),
		p("his.ev.foreign_build", "{Power:power} sends its new {Units:units} to {Card} (HIS-21.7e)."),
	}
	whys = msg.Patterns{
		p("his.why.foreign_by", "{Card} is played against {Power:power}, not by it (HIS-21.7a)"),
		p("his.why.foreign_none", "{Power:power} has no foreign war in {War:war} (HIS-11.1d)"),
		p("his.why.foreign_in_play", "{Power:power} has no foreign war in play (HIS-11.1d)"),
		p("his.why.foreign_no_units", "{Power:power} has no units on {Card} (HIS-21.7e: new land units go there)"),
		p("his.why.foreign_fought", "{Power:power} already fought {Card} this impulse"),
		p("his.why.foreign_count", "{Power:power} sends {N:int} land units, not {M:int} (HIS-21.7a)"),
		p("his.why.foreign_which", `which foreign war? "{Input}" is not Egypt, Persia or Ireland`),
	}
	return
}
