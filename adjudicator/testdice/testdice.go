// Package testdice provides fast deterministic Dice for tests, selfplay
// and benchmarks. Real games use the verifiable chain in package dice.
package testdice

import "fmt"

// Seeded is a deterministic Dice driven by a 64-bit seed (splitmix64).
type Seeded struct{ s uint64 }

// New returns a Seeded dice stream.
func New(seed uint64) *Seeded { return &Seeded{s: seed} }

func (d *Seeded) next() uint64 {
	d.s += 0x9e3779b97f4a7c15
	z := d.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns 0..n-1.
func (d *Seeded) Intn(n int) int { return int(d.next() % uint64(n)) }

// Roll implements adjudicator.Dice. Like the verifiable dice, it
// refuses a die of fewer than 2 or more than 256 sides (an engine must
// not roll a die whose result is known).
func (d *Seeded) Roll(purpose string, sides int) int {
	if sides < 2 || sides > 256 {
		panic(fmt.Sprintf("testdice: %s: a die has 2 to 256 sides (got %d)", purpose, sides))
	}
	return d.Intn(sides) + 1
}

// Hidden implements adjudicator.Dice. Like the verifiable dice, it
// draws among 1 to 2^24 values.
func (d *Seeded) Hidden(purpose string, n int) int {
	if n < 1 || n > 1<<24 {
		panic(fmt.Sprintf("testdice: %s: a hidden draw is among 1 to 2^24 values (got %d)", purpose, n))
	}
	return d.Intn(n)
}

// Script is a Dice that returns fixed values in order, for rulebook
// examples. Rolls and hidden draws come from separate queues; when a queue
// runs out it panics, so a test notices an unexpected draw.
type Script struct {
	Rolls    []int
	Draws    []int
	Log      []string // purposes of every draw, in order
	Fallback *Seeded  // if set, used when a queue is empty instead of panicking
}

// Roll implements adjudicator.Dice.
func (s *Script) Roll(purpose string, sides int) int {
	s.Log = append(s.Log, purpose)
	if len(s.Rolls) == 0 {
		if s.Fallback != nil {
			return s.Fallback.Roll(purpose, sides)
		}
		panic("testdice: no scripted roll left for " + purpose)
	}
	v := s.Rolls[0]
	s.Rolls = s.Rolls[1:]
	return v
}

// Hidden implements adjudicator.Dice.
func (s *Script) Hidden(purpose string, n int) int {
	s.Log = append(s.Log, purpose)
	if len(s.Draws) == 0 {
		if s.Fallback != nil {
			return s.Fallback.Hidden(purpose, n)
		}
		panic("testdice: no scripted draw left for " + purpose)
	}
	v := s.Draws[0]
	s.Draws = s.Draws[1:]
	return v % n
}
