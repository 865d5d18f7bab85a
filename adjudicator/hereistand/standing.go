package hereistand

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// StandingIntercept is a conditional standing order to intercept
// (HIS-13.2), given in advance so that a game of six players need not wait
// for an answer:
//
//	auto intercept from Lyon                 any move it may intercept from Lyon
//	auto intercept from Lyon to Dijon        only a move into Dijon
//	auto intercept from Lyon to Dijon at most 4
//	                                         only a formation of at most 4 land units
//
// When the power owes an interception decision and a standing order
// matches (the power may intercept from From; the move ends in To, if
// given; it moves at most Max land units, if given), the power intercepts
// from From with every unit that may go, at once; otherwise it is asked
// (or its "auto intercept" default applies). Standing orders stay until
// "auto intercept off" or "auto off".
type StandingIntercept struct {
	From int16
	To   int16 // -1: any destination
	Max  uint8 // 0: any size
}

func (x StandingIntercept) String() string {
	s := "from " + spaces[x.From].ID
	if x.To >= 0 {
		s += " to " + spaces[x.To].ID
	}
	if x.Max > 0 {
		s += " at most " + strconv.Itoa(int(x.Max))
	}
	return s
}

// text is the order as the player reads it, with space names.
func (x StandingIntercept) text() string {
	s := "auto intercept from " + spaces[x.From].Name
	if x.To >= 0 {
		s += " to " + spaces[x.To].Name
	}
	if x.Max > 0 {
		s += " at most " + strconv.Itoa(int(x.Max))
	}
	return s
}

// parseStandingIntercept reads "from SPACE [to SPACE] [at most N]" (space
// names of several words allowed; "into" for "to").
func parseStandingIntercept(w []string) (StandingIntercept, error) {
	x := StandingIntercept{To: -1}
	if len(w) < 2 || w[0] != "from" {
		return x, fmt.Errorf("write auto intercept from SPACE [to SPACE] [at most N]")
	}
	w = w[1:]
	if n := len(w); n >= 3 && w[n-3] == "at" && w[n-2] == "most" {
		m, err := strconv.Atoi(w[n-1])
		if err != nil || m < 1 || m > 30 {
			return x, fmt.Errorf("at most %q: want a number of land units from 1 to 30", w[n-1])
		}
		x.Max, w = uint8(m), w[:n-3]
	}
	from, to := w, []string(nil)
	for i, t := range w {
		if t == "to" || t == "into" {
			from, to = w[:i], w[i+1:]
			break
		}
	}
	sp, err := standingSpace(from)
	if err != nil {
		return x, err
	}
	x.From = int16(sp)
	if to != nil {
		sp, err := standingSpace(to)
		if err != nil {
			return x, err
		}
		x.To = int16(sp)
	}
	return x, nil
}

func standingSpace(w []string) (int, error) {
	if len(w) == 0 {
		return -1, fmt.Errorf("name a space")
	}
	name := strings.Join(w, " ")
	for i := range spaces {
		if strings.EqualFold(spaces[i].ID, name) || strings.EqualFold(spaces[i].Name, name) {
			return i, nil
		}
	}
	return -1, fmt.Errorf("unknown space %q", name)
}

// standingIntercept is the answer a standing order gives to power q's
// interception decision, or "" when none matches.
func (s *St) standingIntercept(q int) string {
	m := s.Flow.Move
	if m == nil || q < 0 || q >= NMajor {
		return ""
	}
	for _, x := range s.Flow.Intercepts[q] {
		if x.To >= 0 && int(x.To) != m.To || x.Max > 0 && m.F.Land() > int(x.Max) {
			continue
		}
		for _, o := range s.InterceptOptions(m) {
			if o.Power != q || o.From != int(x.From) {
				continue
			}
			n := min(o.Units, MaxFormation(o.Leaders))
			if n == 0 {
				continue
			}
			ord := order{verb: "intercept", units: unitSpec{given: true, count: n}, from: o.From, to: -1, leaders: o.Leaders}
			return ord.canonical(q)
		}
	}
	return ""
}

// answerByStanding answers the decision on top of the stack with a
// matching standing interception, and reports whether it did.
func (r *run) answerByStanding(d Decision) bool {
	s := r.s
	if d.Kind != DecIntercept {
		return false
	}
	line := s.standingIntercept(d.Power)
	if line == "" {
		return false
	}
	snap := s.clone()
	if _, rej := r.decisionAnswer(d, []adjudicator.Line{{No: 1, Text: line}}); rej != nil {
		*s = *snap
		return false
	}
	return true
}
