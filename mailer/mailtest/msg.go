package mailtest

import (
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

var msgSeq atomic.Uint64

// Message builds a small plain-text RFC 5322 message with CRLF line ends and
// a unique Message-ID (msg-N@mailtest.localhost), for feeding servers.
func Message(from, to, subject, body string) []byte {
	n := msgSeq.Add(1)
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\n", from)
	fmt.Fprintf(&b, "To: %s\r\n", to)
	fmt.Fprintf(&b, "Subject: %s\r\n", subject)
	fmt.Fprintf(&b, "Date: %s\r\n", time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC).Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <msg-%d@mailtest.localhost>\r\n", n)
	b.WriteString("MIME-Version: 1.0\r\n")
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n")
	b.WriteString("\r\n")
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(body, "\r\n", "\n"), "\n", "\r\n"))
	if !strings.HasSuffix(body, "\n") {
		b.WriteString("\r\n")
	}
	return []byte(b.String())
}
