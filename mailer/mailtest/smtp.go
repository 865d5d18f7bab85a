package mailtest

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Mode selects how an SMTPCapture answers.
type Mode int

const (
	// Accept stores every message and answers 250.
	Accept Mode = iota
	// Refuse closes the listener, so connections are refused. The port
	// is kept and listened on again when the mode changes back.
	Refuse
	// TempFail reads the message and answers 451 4.3.0 at the end of DATA.
	TempFail
	// PermFail reads the message and answers 554 5.6.0 at the end of DATA.
	PermFail
)

func (m Mode) String() string {
	switch m {
	case Accept:
		return "accept"
	case Refuse:
		return "refuse"
	case TempFail:
		return "tempfail"
	case PermFail:
		return "permfail"
	}
	return "mode(" + strconv.Itoa(int(m)) + ")"
}

// Captured is one message an SMTPCapture received (or rejected).
type Captured struct {
	From     string
	To       []string
	Data     []byte
	AuthUser string // "" when the client did not authenticate
	TLS      bool   // the connection was encrypted (STARTTLS or implicit TLS)
	Accepted bool   // false when the mode made the server reject it
}

// SMTPCapture is an in-process SMTP server on 127.0.0.1 that records what
// it receives. Its zero value is not usable; call NewSMTPCapture.
type SMTPCapture struct {
	t        testing.TB
	addr     string
	implicit bool
	tlsCfg   *tls.Config
	user     string
	pass     string

	mu       sync.Mutex
	mode     Mode
	srv      *smtp.Server
	ln       net.Listener
	msgs     []Captured
	attempts int // DATA commands seen, accepted or not
	notify   chan struct{}
}

// CaptureOption configures NewSMTPCapture.
type CaptureOption func(*SMTPCapture)

// WithImplicitTLS makes the server speak TLS from the first byte (like
// port 465), using TLSCert.
func WithImplicitTLS() CaptureOption { return func(c *SMTPCapture) { c.implicit = true } }

// WithAuth makes the server require AUTH PLAIN with these credentials
// before MAIL FROM.
func WithAuth(user, pass string) CaptureOption {
	return func(c *SMTPCapture) { c.user, c.pass = user, pass }
}

// NewSMTPCapture starts a capturing SMTP server on 127.0.0.1 with a random
// port. It offers STARTTLS with TLSCert and AUTH PLAIN over cleartext. It is
// closed when the test ends.
func NewSMTPCapture(t testing.TB, opts ...CaptureOption) *SMTPCapture {
	t.Helper()
	c := &SMTPCapture{t: t, tlsCfg: ServerTLS(t), notify: make(chan struct{})}
	for _, o := range opts {
		o(c)
	}
	ln, err := c.listen("127.0.0.1:0")
	if err != nil {
		t.Fatalf("mailtest: SMTP listen: %v", err)
	}
	c.addr = ln.Addr().String()
	c.mu.Lock()
	c.serveLocked(ln)
	c.mu.Unlock()
	t.Cleanup(c.Close)
	return c
}

func (c *SMTPCapture) listen(addr string) (net.Listener, error) {
	var ln net.Listener
	var err error
	// A just-closed port can take a moment to become free again.
	for i := 0; i < 100; i++ {
		if c.implicit {
			ln, err = tls.Listen("tcp", addr, c.tlsCfg)
		} else {
			ln, err = net.Listen("tcp", addr)
		}
		if err == nil {
			return ln, nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil, err
}

func (c *SMTPCapture) serveLocked(ln net.Listener) {
	srv := smtp.NewServer(&captureBackend{c: c})
	srv.Domain = "capture.localhost"
	srv.AllowInsecureAuth = true
	srv.ErrorLog = log.New(io.Discard, "", 0)
	srv.ReadTimeout = 30 * time.Second
	srv.WriteTimeout = 30 * time.Second
	if !c.implicit {
		srv.TLSConfig = c.tlsCfg
	}
	c.srv = srv
	c.ln = ln
	go func() { _ = srv.Serve(ln) }()
}

// Addr is the server's host:port.
func (c *SMTPCapture) Addr() string { return c.addr }

// Host is the server's host, always "127.0.0.1".
func (c *SMTPCapture) Host() string {
	h, _, _ := net.SplitHostPort(c.addr)
	return h
}

// Port is the server's port.
func (c *SMTPCapture) Port() int {
	_, p, _ := net.SplitHostPort(c.addr)
	n, _ := strconv.Atoi(p)
	return n
}

// SetMode switches the failure mode. Switching to Refuse closes the
// listener and all open connections; switching away from Refuse listens on
// the same port again.
func (c *SMTPCapture) SetMode(m Mode) {
	c.t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	old := c.mode
	c.mode = m
	switch {
	case m == Refuse && old != Refuse:
		c.stopLocked()
	case m != Refuse && old == Refuse:
		ln, err := c.listen(c.addr)
		if err != nil {
			c.t.Errorf("mailtest: SMTP listen again on %s: %v", c.addr, err)
			return
		}
		c.serveLocked(ln)
	}
}

// Mode returns the current mode.
func (c *SMTPCapture) Mode() Mode {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mode
}

// Messages returns a copy of every accepted message, in arrival order.
func (c *SMTPCapture) Messages() []Captured {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []Captured
	for _, m := range c.msgs {
		if m.Accepted {
			out = append(out, m)
		}
	}
	return out
}

// All returns every message that reached the end of DATA, accepted or
// rejected.
func (c *SMTPCapture) All() []Captured {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]Captured(nil), c.msgs...)
}

// Attempts counts DATA transactions, accepted or rejected.
func (c *SMTPCapture) Attempts() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.attempts
}

// Wait blocks until at least n messages were accepted or the timeout
// passes, and returns the accepted messages.
func (c *SMTPCapture) Wait(n int, timeout time.Duration) []Captured {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		ch := c.notify
		c.mu.Unlock()
		if msgs := c.Messages(); len(msgs) >= n {
			return msgs
		}
		select {
		case <-ch:
		case <-deadline.C:
			return c.Messages()
		}
	}
}

// Close stops the server. It is called automatically when the test ends.
func (c *SMTPCapture) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stopLocked()
	c.mode = Refuse
}

// stopLocked closes the server and its listener. The listener is closed
// here too because the server only knows it once Serve has started.
func (c *SMTPCapture) stopLocked() {
	if c.srv != nil {
		_ = c.srv.Close()
		_ = c.ln.Close()
		c.srv = nil
		c.ln = nil
	}
}

type captureBackend struct{ c *SMTPCapture }

func (b *captureBackend) NewSession(conn *smtp.Conn) (smtp.Session, error) {
	_, isTLS := conn.TLSConnectionState()
	return &captureConn{c: b.c, conn: conn, tls: isTLS}, nil
}

type captureConn struct {
	c    *SMTPCapture
	conn *smtp.Conn
	tls  bool
	user string
	cur  Captured
}

func (s *captureConn) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *captureConn) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, user, pass string) error {
		if identity != "" && identity != user {
			return errors.New("identity mismatch")
		}
		if s.c.user != "" && (user != s.c.user || pass != s.c.pass) {
			return smtp.ErrAuthFailed
		}
		s.user = user
		return nil
	}), nil
}

func (s *captureConn) Mail(from string, _ *smtp.MailOptions) error {
	if s.c.user != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	_, isTLS := s.conn.TLSConnectionState()
	s.cur = Captured{From: from, AuthUser: s.user, TLS: isTLS || s.tls}
	return nil
}

func (s *captureConn) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.cur.To = append(s.cur.To, to)
	return nil
}

func (s *captureConn) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	s.c.attempts++
	m := s.cur
	m.Data = b
	var rerr error
	switch s.c.mode {
	case TempFail:
		rerr = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later (test)"}
	case PermFail:
		rerr = &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "message rejected (test)"}
	default:
		m.Accepted = true
	}
	s.c.msgs = append(s.c.msgs, m)
	close(s.c.notify)
	s.c.notify = make(chan struct{})
	return rerr
}

func (s *captureConn) Reset()        { s.cur = Captured{} }
func (s *captureConn) Logout() error { return nil }

// String describes the capture server for test logs.
func (c *SMTPCapture) String() string {
	return fmt.Sprintf("smtp-capture(%s, %s)", c.addr, c.Mode())
}
