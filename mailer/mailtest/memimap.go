package mailtest

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
)

// Capability sets for MemIMAP.
var (
	// CapsRev2 is what the memory server supports in full: IDLE, MOVE,
	// UIDPLUS.
	CapsRev2 = imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}}
	// CapsRev1 is a plain IMAP4rev1 server: no IDLE, no MOVE, no UIDPLUS.
	CapsRev1 = imap.CapSet{imap.CapIMAP4rev1: {}}
)

// MemIMAP is an in-memory IMAP server on 127.0.0.1 that can be stopped and
// started again on the same port, keeping its mailboxes: for tests of
// intake under dropped connections and server restarts.
type MemIMAP struct {
	t     testing.TB
	mem   *imapmemserver.Server
	users map[string]*imapmemserver.User
	mode  string // "none", "starttls", "tls"
	caps  imap.CapSet

	mu   sync.Mutex
	srv  *imapserver.Server
	ln   net.Listener
	addr string
}

// NewMemIMAP starts a server with the given TLS mode ("none", "starttls"
// or "tls", with the certificate of ServerTLS), capabilities (nil:
// CapsRev2) and users (name → password), each with an INBOX. It stops when
// the test ends.
func NewMemIMAP(t testing.TB, mode string, caps imap.CapSet, users map[string]string) *MemIMAP {
	t.Helper()
	if caps == nil {
		caps = CapsRev2
	}
	m := &MemIMAP{t: t, mem: imapmemserver.New(), users: map[string]*imapmemserver.User{}, mode: mode, caps: caps, addr: "127.0.0.1:0"}
	for name, pass := range users {
		u := imapmemserver.NewUser(name, pass)
		if err := u.Create("INBOX", nil); err != nil {
			t.Fatal(err)
		}
		m.mem.AddUser(u)
		m.users[name] = u
	}
	m.Start()
	t.Cleanup(m.Stop)
	return m
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

// Start listens again (on the same port after the first start).
func (m *MemIMAP) Start() {
	m.t.Helper()
	m.mu.Lock()
	defer m.mu.Unlock()
	var ln net.Listener
	var err error
	// A just-closed port can take a moment to become free again.
	for i := 0; i < 200; i++ {
		if m.mode == "tls" {
			ln, err = tls.Listen("tcp", m.addr, ServerTLS(m.t))
		} else {
			ln, err = net.Listen("tcp", m.addr)
		}
		if err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		m.t.Fatalf("memimap: listen %s: %v", m.addr, err)
	}
	m.addr = ln.Addr().String()
	opts := &imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return flushIdle{m.mem.NewSession().(imapserver.SessionIMAP4rev2)}, nil, nil
		},
		Caps:         m.caps,
		InsecureAuth: m.mode != "tls" && m.mode != "starttls",
		Logger:       log.New(io.Discard, "", 0),
	}
	if m.mode == "starttls" {
		opts.TLSConfig = ServerTLS(m.t)
	}
	srv := imapserver.New(opts)
	m.srv, m.ln = srv, ln
	go func() { _ = srv.Serve(ln) }()
}

// Stop closes the listener and drops every connection.
func (m *MemIMAP) Stop() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.srv != nil {
		_ = m.srv.Close()
		_ = m.ln.Close()
		m.srv = nil
	}
}

// Restart stops and starts the server on the same port.
func (m *MemIMAP) Restart() {
	m.Stop()
	m.Start()
}

// Addr is the server's host:port.
func (m *MemIMAP) Addr() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.addr
}

// Deliver appends raw to user's INBOX, as a mail server would, and
// returns its UID.
func (m *MemIMAP) Deliver(user string, raw []byte, flags ...imap.Flag) uint32 {
	m.t.Helper()
	d, err := m.users[user].Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{Flags: flags, Time: time.Now()})
	if err != nil {
		m.t.Fatalf("memimap: deliver to %s: %v", user, err)
	}
	return uint32(d.UID)
}

// Status returns the number of messages and unseen messages in one of
// user's mailboxes, or -1, -1 when it does not exist.
func (m *MemIMAP) Status(user, mailbox string) (int, int) {
	st, err := m.users[user].Status(mailbox, &imap.StatusOptions{NumMessages: true, NumUnseen: true})
	if err != nil || st.NumMessages == nil {
		return -1, -1
	}
	return int(*st.NumMessages), int(*st.NumUnseen)
}

// Count returns the number of messages in one of user's mailboxes (0 when
// it does not exist).
func (m *MemIMAP) Count(user, mailbox string) int {
	n, _ := m.Status(user, mailbox)
	return max(n, 0)
}
