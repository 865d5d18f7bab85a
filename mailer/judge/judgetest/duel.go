// Package judgetest provides Duel, a small game used by the platform's
// tests (judge, daemon, command line) to exercise the engine interface
// without depending on a real game's rules. It is imported only by tests
// and never ships as a user-facing game.
package judgetest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// duel is a small test-only game that exercises the platform: both
// players secretly pick a number of dice (1..3) each round; the picks are
// revealed together, both roll, and the higher total scores a point. A
// private "hunch" event goes only to the player who picked 3. First to 3
// points wins. The order "boom" simulates an engine defect (a panic). It
// never ships.
type duel struct{}

func init() { adjudicator.Register(duel{}) }

var duelRoles = []adjudicator.Role{"north", "south"}

// MaxPick is the most dice a pick may name (3). A test lowers it to
// play a newer version of the rules that refuses orders an older one
// accepted, as an upgrade of pbem may do to a game in progress.
var MaxPick = 3

type duelState struct {
	Round  int
	Picks  [2]int // 0 = not yet
	Points [2]int
	// DefaultOrder replaces "pick 1" at a deadline (option "default"):
	// "boom" simulates an engine whose Default fails.
	DefaultOrder string `json:",omitempty"`
	// Target is the points that win (option "target"; 0: 3).
	Target int `json:",omitempty"`
}

func (duel) Info() adjudicator.Info {
	return adjudicator.Info{Name: "duel-test", Title: "Duel (test game)", Roles: duelRoles,
		Scenarios: []adjudicator.Scenario{{ID: "standard", Title: "Standard"}},
		Options: []adjudicator.OptionSpec{{Name: "target", Help: "points to win", Default: "3", Values: []string{"2", "3", "9"}},
			{Name: "default", Help: "order applied at a deadline (boom: a simulated defect)", Default: "pick 1", Values: []string{"pick 1", "boom"}}}}
}

func (duel) Setup(_ string, opts adjudicator.Options, _ adjudicator.Dice) (adjudicator.State, error) {
	s := &duelState{Round: 1}
	switch opts.Get("target", "3") {
	case "2":
		s.Target = 2
	case "9":
		s.Target = 9
	}
	if v := opts.Get("default", "pick 1"); v != "pick 1" {
		s.DefaultOrder = v
	}
	return s, nil
}

func (duel) Decode(b []byte) (adjudicator.State, error) {
	var s duelState
	return &s, json.Unmarshal(b, &s)
}

func (s *duelState) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *duelState) Status() adjudicator.Status {
	st := adjudicator.Status{Turn: s.Round, Label: fmt.Sprintf("Round %d: pick your dice", s.Round)}
	target := 3
	if s.Target > 0 {
		target = s.Target
	}
	for i, p := range s.Points {
		if p >= target {
			st.Finished, st.Winner = true, []adjudicator.Role{duelRoles[i]}
			st.Result = fmt.Sprintf("%s wins %d-%d", duelRoles[i], p, s.Points[1-i])
			st.Label = "Game over"
		}
	}
	return st
}

func (s *duelState) Prompts() []adjudicator.Prompt {
	if s.Status().Finished {
		return nil
	}
	var out []adjudicator.Prompt
	for i, r := range duelRoles {
		if s.Picks[i] == 0 {
			out = append(out, adjudicator.Prompt{Role: r, Kind: "pick", Text: "Pick how many dice to roll this round.",
				Choices: []string{"pick 1", "pick 2", "pick 3"}, Template: []string{"pick 2"}, Secret: true})
		}
	}
	return out
}

func idx(r adjudicator.Role) int {
	if r == "south" {
		return 1
	}
	return 0
}

func (s *duelState) View(role adjudicator.Role) adjudicator.View {
	body := fmt.Sprintf("Round %d. Points: north %d, south %d.", s.Round, s.Points[0], s.Points[1])
	if role == adjudicator.GM {
		body += fmt.Sprintf("\nPicks: north %d, south %d", s.Picks[0], s.Picks[1])
	} else if p := s.Picks[idx(role)]; p != 0 {
		body += fmt.Sprintf("\nYour pick: %d (secret until both are in)", p)
	}
	return adjudicator.View{Role: role, Sections: []adjudicator.Section{{Title: "Score", Body: body}}}
}

func (s *duelState) Apply(sub adjudicator.Submission, d adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	i := idx(sub.Role)
	if s.Picks[i] != 0 {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, "you have already picked this round")
	}
	n := *s
	res := &adjudicator.Result{}
	var rej adjudicator.Rejection
	for _, l := range sub.Lines {
		if l.Text == "boom" {
			panic("boom: a simulated engine defect")
		}
		f := strings.Fields(strings.ToLower(l.Text))
		if len(f) != 2 || !strings.HasPrefix("pick", f[0]) {
			rej.Problems = append(rej.Problems, adjudicator.Problem{Line: l, Reason: "unknown order", Legal: []string{"pick 1", "pick 2", "pick 3"}})
			continue
		}
		v, err := strconv.Atoi(f[1])
		if err != nil || v < 1 || v > MaxPick {
			rej.Problems = append(rej.Problems, adjudicator.Problem{Line: l, Reason: "you may pick 1, 2 or 3 dice", Legal: []string{"pick 1", "pick 2", "pick 3"}})
			continue
		}
		n.Picks[i] = v
		res.Canonical = append(res.Canonical, fmt.Sprintf("pick %d", v))
	}
	if len(rej.Problems) > 0 {
		return nil, nil, &rej
	}
	if n.Picks[i] == 0 {
		return nil, nil, adjudicator.Reject(adjudicator.Line{}, "no pick given", "pick 1", "pick 2", "pick 3")
	}
	res.Events = append(res.Events, adjudicator.Event{Text: fmt.Sprintf("%s has picked.", sub.Role)})
	if n.Picks[i] == 3 {
		res.Events = append(res.Events, adjudicator.Event{To: []adjudicator.Role{sub.Role}, Text: "Your hunch: go big."})
	}
	if n.Picks[0] != 0 && n.Picks[1] != 0 {
		var tot [2]int
		var rolls [2][]string
		for k := 0; k < 2; k++ {
			for j := 0; j < n.Picks[k]; j++ {
				v := d.Roll(fmt.Sprintf("round %d %s die %d", n.Round, duelRoles[k], j+1), 6)
				tot[k] += v
				rolls[k] = append(rolls[k], strconv.Itoa(v))
			}
		}
		line := fmt.Sprintf("Round %d: north rolls %s = %d; south rolls %s = %d", n.Round, strings.Join(rolls[0], " "), tot[0], strings.Join(rolls[1], " "), tot[1])
		switch {
		case tot[0] > tot[1]:
			n.Points[0]++
			line += "; north scores."
		case tot[1] > tot[0]:
			n.Points[1]++
			line += "; south scores."
		default:
			line += "; a tie."
		}
		res.Events = append(res.Events, adjudicator.Event{Text: line})
		n.Picks = [2]int{}
		n.Round++
	}
	return &n, res, nil
}

func (s *duelState) Default(role adjudicator.Role) *adjudicator.Submission {
	if s.Status().Finished || s.Picks[idx(role)] != 0 {
		return nil
	}
	if s.DefaultOrder != "" {
		return &adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{Text: s.DefaultOrder}}}
	}
	return &adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{Text: "pick 1"}}}
}

func (s *duelState) RandomSubmission(role adjudicator.Role, pick func(int) int) *adjudicator.Submission {
	if s.Status().Finished || s.Picks[idx(role)] != 0 {
		return nil
	}
	return &adjudicator.Submission{Role: role, Lines: []adjudicator.Line{{No: 1, Text: fmt.Sprintf("pick %d", pick(3)+1)}}}
}
