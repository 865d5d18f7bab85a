package richard3

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// fuzzPosition plays seed's random game for up to steps submissions and
// returns the state reached (never a finished one when avoidable).
func fuzzPosition(tb testing.TB, seed uint64, steps int) *State {
	d := testdice.New(seed)
	pk := testdice.New(seed ^ 0xf00d)
	st, err := Game{}.Setup([]string{"", "kingmaker", "richard-iii"}[seed%3], nil, d)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*State)
	for n := 0; n < steps && !s.Finished; n++ {
		ps := s.Prompts()
		if len(ps) == 0 {
			tb.Fatalf("no prompts in %s", s.label())
		}
		sub := s.RandomSubmission(ps[pk.Intn(len(ps))].Role, pk.Intn)
		ns, _, err := s.Apply(*sub, d)
		if err != nil {
			tb.Fatalf("random submission rejected: %v", err)
		}
		next := ns.(*State)
		if next.Finished {
			break
		}
		s = next
	}
	return s
}

// FuzzApply applies arbitrary text as a submission at positions reached by
// random play: no panic, rejections carry line numbers in range, and the
// receiver never changes.
// Rules: R3-3.0b.
func FuzzApply(f *testing.F) {
	seeds := []string{
		// card and mulligan
		"card 3", "card Surprise", "4", "play 2 AP", "mulligan", "keep", "redraw",
		"Here are my orders.\ncard 2\nThanks!",
		// actions
		"move Middlesex -> Oxford: all", "move Calais -> Kent: March",
		"move East Anglia -> Essex -> Middlesex: Norfolk, Suffolk",
		"sea Calais -> East Anglia: Warwick, Salisbury", "sea Ireland -> Chester: York",
		"recruit Norfolk at East Anglia\nrecruit Norwich Levy at East Anglia",
		"recruit Bombard at London", "recruit Rebel at Derby", "recruit Welsh at Powys",
		"main Oxford from Middlesex", "battles Oxford, Kent",
		"battle all: fire", "battle Oxford: retreat to Leicester if weaker", "battle all: ask",
		"battle all: treachery; charge", "hits Oxford: Warwick, Kent",
		"regroup Oxford: Warwick -> Leicester", "muster Middlesex", "plague London",
		"treason Oxford", "execute Exeter", "pass", "done",
		// battle decisions
		"fire", "retreat to Leicester", "pass", "charge Warwick", "treachery Northumberland",
		"hit Warwick",
		// supply, homes, reset
		"place Prince Edward at Middlesex", "lose Middlesex: Oxford", "home Warwick -> Glamorgan",
		"pool Kent", "# only a comment", "->:;,", "move : ->", "recruit at", "lose :",
	}
	for i, t := range seeds {
		f.Add(uint64(i), uint16(i*7), t)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps uint16, text string) {
		s := fuzzPosition(t, seed, int(steps%160))
		before, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		ls := strings.Split(text, "\n")
		var sub []adjudicator.Line
		for i, l := range ls {
			sub = append(sub, adjudicator.Line{No: i + 1, Text: strings.TrimSpace(l)})
		}
		for _, r := range []adjudicator.Role{RoleLancaster, RoleYork, "gm", "france"} {
			ns, res, err := s.Apply(adjudicator.Submission{Role: r, Lines: sub}, testdice.New(seed+1))
			after, _ := s.Encode()
			if !bytes.Equal(before, after) {
				t.Fatalf("Apply(%s, %q) changed the receiver", r, text)
			}
			if err != nil {
				var rej *adjudicator.Rejection
				if !errors.As(err, &rej) {
					t.Fatalf("Apply(%s, %q): error %T is not a *Rejection", r, text, err)
				}
				if ns != nil || res != nil {
					t.Fatalf("a rejection came with a state or result")
				}
				if len(rej.Problems) == 0 {
					t.Fatalf("a rejection without problems")
				}
				hidden := hiddenEnemyNames(s, r, text)
				for _, p := range rej.Problems {
					for _, txt := range append([]string{p.Reason}, p.Legal...) {
						txt = strings.ToLower(txt)
						for _, c := range cards {
							txt = strings.ReplaceAll(txt, strings.ToLower(c.Name), "")
						}
						for _, n := range hidden {
							if strings.Contains(txt, n) {
								t.Fatalf("rejection for %s names hidden enemy block %q: %s", r, n, txt)
							}
						}
					}
					if p.Line.No < 0 || p.Line.No > len(ls) {
						t.Fatalf("problem line %d out of range 0..%d: %s", p.Line.No, len(ls), p.Reason)
					}
					if p.Reason == "" {
						t.Fatalf("a problem without a reason")
					}
				}
				continue
			}
			if err := ns.(*State).Check(); err != nil {
				t.Fatalf("Apply(%s, %q) accepted into a broken state: %v", r, text, err)
			}
		}
	})
}

// hiddenEnemyNames lists (lower case) the names of role's enemy blocks that
// role may not see now, leaving out names that are also area or side
// names, names the player wrote himself and blocks in the battle being
// fought (revealed to both sides, 6.1).
func hiddenEnemyNames(s *State, role adjudicator.Role, text string) []string {
	me := sideOfRole(role)
	if me == NoSide {
		return nil
	}
	inBattle := map[int]bool{}
	if s.Battle != nil {
		for _, b := range s.Battle.Blocks {
			inBattle[b.Data] = true
			inBattle[blockIdx[b.ID]] = true
		}
	}
	low := strings.ToLower(text)
	var out []string
	for i := 0; i < nBlocks; i++ {
		if s.owner(i) == me || inBattle[i] || s.Loc[i] == locDead || s.Loc[i] == locAside {
			continue
		}
		n := strings.ToLower(blocks[i].Name)
		shared := n == "york" || n == "lancaster" || strings.Contains(low, n)
		for j := 0; j < nBlocks; j++ {
			if blocks[j].Side == me && strings.EqualFold(blocks[j].Name, n) {
				shared = true // e.g. both sides have a Bombard
			}
		}
		for _, a := range areaNames {
			for _, al := range append([]string{a.ID}, a.Aliases...) {
				if strings.Contains(strings.ToLower(al), n) || strings.Contains(n, strings.ToLower(al)) {
					shared = true
				}
			}
		}
		if !shared {
			out = append(out, n)
		}
	}
	return out
}
