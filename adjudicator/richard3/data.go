package richard3

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/pbem/pbem/adjudicator/orders"
)

//go:embed data.json
var dataJSON []byte

// Side is a House: Lancaster (red) or York (white). The black Rebel block
// has side Rebel and fights for whoever is Pretender.
type Side int8

// Sides.
const (
	Lancaster Side = 0
	York      Side = 1
	Rebel     Side = 2
	NoSide    Side = -1
)

func (s Side) String() string {
	switch s {
	case Lancaster:
		return "Lancaster"
	case York:
		return "York"
	case Rebel:
		return "Rebel"
	}
	return "nobody"
}

// Other returns the opposing House.
func (s Side) Other() Side { return 1 - s }

func sideOf(s string) Side {
	switch s {
	case "lancaster":
		return Lancaster
	case "york":
		return York
	case "rebel":
		return Rebel
	}
	return NoSide
}

// Block types.
type btype int8

const (
	tHeir btype = iota
	tNoble
	tChurch
	tLevy
	tBombard
	tMerc
	tRebel
)

// Sea zones as bits.
const (
	seaNorth   = 1
	seaChannel = 2
	seaIrish   = 4
)

var seaNames = []string{"North Sea", "English Channel", "Irish Sea"}

type area struct {
	ID, Name  string
	Exile     Side // NoSide for England and Wales
	Shields   []string
	City      string
	Cathedral string
	Crown     bool
	Wales     bool
	Port      bool // major port
	Island    bool
	Seas      uint8
	Limit     int
	Adj       []adj
}

type adj struct {
	To     int
	Border int
}

type border struct {
	A, B  int
	Color byte // 'y', 'b', 'r'
	Limit int
}

type block struct {
	ID, Name   string
	Side       Side
	Type       btype
	Steps      int8
	Ini        byte
	FP         int8
	Rank       int8 // heirs: 1..5
	Loyalty    int8 // 0 = cannot defect
	LoyWarwick int8 // Kent and Salisbury: loyalty against Warwick
	Rose       bool
	Shields    []string
	Home       []int
	Counter    int // other version, -1
	Neville    bool
	NoSea      bool
	NoWarwick  bool
	Permanent  bool
	HeirOf     Side // defected heir version (Clarence for Lancaster, Exeter for York)
	City       string
	Cathedral  string
	CalaisHome bool
}

type card struct {
	ID, Name string
	Value    int
	Event    string
}

type scenario struct {
	Name      string `json:"name"`
	Campaign  int    `json:"campaign"`
	King      string `json:"king"`
	Pretender string `json:"pretender"`
}

type rawData struct {
	Areas []struct {
		ID        string   `json:"id"`
		Name      string   `json:"name"`
		ExileOf   string   `json:"exile_of"`
		Shields   []string `json:"shields"`
		City      string   `json:"city"`
		Cathedral string   `json:"cathedral"`
		Crown     bool     `json:"crown"`
		Wales     bool     `json:"wales"`
		Seas      []string `json:"seas"`
		Port      bool     `json:"port"`
		Island    bool     `json:"island"`
		Limit     int      `json:"limit"`
	} `json:"areas"`
	Borders [][3]string `json:"borders"`
	Blocks  []struct {
		ID         string   `json:"id"`
		Name       string   `json:"name"`
		Side       string   `json:"side"`
		Type       string   `json:"type"`
		Steps      int8     `json:"steps"`
		Rating     string   `json:"rating"`
		Rank       int8     `json:"rank"`
		Loyalty    int8     `json:"loyalty"`
		LoyWarwick int8     `json:"loyalty_warwick"`
		Rose       string   `json:"rose"`
		Shields    []string `json:"shields"`
		Home       []string `json:"home"`
		Counter    string   `json:"counterpart"`
		Neville    bool     `json:"neville"`
		NoSea      bool     `json:"no_sea"`
		NoWarwick  bool     `json:"no_warwick"`
		Permanent  bool     `json:"permanent"`
		HeirOf     string   `json:"heir_of"`
		City       string   `json:"city"`
		Cathedral  string   `json:"cathedral"`
		CalaisHome []string `json:"calais_home"`
	} `json:"blocks"`
	Cards     []card                       `json:"cards"`
	Setups    map[string]map[string]string `json:"setups"`
	Scenarios map[string]scenario          `json:"scenarios"`
}

// Static game data, built once.
var (
	areas     []area
	borders   []border
	blocks    []block
	cards     []card
	setups    map[string]map[string]string
	scenarios map[string]scenario
	areaIdx   = map[string]int{}
	blockIdx  = map[string]int{}
	borderAt  [][]int // borderAt[a][b] = border index or -1
	areaNames []orders.Name
	// battleAreaNames name areas by display name, as battle decisions do.
	battleAreaNames []orders.Name
	areaByName      = map[string]int{}

	// convenient indices
	aMiddlesex, aCalais, aFrance, aIreland, aScotland, aIsleOfMan, aCornwall int
	bRebel, bWarwickY, bWarwickL                                             int
	heirsOf                                                                  [2][5]int // by rank-1
	cityArea                                                                 = map[string]int{}
	cathedralArea                                                            = map[string]int{}
)

// nBlocks and nAreas are the numbers of blocks and playable areas.
var nBlocks, nAreas int

func init() {
	var raw rawData
	if err := json.Unmarshal(dataJSON, &raw); err != nil {
		panic("richard3: bad data.json: " + err.Error())
	}
	for i, a := range raw.Areas {
		ar := area{ID: a.ID, Name: a.Name, Exile: sideOf(a.ExileOf), Shields: a.Shields, City: a.City,
			Cathedral: a.Cathedral, Crown: a.Crown, Wales: a.Wales, Port: a.Port, Island: a.Island, Limit: a.Limit}
		if a.ExileOf == "" {
			ar.Exile = NoSide
		}
		for _, s := range a.Seas {
			switch s {
			case "north_sea":
				ar.Seas |= seaNorth
			case "english_channel":
				ar.Seas |= seaChannel
			case "irish_sea":
				ar.Seas |= seaIrish
			}
		}
		areas = append(areas, ar)
		areaIdx[a.ID] = i
		if a.City != "" {
			cityArea[a.City] = i
		}
		if a.Cathedral != "" {
			cathedralArea[a.Cathedral] = i
		}
	}
	nAreas = len(areas)
	if nAreas > maxAreas {
		panic("richard3: data.json has more areas than the state's tables hold")
	}
	borderAt = make([][]int, nAreas)
	for i := range borderAt {
		borderAt[i] = make([]int, nAreas)
		for j := range borderAt[i] {
			borderAt[i][j] = -1
		}
	}
	for i, b := range raw.Borders {
		x, y := mustArea(b[0]), mustArea(b[1])
		bd := border{A: x, B: y, Color: b[2][0]}
		switch bd.Color {
		case 'y':
			bd.Limit = 4
		case 'b':
			bd.Limit = 3
		default:
			bd.Limit = 2
		}
		borders = append(borders, bd)
		borderAt[x][y], borderAt[y][x] = i, i
		areas[x].Adj = append(areas[x].Adj, adj{y, i})
		areas[y].Adj = append(areas[y].Adj, adj{x, i})
	}
	for i := range areas {
		sort.Slice(areas[i].Adj, func(p, q int) bool { return areas[i].Adj[p].To < areas[i].Adj[q].To })
	}
	for i, b := range raw.Blocks {
		blockIdx[b.ID] = i
	}
	for _, b := range raw.Blocks {
		bl := block{ID: b.ID, Name: b.Name, Side: sideOf(b.Side), Steps: b.Steps, Ini: b.Rating[0],
			FP: int8(b.Rating[1] - '0'), Rank: b.Rank, Loyalty: b.Loyalty, LoyWarwick: b.LoyWarwick,
			Rose: b.Rose != "", Shields: b.Shields, Counter: -1, Neville: b.Neville, NoSea: b.NoSea,
			NoWarwick: b.NoWarwick, Permanent: b.Permanent, HeirOf: sideOf(b.HeirOf), City: b.City,
			Cathedral: b.Cathedral, CalaisHome: len(b.CalaisHome) > 0}
		if b.HeirOf == "" {
			bl.HeirOf = NoSide
		}
		switch b.Type {
		case "heir":
			bl.Type = tHeir
		case "noble":
			bl.Type = tNoble
		case "church":
			bl.Type = tChurch
		case "levy":
			bl.Type = tLevy
		case "bombard":
			bl.Type = tBombard
		case "mercenary":
			bl.Type = tMerc
		case "rebel":
			bl.Type = tRebel
		default:
			panic("richard3: block type " + b.Type)
		}
		if b.Counter != "" {
			bl.Counter = blockIdx[b.Counter]
		}
		for _, h := range b.Home {
			bl.Home = append(bl.Home, mustArea(h))
		}
		blocks = append(blocks, bl)
	}
	nBlocks = len(blocks)
	if nBlocks > 64 {
		panic("richard3: too many blocks for bit sets")
	}
	cards = raw.Cards
	setups = raw.Setups
	scenarios = raw.Scenarios
	aMiddlesex, aCalais, aFrance = mustArea("middlesex"), mustArea("calais"), mustArea("france")
	aIreland, aScotland, aIsleOfMan, aCornwall = mustArea("ireland"), mustArea("scotland"), mustArea("isle_of_man"), mustArea("cornwall")
	bRebel, bWarwickY, bWarwickL = blockIdx["rebel"], blockIdx["warwick_y"], blockIdx["warwick_l"]
	for i, b := range blocks {
		if b.Type == tHeir {
			heirsOf[b.Side][b.Rank-1] = i
		}
	}
	for i, a := range areas {
		n := orders.Name{ID: a.ID, Aliases: []string{a.Name}}
		switch a.ID {
		case "middlesex":
			n.Aliases = append(n.Aliases, "London")
		case "northumbria":
			n.Aliases = append(n.Aliases, "Northumberland")
		case "wilts":
			n.Aliases = append(n.Aliases, "Wiltshire")
		}
		areaNames = append(areaNames, n)
		battleAreaNames = append(battleAreaNames, orders.Name{ID: a.Name, Aliases: append([]string{a.ID}, n.Aliases[1:]...)})
		areaByName[a.Name] = i
	}
}

func mustArea(id string) int {
	i, ok := areaIdx[id]
	if !ok {
		panic("richard3: unknown area " + id)
	}
	return i
}

// shortName is the name a player uses for a block.
func (b *block) label() string { return b.Name }

// rating renders e.g. "B2".
func (b *block) rating() string { return fmt.Sprintf("%c%d", b.Ini, b.FP) }

// isMerc reports whether the block is a mercenary.
func (b *block) isMerc() bool { return b.Type == tMerc }

// homeExile is the area where an eliminated or disbanded mercenary goes,
// or -1 (the Welsh go to the Lancaster pool).
func (b *block) homeExile() int {
	if b.Type != tMerc || len(b.Home) == 0 {
		return -1
	}
	return b.Home[0]
}

// aliases players may use for a block besides its name.
func blockAliases(i int) []string {
	b := &blocks[i]
	var out []string
	switch b.Type {
	case tMerc:
		// "Irish Mercenary" -> "Irish", "Irish merc"
		w := b.Name[:len(b.Name)-len(" Mercenary")]
		out = append(out, w, w+" merc")
	case tHeir:
		switch b.ID {
		case "york":
			out = append(out, "Duke of York", "Richard of York")
		case "march":
			out = append(out, "Edward IV", "Edward of March")
		case "gloucester":
			out = append(out, "Richard III")
		case "richmond":
			out = append(out, "Henry Tudor")
		case "henry_vi":
			out = append(out, "Henry", "King Henry")
		case "prince_edward":
			out = append(out, "Edward")
		}
	case tChurch:
		out = append(out, b.Name[:len(b.Name)-len(" Church")]+" archbishop")
	}
	return out
}
