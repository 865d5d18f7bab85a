package msg

import (
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"text/template"

	"go.yaml.in/yaml/v3"
)

// English renders messages in English from a game's own English
// catalogue (the en.yaml of its locales), without the platform: an
// engine that gives an answer both as messages and as English text (see
// adjudicator.MsgQuerier) writes the text by rendering the messages, so
// the two never drift. It reads the catalogue as the platform does
// (go-i18n message files: a key's text, or its "one" and "other" forms)
// and fills the placeholders the same way; the games' tests prove that
// both renderings agree.
type English struct {
	texts map[string]englishText
}

type englishText struct {
	one, other *template.Template
}

// LoadEnglish reads the English catalogue at name in fsys.
func LoadEnglish(fsys fs.FS, name string) (*English, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, fmt.Errorf("msg: %w", err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("msg: %s: %w", name, err)
	}
	e := &English{texts: make(map[string]englishText, len(raw))}
	parse := func(key, text string) (*template.Template, error) {
		if text == "" {
			return nil, nil
		}
		return template.New(key).Parse(text)
	}
	for key, v := range raw {
		var one, other string
		switch x := v.(type) {
		case string:
			other = x
		case map[string]any:
			one, _ = x["one"].(string)
			other, _ = x["other"].(string)
		default:
			return nil, fmt.Errorf("msg: %s: key %q is neither a text nor plural forms", name, key)
		}
		var t englishText
		if t.one, err = parse(key, one); err != nil {
			return nil, fmt.Errorf("msg: %s: %w", name, err)
		}
		if t.other, err = parse(key, other); err != nil {
			return nil, fmt.Errorf("msg: %s: %w", name, err)
		}
		e.texts[key] = t
	}
	return e, nil
}

// Text renders m in English: a literal as itself; an argument that is a
// message first, one that is a list of messages each, joined with " · ";
// the "one" form when m's Count is 1. A key the catalogue lacks renders
// as m.String(), so that a gap shows.
func (e *English) Text(m M) string {
	if s, ok := m.Literal(); ok {
		return s
	}
	t, ok := e.texts[m.Key]
	if !ok {
		return m.String()
	}
	tmpl := t.other
	if m.Count == 1 && t.one != nil {
		tmpl = t.one
	}
	if tmpl == nil {
		return m.String()
	}
	data := m.Data()
	for k, v := range data {
		switch sub := v.(type) {
		case M:
			data[k] = e.Text(sub)
		case []M:
			parts := make([]string, len(sub))
			for i, x := range sub {
				parts[i] = e.Text(x)
			}
			data[k] = strings.Join(parts, " · ")
		}
	}
	var b strings.Builder
	if err := tmpl.Execute(&b, data); err != nil {
		return m.String()
	}
	return b.String()
}

// EnglishOnce is the English catalogue at name in fsys, read on the first
// call and kept: a game's catalogue is embedded, so a failure to read it
// is a fault of the build and panics.
func EnglishOnce(fsys fs.FS, name string) func() *English {
	return sync.OnceValue(func() *English {
		e, err := LoadEnglish(fsys, name)
		if err != nil {
			panic(err)
		}
		return e
	})
}
