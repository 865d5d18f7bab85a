package league

import (
	"math"
	"testing"
	"time"

	"github.com/pbem/pbem/league/glicko2"
)

func TestStandings(t *testing.T) {
	a, b, c, d := "a@x", "b@x", "c@x", "d@x"
	players := []string{a, b, c, d}
	results := []Result{
		{Round: 1, A: a, B: b, Finished: true, ScoreA: 1},
		{Round: 1, A: c, B: d, Finished: true, ScoreA: 0.5},
		{Round: 2, A: b, B: c, Finished: true, ScoreA: 1},
		{Round: 2, A: d, B: a, Finished: true, ScoreA: 0},
		{Round: 3, A: a, B: c, Finished: false},
		{Round: 3, A: b, B: d, Finished: true, ScoreA: 0},
	}
	got := Standings(players, results, DefaultPoints, SonnebornBerger)
	// Points: a 2, b 1, c 0.5, d 1.5.
	// SB: a beat b (1) and d (1.5) = 2.5; b beat c (0.5) = 0.5;
	// c drew d = 0.75; d drew c (0.25) and beat b (1) = 1.25.
	want := []struct {
		player         string
		rank           int
		points, sb     float64
		won, drawn, lo int
		pending        int
	}{
		{a, 1, 2, 2.5, 2, 0, 0, 1},
		{d, 2, 1.5, 1.25, 1, 1, 1, 0},
		{b, 3, 1, 0.5, 1, 0, 2, 0},
		{c, 4, 0.5, 0.75, 0, 1, 1, 1},
	}
	for i, w := range want {
		g := got[i]
		if g.Player != w.player || g.Rank != w.rank || g.Points != w.points || g.TieBrk != w.sb ||
			g.Won != w.won || g.Drawn != w.drawn || g.Lost != w.lo || g.Pending != w.pending {
			t.Errorf("line %d = %+v, want %+v", i+1, g, w)
		}
	}
	// Buchholz: a's opponents b (1) and d (1.5) = 2.5.
	bh := Standings(players, results, DefaultPoints, Buchholz)
	if bh[0].Player != a || bh[0].TieBrk != 2.5 {
		t.Errorf("Buchholz leader %+v", bh[0])
	}
}

func TestStandingsTiesAndByes(t *testing.T) {
	a, b, c := "a@x", "b@x", "c@x"
	got := Standings([]string{a, b, c}, []Result{
		{Round: 1, A: a, B: b, Finished: true, ScoreA: 0.5},
		{Round: 1, A: c},
	}, DefaultPoints, Buchholz)
	if got[0].Player != c || got[0].Points != 1 || got[0].Byes != 1 || got[0].Played != 0 {
		t.Fatalf("bye holder: %+v", got[0])
	}
	if got[1].Rank != 2 || got[2].Rank != 2 {
		t.Fatalf("a and b are tied: ranks %d and %d", got[1].Rank, got[2].Rank)
	}
}

func TestRatingsPeriods(t *testing.T) {
	jan := time.Date(2026, 1, 10, 0, 0, 0, 0, time.UTC)
	mar := time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)
	games := []Rated{
		{A: "b", B: "a", ScoreA: 0, At: mar},
		{A: "a", B: "b", ScoreA: 1, At: jan},
	}
	got, periods := Ratings(games, glicko2.System{})
	if periods != 3 {
		t.Fatalf("%d periods, want 3 (January to March)", periods)
	}
	// The same by hand: January, an empty February, March.
	sys := glicko2.System{}
	r := sys.Period(nil, []glicko2.Game{{A: "a", B: "b", ScoreA: 1}})
	r = sys.Period(r, nil)
	r = sys.Period(r, []glicko2.Game{{A: "b", B: "a", ScoreA: 0}})
	if got[0].Player != "a" || got[0].Games != 2 || math.Abs(got[0].R-r["a"].R) > 1e-9 || math.Abs(got[1].RD-r["b"].RD) > 1e-9 {
		t.Fatalf("ratings %+v, want a %+v, b %+v", got, r["a"], r["b"])
	}
	if none, n := Ratings(nil, sys); none != nil || n != 0 {
		t.Fatal("no games: ratings")
	}
}

// A game finished by a substitute is a loss for the entrant replaced,
// and counts for the opponent as it was played.
func TestStandingsSubstitute(t *testing.T) {
	a, b, c := "a@x", "b@x", "c@x"
	results := []Result{
		// b left; his substitute beat a: a lost on the board, b lost too.
		{Round: 1, A: a, B: b, Finished: true, ScoreA: 0, SubB: true},
		// Both seats of b v c changed hands: a loss for both.
		{Round: 2, A: b, B: c, Finished: true, ScoreA: 0.5, SubA: true, SubB: true},
	}
	st := Standings([]string{a, b, c}, results, DefaultPoints, Buchholz)
	by := map[string]Standing{}
	for _, s := range st {
		by[s.Player] = s
	}
	if s := by[a]; s.Points != 0 || s.Lost != 1 || s.Played != 1 {
		t.Errorf("a = %+v, want one loss", s)
	}
	if s := by[b]; s.Points != 0 || s.Lost != 2 || s.Won != 0 {
		t.Errorf("b = %+v, want two losses", s)
	}
	if s := by[c]; s.Points != 0 || s.Lost != 1 {
		t.Errorf("c = %+v, want one loss", s)
	}
}
