package intake

import (
	"fmt"
	"mime/quotedprintable"
	"strings"
	"testing"
)

// typicalMessage builds a realistic reply of about 5 KB: multipart/alternative
// with quoted-printable plain and HTML parts, orders on top and the quoted
// report below.
func typicalMessage() []byte {
	var orders, quote strings.Builder
	orders.WriteString("secret: k7Qm2xV9\n")
	for i := range 6 {
		fmt.Fprintf(&orders, "move Area%d -> Area%d: Warwick, Salisbury   # step %d\n", i, i+1, i)
	}
	for i := range 30 {
		fmt.Fprintf(&quote, "> Calais      March 4/4 (A2) · Warwick 3/3 (B3) · Salisbury 2/3 (B2) %d\n", i)
	}
	plain := orders.String() + "\nOn Tue, 25 Nov 2026 at 18:00, pbem <orders+roses-7@club.example> wrote:\n\n" + quote.String()
	html := "<div dir=\"ltr\">" + strings.ReplaceAll(orders.String(), "\n", "<br>") +
		"</div><div class=\"gmail_quote\"><blockquote class=\"gmail_quote\">" +
		strings.ReplaceAll(strings.ReplaceAll(quote.String(), "> ", ""), "\n", "<br>") + "</blockquote></div>"
	qp := func(s string) string {
		var b strings.Builder
		w := quotedprintable.NewWriter(&b)
		_, _ = w.Write([]byte(s))
		_ = w.Close()
		return b.String()
	}
	m := "From: Anne York <anne.york@gmail.com>\r\n" +
		"To: pbem <orders+roses-7@club.example>\r\n" +
		"Subject: Re: [roses-7] =?UTF-8?B?WW9yayDigJQgQ2FtcGFpZ24gMSwgdHVybiAyOiBwbGF5IGEgY2FyZA==?=\r\n" +
		"Message-ID: <bench@mail.gmail.com>\r\nIn-Reply-To: <r2.roses-7.14@club.example>\r\n" +
		"Date: Tue, 25 Nov 2026 19:02:11 +0000\r\nMIME-Version: 1.0\r\n" +
		"Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n" +
		"--b1\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		qp(plain) + "\r\n--b1\r\nContent-Type: text/html; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		qp(html) + "\r\n--b1--\r\n"
	return []byte(m)
}

func TestTypicalMessage(t *testing.T) {
	raw := typicalMessage()
	if len(raw) < 4<<10 || len(raw) > 7<<10 {
		t.Fatalf("benchmark message is %d bytes, want about 5 KB", len(raw))
	}
	m, err := Parse(raw, Options{})
	if err != nil {
		t.Fatal(err)
	}
	o := Extract(m.Text)
	if o.Secret != "k7Qm2xV9" || len(o.Lines) != 6 {
		t.Fatalf("unexpected orders: %+v", o)
	}
}

func BenchmarkParse(b *testing.B) {
	raw := typicalMessage()
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(raw, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExtract(b *testing.B) {
	m, err := Parse(typicalMessage(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(m.Text)))
	b.ReportAllocs()
	for b.Loop() {
		Extract(m.Text)
	}
}

func BenchmarkHTMLToText(b *testing.B) {
	html := strings.Repeat("<p class=MsoNormal>move East Anglia -&gt; Essex: Norfolk<o:p></o:p></p>\n", 80)
	b.SetBytes(int64(len(html)))
	b.ReportAllocs()
	for b.Loop() {
		HTMLToText(html)
	}
}

func BenchmarkGameTagsManyTags(b *testing.B) {
	s := manyTags(100000)
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		GameTags(s, nil)
	}
}
