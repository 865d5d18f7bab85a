package hereistand

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// dowGame is the 1517 game moved to the declarations of war of turn 2;
// power p holds the cards given.
func dowGame(t *testing.T, p int, hand ...uint8) *St {
	t.Helper()
	s := newGame(t, 1)
	s.Turn, s.Phase = 2, PhDiplomacy
	deal(s, p, hand...)
	(&run{s: s, dice: testdice.New(1)}).startDOW()
	mustCheck(t, s)
	return s
}

// distinctCards are n plain cards of the first turn, each of cp CP.
func cardsOf(t *testing.T, cp, n int, not ...int) []uint8 {
	t.Helper()
	var out []uint8
	for len(out) < n {
		c := cardWith(t, cp, not...)
		out = append(out, c)
		not = append(not, int(c))
	}
	return out
}

func mandatoryCard(t *testing.T) uint8 {
	t.Helper()
	for n := 1; n <= NBase; n++ {
		if cards[n].Type == CardMandatory {
			return uint8(n)
		}
	}
	t.Fatal("no Mandatory Event")
	return 0
}

// HIS-9.6c, HIS-9.6d: the costs of the Diplomatic Status display, 1 CP on
// a minor power, and the interventions' 2 CP.
func TestHIS9_6c_DOWCosts(t *testing.T) {
	for _, c := range []struct{ p, q, cp int }{
		{Ottoman, Hapsburg, 4}, {Hapsburg, Ottoman, 4}, {Ottoman, England, 6}, {France, Ottoman, 5}, {Papacy, Ottoman, 5},
		{Hapsburg, England, 3}, {France, Hapsburg, 3}, {Hapsburg, Papacy, 2}, {England, France, 2}, {Papacy, England, 4},
		{France, Papacy, 3}, {England, Scotland, 1}, {Ottoman, Venice, 1}, {France, Genoa, 1},
	} {
		require.Equal(t, c.cp, DOWCost(c.p, c.q), "%s on %s", powers[c.p].Name, powers[c.q].Name)
	}
	require.Equal(t, 2, InterventionCP)
}

// HIS-9.6i: the restrictions at all times.
func TestHIS9_6i_Restrictions(t *testing.T) {
	s := dowGame(t, Ottoman)
	for _, c := range []struct {
		p, q int
		why  string
	}{
		{Hapsburg, France, "already at war"},
		{Ottoman, Hungary, "already at war"},
		{England, Hungary, "Hungary/Bohemia"},
		{Protestant, Papacy, "Protestant declares no war"},
		{Hapsburg, Protestant, "on the Protestant"},
		{Ottoman, Scotland, "Scotland"},
		{Papacy, Scotland, "Scotland"},
		{England, Venice, "Venice"},
		{England, England, "another major or minor"},
		{England, Independent, "independent keys"},
	} {
		err := s.MayDeclare(c.p, c.q)
		require.Error(t, err, "%s on %s", powers[c.p].Name, powerName(c.q))
		require.Contains(t, err.Error(), c.why)
	}
	for _, c := range [][2]int{{Ottoman, Venice}, {Hapsburg, England}, {England, Scotland}, {France, Genoa}, {Hapsburg, Venice}} {
		require.NoError(t, s.MayDeclare(c[0], c[1]))
	}
	// An active minor: declare on its major ally instead; an ally: never.
	s.setAlly(Venice, Papacy, true)
	require.ErrorContains(t, s.MayDeclare(Ottoman, Venice), "declare war on Papacy instead")
	s.setAlly(England, Hapsburg, true)
	require.ErrorContains(t, s.MayDeclare(England, Hapsburg), "its ally")
	// After the Schmalkaldic League the Protestant is at war through it;
	// no display cost exists for its other pairs.
	s.League = true
	require.Error(t, s.MayDeclare(Protestant, England))
}

// HIS-9.6a, HIS-9.6b, HIS-9.6c, HIS-9.6d: each power in Impulse Order
// declares or passes, and pays with cards worth the cost, never a
// Mandatory Event; the cards go to the discard pile.
// Also exercises HIS-22.1a (see the coverage document).
func TestHIS9_6b_DeclarationsInImpulseOrder(t *testing.T) {
	ones := cardsOf(t, 1, 2)
	twos := cardsOf(t, 2, 1)
	threes := cardsOf(t, 3, 1)
	mand := mandatoryCard(t)
	s := dowGame(t, Hapsburg, ones[0], ones[1], twos[0], threes[0], mand)
	d := testdice.New(1)
	require.Equal(t, []adjudicator.Role{"ottoman"}, s.Owing())
	pr := s.Prompts()[0]
	require.Equal(t, "diplomacy", pr.Kind)
	require.Contains(t, pr.Text, "Costs in CP: Hapsburg 4, England 6, France 5, Papacy 5, Genoa 1, Venice 1")
	require.Contains(t, pr.Choices, "declare war on venice")

	s, res := submit(t, s, Ottoman, d, "done")
	require.Contains(t, eventText(res, "ottoman"), "Ottoman declares no war.")
	require.Equal(t, []adjudicator.Role{"hapsburg"}, s.Owing())

	for _, c := range []struct {
		lines []string
		why   string
	}{
		{[]string{"declare war on france", "pay 1"}, "already at war"},
		{[]string{"declare war on england"}, "cost 3 CP: add a line"},
		{[]string{"declare war on england", fmt.Sprintf("pay %d", twos[0])}, "the cards give 2 CP and the declarations cost 3 CP"},
		{[]string{"declare war on england", fmt.Sprintf("pay %d, %d", twos[0], mand)}, "Mandatory Event"},
		{[]string{"declare war on england", "declare war on england", fmt.Sprintf("pay %d", threes[0])}, "named twice"},
		{[]string{fmt.Sprintf("pay %d", threes[0])}, "no declaration of war to pay for"},
		{[]string{"declare war on england", "done"}, "stands alone"},
		{[]string{"declare war on narnia"}, "narnia"},
	} {
		rej := refuse(t, s, Hapsburg, c.lines...)
		require.Contains(t, rej.Error(), c.why, "%q", c.lines)
	}
	// Two declarations, 3 + 1 CP, paid with 2 + 1 + 1.
	s, res = submit(t, s, Hapsburg, d, "declare war on england", "declare war on genoa",
		fmt.Sprintf("pay %d, %d %d", twos[0], ones[0], ones[1]))
	require.True(t, s.AtWar(Hapsburg, England))
	require.True(t, s.AtWar(Hapsburg, Genoa))
	require.False(t, s.minorAlly(Genoa) != NoPower, "a declaration alone activates no minor (HIS-22.1a)")
	ev := eventText(res, "protestant")
	require.Contains(t, ev, "Hapsburg declares war on England (3 CP, HIS-9.6).")
	require.Contains(t, ev, "Hapsburg pays 4 CP for its declarations of war with ")
	require.Len(t, s.Hands[Hapsburg], 2)
	require.True(t, containsCard(s.Discard, int(twos[0])))
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing())

	// England, France and the Papacy pass; the Protestant may declare on
	// nobody and is skipped: the phase ends.
	for _, p := range []int{England, France, Papacy} {
		s, _ = submit(t, s, p, d, "done")
	}
	require.Equal(t, PhSpring, s.Phase)
}

// HIS-9.6e, HIS-22.2b: a declaration of war on Scotland lets France
// intervene for 2 CP before the next power declares: Scotland becomes a
// French ally and France is at war with the declarer.
// Also exercises HIS-9.6g (see the coverage document).
func TestHIS9_6e_FranceInterventionForScotland(t *testing.T) {
	ones := cardsOf(t, 1, 2)
	twos := cardsOf(t, 2, 1)
	s := dowGame(t, France, ones[1], twos[0])
	deal(s, England, ones[0])
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	s, _ = submit(t, s, Hapsburg, d, "done")
	s, res := submit(t, s, England, d, "declare war on scotland", fmt.Sprintf("pay %d", ones[0]))
	require.Contains(t, eventText(res, "france"), "France may intervene for Scotland (HIS-9.6e-f).")
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing())
	pr := s.Prompts()[0]
	require.Contains(t, pr.Text, "England declares war on Scotland. You may intervene for 2 CP")
	require.Equal(t, []string{"no"}, s.defaultLines(France))
	refuse(t, s, France, fmt.Sprintf("intervene pay %d", ones[1]))
	refuse(t, s, France, "intervene")
	refuse(t, s, England, "done")

	s, res = submit(t, s, France, d, fmt.Sprintf("intervene pay %d", twos[0]))
	require.Equal(t, France, s.minorAlly(Scotland))
	require.True(t, s.AtWar(France, England))
	require.False(t, s.AtWar(England, Scotland), "the minor's wars are now France's (HIS-22.2c)")
	require.Contains(t, eventText(res, "papacy"), "France intervenes for Scotland (HIS-9.6e-f).")
	// France declares next, in its own turn.
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing())
	require.Empty(t, s.Flow.Interv)
}

// HIS-9.6f: the Papacy may decline to intervene for Venice.
func TestHIS9_6f_PapacyDeclinesVenice(t *testing.T) {
	ones := cardsOf(t, 1, 2)
	s := dowGame(t, Ottoman, ones...)
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "declare war on venice", fmt.Sprintf("pay %d", ones[0]))
	require.Equal(t, []adjudicator.Role{"papacy"}, s.Owing())
	s, res := submit(t, s, Papacy, d, "no")
	require.Contains(t, eventText(res, "ottoman"), "Papacy does not intervene for Venice.")
	require.True(t, s.AtWar(Ottoman, Venice))
	require.Equal(t, NoPower, s.minorAlly(Venice))
	require.Equal(t, []adjudicator.Role{"hapsburg"}, s.Owing())
}

// HIS-9.6h, HIS-16.2i: a new war with enemy fleets in one sea zone
// brings a naval battle there; on equal hits both sides retreat.
func TestHIS9_6h_NavalBattleOnNewWar(t *testing.T) {
	twos := cardsOf(t, 2, 1)
	s := dowGame(t, England, twos...)
	ch := NS + sz(t, "english_channel")
	s.addUnits(ch, England, Force{Sq: 1})
	s.addUnits(ch, France, Force{Sq: 1})
	eng, fra := countShips(s, England), countShips(s, France)
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	s, _ = submit(t, s, Hapsburg, d, "done")
	// England attacks with 2 dice, France defends with 2: one hit each.
	s, res := submit(t, s, England, &testdice.Script{Rolls: []int{5, 1, 6, 2}}, "declare war on france", fmt.Sprintf("pay %d", twos[0]))
	ev := eventText(res, "england")
	require.Contains(t, ev, "Naval battle in English Channel")
	require.Contains(t, ev, "Equal hits: both sides retreat (HIS-9.6h).")
	require.Zero(t, s.Units[ch][England].Naval())
	require.Zero(t, s.Units[ch][France].Naval())
	require.Equal(t, eng, countShips(s, England), "no loser: the odd hit sinks nothing")
	require.Equal(t, fra, countShips(s, France))
}

func countShips(s *St, p int) int {
	n := 0
	s.occ[p].each(func(loc int) { n += s.Units[loc][p].Naval() })
	return n
}

// Orders in Spanish and Italian.
func TestHIS9_6_DeclarationsInSpanishAndItalian(t *testing.T) {
	threes := cardsOf(t, 3, 2)
	s := dowGame(t, Hapsburg, threes...)
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "hecho")
	s2, _ := submit(t, s, Hapsburg, d, "declarar guerra a Inglaterra", fmt.Sprintf("pagar %d", threes[0]))
	require.True(t, s2.AtWar(Hapsburg, England))
	s3, _ := submit(t, s, Hapsburg, d, "dichiara guerra all'Inghilterra", fmt.Sprintf("paga %d", threes[1]))
	require.True(t, s3.AtWar(Hapsburg, England))
}

// Random games declare wars, intervene, sue for peace, ransom leaders and
// lend squadrons with their alliances (given back in Winter), the
// invariants checked after every submission.
// Also exercises HIS-9.2e, HIS-19.1a, HIS-9.6b, HIS-9a (see the coverage document).
func TestHIS9_RandomDiplomacy(t *testing.T) {
	wars, interventions, suits, ransoms, loans, returns := 0, 0, 0, 0, 0, 0
	// At least 20 games, more until a loan of squadrons was seen: the
	// random players find few loans a sea path allows.
	for seed := uint64(1); seed <= 20 || loans == 0 && seed <= 200; seed++ {
		playSeeded(t, seed, func(_ *St, _ *adjudicator.Submission, res *adjudicator.Result, after *St) {
			mustCheck(t, after)
			for _, e := range res.Events {
				if strings.Contains(e.Text, " for peace (HIS-9.3).") {
					suits++
				}
				if strings.Contains(e.Text, "(HIS-9.4a).") {
					ransoms++
				}
				if strings.Contains(e.Text, " declares war on ") {
					wars++
				}
				if strings.Contains(e.Text, " intervenes for ") {
					interventions++
				}
				if strings.HasSuffix(e.Text, "(HIS-9.2e).") {
					loans++
				}
				if strings.HasSuffix(e.Text, "(HIS-19.1).") {
					returns++
				}
			}
		})
	}
	t.Logf("%d declarations of war, %d interventions, %d suits for peace, %d ransoms, %d loans of squadrons, %d returned", wars, interventions, suits, ransoms, loans, returns)
	require.Positive(t, wars)
	require.Positive(t, loans, "the random players lend squadrons (HIS-9.2e)")
}

// peaceGame is the 1517 game at the peace segment of turn 2 after the
// Hapsburg took Lyon, Dijon and Grenoble and captured Montmorency, while
// France holds Besançon with 2 regulars.
func peaceGame(t *testing.T) *St {
	t.Helper()
	s := newGame(t, 1)
	s.Turn, s.Phase = 2, PhDiplomacy
	for _, id := range []string{"lyon", "dijon", "grenoble"} {
		x := sp(t, id)
		if u := s.Units[x][France]; !u.empty() {
			_ = s.removeUnits(x, France, u)
		}
		s.Ctrl[x] = Hapsburg
	}
	s.addUnits(sp(t, "lyon"), Hapsburg, Force{Reg: 1})
	b := sp(t, "besancon")
	if u := s.Units[b][Hapsburg]; !u.empty() {
		_ = s.removeUnits(b, Hapsburg, u)
	}
	s.Ctrl[b] = France
	s.addUnits(b, France, Force{Reg: 2})
	m := ldr(t, "montmorency")
	s.Leader[m], s.Captor[m] = LeaderCaptured, Hapsburg
	deal(s, France, cardsOf(t, 2, 2)...)
	(&run{s: s, dice: testdice.New(1)}).startPeace()
	mustCheck(t, s)
	return s
}

// HIS-9.3b to HIS-9.3i, HIS-9.6j: France sues the Hapsburg for peace and
// pays for what it regains; the winner's VP, the ceded and regained
// spaces with their units moved out, the leader home, the card drawn
// seen by the two powers only, and no new war between them this phase.
// Also exercises HIS-12.3a, HIS-9.3c, HIS-9.3d, HIS-9.3e, HIS-9.3f, HIS-9.3g, HIS-9.3h (see the coverage document).
func TestHIS9_3_SueForPeace(t *testing.T) {
	s := peaceGame(t)
	require.Equal(t, SegPeace, s.Flow.Seg)
	require.Equal(t, []adjudicator.Role{"hapsburg"}, s.Owing(), "the Hapsburg may sue too: France holds Besançon")
	require.Contains(t, s.Prompts()[0].Text, "Sue for peace (HIS-9.3): you may sue France.")
	d := testdice.New(1)
	s, _ = submit(t, s, Hapsburg, d, "done")
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing())
	require.Error(t, s.MaySue(France, Papacy), "France holds nothing of the Papacy's")
	require.ErrorContains(t, s.MaySue(Hapsburg, Protestant), "not at war")

	refuse(t, s, France, "sue for peace with hapsburg")                                                 // no eliminations
	refuse(t, s, France, "sue for peace with hapsburg", "eliminate 3 regulars in paris")                // 2 units
	refuse(t, s, France, "sue for peace with hapsburg", "eliminate 2 regulars in paris", "regain lyon") // no payment
	refuse(t, s, France, "sue for peace with hapsburg", "eliminate 2 regulars in paris", "regain dijon for vp")
	refuse(t, s, France, "sue for peace with papacy", "eliminate 2 regulars in paris")

	vp := s.BonusVP[Hapsburg]
	hh, fh := len(s.Hands[Hapsburg]), len(s.Hands[France])
	paris := s.Units[sp(t, "paris")][France].Land()
	s, res := submit(t, s, France, d, "sue for peace with hapsburg", "eliminate 2 regulars in paris",
		"regain lyon for card", "recover montmorency for vp", "regain dijon and grenoble for vp")
	require.False(t, s.AtWar(France, Hapsburg))
	require.Equal(t, vp+3, s.BonusVP[Hapsburg], "War Winner, Montmorency and the pair")
	require.Equal(t, hh+1, len(s.Hands[Hapsburg]))
	require.Equal(t, fh-1, len(s.Hands[France]))
	require.Equal(t, paris, s.Units[sp(t, "paris")][France].Land(), "2 regulars come from Besançon, 2 are eliminated")
	for _, id := range []string{"lyon", "dijon", "grenoble"} {
		require.Equal(t, France, s.Controller(sp(t, id)), id)
	}
	require.Zero(t, s.Units[sp(t, "lyon")][Hapsburg].Land(), "the Hapsburg regular leaves Lyon")
	b := sp(t, "besancon")
	require.Equal(t, Hapsburg, s.Controller(b))
	require.Zero(t, s.Units[b][France].Land(), "the French regulars leave Besançon")
	require.Equal(t, int16(sp(t, "paris")), s.Leader[ldr(t, "montmorency")])
	require.Equal(t, uint8(NoPower), s.Captor[ldr(t, "montmorency")])
	// Fog of war: the card drawn is told to the two powers only.
	for _, e := range res.Events {
		if strings.HasPrefix(e.Text, "The card drawn is ") {
			require.ElementsMatch(t, []adjudicator.Role{"france", "hapsburg"}, e.To)
		}
	}
	require.Contains(t, eventText(res, "papacy"), "Hapsburg is the War Winner and gains 1 VP (HIS-9.3c).")
	require.NotContains(t, eventText(res, "papacy"), "The card drawn is")
	// Then the declarations of war: France may not declare on the
	// Hapsburg again in this phase (HIS-9.6j).
	require.Equal(t, SegDOW, s.Flow.Seg)
	require.ErrorContains(t, s.MayDeclare(France, Hapsburg), "HIS-9.6j")
	require.ErrorContains(t, s.MayDeclare(Hapsburg, France), "HIS-9.6j")
}

// HIS-9.4a: a captured leader is ransomed for a card drawn at random.
func TestHIS9_4_Ransom(t *testing.T) {
	s := peaceGame(t)
	d := testdice.New(1)
	s, _ = submit(t, s, Hapsburg, d, "done")
	s, _ = submit(t, s, France, d, "done")
	require.Equal(t, SegRansom, s.Flow.Seg)
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing())
	require.Contains(t, s.Prompts()[0].Text, "Montmorency (held by Hapsburg)")
	refuse(t, s, France, "ransom francis i")
	hh := len(s.Hands[Hapsburg])
	s, res := submit(t, s, France, d, "ransom montmorency")
	require.Equal(t, int16(sp(t, "paris")), s.Leader[ldr(t, "montmorency")])
	require.Equal(t, hh+1, len(s.Hands[Hapsburg]))
	require.Contains(t, eventText(res, "ottoman"), "France ransoms Montmorency, who goes to Paris (HIS-9.4a).")
	require.Equal(t, SegDOW, s.Flow.Seg)
}

// HIS-9.3a: no peace in the last turn.
func TestHIS9_3a_NoPeaceInTheLastTurn(t *testing.T) {
	s := peaceGame(t)
	s.Turn = 9
	(&run{s: s, dice: testdice.New(1)}).startPeace()
	require.NotEqual(t, SegPeace, s.Flow.Seg)
}

// negotiationGame is the 1517 game at the Negotiation segment of turn 2.
func negotiationGame(t *testing.T) *St {
	t.Helper()
	s := newGame(t, 1)
	s.Turn, s.Phase = 2, PhDiplomacy
	deal(s, Hapsburg, cardsOf(t, 2, 2)...)
	(&run{s: s, dice: testdice.New(1)}).startNegotiation()
	mustCheck(t, s)
	return s
}

// HIS-9.1g, the seed's example: the Hapsburg, France and the Papacy ally
// (ending their wars in the same deal); the Hapsburg gives France
// Besançon, its troops there moving out, and gives the Papacy one random
// card draw; France and the Papacy lend their squadrons in Marseille and
// Rome to the Hapsburg, received in its nearest ports.
// Also exercises HIS-9.1b3, HIS-9.2e, HIS-12.3a, HIS-9.1a, HIS-9.1b, HIS-9.1b1, HIS-9.1b2, HIS-9.1b4, HIS-9.1b5, HIS-9.1b6, HIS-9.1c, HIS-9.1d, HIS-9.1e, HIS-9.1f, HIS-9.2a, HIS-9.2b, HIS-9.2c, HIS-9.2g, HIS-9.6j, HIS-9a (see the coverage document).
func TestHIS9_1g_SeedExampleDeal(t *testing.T) {
	s := negotiationGame(t)
	b := sp(t, "besancon")
	s.addUnits(b, Hapsburg, Force{Reg: 2})
	d := testdice.New(1)
	require.Equal(t, []adjudicator.Role{"ottoman"}, s.Owing())
	require.Equal(t, "negotiation", s.Prompts()[0].Kind)
	s, _ = submit(t, s, Ottoman, d, "done")
	refuse(t, s, Hapsburg, "propose: ally france")                       // at war
	refuse(t, s, Hapsburg, "propose: loan squadron in naples to france") // no alliance
	refuse(t, s, Hapsburg, "propose: give vienna to france")             // a capital
	refuse(t, s, Hapsburg, "propose: cards 3 to papacy")                 // two at most
	refuse(t, s, Papacy, "done")                                         // not its turn
	s, res := submit(t, s, Hapsburg, d, "propose: end war with france; ally france; ally papacy; france: end war with papacy; france: ally papacy; give besancon to france; cards 1 to papacy; france: loan squadron in marseille to hapsburg; papacy: loan 1 squadron in rome to hapsburg")
	require.Contains(t, eventText(res, "england"), "Hapsburg announces deal 1: hapsburg: end war with france; hapsburg: ally france;")
	require.Contains(t, eventText(res, "england"), "france: loan 1 squadron in Marseille to hapsburg; papacy: loan 1 squadron in Rome to hapsburg (HIS-9.1d).")
	// Nothing happens before every power involved confirms, in Impulse
	// Order: France, then the Papacy.
	require.True(t, s.AtWar(Hapsburg, France))
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing())
	require.Contains(t, s.Prompts()[0].Text, "Hapsburg announces a deal: ")
	require.Equal(t, []string{"reject"}, s.defaultLines(France))
	s, _ = submit(t, s, France, d, "confirm")
	require.Equal(t, []adjudicator.Role{"papacy"}, s.Owing())
	ph := len(s.Hands[Papacy])
	s, res = submit(t, s, Papacy, d, "confirm")
	require.False(t, s.AtWar(Hapsburg, France))
	require.False(t, s.AtWar(France, Papacy))
	require.True(t, s.Allied(Hapsburg, France) && s.Allied(Hapsburg, Papacy) && s.Allied(France, Papacy))
	require.Equal(t, France, s.Controller(b))
	require.Zero(t, s.Units[b][Hapsburg].Land())
	require.Equal(t, ph+1, len(s.Hands[Papacy]))
	// The lent squadrons are the Hapsburg's until Winter (HIS-9.2e).
	require.Contains(t, eventText(res, "england"), "France lends 1 squadron in Marseille to Hapsburg, received in Valencia (HIS-9.2e).")
	require.Contains(t, eventText(res, "england"), "Papacy lends 1 squadron in Rome to Hapsburg, received in Naples (HIS-9.2e).")
	require.Zero(t, s.Units[sp(t, "marseille")][France].Sq)
	require.Zero(t, s.Units[sp(t, "rome")][Papacy].Sq)
	require.EqualValues(t, 1, s.Units[sp(t, "valencia")][Hapsburg].Sq) // Valencia and Barcelona are both one sea zone away: map order
	require.EqualValues(t, 2, s.Units[sp(t, "naples")][Hapsburg].Sq)
	require.Equal(t, []Loan{{France, Hapsburg, 1, 0}, {Papacy, Hapsburg, 1, 0}}, s.Flow.Loans)
	for _, e := range res.Events {
		if strings.HasPrefix(e.Text, "The card drawn is ") {
			require.ElementsMatch(t, []adjudicator.Role{"hapsburg", "papacy"}, e.To)
		}
	}
	// The troops go to the nearest fortified space the Hapsburg controls:
	// Trier on the 1517 map (Antwerp in the seed's example position).
	require.Contains(t, eventText(res, "england"), "Hapsburg moves 3 regulars from Besançon to Trier")
	// The Hapsburg's turn is over: England announces next.
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing())
	// Allies may not declare war on each other; peace made this phase
	// forbids a new war (HIS-9.6i-j).
	require.Error(t, s.MayDeclare(France, Hapsburg))
}

// HIS-9.1d: a deal rejected by one power involved takes no effect.
// Also exercises HIS-9.1b, HIS-9.1b2, HIS-9.2b (see the coverage document).
func TestHIS9_1d_RejectedDealVoid(t *testing.T) {
	s := negotiationGame(t)
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	s, _ = submit(t, s, Hapsburg, d, "propose: ally england; cards 1 to england")
	hh := len(s.Hands[Hapsburg])
	s, res := submit(t, s, England, d, "reject")
	require.Contains(t, eventText(res, "france"), "England rejects the deal of Hapsburg: none of its terms take effect (HIS-9.1d).")
	require.False(t, s.Allied(Hapsburg, England))
	require.Equal(t, hh, len(s.Hands[Hapsburg]))
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing(), "England announces next")
	// The Papacy and the Ottoman never ally (HIS-9.2b).
	refuse(t, s, England, "propose: papacy: ally ottoman")
}

// HIS-9.2d: once allied, the spaces of either ally are friendly to both.
func TestHIS9_2d_AlliedSpacesFriendly(t *testing.T) {
	s := negotiationGame(t)
	paris, vienna := sp(t, "paris"), sp(t, "vienna")
	require.False(t, s.Friendly(paris, England))
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	s, _ = submit(t, s, Hapsburg, d, "done")
	s, _ = submit(t, s, England, d, "propose: ally france")
	s, _ = submit(t, s, France, d, "confirm")
	require.True(t, s.Friendly(paris, England))
	require.False(t, s.Friendly(vienna, England))
}

// HIS-9.5a, HIS-9.3i, HIS-9.1b9, HIS-21.5h: the "-1 Card" marker of an
// excommunicated ruler (set here by hand: the events that excommunicate
// come with the card events) costs a card at the Card Draw; its power may
// donate a card drawn at random to lift it, the CP going to St. Peter's;
// peace with the Papacy and a deal with it lift it too.
func TestHIS9_5a_Excommunication(t *testing.T) {
	s := peaceGame(t)
	n := s.CardsDealt(England)
	s.Tracks.Excommunicated = 1<<England | 1<<France
	require.Equal(t, n-1, s.CardsDealt(England))
	mustCheck(t, s)
	d := testdice.New(1)
	s, _ = submit(t, s, Hapsburg, d, "done")
	s, _ = submit(t, s, France, d, "done")
	s, _ = submit(t, s, France, d, "done") // no ransom
	require.Equal(t, SegExcom, s.Flow.Seg)
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing())
	require.Contains(t, s.Prompts()[0].Text, "Your ruler is excommunicated (HIS-9.5a)")
	cp := s.Tracks.StPetersCP
	eh := len(s.Hands[England])
	s, res := submit(t, s, England, d, "donate")
	require.Zero(t, s.Tracks.Excommunicated&(1<<England))
	require.Equal(t, eh-1, len(s.Hands[England]))
	require.Greater(t, s.Tracks.StPetersCP+5*s.Tracks.StPetersVP, cp)
	require.Contains(t, eventText(res, "ottoman"), "The excommunication of the ruler of England is lifted (HIS-9.5a).")
	require.Equal(t, []adjudicator.Role{"france"}, s.Owing())
	s, _ = submit(t, s, France, d, "done")
	require.NotZero(t, s.Tracks.Excommunicated&(1<<France))
	require.Equal(t, SegDOW, s.Flow.Seg)

	// Peace with the Papacy lifts it (HIS-9.3i), as a deal does (HIS-9.1b9).
	x := s.clone()
	r := &run{s: x, dice: d}
	require.NoError(t, r.applyTerm(term{kind: "peace", actor: France, other: Papacy}))
	require.Zero(t, x.Tracks.Excommunicated)
	y := s.clone()
	r = &run{s: y, dice: d}
	tm, err := parseTerm(Papacy, "lift excommunication of france")
	require.NoError(t, err)
	require.NoError(t, r.applyTerm(tm))
	require.Zero(t, y.Tracks.Excommunicated)
	_, err = parseTerm(England, "lift excommunication of france")
	require.Error(t, err)
}

// HIS-9.1b7: mercenaries given by a deal leave the giver's space and
// appear in the receiver's capital; never to the Ottoman; one direction
// per pair per turn.
// Also exercises HIS-9.1b (see the coverage document).
func TestHIS9_1b7_Mercenaries(t *testing.T) {
	s := negotiationGame(t)
	naples := sp(t, "naples")
	s.addUnits(naples, Hapsburg, Force{Merc: 3})
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	refuse(t, s, Hapsburg, "propose: mercenaries 2 from naples to ottoman")
	refuse(t, s, Hapsburg, "propose: mercenaries 5 from naples to france")
	refuse(t, s, Hapsburg, "propose: mercenaries 4 from naples to france")
	paris := s.Units[sp(t, "paris")][France].Merc
	s, _ = submit(t, s, Hapsburg, d, "propose: mercenaries 2 from naples to france")
	s, res := submit(t, s, France, d, "confirm")
	require.Contains(t, eventText(res, "england"), "Hapsburg removes 2 mercenaries from Naples; France places them in Paris (HIS-9.1b7).")
	require.Equal(t, uint8(1), s.Units[naples][Hapsburg].Merc)
	require.Equal(t, paris+2, s.Units[sp(t, "paris")][France].Merc)
	require.True(t, s.gave(Hapsburg, France, "mercenaries"))
	// France may not give mercenaries back this turn.
	s.addUnits(sp(t, "lyon"), France, Force{Merc: 1})
	s, _ = submit(t, s, England, d, "done")
	refuse(t, s, France, "propose: mercenaries 1 from lyon to hapsburg")
}

// HIS-7c: in turn 1 England alone announces deals, with France or the
// Hapsburg only, and the rest of the Diplomacy Phase is skipped.
func TestHIS7c_EnglandNegotiatesInTurn1(t *testing.T) {
	s := newGame(t, 1)
	(&run{s: s, dice: testdice.New(1)}).enter(PhDiplomacy)
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing())
	require.Equal(t, "negotiation", s.Prompts()[0].Kind)
	d := testdice.New(1)
	refuse(t, s, England, "propose: ally papacy")
	s, _ = submit(t, s, England, d, "propose: ally hapsburg")
	require.Equal(t, []adjudicator.Role{"hapsburg"}, s.Owing())
	s, _ = submit(t, s, Hapsburg, d, "confirm")
	require.True(t, s.Allied(England, Hapsburg))
	require.Equal(t, PhDiet, s.Phase)
}

// HIS-22.2d, HIS-22.2b: when France intervenes for Scotland, a power
// already at war with Scotland may declare war on France at no cost, or
// decline, its units in Scottish spaces then leaving them.
func TestHIS22_2d_FreeDeclarationAfterIntervention(t *testing.T) {
	ones := cardsOf(t, 1, 3)
	twos := cardsOf(t, 2, 1)
	s := dowGame(t, Hapsburg, ones[0])
	deal(s, England, ones[1])
	deal(s, France, ones[2], twos[0])
	s.setWar(Hapsburg, France, false)
	stirling := sp(t, "stirling")
	s.addUnits(stirling, Hapsburg, Force{Reg: 1})
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	s, _ = submit(t, s, Hapsburg, d, "declare war on scotland", fmt.Sprintf("pay %d", ones[0]))
	s, _ = submit(t, s, France, d, "no")
	s, _ = submit(t, s, England, d, "declare war on scotland", fmt.Sprintf("pay %d", ones[1]))
	s, res := submit(t, s, France, d, fmt.Sprintf("intervene pay %d", twos[0]))
	require.Contains(t, eventText(res, "papacy"), "Hapsburg may declare war on France at no cost (HIS-22.2d).")
	require.True(t, s.AtWar(England, France))
	require.False(t, s.AtWar(Hapsburg, France))
	require.Equal(t, []adjudicator.Role{"hapsburg"}, s.Owing())
	require.Contains(t, s.Prompts()[0].Text, "Scotland is now an ally of France.")
	require.Equal(t, []string{"no"}, s.defaultLines(Hapsburg))

	war, _ := submit(t, s, Hapsburg, d, "declare war on france")
	require.True(t, war.AtWar(Hapsburg, France))
	require.Equal(t, []adjudicator.Role{"france"}, war.Owing(), "then France declares in its turn")

	peace, res := submit(t, s, Hapsburg, d, "no")
	require.False(t, peace.AtWar(Hapsburg, France))
	require.Zero(t, peace.Units[stirling][Hapsburg].Land())
	require.Contains(t, eventText(res, "ottoman"), "Hapsburg does not declare war on France (HIS-22.2d).")
}

// HIS-9.2e: squadrons (never corsairs) lent to an ally in the deal that
// makes the alliance, one direction per pair, move to the receiver's
// nearest port and are its naval units for the turn; the lender's
// counter mix still counts them; the receiver loses its own squadrons
// first. HIS-19.1a: in Winter they go back to a port of their owner.
// Also exercises HIS-9.1b3 (see the coverage document).
func TestHIS9_2e_SquadronLoans(t *testing.T) {
	s := negotiationGame(t)
	d := testdice.New(1)
	naples, seville := sp(t, "naples"), sp(t, "seville")
	s, _ = submit(t, s, Ottoman, d, "done")
	refuse(t, s, Hapsburg, "propose: loan 1 squadron in naples to england; ally england")                                               // before the alliance
	refuse(t, s, Hapsburg, "propose: ally england; loan 1 squadron in naples to england; england: loan squadron in london to hapsburg") // both ways
	refuse(t, s, Hapsburg, "propose: ally england; loan 2 squadrons in naples to england")                                              // only one there
	refuse(t, s, Hapsburg, "propose: ally england; loan 1 corsair in naples to england")                                                // squadrons only
	refuse(t, s, Hapsburg, "propose: ally england; loan 1 squadron in vienna to england")                                               // not a port
	// No path from the Mediterranean to England's ports: the sea zones
	// meet only at Gibraltar, a port.
	rej := refuse(t, s, Hapsburg, "propose: ally england; loan 1 squadron in naples to england")
	require.Contains(t, rej.Error(), "no path by sea from Naples to a port of England (HIS-9.2e)")
	// Italian keywords: "proponi: alleati ...; presta 1 squadra in ... a ...".
	_, res := submit(t, s.clone(), Hapsburg, d, "proponi: alleati england; presta 1 squadra in seville a england")
	require.Contains(t, eventText(res, "france"), "hapsburg: loan 1 squadron in Seville to england (HIS-9.1d).")
	// Spanish keywords: "proponer: aliar ...; prestar 1 escuadrón en ... a ...".
	s, res = submit(t, s, Hapsburg, d, "proponer: aliar england; prestar 1 escuadrón en seville a england")
	require.Contains(t, eventText(res, "france"), "hapsburg: ally england; hapsburg: loan 1 squadron in Seville to england (HIS-9.1d).")
	s, res = submit(t, s, England, d, "confirm")
	require.Contains(t, eventText(res, "france"), "Hapsburg lends 1 squadron in Seville to England, received in ")
	require.Zero(t, s.Units[seville][Hapsburg].Sq)
	require.EqualValues(t, 1, s.Units[naples][Hapsburg].Sq)
	require.Equal(t, 3, s.squadrons(England))
	require.Equal(t, 2, s.navalCount(England), "the lent squadron is the Hapsburg's piece")
	require.Equal(t, 3, s.navalCount(Hapsburg))
	mustCheck(t, s)
	// The loan is part of the canonical state.
	data, err := s.Encode()
	require.NoError(t, err)
	back, err := decode(data)
	require.NoError(t, err)
	require.Equal(t, s.Flow.Loans, back.Flow.Loans)
	require.Equal(t, []Loan{{Hapsburg, England, 1, 0}}, back.Flow.Loans)
	// A loss takes England's own squadrons first.
	c := s.clone()
	_ = c.removeUnits(sp(t, "london"), England, Force{Sq: 1})
	_ = c.removeUnits(sp(t, "portsmouth"), England, Force{Sq: 1})
	c.settleLoans()
	require.Equal(t, []Loan{{Hapsburg, England, 1, 0}}, c.Flow.Loans)
	// HIS-19.1a: in Winter the lent squadron goes back to a Hapsburg port.
	c = s.clone()
	r := &run{s: c, dice: d}
	r.returnLoans()
	require.Nil(t, c.Flow.Loans)
	require.Equal(t, 2, c.squadrons(England))
	require.Equal(t, 3, c.squadrons(Hapsburg))
	require.Contains(t, strings.Join(evTexts(r), "\n"), "England gives 1 squadron back to Hapsburg, brought home from ")
	mustCheck(t, c)
	// The last of England's squadrons lost is the lent one, lost for its
	// owner.
	c = s.clone()
	for _, x := range []string{"london", "portsmouth"} {
		_ = c.removeUnits(sp(t, x), England, Force{Sq: 1})
	}
	c.occ[England].each(func(loc int) {
		if c.Units[loc][England].Sq > 0 {
			_ = c.removeUnits(loc, England, Force{Sq: 1})
			c.Flow.noteNavalLoss(England, Force{Sq: 1})
		}
	})
	c.settleLoans()
	require.Nil(t, c.Flow.Loans)
	require.Equal(t, 2, c.navalCount(Hapsburg))
	require.EqualValues(t, 1, c.Flow.NavalDead[Hapsburg])
	mustCheck(t, c)
}

func evTexts(r *run) []string {
	var out []string
	for _, e := range r.ev {
		out = append(out, e.Text)
	}
	return out
}

// HIS-9.2f, HIS-9.2g: French and English units, allied, stand in French
// St. Dizier when the Hapsburg, at war with France only, attacks (the
// entry HIS-13.1c(3) allows). The English defend too; each power decides for itself
// whether to avoid battle; units and leaders combine; the casualties are
// split evenly, a die giving the odd one; the allies retreat together and
// England stays at peace with the Hapsburg.
func TestHIS9_2f_CombinedDefence(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.setAlly(France, England, true)
	x := sp(t, "st_dizier")
	put(t, s, "st_dizier", France, Force{Reg: 2})
	put(t, s, "st_dizier", England, Force{Reg: 3}, "charles_brandon")
	put(t, s, "brussels", Hapsburg, Force{Reg: 4})
	mustCheck(t, s)
	m, err := s.BeginMove(Hapsburg, form(t, "brussels", Hapsburg, Force{Reg: 4}), x)
	require.NoError(t, err)
	_, err = s.EnterDestination(m)
	require.NoError(t, err)
	// Each power may avoid battle on its own (HIS-9.2f).
	require.Equal(t, []int{England, France}, s.AvoidPowers(m))
	_, _, err = s.AvoidBattle(m, England, -1, nil, nil, &testdice.Script{})
	require.NoError(t, err)
	require.Equal(t, []int{France}, s.AvoidPowers(m))
	_, _, err = s.AvoidBattle(m, France, -1, nil, nil, &testdice.Script{})
	require.NoError(t, err)
	require.True(t, s.NeedBattle(m))
	b, err := s.NewBattle(m, nil, nil)
	require.NoError(t, err)
	att, def := s.BattleDice(b)
	require.Equal(t, 4, att)
	require.Equal(t, 7, def, "5 allied units, the English leader and the defender's die")
	r := s.RollBattle(b, Mods{}, &testdice.Script{Rolls: []int{5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1}})
	require.True(t, r.AttackerWins)
	require.Equal(t, 3, r.DefLosses)
	// 3 casualties: one each, the odd one to France by the die.
	_, err = s.ApplyBattle(b, r, NoChoice(), &testdice.Script{Rolls: []int{2}})
	require.NoError(t, err)
	mustCheck(t, s)
	require.Zero(t, s.Units[x][France].Land()+s.Units[x][England].Land(), "the allies retreat")
	require.NotEqual(t, x, int(s.Leader[ldr(t, "charles_brandon")]), "Brandon retreats with them")
	lost := func(p, had int) int {
		n := 0
		s.occ[p].each(func(loc int) { n += s.Units[loc][p].Land() })
		return had - n
	}
	require.Equal(t, 2, lost(France, 2))
	require.Equal(t, 1, lost(England, 3))
	require.False(t, s.AtWar(England, Hapsburg), "an alliance makes no war with third powers")
}

// HIS-9.2f, HIS-9.2g: in an assault the allied units inside defend together and
// split the casualties evenly, a die giving the odd one (here French
// units inside English Metz, France at peace with the Hapsburg).
func TestHIS9_2f_CombinedDefenceInAssault(t *testing.T) {
	s := board(t)
	s.setWar(England, Hapsburg, true)
	s.setAlly(France, England, true)
	metz := sp(t, "metz")
	s.Ctrl[metz] = England
	put(t, s, "metz", England, Force{Reg: 2})
	put(t, s, "metz", France, Force{Reg: 2})
	put(t, s, "metz", Hapsburg, Force{Reg: 6}, "charles_v")
	s.Warfare.Siege.set(metz)
	mustCheck(t, s)
	require.Equal(t, 4, s.Inside(metz), "the ally's units are inside with England's")
	f := form(t, "metz", Hapsburg, Force{Reg: 6}, "charles_v")
	require.NoError(t, s.CheckAssault(Hapsburg, f))
	att, def := s.AssaultDice(Hapsburg, f)
	a, r, err := s.RollAssault(Hapsburg, f, Mods{}, battleRolls(att, def, 3))
	require.NoError(t, err)
	require.Equal(t, 3, r.DefLosses)
	// One each, the odd one to England by the die.
	_, err = s.ApplyAssault(a, r, nil, nil, &testdice.Script{Rolls: []int{1}})
	require.NoError(t, err)
	mustCheck(t, s)
	require.Equal(t, Force{}, s.Units[metz][England])
	require.Equal(t, Force{Reg: 1}, s.Units[metz][France])
	require.False(t, s.AtWar(France, Hapsburg))
}

// HIS-9.1b3: a naval leader is lent with squadrons of his port. He goes
// with them to the receiver's nearest port, is the receiver's leader
// until Winter, and then returns to his owner's port nearest to him.
func TestHIS9_1b3_NavalLeaderLoan(t *testing.T) {
	require.LessOrEqual(t, len(leaders), 64, "Loan.Leaders is a mask of 64 bits")
	s := negotiationGame(t)
	d := testdice.New(1)
	ist := sp(t, "istanbul")
	barb, dragut := leaderByID["barbarossa"], leaderByID["dragut"]
	s.Leader[barb] = int16(ist)
	s.addUnits(ist, Ottoman, Force{Sq: 2})
	mustCheck(t, s)
	refuse(t, s, Ottoman, "propose: ally france; loan 1 squadron with dragut in istanbul to france")             // not there
	refuse(t, s, Ottoman, "propose: ally france; loan 1 squadron with barbarossa, dragut in istanbul to france") // one a term
	refuse(t, s, Ottoman, "propose: ally france; loan 1 squadron with barbarossa to france")                     // no port
	refuse(t, s, Ottoman, "propose: ally france; france: loan 1 squadron with barbarossa in istanbul to ottoman")
	_ = dragut
	s, res := submit(t, s, Ottoman, d, "propose: ally france; loan 1 squadron with barbarossa in istanbul to france")
	require.Contains(t, eventText(res, "england"), "ottoman: loan 1 squadron with Barbarossa in Istanbul to france")
	s, res = submit(t, s, France, d, "confirm")
	require.Contains(t, eventText(res, "england"), "Ottoman lends 1 squadron, Barbarossa in Istanbul to France, received in ")
	at := int(s.Leader[barb])
	require.True(t, at >= 0 && at < NS && s.Controller(at) == France, "Barbarossa is in a French port")
	require.Equal(t, France, leaderPower(s, barb), "the lent leader is France's until Winter")
	require.Contains(t, s.leadersAt(at, France), barb)
	require.Equal(t, []Loan{{Ottoman, France, 1, 1 << barb}}, s.Flow.Loans)
	mustCheck(t, s)
	data, err := s.Encode()
	require.NoError(t, err)
	require.Contains(t, string(data), `"leaders":["barbarossa"]`)
	back, err := decode(data)
	require.NoError(t, err)
	require.Equal(t, s.Flow.Loans, back.Flow.Loans)
	// The lent squadron lost, the loan stands while it lends the leader.
	c := s.clone()
	_ = c.removeUnits(at, France, Force{Sq: c.Units[at][France].Sq})
	c.Flow.noteNavalLoss(France, Force{Sq: 1})
	c.settleLoans()
	require.Equal(t, France, leaderPower(c, barb))
	// HIS-19.1: in Winter he goes back to an Ottoman port.
	c = s.clone()
	r := &run{s: c, dice: d}
	r.returnLoans()
	require.Nil(t, c.Flow.Loans)
	require.Equal(t, Ottoman, leaderPower(c, barb))
	home := int(c.Leader[barb])
	require.True(t, home >= 0 && home < NS && c.Controller(home) == Ottoman, "Barbarossa is in an Ottoman port")
	require.Contains(t, strings.Join(evTexts(r), "\n"), "France gives Barbarossa back to Ottoman, who returns from ")
	mustCheck(t, c)
}

// HIS-9.3d: the loser's units leaving a ceded space go to its nearest
// fortified space; between equally near ones the owner chooses with
// "send <space ceded> to <space>", the first in map order otherwise.
func TestHIS9_3d_OwnerChoosesNearestFortified(t *testing.T) {
	s := peaceGame(t)
	trier, paris, b := sp(t, "trier"), sp(t, "paris"), sp(t, "besancon")
	if u := s.Units[trier][Hapsburg]; !u.empty() {
		_ = s.removeUnits(trier, Hapsburg, u)
	}
	s.Ctrl[trier] = France // two French fortified spaces two steps from Besançon
	mustCheck(t, s)
	d := testdice.New(1)
	s, _ = submit(t, s, Hapsburg, d, "done")
	require.Contains(t, s.Prompts()[0].Text, `"send <space ceded> to <space>"`)
	require.ElementsMatch(t, []int{paris, trier}, s.cededTies(France, Hapsburg, b))
	suit := []string{"sue for peace with hapsburg", "eliminate 2 regulars in paris"}
	rej := refuse(t, s, France, append(suit, "send besancon to lyon")...)
	require.Contains(t, rej.Error(), "the owner chooses only among equally near fortified spaces (HIS-9.3d)")
	require.ElementsMatch(t, []string{"send Besançon to Paris", "send Besançon to Trier"}, rej.Problems[0].Legal)
	rej = refuse(t, s, France, append(suit, "send paris to trier")...)
	require.Contains(t, rej.Error(), "it sends only the units leaving a space it cedes to Hapsburg (HIS-9.3d)")
	refuse(t, s, France, append(suit, "send besancon")...)
	// The default: the first in map order.
	first := min(paris, trier)
	def, _ := submit(t, s.clone(), France, d, suit...)
	wantTrier := int(s.Units[trier][France].Reg)
	if first == trier {
		wantTrier += 2
	}
	require.Equal(t, wantTrier, int(def.Units[trier][France].Reg), "the default goes to %s", spaces[first].Name)
	// The owner's choice (Spanish keyword).
	other := paris + trier - first
	before := s.Units[other][France].Reg
	s, res := submit(t, s, France, d, append(suit, "enviar besancon a "+spaces[other].Name)...)
	require.Contains(t, eventText(res, "france"), "France cedes Besançon to Hapsburg (HIS-9.3d).")
	got := int(s.Units[other][France].Reg) - int(before)
	if other == paris {
		got += 2 // the two eliminated in Paris
	}
	require.Equal(t, 2, got, "the two regulars of Besançon go to %s", spaces[other].Name)
	require.Zero(t, s.Units[b][France].Land())
	mustCheck(t, s)
}
