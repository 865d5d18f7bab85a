// Command pbem is a play-by-email adjudicator for board wargames: a daemon
// that reads order emails, checks them against a complete rules engine,
// rolls verifiable dice and mails every player a private report.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	usage   string // arguments after the command name
	help    string // longer description
	run     func(ctx *cli, args []string) error
}

// cli carries the output streams, so commands are testable.
type cli struct {
	stdout io.Writer
	stderr io.Writer
}

// usageError makes main print the command's help and exit 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

var commands []*command

func register(c *command) { commands = append(commands, c) }

func find(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

const overview = `pbem - a play-by-email adjudicator for board wargames

Usage:
  pbem <command> [flags] [arguments]

Try it now, with nothing else installed:
  pbem demo          run a scripted game over pbem's own mail server

Commands:
%s
Run "pbem <command> --help" for a command's flags; "pbem version" prints
the version.
`

func usageText() string {
	order := map[string]int{}
	for i, n := range []string{"demo", "serve", "new", "status", "gm", "seat", "outbox", "end", "prune", "export", "verify", "replay", "render", "position", "backup", "check", "selfplay", "games", "scenario", "league", "luck", "logins"} {
		order[n] = i + 1
	}
	// A command missing from the list goes last, not first.
	for _, c := range commands {
		if order[c.name] == 0 {
			order[c.name] = len(order) + 1
		}
	}
	sort.SliceStable(commands, func(i, j int) bool { return order[commands[i].name] < order[commands[j].name] })
	var b strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	return fmt.Sprintf(overview, b.String())
}

func main() {
	os.Exit(run(os.Args[1:], &cli{stdout: os.Stdout, stderr: os.Stderr}))
}

func run(args []string, ctx *cli) int {
	if len(args) == 0 {
		fmt.Fprint(ctx.stderr, usageText())
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			if c := find(args[1]); c != nil {
				printCommandHelp(ctx.stdout, c, nil)
				return 0
			}
		}
		fmt.Fprint(ctx.stdout, usageText())
		return 0
	case "version", "--version":
		fmt.Fprintln(ctx.stdout, "pbem", versionString())
		return 0
	}
	c := find(args[0])
	if c == nil {
		fmt.Fprintf(ctx.stderr, "pbem: unknown command %q\n\n%s", args[0], usageText())
		return 2
	}
	err := c.run(ctx, args[1:])
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(ctx.stderr, "pbem %s: %s\n\n", c.name, ue.msg)
		printCommandHelp(ctx.stderr, c, nil)
		return 2
	default:
		fmt.Fprintf(ctx.stderr, "pbem %s: %v\n", c.name, err)
		return 1
	}
}

// flags returns a FlagSet for c whose help shows the command's text.
func flags(ctx *cli, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet("pbem "+c.name, flag.ContinueOnError)
	fs.SetOutput(ctx.stderr)
	fs.Usage = func() { printCommandHelp(ctx.stdout, c, fs) }
	return fs
}

func printCommandHelp(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage: pbem %s %s\n\n%s\n", c.name, c.usage, strings.TrimSpace(c.help))
	if fs != nil {
		has := false
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(w, "\nFlags:")
			fs.SetOutput(w)
			fs.PrintDefaults()
		}
	}
}

// parse parses flags and maps -h to flag.ErrHelp.
func parse(fs *flag.FlagSet, args []string) error {
	// Accept flags after positional arguments too ("pbem verify FILE --json").
	var flagArgs, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			flagArgs = append(flagArgs, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") {
				if f := fs.Lookup(name); f != nil {
					if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !bf.IsBoolFlag() {
						if i+1 < len(args) {
							flagArgs = append(flagArgs, args[i+1])
							i++
						}
					}
				}
			}
			continue
		}
		pos = append(pos, a)
	}
	if err := fs.Parse(append(flagArgs, append([]string{"--"}, pos...)...)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return flag.ErrHelp
		}
		return usageError{err.Error()}
	}
	return nil
}
