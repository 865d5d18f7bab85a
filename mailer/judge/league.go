package judge

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/league"
	"github.com/pbem/pbem/league/glicko2"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/textwrap"
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
// it holds (see RefreshLeagueResults), in lang: its words from cat, the
// figures as they are.
func LeagueStandingsText(l *store.League, cat *i18n.Catalog, lang string) (string, error) {
	return leagueStandingsText(l, cat, lang, 0)
}

// leagueSay renders a key of cat in lang, its text filled into lines of
// at most width columns (not wrapped when width is 0): the league's
// tables are laid out by tabwriter, their prose around them wrapped here,
// so that a mail need not rewrap the tables.
func leagueSay(cat *i18n.Catalog, lang string, width int) func(msg.M) string {
	return func(m msg.M) string {
		s := cat.Text(lang, m)
		if width > 0 && textwrap.Len(s) > width {
			s = textwrap.Paragraph(s, "", "", width)
		}
		return s
	}
}

func leagueStandingsText(l *store.League, cat *i18n.Catalog, lang string, width int) (string, error) {
	say := leagueSay(cat, lang, width)
	T := func(key string, kv ...any) string { return say(msg.New(key, kv...)) }
	tb := league.TieBreakFor(l.Format)
	st := league.Standings(l.Players, LeagueResults(l), league.DefaultPoints, tb)
	var b strings.Builder
	format := T("league.format_roundrobin")
	if l.Format == league.Swiss {
		format = T("league.format_swiss")
	}
	b.WriteString(T("league.heading", "League", l.Name, "Game", l.GameName, "Scenario", l.Scenario, "Format", format,
		"Players", len(l.Players), "Paired", len(l.Paired), "Rounds", LeagueRounds(l)) + "\n\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	tbName := T("league.tb_sb")
	if tb == league.Buchholz {
		tbName = T("league.tb_buchholz")
	}
	fmt.Fprintf(tw, "#\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", T("league.col_player"), T("league.col_played"), T("league.col_won"),
		T("league.col_drawn"), T("league.col_lost"), T("league.col_byes"), T("league.col_points"), tbName, T("league.col_to_play"))
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
		b.WriteString("\n" + say(msg.Plural("league.void_games", void)) + "\n")
	}
	if subs > 0 {
		b.WriteString(say(msg.Plural("league.sub_games", subs)) + "\n")
	}
	if l.ForfeitAfter > 0 {
		b.WriteString(T("league.forfeit_rule", "N", l.ForfeitAfter) + "\n")
	}
	return b.String(), nil
}

// LeagueVacationText is what each player of l has used of the league's
// vacation budget and has left, year by year (the years his ledger has
// days in), in lang, or "" when the league leaves each game its own
// budget.
func LeagueVacationText(tx *store.Tx, l *store.League, cat *i18n.Catalog, lang string) (string, error) {
	return leagueVacationText(tx, l, cat, lang, 0)
}

func leagueVacationText(tx *store.Tx, l *store.League, cat *i18n.Catalog, lang string, width int) (string, error) {
	say := leagueSay(cat, lang, width)
	T := func(key string, kv ...any) string { return say(msg.New(key, kv...)) }
	if l.VacationsOff {
		return T("league.vacations_off") + "\n", nil
	}
	if l.VacationDays <= 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString(T("league.vacations", "Days", l.VacationDays) + "\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, p := range l.Players {
		days, err := tx.LeagueVacationDays(l.Name, p)
		if err != nil {
			return "", err
		}
		var years []string
		for _, d := range days {
			if y := d[:4]; !slices.Contains(years, y) {
				years = append(years, y)
			}
		}
		if len(years) == 0 {
			fmt.Fprintf(tw, "  %s\t%s\n", p, T("league.vacation_none_used", "Left", l.VacationDays))
			continue
		}
		var parts []string
		for _, y := range years {
			n := store.VacationDaysIn(days, y)
			parts = append(parts, T("league.vacation_year", "Year", y, "Used", n, "Left", max(l.VacationDays-n, 0)))
		}
		fmt.Fprintf(tw, "  %s\t%s\n", p, strings.Join(parts, "; "))
	}
	if err := tw.Flush(); err != nil {
		return "", err
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
// leagues of title (adjudicator.Info.Name), from their finished games, in
// lang (its words from cat). The results of each league's games are
// refreshed from the store (not stored); cur, when not nil, stands for
// the stored league of its name (a league the caller has just changed in
// this transaction).
func LeagueRatingsText(tx *store.Tx, title string, cur *store.League, cat *i18n.Catalog, lang string) (string, error) {
	return leagueRatingsText(tx, title, cur, cat, lang, 0)
}

func leagueRatingsText(tx *store.Tx, title string, cur *store.League, cat *i18n.Catalog, lang string, width int) (string, error) {
	say := leagueSay(cat, lang, width)
	T := func(key string, kv ...any) string { return say(msg.New(key, kv...)) }
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
		return T("league.ratings_none", "Game", title, "Leagues", leagues) + "\n", nil
	}
	rs, periods := league.Ratings(games, glicko2.System{})
	var b strings.Builder
	b.WriteString(T("league.ratings_heading", "Game", title, "Players", len(rs), "Games", len(games), "Leagues", leagues, "Periods", periods) + "\n\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "#\t%s\t%s\t%s\t%s\t%s\t\n", T("league.col_player"), T("league.col_rating"), T("league.col_rd"), T("league.col_volatility"), T("league.col_games"))
	for i, r := range rs {
		fmt.Fprintf(tw, "%d\t%s\t%.0f\t%.0f\t%.5f\t%d\t\n", i+1, r.Player, r.R, r.RD, r.Vol, r.Games)
	}
	if err := tw.Flush(); err != nil {
		return "", err
	}
	b.WriteString("\n" + T("league.ratings_note") + "\n")
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
	cat := j.opt.Templates.Catalog
	tables := map[string]string{} // language → standings, vacations and ratings
	for _, to := range leagueAddresses(l) {
		lang := leagueLang(tx, g, l, to)
		T := func(key string, kv ...any) string { return cat.T(lang, key, kv...) }
		if _, ok := tables[lang]; !ok {
			t, err := leagueTables(tx, l, cat, lang)
			if err != nil {
				return err
			}
			tables[lang] = t
		}
		var what string
		switch {
		case lg.Void:
			what = T("league.score_void")
		case lg.ScoreA == 1:
			what = subWins(T, lg.A, lg.SubA)
		case lg.ScoreA == 0:
			what = subWins(T, lg.B, lg.SubB)
		default:
			what = T("league.score_drawn")
		}
		score := T("league.score", "A", lg.A, "B", lg.B, "What", what)
		intro := T("league.result", "League", l.Name, "Game", g.ID, "Result", j.resultIn(g, lang), "Score", score)
		for _, e := range []string{leagueSubEntrant(lg.A, lg.SubA), leagueSubEntrant(lg.B, lg.SubB)} {
			if e != "" {
				intro += "\n\n" + T("league.substituted", "Player", e)
			}
		}
		data := LeagueData{Lang: lang, Intro: intro, Tables: tables[lang], Footer: j.footerIn(g, lang)}
		if err := j.queueRendered(tx, g, to, T("league.subject", "League", l.Name, "Game", g.ID), "notice", "", "league", data); err != nil {
			return err
		}
	}
	return nil
}

// LeagueData is the data of the league template: Intro (the result) in
// the reader's language, wrapped by the template, and Tables (standings,
// vacation days, ratings) as leagueTables lays them out.
type LeagueData struct {
	Lang   string
	Intro  string
	Tables string
	Footer string
}

// leagueTables are the league's standings, its players' vacation days
// (when the league has a budget of its own) and the ratings of its title,
// in lang, their prose wrapped for a mail and their tables as they are.
func leagueTables(tx *store.Tx, l *store.League, cat *i18n.Catalog, lang string) (string, error) {
	standings, err := leagueStandingsText(l, cat, lang, textwrap.Width)
	if err != nil {
		return "", err
	}
	vacations, err := leagueVacationText(tx, l, cat, lang, textwrap.Width)
	if err != nil {
		return "", err
	}
	ratings, err := leagueRatingsText(tx, l.GameName, l, cat, lang, textwrap.Width)
	if err != nil {
		return "", err
	}
	if vacations != "" {
		standings += "\n" + vacations
	}
	return standings + "\n" + ratings, nil
}

// leagueLang is the language of the league mail to addr: that of his seat
// in g when he plays it (or is its GM; g may be nil), else the one given
// when the league was created, else the one his address chose last
// (store.Tx.AddressLang), English when none.
func leagueLang(tx *store.Tx, g *store.Game, l *store.League, addr string) string {
	if g != nil {
		for i := range g.Players {
			if strings.EqualFold(g.Players[i].Email, addr) && g.Players[i].Lang != "" {
				return g.Players[i].Lang
			}
		}
	}
	if l != nil {
		if lang := l.Langs[addr]; lang != "" {
			return lang
		}
	}
	return addressLang(tx, addr)
}

// subWins names the winner of a league game: the entrant, or his
// substitute (never by address) when one finished the game for him.
func subWins(T func(string, ...any) string, entrant, sub string) string {
	if sub != "" {
		return T("league.score_sub_wins", "Player", entrant)
	}
	return T("league.score_wins", "Player", entrant)
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
