package hereistand_test

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/hereistand"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/mapdraw"
)

// midGame plays n random submissions of a 1517 game.
func midGame(t testing.TB, seed uint64, n int) adjudicator.State {
	d, pk := testdice.New(seed), testdice.New(seed^0x6d6170)
	st, err := hereistand.Game{}.Setup("1517", nil, d)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n && !st.Status().Finished; i++ {
		owing := adjudicator.OwingRoles(st)
		sub := st.(adjudicator.Player).RandomSubmission(owing[0], pk.Intn)
		ns, _, err := st.Apply(*sub, d)
		if err != nil {
			t.Fatal(err)
		}
		st = ns
	}
	return st
}

// The report picture of a Here I Stand game: the SVG is well-formed and
// names every space and sea zone, the PNG decodes at the map's size,
// both stay under 200 KB, and the text map keeps to 72 columns and names
// every occupied space.
func TestMapPicture(t *testing.T) {
	for _, n := range []int{0, 150} {
		st := midGame(t, 5, n)
		m := st.(board.Viewer).MapView(adjudicator.Role("hapsburg"))
		doc, err := mapdraw.SVG(&m, mapdraw.Options{})
		if err != nil {
			t.Fatal(err)
		}
		texts := map[string]bool{}
		dec := xml.NewDecoder(bytes.NewReader(doc))
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("the SVG is not well-formed: %v", err)
			}
			if cd, ok := tok.(xml.CharData); ok {
				texts[strings.TrimSpace(string(cd))] = true
			}
		}
		for _, a := range m.Areas {
			if !texts[a.Name] {
				t.Errorf("the SVG does not name %s", a.Name)
			}
		}
		b, err := mapdraw.PNG(&m, mapdraw.Options{})
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		w, h := mapdraw.Size(&m)
		if img.Bounds().Dx() != int(w+0.5) || img.Bounds().Dy() != int(h+0.5) {
			t.Errorf("PNG %v, map %gx%g", img.Bounds(), w, h)
		}
		if len(doc) >= 200<<10 || len(b) >= 200<<10 {
			t.Errorf("after %d submissions: SVG %d bytes, PNG %d bytes", n, len(doc), len(b))
		}
		txt := mapdraw.Text(&m, 72)
		for _, l := range strings.Split(txt, "\n") {
			if len([]rune(l)) > 72 {
				t.Errorf("text map line of %d columns: %q", len([]rune(l)), l)
			}
		}
		for _, a := range m.Areas {
			if len(a.Pieces) > 0 && !strings.Contains(txt, a.Name) {
				t.Errorf("the text map does not name %s", a.Name)
			}
		}
		t.Logf("after %d submissions (%s): SVG %d bytes, PNG %d bytes, text map %d lines",
			n, st.Status().Label, len(doc), len(b), strings.Count(txt, "\n"))
	}
}
