package intake

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/charset"
	"github.com/emersion/go-message/mail"
)

// DefaultMaxBytes is the size limit Parse applies when Options.MaxBytes is
// zero or negative.
const DefaultMaxBytes = 1 << 20

// maxDepth bounds the nesting of multipart entities Parse follows.
const maxDepth = 20

var (
	// ErrTooLarge is returned for a message larger than Options.MaxBytes.
	ErrTooLarge = errors.New("intake: message too large")
	// ErrMalformed wraps errors for messages whose header or MIME
	// structure cannot be read well enough to find any text.
	ErrMalformed = errors.New("intake: malformed message")
	// ErrNoText is returned for a message that has no text/plain or
	// text/html body part (for example one that holds only an attachment).
	ErrNoText = errors.New("intake: message has no text part")
)

// Options controls Parse.
type Options struct {
	// MaxBytes is the largest raw message accepted, in bytes.
	// Zero or negative means DefaultMaxBytes (1 MiB).
	MaxBytes int
}

// Message is the platform's view of one incoming email.
type Message struct {
	From     string // sender address, lower-cased ("" if none could be read)
	FromName string // sender display name, decoded ("" if none)

	To          []string // addresses, lower-cased, in header order
	Cc          []string
	DeliveredTo []string // every Delivered-To header, top-down
	OriginalTo  []string // every X-Original-To header, top-down
	ReturnPath  string   // Return-Path address without brackets, lower-cased

	Subject    string    // RFC 2047 decoded, unfolded
	MessageID  string    // without angle brackets
	InReplyTo  string    // first ID of In-Reply-To, without angle brackets
	References []string  // without angle brackets, oldest first
	Date       time.Time // zero if missing or unreadable

	// AuthResults holds every Authentication-Results header value,
	// top-down (the topmost is the one added by our own server).
	AuthResults []string

	// Text is the best readable body: the text/plain part if there is
	// one (format=flowed undone), else the text/html part converted to
	// text. Line endings are "\n"; the text is valid UTF-8.
	Text string
	// HTMLOnly is true when Text was converted from HTML.
	HTMLOnly bool
	// AutoReply is true for vacation replies, bounces, list and bulk mail:
	// mail the platform must not answer.
	AutoReply bool

	// BodySHA256 is the hex SHA-256 of the raw message bytes, for
	// de-duplication.
	BodySHA256 string
}

// Parse reads one raw RFC 5322 message.
//
// It returns ErrTooLarge for a message over the size limit, an error
// wrapping ErrMalformed when the header or MIME structure cannot be read,
// and ErrNoText when the message has no text part. Damage after a text part
// has been read (a missing final boundary, a broken attachment) is
// tolerated: the text found so far is returned.
//
// With ErrNoText, and with ErrMalformed for a readable header over a broken
// body, Parse also returns the Message with its header fields filled in and
// Text empty, so that the caller can tell the sender what went wrong. With
// any other error the Message is nil.
func Parse(raw []byte, opts Options) (m *Message, err error) {
	defer func() {
		// The MIME libraries are not ours; a panic on hostile input must
		// not take the daemon down. The raw message stays with the caller.
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("%w: unreadable message (%v)", ErrMalformed, r)
		}
	}()
	limit := opts.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	if len(raw) > limit {
		return nil, fmt.Errorf("%w: %d bytes, limit %d", ErrTooLarge, len(raw), limit)
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, fmt.Errorf("%w: empty message", ErrMalformed)
	}
	sum := sha256.Sum256(raw)

	e, rerr := message.Read(bytes.NewReader(raw))
	if rerr != nil && !isSoft(rerr) {
		return nil, fmt.Errorf("%w: header: %v", ErrMalformed, rerr)
	}
	h := mail.Header{Header: e.Header}

	m = &Message{BodySHA256: hex.EncodeToString(sum[:])}
	readHeader(m, h)

	c := &collector{}
	body, berr := c.entity(e, 0)
	switch {
	case body.ok:
		// Best effort: keep the text even if a later part was damaged.
	case berr != nil:
		return m, fmt.Errorf("%w: %v", ErrMalformed, berr)
	default:
		return m, ErrNoText
	}
	m.Text = strings.TrimRight(body.text, "\n")
	if m.Text != "" {
		m.Text += "\n"
	}
	m.HTMLOnly = body.html
	if c.report {
		m.AutoReply = true
	}
	return m, nil
}

// isSoft reports whether err from go-message leaves a readable entity
// behind (an unknown charset or transfer encoding).
func isSoft(err error) bool {
	return message.IsUnknownCharset(err) || message.IsUnknownEncoding(err)
}

// readHeader fills the header fields of m.
func readHeader(m *Message, h mail.Header) {
	m.From, m.FromName = firstAddress(h, "From")
	m.To = addresses(h, "To")
	m.Cc = addresses(h, "Cc")
	for _, v := range h.Values("Delivered-To") {
		m.DeliveredTo = append(m.DeliveredTo, bareAddress(v)...)
	}
	for _, v := range h.Values("X-Original-To") {
		m.OriginalTo = append(m.OriginalTo, bareAddress(v)...)
	}
	rp, hasRP := returnPath(h)
	m.ReturnPath = rp

	subj, err := h.Subject()
	if err != nil {
		subj = h.Get("Subject")
	}
	m.Subject = cleanHeader(subj)

	if ids := msgIDs(h.Get("Message-Id")); len(ids) > 0 {
		m.MessageID = ids[0]
	}
	if ids := msgIDs(h.Get("In-Reply-To")); len(ids) > 0 {
		m.InReplyTo = ids[0]
	}
	m.References = msgIDs(h.Get("References"))
	if d, err := h.Date(); err == nil {
		m.Date = d
	}
	for _, v := range h.Values("Authentication-Results") {
		m.AuthResults = append(m.AuthResults, cleanHeader(v))
	}

	m.AutoReply = isAutoReply(h, m.From, rp, hasRP)
}

// isAutoReply applies the usual loop-prevention rules (RFC 3834 and
// common practice).
func isAutoReply(h mail.Header, from, returnPath string, hasReturnPath bool) bool {
	if v := headerWord(h.Get("Auto-Submitted")); v != "" && v != "no" {
		return true
	}
	switch headerWord(h.Get("Precedence")) {
	case "bulk", "junk", "list", "auto_reply":
		return true
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond", "X-Auto-Reply"} {
		if h.Has(k) {
			return true
		}
	}
	if t, _, _ := h.ContentType(); t == "multipart/report" {
		return true
	}
	if from == "" || isDaemon(from) {
		return true
	}
	if hasReturnPath && (returnPath == "" || isDaemon(returnPath)) {
		return true
	}
	return false
}

func headerWord(v string) string {
	v, _, _ = strings.Cut(v, ";")
	return strings.ToLower(strings.TrimSpace(v))
}

func isDaemon(addr string) bool {
	local, _, _ := strings.Cut(addr, "@")
	return local == "mailer-daemon"
}

// returnPath reads the topmost Return-Path; ok is false when there is none.
func returnPath(h mail.Header) (addr string, ok bool) {
	if !h.Has("Return-Path") {
		return "", false
	}
	v := strings.TrimSpace(h.Get("Return-Path"))
	v = strings.TrimSuffix(strings.TrimPrefix(v, "<"), ">")
	return strings.ToLower(strings.TrimSpace(v)), true
}

// firstAddress reads the first address of a header, falling back to a
// lenient scan when the header is not valid RFC 5322.
func firstAddress(h mail.Header, key string) (addr, name string) {
	list, err := h.AddressList(key)
	if err == nil && len(list) > 0 {
		return strings.ToLower(list[0].Address), cleanHeader(list[0].Name)
	}
	raw := h.Get(key)
	if raw == "" {
		return "", ""
	}
	if dec, err := h.Text(key); err == nil {
		raw = dec
	}
	addrs := bareAddress(raw)
	if len(addrs) == 0 {
		return "", ""
	}
	if i := strings.LastIndex(raw, "<"); i > 0 {
		name = strings.Trim(strings.TrimSpace(raw[:i]), `"' `)
	}
	return addrs[0], cleanHeader(name)
}

// addresses reads an address-list header, leniently.
func addresses(h mail.Header, key string) []string {
	var out []string
	for _, v := range h.Values(key) {
		list, err := mail.ParseAddressList(v)
		if err != nil {
			out = append(out, bareAddress(v)...)
			continue
		}
		for _, a := range list {
			out = append(out, strings.ToLower(a.Address))
		}
	}
	return out
}

// bareAddress finds addresses in a free-form header value: the contents of
// angle brackets, or else the whitespace or comma separated words holding
// an '@'.
func bareAddress(v string) []string {
	var out []string
	rest := v
	for {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], '>')
		if j < 0 {
			break
		}
		if a := strings.TrimSpace(rest[i+1 : i+j]); strings.Contains(a, "@") {
			out = append(out, strings.ToLower(a))
		}
		rest = rest[i+j+1:]
	}
	if len(out) > 0 {
		return out
	}
	for _, w := range strings.FieldsFunc(v, func(r rune) bool {
		return r == ',' || r == ';' || r == ' ' || r == '\t' || r == '\r' || r == '\n'
	}) {
		w = strings.Trim(w, `<>"'()`)
		if strings.Contains(w, "@") {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// msgIDs lists the message IDs in a Message-ID, In-Reply-To or References
// value, without angle brackets. It accepts comments and junk between IDs
// and IDs written without brackets.
func msgIDs(v string) []string {
	var out []string
	rest := v
	bracketed := false
	for {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], '>')
		if j < 0 {
			break
		}
		bracketed = true
		if id := strings.TrimSpace(rest[i+1 : i+j]); validMsgID(id) {
			out = append(out, id)
		}
		rest = rest[i+j+1:]
	}
	if bracketed {
		return out
	}
	for _, w := range strings.Fields(v) {
		if id := strings.Trim(w, "<>,"); strings.Contains(w, "@") && validMsgID(id) {
			out = append(out, id)
		}
	}
	return out
}

// maxMsgIDLen bounds a message ID: a longer one is ignored, since it could
// not be echoed in an In-Reply-To header (998 characters a line at most).
const maxMsgIDLen = 250

// validMsgID reports whether id can be kept and echoed in a reply's
// In-Reply-To and References: non-empty, bounded, printable ASCII without
// spaces or angle brackets.
func validMsgID(id string) bool {
	if id == "" || len(id) > maxMsgIDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c <= ' ' || c >= 0x7f || c == '<' || c == '>' {
			return false
		}
	}
	return true
}

// cleanHeader unfolds a header value and makes it valid UTF-8.
func cleanHeader(s string) string {
	s = validUTF8(s)
	s = strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ", "\t", " ").Replace(s)
	return strings.TrimSpace(s)
}

// validUTF8 returns s unchanged if it is valid UTF-8 and otherwise reads
// it as Windows-1252, the usual charset of undeclared 8-bit mail.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	r, err := charset.Reader("windows-1252", strings.NewReader(s))
	if err == nil {
		if b, err := io.ReadAll(r); err == nil && utf8.Valid(b) {
			return string(b)
		}
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// part is what one entity contributes to the text.
type part struct {
	text string
	html bool // text was converted from HTML
	ok   bool // a text part was found
}

// collector walks the MIME tree.
type collector struct {
	report bool // a multipart/report (delivery status) was seen
}

// entity returns the best text of e. The error reports damage; when part.ok
// is set the text is usable despite it.
func (c *collector) entity(e *message.Entity, depth int) (part, error) {
	if depth > maxDepth {
		return part{}, fmt.Errorf("MIME nesting deeper than %d", maxDepth)
	}
	t, params := contentType(e.Header)
	if strings.HasPrefix(t, "multipart/") {
		return c.multipart(e, t, params, depth)
	}
	disp, _, _ := e.Header.ContentDisposition()
	if strings.EqualFold(disp, "attachment") {
		return part{}, nil
	}
	switch t {
	case "text/plain", "text/html":
	default:
		return part{}, nil
	}
	b, rerr := io.ReadAll(e.Body)
	if rerr != nil && len(b) == 0 {
		return part{}, fmt.Errorf("reading %s part: %v", t, rerr)
	}
	s := validUTF8(string(b))
	s = normalizeNewlines(s)
	s = strings.TrimPrefix(s, "\uFEFF")
	if t == "text/html" {
		return part{text: HTMLToText(s), html: true, ok: true}, nil
	}
	if strings.EqualFold(params["format"], "flowed") {
		s = unflow(s, strings.EqualFold(params["delsp"], "yes"))
	}
	return part{text: s, ok: true}, nil
}

// multipart combines the parts of a multipart entity: the preferred
// alternative of a multipart/alternative (text/plain over HTML), or the
// concatenation of the text parts of any other multipart.
func (c *collector) multipart(e *message.Entity, t string, params map[string]string, depth int) (part, error) {
	if t == "multipart/report" {
		c.report = true
	}
	if params["boundary"] == "" {
		return part{}, fmt.Errorf("%s without boundary parameter", t)
	}
	mr := e.MultipartReader()
	if mr == nil {
		return part{}, fmt.Errorf("%s cannot be read", t)
	}
	var kids []part
	var damage error
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil && !isSoft(err) {
			if damage == nil {
				damage = fmt.Errorf("%s: %v", t, err)
			}
			break
		}
		kp, kerr := c.entity(p, depth+1)
		if kerr != nil && damage == nil {
			damage = kerr
		}
		if kp.ok {
			kids = append(kids, kp)
		}
	}
	if len(kids) == 0 {
		return part{}, damage
	}
	if t == "multipart/alternative" {
		// Plain text first, then HTML; an empty alternative loses to a
		// non-empty one (some clients send a blank text/plain part).
		for _, html := range []bool{false, true} {
			for _, k := range kids {
				if k.html == html && strings.TrimSpace(k.text) != "" {
					return k, damage
				}
			}
		}
		return kids[0], damage
	}
	if t == "multipart/report" {
		// The first part is the human-readable explanation.
		return kids[0], damage
	}
	out := part{ok: true, html: true}
	var texts []string
	for _, k := range kids {
		texts = append(texts, strings.TrimRight(k.text, "\n"))
		out.html = out.html && k.html
	}
	out.text = strings.Join(texts, "\n\n") + "\n"
	return out, damage
}

// contentType reads the media type leniently: a value go-message cannot
// parse still yields its type if the part before ';' looks like one.
func contentType(h message.Header) (string, map[string]string) {
	t, params, err := h.ContentType()
	if err == nil {
		return strings.ToLower(t), params
	}
	v, _, _ := strings.Cut(h.Get("Content-Type"), ";")
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" {
		return "text/plain", nil
	}
	return v, params
}

func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}
