package richard3

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/stretchr/testify/require"
)

var updateHashes = flag.Bool("update-hashes", false, "rewrite testdata/random-games.txt")

// TestRandomGamesUnchanged plays the benchmark's random games and compares
// a digest of every submission's lines and every state's encoding with
// testdata/random-games.txt: a change to the engine's speed must leave
// every game the same, move for move and byte for byte. Rewrite the file
// with -update-hashes only when the rules themselves change.
func TestRandomGamesUnchanged(t *testing.T) {
	const games = 50
	var got strings.Builder
	for seed := uint64(1); seed <= games; seed++ {
		h := sha256.New()
		final, n := playRandom(t, seed, "", false, func(s *State, res *adjudicator.Result) {
			for _, c := range res.Canonical {
				h.Write([]byte(c))
				h.Write([]byte{'\n'})
			}
			data, err := s.Encode()
			require.NoError(t, err)
			h.Write(data)
		})
		data, err := final.Encode()
		require.NoError(t, err)
		fh := sha256.Sum256(data)
		fmt.Fprintf(&got, "%d %d %s %s\n", seed, n, hex.EncodeToString(fh[:8]), hex.EncodeToString(h.Sum(nil)[:8]))
	}
	const file = "testdata/random-games.txt"
	if *updateHashes {
		require.NoError(t, os.WriteFile(file, []byte(got.String()), 0o644))
		return
	}
	want, err := os.ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, string(want), got.String(), "seed, submissions, final state hash, digest of every state")
}
