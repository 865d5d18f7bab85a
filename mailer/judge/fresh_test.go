package judge

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

// Replays: an applied email re-sent under a new Message-ID never applies
// a second time, for a player or for the GM.

var tokenLine = regexp.MustCompile(`(?m)^token: (\S+)$`)

// tokenIn is the one-time token of the latest mail to addr that has one
// (a report, or a GM's confirmation).
func (f *fixture) tokenIn(addr string) string {
	f.t.Helper()
	all := f.outbox()
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].To[0] == addr && tokenLine.MatchString(all[i].Text) {
			return tokenLine.FindStringSubmatch(all[i].Text)[1]
		}
	}
	f.t.Fatalf("no token mailed to %s", addr)
	return ""
}

func TestStepFresh(t *testing.T) {
	f := newFixture(t)
	steps := append(append([]func(*Judge) step{}, upToAuth...), stepRequests, stepCheckSecret, func(j *Judge) step { return j.fresh })
	sec := "secret: " + f.secrets["north"] + "\n"
	tok := f.tokenIn("alice@example.org")
	require.True(t, strings.HasPrefix(tok, "1-"), tok)
	o, c, _ := f.runSteps(f.plainMail("alice@example.org", "["+f.game+"]", sec+"token: "+tok+"\npick 2"), steps...)
	require.Nil(t, o, "the current token goes on")
	require.Len(t, c.contents, 2)
	o, _, n := f.runSteps(f.plainMail("alice@example.org", "["+f.game+"]", sec+"token: 1-aaaaaaaa\npick 2"), steps...)
	require.Equal(t, "invalid token", o.Reason)
	require.Equal(t, 1, n, "the sender is told")
	o, _, _ = f.runSteps(f.plainMail("alice@example.org", "["+f.game+"]", sec+"token: "+f.tokenIn("bob@example.org")+"\npick 2"), steps...)
	require.Equal(t, "invalid token", o.Reason, "another seat's token")
	o, c, _ = f.runSteps(f.plainMail("alice@example.org", "["+f.game+"]", sec+"check\npick 2"), steps...)
	require.Nil(t, o)
	require.Empty(t, c.contents, "a dry run is no submission")
	o, c, _ = f.runSteps(f.plainMail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\ndice"), steps...)
	require.Nil(t, o)
	require.Empty(t, c.contents, "a GM's request is no submission")

	// Applied once, the same email is refused by its token, and by its
	// lines without it.
	require.Equal(t, store.OutcomeAccepted, f.handle(f.plainMail("alice@example.org", "["+f.game+"]", sec+"token: "+tok+"\npick 2")).Kind)
	o, _, _ = f.runSteps(f.plainMail("alice@example.org", "["+f.game+"]", sec+"token: "+tok+"\npick 2"), steps...)
	require.Equal(t, "already applied", o.Reason)
	o, _, _ = f.runSteps(f.plainMail("alice@example.org", "["+f.game+"]", sec+"PICK   2"), steps...)
	require.Equal(t, "already applied", o.Reason, "case and spacing do not make new orders")
	o, _, _ = f.runSteps(f.plainMail("alice@example.org", "["+f.game+"]", sec+"pick 3"), steps...)
	require.Nil(t, o, "other lines are a new submission")
	require.True(t, strings.HasPrefix(tokenFor(f.game, f.game_().Player("north")), "2-"), "the next report carries the next token")
}

func TestReplayedPlayerEmailIsRefused(t *testing.T) {
	for _, withTurn := range []bool{false, true} {
		f := newFixture(t)
		body := "secret: " + f.secrets["north"] + "\n"
		if withTurn {
			body += "turn: 1\n"
		}
		body += "pick 2"
		o := f.handle(f.plainMail("alice@example.org", "["+f.game+"]", body))
		require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
		g := f.game_()
		mails := len(f.outbox())
		// The same email again, under a new Message-ID (plainMail numbers them).
		o = f.handle(f.plainMail("alice@example.org", "["+f.game+"]", body))
		require.Equal(t, store.OutcomeRejected, o.Kind)
		require.Equal(t, "already applied", o.Reason)
		reply := f.lastTo("alice@example.org")
		require.Contains(t, strings.Join(strings.Fields(reply.Text), " "), "was already applied on Sat 21 Nov 2026 12:00 UTC")
		require.NotContains(t, reply.Text, f.secrets["north"])
		require.Equal(t, g.StateHash, f.game_().StateHash, "nothing changed")
		require.Equal(t, g.Seq, f.game_().Seq)
		require.Equal(t, mails+1, len(f.outbox()), "only the refusal")
	}
}

func TestReusedTokenIsRefusedWithItsDate(t *testing.T) {
	f := newFixture(t)
	tok := f.tokenIn("alice@example.org")
	body := "secret: " + f.secrets["north"] + "\nturn: 1\ntoken: " + tok + "\n"
	require.Equal(t, store.OutcomeAccepted, f.handle(f.plainMail("alice@example.org", "["+f.game+"]", body+"pick 2")).Kind)
	f.now = f.now.Add(3 * 60 * 60 * 1e9)
	// Other lines under a used token: refused too.
	o := f.handle(f.plainMail("alice@example.org", "["+f.game+"]", body+"pick 3"))
	require.Equal(t, "already applied", o.Reason)
	require.Contains(t, strings.Join(strings.Fields(f.lastTo("alice@example.org").Text), " "), "an email with this token was already applied on Sat 21 Nov 2026 12:00 UTC")
}

func TestReplayedGMEmailsAreRefused(t *testing.T) {
	f := newFixture(t)
	gmBody := func(s string) string { return "secret: " + f.secrets[adjudicator.GM] + "\n" + s }
	require.Equal(t, store.OutcomeAccepted, f.handle(f.mail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3")).Kind)
	rollback := f.plainMail("gm@example.org", "["+f.game+"]", gmBody("rollback 1 north asked"))
	require.Equal(t, store.OutcomeAccepted, f.handle(rollback).Kind)
	// North sends the same orders again, by hand: the rollback voided them.
	o := f.handle(f.plainMail("alice@example.org", "["+f.game+"]", "secret: "+f.secrets["north"]+"\npick 3"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g := f.game_()
	// The rollback re-sent under a new Message-ID would undo north's orders again.
	o = f.handle(f.plainMail("gm@example.org", "["+f.game+"]", gmBody("rollback 1 north asked")))
	require.Equal(t, "already applied", o.Reason)
	require.Contains(t, f.lastTo("gm@example.org").Text, "already applied")
	require.Equal(t, g.StateHash, f.game_().StateHash)
	require.Equal(t, g.Seq, f.game_().Seq)
	// A replace re-sent would mint another secret and lock the new player out.
	replace := gmBody("replace south carol@example.org")
	require.Equal(t, store.OutcomeAccepted, f.handle(f.plainMail("gm@example.org", "["+f.game+"]", replace)).Kind)
	hash := f.game_().Player("south").SecretHash
	o = f.handle(f.plainMail("gm@example.org", "["+f.game+"]", replace))
	require.Equal(t, "already applied", o.Reason)
	require.Equal(t, hash, f.game_().Player("south").SecretHash, "the new player's secret still works")
	// With the GM's current token, the same command is a new one.
	o = f.handle(f.plainMail("gm@example.org", "["+f.game+"]", gmBody("token: "+f.tokenIn("gm@example.org")+"\nreplace south carol@example.org")))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
}

// A player who chose Spanish or Italian is told in his language that an
// email was already applied, or carried a token that is not his.
func TestRefusalsInThePlayersLanguage(t *testing.T) {
	for lang, want := range map[string][2]string{
		"es": {"ya se aplicó el sáb 21 nov 2026 12:00 UTC", "su token no es un token de tu puesto"},
		"it": {"è già stata applicata il sab 21 nov 2026 12:00 UTC", "il suo token non è un token del tuo posto"},
	} {
		f := newFixture(t)
		sec := "secret: " + f.secrets["north"] + "\n"
		require.Equal(t, store.OutcomeAccepted, f.handle(f.plainMail("alice@example.org", "["+f.game+"]", "language "+lang)).Kind)
		require.Equal(t, store.OutcomeAccepted, f.handle(f.plainMail("alice@example.org", "["+f.game+"]", sec+"pick 2")).Kind)
		o := f.handle(f.plainMail("alice@example.org", "["+f.game+"]", sec+"pick 2"))
		require.Equal(t, "already applied", o.Reason)
		require.Contains(t, strings.Join(strings.Fields(f.lastTo("alice@example.org").Text), " "), want[0], lang)
		o = f.handle(f.plainMail("alice@example.org", "["+f.game+"]", sec+"token: 1-aaaaaaaa\npick 3"))
		require.Equal(t, "invalid token", o.Reason)
		require.Contains(t, strings.Join(strings.Fields(f.lastTo("alice@example.org").Text), " "), want[1], lang)
	}
}
