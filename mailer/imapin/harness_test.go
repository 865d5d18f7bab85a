package imapin_test

import (
	"testing"

	"github.com/emersion/go-imap/v2"

	"github.com/pbem/pbem/mailer/mailtest"
)

// harness is the orders mailbox of one user on a restartable in-memory
// IMAP server (mailtest.MemIMAP).
type harness struct {
	*mailtest.MemIMAP
	mode string // "none", "starttls", "tls"
}

const (
	hUser = "pbem"
	hPass = "pbem-secret"
)

// rev2 is what the memserver supports in full: IDLE, MOVE, UIDPLUS.
var rev2 = mailtest.CapsRev2

// rev1 is a plain IMAP4rev1 server: no IDLE, no MOVE, no UIDPLUS.
var rev1 = mailtest.CapsRev1

func newHarness(t testing.TB, mode string, caps imap.CapSet) *harness {
	t.Helper()
	return &harness{MemIMAP: mailtest.NewMemIMAP(t, mode, caps, map[string]string{hUser: hPass}), mode: mode}
}

func (h *harness) start()   { h.Start() }
func (h *harness) stop()    { h.Stop() }
func (h *harness) restart() { h.Restart() }

func (h *harness) deliver(raw []byte, flags ...imap.Flag) uint32 {
	return h.Deliver(hUser, raw, flags...)
}

// status returns the number of messages and unseen messages in mailbox,
// or -1, -1 when it does not exist.
func (h *harness) status(mailbox string) (int, int) { return h.Status(hUser, mailbox) }

func (h *harness) count(mailbox string) int {
	n, _ := h.status(mailbox)
	return n
}
