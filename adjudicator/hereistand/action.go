package hereistand

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// The Action Phase (HIS-11): the active power plays one card for its CP
// (or a Mandatory Event, which gives 2 CP) or passes, then spends the CP
// one action at a time (HIS-11.1a). Moves call the land war's steps
// (move.go, battle.go) and stop at every decision another power owes;
// the rest of the active power's orders wait in Flow.Queue and run once
// the decision is made.

// errf builds an order error with the legal alternatives.
type orderError struct {
	msg   string
	legal []string
}

func (e *orderError) Error() string { return e.msg }

func errLegal(legal []string, format string, a ...any) error {
	return &orderError{msg: fmt.Sprintf(format, a...), legal: legal}
}

// problem turns an error on line l into a rejection problem.
func problem(l adjudicator.Line, err error) adjudicator.Problem {
	pr := adjudicator.Problem{Line: l, Reason: fmt.Sprintf("%q: %v", l.Text, err)}
	if oe, ok := err.(*orderError); ok {
		pr.Legal = oe.legal
	}
	return pr
}

// nonEmpty drops blank lines.
func nonEmpty(lines []adjudicator.Line) []adjudicator.Line {
	var out []adjudicator.Line
	for _, l := range lines {
		if strings.TrimSpace(l.Text) != "" {
			out = append(out, l)
		}
	}
	return out
}

// parseAll parses every line; it returns the orders or one problem per
// faulty line.
func (s *St) parseAll(p int, lines []adjudicator.Line) ([]order, *adjudicator.Rejection) {
	var out []order
	var rej adjudicator.Rejection
	for _, l := range lines {
		o, err := parseOrder(p, l.Text, s.Hands[p])
		if err != nil {
			rej.Problems = append(rej.Problems, problem(l, err))
			continue
		}
		out = append(out, o)
	}
	if len(rej.Problems) > 0 {
		return nil, &rej
	}
	return out, nil
}

// impulseLines carries out the active power's orders in its impulse.
// When an action stops for another power's decision, the lines after it
// wait in the queue. Lines from the queue (queued) that can no longer be
// carried out are reported to their power and dropped with the rest.
func (r *run) impulseLines(p int, lines []adjudicator.Line, queued bool) ([]string, *adjudicator.Rejection) {
	s := r.s
	lines = nonEmpty(lines)
	if len(lines) == 0 {
		if queued {
			return nil, nil
		}
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no orders: " + s.impulseHint(p)}}}
	}
	os, rej := s.parseAll(p, lines)
	if rej != nil {
		if !queued {
			return nil, rej
		}
		r.tell(p, "Line %d (%q) was not carried out: %s. Your remaining orders were dropped.",
			rej.Problems[0].Line.No, rej.Problems[0].Line.Text, rej.Problems[0].Reason)
		return nil, nil
	}
	var canon []string
	for i, o := range os {
		if d, ok := s.Flow.top(); ok && d.Kind == DecReform && d.Power == p && o.verb == "target" {
			// The targets of the attempts just started.
			c, rej := r.targetAnswer(d, lines[i:i+1], s.decisionChoices(d))
			if rej != nil {
				if !queued {
					return nil, rej
				}
				r.tell(p, "Line %d (%q) was not carried out: %s. Your remaining orders were dropped.",
					lines[i].No, lines[i].Text, rej.Problems[0].Reason)
				break
			}
			canon = append(canon, c...)
			continue
		}
		if s.Flow.Move != nil || s.Flow.Naval != nil || s.Flow.Assault != nil || len(s.Flow.Stack) > 0 {
			s.Flow.Queue = append([]adjudicator.Line(nil), lines[i:]...)
			r.tell(p, "Your orders from line %d wait for the decision of another power.", lines[i].No)
			break
		}
		if (o.verb == "pass" || o.verb == "done") && i < len(os)-1 {
			err := fmt.Errorf("nothing may follow %q: the impulse ends there", o.verb)
			if !queued {
				return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{problem(lines[i+1], err)}}
			}
		}
		var snap *St // a queued line is carried out whole or not at all
		nev := len(r.ev)
		if queued {
			snap = s.clone()
		}
		if err := r.impulseOrder(p, o); err != nil {
			if snap != nil {
				*s, r.ev = *snap, r.ev[:nev]
			}
			if !queued {
				pr := problem(lines[i], err)
				if pr.Legal == nil && s.Flow.Card != 0 && s.Flow.CP > 0 {
					pr.Legal = s.actionForms(p) // what the CP left would pay for
				}
				return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{pr}}
			}
			r.tell(p, "Line %d (%q) was not carried out: %v. Your remaining orders were dropped.", lines[i].No, lines[i].Text, err)
			s.Flow.Queue = nil
			break
		}
		canon = append(canon, o.canonical(p))
		if r.maryStop {
			r.maryStop = false
			if i < len(os)-1 {
				r.tell(p, "The Papacy took your card under Mary I: your orders from line %d are dropped.", lines[i+1].No)
			}
			break
		}
		if o.verb == "pass" || o.verb == "done" {
			break
		}
	}
	return canon, nil
}

// impulseHint says what the active power may do now.
func (s *St) impulseHint(p int) string {
	if s.Flow.Card == 0 {
		return "play a card (\"play 23 for cp\") or pass"
	}
	if s.Flow.CP == 1 {
		return "1 CP left: spend it on actions or write done"
	}
	return fmt.Sprintf("%d CP left: spend them on actions or write done", s.Flow.CP)
}

// impulseOrder carries out one order of the active power.
func (r *run) impulseOrder(p int, o order) error {
	s := r.s
	switch o.verb {
	case "play":
		if s.Flow.Card != 0 {
			return fmt.Errorf("%s was already played this impulse (one card per impulse, HIS-11a)", cardName(s.Flow.Card))
		}
		return r.playCard(p, o)
	case "pass":
		if s.Flow.Card != 0 {
			return fmt.Errorf("a card was played this impulse: write done to end it")
		}
		if ok, why := s.CanPass(p); !ok {
			return errLegal(s.playChoices(p), "%s may not pass: %s (HIS-11f)", powers[p].Name, why)
		}
		s.Passes++
		r.say("%s passes.", powers[p].Name)
		r.henryPasses(p) // HIS-21.3e
		r.endImpulse()
		return nil
	}
	if s.Flow.Card == 0 {
		return errLegal(s.playChoices(p), "play a card first (\"play <card> for cp\") or pass")
	}
	switch o.verb {
	case "done":
		if s.Flow.CP > 0 {
			r.say("%s ends its impulse with %d CP unspent.", powers[p].Name, s.Flow.CP)
		}
		s.Flow.CP = 0
		return nil
	case "move":
		return r.moveAction(p, o)
	case "build":
		return r.buildAction(p, o)
	case "control":
		if err := s.militaryAllowed(p); err != nil {
			return err
		}
		if err := s.CanControl(p, o.to); err != nil {
			return errLegal(s.controlOptions(p), "%v", err)
		}
		if err := r.spend(p, ActControl); err != nil {
			return err
		}
		s.takeControl(p, o.to)
		r.say("%s takes control of %s.", powers[p].Name, spaces[o.to].Name)
		r.shipsLeavePort(o.to)
		return nil
	case "unrest":
		if err := s.CanRemoveUnrest(p, o.to); err != nil {
			return errLegal(s.unrestOptions(p), "%v", err)
		}
		if err := r.spend(p, ActControl); err != nil {
			return err
		}
		s.Unrest.clear(o.to)
		r.say("%s removes the unrest in %s.", powers[p].Name, spaces[o.to].Name)
		return nil
	case "assault":
		return r.assaultAction(p, o)
	case "naval":
		return r.navalAction(p, o)
	case "transport":
		return r.transportAction(p, o)
	case "piracy":
		return r.piracyAction(p, o)
	case "foreign":
		if err := s.militaryAllowed(p); err != nil {
			return err
		}
		return r.fightForeignWar(p, o)
	case "treatise", "translate", "debate", "stpeters", "burnbooks", "jesuit":
		return r.religiousAction(p, o)
	case "colonize", "explore", "conquer":
		return r.newWorldAction(p, o.verb)
	}
	return errLegal(s.actionForms(p), "%q is not an action of the Action Phase", o.verb)
}

// spend pays for action a, or says why it cannot be paid.
func (r *run) spend(p, a int) error {
	c := ActionCost(p, a)
	if c == 0 {
		return fmt.Errorf("%s may not %s (HIS-11.1c)", powers[p].Name, actionNames[a])
	}
	if r.s.Flow.CP < c {
		return fmt.Errorf("%s costs %d CP, with %d CP left", actionNames[a], c, r.s.Flow.CP)
	}
	if err := r.s.recruitsSpend(a); err != nil { // events_politics.go
		return err
	}
	r.s.Flow.CP -= c
	return nil
}

// militaryAllowed: the Protestant builds, moves and fights only once the
// Schmalkaldic League has formed (HIS-11.1d, HIS-21.6b).
func (s *St) militaryAllowed(p int) error {
	if p == Protestant && !s.League {
		return fmt.Errorf("the Protestant takes no military action before the Schmalkaldic League (HIS-11.1d)")
	}
	return nil
}

// playCard plays card o.card of power p: for its CP, or as a Mandatory
// Event, which gives 2 CP (HIS-6.1a, HIS-6.1d, HIS-11b).
func (r *run) playCard(p int, o order) error {
	s := r.s
	n := o.card
	c := &cards[n]
	if took, err := r.maryProcedure(p, o); took || err != nil {
		return err // HIS-21.3j-k
	}
	cp := c.CP
	asEvent := o.forEvent || c.Type == CardMandatory
	if c.Type == CardMandatory {
		if o.forCP {
			return errLegal(s.playChoices(p), "%s is a Mandatory Event: it is played as its event and then gives 2 CP (HIS-6.1d)", cardName(n))
		}
		cp = 2
	} else if o.forEvent {
		if err := s.eventPlayable(p, n); err != nil {
			return errLegal(s.playChoices(p), "%v", err)
		}
		cp = 0
	}
	if asEvent && hasEvent(n) && c.Type == CardMandatory {
		if err := s.eventPlayable(p, n); err != nil {
			return errLegal(s.playChoices(p), "%v", err)
		}
	}
	s.takeFromHand(p, n)
	switch {
	case c.Type == CardHome:
		s.OnCard.set(n) // HIS-6.1c
	case asEvent && c.Remove == RemoveCard:
		s.Removed.set(n) // HIS-6.2g
	default:
		s.discard(n)
	}
	s.Flow.Card, s.Flow.CP = n, cp
	s.Passes = 0
	switch {
	case asEvent && hasEvent(n):
		s.Mand.Played[p].set(n) // HIS-11d
		if c.Type == CardMandatory {
			r.say("%s plays the Mandatory Event %s. It gives 2 CP.", powers[p].Name, cardName(n))
		} else {
			r.say("%s plays %s as an event.", powers[p].Name, cardName(n))
		}
		if wait, err := r.respondEvent(p, n, o.args); wait || err != nil {
			return err // The Wartburg first (respond.go)
		}
		return events[n].play(r, p, o.args)
	case c.Type == CardMandatory:
		r.say("%s plays the Mandatory Event %s; its effects arrive with the card events. It gives 2 CP.", powers[p].Name, cardName(n))
	default:
		r.say("%s plays %s for %d CP.", powers[p].Name, cardName(n), cp)
	}
	return nil
}

// takeFromHand removes card n from power p's hand.
func (s *St) takeFromHand(p, n int) {
	h := s.Hands[p]
	for i, c := range h {
		if int(c) == n {
			s.Hands[p] = append(h[:i:i], h[i+1:]...)
			return
		}
	}
}

// discard puts card n on the discard pile, kept sorted.
func (s *St) discard(n int) {
	i := sort.Search(len(s.Discard), func(i int) bool { return int(s.Discard[i]) >= n })
	s.Discard = append(s.Discard, 0)
	copy(s.Discard[i+1:], s.Discard[i:])
	s.Discard[i] = uint8(n)
}

// endImpulse closes the active power's impulse and hands the next to the
// next power in Impulse Order (HIS-11a).
func (r *run) endImpulse() {
	s := r.s
	s.Flow.Card, s.Flow.CP, s.Flow.Queue = 0, 0, nil
	s.Flow.Beaten = locSet{}
	s.More.Treachery = 0 // an assault Treachery! gave that did not take place
	s.Active = (s.Active + 1) % NMajor
	for i := 1; i < NMajor && r.skipImpulse(); i++ {
		s.Active = (s.Active + 1) % NMajor // Halley's Comet (respond.go)
	}
	s.NewImpulse()
}

// takeControl gives power p political control of space sp (HIS-12.2):
// a home space of p or of a minor power allied to p goes back to its
// home power.
func (s *St) takeControl(p, sp int) {
	h := s.homeOf(sp)
	if h == p || h >= NMajor && h < Independent && s.minorAlly(h) == p {
		s.Ctrl[sp] = uint8(h)
		return
	}
	s.Ctrl[sp] = uint8(p)
}

// shipsLeavePort sends away the ships of every power for which the port
// sp is no longer friendly after its control changed (HIS-12.2d): they
// retreat as the attacker does after a naval combat in a port (HIS-16.2j),
// to the first sea zone of the port (in map order) free of enemy ships,
// or are eliminated when there is none.
func (r *run) shipsLeavePort(sp int) {
	s := r.s
	if !spaces[sp].port() {
		return
	}
	for q := 0; q < Independent; q++ {
		u := s.Units[sp][q]
		if u.Naval() == 0 || s.Friendly(sp, q) {
			continue
		}
		to := -1
		for _, z := range spaces[sp].Seas {
			if !s.enemyNavalIn(seaLoc(z), q) && !atlanticBarred(seaLoc(z), q, -1) {
				to = seaLoc(z)
				break
			}
		}
		if to >= 0 {
			s.shiftNaval(q, sp, to)
			r.say("%s ships leave %s, no longer friendly, for %s.", powerName(q), spaces[sp].Name, locName(to))
			continue
		}
		f := Force{Sq: u.Sq, Cor: u.Cor}
		_ = s.removeUnits(sp, q, f)
		s.Flow.noteNavalLoss(q, f)
		for _, l := range s.navalLeaders(q, sp) {
			s.Leader[l] = LeaderAway
		}
		r.say("%s ships in %s have no sea zone to retreat to and are eliminated.", powerName(q), spaces[sp].Name)
	}
}

// ownFree is power p's land force in sp that may still move this impulse
// (units that lost a battle may not, HIS-13.1e).
func (s *St) ownFree(p, sp int) Force {
	u := s.Units[sp][p]
	f := Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
	lost := markCount(s.Warfare.Lost, sp, p)
	for _, x := range []*uint8{&f.Merc, &f.Cav, &f.Reg} {
		t := min(lost, int(*x))
		*x -= uint8(t)
		lost -= t
	}
	return f
}

// armyLeaders lists power p's army leaders in sp.
func (s *St) armyLeaders(p, sp int) []int {
	var out []int
	for _, l := range s.leadersAt(sp, p) {
		if !leaders[l].Naval {
			out = append(out, l)
		}
	}
	return out
}

// moveAction starts a move (HIS-13.1) and runs it until it ends or
// another power owes a decision.
func (r *run) moveAction(p int, o order) error {
	s := r.s
	if err := s.militaryAllowed(p); err != nil {
		return err
	}
	f, err := o.formation(s, p, s.ownFree(p, o.from))
	if err != nil {
		return err
	}
	m, err := s.BeginMove(p, f, o.to)
	if err == nil {
		err = s.moveFitsCounters(f, o.to)
	}
	if err != nil {
		if len(f.Leaders) == 0 && f.Land() > MaxFormation(nil) && len(s.armyLeaders(p, o.from)) > 0 {
			err = fmt.Errorf("%v; name the leaders who go with them (\"... with %s\")", err, leaders[s.armyLeaders(p, o.from)[0]].Name)
		}
		return errLegal(s.movesFrom(p, o.from, 6), "%v", err)
	}
	a := ActMove
	if m.Pass {
		a = ActMovePass
	}
	if err := s.respondBars(RespMove, &f); err != nil {
		return err
	}
	if err := r.spend(p, a); err != nil {
		return err
	}
	if r.respond(RespMove, p, o.to, ActionCost(p, a), o, f.Leaders) {
		return nil // HIS-13.1j: Foul Weather and Gout first
	}
	s.Flow.Move, s.Flow.Declined, s.Flow.NoWithdraw = m, 0, false
	r.continueMove()
	return nil
}

// continueMove runs the move in progress through interception, entry,
// avoid battle, withdrawal and battle (HIS-13.1 steps 5-8), stopping at
// the first decision owed.
func (r *run) continueMove() {
	s := r.s
	for s.Flow.Move != nil && len(s.Flow.Stack) == 0 {
		m := s.Flow.Move
		if s.Flow.Battle != nil {
			// Every choice of the battle is made: fight it out.
			r.applyBattle(NoChoice())
			return
		}
		if !m.Entered {
			if q, ok := s.nextInterceptor(m); ok {
				s.Flow.push(DecIntercept, q)
				r.tell(q, "%s may try to intercept %s's move into %s.", powers[q].Name, powers[m.Power].Name, spaces[m.To].Name)
				return
			}
			log, err := s.EnterDestination(m)
			if err != nil {
				r.say("The move stops: %v.", err)
				r.endMove()
				return
			}
			r.log(log)
			s.Flow.Resp.noteMoved(m) // Foul Weather (respond.go)
			continue
		}
		if ap := s.AvoidPowers(m); len(ap) > 0 {
			s.Flow.push(DecAvoid, ap[0])
			return
		}
		if !m.Withdrawn && !s.Flow.NoWithdraw {
			if c, err := s.CanWithdraw(m); err == nil && c < NMajor {
				s.Flow.push(DecWithdraw, c)
				return
			}
			s.Flow.NoWithdraw = true
		}
		if s.MustLeave(m) {
			s.Flow.push(DecFallBack, m.Power)
			return
		}
		if s.NeedBattle(m) {
			if !s.Flow.CommitAsked && s.reliefInside(m).Land() > 0 {
				// HIS-15.2a: the relieving power may commit the units inside.
				s.Flow.CommitAsked = true
				s.Flow.push(DecCommit, m.Power)
				return
			}
			r.battle(m)
			return
		}
		r.endMove()
	}
}

// nextInterceptor is the first power in Impulse Order that may still try
// to intercept m and has not declined.
func (s *St) nextInterceptor(m *Move) (int, bool) {
	for _, o := range s.InterceptOptions(m) {
		// Leaders without land units do not intercept.
		if o.Units > 0 && s.Flow.Declined&(1<<o.Power) == 0 {
			return o.Power, true
		}
	}
	return 0, false
}

func (r *run) endMove() {
	f := &r.s.Flow
	f.Move, f.Battle, f.Roll, f.Declined, f.NoWithdraw = nil, nil, nil, 0, false
	f.AttLoss, f.DefLoss = nil, nil
	f.Commit, f.CommitAsked, f.Transport = nil, false, false
}

// reliefInside is the active power's own force inside the besieged
// friendly space its move m relieves (nothing when m relieves no siege).
func (s *St) reliefInside(m *Move) Force {
	if !m.Entered || !s.Warfare.Siege.has(m.To) || !s.insideSide(m.To, m.Power) {
		return Force{}
	}
	u := s.Units[m.To][m.Power]
	f := Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
	for _, pt := range m.F.Parts {
		if pt.Power == m.Power {
			f.Reg -= pt.Force.Reg
			f.Merc -= pt.Force.Merc
			f.Cav -= pt.Force.Cav
		}
	}
	return f
}

// applyBattle applies the rolled battle with the casualties chosen and
// the aftermath given, and ends the move.
func (r *run) applyBattle(after Aftermath) error {
	s := r.s
	after.AttLoss, after.DefLoss = s.Flow.AttLoss, s.Flow.DefLoss
	m := s.Flow.Move
	var before Force
	var leadersBefore []int
	if s.Flow.Transport {
		before, leadersBefore = s.Units[m.From][m.Power], s.leadersAt(m.From, m.Power)
	}
	log, err := s.ApplyBattle(s.Flow.Battle, *s.Flow.Roll, after, r.dice)
	if err != nil {
		return err
	}
	r.log(log)
	if s.Flow.Transport && !s.Flow.Roll.AttackerWins {
		r.transportLost(m, before, leadersBefore)
	}
	r.endMove()
	return nil
}

// lossChooser is the power that chooses which of its units a side of a
// battle loses, or NoPower when there is no choice: no losses, all of its
// units lost, or units of one kind only. A side of several powers takes
// the default shares (HIS-9.2f).
func (s *St) lossChooser(b *Battle, res BattleResult, attacker bool) (int, []Part, int) {
	parts, n := s.defParts(b), res.DefLosses
	if attacker {
		parts, n = b.attParts(), res.AttLosses
	}
	return s.choosingSide(parts, n)
}

// choosingSide is the major power that chooses n losses among parts, or
// NoPower when there is no choice.
func (s *St) choosingSide(parts []Part, n int) (int, []Part, int) {
	if n == 0 || len(parts) != 1 || n >= partsLand(parts) {
		return NoPower, nil, 0
	}
	f := parts[0].Force
	kinds := 0
	for _, k := range []uint8{f.Reg, f.Merc, f.Cav} {
		if k > 0 {
			kinds++
		}
	}
	q := s.side(parts[0].Power)
	if kinds < 2 || q >= NMajor || parts[0].Power != q {
		return NoPower, nil, 0
	}
	return q, parts, n
}

// battle fights the field battle that ends move m (HIS-14): the dice are
// rolled at once; when the beaten defenders have a choice of retreat or
// withdrawal, their power is asked before the battle is applied.
func (r *run) battle(m *Move) {
	s := r.s
	var commit []Part
	var commitLeaders []int
	if c := s.Flow.Commit; c != nil {
		commit, commitLeaders = c.Parts, c.Leaders
	}
	b, err := s.NewBattle(m, commit, commitLeaders)
	if err != nil {
		r.say("No battle: %v.", err)
		r.endMove()
		return
	}
	if r.combatWindow(CombatField, b.Space, b.Attacker, 0, nil) {
		return // HIS-14e: the Combat cards first
	}
	if b, err = s.NewBattle(m, commit, commitLeaders); err != nil {
		// Mercenaries Bribed left no battle to fight.
		s.Flow.Combat = nil
		r.say("No battle: %v.", err)
		r.endMove()
		return
	}
	res := s.RollBattle(b, s.takeCombat(CombatField, b.Space), r.dice)
	s.Flow.Battle, s.Flow.Roll = b, &res
	r.afterFieldRoll() // HIS-14g: Janissaries first
}

// battleOwed asks for the choices after the roll of field battle b, or
// fights it out when there are none.
func (r *run) battleOwed(b *Battle, res BattleResult) {
	s := r.s
	// The choices after the roll, in order: the attacker's casualties,
	// the defender's, then the beaten defenders' retreat (checklist W10).
	var owed []Decision
	if q, _, _ := s.lossChooser(b, res, true); q != NoPower {
		owed = append(owed, Decision{DecLosses, q})
	}
	if q, _, _ := s.lossChooser(b, res, false); q != NoPower {
		owed = append(owed, Decision{DecLosses, q})
	}
	if q := s.retreatChooser(b, res); q != NoPower {
		owed = append(owed, Decision{DecRetreat, q})
	}
	if len(owed) == 0 {
		if err := r.applyBattle(NoChoice()); err != nil {
			r.say("The battle of %s cannot be resolved: %v.", spaces[b.Space].Name, err)
			r.endMove()
		}
		return
	}
	r.say("Battle of %s: %s.", spaces[b.Space].Name, res.text(powers[b.Attacker].Name, "the defender"))
	for i := len(owed) - 1; i >= 0; i-- {
		s.Flow.push(owed[i].Kind, owed[i].Power)
	}
}

// retreatChooser is the major power that chooses how its beaten
// defenders leave the field (HIS-14.1), or NoPower when nothing is left
// to choose.
func (s *St) retreatChooser(b *Battle, res BattleResult) int {
	if !res.AttackerWins {
		return NoPower
	}
	dp := s.defParts(b)
	if len(dp) == 0 || partsLand(dp) <= res.DefLosses {
		return NoPower
	}
	q := s.side(dp[0].Power)
	if q >= NMajor {
		return NoPower
	}
	c := s.Controller(b.Space)
	withdraw := s.fortified(b.Space) && (c == q || s.Allied(c, q))
	if len(s.RetreatOptions(b, false)) > 1 || withdraw {
		return q
	}
	return NoPower
}

// buildAction builds units (HIS-17).
func (r *run) buildAction(p int, o order) error {
	s := r.s
	if err := s.militaryAllowed(p); err != nil {
		return err
	}
	if c := ActionCost(p, o.kind); o.n > 1 && c > 0 && s.Flow.CP < o.n*c {
		return fmt.Errorf("%d %s cost %d CP, with %d CP left", o.n, buildWord(o.kind, o.n), o.n*c, s.Flow.CP)
	}
	placed := 0
	for i := 0; i < o.n; i++ {
		if err := s.CanBuild(p, o.to, o.kind); err != nil {
			return errLegal(s.buildOptions(p, o.kind), "%v", err)
		}
		if err := r.spend(p, o.kind); err != nil {
			return err
		}
		if s.builder(p, o.to) == p {
			if c := s.foreignBuild(p, buildForce(o.kind)); c != 0 {
				r.say("%s sends its new %s to %s (HIS-21.7e).", powers[p].Name, unitText(buildForce(o.kind)), cardName(c))
				continue
			}
		}
		s.addUnits(o.to, s.builder(p, o.to), buildForce(o.kind))
		placed++
	}
	if placed > 0 {
		r.say("%s builds %d %s in %s.", powers[p].Name, placed, buildWord(o.kind, placed), spaces[o.to].Name)
	}
	return nil
}

func buildForce(kind int) Force {
	switch kind {
	case ActRaiseRegular:
		return Force{Reg: 1}
	case ActBuyMercenary:
		return Force{Merc: 1}
	case ActRaiseCavalry:
		return Force{Cav: 1}
	case ActBuildSquadron:
		return Force{Sq: 1}
	}
	return Force{Cor: 1}
}

// CanBuild says whether power p may build one unit of the given kind
// (ActRaiseRegular ... ActBuildCorsair) in space sp (HIS-17): a friendly
// home space free of enemy units and unrest, a port not under siege for
// naval units, and a counter free for it.
func (s *St) CanBuild(p, sp, kind int) error {
	name := spaces[sp].Name
	owner := s.builder(p, sp)
	switch {
	case ActionCost(p, kind) == 0:
		return fmt.Errorf("%s may not %s (HIS-11.1c)", powers[p].Name, actionNames[kind])
	case kind == ActBuildCorsair && !s.barbary():
		return fmt.Errorf("corsairs are built only after Barbary Pirates (HIS-17.2d)")
	case s.homeOf(sp) != owner && !s.recruitsAt(p, sp): // Foreign Recruits: events_politics.go
		return fmt.Errorf("%s is not a %s home space (HIS-17.1a)", name, powers[p].Name)
	case kind != ActBuildCorsair && s.haven(sp):
		return fmt.Errorf("only corsairs are built in a pirate haven (HIS-21.1f)")
	case owner != p && kind != ActRaiseRegular && kind != ActBuildSquadron:
		return fmt.Errorf("only regulars and squadrons are built for %s (HIS-22.3c)", powers[owner].Name)
	case !s.Friendly(sp, p):
		return fmt.Errorf("%s is not under friendly control", name)
	case s.enemyUnitsIn(sp, p):
		return fmt.Errorf("enemy units are in %s", name)
	case s.InUnrest(sp):
		return fmt.Errorf("%s is in unrest (HIS-17a)", name)
	}
	if kind == ActBuildSquadron || kind == ActBuildCorsair {
		if n := s.navalCount(owner) + int(s.Flow.NavalDead[owner]); n >= powers[owner].NavalCounters {
			return fmt.Errorf("no naval counter is free: ships lost this turn return to the pool next turn (HIS-17.2b)")
		}
	}
	if kind == ActBuildSquadron || kind == ActBuildCorsair {
		if !spaces[sp].port() {
			return fmt.Errorf("%s is not a port", name)
		}
		if s.UnderSiege(sp) {
			return fmt.Errorf("%s is under siege (HIS-17.2a)", name)
		}
	}
	f := buildForce(kind)
	s.addUnits(sp, owner, f)
	err := s.checkCounters(owner)
	_ = s.removeUnits(sp, owner, f)
	if err != nil {
		return fmt.Errorf("no %s counter is left for %s (HIS-17a)", buildWord(kind, 1), name)
	}
	return nil
}

// builder is the power whose unit power p builds in space sp: the minor
// power allied to p whose home space sp is (HIS-22.3c), else p.
func (s *St) builder(p, sp int) int {
	if h := spaces[sp].Home; isMinor(h) && s.minorAlly(h) == p {
		return h
	}
	return p
}

// buildOptions lists where power p may build a unit of the kind, in its
// own home spaces and those of the minor powers allied to it.
func (s *St) buildOptions(p, kind int) []string {
	var out []string
	where := homeSpaces(p)
	if p == Ottoman && s.Pirates.Havens != 0 {
		where = append(append([]int(nil), where...), s.havenSpaces()...) // HIS-21.1f
	}
	for m := NMajor; m < Independent; m++ {
		if s.minorAlly(m) == p {
			where = append(append([]int(nil), where...), homeSpaces(m)...)
		}
	}
	for _, sp := range where {
		if s.CanBuild(p, sp, kind) == nil {
			out = append(out, fmt.Sprintf("build %s in %s", buildWord(kind, 1), spaces[sp].Name))
		}
	}
	return out
}

// homeSpaces lists power p's home spaces in map order.
func homeSpaces(p int) []int {
	loadNames()
	return homeList[p]
}

// controlOptions lists the spaces power p may take control of now.
func (s *St) controlOptions(p int) []string {
	var out []string
	for _, sp := range s.controlCandidates(p) {
		out = append(out, "control "+spaces[sp].Name)
	}
	return out
}

func (s *St) controlCandidates(p int) []int {
	var seen locSet
	var out []int
	s.occ[p].each(func(loc int) {
		if isSea(loc) || s.Units[loc][p].Land() == 0 {
			return
		}
		try := func(sp int) {
			if seen.has(sp) {
				return
			}
			seen.set(sp)
			if s.CanControl(p, sp) == nil {
				out = append(out, sp)
			}
		}
		try(loc)
		for _, e := range spaces[loc].Nbr {
			if !e.Pass {
				try(int(e.To))
			}
		}
	})
	sort.Ints(out)
	return out
}

// unrestOptions lists the spaces where power p may remove unrest.
func (s *St) unrestOptions(p int) []string {
	var out []string
	s.Unrest.each(func(sp int) {
		if s.CanRemoveUnrest(p, sp) == nil {
			out = append(out, "remove unrest in "+spaces[sp].Name)
		}
	})
	return out
}

// assaultFormation is the formation power p assaults sp with by default:
// its free land units there, up to what its leaders there may command.
func (s *St) assaultFormation(p, sp int) Formation {
	ls := s.armyLeaders(p, sp)
	free := s.ownFree(p, sp)
	f, _ := unitSpec{given: true, count: min(free.Land(), MaxFormation(ls))}.resolve(free)
	fm := Formation{At: sp, Leaders: ls}
	if f.Land() > 0 {
		fm.Parts = []Part{{p, f}}
	}
	return fm
}

// assaultOptions lists the assaults power p may make now.
func (s *St) assaultOptions(p int) []string {
	var out []string
	s.Warfare.Siege.each(func(sp int) {
		if s.Units[sp][p].Land() > 0 && s.CheckAssault(p, s.assaultFormation(p, sp)) == nil {
			out = append(out, "assault "+spaces[sp].Name)
		}
	})
	return out
}

// declaredAssault is the formation an assault order declares (HIS-15.1f):
// the units and leaders it names, the leaders there when it names units
// only, and by default the largest formation the leaders may command.
func (s *St) declaredAssault(p int, o order) (Formation, error) {
	if !o.units.given && len(o.leaders) == 0 {
		return s.assaultFormation(p, o.to), nil
	}
	ls := o.leaders
	if len(ls) == 0 {
		ls = s.armyLeaders(p, o.to)
	}
	free := s.ownFree(p, o.to)
	spec := o.units
	if !spec.given {
		spec = unitSpec{given: true, count: min(free.Land(), MaxFormation(ls))}
	}
	f, err := spec.resolve(free)
	if err != nil {
		return Formation{}, fmt.Errorf("%s in %s: %v", powers[p].Name, spaces[o.to].Name, err)
	}
	fm := Formation{At: o.to, Leaders: ls}
	if f.Land() > 0 {
		fm.Parts = []Part{{p, f}}
	}
	return fm, nil
}

// assaultAction assaults a besieged space (HIS-15.1) with the formation
// the order declares, by default the largest one the power's leaders
// there may command.
func (r *run) assaultAction(p int, o order) error {
	s := r.s
	if err := s.militaryAllowed(p); err != nil {
		return err
	}
	f, err := s.declaredAssault(p, o)
	if err != nil {
		return errLegal(s.assaultOptions(p), "%v", err)
	}
	if err := s.CheckAssault(p, f); err != nil {
		return errLegal(s.assaultOptions(p), "%v", err)
	}
	if err := s.respondBars(RespAssault, &f); err != nil {
		return err
	}
	if err := r.spend(p, ActAssault); err != nil {
		return err
	}
	if r.respond(RespAssault, p, f.At, ActionCost(p, ActAssault), o, f.Leaders) {
		return nil // HIS-15.1g: Foul Weather and Gout first
	}
	r.say("%s assaults %s: %s.", powers[p].Name, spaces[o.to].Name, unitsOf(p, f))
	return r.launchAssault(p, f)
}

// launchAssault opens the Combat card window of formation f's assault, or
// rolls it (the assault action, and the assaults events give).
func (r *run) launchAssault(p int, f Formation) error {
	if r.combatWindow(CombatAssault, f.At, p, 0, &f) {
		return nil // HIS-15.1j: the Combat cards first
	}
	return r.rollAssault(p, f)
}

// rollAssault rolls the assault of formation f, with the Combat cards
// played, and asks for the casualties.
func (r *run) rollAssault(p int, f Formation) error {
	s := r.s
	a, res, err := s.RollAssault(p, f, s.takeCombat(CombatAssault, f.At), r.dice)
	if err != nil {
		return err
	}
	s.Flow.Assault, s.Flow.Roll = a, &res
	return r.afterAssaultRoll() // HIS-15.1l: Siege Artillery first
}

// assaultOwed asks for the casualties of the assault rolled, or ends it.
func (r *run) assaultOwed() error {
	s := r.s
	a, res, p := s.Flow.Assault, *s.Flow.Roll, s.Flow.Assault.Power
	// The casualties, attacker first, when a side has a choice.
	var owed []int
	for _, att := range []bool{true, false} {
		if q, _, _ := s.assaultLossChooser(a, res, att); q != NoPower {
			owed = append(owed, q)
		}
	}
	if len(owed) == 0 {
		return r.applyAssault()
	}
	r.say("Assault on %s: %s.", spaces[a.Space].Name, res.text(powers[p].Name, "the garrison"))
	for i := len(owed) - 1; i >= 0; i-- {
		s.Flow.push(DecLosses, owed[i])
	}
	return nil
}

// applyAssault ends the assault in progress with the casualties chosen.
func (r *run) applyAssault() error {
	s := r.s
	a, res := s.Flow.Assault, *s.Flow.Roll
	log, err := s.ApplyAssault(a, res, s.Flow.AttLoss, s.Flow.DefLoss, r.dice)
	s.Flow.Assault, s.Flow.Roll, s.Flow.AttLoss, s.Flow.DefLoss = nil, nil, nil, nil
	if err != nil {
		return err
	}
	r.log(log)
	r.treacheryAfter(a) // events_more.go
	return nil
}

// assaultLossChooser is the power choosing a side's losses in an
// assault, as lossChooser for field battles.
func (s *St) assaultLossChooser(a *Assault, res BattleResult, attacker bool) (int, []Part, int) {
	parts, n := s.insideParts(a.Space), res.DefLosses
	if attacker {
		parts, n = a.F.Parts, res.AttLosses
	}
	return s.choosingSide(parts, n)
}

// lossesOwed is the side (attacker or not), units and number of losses
// power q chooses in the battle or assault in progress.
func (s *St) lossesOwed(q int) (bool, []Part, int) {
	if a := s.Flow.Assault; a != nil {
		att := q == a.Power
		_, parts, n := s.assaultLossChooser(a, *s.Flow.Roll, att)
		return att, parts, n
	}
	if b := s.Flow.Battle; b != nil {
		att := q == b.Attacker
		_, parts, n := s.lossChooser(b, *s.Flow.Roll, att)
		return att, parts, n
	}
	return false, nil, 0
}

// moveExamples lists up to n legal moves of power p, each with the
// largest formation its leaders may command.
func (s *St) moveExamples(p, n int) []string {
	var out []string
	for _, m := range s.legalMoves(p) {
		if len(out) >= n {
			break
		}
		out = append(out, m)
	}
	return out
}

// movesFrom is moveExamples with the moves from space from first: the
// examples a refused move of that stack is answered with.
func (s *St) movesFrom(p, from, n int) []string {
	all := s.legalMoves(p)
	prefix := " from " + spaces[from].Name + " to "
	var out []string
	for _, own := range []bool{true, false} {
		for _, m := range all {
			if len(out) < n && strings.Contains(m, prefix) == own {
				out = append(out, m)
			}
		}
	}
	return out
}

// legalMoves lists every move of power p's stacks to an adjacent space,
// as order lines.
func (s *St) legalMoves(p int) []string {
	var out []string
	if s.militaryAllowed(p) != nil {
		return nil
	}
	s.occ[p].each(func(loc int) {
		if isSea(loc) || s.Units[loc][p].Land() == 0 {
			return
		}
		fm := s.assaultFormation(p, loc)
		if fm.Land() == 0 {
			return
		}
		for _, e := range spaces[loc].Nbr {
			m, err := s.BeginMove(p, fm, int(e.To))
			if err != nil {
				continue
			}
			cost := ActMove
			if m.Pass {
				cost = ActMovePass
			}
			if ActionCost(p, cost) > s.Flow.CP {
				continue
			}
			o := order{verb: "move", units: unitSpec{given: true, count: fm.Land()}, from: loc, to: int(e.To), leaders: fm.Leaders}
			out = append(out, o.canonical(p))
		}
	})
	return out
}
