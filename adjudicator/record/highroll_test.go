package record

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// highroll is a tiny game used only by these tests. At setup a hidden
// shuffle deals each player a bonus card (0-4). Each turn both players
// order "roll K" (1 <= K <= 20): K six-sided dice are added to their
// score. After the last turn the highest score wins.
type highroll struct{}

var roles = []adjudicator.Role{"red", "blue"}

func (highroll) Info() adjudicator.Info {
	return adjudicator.Info{
		Name: "highroll", Title: "High Roll", Roles: roles,
		Scenarios: []adjudicator.Scenario{{ID: "standard", Title: "Standard"}},
		Options:   []adjudicator.OptionSpec{{Name: "turns", Help: "number of turns", Default: "3"}},
	}
}

type hrState struct {
	Turn  int     `json:"turn"`
	Turns int     `json:"turns"`
	Score [2]int  `json:"score"`
	Bonus [2]int  `json:"bonus"`
	Done  [2]bool `json:"done"`
	Over  bool    `json:"over"`
}

func (highroll) Setup(scenario string, opts adjudicator.Options, d adjudicator.Dice) (adjudicator.State, error) {
	if scenario != "standard" {
		return nil, fmt.Errorf("unknown scenario %q", scenario)
	}
	turns, err := strconv.Atoi(opts.Get("turns", "3"))
	if err != nil || turns < 1 {
		return nil, fmt.Errorf("bad turns option")
	}
	deck := []int{0, 1, 2, 3, 4}
	adjudicator.Shuffle(d, "bonus deck", len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return &hrState{Turn: 1, Turns: turns, Bonus: [2]int{deck[0], deck[1]}}, nil
}

func (highroll) Decode(b []byte) (adjudicator.State, error) {
	var s hrState
	err := json.Unmarshal(b, &s)
	return &s, err
}

func (s *hrState) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *hrState) Status() adjudicator.Status {
	st := adjudicator.Status{Turn: s.Turn, Label: fmt.Sprintf("turn %d of %d", s.Turn, s.Turns), Finished: s.Over}
	if s.Over {
		a, b := s.Score[0]+s.Bonus[0], s.Score[1]+s.Bonus[1]
		switch {
		case a > b:
			st.Winner = []adjudicator.Role{"red"}
		case b > a:
			st.Winner = []adjudicator.Role{"blue"}
		}
		st.Result = fmt.Sprintf("red %d, blue %d", a, b)
	}
	return st
}

func seat(r adjudicator.Role) int {
	for i, x := range roles {
		if x == r {
			return i
		}
	}
	return -1
}

func (s *hrState) Prompts() []adjudicator.Prompt {
	var out []adjudicator.Prompt
	for i, r := range roles {
		if !s.Over && !s.Done[i] {
			out = append(out, adjudicator.Prompt{Role: r, Kind: "roll", Text: "how many dice?", Choices: []string{"roll 1", "roll 20"}})
		}
	}
	return out
}

func (s *hrState) View(role adjudicator.Role) adjudicator.View {
	body := fmt.Sprintf("red %d, blue %d", s.Score[0], s.Score[1])
	if i := seat(role); i >= 0 {
		body += fmt.Sprintf("\nyour bonus: %d", s.Bonus[i])
	}
	return adjudicator.View{Role: role, Sections: []adjudicator.Section{{Title: "score", Body: body}}}
}

func (s *hrState) Apply(sub adjudicator.Submission, d adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	i := seat(sub.Role)
	if i < 0 || s.Over || s.Done[i] {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, "you owe nothing now")
	}
	if len(sub.Lines) != 1 {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, "send exactly one line: roll K")
	}
	l := sub.Lines[0]
	f := strings.Fields(strings.ToLower(l.Text))
	k := 0
	if len(f) == 2 && f[0] == "roll" {
		k, _ = strconv.Atoi(f[1])
	}
	if k < 1 || k > 20 {
		return nil, nil, adjudicator.Reject(l, "expected roll K with K from 1 to 20")
	}
	n := *s
	total := 0
	for j := 1; j <= k; j++ {
		total += d.Roll(fmt.Sprintf("%s t%d die %d", sub.Role, s.Turn, j), 6)
	}
	n.Score[i] += total
	n.Done[i] = true
	if n.Done[0] && n.Done[1] {
		n.Done = [2]bool{}
		if n.Turn == n.Turns {
			n.Over = true
		} else {
			n.Turn++
		}
	}
	canon := fmt.Sprintf("roll %d", k)
	return &n, &adjudicator.Result{Canonical: []string{canon},
		Events: []adjudicator.Event{{Text: fmt.Sprintf("%s rolls %d dice: %d", sub.Role, k, total)}}}, nil
}

func (s *hrState) Default(role adjudicator.Role) *adjudicator.Submission {
	i := seat(role)
	if i < 0 || s.Over || s.Done[i] {
		return nil
	}
	return &adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{Text: "roll 1"}}}
}
