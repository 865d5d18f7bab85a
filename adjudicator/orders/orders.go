// Package orders holds helpers that game packages share for parsing
// hand-written order lines: case-insensitive names with unambiguous
// prefixes, flexible spacing and a few punctuation conventions.
package orders

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Norm lowers s, turns '_' and '-' inside words into spaces and collapses
// runs of white space, so "North_Yorks", "north-yorks" and "North  Yorks"
// all read "north yorks".
func Norm(s string) string {
	if isNorm(s) {
		return s
	}
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		if r == '_' || r == '-' || unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// isNorm reports whether s is already in Norm's form: ASCII, no upper
// case, no '_' or '-', words separated by single spaces, no space at
// either end. Such names are most of what players write and what the
// games compare against, and Norm returns them unchanged without
// building a new string.
func isNorm(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 0x80, 'A' <= c && c <= 'Z', c == '_', c == '-',
			c == '\t', c == '\n', c == '\v', c == '\f', c == '\r':
			return false
		case c == ' ':
			if i == 0 || i == len(s)-1 || s[i+1] == ' ' {
				return false
			}
		}
	}
	return true
}

// normIs reports whether Norm(s) == norm, where norm is already
// normalised, without building Norm(s) when s is ASCII.
func normIs(s, norm string) bool { return NormIs(norm, s, "") }

// NormIs reports whether Norm(a+b) == norm, where norm is already
// normalised, without building the string when a and b are ASCII: how
// a name written in two parts ("hit " and a block ID) is compared with
// what a player wrote.
func NormIs(norm, a, b string) bool {
	j := 0
	space, started := false, false // a space is owed before the next word
	for _, s := range [2]string{a, b} {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c >= 0x80 {
				return Norm(a+b) == norm
			}
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == '_' || c == '-' {
				space = started
				continue
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if space {
				if j >= len(norm) || norm[j] != ' ' {
					return false
				}
				j++
				space = false
			}
			if j >= len(norm) || norm[j] != c {
				return false
			}
			j++
			started = true
		}
	}
	return j == len(norm)
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
	// Suggest holds the nearest names, as players write them, when the
	// input looks like a misspelling of one of them (at most three).
	Suggest []string
}

func (e *UnknownError) Error() string {
	var s string
	if e.What == "" {
		s = fmt.Sprintf("%q is not known", e.Input)
	} else {
		s = fmt.Sprintf("%q is not a known %s", e.Input, e.What)
	}
	if len(e.Suggest) > 0 {
		s += "; did you mean " + orList(e.Suggest) + "?"
	}
	return s
}

// orList joins names as "A", "A or B", "A, B or C".
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
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
		if normIs(c.ID, in) {
			return c.ID, nil
		}
		for _, a := range c.Aliases {
			if normIs(a, in) {
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
		return "", &UnknownError{Input: input, What: what, Suggest: Nearest(input, cands, 3)}
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
	if !strings.ContainsAny(s, ",;") && !strings.Contains(s, " and ") {
		if s = strings.TrimSpace(s); s == "" {
			return nil
		}
		return []string{s}
	}
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
	if verb, rest, ok := verbASCII(line); ok {
		return verb, rest
	}
	return verbAny(line)
}

// verbASCII is Verb for a line whose verb, and the characters around it
// and at both ends, are ASCII (nearly every order): it reads those bytes
// and not the whole line rune by rune. ok is false when it cannot tell,
// and verbAny reads the line.
func verbASCII(line string) (verb, rest string, ok bool) {
	line, ok = trimASCIISpace(line)
	if !ok {
		return "", "", false
	}
	i, upper := 0, uint8(0)
	for ; i < len(line); i++ {
		k := byteClass[line[i]]
		if k&(clHigh|clSpace|clColon) != 0 {
			if k == clHigh {
				return "", "", false
			}
			break
		}
		upper |= k
	}
	verb = line[:i]
	if upper != 0 {
		verb = strings.ToLower(verb)
	}
	r := line[i:]
	for len(r) > 0 && (r[0] == ':' || r[0] == ' ' || r[0] == '\t') {
		r = r[1:]
	}
	// the end of r is the end of line, already trimmed
	for len(r) > 0 && byteClass[r[0]] == clSpace {
		r = r[1:]
	}
	if len(r) > 0 && r[0] >= utf8.RuneSelf {
		return "", "", false // it may be a space strings.TrimSpace removes
	}
	return verb, r, true
}

// Classes of bytes (byteClass), for the loops of verbASCII.
const (
	clSpace = 1 << iota // an ASCII space (isASCIISpace)
	clUpper             // 'A' to 'Z'
	clHigh              // not ASCII
	clColon             // ':'
)

// byteClass is the class of each byte value.
var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = clHigh
		case isASCIISpace(byte(c)):
			t[c] = clSpace
		case 'A' <= c && c <= 'Z':
			t[c] = clUpper
		case c == ':':
			t[c] = clColon
		}
	}
	return
}()

// isASCIISpace reports whether c is one of the ASCII characters
// unicode.IsSpace accepts.
func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// trimASCIISpace is strings.TrimSpace when the first and last characters
// it keeps are ASCII; ok is false otherwise.
func trimASCIISpace(s string) (string, bool) {
	for len(s) > 0 && byteClass[s[0]] == clSpace {
		s = s[1:]
	}
	for len(s) > 0 && byteClass[s[len(s)-1]] == clSpace {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && (s[0] >= utf8.RuneSelf || s[len(s)-1] >= utf8.RuneSelf) {
		return "", false
	}
	return s, true
}

// verbAny is Verb for any line.
func verbAny(line string) (verb, rest string) {
	line = strings.TrimSpace(line)
	i := strings.IndexFunc(line, func(r rune) bool { return unicode.IsSpace(r) || r == ':' })
	if i < 0 {
		return strings.ToLower(line), ""
	}
	return strings.ToLower(line[:i]), strings.TrimSpace(strings.TrimLeft(line[i:], ": \t"))
}

// MatchVerb matches a verb against the known verbs by unambiguous prefix.
func MatchVerb(verb string, verbs []string) (string, error) {
	if in := Norm(verb); in != "" {
		for _, v := range verbs {
			if Norm(v) == in {
				return v, nil // an exact match wins, as in Match
			}
		}
	}
	c := make([]Name, 0, len(verbs))
	for _, v := range verbs {
		c = append(c, Name{ID: v})
	}
	return Match(verb, "order", c)
}

// display is the name of a candidate as players write it: its first
// alias (the printed name) when it has one, else its ID.
func (n Name) display() string {
	if len(n.Aliases) > 0 {
		return n.Aliases[0]
	}
	return n.ID
}

// Nearest returns up to max candidates whose ID or an alias is within a
// small edit distance of input (one edit for names of up to five
// letters, two for longer ones; a swap of two neighbouring letters is
// one edit), nearest first, ties in candidate order. It is how an
// unknown name is answered with "did you mean ...?".
func Nearest(input string, cands []Name, max int) []string {
	in := Norm(input)
	if len([]rune(in)) < 3 {
		return nil
	}
	type hit struct {
		name string
		d, i int
	}
	var hits []hit
	for i, c := range cands {
		best := -1
		for _, n := range append([]string{c.ID}, c.Aliases...) {
			nn := Norm(n)
			limit := 1
			if len([]rune(nn)) > 5 {
				limit = 2
			}
			if d := editDistance(in, nn, limit); d <= limit && (best < 0 || d < best) {
				best = d
			}
		}
		if best >= 0 {
			hits = append(hits, hit{c.display(), best, i})
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].d < hits[b].d })
	var out []string
	for _, h := range hits {
		if len(out) == max {
			break
		}
		out = append(out, h.name)
	}
	return out
}

// editDistance is the optimal-string-alignment distance between a and b
// (insertions, deletions, substitutions and swaps of neighbours), or
// limit+1 as soon as it must exceed limit.
func editDistance(a, b string, limit int) int {
	x, y := []rune(a), []rune(b)
	if d := len(x) - len(y); d > limit || -d > limit {
		return limit + 1
	}
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
