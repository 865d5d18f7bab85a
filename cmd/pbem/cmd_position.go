package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/judge"
)

func init() {
	register(&command{
		name:    "position",
		summary: "write a game's position (a text file pbem new --position starts from)",
		usage:   "RECORD [--at SEQ] [--out FILE]",
		help: `Replays an exported record and writes the position after entry SEQ (by
default the last) in the text format of docs/positions.md: turn and phase,
every block's place and strength, both hands. Positions are written at the
start of a card phase, before either player has chosen a card; when entry
SEQ leaves the game elsewhere, it says which entries nearby qualify (without
--at it writes the latest that does, and says so). The file shows
everything, both hands included: it is for the GM.

Start a game from it, or from one written by hand:
  pbem new --position FILE --player ROLE=ADDRESS ... --gm ADDRESS`,
		run: runPosition,
	})
}

// positioner is a game state that can be written as a position file.
type positioner interface {
	Position() (string, error)
}

func runPosition(ctx *cli, args []string) error {
	fs := flags(ctx, find("position"))
	at := fs.Int("at", 0, "the entry after which to write the position (default: the last that can be written)")
	out := fs.String("out", "", "write to FILE instead of standard output")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one record file")
	}
	rec, g, err := loadRecord(fs.Arg(0))
	if err != nil {
		return err
	}
	n := len(rec.Entries)
	if *at < 0 || *at > n {
		return usagef("--at %d: the record has entries 1 to %d", *at, n)
	}
	positionAt := func(seq int) (string, error) {
		st, _, _, err := record.ReplayOrResume(rec.Truncate(seq), g)
		if err != nil {
			return "", err
		}
		p, ok := st.(positioner)
		if !ok {
			return "", fmt.Errorf("%s has no position format", rec.Game)
		}
		return p.Position()
	}
	var text string
	if *at > 0 {
		text, err = positionAt(*at)
		if err != nil {
			near := ""
			for s := *at - 1; s >= 1; s-- {
				if _, e := positionAt(s); e == nil {
					near = fmt.Sprintf("; entry %d qualifies", s)
					break
				}
			}
			for s := *at + 1; s <= n; s++ {
				if _, e := positionAt(s); e == nil {
					near += fmt.Sprintf("; entry %d qualifies", s)
					break
				}
			}
			return fmt.Errorf("no position after entry %d: %v%s", *at, err, near)
		}
	} else {
		var last error
		for s := n; s >= 1; s-- {
			if text, err = positionAt(s); err == nil {
				if s < n {
					fmt.Fprintf(ctx.stderr, "pbem: the position after entry %d of %d (the latest at the start of a card phase): %v after entry %d\n", s, n, last, n)
				}
				break
			}
			if last == nil {
				last = err
			}
		}
		if err != nil {
			return fmt.Errorf("no entry of the record leaves the game where a position can be written: %v", last)
		}
	}
	if *out != "" {
		return os.WriteFile(*out, []byte(text), 0o644)
	}
	_, err = fmt.Fprint(ctx.stdout, text)
	return err
}

// usePosition reads a position file for pbem new: the game starts from
// it (the engine's "position" option), in the file's game and scenario.
func usePosition(spec *judge.NewGameSpec, file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	game, scn := positionHeader(string(data))
	if game == "" || scn == "" {
		return fmt.Errorf("%s: no game and scenario lines: is it a position file (docs/positions.md)?", file)
	}
	if spec.Game != "" && !strings.HasPrefix(game, spec.Game) {
		return fmt.Errorf("%s is a position of %s, not %s", file, game, spec.Game)
	}
	if spec.Scenario != "" && !strings.Contains(scn, spec.Scenario) {
		return fmt.Errorf("%s is a position of the %s scenario, not %s", file, scn, spec.Scenario)
	}
	spec.Game, spec.Scenario = game, scn
	if spec.Options == nil {
		spec.Options = adjudicator.Options{}
	}
	spec.Options["position"] = positionOption(string(data))
	return nil
}

// positionHeader returns the game and scenario lines of a position file.
func positionHeader(text string) (game, scenario string) {
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		f := strings.Fields(strings.SplitN(sc.Text(), "#", 2)[0])
		if len(f) == 2 && f[0] == "game" {
			game = f[1]
		}
		if len(f) == 2 && f[0] == "scenario" {
			scenario = f[1]
		}
	}
	return game, scenario
}

// positionOption is a position in the one-line form the "position" option
// takes: comments dropped, lines joined by ';' so each keeps its number.
func positionOption(text string) string {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i, l := range lines {
		if k := strings.IndexByte(l, '#'); k >= 0 {
			l = l[:k]
		}
		lines[i] = strings.TrimSpace(strings.ReplaceAll(l, ";", ","))
	}
	return strings.Join(lines, ";")
}
