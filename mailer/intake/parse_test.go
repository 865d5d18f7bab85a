package intake

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readCorpus(t testing.TB, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return raw
}

func mustParse(t *testing.T, name string) *Message {
	t.Helper()
	m, err := Parse(readCorpus(t, name), Options{})
	require.NoError(t, err, name)
	require.True(t, utf8.ValidString(m.Text), "text must be valid UTF-8")
	return m
}

// corpusCase is the expected outcome for one testdata message.
type corpusCase struct {
	file       string
	from, name string
	subject    string
	tag        string
	check      bool // SubjectCheck
	htmlOnly   bool
	autoReply  bool
	orders     Orders // Quoted and Cut are compared too
}

func TestParseCorpus(t *testing.T) {
	cases := []corpusCase{
		{
			file: "gmail_reply.eml", from: "anne.york@gmail.com", name: "Anne York",
			subject: "Re: [roses-7] York — Campaign 1, turn 2: play a card", tag: "roses-7",
			orders: Orders{
				Secret: "k7Qm2xV9",
				Lines:  []Line{{3, "card: 4"}},
				Quoted: 0, Cut: 6,
			},
		},
		{
			file: "thunderbird_flowed.eml", from: "lancaster@mailbox.example.org", name: "Lancaster (Tom)",
			subject: "Re: [roses-7] Lancaster - Campaign 1, turn 2: your moves", tag: "roses-7",
			orders: Orders{
				Secret: "k7Qm2xV9",
				Lines: []Line{
					{3, "move Middlesex -> Kent: Exeter, Somerset"},
					// format=flowed joined the soft-wrapped line
					{4, "sea Cornwall -> Bristol: Devon, Cornwall levy, Pembroke, and the French mercenaries if they are still there"},
					{5, "battle Kent: fire; retreat to Middlesex if we are down to 1 block"},
				},
				Cut: 9, // the "-- " signature separator
			},
		},
		{
			file: "outlook_html_1252.eml", from: "richard.p@corp.example.com", name: "Richard Plantagenet",
			subject:  "RE: [External] RE: [roses-7] York – Campaign 1, turn 2: your moves",
			tag:      "roses-7",
			htmlOnly: true,
			orders: Orders{
				Secret: "Bq4zR8wN",
				Lines: []Line{
					{2, "move East Anglia -> Essex: Norfolk, Norwich levy"},
					{3, "recruit Suffolk at Essex"},
					{4, "battle Essex: fire; retreat to East Anglia if we are down to 1 block"},
					{5, "press: “The White Rose will bloom again” – York"},
				},
				Ignored: []Line{{6, "Regards,"}, {7, "Richard"}},
				Cut:     8, // From: / Sent: block
			},
		},
		{
			file: "apple_mail.eml", from: "york@icloud.example", name: "Anne York",
			subject: "Re: [roses-7] York - Campaign 1, turn 2: your moves", tag: "roses-7",
			orders: Orders{
				Secret:  "k7Qm2xV9",
				Check:   true,
				Lines:   []Line{{3, "move Calais -> Kent: March, Warwick"}},
				Ignored: []Line{{5, "Sent from my iPhone"}},
				Quoted:  4, // iOS quotes the attribution too
			},
		},
		{
			file: "latin1_qp.eml", from: "jose.najera@correo.example.es", name: "José Nájera",
			subject: "Órdenes para la campaña [roses-7]", tag: "roses-7",
			orders: Orders{
				Secret:  "Xy7Pq2Lm",
				Game:    "roses-7",
				Entropy: []string{"Nájera, 1367 # la batalla"},
				Lines: []Line{
					{4, "move Gascuña -> Castilla: Príncipe Negro, Juan de Gante"},
					{5, "asedio Nájera"},
				},
				Cut: 7, // "El …" / "escribió:" wrapped over two lines
			},
		},
		{
			file: "base64_text.eml", from: "friedrich@post.example.de", name: "Friedrich",
			subject: "AW: [roses-7] Zug 2", tag: "roses-7",
			orders: Orders{
				Secret: "Hq3Wm9Tz",
				Check:  true,
				Lines:  []Line{{2, "marsch Köln -> Aachen: Herzog, Söldner"}},
				Cut:    5,
			},
		},
		{
			file: "mixed_attachment.eml", from: "bertrand@courriel.example.fr", name: "Bertrand",
			subject: "Re: [roses-7] tour 2", tag: "roses-7",
			orders: Orders{
				Secret: "Zt5Kp1Qa",
				Lines:  []Line{{2, "move Normandie -> Bretagne : Du Guesclin, Clisson"}},
				Cut:    5,
			},
		},
		{
			file: "truncated_multipart.eml", from: "anne.york@gmail.com", name: "Anne York",
			subject: "Re: [roses-7] check", tag: "roses-7", check: true,
			orders: Orders{
				Secret: "k7Qm2xV9",
				Lines:  []Line{{2, "card: 2"}},
			},
		},
		{
			file: "autoreply.eml", from: "edward@corp.example.com", name: "Edward",
			subject:   "Automatic reply: [roses-7] York - Campaign 1, turn 2: your moves",
			tag:       "roses-7",
			autoReply: true,
			orders: Orders{
				Lines: []Line{{1, "I am out of the office until 1 December with limited access to email."}},
			},
		},
		{
			file: "bounce.eml", from: "mailer-daemon@mx.club.example", name: "Mail Delivery System",
			subject: "Undelivered Mail Returned to Sender", tag: "roses-7", autoReply: true,
			orders: Orders{
				Lines: []Line{
					{1, "This is the mail system at host mx.club.example."},
					{3, "I'm sorry to have to inform you that your message could not"},
					{4, "be delivered to one or more recipients."},
					{6, "<nobody@invalid.example>: host mx.invalid.example said: 550 5.1.1 User unknown"},
				},
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			m := mustParse(t, tc.file)
			assert.Equal(t, tc.from, m.From)
			assert.Equal(t, tc.name, m.FromName)
			assert.Equal(t, tc.subject, m.Subject)
			assert.Equal(t, tc.tag, GameTag(m.Subject, m.To))
			assert.Equal(t, tc.check, SubjectCheck(m.Subject))
			assert.Equal(t, tc.htmlOnly, m.HTMLOnly)
			assert.Equal(t, tc.autoReply, m.AutoReply)
			assert.NotContains(t, m.Text, "\r")
			got := Extract(m.Text)
			assert.Equal(t, normOrders(tc.orders), normOrders(*got))
		})
	}
}

// normOrders makes nil and empty slices compare equal.
func normOrders(o Orders) Orders {
	if len(o.Entropy) == 0 {
		o.Entropy = nil
	}
	if len(o.Lines) == 0 {
		o.Lines = nil
	}
	if len(o.Bad) == 0 {
		o.Bad = nil
	}
	if len(o.Ignored) == 0 {
		o.Ignored = nil
	}
	return o
}

func TestParseHeaders(t *testing.T) {
	raw := readCorpus(t, "gmail_reply.eml")
	m, err := Parse(raw, Options{})
	require.NoError(t, err)
	sum := sha256.Sum256(raw)
	assert.Equal(t, hex.EncodeToString(sum[:]), m.BodySHA256)
	assert.Equal(t, []string{"orders+roses-7@club.example"}, m.To)
	assert.Equal(t, []string{"orders@club.example"}, m.DeliveredTo)
	assert.Equal(t, "anne.york@gmail.com", m.ReturnPath)
	assert.Equal(t, "CAHx9k2Tq7vQ+YbR0aZ3mN1pL8sW4dE5fG6hJ7kL8mN9pQ0rS1t@mail.gmail.com", m.MessageID)
	assert.Equal(t, "r2.roses-7.14@club.example", m.InReplyTo)
	assert.Equal(t, []string{"r2.roses-7.14@club.example"}, m.References)
	assert.True(t, m.Date.Equal(time.Date(2026, 11, 25, 19, 2, 11, 0, time.UTC)), m.Date)
	require.Len(t, m.AuthResults, 1)
	assert.True(t, strings.HasPrefix(m.AuthResults[0], "mx.club.example; dkim=pass"), m.AuthResults[0])

	o := mustParse(t, "outlook_html_1252.eml")
	assert.Equal(t, []string{"edward@corp.example.com"}, o.Cc)
	assert.Equal(t, []string{"orders+roses-7@club.example"}, o.OriginalTo)
	assert.Equal(t, "", o.ReturnPath)

	b := mustParse(t, "base64_text.eml")
	assert.Equal(t, []string{"r1.roses-7.9@club.example", "r2.roses-7.16@club.example"}, b.References)
}

func TestParseErrors(t *testing.T) {
	m, err := Parse(readCorpus(t, "attachment_only.eml"), Options{})
	assert.ErrorIs(t, err, ErrNoText)
	require.NotNil(t, m, "the header is returned so the sender can be told")
	assert.Equal(t, "york@icloud.example", m.From)
	assert.Equal(t, "roses-7", GameTag(m.Subject, m.To))
	assert.Empty(t, m.Text)

	m, err = Parse(readCorpus(t, "malformed_boundary.eml"), Options{})
	assert.ErrorIs(t, err, ErrMalformed)
	assert.Contains(t, err.Error(), "multipart/alternative")
	require.NotNil(t, m)
	assert.Equal(t, "bot@example.net", m.From)

	big := bigMessage(2 << 20)
	_, err = Parse(big, Options{})
	assert.ErrorIs(t, err, ErrTooLarge)
	// The limit is configurable.
	m, err = Parse(big, Options{MaxBytes: 3 << 20})
	require.NoError(t, err)
	assert.Equal(t, "secret: k7Qm2xV9", strings.SplitN(m.Text, "\n", 2)[0])
	_, err = Parse(readCorpus(t, "gmail_reply.eml"), Options{MaxBytes: 100})
	assert.ErrorIs(t, err, ErrTooLarge)

	m, err = Parse([]byte("this is not a mail header\r\nat all\r\n"), Options{})
	assert.ErrorIs(t, err, ErrMalformed)
	assert.Nil(t, m)

	_, err = Parse(nil, Options{})
	assert.Error(t, err)

	noBoundary := "From: a@example.org\r\nContent-Type: multipart/mixed\r\n\r\nhello\r\n"
	_, err = Parse([]byte(noBoundary), Options{})
	assert.ErrorIs(t, err, ErrMalformed)
	assert.Contains(t, err.Error(), "boundary")
}

// bigMessage builds a plain-text message of about size bytes.
func bigMessage(size int) []byte {
	var b bytes.Buffer
	b.WriteString("From: Anne York <anne.york@gmail.com>\r\nTo: orders+roses-7@club.example\r\n" +
		"Subject: [roses-7] big\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nsecret: k7Qm2xV9\r\n")
	line := "move Calais -> Kent: March, Warwick, Salisbury, Calais merc # filler\r\n"
	for b.Len() < size {
		b.WriteString(line)
	}
	return b.Bytes()
}

func TestParseLineEndings(t *testing.T) {
	// Mail stored with bare LF line endings reads the same as on the wire.
	for _, name := range []string{"gmail_reply.eml", "thunderbird_flowed.eml", "outlook_html_1252.eml", "latin1_qp.eml"} {
		crlf := readCorpus(t, name)
		lf := bytes.ReplaceAll(crlf, []byte("\r\n"), []byte("\n"))
		a, err := Parse(crlf, Options{})
		require.NoError(t, err)
		b, err := Parse(lf, Options{})
		require.NoError(t, err)
		assert.Equal(t, a.Text, b.Text, name)
		assert.Equal(t, a.Subject, b.Subject, name)
	}
}

func msg(headers, body string) []byte {
	return []byte(strings.ReplaceAll(headers, "\n", "\r\n") + "\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
}

func TestParseCharsets(t *testing.T) {
	// Undeclared 8-bit Latin-1 in header and body is read as Windows-1252.
	raw := msg("From: a@example.org\nSubject: \xd3rdenes\nContent-Type: text/plain\n",
		"asedio N\xe1jera \x93ya\x94\n")
	m, err := Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "Órdenes", m.Subject)
	assert.Equal(t, "asedio Nájera “ya”\n", m.Text)

	// An unknown charset keeps the bytes (made valid UTF-8).
	raw = msg("From: a@example.org\nContent-Type: text/plain; charset=x-klingon\n", "move A -> B\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "move A -> B\n", m.Text)

	// An unknown transfer encoding keeps the raw body.
	raw = msg("From: a@example.org\nContent-Type: text/plain\nContent-Transfer-Encoding: x-rot13\n", "move A -> B\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "move A -> B\n", m.Text)

	// RFC 2047 subjects in UTF-8 (B) and Latin-1 (Q), and a Windows-1252 word.
	raw = msg("From: =?UTF-8?Q?Jos=C3=A9?= <JOSE@example.org>\n"+
		"Subject: =?UTF-8?B?W3Jvc2VzLTddIMOTcmRlbmVz?= =?ISO-8859-1?Q?_campa=F1a?= =?windows-1252?Q?_=80100?=\n", "x\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "[roses-7] Órdenes campaña €100", m.Subject)
	assert.Equal(t, "jose@example.org", m.From)
	assert.Equal(t, "José", m.FromName)

	// Base64 with a broken tail still yields the decoded head.
	raw = msg("From: a@example.org\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n",
		"c2VjcmV0OiBrN1FtMnhWOQptb3ZlIEEgLT4gQgo=\n!!!!\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "secret: k7Qm2xV9\nmove A -> B\n", m.Text)
}

func TestParseLenientHeaders(t *testing.T) {
	raw := msg("From: Bob Smith bob@Example.org\n"+
		"To: orders+roses-7@club.example, \"broken <x\n"+
		"Message-ID: <abc@x> (comment)\n"+
		"In-Reply-To: <r2.roses-7.14@club.example> (Bob's message of 25 Nov)\n"+
		"References: r1@club.example <r2@club.example>\n"+
		"Date: not a date\n", "card: 3\n")
	m, err := Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "bob@example.org", m.From)
	assert.Equal(t, []string{"orders+roses-7@club.example"}, m.To)
	assert.Equal(t, "abc@x", m.MessageID)
	assert.Equal(t, "r2.roses-7.14@club.example", m.InReplyTo)
	assert.Equal(t, []string{"r2@club.example"}, m.References)
	assert.True(t, m.Date.IsZero())
	assert.False(t, m.AutoReply)
}

func TestParseAutoReply(t *testing.T) {
	cases := []struct {
		headers string
		want    bool
	}{
		{"From: a@example.org\n", false},
		{"From: a@example.org\nAuto-Submitted: no\n", false},
		{"From: a@example.org\nAuto-Submitted: auto-generated\n", true},
		{"From: a@example.org\nAuto-Submitted: Auto-Replied; owner-email=a@example.org\n", true},
		{"From: a@example.org\nPrecedence: bulk\n", true},
		{"From: a@example.org\nPrecedence: junk\n", true},
		{"From: a@example.org\nPrecedence: list\n", true},
		{"From: a@example.org\nX-Autoreply: yes\n", true},
		{"From: a@example.org\nReturn-Path: <>\n", true},
		{"From: a@example.org\nReturn-Path: <MAILER-DAEMON@mx.example.org>\n", true},
		{"From: a@example.org\nReturn-Path: <a@example.org>\n", false},
		{"From: Mail Delivery Subsystem <MAILER-DAEMON@example.org>\n", true},
		{"To: orders@club.example\n", true}, // no From at all
	}
	for _, tc := range cases {
		m, err := Parse(msg(tc.headers+"Content-Type: text/plain\n", "hello\n"), Options{})
		require.NoError(t, err, tc.headers)
		assert.Equal(t, tc.want, m.AutoReply, tc.headers)
	}
}

func TestParseStructure(t *testing.T) {
	// multipart/alternative prefers text/plain even when HTML comes first.
	raw := msg("From: a@example.org\nContent-Type: multipart/alternative; boundary=b\n",
		"--b\nContent-Type: text/html\n\n<p>from html</p>\n--b\nContent-Type: text/plain\n\nfrom plain\n--b--\n")
	m, err := Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "from plain\n", m.Text)
	assert.False(t, m.HTMLOnly)

	// A blank text/plain alternative loses to the HTML one.
	raw = msg("From: a@example.org\nContent-Type: multipart/alternative; boundary=b\n",
		"--b\nContent-Type: text/plain\n\n \n--b\nContent-Type: text/html\n\n<p>card: 3</p>\n--b--\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "card: 3\n", m.Text)
	assert.True(t, m.HTMLOnly)

	// multipart/alternative of plain and multipart/related HTML (Apple Mail
	// with an inline image); the plain part wins.
	raw = msg("From: a@example.org\nContent-Type: multipart/alternative; boundary=outer\n",
		"--outer\nContent-Type: text/plain; charset=us-ascii\n\ncard: 3\n"+
			"--outer\nContent-Type: multipart/related; boundary=inner\n\n"+
			"--inner\nContent-Type: text/html\n\n<div>card: 3<img src=\"cid:x\"></div>\n"+
			"--inner\nContent-Type: image/png\nContent-ID: <x>\nContent-Transfer-Encoding: base64\n\niVBORw0KGgo=\n--inner--\n"+
			"--outer--\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "card: 3\n", m.Text)

	// HTML inside multipart/related only.
	raw = msg("From: a@example.org\nContent-Type: multipart/related; boundary=r\n",
		"--r\nContent-Type: text/html; charset=utf-8\n\n<div>card: 3</div><div>check</div>\n--r--\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "card: 3\ncheck\n", m.Text)
	assert.True(t, m.HTMLOnly)

	// multipart/mixed joins inline text parts around an inline image.
	raw = msg("From: a@example.org\nContent-Type: multipart/mixed; boundary=m\n",
		"--m\nContent-Type: text/plain\n\nmove A -> B\n"+
			"--m\nContent-Type: image/jpeg\nContent-Disposition: inline; filename=map.jpg\n\n\xff\xd8\xff\n"+
			"--m\nContent-Type: text/plain\n\nmove C -> D\n--m--\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	o := Extract(m.Text)
	assert.Equal(t, []Line{{1, "move A -> B"}, {3, "move C -> D"}}, o.Lines)

	// A forwarded message attached as message/rfc822 is not read as text.
	raw = msg("From: a@example.org\nContent-Type: multipart/mixed; boundary=m\n",
		"--m\nContent-Type: text/plain\n\nsee attached\n"+
			"--m\nContent-Type: message/rfc822\n\nFrom: b@example.org\nContent-Type: text/plain\n\nmove X -> Y\n--m--\n")
	m, err = Parse(raw, Options{})
	require.NoError(t, err)
	assert.Equal(t, "see attached\n", m.Text)

	// No Content-Type at all: text/plain.
	m, err = Parse(msg("From: a@example.org\n", "card: 1\n"), Options{})
	require.NoError(t, err)
	assert.Equal(t, "card: 1\n", m.Text)

	// A non-text single part: no text.
	_, err = Parse(msg("From: a@example.org\nContent-Type: application/pdf\n", "%PDF\n"), Options{})
	assert.ErrorIs(t, err, ErrNoText)

	// Very deep nesting is refused cleanly.
	var body strings.Builder
	for i := range 30 {
		fmt.Fprintf(&body, "--b%d\nContent-Type: multipart/mixed; boundary=b%d\n\n", i, i+1)
	}
	body.WriteString("--b30\nContent-Type: text/plain\n\ndeep\n")
	_, err = Parse(msg("From: a@example.org\nContent-Type: multipart/mixed; boundary=b0\n", body.String()), Options{})
	assert.ErrorIs(t, err, ErrMalformed)
	assert.Contains(t, err.Error(), "nesting")
}

func TestUnflow(t *testing.T) {
	in := "first part \nof a line\n> quoted \n> wrapped\n>> deeper\nnot  \njoined\n-- \nsig\n  stuffed\n"
	want := "first part of a line\n> quoted wrapped\n>> deeper\nnot  joined\n-- \nsig\n stuffed\n"
	assert.Equal(t, want, unflow(in, false))
	assert.Equal(t, "firstsecond\n", unflow("first \nsecond\n", true))
	// A quote-depth change ends a paragraph.
	assert.Equal(t, "a \n> b\n", unflow("a \n> b\n", false))
}

func TestParseIgnoresUnusableMessageIDs(t *testing.T) {
	for _, id := range []string{
		"<abc\r\n def\r\n\tBcc: evil@x.example>",
		"<" + strings.Repeat("x", 300) + "@example.org>",
		"<caf\xc3\xa9@example.org>",
	} {
		raw := []byte("From: alice@example.org\r\nSubject: [x]\r\nMessage-ID: " + id + "\r\nReferences: <ok@example.org> " + id + "\r\n\r\nreport\r\n")
		m, err := Parse(raw, Options{})
		require.NoError(t, err)
		require.Empty(t, m.MessageID, "%q", id)
		require.Equal(t, []string{"ok@example.org"}, m.References)
	}
}
