package main

import (
	"fmt"
	"strconv"
	"strings"
)

func init() {
	register(&command{
		name:    "outbox",
		summary: "list queued mail; retry or cancel it",
		usage:   "[--cancelled] | retry ID|--all | cancel ID [--why TEXT]  [--config FILE]",
		help: `Lists the mail waiting to be sent: its ID, game, recipients, kind, send
attempts, next try and the last error (never the body). --cancelled lists
cancelled mail instead.

  pbem outbox retry ID     makes mail ID due now (and wakes the daemon)
  pbem outbox retry --all  makes every queued mail due now
  pbem outbox cancel ID    cancels mail ID: it is never sent, and kept with
                           --why and the time for the record (a mail being
                           handed to the server at that moment cannot be
                           cancelled: you are told so)

Works with the daemon running (through its control socket) or stopped.`,
		run: runOutbox,
	})
}

func runOutbox(ctx *cli, args []string) error {
	fs := flags(ctx, find("outbox"))
	cfgPath := fs.String("config", "", "configuration file")
	cancelled := fs.Bool("cancelled", false, "list cancelled mail")
	all := fs.Bool("all", false, "retry: every queued mail")
	why := fs.String("why", "", "cancel: the reason, kept with the mail")
	if err := parse(fs, args); err != nil {
		return err
	}
	var opName string
	var opArgs any
	switch sub := fs.Arg(0); sub {
	case "", "list":
		if fs.NArg() > 1 {
			return usagef("outbox lists all queued mail; it takes no ID")
		}
		if *all || *why != "" {
			return usagef("--all and --why go with retry and cancel")
		}
		opName, opArgs = "outbox.list", outboxListArgs{Cancelled: *cancelled}
	case "retry":
		a := outboxIDArgs{All: *all}
		switch {
		case *all && fs.NArg() == 1:
		case !*all && fs.NArg() == 2:
			id, err := mailID(fs.Arg(1))
			if err != nil {
				return err
			}
			a.ID = id
		default:
			return usagef("give one mail ID or --all (see pbem outbox)")
		}
		opName, opArgs = "outbox.retry", a
	case "cancel":
		if *all {
			return usagef("cancel takes one mail ID, not --all")
		}
		if fs.NArg() != 2 {
			return usagef("give one mail ID (see pbem outbox)")
		}
		id, err := mailID(fs.Arg(1))
		if err != nil {
			return err
		}
		opName, opArgs = "outbox.cancel", outboxIDArgs{ID: id, Why: *why}
	default:
		return usagef("unknown outbox action %q: use retry or cancel", sub)
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, opName, opArgs)
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

func mailID(s string) (uint64, error) {
	id, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64)
	if err != nil || id == 0 {
		return 0, usagef("mail ID %q: want a number from `pbem outbox`", s)
	}
	return id, nil
}
