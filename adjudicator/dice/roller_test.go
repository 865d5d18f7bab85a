package dice

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
)

var (
	_ adjudicator.Dice = (*Roller)(nil)
	_ adjudicator.Dice = (*Recorded)(nil)
)

func vectorRoller(t testing.TB, c Counters) *Roller {
	ds := vectorDigests(t)
	return NewRoller(RollerConfig{GameID: "g7", Entry: 2, Digest: ds[2], Counters: c,
		PublicKey: SecretAt(seqBytes(0x00), 1000, 1), HiddenKey: SecretAt(seqBytes(0x20), 1000, 1)})
}

func TestRollerLogsEveryDraw(t *testing.T) {
	r := vectorRoller(t, Counters{Epoch: 1})
	var got []int
	for i := 0; i < 20; i++ {
		got = append(got, r.Roll("red die", 6))
	}
	assert.Equal(t, []int{5, 1, 1, 3, 3, 1, 4, 4, 1, 5, 5, 2, 3, 5, 6, 3, 1, 1, 1, 6}, got)
	h := r.Hidden("deal", 52)
	assert.Equal(t, Counters{Epoch: 1, Public: 20, Hidden: 1}, r.Counters())

	draws := r.Draws()
	require.Len(t, draws, 21)
	assert.Equal(t, Draw{Entry: 2, Stream: Public, Epoch: 1, Counter: 3, Purpose: "red die", Sides: 6, Result: 3}, draws[3])
	assert.Equal(t, Draw{Entry: 2, Stream: Hidden, Epoch: 1, Counter: 0, Purpose: "deal", N: 52, Result: h}, draws[20])
	assert.Equal(t, 52, draws[20].Size())
	assert.Contains(t, draws[3].String(), "d6 -> 3")
	assert.Contains(t, draws[20].String(), "hidden e1 #0")

	// Counters continue: a roller started where this one stopped draws
	// counter 20 next, as RollValue says.
	r2 := vectorRoller(t, r.Counters())
	want, err := RollValue(SecretAt(seqBytes(0x00), 1000, 1), "g7", 1, 20, vectorDigests(t)[2], 6)
	require.NoError(t, err)
	assert.Equal(t, want, r2.Roll("next", 6))

	assert.Panics(t, func() { r.Roll("bad", 1) })
	assert.Panics(t, func() { r.Hidden("bad", 0) })
	assert.Len(t, r.Draws(), 21, "a refused draw is not logged")
}

func TestCountersFor(t *testing.T) {
	c := Counters{Epoch: 2, Public: 5, Hidden: 1}
	assert.Equal(t, c, c.For(2))
	assert.Equal(t, Counters{Epoch: 3}, c.For(3))
}

func TestShuffleOnRoller(t *testing.T) {
	a := []int{0, 1, 2, 3, 4, 5, 6, 7}
	r := vectorRoller(t, Counters{Epoch: 1})
	adjudicator.Shuffle(r, "deck", len(a), func(i, j int) { a[i], a[j] = a[j], a[i] })
	assert.ElementsMatch(t, []int{0, 1, 2, 3, 4, 5, 6, 7}, a)
	assert.Len(t, r.Draws(), 7)
	b := []int{0, 1, 2, 3, 4, 5, 6, 7}
	adjudicator.Shuffle(vectorRoller(t, Counters{Epoch: 1}), "deck", len(b), func(i, j int) { b[i], b[j] = b[j], b[i] })
	assert.Equal(t, a, b, "deterministic")
}

func TestRecorded(t *testing.T) {
	r := vectorRoller(t, Counters{Epoch: 1})
	want := []int{r.Roll("a", 6), r.Hidden("b", 10), r.Roll("c", 20)}

	rec := NewRecorded(r.Draws())
	require.NoError(t, Catch(func() {
		assert.Equal(t, want, []int{rec.Roll("a", 6), rec.Hidden("b", 10), rec.Roll("c", 20)})
	}))
	assert.Zero(t, rec.Remaining())

	for name, f := range map[string]func(d *Recorded){
		"purpose":   func(d *Recorded) { d.Roll("x", 6) },
		"sides":     func(d *Recorded) { d.Roll("a", 8) },
		"stream":    func(d *Recorded) { d.Hidden("a", 6) },
		"exhausted": func(d *Recorded) { d.Roll("a", 6); d.Hidden("b", 10); d.Roll("c", 20); d.Roll("d", 6) },
	} {
		err := Catch(func() { f(NewRecorded(r.Draws())) })
		var m *MismatchError
		require.ErrorAs(t, err, &m, name)
		assert.Contains(t, err.Error(), "the engine asked for")
	}
	assert.Panics(t, func() { _ = Catch(func() { panic("other") }) })
	bad := r.Draws()
	bad[1].Result = 10
	err := Catch(func() { d := NewRecorded(bad); d.Roll("a", 6); d.Hidden("b", 10) })
	assert.ErrorContains(t, err, "outside 0..9")
	assert.Equal(t, 3, NewRecorded(r.Draws()).Remaining())
}

func BenchmarkRollD6(b *testing.B) {
	key := seqBytes(0)
	d := vectorDigests(b)[2]
	var k uint32
	for b.Loop() {
		if _, err := RollValue(key, "g7", 1, k, d, 6); err != nil {
			b.Fatal(err)
		}
		k++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "rolls/s")
}

func BenchmarkRollerHidden52(b *testing.B) {
	r := vectorRoller(b, Counters{Epoch: 1})
	for b.Loop() {
		r.Hidden("deal", 52)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "draws/s")
}

func BenchmarkCheckSecret1000(b *testing.B) {
	seed := seqBytes(0)
	c := Commit(seed, 1000)
	for b.Loop() {
		if !CheckSecret(c, 1000, seed) {
			b.Fatal("bad")
		}
	}
}
