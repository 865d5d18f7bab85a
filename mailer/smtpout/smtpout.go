// Package smtpout sends outbox mail through an SMTP submission server.
//
// A Sender turns one store.OutMail into a MIME message (text/plain, with a
// text/html alternative when present) carrying the Message-ID, In-Reply-To
// and References fixed when the mail was queued, and hands it to the
// server. Errors say whether a retry may help: see IsTemporary.
package smtpout

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/textproto"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/wneessen/go-mail"

	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/mailer/mapdraw"
	"github.com/pbem/pbem/store"
)

// TLS modes for Config.TLS.
const (
	TLSNone     = "none"     // plaintext; for loopback servers only
	TLSStartTLS = "starttls" // STARTTLS is mandatory (submission, port 587)
	TLSImplicit = "tls"      // TLS from the first byte (port 465)
)

// UserAgent is the User-Agent header of every mail sent.
const UserAgent = "pbem"

// Config describes the submission server.
type Config struct {
	Host string
	Port int // default 587, or 465 when TLS is "tls", or 25 when TLS is "none"
	// TLS is "none", "starttls" or "tls". Empty means "tls" when Port is
	// 465 and "starttls" otherwise.
	TLS                string
	Username, Password string // AUTH is used when Username is set
	HeloName           string // default "localhost"
	InsecureSkipVerify bool
	RootCAs            *x509.CertPool // nil: the system pool
	Timeout            time.Duration  // connect and per-command timeout, default 30 s
}

// Sender sends mail with one Config. It is safe for concurrent use; each
// Send opens its own connection.
type Sender struct {
	cfg Config
}

// NewSender returns a Sender for cfg. Configuration errors are reported by
// Send, as permanent errors.
func NewSender(cfg Config) *Sender {
	return &Sender{cfg: cfg}
}

// Error is the error Send returns. Temporary tells whether the same mail
// may succeed later (4xx replies, network trouble); permanent errors are 5xx
// replies, bad configuration or bad addresses.
type Error struct {
	Temporary bool
	Code      int // SMTP reply code when known, else 0
	Err       error
}

func (e *Error) Error() string {
	kind := "permanent"
	if e.Temporary {
		kind = "temporary"
	}
	return "smtp (" + kind + "): " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// IsTemporary reports whether err is worth retrying soon: a 4xx reply, a
// refused or dropped connection, a timeout. It is false for 5xx replies and
// configuration errors, and false for nil.
func IsTemporary(err error) bool {
	if err == nil {
		return false
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Temporary
	}
	t, _ := classify(err)
	return t
}

func (s *Sender) mode() (string, int, error) {
	mode := strings.ToLower(strings.TrimSpace(s.cfg.TLS))
	port := s.cfg.Port
	if mode == "" {
		if port == 465 {
			mode = TLSImplicit
		} else {
			mode = TLSStartTLS
		}
	}
	if port == 0 {
		switch mode {
		case TLSImplicit:
			port = 465
		case TLSNone:
			port = 25
		default:
			port = 587
		}
	}
	switch mode {
	case TLSNone, TLSStartTLS, TLSImplicit:
	default:
		return "", 0, fmt.Errorf("unknown TLS mode %q (want none, starttls or tls)", s.cfg.TLS)
	}
	if port < 1 || port > 65535 {
		return "", 0, fmt.Errorf("bad port %d", port)
	}
	return mode, port, nil
}

func (s *Sender) client(watch func(net.Conn)) (*mail.Client, error) {
	if strings.TrimSpace(s.cfg.Host) == "" {
		return nil, errors.New("no SMTP host configured")
	}
	mode, port, err := s.mode()
	if err != nil {
		return nil, err
	}
	timeout := s.cfg.Timeout
	if timeout <= 0 {
		timeout = 30 * time.Second
	}
	helo := s.cfg.HeloName
	if helo == "" {
		helo = "localhost"
	}
	tlsCfg := &tls.Config{
		ServerName:         s.cfg.Host,
		RootCAs:            s.cfg.RootCAs,
		InsecureSkipVerify: s.cfg.InsecureSkipVerify, //nolint:gosec // explicit opt-in for self-signed servers
		MinVersion:         tls.VersionTLS12,
	}
	// The dialer is ours so that a cancelled context can close the
	// connection mid-transaction; for implicit TLS it also does the
	// handshake, returning a *tls.Conn so go-mail sees the encryption.
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		d := net.Dialer{Timeout: timeout}
		raw, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		watch(raw)
		if mode != TLSImplicit {
			return raw, nil
		}
		tc := tls.Client(raw, tlsCfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			_ = raw.Close()
			return nil, err
		}
		return tc, nil
	}
	opts := []mail.Option{
		mail.WithTimeout(timeout),
		mail.WithHELO(helo),
		mail.WithTLSConfig(tlsCfg),
		mail.WithoutNoop(),
		mail.WithDialContextFunc(dial),
		mail.WithPort(port),
	}
	if mode == TLSStartTLS {
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	} else {
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
	}
	if s.cfg.Username != "" {
		// PLAIN and LOGIN refuse to run over cleartext except to a
		// loopback host, so a password never crosses the network in clear.
		opts = append(opts,
			mail.WithOpportunisticSMTPAuth(mail.SMTPAuthPlain, mail.SMTPAuthLogin,
				mail.SMTPAuthSCRAMSHA256, mail.SMTPAuthCramMD5),
			mail.WithUsername(s.cfg.Username),
			mail.WithPassword(s.cfg.Password))
	}
	return mail.NewClient(s.cfg.Host, opts...)
}

// reserved headers are set from OutMail fields; m.Headers cannot override
// them.
var reserved = map[string]bool{
	"From": true, "To": true, "Cc": true, "Bcc": true, "Reply-To": true, "Subject": true,
	"Message-Id": true, "In-Reply-To": true, "References": true, "Date": true,
	"Mime-Version": true, "Content-Type": true, "Content-Transfer-Encoding": true,
	"User-Agent": true, "X-Mailer": true, "Sender": true, "Return-Path": true,
}

// Build turns m into a go-mail message without sending it. The Date is
// now; Send uses the current time.
func Build(m *store.OutMail, now time.Time) (*mail.Msg, error) {
	if m == nil {
		return nil, errors.New("nil mail")
	}
	if len(m.To) == 0 {
		return nil, fmt.Errorf("mail %d has no recipients", m.ID)
	}
	if strings.TrimSpace(m.MessageID) == "" {
		return nil, fmt.Errorf("mail %d has no Message-ID", m.ID)
	}
	msg := mail.NewMsg(mail.WithNoDefaultUserAgent())
	if err := msg.From(m.From); err != nil {
		return nil, fmt.Errorf("mail %d: From %q: %w", m.ID, m.From, err)
	}
	if err := msg.To(m.To...); err != nil {
		return nil, fmt.Errorf("mail %d: To %q: %w", m.ID, m.To, err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, fmt.Errorf("mail %d: Reply-To %q: %w", m.ID, m.ReplyTo, err)
		}
	}
	msg.SetGenHeaderPreformatted(mail.HeaderSubject, encodeSubject(m.Subject))
	msg.SetMessageIDWithValue(bare(m.MessageID))
	if m.InReplyTo != "" {
		msg.SetGenHeaderPreformatted(mail.HeaderInReplyTo, "<"+bare(m.InReplyTo)+">")
	}
	if len(m.References) > 0 {
		refs := make([]string, 0, len(m.References))
		for _, r := range m.References {
			if r = bare(r); r != "" {
				refs = append(refs, "<"+r+">")
			}
		}
		if len(refs) > 0 {
			msg.SetGenHeaderPreformatted(mail.HeaderReferences, strings.Join(refs, " "))
		}
	}
	keys := make([]string, 0, len(m.Headers))
	for k := range m.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ck := textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(k))
		if ck == "" || reserved[ck] || strings.ContainsAny(ck, " :\r\n") {
			return nil, fmt.Errorf("mail %d: header %q cannot be set", m.ID, k)
		}
		v := m.Headers[k]
		if strings.ContainsAny(v, "\r\n") {
			return nil, fmt.Errorf("mail %d: header %s contains a line break", m.ID, ck)
		}
		msg.SetGenHeader(mail.Header(ck), v)
	}
	msg.SetGenHeader(mail.HeaderUserAgent, UserAgent)
	msg.SetDateWithValue(now)
	msg.SetBodyString(mail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(mail.TypeTextHTML, m.HTML)
	}
	for i, p := range m.Parts {
		data, err := PartData(p)
		if err != nil {
			return nil, fmt.Errorf("mail %d: part %d (%s): %w", m.ID, i+1, p.Name, err)
		}
		opts := []mail.FileOption{mail.WithFileContentType(mail.ContentType(p.ContentType))}
		if p.ContentID != "" {
			opts = append(opts, mail.WithFileContentID("<"+p.ContentID+">"))
			err = msg.EmbedReader(p.Name, bytes.NewReader(data), opts...)
		} else {
			err = msg.AttachReader(p.Name, bytes.NewReader(data), opts...)
		}
		if err != nil {
			return nil, fmt.Errorf("mail %d: part %d (%s): %w", m.ID, i+1, p.Name, err)
		}
	}
	return msg, nil
}

// PartData returns a part's bytes: its Data, or what its renderer draws
// from its Source ("map-png": a board.Map in JSON, drawn as a PNG). The
// same part always gives the same bytes, so a mail sent again after a
// crash is the same mail.
func PartData(p store.Part) ([]byte, error) {
	switch p.Render {
	case "":
		return p.Data, nil
	case "map-png":
		var m board.Map
		if err := json.Unmarshal(p.Source, &m); err != nil {
			return nil, fmt.Errorf("map data does not decode: %w", err)
		}
		return mapdraw.PNG(&m, mapdraw.Options{})
	}
	return nil, fmt.Errorf("no renderer %q", p.Render)
}

// bare strips surrounding space and angle brackets from a message ID.
func bare(id string) string {
	id = strings.TrimSpace(id)
	id = strings.TrimPrefix(id, "<")
	return strings.TrimSuffix(id, ">")
}

// Send delivers m. It returns nil only once the server accepted the
// message (250 after DATA). Any error is an *Error.
func (s *Sender) Send(ctx context.Context, m *store.OutMail) error {
	msg, err := Build(m, time.Now())
	if err != nil {
		return &Error{Temporary: false, Err: err}
	}
	var (
		mu   sync.Mutex
		conn net.Conn
	)
	c, err := s.client(func(nc net.Conn) { mu.Lock(); conn = nc; mu.Unlock() })
	if err != nil {
		return &Error{Temporary: false, Err: fmt.Errorf("configuration: %w", err)}
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			mu.Lock()
			if conn != nil {
				_ = conn.Close()
			}
			mu.Unlock()
		case <-done:
		}
	}()
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		if msg.IsDelivered() {
			// The server accepted the message; only QUIT failed.
			// Reporting an error would send it twice.
			return nil
		}
		if ctx.Err() != nil {
			return &Error{Temporary: true, Err: fmt.Errorf("%w (%v)", ctx.Err(), err)}
		}
		temp, code := classify(err)
		return &Error{Temporary: temp, Code: code, Err: err}
	}
	return nil
}

// classify decides whether err is temporary and extracts an SMTP code.
func classify(err error) (temporary bool, code int) {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return true, 0
	}
	var se *mail.SendError
	if errors.As(err, &se) {
		code = se.ErrorCode()
		switch {
		case se.IsTemp():
			return true, code
		case code >= 500:
			return false, code
		case code >= 400:
			return true, code
		}
		if se.Reason == mail.ErrGetSender || se.Reason == mail.ErrGetRcpts {
			return false, code
		}
	}
	var tpe *textproto.Error
	if errors.As(err, &tpe) {
		return tpe.Code < 500, tpe.Code
	}
	// TLS verification problems are configuration problems.
	var uae x509.UnknownAuthorityError
	var hne x509.HostnameError
	var cie x509.CertificateInvalidError
	var tve *tls.CertificateVerificationError
	if errors.As(err, &uae) || errors.As(err, &hne) || errors.As(err, &cie) || errors.As(err, &tve) {
		return false, 0
	}
	if c := leadingCode(err.Error()); c != 0 {
		return c < 500, c
	}
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, os.ErrDeadlineExceeded) {
		return true, 0
	}
	s := err.Error()
	if strings.Contains(s, "STARTTLS") || strings.Contains(s, "authentication") || strings.Contains(s, "auth") {
		return false, 0
	}
	return true, 0
}

// leadingCode finds an SMTP reply code ("451 ...", "554 5.6.0 ...") at the
// start of the message or after ": ".
func leadingCode(s string) int {
	for _, part := range strings.Split(s, ": ") {
		part = strings.TrimSpace(part)
		if len(part) < 4 || (part[3] != ' ' && part[3] != '-') {
			continue
		}
		n, err := strconv.Atoi(part[:3])
		if err == nil && n >= 400 && n < 600 {
			return n
		}
	}
	return 0
}

// encodeSubject is the Subject header's value: printable ASCII as it
// is, anything else as RFC 2047 encoded words (Q encoding) of at most 76
// characters a line, folded between words so that the first one stays on
// the "Subject:" line (a fold right after the colon makes some readers
// show the subject with a leading space).
func encodeSubject(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			plain = false
			break
		}
	}
	if plain && !strings.Contains(s, "=?") {
		return s
	}
	// The plain words before the first one that needs encoding (the
	// game's tag) stay plain, so that filters on the raw header see them.
	prefix := ""
	if i := strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r > '~' }); i > 0 {
		if sp := strings.LastIndexByte(s[:i], ' '); sp > 0 && sp < 40 && !strings.Contains(s[:sp], "=?") {
			prefix, s = s[:sp+1], s[sp+1:]
		}
	}
	const head, tail = "=?UTF-8?q?", "?="
	limit := 76 - len("Subject: ") - len(prefix)
	var out, word strings.Builder
	out.WriteString(prefix)
	first := true
	flush := func() {
		if word.Len() == 0 {
			return
		}
		if !first {
			out.WriteString("\r\n ")
		}
		out.WriteString(head + word.String() + tail)
		word.Reset()
		first, limit = false, 76-1
	}
	var buf [utf8.UTFMax]byte
	for _, r := range s {
		if r == '\r' || r == '\n' {
			r = ' '
		}
		var piece string
		switch {
		case r == ' ':
			piece = "_"
		case r > ' ' && r <= '~' && r != '=' && r != '?' && r != '_':
			piece = string(r)
		default:
			n := utf8.EncodeRune(buf[:], r)
			for _, c := range buf[:n] {
				piece += fmt.Sprintf("=%02X", c)
			}
		}
		if len(head)+word.Len()+len(piece)+len(tail) > limit {
			flush()
		}
		word.WriteString(piece)
	}
	flush()
	return out.String()
}
