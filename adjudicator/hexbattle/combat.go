package hexbattle

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// losBetween is CN-8.11: a line of sight from any hex of the firer to any
// hex of the target; the two units' own hexes never block (ruling AMB-23).
// It returns the shortest clear range, or -1.
func (s *St) losBetween(a, b *Unit) int {
	best := -1
	own := map[Hex]bool{}
	for _, h := range a.At {
		own[h] = true
	}
	for _, h := range b.At {
		own[h] = true
	}
	blocks := func(h Hex) bool {
		if own[h] {
			return false
		}
		if t := s.terrain(h); t != nil && t.BlocksLOS {
			return true
		}
		return len(s.unitsAt(h)) > 0 // CN-8.13: combat units block, leaders never
	}
	for _, x := range a.At {
		for _, y := range b.At {
			if t := s.terrain(y); t != nil && t.Village { // CN-8.16: not into a village
				continue
			}
			if ClearLOS(x, y, blocks, s.elev) {
				if d := Dist(x, y); best < 0 || d < best {
					best = d
				}
			}
		}
	}
	return best
}

// fireRange is the column of the Fire CRT used, with Crécy's archer
// elevation shift (CRE-16.22, CRE-16.23).
func (s *St) fireRange(a, b *Unit, n int) int {
	w := s.face(a).Weapon
	if s.p.Rules == "crecy" && (w == "longbow" || w == "crossbow") {
		ea, eb := s.elev(a.At[0]), s.elev(b.At[0])
		switch {
		case ea > eb:
			n--
		case ea < eb:
			n++
		}
	}
	return n
}

// mayFire checks a firer alone (CN-8.0a, CRE-16.21c, CRE-16.44, NAV-16.22).
func (s *St) mayFire(u *Unit) error {
	f := s.face(u)
	switch {
	case !s.onMap(u):
		return fmt.Errorf("%s is not on the map", u.ID)
	case f.Weapon == "":
		return fmt.Errorf("%s is not in a fire mode (CN-8.0a)", u.ID)
	case u.Rout > 0:
		return fmt.Errorf("%s is routed and may not fire (CN-10.1)", u.ID)
	case s.isCannon(u) && u.Fired:
		return fmt.Errorf("cannon %s has fired this game turn (CRE-16.44)", u.ID)
	}
	near := s.counter(u).Near
	if near == "" {
		return nil
	}
	for _, o := range s.Units {
		if o.Side != u.Side || !s.onMap(o) || o == u {
			continue
		}
		ok := false
		switch {
		case near == "plate":
			ok = s.counter(o).Armour == "P"
		case near == "plate-wing":
			ok = s.counter(o).Armour == "P" && o.Wing == u.Wing
		case strings.HasPrefix(near, "unit:"):
			ok = strings.EqualFold(o.ID, near[5:])
		}
		if ok && unitDist(u, o) <= 2 {
			return nil
		}
	}
	return fmt.Errorf("%s may fire only within two hexes of %s (NAV-16.22, NAV-16.3b, CRE-16.21c)", u.ID, strings.TrimPrefix(near, "unit:"))
}

func unitDist(a, b *Unit) int {
	best := 1 << 30
	for _, x := range a.At {
		for _, y := range b.At {
			best = min(best, Dist(x, y))
		}
	}
	return best
}

// fireTarget checks one fire attack and returns its CRT range column.
func (s *St) fireTarget(u, t *Unit) (int, error) {
	if err := s.mayFire(u); err != nil {
		return 0, err
	}
	if t.Side == u.Side || !s.onMap(t) {
		return 0, fmt.Errorf("%s is not an enemy unit on the map", t.ID)
	}
	n := s.losBetween(u, t)
	if n < 0 {
		return 0, fmt.Errorf("%s has no line of sight to %s (CN-8.11)", u.ID, t.ID)
	}
	if v, ok := s.sc.Visibility[s.GT]; ok && n > v {
		return 0, fmt.Errorf("%s is %d hexes away; visibility is %d hexes this turn (CRE-18.3, CRE-19.3)", t.ID, n, v)
	}
	r := s.fireRange(u, t, n)
	row := s.p.Fire[s.face(u).Weapon][s.counter(s.resultUnit(t)).Armour]
	if r > len(row) || r < 1 && n > len(row) {
		return 0, fmt.Errorf("%s is out of range of %s (range %d, the Fire CRT stops at %d)", t.ID, u.ID, r, len(row))
	}
	return max(r, 1), nil
}

// resultUnit is the unit that takes a result aimed at t (CRE-16.43).
func (s *St) resultUnit(t *Unit) *Unit {
	if s.isCannon(t) {
		if o := s.hexTarget(t.At[0]); o != nil {
			return o
		}
	}
	return t
}

func (s *St) fireChoices(side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side != side || s.mayFire(u) != nil {
			continue
		}
		for _, t := range s.Units {
			if t.Side != side && s.onMap(t) {
				if _, err := s.fireTarget(u, t); err == nil {
					out = append(out, "fire "+u.ID+" at "+t.ID)
				}
			}
		}
	}
	return out
}

func (s *St) unitNames(side string, own bool) []orders.Name {
	var out []orders.Name
	for _, u := range s.Units {
		if s.onMap(u) && (u.Side == side) == own {
			out = append(out, orders.Name{ID: u.ID})
		}
	}
	return out
}

func (s *St) findUnit(side string, own bool, word string) (*Unit, error) {
	id, err := orders.Match(word, "unit", s.unitNames(side, own))
	if err != nil {
		return nil, err
	}
	return s.unit(id), nil
}

// checkFire reads "fire ID at TARGET".
func (s *St) checkFire(side, line string) (string, string, error) {
	w := strings.Fields(line)
	if len(w) > 0 && strings.EqualFold(w[0], "fire") {
		w = w[1:]
	}
	if len(w) == 3 && strings.EqualFold(w[1], "at") {
		w = []string{w[0], w[2]}
	}
	if len(w) != 2 {
		return "", "", fmt.Errorf("write a fire order as: fire ID at TARGET")
	}
	u, err := s.findUnit(side, true, w[0])
	if err != nil {
		return "", "", err
	}
	t, err := s.findUnit(side, false, w[1])
	if err != nil {
		return "", "", err
	}
	if _, err := s.fireTarget(u, t); err != nil {
		return "", "", err
	}
	return "fire " + u.ID + " at " + t.ID, u.ID, nil
}

// resolveFire is CN-8.0c: both sides' fire is rolled, then every morale
// check is taken at the end of the phase (CN-8.2), in the order of the
// attacks (ruling AMB-06).
func (s *St) resolveFire(dice adjudicator.Dice) {
	type hit struct{ t *Unit }
	var hits []hit
	for _, side := range []string{s.side(0), s.side(1)} {
		for _, l := range s.FireOrd[side] {
			w := strings.Fields(l.Text)
			u, t := s.unit(w[1]), s.unit(w[3])
			r, err := s.fireTarget(u, t)
			if err != nil {
				s.say("%s cannot fire at %s: %v", u.ID, t.ID, err)
				continue
			}
			if s.isCannon(u) {
				u.Fired = true
			}
			rt := s.resultUnit(t)
			need := s.p.Fire[s.face(u).Weapon][s.counter(rt).Armour][r-1]
			drm, why := s.fireDRM(rt)
			roll := dice.Roll("fire "+u.ID+" at "+t.ID, 6) + dice.Roll("fire "+u.ID+" at "+t.ID, 6)
			res := "miss"
			if need > 0 && roll+drm <= need {
				res = "HIT"
				hits = append(hits, hit{rt})
			}
			s.say("Fire: %s at %s, range %d, hits on %d or less; rolled %d%s: %s.", u.ID, rt.ID, r, need, roll, why, res)
		}
	}
	s.FireOrd = nil
	for _, h := range hits {
		if s.onMap(h.t) {
			s.moraleCheck(h.t, 0, "fire", dice)
		}
	}
}

// fireDRM collects the modifiers of a fire roll (table 2.5: M1, M2, M3).
func (s *St) fireDRM(t *Unit) (int, string) {
	d := 0
	var why []string
	add := func(v int, what string) {
		if v != 0 {
			d += v
			why = append(why, fmt.Sprintf("%+d %s", v, what))
		}
	}
	if t.Charge != "" {
		add(1, "charging target (CN-5.32)")
	}
	for _, h := range t.At {
		if s.wagon(h) && t.Side == s.p.Sides[0] {
			add(2, "wagon park (CRE-16.31)")
			break
		}
	}
	add(s.sc.FireDRM[s.GT], "fog (CRE-19.3)")
	if tr := s.terrain(t.At[0]); tr != nil {
		add(tr.FireDRM, tr.Name)
	}
	if len(why) == 0 {
		return 0, ""
	}
	return d, " " + strings.Join(why, ", ")
}

// moraleCheck is CN-10.0: one die plus modifiers on the unit's column.
// extra carries an attack's own modifier (a lance, CN-9.31).
func (s *St) moraleCheck(u *Unit, extra int, cause string, dice adjudicator.Dice) {
	c := s.counter(u)
	if c.Kind == "cannon" && len(s.unitsAt(u.At[0])) == 1 {
		s.lose(u, "eliminated") // CRE-16.42: a lone cannon and any result
		return
	}
	rating := c.Morale
	if s.sc.UseAlt == "alt" && c.AltMor != "" { // CRE-18.14, CRE-19.12
		rating = c.AltMor
	}
	row := s.p.Morale[rating]
	mod := extra - u.Rout // CN-10.31
	if s.fatigued() {
		mod -= 2 // CN-10.32, CN-13.2
	}
	if s.double(u) { // CN-10.33
		_, _, rc := s.sectors(u)
		for _, e := range s.unitsAt(rc) {
			if e.Side != u.Side {
				mod--
				break
			}
		}
	}
	for _, h := range u.At { // NAV-17.1, CRE-17.3
		for _, l := range s.leadersAt(h) {
			d := s.leaderDef(l.ID)
			if l.Side == u.Side && d != nil && d.Inspire != 0 && (d.InspNat == "" || d.InspNat == c.Nation) {
				mod += d.Inspire
			}
		}
	}
	die := dice.Roll("morale "+u.ID, 6)
	i := min(max(die+mod-row.From, 0), len(row.Result)-1)
	gain := row.Result[i]
	if gain == 0 {
		s.say("Morale (%s): %s rolls %d%+d, holds.", cause, u.ID, die, mod)
		return
	}
	s.routUp(u, gain, true)
	s.say("Morale (%s): %s rolls %d%+d and routs %d level(s), now %d.", cause, u.ID, die, mod, gain, u.Rout)
}

// routUp raises a unit's rout level (CN-10.1); beyond 4 it is eliminated.
// A rise from combat disobeys its leaders (CN-12.3; ruling AMB-05).
func (s *St) routUp(u *Unit, n int, combat bool) {
	u.Rout += n
	u.Charge = ""
	if combat {
		for _, h := range u.At {
			for _, l := range s.leadersAt(h) {
				if l.Side == u.Side {
					l.Disobeyed = true
				}
			}
		}
	}
	if u.Rout > 4 {
		u.Rout = 4
		s.lose(u, "eliminated")
	}
}

// sectors returns a double's front hexes, flank hexes and rear-centre hex
// (CN-5.2, checklist 6.2).
func (s *St) sectors(u *Unit) (front [3]Hex, flank [2]Hex, rc Hex) {
	h1, h2 := u.At[0], u.At[1]
	k := h1.Dir(h2)
	sgn := 1
	if h1.Step(k-1) == u.Front {
		sgn = -1
	}
	front = [3]Hex{h1.Step(k + 2*sgn), u.Front, h2.Step(k + sgn)}
	flank = [2]Hex{h1.Step(k + 3), h2.Step(k)}
	rc = h1.Step(k - sgn)
	return
}

// meleeSector returns the DRM for a double attacking into hex h, or an
// error for its rear (CN-9.12).
func (s *St) meleeSector(u *Unit, h Hex) (int, error) {
	if !s.double(u) {
		return 0, nil
	}
	front, flank, _ := s.sectors(u)
	if h == front[1] {
		return 0, nil
	}
	if h == front[0] || h == front[2] || h == flank[0] || h == flank[1] {
		return 2, nil
	}
	return 0, fmt.Errorf("%s may not attack into its rear hexes (CN-9.12)", u.ID)
}

// meleeCheck validates one attack and returns the attacker's hex, the
// target's hex and the sector DRM.
func (s *St) meleeCheck(u, t *Unit) (Hex, Hex, int, error) {
	f := s.face(u)
	switch {
	case !s.onMap(u) || !s.onMap(t):
		return Hex{}, Hex{}, 0, fmt.Errorf("both units must be on the map")
	case u.Rout > 0:
		return Hex{}, Hex{}, 0, fmt.Errorf("%s is routed and may not attack (CN-10.1)", u.ID)
	case !f.Attack:
		return Hex{}, Hex{}, 0, fmt.Errorf("%s is not in a melee mode (CN-4.0.A5, NAV-16.21, NAV-16.3a)", u.ID)
	case t.Side == u.Side:
		return Hex{}, Hex{}, 0, fmt.Errorf("%s is not an enemy unit", t.ID)
	}
	var lastErr error
	best := -1
	var ba, bt Hex
	for _, a := range u.At {
		for _, b := range t.At {
			if !Adjacent(a, b) {
				continue
			}
			d, err := s.meleeSector(u, b)
			if err != nil {
				lastErr = err
				continue
			}
			if best < 0 || d < best {
				best, ba, bt = d, a, b
			}
		}
	}
	if best < 0 {
		if lastErr != nil {
			return Hex{}, Hex{}, 0, lastErr
		}
		return Hex{}, Hex{}, 0, fmt.Errorf("%s is not adjacent to %s (CN-9.0a)", u.ID, t.ID)
	}
	return ba, bt, best, nil
}

func (s *St) meleeChoices(side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side != side || !s.onMap(u) || u.Rout > 0 || !s.face(u).Attack {
			continue
		}
		for _, t := range s.Units {
			if t.Side != side && s.onMap(t) {
				if _, _, _, err := s.meleeCheck(u, t); err == nil {
					out = append(out, "attack "+u.ID+" "+t.ID)
				}
			}
		}
	}
	return out
}

// parseAttack reads "attack ID TARGET".
func (s *St) parseAttack(side, line string) (*Unit, *Unit, error) {
	w := strings.Fields(line)
	if len(w) > 0 && strings.EqualFold(w[0], "attack") {
		w = w[1:]
	}
	if len(w) != 2 {
		return nil, nil, fmt.Errorf("write a melee order as: attack ID TARGET")
	}
	u, err := s.findUnit(side, true, w[0])
	if err != nil {
		return nil, nil, err
	}
	t, err := s.findUnit(side, false, w[1])
	if err != nil {
		return nil, nil, err
	}
	return u, t, nil
}

// melee resolves one checked attack at once (CN-9.0).
func (s *St) melee(u, t *Unit, dice adjudicator.Dice) {
	ah, th, drm, _ := s.meleeCheck(u, t)
	if s.isCannon(t) && len(s.unitsAt(th)) == 1 { // CRE-16.42
		s.lose(t, "eliminated")
		return
	}
	rt := s.resultUnit(t)
	f := s.face(u)
	var why []string
	add := func(v int, what string) {
		if v != 0 {
			why = append(why, fmt.Sprintf("%+d %s", v, what))
		}
	}
	if drm != 0 {
		why = append(why, fmt.Sprintf("%+d double's flank (CN-9.12)", drm))
	}
	moraleExtra := 0
	if u.Charge == t.ID || u.Charge == rt.ID { // CN-5.31
		v := s.drm("charge")
		drm += v
		add(v, "charge (CN-5.31)")
		if u.Lance { // CN-9.31, CN-9.32
			drm -= 2
			add(-2, "lance (CN-9.31)")
			moraleExtra = -2
			u.Lance = false
		}
	}
	u.Charge = ""
	if s.p.Rules == "crecy" && f.Weapon == "" && s.counter(u).Switch == "free" && strings.Contains(s.counter(u).Faces[0].Weapon, "longbow") {
		v := s.drm("longbow-attacking") // CRE-16.21b
		drm += v
		add(v, "longbow attacking (CRE-16.21b)")
	}
	if s.p.Rules == "navarrete" && s.face(rt).Weapon == "longbow" && !s.face(rt).Attack {
		v := s.drm("longbow-attacked") // NAV-16.21
		drm += v
		add(v, "longbow in fire mode (NAV-16.21)")
	}
	if s.p.Rules == "crecy" && s.obstacle(ah, th) { // CRE-15.32
		key := "obstacle-infantry"
		if f.Cav {
			key = "obstacle-cavalry"
		}
		v := s.drm(key)
		drm += v
		add(v, "obstacle hexside (CRE-15.32)")
	}
	if s.wagon(th) && rt.Side == s.p.Sides[0] {
		drm += 2
		add(2, "wagon park (CRE-16.31)")
	}
	if tr := s.terrain(th); tr != nil && tr.MeleeDRM != 0 {
		drm += tr.MeleeDRM
		add(tr.MeleeDRM, tr.Name)
	}
	need := s.p.Melee[f.Type][s.face(rt).Type]
	roll := dice.Roll("melee "+u.ID+" on "+rt.ID, 6) + dice.Roll("melee "+u.ID+" on "+rt.ID, 6)
	res := "no effect"
	if roll+drm <= need {
		res = "HIT"
	}
	s.say("Melee: %s attacks %s, hits on %d or less; rolled %d %s: %s.", u.ID, rt.ID, need, roll, strings.Join(why, ", "), res)
	if res == "HIT" {
		s.moraleCheck(rt, moraleExtra, "melee", dice) // CN-9.2
	}
}
