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
