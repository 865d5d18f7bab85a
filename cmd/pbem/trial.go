package main

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"

	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/store"
)

// The trial: with no imap/smtp in the configuration, pbem serves its own
// mail on loopback in open mode — every address of every game gets a
// mailbox and a login, whatever its domain — and keeps the mailboxes in a
// file beside the store (STORE.mail), so a trial game can last days. The
// logins are printed when the daemon starts and after `pbem new`, for an
// organiser to type into any mail client.

// trialMode reports whether cfg runs the embedded mail server.
func trialMode(cfg *Config) bool { return cfg.IMAP == nil }

// mailFile is where the embedded server keeps its mailboxes.
func mailFile(cfg *Config) string { return cfg.Store + ".mail" }

// trialOrdersPassword is the orders account's password when the
// configuration names none; only the daemon uses it, over loopback.
const trialOrdersPassword = "orders-secret"

// startTrialMail starts the embedded mail server for cfg and returns it
// with the orders account's user and password.
func startTrialMail(cfg *Config, logger *slog.Logger) (*embedded.Server, string, string, error) {
	e := cfg.Embedded
	users := map[string]string{}
	for k, v := range e.Users {
		users[k] = v
	}
	local := localPart(cfg.OrdersAddress)
	if _, ok := users[local]; !ok {
		users[local] = trialOrdersPassword
	}
	srv, err := embedded.Start(embedded.Config{Host: e.Host, IMAPPort: e.IMAPPort, SMTPPort: e.SMTPPort, Domain: cfg.Domain,
		Users: users, Open: true, MailFile: mailFile(cfg), Log: logger})
	if err != nil {
		return nil, "", "", fmt.Errorf("embedded mail server: %w", err)
	}
	trialServers.Store(cfg, srv)
	return srv, local, users[local], nil
}

// stopTrialMail forgets and closes the server startTrialMail started.
func stopTrialMail(cfg *Config, srv *embedded.Server) {
	trialServers.Delete(cfg)
	_ = srv.Close()
}

// trialServers maps a running daemon's configuration to its embedded
// server, so operations run inside the daemon can tell logins.
var trialServers sync.Map // *Config -> *embedded.Server

// mailAccess is how to reach the embedded server's mailboxes.
type mailAccess struct {
	logins     *embedded.Logins
	imap, smtp string // host:port
}

// trialAccess returns the logins of cfg's embedded server: from the
// running server when this process runs it, otherwise from the mail file
// (which it creates if need be) and the configured ports.
func trialAccess(cfg *Config) (*mailAccess, error) {
	if v, ok := trialServers.Load(cfg); ok {
		srv := v.(*embedded.Server)
		return &mailAccess{logins: srv.Logins(), imap: srv.IMAPAddr(), smtp: srv.SMTPAddr()}, nil
	}
	l, err := embedded.ReadLogins(mailFile(cfg), cfg.Domain, cfg.Embedded.Users)
	if err != nil {
		return nil, err
	}
	e := cfg.Embedded
	return &mailAccess{logins: l, imap: net.JoinHostPort(e.Host, strconv.Itoa(e.IMAPPort)),
		smtp: net.JoinHostPort(e.Host, strconv.Itoa(e.SMTPPort))}, nil
}

// trialAddr is one address of a game and who uses it.
type trialAddr struct {
	addr string
	who  []string
}

// gameAddrs lists every address the games mail or accept mail from:
// players, their aliases and the GM, each once.
func gameAddrs(cfg *Config, games []*store.Game) []trialAddr {
	var out []trialAddr
	index := map[string]int{}
	add := func(addr, who string) {
		addr = strings.ToLower(strings.TrimSpace(addr))
		if addr == "" {
			return
		}
		i, ok := index[addr]
		if !ok {
			i = len(out)
			index[addr] = i
			out = append(out, trialAddr{addr: addr})
		}
		out[i].who = append(out[i].who, who)
	}
	for _, g := range games {
		for _, p := range g.Players {
			who := fmt.Sprintf("%s in %s", p.Role, g.ID)
			if strings.EqualFold(p.Email, g.GM) {
				who = "GM of " + g.ID
			}
			add(p.Email, who)
			for _, a := range p.Aliases {
				add(a, fmt.Sprintf("%s in %s, alias of %s", p.Role, g.ID, p.Email))
			}
			for _, a := range cfg.Aliases[p.Email] {
				add(a, fmt.Sprintf("%s in %s, alias of %s", p.Role, g.ID, p.Email))
			}
		}
		if g.GM != "" {
			if _, ok := index[strings.ToLower(g.GM)]; !ok {
				add(g.GM, "GM of "+g.ID)
			}
		}
	}
	return out
}

// trialLogins is the text that tells each address of games its login on
// the embedded mail server; "" when cfg does not run it.
func trialLogins(cfg *Config, games []*store.Game) (string, error) {
	if !trialMode(cfg) {
		return "", nil
	}
	acc, err := trialAccess(cfg)
	if err != nil {
		return "", fmt.Errorf("mail logins: %w", err)
	}
	addrs := gameAddrs(cfg, games)
	var b strings.Builder
	if len(addrs) == 0 {
		fmt.Fprintf(&b, "pbem's mail server: IMAP %s, SMTP %s (no TLS, plain password, loopback only); no game yet: `pbem new` prints each player's login, `pbem logins` those of game creators and invited players\n", acc.imap, acc.smtp)
		return b.String(), nil
	}
	fmt.Fprintf(&b, "\nMail logins on pbem's own mail server (no TLS, plain password, loopback only: from this machine):\n")
	for _, a := range addrs {
		user, pass, err := acc.logins.For(a.addr)
		if err != nil {
			fmt.Fprintf(&b, "\n  %s (%s): no mailbox here: %v\n", a.addr, strings.Join(a.who, "; "), err)
			continue
		}
		fmt.Fprintf(&b, "\n  %s (%s)\n", a.addr, strings.Join(a.who, "; "))
		fmt.Fprintf(&b, "    user:     %s\n", user)
		fmt.Fprintf(&b, "    password: %s\n", pass)
		fmt.Fprintf(&b, "    IMAP:     %s, no TLS, plain password\n", acc.imap)
		fmt.Fprintf(&b, "    SMTP:     %s, no TLS, plain password\n", acc.smtp)
	}
	fmt.Fprintf(&b, "\nOrders go to %s; replies to a report find their way by its subject.\n", cfg.OrdersAddress)
	return b.String(), nil
}

// printTrialLogins writes, when the daemon starts, the logins of every
// address of every unfinished game.
func printTrialLogins(w io.Writer, cfg *Config, db *store.DB) error {
	// Start-up lists the logins of the first games only: a trial server
	// holds a few games, and the listing must not read a whole store.
	const most = 20
	var games []*store.Game
	more := false
	err := db.View(func(tx *store.Tx) error {
		after := ""
		for {
			page, err := tx.Summaries(after, 100)
			if err != nil {
				return err
			}
			for _, s := range page {
				if s.Finished {
					continue
				}
				if len(games) == most {
					more = true
					return nil
				}
				g, err := tx.Game(s.ID)
				if err != nil {
					return err
				}
				games = append(games, g)
			}
			if len(page) < 100 {
				return nil
			}
			after = page[len(page)-1].ID
		}
	})
	if err != nil {
		return err
	}
	text, err := trialLogins(cfg, games)
	if err != nil {
		return err
	}
	if more {
		text += fmt.Sprintf("\n(logins of the first %d running games only)\n", most)
	}
	_, err = io.WriteString(w, text)
	return err
}

// newGameLogins is the login text `pbem new` adds for a new game.
func newGameLogins(e *opEnv, gameID string) (string, error) {
	if !trialMode(e.cfg) {
		return "", nil
	}
	var g *store.Game
	err := e.db.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(gameID)
		return err
	})
	if err != nil {
		return "", err
	}
	return trialLogins(e.cfg, []*store.Game{g})
}

// setTrialPorts applies serve's --imap-port and --smtp-port.
func setTrialPorts(cfg *Config, imapPort, smtpPort int) error {
	if imapPort == 0 && smtpPort == 0 {
		return nil
	}
	if !trialMode(cfg) {
		return usagef("--imap-port and --smtp-port set the embedded mail server's ports, which a configuration with imap/smtp does not run")
	}
	for _, p := range []int{imapPort, smtpPort} {
		if p < 0 || p > 65535 {
			return usagef("port %d: want 1 to 65535", p)
		}
	}
	if imapPort != 0 {
		cfg.Embedded.IMAPPort = imapPort
	}
	if smtpPort != 0 {
		cfg.Embedded.SMTPPort = smtpPort
	}
	return nil
}
