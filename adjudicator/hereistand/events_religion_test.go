package hereistand

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// playEvent deals card n to the active power and plays it for its event
// with the choices given ("" for none).
func playEvent(t *testing.T, s *St, n int, args string) (*St, string) {
	t.Helper()
	p := s.Active
	deal(s, p, uint8(n))
	line := "play " + cards[n].Name + " for event"
	if args != "" {
		line += ": " + args
	}
	ns, res := submit(t, s, p, testdice.New(7), line)
	return ns, eventText(res, roleOf(Papacy))
}

// HIS-12.4a: Pilgrimage of Grace, Gabelle Revolt, Janissaries Rebel,
// Peasants' War and Revolt of the Communeros put unrest on unoccupied
// spaces of their zone or home spaces, up to the card's number; an
// occupied space, a space outside the card's area, too many spaces or
// none are refused and change nothing.
func TestHIS12_4a_UnrestEvents(t *testing.T) {
	for _, u := range unrestCards {
		s := toAction(t, 5)
		ex := u.examples(s, s.Active)
		require.Len(t, ex, 1, cards[u.n].Name)
		ns, txt := playEvent(t, s, u.n, ex[0])
		names := strings.Split(ex[0], ", ")
		require.Len(t, names, u.max(s), cards[u.n].Name)
		for _, name := range names {
			sp, err := matchSpace(strings.ToLower(name))
			require.NoError(t, err)
			require.True(t, ns.InUnrest(sp), name)
			require.Contains(t, txt, name+" falls into unrest ("+cards[u.n].Name+").")
		}
	}

	s := toAction(t, 5)
	p := s.Active
	deal(s, p, 80)
	rej := refuse(t, s, p, "play gabelle revolt for event: paris")
	require.Contains(t, rej.Problems[0].Reason, "Paris is not an unoccupied French home space")
	rej = refuse(t, s, p, "play gabelle revolt for event: vienna")
	require.Contains(t, rej.Problems[0].Reason, "not an unoccupied French home space")
	var three []string
	for _, sp := range unrestCards[1].list(s)[:3] {
		three = append(three, spaces[sp].Name)
	}
	rej = refuse(t, s, p, "play gabelle revolt for event: "+strings.Join(three, ", "))
	require.Contains(t, rej.Problems[0].Reason, "name 1 to 2 spaces")
	rej = refuse(t, s, p, "play gabelle revolt for event")
	require.Contains(t, rej.Problems[0].Reason, "name 1 to 2 spaces")

	// Janissaries Rebel: 4 spaces while the Ottoman is at war with no major
	// power, 2 when it is.
	u := unrestCards[2]
	require.Equal(t, 82, u.n)
	c := s.clone()
	for q := 0; q < NMajor; q++ {
		if q != Ottoman {
			c.setWar(Ottoman, q, false)
		}
	}
	require.Equal(t, 4, u.max(c))
	c.setWar(Ottoman, Hapsburg, true)
	require.Equal(t, 2, u.max(c))
}

// HIS-18.3b, HIS-18.3c, HIS-18.4a: A Mighty Fortress, Affair of the
// Placards, Calvin's Institutes and Katherina Bora commit their debater
// and give the Protestant its Reformation attempts in their zone
// (Calvin's Institutes with +1 on each Protestant die), whoever plays
// them; with the debater committed they cannot be played. Mary Defies
// Council gives the Papacy 3 Counter-Reformation attempts in the English
// zone.
func TestHIS18_3b_AttemptEvents(t *testing.T) {
	for _, c := range attemptCards {
		s := toAction(t, 5)
		if c.debater != "" {
			s.Rel.Debater[debaterByID[c.debater]] = DebUncommitted
		}
		ns, txt := playEvent(t, s, c.n, "")
		if c.debater != "" {
			require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[debaterByID[c.debater]], cards[c.n].Name)
			require.Contains(t, txt, debaterName(c.debater)+" is committed")
		}
		who := Protestant
		if c.counter {
			who = Papacy
		}
		a := ns.Rel.Pending
		if a == nil {
			// No target at all: the attempts are lost at once.
			require.Contains(t, txt, "are lost")
			continue
		}
		require.Equal(t, c.attempts, a.N, cards[c.n].Name)
		require.Equal(t, c.plus, a.Plus)
		require.Equal(t, c.zones, a.Zones)
		require.Equal(t, c.counter, a.Counter)
		require.Equal(t, []int{who}, ns.owingPowers())
		require.Equal(t, cards[c.n].Name, a.Source)

		// Committed: the event is refused, with nothing shown of the hand.
		if c.debater != "" {
			s2 := toAction(t, 5)
			s2.Rel.Debater[debaterByID[c.debater]] = DebCommitted
			deal(s2, s2.Active, uint8(c.n))
			rej := refuse(t, s2, s2.Active, "play "+cards[c.n].Name+" for event")
			require.Contains(t, rej.Problems[0].Reason, "is not an uncommitted debater (HIS-18.3c)")
		}
	}
	// A Mighty Fortress takes no choices.
	s := toAction(t, 5)
	deal(s, s.Active, 65)
	rej := refuse(t, s, s.Active, "play a mighty fortress for event: german")
	require.Contains(t, rej.Problems[0].Reason, "this event takes no choices")
}

// HIS-18.3b, HIS-18.3g, HIS-18.4a, HIS-18.4f: Printing Press (the extra
// die for the rest of the turn and 3 attempts in any zone), Erasmus
// (Reformation attempts on turns 1-2, Counter-Reformation attempts
// later), Dissolution of the Monasteries (England draws 2, then 3 English
// attempts), Augsburg Confession (Melanchthon committed, the Papal
// penalty for the turn) and Marburg Colloquy (the two debaters' values
// in attempts).
func TestHIS18_3b_TurnLongAndMixedEvents(t *testing.T) {
	s := toAction(t, 5)
	ns, txt := playEvent(t, s, 90, "")
	require.True(t, ns.Rel.PrintingPress)
	require.Contains(t, txt, "Printing Press: until the end of the turn")
	require.Equal(t, 3, ns.Rel.Pending.N)
	require.Equal(t, allZones, ns.Rel.Pending.Zones)

	ns, _ = playEvent(t, toAction(t, 5), 75, "")
	require.False(t, ns.Rel.Pending.Counter)
	require.Equal(t, 4, ns.Rel.Pending.N)
	s = toAction(t, 5)
	s.Turn = 3
	ns, _ = playEvent(t, s, 75, "")
	require.True(t, ns.Rel.Pending.Counter)
	require.Equal(t, []int{Papacy}, ns.owingPowers())

	s = toAction(t, 5)
	before := len(s.Hands[England])
	if s.Active == England {
		before = 0 // the played card was dealt
	}
	ns, txt = playEvent(t, s, 63, "")
	require.Equal(t, before+2, len(ns.Hands[England]))
	require.Contains(t, txt, "England draws a card.")
	if ns.Rel.Pending != nil {
		require.Equal(t, uint8(1<<LangEnglish), ns.Rel.Pending.Zones)
	}

	s = toAction(t, 5)
	ns, txt = playEvent(t, s, 39, "")
	require.True(t, ns.Rel.Augsburg)
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[debaterByID["melanchthon"]])
	require.Contains(t, txt, "Augsburg Confession: until the end of the turn")
	s.Rel.Debater[debaterByID["melanchthon"]] = DebCommitted
	deal(s, s.Active, 39)
	refuse(t, s, s.Active, "play augsburg confession for event")

	s = toAction(t, 5)
	for _, id := range []string{"zwingli", "oekolampadius"} {
		s.Rel.Debater[debaterByID[id]] = DebUncommitted
	}
	deal(s, s.Active, 41)
	rej := refuse(t, s, s.Active, "play marburg colloquy for event: luther, melanchthon")
	require.Contains(t, rej.Problems[0].Reason, "name one of Luther and Melanchthon")
	require.Equal(t, []string{"luther, zwingli"}, rej.Problems[0].Legal)
	ns, _ = playEvent(t, s, 41, "melanchthon, oekolampadius")
	require.Equal(t, 3+2, ns.Rel.Pending.N)
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[debaterByID["oekolampadius"]])
	require.Equal(t, uint8(DebUncommitted), ns.Rel.Debater[debaterByID["luther"]])
}

// HIS-8.2f, HIS-18.1p, HIS-23.2k: Calvin Expelled takes the reformer off
// the map until the next Card Draw Phase; Michelangelo rolls 2 dice for
// St. Peter's; Indulgence Vendor draws a Protestant card at random for
// St. Peter's and discards it; Copernicus and Michael Servetus give their
// VP, a card draw or a random Protestant discard.
func TestHIS23_2k_VPAndStPetersEvents(t *testing.T) {
	s := toAction(t, 5)
	calvin := reformerByID["calvin"]
	s.Rel.Reformer[calvin] = int16(reformers[calvin].Space)
	s.Rel.Debater[debaterByID["calvin"]] = DebUncommitted
	ns, txt := playEvent(t, s, 45, "")
	require.Equal(t, int16(ReformerRemoved), ns.Rel.Reformer[calvin])
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[debaterByID["calvin"]])
	require.Contains(t, txt, "Calvin is expelled")
	r := &run{s: ns.clone(), dice: testdice.New(1)}
	r.mandCardDraw()
	require.Equal(t, int16(reformers[calvin].Space), r.s.Rel.Reformer[calvin])
	deal(ns, ns.Active, 45)
	refuse(t, ns, ns.Active, "play calvin expelled for event")

	s = toAction(t, 5)
	ns, txt = playEvent(t, s, 52, "")
	require.Contains(t, txt, "Michelangelo: the Papacy rolls 2 dice")
	require.Greater(t, ns.Tracks.StPetersCP+5*ns.Tracks.StPetersVP, s.Tracks.StPetersCP+5*s.Tracks.StPetersVP)

	s = toAction(t, 5)
	if s.Active == Protestant {
		s.Active = Papacy
	}
	deal(s, Protestant, 90)
	ns, txt = playEvent(t, s, 81, "")
	require.Empty(t, ns.Hands[Protestant])
	require.True(t, containsCard(ns.Discard, 90))
	require.Contains(t, txt, "Indulgence Vendor: #90 Printing Press is drawn at random")
	require.Equal(t, s.Tracks.StPetersCP+5, ns.Tracks.StPetersCP+5*(ns.Tracks.StPetersVP-s.Tracks.StPetersVP))
	deal(ns, Protestant)
	deal(ns, ns.Active, 81)
	refuse(t, ns, ns.Active, "play indulgence vendor for event")

	// Copernicus: France has no Protestant home space: 1 VP and a choice.
	s = toAction(t, 5)
	s.Active = France
	deal(s, Protestant, 90, 65)
	deal(s, France, 47)
	rej := refuse(t, s, France, "play copernicus for event")
	require.Contains(t, rej.Problems[0].Reason, "choose draw")
	ns, txt = playEvent(t, s, 47, "discard")
	require.Equal(t, s.BonusVP[France]+1, ns.BonusVP[France])
	require.Len(t, ns.Hands[Protestant], 1)
	require.Contains(t, txt, "Protestant discards #")
	ns, _ = playEvent(t, s, 47, "draw")
	require.Len(t, ns.Hands[France], 1)
	// Half the home spaces Protestant: 2 VP and no choice.
	for _, sp := range homeSpaces(France) {
		s.Prot.set(sp)
	}
	ns, txt = playEvent(t, s, 47, "")
	require.Equal(t, s.BonusVP[France]+2, ns.BonusVP[France])
	require.Contains(t, txt, "Copernicus: at least half the home spaces of France are Protestant: it gains 2 VP.")

	s = toAction(t, 5)
	s.Active = Papacy
	deal(s, Protestant, 90)
	ns, txt = playEvent(t, s, 51, "")
	require.Equal(t, s.BonusVP[Papacy]+1, ns.BonusVP[Papacy])
	require.Empty(t, ns.Hands[Protestant])
	require.Contains(t, txt, "Protestant discards #90 Printing Press, drawn at random.")
}

// HIS-18.4a, HIS-18.2c: Anabaptists flips 2 unoccupied Protestant spaces
// outside the electorates to Catholic; Jesuit Education founds 2 Jesuit
// universities once Society of Jesus was played.
func TestHIS18_4a_AnabaptistsAndJesuitEducation(t *testing.T) {
	s := toAction(t, 5)
	deal(s, s.Active, 67)
	refuse(t, s, s.Active, "play anabaptists for event: zurich")
	for _, id := range []string{"zurich", "basel", "wittenberg"} {
		s.Prot.set(spaceByID[id])
	}
	rej := refuse(t, s, s.Active, "play anabaptists for event: wittenberg, zurich")
	require.Contains(t, rej.Problems[0].Reason, "Wittenberg is not an unoccupied Protestant space outside the electorates")
	ns, txt := playEvent(t, s, 67, "zurich, basel")
	require.False(t, ns.Prot.has(spaceByID["zurich"]))
	require.False(t, ns.Prot.has(spaceByID["basel"]))
	require.Contains(t, txt, "Papacy flips Zürich to Catholic.")

	s = toAction(t, 5)
	deal(s, s.Active, 55)
	rej = refuse(t, s, s.Active, "play jesuit education for event")
	require.Contains(t, rej.Problems[0].Reason, "needs Society of Jesus")
	s.Rel.SocietyOfJesus = true
	s.Active = Papacy
	ns, txt = playEvent(t, s, 55, "rome, naples")
	require.True(t, ns.Rel.Jesuit.has(spaceByID["rome"]))
	require.True(t, ns.Rel.Jesuit.has(spaceByID["naples"]))
	require.Contains(t, txt, "Jesuit universities in")
}

// HIS-18.3b, HIS-6.2h: Frederick the Wise turns the two Catholic
// German-speaking spaces nearest Wittenberg Protestant and gives the
// Protestant The Wartburg from the discard pile; Zwingli Dons Armor
// eliminates a Catholic land unit within 3 spaces of Zurich and takes
// Zwingli out of the game.
func TestHIS18_3b_FrederickAndZwingli(t *testing.T) {
	s := toAction(t, 5)
	sps, dist := s.frederickSpots()
	require.GreaterOrEqual(t, len(sps), 3)
	// A space farther than the second nearest is refused.
	far := sps[len(sps)-1]
	require.Greater(t, dist[len(dist)-1], dist[1])
	deal(s, s.Active, 78)
	rej := refuse(t, s, s.Active, "play frederick the wise for event: "+spaces[sps[0]].Name+", "+spaces[far].Name)
	require.Contains(t, rej.Problems[0].Reason, "nearest Wittenberg")
	s.pullCard(cardWartburg)
	s.discard(cardWartburg)
	ns, txt := playEvent(t, s, 78, frederickExamples(s, s.Active)[0])
	require.True(t, ns.Prot.has(sps[0]))
	require.True(t, ns.Prot.has(sps[1]))
	require.True(t, containsCard(ns.Hands[Protestant], cardWartburg))
	require.Contains(t, txt, "Frederick the Wise: the Protestant takes #37 The Wartburg from the discard pile.")

	s = toAction(t, 5)
	s.Active = Protestant
	z := reformerByID["zwingli"]
	s.Rel.Reformer[z] = int16(reformers[z].Space)
	s.Rel.Debater[debaterByID["zwingli"]] = DebUncommitted
	s.addUnits(spaceByID["innsbruck"], Hapsburg, Force{Reg: 2})
	deal(s, Hapsburg, 43)
	s.Active = Hapsburg
	rej = refuse(t, s, Hapsburg, "play zwingli dons armor for event: hapsburg regular in innsbruck")
	require.Contains(t, rej.Problems[0].Reason, "Protestant event")
	s.Active = Protestant
	deal(s, Protestant, 43)
	rej = refuse(t, s, Protestant, "play zwingli dons armor for event: hapsburg regular in vienna")
	require.Contains(t, rej.Problems[0].Reason, "within 3 spaces of Zurich")
	ns, txt = playEvent(t, s, 43, "Hapsburg regular in Innsbruck")
	require.Equal(t, s.Units[spaceByID["innsbruck"]][Hapsburg].Reg-1, ns.Units[spaceByID["innsbruck"]][Hapsburg].Reg)
	require.Equal(t, int16(ReformerRemoved), ns.Rel.Reformer[z])
	require.Equal(t, uint8(DebRemoved), ns.Rel.Debater[debaterByID["zwingli"]])
	require.Contains(t, txt, "the Protestant eliminates Hapsburg 1 regular in Innsbruck.")

	// An independent unit is a Catholic unit too.
	s.addUnits(spaceByID["metz"], Independent, Force{Reg: 1})
	if within(spaceByID["zurich"], spaceByID["metz"], 3) {
		ns, txt = playEvent(t, s, 43, "independent regular in metz")
		require.Equal(t, s.Units[spaceByID["metz"]][Independent].Reg-1, ns.Units[spaceByID["metz"]][Independent].Reg)
		require.Contains(t, txt, "the Protestant eliminates Independent 1 regular in Metz.")
	}
}

// HIS-6.1e: Philip of Hesse's Bigamy: the Protestant removes Philip of
// Hesse from the game or discards a card at random; played by another
// power, the Protestant is asked (an event's choice owed by another
// power); with Philip off the map the discard is forced.
func TestHIS6_1e_PhilipOfHessesBigamy(t *testing.T) {
	s := toAction(t, 5)
	s.Active = Papacy
	deal(s, Protestant, 90)
	ns, txt := playEvent(t, s, 57, "")
	require.Empty(t, ns.Hands[Protestant])
	require.Contains(t, txt, "Protestant discards #90 Printing Press, drawn at random.")

	philip := leaderByID["philip_of_hesse"]
	s.Leader[philip] = int16(spaceByID["kassel"])
	deal(s, Papacy, 57)
	rej := refuse(t, s, Papacy, "play 57 for event: discard")
	require.Contains(t, rej.Problems[0].Reason, "the Protestant chooses")
	ns, txt = playEvent(t, s, 57, "")
	require.Contains(t, txt, "the Protestant chooses to remove Philip of Hesse")
	require.Equal(t, []int{Protestant}, ns.owingPowers())
	require.Equal(t, []string{"remove philip of hesse", "discard"}, ns.choiceChoices(Decision{Kind: DecChoice, Power: Protestant}))
	refuse(t, ns, Protestant, "keep him")
	after, res := submit(t, ns, Protestant, testdice.New(1), "remove philip of hesse")
	require.Equal(t, int16(LeaderRemoved), after.Leader[philip])
	require.Contains(t, eventText(res, roleOf(Papacy)), "removes Philip of Hesse from the game")
	require.Equal(t, 0, after.Mand.Ask)

	// Played by the Protestant: its choice after the colon.
	s.Active = Protestant
	ns, _ = playEvent(t, s, 57, "remove philip of hesse")
	require.Equal(t, int16(LeaderRemoved), ns.Leader[philip])
}

// HIS-18.3b, HIS-18.3c, HIS-18.3e, HIS-12.4a: Book of Common Prayer
// commits Cranmer and gives 4 Reformation attempts in English home
// spaces (Calais included, nowhere else); once they end a die puts
// Catholic English home spaces in unrest, occupied or not.
func TestHIS18_3b_BookOfCommonPrayer(t *testing.T) {
	s := toAction(t, 5)
	deal(s, s.Active, 62)
	rej := refuse(t, s, s.Active, "play book of common prayer for event")
	require.Contains(t, rej.Problems[0].Reason, "Cranmer is not an uncommitted debater")
	s.Rel.Debater[debaterByID["cranmer"]] = DebUncommitted
	s.Prot.set(spaceByID["london"])
	ns, txt := playEvent(t, s, 62, "")
	require.Contains(t, txt, "Book of Common Prayer: the Protestant makes 4 Reformation attempts in English home spaces")
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[debaterByID["cranmer"]])
	a := ns.Rel.Pending
	require.NotNil(t, a)
	targets := ns.attemptTargets(a)
	require.NotEmpty(t, targets)
	for _, sp := range targets {
		require.Equal(t, England, spaces[sp].Home, spaces[sp].Name)
	}
	rej = refuse(t, ns, Protestant, "target paris")
	require.NotEmpty(t, rej.Problems)
	d := testdice.New(3)
	all := ""
	for ns.Rel.Pending != nil {
		var res *adjudicator.Result
		ns, res = submit(t, ns, Protestant, d, ns.defaultLines(Protestant)...)
		all += eventText(res, roleOf(Papacy))
	}
	require.Contains(t, all, "Book of Common Prayer: the die rolls")
}

// HIS-6.2h, HIS-18.5f: Papal Inquisition (the Papacy's, with Caraffa
// uncommitted) flips 2 Protestant Italian spaces, shows the Papacy alone
// the hand it names, then the Papacy draws from that hand at random,
// takes a card from the discard pile (not a Mandatory Event, not one it
// played as an event this turn) or calls a debate with 2 extra dice.
func TestHIS6_2h_PapalInquisition(t *testing.T) {
	s := toAction(t, 5)
	s.Active = Papacy
	deal(s, Papacy, 56)
	rej := refuse(t, s, Papacy, "play papal inquisition for event: protestant")
	require.Contains(t, rej.Problems[0].Reason, "Caraffa is not an uncommitted debater")
	s.Rel.Debater[debaterByID["caraffa"]] = DebUncommitted
	s.Prot.set(spaceByID["florence"])
	rej = refuse(t, s, Papacy, "play papal inquisition for event: protestant")
	require.Contains(t, rej.Problems[0].Reason, "name 1 Protestant spaces of the Italian zone")
	rej = refuse(t, s, Papacy, "play papal inquisition for event: france, florence")
	require.Contains(t, rej.Problems[0].Reason, "england or protestant")
	deal(s, Protestant, 90, 65)
	ns, res := submit(t, s, Papacy, testdice.New(2), "play papal inquisition for event: protestant, florence")
	require.False(t, ns.Prot.has(spaceByID["florence"]))
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[debaterByID["caraffa"]])
	require.Contains(t, eventText(res, roleOf(Papacy)), "Papal Inquisition: the hand of Protestant holds #65 A Mighty Fortress; #90 Printing Press.")
	for _, q := range []int{Hapsburg, England, France, Ottoman} {
		require.NotContains(t, eventText(res, roleOf(q)), "Printing Press", powers[q].Name)
	}
	require.Contains(t, eventText(res, roleOf(France)), "the Papacy looks at the hand of Protestant")
	require.Equal(t, []int{Papacy}, ns.owingPowers())
	require.Equal(t, Protestant+1, ns.Inquisition)

	// Draw: one of the two cards, told to the two powers only.
	after, res := submit(t, ns, Papacy, testdice.New(1), "draw")
	require.Len(t, after.Hands[Protestant], 1)
	require.Equal(t, 0, after.Inquisition)
	require.Equal(t, 0, after.Mand.Ask)
	require.NotContains(t, eventText(res, roleOf(France)), "The card drawn is")

	// Take a card from the discard pile; never one played as an event
	// this turn by the Papacy (Papal Inquisition itself).
	ns.pullCard(52)
	ns.discard(52)
	rej = refuse(t, ns, Papacy, "take 56")
	require.Contains(t, rej.Problems[0].Reason, "may not be taken from the discard pile")
	after, _ = submit(t, ns, Papacy, testdice.New(1), "take 52")
	require.True(t, containsCard(after.Hands[Papacy], 52))

	// A debate with 2 extra dice.
	after, res = submit(t, ns, Papacy, testdice.New(1), "debate german")
	txt := eventText(res, roleOf(France))
	require.Contains(t, txt, "calls a debate with 2 extra dice")
	require.Contains(t, txt, "calls a theological debate in the German zone")
	m := regexp.MustCompile(`German zone: [^(]+\((\d)\) against[\s\S]*?Round 1: [^:]+ rolls (\d+) dice`).FindStringSubmatch(txt)
	require.NotNil(t, m, txt)
	v, _ := strconv.Atoi(m[1])
	n, _ := strconv.Atoi(m[2])
	if strings.Contains(txt, "German zone: Eck (") {
		v++ // Eck's own extra die (HIS-18.5f)
	}
	require.Equal(t, v+3+2, n, "value + 3 + 2 dice")
	refuse(t, ns, Papacy, "pray")

	// Other powers play it for CP only.
	s.Active = France
	deal(s, France, 56)
	rej = refuse(t, s, France, "play papal inquisition for event: protestant, florence")
	require.Contains(t, rej.Problems[0].Reason, "Papal event")
}

// Spanish Inquisition (the Hapsburg's): 2 Protestant Spanish spaces turn
// Catholic; the Hapsburg alone sees the English and Protestant hands,
// discards one of their cards (no Home card, no Mandatory Event) and
// draws a card; then the Papacy is asked for the zone of a debate.
// HIS-18.5f, HIS-6.1e.
func TestHIS6_1e_SpanishInquisition(t *testing.T) {
	s := toAction(t, 5)
	s.Active = France
	deal(s, France, 58)
	rej := refuse(t, s, France, "play spanish inquisition for event")
	require.Contains(t, rej.Problems[0].Reason, "Hapsburg event")
	s.Active = Hapsburg
	deal(s, Hapsburg, 58)
	deal(s, Protestant, 90)
	deal(s, England, 65)
	s.Prot.set(spaceByID["seville"])
	ns, res := submit(t, s, Hapsburg, testdice.New(2), "play spanish inquisition for event: seville")
	require.False(t, ns.Prot.has(spaceByID["seville"]))
	require.Contains(t, eventText(res, roleOf(Hapsburg)), "the hand of Protestant holds #90 Printing Press.")
	require.NotContains(t, eventText(res, roleOf(France)), "Printing Press")
	require.Equal(t, []int{Hapsburg}, ns.owingPowers())
	require.Equal(t, []string{"discard 65", "discard 90"}, ns.choiceChoices(Decision{Kind: DecChoice, Power: Hapsburg}))
	refuse(t, ns, Hapsburg, "discard 1")
	hand := len(ns.Hands[Hapsburg])
	ns, res = submit(t, ns, Hapsburg, testdice.New(2), "discard 90")
	require.Empty(t, ns.Hands[Protestant])
	require.Equal(t, hand+1, len(ns.Hands[Hapsburg]))
	require.Contains(t, eventText(res, roleOf(France)), "the Hapsburg discards #90 Printing Press from the hand of Protestant.")
	require.Equal(t, []int{Papacy}, ns.owingPowers())
	refuse(t, ns, Papacy, "debate italian")
	ns, res = submit(t, ns, Papacy, testdice.New(2), "debate german")
	require.Contains(t, eventText(res, roleOf(France)), "calls a theological debate in the German zone")
	require.Equal(t, 0, ns.Mand.Ask)
}
