// Package posfile reads the line format the block games' position files
// share (docs/positions.md): a header line, then one keyword and its
// words per line, '#' starting a comment, and a one-line form with the
// lines joined by ';' (the form of a game's "position" option). Each game
// gives the keywords their meaning; this package keeps the line numbers,
// the errors that name them and the checks every game makes the same way.
package posfile

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Format is the first line of every position file.
const Format = "pbem-position 1"

// Error is a position file that cannot be used, with the line at fault
// (0 for the position as a whole).
type Error struct {
	Line   int
	Reason string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return "position: " + e.Reason
	}
	return fmt.Sprintf("position line %d: %s", e.Line, e.Reason)
}

// Errorf is an Error at line (0 for the whole position).
func Errorf(line int, format string, args ...any) error {
	return &Error{Line: line, Reason: fmt.Sprintf(format, args...)}
}

// Line is one line of a position that says something.
type Line struct {
	No   int      // its number in the file, from 1
	Text string   // without its comment and outer spaces
	Key  string   // the first word
	Args []string // the other words
}

// Errorf is an Error at this line.
func (l Line) Errorf(format string, args ...any) error { return Errorf(l.No, format, args...) }

// Want checks that the line has n words after its keyword, and otherwise
// shows the form it should have.
func (l Line) Want(n int, form string) error {
	if len(l.Args) != n {
		return l.Errorf("want %q", form)
	}
	return nil
}

// Num reads w as a number from lo to hi; what names it in the error.
func (l Line) Num(w string, lo, hi int, what string) (int, error) {
	n, err := strconv.Atoi(w)
	if err != nil || n < lo || n > hi {
		return 0, l.Errorf("%s %q: want a number from %d to %d", what, w, lo, hi)
	}
	return n, nil
}

// Rest is the line's text after its keyword, trimmed.
func (l Line) Rest() string { return strings.TrimSpace(l.Text[len(l.Key):]) }

// Lines splits a position into the lines that say something, after
// checking its header line: at line breaks, or at ';' in the one-line
// form, so that line numbers are the same in both forms.
func Lines(text string) ([]Line, error) {
	var raw []string
	if strings.Contains(text, "\n") {
		raw = strings.Split(text, "\n")
	} else {
		raw = strings.Split(text, ";")
	}
	var out []Line
	header := false
	for i, r := range raw {
		t := strings.TrimSpace(r)
		if k := strings.IndexByte(t, '#'); k >= 0 {
			t = strings.TrimSpace(t[:k])
		}
		if t == "" {
			continue
		}
		if !header {
			if t != Format {
				return nil, Errorf(i+1, "the first line must be %q", Format)
			}
			header = true
			continue
		}
		f := strings.Fields(t)
		out = append(out, Line{No: i + 1, Text: t, Key: f[0], Args: f[1:]})
	}
	if !header {
		return nil, Errorf(0, "the %q line is missing", "format")
	}
	return out, nil
}

// Seen keeps the line of each keyword given so far that may be given only
// once.
type Seen map[string]int

// Once notes key at line l, or says it was given before.
func (s Seen) Once(key string, l Line) error {
	if first, ok := s[key]; ok {
		return l.Errorf("%s is given twice (first at line %d)", key, first)
	}
	s[key] = l.No
	return nil
}

// Need says which of keys has not been given.
func (s Seen) Need(keys ...string) error {
	for _, k := range keys {
		if _, ok := s[k]; !ok {
			return Errorf(0, "the %q line is missing", k)
		}
	}
	return nil
}

// Encoder is a game state with a canonical encoding.
type Encoder interface{ Encode() ([]byte, error) }

// ReadBack checks that text, written from s, reads back (through parse)
// to the very state s: a position must give back exactly the game it was
// written from. where names the point of the game ("at turn 2 ...",
// "in the card phase") in the error.
func ReadBack[S Encoder](s S, text string, parse func(string) (S, error), where string) (string, error) {
	back, err := parse(text)
	if err != nil {
		return "", fmt.Errorf("the position does not read back (%v): please report this", err)
	}
	a, _ := s.Encode()
	b, _ := back.Encode()
	if !bytes.Equal(a, b) {
		return "", fmt.Errorf("the state %s holds more than a position says (%s): write the position at another point", where, diff(a, b))
	}
	return text, nil
}

// diff names the first JSON field where two encodings differ.
func diff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	j := bytes.LastIndex(a[:i], []byte(`"`+":"))
	if k := bytes.LastIndexByte(a[:max(j, 0)], '"'); j > 0 && k >= 0 {
		return "field " + string(a[k+1:j])
	}
	return fmt.Sprintf("byte %d", i)
}

// MatchOptions checks that the options a game is created with agree with
// the option lines of the position it starts from (want, by option name):
// an option left out or at its default agrees; on/off options are
// compared as booleans, the others without regard to case.
func MatchOptions(specs []adjudicator.OptionSpec, opts adjudicator.Options, want map[string]string) error {
	for _, o := range specs {
		v, ok := opts[o.Name]
		if !ok || o.Name == "position" || v == o.Default {
			continue
		}
		if len(o.Values) > 0 && (o.Values[0] == "on" || o.Values[0] == "off") {
			v = "off"
			if opts.Bool(o.Name, false) {
				v = "on"
			}
		}
		if !strings.EqualFold(v, want[o.Name]) {
			return fmt.Errorf("option %s is %s, but the position says %s: a game started from a position takes its options from the position's option lines", o.Name, v, want[o.Name])
		}
	}
	return nil
}
