// Package msg is how the rules engines and the platform speak to players
// without choosing their language: a message is a key from a catalogue
// and named arguments. The platform renders it in each reader's language
// (mailer/i18n); a game ships its own catalogue for its terms.
//
// Messages are plain data with no clock and no I/O, so engines stay pure;
// a message never carries more than the game put in its arguments, and
// the game decides, as for any text, who may read it.
package msg

import (
	"fmt"
	"sort"
	"strings"
)

// M is one message: a catalogue key and its arguments.
type M struct {
	// Key names the message in the catalogues, e.g. "report.orders_due"
	// or "r3.battle.opened". Keys are stable: a key's meaning never
	// changes, a new meaning gets a new key.
	Key string
	// Args are the named values the message's text refers to.
	Args []Arg
	// Count selects the plural form when the message has several (one
	// block, two blocks); -1 when it has none.
	Count int
}

// Arg is one named argument of a message. A Value is a string, an int,
// another message (rendered in the same language first) or a list of
// messages (each rendered, joined with " · ").
type Arg struct {
	Name  string
	Value any
}

// New builds a message from a key and name/value pairs:
//
//	msg.New("report.orders_due", "Deadline", "Sat 28 Nov 09:00 UTC")
func New(key string, kv ...any) M {
	if len(kv)%2 != 0 {
		panic(fmt.Sprintf("msg.New(%q): odd number of name/value arguments", key))
	}
	m := M{Key: key, Count: -1}
	for i := 0; i < len(kv); i += 2 {
		name, ok := kv[i].(string)
		if !ok {
			panic(fmt.Sprintf("msg.New(%q): argument name %v is not a string", key, kv[i]))
		}
		m.Args = append(m.Args, Arg{Name: name, Value: kv[i+1]})
	}
	return m
}

// Lit is text that reads the same in every language: a name printed on
// the map or a block, a number. It has no key.
func Lit(text string) M {
	return M{Args: []Arg{{Name: "Text", Value: text}}, Count: -1}
}

// Literal returns the text of a Lit message and true, or false for a
// message with a key.
func (m M) Literal() (string, bool) {
	if m.Key != "" || len(m.Args) != 1 || m.Args[0].Name != "Text" {
		return "", false
	}
	s, ok := m.Args[0].Value.(string)
	return s, ok
}

// Plural builds a message whose plural form follows n; n is also passed
// as the argument Count.
func Plural(key string, n int, kv ...any) M {
	m := New(key, kv...)
	m.Count = n
	m.Args = append(m.Args, Arg{Name: "Count", Value: n})
	return m
}

// Data returns the arguments as the map a text template reads.
func (m M) Data() map[string]any {
	d := make(map[string]any, len(m.Args))
	for _, a := range m.Args {
		d[a.Name] = a.Value
	}
	return d
}

// String is a stable debugging form: key{Name=value, ...}, names sorted.
func (m M) String() string {
	args := append([]Arg(nil), m.Args...)
	sort.Slice(args, func(i, j int) bool { return args[i].Name < args[j].Name })
	var b strings.Builder
	b.WriteString(m.Key)
	if len(args) > 0 {
		b.WriteByte('{')
		for i, a := range args {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s=%v", a.Name, a.Value)
		}
		b.WriteByte('}')
	}
	return b.String()
}
