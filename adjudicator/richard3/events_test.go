package richard3

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestR3_EV1_Surprise: border limits +1; a sea move is allowed.
// Rules: R3-EV.1 R3-5.1b R3-EV.1 A27.
func TestR3_EV1_Surprise(t *testing.T) {
	s := battleSetup(t)
	for _, id := range []string{"oxford", "beaumont", "wiltshire", "clifford", "devon"} {
		place(s, id, "middlesex")
	}
	s = playCards(t, s, "Surprise", "2")
	require.Equal(t, Lancaster, s.P1)
	play(t, s, RoleLancaster, nil, "move Middlesex -> Oxford: all")
	probs := reject(t, s, RoleLancaster, "recruit Bristol Levy at Somerset")
	assert.Contains(t, probs[0].Reason, "only for its event")
	probs = reject(t, s, RoleLancaster, "move Middlesex -> Oxford: Oxford", "move Cornwall -> Dorset: Henry VI")
	assert.NotEmpty(t, probs, "Surprise moves one group")
}

// TestR3_EV2_ForceMarch: three areas, may attack, no sea moves.
// Rules: R3-EV.2 R3-A34.
func TestR3_EV2_ForceMarch(t *testing.T) {
	s := battleSetup(t)
	place(s, "oxford", "essex")
	s = playCards(t, s, "Force March", "2")
	play(t, s, RoleLancaster, nil, "move Cornwall -> Somerset -> Wilts -> Sussex: Henry VI")
	probs := reject(t, s, RoleLancaster, "sea Cornwall -> Sussex: Henry VI")
	assert.Contains(t, probs[0].Reason, "no sea moves")
}

// TestR3_EV3_Muster: every move ends in the Muster area, from any areas.
// Rules: R3-EV.3 R3-A4.
func TestR3_EV3_Muster(t *testing.T) {
	s := battleSetup(t)
	place(s, "oxford", "essex")
	place(s, "beaumont", "lincoln")
	place(s, "clifford", "wilts")
	s = playCards(t, s, "Muster", "2")
	s2, _ := play(t, s, RoleLancaster, nil, "muster Middlesex", "move Essex -> Middlesex: Oxford", "move Lincoln -> Leicester -> Middlesex: Beaumont", "move Wilts -> Sussex -> Middlesex: Clifford")
	assert.Equal(t, 3, s2.count(areaOf("middlesex"), Lancaster))
	probs := reject(t, s, RoleLancaster, "muster Middlesex", "move Essex -> East Anglia: Oxford")
	assert.Contains(t, probs[0].Reason, "Muster area")
}

// TestR3_EV4_Piracy: sea moves only, one block per AP, attacks allowed;
// pirates retreat only by sea.
// Rules: R3-EV.4 R3-A5 R3-5.3g.
func TestR3_EV4_Piracy(t *testing.T) {
	s := newGame(t)
	s = playCards(t, s, "2", "Piracy")
	require.Equal(t, York, s.P1)
	probs := reject(t, s, RoleYork, "move Calais -> Kent: March")
	assert.NotEmpty(t, probs)
	probs = reject(t, s, RoleYork, "sea Calais -> Kent: March, Warwick, Kent")
	assert.Contains(t, probs[0].Reason, "costs 3 AP")
	s, _ = play(t, s, RoleYork, nil, "sea Calais -> Essex: March, Warwick", "battle Essex: ask")
	assert.Equal(t, York, s.Fronts[areaOf("essex")].Att)
	s, _ = play(t, s, RoleLancaster, nil, "pass")
	require.Equal(t, phBattle, s.Phase)
	h := &hooks{s: s}
	s.Battle.Round = 2
	opts := h.RetreatOptions(s.Battle, s.Battle.Block("march"), false)
	for _, o := range opts {
		assert.NotZero(t, areas[areaByName[o]].Seas&seaNorth, o)
	}
	assert.Contains(t, opts, "Calais")
}

// TestR3_EV5_Treason: a treachery roll before the battle, no King needed.
// Rules: R3-EV.5 R3-A2 R3-6.9e.
func TestR3_EV5_Treason(t *testing.T) {
	s := battleSetup(t)
	place(s, "stanley_l", "derby")
	place(s, "herbert", "chester")
	s.Loc[bi("stanley_y")] = locAside
	s = playCards(t, s, "2", "Treason")
	require.Equal(t, York, s.P1)
	s, _ = play(t, s, RoleYork, nil, "move Chester -> Derby: Herbert", "treason Derby")
	d := &testdice.Script{Rolls: []int{4}, Fallback: testdice.New(5)}
	s, res := play(t, s, RoleLancaster, d, "pass")
	assert.Contains(t, eventsText(res, RoleLancaster), "The Treason card tries treachery on Stanley (loyalty 1): 4 → Stanley defects to york")
	assert.Equal(t, York, s.owner(bi("stanley_y")))
	assert.Equal(t, int8(areaOf("derby")), s.Loc[bi("stanley_y")])
}

// TestR3_EV6_Plague: every enemy block in an enemy city area loses a step.
// Rules: R3-EV.6 R3-A3 R3-2.4a.
func TestR3_EV6_Plague(t *testing.T) {
	s := newGame(t)
	place(s, "oxford", "middlesex")
	s.Str[bi("oxford")] = 1
	s = playCards(t, s, "2", "Plague")
	require.Equal(t, York, s.P1)
	probs := reject(t, s, RoleYork, "plague Cornwall")
	assert.Contains(t, probs[0].Reason, "enemy-occupied city")
	s, res := play(t, s, RoleYork, nil, "plague London")
	assert.Equal(t, int8(3), s.Str[bi("henry_vi")])
	assert.Equal(t, locDead, s.Loc[bi("oxford")])
	assert.NotContains(t, eventsText(res, RoleYork), "Oxford", "the enemy learns only that a block died")
}

// TestR3_9_1_ClarenceExeter: a defected heir is a noble for his new side
// and may be executed in the Supply Phase; execution kills the heir.
// Rules: R3-9.1a R3-9.1b R3-9.1c R3-9.1d R3-9.1e R3-A29 R3-A30.
func TestR3_9_1_ClarenceExeter(t *testing.T) {
	s := newGame(t)
	s.Loc[bi("exeter_l")] = locAside
	place(s, "exeter_y", "cornwall")
	s.Loc[bi("devon")] = int8(areaOf("dorset"))
	assert.Equal(t, 5, s.heirsLeft(Lancaster), "a defected heir is not dead")
	assert.Equal(t, 1, s.usurpCount(York), "he counts as a York noble")
	var ev []adjudicator.Event
	toSupply(s)
	s.startSupply(&ev)
	require.True(t, s.owes(York))
	assert.Contains(t, s.Prompts()[0].Choices, "execute Exeter")
	s, _ = play(t, s, RoleYork, nil, "execute Exeter")
	assert.Equal(t, locDead, s.Loc[bi("exeter_l")])
	assert.Equal(t, int8(1), s.Entering[Lancaster], "execution counts as a death (6.82)")
	assert.Equal(t, 4, s.heirsLeft(Lancaster))
}

// TestEncodeDecode: states survive a round trip byte for byte.
func TestEncodeDecode(t *testing.T) {
	playRandom(t, 11, "", false, func(s *State, _ *adjudicator.Result) {
		b, err := s.Encode()
		require.NoError(t, err)
		st, err := Game{}.Decode(b)
		require.NoError(t, err)
		b2, err := st.Encode()
		require.NoError(t, err)
		require.Equal(t, string(b), string(b2))
		require.True(t, json.Valid(b))
	})
}

// TestApplyDoesNotMutate: Apply leaves the receiver unchanged.
func TestApplyDoesNotMutate(t *testing.T) {
	pk := testdice.New(4)
	d := testdice.New(5)
	st, _ := Game{}.Setup("", nil, d)
	s := st.(*State)
	for k := 0; k < 300 && !s.Finished; k++ {
		for _, r := range []adjudicator.Role{RoleLancaster, RoleYork} {
			sub := s.RandomSubmission(r, pk.Intn)
			if sub == nil {
				continue
			}
			before, _ := s.Encode()
			ns, _, err := s.Apply(*sub, d)
			require.NoError(t, err)
			after, _ := s.Encode()
			require.Equal(t, string(before), string(after))
			s = ns.(*State)
			break
		}
	}
}

// TestRejectionAllOrNothing: one bad line rejects the whole email, with
// one problem per faulty line.
func TestRejectionAllOrNothing(t *testing.T) {
	s := newGame(t)
	s = playCards(t, s, "2", "4")
	probs := reject(t, s, RoleYork, "sea Calais -> East Anglia: Warwick, Salisbury", "move Ireland -> Kent: York", "recruit Hastings at Middlesex", "fly away")
	require.Len(t, probs, 3)
	assert.Equal(t, 2, probs[0].Line.No)
	assert.Equal(t, 3, probs[1].Line.No)
	assert.Equal(t, 4, probs[2].Line.No)
	assert.NotEmpty(t, probs[1].Legal)
	// Lancaster owes nothing while York acts.
	probs = reject(t, s, RoleLancaster, "pass")
	assert.Contains(t, probs[0].Reason, "owe no orders")
}

// TestFogOfWar plays random games and checks that nothing a role sees
// (views, prompts, events, rejections) names an enemy block it cannot see.
// Rules: R3-3.0b R3-4.2a R3-5.4a R3-6.1b R3-A33.
func TestFogOfWar(t *testing.T) {
	n := 8
	if testing.Short() {
		n = 3
	}
	for seed := uint64(100); seed < uint64(100+n); seed++ {
		var prev *State
		playRandom(t, seed, "", false, func(s *State, res *adjudicator.Result) {
			for _, r := range []adjudicator.Role{RoleLancaster, RoleYork} {
				sd := sideOfRole(r)
				hidden := hiddenNames(s, prev, sd)
				var texts []string
				texts = append(texts, s.View(r).Text())
				for _, p := range s.Prompts() {
					if p.Role == r {
						texts = append(texts, p.Text, strings.Join(p.Choices, "\n"), strings.Join(p.Template, "\n"))
					}
				}
				for _, e := range res.Events {
					if e.VisibleTo(r) && !strings.HasPrefix(e.Text, "BATTLE OF") && !battleLine(e.Text) {
						texts = append(texts, e.Text)
					}
				}
				if s.owes(sd) && (s.Phase == phAction1 || s.Phase == phAction2 || s.Phase == phSupply) {
					// Probe rejections with orders that name enemy blocks.
					var probe []adjudicator.Line
					for i := 0; i < nBlocks && len(probe) < 6; i++ {
						if onMap(s.Loc[i]) && s.owner(i) != sd {
							a := areas[s.Loc[i]].Name
							probe = append(probe, adjudicator.Line{No: len(probe) + 1, Text: "move " + a + " -> " + a + ": " + blocks[i].Name},
								adjudicator.Line{No: len(probe) + 2, Text: "recruit " + blocks[i].Name + " at " + a},
								adjudicator.Line{No: len(probe) + 3, Text: "lose " + a + ": " + blocks[i].Name})
						}
					}
					_, _, err := s.Apply(adjudicator.Submission{Role: r, Lines: probe}, testdice.New(1))
					if rej, ok := err.(*adjudicator.Rejection); ok {
						for _, p := range rej.Problems {
							texts = append(texts, quoted.ReplaceAllString(p.Reason, `""`), strings.Join(p.Legal, "\n"))
						}
					}
				}
				for _, txt := range texts {
					txt = stripAreas(txt)
					for _, re := range hidden {
						if loc := re.FindStringIndex(txt); loc != nil {
							t.Fatalf("seed %d: %s sees hidden enemy block %q in:\n%s", seed, r, re.String(), txt)
						}
					}
				}
			}
			prev = s
		})
	}
}

// battleLine reports narrative lines of a battle, where every block is
// revealed (6.1).
func battleLine(t string) bool {
	return strings.Contains(t, "→") || strings.HasPrefix(strings.TrimSpace(t), "Round") || strings.Contains(t, "wins the battle") ||
		strings.Contains(t, "retreats") || strings.Contains(t, "regroups") || strings.Contains(t, "passes") ||
		strings.Contains(t, "reserves arrive") || strings.Contains(t, "cannot retreat") || strings.Contains(t, "defends and")
}

// hiddenNames returns patterns for the names of enemy blocks that sd
// cannot see now: not in a battle in progress; heirs are public.
func hiddenNames(s, prev *State, sd Side) []*regexp.Regexp {
	own := map[string]bool{}
	for i := 0; i < nBlocks; i++ {
		if s.owner(i) == sd && (onMap(s.Loc[i]) || s.Loc[i] == locPool || s.Loc[i] == locDown || s.Loc[i] == locMinor) {
			own[blocks[i].Name] = true
		}
	}
	if prev != nil {
		// A block sd held before this submission may have defected in a
		// battle it fought: sd's own earlier orders (moves in the same
		// email) still name it.
		for i := 0; i < nBlocks; i++ {
			if prev.owner(i) == sd && onMap(prev.Loc[i]) {
				own[blocks[i].Name] = true
			}
		}
	}
	var out []*regexp.Regexp
	seen := map[string]bool{}
	for i := 0; i < nBlocks; i++ {
		if s.owner(i) == sd || !onMap(s.Loc[i]) || blocks[i].Type == tHeir || blocks[i].HeirOf != NoSide {
			continue // heirs' positions are public (6.81, 8.3/8.4 announcements)
		}
		if s.Battle != nil && int(s.BArea) == int(s.Loc[i]) {
			continue
		}
		name := blocks[i].Name
		if own[name] || seen[name] {
			continue // the same name is also one of sd's own blocks
		}
		seen[name] = true
		out = append(out, regexp.MustCompile(`\b`+regexp.QuoteMeta(name)+`\b`))
	}
	return out
}

// areaContext matches area names where they are used as areas.
var areaContext *regexp.Regexp

// quoted matches the player's own words echoed in a reason.
var quoted = regexp.MustCompile(`"[^"]*"`)

func buildAreaContext() *regexp.Regexp {
	var alts []string
	for _, a := range areas {
		alts = append(alts, regexp.QuoteMeta(a.Name))
	}
	names := "(?:" + strings.Join(alts, "|") + ")"
	return regexp.MustCompile(`(?m)(?:(?:->|at|in|to|from|of|OF|Battle of)\s+` + names + `)|(?:` + names + `(?:\s+(?:\d|->)|\s*[:,.;)]))|(?:` + names + `\s*$)|(?:^` + names + `\s)|(?:` + names + ` ·)`)
}

func stripAreas(t string) string {
	if areaContext == nil {
		areaContext = buildAreaContext()
	}
	return areaContext.ReplaceAllString(t, " ")
}

// TestGarbageOrders: odd input is rejected with a reason, never a panic.
func TestGarbageOrders(t *testing.T) {
	words := []string{"move", "sea", "recruit", "battle", "hits", "regroup", "main", "battles", "card", "place", "lose", "home",
		"execute", "plague", "muster", "treason", "fire", "retreat", "charge", "treachery", "->", ":", "all", "Kent", "York",
		"Warwick", "Calais", "London", "to", "at", "from", ",", ";", "3", "Surprise", "pass", "keep", "mulligan", "if", "weaker", "ask", ""}
	pk := testdice.New(77)
	n := 0
	playRandom(t, 21, "", false, func(s *State, _ *adjudicator.Result) {
		for _, r := range []adjudicator.Role{RoleLancaster, RoleYork} {
			if !s.owes(sideOfRole(r)) {
				continue
			}
			for k := 0; k < 3; k++ {
				var ls []adjudicator.Line
				for l := 0; l < 1+pk.Intn(3); l++ {
					var ws []string
					for w := 0; w < 1+pk.Intn(7); w++ {
						ws = append(ws, words[pk.Intn(len(words))])
					}
					ls = append(ls, adjudicator.Line{No: l + 1, Text: strings.Join(ws, " ")})
				}
				before, _ := s.Encode()
				_, _, err := s.Apply(adjudicator.Submission{Role: r, Lines: ls}, testdice.New(uint64(n)))
				n++
				after, _ := s.Encode()
				require.Equal(t, string(before), string(after))
				if err != nil {
					_, ok := err.(*adjudicator.Rejection)
					require.True(t, ok, "%T %v", err, err)
				}
			}
		}
	})
}
