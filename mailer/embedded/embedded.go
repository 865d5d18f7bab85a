// Package embedded is the small mail server pbem runs when no mail account
// is configured, so anyone can try a game with any mail client on the same
// machine.
//
// It serves IMAP and SMTP. Mail to user@Domain or user+tag@Domain lands
// in user's INBOX. What happens to other mail depends on the mode:
//
//   - Closed (the default): mail to unknown users goes to the catch-all
//     user or is refused, and mail to other domains is refused (the
//     server is not a relay).
//   - Open (Config.Open): mail to any address is accepted and kept here —
//     nothing is ever forwarded — in a mailbox created on first use. The
//     account is named by the whole address (the local part at Domain) and
//     its password is derived from the server's key, so Logins can tell
//     anyone's login before their first mail. Since anyone who reaches the
//     ports could read any of these mailboxes, an open server listens on
//     loopback only.
//
// With Config.MailFile the mailboxes (accounts, mailboxes, messages,
// flags, UIDs) and the key are kept in that file and survive a restart;
// otherwise they live in memory. Without a TLS configuration, passwords
// are accepted in clear only when the server listens on a loopback
// address.
package embedded

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/tls"
	"encoding/base32"
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
	// Open accepts mail for every address (see the package comment). It
	// needs a loopback Host.
	Open bool
	// MailFile keeps the mailboxes in this file (created if missing);
	// "" keeps them in memory.
	MailFile string
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
	st       *mailStore

	mu    sync.Mutex
	users map[string]string // configured account -> password

	imapSrv *imapserver.Server
	smtpSrv *smtp.Server
	imapLn  net.Listener
	smtpLn  net.Listener
	wg      sync.WaitGroup
	closed  bool
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
	s := &Server{cfg: cfg, log: cfg.Log, users: map[string]string{}}
	if s.log == nil {
		s.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	ip := net.ParseIP(cfg.Host)
	s.loopback = cfg.Host == "localhost" || (ip != nil && ip.IsLoopback())
	if cfg.Open && !s.loopback {
		return nil, fmt.Errorf("embedded: host %s is not a loopback address: an open server gives every address a mailbox and a login, so it listens on loopback only (127.0.0.1)", cfg.Host)
	}
	if cfg.MailFile != "" {
		st, err := openMailFile(cfg.MailFile)
		if err != nil {
			return nil, fmt.Errorf("embedded: %w", err)
		}
		s.st = st
	} else {
		s.st = newMemStore()
	}
	fail := func(err error) (*Server, error) {
		_ = s.st.close()
		return nil, err
	}

	for local, pass := range cfg.Users {
		if err := s.AddUser(local, pass); err != nil {
			return fail(err)
		}
	}
	if cfg.CatchAll != "" && s.st.account(cfg.CatchAll) == nil {
		return fail(fmt.Errorf("embedded: catch-all user %q is not among the users", cfg.CatchAll))
	}

	errLog := log.New(io.Discard, "", 0)
	s.imapSrv = imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return &session{srv: s}, nil, nil
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
		return fail(fmt.Errorf("embedded: IMAP listen: %w", err))
	}
	s.smtpLn, err = net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.SMTPPort)))
	if err != nil {
		_ = s.imapLn.Close()
		return fail(fmt.Errorf("embedded: SMTP listen: %w", err))
	}
	s.wg.Add(2)
	go func() { defer s.wg.Done(); _ = s.imapSrv.Serve(s.imapLn) }()
	go func() { defer s.wg.Done(); _ = s.smtpSrv.Serve(s.smtpLn) }()
	s.log.Info("embedded mail server started", "imap", s.IMAPAddr(), "smtp", s.SMTPAddr(), "domain", cfg.Domain,
		"open", cfg.Open, "mail_file", cfg.MailFile)
	return s, nil
}

// Domain is the mail domain served.
func (s *Server) Domain() string { return s.cfg.Domain }

// IMAPAddr is the IMAP host:port.
func (s *Server) IMAPAddr() string { return s.imapLn.Addr().String() }

// SMTPAddr is the SMTP host:port.
func (s *Server) SMTPAddr() string { return s.smtpLn.Addr().String() }

// Close stops both servers, drops all connections and closes the mail
// file.
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
	// Sessions still running (a client that has not noticed) only hold
	// memory; the file is closed once nothing can write to it.
	s.st.mu.Lock()
	err3 := s.st.close()
	s.st.db = nil
	s.st.mu.Unlock()
	return errors.Join(err1, err2, err3)
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

// validAddress accepts the plain addresses games use: no quotes, spaces
// or brackets.
func validAddress(local, domain string) error {
	if local == "" || domain == "" || len(local)+len(domain) > 253 {
		return errors.New("not a mail address")
	}
	for _, r := range local {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune(".!#$%&'*+-=?^_`{|}~", r)
		if !ok {
			return fmt.Errorf("character %q is not accepted in a mailbox name", r)
		}
	}
	for _, r := range domain {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.'
		if !ok {
			return fmt.Errorf("character %q is not accepted in a domain", r)
		}
	}
	return nil
}

// errRelay is the refusal of mail for another domain by a closed server.
func (s *Server) errRelay() error {
	return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1},
		Message: "Relaying denied: this server only accepts mail for @" + s.cfg.Domain}
}

// accountName maps an address or user name to its account: the local
// part without +tag at Domain (or a bare user name), the whole address
// elsewhere in open mode.
func accountName(addr, domain string, open bool) (string, error) {
	addr = strings.ToLower(strings.TrimSpace(addr))
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return addr, validLocal(addr)
	}
	local, dom := addr[:at], addr[at+1:]
	if dom == domain {
		if plus := strings.IndexByte(local, '+'); plus >= 0 {
			local = local[:plus]
		}
		return local, validLocal(local)
	}
	if !open {
		return "", errNotHere
	}
	return addr, validAddress(local, dom)
}

var errNotHere = errors.New("not a local address")

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
	if _, err := s.st.ensureAccount(local); err != nil {
		return fmt.Errorf("embedded: creating INBOX for %q: %w", local, err)
	}
	s.mu.Lock()
	s.users[local] = password
	s.mu.Unlock()
	return nil
}

// password is the password of account name: the configured one, or in
// open mode the one derived from the key.
func (s *Server) password(name string) (string, bool) {
	s.mu.Lock()
	p, ok := s.users[name]
	s.mu.Unlock()
	if ok {
		return p, true
	}
	if s.cfg.Open {
		return derivePassword(s.st.key, name), true
	}
	return "", false
}

// login checks credentials and returns the account, creating an open
// account on its first login.
func (s *Server) login(username, password string) (*account, bool) {
	name, err := accountName(username, s.cfg.Domain, s.cfg.Open)
	if err != nil {
		return nil, false
	}
	want, ok := s.password(name)
	if !ok || subtle.ConstantTimeCompare([]byte(want), []byte(password)) != 1 {
		return nil, false
	}
	a, err := s.st.ensureAccount(name)
	if err != nil {
		s.log.Error("embedded: creating account", "account", name, "err", err)
		return nil, false
	}
	return a, true
}

// lookup returns the account an address or user name names, if it
// exists.
func (s *Server) lookup(addr string) (*account, error) {
	name, err := accountName(addr, s.cfg.Domain, s.cfg.Open)
	if err != nil {
		return nil, fmt.Errorf("embedded: %q: %w", addr, err)
	}
	a := s.st.account(name)
	if a == nil {
		return nil, fmt.Errorf("embedded: no user %q", name)
	}
	return a, nil
}

// Deliver appends raw to an account's INBOX, as if it had arrived by SMTP.
func (s *Server) Deliver(user string, raw []byte) error {
	a, err := s.lookup(user)
	if err != nil {
		return err
	}
	_, err = s.st.appendMsg(a, "INBOX", newMsg{body: raw, t: time.Now()})
	return err
}

// Count returns the number of messages in one of an account's mailboxes.
func (s *Server) Count(user, mailbox string) (int, error) {
	a, err := s.lookup(user)
	if err != nil {
		return 0, err
	}
	s.st.mu.RLock()
	defer s.st.mu.RUnlock()
	m := a.boxes[boxName(mailbox)]
	if m == nil {
		return 0, fmt.Errorf("embedded: %s/%s: no such mailbox", a.name, mailbox)
	}
	return len(m.msgs), nil
}

// resolve maps an SMTP recipient to the account that receives it.
func (s *Server) resolve(rcpt string) (*account, error) {
	addr := strings.ToLower(strings.TrimSpace(rcpt))
	if at := strings.LastIndexByte(addr, '@'); at <= 0 {
		return nil, &smtp.SMTPError{Code: 501, EnhancedCode: smtp.EnhancedCode{5, 1, 3}, Message: "Bad recipient address"}
	}
	name, err := accountName(addr, s.cfg.Domain, s.cfg.Open)
	if errors.Is(err, errNotHere) {
		return nil, s.errRelay()
	}
	if err != nil {
		return nil, &smtp.SMTPError{Code: 501, EnhancedCode: smtp.EnhancedCode{5, 1, 3}, Message: "Bad recipient address: " + err.Error()}
	}
	if a := s.st.account(name); a != nil {
		return a, nil
	}
	if s.cfg.CatchAll != "" && !strings.Contains(name, "@") {
		if a := s.st.account(s.cfg.CatchAll); a != nil {
			return a, nil
		}
	}
	if s.cfg.Open {
		a, err := s.st.ensureAccount(name)
		if err != nil {
			s.log.Error("embedded: creating account", "account", name, "err", err)
			return nil, &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Cannot create the mailbox now"}
		}
		return a, nil
	}
	return nil, &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user here"}
}

// Logins tells the login of any address of an open server.
type Logins struct {
	domain string
	key    []byte
	users  map[string]string
}

// Logins returns the logins of s's accounts (open accounts need
// Config.Open).
func (s *Server) Logins() *Logins {
	s.mu.Lock()
	defer s.mu.Unlock()
	users := make(map[string]string, len(s.users))
	for k, v := range s.users {
		users[k] = v
	}
	return &Logins{domain: s.cfg.Domain, key: s.st.key, users: users}
}

// ReadLogins returns the logins an open server started with this mail
// file, domain (default DefaultDomain) and users would accept, without
// the server running. It creates the mail file if it does not exist; it
// fails while a server has it open.
func ReadLogins(mailFile, domain string, users map[string]string) (*Logins, error) {
	st, err := openMailFile(mailFile)
	if err != nil {
		return nil, fmt.Errorf("embedded: %w", err)
	}
	key := st.key
	if err := st.close(); err != nil {
		return nil, fmt.Errorf("embedded: mail file %s: %w", mailFile, err)
	}
	if domain == "" {
		domain = DefaultDomain
	}
	l := &Logins{domain: strings.ToLower(strings.TrimSpace(domain)), key: key, users: map[string]string{}}
	for k, v := range users {
		l.users[normLocal(k)] = v
	}
	return l, nil
}

// For returns the user name and password that log in to addr's mailbox.
func (l *Logins) For(addr string) (user, password string, err error) {
	name, err := accountName(addr, l.domain, true)
	if err != nil {
		return "", "", fmt.Errorf("embedded: %q: %w", addr, err)
	}
	if p, ok := l.users[name]; ok {
		return name, p, nil
	}
	return name, derivePassword(l.key, name), nil
}

var passwordEncoding = base32.NewEncoding("abcdefghijkmnpqrstuvwxyz23456789").WithPadding(base32.NoPadding)

// derivePassword is an open account's password: an HMAC of its name under
// the server's key, as four groups of four letters and digits.
func derivePassword(key []byte, name string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("pbem embedded login\x00" + name))
	s := passwordEncoding.EncodeToString(mac.Sum(nil)[:10])
	return s[0:4] + "-" + s[4:8] + "-" + s[8:12] + "-" + s[12:16]
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
		a, ok := s.srv.login(username, password)
		if !ok || (identity != "" && identity != username) {
			return smtp.ErrAuthFailed
		}
		s.user = a.name
		return nil
	}), nil
}

func (s *smtpConn) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	s.rcpts = nil
	return nil
}

func (s *smtpConn) Rcpt(to string, _ *smtp.RcptOptions) error {
	a, err := s.srv.resolve(to)
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
		// The login that sent the email, as RFC 8601's "auth" method: a
		// reader that trusts this server (auth.trusted_authserv_id) knows
		// whether the sender logged in as the From address. Headers of
		// the same name that came with the email stay below this one.
		if s.user != "" {
			fmt.Fprintf(&b, "Authentication-Results: %s; auth=pass smtp.auth=%s\r\n", s.srv.cfg.Domain, s.loginAddress())
		} else {
			fmt.Fprintf(&b, "Authentication-Results: %s; auth=none\r\n", s.srv.cfg.Domain)
		}
		fmt.Fprintf(&b, "Return-Path: <%s>\r\n", s.from)
		fmt.Fprintf(&b, "Delivered-To: %s\r\n", rc.addr)
		fmt.Fprintf(&b, "Received: from pbem-embedded by %s; %s\r\n", s.srv.cfg.Domain, now.Format(time.RFC1123Z))
		b.Write(body)
		if _, err := s.srv.st.appendMsg(rc.acct, "INBOX", newMsg{t: now, body: b.Bytes()}); err != nil {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Delivery failed: " + err.Error()}
		}
	}
	s.srv.log.Debug("embedded: delivered", "from", s.from, "rcpts", len(s.rcpts), "bytes", len(body), "auth", s.user)
	return nil
}

// loginAddress is the address of the account that logged in.
func (s *smtpConn) loginAddress() string {
	if strings.Contains(s.user, "@") {
		return s.user
	}
	return s.user + "@" + s.srv.cfg.Domain
}

func (s *smtpConn) Reset() {
	s.from = ""
	s.rcpts = nil
}

func (s *smtpConn) Logout() error { return nil }
