package hereistand

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// The order language forgives case, spacing and unambiguous prefixes of
// names, and says what is wrong with a line.
func TestOrderParsing(t *testing.T) {
	hand := []uint8{12, 36}
	for _, c := range []struct {
		p    int
		line string
		want string
	}{
		{France, "play 12 for cp", "play 12 Master of Italy for event"},
		{France, "PLAY  master of   italy", "play 12 Master of Italy for event"},
		{France, "play #36", "play 36 " + cards[36].Name + " for cp"},
		{France, "move 4 from paris to lyon with montmorency", "move 4 from Paris to Lyon with Montmorency"},
		{France, "Move 3r 1m Par to Lyo with Montm, Franc", "move 3 regulars, 1 mercenary from Paris to Lyon with Montmorency, Francis I"},
		{France, "move all from paris to dijon", "move all from Paris to Dijon"},
		{France, "build regular paris", "build 1 regular in Paris"},
		{France, "buy 2 mercs in lyon", "build 2 mercenaries in Lyon"},
		{France, "control dijon", "control Dijon"},
		{France, "remove unrest in metz", "remove unrest in Metz"},
		{France, "assault milan", "assault Milan"},
		{France, "intercept from lyon", "intercept all from Lyon"},
		{France, "avoid battle to dijon", "avoid battle to Dijon"},
		{France, "fall back", "fall back"},
		{France, "move on to lyon", "move on to Lyon"},
		{France, "retreat to orl", "retreat to Orléans"},
		{France, "deploy 5 from paris to lyon with montmorency", "deploy 5 from Paris to Lyon with Montmorency"},
		{France, "pass", "pass"},
		{France, "done", "done"},
	} {
		o, err := parseOrder(c.p, c.line, hand)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if got := o.canonical(c.p); got != c.want {
			t.Errorf("%q reads %q, want %q", c.line, got, c.want)
		}
		// The canonical form reads back the same.
		o2, err := parseOrder(c.p, o.canonical(c.p), hand)
		if err != nil || o2.canonical(c.p) != o.canonical(c.p) {
			t.Errorf("canonical %q does not read back: %v", o.canonical(c.p), err)
		}
	}
	for _, c := range []struct{ line, want string }{
		{"play 13", "not in your hand"},
		{"play 12 for events please", "is Master of Italy"},
		{"move 4 from paris", "where to"},
		{"move from paris to lyon", "which units"},
		{"build cannon in paris", "regular, mercenary"},
		{"control s", "ambiguous"},
		{"fly to the moon", "unknown order"},
		{"move 4 from paris to lyon with suleiman", "not a known leader"},
	} {
		if _, err := parseOrder(France, c.line, hand); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one mentioning %q", c.line, err, c.want)
		}
	}
}

// Every order of the example emails in docs/games/here-i-stand.md reads.
func TestGameDocOrders(t *testing.T) {
	data, err := os.ReadFile("../../docs/games/here-i-stand.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, block := range strings.Split(string(data), "```orders ")[1:] {
		head, body, _ := strings.Cut(block, "\n")
		// A block headed by a seat of two powers names each line's power.
		var seat []int
		for _, id := range strings.Split(strings.TrimSpace(head), "+") {
			p, ok := powerByID[id]
			if !ok {
				t.Fatalf("unknown power %q", head)
			}
			seat = append(seat, p)
		}
		body, _, _ = strings.Cut(body, "```")
		for _, l := range strings.Split(strings.TrimSpace(body), "\n") {
			n++
			p := seat[0]
			if q, rest := linePower(l); q >= 0 {
				if !contains(seat, q) {
					t.Errorf("%s: %q: not a power of the seat", head, l)
				}
				p, l = q, rest
			}
			if _, err := parseOrder(p, l, []uint8{40}); err != nil {
				t.Errorf("%s: %q: %v", powers[p].Name, l, err)
			}
		}
	}
	if n < 5 {
		t.Errorf("%d orders found", n)
	}
}

// Odd lines at every kind of decision are refused or applied, never a
// crash, and a refusal changes nothing.
func TestOddLinesNeverCrash(t *testing.T) {
	odd := []string{"", "move", "move 99 from paris to lyon", "intercept", "intercept from", "naval move", "naval move to",
		"transport", "transport 3 from via to", "lose 0", "lose 99 regulars", "commit -1", "commit all", "retreat", "retreat to",
		"play", "play 999", "play #", "auto", "auto nothing", "deploy 3 from", "avoid battle to", "fall", "move on to",
		"build 0 regular paris", "build 99 regulars in paris", "control", "assault", "remove unrest", "withdraw", "stand", "done", "pass"}
	seen := 0
	kinds := map[string]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		playSeeded(t, seed, func(_ *St, _ *adjudicator.Submission, _ *adjudicator.Result, s *St) {
			seen++
			ps := s.Prompts()
			if s.Flow.Over || kinds[ps[0].Kind] && seen%7 != 0 {
				return
			}
			kinds[ps[0].Kind] = true
			before, _ := s.Encode()
			for _, role := range s.Owing() {
				for _, l := range odd {
					sub := adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{No: 1, Text: l}}}
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Fatalf("%s %q at %s: panic %v", role, l, s.Status().Label, r)
							}
						}()
						_, _, _ = s.Apply(sub, testdice.New(1))
					}()
				}
			}
			if after, _ := s.Encode(); !bytes.Equal(before, after) {
				t.Fatalf("Apply changed its receiver")
			}
		})
	}
	if len(kinds) < 8 {
		t.Errorf("only %d kinds of decision tried: %v", len(kinds), kinds)
	}
}

// The impulse prompt shows how action lines read before a card is played
// (HIS-11a): one example of each action the best card in hand pays for,
// each a line the actions prompt would accept once the card is played.
func TestHIS11a_ImpulsePromptShowsActionExamples(t *testing.T) {
	s := englandImpulse(t, 1, 3, 74) // Six Wives (5 CP), Diplomatic Overture (5 CP)
	var pr *adjudicator.Prompt
	for _, x := range s.Prompts() {
		if x.Kind == "impulse" {
			pr = &x
		}
	}
	require.NotNil(t, pr)
	var ex []string
	for i, c := range pr.Choices {
		if strings.HasPrefix(c, "for example: ") {
			ex = append([]string{strings.TrimPrefix(c, "for example: ")}, pr.Choices[i+1:]...)
		}
	}
	require.NotEmpty(t, ex, "choices: %v", pr.Choices)
	require.True(t, strings.HasPrefix(ex[0], "move "), "the first example is a move: %v", ex)
	played := s.clone()
	played.Flow.Card, played.Flow.CP = 3, 5
	forms := played.actionForms(England)
	for _, x := range ex {
		require.Contains(t, forms, x)
	}
}
