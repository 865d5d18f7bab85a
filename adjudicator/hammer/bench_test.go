package hammer

import (
	"testing"
	"unsafe"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// BenchmarkFullGame plays complete random Braveheart games.
func BenchmarkFullGame(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		seed := uint64(i + 1)
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup("braveheart", nil, d)
		if err != nil {
			b.Fatal(err)
		}
		s := st.(*St)
		for !s.Fin {
			owing := s.Owing()
			sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			if err != nil {
				b.Fatal(err)
			}
			s = ns.(*St)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// TestApplyMemSizes: each applyMem fills its size class without
// spilling into the next (the sizes count the allocator's 8-byte header
// of objects with pointers).
func TestApplyMemSizes(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("the size classes are those of 64-bit platforms")
	}
	for _, c := range []struct {
		name        string
		size, class uintptr
	}{
		{"applyMem", unsafe.Sizeof(applyMem{}), 1792},
		{"applyMemSmall", unsafe.Sizeof(applyMemSmall{}), 1408},
		{"applyMemMedium", unsafe.Sizeof(applyMemMedium{}), 1536},
		{"applyMemCard", unsafe.Sizeof(applyMemCard{}), 1152},
	} {
		if c.size+8 > c.class || c.size+8 <= c.class-32 {
			t.Errorf("%s is %d bytes (+8 header): resize its text to fill the %d-byte class", c.name, c.size, c.class)
		}
	}
}
