package richard3

import (
	"math/bits"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestR3_4_3_Setup1460 checks the 1460 setup lists.
// Rules: R3-0.1a R3-0.1b R3-0.3 R3-3.0 R3-3.25 R3-3.26 R3-4.1 R3-4.2a R3-4.3a R3-4.3b R3-4.3c R3-4.3d
// R3-4.4a R3-4.4b R3-4.4c R3-4.4d R3-4.4e R3-4.5a R3-4.6a R3-4.6b R3-3.21a R3-3.21b R3-4.5c.
func TestR3_4_3_Setup1460(t *testing.T) {
	s := newGame(t)
	require.NoError(t, s.Check())
	assert.Equal(t, Lancaster, s.King)
	assert.Equal(t, "henry_vi", blocks[s.kingBlock()].ID)
	assert.Equal(t, "york", blocks[s.pretenderBlock()].ID)
	where := func(id string) string {
		l := s.Loc[bi(id)]
		switch l {
		case locPool:
			return "pool"
		case locMinor:
			return "minor"
		case locAside:
			return "aside"
		}
		return areas[l].ID
	}
	for id, a := range map[string]string{"henry_vi": "middlesex", "somerset": "dorset", "exeter_l": "cornwall", "devon": "cornwall",
		"pembroke": "pembroke", "wiltshire": "wilts", "oxford": "essex", "beaumont": "lincoln", "clifford": "north_yorks",
		"french_mercenary": "france", "scots_mercenary": "scotland", "york": "ireland", "rutland": "ireland", "irish_mercenary": "ireland",
		"march": "calais", "warwick_y": "calais", "salisbury_y": "calais", "kent_y": "calais", "calais_mercenary": "calais",
		"burgundian_mercenary": "calais", "prince_edward": "minor", "richmond": "minor", "clarence_y": "minor", "gloucester": "minor",
		"rebel": "pool", "welsh_mercenary": "pool", "bombard_l": "pool", "canterbury_church_y": "pool", "warwick_l": "aside"} {
		assert.Equal(t, a, where(id), id)
	}
	count := func(sd Side, loc int8) int {
		n := 0
		for i := 0; i < nBlocks; i++ {
			if blocks[i].Side == sd && (s.Loc[i] == loc || (loc == 0 && onMap(s.Loc[i]))) {
				n++
			}
		}
		return n
	}
	assert.Equal(t, 11, count(Lancaster, 0))
	assert.Equal(t, 13, count(Lancaster, locPool))
	assert.Equal(t, 5, count(Lancaster, locAside))
	assert.Equal(t, 9, count(York, 0))
	assert.Equal(t, 12, count(York, locPool))
	assert.Equal(t, 8, count(York, locAside))
	assert.Equal(t, 63, nBlocks)
	// Two-version blocks: 13 identities.
	pairs := 0
	for i := 0; i < nBlocks; i++ {
		if blocks[i].Counter > i {
			pairs++
		}
	}
	assert.Equal(t, 13, pairs)
}

// TestR3_0_2_Deck checks the deck and the deal.
// Rules: R3-0.2a R3-0.2b R3-5.1a.
func TestR3_0_2_Deck(t *testing.T) {
	vals := map[int]int{}
	events := 0
	for _, c := range cards {
		if c.Event != "" {
			events++
		} else {
			vals[c.Value]++
		}
	}
	assert.Equal(t, 25, len(cards))
	assert.Equal(t, 6, events)
	assert.Equal(t, map[int]int{2: 6, 3: 7, 4: 6}, vals)
	s := newGame(t)
	assert.Equal(t, 7, bits.OnesCount32(s.Hand[0]))
	assert.Equal(t, 7, bits.OnesCount32(s.Hand[1]))
	assert.Zero(t, s.Hand[0]&s.Hand[1])
	// Hands are private.
	v := s.View(RoleYork).Text()
	assert.Contains(t, v, "YOUR HAND")
	assert.NotContains(t, v, "LANCASTER'S HAND")
}

// TestR3_1_1_PlayerOne checks who is Player 1.
// Rules: R3-1.1a R3-1.1b R3-1.1c R3-1.1d R3-5.1c R3-1.2a R3-EX.1(b).
func TestR3_1_1_PlayerOne(t *testing.T) {
	cases := []struct {
		l, y string
		p1   Side
	}{
		{"3", "3", York},                  // tie: the Pretender
		{"4", "2", Lancaster},             // higher value
		{"2", "4", York},                  //
		{"4", "Muster", York},             // an event beats any action card
		{"Surprise", "Plague", Lancaster}, // both events: higher AP
		{"Plague", "Muster", York},        // both events tied: the Pretender
	}
	for _, c := range cases {
		s := newGame(t)
		s = playCards(t, s, c.l, c.y)
		assert.Equal(t, c.p1, s.P1, "%s vs %s", c.l, c.y)
		assert.Equal(t, phAction1, s.Phase)
		assert.Equal(t, 6, bits.OnesCount32(s.Hand[0]))
	}
	// Card plays are secret until both are in.
	s := newGame(t)
	giveCard(s, Lancaster, "4")
	s2, res := play(t, s, RoleLancaster, nil, "card 4")
	assert.Empty(t, eventsText(res, RoleYork))
	assert.Len(t, s2.Prompts(), 1)
	assert.True(t, s.Prompts()[0].Secret)
	// A player must play a card he holds.
	probs := reject(t, s, RoleYork, "card 9")
	assert.NotEmpty(t, probs[0].Legal)
}

// TestR3_5_1_Mulligan plays a mulligan claim and the opponent's reply.
// Rules: R3-5.1d R3-5.1e R3-5.1f.
func TestR3_5_1_Mulligan(t *testing.T) {
	var s *State
	for seed := uint64(1); seed < 500; seed++ {
		st, err := Game{}.Setup("", nil, testdice.New(seed))
		require.NoError(t, err)
		s = st.(*State)
		if s.Phase == phMulligan && handAP(s.Hand[Lancaster]) <= 13 && handAP(s.Hand[York]) > 13 {
			break
		}
	}
	require.Equal(t, phMulligan, s.Phase)
	ps := s.Prompts()
	require.Len(t, ps, 1)
	assert.Equal(t, RoleLancaster, ps[0].Role)
	assert.Nil(t, s.Default(RoleYork))
	s, res := play(t, s, RoleLancaster, nil, "mulligan")
	assert.Contains(t, eventsText(res, RoleYork), "claims a mulligan")
	require.Equal(t, phMulliganReply, s.Phase)
	old := s.Hand[York]
	s, _ = play(t, s, RoleYork, nil, "keep")
	assert.Equal(t, old, s.Hand[York])
	assert.Equal(t, phCard, s.Phase, "only one mulligan per campaign")
	assert.Equal(t, 7, bits.OnesCount32(s.Hand[Lancaster]))
}

// TestR3_5_2_MovementExample: East Anglia reaches Essex, Middlesex,
// Rutland, Leicester and Lincoln; at most 3 cross the river into Rutland.
// Rules: R3-1.2b R3-5.2a R3-5.2b R3-5.2d R3-2.1a.
func TestR3_5_2_MovementExample(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	place(s, "henry_vi", "cornwall")
	place(s, "york", "east_anglia")
	r := s.reach(areaOf("east_anglia"), York, 1, 2, 0)
	var got []string
	for a := range r {
		got = append(got, areas[a].ID)
	}
	assert.ElementsMatch(t, []string{"essex", "middlesex", "rutland", "leicester", "lincoln"}, got)
	assert.Equal(t, byte('b'), borders[borderAt[areaOf("east_anglia")][areaOf("rutland")]].Color)
}

// TestR3_5_21_BorderLimits: five blocks from Middlesex to Oxford.
// Rules: R3-5.21a R3-5.21b R3-5.21c R3-5.21d R3-1.2e R3-5.2c.
func TestR3_5_21_BorderLimits(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	place(s, "henry_vi", "middlesex")
	place(s, "york", "ireland")
	for _, id := range []string{"oxford", "beaumont", "wiltshire", "clifford"} {
		place(s, id, "middlesex")
	}
	s = playCards(t, s, "4", "2")
	require.Equal(t, Lancaster, s.P1)
	probs := reject(t, s, RoleLancaster, "move Middlesex -> Oxford: all")
	assert.Contains(t, probs[0].Reason, "lets 4")
	// Four directly, the fifth through Leicester (a second activation of
	// the same area costs nothing extra).
	s2, res := play(t, s, RoleLancaster, nil, "move Middlesex -> Oxford: Oxford, Beaumont, Wiltshire, Clifford", "move Middlesex -> Leicester -> Oxford: Henry VI")
	assert.Equal(t, 5, s2.count(areaOf("oxford"), Lancaster))
	assert.Equal(t, []string{"move Middlesex -> Oxford: Oxford, Beaumont, Wiltshire, Clifford", "move Middlesex -> Leicester -> Oxford: Henry VI"}, res.Canonical)
	// Red borders stop movement: Lancaster -> South Yorks is red.
	s3 := newGame(t)
	clearMap(s3)
	place(s3, "henry_vi", "lancaster")
	place(s3, "york", "ireland")
	s3 = playCards(t, s3, "4", "2")
	probs = reject(t, s3, RoleLancaster, "move Lancaster -> South Yorks -> Derby: Henry VI")
	assert.Contains(t, probs[0].Reason, "red border")
	play(t, s3, RoleLancaster, nil, "move Lancaster -> South Yorks: Henry")
}

// TestR3_5_22_Pinning: the Chester example.
// Rules: R3-5.22a R3-5.22b R3-5.22c R3-5.22d R3-6.3b.
func TestR3_5_22_Pinning(t *testing.T) {
	s := newGame(t)
	clearMap(s)
	place(s, "henry_vi", "chester")
	for _, id := range []string{"oxford", "beaumont", "wiltshire", "clifford"} {
		place(s, id, "chester")
	}
	place(s, "york", "derby")
	place(s, "march", "derby")
	place(s, "rutland", "derby")
	place(s, "herbert", "warwick")
	s = playCards(t, s, "2", "4")
	require.Equal(t, York, s.P1)
	s, _ = play(t, s, RoleYork, nil, "move Derby -> Chester: all", "move Warwick -> Chester: Herbert", "main Chester from Derby")
	pins, defs := s.pinned(areaOf("chester"), Lancaster)
	assert.Equal(t, 3, pins)
	assert.Equal(t, 5, defs)
	probs := reject(t, s, RoleLancaster, "move Chester -> Lancaster: Oxford, Beaumont, Wiltshire")
	assert.Contains(t, probs[0].Reason, "pinned")
	probs = reject(t, s, RoleLancaster, "move Chester -> Derby: Oxford")
	assert.Contains(t, probs[0].Reason, "border the enemy used")
	s, _ = play(t, s, RoleLancaster, nil, "move Chester -> Lancaster: Oxford, Beaumont", "battle all: fire")
	assert.Equal(t, 3, s.count(areaOf("chester"), Lancaster)+boolInt(s.Phase == phBattle)*0)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestR3_5_3_SeaMoves checks sea zones, ports, exiles and estuaries.
// Rules: R3-5.3a R3-5.3b R3-5.3c R3-5.3d R3-5.3e R3-5.3f R3-5.3h R3-5.3i R3-5.3j R3-5.31a R3-5.31b
// R3-2.7b R3-2.7c R3-2.71 R3-2.72 R3-2.81a R3-2.81b R3-2.82b R3-2.83 R3-EX.1(c).
func TestR3_5_3_SeaMoves(t *testing.T) {
	s := newGame(t)
	s = playCards(t, s, "2", "2")
	require.Equal(t, York, s.P1)
	// Port to port: two blocks for 1 AP (Calais and East Anglia are major ports).
	s2, _ := play(t, s, RoleYork, nil, "sea Calais -> East Anglia: Warwick, Salisbury", "sea Calais -> Kent: March, Kent")
	assert.Equal(t, 2, s2.count(areaOf("kent"), York))
	probs := reject(t, s, RoleYork, "sea Ireland -> Chester: York", "sea Calais -> East Anglia: Warwick, Salisbury, Kent")
	assert.Contains(t, probs[0].Reason, "costs 2 AP")
	// Ireland is only on the Irish Sea.
	probs = reject(t, s, RoleYork, "sea Ireland -> Kent: York")
	assert.Contains(t, probs[0].Reason, "share no sea zone")
	play(t, s, RoleYork, nil, "sea Ireland -> Chester: York")
	// Hereford has no coast; France is Lancaster's exile.
	probs = reject(t, s, RoleYork, "sea Calais -> France: March")
	assert.Contains(t, probs[0].Reason, "enemy exile")
	// Sea moves may not enter enemy areas (Essex holds Oxford).
	probs = reject(t, s, RoleYork, "sea Calais -> Essex: March")
	assert.Contains(t, probs[0].Reason, "friendly or vacant")
	// Estuary: no land border Kent-Essex.
	probs = reject(t, s, RoleYork, "move Calais -> Kent: March")
	assert.Contains(t, probs[0].Reason, "no land border")
	// Scots never move by sea; Lancaster may walk out of Scotland.
	s3 := newGame(t)
	s3 = playCards(t, s3, "4", "2")
	probs = reject(t, s3, RoleLancaster, "sea Scotland -> Northumbria: Scots")
	assert.NotEmpty(t, probs)
	play(t, s3, RoleLancaster, nil, "move Scotland -> Northumbria: Scots")
	// A block that moved by sea cannot move by land.
	probs = reject(t, s, RoleYork, "sea Calais -> Kent: March", "move Kent -> Sussex: March")
	assert.NotEmpty(t, probs)
}

// TestR3_5_4_Recruit checks recruitment places and the turn example.
// Rules: R3-1.2c R3-1.2d R3-4.2b R3-5.4a R3-5.4b R3-5.4c R3-5.4d R3-5.4e R3-5.4f R3-5.4g R3-5.4h R3-5.4j R3-2.4a.
func TestR3_5_4_Recruit(t *testing.T) {
	s := newGame(t)
	s = playCards(t, s, "4", "4")
	require.Equal(t, York, s.P1)
	// Norfolk, Suffolk and the Norwich Levy all deploy in East Anglia.
	s2, res := play(t, s, RoleYork, nil, "recruit Norfolk at East Anglia", "recruit Suffolk at East Anglia", "recruit Norwich at East Anglia")
	assert.Equal(t, 3, s2.count(areaOf("east_anglia"), York))
	// Recruits are hidden from the enemy.
	assert.NotContains(t, eventsText(res, RoleLancaster), "Norfolk")
	// A recruited block cannot move.
	probs := reject(t, s, RoleYork, "recruit Norfolk at East Anglia", "move East Anglia -> Essex: Norfolk")
	assert.NotEmpty(t, probs)
	// The Bombard needs a friendly city area: vacant is not enough.
	probs = reject(t, s, RoleYork, "recruit Bombard at East Anglia")
	assert.Contains(t, probs[0].Reason, "friendly city")
	// The Rebel goes to any vacant area outside exile.
	play(t, s, RoleYork, nil, "recruit Rebel at Derby")
	probs = reject(t, s, RoleYork, "recruit Rebel at Cornwall")
	assert.NotEmpty(t, probs)
	// Too many recruits for the card.
	probs = reject(t, s, RoleYork, "recruit Norfolk at East Anglia", "recruit Suffolk at East Anglia", "recruit Norwich at East Anglia", "recruit Worcester at Rutland", "recruit Hastings at Leicester")
	assert.Contains(t, probs[len(probs)-1].Reason, "action points")
	// Lancaster: Northumberland and the Newcastle Levy in Northumbria; the
	// Welsh in Wales.
	s3, _ := play(t, s2, RoleLancaster, nil, "recruit Northumberland at Northumbria", "recruit Newcastle Levy at Northumberland", "recruit Welsh at Powys")
	assert.Equal(t, 2, s3.count(areaOf("northumbria"), Lancaster))
}

// TestR3_EX1_GameTurnExample plays the rulebook's example game turn.
// Rules: R3-EX.1 R3-1.2e R3-5.31c R3-7.1b R3-1.4.
func TestR3_EX1_GameTurnExample(t *testing.T) {
	s := newGame(t)
	s = playCards(t, s, "3", "3")
	require.Equal(t, York, s.P1, "a tie makes the Pretender Player 1")
	s, _ = play(t, s, RoleYork, nil, "sea Calais -> East Anglia: Warwick, Salisbury", "recruit Norfolk at East Anglia", "recruit Norwich Levy at East Anglia")
	s, res := play(t, s, RoleLancaster, nil, "move Essex -> Middlesex: Oxford", "move Lincoln -> Leicester -> Middlesex: Beaumont", "recruit Bombard at Middlesex")
	assert.Equal(t, 4, s.count(areaOf("middlesex"), Lancaster))
	assert.Equal(t, 4, s.count(areaOf("east_anglia"), York))
	// No battles, no supply losses: the next turn's card phase.
	assert.Equal(t, phCard, s.Phase)
	assert.Equal(t, 2, s.Turn)
	assert.Equal(t, 2, s.Epoch)
	assert.NotContains(t, eventsText(res, adjudicator.GM), "over its limit")
}
