package columbia

import "strings"

// Roller names the block that rolled a battle die, from the die's
// purpose as Roll writes it ("battle <area> r<round> <block>[ <what>]");
// false for any other purpose. Area names may hold spaces; block IDs do
// not.
func Roller(purpose string) (string, bool) {
	rest, ok := strings.CutPrefix(purpose, "battle ")
	if !ok {
		return "", false
	}
	f := strings.Fields(rest)
	for i := len(f) - 2; i >= 1; i-- {
		if isRound(f[i]) {
			return f[i+1], true
		}
	}
	return "", false
}

func isRound(w string) bool {
	if len(w) < 2 || w[0] != 'r' {
		return false
	}
	for _, c := range w[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
