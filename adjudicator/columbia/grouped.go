package columbia

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// TellAsEvents makes the narrative lines the battle writes from now
// until EventTexts is called also read as events: consecutive lines for
// the same readers make one event, which is head followed by the first
// line (without the spaces around it) and the others, each on a line of
// its own. The events are written in w, which nothing else may write in
// until EventTexts returns (a game passes the buffer it writes its
// submission's events in), and the lines are written once, inside their
// events (Log's texts are parts of the events' texts), instead of once
// in the log and again in the events.
func (bt *Battle) TellAsEvents(head string, w *textbuf.Buf) {
	bt.head, bt.ev, bt.groups, bt.open = head, w, bt.groups[:0], false
	if bt.groups == nil && bt.mem != nil {
		bt.groups = bt.mem.groups[:0]
	}
}

// EventTexts ends what TellAsEvents began and returns the texts of the
// events, one for each run of consecutive lines of Log (among those
// written since) for the same readers, in order. They stay valid.
func (bt *Battle) EventTexts() []string {
	if bt.open {
		bt.groups = append(bt.groups, bt.ev.Take())
		bt.open = false
	}
	bt.head, bt.ev = "", nil
	return bt.groups
}

// beginLine starts a narrative line for to in the events' buffer: after
// a line break when it goes on the event of the line before (same
// readers), else after head in a new event. The caller writes the line
// in the buffer returned, then calls endLine.
func (bt *Battle) beginLine(to []adjudicator.Role) *textbuf.Buf {
	if bt.open && sameRoles(bt.Log[len(bt.Log)-1].To, to) {
		bt.ev.B('\n')
		bt.first = false
	} else {
		if bt.open {
			bt.groups = append(bt.groups, bt.ev.Take())
		}
		bt.open, bt.first = true, true
		bt.ev.S(bt.head)
	}
	bt.lineAt = bt.ev.Len()
	return bt.ev
}

// endLine logs the line begun with beginLine. The first line of an
// event is written there without the spaces around it: when it has
// some, the log's copy is written apart.
func (bt *Battle) endLine(to []adjudicator.Role) {
	line := bt.ev.Since(bt.lineAt)
	if bt.first && !trimmed(line) {
		line = bt.text.S(line).Take()
		bt.ev.Truncate(bt.lineAt)
		bt.ev.S(strings.TrimSpace(line))
	}
	bt.addLog(to, line)
}

// trimmed reports whether strings.TrimSpace would leave s as it is.
func trimmed(s string) bool {
	if s == "" {
		return true
	}
	if c := s[0]; c < utf8.RuneSelf {
		if asciiSpace(c) {
			return false
		}
	} else if r, _ := utf8.DecodeRuneInString(s); unicode.IsSpace(r) {
		return false
	}
	if c := s[len(s)-1]; c < utf8.RuneSelf {
		return !asciiSpace(c)
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return !unicode.IsSpace(r)
}

func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// sameRoles reports whether two audiences are the same list.
func sameRoles(a, b []adjudicator.Role) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
