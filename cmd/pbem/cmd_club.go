package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/store"
)

// Club play on the command line: the GM's deadline and seat commands and
// a seat's settings, run by the operator as the GM's or the player's
// email would run them (announced to the players, logged in the game).

func init() {
	register(&command{
		name:    "gm",
		summary: "run GM commands on a game (deadlines, pause, extend, seats)",
		usage:   "GAME COMMAND [--config FILE]  (or several: GAME 'LINE' 'LINE' ...)",
		help: `Runs GM command lines on GAME as the GM's email would, all or nothing:
every player concerned is told, the GM gets a copy of what was done, and
each change of the game's rules is written in its log. The commands are
those of docs/operations.md: deadline HOURS|off, deadline at HH:MM
[ZONE], deadline every HOURS, deadline for KIND
HOURS|default, weekends off|on, grace HOURS|off, revise MINUTES|off,
reminders HOURS,...|off|default, vacations off|on|DAYS, missed
wait|defaults|forfeit N, pause [DAYS] [reason], resume, extend HOURS,
defaults, alias ROLE ADDRESS, replace ROLE ADDRESS, replace ROLE pool
(a league game: the league's substitute pool), language ROLE LANG,
observe ADDRESS [HOURS] [LANG], unobserve ADDRESS, abandon [reason].

One command may be given as separate words; several commands are given
quoted, one argument each (then every argument is one command).

Examples:
  pbem gm roses-7 deadline at 20:00 Europe/Madrid
  pbem gm roses-7 'grace 6' 'reminders 24,2' 'weekends off'
  pbem gm roses-7 pause 3 club trip
  pbem gm roses-7 observe kibitzer@club.example 24`,
		run: runGM,
	})
	register(&command{
		name:    "seat",
		summary: "change a seat's settings (time zone, reminders, absences)",
		usage:   "GAME ROLE SETTING [--config FILE]  (or several: GAME ROLE 'LINE' 'LINE' ...)",
		help: `Applies a seat's setting lines as the player's own email would, all or
nothing, and tells the player: timezone ZONE|game, reminders
HOURS,...|off|game, absent FROM to TO (dates YYYY-MM-DD), absent off,
agree pause, undo, accept, refuse, digest on|off.

Example:
  pbem seat roses-7 york absent 2026-12-20 to 2027-01-03`,
		run: runSeat,
	})
}

type gmArgs struct {
	Game  string   `json:"game"`
	Role  string   `json:"role,omitempty"`
	Lines []string `json:"lines"`
}

// commandLines reads command arguments: one line per argument when any
// argument holds a space (lines given quoted), else the words of one line.
func commandLines(args []string) []string {
	for _, a := range args {
		if strings.Contains(strings.TrimSpace(a), " ") {
			return args
		}
	}
	return []string{strings.Join(args, " ")}
}

func runGM(ctx *cli, args []string) error {
	fs := flags(ctx, find("gm"))
	cfgPath := fs.String("config", "", "configuration file")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 2 {
		return usagef("gm takes a game ID and a command")
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "gm", gmArgs{Game: fs.Arg(0), Lines: commandLines(fs.Args()[1:])})
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

func runSeat(ctx *cli, args []string) error {
	fs := flags(ctx, find("seat"))
	cfgPath := fs.String("config", "", "configuration file")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 3 {
		return usagef("seat takes a game ID, a role and a setting")
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "seat", gmArgs{Game: fs.Arg(0), Role: fs.Arg(1), Lines: commandLines(fs.Args()[2:])})
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

func opGM(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a gmArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("gm: %w", err)
	}
	if err := gameExists(e.db, a.Game); err != nil {
		return nil, err
	}
	text, err := e.judge.GMCommands(a.Game, a.Lines)
	if err != nil {
		return nil, fmt.Errorf("nothing was applied: %w", err)
	}
	return &opResult{Text: text + queuedNote(e)}, nil
}

func opSeat(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a gmArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("seat: %w", err)
	}
	if err := gameExists(e.db, a.Game); err != nil {
		return nil, err
	}
	text, err := e.judge.SeatCommands(a.Game, a.Role, a.Lines)
	if err != nil {
		return nil, fmt.Errorf("nothing was applied: %w", err)
	}
	return &opResult{Text: text + queuedNote(e)}, nil
}

func queuedNote(e *opEnv) string {
	if e.daemon {
		return ""
	}
	return "the notices are queued: they go out when `pbem serve` runs\n"
}

// newPolicy builds a new game's deadline policy from pbem new's flags.
func newPolicy(at, tz string, weekendsOff bool, grace int, reminders, missed string, vacationDays int) (store.Policy, error) {
	p := store.Policy{At: at, TZ: tz, WeekendsOff: weekendsOff, GraceHours: grace}
	switch reminders {
	case "":
	case "off":
		p.RemindersOff = true
	default:
		for _, s := range strings.Split(reminders, ",") {
			h, err := strconv.Atoi(strings.TrimSpace(s))
			if err != nil {
				return p, usagef("--reminders %q: want hours before the deadline, e.g. 24,2, or off", reminders)
			}
			p.Reminders = append(p.Reminders, h)
		}
	}
	mode, n, _ := strings.Cut(missed, ":")
	p.Missed = mode
	if n != "" {
		v, err := strconv.Atoi(n)
		if err != nil || mode != "forfeit" {
			return p, usagef("--missed %q: want defaults, wait or forfeit:N", missed)
		}
		p.MissedLimit = v
	} else if mode == "forfeit" {
		return p, usagef("--missed forfeit needs the number of missed deadlines in a row: forfeit:N")
	}
	switch {
	case vacationDays < 0:
		p.VacationsOff = true
	case vacationDays > 0:
		p.VacationDays = vacationDays
	}
	return p, nil
}
