package richard3

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// eliminate applies 6.8 to block b (already at 0 strength or killed by a
// rule) and returns the events to narrate.
func (s *State) eliminate(b int, cause string) []adjudicator.Event {
	bl := &blocks[b]
	side := s.owner(b)
	var ev []adjudicator.Event
	wasKing := b == s.kingBlock()
	s.Str[b] = 0
	switch {
	case bl.Type == tHeir || bl.HeirOf != NoSide:
		// 6.82: heirs die permanently; a defected Exeter or Clarence is
		// still an heir of his original house (ruling R3-R-A30).
		s.Loc[b] = locDead
		if bl.Counter >= 0 {
			s.Loc[bl.Counter] = locDead
		}
		house := bl.Side
		if bl.HeirOf != NoSide {
			house = bl.HeirOf
		}
		s.Entering[house]++
		if wasKing {
			s.KingDead = true
			ev = append(ev, adjudicator.Event{Text: fmt.Sprintf("The King is dead: %s has fallen (%s). A new King takes office at the start of the Supply Phase (6.81).", bl.Name, cause)})
		} else {
			ev = append(ev, adjudicator.Event{Text: fmt.Sprintf("The %s heir %s is dead (%s).", house, bl.Name, cause)})
		}
	case bl.Permanent:
		// Rose nobles and the Nevilles die permanently (6.83).
		s.Loc[b] = locDead
		if bl.Counter >= 0 {
			s.Loc[bl.Counter] = locDead
		}
		ev = s.elimEvents(ev, b, side, fmt.Sprintf("%s is eliminated for good (%s).", bl.Name, cause))
	default:
		// Other nobles, Church, Levies, Bombards, mercenaries and the
		// Rebel go face down until Campaign Reset (6.83-6.86).
		s.Loc[b] = locDown
		s.Str[b] = bl.Steps
		ev = s.elimEvents(ev, b, side, fmt.Sprintf("%s is eliminated (%s).", bl.Name, cause))
	}
	return ev
}

// kill executes a defected heir (9.1).
func (s *State) kill(b int, cause string) []adjudicator.Event { return s.eliminate(b, cause) }

// checkVictory ends the game if a House has lost all five heirs (9.0).
func (s *State) checkVictory() {
	if s.Finished {
		return
	}
	if s.heirsLeft(Lancaster) == 0 && s.heirsLeft(York) == 0 {
		// Both Houses lost their last heir at the same moment (simultaneous
		// supply losses, or one Plague): neither was first (ruling R3-R53).
		s.finish(NoSide, "A draw: the last heirs of both Houses died at the same time (9.0).")
		return
	}
	for _, sd := range []Side{Lancaster, York} {
		if s.heirsLeft(sd) == 0 {
			s.finish(sd.Other(), fmt.Sprintf("%s wins: all five %s heirs are dead (9.0).", sd.Other(), sd))
			return
		}
	}
}

func (s *State) finish(w Side, result string) {
	s.Finished = true
	s.Winner = w
	s.Result = result
	s.Phase = phOver
	s.Battle = nil
}

// elimEvents tells the owner which block was lost and the enemy only that
// one of the owner's blocks was (fog of war, 3.0).
func (s *State) elimEvents(ev []adjudicator.Event, b int, side Side, text string) []adjudicator.Event {
	ev = append(ev, adjudicator.Event{To: []adjudicator.Role{roleOf(side)}, Text: "Your " + text})
	if strings.Contains(text, "(battle of ") {
		return ev // the battle report already showed it to both players
	}
	return append(ev, adjudicator.Event{To: []adjudicator.Role{roleOf(side.Other())}, Text: fmt.Sprintf("A %s block is eliminated.", side)})
}
