package hammer

import (
	"encoding/json"
	"fmt"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The schematic map: each area's position and region and the canvas, from
// the "pos", "region" and "map" entries of data.json.
var mapData = loadMapData()

type mapInfo struct {
	Width   float64  `json:"width"`
	Height  float64  `json:"height"`
	Regions []string `json:"regions"`
	pos     [NA][2]float64
	region  [NA]string
}

func loadMapData() mapInfo {
	var raw struct {
		Areas []struct {
			Pos    [2]float64 `json:"pos"`
			Region string     `json:"region"`
		} `json:"areas"`
		Map mapInfo `json:"map"`
	}
	if err := json.Unmarshal(dataJSON, &raw); err != nil || len(raw.Areas) != NA {
		panic(fmt.Sprintf("hammer: bad map data (%d areas): %v", len(raw.Areas), err))
	}
	m := raw.Map
	for i, a := range raw.Areas {
		m.pos[i], m.region[i] = a.Pos, a.Region
	}
	return m
}

// Border types of the map (H-4.3), in legend order.
var hammerBorderTypes = []board.BorderType{
	{ID: "black", Name: "black border: 6 blocks may cross", Stroke: board.Stroke{Color: "#333333", Width: 3}},
	{ID: "red", Name: "red border: 2 blocks, and they stop", Stroke: board.Stroke{Color: "#c0392b", Width: 3}},
}

// hammerMapWords gives the map's English words as catalogue messages,
// for readers of other languages; area and block names stay as printed.
var hammerMapWords = func() map[string]msg.M {
	w := map[string]msg.M{
		"England": msg.New("ham.side.england"), "Scotland": msg.New("ham.side.scotland"),
		"cathedral": msg.New("ham.q.cathedral"), "home": msg.New("ham.map.home"),
	}
	for _, bt := range hammerBorderTypes {
		w[bt.Name] = msg.New("ham.map.border_" + bt.ID)
	}
	for n := 1; n <= 4; n++ {
		w[fmt.Sprintf("castle %d", n)] = msg.New("ham.q.castle", "N", n)
	}
	return w
}()

var hammerSides = []board.Side{
	{Role: RoleEngland, Name: "England", Color: "#b22222"},
	{Role: RoleScotland, Name: "Scotland", Color: "#1f4e9c"},
}

// MapView implements board.Viewer: the map as role may see it, under the
// rules of View. A player sees his own blocks by name and strength and the
// enemy's only as a number of blocks per area; the GM sees every block.
// Moves of the current game turn are drawn from the area each block
// started its move in, as the move events tell both players.
func (s *St) MapView(role adjudicator.Role) board.Map {
	side, isPlayer := roleOf(role)
	gm := role == adjudicator.GM
	sees := func(sd int) bool { return gm || (isPlayer && sd == side) }
	title := "Hammer of the Scots — " + s.label()
	if gm {
		title += " (GM)"
	} else if isPlayer {
		title += " (" + sideName(side) + ")"
	}
	m := board.Map{Game: "hammer-of-the-scots", Title: title, Reader: role, Width: mapData.Width, Height: mapData.Height,
		Sides: hammerSides, BorderTypes: hammerBorderTypes, Regions: append([]string(nil), mapData.Regions...), Words: hammerMapWords}
	for a := 0; a < NA; a++ {
		ar := &areas[a]
		x := board.Area{ID: ar.ID, Name: ar.Name, Kind: board.Land,
			Pos: board.Point{X: mapData.pos[a][0], Y: mapData.pos[a][1]}, Region: mapData.region[a]}
		if ar.Castle > 0 {
			x.Kind = board.Castle
			x.Markers = append(x.Markers, fmt.Sprintf("castle %d", ar.Castle))
		}
		if ar.Cathedral {
			x.Markers = append(x.Markers, "cathedral")
		}
		for sd := 0; sd < 2; sd++ {
			if sees(sd) {
				for b := 0; b < NB; b++ {
					if int(s.Loc[b]) == a && blocks[b].Side == sd {
						x.Pieces = append(x.Pieces, s.mapPiece(b))
					}
				}
			} else if n := s.count(a, sd); n > 0 {
				x.Pieces = append(x.Pieces, board.Piece{Owner: roles[sd], Count: n, Hidden: true})
			}
		}
		m.Areas = append(m.Areas, x)
	}
	for k := 0; k < NK; k++ {
		t := "black"
		if borders[k].Red {
			t = "red"
		}
		m.Borders = append(m.Borders, board.Border{A: areas[borders[k].A].ID, B: areas[borders[k].B].ID, Type: t})
	}
	m.Moves = s.mapMoves(sees)
	m.Battles = s.mapBattles()
	if s.Fin {
		m.Notes = append(m.Notes, s.Result)
	}
	return m
}

func (s *St) mapPiece(b int) board.Piece {
	p := board.Piece{Owner: roles[blocks[b].Side], Label: blocks[b].Label, Value: int(s.Str[b]), Max: blocks[b].Max, Detail: rating(b)}
	if blocks[b].Noble >= 0 && isHome(b, int(s.Loc[b])) {
		p.Detail += ", home"
	}
	return p
}

// mapMoves groups this turn's moves by side, origin and destination; the
// enemy's are counts only.
func (s *St) mapMoves(sees func(int) bool) []board.Move {
	var l board.MoveList
	for b := 0; b < NB; b++ {
		if !s.onMap(b) || s.Fl[b]&fMoved == 0 || s.Orig[b] < 0 || int(s.Orig[b]) >= NA || s.Orig[b] == s.Loc[b] {
			continue
		}
		sd := blocks[b].Side
		label := ""
		if sees(sd) {
			label = blocks[b].Label
		}
		l.Add(roles[sd], areas[s.Orig[b]].ID, areas[s.Loc[b]].ID, s.Entry[b] < 0, label)
	}
	return l.Moves()
}

// mapBattles marks every area holding blocks of both sides: the battle in
// progress and those still to fight.
func (s *St) mapBattles() []board.Battle {
	var out []board.Battle
	o := s.occupancy()
	for a := 0; a < NA; a++ {
		cur := s.Bat != nil && s.Bat.Area == areas[a].ID
		if !cur && o[a] != 3 {
			continue
		}
		bt := board.Battle{Area: areas[a].ID, Current: cur}
		switch {
		case cur:
			bt.Attacker, bt.Defender = s.Bat.Attacker, s.Bat.Defender
		case s.Att[a] >= 0:
			bt.Attacker, bt.Defender = roles[s.Att[a]], roles[1-s.Att[a]]
		}
		out = append(out, bt)
	}
	return out
}

var _ board.Viewer = (*St)(nil)
