package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// pbem logins tells the logins of the game creators, league entrants and
// GMs, and of any address on pbem's own mail server; nothing with a real
// mail account.
func TestLoginsCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("store: "+filepath.Join(dir, "pbem.db")+"\ndomain: club.example\ncreators:\n  GM@club.example: s3cret-phrase\n"), 0o600))
	code, _, errs := runCmd(t, "new", "--config", cfg, "--game", "richard-iii",
		"--player", "york=ann@club.example", "--player", "lancaster=rob@club.example", "--gm", "gm@club.example", "--id", "r-1")
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "logins", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "gm@club.example (game creator)")
	require.Regexp(t, `password: \S+-\S+`, out)
	require.NotContains(t, out, "s3cret-phrase", "the creator's secret is not a mail password")
	// League entrants and GMs are listed too, one entry per address.
	code, _, errs = runCmd(t, "league", "new", "spring", "--config", cfg, "--game", "richard-iii", "--format", "roundrobin",
		"--players", "amy@club.example,bob@club.example,cat@club.example,dan@club.example", "--gm", "gm@club.example")
	require.Equal(t, 0, code, errs)
	code, out, errs = runCmd(t, "logins", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "cat@club.example (entrant in league spring)")
	require.Contains(t, out, "gm@club.example (game creator; GM of league spring)")
	require.Equal(t, 1, strings.Count(out, "gm@club.example ("))
	code, out, errs = runCmd(t, "logins", "zoe@club.example", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "zoe@club.example (asked for)")

	real := filepath.Join(dir, "real.yaml")
	require.NoError(t, os.WriteFile(real, []byte("store: "+filepath.Join(dir, "pbem.db")+"\ndomain: club.example\nimap:\n  addr: 127.0.0.1:1\n  username: u\n  password: p\nsmtp:\n  host: 127.0.0.1\n  port: 1\n"), 0o600))
	code, _, errs = runCmd(t, "logins", "--config", real)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "real mail account")
}
