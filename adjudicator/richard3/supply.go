package richard3

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// overstack is one area over its supply or exile limit (7.1, 7.2).
type overstack struct {
	Area   int
	Excess int
	Cands  []int // blocks that may take the loss
}

// overstacks lists side's areas over their limits.
func (s *State) overstacks(side Side) []overstack {
	var out []overstack
	occ := s.occupancy()
	for a := 0; a < nAreas; a++ {
		if int(occ.n[a][side]) <= areas[a].Limit {
			continue // the candidates below are never more than these
		}
		var cands []int
		for i := 0; i < nBlocks; i++ {
			if int(s.Loc[i]) != a || s.owner(i) != side {
				continue
			}
			if areas[a].Exile != NoSide && blocks[i].Type == tMerc && blocks[i].homeExile() == a {
				continue // local mercenaries are supplied on top (7.2)
			}
			cands = append(cands, i)
		}
		if ex := len(cands) - areas[a].Limit; ex > 0 {
			out = append(out, overstack{a, ex, cands})
		}
	}
	return out
}

// minorToEnter returns side's most senior minor heir, or -1.
func (s *State) minorToEnter(side Side) int {
	for r := 0; r < 5; r++ {
		h := heirsOf[side][r]
		if s.Loc[h] == locMinor {
			return h
		}
	}
	return -1
}

// entryAreas lists where an entering minor heir of side may be placed (6.82).
func (s *State) entryAreas(side Side) []int {
	var out []int
	for a := 0; a < nAreas; a++ {
		if side == s.King {
			if areas[a].Crown && (s.friendly(a, side) || s.vacant(a)) {
				out = append(out, a)
			}
		} else if areas[a].Exile == side {
			out = append(out, a)
		}
	}
	return out
}

// supplyNeeds reports whether side has a decision in the current supply stage.
func (s *State) supplyNeeds(side Side) bool {
	if s.Stage == 0 {
		if s.EnterDue[side] > 0 && s.minorToEnter(side) >= 0 && len(s.entryAreas(side)) > 1 {
			return true
		}
		return s.defectedHeld(side) >= 0
	}
	return len(s.overstacks(side)) > 0
}

// startSupply opens the Supply Phase (1.4, 7.0).
func (s *State) startSupply(ev *[]adjudicator.Event) {
	s.Phase = phSupply
	if h := blockIdx["henry_vi"]; s.Loc[h] == locCaptive && s.friendly(aMiddlesex, Lancaster) {
		s.Loc[h] = int8(aMiddlesex)
		*ev = append(*ev, adjudicator.Event{Text: "Henry VI is freed in London (Kingmaker)."})
	}
	if s.KingDead {
		s.KingDead = false
		s.NewKing = true
	}
	s.Stage = 0
	s.EnterDue = s.Entering
	s.supplyStage(ev)
}

// supplyStage resolves stages with no decisions and stops at the first
// stage that needs one.
func (s *State) supplyStage(ev *[]adjudicator.Event) {
	for !s.Finished {
		s.Ready = [2]bool{!s.supplyNeeds(Lancaster), !s.supplyNeeds(York)}
		if !s.Ready[0] || !s.Ready[1] {
			return
		}
		if s.Stage == 0 {
			s.placeHeirs(nil, NoSide, ev)
			s.Stage = 1
			continue
		}
		s.endTurn(ev)
		return
	}
}

// placeHeirs brings in minor heirs (6.82), at the chosen areas or the
// first legal one.
func (s *State) placeHeirs(choice map[Side]int, only Side, ev *[]adjudicator.Event) {
	for sd := Side(0); sd < 2; sd++ {
		if only != NoSide && sd != only {
			continue
		}
		for s.Entering[sd] > 0 && s.EnterDue[sd] > 0 {
			h := s.minorToEnter(sd)
			if h < 0 {
				s.Entering[sd] = 0
				break
			}
			opts := s.entryAreas(sd)
			if len(opts) == 0 {
				break // waits for a Supply Phase with a legal area (ruling)
			}
			a := opts[0]
			if c, ok := choice[sd]; ok {
				a = c
				delete(choice, sd)
			}
			s.Loc[h] = int8(a)
			s.Str[h] = blocks[h].Steps
			s.Entering[sd]--
			s.EnterDue[sd]--
			*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("The %s heir %s comes of age and enters play at %s (6.82).", sd, blocks[h].Name, areas[a].Name)})
		}
	}
	if s.NewKing && (s.EnterDue[s.King] == 0 || s.minorToEnter(s.King) < 0 || len(s.entryAreas(s.King)) == 0) {
		s.NewKing = false
		if k := s.seniorHeir(s.King); k >= 0 {
			*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("%s is now King, at %s (6.81).", blocks[k].Name, areas[s.Loc[k]].Name)})
		}
	}
}

func (s *State) applySupply(sd Side, lines []adjudicator.Line, dice adjudicator.Dice, res *adjudicator.Result, quiet bool) *adjudicator.Rejection {
	var probs []adjudicator.Problem
	s.Ready[sd] = true
	if s.Stage == 0 {
		place := map[Side]int{}
		for _, l := range lines {
			v, rest := orders.Verb(l.Text)
			w, err := matchVerb(v, []string{"place", "execute", "pass", "keep"})
			if err != nil {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: []string{"place <heir> at <area>", "execute <block>", "pass"}})
				continue
			}
			switch w {
			case "place":
				h := s.minorToEnter(sd)
				if s.EnterDue[sd] == 0 || h < 0 {
					probs = append(probs, adjudicator.Problem{Line: l, Reason: "no heir of yours is due to enter"})
					continue
				}
				p := splitWord(rest, "at")
				if len(p) != 2 {
					p = splitArrow(rest)
				}
				if len(p) != 2 {
					probs = append(probs, adjudicator.Problem{Line: l, Reason: "write: place " + blocks[h].Name + " at <area>"})
					continue
				}
				opts := s.entryAreas(sd)
				// The heir is named, never guessed: a wrong name is
				// refused with the heir who is due (6.82, ruling R3-R54).
				// Only the side's own heirs are candidates: an ambiguous
				// prefix never lists an enemy heir the player cannot see.
				var heirs []int
				for i := 0; i < nBlocks; i++ {
					if blocks[i].Type == tHeir && blocks[i].Side == sd {
						heirs = append(heirs, i)
					}
				}
				if nb, err := matchBlock(p[0], heirs, "heir"); err != nil || blocks[nb].Name != blocks[h].Name {
					reason := fmt.Sprintf("%s is the heir due to enter (the most senior minor heir, 6.82)", blocks[h].Name)
					if err == nil {
						reason = fmt.Sprintf("%s is not the heir due to enter: %s is (the most senior minor heir, 6.82)", blocks[nb].Name, blocks[h].Name)
					} else {
						reason = err.Error() + "; " + reason
					}
					probs = append(probs, adjudicator.Problem{Line: l, Reason: reason, Legal: []string{"place " + blocks[h].Name + " at " + areaList(opts)}})
					continue
				}
				a, err := matchArea(p[1])
				if err != nil || !containsInt(opts, a) {
					probs = append(probs, adjudicator.Problem{Line: l, Reason: "an entering heir goes to a friendly or vacant Crown area (King's heirs) or an own exile area (Pretender's heirs) (6.82)", Legal: []string{"place " + blocks[h].Name + " at " + areaList(opts)}})
					continue
				}
				place[sd] = a
				res.Canonical = append(res.Canonical, "place "+blocks[h].Name+" at "+areas[a].Name)
			case "execute":
				d := s.defectedHeld(sd)
				if d < 0 {
					probs = append(probs, adjudicator.Problem{Line: l, Reason: "you hold no defected enemy heir (9.1)"})
					continue
				}
				res.Canonical = append(res.Canonical, "execute "+blocks[d].Name)
				res.Events = append(res.Events, adjudicator.Event{Text: fmt.Sprintf("%s executes %s (9.1).", sd, blocks[d].Name)})
				res.Events = append(res.Events, s.kill(d, "executed")...)
				s.checkVictory()
			default:
				res.Canonical = append(res.Canonical, "pass")
			}
		}
		if len(probs) > 0 {
			return &adjudicator.Rejection{Problems: probs}
		}
		if s.Finished {
			return nil
		}
		if a, ok := place[sd]; ok {
			// Kept secret until the other side has answered too.
			s.PlaceAt[sd] = int8(a + 1)
		}
		if s.Ready[sd.Other()] {
			for x := Side(0); x < 2; x++ {
				if s.PlaceAt[x] > 0 {
					place[x] = int(s.PlaceAt[x] - 1)
				}
			}
			s.PlaceAt = [2]int8{}
			s.placeHeirs(place, NoSide, &res.Events)
			s.Stage = 1
			s.supplyStage(&res.Events)
		}
		return nil
	}
	// Stage 1: supply losses.
	chosen := map[int]bool{}
	for _, l := range lines {
		v, rest := orders.Verb(l.Text)
		w, err := matchVerb(v, []string{"lose", "pass", "keep"})
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: []string{"lose <area>: <block>, <block>"}})
			continue
		}
		if w != "lose" {
			continue
		}
		head, list, _ := splitColon(rest)
		a, err := matchArea(head)
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error()})
			continue
		}
		var ov *overstack
		for _, o := range s.overstacks(sd) {
			if o.Area == a {
				o := o
				ov = &o
			}
		}
		if ov == nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: areas[a].Name + " is within its supply limit"})
			continue
		}
		var names []string
		n := 0
		for _, it := range orders.SplitList(list) {
			b, err := matchBlock(it, ov.Cands, "block of yours in "+areas[a].Name)
			if err != nil {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: blockNames(ov.Cands)})
				continue
			}
			chosen[b] = true
			names = append(names, blocks[b].Name)
			n++
		}
		if n > ov.Excess {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: fmt.Sprintf("%s is %d over its limit: name %d block(s) (7.1)", areas[a].Name, ov.Excess, ov.Excess)})
			continue
		}
		res.Canonical = append(res.Canonical, fmt.Sprintf("lose %s: %s", areas[a].Name, strings.Join(names, ", ")))
	}
	if len(probs) > 0 {
		return &adjudicator.Rejection{Problems: probs}
	}
	if len(res.Canonical) == 0 {
		res.Canonical = []string{"pass"}
	}
	s.Chosen[sd] = 0
	for b := range chosen {
		s.Chosen[sd] |= 1 << b
	}
	if !s.Ready[sd.Other()] {
		return nil
	}
	s.supplyLosses(&res.Events)
	if !s.Finished {
		s.endTurn(&res.Events)
	}
	return nil
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// supplyLosses applies 7.1/7.2: each block over a limit costs one step of
// a distinct block, the owner's choice, or else the strongest blocks.
func (s *State) supplyLosses(ev *[]adjudicator.Event) {
	var all [2][]overstack
	for sd := Side(0); sd < 2; sd++ {
		all[sd] = s.overstacks(sd)
	}
	for sd := Side(0); sd < 2; sd++ {
		for _, o := range all[sd] {
			var pick []int
			for _, b := range o.Cands {
				if s.Chosen[sd]&(1<<b) != 0 && len(pick) < o.Excess {
					pick = append(pick, b)
				}
			}
			for _, b := range s.lossOrder(o) {
				if len(pick) >= o.Excess {
					break
				}
				if !containsInt(pick, b) {
					pick = append(pick, b)
				}
			}
			*ev = append(*ev, adjudicator.Event{Text: fmt.Sprintf("%s is %d block(s) over its limit: %s loses %d step(s) (7.%d).", areas[o.Area].Name, o.Excess, sd, o.Excess, map[bool]int{true: 2, false: 1}[areas[o.Area].Exile != NoSide])})
			for _, b := range pick {
				s.Str[b]--
				*ev = append(*ev, adjudicator.Event{To: []adjudicator.Role{roleOf(sd)}, Text: fmt.Sprintf("%s loses a step to supply (now %d).", blocks[b].Name, s.Str[b])})
				if s.Str[b] <= 0 {
					*ev = append(*ev, s.eliminate(b, "supply")...)
				}
			}
		}
		s.Chosen[sd] = 0
	}
	s.checkVictory()
}

// lossOrder lists an overstack's blocks in the order the server gives
// them supply losses: non-heirs first, strongest first.
func (s *State) lossOrder(o overstack) []int {
	rest := append([]int(nil), o.Cands...)
	sort.SliceStable(rest, func(i, j int) bool {
		hi, hj := blocks[rest[i]].Type == tHeir, blocks[rest[j]].Type == tHeir
		if hi != hj {
			return !hi
		}
		return s.Str[rest[i]] > s.Str[rest[j]]
	})
	return rest
}
