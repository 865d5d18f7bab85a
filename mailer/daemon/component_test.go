package daemon_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/daemon"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/mailer/outbox"
	"github.com/pbem/pbem/mailer/smtpout"
)

// captureSender sends to an SMTP server on loopback that keeps the mail.
func captureSender(t *testing.T) outbox.Sender {
	c := mailtest.NewSMTPCapture(t)
	return smtpout.NewSender(smtpout.Config{Host: c.Host(), Port: c.Port(), TLS: "starttls", InsecureSkipVerify: true})
}

// TestComponentsRunWithTheDaemon: extra components start with Run, stop
// when it stops, and Run returns only after they returned; a failing
// component stops the daemon with its name in the error.
func TestComponentsRunWithTheDaemon(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "pbem.db"))
	j := judge.New(db, judgeOptions())
	started := make(chan struct{})
	stopped := false
	var d *daemon.Daemon
	healthy := make(chan error, 1)
	d = daemon.New(daemon.Config{DB: db, Judge: j, Sender: captureSender(t), Components: []daemon.Component{{
		Name: "probe",
		Run: func(ctx context.Context) error {
			close(started)
			<-ctx.Done()
			stopped = true
			return nil
		},
	}, {
		Name: "health",
		Run: func(ctx context.Context) error {
			<-started
			healthy <- d.Healthy()
			<-ctx.Done()
			return nil
		},
	}}})
	require.ErrorContains(t, d.Healthy(), "not running")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- d.Run(ctx) }()
	require.NoError(t, <-healthy)
	cancel()
	require.NoError(t, <-done)
	require.True(t, stopped, "Run waited for the component")
	require.ErrorContains(t, d.Healthy(), "not running")

	d = daemon.New(daemon.Config{DB: db, Judge: j, Sender: captureSender(t), Components: []daemon.Component{{
		Name: "broken",
		Run:  func(context.Context) error { return errors.New("address in use") },
	}}})
	require.EqualError(t, d.Run(context.Background()), "broken: address in use")
}

// TestEmailLogLine: every email's log line names the sender, the
// Message-ID, the game, the outcome and the reason, and no secret.
func TestEmailLogLine(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "pbem.db"))
	j := judge.New(db, judgeOptions())
	newGame(t, j, "duel-l", "alice@"+domain, "bob@"+domain, "gm@"+domain)
	var logs bytes.Buffer
	d := daemon.New(daemon.Config{DB: db, Judge: j, Sender: captureSender(t), Log: slog.New(slog.NewTextHandler(&logs, nil))})
	raw := mailtest.Message("Alice <Alice@"+domain+">", "orders@"+domain, "Re: [duel-l] orders", "secret: not-the-secret-123\nfrobnicate\n")
	d.Handle(context.Background(), raw)
	line := logs.String()
	for _, want := range []string{"from=alice@" + domain, "message_id=", "game=duel-l", "outcome=rejected", `reason="the secret is wrong"`} {
		require.Contains(t, line, want)
	}
	require.NotContains(t, line, "not-the-secret-123")
	require.NotContains(t, line, "message_id= ", "the Message-ID is read from the header")

	attrs := daemon.EmailLogAttrs([]byte("not an email"), &judge.Outcome{Kind: "ignored", Reason: "unreadable email"})
	require.Equal(t, []any{"from", "", "message_id", "", "game", "", "outcome", "ignored", "role", "", "reason", "unreadable email"}, attrs)
	long := "From: " + strings.Repeat("x", 500) + "\r\nMessage-ID: <a\x01b@c>\r\n\r\nbody"
	attrs = daemon.EmailLogAttrs([]byte(long), &judge.Outcome{})
	require.Len(t, attrs[1].(string), 203, "header values are clipped")
	require.Equal(t, "ab@c", attrs[3], "control characters are dropped")
	attrs = daemon.EmailLogAttrs([]byte(long), &judge.Outcome{From: "ann@club.example", MessageID: "m1@club.example"})
	require.Equal(t, []any{"ann@club.example", "m1@club.example"}, []any{attrs[1], attrs[3]}, "what the judge parsed comes first")
}
