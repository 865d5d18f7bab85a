package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// battleRolls scripts a field battle: the attacker's dice show hits
// fives and then ones, the defender's dice all ones.
func battleRolls(att, def, hits int) *testdice.Script {
	var rolls []int
	for i := 0; i < att; i++ {
		if i < hits {
			rolls = append(rolls, 5)
		} else {
			rolls = append(rolls, 1)
		}
	}
	for i := 0; i < def; i++ {
		rolls = append(rolls, 1)
	}
	return &testdice.Script{Rolls: rolls}
}

// HIS-22a, HIS-22.1a: the four minor powers start inactive, allied to
// nobody; only Hungary/Bohemia is at war, with the Ottoman (1517 set-up).
func TestHIS22_1a_MinorsStartInactive(t *testing.T) {
	s := newGame(t, 1)
	for m := Genoa; m <= Venice; m++ {
		wars := uint16(0)
		if m == Hungary {
			wars = 1 << Ottoman
		}
		if s.minorAlly(m) != NoPower || s.War[m] != wars || !s.passive(m) {
			t.Errorf("%s: ally %d, wars %b, passive %v", powers[m].Name, s.minorAlly(m), s.War[m], s.passive(m))
		}
	}
	if !s.garrisoned(sp(t, "venice"), Venice) || s.garrisoned(sp(t, "buda"), Hungary) {
		t.Errorf("Venice's 2 regulars are a garrison, Buda's 5 are not")
	}
}

// HIS-22.1b, HIS-22.1c: inactive minor units never move, intercept or
// avoid battle; 4 or fewer always withdraw into their fortifications.
func TestHIS22_1c_InactiveMinorWithdraws(t *testing.T) {
	s := board(t)
	s.setWar(France, Venice, true)
	s.Ctrl[sp(t, "trent")] = France
	s.Ctrl[sp(t, "modena")] = France
	put(t, s, "venice", Venice, Force{Reg: 2})
	put(t, s, "trent", France, Force{Reg: 3})
	put(t, s, "modena", France, Force{Reg: 1})
	// HIS-22.1b: nobody moves Venetian units while Venice is inactive.
	if err := s.CheckFormation(France, []int{France, Venice}, 3, nil); err == nil {
		t.Errorf("France moved inactive Venetian units")
	}
	one, err := s.BeginMove(France, form(t, "modena", France, Force{Reg: 1}), sp(t, "venice"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.InterceptOptions(one)) != 0 {
		t.Errorf("inactive Venice intercepts: %+v", s.InterceptOptions(one))
	}
	c := s.clone()
	m := *one
	log, err := c.EnterDestination(&m)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.AvoidPowers(&m)) != 0 || c.NeedBattle(&m) || !c.MustLeave(&m) || c.UnderSiege(sp(t, "venice")) {
		t.Fatalf("1 against a garrison of 2: avoid %v battle %v leave %v\n%s", c.AvoidPowers(&m), c.NeedBattle(&m), c.MustLeave(&m), strings.Join(log, "\n"))
	}
	if !strings.Contains(strings.Join(log, "\n"), "2 Venice units withdraw into the fortifications of Venice") {
		t.Errorf("log:\n%s", strings.Join(log, "\n"))
	}
	c.FallBack(&m)
	mustCheck(t, c)
	if c.Units[sp(t, "modena")][France].Reg != 1 {
		t.Errorf("no fall back to Modena")
	}
	// Three units outnumber the two inside: siege, no battle.
	m3, err := s.BeginMove(France, form(t, "trent", France, Force{Reg: 3}), sp(t, "venice"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnterDestination(m3); err != nil {
		t.Fatal(err)
	}
	if !s.UnderSiege(sp(t, "venice")) || s.NeedBattle(m3) || s.MustLeave(m3) || s.Besiegers(sp(t, "venice")) != 3 {
		t.Errorf("siege %v battle %v leave %v", s.UnderSiege(sp(t, "venice")), s.NeedBattle(m3), s.MustLeave(m3))
	}
	mustCheck(t, s)
}

// buda sets up the Ottoman attack on 8 Hungarian regulars in Buda.
func buda(t *testing.T) *St {
	s := board(t)
	s.setWar(Ottoman, Hungary, true)
	s.Ctrl[sp(t, "mohacs")] = Ottoman
	put(t, s, "buda", Hungary, Force{Reg: 8})
	put(t, s, "mohacs", Ottoman, Force{Reg: 8}, "suleiman")
	mustCheck(t, s)
	return s
}

// fightBuda moves the Ottoman into Buda and wins the battle with 2 hits.
func fightBuda(t *testing.T, s *St) []string {
	t.Helper()
	m, err := s.BeginMove(Ottoman, form(t, "mohacs", Ottoman, Force{Reg: 8}, "suleiman"), sp(t, "buda"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if len(s.AvoidPowers(m)) != 0 || !s.NeedBattle(m) {
		t.Fatalf("5 or more inactive minor units stand and fight: avoid %v battle %v", s.AvoidPowers(m), s.NeedBattle(m))
	}
	if _, err := s.CanWithdraw(m); err == nil {
		t.Errorf("8 units offered withdrawal")
	}
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	att, def := s.BattleDice(b)
	r := s.RollBattle(b, Mods{}, battleRolls(att, def, 2))
	if !r.AttackerWins || r.DefLosses != 2 {
		t.Fatalf("result %+v", r)
	}
	log, err := s.ApplyBattle(b, r, NoChoice(), &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	return log
}

// HIS-22.1d: 5 or more inactive minor units fight; beaten, 4 withdraw into
// the fortifications and the rest are eliminated instead of retreating.
func TestHIS22_1d_InactiveMinorFights(t *testing.T) {
	s := buda(t)
	log := fightBuda(t, s)
	bu := sp(t, "buda")
	if s.Units[bu][Hungary].Reg != 4 || s.hungaryRegulars() != 4 || !s.UnderSiege(bu) {
		t.Errorf("Buda: Hungary %+v, siege %v\n%s", s.Units[bu][Hungary], s.UnderSiege(bu), strings.Join(log, "\n"))
	}
	if !strings.Contains(strings.Join(log, "\n"), "do not retreat and are eliminated") {
		t.Errorf("log:\n%s", strings.Join(log, "\n"))
	}
	// No Hungarian key is Ottoman: Hungary is not yet defeated (HIS-22.5a).
	if s.Tracks.HungaryWon || s.minorAlly(Hungary) != NoPower {
		t.Errorf("Hungary defeated without an Ottoman key")
	}
}

// HIS-22.5a, HIS-22.5b, HIS-22.5c, HIS-22.2b, HIS-23.2k: Hungary/Bohemia, not a Hapsburg ally, is
// defeated when a battle leaves it 4 regulars or fewer and the Ottoman
// holds one of its keys: the Hapsburg intervenes at war with the Ottoman
// (even if allied), Hungary becomes a Hapsburg ally for good, Hungarian
// spaces with Ottoman land units turn Ottoman with the besieged garrison
// eliminated, and the Ottoman scores 2 VP as War Winner.
// Also exercises HIS-9.6g (see the coverage document).
func TestHIS22_5_OttomanDefeatsHungary(t *testing.T) {
	s := buda(t)
	s.Ctrl[sp(t, "belgrade")] = Ottoman
	s.setAlly(Ottoman, Hapsburg, true)
	log := fightBuda(t, s)
	bu := sp(t, "buda")
	switch {
	case !s.Tracks.HungaryWon, s.minorAlly(Hungary) != Hapsburg, !s.AtWar(Ottoman, Hapsburg), s.Allied(Ottoman, Hapsburg):
		t.Errorf("relations after the defeat: won %v ally %d war %v\n%s", s.Tracks.HungaryWon, s.minorAlly(Hungary),
			s.AtWar(Ottoman, Hapsburg), strings.Join(log, "\n"))
	case s.Ctrl[bu] != Ottoman || s.Units[bu][Hungary].Land() != 0 || s.UnderSiege(bu):
		t.Errorf("Buda: control %d, Hungary %+v, siege %v", s.Ctrl[bu], s.Units[bu][Hungary], s.UnderSiege(bu))
	case s.BonusVP[Ottoman] != 2:
		t.Errorf("Ottoman bonus VP %d, want 2 as War Winner", s.BonusVP[Ottoman])
	}
	if err := s.MayDeactivate(Hungary); err == nil {
		t.Errorf("Hungary may be deactivated")
	}
	// Checked once: another battle changes nothing.
	if s.checkHungary() != nil {
		t.Errorf("the defeat applies twice")
	}
	mustCheck(t, s)

	// Allied to the Hapsburg (Diplomatic Marriage), Hungary falls only
	// when the Ottoman holds two of its keys.
	a := board(t)
	a.setWar(Ottoman, Hapsburg, true)
	a.setAlly(Hungary, Hapsburg, true)
	a.Ctrl[sp(t, "belgrade")] = Ottoman
	put(t, a, "buda", Hungary, Force{Reg: 3})
	if a.HungaryDefeated() {
		t.Errorf("defeated with one key while allied to the Hapsburg")
	}
	a.Ctrl[sp(t, "prague")] = Ottoman
	if !a.HungaryDefeated() {
		t.Errorf("not defeated with two keys")
	}
}

// HIS-22.6a, HIS-22.6b, HIS-22.6c, HIS-22.1b: independent keys may be entered without a
// declaration of war; their regulars never move and withdraw into the
// fortifications; once taken the key stays with a major power and its
// regulars are never rebuilt.
func TestHIS22_6_IndependentKeys(t *testing.T) {
	s := board(t)
	metz := sp(t, "metz")
	put(t, s, "metz", Independent, Force{Reg: 1})
	put(t, s, "st_dizier", France, Force{Reg: 2})
	if s.Controller(metz) != Independent || !s.garrisoned(metz, Independent) {
		t.Fatalf("Metz is not an independent garrison")
	}
	// Leaders alone do not walk in on the garrison.
	lone := s.clone()
	put(t, lone, "st_dizier", France, Force{}, "francis_i")
	if _, err := lone.BeginMove(France, form(t, "st_dizier", France, Force{}, "francis_i"), metz); err == nil {
		t.Errorf("a leader alone entered Metz")
	}
	m, err := s.BeginMove(France, form(t, "st_dizier", France, Force{Reg: 2}), metz)
	if err != nil {
		t.Fatalf("France at peace with everyone may enter Metz: %v", err)
	}
	if len(s.InterceptOptions(m)) != 0 {
		t.Errorf("interception of a move into Metz")
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if !s.UnderSiege(metz) || s.NeedBattle(m) || s.Inside(metz) != 1 {
		t.Fatalf("siege %v battle %v inside %d", s.UnderSiege(metz), s.NeedBattle(m), s.Inside(metz))
	}
	s.NewImpulse()
	f := form(t, "metz", France, Force{Reg: 2})
	if err := s.CheckAssault(France, f); err != nil {
		t.Fatal(err)
	}
	att, def := s.AssaultDice(France, f)
	a, r, err := s.RollAssault(France, f, Mods{}, battleRolls(att, def, att))
	if err != nil {
		t.Fatal(err)
	}
	log, err := s.ApplyAssault(a, r, nil, nil, &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if s.Ctrl[metz] != France || !s.Units[metz][Independent].empty() {
		t.Fatalf("Metz after the assault: %d %+v\n%s", s.Ctrl[metz], s.Units[metz][Independent], strings.Join(log, "\n"))
	}
	// The city state has left the game: Metz stays French when France
	// leaves, and no power builds independent regulars.
	_ = s.removeUnits(metz, France, Force{Reg: s.Units[metz][France].Reg})
	if s.Controller(metz) != France {
		t.Errorf("Metz went back to independence")
	}
	if err := s.CanBuild(France, metz, ActRaiseRegular); err == nil {
		t.Errorf("France builds in Metz")
	}
}

// HIS-22.1f, HIS-22.2a, HIS-22.2c, HIS-22.2d, HIS-22.2e, HIS-22.2f, HIS-22.3a, HIS-22.3c, HIS-22.4a:
// activation by a power the table allows; the minor's spaces and keys
// count as the major's; powers at war with the minor are at war with the
// major; its units move with the major's and the major raises its
// regulars and squadrons in its home spaces; Hungary is never deactivated.
func TestHIS22_2_ActivateMinor(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Venice, true)
	if err := s.MayActivate(Venice, England); err == nil {
		t.Errorf("England activated Venice")
	}
	if err := s.MayActivate(Hungary, France); err == nil {
		t.Errorf("France activated Hungary")
	}
	keysBefore, _ := s.Keys(France)
	if _, err := s.ActivateMinor(Venice, France); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ActivateMinor(Venice, Papacy); err == nil {
		t.Errorf("an active minor activated again")
	}
	ven := sp(t, "venice")
	if s.minorAlly(Venice) != France || s.Controller(ven) != France || s.Controller(sp(t, "zara")) != France {
		t.Errorf("Venice's spaces are not French-controlled")
	}
	if k, _ := s.Keys(France); k != keysBefore+1 {
		t.Errorf("French keys %d, want %d", k, keysBefore+1)
	}
	if !s.AtWar(Ottoman, France) || s.AtWar(Ottoman, Venice) || !s.Enemy(Ottoman, Venice) {
		t.Errorf("wars after activation: Ottoman-France %v, Ottoman-Venice %v", s.AtWar(Ottoman, France), s.AtWar(Ottoman, Venice))
	}
	if s.MayDeactivate(Venice) != nil || s.MayDeactivate(Hungary) == nil {
		t.Errorf("deactivation: Venice %v, Hungary %v", s.MayDeactivate(Venice), s.MayDeactivate(Hungary))
	}
	// HIS-22.3a: Venetian units move with French ones.
	put(t, s, "venice", Venice, Force{Reg: 2})
	put(t, s, "venice", France, Force{Reg: 1})
	s.Ctrl[sp(t, "trent")] = France
	f := Formation{At: ven, Parts: []Part{{France, Force{Reg: 1}}, {Venice, Force{Reg: 2}}}}
	m, err := s.BeginMove(France, f, sp(t, "trent"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnterDestination(m); err != nil || s.Units[sp(t, "trent")][Venice].Reg != 2 {
		t.Errorf("Venetian units did not move: %v", err)
	}
	// HIS-22.3c: France raises a Venetian regular and squadron in Venice.
	if err := s.CanBuild(France, ven, ActRaiseRegular); err != nil || s.builder(France, ven) != Venice {
		t.Errorf("raise regular in Venice: %v", err)
	}
	if err := s.CanBuild(France, ven, ActBuildSquadron); err != nil {
		t.Errorf("build squadron in Venice: %v", err)
	}
	if err := s.CanBuild(France, ven, ActBuyMercenary); err == nil {
		t.Errorf("France bought a Venetian mercenary")
	}
	if err := s.CanBuild(Papacy, ven, ActRaiseRegular); err == nil {
		t.Errorf("the Papacy built in Venice")
	}
	// HIS-12.4d: nothing is built in a space in unrest.
	s.Unrest.set(ven)
	if err := s.CanBuild(France, ven, ActRaiseRegular); err == nil || !strings.Contains(err.Error(), "unrest") {
		t.Errorf("built in unrest: %v", err)
	}
	s.Unrest.clear(ven)
	mustCheck(t, s)
}

// HIS-22.3b: an active minor's units winter in its home key as in a
// capital (no limit of 4).
func TestHIS22_3b_MinorWintersInHomeKey(t *testing.T) {
	s := board(t)
	s.setAlly(Venice, France, true)
	put(t, s, "venice", Venice, Force{Reg: 7})
	r := &run{s: s, dice: testdice.New(1)}
	r.landReturn(Venice)
	if got := s.Units[sp(t, "venice")][Venice].Reg; got != 7 {
		t.Errorf("Venice keeps %d of 7 regulars", got)
	}
	if !s.winterCapital(Venice, sp(t, "venice")) || s.winterCapital(France, sp(t, "venice")) {
		t.Errorf("Venice is a winter capital of Venice only")
	}
	mustCheck(t, s)
}

// HIS-22.1e: the squadrons of an inactive minor stay in their port: they
// never intercept a fleet sailing past, and they defend (with the extra
// die of ships in port) when the port is attacked.
func TestHIS22_1e_InactiveSquadronsDefendTheirPort(t *testing.T) {
	s := board(t)
	s.setWar(France, Venice, true)
	venice := sp(t, "venice")
	put(t, s, "venice", Venice, Force{Sq: 2})
	ion, adr := seaLoc(sz(t, "ionian_sea")), seaLoc(sz(t, "adriatic_sea"))
	s.addUnits(ion, France, Force{Sq: 2})
	play := impulseFor(t, s, France, 2)
	// France 4 dice, 2 hits; Venice 2x2 + 1 in port = 5 dice, no hit.
	dice := &testdice.Script{Rolls: []int{6, 6, 1, 1, 1, 1, 1, 1, 1}}
	s, res := submit(t, s, France, dice, play, "naval move ionian sea to adriatic sea", "naval move adriatic sea to venice")
	text := eventText(res, "england")
	for _, w := range []string{"Naval battle in Venice", "France rolls 4 dice", "Venice rolls 5 dice", "France wins", "Venice loses 1 squadron"} {
		if !strings.Contains(text, w) {
			t.Errorf("no %q in\n%s", w, text)
		}
	}
	if strings.Contains(text, "intercept") {
		t.Errorf("inactive Venice tried to intercept:\n%s", text)
	}
	if got := s.Units[venice][Venice]; got.Sq != 1 {
		t.Errorf("Venice keeps %+v, want 1 squadron in port", got)
	}
	// HIS-16.2j: in a port the attacker leaves, win or lose.
	if s.Units[venice][France].Naval() != 0 || s.Units[adr][France].Sq != 2 {
		t.Errorf("France: Venice %+v, Adriatic %+v", s.Units[venice][France], s.Units[adr][France])
	}
}

// HIS-22.4b, HIS-22.4c: a deactivated minor takes back its home spaces;
// its former ally's units there leave for the ally's nearest friendly
// fortified space and port; the minor's units go to its nearest fortified
// home space and home port; ships with no home port are eliminated and
// their naval leader goes to the Turn track. Hungary/Bohemia never is.
func TestHIS22_4_DeactivateMinor(t *testing.T) {
	s := board(t)
	if _, err := s.ActivateMinor(Venice, France); err != nil {
		t.Fatal(err)
	}
	zara, corfu, ven, rav := sp(t, "zara"), sp(t, "corfu"), sp(t, "venice"), sp(t, "ravenna")
	adr := seaLoc(sz(t, "adriatic_sea"))
	s.Ctrl[zara] = uint8(France)
	put(t, s, "zara", France, Force{Reg: 2}, "montmorency")
	put(t, s, "corfu", France, Force{Sq: 1})
	s.Ctrl[rav] = uint8(France)
	put(t, s, "ravenna", Venice, Force{Reg: 2})
	put(t, s, "venice", Venice, Force{Reg: 1})
	s.addUnits(adr, Venice, Force{Sq: 1})
	mustCheck(t, s)
	log, err := s.DeactivateMinor(Venice)
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	text := strings.Join(log, "\n")
	if s.minorAlly(Venice) != NoPower || s.Ctrl[zara] != Venice || s.Controller(ven) != Venice || s.Controller(corfu) != Venice {
		t.Errorf("Venice still allied or Zara %d\n%s", s.Ctrl[zara], text)
	}
	to := int(s.Leader[ldr(t, "montmorency")])
	if s.Units[zara][France].Land() != 0 || to < 0 || to >= NS || s.Units[to][France].Reg != 2 ||
		!spaces[to].fortified() || s.Controller(to) != France {
		t.Errorf("the French in Zara went to %d\n%s", to, text)
	}
	if s.Units[corfu][France].Naval() != 0 {
		t.Errorf("the French squadron stays in Corfu\n%s", text)
	}
	for _, x := range s.Occupied(France) {
		if s.Units[x][France].Sq > 0 && (!spaces[x].port() || s.Controller(x) != France) {
			t.Errorf("the French squadron went to %s\n%s", locName(x), text)
		}
	}
	if s.Units[rav][Venice].Land() != 0 || s.Units[ven][Venice].Reg != 3 || s.Units[ven][Venice].Sq != 1 || s.Units[adr][Venice].Naval() != 0 {
		t.Errorf("Venetians: Ravenna %+v, Venice %+v, Adriatic %+v\n%s", s.Units[rav][Venice], s.Units[ven][Venice], s.Units[adr][Venice], text)
	}
	if _, err := s.DeactivateMinor(Venice); err == nil {
		t.Errorf("an inactive minor deactivated again")
	}

	// Genoa's ports are French: its squadron at sea has no home to go to.
	g := board(t)
	g.setWar(France, Hapsburg, true)
	if _, err := g.ActivateMinor(Genoa, Hapsburg); err != nil {
		t.Fatal(err)
	}
	g.Ctrl[sp(t, "genoa")], g.Ctrl[sp(t, "bastia")] = uint8(France), uint8(France)
	tyr := seaLoc(sz(t, "tyrrhenian_sea"))
	g.addUnits(tyr, Genoa, Force{Sq: 1})
	g.Leader[ldr(t, "andrea_doria")] = int16(tyr)
	mustCheck(t, g)
	log, err = g.DeactivateMinor(Genoa)
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, g)
	if g.Units[tyr][Genoa].Naval() != 0 || g.Leader[ldr(t, "andrea_doria")] != LeaderAway {
		t.Errorf("Genoese ships %+v, Andrea Doria %d\n%s", g.Units[tyr][Genoa], g.Leader[ldr(t, "andrea_doria")], strings.Join(log, "\n"))
	}

	h := board(t)
	h.setAlly(Hungary, Hapsburg, true)
	if _, err := h.DeactivateMinor(Hungary); err == nil || !strings.Contains(err.Error(), "never") {
		t.Errorf("Hungary/Bohemia deactivated: %v", err)
	}
}

// HIS-22.2d: on Hungary/Bohemia's defeat (HIS-22.5b) the other powers at
// war with it make peace with it and each chooses, in Impulse Order, a
// declaration of war on the Hapsburg at no cost, or declines.
func TestHIS22_2d_HungaryDefeatFreeDeclaration(t *testing.T) {
	s := buda(t)
	s.Ctrl[sp(t, "belgrade")] = Ottoman
	s.setWar(France, Hungary, true)
	s.setWar(England, Hungary, true)
	log := fightBuda(t, s)
	require.Contains(t, strings.Join(log, "\n"), "France may declare war on Hapsburg at no cost (HIS-22.2d).")
	require.False(t, s.AtWar(France, Hungary) || s.AtWar(England, Hungary), "peace with Hungary/Bohemia")
	require.False(t, s.AtWar(France, Hapsburg) || s.AtWar(England, Hapsburg), "no war without the choice")
	mustCheck(t, s)
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing(), "England first, in Impulse Order")
	pr := s.Prompts()[0]
	require.Contains(t, pr.Text, "Hungary-Bohemia is now an ally of Hapsburg. You are at war with Hungary-Bohemia: declare war on Hapsburg at no cost (HIS-22.2d)")
	require.Equal(t, []string{"no", "declare war on hapsburg"}, pr.Choices)
	rej := refuse(t, s, England, "pay 3")
	require.Contains(t, rej.Error(), `write "declare war on <power>" or "no"`)
	d := testdice.New(1)
	s, res := submit(t, s, England, d, "no")
	require.Contains(t, eventText(res, "france"), "England does not declare war on Hapsburg (HIS-22.2d).")
	require.False(t, s.AtWar(England, Hapsburg))
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing())
	s, res = submit(t, s, France, d, "declare war on hapsburg")
	require.Contains(t, eventText(res, "england"), "France declares war on Hapsburg at no cost (HIS-22.2d).")
	require.True(t, s.AtWar(France, Hapsburg))
	require.Zero(t, s.Mand.Ask)
	mustCheck(t, s)
}

// HIS-22.2d by email: the Ottoman's battle in Buda defeats Hungary/Bohemia
// in its impulse; France, at war with Hungary, is asked at once and the
// Ottoman's next order waits for its answer.
func TestHIS22_2d_HungaryDefeatByEmail(t *testing.T) {
	s := buda(t)
	s.Ctrl[sp(t, "belgrade")] = Ottoman
	s.setWar(France, Hungary, true)
	play := impulseFor(t, s, Ottoman, 4)
	var rolls []int
	for i := 0; i < 40; i++ {
		rolls = append(rolls, 5) // the Ottoman's dice hit; Hungary's come after
	}
	s, res := submit(t, s, Ottoman, &testdice.Script{Rolls: rolls}, play, "move 8 from mohacs to buda with suleiman", "build cavalry in istanbul")
	require.True(t, s.Tracks.HungaryWon, "%s", eventText(res, "ottoman"))
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing(), "%s", eventText(res, "ottoman"))
	require.Len(t, s.Flow.Queue, 1, "the Ottoman's build waits")
	mustCheck(t, s)
	s, _ = submit(t, s, France, testdice.New(1), "declare war on hapsburg")
	require.True(t, s.AtWar(France, Hapsburg))
	require.Nil(t, s.Flow.Queue, "the Ottoman's build ran")
	mustCheck(t, s)
}
