package daemon_test

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestObserverUnsubscribeEndToEnd: an observer's report reaches its
// mailbox by SMTP with a List-Unsubscribe header, and an email to that
// address, as a mail program's unsubscribe button sends it, ends the
// reports.
func TestObserverUnsubscribeEndToEnd(t *testing.T) {
	e := newE2E(t)
	watcher := e.box["mallory"]
	for _, u := range []string{"alice", "bob", "gm", "mallory"} {
		e.box[u].fetchNew()
	}
	e.send("gm@"+domain, rawMail("gm@"+domain, orders, "["+gameE2E+"] observers", "gm-observe.1@"+domain, "",
		e.secret("gm")+"\nobserve mallory@"+domain))
	e.settle()
	require.Contains(t, e.box["gm"].only("gm's answer").Text, "observes the game")
	require.Contains(t, e.box["bob"].only("bob's notice").Text, "observer")

	// The tick sends the observer's first report.
	_, err := e.j.Tick()
	require.NoError(t, err)
	e.settle()
	rep := watcher.only("observer report")
	require.Contains(t, rep.Text, "Round 1. Points: north 0, south 0.")
	unfolded := strings.ReplaceAll(strings.ReplaceAll(string(rep.Raw), "\r\n ", " "), "\r\n\t", " ")
	m := regexp.MustCompile(`(?m)^List-Unsubscribe: <(mailto:[^>]+)>`).FindStringSubmatch(unfolded)
	require.NotNil(t, m, "no List-Unsubscribe header in\n%s", unfolded)
	u, err := url.Parse(m[1])
	require.NoError(t, err)
	require.Equal(t, "orders+"+gameE2E+"@"+domain, u.Opaque)

	// The unsubscribe button: an empty email to that address and subject.
	e.send("mallory@"+domain, rawMail("mallory@"+domain, u.Opaque, u.Query().Get("subject"), "unsub.1@"+domain, "", ""))
	e.settle()
	require.Contains(t, watcher.only("goodbye").Text, "You no longer get the observer reports")
	require.Contains(t, e.box["gm"].only("gm told").Text, "no longer observes")
	require.Empty(t, gameOf(t, e.db, e.game).Observers)

	// The game goes on; the former observer hears nothing.
	e.send("alice@"+domain, rawMail("alice@"+domain, orders, "["+gameE2E+"]", "a.1@"+domain, "", e.secret("north")+"\npick 2"))
	e.send("bob@"+domain, rawMail("bob@"+domain, orders, "["+gameE2E+"]", "b.1@"+domain, "", e.secret("south")+"\npick 1"))
	e.settle()
	_, err = e.j.Tick()
	require.NoError(t, err)
	e.settle()
	require.Empty(t, watcher.fetchNew())
	require.Equal(t, 2, gameOf(t, e.db, e.game).Status.Turn)
}
