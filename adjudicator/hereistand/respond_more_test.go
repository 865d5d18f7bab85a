package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// HIS-6.1g, HIS-6.1a: Swiss Mercenaries played outside a combat, in the
// response window of another power's move: France places 4 new
// mercenaries in a space holding French land units (here the space the
// Hapsburg moves into) and the move goes on; a wrong count is refused and
// changes nothing.
func TestHIS6_1g_MercenariesInTheWindow(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 1)
	deal(s, France, cardSwiss)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon")
	p := onlyPrompt(t, s, "france", "response", "no card")
	require.Contains(t, p.Choices, "play 36 Swiss Mercenaries: 4 in Dijon")
	readWhy(t, refuse(t, s, France, "play swiss mercenaries: 3 in dijon"))
	readWhy(t, refuse(t, s, France, "play swiss mercenaries: 4 in besancon"))
	s, res := submit(t, s, France, testdice.New(1), "play swiss: 4 in dijon")
	readAll(t, res)
	require.Equal(t, []string{"play 36 Swiss Mercenaries: 4 in dijon"}, res.Canonical)
	require.EqualValues(t, 4, s.Units[sp(t, "dijon")][France].Merc, "placed before the battle")
	require.False(t, handHas(s, France, cardSwiss))
	onlyPrompt(t, s, "france", "avoid-battle", "stand") // the move goes on
}

// HIS-6.1g, HIS-6.1a: Landsknechts and Swiss Mercenaries as the card of
// one's own impulse: the Hapsburg places 4 mercenaries, another power 2;
// the Ottoman's Landsknechts eliminates 2 mercenaries of other powers,
// its Swiss Mercenaries has France place 4.
func TestHIS6_1g_MercenariesAsEvents(t *testing.T) {
	s := mandAt(t, 3, Hapsburg, cardLandsknechts)
	before := s.mercTotal(Hapsburg)
	ex := s.mercExamples(Hapsburg, cardLandsknechts)
	require.Len(t, ex, 1)
	require.Contains(t, ex[0], "4 in ")
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play 33 for event: "+ex[0])
	readAll(t, res)
	require.Equal(t, before+4, ns.mercTotal(Hapsburg))
	readWhy(t, refuse(t, s, Hapsburg, "play 33 for event: 2 in "+ex[0][len("4 in "):]))

	s = mandAt(t, 3, England, cardSwiss)
	before = s.mercTotal(England)
	ex = s.mercExamples(England, cardSwiss)
	require.Contains(t, ex[0], "2 in ")
	ns, res = submit(t, s, England, testdice.New(1), "play 36 for event: "+ex[0])
	readAll(t, res)
	require.Equal(t, before+2, ns.mercTotal(England))

	s = mandAt(t, 3, Ottoman, cardSwiss)
	before = s.mercTotal(France)
	ex = s.mercExamples(Ottoman, cardSwiss)
	require.Contains(t, ex[0], "4 in ")
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play 36 for event: "+ex[0])
	readAll(t, res)
	require.Equal(t, before+4, ns.mercTotal(France), "France places them")

	s = mandAt(t, 3, Ottoman, cardLandsknechts)
	for sp := 0; sp < NS; sp++ {
		for q := 0; q < NPow; q++ {
			s.Units[sp][q].Merc = 0
		}
	}
	s.reindex()
	require.Error(t, s.eventPlayable(Ottoman, cardLandsknechts), "no mercenaries to eliminate")
	put(t, s, "vienna", Hapsburg, Force{Merc: 1})
	put(t, s, "milan", France, Force{Merc: 2})
	readWhy(t, refuse(t, s, Ottoman, "play 33 for event: 2 hapsburg in vienna"))
	readWhy(t, refuse(t, s, Ottoman, "play 33 for event: vienna"))
	ns, res = submit(t, s, Ottoman, testdice.New(1), "play 33 for event: vienna, france in milan")
	readAll(t, res)
	require.Zero(t, ns.Units[sp(t, "vienna")][Hapsburg].Merc)
	require.EqualValues(t, 1, ns.Units[sp(t, "milan")][France].Merc)
}

// noMercCards discards Landsknechts and Swiss Mercenaries from every hand,
// so that the response windows of a test ask only about other cards.
func noMercCards(s *St) {
	for q := 0; q < NMajor; q++ {
		for _, n := range []int{cardLandsknechts, cardSwiss} {
			if handHasCard(s, q, n) {
				s.takeFromHand(q, n)
				s.discard(n)
			}
		}
	}
}

// HIS-18.5i, HIS-18.2h: when the first round of a debate the Papacy calls
// is tied, the Protestant is asked whether it commits Bullinger as its
// second-round debater before any draw (in any zone); declined, or with
// Bullinger committed, the draw is as before.
func TestHIS18_5i_BullingerInPapalDebate(t *testing.T) {
	s := inImpulse(t, Papacy, 0)
	noHereIStand(s)
	s.Turn = 3
	(&run{s: s, dice: testdice.New(1)}).religionCardDraw()
	b := deb(t, "bullinger")
	require.Equal(t, uint8(DebUncommitted), s.Rel.Debater[b])
	tie := func(s *St) {
		ones := make([]int, 30)
		for i := range ones {
			ones[i] = 1
		}
		(&run{s: s, dice: &testdice.Script{Rolls: ones}}).debate(Papacy, LangGerman, false, deb(t, "eck"), deb(t, "melanchthon"))
	}
	tie(s)
	mustCheck(t, s)
	p := onlyPrompt(t, s, "protestant", "response", "no card")
	require.Equal(t, []string{"no card", "commit Bullinger"}, p.Choices)
	require.Equal(t, "Debate in the German zone: the first round is tied. You may commit Bullinger as your debater of the second round: write bullinger, or no card (HIS-18.5i).", p.Text)
	require.NotNil(t, p.TextMsg)
	require.Contains(t, gameCatalog(t).Text("es", *p.TextMsg), "Bullinger")
	readWhy(t, refuse(t, s, Protestant, "commit luther"))

	ns, res := submit(t, s, Protestant, testdice.New(1), "Commit Bullinger")
	readAll(t, res)
	require.Equal(t, []string{"commit Bullinger"}, res.Canonical)
	text := eventText(res, "england")
	require.Contains(t, text, "Protestant commits Bullinger for its bonus.")
	require.Contains(t, text, "against Bullinger (2).")
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[b])
	require.Nil(t, ns.Flow.Resp.Debate)

	ns, res = submit(t, s, Protestant, testdice.New(1), "no card")
	readAll(t, res)
	require.NotContains(t, eventText(res, "england"), "commits Bullinger")
	require.Contains(t, eventText(res, "england"), "Second round:")

	// Bullinger committed: nobody is asked and the debate goes on.
	s = inImpulse(t, Papacy, 0)
	noHereIStand(s)
	s.Rel.Debater[b] = DebCommitted
	tie(s)
	require.Nil(t, s.Flow.Resp.Debate)
	for _, pr := range s.Prompts() {
		require.NotEqual(t, "response", pr.Kind)
	}
}

// HIS-6.1g, HIS-16.1j: Professional Rowers after a naval interception
// roll: any power holding it, the roller first, may add 2 to the roll or
// take 2 from it; the result waits for the answers.
func TestHIS6_1g_RowersOnNavalRolls(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	s.Ctrl[sp(t, "tunis")] = Ottoman
	put(t, s, "tunis", Ottoman, Force{Sq: 2, Cor: 1})
	ion := seaLoc(sz(t, "ionian_sea"))
	s.addUnits(ion, Hapsburg, Force{Sq: 1})
	play := impulseFor(t, s, Ottoman, 2)
	deal(s, France, cardRowers)
	s, _ = submit(t, s, Ottoman, testdice.New(1), play, "naval move tunis to barbary")
	onlyPrompt(t, s, "hapsburg", "naval-intercept", "decline")
	s, res := submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{3, 4}}, "intercept from ionian")
	require.NotContains(t, eventText(res, "france"), "fails", "the result waits")
	p := onlyPrompt(t, s, "france", "response", "no card")
	require.Equal(t, []string{"no card", "play 34 Professional Rowers: +2", "play 34 Professional Rowers: -2"}, p.Choices)
	require.Contains(t, p.Text, "Hapsburg rolled 7 to intercept from Ionian Sea into Barbary Coast (9 needed).")
	require.NotNil(t, p.TextMsg)
	readWhy(t, refuse(t, s, France, "play professional rowers: +3"))

	ns, res := submit(t, s, France, &testdice.Script{Rolls: make([]int, 20)}, "play professional: +2")
	readAll(t, res)
	require.Equal(t, []string{"play 34 Professional Rowers: +2"}, res.Canonical)
	text := eventText(res, "papacy")
	require.Contains(t, text, "Professional Rowers: Hapsburg's roll becomes 9.")
	require.Contains(t, text, "The interception succeeds.")
	require.True(t, discarded(ns, cardRowers))

	ns, res = submit(t, s, France, testdice.New(1), "no card")
	require.Contains(t, eventText(res, "papacy"), "The interception fails (9 needed).")
	require.True(t, handHas(ns, France, cardRowers))
}

// HIS-6.1g, HIS-16.1j: Professional Rowers on an avoid-battle roll at sea:
// the power that rolled is asked first and may take the +2 itself.
func TestHIS6_1g_RowersOnAvoidBattle(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	put(t, s, "marseille", France, Force{Sq: 2})
	gol := seaLoc(sz(t, "gulf_of_lyon"))
	s.addUnits(gol, Hapsburg, Force{Sq: 1})
	play := impulseFor(t, s, France, 3)
	deal(s, Hapsburg, cardRowers)
	s, _ = submit(t, s, France, testdice.New(1), play, "naval move marseille to gulf of lyon")
	p := onlyPrompt(t, s, "hapsburg", "naval-avoid", "stand")
	var avoid string
	for _, c := range p.Choices {
		if strings.HasPrefix(c, "avoid") {
			avoid = c
			break
		}
	}
	require.NotEmpty(t, avoid)
	s, _ = submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{3, 4}}, avoid)
	p = onlyPrompt(t, s, "hapsburg", "response", "no card")
	require.Contains(t, p.Text, "Hapsburg rolled 7 to avoid battle from Gulf of Lyon")
	s, res := submit(t, s, Hapsburg, testdice.New(1), "play professional rowers: +2")
	readAll(t, res)
	require.Contains(t, eventText(res, "france"), "The attempt succeeds.")
	require.Zero(t, s.Units[gol][Hapsburg].Naval())
}

// A debate waiting for Bullinger in any debate zone is saved and read
// back with the game (HIS-18.5i): the English zone too.
func TestHIS18_5i_WaitingDebateSavedInEveryZone(t *testing.T) {
	for _, zone := range []int{LangGerman, LangFrench, LangEnglish} {
		s := inImpulse(t, Papacy, 0)
		noHereIStand(s)
		s.Turn = 3
		(&run{s: s, dice: testdice.New(1)}).religionCardDraw()
		ones := make([]int, 30)
		for i := range ones {
			ones[i] = 1
		}
		(&run{s: s, dice: &testdice.Script{Rolls: ones}}).debate(Papacy, zone, false, deb(t, "eck"), deb(t, "melanchthon"))
		require.NotNil(t, s.Flow.Resp.Debate, "zone %d", zone)
		data, err := s.Encode()
		require.NoError(t, err)
		back, err := Game{}.Decode(data)
		require.NoError(t, err, "zone %d", zone)
		again, err := back.(*St).Encode()
		require.NoError(t, err)
		require.Equal(t, string(data), string(again))
	}
}
