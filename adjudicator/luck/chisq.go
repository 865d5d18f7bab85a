package luck

import "math"

// ChiSquareP returns the upper tail probability of the chi-square
// distribution with df degrees of freedom at x: the chance that x or more
// arises by chance alone. It is Q(df/2, x/2), the regularized upper
// incomplete gamma function.
func ChiSquareP(x float64, df int) float64 {
	if df < 1 || math.IsNaN(x) {
		return math.NaN()
	}
	if x <= 0 {
		return 1
	}
	return GammaQ(float64(df)/2, x/2)
}

// GammaQ is the regularized upper incomplete gamma function
// Q(a, x) = Γ(a, x)/Γ(a), for a > 0 and x ≥ 0. Below x = a+1 it sums the
// power series of P = 1 − Q; above, it evaluates Legendre's continued
// fraction for Q by the modified Lentz method. Either converges quickly
// in its region, to about 1e-14 relative.
func GammaQ(a, x float64) float64 {
	switch {
	case a <= 0 || x < 0 || math.IsNaN(a) || math.IsNaN(x):
		return math.NaN()
	case x == 0:
		return 1
	case math.IsInf(x, 1):
		return 0
	case x < a+1:
		return 1 - gammaPSeries(a, x)
	}
	return gammaQFraction(a, x)
}

// GammaP is the regularized lower incomplete gamma function, 1 − Q(a, x).
func GammaP(a, x float64) float64 {
	if a > 0 && x >= 0 && x < a+1 {
		return gammaPSeries(a, x)
	}
	return 1 - GammaQ(a, x)
}

const (
	gammaEps   = 1e-15
	gammaIters = 1000
	gammaTiny  = 1e-300
)

// prefix is x^a e^−x / Γ(a), computed in logarithms.
func prefix(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	return math.Exp(a*math.Log(x) - x - lg)
}

// gammaPSeries: P(a, x) = x^a e^−x / Γ(a+1) · Σ_{n≥0} x^n / ((a+1)…(a+n)).
func gammaPSeries(a, x float64) float64 {
	term := 1 / a
	sum := term
	for n := 1; n < gammaIters; n++ {
		term *= x / (a + float64(n))
		sum += term
		if math.Abs(term) < math.Abs(sum)*gammaEps {
			break
		}
	}
	return sum * prefix(a, x)
}

// gammaQFraction: Q(a, x) = x^a e^−x / Γ(a) · 1/(x+1−a− 1(1−a)/(x+3−a− 2(2−a)/(x+5−a− …))),
// the fraction's n-th partial numerator being −n(n−a) and denominator
// x + 2n + 1 − a.
func gammaQFraction(a, x float64) float64 {
	b := x + 1 - a
	c := 1 / gammaTiny
	d := 1 / b
	h := d
	for n := 1; n < gammaIters; n++ {
		an := -float64(n) * (float64(n) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < gammaTiny {
			d = gammaTiny
		}
		c = b + an/c
		if math.Abs(c) < gammaTiny {
			c = gammaTiny
		}
		d = 1 / d
		delta := d * c
		h *= delta
		if math.Abs(delta-1) < gammaEps {
			break
		}
	}
	return prefix(a, x) * h
}
