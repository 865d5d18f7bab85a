package hammer

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// The component facts (map, blocks, cards, set-ups) live in data.json and
// are loaded once into the fixed tables below, indexed by number, so that
// a game state is a handful of small arrays.

//go:embed data.json
var dataJSON []byte

// Sides. England moves red blocks, Scotland blue ones.
const (
	England  = 0
	Scotland = 1
)

// Sizes of the tables.
const (
	NA = 23 // map areas; area 0 is England
	NB = 56 // blocks (a multiple of 8: clearTurn)
	NK = 49 // borders
	NC = 25 // cards
	NN = 14 // nobles
)

// Special locations of a block (Loc values beyond the map areas).
const (
	LocPool    = 23 // its owner's draw pool
	LocAside   = 24 // set aside (the Scottish King, the French knights)
	LocRemoved = 25 // out of the game for good
	LocOut     = 26 // the other colour of a noble whose block is in play
)

// AreaEngland is England's area number.
const AreaEngland = 0

// Block types.
const (
	TLeader = iota
	TKing
	TInfantry
	TCavalry
	TArchers
	TNorse
	TKnights
	TNoble
	THobelars
)

// Card events.
const (
	EvNone = iota
	EvHerald
	EvPillage
	EvSeaMove
	EvTruce
	EvVictuals
)

type areaInfo struct {
	ID, Name  string
	Castle    int
	Cathedral bool
	Coastal   bool
	Nbr       []int // neighbouring areas
	Brd       []int // border number for each neighbour
}

type borderInfo struct {
	A, B   int
	Red    bool
	AngSco bool
}

type blockInfo struct {
	ID, Name string
	Side     int
	Type     int
	Max      int
	Letter   byte // 'A', 'B' or 'C'
	Fire     int
	Move     int
	Cross    bool
	Celtic   bool
	Noble    int    // noble number, or -1
	Faction  string // "bruce", "comyn" or ""
	Home     []int
	Partner  int // the other colour of the same noble, or -1
	Label    string
}

type cardInfo struct {
	ID, Name string
	Value    int
	Event    int
}

type nobleInfo struct {
	Name    string
	Faction string
	Blocks  [2]int // block per side (-1 if none: Moray has no red block)
}

var (
	areas   [NA]areaInfo
	borders [NK]borderInfo
	blocks  [NB]blockInfo
	cards   [NC]cardInfo
	nobles  [NN]nobleInfo
	// adj[a][b] is the border number between a and b, or -1.
	adj [NA][NA]int8
	// setups by scenario data key: block -> location.
	setupLoc   = map[string][NB]int8{}
	scenYears  = map[string][2]int{}
	areaByID   = map[string]int{}
	blockByID  = map[string]int{}
	bWallace   int
	bKing      int
	bEdward    int
	bNorse     int
	bFrench    int
	bMoray     int
	bHobelars  int
	nobleBruce int
	nobleComyn int
)

type rawData struct {
	Areas []struct {
		ID        string   `json:"id"`
		Name      string   `json:"name"`
		Castle    int      `json:"castle"`
		Cathedral bool     `json:"cathedral"`
		Coastal   bool     `json:"coastal"`
		HomeOf    []string `json:"home_of"`
	} `json:"areas"`
	Borders []struct {
		A, B   string
		Type   string `json:"type"`
		AngSco bool   `json:"anglo_scottish"`
	} `json:"borders"`
	Blocks []struct {
		ID          string   `json:"id"`
		Name        string   `json:"name"`
		Side        string   `json:"side"`
		Type        string   `json:"type"`
		Max         int      `json:"max_steps"`
		Initiative  string   `json:"initiative"`
		Firepower   int      `json:"firepower"`
		Move        int      `json:"move"`
		Cross       bool     `json:"cross"`
		Noble       string   `json:"noble"`
		Faction     string   `json:"faction"`
		Home        []string `json:"home"`
		Counterpart string   `json:"counterpart"`
		Celtic      bool     `json:"celtic"`
	} `json:"blocks"`
	Cards []struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Value int    `json:"value"`
		Event string `json:"event"`
	} `json:"cards"`
	Setups    map[string]map[string]string `json:"setups"`
	Scenarios map[string]struct {
		Name      string `json:"name"`
		FirstYear int    `json:"first_year"`
		LastYear  int    `json:"last_year"`
	} `json:"scenarios"`
}

func init() {
	if err := loadData(); err != nil {
		panic("hammer: bad data.json: " + err.Error())
	}
}

func loadData() error {
	var d rawData
	if err := json.Unmarshal(dataJSON, &d); err != nil {
		return err
	}
	if len(d.Areas) != NA || len(d.Borders) != NK || len(d.Blocks) != NB || len(d.Cards) != NC {
		return fmt.Errorf("table sizes %d/%d/%d/%d", len(d.Areas), len(d.Borders), len(d.Blocks), len(d.Cards))
	}
	for i, a := range d.Areas {
		areas[i] = areaInfo{ID: a.ID, Name: a.Name, Castle: a.Castle, Cathedral: a.Cathedral, Coastal: a.Coastal}
		areaByID[a.ID] = i
	}
	if areaByID["england"] != AreaEngland {
		return fmt.Errorf("england must be area 0")
	}
	for i := range adj {
		for j := range adj[i] {
			adj[i][j] = -1
		}
	}
	for k, b := range d.Borders {
		a, okA := areaByID[b.A]
		c, okB := areaByID[b.B]
		if !okA || !okB {
			return fmt.Errorf("border %s-%s", b.A, b.B)
		}
		borders[k] = borderInfo{A: a, B: c, Red: b.Type == "red", AngSco: b.AngSco}
		adj[a][c], adj[c][a] = int8(k), int8(k)
		areas[a].Nbr = append(areas[a].Nbr, c)
		areas[a].Brd = append(areas[a].Brd, k)
		areas[c].Nbr = append(areas[c].Nbr, a)
		areas[c].Brd = append(areas[c].Brd, k)
	}
	nobleNum := map[string]int{}
	for i, b := range d.Blocks {
		bi := blockInfo{ID: b.ID, Name: b.Name, Max: b.Max, Fire: b.Firepower, Move: b.Move, Cross: b.Cross,
			Celtic: b.Celtic, Noble: -1, Faction: b.Faction, Partner: -1}
		if b.Side == "scotland" {
			bi.Side = Scotland
		}
		bi.Letter = b.Initiative[0]
		switch b.Type {
		case "leader":
			bi.Type = TLeader
		case "king":
			bi.Type = TKing
		case "infantry":
			bi.Type = TInfantry
		case "cavalry":
			bi.Type = TCavalry
		case "archers":
			bi.Type = TArchers
		case "norse":
			bi.Type = TNorse
		case "knights":
			bi.Type = TKnights
		case "noble":
			bi.Type = TNoble
		case "hobelars":
			bi.Type = THobelars
		default:
			return fmt.Errorf("block type %q", b.Type)
		}
		for _, h := range b.Home {
			bi.Home = append(bi.Home, areaByID[h])
		}
		bi.Label = bi.Name
		if bi.Type == TNoble {
			n, ok := nobleNum[b.Noble]
			if !ok {
				n = len(nobleNum)
				nobleNum[b.Noble] = n
				nobles[n] = nobleInfo{Name: b.Name, Faction: b.Faction, Blocks: [2]int{-1, -1}}
			}
			bi.Noble = n
			nobles[n].Blocks[bi.Side] = i
			bi.Label = b.Name + " noble"
		}
		switch b.ID {
		case "scottish_king":
			bi.Name, bi.Label = "King", "Scots King"
		case "edward":
			bi.Name, bi.Label = "Edward", "King Edward"
		}
		blocks[i] = bi
		blockByID[b.ID] = i
	}
	if len(nobleNum) != NN {
		return fmt.Errorf("%d nobles", len(nobleNum))
	}
	for i := range blocks {
		if blocks[i].Noble >= 0 {
			blocks[i].Partner = nobles[blocks[i].Noble].Blocks[1-blocks[i].Side]
		}
	}
	for i, c := range d.Cards {
		ci := cardInfo{ID: c.ID, Name: c.Name, Value: c.Value}
		switch c.Event {
		case "herald":
			ci.Event = EvHerald
		case "pillage":
			ci.Event = EvPillage
		case "sea_move":
			ci.Event = EvSeaMove
		case "truce":
			ci.Event = EvTruce
		case "victuals":
			ci.Event = EvVictuals
		}
		cards[i] = ci
	}
	for scen, m := range d.Setups {
		var locs [NB]int8
		for id, where := range m {
			b, ok := blockByID[id]
			if !ok {
				return fmt.Errorf("setup %s: block %s", scen, id)
			}
			switch where {
			case "pool":
				locs[b] = LocPool
			case "set_aside":
				locs[b] = LocAside
			case "removed":
				locs[b] = LocRemoved
			case "not_in_play":
				locs[b] = LocOut
			default:
				a, ok := areaByID[where]
				if !ok {
					return fmt.Errorf("setup %s: area %s", scen, where)
				}
				locs[b] = int8(a)
			}
		}
		setupLoc[scen] = locs
	}
	for k, s := range d.Scenarios {
		scenYears[k] = [2]int{s.FirstYear, s.LastYear}
	}
	bWallace = blockByID["wallace"]
	bKing = blockByID["scottish_king"]
	bEdward = blockByID["edward"]
	bNorse = blockByID["norse"]
	bFrench = blockByID["french_knights"]
	bMoray = blockByID["moray"]
	bHobelars = blockByID["hobelars"]
	nobleBruce = blocks[blockByID["bruce_scot"]].Noble
	nobleComyn = blocks[blockByID["comyn_scot"]].Noble
	initNames()
	initReplacer()
	return nil
}

// castleFor is the castle limit (and RPs) of area a for side s: the Scots
// add one for a cathedral (1.3).
func castleFor(a, s int) int {
	c := areas[a].Castle
	if s == Scotland && areas[a].Cathedral {
		c++
	}
	return c
}

func isHome(b, a int) bool {
	for _, h := range blocks[b].Home {
		if h == a {
			return true
		}
	}
	return false
}

func sideName(s int) string {
	if s == England {
		return "England"
	}
	return "Scotland"
}

func sideRole(s int) string {
	if s == England {
		return "england"
	}
	return "scotland"
}

func areaName(a int) string { return areas[a].Name }
