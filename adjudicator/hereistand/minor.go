package hereistand

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Minor powers and independent keys (HIS-22). Inactive minor powers and
// the independent city states never act: their units only defend
// (HIS-22.1b-e, HIS-22.6b). An active minor is allied to one major power,
// whose player moves and builds its units as its own (HIS-22.3); control
// of the minor's spaces then goes to that major through Controller
// (HIS-22.2e). Declarations of war on minors and the cards that activate
// and deactivate them arrive with diplomacy and events.

// minorActivators lists, for each minor power, the major powers that may
// activate it (the Minor Power Activation table, HIS-22.1f).
var minorActivators = [NPow][]int{
	Genoa:    {France, Hapsburg, Papacy},
	Hungary:  {Hapsburg},
	Scotland: {England, France},
	Venice:   {France, Hapsburg, Papacy},
}

// isMinor reports whether q is one of the four minor powers.
func isMinor(q int) bool { return q >= NMajor && q < Independent }

// passive reports whether the units of power q only defend: independent
// units and those of an inactive minor power never move, intercept or
// avoid battle (HIS-22.1b, HIS-22.6b).
func (s *St) passive(q int) bool {
	return q == Independent || isMinor(q) && s.minorAlly(q) == NoPower
}

// garrisoned reports whether power q's land units in space sp are a
// passive garrison that always withdraws into the fortifications when
// the space is entered (HIS-22.1c, HIS-22.6b): q only defends, sp is
// fortified and q's own (an inactive minor's home fortress or an
// independent key), and at most 4 of q's land units are there.
func (s *St) garrisoned(sp, q int) bool {
	if sp < 0 || sp >= NS || !s.passive(q) || !s.fortified(sp) || int(s.Ctrl[sp]) != q {
		return false
	}
	n := s.Units[sp][q].Land()
	return n > 0 && n <= 4
}

// MayActivate says whether major power p may activate minor power m
// (HIS-22.1f, HIS-22.2a): the table allows it and m is inactive. The
// cards that activate ("Diplomatic Marriage", "Auld Alliance", ...) and
// intervention after a declaration of war come with diplomacy and events.
func (s *St) MayActivate(m, p int) error {
	switch {
	case !isMinor(m):
		return fmt.Errorf("%s is not a minor power", powerName(m))
	case p >= NMajor || !contains(minorActivators[m], p):
		return fmt.Errorf("%s may not activate %s (HIS-22.1f)", powerName(p), powers[m].Name)
	case s.minorAlly(m) != NoPower:
		return fmt.Errorf("%s is already active, allied to %s", powers[m].Name, powers[s.minorAlly(m)].Name)
	}
	return nil
}

// ActivateMinor makes minor power m an active ally of major power p
// (HIS-22.2c-f): the Allied marker (step 1); the minor's keys and other
// spaces now count as p's (steps 3-4, through Controller); the minor's
// At War markers go, its wars now being p's (step 5). Every power that
// was at war with m is now at war with p (step 2 taken as declared; the
// choice to decline arrives with diplomacy).
func (s *St) ActivateMinor(m, p int) ([]string, error) {
	if err := s.MayActivate(m, p); err != nil {
		return nil, err
	}
	log := []string{fmt.Sprintf("%s is activated as an ally of %s", powers[m].Name, powers[p].Name)}
	for q := 0; q < NMajor; q++ {
		if q != p && s.AtWar(q, m) {
			s.setAlly(q, p, false)
			if !s.AtWar(q, p) {
				s.setWar(q, p, true)
				log = append(log, fmt.Sprintf("%s and %s are at war", powers[q].Name, powers[p].Name))
			}
		}
	}
	for q := 0; q < NPow; q++ {
		if q != m {
			s.setWar(q, m, false)
		}
	}
	s.setAlly(m, p, true)
	return log, nil
}

// MayDeactivate says whether minor power m may be deactivated
// (HIS-22.2a, HIS-22.4a): it is active and it is not Hungary/Bohemia.
func (s *St) MayDeactivate(m int) error {
	switch {
	case !isMinor(m):
		return fmt.Errorf("%s is not a minor power", powerName(m))
	case m == Hungary:
		return fmt.Errorf("Hungary/Bohemia can never be deactivated (HIS-22.4a)")
	case s.minorAlly(m) == NoPower:
		return fmt.Errorf("%s is not active", powers[m].Name)
	}
	return nil
}

// hungaryRegulars counts the Hungarian/Bohemian regulars on the map.
func (s *St) hungaryRegulars() int {
	n := 0
	s.occ[Hungary].each(func(loc int) { n += int(s.Units[loc][Hungary].Reg) })
	return n
}

// hungarianKeysOf counts the Hungarian/Bohemian home keys power p controls.
func (s *St) hungarianKeysOf(p int) int {
	n := 0
	for _, k := range keys {
		if spaces[k].Home == Hungary && int(s.Ctrl[k]) == p {
			n++
		}
	}
	return n
}

// HungaryDefeated reports whether the Ottoman has now won its war against
// Hungary/Bohemia (HIS-22.5a), checked after a field battle or assault
// that leaves Hungary/Bohemia 4 or fewer regulars on the map: allied to
// the Hapsburg, the Ottoman controls two Hungarian/Bohemian home keys;
// not allied to the Hapsburg, the Ottoman controls one of them.
func (s *St) HungaryDefeated() bool {
	if s.Tracks.HungaryWon || !s.Enemy(Ottoman, Hungary) {
		return false
	}
	if s.hungaryRegulars() > 4 {
		return false
	}
	if s.minorAlly(Hungary) == Hapsburg {
		return s.hungarianKeysOf(Ottoman) >= 2
	}
	return s.hungarianKeysOf(Ottoman) >= 1
}

// checkHungary applies the Ottoman defeat of Hungary/Bohemia when it has
// happened (HIS-22.5b-c): the Hapsburg intervenes and is at war with the
// Ottoman, Hungary/Bohemia becomes a Hapsburg ally for good, every
// Hungarian home space holding Ottoman land units becomes Ottoman
// (besieged keys included, their Hungarian garrison eliminated), and the
// Ottoman gains 2 VP as War Winner.
func (s *St) checkHungary() []string {
	if !s.HungaryDefeated() {
		return nil
	}
	log := []string{"the Ottoman defeats Hungary/Bohemia; the Hapsburg intervenes"}
	s.Tracks.HungaryWon = true
	s.setAlly(Ottoman, Hapsburg, false)
	s.setWar(Ottoman, Hapsburg, true)
	s.setWar(Ottoman, Hungary, false)
	if s.minorAlly(Hungary) != Hapsburg {
		for q := 0; q < NMajor; q++ {
			s.setAlly(Hungary, q, false)
		}
		var free []int
		for q := 0; q < NPow; q++ {
			if q != Hungary && s.AtWar(q, Hungary) {
				s.setWar(q, Hungary, false)
				if q < NMajor && q != Hapsburg {
					free = append(free, q)
				}
			}
		}
		s.setAlly(Hungary, Hapsburg, true)
		log = append(log, "Hungary/Bohemia is activated as a Hapsburg ally and can never be deactivated")
		// HIS-22.2d: each other power at war with Hungary/Bohemia chooses
		// a free declaration of war on the Hapsburg, in Impulse Order.
		for i := len(free) - 1; i >= 0; i-- {
			s.Mand.Ask = askHungaryWar
			s.Flow.push(DecChoice, free[i])
		}
		for _, q := range free {
			log = append(log, fmt.Sprintf("%s may declare war on %s at no cost (HIS-22.2d).", powers[q].Name, powers[Hapsburg].Name))
		}
	}
	for _, sp := range homeSpaces(Hungary) {
		if s.Units[sp][Ottoman].Land() == 0 || int(s.Ctrl[sp]) == Ottoman {
			continue
		}
		if h := s.Units[sp][Hungary]; s.UnderSiege(sp) && h.Land() > 0 {
			_ = s.removeUnits(sp, Hungary, Force{Reg: h.Reg})
			s.clampMarks(sp, Hungary)
			log = append(log, fmt.Sprintf("the besieged Hungarian units in %s are eliminated", spaces[sp].Name))
		}
		s.Warfare.Siege.clear(sp)
		s.Ctrl[sp] = Ottoman
		log = append(log, fmt.Sprintf("%s comes under Ottoman control", spaces[sp].Name))
	}
	s.BonusVP[Ottoman] += 2
	return append(log, "the Ottoman gains 2 VP as War Winner")
}

// DeactivateMinor ends the alliance of minor power m with its major power
// (HIS-22.4b-c), as the events and peace terms that deactivate minors will
// call it. In order: the Allied marker goes; the former ally's control of
// m's home spaces ends (its own markers there are removed too); the former
// ally's units and leaders in those spaces leave, land units to its
// nearest friendly fortified space, ships to its nearest friendly port;
// then m's land units return to its nearest fortified home space under
// its own control, else to its nearest space under its control, else are
// eliminated; m's ships return to its nearest home port under its
// control, else are eliminated and its naval leaders go to the Turn track.
// Ties go to the first space in map order; the owners' choice is made
// for them, as in winter.
func (s *St) DeactivateMinor(m int) ([]string, error) {
	if err := s.MayDeactivate(m); err != nil {
		return nil, err
	}
	p := s.minorAlly(m)
	var lost []int
	for _, sp := range homeSpaces(m) {
		if s.Controller(sp) == p {
			lost = append(lost, sp)
		}
	}
	s.setAlly(m, p, false)
	log := []string{fmt.Sprintf("%s is no longer allied to %s", powers[m].Name, powers[p].Name)}
	for _, sp := range lost {
		if int(s.Ctrl[sp]) == p {
			s.Ctrl[sp] = uint8(m)
		}
	}
	// The former ally leaves the spaces that lost its markers.
	for _, sp := range lost {
		u := s.Units[sp][p]
		land := Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
		ships := Force{Sq: u.Sq, Cor: u.Cor}
		if land.Land() > 0 || len(s.armyLeaders(p, sp)) > 0 {
			to := s.nearestLand(sp, func(x int) bool {
				return s.fortified(x) && s.Friendly(x, p) && !s.enemyUnitsIn(x, p)
			})
			log = append(log, s.relocate(p, sp, to, land, false)...)
		}
		if ships.Naval() > 0 || len(s.navalLeaders(p, sp)) > 0 {
			to := s.nearestPortFrom(sp, func(x int) bool { return s.Friendly(x, p) && !s.UnderSiege(x) })
			log = append(log, s.relocate(p, sp, to, ships, true)...)
		}
	}
	// The minor's own units go home.
	var left []int
	for _, loc := range s.Occupied(m) {
		if !isSea(loc) && !contains(left, loc) {
			left = append(left, loc)
		}
		u := s.Units[loc][m]
		land := Force{Reg: u.Reg, Merc: u.Merc, Cav: u.Cav}
		ships := Force{Sq: u.Sq, Cor: u.Cor}
		if land.Land() > 0 && !isSea(loc) {
			home := func(x int) bool {
				return int(s.Ctrl[x]) == m && spaces[x].Home == m && s.fortified(x) && !s.enemyUnitsIn(x, m)
			}
			to := s.nearestLand(loc, home)
			if to < 0 {
				to = s.nearestLand(loc, func(x int) bool { return int(s.Ctrl[x]) == m && !s.enemyUnitsIn(x, m) })
			}
			log = append(log, s.relocate(m, loc, to, land, false)...)
		}
		if ships.Naval() > 0 {
			to := s.nearestPortFrom(loc, func(x int) bool {
				return int(s.Ctrl[x]) == m && spaces[x].Home == m && !s.UnderSiege(x)
			})
			log = append(log, s.relocate(m, loc, to, ships, true)...)
		}
	}
	for _, sp := range lost {
		log = append(log, s.recheckSiege(sp)...)
	}
	for _, loc := range left {
		log = append(log, s.recheckSiege(loc)...)
	}
	return log, nil
}

// relocate moves power q's units f (land or naval) and the leaders of the
// same kind from loc to to, or eliminates them when to is -1 (naval
// leaders then go to the Turn track, army leaders are removed).
func (s *St) relocate(q, loc, to int, f Force, naval bool) []string {
	var ls []int
	for _, l := range s.leadersAt(loc, q) {
		if leaders[l].Naval == naval {
			ls = append(ls, l)
		}
	}
	if to == loc {
		return nil
	}
	_ = s.removeUnits(loc, q, f)
	s.clampMarks(loc, q)
	what := unitText(f)
	if naval {
		what = navalText(f)
	}
	if to < 0 {
		for _, l := range ls {
			if naval {
				s.Leader[l] = LeaderAway
			} else {
				s.Leader[l] = LeaderRemoved
			}
		}
		if f.empty() {
			return nil
		}
		return []string{fmt.Sprintf("%s loses %s in %s, with nowhere to go", powerName(q), what, locName(loc))}
	}
	s.addUnits(to, q, f)
	s.fitCounters(to, q)
	for _, l := range ls {
		s.Leader[l] = int16(to)
	}
	var names []string
	if !f.empty() {
		names = append(names, what)
	}
	for _, l := range ls {
		names = append(names, leaders[l].Name)
	}
	return []string{fmt.Sprintf("%s moves %s from %s to %s", powerName(q), strings.Join(names, ", "), locName(loc), locName(to))}
}

// nearestLand is the land space nearest to from (counting connections)
// for which ok holds, from itself included; ties go to the first in map
// order; -1 if none.
func (s *St) nearestLand(from int, ok func(int) bool) int {
	if ts := s.nearestLandTies(from, ok); len(ts) > 0 {
		return ts[0]
	}
	return -1
}

// nearestLandTies lists the spaces for which ok holds at the least number
// of land connections from space from, in map order: the owner's choices
// when several are equally near (HIS-9.3d). Nil if none.
func (s *St) nearestLandTies(from int, ok func(int) bool) []int {
	if from < 0 || from >= NS {
		return nil
	}
	var seen [NS]bool
	seen[from] = true
	level := []int{from}
	for len(level) > 0 {
		var best, next []int
		for _, x := range level {
			if ok(x) {
				best = append(best, x)
			}
			for _, e := range spaces[x].Nbr {
				if !seen[e.To] {
					seen[e.To] = true
					next = append(next, int(e.To))
				}
			}
		}
		if len(best) > 0 {
			sort.Ints(best)
			return best
		}
		level = next
	}
	return nil
}

// nearestPortFrom is the port nearest to loc (a port or a sea zone),
// counted in sea zones, for which ok holds: loc itself if it qualifies;
// ties go to the first in map order; -1 if none.
func (s *St) nearestPortFrom(loc int, ok func(int) bool) int {
	var level []int
	var seen [NSea]bool
	if isSea(loc) {
		level = []int{loc - NS}
	} else {
		if spaces[loc].port() && ok(loc) {
			return loc
		}
		level = append(level, spaces[loc].Seas...)
	}
	for _, z := range level {
		seen[z] = true
	}
	for len(level) > 0 {
		best := -1
		var next []int
		for _, z := range level {
			for _, port := range seas[z].Ports {
				if ok(port) && (best < 0 || port < best) {
					best = port
				}
			}
			for _, y := range seas[z].Adj {
				if !seen[y] {
					seen[y] = true
					next = append(next, y)
				}
			}
		}
		if best >= 0 {
			return best
		}
		level = next
	}
	return -1
}

// askHungaryWar is the Mand.Ask of the free declarations of war on the
// Hapsburg owed after Hungary/Bohemia's defeat (HIS-22.2d); it is no
// card's number.
const askHungaryWar = 1000

func init() {
	choiceHooks[askHungaryWar] = &choiceHook{
		choices: func(s *St, d Decision) []string { return s.freeWarChoices(d.Power, Hapsburg) },
		text:    func(s *St, d Decision) string { return freeWarText(Hungary, Hapsburg) },
		answer: func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
			s := r.s
			canon, err := r.freeWar(d.Power, Hapsburg, Hungary, l.Text)
			if err != nil {
				return nil, reject(l, errLegal(legal, "%v", err))
			}
			s.Flow.pop()
			if top, ok := s.Flow.top(); !ok || top.Kind != DecChoice {
				s.Mand.Ask = 0
			}
			return []string{canon}, nil
		},
	}
}
