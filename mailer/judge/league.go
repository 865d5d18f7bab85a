package judge

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/league"
	"github.com/pbem/pbem/league/glicko2"
	"github.com/pbem/pbem/store"
)

// League games by email. When a game of a league ends (by its rules, a
// resignation, a forfeit on time or an abandon) its result goes into the
// league's record in the same transaction, and every player of the
// league and its GM get the standings and the ratings of the title, one
// mail each. The game's league is found through the store's game →
// league index (store.Tx.GameLeague).
//
// The league's forfeit rule (store.League.ForfeitAfter, "pbem league new
// --forfeit-after N"): a side that misses N deadlines of a league game in
// a row loses it by forfeit at the N-th missed deadline, whatever the
// game's own missed-deadline policy, which applies to the misses before
// (a "missed forfeit M" with M < N puts the seat in civil disorder
// first; civil disorder does not stop the count). When both sides reach
// N at the same deadline the game is abandoned and counts for nobody.
//
// A league's vacation budget (store.League.VacationDays) replaces its
// games' own: see leagueBudget in clock.go. Its substitute pool
// (store.League.Subs) serves the GM's "replace ROLE pool" (takeSub); a
// game finished by a substitute is a loss for the entrant replaced,
// counts for the opponent as played, and is not rated.

// LeagueFormatName names a league's format for people.
func LeagueFormatName(f string) string {
	if f == league.Swiss {
		return "Swiss"
	}
	return "round robin"
}

// LeagueRounds is the number of rounds the league plays.
func LeagueRounds(l *store.League) int {
	if l.Format == league.Swiss {
		return l.Rounds
	}
	return league.RoundRobinRounds(len(l.Players)) * max(l.Cycles, 1)
}

// SetLeagueResult records the finished game g's result in lg: a win for
// the side whose role is the only winner, a draw when both or neither
// are; an abandoned game (pbem end, the GM's abandon, a double forfeit)
// is void.
func SetLeagueResult(l *store.League, lg *store.LeagueGame, g *store.Game) {
	lg.Created = true
	lg.Finished = g.Updated
	if strings.HasPrefix(g.Status.Result, "abandoned") {
		lg.Void = true
		return
	}
	lg.Done = true
	lg.SubA, lg.SubB = seatSub(g, l.Sides[0], lg.A), seatSub(g, l.Sides[1], lg.B)
	winA := slices.Contains(g.Status.Winner, l.Sides[0])
	winB := slices.Contains(g.Status.Winner, l.Sides[1])
	switch {
	case winA && !winB:
		lg.ScoreA = 1
	case winB && !winA:
		lg.ScoreA = 0
	default:
		lg.ScoreA = 0.5
	}
}

// seatSub is the address of the substitute who holds g's seat role at the
// end, "" when the entrant does.
func seatSub(g *store.Game, role, entrant string) string {
	p := g.Player(role)
	if p == nil || strings.EqualFold(p.Email, entrant) {
		return ""
	}
	return p.Email
}

// RefreshLeagueResults copies into l the results of its games that
// finished and are not in it yet, reading them from the store. It
// reports whether anything changed; the caller stores l.
func RefreshLeagueResults(tx *store.Tx, l *store.League) (bool, error) {
	changed := false
	for i := range l.Paired {
		for k := range l.Paired[i].Games {
			lg := &l.Paired[i].Games[k]
			if lg.ID == "" || lg.Done || lg.Void {
				continue
			}
			if !lg.Created && tx.HasGame(lg.ID) {
				lg.Created, changed = true, true
			}
			if !lg.Created || !tx.HasGame(lg.ID) {
				continue
			}
			s, err := tx.Summary(lg.ID)
			if err != nil {
				return false, err
			}
			if !s.Finished {
				continue
			}
			g, err := tx.Game(lg.ID)
			if err != nil {
				return false, err
			}
			SetLeagueResult(l, lg, g)
			changed = true
		}
	}
	return changed, nil
}

// LeagueResults converts the league's games for package league.
func LeagueResults(l *store.League) []league.Result {
	var out []league.Result
	for _, r := range l.Paired {
		for _, g := range r.Games {
			if g.Void {
				continue
			}
			out = append(out, league.Result{Round: r.No, A: g.A, B: g.B, Finished: g.Done, ScoreA: g.ScoreA, SubA: g.SubA != "", SubB: g.SubB != ""})
		}
	}
	return out
}

// LeagueStandingsText is the league's standings table from the results
// it holds (see RefreshLeagueResults).
func LeagueStandingsText(l *store.League) (string, error) {
	tb := league.TieBreakFor(l.Format)
	st := league.Standings(l.Players, LeagueResults(l), league.DefaultPoints, tb)
	var b strings.Builder
	fmt.Fprintf(&b, "League %s: %s (%s), %s, %d players, %d of %d rounds paired\n\n",
		l.Name, l.GameName, l.Scenario, LeagueFormatName(l.Format), len(l.Players), len(l.Paired), LeagueRounds(l))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	tbName := "S-B"
	if tb == league.Buchholz {
		tbName = "Buchholz"
	}
	fmt.Fprintf(tw, "#\tplayer\tplayed\twon\tdrawn\tlost\tbyes\tpoints\t%s\tto play\t\n", tbName)
	for _, s := range st {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%d\t\n", s.Rank, s.Player, s.Played, s.Won, s.Drawn, s.Lost, s.Byes, leagueNum(s.Points), leagueNum(s.TieBrk), s.Pending)
	}
	if err := tw.Flush(); err != nil {
		return "", err
	}
	void, subs := 0, 0
	for _, r := range l.Paired {
		for _, g := range r.Games {
			if g.Void {
				void++
			}
			if g.Done && (g.SubA != "" || g.SubB != "") {
				subs++
			}
		}
	}
	if void > 0 {
		fmt.Fprintf(&b, "\n%d abandoned game(s) count for nobody.\n", void)
	}
	if subs > 0 {
		fmt.Fprintf(&b, "%d game(s) finished by a substitute: a loss for the player replaced, as played for the opponent, not rated.\n", subs)
	}
	if l.ForfeitAfter > 0 {
		fmt.Fprintf(&b, "A side that misses %d deadlines in a row loses by forfeit.\n", l.ForfeitAfter)
	}
	return b.String(), nil
}

// leagueNum prints a score: whole numbers bare, halves and other
// fractions to two places.
func leagueNum(x float64) string {
	if x == math.Trunc(x) {
		return fmt.Sprintf("%.0f", x)
	}
	return strings.TrimRight(fmt.Sprintf("%.2f", x), "0")
}

// LeagueRatingsText is the Glicko-2 ratings table of every player of the
// leagues of title (adjudicator.Info.Name), from their finished games.
// The results of each league's games are refreshed from the store (not
// stored); cur, when not nil, stands for the stored league of its name
// (a league the caller has just changed in this transaction).
func LeagueRatingsText(tx *store.Tx, title string, cur *store.League) (string, error) {
	var games []league.Rated
	all, err := tx.Leagues()
	if err != nil {
		return "", err
	}
	leagues := 0
	for _, l := range all {
		if cur != nil && l.Name == cur.Name {
			l = cur
		}
		if l.GameName != title {
			continue
		}
		leagues++
		if _, err := RefreshLeagueResults(tx, l); err != nil {
			return "", err
		}
		for _, r := range l.Paired {
			for _, g := range r.Games {
				if g.Done && g.SubA == "" && g.SubB == "" {
					games = append(games, league.Rated{A: g.A, B: g.B, ScoreA: g.ScoreA, At: g.Finished})
				}
			}
		}
	}
	if len(games) == 0 {
		return fmt.Sprintf("no finished league game of %s yet (%d leagues)\n", title, leagues), nil
	}
	rs, periods := league.Ratings(games, glicko2.System{})
	var b strings.Builder
	fmt.Fprintf(&b, "Glicko-2 ratings for %s: %d players, %d games in %d leagues, %d rating periods (calendar months, UTC)\n\n",
		title, len(rs), len(games), leagues, periods)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "#\tplayer\trating\tRD\tvolatility\tgames\t\n")
	for i, r := range rs {
		fmt.Fprintf(tw, "%d\t%s\t%.0f\t%.0f\t%.5f\t%d\t\n", i+1, r.Player, r.R, r.RD, r.Vol, r.Games)
	}
	if err := tw.Flush(); err != nil {
		return "", err
	}
	b.WriteString("\nA rating is 95% sure to lie within two RDs of the figure shown.\n")
	return b.String(), nil
}

// leagueResult records the result of g, which has just ended, in its
// league (if it belongs to one) and mails the standings and ratings to
// every player of the league and its GM, one mail each.
func (j *Judge) leagueResult(tx *store.Tx, g *store.Game) error {
	l, err := tx.GameLeague(g.ID)
	if err != nil || l == nil {
		return err
	}
	lg := l.Game(g.ID)
	if lg.Done || lg.Void {
		return nil
	}
	SetLeagueResult(l, lg, g)
	if err := tx.PutLeague(l); err != nil {
		return err
	}
	standings, err := LeagueStandingsText(l)
	if err != nil {
		return err
	}
	ratings, err := LeagueRatingsText(tx, l.GameName, l)
	if err != nil {
		return err
	}
	what := fmt.Sprintf("%s v %s: ", lg.A, lg.B)
	switch {
	case lg.Void:
		what += "abandoned, it counts for nobody"
	case lg.ScoreA == 1:
		what += subWins(lg.A, lg.SubA)
	case lg.ScoreA == 0:
		what += subWins(lg.B, lg.SubB)
	default:
		what += "drawn"
	}
	for _, to := range leagueAddresses(l) {
		lang := langOf(g, to)
		T := j.opt.Templates.T
		text := T(lang, "league.result", "League", l.Name, "Game", g.ID, "Result", j.resultIn(g, lang), "Score", what)
		for _, e := range []string{leagueSubEntrant(lg.A, lg.SubA), leagueSubEntrant(lg.B, lg.SubB)} {
			if e != "" {
				text += "\n\n" + T(lang, "league.substituted", "Player", e)
			}
		}
		text += "\n\n" + standings + "\n" + ratings
		if err := j.queueNotice(tx, g, to, T(lang, "league.subject", "League", l.Name, "Game", g.ID), "", text); err != nil {
			return err
		}
	}
	return nil
}

// subWins names the winner of a league game: the entrant, or his
// substitute (never by address) when one finished the game for him.
func subWins(entrant, sub string) string {
	if sub != "" {
		return "the substitute for " + entrant + " wins"
	}
	return entrant + " wins"
}

// leagueSubEntrant is the entrant when a substitute finished the game
// for him, else "".
func leagueSubEntrant(entrant, sub string) string {
	if sub == "" {
		return ""
	}
	return entrant
}

// takeSub takes from the substitute pool of g's league the member who
// gets seat p: the first who holds no seat of g and does not play, in
// g's round, against the side's opponent; else the first who holds no
// seat of g. The league is stored without him. It returns nil and the
// message to the GM when there is none.
func takeSub(tx *store.Tx, g *store.Game, p *store.Player) (*store.LeagueSub, string, []any, error) {
	l, err := tx.GameLeague(g.ID)
	if err != nil {
		return nil, "", nil, err
	}
	if l == nil {
		return nil, "gm.pool_no_league", []any{"Game", g.ID}, nil
	}
	seated := []string{strings.ToLower(g.GM)}
	var opponents []string
	for _, q := range g.Players {
		for _, a := range append([]string{q.Email}, q.Aliases...) {
			seated = append(seated, strings.ToLower(a))
			if q.Role != p.Role && q.Role != string(adjudicator.GM) {
				opponents = append(opponents, strings.ToLower(a))
			}
		}
	}
	var round *store.LeagueRound
	for i := range l.Paired {
		for _, lg := range l.Paired[i].Games {
			if lg.ID == g.ID {
				round = &l.Paired[i]
			}
		}
	}
	meets := func(addr string) bool {
		if round == nil {
			return false
		}
		for _, lg := range round.Games {
			a, b := strings.ToLower(lg.A), strings.ToLower(lg.B)
			if a == addr && slices.Contains(opponents, b) || b == addr && slices.Contains(opponents, a) {
				return true
			}
		}
		return false
	}
	pick := -1
	for i, s := range l.Subs {
		addr := strings.ToLower(s.Addr)
		if slices.Contains(seated, addr) {
			continue
		}
		if !meets(addr) {
			pick = i
			break
		}
		if pick < 0 {
			pick = i
		}
	}
	if pick < 0 {
		return nil, "gm.pool_empty", []any{"League", l.Name, "N", len(l.Subs)}, nil
	}
	sub := l.Subs[pick]
	l.Subs = slices.Delete(l.Subs, pick, pick+1)
	return &sub, "", nil, tx.PutLeague(l)
}

// leagueAutoSubstitute hands every seat of g that has missed the league's
// AutoSubstitute deadlines in a row to the league's substitute pool, as
// the GM's "replace ROLE pool" does once the missed deadline's rule has
// been applied. The GM is told what was done, or that the pool had
// nobody (then it is tried again at the seat's next missed deadline).
func (j *Judge) leagueAutoSubstitute(tx *store.Tx, g *store.Game, now time.Time) error {
	if g.Status.Finished {
		return nil
	}
	l, err := tx.GameLeague(g.ID)
	if err != nil || l == nil || l.AutoSubstitute <= 0 {
		return err
	}
	for i := range g.Players {
		p := &g.Players[i]
		if p.Role == string(adjudicator.GM) || p.MissedInRow < l.AutoSubstitute {
			continue
		}
		_, st, err := loadState(g)
		if err != nil {
			return err
		}
		role, missed := roleTitle(adjudicator.Role(p.Role)), p.MissedInRow
		var b, bad strings.Builder
		if _, err := j.gmSeatCommand(tx, g, st, []string{"replace", p.Role, "pool"}, 1, &b, &bad, now); err != nil {
			return err
		}
		key, done := "gm.auto_substituted", b.String()
		if bad.Len() > 0 {
			key, done = "gm.auto_substitute_none", bad.String()
		}
		text := j.gmT(g, key, "Role", role, "N", missed, "League", l.Name, "Seat", p.Role, "Done", strings.TrimSpace(done))
		if err := j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.auto_substitute_subject", "Role", role), "", text); err != nil {
			return err
		}
	}
	return tx.PutGame(g)
}

// leagueAddresses are the league's players and its GM, each once.
func leagueAddresses(l *store.League) []string {
	var out []string
	for _, a := range append(slices.Clone(l.Players), l.GM) {
		a = strings.ToLower(strings.TrimSpace(a))
		if a != "" && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// leagueForfeit applies the league's forfeit rule at a missed deadline
// of g, once the late seats' misses are counted: it reports whether the
// game ended (by forfeit, or abandoned when every side reached the
// limit).
func (j *Judge) leagueForfeit(tx *store.Tx, g *store.Game, late []adjudicator.Role, now time.Time) (bool, error) {
	l, err := tx.GameLeague(g.ID)
	if err != nil || l == nil || l.ForfeitAfter <= 0 {
		return false, err
	}
	var out []adjudicator.Role
	for _, r := range late {
		if p := g.Player(string(r)); p != nil && p.MissedInRow >= l.ForfeitAfter {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return false, nil
	}
	var others []string
	for _, p := range g.Players {
		if p.Role != string(adjudicator.GM) && !slices.Contains(out, adjudicator.Role(p.Role)) && !slices.Contains(others, p.Role) {
			others = append(others, p.Role)
		}
	}
	names := make([]string, len(out))
	for i, r := range out {
		names[i] = roleTitle(r)
	}
	var lineRoles []string
	for _, r := range out {
		lineRoles = append(lineRoles, string(r))
	}
	e := gameEnd{role: adjudicator.GM, line: "forfeit " + strings.Join(lineRoles, " ")}
	if len(others) == 0 {
		e.result = fmt.Sprintf("abandoned: every side missed %d deadlines in a row (league %s's forfeit rule)", l.ForfeitAfter, l.Name)
		e.key, e.kv = "end.forfeit_all", []any{"N", l.ForfeitAfter, "League", l.Name}
	} else {
		e.winners = others
		var won []string
		for _, o := range others {
			won = append(won, roleTitle(adjudicator.Role(o)))
		}
		e.result = fmt.Sprintf("%s forfeited after %d missed deadlines in a row; %s wins", strings.Join(names, ", "), l.ForfeitAfter, strings.Join(won, ", "))
		e.key, e.kv = "end.forfeit", []any{"Roles", strings.Join(names, ", "), "N", l.ForfeitAfter, "Winners", strings.Join(won, ", ")}
	}
	return true, j.endGame(tx, g, e, now)
}
