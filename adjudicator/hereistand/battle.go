package hereistand

import (
	"fmt"
	"sort"

	"github.com/pbem/pbem/adjudicator"
)

// Field battle (HIS-14), retreat (HIS-14.1) and relief forces (HIS-15.2).
//
// A battle is fought in two calls so the turn machine can ask the players
// for their casualties, withdrawal and retreat after seeing the dice:
//
//	b, err := s.NewBattle(m, commit, commitLeaders) // steps 2-3
//	res := s.RollBattle(b, mods, dice)              // steps 4-8 (cards as Mods)
//	log, err := s.ApplyBattle(b, res, after, dice)  // steps 9-12

// Mods are the hooks for Combat and Response cards: dice added before
// the roll (Mercenaries Bribed, Surprise Attack and the like, negative to
// take dice away) and dice rolled after it for extra hits (Janissaries in
// a field battle, Siege Artillery in an assault). The cards themselves
// come with the events.
type Mods struct {
	AttDice, DefDice         int
	AttLateDice, DefLateDice int
	// AttDice4 and DefDice4 are extra dice that hit on 4, 5 or 6
	// (Tercios); Surprise is 1 when the attacker rolls first and its hits
	// are taken before the defender counts its dice, 2 the other way
	// round (Surprise Attack). See combat.go.
	AttDice4, DefDice4 int
	Surprise           int
}

// Battle is a field battle in progress.
type Battle struct {
	Space    int
	Attacker int // the active power (HIS-14c)
	// From is the space the attacker entered from.
	From int
	// Att is the attacking formation; in a relief battle (HIS-15.2) the
	// committed units from inside the fortifications are in Committed.
	Att              Formation
	Relief           bool
	Committed        []Part
	CommittedLeaders []int
	Intercepted      bool
}

// BattleResult is the roll of a field battle or an assault.
type BattleResult struct {
	AttDice, DefDice   int
	AttRolls, DefRolls []int
	AttHits, DefHits   int
	AttackerWins       bool
	// AttLosses and DefLosses are the land units each side eliminates
	// (HIS-14i, HIS-15.1m).
	AttLosses, DefLosses int
}

// Aftermath holds the choices taken after the roll. Nil or -1 fields take
// the defaults: casualties mercenaries first, then cavalry, then regulars,
// shared evenly between allied powers with the odd one drawn by a die;
// as many units as allowed withdraw into the fortifications; the first
// legal retreat space in the order of the map.
type Aftermath struct {
	AttLoss, DefLoss []Part
	// Inside lists the losing units that withdraw into the fortifications
	// (HIS-14.1a, HIS-15.2c-d); nil = default, empty = none.
	Inside *[]Part
	// RetreatTo is the retreat space of the losing side's other units.
	RetreatTo int
	// BreakTo is where a winning attacker that cannot besiege the space
	// goes (HIS-14l, HIS-15.3b).
	BreakTo int
}

// NoChoice builds an Aftermath that takes every default.
func NoChoice() Aftermath { return Aftermath{RetreatTo: -1, BreakTo: -1} }

// NewBattle starts the field battle that follows move m (HIS-13.1n,
// HIS-13.2p). When m relieves a besieged space, commit lists the units
// (and commitLeaders the leaders) from inside that join the battle
// (HIS-15.2a); otherwise they must be empty.
func (s *St) NewBattle(m *Move, commit []Part, commitLeaders []int) (*Battle, error) {
	if !s.NeedBattle(m) {
		return nil, fmt.Errorf("no field battle is due in %s", spaces[m.To].Name)
	}
	b := &Battle{Space: m.To, Attacker: m.Power, From: m.From, Att: m.F, Intercepted: m.Interceptor != NoPower}
	b.Relief = s.Warfare.Siege.has(m.To) && s.insideSide(m.To, m.Power)
	if !b.Relief && (len(commit) > 0 || len(commitLeaders) > 0) {
		return nil, fmt.Errorf("%s is not a besieged friendly space: there are no units inside to commit", spaces[m.To].Name)
	}
	if b.Relief {
		moved := map[int]Force{}
		for _, pt := range m.F.Parts {
			moved[pt.Power] = pt.Force
		}
		for _, pt := range commit {
			if pt.Power < 0 || pt.Power >= NPow || !s.insideSide(m.To, pt.Power) || s.side(pt.Power) != m.Power {
				return nil, fmt.Errorf("only %s units inside %s may be committed", powers[m.Power].Name, spaces[m.To].Name)
			}
			have, mv := s.Units[m.To][pt.Power], moved[pt.Power]
			if have.Reg-mv.Reg < pt.Force.Reg || have.Merc-mv.Merc < pt.Force.Merc || have.Cav-mv.Cav < pt.Force.Cav {
				return nil, fmt.Errorf("there are not %s of %s inside %s", unitText(pt.Force), powers[pt.Power].Name, spaces[m.To].Name)
			}
		}
		for _, l := range commitLeaders {
			if int(s.Leader[l]) != m.To || leaderPower(s, l) != m.Power || contains(m.F.Leaders, l) {
				return nil, fmt.Errorf("%s is not a %s leader inside %s", leaders[l].Name, powers[m.Power].Name, spaces[m.To].Name)
			}
		}
		b.Committed, b.CommittedLeaders = commit, commitLeaders
	}
	return b, nil
}

// attParts are the attacking units; attLeaders the attacking leaders.
func (b *Battle) attParts() []Part {
	return mergeParts(b.Att.Parts, b.Committed)
}

func (b *Battle) attLeaders() []int {
	return append(append([]int(nil), b.Att.Leaders...), b.CommittedLeaders...)
}

func mergeParts(a, b []Part) []Part {
	m := map[int]Force{}
	for _, list := range [][]Part{a, b} {
		for _, p := range list {
			f := m[p.Power]
			f.Reg += p.Force.Reg
			f.Merc += p.Force.Merc
			f.Cav += p.Force.Cav
			m[p.Power] = f
		}
	}
	var out []Part
	for q, f := range m {
		if f.Land() > 0 {
			out = append(out, Part{q, f})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Power < out[j].Power })
	return out
}

func partsLand(ps []Part) int {
	n := 0
	for _, p := range ps {
		n += p.Force.Land()
	}
	return n
}

// defParts are the defending units: every land unit in the space hostile
// to the attacker and outside the fortifications.
func (s *St) defParts(b *Battle) []Part {
	var out []Part
	for q := 0; q < NPow; q++ {
		f := s.Units[b.Space][q]
		if f.Land() == 0 || !s.opposedIn(b.Attacker, q, b.Space) || s.besieged(b.Space, q) {
			continue
		}
		if s.garrisoned(b.Space, q) {
			continue
		}
		out = append(out, Part{q, Force{Reg: f.Reg, Merc: f.Merc, Cav: f.Cav}})
	}
	return out
}

// defLeaders are the army leaders of the defending powers in the space.
func (s *St) defLeaders(b *Battle, parts []Part) []int {
	var out []int
	for _, pt := range parts {
		for _, l := range s.leadersAt(b.Space, s.side(pt.Power)) {
			if !leaders[l].Naval && !contains(out, l) {
				out = append(out, l)
			}
		}
	}
	sort.Ints(out)
	return out
}

// BattleDice counts the dice of both sides (HIS-14c-d): one per land
// unit and one per point of the best leader's battle rating, and one more
// for the defender.
func (s *St) BattleDice(b *Battle) (att, def int) {
	dp := s.defParts(b)
	return partsLand(b.attParts()) + bestBattle(b.attLeaders()),
		partsLand(dp) + bestBattle(s.defLeaders(b, dp)) + 1
}

func rollHits(dice adjudicator.Dice, purpose string, n int) ([]int, int) {
	var rolls []int
	hits := 0
	for i := 0; i < n; i++ {
		r := dice.Roll(purpose, 6)
		rolls = append(rolls, r)
		if r >= 5 {
			hits++
		}
	}
	return rolls, hits
}

// RollBattle rolls a field battle (HIS-14 steps 6-9): each 5 or 6 hits,
// the defender wins ties, each side loses a unit per hit; if both sides
// would be wiped out, the side that rolled more dice keeps one unit (the
// defender on equal dice).
func (s *St) RollBattle(b *Battle, mods Mods, dice adjudicator.Dice) BattleResult {
	att, def := s.BattleDice(b)
	return rollCombat(att+mods.AttDice, def+mods.DefDice, mods, dice, "field battle",
		partsLand(b.attParts()), partsLand(s.defParts(b)))
}

func rollCombat(att, def int, mods Mods, dice adjudicator.Dice, what string, attUnits, defUnits int) BattleResult {
	r := BattleResult{AttDice: max(att, 0), DefDice: max(def, 0)}
	if mods.AttDice4 != 0 || mods.DefDice4 != 0 || mods.Surprise != 0 {
		r = rollCardCombat(r, mods, dice, what, attUnits, defUnits)
	} else {
		r.AttRolls, r.AttHits = rollHits(dice, what+" attacker", r.AttDice)
		r.DefRolls, r.DefHits = rollHits(dice, what+" defender", r.DefDice)
	}
	if mods.AttLateDice > 0 {
		rolls, h := rollHits(dice, what+" attacker extra", mods.AttLateDice)
		r.AttRolls, r.AttHits = append(r.AttRolls, rolls...), r.AttHits+h
	}
	if mods.DefLateDice > 0 {
		rolls, h := rollHits(dice, what+" defender extra", mods.DefLateDice)
		r.DefRolls, r.DefHits = append(r.DefRolls, rolls...), r.DefHits+h
	}
	settleCombat(&r, attUnits, defUnits)
	return r
}

// settleCombat finds the winner and the losses of a rolled combat.
func settleCombat(r *BattleResult, attUnits, defUnits int) {
	r.AttackerWins = r.AttHits > r.DefHits
	r.AttLosses, r.DefLosses = min(r.DefHits, attUnits), min(r.AttHits, defUnits)
	if attUnits > 0 && defUnits > 0 && r.AttLosses == attUnits && r.DefLosses == defUnits {
		if r.AttDice > r.DefDice {
			r.AttLosses--
		} else {
			r.DefLosses--
		}
	}
}

func (r BattleResult) text(att, def string) string {
	return fmt.Sprintf("%s rolls %s %v: %s; %s rolls %s %v: %s", att, nDice(len(r.AttRolls)), r.AttRolls,
		nHits(r.AttHits), def, nDice(len(r.DefRolls)), r.DefRolls, nHits(r.DefHits))
}

// casualties checks a side's chosen losses, or picks the default ones
// (see Aftermath), from the units in parts.
func casualties(parts []Part, n int, chosen []Part, dice adjudicator.Dice) ([]Part, error) {
	if chosen != nil {
		have := map[int]Force{}
		for _, p := range parts {
			have[p.Power] = p.Force
		}
		total := 0
		for _, c := range chosen {
			h, ok := have[c.Power]
			if !ok || h.Reg < c.Force.Reg || h.Merc < c.Force.Merc || h.Cav < c.Force.Cav || !landOnly(c.Force) {
				return nil, fmt.Errorf("casualties %s of %s: those units did not fight", unitText(c.Force), powerName(c.Power))
			}
			total += c.Force.Land()
		}
		if total != n {
			return nil, fmt.Errorf("%d casualties chosen, %d due", total, n)
		}
		return chosen, nil
	}
	left := make([]Force, len(parts))
	for i, p := range parts {
		left[i] = p.Force
	}
	out := make([]Force, len(parts))
	// Even shares; the odd losses fall on powers drawn by a die.
	share := make([]int, len(parts))
	live := 0
	for i := range parts {
		if left[i].Land() > 0 {
			live++
		}
	}
	rest := n
	for rest > 0 && live > 0 {
		each := rest / live
		if each == 0 {
			// Fewer losses than powers: a die picks who takes each.
			var cand []int
			for i := range parts {
				if left[i].Land()-share[i] > 0 {
					cand = append(cand, i)
				}
			}
			k := cand[0]
			if len(cand) > 1 {
				k = cand[dice.Roll("odd casualty", len(cand))-1]
			}
			share[k]++
			rest--
		} else {
			for i := range parts {
				t := min(each, left[i].Land()-share[i])
				share[i] += t
				rest -= t
			}
		}
		live = 0
		for i := range parts {
			if left[i].Land()-share[i] > 0 {
				live++
			}
		}
	}
	var res []Part
	for i, p := range parts {
		k := share[i]
		f := &out[i]
		take := func(have *uint8, got *uint8) {
			t := min(k, int(*have))
			*got += uint8(t)
			*have -= uint8(t)
			k -= t
		}
		take(&left[i].Merc, &f.Merc)
		take(&left[i].Cav, &f.Cav)
		take(&left[i].Reg, &f.Reg)
		if f.Land() > 0 {
			res = append(res, Part{p.Power, *f})
		}
	}
	return res, nil
}

func powerName(p int) string {
	if p < 0 || p >= NPow {
		return fmt.Sprintf("power %d", p)
	}
	return powers[p].Name
}

func subParts(a, b []Part) []Part {
	m := map[int]Force{}
	for _, p := range a {
		m[p.Power] = p.Force
	}
	for _, p := range b {
		f := m[p.Power]
		f.Reg -= p.Force.Reg
		f.Merc -= p.Force.Merc
		f.Cav -= p.Force.Cav
		m[p.Power] = f
	}
	var out []Part
	for _, p := range a {
		if f := m[p.Power]; f.Land() > 0 {
			out = append(out, Part{p.Power, f})
		}
	}
	return out
}

func (s *St) eliminate(sp int, ps []Part) {
	for _, p := range ps {
		_ = s.removeUnits(sp, p.Power, p.Force)
		s.fitCounters(sp, p.Power)
		s.clampMarks(sp, p.Power)
	}
}

// fitCounters removes further units of power p from sp, mercenaries and
// cavalry before regulars, until its units can be shown with its counters
// again (HIS-5.2a: a power that cannot make change loses more units from
// the space of the combat).
func (s *St) fitCounters(sp, p int) {
	for s.checkCounters(p) != nil {
		u := s.Units[sp][p]
		var f Force
		switch {
		case u.Merc > 0:
			f.Merc = 1
		case u.Cav > 0:
			f.Cav = 1
		case u.Reg > 0:
			f.Reg = 1
		default:
			return
		}
		_ = s.removeUnits(sp, p, f)
	}
}

// retreatLegal checks HIS-14.1c for power p's units going to space to:
// not in unrest, no enemy units, not independent nor controlled by a
// power other than p or its allies, not the forbidden space.
func (s *St) retreatLegal(p, to, forbidden int) bool {
	if to < 0 || to >= NS || to == forbidden || s.InUnrest(to) || s.enemyUnitsIn(to, p) || s.electorateBarred(p, to) {
		return false
	}
	return s.Friendly(to, p)
}

// RetreatOptions lists the spaces the losing side of a battle may retreat
// to (HIS-14.1b-c): for the active power only the space it came from.
func (s *St) RetreatOptions(b *Battle, attackerLost bool) []int {
	if attackerLost {
		if s.retreatLegal(b.Attacker, b.From, NoPower) {
			return []int{b.From}
		}
		return nil
	}
	var out []int
	dp := s.defParts(b)
	for _, e := range spaces[b.Space].Nbr {
		y := int(e.To)
		ok := len(dp) > 0
		for _, p := range dp {
			ok = ok && s.retreatLegal(s.side(p.Power), y, b.From)
		}
		if ok {
			out = append(out, y)
		}
	}
	return out
}

// ApplyBattle takes casualties, captures leaders, withdraws and retreats
// the loser and checks for a siege (HIS-14 steps 9-12, HIS-14.1, and
// HIS-15.2b-e for a relief force). The choices are checked before
// anything changes.
func (s *St) ApplyBattle(b *Battle, r BattleResult, after Aftermath, dice adjudicator.Dice) ([]string, error) {
	hungary := s.Units[b.Space][Hungary].Land() > 0
	log, err := s.applyBattle(b, r, after, dice)
	if err == nil && hungary {
		log = append(log, s.checkHungary()...)
	}
	return log, err
}

func (s *St) applyBattle(b *Battle, r BattleResult, after Aftermath, dice adjudicator.Dice) ([]string, error) {
	ap, dp := b.attParts(), s.defParts(b)
	attLoss, err := casualties(ap, r.AttLosses, after.AttLoss, dice)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", powers[b.Attacker].Name, err)
	}
	defLoss, err := casualties(dp, r.DefLosses, after.DefLoss, dice)
	if err != nil {
		return nil, fmt.Errorf("defender: %v", err)
	}
	attLeft, defLeft := subParts(ap, attLoss), subParts(dp, defLoss)
	defLead := s.defLeaders(b, dp)
	attLead := b.attLeaders()
	loserPower := b.Attacker
	if r.AttackerWins {
		loserPower = s.side(dp[0].Power)
	}
	// Check the choices before changing anything.
	var inside []Part
	withdrawOK := s.fortified(b.Space) && (s.Controller(b.Space) == loserPower || s.Allied(s.Controller(b.Space), loserPower))
	if r.AttackerWins && s.passive(dp[0].Power) {
		// HIS-22.1d: beaten inactive minor (or independent) units do not
		// retreat: up to 4 withdraw into their own fortifications.
		withdrawOK = s.fortified(b.Space) && int(s.Ctrl[b.Space]) == dp[0].Power
	}
	var survivors []Part
	if r.AttackerWins {
		survivors = defLeft
	} else {
		survivors = attLeft
	}
	maxIn := 0
	if withdrawOK {
		maxIn = 4
		if b.Relief && !r.AttackerWins {
			maxIn = 4 - (s.Inside(b.Space) - partsLand(ap))
			if r.AttHits < r.DefHits {
				// HIS-15.2d: only units that began inside go back in.
				// Casualties count against the relief force first.
				survivors = capParts(b.Committed, attLeft)
			}
		}
	}
	if after.Inside != nil {
		inside = *after.Inside
		if len(inside) > 0 && !withdrawOK {
			return nil, fmt.Errorf("the losers may not withdraw into the fortifications of %s", spaces[b.Space].Name)
		}
		if partsLand(inside) > maxIn {
			return nil, fmt.Errorf("at most %d units may be inside %s", max(maxIn, 0), spaces[b.Space].Name)
		}
		if _, err := casualties(survivors, partsLand(inside), inside, dice); err != nil && len(inside) > 0 {
			return nil, fmt.Errorf("withdrawal into %s: %v", spaces[b.Space].Name, err)
		}
	} else if withdrawOK && maxIn > 0 {
		inside = takeUpTo(survivors, maxIn, s.Controller(b.Space))
	}
	log := []string{r.text(powers[b.Attacker].Name, "the defender")}
	if r.AttackerWins {
		log = append(log, fmt.Sprintf("%s wins the battle of %s", powers[b.Attacker].Name, spaces[b.Space].Name))
	} else {
		log = append(log, fmt.Sprintf("the defender wins the battle of %s", spaces[b.Space].Name))
	}
	// Step 9-10: casualties and capture of leaders of a wiped-out side.
	s.eliminate(b.Space, attLoss)
	s.eliminate(b.Space, defLoss)
	if len(attLoss) > 0 {
		log = append(log, lossText(powers[b.Attacker].Name, attLoss))
	}
	if len(defLoss) > 0 {
		log = append(log, lossText("the defender", defLoss))
	}
	if partsLand(attLeft) == 0 {
		for _, l := range attLead {
			log = append(log, s.capture(l, s.side(dp[0].Power)))
		}
		attLead = nil
	}
	if partsLand(defLeft) == 0 {
		for _, l := range defLead {
			log = append(log, s.capture(l, b.Attacker))
		}
		defLead = nil
	}
	// Step 11: retreat.
	if r.AttackerWins {
		log = append(log, s.retreatLoser(b, defLeft, defLead, inside, after.RetreatTo)...)
		if b.Relief {
			// HIS-15.2b: the besiegers are gone; the siege is broken.
			s.Warfare.Siege.clear(b.Space)
			log = append(log, fmt.Sprintf("the siege of %s is broken", spaces[b.Space].Name))
			return log, nil
		}
		// Step 12: siege check.
		log = append(log, s.siegeAfterBattle(b, after.BreakTo)...)
		return log, nil
	}
	out := subParts(attLeft, inside)
	lead := attLead
	if partsLand(out) == 0 {
		lead = nil // the leaders stay inside with the units that withdrew
	}
	if len(inside) > 0 {
		log = append(log, fmt.Sprintf("%s withdraw into the fortifications of %s", partsText(inside), spaces[b.Space].Name))
	}
	log = append(log, s.retreatAttacker(b, out, lead)...)
	s.markLost(b.Space, inside, nil)
	if b.Relief {
		log = append(log, s.recheckSiege(b.Space)...)
	}
	return log, nil
}

// capParts is, power by power and kind by kind, the smaller of a and b.
func capParts(a, b []Part) []Part {
	m := map[int]Force{}
	for _, p := range b {
		m[p.Power] = p.Force
	}
	var out []Part
	for _, p := range a {
		h := m[p.Power]
		f := Force{Reg: min(p.Force.Reg, h.Reg), Merc: min(p.Force.Merc, h.Merc), Cav: min(p.Force.Cav, h.Cav)}
		if f.Land() > 0 {
			out = append(out, Part{p.Power, f})
		}
	}
	return out
}

// takeUpTo picks up to n units from parts for the fortifications, the
// controller's units first, regulars before mercenaries and cavalry.
func takeUpTo(parts []Part, n, first int) []Part {
	sorted := append([]Part(nil), parts...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Power == first && sorted[j].Power != first })
	var out []Part
	for _, p := range sorted {
		var f Force
		for _, x := range []struct{ have, got *uint8 }{{&p.Force.Reg, &f.Reg}, {&p.Force.Merc, &f.Merc}, {&p.Force.Cav, &f.Cav}} {
			t := min(n, int(*x.have))
			*x.got = uint8(t)
			n -= t
		}
		if f.Land() > 0 {
			out = append(out, Part{p.Power, f})
		}
	}
	return out
}

func partsText(ps []Part) string {
	var out []string
	for _, p := range ps {
		out = append(out, powers[p.Power].Name+" "+unitText(p.Force))
	}
	if len(out) == 0 {
		return "nothing"
	}
	return joinAnd(out)
}

// lossText tells that side lost parts: "France loses 1 regular" when the
// losses are one power's (named instead of "the defender"), each power's
// named before its units otherwise.
func lossText(side string, ps []Part) string {
	if len(ps) == 1 {
		return powers[ps[0].Power].Name + " loses " + unitText(ps[0].Force)
	}
	return side + " loses " + partsText(ps)
}

func joinAnd(list []string) string {
	switch len(list) {
	case 0:
		return ""
	case 1:
		return list[0]
	}
	out := list[0]
	for _, x := range list[1 : len(list)-1] {
		out += ", " + x
	}
	return out + " and " + list[len(list)-1]
}

// markLost marks units and leaders as having lost a battle this impulse.
func (s *St) markLost(loc int, ps []Part, ls []int) {
	for _, p := range ps {
		addMark(&s.Warfare.Lost, loc, p.Power, p.Force.Land())
		s.clampMarks(loc, p.Power)
	}
	for _, l := range ls {
		s.Warfare.LostLeaders |= 1 << l
	}
}

// retreatLoser withdraws the losing defenders' chosen units into the
// fortifications and retreats the rest (HIS-14.1).
func (s *St) retreatLoser(b *Battle, left []Part, ls []int, inside []Part, to int) []string {
	var log []string
	out := subParts(left, inside)
	// Leaders go inside with the units inside; otherwise they retreat.
	outLead := ls
	if len(inside) > 0 {
		log = append(log, fmt.Sprintf("%s withdraw into the fortifications of %s", partsText(inside), spaces[b.Space].Name))
		outLead = nil
		defer s.markLost(b.Space, inside, ls)
	}
	if partsLand(out) == 0 {
		return log
	}
	if s.passive(out[0].Power) {
		// HIS-22.1d: units beyond the 4 inside are eliminated.
		s.eliminate(b.Space, out)
		return append(log, fmt.Sprintf("%s do not retreat and are eliminated", partsText(out)))
	}
	opts := s.RetreatOptions(b, false)
	if to < 0 && len(opts) > 0 {
		to = opts[0]
	}
	if !contains(opts, to) {
		f := Formation{At: b.Space, Parts: out, Leaders: outLead}
		return append(log, s.destroy(f, b.Attacker)...)
	}
	s.moveFormation(Formation{At: b.Space, Parts: out, Leaders: outLead}, to)
	s.markLost(to, out, outLead)
	log = append(log, fmt.Sprintf("%s retreat to %s", unitsText(Formation{Parts: out, Leaders: outLead}), spaces[to].Name))
	log = append(log, s.captureLoneLeaders(to, s.side(out[0].Power))...)
	return log
}

// retreatAttacker retreats the losing active power to the space it came
// from (HIS-14.1c); with no legal retreat it is eliminated and its
// leaders captured.
func (s *St) retreatAttacker(b *Battle, out []Part, ls []int) []string {
	if partsLand(out) == 0 && len(ls) == 0 {
		return nil
	}
	f := Formation{At: b.Space, Parts: out, Leaders: ls}
	if !s.retreatLegal(b.Attacker, b.From, NoPower) {
		var captor int = Independent
		if dp := s.defParts(b); len(dp) > 0 {
			captor = s.side(dp[0].Power)
		}
		return s.destroy(f, captor)
	}
	s.moveFormation(f, b.From)
	s.markLost(b.From, out, ls)
	return []string{fmt.Sprintf("%s retreat to %s", unitsText(f), spaces[b.From].Name)}
}

// siegeAfterBattle is step 12 of a field battle the attacker won in a
// fortified enemy space: the space is under siege if the attacker
// outnumbers the units inside, else the attacker leaves (HIS-15.3b).
func (s *St) siegeAfterBattle(b *Battle, breakTo int) []string {
	c := s.Controller(b.Space)
	if !s.fortified(b.Space) || !s.hostile(b.Attacker, c) {
		return nil
	}
	inside := 0
	for q := 0; q < NPow; q++ {
		if s.insideSide(b.Space, q) {
			inside += s.Units[b.Space][q].Land()
		}
	}
	if s.stackLand(b.Space, b.Attacker) > inside {
		s.Warfare.Siege.set(b.Space)
		s.Warfare.NewSiege.set(b.Space)
		return []string{fmt.Sprintf("%s is under siege", spaces[b.Space].Name)}
	}
	log := []string{fmt.Sprintf("%s does not outnumber the garrison of %s and must leave", powers[b.Attacker].Name, spaces[b.Space].Name)}
	return append(log, s.besiegersLeave(b.Space, b.Attacker, breakTo)...)
}
