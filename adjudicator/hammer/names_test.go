package hammer

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
)

// TestSplitWordAgrees: words cut from the text as written give what
// splitting into fields and joining them gives.
func TestSplitWordAgrees(t *testing.T) {
	slow := func(s, w string) []string {
		f := strings.Fields(s)
		var out []string
		start := 0
		for i, x := range f {
			if strings.EqualFold(x, w) {
				out = append(out, strings.Join(f[start:i], " "))
				start = i + 1
			}
		}
		return append(out, strings.Join(f[start:], " "))
	}
	for _, s := range []string{"", "from", "a from b", "a b from c d", "from a", "a from", "from from", "a from from b",
		"FROM", "a FroM b", "afrom b", "a fromb", "a  from b", " a from b", "a from b ", "a\tfrom b", "x", "a b c",
		"fife from lennox from mar", "a from b from", "é from b", "lanark +1 coast lennox"} {
		for _, w := range []string{"from", "coast", "to"} {
			assert.Equal(t, slow(s, w), splitWord(s, w), "%q around %q", s, w)
		}
	}
}

// TestFirstWordAgrees: the first word and the others, as fields would
// give them.
func TestFirstWordAgrees(t *testing.T) {
	for _, s := range []string{"", "bruce", "bruce carrick", "Bruce  Carrick", " comyn badenoch ", "comyn the north\tlands", "é x", "a b c"} {
		f := strings.Fields(s)
		first, others, ok := firstWord(s)
		assert.Equal(t, len(f) >= 2, ok, s)
		if ok {
			assert.Equal(t, f[0], first, s)
			assert.Equal(t, strings.Join(f[1:], " "), others, s)
		}
	}
}

// TestSplitArrowAndTrimAgree: the one-pass cut of ASCII arrows and the
// quick trimSpace give what strings.Split and strings.TrimSpace give, on
// strings made of arrows, spaces, letters and Unicode spaces.
func TestSplitArrowAndTrimAgree(t *testing.T) {
	pieces := []string{"-", ">", "->", " ", "\t", "a", "Fife", "\u00a0", "\u2003", "→", "é", "to"}
	rng := testdice.New(7)
	for n := 0; n < 20000; n++ {
		var b strings.Builder
		for k := rng.Intn(8); k >= 0; k-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		s := b.String()
		if got, want := trimSpace(s), strings.TrimSpace(s); got != want {
			t.Fatalf("trimSpace(%q) = %q, want %q", s, got, want)
		}
		if strings.Contains(s, "->") && !strings.Contains(s, "→") {
			var want []string
			for _, p := range strings.Split(s, "->") {
				if p = strings.TrimSpace(p); p != "" {
					want = append(want, p)
				}
			}
			if got := splitArrowInto(s, nil); !reflect.DeepEqual(got, want) {
				t.Fatalf("splitArrowInto(%q) = %q, want %q", s, got, want)
			}
		}
	}
}

// TestNameIndexAgrees: the name indexes answer as the maps they are
// built from, for every name and for names not in them.
func TestNameIndexAgrees(t *testing.T) {
	check := func(x *nameIndex, m map[string]int) {
		for k, v := range m {
			got, ok := x.get(k)
			if k == "" {
				continue
			}
			if !ok || got != v {
				t.Fatalf("get(%q) = %d, %v; want %d", k, got, ok, v)
			}
			for _, other := range []string{k + "x", "x" + k, k[:len(k)-1], strings.ToUpper(k)} {
				want, inMap := m[other]
				got, ok := x.get(other)
				if ok != inMap || (ok && got != want) {
					t.Fatalf("get(%q) = %d, %v; the map gives %d, %v", other, got, ok, want, inMap)
				}
			}
		}
		if _, ok := x.get(""); ok {
			t.Fatal(`get("") found a name`)
		}
	}
	check(areaIndex, areaExact)
	check(sideBlockIndex[0], sideBlockExact[0])
	check(sideBlockIndex[1], sideBlockExact[1])
}
