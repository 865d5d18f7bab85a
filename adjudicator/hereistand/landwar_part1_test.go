package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// besiegedCalais is the seed's Calais with 3 French units besieging the 2
// English ones inside since an earlier impulse; no English squadron.
func besiegedCalais(t *testing.T) *St {
	t.Helper()
	s := calais(t)
	cal := sp(t, "calais")
	s.removeUnits(cal, England, Force{Sq: 1})
	s.removeUnits(sp(t, "brussels"), France, Force{Reg: 3})
	s.addUnits(cal, France, Force{Reg: 3})
	s.Warfare.Siege.set(cal)
	mustCheck(t, s)
	return s
}

// HIS-13.2f (ruling A13): units under siege may not intercept, not even
// the move of their besiegers leaving them; once the siege is broken they
// may intercept the later moves of the impulse.
func TestHIS13_2f_BesiegedMayNotIntercept(t *testing.T) {
	s := besiegedCalais(t)
	cal, bou := sp(t, "calais"), sp(t, "boulogne")
	m, err := s.BeginMove(France, form(t, "calais", France, Force{Reg: 2}), bou)
	if err != nil {
		t.Fatal(err)
	}
	if !m.LeftSiege {
		t.Errorf("the move does not record that it leaves a siege")
	}
	for _, o := range s.InterceptOptions(m) {
		if o.From == cal {
			t.Errorf("the garrison of Calais may intercept its besiegers: %+v", o)
		}
	}
	if _, _, err := s.Intercept(m, England, form(t, "calais", England, Force{Reg: 2}), &testdice.Script{Rolls: []int{6, 6}}); err == nil {
		t.Errorf("interception from a besieged space accepted")
	}
	log, err := s.EnterDestination(m)
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if s.UnderSiege(cal) || s.Units[cal][France].Land() != 0 {
		t.Fatalf("the siege holds with 1 besieger against 2: %v", log)
	}
	// A later move of the same impulse next to Calais, into an English
	// Antwerp: the garrison, no longer besieged, may try.
	s.Ctrl[sp(t, "antwerp")] = England
	m2, err := s.BeginMove(France, form(t, "brussels", France, Force{Reg: 1}), sp(t, "antwerp"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, o := range s.InterceptOptions(m2) {
		found = found || o.From == cal && o.Power == England && o.Units == 2
	}
	if !found {
		t.Errorf("the freed garrison may not intercept a later move: %+v", s.InterceptOptions(m2))
	}
}

// HIS-13.2g, HIS-13.2l: the intercepting power chooses which land units
// and army leaders of one adjacent space try; they must all stand there
// and fit in one formation (command ratings), need not be every unit
// there, and each space sends one formation per move.
func TestHIS13_2g_InterceptingFormation(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "st_quentin")] = Hapsburg
	put(t, s, "paris", France, Force{Reg: 4})
	put(t, s, "brussels", Hapsburg, Force{Reg: 6}, "duke_of_alva")
	put(t, s, "st_dizier", Hapsburg, Force{Reg: 1}, "charles_v")
	m, err := s.BeginMove(France, form(t, "paris", France, Force{Reg: 4}), sp(t, "st_quentin"))
	if err != nil {
		t.Fatal(err)
	}
	// Charles V is in St Dizier, not in Brussels.
	_, _, err = s.Intercept(m, Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 2}, "charles_v"), &testdice.Script{})
	wantErr(t, err, "Charles V is not in Brussels")
	// Without a leader at most 4 units form one formation.
	_, _, err = s.Intercept(m, Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 5}), &testdice.Script{})
	wantErr(t, err, "too many for one formation")
	// Alva commands 6; the power chooses 3 of them and leaves 3 behind.
	ok, log, err := s.Intercept(m, Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 3}, "duke_of_alva"), &testdice.Script{Rolls: []int{1, 2}})
	if err != nil || ok {
		t.Fatalf("%v %v %v", ok, log, err)
	}
	// One formation per space: Brussels has had its attempt.
	_, _, err = s.Intercept(m, Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 3}), &testdice.Script{Rolls: []int{6, 6}})
	wantErr(t, err, "may not intercept")
	// St Dizier is another adjacent space: its own formation may try.
	ok, _, err = s.Intercept(m, Hapsburg, form(t, "st_dizier", Hapsburg, Force{Reg: 1}, "charles_v"), &testdice.Script{Rolls: []int{4, 3}})
	if err != nil || !ok {
		t.Fatalf("from St Dizier: %v %v", ok, err)
	}
	mustCheck(t, s)
	if s.Units[sp(t, "st_quentin")][Hapsburg].Reg != 1 || s.Units[sp(t, "brussels")][Hapsburg].Reg != 6 {
		t.Errorf("St Quentin %+v, Brussels %+v", s.Units[sp(t, "st_quentin")][Hapsburg], s.Units[sp(t, "brussels")][Hapsburg])
	}
}

// HIS-13.3d, HIS-15.1p: more French units join the siege of Calais: the
// besieged English may neither intercept nor avoid battle; the units that
// joined may assault in the same impulse with those already there, as
// long as the assaulting force fits in one formation.
func TestHIS15_1p_JoinTheSiegeAndAssault(t *testing.T) {
	s := besiegedCalais(t)
	cal := sp(t, "calais")
	put(t, s, "brussels", France, Force{Reg: 2})
	m, err := s.BeginMove(France, form(t, "brussels", France, Force{Reg: 2}, "francis_i"), cal)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.InterceptOptions(m)) != 0 {
		t.Errorf("interception into a siege: %+v", s.InterceptOptions(m))
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if ps := s.AvoidPowers(m); len(ps) != 0 {
		t.Errorf("besieged units may avoid battle: %v", ps)
	}
	_, _, err = s.AvoidBattle(m, England, sp(t, "boulogne"), []Part{{England, Force{Reg: 2}}}, nil, &testdice.Script{Rolls: []int{6, 6}})
	wantErr(t, err, "may not avoid battle")
	if s.NeedBattle(m) {
		t.Errorf("a field battle with the garrison")
	}
	mustCheck(t, s)
	if s.Units[cal][France].Reg != 5 || !s.UnderSiege(cal) || s.Warfare.NewSiege.has(cal) {
		t.Fatalf("Calais %+v, siege %v, new %v", s.Units[cal][France], s.UnderSiege(cal), s.Warfare.NewSiege.has(cal))
	}
	// Five units need a leader to form one formation.
	wantErr(t, s.CheckAssault(France, form(t, "calais", France, Force{Reg: 5})), "too many for one formation")
	f := form(t, "calais", France, Force{Reg: 5}, "francis_i")
	if err := s.CheckAssault(France, f); err != nil {
		t.Fatal(err)
	}
	att, def := s.AssaultDice(France, f)
	if att != 4 || def != 3 {
		t.Errorf("assault dice %d against %d, want 3+1 against 2+1", att, def)
	}
}

// HIS-15b: two allied powers, both at war with England, besiege Calais
// together; each assaults with its own formation, which must outnumber
// the units inside on its own.
func TestHIS15b_JointSiege(t *testing.T) {
	s := besiegedCalais(t)
	cal := sp(t, "calais")
	s.setWar(Hapsburg, England, true)
	s.setAlly(Hapsburg, France, true)
	s.Ctrl[sp(t, "antwerp")] = Hapsburg
	put(t, s, "antwerp", Hapsburg, Force{Reg: 3})
	m, err := s.BeginMove(Hapsburg, form(t, "antwerp", Hapsburg, Force{Reg: 3}), cal)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if !s.UnderSiege(cal) || s.Besiegers(cal) != 6 || s.Inside(cal) != 2 {
		t.Fatalf("siege %v, %d besiegers, %d inside", s.UnderSiege(cal), s.Besiegers(cal), s.Inside(cal))
	}
	if err := s.CheckAssault(Hapsburg, form(t, "calais", Hapsburg, Force{Reg: 3})); err != nil {
		t.Errorf("Hapsburg assault: %v", err)
	}
	if err := s.CheckAssault(France, form(t, "calais", France, Force{Reg: 3})); err != nil {
		t.Errorf("French assault: %v", err)
	}
	// Two Hapsburg units do not outnumber the two inside, whatever the
	// French add: formations never mix major powers.
	wantErr(t, s.CheckAssault(Hapsburg, form(t, "calais", Hapsburg, Force{Reg: 2})), "not more than")
	mixed := Formation{At: cal, Parts: []Part{{Hapsburg, Force{Reg: 2}}, {France, Force{Reg: 1}}}}
	wantErr(t, s.CheckAssault(Hapsburg, mixed), "may not mix")
	// A power at peace with England may not join the siege.
	t2 := besiegedCalais(t)
	t2.setAlly(Hapsburg, France, true)
	t2.Ctrl[sp(t, "antwerp")] = Hapsburg
	put(t, t2, "antwerp", Hapsburg, Force{Reg: 3})
	_, err = t2.BeginMove(Hapsburg, form(t, "antwerp", Hapsburg, Force{Reg: 3}), cal)
	wantErr(t, err, "neither at war nor allied")
}

// HIS-15.2e: a relief force whose every unit falls loses its army leaders
// to the besieger and does not retreat.
func TestHIS15_2e_ReliefForceWipedOut(t *testing.T) {
	s := besiegedCalais(t)
	cal := sp(t, "calais")
	m, err := s.BeginMove(England, form(t, "boulogne", England, Force{Reg: 4}, "charles_brandon"), cal)
	if err != nil {
		t.Fatal(err)
	}
	s.EnterDestination(m)
	s.AvoidBattle(m, France, -1, nil, nil, &testdice.Script{})
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// England 4 + 1 die, no hit; France 3 + 1 die, 4 hits.
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{1, 1, 1, 1, 1, 6, 6, 5, 5}})
	if r.AttackerWins || r.DefHits != 4 {
		t.Fatalf("%+v", r)
	}
	log, err := s.ApplyBattle(b, r, NoChoice(), &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	brandon := ldr(t, "charles_brandon")
	if s.Leader[brandon] != LeaderCaptured || s.Captor[brandon] != France {
		t.Errorf("Brandon at %d, captor %d\n%s", s.Leader[brandon], s.Captor[brandon], strings.Join(log, "\n"))
	}
	if s.Units[cal][England].Reg != 2 || s.Units[sp(t, "boulogne")][England].Land() != 0 || !s.UnderSiege(cal) {
		t.Errorf("Calais English %+v, Boulogne %+v, siege %v", s.Units[cal][England], s.Units[sp(t, "boulogne")][England], s.UnderSiege(cal))
	}
}

// HIS-13a: a move costs 1 CP in clear terrain and 2 CP over a pass; a
// move into an enemy's reach stops for its interception decision.
func TestHIS13a_MoveCosts(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "salzburg")] = Hapsburg
	put(t, s, "graz", Hapsburg, Force{Reg: 2})
	put(t, s, "vienna", Hapsburg, Force{Reg: 1})
	play := impulseFor(t, s, Hapsburg, 3)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 2 from graz to salzburg")
	if s.Flow.CP != 1 || s.Units[sp(t, "salzburg")][Hapsburg].Reg != 2 {
		t.Fatalf("over the pass: CP %d, Salzburg %+v", s.Flow.CP, s.Units[sp(t, "salzburg")][Hapsburg])
	}
	// 1 CP left: not enough to cross the pass back.
	refuse(t, s, Hapsburg, "move 2 from salzburg to graz")
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "move 1 from vienna to graz")
	if s.Flow.CP != 0 && s.Active == Hapsburg {
		t.Errorf("in clear terrain: CP %d", s.Flow.CP)
	}
	if s.Units[sp(t, "graz")][Hapsburg].Reg != 1 {
		t.Errorf("Graz %+v", s.Units[sp(t, "graz")][Hapsburg])
	}
}

// HIS-15.1f: the active power declares the assaulting formation in its
// order; every requirement is checked against that formation.
func TestHIS15_1f_DeclaredAssault(t *testing.T) {
	s := besiegedCalais(t)
	cal := sp(t, "calais")
	s.addUnits(cal, France, Force{Reg: 2})
	s.Leader[ldr(t, "francis_i")] = int16(cal)
	mustCheck(t, s)
	// Parsing and the normal form.
	for line, want := range map[string]string{
		"assault calais":                   "assault Calais",
		"assault 3 regulars in calais":     "assault 3 regulars in Calais",
		"assault 3 at calais with francis": "assault 3 in Calais with Francis I",
		"assault calais with francis":      "assault Calais with Francis I",
	} {
		o, err := parseOrder(France, line, nil)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if got := o.canonical(France); got != want {
			t.Errorf("%q reads as %q, want %q", line, got, want)
		}
		if again, err := parseOrder(France, o.canonical(France), nil); err != nil || again.canonical(France) != want {
			t.Errorf("%q does not read back: %v", want, err)
		}
	}
	play := impulseFor(t, s, France, 2)
	// Two units do not outnumber the two inside; six are not there.
	rej := refuse(t, s, France, play, "assault 2 in calais")
	if !strings.Contains(rej.Error(), "not more than the 2 inside") {
		t.Errorf("rejection %v", rej)
	}
	rej = refuse(t, s, France, play, "assault 6 in calais")
	if !strings.Contains(rej.Error(), "only 5") {
		t.Errorf("rejection %v", rej)
	}
	// Three units with Francis: 2 dice + 1; England 2 + 1 for defending.
	d := &testdice.Script{Rolls: []int{6, 5, 1, 1, 1, 1}}
	s, res := submit(t, s, France, d, play, "assault 3 regulars in calais")
	text := eventText(res, "england")
	mustCheck(t, s)
	if s.Ctrl[cal] != France || s.Units[cal][France].Reg != 5 || s.Units[cal][England].Land() != 0 {
		t.Errorf("Calais: control %d, France %+v, England %+v\n%s", s.Ctrl[cal], s.Units[cal][France], s.Units[cal][England], text)
	}
	if !strings.Contains(text, "France assaults Calais: 3 regulars, Francis I") || !strings.Contains(text, "France rolls 3 dice") {
		t.Errorf("the declared formation is not echoed:\n%s", text)
	}
}

// HIS-13.1d: the regulars of an independent key never bar the way in, but
// enemy field troops outside its walls are fought first; the key is
// besieged once they are gone.
func TestHIS13_1d_FightOutsideTheIndependentKey(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	metz := sp(t, "metz")
	put(t, s, "metz", Independent, Force{Reg: 1})
	put(t, s, "metz", Hapsburg, Force{Reg: 1})
	put(t, s, "st_dizier", France, Force{Reg: 3})
	mustCheck(t, s)
	m, err := s.BeginMove(France, form(t, "st_dizier", France, Force{Reg: 3}), metz)
	if err != nil {
		t.Fatalf("the independent garrison bars the way: %v", err)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	s.AvoidBattle(m, Hapsburg, -1, nil, nil, &testdice.Script{})
	if !s.NeedBattle(m) || s.UnderSiege(metz) {
		t.Fatalf("battle %v, siege %v", s.NeedBattle(m), s.UnderSiege(metz))
	}
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// France 3 dice; the Hapsburg unit alone defends: 1 + 1 die.
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{5, 1, 1, 1, 1}})
	if !r.AttackerWins || r.AttDice != 3 || r.DefDice != 2 {
		t.Fatalf("%+v", r)
	}
	log, err := s.ApplyBattle(b, r, NoChoice(), &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if s.Units[metz][Hapsburg].Land() != 0 || !s.UnderSiege(metz) || s.Inside(metz) != 1 {
		t.Errorf("Hapsburg %+v, siege %v, inside %d\n%s", s.Units[metz][Hapsburg], s.UnderSiege(metz), s.Inside(metz), strings.Join(log, "\n"))
	}
}

// HIS-2.1f, HIS-2.5c: enemies in the same unfortified space fight a field
// battle (no siege there); the defenders may avoid battle, and retreat,
// across a pass.
func TestHIS2_1f_FieldBattleInUnfortifiedSpace(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	graz, salz := sp(t, "graz"), sp(t, "salzburg")
	s.Ctrl[sp(t, "agram")] = Ottoman
	put(t, s, "agram", Ottoman, Force{Reg: 4})
	put(t, s, "graz", Hapsburg, Force{Reg: 2})
	m, err := s.BeginMove(Ottoman, form(t, "agram", Ottoman, Force{Reg: 4}), graz)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnterDestination(m); err != nil {
		t.Fatal(err)
	}
	if !contains(s.AvoidOptions(m, Hapsburg), salz) {
		t.Errorf("no avoiding battle across the pass to Salzburg: %v", s.AvoidOptions(m, Hapsburg))
	}
	s.AvoidBattle(m, Hapsburg, -1, nil, nil, &testdice.Script{})
	if !s.NeedBattle(m) || s.UnderSiege(graz) {
		t.Fatalf("battle %v, siege %v", s.NeedBattle(m), s.UnderSiege(graz))
	}
	b, err := s.NewBattle(m, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{5, 1, 1, 1, 1, 1, 1}})
	if !r.AttackerWins {
		t.Fatalf("%+v", r)
	}
	if !contains(s.RetreatOptions(b, false), salz) {
		t.Errorf("no retreat across the pass to Salzburg: %v", s.RetreatOptions(b, false))
	}
	after := NoChoice()
	after.RetreatTo = salz
	log, err := s.ApplyBattle(b, r, after, &testdice.Script{})
	if err != nil {
		t.Fatal(err)
	}
	mustCheck(t, s)
	if s.Units[salz][Hapsburg].Reg != 1 || s.Units[graz][Hapsburg].Land() != 0 {
		t.Errorf("Salzburg %+v, Graz %+v\n%s", s.Units[salz][Hapsburg], s.Units[graz][Hapsburg], strings.Join(log, "\n"))
	}
}

// A move of more land units than a formation without leaders may hold
// (HIS-13.1) is refused with the leader to name and the stack's own
// legal moves first.
func TestHIS13_1_TooManyWithoutLeaderNamesTheLeader(t *testing.T) {
	s := englandImpulse(t, 1, 74)
	s.Units[sp(t, "london")][England].Reg = 5
	mustCheck(t, s)
	rej := refuse(t, s, England, "play 74 for cp", "move 5 from london to shrewsbury")
	require.Contains(t, rej.Problems[0].Reason, "at most 4 without a leader; name the leaders who go with them (\"... with Henry VIII\")")
	require.True(t, strings.HasPrefix(rej.Problems[0].Legal[0], "move 5 from London to "), "legal: %v", rej.Problems[0].Legal)
	require.Contains(t, rej.Problems[0].Legal[0], " with Henry VIII")
	require.NotNil(t, rej.Problems[0].ReasonMsg, "reason not read: %q", rej.Problems[0].Reason)
	checkMsg(t, gameCatalog(t), "reason", rej.Problems[0].Reason, *rej.Problems[0].ReasonMsg)
}
