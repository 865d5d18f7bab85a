package hereistand

import (
	"fmt"

	"github.com/pbem/pbem/adjudicator"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Political and military card events (HIS-6.1): the cards of the deck
// that move money, leaders, troops and alliances. The player writes the
// choices after the colon:
//
//	play fuggers for event
//	play sale of moluccas for event
//	play ransom for event: montmorency to paris
//	play unpaid mercenaries for event: france in milan
//	play shipbuilding for event: 2 in london
//	play shipbuilding for event: naples, genoa
//	play venetian alliance for event: activate
//	play auld alliance for event: deactivate
//	play diplomatic marriage for event: activate genoa
//	play andrea doria for event: france
//	play threat to power for event: duke of alva
//	play unsanitary camp for event: france in milan
//
// Rulings where the seed is silent: docs/rulings/here-i-stand-events.md
// ("Political and military events").

// polState is what the political and military events remember.
type polState struct {
	// Fuggers holds the powers dealt 1 card fewer in the next Card Draw
	// Phase (bit per major power, #79 Fuggers).
	Fuggers uint8
	// Threat holds the leaders out for the rest of the turn (bit per
	// leader, #103 Threat to Power): back in the next Card Draw Phase.
	Threat uint64
	// Cancel holds the voyages cancelled this turn (NewWorld.Underway
	// bits per power, #77 Fountain of Youth, #98 Search for Cibola): they
	// keep their place in the Crossing Atlantic box, so that the power
	// may not send another this turn, and are taken off it before the
	// New World Phase resolves the voyages.
	Cancel [NMajor]uint8
	// Recruits is set while the active power spends the CP of #76
	// Foreign Recruits: new units only, in any space it controls.
	Recruits bool
}

// polWire is the stored form of polState.
type polWire struct {
	Fuggers  []string            `json:"fuggers,omitempty"`
	Threat   []string            `json:"threat_to_power,omitempty"`
	Cancel   map[string][]string `json:"cancelled_voyages,omitempty"`
	Recruits bool                `json:"foreign_recruits,omitempty"`
}

func (m polState) wire() *polWire {
	if m == (polState{}) {
		return nil
	}
	w := &polWire{Recruits: m.Recruits}
	for p := 0; p < NMajor; p++ {
		if m.Fuggers&(1<<p) != 0 {
			w.Fuggers = append(w.Fuggers, powers[p].ID)
		}
	}
	for l := range leaders {
		if m.Threat&(1<<l) != 0 {
			w.Threat = append(w.Threat, leaders[l].ID)
		}
	}
	for p, c := range m.Cancel {
		for _, k := range voyageKinds {
			if c&k.bit != 0 {
				if w.Cancel == nil {
					w.Cancel = map[string][]string{}
				}
				w.Cancel[powers[p].ID] = append(w.Cancel[powers[p].ID], k.word)
			}
		}
	}
	return w
}

func (m *polState) fromWire(w *polWire) error {
	*m = polState{}
	if w == nil {
		return nil
	}
	m.Recruits = w.Recruits
	for _, id := range w.Fuggers {
		p, ok := powerByID[id]
		if !ok || p >= NMajor {
			return fmt.Errorf("here-i-stand state: Fuggers played by %q", id)
		}
		m.Fuggers |= 1 << p
	}
	for _, id := range w.Threat {
		l, ok := leaderByID[id]
		if !ok || l >= 64 {
			return fmt.Errorf("here-i-stand state: leader %q out for the turn", id)
		}
		m.Threat |= 1 << l
	}
	for id, list := range w.Cancel {
		p, ok := powerByID[id]
		if !ok || p >= NMajor {
			return fmt.Errorf("here-i-stand state: voyage cancelled for %q", id)
		}
		for _, x := range list {
			b := voyageBit(x)
			if b == 0 {
				return fmt.Errorf("here-i-stand state: cancelled voyage %q", x)
			}
			m.Cancel[p] |= b
		}
	}
	return nil
}

// fewer is how many cards fewer power p is dealt this Card Draw Phase
// because of the events.
func (m polState) fewer(p int) int {
	return int(m.Fuggers>>p) & 1
}

// polCardDraw forgets the markers that last until the cards are dealt.
func (r *run) polCardDraw() {
	s := r.s
	s.Pol.Fuggers = 0
	for l := range leaders {
		if s.Pol.Threat&(1<<l) == 0 {
			continue
		}
		if s.Leader[l] == LeaderRemoved {
			if s.placeLeaderHome(leaders[l].Power, l); s.Leader[l] >= 0 {
				r.say("%s is back in %s (Threat to Power).", leaders[l].Name, spaces[s.Leader[l]].Name)
			} else {
				r.say("%s finds no home space to come back to and stays off the map (Threat to Power).", leaders[l].Name)
			}
		}
	}
	s.Pol.Threat = 0
}

// noChoices refuses choices written after an event that takes none.
func (r *run) noChoices(args string) error {
	if args != "" {
		return errLegal(r.playLine(), "this event takes no choices")
	}
	return nil
}

// --- 96 Sale of Moluccas -------------------------------------------------

func (s *St) circumnavigator() int {
	if d := s.NW.Discovery[DiscCircum]; d != 0 {
		return int(d) - 1
	}
	return NoPower
}

// --- 91 Ransom -----------------------------------------------------------

// ransomCaptives lists the captured leaders that have a power of their own.
func (s *St) ransomCaptives() []int {
	var out []int
	for l, at := range s.Leader {
		if at == LeaderCaptured && leaders[l].Power < NPow {
			out = append(out, l)
		}
	}
	return out
}

// ransomSpots are the home fortified spaces of leader l's power it
// controls, free of enemy units; ports for a naval leader.
func (s *St) ransomSpots(l int) []int {
	p := leaders[l].Power
	var out []int
	for _, sp := range homeSpaces(p) {
		if spaces[sp].fortified() && s.Controller(sp) == p && !s.enemyUnitsIn(sp, p) && (!leaders[l].Naval || spaces[sp].port()) {
			out = append(out, sp)
		}
	}
	// The capital first.
	sort.SliceStable(out, func(i, j int) bool { return spaces[out[i]].Capital && !spaces[out[j]].Capital })
	return out
}

func (s *St) ransomExamples() []string {
	var out []string
	for _, l := range s.ransomCaptives() {
		if spots := s.ransomSpots(l); len(spots) > 0 {
			out = append(out, strings.ToLower(leaders[l].Name)+" to "+spaces[spots[0]].Name)
		}
	}
	return out
}

func ransomCan(s *St, p int) error {
	if len(s.ransomExamples()) == 0 {
		return fmt.Errorf("no captured leader may return to a home fortified space of his power now")
	}
	return nil
}

func (r *run) ransom(args string) error {
	s := r.s
	legal := s.ransomExamples()
	who, where, _ := strings.Cut(args, " to ")
	var names []orders.Name
	for _, l := range s.ransomCaptives() {
		names = append(names, orders.Name{ID: leaders[l].ID, Aliases: []string{leaders[l].Name}})
	}
	if strings.TrimSpace(who) == "" {
		return errLegal(legal, "name the captured leader")
	}
	id, err := orders.Match(who, "captured leader", names)
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	l := leaderByID[id]
	spots := s.ransomSpots(l)
	if len(spots) == 0 {
		return errLegal(legal, "%s has no home fortified space to return to", leaders[l].Name)
	}
	to := spots[0]
	if strings.TrimSpace(where) != "" {
		sp, err := matchSpace(where)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(spots, sp) {
			return errLegal(legal, "%s is not a home fortified space of %s under its control free of enemy units", spaces[sp].Name, powers[leaders[l].Power].Name)
		}
		to = sp
	}
	captor := int(s.Captor[l])
	s.Leader[l], s.Captor[l] = int16(to), NoPower
	r.say("Ransom: %s is freed by %s and returns to %s.", leaders[l].Name, powers[captor].Name, spaces[to].Name)
	return nil
}

// --- 106 Unpaid Mercenaries ----------------------------------------------

// mercStacks lists the spaces holding mercenaries of power q.
func (s *St) mercStacks(q int) []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if s.Units[sp][q].Merc > 0 {
			out = append(out, sp)
		}
	}
	return out
}

func (s *St) unpaidExamples() []string {
	var out []string
	for q := 0; q < NPow; q++ {
		for _, sp := range s.mercStacks(q) {
			out = append(out, powers[q].ID+" in "+spaces[sp].Name)
			if len(out) >= 3 {
				return out
			}
		}
	}
	return out
}

// powerInSpace reads "<power> in <space>"; the power may be left out
// when pick names the only one there.
func (s *St) powerInSpace(args string, pick func(sp int) []int) (int, int, error) {
	pw, where, ok := strings.Cut(args, " in ")
	if !ok {
		where, pw = args, ""
	}
	sp, err := matchSpace(where)
	if err != nil {
		return 0, 0, err
	}
	if pw == "" {
		if qs := pick(sp); len(qs) == 1 {
			return qs[0], sp, nil
		}
		return 0, 0, fmt.Errorf("name the power and the space")
	}
	q, err := matchPower(pw)
	if err != nil {
		return 0, 0, err
	}
	return q, sp, nil
}

func (r *run) unpaidMercenaries(args string) error {
	s := r.s
	legal := s.unpaidExamples()
	q, sp, err := s.powerInSpace(args, func(sp int) []int {
		var qs []int
		for q := 0; q < NPow; q++ {
			if s.Units[sp][q].Merc > 0 {
				qs = append(qs, q)
			}
		}
		return qs
	})
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	n := s.Units[sp][q].Merc
	if n == 0 {
		return errLegal(legal, "%s has no mercenaries in %s", powers[q].Name, spaces[sp].Name)
	}
	_ = s.removeUnits(sp, q, Force{Merc: n})
	s.fitCounters(sp, q) // HIS-5.2a
	if n == 1 {
		r.say("Unpaid Mercenaries: %s loses its mercenary in %s.", powers[q].Name, spaces[sp].Name)
	} else {
		r.say("Unpaid Mercenaries: %s loses its %d mercenaries in %s.", powers[q].Name, n, spaces[sp].Name)
	}
	r.log(s.recheckSiege(sp))
	return nil
}

// --- 100 Shipbuilding ----------------------------------------------------

// shipyards are the ports where power p may place a squadron now.
func (s *St) shipyards(p int) []int {
	var out []int
	for _, sp := range homeSpaces(p) {
		if s.builder(p, sp) == p && s.CanBuild(p, sp, ActBuildSquadron) == nil {
			out = append(out, sp)
		}
	}
	return out
}

func shipbuildingCan(s *St, p int) error {
	if p == Protestant {
		return fmt.Errorf("the Protestant may not play Shipbuilding as an event")
	}
	ys := s.shipyards(p)
	if len(ys) == 0 {
		return fmt.Errorf("%s has no home port where a squadron may be placed now", powers[p].Name)
	}
	// Room in the counter mix for both squadrons (HIS-17.2b).
	if s.checkCountersWith(p, ys[0], Force{Sq: 2}) != nil || s.navalCount(p)+2+int(s.Flow.NavalDead[p]) > powers[p].NavalCounters {
		return fmt.Errorf("%s has no counters for 2 more squadrons (HIS-17.2b)", powers[p].Name)
	}
	return nil
}

func (s *St) shipbuildingExamples(p int) []string {
	ys := s.shipyards(p)
	if len(ys) == 0 {
		return nil
	}
	out := []string{"2 in " + spaces[ys[0]].Name}
	if len(ys) > 1 {
		out = append(out, spaces[ys[0]].Name+", "+spaces[ys[1]].Name)
	}
	return out
}

func (r *run) shipbuilding(p int, args string) error {
	s := r.s
	legal := s.shipbuildingExamples(p)
	at := map[int]int{}
	var order []int
	total := 0
	for _, item := range orders.SplitList(args) {
		n := 1
		f := strings.Fields(item)
		if len(f) > 1 {
			if x, err := strconv.Atoi(f[0]); err == nil {
				n, f = x, f[1:]
			}
		}
		if len(f) > 1 && (f[0] == "squadrons" || f[0] == "squadron") {
			f = f[1:]
		}
		if len(f) > 1 && (f[0] == "in" || f[0] == "en" || f[0] == "a") {
			f = f[1:]
		}
		sp, err := matchSpace(strings.Join(f, " "))
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(s.shipyards(p), sp) {
			return errLegal(legal, "%s is not a home port of %s where a squadron may be placed now", spaces[sp].Name, powers[p].Name)
		}
		if n < 1 {
			return errLegal(legal, "place 2 squadrons")
		}
		if at[sp] == 0 {
			order = append(order, sp)
		}
		at[sp] += n
		total += n
	}
	if total != 2 {
		return errLegal(legal, "place 2 squadrons")
	}
	var parts []string
	for _, sp := range order {
		s.addUnits(sp, p, Force{Sq: uint8(at[sp])})
		parts = append(parts, fmt.Sprintf("%d in %s", at[sp], spaces[sp].Name))
	}
	if s.checkCounters(p) != nil || s.navalCount(p)+int(s.Flow.NavalDead[p]) > powers[p].NavalCounters {
		return errLegal(legal, "%s has no counters for 2 more squadrons (HIS-17.2b)", powers[p].Name)
	}
	r.say("Shipbuilding: %s places 2 new squadrons: %s.", powers[p].Name, strings.Join(parts, ", "))
	return nil
}

// --- Minor powers: 108 Venetian Alliance, 69 Auld Alliance, 73 Diplomatic
// Marriage, 68 Andrea Doria (HIS-22.2b, HIS-22.4a) ----------------------

// minorAct is what power p may do to minor power m with card n now:
// "activate", "deactivate", "reinforce" (the card's units for an ally
// already active), or "" when nothing.
func (s *St) minorActs(n, p, m int) (out []string) {
	ally := s.minorAlly(m)
	defer func() {
		if s.allyAtWarWith(m, p) || s.AtWar(p, m) {
			for i, a := range out {
				if a == "activate" {
					out = append(out[:i:i], out[i+1:]...)
					break
				}
			}
		}
	}()
	switch n {
	case 108: // Venetian Alliance
		switch {
		case p == Papacy && ally == NoPower:
			out = append(out, "activate")
		case p == Papacy && ally == Papacy:
			if ports := s.minorPorts(m, Papacy); len(ports) > 0 && s.venetianAny(ports[0]) {
				out = append(out, "reinforce")
			}
		case (p == Papacy || p == Ottoman) && ally != NoPower:
			out = append(out, "deactivate")
		}
	case 69: // Auld Alliance
		switch {
		case p == France && ally == NoPower:
			out = append(out, "activate")
		case p == France && ally == France:
			if len(s.scotSpots()) > 0 {
				out = append(out, "reinforce")
			}
			out = append(out, "deactivate")
		case (p == France || p == England) && ally != NoPower:
			out = append(out, "deactivate")
		}
	case 73: // Diplomatic Marriage
		if p == Ottoman || p == Protestant {
			return nil
		}
		if s.MayActivate(m, p) == nil {
			out = append(out, "activate")
		}
		if s.MayDeactivate(m) == nil {
			out = append(out, "deactivate")
		}
	case 68: // Andrea Doria
		if m == Genoa && (p == France || p == Papacy || p == Hapsburg) && ally != p {
			out = append(out, "activate")
		}
	}
	return out
}

// allyAtWarWith reports whether an ally of power p is at war with minor
// power m: activating m would set allies at war, and the event may not
// (docs/rulings/here-i-stand-events.md); nor may p activate a minor it
// is itself at war with.
func (s *St) allyAtWarWith(m, p int) bool {
	for q := 0; q < NMajor; q++ {
		if q != p && s.AtWar(q, m) && s.Allied(q, p) {
			return true
		}
	}
	return false
}

// minorCardTargets are the minor powers card n acts on.
func minorCardTargets(n int) []int {
	switch n {
	case 108:
		return []int{Venice}
	case 69:
		return []int{Scotland}
	case 68:
		return []int{Genoa}
	}
	return []int{Genoa, Scotland, Venice, Hungary}
}

func (s *St) minorExamples(n, p int) []string {
	var out []string
	for _, m := range minorCardTargets(n) {
		for _, a := range s.minorActs(n, p, m) {
			x := a
			if n == 73 {
				x += " " + powers[m].ID
			}
			switch a {
			case "reinforce":
				if n == 69 {
					x = "3 in " + spaces[s.scotSpots()[0]].Name
				} else {
					x = "reinforce in " + spaces[s.minorPorts(m, Papacy)[0]].Name
				}
			}
			out = append(out, x)
		}
	}
	return out
}

func minorCan(n int) func(s *St, p int) error {
	return func(s *St, p int) error {
		if len(s.minorExamples(n, p)) == 0 {
			return fmt.Errorf("%s may do nothing with %s now (HIS-22.2b, HIS-22.4a)", powers[p].Name, cardName(n))
		}
		return nil
	}
}

// minorPorts are minor power m's home ports under p's control, m's
// capital first.
func (s *St) minorPorts(m, p int) []int {
	var out []int
	for _, sp := range homeSpaces(m) {
		if spaces[sp].port() && s.Controller(sp) == p && !s.enemyUnitsIn(sp, p) && !s.UnderSiege(sp) {
			out = append(out, sp)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return spaces[out[i]].Capital && !spaces[out[j]].Capital })
	return out
}

// venetianFits is how many of Venetian Alliance's regular and 2
// squadrons Venice's counters allow in space sp.
func (s *St) venetianFits(sp int) (reg, sq int) {
	c := s.clone()
	c.addUnits(sp, Venice, Force{Reg: 1})
	if c.checkCounters(Venice) == nil {
		reg = 1
	} else {
		_ = c.removeUnits(sp, Venice, Force{Reg: 1})
	}
	for sq < 2 {
		c.addUnits(sp, Venice, Force{Sq: 1})
		if c.checkCounters(Venice) != nil || c.navalCount(Venice)+int(c.Flow.NavalDead[Venice]) > powers[Venice].NavalCounters {
			break
		}
		sq++
	}
	return reg, sq
}

func (s *St) venetianAny(sp int) bool {
	reg, sq := s.venetianFits(sp)
	return reg+sq > 0
}

// scotSpots are the Scottish home spaces under French control free of
// enemy units, for Auld Alliance's French regulars.
func (s *St) scotSpots() []int {
	var out []int
	for _, sp := range homeSpaces(Scotland) {
		if s.Controller(sp) == France && !s.enemyUnitsIn(sp, France) && !s.besieged(sp, France) {
			out = append(out, sp)
		}
	}
	return out
}

// minorEvent carries out card n's choice for a minor power.
func (r *run) minorEvent(n, p int, args string) error {
	s := r.s
	legal := s.minorExamples(n, p)
	f := strings.Fields(args)
	m := minorCardTargets(n)[0]
	act := ""
	if len(f) > 0 {
		act = f[0]
	}
	rest := ""
	if len(f) > 1 {
		rest = strings.Join(f[1:], " ")
	}
	switch act {
	case "activate", "deactivate":
	case "reinforce":
		rest = strings.TrimPrefix(rest, "in ")
	default:
		if n == 69 && s.minorAlly(Scotland) == France && args != "" {
			act, rest = "reinforce", args
		} else if acts := s.minorActs(n, p, m); args == "" && len(acts) == 1 && n != 73 {
			act = acts[0]
		} else {
			return errLegal(legal, "write activate, deactivate or what the card adds")
		}
	}
	if n == 73 {
		if rest == "" {
			return errLegal(legal, "name the minor power")
		}
		q, err := matchPower(rest)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !isMinor(q) {
			return errLegal(legal, "%s is not a minor power", powers[q].Name)
		}
		m, rest = q, ""
	}
	if !containsString(s.minorActs(n, p, m), act) {
		switch act {
		case "activate":
			return errLegal(legal, "%s may not activate %s with %s now (HIS-22.2b)", powers[p].Name, powers[m].Name, cardName(n))
		case "deactivate":
			return errLegal(legal, "%s may not deactivate %s with %s now (HIS-22.4a)", powers[p].Name, powers[m].Name, cardName(n))
		}
		return errLegal(legal, "%s adds no units to %s with %s now", powers[p].Name, powers[m].Name, cardName(n))
	}
	name := cards[n].Name
	switch act {
	case "activate":
		if old := s.minorAlly(m); old != NoPower {
			log, err := s.DeactivateMinor(m)
			if err != nil {
				return errLegal(legal, "%v", err)
			}
			r.say("%s: %s is taken from its alliance with %s (HIS-22.2b).", name, powers[m].Name, powers[old].Name)
			r.log(log)
		}
		before := s.War
		log, err := s.ActivateMinor(m, p)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		r.say("%s: %s activates %s (HIS-22.2b).", name, powers[p].Name, powers[m].Name)
		r.log(log)
		for q := 0; q < NMajor; q++ {
			if s.AtWar(p, q) && before[p]&(1<<q) == 0 {
				r.warNavalBattles(q, p)
			}
		}
	case "deactivate":
		log, err := s.DeactivateMinor(m)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		r.say("%s: %s deactivates %s (HIS-22.4a).", name, powers[p].Name, powers[m].Name)
		r.log(log)
	case "reinforce":
		if n == 69 {
			return r.auldRegulars(rest, legal)
		}
		ports := s.minorPorts(m, Papacy)
		to := ports[0]
		if rest != "" {
			sp, err := matchSpace(rest)
			if err != nil {
				return errLegal(legal, "%v", err)
			}
			if !containsInt(ports, sp) {
				return errLegal(legal, "%s is not a Venetian home port under Papal control", spaces[sp].Name)
			}
			to = sp
		}
		reg, sq := s.venetianFits(to)
		s.addUnits(to, Venice, Force{Reg: uint8(reg), Sq: uint8(sq)})
		r.say("Venetian Alliance: %d Venetian regulars and %d Venetian squadrons join the Papacy's ally in %s.", reg, sq, spaces[to].Name)
	}
	return nil
}

// auldRegulars adds Auld Alliance's French regulars ("3 in edinburgh").
func (r *run) auldRegulars(args string, legal []string) error {
	s := r.s
	n := 3
	f := strings.Fields(args)
	if len(f) > 1 {
		if x, err := strconv.Atoi(f[0]); err == nil {
			n, f = x, f[1:]
		}
	}
	if len(f) > 1 && (f[0] == "in" || f[0] == "en" || f[0] == "a") {
		f = f[1:]
	}
	if n < 1 || n > 3 {
		return errLegal(legal, "France adds 1 to 3 regulars")
	}
	spots := s.scotSpots()
	to := spots[0]
	if len(f) > 0 {
		sp, err := matchSpace(strings.Join(f, " "))
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(spots, sp) {
			return errLegal(legal, "%s is not a Scottish home space under French control free of enemy units", spaces[sp].Name)
		}
		to = sp
	}
	s.addUnits(to, France, Force{Reg: uint8(n)})
	if s.checkCounters(France) != nil {
		return errLegal(legal, "France has no counters for %d more regulars", n)
	}
	r.say("Auld Alliance: France adds %d regulars in %s.", n, spaces[to].Name)
	return nil
}

// --- 103 Threat to Power ------------------------------------------------

// threatened are the leaders Threat to Power may strike.
var threatened = []string{"charles_brandon", "duke_of_alva", "montmorency", "ibrahim_pasha"}

func (s *St) threatTargets() []int {
	var out []int
	for _, id := range threatened {
		if l := leaderByID[id]; s.Leader[l] >= 0 {
			out = append(out, l)
		}
	}
	return out
}

func (s *St) threatExamples() []string {
	var out []string
	for _, l := range s.threatTargets() {
		out = append(out, strings.ToLower(leaders[l].Name))
	}
	return out
}

func (r *run) threatToPower(args string) error {
	s := r.s
	legal := s.threatExamples()
	var names []orders.Name
	for _, l := range s.threatTargets() {
		names = append(names, orders.Name{ID: leaders[l].ID, Aliases: []string{leaders[l].Name}})
	}
	if args == "" {
		return errLegal(legal, "name Charles Brandon, the Duke of Alva, Montmorency or Ibrahim Pasha, on the map")
	}
	id, err := orders.Match(args, "leader on the map", names)
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	l := leaderByID[id]
	at := int(s.Leader[l])
	x := r.dice.Roll("threat to power", 6)
	s.Leader[l] = LeaderRemoved
	if x <= 3 {
		s.Pol.Threat |= 1 << l
		r.say("Threat to Power: %s rolls %d: %s leaves %s for the rest of the turn.", powers[r.s.Active].Name, x, leaders[l].Name, spaces[at].Name)
	} else {
		r.say("Threat to Power: %s rolls %d: %s leaves %s for the rest of the game.", powers[r.s.Active].Name, x, leaders[l].Name, spaces[at].Name)
	}
	r.log(s.recheckSiege(at))
	return nil
}

// --- 107 Unsanitary Camp --------------------------------------------------

// campParts are the powers of power q's stack in space sp: q and the
// minor powers allied to it, with their land units.
func (s *St) campParts(q, sp int) []int {
	var out []int
	for x := 0; x < Independent; x++ {
		if (x == q || isMinor(x) && s.minorAlly(x) == q) && s.Units[sp][x].Land() > 0 {
			out = append(out, x)
		}
	}
	return out
}

func (s *St) campExamples() []string {
	var out []string
	for sp := 0; sp < NS && len(out) < 3; sp++ {
		for q := 0; q < NMajor; q++ {
			if s.Units[sp][q].Land() >= 3 {
				out = append(out, powers[q].ID+" in "+spaces[sp].Name)
				break
			}
		}
	}
	return out
}

func (r *run) unsanitaryCamp(args string) error {
	s := r.s
	legal := s.campExamples()
	q, sp, err := s.powerInSpace(args, func(sp int) []int {
		var qs []int
		for q := 0; q < NMajor; q++ {
			if s.Units[sp][q].Land() > 0 {
				qs = append(qs, q)
			}
		}
		return qs
	})
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	if isMinor(q) && s.minorAlly(q) != NoPower {
		q = s.minorAlly(q)
	}
	parts := s.campParts(q, sp)
	if q >= NMajor || len(parts) == 0 {
		return errLegal(legal, "%s has no land units in %s", powerName(q), spaces[sp].Name)
	}
	total := 0
	for _, x := range parts {
		total += s.Units[sp][x].Land()
	}
	n := (total + 2) / 3
	regs := (n + 1) / 2
	var lost [NPow]Force
	take := func(kind int, want int) int {
		for _, x := range parts {
			for want > 0 {
				u := s.Units[sp][x]
				have := [3]uint8{u.Reg - lost[x].Reg, u.Merc - lost[x].Merc, u.Cav - lost[x].Cav}[kind]
				if have == 0 {
					break
				}
				switch kind {
				case 0:
					lost[x].Reg++
				case 1:
					lost[x].Merc++
				default:
					lost[x].Cav++
				}
				want--
			}
		}
		return want
	}
	left := n - regs + take(0, regs)
	left = take(1, left)
	left = take(2, left)
	take(0, left)
	r.say("Unsanitary Camp: the stack of %s in %s loses %d of its %d land units.", powers[q].Name, spaces[sp].Name, n, total)
	for _, x := range parts {
		if f := lost[x]; f.Land() > 0 {
			_ = s.removeUnits(sp, x, f)
			s.fitCounters(sp, x) // HIS-5.2a
			r.say("Unsanitary Camp: losses of %s: regulars %d, mercenaries %d, cavalry %d.", powers[x].Name, f.Reg, f.Merc, f.Cav)
		}
	}
	r.log(s.recheckSiege(sp))
	return nil
}

// --- 40 Machiavelli: The Prince ---------------------------------------------

func (s *St) princeTargets(p int) []int {
	var out []int
	for q := 0; q < NMajor; q++ {
		if s.MayDeclare(p, q) == nil {
			out = append(out, q)
		}
	}
	return out
}

func (s *St) princeExamples(p int) []string {
	var out []string
	for _, q := range s.princeTargets(p) {
		out = append(out, "declare war on "+powers[q].ID)
	}
	return out
}

func (r *run) machiavelli(p int, args string) error {
	s := r.s
	legal := s.princeExamples(p)
	q, err := declareTarget(strings.TrimPrefix(args, "declare "))
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	if q >= NMajor {
		return errLegal(legal, "Machiavelli: The Prince declares war on a major power")
	}
	if err := s.MayDeclare(p, q); err != nil {
		return errLegal(legal, "%v", err)
	}
	s.setWar(p, q, true)
	r.say("%s declares war on %s with Machiavelli: The Prince and has 2 CP to spend (HIS-9.6g).", powers[p].Name, powers[q].Name)
	r.aragonUsed(p, q)
	r.warNavalBattles(p, q)
	s.Flow.CP = 2
	return nil
}

// --- 83 John Zapolya -------------------------------------------------------

func zapolyaCan(s *St, p int) error {
	if s.UnderSiege(spaceByID["buda"]) {
		return fmt.Errorf("Buda is under siege")
	}
	return nil
}

func (r *run) zapolya() {
	s := r.s
	buda := spaceByID["buda"]
	q := int(s.Ctrl[buda])
	if q == NoPower || q == Independent {
		r.say("John Zapolya: Buda has no controller to add regulars.")
		return
	}
	n := 0
	for n < 4 {
		s.addUnits(buda, q, Force{Reg: 1})
		if s.checkCounters(q) != nil {
			_ = s.removeUnits(buda, q, Force{Reg: 1})
			break
		}
		n++
	}
	r.say("John Zapolya: %s adds %d regulars in Buda.", powers[q].Name, n)
}

// --- 72 Cloth Prices Fluctuate --------------------------------------------

func (s *St) clothTrade() bool {
	return s.Controller(spaceByID["calais"]) == England && s.Controller(spaceByID["antwerp"]) == Hapsburg
}

// clothUnit is the unit power p adds with the cloth trade: 2
// mercenaries, cavalry for the Ottoman.
func clothUnit(p int) (int, Force) {
	if p == Ottoman {
		return ActRaiseCavalry, Force{Cav: 1}
	}
	return ActBuyMercenary, Force{Merc: 1}
}

func (s *St) clothSpots(p int) []int {
	kind, _ := clothUnit(p)
	var out []int
	for _, sp := range homeSpaces(p) {
		if s.builder(p, sp) == p && s.CanBuild(p, sp, kind) == nil {
			out = append(out, sp)
		}
	}
	return out
}

// clothUnrest are the spaces Cloth Prices may put in unrest: unoccupied,
// not yet in unrest, among Antwerp, Brussels, Amsterdam and the German-
// and Italian-speaking Hapsburg home spaces.
func (s *St) clothUnrest() []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		id := spaces[sp].ID
		in := id == "antwerp" || id == "brussels" || id == "amsterdam" ||
			spaces[sp].Home == Hapsburg && (spaces[sp].Lang == LangGerman || spaces[sp].Lang == LangItalian)
		if !in || s.InUnrest(sp) {
			continue
		}
		empty := true
		for x := 0; x < NPow && empty; x++ {
			empty = s.Units[sp][x].empty()
		}
		if empty {
			out = append(out, sp)
		}
	}
	return out
}

func (s *St) clothExamples(p int) []string {
	var out []string
	if spots := s.clothSpots(p); s.clothTrade() && len(spots) > 0 {
		out = append(out, "trade, 2 in "+spaces[spots[0]].Name)
	}
	x := "unrest"
	for i, sp := range s.clothUnrest() {
		if i == 0 {
			x += " in " + spaces[sp].Name
		} else if i == 1 {
			x += " and " + spaces[sp].Name
		}
	}
	return append(out, x)
}

func (r *run) clothPrices(p int, args string) error {
	s := r.s
	legal := s.clothExamples(p)
	items := orders.SplitList(args)
	if len(items) == 0 {
		return errLegal(legal, `write "trade, 2 in <space>" or "unrest in <space> and <space>"`)
	}
	if first := strings.Fields(items[0]); len(first) > 0 && first[0] == "unrest" {
		at, err := pickSpaces(unrestItems(items), func(sp int) bool { return containsInt(s.clothUnrest(), sp) }, legal,
			"%s is not an unoccupied space among Antwerp, Brussels, Amsterdam and the German- and Italian-speaking Hapsburg home spaces")
		if err != nil {
			return err
		}
		if len(at) > 2 {
			return errLegal(legal, "up to 2 spaces fall into unrest")
		}
		q := s.Controller(spaceByID["antwerp"])
		r.say("Cloth Prices Fluctuate: the cloth trade collapses.")
		if q < NMajor {
			if cs := s.drawable(q); len(cs) > 0 {
				n := cs[r.dice.Hidden("cloth prices discard", len(cs))]
				s.takeFromHand(q, n)
				s.discard(n)
				r.say("%s, controller of Antwerp, discards %s at random.", powers[q].Name, cardName(n))
			}
		}
		for _, sp := range at {
			s.Unrest.set(sp)
			r.say("%s falls into unrest (Cloth Prices Fluctuate).", spaces[sp].Name)
		}
		return nil
	}
	if items[0] != "trade" {
		return errLegal(legal, `write "trade, 2 in <space>" or "unrest in <space> and <space>"`)
	}
	if !s.clothTrade() {
		return errLegal(legal, "the cloth trade needs England holding Calais and the Hapsburg holding Antwerp")
	}
	kind, unit := clothUnit(p)
	spots := s.clothSpots(p)
	if len(spots) == 0 {
		return errLegal(legal, "%s has no home space where the new units may go", powers[p].Name)
	}
	at := map[int]int{}
	var order []int
	total := 0
	for _, item := range items[1:] {
		n, sp, err := countIn(item)
		if err != nil {
			return errLegal(legal, "%v", err)
		}
		if !containsInt(spots, sp) || n < 1 {
			return errLegal(legal, "%s is not a home space of %s where the new units may go", spaces[sp].Name, powers[p].Name)
		}
		if at[sp] == 0 {
			order = append(order, sp)
		}
		at[sp] += n
		total += n
	}
	if total != 2 {
		return errLegal(legal, "place 2 new units")
	}
	r.say("Cloth Prices Fluctuate: England and the Hapsburg each draw a card.")
	r.drawFromDeck(England)
	r.drawFromDeck(Hapsburg)
	for _, sp := range order {
		for i := 0; i < at[sp]; i++ {
			s.addUnits(sp, p, unit)
		}
		if s.checkCounters(p) != nil {
			return errLegal(legal, "%s has no counters for 2 more units", powers[p].Name)
		}
		r.say("Cloth Prices Fluctuate: %s adds %d %s in %s.", powers[p].Name, at[sp], buildWord(kind, at[sp]), spaces[sp].Name)
	}
	return nil
}

// --- 77 Fountain of Youth, 98 Search for Cibola ---------------------------

// voyageKinds are the voyages an event may cancel, with the bits they
// take off the Crossing Atlantic box.
var voyageKinds = []struct {
	word string
	bit  uint8
}{{"exploration", nwExplore | nwMercator}, {"cabot", nwCabot}, {"conquest", nwConquer | nwSmallpox}}

func voyageBit(word string) uint8 {
	for _, k := range voyageKinds {
		if k.word == word {
			return k.bit
		}
	}
	return 0
}

// polVoyages takes the cancelled voyages off the Crossing Atlantic box
// as the New World Phase starts.
func (r *run) polVoyages() {
	s := r.s
	for p := range s.Pol.Cancel {
		s.NW.Underway[p] &^= s.Pol.Cancel[p]
	}
	s.Pol.Cancel = [NMajor]uint8{}
}

// voyagesAfloat are the voyages card n may cancel now: "<power>
// <kind>" (Fountain of Youth: explorations; Search for Cibola: those and
// conquests).
func (s *St) voyagesAfloat(n int) []string {
	var out []string
	for _, p := range nwPowers {
		for _, k := range voyageKinds {
			if n == 77 && k.word == "conquest" {
				continue
			}
			main := k.bit &^ (nwMercator | nwSmallpox)
			if s.NW.Underway[p]&main != 0 && s.Pol.Cancel[p]&main == 0 {
				out = append(out, powers[p].ID+" "+k.word)
			}
		}
	}
	return out
}

func (r *run) cancelVoyage(n int, args string) error {
	s := r.s
	legal := s.voyagesAfloat(n)
	f := strings.Fields(args)
	if len(f) == 0 {
		return errLegal(legal, "name the power and its voyage")
	}
	kind := "exploration"
	if len(f) > 1 {
		kind = f[len(f)-1]
		f = f[:len(f)-1]
	}
	q, err := matchPower(strings.Join(f, " "))
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	if !containsString(legal, powers[q].ID+" "+kind) {
		return errLegal(legal, "%s has no such voyage under way that %s may cancel", powerName(q), cardName(n))
	}
	s.Pol.Cancel[q] |= voyageBit(kind)
	switch kind {
	case "conquest":
		r.say("%s: the voyage of conquest of %s is cancelled.", cards[n].Name, powers[q].Name)
	default:
		r.say("%s: the voyage of exploration of %s is cancelled.", cards[n].Name, powers[q].Name)
	}
	if n == 77 {
		x := r.dice.Roll("fountain of youth", 6)
		pool := s.explorerPool(q)
		if x < 4 || len(pool) == 0 {
			r.say("Fountain of Youth: the roll is %d: no explorer is lost.", x)
			return nil
		}
		e := pool[r.pick("fountain of youth explorer", len(pool))]
		s.NW.Explorer[e] = -1
		r.say("Fountain of Youth: the roll is %d: %s is removed from the game.", x, explorers[e].Name)
	}
	return nil
}

// --- 74 Diplomatic Overture -------------------------------------------------

// overtureText is the prompt of the card Diplomatic Overture gives.
const overtureText = "Diplomatic Overture: give one card of your hand to another power (not a Home card; a Mandatory Event only when you hold nothing else)."

// overtureGifts are the cards power p may give.
func (s *St) overtureGifts(p int) []int {
	var plain, mand []int
	for _, c := range s.Hands[p] {
		switch cards[c].Type {
		case CardHome:
		case CardMandatory:
			mand = append(mand, int(c))
		default:
			plain = append(plain, int(c))
		}
	}
	if len(plain) > 0 {
		return plain
	}
	return mand
}

func (s *St) overtureChoices(p int) []string {
	gifts := s.overtureGifts(p)
	if len(gifts) == 0 {
		return nil
	}
	q := (p + 1) % NMajor
	return []string{fmt.Sprintf("give %d to %s", gifts[0], powers[q].ID)}
}

func (r *run) overtureAnswer(d Decision, l adjudicator.Line, text string, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	p := d.Power
	text = choiceText(text, "give")
	what, to, ok := strings.Cut(text, " to ")
	if !ok {
		return nil, reject(l, errLegal(legal, `write "give <card> to <power>"`))
	}
	n, err := matchCard(what, s.Hands[p])
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	if !containsInt(s.overtureGifts(p), n) {
		return nil, reject(l, errLegal(legal, "%s may not be given: not a Home card, and a Mandatory Event only when nothing else is in hand", cardName(n)))
	}
	q, err := matchPower(to)
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	if q == p || q >= NMajor {
		return nil, reject(l, errLegal(legal, "give the card to another major power"))
	}
	s.choiceDone()
	s.takeFromHand(p, n)
	s.giveCard(q, n)
	r.say("Diplomatic Overture: %s gives a card to %s.", powers[p].Name, powers[q].Name)
	r.ev = append(r.ev, adjudicator.Event{To: []adjudicator.Role{roleOf(p), roleOf(q)},
		Text: fmt.Sprintf("The card given is %s.", cardName(n))})
	return []string{fmt.Sprintf("give %d to %s", n, powers[q].ID)}, nil
}

// --- 87 Mercenaries Demand Pay ----------------------------------------------

// payText is the prompt of the power whose mercenaries demand pay.
const payText = "Mercenaries Demand Pay: discard a card to keep mercenaries (1 CP: 2, 2 CP: 4, 3 CP: 6, 4 CP: 10, 5 or 6 CP: all), or discard none and lose them all."

// payKeeps is how many mercenaries a discarded card of cp CP keeps.
func payKeeps(cp int) int {
	switch {
	case cp >= 5:
		return 1 << 10
	case cp == 4:
		return 10
	}
	return 2 * cp
}

func (s *St) mercTotal(q int) int {
	n := 0
	s.occ[q].each(func(loc int) { n += int(s.Units[loc][q].Merc) })
	return n
}

func (s *St) payTargets(p int) []int {
	var out []int
	for q := 0; q < NMajor; q++ {
		if q != p && s.mercTotal(q) > 0 {
			out = append(out, q)
		}
	}
	return out
}

func (s *St) payExamples(p int) []string {
	var out []string
	for _, q := range s.payTargets(p) {
		out = append(out, powers[q].ID)
	}
	return out
}

func (s *St) payChoices(q int) []string {
	out := []string{"discard none"}
	for _, c := range s.Hands[q] {
		if cards[c].Type != CardHome {
			out = append([]string{fmt.Sprintf("discard %d", c)}, out...)
			break
		}
	}
	return out
}

// payAnswer: the target discards a card (or none) and keeps as many
// mercenaries as its CP allow; the rest go, from its largest stacks of
// mercenaries first (ties in map order).
func (r *run) payAnswer(d Decision, l adjudicator.Line, text string, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	q := d.Power
	text = choiceText(text, "discard")
	keep, canon := 0, "discard none"
	n := 0
	if text != "none" && text != "" {
		c, err := matchCard(text, s.Hands[q])
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		if cards[c].Type == CardHome {
			return nil, reject(l, errLegal(legal, "a Home card is not discarded to pay mercenaries"))
		}
		n = c
		keep = payKeeps(cards[c].CP)
		canon = fmt.Sprintf("discard %d", c)
	}
	s.choiceDone()
	if n > 0 {
		s.takeFromHand(q, n)
		s.discard(n)
		r.say("Mercenaries Demand Pay: %s discards %s.", powers[q].Name, cardName(n))
	} else {
		r.say("Mercenaries Demand Pay: %s discards no card.", powers[q].Name)
	}
	total := s.mercTotal(q)
	lose := max(0, total-keep)
	switch {
	case total == 1 && lose == 0:
		r.say("Mercenaries Demand Pay: %s pays and keeps its mercenary.", powers[q].Name)
	case total == 1:
		r.say("Mercenaries Demand Pay: %s loses its mercenary.", powers[q].Name)
	default:
		r.say("Mercenaries Demand Pay: %s keeps %d of its %d mercenaries.", powers[q].Name, total-lose, total)
	}
	for lose > 0 {
		best, most := -1, uint8(0)
		s.occ[q].each(func(loc int) {
			if m := s.Units[loc][q].Merc; m > most {
				best, most = loc, m
			}
		})
		_ = s.removeUnits(best, q, Force{Merc: 1})
		lose--
		if lose == 0 || s.Units[best][q].Merc == 0 {
			s.fitCounters(best, q)
		}
	}
	for sp := 0; sp < NS; sp++ {
		r.log(s.recheckSiege(sp))
	}
	return []string{canon}, nil
}

// --- 76 Foreign Recruits ----------------------------------------------------

// recruitsAt reports whether power p may build in space sp, not a home
// space, with Foreign Recruits' CP: a space it controls, not besieged.
func (s *St) recruitsAt(p, sp int) bool {
	return s.Pol.Recruits && p == s.Active && s.Controller(sp) == p && !s.UnderSiege(sp)
}

// recruitsSpend refuses any action but a new unit while Foreign
// Recruits' CP are spent.
func (s *St) recruitsSpend(a int) error {
	if !s.Pol.Recruits {
		return nil
	}
	switch a {
	case ActRaiseRegular, ActBuyMercenary, ActRaiseCavalry, ActBuildSquadron, ActBuildCorsair:
		return nil
	}
	return fmt.Errorf("Foreign Recruits' CP are spent on new units only")
}

// --- 71 City State Rebels ---------------------------------------------------

// rebelKeys are the captured keys City State Rebels may strike for power
// p: keys held by a power other than their home power (or its major
// ally), not under siege, not held by p.
func (s *St) rebelKeys(p int) []int {
	var out []int
	for sp := 0; sp < NS; sp++ {
		if spaces[sp].Type != Key || s.UnderSiege(sp) {
			continue
		}
		q, h := s.Controller(sp), spaces[sp].Home
		home := h
		if isMinor(h) && s.minorAlly(h) != NoPower {
			home = s.minorAlly(h)
		}
		if q != home && q != p && q < NMajor {
			out = append(out, sp)
		}
	}
	return out
}

func (s *St) rebelExamples(p int) []string {
	var out []string
	for _, sp := range s.rebelKeys(p) {
		out = append(out, spaces[sp].Name)
		if len(out) == 3 {
			break
		}
	}
	return out
}

func (r *run) cityStateRebels(p int, args string) error {
	s := r.s
	legal := s.rebelExamples(p)
	sp, err := matchSpace(args)
	if err != nil {
		return errLegal(legal, "%v", err)
	}
	if !containsInt(s.rebelKeys(p), sp) {
		return errLegal(legal, "%s is not a captured key, free of siege, held by another power", spaces[sp].Name)
	}
	q := s.Controller(sp)
	hits := 0
	var rolls []string
	for i := 0; i < 5; i++ {
		x := r.dice.Roll("city state rebels", 6)
		rolls = append(rolls, strconv.Itoa(x))
		if x >= 5 {
			hits++
		}
	}
	lost := 0
	for ; lost < hits; lost++ {
		u := s.Units[sp][q]
		var f Force
		switch {
		case u.Merc > 0:
			f.Merc = 1
		case u.Cav > 0:
			f.Cav = 1
		case u.Reg > 0:
			f.Reg = 1
		}
		if f.Land() == 0 {
			break
		}
		_ = s.removeUnits(sp, q, f)
	}
	s.fitCounters(sp, q)
	r.say("City State Rebels rise in %s: %s, %s; %s loses %d land units.", spaces[sp].Name, strings.Join(rolls, " "), nHits(hits), powers[q].Name, lost)
	if s.Units[sp][q].Land() > 0 {
		return nil
	}
	for _, l := range s.armyLeaders(q, sp) {
		s.Leader[l], s.Captor[l] = LeaderCaptured, uint8(p)
		r.say("%s is captured by %s (City State Rebels).", leaders[l].Name, powers[p].Name)
	}
	r.log(s.moveOut(q, sp))
	h := spaces[sp].Home
	s.Ctrl[sp] = uint8(h)
	s.addUnits(sp, h, Force{Reg: 1})
	if s.checkCounters(h) != nil {
		_ = s.removeUnits(sp, h, Force{Reg: 1})
	}
	r.say("%s returns to %s (City State Rebels).", spaces[sp].Name, powerName(s.Controller(sp)))
	return nil
}

func init() {
	registerEvent(79, cardEvent{
		play: func(r *run, p int, args string) error {
			if err := r.noChoices(args); err != nil {
				return err
			}
			r.s.Pol.Fuggers |= 1 << p
			r.say("Fuggers: %s draws 2 cards and will be dealt 1 card fewer next turn.", powers[p].Name)
			r.drawFromDeck(p)
			r.drawFromDeck(p)
			return nil
		},
	})
	registerEvent(96, cardEvent{
		can: func(s *St, p int) error {
			if s.circumnavigator() == NoPower {
				return fmt.Errorf("nobody has sailed around the world yet")
			}
			return nil
		},
		play: func(r *run, p int, args string) error {
			if err := r.noChoices(args); err != nil {
				return err
			}
			q := r.s.circumnavigator()
			r.say("Sale of Moluccas: %s, which sailed around the world, draws 2 cards.", powers[q].Name)
			r.drawFromDeck(q)
			r.drawFromDeck(q)
			return nil
		},
	})
	registerEvent(91, cardEvent{
		can:      ransomCan,
		play:     func(r *run, p int, args string) error { return r.ransom(args) },
		examples: func(s *St, p int) []string { return s.ransomExamples() },
	})
	registerEvent(106, cardEvent{
		can: func(s *St, p int) error {
			if len(s.unpaidExamples()) == 0 {
				return fmt.Errorf("no mercenaries are on the map")
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.unpaidMercenaries(args) },
		examples: func(s *St, p int) []string { return s.unpaidExamples() },
	})
	registerEvent(100, cardEvent{
		can:      shipbuildingCan,
		play:     func(r *run, p int, args string) error { return r.shipbuilding(p, args) },
		examples: func(s *St, p int) []string { return s.shipbuildingExamples(p) },
	})
	for _, n := range []int{108, 69, 73, 68} {
		n := n
		registerEvent(n, cardEvent{
			can:      minorCan(n),
			play:     func(r *run, p int, args string) error { return r.minorEvent(n, p, args) },
			examples: func(s *St, p int) []string { return s.minorExamples(n, p) },
		})
	}
	registerEvent(103, cardEvent{
		can: func(s *St, p int) error {
			if len(s.threatTargets()) == 0 {
				return fmt.Errorf("Charles Brandon, the Duke of Alva, Montmorency and Ibrahim Pasha are all off the map")
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.threatToPower(args) },
		examples: func(s *St, p int) []string { return s.threatExamples() },
	})
	registerEvent(107, cardEvent{
		can: func(s *St, p int) error {
			if len(s.campExamples()) == 0 {
				return fmt.Errorf("no major power has a stack of 3 or more land units")
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.unsanitaryCamp(args) },
		examples: func(s *St, p int) []string { return s.campExamples() },
	})
	registerEvent(40, cardEvent{
		can: func(s *St, p int) error {
			if len(s.princeTargets(p)) == 0 {
				return fmt.Errorf("%s may declare war on no major power now", powers[p].Name)
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.machiavelli(p, args) },
		examples: func(s *St, p int) []string { return s.princeExamples(p) },
	})
	registerEvent(83, cardEvent{
		can: zapolyaCan,
		play: func(r *run, p int, args string) error {
			if err := r.noChoices(args); err != nil {
				return err
			}
			r.zapolya()
			return nil
		},
	})
	registerEvent(72, cardEvent{
		play:     func(r *run, p int, args string) error { return r.clothPrices(p, args) },
		examples: func(s *St, p int) []string { return s.clothExamples(p) },
	})
	for _, n := range []int{77, 98} {
		n := n
		registerEvent(n, cardEvent{
			can: func(s *St, p int) error {
				if len(s.voyagesAfloat(n)) == 0 {
					return fmt.Errorf("no voyage that %s cancels is under way", cardName(n))
				}
				return nil
			},
			play:     func(r *run, p int, args string) error { return r.cancelVoyage(n, args) },
			examples: func(s *St, p int) []string { return s.voyagesAfloat(n) },
		})
	}
	registerEvent(74, cardEvent{
		play: func(r *run, p int, args string) error {
			if err := r.noChoices(args); err != nil {
				return err
			}
			r.say("Diplomatic Overture: %s draws 2 cards, then gives one card to another power.", powers[p].Name)
			r.drawFromDeck(p)
			r.drawFromDeck(p)
			if len(r.s.overtureGifts(p)) > 0 {
				r.askChoice(74, p)
			}
			return nil
		},
	})
	registerEvent(87, cardEvent{
		can: func(s *St, p int) error {
			if len(s.payTargets(p)) == 0 {
				return fmt.Errorf("no other major power has mercenaries on the map")
			}
			return nil
		},
		play: func(r *run, p int, args string) error {
			s := r.s
			legal := s.payExamples(p)
			q, err := matchPower(args)
			if err != nil {
				return errLegal(legal, "%v", err)
			}
			if !containsInt(s.payTargets(p), q) {
				return errLegal(legal, "%s has no mercenaries on the map", powerName(q))
			}
			r.say("Mercenaries Demand Pay: the mercenaries of %s demand pay.", powers[q].Name)
			r.askChoice(87, q)
			return nil
		},
		examples: func(s *St, p int) []string { return s.payExamples(p) },
	})
	registerEvent(76, cardEvent{
		can: func(s *St, p int) error {
			if p == Protestant && !s.League {
				return fmt.Errorf("the Protestant builds no units before the Schmalkaldic League")
			}
			return nil
		},
		play: func(r *run, p int, args string) error {
			if err := r.noChoices(args); err != nil {
				return err
			}
			r.s.Pol.Recruits = true
			r.s.Flow.CP = 4
			r.say("Foreign Recruits: %s spends 4 CP on new units, in any space it controls.", powers[p].Name)
			return nil
		},
	})
	registerEvent(71, cardEvent{
		can: func(s *St, p int) error {
			if len(s.rebelKeys(p)) == 0 {
				return fmt.Errorf("no captured key free of siege is held by another power")
			}
			return nil
		},
		play:     func(r *run, p int, args string) error { return r.cityStateRebels(p, args) },
		examples: func(s *St, p int) []string { return s.rebelExamples(p) },
	})
	choiceHooks[74] = &choiceHook{
		choices: func(s *St, d Decision) []string { return s.overtureChoices(d.Power) },
		text:    func(s *St, d Decision) string { return overtureText },
		answer: func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
			return r.overtureAnswer(d, l, choiceText(l.Text), legal)
		},
	}
	choiceHooks[87] = &choiceHook{
		choices: func(s *St, d Decision) []string { return s.payChoices(d.Power) },
		text:    func(s *St, d Decision) string { return payText },
		answer: func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
			return r.payAnswer(d, l, choiceText(l.Text), legal)
		},
	}
}

// polPrompts are the readers of this file's prompts.
func polPrompts(p func(key, english string) *msg.Pattern) msg.Patterns {
	return msg.Patterns{p("his.prompt.pol.overture", overtureText), p("his.prompt.pol.pay", payText)}
}

// polPatterns are the readers of this file's texts (see mandPatterns).
func polPatterns(p func(key, english string) *msg.Pattern) (events, whys msg.Patterns) {
	events = msg.Patterns{
		p("his.ev.pol.fuggers", "Fuggers: {Power:power} draws 2 cards and will be dealt 1 card fewer next turn."),
		p("his.ev.pol.moluccas", "Sale of Moluccas: {Power:power}, which sailed around the world, draws 2 cards."),
		p("his.ev.pol.ransom", "Ransom: {Name} is freed by {Captor:power} and returns to {Space}."),
		p("his.ev.pol.unpaid", "Unpaid Mercenaries: {Power:power} loses its {N:int} mercenaries in {Space}."),
		p("his.ev.pol.unpaid_one", "Unpaid Mercenaries: {Power:power} loses its mercenary in {Space}."),
		p("his.ev.pol.shipbuilding", "Shipbuilding: {Power:power} places 2 new squadrons: {Where}."),
		p("his.ev.pol.minor_taken", "{Card}: {Minor:power} is taken from its alliance with {Power:power} (HIS-22.2b)."),
		p("his.ev.pol.minor_on", "{Card}: {Power:power} activates {Minor:power} (HIS-22.2b)."),
		p("his.ev.pol.minor_off", "{Card}: {Power:power} deactivates {Minor:power} (HIS-22.4a)."),
		p("his.ev.pol.no_longer_allied", "{Minor:power} is no longer allied to {Power:power}"),
		p("his.ev.pol.venice_units", "Venetian Alliance: {Reg:int} Venetian regulars and {Sq:int} Venetian squadrons join the Papacy's ally in {Space}."),
		p("his.ev.pol.threat_back", "{Name} is back in {Space} (Threat to Power)."),
		p("his.ev.pol.threat_off", "{Name} finds no home space to come back to and stays off the map (Threat to Power)."),
		p("his.ev.pol.threat_turn", "Threat to Power: {Power:power} rolls {X:int}: {Name} leaves {Space} for the rest of the turn."),
		p("his.ev.pol.threat_game", "Threat to Power: {Power:power} rolls {X:int}: {Name} leaves {Space} for the rest of the game."),
		p("his.ev.pol.camp", "Unsanitary Camp: the stack of {Power:power} in {Space} loses {N:int} of its {M:int} land units."),
		p("his.ev.pol.camp_lost", "Unsanitary Camp: losses of {Power:power}: regulars {R:int}, mercenaries {M:int}, cavalry {C:int}."),
		p("his.ev.pol.prince", "{Power:power} declares war on {On:power} with Machiavelli: The Prince and has 2 CP to spend (HIS-9.6g)."),
		p("his.ev.pol.zapolya_none", "John Zapolya: Buda has no controller to add regulars."),
		p("his.ev.pol.zapolya", "John Zapolya: {Power:power} adds {N:int} regulars in Buda."),
		p("his.ev.pol.cloth_collapse", "Cloth Prices Fluctuate: the cloth trade collapses."),
		p("his.ev.pol.cloth_discard", "{Power:power}, controller of Antwerp, discards {Card} at random."),
		p("his.ev.pol.cloth_unrest", "{Space} falls into unrest (Cloth Prices Fluctuate)."),
		p("his.ev.pol.cloth_draw", "Cloth Prices Fluctuate: England and the Hapsburg each draw a card."),
		p("his.ev.pol.cloth_merc", "Cloth Prices Fluctuate: {Power:power} adds {Units:units} in {Space}."),
		p("his.ev.pol.voyage_conquest", "{Card}: the voyage of conquest of {Power:power} is cancelled."),
		p("his.ev.pol.voyage_explore", "{Card}: the voyage of exploration of {Power:power} is cancelled."),
		p("his.ev.pol.youth_none", "Fountain of Youth: the roll is {X:int}: no explorer is lost."),
		p("his.ev.pol.youth_lost", "Fountain of Youth: the roll is {X:int}: {Name} is removed from the game."),
		p("his.ev.pol.overture", "Diplomatic Overture: {Power:power} draws 2 cards, then gives one card to another power."),
		p("his.ev.pol.overture_gives", "Diplomatic Overture: {Power:power} gives a card to {To:power}."),
		p("his.ev.pol.card_given", "The card given is {Card}."),
		p("his.ev.pol.pay_demand", "Mercenaries Demand Pay: the mercenaries of {Power:power} demand pay."),
		p("his.ev.pol.pay_discard", "Mercenaries Demand Pay: {Power:power} discards {Card}."),
		p("his.ev.pol.pay_none", "Mercenaries Demand Pay: {Power:power} discards no card."),
		p("his.ev.pol.pay_keeps", "Mercenaries Demand Pay: {Power:power} keeps {N:int} of its {M:int} mercenaries."),
		p("his.ev.pol.pay_keeps_one", "Mercenaries Demand Pay: {Power:power} pays and keeps its mercenary."),
		p("his.ev.pol.pay_loses_one", "Mercenaries Demand Pay: {Power:power} loses its mercenary."),
		p("his.ev.pol.recruits", "Foreign Recruits: {Power:power} spends 4 CP on new units, in any space it controls."),
		p("his.ev.pol.rebels", "City State Rebels rise in {Space}: {Rolls}, {H:hits}; {Power:power} loses {N:int} land units."),
		p("his.ev.pol.rebels_capture", "{Name} is captured by {Power:power} (City State Rebels)."),
		p("his.ev.pol.rebels_return", "{Space} returns to {Power:power} (City State Rebels)."),
		p("his.ev.pol.auld_regulars", "Auld Alliance: France adds {N:int} regulars in {Space}."),
	}
	whys = msg.Patterns{
		p("his.why.pol.ransom_none", "no captured leader may return to a home fortified space of his power now"),
		p("his.why.pol.ransom_name", "name the captured leader"),
		p("his.why.pol.ransom_nowhere", "{Name} has no home fortified space to return to"),
		p("his.why.pol.ransom_spot", "{Space} is not a home fortified space of {Power:power} under its control free of enemy units"),
		p("his.why.pol.unpaid_none", "no mercenaries are on the map"),
		p("his.why.pol.power_space", "name the power and the space"),
		p("his.why.pol.unpaid_no_mercs", "{Power:power} has no mercenaries in {Space}"),
		p("his.why.pol.ship_protestant", "the Protestant may not play Shipbuilding as an event"),
		p("his.why.pol.ship_none", "{Power:power} has no home port where a squadron may be placed now"),
		p("his.why.pol.ship_spot", "{Space} is not a home port of {Power:power} where a squadron may be placed now"),
		p("his.why.pol.ship_two", "place 2 squadrons"),
		p("his.why.pol.ship_counters", "{Power:power} has no counters for 2 more squadrons (HIS-17.2b)"),
		p("his.why.pol.moluccas", "nobody has sailed around the world yet"),
		p("his.why.pol.minor_nothing", "{Power:power} may do nothing with {Card} now (HIS-22.2b, HIS-22.4a)"),
		p("his.why.pol.minor_what", "write activate, deactivate or what the card adds"),
		p("his.why.pol.minor_name", "name the minor power"),
		p("his.why.pol.not_minor", "{Power:power} is not a minor power"),
		p("his.why.pol.minor_no_on", "{Power:power} may not activate {Minor:power} with {Card} now (HIS-22.2b)"),
		p("his.why.pol.minor_no_off", "{Power:power} may not deactivate {Minor:power} with {Card} now (HIS-22.4a)"),
		p("his.why.pol.minor_no_units", "{Power:power} adds no units to {Minor:power} with {Card} now"),
		p("his.why.pol.venice_port", "{Space} is not a Venetian home port under Papal control"),
		p("his.why.pol.threat_name", "name Charles Brandon, the Duke of Alva, Montmorency or Ibrahim Pasha, on the map"),
		p("his.why.pol.threat_none", "Charles Brandon, the Duke of Alva, Montmorency and Ibrahim Pasha are all off the map"),
		p("his.why.pol.camp_none", "no major power has a stack of 3 or more land units"),
		p("his.why.pol.camp_empty", "{Power:power} has no land units in {Space}"),
		p("his.why.pol.prince_none", "{Power:power} may declare war on no major power now"),
		p("his.why.pol.prince_major", "Machiavelli: The Prince declares war on a major power"),
		p("his.why.pol.zapolya", "Buda is under siege"),
		p("his.why.pol.cloth_what", `write "trade, 2 in <space>" or "unrest in <space> and <space>"`),
		p("his.why.pol.cloth_spot", "{Space} is not an unoccupied space among Antwerp, Brussels, Amsterdam and the German- and Italian-speaking Hapsburg home spaces"),
		p("his.why.pol.cloth_two", "up to 2 spaces fall into unrest"),
		p("his.why.pol.cloth_trade", "the cloth trade needs England holding Calais and the Hapsburg holding Antwerp"),
		p("his.why.pol.cloth_nowhere", "{Power:power} has no home space where the new units may go"),
		p("his.why.pol.cloth_home", "{Space} is not a home space of {Power:power} where the new units may go"),
		p("his.why.pol.cloth_units", "place 2 new units"),
		p("his.why.pol.cloth_counters", "{Power:power} has no counters for 2 more units"),
		p("his.why.pol.voyage_name", "name the power and its voyage"),
		p("his.why.pol.voyage_none", "{Power:power} has no such voyage under way that {Card} may cancel"),
		p("his.why.pol.voyage_nothing", "no voyage that {Card} cancels is under way"),
		p("his.why.pol.overture_form", `write "give <card> to <power>"`),
		p("his.why.pol.overture_card", "{Card} may not be given: not a Home card, and a Mandatory Event only when nothing else is in hand"),
		p("his.why.pol.overture_power", "give the card to another major power"),
		p("his.why.pol.pay_none", "no other major power has mercenaries on the map"),
		p("his.why.pol.pay_target", "{Power:power} has no mercenaries on the map"),
		p("his.why.pol.pay_home", "a Home card is not discarded to pay mercenaries"),
		p("his.why.pol.recruits_only", "Foreign Recruits' CP are spent on new units only"),
		p("his.why.pol.recruits_protestant", "the Protestant builds no units before the Schmalkaldic League"),
		p("his.why.pol.rebels_none", "no captured key free of siege is held by another power"),
		p("his.why.pol.rebels_spot", "{Space} is not a captured key, free of siege, held by another power"),
		p("his.why.pol.auld_n", "France adds 1 to 3 regulars"),
		p("his.why.pol.auld_spot", "{Space} is not a Scottish home space under French control free of enemy units"),
		p("his.why.pol.auld_counters", "France has no counters for {N:int} more regulars"),
	}
	return
}
