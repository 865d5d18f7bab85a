package main

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"

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
