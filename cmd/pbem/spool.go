package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
)

// While the daemon runs it holds the store's lock, so commands that change
// the store hand their work to it through a spool directory beside the
// store: "pbem new" drops a request there and the daemon picks it up
// within seconds. The daemon also keeps a status snapshot there for
// "pbem status".

func spoolDir(storePath string) string { return storePath + ".spool" }

type spoolRequest struct {
	Kind   string            `json:"kind"` // "new", "export" or "backup"
	New    judge.NewGameSpec `json:"new"`
	Game   string            `json:"game,omitempty"`   // export: the game
	Reveal bool              `json:"reveal,omitempty"` // export: reveal every secret
	Out    string            `json:"out,omitempty"`    // export: the file to write
	At     time.Time         `json:"at"`
}

// spool drops a request for the running daemon.
func spool(storePath string, req spoolRequest) (string, error) {
	dir := spoolDir(storePath)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	req.At = time.Now().UTC()
	b, err := json.MarshalIndent(req, "", "  ")
	if err != nil {
		return "", err
	}
	name := filepath.Join(dir, fmt.Sprintf("new-%d.json", time.Now().UnixNano()))
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return "", err
	}
	return name, os.Rename(tmp, name)
}

// runSpool processes spool requests and refreshes the status snapshot
// until ctx ends.
func runSpool(ctx context.Context, storePath string, j *judge.Judge, log *slog.Logger) {
	dir := spoolDir(storePath)
	t := time.NewTicker(2 * time.Second)
	defer t.Stop()
	for {
		processSpool(dir, j, log)
		writeStatus(dir, j)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func processSpool(dir string, j *judge.Judge, log *slog.Logger) {
	names, _ := filepath.Glob(filepath.Join(dir, "new-*.json"))
	sort.Strings(names)
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		var req spoolRequest
		result := ""
		if err := json.Unmarshal(b, &req); err != nil {
			result = "error: unreadable request: " + err.Error()
		} else if req.Kind == "export" {
			result = spoolExport(j, req)
		} else if req.Kind == "backup" {
			if err := j.DB().Backup(req.Out); err != nil {
				result = "error: " + err.Error()
			} else {
				result = "store copied to " + req.Out + "\n"
			}
		} else if c, err := j.NewGame(req.New); err != nil {
			result = "error: " + err.Error()
		} else {
			result = fmt.Sprintf("created game %s (%s, %s); welcome emails sent\n", c.Game.ID, c.Game.GameName, c.Game.Scenario)
			log.Info("game created from the spool", "game", c.Game.ID)
		}
		_ = os.WriteFile(strings.TrimSuffix(name, ".json")+".done", []byte(result+"\n"), 0o600)
		_ = os.Remove(name)
	}
}

func writeStatus(dir string, j *judge.Judge) {
	var b strings.Builder
	_ = j.DB().View(func(tx *store.Tx) error { return statusText(&b, tx) })
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	tmp := filepath.Join(dir, "status.txt.tmp")
	if os.WriteFile(tmp, []byte(b.String()), 0o600) == nil {
		_ = os.Rename(tmp, filepath.Join(dir, "status.txt"))
	}
}

// waitSpool waits for the daemon's answer to a spooled request.
func waitSpool(name string, max time.Duration) (string, error) {
	done := strings.TrimSuffix(name, ".json") + ".done"
	deadline := time.Now().Add(max)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(done); err == nil {
			_ = os.Remove(done)
			return string(b), nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", errors.New("the daemon has not picked up the request yet; it will when it runs")
}

func spoolExport(j *judge.Judge, req spoolRequest) string {
	rec, err := j.Export(req.Game, req.Reveal)
	if err != nil {
		return "error: " + err.Error()
	}
	if err := rec.Save(req.Out); err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprintf("record of %s written to %s\n", req.Game, req.Out)
}

// handOff gives a request to the running daemon, waits for its answer and
// prints it.
func handOff(ctx *cli, storePath string, req spoolRequest) error {
	name, err := spool(storePath, req)
	if err != nil {
		return err
	}
	fmt.Fprintf(ctx.stdout, "the daemon is running; request queued in %s\n", name)
	msg, err := waitSpool(name, 15*time.Second)
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, msg)
	if strings.HasPrefix(msg, "error:") {
		return errors.New(strings.TrimSpace(strings.TrimPrefix(msg, "error:")))
	}
	return nil
}
