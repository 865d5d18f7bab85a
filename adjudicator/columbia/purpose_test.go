package columbia

import "testing"

func TestRollerReadsBattlePurposes(t *testing.T) {
	for purpose, want := range map[string]string{
		"battle Kent r1 warwick":                 "warwick",
		"battle North Wales r3 pembroke":         "pembroke",
		"battle North Wales r2 exeter treachery": "exeter",
		"celtic cohesion ulster":                 "",
		"herald":                                 "",
		"battle r1":                              "",
	} {
		got, ok := Roller(purpose)
		if got != want || ok != (want != "") {
			t.Errorf("Roller(%q) = %q, %v; want %q", purpose, got, ok, want)
		}
	}
}
