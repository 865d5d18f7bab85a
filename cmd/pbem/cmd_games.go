package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/hexbattle"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
	"github.com/pbem/pbem/templates"
)

func init() {
	register(&command{
		name:    "new",
		summary: "create a game and queue its welcome emails",
		usage:   "--game GAME --player ROLE=ADDRESS ... --gm ADDRESS [flags]",
		help: `Creates a game in the store, rolls its set-up on the verifiable dice and
queues a welcome email (with the player's secret) and a first report for
every player and the GM. With the daemon running (the command reaches it
through its control socket), it waits briefly for the welcome emails and
says whether they were sent or are still queued and why; otherwise they
go out when "pbem serve" runs.

Each seat's mail is in English unless --lang gives it another language
(es: Spanish, it: Italian); players may change it later with a line
"language es" in an email, and the GM with "language ROLE es".

Example:
  pbem new --game richard-iii --scenario wars-of-the-roses \
      --player york=alice@club.example --player lancaster=bob@club.example \
      --gm gm@club.example --lang york=es`,
		run: runNew,
	})
	register(&command{
		name:    "status",
		summary: "list the games in the store",
		usage:   "[GAME] [--all] [--config FILE]",
		help: `Prints the number of games by state, the outbox totals, whether the
daemon is running, and the games needing attention first: soonest
deadline or reminder, with the roles (and addresses) that owe a decision.
A long list is cut short; --all lists every game. It reads small per-game
summaries, so it answers at once on any store, and never creates one.

With a GAME, prints that game in detail: its deadline policy, deadline,
pause, and each seat with its time zone, tenure (since when its player
holds it), decisions on time and late, deadlines missed (in all and in
a row), reminders, absences and civil disorder.`,
		run: runStatus,
	})
	register(&command{
		name:    "export",
		summary: "write a game's public record (JSON) for verify and replay",
		usage:   "GAME [--out FILE] [--reveal] [--config FILE]",
		help: `Writes the game's record: scenario, options, dice commitments, every
accepted entry, every draw, hashes of the sent mails and the secrets
revealed so far (each finished turn's public secret; the hidden secret
when the game is over). --reveal reveals everything (for a finished or
abandoned game). Player secrets and addresses are never exported.`,
		run: runExport,
	})
	register(&command{
		name:    "backup",
		summary: "copy the store to a file, safely, even while the daemon runs",
		usage:   "--out FILE [--config FILE]",
		help: `Writes a consistent copy of the whole store (every game, log, secret and
queued mail) to FILE, which must not exist. While the daemon runs it makes
the copy itself. Restore by stopping the daemon and putting the copy in
the store's place.`,
		run: runBackup,
	})
	register(&command{
		name:    "replay",
		summary: "rebuild a game from its record and print the final state hash",
		usage:   "FILE",
		help: `Replays every entry of an exported record through the rules engine with
the recorded dice and prints the hash of the final state. It fails if any
entry is rejected, a draw differs, or the hash differs from the record's.`,
		run: runReplay,
	})
	register(&command{
		name:    "verify",
		summary: "audit the dice of an exported game record",
		usage:   "FILE",
		help: `Checks every revealed secret against the game's commitments, recomputes
the digest of every entry and every draw whose secret is revealed, and
reports each mismatch. Exit status 1 if anything does not match. The
procedure is in docs/dice.md; tools/verify_dice.py does the same.`,
		run: runVerify,
	})
	register(&command{
		name:    "check",
		summary: "dry-run an order file offline",
		usage:   "--game GAME --role ROLE [--scenario S | --record FILE] ORDERFILE",
		help: `Parses ORDERFILE as an order email body (quoted lines, signatures and
keywords are handled as in real mail) and applies it to a new game of the
scenario, or to the position at the end of an exported record. Prints the
accepted orders in canonical form, or the problems. Nothing is stored.`,
		run: runCheck,
	})
}

// loadConfig returns the configuration in cfgPath, or the defaults when
// it is "".
func loadConfig(cfgPath string) (*Config, error) {
	if cfgPath == "" {
		return DefaultConfig(), nil
	}
	return LoadConfig(cfgPath)
}

func judgeFor(cfg *Config, db *store.DB) *judge.Judge {
	tpl := templates.Builtin()
	if cfg.TemplatesDir != "" {
		t, err := templates.Load(cfg.TemplatesDir)
		if err != nil {
			fmt.Fprintf(os.Stderr, "pbem: templates_dir %s: %v (using the built-in templates)\n", cfg.TemplatesDir, err)
		} else {
			tpl = t
		}
	}
	return judge.New(db, judge.Options{Templates: tpl,
		Domain: cfg.Domain, OrdersAddress: cfg.OrdersAddress, FromName: cfg.FromName, DocsURL: cfg.DocsURL,
		DeadlineHours: cfg.Deadlines.DefaultHours, ReminderHours: cfg.Deadlines.ReminderHours,
		RatePerHour: cfg.RateLimit.PerHour, MaxBytes: cfg.MaxMessageKB * 1024, Aliases: cfg.Aliases, Creators: creators(cfg.Creators),
		SenderAuth: judge.SenderAuthOptions{TrustedAuthServID: cfg.Auth.TrustedAuthServID, VerifyDKIM: cfg.Auth.DKIMVerify},
		// Each build may judge differently: a game another build judged
		// last gets a checkpoint of its position (store.Checkpoint).
		Rules: versionString(),
	})
}

// creators lower-cases the creators' addresses, as senders are compared.
func creators(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for a, secret := range m {
		out[strings.ToLower(strings.TrimSpace(a))] = secret
	}
	return out
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func runNew(ctx *cli, args []string) error {
	fs := flags(ctx, find("new"))
	cfgPath := fs.String("config", "", "configuration file")
	game := fs.String("game", "", "game name (see pbem games)")
	scenario := fs.String("scenario", "", "scenario ID (default: the game's first)")
	id := fs.String("id", "", "game ID used in subjects, e.g. roses-7 (default: generated)")
	gm := fs.String("gm", "", "the game master's address (receives every report)")
	hours := fs.Int("deadline-hours", 0, "hours to answer each decision (default: the config's)")
	position := fs.String("position", "", "start from a position FILE (docs/positions.md), in its game and scenario")
	senderAuth := fs.String("sender-auth", "off", "unauthenticated senders: off, warn (tell the player and the GM) or require (refuse); warn and require need auth.trusted_authserv_id or auth.dkim_verify in the configuration")
	pack := fs.String("scenario-pack", "", "a scenario pack (directory or .pack file) for "+hexbattle.Name+"; its scenarios become the game's (see pbem scenario check)")
	deadlineAt := fs.String("deadline-at", "", "HH:MM: deadlines fall at this time of day (in --timezone), at least the deadline hours after each decision")
	timeZone := fs.String("timezone", "", "the game's time zone, e.g. Europe/Madrid (default UTC)")
	weekendsOff := fs.Bool("weekends-off", false, "Saturdays and Sundays do not count towards deadlines")
	grace := fs.Int("grace", 0, "hours of grace after a missed deadline, with a lateness notice, before the missed-deadline rule applies")
	reminders := fs.String("reminders", "", "reminders, hours before each deadline, e.g. 24,2 (default: the config's; off for none)")
	missed := fs.String("missed", "", "at a missed deadline: defaults (the default), wait, or forfeit:N (civil disorder after N in a row)")
	revise := fs.Int("revise", 0, "minutes the game waits, once every decision owed is in, before it moves on; meanwhile the players of that step may still revise (0: at once; at most 720)")
	vacations := fs.Int("vacation-days", 0, "each player's yearly vacation budget in days (default 21; -1 forbids absences)")
	var players, opts, langs multiFlag
	fs.Var(&players, "player", "ROLE=ADDRESS[,ALIAS...] (repeat for each side)")
	fs.Var(&langs, "lang", "ROLE=LANGUAGE: the language of a side's mail, en, es or it (repeat; gm=LANGUAGE for the GM; default en)")
	fs.Var(&opts, "option", "NAME=VALUE game option (repeat)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *pack != "" && *game == "" {
		*game = hexbattle.Name
	}
	if *pack != "" && *game != hexbattle.Name {
		return usagef("--scenario-pack goes with --game %s", hexbattle.Name)
	}
	spec := judge.NewGameSpec{ID: *id, Game: *game, Scenario: *scenario, GM: *gm, DeadlineHours: *hours, SenderAuth: *senderAuth, Options: adjudicator.Options{}}
	pol, err := newPolicy(*deadlineAt, *timeZone, *weekendsOff, *grace, *reminders, *missed, *vacations)
	if err != nil {
		return err
	}
	pol.ReviseMinutes = *revise
	spec.Policy = pol
	if *position != "" {
		if err := usePosition(&spec, *position); err != nil {
			return err
		}
	}
	if spec.Game == "" {
		return usagef("--game is required (one of: %s)", strings.Join(adjudicator.Games(), ", "))
	}
	for _, p := range players {
		role, addr, ok := strings.Cut(p, "=")
		if !ok {
			return usagef("--player %q: want ROLE=ADDRESS", p)
		}
		addrs := strings.Split(addr, ",")
		spec.Players = append(spec.Players, judge.PlayerSpec{Role: adjudicator.Role(strings.ToLower(role)), Email: addrs[0], Aliases: addrs[1:]})
	}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		spec.Options[k] = v
	}
	if *pack != "" {
		// The game keeps the pack's files in its options, so its record
		// replays and verifies without them.
		p, err := hexbattle.LoadPack(*pack)
		if err != nil {
			return fmt.Errorf("scenario pack %s:\n%w", *pack, err)
		}
		spec.Options[hexbattle.OptPack] = hexbattle.EncodePackOption(p)
		if spec.Scenario == "" && len(p.Scenarios) > 0 {
			spec.Scenario = p.Scenarios[0].ID
		}
	}
	for _, l := range langs {
		role, lang, ok := strings.Cut(l, "=")
		if !ok {
			return usagef("--lang %q: want ROLE=LANGUAGE, e.g. york=es", l)
		}
		role = strings.ToLower(strings.TrimSpace(role))
		if role == string(adjudicator.GM) {
			spec.GMLang = lang
			continue
		}
		found := false
		for i := range spec.Players {
			if string(spec.Players[i].Role) == role {
				spec.Players[i].Lang, found = lang, true
			}
		}
		if !found {
			return usagef("--lang %q: no --player for side %q", l, role)
		}
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "new", newArgs{Spec: spec})
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

func runStatus(ctx *cli, args []string) error {
	fs := flags(ctx, find("status"))
	cfgPath := fs.String("config", "", "configuration file")
	all := fs.Bool("all", false, "list every game, not only those needing attention first")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return usagef("status takes at most one game ID")
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "status", statusArgs{All: *all, Game: fs.Arg(0)})
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

// statusText writes the status listing: totals, the outbox, and the games
// needing attention first (see judge.WriteStatus). It reads only the
// store's counters and game summaries, whatever the store's size.
func statusText(w io.Writer, tx *store.Tx, all bool) error {
	return judge.WriteStatus(w, tx, judge.StatusOptions{All: all})
}

func runExport(ctx *cli, args []string) error {
	fs := flags(ctx, find("export"))
	cfgPath := fs.String("config", "", "configuration file")
	out := fs.String("out", "", "output file (default: standard output)")
	reveal := fs.Bool("reveal", false, "reveal every secret (finished or abandoned games)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one game ID")
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "export", exportArgs{Game: fs.Arg(0), Reveal: *reveal})
	if err != nil {
		return err
	}
	rec, err := record.Unmarshal(res.Data)
	if err != nil {
		return fmt.Errorf("the record of %s does not read back: %w", fs.Arg(0), err)
	}
	if err := writeRecord(ctx, rec, *out); err != nil {
		return err
	}
	if *out != "" {
		fmt.Fprintf(ctx.stdout, "record of %s written to %s\n", fs.Arg(0), *out)
	}
	return nil
}

// loadRecord reads an exported record and finds its game.
func loadRecord(path string) (*record.Record, adjudicator.Game, error) {
	rec, err := record.Load(path)
	if err != nil {
		return nil, nil, err
	}
	g, err := adjudicator.Lookup(rec.Game)
	if err != nil {
		return nil, nil, err
	}
	return rec, g, nil
}

func writeRecord(ctx *cli, rec *record.Record, out string) error {
	if out != "" {
		return rec.Save(out)
	}
	b, err := rec.Marshal()
	if err != nil {
		return err
	}
	_, err = ctx.stdout.Write(append(b, '\n'))
	return err
}

func runReplay(ctx *cli, args []string) error {
	fs := flags(ctx, find("replay"))
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
	st, hash, from, err := record.ReplayOrResume(rec, g)
	if err != nil {
		return err
	}
	if from > 0 {
		fmt.Fprintf(ctx.stdout, "this pbem's rules refuse an entry that %s judged: replayed from the checkpoint after entry %d, where a newer pbem took the game over\n", checkpointRules(rec), from)
	}
	fmt.Fprintf(ctx.stdout, "replayed %d entries of %s (%s): %s\n", len(rec.Entries), rec.GameID, rec.Game, st.Status().Label)
	fmt.Fprintf(ctx.stdout, "final state sha256 %s\n", hash)
	return nil
}

// checkpointRules names the version of pbem that judged the entries
// before rec's checkpoint.
func checkpointRules(rec *record.Record) string {
	if rec.Checkpoint == nil || rec.Checkpoint.Rules == "" {
		return "an older pbem"
	}
	return rec.Checkpoint.Rules
}

func runVerify(ctx *cli, args []string) error {
	fs := flags(ctx, find("verify"))
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one record file")
	}
	rec, err := record.Load(fs.Arg(0))
	if err != nil {
		return err
	}
	rep := record.Verify(rec)
	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(ctx.stdout, string(b))
	} else {
		fmt.Fprint(ctx.stdout, rep.String())
	}
	if !rep.OK() {
		return errors.New("the record does NOT verify")
	}
	return nil
}

func runCheck(ctx *cli, args []string) error {
	fs := flags(ctx, find("check"))
	game := fs.String("game", "", "game name")
	role := fs.String("role", "", "the side giving the orders")
	scenario := fs.String("scenario", "", "scenario of a new game")
	recPath := fs.String("record", "", "check against the position at the end of this exported record")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one order file")
	}
	body, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	var st adjudicator.State
	if *recPath != "" {
		rec, g, err := loadRecord(*recPath)
		if err != nil {
			return err
		}
		if st, _, _, err = record.ReplayOrResume(rec, g); err != nil {
			return err
		}
	} else {
		if *game == "" {
			return usagef("--game or --record is required")
		}
		g, err := adjudicator.Lookup(*game)
		if err != nil {
			return err
		}
		sc, err := g.Info().ScenarioByID(*scenario)
		if err != nil {
			return err
		}
		if st, err = g.Setup(sc.ID, adjudicator.Options{}, testdice.New(1)); err != nil {
			return err
		}
	}
	if *role == "" {
		return usagef("--role is required")
	}
	o := intake.Extract(string(body))
	sub := adjudicator.Submission{Role: adjudicator.Role(strings.ToLower(*role))}
	for _, l := range o.Lines {
		if strings.HasPrefix(strings.ToLower(l.Text), "turn") {
			continue
		}
		sub.Lines = append(sub.Lines, adjudicator.Line{No: l.No, Text: l.Text})
	}
	fmt.Fprintf(ctx.stdout, "position: %s\n", st.Status().Label)
	_, res, err := st.Apply(sub, testdice.New(1))
	var rej *adjudicator.Rejection
	if errors.As(err, &rej) {
		fmt.Fprintf(ctx.stdout, "REJECTED, %d problem(s):\n", len(rej.Problems))
		for _, p := range rej.Problems {
			fmt.Fprintf(ctx.stdout, "  line %d: %s\n      %s\n", p.Line.No, p.Line.Text, p.Reason)
			if len(p.Legal) > 0 {
				fmt.Fprintf(ctx.stdout, "      legal here: %s\n", strings.Join(p.Legal, " | "))
			}
		}
		return errors.New("the orders would be rejected")
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(ctx.stdout, "ACCEPTED as:")
	for _, c := range res.Canonical {
		fmt.Fprintf(ctx.stdout, "  %s\n", c)
	}
	return nil
}

func runBackup(ctx *cli, args []string) error {
	fs := flags(ctx, find("backup"))
	cfgPath := fs.String("config", "", "configuration file")
	out := fs.String("out", "", "the file to write (must not exist)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out is required")
	}
	abs, err := filepath.Abs(*out)
	if err != nil {
		return err
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	res, err := callOp(cfg, "backup", backupArgs{Out: abs})
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}
