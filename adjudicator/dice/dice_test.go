package dice

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
)

// Test vectors, as published in docs/dice.md and checked independently by
// tools/verify_dice.py against tools/testdata/vector-record.json.
const (
	vecPublicCommit = "1ed1ab66f639f4b1d203d273afa0605d487302060df397ee78a7a920bf173ac3"
	vecHiddenCommit = "e08607ad477619404e044c43b187829e3fe495df9292b53db7494c1f51d92b93"
	vecPublicX1     = "4f65af36cae77985b111a68765c382289955e25071cf75f34a7904282d47cc71"
	vecPublicX2     = "ce372edbb9e602611000bb9a072badc03ba93b00b29987c2dc3d917fca7bbb2f"
	vecPublicX3     = "b2bbb924f70de79c2402e580c40d83fd8462eb762ee957f94a9c2c5f96e9e011"
	vecHiddenX1     = "e4ec3d0f1ddc7b55f6418a14171f6ab2b5920a530af229daa77473bc21316363"
	vecHiddenX3     = "0c167d201f0c0833b3bcbfb2a1e3dfc23c94b7a3344376cb5488521f44630550"
	vecD0           = "f46c4008b2d8f0fad7fbc534b6695408b76380f88e3be562d635f5a1eaef4b4d"
	vecD1           = "02b70fd476bc40c5528f9d1d3068b02732ca1d53235e646cf8d029a6cad06267"
	vecD2           = "cdd888c0e6ff20bd47df66d519d1cb717c790e6ea715d8073f94f5ce5e9364be"
	vecD3           = "a4f637f56d5314aa743866aed0f525a78effa15c3e0b06b2c24ab65e5761b496"
)

func seqBytes(from byte) []byte {
	b := make([]byte, 32)
	for i := range b {
		b[i] = from + byte(i)
	}
	return b
}

func hexOf(b []byte) string { return hex.EncodeToString(b) }

func vectorHeader() Header {
	return Header{GameID: "g7", Game: "highroll", Scenario: "standard",
		Options: adjudicator.Options{"turns": "3"}, Roles: []adjudicator.Role{"red", "blue"}}
}

var vectorEntries = []Entry{
	{Role: "gm", Kind: "setup"},
	{Role: "red", Kind: "orders", Lines: []string{"roll 20"}, Entropy: []string{"red says hello"}},
	{Role: "blue", Kind: "orders", Lines: []string{"roll 2"}},
}

func vectorDigests(t testing.TB) []Digest {
	d, err := Initial(vectorHeader())
	require.NoError(t, err)
	out := []Digest{d}
	for _, e := range vectorEntries {
		d, err = d.Next(e)
		require.NoError(t, err)
		out = append(out, d)
	}
	return out
}

func TestVectors(t *testing.T) {
	pub, hid := seqBytes(0x00), seqBytes(0x20)
	assert.Equal(t, vecPublicCommit, hexOf(Commit(pub, 1000)))
	assert.Equal(t, vecHiddenCommit, hexOf(Commit(hid, 1000)))
	x1, x2, x3 := SecretAt(pub, 1000, 1), SecretAt(pub, 1000, 2), SecretAt(pub, 1000, 3)
	assert.Equal(t, vecPublicX1, hexOf(x1))
	assert.Equal(t, vecPublicX2, hexOf(x2))
	assert.Equal(t, vecPublicX3, hexOf(x3))
	hx1 := SecretAt(hid, 1000, 1)
	assert.Equal(t, vecHiddenX1, hexOf(hx1))
	assert.Equal(t, vecHiddenX3, hexOf(SecretAt(hid, 1000, 3)))

	ds := vectorDigests(t)
	assert.Equal(t, []string{vecD0, vecD1, vecD2, vecD3},
		[]string{ds[0].String(), ds[1].String(), ds[2].String(), ds[3].String()})

	// Red's 20 d6 of entry 2 (epoch 1, counters 0..19, digest D_2).
	var d6 []int
	for k := uint32(0); k < 20; k++ {
		v, err := RollValue(x1, "g7", 1, k, ds[2], 6)
		require.NoError(t, err)
		d6 = append(d6, v)
	}
	assert.Equal(t, []int{5, 1, 1, 3, 3, 1, 4, 4, 1, 5, 5, 2, 3, 5, 6, 3, 1, 1, 1, 6}, d6)
	// Counter 22 with the same key and digest: the first byte, 0xfe, is
	// rejected (>= 252); the second, 0x18 = 24, gives 24 % 6 + 1 = 1.
	v22, err := RollValue(x1, "g7", 1, 22, ds[2], 6)
	require.NoError(t, err)
	assert.Equal(t, 1, v22)
	var d20 []int
	for k := uint32(0); k < 10; k++ {
		v, err := RollValue(x1, "g7", 1, k, ds[2], 20)
		require.NoError(t, err)
		d20 = append(d20, v)
	}
	assert.Equal(t, []int{11, 17, 13, 15, 6, 5, 10, 6, 5, 10}, d20)

	// The setup shuffle: hidden draws n = 5, 4, 3, 2 with D_1.
	var shuffle []int
	for k, n := range []int{5, 4, 3, 2} {
		v, err := HiddenValue(hx1, "g7", 1, uint32(k), ds[1], n)
		require.NoError(t, err)
		shuffle = append(shuffle, v)
	}
	assert.Equal(t, []int{3, 0, 2, 1}, shuffle)
	var h52 []int
	for k := uint32(0); k < 5; k++ {
		v, err := HiddenValue(hx1, "g7", 1, k, ds[1], 52)
		require.NoError(t, err)
		h52 = append(h52, v)
	}
	assert.Equal(t, []int{20, 28, 5, 37, 19}, h52)
	v, err := HiddenValue(hx1, "g7", 1, 0, ds[1], MaxHidden)
	require.NoError(t, err)
	assert.Equal(t, 1153068, v)

	// n = 2^23+1 rejects about half the groups; counters 191 and 1678
	// reject all ten groups of the first block and use the second.
	var zero Digest
	for c, want := range map[uint32]int{191: 7704621, 1678: 5320856} {
		v, err := HiddenValue(hx1, "g7", 1, c, zero, 1<<23+1)
		require.NoError(t, err)
		assert.Equal(t, want, v, "counter %d", c)
	}
}

func TestChainAndReveal(t *testing.T) {
	seed := seqBytes(7)
	c := Chain(seed, 10)
	require.Len(t, c, 11)
	assert.Equal(t, seed, c[10])
	assert.Equal(t, c[0], Commit(seed, 10))
	for i := 1; i <= 10; i++ {
		assert.Equal(t, c[i-1], Step(c[i]))
		assert.Equal(t, c[i], SecretAt(seed, 10, i))
		assert.True(t, CheckSecret(c[0], i, c[i]), "epoch %d", i)
		assert.False(t, CheckSecret(c[0], i-1, c[i]), "epoch %d off by one", i)
		assert.True(t, CheckSecret(c[i-1], 1, c[i]), "one step to the previous link")
	}
	assert.False(t, CheckSecret(c[0], 3, c[3][:31]))
	assert.False(t, CheckSecret(c[0], -1, c[3]))
	bad := append([]byte(nil), c[3]...)
	bad[0] ^= 1
	assert.False(t, CheckSecret(c[0], 3, bad))
	assert.Panics(t, func() { SecretAt(seed, 10, 11) })
	// The chain prefix matters: plain SHA-256 does not link the chain.
	assert.NotEqual(t, c[0], Chain(seed[:0], 0)[0])
}

func TestNewSeeds(t *testing.T) {
	p, h, err := NewSeeds()
	require.NoError(t, err)
	assert.Len(t, p, SeedSize)
	assert.Len(t, h, SeedSize)
	assert.NotEqual(t, p, h)
}

func TestCanonicalBytes(t *testing.T) {
	hb, err := HeaderBytes(Header{GameID: "g7", Game: "roses", Scenario: "wotr",
		Options: adjudicator.Options{"z": "1", "a": "x y"}, Roles: []adjudicator.Role{"york", "lancaster"}})
	require.NoError(t, err)
	assert.Equal(t, "g7\x00game roses\nscenario wotr\noption a=x y\noption z=1\nrole york\nrole lancaster\n", string(hb))
	eb, err := EntryBytes(Entry{Role: "york", Kind: "orders", Lines: []string{"card 3", "pass"}, Entropy: []string{"42"}})
	require.NoError(t, err)
	assert.Equal(t, "role york\nkind orders\nline card 3\nline pass\nentropy 42\n", string(eb))

	for _, h := range []Header{{}, {GameID: "a\x00"}, {GameID: "a", Game: "x\ny"},
		{GameID: "a", Options: adjudicator.Options{"k=": "v"}}, {GameID: "a", Roles: []adjudicator.Role{"r\r"}}} {
		_, err := Initial(h)
		assert.Error(t, err, "%q", h)
	}
	var d Digest
	for _, e := range []Entry{{Role: "r"}, {Role: "r", Kind: "orders", Lines: []string{"a\nb"}},
		{Role: "r", Kind: "orders", Entropy: []string{"\x00"}}} {
		_, err := d.Next(e)
		assert.Error(t, err, "%q", e)
	}
	p, err := ParseDigest(d.String())
	require.NoError(t, err)
	assert.Equal(t, d, p)
	_, err = ParseDigest("abc")
	assert.Error(t, err)
}

// Changing an entry's text, entropy, role or kind changes its digest and
// so every later roll.
func TestEntryChangesRolls(t *testing.T) {
	key := seqBytes(1)
	base := vectorDigests(t)
	rolls := func(d Digest) string {
		var b bytes.Buffer
		for k := uint32(0); k < 40; k++ {
			v, err := RollValue(key, "g7", 1, k, d, 6)
			require.NoError(t, err)
			fmt.Fprint(&b, v)
		}
		return b.String()
	}
	want := rolls(base[3])
	for i, alt := range []Entry{
		{Role: "red", Kind: "orders", Lines: []string{"roll 19"}, Entropy: []string{"red says hello"}},
		{Role: "red", Kind: "orders", Lines: []string{"roll 20"}, Entropy: []string{"red says hello!"}},
		{Role: "red", Kind: "orders", Lines: []string{"roll 20"}},
		{Role: "blue", Kind: "orders", Lines: []string{"roll 20"}, Entropy: []string{"red says hello"}},
		{Role: "red", Kind: "default", Lines: []string{"roll 20"}, Entropy: []string{"red says hello"}},
		{Role: "red", Kind: "orders", Lines: []string{"roll 20", "red says hello"}},
	} {
		d2, err := base[1].Next(alt)
		require.NoError(t, err)
		d3, err := d2.Next(vectorEntries[2])
		require.NoError(t, err)
		assert.NotEqual(t, base[3], d3, "variant %d", i)
		assert.NotEqual(t, want, rolls(d3), "variant %d", i)
	}
	// Same inputs, same rolls.
	assert.Equal(t, want, rolls(vectorDigests(t)[3]))
	// Game id, stream, epoch and counter each matter.
	a, _ := RollValue(key, "g7", 1, 0, base[3], 256)
	b, _ := RollValue(key, "g8", 1, 0, base[3], 256)
	c, _ := RollValue(key, "g7", 2, 0, base[3], 256)
	assert.False(t, a == b && a == c)
}

func chi2(counts []int, total int) float64 {
	exp := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - exp
		x += d * d / exp
	}
	return x
}

// A loose sanity check of uniformity: the chi-squared statistic must stay
// far below a bound that a fair stream exceeds with probability < 1e-6.
func TestUniformity(t *testing.T) {
	const draws = 60000
	key := seqBytes(9)
	d := vectorDigests(t)[3]
	for _, tc := range []struct {
		stream string
		size   int
		bound  float64 // chi2 with size-1 dof at p = 1e-6 is below this
	}{
		{Public, 6, 40}, {Public, 20, 70}, {Public, 2, 30}, {Hidden, 3, 30}, {Hidden, 52, 130}, {Hidden, 1000, 1300},
	} {
		counts := make([]int, tc.size)
		for k := uint32(0); k < draws; k++ {
			v, err := Value(tc.stream, key, "chi", 1, k, d, tc.size)
			require.NoError(t, err)
			if tc.stream == Public {
				v--
			}
			require.True(t, v >= 0 && v < tc.size)
			counts[v]++
		}
		x := chi2(counts, draws)
		assert.Less(t, x, tc.bound, "%s size %d: chi2 %.1f", tc.stream, tc.size, x)
	}
}

func TestValueRanges(t *testing.T) {
	key := seqBytes(3)
	var d Digest
	for _, s := range []int{1, 0, -6, 257} {
		_, err := RollValue(key, "g", 1, 0, d, s)
		assert.ErrorIs(t, err, ErrSides)
	}
	for _, n := range []int{0, -1, MaxHidden + 1} {
		_, err := HiddenValue(key, "g", 1, 0, d, n)
		assert.ErrorIs(t, err, ErrN)
	}
	v, err := HiddenValue(key, "g", 1, 0, d, 1)
	require.NoError(t, err)
	assert.Zero(t, v)
	_, err = Value("other", key, "g", 1, 0, d, 6)
	assert.Error(t, err)
	for k := uint32(0); k < 2000; k++ {
		v, err := RollValue(key, "g", 1, k, d, 256)
		require.NoError(t, err)
		require.True(t, v >= 1 && v <= 256)
	}
}
