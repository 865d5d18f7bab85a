package hereistand

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// afterTheses is the 1517 game right after Luther's 95 Theses was played,
// with its five attempts owed.
func afterTheses(t *testing.T) *St {
	t.Helper()
	s := newGame(t, 1)
	s, _ = submit(t, s, Protestant, testdice.New(1), "play 95 theses")
	return s
}

// HIS-18.1b, HIS-18.1c, HIS-21.6c: Luther enters Wittenberg, which turns
// Protestant with its 2 regulars, and the Protestant owes 5 Reformation
// attempts in German spaces, chosen one at a time.
// Also exercises HIS-8.1a, HIS-18.3a, HIS-18.3d, HIS-18.3e, HIS-18.3i,
// HIS-18.3k (see the coverage document).
func TestHIS18_1c_NinetyFiveTheses(t *testing.T) {
	s := afterTheses(t)
	w := sp(t, "wittenberg")
	require.True(t, s.Protestant(w))
	require.True(t, s.reformerAt(w))
	require.Equal(t, uint8(2), s.Units[w][Protestant].Reg)
	require.Equal(t, uint8(0), s.Display[electorateIndex(w)])
	require.Equal(t, PhLuther, s.Phase)
	pr := s.Prompts()
	require.Len(t, pr, 1)
	require.Equal(t, "target", pr[0].Kind)
	require.Contains(t, pr[0].Text, "Luther's 95 Theses: 5 left, target zone German")
	require.Contains(t, pr[0].Choices, "target Magdeburg")
	require.NotContains(t, pr[0].Choices, "target Vienna") // not adjacent to a Protestant space
	// Magdeburg: 2 dice (Wittenberg with its stack... see TestHIS18_3n) +1:
	// a 6 is an automatic success in the German zone.
	s, _ = submit(t, s, Protestant, &testdice.Script{Rolls: []int{6, 1, 1, 1, 1, 1}}, "target magdeburg")
	require.True(t, s.Protestant(sp(t, "magdeburg")))
	require.Equal(t, 4, s.Rel.Pending.N)
	// A failed attempt: the Papacy wins the tie outside the target zone.
	before := s.ProtestantSpaces()
	s, _ = submit(t, s, Protestant, &testdice.Script{Rolls: []int{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}, "target breslau")
	require.False(t, s.Protestant(sp(t, "breslau")))
	require.Equal(t, before, s.ProtestantSpaces())
	// One attempt per space per impulse (HIS-18.3d).
	require.NotContains(t, s.targetChoices(), "target Breslau")
	// The rest in one submission, one line or a list; then the turn goes on.
	require.Equal(t, []adjudicator.Line{{No: 1, Text: "target leipzig"}, {No: 2, Text: "Flip lubeck"}, {No: 2, Text: "Flip stettin"}},
		splitTargetLists([]adjudicator.Line{{No: 1, Text: "target leipzig"}, {No: 2, Text: "Flip lubeck, stettin,"}}))
	s, _ = submit(t, s, Protestant, testdice.New(5), "target leipzig", "target lubeck, stettin")
	require.Nil(t, s.Rel.Pending)
	require.NotEqual(t, PhLuther, s.Phase)
	require.NoError(t, s.Check())
}

// HIS-18.3n: the seed's example, after Brandenburg was converted and
// received its regular. The dice of both sides for each candidate.
// Also exercises HIS-18.1c, HIS-18.2a, HIS-18.2b, HIS-18.2d, HIS-18.2f,
// HIS-18.3e, HIS-18.3f, HIS-18.3g, HIS-18.3j, HIS-18.3k, HIS-18.3m,
// HIS-21.6c (see the coverage document).
func TestHIS18_3n_ReformationExample(t *testing.T) {
	s := afterTheses(t)
	r := &run{s: s, dice: testdice.New(1)}
	r.flip(sp(t, "brandenburg"), true)
	require.Equal(t, uint8(1), s.Units[sp(t, "brandenburg")][Protestant].Reg)
	const theses = 1
	for _, c := range []struct {
		space      string
		prot, cath int
		german     bool
	}{
		{"lubeck", 3, 3, true},
		{"stettin", 3, 1, true},
		{"breslau", 6, 1, false},
		// The seed counts 1 die for the Hungarian regular in Prague and none
		// for it next to Leipzig; its rules (HIS-18.2d, HIS-18.2f,
		// HIS-18.3j) count 2 in the target and 1 next to it, and so does
		// the engine (see the rulings): Prague 4 against 5, Leipzig 4 against 4.
		{"prague", 4, 5, false},
		{"leipzig", 4, 4, true},
		{"magdeburg", 6, 3, true},
	} {
		x := sp(t, c.space)
		require.True(t, s.ReformTarget(x), c.space)
		require.Equal(t, c.prot, s.protDice(x)+theses, c.space)
		require.Equal(t, c.cath, s.cathDice(x), c.space)
		require.Equal(t, c.german, spaces[x].Lang == LangGerman, c.space)
	}
	// Lubeck, 3 against 3: the Protestant wins the tie in the German zone.
	s2 := afterTheses(t)
	r2 := &run{s: s2, dice: &testdice.Script{Rolls: []int{4, 2, 1, 4, 3, 3}}}
	r2.flip(sp(t, "brandenburg"), true)
	require.True(t, r2.attempt(s2.Rel.Pending, sp(t, "lubeck")))
	// Prague, a tie outside the zone: the Papacy wins.
	r2.dice = &testdice.Script{Rolls: []int{5, 1, 1, 1, 5, 1, 1, 1, 1}}
	require.Equal(t, 4, s2.protDice(sp(t, "prague"))+s2.Rel.Pending.Dice)
	require.False(t, r2.attempt(s2.Rel.Pending, sp(t, "prague")))
	require.True(t, strings.Contains(r2.ev[len(r2.ev)-1].Text, "Prague stays Catholic"))
}

func deb(t *testing.T, id string) int {
	t.Helper()
	d, ok := debaterByID[id]
	require.True(t, ok, id)
	return d
}

// inImpulse is the game after the 95 Theses with its attempts made,
// with power p holding the impulse and cp CP to spend.
func inImpulse(t *testing.T, p, cp int) *St {
	t.Helper()
	s := afterTheses(t)
	s.Rel.Pending = nil
	s.Flow.Stack = nil
	s.Phase, s.Active = PhAction, p
	s.Flow.Card, s.Flow.CP = cards[1].Num, cp
	s.NewImpulse()
	mustCheck(t, s)
	return s
}

// HIS-18.5c-m, HIS-18.5n: the seed's debate. Eck (3) attacks with 3 + 3
// + 1 (his bonus) = 7 dice against an uncommitted Luther (4): 4 + 2 = 6
// dice; 2 hits each, a second round: Aleander (2) with 5 dice against
// Melanchthon (3) with 5; 1 hit against 2. The Protestant wins by 1, not
// more than Aleander's 2 (no disgrace), and Aleander's bonus gives 2
// flips instead of 1.
// Also exercises HIS-8.2h, HIS-18.2h, HIS-18.5a, HIS-18.5b, HIS-18.5d,
// HIS-18.5f, HIS-18.5g, HIS-18.5h, HIS-18.5i, HIS-18.5k (see the coverage
// document).
func TestHIS18_5n_DebateExample(t *testing.T) {
	s := inImpulse(t, Papacy, 0)
	noHereIStand(s) // no Here I Stand window (respond_test.go)
	s.Rel.Debater[deb(t, "carlstadt")] = DebCommitted
	dice := &testdice.Script{Rolls: []int{
		5, 6, 1, 1, 1, 1, 1, // Eck: 7 dice, 2 hits
		5, 6, 1, 1, 1, 1, // Luther: 6 dice, 2 hits
		2,             // the Papal draw among Campeggio, Aleander, Tetzel, Cajetan
		1,             // the Protestant draw among Melanchthon and Bucer
		5, 1, 1, 1, 1, // Aleander: 5 dice, 1 hit
		5, 6, 1, 1, 1, // Melanchthon: 5 dice, 2 hits
	}}
	r := &run{s: s, dice: dice}
	vp := s.VP(Protestant)
	r.debate(Papacy, LangGerman, false, deb(t, "eck"), deb(t, "luther"))
	require.Empty(t, dice.Rolls)
	var text []string
	for _, e := range r.ev {
		text = append(text, e.Text)
	}
	all := strings.Join(text, "\n")
	require.Contains(t, all, "Round 1: Eck rolls 7 dice [5 6 1 1 1 1 1]: 2 hits; Luther rolls 6 dice [5 6 1 1 1 1]: 2 hits.")
	require.Contains(t, all, "Second round: Aleander (2) against Melanchthon (3).")
	require.Contains(t, all, "Protestant wins the debate by 1: 2 spaces to flip.")
	for _, id := range []string{"eck", "luther", "aleander", "melanchthon"} {
		require.Equal(t, uint8(DebCommitted), s.Rel.Debater[deb(t, id)], id)
	}
	require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[deb(t, "bucer")])
	require.Equal(t, vp, s.VP(Protestant)) // no disgrace
	a := s.Rel.Pending
	require.NotNil(t, a)
	require.True(t, a.Flip && !a.Counter && a.N == 2 && a.Power == Protestant)
	ch := s.targetChoices()
	require.Contains(t, ch, "target Magdeburg")
	n := s.ProtestantSpaces()
	s, _ = submit(t, s, Protestant, testdice.New(1), "target magdeburg", "target leipzig")
	require.Equal(t, n+2, s.ProtestantSpaces())
	require.Nil(t, s.Rel.Pending)
}

// HIS-18.5l-m: a debater beaten by more than its value is burned (VP to
// the Papacy, its reformer leaves the map) or disgraced (VP to the
// Protestant); HIS-18.5j: two tied rounds are inconclusive.
// Also exercises HIS-18.1o, HIS-18.5i, HIS-18.5m, HIS-23.2k (see the
// coverage document).
func TestHIS18_5l_BurnDisgraceInconclusive(t *testing.T) {
	s := inImpulse(t, Papacy, 0)
	noHereIStand(s) // no Here I Stand window (respond_test.go)
	r := &run{s: s, dice: &testdice.Script{Rolls: []int{
		6, 6, 6, 5, 5, 5, 1, // Eck: 7 dice, 6 hits
		1, 1, 1, 1, 1, 1, // Luther: 0 hits
	}}}
	vp := s.VP(Papacy)
	r.debate(Papacy, LangGerman, false, deb(t, "eck"), deb(t, "luther"))
	require.Equal(t, uint8(DebBurned), s.Rel.Debater[deb(t, "luther")])
	require.Equal(t, vp+4, s.VP(Papacy))
	require.False(t, s.reformerAt(sp(t, "wittenberg")))
	require.True(t, s.Rel.Pending.Counter && s.Rel.Pending.N == 6)

	s2 := inImpulse(t, Protestant, 0)
	noHereIStand(s2) // no Here I Stand window (respond_test.go)
	r2 := &run{s: s2, dice: &testdice.Script{Rolls: []int{
		6, 6, 6, 6, 6, 6, 6, // Luther: 4 + 3 = 7 dice, 7 hits
		1, 1, 1, // Tetzel: 1 + 2 = 3 dice, 0 hits
	}}}
	pvp := s2.VP(Protestant)
	r2.debate(Protestant, LangGerman, false, deb(t, "luther"), deb(t, "tetzel"))
	require.Equal(t, uint8(DebDisgraced), s2.Rel.Debater[deb(t, "tetzel")])
	require.Equal(t, pvp+1, s2.VP(Protestant))

	s3 := inImpulse(t, Protestant, 0)
	noHereIStand(s3) // no Here I Stand window (respond_test.go)
	r3 := &run{s: s3, dice: &testdice.Script{Rolls: []int{
		1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, // round 1: Luther 7 dice, Eck 5, no hits
		1, 1, // the draws: Melanchthon, Campeggio
		1, 1, 1, 1, 1, 1, 1, 1, 1, 1, // round 2: 6 and 4 dice, no hits
	}}}
	r3.debate(Protestant, LangGerman, false, deb(t, "luther"), deb(t, "eck"))
	require.Nil(t, s3.Rel.Pending)
	require.Contains(t, r3.ev[len(r3.ev)-1].Text, "inconclusive")
}

func reason(rej interface{ Error() string }) string { return rej.Error() }

// HIS-18.1i, HIS-18.3a, HIS-18.3l, HIS-18.2i-j: a treatise gives 2
// attempts in the zone named; with Carlstadt 3 German attempts whose
// failures fall into unrest; a debater bonus only once per impulse and
// only from an uncommitted debater.
// Also exercises HIS-11h, HIS-18.1j, HIS-18.2h, HIS-18.2j, HIS-18.2k,
// HIS-18.3d (see the coverage document).
func TestHIS18_1i_PublishTreatise(t *testing.T) {
	s := inImpulse(t, Protestant, 6)
	s, _ = submit(t, s, Protestant, testdice.New(1), "publish treatise german")
	require.Equal(t, 4, s.Flow.CP)
	require.Equal(t, 2, s.Rel.Pending.N)
	require.Equal(t, uint8(1<<LangGerman), s.Rel.Pending.Zones)
	refuse(t, s, Protestant, "translate german") // the attempts come first
	refuse(t, s, Protestant, "target vienna")    // not a legal target
	refuse(t, s, Protestant)                     // no answer
	s, _ = submit(t, s, Protestant, &testdice.Script{Rolls: []int{1, 1, 1, 6, 6, 6, 6, 6, 6, 6}},
		"target magdeburg", "target leipzig")
	require.Nil(t, s.Rel.Pending)
	// One attempt per space per impulse (HIS-18.3d): the next treatise
	// may not target them again.
	s, _ = submit(t, s, Protestant, testdice.New(2), "treatise german with carlstadt")
	require.Equal(t, 3, s.Rel.Pending.N)
	require.Equal(t, uint8(DebCommitted), s.Rel.Debater[deb(t, "carlstadt")])
	require.NotContains(t, s.targetChoices(), "target Magdeburg")
	require.NotContains(t, s.targetChoices(), "target Leipzig")
	// A failed German attempt with Carlstadt's bonus: unrest.
	s, _ = submit(t, s, Protestant, &testdice.Script{Rolls: []int{1, 1, 1, 6, 6, 6, 6, 6, 6, 6}}, "target brandenburg")
	require.False(t, s.Protestant(sp(t, "brandenburg")))
	require.True(t, s.InUnrest(sp(t, "brandenburg")))
	s.Rel.Pending, s.Flow.Stack = nil, nil
	rej := refuse(t, s, Protestant, "publish treatise german with bucer")
	require.Contains(t, reason(rej), "already used a debater bonus this impulse")
	s.NewImpulse()
	s.Flow.CP = 6
	rej = refuse(t, s, Protestant, "publish treatise german with carlstadt")
	require.Contains(t, reason(rej), "not an uncommitted debater")
	rej = refuse(t, s, Protestant, "publish treatise french with luther")
	require.Contains(t, reason(rej), "does not apply")
	s.Active = England
	rej = refuse(t, s, England, "publish treatise english")
	require.Contains(t, reason(rej), "Cranmer")
}

// HIS-18.1k-n: translation boxes, the debater's extra box, the New
// Testament's 6 attempts and the Full Bible's VP and +1 die.
// Also exercises HIS-11h, HIS-18.1l, HIS-18.1m, HIS-18.1n, HIS-18.2h,
// HIS-18.3a, HIS-18.3h, HIS-23.2k (see the coverage document).
func TestHIS18_1k_TranslateScripture(t *testing.T) {
	s := inImpulse(t, Protestant, 6)
	s, _ = submit(t, s, Protestant, testdice.New(1), "translate german 2 with luther")
	require.Equal(t, 3, s.Tracks.Translation[0])
	require.Equal(t, 4, s.Flow.CP)
	s, _ = submit(t, s, Protestant, testdice.New(1), "translate german 3")
	require.Equal(t, ntBoxes, s.Tracks.Translation[0])
	a := s.Rel.Pending
	require.True(t, a != nil && a.N == 6 && a.Plus == 0 && a.Source == "the New Testament")
	s.Rel.Pending, s.Flow.Stack = nil, nil
	s.Tracks.Translation[0] = ntBoxes + bibleBoxes - 1
	vp := s.VP(Protestant)
	s, _ = submit(t, s, Protestant, testdice.New(1), "translate german")
	require.Equal(t, vp+1, s.VP(Protestant))
	a = s.Rel.Pending
	require.True(t, a != nil && a.N == 6 && a.Plus == 1 && a.Source == "the Full Bible")
	s.Rel.Pending, s.Flow.Stack = nil, nil
	rej := refuse(t, s, Protestant, "translate german")
	require.Contains(t, reason(rej), "complete")
	rej = refuse(t, s, Protestant, "translate italian")
	require.Contains(t, reason(rej), "German, French and English")
}

// HIS-18.1p, HIS-18.1q, HIS-18.4a, HIS-18.4j, HIS-18.1r: St. Peter's (5 CP
// a VP, at most 5 VP), book burning with Cajetan and Tetzel, and Jesuit
// universities only after Society of Jesus, cheaper with Loyola.
// Also exercises HIS-18.2c, HIS-18.2h, HIS-18.2i, HIS-18.2j, HIS-18.4b,
// HIS-18.4c, HIS-18.4d, HIS-18.4e, HIS-23.2i (see the coverage document).
func TestHIS18_1p_PapalActions(t *testing.T) {
	s := inImpulse(t, Papacy, 6)
	vp := s.VP(Papacy)
	s, _ = submit(t, s, Papacy, testdice.New(1), "st peters 5")
	require.Equal(t, vp+1, s.VP(Papacy))
	require.Equal(t, 0, s.Tracks.StPetersCP)
	s.Tracks.StPetersVP = stPetersMaxVP
	rej := refuse(t, s, Papacy, "st peters")
	require.Contains(t, reason(rej), "St. Peter's has given")
	s.Tracks.StPetersVP = 1
	s.Flow.CP = 6
	// Burn books: Counter-Reformation attempts on Protestant spaces.
	s.Prot.set(sp(t, "leipzig"))
	s, _ = submit(t, s, Papacy, testdice.New(1), "burn books german with cajetan")
	require.Equal(t, 3, s.Rel.Pending.N)
	require.True(t, s.Rel.Pending.Counter)
	require.Contains(t, s.targetChoices(), "target Leipzig")
	s, _ = submit(t, s, Papacy, testdice.New(3), "target leipzig")
	require.Equal(t, 2, s.Rel.Pending.N)
	s.Rel.Pending, s.Flow.Stack = nil, nil
	// Tetzel adds a CP to St. Peter's for each attempt.
	s.NewImpulse()
	s.Flow.CP = 4
	cp := s.Tracks.StPetersCP
	s, _ = submit(t, s, Papacy, testdice.New(1), "burn books german with tetzel", "target wittenberg")
	require.Equal(t, cp+1, s.Tracks.StPetersCP)
	s.Rel.Pending, s.Flow.Stack = nil, nil
	s.Flow.CP = 6
	rej = refuse(t, s, Papacy, "jesuit university in vienna")
	require.Contains(t, reason(rej), "Society of Jesus")
	s.Rel.SocietyOfJesus = true
	before := s.cathDice(sp(t, "vienna"))
	s, _ = submit(t, s, Papacy, testdice.New(1), "found jesuit university in vienna")
	require.True(t, s.Rel.Jesuit.has(sp(t, "vienna")))
	require.Equal(t, 3, s.Flow.CP)
	require.Equal(t, before+2, s.cathDice(sp(t, "vienna"))) // HIS-18.2c
	s.Rel.Debater[deb(t, "loyola")] = DebUncommitted        // enters on turn 6
	s, _ = submit(t, s, Papacy, testdice.New(1), "jesuit university in linz with loyola")
	require.Equal(t, 1, s.Flow.CP)
}

// HIS-18.4i: with Leo X as Pope the Protestant wins a Counter-Reformation
// tie; with Paul III the Papacy wins it inside its target zone and a 6
// is an automatic success (HIS-18.4g).
// Also exercises HIS-18.4c, HIS-18.4d, HIS-18.4h (see the coverage
// document).
func TestHIS18_4_CounterReformationTies(t *testing.T) {
	s := inImpulse(t, Papacy, 0)
	w := sp(t, "wittenberg")
	a := &Attempts{Power: Papacy, Counter: true, N: 1, Zones: 1 << LangGerman, Debater: -1}
	n, m := s.cathDice(w), s.protDice(w)
	rolls := func(best, k, bestK, j int) []int {
		out := []int{best}
		for i := 1; i < k; i++ {
			out = append(out, 1)
		}
		out = append(out, bestK)
		for i := 1; i < j; i++ {
			out = append(out, 1)
		}
		return out
	}
	r := &run{s: s, dice: &testdice.Script{Rolls: rolls(4, n, 4, m)}}
	require.False(t, r.attempt(a, w))
	s.Ruler[Papacy] = uint8(rulerByID["paul_iii"])
	s.Rel.CTried = locSet{}
	r.dice = &testdice.Script{Rolls: rolls(4, n, 4, m)}
	require.True(t, r.attempt(a, w))
	s.Prot.set(w)
	s.Rel.CTried = locSet{}
	r.dice = &testdice.Script{Rolls: rolls(6, n, 1, 0)[:n]}
	require.True(t, r.attempt(a, w))
}

// HIS-18.1d-h: the Diet of Worms. The Protestant, the Hapsburg and the
// Papacy commit a card each in secret (no view shows it, nor the
// events); once the third is in, the cards are revealed, the Protestant
// rolls CP + 4 dice against the Catholic CP, and the winner flips the
// difference in German spaces next to its religion.
// Also exercises HIS-18.1e, HIS-18.1f, HIS-18.1g, HIS-18.1h (see the
// coverage document).
func TestHIS18_1d_DietOfWorms(t *testing.T) {
	s := afterTheses(t)
	for s.Rel.Pending != nil {
		s, _ = submit(t, s, Protestant, testdice.New(1), s.defaultLines(Protestant)...)
	}
	s, _ = submit(t, s, England, testdice.New(1), "done")
	require.Equal(t, PhDiet, s.Phase)
	require.ElementsMatch(t, []string{"hapsburg", "papacy", "protestant"}, roleStrings(s.Owing()))
	pr := s.prompt(Hapsburg)
	require.Equal(t, "diet", pr.Kind)
	card := func(p int) int {
		for _, c := range s.Hands[p] {
			if cards[c].Type != CardMandatory {
				return int(c)
			}
		}
		t.Fatalf("%s has no card for the Diet", powers[p].Name)
		return 0
	}
	hc, pc, prc := card(Hapsburg), card(Papacy), card(Protestant)
	s, res := submit(t, s, Hapsburg, testdice.New(1), "play "+strconv.Itoa(hc))
	require.NotContains(t, eventText(res, "papacy"), cards[hc].Name)
	for _, r := range []string{"papacy", "protestant", "england"} {
		require.NotContains(t, s.View(adjudicator.Role(r)).Text(), cards[hc].Name)
	}
	require.NotContains(t, roleStrings(s.Owing()), "hapsburg")
	s, _ = submit(t, s, Papacy, testdice.New(1), "play "+strconv.Itoa(pc))
	n := cards[prc].CP + 4
	m := cards[pc].CP + cards[hc].CP
	rolls := make([]int, 0, n+m)
	for i := 0; i < n; i++ {
		rolls = append(rolls, 6) // every Protestant die hits
	}
	for i := 0; i < m; i++ {
		rolls = append(rolls, 1)
	}
	s, res = submit(t, s, Protestant, &testdice.Script{Rolls: rolls}, "play "+strconv.Itoa(prc))
	require.Contains(t, eventText(res, "england"), "Diet of Worms: Protestant "+cardName(prc))
	a := s.Rel.Pending
	require.True(t, a != nil && a.Flip && a.Adj && a.N == n && a.Power == Protestant)
	for _, c := range s.targetChoices() {
		x, _ := matchSpace(strings.TrimPrefix(c, "target "))
		require.Equal(t, LangGerman, spaces[x].Lang, c)
	}
	require.Equal(t, [NMajor]uint8{}, s.Rel.Diet)
	require.False(t, containsCard(s.Hands[Hapsburg], hc))
}

func roleStrings(rs []adjudicator.Role) []string {
	var out []string
	for _, r := range rs {
		out = append(out, string(r))
	}
	return out
}

// HIS-8.2e, HIS-8.2f, HIS-8.2g, HIS-8.2h, HIS-8.2i, HIS-19.7a: the
// debaters of turn 1 start uncommitted (4 Protestant, 5 Papal); later
// ones and the reformers Zwingli and Calvin enter in their Card Draw
// Phase, the English trio only with Cranmer; Winter flips every
// committed debater back.
func TestHIS8_2_DebatersAndReformersEnter(t *testing.T) {
	s := newGame(t, 1)
	require.Len(t, s.debatersOf(Protestant, LangNone, DebUncommitted), 4)
	require.Len(t, s.debatersOf(Papacy, LangNone, DebUncommitted), 5)
	s.Turn = 4
	r := &run{s: s, dice: testdice.New(1)}
	r.religionCardDraw()
	require.True(t, s.reformerOn("zwingli") && s.reformerOn("calvin") && !s.reformerOn("cranmer"))
	require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[deb(t, "calvin")])
	require.Equal(t, uint8(DebOff), s.Rel.Debater[deb(t, "coverdale")])
	s.Rel.Reformer[reformerByID["cranmer"]] = int16(sp(t, "london"))
	r.religionCardDraw()
	require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[deb(t, "coverdale")])
	s.Rel.Debater[deb(t, "eck")] = DebCommitted
	s.Rel.Debater[deb(t, "luther")] = DebBurned
	s.Rel.PrintingPress = true
	s.religionWinter()
	require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[deb(t, "eck")])
	require.Equal(t, uint8(DebBurned), s.Rel.Debater[deb(t, "luther")])
	require.False(t, s.Rel.PrintingPress)
	mustCheck(t, s)
}

// HIS-2.3a, HIS-2.5c, HIS-18.2e, HIS-18.2f, HIS-18.2g, HIS-18.3g,
// HIS-18.4f, HIS-18.1o: Ottoman home spaces never change religion; a
// Protestant space across a pass gives no die; English units count for
// the side of England's ruler (none under Henry VIII); Printing Press
// adds a Protestant die and Augsburg Confession takes 1 from the Papal
// dice; a debate needs a Protestant debater of its zone.
// Also exercises HIS-18.3e, HIS-18.3f, HIS-18.5f (see the coverage
// document).
func TestHIS18_2_Modifiers(t *testing.T) {
	s := inImpulse(t, Papacy, 0)
	ist := sp(t, "istanbul")
	s.Prot.set(sp(t, "edirne"))
	require.False(t, s.ReformTarget(ist))
	s.Prot.clear(sp(t, "edirne"))
	// Turin is across a pass from Geneva.
	g, tu := sp(t, "geneva"), sp(t, "turin")
	before := s.protDice(tu)
	s.Prot.set(g)
	require.True(t, s.ReformTarget(tu)) // adjacency across a pass still makes a target
	require.Equal(t, before, s.protDice(tu))
	// England's units: no side under Henry VIII, Protestant under Edward VI,
	// Catholic under Mary I.
	lon := sp(t, "london")
	require.False(t, s.protestantStack(lon) || s.catholicStack(lon))
	s.Ruler[England] = uint8(rulerByID["edward_vi"])
	require.True(t, s.protestantStack(lon))
	s.Ruler[England] = uint8(rulerByID["mary_i"])
	require.True(t, s.catholicStack(lon))
	// Printing Press: one more Protestant die.
	x := sp(t, "leipzig")
	r := &run{s: s, dice: &testdice.Script{Fallback: testdice.New(1)}}
	a := &Attempts{Power: Protestant, N: 1, Zones: 1 << LangGerman, Debater: -1}
	s.Rel.PrintingPress = true
	n := s.protDice(x) + 1
	r.attempt(a, x)
	require.Contains(t, r.ev[0].Text, "the Protestant rolls "+strconv.Itoa(n)+" dice")
	// Augsburg Confession: 6s become 5s for the Papacy (no automatic
	// success even with Paul III).
	s.Ruler[Papacy] = uint8(rulerByID["paul_iii"])
	s.Rel.Augsburg = true
	w := sp(t, "wittenberg")
	ca := &Attempts{Power: Papacy, Counter: true, N: 1, Zones: 1 << LangGerman, Debater: -1}
	rolls := []int{}
	for i := 0; i < s.cathDice(w); i++ {
		rolls = append(rolls, 6)
	}
	for i := 0; i < s.protDice(w); i++ {
		rolls = append(rolls, 5)
	}
	r.dice = &testdice.Script{Rolls: rolls}
	require.True(t, r.attempt(ca, w)) // 5 against 5: Paul III wins the tie in the zone
	require.Contains(t, r.ev[len(r.ev)-2].Text, "best 5; the Protestant")
	require.Error(t, s.canDebate(Papacy, LangFrench))
	require.NoError(t, s.canDebate(Papacy, LangGerman))
}

// HIS-18.5i: the Protestant who calls a debate may name Bullinger; if
// the first round is tied he is the Protestant's second-round debater,
// before any draw of his side, and only then committed. HIS-18.5k: the
// Papacy loses with Campeggio in the deciding round and rolls to cancel.
func TestHIS18_5i_Bullinger(t *testing.T) {
	s := inImpulse(t, Protestant, 3)
	noHereIStand(s) // no Here I Stand window (respond_test.go)
	s.Turn = 3
	(&run{s: s, dice: testdice.New(1)}).religionCardDraw()
	b := deb(t, "bullinger")
	require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[b])
	r := &run{s: s, dice: &testdice.Script{Rolls: []int{
		1, 1, 1, 1, 1, 1, 1, // Luther: 7 dice, no hit
		1, 1, 1, 1, 1, // Eck: 5 dice, no hit
		1,             // the Papal draw: Campeggio
		5, 5, 1, 1, 1, // Bullinger: 2 + 3 = 5 dice, 2 hits
		1, 1, 1, 1, // Campeggio: 2 + 2 = 4 dice, no hit
		4, // Campeggio's die: the result stands
	}}}
	r.debateWith(Protestant, LangGerman, false, deb(t, "luther"), deb(t, "eck"), b)
	require.Equal(t, uint8(DebCommitted), s.Rel.Debater[b])
	require.Equal(t, 2, s.Rel.Pending.N)
	o, err := parseOrder(Protestant, "debate german with bullinger", nil)
	require.NoError(t, err)
	require.Equal(t, "debate german with Bullinger", o.canonical(Protestant))
}

// HIS-18.3f, HIS-18.3j: "show" tells a space's reformer and the dice of
// both sides when it is a target.
func TestHIS18_3f_ShowTargets(t *testing.T) {
	s := afterTheses(t)
	q, err := s.Query("papacy", "leipzig")
	require.NoError(t, err)
	require.Contains(t, q, "Reformation target: 3 Protestant dice against 4 Papal (HIS-18.3).")
	q, _ = s.Query("papacy", "wittenberg")
	require.Contains(t, q, "Reformer: Luther.")
	require.Contains(t, q, "Counter-Reformation target:")
}

// HIS-18a: the religious state survives the canonical encoding, and
// Decode refuses a damaged one.
func TestReligionEncodeDecode(t *testing.T) {
	s := afterTheses(t)
	s.Rel.Jesuit.set(sp(t, "vienna"))
	s.Rel.Debater[deb(t, "eck")] = DebCommitted
	s.Rel.SocietyOfJesus = true
	s.Tracks.Translation[2] = 7
	a, err := s.Encode()
	require.NoError(t, err)
	back, err := decode(a)
	require.NoError(t, err)
	b, _ := back.Encode()
	require.Equal(t, string(a), string(b))
	require.Equal(t, s.Rel.Pending.N, back.Rel.Pending.N)
	require.True(t, back.Rel.Jesuit.has(sp(t, "vienna")) && back.Rel.SocietyOfJesus)
	for _, c := range []struct{ old, new, want string }{
		{`["eck","committed"]`, `["eckk","committed"]`, "unknown debater"},
		{`["eck","committed"]`, `["eck","asleep"]`, "unknown debater state"},
		{`"jesuit":["vienna"]`, `"jesuit":["atlantis"]`, "unknown space"},
		{`"flags":["society_of_jesus"]`, `"flags":["printing"]`, "unknown religious flag"},
		{`["luther","wittenberg"]`, `["luther","paris"]`, "Luther in a bad place"},
		{`"source":"Luther's 95 Theses"}`, `"source":"Luther's 95 Theses"},"x":1`, "unknown field"},
	} {
		bad := strings.Replace(string(a), c.old, c.new, 1)
		require.NotEqual(t, string(a), bad, c.old)
		_, err := decode([]byte(bad))
		require.Error(t, err, c.new)
		require.Contains(t, err.Error(), c.want)
	}
	// Attempts without their decision, or the reverse.
	h := s.clone()
	h.Flow.Stack = nil
	require.ErrorContains(t, h.Check(), "pending")
	h = s.clone()
	h.Prot.set(sp(t, "istanbul"))
	require.ErrorContains(t, h.Check(), "cannot be Protestant")
}

// HIS-18.3e, HIS-18.4c: a port on a sea zone with another port of the
// attacker's religion is a target, however far; a Protestant space with
// only Protestant neighbours and no such port is not a Counter-
// Reformation target.
func TestHIS18_3e_PortTargets(t *testing.T) {
	s := afterTheses(t)
	lon, ham := sp(t, "london"), sp(t, "hamburg")
	require.False(t, s.ReformTarget(lon))
	s.Prot.set(ham)
	require.True(t, s.ReformTarget(lon))
	require.True(t, s.CounterTarget(ham)) // Catholic ports on the North Sea
	w := sp(t, "wittenberg")
	for _, e := range spaces[w].Nbr {
		s.Prot.set(int(e.To))
	}
	require.False(t, s.CounterTarget(w))
	s.Rel.Jesuit.set(w)
	require.True(t, s.CounterTarget(w))
}

// HIS-18.1j, HIS-18.2k: England publishes a treatise in the English zone
// while Cranmer is on the map; the Protestant, not England, chooses
// whether an uncommitted debater gives it a bonus, in England's impulse.
func TestHIS18_2k_ProtestantBonusForEnglishTreatise(t *testing.T) {
	s := inImpulse(t, England, 6)
	s.Rel.Reformer[reformerByID["cranmer"]] = int16(sp(t, "london"))
	latimer, carlstadt := deb(t, "latimer"), deb(t, "carlstadt")
	s.Rel.Debater[latimer] = DebUncommitted
	s.Rel.Debater[carlstadt] = DebUncommitted
	mustCheck(t, s)
	rej := refuse(t, s, England, "publish treatise english with latimer")
	require.Contains(t, reason(rej), "not a debater of England", "England commits no bonus itself")
	s, res := submit(t, s, England, testdice.New(1), "publish treatise english", "publish treatise english")
	require.Contains(t, eventText(res, "england"), "England publishes a treatise in the English zone.")
	require.Equal(t, []adjudicator.Role{"protestant"}, s.Owing(), "HIS-18.2k: the Protestant decides")
	pr := s.Prompts()[0]
	require.Equal(t, treatiseBonusText, pr.Text)
	require.Contains(t, pr.Choices, "commit latimer")
	require.Contains(t, pr.Choices, "none")
	require.NotContains(t, pr.Choices, "commit carlstadt", "Carlstadt's bonus is for German treatises")
	require.Nil(t, s.Rel.Pending, "the attempts wait for the choice")
	require.Len(t, s.Flow.Queue, 1, "England's next treatise waits")
	refuse(t, s, Protestant, "commit carlstadt")
	refuse(t, s, Protestant, "commit eck")
	refuse(t, s, England, "target london")
	s, res = submit(t, s, Protestant, testdice.New(1), "commit latimer")
	require.Contains(t, eventText(res, "papacy"), "Protestant commits Latimer for its bonus.")
	require.Equal(t, uint8(DebCommitted), s.Rel.Debater[latimer])
	a := s.Rel.Pending
	require.True(t, a != nil && a.Power == England && a.N == 2 && a.Zones == 1<<LangEnglish && a.Debater == latimer)
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing(), "England names the targets")
	mustCheck(t, s)
	// One bonus an impulse (HIS-18.2j): the second treatise asks nobody.
	c := s.clone()
	c.Rel.Pending, c.Flow.Stack = nil, nil
	r := &run{s: c, dice: testdice.New(1)}
	require.False(t, r.askTreatiseBonus())
	// Declining: the attempts start without a bonus.
	s2 := inImpulse(t, England, 6)
	s2.Rel.Reformer[reformerByID["cranmer"]] = int16(sp(t, "london"))
	s2.Rel.Debater[latimer] = DebUncommitted
	s2, _ = submit(t, s2, England, testdice.New(1), "publish treatise english")
	s2, _ = submit(t, s2, Protestant, testdice.New(1), "none")
	require.Equal(t, uint8(DebUncommitted), s2.Rel.Debater[latimer])
	require.True(t, s2.Rel.Pending != nil && s2.Rel.Pending.Debater == -1)
	mustCheck(t, s2)
}

// HIS-18.2k for an event: when another power plays an event that gives
// the Protestant Reformation attempts, the Protestant chooses whether a
// debater gives them its bonus before its first target; playing the card
// itself, it names the debater on the play line.
func TestHIS18_2k_BonusForAnotherPowersEvent(t *testing.T) {
	bucer := deb(t, "bucer")
	s := englandImpulse(t, 2, 85) // Katherina Bora: Luther committed, 5 attempts
	s.Rel.Debater[bucer] = DebUncommitted
	mustCheck(t, s)
	s, res := submit(t, s, England, testdice.New(1), "play 85 for event")
	readsAll(t, s, res)
	require.Equal(t, []adjudicator.Role{"protestant"}, s.Owing())
	pr := s.Prompts()[0]
	require.Equal(t, "event-choice", pr.Kind)
	require.Contains(t, pr.Text, "gives Protestant attempts (HIS-18.2k)")
	require.NotNil(t, pr.TextMsg)
	require.Contains(t, pr.Choices, "commit bucer")
	require.NotContains(t, pr.Choices, "commit luther", "Luther is committed by the card")
	refuse(t, s, Protestant, "commit eck")
	s, res = submit(t, s, Protestant, testdice.New(1), "commit bucer")
	readsAll(t, s, res)
	require.Equal(t, bucer, s.Rel.Pending.Debater)
	require.Equal(t, uint8(DebCommitted), s.Rel.Debater[bucer])
	require.NotZero(t, s.Rel.BonusUsed&bonusBit(Protestant))
	onlyPrompt(t, s, "protestant", "target", "target Breslau")

	// The Protestant playing the card names the debater on the play line.
	p := inImpulse(t, Protestant, 0)
	p.Turn = 2
	p.Flow.Card = 0
	deal(p, Protestant, 85)
	p.Rel.Debater[bucer] = DebUncommitted
	mustCheck(t, p)
	rej := refuse(t, p, Protestant, "play 85 for event: with eck")
	require.NotEmpty(t, rej.Problems)
	p, _ = submit(t, p, Protestant, testdice.New(1), "play 85 for event: with bucer")
	require.Equal(t, bucer, p.Rel.Pending.Debater)
	// Another power's line may not name the Protestant's debater.
	e := englandImpulse(t, 2, 85)
	e.Rel.Debater[bucer] = DebUncommitted
	refuse(t, e, England, "play 85 for event: with bucer")
}

// powerPlays is a game in power p's impulse of turn `turn`, before its
// card, holding the cards given, with the debaters given uncommitted.
func powerPlays(t *testing.T, p, turn int, hand []uint8, uncommitted ...string) *St {
	t.Helper()
	s := inImpulse(t, p, 0)
	s.Turn = turn
	s.Flow.Card = 0
	deal(s, p, hand...)
	for _, id := range uncommitted {
		s.Rel.Debater[deb(t, id)] = DebUncommitted
	}
	mustCheck(t, s)
	return s
}

// HIS-18.2k: the power the attempts of Printing Press, Erasmus or Marburg
// Colloquy are for, playing the card itself, names a debater for its bonus
// on the play line ("with <debater>"); Marburg Colloquy's two debaters
// still come first and give no bonus. Another power's line may not name
// one, nor a debater whose bonus does not fit.
func TestHIS18_2k_OwnPrintingPressErasmusMarburg(t *testing.T) {
	bucer := deb(t, "bucer")
	// Printing Press by the Protestant.
	s := powerPlays(t, Protestant, 2, []uint8{90}, "bucer")
	rej := refuse(t, s, Protestant, "play printing press for event: with eck")
	require.Contains(t, rej.Problems[0].Reason, "bonus may not go to these attempts now (HIS-18.2i-k)")
	readWhy(t, rej)
	rej = refuse(t, s, Protestant, "play printing press for event: now")
	require.Contains(t, rej.Problems[0].Reason, `"with <debater>" for a debater's bonus`)
	readWhy(t, rej)
	ns, res := submit(t, s, Protestant, testdice.New(1), "play printing press for event: with bucer")
	readsAll(t, ns, res)
	require.Contains(t, eventText(res, roleOf(France)), "Protestant commits Bucer for its bonus.")
	require.Equal(t, bucer, ns.Rel.Pending.Debater)
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[bucer])
	require.NotZero(t, ns.Rel.BonusUsed&bonusBit(Protestant))
	require.True(t, ns.Rel.PrintingPress)
	mustCheck(t, ns)
	// Without a debater: no bonus, nobody asked.
	ns, _ = submit(t, s, Protestant, testdice.New(1), "play printing press for event")
	require.Equal(t, -1, ns.Rel.Pending.Debater)
	require.Equal(t, uint8(DebUncommitted), ns.Rel.Debater[bucer])

	// Erasmus: the Protestant's on turn 2, the Papacy's from turn 3.
	s = powerPlays(t, Protestant, 2, []uint8{75}, "bucer")
	ns, _ = submit(t, s, Protestant, testdice.New(1), "play erasmus for event: with bucer")
	require.Equal(t, bucer, ns.Rel.Pending.Debater)
	s = powerPlays(t, Protestant, 3, []uint8{75}, "bucer")
	rej = refuse(t, s, Protestant, "play erasmus for event: with bucer")
	require.Contains(t, rej.Problems[0].Reason, "when Papacy plays it")
	readWhy(t, rej)
	cajetan := deb(t, "cajetan")
	s = powerPlays(t, Papacy, 3, []uint8{75}, "cajetan")
	ns, _ = submit(t, s, Papacy, testdice.New(1), "play erasmus for event: with cajetan")
	require.True(t, ns.Rel.Pending.Counter)
	require.Equal(t, cajetan, ns.Rel.Pending.Debater)
	mustCheck(t, ns)

	// Marburg Colloquy: its two debaters, then the bonus.
	oek := deb(t, "oekolampadius")
	s = powerPlays(t, Protestant, 3, []uint8{41}, "luther", "zwingli", "oekolampadius")
	rej = refuse(t, s, Protestant, "play marburg colloquy for event: luther, zwingli with zwingli")
	require.Contains(t, rej.Problems[0].Reason, "Zwingli's bonus may not go")
	readWhy(t, rej)
	ns, res = submit(t, s, Protestant, testdice.New(1), "play marburg colloquy for event: luther, zwingli, with oekolampadius")
	readsAll(t, ns, res)
	require.Equal(t, oek, ns.Rel.Pending.Debater)
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[deb(t, "zwingli")])
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[oek])
	mustCheck(t, ns)
	ns, _ = submit(t, s, Protestant, testdice.New(1), "play marburg colloquy for event: luther, zwingli")
	require.Equal(t, -1, ns.Rel.Pending.Debater)
	// Another power names no Protestant debater; the Protestant is asked.
	e := powerPlays(t, England, 3, []uint8{41}, "luther", "zwingli", "oekolampadius")
	rej = refuse(t, e, England, "play marburg colloquy for event: luther, zwingli with oekolampadius")
	require.Contains(t, rej.Problems[0].Reason, "only Protestant names a debater for the bonus of these attempts (HIS-18.2k)")
	readWhy(t, rej)
	e, _ = submit(t, e, England, testdice.New(1), "play marburg colloquy for event: luther, zwingli")
	p := onlyPrompt(t, e, "protestant", "event-choice", "none")
	require.Contains(t, p.Choices, "commit oekolampadius")
}
