package textbuf

import (
	"strconv"
	"testing"
)

func TestStringsSurviveGrowth(t *testing.T) {
	var b Buf
	b.Reset(make([]byte, 0, 4))
	var got []string
	for i := 0; i < 50; i++ {
		got = append(got, b.S("line ").Int(i).B('.').Take())
	}
	for i, s := range got {
		if want := "line " + itoa(i) + "."; s != want {
			t.Fatalf("string %d is %q, want %q", i, s, want)
		}
	}
	if s := b.Take(); s != "" {
		t.Fatalf("empty take gave %q", s)
	}
}

func TestOneAllocationForManyStrings(t *testing.T) {
	mem := make([]byte, 0, 256)
	n := testing.AllocsPerRun(100, func() {
		var b Buf
		b.Reset(mem)
		for i := 0; i < 10; i++ {
			_ = b.S("move ").S("kent").S(" -> ").S("essex").Take()
		}
	})
	if n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// TestSinceAndTruncate: Since gives a part of the string in progress
// that stays valid as the buffer grows and the string goes on; Truncate
// rewrites the end of the string in progress.
func TestSinceAndTruncate(t *testing.T) {
	var b Buf
	b.Reset(make([]byte, 0, 8))
	b.S("Battle: ")
	k := b.Len()
	b.S("   first")
	if s := b.Since(k); s != "   first" {
		t.Fatalf("Since gave %q", s)
	}
	b.Truncate(k)
	b.S("first")
	var lines []string
	for i := 0; i < 20; i++ {
		b.B('\n')
		k := b.Len()
		b.S("line ").Int(i)
		lines = append(lines, b.Since(k))
	}
	all := b.Take()
	want := "Battle: first"
	for i, l := range lines {
		if w := "line " + itoa(i); l != w {
			t.Fatalf("line %d is %q, want %q", i, l, w)
		}
		want += "\nline " + itoa(i)
	}
	if all != want {
		t.Fatalf("Take gave %q, want %q", all, want)
	}
	if s := b.Since(0); s != "" {
		t.Fatalf("Since after Take gave %q", s)
	}
}

// TestInt: Int writes what strconv.Itoa writes.
func TestInt(t *testing.T) {
	for _, v := range []int{0, 1, 9, 10, 42, 99, 100, 101, 12345, -1, -10, -99, -100, 1 << 40, -1 << 62} {
		var b Buf
		if got, want := b.S("x").Int(v).Take(), "x"+strconv.Itoa(v); got != want {
			t.Errorf("Int(%d) wrote %q, want %q", v, got, want)
		}
	}
}
