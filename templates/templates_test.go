package templates

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestBuiltinParse(t *testing.T) {
	s := Builtin()
	for _, name := range []string{"report", "reject", "check", "welcome", "notice", "reminder", "luck", "league"} {
		require.NotNil(t, s.Text.Lookup(name+".txt.tmpl"), name)
	}
	require.NotNil(t, s.HTML.Lookup("report.html.tmpl"))
}

func TestWrapChoices(t *testing.T) {
	out := wrapChoices(4, []string{"card 4", "card 4", "card 3", strings.Repeat("x", 40), strings.Repeat("y", 40)})
	for _, l := range strings.Split(out, "\n") {
		require.LessOrEqual(t, len(l), Width, l)
		require.True(t, strings.HasPrefix(l, "    "))
	}
	require.Equal(t, 1, strings.Count(out, "card 4"), "duplicates are listed once")
	many := make([]string, 100)
	for i := range many {
		many[i] = "c" + strings.Repeat("z", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	require.Contains(t, wrapChoices(2, many), "and 60 more")
}

func TestWrapText(t *testing.T) {
	out := wrapText(2, 4, "* "+strings.Repeat("word ", 40))
	lines := strings.Split(out, "\n")
	require.Greater(t, len(lines), 2)
	require.True(t, strings.HasPrefix(lines[0], "  * "))
	for _, l := range lines[1:] {
		require.True(t, strings.HasPrefix(l, "    word"))
		require.LessOrEqual(t, len(l), Width)
	}
}

func TestOverrideDirectory(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notice.txt.tmpl"), []byte("CLUB NOTICE: {{.Text}}"), 0o600))
	s, err := Load(dir)
	require.NoError(t, err)
	text, _, err := s.Render("notice", map[string]string{"Text": "hello", "Footer": ""})
	require.NoError(t, err)
	require.Equal(t, "CLUB NOTICE: hello", text)
	// Files not overridden come from the binary.
	require.NotNil(t, s.Text.Lookup("report.txt.tmpl"))
}

func TestFitIndent(t *testing.T) {
	short := "a\n\nb"
	require.Equal(t, "  a\n\n  b", fitIndent(2, short))
	wide := "x\n" + strings.Repeat("y ", 45)
	for _, l := range strings.Split(fitIndent(2, wide), "\n") {
		require.LessOrEqual(t, len(l), Width, "a line that would pass the width is wrapped")
		require.True(t, strings.HasPrefix(l, "  "), l)
	}
}

func TestRewrap(t *testing.T) {
	long := "  " + strings.Repeat("word ", 30)
	out := rewrap("short\n" + long)
	for _, l := range strings.Split(out, "\n") {
		require.LessOrEqual(t, len(l), Width)
		if l != "short" {
			require.True(t, strings.HasPrefix(strings.TrimLeft(l, " "), "word"), l)
		}
	}
}
