package judge

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/league"
	"github.com/pbem/pbem/store"
)

// TestClubSoak is a club's month compressed by the test clock: 50 games
// of both block games among 20 members, under varied deadline policies
// (time of day in a zone, weekends off, grace, missed-deadline rules),
// members answering at their own pace, some missing deadlines, some
// announcing absences. Every email goes through the judge as a real
// message. At the end every game is consistent (its state passes the
// engine's checks, its record verifies and replays to the stored hash),
// every email sent is accounted for by exactly one processed outcome,
// every outgoing mail goes to a member or the GM of its own game, and
// each seat's punctuality figures add up to the decisions it owed.
func TestClubSoak(t *testing.T) {
	nGames, days := 50, 30
	if testing.Short() {
		nGames, days = 10, 10
	}
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	start := time.Date(2026, 11, 2, 8, 0, 0, 0, time.UTC) // a Monday
	now := start
	j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, RatePerHour: 1 << 20})
	rng := rand.New(rand.NewPCG(2026, 11))

	// The members: each answers an owed decision in a given hour with his
	// own probability (from within hours to several days on average).
	type member struct {
		addr       string
		perHour    float64
		away       [2]time.Time // an absence announced, if any
		announced  bool
		announceAt time.Time
	}
	members := make([]*member, 20)
	for i := range members {
		m := &member{addr: fmt.Sprintf("m%02d@club.example", i+1), perHour: 0.01 + 0.25*rng.Float64()*rng.Float64()}
		if rng.IntN(3) == 0 {
			from := start.AddDate(0, 0, 2+rng.IntN(days-4))
			m.away = [2]time.Time{from, from.AddDate(0, 0, 2+rng.IntN(5))}
			m.announceAt = from.Add(-time.Duration(24+rng.IntN(72)) * time.Hour)
		}
		members[i] = m
	}
	byAddr := map[string]*member{}
	for _, m := range members {
		byAddr[m.addr] = m
	}

	// The games, with their policies.
	type seat struct {
		addr, secret string
	}
	type game struct {
		id    string
		eng   adjudicator.Game
		round int
		seats map[adjudicator.Role]seat
		lg    string // its league
	}
	policies := []store.Policy{
		{},
		{At: "20:00", TZ: "Europe/Madrid"},
		{WeekendsOff: true, GraceHours: 6},
		{Missed: "forfeit", MissedLimit: 2, Reminders: []int{24, 2}},
		{At: "21:00", TZ: "Europe/Rome", WeekendsOff: true, VacationDays: 5},
	}
	// Two leagues of the club, paired by round robin with balanced sides:
	// Richard III over three rounds (a side that misses 3 deadlines in a
	// row forfeits), Hammer of the Scots over two. The judge records each
	// result in its league and mails the standings as the games end.
	var addrs []string
	for _, m := range members {
		addrs = append(addrs, m.addr)
	}
	var games []*game
	var leagues []*store.League
	for _, lg := range []struct {
		league, name, scen string
		rounds, forfeit    int
	}{{"roses", "richard-iii", "wars-of-the-roses", 3, 3}, {"hammer", "hammer-of-the-scots", "braveheart", 2, 0}} {
		eng, err := adjudicator.Lookup(lg.name)
		require.NoError(t, err)
		roles := eng.Info().Roles
		l := &store.League{Name: lg.league, GameName: lg.name, Scenario: lg.scen, Sides: []string{string(roles[0]), string(roles[1])},
			Format: league.RoundRobin, Cycles: 1, Players: addrs, GM: "gm@club.example", DeadlineHours: 48, ForfeitAfter: lg.forfeit, Created: now}
		for round := 1; round <= lg.rounds && len(games) < nGames; round++ {
			pairs, err := league.RoundRobinRound(addrs, round)
			require.NoError(t, err)
			lr := store.LeagueRound{No: round, At: now}
			for n, pr := range pairs {
				if len(games) == nGames || pr.Bye() {
					continue
				}
				i := len(games)
				spec := NewGameSpec{ID: fmt.Sprintf("%s-r%d-%d", lg.league, round, n+1), Game: lg.name, Scenario: lg.scen, GM: "gm@club.example", DeadlineHours: 48, Policy: policies[i%len(policies)],
					Players: []PlayerSpec{{Role: roles[0], Email: pr.A}, {Role: roles[1], Email: pr.B}}}
				c, err := j.NewGame(spec)
				require.NoError(t, err)
				games = append(games, &game{id: c.Game.ID, eng: eng, round: round, lg: lg.league, seats: map[adjudicator.Role]seat{
					roles[0]: {pr.A, c.Secrets[roles[0]]}, roles[1]: {pr.B, c.Secrets[roles[1]]}}})
				lr.Games = append(lr.Games, store.LeagueGame{ID: c.Game.ID, A: pr.A, B: pr.B, Created: true})
			}
			if len(lr.Games) > 0 {
				l.Paired = append(l.Paired, lr)
			}
		}
		if len(l.Paired) > 0 {
			require.NoError(t, db.Update(func(tx *store.Tx) error { return tx.PutLeague(l) }))
			leagues = append(leagues, l)
		}
	}
	require.Len(t, games, nGames)

	load := func(g *game) (*store.Game, adjudicator.State) {
		var sg *store.Game
		require.NoError(t, db.View(func(tx *store.Tx) error { sg, err = tx.Game(g.id); return err }))
		st, err := g.eng.Decode(sg.State)
		require.NoError(t, err)
		return sg, st
	}
	sent := 0
	outcomes := map[string]int{}
	send := func(g *game, role adjudicator.Role, body string) *Outcome {
		sent++
		s := g.seats[role]
		raw := fmt.Sprintf("From: %s\r\nTo: orders@club.example\r\nSubject: Re: [%s] report\r\nDate: %s\r\nMessage-ID: <soak.%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
			s.addr, g.id, now.Format(time.RFC1123Z), sent, strings.ReplaceAll(body, "\n", "\r\n"))
		o, err := j.HandleMail([]byte(raw))
		require.NoError(t, err)
		outcomes[o.Kind]++
		return o
	}

	ticks, applied, resigned := 0, 0, 0
	for now.Before(start.AddDate(0, 0, days)) {
		now = now.Add(time.Hour)
		for _, g := range games {
			sg, st := load(g)
			if sg.Status.Finished {
				continue
			}
			for _, p := range st.Prompts() {
				s := g.seats[p.Role]
				m := byAddr[s.addr]
				if m.away[0].IsZero() || m.announced || now.Before(m.announceAt) {
					// nothing to announce now
				} else {
					m.announced = true
					for r, o := range g.seats {
						if o.addr != m.addr {
							continue
						}
						pl := sg.Player(string(r))
						o := send(g, r, fmt.Sprintf("secret: %s\ntoken: %s\nabsent %s to %s\n", o.secret, tokenFor(g.id, pl),
							m.away[0].Format("2006-01-02"), m.away[1].Format("2006-01-02")))
						require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
						sg, st = load(g)
					}
				}
				if !m.away[0].IsZero() && !now.Before(m.away[0]) && now.Before(m.away[1].AddDate(0, 0, 1)) {
					continue // away
				}
				if rng.Float64() >= m.perHour {
					continue
				}
				var body strings.Builder
				fmt.Fprintf(&body, "secret: %s\nturn: %d\ntoken: %s\n", s.secret, sg.Status.Turn, tokenFor(g.id, sg.Player(string(p.Role))))
				if rng.IntN(60) == 0 {
					body.WriteString("resign\n") // a lost cause
					resigned++
				} else {
					sub := st.(adjudicator.Player).RandomSubmission(p.Role, rng.IntN)
					require.NotNil(t, sub)
					for _, l := range sub.Lines {
						body.WriteString(l.Text + "\n")
					}
				}
				body.WriteString("\nCheers,\nA member\n")
				o := send(g, p.Role, body.String())
				require.Equal(t, store.OutcomeAccepted, o.Kind, "%s %s at %s: %s", g.id, p.Role, sg.Status.Label, o.Reason)
				applied++
				break // the state changed: look again next hour
			}
		}
		_, err := j.Tick()
		require.NoError(t, err)
		ticks++
	}

	// Every email sent has exactly one processed record, and each one
	// was applied.
	require.NoError(t, db.View(func(tx *store.Tx) error {
		for n := 1; n <= sent; n++ {
			r, err := tx.Processed(fmt.Sprintf("msgid:soak.%d@club.example", n))
			require.NoError(t, err)
			require.NotNil(t, r, "email %d has no processed record", n)
		}
		// each email is known by its Message-ID and by its content
		require.Equal(t, 2*sent, tx.ProcessedCount(), "processed records")
		return nil
	}))
	require.Equal(t, map[string]int{store.OutcomeAccepted: sent}, outcomes)

	// Every game is consistent and its record verifies and replays; the
	// leagues' standings from the store's results are those recomputed
	// from the records.
	var fromStore, fromRecords []league.Result
	byLeague := map[string][]league.Result{}
	finished, defaults, forfeits, void := 0, 0, 0, 0
	stats := store.SeatStats{}
	for _, g := range games {
		sg, st := load(g)
		if sg.Status.Finished {
			finished++
		}
		if c, ok := st.(adjudicator.Checker); ok {
			require.NoError(t, c.Check(), g.id)
		}
		rec, err := j.Export(g.id, false)
		require.NoError(t, err)
		rep := record.Verify(rec)
		require.True(t, rep.OK(), "%s: %s", g.id, rep.String())
		_, hash, err := record.Replay(rec, g.eng)
		require.NoError(t, err, g.id)
		require.Equal(t, sg.StateHash, hash, g.id)
		final, _, err := record.Replay(rec, g.eng)
		require.NoError(t, err)
		roles := g.eng.Info().Roles
		a, b := g.seats[roles[0]].addr, g.seats[roles[1]].addr
		done, winners := recordOutcome(rec, final, roles)
		if strings.HasPrefix(sg.Status.Result, "abandoned") {
			// every side forfeited: the game counts for nobody
			require.True(t, done, g.id)
			require.Empty(t, winners, g.id)
			void++
			continue
		}
		if strings.Contains(sg.Status.Result, "forfeited") {
			forfeits++
		}
		fromStore = append(fromStore, leagueResult(g.round, a, b, sg.Status.Finished, sg.Status.Winner, string(roles[0])))
		fromRecords = append(fromRecords, leagueResult(g.round, a, b, done, winners, string(roles[0])))
		byLeague[g.lg] = append(byLeague[g.lg], fromRecords[len(fromRecords)-1])
		for _, e := range rec.Entries {
			if e.Kind == record.KindDefault {
				defaults++
			}
		}
		for _, p := range sg.Players {
			require.GreaterOrEqual(t, p.Stats.OnTime+p.Stats.Late+p.Stats.Missed, 0)
			stats.OnTime += p.Stats.OnTime
			stats.Late += p.Stats.Late
			stats.Missed += p.Stats.Missed
		}
	}
	require.Equal(t, fromRecords, fromStore)
	table := league.Standings(addrs, fromStore, league.DefaultPoints, league.SonnebornBerger)
	require.Equal(t, table, league.Standings(addrs, fromRecords, league.DefaultPoints, league.SonnebornBerger))
	played := 0
	for _, st := range table {
		played += st.Played
	}
	require.Equal(t, 2*(finished-void), played, "each finished game counts for both its players, unless abandoned")
	require.Greater(t, finished, 0)
	require.Greater(t, defaults, 0, "some deadlines were missed")
	require.Greater(t, stats.Missed, 0)

	// Each league holds the results the judge recorded as its games
	// ended (no "pbem league standings" ran): those the records give.
	for _, l := range leagues {
		var stored *store.League
		require.NoError(t, db.View(func(tx *store.Tx) error { stored, err = tx.League(l.Name); return err }))
		require.Equal(t, byLeague[l.Name], LeagueResults(stored), l.Name)
		require.NoError(t, db.View(func(tx *store.Tx) error {
			changed, err := RefreshLeagueResults(tx, stored)
			require.False(t, changed, "%s: a result the judge did not record", l.Name)
			return err
		}))
	}

	// Every outgoing mail goes to a member of its game or to the GM; the
	// league's results go to every member of the league and the GM, one
	// mail each for each game that ended.
	perKind := map[string]int{}
	leagueMails := 0
	require.NoError(t, db.View(func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			perKind[m.Kind]++
			if strings.Contains(m.Subject, "] Result of "+m.GameID+":") {
				leagueMails++
				require.True(t, m.To[0] == "gm@club.example" || slices.Contains(addrs, m.To[0]), "league mail %d to %s", m.ID, m.To[0])
				continue
			}
			var g *game
			for _, x := range games {
				if x.id == m.GameID {
					g = x
				}
			}
			require.NotNil(t, g, "mail %d for no game of the club", m.ID)
			ok := m.To[0] == "gm@club.example"
			for _, s := range g.seats {
				ok = ok || m.To[0] == s.addr
			}
			require.True(t, ok, "mail %d to %s", m.ID, m.To[0])
		}
		return err
	}))
	require.Equal(t, finished*(len(addrs)+1), leagueMails, "one league mail per member and the GM for each game that ended")
	var kinds []string
	for k, n := range perKind {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	t.Logf("%d games, %d days (%d ticks): %d emails in, all applied (%d orders, %d resignations); %d deadline defaults; %d finished (%d by forfeit; leader %s, %.1f points); seats on time %d, late %d, missed %d; mail out: %s",
		nGames, days, ticks, sent, applied, resigned, defaults, finished, forfeits, table[0].Player, table[0].Points, stats.OnTime, stats.Late, stats.Missed, strings.Join(kinds, ", "))
}

// leagueResult is a league's view of a two-player game between a (the
// first side, first) and b.
func leagueResult(round int, a, b string, finished bool, winners []string, first string) league.Result {
	r := league.Result{Round: round, A: a, B: b, Finished: finished}
	switch {
	case !finished:
	case len(winners) != 1:
		r.ScoreA = 0.5
	case winners[0] == first:
		r.ScoreA = 1
	}
	return r
}

// recordOutcome reads how a two-player game ended from its record alone:
// by the rules (the replayed state), or by a resignation or a forfeit
// logged as a note (the other side wins; no side when both forfeited).
func recordOutcome(rec *record.Record, final adjudicator.State, roles []adjudicator.Role) (bool, []string) {
	if st := final.Status(); st.Finished {
		var w []string
		for _, r := range st.Winner {
			w = append(w, string(r))
		}
		return true, w
	}
	for _, e := range rec.Entries {
		if e.Kind == record.KindNote && len(e.Lines) == 1 && e.Lines[0] == "resign" {
			for _, r := range roles {
				if string(r) != e.Role {
					return true, []string{string(r)}
				}
			}
		}
		if f := strings.Fields(strings.Join(e.Lines, " ")); e.Kind == record.KindNote && len(f) > 1 && f[0] == "forfeit" {
			var w []string
			for _, r := range roles {
				if !slices.Contains(f[1:], string(r)) {
					w = append(w, string(r))
				}
			}
			return true, w
		}
	}
	return false, nil
}
