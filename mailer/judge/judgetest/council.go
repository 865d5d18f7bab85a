package judgetest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// council is a test-only game for 3 to 6 players, shaped like the
// interactions of a card-driven multi-player game: each round the active
// player makes a claim (1..6) and every other player answers at the same
// time, secretly, "doubt" or "trust" (a response by the other players in
// the middle of the active player's turn). A die decides: if it is at
// least the claim, the claimer scores the claim and each doubter loses a
// point; otherwise each doubter scores a point. First to 10 wins.
type council struct{}

func init() { adjudicator.Register(council{}) }

var councilRoles = []adjudicator.Role{"red", "blue", "green", "gold", "black", "white"}

type councilState struct {
	N       int // players
	Round   int
	Active  int
	Claim   int   // 0 while the active player owes his claim
	Answers []int // per player: 0 none yet, 1 trust, 2 doubt
	Points  []int
}

func (council) Info() adjudicator.Info {
	var sc []adjudicator.Scenario
	for n := 3; n <= 6; n++ {
		sc = append(sc, adjudicator.Scenario{ID: fmt.Sprintf("%d-players", n), Title: fmt.Sprintf("%d players", n), Roles: councilRoles[:n]})
	}
	return adjudicator.Info{Name: "council-test", Title: "Council (test game)", Roles: councilRoles, Scenarios: sc}
}

func (council) Setup(scenario string, _ adjudicator.Options, _ adjudicator.Dice) (adjudicator.State, error) {
	n := 3
	if _, err := fmt.Sscanf(scenario, "%d-players", &n); err != nil || n < 3 || n > 6 {
		return nil, fmt.Errorf("council: unknown scenario %q", scenario)
	}
	return &councilState{N: n, Round: 1, Answers: make([]int, n), Points: make([]int, n)}, nil
}

func (council) Decode(b []byte) (adjudicator.State, error) {
	var s councilState
	return &s, json.Unmarshal(b, &s)
}

func (s *councilState) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *councilState) winner() int {
	for i, p := range s.Points {
		if p >= 10 {
			return i
		}
	}
	return -1
}

func (s *councilState) Status() adjudicator.Status {
	st := adjudicator.Status{Turn: s.Round, Label: fmt.Sprintf("Round %d: %s's claim", s.Round, councilRoles[s.Active])}
	if w := s.winner(); w >= 0 {
		st.Finished, st.Winner, st.Label = true, []adjudicator.Role{councilRoles[w]}, "Game over"
		st.Result = string(councilRoles[w]) + " wins"
	}
	return st
}

func (s *councilState) idx(r adjudicator.Role) int {
	for i := 0; i < s.N; i++ {
		if councilRoles[i] == r {
			return i
		}
	}
	return -1
}

func (s *councilState) Prompts() []adjudicator.Prompt {
	if s.winner() >= 0 {
		return nil
	}
	if s.Claim == 0 {
		return []adjudicator.Prompt{{Role: councilRoles[s.Active], Kind: "claim", Text: "Make your claim (1 to 6).",
			Choices: []string{"claim 1", "claim 2", "claim 3", "claim 4", "claim 5", "claim 6"}, Template: []string{"claim 3"}}}
	}
	var out []adjudicator.Prompt
	for i := 0; i < s.N; i++ {
		if i != s.Active && s.Answers[i] == 0 {
			out = append(out, adjudicator.Prompt{Role: councilRoles[i], Kind: "answer", Secret: true,
				Text:    fmt.Sprintf("%s claims %d: trust or doubt?", councilRoles[s.Active], s.Claim),
				Choices: []string{"trust", "doubt"}, Template: []string{"trust"}})
		}
	}
	return out
}

func (s *councilState) View(role adjudicator.Role) adjudicator.View {
	var b strings.Builder
	fmt.Fprintf(&b, "Round %d, %s is active.", s.Round, councilRoles[s.Active])
	for i := 0; i < s.N; i++ {
		fmt.Fprintf(&b, "\n%-6s %2d points", councilRoles[i], s.Points[i])
	}
	if i := s.idx(role); i >= 0 && s.Answers[i] != 0 {
		fmt.Fprintf(&b, "\nYour answer: %s", map[int]string{1: "trust", 2: "doubt"}[s.Answers[i]])
	}
	return adjudicator.View{Role: role, Sections: []adjudicator.Section{{Title: "Council", Body: b.String()}}}
}

func (s *councilState) clone() *councilState {
	n := *s
	n.Answers = append([]int(nil), s.Answers...)
	n.Points = append([]int(nil), s.Points...)
	return &n
}

func (s *councilState) Apply(sub adjudicator.Submission, d adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	i := s.idx(sub.Role)
	owes := false
	for _, p := range s.Prompts() {
		owes = owes || p.Role == sub.Role
	}
	if i < 0 || !owes || len(sub.Lines) != 1 {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, "one answer, from a player who owes one")
	}
	l := sub.Lines[0]
	n := s.clone()
	res := &adjudicator.Result{Canonical: []string{strings.ToLower(l.Text)}}
	f := strings.Fields(strings.ToLower(l.Text))
	switch {
	case n.Claim == 0:
		v := 0
		if len(f) == 2 && f[0] == "claim" {
			v, _ = strconv.Atoi(f[1])
		}
		if v < 1 || v > 6 {
			return nil, nil, adjudicator.Reject(l, "claim a number from 1 to 6", "claim 1", "claim 6")
		}
		n.Claim = v
		res.Events = append(res.Events, adjudicator.Event{Text: fmt.Sprintf("%s claims %d.", sub.Role, v)})
	default:
		if len(f) != 1 || (f[0] != "trust" && f[0] != "doubt") {
			return nil, nil, adjudicator.Reject(l, "answer trust or doubt", "trust", "doubt")
		}
		n.Answers[i] = map[string]int{"trust": 1, "doubt": 2}[f[0]]
		res.Events = append(res.Events, adjudicator.Event{To: []adjudicator.Role{sub.Role}, Text: "You " + f[0] + "."})
		if len(n.Prompts()) == 0 {
			roll := d.Roll(fmt.Sprintf("round %d claim", n.Round), 6)
			ok := roll >= n.Claim
			var doubters []string
			for j := 0; j < n.N; j++ {
				if n.Answers[j] == 2 {
					doubters = append(doubters, string(councilRoles[j]))
					if ok {
						n.Points[j]--
					} else {
						n.Points[j]++
					}
				}
			}
			if ok {
				n.Points[n.Active] += n.Claim
			}
			res.Events = append(res.Events, adjudicator.Event{Text: fmt.Sprintf("The die shows %d: the claim %s. Doubters: %s.",
				roll, map[bool]string{true: "holds", false: "fails"}[ok], strings.Join(doubters, ", "))})
			n.Active = (n.Active + 1) % n.N
			n.Claim = 0
			n.Answers = make([]int, n.N)
			n.Round++
		}
	}
	return n, res, nil
}

func (s *councilState) Default(role adjudicator.Role) *adjudicator.Submission {
	for _, p := range s.Prompts() {
		if p.Role == role {
			return &adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{Text: p.Template[0]}}}
		}
	}
	return nil
}

func (s *councilState) RandomSubmission(role adjudicator.Role, pick func(int) int) *adjudicator.Submission {
	for _, p := range s.Prompts() {
		if p.Role == role {
			return &adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{No: 1, Text: p.Choices[pick(len(p.Choices))]}}}
		}
	}
	return nil
}
