package mapdraw

import (
	"image"
	"image/color"
	"image/color/palette"

	"github.com/pbem/pbem/adjudicator/board"
)

// paletteFor is the PNG's palette: the map's own colours first (so flat
// areas keep their exact colour), a grey ramp for anti-aliased text, then
// the web-safe colours, 256 in all.
func paletteFor(m *board.Map) color.Palette {
	var p color.Palette
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		if !seen[c] && len(p) < 256 {
			seen[c] = true
			p = append(p, c)
		}
	}
	for _, h := range []string{background, "#f1ebdc", "#f4efe1", "#ece6f2", "#dbe9f5", "#ffffff", "#222222", "#333333",
		"#8c7b5a", "#6b5d45", "#2b5a85", "#7fa7c9", "#e0301e", "#7a0d05", "#d11a1a", "#2e6fbf", "#5b4a2e"} {
		add(col(h))
	}
	for _, s := range m.Sides {
		add(col(s.Color))
	}
	for _, t := range m.BorderTypes {
		add(col(t.Stroke.Color))
	}
	for _, a := range m.Areas {
		if a.Controller != "" {
			add(col(tint(m.Side(a.Controller).Color)))
		}
	}
	for i := 0; i < 32; i++ {
		v := uint8(i * 255 / 31)
		add(color.RGBA{v, v, v, 0xff})
	}
	for _, c := range palette.WebSafe {
		r, g, b, _ := c.RGBA()
		add(color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 0xff})
	}
	return p
}

// quantize maps every pixel to its nearest palette colour (no dithering:
// flat colours compress well), caching the answer per colour.
func quantize(img *image.RGBA, p color.Palette) *image.Paletted {
	out := image.NewPaletted(img.Bounds(), p)
	pal := make([]color.RGBA, len(p))
	for i, c := range p {
		pal[i] = c.(color.RGBA)
	}
	cache := make(map[uint32]uint8, 4096)
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		orow := out.Pix[y*out.Stride : y*out.Stride+w]
		for x := 0; x < w; x++ {
			r, g, b := row[4*x], row[4*x+1], row[4*x+2]
			key := uint32(r)<<16 | uint32(g)<<8 | uint32(b)
			k, ok := cache[key]
			if !ok {
				best := int32(1 << 30)
				for i, c := range pal {
					dr, dg, db := int32(c.R)-int32(r), int32(c.G)-int32(g), int32(c.B)-int32(b)
					if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < best {
						best, k = d, uint8(i)
					}
				}
				cache[key] = k
			}
			orow[x] = k
		}
	}
	return out
}
