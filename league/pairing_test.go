package league

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%02d@club.example", i)
	}
	return out
}

// checkRound checks that every player appears exactly once in the round
// and that there is a bye exactly when the number of players is odd.
func checkRound(t interface {
	Fatalf(string, ...any)
}, players []string, round []Pairing) {
	seen := map[string]int{}
	byes := 0
	for _, p := range round {
		seen[p.A]++
		if p.Bye() {
			byes++
		} else {
			seen[p.B]++
		}
	}
	for _, p := range players {
		if seen[p] != 1 {
			t.Fatalf("player %s appears %d times in round %v", p, seen[p], round)
		}
	}
	if len(seen) != len(players) {
		t.Fatalf("round %v names players not in the league", round)
	}
	if want := len(players) % 2; byes != want {
		t.Fatalf("round %v has %d byes, want %d", round, byes, want)
	}
}

// TestRoundRobinProperties: over a cycle every pair meets exactly once,
// every player plays once a round (an odd league: sits out exactly once),
// sides are balanced to within one game, and nobody plays the same side
// three times running. The second cycle swaps every pair's sides.
func TestRoundRobinProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 40).Draw(t, "players")
		players := names(n)
		rounds := RoundRobinRounds(n)
		met := map[[2]string]string{} // pair → who played A
		sideA, sideB, byes := map[string]int{}, map[string]int{}, map[string]int{}
		run := map[string]int{} // +k: k A games running; -k: B
		for r := 1; r <= rounds; r++ {
			round, err := RoundRobinRound(players, r)
			if err != nil {
				t.Fatal(err)
			}
			checkRound(t, players, round)
			for _, p := range round {
				if p.Bye() {
					byes[p.A]++
					continue
				}
				k := key(p.A, p.B)
				if _, ok := met[k]; ok {
					t.Fatalf("round %d: %s and %s meet again", r, p.A, p.B)
				}
				met[k] = p.A
				sideA[p.A]++
				sideB[p.B]++
				run[p.A] = max(run[p.A], 0) + 1
				run[p.B] = min(run[p.B], 0) - 1
				if run[p.A] > 2 || run[p.B] < -2 {
					t.Fatalf("round %d: a player plays the same side three times running", r)
				}
			}
		}
		if len(met) != n*(n-1)/2 {
			t.Fatalf("%d pairs met, want %d", len(met), n*(n-1)/2)
		}
		for _, p := range players {
			if d := sideA[p] - sideB[p]; d < -1 || d > 1 {
				t.Fatalf("%s played side A %d times and B %d times", p, sideA[p], sideB[p])
			}
			if n%2 == 1 && byes[p] != 1 {
				t.Fatalf("%s sat out %d times, want once", p, byes[p])
			}
		}
		for r := 1; r <= rounds; r++ {
			round, _ := RoundRobinRound(players, rounds+r)
			for _, p := range round {
				if !p.Bye() && met[key(p.A, p.B)] != p.B {
					t.Fatalf("second cycle, round %d: %s–%s not swapped", r, p.A, p.B)
				}
			}
		}
	})
}

func TestRoundRobinErrors(t *testing.T) {
	if _, err := RoundRobinRound([]string{"a"}, 1); err == nil {
		t.Error("one player: no error")
	}
	if _, err := RoundRobinRound([]string{"a", "a"}, 1); err == nil {
		t.Error("a player twice: no error")
	}
	if _, err := RoundRobinRound([]string{"a", "b"}, 0); err == nil {
		t.Error("round 0: no error")
	}
}

func TestSwissFirstRoundSplitsTheGroup(t *testing.T) {
	p := names(8)
	got, err := PairSwiss(SwissInput{Players: p})
	if err != nil {
		t.Fatal(err)
	}
	want := []Pairing{{p[0], p[4]}, {p[1], p[5]}, {p[2], p[6]}, {p[3], p[7]}}
	if !slices.Equal(got.Pairings, want) {
		t.Fatalf("round 1 = %v, want %v", got.Pairings, want)
	}
	// Odd: the lowest seed sits out.
	got, _ = PairSwiss(SwissInput{Players: p[:7]})
	if last := got.Pairings[len(got.Pairings)-1]; last != (Pairing{A: p[6]}) {
		t.Fatalf("bye = %v, want %s", last, p[6])
	}
}

// TestSwissForbiddenAndRepeats: a forbidden first-round pair is avoided,
// and the second round pairs the winners without a rematch.
func TestSwissForbiddenAndRepeats(t *testing.T) {
	p := names(4)
	r1, err := PairSwiss(SwissInput{Players: p, Forbidden: [][2]string{{p[2], p[0]}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range r1.Pairings {
		if key(pr.A, pr.B) == key(p[0], p[2]) {
			t.Fatalf("forbidden pair paired: %v", r1.Pairings)
		}
	}
	scores := map[string]float64{}
	for _, pr := range r1.Pairings {
		scores[pr.A] = 1 // side A won every game
	}
	r2, err := PairSwiss(SwissInput{Players: p, Past: [][]Pairing{r1.Pairings}, Scores: scores, Forbidden: [][2]string{{p[0], p[2]}}})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Repeats != 0 || r2.ForbiddenPairs != 0 {
		t.Fatalf("round 2 %v: %d repeats, %d forbidden", r2.Pairings, r2.Repeats, r2.ForbiddenPairs)
	}
	// Last round's A players now play B where they can.
	for _, pr := range r2.Pairings {
		if scores[pr.A] == 1 && scores[pr.B] == 0 {
			t.Fatalf("round 2 %v: a player who played A gets A again against one who played B", r2.Pairings)
		}
	}
}

// feasible reports whether some pairing of players (any one of them out
// when odd) uses only pairs ok allows: a brute-force check for small n.
func feasible(players []string, ok func(a, b string) bool) bool {
	var rec func(rest []string) bool
	rec = func(rest []string) bool {
		if len(rest) == 0 {
			return true
		}
		for i := 1; i < len(rest); i++ {
			if !ok(rest[0], rest[i]) {
				continue
			}
			next := append(slices.Clone(rest[1:i]), rest[i+1:]...)
			if rec(next) {
				return true
			}
		}
		return false
	}
	if len(players)%2 == 0 {
		return rec(players)
	}
	for i := range players {
		if rec(append(slices.Clone(players[:i]), players[i+1:]...)) {
			return true
		}
	}
	return false
}

// TestSwissProperties plays random Swiss leagues with random forbidden
// pairs and results: every round pairs each player once, and a repeat or
// a forbidden pair appears only when a brute-force search finds that no
// pairing of that round avoids it.
func TestSwissProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 9).Draw(t, "players")
		players := names(n)
		var forbidden [][2]string
		nf := rapid.IntRange(0, n).Draw(t, "forbidden")
		for range nf {
			i := rapid.IntRange(0, n-1).Draw(t, "f1")
			j := rapid.IntRange(0, n-1).Draw(t, "f2")
			if i != j {
				forbidden = append(forbidden, [2]string{players[i], players[j]})
			}
		}
		isForbidden := map[[2]string]bool{}
		for _, f := range forbidden {
			isForbidden[key(f[0], f[1])] = true
		}
		var past [][]Pairing
		scores := map[string]float64{}
		rounds := rapid.IntRange(1, n+1).Draw(t, "rounds")
		for r := 1; r <= rounds; r++ {
			met := map[[2]string]bool{}
			for _, round := range past {
				for _, p := range round {
					if !p.Bye() {
						met[key(p.A, p.B)] = true
					}
				}
			}
			got, err := PairSwiss(SwissInput{Players: players, Past: past, Scores: scores, Forbidden: forbidden})
			if err != nil {
				t.Fatal(err)
			}
			checkRound(t, players, got.Pairings)
			reps, forb := 0, 0
			for _, p := range got.Pairings {
				if p.Bye() {
					scores[p.A]++
					continue
				}
				if met[key(p.A, p.B)] {
					reps++
				}
				if isForbidden[key(p.A, p.B)] {
					forb++
				}
				switch rapid.IntRange(0, 2).Draw(t, "result") {
				case 0:
					scores[p.A]++
				case 1:
					scores[p.B]++
				default:
					scores[p.A] += 0.5
					scores[p.B] += 0.5
				}
			}
			if reps != got.Repeats || forb != got.ForbiddenPairs {
				t.Fatalf("round %d: counted %d repeats and %d forbidden, reported %d and %d", r, reps, forb, got.Repeats, got.ForbiddenPairs)
			}
			if forb > 0 && feasible(players, func(a, b string) bool { return !isForbidden[key(a, b)] }) {
				t.Fatalf("round %d pairs a forbidden pair, avoidably: %v", r, got.Pairings)
			}
			if reps > 0 && feasible(players, func(a, b string) bool { return !isForbidden[key(a, b)] && !met[key(a, b)] }) {
				t.Fatalf("round %d repeats a pairing, avoidably: %v", r, got.Pairings)
			}
			past = append(past, got.Pairings)
		}
	})
}

// BenchmarkSwiss100 pairs seven rounds of a 100-player Swiss league with
// a forbidden pair per ten players.
func BenchmarkSwiss100(b *testing.B) {
	players := names(100)
	var forbidden [][2]string
	for i := 0; i+1 < len(players); i += 10 {
		forbidden = append(forbidden, [2]string{players[i], players[i+1]})
	}
	for b.Loop() {
		var past [][]Pairing
		scores := map[string]float64{}
		for range 7 {
			r, err := PairSwiss(SwissInput{Players: players, Past: past, Scores: scores, Forbidden: forbidden})
			if err != nil || r.Repeats > 0 || r.ForbiddenPairs > 0 {
				b.Fatalf("%v %+v", err, r)
			}
			for _, p := range r.Pairings {
				scores[p.A]++ // side A wins
			}
			past = append(past, r.Pairings)
		}
	}
}
