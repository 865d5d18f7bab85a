package hexbattle

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

func hill(t *testing.T, scen string) *St {
	st, err := Game{}.Setup("hill/"+scen, nil, testdice.New(1))
	require.NoError(t, err)
	return st.(*St)
}

func sub(role string, lines ...string) adjudicator.Submission {
	s := adjudicator.Submission{Role: adjudicator.Role(role)}
	for i, l := range lines {
		s.Lines = append(s.Lines, adjudicator.Line{No: i + 1, Text: l})
	}
	return s
}

func apply(t *testing.T, s *St, d adjudicator.Dice, role string, lines ...string) *St {
	n, _, err := s.Apply(sub(role, lines...), d)
	require.NoError(t, err)
	return n.(*St)
}

func rejected(t *testing.T, s *St, role string, want string, lines ...string) {
	_, _, err := s.Apply(sub(role, lines...), testdice.New(1))
	require.ErrorContains(t, err, want)
}

// CRE-15.1c, CN-2.0b: the French move first; ten game turns.
func TestFirstPlayerCRE151c(t *testing.T) {
	s := hill(t, "historical")
	require.Equal(t, []adjudicator.Role{"french"}, s.Owing())
	require.Equal(t, 10, s.p.Turns)
}

// CN-5.12, CN-7.21, CN-7.22: clear costs 1, climbing a level +1; the MA
// limits the path. CN-5.15: no entering another combat unit's hex.
func TestMovementCostsCN512(t *testing.T) {
	s := hill(t, "historical")
	// levy-free: G1 (MA 5) at 0502 climbs into line 03 (level 1): 1+1
	rejected(t, s, "french", "needs 6 MP", "move G1 0402 0302 0202 0201 0101")
	rejected(t, s, "french", "holds another combat unit (CN-5.15)", "move G1 0402 0303")
	n := apply(t, s, nil, "french", "move G1 0402 0302")
	require.Equal(t, "0302", n.unit("G1").At[0].String())
}

// CN-5.22, CN-5.24, CN-5.21, CN-5.23: a double's pivot, sideslip and
// reversal; it may not pivot into its rear.
func TestDoubleMovesCN522(t *testing.T) {
	s := hill(t, "historical")
	k := s.unit("K1") // 0703-0704 front 0603
	front, flank, rc := s.sectors(k)
	require.Equal(t, "0603", front[1].String())
	require.Equal(t, "0803", rc.String())
	// forward step toward line 06
	n := apply(t, s, nil, "french", "move K1 0602-0603")
	require.Equal(t, []Hex{mustHex(t, "0602"), mustHex(t, "0603")}, n.unit("K1").At)
	// pivot about 0703 into the front-centre 0603
	n = apply(t, s, nil, "french", "move K1 0703-0603")
	require.NoError(t, n.Check())
	// sideslip into a flank hex
	n = apply(t, s, nil, "french", "move K1 "+flank[1].String()+"-0704")
	require.NoError(t, n.Check())
	// reverse costs 2 MP and swaps front and rear
	n = apply(t, s, nil, "french", "move K1 reverse")
	require.Equal(t, "0803", n.unit("K1").Front.String())
	rejected(t, s, "french", "cannot reach", "move K1 0703-0803")
}

// CN-5.31, CN-5.33: a charge needs three clear hexes in a line and ends
// adjacent to its target; leather cavalry may not charge.
func TestChargeCN531(t *testing.T) {
	s := hill(t, "discipline") // English plate start as cavalry here
	// E2 at 0206 (cavalry MA 8) rides down line 02? use K1: infantry in
	// this scenario, so it may not charge.
	rejected(t, s, "french", "only plate or mail cavalry may charge", "move K1 0602-0603 charge B1")
	// English cavalry E1 charges from 0204 along d5 (same line, YY+1)?
	// Build a straight run for English: first pass the French turn.
	s = passTurn(t, s)
	require.Equal(t, []adjudicator.Role{"english"}, s.Owing())
	rejected(t, s, "english", "at least 3 clear hexes", "move E1 0304 charge G1")
}

// passTurn lets every owed decision pass until the other side moves.
func passTurn(t *testing.T, s *St) *St {
	start := s.phasing()
	for s.phasing() == start || s.Phase != phMove {
		r := s.Owing()[0]
		s = apply(t, s, testdice.New(2), string(r), "done")
	}
	return s
}

// CN-8.0c, CN-8.2: fire is collected from both sides and the morale
// checks come at the end of the phase; CN-10.31 the rout level
// modifies later checks; CN-10.1 levels add up.
func TestSimultaneousFireCN80c(t *testing.T) {
	s := hill(t, "historical")
	s.unit("G1").At = []Hex{mustHex(t, "0403")} // Genoese within range of B3 at 0303
	s = apply(t, s, nil, "french", "done")
	require.Equal(t, phFire, s.Phase)
	require.ElementsMatch(t, []adjudicator.Role{"english", "french"}, s.Owing())
	s = apply(t, s, nil, "french", "fire G1 at B3")
	require.Equal(t, []adjudicator.Role{"english"}, s.Owing())
	// the English see nothing of the French fire yet
	require.NotContains(t, s.View("english").Text(), "fire G1")
	d := &testdice.Script{Rolls: []int{1, 1, 1, 1, 1, 6}}
	s = apply(t, s, d, "english", "fire B3 at G1")
	// both hit (2 <= need); G1 checks morale after B3's hit too
	require.NotEqual(t, phFire, s.Phase)
	require.Positive(t, s.unit("B3").Rout+s.unit("G1").Rout)
}

// CN-9.12: a double may not attack into its rear; front corners and
// flanks get +2.
func TestDoubleSectorsCN912(t *testing.T) {
	s := hill(t, "historical")
	k := s.unit("K1")
	front, flank, rc := s.sectors(k)
	d, err := s.meleeSector(k, front[1])
	require.NoError(t, err)
	require.Equal(t, 0, d)
	for _, h := range []Hex{front[0], front[2], flank[0], flank[1]} {
		d, err = s.meleeSector(k, h)
		require.NoError(t, err)
		require.Equal(t, 2, d)
	}
	_, err = s.meleeSector(k, rc)
	require.ErrorContains(t, err, "rear")
}

// CN-11.11, CN-11.22, CN-7.3, CRE-20.13: a routed unit moves one hex per
// level toward its edge; from the edge line it leaves the map and counts
// as eliminated.
func TestRoutMovementCN1111(t *testing.T) {
	s := hill(t, "historical")
	g := s.unit("G2") // French, edge line 08, at 0507
	g.Rout = 2
	s.routUnit(g)
	require.Equal(t, 7, g.At[0].Line)
	require.Equal(t, 2, g.Rout)
	g.Rout = 3
	s.routUnit(g)
	require.Equal(t, "exited", g.Gone)
	require.Equal(t, 5, s.VP["english"]) // mail unit (CRE-20.12)
}

// CN-12.2, CN-12.3, CRE-17.21: a leader rallies a routed unit stacked
// with him; a disobeyed leader cannot; Dorio rallies only Genoese.
func TestRallyCN122(t *testing.T) {
	s := hill(t, "historical")
	g := s.unit("G1") // Dorio is stacked with it at 0502
	g.Rout = 3
	s.rally()
	require.Equal(t, 0, g.Rout)
	g.Rout = 1
	s.leader("dorio").Disobeyed = true
	s.rally()
	require.Equal(t, 1, g.Rout)
	require.False(t, s.leader("dorio").Disobeyed, "disobedience ends with the rally phase")
	l := s.unit("L1")
	require.False(t, s.mayRally(s.leader("dorio"), &Unit{ID: "X", Counter: "levy"}) && l == nil)
	require.False(t, s.mayRally(s.leader("philip"), g), "CRE-17.21: only Dorio rallies Genoese")
}

// CRE-16.42, CRE-16.43: a cannon stacked with English plate passes every
// result to it; alone, a French unit entering its hex destroys it.
func TestCannonCRE1642(t *testing.T) {
	s := hill(t, "historical")
	c := s.unit("C1")
	require.Equal(t, "E1", s.resultUnit(c).ID)
	s.unit("E1").At = []Hex{mustHex(t, "0104")}
	s.unit("G1").At = []Hex{mustHex(t, "0304")}
	s.mv = map[string]int{}
	_, err := s.moveLine("french", "move G1 0204")
	require.NoError(t, err)
	require.Equal(t, "eliminated", c.Gone)
	require.Equal(t, 22, s.VP["french"]) // the cannon (2) and King Edward, captured in its hex (20)
	require.Equal(t, "captured", s.leader("edward").Gone)
}

// CRE-16.31, CRE-16.32: wagon park hexes give +2 against the English and
// are wrecked by any French unit entering them.
func TestWagonParkCRE1631(t *testing.T) {
	s := hill(t, "historical")
	b := s.unit("B1")
	b.At = []Hex{mustHex(t, "0101")}
	d, why := s.fireDRM(b)
	require.Equal(t, 2, d, why)
	s.unit("G1").At = []Hex{mustHex(t, "0202")}
	s.mv = map[string]int{}
	_, err := s.moveLine("french", "move G1 0102")
	require.NoError(t, err)
	require.False(t, s.wagon(mustHex(t, "0102")))
	require.Equal(t, 10, s.VP["french"])
}

// CN-13.1: fatigued units moving other than toward their edge have half
// their MA.
func TestFatigueCN131(t *testing.T) {
	s := hill(t, "historical")
	s.GT = 9
	s.mv = map[string]int{}
	_, err := s.moveLine("french", "move G1 0402 0302 0202")
	require.ErrorContains(t, err, "halved by fatigue")
	_, err = s.moveLine("french", "move G2 0607")
	require.NoError(t, err)
}

// CN-6.15: a combat unit entering an enemy leader's hex captures him.
func TestCaptureCN615(t *testing.T) {
	s := hill(t, "historical")
	s.leader("prince").At = mustHex(t, "0406")
	s.mv = map[string]int{}
	_, err := s.moveLine("french", "move G2 0506 0406")
	require.NoError(t, err)
	require.Equal(t, "captured", s.leader("prince").Gone)
	require.Equal(t, 5, s.VP["french"])
}
