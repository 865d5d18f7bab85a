package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/pbem/pbem/store"
)

func init() {
	register(&command{
		name:    "logins",
		summary: "tell the mail logins of addresses on pbem's own mail server",
		usage:   "[ADDRESS...] [--config FILE]",
		help: `With pbem's own mail server (a configuration without imap/smtp), every
address has a mailbox on this machine, and its login is fixed. pbem serve
and pbem new print the logins of the games' players and GMs; this command
prints the login of any ADDRESS, and with no address those of the game
creators (creators: in the configuration) and of the players invited to
games created by email that have not started yet. With a real mail
account configured, it has nothing to tell.`,
		run: runLogins,
	})
	ops["logins"] = op{run: opLogins}
}

func runLogins(ctx *cli, args []string) error {
	fs := flags(ctx, find("logins"))
	cfgPath := fs.String("config", "", "configuration file")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "logins", fs.Args())
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

func opLogins(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var addrs []string
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &addrs); err != nil {
			return nil, fmt.Errorf("logins: %w", err)
		}
	}
	if !trialMode(e.cfg) {
		return nil, fmt.Errorf("this configuration uses a real mail account (imap/smtp): its users log in with their own providers")
	}
	var list []trialAddr
	for _, a := range addrs {
		list = append(list, trialAddr{addr: strings.ToLower(strings.TrimSpace(a)), who: []string{"asked for"}})
	}
	if len(addrs) == 0 {
		var cs []string
		for a := range e.cfg.Creators {
			cs = append(cs, strings.ToLower(strings.TrimSpace(a)))
		}
		sort.Strings(cs)
		for _, a := range cs {
			list = append(list, trialAddr{addr: a, who: []string{"game creator"}})
		}
		err := e.db.View(func(tx *store.Tx) error {
			ins, err := tx.Invites()
			for _, in := range ins {
				for _, s := range in.Seats {
					list = append(list, trialAddr{addr: s.Email, who: []string{fmt.Sprintf("invited to play %s in %s", s.Role, in.ID)}})
				}
			}
			if err != nil {
				return err
			}
			// League entrants, substitutes and GMs: leagues are few, and
			// this is an operator's command, not a mail's path.
			ls, err := tx.Leagues()
			for _, l := range ls {
				for _, p := range l.Players {
					list = append(list, trialAddr{addr: p, who: []string{"entrant in league " + l.Name}})
				}
				for _, sb := range l.Subs {
					list = append(list, trialAddr{addr: sb.Addr, who: []string{"substitute in league " + l.Name}})
				}
				if l.GM != "" {
					list = append(list, trialAddr{addr: l.GM, who: []string{"GM of league " + l.Name}})
				}
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		list = mergeTrialAddrs(list)
		if len(list) == 0 {
			return &opResult{Text: "No game creator is configured, no game created by email is waiting for its players and no league has entrants;\n`pbem logins ADDRESS` tells the login of any address.\n"}, nil
		}
	}
	acc, err := trialAccess(e.cfg)
	if err != nil {
		return nil, fmt.Errorf("mail logins: %w", err)
	}
	var b strings.Builder
	for _, a := range list {
		user, pass, err := acc.logins.For(a.addr)
		if err != nil {
			fmt.Fprintf(&b, "  %s (%s): no mailbox here: %v\n", a.addr, strings.Join(a.who, "; "), err)
			continue
		}
		fmt.Fprintf(&b, "  %s (%s)\n    user:     %s\n    password: %s\n    IMAP:     %s, no TLS, plain password\n    SMTP:     %s, no TLS, plain password\n",
			a.addr, strings.Join(a.who, "; "), user, pass, acc.imap, acc.smtp)
	}
	fmt.Fprintf(&b, "\nMail for games goes to %s.\n", e.cfg.OrdersAddress)
	return &opResult{Text: b.String()}, nil
}

// mergeTrialAddrs folds the entries of one address into one, first seen
// first, keeping every reason it was listed for.
func mergeTrialAddrs(list []trialAddr) []trialAddr {
	at := map[string]int{}
	var out []trialAddr
	for _, a := range list {
		a.addr = strings.ToLower(strings.TrimSpace(a.addr))
		if i, ok := at[a.addr]; ok {
			for _, w := range a.who {
				if !slices.Contains(out[i].who, w) {
					out[i].who = append(out[i].who, w)
				}
			}
			continue
		}
		at[a.addr] = len(out)
		out = append(out, a)
	}
	return out
}
