package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// akinjiSetup is a game where the Ottoman, at war with the Hapsburg,
// holds Akinji Raiders and has 1 cavalry two spaces from a Hapsburg space, the space
// between under Ottoman control; the Hapsburg holds one card.
func akinjiSetup(t *testing.T) (*St, int, int) {
	t.Helper()
	s := mandAt(t, 2, Ottoman, cardAkinji)
	s.setWar(Ottoman, Hapsburg, true)
	for v := 0; v < NS; v++ {
		if s.Controller(v) != Hapsburg {
			continue
		}
		for _, e := range spaces[v].Nbr {
			m := int(e.To)
			if s.Controller(m) == Hapsburg || !s.unoccupied(m) {
				continue
			}
			for _, f := range spaces[m].Nbr {
				a := int(f.To)
				if a == v || !s.unoccupied(a) || !akinjiOnly(s, a, m) {
					continue
				}
				s.Ctrl[m], s.Ctrl[a] = Ottoman, Ottoman
				s.addUnits(a, Ottoman, Force{Cav: 1})
				deal(s, Hapsburg, 65)
				return s, m, a
			}
		}
	}
	t.Fatal("no space two from a Hapsburg space")
	return nil, 0, 0
}

// akinjiOnly reports whether the neighbours of a, but m, are neither
// Hapsburg nor Ottoman.
func akinjiOnly(s *St, a, m int) bool {
	for _, e := range spaces[a].Nbr {
		if c := s.Controller(int(e.To)); int(e.To) != m && (c == Hapsburg || c == Ottoman) {
			return false
		}
	}
	return true
}

// HIS-6.1a, HIS-6.1e, HIS-11c: #66 Akinji Raiders ("if the Ottoman is at
// war with a power and has cavalry within 2 spaces, through Ottoman-
// controlled spaces, of a space that power controls, the Ottoman takes a
// random card from that power"). Only the Ottoman plays it; the space
// between must be Ottoman; only the two powers learn the card.
func TestHIS6_1e_AkinjiRaiders(t *testing.T) {
	s, m, a := akinjiSetup(t)
	rej := refuse(t, s, Ottoman, "play akinji raiders for event: france")
	require.Contains(t, rej.Problems[0].Reason, "France may not be raided")
	require.Equal(t, []string{"hapsburg"}, rej.Problems[0].Legal)
	readWhy(t, rej)
	ns, res := submit(t, s, Ottoman, testdice.New(1), "play akinji raiders for event: hapsburg")
	readAll(t, res)
	require.True(t, containsCard(ns.Hands[Ottoman], 65))
	require.Empty(t, ns.Hands[Hapsburg])
	require.Contains(t, eventText(res, roleOf(France)), "Akinji Raiders: Ottoman cavalry raids Hapsburg.")
	require.NotContains(t, eventText(res, roleOf(France)), "The card drawn is")
	require.Contains(t, eventText(res, roleOf(Hapsburg)), "The card drawn is #65")
	// With one target the power may be left out.
	ns, _ = submit(t, s, Ottoman, testdice.New(1), "play akinji raiders for event")
	require.True(t, containsCard(ns.Hands[Ottoman], 65))

	// The space between not Ottoman: out of reach.
	c := s.clone()
	c.Ctrl[m] = Independent
	require.ErrorContains(t, c.eventPlayable(Ottoman, cardAkinji), "within 2 spaces")
	// Not at war: no target.
	c = s.clone()
	c.setWar(Ottoman, Hapsburg, false)
	require.Error(t, c.eventPlayable(Ottoman, cardAkinji))
	// No card to take.
	c = s.clone()
	deal(c, Hapsburg)
	require.Error(t, c.eventPlayable(Ottoman, cardAkinji))
	// Cavalry gone: regulars do not raid.
	c = s.clone()
	require.NoError(t, c.removeUnits(a, Ottoman, Force{Cav: 1}))
	c.addUnits(a, Ottoman, Force{Reg: 1})
	require.Error(t, c.eventPlayable(Ottoman, cardAkinji))
	// Another power plays it for CP only.
	c = mandAt(t, 2, France, cardAkinji)
	rej = refuse(t, c, France, "play akinji raiders for event: hapsburg")
	require.Contains(t, rej.Problems[0].Reason, "only the Ottoman")
	readWhy(t, rej)
}

// HIS-6.1a, HIS-6.1e, HIS-11c: #86 Knights of St. John ("with the Knights
// on the map, unbesieged and one sea zone from an Ottoman port, take a
// random Ottoman card and add its CP to St. Peter's; with the Knights off
// the map, the Hapsburg places them in a Hapsburg home port that becomes
// an independent fortress"). The Knights start as the independent regular
// in Rhodes.
func TestHIS6_1e_KnightsOfStJohn(t *testing.T) {
	rhodes, malta := sp(t, "rhodes"), sp(t, "malta")
	s := mandAt(t, 2, Papacy, cardKnights)
	require.Equal(t, rhodes, s.knightsAt())
	deal(s, Ottoman, 65)
	ns, res := submit(t, s, Papacy, testdice.New(1), "play knights of st. john for event")
	readAll(t, res)
	require.Empty(t, ns.Hands[Ottoman])
	require.True(t, containsCard(ns.Discard, 65))
	require.Equal(t, s.Tracks.StPetersCP+cards[65].CP, ns.Tracks.StPetersCP+5*(ns.Tracks.StPetersVP-s.Tracks.StPetersVP))
	require.Contains(t, eventText(res, roleOf(France)), "Knights of St. John: the Knights in Rhodes raid the Ottoman: #65")

	// The Ottoman holding no card, or Rhodes besieged: no raid.
	c := s.clone()
	deal(c, Ottoman)
	require.ErrorContains(t, c.eventPlayable(Papacy, cardKnights), "holds no card")
	c = s.clone()
	c.Warfare.Siege.set(rhodes)
	require.Error(t, c.eventPlayable(Papacy, cardKnights))

	// Rhodes fallen: the Knights come to Malta (the default), an
	// independent fortress.
	require.NoError(t, s.removeUnits(rhodes, Independent, s.Units[rhodes][Independent]))
	s.Ctrl[rhodes] = Ottoman
	require.Equal(t, -1, s.knightsAt())
	rej := refuse(t, s, Papacy, "play knights of st. john for event: vienna")
	require.Contains(t, rej.Problems[0].Reason, "Vienna is not an unoccupied Hapsburg home port")
	readWhy(t, rej)
	ns, res = submit(t, s, Papacy, testdice.New(1), "play knights of st. john for event")
	readAll(t, res)
	require.Equal(t, Independent, ns.Controller(malta))
	require.Equal(t, Force{Reg: 1}, ns.Units[malta][Independent])
	require.True(t, ns.fortified(malta))
	require.Equal(t, malta, ns.knightsAt())
	require.Contains(t, eventText(res, roleOf(Ottoman)), "Knights of St. John: the Knights come to Malta, now an independent fortress.")
}

// HIS-6.1a, HIS-6.1e, HIS-10a: #109 Venetian Informant ("during Spring
// Deployment, before the deployment, you or a power you name secretly look
// at one power's hand"). It is the first line of the holder's Spring
// Deployment answer; only the power who looks is told the cards; in the
// Action Phase it is played for CP only.
func TestHIS6_1e_VenetianInformant(t *testing.T) {
	s := board(t)
	s.Turn, s.Phase, s.Active = 2, PhSpring, France
	put(t, s, "paris", France, Force{Reg: 2})
	deal(s, France, cardInformant, cardSpring)
	deal(s, Hapsburg, 65, 90)
	mustCheck(t, s)
	paris := sp(t, "paris")
	require.Contains(t, s.Prompts()[0].Choices, "play 109 Venetian Informant for event: hapsburg")
	rej := refuse(t, s, France, "play venetian informant for event")
	require.Contains(t, rej.Problems[0].Reason, "name the power whose hand is seen")
	readWhy(t, rej)
	rej = refuse(t, s, France, "play venetian informant for event: france")
	require.Contains(t, rej.Problems[0].Reason, "France looks at a hand other than its own")
	readWhy(t, rej)
	ns, res := submit(t, s, France, testdice.New(1), "play venetian informant for event: hapsburg")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Venetian Informant: the hand of Hapsburg holds #65")
	require.NotContains(t, eventText(res, roleOf(England)), "#65")
	require.Contains(t, eventText(res, roleOf(England)), "Venetian Informant: France looks at the hand of Hapsburg.")
	require.True(t, ns.playedAsEvent(cardInformant))
	require.True(t, containsCard(ns.Discard, cardInformant))
	require.NotEqual(t, France, ns.Active, "played alone: no deployment")
	// For another power, then Spring Preparations and the deployment.
	ns, res = submit(t, s, France, testdice.New(1), "play venetian informant for event: hapsburg for england",
		"play spring preparations for event", "deploy 3 from paris to "+spaces[sp(t, "lyon")].Name)
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(England)), "Venetian Informant: the hand of Hapsburg holds #65")
	require.NotContains(t, eventText(res, roleOf(France)), "#65")
	require.True(t, ns.playedAsEvent(cardSpring))
	require.Equal(t, Force{}, ns.Units[paris][France])
	// Once a turn; in the Action Phase for CP only.
	c := s.clone()
	c.Mand.Played[England].set(cardInformant)
	rej = refuse(t, c, France, "play venetian informant for event: hapsburg")
	require.Contains(t, rej.Problems[0].Reason, "already played")
	readWhy(t, rej)
	s.Phase = PhAction
	rej = refuse(t, s, France, "play venetian informant for event: hapsburg")
	require.Contains(t, rej.Problems[0].Reason, "Spring Deployment Phase only")
	readWhy(t, rej)
}

// HIS-6.1a, HIS-6.1e, HIS-22.2b: #116 Rough Wooing, optional ("with Edward
// born and alive and Scotland allied to France, England and France each
// roll a die and add their land units in Scotland; England 2 or more
// ahead takes Scotland as its ally"). Scripted dice: 6 against 1, then 3
// against 2.
func TestHIS22_2b_RoughWooing(t *testing.T) {
	s := mandAt(t, 5, England, cardWooing)
	require.ErrorContains(t, s.eventPlayable(England, cardWooing), "Edward")
	married(s, WifeBoleyn+1, 1, 6)
	require.ErrorContains(t, s.eventPlayable(England, cardWooing), "Scotland allied to France")
	_, err := s.ActivateMinor(Scotland, France)
	require.NoError(t, err)
	mustCheck(t, s)
	ns, res := submit(t, s, England, &testdice.Script{Rolls: []int{6, 1}}, "play rough wooing for event")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Rough Wooing: England totals 6, France 1.")
	require.Equal(t, England, ns.minorAlly(Scotland))
	require.Equal(t, England, ns.Controller(sp(t, "edinburgh")))
	// One ahead is not enough.
	ns, res = submit(t, s, England, &testdice.Script{Rolls: []int{3, 2}}, "play rough wooing for event")
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Scotland stays allied to France.")
	require.Equal(t, France, ns.minorAlly(Scotland))
	// Edward dead: Mary I reigns.
	c := s.clone()
	c.Ruler[England] = uint8(rulerByID["mary_i"])
	require.ErrorContains(t, c.eventPlayable(England, cardWooing), "Edward born and alive")
	rej := refuse(t, c, England, "play rough wooing for event")
	readWhy(t, rej)
}

// HIS-6.1a, HIS-6.1e, HIS-18.5b, HIS-18.5f: #112 Thomas More, optional
// ("played by England or the Protestant, More is executed: no debate in
// the English zone this turn, England draws a card and discards one, and
// the card is removed; played by another power, the Papacy calls a debate
// with extra dice, more in the English zone; removed once Henry married
// Anne Boleyn").
func TestHIS18_5f_ThomasMore(t *testing.T) {
	s := mandAt(t, 5, England, cardMore)
	deal(s, England, cardMore, 65)
	top := int(s.Deck[len(s.Deck)-1])
	rej := refuse(t, s, England, "play thomas more for event: english")
	readWhy(t, rej)
	ns, res := submit(t, s, England, testdice.New(1), "play thomas more for event")
	readAll(t, res)
	require.True(t, ns.Removed.has(cardMore))
	require.True(t, ns.moreExecuted())
	require.ErrorContains(t, ns.canDebate(Papacy, LangEnglish), "Thomas More was executed")
	require.True(t, containsCard(ns.Hands[England], top))
	require.Contains(t, eventText(res, roleOf(France)), "Thomas More is executed")
	pr := onlyPrompt(t, ns, "england", "event-choice", "discard 65")
	m, ok := promptMsg(pr.Text)
	require.True(t, ok, "prompt not read: %q", pr.Text)
	checkMsg(t, gameCatalog(t), "prompt", pr.Text, m)
	rej = refuse(t, ns, England, "discard 2")
	require.Contains(t, rej.Problems[0].Reason, "not in your hand")
	ns, res = submit(t, ns, England, testdice.New(1), "discard 65")
	readAll(t, res)
	require.True(t, containsCard(ns.Discard, 65))
	require.Contains(t, eventText(res, roleOf(France)), "Thomas More: England discards #65")

	// Played by the Papacy: a debate in a zone it may debate in, with 1
	// extra die (3 in the English zone); the card is discarded.
	s = mandAt(t, 5, Papacy, cardMore)
	zs := s.moreZones()
	require.NotEmpty(t, zs)
	rej = refuse(t, s, Papacy, "play thomas more for event: spanish")
	require.Contains(t, rej.Problems[0].Reason, "name the zone")
	readWhy(t, rej)
	ns, res = submit(t, s, Papacy, testdice.New(1), "play thomas more for event: "+zs[0])
	readAll(t, res)
	require.Contains(t, eventText(res, roleOf(France)), "Thomas More: the Papacy calls a debate in the")
	require.Contains(t, eventText(res, roleOf(France)), "calls a theological debate")
	require.False(t, ns.Removed.has(cardMore))
	require.Equal(t, 3, moreDebateDice(LangEnglish))
	require.Equal(t, 1, moreDebateDice(LangGerman))
	// Once Henry married Anne Boleyn, the card is removed.
	married(s, WifeBoleyn, 1)
	ns, _ = submit(t, s, Papacy, testdice.New(1), "play thomas more for event: "+zs[0])
	require.True(t, ns.Removed.has(cardMore))
}

// HIS-6.1a, HIS-6.1e, HIS-20.4a: #111 Colonial Governor/Native Uprising,
// optional ("place or move the marker on one power's colonies: that
// power's next No Effect colony result becomes Card, Colonial Governor
// side, or Elim, Native Uprising side"). The marker is stored and leaves
// once used.
func TestHIS20_4a_ColonialGovernor(t *testing.T) {
	s := mandAt(t, 3, France, cardGovernor)
	rej := refuse(t, s, France, "play colonial governor for event: governor papacy")
	require.Contains(t, rej.Problems[0].Reason, "England, France or the Hapsburg")
	readWhy(t, rej)
	rej = refuse(t, s, France, "play colonial governor for event: hapsburg")
	readWhy(t, rej)
	ns, res := submit(t, s, France, testdice.New(1), "play colonial governor for event: uprising on hapsburg")
	readAll(t, res)
	require.Equal(t, uint8(Hapsburg+1)|govUprising, ns.NW.Governor)
	require.Contains(t, eventText(res, roleOf(England)), "Native Uprising: the marker is on the colonies of Hapsburg")
	a, err := ns.Encode()
	require.NoError(t, err)
	require.Contains(t, string(a), `"native_uprising":"hapsburg"`)
	back, err := Game{}.Decode(a)
	require.NoError(t, err)
	require.Equal(t, ns.NW.Governor, back.(*St).NW.Governor)
	sec, ok := ns.newWorldSection()
	require.True(t, ok)
	require.Contains(t, sec.Body, "Native Uprising: Hapsburg")

	// The Hapsburg's next No Effect (3 + 3) eliminates its colony; the
	// marker leaves.
	ns.NW.Colonies[Hapsburg] = 2
	r := &run{s: ns, dice: &testdice.Script{Rolls: []int{3, 3, 5, 6}}}
	r.newWorldRiches()
	require.Equal(t, uint8(1), ns.NW.Colonies[Hapsburg])
	require.Zero(t, ns.NW.Governor)
	require.Contains(t, evText(r), "Native Uprising: the No Effect result of the colony of Hapsburg becomes Elim.")

	// Colonial Governor side: No Effect gives a card.
	ns, _ = submit(t, s, France, testdice.New(1), "play colonial governor for event: governor england")
	ns.NW.Colonies[England] = 1
	hand := len(ns.Hands[England])
	r = &run{s: ns, dice: &testdice.Script{Rolls: []int{3, 3}}}
	r.newWorldRiches()
	require.Equal(t, hand+1, len(ns.Hands[England]))
	require.Contains(t, evText(r), "Colonial Governor: the No Effect result of the colony of England becomes Card.")
}
