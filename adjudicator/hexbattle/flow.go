package hexbattle

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// startPlayerTurn runs the Rally Phase and the Rout Movement Phase, which
// need no decision (rulings AMB-03, AMB-11, AMB-13), then opens the
// Movement Phase (CN-4.0.A1-A3).
func (s *St) startPlayerTurn() {
	s.rally()
	s.routPhase(s.phasing())
	s.routPhase(s.enemy(s.phasing()))
	s.enterReinforcements(false)
	s.Phase = phMove
	s.mv = nil
}

// rally is CN-4.0.A1 and CN-12.2: a routed unit stacked with a leader who
// is not disobeyed, and who may rally it, loses its rout marker. Then every
// disobedience marker goes (CN-12.3).
func (s *St) rally() {
	for _, u := range s.Units {
		if !s.onMap(u) || u.Rout == 0 {
			continue
		}
		for _, h := range u.At {
			for _, l := range s.leadersAt(h) {
				if l.Side == u.Side && !l.Disobeyed && s.mayRally(l, u) {
					s.say("%s rallies %s in %s", s.leaderName(l), u.ID, h)
					u.Rout = 0
				}
			}
		}
	}
	for _, l := range s.Leaders {
		l.Disobeyed = false
	}
}

// mayRally applies a leader's rally restriction (NAV-17.2, CRE-17.21).
func (s *St) mayRally(l *Leader, u *Unit) bool {
	d := s.leaderDef(l.ID)
	if d == nil || len(d.Rallies) == 0 {
		return true
	}
	nat := s.counter(u).Nation
	ok := false
	excludesOnly := true
	for _, r := range d.Rallies {
		if strings.HasPrefix(r, "-") {
			if r[1:] == nat || strings.EqualFold(r[1:], u.ID) {
				return false
			}
			continue
		}
		excludesOnly = false
		if r == nat || strings.EqualFold(r, u.ID) {
			ok = true
		}
	}
	return ok || excludesOnly
}

func (s *St) leaderName(l *Leader) string {
	if d := s.leaderDef(l.ID); d != nil && d.Name != "" {
		return d.Name
	}
	return l.ID
}

// Prompts implements adjudicator.State.
func (s *St) Prompts() []adjudicator.Prompt {
	if s.Fin {
		return nil
	}
	var out []adjudicator.Prompt
	for _, r := range s.Owing() {
		side := string(r)
		p := adjudicator.Prompt{Role: r, Kind: s.Phase}
		switch s.Phase {
		case phSetup:
			p.Text = "Set-up: place the units and leaders the scenario leaves to you and choose your plate units' starting modes; anything you leave out takes the first legal placement listed, and the scenario's mode."
			p.TextMsg = m("hex.prompt.setup")
			if s.sc.SecretModes {
				p.Text += " Your choices stay secret until both sides have set up (NAV-16.1)."
				p.TextMsg = m("hex.prompt.setup_secret")
			}
			p.Secret = true
			p.Template = []string{"place ID HEX", "mode ID FACE", "done"}
			p.Choices = s.setupChoices(side)
		case phMove:
			p.Text = fmt.Sprintf("Movement phase, turn %d: move your units (one line each), or send 'done'.", s.GT)
			p.TextMsg = m("hex.prompt.move", "Turn", s.GT)
			p.Template = []string{"move ID HEX HEX ...", "mode ID FACE", "enter ID HEX", "stay LEADER | follow LEADER", "rout ID prefer HEX", "done"}
			p.Choices = s.moveChoices(side)
		case phFire:
			p.Text = "Fire combat phase: name each firer and its target; both sides' fire is resolved together."
			p.TextMsg = m("hex.prompt.fire")
			p.Secret = true
			p.Template = []string{"fire ID at TARGET", "done"}
			p.Choices = s.fireChoices(side)
		default:
			p.Text = "Melee phase: attack adjacent enemy units, in the order you list them."
			p.TextMsg = m("hex.prompt.melee")
			p.Template = []string{"attack ID TARGET", "done"}
			p.Choices = s.meleeChoices(side)
		}
		out = append(out, p)
	}
	return out
}

// Owing implements adjudicator.Owing.
func (s *St) Owing() []adjudicator.Role {
	if s.Fin {
		return nil
	}
	switch s.Phase {
	case phSetup:
		var out []adjudicator.Role
		for _, side := range []string{s.side(0), s.side(1)} {
			if _, done := s.SetupOrd[side]; !done {
				out = append(out, adjudicator.Role(side))
			}
		}
		return out
	case phMove, phMelee1:
		return []adjudicator.Role{adjudicator.Role(s.phasing())}
	case phMelee2:
		return []adjudicator.Role{adjudicator.Role(s.enemy(s.phasing()))}
	case phFire:
		var out []adjudicator.Role
		for _, side := range []string{s.side(0), s.side(1)} {
			if _, done := s.FireOrd[side]; !done {
				out = append(out, adjudicator.Role(side))
			}
		}
		return out
	}
	return nil
}

// Default implements adjudicator.State: a late player does nothing but
// what the rules compel (CRE-17.11: the French chivalry charges); at
// set-up his units take their default placements and modes.
func (s *St) Default(role adjudicator.Role) *adjudicator.Submission {
	for _, r := range s.Owing() {
		if r == role {
			var lines []string
			switch s.Phase {
			case phMove:
				lines = s.chivalryMoves(string(role))
			case phMelee1, phMelee2:
				lines = s.chivalryAttackLines(string(role))
			}
			sub := &adjudicator.Submission{Role: role}
			for i, l := range append(lines, "done") {
				sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
			}
			return sub
		}
	}
	return nil
}

// Apply implements adjudicator.State. Orders may be written with Spanish
// or Italian keywords (verbs.go); a refused submission's reasons carry
// their messages in every language (explain).
func (s *St) Apply(sub adjudicator.Submission, dice adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	next, res, err := s.apply(s.englishLines(sub), dice)
	if rej, ok := err.(*adjudicator.Rejection); ok && rej != nil {
		return nil, nil, explain(rej)
	}
	return next, res, err
}

func (s *St) apply(sub adjudicator.Submission, dice adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	owes := false
	for _, r := range s.Owing() {
		owes = owes || r == sub.Role
	}
	if !owes {
		return nil, nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: fmt.Sprintf("%s owes nothing now (%s)", sub.Role, s.label())}}}
	}
	n := s.clone()
	n.ev = nil
	side := string(sub.Role)
	var canon []string
	var rej adjudicator.Rejection
	var lines []adjudicator.Line
	for _, l := range sub.Lines {
		t := strings.TrimSpace(l.Text)
		if t == "" || strings.EqualFold(t, "done") || strings.EqualFold(t, "pass") {
			continue
		}
		lines = append(lines, l)
	}
	switch n.Phase {
	case phSetup:
		t := n.clone()
		c, probs := t.applySetup(side, lines)
		rej.Problems = append(rej.Problems, probs...)
		if len(probs) == 0 {
			canon = c
			var ord []Line
			for i, x := range c {
				ord = append(ord, Line{No: i + 1, Text: x})
			}
			if n.SetupOrd == nil {
				n.SetupOrd = map[string][]Line{}
			}
			n.SetupOrd[side] = ord
			if len(n.Owing()) == 0 {
				n.finishSetup()
			}
		}
	case phMove:
		n.mv = map[string]int{}
		// reinforcements enter first (CRE-18.2), where their owner says
		// or else on the first free hex of their entry edge
		var rest []adjudicator.Line
		for _, l := range lines {
			if w := strings.Fields(l.Text); strings.EqualFold(w[0], "enter") {
				c, err := n.enterLine(side, w)
				if err != nil {
					rej.Problems = append(rej.Problems, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: n.entryChoices(side)})
					continue
				}
				canon = append(canon, c)
				continue
			}
			rest = append(rest, l)
		}
		n.enterReinforcements(true)
		for _, l := range rest {
			c, err := n.moveLine(side, l.Text)
			if err != nil {
				rej.Problems = append(rej.Problems, adjudicator.Problem{Line: l, Reason: err.Error()})
				continue
			}
			canon = append(canon, c)
		}
		if len(rej.Problems) == 0 {
			// compelled cavalry its owner did not move charges on by
			// itself (CRE-17.11)
			for _, l := range n.chivalryMoves(side) {
				if c, err := n.moveLine(side, l); err == nil {
					n.say("As the rules of chivalry compel it (CRE-17.11): %s.", c)
					canon = append(canon, c)
				}
			}
		}
		if len(rej.Problems) == 0 {
			n.Phase = phFire
			n.FireOrd = map[string][]Line{}
			n.skipIdleFire()
		}
	case phFire:
		if n.FireOrd == nil {
			n.FireOrd = map[string][]Line{}
		}
		seen := map[string]bool{}
		var ord []Line
		for _, l := range lines {
			c, id, err := n.checkFire(side, l.Text)
			if err == nil && seen[id] {
				err = fmt.Errorf("unit %s fires only once a phase (CN-8.18)", id)
			}
			if err != nil {
				rej.Problems = append(rej.Problems, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: n.fireChoices(side)})
				continue
			}
			seen[id] = true
			ord = append(ord, Line{No: l.No, Text: c})
			canon = append(canon, c)
		}
		if len(rej.Problems) == 0 {
			n.FireOrd[side] = ord
			n.skipIdleFire()
		}
	case phMelee1, phMelee2:
		// every order is checked against the board as it stands; then
		// they are fought in order, and an attack that an earlier result
		// made impossible (its unit gone or routed) is void (CN-9.0a).
		seen := map[string]bool{}
		type att struct{ u, t string }
		var plan []att
		for _, l := range lines {
			u, t, err := n.parseAttack(side, l.Text)
			if err == nil && seen[u.ID] {
				err = fmt.Errorf("%s attacks only once a phase (CN-9.11)", u.ID)
			}
			if err == nil {
				_, _, _, err = n.meleeCheck(u, t)
			}
			if err != nil {
				rej.Problems = append(rej.Problems, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: n.meleeChoices(side)})
				continue
			}
			seen[u.ID] = true
			plan = append(plan, att{u.ID, t.ID})
			canon = append(canon, "attack "+u.ID+" "+t.ID)
		}
		if len(rej.Problems) == 0 {
			given := map[string]string{}
			for _, a := range plan {
				given[a.u] = a.t
			}
			for _, p := range n.chivalryAttacks(side, given) {
				rej.Problems = append(rej.Problems, adjudicator.Problem{Reason: p, Legal: n.meleeChoices(side)})
			}
			for _, c := range n.chivalryAttackLines(side) {
				w := strings.Fields(c)
				if given[w[1]] == "" {
					plan = append(plan, att{w[1], w[2]})
					canon = append(canon, c)
					n.say("As the rules of chivalry compel it (CRE-17.11): %s.", c)
				}
			}
		}
		if len(rej.Problems) == 0 {
			for _, a := range plan {
				u, t := n.unit(a.u), n.unit(a.t)
				if _, _, _, err := n.meleeCheck(u, t); err != nil {
					n.say("Attack %s on %s is void: %v", a.u, a.t, err)
					continue
				}
				n.melee(u, t, dice)
			}
			n.endMelee()
		}
	}
	if len(rej.Problems) > 0 {
		return nil, nil, &rej
	}
	if n.Phase == phFire && len(n.Owing()) == 0 {
		n.resolveFire(dice)
		n.Phase = phMelee1
		n.skipIdleMelee()
	}
	return n, &adjudicator.Result{Canonical: canon, Events: n.ev}, nil
}

// skipIdleFire marks as done a side with no possible fire.
func (s *St) skipIdleFire() {
	if s.FireOrd == nil {
		s.FireOrd = map[string][]Line{}
	}
	for _, side := range []string{s.side(0), s.side(1)} {
		if _, done := s.FireOrd[side]; !done && len(s.fireChoices(side)) == 0 {
			s.FireOrd[side] = []Line{}
		}
	}
}

func (s *St) skipIdleMelee() {
	for !s.Fin {
		switch s.Phase {
		case phMelee1:
			if len(s.meleeChoices(s.phasing())) > 0 {
				return
			}
			s.endMelee()
		case phMelee2:
			if len(s.meleeChoices(s.enemy(s.phasing()))) > 0 {
				return
			}
			s.endMelee()
		default:
			return
		}
	}
}

// endMelee closes a melee phase. After the phasing player's, charge
// markers that were not used go (ruling AMB-07).
func (s *St) endMelee() {
	if s.Phase == phMelee1 {
		for _, u := range s.Units {
			if u.Side == s.phasing() {
				u.Charge = ""
			}
		}
		s.Phase = phMelee2
		s.skipIdleMelee()
		return
	}
	// the player turn ends
	if !s.Second {
		s.Second = true
		s.startPlayerTurn()
		return
	}
	s.endGameTurn()
}

// endGameTurn is the Game-Turn Indication interphase (CN-4.0.C).
func (s *St) endGameTurn() {
	for _, u := range s.Units {
		u.Fired = false // CRE-16.44
	}
	if s.GT >= s.p.Turns {
		s.finish()
		return
	}
	s.GT++
	s.Second = false
	s.say("Game turn %d begins.", s.GT)
	s.startPlayerTurn()
}

// finish scores the end of the game (CN-2.0d, NAV-19, CRE-20).
func (s *St) finish() {
	if s.p.Rules == "navarrete" { // NAV-19.2b: routed Castilian units, and those south of a road hex, count as eliminated
		for _, u := range s.Units {
			if s.onMap(u) && u.Side != s.p.Sides[0] && (u.Rout > 0 || s.southOfRoad(u)) {
				s.VP[s.p.Sides[0]] += s.unitVP(s.p.Sides[0], u)
				s.say("%s %s counts as eliminated at the end (NAV-19.2b).", u.Side, u.ID)
			}
		}
	}
	s.Fin = true
	s.Phase = phOver
	for _, v := range s.p.Victory {
		margin := 0
		if v.Side != "draw" {
			margin = s.VP[v.Side] - s.VP[s.enemy(v.Side)]
		}
		if v.Else || margin >= v.Min {
			s.Result = fmt.Sprintf("%s (VP %s %d, %s %d)", v.Label, s.p.Sides[0], s.VP[s.p.Sides[0]], s.p.Sides[1], s.VP[s.p.Sides[1]])
			if v.Side != "draw" {
				s.Winner = v.Side
			}
			break
		}
	}
	if s.Result == "" {
		s.Result = "draw"
	}
	s.say("The battle is over: %s.", s.Result)
}

// southOfRoad is ruling AMB-45 (a): a unit stands south of a road hex
// when one of its hexes lies in a higher hex line than a road hex of the
// same row.
func (s *St) southOfRoad(u *Unit) bool {
	for _, h := range u.At {
		for r, hi := range s.p.Hexes {
			if hi.Road && r.Pos == h.Pos && h.Line > r.Line {
				return true
			}
		}
	}
	return false
}

// unitVP is what scorer earns for an enemy unit lost (NAV-19, CRE-20).
func (s *St) unitVP(scorer string, u *Unit) int {
	c := s.counter(u)
	for _, r := range s.p.VP {
		if r.Scorer != scorer || r.What != "unit" {
			continue
		}
		if matches(r.Match, map[string]string{"armour": c.Armour, "morale": c.Morale, "nation": c.Nation, "kind": c.Kind, "id": u.ID, "counter": c.Name}) {
			return r.Points
		}
	}
	return 0
}

func (s *St) leaderVP(scorer string, l *Leader) int {
	for _, r := range s.p.VP {
		if r.Scorer == scorer && r.What == "leader" && matches(r.Match, map[string]string{"id": l.ID}) {
			return r.Points
		}
	}
	return 0
}

func matches(want, have map[string]string) bool {
	for k, v := range want {
		if !strings.EqualFold(have[k], v) {
			return false
		}
	}
	return true
}

// lose removes a unit from play and scores it.
func (s *St) lose(u *Unit, how string) {
	u.Gone = how
	u.Charge = ""
	at := u.At
	u.At = nil
	if how != "drowned" || s.p.Rules != "navarrete" { // NAV-18.0b: the drowned score nothing
		scorer := s.enemy(u.Side)
		s.VP[scorer] += s.unitVP(scorer, u)
	}
	s.say("%s %s is %s (%s).", u.Side, u.ID, how, hexList(at))
	for _, h := range at { // CN-6.22: its leaders stay, disobeyed
		for _, l := range s.leadersAt(h) {
			if l.Side == u.Side {
				l.Disobeyed = true
			}
		}
	}
}

func (s *St) capture(l *Leader) {
	l.Gone = "captured"
	scorer := s.enemy(l.Side)
	s.VP[scorer] += s.leaderVP(scorer, l)
	s.say("%s leader %s is captured in %s (CN-6.15).", l.Side, s.leaderName(l), l.At)
}

func hexList(hs []Hex) string {
	var p []string
	for _, h := range hs {
		p = append(p, h.String())
	}
	return strings.Join(p, "-")
}
