package hammer

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// fuzzLines are realistic order lines for every kind of prompt, and a few
// that are not orders at all.
var fuzzLines = []string{
	"card Move 3", "card 2", "play herald", "card pillage",
	"move Fife -> Angus: Douglas", "move England -> Dunbar -> Lothian: all", "move buch -> ang: all",
	"move Moray -> Lennox: Norse", "main Buchan from Angus", "pass",
	"battle all: retreat when weaker", "battle Fife: retreat to Lennox when down to 1 blocks",
	"battles Buchan, Fife", "battles ask", "fight Lennox", "hits all: Douglas, Barclay", "regroup Fife: all -> Lennox", "battle all: ask",
	"fire", "retreat to Lennox", "take Douglas", "stay", "regroup to Lennox",
	"raid York Infantry", "home Bruce Annan", "home Comyn Lochaber", "moray stay", "moray disband",
	"edward winter", "edward disband", "disband York Knights", "step York Infantry +1",
	"step Douglas +2", "draw Fife +1", "draw at Lennox", "draw Lanark +1 coast Lennox", "king Fife", "king stay", "wallace selkirk",
	"herald Buchan", "pillage Fife from Angus: Douglas", "sea Fife -> Lennox: Douglas, Barclay",
	"truce", "victuals Fife: Douglas +2, Barclay +1", "coronation Bruce", "return of the king", "ignore",
	"Here are my orders.", "Thanks!", "# a comment", "move", ":", "->", "step +", "draw +x",
}

// FuzzApply applies arbitrary text as a submission of each role that owes
// orders, at a point of a random game chosen by the input. Apply must not
// panic, must leave its receiver unchanged, and every problem of a
// rejection must name a line of the submission (or none).
func FuzzApply(f *testing.F) {
	for i, l := range fuzzLines {
		f.Add(uint64(i%7+1), uint16(i*37%400), l)
		f.Add(uint64(i%5+11), uint16(i*53%900), l+"\n"+fuzzLines[(i+1)%len(fuzzLines)])
	}
	f.Add(uint64(3), uint16(0), "Here are my orders.\ncard Move 2\nThanks!")
	f.Fuzz(func(t *testing.T, seed uint64, pos uint16, text string) {
		scen := []string{"braveheart", "the-bruce", "campaign"}[seed%3]
		d := testdice.New(seed)
		pk := testdice.New(seed*7 + 1)
		st, err := Game{}.Setup(scen, nil, d)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*St)
		for step := 0; step < int(pos)%1500 && !s.Fin; step++ {
			ps := s.Prompts()
			sub := s.RandomSubmission(ps[pk.Intn(len(ps))].Role, pk.Intn)
			ns, _, err := s.Apply(*sub, d)
			if err != nil {
				t.Fatalf("random play refused: %v", err)
			}
			s = ns.(*St)
		}
		lines := toLines(strings.Split(text, "\n"))
		for _, role := range []adjudicator.Role{RoleEngland, RoleScotland, "gm", "york"} {
			before, err := s.Encode()
			if err != nil {
				t.Fatal(err)
			}
			ns, res, err := s.Apply(adjudicator.Submission{Role: role, Lines: lines}, testdice.New(seed+1))
			after, _ := s.Encode()
			if string(before) != string(after) {
				t.Fatalf("Apply changed its receiver (%s)", s.label())
			}
			if err != nil {
				rej, ok := err.(*adjudicator.Rejection)
				if !ok {
					t.Fatalf("error is not a rejection: %v", err)
				}
				if ns != nil || res != nil {
					t.Fatalf("a rejection came with a state")
				}
				if len(rej.Problems) == 0 {
					t.Fatalf("a rejection without problems")
				}
				for _, p := range rej.Problems {
					if p.Line.No < 0 || p.Line.No > len(lines) {
						t.Fatalf("problem on line %d of %d: %s", p.Line.No, len(lines), p.Reason)
					}
					if p.Reason == "" {
						t.Fatalf("a problem without a reason")
					}
				}
				continue
			}
			n := ns.(*St)
			if err := n.Check(); err != nil {
				t.Fatalf("accepted %q in %s: %v", text, s.label(), err)
			}
			if !n.Fin && len(n.Prompts()) == 0 {
				t.Fatalf("no prompts after %q in %s", text, s.label())
			}
		}
	})
}
