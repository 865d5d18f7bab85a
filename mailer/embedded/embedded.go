// Package embedded is the small mail server pbem runs when no mail account
// is configured, so anyone can try a game with any mail client on the same
// machine.
//
// It serves IMAP (in-memory mailboxes) and SMTP on loopback. Mail to
// user@Domain or user+tag@Domain lands in user's INBOX; mail to other users
// goes to the catch-all user or is refused; mail to other domains is
// refused (the server is not a relay). Mailboxes live in memory: they are
// lost when the server stops, which suits a trial game. Without a TLS
// configuration, passwords are accepted in clear only when the server
// listens on a loopback address.
package embedded

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Config configures Start.
type Config struct {
	Host     string // listen address, default 127.0.0.1
	IMAPPort int    // 0 = a free port
	SMTPPort int    // 0 = a free port
	Domain   string // mail domain, default "pbem.localhost"
	Users    map[string]string
	// CatchAll is the local part that receives mail for unknown users;
	// "" refuses such mail. The catch-all user must exist.
	CatchAll string
	// TLS, when set, enables STARTTLS on both IMAP and SMTP. It is needed
	// to log in when Host is not a loopback address.
	TLS *tls.Config
	// MaxMessageBytes caps an SMTP message, default 25 MiB.
	MaxMessageBytes int64
	Log             *slog.Logger // default discards
}

// DefaultDomain is the mail domain when Config.Domain is empty.
const DefaultDomain = "pbem.localhost"

// Server is a running embedded mail server.
type Server struct {
	cfg      Config
	log      *slog.Logger
	loopback bool

	mu    sync.Mutex
	users map[string]*account

	imapSrv *imapserver.Server
	smtpSrv *smtp.Server
	imapLn  net.Listener
	smtpLn  net.Listener
	wg      sync.WaitGroup
	closed  bool
}

type account struct {
	pass string
	user *imapmemserver.User
}

// Start listens on the IMAP and SMTP ports and serves until Close.
func Start(cfg Config) (*Server, error) {
	if cfg.Host == "" {
		cfg.Host = "127.0.0.1"
	}
	if cfg.Domain == "" {
		cfg.Domain = DefaultDomain
	}
	cfg.Domain = strings.ToLower(strings.TrimSpace(cfg.Domain))
	if cfg.MaxMessageBytes <= 0 {
		cfg.MaxMessageBytes = 25 << 20
	}
	cfg.CatchAll = strings.ToLower(strings.TrimSpace(cfg.CatchAll))
	s := &Server{cfg: cfg, log: cfg.Log, users: map[string]*account{}}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ip := net.ParseIP(cfg.Host)
	s.loopback = cfg.Host == "localhost" || (ip != nil && ip.IsLoopback())

	for local, pass := range cfg.Users {
		if err := s.AddUser(local, pass); err != nil {
			return nil, err
		}
	}
	if cfg.CatchAll != "" && s.account(cfg.CatchAll) == nil {
		return nil, fmt.Errorf("embedded: catch-all user %q is not among the users", cfg.CatchAll)
	}

	errLog := log.New(io.Discard, "", 0)
	s.imapSrv = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &imapConn{srv: s}, nil, nil
		},
		Caps: imap.CapSet{
			imap.CapIMAP4rev1: {},
			imap.CapIMAP4rev2: {},
		},
		Logger:       errLog,
		TLSConfig:    cfg.TLS,
		InsecureAuth: s.loopback,
	})
	s.smtpSrv = smtp.NewServer(&smtpBackend{srv: s})
	s.smtpSrv.Domain = cfg.Domain
	s.smtpSrv.AllowInsecureAuth = s.loopback
	s.smtpSrv.TLSConfig = cfg.TLS
	s.smtpSrv.MaxMessageBytes = cfg.MaxMessageBytes
	s.smtpSrv.MaxRecipients = 100
	s.smtpSrv.ReadTimeout = 5 * time.Minute
	s.smtpSrv.WriteTimeout = time.Minute
	s.smtpSrv.ErrorLog = errLog

	var err error
	s.imapLn, err = net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.IMAPPort)))
	if err != nil {
		return nil, fmt.Errorf("embedded: IMAP listen: %w", err)
	}
	s.smtpLn, err = net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.SMTPPort)))
	if err != nil {
		_ = s.imapLn.Close()
		return nil, fmt.Errorf("embedded: SMTP listen: %w", err)
	}
	s.wg.Add(2)
	go func() { defer s.wg.Done(); _ = s.imapSrv.Serve(s.imapLn) }()
	go func() { defer s.wg.Done(); _ = s.smtpSrv.Serve(s.smtpLn) }()
	s.log.Info("embedded mail server started", "imap", s.IMAPAddr(), "smtp", s.SMTPAddr(), "domain", cfg.Domain)
	return s, nil
}

// Domain is the mail domain served.
func (s *Server) Domain() string { return s.cfg.Domain }

// IMAPAddr is the IMAP host:port.
func (s *Server) IMAPAddr() string { return s.imapLn.Addr().String() }

// SMTPAddr is the SMTP host:port.
func (s *Server) SMTPAddr() string { return s.smtpLn.Addr().String() }

// Close stops both servers and drops all connections.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	err1 := s.imapSrv.Close()
	err2 := s.smtpSrv.Close()
	if errors.Is(err2, smtp.ErrServerClosed) {
		err2 = nil
	}
	// The servers only close listeners their Serve already registered;
	// close ours too in case Serve had not started yet.
	_ = s.imapLn.Close()
	_ = s.smtpLn.Close()
	s.wg.Wait()
	return errors.Join(err1, err2)
}

func normLocal(local string) string { return strings.ToLower(strings.TrimSpace(local)) }

func validLocal(local string) error {
	if local == "" {
		return errors.New("empty user name")
	}
	for _, r := range local {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune(".-_", r)
		if !ok {
			return fmt.Errorf("user name %q: only letters, digits, '.', '-' and '_' are allowed", local)
		}
	}
	return nil
}

// AddUser adds a user with an INBOX, or changes the password of an
// existing user (keeping the mail).
func (s *Server) AddUser(local, password string) error {
	local = normLocal(local)
	if err := validLocal(local); err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	if password == "" {
		return fmt.Errorf("embedded: user %q needs a password", local)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.users[local]; a != nil {
		a.pass = password
		return nil
	}
	u := imapmemserver.NewUser(local, password)
	if err := u.Create("INBOX", nil); err != nil {
		return fmt.Errorf("embedded: creating INBOX for %q: %w", local, err)
	}
	s.users[local] = &account{pass: password, user: u}
	return nil
}

func (s *Server) account(local string) *account {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.users[normLocal(local)]
}

// login checks credentials. The user name may be "local" or
// "local@Domain".
func (s *Server) login(username, password string) (*account, string, bool) {
	name := normLocal(username)
	if at := strings.LastIndexByte(name, '@'); at >= 0 {
		if name[at+1:] != s.cfg.Domain {
			return nil, "", false
		}
		name = name[:at]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.users[name]
	if a == nil || a.pass != password {
		return nil, "", false
	}
	return a, name, true
}

// Deliver appends raw to local's INBOX, as if it had arrived by SMTP.
func (s *Server) Deliver(local string, raw []byte) error {
	a := s.account(local)
	if a == nil {
		return fmt.Errorf("embedded: no user %q", local)
	}
	return deliver(a, raw, time.Now())
}

func deliver(a *account, raw []byte, at time.Time) error {
	_, err := a.user.Append("INBOX", bytes.NewReader(raw), &imap.AppendOptions{Time: at})
	return err
}

// Count returns the number of messages in one of local's mailboxes.
func (s *Server) Count(local, mailbox string) (int, error) {
	a := s.account(local)
	if a == nil {
		return 0, fmt.Errorf("embedded: no user %q", local)
	}
	st, err := a.user.Status(mailbox, &imap.StatusOptions{NumMessages: true})
	if err != nil {
		return 0, fmt.Errorf("embedded: %s/%s: %w", local, mailbox, err)
	}
	if st.NumMessages == nil {
		return 0, nil
	}
	return int(*st.NumMessages), nil
}

// resolve maps an SMTP recipient to the account that receives it.
func (s *Server) resolve(rcpt string) (*account, string, error) {
	addr := strings.ToLower(strings.TrimSpace(rcpt))
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 {
		return nil, "", &smtp.SMTPError{Code: 501, EnhancedCode: smtp.EnhancedCode{5, 1, 3}, Message: "Bad recipient address"}
	}
	local, domain := addr[:at], addr[at+1:]
	if domain != s.cfg.Domain {
		return nil, "", &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
			Message: "Relaying denied: this server only accepts mail for @" + s.cfg.Domain}
	}
	if plus := strings.IndexByte(local, '+'); plus >= 0 {
		local = local[:plus]
	}
	if a := s.account(local); a != nil {
		return a, local, nil
	}
	if s.cfg.CatchAll != "" {
		if a := s.account(s.cfg.CatchAll); a != nil {
			return a, s.cfg.CatchAll, nil
		}
	}
	return nil, "", &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user here"}
}

// imapConn authenticates against the server's users and serves the
// user's in-memory mailboxes.
type imapConn struct {
	srv *Server
	*imapmemserver.UserSession
}

var _ imapserver.SessionIMAP4rev2 = (*imapConn)(nil)

func (s *imapConn) Login(username, password string) error {
	a, _, ok := s.srv.login(username, password)
	if !ok {
		return imapserver.ErrAuthFailed
	}
	s.UserSession = imapmemserver.NewUserSession(a.user)
	return nil
}

func (s *imapConn) Close() error {
	if s.UserSession == nil {
		return nil
	}
	return s.UserSession.Close()
}

// Idle first flushes updates queued since the last command, which the
// in-memory mailbox would otherwise hold back until the next change.
func (s *imapConn) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	if err := s.UserSession.Poll(w, true); err != nil {
		return err
	}
	return s.UserSession.Idle(w, stop)
}

type smtpBackend struct{ srv *Server }

func (b *smtpBackend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &smtpConn{srv: b.srv}, nil
}

type recipient struct {
	addr string
	acct *account
}

type smtpConn struct {
	srv   *Server
	user  string
	from  string
	rcpts []recipient
}

func (s *smtpConn) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *smtpConn) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		_, name, ok := s.srv.login(username, password)
		if !ok || (identity != "" && identity != username) {
			return smtp.ErrAuthFailed
		}
		s.user = name
		return nil
	}), nil
}

func (s *smtpConn) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	s.rcpts = nil
	return nil
}

func (s *smtpConn) Rcpt(to string, _ *smtp.RcptOptions) error {
	a, _, err := s.srv.resolve(to)
	if err != nil {
		return err
	}
	for _, r := range s.rcpts {
		if strings.EqualFold(r.addr, to) {
			return nil
		}
	}
	s.rcpts = append(s.rcpts, recipient{addr: to, acct: a})
	return nil
}

func (s *smtpConn) Data(r io.Reader) error {
	body, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	now := time.Now()
	for _, rc := range s.rcpts {
		var b bytes.Buffer
		fmt.Fprintf(&b, "Return-Path: <%s>\r\n", s.from)
		fmt.Fprintf(&b, "Delivered-To: %s\r\n", rc.addr)
		fmt.Fprintf(&b, "Received: from pbem-embedded by %s; %s\r\n", s.srv.cfg.Domain, now.Format(time.RFC1123Z))
		b.Write(body)
		if err := deliver(rc.acct, b.Bytes(), now); err != nil {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Delivery failed: " + err.Error()}
		}
	}
	s.srv.log.Debug("embedded: delivered", "from", s.from, "rcpts", len(s.rcpts), "bytes", len(body), "auth", s.user)
	return nil
}

func (s *smtpConn) Reset() {
	s.from = ""
	s.rcpts = nil
}

func (s *smtpConn) Logout() error { return nil }
