package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// readAll checks that every line of the events is told in English,
// Spanish and Italian.
func readAll(t *testing.T, res *adjudicator.Result) {
	t.Helper()
	cat := gameCatalog(t)
	for _, e := range res.Events {
		for _, l := range strings.Split(e.Text, "\n") {
			m, ok := (&St{}).NarrationMsg(l)
			require.True(t, ok, "not read: %q", l)
			checkMsg(t, cat, "event", l, m)
		}
	}
}

// readWhy checks that a rejection's first reason is read in every
// language.
func readWhy(t *testing.T, rej *adjudicator.Rejection) {
	t.Helper()
	explain(rej)
	require.NotNil(t, rej.Problems[0].ReasonMsg, "reason not read: %q", rej.Problems[0].Reason)
	checkMsg(t, gameCatalog(t), "reason", rej.Problems[0].Reason, *rej.Problems[0].ReasonMsg)
}

// mandAt is a game in the Action Phase of turn `turn` with power p
// holding exactly the cards given.
func mandAt(t *testing.T, turn, p int, cs ...uint8) *St {
	t.Helper()
	s := toAction(t, 3)
	s.Turn, s.Active = turn, p
	for _, c := range cs {
		s.OptionalCards = s.OptionalCards || cards[c].Optional
	}
	deal(s, p, cs...)
	mustCheck(t, s)
	return s
}

// HIS-21.2a, HIS-21.6a, HIS-21.6b, HIS-21.6d, HIS-21.6e, HIS-21.6f, HIS-21.6g,
// HIS-21.6h, HIS-21.6i, HIS-21.6j, HIS-6.1d: #13 Schmalkaldic League is
// played from turn 2 once 12 spaces are Protestant (unrest counts); until
// then it is held and does not block passing. Played, it forms the League:
// war with the Hapsburg and the Papacy that no deal ends, Protestant home
// spaces Protestant in religion under Protestant control (Hapsburg troops
// there leave), Protestant regulars in Catholic electorates go to the
// nearest Protestant one, electorates Protestant in both receive their
// display regulars, John Frederick and Philip of Hesse join the nearest
// stacks; the Protestant may then move and build, and the player spends 2
// CP.
func TestHIS21_6_SchmalkaldicLeague(t *testing.T) {
	s := mandAt(t, 1, France, cardLeague)
	rej := refuse(t, s, France, "play 13")
	require.Contains(t, rej.Problems[0].Reason, "from turn 2")
	readWhy(t, rej)
	ok, why := s.CanPass(France)
	require.True(t, ok, why)
	require.NotContains(t, strings.Join(s.playChoices(France), "|"), "Schmalkaldic")

	s.Turn = 2
	rej = refuse(t, s, France, "play schmalkaldic league")
	require.Contains(t, rej.Problems[0].Reason, "needs 12 Protestant spaces and there are 6")
	readWhy(t, rej)

	// 12 Protestant spaces, one in unrest; Mainz Protestant (1 regular on
	// the display); Protestant regulars in Catholic Augsburg; a Hapsburg
	// regular in Protestant Erfurt.
	for _, id := range []string{"mainz", "erfurt", "leipzig", "kassel", "nuremberg"} {
		s.Prot.set(sp(t, id))
	}
	s.Unrest.set(sp(t, "nuremberg"))
	s.addUnits(sp(t, "augsburg"), Protestant, Force{Reg: 2})
	s.Display[electorateIndex(sp(t, "augsburg"))] = 0
	s.addUnits(sp(t, "erfurt"), Hapsburg, Force{Reg: 1})
	require.Equal(t, 11, s.Prot.count())
	require.Error(t, s.eventPlayable(France, cardLeague))
	s.Prot.set(sp(t, "worms"))
	mustCheck(t, s)
	ok, _ = s.CanPass(France)
	require.False(t, ok, "a playable Mandatory Event blocks passing")
	require.Contains(t, strings.Join(s.playChoices(France), "|"), "play 13 Schmalkaldic League for event")

	// Before the League nobody but the Protestant enters an electorate.
	require.ErrorContains(t, s.canEnter(Hapsburg, sp(t, "cologne"), false), "before the Schmalkaldic League")
	require.False(t, s.retreatLegal(Hapsburg, sp(t, "cologne"), NoPower))
	require.Error(t, s.militaryAllowed(Protestant))

	ns, res := submit(t, s, France, testdice.New(1), "play 13")
	readAll(t, res)
	require.True(t, ns.League)
	require.True(t, ns.Removed.has(cardLeague))
	require.True(t, ns.AtWar(Protestant, Hapsburg) && ns.AtWar(Protestant, Papacy))
	for _, id := range []string{"wittenberg", "brandenburg", "magdeburg", "lubeck", "stettin", "mainz", "erfurt", "leipzig", "kassel", "nuremberg", "worms"} {
		require.Equal(t, Protestant, ns.Controller(sp(t, id)), id)
	}
	for _, id := range []string{"augsburg", "cologne", "trier", "munster"} {
		require.Equal(t, Hapsburg, ns.Controller(sp(t, id)), id)
	}
	require.Zero(t, ns.Units[sp(t, "erfurt")][Hapsburg].Land(), "Hapsburg troops leave Erfurt")
	require.True(t, ns.InUnrest(sp(t, "nuremberg")), "unrest stays")
	// Augsburg's regulars: to the nearest Protestant electorate (Mainz
	// and Wittenberg are farther than... whichever is nearest).
	require.Zero(t, ns.Units[sp(t, "augsburg")][Protestant].Land())
	require.Contains(t, eventText(res, roleOf(France)), "2 Protestant regulars leave Catholic Augsburg for")
	// Mainz: its display regular arrives with the League (HIS-21.6j).
	require.Equal(t, uint8(0), ns.Display[electorateIndex(sp(t, "mainz"))])
	require.GreaterOrEqual(t, ns.Units[sp(t, "mainz")][Protestant].Reg, uint8(1))
	require.Equal(t, int16(sp(t, "wittenberg")), ns.Leader[ldr(t, "john_frederick")])
	require.Equal(t, int16(sp(t, "mainz")), ns.Leader[ldr(t, "philip_of_hesse")])
	require.Equal(t, France, ns.Active, "the 2 CP of the Mandatory Event come next")
	require.Equal(t, 2, ns.Flow.CP)
	require.NoError(t, ns.militaryAllowed(Protestant))
	require.NoError(t, ns.canEnter(Hapsburg, sp(t, "cologne"), false))
	require.Equal(t, ns.SpecialVP(Hapsburg), 3, "Hapsburg electorates now score (HIS-23.2f)")

	// A converted electorate taken later receives its regulars then.
	col := sp(t, "cologne")
	ns.Prot.set(col)
	require.Nil(t, ns.displayArrivals(col), "not yet Protestant-controlled")
	ns.Ctrl[col] = Protestant
	require.Equal(t, []string{"1 Protestant regular enters Cologne from the Electorate display (HIS-21.6c)."}, ns.displayArrivals(col))
	require.Equal(t, uint8(1), ns.Units[col][Protestant].Reg)

	// The event is played once: it is gone.
	require.Error(t, ns.eventPlayable(Protestant, cardLeague))
}

// HIS-19.8a, HIS-21.6d: Mandatory Events not played by their deadline
// occur in Winter, pulled from a hand or the deck, with no CP: the League
// in turn 4 (with fewer than 12 Protestant spaces), Paul III, Clement VII.
func TestHIS19_8a_WinterMandatoryEvents(t *testing.T) {
	s := mandAt(t, 4, Papacy, cardLeague)
	s.Phase, s.Flow.Card, s.Flow.CP = PhWinter, 0, 0
	s.Deck = append(s.Deck, 14)
	s.Removed.clear(14)
	for i, c := range s.Discard {
		if c == 14 {
			s.Discard = append(s.Discard[:i:i], s.Discard[i+1:]...)
		}
	}
	mustCheck(t, s)
	c := s.clone()
	r := &run{s: c, dice: testdice.New(1)}
	r.mandatoryWinter()
	require.True(t, c.League)
	require.True(t, c.Removed.has(cardLeague) && c.Removed.has(14))
	require.False(t, containsCard(c.Hands[Papacy], cardLeague))
	require.True(t, c.rulerIs(Papacy, "paul_iii"))
	require.Equal(t, 2, c.Flow.CP+2, "no CP in winter")
	mustCheck(t, c)
	readAll(t, &adjudicator.Result{Events: r.ev})
}

// HIS-3.3a, HIS-3.3b, HIS-3.3c: the new rulers: #10 Clement VII, #14 Paul
// III, #22 Julius III (admin and card bonus change; Paul III and Julius
// III win Counter-Reformation ties), #20 Henry II (the Henry II leader
// takes Francis I's place) and #16 Calvin (Luther dies as reformer and
// debater).
func TestHIS3_3_NewRulers(t *testing.T) {
	s := mandAt(t, 6, England, 10, 14, 16, 20, 22)
	paris := sp(t, "paris")
	s.Leader[ldr(t, "francis_i")] = int16(sp(t, "lyon"))
	mustCheck(t, s)
	for _, c := range []struct {
		card  string
		power int
		ruler string
	}{{"10", Papacy, "clement_vii"}, {"14", Papacy, "paul_iii"}, {"22", Papacy, "julius_iii"},
		{"20", France, "henry_ii"}, {"16", Protestant, "calvin"}} {
		ns, res := submit(t, s, England, testdice.New(1), "play "+c.card, "done")
		readAll(t, res)
		require.True(t, ns.rulerIs(c.power, c.ruler), c.card)
		s = ns
		s.Active = England
		s.Passes = 0
		require.Contains(t, eventText(res, roleOf(Ottoman)), rulers[s.Ruler[c.power]].Name+" is the new ruler of "+powers[c.power].Name)
	}
	require.Equal(t, int16(sp(t, "lyon")), s.Leader[ldr(t, "henry_ii")])
	require.Equal(t, int16(LeaderRemoved), s.Leader[ldr(t, "francis_i")])
	require.Equal(t, int16(ReformerRemoved), s.Rel.Reformer[reformerByID["luther"]])
	require.Equal(t, uint8(DebRemoved), s.Rel.Debater[deb(t, "luther")])
	require.Equal(t, 1, rulers[s.Ruler[Papacy]].CardBonus)
	_ = paris
}

// HIS-21.5b, HIS-18.2c, HIS-18.1r: #15 Society of Jesus places two Jesuit
// universities in Catholic spaces the Papacy names (by default where they
// help most) and opens Found Jesuit University; a space not Catholic is
// refused with the legal choice.
func TestHIS21_5b_SocietyOfJesus(t *testing.T) {
	s := mandAt(t, 5, Papacy, 15)
	require.Error(t, s.CanFoundJesuitCheck())
	rej := refuse(t, s, Papacy, "play 15 for event: wittenberg, rome")
	require.Contains(t, rej.Problems[0].Reason, "Wittenberg is not a Catholic space")
	require.NotEmpty(t, rej.Problems[0].Legal)
	readWhy(t, rej)
	ns, res := submit(t, s, Papacy, testdice.New(1), "play 15 society of jesus for event: milan, rome")
	readAll(t, res)
	require.True(t, ns.Rel.SocietyOfJesus)
	for _, id := range []string{"milan", "rome"} {
		require.True(t, ns.Rel.Jesuit.has(sp(t, id)), id)
	}
	require.NoError(t, ns.CanFoundJesuitCheck())
	// Played by another power: the Papacy is asked for the spaces, then
	// the player spends its 2 CP.
	s = mandAt(t, 5, France, 15)
	ns, res = submit(t, s, France, testdice.New(1), "play 15")
	readAll(t, res)
	require.True(t, ns.Rel.SocietyOfJesus)
	require.Equal(t, []int{Papacy}, ns.owingPowers())
	pr := ns.powerPrompt(Papacy)
	require.Equal(t, "event-choice", pr.Kind)
	require.Contains(t, pr.Text, "Society of Jesus: name the two Catholic spaces")
	m, ok := promptMsg(pr.Text)
	require.True(t, ok)
	checkMsg(t, gameCatalog(t), "prompt", pr.Text, m)
	rej = refuse(t, ns, Papacy, "universities in wittenberg, rome")
	require.Contains(t, rej.Problems[0].Reason, "Wittenberg is not a Catholic space")
	ns, res = submit(t, ns, Papacy, testdice.New(1), pr.Template...)
	readAll(t, res)
	require.Equal(t, 2, ns.Rel.Jesuit.count())
	for _, x := range s.jesuitDefault() {
		require.True(t, ns.Rel.Jesuit.has(x))
	}
	require.Equal(t, France, ns.Active)
	require.Equal(t, []int{France}, ns.owingPowers())
	require.Equal(t, 2, ns.Flow.CP)
	// In Winter the default spaces.
	s = mandAt(t, 6, France, 15)
	s.Phase, s.Flow.Card, s.Flow.CP = PhWinter, 0, 0
	s.Turn = 6
	c := s.clone()
	r := &run{s: c, dice: testdice.New(1)}
	r.mandatoryWinter()
	require.Equal(t, 2, c.Rel.Jesuit.count())
	mustCheck(t, c)
}

// CanFoundJesuitCheck says whether the Papacy may found a university now.
func (s *St) CanFoundJesuitCheck() error {
	c := s.clone()
	c.Flow.CP = 12
	_, err := c.religiousCost(Papacy, order{verb: "jesuit", to: spaceByID["florence"], deb: 0})
	return err
}

// HIS-6.1a, HIS-6.1d, HIS-11d: #11 Defender of the Faith gives the Papacy 3
// Counter-Reformation attempts in any zone (and England a card when
// England plays it); #12 Master of Italy scores the five Italian spaces;
// #113 Imperial Coronation and #114 La Forêt's Embassy draw cards when
// their conditions hold; each card is played as an event once a turn.
func TestHIS6_1d_OtherMandatoryEvents(t *testing.T) {
	s := mandAt(t, 2, England, 11)
	s.Prot.set(sp(t, "mainz"))
	hand := len(s.Hands[England])
	ns, res := submit(t, s, England, testdice.New(1), "play 11")
	readAll(t, res)
	require.NotNil(t, ns.Rel.Pending)
	require.True(t, ns.Rel.Pending.Counter)
	require.Equal(t, Papacy, ns.Rel.Pending.Power)
	require.Equal(t, hand, len(ns.Hands[England]), "played one, drew one")
	require.NotContains(t, eventText(res, roleOf(France)), "England draws #")

	// Master of Italy: France holds Milan and Genoa and Florence.
	s = mandAt(t, 2, Ottoman, 12)
	s.Ctrl[sp(t, "genoa")], s.Ctrl[sp(t, "florence")] = France, France
	vp := s.BonusVP[France]
	rej := refuse(t, s, Ottoman, "play 12 for event: genoa")
	require.Contains(t, rej.Problems[0].Reason, "takes no choices")
	require.Equal(t, []string{"play 12 Master of Italy for event"}, rej.Problems[0].Legal)
	readWhy(t, rej)
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play 12", "done")
	readAll(t, res)
	require.Equal(t, vp+1, ns.BonusVP[France])
	require.True(t, containsCard(ns.Discard, 12), "Master of Italy stays in the deck")
	// Once a turn (HIS-11d): it cannot come back as an event this turn.
	require.Error(t, ns.eventPlayable(Ottoman, 12))

	// Imperial Coronation: Charles V in Italy.
	s = mandAt(t, 3, France, 113)
	s.Leader[ldr(t, "charles_v")] = int16(sp(t, "naples"))
	h, f := len(s.Hands[Hapsburg]), len(s.Hands[France])
	ns, res = submit(t, s, France, testdice.New(1), "play 113", "done")
	readAll(t, res)
	require.Equal(t, h+1, len(ns.Hands[Hapsburg]))
	require.Equal(t, f, len(ns.Hands[France]))
	// La Forêt's Embassy without the alliance: nothing.
	s = mandAt(t, 3, France, 114)
	ns, res = submit(t, s, France, testdice.New(1), "play 114", "done")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "not allied")
	require.Equal(t, len(s.Hands[Ottoman]), len(ns.Hands[Ottoman]))
}

// HIS-6.1d, HIS-18.2h: #17 Council of Trent: the Papacy commits up to 4
// uncommitted debaters (named when it plays the card, else asked), then
// the Protestant up to 2 (asked); each rolls its debaters'
// total value in dice, Pole adding one for the Papacy; the side with more
// hits flips the difference; the card stays in the deck.
func TestHIS6_1d_CouncilOfTrent(t *testing.T) {
	s := mandAt(t, 6, Papacy, 17)
	for _, id := range []string{"pole", "caraffa", "loyola", "faber", "canisius"} {
		s.Rel.Debater[deb(t, id)] = DebUncommitted
	}
	mustCheck(t, s)
	rej := refuse(t, s, Papacy, "play 17 for event: eck, luther")
	require.Contains(t, rej.Problems[0].Reason, "not an uncommitted debater of Papacy")
	readWhy(t, rej)
	rej = refuse(t, s, Papacy, "play 17 for event: eck, pole, loyola, faber, canisius")
	require.Contains(t, rej.Problems[0].Reason, "up to 4")
	// Eck 3 + Pole 3 + 1: 7 dice; the Protestant is asked and commits
	// Luther 4 + Melanchthon 3: 7 dice.
	ns, res := submit(t, s, Papacy, testdice.New(1), "play 17 council of trent for event: eck, pole")
	readAll(t, res)
	require.Equal(t, []int{Protestant}, ns.owingPowers())
	pr := ns.powerPrompt(Protestant)
	require.Equal(t, "event-choice", pr.Kind)
	m, ok := promptMsg(pr.Text)
	require.True(t, ok)
	checkMsg(t, gameCatalog(t), "prompt", pr.Text, m)
	require.Equal(t, []string{"commit luther, melanchthon", "commit none"}, ns.decisionChoices(Decision{DecChoice, Protestant}))
	rej = refuse(t, ns, Protestant, "commit luther, melanchthon, bucer")
	require.Contains(t, rej.Problems[0].Reason, "up to 2")
	readWhy(t, rej)
	rolls := []int{6, 6, 5, 5, 1, 1, 1, 5, 1, 1, 1, 1, 1, 1}
	ns, res = submit(t, ns, Protestant, &testdice.Script{Rolls: rolls}, "commit luther, melanchthon")
	readAll(t, res)
	txt := eventText(res, roleOf(Protestant))
	require.Contains(t, txt, "Papacy commits Eck and Pole and rolls 7 dice")
	require.Contains(t, txt, "Protestant commits Luther and Melanchthon and rolls 7 dice")
	require.Contains(t, txt, "The Papacy wins the Council of Trent: 3 spaces to flip.")
	require.NotNil(t, ns.Rel.Pending)
	require.True(t, ns.Rel.Pending.Flip && ns.Rel.Pending.Counter)
	require.Equal(t, 3, ns.Rel.Pending.N)
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[deb(t, "pole")])
	require.True(t, containsCard(ns.Discard, 17))
	require.Zero(t, ns.Mand.Ask)
	// Played by another power: the Papacy is asked, then the Protestant.
	s = mandAt(t, 6, France, 17)
	ns, _ = submit(t, s, France, testdice.New(4), "play 17")
	require.Equal(t, []int{Papacy}, ns.owingPowers())
	require.Equal(t, "commit eck, campeggio, aleander, tetzel", ns.defaultLines(Papacy)[0])
	ns, _ = submit(t, ns, Papacy, testdice.New(4), "commit eck")
	require.Equal(t, []int{Protestant}, ns.owingPowers())
	ns, res = submit(t, ns, Protestant, testdice.New(4), "commit none")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Council of Trent: Protestant has no uncommitted debater.")
	require.Contains(t, eventText(res, roleOf(France)), "Papacy commits Eck and rolls 3 dice")
	// Played by the Protestant: the Papacy first, then the Protestant.
	s = mandAt(t, 6, Protestant, 17)
	rej = refuse(t, s, Protestant, "play 17 for event: luther")
	require.Contains(t, rej.Problems[0].Reason, "the Papacy commits its debaters first")
	readWhy(t, rej)
	ns, _ = submit(t, s, Protestant, testdice.New(4), "play 17")
	require.Equal(t, []int{Papacy}, ns.owingPowers())
	ns, _ = submit(t, ns, Papacy, testdice.New(4), "commit none")
	require.Equal(t, []int{Protestant}, ns.owingPowers())
	ns, res = submit(t, ns, Protestant, testdice.New(4), "commit luther")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Protestant commits Luther and rolls 4 dice")
	require.Equal(t, 2, ns.Flow.CP, "then the Protestant's 2 CP")
}
