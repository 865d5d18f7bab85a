package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/luck"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/league"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
)

func init() {
	register(&command{
		name:    "league",
		summary: "club leagues: create, pair rounds, standings, ratings, vacations and substitutes",
		usage:   "new NAME --game GAME --format roundrobin|swiss --players A,B,... --gm ADDRESS | pair NAME | standings NAME | show NAME | subs NAME [add ADDRESS [LANG] | remove ADDRESS] | ratings GAME | list",
		help: `Runs club leagues of a two-sided game.

  pbem league new NAME --game GAME --format roundrobin|swiss --players a@x,b@y,... --gm ADDRESS
      creates a league (players in seed order). Round robin: every
      player meets every other once (--cycles 2: twice, sides swapped),
      sides balanced. Swiss: --rounds rounds (default log2 of the number
      of players, rounded up), players of equal score meet, nobody meets
      the same opponent twice, and --forbid a@x:b@y keeps two players
      apart (repeat it), whenever a pairing allows it. --forfeit-after N:
      a side that misses N deadlines of a game in a row loses it by
      forfeit (the judge ends the game at that deadline).
      --vacation-days N (1 to 366): each player's yearly vacation budget
      for the whole league: the days his absences cost in any of its
      games come out of it, a day once however many games it moves.
      Without it each game keeps its own budget. --no-vacations: the
      league's games allow no absences (a tournament).
      --auto-substitute N: a seat that misses N deadlines of a game in a
      row goes to the next member of the substitute pool by itself (N
      below --forfeit-after's).
  pbem league pair NAME
      pairs the next round and creates its games, each as "pbem new"
      does (welcome mails, secrets, dice commitments). A Swiss round is
      paired when the previous one has finished. If it is interrupted,
      running it again creates the games still missing.
  pbem league standings NAME
      the standings from the results of the finished games: points (1 a
      win, 1/2 a draw, 1 a bye), then Sonneborn-Berger (round robin) or
      Buchholz (Swiss), then wins. An abandoned game counts for nobody.
      With --vacation-days, each player's days used and left follow.
      (When a game of the league ends, the judge records its result and
      mails the standings and ratings to every player and the GM.)
  pbem league show NAME
      the league: its settings, each player's vacation days used and
      left (by year), the substitute pool and every round's games.
  pbem league subs NAME [add ADDRESS [LANG] | remove ADDRESS]
      the league's substitute pool: lists it, adds an address (with the
      language of his mail: en, es or it) or removes one. The GM of a
      league game hands a seat to the first member who holds no seat of
      that game with "replace ROLE pool"; the member leaves the pool. A
      game finished by a substitute is a loss for the entrant replaced,
      counts for the opponent as played, and is not rated.
  pbem league ratings GAME
      Glicko-2 ratings of every player of GAME's leagues, rated month
      by month (UTC) from the finished games.
  pbem league list
      the leagues in the store.

Example:
  pbem league new spring --game richard-iii --format swiss --rounds 4 \
      --players ann@club.example,bob@club.example,cy@club.example \
      --gm gm@club.example
  pbem league pair spring`,
		run: runLeague,
	})
	register(&command{
		name:    "luck",
		summary: "each side's dice against fair dice, from an exported record",
		usage:   "RECORD [--json] [--lang en]",
		help: `Checks the record (as pbem verify does) and, for every side and die size,
counts each face against what fair dice give: the mean roll, and Pearson's
chi-square with its degrees of freedom and p-value (the chance that fair
dice spread at least that unevenly). Only dice of epochs whose secret is
revealed count, so export a finished game with "pbem export GAME" (or
--reveal) first. A die counts for the side named at the start of its
purpose, else for the side whose orders caused it; the report says which.
--lang writes it in English (en, the default), Spanish (es) or Italian
(it), as the players get it by mail.`,
		run: runLuck,
	})
	ops["league.new"] = op{write: true, create: true, run: opLeagueNew}
	ops["league.pair"] = op{write: true, run: opLeaguePair}
	ops["league.standings"] = op{write: true, run: opLeagueStandings}
	ops["league.ratings"] = op{run: opLeagueRatings}
	ops["league.list"] = op{run: opLeagueList}
	ops["league.show"] = op{run: opLeagueShow}
	ops["league.subs"] = op{write: true, run: opLeagueSubs}
}

func runLeague(ctx *cli, args []string) error {
	c := find("league")
	if len(args) == 0 {
		return usagef("give a subcommand: new, pair, standings, show, subs, ratings or list")
	}
	sub := args[0]
	if strings.HasPrefix(sub, "-") {
		fs := flags(ctx, c)
		if err := parse(fs, args); err != nil {
			return err
		}
		return usagef("give a subcommand: new, pair, standings, show, subs, ratings or list")
	}
	if !slices.Contains([]string{"new", "pair", "standings", "show", "subs", "ratings", "list"}, sub) {
		return usagef("unknown subcommand %q: new, pair, standings, show, subs, ratings or list", sub)
	}
	fs := flags(ctx, c)
	cfgPath := fs.String("config", "", "configuration file")
	var a leagueNewArgs
	var players string
	var forbidden multiFlag
	var opts multiFlag
	if sub == "new" {
		fs.StringVar(&a.Game, "game", "", "the game (see pbem games); it must have two sides")
		fs.StringVar(&a.Scenario, "scenario", "", "scenario ID (default: the game's first)")
		fs.StringVar(&a.Format, "format", "", "roundrobin or swiss")
		fs.StringVar(&players, "players", "", "the players' addresses, comma-separated, in seed order")
		fs.StringVar(&a.GM, "gm", "", "the GM of every game of the league")
		fs.IntVar(&a.Rounds, "rounds", 0, "Swiss: the number of rounds (default: log2 of the players, rounded up)")
		fs.IntVar(&a.Cycles, "cycles", 1, "round robin: how many times each pair meets (sides swapped each time)")
		fs.IntVar(&a.DeadlineHours, "deadline-hours", 0, "hours to answer each decision (default: the config's)")
		fs.IntVar(&a.ForfeitAfter, "forfeit-after", 0, "a side that misses this many deadlines in a row loses the game by forfeit (0: never)")
		fs.IntVar(&a.VacationDays, "vacation-days", 0, "each player's yearly vacation budget, shared by his games of the league (0: each game's own)")
		fs.BoolVar(&a.VacationsOff, "no-vacations", false, "the league's games allow no absences (a tournament)")
		fs.IntVar(&a.AutoSub, "auto-substitute", 0, "a seat that misses this many deadlines in a row goes to the substitute pool by itself (0: only the GM replaces)")
		fs.Var(&forbidden, "forbid", "A:B: two players who must not be paired (Swiss; repeat)")
		fs.Var(&opts, "option", "NAME=VALUE game option for every game (repeat)")
	}
	if err := parse(fs, args[1:]); err != nil {
		return err
	}
	want := 1
	if sub == "list" {
		want = 0
	}
	if sub == "subs" {
		switch {
		case fs.NArg() == 1 || fs.NArg() == 2 && fs.Arg(1) == "list":
		case fs.NArg() >= 3 && fs.NArg() <= 4 && fs.Arg(1) == "add", fs.NArg() == 3 && fs.Arg(1) == "remove":
		default:
			return usagef("league subs NAME [list | add ADDRESS [LANG] | remove ADDRESS]")
		}
		want = fs.NArg()
	}
	if fs.NArg() != want {
		if want == 0 {
			return usagef("league list takes no argument")
		}
		return usagef("league %s: give one %s", sub, map[bool]string{true: "game", false: "league name"}[sub == "ratings"])
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	var res *opResult
	switch sub {
	case "new":
		a.Name = fs.Arg(0)
		for _, p := range strings.Split(players, ",") {
			if p = strings.TrimSpace(p); p != "" {
				a.Players = append(a.Players, p)
			}
		}
		for _, f := range forbidden {
			x, y, ok := strings.Cut(f, ":")
			if !ok {
				return usagef("--forbid %q: want ADDRESS:ADDRESS", f)
			}
			a.Forbidden = append(a.Forbidden, [2]string{x, y})
		}
		if len(opts) > 0 {
			a.Options = map[string]string{}
			for _, o := range opts {
				k, v, _ := strings.Cut(o, "=")
				a.Options[k] = v
			}
		}
		res, err = callOp(cfg, "league.new", a)
	case "pair", "standings", "show":
		res, err = callOp(cfg, "league."+sub, leagueArgs{Name: fs.Arg(0)})
	case "subs":
		sa := leagueSubsArgs{Name: fs.Arg(0), Action: fs.Arg(1), Addr: fs.Arg(2), Lang: fs.Arg(3)}
		res, err = callOp(cfg, "league.subs", sa)
	case "ratings":
		res, err = callOp(cfg, "league.ratings", leagueArgs{Game: fs.Arg(0)})
	case "list":
		res, err = callOp(cfg, "league.list", leagueArgs{})
	}
	if err != nil {
		return err
	}
	fmt.Fprint(ctx.stdout, res.Text)
	return nil
}

type leagueNewArgs struct {
	Name          string            `json:"name"`
	Game          string            `json:"game"`
	Scenario      string            `json:"scenario,omitempty"`
	Format        string            `json:"format"`
	Players       []string          `json:"players"`
	GM            string            `json:"gm"`
	Rounds        int               `json:"rounds,omitempty"`
	Cycles        int               `json:"cycles,omitempty"`
	DeadlineHours int               `json:"deadline_hours,omitempty"`
	ForfeitAfter  int               `json:"forfeit_after,omitempty"`
	VacationDays  int               `json:"vacation_days,omitempty"`
	VacationsOff  bool              `json:"vacations_off,omitempty"`
	AutoSub       int               `json:"auto_substitute,omitempty"`
	Forbidden     [][2]string       `json:"forbidden,omitempty"`
	Options       map[string]string `json:"options,omitempty"`
}

type leagueSubsArgs struct {
	Name   string `json:"name"`
	Action string `json:"action,omitempty"` // "", "list", "add" or "remove"
	Addr   string `json:"addr,omitempty"`
	Lang   string `json:"lang,omitempty"`
}

type leagueArgs struct {
	Name string `json:"name,omitempty"`
	Game string `json:"game,omitempty"`
}

var leagueName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

func normAddr(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// bareAddr is the address in s, in lower case, or s itself (normalised)
// when it does not parse.
func bareAddr(s string) string {
	if a, err := mail.ParseAddress(s); err == nil {
		return normAddr(a.Address)
	}
	return normAddr(s)
}

func opLeagueNew(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a leagueNewArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("league new: %w", err)
	}
	name := strings.ToLower(a.Name)
	if !leagueName.MatchString(name) {
		return nil, fmt.Errorf("league name %q: use up to 40 letters, digits and '-' (it starts the ID of every game of the league)", a.Name)
	}
	if a.Game == "" {
		return nil, usagef("--game is required (one of: %s)", strings.Join(adjudicator.Games(), ", "))
	}
	g, err := adjudicator.Lookup(a.Game)
	if err != nil {
		return nil, err
	}
	info, err := adjudicator.InfoOf(g, a.Options)
	if err != nil {
		return nil, err
	}
	sc, err := info.ScenarioByID(a.Scenario)
	if err != nil {
		return nil, err
	}
	roles := info.RolesFor(sc)
	if len(roles) != 2 {
		return nil, fmt.Errorf("%s (%s) has %d sides: leagues pair two-sided games only", info.Name, sc.ID, len(roles))
	}
	known := map[string]adjudicator.OptionSpec{}
	for _, o := range info.Options {
		known[o.Name] = o
	}
	for k, v := range a.Options {
		o, ok := known[k]
		if !ok {
			return nil, fmt.Errorf("%s has no option %q", info.Name, k)
		}
		if len(o.Values) > 0 && !slices.Contains(o.Values, v) {
			return nil, fmt.Errorf("option %s: %q is not one of %s", k, v, strings.Join(o.Values, ", "))
		}
	}
	format := strings.ReplaceAll(strings.ToLower(a.Format), "-", "")
	if format != league.RoundRobin && format != league.Swiss {
		return nil, usagef("--format %q: want roundrobin or swiss", a.Format)
	}
	var players []string
	for _, p := range a.Players {
		addr, err := mail.ParseAddress(p)
		if err != nil {
			return nil, fmt.Errorf("player %q is not an email address: %w", p, err)
		}
		p = normAddr(addr.Address)
		if slices.Contains(players, p) {
			return nil, fmt.Errorf("player %s is listed twice", p)
		}
		players = append(players, p)
	}
	if len(players) < 2 {
		return nil, usagef("--players: a league needs at least two players")
	}
	if strings.TrimSpace(a.GM) == "" {
		return nil, usagef("--gm: the league's games need a GM address")
	}
	gmAddr, err := mail.ParseAddress(a.GM)
	if err != nil {
		return nil, fmt.Errorf("--gm %q is not an email address: %w", a.GM, err)
	}
	gm := normAddr(gmAddr.Address)
	l := &store.League{Name: name, GameName: info.Name, Scenario: sc.ID, Options: a.Options, Format: format,
		Players: players, GM: gm, DeadlineHours: a.DeadlineHours, ForfeitAfter: a.ForfeitAfter,
		VacationDays: a.VacationDays, VacationsOff: a.VacationsOff, AutoSubstitute: a.AutoSub, Created: time.Now().UTC()}
	if a.ForfeitAfter < 0 || a.ForfeitAfter > 20 {
		return nil, usagef("--forfeit-after %d: the number of missed deadlines in a row is 1 to 20 (0: no forfeit)", a.ForfeitAfter)
	}
	if a.VacationDays < 0 || a.VacationDays > 366 {
		return nil, usagef("--vacation-days %d: a yearly budget is 1 to 366 days (0: each game's own)", a.VacationDays)
	}
	if a.AutoSub < 0 || a.AutoSub > 20 {
		return nil, usagef("--auto-substitute %d: the number of missed deadlines in a row is 1 to 20 (0: only the GM replaces)", a.AutoSub)
	}
	if a.AutoSub > 0 && a.ForfeitAfter > 0 && a.AutoSub >= a.ForfeitAfter {
		return nil, usagef("--auto-substitute %d: it must come before the forfeit (--forfeit-after %d), or the game is lost first", a.AutoSub, a.ForfeitAfter)
	}
	if a.VacationsOff && a.VacationDays > 0 {
		return nil, usagef("--no-vacations and --vacation-days: choose one")
	}
	for _, r := range roles {
		l.Sides = append(l.Sides, string(r))
	}
	switch format {
	case league.Swiss:
		l.Rounds = a.Rounds
		if l.Rounds == 0 {
			l.Rounds = max(1, min(len(players)-1, int(math.Ceil(math.Log2(float64(len(players)))))))
		}
		if l.Rounds < 1 {
			return nil, usagef("--rounds %d: a Swiss league plays at least one round", a.Rounds)
		}
		if a.Cycles > 1 {
			return nil, usagef("--cycles is for round robin leagues")
		}
	case league.RoundRobin:
		l.Cycles = max(a.Cycles, 1)
		if a.Rounds != 0 {
			return nil, usagef("--rounds is for Swiss leagues: a round robin plays %d rounds a cycle", league.RoundRobinRounds(len(players)))
		}
		if len(a.Forbidden) > 0 {
			return nil, usagef("--forbid is for Swiss leagues: in a round robin everybody meets")
		}
	}
	for _, f := range a.Forbidden {
		x, y := bareAddr(f[0]), bareAddr(f[1])
		if !slices.Contains(players, x) || !slices.Contains(players, y) || x == y {
			return nil, fmt.Errorf("--forbid %s:%s: name two different players of the league", f[0], f[1])
		}
		l.Forbidden = append(l.Forbidden, [2]string{x, y})
	}
	err = e.db.Update(func(tx *store.Tx) error {
		if _, err := tx.League(name); err == nil {
			return fmt.Errorf("a league %q already exists", name)
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
		return tx.PutLeague(l)
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: fmt.Sprintf("created league %s: %s (%s), %s, %d players, %d rounds\nnext: pbem league pair %s\n",
		name, l.GameName, l.Scenario, formatName(l.Format), len(players), totalRounds(l), name)}, nil
}

func formatName(f string) string { return judge.LeagueFormatName(f) }

// totalRounds is the number of rounds the league plays.
func totalRounds(l *store.League) int { return judge.LeagueRounds(l) }

func loadLeague(tx *store.Tx, name string) (*store.League, error) {
	l, err := tx.League(strings.ToLower(name))
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("no league %q (see pbem league list)", name)
	}
	return l, err
}

func opLeaguePair(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a leagueArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("league pair: %w", err)
	}
	var b strings.Builder
	var l *store.League
	// Pair the next round, unless the last one still has games to create
	// (an interrupted pairing): the round and its game IDs are stored
	// before any game is created, so nothing is paired twice.
	err := e.db.Update(func(tx *store.Tx) error {
		var err error
		if l, err = loadLeague(tx, a.Name); err != nil {
			return err
		}
		if _, err := judge.RefreshLeagueResults(tx, l); err != nil {
			return err
		}
		if n := len(l.Paired); n > 0 && len(missingGames(l)) > 0 {
			fmt.Fprintf(&b, "league %s: round %d was paired but not all its games were created; creating them now\n", l.Name, n)
			return tx.PutLeague(l)
		}
		next := len(l.Paired) + 1
		if next > totalRounds(l) {
			return fmt.Errorf("league %s is complete: all %d rounds are paired (see pbem league standings %s)", l.Name, totalRounds(l), l.Name)
		}
		round := store.LeagueRound{No: next, At: time.Now().UTC()}
		var pairs []league.Pairing
		switch l.Format {
		case league.Swiss:
			var open []string
			for _, r := range l.Paired {
				for _, g := range r.Games {
					if g.ID != "" && !g.Done && !g.Void {
						open = append(open, g.ID)
					}
				}
			}
			if len(open) > 0 {
				return fmt.Errorf("league %s: a Swiss round is paired from the results of the last one, and %s %s not finished yet",
					l.Name, strings.Join(open, ", "), map[bool]string{true: "is", false: "are"}[len(open) == 1])
			}
			var past [][]league.Pairing
			for _, r := range l.Paired {
				var ps []league.Pairing
				for _, g := range r.Games {
					ps = append(ps, league.Pairing{A: g.A, B: g.B})
				}
				past = append(past, ps)
			}
			sw, err := league.PairSwiss(league.SwissInput{Players: l.Players, Past: past,
				Scores: league.Scores(l.Players, judge.LeagueResults(l), league.DefaultPoints), Forbidden: l.Forbidden})
			if err != nil {
				return err
			}
			pairs = sw.Pairings
			var notes []string
			if sw.Repeats > 0 {
				notes = append(notes, fmt.Sprintf("%d rematch(es): no pairing of this round avoids them", sw.Repeats))
			}
			if sw.ForbiddenPairs > 0 {
				notes = append(notes, fmt.Sprintf("%d forbidden pair(s): no pairing of this round avoids them", sw.ForbiddenPairs))
			}
			if sw.RepeatBye {
				notes = append(notes, "the bye goes to a player who already had one")
			}
			round.Notice = strings.Join(notes, "; ")
		default:
			var err error
			if pairs, err = league.RoundRobinRound(l.Players, next); err != nil {
				return err
			}
		}
		n := 0
		for _, p := range pairs {
			lg := store.LeagueGame{A: p.A, B: p.B}
			if !p.Bye() {
				n++
				lg.ID = fmt.Sprintf("%s-r%d-%d", l.Name, next, n)
				if tx.HasGame(lg.ID) {
					return fmt.Errorf("league %s: a game %s already exists; the league's games are named NAME-rROUND-N", l.Name, lg.ID)
				}
			}
			round.Games = append(round.Games, lg)
		}
		l.Paired = append(l.Paired, round)
		return tx.PutLeague(l)
	})
	if err != nil {
		return nil, err
	}
	round := l.Paired[len(l.Paired)-1]
	fmt.Fprintf(&b, "league %s, round %d of %d:\n", l.Name, round.No, totalRounds(l))
	for _, g := range round.Games {
		if g.B == "" {
			fmt.Fprintf(&b, "  bye: %s\n", g.A)
		} else {
			fmt.Fprintf(&b, "  %s: %s (%s) v %s (%s)\n", g.ID, g.A, l.Sides[0], g.B, l.Sides[1])
		}
	}
	if round.Notice != "" {
		fmt.Fprintf(&b, "  note: %s\n", round.Notice)
	}
	// Create the games as "pbem new" does, marking each in the league as
	// soon as it exists. The daemon is not waited for: the welcome mails
	// go out as it sends them.
	ne := *e
	ne.mailWait = 0
	for _, id := range missingGames(l) {
		lg := findGame(l, id)
		exists := false
		_ = e.db.View(func(tx *store.Tx) error { exists = tx.HasGame(id); return nil })
		if !exists {
			spec := judge.NewGameSpec{ID: id, Game: l.GameName, Scenario: l.Scenario, GM: l.GM, DeadlineHours: l.DeadlineHours,
				Options: adjudicator.Options{}, Players: []judge.PlayerSpec{
					{Role: adjudicator.Role(l.Sides[0]), Email: lg.A},
					{Role: adjudicator.Role(l.Sides[1]), Email: lg.B}},
				Policy: store.Policy{VacationsOff: l.VacationsOff}}
			for k, v := range l.Options {
				spec.Options[k] = v
			}
			rawSpec, err := json.Marshal(newArgs{Spec: spec})
			if err != nil {
				return nil, err
			}
			res, err := opNew(&ne, rawSpec)
			if err != nil {
				return &opResult{Text: b.String()}, fmt.Errorf("league %s, round %d: game %s: %w\n(the games listed before it exist; run pbem league pair %s again to create the rest)",
					l.Name, round.No, id, err, l.Name)
			}
			b.WriteString(res.Text)
		}
		err := e.db.Update(func(tx *store.Tx) error {
			cur, err := tx.League(l.Name)
			if err != nil {
				return err
			}
			if g := findGame(cur, id); g != nil {
				g.Created = true
			}
			return tx.PutLeague(cur)
		})
		if err != nil {
			return nil, err
		}
	}
	return &opResult{Text: b.String()}, nil
}

// missingGames lists the games of the last round not yet created.
func missingGames(l *store.League) []string {
	if len(l.Paired) == 0 {
		return nil
	}
	var out []string
	for _, g := range l.Paired[len(l.Paired)-1].Games {
		if g.ID != "" && !g.Created {
			out = append(out, g.ID)
		}
	}
	return out
}

func findGame(l *store.League, id string) *store.LeagueGame {
	for i := range l.Paired {
		for j := range l.Paired[i].Games {
			if l.Paired[i].Games[j].ID == id {
				return &l.Paired[i].Games[j]
			}
		}
	}
	return nil
}

func opLeagueStandings(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a leagueArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("league standings: %w", err)
	}
	// The results found are kept in the league, so that its standings
	// survive the pruning of its finished games.
	var l *store.League
	err := e.db.Update(func(tx *store.Tx) error {
		var err error
		if l, err = loadLeague(tx, a.Name); err != nil {
			return err
		}
		changed, err := judge.RefreshLeagueResults(tx, l)
		if err != nil || !changed {
			return err
		}
		return tx.PutLeague(l)
	})
	if err != nil {
		return nil, err
	}
	cat, err := i18n.New()
	if err != nil {
		return nil, err
	}
	text, err := judge.LeagueStandingsText(l, cat, i18n.Default)
	if err != nil {
		return nil, err
	}
	var vac string
	if err := e.db.View(func(tx *store.Tx) (err error) { vac, err = leagueVacationText(tx, l); return err }); err != nil {
		return nil, err
	}
	if vac != "" {
		text += "\n" + vac
	}
	return &opResult{Text: text}, nil
}

func opLeagueRatings(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a leagueArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("league ratings: %w", err)
	}
	title := a.Game
	if g, err := adjudicator.Lookup(a.Game); err == nil {
		title = g.Info().Name
	} else {
		return nil, err
	}
	cat, err := i18n.New()
	if err != nil {
		return nil, err
	}
	var text string
	err = e.db.View(func(tx *store.Tx) error {
		var err error
		text, err = judge.LeagueRatingsText(tx, title, nil, cat, i18n.Default)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: text}, nil
}

func opLeagueList(e *opEnv, _ json.RawMessage) (*opResult, error) {
	var b strings.Builder
	err := e.db.View(func(tx *store.Tx) error {
		all, err := tx.Leagues()
		if err != nil {
			return err
		}
		if len(all) == 0 {
			b.WriteString("no leagues (create one with pbem league new)\n")
			return nil
		}
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "league\tgame\tformat\tplayers\trounds paired")
		for _, l := range all {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d of %d\n", l.Name, l.GameName, formatName(l.Format), len(l.Players), len(l.Paired), totalRounds(l))
		}
		return tw.Flush()
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: b.String()}, nil
}

func runLuck(ctx *cli, args []string) error {
	fs := flags(ctx, find("luck"))
	asJSON := fs.Bool("json", false, "print the report as JSON")
	lang := fs.String("lang", i18n.Default, "language of the report: en, es or it")
	if err := parse(fs, args); err != nil {
		return err
	}
	code, err := i18n.ParseLanguage(*lang)
	if err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one record file")
	}
	rec, err := record.Load(fs.Arg(0))
	if err != nil {
		return err
	}
	rep, err := luck.Compute(rec)
	if err != nil {
		return err
	}
	if *asJSON {
		out, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(ctx.stdout, string(out))
		return err
	}
	cat, err := i18n.New()
	if err != nil {
		return err
	}
	text, err := judge.LuckText(rep, cat, code)
	if err != nil {
		return err
	}
	_, err = io.WriteString(ctx.stdout, text)
	return err
}

// leagueVacationText is what each player of l has used of the league's
// vacation budget and has left (judge.LeagueVacationText), in English.
func leagueVacationText(tx *store.Tx, l *store.League) (string, error) {
	cat, err := i18n.New()
	if err != nil {
		return "", err
	}
	return judge.LeagueVacationText(tx, l, cat, i18n.Default)
}

// leagueSubsText lists the league's substitute pool.
func leagueSubsText(l *store.League) string {
	if len(l.Subs) == 0 {
		return fmt.Sprintf("Substitute pool: empty (add one with pbem league subs %s add ADDRESS [LANG]).\n", l.Name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Substitute pool (%d, first taken first):\n", len(l.Subs))
	for i, s := range l.Subs {
		lang := s.Lang
		if lang == "" {
			lang = "-"
		}
		fmt.Fprintf(&b, "  %d. %s (%s)\n", i+1, s.Addr, lang)
	}
	return b.String()
}

func opLeagueShow(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a leagueArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("league show: %w", err)
	}
	var b strings.Builder
	err := e.db.View(func(tx *store.Tx) error {
		l, err := loadLeague(tx, a.Name)
		if err != nil {
			return err
		}
		// Results not copied in yet are shown as the store has them (not
		// kept: pbem league standings keeps them).
		if _, err := judge.RefreshLeagueResults(tx, l); err != nil {
			return err
		}
		fmt.Fprintf(&b, "League %s: %s (%s), %s, %d players, %d of %d rounds paired\n",
			l.Name, l.GameName, l.Scenario, formatName(l.Format), len(l.Players), len(l.Paired), totalRounds(l))
		fmt.Fprintf(&b, "GM: %s\n", l.GM)
		fmt.Fprintf(&b, "Sides: %s (first player), %s\n", l.Sides[0], l.Sides[1])
		fmt.Fprintf(&b, "Players, in seed order: %s\n", strings.Join(l.Players, ", "))
		if l.DeadlineHours > 0 {
			fmt.Fprintf(&b, "Deadlines: %d hours a decision\n", l.DeadlineHours)
		}
		if l.ForfeitAfter > 0 {
			fmt.Fprintf(&b, "Forfeit: after %d missed deadlines in a row\n", l.ForfeitAfter)
		}
		if l.AutoSubstitute > 0 {
			fmt.Fprintf(&b, "Substitute from the pool: after %d missed deadlines in a row\n", l.AutoSubstitute)
		}
		for _, f := range l.Forbidden {
			fmt.Fprintf(&b, "Never paired: %s and %s\n", f[0], f[1])
		}
		vac, err := leagueVacationText(tx, l)
		if err != nil {
			return err
		}
		if vac == "" {
			vac = "Vacations: each game's own budget.\n"
		}
		b.WriteString(vac)
		b.WriteString(leagueSubsText(l))
		for _, r := range l.Paired {
			fmt.Fprintf(&b, "\nRound %d:\n", r.No)
			for _, g := range r.Games {
				if g.B == "" {
					fmt.Fprintf(&b, "  bye: %s\n", g.A)
					continue
				}
				state := "to play"
				switch {
				case g.Void:
					state = "abandoned, counts for nobody"
				case g.Done && g.ScoreA == 1:
					state = g.A + " won"
				case g.Done && g.ScoreA == 0:
					state = g.B + " won"
				case g.Done:
					state = "drawn"
				case !g.Created:
					state = "not created yet"
				}
				for _, s := range [][2]string{{g.A, g.SubA}, {g.B, g.SubB}} {
					if s[1] != "" {
						state += fmt.Sprintf("; %s replaced by %s: a loss for %s", s[0], s[1], s[0])
					}
				}
				fmt.Fprintf(&b, "  %s: %s v %s: %s\n", g.ID, g.A, g.B, state)
			}
			if r.Notice != "" {
				fmt.Fprintf(&b, "  note: %s\n", r.Notice)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: b.String()}, nil
}

func opLeagueSubs(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a leagueSubsArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("league subs: %w", err)
	}
	var b strings.Builder
	err := e.db.Update(func(tx *store.Tx) error {
		l, err := loadLeague(tx, a.Name)
		if err != nil {
			return err
		}
		switch a.Action {
		case "", "list":
			b.WriteString(leagueSubsText(l))
			return nil
		case "add":
			addr, err := mail.ParseAddress(a.Addr)
			if err != nil {
				return fmt.Errorf("%q is not an email address: %w", a.Addr, err)
			}
			sub := store.LeagueSub{Addr: normAddr(addr.Address), Added: time.Now().UTC()}
			if a.Lang != "" {
				if sub.Lang, err = i18n.ParseLanguage(a.Lang); err != nil {
					return err
				}
			}
			for _, s := range l.Subs {
				if s.Addr == sub.Addr {
					return fmt.Errorf("%s is in the substitute pool of league %s already", sub.Addr, l.Name)
				}
			}
			if sub.Addr == l.GM {
				return fmt.Errorf("%s is the league's GM: the GM cannot take a seat of its games", sub.Addr)
			}
			l.Subs = append(l.Subs, sub)
			fmt.Fprintf(&b, "added %s to the substitute pool of league %s\n", sub.Addr, l.Name)
		case "remove":
			addr := bareAddr(a.Addr)
			i := slices.IndexFunc(l.Subs, func(s store.LeagueSub) bool { return s.Addr == addr })
			if i < 0 {
				return fmt.Errorf("%s is not in the substitute pool of league %s", addr, l.Name)
			}
			l.Subs = slices.Delete(l.Subs, i, i+1)
			fmt.Fprintf(&b, "removed %s from the substitute pool of league %s\n", addr, l.Name)
		default:
			return usagef("league subs NAME [list | add ADDRESS [LANG] | remove ADDRESS]")
		}
		b.WriteString(leagueSubsText(l))
		return tx.PutLeague(l)
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: b.String()}, nil
}
