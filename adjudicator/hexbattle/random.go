package hexbattle

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// RandomSubmission implements adjudicator.Player: random legal orders.
func (s *St) RandomSubmission(role adjudicator.Role, pick func(int) int) *adjudicator.Submission {
	side := string(role)
	owes := false
	for _, r := range s.Owing() {
		owes = owes || r == role
	}
	if !owes {
		return nil
	}
	var lines []string
	switch s.Phase {
	case phSetup:
		w := s.clone()
		chosen := map[string]bool{}
		for _, c := range s.setupChoices(side) {
			f := strings.Fields(c)
			if strings.Contains(c, "(") || chosen[f[0]+":"+f[1]] || pick(3) == 0 {
				continue
			}
			if f[0] == "mode" && s.sc.SameMode[side] {
				continue
			}
			t := w.clone()
			if _, err := t.setupLine(side, f, chosen); err == nil {
				w = t
				lines = append(lines, c)
			}
		}
	case phMove:
		w := s.clone()
		w.mv = map[string]int{}
		for _, c := range s.entryChoices(side) {
			id := strings.Fields(c)[1]
			if pick(3) == 0 {
				t := w.clone()
				t.mv = map[string]int{}
				if _, err := t.enterLine(side, strings.Fields(c)); err == nil && !strings.Contains(strings.Join(lines, "|"), " "+id+" ") {
					w = t
					w.mv = map[string]int{}
					lines = append(lines, c)
				}
			}
		}
		w.enterReinforcements(true)
		for _, l := range w.chivalryMoves(side) {
			if _, err := w.moveLine(side, l); err == nil {
				lines = append(lines, l)
			}
		}
		try := func(l string) {
			t := w.clone()
			t.mv = map[string]int{}
			for k, v := range w.mv {
				t.mv[k] = v
			}
			if _, err := t.moveLine(side, l); err == nil {
				w = t
				lines = append(lines, l)
			}
		}
		for _, u := range s.Units {
			if u.Side == side && s.onMap(u) && u.Rout > 0 && pick(3) == 0 {
				try("rout " + u.ID + " prefer " + u.At[0].Step(pick(6)).String())
			}
			if u.Side != side || !s.onMap(u) || u.Rout > 0 || s.isCannon(u) || pick(3) == 0 {
				continue
			}
			c := s.counter(u)
			if c.Switch != "never" && c.Armour != "P" && len(c.Faces) > 1 && pick(4) == 0 {
				try("mode " + u.ID + " " + c.Faces[pick(len(c.Faces))].Name)
				continue
			}
			cur := w.unit(u.ID)
			if !w.onMap(cur) {
				continue // ridden down by the chivalry (CRE-17.12)
			}
			var path []string
			at := append([]Hex(nil), cur.At...)
			front := cur.Front
			steps := 1 + pick(4)
			d := pick(6)
			for range steps {
				if pick(3) == 0 {
					d = pick(6)
				}
				var next []Hex
				if len(at) == 1 {
					next = []Hex{at[0].Step(d)}
				} else {
					k := at[0].Dir(at[1])
					sgn := 1
					if at[0].Step(k-1) == front {
						sgn = -1
					}
					dd := k + sgn + pick(2)*sgn
					next = []Hex{at[0].Step(dd), at[1].Step(dd)}
					front = front.Step(dd)
				}
				var p []string
				for _, h := range next {
					p = append(p, h.String())
				}
				path = append(path, strings.Join(p, "-"))
				at = next
			}
			line := "move " + u.ID + " " + strings.Join(path, " ")
			// a charge if the path allows one
			for _, t := range w.Units {
				if t.Side != side && w.onMap(t) && unitDist(&Unit{At: at}, t) == 1 {
					try(line + " charge " + t.ID)
					break
				}
			}
			if len(lines) == 0 || !strings.HasPrefix(lines[len(lines)-1], line) {
				try(line)
			}
		}
		for _, l := range s.Leaders {
			if l.Side != side || l.Gone != "" || l.Turn > 0 || pick(2) == 0 {
				continue
			}
			// follow a friendly unit, or step at random
			try("move " + l.ID + " " + l.At.Step(pick(6)).String())
			if pick(4) == 0 {
				try([]string{"stay ", "follow "}[pick(2)] + l.ID)
			}
		}
	case phFire:
		used := map[string]bool{}
		for _, c := range s.fireChoices(side) {
			id := strings.Fields(c)[1]
			if !used[id] && pick(4) != 0 {
				used[id] = true
				lines = append(lines, c)
			}
		}
	default:
		used := map[string]bool{}
		for _, c := range s.chivalryAttackLines(side) {
			used[strings.Fields(c)[1]] = true
			lines = append(lines, c)
		}
		for _, c := range s.meleeChoices(side) {
			id := strings.Fields(c)[1]
			if !used[id] && pick(3) != 0 {
				used[id] = true
				lines = append(lines, c)
			}
		}
	}
	if len(lines) == 0 {
		lines = []string{"done"}
	}
	sub := &adjudicator.Submission{Role: role}
	for i, l := range lines {
		sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	return sub
}
