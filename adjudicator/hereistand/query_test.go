package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
)

// HIS-2.1, HIS-2.2, HIS-2.3, HIS-2.5b, HIS-2.5e: "show SPACE" answers the
// public facts of a space (type, control, religion, units and leaders,
// connections and passes, sea zones) and of a sea zone (its neighbours,
// ports and fleets), the same for every seat, without any hand.
func TestQuerySpacesAndSeaZones(t *testing.T) {
	s := seatGame(t, 3, 1)
	var _ adjudicator.Querier = s
	got, err := s.Query("hapsburg+papacy", "Vienna")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Vienna: key, capital, home space of Hapsburg, German-speaking.",
		"Control: Hapsburg. Religion: Catholic.", "Units: Hapsburg 4R (Ferdinand).", "Connections: Brunn, Graz, Linz, Pressburg."} {
		if !strings.Contains(got, want) {
			t.Errorf("show vienna lacks %q:\n%s", want, got)
		}
	}
	got, _ = s.Query("ottoman+france", "belgrade")
	if !strings.Contains(got, "Passes: Ragusa.") {
		t.Errorf("show belgrade:\n%s", got)
	}
	got, _ = s.Query("ottoman+france", "istanbul")
	if !strings.Contains(got, "Port on: Aegean Sea, Black Sea.") || !strings.Contains(got, "Suleiman") {
		t.Errorf("show istanbul:\n%s", got)
	}
	got, _ = s.Query("england+protestant", "gulf of lyon")
	if !strings.Contains(got, "Gulf of Lyon: sea zone.") || !strings.Contains(got, "Marseille (France; France 1S)") ||
		!strings.Contains(got, "No fleets at sea.") {
		t.Errorf("show gulf of lyon:\n%s", got)
	}
	got, _ = s.Query("gm", "mainz")
	if !strings.Contains(got, "Electorate display: 1 Protestant regular waiting") {
		t.Errorf("show mainz:\n%s", got)
	}
	// A siege shows who is inside and how many besiege.
	c := s.clone()
	metz := sp(t, "metz")
	c.addUnits(metz, France, Force{Reg: 3})
	c.Warfare.Siege.set(metz)
	if got, _ := c.Query("gm", "metz"); !strings.Contains(got, "Under siege: 1 land unit inside the fortifications, 3 besieging.") {
		t.Errorf("show metz under siege:\n%s", got)
	}
	// Every seat gets the same answer: nothing in it is secret.
	for _, q := range []string{"paris", "rome", "north sea"} {
		a, _ := s.Query("ottoman+france", q)
		b, _ := s.Query("england+protestant", q)
		if a != b {
			t.Errorf("show %s differs between seats", q)
		}
		for p := 0; p < NMajor; p++ {
			for _, card := range s.Hands[p] {
				if strings.Contains(a, cards[card].Name) {
					t.Errorf("show %s names %s", q, cardName(int(card)))
				}
			}
		}
	}
	if _, err := s.Query("gm", "vienne"); err == nil || !strings.Contains(err.Error(), "Vienna") {
		t.Errorf("show vienne: %v", err)
	}
	// the Spanish name is read as the printed one
	if a, err := s.Query("gm", "viena"); err != nil || !strings.Contains(a, "Vienna") {
		t.Errorf("show viena: %v", err)
	}
	if _, err := s.Query("gm", ""); err == nil {
		t.Error("show nothing accepted")
	}
}

// HIS-2.4a: a space's marker gives its political control and, apart, its
// religion; keys are squares and other spaces hexagons. The seed's seven
// examples, read back with "show".
func TestHIS2_4a_ControlMarkers(t *testing.T) {
	s := seatGame(t, 6, 1).clone()
	london, vienna := sp(t, "london"), sp(t, "vienna")
	s.Ctrl[vienna] = England
	s.Prot.set(london)
	s.Prot.set(sp(t, "geneva"))
	s.Ctrl[sp(t, "kassel")] = Hapsburg
	s.Prot.set(sp(t, "kassel"))
	s.Ctrl[sp(t, "wittenberg")] = Protestant
	s.Prot.set(sp(t, "wittenberg"))
	for _, c := range []struct{ space, kind, ctrl, rel string }{
		{"innsbruck", "unfortified space, home space of Hapsburg", "Hapsburg", "Catholic"},  // (1)
		{"vienna", "key, capital, home space of Hapsburg", "England", "Catholic"},           // (2)
		{"london", "key, capital, home space of England", "England", "Protestant"},          // (3)
		{"geneva", "unfortified space, independent", "Independent", "Protestant"},           // (4)
		{"kassel", "unfortified space, home space of Protestant", "Hapsburg", "Protestant"}, // (5)
		{"mainz", "electorate, home space of Protestant", "Hapsburg", "Catholic"},           // (6)
		{"wittenberg", "electorate, home space of Protestant", "Protestant", "Protestant"},  // (7)
	} {
		got, err := s.Query("england", c.space)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(got, ": "+c.kind) || !strings.Contains(got, "Control: "+c.ctrl+". Religion: "+c.rel+".") {
			t.Errorf("show %s:\n%s", c.space, got)
		}
	}
}

// HIS-2.2b: the home spaces of a minor power allied to a major power are
// under that major power's control.
func TestHIS2_2b_AlliedMinorControl(t *testing.T) {
	s := seatGame(t, 6, 1).clone()
	s.setAlly(France, Venice, true)
	if s.Controller(sp(t, "venice")) != France {
		t.Fatalf("Venice controlled by %s", controllerName(s.Controller(sp(t, "venice"))))
	}
	got, _ := s.Query("gm", "venice")
	if !strings.Contains(got, "Control: France, through its ally Venice.") {
		t.Errorf("show venice:\n%s", got)
	}
}

// "show hand" lists the hands of the seat's own powers, and no other.
func TestQueryHand(t *testing.T) {
	s := seatGame(t, 3, 1)
	got, err := s.Query("hapsburg+papacy", "hand")
	if err != nil {
		t.Fatal(err)
	}
	for p := 0; p < NMajor; p++ {
		mine := p == Hapsburg || p == Papacy
		if strings.Contains(got, powers[p].Name+" hand:") != mine {
			t.Errorf("%s hand shown: %v\n%s", powers[p].Name, !mine, got)
		}
		if mine {
			continue
		}
		for _, c := range s.Hands[p] {
			if strings.Contains(got, cardName(int(c))+" ") {
				t.Errorf("shows %s of the %s", cardName(int(c)), powers[p].Name)
			}
		}
	}
	if all, _ := s.Query("gm", "hands"); strings.Count(all, " hand:") != NMajor {
		t.Errorf("GM:\n%s", all)
	}
	if _, err := s.Query("nobody", "hand"); err == nil {
		t.Error("a role without powers has a hand")
	}
}
