package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// gameOf reads a game from the store file.
func gameOf(t *testing.T, path, id string) *store.Game {
	t.Helper()
	db, err := store.Open(path, store.Options{ReadOnly: true})
	require.NoError(t, err)
	defer db.Close()
	var g *store.Game
	require.NoError(t, db.View(func(tx *store.Tx) error {
		g, err = tx.Game(id)
		return err
	}))
	return g
}

// TestClubCommands: a game's deadline policy at creation, GM commands
// and seat settings from the command line, and the detailed status.
func TestClubCommands(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	storePath := filepath.Join(dir, "pbem.db")

	code, _, errs := runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-1", "--deadline-at", "25:00"}, newGame...)...)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "not a time of day")
	code, _, errs = runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-1", "--missed", "forfeit"}, newGame...)...)
	require.Equal(t, 2, code, errs)

	code, out, errs := runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-1", "--deadline-at", "20:00",
		"--timezone", "Europe/Madrid", "--weekends-off", "--grace", "6", "--reminders", "24,2", "--missed", "forfeit:3"}, newGame...)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "created game r-1")
	g := gameOf(t, storePath, "r-1")
	require.Equal(t, store.Policy{At: "20:00", TZ: "Europe/Madrid", WeekendsOff: true, GraceHours: 6, Reminders: []int{24, 2}, Missed: "forfeit", MissedLimit: 3}, g.Policy)
	require.Equal(t, "20:00", g.Deadline.In(mustZone(t, "Europe/Madrid")).Format("15:04"))

	code, out, errs = runCmd(t, "gm", "r-1", "pause", "3", "club", "trip", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "the game is paused until")
	code, out, errs = runCmd(t, "status", "r-1", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "deadlines at 20:00 Europe/Madrid")
	require.Contains(t, out, "grace 6 h")
	require.Contains(t, out, "paused since")
	require.Contains(t, out, "(club trip)")

	before := gameOf(t, storePath, "r-1")
	code, _, errs = runCmd(t, "gm", "r-1", "resume", "extend 500", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "nothing was applied")
	require.Contains(t, errs, "1 to 72")
	code, _, errs = runCmd(t, "seat", "r-1", "york", "timezone Mars/Base", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "not a time zone")
	code, _, errs = runCmd(t, "gm", "r-9", "resume", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Contains(t, errs, `no game "r-9"`)
	after := gameOf(t, storePath, "r-1")
	require.Equal(t, before.Seq, after.Seq, "bad input changes nothing")
	require.NotNil(t, after.Pause)

	code, out, errs = runCmd(t, "gm", "r-1", "resume", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "the game resumed")
	code, out, errs = runCmd(t, "seat", "r-1", "york", "timezone America/New_York", "reminders 2", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "America/New_York")
	code, out, errs = runCmd(t, "status", "r-1", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Regexp(t, `york\s+ann@club.example\s+America/New_York\s+\d{4}-\d\d-\d\d\s+0\s+0\s+0\s+0\s+2h`, out)
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	require.NoError(t, err)
	return loc
}

// TestReviseWindowCommands: a game's revision window at creation and by
// the GM's command from the command line.
func TestReviseWindowCommands(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	storePath := filepath.Join(dir, "pbem.db")
	code, _, errs := runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-2", "--revise", "900"}, newGame...)...)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "0 to 720")
	code, _, errs = runCmd(t, append([]string{"new", "--config", cfgPath, "--id", "r-2", "--revise", "45"}, newGame...)...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, 45, gameOf(t, storePath, "r-2").Policy.ReviseMinutes)
	code, out, errs := runCmd(t, "status", "r-2", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "revision window 45 min")
	code, out, errs = runCmd(t, "gm", "r-2", "revise", "off", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "no revision window")
	require.Equal(t, 0, gameOf(t, storePath, "r-2").Policy.ReviseMinutes)
}
