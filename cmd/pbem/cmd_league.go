package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/mail"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/luck"
	"github.com/pbem/pbem/adjudicator/record"
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
      below --forfeit-after's). Every player is told he is entered, in
      the language the store knows for him.
  pbem league pair NAME
      pairs the next round and creates its games, each as "pbem new"
      does (welcome mails, secrets, dice commitments). A Swiss round is
      paired when the previous one has finished. If it is interrupted,
      running it again creates the games still missing. Every player is
      told his game (or his bye) and the round's pairings.
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
      counts for the opponent as played, and is not rated. The member
      added or removed is told.
  pbem league ratings GAME
      Glicko-2 ratings of every player of GAME's leagues, rated month
      by month (UTC) from the finished games.
  pbem league list
      the leagues in the store.

Example:
  pbem league new spring --game richard-iii --format swiss --rounds 4 \
      --players ann@club.example,bob@club.example,cy@club.example \
      --gm gm@club.example
  pbem league pair spring

A GM listed among the config's creators does the same by email: a
"league new NAME" email creates a league, and "league NAME" followed by
pair, standings, ratings, show or subs lines runs it (docs/gm.md).`,
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

// leagueNewArgs are the flags of "league new": the judge checks them
// (judge.BuildLeague), as it does a "league new" email.
type leagueNewArgs = judge.LeagueSpec

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
	l, probs := judge.BuildLeague(a, "--", time.Now())
	if len(probs) > 0 {
		if probs[0].Usage {
			return nil, usagef("%s", probs[0].Msg)
		}
		return nil, probs[0]
	}
	name := l.Name
	// Every entrant is told, as a league created by email tells them.
	err := e.db.Update(func(tx *store.Tx) error {
		if err := judge.PutNewLeague(tx, l); err != nil {
			return err
		}
		return e.judge.AnnounceNewLeague(tx, l, l.GM)
	})
	if err != nil {
		return nil, err
	}
	if e.wake != nil {
		e.wake()
	}
	return &opResult{Text: fmt.Sprintf("created league %s: %s (%s), %s, %d players, %d rounds\nnext: pbem league pair %s\n",
		name, l.GameName, l.Scenario, formatName(l.Format), len(l.Players), totalRounds(l), name)}, nil
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
		resumed, err := judge.PairLeagueRound(tx, l, time.Now())
		if err != nil {
			return err
		}
		if resumed {
			fmt.Fprintf(&b, "league %s: round %d was paired but not all its games were created; creating them now\n", l.Name, len(l.Paired))
		}
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
	for _, id := range judge.MissingLeagueGames(l) {
		lg := l.Game(id)
		exists := false
		_ = e.db.View(func(tx *store.Tx) error { exists = tx.HasGame(id); return nil })
		if !exists {
			spec := judge.LeagueGameSpec(l, lg)
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
			if g := cur.Game(id); g != nil {
				g.Created = true
			}
			return tx.PutLeague(cur)
		})
		if err != nil {
			return nil, err
		}
	}
	// Every entrant is told his game (or his bye) and the round's
	// pairings, as when the round is paired by email.
	err = e.db.Update(func(tx *store.Tx) error {
		cur, err := tx.League(l.Name)
		if err != nil {
			return err
		}
		return e.judge.AnnounceLeagueRound(tx, cur)
	})
	if err != nil {
		return nil, err
	}
	if e.wake != nil {
		e.wake()
	}
	b.WriteString("every player is told the round's pairings\n")
	return &opResult{Text: b.String()}, nil
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
	if err := e.db.View(func(tx *store.Tx) (err error) {
		vac, err = judge.LeagueVacationText(tx, l, cat, i18n.Default)
		return err
	}); err != nil {
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

func opLeagueShow(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a leagueArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("league show: %w", err)
	}
	var text string
	err := e.db.View(func(tx *store.Tx) error {
		l, err := loadLeague(tx, a.Name)
		if err != nil {
			return err
		}
		text, err = judge.LeagueShowText(tx, l, "pbem league subs "+l.Name+" add ADDRESS [LANG]")
		return err
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: text}, nil
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
			b.WriteString(judge.LeagueSubsText(l, "pbem league subs "+l.Name+" add ADDRESS [LANG]"))
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
			if err := e.judge.AnnounceLeagueSub(tx, l, sub, true); err != nil {
				return err
			}
			fmt.Fprintf(&b, "added %s to the substitute pool of league %s (he is told)\n", sub.Addr, l.Name)
		case "remove":
			addr := bareAddr(a.Addr)
			i := slices.IndexFunc(l.Subs, func(s store.LeagueSub) bool { return s.Addr == addr })
			if i < 0 {
				return fmt.Errorf("%s is not in the substitute pool of league %s", addr, l.Name)
			}
			if err := e.judge.AnnounceLeagueSub(tx, l, l.Subs[i], false); err != nil {
				return err
			}
			l.Subs = slices.Delete(l.Subs, i, i+1)
			fmt.Fprintf(&b, "removed %s from the substitute pool of league %s (he is told)\n", addr, l.Name)
		default:
			return usagef("league subs NAME [list | add ADDRESS [LANG] | remove ADDRESS]")
		}
		b.WriteString(judge.LeagueSubsText(l, "pbem league subs "+l.Name+" add ADDRESS [LANG]"))
		return tx.PutLeague(l)
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: b.String()}, nil
}
