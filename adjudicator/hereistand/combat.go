package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Combat cards in battles, assaults and naval combats (HIS-6.1h,
// HIS-14e-g, HIS-15.1j, HIS-16.2d-f).
//
// Before the dice of a field battle, an assault or a naval combat fought
// in an impulse, the attacker and then each defending major power declare
// the Combat cards they play. Only a power that holds a card it may play
// in that combat is asked (a DecCombat decision: "play <card>", a line per
// card, or "no card"); most combats ask nobody. The cards:
//
//	24 Arquebusiers              +2 dice (field battle, naval combat)
//	25 Field Artillery           +2 dice, +3 for France or the Ottoman (field battle)
//	26 Mercenaries Bribed        half the enemy mercenaries, rounded up, change sides (field battle; not by or against the Ottoman)
//	27 Mercenaries Grow Restless the defender removes every mercenary of the assaulting formation
//	28 Siege Mining              +3 dice for the attacker (assault)
//	29 Surprise Attack           the player's side rolls first; its hits are taken before the other side counts its dice (field battle)
//	30 Tercios                   the Hapsburg: 3 more dice hitting on 4-6; another power against 3+ Hapsburg regulars: the Hapsburg rolls 3 dice fewer (field battle)
//
// The cards are discarded. The effects become Mods when the dice are
// rolled. After the roll of a field battle or a naval combat the Ottoman,
// when it fights there and has not played the Janissaries event this
// turn, may play its Home card Janissaries for 5 more dice (4 at sea)
// for extra hits (HIS-14g, HIS-16.2f): a second window (Late), with the
// roll kept in the window (at sea) or in Flow.Roll (on land). The card
// goes back on the Ottoman power card (HIS-6.1c).

// Kinds of combat a window is opened for.
const (
	CombatField = iota + 1
	CombatAssault
	CombatNaval
)

// Card numbers of the Combat cards and the Janissaries Home card.
const (
	cardJanissaries    = 1
	cardArquebusiers   = 24
	cardFieldArtillery = 25
	cardMercsBribed    = 26
	cardMercsRestless  = 27
	cardSiegeMining    = 28
	cardSurpriseAttack = 29
	cardTercios        = 30
	firstCombat        = 24
	lastCombat         = 30
	// The Response cards that add units right before a combat (HIS-14b,
	// HIS-15.1g), played in the same window.
	cardLandsknechts = 33
	cardSwiss        = 36
	// The Response cards played after the dice (HIS-15.1l, HIS-16.2f).
	cardRowers         = 34
	cardSiegeArtillery = 35
)

// CombatWindow is the declaration of Combat cards before a combat's dice
// (Flow.Combat): the combat, the powers already asked and the cards
// played, in order.
type CombatWindow struct {
	Kind  int `json:"kind"`
	Where int `json:"where"` // space, or location of a naval combat
	// Att is the attacking major power; Def the defending power of a
	// naval combat (the defenders of the others are found on the map).
	Att int `json:"att"`
	Def int `json:"def,omitempty"`
	// F is the assaulting formation.
	F *Formation `json:"formation,omitempty"`
	// Asked holds the powers asked (bit p).
	Asked uint16 `json:"asked,omitempty"`
	// Cards are the cards played and By the power that played each.
	Cards []int `json:"cards,omitempty"`
	By    []int `json:"by,omitempty"`
	// Late is set for the Janissaries step after the roll; Roll holds a
	// naval combat's roll meanwhile.
	Late bool          `json:"late,omitempty"`
	Roll *BattleResult `json:"roll,omitempty"`
	// Sack is set for the battle of the Sack of Rome (HIS-21.5j), a field
	// battle: Where is the sacking stack's space, Att its power, and the
	// Papal regulars in Rome defend (events_more.go).
	Sack bool `json:"sack,omitempty"`
}

func (w *CombatWindow) clone() *CombatWindow {
	c := *w
	c.Cards = append([]int(nil), w.Cards...)
	c.By = append([]int(nil), w.By...)
	if w.F != nil {
		f := cloneFormation(*w.F)
		c.F = &f
	}
	if w.Roll != nil {
		r := *w.Roll
		r.AttRolls = append([]int(nil), r.AttRolls...)
		r.DefRolls = append([]int(nil), r.DefRolls...)
		c.Roll = &r
	}
	return &c
}

// check verifies a stored window.
func (w *CombatWindow) check() error {
	if w.Kind < CombatField || w.Kind > CombatNaval || w.Where < 0 || w.Where >= NLoc || w.Att < 0 || w.Att >= NMajor ||
		w.Def < 0 || w.Def >= NPow || len(w.Cards) != len(w.By) || (w.Kind == CombatAssault) != (w.F != nil) ||
		w.Roll != nil && (!w.Late || w.Kind != CombatNaval) || w.Sack && (w.Kind != CombatField || w.Late) {
		return fmt.Errorf("bad combat-card window")
	}
	for i, n := range w.Cards {
		if !isCombatPlay(n) || w.By[i] < 0 || w.By[i] >= NMajor {
			return fmt.Errorf("bad combat card %d", n)
		}
	}
	if w.F != nil {
		return checkFormationData(*w.F)
	}
	return nil
}

func isCombatPlay(n int) bool {
	return n == cardJanissaries || n >= firstCombat && n <= lastCombat || n >= cardLandsknechts && n <= cardSwiss
}

// lateCard reports whether card n is played after the dice.
func lateCard(n int) bool {
	return n == cardJanissaries || n == cardRowers || n == cardSiegeArtillery
}

// played reports whether card n was played in the window, and by whom.
func (w *CombatWindow) played(n int) (int, bool) {
	for i, c := range w.Cards {
		if c == n {
			return w.By[i], true
		}
	}
	return NoPower, false
}

// combatSides are the attacking and defending units of the window's
// combat and the defending major powers, in power order.
func (s *St) combatSides(w *CombatWindow) (att, def []Part, defs []int) {
	switch {
	case w.Sack:
		att, def = s.sackSides(w.Att, w.Where)
		return att, def, []int{Papacy}
	case w.Kind == CombatField:
		if b := s.windowBattle(); b != nil {
			att, def = b.attParts(), s.defParts(b)
		}
	case w.Kind == CombatAssault:
		att, def = w.F.Parts, s.insideParts(w.Where)
	case w.Kind == CombatNaval:
		if q := s.side(w.Def); q < NMajor {
			defs = []int{q}
		}
		return nil, nil, defs
	}
	for _, pt := range def {
		if q := s.side(pt.Power); q < NMajor && !contains(defs, q) && q != w.Att {
			defs = append(defs, q)
		}
	}
	sortInts(defs)
	return att, def, defs
}

func sortInts(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// windowBattle is the field battle the move in progress would fight now.
func (s *St) windowBattle() *Battle {
	m := s.Flow.Move
	if m == nil {
		return nil
	}
	var commit []Part
	var commitLeaders []int
	if c := s.Flow.Commit; c != nil {
		commit, commitLeaders = c.Parts, c.Leaders
	}
	b, err := s.NewBattle(m, commit, commitLeaders)
	if err != nil {
		return nil
	}
	return b
}

func mercsOf(ps []Part) int {
	n := 0
	for _, p := range ps {
		n += int(p.Force.Merc)
	}
	return n
}

func regsOf(ps []Part, q int) int {
	n := 0
	for _, p := range ps {
		if p.Power == q {
			n += int(p.Force.Reg)
		}
	}
	return n
}

// combatCardOK says whether power q may play card n in the window now;
// it does not look at q's hand.
func (s *St) combatCardOK(w *CombatWindow, q, n int) error {
	att, def, defs := s.combatSides(w)
	attacker := q == w.Att
	if !attacker && !contains(defs, q) {
		return fmt.Errorf("%s does not fight in this combat", powers[q].Name)
	}
	if _, ok := w.played(n); ok {
		return fmt.Errorf("%s is already played in this combat", cardName(n))
	}
	theirs := def
	if !attacker {
		theirs = att
	}
	if q == England && s.rulerIs(England, "mary_i") {
		return fmt.Errorf("while Mary I rules, England plays Response and Combat cards for CP only (HIS-21.3k)")
	}
	if w.Late && !lateCard(n) {
		return fmt.Errorf("after the dice only Janissaries, Professional Rowers and Siege Artillery are played")
	}
	enemy := w.Att
	if attacker && len(defs) > 0 {
		enemy = defs[0]
	}
	switch n {
	case cardJanissaries:
		switch {
		case q != Ottoman:
			return fmt.Errorf("Janissaries is the Ottoman's Home card")
		case w.Kind == CombatAssault:
			return fmt.Errorf("Janissaries adds dice to a field battle or a naval combat, not to an assault")
		case s.playedAsEvent(cardJanissaries):
			return fmt.Errorf("Janissaries was already played as an event this turn (HIS-14g)")
		case !w.Late:
			return fmt.Errorf("Janissaries is played after the dice are rolled (HIS-14g)")
		}
	case cardArquebusiers:
		if w.Kind == CombatAssault {
			return fmt.Errorf("%s is played in a field battle or a naval combat", cardName(n))
		}
	case cardFieldArtillery, cardSurpriseAttack:
		if w.Kind != CombatField {
			return fmt.Errorf("%s is played in a field battle only", cardName(n))
		}
	case cardMercsBribed:
		switch {
		case w.Kind != CombatField:
			return fmt.Errorf("%s is played in a field battle only", cardName(n))
		case q == Ottoman || enemy == Ottoman:
			return fmt.Errorf("%s cannot be played by or against the Ottoman", cardName(n))
		case mercsOf(theirs) == 0:
			return fmt.Errorf("no enemy mercenaries fight in this battle")
		}
	case cardMercsRestless:
		switch {
		case w.Kind != CombatAssault || attacker:
			return fmt.Errorf("%s is played by the defender of an assault", cardName(n))
		case mercsOf(att) == 0:
			return fmt.Errorf("no mercenaries are in the assaulting formation")
		}
	case cardSiegeMining:
		if w.Kind != CombatAssault || !attacker {
			return fmt.Errorf("%s is played by the attacker in an assault", cardName(n))
		}
	case cardTercios:
		switch {
		case w.Kind != CombatField:
			return fmt.Errorf("%s is played in a field battle only", cardName(n))
		case q != Hapsburg && regsOf(theirs, Hapsburg) < 3:
			return fmt.Errorf("%s is played by the Hapsburg, or against at least 3 Hapsburg regulars", cardName(n))
		}
	case cardRowers:
		switch {
		case w.Kind != CombatNaval:
			return fmt.Errorf("%s gives dice in a naval combat only", cardName(n))
		case !w.Late:
			return fmt.Errorf("%s is played after the dice are rolled", cardName(n))
		}
	case cardSiegeArtillery:
		switch {
		case w.Kind != CombatAssault || !attacker:
			return fmt.Errorf("%s is played by the assaulting power (HIS-15.1l)", cardName(n))
		case !w.Late:
			return fmt.Errorf("%s is played after the dice are rolled", cardName(n))
		case !s.shortLOC(q, w.Where, 4):
			return fmt.Errorf("%s needs a line of communication of 4 land spaces or fewer to a fortified home space", cardName(n))
		}
	case cardLandsknechts, cardSwiss:
		switch {
		case w.Kind == CombatNaval:
			return fmt.Errorf("%s adds land units before a field battle or an assault", cardName(n))
		case w.Kind == CombatAssault && !attacker:
			return fmt.Errorf("%s is played before an assault by the assaulting power only (HIS-15.1g)", cardName(n))
		case q == Ottoman && n == cardSwiss:
			return fmt.Errorf("Swiss Mercenaries played by the Ottoman places French units: not in a combat")
		case q == Ottoman && mercsOf(theirs) == 0:
			return fmt.Errorf("no enemy mercenaries fight in this battle")
		case w.Sack && !attacker:
			return fmt.Errorf("Papal mercenaries do not fight in the Sack of Rome's battle (HIS-21.5j)")
		case q != Ottoman && s.checkCountersWith(q, w.Where, Force{Merc: 1}) != nil:
			return fmt.Errorf("%s has no mercenary counters left (HIS-5.2a)", powers[q].Name)
		}
	default:
		return fmt.Errorf("%s is not a Combat card", cardName(n))
	}
	return nil
}

// checkCountersWith checks power q's counters with f more in sp.
func (s *St) checkCountersWith(q, sp int, f Force) error {
	c := *s
	c.Units = s.Units
	c.occ = s.occ
	c.addUnits(sp, q, f)
	return c.checkCounters(q)
}

// reinforce places n new mercenaries of power q in the combat's space,
// in its formation when q attacks (Landsknechts, Swiss Mercenaries); the
// Ottoman's Landsknechts eliminates 2 enemy mercenaries of the battle
// instead.
func (r *run) reinforce(w *CombatWindow, q, card, n int, theirs []Part) {
	s := r.s
	if q == Ottoman {
		var gone []Part
		left := 2
		for _, pt := range theirs {
			k := min(left, int(pt.Force.Merc))
			if k == 0 {
				continue
			}
			left -= k
			gone = append(gone, Part{pt.Power, Force{Merc: uint8(k)}})
		}
		r.removeFromCombat(w, gone)
		r.say("Landsknechts: %s are eliminated.", partsText(gone))
		return
	}
	placed := 0
	for placed < n && s.checkCountersWith(q, w.Where, Force{Merc: 1}) == nil {
		s.addUnits(w.Where, q, Force{Merc: 1})
		placed++
	}
	add := []Part{{q, Force{Merc: uint8(placed)}}}
	if q == w.Att {
		switch {
		case w.Kind == CombatAssault:
			// Only as many as the leaders may command join the assault;
			// the others stay with the besiegers.
			if k := min(placed, MaxFormation(w.F.Leaders)-w.F.Land()); k > 0 {
				w.F.Parts = mergeParts(w.F.Parts, []Part{{q, Force{Merc: uint8(k)}}})
			}
		case s.Flow.Move != nil:
			s.Flow.Move.F.Parts = mergeParts(s.Flow.Move.F.Parts, add)
		}
	}
	r.say("%s: %s places %s in %s.", cards[card].Name, powers[q].Name, unitText(add[0].Force), spaces[w.Where].Name)
}

// removeFromCombat eliminates units of the attacking formation or the
// defenders of the window's combat.
func (r *run) removeFromCombat(w *CombatWindow, gone []Part) {
	s := r.s
	for _, pt := range gone {
		_ = s.removeUnits(w.Where, pt.Power, pt.Force)
		s.clampMarks(w.Where, pt.Power)
		var lists []*[]Part
		if w.F != nil {
			lists = append(lists, &w.F.Parts)
		}
		if m := s.Flow.Move; m != nil && w.Kind == CombatField {
			lists = append(lists, &m.F.Parts, commitParts(s))
		}
		take := int(pt.Force.Merc)
		for _, list := range lists {
			for i := range *list {
				p := &(*list)[i]
				if p.Power == pt.Power && take > 0 {
					t := min(take, int(p.Force.Merc))
					p.Force.Merc -= uint8(t)
					take -= t
				}
			}
			*list = dropEmpty(*list)
		}
	}
}

// combatHand lists the cards in power q's hand it may play in the
// window now.
func (s *St) combatHand(w *CombatWindow, q int) []int {
	var out []int
	for _, c := range s.Hands[q] {
		n := int(c)
		if isCombatPlay(n) && s.combatCardOK(w, q, n) == nil {
			out = append(out, n)
		}
	}
	return out
}

// nextCombatPower is the next power to ask in the window: the attacker,
// then the defenders, each only if it holds a card it may play.
func (s *St) nextCombatPower(w *CombatWindow) int {
	_, _, defs := s.combatSides(w)
	for _, q := range append([]int{w.Att}, defs...) {
		if w.Asked&(1<<q) != 0 {
			continue
		}
		if len(s.combatHand(w, q)) > 0 {
			return q
		}
		w.Asked |= 1 << q
	}
	return NoPower
}

// combatWindow opens or continues the window of a combat; it reports
// whether a power owes its Combat cards now (the combat then waits).
// When it reports false the window, if any, is closed and left in
// Flow.Combat for the roll (takeCombat).
func (r *run) combatWindow(kind, where, att, def int, f *Formation) bool {
	s := r.s
	w := s.Flow.Combat
	if w != nil && w.Late && w.Kind == kind && w.Where == where && w.Att == att && w.Def == def {
		return false // rolled already: the Janissaries step is under way
	}
	if w == nil || w.Kind != kind || w.Where != where || w.Att != att || kind == CombatNaval && w.Def != def {
		w = &CombatWindow{Kind: kind, Where: where, Att: att, Def: def}
		if f != nil {
			c := cloneFormation(*f)
			w.F = &c
		}
	}
	q := s.nextCombatPower(w)
	if q == NoPower {
		if len(w.Cards) > 0 {
			s.Flow.Combat = w
		} else {
			s.Flow.Combat = nil
		}
		return false
	}
	s.Flow.Combat = w
	s.Flow.push(DecCombat, q)
	return true
}

// takeCombat closes the window of the combat about to be rolled and
// returns its cards' dice for the attacker's side.
func (s *St) takeCombat(kind, where int) Mods {
	w := s.Flow.Combat
	s.Flow.Combat = nil
	if w == nil || w.Kind != kind || w.Where != where || w.Late {
		return Mods{}
	}
	var m Mods
	for i, n := range w.Cards {
		q := w.By[i]
		isAtt := q == w.Att
		dice, d4 := &m.AttDice, &m.AttDice4
		if !isAtt {
			dice, d4 = &m.DefDice, &m.DefDice4
		}
		switch n {
		case cardArquebusiers:
			*dice += 2
		case cardFieldArtillery:
			if q == France || q == Ottoman {
				*dice += 3
			} else {
				*dice += 2
			}
		case cardSiegeMining:
			*dice += 3
		case cardSurpriseAttack:
			m.Surprise = 1
			if !isAtt {
				m.Surprise = 2
			}
		case cardTercios:
			switch {
			case q == Hapsburg:
				*d4 += 3
			case isAtt:
				m.DefDice -= 3 // the Hapsburg defends
			default:
				m.AttDice -= 3
			}
		}
	}
	return m
}

// playCombat plays card n of power q in the window: it leaves the hand,
// is told to every power, and takes effect on the units at once when it
// moves them (Mercenaries Bribed, Mercenaries Grow Restless).
func (r *run) playCombat(w *CombatWindow, q, n int) {
	s := r.s
	s.takeFromHand(q, n)
	if n == cardJanissaries {
		s.OnCard.set(n) // HIS-6.1c
		s.Mand.Played[q].set(n)
	} else {
		s.discard(n)
	}
	w.Cards, w.By = append(w.Cards, n), append(w.By, q)
	site := w.Where
	if w.Sack {
		site = spaceByID["rome"]
	}
	r.say("%s plays the Combat card %s in %s.", powers[q].Name, cardName(n), locName(site))
	att, def, _ := s.combatSides(w)
	switch n {
	case cardJanissaries:
		if w.Kind == CombatNaval {
			r.say("Janissaries: the Ottoman rolls 4 more dice after both sides (HIS-16.2f).")
		} else {
			r.say("Janissaries: the Ottoman rolls 5 more dice after both sides (HIS-14g).")
		}
	case cardArquebusiers:
		r.say("Arquebusiers: %s rolls 2 more dice.", powers[q].Name)
	case cardRowers:
		r.say("Professional Rowers: %s rolls 3 more dice.", powers[q].Name)
	case cardSiegeArtillery:
		r.say("Siege Artillery: %s rolls 2 more dice that hit on 3, 4, 5 or 6.", powers[q].Name)
	case cardFieldArtillery:
		if q == France || q == Ottoman {
			r.say("Field Artillery: %s rolls 3 more dice.", powers[q].Name)
		} else {
			r.say("Field Artillery: %s rolls 2 more dice.", powers[q].Name)
		}
	case cardSiegeMining:
		r.say("Siege Mining: %s rolls 3 more dice.", powers[q].Name)
	case cardSurpriseAttack:
		r.say("Surprise Attack: %s rolls first; its hits are taken before the other side counts its dice.", powers[q].Name)
	case cardTercios:
		if q == Hapsburg {
			r.say("Tercios: the Hapsburg rolls 3 more dice that hit on 4, 5 or 6.")
		} else {
			r.say("Tercios: the Hapsburg rolls 3 dice fewer.")
		}
	case cardMercsBribed:
		theirs := def
		if q != w.Att {
			theirs = att
		}
		r.bribe(w, q, theirs)
	case cardLandsknechts, cardSwiss:
		theirs := def
		if q != w.Att {
			theirs = att
		}
		k := 2
		if n == cardLandsknechts && q == Hapsburg || n == cardSwiss && q == France {
			k = 4
		}
		r.reinforce(w, q, n, k, theirs)
	case cardMercsRestless:
		r.restless(w)
	}
}

// bribe turns half the enemy mercenaries of the field battle, rounded
// up, into mercenaries of power q (Mercenaries Bribed).
func (r *run) bribe(w *CombatWindow, q int, theirs []Part) {
	s := r.s
	n := (mercsOf(theirs) + 1) / 2
	m := s.Flow.Move
	var gone []Part
	left := n
	for _, pt := range theirs {
		k := min(left, int(pt.Force.Merc))
		if k == 0 {
			continue
		}
		left -= k
		f := Force{Merc: uint8(k)}
		_ = s.removeUnits(w.Where, pt.Power, f)
		gone = append(gone, Part{pt.Power, f})
		if q != w.Att && m != nil {
			// The mercenaries leave the moving formation (or those
			// committed from inside).
			take := k
			for _, list := range []*[]Part{&m.F.Parts, commitParts(s)} {
				for i := range *list {
					p := &(*list)[i]
					if p.Power == pt.Power && take > 0 {
						t := min(take, int(p.Force.Merc))
						p.Force.Merc -= uint8(t)
						take -= t
					}
				}
				*list = dropEmpty(*list)
			}
		}
	}
	add := Force{Merc: uint8(n)}
	at := w.Where
	if w.Sack && q != w.Att {
		at = spaceByID["rome"] // HIS-21.5j: the Papacy's new mercenaries stand in Rome
	}
	s.addUnits(at, q, add)
	if q == w.Att && m != nil {
		m.F.Parts = mergeParts(m.F.Parts, []Part{{q, add}})
	}
	for _, pt := range gone {
		s.clampMarks(w.Where, pt.Power)
	}
	s.fitCounters(at, q)
	if q == w.Att && m != nil {
		m.F.Parts = capParts(m.F.Parts, []Part{{q, s.Units[w.Where][q]}})
	}
	r.say("Mercenaries Bribed: %s go over to %s.", partsText(gone), powers[q].Name)
}

// commitParts are the units committed from inside to the relief battle
// in progress (an empty list when none).
func commitParts(s *St) *[]Part {
	if s.Flow.Commit == nil {
		return &[]Part{}
	}
	return &s.Flow.Commit.Parts
}

func dropEmpty(ps []Part) []Part {
	out := ps[:0]
	for _, p := range ps {
		if p.Force.Land() > 0 {
			out = append(out, p)
		}
	}
	return out
}

// restless removes every mercenary of the assaulting formation
// (Mercenaries Grow Restless).
func (r *run) restless(w *CombatWindow) {
	s := r.s
	var gone []Part
	for i := range w.F.Parts {
		p := &w.F.Parts[i]
		if p.Force.Merc == 0 {
			continue
		}
		f := Force{Merc: p.Force.Merc}
		_ = s.removeUnits(w.Where, p.Power, f)
		s.clampMarks(w.Where, p.Power)
		gone = append(gone, Part{p.Power, f})
		p.Force.Merc = 0
	}
	w.F.Parts = dropEmpty(w.F.Parts)
	r.say("Mercenaries Grow Restless: %s leave the assault on %s.", partsText(gone), spaces[w.Where].Name)
}

// combatChoices are the answers of a DecCombat decision: no card first.
func (s *St) combatChoices(d Decision) []string {
	out := []string{"no card"}
	if w := s.Flow.Combat; w != nil {
		for _, n := range s.combatHand(w, d.Power) {
			out = append(out, fmt.Sprintf("play %d %s", n, cards[n].Name))
		}
	}
	return out
}

// combatText explains the window to the power asked.
func (s *St) combatText(d Decision) string {
	w := s.Flow.Combat
	if w == nil {
		return ""
	}
	if w.Late {
		return s.lateText(w, d.Power)
	}
	var names []string
	for _, n := range s.combatHand(w, d.Power) {
		names = append(names, cardName(n))
	}
	switch {
	case w.Sack:
		return fmt.Sprintf("Sack of Rome: the stack of %s in %s attacks the Papal regulars in Rome; before the dice you may play Combat cards (%s). Write play and the card, a line for each, or no card (HIS-21.5j).",
			powers[w.Att].Name, spaces[w.Where].Name, joinAnd(names))
	case w.Kind == CombatAssault:
		return fmt.Sprintf("Assault on %s by %s: before the dice you may play Combat cards (%s). Write play and the card, a line for each, or no card (HIS-15.1j).",
			spaces[w.Where].Name, powers[w.Att].Name, joinAnd(names))
	case w.Kind == CombatNaval:
		return fmt.Sprintf("Naval combat in %s, %s attacking: before the dice you may play Combat cards (%s). Write play and the card, a line for each, or no card (HIS-16.2d).",
			locName(w.Where), powers[w.Att].Name, joinAnd(names))
	}
	return fmt.Sprintf("Field battle in %s, %s attacking: before the dice you may play Combat cards (%s). Write play and the card, a line for each, or no card (HIS-14e).",
		spaces[w.Where].Name, powers[w.Att].Name, joinAnd(names))
}

// combatAnswer reads a DecCombat answer: "no card", or a "play <card>"
// line per card, and resumes the combat.
func (r *run) combatAnswer(d Decision, lines []adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	w := s.Flow.Combat
	lines = nonEmpty(lines)
	if w == nil || len(lines) == 0 {
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "answer with play and a Combat card, a line for each, or no card", Legal: legal}}}
	}
	var play []int
	for _, l := range lines {
		t := strings.ToLower(strings.TrimSpace(l.Text))
		if noCard(t) {
			if len(lines) > 1 {
				return nil, reject(l, errLegal(legal, "answer with play and a Combat card, a line for each, or no card"))
			}
			continue
		}
		v, rest := verbOf(t)
		if v != "play" {
			return nil, reject(l, errLegal(legal, "answer with play and a Combat card, a line for each, or no card"))
		}
		n, err := matchCard(rest, s.Hands[d.Power])
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		if !isCombatPlay(n) {
			return nil, reject(l, errLegal(legal, "%s is not a Combat card", cardName(n)))
		}
		if contains(play, n) {
			return nil, reject(l, errLegal(legal, "%s is already played in this combat", cardName(n)))
		}
		if err := s.combatCardOK(w, d.Power, n); err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		play = append(play, n)
	}
	s.Flow.pop()
	w.Asked |= 1 << d.Power
	var canon []string
	for _, n := range play {
		// Each card is checked again: an earlier one may have changed
		// the units (Mercenaries Bribed).
		if err := s.combatCardOK(w, d.Power, n); err != nil {
			r.tell(d.Power, "%s is not played: %v.", cardName(n), err)
			continue
		}
		r.playCombat(w, d.Power, n)
		canon = append(canon, fmt.Sprintf("play %d %s", n, cards[n].Name))
	}
	if len(canon) == 0 {
		canon = []string{"no card"}
	}
	r.resumeCombat(w)
	return canon, nil
}

// resumeCombat goes on with the combat of window w once a power has
// answered.
func (r *run) resumeCombat(w *CombatWindow) {
	if w.Sack {
		r.sackBattle()
		return
	}
	if w.Late && w.Kind == CombatField {
		r.afterFieldRoll()
		return
	}
	if w.Late && w.Kind == CombatAssault {
		if err := r.afterAssaultRoll(); err != nil {
			r.say("The assault cannot be resolved: %v.", err)
		}
		return
	}
	switch w.Kind {
	case CombatField:
		r.continueMove()
	case CombatNaval:
		r.continueNaval()
	case CombatAssault:
		r.resumeAssault()
	}
}

// resumeAssault asks the next power of the assault's window, or rolls the
// assault once every power has answered.
func (r *run) resumeAssault() {
	s := r.s
	w := s.Flow.Combat
	if w == nil || w.Kind != CombatAssault || len(s.Flow.Stack) > 0 {
		return
	}
	if w.Late {
		r.resumeCombat(w)
		return
	}
	if r.combatWindow(CombatAssault, w.Where, w.Att, 0, w.F) {
		return
	}
	if err := r.rollAssault(w.Att, *w.F); err != nil {
		r.say("The assault on %s does not take place: %v.", spaces[w.Where].Name, err)
		s.Flow.Combat = nil
		s.Warfare.Assaulted.set(w.Where)
		r.log(s.recheckSiege(w.Where))
	}
}

// combatPatterns are the messages of the combat-card windows.
func combatPatterns(p func(key, english string) *msg.Pattern) (prompts, events, whys msg.Patterns) {
	prompts = msg.Patterns{
		p("his.prompt.combat_field", "Field battle in {Space}, {Power:power} attacking: before the dice you may play Combat cards ({Cards:units}). Write play and the card, a line for each, or no card (HIS-14e)."),
		p("his.prompt.combat_assault", "Assault on {Space} by {Power:power}: before the dice you may play Combat cards ({Cards:units}). Write play and the card, a line for each, or no card (HIS-15.1j)."),
		p("his.prompt.combat_late", "Battle of {Space}: {Roll:roll}. After the dice you may play {Cards:units}: write play and the card, or no card (HIS-14g)."),
		p("his.prompt.combat_late_assault", "Assault on {Space}: {Roll:roll}. After the dice you may play {Cards:units}: write play and the card, or no card (HIS-15.1l)."),
		p("his.prompt.combat_late_naval", "Naval combat in {Space}: {Roll:roll}. After the dice you may play {Cards:units}: write play and the card, or no card (HIS-16.2f)."),
		p("his.prompt.combat_sack", "Sack of Rome: the stack of {Power:power} in {Space} attacks the Papal regulars in Rome; before the dice you may play Combat cards ({Cards:units}). Write play and the card, a line for each, or no card (HIS-21.5j)."),
		p("his.prompt.combat_naval", "Naval combat in {Space}, {Power:power} attacking: before the dice you may play Combat cards ({Cards:units}). Write play and the card, a line for each, or no card (HIS-16.2d)."),
	}
	events = msg.Patterns{
		p("his.ev.combat_play", "{Power:power} plays the Combat card {Card} in {Space}."),
		p("his.ev.combat_janissaries_naval", "Janissaries: the Ottoman rolls 4 more dice after both sides (HIS-16.2f)."),
		p("his.ev.combat_janissaries", "Janissaries: the Ottoman rolls 5 more dice after both sides (HIS-14g)."),
		p("his.ev.combat_rowers", "Professional Rowers: {Power:power} rolls 3 more dice."),
		p("his.ev.combat_siege_artillery", "Siege Artillery: {Power:power} rolls 2 more dice that hit on 3, 4, 5 or 6."),
		p("his.ev.combat_arquebusiers", "Arquebusiers: {Power:power} rolls 2 more dice."),
		p("his.ev.combat_artillery3", "Field Artillery: {Power:power} rolls 3 more dice."),
		p("his.ev.combat_artillery", "Field Artillery: {Power:power} rolls 2 more dice."),
		p("his.ev.combat_mining", "Siege Mining: {Power:power} rolls 3 more dice."),
		p("his.ev.combat_surprise", "Surprise Attack: {Power:power} rolls first; its hits are taken before the other side counts its dice."),
		p("his.ev.combat_tercios", "Tercios: the Hapsburg rolls 3 more dice that hit on 4, 5 or 6."),
		p("his.ev.combat_tercios_against", "Tercios: the Hapsburg rolls 3 dice fewer."),
		p("his.ev.combat_bribed", "Mercenaries Bribed: {Units:units} go over to {Power:power}."),
		p("his.ev.combat_landsknechts", "Landsknechts: {Power:power} places {Units:units} in {Space}."),
		p("his.ev.combat_swiss", "Swiss Mercenaries: {Power:power} places {Units:units} in {Space}."),
		p("his.ev.combat_landsknechts_ottoman", "Landsknechts: {Units:units} are eliminated."),
		p("his.ev.combat_restless", "Mercenaries Grow Restless: {Units:units} leave the assault on {Space}."),
		p("his.ev.combat_no_assault", "The assault on {Space} does not take place: {Why}."),
		p("his.ev.combat_not_played", "{Card} is not played: {Why}."),
	}
	whys = msg.Patterns{
		p("his.why.combat_answer", "answer with play and a Combat card, a line for each, or no card"),
		p("his.why.combat_not_combat", "{Card} is not a Combat card"),
		p("his.why.combat_twice", "{Card} is already played in this combat"),
		p("his.why.combat_not_fighting", "{Power:power} does not fight in this combat"),
		p("his.why.combat_janissaries_home", "Janissaries is the Ottoman's Home card"),
		p("his.why.combat_janissaries_assault", "Janissaries adds dice to a field battle or a naval combat, not to an assault"),
		p("his.why.combat_janissaries_late", "Janissaries is played after the dice are rolled (HIS-14g)"),
		p("his.why.combat_only_late", "after the dice only Janissaries, Professional Rowers and Siege Artillery are played"),
		p("his.why.combat_rowers", "{Card} gives dice in a naval combat only"),
		p("his.why.combat_after_dice", "{Card} is played after the dice are rolled"),
		p("his.why.combat_siege_artillery", "{Card} is played by the assaulting power (HIS-15.1l)"),
		p("his.why.combat_siege_artillery_loc", "{Card} needs a line of communication of 4 land spaces or fewer to a fortified home space"),
		p("his.why.combat_janissaries_played", "Janissaries was already played as an event this turn (HIS-14g)"),
		p("his.why.combat_field_naval", "{Card} is played in a field battle or a naval combat"),
		p("his.why.combat_field", "{Card} is played in a field battle only"),
		p("his.why.combat_ottoman", "{Card} cannot be played by or against the Ottoman"),
		p("his.why.combat_no_mercs", "no enemy mercenaries fight in this battle"),
		p("his.why.combat_restless", "{Card} is played by the defender of an assault"),
		p("his.why.combat_no_assault_mercs", "no mercenaries are in the assaulting formation"),
		p("his.why.combat_mining", "{Card} is played by the attacker in an assault"),
		p("his.why.combat_reinforce_naval", "{Card} adds land units before a field battle or an assault"),
		p("his.why.combat_reinforce_assault", "{Card} is played before an assault by the assaulting power only (HIS-15.1g)"),
		p("his.why.combat_swiss_ottoman", "Swiss Mercenaries played by the Ottoman places French units: not in a combat"),
		p("his.why.combat_sack_mercs", "Papal mercenaries do not fight in the Sack of Rome's battle (HIS-21.5j)"),
		p("his.why.combat_no_counters", "{Power:power} has no mercenary counters left (HIS-5.2a)"),
		p("his.why.combat_tercios", "{Card} is played by the Hapsburg, or against at least 3 Hapsburg regulars"),
	}
	return prompts, events, whys
}

// rollCardCombat rolls both sides' dice with Tercios' dice hitting on 4-6
// and Surprise Attack's order: the side that surprises rolls first, and
// the other side counts its dice after taking those hits (none when no
// unit is left).
func rollCardCombat(r BattleResult, mods Mods, dice adjudicator.Dice, what string, attUnits, defUnits int) BattleResult {
	type side struct {
		name        string
		n, n4, unit int
		rolls       *[]int
		hits        *int
		total       *int
	}
	a := side{what + " attacker", r.AttDice, max(mods.AttDice4, 0), attUnits, &r.AttRolls, &r.AttHits, &r.AttDice}
	d := side{what + " defender", r.DefDice, max(mods.DefDice4, 0), defUnits, &r.DefRolls, &r.DefHits, &r.DefDice}
	roll := func(x side) {
		*x.rolls, *x.hits = rollHits(dice, x.name, x.n)
		for i := 0; i < x.n4; i++ {
			v := dice.Roll(x.name+" tercios", 6)
			*x.rolls = append(*x.rolls, v)
			if v >= 4 {
				*x.hits++
			}
		}
		*x.total = x.n + x.n4
	}
	first, second := a, d
	if mods.Surprise == 2 {
		first, second = d, a
	}
	roll(first)
	if mods.Surprise != 0 {
		lost := min(*first.hits, second.unit)
		if lost >= second.unit {
			second.n, second.n4 = 0, 0
		} else {
			second.n = max(second.n-lost, 0)
		}
	}
	roll(second)
	return r
}

// combatAnswerLines is the number of leading lines of a submission that
// answer a DecCombat decision: the "play" lines, or one line.
func combatAnswerLines(lines []adjudicator.Line) int {
	k := 0
	for _, l := range lines {
		if v, _ := verbOf(strings.ToLower(l.Text)); v != "play" && !noCard(l.Text) {
			break
		}
		k++
	}
	return max(k, 1)
}

// noCard reports whether a line declines the window.
func noCard(t string) bool {
	switch strings.Join(strings.Fields(strings.ToLower(t)), " ") {
	case "no card", "no cards", "no", "none", "pass", "decline":
		return true
	}
	return false
}

// ottomanFights reports whether the Ottoman fights on the attacking side
// (att) or the defending side (def) of the field battle in progress.
func (s *St) ottomanSide(b *Battle) (att, def bool) {
	if b.Attacker == Ottoman {
		return true, false
	}
	for _, pt := range s.defParts(b) {
		if s.side(pt.Power) == Ottoman {
			return false, true
		}
	}
	return false, false
}

// lateStep opens or continues the step after the roll of a combat:
// the Ottoman's Janissaries (HIS-14g, HIS-16.2f), Professional Rowers at
// sea (HIS-16.2f) and Siege Artillery in an assault (HIS-15.1l), each
// power asked only when it holds such a card it may play. It reports
// whether a power is asked; otherwise the window is left in Flow.Combat
// for takeLate. roll is kept in the window of a naval combat, f is the
// assaulting formation.
func (r *run) lateStep(kind, where, att, def int, roll *BattleResult, f *Formation) bool {
	s := r.s
	w := s.Flow.Combat
	if w == nil || !w.Late || w.Kind != kind || w.Where != where || w.Att != att || w.Def != def {
		w = &CombatWindow{Kind: kind, Where: where, Att: att, Def: def, Late: true, Roll: roll}
		if f != nil {
			c := cloneFormation(*f)
			w.F = &c
		}
	}
	s.Flow.Combat = w
	if s.Phase != PhAction {
		return false
	}
	q := s.nextCombatPower(w)
	if q == NoPower {
		return false
	}
	s.Flow.push(DecCombat, q)
	return true
}

// takeLate closes the step after the roll and returns its window.
func (s *St) takeLate() *CombatWindow {
	w := s.Flow.Combat
	s.Flow.Combat = nil
	if w == nil || !w.Late {
		return &CombatWindow{}
	}
	return w
}

// afterFieldRoll asks for the cards after a field battle's roll, or adds
// their dice and asks for the choices after the battle.
func (r *run) afterFieldRoll() {
	s := r.s
	b := s.Flow.Battle
	if r.lateStep(CombatField, b.Space, b.Attacker, 0, nil, nil) {
		return
	}
	if _, ok := s.takeLate().played(cardJanissaries); ok {
		s.lateDice(r.dice, "field battle", 5)
	}
	r.battleOwed(b, *s.Flow.Roll)
}

// afterAssaultRoll asks for the cards after an assault's roll, or adds
// their dice and asks for the casualties.
func (r *run) afterAssaultRoll() error {
	s := r.s
	a := s.Flow.Assault
	if r.lateStep(CombatAssault, a.Space, a.Power, 0, nil, &a.F) {
		return nil
	}
	if _, ok := s.takeLate().played(cardSiegeArtillery); ok {
		res := s.Flow.Roll
		for i := 0; i < 2; i++ {
			v := r.dice.Roll("assault siege artillery", 6)
			res.AttRolls = append(res.AttRolls, v)
			if v >= 3 {
				res.AttHits++
			}
		}
		in := s.Inside(a.Space)
		res.AttLosses, res.DefLosses = min(res.DefHits, a.F.Land()), min(res.AttHits, in)
		res.AttackerWins = res.AttHits > 0 && res.DefLosses == in && res.AttLosses < a.F.Land()
	}
	return r.assaultOwed()
}

// shortLOC reports whether power p has a line of communication from sp
// to one of its fortified home spaces of at most n land spaces (Siege
// Artillery).
func (s *St) shortLOC(p, sp, n int) bool {
	dist := map[int]int{sp: 0}
	queue := []int{sp}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x != sp && s.locSource(x, p) {
			return true
		}
		if dist[x] == n {
			continue
		}
		for _, e := range spaces[x].Nbr {
			y := int(e.To)
			if _, ok := dist[y]; ok || !s.locStep(y, p) {
				continue
			}
			dist[y] = dist[x] + 1
			queue = append(queue, y)
		}
	}
	return false
}

func handHasCard(s *St, p, n int) bool {
	for _, c := range s.Hands[p] {
		if int(c) == n {
			return true
		}
	}
	return false
}

// lateDice rolls n extra dice for the Ottoman's side of the field battle
// in progress and settles its result again (Janissaries).
func (s *St) lateDice(dice adjudicator.Dice, what string, n int) {
	b, res := s.Flow.Battle, s.Flow.Roll
	att, _ := s.ottomanSide(b)
	if att {
		rolls, h := rollHits(dice, what+" attacker extra", n)
		res.AttRolls, res.AttHits = append(res.AttRolls, rolls...), res.AttHits+h
	} else {
		rolls, h := rollHits(dice, what+" defender extra", n)
		res.DefRolls, res.DefHits = append(res.DefRolls, rolls...), res.DefHits+h
	}
	settleCombat(res, partsLand(b.attParts()), partsLand(s.defParts(b)))
}

// lateText explains the step after the roll to the power asked.
func (s *St) lateText(w *CombatWindow, q int) string {
	var names []string
	for _, n := range s.combatHand(w, q) {
		names = append(names, cardName(n))
	}
	cs := joinAnd(names)
	switch {
	case w.Kind == CombatNaval && w.Roll != nil:
		return fmt.Sprintf("Naval combat in %s: %s. After the dice you may play %s: write play and the card, or no card (HIS-16.2f).",
			locName(w.Where), w.Roll.text(powers[w.Att].Name, powerName(w.Def)), cs)
	case s.Flow.Roll == nil:
		return ""
	case w.Kind == CombatAssault:
		return fmt.Sprintf("Assault on %s: %s. After the dice you may play %s: write play and the card, or no card (HIS-15.1l).",
			spaces[w.Where].Name, s.Flow.Roll.text(powers[w.Att].Name, "the garrison"), cs)
	}
	return fmt.Sprintf("Battle of %s: %s. After the dice you may play %s: write play and the card, or no card (HIS-14g).",
		spaces[w.Where].Name, s.Flow.Roll.text(powers[w.Att].Name, "the defender"), cs)
}
