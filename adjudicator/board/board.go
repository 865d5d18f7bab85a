// Package board is the structured map layer of a report: what one reader
// may see of the board, as data rather than prose. A game builds a Map for
// a role (see Viewer); the platform draws it as a picture (SVG, PNG) and as
// a text map, in the reader's language.
//
// A Map is game-independent. Areas (or spaces, or hexes) have a fixed
// position on a schematic canvas, a kind and the pieces the reader sees
// there: his own pieces by name and value, other powers' pieces as
// anonymous counts when he may not know them. Borders carry a type that
// the map's BorderTypes style and explain. Moves and battles of the turn
// are drawn as arrows and markers.
//
// A Map never holds anything its reader may not know: a game's MapView
// applies exactly the fog-of-war rules of its View.
package board

import (
	"fmt"
	"math"
	"sort"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Viewer is implemented by game states that can show their board as a
// Map. MapView(role) shows what role may see (GM: everything), under the
// same rules as State.View.
type Viewer interface {
	MapView(role adjudicator.Role) Map
}

// Kind says what an area is; renderers choose its shape from it.
type Kind string

// Kinds of area.
const (
	Land   Kind = "land"   // an ordinary land area or space
	Port   Kind = "port"   // a land area with a major port
	Castle Kind = "castle" // a land area or space with a castle or fortress
	Sea    Kind = "sea"    // a sea zone
	Exile  Kind = "exile"  // an off-map or exile area (France, Ireland, a pool box)
	Hex    Kind = "hex"    // a hex of a hex map (see Area.Hex)
)

// Point is a position on the map's canvas: X to the right, Y down, in
// canvas units (Map.Width by Map.Height).
type Point struct {
	X, Y float64
}

// HexCoord locates a hex on a hex map (offset coordinates, columns of
// flat-topped hexes; odd columns shifted half a hex down).
type HexCoord struct {
	Col, Row int
}

// Side is one power at the table, with its display name and colour.
type Side struct {
	Role  adjudicator.Role
	Name  string
	Color string // CSS hex colour, e.g. "#b22222"
}

// Stroke is how a line is drawn.
type Stroke struct {
	Color string    // CSS hex colour
	Width float64   // canvas units
	Dash  []float64 // dash pattern in canvas units; nil for a solid line
}

// BorderType styles and explains one kind of border ("red", "sea", ...).
type BorderType struct {
	ID     string
	Name   string // for the legend, e.g. "red border: 2 blocks may cross"
	Stroke Stroke
}

// Map is what one reader sees of the board.
type Map struct {
	Game   string           // game name, e.g. "richard-iii"
	Title  string           // e.g. "Richard III — 1460, turn 2 (York)"
	Reader adjudicator.Role // whose view this is (adjudicator.GM: everything)
	Width  float64          // canvas size in canvas units
	Height float64
	Sides  []Side
	// BorderTypes lists every border type used, in legend order.
	BorderTypes []BorderType
	// Regions lists region names in reading order, for the text map.
	Regions []string
	Areas   []Area
	Borders []Border
	Moves   []Move
	Battles []Battle
	// Notes are short lines for the legend (pools, the King, ...).
	Notes []string
	// PieceKey is the one-line key to the pieces in the legend and at the
	// head of the text map; empty for the default key of block games
	// (own blocks by name and strength, others as counts).
	PieceKey string `json:",omitempty"`
	// PieceKeyMsg and NoteMsgs, when set, are PieceKey and Notes as
	// messages of the game's catalogue: the platform renders them in the
	// reader's language into PieceKey and Notes (in place of the English)
	// before the map is drawn.
	PieceKeyMsg *msg.M  `json:"-"`
	NoteMsgs    []msg.M `json:"-"`
	// Words gives the map's other English words as messages of the
	// game's catalogue, by the text the map uses: side names, region
	// names, border types, area markers ("capital", "castle 2") and the
	// facts of a piece's detail, separated by ", " ("home"). The
	// platform renders each in the reader's language before the map is
	// drawn; a word not in Words stays as written (printed names).
	Words map[string]msg.M `json:"-"`
	// Lang is the language of the map's own words (heading, key, legend,
	// caption): "en", "es" or "it"; empty means English. The platform
	// sets it for each reader.
	Lang string `json:",omitempty"`
}

// Area is one area, space or hex and what the reader sees in it.
type Area struct {
	ID     string
	Name   string
	Kind   Kind
	Pos    Point
	Hex    *HexCoord // set on hex maps
	Region string    // one of Map.Regions
	// Markers are short facts shown by the area's name: "castle 2",
	// "cathedral", "crown", "exile of York", a control marker.
	Markers []string
	// Controller is the power that controls the area, if the game has
	// control ("" none).
	Controller adjudicator.Role
	Pieces     []Piece
}

// Piece is one piece, or a stack of alike pieces, in an area.
type Piece struct {
	Owner adjudicator.Role
	// Label names the piece ("Warwick", "regulars"); empty when Hidden.
	Label string
	// Value is its strength or steps now (0: none shown); Max its full
	// value (0: not shown). Both are 0 when Hidden.
	Value, Max int
	// Detail is a short extra fact for the owner ("B2", "King").
	Detail string
	// Count is how many pieces the entry stands for (0 counts as 1).
	Count int
	// Hidden pieces are seen only as a count: an enemy block stands on
	// its edge.
	Hidden bool
}

// N returns how many pieces p stands for.
func (p Piece) N() int {
	if p.Count <= 0 {
		return 1
	}
	return p.Count
}

// Border joins two areas.
type Border struct {
	A, B string // area IDs
	Type string // a BorderTypes ID
}

// Move is an arrow: pieces that moved this turn, as far as the reader may
// know (for another power's pieces, only how many and where).
type Move struct {
	Owner    adjudicator.Role
	From, To string // area IDs
	Count    int
	Sea      bool   // by sea
	Label    string // the owner's own pieces by name, or ""
}

// Battle marks a battle fought, being fought or to be fought in an area.
type Battle struct {
	Area     string
	Attacker adjudicator.Role
	Defender adjudicator.Role
	Current  bool // the battle in progress
}

// Area returns the area with the given ID, or nil.
func (m *Map) Area(id string) *Area {
	for i := range m.Areas {
		if m.Areas[i].ID == id {
			return &m.Areas[i]
		}
	}
	return nil
}

// Side returns the side of role, or a grey side named after the role.
func (m *Map) Side(role adjudicator.Role) Side {
	for _, s := range m.Sides {
		if s.Role == role {
			return s
		}
	}
	return Side{Role: role, Name: string(role), Color: "#666666"}
}

// Validate checks that the map is consistent: unique area IDs, positions
// inside the canvas, borders, moves and battles naming known areas and
// border types, hidden pieces carrying no label or value.
func (m *Map) Validate() error {
	if m.Width <= 0 || m.Height <= 0 {
		return fmt.Errorf("map %q: no canvas size", m.Title)
	}
	ids := map[string]bool{}
	for _, a := range m.Areas {
		if a.ID == "" {
			return fmt.Errorf("map %q: an area has no ID", m.Title)
		}
		if ids[a.ID] {
			return fmt.Errorf("map %q: area %s twice", m.Title, a.ID)
		}
		ids[a.ID] = true
		if a.Pos.X < 0 || a.Pos.Y < 0 || a.Pos.X > m.Width || a.Pos.Y > m.Height {
			return fmt.Errorf("map %q: area %s at (%g,%g) is outside the %gx%g canvas", m.Title, a.ID, a.Pos.X, a.Pos.Y, m.Width, m.Height)
		}
		for _, p := range a.Pieces {
			if p.Hidden && (p.Label != "" || p.Value != 0 || p.Max != 0 || p.Detail != "") {
				return fmt.Errorf("map %q: a hidden piece in %s shows its label or value", m.Title, a.ID)
			}
		}
	}
	types := map[string]bool{}
	for _, t := range m.BorderTypes {
		types[t.ID] = true
	}
	for _, b := range m.Borders {
		if !ids[b.A] || !ids[b.B] {
			return fmt.Errorf("map %q: border %s-%s names an unknown area", m.Title, b.A, b.B)
		}
		if !types[b.Type] {
			return fmt.Errorf("map %q: border %s-%s has unknown type %q", m.Title, b.A, b.B, b.Type)
		}
	}
	for _, mv := range m.Moves {
		if !ids[mv.From] || !ids[mv.To] {
			return fmt.Errorf("map %q: move %s->%s names an unknown area", m.Title, mv.From, mv.To)
		}
	}
	for _, bt := range m.Battles {
		if !ids[bt.Area] {
			return fmt.Errorf("map %q: battle in unknown area %s", m.Title, bt.Area)
		}
	}
	return nil
}

// MoveList gathers the moves of a turn one block at a time into one arrow
// per owner, origin, destination and kind, counting the blocks. Its zero
// value is ready to use.
type MoveList struct {
	idx   map[Move]int // keyed by Owner, From, To and Sea only
	moves []Move
}

// Add counts one block moving from from to to. label names the block
// when the reader may see which block it is; "" adds it to the count
// only.
func (l *MoveList) Add(owner adjudicator.Role, from, to string, sea bool, label string) {
	key := Move{Owner: owner, From: from, To: to, Sea: sea}
	if l.idx == nil {
		l.idx = map[Move]int{}
	}
	k, ok := l.idx[key]
	if !ok {
		k = len(l.moves)
		l.idx[key] = k
		l.moves = append(l.moves, key)
	}
	m := &l.moves[k]
	m.Count++
	if label != "" {
		if m.Label != "" {
			m.Label += ", "
		}
		m.Label += label
	}
}

// Moves returns the arrows in canonical order (SortMoves).
func (l *MoveList) Moves() []Move {
	SortMoves(l.moves)
	return l.moves
}

// SortMoves puts moves in a canonical order (owner, from, to, sea), so
// that the same state always draws the same picture.
func SortMoves(ms []Move) {
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.Owner != b.Owner {
			return a.Owner < b.Owner
		}
		if a.From != b.From {
			return a.From < b.From
		}
		if a.To != b.To {
			return a.To < b.To
		}
		return !a.Sea && b.Sea
	})
}

// MinDistance returns the smallest distance between two areas' positions
// and the pair at that distance (for data tests: labels must not overlap).
func MinDistance(pos map[string]Point) (d float64, a, b string) {
	ids := make([]string, 0, len(pos))
	for id := range pos {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	d = -1
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			p, q := pos[ids[i]], pos[ids[j]]
			dx, dy := p.X-q.X, p.Y-q.Y
			dd := dx*dx + dy*dy
			if d < 0 || dd < d {
				d, a, b = dd, ids[i], ids[j]
			}
		}
	}
	if d < 0 {
		return 0, "", ""
	}
	return math.Sqrt(d), a, b
}
