package judge

import (
	"fmt"
	"github.com/pbem/pbem/adjudicator/testdice"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// ordersOf lists the lines of g's orders entries of role, in log order.
func (f *fixture) ordersOf(role string) []string {
	var out []string
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		return tx.Log(f.game, 2, func(e *store.LogEntry) error {
			if e.Kind == record.KindOrders && e.Role == role {
				out = append(out, strings.Join(e.Lines, "; "))
			}
			return nil
		})
	}))
	return out
}

// windowFixture is the duel game with a 30-minute revision window.
func windowFixture(t *testing.T) *fixture {
	f := newFixture(t)
	o, text := f.gmSay("revise 30")
	require.Equal(t, store.OutcomeAccepted, o.Kind, text)
	require.Contains(t, text, "waits 30 minutes")
	require.Equal(t, 30, f.game_().Policy.ReviseMinutes)
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "waits 30 minutes before it moves on")
	require.Equal(t, []string{"gm: revise 30"}, f.notes())
	return f
}

func TestRevisionWindowHoldsAndResolvesAtTick(t *testing.T) {
	f := windowFixture(t)
	o, _ := f.seat("north", "pick 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Nil(t, f.game_().Held, "south still owes: nothing to hold")
	seq := f.game_().Seq
	// South's pick brings in the last decision: held, not applied.
	o, text := f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, "held for the revision window", o.Reason)
	require.Contains(t, text, "the game moves on at Sat 21 Nov 12:30 UTC unless someone revises")
	require.Contains(t, text, "pick 1")
	g := f.game_()
	require.NotNil(t, g.Held)
	require.Equal(t, seq, g.Seq, "nothing logged")
	require.Equal(t, 1, g.Status.Turn)
	require.Equal(t, f.now.Add(30*time.Minute), g.Held.Until)
	require.Equal(t, g.Held.Until, g.WakeAt(), "the window's end, not the deadline")
	told := flat(f.lastTo("alice@example.org").Text)
	require.Contains(t, told, "Every decision owed in game ["+f.game+"] is in: the game moves on at Sat 21 Nov 12:30 UTC")
	require.NotContains(t, told, "pick 1", "the held orders stay secret")
	// A dry run works as usual; the same email again is a duplicate.
	o, _ = f.seat("north", "check\npick 3")
	require.Equal(t, store.OutcomeCheck, o.Kind)
	// Before the window's end nothing moves.
	f.now = f.now.Add(29 * time.Minute)
	require.Equal(t, 0, f.tick())
	require.Equal(t, 1, f.game_().Status.Turn)
	// At its end the held orders apply, with the reports as usual.
	f.now = f.now.Add(time.Minute)
	require.Equal(t, 1, f.tick())
	g = f.game_()
	require.Nil(t, g.Held)
	require.Equal(t, 2, g.Status.Turn)
	require.Equal(t, seq+1, g.Seq)
	require.Contains(t, f.lastTo("bob@example.org").Text, "Round 1: north rolls")
	require.Equal(t, []string{"pick 1"}, f.ordersOf("south"))
	require.Equal(t, 1, g.Player("south").Stats.OnTime)
	// The next round gets its own deadline.
	require.True(t, g.Deadline.After(f.now))
	f.gmSay("abandon")
	f.checkFinishedRecord()
}

func TestRevisionWindowDuplicates(t *testing.T) {
	f := windowFixture(t)
	f.seat("north", "pick 2")
	raw := f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1")
	o := f.handle(raw)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	// The same email delivered again, and the same lines re-sent without
	// a token, are recognised: held orders are never applied twice.
	o = f.handle(raw)
	require.Equal(t, "duplicate", o.Kind)
	o = f.handle(f.plainMail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
	require.Equal(t, store.OutcomeRejected, o.Kind, o.Reason)
	require.Contains(t, o.Reason, "already applied")
	f.now = f.now.Add(time.Hour)
	require.Equal(t, 1, f.tick())
	require.Equal(t, 0, f.tick())
	require.Equal(t, []string{"pick 1"}, f.ordersOf("south"))
	require.Equal(t, 2, f.game_().Status.Turn)
}

func TestRevisionWindowReplacedByTheHolder(t *testing.T) {
	f := windowFixture(t)
	f.seat("north", "pick 2")
	f.seat("south", "pick 1")
	until := f.game_().Held.Until
	f.now = f.now.Add(10 * time.Minute)
	// Faulty new orders change nothing: the held ones stand.
	o, text := f.seat("south", "pick 9")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "NOT applied")
	require.Equal(t, []string{"pick 1"}, f.game_().Held.Lines)
	o, text = f.seat("south", "pick 3")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "replace the ones you sent before")
	g := f.game_()
	require.Equal(t, []string{"pick 3"}, g.Held.Lines)
	require.Equal(t, until, g.Held.Until, "a revision does not move the window's end")
	// The first orders may be sent again: they were never applied.
	o = f.handle(f.plainMail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, []string{"pick 1"}, f.game_().Held.Lines)
	f.seat("south", "pick 3")
	f.now = until
	require.Equal(t, 1, f.tick())
	require.Equal(t, []string{"pick 3"}, f.ordersOf("south"))
	require.Equal(t, 2, f.game_().Status.Turn)
	f.gmSay("abandon")
	f.checkFinishedRecord()
}

// North's pick was applied earlier in the same simultaneous step: he may
// still revise it; the step is rebuilt and no die is drawn.
func TestRevisionWindowEarlierSubmitterRevises(t *testing.T) {
	f := windowFixture(t)
	f.seat("north", "pick 2")
	f.seat("south", "pick 1")
	f.now = f.now.Add(5 * time.Minute)
	o, text := f.seat("north", "pick 3")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason+" "+text)
	g := f.game_()
	require.NotNil(t, g.Held, "south's orders still wait")
	require.Equal(t, []string{"south"}, g.Owing)
	require.Equal(t, 1, g.Status.Turn)
	require.Contains(t, text, "Your pick: 3")
	require.Equal(t, []string{"orders north", "rollback north", "orders north"}, f.logKinds()[1:])
	bobs := flat(f.lastTo("bob@example.org").Text)
	require.Contains(t, bobs, "North revised his orders in the revision window")
	// South's report says his orders wait, and owes nothing.
	require.Contains(t, bobs, "Your orders (pick 1) are in and wait in the revision window")
	require.NotContains(t, bobs, "Reply to this email with the block below")
	// Faulty revised orders are answered as any faulty orders.
	o, text = f.seat("north", "pick 7")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "NOT applied")
	// Revised twice: the step is rebuilt again.
	o, _ = f.seat("north", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	f.now = g.Held.Until
	require.Equal(t, 1, f.tick())
	g = f.game_()
	require.Equal(t, 2, g.Status.Turn)
	require.Equal(t, []string{"pick 2", "pick 3", "pick 1"}, f.ordersOf("north"))
	require.Contains(t, f.lastTo("alice@example.org").Text, "Round 1: north rolls")
	require.Equal(t, 1, g.Player("north").Stats.OnTime, "one decision, counted once")
	f.gmSay("abandon")
	f.checkFinishedRecord()
}

// In the council game the claim is made alone, then the others answer at
// the same time: an answer may be revised while the last one is held,
// the claim (public, and made before the answers were owed) may not.
func TestRevisionWindowRefusedWhenUnsafe(t *testing.T) {
	f := newFixture(t)
	spec := NewGameSpec{ID: "council-1", Game: "council-test", Scenario: "3-players", GM: "gm@club.example", Policy: store.Policy{ReviseMinutes: 15}}
	for _, r := range []string{"red", "blue", "green"} {
		spec.Players = append(spec.Players, PlayerSpec{Role: adjudicator.Role(r), Email: r + "@club.example"})
	}
	c, err := f.j.NewGame(spec)
	require.NoError(t, err)
	f.game = "council-1"
	say := func(role, line string) (*Outcome, string) {
		o := f.handle(f.mail(role+"@club.example", "[council-1]", "secret: "+c.Secrets[adjudicator.Role(role)]+"\n"+line))
		return o, flat(f.lastTo(role + "@club.example").Text)
	}
	// Red's claim is the only decision owed: held, then applied.
	o, text := say("red", "claim 4")
	require.Equal(t, "held for the revision window", o.Reason, text)
	f.now = f.now.Add(15 * time.Minute)
	require.Equal(t, 1, f.tick())
	require.ElementsMatch(t, []string{"blue", "green"}, f.game_().Owing)
	// Blue and green answer at the same time; green's answer is held.
	o, _ = say("blue", "trust")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, _ = say("green", "doubt")
	require.Equal(t, "held for the revision window", o.Reason)
	require.Contains(t, flat(f.lastTo("blue@club.example").Text), "Every decision owed in game [council-1] is in")
	require.NotContains(t, flat(f.lastTo("red@club.example").Text), "Every decision owed", "red owed nothing in this step")
	// Red's claim was public before the answers were owed: it stands.
	seq := f.game_().Seq
	o, text = say("red", "claim 2")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "no orders in this step that may still be revised")
	require.Equal(t, seq, f.game_().Seq, "nothing logged")
	// Blue's sealed answer may be revised.
	o, text = say("blue", "doubt")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason+" "+text)
	require.Contains(t, text, "Your answer: doubt")
	f.now = f.now.Add(15 * time.Minute)
	require.Equal(t, 1, f.tick())
	g := f.game_()
	require.Nil(t, g.Held)
	require.Equal(t, 2, g.Status.Turn)
	require.Equal(t, []string{"trust", "doubt"}, f.ordersOf("blue"))
	// The record verifies and replays to the stored state.
	rec, err := f.j.Export(f.game, true)
	require.NoError(t, err)
	rep := record.Verify(rec)
	require.True(t, rep.OK(), rep.String())
	eng, err := adjudicator.Lookup("council-test")
	require.NoError(t, err)
	_, hash, err := record.Replay(rec, eng)
	require.NoError(t, err)
	require.Equal(t, g.StateHash, hash)
}

func TestRevisionWindowOffKeepsTodaysBehaviour(t *testing.T) {
	f := newFixture(t)
	f.seat("north", "pick 2")
	o, _ := f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind)
	require.Equal(t, "", o.Reason)
	require.Nil(t, f.game_().Held)
	require.Equal(t, 2, f.game_().Status.Turn)
	// A window set and lifted again: the same.
	f.gmSay("revise 30")
	o, text := f.gmSay("revise off")
	require.Equal(t, store.OutcomeAccepted, o.Kind, text)
	f.seat("north", "pick 2")
	f.seat("south", "pick 1")
	require.Equal(t, 3, f.game_().Status.Turn)
	o, text = f.gmSay("revise 721")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "revise MINUTES (1 to 720)")
}

// The held orders are in the store: a judge on the reopened store
// applies them at the window's end.
func TestRevisionWindowSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pbem.db")
	db, err := store.Open(path, store.Options{})
	require.NoError(t, err)
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	f := &fixture{t: t, db: db, now: now}
	f.j = New(db, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return f.now }})
	c, err := f.j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{
		{Role: "north", Email: "alice@example.org"}, {Role: "south", Email: "bob@example.org"},
	}, GM: "gm@example.org", Policy: store.Policy{ReviseMinutes: 20}})
	require.NoError(t, err)
	f.game, f.secrets = c.Game.ID, c.Secrets
	f.seat("north", "pick 2")
	f.seat("south", "pick 3")
	require.NotNil(t, f.game_().Held)
	require.NoError(t, db.Close())

	db, err = store.Open(path, store.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	f.db = db
	f.j = New(db, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return f.now }})
	g := f.game_()
	require.NotNil(t, g.Held)
	require.Equal(t, []string{"pick 3"}, g.Held.Lines)
	f.now = now.Add(20 * time.Minute)
	require.Equal(t, 1, f.tick())
	require.Equal(t, 2, f.game_().Status.Turn)
	require.Equal(t, []string{"pick 3"}, f.ordersOf("south"))
}

// A pause freezes the window; the deadline does not run while orders
// are held; a GM rollback drops them.
func TestRevisionWindowPauseDeadlineAndRollback(t *testing.T) {
	f := windowFixture(t)
	f.seat("north", "pick 2")
	f.seat("south", "pick 1")
	f.now = f.now.Add(10 * time.Minute)
	o, text := f.gmSay("pause 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, text)
	g := f.game_()
	require.True(t, g.Held.Until.IsZero())
	require.Equal(t, 20*time.Minute, g.Held.Left)
	f.now = f.now.Add(time.Hour)
	require.Equal(t, 0, f.tick())
	o, text = f.gmSay("resume")
	require.Equal(t, store.OutcomeAccepted, o.Kind, text)
	require.Equal(t, f.now.Add(20*time.Minute), f.game_().Held.Until)
	// The deadline passing while orders are held applies no defaults.
	f.gmSay("deadline 1")
	f.now = f.now.Add(19 * time.Minute)
	require.Equal(t, 0, f.tick())
	require.Equal(t, 1, f.game_().Status.Turn)
	// A GM rollback drops the held orders; their sender is told.
	o, text = f.gmSay("rollback 3")
	require.Equal(t, store.OutcomeAccepted, o.Kind, text)
	g = f.game_()
	require.Nil(t, g.Held)
	dropped := false
	for _, m := range f.outbox() {
		dropped = dropped || m.To[0] == "bob@example.org" && strings.Contains(flat(m.Text), "waiting for the end of the revision window are NOT applied")
	}
	require.True(t, dropped, "south is told")
	require.ElementsMatch(t, []string{"south"}, g.Owing)
	// South's orders may be sent again and are held anew; the GM's
	// defaults apply them at once.
	o, _ = f.seat("south", "pick 1")
	require.Equal(t, "held for the revision window", o.Reason)
	o, text = f.gmSay("defaults")
	require.Equal(t, store.OutcomeAccepted, o.Kind, text)
	require.Contains(t, text, "the orders South sent are applied now")
	require.Equal(t, 2, f.game_().Status.Turn)
	require.Equal(t, []string{"pick 1"}, f.ordersOf("south"))
}

// The block games' card play: both sides play a card at the same time.
// The first card may be revised while the second waits in the window;
// the record still verifies and replays.
func TestRevisionWindowBlockGameCardPlay(t *testing.T) {
	for _, c := range []struct{ game, scenario string }{
		{"richard-iii", "wars-of-the-roses"},
		{"hammer-of-the-scots", "braveheart"},
	} {
		t.Run(c.game, func(t *testing.T) {
			db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
			require.NoError(t, err)
			defer db.Close()
			now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
			j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }})
			eng, err := adjudicator.Lookup(c.game)
			require.NoError(t, err)
			info := eng.Info()
			sc, err := info.ScenarioByID(c.scenario)
			require.NoError(t, err)
			spec := NewGameSpec{Game: c.game, Scenario: sc.ID, GM: "gm@club.example", Policy: store.Policy{ReviseMinutes: 30}}
			for _, r := range info.RolesFor(sc) {
				spec.Players = append(spec.Players, PlayerSpec{Role: r, Email: string(r) + "@club.example"})
			}
			cr, err := j.NewGame(spec)
			require.NoError(t, err)
			id := cr.Game.ID
			load := func() (*store.Game, adjudicator.State) {
				var g *store.Game
				require.NoError(t, db.View(func(tx *store.Tx) error { g, err = tx.Game(id); return err }))
				st, err := eng.Decode(g.State)
				require.NoError(t, err)
				return g, st
			}
			n := 0
			send := func(role adjudicator.Role, lines []adjudicator.Line) *Outcome {
				g, _ := load()
				body := fmt.Sprintf("secret: %s\ntoken: %s\n", cr.Secrets[role], tokenFor(id, g.Player(string(role))))
				for _, l := range lines {
					body += l.Text + "\n"
				}
				n++
				raw := fmt.Sprintf("From: %s@club.example\r\nTo: orders+%s@club.example\r\nSubject: Re: [%s] report\r\nMessage-ID: <%s.%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
					role, id, id, role, n, strings.ReplaceAll(body, "\n", "\r\n"))
				o, err := j.HandleMail([]byte(raw))
				require.NoError(t, err)
				return o
			}
			pick := testdice.New(7)
			cards := func(r adjudicator.Role, st adjudicator.State) []adjudicator.Line {
				return st.(adjudicator.Player).RandomSubmission(r, pick.Intn).Lines
			}
			// Up to the first step where both sides owe a decision at
			// once (Richard III begins with York's mulligan): each
			// decision alone waits in the window, then applies.
			g, st := load()
			for k := 0; len(owingRoles(st)) == 1 && k < 20; k++ {
				r := owingRoles(st)[0]
				o := send(r, cards(r, st))
				require.Equal(t, "held for the revision window", o.Reason, "%s at %s", r, g.Status.Label)
				now = now.Add(30 * time.Minute)
				changed, err := j.Tick()
				require.NoError(t, err)
				require.Equal(t, 1, changed)
				g, st = load()
			}
			owing := owingRoles(st)
			require.Len(t, owing, 2, "both sides play a card: %s", g.Status.Label)
			first, second := owing[0], owing[1]
			o := send(first, cards(first, st))
			require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
			g, st = load()
			require.Nil(t, g.Held)
			o = send(second, cards(second, st))
			require.Equal(t, "held for the revision window", o.Reason)
			// The first side plays another card (any legal one).
			again := cards(first, mustBefore(t, j, id, eng, first))
			now = now.Add(5 * time.Minute)
			o = send(first, again)
			require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
			g, _ = load()
			require.NotNil(t, g.Held)
			now = now.Add(25 * time.Minute)
			changed, err := j.Tick()
			require.NoError(t, err)
			require.Equal(t, 1, changed)
			g, st = load()
			require.Nil(t, g.Held)
			require.NotEqual(t, owing, owingRoles(st), "the game moved on")
			rec, err := j.Export(id, true)
			require.NoError(t, err)
			rep := record.Verify(rec)
			require.True(t, rep.OK(), rep.String())
			_, hash, err := record.Replay(rec, eng)
			require.NoError(t, err)
			require.Equal(t, g.StateHash, hash)
			var last record.Entry
			for _, e := range rec.Entries {
				if e.Kind == record.KindOrders && e.Role == string(first) {
					last = e
				}
			}
			var want []string
			for _, l := range again {
				if !strings.HasPrefix(l.Text, "#") { // a comment, not an order
					want = append(want, l.Text)
				}
			}
			require.Equal(t, want, last.Lines, "the revised card is the one played")
		})
	}
}

// mustBefore is the state of game id before role's last orders entry.
func mustBefore(t *testing.T, j *Judge, id string, eng adjudicator.Game, role adjudicator.Role) adjudicator.State {
	rec, err := j.Export(id, true)
	require.NoError(t, err)
	var st adjudicator.State
	_, _, err = record.Walk(rec, eng, func(e record.Entry, s adjudicator.State) {
		if e.Kind == record.KindOrders && e.Role == string(role) {
			st = s
		}
	})
	require.NoError(t, err)
	return st
}
