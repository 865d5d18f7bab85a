package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pbem/pbem/store"
)

func init() {
	register(&command{
		name:    "prune",
		summary: "archive finished games out of the live store into record files",
		usage:   "--finished-before DATE [--dir DIR] [--dry-run] [--config FILE]",
		help: `Moves every game that finished (by victory, resignation or the GM's
abandon) before DATE out of the live store: it writes the game's full
record (every secret revealed, as for a finished game) to DIR/GAME.json,
then deletes the game, its log and its mails from the store. Records of
processed emails stay, so a late duplicate of an old order email is still
recognised. A game counts as finished at its last change. DATE is
YYYY-MM-DD (midnight UTC) or an RFC 3339 time. "pbem verify" and
"pbem replay" read the archived files.

Example:
  pbem prune --finished-before 2026-01-01 --dir /var/lib/pbem/archive`,
		run: runPrune,
	})
}

type pruneArgs struct {
	Before time.Time `json:"before"`
	Dir    string    `json:"dir"` // absolute
	DryRun bool      `json:"dry_run,omitempty"`
}

func runPrune(ctx *cli, args []string) error {
	fs := flags(ctx, find("prune"))
	cfgPath := fs.String("config", "", "configuration file")
	before := fs.String("finished-before", "", "archive games finished before this date (YYYY-MM-DD or RFC 3339)")
	dir := fs.String("dir", "archive", "directory for the archived records (created if missing)")
	dry := fs.Bool("dry-run", false, "list the games that would be archived; change nothing")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("prune takes no arguments")
	}
	if *before == "" {
		return usagef("--finished-before DATE is required")
	}
	t, err := parseDate(*before)
	if err != nil {
		return usagef("--finished-before: %v", err)
	}
	out, err := filepath.Abs(*dir)
	if err != nil {
		return err
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "prune", pruneArgs{Before: t, Dir: out, DryRun: *dry})
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

// parseDate reads YYYY-MM-DD (midnight UTC) or an RFC 3339 time.
func parseDate(s string) (time.Time, error) {
	if t, err := time.Parse("2006-01-02", s); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not a date (YYYY-MM-DD) or an RFC 3339 time", s)
	}
	return t.UTC(), nil
}

// pruneCandidates lists the finished games last changed before t, by ID.
// It pages through the summaries, never decoding a game.
func pruneCandidates(db *store.DB, t time.Time) ([]*store.Summary, error) {
	var out []*store.Summary
	after := ""
	for {
		var page []*store.Summary
		err := db.View(func(tx *store.Tx) error {
			var err error
			page, err = tx.Summaries(after, 500)
			return err
		})
		if err != nil {
			return nil, err
		}
		for _, s := range page {
			if s.Finished && s.Updated.Before(t) {
				out = append(out, s)
			}
		}
		if len(page) < 500 {
			return out, nil
		}
		after = page[len(page)-1].ID
	}
}

func opPrune(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a pruneArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("prune: %w", err)
	}
	if !filepath.IsAbs(a.Dir) {
		return nil, fmt.Errorf("prune: %q is not an absolute path", a.Dir)
	}
	games, err := pruneCandidates(e.db, a.Before)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	if len(games) == 0 {
		fmt.Fprintf(&b, "no game finished before %s\n", a.Before.Format(time.RFC3339))
		return &opResult{Text: b.String()}, nil
	}
	if a.DryRun {
		for _, s := range games {
			fmt.Fprintf(&b, "would archive %s (%s, finished %s: %s)\n", s.ID, s.GameName, s.Updated.UTC().Format(time.RFC3339), s.Result)
		}
		fmt.Fprintf(&b, "%d games; nothing changed (--dry-run)\n", len(games))
		return &opResult{Text: b.String()}, nil
	}
	if err := os.MkdirAll(a.Dir, 0o750); err != nil {
		return nil, fmt.Errorf("prune: %w", err)
	}
	j := judgeFor(e.cfg, e.db)
	for i, s := range games {
		// The record reaches the disk before the game leaves the store:
		// a crash in between leaves both, and the next prune writes the
		// same file again.
		rec, err := j.Export(s.ID, true)
		if err == nil {
			var data []byte
			if data, err = rec.Marshal(); err == nil {
				err = writeFileSync(filepath.Join(a.Dir, s.ID+".json"), data)
			}
		}
		if err == nil {
			err = e.db.Update(func(tx *store.Tx) error {
				if sum, err := tx.Summary(s.ID); err != nil || !sum.Finished {
					return fmt.Errorf("no longer a finished game")
				}
				return tx.DeleteGame(s.ID)
			})
		}
		if err != nil {
			fmt.Fprintf(&b, "archived %d of %d games\n", i, len(games))
			return &opResult{Text: b.String()}, fmt.Errorf("prune: game %s: %w (nothing deleted for it)", s.ID, err)
		}
		fmt.Fprintf(&b, "archived %s to %s\n", s.ID, filepath.Join(a.Dir, s.ID+".json"))
	}
	fmt.Fprintf(&b, "%d games archived and removed from the store\n", len(games))
	return &opResult{Text: b.String()}, nil
}

// writeFileSync writes data to path through a temporary file that is
// synced and renamed into place, so path holds all of data or none.
func writeFileSync(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".prune-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o640); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func init() {
	register(&command{
		name:    "end",
		summary: "end a game with no winner (abandoned), telling every player",
		usage:   "GAME [--why REASON] [--config FILE]",
		help: `Ends GAME as abandoned, with no winner, as the GM's "abandon" command
does: the end is logged (the game's state is left as it was), the hidden
dice secret is revealed as at any game end, every player and the GM get
a notice, and orders are refused from then on. The game stays exportable
and can later be archived with "pbem prune".

Example:
  pbem end roses-7 --why "the club season is over"`,
		run: runEnd,
	})
}

type endArgs struct {
	Game string `json:"game"`
	Why  string `json:"why,omitempty"`
}

func runEnd(ctx *cli, args []string) error {
	fs := flags(ctx, find("end"))
	cfgPath := fs.String("config", "", "configuration file")
	why := fs.String("why", "", "the reason, told to the players")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("end takes one game ID")
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "end", endArgs{Game: fs.Arg(0), Why: *why})
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

func opEnd(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a endArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("end: %w", err)
	}
	if err := gameExists(e.db, a.Game); err != nil {
		return nil, err
	}
	if err := e.judge.EndGame(a.Game, a.Why); err != nil {
		return nil, err
	}
	text := fmt.Sprintf("game %s ended (abandoned); every player and the GM are told\n", a.Game)
	if !e.daemon {
		text += "the notices are queued: they go out when `pbem serve` runs\n"
	}
	return &opResult{Text: text}, nil
}
