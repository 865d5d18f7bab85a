// Package glicko2 implements Mark Glickman's Glicko-2 rating system, as
// described in his note "Example of the Glicko-2 system" (Boston
// University, 2013 revision).
//
// A player has a rating r, a rating deviation RD (how uncertain r is) and a
// volatility σ (how erratic his results are). Ratings are updated once per
// rating period from every game the player finished in it, all against his
// opponents' ratings as they stood at the start of the period. A player
// who plays nothing in a period keeps r and σ, and his RD grows.
//
// The steps of the note are followed in order (their numbers are given in
// the comments), on the Glicko-2 scale μ = (r − 1500)/173.7178,
// φ = RD/173.7178.
package glicko2

import (
	"math"
	"sort"
)

// Scale converts between the Glicko scale and the Glicko-2 scale
// (step 2 of the note).
const Scale = 173.7178

// Defaults of a new player (step 1 of the note) and of the system.
const (
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06
	// DefaultTau constrains how fast volatility changes; the note
	// suggests 0.3 to 1.2, and uses 0.5 in its example.
	DefaultTau = 0.5
	// DefaultEpsilon is the convergence tolerance of the volatility
	// iteration (step 5.1 of the note).
	DefaultEpsilon = 0.000001
)

// Rating is one player's rating on the Glicko scale.
type Rating struct {
	R   float64 `json:"r"`   // rating, 1500 for a new player
	RD  float64 `json:"rd"`  // rating deviation
	Vol float64 `json:"vol"` // volatility σ
}

// New returns the rating of a player never rated.
func New() Rating {
	return Rating{R: DefaultRating, RD: DefaultDeviation, Vol: DefaultVolatility}
}

// Result is one game of the rating period, seen from the rated player.
type Result struct {
	Opponent Rating
	// Score is 1 for a win, 0.5 for a draw and 0 for a loss.
	Score float64
}

// System holds the system constants. The zero System uses DefaultTau,
// DefaultEpsilon and MaxDeviation.
type System struct {
	Tau     float64
	Epsilon float64
	// MaxDeviation caps RD (a player long absent is no less known than a
	// new one). Zero means DefaultDeviation; negative means no cap.
	MaxDeviation float64
}

func (s System) tau() float64 {
	if s.Tau > 0 {
		return s.Tau
	}
	return DefaultTau
}

func (s System) epsilon() float64 {
	if s.Epsilon > 0 {
		return s.Epsilon
	}
	return DefaultEpsilon
}

func (s System) capRD(rd float64) float64 {
	max := s.MaxDeviation
	if max == 0 {
		max = DefaultDeviation
	}
	if max > 0 && rd > max {
		return max
	}
	return rd
}

// g is the weight of an opponent's result by his deviation φ (step 3).
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expect is the expected score against an opponent (step 3).
func expect(mu, muj, phij float64) float64 {
	return 1 / (1 + math.Exp(-g(phij)*(mu-muj)))
}

// Update returns p's rating after a rating period in which he played
// results (none: his deviation grows, step 6 alone).
func (s System) Update(p Rating, results []Result) Rating {
	// Step 2: to the Glicko-2 scale.
	mu := (p.R - DefaultRating) / Scale
	phi := p.RD / Scale
	sigma := p.Vol
	if len(results) == 0 {
		// A player who did not compete: only φ changes.
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{R: p.R, RD: s.capRD(phiStar * Scale), Vol: sigma}
	}
	// Steps 3 and 4: the estimated variance v and improvement Δ.
	var invV, sum float64
	for _, r := range results {
		muj := (r.Opponent.R - DefaultRating) / Scale
		phij := r.Opponent.RD / Scale
		gj := g(phij)
		e := expect(mu, muj, phij)
		invV += gj * gj * e * (1 - e)
		sum += gj * (r.Score - e)
	}
	v := 1 / invV
	delta := v * sum
	// Step 5: the new volatility.
	sigmaNew := s.volatility(phi, sigma, v, delta)
	// Step 6: the pre-period deviation.
	phiStar := math.Sqrt(phi*phi + sigmaNew*sigmaNew)
	// Step 7: the new deviation and rating.
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{R: Scale*muNew + DefaultRating, RD: s.capRD(Scale * phiNew), Vol: sigmaNew}
}

// volatility solves step 5 of the note: the root of f by the Illinois
// variant of regula falsi.
func (s System) volatility(phi, sigma, v, delta float64) float64 {
	tau, eps := s.tau(), s.epsilon()
	a := math.Log(sigma * sigma)
	d2, p2 := delta*delta, phi*phi
	f := func(x float64) float64 {
		ex := math.Exp(x)
		den := p2 + v + ex
		return ex*(d2-p2-v-ex)/(2*den*den) - (x-a)/(tau*tau)
	}
	// Step 5.2: the initial bracket [A, B].
	A := a
	var B float64
	if d2 > p2+v {
		B = math.Log(d2 - p2 - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	// Steps 5.3 and 5.4.
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 1000; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	// Step 5.5.
	return math.Exp(A / 2)
}

// Game is one finished game between two players of a rating period.
type Game struct {
	A, B string
	// ScoreA is A's score: 1 (A won), 0.5 (draw) or 0 (B won).
	ScoreA float64
}

// Period rates one rating period: every player in ratings or in games is
// updated from the games he played, against his opponents' ratings as
// they stood before the period; players not in ratings start at New().
// The map returned is new; ratings is not changed.
func (s System) Period(ratings map[string]Rating, games []Game) map[string]Rating {
	before := make(map[string]Rating, len(ratings))
	for k, v := range ratings {
		before[k] = v
	}
	results := map[string][]Result{}
	for _, gm := range games {
		for _, name := range []string{gm.A, gm.B} {
			if _, ok := before[name]; !ok {
				before[name] = New()
			}
		}
	}
	for _, gm := range games {
		results[gm.A] = append(results[gm.A], Result{Opponent: before[gm.B], Score: gm.ScoreA})
		results[gm.B] = append(results[gm.B], Result{Opponent: before[gm.A], Score: 1 - gm.ScoreA})
	}
	names := make([]string, 0, len(before))
	for k := range before {
		names = append(names, k)
	}
	sort.Strings(names) // a fixed order: results are the same on every run
	after := make(map[string]Rating, len(before))
	for _, name := range names {
		after[name] = s.Update(before[name], results[name])
	}
	return after
}
