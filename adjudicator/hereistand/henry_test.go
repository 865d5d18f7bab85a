package hereistand

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// englandImpulse is England's impulse of turn turn, no card played yet,
// with exactly the cards given in hand.
func englandImpulse(t *testing.T, turn int, hand ...uint8) *St {
	t.Helper()
	s := inImpulse(t, England, 0)
	s.Turn = turn
	s.Flow.Card, s.Flow.CP = 0, 0
	deal(s, England, hand...)
	mustCheck(t, s)
	return s
}

// rolls are scripted dice that fall back on a seeded stream.
func rolls(xs ...int) *testdice.Script {
	return &testdice.Script{Rolls: xs, Fallback: testdice.New(7)}
}

// readsAll checks that every line of res reads in every language.
func readsAll(t *testing.T, s *St, res *adjudicator.Result) {
	t.Helper()
	cat := gameCatalog(t)
	for _, e := range res.Events {
		for _, l := range strings.Split(e.Text, "\n") {
			m, ok := s.NarrationMsg(l)
			if !ok {
				t.Fatalf("%q is not read", l)
			}
			checkMsg(t, cat, "event", l, m)
		}
	}
}

// married sets Henry's marital status on box b with the results given
// for the wives from Anne Boleyn on.
func married(s *St, b int, results ...int) {
	s.Tracks.Marital = b
	s.Henry = Henry{}
	if b >= WifeBoleyn {
		s.Henry.Boleyn = 1
	}
	for i, x := range results {
		s.Henry.Wife[WifeBoleyn+i] = uint8(x)
	}
}

// HIS-21.3a, HIS-21.3b, HIS-21.3c, HIS-21.3d, HIS-21.3f, HIS-2b: Six
// Wives of Henry VIII as an event advances Henry's marital status from
// turn 2: to Ask for Divorce, then to Anne Boleyn, who rolls on the
// Pregnancy Chart; the Hapsburg receives the Catherine of Aragon marker.
// The card goes back to England's power card; an event that cannot be
// played is refused with the legal plays and changes nothing.
func TestHIS21_3c_SixWivesAdvance(t *testing.T) {
	filler := cardWith(t, 1)
	s := englandImpulse(t, 1, cardSixWives, filler)
	rej := refuse(t, s, England, "play 3 for event: advance")
	require.Contains(t, rej.Problems[0].Reason, "Henry VIII seeks a new wife from turn 2 (HIS-21.3b)")
	require.Contains(t, rej.Problems[0].Legal, "play 3 Six Wives of Henry VIII for event: declare war on hapsburg")

	s = englandImpulse(t, 2, cardSixWives, filler)
	require.Contains(t, s.playChoices(England), "play 3 Six Wives of Henry VIII for event: advance")
	ns, res := submit(t, s, England, rolls(), "play 3 for event: advance")
	require.Equal(t, WifeAskDivorce, ns.Tracks.Marital)
	require.True(t, ns.OnCard.has(cardSixWives), "a Home card goes back to its power card (HIS-6.1c)")
	require.Contains(t, eventText(res, "papacy"), "Henry VIII's marital status advances to Ask for Divorce (HIS-21.3c).")
	readsAll(t, ns, res)

	s.Tracks.Marital = WifeAskDivorce
	vp := s.VP(England)
	ns, res = submit(t, s, England, rolls(4), "play six wives of henry viii for event")
	require.Equal(t, WifeBoleyn, ns.Tracks.Marital)
	require.EqualValues(t, 4, ns.Henry.Wife[WifeBoleyn])
	require.True(t, ns.Henry.Aragon)
	require.Equal(t, 2, ns.Henry.Boleyn)
	require.Equal(t, vp+2, ns.VP(England), "Elizabeth born: 2 VP (HIS-23.2f)")
	txt := eventText(res, "ottoman")
	require.Contains(t, txt, "Henry VIII marries Anne Boleyn (HIS-21.3c).")
	require.Contains(t, txt, "Pregnancy Chart for Anne Boleyn: the die rolls 4 (HIS-21.3d).")
	require.Contains(t, txt, "Pregnancy Chart result 4: Elizabeth is born (HIS-21.3h).")
	require.Contains(t, txt, "The Hapsburg receives the Catherine of Aragon marker")
	readsAll(t, ns, res)
	// The power card in the view, in every language.
	sec := ns.henrySection()
	require.Contains(t, sec.Body, "Marital status: Anne Boleyn.\nPregnancy Chart: Anne Boleyn 4.\nThe Hapsburg holds the Catherine of Aragon marker")
	cat := gameCatalog(t)
	var ls []string
	for _, l := range sec.Lines {
		ls = append(ls, cat.Text("en", l))
	}
	require.Equal(t, strings.TrimRight(strings.ReplaceAll(sec.Body, "\n  ", " "), "\n"), strings.Join(ls, "\n"))
	require.Equal(t, "Tabla de Embarazo: Ana Bolena 4.", cat.Text("es", sec.Lines[1]))

	// Wrong choices are refused with the legal ones.
	rej = refuse(t, s, England, "play 3 for event: divorce papacy")
	require.Contains(t, rej.Problems[0].Legal, "play 3 Six Wives of Henry VIII for event: advance")
	// Not while Henry is captured.
	h := ldr(t, "henry_viii")
	s.Leader[h], s.Captor[h] = LeaderCaptured, France
	require.ErrorContains(t, s.mayAdvance(), "captured")
}

// HIS-21.3d: the Pregnancy Chart. Jane Seymour adds 1 (a 6 is then
// rolled as 7 and read as 6); a result that has occurred moves up the
// chart to the first that has not; above the top row, the nearest free
// row below (a ruling). Catherine Parr's result ends the walk.
func TestHIS21_3d_PregnancyChart(t *testing.T) {
	s := englandImpulse(t, 3, cardSixWives)
	married(s, WifeBoleyn, 2)
	r := &run{s: s, dice: rolls(6)}
	r.henryAdvance() // Jane Seymour: 6+1 reads 6
	require.EqualValues(t, 6, s.Henry.Wife[WifeSeymour])
	require.Contains(t, r.ev[1].Text, "the die rolls 6, 7 with her +1")
	r = &run{s: s, dice: rolls(2)}
	r.henryAdvance() // Anne of Cleves: 2 has occurred, so 3
	require.EqualValues(t, 3, s.Henry.Wife[WifeCleves])
	require.Equal(t, s.Turn, s.Henry.Flirt)
	require.Contains(t, eventText(&adjudicator.Result{Events: r.ev}, "england"), "Result 2 has already occurred: result 3 applies (HIS-21.3d).")
	r = &run{s: s, dice: rolls(6)}
	r.henryAdvance() // Catherine Howard: 6 taken, nothing above: 5 below
	require.EqualValues(t, 5, s.Henry.Wife[WifeHoward])
	mustCheck(t, s)
	readsAll(t, s, &adjudicator.Result{Events: r.ev})
	require.Equal(t, 1, s.pregnancyResult(1))
	require.Equal(t, 4, s.pregnancyResult(2))
	require.Equal(t, 4, s.pregnancyResult(6))
}

// HIS-21.3e: result 3 lets the marital status advance one box more the
// first time England passes later in the turn; the advance is lost if
// Henry cannot marry then, and never happens once Edward and Elizabeth
// are both born, nor while Henry is besieged, nor after his death.
func TestHIS21_3e_FlirtBonus(t *testing.T) {
	s := englandImpulse(t, 3)
	married(s, WifeBoleyn, 3)
	s.Henry.Flirt = 3
	ns, res := submit(t, s, England, rolls(1), "pass")
	require.Equal(t, WifeSeymour, ns.Tracks.Marital)
	require.Zero(t, ns.Henry.Flirt)
	require.EqualValues(t, 2, ns.Henry.Wife[WifeSeymour], "1 + 1 for Jane Seymour")
	require.Contains(t, eventText(res, "france"), "England passes for the first time since Henry flirted with a young wife")
	readsAll(t, ns, res)

	// Henry under siege in London: the bonus is lost.
	l := sp(t, "london")
	s.Warfare.Siege.set(l)
	require.ErrorContains(t, s.henryFree(), "under siege in London")
	s.Warfare.Siege.clear(l)
	// A bonus of an earlier turn is gone.
	s.Henry.Flirt = 2
	ns, _ = submit(t, s, England, rolls(), "pass")
	require.Equal(t, WifeBoleyn, ns.Tracks.Marital)

	married(s, WifeSeymour, 4, 6)
	require.ErrorContains(t, s.henryFree(), "both born")
	married(s, WifeBoleyn, 1)
	s.Ruler[England] = uint8(rulerByID["edward_vi"])
	require.ErrorContains(t, s.henryFree(), "no longer rules")
	s.Henry.Flirt = 3
	ns, res = submit(t, s, England, rolls(), "pass")
	require.Equal(t, WifeBoleyn, ns.Tracks.Marital)
	require.Contains(t, eventText(res, "england"), "Henry VIII's bonus advance is lost: Henry VIII no longer rules England (HIS-21.3e).")
	readsAll(t, ns, res)
}

// HIS-21.3a: Six Wives of Henry VIII declares war on France or the
// Hapsburg in the Action Phase; England then spends the card's 5 CP.
// Not on a power England is at war or allied with, nor on another power.
func TestHIS21_3a_SixWivesDeclaresWar(t *testing.T) {
	s := englandImpulse(t, 2, cardSixWives, cardWith(t, 1))
	s.setWar(England, Hapsburg, false)
	require.Contains(t, s.playChoices(England), "play 3 Six Wives of Henry VIII for event: declare war on france")
	ns, res := submit(t, s, England, rolls(), "play 3 for event: declare war on france")
	require.True(t, ns.AtWar(England, France))
	require.Equal(t, 5, ns.Flow.CP)
	require.Equal(t, England, ns.Active, "England spends its 5 CP")
	require.Contains(t, eventText(res, "papacy"), "England declares war on France with Six Wives of Henry VIII and has 5 CP to spend (HIS-21.3a).")
	readsAll(t, ns, res)
	rej := refuse(t, s, England, "play 3 for event: declare war on papacy")
	require.Contains(t, rej.Problems[0].Reason, "France, the Hapsburg or Scotland")
	s.setAlly(England, France, true)
	rej = refuse(t, s, England, "play 3 for event: declare war on france")
	require.Contains(t, rej.Problems[0].Reason, "ally")
	require.NotContains(t, s.playChoices(England), "play 3 Six Wives of Henry VIII for event: declare war on france")
}

// HIS-9.1b8, HIS-9.2b, HIS-21.3c, HIS-21.3f: the Papacy grants the
// divorce in a deal England confirms: Henry marries Anne Boleyn and
// rolls at once; the Papacy may not ally with the Hapsburg this turn.
// The term is refused before Henry asks for the divorce.
func TestHIS9_1b8_Divorce(t *testing.T) {
	s := negotiationGame(t)
	d := rolls(6)
	for _, p := range []int{Ottoman, Hapsburg, England, France} {
		s, _ = submit(t, s, p, d, "done")
	}
	rej := refuse(t, s, Papacy, "propose: grant divorce to england")
	require.Contains(t, rej.Problems[0].Reason, "not in the Ask for Divorce box")
	refuse(t, s, Papacy, "propose: grant divorce to france")
	s.Tracks.Marital = WifeAskDivorce
	s, _ = submit(t, s, Papacy, d, "propose: grant divorce to england")
	require.Equal(t, []adjudicator.Role{"england"}, s.Owing())
	s, res := submit(t, s, England, d, "confirm")
	require.Equal(t, WifeBoleyn, s.Tracks.Marital)
	require.EqualValues(t, 6, s.Henry.Wife[WifeBoleyn])
	require.Equal(t, 2, s.Henry.Divorce)
	require.Contains(t, eventText(res, "hapsburg"), "The Papacy grants Henry VIII's divorce and may not ally with the Hapsburg this turn (HIS-9.1b8).")
	readsAll(t, s, res)
	r := &run{s: s.clone(), dice: d}
	require.ErrorContains(t, r.applyTerm(term{kind: "ally", actor: Hapsburg, other: Papacy}), "HIS-9.2b")
	// England proposing it for the Papacy reads the same.
	ts, err := dealTerms(England, "papacy: grant the divorce")
	require.NoError(t, err)
	require.Equal(t, "papacy: grant divorce to england", ts[0].String())
	_, err = dealTerms(England, "grant divorce")
	require.ErrorContains(t, err, "only the Papacy")
}

// HIS-9.6c, HIS-21.3f: the Catherine of Aragon marker takes 2 CP off the
// Hapsburg's next declaration of war on England, once.
func TestHIS9_6c_AragonDiscount(t *testing.T) {
	one := cardWith(t, 1)
	s := dowGame(t, Hapsburg, one)
	s.setWar(Hapsburg, England, false)
	require.Equal(t, 3, s.dowCost(Hapsburg, England))
	married(s, WifeBoleyn, 1)
	s.Henry.Aragon = true
	require.Equal(t, 1, s.dowCost(Hapsburg, England))
	require.Equal(t, 3, s.dowCost(England, Hapsburg))
	d := testdice.New(1)
	s, _ = submit(t, s, Ottoman, d, "done")
	require.Contains(t, s.declarationsText(Hapsburg), "England 1")
	ns, res := submit(t, s, Hapsburg, d, "declare war on england", fmt.Sprintf("pay %d", one))
	require.True(t, ns.AtWar(Hapsburg, England))
	require.False(t, ns.Henry.Aragon)
	require.Contains(t, eventText(res, "england"), "The Hapsburg uses the Catherine of Aragon marker: 2 CP off (HIS-21.3f).")
	readsAll(t, ns, res)
	s.Henry.Aragon = false
	refuse(t, s, Hapsburg, "declare war on england", fmt.Sprintf("pay %d", one))
}

// HIS-21.3h, HIS-6.2b: which cards of the English succession join the
// deck, from turn 6: Mary I while Henry has no son; Edward VI once Edward
// is born; Mary I the turn after a sickly Edward took the throne, never
// after a healthy one; Elizabeth I, once born, the turn after Mary I took
// the throne.
func TestHIS21_3h_Succession(t *testing.T) {
	s := newGame(t, 1)
	crown := func(id string) { s.Ruler[England] = uint8(rulerByID[id]) }
	s.Turn = 5
	require.Empty(t, s.successionCards(), "never before turn 6")
	s.Turn = 6
	require.Equal(t, []int{cardMary}, s.successionCards(), "all results 3 or less")
	married(s, WifeSeymour, 2, 4)
	require.Equal(t, []int{cardMary}, s.successionCards(), "Elizabeth born")
	crown("mary_i")
	s.Turn = 7
	require.Equal(t, []int{cardElizabeth}, s.successionCards(), "Elizabeth after Mary")
	married(s, WifeSeymour, 1, 2)
	require.Empty(t, s.successionCards(), "Mary reigns for good")

	crown("henry_viii")
	married(s, WifeCleves, 4, 5, 1)
	s.Turn = 6
	require.Equal(t, []int{cardEdward}, s.successionCards(), "a sickly Edward")
	crown("edward_vi")
	s.Turn = 7
	require.Equal(t, []int{cardMary}, s.successionCards(), "Mary after a sickly Edward")
	crown("mary_i")
	require.Equal(t, []int{cardElizabeth}, s.successionCards(), "then Elizabeth")
	crown("henry_viii")
	married(s, WifeBoleyn, 6)
	require.Equal(t, []int{cardEdward}, s.successionCards(), "a healthy Edward")
	crown("edward_vi")
	require.Empty(t, s.successionCards(), "Edward reigns for good")

	// In the Card Draw Phase the card joins the deck before the deal.
	crown("henry_viii")
	married(s, WifeAragon)
	s.Turn, s.Phase = 6, PhCardDraw
	r := &run{s: s, dice: testdice.New(3)}
	r.cardDrawPhase()
	require.True(t, s.inPlay(cardMary))
	require.False(t, s.inPlay(cardEdward) || s.inPlay(cardElizabeth))
	require.Contains(t, eventText(&adjudicator.Result{Events: r.ev}, "england"), "Mary I joins the deck (HIS-21.3g-h).")
	mustCheck(t, s)
}

// HIS-21.3h, HIS-21.3i, HIS-21.3j: the Mandatory Events of the heirs
// crown them (their administrative rating and card bonus come with the
// ruler); Henry VIII dies and Dudley takes his place. Edward born while
// Mary I was already in play: Mary I, played by any power, crowns Edward
// and goes to the discard pile (sickly Edward) or out of the game
// (healthy Edward).
func TestHIS21_3i_Heirs(t *testing.T) {
	filler := cardWith(t, 1)
	s := englandImpulse(t, 7, cardMary, filler)
	london := sp(t, "london")
	h, d := ldr(t, "henry_viii"), ldr(t, "dudley")
	require.Equal(t, london, int(s.Leader[h]))
	ns, res := submit(t, s, England, rolls(), "play 21")
	require.True(t, ns.rulerIs(England, "mary_i"))
	require.True(t, ns.Removed.has(cardMary))
	require.Equal(t, LeaderRemoved, int(ns.Leader[h]))
	require.Equal(t, london, int(ns.Leader[d]))
	require.Equal(t, 2, ns.Flow.CP)
	txt := eventText(res, "papacy")
	require.Contains(t, txt, "Henry VIII dies.")
	require.Contains(t, txt, "Dudley takes Henry VIII's place in London.")
	require.Contains(t, txt, "Mary I rules England (HIS-21.3h).")
	readsAll(t, ns, res)
	require.Equal(t, rulers[rulerByID["mary_i"]].Admin, 1)

	// A sickly Edward born after Mary I entered: she counts as Edward.
	married(s, WifeSeymour, 1, 5)
	ns, res = submit(t, s, England, rolls(), "play 21")
	require.True(t, ns.rulerIs(England, "edward_vi"))
	require.False(t, ns.Removed.has(cardMary))
	require.True(t, containsCard(ns.Discard, cardMary))
	require.Contains(t, eventText(res, "papacy"), "Mary I goes to the discard pile: Edward is sickly (HIS-21.3i).")
	readsAll(t, ns, res)
	// A healthy one, and the card played by another power.
	married(s, WifeSeymour, 1, 6)
	s2 := englandImpulse(t, 7, filler)
	s2.Tracks, s2.Henry = s.Tracks, s.Henry
	s2.Active = France
	deal(s2, France, cardMary)
	ns, res = submit(t, s2, France, rolls(), "play 21")
	require.True(t, ns.rulerIs(England, "edward_vi"))
	require.True(t, ns.Removed.has(cardMary))
	require.Contains(t, eventText(res, "papacy"), "Mary I is removed from the game: Edward is healthy (HIS-21.3i).")

	// Edward VI and Elizabeth I.
	s = englandImpulse(t, 7, cardEdward, filler)
	ns, _ = submit(t, s, England, rolls(), "play 19")
	require.True(t, ns.rulerIs(England, "edward_vi"))
	s = englandImpulse(t, 8, cardElizabeth, filler)
	s.Ruler[England] = uint8(rulerByID["mary_i"])
	ns, res = submit(t, s, England, rolls(), "play 23")
	require.True(t, ns.rulerIs(England, "elizabeth_i"))
	require.NotContains(t, eventText(res, "england"), "Henry VIII dies")
	require.Equal(t, 2, rulers[ns.Ruler[England]].Admin)
}

// HIS-21.3g: the marriage benefits. Anne Boleyn: the turn after, Book of
// Common Prayer, Dissolution of the Monasteries and Pilgrimage of Grace
// join the deck and Cranmer enters London (Protestant now) with
// Coverdale and Latimer; Jane Seymour's +1 (TestHIS21_3d); Anne of
// Cleves: England and the Protestant, if allied, each draw a card from
// the deck; Catherine Howard: England draws one. Only the drawer hears
// the card.
func TestHIS21_3g_MarriageBenefits(t *testing.T) {
	s := englandImpulse(t, 4)
	married(s, WifeSeymour, 1, 2)
	s.setAlly(England, Protestant, true)
	he, hp, deck := len(s.Hands[England]), len(s.Hands[Protestant]), len(s.Deck)
	r := &run{s: s, dice: rolls(4)}
	r.henryAdvance()
	require.Equal(t, WifeCleves, s.Tracks.Marital)
	require.Equal(t, he+1, len(s.Hands[England]))
	require.Equal(t, hp+1, len(s.Hands[Protestant]))
	require.Equal(t, deck-2, len(s.Deck))
	res := &adjudicator.Result{Events: r.ev}
	readsAll(t, s, res)
	require.Contains(t, eventText(res, "france"), "Anne of Cleves: England and the Protestant are allied")
	require.NotContains(t, eventText(res, "france"), "from the deck.\n")
	require.Contains(t, eventText(res, "england"), "England draws #")
	r = &run{s: s, dice: rolls(6)}
	r.henryAdvance()
	require.Equal(t, WifeHoward, s.Tracks.Marital)
	require.Equal(t, he+2, len(s.Hands[England]))
	mustCheck(t, s)

	// The English Reformation, the turn after Anne Boleyn.
	s = newGame(t, 1)
	married(s, WifeBoleyn, 1)
	s.Henry.Boleyn = 2
	s.Turn, s.Phase = 2, PhCardDraw
	r = &run{s: s, dice: testdice.New(3)}
	r.cardDrawPhase()
	require.False(t, s.inPlay(62) || s.reformerOn("cranmer"), "not in the turn of the marriage")
	s.Turn, s.Phase = 3, PhCardDraw
	r = &run{s: s, dice: testdice.New(3)}
	r.cardDrawPhase()
	for _, n := range reformationCards {
		require.True(t, s.inPlay(n), "card %d", n)
	}
	london := sp(t, "london")
	require.True(t, s.reformerOn("cranmer"))
	require.True(t, s.Protestant(london))
	for _, id := range []string{"cranmer", "coverdale", "latimer"} {
		require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[deb(t, id)], id)
	}
	txt := eventText(&adjudicator.Result{Events: r.ev}, "papacy")
	require.Contains(t, txt, "Book of Common Prayer joins the deck (HIS-21.3g-h).")
	require.Contains(t, txt, "The reformer Cranmer enters London.")
	mustCheck(t, s)
}

// maryGame is England's impulse of turn 7 under Mary I, London and
// Norwich Protestant, Cranmer's debaters in play, with the cards given.
func maryGame(t *testing.T, hand ...uint8) *St {
	t.Helper()
	s := englandImpulse(t, 7, hand...)
	s.Ruler[England] = uint8(rulerByID["mary_i"])
	for _, id := range []string{"london", "norwich", "lincoln"} {
		s.Prot.set(sp(t, id))
	}
	for _, id := range []string{"cranmer", "coverdale", "latimer"} {
		s.Rel.Debater[deb(t, id)] = DebUncommitted
	}
	mustCheck(t, s)
	return s
}

func responseCard(t *testing.T) uint8 {
	t.Helper()
	for n := 1; n <= NBase; n++ {
		if c := cards[n]; c.Type == CardResponse && c.EntryCond == EntryTurn && c.Entry <= 1 {
			return uint8(n)
		}
	}
	t.Fatal("no response card")
	return 0
}

// HIS-21.3j, HIS-21.3k, HIS-18.1o, HIS-18.1q: Mary I's procedure. England
// shows its card; on 4-6 it is played as written; on 1-3 the Papacy uses
// its CP in England - Burn Books in the English zone for 1-2 CP, a
// Theological Debate there for 3, both for 4 or more (the books first) -
// and England's impulse ends, its further orders dropped. Nothing of it
// while every English home space is Catholic, nor for a Mandatory Event;
// Response and Combat cards go for CP only.
func TestHIS21_3j_MaryI(t *testing.T) {
	two, three, four := cardWith(t, 2), cardWith(t, 3), cardWith(t, 4)
	s := maryGame(t, two, three, four)
	n := func(c uint8) string { return fmt.Sprintf("%d", c) }

	// 4-6: played as England chose.
	ns, res := submit(t, s, England, rolls(5), "play "+n(two)+" for cp")
	require.Equal(t, 2, ns.Flow.CP)
	require.Contains(t, eventText(res, "papacy"), "Mary I's die rolls 5: England plays it as it chose (HIS-21.3j).")
	readsAll(t, ns, res)

	// 1-3 with 2 CP: the Papacy burns books; England's orders stop.
	ns, res = submit(t, s, England, rolls(2), "play "+n(two)+" for cp", "done")
	require.Contains(t, eventText(res, "papacy"), "the Papacy uses its 2 CP in England and England's impulse ends (HIS-21.3j).")
	require.Contains(t, eventText(res, "england"), "your orders from line 2 are dropped.")
	require.Contains(t, eventText(res, "papacy"), "The Papacy burns books in the English zone.")
	require.True(t, containsCard(ns.Discard, int(two)))
	require.Equal(t, []adjudicator.Role{"papacy"}, ns.Owing())
	readsAll(t, ns, res)
	ns, _ = submit(t, ns, Papacy, rolls(6, 6, 6, 6, 1, 1, 1, 1), "target london")
	ns, _ = submit(t, ns, Papacy, testdice.New(5), ns.defaultLines(Papacy)...)
	require.Equal(t, France, ns.Active, "England's impulse is over")
	require.False(t, ns.Protestant(sp(t, "london")))

	// 3 CP: a debate in the English zone.
	ns, res = submit(t, s, England, rolls(1), "play "+n(three)+" for cp")
	require.Contains(t, eventText(res, "papacy"), "Papacy calls a theological debate in the English zone")
	require.NotContains(t, eventText(res, "papacy"), "burns books")

	// 4 CP: the books, then the debate once the targets are chosen.
	ns, res = submit(t, s, England, rolls(3), "play "+n(four)+" for cp")
	require.True(t, ns.Henry.MaryDebate)
	require.NotContains(t, eventText(res, "papacy"), "theological debate")
	for i := 0; i < 4 && ns.Henry.MaryDebate; i++ {
		ns, res = submit(t, ns, Papacy, testdice.New(uint64(i)), ns.defaultLines(Papacy)...)
	}
	require.False(t, ns.Henry.MaryDebate)
	require.Contains(t, eventText(res, "papacy"), "Papacy calls a theological debate in the English zone")

	// No procedure while England is all Catholic: no die is rolled.
	c := s.clone()
	c.Prot = locSet{}
	ns, _ = submit(t, c, England, &testdice.Script{}, "play "+n(two)+" for cp")
	require.Equal(t, 2, ns.Flow.CP)
	// Response cards for CP only.
	resp := responseCard(t)
	c = maryGame(t, resp)
	withEvent(t, int(resp), cardEvent{play: func(r *run, p int, args string) error { return nil }})
	rej := refuse(t, c, England, "play "+n(resp)+" for event")
	require.Contains(t, rej.Problems[0].Reason, "for CP only (HIS-21.3k)")
}
