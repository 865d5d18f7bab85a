package glicko2

import (
	"math"
	"testing"
)

// TestGlickmanExample checks the worked example of Glickman's "Example of
// the Glicko-2 system": a player rated 1500 (RD 200, σ 0.06) beats a 1400
// (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300), with τ = 0.5.
// The note gives r' = 1464.06, RD' = 151.52 and σ' = 0.05999, having
// rounded its intermediate figures to four places; computed without
// rounding they are 1464.0507, 151.5165 and 0.0599960. Both are checked:
// the published values to the note's last place (±1 in it), the exact
// ones more tightly.
func TestGlickmanExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	res := []Result{
		{Opponent: Rating{R: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300, Vol: 0.06}, Score: 0},
	}
	got := System{Tau: 0.5}.Update(p, res)
	check := func(what string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol {
			t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
		}
	}
	check("r'", got.R, 1464.06, 0.01)
	check("RD'", got.RD, 151.52, 0.01)
	check("σ'", got.Vol, 0.05999, 0.00001)
	check("r' (unrounded)", got.R, 1464.0507, 0.0001)
	check("RD' (unrounded)", got.RD, 151.5165, 0.0001)
	check("σ' (unrounded)", got.Vol, 0.0599960, 0.0000001)
}

// TestIntermediates checks the note's intermediate figures: v = 1.7785,
// Δ = −0.4834, μ' = −0.2069, φ' = 0.8722 (the note truncates g and E, so
// Δ is checked to ±0.001).
func TestIntermediates(t *testing.T) {
	mu, phi := 0.0, 1.1513
	opp := [][2]float64{{-0.5756, 0.1727}, {0.2878, 0.5756}, {1.1513, 1.7269}}
	scores := []float64{1, 0, 0}
	want := []struct{ g, e float64 }{{0.9955, 0.639}, {0.9531, 0.432}, {0.7242, 0.303}}
	var invV, sum float64
	for i, o := range opp {
		gj, e := g(o[1]), expect(mu, o[0], o[1])
		if math.Abs(gj-want[i].g) > 0.0001 || math.Abs(e-want[i].e) > 0.0005 {
			t.Errorf("opponent %d: g = %.4f, E = %.3f, want %.4f, %.3f", i+1, gj, e, want[i].g, want[i].e)
		}
		invV += gj * gj * e * (1 - e)
		sum += gj * (scores[i] - e)
	}
	v := 1 / invV
	if math.Abs(v-1.7785) > 0.0005 {
		t.Errorf("v = %.4f, want 1.7785", v)
	}
	if d := v * sum; math.Abs(d+0.4834) > 0.001 {
		t.Errorf("Δ = %.4f, want -0.4834", d)
	}
	s := System{Tau: 0.5}
	sigma := s.volatility(phi, 0.06, v, v*sum)
	phiNew := 1 / math.Sqrt(1/(phi*phi+sigma*sigma)+1/v)
	if math.Abs(phiNew-0.8722) > 0.00005 {
		t.Errorf("φ' = %.4f, want 0.8722", phiNew)
	}
	if m := mu + phiNew*phiNew*sum; math.Abs(m+0.2069) > 0.00005 {
		t.Errorf("μ' = %.4f, want -0.2069", m)
	}
}

func TestNoGamesWidensDeviation(t *testing.T) {
	p := Rating{R: 1600, RD: 50, Vol: 0.06}
	got := System{}.Update(p, nil)
	want := math.Sqrt(50*50 + (0.06*Scale)*(0.06*Scale))
	if got.R != 1600 || got.Vol != 0.06 || math.Abs(got.RD-want) > 1e-9 {
		t.Fatalf("inactive player: got %+v, want RD %.4f and r, σ unchanged", got, want)
	}
	// The cap keeps a long-absent player at most as uncertain as a new one.
	for range 3000 {
		p = System{}.Update(p, nil)
	}
	if p.RD != DefaultDeviation {
		t.Fatalf("RD after a long absence = %v, want the cap %v", p.RD, DefaultDeviation)
	}
}

func TestPeriodIsSimultaneousAndSymmetric(t *testing.T) {
	before := map[string]Rating{"a": New(), "b": New()}
	after := System{}.Period(before, []Game{{A: "a", B: "b", ScoreA: 1}, {A: "c", B: "a", ScoreA: 0.5}})
	if before["a"] != New() {
		t.Fatal("Period changed its input")
	}
	if len(after) != 3 {
		t.Fatalf("rated %d players, want 3 (a newcomer is rated too)", len(after))
	}
	// a beat b (both new): their changes mirror each other.
	da, db := after["a"].R-1500, after["b"].R-1500
	if da <= 0 || db >= 0 {
		t.Fatalf("winner %v, loser %v", after["a"].R, after["b"].R)
	}
	one := System{}.Period(before, []Game{{A: "a", B: "b", ScoreA: 1}})
	if math.Abs((one["a"].R-1500)+(one["b"].R-1500)) > 1e-9 {
		t.Fatalf("equal players: gains not symmetric: %v %v", one["a"].R, one["b"].R)
	}
}
