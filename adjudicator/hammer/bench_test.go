package hammer

import (
	"testing"

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
