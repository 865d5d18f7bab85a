package main

import (
	"context"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/pbem/pbem/mailer/daemon"
	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/metrics"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "run the daemon: read orders by IMAP, send reports by SMTP",
		usage:   "[--config FILE]",
		help: `Runs pbem's daemon until interrupted (SIGINT or SIGTERM): it reads order
emails from the configured IMAP mailbox (IDLE when the server offers it,
polling otherwise), adjudicates them, and sends every report through the
configured SMTP server from a crash-safe outbox. Deadlines and reminders
run every minute.

With no imap/smtp in the configuration (or no --config at all), pbem runs
its own IMAP and SMTP servers on 127.0.0.1 (ports 1143 and 2525 by
default, or --imap-port and --smtp-port). They accept mail for every
address, whatever its domain, and keep it here (nothing is forwarded):
each player and GM gets a mailbox and a login, printed at start-up for
every unfinished game and by "pbem new" for a new one. The mailboxes are
kept in STORE.mail beside the store and survive a restart. Since any
address can log in with its printed password, these servers listen on
loopback only.

Commands such as new, status, export, backup and outbox reach the running
daemon through its control socket, STORE.sock beside the store (owner-only
permissions). With metrics.addr set, Prometheus metrics are served at
/metrics and a health check at /healthz on that address.

Only one daemon may use a store at a time: a second one fails at once.`,
		run: runServe,
	})
}

func runServe(ctx *cli, args []string) error {
	fs := flags(ctx, find("serve"))
	cfgPath := fs.String("config", "", "configuration file (default: embedded mail server, ./pbem.db)")
	imapPort := fs.Int("imap-port", 0, "the embedded server's IMAP port (default: the config's, or 1143)")
	smtpPort := fs.Int("smtp-port", 0, "the embedded server's SMTP port (default: the config's, or 2525)")
	if err := parse(fs, args); err != nil {
		return err
	}
	cfg := DefaultConfig()
	if *cfgPath != "" {
		c, err := LoadConfig(*cfgPath)
		if err != nil {
			return err
		}
		cfg = c
	}
	if err := setTrialPorts(cfg, *imapPort, *smtpPort); err != nil {
		return err
	}
	logger := newLogger(ctx, cfg)
	runCtx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serveTo(runCtx, cfg, logger, nil, ctx.stdout)
}

func newLogger(ctx *cli, cfg *Config) *slog.Logger {
	lvl := slog.LevelInfo
	if cfg.Log.Level == "debug" {
		lvl = slog.LevelDebug
	}
	opts := &slog.HandlerOptions{Level: lvl}
	if cfg.Log.Format == "json" {
		return slog.New(slog.NewJSONHandler(ctx.stderr, opts))
	}
	return slog.New(slog.NewTextHandler(ctx.stderr, opts))
}

// serve runs the daemon for cfg until ctx ends. ready, if not nil, is
// called once everything listens.
func serve(ctx context.Context, cfg *Config, logger *slog.Logger, ready func()) error {
	return serveTo(ctx, cfg, logger, ready, io.Discard)
}

// serveTo is serve, printing the embedded mail server's logins to out.
func serveTo(ctx context.Context, cfg *Config, logger *slog.Logger, ready func(), out io.Writer) error {
	db, err := store.Open(cfg.Store, store.Options{})
	if err != nil {
		return err
	}
	defer db.Close()

	var intakeCfg imapin.Config
	var sendCfg smtpout.Config
	if cfg.IMAP == nil {
		srv, local, pass, err := startTrialMail(cfg, logger)
		if err != nil {
			return err
		}
		defer stopTrialMail(cfg, srv)
		if err := printTrialLogins(out, cfg, db); err != nil {
			return err
		}
		host, port := splitHostPort(srv.SMTPAddr())
		intakeCfg = imapin.Config{Addr: srv.IMAPAddr(), TLS: "none", Username: local, Password: pass}
		sendCfg = smtpout.Config{Host: host, Port: port, TLS: "none", Username: local, Password: pass}
	} else {
		i := cfg.IMAP
		intakeCfg = imapin.Config{Addr: i.Addr, TLS: i.TLS, Username: i.Username, Password: i.Password, Mailbox: i.Mailbox,
			ProcessedMailbox: i.ProcessedMailbox, FailedMailbox: i.FailedMailbox, Poll: i.Poll, InsecureSkipVerify: i.InsecureSkipVerify}
		s := cfg.SMTP
		sendCfg = smtpout.Config{Host: s.Host, Port: s.Port, TLS: s.TLS, Username: s.Username, Password: s.Password, InsecureSkipVerify: s.InsecureSkipVerify}
	}
	intakeCfg.Log = logger
	client, err := imapin.New(intakeCfg)
	if err != nil {
		return err
	}
	ctlPath := controlPath(cfg)
	ctlLn, err := listenControl(ctlPath)
	if err != nil {
		return err
	}
	defer ctlLn.Close()
	var d *daemon.Daemon
	j := judgeFor(cfg, db)
	ctl := &controlServer{ln: ctlLn, path: ctlPath, log: logger,
		env: opEnv{cfg: cfg, db: db, judge: j, daemon: true, mailWait: welcomeWait}}
	components := []daemon.Component{{Name: "control socket", Run: ctl.Run}}
	var m *metrics.Metrics
	if cfg.Metrics.Addr != "" {
		ln, err := metrics.Listen(cfg.Metrics.Addr)
		if err != nil {
			return err
		}
		defer ln.Close()
		m = metrics.New(metrics.Options{DB: db, Health: func() error { return d.Healthy() }})
		components = append(components, daemon.Component{Name: "metrics", Run: func(ctx context.Context) error { return m.Serve(ctx, ln, logger) }})
	}
	d = daemon.New(daemon.Config{DB: db, Judge: j, Intake: daemon.IMAP{Client: client}, Sender: smtpout.NewSender(sendCfg),
		Log: logger, TickEvery: time.Minute, Metrics: m, Components: components})
	j.SetWake(d.Drainer().Wake)
	ctl.env.wake = d.Drainer().Wake
	ctl.env.withdraw = d.Drainer().Withdraw
	logger.Info("pbem daemon running", "version", versionString(), "store", cfg.Store, "orders", cfg.OrdersAddress)
	if ready != nil {
		ready()
	}
	err = d.Run(ctx)
	logger.Info("pbem daemon stopped")
	return err
}

// welcomeWait is how long `pbem new` waits, with a daemon running, for
// the welcome mails' first delivery attempt.
var welcomeWait = 10 * time.Second

func localPart(addr string) string {
	for i := 0; i < len(addr); i++ {
		if addr[i] == '@' {
			return addr[:i]
		}
	}
	return addr
}
