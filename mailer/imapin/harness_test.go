package imapin_test

import (
	"bytes"
	"crypto/tls"
	"io"
	"log"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/mailtest"
)

// harness is an in-memory IMAP server on 127.0.0.1 that can be stopped and
// started again on the same port, keeping its mailboxes.
type harness struct {
	t    testing.TB
	mem  *imapmemserver.Server
	user *imapmemserver.User
	mode string // "none", "starttls", "tls"
	caps imap.CapSet

	mu   sync.Mutex
	srv  *imapserver.Server
	ln   net.Listener
	addr string
}

const (
	hUser = "pbem"
	hPass = "pbem-secret"
)

// rev2 is what the memserver supports in full: IDLE, MOVE, UIDPLUS.
var rev2 = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}

// rev1 is a plain IMAP4rev1 server: no IDLE, no MOVE, no UIDPLUS.
var rev1 = imap.CapSet{imap.CapIMAP4rev1: {}}

func newHarness(t testing.TB, mode string, caps imap.CapSet) *harness {
	t.Helper()
	h := &harness{t: t, mem: imapmemserver.New(), mode: mode, caps: caps, addr: "127.0.0.1:0"}
	h.user = imapmemserver.NewUser(hUser, hPass)
	require.NoError(t, h.user.Create("INBOX", nil))
	h.mem.AddUser(h.user)
	h.start()
	t.Cleanup(h.stop)
	return h
}

// flushIdle flushes queued mailbox updates when IDLE starts; the memory
// server would otherwise hold them until the next change.
type flushIdle struct {
	imapserver.SessionIMAP4rev2
}

func (s flushIdle) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if err := s.Poll(w, true); err != nil {
		return err
	}
	return s.SessionIMAP4rev2.Idle(w, stop)
}

func (h *harness) start() {
	h.t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	var ln net.Listener
	var err error
	for i := 0; i < 200; i++ {
		if h.mode == "tls" {
			ln, err = tls.Listen("tcp", h.addr, mailtest.ServerTLS(h.t))
		} else {
			ln, err = net.Listen("tcp", h.addr)
		}
		if err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.NoError(h.t, err)
	h.addr = ln.Addr().String()
	opts := &imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return flushIdle{h.mem.NewSession().(imapserver.SessionIMAP4rev2)}, nil, nil
		},
		Caps:         h.caps,
		InsecureAuth: h.mode == "none",
		Logger:       log.New(io.Discard, "", 0),
	}
	if h.mode == "starttls" {
		opts.TLSConfig = mailtest.ServerTLS(h.t)
	}
	srv := imapserver.New(opts)
	h.srv = srv
	h.ln = ln
	go func() { _ = srv.Serve(ln) }()
}

// stop closes the listener and every connection.
func (h *harness) stop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.srv != nil {
		_ = h.srv.Close()
		_ = h.ln.Close()
		h.srv = nil
	}
}

func (h *harness) restart() {
	h.stop()
	h.start()
}

func (h *harness) Addr() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.addr
}

func (h *harness) deliver(raw []byte, flags ...imap.Flag) uint32 {
	h.t.Helper()
	d, err := h.user.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{Flags: flags})
	require.NoError(h.t, err)
	return uint32(d.UID)
}

// status returns the number of messages and unseen messages in mailbox,
// or -1, -1 when it does not exist.
func (h *harness) status(mailbox string) (int, int) {
	st, err := h.user.Status(mailbox, &imap.StatusOptions{NumMessages: true, NumUnseen: true})
	if err != nil {
		return -1, -1
	}
	return int(*st.NumMessages), int(*st.NumUnseen)
}

func (h *harness) count(mailbox string) int {
	n, _ := h.status(mailbox)
	return n
}
