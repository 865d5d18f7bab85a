package orders

import (
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var areas = []Name{
	{ID: "north_wales", Aliases: []string{"North Wales"}},
	{ID: "south_wales", Aliases: []string{"South Wales"}},
	{ID: "kent", Aliases: []string{"Kent"}},
	{ID: "north_yorks", Aliases: []string{"North Yorks"}},
	{ID: "calais", Aliases: []string{"Calais"}},
}

func TestMatchPrefixesAndCase(t *testing.T) {
	for in, want := range map[string]string{"KENT": "kent", "n wales": "north_wales", "North-Yorks": "north_yorks", "cal": "calais"} {
		got, err := Match(in, "area", areas)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := Match("north", "area", areas)
	var amb *AmbiguousError
	require.True(t, errors.As(err, &amb))
	assert.Equal(t, []string{"north_wales", "north_yorks"}, amb.Matches)
}

// Unknown names are answered with the nearest valid ones.
func TestUnknownNameSuggestsNearest(t *testing.T) {
	_, err := Match("nroth wales", "area", areas)
	require.Error(t, err)
	assert.Equal(t, `"nroth wales" is not a known area; did you mean North Wales?`, err.Error())

	_, err = Match("knet", "area", areas) // a swap of neighbours is one edit
	assert.EqualError(t, err, `"knet" is not a known area; did you mean Kent?`)

	_, err = Match("sotuh wales", "area", areas)
	assert.EqualError(t, err, `"sotuh wales" is not a known area; did you mean South Wales?`)

	_, err = Match("nrth wles", "area", areas) // two edits from North Wales, more from South Wales
	assert.EqualError(t, err, `"nrth wles" is not a known area; did you mean North Wales?`)

	_, err = Match("london", "area", areas)
	assert.EqualError(t, err, `"london" is not a known area`)
	_, err = Match("xy", "area", areas)
	assert.EqualError(t, err, `"xy" is not a known area`)

	assert.Equal(t, []string{"North Wales", "South Wales"}, Nearest("xorth wales", areas, 3))
	assert.Equal(t, []string{"North Wales"}, Nearest("xorth wales", areas, 1))
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"kent", "kent", 0}, {"kent", "knet", 1}, {"kent", "kant", 1}, {"kent", "ken", 1}, {"", "abc", 3}, {"calais", "kalais", 1}, {"abcdef", "badcfe", 3}} {
		assert.Equal(t, c.d, editDistance(c.a, c.b, 5), c.a+"/"+c.b)
	}
	assert.Equal(t, 2, editDistance("abcdef", "zzzzzz", 1), "stops past the limit")
}

// TestNormFastPathAgrees checks that names already in normal form come
// back unchanged and that every other spelling is still normalised.
func TestNormFastPathAgrees(t *testing.T) {
	slow := func(s string) string {
		s = strings.ToLower(s)
		s = strings.Map(func(r rune) rune {
			if r == '_' || r == '-' || unicode.IsSpace(r) {
				return ' '
			}
			return r
		}, s)
		return strings.Join(strings.Fields(s), " ")
	}
	for _, in := range []string{"", " ", "a", "north yorks", "north  yorks", " north", "north ", "North_Yorks",
		"north-yorks", "a\tb", "a\nb", "a\u00a0b", "é", "x\u0085y", "fire", "retreat", "a b c", "1-2", "ok:"} {
		if got, want := Norm(in), slow(in); got != want {
			t.Errorf("Norm(%q) = %q, want %q", in, got, want)
		}
	}
	for _, in := range []string{"", "north yorks", "North_Yorks", " north  yorks ", "a\tb", "é b", "north yorkshire", "nort yorks", "Ab-C"} {
		for _, norm := range []string{"", "north yorks", "a b", "é b", "ab c", "north"} {
			if got, want := normIs(in, norm), slow(in) == norm; got != want {
				t.Errorf("normIs(%q, %q) = %v, want %v", in, norm, got, want)
			}
		}
	}
	ins := []string{"", "north yorks", "North_Yorks", " north  yorks ", "a\tb", "é b", "north yorkshire", "nort yorks", "Ab-C"}
	for _, a := range ins {
		for _, b := range append(ins, "hit ", " ", "-c", "c") {
			for _, norm := range []string{"", "north yorks", "a b", "é b", "ab c", "north", "north yorksnorth yorks", "a bab c"} {
				if got, want := NormIs(norm, a, b), slow(a+b) == norm; got != want {
					t.Errorf("NormIs(%q, %q, %q) = %v, want %v", norm, a, b, got, want)
				}
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = Norm("north yorks") }); n != 0 {
		t.Errorf("Norm of a normal name allocates %v times", n)
	}
}

// TestVerbASCIIAgrees: the byte-by-byte reading of ASCII lines gives what
// the rune-by-rune reading gives, for lines built from the characters
// that matter (spaces of every kind, colons, upper case) and for lines
// the fast path must leave to it (any non-ASCII character).
func TestVerbASCIIAgrees(t *testing.T) {
	lines := []string{"", " ", "move", "Move Fife -> Lennox: all", "  CARD  Herald ", "battle all:retreat",
		"hits:\tA", "x:", ":x", " \r: x", "a\v b\f", "fire\n", "pass \t:: \t rest  ", "Mövé x", "a\u00a0b", "\u0085a b",
		"move: \u00a0x", "move x \u00a0", "card Pillage é", "\u00a0move x", "é", "move:\u3000"}
	const alphabet = "aZ :\t\n\v\f\r-xé\u00a0"
	seed := uint64(7)
	for n := 0; n < 5000; n++ {
		var b []byte
		for k := 0; k < n%12; k++ {
			seed = seed*6364136223846793005 + 1442695040888963407
			b = append(b, alphabet[seed>>33%uint64(len(alphabet))])
		}
		lines = append(lines, string(b))
	}
	for _, l := range lines {
		v, r := Verb(l)
		wv, wr := verbAny(l)
		if v != wv || r != wr {
			t.Fatalf("Verb(%q) = %q, %q; want %q, %q", l, v, r, wv, wr)
		}
	}
}
