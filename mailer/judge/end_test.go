package judge

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

func (f *fixture) gm(body string) *Outcome {
	f.t.Helper()
	return f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\n"+body))
}

func (f *fixture) player(from string, role adjudicator.Role, body string) *Outcome {
	f.t.Helper()
	return f.handle(f.mail(from, "["+f.game+"]", "secret: "+f.secrets[role]+"\n"+body))
}

// mailsSince returns the mails queued after the first n, by recipient.
func (f *fixture) mailsSince(n int) map[string][]*store.OutMail {
	out := map[string][]*store.OutMail{}
	for _, m := range f.outbox()[n:] {
		out[m.To[0]] = append(out[m.To[0]], m)
	}
	return out
}

// checkFinishedRecord exports the game as anyone may see it now, and
// checks that it reveals the hidden chain, verifies, and replays to the
// stored state.
func (f *fixture) checkFinishedRecord() *record.Record {
	f.t.Helper()
	rec, err := f.j.Export(f.game, false)
	require.NoError(f.t, err)
	require.NotNil(f.t, rec.Dice.HiddenSecret, "a finished game's record reveals the hidden chain")
	rep := record.Verify(rec)
	require.True(f.t, rep.OK(), rep.String())
	eng, err := adjudicator.Lookup("duel-test")
	require.NoError(f.t, err)
	_, hash, err := record.Replay(rec, eng)
	require.NoError(f.t, err)
	require.Equal(f.t, f.game_().StateHash, hash)
	last := rec.Entries[len(rec.Entries)-1]
	require.Equal(f.t, record.KindNote, last.Kind)
	return rec
}

func TestGMAbandonEndsTheGame(t *testing.T) {
	f := newFixture(t)
	f.player("alice@example.org", "north", "pick 3")
	n := len(f.outbox())
	o := f.gm("abandon the players moved away")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)

	g := f.game_()
	require.True(t, g.Status.Finished)
	require.Empty(t, g.Status.Winner)
	require.Equal(t, "abandoned by the GM: the players moved away", g.Status.Result)
	require.True(t, g.Deadline.IsZero())
	require.Empty(t, g.Owing)

	// Everyone is told, the GM included; the GM also has the confirmation.
	got := f.mailsSince(n)
	for _, addr := range []string{"alice@example.org", "bob@example.org"} {
		require.Len(t, got[addr], 1, addr)
		require.Contains(t, got[addr][0].Subject, "Game over: abandoned by the GM")
		require.Contains(t, got[addr][0].Text, "is over: abandoned by the GM: the players moved away")
	}
	require.Len(t, got["gm@example.org"], 2)
	require.Contains(t, f.lastTo("gm@example.org").Text, "the game is over (abandoned by the GM")

	// Orders are refused as in any finished game; so are GM commands.
	require.Equal(t, "game over", f.player("bob@example.org", "south", "pick 1").Reason)
	require.Equal(t, "game over", f.gm("abandon again").Reason)

	rec := f.checkFinishedRecord()
	require.Equal(t, []string{"abandon the players moved away"}, rec.Entries[len(rec.Entries)-1].Lines)
	require.Equal(t, "gm", rec.Entries[len(rec.Entries)-1].Role)
}

func TestGMAbandonIsAllOrNothing(t *testing.T) {
	f := newFixture(t)
	seq := f.game_().Seq
	n := len(f.outbox())
	// A dry run changes nothing and says what would happen.
	o := f.handle(f.mail("gm@example.org", "check ["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\nabandon"))
	require.Equal(t, store.OutcomeCheck, o.Kind)
	require.Contains(t, f.lastTo("gm@example.org").Text, "would be carried out")
	require.Contains(t, f.lastTo("gm@example.org").Text, "the game is over (abandoned by the GM)")
	// A faulty line after abandon: nothing applied.
	o = f.gm("abandon\nfrobnicate")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, f.lastTo("gm@example.org").Text, "line 3: comes after abandon, which ends the game")
	// Without the GM's secret, nothing.
	o = f.handle(f.mail("gm@example.org", "["+f.game+"]", "abandon"))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.False(t, f.game_().Status.Finished)
	require.Equal(t, seq, f.game_().Seq)
	for _, m := range f.outbox()[n:] {
		require.Equal(t, "gm@example.org", m.To[0], "players hear nothing of refused or checked commands")
	}
}

func TestPlayerResigns(t *testing.T) {
	f := newFixture(t)
	n := len(f.outbox())
	// Resign must be alone; a stranger or a wrong secret cannot resign.
	o := f.player("alice@example.org", "north", "resign\npick 2")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, o.Reason, `"resign" must be the only line`)
	o = f.handle(f.mail("alice@example.org", "["+f.game+"]", "resign"))
	require.Equal(t, "the secret is missing", o.Reason)
	o = f.handle(f.mail("mallory@example.net", "["+f.game+"]", "secret: "+f.secrets["north"]+"\nresign"))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Equal(t, "sender is not a player", o.Reason)
	// A check says what it would do.
	o = f.handle(f.mail("alice@example.org", "check ["+f.game+"]", "secret: "+f.secrets["north"]+"\nresign"))
	require.Equal(t, store.OutcomeCheck, o.Kind)
	require.Contains(t, f.lastTo("alice@example.org").Text, "would end the game: North resigned; South wins")
	require.False(t, f.game_().Status.Finished)
	for _, m := range f.outbox()[n:] {
		require.NotEqual(t, "bob@example.org", m.To[0], "refusals and checks go to the sender only")
	}

	n = len(f.outbox())
	o = f.player("alice@example.org", "north", "Resign.")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g := f.game_()
	require.True(t, g.Status.Finished)
	require.Equal(t, []string{"south"}, g.Status.Winner)
	require.Equal(t, "North resigned; South wins", g.Status.Result)
	got := f.mailsSince(n)
	for _, addr := range []string{"alice@example.org", "bob@example.org", "gm@example.org"} {
		require.Len(t, got[addr], 1, addr)
		require.Contains(t, got[addr][0].Text, "North resigned; South wins")
	}
	require.Equal(t, "game over", f.player("bob@example.org", "south", "pick 1").Reason)
	rec := f.checkFinishedRecord()
	require.Equal(t, "north", rec.Entries[len(rec.Entries)-1].Role)
}

func TestResignWithSeveralOpponentsGoesToTheGM(t *testing.T) {
	f := newFixture(t)
	spec := NewGameSpec{ID: "council-1", Game: "council-test", Scenario: "3-players", GM: "gm@club.example"}
	for _, r := range []string{"red", "blue", "green"} {
		spec.Players = append(spec.Players, PlayerSpec{Role: adjudicator.Role(r), Email: r + "@club.example"})
	}
	c, err := f.j.NewGame(spec)
	require.NoError(t, err)
	o := f.handle(f.mail("red@club.example", "[council-1]", "secret: "+c.Secrets["red"]+"\nresign"))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, o.Reason, "in a game of 3 sides a resignation is the GM's to settle")
	require.Contains(t, f.lastTo("red@club.example").Text, "write to the GM at gm@club.example")
	var g *store.Game
	require.NoError(t, f.db.View(func(tx *store.Tx) (err error) { g, err = tx.Game("council-1"); return }))
	require.False(t, g.Status.Finished)
}

func TestEndGameFromTheCommandLine(t *testing.T) {
	f := newFixture(t)
	require.NoError(t, f.j.EndGame(f.game, "club closed"))
	g := f.game_()
	require.True(t, g.Status.Finished)
	require.Equal(t, "abandoned by the server's operator: club closed", g.Status.Result)
	require.Contains(t, strings.Join(strings.Fields(f.lastTo("bob@example.org").Text), " "), "club closed")
	f.checkFinishedRecord()

	err := f.j.EndGame(f.game, "")
	require.ErrorContains(t, err, "is already over")
	err = f.j.EndGame("nosuch-1", "")
	require.ErrorIs(t, err, store.ErrNotFound)
	require.Equal(t, g.Seq, f.game_().Seq, "refusals change nothing")
}

func TestGMDeadlineIsAnnounced(t *testing.T) {
	f := newFixture(t)
	n := len(f.outbox())
	require.Equal(t, store.OutcomeAccepted, f.gm("deadline 5").Kind)
	got := f.mailsSince(n)
	for _, addr := range []string{"alice@example.org", "bob@example.org"} {
		require.Len(t, got[addr], 1, addr)
		require.Equal(t, "["+f.game+"] New deadline: Sat 21 Nov 17:00 UTC", got[addr][0].Subject)
		require.Contains(t, got[addr][0].Text, "The GM set the deadline")
	}
	require.Len(t, got["gm@example.org"], 1, "the GM has the confirmation only")
	require.True(t, f.game_().DeadlineByGM)

	n = len(f.outbox())
	require.Equal(t, store.OutcomeAccepted, f.gm("deadline off").Kind)
	got = f.mailsSince(n)
	require.Contains(t, got["bob@example.org"][0].Text, "lifted the deadline")
	require.True(t, f.game_().Deadline.IsZero())
}

func TestGMReplaceTellsEveryone(t *testing.T) {
	f := newFixture(t)
	n := len(f.outbox())
	require.Equal(t, store.OutcomeAccepted, f.gm("replace north carol@example.org").Kind)
	got := f.mailsSince(n)
	require.Len(t, got["alice@example.org"], 1)
	require.Contains(t, got["alice@example.org"][0].Text, "handed your seat")
	require.Contains(t, got["alice@example.org"][0].Text, "secret no longer works")
	require.Len(t, got["bob@example.org"], 1)
	require.Contains(t, got["bob@example.org"][0].Text, "handed North's seat in game ["+f.game+"] to a new player")
	require.NotContains(t, got["bob@example.org"][0].Text, "carol", "the new player's address is not announced")
	kinds := map[string]bool{}
	for _, m := range got["carol@example.org"] {
		kinds[m.Kind] = true
	}
	require.True(t, kinds["welcome"] && kinds["report"], "the new player gets a welcome and a report")
	for _, m := range got["bob@example.org"] {
		require.NotContains(t, m.Text, "YOUR SECRET")
	}
}

// TestRollbackKeepsGMDeadline: a deadline the GM set by hand survives a
// rollback; the next decision the game moves on to gets a normal one.
func TestRollbackKeepsGMDeadline(t *testing.T) {
	f := newFixture(t)
	f.player("alice@example.org", "north", "pick 3")
	f.now = f.now.Add(time.Hour)
	require.Equal(t, store.OutcomeAccepted, f.gm("deadline 100").Kind)
	set := f.game_().Deadline
	require.Equal(t, f.now.Add(100*time.Hour).Truncate(time.Minute), set)

	f.now = f.now.Add(time.Hour)
	require.Equal(t, store.OutcomeAccepted, f.gm("rollback 1 north asked").Kind)
	g := f.game_()
	require.Equal(t, set, g.Deadline, "the GM's deadline stands")
	require.True(t, g.DeadlineByGM)

	// The game moves on: a normal deadline again.
	f.player("alice@example.org", "north", "pick 3")
	f.player("bob@example.org", "south", "pick 1")
	g = f.game_()
	require.False(t, g.DeadlineByGM)
	require.Equal(t, f.now.Add(time.Duration(g.DeadlineHours)*time.Hour).Truncate(time.Minute), g.Deadline)

	// Without a GM deadline, a rollback starts a fresh one.
	f2 := newFixture(t)
	f2.player("alice@example.org", "north", "pick 3")
	f2.now = f2.now.Add(5 * time.Hour)
	require.Equal(t, store.OutcomeAccepted, f2.gm("rollback 1").Kind)
	g = f2.game_()
	require.Equal(t, f2.now.Add(time.Duration(g.DeadlineHours)*time.Hour).Truncate(time.Minute), g.Deadline)
}

func TestNoteEntriesInRecordsAreNeutral(t *testing.T) {
	f := newFixture(t)
	f.player("alice@example.org", "north", "pick 3")
	before := f.game_().StateHash
	require.NoError(t, f.j.EndGame(f.game, ""))
	require.Equal(t, before, f.game_().StateHash, "ending a game leaves its state as it was")
	rec := f.checkFinishedRecord()
	full, err := f.j.Export(f.game, true)
	require.NoError(t, err)
	require.True(t, record.Verify(full).OK())
	require.Equal(t, fmt.Sprint(rec.Entries), fmt.Sprint(full.Entries))
	require.True(t, strings.HasPrefix(rec.Entries[len(rec.Entries)-1].Lines[0], "abandon"))
}

func TestOutcomeNamesTheEmail(t *testing.T) {
	f := newFixture(t)
	raw := f.mail("Alice@Example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 2")
	o := f.handle(raw)
	require.Equal(t, "alice@example.org", o.From)
	require.True(t, strings.HasPrefix(o.MessageID, "m"), o.MessageID)
	require.NotContains(t, fmt.Sprint(*o), f.secrets["north"])
	d := f.handle(raw)
	require.Equal(t, "duplicate", d.Kind)
	require.Equal(t, o.MessageID, d.MessageID)
}
