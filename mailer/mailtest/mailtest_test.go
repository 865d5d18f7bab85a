package mailtest_test

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/mail"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/mailtest"
)

func TestTLSCert(t *testing.T) {
	cert, pool := mailtest.TLSCert(t)
	require.NotNil(t, cert.Leaf)
	_, err := cert.Leaf.Verify(x509Opts(pool))
	require.NoError(t, err)

	ln, err := tls.Listen("tcp", "127.0.0.1:0", mailtest.ServerTLS(t))
	require.NoError(t, err)
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err == nil {
			_ = c.(*tls.Conn).Handshake()
			_ = c.Close()
		}
	}()
	c, err := tls.Dial("tcp", ln.Addr().String(), mailtest.ClientTLS(t))
	require.NoError(t, err)
	_ = c.Close()
}

func send(addr string, data []byte) error {
	c, err := smtp.Dial(addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SendMail("a@example.org", []string{"b@example.org"}, bytes.NewReader(data)); err != nil {
		return err
	}
	return c.Quit()
}

func TestSMTPCaptureModes(t *testing.T) {
	c := mailtest.NewSMTPCapture(t)
	assert.Equal(t, "127.0.0.1", c.Host())
	assert.NotZero(t, c.Port())
	raw := mailtest.Message("a@example.org", "b@example.org", "hello", "body\nline 2")

	require.NoError(t, send(c.Addr(), raw))
	msgs := c.Messages()
	require.Len(t, msgs, 1)
	assert.Equal(t, "a@example.org", msgs[0].From)
	assert.Equal(t, []string{"b@example.org"}, msgs[0].To)
	m, err := mail.ReadMessage(bytes.NewReader(msgs[0].Data))
	require.NoError(t, err)
	assert.Equal(t, "hello", m.Header.Get("Subject"))

	c.SetMode(mailtest.TempFail)
	err = send(c.Addr(), raw)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "451")

	c.SetMode(mailtest.PermFail)
	err = send(c.Addr(), raw)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "554")

	c.SetMode(mailtest.Refuse)
	_, err = net.DialTimeout("tcp", c.Addr(), time.Second)
	require.Error(t, err)

	c.SetMode(mailtest.Accept)
	require.NoError(t, send(c.Addr(), raw))
	assert.Len(t, c.Messages(), 2)
	assert.Len(t, c.All(), 4)
	assert.Equal(t, 4, c.Attempts())
	assert.Len(t, c.Wait(2, time.Second), 2)
	assert.Equal(t, mailtest.Accept, c.Mode())
	assert.Contains(t, c.String(), "accept")
}

func TestDovecotDeliverLMTP(t *testing.T) {
	d := mailtest.Dovecot(t)
	if d.PlayerUser == "" {
		// The main account's INBOX belongs to the intake tests.
		t.Skip("PBEM_DOVECOT_PLAYER_USER not set")
	}
	cl, err := imapclient.DialInsecure(d.IMAPAddr, nil)
	require.NoError(t, err)
	defer cl.Close()
	require.NoError(t, cl.Login(d.PlayerUser, d.PlayerPass).Wait())
	before, err := cl.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	require.NoError(t, err)
	require.NoError(t, d.DeliverLMTPTo(d.PlayerUser+"@localhost", mailtest.Message("a@example.org", d.PlayerUser+"@localhost", "lmtp", "x")))
	after, err := cl.Status("INBOX", &imap.StatusOptions{NumMessages: true}).Wait()
	require.NoError(t, err)
	assert.Equal(t, *before.NumMessages+1, *after.NumMessages)
}

func x509Opts(pool *x509.CertPool) x509.VerifyOptions {
	return x509.VerifyOptions{Roots: pool, DNSName: "localhost"}
}
