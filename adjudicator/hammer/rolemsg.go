package hammer

import (
	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// RoleMsg implements adjudicator.RoleNamer: England and Scotland as each
// language names them.
func (Game) RoleMsg(r adjudicator.Role) (msg.M, bool) {
	switch r {
	case RoleEngland:
		return msg.New("ham.side.england"), true
	case RoleScotland:
		return msg.New("ham.side.scotland"), true
	}
	return msg.M{}, false
}
