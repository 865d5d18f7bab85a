// Package league holds the pure parts of club leagues: pairing a round
// (round robin by the circle method, or Swiss), standings from results,
// and Glicko-2 ratings per game title over rating periods. It does no
// I/O: the store keeps leagues (store.League) and the pbem command ties
// the two together.
//
// Players are named by their addresses (any non-empty strings). A
// Pairing's A takes the game's first side and B its second; a bye is a
// Pairing whose B is "".
package league

import (
	"errors"
	"fmt"
	"slices"
	"sort"
)

// Formats of a league.
const (
	RoundRobin = "roundrobin"
	Swiss      = "swiss"
)

// Pairing is one game of a round: A plays the first side, B the second.
// B == "" is a bye for A.
type Pairing struct {
	A string `json:"a"`
	B string `json:"b,omitempty"`
}

// Bye reports whether the pairing is a bye.
func (p Pairing) Bye() bool { return p.B == "" }

// ErrPlayers means the players given cannot form a league.
var ErrPlayers = errors.New("a league needs at least two players, each named once")

func checkPlayers(players []string) error {
	if len(players) < 2 {
		return ErrPlayers
	}
	seen := map[string]bool{}
	for _, p := range players {
		if p == "" || seen[p] {
			return fmt.Errorf("player %q: %w", p, ErrPlayers)
		}
		seen[p] = true
	}
	return nil
}

// RoundRobinRounds is the number of rounds in which n players all meet
// once: n−1 for an even n, n for an odd n (each player sits out once).
func RoundRobinRounds(n int) int {
	if n%2 == 1 {
		return n
	}
	return n - 1
}

// RoundRobinRound returns the pairings of round (1, 2, ...) of a round
// robin among players by the circle method. Rounds past the first cycle
// (RoundRobinRounds) start the cycle again with the sides swapped, so a
// double round robin has every pair meet once on each side.
//
// One seat is fixed (the first player; with an odd number of players, the
// bye) and the others turn around it by half the circle each round, as
// in Berger tables. The fixed seat changes side every round and in every
// other table the seat on the upper half plays A. Over a cycle each
// player then plays A and B equally often, or one more of one when he
// plays an odd number of games, and never more than twice in a row on the
// same side.
func RoundRobinRound(players []string, round int) ([]Pairing, error) {
	if err := checkPlayers(players); err != nil {
		return nil, err
	}
	if round < 1 {
		return nil, fmt.Errorf("round %d: rounds are numbered from 1", round)
	}
	slots := slices.Clone(players)
	if len(slots)%2 == 1 {
		slots = append([]string{""}, slots...) // the bye sits in the fixed seat
	}
	m := len(slots)
	per := m - 1
	cycle, r := (round-1)/per, (round-1)%per
	pos := make([]string, m)
	pos[0] = slots[0]
	for i := 1; i < m; i++ {
		pos[i] = slots[1+(i-1+r*(m/2))%(m-1)]
	}
	var out []Pairing
	var bye *Pairing
	for t := 0; t < m/2; t++ {
		a, b := pos[t], pos[m-1-t]
		if t == 0 && r%2 == 1 {
			a, b = b, a
		}
		if cycle%2 == 1 {
			a, b = b, a
		}
		switch {
		case a == "":
			bye = &Pairing{A: b}
		case b == "":
			bye = &Pairing{A: a}
		default:
			out = append(out, Pairing{A: a, B: b})
		}
	}
	if bye != nil {
		out = append(out, *bye)
	}
	return out, nil
}

// SwissInput is what a Swiss round is paired from.
type SwissInput struct {
	// Players in seed order (the order that breaks ties in score).
	Players []string
	// Past are the pairings of the rounds already paired, byes included.
	Past [][]Pairing
	// Scores are the players' points so far (absent: 0).
	Scores map[string]float64
	// Forbidden are pairs of players who must not meet (same club,
	// same household), in either order.
	Forbidden [][2]string
}

// SwissRound is a paired Swiss round.
type SwissRound struct {
	Pairings []Pairing // the bye, if any, last
	// Repeats and ForbiddenPairs count the pairings that had to break
	// a rule because no pairing of the round avoided it; both are 0
	// whenever that is possible.
	Repeats        int
	ForbiddenPairs int
	// RepeatBye is set when the bye went to a player who already had
	// one: every player had, or no other bye allowed a pairing at the
	// same level.
	RepeatBye bool
}

// swissBudget and swissHardBudget bound the two searches of one
// relaxation level (ranked, then most constrained first), so that a large
// league in which no pairing avoids a repeat does not search forever; the
// next level is tried when both run out. A step of the second search
// costs more (it counts every player's possible opponents).
const (
	swissBudget     = 200000
	swissHardBudget = 5000
)

// PairSwiss pairs the next round of a Swiss league. Players are ranked by
// score, then seed. Each score group is split in halves, the top half
// meeting the bottom half (1 v 5, 2 v 6, ... in a group of eight); an odd
// player out floats down to the next group. The lowest-ranked player who
// has not had a bye sits out when the number of players is odd.
//
// No two players meet twice and no forbidden pair meets, whenever some
// pairing of the round allows it: the search backtracks over every
// choice, the bye included (a second bye is preferred to a repeat). Only
// when none exists is a repeat allowed, and only when even that fails a
// forbidden pair; the result counts them.
//
// Sides go to the player who has played A less often (then to the one
// who played B last, then to the higher ranked).
func PairSwiss(in SwissInput) (SwissRound, error) {
	if err := checkPlayers(in.Players); err != nil {
		return SwissRound{}, err
	}
	seed := map[string]int{}
	for i, p := range in.Players {
		seed[p] = i
	}
	rank := slices.Clone(in.Players)
	sort.SliceStable(rank, func(i, j int) bool { return in.Scores[rank[i]] > in.Scores[rank[j]] })
	met := map[[2]string]bool{}
	hadBye := map[string]bool{}
	balance := map[string]int{} // A games minus B games
	last := map[string]int{}    // +1: last played A, -1: B
	for _, round := range in.Past {
		for _, p := range round {
			if p.Bye() {
				hadBye[p.A] = true
				continue
			}
			met[key(p.A, p.B)] = true
			balance[p.A]++
			balance[p.B]--
			last[p.A], last[p.B] = 1, -1
		}
	}
	forbidden := map[[2]string]bool{}
	for _, f := range in.Forbidden {
		forbidden[key(f[0], f[1])] = true
	}
	s := &swiss{scores: in.Scores, met: met, forbidden: forbidden}
	// Fresh byes first, lowest ranked first; a second bye only when no
	// fresh one lets the round be paired at the same level.
	var fresh, again []string
	if len(rank)%2 == 1 {
		for i := len(rank) - 1; i >= 0; i-- {
			if hadBye[rank[i]] {
				again = append(again, rank[i])
			} else {
				fresh = append(fresh, rank[i])
			}
		}
	}
	for level := 0; level < 3; level++ {
		s.level = level
		byes := [][]string{fresh, again}
		if len(rank)%2 == 0 {
			byes = [][]string{{""}}
		}
		for _, cands := range byes {
			// The ranked search first; if it gives up on its budget
			// (not if it proves there is no pairing), the search that
			// pairs the most constrained player first.
			for _, hard := range []bool{false, true} {
				s.hard, s.steps = hard, 0
				budget := swissBudget
				if hard {
					budget = swissHardBudget
				}
				s.budget = budget
				exhausted := false
				for _, bye := range cands {
					rest := slices.DeleteFunc(slices.Clone(rank), func(p string) bool { return p == bye })
					pairs, ok := s.match(rest, nil)
					if !ok {
						if s.steps > s.budget {
							exhausted = true
							break
						}
						continue
					}
					return s.result(pairs, bye, hadBye[bye], balance, last), nil
				}
				if !exhausted {
					break
				}
			}
		}
	}
	// Level 2 allows every pair, so this is reached only if the search
	// budget ran out even there.
	return SwissRound{}, fmt.Errorf("no Swiss pairing found for %d players within the search limit", len(rank))
}

// result gives each pair its sides and counts what it had to allow.
func (s *swiss) result(pairs [][2]string, bye string, repeatBye bool, balance, last map[string]int) SwissRound {
	out := SwissRound{RepeatBye: bye != "" && repeatBye}
	for _, pr := range pairs {
		a, b := pr[0], pr[1]
		switch {
		case balance[b] < balance[a],
			balance[b] == balance[a] && last[b] < last[a]:
			a, b = b, a
		}
		if s.met[key(a, b)] {
			out.Repeats++
		}
		if s.forbidden[key(a, b)] {
			out.ForbiddenPairs++
		}
		out.Pairings = append(out.Pairings, Pairing{A: a, B: b})
	}
	if bye != "" {
		out.Pairings = append(out.Pairings, Pairing{A: bye})
	}
	return out
}

func key(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

type swiss struct {
	scores    map[string]float64
	met       map[[2]string]bool
	forbidden map[[2]string]bool
	level     int  // 0: strict; 1: repeats allowed; 2: anything allowed
	hard      bool // pair the most constrained player first
	steps     int
	budget    int
}

func (s *swiss) allowed(a, b string) bool {
	k := key(a, b)
	switch s.level {
	case 0:
		return !s.met[k] && !s.forbidden[k]
	case 1:
		return !s.forbidden[k]
	}
	return true
}

// match pairs the players of rest (in rank order), depth first. The
// ranked search pairs the highest-ranked player first, with the opponent
// the Swiss system prefers; the hard search pairs first the player with
// the fewest possible opponents, and gives up on a branch as soon as a
// player has none. When repeats or forbidden pairs are allowed, the
// opponents that need neither are tried first.
func (s *swiss) match(rest []string, acc [][2]string) ([][2]string, bool) {
	if len(rest) == 0 {
		return acc, true
	}
	if s.steps++; s.steps > s.budget {
		return nil, false
	}
	var pi int
	var order []int
	if s.hard {
		count := make([]int, len(rest))
		for i := range rest {
			for j := i + 1; j < len(rest); j++ {
				if s.allowed(rest[i], rest[j]) {
					count[i]++
					count[j]++
				}
			}
		}
		for i, c := range count {
			if c == 0 {
				return nil, false
			}
			if c < count[pi] {
				pi = i
			}
		}
		for i := range rest {
			if i != pi {
				order = append(order, i)
			}
		}
		sort.SliceStable(order, func(x, y int) bool { return count[order[x]] < count[order[y]] })
	} else {
		// rest[0]'s score group among the unpaired: the candidates
		// start half way down it, go to its end, then back up to its
		// top, then down the lower groups.
		p := rest[0]
		g := 1
		for g < len(rest) && s.scores[rest[g]] == s.scores[p] {
			g++
		}
		half := max(g/2, 1)
		for i := half; i < g; i++ {
			order = append(order, i)
		}
		for i := half - 1; i >= 1; i-- {
			order = append(order, i)
		}
		for i := g; i < len(rest); i++ {
			order = append(order, i)
		}
	}
	p := rest[pi]
	if s.level > 0 {
		sort.SliceStable(order, func(x, y int) bool {
			return s.cost(p, rest[order[x]]) < s.cost(p, rest[order[y]])
		})
	}
	for _, i := range order {
		q := rest[i]
		if !s.allowed(p, q) {
			continue
		}
		next := make([]string, 0, len(rest)-2)
		for k, r := range rest {
			if k != pi && k != i {
				next = append(next, r)
			}
		}
		pair := [2]string{p, q}
		if i < pi {
			pair = [2]string{q, p} // the higher ranked first
		}
		if got, ok := s.match(next, append(acc, pair)); ok {
			return got, true
		}
		if s.steps > s.budget {
			return nil, false
		}
	}
	return nil, false
}

// cost ranks an opponent at the relaxed levels: 0 needs no exception, 1
// is a repeat, 2 a forbidden pair.
func (s *swiss) cost(a, b string) int {
	k := key(a, b)
	switch {
	case s.forbidden[k]:
		return 2
	case s.met[k]:
		return 1
	}
	return 0
}
