package hexbattle

import (
	"fmt"
	"strconv"
)

// Hex is a map hex by its printed number XXYY: Line is XX, Pos is YY.
//
// The printed grid is an "even-q" offset layout (CN-3.1; the derivation is
// in docs/rulings/crecy-navarette.md): hexes in the same line are stacked
// along YY, and even lines sit half a hex toward higher YY than odd ones.
// The neighbours of (c, r) are (c, r±1) and, for even c, (c±1, r) and
// (c±1, r+1); for odd c, (c±1, r−1) and (c±1, r).
type Hex struct{ Line, Pos int }

func (h Hex) String() string { return fmt.Sprintf("%02d%02d", h.Line, h.Pos) }

// ParseHex reads a four-digit hex number such as "1607".
func ParseHex(s string) (Hex, error) {
	if len(s) != 4 {
		return Hex{}, fmt.Errorf("%q is not a hex number (four digits, XXYY)", s)
	}
	c, err1 := strconv.Atoi(s[:2])
	r, err2 := strconv.Atoi(s[2:])
	if err1 != nil || err2 != nil || c < 0 || r < 0 {
		return Hex{}, fmt.Errorf("%q is not a hex number (four digits, XXYY)", s)
	}
	return Hex{c, r}, nil
}

// axial returns the hex's axial coordinates (q, a).
func (h Hex) axial() (int, int) {
	q := h.Line
	return q, h.Pos - (q+(q&1))/2
}

func fromAxial(q, a int) Hex { return Hex{q, a + (q+(q&1))/2} }

// axialDirs are the six directions d0..d5 in axial space.
var axialDirs = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// Step returns the neighbour in direction d (taken mod 6).
func (h Hex) Step(d int) Hex {
	d = ((d % 6) + 6) % 6
	q, a := h.axial()
	return fromAxial(q+axialDirs[d][0], a+axialDirs[d][1])
}

// Neighbours returns the six surrounding hexes, in direction order.
func (h Hex) Neighbours() [6]Hex {
	var out [6]Hex
	for d := range 6 {
		out[d] = h.Step(d)
	}
	return out
}

// Dir returns the direction from h to an adjacent hex n, or -1.
func (h Hex) Dir(n Hex) int {
	for d := range 6 {
		if h.Step(d) == n {
			return d
		}
	}
	return -1
}

// Dist is the number of hexes between two hexes (CN-3.1).
func Dist(a, b Hex) int {
	q1, a1 := a.axial()
	q2, a2 := b.axial()
	dx, dz := q1-q2, a1-a2
	dy := -dx - dz
	return max(abs(dx), abs(dy), abs(dz))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Adjacent reports whether two hexes share a hexside.
func Adjacent(a, b Hex) bool { return Dist(a, b) == 1 }

// --- exact line of sight geometry ---
//
// Work in axial space scaled by 3: hex (q, a) has its centre at (3q, 3a)
// and its vertices at the offsets below. An affine map keeps incidence, so
// integer orientation tests here give exact answers for the printed grid.

type pt struct{ x, y int64 }

var hexCorners = [6]pt{{2, -1}, {1, 1}, {-1, 2}, {-2, 1}, {-1, -1}, {1, -2}}

func centre(h Hex) pt {
	q, a := h.axial()
	return pt{int64(3 * q), int64(3 * a)}
}

func corners(h Hex) [6]pt {
	c := centre(h)
	var out [6]pt
	for i, o := range hexCorners {
		out[i] = pt{c.x + o.x, c.y + o.y}
	}
	return out
}

// contact is how a segment meets a hexagon.
type contact int

const (
	cNone     contact = iota
	cVertex           // touches at a single point
	cEdge             // runs along a hexside for a positive length
	cInterior         // crosses the hexagon's interior
)

func dot(a, b pt) int64 { return a.x*b.x + a.y*b.y }

// touchHex classifies how segment ab meets hex h, and for cEdge the index
// i of the hexside (corners i and i+1) it runs along.
func touchHex(a, b pt, h Hex) (contact, int) {
	cs := corners(h)
	// separating axes: the normals of the three hexside directions and
	// the segment's normal.
	axes := make([]pt, 0, 4)
	for i := range 3 {
		e := pt{cs[i+1].x - cs[i].x, cs[i+1].y - cs[i].y}
		axes = append(axes, pt{-e.y, e.x})
	}
	seg := pt{b.x - a.x, b.y - a.y}
	axes = append(axes, pt{-seg.y, seg.x})
	touching := false
	for _, n := range axes {
		if n.x == 0 && n.y == 0 {
			continue
		}
		hmin, hmax := dot(n, cs[0]), dot(n, cs[0])
		for _, c := range cs[1:] {
			v := dot(n, c)
			hmin, hmax = min(hmin, v), max(hmax, v)
		}
		s1, s2 := dot(n, a), dot(n, b)
		smin, smax := min(s1, s2), max(s1, s2)
		if smax < hmin || smin > hmax {
			return cNone, -1
		}
		if smax == hmin || smin == hmax {
			touching = true
		}
	}
	if !touching {
		return cInterior, -1
	}
	// The segment meets only the boundary: along a side or at a point.
	for i := range 6 {
		p, q := cs[i], cs[(i+1)%6]
		e := pt{q.x - p.x, q.y - p.y}
		if cross(e, pt{a.x - p.x, a.y - p.y}) != 0 || cross(e, pt{b.x - p.x, b.y - p.y}) != 0 {
			continue
		}
		// collinear with side i: overlap of positive length?
		t0, t1 := dot(e, pt{a.x - p.x, a.y - p.y}), dot(e, pt{b.x - p.x, b.y - p.y})
		lo, hi := min(t0, t1), max(t0, t1)
		if min(hi, dot(e, e)) > max(lo, 0) {
			return cEdge, i
		}
	}
	return cVertex, -1
}

func cross(a, b pt) int64 { return a.x*b.y - a.y*b.x }

// sideNeighbour returns the hex across side i of h (corners i and i+1).
func sideNeighbour(h Hex, i int) Hex {
	c := centre(h)
	cs := corners(h)
	// the neighbour's centre is c reflected through the side's midpoint
	x, y := cs[i].x+cs[(i+1)%6].x-c.x, cs[i].y+cs[(i+1)%6].y-c.y
	return fromAxial(int(x/3), int(y/3))
}

// segmentHexes lists every hex other than the end hexes that segment
// from the centre of a to the centre of b meets, with how it meets it.
func segmentHexes(a, b Hex) []touched {
	n := Dist(a, b)
	pa, pb := centre(a), centre(b)
	qa, aa := a.axial()
	var out []touched
	for dq := -n; dq <= n; dq++ {
		for da := -n; da <= n; da++ {
			h := fromAxial(qa+dq, aa+da)
			if h == a || h == b || Dist(a, h) > n || Dist(h, b) > n {
				continue
			}
			c, side := touchHex(pa, pb, h)
			if c == cNone {
				continue
			}
			t := touched{Hex: h, How: c}
			if c == cEdge {
				t.Across = sideNeighbour(h, side)
			}
			out = append(out, t)
		}
	}
	return out
}

// touched is one hex met by a line of sight.
type touched struct {
	Hex    Hex
	How    contact
	Across Hex // for cEdge: the hex on the other side of the shared side
}

// MarshalText writes a hex as its printed number.
func (h Hex) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads a printed hex number.
func (h *Hex) UnmarshalText(b []byte) error {
	x, err := ParseHex(string(b))
	*h = x
	return err
}
