package mapdraw

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/hammer"
	"github.com/pbem/pbem/adjudicator/richard3"
	"github.com/pbem/pbem/adjudicator/testdice"
)

var games = []adjudicator.Game{richard3.Game{}, hammer.Game{}}

// walk plays a random game from seed and calls visit on the state after
// every accepted submission, until visit returns false or the game ends.
func walk(t testing.TB, g adjudicator.Game, seed uint64, visit func(st adjudicator.State) bool) {
	dice := testdice.New(seed)
	pick := testdice.New(seed ^ 0x6d6170)
	st, err := g.Setup("", nil, dice)
	require.NoError(t, err)
	if !visit(st) {
		return
	}
	for i := 0; i < 5000 && !st.Status().Finished; i++ {
		owing := adjudicator.OwingRoles(st)
		require.NotEmpty(t, owing)
		sub := st.(adjudicator.Player).RandomSubmission(owing[pick.Intn(len(owing))], pick.Intn)
		require.NotNil(t, sub)
		ns, _, err := st.Apply(*sub, dice)
		require.NoError(t, err)
		st = ns
		if !visit(st) {
			return
		}
	}
}

// midGame returns the state after n accepted submissions of a random game.
func midGame(t testing.TB, g adjudicator.Game, seed uint64, n int) adjudicator.State {
	var out adjudicator.State
	k := 0
	walk(t, g, seed, func(st adjudicator.State) bool {
		out = st
		k++
		return k <= n
	})
	return out
}

// svgTexts returns every text node of an SVG document, failing if it is
// not well-formed XML.
func svgTexts(t testing.TB, doc []byte) []string {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var out []string
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG is not well-formed XML")
		switch x := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = x.Name.Local
			}
		case xml.CharData:
			if s := strings.TrimSpace(string(x)); s != "" {
				out = append(out, s)
			}
		}
	}
	require.Equal(t, "svg", root)
	return out
}

func TestSVGParsesAndNamesEveryArea(t *testing.T) {
	for _, g := range games {
		st := midGame(t, g, 7, 40)
		for _, r := range append(g.Info().Roles, adjudicator.GM) {
			m := st.(board.Viewer).MapView(r)
			doc, err := SVG(&m, Options{})
			require.NoError(t, err)
			texts := svgTexts(t, doc)
			for _, a := range m.Areas {
				require.Contains(t, texts, a.Name, "%s for %s: area %s not named", g.Info().Name, r, a.ID)
			}
			require.Less(t, len(doc), 200<<10, "SVG of %d bytes", len(doc))
		}
	}
}

func TestPNGDecodesWithTheExpectedSize(t *testing.T) {
	for _, g := range games {
		st := midGame(t, g, 11, 30)
		m := st.(board.Viewer).MapView(g.Info().Roles[1])
		for _, scale := range []float64{1, 0.5} {
			b, err := PNG(&m, Options{Scale: scale})
			require.NoError(t, err)
			img, err := png.Decode(bytes.NewReader(b))
			require.NoError(t, err)
			w, h := Size(&m)
			require.Equal(t, int(w*scale+0.5), img.Bounds().Dx())
			require.Equal(t, int(h*scale+0.5), img.Bounds().Dy())
			require.Less(t, len(b), 200<<10, "PNG of %d bytes", len(b))
		}
	}
}

func TestSameMapSameBytes(t *testing.T) {
	for _, g := range games {
		st := midGame(t, g, 3, 25)
		m1 := st.(board.Viewer).MapView(g.Info().Roles[0])
		m2 := st.(board.Viewer).MapView(g.Info().Roles[0])
		s1, err := SVG(&m1, Options{})
		require.NoError(t, err)
		s2, err := SVG(&m2, Options{})
		require.NoError(t, err)
		require.Equal(t, s1, s2)
		p1, err := PNG(&m1, Options{})
		require.NoError(t, err)
		p2, err := PNG(&m2, Options{})
		require.NoError(t, err)
		require.Equal(t, p1, p2)
		require.Equal(t, Text(&m1, 72), Text(&m2, 72))
	}
}

func TestInvalidMapIsAnError(t *testing.T) {
	m := board.Map{Title: "bad", Width: 100, Height: 100, Areas: []board.Area{{ID: "a", Name: "A", Pos: board.Point{X: 10, Y: 10}}},
		Borders: []board.Border{{A: "a", B: "nowhere", Type: "red"}}}
	_, err := SVG(&m, Options{})
	require.ErrorContains(t, err, "unknown area")
}

// TestMapNeverShowsEnemyBlocks plays random games of both games and, at
// every step and for every player, checks that the map shows the other
// side's blocks only as counts (the same counts the GM's map has), that
// moves of the other side carry no names, and that no text of the SVG or
// the text map names a block the player may not see.
func TestMapNeverShowsEnemyBlocks(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 2
	}
	for _, g := range games {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			step := 0
			walk(t, g, seed, func(st adjudicator.State) bool {
				step++
				if st.Status().Finished {
					return false
				}
				v := st.(board.Viewer)
				gm := v.MapView(adjudicator.GM)
				require.NoError(t, gm.Validate())
				for _, r := range g.Info().Roles {
					m := v.MapView(r)
					require.NoError(t, m.Validate())
					checkFog(t, g.Info().Name, r, &gm, &m)
					if step%7 == 0 {
						doc, err := SVG(&m, Options{})
						require.NoError(t, err)
						all := strings.Join(svgTexts(t, doc), "\n") + "\n" + Text(&m, 72) + "\n" + Caption(&m)
						for _, name := range forbidden(&gm, &m, r) {
							if containsWord(all, name) {
								t.Fatalf("%s seed %d step %d: %s's map names enemy block %q:\n%s", g.Info().Name, seed, step, r, name, all)
							}
						}
					}
				}
				return true
			})
		}
	}
}

func checkFog(t *testing.T, game string, r adjudicator.Role, gm, m *board.Map) {
	for i, a := range m.Areas {
		want := map[adjudicator.Role]int{}
		for _, p := range gm.Areas[i].Pieces {
			if p.Owner != r {
				want[p.Owner] += p.N()
			}
		}
		got := map[adjudicator.Role]int{}
		for _, p := range a.Pieces {
			if p.Owner == r {
				require.False(t, p.Hidden)
				continue
			}
			require.True(t, p.Hidden, "%s: %s sees %+v in %s", game, r, p, a.ID)
			require.Empty(t, p.Label)
			require.Zero(t, p.Value)
			require.Zero(t, p.Max)
			require.Empty(t, p.Detail)
			got[p.Owner] += p.N()
		}
		require.Equal(t, want, got, "%s: %s's counts in %s", game, r, a.ID)
	}
	for _, mv := range m.Moves {
		if mv.Owner != r {
			require.Empty(t, mv.Label, "%s: %s sees the names in an enemy move", game, r)
		}
	}
}

// forbidden lists the names of enemy blocks that r's map must not show:
// every block the GM sees that is not r's, unless the same word names
// something r may see (an area, one of r's own blocks, a side).
func forbidden(gm, m *board.Map, r adjudicator.Role) []string {
	ok := map[string]bool{}
	for _, a := range m.Areas {
		ok[a.Name] = true
		for _, p := range a.Pieces {
			ok[p.Label] = true
		}
	}
	for _, s := range m.Sides {
		ok[s.Name] = true
	}
	var out []string
	for _, a := range gm.Areas {
		for _, p := range a.Pieces {
			if p.Owner != r && !ok[p.Label] {
				out = append(out, p.Label)
				ok[p.Label] = true
			}
		}
	}
	return out
}

func containsWord(text, w string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		before := j == 0 || !isLetter(text[j-1])
		after := end == len(text) || !isLetter(text[end])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 }

// BenchmarkRenderMap draws the SVG, the PNG and the text map of a
// mid-game position of Richard III, as a report needs them.
func BenchmarkRenderMap(b *testing.B) {
	st := midGame(b, richard3.Game{}, 5, 60)
	m := st.(board.Viewer).MapView(richard3.RoleYork)
	b.ReportAllocs()
	var svgN, pngN int
	for b.Loop() {
		s, err := SVG(&m, Options{})
		if err != nil {
			b.Fatal(err)
		}
		p, err := PNG(&m, Options{})
		if err != nil {
			b.Fatal(err)
		}
		_ = Text(&m, 72)
		svgN, pngN = len(s), len(p)
	}
	b.ReportMetric(float64(svgN), "svg-bytes")
	b.ReportMetric(float64(pngN), "png-bytes")
}

// TestTextMapFits: the text map of a mid-game position keeps to 72
// columns and names every occupied area.
func TestTextMapFits(t *testing.T) {
	for _, g := range games {
		st := midGame(t, g, 9, 50)
		for _, r := range append(g.Info().Roles, adjudicator.GM) {
			m := st.(board.Viewer).MapView(r)
			txt := Text(&m, 72)
			for _, l := range strings.Split(txt, "\n") {
				require.LessOrEqual(t, len([]rune(l)), 72, "line %q", l)
			}
			for _, a := range m.Areas {
				if len(a.Pieces) > 0 {
					require.Contains(t, txt, a.Name)
				}
			}
			if testing.Verbose() && r == g.Info().Roles[0] {
				t.Log("\n" + txt)
			}
		}
	}
}

// The map's own words follow Map.Lang; what the game wrote on it (area
// and side names) does not change, and English stays the default.
func TestMapWordsInTheReadersLanguage(t *testing.T) {
	st := midGame(t, richard3.Game{}, 3, 60)
	m := st.(board.Viewer).MapView("york")
	want := map[string][]string{
		"":   {"MAP: ", "Blocks you may see", "Map: "},
		"es": {"MAPA: ", "Bloques que puedes ver", "Mapa: "},
		"it": {"MAPPA: ", "Blocchi che puoi vedere", "Mappa: "},
	}
	for lang, w := range want {
		m.Lang = lang
		text, caption := Text(&m, 70), Caption(&m)
		require.True(t, strings.HasPrefix(text, w[0]), "%s: %s", lang, text)
		require.Contains(t, text, w[1])
		require.True(t, strings.HasPrefix(caption, w[2]), caption)
		require.Contains(t, text, "York")
		doc, err := SVG(&m, Options{})
		require.NoError(t, err)
		if lang == "it" {
			require.Contains(t, strings.Join(svgTexts(t, doc), "\n"), "movimento di questo turno")
		}
	}
}
