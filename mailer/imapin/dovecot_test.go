package imapin_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/mailtest"
)

// TestDovecot runs the intake against a real Dovecot (see .ci/dovecot.sh).
// It is skipped unless the PBEM_DOVECOT_* variables are set.
func TestDovecot(t *testing.T) {
	d := mailtest.Dovecot(t)

	admin, err := imapclient.DialInsecure(d.IMAPAddr, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = admin.Close() })
	require.NoError(t, admin.Login(d.User, d.Pass).Wait())
	// Remove folders left by earlier runs, children first.
	old, err := admin.List("", "pbemtest*", nil).Collect()
	require.NoError(t, err)
	sort.Slice(old, func(i, j int) bool { return len(old[i].Mailbox) > len(old[j].Mailbox) })
	for _, l := range old {
		_ = admin.Delete(l.Mailbox).Wait()
	}
	// Start from an empty INBOX: this account belongs to the tests.
	sel, err := admin.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	if sel.NumMessages > 0 {
		require.NoError(t, admin.Store(imap.SeqSet{imap.SeqRange{Start: 1, Stop: 0}},
			&imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close())
		require.NoError(t, admin.Expunge().Close())
	}
	require.NoError(t, admin.Unselect().Wait())

	list, err := admin.List("", "", nil).Collect()
	require.NoError(t, err)
	require.NotEmpty(t, list)
	delim := string(list[0].Delim)
	top := fmt.Sprintf("pbemtest%d", time.Now().UnixNano())
	processed, failed := top+"/processed", top+"/failed"
	serverName := func(n string) string { return strings.ReplaceAll(n, "/", delim) }
	t.Cleanup(func() {
		_ = admin.Delete(serverName(processed)).Wait()
		_ = admin.Delete(serverName(failed)).Wait()
		_ = admin.Delete(top).Wait()
	})
	countIn := func(mbox string) int {
		st, err := admin.Status(mbox, &imap.StatusOptions{NumMessages: true}).Wait()
		if err != nil {
			return -1
		}
		return int(*st.NumMessages)
	}

	require.NoError(t, d.DeliverLMTP(msg("dc-1")))
	require.NoError(t, d.DeliverLMTP(msg("dc-bad")))

	c, err := imapin.New(imapin.Config{
		Addr: d.IMAPAddr, TLS: "none", Username: d.User, Password: d.Pass,
		ProcessedMailbox: processed, FailedMailbox: failed,
		Poll: 100 * time.Millisecond, IdleRescan: time.Hour,
		ReconnectMin: 10 * time.Millisecond, ReconnectMax: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	r := recorder{decide: func(_ imapin.Incoming, subject string, _ int) (imapin.Disposition, error) {
		if subject == "dc-bad" {
			return imapin.Failed, nil
		}
		return imapin.Processed, nil
	}}
	run(t, c, r.handle)

	require.Eventually(t, func() bool { return countIn(serverName(processed)) == 1 }, waitFor, 10*time.Millisecond)
	require.Eventually(t, func() bool { return countIn(serverName(failed)) == 1 }, waitFor, 10*time.Millisecond)

	// New mail while the client idles.
	time.Sleep(50 * time.Millisecond)
	require.NoError(t, d.DeliverLMTP(msg("dc-2")))
	require.Eventually(t, func() bool { return countIn(serverName(processed)) == 2 }, waitFor, 10*time.Millisecond)
	assert.Equal(t, 0, countIn("INBOX"))
	assert.Equal(t, []string{"dc-1", "dc-bad", "dc-2"}, r.subjects())
	assert.Equal(t, 1, c.Stats().Connects)
	assert.Equal(t, 0, c.Stats().FlaggedSeen, "Dovecot supports MOVE")

	if d.Conf == "" {
		t.Log("PBEM_DOVECOT_CONF not set: skipping the disconnect check")
		return
	}
	// The server drops every connection of the user (ours and admin's).
	require.NoError(t, d.Kick(d.User))
	require.NoError(t, d.DeliverLMTP(msg("dc-3")))
	require.Eventually(t, func() bool { return c.Stats().Connects >= 2 }, waitFor, 10*time.Millisecond)
	_ = admin.Close()                                     // kicked too
	admin, err = imapclient.DialInsecure(d.IMAPAddr, nil) // closed by the cleanup above
	require.NoError(t, err)
	require.NoError(t, admin.Login(d.User, d.Pass).Wait())
	require.Eventually(t, func() bool { return countIn(serverName(processed)) == 3 }, waitFor, 10*time.Millisecond)
	assert.Equal(t, []string{"dc-1", "dc-bad", "dc-2", "dc-3"}, r.subjects())
}
