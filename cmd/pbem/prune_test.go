package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/store"
)

// finishGame ends game id in the store file as the judge would, last
// changed at t.
func finishGame(t *testing.T, storePath, id string, at time.Time) {
	t.Helper()
	db, err := store.Open(storePath, store.Options{Now: func() time.Time { return at }})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		g.Status.Finished = true
		g.Status.Result = "abandoned by the GM"
		g.Deadline = time.Time{}
		g.Updated = at
		return tx.PutGame(g)
	}))
}

// TestPrune archives finished games into record files that verify, and
// leaves running games and bad input alone.
func TestPrune(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	storePath := filepath.Join(dir, "pbem.db")
	for _, id := range []string{"r-1", "r-2", "r-3", "r-4"} {
		code, _, errs := runCmd(t, append([]string{"new", "--config", cfgPath, "--id", id}, newGame...)...)
		require.Equal(t, 0, code, errs)
	}
	finishGame(t, storePath, "r-1", time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	finishGame(t, storePath, "r-2", time.Date(2026, 9, 1, 12, 0, 0, 0, time.UTC))

	// pbem end: the operator abandons r-4.
	code, out, errs := runCmd(t, "end", "r-4", "--why", "season over", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "game r-4 ended (abandoned); every player and the GM are told\nthe notices are queued: they go out when `pbem serve` runs\n", out)
	code, _, errs = runCmd(t, "end", "r-4", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Equal(t, "pbem end: game r-4 is already over (abandoned by the server's operator: season over)\n", errs)
	code, _, errs = runCmd(t, "end", "r-9", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Equal(t, fmt.Sprintf("pbem end: no game \"r-9\" in %s (see `pbem status`)\n", storePath), errs)
	code, _, _ = runCmd(t, "end", "--config", cfgPath)
	require.Equal(t, 2, code)

	// Bad input: clear usage errors, nothing changed.
	for _, args := range [][]string{{"prune"}, {"prune", "--finished-before", "yesterday"}, {"prune", "extra", "--finished-before", "2026-01-01"}} {
		code, _, errs := runCmd(t, append(args, "--config", cfgPath)...)
		require.Equal(t, 2, code, args)
		require.NotEmpty(t, errs)
	}

	archive := filepath.Join(dir, "archive")
	code, out, errs = runCmd(t, "prune", "--config", cfgPath, "--finished-before", "2026-01-01", "--dir", archive)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "no game finished before 2026-01-01T00:00:00Z\n", out)

	code, out, errs = runCmd(t, "prune", "--config", cfgPath, "--finished-before", "2026-06-01", "--dir", archive, "--dry-run")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "would archive r-1 ")
	require.NotContains(t, out, "r-2")
	_, err := os.Stat(archive)
	require.ErrorIs(t, err, os.ErrNotExist, "a dry run writes nothing")

	code, out, errs = runCmd(t, "prune", "--config", cfgPath, "--finished-before", "2100-01-01", "--dir", archive)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "archived r-1 to "+filepath.Join(archive, "r-1.json"))
	require.Contains(t, out, "archived r-2 to ")
	require.Contains(t, out, "archived r-4 to ")
	require.Contains(t, out, "3 games archived and removed from the store")

	// The archived records verify and replay; the store keeps only r-3.
	for _, id := range []string{"r-1", "r-2", "r-4"} {
		rec := filepath.Join(archive, id+".json")
		code, out, errs = runCmd(t, "verify", rec)
		require.Equal(t, 0, code, "%s: %s%s", id, out, errs)
		code, out, errs = runCmd(t, "replay", rec)
		require.Equal(t, 0, code, "%s: %s%s", id, out, errs)
	}
	code, _, errs = runCmd(t, "export", "r-1", "--config", cfgPath)
	require.Equal(t, 1, code)
	require.Contains(t, errs, `no game "r-1"`)
	code, out, errs = runCmd(t, "status", "--all", "--config", cfgPath)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "r-3")
	require.NotContains(t, out, "r-1")
	db, err := store.Open(storePath, store.Options{ReadOnly: true})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.View(func(tx *store.Tx) error {
		require.False(t, tx.HasGame("r-1"))
		mails, err := tx.GameMail("r-1")
		require.NoError(t, err)
		require.Empty(t, mails, "the archived game's mail left the store")
		c, err := tx.GameCounts()
		require.NoError(t, err)
		require.Equal(t, store.GameCounts{Active: 1}, c)
		return nil
	}))
}
