package judge

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-msgauth/dkim"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

// authFixture is a fixture whose server trusts mx.club.example's verdicts
// and whose game has sender authentication mode.
func authFixture(t *testing.T, mode string) *fixture {
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	f := &fixture{t: t, db: db, now: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
	f.j = New(db, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return f.now },
		SenderAuth: SenderAuthOptions{TrustedAuthServID: "mx.club.example"}})
	c, err := f.j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{
		{Role: "north", Email: "alice@example.org"}, {Role: "south", Email: "bob@example.org"},
	}, GM: "gm@example.org", SenderAuth: mode})
	require.NoError(t, err)
	f.game, f.secrets = c.Game.ID, c.Secrets
	return f
}

// signed is an email from from that mx.club.example says it authenticated
// (or not).
func (f *fixture) verdictMail(from, verdict, body string) []byte {
	return append([]byte("Authentication-Results: mx.club.example; "+verdict+"\r\n"), f.mail(from, "["+f.game+"]", body)...)
}

func TestForgedSenderWithStolenSecret(t *testing.T) {
	forged := "dmarc=fail header.from=example.org; spf=fail smtp.mailfrom=mallory@spam.example"
	for _, mode := range []string{"off", "warn", "require"} {
		t.Run(mode, func(t *testing.T) {
			f := authFixture(t, mode)
			before := f.game_()
			mails := len(f.outbox())
			o := f.handle(f.verdictMail("alice@example.org", forged, "secret: "+f.secrets["north"]+"\npick 2"))
			after := f.game_()
			switch mode {
			case "off":
				require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
			case "warn":
				require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
				warned, gmCopy := false, false
				for _, m := range f.outbox()[mails:] {
					text := strings.Join(strings.Fields(m.Text), " ")
					warned = warned || m.To[0] == "alice@example.org" && strings.Contains(text, "could not authenticate the sender")
					gmCopy = gmCopy || m.To[0] == "gm@example.org" && strings.Contains(text, "could not be authenticated")
				}
				require.True(t, warned, "the player is warned")
				require.True(t, gmCopy, "the GM is told")
			case "require":
				require.Equal(t, "sender not authenticated", o.Reason)
				require.Equal(t, before.StateHash, after.StateHash)
				require.Equal(t, before.Seq, after.Seq)
				reply := f.lastTo("alice@example.org")
				require.Contains(t, strings.Join(strings.Fields(reply.Text), " "), "could not authenticate its sender")
				require.NotContains(t, reply.Text, f.secrets["north"])
				require.Contains(t, strings.Join(strings.Fields(f.lastTo("gm@example.org").Text), " "), `send "rotate north"`)
				// The real player, authenticated, still plays.
				o = f.handle(f.verdictMail("alice@example.org", "dkim=pass header.d=example.org", "secret: "+f.secrets["north"]+"\npick 2"))
				require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
			}
		})
	}
}

func TestGMSetsSenderAuth(t *testing.T) {
	f := authFixture(t, "")
	o := f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\nauth require"))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Equal(t, "require", f.game_().SenderAuth)
	require.Contains(t, f.lastTo("gm@example.org").Text, "sender authentication is now require")
	o = f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\nauth maybe"))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	// A server that checks no sender cannot require it.
	g := newFixture(t)
	g.handle(g.mail("gm@example.org", "["+g.game+"]", "secret: "+g.secrets[adjudicator.GM]+"\nauth warn"))
	require.Contains(t, g.lastTo("gm@example.org").Text, "trusted_authserv_id")
	_, err := g.j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{{Role: "north", Email: "a@x.example"}, {Role: "south", Email: "b@x.example"}}, GM: "gm@x.example", SenderAuth: "require"})
	require.ErrorContains(t, err, "trusted_authserv_id")
}

func TestDKIMVerifiedDirectly(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{7}, 64)))
	require.NoError(t, err)
	record := "v=DKIM1; k=ed25519; p=" + base64.StdEncoding.EncodeToString(pub)
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, SenderAuth: SenderAuthOptions{VerifyDKIM: true,
		LookupTXT: func(d string) ([]string, error) {
			if d == "sel._domainkey.example.org" {
				return []string{record}, nil
			}
			return nil, fmt.Errorf("no such record %s", d)
		}}})
	c, err := j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{{Role: "north", Email: "alice@example.org"}, {Role: "south", Email: "bob@example.org"}}, GM: "gm@example.org", SenderAuth: "require"})
	require.NoError(t, err)
	mail := func(n int, sign bool) []byte {
		raw := fmt.Sprintf("From: alice@example.org\r\nTo: orders@club.example\r\nSubject: [%s]\r\nMessage-ID: <d%d@example.org>\r\nDate: Sat, 21 Nov 2026 12:00:00 +0000\r\n\r\nsecret: %s\r\npick %d\r\n", c.Game.ID, n, c.Secrets["north"], n)
		if !sign {
			return []byte(raw)
		}
		var out bytes.Buffer
		require.NoError(t, dkim.Sign(&out, strings.NewReader(raw), &dkim.SignOptions{Domain: "example.org", Selector: "sel", Signer: priv}))
		return out.Bytes()
	}
	o, err := j.HandleMail(mail(1, false))
	require.NoError(t, err)
	require.Equal(t, "sender not authenticated", o.Reason)
	o, err = j.HandleMail(mail(2, true))
	require.NoError(t, err)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	// A signed email altered on the way fails.
	bad := bytes.Replace(mail(3, true), []byte("pick 3"), []byte("pick 1"), 1)
	o, err = j.HandleMail(bad)
	require.NoError(t, err)
	require.Equal(t, "sender not authenticated", o.Reason)
}
