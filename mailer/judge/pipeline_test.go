package judge

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// Each step of an email's path, on its own: given what the earlier steps
// found, it ends the email with an outcome (and says why) or fills in its
// part of the context and lets the email go on.

var errRollback = errors.New("roll back the test transaction")

// runSteps parses raw and runs the steps in order until one ends the
// email, in a transaction that is rolled back; it returns the outcome (nil
// if every step let the email go on), the context, and the number of
// mails the steps queued.
func (f *fixture) runSteps(raw []byte, steps ...func(*Judge) step) (*Outcome, *mailCtx, int) {
	f.t.Helper()
	msg, perr := intake.Parse(raw, intake.Options{MaxBytes: 1 << 20})
	var out *Outcome
	var c *mailCtx
	queued := 0
	err := f.db.Update(func(tx *store.Tx) error {
		before, err := tx.Queued()
		require.NoError(f.t, err)
		c = &mailCtx{tx: tx, raw: raw, msg: msg, perr: perr, now: f.now}
		for _, s := range steps {
			o, err := s(f.j)(c)
			require.NoError(f.t, err)
			if o != nil {
				out = o
				break
			}
		}
		after, err := tx.Queued()
		require.NoError(f.t, err)
		queued = len(after) - len(before)
		return errRollback
	})
	require.ErrorIs(f.t, err, errRollback)
	return out, c, queued
}

func stepReadable(j *Judge) step     { return j.readable }
func stepAdmit(j *Judge) step        { return j.admit }
func stepFindGame(j *Judge) step     { return j.findGame }
func stepAuthenticate(j *Judge) step { return j.authenticate }
func stepRequests(j *Judge) step     { return j.requests }
func stepCheckSecret(j *Judge) step  { return j.checkSecret }
func stepOrderLines(j *Judge) step   { return j.orderLines }

var upToAuth = []func(*Judge) step{stepReadable, stepAdmit, stepFindGame, stepAuthenticate}

func TestStepReadable(t *testing.T) {
	f := newFixture(t)
	o, _, n := f.runSteps([]byte("From: alice@example.org\r\nSubject: x\r\nContent-Type: image/png\r\n\r\nxx"), stepReadable)
	require.Equal(t, store.OutcomeIgnored, o.Kind)
	require.Contains(t, o.Reason, "no text part")
	require.Equal(t, 1, n, "the sender is told")
	o, _, n = f.runSteps([]byte("From: MAILER-DAEMON@example.org\r\nSubject: x\r\nContent-Type: image/png\r\n\r\nxx"), stepReadable)
	require.Equal(t, store.OutcomeIgnored, o.Kind)
	require.Zero(t, n, "no reply to an automatic sender")
	o, _, _ = f.runSteps(f.mail("alice@example.org", "["+f.game+"]", "pick 1"), stepReadable)
	require.Nil(t, o, "a readable email goes on")
}

func TestStepAdmit(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct {
		name, from, subject, body string
		reason                    string // "" goes on
	}{
		{"player", "alice@example.org", "[" + f.game + "]", "pick 1", ""},
		{"player, no tag", "alice@example.org", "orders", "pick 1", ""},
		{"stranger, own tag", "eve@example.net", "[" + f.game + "]", "pick 1", ""},
		{"stranger, no game", "eve@example.net", "[nosuch-3] win big", "buy now", "no game of this server, from an address that plays none"},
		{"stranger, untagged", "eve@example.net", "hello", "buy now", "no game of this server, from an address that plays none"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o, ctx, n := f.runSteps(f.mail(c.from, c.subject, c.body), stepReadable, stepAdmit)
			if c.reason == "" {
				require.Nil(t, o)
				require.NotNil(t, ctx.orders)
				return
			}
			require.Equal(t, store.OutcomeIgnored, o.Kind)
			require.Equal(t, c.reason, o.Reason)
			require.Zero(t, n, "spam is never answered")
		})
	}
	raw := []byte("From: alice@example.org\r\nSubject: Auto: away\r\nAuto-Submitted: auto-replied\r\n\r\nI am away")
	o, _, _ := f.runSteps(raw, stepReadable, stepAdmit)
	require.Equal(t, "automatic reply or bounce", o.Reason)
}

func TestStepFindGame(t *testing.T) {
	f := newFixture(t)
	steps := []func(*Judge) step{stepReadable, stepAdmit, stepFindGame}
	o, _, n := f.runSteps(f.mail("alice@example.org", "orders", "pick 1"), steps...)
	require.Equal(t, "no game tag", o.Reason)
	require.Equal(t, 1, n)
	o, _, _ = f.runSteps(f.mail("alice@example.org", "[nosuch-3]", "pick 1"), steps...)
	require.Equal(t, "unknown game", o.Reason)
	require.Equal(t, "nosuch-3", o.GameID)
	o, c, n := f.runSteps(f.mail("alice@example.org", "Re: ["+f.game+"] report", "pick 1"), steps...)
	require.Nil(t, o)
	require.Zero(t, n)
	require.Equal(t, f.game, c.g.ID)
}

func TestStepAuthenticate(t *testing.T) {
	f := newFixture(t)
	o, _, n := f.runSteps(f.mail("eve@example.net", "["+f.game+"]", "pick 1"), upToAuth...)
	require.Equal(t, "sender is not a player", o.Reason)
	require.Empty(t, o.Role)
	require.Equal(t, 1, n)
	for _, c := range []struct{ from, role string }{
		{"alice@example.org", "north"}, {"alice@home.example", "north"}, {"bob@example.org", "south"}, {"gm@example.org", "gm"},
	} {
		o, ctx, _ := f.runSteps(f.mail(c.from, "["+f.game+"]", "pick 1"), upToAuth...)
		require.Nil(t, o, c.from)
		require.Equal(t, adjudicator.Role(c.role), ctx.role, c.from)
		require.NotNil(t, ctx.st)
	}
}

func TestStepRequests(t *testing.T) {
	f := newFixture(t)
	steps := append(append([]func(*Judge) step{}, upToAuth...), stepRequests)
	for body, reason := range map[string]string{"report": "report resent", "record": "record sent", "help": "help sent", "pick 1": ""} {
		o, _, n := f.runSteps(f.mail("bob@example.org", "["+f.game+"]", body), steps...)
		if reason == "" {
			require.Nil(t, o, "orders go on to the secret check")
			require.Zero(t, n)
			continue
		}
		require.Equal(t, store.OutcomeAccepted, o.Kind, body)
		require.Equal(t, reason, o.Reason)
		require.Equal(t, 1, n, body)
	}
}

func TestStepCheckSecret(t *testing.T) {
	f := newFixture(t)
	steps := append(append([]func(*Judge) step{}, upToAuth...), stepRequests, stepCheckSecret)
	for body, reason := range map[string]string{
		"pick 1":                                     "the secret is missing",
		"secret: nope\npick 1":                       "the secret is wrong",
		"secret: <your secret>\npick 1":              "the secret is missing",
		"secret: " + f.secrets["south"] + "\npick 1": "",
		"secret: " + f.secrets["north"] + "\npick 1": "the secret is wrong", // another seat's
	} {
		o, _, _ := f.runSteps(f.mail("bob@example.org", "["+f.game+"]", body), steps...)
		if reason == "" {
			require.Nil(t, o)
			continue
		}
		require.Equal(t, reason, o.Reason, body)
	}
	require.NoError(t, f.j.EndGame(f.game, ""))
	o, _, _ := f.runSteps(f.mail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 1"), steps...)
	require.Equal(t, "game over", o.Reason)
}

func TestStepOrderLines(t *testing.T) {
	f := newFixture(t)
	steps := append(append([]func(*Judge) step{}, upToAuth...), stepRequests, stepCheckSecret, stepOrderLines)
	sec := "secret: " + f.secrets["south"] + "\n"
	o, _, n := f.runSteps(f.mail("bob@example.org", "["+f.game+"]", sec+"turn: 7\npick 1"), steps...)
	require.Equal(t, "stale turn", o.Reason)
	require.Equal(t, 2, n, "a notice and the latest report")
	o, _, _ = f.runSteps(f.mail("bob@example.org", "["+f.game+"]", sec+"turn: 1"), steps...)
	require.Equal(t, "no orders", o.Reason)
	o, c, _ := f.runSteps(f.mail("bob@example.org", "["+f.game+"]", sec+"turn: 1\npick 1 "+f.secrets["south"]), steps...)
	require.Nil(t, o)
	require.Len(t, c.lines, 1)
	require.NotContains(t, c.lines[0].Text, f.secrets["south"], "the secret never reaches the engine")
}
