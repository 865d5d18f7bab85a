package hereistand

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/stretchr/testify/require"
)

func handHas(s *St, p, n int) bool {
	for _, c := range s.Hands[p] {
		if int(c) == n {
			return true
		}
	}
	return false
}

func discarded(s *St, n int) bool {
	for _, c := range s.Discard {
		if int(c) == n {
			return true
		}
	}
	return false
}

// HIS-6.1h, HIS-14e, HIS-14f: before the dice of a field battle the
// attacker, then the defender, declare their Combat cards; each is asked
// only when it holds a card it may play. Arquebusiers (+2), Tercios
// played by the Hapsburg (3 dice hitting on 4-6) and Field Artillery
// played by France (+3) reach the dice; the cards are discarded. Wrong
// answers are refused and change nothing.
func TestHIS14e_CombatCardsInFieldBattle(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, Hapsburg, append(s.Hands[Hapsburg], cardArquebusiers, cardTercios)...)
	deal(s, France, cardFieldArtillery)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move all from besancon to dijon")
	s, _ = submit(t, s, France, testdice.New(1), "stand")
	p := onlyPrompt(t, s, "hapsburg", "combat", "no card")
	require.Equal(t, []string{"no card", "play 24 Arquebusiers", "play 30 Tercios"}, p.Choices)
	require.Contains(t, p.Text, "Field battle in Dijon, Hapsburg attacking")
	require.NotNil(t, p.TextMsg)
	require.Equal(t, "Batalla campal en Dijon, ataca Habsburgo: antes de los dados puedes jugar Cartas de Combate (#24 Arquebusiers y #30 Tercios). Escribe play y la carta, una línea por carta, o no card (HIS-14e).",
		gameCatalog(t).Text("es", *p.TextMsg))
	// Bad answers: a card not held (France's, never named), a card that
	// is not a Combat card, a mix of no card and a play, another power.
	rej := refuse(t, s, Hapsburg, "play 25")
	require.Contains(t, rej.Error(), "not in your hand")
	require.NotContains(t, rej.Error(), "France")
	refuse(t, s, Hapsburg, "play arquebusiers", "no card")
	refuse(t, s, Hapsburg, "play arquebusiers", "play arquebusiers")
	refuse(t, s, Hapsburg, "intercept from graz")
	refuse(t, s, France, "play field artillery")
	s, res := submit(t, s, Hapsburg, testdice.New(1), "play arquebusiers", "play 30")
	text := eventText(res, "england")
	require.Contains(t, text, "Hapsburg plays the Combat card #24 Arquebusiers in Dijon.")
	require.Contains(t, text, "Tercios: the Hapsburg rolls 3 more dice that hit on 4, 5 or 6.")
	require.False(t, handHas(s, Hapsburg, cardArquebusiers) || handHas(s, Hapsburg, cardTercios))
	require.True(t, discarded(s, cardArquebusiers) && discarded(s, cardTercios))
	p = onlyPrompt(t, s, "france", "combat", "no card")
	require.Equal(t, []string{"no card", "play 25 Field Artillery"}, p.Choices)
	// Hapsburg: 4 + 2 dice, then 3 Tercios dice (two 4s hit); France:
	// 2 + 1 + 3 dice, no hit.
	rolls := []int{1, 1, 1, 1, 1, 1, 4, 4, 3, 1, 1, 1, 1, 1, 1}
	s, res = submit(t, s, France, &testdice.Script{Rolls: rolls}, "play field artillery")
	text = eventText(res, "england")
	require.Contains(t, text, "Field Artillery: France rolls 3 more dice.")
	require.Contains(t, text, "Hapsburg rolls 9 dice [1 1 1 1 1 1 4 4 3]: 2 hits; the defender rolls 6 dice")
	require.Equal(t, 0, s.Units[sp(t, "dijon")][France].Land())
	require.Nil(t, s.Flow.Combat)
	require.True(t, discarded(s, cardFieldArtillery))
}

// HIS-14e, HIS-6.1h: a standing order "auto no card" answers the window
// without asking; a battle where no side holds a playable card asks
// nobody.
func TestHIS14e_CombatStandingOrder(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, France, cardArquebusiers)
	s, res := submit(t, s, France, testdice.New(1), "auto no card")
	require.Equal(t, uint16(1<<DecCombat|1<<DecRespond), s.Flow.Auto[France]) // and the Response cards (respond.go)
	require.Contains(t, eventText(res, "france"), "combat")
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move all from besancon to dijon")
	s, res = submit(t, s, France, &testdice.Script{Rolls: []int{1, 1, 1, 1, 1, 1, 1}}, "stand")
	require.Contains(t, eventText(res, "england"), "the defender rolls 3 dice")
	require.True(t, handHas(s, France, cardArquebusiers))
	onlyPrompt(t, s, "hapsburg", "actions", "done")
}

// HIS-14f: Surprise Attack: the side that plays it rolls first and the
// other side counts its dice after taking the hits (none when no unit is
// left); Tercios played against at least 3 Hapsburg regulars takes 3 dice
// from the Hapsburg.
func TestHIS14f_SurpriseAttackAndTercios(t *testing.T) {
	// The attacker (3 units, 3 dice) surprises 2 defenders (3 dice): two
	// hits leave the defender nothing to roll with.
	r := rollCombat(3, 3, Mods{Surprise: 1}, &testdice.Script{Rolls: []int{5, 6, 1}}, "x", 3, 2)
	require.Equal(t, 0, r.DefDice)
	require.Equal(t, 0, r.AttLosses)
	require.Equal(t, 2, r.DefLosses)
	require.True(t, r.AttackerWins)
	// The defender surprises: its hit costs the attacker a die.
	r = rollCombat(3, 3, Mods{Surprise: 2}, &testdice.Script{Rolls: []int{5, 1, 1, 6, 1}}, "x", 3, 2)
	require.Equal(t, 2, r.AttDice)
	require.Equal(t, []int{5, 1, 1}, r.DefRolls)
	require.Equal(t, []int{6, 1}, r.AttRolls)
	require.Equal(t, 1, r.AttLosses)
	require.Equal(t, 1, r.DefLosses)
	require.False(t, r.AttackerWins)

	// By email: France defends Dijon with Surprise Attack and Tercios
	// against 4 Hapsburg regulars.
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, France, cardSurpriseAttack, cardTercios)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move all from besancon to dijon")
	s, _ = submit(t, s, France, testdice.New(1), "stand")
	p := onlyPrompt(t, s, "france", "combat", "no card")
	require.Equal(t, []string{"no card", "play 29 Surprise Attack", "play 30 Tercios"}, p.Choices)
	// France rolls first, 3 dice, 1 hit; the Hapsburg then rolls 4 - 3
	// (Tercios) - 1 (its loss) = 0 dice.
	s, res := submit(t, s, France, &testdice.Script{Rolls: []int{6, 1, 1}}, "play surprise attack", "play tercios")
	text := eventText(res, "england")
	require.Contains(t, text, "Tercios: the Hapsburg rolls 3 dice fewer.")
	require.Contains(t, text, "Hapsburg rolls 0 dice []: 0 hits; the defender rolls 3 dice [6 1 1]: 1 hit")
	require.Equal(t, Force{Reg: 2}, s.Units[sp(t, "dijon")][France])

	// Tercios against fewer than 3 Hapsburg regulars is not playable.
	s = besancon(t, 2)
	play = impulseFor(t, s, Hapsburg, 2)
	deal(s, France, cardArquebusiers, cardTercios, cardSiegeMining)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move 2 from besancon to dijon")
	s, _ = submit(t, s, France, testdice.New(1), "stand")
	p = onlyPrompt(t, s, "france", "combat", "no card")
	require.Equal(t, []string{"no card", "play 24 Arquebusiers"}, p.Choices)
	rej := refuse(t, s, France, "play tercios")
	require.Contains(t, rej.Error(), "at least 3 Hapsburg regulars")
	rej = refuse(t, s, France, "play siege mining")
	require.Contains(t, rej.Error(), "attacker in an assault")
	require.ErrorContains(t, s.combatCardOK(s.Flow.Combat, England, cardArquebusiers), "does not fight")
}

// HIS-14f: Mercenaries Bribed: half the enemy mercenaries, rounded up,
// leave the battle and are replaced by the player's own; never by or
// against the Ottoman.
func TestHIS14f_MercenariesBribed(t *testing.T) {
	s := besancon(t, 2)
	s.Units[sp(t, "besancon")][Hapsburg] = Force{Reg: 1, Merc: 3}
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, France, cardMercsBribed)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move all from besancon to dijon")
	s, _ = submit(t, s, France, testdice.New(1), "stand")
	onlyPrompt(t, s, "france", "combat", "no card")
	s, res := submit(t, s, France, &testdice.Script{Rolls: []int{1, 1, 1, 1, 1, 1, 1, 1}}, "play mercenaries bribed")
	text := eventText(res, "england")
	require.Contains(t, text, "Mercenaries Bribed: Hapsburg 2 mercenaries go over to France.")
	require.Contains(t, text, "Hapsburg rolls 2 dice")
	require.Contains(t, text, "the defender rolls 5 dice")
	require.Equal(t, Force{Reg: 2, Merc: 2}, s.Units[sp(t, "dijon")][France])

	// Against the Ottoman: the Hapsburg in Vienna is offered only
	// Arquebusiers.
	v := vienna(t)
	play = impulseFor(t, v, Ottoman, 3)
	deal(v, Hapsburg, cardMercsBribed, cardArquebusiers)
	v, _ = submit(t, v, Ottoman, testdice.New(1), play, "move 7 regulars 1 cavalry from pressb to vienna with suleiman, ibrahim")
	for i := 0; i < 5; i++ {
		if d, ok := v.Flow.top(); !ok || d.Kind == DecCombat {
			break
		}
		q := v.owingPowers()[0]
		v, _ = submit(t, v, q, testdice.New(1), v.defaultLines(q)...)
	}
	p := onlyPrompt(t, v, "hapsburg", "combat", "no card")
	require.Equal(t, []string{"no card", "play 24 Arquebusiers"}, p.Choices)
	rej := refuse(t, v, Hapsburg, "play mercenaries bribed")
	require.Contains(t, rej.Error(), "by or against the Ottoman")
}

// HIS-15.1j, HIS-6.1h: in an assault the attacker plays Siege Mining (+3
// dice), then the defender Mercenaries Grow Restless (the assaulting
// mercenaries leave); when too few attackers are left the assault does
// not take place and the siege may break.
func TestHIS15_1j_CombatCardsInAssault(t *testing.T) {
	setup := func(f Force) *St {
		s := board(t)
		s.setWar(Hapsburg, France, true)
		s.Ctrl[sp(t, "dijon")] = Hapsburg
		put(t, s, "lyon", France, Force{Reg: 1})
		put(t, s, "lyon", Hapsburg, f)
		s.Warfare.Siege.set(sp(t, "lyon"))
		mustCheck(t, s)
		return s
	}
	s := setup(Force{Reg: 3, Merc: 1})
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, Hapsburg, append(s.Hands[Hapsburg], cardSiegeMining, cardArquebusiers)...)
	deal(s, France, cardMercsRestless)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "assault lyon", "done")
	p := onlyPrompt(t, s, "hapsburg", "combat", "no card")
	require.Equal(t, []string{"no card", "play 28 Siege Mining"}, p.Choices)
	require.Contains(t, p.Text, "Assault on Lyon by Hapsburg")
	s, _ = submit(t, s, Hapsburg, testdice.New(1), "play siege mining")
	onlyPrompt(t, s, "france", "combat", "no card")
	// 3 regulars: 2 dice + 3 (Siege Mining); the garrison 1 + 1.
	s, res := submit(t, s, France, &testdice.Script{Rolls: []int{6, 1, 1, 1, 1, 1, 1}}, "play 27")
	text := eventText(res, "england")
	require.Contains(t, text, "Mercenaries Grow Restless: Hapsburg 1 mercenary leave the assault on Lyon.")
	require.Contains(t, text, "Hapsburg rolls 5 dice [6 1 1 1 1]: 1 hit")
	require.Equal(t, Hapsburg, s.Controller(sp(t, "lyon")))
	require.Equal(t, Force{Reg: 3}, s.Units[sp(t, "lyon")][Hapsburg])

	// One regular and two mercenaries against one: without the
	// mercenaries the assault does not take place and the siege breaks.
	s = setup(Force{Reg: 1, Merc: 2})
	play = impulseFor(t, s, Hapsburg, 2)
	deal(s, France, cardMercsRestless)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "assault lyon")
	s, res = submit(t, s, France, testdice.New(1), "play mercenaries grow restless")
	text = eventText(res, "england")
	require.Contains(t, text, "The assault on Lyon does not take place")
	require.Contains(t, text, "siege of Lyon is broken")
	require.False(t, s.UnderSiege(sp(t, "lyon")))
	require.True(t, s.Warfare.Assaulted.has(sp(t, "lyon")))
}

// HIS-16.2d, HIS-16.2f, HIS-14g, HIS-21.3k: in a naval combat the attacker plays
// Arquebusiers (+2 dice) before the dice; after the roll the Ottoman may
// play its Janissaries Home card (4 more dice); Janissaries goes back to
// the Ottoman power card and may not be played again this turn.
func TestHIS16_2d_CombatCardsAtSea(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	bc := seaLoc(sz(t, "barbary_coast"))
	s.addUnits(bc, Ottoman, Force{Sq: 1})
	s.Leader[ldr(t, "barbarossa")] = int16(bc)
	put(t, s, "algiers", Hapsburg, Force{Sq: 3})
	s.Ctrl[sp(t, "algiers")] = Hapsburg
	play := impulseFor(t, s, Hapsburg, 1)
	deal(s, Hapsburg, append(s.Hands[Hapsburg], cardArquebusiers)...)
	deal(s, Ottoman, cardJanissaries)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "naval move algiers to barbary coast")
	s, _ = submit(t, s, Ottoman, testdice.New(1), "stand")
	p := onlyPrompt(t, s, "hapsburg", "combat", "no card")
	require.Contains(t, p.Text, "Naval combat in Barbary Coast, Hapsburg attacking")
	// Hapsburg 6 + 2 dice, no hit; Ottoman 2 + 2 (Barbarossa): 2 hits.
	// The Ottoman sees the dice before its Janissaries step.
	rolls := []int{1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 1, 1}
	s, _ = submit(t, s, Hapsburg, &testdice.Script{Rolls: rolls}, "play 24 arquebusiers")
	p = onlyPrompt(t, s, "ottoman", "combat", "no card")
	require.Equal(t, []string{"no card", "play 1 Janissaries"}, p.Choices)
	require.Contains(t, p.Text, "Hapsburg rolls 8 dice [1 1 1 1 1 1 1 1]: 0 hits; Ottoman rolls 4 dice [5 5 1 1]: 2 hits. After the dice you may play #1 Janissaries")
	refuse(t, s, Ottoman, "play 24")
	s, res := submit(t, s, Ottoman, &testdice.Script{Rolls: []int{6, 6, 1, 1}}, "play janissaries")
	text := eventText(res, "england")
	require.Contains(t, text, "Janissaries: the Ottoman rolls 4 more dice after both sides (HIS-16.2f).")
	require.Contains(t, text, "Hapsburg rolls 8 dice [1 1 1 1 1 1 1 1]: 0 hits; Ottoman rolls 8 dice [5 5 1 1 6 6 1 1]: 4 hits. Ottoman wins.")
	require.True(t, s.OnCard.has(cardJanissaries))
	require.False(t, handHas(s, Ottoman, cardJanissaries))
	w := &CombatWindow{Kind: CombatNaval, Where: bc, Att: Hapsburg, Def: Ottoman}
	require.ErrorContains(t, s.combatCardOK(w, Ottoman, cardJanissaries), "already played as an event this turn")
	require.ErrorContains(t, s.combatCardOK(w, Hapsburg, cardFieldArtillery), "field battle only")

	// HIS-21.3k: while Mary I rules, England plays no Combat card.
	w = &CombatWindow{Kind: CombatNaval, Where: bc, Att: England, Def: France}
	require.NoError(t, s.combatCardOK(w, England, cardArquebusiers))
	s.Ruler[England] = uint8(rulerByID["mary_i"])
	require.ErrorContains(t, s.combatCardOK(w, England, cardArquebusiers), "for CP only (HIS-21.3k)")
}

// HIS-6.1h: random games meet Combat-card windows and answer them; the
// prompts read in every language (TestPromptsEventsReasonsInEveryLanguage)
// and the invariants hold after every answer (submit).
func TestHIS6_1h_RandomCombatWindows(t *testing.T) {
	if testing.Short() {
		t.Skip("random games")
	}
	seen, played := 0, 0
	for seed := uint64(1); seed <= 6 && (seen == 0 || played == 0); seed++ {
		s := toAction(t, seed)
		pk := testdice.New(seed ^ 0x5a)
		d := testdice.New(seed)
		for i := 0; i < 3000 && !s.Flow.Over; i++ {
			owing := s.Owing()
			role := owing[pk.Intn(len(owing))]
			if dd, ok := s.Flow.top(); ok && dd.Kind == DecCombat {
				seen++
			}
			sub := s.RandomSubmission(role, pk.Intn)
			var lines []string
			for _, l := range sub.Lines {
				lines = append(lines, l.Text)
			}
			if len(lines) > 0 && strings.HasPrefix(lines[0], "play ") && s.Flow.Combat != nil {
				played++
			}
			s, _ = submit(t, s, powerOfRole(role), d, lines...)
		}
	}
	t.Logf("combat windows %d, cards played %d", seen, played)
	require.Positive(t, seen)
	require.Positive(t, played)
}

// HIS-14g: the seed's Vienna battle (10 Ottoman dice, 3 hits; 13
// Hapsburg dice, 5 hits), with Janissaries in the Ottoman's hand: the
// Ottoman is not asked before the dice, sees the roll, plays its Home
// card and its 5 more dice (3 hits) turn the battle.
func TestHIS14g_JanissariesAfterTheRoll(t *testing.T) {
	s := vienna(t)
	play := impulseFor(t, s, Ottoman, 3)
	deal(s, Ottoman, append(s.Hands[Ottoman], cardJanissaries)...)
	deal(s, Hapsburg)
	s, _ = submit(t, s, Ottoman, testdice.New(1), play,
		"move 7 regulars 1 cavalry from pressb to vienna with suleiman, ibrahim")
	rolls := []int{4, 4}
	rolls = append(rolls, 5, 6, 5, 1, 1, 1, 2, 2, 3, 4)
	rolls = append(rolls, 5, 5, 6, 6, 5, 1, 1, 1, 2, 2, 3, 3, 4)
	s, _ = submit(t, s, Hapsburg, &testdice.Script{Rolls: rolls}, "intercept from graz")
	p := onlyPrompt(t, s, "ottoman", "combat", "no card")
	require.Equal(t, []string{"no card", "play 1 Janissaries"}, p.Choices)
	require.Equal(t, "Battle of Vienna: Ottoman rolls 10 dice [5 6 5 1 1 1 2 2 3 4]: 3 hits; the defender rolls 13 dice [5 5 6 6 5 1 1 1 2 2 3 3 4]: 5 hits. After the dice you may play #1 Janissaries: write play and the card, or no card (HIS-14g).", p.Text)
	s, res := submit(t, s, Ottoman, &testdice.Script{Rolls: []int{6, 6, 5, 1, 1}}, "play 1 janissaries")
	require.Contains(t, eventText(res, "hapsburg"), "Janissaries: the Ottoman rolls 5 more dice after both sides (HIS-14g).")
	require.Equal(t, 6, s.Flow.Roll.AttHits)
	require.True(t, s.Flow.Roll.AttackerWins)
	require.True(t, s.OnCard.has(cardJanissaries))
	onlyPrompt(t, s, "ottoman", "casualties", "lose 4 regulars, 1 cavalry")
	s, _ = submit(t, s, Ottoman, testdice.New(1), "lose 5 regulars")
	onlyPrompt(t, s, "hapsburg", "retreat", "withdraw")
	s, res = submit(t, s, Hapsburg, testdice.New(1), "withdraw")
	require.Contains(t, eventText(res, "england"), "Ottoman wins the battle of Vienna")
}

// HIS-14b, HIS-15.1g: Landsknechts and Swiss Mercenaries are offered in
// the same window, attacker first: the Hapsburg's Landsknechts adds 4 new
// mercenaries to its attacking formation, France's Swiss Mercenaries 4 to
// its defenders; before an assault only the assaulting power may play
// them; the Ottoman's Landsknechts eliminates 2 enemy mercenaries.
func TestHIS14b_MercenariesBeforeTheBattle(t *testing.T) {
	s := besancon(t, 2)
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, Hapsburg, append(s.Hands[Hapsburg], cardLandsknechts)...)
	deal(s, France, cardSwiss)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "move all from besancon to dijon")
	// France may first play Swiss Mercenaries against the move (HIS-6.1g).
	onlyPrompt(t, s, "france", "response", "no card")
	s, _ = submit(t, s, France, testdice.New(1), "no card")
	s, _ = submit(t, s, France, testdice.New(1), "stand")
	p := onlyPrompt(t, s, "hapsburg", "combat", "no card")
	require.Equal(t, []string{"no card", "play 33 Landsknechts"}, p.Choices)
	s, res := submit(t, s, Hapsburg, testdice.New(1), "play landsknechts")
	require.Contains(t, eventText(res, "france"), "Landsknechts: Hapsburg places 4 mercenaries in Dijon.")
	onlyPrompt(t, s, "france", "combat", "no card")
	s, res = submit(t, s, France, &testdice.Script{Rolls: make([]int, 15)}, "play swiss mercenaries")
	text := eventText(res, "england")
	require.Contains(t, text, "Swiss Mercenaries: France places 4 mercenaries in Dijon.")
	require.Contains(t, text, "Hapsburg rolls 8 dice")
	require.Contains(t, text, "the defender rolls 7 dice")

	// Before an assault: the garrison may not play them.
	s = board(t)
	s.setWar(Hapsburg, France, true)
	s.Ctrl[sp(t, "dijon")] = Hapsburg
	put(t, s, "lyon", France, Force{Reg: 1})
	put(t, s, "lyon", Hapsburg, Force{Reg: 2})
	s.Warfare.Siege.set(sp(t, "lyon"))
	play = impulseFor(t, s, Hapsburg, 2)
	deal(s, Hapsburg, append(s.Hands[Hapsburg], cardLandsknechts)...)
	deal(s, France, cardSwiss)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "assault lyon")
	onlyPrompt(t, s, "hapsburg", "combat", "no card")
	// 2 regulars and 2 of the 4 mercenaries (no leader: 4 units at most)
	// assault: 2 dice; the garrison 2; France is not asked.
	s, res = submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{1, 1, 1, 1}}, "play 33")
	require.Contains(t, eventText(res, "england"), "Hapsburg rolls 2 dice")
	require.Equal(t, Force{Reg: 2, Merc: 4}, s.Units[sp(t, "lyon")][Hapsburg])
	w := &CombatWindow{Kind: CombatAssault, Where: sp(t, "lyon"), Att: Hapsburg, F: &Formation{At: sp(t, "lyon")}}
	require.ErrorContains(t, s.combatCardOK(w, France, cardSwiss), "assaulting power only")

	// The Ottoman's Landsknechts against Hapsburg mercenaries.
	v := vienna(t)
	v.Units[sp(t, "vienna")][Hapsburg] = Force{Reg: 2, Merc: 3}
	play = impulseFor(t, v, Ottoman, 3)
	deal(v, Ottoman, append(v.Hands[Ottoman], cardLandsknechts)...)
	deal(v, Hapsburg)
	v.Flow.Auto[Hapsburg] = 1<<DecIntercept | 1<<DecWithdraw | 1<<DecAvoid
	v, res = submit(t, v, Ottoman, testdice.New(1), play,
		"move 7 regulars 1 cavalry from pressb to vienna with suleiman, ibrahim")
	onlyPrompt(t, v, "ottoman", "combat", "no card")
	v, res = submit(t, v, Ottoman, testdice.New(1), "play landsknechts")
	require.Contains(t, eventText(res, "england"), "Landsknechts: Hapsburg 2 mercenaries are eliminated.")
}

// HIS-15.1l: Siege Artillery is offered to the assaulting power after
// the dice when its line of communication to a fortified home space is 4
// land spaces or fewer: 2 more dice that hit on 3-6.
func TestHIS15_1l_SiegeArtillery(t *testing.T) {
	s := board(t)
	s.setWar(Hapsburg, France, true)
	s.Ctrl[sp(t, "dijon")] = Hapsburg
	put(t, s, "lyon", France, Force{Reg: 1})
	put(t, s, "lyon", Hapsburg, Force{Reg: 3})
	s.Warfare.Siege.set(sp(t, "lyon"))
	require.True(t, s.shortLOC(Hapsburg, sp(t, "lyon"), 4))
	require.False(t, s.shortLOC(Hapsburg, sp(t, "lyon"), 1))
	play := impulseFor(t, s, Hapsburg, 2)
	deal(s, Hapsburg, append(s.Hands[Hapsburg], cardSiegeArtillery)...)
	// 3 units against 1: 2 dice, no hit; the garrison's 2 dice, none.
	s, _ = submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{1, 2, 1, 2}}, play, "assault lyon")
	p := onlyPrompt(t, s, "hapsburg", "combat", "no card")
	require.Equal(t, []string{"no card", "play 35 Siege Artillery"}, p.Choices)
	require.Contains(t, p.Text, "Assault on Lyon: Hapsburg rolls 2 dice [1 2]: 0 hits; the garrison rolls 2 dice [1 2]: 0 hits. After the dice you may play #35 Siege Artillery")
	s, res := submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{3, 1}}, "play siege artillery")
	text := eventText(res, "england")
	require.Contains(t, text, "Siege Artillery: Hapsburg rolls 2 more dice that hit on 3, 4, 5 or 6.")
	require.Contains(t, text, "Hapsburg takes Lyon")
	require.True(t, discarded(s, cardSiegeArtillery))
}

// HIS-16.2f: Professional Rowers is offered after the dice of a naval
// combat to a power fighting in it: 3 more dice for its side.
func TestHIS16_2f_ProfessionalRowers(t *testing.T) {
	s := board(t)
	s.setWar(Ottoman, Hapsburg, true)
	bc := seaLoc(sz(t, "barbary_coast"))
	s.addUnits(bc, Ottoman, Force{Sq: 1})
	put(t, s, "algiers", Hapsburg, Force{Sq: 1})
	s.Ctrl[sp(t, "algiers")] = Hapsburg
	play := impulseFor(t, s, Hapsburg, 1)
	deal(s, Hapsburg, append(s.Hands[Hapsburg], cardRowers)...)
	deal(s, Ottoman)
	s, _ = submit(t, s, Hapsburg, testdice.New(1), play, "naval move algiers to barbary coast")
	s, _ = submit(t, s, Ottoman, &testdice.Script{Rolls: []int{1, 1, 5, 1}}, "stand")
	p := onlyPrompt(t, s, "hapsburg", "combat", "no card")
	require.Equal(t, []string{"no card", "play 34 Professional Rowers"}, p.Choices)
	s, res := submit(t, s, Hapsburg, &testdice.Script{Rolls: []int{6, 6, 1}}, "play 34")
	text := eventText(res, "england")
	require.Contains(t, text, "Professional Rowers: Hapsburg rolls 3 more dice.")
	require.Contains(t, text, "Hapsburg rolls 5 dice [1 1 6 6 1]: 2 hits; Ottoman rolls 2 dice [5 1]: 1 hit. Hapsburg wins.")
	require.Equal(t, 0, s.Units[bc][Ottoman].Naval())
}
