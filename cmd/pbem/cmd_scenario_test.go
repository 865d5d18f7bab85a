package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestScenarioCheck(t *testing.T) {
	pack := filepath.Join("..", "..", "adjudicator", "hexbattle", "testdata", "hill")
	code, out, _ := runCmd(t, "scenario", "check", pack)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "ok:")

	// a broken copy: unknown terrain and a unit off the map
	dir := t.TempDir()
	for _, f := range []string{"field.pack", "tables.pack", "units.pack"} {
		b, err := os.ReadFile(filepath.Join(pack, f))
		require.NoError(t, err)
		s := strings.Replace(string(b), "line 05: c0 c0 c0 c0 w0", "line 05: c0 c0 c0 c0 q0", 1)
		s = strings.Replace(s, "unit W1 welsh   at=0207", "unit W1 welsh   at=0907", 1)
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte(s), 0o644))
	}
	code, out, errs := runCmd(t, "scenario", "check", dir)
	require.NotEqual(t, 0, code)
	require.Contains(t, out, `field.pack:25: hex 0505: unknown terrain letter "q"`)
	require.Contains(t, out, "units.pack:14: hex 0907 is off the map")
	require.Contains(t, errs, "2 problem(s)")
}

// A club's scenario pack starts a game that carries the pack: its
// scenarios and sides are the pack's, and its record verifies and
// replays without the pack's files.
func TestNewFromScenarioPack(t *testing.T) {
	pack := filepath.Join("..", "..", "adjudicator", "hexbattle", "testdata", "hill")
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("store: pbem.db\n"), 0o600))
	code, out, errs := runCmd(t, "new", "--config", cfg, "--scenario-pack", pack, "--scenario", "discipline",
		"--player", "english=a@x.example", "--player", "french=b@x.example", "--gm", "g@x.example")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "(crecy-navarette, discipline)")
	code, out, errs = runCmd(t, "export", "--config", cfg, "crecy-navarette-1")
	require.Equal(t, 0, code, errs)
	rec := filepath.Join(dir, "rec.json")
	require.NoError(t, os.WriteFile(rec, []byte(out), 0o600))
	code, out, errs = runCmd(t, "verify", rec)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "OK")
	code, out, errs = runCmd(t, "replay", rec)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "replayed 1 entries")

	// Bad packs and wrong pairings are refused with the reason.
	code, _, errs = runCmd(t, "new", "--config", cfg, "--scenario-pack", filepath.Join(dir, "nope"), "--gm", "g@x.example")
	require.NotEqual(t, 0, code)
	require.Contains(t, errs, "no such file")
	code, _, errs = runCmd(t, "new", "--config", cfg, "--game", "richard-iii", "--scenario-pack", pack, "--gm", "g@x.example")
	require.NotEqual(t, 0, code)
	require.Contains(t, errs, "--scenario-pack goes with --game crecy-navarette")
	code, _, errs = runCmd(t, "new", "--config", cfg, "--scenario-pack", pack, "--scenario", "agincourt",
		"--player", "english=a@x.example", "--player", "french=b@x.example", "--gm", "g@x.example")
	require.NotEqual(t, 0, code)
	require.Contains(t, errs, "historical")
}
