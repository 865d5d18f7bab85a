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
var idRow = regexp.MustCompile("(?m)^\\| ((?:R3|H|HIS|CN)-[0-9A-Za-z.]+) \\|")

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
	s := text.String()
	named := map[string]bool{}
	// id builds "PRE-SEC.NUMx", or "PRE-SECx" for rules without a
	// numbered subsection (HIS-14a).
	id := func(pre, sec, num, let string) string {
		if num == "" {
			return pre + "-" + sec + let
		}
		return pre + "-" + sec + "." + num + let
	}
	single := regexp.MustCompile(`\b(R3|H|HIS|CN)-([0-9]+|[A-Z]+)(?:\.([0-9]+))?([a-z]?)((?:/[0-9]*[a-z]?)*)`)
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
	span := regexp.MustCompile(`\b(R3|H|HIS|CN)-([0-9]+|[A-Z]+)(?:\.([0-9]+))?([a-z])[-–]([a-z])\b`)
	for _, m := range span.FindAllStringSubmatch(s, -1) {
		for c := m[4][0]; c <= m[5][0]; c++ {
			named[id(m[1], m[2], m[3], string(c))] = true
		}
	}
	// Lists of letters: "HIS-15.1i, k, m, n" and "HIS-13.1b-d, g, i". Each
	// listed letter must end at a comma, a bracket or the end of a line,
	// so that prose after a rule ID ("HIS-13.2a, a power...") is not read
	// as a list.
	head := regexp.MustCompile(`\b(R3|H|HIS|CN)-([0-9]+|[A-Z]+)(?:\.([0-9]+))?[a-z](?:[-–][a-z])?`)
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
	bare := regexp.MustCompile(`\b(R3|H|HIS|CN)-([0-9]+|[A-Z]+)\b([^.0-9A-Za-z]|$)`)
	for _, m := range bare.FindAllStringSubmatch(s, -1) {
		named[m[1]+"-"+m[2]] = true
	}
	test := regexp.MustCompile(`Test(R3|H|HIS|CN)_?([0-9]+|[A-Z]+)(?:_([0-9]+))?([a-z]?)_`)
	for _, m := range test.FindAllStringSubmatch(s, -1) {
		if m[3] == "" && m[4] == "" {
			continue
		}
		named[id(m[1], m[2], m[3], m[4])] = true
	}
	return named, nil
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

// statusRow matches a coverage table row: rule ID, tests, status.
var statusRow = regexp.MustCompile("(?m)^\\| ((?:R3|H|HIS|CN)-[0-9A-Za-z.]+) \\| (.*?) \\| (.*) \\|$")

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
	funcs := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^func (Test\w+)\(`)
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join(d, "*_test.go"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
				funcs[m[1]] = true
			}
		}
	}
	rows := statusRow.FindAllStringSubmatch(string(b), -1)
	if len(rows) == 0 {
		t.Fatalf("%s lists no rule IDs", doc)
	}
	listed := regexp.MustCompile("`(Test\\w+)`")
	for _, m := range rows {
		if strings.HasPrefix(m[3], "NOT DONE") {
			continue
		}
		for _, tm := range listed.FindAllStringSubmatch(m[2], -1) {
			if !funcs[tm[1]] {
				t.Errorf("%s: rule %s lists %s, which does not exist", filepath.Base(doc), m[1], tm[1])
			}
		}
		if !named[m[1]] && !strings.Contains(m[3], "no test") {
			t.Errorf("%s: rule %s is marked %q but no test names it", filepath.Base(doc), m[1], strings.SplitN(m[3], ":", 2)[0])
		}
	}
}
