// Package textwrap is the one word-wrapping routine for the plain-text
// parts of pbem's mail: reports, the text map, prompts and replies. Widths
// are counted in runes (every character pbem prints is one column wide),
// lines break only at spaces, and a word longer than the width is kept
// whole on a line of its own rather than cut.
package textwrap

import (
	"strings"
	"unicode/utf8"
)

// Width is the usual width of a plain-text mail line.
const Width = 72

// Len returns the width of s in columns.
func Len(s string) int { return utf8.RuneCountInString(s) }

// Wrap breaks every line of text longer than width at spaces. A
// continuation line is indented like the line it continues plus two
// columns, so lists stay readable. Lines that fit are left untouched
// (inner runs of spaces in tables survive); newlines are kept.
func Wrap(text string, width int) string {
	lines := strings.Split(text, "\n")
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		if Len(l) <= width {
			b.WriteString(l)
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " "))]
		b.WriteString(Paragraph(strings.TrimLeft(l, " "), lead, lead+"  ", width))
	}
	return b.String()
}

// Paragraph wraps one paragraph (its runs of spaces collapse) at width,
// starting the first line with first and every other line with rest.
func Paragraph(text, first, rest string, width int) string {
	var b strings.Builder
	b.WriteString(first)
	col := Len(first)
	start := col
	for _, w := range strings.Fields(text) {
		n := Len(w)
		if col > start {
			if col+1+n > width {
				b.WriteByte('\n')
				b.WriteString(rest)
				col = Len(rest)
				start = col
			} else {
				b.WriteByte(' ')
				col++
			}
		}
		b.WriteString(w)
		col += n
	}
	return b.String()
}

// Items joins items after prefix with sep, breaking lines between items
// so that no line passes width. Continuation lines are indented to the
// width of prefix; the separator's trailing spaces are dropped at a
// break. An item wider than a line breaks at its spaces (its own
// continuation indented two more), keeps the separator after it on its
// last line, and the next item starts a new line.
func Items(prefix string, items []string, sep string, width int) string {
	var b strings.Builder
	b.WriteString(prefix)
	col := Len(prefix)
	indent := strings.Repeat(" ", col)
	broke := false
	for i, it := range items {
		n := Len(it)
		if i > 0 {
			// Room for the item and, should the next one not fit, the
			// separator that ends its line.
			if broke || col+Len(sep)+n+Len(strings.TrimRight(sep, " ")) > width {
				b.WriteString(strings.TrimRight(sep, " "))
				b.WriteByte('\n')
				b.WriteString(indent)
				col = Len(indent)
			} else {
				b.WriteString(sep)
				col += Len(sep)
			}
			broke = false
		}
		room := width // a line ending in the separator keeps room for it
		if i < len(items)-1 {
			room -= Len(strings.TrimRight(sep, " "))
		}
		if col+n > room {
			// An item wider than the line breaks at its spaces, so that
			// the separator after it stays on its last line.
			lead := strings.Repeat(" ", col)
			w := Paragraph(it, lead, indent+"  ", width)
			k := strings.LastIndexByte(w, '\n')
			if k < 0 || Len(w[k+1:]) > room {
				w = Paragraph(it, lead, indent+"  ", room)
				k = strings.LastIndexByte(w, '\n')
			}
			b.WriteString(w[col:])
			col = Len(w[k+1:])
			broke = k >= 0 // the next item starts a line of its own
			continue
		}
		b.WriteString(it)
		col += n
	}
	return b.String()
}

// Pad returns s followed by spaces up to width columns (s itself when it
// is as wide or wider).
func Pad(s string, width int) string {
	if n := Len(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

// Block wraps preformatted text, such as a game's report section, line
// by line at width. Lines that fit are left as they are. A longer line
// keeps its layout where it can: in a table row ("Calais     March 3/3 ·
// Kent 3/3") continuation lines start under the value column, a list of
// items separated by " · " breaks between items, and anything else
// breaks at spaces, continuing at the line's own indentation.
func Block(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if Len(l) > width {
			lines[i] = blockLine(l, width)
		}
	}
	return strings.Join(lines, "\n")
}

func blockLine(l string, width int) string {
	lead := l[:len(l)-len(strings.TrimLeft(l, " "))]
	body := l[len(lead):]
	prefix, hang := lead, lead
	if i := strings.Index(body, "  "); i > 0 && !strings.Contains(body[:i], " · ") {
		j := i
		for j < len(body) && body[j] == ' ' {
			j++
		}
		if col := Len(lead) + Len(body[:j]); col <= width/2 && j < len(body) {
			prefix, hang = lead+body[:j], strings.Repeat(" ", col)
			body = body[j:]
		}
	}
	var out string
	if strings.Contains(body, " · ") {
		out = Items(prefix, strings.Split(body, " · "), " · ", width)
	} else {
		return Paragraph(body, prefix, hang, width)
	}
	// An item wider than the line is broken at its spaces.
	parts := strings.Split(out, "\n")
	for k, p := range parts {
		if Len(p) > width {
			pl := p[:len(p)-len(strings.TrimLeft(p, " "))]
			if k == 0 {
				pl = prefix
			}
			parts[k] = Paragraph(p[len(pl):], pl, hang+"  ", width)
		}
	}
	return strings.Join(parts, "\n")
}
