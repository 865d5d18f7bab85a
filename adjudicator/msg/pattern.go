package msg

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Pattern reads a sentence a game wrote in English back into the message
// that tells it in any language. Engines write their narrative as English
// text on their hot path (random play builds no messages); when a report
// is rendered for a reader of another language, the game's patterns turn
// each line back into a message of its catalogue.
//
// A pattern is the English sentence with named holes: "{Side} attacks
// {Area}." Each hole matches as little text as it can; "{Count:int}"
// matches a number and passes it as an int, and "{Name:conv}" passes the
// text through the converter conv given to NewPattern (e.g. to turn a side
// name into a message of the catalogue).
type Pattern struct {
	key    string
	plural string // the argument that selects the plural form, if any
	re     *regexp.Regexp
	holes  []hole
}

type hole struct {
	name string
	conv func(string) (any, bool)
}

// Conv converts the text a hole matched into an argument value; false
// means the text is not what the hole expects, and the pattern does not
// match.
type Conv func(string) (any, bool)

var holeRE = regexp.MustCompile(`\{([A-Za-z][A-Za-z0-9]*)(?::([a-z]+))?\}`)

// NewPattern compiles english, the sentence with holes, for key. convs
// names the converters the holes may use besides "int". When plural is
// not "" the message's plural form follows that int argument (see
// Plural). NewPattern panics on a converter it does not know: patterns
// are written in the source, next to the sentences they read.
func NewPattern(key, english, plural string, convs map[string]Conv) *Pattern {
	p := &Pattern{key: key, plural: plural}
	var re strings.Builder
	re.WriteString("^")
	last := 0
	for _, loc := range holeRE.FindAllStringSubmatchIndex(english, -1) {
		re.WriteString(regexp.QuoteMeta(english[last:loc[0]]))
		name := english[loc[2]:loc[3]]
		h := hole{name: name}
		kind := ""
		if loc[4] >= 0 {
			kind = english[loc[4]:loc[5]]
		}
		switch kind {
		case "":
			re.WriteString("(.+?)")
		case "int":
			re.WriteString(`(\d+)`)
			h.conv = func(s string) (any, bool) {
				n, err := strconv.Atoi(s)
				return n, err == nil
			}
		default:
			c, ok := convs[kind]
			if !ok {
				panic(fmt.Sprintf("msg.NewPattern(%q): no converter %q", key, kind))
			}
			re.WriteString("(.+?)")
			h.conv = c
		}
		p.holes = append(p.holes, h)
		last = loc[1]
	}
	re.WriteString(regexp.QuoteMeta(english[last:]))
	re.WriteString("$")
	p.re = regexp.MustCompile(re.String())
	return p
}

// Key is the catalogue key of the pattern's message.
func (p *Pattern) Key() string { return p.key }

// Match reads line with p: the message and true when the whole line is
// the pattern's sentence.
func (p *Pattern) Match(line string) (M, bool) {
	sub := p.re.FindStringSubmatch(line)
	if sub == nil {
		return M{}, false
	}
	m := M{Key: p.key, Count: -1, Args: make([]Arg, 0, len(p.holes))}
	for i, h := range p.holes {
		var v any = sub[i+1]
		if h.conv != nil {
			x, ok := h.conv(sub[i+1])
			if !ok {
				return M{}, false
			}
			v = x
		}
		if h.name == p.plural {
			if n, ok := v.(int); ok {
				m.Count = n
			}
		}
		m.Args = append(m.Args, Arg{Name: h.name, Value: v})
	}
	return m, true
}

// Patterns is a list of patterns tried in order.
type Patterns []*Pattern

// Match returns the message of the first pattern that reads line.
func (ps Patterns) Match(line string) (M, bool) {
	for _, p := range ps {
		if m, ok := p.Match(line); ok {
			return m, true
		}
	}
	return M{}, false
}
