// Package i18n renders messages (adjudicator/msg) in the reader's
// language. It holds the platform's catalogue (locales/*.yaml: the words
// of reports, rejections, reminders and welcomes) and each game's own,
// loaded with Load. Catalogues are go-i18n message files in YAML, with
// CLDR plural forms; Check proves that every key exists in every
// language with the same placeholders.
package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"github.com/pbem/pbem/adjudicator/msg"
)

// Languages are the languages every message is written in, the default
// first.
var Languages = []string{"en", "es", "it"}

// Default is the language of a player who has not chosen one.
const Default = "en"

//go:embed locales/*.yaml
var platform embed.FS

// Catalog is a set of catalogues in every language. It is safe for
// concurrent use once loaded.
type Catalog struct {
	bundle *goi18n.Bundle
	loc    map[string]*goi18n.Localizer
	msgs   map[string]map[string]*goi18n.Message // language → key → message
	files  []string
}

// New returns a catalogue holding the platform's messages.
func New() (*Catalog, error) {
	c := &Catalog{
		bundle: goi18n.NewBundle(language.English),
		loc:    map[string]*goi18n.Localizer{},
		msgs:   map[string]map[string]*goi18n.Message{},
	}
	c.bundle.RegisterUnmarshalFunc("yaml", yaml.Unmarshal)
	if err := c.Load(platform, "locales"); err != nil {
		return nil, err
	}
	return c, nil
}

// Load adds a catalogue: dir holds one file per language, named
// LANG.yaml (en.yaml, es.yaml, it.yaml). A key already loaded may not be
// loaded again: games prefix their keys with their own name.
func (c *Catalog) Load(fsys fs.FS, dir string) error {
	for _, lang := range Languages {
		name := path.Join(dir, lang+".yaml")
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return fmt.Errorf("i18n: %w", err)
		}
		mf, err := c.bundle.ParseMessageFileBytes(b, name)
		if err != nil {
			return fmt.Errorf("i18n: %s: %w", name, err)
		}
		if c.msgs[lang] == nil {
			c.msgs[lang] = map[string]*goi18n.Message{}
		}
		for _, m := range mf.Messages {
			if _, dup := c.msgs[lang][m.ID]; dup {
				return fmt.Errorf("i18n: %s: key %q is already in the catalogue", name, m.ID)
			}
			c.msgs[lang][m.ID] = m
		}
	}
	c.files = append(c.files, dir)
	for _, lang := range Languages {
		c.loc[lang] = goi18n.NewLocalizer(c.bundle, lang, Default)
	}
	return nil
}

// Text renders m in lang. An argument that is a message is rendered
// first in the same language; one that is a list of messages, each of
// them, joined with " · ". A language pbem does not know falls back to
// English; so does a key missing in lang. A key missing everywhere
// renders as the key and its arguments, so a gap shows rather than
// failing the email (Check keeps the catalogues complete).
func (c *Catalog) Text(lang string, m msg.M) string {
	if s, ok := m.Literal(); ok {
		return s
	}
	l, ok := c.loc[lang]
	if !ok {
		l = c.loc[Default]
	}
	data := m.Data()
	for k, v := range data {
		switch sub := v.(type) {
		case msg.M:
			data[k] = c.Text(lang, sub)
		case []msg.M:
			parts := make([]string, len(sub))
			for i, x := range sub {
				parts[i] = c.Text(lang, x)
			}
			data[k] = strings.Join(parts, " · ")
		}
	}
	lc := &goi18n.LocalizeConfig{MessageID: m.Key, TemplateData: data}
	if m.Count >= 0 {
		lc.PluralCount = m.Count
	}
	s, err := l.Localize(lc)
	if err != nil || s == "" {
		return m.String()
	}
	return contract(lang, s)
}

// Articles after prepositions contract in Spanish and Italian: a name
// that carries its article ("el Concilio de Trento", "il Concilio di
// Trento") placed after "de" or "da" reads "del Concilio", "dal
// Concilio".
var (
	esContraction = regexp.MustCompile(`(^|[\s(])([Dd]e|[Aa]) el\b`)
	itContraction = regexp.MustCompile(`(^|[\s(])([Dd]i|[Dd]a|[Aa]|[Ii]n|[Ss]u) (il|lo|la|i|gli|le)\b`)
	itArticled    = map[string]string{"di": "de", "da": "da", "a": "a", "in": "ne", "su": "su"}
)

func contract(lang, s string) string {
	switch lang {
	case "es":
		if strings.Contains(s, " el") {
			s = esContraction.ReplaceAllString(s, "${1}${2}l")
		}
	case "it":
		s = itContraction.ReplaceAllStringFunc(s, func(x string) string {
			m := itContraction.FindStringSubmatch(x)
			p := itArticled[strings.ToLower(m[2])]
			if m[2][0] != strings.ToLower(m[2])[0] {
				p = strings.ToUpper(p[:1]) + p[1:]
			}
			art := m[3]
			switch art {
			case "il":
				return m[1] + p + "l"
			case "i", "gli":
				return m[1] + p + art // dei, degli
			}
			return m[1] + p + "l" + art // dello, della, degli, delle
		})
	}
	return s
}

// T is Text for a key and name/value pairs.
func (c *Catalog) T(lang, key string, kv ...any) string {
	return c.Text(lang, msg.New(key, kv...))
}

// Keys lists the keys of lang's catalogue, sorted.
func (c *Catalog) Keys(lang string) []string {
	var out []string
	for k := range c.msgs[lang] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var placeholder = regexp.MustCompile(`\{\{-?\s*\.([A-Za-z_][A-Za-z0-9_]*)`)

// forms returns the plural forms a message defines and the placeholders
// all of them use.
func forms(m *goi18n.Message) (map[string]bool, map[string]bool) {
	fs := map[string]bool{}
	ph := map[string]bool{}
	for name, text := range map[string]string{"zero": m.Zero, "one": m.One, "two": m.Two, "few": m.Few, "many": m.Many, "other": m.Other} {
		if text == "" {
			continue
		}
		fs[name] = true
		for _, p := range placeholder.FindAllStringSubmatch(text, -1) {
			ph[p[1]] = true
		}
	}
	return fs, ph
}

func setText(s map[string]bool) string {
	var out []string
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// Check returns every gap in the catalogues: a key missing in a
// language, a translation whose placeholders differ from the English
// ones, or a plural message without a form its language needs.
func (c *Catalog) Check() []error {
	var errs []error
	for _, key := range c.Keys(Default) {
		en := c.msgs[Default][key]
		enForms, enPh := forms(en)
		plural := len(enForms) > 1 || !enForms["other"]
		for _, lang := range Languages {
			m, ok := c.msgs[lang][key]
			if !ok {
				errs = append(errs, fmt.Errorf("%s: key %q has no translation", lang, key))
				continue
			}
			fs, ph := forms(m)
			if setText(ph) != setText(enPh) {
				errs = append(errs, fmt.Errorf("%s: key %q uses {%s}, English uses {%s}", lang, key, setText(ph), setText(enPh)))
			}
			if !fs["other"] {
				errs = append(errs, fmt.Errorf("%s: key %q has no \"other\" form", lang, key))
			}
			if plural && !fs["one"] {
				errs = append(errs, fmt.Errorf("%s: plural key %q has no \"one\" form", lang, key))
			}
		}
	}
	for _, lang := range Languages[1:] {
		for _, key := range c.Keys(lang) {
			if _, ok := c.msgs[Default][key]; !ok {
				errs = append(errs, fmt.Errorf("%s: key %q is not in the English catalogue", lang, key))
			}
		}
	}
	return errs
}

// languageNames maps what players write after "language" to a code.
var languageNames = map[string]string{
	"en": "en", "english": "en", "inglés": "en", "ingles": "en", "inglese": "en",
	"es": "es", "spanish": "es", "español": "es", "espanol": "es", "castellano": "es", "spagnolo": "es",
	"it": "it", "italian": "it", "italiano": "it",
}

// ParseLanguage reads a language as a player names it ("es", "Español",
// "italiano", "English").
func ParseLanguage(s string) (string, error) {
	if code, ok := languageNames[strings.ToLower(strings.TrimSpace(s))]; ok {
		return code, nil
	}
	return "", fmt.Errorf("unknown language %q: pbem speaks English (en), Spanish (es) and Italian (it)", s)
}

// Source is the text of key in lang as the catalogue holds it, before
// any placeholder is filled (its "other" form for a plural message), or
// "" for a key lang does not have.
func (c *Catalog) Source(lang, key string) string {
	if m := c.msgs[lang][key]; m != nil {
		return m.Other
	}
	return ""
}
