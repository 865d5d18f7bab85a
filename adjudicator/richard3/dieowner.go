package richard3

import (
	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
)

// DieOwner implements adjudicator.DieOwner: a battle die is rolled by
// its block's side (a treachery roll by the block that attempts it).
func (s *State) DieOwner(purpose string) (adjudicator.Role, bool) {
	id, ok := columbia.Roller(purpose)
	if !ok {
		return "", false
	}
	i, ok := blockIdx[id]
	if !ok {
		return "", false
	}
	sd := s.owner(i)
	if sd != Lancaster && sd != York {
		return "", false
	}
	return roleOf(sd), true
}
