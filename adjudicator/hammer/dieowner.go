package hammer

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
)

// DieOwner implements adjudicator.DieOwner: a battle die is rolled by
// its block's side, and so is a Celtic cohesion roll.
func (s *St) DieOwner(purpose string) (adjudicator.Role, bool) {
	id, ok := columbia.Roller(purpose)
	if !ok {
		id, ok = strings.CutPrefix(purpose, "celtic cohesion ")
	}
	if !ok {
		return "", false
	}
	b, ok := blockByID[id]
	if !ok {
		return "", false
	}
	return adjudicator.Role(sideRole(blocks[b].Side)), true
}
