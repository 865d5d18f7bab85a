// Package imapin reads incoming mail (players' orders) from an IMAP
// mailbox and hands each message to a handler.
//
// The rules, in order of importance:
//
//   - Nothing is lost. A message leaves the inbox (MOVE to the processed or
//     failed folder, or the \Seen flag when MOVE is impossible) only after
//     the handler returned, i.e. after the platform committed what the
//     message caused. Bodies are fetched with BODY.PEEK[], which does not
//     set \Seen.
//   - Nothing is handled twice, unless the connection dropped between the
//     handler's return and the server's acknowledgement of the MOVE. The
//     client remembers such messages and, on reconnect to the same mailbox
//     (same UIDVALIDITY), files them without calling the handler again. A
//     process restart in that window does hand the message over again; the
//     platform's record of processed Message-IDs catches that duplicate.
//   - Messages are handled one at a time in UID order (arrival order).
//
// The mailbox should be dedicated to pbem: every message in it that is
// neither \Seen nor \Deleted is treated as incoming orders.
package imapin

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// TLS modes for Config.TLS.
const (
	TLSNone     = "none"     // plaintext; for loopback servers only
	TLSStartTLS = "starttls" // port 143 with mandatory STARTTLS
	TLSImplicit = "tls"      // port 993
)

// Defaults.
const (
	DefaultMailbox          = "INBOX"
	DefaultProcessedMailbox = "pbem/processed"
	DefaultFailedMailbox    = "pbem/failed"
	DefaultPoll             = 60 * time.Second
	DefaultIdleRescan       = 10 * time.Minute
	DefaultReconnectMin     = time.Second
	DefaultReconnectMax     = 2 * time.Minute
	DefaultMaxMessageBytes  = 25 << 20
)

// Config describes the mailbox to read.
type Config struct {
	Addr string // host:port
	// TLS is "none", "starttls" or "tls". Empty means "starttls" when the
	// port is 143 and "tls" otherwise.
	TLS                string
	Username, Password string
	Mailbox            string // default "INBOX"
	// ProcessedMailbox and FailedMailbox receive handled messages. They
	// are created when missing. "/" separates levels and is replaced by
	// the server's hierarchy delimiter.
	ProcessedMailbox string // default "pbem/processed"
	FailedMailbox    string // default "pbem/failed"
	// Poll is the interval between checks when the server lacks IDLE,
	// default 60 s. It is also the default RetryAfter.
	Poll               time.Duration
	InsecureSkipVerify bool
	RootCAs            *x509.CertPool // nil: the system pool

	// MaxMessageBytes caps how much of one message is read into memory,
	// default 25 MiB (see Incoming.Truncated).
	MaxMessageBytes int64
	// RetryAfter is how long a message the handler asked to retry waits
	// before it is handed over again, default Poll.
	RetryAfter time.Duration
	// IdleRescan bounds how long the client idles before it looks at the
	// mailbox anyway, default 10 min (a safety net for lost notifications).
	IdleRescan time.Duration
	// ReconnectMin and ReconnectMax bound the reconnect back-off, which
	// doubles from min to max; defaults 1 s and 2 min.
	ReconnectMin, ReconnectMax time.Duration
	// ShutdownGrace is how long, once ctx ends, a message being handled
	// may take to be filed before the connection is cut; default 10 s.
	ShutdownGrace time.Duration
	Log           *slog.Logger // default discards
}

// Disposition is what the handler decided about a message.
type Disposition int

const (
	// Retry leaves the message unseen in the mailbox, to be handed over
	// again after RetryAfter. It is the zero value, so a handler that
	// returns an error loses nothing.
	Retry Disposition = iota
	// Processed files the message in ProcessedMailbox.
	Processed
	// Failed files the message in FailedMailbox (e.g. it is not an email
	// pbem can read). The handler has already told the sender.
	Failed
)

func (d Disposition) String() string {
	switch d {
	case Retry:
		return "retry"
	case Processed:
		return "processed"
	case Failed:
		return "failed"
	}
	return fmt.Sprintf("disposition(%d)", int(d))
}

// Incoming is one message as fetched from the server.
type Incoming struct {
	UID         uint32
	UIDValidity uint32
	Raw         []byte // the message (BODY.PEEK[]), complete unless Truncated
	// Truncated is set when the message is larger than MaxMessageBytes;
	// Raw then holds its first MaxMessageBytes bytes. The handler should
	// answer "too large" and return Failed.
	Truncated bool
}

// Handler handles one message. It returns after the effects of the message
// are committed. A non-nil error means Retry, whatever the disposition.
type Handler func(ctx context.Context, m Incoming) (Disposition, error)

// Client reads one mailbox. Create it with New and call Run once.
type Client struct {
	cfg Config
	log *slog.Logger

	wake   chan struct{} // Wake
	notify chan struct{} // unilateral EXISTS and similar

	mu          sync.Mutex
	validity    uint32                 // UIDVALIDITY the maps below refer to
	unacked     map[uint32]Disposition // handled, not yet filed on the server
	retryAt     map[uint32]time.Time   // handler asked to retry; not before
	handled     int                    // messages handed to the handler (stats)
	connects    int                    // successful logins (stats)
	moveToFlags int                    // MOVE failures answered with \Seen (stats)
}

// New checks cfg, fills in defaults and returns a Client.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.Addr) == "" {
		return nil, errors.New("imapin: no IMAP address configured")
	}
	_, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("imapin: address %q: %w", cfg.Addr, err)
	}
	cfg.TLS = strings.ToLower(strings.TrimSpace(cfg.TLS))
	if cfg.TLS == "" {
		if port == "143" {
			cfg.TLS = TLSStartTLS
		} else {
			cfg.TLS = TLSImplicit
		}
	}
	switch cfg.TLS {
	case TLSNone, TLSStartTLS, TLSImplicit:
	default:
		return nil, fmt.Errorf("imapin: unknown TLS mode %q (want none, starttls or tls)", cfg.TLS)
	}
	if cfg.Username == "" {
		return nil, errors.New("imapin: no IMAP user configured")
	}
	if cfg.Mailbox == "" {
		cfg.Mailbox = DefaultMailbox
	}
	if cfg.ProcessedMailbox == "" {
		cfg.ProcessedMailbox = DefaultProcessedMailbox
	}
	if cfg.FailedMailbox == "" {
		cfg.FailedMailbox = DefaultFailedMailbox
	}
	if cfg.ProcessedMailbox == cfg.Mailbox || cfg.FailedMailbox == cfg.Mailbox {
		return nil, errors.New("imapin: the processed and failed folders must differ from the mailbox read")
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	if cfg.MaxMessageBytes <= 0 {
		cfg.MaxMessageBytes = DefaultMaxMessageBytes
	}
	if cfg.RetryAfter <= 0 {
		cfg.RetryAfter = cfg.Poll
	}
	if cfg.IdleRescan <= 0 {
		cfg.IdleRescan = DefaultIdleRescan
	}
	if cfg.ReconnectMin <= 0 {
		cfg.ReconnectMin = DefaultReconnectMin
	}
	if cfg.ReconnectMax <= 0 {
		cfg.ReconnectMax = DefaultReconnectMax
	}
	if cfg.ShutdownGrace <= 0 {
		cfg.ShutdownGrace = 10 * time.Second
	}
	if cfg.ReconnectMax < cfg.ReconnectMin {
		cfg.ReconnectMax = cfg.ReconnectMin
	}
	c := &Client{
		cfg:     cfg,
		log:     cfg.Log,
		wake:    make(chan struct{}, 1),
		notify:  make(chan struct{}, 1),
		unacked: map[uint32]Disposition{},
		retryAt: map[uint32]time.Time{},
	}
	if c.log == nil {
		c.log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return c, nil
}

// Wake makes the client look at the mailbox now (and cuts a reconnect
// wait short). It never blocks.
func (c *Client) Wake() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *Client) poke() {
	select {
	case c.notify <- struct{}{}:
	default:
	}
}

// Stats are counters for tests and status pages.
type Stats struct {
	Handled      int // handler calls
	Connects     int // successful logins
	FlaggedSeen  int // messages marked \Seen because MOVE failed
	Unacked      int // handled messages not yet filed on the server
	RetryPending int // messages waiting for RetryAfter
}

// Stats returns the current counters.
func (c *Client) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Stats{Handled: c.handled, Connects: c.connects, FlaggedSeen: c.moveToFlags,
		Unacked: len(c.unacked), RetryPending: len(c.retryAt)}
}

// Run reads the mailbox until ctx ends, reconnecting after any error with
// back-off. It returns ctx.Err().
func (c *Client) Run(ctx context.Context, h Handler) error {
	if h == nil {
		return errors.New("imapin: nil handler")
	}
	delay := c.cfg.ReconnectMin
	for {
		loggedIn, err := c.serve(ctx, h)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if loggedIn {
			delay = c.cfg.ReconnectMin
		}
		c.log.Warn("imapin: connection ended, reconnecting", "addr", c.cfg.Addr, "err", err, "in", delay)
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		case <-c.wake:
			t.Stop()
		}
		delay *= 2
		if delay > c.cfg.ReconnectMax {
			delay = c.cfg.ReconnectMax
		}
	}
}

// dial connects, honouring ctx while connecting. It returns the raw
// connection too, so serve can cut it when ctx ends.
func (c *Client) dial(ctx context.Context) (*imapclient.Client, net.Conn, error) {
	host, _, _ := net.SplitHostPort(c.cfg.Addr)
	tlsCfg := &tls.Config{
		ServerName:         host,
		RootCAs:            c.cfg.RootCAs,
		InsecureSkipVerify: c.cfg.InsecureSkipVerify, //nolint:gosec // explicit opt-in
		MinVersion:         tls.VersionTLS12,
		NextProtos:         []string{"imap"},
	}
	opts := &imapclient.Options{
		TLSConfig: tlsCfg,
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			// Runs on the client's reader goroutine: never block here.
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					c.poke()
				}
			},
		},
	}
	d := &net.Dialer{Timeout: 30 * time.Second}
	var conn net.Conn
	var err error
	if c.cfg.TLS == TLSImplicit {
		td := &tls.Dialer{NetDialer: d, Config: tlsCfg}
		conn, err = td.DialContext(ctx, "tcp", c.cfg.Addr)
	} else {
		conn, err = d.DialContext(ctx, "tcp", c.cfg.Addr)
	}
	if err != nil {
		return nil, nil, err
	}
	if c.cfg.TLS != TLSStartTLS {
		return imapclient.New(conn, opts), conn, nil
	}
	stop := context.AfterFunc(ctx, func() { _ = conn.Close() })
	defer stop()
	cl, err := imapclient.NewStartTLS(conn, opts)
	if err != nil {
		return nil, nil, err
	}
	return cl, conn, nil
}

// isServerReply tells an IMAP NO/BAD reply from a broken connection.
func isServerReply(err error) bool {
	var ie *imap.Error
	return errors.As(err, &ie)
}

// serve runs one connection until it breaks or ctx ends.
func (c *Client) serve(ctx context.Context, h Handler) (loggedIn bool, err error) {
	cl, raw, err := c.dial(ctx)
	if err != nil {
		return false, fmt.Errorf("connect: %w", err)
	}
	defer func() { _ = cl.Close() }()
	// When ctx ends, waits return by themselves. A command blocked on a
	// silent server is cut by closing the connection, at once outside a
	// scan; during a scan only after ShutdownGrace, so a handler that
	// has committed can still see its message filed.
	var scanning atomic.Bool
	ended := make(chan struct{})
	defer close(ended)
	stopWatch := context.AfterFunc(ctx, func() {
		if scanning.Load() {
			t := time.NewTimer(c.cfg.ShutdownGrace)
			defer t.Stop()
			select {
			case <-ended:
				return
			case <-t.C:
			}
		}
		_ = raw.Close()
	})
	defer stopWatch()
	if err := cl.Login(c.cfg.Username, c.cfg.Password).Wait(); err != nil {
		if isServerReply(err) {
			c.log.Error("imapin: login refused; check the IMAP user and password", "user", c.cfg.Username, "err", err)
		}
		return false, fmt.Errorf("login: %w", err)
	}
	c.mu.Lock()
	c.connects++
	c.mu.Unlock()

	processed, failed, err := c.folders(cl)
	if err != nil {
		return true, err
	}
	sel, err := cl.Select(c.cfg.Mailbox, nil).Wait()
	if err != nil {
		return true, fmt.Errorf("select %s: %w", c.cfg.Mailbox, err)
	}
	c.mu.Lock()
	if c.validity != sel.UIDValidity {
		if c.validity != 0 && (len(c.unacked) > 0 || len(c.retryAt) > 0) {
			c.log.Warn("imapin: UIDVALIDITY changed; pending messages will be handled again",
				"old", c.validity, "new", sel.UIDValidity, "unacked", len(c.unacked))
		}
		c.validity = sel.UIDValidity
		c.unacked = map[uint32]Disposition{}
		c.retryAt = map[uint32]time.Time{}
	}
	c.mu.Unlock()
	caps := cl.Caps()
	canIdle := caps.Has(imap.CapIdle)
	c.log.Info("imapin: connected", "addr", c.cfg.Addr, "mailbox", c.cfg.Mailbox,
		"uidvalidity", sel.UIDValidity, "messages", sel.NumMessages, "idle", canIdle, "move", caps.Has(imap.CapMove))

	s := &conn{c: c, cl: cl, h: h, validity: sel.UIDValidity, processed: processed, failed: failed,
		move: caps.Has(imap.CapMove), uidplus: caps.Has(imap.CapUIDPlus)}
	for {
		// Drop notifications that the scan below covers.
		select {
		case <-c.notify:
		default:
		}
		scanning.Store(true)
		nextRetry, err := s.scan(ctx)
		scanning.Store(false)
		if err != nil {
			return true, err
		}
		if ctx.Err() != nil {
			_ = cl.Logout().Wait()
			return true, ctx.Err()
		}
		// Mail that arrived while we were busy: look again at once.
		select {
		case <-c.notify:
			continue
		default:
		}
		wait := c.cfg.Poll
		if canIdle {
			wait = c.cfg.IdleRescan
		}
		if !nextRetry.IsZero() {
			if d := time.Until(nextRetry); d < wait {
				wait = max(d, 0)
			}
		}
		if err := s.wait(ctx, canIdle, wait); err != nil {
			if ctx.Err() != nil {
				_ = cl.Logout().Wait()
				return true, ctx.Err()
			}
			return true, err
		}
	}
}

// folders returns the server names of the processed and failed folders,
// creating them when missing.
func (c *Client) folders(cl *imapclient.Client) (string, string, error) {
	delim := '/'
	if l, err := cl.List("", "", nil).Collect(); err == nil && len(l) > 0 && l[0].Delim != 0 {
		delim = l[0].Delim
	} else if err != nil && !isServerReply(err) {
		return "", "", fmt.Errorf("list: %w", err)
	}
	var names []string
	for _, name := range []string{c.cfg.ProcessedMailbox, c.cfg.FailedMailbox} {
		if delim != '/' {
			name = strings.ReplaceAll(name, "/", string(delim))
		}
		names = append(names, name)
		if _, err := cl.Status(name, &imap.StatusOptions{NumMessages: true}).Wait(); err == nil {
			continue
		} else if !isServerReply(err) {
			return "", "", fmt.Errorf("status %s: %w", name, err)
		}
		if err := cl.Create(name, nil).Wait(); err != nil {
			var ie *imap.Error
			if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
				continue
			}
			return "", "", fmt.Errorf("create %s: %w", name, err)
		}
		c.log.Info("imapin: created folder", "name", name)
	}
	return names[0], names[1], nil
}

// conn is the state of one logged-in, selected connection.
type conn struct {
	c         *Client
	cl        *imapclient.Client
	h         Handler
	validity  uint32
	processed string
	failed    string
	move      bool
	uidplus   bool
}

// scan handles every unseen message once, in UID order. It returns the
// earliest time a message waiting for a retry falls due.
func (s *conn) scan(ctx context.Context) (time.Time, error) {
	c := s.c
	// Messages flagged \Deleted are on their way out (ours after a half
	// finished COPY+EXPUNGE, or someone else's): leave them alone.
	sd, err := s.cl.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen, imap.FlagDeleted}}, nil).Wait()
	if err != nil {
		return time.Time{}, fmt.Errorf("search: %w", err)
	}
	uids := sd.AllUIDs()
	slices.Sort(uids)
	present := map[uint32]bool{}
	var nextRetry time.Time
	for _, u := range uids {
		uid := uint32(u)
		present[uid] = true
		if ctx.Err() != nil {
			return nextRetry, nil
		}
		c.mu.Lock()
		d, unacked := c.unacked[uid]
		at, waiting := c.retryAt[uid]
		c.mu.Unlock()
		if unacked {
			// Handled before the connection broke: just file it.
			if err := s.file(uid, d); err != nil {
				return nextRetry, err
			}
			continue
		}
		if waiting && time.Now().Before(at) {
			if nextRetry.IsZero() || at.Before(nextRetry) {
				nextRetry = at
			}
			continue
		}
		raw, truncated, found, err := s.fetch(u)
		if err != nil {
			return nextRetry, err
		}
		if !found {
			continue // gone meanwhile (another client moved it)
		}
		if truncated {
			c.log.Warn("imapin: message larger than MaxMessageBytes; handing over its beginning only",
				"uid", uid, "limit", c.cfg.MaxMessageBytes)
		}
		c.mu.Lock()
		c.handled++
		c.mu.Unlock()
		d, herr := s.h(ctx, Incoming{UID: uid, UIDValidity: s.validity, Raw: raw, Truncated: truncated})
		if herr != nil || (d != Processed && d != Failed) {
			at := time.Now().Add(c.cfg.RetryAfter)
			c.mu.Lock()
			c.retryAt[uid] = at
			c.mu.Unlock()
			if nextRetry.IsZero() || at.Before(nextRetry) {
				nextRetry = at
			}
			if herr != nil {
				c.log.Warn("imapin: handler failed; message left in the mailbox", "uid", uid, "err", herr, "retry_at", at)
			}
			continue
		}
		c.mu.Lock()
		delete(c.retryAt, uid)
		c.unacked[uid] = d
		c.mu.Unlock()
		if err := s.file(uid, d); err != nil {
			return nextRetry, err
		}
	}
	// Forget retry marks for messages no longer in the mailbox.
	c.mu.Lock()
	for uid := range c.retryAt {
		if !present[uid] {
			delete(c.retryAt, uid)
		}
	}
	for uid := range c.unacked {
		if !present[uid] {
			delete(c.unacked, uid)
		}
	}
	c.mu.Unlock()
	return nextRetry, nil
}

// fetch reads one message with BODY.PEEK[], keeping at most
// MaxMessageBytes of it in memory.
func (s *conn) fetch(uid imap.UID) (raw []byte, truncated, found bool, err error) {
	limit := s.c.cfg.MaxMessageBytes
	cmd := s.cl.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{
		UID: true, BodySection: []*imap.FetchItemBodySection{{Peek: true}},
	})
	for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
		var gotUID imap.UID
		var body []byte
		var haveBody, cut bool
		for item := msg.Next(); item != nil; item = msg.Next() {
			switch it := item.(type) {
			case imapclient.FetchItemDataUID:
				gotUID = it.UID
			case imapclient.FetchItemDataBodySection:
				if it.Literal == nil {
					continue
				}
				b, rerr := io.ReadAll(io.LimitReader(it.Literal, limit+1))
				if rerr != nil {
					_ = cmd.Close()
					return nil, false, false, fmt.Errorf("fetch %d: %w", uid, rerr)
				}
				if int64(len(b)) > limit {
					b, cut = b[:limit], true
					if _, rerr := io.Copy(io.Discard, it.Literal); rerr != nil {
						_ = cmd.Close()
						return nil, false, false, fmt.Errorf("fetch %d: %w", uid, rerr)
					}
				}
				body, haveBody = b, true
			}
		}
		if haveBody && (gotUID == 0 || gotUID == uid) {
			raw, truncated, found = body, cut, true
		}
	}
	if err := cmd.Close(); err != nil {
		if isServerReply(err) {
			// A server that cannot fetch one message should not stop the
			// others; it stays unseen and is tried again later.
			s.c.log.Error("imapin: fetch refused", "uid", uid, "err", err)
			return nil, false, false, nil
		}
		return nil, false, false, fmt.Errorf("fetch %d: %w", uid, err)
	}
	return raw, truncated, found, nil
}

// file moves a handled message to its folder, or flags it \Seen when the
// move is impossible. A nil error means the server acknowledged it.
func (s *conn) file(uid uint32, d Disposition) error {
	dest := s.processed
	if d == Failed {
		dest = s.failed
	}
	set := imap.UIDSetNum(imap.UID(uid))
	var moveErr error
	switch {
	case s.move || s.uidplus:
		// Real MOVE, or COPY + STORE \Deleted + UID EXPUNGE of just this
		// UID. Never a plain EXPUNGE, which would also remove every other
		// message someone flagged \Deleted.
		_, moveErr = s.cl.Move(set, dest).Wait()
	default:
		_, moveErr = s.cl.Copy(set, dest).Wait()
		if moveErr == nil {
			moveErr = errors.New("server has neither MOVE nor UIDPLUS; copied and flagged \\Seen instead")
		}
	}
	if moveErr == nil {
		s.ack(uid)
		return nil
	}
	if !isServerReply(moveErr) && s.move {
		return fmt.Errorf("move %d: %w", uid, moveErr)
	}
	err := s.cl.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagSeen}}, nil).Close()
	if err != nil {
		return fmt.Errorf("flag %d \\Seen after move failed (%v): %w", uid, moveErr, err)
	}
	s.c.mu.Lock()
	s.c.moveToFlags++
	s.c.mu.Unlock()
	s.c.log.Warn("imapin: could not move message; flagged \\Seen instead", "uid", uid, "to", dest, "err", moveErr)
	s.ack(uid)
	return nil
}

func (s *conn) ack(uid uint32) {
	s.c.mu.Lock()
	delete(s.c.unacked, uid)
	s.c.mu.Unlock()
}

// wait blocks until there may be new mail: a notification while idling,
// Wake, the timeout, or the end of ctx. An error means the connection is
// unusable.
func (s *conn) wait(ctx context.Context, canIdle bool, timeout time.Duration) error {
	t := time.NewTimer(timeout)
	defer t.Stop()
	if !canIdle {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-s.c.wake:
		case <-t.C:
		case <-s.cl.Closed():
			return errors.New("connection closed")
		}
		return nil
	}
	idle, err := s.cl.Idle()
	if err != nil {
		return fmt.Errorf("idle: %w", err)
	}
	var waitErr error
	select {
	case <-ctx.Done():
		waitErr = ctx.Err()
	case <-s.c.wake:
	case <-s.c.notify:
	case <-t.C:
	case <-s.cl.Closed():
		_ = idle.Close()
		return errors.New("connection closed while idling")
	}
	if err := idle.Close(); err != nil {
		return fmt.Errorf("idle done: %w", err)
	}
	if err := idle.Wait(); err != nil {
		return fmt.Errorf("idle: %w", err)
	}
	return waitErr
}
