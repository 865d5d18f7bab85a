package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/daemon"
	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

func init() {
	register(&command{
		name:    "demo",
		summary: "play a scripted game over pbem's own mail server and print it",
		usage:   "[--game GAME] [--export FILE] [--turns N] [--keep DIR]",
		help: `Starts pbem's embedded IMAP and SMTP servers on 127.0.0.1 and the daemon,
creates a two-player game, and drives scripted players that read their
reports over IMAP and send orders over SMTP, like any mail client would:
at least one full game turn, with a battle and its dice, and one rejected
email with its error reply. Prints everything each player received.
Nothing outside this machine is contacted; the store lives in a temporary
directory unless --keep is given.

--export FILE also writes the game's record with every secret revealed,
for "pbem verify FILE" and "pbem replay FILE".`,
		run: runDemo,
	})
}

// demoScript chooses a scripted player's orders for the decision it owes.
// It returns nil to fall back to the engine's default orders.
type demoScript func(st adjudicator.State, role adjudicator.Role, kind string, n int) []string

var demoScripts = map[string]demoScript{}

func runDemo(ctx *cli, args []string) error {
	c := find("demo")
	fs := flags(ctx, c)
	game := fs.String("game", "", "game to play (default: the first with a demo script)")
	export := fs.String("export", "", "write the demo game's record (secrets revealed) to this file")
	turns := fs.Int("turns", 1, "complete game turns to play")
	keep := fs.String("keep", "", "keep the store in this directory")
	quiet := fs.Bool("quiet", false, "print only the summary")
	verbose := fs.Bool("verbose", false, "log the daemon's work to standard error")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *game == "" {
		for _, name := range []string{"richard-iii", "hammer-of-the-scots"} {
			if _, err := adjudicator.Lookup(name); err == nil {
				*game = name
				break
			}
		}
		if *game == "" {
			return errors.New("no game is available for the demo")
		}
	}
	eng, err := adjudicator.Lookup(*game)
	if err != nil {
		return err
	}
	if demoScripts[eng.Info().Name] == nil {
		var with []string
		for name := range demoScripts {
			with = append(with, name)
		}
		sort.Strings(with)
		return usagef("no demo script plays %s; the demo plays %s", eng.Info().Name, strings.Join(with, " or "))
	}
	dir := *keep
	if dir == "" {
		d, err := os.MkdirTemp("", "pbem-demo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	out := ctx.stdout
	if *quiet {
		out = io.Discard
	}
	logger := slog.New(slog.DiscardHandler)
	if *verbose {
		logger = slog.New(slog.NewTextHandler(ctx.stderr, nil))
	}

	info := eng.Info()
	sc := info.Scenarios[0]
	roles := info.RolesFor(sc)
	users := map[string]string{"orders": "orders-pw", "gm": "gm-pw"}
	for _, r := range roles {
		users[string(r)] = string(r) + "-pw"
	}
	srv, err := embedded.Start(embedded.Config{Domain: "pbem.localhost", Users: users, Log: logger})
	if err != nil {
		return fmt.Errorf("embedded mail server: %w", err)
	}
	defer srv.Close()
	fmt.Fprintf(out, "pbem demo: %s (%s)\nembedded mail server: IMAP %s, SMTP %s, domain %s\n\n", info.Title, sc.ID, srv.IMAPAddr(), srv.SMTPAddr(), srv.Domain())

	db, err := store.Open(filepath.Join(dir, "pbem.db"), store.Options{})
	if err != nil {
		return err
	}
	defer db.Close()
	smtpHost, smtpPort := splitHostPort(srv.SMTPAddr())
	sender := smtpout.NewSender(smtpout.Config{Host: smtpHost, Port: smtpPort, TLS: "none", Username: "orders", Password: "orders-pw"})
	var d *daemon.Daemon
	j := judge.New(db, judge.Options{Domain: "pbem.localhost", OrdersAddress: "orders@pbem.localhost", FromName: "pbem demo judge", Log: logger,
		Wake: func() {
			if d != nil {
				d.Drainer().Wake()
			}
		}})
	in, err := newIntake(srv.IMAPAddr(), "orders", "orders-pw", logger)
	if err != nil {
		return err
	}
	d = daemon.New(daemon.Config{DB: db, Judge: j, Intake: in, Sender: sender, Log: logger, TickEvery: time.Hour})
	runCtx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- d.Run(runCtx) }()

	spec := judge.NewGameSpec{Game: info.Name, Scenario: sc.ID, GM: "gm@pbem.localhost"}
	for _, r := range roles {
		spec.Players = append(spec.Players, judge.PlayerSpec{Role: r, Email: string(r) + "@pbem.localhost"})
	}
	created, err := j.NewGame(spec)
	if err != nil {
		return err
	}
	gameID := created.Game.ID
	fmt.Fprintf(out, "created game [%s]; players: %s; GM gm@pbem.localhost\n", gameID, joinRoles(roles))

	players := map[adjudicator.Role]*demoPlayer{}
	for _, r := range append(append([]adjudicator.Role{}, roles...), adjudicator.GM) {
		p, err := dialPlayer(srv.IMAPAddr(), string(r), string(r)+"-pw")
		if err != nil {
			return err
		}
		defer p.close()
		p.secret = created.Secrets[r]
		players[r] = p
	}
	processed := 0
	show := func() error {
		if err := waitQuiet(db, processed, 20*time.Second); err != nil {
			return err
		}
		for _, r := range append(append([]adjudicator.Role{}, roles...), adjudicator.GM) {
			msgs, err := players[r].fetchNew()
			if err != nil {
				return err
			}
			for _, m := range msgs {
				if r == adjudicator.GM && !*verbose {
					fmt.Fprintf(out, "---- to gm@pbem.localhost: %s (omniscient copy, %d lines; not shown)\n", m.Subject, strings.Count(m.Text, "\n"))
					continue
				}
				fmt.Fprintf(out, "\n==== to %s: %s\n%s\n", players[r].addr, m.Subject, strings.TrimRight(m.Text, "\n"))
			}
		}
		return nil
	}
	if err := show(); err != nil {
		return err
	}
	script := demoScripts[info.Name]
	rejected, battles := false, 0
	count := map[string]int{}
	startTurn := created.Game.Status.Turn
	for step := 0; step < 400; step++ {
		var g *store.Game
		if err := db.View(func(tx *store.Tx) error {
			var err error
			g, err = tx.Game(gameID)
			return err
		}); err != nil {
			return err
		}
		if g.Status.Finished || g.Status.Turn >= startTurn+*turns {
			break
		}
		st, err := eng.Decode(g.State)
		if err != nil {
			return err
		}
		prompts := st.Prompts()
		if len(prompts) == 0 {
			return fmt.Errorf("the game owes nothing but is not over (%s)", g.Status.Label)
		}
		p := prompts[0]
		key := string(p.Role) + "/" + p.Kind
		count[key]++
		var lines []string
		if script != nil {
			lines = script(st, p.Role, p.Kind, count[key])
		}
		if lines == nil {
			if def := st.Default(p.Role); def != nil {
				for _, l := range def.Lines {
					lines = append(lines, l.Text)
				}
			}
		}
		if !rejected {
			// One faulty line shows the error reply; nothing is applied.
			bad := append([]string{}, lines...)
			bad = append(bad, "march on london at once")
			fmt.Fprintf(out, "\n>>>> %s sends (with a deliberate mistake):\n%s\n", players[p.Role].addr, indentLines(bad))
			if err := players[p.Role].send(sender, gameID, g.Status.Turn, bad); err != nil {
				return err
			}
			processed++
			if err := show(); err != nil {
				return err
			}
			rejected = true
		}
		fmt.Fprintf(out, "\n>>>> %s sends:\n%s\n", players[p.Role].addr, indentLines(lines))
		if err := players[p.Role].send(sender, gameID, g.Status.Turn, lines); err != nil {
			return err
		}
		processed++
		before := g.Seq
		if err := show(); err != nil {
			return err
		}
		var after *store.Game
		_ = db.View(func(tx *store.Tx) error { after, _ = tx.Game(gameID); return nil })
		if after.Seq == before {
			return fmt.Errorf("%s's orders were not accepted (see the reply above)", p.Role)
		}
		_ = db.View(func(tx *store.Tx) error {
			return tx.Log(gameID, uint64(before+1), func(e *store.LogEntry) error {
				for _, d := range e.Draws {
					if d.Stream == "public" && strings.Contains(strings.ToLower(d.Purpose), "battle") {
						battles++
						break
					}
				}
				return nil
			})
		})
	}
	cancel()
	<-done
	var g *store.Game
	var sentN, queued int
	_ = db.View(func(tx *store.Tx) error {
		g, _ = tx.Game(gameID)
		queued, sentN = tx.OutboxCounts()
		return nil
	})
	fmt.Fprintf(ctx.stdout, "\ndemo finished: game [%s] at %q; %d log entries; %d emails sent (%d still queued); battle dice rolled in %d entries; one email rejected: %v\n",
		gameID, g.Status.Label, g.Seq, sentN, queued, battles, rejected)
	if *export != "" {
		rec, err := j.Export(gameID, true)
		if err != nil {
			return err
		}
		if err := rec.Save(*export); err != nil {
			return err
		}
		fmt.Fprintf(ctx.stdout, "record written to %s (check it with: pbem verify %s)\n", *export, *export)
	}
	if battles == 0 {
		return errors.New("the demo played no battle")
	}
	return nil
}

func indentLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("    " + l + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func joinRoles(rs []adjudicator.Role) string {
	var s []string
	for _, r := range rs {
		s = append(s, string(r))
	}
	return strings.Join(s, ", ")
}

func splitHostPort(addr string) (string, int) {
	h, p, _ := net.SplitHostPort(addr)
	n, _ := strconv.Atoi(p)
	return h, n
}

// waitQuiet waits until the daemon has processed n emails and sent every
// reply they caused.
func waitQuiet(db *store.DB, n int, max time.Duration) error {
	deadline := time.Now().Add(max)
	quiet := 0
	for time.Now().Before(deadline) {
		var queued, done int
		_ = db.View(func(tx *store.Tx) error {
			queued, _ = tx.OutboxCounts()
			done = tx.ProcessedCount()
			return nil
		})
		// Each email is recorded under two keys (Message-ID and body hash).
		if queued == 0 && done >= 2*n {
			quiet++
			if quiet >= 3 {
				return nil
			}
		} else {
			quiet = 0
		}
		time.Sleep(30 * time.Millisecond)
	}
	return errors.New("timed out waiting for the daemon")
}

// demoPlayer is a scripted player with an ordinary mail account.
type demoPlayer struct {
	addr, user, secret string
	c                  *imapclient.Client
	seen               map[imap.UID]bool
	lastID             string
	sent               int
}

func dialPlayer(imapAddr, user, pass string) (*demoPlayer, error) {
	c, err := imapclient.DialInsecure(imapAddr, nil)
	if err != nil {
		return nil, err
	}
	if err := c.Login(user, pass).Wait(); err != nil {
		return nil, err
	}
	return &demoPlayer{addr: user + "@pbem.localhost", user: user, c: c, seen: map[imap.UID]bool{}}, nil
}

func (p *demoPlayer) close() { p.c.Close() }

// fetchNew returns the messages that arrived since the last call.
func (p *demoPlayer) fetchNew() ([]*intake.Message, error) {
	if _, err := p.c.Select("INBOX", nil).Wait(); err != nil {
		return nil, err
	}
	sd, err := p.c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	if err != nil {
		return nil, err
	}
	var uids []imap.UID
	for _, u := range sd.AllUIDs() {
		if !p.seen[u] {
			uids = append(uids, u)
		}
	}
	if len(uids) == 0 {
		return nil, nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := p.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	if err != nil {
		return nil, err
	}
	var out []*intake.Message
	for _, m := range msgs {
		p.seen[m.UID] = true
		m2, err := intake.Parse(m.FindBodySection(sec), intake.Options{MaxBytes: 8 << 20})
		if err != nil {
			return nil, err
		}
		p.lastID = m2.MessageID
		out = append(out, m2)
	}
	return out, nil
}

// send mails orders the way a player would: a reply to the last report,
// with the secret and the turn line.
func (p *demoPlayer) send(s *smtpout.Sender, gameID string, turn int, lines []string) error {
	p.sent++
	body := fmt.Sprintf("secret: %s\nturn: %d\n%s\n\n-- \n%s, a scripted demo player\n", p.secret, turn, strings.Join(lines, "\n"), p.user)
	m := &store.OutMail{
		From: p.addr, To: []string{"orders@pbem.localhost"},
		Subject:   fmt.Sprintf("Re: [%s] orders", gameID),
		MessageID: fmt.Sprintf("demo.%s.%d.%d@pbem.localhost", p.user, p.sent, time.Now().UnixNano()),
		Text:      body,
	}
	if p.lastID != "" {
		m.InReplyTo = p.lastID
		m.References = []string{p.lastID}
	}
	return s.Send(context.Background(), m)
}

func newIntake(addr, user, pass string, log *slog.Logger) (daemon.Intake, error) {
	c, err := imapin.New(imapin.Config{Addr: addr, TLS: "none", Username: user, Password: pass, Poll: time.Second, RetryAfter: time.Second, ReconnectMin: 100 * time.Millisecond, Log: log})
	if err != nil {
		return nil, err
	}
	return daemon.IMAP{Client: c}, nil
}
