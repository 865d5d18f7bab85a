package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// HIS-6.1g, HIS-13.1j: when the Hapsburg announces a move, France, holding
// Foul Weather, is asked (and nobody else); "no card" lets the move go
// on, Foul Weather cancels it: the units stay, the move's 1 CP is lost,
// the card is discarded and the Hapsburg makes no assault, piracy, naval
// move or transport for the rest of its impulse. A wrong answer is refused
// and changes nothing.
func TestHIS13_1j_FoulWeatherCancelsMove(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 3)
	deal(s, France, cardFoulWeather)
	s, res := submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon", "move 4 from besancon to dijon")
	p := onlyPrompt(t, s, "france", "response", "no card")
	require.Equal(t, []string{"no card", "play 31 Foul Weather"}, p.Choices)
	require.Equal(t, "Hapsburg announces a move into Dijon: you may play a Response card (#31 Foul Weather). Write play and the card, its choice after a colon, or no card (HIS-6.1g).", p.Text)
	require.NotNil(t, p.TextMsg)
	require.Equal(t, "Habsburgo anuncia un movimiento a Dijon: puedes jugar una Carta de Respuesta (#31 Foul Weather). Escribe play y la carta, su elección tras dos puntos, o no card (HIS-6.1g).",
		gameCatalog(t).Text("es", *p.TextMsg))
	require.Equal(t, 2, s.Flow.CP, "the move is paid when announced")
	require.Len(t, s.Flow.Queue, 1, "the further orders wait")
	require.NotContains(t, eventText(res, "england"), "Foul Weather", "nobody is told which card France holds")

	// Wrong answers.
	require.Contains(t, refuse(t, s, France, "play 24").Error(), "not in your hand")
	readWhy(t, refuse(t, s, France, "intercept"))
	refuse(t, s, Hapsburg, "no card")

	// No card: the move goes on (France is asked to avoid battle).
	ns, _ := submit(t, s, France, testdice.New(1), "no card")
	onlyPrompt(t, ns, "france", "avoid-battle", "stand")
	require.True(t, handHas(ns, France, cardFoulWeather))

	// Foul Weather.
	s, res = submit(t, s, France, testdice.New(1), "play foul weather")
	readAll(t, res)
	text := eventText(res, "england")
	require.Contains(t, text, "France plays the Response card #31 Foul Weather.")
	require.Contains(t, text, "Foul Weather: Hapsburg's move into Dijon is cancelled; it loses 1 CP")
	require.Equal(t, 1, strings.Count(text, "Hapsburg moves"), "the first move cancelled, the second made")
	require.EqualValues(t, 2, s.Units[sp(t, "dijon")][France].Reg)
	require.True(t, discarded(s, cardFoulWeather))
	require.Nil(t, s.Flow.Resp.Window)
	require.True(t, s.Flow.Resp.Foul)
	// The waiting order runs: a land move is still allowed (France,
	// without a card now, is not asked again).
	require.Equal(t, 1, s.Flow.CP)
	onlyPrompt(t, s, "france", "avoid-battle", "stand")
	// HIS-13.1j: no assault, piracy or naval activity for the rest of
	// the impulse; a land move is still allowed.
	require.ErrorContains(t, s.respondBars(RespAssault, nil), "Foul Weather")
	require.ErrorContains(t, s.respondBars(RespNaval, nil), "Foul Weather")
	require.NoError(t, s.respondBars(RespMove, nil))
	s.NewImpulse()
	require.False(t, s.Flow.Resp.Foul, "Foul Weather lasts one impulse")
}

// HIS-13.1j (Foul Weather's text): after Foul Weather land units move at
// most 1 space in the impulse: units that moved before the card stay.
func TestHIS13_1j_FoulWeatherOneSpace(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 4)
	s.Flow.Auto[France] = 1 << DecAvoid
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 2 from besancon to basel")
	deal(s, France, cardFoulWeather)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "move 2 from besancon to dijon")
	onlyPrompt(t, s, "france", "response", "no card")
	s, _ = submit(t, s, France, testdice.New(1), "play 31")
	require.Equal(t, 2, s.Flow.CP)
	rej := refuse(t, s, Hapsburg, "move 2 from basel to besancon")
	require.Contains(t, rej.Error(), "Foul Weather: land units move at most 1 space this impulse; 0 Hapsburg land units in Basel have not moved")
	readWhy(t, rej)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "move 2 from besancon to basel")
	require.EqualValues(t, 4, s.Units[sp(t, "basel")][Hapsburg].Reg)
}

// HIS-13.1j, HIS-6.1g: Gout cancels the move of a formation with an army
// leader; the leader may not move for the rest of the impulse, the
// formation may move without him. With no leader in the formation the
// holder of Gout is not asked.
func TestHIS13_1j_GoutCancelsMove(t *testing.T) {
	s := besancon(t, 0)
	cv := ldr(t, "charles_v")
	s.Leader[cv] = int16(sp(t, "besancon"))
	play := impulseFor(t, s, Hapsburg, 3)
	deal(s, France, cardGout)
	// Without a leader, France is not asked.
	ns, _ := submit(t, s, Hapsburg, testdice.New(1), play, "move 2 from besancon to dijon")
	require.Empty(t, ns.Flow.Stack)
	require.EqualValues(t, 2, ns.Units[sp(t, "dijon")][Hapsburg].Reg)

	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon with charles v")
	p := onlyPrompt(t, s, "france", "response", "no card")
	require.Equal(t, []string{"no card", "play 32 Gout"}, p.Choices)
	s, res := submit(t, s, France, testdice.New(1), "play 32")
	readAll(t, res)
	require.Contains(t, eventText(res, "papacy"), "Gout: Charles V may not move or assault for the rest of the impulse; Hapsburg's action is cancelled and it loses 1 CP.")
	require.Equal(t, int16(sp(t, "besancon")), s.Leader[cv])
	require.Equal(t, 2, s.Flow.CP)
	rej := refuse(t, s, Hapsburg, "move 4 from besancon to dijon with charles v")
	require.Contains(t, rej.Error(), "Gout: Charles V may not move or assault")
	readWhy(t, rej)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "move 4 from besancon to dijon")
	require.EqualValues(t, 4, s.Units[sp(t, "dijon")][Hapsburg].Reg)
	require.Equal(t, int16(sp(t, "besancon")), s.Leader[cv])
}

// HIS-15.1g: before an assault the other powers may play Foul Weather or
// Gout to cancel it; when they decline, the assault goes on to its
// Combat cards and dice.
func TestHIS15_1g_ResponseCancelsAssault(t *testing.T) {
	setup := func() *St {
		s := board(t)
		s.setWar(Hapsburg, France, true)
		s.Ctrl[sp(t, "dijon")] = Hapsburg
		put(t, s, "lyon", France, Force{Reg: 1})
		put(t, s, "lyon", Hapsburg, Force{Reg: 4})
		s.Leader[ldr(t, "charles_v")] = int16(sp(t, "lyon"))
		s.Warfare.Siege.set(sp(t, "lyon"))
		mustCheck(t, s)
		return s
	}
	s := setup()
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, England, cardFoulWeather)
	deal(s, Papacy, cardGout)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "assault lyon")
	// Impulse Order from the Hapsburg: England first, then the Papacy.
	p := onlyPrompt(t, s, "england", "response", "no card")
	require.Contains(t, p.Text, "Hapsburg announces an assault on Lyon")
	s, _ = submit(t, s, England, testdice.New(1), "no card")
	onlyPrompt(t, s, "papacy", "response", "no card")
	ns, res := submit(t, s, Papacy, testdice.New(1), "play gout: charles v")
	readAll(t, res)
	require.Contains(t, eventText(res, "france"), "Gout: Charles V may not move or assault")
	require.False(t, ns.Warfare.Assaulted.has(sp(t, "lyon")))
	require.EqualValues(t, 1, ns.Units[sp(t, "lyon")][France].Reg)
	require.Equal(t, 1, ns.Flow.CP, "a 1-CP action cancelled: its CP is lost")

	// Declined by both: the assault is rolled.
	ns, res = submit(t, s, Papacy, testdice.New(1), "no card")
	require.Contains(t, eventText(res, "france"), "Hapsburg assaults Lyon")
	require.Nil(t, ns.Flow.Resp.Window)
}

// HIS-16.1i: the other major powers may play Foul Weather against a naval
// move; the ships stay where they were.
func TestHIS16_1i_FoulWeatherCancelsNavalMove(t *testing.T) {
	s := board(t)
	aeg, ion := seaLoc(sz(t, "aegean_sea")), seaLoc(sz(t, "ionian_sea"))
	s.addUnits(aeg, Ottoman, Force{Sq: 2})
	play := impulseFor(t, s, Ottoman, 3)
	deal(s, Hapsburg, cardFoulWeather)
	s, _ = submit(t, s, Ottoman, testdice.New(1), play, "naval move aegean sea to ionian sea")
	p := onlyPrompt(t, s, "hapsburg", "response", "no card")
	require.Contains(t, p.Text, "Ottoman announces a naval move into the Ionian Sea")
	ns, _ := submit(t, s, Hapsburg, testdice.New(1), "no card")
	require.Equal(t, 2, int(ns.Units[ion][Ottoman].Sq))
	s, res := submit(t, s, Hapsburg, testdice.New(1), "play foul weather")
	readAll(t, res)
	require.Equal(t, 2, int(s.Units[aeg][Ottoman].Sq))
	require.Equal(t, 0, int(s.Units[ion][Ottoman].Sq))
	require.Equal(t, 2, s.Flow.CP)
	rej := refuse(t, s, Ottoman, "naval move aegean sea to ionian sea")
	require.Contains(t, rej.Error(), "Foul Weather")
	readWhy(t, rej)
}

// HIS-16.1i (naval transport, the card's text): Foul Weather cancels a
// naval transport; what was paid beyond 1 CP comes back.
func TestHIS16_1i_FoulWeatherCancelsTransport(t *testing.T) {
	s := board(t)
	s.setWar(France, Hapsburg, true)
	s.Ctrl[sp(t, "genoa")] = Hapsburg
	put(t, s, "marseille", France, Force{Reg: 6})
	put(t, s, "genoa", Hapsburg, Force{Reg: 2})
	s.addUnits(seaLoc(sz(t, "gulf_of_lyon")), France, Force{Sq: 1})
	play := impulseFor(t, s, France, 3)
	deal(s, Papacy, cardFoulWeather)
	s, _ = submit(t, s, France, testdice.New(1), play, "transport 4 from mars via gulf to genoa")
	onlyPrompt(t, s, "papacy", "response", "no card")
	require.Equal(t, 1, s.Flow.CP)
	s, res := submit(t, s, Papacy, testdice.New(1), "play 31")
	require.Contains(t, eventText(res, "ottoman"), "Foul Weather: France's naval transport to Genoa is cancelled")
	require.Equal(t, 2, s.Flow.CP, "2 CP paid, 1 lost")
	require.EqualValues(t, 6, s.Units[sp(t, "marseille")][France].Reg)
	require.Nil(t, s.Flow.Move)
}

// Foul Weather against piracy (the card's text, HIS-16.4b).
func TestHIS16_4b_FoulWeatherCancelsPiracy(t *testing.T) {
	s := pirateBoard(t, 2)
	ion := seaLoc(sz(t, "ionian_sea"))
	s.addUnits(ion, Ottoman, Force{Sq: 1, Cor: 2})
	put(t, s, "messina", Hapsburg, Force{Sq: 1})
	s.setWar(Ottoman, Hapsburg, true)
	deal(s, Hapsburg, cardFoulWeather)
	mustCheck(t, s)
	s, _ = submit(t, s, Ottoman, testdice.New(1), "piracy in ionian against hapsburg")
	onlyPrompt(t, s, "hapsburg", "response", "no card")
	s, res := submit(t, s, Hapsburg, testdice.New(1), "play 31")
	text := eventText(res, "france")
	require.Contains(t, text, "Foul Weather: Ottoman's piracy in the Ionian Sea is cancelled")
	require.NotContains(t, text, "initiates piracy")
	require.Equal(t, 2, int(s.Units[ion][Ottoman].Cor))
}

// HIS-21.2b: Gout stops Charles V's jump with Holy Roman Emperor; the
// Hapsburg keeps the card's 5 CP. Declined, the jump takes place.
func TestHIS21_2b_GoutStopsTheJump(t *testing.T) {
	s := mandAt(t, 2, Hapsburg, 2)
	cv := ldr(t, "charles_v")
	from := s.Leader[cv]
	deal(s, Ottoman, cardGout, cardFoulWeather)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "play 2 holy roman emperor for event: vienna")
	p := onlyPrompt(t, s, "ottoman", "response", "no card")
	require.Equal(t, []string{"no card", "play 32 Gout"}, p.Choices, "Foul Weather does not stop the jump")
	require.Equal(t, 5, s.Flow.CP)
	ns, res := submit(t, s, Ottoman, testdice.New(1), "play gout")
	readAll(t, res)
	require.Contains(t, eventText(res, "france"), "Gout: Charles V does not jump; the Hapsburg keeps its 5 CP (HIS-21.2b).")
	require.Equal(t, from, ns.Leader[cv])
	require.Equal(t, 5, ns.Flow.CP)
	ns, _ = submit(t, s, Ottoman, testdice.New(1), "no card")
	require.Equal(t, int16(sp(t, "vienna")), ns.Leader[cv])
}

// Halley's Comet, played in a response window: a power skips its next
// impulse, and the action goes on. Played in one's own impulse it is the
// impulse's card; "discard" takes a card at random from another hand.
func TestHIS6_1g_HalleysComet(t *testing.T) {
	s := besancon(t, 0)
	play := impulseFor(t, s, Hapsburg, 1)
	deal(s, England, cardHalley)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon")
	p := onlyPrompt(t, s, "england", "response", "no card")
	require.Contains(t, p.Choices, "play 38 Halley's Comet: skip France")
	readWhy(t, refuse(t, s, England, "play halley"))
	s, res := submit(t, s, England, testdice.New(1), "play halley's comet: skip france")
	readAll(t, res)
	require.Equal(t, []string{"play 38 Halley's Comet: skip France"}, res.Canonical)
	require.EqualValues(t, 4, s.Units[sp(t, "dijon")][Hapsburg].Reg, "the move went on")
	require.True(t, s.Removed.has(cardHalley))
	require.Zero(t, s.Flow.CP)
	// The Hapsburg's impulse ends; England, without cards, passes;
	// France's impulse is skipped.
	require.Contains(t, eventText(res, "france"), "France skips its impulse (Halley's Comet).")
	require.Equal(t, Papacy, s.Active)
	require.Zero(t, s.Flow.Resp.Skip)

	// In one's own impulse.
	s = mandAt(t, 3, France, cardHalley)
	deal(s, Papacy, cardWith(t, 2))
	s, res = submit(t, s, France, testdice.New(1), "play 38 for event: discard papacy")
	readAll(t, res)
	require.Empty(t, s.Hands[Papacy])
	readWhy(t, refuse(t, mandAt(t, 3, France, cardHalley), France, "play 38 for event: skip france"))
}

// HIS-6.1g: the window asks nobody who holds no Response card it may play,
// the standing order "auto no card" answers it, and no other power's
// report names the card held.
func TestHIS6_1g_ResponseWindowFog(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 3)
	deal(s, England, cardGout) // no leader moves: England is not asked
	ns, _ := submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon")
	onlyPrompt(t, ns, "france", "avoid-battle", "stand")

	deal(s, France, cardFoulWeather)
	a, _ := submit(t, s, France, testdice.New(1), "auto response")
	require.Equal(t, uint16(1<<DecRespond), a.Flow.Auto[France])
	s, _ = submit(t, s, France, testdice.New(1), "auto no card")
	require.Equal(t, uint16(1<<DecCombat|1<<DecRespond), s.Flow.Auto[France])
	ns, res := submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon")
	onlyPrompt(t, ns, "france", "avoid-battle", "stand")
	for _, role := range []string{"hapsburg", "england", "papacy", "protestant", "ottoman"} {
		require.NotContains(t, eventText(res, roleOf(powerByID[role])), "Foul Weather")
		require.NotContains(t, ns.View(roleOf(powerByID[role])).Text(), "Foul Weather")
	}
	require.True(t, handHas(ns, France, cardFoulWeather))

	// Asked, France's prompt names its card; nobody else's does.
	s.Flow.Auto[France] = 0
	ns, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 4 from besancon to dijon")
	for _, pr := range ns.Prompts() {
		if pr.Role != "france" {
			require.NotContains(t, pr.Text+strings.Join(pr.Choices, ";"), "Foul Weather")
		}
	}
	for _, role := range []string{"hapsburg", "england"} {
		require.NotContains(t, ns.View(roleOf(powerByID[role])).Text(), "Foul Weather")
	}
}

// The Wartburg: while Luther lives the Protestant cancels an event
// another power plays; the card is discarded, the impulse ends (the
// further orders are dropped), the Protestant calls no debate for the
// rest of the turn and Luther is committed. Declined, the event takes
// place; a refused event's choices are refused at once.
func TestHIS6_1g_TheWartburg(t *testing.T) {
	ev := 0
	for n := 1; n <= NC; n++ {
		if hasEvent(n) && cards[n].Type == CardEvent && cards[n].Remove == RemoveCard && events[n].can == nil && cards[n].Entry <= 1 && !cards[n].Optional {
			ev = n
			break
		}
	}
	require.NotZero(t, ev)
	s := mandAt(t, 2, Hapsburg, uint8(ev), uint8(cardWith(t, 1)))
	deal(s, Protestant, cardWartburg)
	luther := debaterByID["luther"]
	s.Rel.Debater[luther] = DebUncommitted
	require.True(t, s.lutherLives())
	// The Papacy's Home card Papal Bull may be cancelled, the Hapsburg's not.
	require.True(t, wartburgTarget(ev))
	require.True(t, wartburgTarget(5))
	require.False(t, wartburgTarget(2))
	sub := order{verb: "play", card: ev, forEvent: true}.canonical(Hapsburg)
	ex := s.eventExamples(Hapsburg)
	for _, e := range ex {
		if strings.HasPrefix(e, sub) {
			sub = e
			break
		}
	}
	ws, _ := submit(t, s, Hapsburg, testdice.New(1), sub)
	p := onlyPrompt(t, ws, "protestant", "response", "no card")
	require.Equal(t, []string{"no card", "play 37 The Wartburg"}, p.Choices)
	require.Contains(t, p.Text, "Hapsburg announces the event "+cardName(ev))
	ns, res := submit(t, ws, Protestant, testdice.New(1), "play the wartburg")
	readAll(t, res)
	require.Contains(t, eventText(res, "france"), "The Wartburg: "+cardName(ev)+" is cancelled and Hapsburg's impulse ends")
	require.True(t, discarded(ns, ev), "the cancelled card is discarded, not removed")
	require.Equal(t, uint8(DebCommitted), ns.Rel.Debater[luther])
	require.True(t, ns.Flow.Resp.NoDebate)
	require.NotEqual(t, Hapsburg, ns.Active)
	_, err := ns.religiousCost(Protestant, order{verb: "debate"})
	require.ErrorContains(t, err, "The Wartburg")
	// Declined: the event takes place.
	ns, _ = submit(t, ws, Protestant, testdice.New(1), "no card")
	require.True(t, handHas(ns, Protestant, cardWartburg))
	require.False(t, ns.Flow.Resp.NoDebate)
	require.True(t, ns.Mand.Played[Hapsburg].has(ev))

	// A Papal Home card with wrong choices is refused before the window.
	s = mandAt(t, 2, Papacy, 5)
	deal(s, Protestant, cardWartburg)
	s.Rel.Debater[luther] = DebUncommitted
	refuse(t, s, Papacy, "play 5 for event: nobody at all")
}

// noHereIStand puts the Protestant's Here I Stand on its power card, as
// if played: its debates ask nothing.
func noHereIStand(s *St) {
	if handHasCard(s, Protestant, cardHereIStand) {
		s.takeFromHand(Protestant, cardHereIStand)
		s.OnCard.set(cardHereIStand)
	}
}

// HIS-18.5e, HIS-18.5i: before the dice of each round of a German debate
// the Protestant, while Luther lives, may play Here I Stand to put Luther
// in place of its debater, even committed; it draws a card and the card
// goes back on its power card. Declined, the round is fought as drawn.
func TestHIS18_5e_HereIStandInDebate(t *testing.T) {
	s := inImpulse(t, Papacy, 0)
	require.True(t, handHasCard(s, Protestant, cardHereIStand))
	luther, mel := deb(t, "luther"), deb(t, "melanchthon")
	s.Rel.Debater[luther] = DebCommitted
	r := &run{s: s, dice: testdice.New(1)}
	r.debate(Papacy, LangGerman, false, deb(t, "eck"), mel)
	mustCheck(t, s)
	p := onlyPrompt(t, s, "protestant", "response", "no card")
	require.Equal(t, []string{"no card", "play 7 Here I Stand"}, p.Choices)
	require.Equal(t, "Debate in the German zone, round 1: Eck against Melanchthon. You may play #7 Here I Stand to put Luther in place of Melanchthon and draw a card: write play and the card, or no card (HIS-18.5e).", p.Text)
	require.NotNil(t, p.TextMsg)
	require.Equal(t, "Dibattito nella zona di lingua tedesca, turno 1: Eck contro Melanchthon. Puoi giocare #7 Here I Stand per mettere Lutero al posto di Melanchthon e pescare una carta: scrivi play e la carta, o no card (HIS-18.5e).",
		gameCatalog(t).Text("it", *p.TextMsg))
	n := len(s.Hands[Protestant])
	dice := &testdice.Script{Rolls: []int{
		6, 6, 6, 1, 1, 1, 1, // Eck: 3 + 3 + 1 = 7 dice, 3 hits
		1, 1, 1, 1, 1, // Luther, committed: 4 + 2 - 1 = 5 dice
	}}
	ns, res := submit(t, s, Protestant, dice, "play here i stand")
	readAll(t, res)
	text := eventText(res, "england")
	require.Contains(t, text, "Here I Stand: Luther (4) debates in place of Melanchthon (HIS-18.5e).")
	require.Contains(t, text, "Round 1: Eck rolls 7 dice [6 6 6 1 1 1 1]: 3 hits; Luther rolls 5 dice [1 1 1 1 1]: 0 hits.")
	require.Contains(t, text, "Papacy wins the debate by 3")
	require.Empty(t, dice.Rolls)
	require.Len(t, ns.Hands[Protestant], n, "Here I Stand out, a card drawn")
	require.True(t, ns.OnCard.has(cardHereIStand))
	require.Equal(t, uint8(DebUncommitted), ns.Rel.Debater[mel])
	require.Nil(t, ns.Flow.Resp.Debate)

	// Declined: Melanchthon debates.
	dice = &testdice.Script{Rolls: []int{6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1}}
	ns, res = submit(t, s, Protestant, dice, "no card")
	require.Contains(t, eventText(res, "england"), "Melanchthon rolls 5 dice")
	require.True(t, handHasCard(ns, Protestant, cardHereIStand))
	require.Empty(t, dice.Rolls)
}

// HIS-6.1g with fewer than six players: a power is not asked to answer an
// action of the other power of its own seat (rulings); with six players it
// is.
func TestHIS6_1g_SameSeatNotAsked(t *testing.T) {
	for _, c := range []struct {
		players int
		asked   int
	}{{6, Papacy}, {3, NoPower}} {
		s := besancon(t, 2)
		s.Players = c.players // three players: Hapsburg and Papacy share a seat
		deal(s, Papacy, cardFoulWeather)
		w := &RespondWindow{Kind: RespMove, Power: Hapsburg, Where: sp(t, "dijon"), Cost: 1}
		require.Equal(t, c.asked, s.nextResponder(w), "%d players", c.players)
	}
}

// HIS-21.3k: while Mary I rules, England plays Response cards for CP
// only, so a response window never asks it.
func TestHIS21_3k_MaryINotAskedToRespond(t *testing.T) {
	s := maryGame(t)
	deal(s, England, cardFoulWeather)
	w := &RespondWindow{Kind: RespMove, Power: France, Where: sp(t, "paris"), Cost: 1}
	require.Error(t, s.respondCardOK(w, England, cardFoulWeather))
	require.NotEqual(t, England, s.nextResponder(w))
}
