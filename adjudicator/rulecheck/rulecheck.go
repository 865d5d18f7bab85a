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
	single := regexp.MustCompile(`\b(R3|H|HIS|CN)-([0-9]+|[A-Z]+)\.([0-9]+)([a-z]?)((?:/[0-9]*[a-z]?)*)`)
	for _, m := range single.FindAllStringSubmatch(s, -1) {
		pre, sec, num, let := m[1], m[2], m[3], m[4]
		named[pre+"-"+sec+"."+num+let] = true
		for _, part := range strings.Split(m[5], "/")[1:] {
			n2 := strings.TrimRight(part, "abcdefghijklmnopqrstuvwxyz")
			l2 := part[len(n2):]
			if n2 == "" {
				n2 = num
			}
			named[pre+"-"+sec+"."+n2+l2] = true
		}
	}
	span := regexp.MustCompile(`\b(R3|H|HIS|CN)-([0-9]+|[A-Z]+)\.([0-9]+)([a-z])[-–]([a-z])\b`)
	for _, m := range span.FindAllStringSubmatch(s, -1) {
		for c := m[4][0]; c <= m[5][0]; c++ {
			named[m[1]+"-"+m[2]+"."+m[3]+string(c)] = true
		}
	}
	bare := regexp.MustCompile(`\b(R3|H|HIS|CN)-([0-9]+|[A-Z]+)\b([^.0-9A-Za-z]|$)`)
	for _, m := range bare.FindAllStringSubmatch(s, -1) {
		named[m[1]+"-"+m[2]] = true
	}
	test := regexp.MustCompile(`Test(R3|H|HIS|CN)_?([0-9]+|[A-Z]+)_([0-9]+)([a-z]?)`)
	for _, m := range test.FindAllStringSubmatch(s, -1) {
		named[m[1]+"-"+m[2]+"."+m[3]+m[4]] = true
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
