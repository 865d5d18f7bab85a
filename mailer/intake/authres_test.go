package intake

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseAuthResults(t *testing.T) {
	id, rs := ParseAuthResults(`mx.club.example 1; dkim=pass (2048-bit key; unprotected) header.d=example.org header.s=sel; spf=fail (sender IP is 192.0.2.1) smtp.mailfrom=evil@spam.example; dmarc=pass header.from="example.org"`)
	require.Equal(t, "mx.club.example", id)
	require.Len(t, rs, 3)
	require.Equal(t, AuthResult{Method: "dkim", Result: "pass", Props: map[string]string{"header.d": "example.org", "header.s": "sel"}}, rs[0])
	require.Equal(t, "fail", rs[1].Result)
	require.Equal(t, "example.org", rs[2].Props["header.from"])
	id, rs = ParseAuthResults("mx.club.example; none")
	require.Equal(t, "mx.club.example", id)
	require.Empty(t, rs)
}

func TestSenderAuthenticated(t *testing.T) {
	msg := func(from string, hdrs ...string) *Message { return &Message{From: from, AuthResults: hdrs} }
	for _, c := range []struct {
		name string
		m    *Message
		ok   bool
	}{
		{"dmarc", msg("alice@example.org", "mx.club.example; dmarc=pass header.from=example.org"), true},
		{"dkim of the From domain", msg("alice@example.org", "mx.club.example; dkim=pass header.d=example.org"), true},
		{"dkim of a parent domain", msg("alice@mail.example.org", "mx.club.example; dkim=pass header.d=example.org"), true},
		{"dkim of another domain", msg("alice@example.org", "mx.club.example; dkim=pass header.d=spam.example"), false},
		{"dkim of a suffix that is no parent", msg("alice@badexample.org", "mx.club.example; dkim=pass header.d=example.org"), false},
		{"aligned spf", msg("alice@example.org", "mx.club.example; spf=pass smtp.mailfrom=bounce@example.org"), true},
		{"smtp login as the sender", msg("alice@example.org", "mx.club.example; auth=pass smtp.auth=alice@example.org"), true},
		{"smtp login as someone else", msg("alice@example.org", "mx.club.example; auth=pass smtp.auth=mallory@example.org"), false},
		{"failures", msg("alice@example.org", "mx.club.example; dkim=fail header.d=example.org; dmarc=fail header.from=example.org"), false},
		{"another server's verdict", msg("alice@example.org", "mx.spam.example; dmarc=pass header.from=example.org"), false},
		{"a forged verdict below the server's own", msg("alice@example.org", "mx.club.example; dmarc=fail header.from=example.org", "mx.club.example; dmarc=pass header.from=example.org"), false},
		{"no header", msg("alice@example.org"), false},
	} {
		ok, why := SenderAuthenticated(c.m, "MX.club.example")
		require.Equal(t, c.ok, ok, "%s: %s", c.name, why)
		require.NotEmpty(t, why)
	}
	ok, why := SenderAuthenticated(msg("alice@example.org", "mx.club.example; dmarc=pass header.from=example.org"), "")
	require.False(t, ok)
	require.Contains(t, why, "no trusted mail server")
}
