package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// withStore opens the store file for a change made by hand (standing for
// the judge finishing a game, or a crash).
func withStore(t *testing.T, path string, fn func(tx *store.Tx) error) {
	t.Helper()
	db, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.Update(fn))
}

// finish marks a game over with the given winning roles, as the judge
// leaves a game its rules ended.
func finish(t *testing.T, path, id string, at time.Time, winners ...string) {
	t.Helper()
	withStore(t, path, func(tx *store.Tx) error {
		g, err := tx.Game(id)
		if err != nil {
			return err
		}
		g.Status.Finished, g.Status.Winner, g.Status.Result = true, winners, "over"
		g.Updated = at
		return tx.PutGame(g)
	})
}

func leagueOf(t *testing.T, path, name string) *store.League {
	t.Helper()
	db, err := store.Open(path, store.Options{ReadOnly: true})
	require.NoError(t, err)
	defer db.Close()
	var l *store.League
	require.NoError(t, db.View(func(tx *store.Tx) error {
		l, err = tx.League(name)
		return err
	}))
	return l
}

// TestLeagueRoundRobin: a round-robin league of four from creation to its
// last round, its games made as "pbem new" makes them, standings and
// ratings from the results in the store, an interrupted pairing resumed.
func TestLeagueRoundRobin(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	db := filepath.Join(dir, "pbem.db")
	players := "Ann@club.example,bob@club.example,cy@club.example,di@club.example"

	code, _, errs := runCmd(t, "league", "frob", "spring", "--config", cfg)
	require.Equal(t, 2, code)
	require.Contains(t, errs, `unknown subcommand "frob"`)
	code, _, errs = runCmd(t, "league", "new", "big", "--config", cfg, "--game", "here-i-stand", "--format", "swiss", "--players", players, "--gm", "gm@club.example")
	require.Equal(t, 1, code)
	require.Contains(t, errs, "two-sided games only")
	code, _, errs = runCmd(t, "league", "new", "spring", "--config", cfg, "--game", "richard-iii", "--format", "knockout", "--players", players, "--gm", "gm@club.example")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "want roundrobin or swiss")

	code, out, errs := runCmd(t, "league", "new", "spring", "--config", cfg, "--game", "richard-iii", "--format", "roundrobin", "--players", players, "--gm", "gm@club.example")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "created league spring: richard-iii (wars-of-the-roses), round robin, 4 players, 3 rounds")
	code, _, errs = runCmd(t, "league", "new", "spring", "--config", cfg, "--game", "richard-iii", "--format", "roundrobin", "--players", players, "--gm", "gm@club.example")
	require.Equal(t, 1, code)
	require.Contains(t, errs, "already exists")

	code, out, errs = runCmd(t, "league", "pair", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "league spring, round 1 of 3:")
	require.Contains(t, out, "created game spring-r1-1 (richard-iii, wars-of-the-roses)")
	require.Contains(t, out, "created game spring-r1-2")
	require.Contains(t, out, "every player is told the round's pairings")
	// Every entrant is told he is entered and, round by round, his game.
	notices := map[string][]string{}
	withStore(t, db, func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			if m.Kind == "league" {
				notices[m.To[0]] = append(notices[m.To[0]], m.Subject)
			}
		}
		return err
	})
	require.Equal(t, []string{"[league spring] You are entered", "[league spring] Round 1 paired"}, notices["bob@club.example"])
	l := leagueOf(t, db, "spring")
	require.Equal(t, []string{"lancaster", "york"}, l.Sides)
	r1 := l.Paired[0].Games
	require.Len(t, r1, 2)
	for _, lg := range r1 {
		require.True(t, lg.Created)
		g := gameOf(t, db, lg.ID)
		require.Equal(t, lg.A, g.Player("lancaster").Email)
		require.Equal(t, lg.B, g.Player("york").Email)
		require.Equal(t, "gm@club.example", g.GM)
	}
	require.Equal(t, "ann@club.example", l.Players[0], "addresses are kept in lower case")

	// Round 1: the first game won by York (side B), the second abandoned.
	jan := time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC)
	finish(t, db, r1[0].ID, jan, "york")
	code, _, errs = runCmd(t, "end", r1[1].ID, "--config", cfg)
	require.Equal(t, 0, code, errs)

	// Round 2, interrupted after pairing: one game was never created.
	code, _, errs = runCmd(t, "league", "pair", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	withStore(t, db, func(tx *store.Tx) error {
		l, err := tx.League("spring")
		if err != nil {
			return err
		}
		l.Paired[1].Games[1].Created = false
		if err := tx.DeleteGame(l.Paired[1].Games[1].ID); err != nil {
			return err
		}
		return tx.PutLeague(l)
	})
	code, out, errs = runCmd(t, "league", "pair", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "round 2 was paired but not all its games were created")
	require.Contains(t, out, "created game spring-r2-2")
	require.NotContains(t, out, "created game spring-r2-1", "a game that exists is not created again")
	l = leagueOf(t, db, "spring")
	require.Len(t, l.Paired, 2)
	r2 := l.Paired[1].Games
	finish(t, db, r2[0].ID, jan.AddDate(0, 1, 0), "lancaster")
	finish(t, db, r2[1].ID, jan.AddDate(0, 1, 0)) // a draw

	code, out, errs = runCmd(t, "league", "standings", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "2 of 3 rounds paired")
	require.Contains(t, out, "1 abandoned game counts for nobody")
	// Recompute the expected points from the league's own pairings.
	points := map[string]float64{}
	points[r1[0].B]++
	points[r2[0].A]++
	points[r2[1].A] += 0.5
	points[r2[1].B] += 0.5
	lines := strings.Split(out, "\n")
	for p, pts := range points {
		found := false
		for _, line := range lines {
			f := strings.Fields(line)
			if len(f) > 8 && f[1] == p {
				require.Equal(t, num(pts), f[7], line)
				found = true
			}
		}
		require.True(t, found, "%s not in the standings:\n%s", p, out)
	}

	// The standings kept the results: pruning a finished game loses none.
	withStore(t, db, func(tx *store.Tx) error { return tx.DeleteGame(r1[0].ID) })
	code, again, errs := runCmd(t, "league", "standings", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Equal(t, out, again)

	code, out, errs = runCmd(t, "league", "ratings", "richard-iii", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Glicko-2 ratings for richard-iii: 4 players, 3 games in 1 leagues, 2 rating periods")

	code, _, errs = runCmd(t, "league", "pair", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	code, _, errs = runCmd(t, "league", "pair", "spring", "--config", cfg)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "league spring is complete: all 3 rounds are paired")
	// Every pair met once.
	met := map[[2]string]int{}
	for _, r := range leagueOf(t, db, "spring").Paired {
		for _, g := range r.Games {
			met[[2]string{min(g.A, g.B), max(g.A, g.B)}]++
		}
	}
	require.Len(t, met, 6)

	code, out, _ = runCmd(t, "league", "list", "--config", cfg)
	require.Equal(t, 0, code)
	require.Contains(t, out, "3 of 3")
	code, _, errs = runCmd(t, "league", "standings", "autumn", "--config", cfg)
	require.Equal(t, 1, code)
	require.Contains(t, errs, `no league "autumn"`)
}

// TestLeagueSwiss: a Swiss round waits for the last one's results, and
// keeps a forbidden pair apart.
func TestLeagueSwiss(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	db := filepath.Join(dir, "pbem.db")
	code, out, errs := runCmd(t, "league", "new", "cup", "--config", cfg, "--game", "hammer-of-the-scots", "--format", "swiss",
		"--players", "a@x.example,b@x.example,c@x.example,d@x.example,e@x.example", "--gm", "gm@x.example",
		"--forbid", "a@x.example:e@x.example", "--forbid", "b@x.example:c@x.example")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Swiss, 5 players, 3 rounds")
	for round := 1; round <= 3; round++ {
		code, out, errs = runCmd(t, "league", "pair", "cup", "--config", cfg)
		require.Equal(t, 0, code, errs)
		require.Contains(t, out, "bye: ")
		code, _, errs = runCmd(t, "league", "pair", "cup", "--config", cfg)
		if round < 3 {
			require.Equal(t, 1, code)
			require.Contains(t, errs, "not finished yet")
		}
		l := leagueOf(t, db, "cup")
		for _, g := range l.Paired[round-1].Games {
			if g.ID == "" {
				continue
			}
			k := g.A + ":" + g.B
			require.NotContains(t, []string{"a@x.example:e@x.example", "e@x.example:a@x.example", "b@x.example:c@x.example", "c@x.example:b@x.example"}, k)
			finish(t, db, g.ID, time.Date(2026, 3, round, 0, 0, 0, 0, time.UTC), l.Sides[0])
		}
	}
	code, out, errs = runCmd(t, "league", "standings", "cup", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Buchholz")
}

func TestLuckCommand(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	vec := filepath.Join(filepath.Dir(file), "..", "..", "tools", "testdata", "vector-record.json")
	code, out, errs := runCmd(t, "luck", vec)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Luck report for game g7 (highroll): 28 public dice")
	require.Contains(t, out, "chi-square")
	code, out, errs = runCmd(t, "luck", vec, "--lang", "it")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Rapporto sulla fortuna della partita g7 (highroll): 28 dadi pubblici")
	require.Contains(t, out, "chi quadrato")
	code, out, errs = runCmd(t, "luck", vec, "--json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"ChiSquare"`)

	rec, err := record.Load(vec)
	require.NoError(t, err)
	for i := range rec.Draws {
		if rec.Draws[i].Stream == "public" {
			rec.Draws[i].Result = rec.Draws[i].Result%6 + 1
			break
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, rec.Save(bad))
	code, _, errs = runCmd(t, "luck", bad)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "does not verify")
}

// TestLeagueWithDaemon: with the daemon running, the league commands go
// through its control socket and the paired games' welcome mails go out
// over SMTP like any game's.
func TestLeagueWithDaemon(t *testing.T) {
	dir := t.TempDir()
	imapSrv := mailtest.NewMemIMAP(t, "starttls", nil, map[string]string{"orders": "orders-pw"})
	smtpSrv := mailtest.NewSMTPCapture(t, mailtest.WithAuth("orders", "orders-pw"))
	cfg := mailConfig(t, dir, imapSrv, smtpSrv, "")
	startDaemon(t, cfg)

	code, _, errs := runCmd(t, "league", "new", "club", "--config", cfg, "--game", "richard-iii", "--format", "roundrobin",
		"--players", "ann@club.example,ben@club.example,cy@club.example", "--gm", "gm@club.example")
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "league", "pair", "club", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "created game club-r1-1")
	require.NotContains(t, out, "no daemon is running", "the daemon created the games")
	require.Contains(t, out, "bye: ")
	var game, bye string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "  club-r1-1: ") {
			game = line
		}
		if strings.HasPrefix(line, "  bye: ") {
			bye = strings.TrimPrefix(line, "  bye: ")
		}
	}
	require.NotEmpty(t, game)
	// A welcome mail to each player of the game, none to the one sitting out.
	want := map[string]bool{}
	for _, p := range []string{"ann@club.example", "ben@club.example", "cy@club.example"} {
		if p != bye {
			want[p] = true
		}
	}
	got := map[string]bool{}
	deadline := time.Now().Add(30 * time.Second)
	for len(got) < len(want) && time.Now().Before(deadline) {
		for _, m := range smtpSrv.Wait(len(got)+1, time.Second) {
			if strings.Contains(string(m.Data), "club-r1-1") {
				for _, to := range m.To {
					if want[to] {
						got[to] = true
					}
				}
			}
		}
	}
	require.Equal(t, want, got)
	// The one sitting out gets only the league's notices (he is entered;
	// he has a bye), no game's mail.
	for _, m := range smtpSrv.Messages() {
		if slices.Contains(m.To, bye) {
			require.Contains(t, string(m.Data), "Subject: [league club] ")
		}
	}
	code, out, errs = runCmd(t, "league", "standings", "club", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "1 of 3 rounds paired")
}

// num prints a score as the standings do: whole numbers bare, halves to
// one place.
func num(x float64) string {
	if x == math.Trunc(x) {
		return fmt.Sprintf("%.0f", x)
	}
	return strings.TrimRight(fmt.Sprintf("%.2f", x), "0")
}

// TestLeagueForfeitAfter: the league's forfeit rule is set at creation,
// within its bounds, and stands in the standings; the games the pairing
// creates are found from the league (the store's game → league index).
func TestLeagueForfeitAfter(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	db := filepath.Join(dir, "pbem.db")
	players := "ann@club.example,bob@club.example"
	code, _, errs := runCmd(t, "league", "new", "autumn", "--config", cfg, "--game", "richard-iii", "--format", "roundrobin", "--players", players, "--gm", "gm@club.example", "--forfeit-after", "30")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--forfeit-after 30")
	code, _, errs = runCmd(t, "league", "new", "autumn", "--config", cfg, "--game", "richard-iii", "--format", "roundrobin", "--players", players, "--gm", "gm@club.example", "--forfeit-after", "2")
	require.Equal(t, 0, code, errs)
	require.Equal(t, 2, leagueOf(t, db, "autumn").ForfeitAfter)
	code, _, errs = runCmd(t, "league", "pair", "autumn", "--config", cfg)
	require.Equal(t, 0, code, errs)
	code, out, errs := runCmd(t, "league", "standings", "autumn", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "misses 2 deadlines in a row loses by forfeit")
	withStore(t, db, func(tx *store.Tx) error {
		l, err := tx.GameLeague("autumn-r1-1")
		require.NoError(t, err)
		require.NotNil(t, l)
		require.Equal(t, "autumn", l.Name)
		return nil
	})
}

// TestLeagueVacationsAndSubstitutes: a league's vacation budget shown by
// standings and show, a tournament league's games without absences, the
// substitute pool kept by "league subs" and drawn on by "pbem gm GAME
// replace ROLE pool".
func TestLeagueVacationsAndSubstitutes(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("store: pbem.db\ndomain: club.example\n"), 0o600))
	db := filepath.Join(dir, "pbem.db")
	players := "ann@club.example,bob@club.example,cy@club.example,di@club.example"
	newLeague := func(name string, extra ...string) (int, string, string) {
		return runCmd(t, append([]string{"league", "new", name, "--config", cfg, "--game", "richard-iii", "--format", "roundrobin",
			"--players", players, "--gm", "gm@club.example"}, extra...)...)
	}
	code, _, errs := newLeague("bad", "--vacation-days", "400")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "a yearly budget is 1 to 366 days")
	code, _, errs = newLeague("bad", "--vacation-days", "5", "--no-vacations")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "choose one")
	code, _, errs = newLeague("bad", "--auto-substitute", "3", "--forfeit-after", "3")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "it must come before the forfeit")

	// A tournament: no absences in its games.
	code, _, errs = newLeague("cup", "--no-vacations")
	require.Equal(t, 0, code, errs)
	code, _, errs = runCmd(t, "league", "pair", "cup", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.True(t, gameOf(t, db, "cup-r1-1").Policy.VacationsOff)
	code, out, errs := runCmd(t, "league", "show", "cup", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Vacations: none (the league's games allow no absences).")

	code, _, errs = newLeague("spring", "--vacation-days", "5", "--auto-substitute", "2")
	require.Equal(t, 0, code, errs)
	require.Equal(t, 2, leagueOf(t, db, "spring").AutoSubstitute)
	code, _, errs = runCmd(t, "league", "pair", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.False(t, gameOf(t, db, "spring-r1-1").Policy.VacationsOff)
	withStore(t, db, func(tx *store.Tx) error {
		_, err := tx.ChargeLeagueVacation("spring", "ann@club.example", []string{"2026-12-30", "2026-12-31", "2027-01-01"})
		return err
	})
	code, out, errs = runCmd(t, "league", "standings", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Vacations: 5 days a year per player, one budget for all his games of the league.")
	require.Regexp(t, `ann@club.example\s+2026: 2 used, 3 left; 2027: 1 used, 4 left`, out)
	require.Regexp(t, `bob@club.example\s+none used, 5 left`, out)

	// The substitute pool.
	code, out, errs = runCmd(t, "league", "subs", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Substitute pool: empty")
	code, _, errs = runCmd(t, "league", "subs", "spring", "add", "not-an-address", "--config", cfg)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "is not an email address")
	code, _, errs = runCmd(t, "league", "subs", "spring", "add", "eve@club.example", "klingon", "--config", cfg)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "unknown language")
	code, _, errs = runCmd(t, "league", "subs", "spring", "add", "Eve@club.example", "es", "--config", cfg)
	require.Equal(t, 0, code, errs)
	code, _, errs = runCmd(t, "league", "subs", "spring", "add", "eve@club.example", "--config", cfg)
	require.Equal(t, 1, code)
	require.Contains(t, errs, "already")
	code, _, errs = runCmd(t, "league", "subs", "spring", "add", "fay@club.example", "--config", cfg)
	require.Equal(t, 0, code, errs)
	code, _, errs = runCmd(t, "league", "subs", "spring", "add", "gus@club.example", "--config", cfg)
	require.Equal(t, 0, code, errs)
	code, out, errs = runCmd(t, "league", "subs", "spring", "remove", "fay@club.example", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "removed fay@club.example")
	require.Contains(t, out, "(he is told)")
	require.Contains(t, out, "1. eve@club.example (es)\n  2. gus@club.example (-)")
	code, _, errs = runCmd(t, "league", "subs", "spring", "frob", "--config", cfg)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "league subs NAME")

	// The GM hands a seat to the pool's first member.
	code, out, errs = runCmd(t, "gm", "spring-r1-1", "replace", "york", "pool", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "is now played by eve@club.example, from the league's substitute pool")
	g := gameOf(t, db, "spring-r1-1")
	require.Equal(t, "eve@club.example", g.Player("york").Email)
	require.Equal(t, "es", g.Player("york").Lang)
	require.Equal(t, []store.LeagueSub{{Addr: "gus@club.example", Added: leagueOf(t, db, "spring").Subs[0].Added}}, leagueOf(t, db, "spring").Subs)

	// York wins with the substitute: a loss for the entrant replaced.
	finish(t, db, "spring-r1-1", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), "york")
	code, out, errs = runCmd(t, "league", "show", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	entrantB := leagueOf(t, db, "spring").Paired[0].Games[0].B
	require.Contains(t, out, fmt.Sprintf("%s won; %s replaced by eve@club.example: a loss for %s", entrantB, entrantB, entrantB))
	require.Contains(t, out, "Substitute pool (1, first taken first):\n  1. gus@club.example (-)")
	require.Contains(t, out, "Substitute from the pool: after 2 missed deadlines in a row")
	code, out, errs = runCmd(t, "league", "standings", "spring", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "1 game finished by a substitute")
	code, out, errs = runCmd(t, "league", "ratings", "richard-iii", "--config", cfg)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "no finished league game of richard-iii yet")
}
