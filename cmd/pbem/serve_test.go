package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// TestSecondDaemonFailsFast: while one daemon holds a store, a second one
// on the same store stops at once with a clear message.
func TestSecondDaemonFailsFast(t *testing.T) {
	dir := t.TempDir()
	cfg := DefaultConfig()
	cfg.Store = filepath.Join(dir, "pbem.db")
	cfg.Embedded.IMAPPort, cfg.Embedded.SMTPPort = freePort(t), freePort(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan struct{})
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.DiscardHandler), func() { close(ready) }) }()
	select {
	case <-ready:
	case err := <-done:
		t.Fatalf("first daemon: %v", err)
	}
	second := *cfg
	second.Embedded = &EmbeddedConfig{Host: "127.0.0.1", IMAPPort: freePort(t), SMTPPort: freePort(t)}
	err := serve(context.Background(), &second, slog.New(slog.DiscardHandler), nil)
	require.ErrorIs(t, err, store.ErrLocked)
	require.ErrorContains(t, err, "in use by another pbem process")
	cancel()
	require.NoError(t, <-done)
}

// TestServeWithMailAccount runs "pbem serve" configured for an outside
// mail account (an IMAP server and an SMTP server, both on loopback here):
// a game created with "pbem new" gets its welcome mail out through SMTP,
// and an order email delivered to the IMAP inbox is adjudicated and
// answered.
func TestServeWithMailAccount(t *testing.T) {
	dir := t.TempDir()
	imapSrv := mailtest.NewMemIMAP(t, "starttls", nil, map[string]string{"orders": "orders-pw"})
	smtpSrv := mailtest.NewSMTPCapture(t, mailtest.WithAuth("orders", "orders-pw"))
	cfgPath := filepath.Join(dir, "pbem.yaml")
	yaml := fmt.Sprintf(`store: %s
domain: club.example
orders_address: orders@club.example
imap:
  addr: %s
  tls: starttls
  username: orders
  password: orders-pw
  insecure_skip_verify: true
  poll: 1s
smtp:
  host: %s
  port: %d
  tls: starttls
  username: orders
  password: orders-pw
  insecure_skip_verify: true
`, filepath.Join(dir, "pbem.db"), imapSrv.Addr(), smtpSrv.Host(), smtpSrv.Port())
	require.NoError(t, os.WriteFile(cfgPath, []byte(yaml), 0o600))
	code, out, errs := runCmd(t, "new", "--config", cfgPath, "--game", "richard-iii", "--id", "club-1",
		"--player", "york=ann@club.example", "--player", "lancaster=ben@club.example", "--gm", "gm@club.example")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "created game club-1")
	cfg, err := LoadConfig(cfgPath)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.DiscardHandler), nil) }()
	// Welcome + first report for two players and the GM.
	msgs := smtpSrv.Wait(6, 20*time.Second)
	require.Len(t, msgs, 6)
	secret := ""
	for _, m := range msgs {
		require.True(t, m.TLS, "sent over STARTTLS")
		require.Equal(t, "orders", m.AuthUser)
		if m.To[0] == "ann@club.example" {
			if i := strings.Index(string(m.Data), "YOUR SECRET: "); i >= 0 {
				secret = strings.Fields(string(m.Data)[i+len("YOUR SECRET: "):])[0]
			}
		}
	}
	require.NotEmpty(t, secret)
	// Ann answers with a card the server does not know: a rejection.
	imapSrv.Deliver("orders", mailtest.Message("ann@club.example", "orders@club.example", "Re: [club-1] orders", "secret: "+secret+"\ncard 9\n"))
	msgs = smtpSrv.Wait(7, 20*time.Second)
	require.Len(t, msgs, 7)
	last := string(msgs[6].Data)
	require.Contains(t, last, "NOT applied")
	require.Equal(t, []string{"ann@club.example"}, msgs[6].To)
	require.Eventually(t, func() bool { return imapSrv.Count("orders", "INBOX") == 0 }, 20*time.Second, 20*time.Millisecond)
	cancel()
	require.NoError(t, <-done)
}
