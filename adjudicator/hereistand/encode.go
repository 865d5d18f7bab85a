package hereistand

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// wire is the stored form of a state: names instead of numbers, sparse
// lists in a fixed order, so the same state always encodes to the same
// bytes and the data tables may grow without breaking stored games.
type wire struct {
	V             int            `json:"v"`
	Scenario      string         `json:"scenario"`
	Players       int            `json:"players"`
	OptionalCards bool           `json:"optional_cards,omitempty"`
	Turn          int            `json:"turn"`
	Phase         int            `json:"phase"`
	Active        string         `json:"active"`
	Passes        int            `json:"passes,omitempty"`
	Units         [][7]any       `json:"units"`   // location, power, regulars, mercenaries, cavalry, squadrons, corsairs
	Leaders       [][3]string    `json:"leaders"` // leader, location or "off"/"removed"/"captured", captor
	Control       [][2]string    `json:"control"` // spaces not controlled by their home power
	Protestant    []string       `json:"protestant"`
	Unrest        []string       `json:"unrest"`
	Display       map[string]int `json:"display"`
	Wars          [][2]string    `json:"wars"`
	Alliances     [][2]string    `json:"alliances"`
	Rulers        []string       `json:"rulers"`
	BonusVP       []int          `json:"bonus_vp"`
	Tracks        Tracks         `json:"tracks"`
	League        bool           `json:"league,omitempty"`
	Hands         [][]uint8      `json:"hands"`
	Deck          []uint8        `json:"deck"`
	Discard       []uint8        `json:"discard"`
	Removed       []int          `json:"removed"`
	OnCard        []int          `json:"on_card"`
	War           *warWire       `json:"war,omitempty"`
	Flow          *flowWire      `json:"flow,omitempty"`
	Religion      *religionWire  `json:"religion,omitempty"`
	NewWorld      *newWorldWire  `json:"new_world,omitempty"`
	Henry         *Henry         `json:"henry,omitempty"`
	Mand          *mandWire      `json:"mandatory,omitempty"`
	Pirates       *piratesWire   `json:"pirates,omitempty"`
	Foreign       []foreignWire  `json:"foreign_wars,omitempty"`
	Inquisition   string         `json:"inquisition,omitempty"`
	Pol           *polWire       `json:"politics,omitempty"`
	More          *moreWire      `json:"more_events,omitempty"`
}

const wireVersion = 1

func controlName(c uint8) string {
	if c == NoPower {
		return "none"
	}
	return powers[c].ID
}

// Encode implements adjudicator.State: canonical bytes.
func (s *St) Encode() ([]byte, error) {
	w := wire{V: wireVersion, Scenario: s.Scenario, Players: s.Players, OptionalCards: s.OptionalCards,
		Turn: s.Turn, Phase: s.Phase, Active: powers[s.Active].ID, Passes: s.Passes,
		Units: [][7]any{}, Leaders: [][3]string{}, Control: [][2]string{}, Protestant: []string{},
		Unrest: []string{}, Display: map[string]int{}, Wars: [][2]string{}, Alliances: [][2]string{},
		Tracks: s.Tracks, League: s.League, Deck: s.Deck, Discard: s.Discard, Removed: []int{}, OnCard: []int{},
		War: s.Warfare.wire(), Flow: s.Flow.wire(), Religion: s.religionWire(),
		NewWorld: s.newWorldWire()}
	w.Mand = s.Mand.wire()
	w.Pirates = s.Pirates.wire()
	w.Foreign = s.foreignWire()
	if s.Inquisition > 0 {
		w.Inquisition = powers[s.Inquisition-1].ID
	}
	w.Pol = s.Pol.wire()
	w.More = s.More.wire()
	for loc := 0; loc < NLoc; loc++ {
		for p := 0; p < NPow; p++ {
			if f := s.Units[loc][p]; !f.empty() {
				w.Units = append(w.Units, [7]any{locID(loc), powers[p].ID, f.Reg, f.Merc, f.Cav, f.Sq, f.Cor})
			}
		}
	}
	for l, at := range s.Leader {
		var where, captor string
		switch at {
		case LeaderOff:
			where = "off"
		case LeaderRemoved:
			where = "removed"
		case LeaderAway:
			where = "away"
		case LeaderForeign:
			where = "foreign_war"
		case LeaderCaptured:
			where, captor = "captured", powers[s.Captor[l]].ID
		default:
			where = locID(int(at))
		}
		w.Leaders = append(w.Leaders, [3]string{leaders[l].ID, where, captor})
	}
	for sp := 0; sp < NS; sp++ {
		if int(s.Ctrl[sp]) != spaces[sp].Home {
			w.Control = append(w.Control, [2]string{spaces[sp].ID, controlName(s.Ctrl[sp])})
		}
		if s.Prot.has(sp) {
			w.Protestant = append(w.Protestant, spaces[sp].ID)
		}
		if s.Unrest.has(sp) {
			w.Unrest = append(w.Unrest, spaces[sp].ID)
		}
	}
	for i, e := range electorates {
		if s.Display[i] > 0 {
			w.Display[spaces[e].ID] = int(s.Display[i])
		}
	}
	for a := 0; a < NPow; a++ {
		for b := a + 1; b < NPow; b++ {
			if s.AtWar(a, b) {
				w.Wars = append(w.Wars, [2]string{powers[a].ID, powers[b].ID})
			}
			if s.Allied(a, b) {
				w.Alliances = append(w.Alliances, [2]string{powers[a].ID, powers[b].ID})
			}
		}
	}
	for p := 0; p < NMajor; p++ {
		w.Rulers = append(w.Rulers, rulers[s.Ruler[p]].ID)
		w.BonusVP = append(w.BonusVP, s.BonusVP[p])
		h := s.Hands[p]
		if h == nil {
			h = []uint8{}
		}
		w.Hands = append(w.Hands, h)
	}
	if w.Deck == nil {
		w.Deck = []uint8{}
	}
	if w.Discard == nil {
		w.Discard = []uint8{}
	}
	for n := 1; n <= NC; n++ {
		if s.Removed.has(n) {
			w.Removed = append(w.Removed, n)
		}
		if s.OnCard.has(n) {
			w.OnCard = append(w.OnCard, n)
		}
	}
	if s.Henry != (Henry{}) {
		h := s.Henry
		w.Henry = &h
	}
	// Card lists are arrays of numbers, not base64 strings.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	if err := enc.Encode(wireJSON(w)); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// wireJSON turns the byte slices of w into int slices so they encode as
// JSON arrays.
func wireJSON(w wire) any {
	type alias wire
	ints := func(b []uint8) []int {
		out := make([]int, len(b))
		for i, x := range b {
			out[i] = int(x)
		}
		return out
	}
	hands := make([][]int, len(w.Hands))
	for i, h := range w.Hands {
		hands[i] = ints(h)
	}
	return struct {
		alias
		Hands   [][]int `json:"hands"`
		Deck    []int   `json:"deck"`
		Discard []int   `json:"discard"`
	}{alias(w), hands, ints(w.Deck), ints(w.Discard)}
}

// decode rebuilds a state from Encode's bytes and checks it.
func decode(data []byte) (*St, error) {
	var w struct {
		wire
		Hands   [][]int `json:"hands"`
		Deck    []int   `json:"deck"`
		Discard []int   `json:"discard"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return nil, fmt.Errorf("here-i-stand state: %v", err)
	}
	if w.V != wireVersion {
		return nil, fmt.Errorf("here-i-stand state: version %d, want %d", w.V, wireVersion)
	}
	s := newState()
	s.Scenario, s.Players, s.OptionalCards = w.Scenario, w.Players, w.OptionalCards
	s.Turn, s.Phase, s.Passes = w.Turn, w.Phase, w.Passes
	bad := func(what string, v any) error { return fmt.Errorf("here-i-stand state: unknown %s %v", what, v) }
	if _, ok := scenarioByID(w.Scenario); !ok {
		return nil, bad("scenario", w.Scenario)
	}
	a, ok := powerByID[w.Active]
	if !ok || a >= NMajor {
		return nil, bad("active power", w.Active)
	}
	s.Active = a
	for _, u := range w.Units {
		locS, _ := u[0].(string)
		loc, ok := locByID(locS)
		if !ok {
			return nil, bad("location", u[0])
		}
		pS, _ := u[1].(string)
		p, ok := powerByID[pS]
		if !ok {
			return nil, bad("power", u[1])
		}
		var n [5]uint8
		for i := range n {
			f, ok := u[2+i].(float64)
			if !ok || f < 0 || f > 60 || f != float64(int(f)) {
				return nil, fmt.Errorf("here-i-stand state: bad unit count %v in %s", u[2+i], locS)
			}
			n[i] = uint8(f)
		}
		f := Force{Reg: n[0], Merc: n[1], Cav: n[2], Sq: n[3], Cor: n[4]}
		if f.empty() || !s.Units[loc][p].empty() {
			return nil, fmt.Errorf("here-i-stand state: units of %s in %s listed empty or twice", pS, locS)
		}
		s.addUnits(loc, p, f)
	}
	if len(w.Leaders) != len(leaders) {
		return nil, fmt.Errorf("here-i-stand state: %d leaders, want %d", len(w.Leaders), len(leaders))
	}
	for _, l := range w.Leaders {
		li, ok := leaderByID[l[0]]
		if !ok {
			return nil, bad("leader", l[0])
		}
		switch l[1] {
		case "off":
			s.Leader[li] = LeaderOff
		case "removed":
			s.Leader[li] = LeaderRemoved
		case "away":
			s.Leader[li] = LeaderAway
		case "foreign_war":
			s.Leader[li] = LeaderForeign
		case "captured":
			c, ok := powerByID[l[2]]
			if !ok {
				return nil, bad("captor", l[2])
			}
			s.Leader[li], s.Captor[li] = LeaderCaptured, uint8(c)
		default:
			loc, ok := locByID(l[1])
			if !ok {
				return nil, bad("location", l[1])
			}
			s.Leader[li] = int16(loc)
		}
	}
	for sp := range spaces {
		s.Ctrl[sp] = uint8(spaces[sp].Home)
	}
	for _, c := range w.Control {
		sp, ok := spaceByID[c[0]]
		if !ok {
			return nil, bad("space", c[0])
		}
		if c[1] == "none" {
			s.Ctrl[sp] = NoPower
			continue
		}
		p, ok := powerByID[c[1]]
		if !ok {
			return nil, bad("power", c[1])
		}
		s.Ctrl[sp] = uint8(p)
	}
	for _, set := range []struct {
		ids []string
		to  *locSet
	}{{w.Protestant, &s.Prot}, {w.Unrest, &s.Unrest}} {
		for _, id := range set.ids {
			sp, ok := spaceByID[id]
			if !ok {
				return nil, bad("space", id)
			}
			set.to.set(sp)
		}
	}
	for id, n := range w.Display {
		sp, ok := spaceByID[id]
		i := electorateIndex(sp)
		if !ok || i < 0 || n < 0 || n > 10 {
			return nil, bad("electorate display entry", id)
		}
		s.Display[i] = uint8(n)
	}
	for _, rel := range []struct {
		pairs [][2]string
		set   func(a, b int, on bool)
	}{{w.Wars, s.setWar}, {w.Alliances, s.setAlly}} {
		for _, pr := range rel.pairs {
			a, okA := powerByID[pr[0]]
			b, okB := powerByID[pr[1]]
			if !okA || !okB || a == b {
				return nil, bad("pair of powers", pr)
			}
			rel.set(a, b, true)
		}
	}
	if len(w.Rulers) != NMajor || len(w.BonusVP) != NMajor || len(w.Hands) != NMajor {
		return nil, fmt.Errorf("here-i-stand state: rulers, VP and hands for six powers expected")
	}
	for p := 0; p < NMajor; p++ {
		r, ok := rulerByID[w.Rulers[p]]
		if !ok {
			return nil, bad("ruler", w.Rulers[p])
		}
		s.Ruler[p] = uint8(r)
		s.BonusVP[p] = w.BonusVP[p]
		for _, c := range w.Hands[p] {
			if c < 1 || c > NC {
				return nil, bad("card", c)
			}
			s.Hands[p] = append(s.Hands[p], uint8(c))
		}
	}
	s.Tracks, s.League = w.Tracks, w.League
	if w.Henry != nil {
		s.Henry = *w.Henry
	}
	if err := s.Warfare.fromWire(w.War); err != nil {
		return nil, fmt.Errorf("here-i-stand state: %v", err)
	}
	if err := s.Flow.fromWire(w.Flow); err != nil {
		return nil, fmt.Errorf("here-i-stand state: %v", err)
	}
	if err := s.religionFromWire(w.Religion); err != nil {
		return nil, err
	}
	if err := s.newWorldFromWire(w.NewWorld); err != nil {
		return nil, err
	}
	if err := s.Mand.fromWire(w.Mand); err != nil {
		return nil, err
	}
	if err := s.Pirates.fromWire(w.Pirates); err != nil {
		return nil, err
	}
	if err := s.foreignFromWire(w.Foreign); err != nil {
		return nil, err
	}
	if w.Inquisition != "" {
		q, ok := powerByID[w.Inquisition]
		if !ok || (q != England && q != Protestant) {
			return nil, fmt.Errorf("here-i-stand state: Papal Inquisition looked at %q", w.Inquisition)
		}
		s.Inquisition = q + 1
	}
	if err := s.Pol.fromWire(w.Pol); err != nil {
		return nil, err
	}
	if err := s.More.fromWire(w.More); err != nil {
		return nil, err
	}
	for _, list := range []struct {
		in  []int
		out *[]uint8
	}{{w.Deck, &s.Deck}, {w.Discard, &s.Discard}} {
		for _, c := range list.in {
			if c < 1 || c > NC {
				return nil, bad("card", c)
			}
			*list.out = append(*list.out, uint8(c))
		}
	}
	for _, list := range []struct {
		in  []int
		out *cardSet
	}{{w.Removed, &s.Removed}, {w.OnCard, &s.OnCard}} {
		for _, c := range list.in {
			if c < 1 || c > NC {
				return nil, bad("card", c)
			}
			list.out.set(c)
		}
	}
	if !sort.SliceIsSorted(s.Discard, func(i, j int) bool { return s.Discard[i] < s.Discard[j] }) {
		return nil, fmt.Errorf("here-i-stand state: discard pile not in order")
	}
	if err := s.Check(); err != nil {
		return nil, fmt.Errorf("here-i-stand state: %v", err)
	}
	return s, nil
}

// electorateIndex is the index of space sp among the electorates, or -1.
func electorateIndex(sp int) int {
	for i, e := range electorates {
		if e == sp {
			return i
		}
	}
	return -1
}
