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
	"sync"
	texttemplate "text/template"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/textwrap"
)

//go:embed *.txt.tmpl *.html.tmpl
var builtin embed.FS

// Set is a loaded set of templates.
type Set struct {
	Text *texttemplate.Template
	HTML *htmltemplate.Template
	// Catalog holds the platform's words in every language.
	Catalog *i18n.Catalog
}

var (
	catOnce sync.Once
	cat     *i18n.Catalog
	catErr  error
)

// catalog returns the platform catalogue with the catalogues of every
// game linked into the binary that ships one, loaded once.
func catalog() (*i18n.Catalog, error) {
	catOnce.Do(func() {
		cat, catErr = i18n.New()
		if catErr != nil {
			return
		}
		for _, name := range adjudicator.Games() {
			g, err := adjudicator.Lookup(name)
			if err != nil {
				continue
			}
			if l, ok := g.(adjudicator.Localized); ok {
				fsys, dir := l.Locales()
				if err := cat.Load(fsys, dir); err != nil {
					catErr = fmt.Errorf("%s: %w", name, err)
					return
				}
			}
		}
	})
	return cat, catErr
}

// T renders a catalogue message in lang (English when lang is "" or
// unknown).
func (s *Set) T(lang, key string, kv ...any) string {
	return s.Catalog.T(lang, key, kv...)
}

// Width is the width of the plain-text parts (textwrap.Width).
const Width = textwrap.Width

// funcs are the template functions; t and tn render catalogue messages
// in the reader's language (see mailer/i18n).
func funcs(cat *i18n.Catalog) map[string]any {
	return map[string]any{
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
		// multiline reports whether s has more than one line.
		"multiline": func(s string) bool { return strings.Contains(strings.TrimRight(s, "\n"), "\n") },
		"t": func(lang, key string, kv ...any) string {
			return cat.T(lang, key, kv...)
		},
		"tn": func(lang, key string, n int, kv ...any) string {
			return cat.Text(lang, msg.Plural(key, n, kv...))
		},
		"legal": legalChoices,
		// upperT is t in capitals, for headings of the plain part.
		"upperT": func(lang, key string, kv ...any) string {
			return strings.ToUpper(cat.T(lang, key, kv...))
		},
	}
}

// fitIndent indents every line of s by n spaces and wraps the lines that
// pass the width, keeping their indentation (textwrap.Wrap).
func fitIndent(n int, s string) string {
	s = strings.TrimRight(s, "\n")
	lines := strings.Split(s, "\n")
	pad := strings.Repeat(" ", n)
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return textwrap.Block(strings.Join(lines, "\n"), Width)
}

// rewrap wraps each line of s longer than the width at spaces, keeping
// its indentation; shorter lines are left alone.
func rewrap(s string) string {
	return textwrap.Block(s, Width)
}

// wrapText fills s into lines of at most Width columns; the first line is
// indented by first spaces and the others by rest.
func wrapText(first, rest int, s string) string {
	return textwrap.Paragraph(s, strings.Repeat(" ", first), strings.Repeat(" ", rest), Width)
}

// maxChoices is how many legal choices a text email lists before it says
// how many more there are.
const maxChoices = 40

// wrapChoices lays choices out "a | b | c" in lines of at most Width
// columns, indented by n spaces, each choice listed once.
func wrapChoices(n int, choices []string) string {
	pad := strings.Repeat(" ", n)
	var uniq []string
	seen := map[string]bool{}
	for _, c := range choices {
		if !seen[c] {
			seen[c] = true
			uniq = append(uniq, c)
		}
	}
	shown := uniq
	if len(shown) > maxChoices {
		shown = shown[:maxChoices]
	}
	// A choice wider than the line breaks at its spaces.
	out := textwrap.Wrap(textwrap.Items(pad, shown, " | ", Width), Width)
	if len(uniq) > len(shown) {
		out += fmt.Sprintf("\n%s… and %d more (send \"help\" for the full list)", pad, len(uniq)-len(shown))
	}
	return out
}

// legalChoices is wrapChoices after a label: "Legal here: a | b | c".
func legalChoices(n int, label string, choices []string) string {
	out := wrapChoices(n+textwrap.Len(label)+1, choices)
	return strings.Repeat(" ", n) + label + " " + strings.TrimLeft(out, " ")
}

// Load returns the built-in templates, or those in dir when dir is not
// empty (files missing there fall back to the built-in ones).
func Load(dir string) (*Set, error) {
	var fsys fs.FS = builtin
	if dir != "" {
		fsys = overlay{dir: os.DirFS(dir)}
	}
	cat, err := catalog()
	if err != nil {
		return nil, err
	}
	t, err := texttemplate.New("").Funcs(funcs(cat)).ParseFS(fsys, "*.txt.tmpl")
	if err != nil {
		return nil, err
	}
	h, err := htmltemplate.New("").Funcs(funcs(cat)).ParseFS(fsys, "*.html.tmpl")
	if err != nil {
		return nil, err
	}
	return &Set{Text: t, HTML: h, Catalog: cat}, nil
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
