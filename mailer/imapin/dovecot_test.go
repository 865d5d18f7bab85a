package imapin_test

import (
	"testing"
	"time"

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

	acc := d.Fresh(t, d.User, d.Pass, "pbemtest")
	admin := acc.Admin
	processed, failed := acc.Processed, acc.Failed
	serverName := acc.ServerName
	countIn := acc.Count

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
	_ = admin.Close() // kicked too
	admin, err = imapclient.DialInsecure(d.IMAPAddr, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = admin.Close() })
	require.NoError(t, admin.Login(d.User, d.Pass).Wait())
	acc.Admin = admin
	require.Eventually(t, func() bool { return countIn(serverName(processed)) == 3 }, waitFor, 10*time.Millisecond)
	assert.Equal(t, []string{"dc-1", "dc-bad", "dc-2", "dc-3"}, r.subjects())
}
