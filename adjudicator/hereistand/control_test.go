package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// nantesHeld is a board where the Hapsburg, at war with France, holds the
// French port of Nantes with a squadron in it and a French regular has
// come back into the town.
func nantesHeld(t *testing.T) *St {
	t.Helper()
	s := board(t)
	s.setWar(France, Hapsburg, true)
	nantes := sp(t, "nantes")
	s.Ctrl[nantes] = Hapsburg
	put(t, s, "nantes", Hapsburg, Force{Sq: 1})
	put(t, s, "nantes", France, Force{Reg: 1})
	return s
}

// HIS-12a, HIS-12.2c, HIS-12.2d: the control action changes political
// control and needs a LOC; the marker goes to the new owner, or is
// removed when the space returns to its home power; the religion of the
// space does not change; ships of the former controller leave the port
// for a sea zone of it (ruling: the first one free of enemy ships).
func TestHIS12_2c_ControlMarkerAndShipsLeavePort(t *testing.T) {
	s := nantesHeld(t)
	nantes := sp(t, "nantes")
	biscay := seaLoc(spaces[nantes].Seas[0])
	s.Prot.set(nantes)
	play := impulseFor(t, s, France, 1)
	s, res := submit(t, s, France, testdice.New(1), play, "control nantes")
	if got := int(s.Ctrl[nantes]); got != France {
		t.Errorf("Nantes controlled by %d, want France (its home power)", got)
	}
	if w, _ := s.Encode(); strings.Contains(string(w[strings.Index(string(w), `"control"`):]), `["nantes",`) {
		t.Errorf("a home space back with its home power keeps a control marker: %s", w)
	}
	if !s.Prot.has(nantes) {
		t.Error("taking control changed the religion of Nantes")
	}
	if s.Units[nantes][Hapsburg].Naval() != 0 || s.Units[biscay][Hapsburg].Sq != 1 {
		t.Errorf("Hapsburg ships: Nantes %+v, %s %+v", s.Units[nantes][Hapsburg], locName(biscay), s.Units[biscay][Hapsburg])
	}
	if !strings.Contains(eventText(res, "papacy"), "ships leave Nantes") {
		t.Errorf("events %q", eventText(res, "papacy"))
	}
	if s.Flow.NavalDead[Hapsburg] != 0 {
		t.Errorf("ships lost: %v", s.Flow.NavalDead)
	}

	// An independent space taken by a major power gets its marker.
	q := board(t)
	put(t, q, "milan", France, Force{Reg: 2})
	pavia := sp(t, "pavia")
	play = impulseFor(t, q, France, 1)
	q, _ = submit(t, q, France, testdice.New(1), play, "control pavia")
	if int(q.Ctrl[pavia]) != France {
		t.Errorf("Pavia controlled by %d", q.Ctrl[pavia])
	}
	if q.Prot.has(pavia) {
		t.Error("Pavia turned Protestant")
	}
}

// HIS-12.2d: with enemy ships in every sea zone of the port the ships
// that must leave are eliminated and count as
// lost for rebuilding (HIS-17.2b).
func TestHIS12_2d_NoSeaZoneToLeaveTo(t *testing.T) {
	s := nantesHeld(t)
	nantes := sp(t, "nantes")
	for _, z := range spaces[nantes].Seas {
		s.addUnits(seaLoc(z), France, Force{Sq: 1})
	}
	play := impulseFor(t, s, France, 1)
	s, res := submit(t, s, France, testdice.New(1), play, "control nantes")
	if s.Units[nantes][Hapsburg].Naval() != 0 || s.Flow.NavalDead[Hapsburg] != 1 {
		t.Errorf("Nantes %+v, lost %v", s.Units[nantes][Hapsburg], s.Flow.NavalDead)
	}
	if !strings.Contains(eventText(res, "england"), "eliminated") {
		t.Errorf("events %q", eventText(res, "england"))
	}
	// Ships of a power still friendly to the port stay.
	f := nantesHeld(t)
	f.setWar(France, Hapsburg, false)
	f.setWar(France, England, true)
	f.Ctrl[nantes] = England
	f.removeUnits(nantes, Hapsburg, Force{Sq: 1})
	f.addUnits(nantes, France, Force{Sq: 1})
	play = impulseFor(t, f, France, 1)
	f, _ = submit(t, f, France, testdice.New(1), play, "control nantes")
	if f.Units[nantes][France].Sq != 1 {
		t.Errorf("French ships left their own port: %+v", f.Units[nantes][France])
	}
}

// HIS-12.3a: a fortified space never changes hands by the control
// action; a successful assault (TestHIS15_SiegeAssaultReliefExample)
// is the way in part 1.
func TestHIS12_3a_FortifiedOnlyBySiege(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	put(t, s, "besancon", France, Force{Reg: 3})
	play := impulseFor(t, s, France, 1)
	rej := refuse(t, s, France, play, "control besancon")
	if !strings.Contains(rej.Error(), "fortified") {
		t.Errorf("rejection %v", rej)
	}
}
