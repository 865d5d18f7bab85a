package hereistand

import (
	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// RoleMsg implements adjudicator.RoleNamer: a major power as each
// language names it.
func (Game) RoleMsg(r adjudicator.Role) (msg.M, bool) {
	for p := 0; p < NMajor; p++ {
		if roleOf(p) == r {
			return powerMsg(p), true
		}
	}
	return msg.M{}, false
}
