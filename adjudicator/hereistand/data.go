package hereistand

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
)

// The component facts (map, powers, rulers, leaders, counter mix, cards
// and set-ups) live in data.json, the source of truth. They are loaded and
// validated once into the fixed tables below, indexed by small integers,
// so that a game state is a handful of arrays.

//go:embed data.json
var dataJSON []byte

// Powers, in Impulse Order for the six major powers (HIS-3.2c), then the
// four minor powers and the independent "power" (grey spaces and units).
const (
	Ottoman = iota
	Hapsburg
	England
	France
	Papacy
	Protestant
	Genoa
	Hungary
	Scotland
	Venice
	Independent

	NPow   = 11 // every power, major, minor and independent
	NMajor = 6  // the major powers are 0..5
)

// NoPower marks a space under nobody's control (Algiers before Barbary
// Pirates) or a leader that any power may use (the Renegade).
const NoPower = 255

// Table sizes.
const (
	NS    = 134       // land spaces (HIS-2.1)
	NSea  = 14        // sea zones (HIS-2.5d)
	NLoc  = NS + NSea // locations of units: land spaces, then sea zones
	NC    = 116       // cards 1..116 (111..116 are optional)
	NBase = 110       // the original deck (HIS-6a)
)

// Space types (HIS-2.1).
const (
	Town       = iota // unfortified
	Fortress          // eight-pointed circle
	Electorate        // hexagon
	Key               // square; capitals are keys
)

// Language zones (HIS-2.5a). LangNone spaces speak none of the five.
const (
	LangNone = iota
	LangGerman
	LangFrench
	LangItalian
	LangEnglish
	LangSpanish
	NLang
)

// Card types (HIS-6.1a).
const (
	CardEvent = iota
	CardHome
	CardMandatory
	CardResponse
	CardCombat
)

// Card removal after play as an event (HIS-6.2g).
const (
	KeepCard = iota
	RemoveCard
	RemoveConditional // the card's text decides (Sack of Rome, Sebastian Cabot)
)

// Card entry conditions (HIS-6.2b), besides a plain entry turn.
const (
	EntryTurn        = iota // enters on its turn (1 = in the starting deck)
	EntrySuccession         // turn 6 plus the English succession condition (#19, #21)
	EntryVariable           // "Variable": enters when its condition is first met
	EntryStartInHand        // Luther's 95 Theses: in the Protestant hand at the start
)

// Actions of the Action Phase (HIS-11.1c), indexes of powerInfo.Cost.
const (
	ActMove = iota
	ActMovePass
	ActNavalMove
	ActBuyMercenary
	ActRaiseRegular
	ActRaiseCavalry
	ActBuildSquadron
	ActBuildCorsair
	ActAssault
	ActForeignWar
	ActControl
	ActPiracy
	ActExplore
	ActColonize
	ActConquer
	ActTranslate
	ActTreatise
	ActDebate
	ActStPeters
	ActBurnBooks
	ActJesuit
	NAct
)

// actionIDs are the names of the actions in data.json, by index.
var actionIDs = [NAct]string{
	"move_formation_clear", "move_formation_over_pass", "naval_move", "buy_mercenary",
	"raise_regular", "raise_cavalry", "build_naval_squadron", "build_corsair",
	"assault", "fight_foreign_war", "control_unfortified_space", "initiate_piracy",
	"explore", "colonize", "conquer", "translate_scripture", "publish_treatise",
	"call_theological_debate", "build_saint_peters", "burn_books", "found_jesuit_university",
}

// actionNames are how the actions read in reports and orders.
var actionNames = [NAct]string{
	"move", "move over pass", "naval move", "buy mercenary",
	"raise regular", "raise cavalry", "build squadron", "build corsair",
	"assault", "foreign war", "control", "piracy",
	"explore", "colonize", "conquer", "translate", "publish treatise",
	"debate", "st peters", "burn books", "jesuit university",
}

// edge is one connection of a land space.
type edge struct {
	To   int16
	Pass bool // a pass (dotted line, HIS-2.5b)
}

type spaceInfo struct {
	ID, Name string
	Type     int
	Capital  bool
	Home     int // home power, Independent for grey spaces
	Lang     int
	Seas     []int  // sea zones (0-based zone numbers) the space is a port on
	Nbr      []edge // connections, ordinary and passes, sorted by ID of the far end
}

func (s *spaceInfo) fortified() bool { return s.Type != Town }
func (s *spaceInfo) port() bool      { return len(s.Seas) > 0 }

type seaInfo struct {
	ID, Name string
	Adj      []int // adjacent sea zones
	Ports    []int // land spaces that are ports on this zone
}

type powerInfo struct {
	ID, Name string
	Major    bool
	Capitals []int
	// HomeCards are the power's home cards (two for the Papacy).
	HomeCards []int
	// CardsByKeys[i] is the base card draw with i+1 keys (HIS-6.2d).
	CardsByKeys []int
	// VPByKeys[i] is the base VP with i+1 keys.
	VPByKeys        []int
	AutoVictoryKeys int
	// Cost is the CP cost of each action; 0 = not available (HIS-11.1c).
	Cost [NAct]int
	// LandCounters are the land counters by denomination 1, 2, 4, 6 (HIS-5.2a).
	LandCounters [4]int
	// Minor powers have double-sided 1/2 counters plus 4s instead.
	MinorCounters12, MinorCounters4 int
	LandBack                        string // "mercenary", "cavalry" or "" (back of regulars)
	NavalCounters                   int
	Corsairs                        bool // squadrons show corsairs on the back
	SquareMarkers                   int
}

type rulerInfo struct {
	ID, Name  string
	Power     int
	Admin     int
	CardBonus int
	Card      int // the Mandatory Event that brings the ruler in; 0 for the initial ruler
}

type leaderInfo struct {
	ID, Name string
	Power    int // NoPower for the Renegade (any power)
	Naval    bool
	Battle   int
	Command  int
	Piracy   int
}

type cardInfo struct {
	Num       int
	Name      string
	CP        int
	Type      int
	Power     int // owner of a home card, else NoPower
	Remove    int
	Entry     int // entry turn (0 when not a turn)
	EntryCond int
	Winter    int // Mandatory Event forced in the Winter of this turn (HIS-19.8), 0 if none
	Optional  bool
}

type unitSetup struct {
	Loc, Power                            int
	Regulars, Mercs, Cavalry, Sq, Corsair int
	Leaders                               []int
}

type scenarioInfo struct {
	ID, Title           string
	FirstTurn, LastTurn int
	Units               []unitSetup
	Control             map[int]int // space -> controller, where it differs from the home power
	ElectorateDisplay   map[int]int // electorate -> Protestant regulars held off-map
	Wars, Alliances     [][2]int
	VP                  [NMajor]int
	Rulers              [NMajor]int
}

var (
	spaces    [NS]spaceInfo
	seas      [NSea]seaInfo
	powers    [NPow]powerInfo
	rulers    []rulerInfo
	leaders   []leaderInfo
	cards     [NC + 1]cardInfo // by card number; 0 unused
	scenarios []scenarioInfo
	// protTrack[n] = {papal VP, Protestant VP} with n Protestant spaces.
	protTrack [][2]int

	spaceByID  = map[string]int{}
	seaByID    = map[string]int{}
	powerByID  = map[string]int{}
	rulerByID  = map[string]int{}
	leaderByID = map[string]int{}
	// adj[a][b] is 1 for an ordinary connection, 2 for a pass, 0 for none.
	adj [NS][NS]uint8
	// seaAdj[a][b] reports adjacent sea zones.
	seaAdj [NSea][NSea]bool
	// electorates and keys in space order.
	electorates, keys []int
	// atlanticZone is the Atlantic Ocean, barred to Genoese and Venetian
	// ships (HIS-16.1g); -1 if the data has none.
	atlanticZone = -1
)

// NL is the number of leaders in the data (army and naval).
func NL() int { return len(leaders) }

type rawData struct {
	Spaces []struct {
		ID, Name string
		Type     string
		Capital  bool
		Home     string
		Lang     string
		Seas     []string
		Adj      []string
		Pass     []string
	}
	Seas []struct {
		ID, Name string
		Adj      []string
	}
	Powers []struct {
		ID, Name        string
		Major           bool
		Capitals        []string
		HomeCards       []int          `json:"home_cards"`
		CardsByKeys     []int          `json:"cards_by_keys"`
		VPByKeys        []int          `json:"vp_by_keys"`
		AutoVictoryKeys int            `json:"auto_victory_keys"`
		Costs           map[string]int `json:"costs"`
		LandCounters    []int          `json:"land_counters"`
		LandBack        string         `json:"land_back"`
		Counters12      int            `json:"land_counters_1_2"`
		Counters4       int            `json:"land_counters_4"`
		NavalCounters   int            `json:"naval_counters"`
		NavalBack       string         `json:"naval_back"`
		SquareMarkers   int            `json:"square_markers"`
	}
	ProtestantTrack [][2]int `json:"protestant_spaces_track"`
	Rulers          []struct {
		ID, Name  string
		Power     string
		Admin     int
		CardBonus int `json:"card_bonus"`
		Card      int
	}
	Leaders []struct {
		ID, Name string
		Power    string
		Naval    bool
		Battle   int
		Command  int
		Piracy   int
	}
	Debaters  []rawDebater
	Reformers []rawReformer
	Cards     []struct {
		N         int
		Name      string
		CP        int
		Type      string
		Remove    any
		Entry     int
		EntryCond string `json:"entry_cond"`
		Power     string
		Winter    int
		Optional  bool
	}
	Scenarios []struct {
		ID, Title string
		FirstTurn int `json:"first_turn"`
		LastTurn  int `json:"last_turn"`
		Units     []struct {
			Space, Power string
			Regulars     int
			Mercenaries  int
			Cavalry      int
			Squadrons    int
			Corsairs     int
			Leaders      []string
		}
		Control           map[string]string
		ElectorateDisplay map[string]int `json:"electorate_display"`
		Wars, Alliances   [][2]string
		VP                map[string]int
		Rulers            map[string]string
	}
}

func init() {
	if err := loadData(dataJSON); err != nil {
		panic("hereistand: bad data.json: " + err.Error())
	}
}

// loadData parses and validates the game data into the tables.
func loadData(raw []byte) error {
	resetTables()
	var d rawData
	if err := json.Unmarshal(raw, &d); err != nil {
		return err
	}
	if len(d.Spaces) != NS {
		return fmt.Errorf("%d land spaces, want %d", len(d.Spaces), NS)
	}
	if len(d.Seas) != NSea {
		return fmt.Errorf("%d sea zones, want %d", len(d.Seas), NSea)
	}
	if len(d.Powers) != NPow {
		return fmt.Errorf("%d powers, want %d", len(d.Powers), NPow)
	}
	for i, p := range d.Powers {
		powerByID[p.ID] = i
	}
	for i, id := range []string{"ottoman", "hapsburg", "england", "france", "papacy", "protestant",
		"genoa", "hungary", "scotland", "venice", "independent"} {
		if powerByID[id] != i || d.Powers[i].ID != id {
			return fmt.Errorf("power %d must be %s", i, id)
		}
	}
	for i, s := range d.Spaces {
		if _, dup := spaceByID[s.ID]; dup {
			return fmt.Errorf("space %s twice", s.ID)
		}
		spaceByID[s.ID] = i
	}
	for i, z := range d.Seas {
		if _, dup := seaByID[z.ID]; dup {
			return fmt.Errorf("sea zone %s twice", z.ID)
		}
		seaByID[z.ID] = i
		seas[i] = seaInfo{ID: z.ID, Name: z.Name}
		if z.ID == "atlantic_ocean" {
			atlanticZone = i
		}
	}
	for i, s := range d.Spaces {
		si := spaceInfo{ID: s.ID, Name: s.Name, Capital: s.Capital}
		switch s.Type {
		case "town":
			si.Type = Town
		case "fortress":
			si.Type = Fortress
		case "electorate":
			si.Type = Electorate
		case "key":
			si.Type = Key
		default:
			return fmt.Errorf("space %s: type %q", s.ID, s.Type)
		}
		if s.Capital && si.Type != Key {
			return fmt.Errorf("space %s: a capital must be a key", s.ID)
		}
		h, ok := powerByID[s.Home]
		if !ok {
			return fmt.Errorf("space %s: home power %q", s.ID, s.Home)
		}
		si.Home = h
		switch s.Lang {
		case "":
			si.Lang = LangNone
		case "german":
			si.Lang = LangGerman
		case "french":
			si.Lang = LangFrench
		case "italian":
			si.Lang = LangItalian
		case "english":
			si.Lang = LangEnglish
		case "spanish":
			si.Lang = LangSpanish
		default:
			return fmt.Errorf("space %s: language zone %q", s.ID, s.Lang)
		}
		for _, z := range s.Seas {
			zi, ok := seaByID[z]
			if !ok {
				return fmt.Errorf("space %s: unknown sea zone %s", s.ID, z)
			}
			si.Seas = append(si.Seas, zi)
			seas[zi].Ports = append(seas[zi].Ports, i)
		}
		for k, list := range [][]string{s.Adj, s.Pass} {
			for _, o := range list {
				j, ok := spaceByID[o]
				if !ok {
					return fmt.Errorf("space %s: connection to unknown space %s", s.ID, o)
				}
				if j == i {
					return fmt.Errorf("space %s: connected to itself", s.ID)
				}
				if adj[i][j] != 0 {
					return fmt.Errorf("space %s: connected twice to %s", s.ID, o)
				}
				adj[i][j] = uint8(k + 1)
			}
		}
		spaces[i] = si
		switch si.Type {
		case Electorate:
			electorates = append(electorates, i)
		case Key:
			keys = append(keys, i)
		}
	}
	for i := range spaces {
		for j := range spaces {
			if adj[i][j] != adj[j][i] {
				return fmt.Errorf("connection %s-%s is not symmetric", spaces[i].ID, spaces[j].ID)
			}
		}
	}
	for i := range spaces {
		var nb []edge
		for j := range spaces {
			if adj[i][j] != 0 {
				nb = append(nb, edge{To: int16(j), Pass: adj[i][j] == 2})
			}
		}
		sort.Slice(nb, func(a, b int) bool { return spaces[nb[a].To].ID < spaces[nb[b].To].ID })
		spaces[i].Nbr = nb
	}
	for i, z := range d.Seas {
		for _, o := range z.Adj {
			j, ok := seaByID[o]
			if !ok {
				return fmt.Errorf("sea zone %s: adjacent to unknown zone %s", z.ID, o)
			}
			if j == i {
				return fmt.Errorf("sea zone %s: adjacent to itself", z.ID)
			}
			seaAdj[i][j] = true
		}
		seas[i].Adj = nil
	}
	for i := range seas {
		for j := range seas {
			if seaAdj[i][j] != seaAdj[j][i] {
				return fmt.Errorf("sea zones %s-%s: adjacency is not symmetric", seas[i].ID, seas[j].ID)
			}
			if seaAdj[i][j] {
				seas[i].Adj = append(seas[i].Adj, j)
			}
		}
	}
	for i, p := range d.Powers {
		pi := powerInfo{ID: p.ID, Name: p.Name, Major: p.Major, HomeCards: p.HomeCards,
			CardsByKeys: p.CardsByKeys, VPByKeys: p.VPByKeys, AutoVictoryKeys: p.AutoVictoryKeys,
			LandBack: p.LandBack, MinorCounters12: p.Counters12, MinorCounters4: p.Counters4,
			NavalCounters: p.NavalCounters, Corsairs: p.NavalBack == "corsair", SquareMarkers: p.SquareMarkers}
		if p.Major != (i < NMajor) {
			return fmt.Errorf("power %s: major must be %v", p.ID, i < NMajor)
		}
		for _, c := range p.Capitals {
			s, ok := spaceByID[c]
			if !ok || !spaces[s].Capital {
				return fmt.Errorf("power %s: capital %s is not a capital space", p.ID, c)
			}
			pi.Capitals = append(pi.Capitals, s)
		}
		if p.Major {
			if len(p.LandCounters) != 4 {
				return fmt.Errorf("power %s: land counters by denomination 1, 2, 4, 6 expected", p.ID)
			}
			copy(pi.LandCounters[:], p.LandCounters)
			for id, c := range p.Costs {
				a := -1
				for k, name := range actionIDs {
					if name == id {
						a = k
					}
				}
				if a < 0 {
					return fmt.Errorf("power %s: unknown action %s", p.ID, id)
				}
				if c < 1 || c > 4 {
					return fmt.Errorf("power %s: action %s costs %d CP (1-4 expected)", p.ID, id, c)
				}
				pi.Cost[a] = c
			}
			// The key track has one box per square marker; uncovering the
			// last one is an automatic military victory (HIS-23.1).
			if p.ID != "protestant" && (len(pi.CardsByKeys) == 0 || len(pi.CardsByKeys) != len(pi.VPByKeys) ||
				len(pi.CardsByKeys)+1 != pi.SquareMarkers || pi.AutoVictoryKeys != pi.SquareMarkers) {
				return fmt.Errorf("power %s: key track of %d/%d boxes for %d square markers and victory at %d keys",
					p.ID, len(pi.CardsByKeys), len(pi.VPByKeys), pi.SquareMarkers, pi.AutoVictoryKeys)
			}
		}
		powers[i] = pi
	}
	protTrack = d.ProtestantTrack
	if len(protTrack) != 50 {
		return fmt.Errorf("Protestant spaces track has %d positions, want 50 (0-49)", len(protTrack))
	}
	for _, r := range d.Rulers {
		p, ok := powerByID[r.Power]
		if !ok || p >= NMajor {
			return fmt.Errorf("ruler %s: power %q", r.ID, r.Power)
		}
		if _, dup := rulerByID[r.ID]; dup {
			return fmt.Errorf("ruler %s twice", r.ID)
		}
		rulerByID[r.ID] = len(rulers)
		rulers = append(rulers, rulerInfo{ID: r.ID, Name: r.Name, Power: p, Admin: r.Admin, CardBonus: r.CardBonus, Card: r.Card})
	}
	for _, l := range d.Leaders {
		li := leaderInfo{ID: l.ID, Name: l.Name, Naval: l.Naval, Battle: l.Battle, Command: l.Command, Piracy: l.Piracy, Power: NoPower}
		if l.Power != "" {
			p, ok := powerByID[l.Power]
			if !ok {
				return fmt.Errorf("leader %s: power %q", l.ID, l.Power)
			}
			li.Power = p
		}
		if !l.Naval && l.Command < 1 {
			return fmt.Errorf("army leader %s: command rating %d", l.ID, l.Command)
		}
		if _, dup := leaderByID[l.ID]; dup {
			return fmt.Errorf("leader %s twice", l.ID)
		}
		leaderByID[l.ID] = len(leaders)
		leaders = append(leaders, li)
	}
	if len(d.Cards) != NC {
		return fmt.Errorf("%d cards, want %d", len(d.Cards), NC)
	}
	for i, c := range d.Cards {
		if c.N != i+1 {
			return fmt.Errorf("card %d is listed as number %d", i+1, c.N)
		}
		ci := cardInfo{Num: c.N, Name: c.Name, CP: c.CP, Entry: c.Entry, Winter: c.Winter, Optional: c.Optional, Power: NoPower}
		switch c.Type {
		case "event":
			ci.Type = CardEvent
		case "home":
			ci.Type = CardHome
		case "mandatory":
			ci.Type = CardMandatory
		case "response":
			ci.Type = CardResponse
		case "combat":
			ci.Type = CardCombat
		default:
			return fmt.Errorf("card %d: type %q", c.N, c.Type)
		}
		switch c.Remove {
		case true:
			ci.Remove = RemoveCard
		case false:
			ci.Remove = KeepCard
		case "conditional":
			ci.Remove = RemoveConditional
		default:
			return fmt.Errorf("card %d: remove %v", c.N, c.Remove)
		}
		switch c.EntryCond {
		case "":
			ci.EntryCond = EntryTurn
			if c.Entry < 1 || c.Entry > 9 {
				return fmt.Errorf("card %d: entry turn %d", c.N, c.Entry)
			}
		case "succession":
			ci.EntryCond = EntrySuccession
		case "variable":
			ci.EntryCond = EntryVariable
		case "start_in_hand":
			ci.EntryCond = EntryStartInHand
		default:
			return fmt.Errorf("card %d: entry condition %q", c.N, c.EntryCond)
		}
		if c.Power != "" {
			p, ok := powerByID[c.Power]
			if !ok {
				return fmt.Errorf("card %d: power %q", c.N, c.Power)
			}
			ci.Power = p
		}
		if (ci.Type == CardHome) != (ci.Power != NoPower) {
			return fmt.Errorf("card %d: only home cards have an owning power", c.N)
		}
		if ci.CP < 0 || ci.CP > 6 || (ci.CP == 0 && ci.EntryCond != EntryStartInHand) {
			return fmt.Errorf("card %d: %d CP", c.N, ci.CP)
		}
		if ci.Optional != (c.N > NBase) {
			return fmt.Errorf("card %d: only cards above %d are optional", c.N, NBase)
		}
		cards[c.N] = ci
	}
	for p := 0; p < NMajor; p++ {
		for _, h := range powers[p].HomeCards {
			if h < 1 || h > NC || cards[h].Type != CardHome || cards[h].Power != p {
				return fmt.Errorf("power %s: home card %d", powers[p].ID, h)
			}
		}
	}
	for _, r := range rulers {
		if r.Card != 0 && (r.Card > NC || cards[r.Card].Type != CardMandatory) {
			return fmt.Errorf("ruler %s: card %d is not a Mandatory Event", r.ID, r.Card)
		}
	}
	if err := loadReligion(d.Debaters, d.Reformers); err != nil {
		return err
	}
	for _, s := range d.Scenarios {
		sc, err := loadScenario(s.ID, s.Title, s.FirstTurn, s.LastTurn, s.Units, s.Control, s.ElectorateDisplay,
			s.Wars, s.Alliances, s.VP, s.Rulers)
		if err != nil {
			return fmt.Errorf("scenario %s: %v", s.ID, err)
		}
		scenarios = append(scenarios, sc)
	}
	if len(scenarios) == 0 {
		return fmt.Errorf("no scenarios")
	}
	return nil
}

func loadScenario(id, title string, first, last int, units []struct {
	Space, Power string
	Regulars     int
	Mercenaries  int
	Cavalry      int
	Squadrons    int
	Corsairs     int
	Leaders      []string
}, control map[string]string, display map[string]int, wars, alliances [][2]string,
	vp map[string]int, rul map[string]string) (scenarioInfo, error) {
	sc := scenarioInfo{ID: id, Title: title, FirstTurn: first, LastTurn: last,
		Control: map[int]int{}, ElectorateDisplay: map[int]int{}}
	if first < 1 || last > 9 || first > last {
		return sc, fmt.Errorf("turns %d-%d", first, last)
	}
	for _, u := range units {
		s, ok := spaceByID[u.Space]
		if !ok {
			return sc, fmt.Errorf("units in unknown space %s", u.Space)
		}
		p, ok := powerByID[u.Power]
		if !ok {
			return sc, fmt.Errorf("units of unknown power %s", u.Power)
		}
		us := unitSetup{Loc: s, Power: p, Regulars: u.Regulars, Mercs: u.Mercenaries, Cavalry: u.Cavalry,
			Sq: u.Squadrons, Corsair: u.Corsairs}
		if (us.Sq > 0 || us.Corsair > 0) && !spaces[s].port() {
			return sc, fmt.Errorf("naval units in %s, which is not a port", u.Space)
		}
		for _, l := range u.Leaders {
			li, ok := leaderByID[l]
			if !ok {
				return sc, fmt.Errorf("unknown leader %s", l)
			}
			if leaders[li].Power != p {
				return sc, fmt.Errorf("leader %s set up with %s units", l, u.Power)
			}
			us.Leaders = append(us.Leaders, li)
		}
		sc.Units = append(sc.Units, us)
	}
	for sp, who := range control {
		s, ok := spaceByID[sp]
		if !ok {
			return sc, fmt.Errorf("control of unknown space %s", sp)
		}
		p := NoPower
		if who != "" {
			if p, ok = powerByID[who]; !ok {
				return sc, fmt.Errorf("control of %s by unknown power %s", sp, who)
			}
		}
		sc.Control[s] = p
	}
	for sp, n := range display {
		s, ok := spaceByID[sp]
		if !ok || spaces[s].Type != Electorate {
			return sc, fmt.Errorf("electorate display: %s is not an electorate", sp)
		}
		sc.ElectorateDisplay[s] = n
	}
	pair := func(list [][2]string) ([][2]int, error) {
		var out [][2]int
		for _, w := range list {
			a, okA := powerByID[w[0]]
			b, okB := powerByID[w[1]]
			if !okA || !okB || a == b {
				return nil, fmt.Errorf("bad pair %s-%s", w[0], w[1])
			}
			out = append(out, [2]int{a, b})
		}
		return out, nil
	}
	var err error
	if sc.Wars, err = pair(wars); err != nil {
		return sc, fmt.Errorf("wars: %v", err)
	}
	if sc.Alliances, err = pair(alliances); err != nil {
		return sc, fmt.Errorf("alliances: %v", err)
	}
	for p := 0; p < NMajor; p++ {
		v, ok := vp[powers[p].ID]
		if !ok {
			return sc, fmt.Errorf("no starting VP for %s", powers[p].ID)
		}
		sc.VP[p] = v
		r, ok := rulerByID[rul[powers[p].ID]]
		if !ok || rulers[r].Power != p {
			return sc, fmt.Errorf("ruler of %s: %q", powers[p].ID, rul[powers[p].ID])
		}
		sc.Rulers[p] = r
	}
	return sc, nil
}

// resetTables empties every table so that loadData can run again.
func resetTables() {
	spaces = [NS]spaceInfo{}
	seas = [NSea]seaInfo{}
	powers = [NPow]powerInfo{}
	rulers, leaders, scenarios, protTrack = nil, nil, nil, nil
	cards = [NC + 1]cardInfo{}
	spaceByID, seaByID, powerByID = map[string]int{}, map[string]int{}, map[string]int{}
	rulerByID, leaderByID = map[string]int{}, map[string]int{}
	adj = [NS][NS]uint8{}
	seaAdj = [NSea][NSea]bool{}
	electorates, keys = nil, nil
	debaters, reformers = nil, nil
	debaterByID, reformerByID = map[string]int{}, map[string]int{}
}

// scenarioByID finds a scenario's facts.
func scenarioByID(id string) (*scenarioInfo, bool) {
	for i := range scenarios {
		if scenarios[i].ID == id {
			return &scenarios[i], true
		}
	}
	return nil, false
}
