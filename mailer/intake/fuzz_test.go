package intake

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// checkOrders asserts the invariants of Extract's result for text.
func checkOrders(t *testing.T, text string, o *Orders) {
	t.Helper()
	n := len(strings.Split(normalizeNewlines(text), "\n"))
	prev := 0
	for _, l := range o.Lines {
		require.Greater(t, l.No, prev, "line numbers must increase")
		require.LessOrEqual(t, l.No, n)
		require.NotEmpty(t, l.Text)
		require.False(t, strings.HasPrefix(l.Text, ">"), "quoted line kept: %q", l.Text)
		require.Equal(t, strings.TrimSpace(l.Text), l.Text)
		require.NotContains(t, l.Text, "\n")
		if o.Cut > 0 {
			require.Less(t, l.No, o.Cut)
		}
		prev = l.No
	}
	require.GreaterOrEqual(t, o.Quoted, 0)
}

func corpusSeeds(f *testing.F) [][]byte {
	files, err := filepath.Glob(filepath.Join("testdata", "*.eml"))
	require.NoError(f, err)
	require.NotEmpty(f, files)
	var seeds [][]byte
	for _, name := range files {
		raw, err := os.ReadFile(name)
		require.NoError(f, err)
		seeds = append(seeds, raw)
	}
	return seeds
}

func FuzzParse(f *testing.F) {
	for _, raw := range corpusSeeds(f) {
		f.Add(raw)
	}
	f.Add([]byte("From: a@b\r\nContent-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n\r\nhi\r\n--x--\r\n"))
	f.Add([]byte("Content-Type: text/html\r\n\r\n<blockquote><div>x</blockquote>"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := Parse(raw, Options{MaxBytes: 64 << 10})
		if err != nil {
			if m != nil {
				require.Empty(t, m.Text)
				require.True(t, errors.Is(err, ErrNoText) || errors.Is(err, ErrMalformed), err)
			}
			return
		}
		require.True(t, utf8.ValidString(m.Text))
		require.True(t, utf8.ValidString(m.Subject))
		require.True(t, utf8.ValidString(m.FromName))
		require.NotContains(t, m.Text, "\r")
		require.Len(t, m.BodySHA256, 64)
		checkOrders(t, m.Text, Extract(m.Text))
		_ = GameTag(m.Subject, m.To)
		_ = SubjectCheck(m.Subject)
	})
}

func FuzzExtract(f *testing.F) {
	for _, raw := range corpusSeeds(f) {
		if m, err := Parse(raw, Options{}); err == nil {
			f.Add(m.Text)
		}
	}
	f.Add("secret: x\n> q\n-- \nsig\n")
	f.Add("On a\nb\nwrote:\nFrom: x\nSent: y\n")
	f.Add("\ufeff  >\u00a0x\r\n\u200b#c\rentropy # e\n")
	f.Fuzz(func(t *testing.T, text string) {
		checkOrders(t, text, Extract(text))
		_ = HTMLToText(text)
		_ = GameTags(text, []string{text})
		_ = SubjectCheck(text)
	})
}
