// Package mapdraw draws a board.Map: an SVG picture for the HTML part of a
// report, the same picture as a PNG for mail clients that do not show SVG,
// and a text map for the plain part.
//
// The picture is schematic: every area is a labelled node at its fixed
// position, borders are lines styled by type, the reader's own pieces are
// listed under their area with name and strength, other powers' unseen
// pieces are counts ("3 ■"), moves of the turn are arrows and battles are
// red stars. Text is laid out with the Go fonts embedded in the binary, so
// the same map always gives the same bytes on every machine.
package mapdraw

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/rasterizer"
	"github.com/tdewolff/canvas/renderers/svg"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
)

// Options tune the picture.
type Options struct {
	// Scale is the PNG's pixels per canvas unit (default 1).
	Scale float64
	// MaxPieces is how many pieces are listed under an area before "+N
	// more" (default 6).
	MaxPieces int
}

func (o Options) norm() Options {
	if o.Scale <= 0 {
		o.Scale = 1
	}
	if o.MaxPieces <= 0 {
		o.MaxPieces = 6
	}
	return o
}

// fontFamily names the font in the SVG: the Go font when the reader has
// it, else a sans-serif of similar width. The SVG does not embed the font
// (that would add some 150 KB to every report).
const fontFamily = "Go,'Helvetica Neue',Arial,sans-serif"

var (
	fontsOnce sync.Once
	fonts     *canvas.FontFamily
	fontsErr  error
)

func loadFonts() (*canvas.FontFamily, error) {
	fontsOnce.Do(func() {
		f := canvas.NewFontFamily(fontFamily)
		for _, x := range []struct {
			ttf   []byte
			style canvas.FontStyle
		}{{goregular.TTF, canvas.FontRegular}, {gobold.TTF, canvas.FontBold}, {goitalic.TTF, canvas.FontItalic}} {
			if err := f.LoadFont(x.ttf, 0, x.style); err != nil {
				fontsErr = fmt.Errorf("mapdraw: loading the Go font: %w", err)
				return
			}
		}
		fonts = f
	})
	return fonts, fontsErr
}

// SVG draws m as a standalone SVG document (sizes in CSS pixels, one per
// canvas unit).
func SVG(m *board.Map, o Options) ([]byte, error) {
	c, err := draw(m, o.norm())
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	r := svg.New(&b, c.W, c.H, &svg.Options{EmbedFonts: false, SizeUnits: "px", ImageEncoding: canvas.Lossless})
	c.RenderTo(r)
	if err := r.Close(); err != nil {
		return nil, fmt.Errorf("mapdraw: writing SVG: %w", err)
	}
	return b.Bytes(), nil
}

// PNG draws m as a PNG image of Options.Scale pixels per canvas unit.
func PNG(m *board.Map, o Options) ([]byte, error) {
	o = o.norm()
	c, err := draw(m, o)
	if err != nil {
		return nil, err
	}
	img := rasterizer.Draw(c, canvas.DPMM(o.Scale), canvas.DefaultColorSpace)
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&b, quantize(img, paletteFor(m))); err != nil {
		return nil, fmt.Errorf("mapdraw: writing PNG: %w", err)
	}
	return b.Bytes(), nil
}

// Size returns the picture's size in canvas units (the SVG's size in CSS
// pixels; the PNG's in pixels at Scale 1).
func Size(m *board.Map) (w, h float64) {
	return m.Width, m.Height + legendHeight(m)
}

// Caption is a one-line description of the picture for alt text: it says
// no more than the map shows.
func Caption(m *board.Map) string {
	var own, other, battles int
	for _, a := range m.Areas {
		for _, p := range a.Pieces {
			if p.Hidden {
				other += p.N()
			} else {
				own += p.N()
			}
		}
	}
	battles = len(m.Battles)
	return word(m, "map.caption", "Title", m.Title, "Own", count(m, "map.pieces", own), "Other", count(m, "map.pieces", other),
		"Moves", count(m, "map.moves", len(m.Moves)), "Battles", count(m, "map.battles", battles))
}

// Drawing constants, in canvas units.
const (
	nameSize   = 13.0
	smallSize  = 9.5
	pieceSize  = 10.5
	titleSize  = 18.0
	lineGap    = 12.5
	nodeH      = 20.0
	legendRow  = 22.0
	legendPad  = 14.0
	arrowTrim  = 24.0
	seaStub    = 64.0
	seaSeaStub = 110.0
	arrowHead  = 9.0
	ptPerUnit  = 72 / 25.4 // canvas sizes fonts in points, its unit is the millimetre
	background = "#fbf8f0"
)

type drawer struct {
	m   *board.Map
	o   Options
	ctx *canvas.Context
	f   *canvas.FontFamily
	h   float64 // total height (for flipping y)
}

func legendHeight(m *board.Map) float64 {
	n := 3 + len(m.BorderTypes) // title row, sides row, symbols row, border types
	n += len(m.Notes)
	return legendPad*2 + float64((n+1)/2)*legendRow + legendRow
}

func draw(m *board.Map, o Options) (*canvas.Canvas, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	f, err := loadFonts()
	if err != nil {
		return nil, err
	}
	w, h := Size(m)
	c := canvas.New(w, h)
	d := &drawer{m: m, o: o, ctx: canvas.NewContext(c), f: f, h: h}
	d.rect(0, 0, w, h, background, "", 0)
	d.borders()
	d.moves()
	for i := range m.Areas {
		d.area(&m.Areas[i])
	}
	d.title()
	d.legend()
	return c, nil
}

// tint is a pale version of a side's colour, for the fill of the areas
// it controls.
func tint(hex string) string {
	c := col(hex)
	mix := func(v uint8) uint8 { return uint8((int(v)*22 + 0xf6*78) / 100) }
	return fmt.Sprintf("#%02x%02x%02x", mix(c.R), mix(c.G), mix(c.B))
}

// y converts a map y (down) to canvas y (up).
func (d *drawer) y(v float64) float64 { return d.h - v }

func col(hex string) color.RGBA {
	hex = strings.TrimPrefix(hex, "#")
	if len(hex) == 3 {
		hex = string([]byte{hex[0], hex[0], hex[1], hex[1], hex[2], hex[2]})
	}
	v, err := strconv.ParseUint(hex, 16, 32)
	if err != nil || len(hex) != 6 {
		return color.RGBA{0x66, 0x66, 0x66, 0xff}
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

func (d *drawer) face(size float64, style canvas.FontStyle, hex string) *canvas.FontFace {
	return d.f.Face(size*ptPerUnit, col(hex), style, canvas.FontNormal)
}

// text draws s with its baseline at map point (x, y).
func (d *drawer) text(x, y float64, s string, size float64, style canvas.FontStyle, hex string, align canvas.TextAlign) float64 {
	fc := d.face(size, style, hex)
	d.ctx.DrawText(x, d.y(y), canvas.NewTextLine(fc, s, align))
	return fc.TextWidth(s)
}

func (d *drawer) width(s string, size float64, style canvas.FontStyle) float64 {
	return d.face(size, style, "#000").TextWidth(s)
}

func (d *drawer) style(fill, stroke string, sw float64, dash []float64) {
	if fill == "" {
		d.ctx.SetFill(canvas.Transparent)
	} else {
		d.ctx.SetFillColor(col(fill))
	}
	if stroke == "" || sw == 0 {
		d.ctx.SetStroke(canvas.Transparent)
		d.ctx.SetStrokeWidth(0)
	} else {
		d.ctx.SetStrokeColor(col(stroke))
		d.ctx.SetStrokeWidth(sw)
	}
	d.ctx.SetDashes(0, dash...)
}

// rect draws a rectangle with its top-left corner at map point (x, y).
func (d *drawer) rect(x, y, w, h float64, fill, stroke string, sw float64) {
	d.style(fill, stroke, sw, nil)
	d.ctx.DrawPath(x, d.y(y+h), canvas.Rectangle(w, h))
}

// line draws a straight line between two map points.
func (d *drawer) line(a, b board.Point, s board.Stroke) {
	d.style("", s.Color, s.Width, s.Dash)
	p := &canvas.Path{}
	p.MoveTo(a.X, d.y(a.Y))
	p.LineTo(b.X, d.y(b.Y))
	d.ctx.DrawPath(0, 0, p)
}

func (d *drawer) borders() {
	// Borders between two sea zones are a stub from each zone towards
	// the other, under everything: drawn whole they would cross the land.
	for _, b := range d.m.Borders {
		p, q := d.m.Area(b.A), d.m.Area(b.B)
		if p.Kind != board.Sea || q.Kind != board.Sea {
			continue
		}
		t := d.borderType(b.Type)
		dx, dy := q.Pos.X-p.Pos.X, q.Pos.Y-p.Pos.Y
		l := math.Hypot(dx, dy)
		if l <= 2*seaSeaStub {
			d.line(p.Pos, q.Pos, t.Stroke)
			continue
		}
		ux, uy := dx/l, dy/l
		d.line(p.Pos, board.Point{X: p.Pos.X + ux*seaSeaStub, Y: p.Pos.Y + uy*seaSeaStub}, t.Stroke)
		d.line(q.Pos, board.Point{X: q.Pos.X - ux*seaSeaStub, Y: q.Pos.Y - uy*seaSeaStub}, t.Stroke)
	}
	// Links to a sea zone are short dashed stubs pointing at it: drawn
	// whole they would cross the land.
	for _, b := range d.m.Borders {
		t := d.borderType(b.Type)
		p, q := d.m.Area(b.A), d.m.Area(b.B)
		if p.Kind == board.Sea {
			p, q = q, p
		}
		if q.Kind != board.Sea || p.Kind == board.Sea {
			continue
		}
		dx, dy := q.Pos.X-p.Pos.X, q.Pos.Y-p.Pos.Y
		l := math.Hypot(dx, dy)
		if l < seaStub*2 {
			continue
		}
		a := board.Point{X: p.Pos.X + dx/l*seaStub*0.45, Y: p.Pos.Y + dy/l*seaStub*0.45}
		b := board.Point{X: p.Pos.X + dx/l*seaStub, Y: p.Pos.Y + dy/l*seaStub}
		d.line(a, b, t.Stroke)
	}
	for _, b := range d.m.Borders {
		p, q := d.m.Area(b.A), d.m.Area(b.B)
		if p.Kind != board.Sea && q.Kind != board.Sea {
			d.line(p.Pos, q.Pos, d.borderType(b.Type).Stroke)
		}
	}
}

func (d *drawer) borderType(id string) board.BorderType {
	for _, t := range d.m.BorderTypes {
		if t.ID == id {
			return t
		}
	}
	return board.BorderType{ID: id, Stroke: board.Stroke{Color: "#999999", Width: 1}}
}

func (d *drawer) moves() {
	for _, mv := range d.m.Moves {
		a, b := d.m.Area(mv.From).Pos, d.m.Area(mv.To).Pos
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l < 2*arrowTrim+arrowHead {
			continue
		}
		ux, uy := dx/l, dy/l
		// the sides' arrows between the same two areas sit side by side
		off := 5.0
		if d.sideIndex(mv.Owner)%2 == 1 {
			off = -5
		}
		nx, ny := -uy*off, ux*off
		p0 := board.Point{X: a.X + ux*arrowTrim + nx, Y: a.Y + uy*arrowTrim + ny}
		p1 := board.Point{X: b.X - ux*arrowTrim + nx, Y: b.Y - uy*arrowTrim + ny}
		hex := d.m.Side(mv.Owner).Color
		var dash []float64
		if mv.Sea {
			dash = []float64{7, 4}
		}
		shaft := board.Point{X: p1.X - ux*arrowHead, Y: p1.Y - uy*arrowHead}
		d.line(p0, shaft, board.Stroke{Color: hex, Width: 3.5, Dash: dash})
		d.style(hex, "", 0, nil)
		h := &canvas.Path{}
		h.MoveTo(p1.X, d.y(p1.Y))
		h.LineTo(p1.X-ux*arrowHead*1.4-uy*arrowHead*0.8, d.y(p1.Y-uy*arrowHead*1.4+ux*arrowHead*0.8))
		h.LineTo(p1.X-ux*arrowHead*1.4+uy*arrowHead*0.8, d.y(p1.Y-uy*arrowHead*1.4-ux*arrowHead*0.8))
		h.Close()
		d.ctx.DrawPath(0, 0, h)
		// the number of pieces, in a disc on the shaft
		mx, my := p0.X+(shaft.X-p0.X)*0.45, p0.Y+(shaft.Y-p0.Y)*0.45
		d.style("#ffffff", hex, 1.5, nil)
		d.ctx.DrawPath(mx, d.y(my), canvas.Circle(8))
		d.text(mx, my+3.5, strconv.Itoa(mv.Count), smallSize, canvas.FontBold, hex, canvas.Center)
	}
}

func (d *drawer) sideIndex(r adjudicator.Role) int {
	for i, s := range d.m.Sides {
		if s.Role == r {
			return i
		}
	}
	return len(d.m.Sides)
}

func (d *drawer) battleAt(id string) (board.Battle, bool) {
	for _, b := range d.m.Battles {
		if b.Area == id {
			return b, true
		}
	}
	return board.Battle{}, false
}

func (d *drawer) area(a *board.Area) {
	x, y := a.Pos.X, a.Pos.Y
	nw := d.width(a.Name, nameSize, canvas.FontBold)
	bw := nw + 14
	top := y - nodeH/2
	switch a.Kind {
	case board.Sea:
		d.style("#dbe9f5", "#7fa7c9", 1, nil)
		d.ctx.DrawPath(x, d.y(y), canvas.Ellipse(bw/2+10, nodeH/2+6))
		d.text(x, y+4.5, a.Name, nameSize, canvas.FontItalic, "#2b5a85", canvas.Center)
		return
	case board.Hex:
		d.style("#f4efe1", "#8c7b5a", 1.5, nil)
		d.ctx.DrawPath(x, d.y(y), canvas.RegularPolygon(6, 32, false))
	default:
		fill, stroke, sw := "#f4efe1", "#8c7b5a", 1.2
		if a.Controller != "" {
			// a controlled area is tinted with its controller's colour
			fill = tint(d.m.Side(a.Controller).Color)
		}
		var dash []float64
		switch a.Kind {
		case board.Exile:
			fill, dash = "#ece6f2", []float64{4, 3}
		case board.Port:
			stroke, sw = "#2e6fbf", 2
		case board.Castle:
			stroke, sw = "#5b4a2e", 2
		}
		bt, ok := d.battleAt(a.ID)
		if ok && bt.Current {
			stroke, sw = "#d11a1a", 3
		}
		d.style(fill, stroke, sw, dash)
		d.ctx.DrawPath(x-bw/2, d.y(top+nodeH), canvas.RoundedRectangle(bw, nodeH, 5))
	}
	d.text(x, y+4.5, a.Name, nameSize, canvas.FontBold, "#222222", canvas.Center)
	if a.Controller != "" {
		d.style(d.m.Side(a.Controller).Color, "#ffffff", 1, nil)
		d.ctx.DrawPath(x+bw/2, d.y(top), canvas.Circle(5))
	}
	if bt, ok := d.battleAt(a.ID); ok {
		r := 11.0
		if bt.Current {
			r = 14
		}
		d.style("#e0301e", "#7a0d05", 1, nil)
		d.ctx.DrawPath(x-bw/2-r+2, d.y(y), canvas.StarPolygon(8, r, r*0.5, true))
	}
	ly := top + nodeH + smallSize + 2
	d.backing(a, x, ly)
	if len(a.Markers) > 0 {
		d.text(x, ly, strings.Join(a.Markers, " · "), smallSize, canvas.FontItalic, "#6b5d45", canvas.Center)
		ly += lineGap
	}
	shown := 0
	for i, p := range a.Pieces {
		if shown == d.o.MaxPieces-1 && len(a.Pieces)-i > 1 {
			rest := 0
			for _, q := range a.Pieces[i:] {
				rest += q.N()
			}
			d.text(x, ly, fmt.Sprintf("+%d more", rest), smallSize, canvas.FontItalic, "#444444", canvas.Center)
			break
		}
		hex := d.m.Side(p.Owner).Color
		s := pieceText(p)
		w := d.width(s, pieceSize, canvas.FontRegular)
		style := canvas.FontRegular
		if p.Hidden {
			style = canvas.FontBold
		} else {
			d.rect(x-w/2-9, ly-7, 6, 6, hex, "", 0)
		}
		d.text(x-w/2, ly, s, pieceSize, style, hex, canvas.Left)
		ly += lineGap
		shown++
	}
}

// backing lays a pale panel under an area's markers and pieces so that
// the border lines behind them do not cross the words.
func (d *drawer) backing(a *board.Area, x, ly float64) {
	w, n := 0.0, 0
	if len(a.Markers) > 0 {
		w = d.width(strings.Join(a.Markers, " · "), smallSize, canvas.FontItalic)
		n++
	}
	for i, p := range a.Pieces {
		if i >= d.o.MaxPieces {
			break
		}
		w = math.Max(w, d.width(pieceText(p), pieceSize, canvas.FontBold)+12)
		n++
	}
	if n == 0 {
		return
	}
	d.style(background, "", 0, nil)
	d.ctx.SetFillColor(color.NRGBA{0xfb, 0xf8, 0xf0, 0xd8})
	d.ctx.DrawPath(x-w/2-3, d.y(ly-lineGap+3+float64(n)*lineGap), canvas.RoundedRectangle(w+6, float64(n)*lineGap, 3))
}

// pieceText is what the picture writes for a piece: "Warwick 3/3",
// "regulars ×4", or "3 ■" for unseen pieces.
func pieceText(p board.Piece) string {
	if p.Hidden {
		return strconv.Itoa(p.N()) + " ■"
	}
	s := p.Label
	switch {
	case p.Value > 0 && p.Max > 0:
		s += " " + strconv.Itoa(p.Value) + "/" + strconv.Itoa(p.Max)
	case p.Value > 0:
		s += " " + strconv.Itoa(p.Value)
	}
	if p.N() > 1 {
		s += " ×" + strconv.Itoa(p.N())
	}
	return s
}

func (d *drawer) title() {
	d.text(14, 26, d.m.Title, titleSize, canvas.FontBold, "#222222", canvas.Left)
}

// legend explains colours, symbols and border types in a band under the
// map, in two columns.
func (d *drawer) legend() {
	top := d.m.Height
	d.rect(0, top, d.m.Width, legendHeight(d.m), "#f1ebdc", "", 0)
	d.line(board.Point{X: 0, Y: top}, board.Point{X: d.m.Width, Y: top}, board.Stroke{Color: "#8c7b5a", Width: 1})
	colW := d.m.Width / 2
	row := 0
	at := func() (float64, float64) {
		return legendPad + float64(row%2)*colW, top + legendPad + float64(row/2)*legendRow + legendRow*0.7
	}
	next := func() { row++ }
	// sides
	x, y := at()
	for _, s := range d.m.Sides {
		d.rect(x, y-8, 8, 8, s.Color, "", 0)
		x += 12
		x += d.text(x, y, s.Name, pieceSize, canvas.FontBold, s.Color, canvas.Left) + 16
	}
	next()
	x, y = at()
	key := word(d.m, "map.legend_key")
	if d.m.PieceKey != "" {
		key = d.m.PieceKey
	}
	d.text(x, y, key, pieceSize, canvas.FontRegular, "#333333", canvas.Left)
	next()
	x, y = at()
	d.style("#e0301e", "#7a0d05", 1, nil)
	d.ctx.DrawPath(x+8, d.y(y-4), canvas.StarPolygon(8, 9, 4.5, true))
	x += d.text(x+22, y, word(d.m, "map.legend_battle"), pieceSize, canvas.FontRegular, "#333333", canvas.Left) + 40
	d.line(board.Point{X: x, Y: y - 4}, board.Point{X: x + 30, Y: y - 4}, board.Stroke{Color: "#333333", Width: 3})
	x += d.text(x+36, y, word(d.m, "map.legend_move"), pieceSize, canvas.FontRegular, "#333333", canvas.Left) + 50
	d.line(board.Point{X: x, Y: y - 4}, board.Point{X: x + 30, Y: y - 4}, board.Stroke{Color: "#333333", Width: 3, Dash: []float64{7, 4}})
	d.text(x+36, y, word(d.m, "map.by_sea"), pieceSize, canvas.FontRegular, "#333333", canvas.Left)
	next()
	for _, t := range d.m.BorderTypes {
		x, y = at()
		d.line(board.Point{X: x, Y: y - 4}, board.Point{X: x + 30, Y: y - 4}, t.Stroke)
		d.text(x+38, y, t.Name, pieceSize, canvas.FontRegular, "#333333", canvas.Left)
		next()
	}
	for _, n := range d.m.Notes {
		x, y = at()
		d.text(x, y, n, pieceSize, canvas.FontItalic, "#333333", canvas.Left)
		next()
	}
}
