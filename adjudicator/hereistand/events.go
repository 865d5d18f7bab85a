package hereistand

import (
	"fmt"
	"strconv"
	"strings"
)

// Card events (HIS-6.1). A card whose event is written here may be
// played "for event" in an impulse; a Mandatory Event with code here
// has its effects carried out before its 2 CP are spent (HIS-6.1d).
// Cards without code are played for CP only, and a Mandatory Event
// without code gives its 2 CP and nothing else.
//
// The player writes the event's choices after a colon on the play line:
//
//	play papal bull for event: luther
//	play 5 for event: excommunicate francis i
//
// Each event's code reads them from args (lower case, trimmed, "" when
// none were written) and refuses the play with the legal choices when
// they are missing or wrong; since a submission is all or nothing,
// nothing of a refused event is applied.

// cardEvent is the code of one card's event.
type cardEvent struct {
	// can says whether power p may play the event now (nil: always). It
	// must not change the state.
	can func(s *St, p int) error
	// play carries out the event for power p. The card has already left
	// the hand and gone where its type sends it (HIS-6.2g); Flow.Card is
	// set. An error refuses the whole submission.
	play func(r *run, p int, args string) error
	// examples are play lines with their choices, for the prompts (the
	// card's number and name are put in front: "play 5 Papal Bull for
	// event" + example).
	examples func(s *St, p int) []string
}

// events holds the code of each card's event, by card number; files that
// carry out events register them in their init functions.
var events [NC + 1]*cardEvent

// registerEvent sets the code of card n's event; registering a card twice
// is a programming error.
func registerEvent(n int, e cardEvent) {
	if n < 1 || n > NC {
		panic(fmt.Sprintf("hereistand: event for card %d", n))
	}
	if events[n] != nil {
		panic(fmt.Sprintf("hereistand: event for card %d registered twice", n))
	}
	events[n] = &e
}

// hasEvent reports whether card n's event can be played as an event.
func hasEvent(n int) bool { return n >= 1 && n <= NC && events[n] != nil }

// eventPlayable says whether power p may play card n for its event now.
func (s *St) eventPlayable(p, n int) error {
	e := events[n]
	if e == nil {
		return fmt.Errorf("%s can be played for its %d CP only: its event is not yet available", cardName(n), cards[n].CP)
	}
	if s.playedAsEvent(n) {
		return fmt.Errorf("%s was already played as an event this turn (HIS-11d)", cardName(n))
	}
	if e.can != nil {
		return e.can(s, p)
	}
	return nil
}

// eventExamples lists play lines of power p's event cards in hand, with
// their choices, for the prompts.
func (s *St) eventExamples(p int) []string {
	var out []string
	for _, c := range s.Hands[p] {
		n := int(c)
		if !hasEvent(n) || s.eventPlayable(p, n) != nil {
			continue
		}
		head := order{verb: "play", card: n, forEvent: true}.canonical(p)
		if events[n].examples == nil {
			out = append(out, head)
			continue
		}
		for _, x := range events[n].examples(s, p) {
			if x = strings.TrimSpace(x); x != "" {
				out = append(out, head+": "+x)
			} else {
				out = append(out, head)
			}
		}
	}
	return out
}

// pickSpaces reads the spaces an event's choices name (items of a list:
// "Milan, Genoa and Pavia" split by orders.SplitList), each once and each
// one ok allows; notOK is the refusal for a space it does not, with %s for
// the space's name. The caller checks how many were named.
func pickSpaces(items []string, ok func(sp int) bool, legal []string, notOK string) ([]int, error) {
	var at []int
	for _, x := range items {
		sp, err := matchSpace(x)
		if err != nil {
			return nil, errLegal(legal, "%v", err)
		}
		if !ok(sp) || containsInt(at, sp) {
			return nil, errLegal(legal, notOK, spaces[sp].Name)
		}
		at = append(at, sp)
	}
	return at, nil
}

// countIn reads one item of an event's choices that places units: "3 in
// Vienna", "3 Vienna" or "Vienna" (one), with the Spanish and Italian
// "en" and "a" read as "in". It returns how many and where.
func countIn(item string) (int, int, error) {
	n := 1
	f := strings.Fields(item)
	if len(f) > 1 {
		if x, err := strconv.Atoi(f[0]); err == nil {
			n, f = x, f[1:]
		}
	}
	if len(f) > 1 && (f[0] == "in" || f[0] == "en" || f[0] == "a") {
		f = f[1:]
	}
	sp, err := matchSpace(strings.Join(f, " "))
	return n, sp, err
}

// choiceText reads an event's choices as written, after the colon of the
// play line or as the answer to a DecChoice: lower case and trimmed, with
// each leading word given taken off in turn when the text starts with it
// ("commit eck, cajetan" with "commit" reads "eck, cajetan").
func choiceText(text string, lead ...string) string {
	text = strings.TrimSpace(strings.ToLower(text))
	for _, w := range lead {
		if rest, ok := strings.CutPrefix(text, w); ok && (rest == "" || rest[0] == ' ') {
			text = strings.TrimSpace(rest)
		}
	}
	return text
}

// unrestItems reads the spaces of a list of choices that put spaces into
// unrest: "unrest in milan, pavia" or "milan and pavia".
func unrestItems(items []string) []string {
	out := make([]string, 0, len(items))
	for _, x := range items {
		out = append(out, choiceText(x, "unrest", "in"))
	}
	return out
}

// choiceDone closes the event's choices a power owed (DecChoice): the
// decision is answered.
func (s *St) choiceDone() {
	s.Flow.pop()
	s.Mand.Ask = 0
}
