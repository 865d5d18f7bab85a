package hexbattle

import (
	"embed"
	"io/fs"

	"github.com/pbem/pbem/adjudicator/msg"
)

// The game's words as messages of its catalogue (locales/), so that each
// reader gets the status, the prompts and the section titles in his
// language. Names from the scenario pack (sides, units, leaders, terrain)
// stay as the pack writes them.

//go:embed locales/*.yaml
var locales embed.FS

// Locales implements adjudicator.Localized.
func (Game) Locales() (fs.FS, string) { return locales, "locales" }

func m(key string, kv ...any) *msg.M {
	x := msg.New(key, kv...)
	return &x
}

// phaseMsg names a phase.
func phaseMsg(ph string) msg.M {
	switch ph {
	case phSetup:
		return msg.New("hex.phase.setup")
	case phMove:
		return msg.New("hex.phase.movement")
	case phFire:
		return msg.New("hex.phase.fire")
	case phMelee1:
		return msg.New("hex.phase.melee")
	case phMelee2:
		return msg.New("hex.phase.enemy_melee")
	}
	return msg.New("hex.phase.over")
}

// LabelMsg implements adjudicator.Labeler: label() as a message.
func (s *St) LabelMsg() msg.M {
	if s.Fin {
		return msg.New("hex.label.over", "Result", s.Result)
	}
	return msg.New("hex.label.turn", "Turn", s.GT, "Turns", s.p.Turns, "Side", s.phasing(), "Phase", phaseMsg(s.Phase))
}
