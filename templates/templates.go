// Package templates holds the text and HTML templates of every email pbem
// sends, embedded in the binary. Operators may override them with a
// directory of files of the same names (config: templates_dir).
package templates

import (
	"embed"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"os"
	"strings"
	texttemplate "text/template"
	"unicode/utf8"
)

//go:embed *.txt.tmpl *.html.tmpl
var builtin embed.FS

// Set is a loaded set of templates.
type Set struct {
	Text *texttemplate.Template
	HTML *htmltemplate.Template
}

var funcs = map[string]any{
	"upper": strings.ToUpper,
	"join":  strings.Join,
	"indent": func(n int, s string) string {
		pad := strings.Repeat(" ", n)
		lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
		for i, l := range lines {
			if l != "" {
				lines[i] = pad + l
			}
		}
		return strings.Join(lines, "\n")
	},
	"trim":   strings.TrimSpace,
	"fit":    fitIndent,
	"rewrap": rewrap,
	"wrap":   wrapChoices,
	"para":   wrapText,
}

// fitIndent indents every non-blank line of s by n spaces when all of them
// then fit in 76 columns, and otherwise leaves s as it is (a game's text
// may use the full width).
func fitIndent(n int, s string) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	for _, l := range lines {
		if utf8.RuneCountInString(l)+n > 76 {
			return s
		}
	}
	pad := strings.Repeat(" ", n)
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return strings.Join(lines, "\n")
}

// rewrap wraps each line of s longer than 76 columns at spaces, keeping
// its indentation; shorter lines are left alone.
func rewrap(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if utf8.RuneCountInString(l) > 76 {
			ind := len(l) - len(strings.TrimLeft(l, " "))
			lines[i] = wrapText(ind, ind, l)
		}
	}
	return strings.Join(lines, "\n")
}

// wrapText fills s into lines of at most 76 columns; the first line is
// indented by first spaces and the others by rest.
func wrapText(first, rest int, s string) string {
	var lines []string
	cur := strings.Repeat(" ", first)
	empty := true
	for _, w := range strings.Fields(s) {
		if !empty && len(cur)+1+len(w) > 76 {
			lines = append(lines, cur)
			cur, empty = strings.Repeat(" ", rest), true
		}
		if !empty {
			cur += " "
		}
		cur += w
		empty = false
	}
	return strings.Join(append(lines, cur), "\n")
}

// maxChoices is how many legal choices a text email lists before it says
// how many more there are.
const maxChoices = 40

// wrapChoices lays choices out "a | b | c" in lines of at most 76 columns,
// indented by n spaces.
func wrapChoices(n int, choices []string) string {
	pad := strings.Repeat(" ", n)
	var lines []string
	cur := pad
	var uniq []string
	seen := map[string]bool{}
	for _, c := range choices {
		if !seen[c] {
			seen[c] = true
			uniq = append(uniq, c)
		}
	}
	choices = uniq
	shown := choices
	if len(shown) > maxChoices {
		shown = shown[:maxChoices]
	}
	for i, c := range shown {
		item := c
		if i < len(shown)-1 {
			item += " |"
		}
		if len(cur) > n && len(cur)+1+len(item) > 76 {
			lines = append(lines, cur)
			cur = pad
		}
		if len(cur) > n {
			cur += " "
		}
		cur += item
	}
	lines = append(lines, cur)
	if len(choices) > len(shown) {
		lines = append(lines, fmt.Sprintf("%s… and %d more (send \"help\" for the full list)", pad, len(choices)-len(shown)))
	}
	return strings.Join(lines, "\n")
}

// Load returns the built-in templates, or those in dir when dir is not
// empty (files missing there fall back to the built-in ones).
func Load(dir string) (*Set, error) {
	var fsys fs.FS = builtin
	if dir != "" {
		fsys = overlay{dir: os.DirFS(dir)}
	}
	t, err := texttemplate.New("").Funcs(funcs).ParseFS(fsys, "*.txt.tmpl")
	if err != nil {
		return nil, err
	}
	h, err := htmltemplate.New("").Funcs(funcs).ParseFS(fsys, "*.html.tmpl")
	if err != nil {
		return nil, err
	}
	return &Set{Text: t, HTML: h}, nil
}

// Builtin returns the embedded templates; it panics if they do not parse
// (a build defect caught by the tests).
func Builtin() *Set {
	s, err := Load("")
	if err != nil {
		panic(err)
	}
	return s
}

// Render executes the text template name+".txt.tmpl" and, when it exists,
// the HTML template name+".html.tmpl".
func (s *Set) Render(name string, data any) (text, html string, err error) {
	var b strings.Builder
	if err := s.Text.ExecuteTemplate(&b, name+".txt.tmpl", data); err != nil {
		return "", "", err
	}
	text = b.String()
	if s.HTML.Lookup(name+".html.tmpl") != nil {
		var h strings.Builder
		if err := s.HTML.ExecuteTemplate(&h, name+".html.tmpl", data); err != nil {
			return "", "", err
		}
		html = h.String()
	}
	return text, html, nil
}

// overlay serves files from dir, falling back to the built-in ones.
type overlay struct{ dir fs.FS }

func (o overlay) Open(name string) (fs.File, error) {
	if f, err := o.dir.Open(name); err == nil {
		return f, nil
	}
	return builtin.Open(name)
}

func (o overlay) ReadDir(name string) ([]fs.DirEntry, error) {
	return fs.ReadDir(builtin, name)
}
