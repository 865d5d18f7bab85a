package main

import (
	"errors"
	"fmt"

	"github.com/pbem/pbem/adjudicator/hexbattle"
)

func init() {
	register(&command{
		name:    "scenario",
		summary: "check a scenario pack typed in from a hex game's components",
		usage:   "check PACK",
		help: `Reads a scenario pack (a directory of *.pack files, or one file) for the
hex tactical games (Crecy & Navarette) and reports every problem with its
file, line and hex: unknown terrain, units off the map, missing table
cells. The format is described in docs/games/crecy-navarette-packs.md.

Example:
  pbem scenario check packs/crecy/`,
		run: runScenario,
	})
}

func runScenario(ctx *cli, args []string) error {
	fs := flags(ctx, find("scenario"))
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 2 || fs.Arg(0) != "check" {
		return usagef("usage: pbem scenario check PACK")
	}
	p, err := hexbattle.LoadPack(fs.Arg(1))
	var pe *hexbattle.PackError
	if errors.As(err, &pe) {
		for _, msg := range pe.Problems {
			fmt.Fprintln(ctx.stdout, msg)
		}
		return fmt.Errorf("%s: %d problem(s)", fs.Arg(1), len(pe.Problems))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(ctx.stdout, "%s: %s\n", fs.Arg(1), p.Summary())
	return nil
}
