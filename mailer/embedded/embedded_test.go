package embedded_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	gosmtp "github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/wneessen/go-mail"

	"github.com/pbem/pbem/mailer/embedded"
	"github.com/pbem/pbem/mailer/mailtest"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/store"
)

func start(t testing.TB, cfg embedded.Config) *embedded.Server {
	t.Helper()
	if cfg.Users == nil {
		cfg.Users = map[string]string{"orders": "orders-pw", "alice": "alice-pw"}
	}
	s, err := embedded.Start(cfg)
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func hostPort(t testing.TB, addr string) (string, int) {
	t.Helper()
	h, p, err := net.SplitHostPort(addr)
	require.NoError(t, err)
	n, err := strconv.Atoi(p)
	require.NoError(t, err)
	return h, n
}

func gomailClient(t testing.TB, s *embedded.Server, user, pass string) *mail.Client {
	t.Helper()
	h, p := hostPort(t, s.SMTPAddr())
	opts := []mail.Option{mail.WithPort(p), mail.WithTLSPolicy(mail.NoTLS), mail.WithTimeout(5 * time.Second)}
	if user != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthPlain), mail.WithUsername(user), mail.WithPassword(pass))
	}
	c, err := mail.NewClient(h, opts...)
	require.NoError(t, err)
	return c
}

func login(t testing.TB, s *embedded.Server, user, pass string, opts *imapclient.Options) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(s.IMAPAddr(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	require.NoError(t, c.Login(user, pass).Wait())
	return c
}

func fetchAll(t testing.TB, c *imapclient.Client, mailbox string) [][]byte {
	t.Helper()
	_, err := c.Select(mailbox, nil).Wait()
	require.NoError(t, err)
	sd, err := c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	require.NoError(t, err)
	uids := sd.AllUIDs()
	if len(uids) == 0 {
		return nil
	}
	sec := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{sec}}).Collect()
	require.NoError(t, err)
	var out [][]byte
	for _, m := range msgs {
		out = append(out, m.FindBodySection(sec))
	}
	return out
}

func TestSMTPPlusAddressToIMAP(t *testing.T) {
	s := start(t, embedded.Config{})
	assert.Equal(t, "pbem.localhost", s.Domain())

	m := mail.NewMsg()
	require.NoError(t, m.From("alice@pbem.localhost"))
	require.NoError(t, m.To("orders+g1@pbem.localhost"))
	m.Subject("orders for g1")
	m.SetBodyString(mail.TypeTextPlain, "move York to London\n")
	require.NoError(t, gomailClient(t, s, "alice", "alice-pw").DialAndSend(m))

	n, err := s.Count("orders", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	c := login(t, s, "orders", "orders-pw", nil)
	msgs := fetchAll(t, c, "INBOX")
	require.Len(t, msgs, 1)
	raw := string(msgs[0])
	assert.Contains(t, raw, "Delivered-To: orders+g1@pbem.localhost\r\n")
	assert.Contains(t, raw, "Return-Path: <alice@pbem.localhost>\r\n")
	assert.Contains(t, raw, "Subject: orders for g1")
	assert.Contains(t, raw, "move York to London")

	// Unauthenticated submission works too on loopback; case is ignored.
	m2 := mail.NewMsg()
	require.NoError(t, m2.From("bob@example.org"))
	require.NoError(t, m2.To("ORDERS@PBEM.LOCALHOST"))
	m2.Subject("second")
	m2.SetBodyString(mail.TypeTextPlain, "hi\n")
	require.NoError(t, gomailClient(t, s, "", "").DialAndSend(m2))
	n, err = s.Count("orders", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 2, n)
}

func TestSendWithSmtpout(t *testing.T) {
	s := start(t, embedded.Config{})
	h, p := hostPort(t, s.SMTPAddr())
	snd := smtpout.NewSender(smtpout.Config{Host: h, Port: p, TLS: "none", Username: "orders", Password: "orders-pw"})
	err := snd.Send(context.Background(), &store.OutMail{
		ID: 1, From: "orders@pbem.localhost", To: []string{"alice@pbem.localhost"},
		Subject: "report", MessageID: "r1@pbem.localhost", Text: "turn 1\n",
	})
	require.NoError(t, err)
	n, err := s.Count("alice", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
}

func smtpRcpt(t *testing.T, s *embedded.Server, rcpt string) error {
	t.Helper()
	c, err := gosmtp.Dial(s.SMTPAddr())
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Hello("test"))
	require.NoError(t, c.Mail("x@example.org", nil))
	return c.Rcpt(rcpt, nil)
}

func TestRecipientsRefused(t *testing.T) {
	s := start(t, embedded.Config{})
	err := smtpRcpt(t, s, "nobody@pbem.localhost")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "550")
	err = smtpRcpt(t, s, "orders@example.org")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Relaying denied")
	require.NoError(t, smtpRcpt(t, s, "alice+x+y@pbem.localhost"))
}

func TestCatchAll(t *testing.T) {
	s := start(t, embedded.Config{CatchAll: "orders"})
	c, err := gosmtp.Dial(s.SMTPAddr())
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.SendMail("x@example.org", []string{"anyone@pbem.localhost"},
		bytes.NewReader(mailtest.Message("x@example.org", "anyone@pbem.localhost", "hi", "body"))))
	n, err := s.Count("orders", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	_, err = embedded.Start(embedded.Config{CatchAll: "ghost", Users: map[string]string{"a": "b"}})
	require.Error(t, err)
}

func TestSMTPAuth(t *testing.T) {
	s := start(t, embedded.Config{})
	m := mail.NewMsg()
	require.NoError(t, m.From("alice@pbem.localhost"))
	require.NoError(t, m.To("orders@pbem.localhost"))
	m.SetBodyString(mail.TypeTextPlain, "x")
	err := gomailClient(t, s, "alice", "wrong").DialAndSend(m)
	require.Error(t, err)
	n, _ := s.Count("orders", "INBOX")
	assert.Equal(t, 0, n)
}

func TestIMAPLoginAndUsers(t *testing.T) {
	s := start(t, embedded.Config{})
	c, err := imapclient.DialInsecure(s.IMAPAddr(), nil)
	require.NoError(t, err)
	defer c.Close()
	require.Error(t, c.Login("orders", "nope").Wait())
	require.Error(t, c.Login("ghost", "x").Wait())
	require.NoError(t, c.Login("Orders@pbem.localhost", "orders-pw").Wait())

	require.Error(t, s.AddUser("bad name", "x"))
	require.Error(t, s.AddUser("bob", ""))
	require.NoError(t, s.AddUser("Bob", "bob-pw"))
	require.NoError(t, s.Deliver("bob", mailtest.Message("a@b", "bob@pbem.localhost", "s", "b")))
	// Changing the password keeps the mail.
	require.NoError(t, s.AddUser("bob", "new-pw"))
	n, err := s.Count("bob", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	c2 := login(t, s, "bob", "new-pw", nil)
	assert.Len(t, fetchAll(t, c2, "INBOX"), 1)

	_, err = s.Count("ghost", "INBOX")
	require.Error(t, err)
	_, err = s.Count("bob", "Nope")
	require.Error(t, err)
	require.Error(t, s.Deliver("ghost", []byte("x")))
}

func TestMoveAndIdle(t *testing.T) {
	s := start(t, embedded.Config{})
	exists := make(chan uint32, 16)
	idler := login(t, s, "orders", "orders-pw", &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case exists <- *d.NumMessages:
					default:
					}
				}
			},
		},
	})
	_, err := idler.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	idle, err := idler.Idle()
	require.NoError(t, err)

	require.NoError(t, s.Deliver("orders", mailtest.Message("a@b", "orders@pbem.localhost", "one", "1")))
	select {
	case n := <-exists:
		assert.Equal(t, uint32(1), n)
	case <-time.After(10 * time.Second):
		t.Fatal("no EXISTS while idling")
	}
	require.NoError(t, idle.Close())
	require.NoError(t, idle.Wait())

	c := login(t, s, "orders", "orders-pw", nil)
	require.NoError(t, c.Create("pbem/processed", nil).Wait())
	_, err = c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	sd, err := c.UIDSearch(&imap.SearchCriteria{}, nil).Wait()
	require.NoError(t, err)
	require.Len(t, sd.AllUIDs(), 1)
	_, err = c.Move(imap.UIDSetNum(sd.AllUIDs()...), "pbem/processed").Wait()
	require.NoError(t, err)
	n, err := s.Count("orders", "pbem/processed")
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	n, err = s.Count("orders", "INBOX")
	require.NoError(t, err)
	assert.Equal(t, 0, n)
}

func TestCloseIsIdempotent(t *testing.T) {
	s, err := embedded.Start(embedded.Config{Users: map[string]string{"a": "b"}})
	require.NoError(t, err)
	require.NoError(t, s.Close())
	require.NoError(t, s.Close())
	_, err = net.DialTimeout("tcp", s.IMAPAddr(), time.Second)
	require.Error(t, err)
}

// BenchmarkSMTPToIMAP measures the time from handing a message to the SMTP
// port until an idling IMAP client hears about it.
func BenchmarkSMTPToIMAP(b *testing.B) {
	s := start(b, embedded.Config{})
	exists := make(chan uint32, 1024)
	idler := login(b, s, "orders", "orders-pw", &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					exists <- *d.NumMessages
				}
			},
		},
	})
	_, err := idler.Select("INBOX", nil).Wait()
	require.NoError(b, err)
	idle, err := idler.Idle()
	require.NoError(b, err)
	defer func() { _ = idle.Close() }()

	h, p := hostPort(b, s.SMTPAddr())
	client, err := mail.NewClient(h, mail.WithPort(p), mail.WithTLSPolicy(mail.NoTLS), mail.WithTimeout(5*time.Second))
	require.NoError(b, err)

	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		m := mail.NewMsg()
		_ = m.From("alice@pbem.localhost")
		_ = m.To("orders+g1@pbem.localhost")
		m.Subject(fmt.Sprintf("orders %d", i))
		m.SetBodyString(mail.TypeTextPlain, "hold\n")
		if err := client.DialAndSend(m); err != nil {
			b.Fatal(err)
		}
		want := uint32(i + 1)
		for got := uint32(0); got < want; {
			select {
			case got = <-exists:
			case <-time.After(10 * time.Second):
				b.Fatalf("no EXISTS for message %d", i+1)
			}
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/op")
}
