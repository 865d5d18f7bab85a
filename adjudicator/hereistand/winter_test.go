package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
)

func winterOf(t *testing.T, s *St) string {
	t.Helper()
	s.Phase = PhWinter
	r := &run{s: s, dice: testdice.New(1)}
	r.winter()
	mustCheck(t, s)
	var b strings.Builder
	for _, e := range r.ev {
		b.WriteString(e.Text + "\n")
	}
	return b.String()
}

// HIS-2.1b, HIS-19.3a, HIS-19.3b, HIS-19.3c, HIS-19.3d, HIS-19.3e, HIS-19.3f, HIS-19.3g, HIS-19.3h, HIS-19.3i, HIS-19.3j, HIS-19.3k, HIS-19.3l: the seed's winter example. Charles V and 4 regulars in
// unfortified Turin go to Besançon at full strength; Montmorency and 5
// French regulars in Milan keep 4 there and send the fifth to Paris by a
// friendly path over the Gulf of Lyon; 2 Genoese regulars stay in Genoa;
// 5 papal regulars in Trent have no clear path and lose 3.
func TestHIS19_3_ReturnHome(t *testing.T) {
	s := board(t)
	s.setAlly(France, Genoa, true)
	for id, p := range map[string]int{"geneva": Hapsburg, "besancon": Hapsburg, "milan": France, "pavia": France, "florence": Papacy} {
		s.Ctrl[sp(t, id)] = uint8(p)
	}
	put(t, s, "turin", Hapsburg, Force{Reg: 4}, "charles_v")
	put(t, s, "milan", France, Force{Reg: 5}, "montmorency")
	put(t, s, "genoa", Genoa, Force{Reg: 2})
	put(t, s, "trent", Papacy, Force{Reg: 5})
	log := winterOf(t, s)
	check := func(id string, p int, want Force) {
		t.Helper()
		if got := s.Units[sp(t, id)][p]; got.Reg != want.Reg || got.Merc != want.Merc || got.Cav != want.Cav {
			t.Errorf("%s %s: %+v, want %+v\n%s", id, powers[p].Name, got, want, log)
		}
	}
	check("turin", Hapsburg, Force{})
	check("besancon", Hapsburg, Force{Reg: 4})
	if s.Leader[ldr(t, "charles_v")] != int16(sp(t, "besancon")) {
		t.Errorf("Charles V in %d", s.Leader[ldr(t, "charles_v")])
	}
	check("milan", France, Force{Reg: 4})
	// Paris: the fifth regular and the replacement (HIS-19.5).
	check("paris", France, Force{Reg: 2})
	check("genoa", Genoa, Force{Reg: 2})
	check("trent", Papacy, Force{})
	n := 0
	for _, id := range []string{"rome", "ravenna", "florence"} {
		n += s.Units[sp(t, id)][Papacy].Land()
	}
	if n != 3 { // 2 survivors and the replacement in Rome
		t.Errorf("%d papal regulars in Rome, Ravenna and Florence, want 3\n%s", n, log)
	}
	if !strings.Contains(log, "lose 3 regulars") {
		t.Errorf("no attrition in\n%s", log)
	}
}

// HIS-19.3i, HIS-21.6c: before the Schmalkaldic League the Protestant
// regulars that came from the Electorate display spend the winter in
// their electorates, a Catholic one too; after it they return as any
// other power's.
func TestHIS19_3i_ElectorateRegularsWinterInPlace(t *testing.T) {
	s := afterTheses(t)
	w, b := sp(t, "wittenberg"), sp(t, "brandenburg")
	s.addUnits(b, Protestant, Force{Reg: 1})
	s.Prot.clear(b) // Catholic again, as after a lost debate
	log := winterOf(t, s)
	if s.Units[w][Protestant].Reg != 2 || s.Units[b][Protestant].Reg != 1 || strings.Contains(log, "Protestant loses") {
		t.Fatalf("Wittenberg %+v, Brandenburg %+v\n%s", s.Units[w][Protestant], s.Units[b][Protestant], log)
	}
}

// HIS-19.3b, HIS-19.4a, HIS-19.5a, HIS-19.8a: ships go to the nearest
// friendly port; alliances between major powers end, those with minor
// powers stay; each capital under its power's control gets a regular
// (both Hapsburg capitals, never the Protestant); overdue Mandatory
// Events occur.
// Also exercises HIS-9.2c (see the coverage document).
func TestHIS19_WinterSteps(t *testing.T) {
	s := board(t)
	s.Turn = 2
	s.setAlly(France, Papacy, true)
	s.setAlly(France, Scotland, true)
	s.addUnits(seaLoc(sz(t, "gulf_of_lyon")), France, Force{Sq: 2})
	log := winterOf(t, s)
	if s.Allied(France, Papacy) || !s.Allied(France, Scotland) {
		t.Errorf("alliances after winter: papacy %v scotland %v", s.Allied(France, Papacy), s.Allied(France, Scotland))
	}
	if got := s.Units[sp(t, "marseille")][France]; got.Sq != 2 {
		t.Errorf("Marseille %+v\n%s", got, log)
	}
	for p := 0; p < NMajor; p++ {
		for _, c := range powers[p].Capitals {
			if got := s.Units[c][p].Reg; got != 1 {
				t.Errorf("%s: %d regulars in %s", powers[p].Name, got, spaces[c].Name)
			}
		}
	}
	if !s.Removed.has(10) || !strings.Contains(log, "Clement VII occurs in winter") {
		t.Errorf("Clement VII is overdue in the winter of turn 2\n%s", log)
	}
}

// HIS-19a: the Winter Phase follows the last impulse and runs its steps
// for every power at once, in the seed's order: ships to port, land units
// home, alliances end, replacements, overdue Mandatory Events.
func TestHIS19a_WinterOrder(t *testing.T) {
	s := board(t)
	s.Turn = 2
	s.setAlly(France, Papacy, true)
	s.addUnits(seaLoc(sz(t, "gulf_of_lyon")), France, Force{Sq: 1})
	put(t, s, "turin", Hapsburg, Force{Reg: 2})
	log := winterOf(t, s)
	last := -1
	for _, w := range []string{"Marseille", "Turin", "The alliance of France and Papacy ends", "adds a regular in", "Clement VII occurs in winter"} {
		i := strings.Index(log, w)
		if i < 0 || i < last {
			t.Errorf("%q out of order (at %d, after %d)\n%s", w, i, last, log)
		}
		last = i
	}

	// Played out: the Winter Phase comes right after the last impulse
	// and before the New World Phase.
	g := toAction(t, 5)
	d := testdice.New(5)
	found := false
	for i := 0; g.Phase == PhAction && i < 500; i++ {
		p := g.owingPowers()[0]
		var res *adjudicator.Result
		g, res = submit(t, g, p, d, g.defaultLines(p)...)
		text := eventText(res, "gm")
		end := strings.Index(text, "the Action Phase ends")
		if end < 0 {
			continue
		}
		found = true
		rep, nw := strings.Index(text, "adds a regular in"), strings.Index(text, "New World Phase")
		if !(end < rep && rep < nw) {
			t.Errorf("winter not between the last impulse and the New World Phase:\n%s", text)
		}
	}
	if g.Phase == PhAction || !found {
		t.Errorf("the Action Phase of turn 1 did not end with every power passing")
	}
}

// HIS-19.2a: the Renegade leader leaves the map in winter; the units with
// him stay.
func TestHIS19_2a_RenegadeLeaves(t *testing.T) {
	s := board(t)
	put(t, s, "paris", France, Force{Reg: 3}, "renegade")
	log := winterOf(t, s)
	if s.Leader[ldr(t, "renegade")] != LeaderRemoved || !strings.Contains(log, "leaves the map") {
		t.Errorf("the Renegade at %d\n%s", s.Leader[ldr(t, "renegade")], log)
	}
	if got := s.Units[sp(t, "paris")][France].Reg; got != 4 { // and the replacement
		t.Errorf("Paris holds %d French regulars, want 4", got)
	}
}
