package richard3

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator/orders"
)

// areaCache remembers area lookups that succeeded (the map is static);
// it stops growing at areaCacheMax entries.
var (
	areaCache    sync.Map
	areaCacheLen atomic.Int64
)

const areaCacheMax = 4096

// matchArea finds an area by name or unambiguous prefix.
func matchArea(in string) (int, error) {
	in = strings.TrimSpace(in)
	if a, ok := areaCache.Load(in); ok {
		return a.(int), nil
	}
	id, err := orders.Match(in, "area", areaNames)
	if err != nil {
		return -1, err
	}
	a := areaIdx[id]
	if areaCacheLen.Add(1) <= areaCacheMax {
		areaCache.Store(in, a)
	}
	return a, nil
}

// matchBlock finds one of the candidate blocks by name.
func matchBlock(in string, cands []int, what string) (int, error) {
	if b := exactBlock(in, cands); b >= 0 {
		return b, nil
	}
	names := make([]orders.Name, 0, len(cands))
	for _, i := range cands {
		names = append(names, blockONames[i])
	}
	id, err := orders.Match(in, what, names)
	if err != nil {
		var amb *orders.AmbiguousError
		if errors.As(err, &amb) {
			// Report display names, not IDs.
			var ms []string
			for _, m := range amb.Matches {
				ms = append(ms, blocks[blockIdx[m]].Name)
			}
			return -1, errors.New("\"" + in + "\" is ambiguous: it could be " + strings.Join(ms, ", "))
		}
		return -1, err
	}
	return blockIdx[id], nil
}

// splitArrow splits "a -> b -> c" or "a to b to c".
func splitArrow(s string) []string { return splitArrowInto(s, nil) }

// splitArrowInto is splitArrow appending to out; plain arrows are cut
// without building any list but out.
func splitArrowInto(s string, out []string) []string {
	if strings.Contains(s, "->") && !strings.Contains(s, "→") {
		for {
			i := strings.Index(s, "->")
			if i < 0 {
				return append(out, strings.TrimSpace(s))
			}
			out = append(out, strings.TrimSpace(s[:i]))
			s = s[i+2:]
		}
	}
	s = strings.ReplaceAll(s, "→", "->")
	var parts []string
	if strings.Contains(s, "->") {
		parts = strings.Split(s, "->")
	} else {
		parts = splitWord(s, "to")
	}
	for _, p := range parts {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// splitWord splits s around the whole word w (case-insensitive). Each
// part is its words joined by single spaces; a part already written that
// way is a substring of s, not a copy.
func splitWord(s, w string) []string {
	out := make([]string, 0, 2)
	start, end := -1, -1 // the current part's first and last word
	clean := true        // the part's words are separated by one space
	part := func() string {
		switch {
		case start < 0:
			return ""
		case clean:
			return s[start:end]
		}
		return strings.Join(strings.Fields(s[start:end]), " ")
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += size
		}
		if strings.EqualFold(s[i:j], w) {
			out = append(out, part())
			start, end, clean = -1, -1, true
		} else {
			if start < 0 {
				start = i
			} else if i != end+1 || s[end] != ' ' {
				clean = false
			}
			end = j
		}
		i = j
	}
	return append(out, part())
}

// splitColon splits "head: tail".
func splitColon(s string) (string, string, bool) {
	i := strings.Index(s, ":")
	if i < 0 {
		return strings.TrimSpace(s), "", false
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), true
}

func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil
}

func areaList(xs []int) string {
	var ns []string
	for _, a := range xs {
		ns = append(ns, areas[a].Name)
	}
	return strings.Join(ns, ", ")
}

func blockList(xs []int) string {
	var ns []string
	for _, b := range xs {
		ns = append(ns, blocks[b].Name)
	}
	return strings.Join(ns, ", ")
}
