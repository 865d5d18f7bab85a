package intake

import (
	"strings"

	"golang.org/x/net/html"
)

// Outlook's plain-text rendering of the line above a reply header; HTMLToText
// emits it where Outlook's HTML marks the start of the quoted original, so
// Extract stops there whatever the header's language.
const outlookSeparator = "________________________________"

// blockTags end the current line when they open or close.
var blockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true,
	"caption": true, "center": true, "dd": true, "details": true,
	"dialog": true, "div": true, "dl": true, "dt": true, "fieldset": true,
	"figcaption": true, "figure": true, "footer": true, "form": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"header": true, "hr": true, "li": true, "main": true, "nav": true,
	"ol": true, "p": true, "pre": true, "section": true, "summary": true,
	"table": true, "tbody": true, "tfoot": true, "thead": true, "tr": true,
	"ul": true,
}

// skipTags are dropped with everything inside them.
var skipTags = map[string]bool{
	"head": true, "script": true, "style": true, "title": true,
	"noscript": true, "template": true, "object": true, "svg": true,
	"math": true, "iframe": true, "xml": true, "select": true,
}

// voidTags never have an end tag.
var voidTags = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true,
	"param": true, "source": true, "track": true, "wbr": true,
}

// HTMLToText converts an HTML mail body to readable plain text: block
// elements and <br> become line breaks, white space is collapsed outside
// <pre>, entities are decoded, scripts, styles and hidden elements are
// dropped, and the content of <blockquote> is prefixed with "> " per level
// so that Extract treats it as quoted. Unbalanced or broken markup is read
// as well as it can be; HTMLToText never fails.
func HTMLToText(s string) string {
	w := &htmlWriter{}
	z := html.NewTokenizer(strings.NewReader(s))
	var skipName string // element being skipped
	skipDepth := 0      // nesting of skipName while skipping
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		switch tt {
		case html.TextToken:
			if skipDepth == 0 {
				w.text(string(z.Text()))
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			nameB, hasAttr := z.TagName()
			name := string(nameB)
			end := tt == html.EndTagToken
			selfClosing := tt == html.SelfClosingTagToken || voidTags[name]
			if skipDepth > 0 {
				switch {
				case name == skipName && end:
					skipDepth--
				case name == skipName && !selfClosing:
					skipDepth++
				case skipName == "head" && name == "body" && !end:
					skipDepth = 0 // a head that was never closed
				}
				continue
			}
			if end {
				w.endTag(name)
				continue
			}
			var class, id, style string
			hidden := false
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "class":
					class = string(v)
				case "id":
					id = string(v)
				case "style":
					style = string(v)
				case "hidden":
					hidden = true
				}
			}
			if isHiddenStyle(style) {
				hidden = true
			}
			if (skipTags[name] || hidden) && !selfClosing {
				skipName, skipDepth = name, 1
				continue
			}
			w.startTag(name, class, id)
		}
	}
	return w.finish()
}

// preClean reads non-breaking spaces as spaces and drops zero-width
// characters inside <pre>.
var preClean = strings.NewReplacer("\u00a0", " ", "\u200b", "", "\u200c", "", "\u200d", "", "\u2060", "", "\ufeff", "")

// isHiddenStyle reports an inline style that hides the element.
func isHiddenStyle(style string) bool {
	if style == "" {
		return false
	}
	s := strings.ToLower(strings.Join(strings.Fields(style), ""))
	return strings.Contains(s, "display:none") || strings.Contains(s, "visibility:hidden")
}

// htmlWriter accumulates the text of HTMLToText line by line.
type htmlWriter struct {
	out       strings.Builder
	line      strings.Builder
	space     bool // white space seen since the last character
	quote     int  // blockquote depth
	pre       int  // pre depth
	lastBlank bool // the last emitted line was blank
	started   bool // a non-blank line has been emitted
}

func (w *htmlWriter) startTag(name, class, id string) {
	switch {
	case name == "br":
		w.emit(true)
		return
	case name == "td" || name == "th":
		w.space = true
		return
	case name == "img" || name == "wbr":
		return
	}
	if blockTags[name] {
		w.emit(false)
	}
	switch name {
	case "blockquote":
		w.quote++
	case "pre":
		w.pre++
	case "hr":
		w.emit(false)
	}
	if id == "divRplyFwdMsg" {
		w.literal(outlookSeparator)
	}
	for _, c := range strings.Fields(class) {
		if c == "gmail_signature" {
			w.literal("--")
		}
	}
}

func (w *htmlWriter) endTag(name string) {
	if name == "br" { // "</br>" is read as <br> by browsers
		w.emit(true)
		return
	}
	if !blockTags[name] {
		return
	}
	w.emit(false)
	switch name {
	case "blockquote":
		if w.quote > 0 {
			w.quote--
		}
	case "pre":
		if w.pre > 0 {
			w.pre--
		}
	}
}

// text adds character data, collapsing white space outside <pre>.
func (w *htmlWriter) text(s string) {
	if w.pre > 0 {
		s = normalizeNewlines(s)
		for i, piece := range strings.Split(s, "\n") {
			if i > 0 {
				w.emit(true)
			}
			w.line.WriteString(preClean.Replace(piece))
		}
		return
	}
	for _, r := range s {
		switch r {
		case ' ', '\t', '\n', '\r', '\f':
			w.space = true
			continue
		case '\u00a0':
			r = ' '
		case '\u200b', '\u200c', '\u200d', '\u2060', '\ufeff':
			continue // zero-width
		}
		if w.space && w.line.Len() > 0 {
			w.line.WriteByte(' ')
		}
		w.space = false
		w.line.WriteRune(r)
	}
}

// literal emits s as a line of its own.
func (w *htmlWriter) literal(s string) {
	w.emit(false)
	w.line.WriteString(s)
	w.emit(false)
}

// emit ends the current line. An empty line is written only if force is
// set (a <br>); runs of blank lines are collapsed to one.
func (w *htmlWriter) emit(force bool) {
	s := strings.TrimRight(w.line.String(), " ")
	w.line.Reset()
	w.space = false
	if s == "" {
		if !force || w.lastBlank || !w.started {
			return
		}
		if w.quote > 0 {
			w.out.WriteString(strings.Repeat(">", w.quote))
		}
		w.out.WriteByte('\n')
		w.lastBlank = true
		return
	}
	if w.quote > 0 {
		w.out.WriteString(strings.Repeat("> ", w.quote))
	}
	w.out.WriteString(s)
	w.out.WriteByte('\n')
	w.lastBlank = false
	w.started = true
}

func (w *htmlWriter) finish() string {
	w.emit(false)
	lines := strings.Split(w.out.String(), "\n")
	for len(lines) > 0 && strings.Trim(lines[len(lines)-1], ">") == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}
