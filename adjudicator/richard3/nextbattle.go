package richard3

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Player 1 choosing each next battle (6.1).
//
// In the action phase Player 1 may write "battles ask". Then, once all
// movement is done and whenever a battle has ended, the server stops while
// two or more battles remain and asks him which to fight next (prompt kind
// "next-battle"); he answers "fight <area>". The standing order ("battles
// <area>, <area>") and then the order in which the attacks were made give
// the deadline default. The prompt names areas and block counts only, as
// every report does, never enemy blocks.

// nextBattleVerbs are the orders a next-battle reply may hold.
var nextBattleVerbs = []string{"fight", "battles", "battle", "hits", "regroup"}

func (s *State) nextBattlePrompt(sd Side) adjudicator.Prompt {
	q := s.battleQueue()
	var ch, where []string
	var whereMsg []msg.M
	for _, a := range q {
		ch = append(ch, "fight "+areas[a].Name)
		l, y := s.occupants(a)
		att := s.Fronts[a].Att
		if att == NoSide {
			att = s.P1
		}
		where = append(where, fmt.Sprintf("%s (%s attacks; Lancaster %d, York %d blocks)", areas[a].Name, att, l, y))
		whereMsg = append(whereMsg, msg.New("r3.prompt.next_battle_where", "Area", areas[a].Name, "Attacker", att.String(), "Lancaster", l, "York", y))
	}
	text := "You are Player 1: choose the next battle (6.1). Battles still to fight: " + strings.Join(where, "; ") +
		". Answer fight <area>; you may add standing battle orders (battle <area>: ...) on further lines, or write battles <area>, <area> to fight the rest in that order without being asked again."
	return adjudicator.Prompt{Role: roleOf(sd), Kind: "next-battle", Text: text, TextMsg: m("r3.prompt.next_battle", "Battles", joinMsg("r3.list.semicolon", whereMsg)), Choices: ch,
		Template: []string{ch[0]}}
}

// applyNextBattle takes Player 1's choice of the next battle and fights on.
func (s *State) applyNextBattle(sd Side, lines []adjudicator.Line, dice adjudicator.Dice, res *adjudicator.Result, quiet bool) *adjudicator.Rejection {
	q := s.battleQueue()
	var legal []string
	for _, a := range q {
		legal = append(legal, "fight "+areas[a].Name)
	}
	var probs []adjudicator.Problem
	fight := -1
	var order []int8
	var orderNames []string
	ordered := false
	for _, l := range lines {
		v, rest := orders.Verb(l.Text)
		w, err := matchVerb(v, nextBattleVerbs)
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error() + " (choose the next battle: fight <area>)", Legal: legal})
			continue
		}
		switch w {
		case "fight":
			a, err := matchArea(rest)
			if err != nil {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: legal})
				continue
			}
			if !containsInt(q, a) {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: "no battle is left to fight in " + areas[a].Name, Legal: legal})
				continue
			}
			if fight >= 0 {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: "choose only one battle to fight next", Legal: legal})
				continue
			}
			fight = a
			res.Canonical = append(res.Canonical, "fight "+areas[a].Name)
		case "battles":
			if ordered {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: "give the battle order only once"})
				continue
			}
			if strings.EqualFold(strings.TrimSpace(rest), "ask") {
				ordered = true
				res.Canonical = append(res.Canonical, "battles ask")
				continue
			}
			bad := false
			for _, it := range orders.SplitList(rest) {
				a, err := matchArea(it)
				if err != nil {
					probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error()})
					bad = true
					break
				}
				order = append(order, int8(a))
				orderNames = append(orderNames, areas[a].Name)
			}
			if bad {
				continue
			}
			if len(order) == 0 {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: "name the battles in the order to fight them, or write battles ask"})
				continue
			}
			ordered = true
			res.Canonical = append(res.Canonical, "battles "+strings.Join(orderNames, ", "))
		default: // standing battle orders
			head, spec, ok := splitColon(rest)
			if !ok {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: "write " + w + " <area or all>: <orders>"})
				continue
			}
			area := int8(-1)
			if !strings.EqualFold(head, "all") {
				a, err := matchArea(head)
				if err != nil {
					probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error()})
					continue
				}
				area = int8(a)
			}
			if msg := s.addStanding(sd, area, w, spec); msg != "" {
				probs = append(probs, adjudicator.Problem{Line: l, Reason: msg})
				continue
			}
			res.Canonical = append(res.Canonical, w+" "+head+": "+spec)
		}
	}
	if len(probs) > 0 {
		return &adjudicator.Rejection{Problems: probs}
	}
	if order != nil {
		// A new standing order: fight the rest without asking again.
		s.Order = order
		s.AskOrder = false
	}
	if fight < 0 {
		if order == nil {
			return adjudicator.Reject(adjudicator.Line{}, "no answer found: choose the next battle (fight <area>)", legal...)
		}
		fight = s.nextBattleArea()
	}
	res.Events = append(res.Events, adjudicator.Event{Text: fmt.Sprintf("%s (Player 1) chooses the battle of %s next (6.1).", sd, areas[fight].Name)})
	s.Phase = phBattle
	s.startBattle(fight, dice, quiet, &res.Events)
	s.runBattles(dice, quiet, &res.Events)
	return nil
}

// randomNextBattle answers a next-battle prompt at random: usually one
// battle, sometimes a standing order for the rest.
func (s *State) randomNextBattle(pick func(int) int) []string {
	q := s.battleQueue()
	if pick(4) == 0 {
		for i := len(q) - 1; i > 0; i-- {
			j := pick(i + 1)
			q[i], q[j] = q[j], q[i]
		}
		return []string{"battles " + areaList(q)}
	}
	return []string{"fight " + areas[q[pick(len(q))]].Name}
}
