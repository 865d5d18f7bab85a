package hereistand

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// pirateBoard is an empty board in the Ottoman's impulse with cp CP to
// spend, after Barbary Pirates (Algiers Ottoman, nothing in it).
func pirateBoard(t *testing.T, cp int) *St {
	t.Helper()
	s := board(t)
	s.Active, s.Flow.Card, s.Flow.CP = Ottoman, cards[1].Num, cp
	s.Pirates.Havens = 1
	s.Ctrl[sp(t, "algiers")] = Ottoman
	s.NewImpulse()
	mustCheck(t, s)
	return s
}

// HIS-21.1a, HIS-21.1b, HIS-21.1c, HIS-21.1d, HIS-17.2d, HIS-11.1d: before
// Barbary Pirates Algiers is out of play (no unit enters it, it is no
// Ottoman key), no corsair is built and no piracy initiated. The
// Mandatory Event puts Algiers under Ottoman control with Barbarossa, 2
// regulars and 2 corsairs; its 2 CP then build corsairs there (a pirate
// haven builds corsairs only) and in Ottoman home ports.
func TestHIS21_1d_BarbaryPirates(t *testing.T) {
	s := toAction(t, 2)
	require.Equal(t, Ottoman, s.Active)
	alg := sp(t, "algiers")
	keys, _ := s.Keys(Ottoman)
	require.EqualValues(t, NoPower, s.Ctrl[alg])
	require.Error(t, s.canEnter(Hapsburg, alg, false))
	require.Error(t, s.canNavalEnter(Hapsburg, alg))
	require.Error(t, s.CanBuild(Ottoman, sp(t, "istanbul"), ActBuildCorsair))
	require.Error(t, s.piracyCheck(Ottoman, seaLoc(sz(t, "aegean_sea")), -1))

	c3 := cardWith(t, 3)
	deal(s, Ottoman, cardBarbaryPirates, c3)
	rej := refuse(t, s, Ottoman, "play "+strconv.Itoa(int(c3))+" for cp", "build corsair in istanbul")
	require.Contains(t, rej.Problems[0].Reason, "only after Barbary Pirates")

	ns, res := submit(t, s, Ottoman, testdice.New(1), "play 9", "build corsair in algiers", "build 1 corsair in istanbul")
	txt := eventText(res, roleOf(France))
	require.Contains(t, txt, "Barbary Pirates: Algiers enters play under Ottoman control with Barbarossa, 2 regulars and 2 corsairs (HIS-21.1d).")
	require.EqualValues(t, Ottoman, ns.Ctrl[alg])
	require.Equal(t, Force{Reg: 2, Cor: 3}, ns.Units[alg][Ottoman])
	require.Equal(t, uint8(1), ns.Units[sp(t, "istanbul")][Ottoman].Cor)
	require.EqualValues(t, alg, ns.Leader[ldr(t, "barbarossa")])
	require.True(t, ns.barbary() && ns.haven(alg) && ns.fortified(alg))
	require.Equal(t, Ottoman, ns.homeOf(alg))
	k2, _ := ns.Keys(Ottoman)
	require.Equal(t, keys+1, k2, "Algiers counts as an Ottoman key once in play")
	require.True(t, ns.Removed.has(cardBarbaryPirates))

	// HIS-21.1f: only corsairs in Algiers; the Hapsburg never builds there.
	require.ErrorContains(t, ns.CanBuild(Ottoman, alg, ActRaiseRegular), "only corsairs")
	require.ErrorContains(t, ns.CanBuild(Ottoman, alg, ActRaiseCavalry), "only corsairs")
	require.NoError(t, ns.CanBuild(Ottoman, alg, ActBuildCorsair))
	require.Error(t, ns.CanBuild(Hapsburg, alg, ActBuildSquadron))
	require.Contains(t, ns.buildOptions(Ottoman, ActBuildCorsair), "build corsair in Algiers")
	require.NotContains(t, ns.buildOptions(Ottoman, ActRaiseRegular), "build regular in Algiers")

	// The event's code needs no impulse: forced in Winter (HIS-19.8) it
	// does the same.
	w := s.clone()
	w.Phase, w.Flow.Card, w.Flow.CP = PhWinter, 0, 0
	r := &run{s: w, dice: testdice.New(1)}
	require.NoError(t, events[cardBarbaryPirates].play(r, Papacy, ""))
	require.EqualValues(t, Ottoman, w.Ctrl[alg])
	require.Equal(t, Force{Reg: 2, Cor: 2}, w.Units[alg][Ottoman])
	mustCheck(t, w)
}

// HIS-21.1e, HIS-21.1f: Pirate Haven, after Barbary Pirates, turns Oran
// or Tripoli (empty, held by a power at war with the Ottoman, on a sea
// zone with an Ottoman fortified port) into an Ottoman pirate haven with
// 1 regular and 2 corsairs: an Ottoman home space with a fortress, where
// the Ottoman builds corsairs only. Tripoli's zone has no Ottoman
// fortified port while Tunis is Hapsburg.
func TestHIS21_1e_PirateHaven(t *testing.T) {
	s := pirateBoard(t, 0)
	s.Flow.Card, s.Flow.CP = 0, 0
	oran, tripoli := sp(t, "oran"), sp(t, "tripoli")
	deal(s, Ottoman, cardPirateHaven)
	deal(s, Hapsburg, 20)
	mustCheck(t, s)
	// Not at war with the Hapsburg: no target.
	require.ErrorContains(t, s.eventPlayable(Ottoman, cardPirateHaven), "neither Oran nor Tripoli")
	require.Error(t, s.eventPlayable(Hapsburg, cardPirateHaven))
	s.setWar(Ottoman, Hapsburg, true)
	require.NoError(t, s.eventPlayable(Ottoman, cardPirateHaven))
	require.Contains(t, s.playChoices(Ottoman), "play 89 Pirate Haven for event: oran")

	rej := refuse(t, s, Ottoman, "play 89 for event: tripoli")
	require.Contains(t, rej.Problems[0].Reason, "Pirate Haven converts Oran")
	ns, res := submit(t, s, Ottoman, testdice.New(1), "play 89 for event: oran")
	require.Contains(t, eventText(res, roleOf(Papacy)), "Oran becomes an Ottoman pirate haven with 1 regular and 2 corsairs (HIS-21.1e).")
	require.True(t, ns.haven(oran) && !ns.haven(tripoli))
	require.EqualValues(t, Ottoman, ns.Ctrl[oran])
	require.Equal(t, Force{Reg: 1, Cor: 2}, ns.Units[oran][Ottoman])
	require.True(t, ns.fortified(oran) && ns.fortress(oran) && ns.locSource(oran, Ottoman))
	require.Equal(t, Ottoman, ns.homeOf(oran))
	require.Equal(t, Hapsburg, ns.homeOf(tripoli))
	require.NoError(t, ns.CanBuild(Ottoman, oran, ActBuildCorsair))
	require.ErrorContains(t, ns.CanBuild(Ottoman, oran, ActRaiseRegular), "only corsairs")
	require.ErrorContains(t, ns.CanBuild(Hapsburg, oran, ActRaiseRegular), "not a Hapsburg home space")
	// A Hapsburg Tunis keeps Tripoli out of reach.
	require.Empty(t, ns.havenTargets())
	require.ErrorContains(t, canPirateHaven(ns, Ottoman), "neither Oran nor Tripoli")
	ns.Ctrl[sp(t, "tunis")] = Ottoman
	require.Equal(t, []int{tripoli}, ns.havenTargets())

	// Before Barbary Pirates the event cannot be played.
	s.Pirates.Havens = 0
	s.Ctrl[sp(t, "algiers")] = NoPower
	require.ErrorContains(t, s.eventPlayable(Ottoman, cardPirateHaven), "only after Barbary Pirates")
}

// HIS-5.1e: Mandatory Event 18, Dragut: Barbarossa dies and Dragut takes
// his place where he was; Dragut's piracy rating is 2, Barbarossa's 1.
func TestHIS5_1e_Dragut(t *testing.T) {
	s := pirateBoard(t, 0)
	s.Flow.Card = 0
	ion := seaLoc(sz(t, "ionian_sea"))
	s.addUnits(ion, Ottoman, Force{Cor: 2})
	b, d := ldr(t, "barbarossa"), ldr(t, "dragut")
	s.Leader[b] = int16(ion)
	s.setWar(Ottoman, Hapsburg, true)
	require.Equal(t, 2+1, s.piracyDice(ion, Hapsburg))
	deal(s, Ottoman, cardDragut)
	ns, res := submit(t, s, Ottoman, testdice.New(1), "play 18", "done")
	require.Contains(t, eventText(res, roleOf(England)), "Barbarossa dies; Dragut takes his place in Ionian Sea.")
	require.EqualValues(t, LeaderRemoved, ns.Leader[b])
	require.EqualValues(t, ion, ns.Leader[d])
	require.Equal(t, 2+2, ns.piracyDice(ion, Hapsburg))
	require.Equal(t, 1, leaders[b].Piracy)
	require.Equal(t, 2, leaders[d].Piracy)
}

// HIS-16.4h: the seed's example of piracy. Barbarossa, 2 corsairs and 1
// squadron in the Ionian Sea target the Hapsburg, at war with the
// Ottoman (the Papacy is not): the Hapsburg gets 1 die for the Knights of
// St. John in Malta and 1 for its squadron in Messina, none for Papal
// Corfu. 1 hit sinks a corsair; with 1 corsair left the Ottoman rolls 1 +
// 1 (Barbarossa) dice, both hit; the Hapsburg loses its Messina squadron
// and gives 1 VP.
// Also exercises HIS-16.4a, HIS-16.4b, HIS-16.4c, HIS-16.4d, HIS-16.4e,
// HIS-16.4f, HIS-5.1e, HIS-23.2e.
func TestHIS16_4h_PiracyExample(t *testing.T) {
	s := pirateBoard(t, 2)
	ion := seaLoc(sz(t, "ionian_sea"))
	s.addUnits(ion, Ottoman, Force{Sq: 1, Cor: 2})
	s.Leader[ldr(t, "barbarossa")] = int16(ion)
	put(t, s, "messina", Hapsburg, Force{Sq: 1})
	s.Ctrl[sp(t, "corfu")] = Papacy
	s.setWar(Ottoman, Hapsburg, true)
	deal(s, Hapsburg, 20, 21)
	mustCheck(t, s)
	require.Equal(t, 2, s.antiPiracyDice(ion, Hapsburg))
	require.Contains(t, s.actionForms(Ottoman), "piracy in Ionian Sea against Hapsburg")

	dice := &testdice.Script{Rolls: []int{5, 1, 6, 5}}
	ns, res := submit(t, s, Ottoman, dice, "piracy in ionian against hapsburg")
	require.Equal(t, []string{"piracy in Ionian Sea against Hapsburg"}, res.Canonical)
	txt := eventText(res, roleOf(France))
	for _, want := range []string{
		"Ottoman initiates piracy in the Ionian Sea against Hapsburg (HIS-16.4b).",
		"Hapsburg rolls 2 dice against the corsairs [5 1]: 1 hit.",
		"Ottoman loses 1 corsair.",
		"Ottoman rolls 2 dice for piracy [6 5]: 2 hits.",
	} {
		require.Contains(t, txt, want)
	}
	require.Equal(t, Force{Sq: 1, Cor: 1}, ns.Units[ion][Ottoman])
	require.Equal(t, []adjudicator.Role{"hapsburg"}, ns.Owing())
	pr := ns.Prompts()[0]
	require.Equal(t, "piracy", pr.Kind)
	require.Contains(t, pr.Text, "scores 2 hits against you")
	require.Equal(t, []string{"give vp", "give card", "lose squadron in Messina"}, pr.Choices)

	// More answers than hits, and outcomes not available, are refused.
	rej := refuse(t, ns, Hapsburg, "give vp", "give vp", "give vp")
	require.Contains(t, rej.Problems[0].Reason, "2 hits to give")
	rej = refuse(t, ns, Hapsburg, "lose squadron in naples")
	require.Contains(t, rej.Problems[0].Reason, "cannot lose squadron in Naples")
	rej = refuse(t, ns, Hapsburg, "sink the pirates")
	require.Contains(t, rej.Problems[0].Reason, "answer each hit")

	after, res := submit(t, ns, Hapsburg, testdice.New(1), "eliminate squadron in Messina", "give vp")
	require.Equal(t, []string{"lose squadron in Messina, give vp"}, res.Canonical)
	require.Equal(t, 1, after.Tracks.Piracy)
	require.Equal(t, 1, after.SpecialVP(Ottoman))
	require.True(t, after.Units[sp(t, "messina")][Hapsburg].empty())
	require.Equal(t, uint8(1), after.Flow.NavalDead[Hapsburg])
	require.Nil(t, after.Pirates.Act)
	require.NotEqual(t, Ottoman, after.Active, "the impulse is over")
	// HIS-16.4b: once per sea zone per turn.
	after.Active, after.Flow.Card, after.Flow.CP = Ottoman, cards[1].Num, 2
	require.ErrorContains(t, after.piracyCheck(Ottoman, ion, Hapsburg), "already initiated piracy in the Ionian Sea this turn")
}

// HIS-16.4a, HIS-16.4b, HIS-16.4c, HIS-16.4d, HIS-16.4e, HIS-16.4f,
// HIS-16.4g, HIS-12.4j, HIS-19.6a: the piracy action's conditions and
// refusals; anti-piracy dice for squadrons in the zone (2 each) and next
// to it (1 each, also of other powers at war with the Ottoman), none for
// a fortress in unrest; a single target port gives 1 die; the card drawn
// is told to the two powers alone; with no card and no squadron, the VP
// are given without asking, at most 10 in the game, and the hits beyond
// are lost; Winter removes the piracy markers.
func TestHIS16_4_PiracyRules(t *testing.T) {
	s := pirateBoard(t, 4)
	bar := seaLoc(sz(t, "barbary_coast"))
	tyr := seaLoc(sz(t, "tyrrhenian_sea"))
	ion := seaLoc(sz(t, "ionian_sea"))
	s.addUnits(bar, Ottoman, Force{Cor: 3})
	s.setWar(Ottoman, Hapsburg, true)
	s.setWar(Ottoman, France, true)
	mustCheck(t, s)

	// Refusals: no corsairs, a land space, a power with no port there,
	// a target to name, another power than the Ottoman.
	for line, want := range map[string]string{
		"piracy in ionian sea against hapsburg":  "no corsairs in the Ionian Sea",
		"piracy in algiers":                      "in a sea zone, not in Algiers",
		"piracy in barbary coast against papacy": "Papacy controls no port on the Barbary Coast",
	} {
		rej := refuse(t, s, Ottoman, line)
		require.Contains(t, rej.Problems[0].Reason, want, line)
		require.Contains(t, rej.Problems[0].Legal, "piracy in Barbary Coast against Hapsburg")
	}
	require.Equal(t, []int{Hapsburg}, s.piracyTargets(bar))
	require.NoError(t, s.piracyCheck(Ottoman, bar, -1), "a single target need not be named")
	require.Error(t, s.piracyCheck(Hapsburg, bar, -1))

	// Dice: 2 per Hapsburg squadron in the zone, 1 per squadron next to
	// it (a French one too: at war with the Ottoman), 1 per fortress
	// (Gibraltar), none for a fortress in unrest (HIS-12.4j), none for
	// ships of powers at peace with the Ottoman.
	s.addUnits(bar, Hapsburg, Force{Sq: 1})
	s.addUnits(tyr, France, Force{Sq: 1})
	s.addUnits(sp(t, "cartagena"), Hapsburg, Force{Sq: 1})
	s.addUnits(ion, England, Force{Sq: 1})
	require.Equal(t, 2+1+1+1, s.antiPiracyDice(bar, Hapsburg))
	s.Unrest.set(sp(t, "gibraltar"))
	require.Equal(t, 2+1+1, s.antiPiracyDice(bar, Hapsburg))
	// 3 corsairs, several Hapsburg ports: 2 dice; 1 corsair: 1 die.
	require.Equal(t, 2, s.piracyDice(bar, Hapsburg))

	// The card drawn: told to the Ottoman and the target only.
	s.Units[bar][Hapsburg] = Force{}
	s.Units[tyr][France] = Force{}
	s.Units[sp(t, "cartagena")][Hapsburg] = Force{}
	s.Units[ion][England] = Force{}
	s.reindex()
	s.Unrest.clear(sp(t, "gibraltar"))
	deal(s, Hapsburg, 20)
	s.Tracks.Piracy = maxPiracyVP - 1
	mustCheck(t, s)
	// Gibraltar rolls 1 die (no hit), then 2 piracy dice: 2 hits.
	ns, _ := submit(t, s, Ottoman, &testdice.Script{Rolls: []int{2, 6, 6}}, "piracy in barbary coast")
	require.Equal(t, []string{"give vp", "give card"}, ns.piracyChoices())
	after, res := submit(t, ns, Hapsburg, testdice.New(1), "give card, give vp")
	require.Contains(t, after.Hands[Ottoman], uint8(20))
	require.Empty(t, after.Hands[Hapsburg])
	require.Equal(t, maxPiracyVP, after.Tracks.Piracy)
	card := "The card drawn is #20"
	require.Contains(t, eventText(res, roleOf(Ottoman)), card)
	require.Contains(t, eventText(res, roleOf(Hapsburg)), card)
	require.NotContains(t, eventText(res, roleOf(France)), card)

	// Nothing left to give: the hits are lost without asking.
	after.Pirates.Markers = 0
	after.Flow.CP = 2
	after.Active = Ottoman
	mustCheck(t, after)
	end, res := submit(t, after, Ottoman, &testdice.Script{Rolls: []int{1, 5, 5}}, "piracy in barbary coast against hapsburg")
	require.Contains(t, eventText(res, roleOf(England)), "Hapsburg has nothing left to give: 2 hits are lost.")
	require.Equal(t, maxPiracyVP, end.Tracks.Piracy)
	require.Nil(t, end.Pirates.Act)

	// HIS-19.6a: Winter removes the markers.
	require.NotZero(t, end.Pirates.Markers)
	r := &run{s: end.clone(), dice: testdice.New(1)}
	r.winter()
	require.Zero(t, r.s.Pirates.Markers)

	// The target's answers in Spanish.
	require.True(t, strings.HasPrefix(englishLine("perder escuadrón en Messina"), "lose squadron in"))
}

// HIS-16.4b: the order round-trips through the stored state while the
// target chooses; a refused answer changes nothing.
func TestHIS16_4b_PiracyStored(t *testing.T) {
	s := pirateBoard(t, 2)
	bar := seaLoc(sz(t, "barbary_coast"))
	s.addUnits(bar, Ottoman, Force{Cor: 2})
	s.addUnits(sp(t, "cartagena"), Hapsburg, Force{Sq: 1})
	s.setWar(Ottoman, Hapsburg, true)
	deal(s, Hapsburg, 20)
	ns, _ := submit(t, s, Ottoman, &testdice.Script{Rolls: []int{1, 1, 5, 6}}, "piracy barbary coast target hapsburg")
	require.NotNil(t, ns.Pirates.Act)
	data, err := ns.Encode()
	require.NoError(t, err)
	require.Contains(t, string(data), `"pirates":{"havens":["algiers"],"markers":["barbary_coast"],"piracy":{"zone":"barbary_coast","target":"hapsburg","hits":2}}`)
	back, err := decode(data)
	require.NoError(t, err)
	require.Equal(t, ns.Pirates, back.Pirates)
	// Every view shows the havens, the markers and the piracy VP.
	var body string
	for _, sec := range ns.View(roleOf(France)).Sections {
		if sec.Title == "Piracy and foreign wars" {
			body = sec.Body
			require.Equal(t, "his.section.piracy", sec.TitleMsg.Key)
		}
	}
	require.Contains(t, body, "Pirate havens: Algiers")
	require.Contains(t, body, "Piracy this turn: Barbary Coast")
	require.Contains(t, body, "Piracy VP: 0 of 10")
	// One hit answered: the other is asked again.
	mid, _ := submit(t, back, Hapsburg, testdice.New(1), "lose squadron in cartagena")
	require.Equal(t, []adjudicator.Role{"hapsburg"}, mid.Owing())
	require.Equal(t, 1, mid.Pirates.Act.Hits)
	require.Equal(t, []string{"give vp", "give card"}, mid.piracyChoices())
}

// HIS-16.4a, HIS-16.4f, HIS-16.4g: random players with corsairs at sea
// initiate piracy and answer its hits (now and then by the deadline
// default); every state on the way keeps the invariants, and piracy VP
// never pass 10.
func TestHIS16_4_PiracyRandomPlay(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 6; seed++ {
		s := toAction(t, seed)
		s.Pirates.Havens = 1
		s.Ctrl[sp(t, "algiers")] = Ottoman
		for _, z := range []string{"barbary_coast", "ionian_sea"} {
			s.addUnits(seaLoc(sz(t, z)), Ottoman, Force{Cor: 2})
		}
		s.Leader[ldr(t, "barbarossa")] = int16(seaLoc(sz(t, "ionian_sea")))
		s.setWar(Ottoman, Hapsburg, true)
		mustCheck(t, s)
		d, pk := testdice.New(seed), testdice.New(seed^0x91)
		// The Ottoman opens with piracy; then the random players go on.
		c := cardWith(t, 2)
		deal(s, Ottoman, c)
		s, _ = submit(t, s, Ottoman, d, "play "+strconv.Itoa(int(c))+" for cp", "piracy in ionian sea against hapsburg")
		for i := 0; i < 400 && !s.Flow.Over && s.Turn < 3; i++ {
			owing := s.Owing()
			sub := s.RandomSubmission(owing[pk.Intn(len(owing))], pk.Intn)
			if pk.Intn(5) == 0 {
				sub = s.Default(sub.Role)
			}
			ns, res, err := s.Apply(*sub, d)
			require.NoError(t, err, "seed %d: %s %v", seed, sub.Role, sub.Lines)
			s = ns.(*St)
			mustCheck(t, s)
			for _, e := range res.Events {
				for _, k := range []string{"initiates piracy", "piracy VP", "The card drawn", "to the pirates", "nothing left to give"} {
					if strings.Contains(e.Text, k) {
						seen[k]++
					}
				}
			}
		}
	}
	t.Log(seen)
	require.NotZero(t, seen["piracy VP"]+seen["The card drawn"]+seen["to the pirates"]+seen["nothing left to give"])
}

// HIS-23.2k: Julia Gonzaga (Ottoman, after Barbary Pirates) gives the
// Ottoman 1 VP when its piracy scores a hit in the Tyrrhenian Sea later
// in the turn; the chance ends with the turn.
func TestHIS23_2k_JuliaGonzaga(t *testing.T) {
	s := pirateBoard(t, 0)
	s.Flow.Card = 0
	tyr := seaLoc(sz(t, "tyrrhenian_sea"))
	s.addUnits(tyr, Ottoman, Force{Cor: 2})
	deal(s, Ottoman, cardJuliaGonzaga)
	deal(s, Hapsburg, cardJuliaGonzaga+1)
	require.ErrorContains(t, s.eventPlayable(Hapsburg, cardJuliaGonzaga), "Ottoman event")
	ns, res := submit(t, s, Ottoman, testdice.New(1), "play 84 for event")
	require.Contains(t, eventText(res, roleOf(Hapsburg)), "Julia Gonzaga: the Ottoman gains 1 VP if its piracy scores a hit in the Tyrrhenian Sea this turn.")
	require.True(t, ns.Pirates.Julia)
	require.True(t, ns.Removed.has(cardJuliaGonzaga))

	ns.Active, ns.Flow.Card, ns.Flow.CP = Ottoman, cards[1].Num, 2
	deal(ns, Hapsburg)
	vp := ns.VP(Ottoman)
	// No anti-piracy dice (no power at war); 2 dice, 1 hit; the
	// Hapsburg, with no card and no squadron, gives the VP at once.
	end, res := submit(t, ns, Ottoman, &testdice.Script{Rolls: []int{6, 1}}, "piracy in tyrrhenian sea against hapsburg")
	require.Contains(t, eventText(res, roleOf(France)), "Julia Gonzaga: piracy in the Tyrrhenian Sea gives the Ottoman 1 VP (HIS-23.2k).")
	require.False(t, end.Pirates.Julia)
	require.Equal(t, vp+2, end.VP(Ottoman), "1 VP for Julia Gonzaga, 1 piracy VP")

	// Winter ends the chance.
	r := &run{s: ns.clone(), dice: testdice.New(1)}
	r.winter()
	require.False(t, r.s.Pirates.Julia)
}
