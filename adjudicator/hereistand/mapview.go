package hereistand

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator"
	bm "github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The schematic map of the report picture (package board, imported as bm
// because the tests have a helper named board): every space and sea zone at
// a fixed position, roughly its real longitude and latitude, moved apart
// so that labels do not overlap (map_positions.json). Everything on the
// Here I Stand map is public (HIS-2 to HIS-5): control, religion, unrest,
// sieges, units and leaders. Only the hands are secret, and a Map holds
// nothing from any hand.

//go:embed map_positions.json
var mapPositionsJSON []byte

type mapPos struct {
	ID     string     `json:"id"`
	Pos    [2]float64 `json:"pos"`
	Region string     `json:"region"`
}

type mapLayout struct {
	Width   float64  `json:"width"`
	Height  float64  `json:"height"`
	Regions []string `json:"regions"`
	Spaces  []mapPos `json:"spaces"`
	Seas    []mapPos `json:"seas"`
	// by space and sea-zone index
	space [NS]mapPos
	sea   [NSea]mapPos
}

var (
	layoutOnce sync.Once
	layoutData mapLayout
	layoutErr  error
)

// layout returns the map's positions, indexed like the spaces and sea
// zones of data.json.
func layout() (*mapLayout, error) {
	layoutOnce.Do(func() { layoutData, layoutErr = parseLayout(mapPositionsJSON) })
	return &layoutData, layoutErr
}

// parseLayout reads a positions file and checks that it places every
// space and sea zone exactly once, inside its canvas and in a known
// region.
func parseLayout(raw []byte) (mapLayout, error) {
	var l mapLayout
	if err := json.Unmarshal(raw, &l); err != nil {
		return l, fmt.Errorf("map positions: %w", err)
	}
	if l.Width <= 0 || l.Height <= 0 {
		return l, fmt.Errorf("map positions: no canvas size")
	}
	regions := map[string]bool{}
	for _, r := range l.Regions {
		regions[r] = true
	}
	inside := func(p mapPos) error {
		if p.Pos[0] <= 0 || p.Pos[1] <= 0 || p.Pos[0] >= l.Width || p.Pos[1] >= l.Height {
			return fmt.Errorf("map positions: %s at (%g,%g) is off the %gx%g canvas", p.ID, p.Pos[0], p.Pos[1], l.Width, l.Height)
		}
		return nil
	}
	var seenSpace [NS]bool
	for _, p := range l.Spaces {
		i, ok := spaceByID[p.ID]
		if !ok {
			return l, fmt.Errorf("map positions: unknown space %q", p.ID)
		}
		if seenSpace[i] {
			return l, fmt.Errorf("map positions: space %s twice", p.ID)
		}
		if !regions[p.Region] {
			return l, fmt.Errorf("map positions: space %s in unknown region %q", p.ID, p.Region)
		}
		if err := inside(p); err != nil {
			return l, err
		}
		seenSpace[i] = true
		l.space[i] = p
	}
	var seenSea [NSea]bool
	for _, p := range l.Seas {
		z, ok := seaByID[p.ID]
		if !ok {
			return l, fmt.Errorf("map positions: unknown sea zone %q", p.ID)
		}
		if seenSea[z] {
			return l, fmt.Errorf("map positions: sea zone %s twice", p.ID)
		}
		if err := inside(p); err != nil {
			return l, err
		}
		seenSea[z] = true
		l.sea[z] = p
	}
	for i, ok := range seenSpace {
		if !ok {
			return l, fmt.Errorf("map positions: no position for %s", spaces[i].ID)
		}
	}
	for z, ok := range seenSea {
		if !ok {
			return l, fmt.Errorf("map positions: no position for %s", seas[z].ID)
		}
	}
	return l, nil
}

// seaRegion is the text map's region of the sea zones.
const seaRegion = "Seas"

// Colours of the powers on the map, majors in Impulse Order, then the
// minor powers and the independent spaces and units.
var powerColors = [NPow]string{
	Ottoman:     "#2e7d32",
	Hapsburg:    "#b38600",
	England:     "#c62828",
	France:      "#1f5fbf",
	Papacy:      "#7b3fa0",
	Protestant:  "#8d5a2b",
	Genoa:       "#c2185b",
	Hungary:     "#546e7a",
	Scotland:    "#00838f",
	Venice:      "#00897b",
	Independent: "#757575",
}

// mapRole is the role a power has on the map: the major powers' roles,
// and the minor powers' and independents' IDs.
func mapRole(p int) adjudicator.Role {
	if p < 0 || p >= NPow {
		return ""
	}
	return adjudicator.Role(powers[p].ID)
}

// hisMapWords gives the map's English words as catalogue messages, for
// readers of other languages: the powers, the regions of the text map,
// the border types and the markers by a space's name. Space and leader
// names stay as printed. Built on first use, after the data is loaded.
var hisMapWords = sync.OnceValue(func() map[string]msg.M {
	w := map[string]msg.M{
		"capital": msg.New("his.space.capital"), "key": msg.New("his.space.key"),
		"electorate": msg.New("his.space.electorate"), "fortress": msg.New("his.space.fortress"),
		"out of play": msg.New("his.map.out_of_play"), "pirate haven": msg.New("his.map.pirate_haven"),
		"Protestant": msg.New("his.map.protestant_space"), "unrest": msg.New("his.map.unrest"),
		"besieged": msg.New("his.map.besieged"),
		seaRegion:  msg.New("his.region.seas"),
	}
	for p := 0; p < NPow; p++ {
		w[powers[p].Name] = powerMsg(p)
	}
	for _, bt := range hisBorderTypes {
		w[bt.Name] = msg.New("his.map.border_" + bt.ID)
	}
	for _, r := range []string{"British Isles", "France", "Low Countries", "Spain", "Germany", "Austria",
		"Hungary and Bohemia", "Italy", "Balkans and Aegean", "Africa and islands"} {
		w[r] = msg.New("his.region." + strings.ToLower(strings.ReplaceAll(r, " ", "_")))
	}
	return w
})

// Border types of the map (HIS-2.5), in legend order.
var hisBorderTypes = []bm.BorderType{
	{ID: "connection", Name: "connection", Stroke: bm.Stroke{Color: "#8c7b5a", Width: 1.6}},
	{ID: "pass", Name: "pass: 2 CP to move across, no control or unrest across it", Stroke: bm.Stroke{Color: "#5b4a2e", Width: 2, Dash: []float64{3, 3}}},
	{ID: "port", Name: "port on a sea zone", Stroke: bm.Stroke{Color: "#7fa7c9", Width: 1.2, Dash: []float64{4, 3}}},
	{ID: "sea", Name: "adjacent sea zones", Stroke: bm.Stroke{Color: "#a9c6df", Width: 1.8}},
}

// hisPieceKey explains the stacks (his.map.key in the catalogue).
const hisPieceKey = "All units are public: R regulars, M mercenaries, C cavalry, S squadrons, K corsairs, then leaders."

// MapView implements bm.Viewer: the board as every power sees it. All
// of it is public in Here I Stand (political control, religion, unrest,
// sieges, every power's units and leaders); role only names the reader in
// the title. The move, battle or assault of the impulse in progress is
// drawn as an arrow and a battle marker.
func (s *St) MapView(role adjudicator.Role) bm.Map {
	l, err := layout()
	if err != nil {
		// The positions are embedded and tested; this cannot happen in a
		// built binary.
		panic("hereistand: " + err.Error())
	}
	// The status label, which the platform shows in the reader's language.
	title := "Here I Stand — " + s.Status().Label
	if role == adjudicator.GM {
		title += " (GM)"
	} else if p := powerOfRole(role); p >= 0 {
		title += " (" + powers[p].Name + ")"
	}
	m := bm.Map{Game: Name, Title: title, Reader: role, Width: l.Width, Height: l.Height, Words: hisMapWords(),
		BorderTypes: hisBorderTypes, PieceKey: hisPieceKey, Regions: append(append([]string(nil), l.Regions...), seaRegion)}
	for p := 0; p < NPow; p++ {
		m.Sides = append(m.Sides, bm.Side{Role: mapRole(p), Name: powers[p].Name, Color: powerColors[p]})
	}
	// leaders by location, in leader order
	var leadersAt [NLoc][]int
	for ld, at := range s.Leader {
		if at >= 0 && int(at) < NLoc {
			leadersAt[at] = append(leadersAt[at], ld)
		}
	}
	for sp := 0; sp < NS; sp++ {
		si := &spaces[sp]
		a := bm.Area{ID: si.ID, Name: si.Name, Kind: bm.Land,
			Pos: bm.Point{X: l.space[sp].Pos[0], Y: l.space[sp].Pos[1]}, Region: l.space[sp].Region}
		switch {
		case s.fortified(sp):
			a.Kind = bm.Castle
		case si.port():
			a.Kind = bm.Port
		}
		a.Markers = s.spaceMarkers(sp)
		if c := s.Ctrl[sp]; c < NPow {
			a.Controller = mapRole(int(c))
		}
		a.Pieces = s.mapPieces(sp, leadersAt[sp])
		m.Areas = append(m.Areas, a)
	}
	for z := 0; z < NSea; z++ {
		loc := seaLoc(z)
		m.Areas = append(m.Areas, bm.Area{ID: seas[z].ID, Name: seas[z].Name, Kind: bm.Sea,
			Pos: bm.Point{X: l.sea[z].Pos[0], Y: l.sea[z].Pos[1]}, Region: seaRegion,
			Pieces: s.mapPieces(loc, leadersAt[loc])})
	}
	for a := 0; a < NS; a++ {
		for _, e := range spaces[a].Nbr {
			if int(e.To) > a {
				t := "connection"
				if e.Pass {
					t = "pass"
				}
				m.Borders = append(m.Borders, bm.Border{A: spaces[a].ID, B: spaces[e.To].ID, Type: t})
			}
		}
		for _, z := range spaces[a].Seas {
			m.Borders = append(m.Borders, bm.Border{A: spaces[a].ID, B: seas[z].ID, Type: "port"})
		}
	}
	for a := 0; a < NSea; a++ {
		for b := a + 1; b < NSea; b++ {
			if seaAdj[a][b] {
				m.Borders = append(m.Borders, bm.Border{A: seas[a].ID, B: seas[b].ID, Type: "sea"})
			}
		}
	}
	m.Moves, m.Battles = s.mapAction()
	// The key and the notes as messages, rendered in the reader's
	// language (Notes keeps them in English); the result of a finished
	// game as written.
	key := msg.New("his.map.key")
	m.PieceKeyMsg = &key
	m.NoteMsgs = append(m.NoteMsgs, msg.New("his.map.note"))
	for _, n := range []msg.M{s.siegeNote(), s.unrestNote(), s.displayNote()} {
		if n.Key != "" {
			m.NoteMsgs = append(m.NoteMsgs, n)
		}
	}
	if s.Flow.Over && s.Flow.Result != "" {
		m.NoteMsgs = append(m.NoteMsgs, msg.Lit(s.Flow.Result))
	}
	en := queryEnglish()
	for _, n := range m.NoteMsgs {
		m.Notes = append(m.Notes, en.Text(n))
	}
	return m
}

// spaceMarkers are the facts printed by a space's name: its type
// (HIS-2.1), Protestant religious influence (HIS-2.3), unrest (HIS-12.4),
// a siege (HIS-15a) and a space out of play.
func (s *St) spaceMarkers(sp int) []string {
	si := &spaces[sp]
	var out []string
	switch {
	case si.Capital:
		out = append(out, "capital")
	case si.Type == Key:
		out = append(out, "key")
	case si.Type == Electorate:
		out = append(out, "electorate")
	case si.Type == Fortress:
		out = append(out, "fortress")
	}
	if s.Ctrl[sp] == NoPower {
		out = append(out, "out of play")
	}
	if s.Pirates.Havens != 0 && s.haven(sp) {
		out = append(out, "pirate haven") // HIS-21.1f
	}
	if s.Protestant(sp) {
		out = append(out, "Protestant")
	}
	if s.InUnrest(sp) {
		out = append(out, "unrest")
	}
	if s.Warfare.Siege.has(sp) {
		out = append(out, "besieged")
	}
	return out
}

// unrestNote lists the spaces in unrest: "Unrest: Naples, Tunis." (no
// key when there are none).
func (s *St) unrestNote() msg.M {
	var names []string
	s.Unrest.each(func(sp int) {
		if sp < NS {
			names = append(names, spaces[sp].Name)
		}
	})
	if len(names) == 0 {
		return msg.M{}
	}
	return msg.New("his.map.unrest_note", "Spaces", strings.Join(names, ", "))
}

// displayNote lists the Protestant regulars waiting on the Electorate
// display: "Electorate display (...): Mainz 1R, Trier 1R."
func (s *St) displayNote() msg.M {
	var parts []string
	for i, e := range electorates {
		if i < len(s.Display) && s.Display[i] > 0 {
			parts = append(parts, fmt.Sprintf("%s %dR", spaces[e].Name, s.Display[i]))
		}
	}
	if len(parts) == 0 {
		return msg.M{}
	}
	return msg.New("his.map.display_note", "Spaces", strings.Join(parts, ", "))
}

// mapPieces lists every power's stack in a location, one line per power:
// "4R 1M 1S Charles V, Duke of Alva". Leaders who belong to no power (the
// Renegade) are listed with the stack they stand with.
func (s *St) mapPieces(loc int, lead []int) []bm.Piece {
	var out []bm.Piece
	for p := 0; p < NPow; p++ {
		f := s.Units[loc][p]
		var names []string
		for _, ld := range lead {
			if lp := leaders[ld].Power; lp == p || (lp >= NPow && !f.empty()) {
				names = append(names, leaders[ld].Name)
			}
		}
		if f.empty() && len(names) == 0 {
			continue
		}
		label := unitCounts(f)
		if len(names) > 0 {
			if label != "" {
				label += " "
			}
			label += strings.Join(names, ", ")
		}
		out = append(out, bm.Piece{Owner: mapRole(p), Label: label})
	}
	return out
}

// unitCounts reads "4R 1M 1C 2S 1K".
func unitCounts(f Force) string {
	var b strings.Builder
	for _, x := range []struct {
		n uint8
		c byte
	}{{f.Reg, 'R'}, {f.Merc, 'M'}, {f.Cav, 'C'}, {f.Sq, 'S'}, {f.Cor, 'K'}} {
		if x.n == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(x.n)))
		b.WriteByte(x.c)
	}
	return b.String()
}

// mapAction draws the land move, field battle or assault of the impulse
// in progress, as the move and battle events tell every power.
func (s *St) mapAction() ([]bm.Move, []bm.Battle) {
	var moves []bm.Move
	var battles []bm.Battle
	f := &s.Flow
	if mv := f.Move; mv != nil && mv.From >= 0 && mv.From < NS && mv.To >= 0 && mv.To < NS && mv.From != mv.To {
		moves = append(moves, bm.Move{Owner: mapRole(mv.Power), From: spaces[mv.From].ID, To: spaces[mv.To].ID,
			Count: max(mv.F.Land(), 1), Label: formationText(mv.F)})
	}
	switch {
	case f.Battle != nil && f.Battle.Space >= 0 && f.Battle.Space < NS:
		b := f.Battle
		battles = append(battles, bm.Battle{Area: spaces[b.Space].ID, Attacker: mapRole(b.Attacker),
			Defender: mapRole(s.defenderIn(b.Space, b.Attacker)), Current: true})
	case f.Assault != nil && f.Assault.Space >= 0 && f.Assault.Space < NS:
		a := f.Assault
		battles = append(battles, bm.Battle{Area: spaces[a.Space].ID, Attacker: mapRole(a.Power),
			Defender: mapRole(s.defenderIn(a.Space, a.Power)), Current: true})
	case f.Move != nil && f.Move.To >= 0 && f.Move.To < NS && f.Move.Entered && s.enemyLandIn(f.Move.To, f.Move.Power):
		// the move has entered a space with enemy units: a battle is coming
		battles = append(battles, bm.Battle{Area: spaces[f.Move.To].ID, Attacker: mapRole(f.Move.Power),
			Defender: mapRole(s.defenderIn(f.Move.To, f.Move.Power))})
	}
	return moves, battles
}

// defenderIn is the first power at war with attacker that has land units
// in sp, else the space's controller; -1 when there is none.
func (s *St) defenderIn(sp, attacker int) int {
	for q := 0; q < Independent; q++ {
		if q != attacker && s.Units[sp][q].Land() > 0 && s.Enemy(attacker, q) {
			return q
		}
	}
	if c := int(s.Ctrl[sp]); c < NPow && c != attacker {
		return c
	}
	return -1
}

// formationText reads a moving formation: "4R 1M Charles V".
func formationText(f Formation) string {
	var total Force
	for _, p := range f.Parts {
		total.Reg += p.Force.Reg
		total.Merc += p.Force.Merc
		total.Cav += p.Force.Cav
		total.Sq += p.Force.Sq
		total.Cor += p.Force.Cor
	}
	out := unitCounts(total)
	for _, ld := range f.Leaders {
		if ld >= 0 && ld < len(leaders) {
			if out != "" {
				out += " "
			}
			out += leaders[ld].Name
		}
	}
	return out
}

// siegeNote lists the sieges for the legend: "Under siege: Vienna (by
// Ottoman) · Rhodes (by Ottoman)." (no key when there are none).
func (s *St) siegeNote() msg.M {
	var parts []msg.M
	s.Warfare.Siege.each(func(sp int) {
		if sp >= NS {
			return
		}
		var by []msg.M
		for q := 0; q < NPow; q++ {
			if q != int(s.Ctrl[sp]) && s.Units[sp][q].Land() > 0 {
				by = append(by, powerMsg(q))
			}
		}
		if len(by) == 0 {
			parts = append(parts, msg.Lit(spaces[sp].Name))
			return
		}
		parts = append(parts, msg.New("his.map.siege_by", "Space", spaces[sp].Name, "Powers", by))
	})
	if len(parts) == 0 {
		return msg.M{}
	}
	return msg.New("his.map.siege_note", "Sieges", parts)
}

var _ bm.Viewer = (*St)(nil)
