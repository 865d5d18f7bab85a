package hexbattle

import (
	"fmt"
	"math"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/msg"
)

// Canvas layout of the hex map: flat-topped hexes of radius hexR, one
// column per hex line XX, even lines half a hex lower (CN-3.1).
const (
	hexR      = 32.0
	hexMargin = 48.0
)

var sideColours = []string{"#b22222", "#1f4e9c"}

// MapView implements board.Viewer. Everything on the map is open to both
// sides; the one exception is the starting mode of plate units while a
// secret set-up is under way (NAV-16.1), which the other side does not see.
func (s *St) MapView(role adjudicator.Role) board.Map {
	lo, hi := s.window(string(role))
	m := board.Map{Game: Name, Title: s.p.Title + " — " + s.label(), Reader: role}
	for i, side := range s.p.Sides {
		m.Sides = append(m.Sides, board.Side{Role: adjudicator.Role(side), Name: side, Color: sideColours[i]})
	}
	dx, dy := 1.5*hexR, math.Sqrt(3)*hexR
	rows := s.p.Positions[1] - s.p.Positions[0] + 1
	m.Width = 2*hexMargin + float64(hi-lo)*dx
	m.Height = 2*hexMargin + float64(rows)*dy
	for c := lo; c <= hi; c++ {
		for r := s.p.Positions[0]; r <= s.p.Positions[1]; r++ {
			h := Hex{c, r}
			if s.p.Hexes[h] == nil {
				continue
			}
			y := hexMargin + float64(r-s.p.Positions[0])*dy
			if c%2 == 0 {
				y += dy / 2
			}
			a := board.Area{ID: h.String(), Name: h.String(), Kind: board.Hex, Hex: &board.HexCoord{Col: c, Row: r},
				Pos: board.Point{X: hexMargin + float64(c-lo)*dx, Y: y}}
			if t := s.terrain(h); !t.Clear || t.Name != "clear" {
				a.Markers = append(a.Markers, t.Name)
			}
			if e := s.elev(h); e != 0 {
				a.Markers = append(a.Markers, fmt.Sprintf("level %d", e))
			}
			if s.wagon(h) {
				a.Markers = append(a.Markers, "wagon park")
			}
			for _, u := range s.unitsAt(h) {
				p := board.Piece{Owner: adjudicator.Role(u.Side), Label: u.ID}
				if !s.pendingSetup(u, string(role)) {
					p.Label += " " + u.Face
				}
				if u.Rout > 0 {
					p.Label += fmt.Sprintf(" rout -%d", u.Rout)
				}
				if len(u.At) == 2 && u.At[1] == h {
					continue // a double is named once, in its first hex
				}
				a.Pieces = append(a.Pieces, p)
			}
			for _, l := range s.leadersAt(h) {
				a.Pieces = append(a.Pieces, board.Piece{Owner: adjudicator.Role(l.Side), Label: s.leaderName(l)})
			}
			m.Areas = append(m.Areas, a)
		}
	}
	m.Notes = append(m.Notes, "hex numbers are XXYY; even lines sit half a hex lower")
	m.NoteMsgs = append(m.NoteMsgs, msg.New("hex.map.note"))
	m.PieceKey = "Every unit is shown: its id and face (a plate unit's mode may be secret during set-up)."
	key := msg.New("hex.map.key")
	m.PieceKeyMsg = &key
	return m
}

// window is the span of hex lines shown to side (the whole map when it is
// narrow, else 17 lines around the reader's units), as in the text map.
func (s *St) window(side string) (int, int) {
	lo, hi := s.p.Lines[0], s.p.Lines[1]
	if hi-lo <= 16 {
		return lo, hi
	}
	c, n := 0, 0
	for _, u := range s.Units {
		if s.onMap(u) && (u.Side == side || side == string(adjudicator.GM)) {
			c += u.At[0].Line
			n++
		}
	}
	if n > 0 {
		c /= n
	} else {
		c = (lo + hi) / 2
	}
	lo = max(lo, c-8)
	return lo, min(hi, lo+16)
}
