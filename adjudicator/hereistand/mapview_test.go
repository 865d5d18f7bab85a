package hereistand

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	bm "github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// HIS-2.1, HIS-2.5: every one of the 134 spaces and 14 sea zones has a
// position on the canvas and (spaces) a region; no two are closer than
// 40 canvas units, and no two name labels overlap (labels estimated at
// 8 units a character, as the report picture sets them).
func TestMapPositions(t *testing.T) {
	l, err := layout()
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Spaces) != NS || len(l.Seas) != NSea {
		t.Fatalf("%d spaces and %d sea zones placed, want %d and %d", len(l.Spaces), len(l.Seas), NS, NSea)
	}
	pos := map[string]bm.Point{}
	type label struct {
		id      string
		x, y, w float64
	}
	var labels []label
	for i := 0; i < NS; i++ {
		p := l.space[i]
		if p.ID != spaces[i].ID {
			t.Fatalf("space %d: position of %q", i, p.ID)
		}
		pos[p.ID] = bm.Point{X: p.Pos[0], Y: p.Pos[1]}
		labels = append(labels, label{p.ID, p.Pos[0], p.Pos[1], float64(utf8.RuneCountInString(spaces[i].Name))*8 + 14})
	}
	for z := 0; z < NSea; z++ {
		p := l.sea[z]
		if p.ID != seas[z].ID {
			t.Fatalf("sea zone %d: position of %q", z, p.ID)
		}
		pos[p.ID] = bm.Point{X: p.Pos[0], Y: p.Pos[1]}
		labels = append(labels, label{p.ID, p.Pos[0], p.Pos[1], float64(utf8.RuneCountInString(seas[z].Name))*7 + 34})
	}
	if d, a, b := bm.MinDistance(pos); d < 40 {
		t.Errorf("%s and %s are %.0f apart, want at least 40", a, b, d)
	}
	for i, a := range labels {
		for _, b := range labels[i+1:] {
			if math.Abs(a.x-b.x) < (a.w+b.w)/2 && math.Abs(a.y-b.y) < 22 {
				t.Errorf("the labels of %s and %s overlap", a.id, b.id)
			}
		}
	}
	// A broken positions file is an error that names what is wrong.
	var raw map[string]any
	if err := json.Unmarshal(mapPositionsJSON, &raw); err != nil {
		t.Fatal(err)
	}
	raw["spaces"] = raw["spaces"].([]any)[1:]
	short, _ := json.Marshal(raw)
	if _, err := parseLayout(short); err == nil || !strings.Contains(err.Error(), "no position for stirling") {
		t.Errorf("a missing space: %v", err)
	}
	raw["width"] = 100.0
	small, _ := json.Marshal(raw)
	if _, err := parseLayout(small); err == nil || !strings.Contains(err.Error(), "off the") {
		t.Errorf("a space off the canvas: %v", err)
	}
}

// HIS-2.1, HIS-2.2, HIS-2.5, HIS-5: the 1517 map: every space and sea
// zone, connections and passes, port links and adjacent sea zones, space
// types, control, and every stack with its leaders.
func TestMapView1517(t *testing.T) {
	s := newGame(t, 1)
	m := s.MapView(roleOf(France))
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(m.Areas) != NS+NSea {
		t.Fatalf("%d areas", len(m.Areas))
	}
	types := map[string]int{}
	for _, b := range m.Borders {
		types[b.Type]++
	}
	// 204 connections, 16 passes, 75 port links, 16 pairs of adjacent
	// sea zones (sea_zones.json)
	if want := map[string]int{"connection": 204, "pass": 16, "port": 75, "sea": 16}; !reflect.DeepEqual(types, want) {
		t.Errorf("borders %v, want %v", types, want)
	}
	ist := m.Area("istanbul")
	if ist.Kind != bm.Castle || ist.Controller != "ottoman" || !reflect.DeepEqual(ist.Markers, []string{"capital"}) {
		t.Errorf("Istanbul: %+v", ist)
	}
	if got := ist.Pieces; len(got) != 1 || got[0].Label != "7R 1C 1S Suleiman, Ibrahim Pasha" || got[0].Owner != "ottoman" || got[0].Hidden {
		t.Errorf("Istanbul's stack: %+v", got)
	}
	for id, want := range map[string]bm.Kind{"mainz": bm.Castle, "malta": bm.Castle, "nice": bm.Port, "tours": bm.Land, "north_sea": bm.Sea} {
		if a := m.Area(id); a.Kind != want {
			t.Errorf("%s is %s, want %s", id, a.Kind, want)
		}
	}
	if a := m.Area("mainz"); a.Markers[0] != "electorate" || a.Controller != "hapsburg" {
		t.Errorf("Mainz: %+v", a)
	}
	if a := m.Area("algiers"); a.Controller != "" || !strings.Contains(strings.Join(a.Markers, " "), "out of play") {
		t.Errorf("Algiers: %+v", a)
	}
	if a := m.Area("genoa"); len(a.Pieces) != 1 || a.Pieces[0].Label != "2R 1S Andrea Doria" || a.Pieces[0].Owner != "genoa" {
		t.Errorf("Genoa: %+v", a.Pieces)
	}
	if m.Side("venice").Name != "Venice" || len(m.Sides) != NPow {
		t.Errorf("sides: %+v", m.Sides)
	}
	if len(m.Moves) != 0 || len(m.Battles) != 0 {
		t.Errorf("moves %v, battles %v before any play", m.Moves, m.Battles)
	}
	if !strings.Contains(strings.Join(m.Notes, "\n"), "Electorate display") {
		t.Errorf("notes: %v", m.Notes)
	}
}

// The map shows nothing from any hand: it is the same for every power
// and the GM (all of it is public in Here I Stand) and does not change
// when the hands do.
func TestMapViewShowsNoHand(t *testing.T) {
	s := newGame(t, 3)
	gm := s.MapView(adjudicator.GM)
	other := s.clone()
	other.Hands[Ottoman], other.Hands[France] = other.Hands[France], other.Hands[Ottoman]
	for p := 0; p < NMajor; p++ {
		for _, x := range []*St{s, other} {
			m := x.MapView(roleOf(p))
			if !strings.HasSuffix(m.Title, "("+powers[p].Name+")") {
				t.Errorf("title %q", m.Title)
			}
			m.Title, m.Reader = gm.Title, gm.Reader
			if !reflect.DeepEqual(m, gm) {
				t.Fatalf("%s's map differs from the GM's", powers[p].Name)
			}
		}
	}
	doc, err := json.Marshal(gm)
	if err != nil {
		t.Fatal(err)
	}
	for p := 0; p < NMajor; p++ {
		for _, c := range s.Hands[p] {
			if strings.Contains(string(doc), cardName(int(c))) {
				t.Errorf("the map names %s", cardName(int(c)))
			}
		}
	}
}

// HIS-13, HIS-14, HIS-15: the move in progress is an arrow, the field
// battle or assault it leads to a battle marker; sieges and unrest are
// marked on their spaces and listed in the notes.
func TestMapViewMovesBattlesSieges(t *testing.T) {
	s := board(t)
	put(t, s, "paris", France, Force{Reg: 3, Merc: 1}, "francis_i")
	put(t, s, "dijon", Hapsburg, Force{Reg: 2})
	s.setWar(France, Hapsburg, true)
	s.Flow.Move = &Move{Power: France, From: sp(t, "paris"), To: sp(t, "dijon"), Interceptor: NoPower,
		F: Formation{At: sp(t, "paris"), Parts: []Part{{Power: France, Force: Force{Reg: 3, Merc: 1}}}, Leaders: []int{ldr(t, "francis_i")}}}
	m := s.MapView(adjudicator.GM)
	if err := m.Validate(); err != nil {
		t.Fatal(err)
	}
	want := []bm.Move{{Owner: "france", From: "paris", To: "dijon", Count: 4, Label: "3R 1M Francis I"}}
	if !reflect.DeepEqual(m.Moves, want) || len(m.Battles) != 0 {
		t.Errorf("moves %+v battles %+v", m.Moves, m.Battles)
	}
	s.Flow.Move.Entered = true
	if m = s.MapView(adjudicator.GM); len(m.Battles) != 1 || m.Battles[0] != (bm.Battle{Area: "dijon", Attacker: "france", Defender: "hapsburg"}) {
		t.Errorf("battle to come: %+v", m.Battles)
	}
	s.Flow.Battle = &Battle{Space: sp(t, "dijon"), Attacker: France, From: sp(t, "paris")}
	if m = s.MapView(adjudicator.GM); len(m.Battles) != 1 || !m.Battles[0].Current {
		t.Errorf("battle in progress: %+v", m.Battles)
	}
	s.Flow.Move, s.Flow.Battle = nil, nil
	s.Warfare.Siege.set(sp(t, "metz"))
	put(t, s, "metz", France, Force{Reg: 2})
	s.Unrest.set(sp(t, "naples"))
	m = s.MapView(adjudicator.GM)
	if a := m.Area("metz"); !strings.Contains(strings.Join(a.Markers, " "), "besieged") {
		t.Errorf("Metz: %v", a.Markers)
	}
	notes := strings.Join(m.Notes, "\n")
	for _, w := range []string{"Under siege: Metz (by France).", "Unrest: Naples."} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes %q lack %q", notes, w)
		}
	}
}

// Random games: the map of every power is valid after every submission.
func TestMapViewRandomGames(t *testing.T) {
	for seed := uint64(1); seed <= 2; seed++ {
		d, pk := testdice.New(seed), testdice.New(seed*11)
		st, err := Game{}.Setup("1517", nil, d)
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*St)
		for i := 0; i < 3000 && !s.Flow.Over; i++ {
			for p := 0; p < NMajor; p += 5 {
				m := s.MapView(roleOf(p))
				if err := m.Validate(); err != nil {
					t.Fatalf("seed %d step %d: %v", seed, i, err)
				}
			}
			owing := s.Owing()
			ns, _, err := s.Apply(*s.RandomSubmission(owing[0], pk.Intn), d)
			if err != nil {
				t.Fatal(err)
			}
			s = ns.(*St)
		}
	}
}
