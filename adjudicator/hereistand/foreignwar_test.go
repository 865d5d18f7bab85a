package hereistand

import (
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

// HIS-21.7a, HIS-21.7b, HIS-21.7c, HIS-21.7d, HIS-21.7e, HIS-21.7f,
// HIS-11.1d: Revolt in Egypt, played by the Hapsburg, sends 3 Ottoman land
// units (with Ibrahim Pasha, stacked with them) off the map against 3
// Egyptian units; the Ottoman draws a card fewer while the war lasts. A
// Fight Foreign War action (1 CP) is a battle with no extra die for the
// defenders and no retreat, once a war and impulse; while short of units
// the Ottoman's new land units go to the card; the Winter regular goes to
// the capital all the same. When the Egyptians are all eliminated the
// Ottoman gains 1 VP and its units and leader come back to Istanbul.
func TestHIS21_7_RevoltInEgypt(t *testing.T) {
	s := toAction(t, 2)
	ist := sp(t, "istanbul")
	ibr := ldr(t, "ibrahim_pasha")
	draw := s.CardsDealt(Ottoman)
	require.NotNil(t, s.CanBuild(Ottoman, ist, ActRaiseRegular) == nil)
	deal(s, Ottoman, 92)
	require.ErrorContains(t, s.eventPlayable(Ottoman, 92), "played against Ottoman, not by it")
	deal(s, Ottoman)
	s.Active = Hapsburg
	deal(s, Hapsburg, 92)
	mustCheck(t, s)
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play 92 for event")
	require.Contains(t, eventText(res, roleOf(France)), "#92 Revolt in Egypt: Ottoman must send 3 land units against 3 Egyptian units (HIS-21.7a).")
	require.Equal(t, []adjudicator.Role{"ottoman"}, ns.Owing())
	pr := ns.Prompts()[0]
	require.Equal(t, "foreign-war", pr.Kind)
	require.Equal(t, "send 3 from Istanbul", pr.Choices[0])
	require.Contains(t, pr.Choices, "send 3 from Istanbul with Suleiman, Ibrahim Pasha")
	require.False(t, containsCard(ns.Discard, 92))

	// Wrong numbers and leaders are refused.
	rej := refuse(t, ns, Ottoman, "send 2 from istanbul")
	require.Contains(t, rej.Problems[0].Reason, "Ottoman sends 3 land units, not 2")
	rej = refuse(t, ns, Ottoman, "send 3 from istanbul with ibrahim; 1 from edirne")
	require.Contains(t, rej.Problems[0].Reason, "not 4")

	ns, res = submit(t, ns, Ottoman, testdice.New(1), "send 2 regulars, 1 cavalry from istanbul with ibrahim")
	require.Equal(t, []string{"send 2 regulars, 1 cavalry from istanbul with ibrahim"}, res.Canonical)
	w := ns.foreignWar(92)
	require.Equal(t, Force{Reg: 2, Cav: 1}, w.Units)
	require.Equal(t, []int{ibr}, w.Leaders)
	require.EqualValues(t, LeaderForeign, ns.Leader[ibr])
	require.Equal(t, Force{Reg: 5, Sq: 1}, ns.Units[ist][Ottoman])
	require.Equal(t, draw-1, ns.CardsDealt(Ottoman))
	// A leader another rule takes off the map leaves the card.
	gone := ns.clone()
	gone.Leader[ibr] = LeaderRemoved
	mustCheck(t, gone)
	require.Empty(t, gone.warLeaders(gone.foreignWar(92)))
	for _, sec := range ns.View(roleOf(France)).Sections {
		if sec.Title == "Piracy and foreign wars" {
			require.Contains(t, sec.Body, "#92 Revolt in Egypt: Ottoman: 2 regulars, 1 cavalry, Ibrahim Pasha;\n  3 Egyptian units")
		}
	}

	// The Ottoman fights: 3 units and Ibrahim (1) roll 4 dice, the
	// Egyptians 3; 1 hit each way.
	ns.Active, ns.Flow.Card, ns.Flow.CP = Ottoman, cards[1].Num, 4
	ns.NewImpulse()
	mustCheck(t, ns)
	require.Contains(t, ns.actionForms(Ottoman), "fight foreign war egypt")
	ns2, res := submit(t, ns, Ottoman, &testdice.Script{Rolls: []int{6, 1, 1, 1, 5, 2, 2}}, "fight foreign war egypt", "build regular in istanbul")
	txt := eventText(res, roleOf(England))
	require.Contains(t, txt, "Foreign war in Egypt: Ottoman rolls 4 dice [6 1 1 1]: 1 hit; the Egyptian units roll 3 dice [5 2 2]: 1 hit.")
	require.Contains(t, txt, "2 Egyptian units are left in Egypt.")
	require.Contains(t, txt, "Ottoman sends its new 1 regular to #92 Revolt in Egypt (HIS-21.7e).")
	w = ns2.foreignWar(92)
	require.Equal(t, 2, w.Foes)
	require.Equal(t, 3, w.Units.Land(), "the new regular made up the loss")
	require.Equal(t, uint8(5), ns2.Units[ist][Ottoman].Reg)
	for l, want := range map[string]string{"combatir guerra extranjera egipto": "egypt", "combatti guerra estera persia": "persia",
		"foreign war irel": "ireland", "fight foreign war #92": "egypt"} {
		o, err := parseOrder(Ottoman, englishLine(l), nil)
		require.NoError(t, err, l)
		require.Equal(t, "fight foreign war "+want, o.canonical(Ottoman))
	}
	o, err := parseOrder(Ottoman, englishLine("combatir guerra extranjera egypt"), nil)
	require.NoError(t, err)
	require.Equal(t, "fight foreign war egypt", o.canonical(Ottoman))
	require.Equal(t, "send 3 from istanbul", englishLine("enviar 3 de istanbul"))
	rej = refuse(t, ns2, Ottoman, "fight foreign war")
	require.Contains(t, rej.Problems[0].Reason, "already fought #92 Revolt in Egypt this impulse")

	// HIS-21.7f: the Winter regular goes to Istanbul; the units on the
	// card stay.
	r := &run{s: ns2.clone(), dice: testdice.New(1)}
	r.winter()
	require.Equal(t, uint8(6), r.s.Units[ist][Ottoman].Reg)
	require.Equal(t, 3, r.s.foreignWar(92).Units.Land())

	// Next impulse: 2 hits end the war.
	ns2.NewImpulse()
	ns2.Flow.CP = 1
	end, res := submit(t, ns2, Ottoman, &testdice.Script{Rolls: []int{5, 6, 1, 1, 1, 1}}, "fight foreign war")
	txt = eventText(res, roleOf(Papacy))
	require.Contains(t, txt, "Ottoman wins the foreign war in Egypt and gains 1 VP (HIS-21.7d).")
	require.Contains(t, txt, "Ottoman units and leaders on #92 Revolt in Egypt return to Istanbul.")
	require.Empty(t, end.Foreign)
	require.Equal(t, ns2.BonusVP[Ottoman]+1, end.BonusVP[Ottoman])
	require.EqualValues(t, ist, end.Leader[ibr])
	require.Equal(t, Force{Reg: 5 + 3, Sq: 1}, end.Units[ist][Ottoman], "the cavalry was the first loss")
	require.True(t, containsCard(end.Discard, 92))
	require.Equal(t, draw, end.CardsDealt(Ottoman))
	end.Active, end.Flow.Card, end.Flow.CP = Ottoman, cards[1].Num, 1
	rej = refuse(t, end, Ottoman, "fight foreign war")
	require.Contains(t, rej.Problems[0].Reason, "no foreign war in play")
}

// HIS-21.7a, HIS-21.7b: with no choice (no more units than the card
// asks for, no leader with them) the units go without asking; a besieged
// stack sends nothing. The Hapsburg (or France) playing Revolt in Ireland
// may add one land unit of its own to the Irish.
func TestHIS21_7a_NoChoice(t *testing.T) {
	s := board(t)
	s.Active = Hapsburg
	put(t, s, "london", England, Force{Reg: 2})
	put(t, s, "bristol", England, Force{Reg: 1, Merc: 1})
	put(t, s, "calais", England, Force{Reg: 2})
	s.Warfare.Siege.set(sp(t, "calais"))
	put(t, s, "calais", France, Force{Reg: 4})
	s.setWar(England, France, true)
	deal(s, Hapsburg, 93)
	mustCheck(t, s)
	require.Equal(t, 4, s.sendTotal(England))
	put(t, s, "valladolid", Hapsburg, Force{Reg: 2, Merc: 1})
	require.Contains(t, s.playChoices(Hapsburg), "play 93 Revolt in Ireland for event: add 1 regular from valladolid")
	rej := refuse(t, s, Hapsburg, "play 93 for event: add 2 from valladolid")
	require.Contains(t, rej.Problems[0].Reason, "one land unit is added, not 2")
	rej = refuse(t, s, Hapsburg, "play 93 for event: send the armada")
	require.Contains(t, rej.Problems[0].Reason, "add 1 regular from <space>")
	ns, res := submit(t, s, Hapsburg, testdice.New(1), "play 93 for event: add 1 mercenary from valladolid", "done")
	txt := eventText(res, roleOf(England))
	require.Contains(t, txt, "Hapsburg adds 1 mercenary from Valladolid to the Irish units (#93 Revolt in Ireland).")
	require.Contains(t, txt, "#93 Revolt in Ireland: England must send 4 land units against 4 Irish units (HIS-21.7a).")
	require.Contains(t, txt, "England sends 1 regular, 1 mercenary from Bristol; 2 regulars from London to #93 Revolt in Ireland.")
	require.Equal(t, 4, ns.foreignWar(93).Units.Land())
	require.Equal(t, 4, ns.foreignWar(93).Foes)
	require.Equal(t, Force{Reg: 2}, ns.Units[sp(t, "valladolid")][Hapsburg])
	require.Equal(t, uint8(2), ns.Units[sp(t, "calais")][England].Reg)
	require.Equal(t, Hapsburg+1, ns.Active)
}
