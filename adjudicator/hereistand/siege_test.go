package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// calais sets up the seed's example of siege, assault and relief force.
func calais(t *testing.T) *St {
	s := board(t)
	s.setWar(France, England, true)
	s.Ctrl[sp(t, "brussels")] = France
	s.Ctrl[sp(t, "boulogne")] = England
	put(t, s, "brussels", France, Force{Reg: 6}, "francis_i")
	put(t, s, "calais", England, Force{Reg: 2, Sq: 1})
	put(t, s, "boulogne", England, Force{Reg: 4}, "charles_brandon")
	s.addUnits(seaLoc(sz(t, "north_sea")), France, Force{Sq: 2})
	mustCheck(t, s)
	return s
}

// HIS-15.2f, HIS-15.1q, HIS-13.4a, HIS-13.4b, HIS-15.1a: the seed's example of
// siege, assault and relief force, impulse by impulse: HIS-15a (the
// withdrawn garrison is besieged), HIS-15.2a and HIS-15.2d (the relief force
// with the garrison; only the garrison goes back inside), HIS-15.1i, HIS-15.1k, HIS-15.1m, HIS-15.1n
// (assault dice, hits, losses, success).
func TestHIS15_SiegeAssaultReliefExample(t *testing.T) {
	s := calais(t)
	cal := sp(t, "calais")
	// French impulse: Francis moves on Calais; Brandon fails to intercept.
	m, err := s.BeginMove(France, form(t, "brussels", France, Force{Reg: 6}, "francis_i"), cal)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, err := s.Intercept(m, England, form(t, "boulogne", England, Force{Reg: 4}, "charles_brandon"),
		&testdice.Script{Rolls: []int{3, 3}}); err != nil || ok {
		t.Fatalf("interception: %v %v", ok, err)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AvoidBattle(m, England, -1, nil, nil, &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	if besieged, _, err := s.Withdraw(m); err != nil || !besieged {
		t.Fatalf("withdraw: %v %v", besieged, err)
	}
	_, _, err = s.RollAssault(France, form(t, "calais", France, Force{Reg: 6}, "francis_i"), Mods{}, &testdice.Script{})
	wantErr(t, err, "began this impulse")
	mustCheck(t, s)

	// English impulse: Brandon relieves Calais and commits the garrison.
	s.NewImpulse()
	m, err = s.BeginMove(England, form(t, "boulogne", England, Force{Reg: 4}, "charles_brandon"), cal)
	if err != nil {
		t.Fatal(err)
	}
	if opts := s.InterceptOptions(m); len(opts) != 0 {
		t.Errorf("interception into a besieged space: %+v", opts)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AvoidBattle(m, France, -1, nil, nil, &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	b, err := s.NewBattle(m, []Part{{England, Force{Reg: 2}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if att, def := s.BattleDice(b); att != 7 || def != 8 {
		t.Fatalf("relief dice %d v %d, want 7 v 8", att, def)
	}
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{1, 2, 3, 4, 1, 2, 3, 5, 6, 1, 1, 2, 2, 3, 3}})
	if r.AttHits != 0 || r.DefHits != 2 || r.AttackerWins {
		t.Fatalf("relief battle %+v", r)
	}
	log, err := s.ApplyBattle(b, r, NoChoice(), &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if got := s.Units[sp(t, "boulogne")][England]; got != (Force{Reg: 2}) {
		t.Errorf("Boulogne %+v, want 2 regulars\n%s", got, strings.Join(log, "\n"))
	}
	if int(s.Leader[ldr(t, "charles_brandon")]) != sp(t, "boulogne") {
		t.Errorf("Brandon not back in Boulogne")
	}
	if s.Inside(cal) != 2 || s.Besiegers(cal) != 6 || !s.UnderSiege(cal) {
		t.Errorf("Calais: inside %d, besiegers %d", s.Inside(cal), s.Besiegers(cal))
	}

	// French impulse: the assault.
	s.NewImpulse()
	f := form(t, "calais", France, Force{Reg: 6}, "francis_i")
	if att, def := s.AssaultDice(France, f); att != 4 || def != 3 {
		t.Fatalf("assault dice %d v %d, want 4 v 3", att, def)
	}
	// Without the second French squadron there is no blockade (HIS-15.1e).
	nb := s.clone()
	nb.removeUnits(seaLoc(sz(t, "north_sea")), France, Force{Sq: 1})
	wantErr(t, nb.CheckAssault(France, f), "needs more squadrons")
	a, r, err := s.RollAssault(France, f, Mods{}, &testdice.Script{Rolls: []int{5, 6, 1, 2, 1, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	if r.AttHits != 2 || r.DefHits != 0 || !r.AttackerWins {
		t.Fatalf("assault %+v", r)
	}
	if _, err := s.ApplyAssault(a, r, nil, nil, &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if s.Ctrl[cal] != France || s.UnderSiege(cal) || !s.Units[cal][England].empty() || s.Units[cal][France] != (Force{Reg: 6}) {
		t.Errorf("Calais after the assault: control %d siege %v English %+v French %+v", s.Ctrl[cal], s.UnderSiege(cal), s.Units[cal][England], s.Units[cal][France])
	}
	// One assault per space per impulse.
	_, _, err = s.RollAssault(France, f, Mods{}, &testdice.Script{})
	wantErr(t, err, "not besieging")
}

// HIS-12.1d, HIS-15.1b, HIS-15.1d, HIS-15.1o, HIS-15.3: assault requirements, a failed
// assault that breaks the siege, and the besiegers' retreat.
func TestHIS15_1_AssaultFailsAndSiegeBreaks(t *testing.T) {
	s := calais(t)
	cal := sp(t, "calais")
	s.removeUnits(cal, England, Force{Sq: 1})
	s.removeUnits(sp(t, "brussels"), France, Force{Reg: 3})
	put(t, s, "calais", France, Force{Reg: 3}, "francis_i")
	s.Leader[ldr(t, "francis_i")] = int16(cal)
	s.Warfare.Siege.set(cal)
	mustCheck(t, s)
	f := form(t, "calais", France, Force{Reg: 3}, "francis_i")
	// Without a line of communication there is no assault (HIS-15.1d).
	cut := s.clone()
	cut.Ctrl[sp(t, "brussels")] = England
	cut.Ctrl[sp(t, "st_quentin")] = England
	cut.removeUnits(seaLoc(sz(t, "north_sea")), France, Force{Sq: 2})
	wantErr(t, cut.CheckAssault(France, f), "line of communication")
	// More units than inside are needed (HIS-15.1b).
	wantErr(t, s.CheckAssault(France, form(t, "calais", France, Force{Reg: 2})), "not more than")
	// 3 units, 2 inside: 2 dice + 1 for Francis; England 2 + 1 = 3 dice.
	a, r, err := s.RollAssault(France, f, Mods{}, &testdice.Script{Rolls: []int{5, 1, 1, 5, 6, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if r.AttDice != 3 || r.DefDice != 3 || r.AttHits != 1 || r.DefHits != 2 || r.AttackerWins {
		t.Fatalf("assault %+v", r)
	}
	log, err := s.ApplyAssault(a, r, nil, nil, &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	// 1 besieger left against 1 inside: the siege breaks and the French
	// leave to the first legal space (Brussels).
	if s.UnderSiege(cal) || !s.Units[cal][France].empty() || s.Units[sp(t, "brussels")][France].Reg != 4 {
		t.Errorf("after the failed assault: siege %v, French in Calais %+v, Brussels %+v\n%s", s.UnderSiege(cal),
			s.Units[cal][France], s.Units[sp(t, "brussels")][France], strings.Join(log, "\n"))
	}
	if s.Ctrl[cal] != England || s.Units[cal][England].Reg != 1 {
		t.Errorf("Calais %d %+v", s.Ctrl[cal], s.Units[cal][England])
	}
}

// HIS-15.1h, HIS-5.2d (ruling A18): against an empty fortified space one die per
// land unit plus the best battle rating; cavalry is ignored.
func TestHIS15_1h_EmptySpaceAndCavalry(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	s.Ctrl[sp(t, "pressburg")] = Ottoman
	put(t, s, "pressburg", Ottoman, Force{Reg: 3, Cav: 2}, "ibrahim_pasha")
	m, err := s.BeginMove(Ottoman, form(t, "pressburg", Ottoman, Force{Reg: 3, Cav: 2}, "ibrahim_pasha"), sp(t, "vienna"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if !s.UnderSiege(sp(t, "vienna")) {
		t.Fatal("empty Vienna not under siege")
	}
	f := form(t, "vienna", Ottoman, Force{Reg: 3, Cav: 2}, "ibrahim_pasha")
	if att, def := s.AssaultDice(Ottoman, f); att != 4 || def != 1 {
		t.Errorf("dice %d v %d, want 4 v 1", att, def)
	}
	// HIS-15.1c: not in the impulse the siege began, even when empty.
	wantErr(t, s.CheckAssault(Ottoman, f), "began this impulse")
}

// HIS-14i, HIS-14j, HIS-14.1b: when both sides would be wiped out the side that
// rolled more dice keeps one unit (the defender on equal dice); a side
// destroyed loses its leaders; no legal retreat destroys the loser.
func TestHIS14_WipeOutCaptureAndNoRetreat(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "st_quentin")] = Hapsburg
	put(t, s, "paris", France, Force{Reg: 2})
	put(t, s, "st_quentin", Hapsburg, Force{Reg: 1}, "duke_of_alva")
	m, err := s.BeginMove(France, form(t, "paris", France, Force{Reg: 2}), sp(t, "st_quentin"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AvoidBattle(m, Hapsburg, -1, nil, nil, &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// France 2 dice, Habsburg 1 + 1 (Alva) + 1 = 3: France hits once, the
	// defender twice; both sides would be gone, the defender rolled more
	// dice and keeps its regular.
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{6, 1, 5, 5, 1}})
	if r.AttLosses != 2 || r.DefLosses != 0 || r.AttackerWins {
		t.Fatalf("%+v", r)
	}
	// Equal dice: the defender keeps one.
	r2 := rollCombat(2, 2, Mods{}, &testdice.Script{Rolls: []int{5, 5, 5, 5}}, "x", 2, 2)
	if r2.AttLosses != 2 || r2.DefLosses != 1 {
		t.Errorf("equal dice: %+v", r2)
	}
	r3 := rollCombat(3, 2, Mods{}, &testdice.Script{Rolls: []int{5, 5, 1, 5, 5}}, "x", 2, 2)
	if r3.AttLosses != 1 || r3.DefLosses != 2 {
		t.Errorf("more attacker dice: %+v", r3)
	}
	// Apply it: France is destroyed; the Habsburg keeps its regular and Alva.
	if _, err := s.ApplyBattle(b, r, NoChoice(), &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if !s.Units[sp(t, "st_quentin")][France].empty() || s.Units[sp(t, "st_quentin")][Hapsburg].Reg != 1 ||
		int(s.Leader[ldr(t, "duke_of_alva")]) != sp(t, "st_quentin") {
		t.Errorf("after the battle: France %+v, Habsburg %+v", s.Units[sp(t, "st_quentin")][France], s.Units[sp(t, "st_quentin")][Hapsburg])
	}
	// A wiped-out side loses its leaders (HIS-14j).
	c := board(t)
	c.setWar(France, Hapsburg, true)
	c.Ctrl[sp(t, "st_quentin")] = Hapsburg
	put(t, c, "paris", France, Force{Reg: 1}, "montmorency")
	put(t, c, "st_quentin", Hapsburg, Force{Reg: 3})
	mc, _ := c.BeginMove(France, form(t, "paris", France, Force{Reg: 1}, "montmorency"), sp(t, "st_quentin"))
	c.EnterDestination(mc)
	c.AvoidBattle(mc, Hapsburg, -1, nil, nil, &testdice.Script{})
	bc, _ := c.NewBattle(mc, nil, nil)
	rc := c.RollBattle(bc, Mods{}, &testdice.Script{Rolls: []int{1, 1, 6, 1, 1, 1}})
	if _, err := c.ApplyBattle(bc, rc, NoChoice(), &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	if l := ldr(t, "montmorency"); c.Leader[l] != LeaderCaptured || c.Captor[l] != Hapsburg {
		t.Errorf("Montmorency %d", c.Leader[l])
	}
	mustCheck(t, c)
	// A defender with nowhere to go is destroyed and its leaders captured.
	s2 := board(t)
	s2.setWar(France, Hapsburg, true)
	qs := sp(t, "st_quentin")
	s2.Ctrl[qs] = Hapsburg
	s2.Ctrl[sp(t, "brussels")] = France
	put(t, s2, "paris", France, Force{Reg: 4})
	put(t, s2, "st_quentin", Hapsburg, Force{Reg: 2}, "duke_of_alva")
	m2, _ := s2.BeginMove(France, form(t, "paris", France, Force{Reg: 4}), qs)
	s2.EnterDestination(m2)
	s2.AvoidBattle(m2, Hapsburg, -1, nil, nil, &testdice.Script{})
	b2, err := s2.NewBattle(m2, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := s2.RetreatOptions(b2, false); len(got) != 0 {
		t.Fatalf("retreat options %v: every neighbour is French", namesOf(got))
	}
	// France 4 dice, 1 hit; Habsburg 4 dice, none.
	r4 := s2.RollBattle(b2, Mods{}, &testdice.Script{Rolls: []int{6, 1, 1, 1, 1, 1, 1, 1}})
	log, err := s2.ApplyBattle(b2, r4, NoChoice(), &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s2)
	l := ldr(t, "duke_of_alva")
	if !s2.Units[qs][Hapsburg].empty() || s2.Leader[l] != LeaderCaptured || s2.Captor[l] != France {
		t.Errorf("no retreat: Habsburg %+v, Alva %d\n%s", s2.Units[qs][Hapsburg], s2.Leader[l], strings.Join(log, "\n"))
	}
}

// HIS-14.1a, HIS-14l, HIS-2.1b: a beaten garrison withdraws up to 4 units into
// its fortifications; the victor besieges if it outnumbers them.
func TestHIS14_1a_WithdrawAfterBattle(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "st_quentin")] = France
	bru := sp(t, "brussels")
	put(t, s, "st_quentin", France, Force{Reg: 8}, "francis_i")
	put(t, s, "brussels", Hapsburg, Force{Reg: 6}, "duke_of_alva")
	m, _ := s.BeginMove(France, form(t, "st_quentin", France, Force{Reg: 8}, "francis_i"), bru)
	s.EnterDestination(m)
	s.AvoidBattle(m, Hapsburg, -1, nil, nil, &testdice.Script{})
	if _, err := s.CanWithdraw(m); err == nil {
		t.Errorf("6 units may not withdraw before battle")
	}
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// France 9 dice, 2 hits; Habsburg 8 dice, 1 hit.
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{5, 5, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 1}})
	if !r.AttackerWins {
		t.Fatalf("%+v", r)
	}
	after := NoChoice()
	in := []Part{{Hapsburg, Force{Reg: 5}}}
	after.Inside = &in
	_, err = s.ApplyBattle(b, r, after, &testdice.Script{})
	wantErr(t, err, "at most 4")
	in = []Part{{Hapsburg, Force{Reg: 3}}}
	log, err := s.ApplyBattle(b, r, after, &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if !s.UnderSiege(bru) || s.Inside(bru) != 3 || s.Besiegers(bru) != 7 {
		t.Errorf("Brussels: siege %v inside %d besiegers %d\n%s", s.UnderSiege(bru), s.Inside(bru), s.Besiegers(bru), strings.Join(log, "\n"))
	}
	// The unit that stayed out retreated, not into St Quentin; Alva is inside.
	if int(s.Leader[ldr(t, "duke_of_alva")]) != bru {
		t.Errorf("Alva not inside Brussels")
	}
	n := 0
	for _, e := range spaces[bru].Nbr {
		n += s.Units[e.To][Hapsburg].Land()
	}
	if n != 1 || s.Units[sp(t, "st_quentin")][Hapsburg].Land() != 0 {
		t.Errorf("retreated units %d", n)
	}
}

// The land-war bookkeeping survives encoding, and the same dice give the
// same game.
func TestLandWarEncodingAndDeterminism(t *testing.T) {
	run := func() []byte {
		s := calais(t)
		m, _ := s.BeginMove(France, form(t, "brussels", France, Force{Reg: 6}, "francis_i"), sp(t, "calais"))
		s.Intercept(m, England, form(t, "boulogne", England, Force{Reg: 4}, "charles_brandon"), testdice.New(7))
		s.EnterDestination(m)
		if s.NeedBattle(m) || len(s.AvoidPowers(m)) > 0 {
			s.AvoidBattle(m, England, -1, nil, nil, testdice.New(8))
			if _, err := s.CanWithdraw(m); err == nil {
				s.Withdraw(m)
			}
		}
		data, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := decode(data)
		if err != nil {
			t.Fatalf("decode: %v\n%s", err, data)
		}
		again, _ := back.Encode()
		if string(again) != string(data) {
			t.Fatalf("round trip differs")
		}
		if !strings.Contains(string(data), `"siege":["calais"]`) || !strings.Contains(string(data), `"tried"`) {
			t.Errorf("war not encoded: %s", data)
		}
		return data
	}
	if a, b := run(), run(); string(a) != string(b) {
		t.Errorf("same dice, different games")
	}
}

// HIS-13.4c: a formation that does not outnumber the garrison that
// withdrew moves on or falls back to where it came from.
func TestHIS13_4c_NotOutnumbered(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "st_quentin")] = France
	bru := sp(t, "brussels")
	put(t, s, "st_quentin", France, Force{Reg: 3})
	put(t, s, "brussels", Hapsburg, Force{Reg: 3})
	m, err := s.BeginMove(France, form(t, "st_quentin", France, Force{Reg: 3}), bru)
	if err != nil {
		t.Fatal(err)
	}
	s.EnterDestination(m)
	s.AvoidBattle(m, Hapsburg, -1, nil, nil, &testdice.Script{})
	besieged, _, err := s.Withdraw(m)
	if err != nil || besieged {
		t.Fatalf("withdraw: %v %v", besieged, err)
	}
	if !s.MustLeave(m) || s.NeedBattle(m) {
		t.Fatalf("must leave %v, battle %v", s.MustLeave(m), s.NeedBattle(m))
	}
	s.FallBack(m)
	mustCheck(t, s)
	if s.Units[sp(t, "st_quentin")][France].Reg != 3 || s.Units[bru][France].Land() != 0 {
		t.Errorf("fall back: %+v", s.Units[sp(t, "st_quentin")][France])
	}
}

// HIS-15.2b, HIS-15.2c: a relief force that wins breaks the siege; one that loses
// on equal hits may withdraw what took part, up to 4 inside in all;
// HIS-15.3a: the siege breaks when the besiegers no longer outnumber.
func TestHIS15_2_ReliefOutcomes(t *testing.T) {
	setup := func() (*St, *Move) {
		s := calais(t)
		cal := sp(t, "calais")
		s.removeUnits(sp(t, "brussels"), France, Force{Reg: 3})
		s.addUnits(cal, France, Force{Reg: 3})
		s.Warfare.Siege.set(cal)
		mustCheck(t, s)
		m, err := s.BeginMove(England, form(t, "boulogne", England, Force{Reg: 4}, "charles_brandon"), cal)
		if err != nil {
			t.Fatal(err)
		}
		s.EnterDestination(m)
		s.AvoidBattle(m, France, -1, nil, nil, &testdice.Script{})
		return s, m
	}
	// England 4 + 1 = 5 dice (garrison kept out), France 3 + 1 = 4.
	s, m := setup()
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{6, 6, 1, 1, 1, 5, 1, 1, 1}})
	if !r.AttackerWins {
		t.Fatalf("%+v", r)
	}
	if _, err := s.ApplyBattle(b, r, NoChoice(), &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	cal := sp(t, "calais")
	if s.UnderSiege(cal) || s.Units[cal][France].Land() != 0 || s.Units[cal][England].Reg != 5 {
		t.Errorf("relief won: siege %v French %+v English %+v", s.UnderSiege(cal), s.Units[cal][France], s.Units[cal][England])
	}
	// Equal hits: England loses; 2 may go inside (2 are there already).
	s, m = setup()
	b, _ = s.NewBattle(m, nil, nil)
	r = s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{6, 1, 1, 1, 1, 5, 1, 1, 1}})
	if r.AttackerWins || r.AttHits != r.DefHits {
		t.Fatalf("%+v", r)
	}
	after := NoChoice()
	in := []Part{{England, Force{Reg: 3}}}
	after.Inside = &in
	if _, err := s.ApplyBattle(b, r, after, &testdice.Script{}); err == nil {
		t.Errorf("5 inside accepted")
	}
	in = []Part{{England, Force{Reg: 2}}}
	if _, err := s.ApplyBattle(b, r, after, &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if s.Units[cal][England].Reg != 4 || s.Units[sp(t, "boulogne")][England].Reg != 1 {
		t.Errorf("equal hits: Calais %+v, Boulogne %+v", s.Units[cal][England], s.Units[sp(t, "boulogne")][England])
	}
	// 2 besiegers left against 4 inside: the siege is broken.
	if s.UnderSiege(cal) || s.Units[cal][France].Land() != 0 {
		t.Errorf("siege not broken: French %+v", s.Units[cal][France])
	}
}

// HIS-15.1o: when every assaulting unit falls, the leaders go to the
// nearest friendly fortified space.
func TestHIS15_1o_LeadersAfterFailedAssault(t *testing.T) {
	s := calais(t)
	cal := sp(t, "calais")
	s.removeUnits(cal, England, Force{Sq: 1})
	s.removeUnits(sp(t, "brussels"), France, Force{Reg: 3})
	s.addUnits(cal, France, Force{Reg: 3})
	s.Leader[ldr(t, "francis_i")] = int16(cal)
	s.Warfare.Siege.set(cal)
	f := form(t, "calais", France, Force{Reg: 3}, "francis_i")
	// France 2 + 1 die, no hit; England 3 dice, 3 hits.
	a, r, err := s.RollAssault(France, f, Mods{}, &testdice.Script{Rolls: []int{1, 1, 1, 5, 5, 6}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplyAssault(a, r, nil, nil, &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if at := s.Leader[ldr(t, "francis_i")]; int(at) != sp(t, "brussels") {
		t.Errorf("Francis in %d, want Brussels", at)
	}
	if s.UnderSiege(cal) {
		t.Errorf("siege with no besiegers")
	}
}

// HIS-13.1c(3): units allied to the enemy that controls a space count as
// enemy units there.
func TestHIS13_1c_AlliesOfTheController(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.setAlly(Hapsburg, England, true)
	s.Ctrl[sp(t, "st_quentin")] = Hapsburg
	put(t, s, "paris", France, Force{Reg: 3})
	put(t, s, "st_quentin", England, Force{Reg: 2})
	m, err := s.BeginMove(France, form(t, "paris", France, Force{Reg: 3}), sp(t, "st_quentin"))
	if err != nil {
		t.Fatal(err)
	}
	s.EnterDestination(m)
	if got := s.AvoidPowers(m); len(got) != 1 || got[0] != England {
		t.Errorf("defenders %v", got)
	}
}

// HIS-14e, HIS-14f, HIS-14g, HIS-15.1l: Combat and Response cards reach the dice through
// Mods: dice added before the roll, and extra dice rolled after it.
func TestHIS14f_CardHooks(t *testing.T) {
	r := rollCombat(3+1, 2-1, Mods{AttDice: 1, DefDice: -1, AttLateDice: 2}, &testdice.Script{Rolls: []int{1, 1, 1, 1, 5, 6, 6}}, "x", 3, 3)
	if r.AttDice != 4 || r.DefDice != 1 || len(r.AttRolls) != 6 || r.AttHits != 2 || r.DefHits != 1 || !r.AttackerWins {
		t.Errorf("%+v", r)
	}
}

// HIS-15.3b: besiegers with nowhere to go when the siege breaks are
// eliminated and their leaders captured.
func TestHIS15_3b_NoWayOut(t *testing.T) {
	s := calais(t)
	cal := sp(t, "calais")
	s.removeUnits(cal, England, Force{Sq: 1})
	s.removeUnits(sp(t, "brussels"), France, Force{Reg: 4})
	s.addUnits(cal, France, Force{Reg: 3})
	s.Leader[ldr(t, "francis_i")] = int16(cal)
	s.Warfare.Siege.set(cal)
	for _, id := range []string{"antwerp", "boulogne", "brussels"} {
		s.Ctrl[sp(t, id)] = England
	}
	mustCheck(t, s)
	// France loses one of its 3 (an event, a failed assault): 2 v 2 breaks the siege.
	s.eliminate(cal, []Part{{France, Force{Reg: 1}}})
	log := s.recheckSiege(cal)
	mustCheck(t, s)
	l := ldr(t, "francis_i")
	if !s.Units[cal][France].empty() || s.Leader[l] != LeaderCaptured || s.Captor[l] != England {
		t.Errorf("French in Calais %+v, Francis %d\n%s", s.Units[cal][France], s.Leader[l], strings.Join(log, "\n"))
	}
}
