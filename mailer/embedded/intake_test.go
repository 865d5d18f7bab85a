package embedded_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/imapin"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

// TestIntakeFromEmbeddedServer wires the pieces the way pbem does when no
// mail account is configured: players submit by SMTP, the intake reads the
// orders user's INBOX by IMAP.
func TestIntakeFromEmbeddedServer(t *testing.T) {
	s := start(t, embedded.Config{})
	c, err := imapin.New(imapin.Config{
		Addr: s.IMAPAddr(), TLS: "none", Username: "orders", Password: "orders-pw",
		IdleRescan: time.Hour, ReconnectMin: 10 * time.Millisecond,
	})
	require.NoError(t, err)

	var mu sync.Mutex
	var got []imapin.Incoming
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- c.Run(ctx, func(_ context.Context, m imapin.Incoming) (imapin.Disposition, error) {
			mu.Lock()
			got = append(got, m)
			mu.Unlock()
			return imapin.Processed, nil
		})
	}()
	defer func() {
		cancel()
		require.ErrorIs(t, <-done, context.Canceled)
	}()
	require.Eventually(t, func() bool { return c.Stats().Connects == 1 }, 10*time.Second, 2*time.Millisecond)

	h, p := hostPort(t, s.SMTPAddr())
	snd := smtpout.NewSender(smtpout.Config{Host: h, Port: p, TLS: "none", Username: "alice", Password: "alice-pw"})
	for i, subj := range []string{"orders 1", "orders 2"} {
		require.NoError(t, snd.Send(context.Background(), &store.OutMail{
			ID: uint64(i + 1), From: "alice@pbem.localhost", To: []string{"orders+g1@pbem.localhost"},
			Subject: subj, MessageID: subj[len(subj)-1:] + ".alice@pbem.localhost", Text: "hold\n",
		}))
	}
	require.Eventually(t, func() bool {
		n, _ := s.Count("orders", "pbem/processed")
		return n == 2
	}, 10*time.Second, 2*time.Millisecond)
	n, err := s.Count("orders", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, got, 2)
	assert.Contains(t, string(got[0].Raw), "Delivered-To: orders+g1@pbem.localhost")
	assert.Contains(t, string(got[0].Raw), "Subject: orders 1")
	assert.Contains(t, string(got[1].Raw), "Subject: orders 2")
}
