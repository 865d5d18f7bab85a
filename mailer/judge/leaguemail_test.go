package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/store"
)

// newLeagueMailFixture is a server whose creators are gm@ and other@.
func newLeagueMailFixture(t *testing.T) *inviteFixture {
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	f := &inviteFixture{t: t, db: db, now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	f.j = New(db, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return f.now }, RatePerHour: 1000,
		Creators: map[string]string{"gm@club.example": "open-sesame-42", "other@club.example": "other-secret-7"}})
	return f
}

const newSpring = "secret: open-sesame-42\nleague new spring\ngame duel-test\nformat roundrobin\nplayer ann@club.example\nplayer bob@club.example es\nplayer cy@club.example it\ndeadline 48\nforfeit-after 3\n"

// league is the stored league name (nil when there is none).
func (f *inviteFixture) league(name string) *store.League {
	f.t.Helper()
	var l *store.League
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		var err error
		l, err = tx.League(name)
		if err != nil {
			l = nil
		}
		return nil
	}))
	return l
}

// mails are the mails queued so far.
func (f *inviteFixture) mails() []*store.OutMail {
	var all []*store.OutMail
	require.NoError(f.t, f.db.View(func(tx *store.Tx) (err error) { all, err = tx.AllMail(); return err }))
	return all
}

func (f *inviteFixture) gmLeague(body string) (*Outcome, string) {
	f.t.Helper()
	o := f.send("gm@club.example", "league", "secret: open-sesame-42\n"+body)
	_, text := f.last("gm@club.example")
	return o, text
}

func TestLeagueCreatedByEmail(t *testing.T) {
	f := newLeagueMailFixture(t)
	o := f.send("gm@club.example", "new league", newSpring)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	l := f.league("spring")
	require.NotNil(t, l)
	require.Equal(t, "duel-test", l.GameName)
	require.Equal(t, "gm@club.example", l.GM, "the GM is the sender by default")
	require.Equal(t, []string{"ann@club.example", "bob@club.example", "cy@club.example"}, l.Players)
	require.Equal(t, map[string]string{"bob@club.example": "es", "cy@club.example": "it"}, l.Langs)
	require.Equal(t, 48, l.DeadlineHours)
	require.Equal(t, 3, l.ForfeitAfter)
	require.Equal(t, f.now, l.Created, "the judge's clock")
	_, text := f.last("gm@club.example")
	require.Contains(t, text, "League spring: duel-test (standard), round robin, 3 players, 3 rounds.")
	require.Contains(t, text, "league spring pair")

	// Every entrant is told, in his language.
	subj, text := f.last("ann@club.example")
	require.Equal(t, "[league spring] You are entered", subj)
	require.Contains(t, text, "gm@club.example entered you in league spring: duel-test (standard), round robin, 3 rounds.")
	subj, text = f.last("bob@club.example")
	require.Equal(t, "[league spring] Estás inscrito", subj)
	require.Contains(t, text, "te ha inscrito en la liga spring")
	subj, _ = f.last("cy@club.example")
	require.Equal(t, "[league spring] Sei iscritto", subj)

	// The same name again is refused, and nothing changes.
	n := len(f.mails())
	o = f.send("gm@club.example", "new league again", newSpring)
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("gm@club.example")
	require.Contains(t, text, "a league spring already exists")
	require.Len(t, f.mails(), n+1, "only the reply")
}

// Another GM named by "gm" is told; a check stores nothing.
func TestLeagueByEmailNamedGMAndCheck(t *testing.T) {
	f := newLeagueMailFixture(t)
	o := f.send("gm@club.example", "new league", newSpring+"check\n")
	require.Equal(t, store.OutcomeCheck, o.Kind, o.Reason)
	require.Nil(t, f.league("spring"))
	_, text := f.last("gm@club.example")
	require.Contains(t, text, "CHECK ONLY: league spring would be created")
	subj, _ := f.last("ann@club.example")
	require.Empty(t, subj, "nobody is told of a check")

	o = f.send("gm@club.example", "new league", newSpring+"gm other@club.example\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, "other@club.example", f.league("spring").GM)
	subj, text = f.last("other@club.example")
	require.Equal(t, "[league spring] You are its GM", subj)
	require.Contains(t, text, "gm@club.example created league spring (duel-test, round robin, 3 players) with you as the GM")

	// The league is the named GM's to run, not its creator's.
	o, text = f.gmLeague("league spring\nshow\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "You are not the GM of league spring (other@club.example is)")
	o = f.send("other@club.example", "league", "secret: other-secret-7\nleague spring\nshow\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	_, text = f.last("other@club.example")
	require.Contains(t, text, "League spring: duel-test (standard), round robin, 3 players, 0 of 3 rounds paired")
	require.Contains(t, text, "Substitute pool: empty (add one with a line \"subs add ADDRESS [LANG]\")")
}

// Every faulty line is listed in the reply, with the problems the
// command line finds, and nothing is kept.
func TestLeagueByEmailFaultyLines(t *testing.T) {
	f := newLeagueMailFixture(t)
	body := "secret: open-sesame-42\nleague new spring\ngame duel-test\nformat knockout\nplayer ann@club.example\nplayer not-an-address\n" +
		"player bob@club.example xx\nrounds many\nfrobnicate 3\nforfeit-after 30\n"
	o := f.send("gm@club.example", "new league", body)
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text := f.last("gm@club.example")
	require.Contains(t, text, "No league was created:")
	require.Contains(t, text, "line 6: player not-an-address:")
	require.Contains(t, text, "line 7: player bob@club.example xx:")
	require.Contains(t, text, "line 8: rounds many: want: rounds NUMBER")
	require.Contains(t, text, "line 9: frobnicate 3: not a line of a league email")
	require.Contains(t, text, "A league is created by email with lines like these")
	require.Nil(t, f.league("spring"))

	// Once the lines read, the league's checks are the command line's,
	// each on its line.
	body = "secret: open-sesame-42\nleague new spring\ngame duel-test\nformat knockout\nplayer ann@club.example\nplayer ann@club.example\n" +
		"forfeit-after 30\nvacation-days 10\nno-vacations\n"
	o = f.send("gm@club.example", "new league", body)
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("gm@club.example")
	require.Contains(t, text, "line 4: format \"knockout\": want roundrobin or swiss")
	require.Contains(t, text, "line 5: player ann@club.example is listed twice")
	require.Contains(t, text, "line 7: forfeit-after 30: the number of missed deadlines in a row is 1 to 20")
	require.Contains(t, text, "line 9: no-vacations and vacation-days: choose one")
	require.Nil(t, f.league("spring"))
	subj, _ := f.last("ann@club.example")
	require.Empty(t, subj, "nobody is told")
}

// Pairing a round by email creates its games as "pbem league pair" does
// (welcome mails, first reports) and tells every entrant his game.
func TestLeaguePairedByEmail(t *testing.T) {
	f := newLeagueMailFixture(t)
	require.Equal(t, store.OutcomeAccepted, f.send("gm@club.example", "new league", newSpring).Kind)
	o, text := f.gmLeague("league spring\npair\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "Round 1 of 3 is paired; its games are created and every player is told:")
	l := f.league("spring")
	require.Len(t, l.Paired, 1)
	var game, bye string
	for _, g := range l.Paired[0].Games {
		if g.B == "" {
			bye = g.A
			continue
		}
		game = g.ID
		require.True(t, g.Created)
		require.Contains(t, text, fmt.Sprintf("[%s] %s (North) v %s (South)", g.ID, g.A, g.B))
	}
	require.Equal(t, "spring-r1-1", game)
	var g *store.Game
	require.NoError(t, f.db.View(func(tx *store.Tx) (err error) { g, err = tx.Game(game); return err }))
	require.Equal(t, "gm@club.example", g.GM)
	require.Equal(t, 48, g.DeadlineHours)
	welcomes := map[string]bool{}
	for _, m := range f.mails() {
		if m.Kind == "welcome" && m.GameID == game {
			welcomes[m.To[0]] = true
		}
	}
	require.Len(t, welcomes, 3, "both players and the GM get their welcome: %v", welcomes)
	for _, p := range g.Players {
		if p.Email == "bob@club.example" {
			require.Equal(t, "es", p.Lang, "the language given for him in the league")
		}
	}
	// The round notice, in each entrant's language.
	subj, notice := f.last(bye)
	require.Contains(t, subj, "[league spring]")
	require.Contains(t, notice, "spring-r1-1")
	for _, p := range []string{"ann@club.example", "bob@club.example", "cy@club.example"} {
		found := false
		for _, m := range f.mails() {
			if m.To[0] == p && m.Kind == "league" && strings.Contains(m.Subject, "1") && strings.Contains(m.Subject, "[league spring]") &&
				!strings.Contains(m.Subject, "entered") && !strings.Contains(m.Subject, "inscrit") && !strings.Contains(m.Subject, "iscritto") {
				found = true
				switch p {
				case bye:
				case "bob@club.example":
					require.Contains(t, flat(m.Text), "Tu partida: [spring-r1-1]")
				default:
					require.Contains(t, flat(m.Text), "Your game: [spring-r1-1]")
				}
			}
		}
		require.True(t, found, "round notice to %s", p)
	}

	// A check pairs nothing; standings and ratings answer in one reply.
	o, text = f.gmLeague("league spring\npair\ncheck\n")
	require.Equal(t, store.OutcomeCheck, o.Kind, o.Reason)
	require.Contains(t, text, "CHECK ONLY: nothing was changed in league spring")
	require.Len(t, f.league("spring").Paired, 1)
	require.NoError(t, f.db.View(func(tx *store.Tx) error { require.False(t, tx.HasGame("spring-r2-1")); return nil }))

	// "check" in the subject does the same.
	o = f.send("gm@club.example", "check: pair", "secret: open-sesame-42\nleague spring\npair\n")
	require.Equal(t, store.OutcomeCheck, o.Kind, o.Reason)
	require.Len(t, f.league("spring").Paired, 1)

	o, text = f.gmLeague("league spring\nstandings\nratings\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "League spring: duel-test (standard), round robin, 3 players, 1 of 3 rounds paired")
	require.Contains(t, text, "A side that misses 3 deadlines in a row loses by forfeit.")
	require.Contains(t, text, "no finished league game of duel-test yet (1 leagues)")

	// The subject tag names the league as well as a first line does.
	o = f.send("gm@club.example", "[league spring] round 2", "secret: open-sesame-42\npair\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Len(t, f.league("spring").Paired, 2)
	require.NoError(t, f.db.View(func(tx *store.Tx) error { require.True(t, tx.HasGame("spring-r2-1")); return nil }))
}

// The substitute pool by email: members added and removed are told; a
// faulty line leaves the pool as it was.
func TestLeagueSubsByEmail(t *testing.T) {
	f := newLeagueMailFixture(t)
	require.Equal(t, store.OutcomeAccepted, f.send("gm@club.example", "new league", newSpring).Kind)
	o, text := f.gmLeague("league spring\nsubs add dan@club.example it\nsubs add eve@club.example\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "dan@club.example joins the substitute pool (he is told).")
	require.Contains(t, text, "1. dan@club.example (it)")
	require.Contains(t, text, "2. eve@club.example (-)")
	subs := f.league("spring").Subs
	require.Len(t, subs, 2)
	require.Equal(t, f.now, subs[0].Added)
	subj, text := f.last("dan@club.example")
	require.Equal(t, "[league spring] Riserve", subj)
	require.Contains(t, text, "ti ha messo nel suo elenco di riserve")

	// A faulty line: nothing of the email is done.
	o, text = f.gmLeague("league spring\nsubs remove eve@club.example\nsubs remove zed@club.example\nsubs add gm@club.example\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "Nothing was done in league spring:")
	require.Contains(t, text, "line 4: subs remove zed@club.example: zed@club.example is not in the substitute pool of league spring")
	require.Contains(t, text, "line 5: subs add gm@club.example: gm@club.example is the league's GM")
	require.Len(t, f.league("spring").Subs, 2)

	o, text = f.gmLeague("league spring\nsubs remove eve@club.example\nsubs\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "eve@club.example leaves the substitute pool (he is told).")
	require.Equal(t, []string{"dan@club.example"}, []string{f.league("spring").Subs[0].Addr})
	require.Len(t, f.league("spring").Subs, 1)
	_, text = f.last("eve@club.example")
	require.Contains(t, text, "took you out of its substitute pool")

	o, text = f.gmLeague("league spring\nfrobnicate\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "line 3: frobnicate: not a league command")
	require.Contains(t, text, "subs add ADDRESS [LANG]")
}

// Wrong secrets, non-creators and strangers are refused as creates are;
// a stranger gets no reply at all.
func TestLeagueEmailRefusals(t *testing.T) {
	f := newLeagueMailFixture(t)
	o := f.send("gm@club.example", "new league", strings.Replace(newSpring, "open-sesame-42", "guess", 1))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text := f.last("gm@club.example")
	require.Contains(t, text, "the creator's secret is missing or wrong")
	require.Nil(t, f.league("spring"))
	subj, _ := f.last("ann@club.example")
	require.Empty(t, subj)

	// A stranger: ignored, no reply.
	n := len(f.mails())
	o = f.send("mallory@evil.example", "new league", newSpring)
	require.Equal(t, store.OutcomeIgnored, o.Kind)
	require.Len(t, f.mails(), n)

	require.Equal(t, store.OutcomeAccepted, f.send("gm@club.example", "new league", newSpring).Kind)
	_, _ = f.gmLeague("league spring\npair\n")
	// A player of the league, who is no creator, is told so.
	o = f.send("ann@club.example", "league", "league spring\npair\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("ann@club.example")
	require.Contains(t, text, "This server does not run leagues by email for your address")
	require.Len(t, f.league("spring").Paired, 1)
	// A creator with the right secret who is not the league's GM.
	o = f.send("other@club.example", "league", "secret: other-secret-7\nleague spring\npair\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("other@club.example")
	require.Contains(t, text, "You are not the GM of league spring (gm@club.example is)")
	// A league that does not exist; a first line that is not one.
	o, text = f.gmLeague("league autumn\nstandings\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "There is no league autumn on this server.")
	o, text = f.gmLeague("league new\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "line 2: league new: want \"league new NAME\"")
	require.Len(t, f.league("spring").Paired, 1)
}

// The same email delivered twice is applied once.
func TestLeagueEmailAppliedOnce(t *testing.T) {
	f := newLeagueMailFixture(t)
	require.Equal(t, store.OutcomeAccepted, f.send("gm@club.example", "new league", newSpring).Kind)
	raw := []byte("From: gm@club.example\r\nTo: orders@club.example\r\nSubject: [league spring] pair\r\nMessage-ID: <pair.1@club.example>\r\n\r\nsecret: open-sesame-42\r\npair\r\n")
	o, err := f.j.HandleMail(raw)
	require.NoError(t, err)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	n := len(f.mails())
	o, err = f.j.HandleMail(raw)
	require.NoError(t, err)
	require.Equal(t, "duplicate", o.Kind)
	require.Len(t, f.league("spring").Paired, 1)
	require.Len(t, f.mails(), n)
}

// A pairing the league refuses (a Swiss round before the last one has
// finished) is a faulty line: nothing of the email is done.
func TestLeagueSwissPairRefusedByEmail(t *testing.T) {
	f := newLeagueMailFixture(t)
	body := strings.Replace(newSpring, "format roundrobin", "format swiss", 1)
	require.Equal(t, store.OutcomeAccepted, f.send("gm@club.example", "new league", body).Kind)
	require.Equal(t, 2, f.league("spring").Rounds)
	o, _ := f.gmLeague("league spring\npair\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, text := f.gmLeague("league spring\nsubs add dan@club.example\npair\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "line 4: pair: league spring: a Swiss round is paired from the results of the last one, and spring-r1-1 is not finished yet")
	l := f.league("spring")
	require.Len(t, l.Paired, 1)
	require.Empty(t, l.Subs, "the line before the faulty one is not applied either")
	subj, _ := f.last("dan@club.example")
	require.Empty(t, subj)
}
