package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPositionRoundTrip: record -> pbem position -> pbem new --position
// -> record: both games replay to the same state hash, in both games.
func TestPositionRoundTrip(t *testing.T) {
	hash := regexp.MustCompile(`final state sha256 ([0-9a-f]+)`)
	for _, g := range []struct{ game, scen, a, b string }{
		{"richard-iii", "kingmaker", "york", "lancaster"},
		{"hammer-of-the-scots", "the-bruce", "england", "scotland"},
	} {
		t.Run(g.game, func(t *testing.T) {
			dir := t.TempDir()
			cfg := filepath.Join(dir, "pbem.yaml")
			require.NoError(t, os.WriteFile(cfg, []byte("store: "+filepath.Join(dir, "pbem.db")+"\ndomain: club.example\n"), 0o600))
			players := []string{"--player", g.a + "=ann@club.example", "--player", g.b + "=rob@club.example", "--gm", "gm@club.example"}
			code, _, errs := runCmd(t, append([]string{"new", "--config", cfg, "--game", g.game, "--scenario", g.scen, "--id", "g-1"}, players...)...)
			require.Equal(t, 0, code, errs)
			rec1 := filepath.Join(dir, "g1.json")
			code, _, errs = runCmd(t, "export", "--config", cfg, "g-1", "--out", rec1)
			require.Equal(t, 0, code, errs)

			pos := filepath.Join(dir, "g1.pos")
			code, _, errs = runCmd(t, "position", rec1, "--at", "1", "--out", pos)
			require.Equal(t, 0, code, errs)
			text, err := os.ReadFile(pos)
			require.NoError(t, err)
			require.Contains(t, string(text), "scenario "+g.scen)

			// The scenario (and the game) come from the file.
			code, out, errs := runCmd(t, append([]string{"new", "--config", cfg, "--position", pos, "--id", "g-2"}, players...)...)
			require.Equal(t, 0, code, errs)
			require.Contains(t, out, "created game g-2")
			rec2 := filepath.Join(dir, "g2.json")
			code, _, errs = runCmd(t, "export", "--config", cfg, "g-2", "--out", rec2)
			require.Equal(t, 0, code, errs)

			_, out1, _ := runCmd(t, "replay", rec1)
			_, out2, _ := runCmd(t, "replay", rec2)
			h1, h2 := hash.FindStringSubmatch(out1), hash.FindStringSubmatch(out2)
			require.NotNil(t, h1, out1)
			require.NotNil(t, h2, out2)
			require.Equal(t, h1[1], h2[1], "the game started from the position has the recorded game's state")

			// A position that breaks the rules is refused with the line and why.
			bad := filepath.Join(dir, "bad.pos")
			lines := strings.Split(string(text), "\n")
			for i, l := range lines {
				if strings.HasPrefix(l, "block ") {
					lines = append(lines[:i+1], lines[i:]...) // the same block twice
					break
				}
			}
			require.NoError(t, os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o600))
			code, _, errs = runCmd(t, append([]string{"new", "--config", cfg, "--position", bad, "--id", "g-3"}, players...)...)
			require.Equal(t, 1, code)
			require.Regexp(t, `position line \d+: block \S+ is placed twice \(first at line \d+\)`, errs)

			code, _, errs = runCmd(t, "position", rec1, "--at", "7")
			require.Equal(t, 2, code, errs)
			require.Contains(t, errs, "entries 1 to 1")
		})
	}
}
