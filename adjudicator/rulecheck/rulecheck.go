// Package rulecheck keeps a game's rules-coverage document honest: it
// checks that every rule ID the document lists is named by at least one
// test (in a test's name or comment). Game packages call it from a test.
package rulecheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// idRow matches a coverage table row and captures its rule ID.
var idRow = regexp.MustCompile("(?m)^\\| ((?:R3|H|HIS|CN|NAV|CRE)-[0-9A-Za-z.]+) \\|")

// Named returns the rule IDs that the Go test files in dirs name. It
// understands the forms tests use: "R3-6.3e", "H-5.31b/d", "H-2.11a-c",
// "R3-6.9a/e" and test names such as TestR3_5_21a_BorderLimits.
func Named(dirs ...string) (map[string]bool, error) {
	var text strings.Builder
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(d, "*_test.go"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			text.Write(b)
			text.WriteByte('\n')
		}
	}
	return namedIn(text.String()), nil
}

// namedIn returns the rule IDs that the Go source s names.
func namedIn(s string) map[string]bool {
	named := map[string]bool{}
	// id builds "PRE-SEC.NUMx", or "PRE-SECx" for rules without a
	// numbered subsection (HIS-14a).
	id := func(pre, sec, num, let string) string {
		if num == "" {
			return pre + "-" + sec + let
		}
		return pre + "-" + sec + "." + num + let
	}
	single := regexp.MustCompile(`\b(R3|H|HIS|CN|NAV|CRE)-([0-9]+|[A-Z]+)(?:\.([0-9]+))?([a-z]?)((?:/[0-9]*[a-z]?)*)`)
	for _, m := range single.FindAllStringSubmatch(s, -1) {
		pre, sec, num, let := m[1], m[2], m[3], m[4]
		if num == "" && let == "" {
			continue // a bare section, below
		}
		named[id(pre, sec, num, let)] = true
		for _, part := range strings.Split(m[5], "/")[1:] {
			n2 := strings.TrimRight(part, "abcdefghijklmnopqrstuvwxyz")
			l2 := part[len(n2):]
			if n2 == "" {
				n2 = num
			}
			named[id(pre, sec, n2, l2)] = true
		}
	}
	span := regexp.MustCompile(`\b(R3|H|HIS|CN|NAV|CRE)-([0-9]+|[A-Z]+)(?:\.([0-9]+))?([a-z])[-–]([a-z])\b`)
	for _, m := range span.FindAllStringSubmatch(s, -1) {
		for c := m[4][0]; c <= m[5][0]; c++ {
			named[id(m[1], m[2], m[3], string(c))] = true
		}
	}
	// Lists of letters: "HIS-15.1i, k, m, n" and "HIS-13.1b-d, g, i". Each
	// listed letter must end at a comma, a bracket or the end of a line,
	// so that prose after a rule ID ("HIS-13.2a, a power...") is not read
	// as a list.
	head := regexp.MustCompile(`\b(R3|H|HIS|CN|NAV|CRE)-([0-9]+|[A-Z]+)(?:\.([0-9]+))?[a-z](?:[-–][a-z])?`)
	item := regexp.MustCompile(`^, ([a-z])(?:[-–]([a-z]))?(?:[,):;\n]|$)`)
	for _, m := range head.FindAllStringSubmatchIndex(s, -1) {
		pre, sec := s[m[2]:m[3]], s[m[4]:m[5]]
		num := ""
		if m[6] >= 0 {
			num = s[m[6]:m[7]]
		}
		rest := s[m[1]:]
		for {
			it := item.FindStringSubmatch(rest)
			if it == nil {
				break
			}
			hi := it[1]
			if it[2] != "" {
				hi = it[2]
			}
			for c := it[1][0]; c <= hi[0]; c++ {
				named[id(pre, sec, num, string(c))] = true
			}
			rest = rest[len(it[0]):]
			if len(it[0]) > 0 && it[0][len(it[0])-1] != ',' {
				break
			}
			rest = "," + rest
		}
	}
	bare := regexp.MustCompile(`\b(R3|H|HIS|CN|NAV|CRE)-([0-9]+|[A-Z]+)\b([^.0-9A-Za-z]|$)`)
	for _, m := range bare.FindAllStringSubmatch(s, -1) {
		named[m[1]+"-"+m[2]] = true
	}
	test := regexp.MustCompile(`Test(R3|H|HIS|CN|NAV|CRE)_?([0-9]+|[A-Z]+)(?:_([0-9]+))?([a-z]?)_`)
	for _, m := range test.FindAllStringSubmatch(s, -1) {
		if m[3] == "" && m[4] == "" {
			continue
		}
		named[id(m[1], m[2], m[3], m[4])] = true
	}
	return named
}

// Check fails t for every rule ID of the coverage document doc that no
// test in dirs names.
func Check(t testing.TB, doc string, dirs ...string) {
	t.Helper()
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatalf("coverage document: %v", err)
	}
	named, err := Named(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	ids := idRow.FindAllStringSubmatch(string(b), -1)
	if len(ids) == 0 {
		t.Fatalf("%s lists no rule IDs", doc)
	}
	for _, m := range ids {
		if !named[m[1]] {
			t.Errorf("%s: rule %s is not named by any test", filepath.Base(doc), m[1])
		}
	}
}

// row is one line of a coverage table: the rule ID, the tests its
// middle cells list and its last cell (the status or a note).
type row struct {
	id     string
	tests  []string
	status string
}

var (
	rowLine    = regexp.MustCompile("(?m)^\\| ((?:R3|H|HIS|CN|NAV|CRE)-[0-9A-Za-z.]+) \\|(.*)\\|[ \\t]*$")
	listedTest = regexp.MustCompile("`(Test\\w+)`")
)

// rows reads the coverage table rows of a document.
func rows(doc string) []row {
	var out []row
	for _, m := range rowLine.FindAllStringSubmatch(doc, -1) {
		cells := strings.Split(m[2], " | ")
		r := row{id: m[1], status: strings.TrimSpace(cells[len(cells)-1])}
		for _, c := range cells[:len(cells)-1] {
			for _, tm := range listedTest.FindAllStringSubmatch(c, -1) {
				r.tests = append(r.tests, tm[1])
			}
		}
		out = append(out, r)
	}
	return out
}

// CheckDone is Check for a game still being built: rows marked NOT DONE
// are skipped; every other rule must be named by a test, and every test
// a row lists must exist in dirs.
func CheckDone(t testing.TB, doc string, dirs ...string) {
	t.Helper()
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatalf("coverage document: %v", err)
	}
	named, err := Named(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	funcs, err := TestSources(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	rs := rows(string(b))
	if len(rs) == 0 {
		t.Fatalf("%s lists no rule IDs", doc)
	}
	for _, r := range rs {
		if strings.HasPrefix(r.status, "NOT DONE") {
			continue
		}
		for _, name := range r.tests {
			if _, ok := funcs[name]; !ok {
				t.Errorf("%s: rule %s lists %s, which does not exist", filepath.Base(doc), r.id, name)
			}
		}
		if !named[r.id] && !literallyAny(funcs, r.id) && !strings.Contains(r.status, "no test") {
			t.Errorf("%s: rule %s is marked %q but no test names it", filepath.Base(doc), r.id, strings.SplitN(r.status, ":", 2)[0])
		}
	}
}

// TestSources returns the source of every test function in dirs, keyed by
// name: its doc comment and its body.
func TestSources(dirs ...string) (map[string]string, error) {
	out := map[string]string{}
	for _, d := range dirs {
		files, err := filepath.Glob(filepath.Join(d, "*_test.go"))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			lines := strings.Split(string(b), "\n")
			for i, l := range lines {
				if !strings.HasPrefix(l, "func Test") {
					continue
				}
				name := strings.TrimPrefix(l, "func ")
				if k := strings.IndexAny(name, "(["); k >= 0 {
					name = name[:k]
				}
				j := i
				for j > 0 && strings.HasPrefix(lines[j-1], "//") {
					j--
				}
				k := i
				for k < len(lines) && lines[k] != "}" {
					k++
				}
				if k == len(lines) {
					k--
				}
				out[name] = strings.Join(lines[j:k+1], "\n")
			}
		}
	}
	return out, nil
}

// CheckListed is the strict form of the coverage check: for every rule
// the document does not mark NOT DONE, each test its row lists exists,
// and at least one of them names the rule in its own source, spelt out
// so that a search for the ID finds it (its name, its doc comment or a
// comment beside an assertion; ranges such as "H-2.11a-c" do not count
// here), so a reader who follows the row finds the rule where it is
// proved.
func CheckListed(t testing.TB, doc string, dirs ...string) {
	t.Helper()
	b, err := os.ReadFile(doc)
	if err != nil {
		t.Fatalf("coverage document: %v", err)
	}
	srcs, err := TestSources(dirs...)
	if err != nil {
		t.Fatal(err)
	}
	rs := rows(string(b))
	if len(rs) == 0 {
		t.Fatalf("%s lists no rule IDs", doc)
	}
	cache := map[string]map[string]bool{}
	for _, r := range rs {
		if strings.HasPrefix(r.status, "NOT DONE") {
			continue
		}
		found := false
		for _, name := range r.tests {
			src, ok := srcs[name]
			if !ok {
				t.Errorf("%s: rule %s lists %s, which does not exist", filepath.Base(doc), r.id, name)
				continue
			}
			if cache[name] == nil {
				cache[name] = namedIn(name)
			}
			if cache[name][r.id] || literally(src, r.id) {
				found = true
			}
		}
		if !found && !strings.Contains(r.status, "no test") {
			t.Errorf("%s: rule %s: none of the tests its row lists names it", filepath.Base(doc), r.id)
		}
	}
}

// literallyAny reports whether any test source spells out id (rule IDs
// of forms the patterns above do not parse, such as "CN-4.0.A1").
func literallyAny(srcs map[string]string, id string) bool {
	for _, src := range srcs {
		if literally(src, id) {
			return true
		}
	}
	return false
}

// literally reports whether src contains id as a whole word.
func literally(src, id string) bool {
	for i := 0; ; {
		k := strings.Index(src[i:], id)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(id)
		before := k == 0 || !isIDChar(src[k-1])
		after := end == len(src) || !(isIDChar(src[end]) || src[end] == '.' && end+1 < len(src) && src[end+1] >= '0' && src[end+1] <= '9')
		if before && after {
			return true
		}
		i = k + 1
	}
}

func isIDChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}
