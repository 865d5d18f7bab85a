package hexbattle

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// View implements adjudicator.State. Everything on the map is open to
// both sides (checklist header: the only secret is Navarrete's starting
// plate modes, chosen in the pack's set-up here); pending fire orders are
// shown only to their own side.
func (s *St) View(role adjudicator.Role) adjudicator.View {
	v := adjudicator.View{Role: role}
	var st strings.Builder
	fmt.Fprintf(&st, "%s\n%s\n", s.p.Title, s.label())
	lines := []msg.M{msg.Lit(s.p.Title), s.LabelMsg()}
	for _, n := range s.p.Notes {
		fmt.Fprintf(&st, "%s\n", n)
		lines = append(lines, msg.Lit(n))
	}
	a, b := s.p.Sides[0], s.p.Sides[1]
	fmt.Fprintf(&st, "Victory points: %s %d, %s %d\n", a, s.VP[a], b, s.VP[b])
	lines = append(lines, msg.New("hex.status.vp", "A", a, "VA", s.VP[a], "B", b, "VB", s.VP[b]))
	if vis, ok := s.sc.Visibility[s.GT]; ok {
		fmt.Fprintf(&st, "Visibility this turn: %d hexes\n", vis)
		lines = append(lines, msg.New("hex.status.visibility", "Hexes", vis))
	}
	if s.fatigued() {
		st.WriteString("Fatigue: MA halved unless moving toward your edge; morale -2\n")
		lines = append(lines, msg.New("hex.status.fatigue"))
	}
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Status", Body: st.String(), TitleMsg: m("hex.section.status"), Lines: lines})
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Map", Body: s.textMap(string(role)), TitleMsg: m("hex.section.map")})
	for _, side := range s.p.Sides {
		var b strings.Builder
		for _, u := range s.Units {
			if u.Side != side {
				continue
			}
			c := s.counter(u)
			switch {
			case u.Gone != "":
				fmt.Fprintf(&b, "%-5s %-9s %s\n", u.ID, c.Name, u.Gone)
			case u.Turn > 0:
				fmt.Fprintf(&b, "%-5s %-9s arrives turn %d\n", u.ID, c.Name, u.Turn)
			case len(u.At) == 0 && len(u.With) > 0:
				fmt.Fprintf(&b, "%-5s %-9s to be placed with a %s unit\n", u.ID, c.Name, strings.Join(u.With, " or "))
			case len(u.At) == 0:
				fmt.Fprintf(&b, "%-5s %-9s to be placed in %s\n", u.ID, c.Name, hexList(u.Place))
			case s.pendingSetup(u, string(role)):
				fmt.Fprintf(&b, "%-5s %-9s %-9s mode chosen in secret (NAV-16.1)\n", u.ID, c.Name, hexList(u.At))
			default:
				f := s.face(u)
				fmt.Fprintf(&b, "%-5s %-9s %-9s %s MA %d morale %s armour %s", u.ID, c.Name, hexList(u.At), f.Name, f.MA, c.Morale, c.Armour)
				if len(u.At) == 2 {
					fmt.Fprintf(&b, " front %s", u.Front)
				}
				if u.Rout > 0 {
					fmt.Fprintf(&b, " ROUT -%d", u.Rout)
				}
				if u.Lance {
					b.WriteString(" lance")
				}
				if u.Charge != "" {
					fmt.Fprintf(&b, " charging %s", u.Charge)
				}
				if u.Fired {
					b.WriteString(" fired")
				}
				b.WriteString("\n")
			}
		}
		for _, l := range s.Leaders {
			if l.Side != side {
				continue
			}
			state := l.At.String()
			switch {
			case l.Gone != "":
				state = l.Gone
			case s.Phase == phSetup && (len(l.Place) > 0 || len(l.Near) > 0):
				state = "to be placed"
			case l.Turn > 0:
				state = fmt.Sprintf("arrives turn %d", l.Turn)
			case l.Disobeyed:
				state += " disobeyed"
			}
			fmt.Fprintf(&b, "leader %s: %s\n", s.leaderName(l), state)
		}
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Forces: " + side, Body: b.String(), TitleMsg: m("hex.section.forces", "Side", side)})
	}
	if ord, ok := s.SetupOrd[string(role)]; ok && s.Phase == phSetup {
		var b strings.Builder
		for _, l := range ord {
			b.WriteString(l.Text + "\n")
		}
		if b.Len() == 0 {
			b.WriteString("(defaults)\n")
		}
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Your set-up (waiting for the enemy's)", Body: b.String(), TitleMsg: m("hex.section.setup")})
	}
	if ord, ok := s.FireOrd[string(role)]; ok && s.Phase == phFire {
		var b strings.Builder
		for _, l := range ord {
			b.WriteString(l.Text + "\n")
		}
		if b.Len() == 0 {
			b.WriteString("(no fire)\n")
		}
		v.Sections = append(v.Sections, adjudicator.Section{Title: "Your fire orders (waiting for the enemy's)", Body: b.String(), TitleMsg: m("hex.section.fire")})
	}
	return v
}

// textMap draws the map around the reader's units: one column per hex
// line XX, one row per position YY (even lines sit half a hex lower).
// Units show their id, leaders '*', other hexes their terrain letter and
// elevation.
func (s *St) textMap(side string) string {
	lo, hi := s.window(side)
	var b strings.Builder
	b.WriteString("    ")
	for c := lo; c <= hi; c++ {
		fmt.Fprintf(&b, " %02d ", c)
	}
	b.WriteString("\n")
	for r := s.p.Positions[0]; r <= s.p.Positions[1]; r++ {
		fmt.Fprintf(&b, " %02d ", r)
		for c := lo; c <= hi; c++ {
			h := Hex{c, r}
			cell := fmt.Sprintf("%s%d", s.terrain(h).Code, s.elev(h))
			if s.wagon(h) {
				cell = "wg"
			}
			if us := s.unitsAt(h); len(us) > 0 {
				cell = s.hexTarget(h).ID
			}
			if len(s.leadersAt(h)) > 0 {
				cell += "*"
			}
			fmt.Fprintf(&b, "%-4s", truncate(cell, 4))
		}
		b.WriteString("\n")
	}
	b.WriteString("(even lines sit half a hex lower; * = leader; wg = wagon park)\n")
	return b.String()
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Check implements adjudicator.Checker: the invariants of the board.
func (s *St) Check() error {
	if s.Fin != (s.Phase == phOver) {
		return fmt.Errorf("finished is %v in phase %s", s.Fin, s.Phase)
	}
	if len(s.FireOrd) > 0 && s.Phase != phFire {
		return fmt.Errorf("fire orders left over in phase %s", s.Phase)
	}
	if len(s.SetupOrd) > 0 && s.Phase != phSetup {
		return fmt.Errorf("set-up orders left over in phase %s", s.Phase)
	}
	for side, v := range s.VP {
		if v < 0 {
			return fmt.Errorf("%s has %d VP", side, v)
		}
	}
	if s.GT < 1 || s.GT > s.p.Turns {
		return fmt.Errorf("game turn %d out of 1-%d", s.GT, s.p.Turns)
	}
	occ := map[Hex]*Unit{}
	for _, u := range s.Units {
		if u.Turn > 0 && len(u.At) > 0 {
			return fmt.Errorf("reinforcement %s is on the map before it entered", u.ID)
		}
		if !s.onMap(u) {
			continue
		}
		if u.Rout < 0 || u.Rout > 4 {
			return fmt.Errorf("%s has rout level %d", u.ID, u.Rout)
		}
		if s.double(u) {
			if len(u.At) != 2 || !Adjacent(u.At[0], u.At[1]) {
				return fmt.Errorf("double %s is not on two adjacent hexes: %v", u.ID, u.At)
			}
			if !Adjacent(u.Front, u.At[0]) || !Adjacent(u.Front, u.At[1]) {
				return fmt.Errorf("double %s at %s has a bad front %s", u.ID, hexList(u.At), u.Front)
			}
		} else if len(u.At) != 1 {
			return fmt.Errorf("single %s occupies %d hexes", u.ID, len(u.At))
		}
		for _, h := range u.At {
			if !s.p.OnMap(h) {
				return fmt.Errorf("%s is off the map at %s", u.ID, h)
			}
			if t := s.terrain(h); t.Prohibited || t.River {
				return fmt.Errorf("%s stands in %s terrain at %s", u.ID, t.Name, h)
			}
			if o := occ[h]; o != nil && !s.isCannon(o) && !s.isCannon(u) {
				return fmt.Errorf("%s and %s share hex %s (CN-6.0)", o.ID, u.ID, h)
			}
			occ[h] = u
		}
	}
	for _, l := range s.Leaders {
		if l.Gone == "" && l.Turn == 0 && !(s.Phase == phSetup && (len(l.Place) > 0 || len(l.Near) > 0)) {
			if !s.p.OnMap(l.At) {
				return fmt.Errorf("leader %s is off the map", l.ID)
			}
			for _, u := range s.unitsAt(l.At) {
				if u.Side != l.Side {
					return fmt.Errorf("leader %s shares %s with enemy %s", l.ID, l.At, u.ID)
				}
			}
		}
	}
	return nil
}
