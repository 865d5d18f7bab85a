package hammer

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
		case "area", "block of yours", "noble", "order", "battle turn", "hit tie", "retreat", "regroup":
			return msg.New("ham.what." + strings.ReplaceAll(s, " ", "_")), true
		}
		return msg.Lit(s), true
	}
	p := func(key, english string) *msg.Pattern { return msg.NewPattern(key, english, "", nil) }
	reasons.pats = append(orders.NameReasons("ham", what),
		p("ham.why.no_card", `you have no card "{Card}"`),
		p("ham.why.play_card", "now play a card: card <name or value>"),
		p("ham.why.one_card", "play only one card"),
		p("ham.why.cannot_reach", "{Block} cannot reach {To} from {From} this turn"),
		p("ham.why.unknown_move_order", `unknown order "{Verb}" in the movement phase`),
		p("ham.why.write_move", "write move <from> -> <to>: <blocks or all>"),
		p("ham.why.write_sea", "write sea <coastal area> -> <friendly coastal area>: <1 or 2 blocks>"),
		p("ham.why.no_blocks_in", "you have no blocks in {Area}"),
		p("ham.why.no_block_left", "you have no block left to move in {Area}"),
		p("ham.why.not_adjacent", "{A} is not adjacent to {B}"),
		p("ham.why.moves_only", "{Block} moves only {N:int} areas"),
		p("ham.why.must_stop", "{Block} must stop in {Area}"),
		p("ham.why.truce", "Truce: you may not attack this turn"),
		p("ham.why.one_answer", "one answer is enough: the battle asks again when it needs you"),
		p("ham.why.battle_waits", "the battle waits for your answer"),
		p("ham.why.resolve_event", "resolve your event now"),
	)
}

// explain gives every problem of rej that has no message one read from
// its reason, when the reason is one of the commonest; s is the state
// the submission was refused in.
func (s *St) explain(rej *adjudicator.Rejection) *adjudicator.Rejection {
	reasons.once.Do(reasonPatterns)
	for i := range rej.Problems {
		p := &rej.Problems[i]
		if p.ReasonMsg != nil {
			continue
		}
		var m msg.M
		switch p.Reason {
		case "you owe no orders now (" + s.label() + ")":
			m = msg.New("ham.why.owe_nothing", "Label", s.LabelMsg())
		case "the game is over (" + s.label() + ")":
			m = msg.New("ham.why.game_over", "Label", s.LabelMsg())
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
