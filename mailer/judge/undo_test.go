package judge

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// logKinds lists the kinds and roles of g's log entries after the setup.
func (f *fixture) logKinds() []string {
	var out []string
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		return tx.Log(f.game, 2, func(e *store.LogEntry) error {
			out = append(out, e.Kind+" "+e.Role)
			return nil
		})
	}))
	return out
}

func TestUndoByConsentAccepted(t *testing.T) {
	f := newFixture(t)
	f.seat("north", "pick 2")
	require.Equal(t, []string{"south"}, f.game_().Owing)
	deadline := f.game_().Deadline
	f.now = f.now.Add(time.Hour)
	o, text := f.seat("north", "undo")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "every other player is asked to accept")
	require.NotNil(t, f.game_().Undo)
	asked := flat(f.lastTo("bob@example.org").Text)
	require.Contains(t, asked, "North asks to take back his last orders")
	require.NotContains(t, asked, "pick 2", "the orders stay secret")
	// North cannot accept his own request, nor ask twice.
	o, text = f.seat("north", "accept")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "your own request")
	o, text = f.seat("north", "undo")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "already waiting")
	// South accepts: the game is back before north's pick.
	o, text = f.seat("south", "accept")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "you accepted that North takes back")
	g := f.game_()
	require.Nil(t, g.Undo)
	require.ElementsMatch(t, []string{"north", "south"}, g.Owing)
	require.Equal(t, deadline, g.Deadline, "an undo takes back orders, not time")
	done := false
	for _, m := range f.outbox() {
		done = done || (m.To[0] == "alice@example.org" && strings.Contains(m.Subject, "North took back his last orders"))
	}
	require.True(t, done, "north is told")
	// The log keeps the orders, the request and the rollback.
	require.Equal(t, []string{"orders north", "note north", "rollback north"}, f.logKinds())
	// The same orders may be sent again, and the game goes on.
	o, _ = f.seat("north", "pick 3")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, _ = f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, 2, f.game_().Status.Turn)
	f.gmSay("abandon")
	f.checkFinishedRecord()
}

func TestUndoRefused(t *testing.T) {
	f := newFixture(t)
	f.seat("north", "pick 2")
	f.seat("north", "undo")
	o, text := f.seat("south", "refuse")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "North's orders stand")
	require.Contains(t, flat(f.lastTo("alice@example.org").Text), "South refused")
	g := f.game_()
	require.Nil(t, g.Undo)
	require.Equal(t, []string{"south"}, g.Owing)
	require.Equal(t, []string{"north: undo", "south: refuse undo"}, f.notes())
	o, text = f.seat("south", "accept")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "nobody has asked")
}

func TestUndoRefusedAtOnceAfterADie(t *testing.T) {
	f := newFixture(t)
	f.seat("north", "pick 2")
	f.seat("south", "pick 1") // both in: the round's dice are drawn
	seq := f.game_().Seq
	o, text := f.seat("south", "undo")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "drew dice or revealed something")
	o, text = f.seat("north", "undo")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "no orders to take back")
	g := f.game_()
	require.Nil(t, g.Undo)
	require.Equal(t, seq, g.Seq, "nothing logged")
}

func TestUndoLapses(t *testing.T) {
	f := newFixture(t)
	// Not accepted by the deadline: the request lapses, the defaults apply.
	f.seat("north", "pick 2")
	f.seat("north", "undo")
	require.Equal(t, f.game_().Deadline, f.game_().Undo.Until)
	f.now = f.game_().Deadline.Add(time.Minute)
	require.Equal(t, 1, f.tick())
	g := f.game_()
	require.Nil(t, g.Undo)
	require.Equal(t, 2, g.Status.Turn)
	lapsed := false
	for _, m := range f.outbox() {
		lapsed = lapsed || (m.To[0] == "alice@example.org" && strings.Contains(flat(m.Text), "was not accepted by every player before the deadline"))
	}
	require.True(t, lapsed)
	// The game moving on (south's orders) ends a request too.
	f.seat("north", "pick 1")
	f.seat("north", "undo")
	o, _ := f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Nil(t, f.game_().Undo)
	moved := false
	for _, m := range f.outbox() {
		moved = moved || (m.To[0] == "alice@example.org" && strings.Contains(flat(m.Text), "lapsed because the game moved on"))
	}
	require.True(t, moved)
	for _, k := range f.logKinds() {
		require.NotEqual(t, record.KindRollback, strings.Fields(k)[0])
	}
}

func TestUndoLapsesWhenASeatChangesHands(t *testing.T) {
	f := newFixture(t)
	f.seat("north", "pick 2")
	f.seat("north", "undo")
	o, _ := f.gmSay("replace south carol@example.org")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Nil(t, f.game_().Undo)
	require.Contains(t, flat(f.lastTo("alice@example.org").Text), "lapsed because a seat changed hands")
	require.Equal(t, []string{"south"}, f.game_().Owing, "north's orders stand")
}

func TestUndoNeedsEveryOtherPlayer(t *testing.T) {
	f := newFixture(t)
	spec := NewGameSpec{ID: "council-1", Game: "council-test", Scenario: "3-players", GM: "gm@club.example"}
	for _, r := range []string{"red", "blue", "green"} {
		spec.Players = append(spec.Players, PlayerSpec{Role: adjudicator.Role(r), Email: r + "@club.example"})
	}
	c, err := f.j.NewGame(spec)
	require.NoError(t, err)
	say := func(role, line string) *Outcome {
		return f.handle(f.mail(role+"@club.example", "[council-1]", "secret: "+c.Secrets[adjudicator.Role(role)]+"\n"+line))
	}
	game := func() *store.Game {
		var g *store.Game
		require.NoError(t, f.db.View(func(tx *store.Tx) (err error) { g, err = tx.Game("council-1"); return }))
		return g
	}
	require.Equal(t, store.OutcomeAccepted, say("red", "claim 6").Kind)
	require.Equal(t, store.OutcomeAccepted, say("red", "undo").Kind)
	require.Equal(t, store.OutcomeAccepted, say("blue", "accept").Kind)
	g := game()
	require.NotNil(t, g.Undo, "green has not answered")
	require.Equal(t, []string{"blue"}, g.Undo.Accepted)
	require.Equal(t, store.OutcomeAccepted, say("green", "accept").Kind)
	g = game()
	require.Nil(t, g.Undo)
	require.Equal(t, []string{"red"}, g.Owing, "red claims again")
	require.Contains(t, flat(f.lastTo("blue@club.example").Text), "Red's last orders in game [council-1] are taken back")
	require.Equal(t, store.OutcomeAccepted, say("red", "claim 2").Kind)
}

// A second undo in the same game: the answer "accept" is the same lines
// as the first one, and the token in the request makes it fresh.
func TestUndoTwiceWithTheRequestsToken(t *testing.T) {
	f := newFixture(t)
	for round := 0; round < 2; round++ {
		f.seat("north", "pick 2")
		o, _ := f.seat("north", "undo")
		require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
		asked := f.lastTo("bob@example.org").Text
		tok := regexp.MustCompile(`token: (\S+)`).FindStringSubmatch(asked)
		require.NotNil(t, tok, asked)
		o = f.handle(f.plainMail("bob@example.org", "Re: ["+f.game+"]", "secret: "+f.secrets["south"]+"\ntoken: "+tok[1]+"\naccept"))
		require.Equal(t, store.OutcomeAccepted, o.Kind, "round %d: %s", round, o.Reason)
		require.Nil(t, f.game_().Undo)
	}
}
