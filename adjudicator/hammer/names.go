package hammer

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator/orders"
)

var (
	sideBlockNames [2][]orders.Name
	sideBlockExact [2]map[string]int
	nobleNames     []orders.Name  // noble names (for Herald), ID = noble number
	nobleExact     map[string]int // each noble's normalised ID and names
	areaNames      []orders.Name
	areaExact      = map[string]int{}
)

var extraAreaAliases = map[string][]string{
	"carrick":  {"carric"},
	"mentieth": {"menteith"},
	"england":  {"inglaterra"},
}

var extraBlockAliases = map[string][]string{
	"scottish_king":  {"king", "scots king", "king of scots", "scottish king"},
	"edward":         {"king edward", "edward i", "edward ii"},
	"french_knights": {"french"},
	"steward_scot":   {"stewart"},
	"steward_eng":    {"stewart"},
	"douglas":        {"doublas"},
}

// cardNorm holds each card's name and ID as orders.Norm writes them.
var cardNorm [NC][2]string

func initNames() {
	initHandKey()
	for b := range sideBit {
		sideBit[b] = 1 << blocks[b].Side
		blockSide[b] = blocks[b].Side
		sideBlocks[blocks[b].Side] |= 1 << uint(b)
		if blocks[b].Type == TNoble {
			nobleBlocks = append(nobleBlocks, int8(b))
		}
	}
	for c := 0; c < NC; c++ {
		cardNorm[c] = [2]string{orders.Norm(cards[c].Name), orders.Norm(cards[c].ID)}
	}
	for s := 0; s < 2; s++ {
		sideBlockExact[s] = map[string]int{}
	}
	for b := 0; b < NB; b++ {
		bi := &blocks[b]
		al := []string{bi.Name, bi.Label}
		if bi.Noble >= 0 {
			al = append(al, bi.Name+" noble")
		}
		al = append(al, extraBlockAliases[bi.ID]...)
		sideBlockNames[bi.Side] = append(sideBlockNames[bi.Side], orders.Name{ID: bi.ID, Aliases: al})
		sideBlockExact[bi.Side][orders.Norm(bi.ID)] = b
		sideBlockExact[bi.Side][bi.ID] = b
		for _, a := range al {
			sideBlockExact[bi.Side][orders.Norm(a)] = b
		}
	}
	// Names as written (labels, "King Edward") find what their normal
	// form finds, without normalising the input first.
	for b := 0; b < NB; b++ {
		bi := &blocks[b]
		m := sideBlockExact[bi.Side]
		for _, a := range append([]string{bi.Name, bi.Label}, extraBlockAliases[bi.ID]...) {
			if _, ok := m[a]; !ok {
				m[a] = m[orders.Norm(a)]
			}
		}
	}
	for n := 0; n < NN; n++ {
		nobleNames = append(nobleNames, orders.Name{ID: strconv.Itoa(n), Aliases: []string{nobles[n].Name}})
	}
	nobleNames[blocks[blockByID["steward_scot"]].Noble].Aliases = append(nobleNames[blocks[blockByID["steward_scot"]].Noble].Aliases, "stewart")
	nobleExact = map[string]int{}
	for n, nm := range nobleNames { // the first candidate holding a name wins, as in orders.Match
		for _, x := range append([]string{nm.ID}, nm.Aliases...) {
			if _, dup := nobleExact[orders.Norm(x)]; !dup {
				nobleExact[orders.Norm(x)] = n
			}
		}
	}
	for a := 0; a < NA; a++ {
		al := append([]string{areas[a].Name}, extraAreaAliases[areas[a].ID]...)
		areaNames = append(areaNames, orders.Name{ID: areas[a].ID, Aliases: al})
		areaExact[orders.Norm(areas[a].ID)] = a
		areaExact[areas[a].ID] = a
		for _, x := range al {
			areaExact[orders.Norm(x)] = a
		}
	}
	// Names as written ("Lennox", "Robert Bruce"), which is how orders
	// and random players spell them, are found without normalising: each
	// gives what its normal form gives.
	for _, an := range areaNames {
		for _, x := range an.Aliases {
			if _, ok := areaExact[x]; !ok {
				areaExact[x] = areaExact[orders.Norm(x)]
			}
		}
	}
	for _, nm := range nobleNames {
		for _, x := range nm.Aliases {
			if _, ok := nobleExact[x]; !ok {
				nobleExact[x] = nobleExact[orders.Norm(x)]
			}
		}
	}
	areaIndex = newNameIndex(areaExact)
	for s := range sideBlockIndex {
		sideBlockIndex[s] = newNameIndex(sideBlockExact[s])
	}
}

// areaIndex and sideBlockIndex hold areaExact and sideBlockExact for the
// look-ups of every order line (nameIndex).
var (
	areaIndex      *nameIndex
	sideBlockIndex [2]*nameIndex
)

// nameIndex is a fixed map from names to numbers, built once: an open
// table, at most a quarter full, hashed on a name's length and three of
// its bytes, cheaper to ask than a Go map, which hashes every byte.
type nameIndex struct {
	keys []string
	vals []int16
	mask uint32
}

func newNameIndex(m map[string]int) *nameIndex {
	size := 16
	for size < 4*len(m) {
		size *= 2
	}
	x := &nameIndex{keys: make([]string, size), vals: make([]int16, size), mask: uint32(size - 1)}
	for k, v := range m {
		if k == "" {
			continue
		}
		i := nameHash(k) & x.mask
		for x.keys[i] != "" {
			i = (i + 1) & x.mask
		}
		x.keys[i], x.vals[i] = k, int16(v)
	}
	return x
}

func nameHash(s string) uint32 {
	n := len(s)
	h := uint32(n)*0x9e3779b1 ^ uint32(s[0])*0x85ebca6b ^ uint32(s[n-1])*0xc2b2ae35 ^ uint32(s[n/2])*0x27d4eb2f
	return h ^ h>>15
}

// get returns the number of name s, as m[s] would.
func (x *nameIndex) get(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	for i := nameHash(s) & x.mask; ; i = (i + 1) & x.mask {
		switch k := x.keys[i]; k {
		case s:
			return int(x.vals[i]), true
		case "":
			return 0, false
		}
	}
}

// matchBlock finds one of side's blocks by name. Only that side's blocks
// are candidates, so an answer never depends on hidden enemy blocks.
func matchBlock(side int, text string) (int, error) {
	t := trimSpace(text)
	if b, ok := sideBlockIndex[side].get(t); ok {
		return b, nil
	}
	if b, ok := sideBlockIndex[side].get(orders.Norm(t)); ok {
		return b, nil
	}
	id, err := orders.Match(t, "block of yours", sideBlockNames[side])
	if err != nil {
		return -1, err
	}
	return blockByID[id], nil
}

// matchArea finds an area by name.
func matchArea(text string) (int, error) {
	t := trimSpace(text)
	if a, ok := areaIndex.get(t); ok {
		return a, nil
	}
	if a, ok := areaIndex.get(orders.Norm(t)); ok {
		return a, nil
	}
	id, err := orders.Match(t, "area", areaNames)
	if err != nil {
		return -1, err
	}
	return areaByID[id], nil
}

func matchNoble(text string) (int, error) {
	if n, ok := nobleExact[text]; ok {
		return n, nil // a name as written (initNames)
	}
	if n, ok := nobleExact[orders.Norm(text)]; ok {
		return n, nil // as orders.Match's first pass finds it
	}
	id, err := orders.Match(text, "noble", nobleNames)
	if err != nil {
		return -1, err
	}
	n, _ := strconv.Atoi(id)
	return n, nil
}

// splitArrow splits "a -> b -> c" (or "a to b to c") into its parts.
func splitArrow(s string) []string { return splitArrowInto(s, nil) }

// splitArrowInto is splitArrow appending to out; "a -> b" written with
// plain arrows in ASCII is cut in one pass without building any list
// but out.
func splitArrowInto(s string, out []string) []string {
	if parts, ok := splitASCIIArrow(s, out); ok {
		return parts
	}
	if strings.Contains(s, "->") && !strings.Contains(s, "→") {
		for {
			i := strings.Index(s, "->")
			p := s
			if i >= 0 {
				p = s[:i]
			}
			if p = trimSpace(p); p != "" {
				out = append(out, p)
			}
			if i < 0 {
				return out
			}
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
		if p = trimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// splitASCIIArrow is splitArrowInto for an ASCII s holding "->": ok is
// false (and out unchanged) for any other s.
func splitASCIIArrow(s string, out []string) ([]string, bool) {
	n, start, arrows := len(out), 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			return out[:n], false
		case c == '-' && i+1 < len(s) && s[i+1] == '>':
			if p := trimASCII(s[start:i]); p != "" {
				out = append(out, p)
			}
			arrows = true
			start = i + 2
			i++
		}
	}
	if !arrows {
		return out[:n], false
	}
	if p := trimASCII(s[start:]); p != "" {
		out = append(out, p)
	}
	return out, true
}

// trimASCII is strings.TrimSpace for an ASCII s.
func trimASCII(s string) string {
	i, j := 0, len(s)
	for i < j && asciiSpace(s[i]) {
		i++
	}
	for j > i && asciiSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

func asciiSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// splitWord splits s around the whole word w (case-insensitive).
func splitWord(s, w string) []string { return splitWordInto(s, w, nil) }

// splitWordInto is splitWord appending to out. Words separated by single
// spaces, the common case, are cut from s without building new strings.
func splitWordInto(s, w string, out []string) []string {
	if plainWords(s) {
		start := 0
		for i := 0; i <= len(s); {
			j := strings.IndexByte(s[i:], ' ')
			if j < 0 {
				j = len(s) - i
			}
			if strings.EqualFold(s[i:i+j], w) {
				out = append(out, s[start:max(start, i-1)])
				start = min(i+j+1, len(s))
			}
			i += j + 1
		}
		return append(out, s[start:])
	}
	f := strings.Fields(s)
	start := 0
	for i, x := range f {
		if strings.EqualFold(x, w) {
			out = append(out, strings.Join(f[start:i], " "))
			start = i + 1
		}
	}
	return append(out, strings.Join(f[start:], " "))
}

// firstWord splits s into its first word and the others, joined by
// single spaces; ok is false when s has fewer than two words.
func firstWord(s string) (first, others string, ok bool) {
	if plainWords(s) {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return "", "", false
		}
		return s[:i], s[i+1:], true
	}
	f := strings.Fields(s)
	if len(f) < 2 {
		return "", "", false
	}
	return f[0], strings.Join(f[1:], " "), true
}

// plainWords reports whether s is ASCII words separated by single
// spaces, with none at either end: what strings.Fields and a join with
// spaces give back unchanged.
func plainWords(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80 || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return false
		case c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' '):
			return false
		}
	}
	return true
}

// splitColon splits "head: tail".
func splitColon(s string) (string, string, bool) {
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return trimSpace(s), "", false
	}
	return trimSpace(s[:i]), trimSpace(s[i+1:]), true
}

// errText turns a matching error into a reason a player can read.
func errText(err error) string {
	var amb *orders.AmbiguousError
	if errors.As(err, &amb) {
		return fmt.Sprintf("%q is ambiguous: it could be %s", amb.Input, strings.Join(amb.Matches, ", "))
	}
	return err.Error()
}

// oneBlock[b:b+1] is the list of block b alone (shared: never modified;
// an append copies).
var oneBlock = func() (l [NB]int) {
	for b := range l {
		l[b] = b
	}
	return
}()

// listBlocks parses a block list of side's blocks; "all" returns nil, true.
func listBlocks(side int, text string) ([]int, bool, error) {
	if t := trimSpace(text); strings.EqualFold(t, "all") || strings.EqualFold(t, "all blocks") {
		return nil, true, nil
	}
	var out []int
	if !hasListSep(text) && !strings.Contains(text, " and ") {
		// one block: no list to build
		b, err := matchBlock(side, text)
		if err != nil {
			return nil, false, err
		}
		return oneBlock[b : b+1 : b+1], false, nil
	}
	items := orders.SplitList(text)
	for _, it := range items {
		b, err := matchBlock(side, it)
		if err != nil {
			return nil, false, err
		}
		for _, x := range out {
			if x == b {
				return nil, false, fmt.Errorf("%s is listed twice", blocks[b].Label)
			}
		}
		out = append(out, b)
	}
	if len(out) == 0 {
		return nil, false, fmt.Errorf("no blocks given")
	}
	return out, false, nil
}

// trimSpace is strings.TrimSpace with a quick answer for the common case
// of a string that starts and ends with a printable ASCII character.
func trimSpace(s string) string {
	if n := len(s); n > 0 && s[0] > ' ' && s[0] < 0x80 && s[n-1] > ' ' && s[n-1] < 0x80 {
		return s
	}
	// ASCII spaces around: cut them; a byte beyond ASCII at either end
	// may start or end a Unicode space, which strings.TrimSpace knows.
	i, j := 0, len(s)
	for i < j && asciiSpace(s[i]) {
		i++
	}
	for j > i && asciiSpace(s[j-1]) {
		j--
	}
	if i < j && (s[i] >= 0x80 || s[j-1] >= 0x80) {
		return strings.TrimSpace(s)
	}
	return s[i:j]
}

// hasListSep reports whether s holds a ',' or a ';' (strings.ContainsAny
// builds a set for each call).
func hasListSep(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ',' || s[i] == ';' {
			return true
		}
	}
	return false
}
