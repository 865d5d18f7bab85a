// Package orders holds helpers that game packages share for parsing
// hand-written order lines: case-insensitive names with unambiguous
// prefixes, flexible spacing and a few punctuation conventions.
package orders

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Norm lowers s, turns '_' and '-' inside words into spaces and collapses
// runs of white space, so "North_Yorks", "north-yorks" and "North  Yorks"
// all read "north yorks".
func Norm(s string) string {
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// Name is one candidate for Match: the canonical ID and the spellings
// players may use for it (the ID itself is always accepted).
type Name struct {
	ID      string
	Aliases []string
}

// AmbiguousError reports a prefix that fits several names.
type AmbiguousError struct {
	Input   string
	Matches []string
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%q is ambiguous: it could be %s", e.Input, strings.Join(e.Matches, ", "))
}

// UnknownError reports an input that fits no name.
type UnknownError struct {
	Input string
	What  string // "area", "block", ...
}

func (e *UnknownError) Error() string {
	if e.What == "" {
		return fmt.Sprintf("%q is not known", e.Input)
	}
	return fmt.Sprintf("%q is not a known %s", e.Input, e.What)
}

// Match finds the candidate that input names: an exact (normalised) match
// of an ID or alias wins; otherwise a unique prefix match (on whole words:
// "n yorks" matches "north yorks"). It returns the candidate's ID.
func Match(input, what string, cands []Name) (string, error) {
	in := Norm(input)
	if in == "" {
		return "", &UnknownError{Input: input, What: what}
	}
	for _, c := range cands {
		if Norm(c.ID) == in {
			return c.ID, nil
		}
		for _, a := range c.Aliases {
			if Norm(a) == in {
				return c.ID, nil
			}
		}
	}
	seen := map[string]bool{}
	var hits []string
	for _, c := range cands {
		names := append([]string{c.ID}, c.Aliases...)
		for _, n := range names {
			if prefixWords(in, Norm(n)) && !seen[c.ID] {
				seen[c.ID] = true
				hits = append(hits, c.ID)
			}
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return "", &UnknownError{Input: input, What: what}
	}
	sort.Strings(hits)
	return "", &AmbiguousError{Input: input, Matches: hits}
}

// prefixWords reports whether every word of in is a prefix of the
// corresponding word of name (same number of words or fewer), or in is a
// prefix of the whole name.
func prefixWords(in, name string) bool {
	if strings.HasPrefix(name, in) {
		return true
	}
	iw, nw := strings.Fields(in), strings.Fields(name)
	if len(iw) > len(nw) {
		return false
	}
	for i, w := range iw {
		if !strings.HasPrefix(nw[i], w) {
			return false
		}
	}
	return true
}

// StripComment removes a trailing comment ("#" or "//") from a line and
// trims it.
func StripComment(line string) string {
	if i := strings.Index(line, "#"); i >= 0 {
		line = line[:i]
	}
	if i := strings.Index(line, "//"); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(line)
}

// SplitList splits "a, b and c" or "a,b,c" into trimmed items.
func SplitList(s string) []string {
	s = strings.ReplaceAll(s, " and ", ",")
	s = strings.ReplaceAll(s, ";", ",")
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Verb splits a line into its first word (lower case) and the rest.
func Verb(line string) (verb, rest string) {
	line = strings.TrimSpace(line)
	i := strings.IndexFunc(line, func(r rune) bool { return unicode.IsSpace(r) || r == ':' })
	if i < 0 {
		return strings.ToLower(line), ""
	}
	return strings.ToLower(line[:i]), strings.TrimSpace(strings.TrimLeft(line[i:], ": \t"))
}

// MatchVerb matches a verb against the known verbs by unambiguous prefix.
func MatchVerb(verb string, verbs []string) (string, error) {
	var c []Name
	for _, v := range verbs {
		c = append(c, Name{ID: v})
	}
	return Match(verb, "order", c)
}
