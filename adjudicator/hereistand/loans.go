package hereistand

import (
	"fmt"
	"strings"
)

// Loans of squadrons (HIS-9.1b3, HIS-9.2e, HIS-19.1).
//
// A deal that allies two powers may lend squadrons of one to the other:
//
//	propose: ally hapsburg; loan 2 squadrons in genoa to hapsburg
//
// The lent squadrons move at once to the receiver's nearest port and are
// the receiver's naval units until Winter: they stand in the receiver's
// stacks, move, fight, retreat and intercept as its own. A Loan records
// how many are out, so that the counter mix still counts them as the
// lender's pieces and Winter gives them back (HIS-19.1a).
//
// Squadrons of one counter are alike, so the record is a number, not the
// pieces: when the receiver loses squadrons, its own go first and a lent
// one is lost only when it has fewer squadrons left than it was lent (the
// latest loan first); in Winter the receiver's stacks in map order give
// back the number still lent (docs/rulings/here-i-stand-diplomacy.md).

// Loan is a loan of N squadrons from power From to power To this turn,
// with the naval leaders whose bits Leaders sets (bit l: leader l). A
// lent naval leader belongs to the receiver until Winter (leaderPower),
// so he moves, intercepts and fights with its squadrons (HIS-9.1b3).
type Loan struct {
	From, To, N int
	Leaders     uint64
}

type loanWire struct {
	From    string   `json:"from"`
	To      string   `json:"to"`
	N       int      `json:"n"`
	Leaders []string `json:"leaders,omitempty"`
}

// wire is the loan as it is encoded.
func (l Loan) wire() loanWire {
	w := loanWire{From: powers[l.From].ID, To: powers[l.To].ID, N: l.N}
	for x := range leaders {
		if l.Leaders&(1<<x) != 0 {
			w.Leaders = append(w.Leaders, leaders[x].ID)
		}
	}
	return w
}

// loanOf reads an encoded loan.
func loanOf(x loanWire) (Loan, error) {
	a, ok1 := powerByID[x.From]
	b, ok2 := powerByID[x.To]
	if !ok1 || !ok2 || a >= NMajor || b >= NMajor || x.N < 0 || x.N > 255 || (x.N == 0 && len(x.Leaders) == 0) {
		return Loan{}, fmt.Errorf("bad loan %v", x)
	}
	l := Loan{From: a, To: b, N: x.N}
	for _, id := range x.Leaders {
		i, ok := leaderByID[id]
		if !ok || !leaders[i].Naval {
			return Loan{}, fmt.Errorf("bad loan %v: %q is not a naval leader", x, id)
		}
		l.Leaders |= 1 << i
	}
	return l, nil
}

// lentTo is the power naval leader l is lent to this turn, or -1.
func (s *St) lentTo(l int) int {
	for _, x := range s.Flow.Loans {
		if x.Leaders&(1<<l) != 0 {
			return x.To
		}
	}
	return -1
}

// loanedIn is the number of squadrons lent to power p; loanedOut the
// number p lent.
func (s *St) loanedIn(p int) int {
	n := 0
	for _, l := range s.Flow.Loans {
		if l.To == p {
			n += l.N
		}
	}
	return n
}

func (s *St) loanedOut(p int) int {
	n := 0
	for _, l := range s.Flow.Loans {
		if l.From == p {
			n += l.N
		}
	}
	return n
}

// squadrons is the number of squadrons power p has on the map.
func (s *St) squadrons(p int) int {
	n := 0
	s.occ[p].each(func(loc int) { n += int(s.Units[loc][p].Sq) })
	return n
}

// lent reports whether power a lent squadrons to power b this turn.
func (s *St) lent(a, b int) bool {
	for _, l := range s.Flow.Loans {
		if l.From == a && l.To == b {
			return true
		}
	}
	return false
}

// checkLoans verifies the loans: between allies, one direction per pair,
// from the Diplomacy Phase to the Winter Phase, never more than the
// receiver's squadrons.
func (s *St) checkLoans() error {
	f := &s.Flow
	if len(f.Loans) == 0 {
		return nil
	}
	if s.Phase < PhDiplomacy || s.Phase > PhAction {
		return fmt.Errorf("squadrons on loan outside the turn they were lent")
	}
	for i, l := range f.Loans {
		if l.From == l.To || (l.N < 1 && l.Leaders == 0) || !s.Allied(l.From, l.To) {
			return fmt.Errorf("a loan of %d squadrons from %s to %s", l.N, powers[l.From].Name, powers[l.To].Name)
		}
		for x := range leaders {
			if l.Leaders&(1<<x) != 0 && !leaders[x].Naval {
				return fmt.Errorf("%s lent by %s", leaders[x].Name, powers[l.From].Name)
			}
		}
		for _, m := range f.Loans[:i] {
			if (m.From == l.From && m.To == l.To) || (m.From == l.To && m.To == l.From) {
				return fmt.Errorf("two loans between %s and %s", powers[l.From].Name, powers[l.To].Name)
			}
			if m.Leaders&l.Leaders != 0 {
				return fmt.Errorf("a naval leader lent twice")
			}
		}
	}
	for p := 0; p < NMajor; p++ {
		if in := s.loanedIn(p); in > s.squadrons(p) {
			return fmt.Errorf("%s holds %d lent squadrons but has %d", powers[p].Name, in, s.squadrons(p))
		}
	}
	return nil
}

// settleLoans takes the receivers' losses out of the loans: a receiver
// with fewer squadrons than it was lent lost lent ones, the latest loan
// first, and the lost pieces count for their owner (HIS-17.2b). A loan
// whose squadrons are all lost stays while it lends a naval leader.
func (s *St) settleLoans() {
	f := &s.Flow
	for i := len(f.Loans) - 1; i >= 0; i-- {
		l := &f.Loans[i]
		over := s.loanedIn(l.To) - s.squadrons(l.To)
		if over <= 0 {
			continue
		}
		k := min(over, l.N)
		l.N -= k
		d := min(k, int(f.NavalDead[l.To]))
		f.NavalDead[l.To] -= uint8(d)
		f.NavalDead[l.From] += uint8(d)
	}
	out := f.Loans[:0]
	for _, l := range f.Loans {
		if l.N > 0 || l.Leaders != 0 {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		out = nil
	}
	f.Loans = out
}

// portNearest is the port nearest to location loc (a port or a sea zone)
// that ok accepts, counting each sea zone crossed as one space; the path
// never passes through a port (HIS-9.2e). Ties go to the first port in
// map order. A port ok accepts is its own nearest. -1 when none is
// reachable.
func portNearest(loc int, ok func(int) bool) int {
	var seen [NSea]bool
	var level []int
	if isSea(loc) {
		level = []int{loc - NS}
	} else {
		if ok(loc) {
			return loc
		}
		level = append(level, spaces[loc].Seas...)
	}
	for _, z := range level {
		seen[z] = true
	}
	for len(level) > 0 {
		best := -1
		for _, z := range level {
			for _, port := range seas[z].Ports {
				if ok(port) && (best < 0 || port < best) {
					best = port
				}
			}
		}
		if best >= 0 {
			return best
		}
		var next []int
		for _, z := range level {
			for _, y := range seas[z].Adj {
				if !seen[y] {
					seen[y] = true
					next = append(next, y)
				}
			}
		}
		level = next
	}
	return -1
}

// applyLoan carries out the term "a: loan n squadrons in port to b".
func (r *run) applyLoan(t term) error {
	s := r.s
	a, b, from, n := t.actor, t.other, t.space, t.n
	switch {
	case !s.Allied(a, b):
		return fmt.Errorf("%s lends squadrons only to an ally, in the deal that makes the alliance (HIS-9.2e)", powers[a].Name)
	case s.lent(b, a):
		return fmt.Errorf("%s already lends squadrons to %s: one direction per pair (HIS-9.2e)", powers[b].Name, powers[a].Name)
	case from >= NS || !spaces[from].port() || int(s.Units[from][a].Sq) < n:
		return fmt.Errorf("%s has not %d squadrons in port in %s (corsairs are never lent)", powers[a].Name, n, locName(from))
	}
	var mask uint64
	what := navalText(Force{Sq: uint8(n)})
	if l := t.leader; l >= 0 {
		// HIS-9.1b3: a naval leader goes with squadrons lent from his port.
		if int(s.Leader[l]) != from || s.lentTo(l) >= 0 || leaders[l].Power != a && s.minorAlly(leaders[l].Power) != a {
			return fmt.Errorf("%s is not a naval leader of %s in %s (HIS-9.1b3)", leaders[l].Name, powers[a].Name, spaces[from].Name)
		}
		mask, what = 1<<l, what+", "+leaders[l].Name
	}
	to := portNearest(from, func(x int) bool { return s.Controller(x) == b })
	if to < 0 {
		return fmt.Errorf("no path by sea from %s to a port of %s (HIS-9.2e)", spaces[from].Name, powers[b].Name)
	}
	_ = s.removeUnits(from, a, Force{Sq: uint8(n)})
	s.addUnits(to, b, Force{Sq: uint8(n)})
	if mask != 0 {
		s.Leader[t.leader] = int16(to)
	}
	found := false
	for i := range s.Flow.Loans {
		if l := &s.Flow.Loans[i]; l.From == a && l.To == b {
			l.N += n
			l.Leaders |= mask
			found = true
		}
	}
	if !found {
		s.Flow.Loans = append(s.Flow.Loans, Loan{a, b, n, mask})
	}
	if err := s.checkCounters(b); err != nil {
		return err
	}
	r.say("%s lends %s in %s to %s, received in %s (HIS-9.2e).", powers[a].Name, what, spaces[from].Name, powers[b].Name, spaces[to].Name)
	return nil
}

// loanLeader reads the optional "with <naval leader>" of a loan term
// (HIS-9.1b3) at the start of rest; it returns the leader (-1: none) and
// what follows him.
func loanLeader(rest string) (int, string, error) {
	rest, ok := strings.CutPrefix(rest, "with ")
	if !ok {
		return -1, rest, nil
	}
	name, after, ok := strings.Cut(rest, " in ")
	if !ok {
		return -1, rest, fmt.Errorf(`write "loan <n> squadrons with <naval leader> in <port> to <power>"`)
	}
	ls, err := matchNavalLeaders(name)
	if err != nil {
		return -1, rest, err
	}
	if len(ls) != 1 {
		return -1, rest, fmt.Errorf("one naval leader a term: lend another in a term of its own (HIS-9.1b3)")
	}
	return ls[0], "in " + after, nil
}

// returnLoans gives the lent squadrons back in Winter (HIS-19.1a): the
// receiver's stacks in map order give back what is still lent, which
// goes to the lender's port nearest to where it is, a port the lender
// itself controls; with none in reach it is eliminated.
func (r *run) returnLoans() {
	s := r.s
	s.settleLoans()
	loans := s.Flow.Loans
	s.Flow.Loans = nil // the lent naval leaders are their owners' again
	for _, l := range loans {
		r.returnLentLeaders(l)
		left := l.N
		var locs []int
		s.occ[l.To].each(func(loc int) { locs = append(locs, loc) })
		for _, loc := range locs {
			k := min(left, int(s.Units[loc][l.To].Sq))
			if k == 0 {
				continue
			}
			left -= k
			f := Force{Sq: uint8(k)}
			_ = s.removeUnits(loc, l.To, f)
			to := portNearest(loc, func(x int) bool { return s.Controller(x) == l.From })
			if to < 0 {
				r.say("%s squadrons lent to %s find no port of theirs and are eliminated (HIS-19.1).", powers[l.From].Name, powers[l.To].Name)
				continue
			}
			s.addUnits(to, l.From, f)
			r.say("%s gives %s back to %s, brought home from %s to %s (HIS-19.1).", powers[l.To].Name, navalText(f), powers[l.From].Name, locName(loc), spaces[to].Name)
		}
	}
}

// returnLentLeaders gives back the naval leaders of loan l (HIS-9.1b3,
// HIS-19.1): a leader on the map goes to the lender's port nearest to
// where he stands, as its squadrons do; with none in reach he waits on
// the Turn track (HIS-8.2c). A leader off the map comes back as his
// owner's piece.
func (r *run) returnLentLeaders(l Loan) {
	s := r.s
	for x := range leaders {
		at := int(s.Leader[x])
		if l.Leaders&(1<<x) == 0 || at < 0 {
			continue
		}
		to := portNearest(at, func(y int) bool { return s.Controller(y) == l.From })
		if to < 0 {
			s.Leader[x] = LeaderAway
			r.say("%s, lent to %s, finds no port of %s and waits on the Turn track (HIS-19.1).", leaders[x].Name, powers[l.To].Name, powers[l.From].Name)
			continue
		}
		s.Leader[x] = int16(to)
		r.say("%s gives %s back to %s, who returns from %s to %s (HIS-19.1).", powers[l.To].Name, leaders[x].Name, powers[l.From].Name, locName(at), spaces[to].Name)
	}
}
