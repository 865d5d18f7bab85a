package judge

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

// newLeagueFixture is a league of three players whose first round pairs
// alice (north) with bob (south) in the fixture's game, carol having the
// bye, as "pbem league pair" stores it.
func newLeagueFixture(t *testing.T, forfeitAfter int, opts ...adjudicator.Options) *fixture {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	f := &fixture{t: t, db: db, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	f.j = New(db, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return f.now }})
	l := &store.League{Name: "club", GameName: "duel-test", Scenario: "standard", Sides: []string{"north", "south"}, Format: "roundrobin", Cycles: 1,
		Players: []string{"alice@example.org", "bob@example.org", "carol@example.org"}, GM: "gm@example.org", ForfeitAfter: forfeitAfter, Created: f.now,
		Paired: []store.LeagueRound{{No: 1, At: f.now, Games: []store.LeagueGame{{ID: "club-r1-1", A: "alice@example.org", B: "bob@example.org"}, {A: "carol@example.org"}}}}}
	require.NoError(t, db.Update(func(tx *store.Tx) error { return tx.PutLeague(l) }))
	var o adjudicator.Options
	if len(opts) > 0 {
		o = opts[0]
	}
	c, err := f.j.NewGame(NewGameSpec{ID: "club-r1-1", Game: "duel-test", Players: []PlayerSpec{
		{Role: "north", Email: "alice@example.org"}, {Role: "south", Email: "bob@example.org"}}, GM: "gm@example.org", DeadlineHours: 24, Options: o})
	require.NoError(t, err)
	f.game, f.secrets = c.Game.ID, c.Secrets
	return f
}

func (f *fixture) league() *store.League {
	f.t.Helper()
	var l *store.League
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		var err error
		l, err = tx.League("club")
		return err
	}))
	return l
}

// leagueMails are the league's result mails queued to addr.
func (f *fixture) leagueMails(addr string) []*store.OutMail {
	var out []*store.OutMail
	for _, m := range f.outbox() {
		if m.To[0] == addr && strings.HasPrefix(m.Subject, "[club] Result of "+f.game) {
			out = append(out, m)
		}
	}
	return out
}

// When a league game ends, its result goes into the league in the same
// transaction, and every player of the league and its GM get the
// standings and the ratings, one mail each.
func TestLeagueResultMailedWhenAGameEnds(t *testing.T) {
	f := newLeagueFixture(t, 0)
	f.playToTheEnd()
	g := f.game_()
	require.Equal(t, []string{"north"}, g.Status.Winner)
	lg := f.league().Game(f.game)
	require.True(t, lg.Done)
	require.Equal(t, 1.0, lg.ScoreA, "alice plays north and won")
	require.Equal(t, g.Updated, lg.Finished)
	for _, addr := range []string{"alice@example.org", "bob@example.org", "carol@example.org", "gm@example.org"} {
		got := f.leagueMails(addr)
		require.Len(t, got, 1, addr)
		text := flat(got[0].Text)
		require.Contains(t, text, "alice@example.org v bob@example.org: alice@example.org wins")
		require.Contains(t, text, "League club: duel-test (standard), round robin, 3 players, 1 of 3 rounds paired")
		require.Contains(t, text, "1 alice@example.org 1 1 0 0 0 1")
		require.Contains(t, text, "Glicko-2 ratings for duel-test: 2 players, 1 games in 1 leagues")
	}
	// Once: a later tick or command sends nothing more about it.
	n := len(f.outbox())
	f.now = f.now.Add(48 * time.Hour)
	f.tick()
	require.Len(t, f.outbox(), n)
}

// An abandoned league game counts for nobody; the players are told.
func TestLeagueAbandonedGameIsVoid(t *testing.T) {
	f := newLeagueFixture(t, 0)
	o := f.gm("abandon")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	lg := f.league().Game(f.game)
	require.True(t, lg.Void)
	require.False(t, lg.Done)
	text := flat(f.leagueMails("carol@example.org")[0].Text)
	require.Contains(t, text, "abandoned, it counts for nobody")
	require.Contains(t, text, "1 abandoned game counts for nobody")
	require.Contains(t, text, "no finished league game of duel-test yet")
}

// The league's forfeit rule: a side that misses its limit of deadlines
// in a row loses the game at that deadline, and the loss counts.
func TestLeagueForfeitOnTimeout(t *testing.T) {
	f := newLeagueFixture(t, 2)
	// Bob picks every round; alice misses two deadlines in a row.
	for miss := 1; miss <= 2; miss++ {
		o := f.player("bob@example.org", "south", "pick 1")
		require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
		f.now = f.game_().Deadline.Add(time.Minute)
		f.tick()
		require.Equal(t, miss, f.game_().Player("north").MissedInRow)
	}
	g := f.game_()
	require.True(t, g.Status.Finished)
	require.Equal(t, []string{"south"}, g.Status.Winner)
	require.Equal(t, "North forfeited after 2 missed deadlines in a row; South wins", g.Status.Result)
	require.Contains(t, f.notes(), "gm: forfeit north")
	require.True(t, g.Deadline.IsZero())
	lg := f.league().Game(f.game)
	require.True(t, lg.Done)
	require.Equal(t, 0.0, lg.ScoreA, "a loss for alice")
	require.Contains(t, flat(f.leagueMails("alice@example.org")[0].Text), "bob@example.org wins")
	var over *store.OutMail
	for _, m := range f.outbox() {
		if m.To[0] == "alice@example.org" && strings.Contains(m.Subject, "Game over: North forfeited") {
			over = m
		}
	}
	require.NotNil(t, over)
	require.Contains(t, over.Text, "Luck report for game club-r1-1")
	f.checkFinishedRecord()
}

// Both sides at the limit at the same deadline: the game is abandoned
// and counts for nobody.
func TestLeagueDoubleForfeitIsVoid(t *testing.T) {
	f := newLeagueFixture(t, 1)
	f.now = f.game_().Deadline.Add(time.Minute)
	f.tick()
	g := f.game_()
	require.True(t, g.Status.Finished)
	require.Empty(t, g.Status.Winner)
	require.True(t, strings.HasPrefix(g.Status.Result, "abandoned: every side missed 1 deadlines in a row"), g.Status.Result)
	require.True(t, f.league().Game(f.game).Void)
}

// Without a league (or without its forfeit rule) a missed deadline runs
// the game's own policy: here civil disorder, the game going on.
func TestForfeitRuleOnlyInLeagues(t *testing.T) {
	f := newLeagueFixture(t, 0)
	_, text := f.gmSay("missed forfeit 1")
	require.Contains(t, text, "civil disorder")
	f.player("bob@example.org", "south", "pick 1")
	f.now = f.game_().Deadline.Add(time.Minute)
	f.tick()
	g := f.game_()
	require.False(t, g.Status.Finished)
	require.True(t, g.Player(string(adjudicator.Role("north"))).Disorder)
	require.Empty(t, f.leagueMails("carol@example.org"))
}

// A league with a vacation budget of its own charges a player's absences
// in all its games to one ledger, each day once: a day that moves
// deadlines in two games of the league costs one day of the budget.
func TestLeagueVacationBudgetSharedByTheGames(t *testing.T) {
	f := newLeagueFixture(t, 0)
	require.NoError(t, f.db.Update(func(tx *store.Tx) error {
		l, err := tx.League("club")
		require.NoError(t, err)
		l.VacationDays = 5
		l.Paired = append(l.Paired, store.LeagueRound{No: 2, At: f.now, Games: []store.LeagueGame{{ID: "club-r2-1", A: "alice@example.org", B: "carol@example.org"}, {A: "bob@example.org"}}})
		return tx.PutLeague(l)
	}))
	c, err := f.j.NewGame(NewGameSpec{ID: "club-r2-1", Game: "duel-test", Players: []PlayerSpec{
		{Role: "north", Email: "alice@example.org"}, {Role: "south", Email: "carol@example.org"}}, GM: "gm@example.org", DeadlineHours: 24})
	require.NoError(t, err)
	second := c.Secrets[adjudicator.Role("north")]
	first := f.secrets[adjudicator.Role("north")]
	absent := func(game, secret, line string) string {
		t.Helper()
		o := f.handle(f.mail("alice@example.org", "["+game+"]", "secret: "+secret+"\n"+line))
		require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
		return flat(f.lastTo("alice@example.org").Text)
	}
	deadline := func(id string) time.Time {
		var d time.Time
		require.NoError(t, f.db.View(func(tx *store.Tx) error {
			g, err := tx.Game(id)
			d = g.Deadline
			return err
		}))
		return d
	}
	ledger := func() []string {
		var days []string
		require.NoError(t, f.db.View(func(tx *store.Tx) (err error) {
			days, err = tx.LeagueVacationDays("club", "alice@example.org")
			return err
		}))
		return days
	}
	require.Equal(t, time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), deadline("club-r2-1"))

	// Three days in the first game: the 22nd to the 24th.
	text := absent(f.game, first, "absent 2026-11-22 to 2026-11-24")
	require.Contains(t, text, "2 vacation days left in 2026 in league club")
	require.Equal(t, time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC), deadline(f.game))
	require.Equal(t, []string{"2026-11-22", "2026-11-23", "2026-11-24"}, ledger())

	// The same days in the second game cost nothing more.
	text = absent("club-r2-1", second, "absent 2026-11-22 to 2026-11-24")
	require.Contains(t, text, "2 vacation days left in 2026 in league club")
	require.Equal(t, time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC), deadline("club-r2-1"))
	require.Len(t, ledger(), 3)

	// A longer absence in the second game spends the 2 days left: the
	// deadline moves 2 days, not to the absence's end.
	text = absent("club-r2-1", second, "absent 2026-11-25 to 2026-11-30")
	require.Contains(t, text, "0 vacation days left in 2026 in league club")
	require.Equal(t, time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), deadline("club-r2-1"))
	require.Len(t, ledger(), 5)

	// Days charged by the second game move the first game's deadline for
	// free; the budget, spent, moves nothing more.
	absent(f.game, first, "absent 2026-11-25 to 2026-11-28")
	require.Equal(t, time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), deadline(f.game))
	require.Equal(t, []string{"2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"}, ledger())

	var status strings.Builder
	require.NoError(t, f.db.View(func(tx *store.Tx) error { return WriteGameStatus(&status, tx, f.game, f.now) }))
	require.Contains(t, status.String(), "vacations 5 days a year in league club")
	require.Contains(t, status.String(), "vacation 5/5 days in 2026 (league club, 0 left)")

	// A new deadline that falls in the spent absence stays where it is.
	f.now = time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
	f.seat("north", "pick 1")
	f.seat("south", "pick 1")
	require.Equal(t, time.Date(2026, 11, 28, 6, 0, 0, 0, time.UTC), deadline(f.game))
	require.Len(t, ledger(), 5)
}

// "replace ROLE pool" hands the seat to the first member of the league's
// substitute pool who may take it, and the game he finishes counts as a
// loss for the entrant he replaced, as played for the opponent, unrated.
func TestLeagueReplaceFromThePool(t *testing.T) {
	f := newLeagueFixture(t, 0)
	_, text := f.gmSay("replace south pool")
	require.Contains(t, text, "NOT applied")
	require.Contains(t, text, "the substitute pool of league club has nobody who can take the seat (0 in the pool")

	require.NoError(t, f.db.Update(func(tx *store.Tx) error {
		l, err := tx.League("club")
		require.NoError(t, err)
		// eve plays alice, south's opponent, in this round (a pairing made
		// for the test): dave, after her, is preferred; bob sits here.
		l.Paired[0].Games = append(l.Paired[0].Games, store.LeagueGame{ID: "club-r1-2", A: "eve@example.org", B: "alice@example.org"})
		l.Subs = []store.LeagueSub{{Addr: "bob@example.org"}, {Addr: "eve@example.org"}, {Addr: "dave@example.org", Lang: "it"}}
		return tx.PutLeague(l)
	}))
	// A dry run takes nobody from the pool.
	o := f.handle(f.mail("gm@example.org", "["+f.game+"] check", "secret: "+f.secrets[adjudicator.GM]+"\nreplace south pool"))
	require.Equal(t, store.OutcomeCheck, o.Kind, o.Reason)
	require.Len(t, f.league().Subs, 3)

	_, text = f.gmSay("replace south pool")
	require.Contains(t, text, "south is now played by dave@example.org, from the league's substitute pool")
	require.Equal(t, []string{"bob@example.org", "eve@example.org"}, []string{f.league().Subs[0].Addr, f.league().Subs[1].Addr})
	p := f.game_().Player("south")
	require.Equal(t, "dave@example.org", p.Email)
	require.Equal(t, "it", p.Lang)
	var secret string
	for _, m := range f.outbox() {
		if m.To[0] == "dave@example.org" && m.Kind == "welcome" {
			require.Contains(t, m.Text, "IL TUO SEGRETO", "in his own language")
			s := regexp.MustCompile(`"segreto: (\S+)"`).FindStringSubmatch(m.Text)
			require.NotNil(t, s, m.Text)
			secret = s[1]
		}
	}
	require.NotEmpty(t, secret)

	// dave wins for south: bob, the entrant replaced, takes a loss; alice
	// lost on the board.
	for i := 0; i < 40 && !f.game_().Status.Finished; i++ {
		f.player("alice@example.org", "north", "pick 1")
		f.handle(f.mail("dave@example.org", "["+f.game+"]", "secret: "+secret+"\npick 3"))
	}
	g := f.game_()
	require.Equal(t, []string{"south"}, g.Status.Winner)
	lg := f.league().Game(f.game)
	require.True(t, lg.Done)
	require.Equal(t, 0.0, lg.ScoreA)
	require.Equal(t, "dave@example.org", lg.SubB)
	require.Empty(t, lg.SubA)
	mails := f.leagueMails("alice@example.org")
	require.Len(t, mails, 1)
	text = flat(mails[0].Text)
	require.Contains(t, text, "alice@example.org v bob@example.org: the substitute for bob@example.org wins")
	require.Contains(t, text, "bob@example.org was replaced during the game: under the league's rule it counts as a loss for bob@example.org")
	require.Contains(t, text, "1 game finished by a substitute")
	require.Contains(t, text, "no finished league game of duel-test yet", "the game is not rated")
	st, err := LeagueStandingsText(f.league(), f.j.opt.Templates.Catalog, "en")
	require.NoError(t, err)
	require.Regexp(t, `alice@example.org\s+1\s+0\s+0\s+1\s+0\s+0`, st)
	require.Regexp(t, `bob@example.org\s+1\s+0\s+0\s+1\s+0\s+0`, st)
}

// A league with --auto-substitute 2 hands a seat that misses two
// deadlines in a row to its pool by itself; with the pool empty the GM is
// told and the seat stays.
func TestLeagueAutoSubstitute(t *testing.T) {
	// Nine points to win: the game cannot end on its dice meanwhile.
	f := newLeagueFixture(t, 4, adjudicator.Options{"target": "9"})
	require.NoError(t, f.db.Update(func(tx *store.Tx) error {
		l, err := tx.League("club")
		require.NoError(t, err)
		l.AutoSubstitute = 2
		return tx.PutLeague(l)
	}))
	for miss := 1; miss <= 2; miss++ {
		o := f.player("bob@example.org", "south", "pick 1")
		require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
		f.now = f.game_().Deadline.Add(time.Minute)
		f.tick()
	}
	g := f.game_()
	require.False(t, g.Status.Finished)
	require.Equal(t, "alice@example.org", g.Player("north").Email, "nobody in the pool")
	require.Equal(t, 2, g.Player("north").MissedInRow)
	gm := flat(f.lastTo("gm@example.org").Text)
	require.Contains(t, gm, "North missed 2 deadlines in a row: under league club's rule the seat goes to its substitute pool, but the pool has nobody")

	require.NoError(t, f.db.Update(func(tx *store.Tx) error {
		l, err := tx.League("club")
		require.NoError(t, err)
		l.Subs = []store.LeagueSub{{Addr: "dave@example.org"}}
		return tx.PutLeague(l)
	}))
	f.player("bob@example.org", "south", "pick 1")
	f.now = f.game_().Deadline.Add(time.Minute)
	f.tick()
	g = f.game_()
	require.False(t, g.Status.Finished)
	p := g.Player("north")
	require.Equal(t, "dave@example.org", p.Email)
	require.Equal(t, 0, p.MissedInRow)
	require.Empty(t, f.league().Subs)
	require.True(t, g.Deadline.Sub(f.now) >= 24*time.Hour, "a full phase for the newcomer")
	var gmMail string
	for _, m := range f.outbox() {
		if m.To[0] == "gm@example.org" && strings.Contains(m.Subject, "North: substitute from the pool") {
			gmMail = flat(m.Text)
		}
	}
	require.Contains(t, gmMail, "north is now played by dave@example.org, from the league's substitute pool")
	require.Contains(t, f.notes(), "gm: replace north")
}
