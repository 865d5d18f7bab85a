package hereistand

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The New World (HIS-20). England, France and the Hapsburg buy voyages
// with CP in the Action Phase (colonize, explore, conquer: once each per
// turn, HIS-11.1b); the voyages cross the Atlantic and are resolved in
// the New World Phase, explorations before conquests; colonies and
// conquests bring cards in the next Card Draw Phase (the New World
// Riches), which raiders may seize from the Hapsburg. The New World is
// public: the view shows it to every power.
//
// Values the seed does not print (the discoveries' and conquests' roll
// numbers, their VP, the Riches Table) are rulings, in
// docs/rulings/here-i-stand-events.md ("The New World").

// Discoveries of the New World display.
const (
	DiscStLawrence  = iota // exploration roll 7
	DiscGreatLakes         // 8
	DiscMississippi        // 9
	DiscAmazon             // option 2 on 10+
	DiscPacific            // option 1: the Pacific Strait
	DiscCircum             // option 1: the circumnavigation
	nDisc
)

var discNames = [nDisc]string{"St. Lawrence River", "Great Lakes", "Mississippi River", "Amazon River", "Pacific Strait", "Circumnavigation"}
var discVP = [nDisc]int{1, 1, 1, 2, 1, 3}

// Conquests of the New World display, by conquest roll 9, 10, 11+.
const (
	ConqMaya = iota
	ConqAztec
	ConqInca
	nConq
)

var conqNames = [nConq]string{"Maya", "Aztecs", "Inca"}
var conqVP = [nConq]int{1, 2, 2}

// nwPiece is an explorer or a conquistador with its value.
type nwPiece struct {
	ID, Name string
	Power    int
	Value    int
	Cabot    bool // Sebastian Cabot: sent by his event only
}

var explorers = []nwPiece{
	{"cabot_england", "Cabot", England, 1, true}, {"chancellor", "Chancellor", England, 1, false},
	{"rut", "Rut", England, 1, false}, {"willoughby", "Willoughby", England, 0, false},
	{"cabot_france", "Cabot", France, 1, true}, {"cartier", "Cartier", France, 3, false},
	{"roberval", "Roberval", France, 0, false}, {"verrazano", "Verrazano", France, 2, false},
	{"cabot_hapsburg", "Cabot", Hapsburg, 1, true}, {"de_soto", "De Soto", Hapsburg, 2, false},
	{"de_vaca", "De Vaca", Hapsburg, 0, false}, {"leon", "Leon", Hapsburg, 1, false},
	{"magellan", "Magellan", Hapsburg, 4, false}, {"narvaez", "Narvaez", Hapsburg, -1, false},
	{"orellana", "Orellana", Hapsburg, 3, false},
}

var conquistadors = []nwPiece{
	{"cordova", "Cordova", Hapsburg, 1, false}, {"coronado", "Coronado", Hapsburg, 1, false},
	{"cortez", "Cortez", Hapsburg, 4, false}, {"montejo", "Montejo", Hapsburg, 2, false},
	{"pizarro", "Pizarro", Hapsburg, 3, false},
}

const (
	nExplorers     = 15
	nConquistadors = 5
)

// Cards of the New World.
const (
	cardGalleons    = 48
	cardHuguenot    = 49
	cardMercator    = 50
	cardPlantations = 53
	cardPotosi      = 54
	cardCabot       = 99
	cardSmallpox    = 101
)

// Bits of NewWorld.Underway: what crosses the Atlantic this turn.
const (
	nwColony   = 1 << iota // a colony (the Colonize action)
	nwExplore              // an exploration (the action or Mercator's Map)
	nwConquer              // a conquest (the action or Smallpox)
	nwCabot                // Sebastian Cabot's voyage (beyond the limit)
	nwMercator             // the exploration has Mercator's Map: +2
	nwSmallpox             // the conquest has Smallpox: +2
)

// newWorldVerbs complete the impulse prompt's list of actions.
var newWorldVerbs = [NMajor]string{England: ", colonize, explore, conquer", France: ", colonize, explore, conquer",
	Hapsburg: ", colonize, explore, conquer"}

// nwPowers are the powers of the New World, in the order of ties.
var nwPowers = []int{England, France, Hapsburg}

// colonyLimit is the number of colony boxes of each power (HIS-20.1b).
var colonyLimit = [NMajor]int{England: 2, France: 2, Hapsburg: 3}

// NewWorld is the New World display and the voyages of the turn.
type NewWorld struct {
	// Colonies are each power's colonies on the display (HIS-20.1c),
	// the Potosi colony apart.
	Colonies [NMajor]uint8
	// Potosi is the power holding the Potosi colony, plus 1 (0: none);
	// PotosiDone is set once the card has been played. LostColony holds
	// the powers (bit p) that gave up a colony marker for Potosi.
	Potosi     uint8
	PotosiDone bool
	LostColony uint8
	// Underway holds each power's voyages in the Crossing Atlantic box
	// (nw* bits); they mark the once-per-turn actions (HIS-11.1b).
	Underway [NMajor]uint8
	// Discovery is the power that claimed each discovery, plus 1.
	Discovery [nDisc]uint8
	// Conquest is the power that made each conquest, plus 1; Exhausted
	// holds the conquests (bit c) whose riches have run out.
	Conquest  [nConq]uint8
	Exhausted uint8
	// Explorer and Conquistador are where each piece is: 0 in its
	// power's pool, -1 removed from the game, d+1 placed for good on
	// discovery or conquest d. Marker is the same for the English and
	// French conquest markers.
	Explorer     [nExplorers]int8
	Conquistador [nConquistadors]int8
	Marker       [NMajor]int8
	// Galleons, Plantations and Raiders hold the powers (bit p) with
	// those markers in play (the events of cards 48, 53 and 49).
	Galleons, Plantations, Raiders uint8
	// Governor is the marker of card 111 (events_last.go): the power whose
	// colonies it is on, plus 1 (0: none), with govUprising set when it
	// shows its Native Uprising side.
	Governor uint8
	// Voyages are the voyages of the New World Phase in progress, the
	// first one being resolved; Started is set while the phase runs.
	Voyages []Voyage
	Started bool
}

// Voyage is one voyage of the New World Phase.
type Voyage struct {
	Power    int
	Conquest bool
	// Piece is the explorer or conquistador (index), -1 for the English
	// or French conquest marker.
	Piece int
	Mod   int  // +2 for Mercator's Map or Smallpox
	Cabot bool // sent by the Sebastian Cabot event
	// Roll is the modified exploration roll of 10 or more once rolled,
	// while the owner chooses option 1, 2 or 3 (HIS-20.2c); 0 before.
	Roll int
}

func (nw NewWorld) clone() NewWorld {
	nw.Voyages = append([]Voyage(nil), nw.Voyages...)
	return nw
}

func nwPower(p int) bool { return p == England || p == France || p == Hapsburg }

// pieceValue is a voyage's piece value: the English and French conquest
// markers count 0 (a ruling).
func (v Voyage) value() int {
	switch {
	case v.Piece < 0:
		return 0
	case v.Conquest:
		return conquistadors[v.Piece].Value
	}
	return explorers[v.Piece].Value
}

func (v Voyage) name() string {
	switch {
	case v.Piece < 0 && v.Power == England:
		return "the English conquest"
	case v.Piece < 0:
		return "the French conquest"
	case v.Conquest:
		return conquistadors[v.Piece].Name
	}
	return explorers[v.Piece].Name
}

// explorerPool lists power p's explorers available for a drawn voyage
// (Cabot sails only with his card).
func (s *St) explorerPool(p int) []int {
	var out []int
	for i, e := range explorers {
		if e.Power == p && !e.Cabot && s.NW.Explorer[i] == 0 {
			out = append(out, i)
		}
	}
	return out
}

func (s *St) conquistadorPool() []int {
	var out []int
	for i := range conquistadors {
		if s.NW.Conquistador[i] == 0 {
			out = append(out, i)
		}
	}
	return out
}

// cabotOf is power p's Cabot explorer.
func cabotOf(p int) int {
	for i, e := range explorers {
		if e.Cabot && e.Power == p {
			return i
		}
	}
	return -1
}

// colonyRoom reports whether power p may put one more colony on the
// display: colonies there, under way and Potosi count against its
// boxes (HIS-20.1b; a ruling for the Crossing Atlantic box).
func (s *St) colonyRoom(p int) bool {
	n := int(s.NW.Colonies[p])
	if s.NW.Underway[p]&nwColony != 0 {
		n++
	}
	limit := colonyLimit[p]
	if s.NW.Potosi == uint8(p+1) {
		n++
	}
	if s.NW.LostColony&(1<<p) != 0 && s.NW.Potosi != uint8(p+1) {
		limit-- // Potosi gone: its box does not come back
	}
	return n < limit
}

// canVoyage says why power p may not take New World action verb now,
// or nil. Events pass ev: they ignore nothing but the CP.
func (s *St) canVoyage(p int, verb string) error {
	if !nwPower(p) {
		return fmt.Errorf("only England, France and the Hapsburg go to the New World (HIS-20a)")
	}
	u := s.NW.Underway[p]
	switch verb {
	case "colonize":
		if u&nwColony != 0 {
			return fmt.Errorf("%s has colonized this turn already (once per turn, HIS-20.1a)", powers[p].Name)
		}
		if !s.colonyRoom(p) {
			return fmt.Errorf("%s has no colony left to send (%d at most, HIS-20.1b)", powers[p].Name, colonyLimit[p])
		}
	case "explore":
		if u&nwExplore != 0 {
			return fmt.Errorf("%s has explored this turn already (once per turn, HIS-20.2a)", powers[p].Name)
		}
		if len(s.explorerPool(p)) == 0 {
			return fmt.Errorf("%s has no explorers left (HIS-20.2a)", powers[p].Name)
		}
	case "conquer":
		if u&nwConquer != 0 {
			return fmt.Errorf("%s has sent a conquest this turn already (once per turn, HIS-20.3a)", powers[p].Name)
		}
		if p == Hapsburg && len(s.conquistadorPool()) == 0 || p != Hapsburg && s.NW.Marker[p] != 0 {
			return fmt.Errorf("%s has no conquest left to send (HIS-20.3a)", powers[p].Name)
		}
	}
	return nil
}

// newWorldOptions are the New World actions power p may take now.
func (s *St) newWorldOptions(p int) []string {
	if s.Flow.Card == 0 || !nwPower(p) {
		return nil
	}
	var out []string
	for _, a := range []struct {
		verb string
		act  int
	}{{"colonize", ActColonize}, {"explore", ActExplore}, {"conquer", ActConquer}} {
		if c := ActionCost(p, a.act); c > 0 && c <= s.Flow.CP && s.canVoyage(p, a.verb) == nil {
			out = append(out, a.verb)
		}
	}
	return out
}

// newWorldAction carries out the Colonize, Explore and Conquer actions
// (HIS-20.1a, HIS-20.2a, HIS-20.3a).
func (r *run) newWorldAction(p int, verb string) error {
	s := r.s
	if err := s.canVoyage(p, verb); err != nil {
		return errLegal(s.actionForms(p), "%v", err)
	}
	act := map[string]int{"colonize": ActColonize, "explore": ActExplore, "conquer": ActConquer}[verb]
	if err := r.spend(p, act); err != nil {
		return err
	}
	switch verb {
	case "colonize":
		s.NW.Underway[p] |= nwColony
		r.say("%s sends a colony across the Atlantic (HIS-20.1a).", powers[p].Name)
	case "explore":
		s.NW.Underway[p] |= nwExplore
		r.say("%s sends a voyage of exploration across the Atlantic (HIS-20.2a).", powers[p].Name)
	case "conquer":
		s.NW.Underway[p] |= nwConquer
		r.say("%s sends a voyage of conquest across the Atlantic (HIS-20.3a).", powers[p].Name)
	}
	return nil
}

// setupNewWorld: in 1517 the Hapsburg exploration and conquest start in
// the Crossing Atlantic box and count against the turn's limits
// (HIS-20.2a, HIS-20.3a).
func (s *St) setupNewWorld() {
	if s.Turn == 1 {
		s.NW.Underway[Hapsburg] |= nwExplore | nwConquer
	}
}

// newWorldPhase runs the New World Phase (HIS-20.1c, HIS-20.2b,
// HIS-20.3b). It reports false while an explorer's owner chooses.
func (r *run) newWorldPhase() bool {
	s := r.s
	nw := &s.NW
	if !nw.Started {
		nw.Started = true
		r.polVoyages() // voyages cancelled by events (events_politics.go)
		r.startVoyages()
	}
	for len(nw.Voyages) > 0 {
		if !r.resolveVoyage(&nw.Voyages[0]) {
			return false
		}
		nw.Voyages = nw.Voyages[1:]
	}
	nw.Voyages, nw.Started = nil, false
	nw.Underway = [NMajor]uint8{}
	return true
}

// startVoyages lands the colonies and draws the explorers and the
// conquistador of the voyages under way, in the order of resolution.
func (r *run) startVoyages() {
	s := r.s
	nw := &s.NW
	any := false
	for _, p := range nwPowers {
		if nw.Underway[p]&nwColony != 0 {
			nw.Colonies[p]++
			r.say("A colony of %s reaches the New World (HIS-20.1c).", powers[p].Name)
			any = true
		}
	}
	var ex []Voyage
	for _, p := range nwPowers {
		u := nw.Underway[p]
		if u&nwExplore != 0 {
			any = true
			pool := s.explorerPool(p)
			if len(pool) == 0 {
				r.say("%s has no explorer left: its voyage of exploration is cancelled.", powers[p].Name)
			} else {
				v := Voyage{Power: p, Piece: pool[r.pick(fmt.Sprintf("explorer of %s", powers[p].Name), len(pool))]}
				if u&nwMercator != 0 {
					v.Mod = 2
				}
				ex = append(ex, v)
			}
		}
		if u&nwCabot != 0 {
			any = true
			if c := cabotOf(p); c >= 0 && nw.Explorer[c] == 0 {
				ex = append(ex, Voyage{Power: p, Piece: c, Cabot: true})
			}
		}
	}
	rank := func(p int) int {
		for i, q := range nwPowers {
			if q == p {
				return i
			}
		}
		return 9
	}
	sort.SliceStable(ex, func(i, j int) bool {
		a, b := ex[i], ex[j]
		if a.value() != b.value() {
			return a.value() > b.value()
		}
		if a.Power != b.Power {
			return rank(a.Power) < rank(b.Power)
		}
		return !a.Cabot && b.Cabot
	})
	if len(ex) > 0 {
		var names []string
		for _, v := range ex {
			names = append(names, fmt.Sprintf("%s (%s, %d)", v.name(), powers[v.Power].Name, v.value()))
		}
		r.say("New World Phase: the explorers sail in this order: %s (HIS-20.2b).", strings.Join(names, ", "))
	}
	nw.Voyages = ex
	for _, p := range []int{Hapsburg, England, France} {
		u := nw.Underway[p]
		if u&nwConquer == 0 {
			continue
		}
		any = true
		v := Voyage{Power: p, Conquest: true, Piece: -1}
		if u&nwSmallpox != 0 {
			v.Mod = 2
		}
		if p == Hapsburg {
			pool := s.conquistadorPool()
			if len(pool) == 0 {
				r.say("%s has no conquistador left: its voyage of conquest is cancelled.", powers[p].Name)
				continue
			}
			v.Piece = pool[r.pick("conquistador of Hapsburg", len(pool))]
			r.say("%s leads the Hapsburg conquest (value %d, HIS-20.3b).", v.name(), v.value())
		}
		nw.Voyages = append(nw.Voyages, v)
	}
	if !any {
		r.say("New World Phase: no voyage crosses the Atlantic.")
	}
}

// pick draws one of n at random, in public (n may be 1).
func (r *run) pick(why string, n int) int {
	if n <= 1 {
		return 0
	}
	return r.dice.Roll(why, n) - 1
}

// roll2 rolls two dice for a voyage.
func (r *run) roll2(why string) (int, int) {
	return r.dice.Roll(why, 6), r.dice.Roll(why, 6)
}

// resolveVoyage resolves v; false while its owner must choose.
func (r *run) resolveVoyage(v *Voyage) bool {
	if v.Conquest {
		r.resolveConquest(*v)
		return true
	}
	if v.Roll == 0 {
		a, b := r.roll2("exploration " + v.name())
		v.Roll = a + b + v.value() + v.Mod
		r.say("%s (%s) rolls %d + %d, modified %d (HIS-20.2c).", v.name(), powers[v.Power].Name, a, b, v.Roll)
		switch {
		case v.Roll <= 4:
			r.loseExplorer(*v, false)
			return true
		case v.Roll <= 6:
			r.say("%s makes no discovery and returns to the pool of %s.", v.name(), powers[v.Power].Name)
			return true
		case v.Roll <= 9:
			r.discover(*v, r.s.nextBelow(v.Roll-7))
			return true
		}
	}
	opts := r.s.deepOptions()
	switch len(opts) {
	case 0:
		r.say("%s finds nothing left to claim and returns to the pool of %s.", v.name(), powers[v.Power].Name)
		return true
	case 1:
		r.deepChoice(*v, opts[0])
		return true
	}
	return false
}

// nextBelow is the unclaimed 1-VP discovery at d or the next below, or -1.
func (s *St) nextBelow(d int) int {
	for ; d >= DiscStLawrence; d-- {
		if s.NW.Discovery[d] == 0 {
			return d
		}
	}
	return -1
}

// deepOptions are the choices of an explorer rolling 10 or more
// (HIS-20.2c-e): "circumnavigate" while nobody has, the Amazon and the
// unclaimed 1-VP discoveries.
func (s *St) deepOptions() []string {
	var out []string
	if s.NW.Discovery[DiscCircum] == 0 {
		out = append(out, "circumnavigate")
	}
	for _, d := range []int{DiscAmazon, DiscStLawrence, DiscGreatLakes, DiscMississippi} {
		if s.NW.Discovery[d] == 0 {
			out = append(out, strings.ToLower(discNames[d]))
		}
	}
	return out
}

// discover claims discovery d (-1: none left) for voyage v.
func (r *run) discover(v Voyage, d int) {
	s := r.s
	if d < 0 {
		r.say("%s finds no discovery left to claim and returns to the pool of %s.", v.name(), powers[v.Power].Name)
		return
	}
	s.NW.Discovery[d] = uint8(v.Power + 1)
	s.NW.Explorer[v.Piece] = int8(d + 1)
	s.BonusVP[v.Power] += discVP[d]
	r.say("%s discovers the %s: %s gains %d VP (HIS-20.2c).", v.name(), discNames[d], powers[v.Power].Name, discVP[d])
}

// loseExplorer removes v's explorer from the game; a lost Cabot takes
// the Sebastian Cabot card out of the game with him.
func (r *run) loseExplorer(v Voyage, circum bool) {
	s := r.s
	s.NW.Explorer[v.Piece] = -1
	if circum {
		r.say("%s fails to circumnavigate and is removed from the game.", v.name())
	} else {
		r.say("%s is lost at sea and is removed from the game.", v.name())
	}
	if v.Cabot && containsCard(s.Discard, cardCabot) {
		s.pullCard(cardCabot)
		s.Removed.set(cardCabot)
		r.say("%s is removed from the game.", cardName(cardCabot))
	}
}

// deepChoice carries out option 1, 2 or 3 (HIS-20.2d-e).
func (r *run) deepChoice(v Voyage, opt string) {
	s := r.s
	switch opt {
	case "circumnavigate":
		claimed := false
		if s.NW.Discovery[DiscPacific] == 0 {
			s.NW.Discovery[DiscPacific] = uint8(v.Power + 1)
			s.BonusVP[v.Power] += discVP[DiscPacific]
			claimed = true
			r.say("%s reaches the %s: %s gains %d VP (HIS-20.2d).", v.name(), discNames[DiscPacific], powers[v.Power].Name, discVP[DiscPacific])
		}
		a, b := r.roll2("circumnavigation " + v.name())
		t := a + b + v.value() + v.Mod
		r.say("%s tries to sail around the world: %d + %d, modified %d (HIS-20.2d).", v.name(), a, b, t)
		if t <= 9 {
			r.loseExplorer(v, true)
			if claimed {
				s.NW.Explorer[v.Piece] = int8(DiscPacific + 1)
			}
			return
		}
		s.NW.Discovery[DiscCircum] = uint8(v.Power + 1)
		s.NW.Explorer[v.Piece] = int8(DiscCircum + 1)
		s.BonusVP[v.Power] += discVP[DiscCircum]
		r.say("%s sails around the world: %s gains %d VP (HIS-20.2d).", v.name(), powers[v.Power].Name, discVP[DiscCircum])
		if t >= 12 {
			r.deckCard(v.Power, "circumnavigation")
		}
	case "amazon river":
		r.discover(v, DiscAmazon)
	default:
		for d := DiscStLawrence; d <= DiscMississippi; d++ {
			if strings.ToLower(discNames[d]) == opt {
				r.discover(v, d)
			}
		}
	}
}

// resolveConquest rolls a voyage of conquest (HIS-20.3c).
func (r *run) resolveConquest(v Voyage) {
	s := r.s
	a, b := r.roll2("conquest " + v.name())
	t := a + b + v.value() + v.Mod
	r.say("%s (%s) rolls %d + %d, modified %d (HIS-20.3c).", v.name(), powers[v.Power].Name, a, b, t)
	setPiece := func(x int8) {
		if v.Piece < 0 {
			s.NW.Marker[v.Power] = x
		} else {
			s.NW.Conquistador[v.Piece] = x
		}
	}
	switch {
	case t <= 6:
		setPiece(-1)
		r.say("The expedition of %s is wiped out and removed from the game.", v.name())
		return
	case t <= 8:
		r.say("%s makes no conquest and returns to the pool of %s.", v.name(), powers[v.Power].Name)
		return
	}
	c := min(t-9, ConqInca)
	for ; c >= 0 && s.NW.Conquest[c] != 0; c-- {
	}
	if c < 0 {
		r.say("%s finds no conquest left and returns to the pool of %s.", v.name(), powers[v.Power].Name)
		return
	}
	s.NW.Conquest[c] = uint8(v.Power + 1)
	setPiece(int8(c + 1))
	s.BonusVP[v.Power] += conqVP[c]
	r.say("%s conquers the %s: %s gains %d VP (HIS-20.3c).", v.name(), conqNames[c], powers[v.Power].Name, conqVP[c])
}

// deckCard gives power p the top card of the deck; only p hears which.
func (r *run) deckCard(p int, why string) bool {
	s := r.s
	if len(s.Deck) == 0 {
		r.say("%s would draw a card (%s), but the deck is empty.", powers[p].Name, why)
		return false
	}
	n := int(s.Deck[len(s.Deck)-1])
	s.Deck = s.Deck[:len(s.Deck)-1]
	s.giveCard(p, n)
	r.say("%s draws a card (%s).", powers[p].Name, why)
	r.tell(p, "%s is dealt %s.", powers[p].Name, cardName(n))
	return true
}

// newWorldOwing is the power choosing for its explorer, or -1.
func (s *St) newWorldOwing() int {
	if s.Phase != PhNewWorld || len(s.NW.Voyages) == 0 || s.NW.Voyages[0].Roll < 10 || s.NW.Voyages[0].Conquest {
		return -1
	}
	return s.NW.Voyages[0].Power
}

// newWorldText is the prompt of the explorer's owner.
func (s *St) newWorldText() string {
	v := s.NW.Voyages[0]
	return fmt.Sprintf("%s rolled %d and reaches deep into South America: choose circumnavigate, amazon river or a 1-VP discovery (HIS-20.2c-e).", v.name(), v.Roll)
}

// newWorldDefault is the safe answer: the Amazon, else the first 1-VP
// discovery, else the circumnavigation.
func (s *St) newWorldDefault() string {
	o := s.deepOptions()
	for _, x := range o {
		if x != "circumnavigate" {
			return x
		}
	}
	return o[0]
}

// newWorldAnswer reads the explorer owner's choice.
func (r *run) newWorldAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	opts := s.deepOptions()
	l, rej := one(lines, opts)
	if rej != nil {
		return nil, rej
	}
	choice := matchDeep(strings.ToLower(strings.TrimSpace(l.Text)), opts)
	if choice == "" {
		return nil, reject(l, errLegal(opts, "choose one of %s", strings.Join(opts, ", ")))
	}
	v := s.NW.Voyages[0]
	r.deepChoice(v, choice)
	s.NW.Voyages = s.NW.Voyages[1:]
	return []string{choice}, nil
}

// deepWords are the Spanish and Italian words of the choices.
var deepWords = map[string]string{
	"circumnavigation": "circumnavigate", "circunnavegar": "circumnavigate", "circunnavegación": "circumnavigate",
	"circumnavigare": "circumnavigate", "circumnavigazione": "circumnavigate", "1": "circumnavigate",
	"amazon": "amazon river", "amazonas": "amazon river", "río amazonas": "amazon river", "rio amazonas": "amazon river",
	"rio delle amazzoni": "amazon river", "amazzoni": "amazon river", "2": "amazon river",
	"st lawrence": "st. lawrence river", "st. lawrence": "st. lawrence river", "san lorenzo": "st. lawrence river",
	"río san lorenzo": "st. lawrence river", "fiume san lorenzo": "st. lawrence river",
	"grandes lagos": "great lakes", "grandi laghi": "great lakes",
	"mississippi": "mississippi river", "río mississippi": "mississippi river", "fiume mississippi": "mississippi river",
}

func matchDeep(t string, opts []string) string {
	if x, ok := deepWords[t]; ok {
		t = x
	}
	t = strings.TrimPrefix(t, "the ")
	for _, o := range opts {
		if t == o || strings.ReplaceAll(o, ".", "") == t {
			return o
		}
	}
	return ""
}

// newWorldRiches rolls the New World Riches of the Card Draw Phase
// (HIS-20.4a-d): each colony, the Potosi colony and each conquest not
// exhausted of England, France and the Hapsburg.
func (r *run) newWorldRiches() {
	s := r.s
	for _, p := range []int{Hapsburg, England, France} {
		plant := 0
		if s.NW.Plantations&(1<<p) != 0 {
			plant = 1
		}
		for i := 0; i < int(s.NW.Colonies[p]); i++ {
			a, b := r.roll2("riches colony " + powers[p].Name)
			t := a + b + plant
			res := colonyRiches(t)
			r.say("A colony of %s rolls %d + %d, modified %d on the New World Riches Table: %s (HIS-20.4a).", powers[p].Name, a, b, t, res)
			res = r.governorTurns(p, res) // events_last.go
			switch res {
			case "Elim":
				s.NW.Colonies[p]--
				i--
				r.say("The colony of %s is eliminated (HIS-20.4b).", powers[p].Name)
			default:
				r.richesCard(p, res)
			}
		}
		if s.NW.Potosi == uint8(p+1) {
			a, b := r.roll2("riches potosi " + powers[p].Name)
			t := a + b + plant
			res := potosiRiches(t)
			r.say("The Potosi colony of %s rolls %d + %d, modified %d on the New World Riches Table: %s (HIS-20.4a).", powers[p].Name, a, b, t, res)
			if res == "Elim" {
				s.NW.Potosi = 0
				r.say("The Potosi colony of %s is eliminated (HIS-20.4b).", powers[p].Name)
			} else {
				r.richesCard(p, res)
			}
		}
		for c := 0; c < nConq; c++ {
			if s.NW.Conquest[c] != uint8(p+1) || s.NW.Exhausted&(1<<c) != 0 {
				continue
			}
			a, b := r.roll2("riches " + conqNames[c])
			res := conquestRiches(c, a+b)
			r.say("The %s conquest of %s rolls %d + %d on the New World Riches Table: %s (HIS-20.4a).", conqNames[c], powers[p].Name, a, b, res)
			if res == "Depleted" {
				s.NW.Exhausted |= 1 << c
				r.say("The riches of the %s are exhausted: its VP marker goes to the bonus box of %s (HIS-20.4b).", conqNames[c], powers[p].Name)
				res = "Card"
			}
			r.richesCard(p, res)
		}
	}
}

// The New World Riches Table (outside the seed: see the rulings).
func colonyRiches(t int) string {
	switch {
	case t <= 4:
		return "Elim"
	case t <= 7:
		return "NE"
	case t == 8:
		return "Galleon"
	}
	return "Card"
}

func potosiRiches(t int) string {
	switch {
	case t <= 3:
		return "Elim"
	case t <= 6:
		return "NE"
	case t == 7:
		return "Galleon"
	}
	return "Card"
}

func conquestRiches(c, t int) string {
	switch {
	case t <= 5:
		return "Depleted"
	case t == 6 && c == ConqInca:
		return "Card"
	case t == 6:
		return "NE"
	case t == 7:
		return "Galleon"
	}
	return "Card"
}

// richesCard gives power p the card of a riches result, if any; a
// Hapsburg card may be seized by raiders (HIS-20.4c-d).
func (r *run) richesCard(p int, res string) {
	s := r.s
	switch res {
	case "NE":
		return
	case "Galleon":
		if s.NW.Galleons&(1<<p) == 0 {
			return
		}
	}
	if p == Hapsburg {
		for _, q := range []int{France, England, Protestant} {
			if s.NW.Raiders&(1<<q) == 0 {
				continue
			}
			d := r.dice.Roll("raider "+powers[q].Name, 6)
			switch {
			case d == 1 || d == 2 && s.NW.Galleons&(1<<Hapsburg) != 0:
				s.NW.Raiders &^= 1 << q
				r.say("The raider of %s rolls %d and is eliminated (HIS-20.4c).", powers[q].Name, d)
				continue
			case d <= 4:
				r.say("The raider of %s rolls %d: no effect (HIS-20.4c).", powers[q].Name, d)
				continue
			case d == 5:
				s.NW.Raiders &^= 1 << q
				r.say("The raider of %s rolls %d, seizes the Hapsburg card and retires with the loot (HIS-20.4c).", powers[q].Name, d)
			default:
				r.say("The raider of %s rolls %d and seizes the Hapsburg card (HIS-20.4c).", powers[q].Name, d)
			}
			r.deckCard(q, "New World riches")
			return
		}
	}
	r.deckCard(p, "New World riches")
}

// checkNewWorld verifies the New World's invariants.
func (s *St) checkNewWorld() error {
	nw := &s.NW
	for p := 0; p < NMajor; p++ {
		if !nwPower(p) && (nw.Colonies[p] != 0 || nw.Underway[p] != 0 || nw.Marker[p] != 0) {
			return fmt.Errorf("%s in the New World", powers[p].Name)
		}
		if nwPower(p) && int(nw.Colonies[p]) > colonyLimit[p] {
			return fmt.Errorf("%s has %d colonies", powers[p].Name, nw.Colonies[p])
		}
	}
	if nw.Potosi > 0 && !nwPower(int(nw.Potosi)-1) {
		return fmt.Errorf("Potosi held by %d", nw.Potosi)
	}
	if (len(nw.Voyages) > 0 || nw.Started) && s.Phase != PhNewWorld {
		return fmt.Errorf("voyages under resolution outside the New World Phase")
	}
	if len(nw.Voyages) > 0 && (nw.Voyages[0].Conquest || nw.Voyages[0].Roll < 10 || !nwPower(nw.Voyages[0].Power)) {
		return fmt.Errorf("the New World Phase waits for no choice")
	}
	for d, who := range nw.Discovery {
		if who > 0 && !nwPower(int(who)-1) {
			return fmt.Errorf("%s claimed by %d", discNames[d], who)
		}
	}
	return nil
}

// newWorldSection is the New World display, for every view (the
// New World is public).
func (s *St) newWorldSection() (adjudicator.Section, bool) {
	nw := &s.NW
	var t labelRows
	add := t.add
	for _, p := range nwPowers {
		var parts []msg.M
		if n := nw.Colonies[p]; n > 0 {
			parts = append(parts, msg.Plural("his.view.nw_colonies", int(n)))
		}
		if nw.Potosi == uint8(p+1) {
			parts = append(parts, msg.Lit("Potosi"))
		}
		for c := 0; c < nConq; c++ {
			if nw.Conquest[c] == uint8(p+1) {
				x := msg.New("his.view.nw_conq_" + conqIDs[c])
				if nw.Exhausted&(1<<c) != 0 {
					x = msg.New("his.view.nw_exhausted", "Name", x)
				}
				parts = append(parts, x)
			}
		}
		for d := 0; d < nDisc; d++ {
			if nw.Discovery[d] == uint8(p+1) {
				parts = append(parts, msg.New("his.w.nw_name_"+discIDs[d]))
			}
		}
		if nw.Galleons&(1<<p) != 0 {
			parts = append(parts, msg.Lit(cards[cardGalleons].Name))
		}
		if nw.Plantations&(1<<p) != 0 {
			parts = append(parts, msg.Lit(cards[cardPlantations].Name))
		}
		var under []msg.M
		u := nw.Underway[p]
		for _, x := range []struct {
			bit uint8
			key string
		}{{nwColony, "colony"}, {nwExplore, "exploration"}, {nwCabot, "cabot"}, {nwConquer, "conquest"}} {
			if u&x.bit != 0 {
				under = append(under, msg.New("his.view.nw_under_"+x.key))
			}
		}
		if len(under) > 0 {
			parts = append(parts, msg.New("his.view.nw_crossing", "List", under))
		}
		add(powerMsg(p), powers[p].Name, parts)
	}
	var raiders []msg.M
	for _, q := range []int{France, England, Protestant} {
		if nw.Raiders&(1<<q) != 0 {
			raiders = append(raiders, powerMsg(q))
		}
	}
	add(msg.New("his.view.nw_raiders"), "Raiders", raiders)
	if g := nw.Governor; g != 0 { // card 111 (events_last.go)
		if g&govUprising != 0 {
			add(msg.New("his.view.nw_uprising"), "Native Uprising", []msg.M{powerMsg(int(g&^govUprising - 1))})
		} else {
			add(msg.New("his.view.nw_governor"), "Colonial Governor", []msg.M{powerMsg(int(g - 1))})
		}
	}
	if len(t.rows) == 0 {
		return adjudicator.Section{}, false
	}
	return adjudicator.Section{Title: "New World", Body: t.b.String(), TitleMsg: vm("his.section.new_world"), Rows: t.rows}, true
}

var discIDs = [nDisc]string{"st_lawrence_river", "great_lakes", "mississippi_river", "amazon_river", "pacific_strait", "circumnavigation"}
var conqIDs = [nConq]string{"maya", "aztecs", "inca"}

// newWorldWire is the stored form of the New World: names, not numbers.
type newWorldWire struct {
	Colonies      map[string]int    `json:"colonies,omitempty"`
	Potosi        string            `json:"potosi,omitempty"`
	PotosiDone    bool              `json:"potosi_done,omitempty"`
	LostColony    []string          `json:"lost_colony,omitempty"`
	Underway      map[string]uint8  `json:"underway,omitempty"`
	Discoveries   map[string]string `json:"discoveries,omitempty"`
	Conquests     map[string]string `json:"conquests,omitempty"`
	Exhausted     []string          `json:"exhausted,omitempty"`
	Explorers     map[string]string `json:"explorers,omitempty"`
	Conquistadors map[string]string `json:"conquistadors,omitempty"`
	Markers       map[string]string `json:"markers,omitempty"`
	Galleons      []string          `json:"galleons,omitempty"`
	Plantations   []string          `json:"plantations,omitempty"`
	Raiders       []string          `json:"raiders,omitempty"`
	Governor      string            `json:"colonial_governor,omitempty"`
	Uprising      string            `json:"native_uprising,omitempty"`
	Voyages       []voyageWire      `json:"voyages,omitempty"`
	Started       bool              `json:"started,omitempty"`
}

type voyageWire struct {
	Power    string `json:"power"`
	Conquest bool   `json:"conquest,omitempty"`
	Piece    string `json:"piece,omitempty"`
	Mod      int    `json:"mod,omitempty"`
	Cabot    bool   `json:"cabot,omitempty"`
	Roll     int    `json:"roll,omitempty"`
}

// placeName is where a piece is, as stored: "lost", or the discovery or
// conquest it stands on.
func placeName(x int8, conquest bool) string {
	switch {
	case x < 0:
		return "lost"
	case conquest:
		return conqIDs[x-1]
	}
	return discIDs[x-1]
}

func placeOf(name string, conquest bool) (int8, bool) {
	if name == "lost" {
		return -1, true
	}
	ids := discIDs[:]
	if conquest {
		ids = conqIDs[:]
	}
	for i, id := range ids {
		if id == name {
			return int8(i + 1), true
		}
	}
	return 0, false
}

func powerBits(mask uint8) []string {
	var out []string
	for p := 0; p < NMajor; p++ {
		if mask&(1<<p) != 0 {
			out = append(out, powers[p].ID)
		}
	}
	return out
}

func (s *St) newWorldWire() *newWorldWire {
	nw := &s.NW
	if nw.Potosi == 0 && !nw.PotosiDone && nw.LostColony == 0 && nw.Exhausted == 0 && nw.Galleons == 0 &&
		nw.Plantations == 0 && nw.Raiders == 0 && nw.Governor == 0 && len(nw.Voyages) == 0 && !nw.Started &&
		nw.Colonies == [NMajor]uint8{} && nw.Underway == [NMajor]uint8{} && nw.Discovery == [nDisc]uint8{} &&
		nw.Conquest == [nConq]uint8{} && nw.Explorer == [nExplorers]int8{} && nw.Conquistador == [nConquistadors]int8{} &&
		nw.Marker == [NMajor]int8{} {
		return nil
	}
	w := &newWorldWire{Potosi: "", PotosiDone: nw.PotosiDone, LostColony: powerBits(nw.LostColony),
		Galleons: powerBits(nw.Galleons), Plantations: powerBits(nw.Plantations), Raiders: powerBits(nw.Raiders),
		Started: nw.Started, Colonies: map[string]int{}, Underway: map[string]uint8{}, Discoveries: map[string]string{},
		Conquests: map[string]string{}, Explorers: map[string]string{}, Conquistadors: map[string]string{}, Markers: map[string]string{}}
	if nw.Potosi > 0 {
		w.Potosi = powers[nw.Potosi-1].ID
	}
	w.Governor, w.Uprising = governorWire(nw.Governor) // events_last.go
	for p := 0; p < NMajor; p++ {
		if nw.Colonies[p] > 0 {
			w.Colonies[powers[p].ID] = int(nw.Colonies[p])
		}
		if nw.Underway[p] > 0 {
			w.Underway[powers[p].ID] = nw.Underway[p]
		}
		if nw.Marker[p] != 0 {
			w.Markers[powers[p].ID] = placeName(nw.Marker[p], true)
		}
	}
	for d, who := range nw.Discovery {
		if who > 0 {
			w.Discoveries[discIDs[d]] = powers[who-1].ID
		}
	}
	for c, who := range nw.Conquest {
		if who > 0 {
			w.Conquests[conqIDs[c]] = powers[who-1].ID
		}
		if nw.Exhausted&(1<<c) != 0 {
			w.Exhausted = append(w.Exhausted, conqIDs[c])
		}
	}
	for i, x := range nw.Explorer {
		if x != 0 {
			w.Explorers[explorers[i].ID] = placeName(x, false)
		}
	}
	for i, x := range nw.Conquistador {
		if x != 0 {
			w.Conquistadors[conquistadors[i].ID] = placeName(x, true)
		}
	}
	for _, v := range nw.Voyages {
		vw := voyageWire{Power: powers[v.Power].ID, Conquest: v.Conquest, Mod: v.Mod, Cabot: v.Cabot, Roll: v.Roll}
		switch {
		case v.Piece < 0:
		case v.Conquest:
			vw.Piece = conquistadors[v.Piece].ID
		default:
			vw.Piece = explorers[v.Piece].ID
		}
		w.Voyages = append(w.Voyages, vw)
	}
	return w
}

func (s *St) newWorldFromWire(w *newWorldWire) error {
	if w == nil {
		return nil
	}
	nw := &s.NW
	bad := func(what string, v any) error { return fmt.Errorf("here-i-stand state: new world %s %v", what, v) }
	pw := func(id string) (int, error) {
		for p := 0; p < NMajor; p++ {
			if powers[p].ID == id {
				return p, nil
			}
		}
		return 0, bad("power", id)
	}
	bits := func(list []string, out *uint8) error {
		for _, id := range list {
			p, err := pw(id)
			if err != nil {
				return err
			}
			*out |= 1 << p
		}
		return nil
	}
	for _, x := range []struct {
		in  []string
		out *uint8
	}{{w.LostColony, &nw.LostColony}, {w.Galleons, &nw.Galleons}, {w.Plantations, &nw.Plantations}, {w.Raiders, &nw.Raiders}} {
		if err := bits(x.in, x.out); err != nil {
			return err
		}
	}
	nw.PotosiDone, nw.Started = w.PotosiDone, w.Started
	g, err := governorFromWire(w.Governor, w.Uprising) // events_last.go
	if err != nil {
		return err
	}
	nw.Governor = g
	if w.Potosi != "" {
		p, err := pw(w.Potosi)
		if err != nil {
			return err
		}
		nw.Potosi = uint8(p + 1)
	}
	for id, n := range w.Colonies {
		p, err := pw(id)
		if err != nil || n < 0 || n > 3 {
			return bad("colonies", id)
		}
		nw.Colonies[p] = uint8(n)
	}
	for id, u := range w.Underway {
		p, err := pw(id)
		if err != nil {
			return err
		}
		nw.Underway[p] = u
	}
	for id, where := range w.Markers {
		p, err := pw(id)
		x, ok := placeOf(where, true)
		if err != nil || !ok {
			return bad("marker", id)
		}
		nw.Marker[p] = x
	}
	for d, id := range discIDs {
		if who, ok := w.Discoveries[id]; ok {
			p, err := pw(who)
			if err != nil {
				return err
			}
			nw.Discovery[d] = uint8(p + 1)
		}
	}
	for c, id := range conqIDs {
		if who, ok := w.Conquests[id]; ok {
			p, err := pw(who)
			if err != nil {
				return err
			}
			nw.Conquest[c] = uint8(p + 1)
		}
		for _, e := range w.Exhausted {
			if e == id {
				nw.Exhausted |= 1 << c
			}
		}
	}
	find := func(list []nwPiece, id string) int {
		for i, x := range list {
			if x.ID == id {
				return i
			}
		}
		return -1
	}
	for id, where := range w.Explorers {
		i := find(explorers, id)
		x, ok := placeOf(where, false)
		if i < 0 || !ok {
			return bad("explorer", id)
		}
		nw.Explorer[i] = x
	}
	for id, where := range w.Conquistadors {
		i := find(conquistadors, id)
		x, ok := placeOf(where, true)
		if i < 0 || !ok {
			return bad("conquistador", id)
		}
		nw.Conquistador[i] = x
	}
	for _, vw := range w.Voyages {
		p, err := pw(vw.Power)
		if err != nil {
			return err
		}
		v := Voyage{Power: p, Conquest: vw.Conquest, Mod: vw.Mod, Cabot: vw.Cabot, Roll: vw.Roll, Piece: -1}
		if vw.Piece != "" {
			list := explorers
			if vw.Conquest {
				list = conquistadors
			}
			if v.Piece = find(list, vw.Piece); v.Piece < 0 {
				return bad("voyage", vw.Piece)
			}
		}
		nw.Voyages = append(nw.Voyages, v)
	}
	return nil
}

// The New World's card events. Each is played for England, France or
// the Hapsburg (Huguenot Raiders: England, France or the Protestant),
// by that power or on its behalf by another: the choice after the colon
// names the power, and may be left out when the player's own power is
// one of them (a ruling).

// nwEvent builds the event of a New World card: who may gain it, whether
// power b may gain it now (why not), and what it does for b.
func nwEvent(for_ []int, ok func(s *St, b int) error, do func(r *run, p, b int)) cardEvent {
	eligible := func(s *St) []int {
		var out []int
		for _, b := range for_ {
			if ok(s, b) == nil {
				out = append(out, b)
			}
		}
		return out
	}
	return cardEvent{
		can: func(s *St, p int) error {
			if len(eligible(s)) == 0 {
				var names []string
				for _, b := range for_ {
					names = append(names, powers[b].Name)
				}
				return fmt.Errorf("the event helps none of %s now: %v", strings.Join(names, ", "), ok(s, for_[0]))
			}
			return nil
		},
		play: func(r *run, p int, args string) error {
			el := eligible(r.s)
			var legal []string
			for _, b := range el {
				legal = append(legal, strings.ToLower(powers[b].Name))
			}
			b := -1
			if args == "" {
				if contains(el, p) {
					b = p
				} else if len(el) == 1 {
					b = el[0]
				}
			} else {
				for _, q := range for_ {
					if strings.EqualFold(args, powers[q].Name) || strings.EqualFold(args, powers[q].ID) {
						b = q
					}
				}
				if b < 0 {
					return errLegal(legal, "%q is not a power the event can help: %s", args, strings.Join(legal, ", "))
				}
			}
			if b < 0 {
				return errLegal(legal, "name the power the event helps: %s", strings.Join(legal, ", "))
			}
			if err := ok(r.s, b); err != nil {
				return errLegal(legal, "%v", err)
			}
			do(r, p, b)
			return nil
		},
		examples: func(s *St, p int) []string {
			var out []string
			for _, b := range eligible(s) {
				if b == p {
					out = append(out, "")
				} else {
					out = append(out, strings.ToLower(powers[b].Name))
				}
			}
			return out
		},
	}
}

func init() {
	nw3 := []int{England, France, Hapsburg}
	registerEvent(cardGalleons, nwEvent(nw3, func(s *St, b int) error {
		if s.NW.Galleons&(1<<b) != 0 {
			return fmt.Errorf("%s has its Galleons already", powers[b].Name)
		}
		return nil
	}, func(r *run, p, b int) {
		r.s.NW.Galleons |= 1 << b
		r.say("%s places the Galleons marker beside the colonies of %s (HIS-20.4b).", powers[p].Name, powers[b].Name)
	}))
	registerEvent(cardPlantations, nwEvent(nw3, func(s *St, b int) error {
		if s.NW.Plantations&(1<<b) != 0 {
			return fmt.Errorf("%s has its Plantations already", powers[b].Name)
		}
		return nil
	}, func(r *run, p, b int) {
		r.s.NW.Plantations |= 1 << b
		r.say("%s places the Plantations marker beside the colonies of %s: +1 to their riches rolls (HIS-20.4a).", powers[p].Name, powers[b].Name)
	}))
	registerEvent(cardHuguenot, nwEvent([]int{England, France, Protestant}, func(s *St, b int) error {
		if s.NW.Raiders&(1<<b) != 0 {
			return fmt.Errorf("%s has a raider in play already", powers[b].Name)
		}
		for _, sp := range homeSpaces(b) {
			if spaces[sp].port() && s.Protestant(sp) {
				return nil
			}
		}
		return fmt.Errorf("%s has no home port under Protestant influence", powers[b].Name)
	}, func(r *run, p, b int) {
		r.s.NW.Raiders |= 1 << b
		r.say("%s puts a raider of %s in play against the Hapsburg riches (HIS-20.4c).", powers[p].Name, powers[b].Name)
	}))
	registerEvent(cardMercator, nwEvent(nw3, func(s *St, b int) error {
		return s.canVoyage(b, "explore")
	}, func(r *run, p, b int) {
		r.s.NW.Underway[b] |= nwExplore | nwMercator
		r.say("%s sends a voyage of exploration of %s with Mercator's Map: +2 (HIS-20.2a).", powers[p].Name, powers[b].Name)
	}))
	registerEvent(cardSmallpox, nwEvent(nw3, func(s *St, b int) error {
		return s.canVoyage(b, "conquer")
	}, func(r *run, p, b int) {
		r.s.NW.Underway[b] |= nwConquer | nwSmallpox
		r.say("%s sends a voyage of conquest of %s with Smallpox: +2 (HIS-20.3a).", powers[p].Name, powers[b].Name)
	}))
	registerEvent(cardCabot, nwEvent(nw3, func(s *St, b int) error {
		if c := cabotOf(b); c < 0 || s.NW.Explorer[c] != 0 {
			return fmt.Errorf("the Cabot of %s has sailed for good", powers[b].Name)
		}
		if s.NW.Underway[b]&nwCabot != 0 {
			return fmt.Errorf("Cabot of %s is at sea already", powers[b].Name)
		}
		return nil
	}, func(r *run, p, b int) {
		r.s.NW.Underway[b] |= nwCabot
		r.say("%s sends Cabot on a voyage of exploration of %s (HIS-20.2a).", powers[p].Name, powers[b].Name)
	}))
	registerEvent(cardPotosi, nwEvent(nw3, func(s *St, b int) error {
		if s.NW.PotosiDone {
			return fmt.Errorf("the Potosi colony is in play already")
		}
		if !s.colonyRoom(b) {
			return fmt.Errorf("%s has no open colony box", powers[b].Name)
		}
		return nil
	}, func(r *run, p, b int) {
		nw := &r.s.NW
		nw.Potosi, nw.PotosiDone = uint8(b+1), true
		nw.LostColony |= 1 << b
		r.say("%s places the Potosi colony of %s; one of its colony markers leaves the game (HIS-20.1a).", powers[p].Name, powers[b].Name)
	}))
}

// newWorldPatterns read the New World's prompts, events and reasons.
func newWorldPatterns(p func(key, english string) *msg.Pattern) (prompts, events, whys msg.Patterns) {
	convs["nwresult"] = convNWWord(map[string]string{"Card": "card", "NE": "ne", "Galleon": "galleon", "Elim": "elim", "Depleted": "depleted"})
	places, names := map[string]string{}, map[string]string{}
	for d, n := range discNames {
		places["the "+n] = discIDs[d]
	}
	for c, n := range conqNames {
		places["the "+n] = conqIDs[c]
		names[n] = "name_" + conqIDs[c]
	}
	convs["nwplace"] = convNWWord(places)
	convs["explorers"] = convExplorers
	convs["nwconq"] = convNWWord(names)
	prompts = msg.Patterns{
		p("his.prompt.nw_deep", `{Name} rolled {Roll:int} and reaches deep into South America: choose circumnavigate, amazon river or a 1-VP discovery (HIS-20.2c-e).`),
	}
	events = msg.Patterns{
		p("his.ev.nw_colonize", `{Power:power} sends a colony across the Atlantic (HIS-20.1a).`),
		p("his.ev.nw_explore", `{Power:power} sends a voyage of exploration across the Atlantic (HIS-20.2a).`),
		p("his.ev.nw_conquer", `{Power:power} sends a voyage of conquest across the Atlantic (HIS-20.3a).`),
		p("his.ev.nw_colony_lands", `A colony of {Power:power} reaches the New World (HIS-20.1c).`),
		p("his.ev.nw_no_explorer", `{Power:power} has no explorer left: its voyage of exploration is cancelled.`),
		p("his.ev.nw_order", `New World Phase: the explorers sail in this order: {List:explorers} (HIS-20.2b).`),
		p("his.ev.nw_no_conquistador", `{Power:power} has no conquistador left: its voyage of conquest is cancelled.`),
		p("his.ev.nw_leads", `{Name} leads the Hapsburg conquest (value {Value:int}, HIS-20.3b).`),
		p("his.ev.nw_none", `New World Phase: no voyage crosses the Atlantic.`),
		p("his.ev.nw_explore_roll", `{Name} ({Power:power}) rolls {A:int} + {B:int}, modified {Roll:int} (HIS-20.2c).`),
		p("his.ev.nw_no_discovery", `{Name} makes no discovery and returns to the pool of {Power:power}.`),
		p("his.ev.nw_nothing_left", `{Name} finds nothing left to claim and returns to the pool of {Power:power}.`),
		p("his.ev.nw_no_discovery_left", `{Name} finds no discovery left to claim and returns to the pool of {Power:power}.`),
		p("his.ev.nw_discovers", `{Name} discovers {Discovery:nwplace}: {Power:power} gains {VP:int} VP (HIS-20.2c).`),
		p("his.ev.nw_lost_sea", `{Name} is lost at sea and is removed from the game.`),
		p("his.ev.nw_circum_fails", `{Name} fails to circumnavigate and is removed from the game.`),
		p("his.ev.nw_card_removed", `{Card} is removed from the game.`),
		p("his.ev.nw_strait", `{Name} reaches {Discovery:nwplace}: {Power:power} gains {VP:int} VP (HIS-20.2d).`),
		p("his.ev.nw_circum_roll", `{Name} tries to sail around the world: {A:int} + {B:int}, modified {Roll:int} (HIS-20.2d).`),
		p("his.ev.nw_circum", `{Name} sails around the world: {Power:power} gains {VP:int} VP (HIS-20.2d).`),
		p("his.ev.nw_conquest_roll", `{Name} ({Power:power}) rolls {A:int} + {B:int}, modified {Roll:int} (HIS-20.3c).`),
		p("his.ev.nw_wiped_out", `The expedition of {Name} is wiped out and removed from the game.`),
		p("his.ev.nw_no_conquest", `{Name} makes no conquest and returns to the pool of {Power:power}.`),
		p("his.ev.nw_no_conquest_left", `{Name} finds no conquest left and returns to the pool of {Power:power}.`),
		p("his.ev.nw_conquers", `{Name} conquers {Conquest:nwplace}: {Power:power} gains {VP:int} VP (HIS-20.3c).`),
		p("his.ev.nw_deck_empty", `{Power:power} would draw a card ({Why}), but the deck is empty.`),
		p("his.ev.nw_draws_riches", `{Power:power} draws a card (New World riches).`),
		p("his.ev.nw_draws_circum", `{Power:power} draws a card (circumnavigation).`),
		p("his.ev.nw_colony_riches", `A colony of {Power:power} rolls {A:int} + {B:int}, modified {Roll:int} on the New World Riches Table: {Result:nwresult} (HIS-20.4a).`),
		p("his.ev.nw_potosi_riches", `The Potosi colony of {Power:power} rolls {A:int} + {B:int}, modified {Roll:int} on the New World Riches Table: {Result:nwresult} (HIS-20.4a).`),
		p("his.ev.nw_colony_elim", `The colony of {Power:power} is eliminated (HIS-20.4b).`),
		p("his.ev.nw_potosi_elim", `The Potosi colony of {Power:power} is eliminated (HIS-20.4b).`),
		p("his.ev.nw_conquest_riches", `The {Conquest:nwconq} conquest of {Power:power} rolls {A:int} + {B:int} on the New World Riches Table: {Result:nwresult} (HIS-20.4a).`),
		p("his.ev.nw_exhausted", `The riches of {Conquest:nwplace} are exhausted: its VP marker goes to the bonus box of {Power:power} (HIS-20.4b).`),
		p("his.ev.nw_raider_elim", `The raider of {Power:power} rolls {D:int} and is eliminated (HIS-20.4c).`),
		p("his.ev.nw_raider_none", `The raider of {Power:power} rolls {D:int}: no effect (HIS-20.4c).`),
		p("his.ev.nw_raider_retires", `The raider of {Power:power} rolls {D:int}, seizes the Hapsburg card and retires with the loot (HIS-20.4c).`),
		p("his.ev.nw_raider_seizes", `The raider of {Power:power} rolls {D:int} and seizes the Hapsburg card (HIS-20.4c).`),
		p("his.ev.nw_galleons", `{Power:power} places the Galleons marker beside the colonies of {For:power} (HIS-20.4b).`),
		p("his.ev.nw_plantations", `{Power:power} places the Plantations marker beside the colonies of {For:power}: +1 to their riches rolls (HIS-20.4a).`),
		p("his.ev.nw_raiders", `{Power:power} puts a raider of {For:power} in play against the Hapsburg riches (HIS-20.4c).`),
		p("his.ev.nw_mercator", `{Power:power} sends a voyage of exploration of {For:power} with Mercator's Map: +2 (HIS-20.2a).`),
		p("his.ev.nw_smallpox", `{Power:power} sends a voyage of conquest of {For:power} with Smallpox: +2 (HIS-20.3a).`),
		p("his.ev.nw_cabot", `{Power:power} sends Cabot on a voyage of exploration of {For:power} (HIS-20.2a).`),
		p("his.ev.nw_potosi", `{Power:power} places the Potosi colony of {For:power}; one of its colony markers leaves the game (HIS-20.1a).`),
	}
	whys = msg.Patterns{
		p("his.why.nw_powers", `only England, France and the Hapsburg go to the New World (HIS-20a)`),
		p("his.why.nw_colonized", `{Power:power} has colonized this turn already (once per turn, HIS-20.1a)`),
		p("his.why.nw_no_colony", `{Power:power} has no colony left to send ({N:int} at most, HIS-20.1b)`),
		p("his.why.nw_explored", `{Power:power} has explored this turn already (once per turn, HIS-20.2a)`),
		p("his.why.nw_no_explorers", `{Power:power} has no explorers left (HIS-20.2a)`),
		p("his.why.nw_conquered", `{Power:power} has sent a conquest this turn already (once per turn, HIS-20.3a)`),
		p("his.why.nw_no_conquest", `{Power:power} has no conquest left to send (HIS-20.3a)`),
	}
	return
}

// convNWWord reads a word of the New World (a result of the Riches
// Table, a discovery, a conquest) as its message "his.w.nw_<id>".
func convNWWord(ids map[string]string) msg.Conv {
	return func(s string) (any, bool) {
		if id, ok := ids[s]; ok {
			return msg.New("his.w.nw_" + id), true
		}
		return nil, false
	}
}

// explorerRE reads one explorer of the sailing order: "De Vaca
// (Hapsburg, 0)".
var explorerRE = regexp.MustCompile(`^(.+) \((.+), (\d+)\)$`)

// convExplorers reads the sailing order of the explorers as a list of
// messages, each with its power in the reader's language.
func convExplorers(s string) (any, bool) {
	var list msg.M
	for i, part := range strings.Split(s, "), ") {
		if !strings.HasSuffix(part, ")") {
			part += ")"
		}
		m := explorerRE.FindStringSubmatch(part)
		if m == nil {
			return nil, false
		}
		pw, ok := convPower(m[2])
		if !ok {
			return nil, false
		}
		v, _ := strconv.Atoi(m[3])
		e := msg.New("his.w.nw_explorer", "Name", m[1], "Power", pw, "Value", v)
		if i == 0 {
			list = e
		} else {
			list = msg.New("his.list.comma", "A", list, "B", e)
		}
	}
	return list, true
}

// labelRows builds a public section of labelled lists: its text ("Label:
// a; b", wrapped) and its rows for the platform's table.
type labelRows struct {
	b    strings.Builder
	rows []adjudicator.Row
}

// add adds one row; an empty list adds nothing. The text is the items
// in English.
func (t *labelRows) add(key msg.M, label string, items []msg.M) {
	if len(items) == 0 {
		return
	}
	en := queryEnglish()
	parts := make([]string, len(items))
	for i, x := range items {
		parts[i] = en.Text(x)
	}
	t.b.WriteString(wrap(label+": "+strings.Join(parts, "; "), 68))
	t.rows = append(t.rows, adjudicator.Row{Key: key, Items: items})
}

// lits is names printed on the board or the cards, as messages that
// read the same in every language.
func lits(names []string) []msg.M {
	out := make([]msg.M, len(names))
	for i, n := range names {
		out[i] = msg.Lit(n)
	}
	return out
}
