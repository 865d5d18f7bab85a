package hexbattle

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// phSetup is the players' set-up, before the first game turn: placing
// the units and leaders the scenario leaves to them (CRE-18.11,
// CRE-19.21) and choosing the starting modes of plate units (NAV-16.1,
// CRE-19.11). Both sides answer at once; the answers are revealed
// together when both are in.
const phSetup = "setup"

// needsSetup says whether side has set-up decisions in this scenario.
func (s *St) needsSetup(side string) bool {
	for _, u := range s.Units {
		if u.Side == side && (len(u.Place) > 0 || len(u.With) > 0 || s.modeChoice(u)) {
			return true
		}
	}
	for _, l := range s.Leaders {
		if l.Side == side && (len(l.Place) > 0 || len(l.Near) > 0) {
			return true
		}
	}
	return false
}

// modeChoice says whether the owner picks u's starting mode.
func (s *St) modeChoice(u *Unit) bool {
	c := s.counter(u)
	return s.sc.ChooseModes && c.Armour == "P" && len(c.Faces) > 1 && u.Gone == ""
}

// beginSetup opens the set-up phase if any side has a decision; else the
// first player turn starts at once.
func (s *St) beginSetup() {
	s.SetupOrd = map[string][]Line{}
	for _, side := range []string{s.side(0), s.side(1)} {
		if !s.needsSetup(side) {
			s.SetupOrd[side] = []Line{}
		}
	}
	if len(s.SetupOrd) == 2 {
		s.SetupOrd = nil
		s.startPlayerTurn()
		return
	}
	s.Phase = phSetup
}

// zone lists the hexes of a set-up range, in reading order.
func (s *St) zone(r []Hex) []Hex { return s.entryHexes(r) }

// placements lists the legal set-up positions of u: one hex, or for a
// double "XXYY-XXYY front XXYY".
func (s *St) placements(u *Unit) []string {
	var out []string
	if len(u.With) > 0 { // with a friendly unit of a kind (CRE-18.11: cannons)
		for _, o := range s.Units {
			if o == u || o.Side != u.Side || !s.onMap(o) || s.isCannon(o) || len(s.unitsAt(o.At[0])) != 1 {
				continue
			}
			c := s.counter(o)
			for _, k := range u.With {
				if (k == "plate" && c.Armour == "P") || k == c.Nation || strings.EqualFold(k, c.Name) {
					out = append(out, o.At[0].String())
					break
				}
			}
		}
		sort.Strings(out)
		return out
	}
	z := s.zone(u.Place)
	in := map[Hex]bool{}
	for _, h := range z {
		in[h] = true
	}
	free := func(h Hex) bool {
		return in[h] && s.passable(u, h, false) == nil && !s.occupiedFor(u, h)
	}
	for _, h := range z {
		if !free(h) {
			continue
		}
		if !s.double(u) {
			out = append(out, h.String())
			continue
		}
		for _, d := range []int{1, 2} { // each pair once
			o := h.Step(d)
			if !free(o) {
				continue
			}
			for _, f := range h.Neighbours() {
				if Adjacent(f, o) && f != o && s.p.OnMap(f) {
					out = append(out, fmt.Sprintf("%s-%s front %s", h, o, f))
				}
			}
		}
	}
	return out
}

// leaderPlaces lists the legal set-up hexes of a leader.
func (s *St) leaderPlaces(l *Leader) []Hex {
	var cand []Hex
	if len(l.Place) > 0 {
		cand = s.zone(l.Place)
	} else {
		seen := map[Hex]bool{}
		for _, id := range l.Near {
			u := s.unit(id)
			if u == nil || !s.onMap(u) {
				continue
			}
			for _, h := range u.At {
				nb := h.Neighbours()
				for _, x := range append([]Hex{h}, nb[:]...) {
					if !seen[x] {
						seen[x] = true
						cand = append(cand, x)
					}
				}
			}
		}
		sort.Slice(cand, func(i, j int) bool { return cand[i].String() < cand[j].String() })
	}
	var out []Hex
	for _, h := range cand {
		if !s.p.OnMap(h) || s.terrain(h).Prohibited || s.terrain(h).River {
			continue
		}
		ok := true
		for _, o := range s.unitsAt(h) {
			ok = ok && o.Side == l.Side
		}
		for _, o := range s.leadersAt(h) {
			ok = ok && o.Side == l.Side
		}
		if ok {
			out = append(out, h)
		}
	}
	return out
}

// maxListed caps the placements a prompt lists for one unit.
const maxListed = 12

// setupChoices lists side's set-up answers, for prompts and rejections.
func (s *St) setupChoices(side string) []string {
	var out []string
	for _, u := range s.Units {
		if u.Side != side {
			continue
		}
		if s.modeChoice(u) {
			for _, f := range s.counter(u).Faces {
				out = append(out, "mode "+u.ID+" "+f.Name)
			}
		}
		if (len(u.Place) > 0 || len(u.With) > 0) && len(u.At) == 0 {
			ps := s.placements(u)
			for i, p := range ps {
				if i == maxListed {
					out = append(out, fmt.Sprintf("place %s ... (%d more in %s)", u.ID, len(ps)-i, hexList(u.Place)))
					break
				}
				out = append(out, "place "+u.ID+" "+p)
			}
		}
	}
	for _, l := range s.Leaders {
		if l.Side == side && (len(l.Place) > 0 || len(l.Near) > 0) {
			if len(l.Near) > 0 {
				out = append(out, fmt.Sprintf("place %s HEX (with or next to %s)", l.ID, strings.Join(l.Near, ", ")))
				continue
			}
			for _, h := range s.leaderPlaces(l) {
				out = append(out, "place "+l.ID+" "+h.String())
			}
		}
	}
	return out
}

// applySetup applies side's set-up lines to s, then places by default
// whatever they left out (the first legal position, in reading order;
// the pack's mode) and checks the side's constraints. It returns the
// canonical lines and the problems found.
func (s *St) applySetup(side string, lines []adjudicator.Line) ([]string, []adjudicator.Problem) {
	var canon []string
	var probs []adjudicator.Problem
	chosen := map[string]bool{}
	var leaderLines []adjudicator.Line
	for _, l := range lines {
		w := strings.Fields(l.Text)
		verb := ""
		if len(w) > 0 {
			verb = strings.ToLower(w[0])
		}
		if verb == "place" && len(w) >= 3 {
			if ld := s.leader(w[1]); ld != nil && ld.Side == side {
				leaderLines = append(leaderLines, l) // after the units they stand with
				continue
			}
			if u := s.unit(w[1]); u != nil && u.Side == side && len(u.With) > 0 {
				leaderLines = append(leaderLines, l) // after the units they join
				continue
			}
		}
		c, err := s.setupLine(side, w, chosen)
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: s.setupChoices(side)})
			continue
		}
		canon = append(canon, c)
	}
	s.placeDefaults(side, chosen, false)
	for _, l := range leaderLines {
		c, err := s.setupLine(side, strings.Fields(l.Text), chosen)
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: s.setupChoices(side)})
			continue
		}
		canon = append(canon, c)
	}
	s.placeDefaults(side, chosen, true)
	if s.sc.SameMode[side] { // CRE-19.11
		face := ""
		for _, u := range s.Units {
			if u.Side == side && s.modeChoice(u) {
				if face != "" && u.Face != face {
					probs = append(probs, adjudicator.Problem{Reason: fmt.Sprintf("all %s plate units must start in the same mode (CRE-19.11): %s is %s, another is %s", side, u.ID, u.Face, face)})
					break
				}
				face = u.Face
			}
		}
	}
	return canon, probs
}

func (s *St) setupLine(side string, w []string, chosen map[string]bool) (string, error) {
	if len(w) < 3 {
		return "", fmt.Errorf("write: mode ID FACE, or place ID HEX (a double: place ID XXYY-XXYY front XXYY)")
	}
	switch strings.ToLower(w[0]) {
	case "mode":
		u, err := s.setupUnit(side, w[1])
		if err != nil {
			return "", err
		}
		if !s.modeChoice(u) {
			return "", fmt.Errorf("%s has no starting mode to choose in this scenario (NAV-16.1, CRE-19.11)", u.ID)
		}
		f := s.counter(u).face(strings.ToLower(w[2]))
		if f == nil {
			return "", fmt.Errorf("%s has no mode %q", u.ID, w[2])
		}
		if chosen["mode:"+u.ID] {
			return "", fmt.Errorf("%s's mode is given twice", u.ID)
		}
		chosen["mode:"+u.ID] = true
		u.Face = f.Name
		u.Lance = f.Cav // NAV-15.1c, NAV-16.1: lances only on plate starting as cavalry
		return "mode " + u.ID + " " + f.Name, nil
	case "place":
		if l := s.leader(w[1]); l != nil && l.Side == side {
			if len(l.Place) == 0 && len(l.Near) == 0 {
				return "", fmt.Errorf("leader %s is not placed by its owner in this scenario", l.ID)
			}
			if chosen["place:"+l.ID] {
				return "", fmt.Errorf("%s is placed twice", l.ID)
			}
			h, err := ParseHex(w[2])
			if err != nil {
				return "", err
			}
			for _, x := range s.leaderPlaces(l) {
				if x == h {
					chosen["place:"+l.ID] = true
					l.At = h
					return "place " + l.ID + " " + h.String(), nil
				}
			}
			return "", fmt.Errorf("leader %s may not be placed in %s (CRE-18.11)", l.ID, h)
		}
		u, err := s.setupUnit(side, w[1])
		if err != nil {
			return "", err
		}
		if len(u.Place) == 0 && len(u.With) == 0 {
			return "", fmt.Errorf("%s's set-up hex is fixed by the scenario", u.ID)
		}
		if chosen["place:"+u.ID] {
			return "", fmt.Errorf("%s is placed twice", u.ID)
		}
		want := samePlace(strings.Join(w[2:], " "))
		for _, p := range s.placements(u) {
			if samePlace(p) == want {
				chosen["place:"+u.ID] = true
				s.put(u, p)
				return "place " + u.ID + " " + p, nil
			}
		}
		if len(u.With) > 0 {
			return "", fmt.Errorf("%s may not be placed at %s: it sets up with a %s unit (CRE-18.11)", u.ID, want, strings.Join(u.With, " or "))
		}
		return "", fmt.Errorf("%s may not be placed at %s: its set-up zone is %s, one unit per hex (CN-6.0)", u.ID, want, hexList(u.Place))
	}
	return "", fmt.Errorf("unknown set-up order %q (mode, place, done)", w[0])
}

// samePlace normalises a placement: "0702-0701 front=0601" and
// "0701-0702 front 0601" are the same.
func samePlace(p string) string {
	p = strings.Replace(strings.ToLower(p), "front=", "front ", 1)
	w := strings.Fields(p)
	if len(w) == 0 {
		return ""
	}
	hs := strings.Split(w[0], "-")
	sort.Strings(hs)
	w[0] = strings.Join(hs, "-")
	return strings.Join(w, " ")
}

// setupUnit finds one of side's units at set-up, placed or not.
func (s *St) setupUnit(side, id string) (*Unit, error) {
	var names []orders.Name
	for _, u := range s.Units {
		if u.Side == side && u.Gone == "" && u.Turn == 0 {
			names = append(names, orders.Name{ID: u.ID})
		}
	}
	m, err := orders.Match(id, "unit", names)
	if err != nil {
		return nil, err
	}
	return s.unit(m), nil
}

// put sets u at a placement string from placements.
func (s *St) put(u *Unit, p string) {
	w := strings.Fields(p)
	hs := strings.Split(w[0], "-")
	u.At = nil
	for _, x := range hs {
		h, _ := ParseHex(x)
		u.At = append(u.At, h)
	}
	if len(w) == 3 {
		u.Front, _ = ParseHex(w[2])
	}
}

// placeDefaults places, in pack order, the units in set-up zones (or,
// with rest, the units set up with others, then the leaders) of side
// that no set-up line placed.
func (s *St) placeDefaults(side string, chosen map[string]bool, rest bool) {
	for _, u := range s.Units {
		if u.Side != side || chosen["place:"+u.ID] || len(u.At) > 0 || u.Gone != "" {
			continue
		}
		if (!rest && len(u.Place) > 0) || (rest && len(u.With) > 0) {
			if ps := s.placements(u); len(ps) > 0 {
				s.put(u, ps[0])
			} else {
				u.Gone = "not deployed"
			}
		}
	}
	if !rest {
		return
	}
	for _, l := range s.Leaders {
		if l.Side == side && (len(l.Place) > 0 || len(l.Near) > 0) && !chosen["place:"+l.ID] {
			if hs := s.leaderPlaces(l); len(hs) > 0 {
				l.At = hs[0]
			} else {
				l.Gone = "not deployed"
			}
		}
	}
}

// finishSetup reveals both sides' set-up, in player order, and starts the
// first player turn.
func (s *St) finishSetup() {
	for _, side := range []string{s.side(0), s.side(1)} {
		var lines []adjudicator.Line
		for _, l := range s.SetupOrd[side] {
			lines = append(lines, adjudicator.Line{No: l.No, Text: l.Text})
		}
		// checked when sent; a clash with the other side's set-up (zones
		// that overlap) falls back to the default placement
		s.applySetup(side, lines)
		for _, u := range s.Units {
			if u.Side == side && (len(u.Place) > 0 || len(u.With) > 0 || s.modeChoice(u)) && s.onMap(u) {
				s.say("%s sets up %s at %s, %s.", side, u.ID, hexList(u.At), u.Face)
			}
		}
		for _, l := range s.Leaders {
			if l.Side == side && (len(l.Place) > 0 || len(l.Near) > 0) {
				s.say("%s sets up leader %s at %s.", side, s.leaderName(l), l.At)
			}
		}
	}
	s.SetupOrd = nil
	s.startPlayerTurn()
}

// pendingSetup says whether u's set-up is still secret from role.
func (s *St) pendingSetup(u *Unit, role string) bool {
	return s.Phase == phSetup && u.Side != role && role != string(adjudicator.GM) && s.modeChoice(u) && s.sc.SecretModes
}
