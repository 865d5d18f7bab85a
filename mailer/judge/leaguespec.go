package judge

import (
	"errors"
	"fmt"
	"math"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/league"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// A league is asked for on the command line ("pbem league new") or by
// email (leaguemail.go); both describe it as a LeagueSpec and both check
// it with BuildLeague, and both pair its rounds with PairLeagueRound.

// LeagueSpec is a league asked for: the command line's flags, or the
// lines of a "league new" email.
type LeagueSpec struct {
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
	// Langs are the languages of the players' mail (address → en, es or
	// it), when given.
	Langs map[string]string `json:"langs,omitempty"`
}

// LeagueProblem is one thing wrong with a LeagueSpec. Field names the
// setting ("game", "players", "forfeit-after"...: the command line's flag
// and the email's keyword); Usage says the command line should show its
// usage with it.
type LeagueProblem struct {
	Field string
	Usage bool
	Msg   string
}

func (p LeagueProblem) Error() string { return p.Msg }

var leagueNameRe = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// ValidLeagueName says whether name (in lower case) may name a league.
func ValidLeagueName(name string) bool { return leagueNameRe.MatchString(name) }

// BuildLeague checks a and returns the league it describes, created at
// now, or every problem found (nothing is stored). flag is put before a
// setting's name in the problems: "--" on the command line, "" by email.
func BuildLeague(a LeagueSpec, flag string, now time.Time) (*store.League, []LeagueProblem) {
	var probs []LeagueProblem
	add := func(field string, usage bool, format string, args ...any) {
		probs = append(probs, LeagueProblem{Field: field, Usage: usage, Msg: fmt.Sprintf(format, args...)})
	}
	name := strings.ToLower(a.Name)
	if !ValidLeagueName(name) {
		add("name", false, "league name %q: use up to 40 letters, digits and '-' (it starts the ID of every game of the league)", a.Name)
	}
	var sides []string
	var gameName, scenario string
	if a.Game == "" {
		add("game", true, "%sgame is required (one of: %s)", flag, strings.Join(adjudicator.Games(), ", "))
	} else if g, err := adjudicator.Lookup(a.Game); err != nil {
		add("game", false, "%s", err)
	} else if info, err := adjudicator.InfoOf(g, a.Options); err != nil {
		add("option", false, "%s", err)
	} else if sc, err := info.ScenarioByID(a.Scenario); err != nil {
		add("scenario", false, "%s", err)
	} else {
		gameName, scenario = info.Name, sc.ID
		roles := info.RolesFor(sc)
		if len(roles) != 2 {
			add("game", false, "%s (%s) has %d sides: leagues pair two-sided games only", info.Name, sc.ID, len(roles))
		}
		for _, r := range roles {
			sides = append(sides, string(r))
		}
		known := map[string]adjudicator.OptionSpec{}
		for _, o := range info.Options {
			known[o.Name] = o
		}
		keys := make([]string, 0, len(a.Options))
		for k := range a.Options {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			v := a.Options[k]
			o, ok := known[k]
			if !ok {
				add("option", false, "%s has no option %q", info.Name, k)
			} else if len(o.Values) > 0 && !slices.Contains(o.Values, v) {
				add("option", false, "option %s: %q is not one of %s", k, v, strings.Join(o.Values, ", "))
			}
		}
	}
	format := strings.ReplaceAll(strings.ToLower(a.Format), "-", "")
	if format != league.RoundRobin && format != league.Swiss {
		add("format", true, "%sformat %q: want roundrobin or swiss", flag, a.Format)
	}
	var players []string
	langs := map[string]string{}
	for _, p := range a.Players {
		addr, err := mail.ParseAddress(p)
		if err != nil {
			add("players", false, "player %q is not an email address: %s", p, err)
			continue
		}
		bare := strings.ToLower(strings.TrimSpace(addr.Address))
		if slices.Contains(players, bare) {
			add("players", false, "player %s is listed twice", bare)
			continue
		}
		players = append(players, bare)
		if lang := a.Langs[p]; lang != "" {
			if lang, err = i18n.ParseLanguage(lang); err != nil {
				add("players", false, "player %s: %s", bare, err)
				continue
			}
			langs[bare] = lang
		}
	}
	if len(a.Players) < 2 {
		add("players", true, "%splayers: a league needs at least two players", flag)
	}
	gm := ""
	if strings.TrimSpace(a.GM) == "" {
		add("gm", true, "%sgm: the league's games need a GM address", flag)
	} else if gmAddr, err := mail.ParseAddress(a.GM); err != nil {
		add("gm", false, "%sgm %q is not an email address: %s", flag, a.GM, err)
	} else {
		gm = strings.ToLower(strings.TrimSpace(gmAddr.Address))
		if slices.Contains(players, gm) {
			add("gm", false, "%sgm %s is a player of the league: the GM cannot take a seat of its games", flag, gm)
		}
	}
	if a.DeadlineHours < 0 || a.DeadlineHours > 30*24 {
		add("deadline-hours", false, "%sdeadline-hours %d: 1 to %d hours (0: the server's)", flag, a.DeadlineHours, 30*24)
	}
	if a.ForfeitAfter < 0 || a.ForfeitAfter > 20 {
		add("forfeit-after", true, "%sforfeit-after %d: the number of missed deadlines in a row is 1 to 20 (0: no forfeit)", flag, a.ForfeitAfter)
	}
	if a.VacationDays < 0 || a.VacationDays > 366 {
		add("vacation-days", true, "%svacation-days %d: a yearly budget is 1 to 366 days (0: each game's own)", flag, a.VacationDays)
	}
	if a.AutoSub < 0 || a.AutoSub > 20 {
		add("auto-substitute", true, "%sauto-substitute %d: the number of missed deadlines in a row is 1 to 20 (0: only the GM replaces)", flag, a.AutoSub)
	}
	if a.AutoSub > 0 && a.ForfeitAfter > 0 && a.AutoSub >= a.ForfeitAfter {
		add("auto-substitute", true, "%sauto-substitute %d: it must come before the forfeit (%sforfeit-after %d), or the game is lost first", flag, a.AutoSub, flag, a.ForfeitAfter)
	}
	if a.VacationsOff && a.VacationDays > 0 {
		add("no-vacations", true, "%sno-vacations and %svacation-days: choose one", flag, flag)
	}
	l := &store.League{Name: name, GameName: gameName, Scenario: scenario, Options: a.Options, Format: format, Sides: sides,
		Players: players, GM: gm, DeadlineHours: a.DeadlineHours, ForfeitAfter: a.ForfeitAfter,
		VacationDays: a.VacationDays, VacationsOff: a.VacationsOff, AutoSubstitute: a.AutoSub, Created: now.UTC()}
	if len(langs) > 0 {
		l.Langs = langs
	}
	switch format {
	case league.Swiss:
		l.Rounds = a.Rounds
		if l.Rounds == 0 {
			l.Rounds = max(1, min(len(players)-1, int(math.Ceil(math.Log2(float64(max(len(players), 1)))))))
		}
		if l.Rounds < 1 {
			add("rounds", true, "%srounds %d: a Swiss league plays at least one round", flag, a.Rounds)
		}
		if a.Cycles > 1 {
			add("cycles", true, "%scycles is for round robin leagues", flag)
		}
	case league.RoundRobin:
		l.Cycles = max(a.Cycles, 1)
		if a.Rounds != 0 {
			add("rounds", true, "%srounds is for Swiss leagues: a round robin plays %d rounds a cycle", flag, league.RoundRobinRounds(len(players)))
		}
		if len(a.Forbidden) > 0 {
			add("forbid", true, "%sforbid is for Swiss leagues: in a round robin everybody meets", flag)
		}
	}
	for _, f := range a.Forbidden {
		x, y := bareLower(f[0]), bareLower(f[1])
		if !slices.Contains(players, x) || !slices.Contains(players, y) || x == y {
			add("forbid", false, "%sforbid %s:%s: name two different players of the league", flag, f[0], f[1])
			continue
		}
		l.Forbidden = append(l.Forbidden, [2]string{x, y})
	}
	if len(probs) > 0 {
		return nil, probs
	}
	return l, nil
}

// bareLower is the address in s in lower case, or s itself (trimmed, in
// lower case) when it does not parse.
func bareLower(s string) string {
	if a, err := mail.ParseAddress(s); err == nil {
		return strings.ToLower(strings.TrimSpace(a.Address))
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// PutNewLeague stores a league built by BuildLeague, unless one of its
// name exists.
func PutNewLeague(tx *store.Tx, l *store.League) error {
	if _, err := tx.League(l.Name); err == nil {
		return fmt.Errorf("a league %q already exists", l.Name)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return tx.PutLeague(l)
}

// PairLeagueRound pairs the next round of l (its results refreshed from
// the store first) and adds it to l, at now; the caller stores l and then
// creates the round's games (LeagueGameSpec). When the last round still
// has games to create (an interrupted pairing) nothing is paired and
// resumed is true: the caller creates them.
func PairLeagueRound(tx *store.Tx, l *store.League, now time.Time) (resumed bool, err error) {
	if _, err := RefreshLeagueResults(tx, l); err != nil {
		return false, err
	}
	if n := len(l.Paired); n > 0 && len(MissingLeagueGames(l)) > 0 {
		return true, nil
	}
	next := len(l.Paired) + 1
	if next > LeagueRounds(l) {
		return false, fmt.Errorf("league %s is complete: all %d rounds are paired (see pbem league standings %s)", l.Name, LeagueRounds(l), l.Name)
	}
	round := store.LeagueRound{No: next, At: now.UTC()}
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
			return false, fmt.Errorf("league %s: a Swiss round is paired from the results of the last one, and %s %s not finished yet",
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
			Scores: league.Scores(l.Players, LeagueResults(l), league.DefaultPoints), Forbidden: l.Forbidden})
		if err != nil {
			return false, err
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
			return false, err
		}
	}
	n := 0
	for _, p := range pairs {
		lg := store.LeagueGame{A: p.A, B: p.B}
		if !p.Bye() {
			n++
			lg.ID = fmt.Sprintf("%s-r%d-%d", l.Name, next, n)
			if tx.HasGame(lg.ID) {
				return false, fmt.Errorf("league %s: a game %s already exists; the league's games are named NAME-rROUND-N", l.Name, lg.ID)
			}
		}
		round.Games = append(round.Games, lg)
	}
	l.Paired = append(l.Paired, round)
	return false, nil
}

// MissingLeagueGames lists the games of the last round not yet created.
func MissingLeagueGames(l *store.League) []string {
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

// LeagueGameSpec is the game to create for the pairing lg of l: the
// league's title, scenario, options, GM, deadlines and vacation rule,
// with A on the first side and B on the second, each in the language
// the league knows for him.
func LeagueGameSpec(l *store.League, lg *store.LeagueGame) NewGameSpec {
	spec := NewGameSpec{ID: lg.ID, Game: l.GameName, Scenario: l.Scenario, GM: l.GM, DeadlineHours: l.DeadlineHours,
		Options: adjudicator.Options{}, Players: []PlayerSpec{
			{Role: adjudicator.Role(l.Sides[0]), Email: lg.A, Lang: l.Langs[lg.A]},
			{Role: adjudicator.Role(l.Sides[1]), Email: lg.B, Lang: l.Langs[lg.B]}},
		Policy: store.Policy{VacationsOff: l.VacationsOff}}
	for k, v := range l.Options {
		spec.Options[k] = v
	}
	return spec
}
