package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
)

// HIS-5.1e, HIS-5.3b, HIS-5.3c, HIS-16.1f, HIS-16.1m, HIS-16.2a, HIS-16.2k, HIS-16.1j, HIS-16.2b, HIS-16.2c, HIS-16.2d, HIS-16.2e, HIS-16.2f, HIS-16.2g, HIS-16.2h, HIS-16.2i, HIS-16.2j, HIS-16.2l, HIS-16.1a, HIS-22.3a: the seed's naval example.
// Genoa is the Hapsburg's ally: Andrea Doria and a Genoese squadron sail
// in the Hapsburg's stack in the Tyrrhenian Sea with a Hapsburg
// squadron; a Hapsburg squadron in the Ionian Sea stands in for the
// Venetian fleet the Papacy lent (loans come with diplomacy).
// Barbarossa's fleet leaves Tunis for the Barbary Coast; both Hapsburg
// stacks roll 7 to intercept: the Ionian one fails, the one with Doria
// (+2) succeeds; both sides score 3 hits (7 dice against 6); the
// defender wins the tie; the Ottoman loses a squadron and the corsair and
// retreats; the Hapsburg loses one squadron, its odd hit ignored.
func TestHIS16_NavalExample(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	if _, err := s.ActivateMinor(Genoa, Hapsburg); err != nil {
		t.Fatal(err)
	}
	s.Ctrl[sp(t, "tunis")] = Ottoman
	put(t, s, "tunis", Ottoman, Force{Sq: 2, Cor: 1}, "barbarossa")
	tyr, ion := seaLoc(sz(t, "tyrrhenian_sea")), seaLoc(sz(t, "ionian_sea"))
	s.addUnits(tyr, Hapsburg, Force{Sq: 1})
	s.addUnits(tyr, Genoa, Force{Sq: 1})
	s.Leader[ldr(t, "andrea_doria")] = int16(tyr)
	s.addUnits(ion, Hapsburg, Force{Sq: 1})
	play := impulseFor(t, s, Ottoman, 2)
	refuse(t, s, Ottoman, play, "naval move tunis to tyrrhenian sea") // HIS-16.1b
	s, _ = submit(t, s, Ottoman, testdice.New(1), play, "naval move tunis to barbary")
	p := onlyPrompt(t, s, "hapsburg", "naval-intercept", "decline")
	if got := strings.Join(p.Choices, ";"); !strings.Contains(got, "intercept from Ionian Sea into Barbary Coast") ||
		!strings.Contains(got, "intercept from Tyrrhenian Sea into Barbary Coast") {
		t.Errorf("choices %v", p.Choices)
	}
	s, res := submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{3, 4}}, "intercept from ionian")
	if !strings.Contains(eventText(res, "france"), "fails") {
		t.Errorf("events %q", eventText(res, "france"))
	}
	rolls := []int{3, 4}                       // the interception: 7 + 2 for Doria
	rolls = append(rolls, 5, 6, 5, 1, 1, 1, 1) // Ottoman: 2x2 + 1 + Barbarossa 2 = 7 dice, 3 hits
	rolls = append(rolls, 5, 6, 6, 1, 1, 1)    // Hapsburg: 2x2 + Doria 2 = 6 dice, 3 hits
	s, res = submit(t, s, Hapsburg, &testdice.Script{Rolls: rolls}, "intercept from tyrrhenian into barbary coast")
	text := eventText(res, "papacy")
	for _, w := range []string{"3+4+2 = 9", "The interception succeeds", "Ottoman rolls 7 dice", "Hapsburg rolls 6 dice", "Hapsburg wins",
		"Ottoman loses 1 squadron, 1 corsair", "Hapsburg loses 1 squadron"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in\n%s", w, text)
		}
	}
	bc := seaLoc(sz(t, "barbary_coast"))
	if s.sideNaval(bc, Hapsburg).Sq != 1 || s.Units[bc][Ottoman].Naval() != 0 || s.Leader[ldr(t, "andrea_doria")] != int16(bc) {
		t.Errorf("Barbary Coast: Hapsburg %+v Genoa %+v Ottoman %+v", s.Units[bc][Hapsburg], s.Units[bc][Genoa], s.Units[bc][Ottoman])
	}
	at := int(s.Leader[ldr(t, "barbarossa")])
	if at < 0 || s.Units[at][Ottoman].Sq != 1 {
		t.Errorf("Barbarossa in %d with %+v\n%s", at, s.Units[max(at, 0)][Ottoman], text)
	}
	if s.Flow.NavalDead[Ottoman] != 2 || s.Flow.NavalDead[Hapsburg] != 1 {
		t.Errorf("ships lost this turn: %v", s.Flow.NavalDead)
	}
	// HIS-16.1f: the beaten Ottoman ships may not sail again this impulse.
	onlyPrompt(t, s, "ottoman", "actions", "done")
	if rej := refuse(t, s, Ottoman, "naval move "+locName(at)+" to barbary coast"); !strings.Contains(rej.Error(), "lost a naval battle") {
		t.Errorf("rejection %v", rej)
	}
}

// HIS-16.1d, HIS-16.1k, HIS-11.1c: ships enter only their own ports or
// ports with enemy ships; enemies in a zone entered may avoid battle;
// the Protestant has no navy.
func TestHIS16_1_NavalRules(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	put(t, s, "marseille", France, Force{Sq: 2})
	gol := seaLoc(sz(t, "gulf_of_lyon"))
	s.addUnits(gol, Hapsburg, Force{Sq: 1})
	play := impulseFor(t, s, France, 3)
	rej := refuse(t, s, France, play, "naval move marseille to genoa")
	if !strings.Contains(rej.Error(), "Gulf of Lyon") && !strings.Contains(rej.Error(), "not next to") {
		t.Errorf("rejection %v", rej)
	}
	s, _ = submit(t, s, France, testdice.New(1), play, "naval move marseille to gulf of lyon", "build regular in paris")
	onlyPrompt(t, s, "hapsburg", "naval-avoid", "stand")
	s, res := submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{1, 1}, Fallback: testdice.New(3)}, "stand")
	if !strings.Contains(eventText(res, "ottoman"), "Naval battle in Gulf of Lyon") {
		t.Errorf("events %q", eventText(res, "ottoman"))
	}
	if s.Units[sp(t, "paris")][France].Reg != 1 {
		t.Errorf("the waiting build did not run")
	}
	q := board(t)
	impulseFor(t, q, Protestant, 2)
	put(t, q, "marseille", France, Force{Sq: 1})
	if rej := refuse(t, q, Protestant, "play "+strings.TrimPrefix(cardName(int(q.Hands[Protestant][0])), "#"), "naval move marseille to gulf of lyon"); !strings.Contains(rej.Error(), "no navy") &&
		!strings.Contains(rej.Error(), "no naval units") {
		t.Errorf("rejection %v", rej)
	}
}

// HIS-2.5d, HIS-16.3a, HIS-16.3b, HIS-16.3c, HIS-16.3d, HIS-16.3e: naval transport: at most 5 land units from a port across
// zones holding the power's ships, 1 CP a step; the landing is a land
// move; a lost battle there destroys the transported units.
func TestHIS16_3_Transport(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "genoa")] = Hapsburg
	put(t, s, "marseille", France, Force{Reg: 6})
	put(t, s, "genoa", Hapsburg, Force{Reg: 2})
	gol := seaLoc(sz(t, "gulf_of_lyon"))
	play := impulseFor(t, s, France, 1)
	rej := refuse(t, s, France, play, "transport 4 from marseille via gulf of lyon to genoa")
	if !strings.Contains(rej.Error(), "ships") {
		t.Errorf("rejection %v", rej)
	}
	s.addUnits(gol, France, Force{Sq: 1})
	if rej := refuse(t, s, France, play, "transport 4 from marseille via gulf of lyon to genoa"); !strings.Contains(rej.Error(), "2 steps") {
		t.Errorf("rejection %v", rej)
	}
	play = impulseFor(t, s, France, 3)
	if rej := refuse(t, s, France, play, "transport 6 from marseille via gulf of lyon to genoa"); !strings.Contains(rej.Error(), "at most 5") {
		t.Errorf("rejection %v", rej)
	}
	s, _ = submit(t, s, France, testdice.New(1), play, "transport 4 from mars via gulf to genoa")
	if s.Flow.CP != 1 || !s.Flow.Transport {
		t.Errorf("CP %d, transport %v", s.Flow.CP, s.Flow.Transport)
	}
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "stand")
	onlyPrompt(t, s, "hapsburg", "withdraw", "stand")
	// France 4 dice, no hit; Hapsburg 3 dice, 2 hits.
	s, res := submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{1, 1, 1, 1, 6, 6, 1}}, "stand")
	if !strings.Contains(eventText(res, "ottoman"), "lost at sea") {
		t.Errorf("events %s", eventText(res, "ottoman"))
	}
	onlyPrompt(t, s, "france", "actions", "done")
	if got := s.Units[sp(t, "marseille")][France]; got.Reg != 2 {
		t.Errorf("Marseille %+v: the 2 regulars that stayed", got)
	}
	if got := s.Units[sp(t, "genoa")][France]; got.Land() != 0 {
		t.Errorf("Genoa %+v", got)
	}
}

// HIS-15.3a, HIS-16.3b: besiegers that sail away by naval transport
// break the siege they leave when too few stay behind.
func TestHIS15_3a_TransportLeavesSiege(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	genoa := sp(t, "genoa")
	s.Ctrl[genoa] = Hapsburg
	put(t, s, "genoa", Hapsburg, Force{Reg: 1})
	put(t, s, "genoa", France, Force{Reg: 3})
	s.Warfare.Siege.set(genoa)
	s.addUnits(seaLoc(sz(t, "gulf_of_lyon")), France, Force{Sq: 1})
	play := impulseFor(t, s, France, 3)
	s, _ = submit(t, s, France, testdice.New(1), play, "transport 3 from genoa via gulf of lyon to marseille")
	if s.UnderSiege(genoa) {
		t.Error("Genoa is still under siege with no besiegers")
	}
	if got := s.Units[sp(t, "marseille")][France]; got.Reg < 3 {
		t.Errorf("Marseille %+v", got)
	}
	if err := s.Check(); err != nil {
		t.Error(err)
	}
}

// HIS-16a, HIS-16.1a, HIS-16.1c, HIS-16.1e, HIS-16.1h, HIS-16.1l: one naval move
// action costs 1 CP and moves every stack named, whole, with its naval
// leaders; the forbidden crossings are refused; only sea zones the mover
// had no ships in before ("vertical" units) may be intercepted, and
// that lasts only for the action.
func TestHIS16_1a_NavalMoveAction(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	aeg, ion, adr := seaLoc(sz(t, "aegean_sea")), seaLoc(sz(t, "ionian_sea")), seaLoc(sz(t, "adriatic_sea"))
	s.addUnits(aeg, Ottoman, Force{Sq: 2})
	s.Leader[ldr(t, "dragut")] = int16(aeg)
	s.addUnits(ion, Ottoman, Force{Sq: 1})
	put(t, s, "messina", Hapsburg, Force{Sq: 1})
	put(t, s, "trieste", Hapsburg, Force{Sq: 1})
	play := impulseFor(t, s, Ottoman, 3)
	// HIS-16.1c: the Ionian and Tyrrhenian Seas are not adjacent.
	if rej := refuse(t, s, Ottoman, play, "naval move ionian sea to tyrrhenian sea"); !strings.Contains(rej.Error(), "not next to") {
		t.Errorf("rejection %v", rej)
	}
	// Into the Ionian Sea, where Ottoman ships stay: no interception from
	// Messina next door.
	s, _ = submit(t, s, Ottoman, testdice.New(1), play, "naval move aegean sea to ionian sea")
	onlyPrompt(t, s, "ottoman", "actions", "done")
	if s.Flow.CP != 2 || s.Units[ion][Ottoman].Sq != 3 || s.Leader[ldr(t, "dragut")] != int16(ion) {
		t.Errorf("CP %d, Ionian %+v, Dragut at %d", s.Flow.CP, s.Units[ion][Ottoman], s.Leader[ldr(t, "dragut")])
	}
	if s.Flow.Naval != nil {
		t.Errorf("the naval move is still open: %+v", s.Flow.Naval)
	}
	// Into the empty Adriatic: Trieste's squadron may intercept.
	s, _ = submit(t, s, Ottoman, testdice.New(1), "naval move ionian sea to adriatic sea")
	p := onlyPrompt(t, s, "hapsburg", "naval-intercept", "decline")
	if got := strings.Join(p.Choices, ";"); !strings.Contains(got, "intercept from Trieste into Adriatic Sea") || strings.Contains(got, "Messina") {
		t.Errorf("choices %v", p.Choices)
	}
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "decline")
	onlyPrompt(t, s, "ottoman", "actions", "done")
	if s.Flow.CP != 1 || s.Units[adr][Ottoman].Sq != 3 || s.Leader[ldr(t, "dragut")] != int16(adr) || s.Flow.Naval != nil {
		t.Errorf("CP %d, Adriatic %+v, Dragut at %d, open %v", s.Flow.CP, s.Units[adr][Ottoman], s.Leader[ldr(t, "dragut")], s.Flow.Naval)
	}
}

// HIS-16.2k: a side wiped out at sea loses its naval leaders to the next
// turn; its ships go to the Turn track (counted for rebuilding).
func TestHIS16_2k_WipedOutFleet(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	bc := seaLoc(sz(t, "barbary_coast"))
	s.addUnits(bc, Ottoman, Force{Sq: 1})
	s.Leader[ldr(t, "barbarossa")] = int16(bc)
	put(t, s, "algiers", Hapsburg, Force{Sq: 3})
	s.Ctrl[sp(t, "algiers")] = Hapsburg
	s.Flow.Auto[Ottoman] |= 1 << DecCombat // no Janissaries (combat_test.go)
	play := impulseFor(t, s, Hapsburg, 1)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "naval move algiers to barbary coast")
	onlyPrompt(t, s, "ottoman", "naval-avoid", "stand")
	rolls := []int{6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1}
	s, res := submit(t, s, Ottoman, &testdice.Script{Rolls: rolls}, "stand")
	if s.Units[bc][Ottoman].Naval() != 0 || s.Flow.NavalDead[Ottoman] != 1 {
		t.Errorf("Barbary Coast %+v, lost %v\n%s", s.Units[bc][Ottoman], s.Flow.NavalDead, eventText(res, "france"))
	}
	if s.Leader[ldr(t, "barbarossa")] != LeaderAway || !strings.Contains(eventText(res, "france"), "Barbarossa leaves the map") {
		t.Errorf("Barbarossa at %d\n%s", s.Leader[ldr(t, "barbarossa")], eventText(res, "france"))
	}
}

// HIS-2.5f: the Ionian and Tyrrhenian Seas do not touch, but ships may
// put in at a friendly Messina in one naval move and sail out into the
// other zone in a later one.
func TestHIS2_5f_ThroughMessina(t *testing.T) {
	s := board(t)
	ion, tyr := seaLoc(sz(t, "ionian_sea")), seaLoc(sz(t, "tyrrhenian_sea"))
	mes := sp(t, "messina")
	s.addUnits(ion, Hapsburg, Force{Sq: 2})
	play := impulseFor(t, s, Hapsburg, 2)
	refuse(t, s, Hapsburg, play, "naval move ionian sea to tyrrhenian sea")
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "naval move ionian sea to messina")
	if s.Units[mes][Hapsburg].Sq != 2 {
		t.Fatalf("Messina %+v", s.Units[mes][Hapsburg])
	}
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "naval move messina to tyrrhenian sea")
	if s.Units[tyr][Hapsburg].Sq != 2 || s.Units[mes][Hapsburg].Naval() != 0 {
		t.Errorf("Tyrrhenian %+v, Messina %+v", s.Units[tyr][Hapsburg], s.Units[mes][Hapsburg])
	}
	// An enemy Messina is no way through.
	t2 := board(t)
	t2.setWar(Hapsburg, Papacy, true)
	t2.Ctrl[mes] = uint8(Papacy)
	t2.addUnits(ion, Hapsburg, Force{Sq: 2})
	play = impulseFor(t, t2, Hapsburg, 2)
	refuse(t, t2, Hapsburg, play, "naval move ionian sea to messina")
}

// HIS-16.1m: with two enemy powers in the zone entered, the mover fights
// them one at a time (in Impulse Order, ruling "Combat order"), their
// stacks never combined, and goes on until it loses a combat.
func TestHIS16_1m_TwoEnemiesInOneZone(t *testing.T) {
	setup := func() (*St, string) {
		s := board(t)
		s.setWar(Ottoman, Hapsburg, true)
		s.setWar(Ottoman, Papacy, true)
		s.addUnits(seaLoc(sz(t, "aegean_sea")), Ottoman, Force{Sq: 3})
		s.addUnits(seaLoc(sz(t, "ionian_sea")), Hapsburg, Force{Sq: 1})
		s.addUnits(seaLoc(sz(t, "ionian_sea")), Papacy, Force{Sq: 1})
		play := impulseFor(t, s, Ottoman, 2)
		s, _ = submit(t, s, Ottoman, testdice.New(1), play, "naval move aegean sea to ionian sea")
		onlyPrompt(t, s, "hapsburg", "naval-avoid", "stand")
		s, _ = submit(t, s, Hapsburg, testdice.New(1), "stand")
		onlyPrompt(t, s, "papacy", "naval-avoid", "stand")
		return s, "stand"
	}
	ion := seaLoc(sz(t, "ionian_sea"))
	// The Ottoman beats the Hapsburg, then loses to the Papacy.
	s, stand := setup()
	rolls := []int{6, 6, 1, 1, 1, 1, 1, 1} // 6 Ottoman dice, 2 hits; 2 Hapsburg dice
	rolls = append(rolls, 5, 1, 1, 1, 1, 1, 6, 6)
	s, res := submit(t, s, Papacy, &testdice.Script{Rolls: rolls}, stand)
	text := eventText(res, "france")
	h, p := strings.Index(text, "Hapsburg rolls 2 dice"), strings.Index(text, "Papacy rolls 2 dice")
	if h < 0 || p < h {
		t.Errorf("the Hapsburg is not fought first, then the Papacy:\n%s", text)
	}
	if s.Units[ion][Hapsburg].Naval() != 0 || s.Units[ion][Papacy].Sq != 1 || s.Units[ion][Ottoman].Naval() != 0 {
		t.Errorf("Ionian Sea: Hapsburg %+v Papacy %+v Ottoman %+v\n%s", s.Units[ion][Hapsburg], s.Units[ion][Papacy], s.Units[ion][Ottoman], text)
	}
	// Beaten by the Hapsburg, the Ottoman retreats and never meets the Papacy.
	s, stand = setup()
	s, res = submit(t, s, Papacy, &testdice.Script{Rolls: []int{1, 1, 1, 1, 1, 1, 6, 1}}, stand)
	text = eventText(res, "france")
	if !strings.Contains(text, "Hapsburg wins") || strings.Contains(text, "Papacy rolls") {
		t.Errorf("combat after a lost one:\n%s", text)
	}
	if s.Units[ion][Ottoman].Naval() != 0 || s.Units[ion][Papacy].Sq != 1 || s.Units[ion][Hapsburg].Sq != 1 {
		t.Errorf("Ionian Sea: Hapsburg %+v Papacy %+v Ottoman %+v\n%s", s.Units[ion][Hapsburg], s.Units[ion][Papacy], s.Units[ion][Ottoman], text)
	}
}

// HIS-16.1e, HIS-16.1h: a naval move names the ships and naval leaders
// that sail from each location, and a stack may split; leaders not named
// stay with the ships left behind, and sail with the first move out when
// none are left.
func TestHIS16_1e_SplitStacksAndLeaders(t *testing.T) {
	for line, want := range map[string]string{
		"naval move tunis to barbary":                                                                   "naval move Tunis to Barbary Coast",
		"naval move 2 sq from tunis to barbary with dragut":                                             "naval move 2 squadrons from Tunis to Barbary Coast with Dragut",
		"naval move 2 squadrons 1 corsair tunis to barbary with barbarossa, dragut, algiers to barbary": "naval move 2 squadrons 1 corsair from Tunis to Barbary Coast with Barbarossa, Dragut, Algiers to Barbary Coast",
	} {
		o, err := parseOrder(Ottoman, line, nil)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		got := o.canonical(Ottoman)
		if got != want {
			t.Errorf("%q reads as %q, want %q", line, got, want)
		}
		if again, err := parseOrder(Ottoman, got, nil); err != nil || again.canonical(Ottoman) != got {
			t.Errorf("%q does not read back: %v", got, err)
		}
	}
	s := board(t)
	tunis := sp(t, "tunis")
	bc, nac := seaLoc(sz(t, "barbary_coast")), seaLoc(sz(t, "north_african_coast"))
	barb, dragut := ldr(t, "barbarossa"), ldr(t, "dragut")
	s.Ctrl[tunis] = uint8(Ottoman)
	put(t, s, "tunis", Ottoman, Force{Sq: 3, Cor: 1}, "barbarossa", "dragut")
	play := impulseFor(t, s, Ottoman, 2)
	for line, want := range map[string]string{
		"naval move 4 squadrons from tunis to barbary coast":                              "only 3 squadrons, 1 corsair",
		"naval move tunis to barbary coast, 1 squadron from tunis to north african coast": "named twice",
		"naval move 2 squadrons from tunis to barbary coast with andrea doria":            "Andrea Doria does not sail with Ottoman",
		"naval move 2 squadrons from tunis to barbary coast with suleiman":                "not a known naval leader",
	} {
		if rej := refuse(t, s, Ottoman, play, line); !strings.Contains(rej.Error(), want) {
			t.Errorf("%q: %v, want %q", line, rej, want)
		}
	}
	// Dragut sails with two squadrons; Barbarossa stays with the rest.
	s, res := submit(t, s, Ottoman, testdice.New(1), play, "naval move 2 squadrons from tunis to barbary coast with dragut")
	if s.Units[bc][Ottoman].Sq != 2 || s.Units[tunis][Ottoman] != (Force{Sq: 1, Cor: 1}) ||
		s.Leader[dragut] != int16(bc) || s.Leader[barb] != int16(tunis) {
		t.Errorf("Barbary Coast %+v, Tunis %+v, Dragut %d, Barbarossa %d\n%s", s.Units[bc][Ottoman], s.Units[tunis][Ottoman],
			s.Leader[dragut], s.Leader[barb], eventText(res, "france"))
	}
	if !strings.Contains(eventText(res, "france"), "Ottoman moves 2 squadrons with Dragut from Tunis to Barbary Coast") {
		t.Errorf("events:\n%s", eventText(res, "france"))
	}
	// The last ships leave Tunis in two moves: Barbarossa, not named, may
	// not stay alone and sails with the first.
	s, _ = submit(t, s, Ottoman, testdice.New(1), "naval move 1 corsair from tunis to north african coast, 1 squadron from tunis to barbary coast")
	if s.Units[tunis][Ottoman].Naval() != 0 || s.Units[nac][Ottoman].Cor != 1 || s.Units[bc][Ottoman].Sq != 3 || s.Leader[barb] != int16(nac) {
		t.Errorf("Tunis %+v, North African Coast %+v, Barbary Coast %+v, Barbarossa %d", s.Units[tunis][Ottoman], s.Units[nac][Ottoman],
			s.Units[bc][Ottoman], s.Leader[barb])
	}
}

// HIS-16.1a, HIS-22.3a: the ships and naval leaders of an active minor
// ally sail with its major power's stack; ships named in the order are
// the major's own.
func TestHIS22_3a_MinorShipsSailWithTheirAlly(t *testing.T) {
	s := board(t)
	if _, err := s.ActivateMinor(Genoa, Hapsburg); err != nil {
		t.Fatal(err)
	}
	gen, tyr := sp(t, "genoa"), seaLoc(sz(t, "tyrrhenian_sea"))
	doria := ldr(t, "andrea_doria")
	s.addUnits(gen, Hapsburg, Force{Sq: 2})
	s.addUnits(gen, Genoa, Force{Sq: 1})
	s.Leader[doria] = int16(gen)
	play := impulseFor(t, s, Hapsburg, 2)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "naval move 1 squadron from genoa to tyrrhenian sea")
	if s.Units[tyr][Hapsburg].Sq != 1 || s.Units[gen][Genoa].Sq != 1 || s.Leader[doria] != int16(gen) {
		t.Errorf("Tyrrhenian %+v, Genoa %+v %+v, Doria %d", s.Units[tyr][Hapsburg], s.Units[gen][Hapsburg], s.Units[gen][Genoa], s.Leader[doria])
	}
	s, res := submit(t, s, Hapsburg, testdice.New(1), "naval move genoa to tyrrhenian sea")
	if s.Units[tyr][Hapsburg].Sq != 2 || s.Units[tyr][Genoa].Sq != 1 || s.Units[gen][Genoa].Naval() != 0 || s.Leader[doria] != int16(tyr) {
		t.Errorf("Tyrrhenian %+v %+v, Doria %d\n%s", s.Units[tyr][Hapsburg], s.Units[tyr][Genoa], s.Leader[doria], eventText(res, "france"))
	}
	if !strings.Contains(eventText(res, "france"), "Hapsburg moves 1 squadron, 1 squadron of Genoa with Andrea Doria from Genoa to Tyrrhenian Sea") {
		t.Errorf("events:\n%s", eventText(res, "france"))
	}
	// The ally's naval leader may be named: Doria sails with a Hapsburg
	// squadron and leaves the Genoese one behind.
	play = impulseFor(t, s, Hapsburg, 1)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "naval move 1 squadron from tyrrhenian sea to genoa with andrea doria")
	if s.Leader[doria] != int16(gen) || s.Units[gen][Hapsburg].Sq != 1 || s.Units[tyr][Genoa].Sq != 1 {
		t.Errorf("Doria %d, Genoa %+v, Tyrrhenian %+v", s.Leader[doria], s.Units[gen][Hapsburg], s.Units[tyr][Genoa])
	}
}

// HIS-16.1g (ruling A21: the seed's "North Atlantic" is the Atlantic
// Ocean): Genoese ships and Andrea Doria never enter it, whether moving,
// avoiding battle or retreating with their major ally's stack.
func TestHIS16_1g_NoGenoeseInTheAtlantic(t *testing.T) {
	s := board(t)
	s.setWar(Hapsburg, France, true)
	if _, err := s.ActivateMinor(Genoa, Hapsburg); err != nil {
		t.Fatal(err)
	}
	bob, atl := seaLoc(sz(t, "bay_of_biscay")), seaLoc(sz(t, "atlantic_ocean"))
	doria := ldr(t, "andrea_doria")
	s.addUnits(bob, Hapsburg, Force{Sq: 1})
	s.addUnits(bob, Genoa, Force{Sq: 1})
	s.Leader[doria] = int16(bob)
	if contains(s.navalAvoidOptions(Hapsburg, bob), atl) {
		t.Errorf("the stack with Genoese ships may avoid battle into the Atlantic: %v", s.navalAvoidOptions(Hapsburg, bob))
	}
	play := impulseFor(t, s, Hapsburg, 2)
	if rej := refuse(t, s, Hapsburg, play, "naval move bay of biscay to atlantic ocean"); !strings.Contains(rej.Error(), "HIS-16.1g") {
		t.Errorf("rejection %v", rej)
	}
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "naval move 1 squadron from bay of biscay to atlantic ocean")
	if s.Units[atl][Hapsburg].Sq != 1 || s.Units[bob][Genoa].Sq != 1 || s.Leader[doria] != int16(bob) {
		t.Errorf("Atlantic %+v, Bay of Biscay %+v, Doria %d", s.Units[atl][Hapsburg], s.Units[bob][Genoa], s.Leader[doria])
	}
	if !contains(s.navalAvoidOptions(Hapsburg, atl), bob) {
		t.Errorf("Hapsburg ships alone may leave the Atlantic: %v", s.navalAvoidOptions(Hapsburg, atl))
	}
}
