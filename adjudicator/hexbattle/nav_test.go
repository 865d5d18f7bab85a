package hexbattle

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// ford starts the invented Navarrete-rules test pack and, unless raw,
// finishes its set-up with the pack's modes.
func ford(t *testing.T, raw bool) *St {
	st, err := Game{}.Setup("ford/najera", nil, testdice.New(1))
	require.NoError(t, err)
	s := st.(*St)
	if raw {
		return s
	}
	s = apply(t, s, nil, "english", "done")
	return apply(t, s, nil, "castilian", "done")
}

func lastEvent(s *St) string {
	if len(s.ev) == 0 {
		return ""
	}
	return s.ev[len(s.ev)-1].Text
}

// NAV-16.1: each player secretly writes down his plate units' starting
// modes; the other side sees nothing of them until both are in; plate
// never changes mode afterwards and infantry gets no lance (NAV-15.1c,
// CRE-15.1b).
// NAV-15.1d: the Castilian player moves first.
func TestSecretPlateModesNAV161(t *testing.T) {
	s := ford(t, true)
	require.Equal(t, phSetup, s.Phase)
	require.True(t, promptFor(s, "english").Secret)
	require.Contains(t, promptFor(s, "english").Choices, "mode EP2 cavalry")
	require.NotContains(t, promptFor(s, "english").Choices, "mode LB1 melee", "only plate picks its mode before play")
	s = apply(t, s, nil, "english", "mode EP1 infantry", "mode EP2 cavalry")
	v := s.View("castilian").Text()
	for _, l := range strings.Split(v, "\n") {
		if strings.HasPrefix(l, "EP1 ") || strings.HasPrefix(l, "EP2 ") {
			require.Contains(t, l, "mode chosen in secret")
			require.NotContains(t, l, "cavalry")
			require.NotContains(t, l, "infantry")
		}
	}
	require.Contains(t, s.View("english").Text(), "mode EP2 cavalry", "the English see their own set-up")
	n, res, err := s.Apply(sub("castilian", "mode CP1 infantry"), testdice.New(1))
	require.NoError(t, err)
	s = n.(*St)
	require.Contains(t, events(res), "english sets up EP2 at 0206, cavalry")
	require.Equal(t, "infantry", s.unit("EP1").Face)
	require.False(t, s.unit("EP1").Lance, "NAV-15.1c: no lance on plate starting as infantry")
	require.True(t, s.unit("EP2").Lance)
	require.Equal(t, []adjudicator.Role{"castilian"}, s.Owing(), "NAV-15.1d")
	rejected(t, s, "castilian", "may not change mode once play has begun (NAV-16.1", "mode FR2 cavalry")
}

// NAV-16.22: a longbow fires only within two hexes of a plate unit of its
// own designation. NAV-16.21: a fire-mode longbow attacked in melee gives
// the attacker the pack's DRM. NAV-16.3b: an English crossbow only within two hexes of
// the Captal.
func TestLongbowNearPlateNAV1622(t *testing.T) {
	s := ford(t, false)
	require.NoError(t, s.mayFire(s.unit("LB1"))) // EP1, wing prince, at 0203
	s.unit("EP1").At = []Hex{mustHex(t, "0208")}
	require.ErrorContains(t, s.mayFire(s.unit("LB1")), "NAV-16.22")
	s.unit("EP2").At = []Hex{mustHex(t, "0303")}
	s.unit("LB1").At = []Hex{mustHex(t, "0403")}
	require.ErrorContains(t, s.mayFire(s.unit("LB1")), "within two hexes", "EP2 is of another wing")
	cx := s.unit("CX2")
	cx.Face = "melee"
	cx.At = []Hex{mustHex(t, "0403")}
	s.melee(cx, s.unit("LB1"), testdice.New(1))
	require.Contains(t, strings.Join(evTexts(s), "\n"), "longbow in fire mode (NAV-16.21)")
	require.NoError(t, s.mayFire(s.unit("XB1"))) // the Captal at 0204
	s.unit("CAPTAL").At = []Hex{mustHex(t, "0108")}
	require.ErrorContains(t, s.mayFire(s.unit("XB1")), "NAV-16.3b")
}

// NAV-16.3a: changing a crossbow's mode takes its whole MA; fire-mode
// crossbows do not start melees.
func TestCrossbowModeNAV163a(t *testing.T) {
	s := ford(t, false)
	rejected(t, s, "castilian", "changing its mode takes its whole MA", "move CX1 0602", "mode CX1 melee")
	rejected(t, s, "castilian", "already moved", "mode CX1 melee", "move CX1 0602")
	n := apply(t, s, nil, "castilian", "mode CX1 melee")
	require.Equal(t, "melee", n.unit("CX1").Face)
	require.False(t, s.face(s.unit("CX2")).Attack, "a fire-mode crossbow may not start a melee")
}

// NAV-16.4: the jinetes both fire and start melees in the same turn.
func TestLightHorseNAV164(t *testing.T) {
	s := ford(t, false)
	f := s.face(s.unit("JN1"))
	require.NotEmpty(t, f.Weapon)
	require.True(t, f.Attack)
}

// NAV-17.1: Du Guesclin adds 1 to the morale roll of a French unit he is
// stacked with, not to other Castilians. CN-10.31 (the seed's example): a
// unit at rout level 2 subtracts 2.
func TestDuGuesclinNAV171(t *testing.T) {
	s := ford(t, false)
	s.moraleCheck(s.unit("FR1"), 0, "test", testdice.New(4)) // Du Guesclin at 0806
	require.Regexp(t, `FR1 rolls \d\+1`, lastEvent(s))
	s.leader("guesclin").At = mustHex(t, "0705")
	s.moraleCheck(s.unit("CX2"), 0, "test", testdice.New(4))
	require.Regexp(t, `CX2 rolls \d\+0`, lastEvent(s))
	fr := s.unit("FR2")
	fr.Rout = 2
	s.moraleCheck(fr, 0, "test", testdice.New(4))
	require.Regexp(t, `FR2 rolls \d-2`, s.ev[len(s.ev)-1].Text+s.ev[max(0, len(s.ev)-2)].Text)
}

// NAV-17.2: Pedro the Cruel rallies only the unit designated Pedro.
func TestPedroNAV172(t *testing.T) {
	s := ford(t, false)
	p := s.leader("pedro")
	require.True(t, s.mayRally(p, s.unit("PU")))
	require.False(t, s.mayRally(p, s.unit("EP2")))
	require.True(t, s.mayRally(s.leader("prince"), s.unit("EP2")))
}

// NAV-18.0a: no unit enters the river except in rout; NAV-18.0b: a unit
// routing into it drowns and scores nothing; NAV-15.22: Castilians rout
// toward the last hex line.
func TestRiverNAV180(t *testing.T) {
	s := ford(t, false)
	s.unit("JN1").At = []Hex{mustHex(t, "0808")}
	rejected(t, s, "castilian", "only routing units enter it (NAV-18.0a)", "move JN1 0908")
	j := s.unit("CX1")
	j.At = []Hex{mustHex(t, "0805")}
	j.Rout = 1
	s.routUnit(j)
	require.Equal(t, "drowned", j.Gone)
	require.Equal(t, 0, s.VP["english"], "NAV-18.0b: drowned units score nothing")
	// NAV-15.21: the English rout toward line 01
	e := s.unit("LB1")
	e.Rout = 1
	s.routUnit(e)
	require.Equal(t, 2, e.At[0].Line)
}

// NAV-18.0c, NAV-18.0d: the bridge hex is clear; English units never
// enter it; Castilian A-rated units only in rout.
func TestBridgeNAV180d(t *testing.T) {
	s := ford(t, false)
	br := mustHex(t, "0904")
	require.True(t, s.terrain(br).Clear)
	require.Equal(t, 1, s.terrain(br).Cost)
	require.ErrorContains(t, s.passable(s.unit("EP1"), br, false), "NAV-18.0d")
	require.ErrorContains(t, s.passable(s.unit("EP1"), br, true), "NAV-18.0d")
	require.ErrorContains(t, s.passable(s.unit("FR1"), br, false), "NAV-18.0d")
	require.NoError(t, s.passable(s.unit("FR1"), br, true))
	require.NoError(t, s.passable(s.unit("CX1"), br, false))
}

// NAV-19.0, NAV-19.1, NAV-19.2a, NAV-19.2b: VP for losses; at the end
// routed Castilians and those south of a road hex count as eliminated;
// the English win only with more than 20 (ruling AMB-46).
func TestVictoryNAV190(t *testing.T) {
	s := ford(t, false)
	s.lose(s.unit("FR2"), "eliminated")
	require.Equal(t, 5, s.VP["english"], "NAV-19.2a: French have their own value")
	s.lose(s.unit("PU"), "eliminated")
	require.Equal(t, 2, s.VP["castilian"])
	s.unit("CX1").Rout = 1                         // routed: counts
	require.True(t, s.southOfRoad(s.unit("FR1")))  // 0806, road at 0706
	require.False(t, s.southOfRoad(s.unit("CX2"))) // 0705 is the road itself
	s.VP["english"] = 12                           // 12 + CX1 1 + FR1 5 + CP1? no
	s.finish()
	require.Contains(t, s.Result, "Castilian victory")
	require.Equal(t, 12+1+5, s.VP["english"])
	s2 := ford(t, false)
	s2.VP["english"] = 17 + 2 // +1 +5 at the end = 25, minus 2 = 23 > 20
	s2.unit("CX1").Rout = 1
	s2.VP["castilian"] = 2
	s2.finish()
	require.Equal(t, "english", s2.Winner)
}
