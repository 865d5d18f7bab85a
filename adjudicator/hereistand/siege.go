package hereistand

import (
	"fmt"
	"sort"

	"github.com/pbem/pbem/adjudicator"
)

// Siege and assault (HIS-15): breaking a siege (HIS-15.3) and the
// assault action (HIS-15.1). Relief forces are field battles (battle.go).

// UnderSiege reports whether space sp is under siege.
func (s *St) UnderSiege(sp int) bool { return sp >= 0 && sp < NS && s.Warfare.Siege.has(sp) }

// recheckSiege breaks the siege of sp when the besiegers no longer
// outnumber the units inside (HIS-15.3a, cavalry counts); the besiegers
// then leave at once to the first legal space (HIS-15.3b).
func (s *St) recheckSiege(sp int) []string {
	if !s.Warfare.Siege.has(sp) {
		return nil
	}
	out, in := s.Besiegers(sp), s.Inside(sp)
	if out > in {
		return nil
	}
	s.Warfare.Siege.clear(sp)
	s.Warfare.NewSiege.clear(sp)
	log := []string{fmt.Sprintf("the siege of %s is broken (%d besiegers, %d inside)", spaces[sp].Name, out, in)}
	var who []int
	for q := 0; q < NPow; q++ {
		if s.Units[sp][q].Land() > 0 && !s.insideSide(sp, q) && !contains(who, s.side(q)) {
			who = append(who, s.side(q))
		}
	}
	for _, p := range who {
		log = append(log, s.besiegersLeave(sp, p, -1)...)
	}
	return log
}

// BreakOptions lists the spaces power p's besiegers of sp may retreat to
// when the siege breaks (HIS-15.3b).
func (s *St) BreakOptions(sp, p int) []int {
	var out []int
	for _, e := range spaces[sp].Nbr {
		if s.retreatLegal(p, int(e.To), NoPower) {
			out = append(out, int(e.To))
		}
	}
	return out
}

// besiegersLeave moves power p's side (units and leaders) out of sp to
// space to (-1: the first legal space), or eliminates them and has the
// controller capture their leaders when no space is legal (HIS-15.3b).
func (s *St) besiegersLeave(sp, p, to int) []string {
	var parts []Part
	for q := 0; q < NPow; q++ {
		if s.side(q) == p {
			if f := s.Units[sp][q]; f.Land() > 0 {
				parts = append(parts, Part{q, Force{Reg: f.Reg, Merc: f.Merc, Cav: f.Cav}})
			}
		}
	}
	var ls []int
	for _, l := range s.leadersAt(sp, p) {
		if !leaders[l].Naval {
			ls = append(ls, l)
		}
	}
	f := Formation{At: sp, Parts: parts, Leaders: ls}
	if len(parts) == 0 && len(ls) == 0 {
		return nil
	}
	opts := s.BreakOptions(sp, p)
	if to < 0 && len(opts) > 0 {
		to = opts[0]
	}
	if !contains(opts, to) {
		return s.destroy(f, s.Controller(sp))
	}
	s.moveFormation(f, to)
	return []string{fmt.Sprintf("%s leave %s for %s", unitsText(f), spaces[sp].Name, spaces[to].Name)}
}

// Assault is an assault action (HIS-15.1) after its dice are rolled.
type Assault struct {
	Power, Space int
	F            Formation
	// Empty is set when no land units defended the space.
	Empty bool
}

// CheckAssault checks the requirements of an assault by formation f of
// power p on the space it stands in (HIS-15.1a-e).
func (s *St) CheckAssault(p int, f Formation) error {
	if err := s.checkFormation(p, f); err != nil || s.More.Treachery == int16(f.At+1) {
		return err // Treachery! waives the rest (events_more.go)
	}
	sp := f.At
	name := spaces[sp].Name
	switch {
	case !s.Warfare.Siege.has(sp) || s.insideSide(sp, p):
		return fmt.Errorf("%s is not besieging %s", powers[p].Name, name)
	case s.Warfare.NewSiege.has(sp):
		return fmt.Errorf("the siege of %s began this impulse: the assault must wait for a later impulse", name)
	case s.Warfare.Assaulted.has(sp):
		return fmt.Errorf("%s has already been assaulted this impulse", name)
	case f.Land() <= s.Inside(sp):
		return fmt.Errorf("the assaulting formation has %d land units, not more than the %d inside %s", f.Land(), s.Inside(sp), name)
	case !s.HasLOC(p, sp):
		return fmt.Errorf("%s has no line of communication to %s", powers[p].Name, name)
	}
	// HIS-15.1e: naval blockade; corsairs do not count.
	c := s.Controller(sp)
	if c < NPow {
		mine, theirs := 0, int(s.Units[sp][c].Sq)
		for _, z := range spaces[sp].Seas {
			if s.Units[seaLoc(z)][c].Sq > 0 {
				return fmt.Errorf("%s has a squadron in the %s, next to %s: no assault without a blockade", powers[c].Name, seas[z].Name, name)
			}
			mine += int(s.Units[seaLoc(z)][p].Sq)
		}
		if theirs > 0 && mine <= theirs {
			return fmt.Errorf("%d %s squadrons are in %s: %s needs more squadrons in the adjacent sea zones (it has %d)",
				theirs, powers[c].Name, name, powers[p].Name, mine)
		}
	}
	return nil
}

// AssaultDice counts the dice of an assault (HIS-15.1h-i, cavalry
// ignored): against an empty space one per land unit, else one per two
// land units rounded up, plus the best battle rating; the defender one
// per land unit inside, its best battle rating and one for defending.
func (s *St) AssaultDice(p int, f Formation) (att, def int) {
	sp := f.At
	attUnits := f.Land() - f.cav()
	in, inLead := 0, []int(nil)
	for q := 0; q < NPow; q++ {
		if s.insideSide(sp, q) {
			u := s.Units[sp][q]
			in += int(u.Reg) + int(u.Merc)
		}
	}
	for _, l := range s.insideLeaders(sp) {
		inLead = append(inLead, l)
	}
	if s.Inside(sp) == 0 {
		att = attUnits
	} else {
		att = (attUnits + 1) / 2
	}
	return att + bestBattle(f.Leaders), in + bestBattle(inLead) + 1
}

func (s *St) insideLeaders(sp int) []int {
	var out []int
	for l, at := range s.Leader {
		if int(at) == sp && !leaders[l].Naval {
			if q := leaderPower(s, l); q != NoPower && s.insideSide(sp, q) {
				out = append(out, l)
			}
		}
	}
	return out
}

func (s *St) insideParts(sp int) []Part {
	var out []Part
	for q := 0; q < NPow; q++ {
		if f := s.Units[sp][q]; f.Land() > 0 && s.insideSide(sp, q) {
			out = append(out, Part{q, Force{Reg: f.Reg, Merc: f.Merc, Cav: f.Cav}})
		}
	}
	return out
}

// RollAssault checks and rolls an assault (HIS-15.1 steps 1-8); the
// casualties and the outcome follow with ApplyAssault.
func (s *St) RollAssault(p int, f Formation, mods Mods, dice adjudicator.Dice) (*Assault, BattleResult, error) {
	if err := s.CheckAssault(p, f); err != nil {
		return nil, BattleResult{}, err
	}
	s.Warfare.Assaulted.set(f.At)
	att, def := s.AssaultDice(p, f)
	r := rollCombat(att+mods.AttDice, def+mods.DefDice, mods, dice, "assault", f.Land(), s.Inside(f.At))
	// No wipe-out rule in an assault: each side loses a unit per hit.
	r.AttLosses, r.DefLosses = min(r.DefHits, f.Land()), min(r.AttHits, s.Inside(f.At))
	r.AttackerWins = r.AttHits > 0 && r.DefLosses == s.Inside(f.At) && r.AttLosses < f.Land()
	return &Assault{Power: p, Space: f.At, F: f, Empty: s.Inside(f.At) == 0}, r, nil
}

// ApplyAssault takes the casualties of an assault (nil: default order)
// and resolves success or failure (HIS-15.1 steps 9-11).
func (s *St) ApplyAssault(a *Assault, r BattleResult, attLoss, defLoss []Part, dice adjudicator.Dice) ([]string, error) {
	hungary := s.Units[a.Space][Hungary].Land() > 0
	log, err := s.applyAssault(a, r, attLoss, defLoss, dice)
	if err == nil && hungary {
		log = append(log, s.checkHungary()...)
	}
	return log, err
}

func (s *St) applyAssault(a *Assault, r BattleResult, attLoss, defLoss []Part, dice adjudicator.Dice) ([]string, error) {
	sp := a.Space
	in := s.insideParts(sp)
	al, err := casualties(a.F.Parts, r.AttLosses, attLoss, dice)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", powers[a.Power].Name, err)
	}
	dl, err := casualties(in, r.DefLosses, defLoss, dice)
	if err != nil {
		return nil, fmt.Errorf("defender: %v", err)
	}
	log := []string{r.text(powers[a.Power].Name, "the garrison of "+spaces[sp].Name)}
	s.eliminate(sp, al)
	s.eliminate(sp, dl)
	if len(al) > 0 {
		log = append(log, lossText(powers[a.Power].Name, al))
	}
	if len(dl) > 0 {
		log = append(log, lossText("the garrison", dl))
	}
	left := partsLand(subParts(a.F.Parts, al))
	if r.AttHits > 0 && s.Inside(sp) == 0 && left > 0 {
		// HIS-15.1n: success.
		for q := 0; q < NPow; q++ {
			if f := s.Units[sp][q]; f.Naval() > 0 {
				_ = s.removeUnits(sp, q, Force{Sq: f.Sq, Cor: f.Cor})
				log = append(log, fmt.Sprintf("%s naval units in %s are eliminated", powers[q].Name, spaces[sp].Name))
			}
		}
		for l, at := range s.Leader {
			if int(at) != sp {
				continue
			}
			q := leaderPower(s, l)
			if q == NoPower || !s.hostile(a.Power, q) {
				continue
			}
			if leaders[l].Naval {
				s.Leader[l] = LeaderAway
				log = append(log, fmt.Sprintf("%s leaves the map until next turn", leaders[l].Name))
			} else {
				log = append(log, s.capture(l, a.Power))
			}
		}
		s.Warfare.Siege.clear(sp)
		s.Ctrl[sp] = uint8(a.Power)
		log = append(log, fmt.Sprintf("%s takes %s", powers[a.Power].Name, spaces[sp].Name))
		log = append(log, s.displayArrivals(sp)...) // HIS-21.6j
		return log, nil
	}
	log = append(log, fmt.Sprintf("the assault on %s fails", spaces[sp].Name))
	if left == 0 {
		for _, l := range a.F.Leaders {
			to := s.NearestFortified(a.Power, sp)
			if to < 0 {
				log = append(log, s.capture(l, s.Controller(sp)))
				continue
			}
			s.Leader[l] = int16(to)
			log = append(log, fmt.Sprintf("%s goes to %s", leaders[l].Name, spaces[to].Name))
		}
	}
	log = append(log, s.recheckSiege(sp)...)
	return log, nil
}

// NearestFortified is the nearest fortified space controlled by power p
// (a capital of p counts), by land connections, ties broken by the order
// of the map; -1 if none (HIS-15.1o, HIS-9.3).
func (s *St) NearestFortified(p, from int) int {
	if p < 0 || p >= NMajor {
		return -1
	}
	var dist [NS]int16
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	queue := []int{from}
	best := -1
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if best >= 0 && dist[x] > dist[best] {
			break
		}
		if x != from && s.fortified(x) && s.Controller(x) == p && !s.enemyUnitsIn(x, p) {
			if best < 0 || x < best {
				best = x
			}
		}
		for _, e := range spaces[x].Nbr {
			if dist[e.To] < 0 {
				dist[e.To] = dist[x] + 1
				queue = append(queue, int(e.To))
			}
		}
	}
	if best < 0 {
		for _, c := range powers[p].Capitals {
			if s.Controller(c) == p {
				return c
			}
		}
	}
	return best
}

// warWire is the stored form of the land-war bookkeeping.
type warWire struct {
	Siege        []string   `json:"siege,omitempty"`
	NewSiege     []string   `json:"new_siege,omitempty"`
	Assaulted    []string   `json:"assaulted,omitempty"`
	Lost         []markWire `json:"lost,omitempty"`
	Tried        []markWire `json:"tried,omitempty"`
	LostLeaders  []string   `json:"lost_leaders,omitempty"`
	TriedLeaders []string   `json:"tried_leaders,omitempty"`
}

type markWire struct {
	Loc   string `json:"loc"`
	Power string `json:"power"`
	N     int    `json:"n"`
}

func (w *LandWar) wire() *warWire {
	var o warWire
	sets := func(b locSet) []string {
		var out []string
		b.each(func(i int) { out = append(out, locID(i)) })
		return out
	}
	marks := func(ms []Mark) []markWire {
		var out []markWire
		for _, m := range ms {
			out = append(out, markWire{locID(m.Loc), powers[m.Power].ID, m.N})
		}
		return out
	}
	lmask := func(b uint64) []string {
		var out []string
		for l := range leaders {
			if b&(1<<l) != 0 {
				out = append(out, leaders[l].ID)
			}
		}
		return out
	}
	o.Siege, o.NewSiege, o.Assaulted = sets(w.Siege), sets(w.NewSiege), sets(w.Assaulted)
	o.Lost, o.Tried = marks(w.Lost), marks(w.Tried)
	o.LostLeaders, o.TriedLeaders = lmask(w.LostLeaders), lmask(w.TriedLeaders)
	if o.Siege == nil && o.NewSiege == nil && o.Assaulted == nil && o.Lost == nil && o.Tried == nil &&
		o.LostLeaders == nil && o.TriedLeaders == nil {
		return nil
	}
	return &o
}

func (w *LandWar) fromWire(o *warWire) error {
	*w = LandWar{}
	if o == nil {
		return nil
	}
	for _, set := range []struct {
		ids []string
		to  *locSet
	}{{o.Siege, &w.Siege}, {o.NewSiege, &w.NewSiege}, {o.Assaulted, &w.Assaulted}} {
		for _, id := range set.ids {
			sp, ok := spaceByID[id]
			if !ok {
				return fmt.Errorf("unknown siege space %s", id)
			}
			set.to.set(sp)
		}
	}
	for _, list := range []struct {
		in  []markWire
		out *[]Mark
	}{{o.Lost, &w.Lost}, {o.Tried, &w.Tried}} {
		for _, m := range list.in {
			loc, ok := locByID(m.Loc)
			p, okP := powerByID[m.Power]
			if !ok || !okP || m.N < 1 {
				return fmt.Errorf("bad unit mark %v", m)
			}
			addMark(list.out, loc, p, m.N)
		}
	}
	for _, list := range []struct {
		in  []string
		out *uint64
	}{{o.LostLeaders, &w.LostLeaders}, {o.TriedLeaders, &w.TriedLeaders}} {
		for _, id := range list.in {
			l, ok := leaderByID[id]
			if !ok {
				return fmt.Errorf("unknown leader %s", id)
			}
			*list.out |= 1 << l
		}
	}
	return nil
}

// checkWar verifies the land-war bookkeeping: sieges only in fortified
// spaces holding besiegers, marks on units that exist.
func (s *St) checkWar() error {
	var err error
	s.Warfare.Siege.each(func(sp int) {
		if err == nil && (sp >= NS || !s.fortified(sp)) {
			err = fmt.Errorf("siege of %s, which is not fortified", locName(sp))
		}
		// A move in progress may stand in a besieged space until its
		// battle is fought (a relief force waiting for avoid battle).
		moving := s.Flow.Move != nil && s.Flow.Move.Entered && s.Flow.Move.To == sp
		if err == nil && !moving && s.Besiegers(sp) <= s.Inside(sp) {
			err = fmt.Errorf("siege of %s: %d besiegers do not outnumber the %d inside", locName(sp), s.Besiegers(sp), s.Inside(sp))
		}
	})
	for _, list := range [][]Mark{s.Warfare.Lost, s.Warfare.Tried} {
		if !sort.SliceIsSorted(list, func(i, j int) bool {
			return list[i].Loc < list[j].Loc || list[i].Loc == list[j].Loc && list[i].Power < list[j].Power
		}) {
			return fmt.Errorf("unit marks out of order")
		}
		for _, m := range list {
			if m.N < 1 || m.N > s.Units[m.Loc][m.Power].Land() {
				return fmt.Errorf("%d marked units of %s in %s", m.N, powers[m.Power].Name, locName(m.Loc))
			}
		}
	}
	return err
}
