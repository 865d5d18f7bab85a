package hereistand

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Game is the Here I Stand game definition.
type Game struct{}

func init() { adjudicator.Register(Game{}) }

// Name is the game's stable ID.
const Name = "here-i-stand"

// Info implements adjudicator.Game. Its roles are the six major powers,
// the seats of a six-player game (HIS-3a); with the "players" option,
// InfoFor gives the seats of that many players (see seats.go).
func (Game) Info() adjudicator.Info {
	var roles []adjudicator.Role
	for p := 0; p < NMajor; p++ {
		roles = append(roles, roleOf(p))
	}
	var scen []adjudicator.Scenario
	for _, sc := range scenarios {
		scen = append(scen, adjudicator.Scenario{ID: sc.ID, Title: sc.Title,
			Description: fmt.Sprintf("Turns %d to %d (%s to %s).", sc.FirstTurn, sc.LastTurn,
				turnYears(sc.FirstTurn)[:4], turnYears(sc.LastTurn)[5:])})
	}
	return adjudicator.Info{
		Name:      Name,
		Title:     "Here I Stand: Wars of the Reformation 1517-1555",
		Roles:     roles,
		Scenarios: scen,
		Options: []adjudicator.OptionSpec{
			{Name: "players", Help: "number of players; with 3 to 5 some hold two powers (see Seating)",
				Default: "6", Values: []string{"3", "4", "5", "6"}},
			{Name: "optional-cards", Help: "add cards 111-116 of the later printing to the deck",
				Default: "off", Values: []string{"on", "off"}},
		},
	}
}

// Seating returns who holds which powers in a game of n players: one
// power each with six; with fewer, some players hold two (HIS-3.1a). The
// seed leaves the pairs to the Scenario Book, which it does not contain;
// these pairs are outside the seed (docs/rulings/here-i-stand.md): the
// Protestant with England, the Papacy with the Hapsburg and the Ottoman
// with France, dropping one pair for each player fewer than six.
func Seating(n int) ([][]adjudicator.Role, error) {
	pairs := [][2]int{{England, Protestant}, {Hapsburg, Papacy}, {Ottoman, France}}
	if n < 3 || n > 6 {
		return nil, fmt.Errorf("here-i-stand is for 3 to 6 players, not %d", n)
	}
	joined := 6 - n // how many pairs play as one seat
	var seats [][]adjudicator.Role
	held := map[int]bool{}
	for i := 0; i < joined; i++ {
		seats = append(seats, []adjudicator.Role{roleOf(pairs[i][0]), roleOf(pairs[i][1])})
		held[pairs[i][0]], held[pairs[i][1]] = true, true
	}
	for p := 0; p < NMajor; p++ {
		if !held[p] {
			seats = append(seats, []adjudicator.Role{roleOf(p)})
		}
	}
	sort.SliceStable(seats, func(i, j int) bool {
		return powerOfRole(seats[i][0]) < powerOfRole(seats[j][0])
	})
	return seats, nil
}

// Setup implements adjudicator.Game: the scenario's position, the deck
// and the first Card Draw Phase's deal (HIS-6.2, HIS-8.2).
func (Game) Setup(scenario string, opts adjudicator.Options, dice adjudicator.Dice) (adjudicator.State, error) {
	info := Game{}.Info()
	sc, err := info.ScenarioByID(scenario)
	if err != nil {
		return nil, err
	}
	players, err := strconv.Atoi(opts.Get("players", "6"))
	if err != nil || players < 3 || players > 6 {
		return nil, fmt.Errorf("here-i-stand: players must be 3 to 6, not %q", opts.Get("players", "6"))
	}
	s, err := setup(sc.ID, players, opts.Bool("optional-cards", false))
	if err != nil {
		return nil, err
	}
	s.cardDraw(dice, true)
	if s.Turn > 1 {
		// Luther's 95 Theses and the Diet of Worms belong to turn 1 only
		// (HIS-7b): a later scenario opens with its Diplomacy Phase.
		(&run{s: s, dice: dice}).enter(PhDiplomacy)
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("here-i-stand: set-up of %s is inconsistent: %v", sc.ID, err)
	}
	return s, nil
}

// setup builds the scenario's position before any card is dealt.
func setup(id string, players int, optional bool) (*St, error) {
	sc, ok := scenarioByID(id)
	if !ok {
		return nil, fmt.Errorf("here-i-stand: unknown scenario %q", id)
	}
	s := newState()
	s.Scenario, s.Players, s.OptionalCards = id, players, optional
	s.Turn = sc.FirstTurn
	s.Phase = PhLuther
	s.Active = Protestant
	for sp := range spaces {
		s.Ctrl[sp] = uint8(spaces[sp].Home)
	}
	for sp, p := range sc.Control {
		s.Ctrl[sp] = uint8(p)
	}
	for _, u := range sc.Units {
		s.addUnits(u.Loc, u.Power, Force{Reg: uint8(u.Regulars), Merc: uint8(u.Mercs), Cav: uint8(u.Cavalry),
			Sq: uint8(u.Sq), Cor: uint8(u.Corsair)})
		for _, l := range u.Leaders {
			s.Leader[l] = int16(u.Loc)
		}
	}
	for sp, n := range sc.ElectorateDisplay {
		s.Display[electorateIndex(sp)] = uint8(n)
	}
	for _, w := range sc.Wars {
		s.setWar(w[0], w[1], true)
	}
	for _, a := range sc.Alliances {
		s.setAlly(a[0], a[1], true)
	}
	for p := 0; p < NMajor; p++ {
		s.Ruler[p] = uint8(sc.Rulers[p])
		// Every home card starts on its power card and goes to the hand
		// with the deal (HIS-6.1c).
		for _, h := range powers[p].HomeCards {
			s.OnCard.set(h)
		}
	}
	// The debaters of the first turn start uncommitted (HIS-8.2g).
	for d, di := range debaters {
		if !di.WithCranmer && di.Entry <= s.Turn {
			s.Rel.Debater[d] = DebUncommitted
		}
	}
	s.setupNewWorld()
	// Luther's 95 Theses starts in the Protestant hand (HIS-8.1a).
	for n := 1; n <= NC; n++ {
		if cards[n].EntryCond == EntryStartInHand && s.Turn == 1 {
			s.Hands[Protestant] = append(s.Hands[Protestant], uint8(n))
		}
	}
	return s, nil
}

// Decode implements adjudicator.Game.
func (Game) Decode(data []byte) (adjudicator.State, error) { return decode(data) }

// CardsDealt is the number of cards power p is dealt this turn (HIS-6.2c-e):
// the base number from its power card, +1 for a ruler with a card bonus.
// The base is the last uncovered box of the key track, counting the
// square markers on the map less the keys in unrest, at least 1; the
// Protestant draws 5 with 4 or more electorates under its political
// control, otherwise 4. An excommunicated ruler's power draws one card
// fewer (HIS-21.5h), at least 1.
func (s *St) CardsDealt(p int) int {
	var base int
	if p == Protestant {
		base = 4
		if n, _ := s.ProtestantElectorates(); n >= 4 {
			base = 5
		}
	} else {
		n, unrest := s.Keys(p)
		base = cardsForKeys(p, n-unrest)
	}
	n := base + rulers[s.Ruler[p]].CardBonus
	if s.Tracks.Excommunicated&(1<<p) != 0 {
		n-- // the "-1 Card" marker (HIS-21.5h)
	}
	n -= s.foreignPenalty(p) // a card fewer while a foreign war lasts
	n -= s.Pol.fewer(p)      // Fuggers (events_politics.go)
	return max(n, 1)
}

// cardsForKeys is the base card draw of power p with n keys counted.
func cardsForKeys(p, n int) int {
	track := powers[p].CardsByKeys
	if n < 1 {
		return 1
	}
	return max(1, track[min(n, len(track))-1])
}

// entersDeck reports whether card n joins the deck in turn t's Card Draw
// Phase (HIS-6.2b): cards of turn 1 start in it; dated cards enter on
// their turn. Cards whose entry depends on the English succession or on
// a "Variable" condition wait for the events that decide them.
func entersDeck(n, t int, optional bool) bool {
	c := &cards[n]
	if c.Type == CardHome || (c.Optional && !optional) {
		return false
	}
	return c.EntryCond == EntryTurn && c.Entry == t
}

// cardDraw runs the dealing of the Card Draw Phase (HIS-6.2a, HIS-6.2i,
// HIS-8.2j): new cards join the deck, the deck and the discard pile are
// shuffled together, home cards return to their hands and every power is
// dealt its cards in Impulse Order. The first deal of a scenario adds
// every card of the turns up to its first.
func (s *St) cardDraw(dice adjudicator.Dice, first bool) {
	from := s.Turn
	if first {
		from = 1
	}
	for n := 1; n <= NC; n++ {
		enters := false
		for t := from; t <= s.Turn; t++ {
			enters = enters || entersDeck(n, t, s.OptionalCards)
		}
		if enters && !s.inPlay(n) {
			s.Deck = append(s.Deck, uint8(n))
		}
	}
	s.Deck = append(s.Deck, s.Discard...)
	s.Discard = nil
	sort.Slice(s.Deck, func(i, j int) bool { return s.Deck[i] < s.Deck[j] })
	adjudicator.Shuffle(dice, fmt.Sprintf("shuffle the deck, turn %d", s.Turn), len(s.Deck), func(i, j int) {
		s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i]
	})
	for p := 0; p < NMajor; p++ {
		for _, h := range powers[p].HomeCards {
			if s.OnCard.has(h) {
				s.OnCard.clear(h)
				s.Hands[p] = append(s.Hands[p], uint8(h))
			}
		}
		n := min(s.CardsDealt(p), len(s.Deck))
		for i := 0; i < n; i++ {
			s.Hands[p] = append(s.Hands[p], s.Deck[len(s.Deck)-1])
			s.Deck = s.Deck[:len(s.Deck)-1]
		}
		sortCards(s.Hands[p])
	}
}

// inPlay reports whether card n is anywhere in the game already.
func (s *St) inPlay(n int) bool {
	if s.Removed.has(n) || s.OnCard.has(n) {
		return true
	}
	for _, list := range [][]uint8{s.Deck, s.Discard, s.Hands[0], s.Hands[1], s.Hands[2], s.Hands[3],
		s.Hands[4], s.Hands[5]} {
		for _, c := range list {
			if int(c) == n {
				return true
			}
		}
	}
	return false
}

func sortCards(h []uint8) { sort.Slice(h, func(i, j int) bool { return h[i] < h[j] }) }

// CanPass reports whether power p may pass in the Action Phase (HIS-11f):
// not while it holds its Home card or a Mandatory Event, nor while it
// holds more cards than its ruler's administrative rating. A power with
// no cards must pass. The reason is empty when it may.
func (s *St) CanPass(p int) (bool, string) {
	for _, c := range s.Hands[p] {
		switch cards[c].Type {
		case CardHome:
			return false, cardName(int(c)) + " (home card) is still in hand"
		case CardMandatory:
			if s.heldMandatory(p, int(c)) {
				continue // held until it may be played (the League, events_mandatory.go)
			}
			return false, cardName(int(c)) + " (Mandatory Event) is still in hand"
		}
	}
	held := 0 // a held League is set aside (events_mandatory.go)
	for _, c := range s.Hands[p] {
		if s.heldMandatory(p, int(c)) {
			held++
		}
	}
	if admin := rulers[s.Ruler[p]].Admin; len(s.Hands[p])-held > admin {
		return false, fmt.Sprintf("%d cards in hand, more than the ruler's administrative rating %d",
			len(s.Hands[p]), admin)
	}
	return true, ""
}

// View implements adjudicator.State: public facts for everyone, and the
// hand only to its owner (and the GM).
func (s *St) View(role adjudicator.Role) adjudicator.View {
	v := adjudicator.View{Role: role}
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Status", Body: s.Status().Label + "\n",
		TitleMsg: vm("his.section.status"), Lines: []msg.M{s.LabelMsg()}})
	var b strings.Builder
	var prows []adjudicator.Row
	fmt.Fprintf(&b, "%-11s %3s %5s %6s %5s  %s\n", "Power", "VP", "Keys", "Cards", "Admin", "Ruler")
	for p := 0; p < NMajor; p++ {
		k, _ := s.Keys(p)
		keys := strconv.Itoa(k)
		keysMsg := msg.New("his.view.keys", "Keys", keys)
		if p == Protestant { // the Protestant holds electorates, not keys
			n, _ := s.ProtestantElectorates()
			keys = strconv.Itoa(n) + "e"
			keysMsg = msg.New("his.view.electorates", "N", n)
		}
		r := rulers[s.Ruler[p]]
		fmt.Fprintf(&b, "%-11s %3d %5s %6d %5d  %s\n", powers[p].Name, s.VP(p), keys, len(s.Hands[p]), r.Admin, r.Name)
		prows = append(prows, adjudicator.Row{Key: powerMsg(p), Items: []msg.M{
			msg.New("his.view.vp", "VP", s.VP(p)), keysMsg,
			msg.Plural("his.view.cards", len(s.Hands[p])), msg.New("his.view.admin", "Admin", r.Admin), msg.Lit(r.Name)}})
	}
	fmt.Fprintf(&b, "Protestant spaces: %d. Deck: %d cards, discard pile: %d.\n",
		s.ProtestantSpaces(), len(s.Deck), len(s.Discard))
	prows = append(prows, adjudicator.Row{Key: msg.New("his.view.deck_key"), Items: []msg.M{
		msg.New("his.view.protestant_spaces", "N", s.ProtestantSpaces()), msg.Plural("his.view.deck", len(s.Deck)),
		msg.New("his.view.discard", "N", len(s.Discard))}})
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Powers", Body: b.String(), TitleMsg: vm("his.section.powers"), Rows: prows})
	if held := s.seatHands(role); len(held) > 0 {
		if len(held) > 1 && role != adjudicator.GM {
			v.Sections[0].Body += fmt.Sprintf("You play two powers: %s and %s.\n", powers[held[0]].Name, powers[held[1]].Name)
			v.Sections[0].Lines = append(v.Sections[0].Lines, msg.New("his.view.you_hold", "A", powerMsg(held[0]), "B", powerMsg(held[1])))
		}
		for _, q := range held {
			var h []string
			var lines []msg.M
			for _, c := range s.Hands[q] {
				t := fmt.Sprintf("%s (%d CP)", cardName(int(c)), cards[c].CP)
				h = append(h, t)
				lines = append(lines, msg.New("his.q.card", "Card", cardName(int(c)), "CP", cards[c].CP))
			}
			if len(lines) == 0 {
				lines = append(lines, msg.New("his.view.no_cards"))
			}
			v.Sections = append(v.Sections, adjudicator.Section{Title: powers[q].Name + " hand",
				Body: wrap(strings.Join(h, ", "), 68), TitleMsg: vm("his.section.hand", "Power", powerMsg(q)), Lines: lines})
		}
	}
	b.Reset()
	var wars []string
	var warMsgs []msg.M
	for a := 0; a < NPow; a++ {
		for c := a + 1; c < NPow; c++ {
			if s.AtWar(a, c) {
				wars = append(wars, powers[a].Name+"-"+powers[c].Name)
				warMsgs = append(warMsgs, msg.New("his.view.war", "A", powerMsg(a), "B", powerMsg(c)))
			}
		}
	}
	fmt.Fprintf(&b, "At war: %s\n", wrap(strings.Join(wars, ", "), 68))
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Diplomatic status", Body: b.String(),
		TitleMsg: vm("his.section.diplomacy"), Lines: []msg.M{msg.New("his.view.at_war", "Wars", warMsgs)}})
	v.Sections = append(v.Sections, s.religionSection())
	if nw, ok := s.newWorldSection(); ok {
		v.Sections = append(v.Sections, nw)
	}
	v.Sections = append(v.Sections, s.henrySection()) // HIS-2b, HIS-21.3
	if ps, ok := s.piracySection(); ok {
		v.Sections = append(v.Sections, ps)
	}
	b.Reset()
	var rows []adjudicator.Row
	for p := 0; p < Independent+1; p++ {
		var parts []string
		var items []msg.M
		for _, loc := range s.Occupied(p) {
			t := forceText(locName(loc), s.Units[loc][p], s.leaderNames(loc, p))
			parts = append(parts, t)
			items = append(items, msg.Lit(t))
		}
		if len(parts) > 0 {
			b.WriteString(wrap(powers[p].Name+": "+strings.Join(parts, "; "), 68))
			rows = append(rows, adjudicator.Row{Key: powerMsg(p), Items: items})
		}
	}
	v.Sections = append(v.Sections, adjudicator.Section{Title: "Forces", Body: b.String(), TitleMsg: vm("his.section.forces"), Rows: rows})
	v.Sections = append(v.Sections, s.flowSections()...)
	return v
}

func (s *St) leaderNames(loc, p int) []string {
	var out []string
	for _, l := range s.leadersAt(loc, p) {
		out = append(out, leaders[l].Name)
	}
	return out
}

// forceText reads "Istanbul 7R 1C 1S (Suleiman, Ibrahim Pasha)".
func forceText(where string, f Force, lead []string) string {
	var parts []string
	for _, x := range []struct {
		n uint8
		s string
	}{{f.Reg, "R"}, {f.Merc, "M"}, {f.Cav, "C"}, {f.Sq, "S"}, {f.Cor, "K"}} {
		if x.n > 0 {
			parts = append(parts, fmt.Sprintf("%d%s", x.n, x.s))
		}
	}
	out := where + " " + strings.Join(parts, " ")
	if len(lead) > 0 {
		out += " (" + strings.Join(lead, ", ") + ")"
	}
	return out
}

// wrap breaks text into lines of at most width columns at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(text) {
		if i > 0 && line+1+len(w) > width {
			b.WriteString("\n  ")
			line = 2
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}
