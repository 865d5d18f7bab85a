package smtpout_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

func outMail() *store.OutMail {
	return &store.OutMail{
		ID:         7,
		GameID:     "g7",
		Kind:       "report",
		From:       "orders@game.example.net",
		ReplyTo:    "orders+g7@game.example.net",
		To:         []string{"alice@example.org", "bob@example.org"},
		Subject:    "[g7] Turn 3 report – Spring 1455",
		MessageID:  "r3.g7.12@game.example.net",
		InReplyTo:  "orders-1@example.org",
		References: []string{"t2.g7@game.example.net", "<orders-1@example.org>"},
		Headers:    map[string]string{"X-PBEM-Dice-Commit": "abc123", "X-PBEM-Game": "g7"},
		Text:       "York holds London.\nLancaster marches.\n",
		HTML:       "<p>York holds <b>London</b>.</p>",
	}
}

type parsed struct {
	header mail.Header
	text   string
	html   string
}

func parse(t *testing.T, raw []byte) parsed {
	t.Helper()
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	require.NoError(t, err)
	p := parsed{header: mr.Header}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if h, ok := part.Header.(*mail.InlineHeader); ok {
			ct, _, _ := h.ContentType()
			b, err := io.ReadAll(part.Body)
			require.NoError(t, err)
			switch ct {
			case "text/plain":
				p.text = string(b)
			case "text/html":
				p.html = string(b)
			}
		}
	}
	return p
}

func TestSendPlaintextHeadersAndBodies(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t)
	s := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "none", Timeout: 5 * time.Second})
	require.NoError(t, s.Send(context.Background(), outMail()))

	msgs := capt.Messages()
	require.Len(t, msgs, 1)
	assert.Equal(t, "orders@game.example.net", msgs[0].From)
	assert.Equal(t, []string{"alice@example.org", "bob@example.org"}, msgs[0].To)
	assert.False(t, msgs[0].TLS)

	p := parse(t, msgs[0].Data)
	id, err := p.header.MessageID()
	require.NoError(t, err)
	assert.Equal(t, "r3.g7.12@game.example.net", id)
	irt, err := p.header.MsgIDList("In-Reply-To")
	require.NoError(t, err)
	assert.Equal(t, []string{"orders-1@example.org"}, irt)
	refs, err := p.header.MsgIDList("References")
	require.NoError(t, err)
	assert.Equal(t, []string{"t2.g7@game.example.net", "orders-1@example.org"}, refs)
	subj, err := p.header.Subject()
	require.NoError(t, err)
	assert.Equal(t, "[g7] Turn 3 report – Spring 1455", subj)
	rt, err := p.header.AddressList("Reply-To")
	require.NoError(t, err)
	require.Len(t, rt, 1)
	assert.Equal(t, "orders+g7@game.example.net", rt[0].Address)
	assert.Equal(t, "abc123", p.header.Get("X-PBEM-Dice-Commit"))
	assert.Equal(t, "g7", p.header.Get("X-PBEM-Game"))
	assert.Equal(t, "pbem", p.header.Get("User-Agent"))
	assert.Empty(t, p.header.Get("X-Mailer"))
	assert.NotContains(t, string(msgs[0].Data), "go-mail")
	d, err := p.header.Date()
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now(), d, time.Minute)
	assert.Equal(t, "York holds London.\r\nLancaster marches.\r\n", p.text)
	assert.Equal(t, "<p>York holds <b>London</b>.</p>", p.html)
}

func TestSendTextOnly(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t)
	s := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "none"})
	m := outMail()
	m.HTML = ""
	m.InReplyTo = ""
	m.References = nil
	require.NoError(t, s.Send(context.Background(), m))
	msgs := capt.Messages()
	require.Len(t, msgs, 1)
	p := parse(t, msgs[0].Data)
	assert.Empty(t, p.html)
	assert.Contains(t, p.text, "York holds London.")
	assert.Empty(t, p.header.Get("In-Reply-To"))
	assert.Empty(t, p.header.Get("References"))
	ct, _, err := p.header.ContentType()
	require.NoError(t, err)
	assert.Equal(t, "text/plain", ct)
}

func TestSendStartTLSWithAuth(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t, mailtest.WithAuth("gm", "s3cret"))
	_, pool := mailtest.TLSCert(t)
	s := smtpout.NewSender(smtpout.Config{
		Host: capt.Host(), Port: capt.Port(), TLS: "starttls",
		Username: "gm", Password: "s3cret", RootCAs: pool, HeloName: "pbem.test",
	})
	require.NoError(t, s.Send(context.Background(), outMail()))
	msgs := capt.Messages()
	require.Len(t, msgs, 1)
	assert.True(t, msgs[0].TLS)
	assert.Equal(t, "gm", msgs[0].AuthUser)

	// Wrong password: permanent.
	bad := smtpout.NewSender(smtpout.Config{
		Host: capt.Host(), Port: capt.Port(), TLS: "starttls",
		Username: "gm", Password: "wrong", RootCAs: pool,
	})
	err := bad.Send(context.Background(), outMail())
	require.Error(t, err)
	assert.False(t, smtpout.IsTemporary(err), "%v", err)
}

func TestSendPlaintextAuthOnLoopback(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t, mailtest.WithAuth("gm", "s3cret"))
	s := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "none", Username: "gm", Password: "s3cret"})
	require.NoError(t, s.Send(context.Background(), outMail()))
	msgs := capt.Messages()
	require.Len(t, msgs, 1)
	assert.False(t, msgs[0].TLS)
	assert.Equal(t, "gm", msgs[0].AuthUser)

	// Without credentials the server refuses MAIL FROM: permanent.
	anon := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "none"})
	err := anon.Send(context.Background(), outMail())
	require.Error(t, err)
	assert.False(t, smtpout.IsTemporary(err), "%v", err)
}

func TestSendStartTLSUntrustedCertIsPermanent(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t)
	s := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "starttls"})
	err := s.Send(context.Background(), outMail())
	require.Error(t, err)
	assert.False(t, smtpout.IsTemporary(err), "%v", err)
	assert.Empty(t, capt.Messages())

	// The same server with verification switched off works.
	s = smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "starttls", InsecureSkipVerify: true})
	require.NoError(t, s.Send(context.Background(), outMail()))
}

func TestSendImplicitTLS(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t, mailtest.WithImplicitTLS())
	_, pool := mailtest.TLSCert(t)
	s := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "tls", RootCAs: pool})
	require.NoError(t, s.Send(context.Background(), outMail()))
	msgs := capt.Messages()
	require.Len(t, msgs, 1)
	assert.True(t, msgs[0].TLS)
}

func TestErrorsTemporaryAndPermanent(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t)
	s := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "none", Timeout: 5 * time.Second})

	capt.SetMode(mailtest.TempFail)
	err := s.Send(context.Background(), outMail())
	require.Error(t, err)
	assert.True(t, smtpout.IsTemporary(err), "%v", err)
	var se *smtpout.Error
	require.True(t, errors.As(err, &se))
	assert.Equal(t, 451, se.Code)

	capt.SetMode(mailtest.PermFail)
	err = s.Send(context.Background(), outMail())
	require.Error(t, err)
	assert.False(t, smtpout.IsTemporary(err), "%v", err)
	require.True(t, errors.As(err, &se))
	assert.Equal(t, 554, se.Code)

	capt.SetMode(mailtest.Refuse)
	err = s.Send(context.Background(), outMail())
	require.Error(t, err)
	assert.True(t, smtpout.IsTemporary(err), "%v", err)

	capt.SetMode(mailtest.Accept)
	require.NoError(t, s.Send(context.Background(), outMail()))
	assert.Len(t, capt.Messages(), 1)
	assert.Equal(t, 3, capt.Attempts())
}

func TestBadMailIsPermanent(t *testing.T) {
	capt := mailtest.NewSMTPCapture(t)
	s := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "none"})
	cases := map[string]func(m *store.OutMail){
		"no recipients":   func(m *store.OutMail) { m.To = nil },
		"bad recipient":   func(m *store.OutMail) { m.To = []string{"not an address"} },
		"no message id":   func(m *store.OutMail) { m.MessageID = "" },
		"reserved header": func(m *store.OutMail) { m.Headers = map[string]string{"from": "x@y"} },
		"header newline":  func(m *store.OutMail) { m.Headers = map[string]string{"X-A": "a\r\nBcc: evil@x"} },
	}
	for name, mod := range cases {
		t.Run(name, func(t *testing.T) {
			m := outMail()
			mod(m)
			err := s.Send(context.Background(), m)
			require.Error(t, err)
			assert.False(t, smtpout.IsTemporary(err), "%v", err)
		})
	}
	assert.Empty(t, capt.Messages())

	bad := smtpout.NewSender(smtpout.Config{Host: capt.Host(), Port: capt.Port(), TLS: "bogus"})
	err := bad.Send(context.Background(), outMail())
	require.Error(t, err)
	assert.False(t, smtpout.IsTemporary(err))
	assert.Contains(t, err.Error(), "bogus")
}

func TestCanceledContext(t *testing.T) {
	// A listener that accepts and never answers.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	var p int
	_, _ = fmt.Sscan(port, &p)
	s := smtpout.NewSender(smtpout.Config{Host: "127.0.0.1", Port: p, TLS: "none", Timeout: 10 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	err = s.Send(ctx, outMail())
	require.Error(t, err)
	assert.True(t, smtpout.IsTemporary(err), "%v", err)
}

func TestIsTemporaryOnPlainErrors(t *testing.T) {
	assert.False(t, smtpout.IsTemporary(nil))
	assert.True(t, smtpout.IsTemporary(errors.New("451 4.3.0 later")))
	assert.False(t, smtpout.IsTemporary(errors.New("550 5.1.1 no such user")))
	assert.True(t, smtpout.IsTemporary(fmt.Errorf("dial: %w", &net.OpError{Op: "dial", Err: errors.New("connection refused")})))
}

func TestBuildIsStable(t *testing.T) {
	at := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
	m, err := smtpout.Build(outMail(), at)
	require.NoError(t, err)
	var b strings.Builder
	_, err = m.WriteTo(&b)
	require.NoError(t, err)
	s := b.String()
	assert.Contains(t, s, "Message-ID: <r3.g7.12@game.example.net>")
	assert.Contains(t, s, "References: <t2.g7@game.example.net> <orders-1@example.org>")
	assert.Contains(t, s, "In-Reply-To: <orders-1@example.org>")
	assert.Contains(t, s, "Date: Sat, 21 Nov 2026 08:00:00 +0000")
}

// TestBuildParts: an inline part is referenced by its Content-ID, an
// attachment is attached, a part's renderer draws it when the mail is
// built, and an unknown renderer is an error naming the part.
func TestBuildParts(t *testing.T) {
	at := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
	m := outMail()
	m.HTML = `<p><img src="cid:pic@pbem" alt="a picture"></p>`
	m.Parts = []store.Part{
		{Name: "pic.png", ContentType: "image/png", ContentID: "pic@pbem", Data: []byte("\x89PNG fake")},
		{Name: "g-record.json", ContentType: "application/json", Data: []byte(`{"format":"pbem-record-v1"}`)},
	}
	msg, err := smtpout.Build(m, at)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = msg.WriteTo(&b)
	require.NoError(t, err)
	r, err := mail.CreateReader(&b)
	require.NoError(t, err)
	var inline, attached []string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch h := p.Header.(type) {
		case *mail.InlineHeader:
			if id := h.Get("Content-Id"); id != "" {
				inline = append(inline, id)
			}
		case *mail.AttachmentHeader:
			name, _ := h.Filename()
			attached = append(attached, name)
		}
	}
	assert.Equal(t, []string{"<pic@pbem>"}, inline)
	assert.Equal(t, []string{"g-record.json"}, attached)

	m.Parts = []store.Part{{Name: "x.png", ContentType: "image/png", Render: "no-such"}}
	_, err = smtpout.Build(m, at)
	require.ErrorContains(t, err, `part 1 (x.png): no renderer "no-such"`)
	m.Parts = []store.Part{{Name: "map.png", ContentType: "image/png", Render: "map-png", Source: []byte("{")}}
	_, err = smtpout.Build(m, at)
	require.ErrorContains(t, err, "map data does not decode")
}

// TestSubjectEncoding: a subject in any language reads back as written,
// its first encoded word on the "Subject:" line (no leading space in
// readers that unfold literally), the game's tag plain, every line of the
// header at most 76 characters.
func TestSubjectEncoding(t *testing.T) {
	for _, s := range []string{
		"[roses-1] Welcome: you play York",
		"[roses-1] York — Campaign 1, turn 1: card phase (due Mon 30 Nov 22:11 UTC)",
		"[roses-1] Lancaster — Campaña 1, turno 1: Fase de Cartas (plazo: lun 30 nov 22:11 UTC)",
		"[braveheart-2] Inghilterra — Anno 1297, turno 3: battaglia a Lothian (entro: sab 5 dic 20:00 CET) è così",
		"Ñandú: ¿qué? =?not-a-word?= under_score",
		"[his-1] 六 powers — " + strings.Repeat("ü", 60),
	} {
		m := &store.OutMail{ID: 1, To: []string{"a@example.org"}, From: "judge <o@example.org>", Subject: s, MessageID: "x@example.org", Text: "hi"}
		msg, err := smtpout.Build(m, time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC))
		require.NoError(t, err)
		var raw bytes.Buffer
		_, err = msg.WriteTo(&raw)
		require.NoError(t, err)
		head, _, _ := strings.Cut(raw.String(), "\r\n\r\n")
		inSubject := false
		for _, l := range strings.Split(head, "\r\n") {
			if strings.HasPrefix(l, "Subject:") {
				inSubject = true
				require.NotEqual(t, "Subject:", strings.TrimSpace(l), "the subject starts on its own line")
				if strings.HasPrefix(s, "[") {
					require.True(t, strings.HasPrefix(l, "Subject: ["), "the tag stays plain: %q", l)
				}
			} else if inSubject && !strings.HasPrefix(l, " ") {
				inSubject = false
			}
			if inSubject {
				require.LessOrEqual(t, len(l), 76, "%q", l)
			}
		}
		r, err := mail.CreateReader(strings.NewReader(raw.String()))
		require.NoError(t, err)
		got, err := r.Header.Subject()
		require.NoError(t, err)
		require.Equal(t, s, got)
	}
}
