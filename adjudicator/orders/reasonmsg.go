package orders

import (
	"strings"

	"github.com/pbem/pbem/adjudicator/msg"
)

// NameReasons reads the reasons this package writes for names it cannot
// match (UnknownError, AmbiguousError) back into messages of a game's
// catalogue, so that a rejection reaches each player in his language.
// Keys are the game's own, under prefix+".why.": unknown, unknown_what,
// unknown_suggest, ambiguous, plus or and comma to join names. what turns
// the thing named ("area", "block of yours") into a message; it may
// return a Lit to leave it in English.
func NameReasons(prefix string, what msg.Conv) msg.Patterns {
	k := prefix + ".why."
	convs := map[string]msg.Conv{
		"what": what,
		"or": func(s string) (any, bool) {
			return orMsg(k, s), true
		},
	}
	return msg.Patterns{
		msg.NewPattern(k+"unknown_suggest", `"{Input}" is not a known {What:what}; did you mean {Suggest:or}?`, "", convs),
		msg.NewPattern(k+"unknown_what", `"{Input}" is not a known {What:what}`, "", convs),
		msg.NewPattern(k+"unknown", `"{Input}" is not known`, "", convs),
		msg.NewPattern(k+"ambiguous", `"{Input}" is ambiguous: it could be {Matches}`, "", convs),
	}
}

// orMsg reads "A", "A or B", "A, B or C" (orList) as a message.
func orMsg(k, s string) msg.M {
	head, last, ok := cutLast(s, " or ")
	if !ok {
		return msg.Lit(s)
	}
	names := strings.Split(head, ", ")
	list := msg.Lit(names[0])
	for _, n := range names[1:] {
		list = msg.New(k+"comma", "A", list, "B", msg.Lit(n))
	}
	return msg.New(k+"or", "A", list, "B", msg.Lit(last))
}

func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}
