package dice

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// SplitEntropy separates a submission's entropy lines from its order
// lines. An entropy line is a line whose first word is "entropy" (any
// case, optionally followed by ':'); its text is the rest of the line,
// trimmed. Entropy lines are never order lines: they only enter the
// digest, so that a player can make the following dice depend on a value
// of their choosing.
func SplitEntropy(lines []adjudicator.Line) (orders []adjudicator.Line, entropy []string) {
	for _, l := range lines {
		if text, ok := entropyText(l.Text); ok {
			entropy = append(entropy, text)
			continue
		}
		orders = append(orders, l)
	}
	return orders, entropy
}

func entropyText(s string) (string, bool) {
	s = strings.TrimSpace(s)
	const kw = "entropy"
	if len(s) < len(kw) || !strings.EqualFold(s[:len(kw)], kw) {
		return "", false
	}
	rest := s[len(kw):]
	switch {
	case rest == "":
	case rest[0] == ':':
		rest = rest[1:]
	case rest[0] == ' ' || rest[0] == '\t':
	default:
		return "", false // e.g. "entropyx"
	}
	return strings.TrimSpace(rest), true
}
