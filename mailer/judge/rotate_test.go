package judge

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

var secretLine = regexp.MustCompile(`(?m)^secret: (\S+)$`)

// newSecretIn is the secret of the latest "new secret" email to addr.
func (f *fixture) newSecretIn(addr string) string {
	f.t.Helper()
	m := f.lastTo(addr)
	require.Contains(f.t, m.Subject, "Your new secret")
	s := secretLine.FindStringSubmatch(m.Text)
	require.NotNil(f.t, s, m.Text)
	return s[1]
}

func (f *fixture) rotations() []store.Rotation {
	var rs []store.Rotation
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		var err error
		rs, err = tx.Rotations(f.game)
		return err
	}))
	return rs
}

func TestPlayerNewSecret(t *testing.T) {
	f := newFixture(t)
	old := f.secrets["north"]
	// From an alias: the new secret still goes to the registered address.
	o := f.handle(f.plainMail("alice@home.example", "["+f.game+"]", "secret: "+old+"\nnewsecret"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	fresh := f.newSecretIn("alice@example.org")
	require.NotEqual(t, old, fresh)
	gm := f.lastTo("gm@example.org")
	require.Contains(t, gm.Text, "changed the seat's secret")
	for _, m := range f.outbox() {
		if m.To[0] != "alice@example.org" || !strings.Contains(m.Subject, "Your new secret") {
			require.NotContains(t, m.Text, fresh, "the new secret is in one email only")
		}
	}
	require.Equal(t, []store.Rotation{{Role: "north", By: "player", From: "alice@home.example", At: f.now}}, f.rotations())
	// The old secret is refused; the new one works.
	before := f.game_().StateHash
	o = f.handle(f.plainMail("alice@example.org", "["+f.game+"]", "secret: "+old+"\npick 2"))
	require.Equal(t, "the secret is wrong", o.Reason)
	require.Equal(t, before, f.game_().StateHash)
	o = f.handle(f.plainMail("alice@example.org", "["+f.game+"]", "secret: "+fresh+"\npick 2"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	// A dry run changes nothing.
	o = f.handle(f.plainMail("alice@example.org", "["+f.game+"]", "secret: "+fresh+"\ncheck\nnewsecret"))
	require.Equal(t, store.OutcomeCheck, o.Kind)
	require.Len(t, f.rotations(), 1)
}

func TestGMRotateAndTokensOfTheOldSecret(t *testing.T) {
	f := newFixture(t)
	tok := f.tokenIn("bob@example.org")
	o := f.handle(f.plainMail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\nrotate south"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, f.lastTo("gm@example.org").Text, "south has a new secret, mailed to bob@example.org")
	require.NotContains(t, f.lastTo("gm@example.org").Text, "secret: ")
	fresh := f.newSecretIn("bob@example.org")
	require.Equal(t, "gm", f.rotations()[0].By)
	o = f.handle(f.plainMail("bob@example.org", "["+f.game+"]", "secret: "+f.secrets["south"]+"\npick 2"))
	require.Equal(t, "the secret is wrong", o.Reason)
	// A token of a report sent before the rotation no longer works.
	o = f.handle(f.plainMail("bob@example.org", "["+f.game+"]", "secret: "+fresh+"\ntoken: "+tok+"\npick 2"))
	require.Equal(t, "invalid token", o.Reason)
	o = f.handle(f.plainMail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\ntoken: "+f.tokenIn("gm@example.org")+"\nrotate nobody"))
	require.Contains(t, f.lastTo("gm@example.org").Text, `no side "nobody"`)
}
