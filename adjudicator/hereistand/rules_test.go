package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/rulecheck"
)

// HIS-5.1c, HIS-5.1d: the seed's formation example: Suleiman (command 12) and
// Ibrahim (command 6) with 12 regulars and 2 cavalry.
// Also exercises HIS-5.1b (see the coverage document).
func TestHIS5_1c_FormationSize(t *testing.T) {
	sul, ibr := ldr(t, "suleiman"), ldr(t, "ibrahim_pasha")
	for _, c := range []struct {
		leaders []int
		max     int
	}{{nil, 4}, {[]int{ibr}, 6}, {[]int{sul}, 12}, {[]int{sul, ibr}, 18}} {
		if got := MaxFormation(c.leaders); got != c.max {
			t.Errorf("leaders %v: %d, want %d", c.leaders, got, c.max)
		}
	}
	// Three leaders: the two highest ratings.
	if got := MaxFormation([]int{ldr(t, "charles_v"), ldr(t, "duke_of_alva"), ldr(t, "ferdinand")}); got != 16 {
		t.Errorf("Charles V, Alva, Ferdinand: %d", got)
	}
	s := newGame(t, 1)
	if err := s.CheckFormation(Ottoman, []int{Ottoman}, 14, []int{sul, ibr}); err != nil {
		t.Errorf("both leaders move all 14: %v", err)
	}
	if err := s.CheckFormation(Ottoman, []int{Ottoman}, 14, []int{sul}); err == nil || !strings.Contains(err.Error(), "at most 12") {
		t.Errorf("Suleiman alone: %v", err)
	}
	if err := s.CheckFormation(Ottoman, []int{Ottoman}, 5, nil); err == nil {
		t.Error("5 units without a leader")
	}
	// HIS-5.1d: no two major powers; an allied minor may join.
	if err := s.CheckFormation(France, []int{France, England}, 3, nil); err == nil || !strings.Contains(err.Error(), "mix") {
		t.Errorf("France with England: %v", err)
	}
	if err := s.CheckFormation(Hapsburg, []int{Hapsburg, Hungary}, 3, nil); err == nil {
		t.Error("Hungary is not allied to the Hapsburg in 1517")
	}
	s.setAlly(Hapsburg, Hungary, true)
	if err := s.CheckFormation(Hapsburg, []int{Hapsburg, Hungary}, 3, nil); err != nil {
		t.Errorf("allied Hungary: %v", err)
	}
	if err := s.CheckFormation(Hapsburg, []int{Hapsburg}, 3, []int{sul}); err == nil {
		t.Error("Suleiman does not lead Hapsburg units")
	}
}

// HIS-12.1a, HIS-12.1b, HIS-12.1c, HIS-12.4c: lines of communication.
// Also exercises HIS-2.2d, HIS-2.2e (see the coverage document).
func TestHIS12_1_LineOfCommunication(t *testing.T) {
	s := newGame(t, 1)
	// Milan (French, not a French home space) reaches Lyon by Turin and
	// the Grenoble pass.
	if !s.HasLOC(France, sp(t, "milan")) {
		t.Error("France has a LOC to Milan")
	}
	if !s.HasLOC(France, sp(t, "dijon")) || !s.HasLOC(France, sp(t, "paris")) {
		t.Error("French home spaces")
	}
	// HIS-12.4c: unrest on the path cuts it.
	u := s.clone()
	u.Unrest.set(sp(t, "turin"))
	if u.HasLOC(France, sp(t, "milan")) {
		t.Error("Turin in unrest cuts the LOC")
	}
	// HIS-12.1a: enemy units on the path cut it.
	e := s.clone()
	e.addUnits(sp(t, "turin"), Hapsburg, Force{Reg: 1})
	if e.HasLOC(France, sp(t, "milan")) {
		t.Error("Hapsburg units in Turin cut the LOC")
	}
	// An independent space is not friendly.
	i := s.clone()
	i.Ctrl[sp(t, "turin")] = Independent
	if i.HasLOC(France, sp(t, "milan")) {
		t.Error("an independent Turin cuts the LOC")
	}
	// HIS-12.1c: Tunis is reached only by sea, through a zone holding a
	// friendly naval unit, to a friendly fortified Hapsburg home port.
	if s.HasLOC(Hapsburg, sp(t, "tunis")) {
		t.Error("no Hapsburg ship at sea: no LOC to Tunis")
	}
	n := s.clone()
	n.addUnits(seaLoc(sz(t, "north_african_coast")), Hapsburg, Force{Sq: 1})
	if !n.HasLOC(Hapsburg, sp(t, "tunis")) {
		t.Error("Tunis - North African Coast - Malta (a Hapsburg home fortress)")
	}
	n.Ctrl[sp(t, "malta")] = Ottoman
	if n.HasLOC(Hapsburg, sp(t, "tunis")) {
		t.Error("Malta lost: the port is no longer friendly")
	}
	n.addUnits(seaLoc(sz(t, "barbary_coast")), Hapsburg, Force{Sq: 1})
	if !n.HasLOC(Hapsburg, sp(t, "tunis")) {
		t.Error("Tunis - Barbary Coast - Gibraltar")
	}
	// An ally's ship carries the line too; an enemy's does not.
	a := s.clone()
	a.addUnits(seaLoc(sz(t, "barbary_coast")), Genoa, Force{Sq: 1})
	if a.HasLOC(Hapsburg, sp(t, "tunis")) {
		t.Error("a Genoese ship, not allied")
	}
	a.setAlly(Hapsburg, Genoa, true)
	if !a.HasLOC(Hapsburg, sp(t, "tunis")) {
		t.Error("an allied Genoese ship")
	}
	// HIS-12.1b: no LOC through an electorate before the Schmalkaldic League.
	w := sp(t, "wittenberg")
	if s.locStep(w, Hapsburg) {
		t.Error("Wittenberg is no step of a Hapsburg LOC before the League")
	}
	s.League = true
	if !s.locStep(w, Hapsburg) {
		t.Error("after the League it is")
	}
}

// HIS-12.2a, HIS-12.2b, HIS-2.5c: control of unfortified spaces.
// Also exercises HIS-2.1f, HIS-2.2c, HIS-2.2e, HIS-12.1d (see the coverage document).
func TestHIS12_2_ControlUnfortified(t *testing.T) {
	s := newGame(t, 1)
	// Pavia: independent, French units next door in Milan, no enemy near.
	if err := s.CanControl(France, sp(t, "pavia")); err != nil {
		t.Errorf("Pavia: %v", err)
	}
	// Modena: the Papal regular in Ravenna (France and the Papacy are at
	// war) is adjacent.
	if err := s.CanControl(France, sp(t, "modena")); err == nil || !strings.Contains(err.Error(), "Ravenna") {
		t.Errorf("Modena: %v", err)
	}
	for id, want := range map[string]string{"turin": "not an enemy", "besancon": "fortified",
		"algiers": "fortified", "glasgow": "not an enemy"} {
		if err := s.CanControl(France, sp(t, id)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", id, err, want)
		}
	}
	// Occupied by friendly units: no adjacency needed.
	o := s.clone()
	o.addUnits(sp(t, "modena"), France, Force{Reg: 1})
	if err := o.CanControl(France, sp(t, "modena")); err != nil {
		t.Errorf("occupied Modena: %v", err)
	}
	// Units next door only across a pass do not count (HIS-2.5c).
	p := s.clone()
	p.Ctrl[sp(t, "turin")] = Hapsburg
	if err := p.removeUnits(sp(t, "milan"), France, Force{Reg: 2}); err != nil {
		t.Fatal(err)
	}
	if err := p.CanControl(France, sp(t, "turin")); err == nil || !strings.Contains(err.Error(), "passes") {
		t.Errorf("Turin from Grenoble over the pass: %v", err)
	}
	p.addUnits(sp(t, "pavia"), France, Force{Reg: 1})
	if err := p.CanControl(France, sp(t, "turin")); err != nil {
		t.Errorf("Turin from Pavia: %v", err)
	}
	// No LOC: Pavia cut off when Milan and Turin are lost.
	l := s.clone()
	l.Ctrl[sp(t, "turin")] = Independent
	if err := l.CanControl(France, sp(t, "pavia")); err == nil || !strings.Contains(err.Error(), "line of communication") {
		t.Errorf("Pavia without LOC: %v", err)
	}
}

// HIS-12.3c, HIS-12.1d: removing unrest needs no LOC.
func TestHIS12_3c_RemoveUnrest(t *testing.T) {
	s := newGame(t, 1)
	lyon, dijon, leipzig := sp(t, "lyon"), sp(t, "dijon"), sp(t, "leipzig")
	if err := s.CanRemoveUnrest(France, lyon); err == nil || !strings.Contains(err.Error(), "not in unrest") {
		t.Errorf("calm Lyon: %v", err)
	}
	s.Unrest.set(lyon)
	s.Unrest.set(dijon)
	s.Unrest.set(leipzig)
	if err := s.CanRemoveUnrest(France, lyon); err != nil {
		t.Errorf("French units in Lyon: %v", err)
	}
	// Dijon: French units adjacent in Lyon and Paris, but the Hapsburg
	// regular in Besançon is adjacent too.
	if err := s.CanRemoveUnrest(France, dijon); err == nil || !strings.Contains(err.Error(), "Besan") {
		t.Errorf("Dijon: %v", err)
	}
	if err := s.removeUnits(sp(t, "besancon"), Hapsburg, Force{Reg: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.CanRemoveUnrest(France, dijon); err != nil {
		t.Errorf("Dijon without Hapsburg neighbours: %v", err)
	}
	// (c) the Protestant in its home spaces before the League.
	if err := s.CanRemoveUnrest(Protestant, leipzig); err != nil {
		t.Errorf("Leipzig before the League: %v", err)
	}
	s.League = true
	if err := s.CanRemoveUnrest(Protestant, leipzig); err == nil {
		t.Error("Leipzig after the League needs Protestant units")
	}
}

// TestCoverageDocument keeps docs/rules-coverage/here-i-stand.md honest:
// every rule it marks done or partial is named by a test here, and every
// test it lists exists and names the rule.
func TestCoverageDocument(t *testing.T) {
	rulecheck.CheckDone(t, "../../docs/rules-coverage/here-i-stand.md", ".")
	rulecheck.CheckListed(t, "../../docs/rules-coverage/here-i-stand.md", ".")
}
