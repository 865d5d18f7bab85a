package richard3

import (
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Rejections in the reader's language. The reasons are written in
// English where the orders are checked; when Apply refuses a submission,
// explain reads the commonest reasons back into messages of the
// catalogue (unknown names with their suggestions, illegal moves, orders
// sent at the wrong time). Only refused submissions pay for it.

var reasons struct {
	once sync.Once
	pats msg.Patterns
}

func reasonPatterns() {
	what := func(s string) (any, bool) {
		switch s {
		case "area", "block", "order", "card in your hand", "block in your pool":
			return msg.New("r3.what." + strings.ReplaceAll(s, " ", "_")), true
		case "card in your hand (play exactly one card, 1.1)":
			return msg.New("r3.what.card_to_play"), true
		case "battle turn", "hit tie", "retreat", "regroup":
			return msg.New("r3.what.decide_" + strings.ReplaceAll(s, " ", "_")), true
		}
		if a, ok := strings.CutPrefix(s, "block of yours that can move from "); ok {
			return msg.New("r3.what.block_from", "Area", a), true
		}
		return msg.Lit(s), true
	}
	p := func(key, english string) *msg.Pattern { return msg.NewPattern(key, english, "", nil) }
	reasons.pats = append(orders.NameReasons("r3", what),
		p("r3.why.no_block_from", "you have no block that can go from {Area}"),
		p("r3.why.max_areas", "a block moves at most {N:int} areas (5.2)"),
		p("r3.why.stop_enemy", "blocks must stop when they enter {Area}, which holds enemy blocks (5.2)"),
		p("r3.why.stop_red", "blocks must stop after crossing the red border into {Area} (5.21)"),
		p("r3.why.exile", "{Area} is an enemy exile area: you can never enter it (2.7)"),
		p("r3.why.no_border", "{From} and {To} have no land border"),
		p("r3.why.sea_cost", "this sea move costs {Cost:int} AP; you have {Left:int} left (5.3, 5.31)"),
		p("r3.why.no_ap", "you have no action points"),
		p("r3.why.no_ap_left", "no action points left (your card gives {AP:int})"),
		p("r3.why.no_card", "you hold no {AP:int} AP action card (play exactly one card, 1.1)"),
		p("r3.why.write_move", "write a move as: move <from> -> <to> [-> <to>]: <blocks or all>"),
		p("r3.why.write_sea", "write a sea move as: sea <from> -> <to>: <blocks>"),
		p("r3.why.write_recruit", "write a recruit as: recruit <block> at <area>"),
		p("r3.why.twice", "{Block} is listed twice"),
		p("r3.why.not_sea", "{Area} is not on a sea zone (5.3)"),
		p("r3.why.no_sea_zone", "{From} and {To} share no sea zone (5.3)"),
		p("r3.why.only_p1", "only Player 1 chooses the order of battles (6.1)"),
	)
}

// explain gives every problem of rej that has no message one read from
// its reason, when the reason is one of the commonest; s is the state
// the submission was refused in.
func (s *State) explain(rej *adjudicator.Rejection) *adjudicator.Rejection {
	reasons.once.Do(reasonPatterns)
	for i := range rej.Problems {
		p := &rej.Problems[i]
		if p.ReasonMsg != nil {
			continue
		}
		var m msg.M
		switch {
		case p.Reason == "you owe no orders now ("+s.label()+")":
			m = msg.New("r3.why.owe_nothing", "Label", s.LabelMsg())
		default:
			var ok bool
			if m, ok = reasons.pats.Match(p.Reason); !ok {
				continue
			}
		}
		p.ReasonMsg = &m
	}
	return rej
}
