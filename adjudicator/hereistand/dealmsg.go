package hereistand

import (
	"strings"

	"github.com/pbem/pbem/adjudicator/msg"
)

// convTerms reads the terms of a deal in their canonical form ("ottoman:
// ally hapsburg; ottoman: cards 1 to hapsburg", term.String) as messages,
// so that a deal reads in the reader's language; terms it cannot read
// stay as written.
func convTerms(s string) (any, bool) {
	if m, ok := termsMsg(s); ok {
		return m, true
	}
	return msg.Lit(s), true
}

func termsMsg(s string) (msg.M, bool) {
	var ms []msg.M
	for _, part := range strings.Split(s, "; ") {
		head, rest, ok := strings.Cut(part, ": ")
		if !ok {
			return msg.M{}, false
		}
		p, ok := powerByID[head]
		if !ok || p >= NMajor {
			return msg.M{}, false
		}
		t, err := parseTerm(p, rest)
		if err != nil || t.String() != part {
			return msg.M{}, false
		}
		ms = append(ms, termMsg(t))
	}
	return listMsg("his.w.terms", ms), true
}

// termMsg is term t as a message: in English exactly t.String(), powers by
// their IDs as the terms are written.
func termMsg(t term) msg.M {
	pid := func(p int) msg.M { return msg.New("his.pid." + powers[p].ID) }
	a := pid(t.actor)
	switch t.kind {
	case "peace", "ally", "lift", "divorce":
		return msg.New("his.w.term_"+t.kind, "A", a, "B", pid(t.other))
	case "give":
		return msg.New("his.w.term_give", "A", a, "Space", spaces[t.space].Name, "B", pid(t.other))
	case "cards":
		return msg.Plural("his.w.term_cards", t.n, "A", a, "B", pid(t.other))
	case "loan":
		if t.leader >= 0 {
			return msg.Plural("his.w.term_loan_with", t.n, "A", a, "Leader", leaders[t.leader].Name,
				"Port", spaces[t.space].Name, "B", pid(t.other))
		}
		return msg.Plural("his.w.term_loan", t.n, "A", a, "Port", spaces[t.space].Name, "B", pid(t.other))
	case "mercs":
		if t.leader >= 0 {
			return msg.Plural("his.w.term_mercs_in", t.n, "A", a, "From", spaces[t.space].Name, "B", pid(t.other),
				"To", spaces[t.leader].Name)
		}
		return msg.Plural("his.w.term_mercs", t.n, "A", a, "From", spaces[t.space].Name, "B", pid(t.other))
	}
	return msg.New("his.w.term_return", "A", a, "Leader", leaders[t.leader].Name)
}
