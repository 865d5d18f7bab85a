package intake

import (
	"strings"
	"unicode"
)

// maxIDLen bounds a game ID read from a tag or plus-address.
const maxIDLen = 64

// MaxGameTags bounds the candidate game IDs GameTags returns.
const MaxGameTags = 16

// notGameTags are bracketed subject tags that mail systems add; they are
// never game IDs.
var notGameTags = map[string]bool{
	"external": true, "ext": true, "extern": true, "externe": true, "externo": true,
	"esterno": true, "extérieur": true, "spam": true, "bulk": true, "caution": true,
	"warning": true, "phish": true, "phishing": true, "suspicious": true,
	"suspected-spam": true, "possible-spam": true, "marketing": true, "sensitive": true,
	"confidential": true, "encrypt": true, "secure": true, "signed": true,
	"unverified": true, "notice": true, "fyi": true,
}

// GameTag returns the game ID a message is about, lower-cased, or "" if
// none is found. It is the first of GameTags.
func GameTag(subject string, to []string) string {
	tags := GameTags(subject, to)
	if len(tags) == 0 {
		return ""
	}
	return tags[0]
}

// GameTags lists, lower-cased and in order of preference without
// duplicates, the candidate game IDs of a message: the bracketed subject
// tags that look like IDs ("[roses-7]"; letters, digits, '-' and '_'),
// skipping reply counters such as "Re[2]:" and mail-system tags such as
// "[External]", then the plus-address tags of the recipients
// ("orders+roses-7@club.example"). A caller that knows its games can pick
// the first that exists.
//
// The list holds at most MaxGameTags candidates, so that a subject made of
// thousands of tags costs no more than an ordinary one.
func GameTags(subject string, to []string) []string {
	var out []string
	add := func(id string) {
		id = strings.ToLower(id)
		for _, o := range out {
			if o == id {
				return
			}
		}
		if len(out) < MaxGameTags {
			out = append(out, id)
		}
	}
	for _, tag := range subjectTags(subject, MaxGameTags) {
		if isID(tag) && !notGameTags[strings.ToLower(tag)] {
			add(tag)
		}
	}
	for _, a := range to {
		for _, addr := range bareAddress(a) {
			local, _, _ := strings.Cut(addr, "@")
			_, tag, found := strings.Cut(local, "+")
			if found && isID(tag) {
				add(tag)
			}
		}
	}
	return out
}

// SubjectCheck reports whether the subject asks for a dry run: the word
// "check" (any case) outside the bracketed tags.
func SubjectCheck(subject string) bool {
	s := stripTags(subject)
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if kw, ok := keywords[strings.ToLower(w)]; ok && kw == "check" {
			return true
		}
	}
	return false
}

// subjectTags returns the trimmed contents of the first max bracketed
// tags of a subject, skipping reply counters ("Re[2]:", "AW [3]:").
func subjectTags(subject string, max int) []string {
	var tags []string
	rest := subject
	for len(tags) < max {
		i := strings.IndexByte(rest, '[')
		if i < 0 {
			return tags
		}
		j := strings.IndexByte(rest[i:], ']')
		if j < 0 {
			return tags
		}
		inner := strings.TrimSpace(rest[i+1 : i+j])
		rest = rest[i+j+1:]
		if strings.HasPrefix(strings.TrimLeft(rest, " "), ":") {
			continue // a reply counter
		}
		tags = append(tags, inner)
	}
	return tags
}

// stripTags removes the bracketed tags of a subject.
func stripTags(subject string) string {
	var b strings.Builder
	rest := subject
	for {
		i := strings.IndexByte(rest, '[')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i:], ']')
		if j < 0 {
			break
		}
		b.WriteString(rest[:i])
		b.WriteByte(' ')
		rest = rest[i+j+1:]
	}
	b.WriteString(rest)
	return b.String()
}

// isID reports a plausible game ID: 1 to 64 ASCII letters, digits, '-' and
// '_', starting with a letter or digit.
func isID(s string) bool {
	if s == "" || len(s) > maxIDLen || s[0] == '-' || s[0] == '_' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
