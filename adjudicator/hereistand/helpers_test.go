package hereistand

import "testing"

// sp returns the number of a land space, failing the test if unknown.
func sp(t testing.TB, id string) int {
	t.Helper()
	s, ok := spaceByID[id]
	if !ok {
		t.Fatalf("unknown space %s", id)
	}
	return s
}

// sz returns the number of a sea zone.
func sz(t testing.TB, id string) int {
	t.Helper()
	s, ok := seaByID[id]
	if !ok {
		t.Fatalf("unknown sea zone %s", id)
	}
	return s
}

// ldr returns the number of a leader.
func ldr(t testing.TB, id string) int {
	t.Helper()
	l, ok := leaderByID[id]
	if !ok {
		t.Fatalf("unknown leader %s", id)
	}
	return l
}
