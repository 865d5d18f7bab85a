package hereistand

import (
	"github.com/pbem/pbem/adjudicator/msg"
)

// The view as data: the status label, the section titles and the lines
// that are words rather than names, as messages of the game's catalogue
// (locales/), so that each reader gets them in his language. Card,
// leader and space names stay as printed.

func vm(key string, kv ...any) *msg.M {
	x := msg.New(key, kv...)
	return &x
}

// phaseLabelKeys name the phases in the status label ("Action phase").
var phaseLabelKeys = [NPhase]string{"", "his.label.luther", "his.label.card_draw", "his.label.diplomacy",
	"his.label.diet_of_worms", "his.label.spring_deployment", "his.label.action", "his.label.winter",
	"his.label.new_world", "his.label.victory"}

// LabelMsg implements adjudicator.Labeler: Status().Label as a message.
func (s *St) LabelMsg() msg.M {
	if s.Flow.Over {
		return msg.New("his.label.over", "Result", s.Flow.Result)
	}
	return msg.New("his.label.turn", "Turn", msg.New("his.turn", "Turn", s.Turn, "Years", turnYears(s.Turn)),
		"Phase", msg.New(phaseLabelKeys[s.Phase]))
}
