package daemon_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/pbem/pbem/mailer/daemon"
	"github.com/pbem/pbem/mailer/judge"
)

// TestHandleDispositions: an unreadable email is filed as failed, and so
// is its second handling (after a crash between the commit and the move
// out of the inbox), which the judge reports as a duplicate.
func TestHandleDispositions(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "pbem.db"))
	j := judge.New(db, judgeOptions())
	newGame(t, j, "duel-h", "alice@"+domain, "bob@"+domain, "gm@"+domain)
	d := daemon.New(daemon.Config{DB: db, Judge: j})
	ctx := context.Background()

	bad := badBoundary("alice@"+domain, "[duel-h] orders", "bad.h@pbem.localhost", "pick 1\n")
	assert.Equal(t, daemon.Failed, d.Handle(ctx, bad))
	assert.Equal(t, daemon.Failed, d.Handle(ctx, bad), "the duplicate of an unreadable email")

	good := rawMail("alice@"+domain, orders, "[duel-h] orders", "good.h@pbem.localhost", "", "secret: wrong\npick 1")
	assert.Equal(t, daemon.Processed, d.Handle(ctx, good))
	assert.Equal(t, daemon.Processed, d.Handle(ctx, good))

	big := withAttachment("alice@"+domain, "[duel-h] orders", "big.h@pbem.localhost", "pick 1", 2<<20, 2)
	assert.Equal(t, daemon.Processed, d.Handle(ctx, big), "too large is answered, not unreadable")
	assert.Equal(t, daemon.Processed, d.Handle(ctx, big))
}
