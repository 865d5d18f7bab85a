package daemon_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"math/rand"
	"mime/quotedprintable"
	"strings"
)

// The builders below write order emails the way common mail clients do.
// Each takes the sender, the subject, a Message-ID (without brackets),
// the ID of the report replied to ("" for none) and the lines the player
// typed; quoted text, signatures and client furniture are added around
// them, as the real clients add them.

const mailDate = "Sat, 21 Nov 2026 09:00:00 +0000"

func qp(b []byte) string {
	var buf bytes.Buffer
	w := quotedprintable.NewWriter(&buf)
	_, _ = w.Write(b)
	_ = w.Close()
	return strings.ReplaceAll(strings.ReplaceAll(buf.String(), "\r\n", "\n"), "\n", "\r\n")
}

func threadHeaders(inReplyTo string) string {
	if inReplyTo == "" {
		return ""
	}
	return fmt.Sprintf("In-Reply-To: <%s>\r\nReferences: <%s>\r\n", inReplyTo, inReplyTo)
}

// gmailReply is a Gmail reply: multipart/alternative, both parts UTF-8
// quoted-printable, the report quoted below an attribution line.
func gmailReply(from, subject, msgID, inReplyTo string, lines []string) []byte {
	text := strings.Join(lines, "\n") + "\n\nOn Sat, 21 Nov 2026 at 08:00, pbem test judge <" + orders + ">\nwrote:\n\n" +
		"> SCORE\n> Round 1. Points: north 0, south 0 · your move\n> YOU OWE\n>   * Pick how many dice to roll this round.\n> pick 3\n>\n"
	var h strings.Builder
	h.WriteString(`<div dir="ltr">`)
	for _, l := range lines {
		fmt.Fprintf(&h, "<div>%s</div>", html.EscapeString(l))
	}
	h.WriteString(`</div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Sat, 21 Nov 2026 at 08:00, pbem test judge &lt;` +
		orders + `&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">` +
		`SCORE<br>Round 1. Points: north 0, south 0 · your move<br>pick 3<br></blockquote></div>`)
	const bnd = "000000000000a7c31e0644c3b9f2"
	var b strings.Builder
	b.WriteString("MIME-Version: 1.0\r\n")
	b.WriteString(threadHeaders(inReplyTo))
	fmt.Fprintf(&b, "From: Alice Example <%s>\r\nDate: %s\r\nMessage-ID: <%s>\r\n", from, mailDate, msgID)
	fmt.Fprintf(&b, "Subject: =?UTF-8?B?%s?=\r\n", base64.StdEncoding.EncodeToString([]byte(subject)))
	fmt.Fprintf(&b, "To: pbem <%s>\r\n", orders)
	fmt.Fprintf(&b, "Content-Type: multipart/alternative; boundary=\"%s\"\r\n\r\n", bnd)
	fmt.Fprintf(&b, "--%s\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n%s\r\n", bnd, qp([]byte(text)))
	fmt.Fprintf(&b, "--%s\r\nContent-Type: text/html; charset=\"UTF-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n%s\r\n", bnd, qp([]byte(h.String())))
	fmt.Fprintf(&b, "--%s--\r\n", bnd)
	return []byte(b.String())
}

// latin1 encodes s (runes below 256 only) as ISO-8859-1.
func latin1(s string) []byte {
	var out []byte
	for _, r := range s {
		if r > 0xff {
			panic(fmt.Sprintf("latin1: %q", r))
		}
		out = append(out, byte(r))
	}
	return out
}

// muttLatin1 is a Mutt email in ISO-8859-1, quoted-printable, with an
// RFC 2047 encoded display name and subject.
func muttLatin1(from, name, subject, msgID, inReplyTo string, lines []string) []byte {
	text := strings.Join(lines, "\n") + "\n\nEl sáb, 21 nov 2026 a las 08:00, pbem escribió:\n> SCORE\n> Round 1.\n"
	var b strings.Builder
	fmt.Fprintf(&b, "Date: %s\r\nFrom: =?ISO-8859-1?Q?%s?= <%s>\r\nTo: %s\r\n", mailDate, qword(name), from, orders)
	fmt.Fprintf(&b, "Subject: =?ISO-8859-1?Q?%s?=\r\nMessage-ID: <%s>\r\n", qword(subject), msgID)
	b.WriteString(threadHeaders(inReplyTo))
	b.WriteString("Mime-Version: 1.0\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Disposition: inline\r\n")
	b.WriteString("Content-Transfer-Encoding: quoted-printable\r\nUser-Agent: Mutt/2.2.12 (2023-09-09)\r\n\r\n")
	b.WriteString(qp(latin1(text)))
	return []byte(b.String())
}

// qword is the text of a Latin-1 "Q" encoded word.
func qword(s string) string { return qbytes(latin1(s)) }

// qbytes is the text of a "Q" encoded word holding b.
func qbytes(raw []byte) string {
	var b strings.Builder
	for _, c := range raw {
		switch {
		case c == ' ':
			b.WriteByte('_')
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("[]-.,", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "=%02X", c)
		}
	}
	return b.String()
}

// cp1252 encodes s as Windows-1252 (Latin-1 plus the typographic marks
// Outlook likes).
func cp1252(s string) []byte {
	special := map[rune]byte{'“': 0x93, '”': 0x94, '–': 0x96, '’': 0x92, '…': 0x85, '•': 0x95}
	var out []byte
	for _, r := range s {
		if c, ok := special[r]; ok {
			out = append(out, c)
			continue
		}
		out = append(out, latin1(string(r))...)
	}
	return out
}

// outlookHTML is an Outlook reply: HTML only, Windows-1252,
// quoted-printable, Word markup, the report below a "From:/Sent:" block.
func outlookHTML(from, subject, msgID, inReplyTo string, lines []string) []byte {
	var h strings.Builder
	h.WriteString(`<html xmlns:o="urn:schemas-microsoft-com:office:office"><head>` +
		`<meta http-equiv="Content-Type" content="text/html; charset=Windows-1252">` +
		`<style><!-- p.MsoNormal {margin:0cm; font-family:"Calibri",sans-serif;} --></style></head>` +
		`<body lang="EN-GB" link="#0563C1"><div class="WordSection1">`)
	for _, l := range lines {
		fmt.Fprintf(&h, `<p class="MsoNormal">%s<o:p></o:p></p>`, html.EscapeString(l))
	}
	h.WriteString(`<p class="MsoNormal"><o:p>&nbsp;</o:p></p><p class="MsoNormal">Regards,<o:p></o:p></p>` +
		`<p class="MsoNormal">Bob<o:p></o:p></p><div><div style="border:none;border-top:solid #E1E1E1 1.0pt">` +
		`<p class="MsoNormal"><b>From:</b> pbem test judge &lt;` + orders + `&gt;<br><b>Sent:</b> Saturday, November 21, 2026 8:00 AM<br>` +
		`<b>To:</b> Bob &lt;` + from + `&gt;<br><b>Subject:</b> ` + html.EscapeString(subject) + `</p></div></div>` +
		`<p class="MsoNormal">SCORE – Round 1<o:p></o:p></p><p class="MsoNormal">pick 3<o:p></o:p></p></div></body></html>`)
	var b strings.Builder
	fmt.Fprintf(&b, "From: Bob Builder <%s>\r\nTo: \"%s\" <%s>\r\n", from, orders, orders)
	fmt.Fprintf(&b, "Subject: RE: [External] =?Windows-1252?Q?%s?=\r\n", qbytes(cp1252(subject)))
	b.WriteString("Thread-Topic: duel\r\nThread-Index: AdtfQ2mZr5xWc1bTQ0y3Zp7nR2cXvA==\r\n")
	fmt.Fprintf(&b, "Date: %s\r\nMessage-ID: <%s>\r\n", mailDate, msgID)
	b.WriteString(threadHeaders(inReplyTo))
	b.WriteString("Accept-Language: en-GB, en-US\r\nContent-Language: en-GB\r\nX-MS-Has-Attach:\r\n")
	b.WriteString("Content-Type: text/html; charset=\"Windows-1252\"\r\nContent-Transfer-Encoding: quoted-printable\r\nMIME-Version: 1.0\r\n\r\n")
	b.WriteString(qp(cp1252(h.String())))
	return []byte(b.String())
}

// thunderbirdFlowed is a Thunderbird reply in format=flowed: a line that
// ends in a space continues on the next one.
func thunderbirdFlowed(from, subject, msgID, inReplyTo string, flowed string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "Message-ID: <%s>\r\nDate: %s\r\nMIME-Version: 1.0\r\nUser-Agent: Mozilla Thunderbird\r\n", msgID, mailDate)
	fmt.Fprintf(&b, "Subject: %s\r\nTo: %s\r\n", subject, orders)
	b.WriteString(threadHeaders(inReplyTo))
	fmt.Fprintf(&b, "Content-Language: en-GB\r\nFrom: \"Bob (Thunderbird)\" <%s>\r\n", from)
	b.WriteString("Content-Type: text/plain; charset=UTF-8; format=flowed\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(crlf(flowed + "\n-- \nBob\n\nOn 11/21/26 8:00 AM, pbem test judge wrote:\n> SCORE\n> pick 3\n"))
	return []byte(b.String())
}

// withAttachment is a multipart/mixed email with a text part and a large
// binary attachment (a phone photo), base64 encoded.
func withAttachment(from, subject, msgID string, text string, size int, seed int64) []byte {
	const bnd = "Apple-Mail=_5B1F2C3D-4E5F-6071-8293-A4B5C6D7E8F9"
	data := make([]byte, size)
	rand.New(rand.NewSource(seed)).Read(data)
	enc := base64.StdEncoding.EncodeToString(data)
	var b strings.Builder
	fmt.Fprintf(&b, "From: Alice <%s>\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\nMIME-Version: 1.0\r\n", from, orders, subject, mailDate, msgID)
	fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=\"%s\"\r\n\r\n", bnd)
	fmt.Fprintf(&b, "--%s\r\nContent-Type: text/plain; charset=us-ascii\r\nContent-Transfer-Encoding: 7bit\r\n\r\n%s\r\n", bnd, crlf(text))
	fmt.Fprintf(&b, "--%s\r\nContent-Type: image/jpeg; name=IMG_4012.jpg\r\nContent-Disposition: attachment; filename=IMG_4012.jpg\r\nContent-Transfer-Encoding: base64\r\n\r\n", bnd)
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
	fmt.Fprintf(&b, "--%s--\r\n", bnd)
	return []byte(b.String())
}

// badBoundary is a multipart email whose parts use another boundary than
// the one declared: no text can be found in it.
func badBoundary(from, subject, msgID string, text string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: Sloppy Script <%s>\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\nMIME-Version: 1.0\r\n", from, orders, subject, mailDate, msgID)
	b.WriteString("Content-Type: multipart/alternative; boundary=\"=_declared_boundary\"\r\n\r\n")
	b.WriteString("--=_other_boundary\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(crlf(text))
	b.WriteString("--=_other_boundary--\r\n")
	return []byte(b.String())
}
