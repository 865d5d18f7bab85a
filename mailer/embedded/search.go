package embedded

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	gomessage "github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

func readHeader(body []byte) (textproto.Header, []byte) {
	br := bufio.NewReader(bytes.NewReader(body))
	h, err := textproto.ReadHeader(br)
	if err != nil {
		return textproto.Header{}, body
	}
	rest, _ := io.ReadAll(br)
	return h, rest
}

func envelope(body []byte) *imap.Envelope {
	h, _ := readHeader(body)
	return imapserver.ExtractEnvelope(h)
}

// matches reports whether msg, at sequence number seq in the session's
// view, meets every criterion.
func matches(seq uint32, msg *message, c *imap.SearchCriteria) bool {
	for _, set := range c.SeqNum {
		if !set.Contains(seq) {
			return false
		}
	}
	for _, set := range c.UID {
		if !set.Contains(msg.uid) {
			return false
		}
	}
	if !inDates(msg.t, c.Since, c.Before) {
		return false
	}
	for _, f := range c.Flag {
		if !hasFlag(msg.flags, f) {
			return false
		}
	}
	for _, f := range c.NotFlag {
		if hasFlag(msg.flags, f) {
			return false
		}
	}
	size := int64(len(msg.body))
	if (c.Larger != 0 && size <= c.Larger) || (c.Smaller != 0 && size >= c.Smaller) {
		return false
	}
	if len(c.Header) > 0 || !c.SentSince.IsZero() || !c.SentBefore.IsZero() {
		h, _ := readHeader(msg.body)
		for _, hf := range c.Header {
			if !headerMatches(h, hf.Key, hf.Value) {
				return false
			}
		}
		if !c.SentSince.IsZero() || !c.SentBefore.IsZero() {
			t, err := (&mail.Header{Header: gomessage.Header{Header: h}}).Date()
			if err != nil || !inDates(t, c.SentSince, c.SentBefore) {
				return false
			}
		}
	}
	for _, s := range c.Body {
		if !containsText(msg.body, s, false) {
			return false
		}
	}
	for _, s := range c.Text {
		if !containsText(msg.body, s, true) {
			return false
		}
	}
	for i := range c.Not {
		if matches(seq, msg, &c.Not[i]) {
			return false
		}
	}
	for i := range c.Or {
		if !matches(seq, msg, &c.Or[i][0]) && !matches(seq, msg, &c.Or[i][1]) {
			return false
		}
	}
	return true
}

// inDates compares dates only, as IMAP searches do.
func inDates(t, since, before time.Time) bool {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	if !since.IsZero() && d.Before(since) {
		return false
	}
	return before.IsZero() || d.Before(before)
}

func headerMatches(h textproto.Header, key, value string) bool {
	fields := h.FieldsByKey(key)
	if value == "" {
		return fields.Len() > 0
	}
	value = strings.ToLower(value)
	for fields.Next() {
		if strings.Contains(strings.ToLower(fields.Value()), value) {
			return true
		}
	}
	return false
}

// containsText searches the decoded text parts of a message (and its
// header with withHeader), without regard to case. A message that cannot
// be parsed is searched as it is.
func containsText(raw []byte, s string, withHeader bool) bool {
	needle := []byte(strings.ToLower(s))
	if len(needle) == 0 {
		return true
	}
	e, err := gomessage.Read(bytes.NewReader(raw))
	if err != nil && e == nil {
		return bytes.Contains(bytes.ToLower(raw), needle)
	}
	found := false
	_ = e.Walk(func(_ []int, part *gomessage.Entity, err error) error {
		if err != nil || found {
			return nil
		}
		if withHeader {
			f := part.Header.Fields()
			for f.Next() {
				if v, _ := f.Text(); strings.Contains(strings.ToLower(v), string(needle)) {
					found = true
					return nil
				}
			}
		}
		if part.MultipartReader() != nil {
			return nil
		}
		t, _, _ := part.Header.ContentType()
		if t != "" && !strings.HasPrefix(t, "text/") && !strings.HasPrefix(t, "message/") {
			return nil
		}
		b, _ := io.ReadAll(part.Body)
		found = bytes.Contains(bytes.ToLower(b), needle)
		return nil
	})
	return found
}
