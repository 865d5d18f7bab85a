package rulecheck

import (
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNamedForms(t *testing.T) {
	dir := t.TempDir()
	src := `package x

// R3-6.3e and H-5.31b/d; H-2.11a-c.
// HIS-14a, HIS-14c-d, HIS-15.1i, k, m, n
// HIS-13.1b-d, g, i: destinations.
// HIS-13.2a, a power may try (prose, not a list).
// HIS-7 as a whole.
func TestHIS13_1z_Name(t *testing.T) {}
func TestHIS14q_Other(t *testing.T) {}
func TestR3_5_21a_BorderLimits(t *testing.T) {}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o644))
	named, err := Named(dir)
	require.NoError(t, err)
	var got []string
	for id := range named {
		got = append(got, id)
	}
	sort.Strings(got)
	assert.Equal(t, []string{
		"H-2.11a", "H-2.11b", "H-2.11c", "H-5.31b", "H-5.31d",
		"HIS-13.1b", "HIS-13.1c", "HIS-13.1d", "HIS-13.1g", "HIS-13.1i", "HIS-13.1z", "HIS-13.2a",
		"HIS-14a", "HIS-14c", "HIS-14d", "HIS-14q",
		"HIS-15.1i", "HIS-15.1k", "HIS-15.1m", "HIS-15.1n", "HIS-7",
		"R3-5.21a", "R3-6.3e",
	}, got)
}

func TestCheckDoneSkipsNotDoneAndChecksListedTests(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x_test.go"), []byte("package x\n\n// HIS-2.1a\nfunc TestA(t *testing.T) {}\n"), 0o644))
	doc := filepath.Join(dir, "doc.md")
	write := func(rows string) {
		require.NoError(t, os.WriteFile(doc, []byte("| Rule | Tests | Status |\n|---|---|---|\n"+rows), 0o644))
	}
	write("| HIS-2.1a | `TestA` | Done |\n| HIS-2.1b |  | NOT DONE |\n| HIS-2.1c |  | PARTIAL: code exists; no test names it yet |\n")
	ft := &fakeT{}
	CheckDone(ft, doc, dir)
	assert.Empty(t, ft.errs)

	write("| HIS-2.1a | `TestMissing` | Done |\n| HIS-2.1d |  | Done |\n")
	ft = &fakeT{}
	CheckDone(ft, doc, dir)
	assert.Len(t, ft.errs, 2)
}

type fakeT struct {
	testing.TB
	errs []string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Errorf(format string, args ...any) {
	f.errs = append(f.errs, format)
}
func (f *fakeT) Fatalf(format string, args ...any) { panic(format) }
func (f *fakeT) Fatal(args ...any)                 { panic(args) }

func TestCheckListedWantsTheIDSpeltOut(t *testing.T) {
	dir := t.TempDir()
	src := "package x\n\n// H-2.11a-c\nfunc TestRange(t *testing.T) {}\n\n// H-2.11b: spelt out.\nfunc TestSpelt(t *testing.T) {}\n\nfunc TestH2_11c_ByName(t *testing.T) {}\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x_test.go"), []byte(src), 0o644))
	doc := filepath.Join(dir, "doc.md")
	require.NoError(t, os.WriteFile(doc, []byte("| H-2.11a | `TestRange` | Done |\n| H-2.11b | `TestSpelt` | Done |\n| H-2.11c | `TestH2_11c_ByName` | Done |\n| H-2.11d | `TestSpelt` | NOT DONE |\n| H-2.11e | `TestGone` | Done |\n"), 0o644))
	ft := &fakeT{}
	CheckListed(ft, doc, dir)
	// H-2.11a only by a range; H-2.11e lists a missing test (and so names nothing).
	assert.Len(t, ft.errs, 3)
	assert.False(t, literally("H-2.11bc", "H-2.11b"))
	assert.False(t, literally("H-2.11.5", "H-2.11"))
	assert.True(t, literally("(H-2.11b)", "H-2.11b"))
}
