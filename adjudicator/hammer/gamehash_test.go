package hammer

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

var updateHashes = flag.Bool("update-hashes", false, "rewrite testdata/random-games.txt")

// TestRandomGamesUnchanged plays the benchmark's random games (and a few
// of the longer scenarios) and compares a digest of every submission's
// lines and every state's encoding with testdata/random-games.txt: a
// change to the engine's speed must leave every game the same, move for
// move and byte for byte. Rewrite the file with -update-hashes only when
// the rules themselves change.
func TestRandomGamesUnchanged(t *testing.T) {
	var got strings.Builder
	play := func(scen string, seed uint64) {
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup(scen, nil, d)
		require.NoError(t, err)
		s := st.(*St)
		h := sha256.New()
		n := 0
		for !s.Fin {
			owing := s.Owing()
			sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
			for _, l := range sub.Lines {
				h.Write([]byte(l.Text))
				h.Write([]byte{'\n'})
			}
			ns, _, err := s.Apply(*sub, d)
			require.NoError(t, err)
			s = ns.(*St)
			data, err := s.Encode()
			require.NoError(t, err)
			h.Write(data)
			n++
		}
		data, err := s.Encode()
		require.NoError(t, err)
		fh := sha256.Sum256(data)
		fmt.Fprintf(&got, "%s %d %d %s %s\n", scen, seed, n, hex.EncodeToString(fh[:8]), hex.EncodeToString(h.Sum(nil)[:8]))
	}
	for seed := uint64(1); seed <= 40; seed++ {
		play("braveheart", seed)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		play("the-bruce", seed)
		play("campaign", seed)
	}
	const file = "testdata/random-games.txt"
	if *updateHashes {
		require.NoError(t, os.WriteFile(file, []byte(got.String()), 0o644))
		return
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, string(want), got.String(), "scenario, seed, submissions, final state hash, digest of every state")
}

// TestRandomGameNarrativesUnchanged keeps a digest of what every
// submission of the benchmark's random games tells the players (its
// canonical lines and its events with their readers), with each
// submission applied twice to the same state so that two results built
// from one state are seen not to share memory: the narrative must stay
// the same, word for word, through changes made for speed. It shares
// -update-hashes with TestRandomGamesUnchanged.
func TestRandomGameNarrativesUnchanged(t *testing.T) {
	var got strings.Builder
	for seed := uint64(1); seed <= 40; seed++ {
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup("braveheart", nil, d)
		require.NoError(t, err)
		s := st.(*St)
		h := sha256.New()
		for !s.Fin {
			owing := s.Owing()
			sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
			ns, res, err := s.Apply(*sub, d)
			require.NoError(t, err)
			_, _, err = s.Apply(*sub, testdice.New(seed)) // a second result from the same state
			require.NoError(t, err)
			for _, c := range res.Canonical {
				fmt.Fprintf(h, "C %s\n", c)
			}
			for _, e := range res.Events {
				fmt.Fprintf(h, "E %v %s\n", e.To, e.Text)
			}
			s = ns.(*St)
		}
		fmt.Fprintf(&got, "%d %s\n", seed, hex.EncodeToString(h.Sum(nil)[:8]))
	}
	const file = "testdata/random-narratives.txt"
	if *updateHashes {
		require.NoError(t, os.WriteFile(file, []byte(got.String()), 0o644))
		return
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, string(want), got.String(), "seed, digest of every submission's canonical lines and events")
}
