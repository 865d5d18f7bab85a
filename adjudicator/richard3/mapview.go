package richard3

import (
	"encoding/json"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The schematic map: each area's position and region, the canvas and the
// sea zones, from the "pos", "region" and "map" entries of data.json.
var mapData = loadMapData()

type seaNode struct {
	ID   string     `json:"id"`
	Name string     `json:"name"`
	Pos  [2]float64 `json:"pos"`
}

type mapInfo struct {
	Width   float64   `json:"width"`
	Height  float64   `json:"height"`
	Regions []string  `json:"regions"`
	Seas    []seaNode `json:"seas"`
	// per area, in data order
	pos    [][2]float64
	region []string
}

func loadMapData() mapInfo {
	var raw struct {
		Areas []struct {
			Pos    [2]float64 `json:"pos"`
			Region string     `json:"region"`
		} `json:"areas"`
		Map mapInfo `json:"map"`
	}
	if err := json.Unmarshal(dataJSON, &raw); err != nil {
		panic("richard3: bad map data: " + err.Error())
	}
	m := raw.Map
	for _, a := range raw.Areas {
		m.pos = append(m.pos, a.Pos)
		m.region = append(m.region, a.Region)
	}
	return m
}

// Border types of the map (R3-5.21), in legend order.
var r3BorderTypes = []board.BorderType{
	{ID: "yellow", Name: "yellow border: 4 blocks may cross", Stroke: board.Stroke{Color: "#d4a017", Width: 4}},
	{ID: "blue", Name: "blue border: 3 blocks may cross", Stroke: board.Stroke{Color: "#2e6fbf", Width: 3}},
	{ID: "red", Name: "red border: 2 blocks, and they stop", Stroke: board.Stroke{Color: "#c0392b", Width: 2.5}},
	{ID: "sea", Name: "sea zone: ports and coasts it touches", Stroke: board.Stroke{Color: "#7fa7c9", Width: 1, Dash: []float64{4, 4}}},
}

// r3MapWords gives the map's English words as catalogue messages, for
// readers of other languages; area, block and side names stay as printed.
var r3MapWords = func() map[string]msg.M {
	w := map[string]msg.M{
		"port": msg.New("r3.map.port"), "city": msg.New("r3.map.city"), "cathedral": msg.New("r3.map.cathedral"),
		"crown": msg.New("r3.map.crown"), "exile of Lancaster": msg.New("r3.map.exile", "Side", "Lancaster"),
		"exile of York": msg.New("r3.map.exile", "Side", "York"),
		"King":          msg.New("r3.ev.title_king"), "Pretender": msg.New("r3.ev.title_pretender"),
	}
	for _, bt := range r3BorderTypes {
		w[bt.Name] = msg.New("r3.map.border_" + bt.ID)
	}
	return w
}()

var r3Sides = []board.Side{
	{Role: RoleLancaster, Name: "Lancaster", Color: "#b22222"},
	{Role: RoleYork, Name: "York", Color: "#5f5f5f"},
}

func colorID(c byte) string {
	switch c {
	case 'y':
		return "yellow"
	case 'b':
		return "blue"
	}
	return "red"
}

// MapView implements board.Viewer: the map as role may see it, under the
// rules of View. A player sees his own blocks by name and strength and the
// enemy's only as a number of blocks per area; the GM sees every block.
// Moves of the current game turn are drawn from the area each block
// crossed its last border from (or from the sea zone it sailed through).
func (s *State) MapView(role adjudicator.Role) board.Map {
	me := sideOfRole(role)
	gm := role == adjudicator.GM
	sees := func(sd Side) bool { return gm || (me != NoSide && sd == me) }
	title := "Richard III — " + s.label()
	if gm {
		title += " (GM)"
	} else if me != NoSide {
		title += " (" + me.String() + ")"
	}
	m := board.Map{Game: "richard-iii", Title: title, Reader: role, Width: mapData.Width, Height: mapData.Height,
		Sides: r3Sides, BorderTypes: r3BorderTypes, Regions: append([]string(nil), mapData.Regions...), Words: r3MapWords}
	m.Regions = append(m.Regions, "Seas")
	for a := 0; a < nAreas; a++ {
		ar := &areas[a]
		x := board.Area{ID: ar.ID, Name: ar.Name, Kind: board.Land,
			Pos: board.Point{X: mapData.pos[a][0], Y: mapData.pos[a][1]}, Region: mapData.region[a]}
		switch {
		case ar.Exile != NoSide:
			x.Kind = board.Exile
			x.Markers = append(x.Markers, "exile of "+ar.Exile.String())
		case ar.Port:
			x.Kind = board.Port
		}
		if ar.Port && ar.Exile == NoSide {
			x.Markers = append(x.Markers, "port")
		}
		if ar.City != "" {
			x.Markers = append(x.Markers, "city")
		}
		if ar.Cathedral != "" {
			x.Markers = append(x.Markers, "cathedral")
		}
		if ar.Crown {
			x.Markers = append(x.Markers, "crown")
		}
		for _, sd := range []Side{Lancaster, York} {
			if sees(sd) {
				for i := 0; i < nBlocks; i++ {
					if int(s.Loc[i]) == a && s.owner(i) == sd {
						x.Pieces = append(x.Pieces, s.mapPiece(i))
					}
				}
			} else if n := s.count(a, sd); n > 0 {
				x.Pieces = append(x.Pieces, board.Piece{Owner: roleOf(sd), Count: n, Hidden: true})
			}
		}
		m.Areas = append(m.Areas, x)
	}
	for _, z := range mapData.Seas {
		m.Areas = append(m.Areas, board.Area{ID: z.ID, Name: z.Name, Kind: board.Sea,
			Pos: board.Point{X: z.Pos[0], Y: z.Pos[1]}, Region: "Seas"})
	}
	for _, b := range borders {
		m.Borders = append(m.Borders, board.Border{A: areas[b.A].ID, B: areas[b.B].ID, Type: colorID(b.Color)})
	}
	for a := 0; a < nAreas; a++ {
		for z := range mapData.Seas {
			if areas[a].Seas&seaBit(z) != 0 {
				m.Borders = append(m.Borders, board.Border{A: areas[a].ID, B: mapData.Seas[z].ID, Type: "sea"})
			}
		}
	}
	m.Moves = s.mapMoves(sees)
	m.Battles = s.mapBattles()
	if s.Finished {
		m.Notes = append(m.Notes, s.Result)
	}
	return m
}

func (s *State) mapPiece(i int) board.Piece {
	b := &blocks[i]
	p := board.Piece{Owner: roleOf(s.owner(i)), Label: b.Name, Value: int(s.Str[i]), Max: int(b.Steps), Detail: b.rating()}
	switch {
	case i == s.kingBlock():
		p.Detail += ", King"
	case i == s.pretenderBlock():
		p.Detail += ", Pretender"
	}
	return p
}

// mapMoves groups this turn's moves by side and last hop. The enemy's are
// shown as counts, as the move events tell them.
func (s *State) mapMoves(sees func(Side) bool) []board.Move {
	var l board.MoveList
	for i := 0; i < nBlocks; i++ {
		if !onMap(s.Loc[i]) || s.Fl[i]&fMoved == 0 || s.Entry[i] == 0 {
			continue
		}
		to := int(s.Loc[i])
		sd := s.owner(i)
		var from string
		sea := s.Entry[i] >= 100
		if sea {
			z := int(s.Entry[i]) - 100
			if z < 0 || z >= len(mapData.Seas) {
				continue
			}
			from = mapData.Seas[z].ID
		} else {
			bd := borders[s.Entry[i]-1]
			o := bd.A
			if o == to {
				o = bd.B
			}
			from = areas[o].ID
		}
		label := ""
		if sees(sd) {
			label = blocks[i].Name
		}
		l.Add(roleOf(sd), from, areas[to].ID, sea, label)
	}
	return l.Moves()
}

// mapBattles marks every area holding both Houses' blocks: the battle in
// progress and those still to fight.
func (s *State) mapBattles() []board.Battle {
	var out []board.Battle
	for a := 0; a < nAreas; a++ {
		cur := s.Battle != nil && int(s.BArea) == a
		if !cur && !s.contested(a) {
			continue
		}
		bt := board.Battle{Area: areas[a].ID, Current: cur}
		att := s.Fronts[a].Att
		if cur {
			bt.Attacker, bt.Defender = s.Battle.Attacker, s.Battle.Defender
		} else if att == Lancaster || att == York {
			bt.Attacker, bt.Defender = roleOf(att), roleOf(att.Other())
		}
		out = append(out, bt)
	}
	return out
}

var _ board.Viewer = (*State)(nil)
