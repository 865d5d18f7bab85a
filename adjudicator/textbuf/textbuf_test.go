package textbuf

import "testing"

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
