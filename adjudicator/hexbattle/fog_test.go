package hexbattle

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/mapdraw"
	"github.com/stretchr/testify/require"
)

// walk plays a random game of scenario from seed and calls visit with
// every state reached and the result that led to it.
func walk(t testing.TB, scenario string, seed uint64, visit func(s *St, res *adjudicator.Result)) {
	dice := testdice.New(seed)
	pick := testdice.New(seed ^ 0xf09)
	st, err := Game{}.Setup(scenario, nil, dice)
	require.NoError(t, err)
	visit(st.(*St), nil)
	for n := 0; n < 5000 && !st.Status().Finished; n++ {
		owing := st.(*St).Owing()
		role := owing[pick.Intn(len(owing))]
		sub := st.(*St).RandomSubmission(role, pick.Intn)
		next, res, err := st.Apply(*sub, dice)
		require.NoError(t, err)
		st = next
		visit(st.(*St), res)
	}
}

// secrets lists what side may not yet know: the other side's fire orders
// waiting for resolution (CN-8.0c) and its set-up while a secret set-up
// is under way (NAV-16.1), as lines of text.
func secrets(s *St, reader string) []string {
	var out []string
	for side, ord := range s.FireOrd {
		if side != reader && s.Phase == phFire {
			for _, l := range ord {
				out = append(out, l.Text)
			}
		}
	}
	for side, ord := range s.SetupOrd {
		if side != reader && s.Phase == phSetup && s.sc.SecretModes {
			for _, l := range ord {
				out = append(out, l.Text)
			}
		}
	}
	return out
}

// Fog of war (CN-8.0c, NAV-16.1, checklist header "Hidden information"):
// over random games of every test pack, no view, prompt, map or event
// shows a side the other side's pending fire orders or secret set-up, and
// no view or map names the mode of a plate unit still chosen in secret.
func TestFogOfWarProperty(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 8
	}
	checked := 0
	for _, sc := range testScenarios {
		for seed := range uint64(n) {
			walk(t, sc, seed, func(s *St, res *adjudicator.Result) {
				for _, side := range s.p.Sides {
					var seen strings.Builder
					seen.WriteString(s.View(adjudicator.Role(side)).Text())
					for _, p := range s.Prompts() {
						if string(p.Role) == side {
							seen.WriteString(p.Text + "\n" + strings.Join(p.Choices, "\n") + "\n")
						}
					}
					m := s.MapView(adjudicator.Role(side))
					for _, a := range m.Areas {
						for _, p := range a.Pieces {
							seen.WriteString(p.Label + " " + p.Detail + "\n")
						}
					}
					if res != nil {
						for _, e := range res.Events {
							if e.VisibleTo(adjudicator.Role(side)) {
								seen.WriteString(e.Text + "\n")
							}
						}
					}
					text := seen.String()
					for _, sec := range secrets(s, side) {
						if strings.HasPrefix(sec, "place ") {
							continue // placements are checked through the units below
						}
						checked++
						require.NotContains(t, text, sec, "%s seed %d: %s sees a secret at %q", sc, seed, side, s.label())
					}
					for _, u := range s.Units {
						if s.pendingSetup(u, side) {
							checked++
							for _, l := range strings.Split(text, "\n") {
								if strings.HasPrefix(l, u.ID+" ") {
									for _, f := range s.counter(u).Faces {
										require.NotContains(t, l, f.Name, "%s seed %d: %s sees %s's secret mode", sc, seed, side, u.ID)
									}
								}
							}
						}
					}
				}
			})
		}
	}
	require.Greater(t, checked, 100, "the property was exercised")
}

// The map picture (board.Viewer, drawn by mailer/mapdraw) names every hex
// that holds a unit or a leader, and its SVG is well-formed.
func TestMapPictureNamesEveryOccupiedHex(t *testing.T) {
	for _, sc := range testScenarios {
		walk(t, sc, 3, func(s *St, res *adjudicator.Result) {
			if s.GT != 3 || s.Phase != phMove {
				return
			}
			for _, role := range []adjudicator.Role{adjudicator.Role(s.p.Sides[0]), adjudicator.Role(s.p.Sides[1]), adjudicator.GM} {
				var v board.Viewer = s
				m := v.MapView(role)
				require.NoError(t, m.Validate())
				doc, err := mapdraw.SVG(&m, mapdraw.Options{})
				require.NoError(t, err)
				texts := svgTexts(t, doc)
				for _, u := range s.Units {
					if s.onMap(u) {
						require.Contains(t, texts, u.At[0].String(), "%s: hex of %s not named", sc, u.ID)
						require.NotNil(t, m.Area(u.At[0].String()))
					}
				}
				for _, l := range s.Leaders {
					if l.Gone == "" && l.Turn == 0 {
						require.Contains(t, texts, l.At.String())
					}
				}
			}
		})
	}
}

func svgTexts(t testing.TB, doc []byte) []string {
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var out []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the SVG is not well-formed XML")
		if x, ok := tok.(xml.CharData); ok {
			if s := strings.TrimSpace(string(x)); s != "" {
				out = append(out, s)
			}
		}
	}
	return out
}
