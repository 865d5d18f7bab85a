package hereistand

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// board returns the 1517 map with every unit and leader removed and no
// wars or alliances, ready for a worked example.
func board(t testing.TB) *St {
	t.Helper()
	s := newGame(t, 1)
	s.Units = [NLoc][NPow]Force{}
	s.reindex()
	for l := range s.Leader {
		s.Leader[l], s.Captor[l] = LeaderOff, NoPower
	}
	s.War, s.Ally = [NPow]uint16{}, [NPow]uint16{}
	s.Phase = PhAction
	return s
}

// put places units and leaders of power p in a space.
func put(t testing.TB, s *St, id string, p int, f Force, ls ...string) {
	t.Helper()
	s.addUnits(sp(t, id), p, f)
	for _, l := range ls {
		s.Leader[ldr(t, l)] = int16(sp(t, id))
	}
}

// form builds a formation of power p's own units.
func form(t testing.TB, id string, p int, f Force, ls ...string) Formation {
	t.Helper()
	fm := Formation{At: sp(t, id), Parts: []Part{{p, f}}}
	if f.Land() == 0 {
		fm.Parts = nil
	}
	for _, l := range ls {
		fm.Leaders = append(fm.Leaders, ldr(t, l))
	}
	return fm
}

func mustCheck(t *testing.T, s *St) {
	t.Helper()
	if err := s.Check(); err != nil {
		t.Fatalf("state check: %v", err)
	}
}

func wantErr(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want one mentioning %q", err, want)
	}
}

// vienna sets up the seed's example of interception and battle (HIS-14m).
func vienna(t *testing.T) *St {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	s.setAlly(Hapsburg, Hungary, true)
	s.Ctrl[sp(t, "pressburg")] = Ottoman
	put(t, s, "pressburg", Ottoman, Force{Reg: 7, Cav: 1}, "suleiman", "ibrahim_pasha")
	put(t, s, "graz", Hapsburg, Force{Reg: 8}, "charles_v")
	put(t, s, "vienna", Hapsburg, Force{Reg: 2}, "ferdinand")
	mustCheck(t, s)
	return s
}

// HIS-14m, HIS-13.1i, HIS-13.2m, HIS-13.2n, HIS-14c, HIS-14d, HIS-14h, HIS-14i, HIS-14.1c: the
// seed's example of interception and battle, with its dice. Also HIS-13.2a
// (an adjacent enemy stack may try), HIS-13.2k and HIS-13.2p (no avoiding
// after an interception: straight to battle), HIS-13.1n, HIS-14a and HIS-14k
// (the battle and the loser's retreat to Pressburg).
func TestHIS14m_InterceptionAndBattleExample(t *testing.T) {
	s := vienna(t)
	m, err := s.BeginMove(Ottoman, form(t, "pressburg", Ottoman, Force{Reg: 7, Cav: 1}, "suleiman", "ibrahim_pasha"), sp(t, "vienna"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Cost != 1 {
		t.Errorf("cost %d, want 1", m.Cost)
	}
	opts := s.InterceptOptions(m)
	if len(opts) != 1 || opts[0].Power != Hapsburg || opts[0].From != sp(t, "graz") || opts[0].Units != 8 {
		t.Fatalf("interception options %+v", opts)
	}
	// The seed's roll of 8, plus 2 for Charles V, -1 for the Ottoman cavalry.
	dice := &testdice.Script{Rolls: []int{4, 4}}
	ok, log, err := s.Intercept(m, Hapsburg, form(t, "graz", Hapsburg, Force{Reg: 8}, "charles_v"), dice)
	if err != nil || !ok {
		t.Fatalf("interception: %v %v %v", ok, log, err)
	}
	if !strings.Contains(log[0], "4+4+1 = 9") {
		t.Errorf("log %q", log[0])
	}
	if len(s.InterceptOptions(m)) != 0 {
		t.Errorf("more interceptions after success: %+v", s.InterceptOptions(m))
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	// HIS-13.1k: after a successful interception go straight to battle.
	if len(s.AvoidPowers(m)) != 0 {
		t.Errorf("avoid battle offered after an interception")
	}
	if _, err := s.CanWithdraw(m); err == nil {
		t.Errorf("withdrawal offered after an interception")
	}
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	att, def := s.BattleDice(b)
	if att != 10 || def != 13 {
		t.Fatalf("dice %d v %d, want 10 v 13", att, def)
	}
	// Ottoman 3 hits of 10, Hapsburg 5 of 13.
	rolls := []int{5, 6, 5, 1, 1, 1, 2, 2, 3, 4}
	rolls = append(rolls, 5, 5, 6, 6, 5, 1, 1, 1, 2, 2, 3, 3, 4)
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: rolls})
	if r.AttHits != 3 || r.DefHits != 5 || r.AttackerWins || r.AttLosses != 5 || r.DefLosses != 3 {
		t.Fatalf("result %+v", r)
	}
	after := NoChoice()
	after.AttLoss = []Part{{Ottoman, Force{Reg: 4, Cav: 1}}}
	log, err = s.ApplyBattle(b, r, after, &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if got := s.Units[sp(t, "pressburg")][Ottoman]; got != (Force{Reg: 3}) {
		t.Errorf("Pressburg %+v, want 3 regulars\n%s", got, strings.Join(log, "\n"))
	}
	if got := s.Units[sp(t, "vienna")][Hapsburg]; got != (Force{Reg: 7}) {
		t.Errorf("Vienna %+v, want 7 regulars", got)
	}
	for id, want := range map[string]string{"suleiman": "pressburg", "ibrahim_pasha": "pressburg", "charles_v": "vienna", "ferdinand": "vienna"} {
		if at := s.Leader[ldr(t, id)]; int(at) != sp(t, want) {
			t.Errorf("%s in %d, want %s", id, at, want)
		}
	}
	// HIS-13.1e: the beaten Ottoman army may not move again this impulse.
	_, err = s.BeginMove(Ottoman, form(t, "pressburg", Ottoman, Force{Reg: 3}, "suleiman"), sp(t, "buda"))
	wantErr(t, err, "lost a field battle")
	s.NewImpulse()
	if _, err := s.BeginMove(Ottoman, form(t, "pressburg", Ottoman, Force{Reg: 3}, "suleiman"), sp(t, "buda")); err != nil {
		t.Errorf("next impulse: %v", err)
	}
}

// HIS-13.3b, HIS-13.3c, HIS-13.4a: the seed's aside to the same example: had the
// interception failed, Ferdinand could fight, avoid battle into Brunn,
// Linz or Graz, or withdraw into Vienna (HIS-13.1l, HIS-13.1m, HIS-13.3a, HIS-13.3e:
// each defending power declares and names its space).
func TestHIS13_3_AvoidOrWithdrawInVienna(t *testing.T) {
	s := vienna(t)
	m, err := s.BeginMove(Ottoman, form(t, "pressburg", Ottoman, Force{Reg: 7, Cav: 1}, "suleiman", "ibrahim_pasha"), sp(t, "vienna"))
	if err != nil {
		t.Fatal(err)
	}
	ok, _, err := s.Intercept(m, Hapsburg, form(t, "graz", Hapsburg, Force{Reg: 8}, "charles_v"), &testdice.Script{Rolls: []int{3, 3}})
	if err != nil || ok {
		t.Fatalf("interception should fail: %v %v", ok, err)
	}
	// HIS-13.2o: a space whose attempt failed may not try again.
	_, _, err = s.Intercept(m, Hapsburg, form(t, "graz", Hapsburg, Force{Reg: 8}, "charles_v"), &testdice.Script{Rolls: []int{6, 6}})
	wantErr(t, err, "may not intercept")
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if got := s.AvoidPowers(m); !reflect.DeepEqual(got, []int{Hapsburg}) {
		t.Fatalf("avoid powers %v", got)
	}
	var names []string
	for _, x := range s.AvoidOptions(m, Hapsburg) {
		names = append(names, spaces[x].ID)
	}
	if !reflect.DeepEqual(names, []string{"brunn", "graz", "linz"}) {
		t.Errorf("avoid options %v, want brunn graz linz", names)
	}
	// Into Pressburg, where the Ottoman came from: refused (HIS-13.3c).
	_, _, err = s.AvoidBattle(m, Hapsburg, sp(t, "pressburg"), []Part{{Hapsburg, Force{Reg: 2}}}, nil, &testdice.Script{})
	wantErr(t, err, "may not avoid battle into Pressburg")
	// Unrest in Linz removes it from the options (HIS-12.4b).
	u := s.clone()
	u.Unrest.set(sp(t, "linz"))
	if got := u.AvoidOptions(m, Hapsburg); contains(got, sp(t, "linz")) {
		t.Errorf("avoid into unrest offered")
	}
	// Standing to fight, then withdrawal is open: 2 units, Hapsburg controls.
	if _, _, err := s.AvoidBattle(m, Hapsburg, -1, nil, nil, &testdice.Script{}); err != nil {
		t.Fatal(err)
	}
	who, err := s.CanWithdraw(m)
	if err != nil || who != Hapsburg {
		t.Fatalf("withdraw: %v %v", who, err)
	}
	besieged, _, err := s.Withdraw(m)
	if err != nil || !besieged {
		t.Fatalf("withdraw: %v %v", besieged, err)
	}
	if !s.UnderSiege(sp(t, "vienna")) || s.Inside(sp(t, "vienna")) != 2 || s.Besiegers(sp(t, "vienna")) != 8 {
		t.Errorf("siege of Vienna: %v inside %d besiegers %d", s.UnderSiege(sp(t, "vienna")), s.Inside(sp(t, "vienna")), s.Besiegers(sp(t, "vienna")))
	}
	if s.NeedBattle(m) {
		t.Errorf("battle after withdrawal")
	}
	mustCheck(t, s)
	// HIS-13.1f: the besiegers stay put this impulse; besieged units never move.
	_, err = s.BeginMove(Ottoman, form(t, "vienna", Ottoman, Force{Reg: 7}, "suleiman"), sp(t, "linz"))
	wantErr(t, err, "began this impulse")
	_, err = s.BeginMove(Hapsburg, form(t, "vienna", Hapsburg, Force{Reg: 2}, "ferdinand"), sp(t, "linz"))
	wantErr(t, err, "under siege")
}

// HIS-13.3f: the avoid-battle roll and its automatic success for units
// that already lost a battle this impulse; HIS-13.3g: the avoiding units
// are placed in the chosen space.
func TestHIS13_3f_AvoidBattleRoll(t *testing.T) {
	s := vienna(t)
	m, _ := s.BeginMove(Ottoman, form(t, "pressburg", Ottoman, Force{Reg: 7, Cav: 1}, "suleiman", "ibrahim_pasha"), sp(t, "vienna"))
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	// 1 for Ferdinand, -1 for the Ottoman cavalry: 4+4 = 8 fails.
	f := s.clone()
	mf := *m
	ok, log, err := f.AvoidBattle(&mf, Hapsburg, sp(t, "linz"), []Part{{Hapsburg, Force{Reg: 2}}}, []int{ldr(t, "ferdinand")}, &testdice.Script{Rolls: []int{4, 4}})
	if err != nil || ok || !strings.Contains(log[0], "4+4+0 = 8") {
		t.Errorf("avoid: %v %v %v", ok, log, err)
	}
	if f.NeedBattle(&mf) != true {
		t.Errorf("no battle after a failed avoid")
	}
	// 5+4 = 9 succeeds.
	g := s.clone()
	mg := *m
	ok, _, err = g.AvoidBattle(&mg, Hapsburg, sp(t, "linz"), []Part{{Hapsburg, Force{Reg: 2}}}, []int{ldr(t, "ferdinand")}, &testdice.Script{Rolls: []int{5, 4}})
	if err != nil || !ok || g.Units[sp(t, "linz")][Hapsburg].Reg != 2 || int(g.Leader[ldr(t, "ferdinand")]) != sp(t, "linz") {
		t.Fatalf("avoid: %v %v", ok, err)
	}
	// Vienna, now empty, is under siege (HIS-15.1c).
	if !g.UnderSiege(sp(t, "vienna")) || g.NeedBattle(&mg) {
		t.Errorf("Vienna after the avoid: siege %v battle %v", g.UnderSiege(sp(t, "vienna")), g.NeedBattle(&mg))
	}
	// Units that all lost a battle this impulse avoid without a roll.
	h := s.clone()
	mh := *m
	h.markLost(sp(t, "vienna"), []Part{{Hapsburg, Force{Reg: 2}}}, []int{ldr(t, "ferdinand")})
	ok, log, err = h.AvoidBattle(&mh, Hapsburg, sp(t, "linz"), []Part{{Hapsburg, Force{Reg: 2}}}, []int{ldr(t, "ferdinand")}, &testdice.Script{})
	if err != nil || !ok || !strings.Contains(log[0], "without a roll") {
		t.Errorf("automatic avoid: %v %v %v", ok, log, err)
	}
}

// HIS-5.1d, HIS-13.1a: the seed's formation example: Suleiman (command
// 12) and Ibrahim (6) with 12 regulars and 2 cavalry.
func TestHIS13_1a_FormationExample(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	put(t, s, "buda", Ottoman, Force{Reg: 12, Cav: 2}, "suleiman", "ibrahim_pasha")
	s.Ctrl[sp(t, "buda")] = Ottoman
	s.Ctrl[sp(t, "pressburg")] = Ottoman
	to := sp(t, "pressburg")
	_, err := s.BeginMove(Ottoman, form(t, "buda", Ottoman, Force{Reg: 12, Cav: 2}), to)
	wantErr(t, err, "at most 4")
	_, err = s.BeginMove(Ottoman, form(t, "buda", Ottoman, Force{Reg: 12, Cav: 2}, "suleiman"), to)
	wantErr(t, err, "at most 12")
	if _, err := s.BeginMove(Ottoman, form(t, "buda", Ottoman, Force{Reg: 12, Cav: 2}, "suleiman", "ibrahim_pasha"), to); err != nil {
		t.Error(err)
	}
	if _, err := s.BeginMove(Ottoman, form(t, "buda", Ottoman, Force{Reg: 4}), to); err != nil {
		t.Error(err)
	}
	// Units that are not there.
	_, err = s.BeginMove(Ottoman, form(t, "buda", Ottoman, Force{Reg: 13}, "suleiman", "ibrahim_pasha"), to)
	wantErr(t, err, "does not have")
}

// HIS-13.1b, HIS-13.1c, HIS-13.1d, HIS-13.1g, HIS-13.1i: destinations, passes and leaders alone.
func TestHIS13_1_Destinations(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	put(t, s, "paris", France, Force{Reg: 4}, "francis_i")
	put(t, s, "lyon", France, Force{Reg: 2})
	// Not adjacent: the error lists the legal destinations.
	_, err := s.BeginMove(France, form(t, "paris", France, Force{Reg: 4}), sp(t, "lyon"))
	wantErr(t, err, "may move to Boulogne")
	// Into England's Calais: France is neither at war nor allied with England.
	put(t, s, "boulogne", France, Force{Reg: 1})
	_, err = s.BeginMove(France, form(t, "boulogne", France, Force{Reg: 1}), sp(t, "calais"))
	wantErr(t, err, "neither at war nor allied")
	// Over a pass the move costs 2 CP (HIS-13.1i).
	put(t, s, "graz", Hapsburg, Force{Reg: 2})
	s.Ctrl[sp(t, "salzburg")] = Hapsburg
	m, err := s.BeginMove(Hapsburg, form(t, "graz", Hapsburg, Force{Reg: 2}), sp(t, "salzburg"))
	if err != nil || m.Cost != 2 || !m.Pass {
		t.Errorf("over the pass: %+v %v", m, err)
	}
	// Leaders alone may not enter enemy-controlled spaces (HIS-13.1g).
	s.Ctrl[sp(t, "st_quentin")] = Hapsburg
	_, err = s.BeginMove(France, form(t, "paris", France, Force{}, "francis_i"), sp(t, "st_quentin"))
	wantErr(t, err, "army leaders without land units")
	if _, err := s.BeginMove(France, form(t, "paris", France, Force{}, "francis_i"), sp(t, "orleans")); err != nil {
		t.Errorf("leader alone at home: %v", err)
	}
	// Units of a power at peace with France bar the way (HIS-13.1c).
	put(t, s, "rouen", England, Force{Reg: 1})
	_, err = s.BeginMove(France, form(t, "paris", France, Force{Reg: 4}), sp(t, "rouen"))
	wantErr(t, err, "neither at war nor allied")
}

// HIS-13.1h: an enemy army leader alone is captured when land units enter.
func TestHIS13_1h_LoneLeaderCaptured(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	put(t, s, "paris", France, Force{Reg: 3})
	put(t, s, "st_quentin", Hapsburg, Force{}, "duke_of_alva")
	s.Ctrl[sp(t, "st_quentin")] = Hapsburg
	m, err := s.BeginMove(France, form(t, "paris", France, Force{Reg: 3}), sp(t, "st_quentin"))
	if err != nil {
		t.Fatal(err)
	}
	log, err := s.EnterDestination(m)
	if err != nil {
		t.Fatal(err)
	}
	l := ldr(t, "duke_of_alva")
	if s.Leader[l] != LeaderCaptured || s.Captor[l] != France {
		t.Errorf("Alva: %d captor %d, log %v", s.Leader[l], s.Captor[l], log)
	}
	if s.NeedBattle(m) {
		t.Errorf("battle with a captured leader")
	}
	mustCheck(t, s)
}

// HIS-2.5c, HIS-13.2b, HIS-13.2c, HIS-13.2d, HIS-13.2e, HIS-13.2f, HIS-13.2g, HIS-13.2h, HIS-13.2i, HIS-13.2j: who may intercept.
func TestHIS13_2_InterceptionLimits(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "st_quentin")] = Hapsburg
	put(t, s, "paris", France, Force{Reg: 4})
	put(t, s, "brussels", Hapsburg, Force{Reg: 3}, "duke_of_alva")
	put(t, s, "boulogne", England, Force{Reg: 3})
	m, err := s.BeginMove(France, form(t, "paris", France, Force{Reg: 4}), sp(t, "st_quentin"))
	if err != nil {
		t.Fatal(err)
	}
	// England is not at war with France (HIS-13.2d): only Brussels may try.
	opts := s.InterceptOptions(m)
	if len(opts) != 1 || opts[0].From != sp(t, "brussels") || opts[0].Leaders[0] != ldr(t, "duke_of_alva") {
		t.Fatalf("options %+v", opts)
	}
	// A formation that is not there, or another power's units.
	_, _, err = s.Intercept(m, Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 5}), &testdice.Script{})
	wantErr(t, err, "does not have")
	_, _, err = s.Intercept(m, England, form(t, "boulogne", England, Force{Reg: 3}), &testdice.Script{})
	wantErr(t, err, "may not intercept")
	// Two of the three try and fail; the third may not try in this
	// impulse from anywhere (HIS-13.2e).
	ok, _, err := s.Intercept(m, Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 2}), &testdice.Script{Rolls: []int{1, 1}})
	if err != nil || ok {
		t.Fatal(ok, err)
	}
	if got := markCount(s.Warfare.Tried, sp(t, "brussels"), Hapsburg); got != 2 {
		t.Errorf("tried marks %d", got)
	}
	// A move into a friendly fortified space that is not besieged cannot
	// be intercepted (HIS-13.2h).
	s.NewImpulse()
	m2, err := s.BeginMove(Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 3}), sp(t, "antwerp"))
	if err != nil {
		t.Fatal(err)
	}
	put(t, s, "liege", France, Force{Reg: 1})
	if opts := s.InterceptOptions(m2); len(opts) != 0 && spaces[sp(t, "antwerp")].fortified() {
		t.Errorf("interception into friendly fortress %+v", opts)
	}
	// No interception across a pass (HIS-13.2c).
	for a := 0; a < NS; a++ {
		for _, e := range spaces[a].Nbr {
			if !e.Pass {
				continue
			}
			t2 := board(t)
			t2.setWar(France, Hapsburg, true)
			b := int(e.To)
			t2.Ctrl[a], t2.Ctrl[b] = France, France
			// Mover enters a (France-controlled, unfortified or not) from
			// one of its non-pass neighbours; the enemy waits across the pass in b.
			var from = -1
			for _, f := range spaces[a].Nbr {
				if !f.Pass && int(f.To) != b {
					from = int(f.To)
					break
				}
			}
			if from < 0 || spaces[a].fortified() {
				continue
			}
			t2.Ctrl[from] = Hapsburg
			t2.addUnits(from, Hapsburg, Force{Reg: 1})
			t2.addUnits(b, France, Force{Reg: 2})
			mv, err := t2.BeginMove(Hapsburg, Formation{At: from, Parts: []Part{{Hapsburg, Force{Reg: 1}}}}, a)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range t2.InterceptOptions(mv) {
				if o.From == b {
					t.Errorf("interception across the pass %s-%s", spaces[a].Name, spaces[b].Name)
				}
			}
			return
		}
	}
}

// HIS-13.2m, HIS-5.2d: the Ottoman adds 1 for cavalry in the intercepting formation.
func TestHIS13_2m_OttomanCavalry(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	s.setAlly(Hapsburg, Hungary, true)
	s.Ctrl[sp(t, "pressburg")] = Ottoman
	s.Ctrl[sp(t, "buda")] = Ottoman
	put(t, s, "buda", Ottoman, Force{Reg: 2, Cav: 1}, "ibrahim_pasha")
	put(t, s, "vienna", Hapsburg, Force{Reg: 2})
	m, err := s.BeginMove(Hapsburg, form(t, "vienna", Hapsburg, Force{Reg: 2}), sp(t, "pressburg"))
	if err != nil {
		t.Fatal(err)
	}
	// 3+3 +1 (Ibrahim) +1 (cavalry) = 8.
	ok, log, err := s.Intercept(m, Ottoman, form(t, "buda", Ottoman, Force{Reg: 2, Cav: 1}, "ibrahim_pasha"), &testdice.Script{Rolls: []int{3, 3}})
	if err != nil || ok || !strings.Contains(log[0], "3+3+2 = 8") {
		t.Errorf("%v %v %v", ok, log, err)
	}
}

// HIS-5.2a, HIS-13.2: a formation splits off its stack only if the
// power's pieces can show both stacks where they end up. France has ten
// 1s: with all of them in use, 1 regular of the 2 in Paris cannot go to
// an empty space, but may join a lone regular (the two then show as a 2,
// and its 1 is free for Paris). An interception (and the counts its
// choices offer) is checked with shiftFits.
func TestHIS5_2a_SplitNeedsChange(t *testing.T) {
	s := board(t)
	for _, id := range []string{"bordeaux", "rouen", "lyon", "marseille", "brest", "nantes", "tours", "limoges", "toulouse", "boulogne"} {
		put(t, s, id, France, Force{Reg: 1})
	}
	put(t, s, "paris", France, Force{Reg: 2})
	mustCheck(t, s)
	one := []Part{{France, Force{Reg: 1}}}
	if s.shiftFits(one, sp(t, "paris"), sp(t, "orleans")) {
		t.Error("1 regular split off Paris into empty Orléans: France has no 1 left")
	}
	if !s.shiftFits(one, sp(t, "paris"), sp(t, "tours")) {
		t.Error("1 regular from Paris joining the one in Tours: the pair shows as a 2")
	}
	if !s.shiftFits([]Part{{France, Force{Reg: 2}}}, sp(t, "paris"), sp(t, "orleans")) {
		t.Error("the whole stack of Paris moves as it is")
	}
}
