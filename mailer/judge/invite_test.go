package judge

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

type inviteFixture struct {
	t   *testing.T
	db  *store.DB
	j   *Judge
	now time.Time
	n   int
}

func newInviteFixture(t *testing.T) *inviteFixture {
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	f := &inviteFixture{t: t, db: db, now: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	f.j = New(db, Options{Domain: "club.example", Now: func() time.Time { return f.now }, RatePerHour: 1000,
		Creators: map[string]string{"gm@club.example": "open-sesame-42"}})
	return f
}

func (f *inviteFixture) send(from, subject, body string) *Outcome {
	f.t.Helper()
	f.n++
	raw := fmt.Sprintf("From: %s\r\nTo: orders@club.example\r\nSubject: %s\r\nMessage-ID: <inv.%d@club.example>\r\n\r\n%s",
		from, subject, f.n, strings.ReplaceAll(body, "\n", "\r\n"))
	o, err := f.j.HandleMail([]byte(raw))
	require.NoError(f.t, err)
	return o
}

// last returns the text of the latest mail to addr ("" when none).
func (f *inviteFixture) last(addr string) (string, string) {
	var subj, text string
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			if m.To[0] == addr {
				subj, text = m.Subject, m.Text
			}
		}
		return err
	}))
	return subj, flat(text)
}

const createHammer = "secret: open-sesame-42\ncreate hammer-of-the-scots braveheart\nplayer england ann@club.example\nplayer scotland bob@club.example es\noption schiltroms on\ndeadline 48\njoin 72\n"

func TestGameCreatedByEmail(t *testing.T) {
	f := newInviteFixture(t)
	o := f.send("gm@club.example", "new game", createHammer)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	id := o.GameID
	require.Equal(t, "hammer-1", id)
	_, text := f.last("gm@club.example")
	require.Contains(t, text, "Game [hammer-1] (Hammer of the Scots, braveheart) is offered to its players")
	subj, text := f.last("ann@club.example")
	require.Equal(t, "[hammer-1] Invitation to a game", subj)
	require.Contains(t, text, "gm@club.example invites you to a game of Hammer of the Scots")
	require.Contains(t, text, "Options: schiltroms on")
	subj, text = f.last("bob@club.example")
	require.Equal(t, "[hammer-1] Invitación a una partida", subj, "Bob reads Spanish")
	require.Contains(t, text, "Jugarías con: Scotland")

	// Ann joins with her own randomness; the game waits for Bob.
	o = f.send("ann@club.example", "Re: [hammer-1] Invitation to a game", "join\nentropy the cat walked on the keyboard\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	_, text = f.last("ann@club.example")
	require.Contains(t, text, "You joined game [hammer-1]. It starts when these players have joined too: Scotland.")
	require.NoError(t, f.db.View(func(tx *store.Tx) error {
		require.False(t, tx.HasGame(id))
		return nil
	}))
	// Something else than an answer is explained, and changes nothing.
	o = f.send("bob@club.example", "Re: [hammer-1]", "what is this?\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("bob@club.example")
	require.Contains(t, text, "Responde con la única línea \"join\"")

	// Bob joins: the game starts, with the GM as creator, the options
	// asked for and both players' entropy in its set-up.
	o = f.send("bob@club.example", "Re: [hammer-1]", "join\nentropy 4 8 15 16 23 42\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	var g *store.Game
	require.NoError(t, f.db.View(func(tx *store.Tx) error {
		var err error
		g, err = tx.Game(id)
		require.NoError(t, err)
		_, err = tx.Invite(id)
		require.ErrorIs(t, err, store.ErrNotFound, "the invitation is gone once the game starts")
		return nil
	}))
	require.Equal(t, "gm@club.example", g.GM)
	require.Equal(t, "on", g.Options["schiltroms"])
	require.Equal(t, 48, g.DeadlineHours)
	require.Equal(t, "es", g.Player("scotland").Lang)
	subj, text = f.last("bob@club.example")
	require.Contains(t, subj+text, "hammer-1")
	rec, err := f.j.Export(id, true)
	require.NoError(t, err)
	require.Equal(t, []string{"england: the cat walked on the keyboard", "scotland: 4 8 15 16 23 42"}, rec.Entries[0].Entropy)
	require.True(t, record.Verify(rec).OK(), record.Verify(rec).String())
	welcomes := 0
	require.NoError(t, f.db.View(func(tx *store.Tx) error {
		all, err := tx.AllMail()
		for _, m := range all {
			if m.Kind == "welcome" {
				welcomes++
			}
		}
		return err
	}))
	require.Equal(t, 3, welcomes, "both players and the GM get their welcome and secret")
}

func TestGameCreatedByEmailRefusals(t *testing.T) {
	f := newInviteFixture(t)
	// A stranger gets no answer; a wrong secret is refused.
	o := f.send("eve@example.org", "new game", strings.Replace(createHammer, "open-sesame-42", "guess", 1))
	require.Equal(t, store.OutcomeIgnored, o.Kind)
	subj, _ := f.last("eve@example.org")
	require.Empty(t, subj)
	o = f.send("gm@club.example", "new game", strings.Replace(createHammer, "open-sesame-42", "guess", 1))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text := f.last("gm@club.example")
	require.Contains(t, text, "creator's secret is missing or wrong")
	// Faulty lines are all listed, with the form of a create email.
	o = f.send("gm@club.example", "new game", "secret: open-sesame-42\ncreate hammer-of-the-scots\nplayer england ann@club.example\nplayer wales bob@club.example\njoin 9999\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("gm@club.example")
	require.Contains(t, text, "No game was created")
	require.Contains(t, text, "line 5: join 9999: want join HOURS, from 1 to 720")
	o = f.send("gm@club.example", "new game", "secret: open-sesame-42\ncreate hammer-of-the-scots\nplayer england ann@club.example\nplayer wales bob@club.example\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("gm@club.example")
	require.Contains(t, text, `no side "wales"`)
	require.Contains(t, text, "player SIDE ADDRESS [LANG]")
	// A creator who chose Spanish is told in Spanish.
	require.NoError(t, f.db.Update(func(tx *store.Tx) error { return tx.SetAddressLang("gm@club.example", "es") }))
	o = f.send("gm@club.example", "new game", "secret: open-sesame-42\ncreate hammer-of-the-scots\nplayer england ann@club.example\nplayer wales bob@club.example\n")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("gm@club.example")
	require.Contains(t, text, `no hay bando "wales" en este escenario`)
	o = f.send("gm@club.example", "new game", strings.Replace(createHammer, "option schiltroms on", "option schiltroms maybe", 1))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	_, text = f.last("gm@club.example")
	require.Contains(t, text, `opción schiltroms: "maybe" no es ninguno de`)
}

func TestInvitationDeclinedCancelledOrExpired(t *testing.T) {
	f := newInviteFixture(t)
	// Declined.
	o := f.send("gm@club.example", "new game", createHammer)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o = f.send("bob@club.example", "Re: [hammer-1]", "decline\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	for _, a := range []string{"ann@club.example", "gm@club.example"} {
		_, text := f.last(a)
		require.Contains(t, text, "Game [hammer-1] will not take place: Scotland declined.")
	}
	_, text := f.last("bob@club.example")
	require.Contains(t, text, "La partida [hammer-1] no se jugará")
	// Withdrawn by its creator.
	o = f.send("gm@club.example", "new game", createHammer)
	require.Equal(t, "hammer-2", o.GameID)
	o = f.send("gm@club.example", "Re: [hammer-2]", "cancel\n")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	_, text = f.last("ann@club.example")
	require.Contains(t, text, "Game [hammer-2] will not take place: the GM withdrew it.")
	_, text = f.last("bob@club.example")
	require.Contains(t, text, "La partida [hammer-2] no se jugará: el GM la ha retirado.", "the reason in the player's language")
	// Not everyone joined in time: the tick cancels it.
	o = f.send("gm@club.example", "new game", createHammer)
	require.Equal(t, "hammer-3", o.GameID)
	f.send("ann@club.example", "Re: [hammer-3]", "join\n")
	f.now = f.now.Add(71 * time.Hour)
	_, err := f.j.Tick()
	require.NoError(t, err)
	_, text = f.last("ann@club.example")
	require.Contains(t, text, "You joined game [hammer-3]", "not yet expired")
	f.now = f.now.Add(2 * time.Hour)
	_, err = f.j.Tick()
	require.NoError(t, err)
	_, text = f.last("ann@club.example")
	require.Contains(t, text, "Game [hammer-3] will not take place: not every player joined in time (missing: Scotland).")
	_, text = f.last("bob@club.example")
	require.Contains(t, text, "no todos los jugadores se unieron a tiempo (faltan: Scotland)")
	require.NoError(t, f.db.View(func(tx *store.Tx) error {
		ins, err := tx.Invites()
		require.Empty(t, ins)
		require.False(t, tx.HasGame("hammer-3"))
		return err
	}))
	// A late join to a cancelled game: nothing of it is left, so the
	// sender is told there is no such game or ignored.
	o = f.send("bob@club.example", "Re: [hammer-3]", "join\n")
	require.NotEqual(t, store.OutcomeAccepted, o.Kind)
}
