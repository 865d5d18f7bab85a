package luck

import (
	"math"
	"testing"
)

// TestChiSquareTable checks ChiSquareP against the critical values of the
// chi-square distribution printed in statistics tables (e.g. NIST/SEMATECH
// e-Handbook of Statistical Methods, table 1.3.6.7.4).
func TestChiSquareTable(t *testing.T) {
	for _, c := range []struct {
		x  float64
		df int
		p  float64
	}{
		{3.841, 1, 0.05},
		{6.635, 1, 0.01},
		{5.991, 2, 0.05},
		{11.070, 5, 0.05},
		{15.086, 5, 0.01},
		{1.145, 5, 0.95},
		{0.554, 5, 0.99},
		{18.307, 10, 0.05},
		{23.209, 10, 0.01},
		{30.144, 19, 0.05},
		{10.117, 19, 0.95},
		{124.342, 100, 0.05},
	} {
		got := ChiSquareP(c.x, c.df)
		if math.Abs(got-c.p) > 0.0005 {
			t.Errorf("P(χ²(%d) ≥ %v) = %.5f, want %v", c.df, c.x, got, c.p)
		}
	}
}

// TestGammaClosedForms checks against cases with a closed form:
// Q(1, x) = e^−x (two degrees of freedom), Q(½, x) = erfc(√x) (one), and
// Q(n, x) = e^−x Σ_{k<n} x^k/k! for a whole n.
func TestGammaClosedForms(t *testing.T) {
	for _, x := range []float64{0.01, 0.5, 1, 2, 3.5, 10, 40} {
		if got, want := GammaQ(1, x), math.Exp(-x); math.Abs(got-want) > 1e-13*math.Max(want, 1e-300) && math.Abs(got-want) > 1e-15 {
			t.Errorf("Q(1, %v) = %v, want %v", x, got, want)
		}
		if got, want := GammaQ(0.5, x), math.Erfc(math.Sqrt(x)); math.Abs(got-want) > 1e-12 {
			t.Errorf("Q(1/2, %v) = %v, want %v", x, got, want)
		}
		for _, n := range []int{2, 3, 7} {
			sum, term := 0.0, 1.0
			for k := range n {
				if k > 0 {
					term *= x / float64(k)
				}
				sum += term
			}
			want := math.Exp(-x) * sum
			if got := GammaQ(float64(n), x); math.Abs(got-want) > 1e-12 {
				t.Errorf("Q(%d, %v) = %v, want %v", n, x, got, want)
			}
		}
		if s := GammaP(2.5, x) + GammaQ(2.5, x); math.Abs(s-1) > 1e-13 {
			t.Errorf("P + Q at x = %v: %v", x, s)
		}
	}
	if ChiSquareP(0, 3) != 1 || !math.IsNaN(ChiSquareP(1, 0)) || GammaQ(2, math.Inf(1)) != 0 {
		t.Error("edge cases")
	}
}
