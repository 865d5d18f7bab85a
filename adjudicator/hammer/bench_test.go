package hammer

import (
	"testing"
	"unsafe"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
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
		{"applyMem", unsafe.Sizeof(applyMem{}), 1408},
		{"applyMemSmall", unsafe.Sizeof(applyMemSmall{}), 1024},
		{"applyMemMedium", unsafe.Sizeof(applyMemMedium{}), 1152},
		{"applyMemCard", unsafe.Sizeof(applyMemCard{}), 416},
		{"applyMemMove", unsafe.Sizeof(applyMemMove{}), 1792},
		{"applyMemMove1", unsafe.Sizeof(applyMemMove1{}), 1536},
		{"applyMemReveal", unsafe.Sizeof(applyMemReveal{}), 704},
	} {
		if c.size+8 > c.class || c.size+8 <= c.class-32 {
			t.Errorf("%s is %d bytes (+8 header): resize its text to fill the %d-byte class", c.name, c.size, c.class)
		}
	}
}

// TestApplyLeavesStateAlone applies every submission of random games
// and checks that the state it was applied to encodes as before, that
// no two states share a record of the turn one of them may write, and
// that the blank records of a new turn are never written.
func TestApplyLeavesStateAlone(t *testing.T) {
	for _, scen := range []string{"braveheart", "the-bruce"} {
		for seed := uint64(1); seed <= 10; seed++ {
			d := testdice.New(seed)
			pk := testdice.New(seed*7 + 1)
			st, err := Game{}.Setup(scen, nil, d)
			require.NoError(t, err)
			s := st.(*St)
			for !s.Fin {
				before, err := s.Encode()
				require.NoError(t, err)
				owing := s.Owing()
				sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
				require.Equal(t, before, mustEncode(t, s), "a random submission changed the state")
				ns, _, err := s.Apply(*sub, d)
				require.NoError(t, err)
				require.Equal(t, string(before), string(mustEncode(t, s)), "%s seed %d: %v changed the state it was applied to", scen, seed, sub.Lines)
				n := ns.(*St)
				if n.mvOwn {
					require.NotSame(t, s.TurnMoves, n.TurnMoves)
				}
				if n.bdOwn {
					require.NotSame(t, s.TurnBorders, n.TurnBorders)
				}
				if n.ordOwn {
					require.NotSame(t, s.Ord, n.Ord)
				}
				if n.pcOwn {
					require.NotSame(t, s.Pieces, n.Pieces)
				}
				s = n
			}
		}
	}
	require.Equal(t, TurnMoves{Orig: noneNB, Entry: noneNB}, blankMoves)
	require.Equal(t, TurnBorders{Att: noneNA, Main: noneNA16}, blankBorders)
	require.Equal(t, Standing{Raid: -1, Battles: noBattles}, blankStanding)
}

func mustEncode(t *testing.T, s *St) []byte {
	t.Helper()
	data, err := s.Encode()
	require.NoError(t, err)
	return data
}
