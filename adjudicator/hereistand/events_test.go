package hereistand

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// frameworkCard is a plain event card of the first turn (its own event, if
// any, is put aside by withEvent), of cp CP if there is one, else of any CP.
func frameworkCard(t *testing.T, cp int) int {
	t.Helper()
	any := 0
	for n := 1; n <= NBase; n++ {
		c := cards[n]
		if c.Type != CardEvent || c.EntryCond != EntryTurn || c.Entry > 1 || choiceHooks[n] != nil {
			continue
		}
		if c.CP == cp {
			return n
		}
		if any == 0 {
			any = n
		}
	}
	if any == 0 {
		t.Fatal("no event card of the first turn")
	}
	return any
}

// withEvent puts ev in place of card n's event for the length of the
// test.
func withEvent(t *testing.T, n int, ev cardEvent) {
	t.Helper()
	old := events[n]
	events[n] = &ev
	t.Cleanup(func() { events[n] = old })
}

// HIS-6.1a, HIS-6.1e, HIS-6.2g, HIS-11c: the event framework. A card
// whose event has code is played "for event" with its choices after a
// colon; the event gets them as written, the card gives no CP and goes
// to the discard pile (or is removed when the card says so) and, with
// no CP to spend, the impulse passes on; a refused
// event refuses the whole email and changes nothing; an event that
// cannot be played now is refused with the legal plays; the prompts list
// the event with its example choices.
func TestHIS6_1_EventFramework(t *testing.T) {
	s := toAction(t, 5)
	n := frameworkCard(t, 2)
	var got []string
	withEvent(t, n, cardEvent{
		can: func(s *St, p int) error {
			if p == Papacy {
				return errors.New("not for the Papacy")
			}
			return nil
		},
		play: func(r *run, p int, args string) error {
			if args == "wrong" {
				return errLegal([]string{"right"}, "wrong is not a choice")
			}
			got = append(got, args)
			r.say("%s chooses %s.", powers[p].Name, args)
			return nil
		},
		examples: func(s *St, p int) []string { return []string{"right"} },
	})
	deal(s, s.Active, uint8(n))
	p := s.Active
	name := cards[n].Name

	// The prompts list the event with its example.
	if !strings.Contains(strings.Join(s.playChoices(p), "\n"), "play "+strconv.Itoa(n)+" "+name+" for event: right") {
		t.Errorf("play choices %q", s.playChoices(p))
	}

	// Choices are passed as written (case and spacing forgiven).
	ns, res := submit(t, s, p, testdice.New(1), "PLAY "+strconv.Itoa(n)+" for event:   Right  Here ")
	if len(got) != 1 || got[0] != "right here" {
		t.Fatalf("event args %q", got)
	}
	if ns.Active == p || !containsCard(ns.Discard, n) || containsCard(ns.Hands[p], n) {
		t.Errorf("card %d: active %d, discard %v, hand %v", n, ns.Active, ns.Discard, ns.Hands[p])
	}
	if txt := eventText(res, roleOf(Papacy)); !strings.Contains(txt, "as an event") || !strings.Contains(txt, "chooses right here") {
		t.Errorf("events %q", txt)
	}
	if len(res.Canonical) == 0 || res.Canonical[0] != "play "+strconv.Itoa(n)+" "+name+" for event: right here" {
		t.Errorf("canonical %q", res.Canonical)
	}

	// A refused event refuses everything, with its legal choices.
	got = nil
	rej := refuse(t, s, p, "play "+strconv.Itoa(n)+" for event: wrong")
	if len(got) != 0 || !strings.Contains(rej.Problems[0].Reason, "wrong is not a choice") || len(rej.Problems[0].Legal) != 1 {
		t.Errorf("rejection %+v", rej.Problems)
	}
	// A card name with a colon of its own is not an event's choices.
	if o, err := parseOrder(p, "play machiavelli: the prince for cp", []uint8{40}); err != nil || o.args != "" || o.card != 40 || !o.forCP {
		t.Errorf("Machiavelli for cp: %+v %v", o, err)
	}
	if o, err := parseOrder(p, "play machiavelli: the prince for event: declare war", []uint8{40}); err != nil || o.args != "declare war" || o.card != 40 || !o.forEvent {
		t.Errorf("Machiavelli for event: %+v %v", o, err)
	}

	// Removed after play when the card says so (HIS-6.2g).
	old := cards[n].Remove
	cards[n].Remove = RemoveCard
	t.Cleanup(func() { cards[n].Remove = old })
	ns, _ = submit(t, s, p, testdice.New(1), "play "+strconv.Itoa(n)+" for event: right")
	if !ns.Removed.has(n) || containsCard(ns.Discard, n) {
		t.Errorf("removed %v discard %v", ns.Removed.has(n), ns.Discard)
	}

	// An event that cannot be played now is refused with the legal plays.
	if s.eventPlayable(Papacy, n) == nil {
		t.Errorf("the Papacy may play it")
	}
}
