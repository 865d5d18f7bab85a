package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Answers to the decisions of the pending-decision stack: interception,
// avoid battle, withdrawal into fortifications, falling back and the
// retreat of beaten defenders. Each answer pops its decision and resumes
// the move in progress.

func (r *run) decisionAnswer(d Decision, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	m := s.Flow.Move
	legal := s.decisionChoices(d)
	if k := decisionFuncs[d.Kind]; k.answer != nil {
		return k.answer(r, d, lines, legal)
	}
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	o, err := parseOrder(d.Power, l.Text, nil)
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	if o.verb == "pass" {
		o.verb = "decline"
	}
	q := d.Power
	s.Flow.pop()
	var log []string
	switch {
	case d.Kind == DecIntercept && o.verb == "intercept":
		var opt *InterceptOption
		for _, x := range s.InterceptOptions(m) {
			if x.Power == q && x.From == o.from {
				x := x
				opt = &x
			}
		}
		if opt == nil {
			return nil, reject(l, errLegal(legal, "%s may not intercept from %s", powers[q].Name, spaces[o.from].Name))
		}
		ls := o.leaders
		if len(ls) == 0 {
			ls = opt.Leaders
		}
		// The units of q and of the minor powers allied to it (HIS-22.3)
		// intercept together, q's own first.
		// Units that already tried this impulse stay out (HIS-13.2).
		avail := func(r int) Force {
			u := s.Units[o.from][r]
			t := markCount(s.Warfare.Tried, o.from, r)
			for _, x := range []*uint8{&u.Cav, &u.Merc, &u.Reg} {
				d := min(int(*x), t)
				*x -= uint8(d)
				t -= d
			}
			return u
		}
		own := []int{q}
		free := avail(q)
		for r := NMajor; r < Independent; r++ {
			if u := avail(r); s.side(r) == q && !s.besieged(o.from, r) && u.Land() > 0 {
				own = append(own, r)
				free.Reg, free.Merc, free.Cav = free.Reg+u.Reg, free.Merc+u.Merc, free.Cav+u.Cav
			}
		}
		spec := o.units
		if spec.all {
			spec = unitSpec{given: true, count: min(opt.Units, free.Land(), MaxFormation(ls))}
		}
		f, err := spec.resolve(free)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		fm := Formation{At: o.from, Leaders: ls}
		for _, r := range own {
			u := avail(r)
			t := Force{Reg: min(f.Reg, u.Reg), Merc: min(f.Merc, u.Merc), Cav: min(f.Cav, u.Cav)}
			f.Reg, f.Merc, f.Cav = f.Reg-t.Reg, f.Merc-t.Merc, f.Cav-t.Cav
			if t.Land() > 0 {
				fm.Parts = append(fm.Parts, Part{r, t})
			}
		}
		f = Force{}
		for _, pt := range fm.Parts {
			f.Reg, f.Merc, f.Cav = f.Reg+pt.Force.Reg, f.Merc+pt.Force.Merc, f.Cav+pt.Force.Cav
		}
		_, lg, err := s.Intercept(m, q, fm, r.dice)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		log = lg
		o.units, o.leaders = unitSpec{given: true, count: f.Land()}, ls
	case d.Kind == DecIntercept && o.verb == "decline":
		s.Flow.Declined |= 1 << q
		log = []string{fmt.Sprintf("%s does not intercept", powers[q].Name)}
	case d.Kind == DecAvoid && o.verb == "avoid":
		var parts []Part
		for _, x := range s.defenders(m) {
			if s.side(x) == q {
				u := s.Units[m.To][x]
				parts = append(parts, Part{x, Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}})
			}
		}
		_, lg, err := s.AvoidBattle(m, q, o.to, parts, s.armyLeaders(q, m.To), r.dice)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		log = lg
	case d.Kind == DecAvoid && (o.verb == "stand" || o.verb == "decline"):
		_, lg, err := s.AvoidBattle(m, q, -1, nil, nil, r.dice)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		log = lg
		o.verb = "stand"
	case d.Kind == DecWithdraw && o.verb == "withdraw":
		_, lg, err := s.Withdraw(m)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		log = lg
	case d.Kind == DecWithdraw && (o.verb == "stand" || o.verb == "decline"):
		s.Flow.NoWithdraw = true
		log = []string{fmt.Sprintf("%s stands in the field at %s", powers[q].Name, spaces[m.To].Name)}
		o.verb = "stand"
	case d.Kind == DecFallBack && (o.verb == "fallback" || o.verb == "decline"):
		log = s.FallBack(m)
		r.endMove()
		o.verb = "fallback"
	case d.Kind == DecFallBack && o.verb == "moveon":
		f := cloneFormation(m.F)
		f.At = m.To
		nm, err := s.BeginMove(q, f, o.to)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		a := ActMove
		if nm.Pass {
			a = ActMovePass
		}
		if err := r.spend(q, a); err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		s.Flow.Move, s.Flow.Declined, s.Flow.NoWithdraw = nm, 0, false
	default:
		return nil, reject(l, errLegal(legal, "not an answer to this decision (%s)", decisionKinds[d.Kind]))
	}
	r.log(log)
	r.continueMove()
	return []string{o.canonical(q)}, nil
}

// retreatAnswer: the beaten defenders' power says where they retreat and
// whether units withdraw into the fortifications (HIS-14.1a-c).
func (r *run) retreatAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	if len(lines) == 0 || len(lines) > 2 {
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "answer with \"retreat to <space>\", \"withdraw\", or both", Legal: legal}}}
	}
	after := NoChoice()
	withdraw, retreat := false, false
	var canon []string
	for _, l := range lines {
		o, err := parseOrder(d.Power, l.Text, nil)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		switch {
		case o.verb == "withdraw" && !withdraw:
			withdraw = true
		case o.verb == "retreat" && !retreat:
			retreat = true
			after.RetreatTo = o.to
			if !contains(s.RetreatOptions(s.Flow.Battle, false), o.to) {
				return nil, reject(l, errLegal(legal, "the defenders may not retreat to %s", spaces[o.to].Name))
			}
		default:
			return nil, reject(l, errLegal(legal, "answer with \"retreat to <space>\", \"withdraw\", or both"))
		}
		canon = append(canon, o.canonical(d.Power))
	}
	if !withdraw {
		none := []Part{}
		after.Inside = &none
	}
	s.Flow.pop()
	if err := r.applyBattle(after); err != nil {
		return nil, reject(lines[0], errLegal(legal, "%v", err))
	}
	r.continueMove()
	return canon, nil
}

// lossesAnswer: a side of a field battle says which of its units are
// lost (HIS-14i); the battle is fought out once every choice is in.
func (r *run) lossesAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	o, err := parseOrder(d.Power, l.Text, nil)
	if err == nil && o.verb != "lose" {
		err = fmt.Errorf("answer with the units lost, e.g. %q", legal[0])
	}
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	att, parts, n := s.lossesOwed(d.Power)
	if len(parts) == 0 {
		return nil, reject(l, errLegal(legal, "no casualties to choose"))
	}
	f, err := o.units.resolve(parts[0].Force)
	if err == nil && f.Land() != n {
		err = fmt.Errorf("%d units are lost, not %d", n, f.Land())
	}
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	loss := []Part{{parts[0].Power, f}}
	if att {
		s.Flow.AttLoss = loss
	} else {
		s.Flow.DefLoss = loss
	}
	s.Flow.pop()
	if s.Flow.Assault != nil {
		if len(s.Flow.Stack) == 0 {
			r.applyAssault()
		}
	} else {
		r.continueMove()
	}
	return []string{"lose " + unitText(f)}, nil
}

// lossChoices lists the ways a side may take n losses from its units,
// the default order (mercenaries, cavalry, regulars) first.
func lossChoices(f Force, n int) []string {
	def, _ := casualties([]Part{{0, f}}, n, nil, nil)
	first := "lose " + unitText(def[0].Force)
	out := []string{first}
	for r := 0; r <= int(f.Reg) && r <= n; r++ {
		for m := 0; m <= int(f.Merc) && r+m <= n; m++ {
			c := n - r - m
			if c > int(f.Cav) {
				continue
			}
			x := "lose " + unitText(Force{Reg: uint8(r), Merc: uint8(m), Cav: uint8(c)})
			if x != first {
				out = append(out, x)
			}
		}
	}
	return out
}

// decisionChoices lists the legal answers to decision d, most useful
// first; the first is the default.
func (s *St) decisionChoices(d Decision) []string {
	if k := decisionFuncs[d.Kind]; k.choices != nil {
		return k.choices(s, d)
	}
	m := s.Flow.Move
	q := d.Power
	switch d.Kind {
	case DecIntercept:
		out := []string{"decline"}
		for _, o := range s.InterceptOptions(m) {
			if o.Power != q {
				continue
			}
			n := min(o.Units, MaxFormation(o.Leaders))
			for n > 0 {
				// The most units whose split the counters can show.
				f, err := unitSpec{given: true, count: n}.resolve(s.Units[o.From][q])
				if err != nil || s.shiftFits([]Part{{q, f}}, o.From, m.To) {
					break
				}
				n--
			}
			if n == 0 {
				continue
			}
			x := order{verb: "intercept", units: unitSpec{given: true, count: n}, from: o.From, to: -1, leaders: o.Leaders}
			out = append(out, x.canonical(q))
		}
		return out
	case DecAvoid:
		out := []string{"stand"}
		for _, sp := range s.AvoidOptions(m, q) {
			out = append(out, "avoid battle to "+spaces[sp].Name)
		}
		return out
	case DecWithdraw:
		return []string{"stand", "withdraw"}
	case DecFallBack:
		out := []string{"fall back"}
		for _, e := range spaces[m.To].Nbr {
			cost := ActMove
			if e.Pass {
				cost = ActMovePass
			}
			if int(e.To) == m.From || ActionCost(q, cost) > s.Flow.CP {
				continue
			}
			f := cloneFormation(m.F)
			f.At = m.To
			if _, err := s.BeginMove(q, f, int(e.To)); err == nil {
				out = append(out, "move on to "+spaces[e.To].Name)
			}
		}
		return out
	}
	return nil
}

// decisionText explains decision d to its power.
func (s *St) decisionText(d Decision) string {
	if k := decisionFuncs[d.Kind]; k.text != nil {
		return k.text(s, d)
	}
	m := s.Flow.Move
	mover := powers[m.Power].Name
	switch d.Kind {
	case DecIntercept:
		return fmt.Sprintf("%s moves %s from %s to %s. You may try to intercept (HIS-13.2): 2 dice plus the best battle rating, 9 or more.",
			mover, unitsOf(m.Power, m.F), spaces[m.From].Name, spaces[m.To].Name)
	case DecAvoid:
		return fmt.Sprintf("%s enters %s with %s. Your units there may try to avoid battle (HIS-13.3) or stand.",
			mover, spaces[m.To].Name, unitsOf(m.Power, m.F))
	case DecWithdraw:
		return fmt.Sprintf("%s enters %s. Your units there may withdraw into the fortifications (HIS-13.4) or stand and fight.",
			mover, spaces[m.To].Name)
	case DecFallBack:
		return fmt.Sprintf("Your formation does not outnumber the garrison of %s: fall back to %s at no cost or move on (HIS-13.4c); %d CP left.",
			spaces[m.To].Name, spaces[m.From].Name, s.Flow.CP)
	}
	return ""
}

// commitAnswer: the relieving power says which units inside the besieged
// space join the battle (HIS-15.2a): all (with the leaders inside), none,
// or a number of units (regulars first).
func (r *run) commitAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	m := s.Flow.Move
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	v, rest := verbOf(strings.ToLower(l.Text))
	if v != "commit" {
		return nil, reject(l, errLegal(legal, "answer commit all, commit none or commit <number>"))
	}
	in := s.reliefInside(m)
	var spec unitSpec
	switch rest {
	case "none", "0", "nothing":
	case "all":
		spec = unitSpec{given: true, all: true}
	default:
		u, left, err := splitUnits(strings.Fields(rest))
		if err != nil || len(left) > 0 || !u.given {
			return nil, reject(l, errLegal(legal, "answer commit all, commit none or commit <number>"))
		}
		spec = u
	}
	f, err := spec.resolve(in)
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	c := Formation{At: m.To}
	if f.Land() > 0 {
		c.Parts = []Part{{m.Power, f}}
	}
	if spec.all {
		for _, x := range s.armyLeaders(m.Power, m.To) {
			if !contains(m.F.Leaders, x) {
				c.Leaders = append(c.Leaders, x)
			}
		}
	}
	s.Flow.Commit = &c
	s.Flow.pop()
	canon := "commit none"
	if f.Land() > 0 {
		canon = "commit " + unitText(f)
		r.say("%s commits %s from inside %s to the battle.", powers[m.Power].Name, unitsOf(m.Power, c), spaces[m.To].Name)
	}
	r.continueMove()
	return []string{canon}, nil
}

// decisionFunc holds, for a kind of decision with its own reader, its
// legal answers (the default first), its text and the reading of its
// answer; the kinds without one (interception, avoid battle, withdrawal,
// falling back) are answered as orders of a move in decisionAnswer.
type decisionFunc struct {
	choices func(s *St, d Decision) []string
	text    func(s *St, d Decision) string
	answer  func(r *run, d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection)
}

// decisionFuncs is filled in init: the answers lead back to the code
// that asks the decisions.
var decisionFuncs map[int]decisionFunc

func init() {
	naval := decisionFunc{(*St).navalChoices, (*St).navalDecisionText, (*run).navalAnswer}
	decisionFuncs = map[int]decisionFunc{
		DecNavalIntercept: naval,
		DecNavalAvoid:     naval,
		DecRetreat:        {(*St).retreatChoices, (*St).retreatText, (*run).retreatAnswer},
		DecLosses:         {(*St).lossesChoices, (*St).lossesText, (*run).lossesAnswer},
		DecCommit:         {(*St).commitChoices, (*St).commitText, (*run).commitAnswer},
		DecReform: {func(s *St, _ Decision) []string { return s.targetChoices() },
			func(s *St, _ Decision) string { return s.targetText() }, (*run).targetAnswer},
		DecChoice: {(*St).choiceChoices, (*St).choiceText, (*run).choiceAnswer},
		DecPiracy: {func(s *St, _ Decision) []string { return s.piracyChoices() },
			func(s *St, _ Decision) string { return s.piracyText() }, (*run).piracyAnswer},
		DecForeign: {func(s *St, _ Decision) []string { return s.foreignChoices() },
			func(s *St, _ Decision) string { return s.foreignText() }, (*run).foreignAnswer},
		DecCombat:  {(*St).combatChoices, (*St).combatText, (*run).combatAnswer},
		DecRespond: {(*St).respondChoices, (*St).respondText, (*run).respondAnswer},
	}
}

// commitChoices: the units inside a relieved space that may join the
// battle (HIS-15.2a).
func (s *St) commitChoices(d Decision) []string {
	in := s.reliefInside(s.Flow.Move)
	out := []string{"commit none", "commit all"}
	for n := 1; n < in.Land(); n++ {
		out = append(out, fmt.Sprintf("commit %d", n))
	}
	return out
}

func (s *St) commitText(d Decision) string {
	m := s.Flow.Move
	return fmt.Sprintf("Your move relieves %s: the %s inside may join the battle (HIS-15.2a): commit all, none or a number; leaders inside join with all.",
		spaces[m.To].Name, unitText(s.reliefInside(m)))
}

// lossesChoices: the casualties of a field battle or an assault (HIS-14i,
// HIS-15.1m).
func (s *St) lossesChoices(d Decision) []string {
	_, parts, n := s.lossesOwed(d.Power)
	if len(parts) == 0 {
		return []string{"lose"}
	}
	return lossChoices(parts[0].Force, n)
}

func (s *St) lossesText(d Decision) string {
	_, _, n := s.lossesOwed(d.Power)
	what := fmt.Sprintf("the %d units", n)
	if n == 1 {
		what = "the unit"
	}
	if a := s.Flow.Assault; a != nil {
		return fmt.Sprintf("Assault on %s: %s. Choose %s you lose (HIS-15.1m).", spaces[a.Space].Name,
			s.Flow.Roll.text(powers[a.Power].Name, "the garrison"), what)
	}
	return fmt.Sprintf("Battle of %s: %s. Choose %s you lose (HIS-14i).", spaces[s.Flow.Battle.Space].Name,
		s.Flow.Roll.text(powers[s.Flow.Battle.Attacker].Name, "the defender"), what)
}

// retreatChoices: where beaten defenders retreat, or withdraw (HIS-14.1).
func (s *St) retreatChoices(d Decision) []string {
	q := d.Power
	b := s.Flow.Battle
	var out []string
	opts := s.RetreatOptions(b, false)
	c := s.Controller(b.Space)
	if s.fortified(b.Space) && (c == q || s.Allied(c, q)) {
		out = append(out, "withdraw")
	}
	for _, sp := range opts {
		out = append(out, "retreat to "+spaces[sp].Name)
	}
	if len(out) == 0 {
		out = []string{"withdraw"}
	}
	return out
}

func (s *St) retreatText(d Decision) string {
	return fmt.Sprintf("Your defenders lost the battle of %s: choose where they retreat and whether up to 4 withdraw into the fortifications (HIS-14.1); both lines may be given.",
		spaces[s.Flow.Battle.Space].Name)
}
