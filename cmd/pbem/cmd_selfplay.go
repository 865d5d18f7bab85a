package main

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	_ "github.com/pbem/pbem/adjudicator/all"
	"github.com/pbem/pbem/adjudicator/selfplay"
)

func init() {
	register(&command{
		name:    "selfplay",
		summary: "play random legal games to the end (soak test, benchmark)",
		usage:   "--game GAME [--scenario S] [--games N] [--seed X]",
		help: `Plays N complete games with random legal orders from both sides,
checking the engine's invariants after every action, and prints one
line per failed game and a summary. The last line is exactly:
  games=N finished=F errors=E games_per_s=G actions_per_s=A
The exit status is 1 if any game failed.`,
		run: runSelfplay,
	})
	register(&command{
		name:    "games",
		summary: "list the games, scenarios and options pbem knows",
		usage:   "",
		help:    `Lists every game with its scenarios, sides and options.`,
		run:     runGames,
	})
}

func runSelfplay(ctx *cli, args []string) error {
	c := find("selfplay")
	fs := flags(ctx, c)
	game := fs.String("game", "", "game name (see pbem games)")
	scenario := fs.String("scenario", "", "scenario ID (default: the game's first)")
	n := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "first seed; game i uses seed+i")
	opts := fs.String("options", "", "game options, name=value,name=value")
	check := fs.Bool("check", true, "check invariants after every action")
	max := fs.Int("max-actions", 0, "give up on a game after this many actions (0: 20000)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *game == "" {
		return usagef("--game is required (one of: %s)", strings.Join(adjudicator.Games(), ", "))
	}
	g, err := adjudicator.Lookup(*game)
	if err != nil {
		return err
	}
	o, err := parseOptions(*opts)
	if err != nil {
		return err
	}
	info, err := adjudicator.InfoOf(g, o)
	if err != nil {
		return err
	}
	sc, err := info.ScenarioByID(*scenario)
	if err != nil {
		return err
	}
	_ = runtime.NumCPU
	start := time.Now()
	finished, errs, actions := 0, 0, 0
	for i := 0; i < *n; i++ {
		out := selfplay.Play(g, *seed+uint64(i), selfplay.Options{Scenario: sc.ID, Options: o, Check: *check, MaxActions: *max})
		actions += out.Actions
		if out.Err != nil {
			errs++
			fmt.Fprintf(ctx.stdout, "game seed=%d: %v\n", *seed+uint64(i), out.Err)
			continue
		}
		if out.Finished {
			finished++
		}
	}
	el := time.Since(start).Seconds()
	if el <= 0 {
		el = 1e-9
	}
	fmt.Fprintf(ctx.stdout, "games=%d finished=%d errors=%d games_per_s=%.1f actions_per_s=%.0f\n",
		*n, finished, errs, float64(*n)/el, float64(actions)/el)
	if errs > 0 {
		return fmt.Errorf("%d of %d games failed", errs, *n)
	}
	return nil
}

func parseOptions(s string) (adjudicator.Options, error) {
	o := adjudicator.Options{}
	for _, kv := range strings.Split(s, ",") {
		kv = strings.TrimSpace(kv)
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "on"
		}
		o[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return o, nil
}

func runGames(ctx *cli, args []string) error {
	fs := flags(ctx, find("games"))
	if err := parse(fs, args); err != nil {
		return err
	}
	for _, name := range adjudicator.Games() {
		g, _ := adjudicator.Lookup(name)
		in := g.Info()
		fmt.Fprintf(ctx.stdout, "%s — %s\n", in.Name, in.Title)
		for i, s := range in.Scenarios {
			def := ""
			if i == 0 {
				def = " (default)"
			}
			var roles []string
			for _, r := range in.RolesFor(s) {
				roles = append(roles, string(r))
			}
			fmt.Fprintf(ctx.stdout, "  scenario %-20s %s%s; sides: %s\n", s.ID, s.Title, def, strings.Join(roles, ", "))
		}
		for _, o := range in.Options {
			fmt.Fprintf(ctx.stdout, "  option   %-20s %s (default %s)\n", o.Name, o.Help, o.Default)
		}
	}
	return nil
}
