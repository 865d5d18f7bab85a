package hexbattle

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/rulecheck"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// The coverage document lists, for every rule, tests that spell out its
// ID.
func TestCoverageDocument(t *testing.T) {
	rulecheck.CheckDone(t, "../../docs/rules-coverage/crecy-navarette.md", ".")
	rulecheck.CheckListed(t, "../../docs/rules-coverage/crecy-navarette.md", ".")
}

// CN-1.0: the pack's rules line selects the exclusive rules. CN-7.11,
// CN-7.12, CN-7.4, CN-5.13, CN-5.0c: terrain and elevation per hex and
// the TEC come from the pack, and entering a hex costs its terrain's MP.
// CN-8.3, CN-8.0b, CN-9.4, CN-10.2: the Fire CRT, Melee CRT and Morale
// Effects Table come from the pack. CN-3.33: armour is P, M, L or N.
// CN-9.3: lances are set in the scenario. CN-7.23: roads do not affect
// movement. NAV-16.2, CRE-16.2, CRE-16.12: archers have fire and melee
// modes, plate infantry and cavalry, the scenario sets the starting mode.
// CRE-15.1a: the scenario's deployment hexes place the units.
func TestPackChartsCN74(t *testing.T) {
	s := hill(t, "historical")
	require.Equal(t, "crecy", s.p.Rules)
	require.Equal(t, 2, s.terrain(mustHex(t, "0203")).Cost)
	require.Equal(t, 1, s.elev(mustHex(t, "0101")))
	require.Equal(t, 0, s.elev(mustHex(t, "0401")))
	require.Equal(t, 1, s.stepCost(mustHex(t, "0401"), mustHex(t, "0501")))
	require.Equal(t, 2, s.stepCost(mustHex(t, "0401"), mustHex(t, "0301")), "climbing a level costs 1 more (CN-7.22)")
	require.Equal(t, []int{5, 4, 3}, s.p.Fire["longbow"]["P"])
	require.Equal(t, 7, s.p.Melee["knight"]["foot"])
	require.Equal(t, -6, s.p.Morale["A"].From)
	for _, c := range s.p.Counters {
		require.Contains(t, []string{"P", "M", "L", "N"}, c.Armour)
	}
	require.True(t, s.unit("K1").Lance)
	require.False(t, s.unit("E1").Lance)
	require.Equal(t, "0204", s.unit("E1").At[0].String())
	require.Equal(t, "infantry", s.unit("E1").Face)
	require.Len(t, s.counter(s.unit("B1")).Faces, 2)
	require.Len(t, s.counter(s.unit("G1")).Faces, 2)
	f := ford(t, false)
	require.Equal(t, "navarrete", f.p.Rules)
	require.True(t, f.p.Hexes[mustHex(t, "0705")].Road)
	require.Equal(t, f.stepCost(mustHex(t, "0605"), mustHex(t, "0604")), f.stepCost(mustHex(t, "0605"), mustHex(t, "0705")))
	require.Equal(t, []string{"fire", "melee"}, []string{f.counter(f.unit("LB1")).Faces[0].Name, f.counter(f.unit("LB1")).Faces[1].Name})
}

// CN-4.0a, CN-5.0a, CN-5.11: the phasing player moves his own units in
// the Movement Phase, then the Fire Combat Phase follows; the opponent's
// units stay still. CN-5.0b: each unit finishes its move before another
// starts, once per phase. CN-5.25: a single moves into any adjacent hex.
// CN-6.21: a leader in the hex costs nothing extra. CN-5.14: a unit may
// enter a hex holding only an enemy leader. CN-12.1, CN-6.12: leaders
// move through and stack with friendly units.
func TestMovementPhaseCN50(t *testing.T) {
	s := hill(t, "historical")
	require.Equal(t, phMove, s.Phase)
	rejected(t, s, "french", "B1", "move B1 0303")
	rejected(t, s, "english", "owes nothing now", "move B1 0302")
	rejected(t, s, "french", "already moved", "move G1 0402", "move G1 0302")
	rejected(t, s, "french", "not adjacent", "move G1 0302")
	s.mv = map[string]int{}
	_, err := s.moveLine("french", "move G1 0602") // away from the enemy (CN-5.25)
	require.NoError(t, err)
	require.Equal(t, 1, s.mv["G1"], "Dorio was with G1: no extra cost (CN-6.21)")
	s.leader("prince").At = mustHex(t, "0406")
	_, err = s.moveLine("french", "move G2 0506 0406") // CN-5.14
	require.NoError(t, err)
	require.Equal(t, 2, s.mv["G2"])
	_, err = s.moveLine("french", "move dorio 0602 0703") // through G1 and onto K1 (CN-12.1)
	require.NoError(t, err)
	require.Equal(t, "0703", s.leader("dorio").At.String())
	n := apply(t, hill(t, "historical"), nil, "french", "done")
	require.NotEqual(t, phMove, n.Phase)
}

// CN-5.2: a double stands on two adjacent hexes facing its front-centre
// hex. CN-6.0, CN-6.11: one combat unit per hex; no moving into or through
// another. CN-6.14: a leader never enters an enemy unit's hex. CN-6.13:
// markers (rout, charge, lance) ride on units without limit, as CRE-15.4
// says. CN-6.22: when a unit is eliminated its leaders stay, disobeyed.
func TestStackingCN60(t *testing.T) {
	s := hill(t, "historical")
	rejected(t, s, "french", "holds another combat unit", "move G1 0402 0303")
	s.mv = map[string]int{}
	s.unit("G1").At = []Hex{mustHex(t, "0304")}
	_, err := s.moveLeader(s.leader("edward"), []string{"0304"})
	require.ErrorContains(t, err, "CN-6.14")
	k := s.unit("K1")
	k.Rout, k.Charge = 1, "E1"
	require.NoError(t, s.Check())
	front := k.Front
	k.Front = mustHex(t, "0101")
	require.ErrorContains(t, s.Check(), "bad front")
	k.Front = front
	s.unit("G2").At = []Hex{mustHex(t, "0203")}
	require.ErrorContains(t, s.Check(), "CN-6.0")
	s = hill(t, "historical")
	s.lose(s.unit("G1"), "eliminated")
	require.True(t, s.leader("dorio").Disobeyed)
	require.Equal(t, "0502", s.leader("dorio").At.String())
}

// CN-7.25: no unit enters prohibited terrain. CN-7.24: a charge may not
// run downhill across a contour: a run broken by a descent is too short.
func TestTerrainCN725(t *testing.T) {
	s := hill(t, "historical")
	require.ErrorContains(t, s.passable(s.unit("G2"), mustHex(t, "0408"), false), "CN-7.25")
	require.ErrorContains(t, s.passable(s.unit("G2"), mustHex(t, "0408"), true), "prohibited")
	// clear the board but for E1 (as cavalry) and a target
	s = hill(t, "discipline")
	s = passTurn(t, s)
	for _, u := range s.Units {
		if u.ID != "E1" && u.ID != "G1" {
			u.Gone = "eliminated"
		}
	}
	e := s.unit("E1")
	found := false
	for p := 1; p <= 8 && !found; p++ {
		for d := range 6 {
			h0 := Hex{1, p}
			path := []Hex{h0.Step(d), h0.Step(d).Step(d), h0.Step(d).Step(d).Step(d)}
			if path[2].Line != 4 || path[1].Line != 3 {
				continue
			}
			tgt := path[2].Step(d)
			ok := s.p.OnMap(tgt) && !s.terrain(tgt).Prohibited
			for i, h := range path {
				from := h0
				if i > 0 {
					from = path[i-1]
				}
				ok = ok && s.terrain(h).Clear && !s.terrain(h).Village && !s.wagon(h) && !s.obstacle(from, h) && !s.terrain(h).Prohibited
			}
			if !ok || s.wagon(h0) {
				continue
			}
			e.At = []Hex{h0}
			s.unit("G1").At = []Hex{tgt}
			s.mv = map[string]int{}
			_, err := s.moveLine("english", "move E1 "+path[0].String()+" "+path[1].String()+" "+path[2].String()+" charge G1")
			require.ErrorContains(t, err, "at least 3 clear hexes")
			found = true
			break
		}
	}
	require.True(t, found, "a straight run from level 1 down to level 0")
}

// CN-8.0a: only fire-mode units fire, at enemies in range and in sight
// (CN-8.1). CN-8.17: facing does not limit fire. CN-8.18: one fire order
// per unit per phase. CN-5.32: +1 to fire at a charging unit. CN-8.21,
// CN-8.22: each result is its own morale check, at the current level.
func TestFireCN80a(t *testing.T) {
	s := hill(t, "historical")
	b1 := s.unit("B1")
	require.NoError(t, s.mayFire(b1))
	b1.Face = "melee"
	require.ErrorContains(t, s.mayFire(b1), "CN-8.0a")
	b1.Face = "fire"
	s = apply(t, s, nil, "french", "done")
	require.Equal(t, phFire, s.Phase)
	ch := s.fireChoices("english")
	require.NotEmpty(t, ch)
	w := strings.Fields(ch[0])
	rejected(t, s, "english", "only once a phase (CN-8.18)", ch[0], "fire "+w[1]+" at "+w[3])
	k := s.unit("K1")
	k.Charge = "E1"
	d, why := s.fireDRM(k)
	require.Equal(t, 1, d, why)
	k.Charge = ""
	k.Front = reverseFront(k.At, k.Front) // CN-8.17: facing changes nothing
	_, err := s.fireTarget(b1, s.unit("G1"))
	_, err2 := s.fireTarget(b1, s.unit("G1"))
	require.Equal(t, err == nil, err2 == nil)
	g := s.unit("G2")
	g.Rout = 1
	s.moraleCheck(g, 0, "fire", testdice.New(9))
	require.Contains(t, lastEvent(s), "-1")
	lvl := g.Rout
	s.moraleCheck(g, 0, "fire", testdice.New(9))
	if g.Gone == "" {
		require.Regexp(t, `rolls \d-`+string(rune('0'+lvl)), lastEvent(s))
	}
}

// CN-9.0a, CN-9.0b: melee only against adjacent enemies, once per
// attacker, on the Melee CRT by types with two dice. CN-9.11: a unit
// attacks once a phase. CN-9.2: a hit sends the defender to a morale
// check at once. CN-9.31, CN-9.32: a charging lancer takes -2 and spends
// its lance; one attacking without a charge keeps it.
func TestMeleeCN90(t *testing.T) {
	s := hill(t, "historical")
	k := s.unit("K1")
	k.At, k.Front = []Hex{mustHex(t, "0304"), mustHex(t, "0305")}, mustHex(t, "0204")
	k.Charge = "E1"
	s.Phase = phMelee1
	_, _, _, err := s.meleeCheck(s.unit("K2"), s.unit("E1"))
	require.ErrorContains(t, err, "not adjacent")
	rejected(t, s, "french", "only once a phase (CN-9.11)", "attack K1 E1", "attack K1 E1")
	n, res, err := s.Apply(sub("french", "attack K1 E1"), testdice.New(1))
	require.NoError(t, err)
	ev := events(res)
	require.Contains(t, ev, "Melee: K1 attacks E1, hits on 7 or less")
	require.Contains(t, ev, "lance (CN-9.31)")
	require.False(t, n.(*St).unit("K1").Lance)
	if strings.Contains(ev, "HIT") {
		require.Contains(t, ev, "Morale (melee): E1")
	}
	s2 := hill(t, "historical")
	k2 := s2.unit("K1")
	k2.At, k2.Front = []Hex{mustHex(t, "0304"), mustHex(t, "0305")}, mustHex(t, "0204")
	s2.Phase = phMelee1
	n, _, err = s2.Apply(sub("french", "attack K1 E1"), testdice.New(1))
	require.NoError(t, err)
	require.True(t, n.(*St).unit("K1").Lance, "no charge, the lance is kept (CN-9.32)")
}

// CN-10.0, CN-10.3: one die on the unit's morale column, modifiers added
// up. CN-10.32, CN-13.0, CN-13.2: in turns 9 and 10 fatigue takes 2, once.
// CN-10.33: an enemy in a double's rear-centre hex takes 1 more. CRE-18.14:
// the Historical scenario uses the normal rating.
func TestMoraleCN100(t *testing.T) {
	s := hill(t, "historical")
	require.True(t, s.p.Fatigue[9] && s.p.Fatigue[10] && !s.p.Fatigue[8])
	k := s.unit("K1")
	_, _, rc := s.sectors(k)
	w := s.unit("W1")
	w.At = []Hex{rc}
	s.GT = 9
	s.moraleCheck(k, 0, "test", testdice.New(3))
	require.Regexp(t, `K1 rolls \d-3`, lastEvent(s))
	require.Equal(t, "B", s.counter(k).Morale)
}

// CN-11.0: each side's routed units move in the Rout Movement Phase, the
// phasing player's first. CN-11.12, CN-11.4: an MA above 6 routs two hexes
// per level, the full distance. CN-11.25: a double routs backward keeping
// its facing. CN-11.24: doubles rout by translation. CN-11.21, CN-11.23:
// blocked, a fast unit gains one level. CN-11.26: the least rise is taken.
// CRE-15.21, CRE-15.22: the English rout toward line 01, the French toward
// their own edge.
func TestRoutCN110(t *testing.T) {
	s := hill(t, "historical")
	require.Equal(t, 1, s.p.Edge["english"])
	require.Equal(t, 8, s.p.Edge["french"])
	k := s.unit("K1")
	k.At, k.Front = []Hex{mustHex(t, "0403"), mustHex(t, "0404")}, mustHex(t, "0304")
	k.Rout = 1
	s.routPhase("french")
	require.Equal(t, 6, k.At[0].Line, "two hexes toward line 08")
	require.Equal(t, 6, k.At[1].Line)
	require.Equal(t, 5, k.Front.Line, "the facing is kept")
	require.Equal(t, 1, k.Rout)
	// block it: units behind it
	s = hill(t, "historical")
	k = s.unit("K1")
	k.At, k.Front = []Hex{mustHex(t, "0403"), mustHex(t, "0404")}, mustHex(t, "0304")
	k.Rout = 1
	for i, id := range []string{"E1", "E2", "B1", "B2", "B3", "W1"} {
		_ = i
		s.unit(id).Gone = "eliminated"
	}
	blockers := []string{"0503", "0504", "0505", "0502"}
	for i, id := range []string{"G1", "G2", "E1", "E2"} {
		u := s.unit(id)
		u.Gone, u.At = "", []Hex{mustHex(t, blockers[i])}
	}
	s.unit("E1").Side, s.unit("E2").Side = "english", "english"
	s.routUnit(k)
	require.Greater(t, k.Rout, 1, "blocked, the rout level rises")
}

// CN-2.0d, CRE-20.0, CRE-20.1, CRE-20.11, CRE-20.2: VP for each enemy unit
// by type (a double earns no bonus) and leader, compared on the victory
// table after the last turn. NAV-17.3: French units count as Castilian.
func TestVictoryCN20d(t *testing.T) {
	s := hill(t, "historical")
	s.lose(s.unit("K1"), "eliminated")
	require.Equal(t, 10, s.VP["english"], "a plate double is worth a plate unit")
	s.lose(s.unit("E1"), "eliminated")
	require.Equal(t, 10, s.VP["french"])
	s.capture(s.leader("philip"))
	require.Equal(t, 30, s.VP["english"])
	s.finish()
	require.Equal(t, "english", s.Winner)
	require.Contains(t, s.Result, "English marginal victory")
	f := ford(t, false)
	require.Equal(t, "castilian", f.unit("FR1").Side)
}

// CN-5.4: a unit's modes are its counter's faces, changed by `mode ID
// FACE` as the exclusive rules allow. CRE-16.11, CRE-18.12: plate never
// changes mode. CRE-16.21a: archers
// change mode freely in their Movement Phase. CRE-18.13: the Genoese are
// locked in fire mode in the Historical scenario. CRE-16.21b: longbows
// attacking in melee take the pack's DRM. CRE-16.21c: a longbow fires
// only within two hexes of English plate. CRE-16.22, CRE-16.23: archers
// firing downhill count one hex closer, uphill one farther.
func TestArchersCRE1621(t *testing.T) {
	s := hill(t, "historical")
	rejected(t, s, "french", "may not change mode", "mode K1 infantry")
	rejected(t, s, "french", "CRE-18.13", "mode G1 melee")
	s = passTurn(t, s)
	n := apply(t, s, nil, "english", "mode B3 melee")
	require.Equal(t, "melee", n.unit("B3").Face)
	b := s.unit("B3") // 0303, level 1
	g := s.unit("G1")
	g.At = []Hex{mustHex(t, "0603")} // level 0, 3 hexes away
	require.Equal(t, 2, s.fireRange(b, g, 3))
	require.Equal(t, 4, s.fireRange(g, b, 3))
	for _, id := range []string{"E1", "E2"} {
		s.unit(id).At = []Hex{mustHex(t, "0108")}
		s.unit(id).Gone = "eliminated"
	}
	require.ErrorContains(t, s.mayFire(b), "CRE-16.21c")
	s = hill(t, "historical")
	s.Phase = phMelee1
	s.Second = true
	bb := s.unit("B3")
	bb.Face = "melee"
	s.unit("G1").At = []Hex{mustHex(t, "0403")}
	s.unit("G1").Face = "melee"
	s.melee(bb, s.unit("G1"), testdice.New(1))
	require.Contains(t, strings.Join(evTexts(s), "\n"), "longbow attacking (CRE-16.21b)")
}

func evTexts(s *St) []string {
	var out []string
	for _, e := range s.ev {
		out = append(out, e.Text)
	}
	return out
}

// CRE-15.31: no charge through woods or a village. CRE-15.32: melee
// across an obstacle hexside takes the pack's DRM.
func TestChargeTerrainCRE1531(t *testing.T) {
	s := hill(t, "historical")
	s.Phase = phMelee1
	g := s.unit("G1")
	g.Face = "melee"
	g.At = []Hex{mustHex(t, "0404")}
	s.unit("B3").At = []Hex{mustHex(t, "0304")}
	s.melee(g, s.unit("B3"), testdice.New(1))
	require.Contains(t, strings.Join(evTexts(s), "\n"), "obstacle hexside (CRE-15.32)")
	require.False(t, s.terrain(mustHex(t, "0203")).Clear, "woods break a charge run")
	require.True(t, s.terrain(mustHex(t, "0306")).Village)
}

// CRE-16.41: a cannon stacks only with English plate or Welsh. CRE-16.44:
// a cannon fires once a game turn and is ready again at its end.
// CRE-16.45: with cannons=off they are removed before play.
func TestCannonsCRE1641(t *testing.T) {
	s := hill(t, "historical")
	c := s.unit("C1")
	s.unit("E1").At = []Hex{mustHex(t, "0104")}
	require.False(t, s.occupiedFor(s.unit("E2"), c.At[0]), "plate may join a cannon")
	require.False(t, s.occupiedFor(s.unit("W1"), c.At[0]), "Welsh may join a cannon")
	require.True(t, s.occupiedFor(s.unit("B1"), c.At[0]), "a longbow may not")
	c.Fired = true
	require.ErrorContains(t, s.mayFire(c), "CRE-16.44")
	s.endGameTurn()
	require.False(t, c.Fired)
	st, err := Game{}.Setup("hill/historical", adjudicator.Options{"cannons": "off"}, nil)
	require.NoError(t, err)
	require.Nil(t, st.(*St).unit("C1"))
}

// CRE-17.22: the Genoese count as French (they rout toward the French
// edge and score as French units). CRE-17.3: King Edward adds 1 to the
// morale of the unit he is with. CRE-17.4: any English leader rallies any
// English unit.
func TestLeadersCRE173(t *testing.T) {
	s := hill(t, "historical")
	require.Equal(t, "french", s.unit("G1").Side)
	s.moraleCheck(s.unit("E1"), 0, "test", testdice.New(2)) // Edward at 0204
	require.Regexp(t, `E1 rolls \d\+1`, lastEvent(s))
	require.True(t, s.mayRally(s.leader("prince"), s.unit("B1")), "B1 is of Edward's wing")
}

// CRE-19.0, CRE-19.12, CRE-19.3, CRE-18.3: the French Discipline scenario
// uses the parenthesised ratings, fog limits visibility and adds fire
// DRMs in turns 1-4; night limits visibility in the Historical one.
// CRE-19.14: the players may agree to drop the chivalry rules.
// CRE-18.41, CRE-18.42, CRE-18.43, CRE-18.4, CRE-19.22: each English
// deployment, with its obstacles, is a scenario of the pack, chosen when
// the game is created. CRE-18.15, CRE-19.13: where the tables give two
// modifiers, each scenario block carries its own column (`drm` lines in
// the block), over the pack's.
func TestScenariosCRE190(t *testing.T) {
	s := hill(t, "discipline")
	require.Equal(t, "alt", s.sc.UseAlt)
	require.Equal(t, 2, s.sc.Visibility[1])
	require.Equal(t, 1, s.sc.FireDRM[1])
	d, _ := s.fireDRM(s.unit("K1"))
	require.Equal(t, 1, d)
	h := hill(t, "historical")
	require.Equal(t, 1, h.sc.Visibility[8])
	st, err := Game{}.Setup("hill/historical", adjudicator.Options{"chivalry": "off"}, nil)
	require.NoError(t, err)
	x := st.(*St)
	x.GT = 2
	require.False(t, x.bound(x.unit("K1")))
	require.GreaterOrEqual(t, len(h.p.Scenarios), 2)
	require.Equal(t, 2, h.drm("obstacle-cavalry"))
	require.Equal(t, 1, s.drm("obstacle-cavalry"), "the discipline scenario's own modifier")
	require.Equal(t, h.drm("charge"), s.drm("charge"))
}

// NAV-15.1a, CRE-15.1a: the players' sides are the game's roles, taken
// from the pack and assigned when the game is created.
func TestSidesNAV151a(t *testing.T) {
	p, err := LoadPack("testdata/ford")
	require.NoError(t, err)
	info, err := Game{}.InfoFor(adjudicator.Options{OptPack: EncodePackOption(p)})
	require.NoError(t, err)
	require.Equal(t, []adjudicator.Role{"english", "castilian"}, info.Roles)
	require.Equal(t, "najera", info.Scenarios[0].ID)
}

// The seed's worked examples. CN-9.12 (checklist 6.2): "for 2615-2616
// facing line 25, the front hexes are 2515, 2516, 2517; the rear hexes
// 2715, 2716, 2717; the flank hexes 2614 and 2617". CRE-16.22: "a longbow
// may fire at a target 4 hexes away using the range-3 column" from
// higher ground. CRE-16.23: "a crossbow unit must be within 2 hexes of a
// higher target to fire at it". CN-10.31: "a unit at level 2 subtracts 2"
// (TestDuGuesclinNAV171).
func TestSeedExamplesCN912(t *testing.T) {
	s := hill(t, "historical")
	d := &Unit{ID: "X", Counter: "knights", At: []Hex{mustHex(t, "2615"), mustHex(t, "2616")}, Front: mustHex(t, "2516")}
	front, flank, rc := s.sectors(d)
	require.Equal(t, "2515 2516 2517", front[0].String()+" "+front[1].String()+" "+front[2].String())
	require.ElementsMatch(t, []string{"2614", "2617"}, []string{flank[0].String(), flank[1].String()})
	require.Equal(t, "2716", rc.String())
	rear := map[string]bool{}
	for _, h := range d.At {
		for _, n := range h.Neighbours() {
			if n != d.At[0] && n != d.At[1] && n != front[0] && n != front[1] && n != front[2] && n != flank[0] && n != flank[1] {
				rear[n.String()] = true
			}
		}
	}
	require.Equal(t, map[string]bool{"2715": true, "2716": true, "2717": true}, rear)

	b := s.unit("B3") // longbow on level 1
	g := s.unit("G1") // crossbow, moved to level 0
	g.At = []Hex{mustHex(t, "0703")}
	require.Equal(t, 4, unitDist(b, g))
	require.Equal(t, 3, s.fireRange(b, g, 4), "CRE-16.22: four hexes from above use the range-3 column")
	require.Equal(t, len(s.p.Fire["crossbow"]["M"]), s.fireRange(g, b, 2), "CRE-16.23: two hexes below use the last column")
	require.Greater(t, s.fireRange(g, b, 3), len(s.p.Fire["crossbow"]["M"]), "CRE-16.23: three hexes below is out of range")
}

// CN-11.24: a routing double may pivot (one half stays, the other swings
// a hexside) at the cost of one hex of its move and one rout level; its
// front turns with it.
func TestRoutPivotCN1124(t *testing.T) {
	s := hill(t, "historical")
	k := s.unit("K1")
	n := &routNode{at: k.At, front: k.Front, clean: true}
	var got []*routNode
	s.routPivots(k, n, 1, true, func(m *routNode, next []Hex, off bool) { got = append(got, m) })
	require.NotEmpty(t, got)
	for _, m := range got {
		require.True(t, Adjacent(m.at[0], m.at[1]))
		require.True(t, Adjacent(m.front, m.at[0]) && Adjacent(m.front, m.at[1]), "front %s of %s", m.front, hexList(m.at))
		require.Equal(t, 1, m.pivots)
		require.GreaterOrEqual(t, m.pen, 1)
	}
	// a routed double whose way back is blocked still ends facing properly
	k.At, k.Front = []Hex{mustHex(t, "0403"), mustHex(t, "0404")}, mustHex(t, "0304")
	k.Rout = 1
	s.unit("G1").At = []Hex{mustHex(t, "0504")}
	s.routUnit(k)
	require.NoError(t, s.Check())
	require.Equal(t, 2, k.Rout)
}

// CN-11.26: among rout paths that raise the level equally, the owner
// chooses: `rout ID prefer HEX` steers the unit's rout toward a hex.
func TestRoutChoiceCN1126(t *testing.T) {
	for _, pref := range []string{"0606", "0607"} {
		s := hill(t, "historical")
		s.mv = map[string]int{}
		c, err := s.moveLine("french", "rout G2 prefer "+pref)
		require.NoError(t, err)
		require.Equal(t, "rout G2 prefer "+pref, c)
		g := s.unit("G2") // 0507
		g.Rout = 1
		s.routUnit(g)
		require.Equal(t, pref, g.At[0].String())
		require.Equal(t, 1, g.Rout)
	}
}

// CN-5.31: plate or mail cavalry that moves through three clear hexes in
// a straight line and ends next to its target gets a charge marker; its
// attack on that target takes the pack's charge DRM, and the marker goes.
func TestChargeMarkerCN531(t *testing.T) {
	s := hill(t, "discipline") // English plate starts as cavalry here
	s = passTurn(t, s)
	for _, u := range s.Units {
		if u.ID != "E1" && u.ID != "G1" {
			u.Gone = "eliminated"
		}
	}
	e, g := s.unit("E1"), s.unit("G1")
	for p := 1; p <= 8; p++ {
		for d := range 6 {
			h0 := Hex{4, p}
			path := []Hex{h0.Step(d), h0.Step(d).Step(d), h0.Step(d).Step(d).Step(d)}
			tgt := path[2].Step(d)
			ok := s.p.OnMap(tgt) && !s.terrain(tgt).Prohibited && s.terrain(h0).Clear
			prev := h0
			for _, h := range path {
				ok = ok && s.p.OnMap(h) && s.terrain(h).Clear && !s.terrain(h).Prohibited && s.elev(h) == 0 && !s.obstacle(prev, h)
				prev = h
			}
			if !ok {
				continue
			}
			e.At = []Hex{h0}
			g.At = []Hex{tgt}
			s.mv = map[string]int{}
			c, err := s.moveLine("english", "move E1 "+path[0].String()+" "+path[1].String()+" "+path[2].String()+" charge G1")
			require.NoError(t, err)
			require.Contains(t, c, "charge G1")
			require.Equal(t, "G1", e.Charge)
			s.Phase, s.Second = phMelee1, true
			s.ev = nil
			s.melee(e, g, testdice.New(1))
			require.Contains(t, strings.Join(evTexts(s), "\n"), "charge (CN-5.31)")
			require.Empty(t, e.Charge)
			return
		}
	}
	t.Fatal("no straight clear run on the test map")
}
