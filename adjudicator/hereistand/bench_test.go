package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

func BenchmarkSetup1517(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := (Game{}).Setup("1517", nil, testdice.New(uint64(i))); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkClone(b *testing.B) {
	s := newGame(b, 1)
	for i := 0; i < b.N; i++ {
		_ = s.clone()
	}
}

func BenchmarkEncodeDecode(b *testing.B) {
	s := newGame(b, 1)
	for i := 0; i < b.N; i++ {
		data, _ := s.Encode()
		if _, err := decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHasLOC(b *testing.B) {
	s := newGame(b, 1)
	milan := spaceByID["milan"]
	for i := 0; i < b.N; i++ {
		if !s.HasLOC(France, milan) {
			b.Fatal("no LOC")
		}
	}
}
