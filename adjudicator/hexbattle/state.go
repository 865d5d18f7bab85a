package hexbattle

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator"
)

// Phases of a player turn (CN-4.0). Rally and rout movement run
// automatically when a player turn starts.
const (
	phMove   = "movement"
	phFire   = "fire"
	phMelee1 = "melee"       // the phasing player's melee
	phMelee2 = "enemy-melee" // the other player's melee, in the same turn
	phOver   = "over"
)

// Unit is one combat unit in play.
type Unit struct {
	ID      string   `json:"id"`
	Counter string   `json:"counter"`
	Side    string   `json:"side"`
	Face    string   `json:"face"`
	At      []Hex    `json:"at,omitempty"` // one hex, or a double's two
	Front   Hex      `json:"front,omitzero"`
	Rout    int      `json:"rout,omitempty"`
	Lance   bool     `json:"lance,omitempty"`
	Charge  string   `json:"charge,omitempty"` // the target of its charge marker
	Fired   bool     `json:"fired,omitempty"`  // a cannon on its fired side
	Wing    string   `json:"wing,omitempty"`
	Turn    int      `json:"turn,omitempty"` // reinforcement: enters this turn
	Entry   []Hex    `json:"entry,omitempty"`
	Gone    string   `json:"gone,omitempty"`  // eliminated, exited, drowned
	Place   []Hex    `json:"place,omitempty"` // set-up zone, placed by the owner
	With    []string `json:"with,omitempty"`  // or set up with a friendly unit of these kinds
	Prefer  Hex      `json:"prefer,omitzero"` // where its owner wants it to rout, among equal paths (CN-11.26)
}

// Leader is one leader counter in play.
type Leader struct {
	ID        string   `json:"id"`
	Side      string   `json:"side"`
	At        Hex      `json:"at,omitzero"`
	Disobeyed bool     `json:"disobeyed,omitempty"`
	Turn      int      `json:"turn,omitempty"`
	Entry     []Hex    `json:"entry,omitempty"`
	Gone      string   `json:"gone,omitempty"`  // captured
	Place     []Hex    `json:"place,omitempty"` // set-up zone, placed by the owner
	Near      []string `json:"near,omitempty"`  // or with or next to one of these units
	Stay      bool     `json:"stay,omitempty"`  // stays put when a unit he is with routs (CN-11.13)
}

// St is the state of one battle. It carries its pack, so a record of the
// game replays without the pack's files.
type St struct {
	Pack     []PackFile        `json:"pack"`
	Scen     string            `json:"scenario"`
	GT       int               `json:"turn"`
	Second   bool              `json:"second,omitempty"` // the second player's turn of the game turn
	Phase    string            `json:"phase"`
	Units    []*Unit           `json:"units"`
	Leaders  []*Leader         `json:"leaders"`
	FireOrd  map[string][]Line `json:"fire_orders,omitempty"`
	SetupOrd map[string][]Line `json:"setup_orders,omitempty"` // secret until both are in
	VP       map[string]int    `json:"vp"`
	Wrecked  []Hex             `json:"wrecked,omitempty"` // destroyed wagon-park hexes
	Fin      bool              `json:"finished,omitempty"`
	Result   string            `json:"result,omitempty"`
	Winner   string            `json:"winner,omitempty"`
	NoCannon bool              `json:"no_cannon,omitempty"`
	// NoChivalry: both players agreed to drop CRE-17.1 (CRE-19.14).
	NoChivalry bool `json:"no_chivalry,omitempty"`

	p  *Pack
	sc *ScenarioDef
	ev []adjudicator.Event
	mv map[string]int // MP spent by units this phase (movement)
}

// Line is a stored order line.
type Line struct {
	No   int    `json:"no"`
	Text string `json:"text"`
}

var packCache sync.Map // source text -> *Pack

func packFor(files []PackFile) (*Pack, error) {
	var key strings.Builder
	for _, f := range files {
		key.WriteString(f.Name + "\x00" + f.Text + "\x00")
	}
	if p, ok := packCache.Load(key.String()); ok {
		return p.(*Pack), nil
	}
	p, err := ParsePack(files)
	if err != nil {
		return nil, err
	}
	packCache.Store(key.String(), p)
	return p, nil
}

func (s *St) bind() error {
	p, err := packFor(s.Pack)
	if err != nil {
		return err
	}
	s.p = p
	s.sc, err = p.Scenario(s.Scen)
	return err
}

// clone deep-copies the state (states are values, engine.md). The pack's
// files and the units' set-up data are never changed in place, so they
// are shared; the phase's scratch (MP spent, events) is not copied.
func (s *St) clone() *St {
	n := *s
	n.mv, n.ev = nil, nil
	n.Units = make([]*Unit, len(s.Units))
	for i, u := range s.Units {
		c := *u
		c.At = append([]Hex(nil), u.At...)
		n.Units[i] = &c
	}
	n.Leaders = make([]*Leader, len(s.Leaders))
	for i, l := range s.Leaders {
		c := *l
		n.Leaders[i] = &c
	}
	n.FireOrd = copyOrders(s.FireOrd)
	n.SetupOrd = copyOrders(s.SetupOrd)
	n.VP = make(map[string]int, len(s.VP))
	for k, v := range s.VP {
		n.VP[k] = v
	}
	n.Wrecked = append([]Hex(nil), s.Wrecked...)
	return &n
}

func copyOrders(m map[string][]Line) map[string][]Line {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string][]Line, len(m))
	for k, v := range m {
		out[k] = append([]Line{}, v...)
	}
	return out
}

// Encode implements adjudicator.State.
func (s *St) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *St) side(i int) string {
	first := s.p.First
	other := s.p.Sides[0]
	if other == first {
		other = s.p.Sides[1]
	}
	if i == 0 {
		return first
	}
	return other
}

// phasing is the phasing player.
func (s *St) phasing() string {
	if s.Second {
		return s.side(1)
	}
	return s.side(0)
}

func (s *St) enemy(side string) string {
	if side == s.p.Sides[0] {
		return s.p.Sides[1]
	}
	return s.p.Sides[0]
}

func (s *St) counter(u *Unit) *Counter { return s.p.Counters[u.Counter] }
func (s *St) face(u *Unit) *Face       { return s.counter(u).face(u.Face) }
func (s *St) double(u *Unit) bool      { return s.counter(u).Double }

func (s *St) onMap(u *Unit) bool { return u.Gone == "" && len(u.At) > 0 }

func (s *St) unit(id string) *Unit {
	for _, u := range s.Units {
		if strings.EqualFold(u.ID, id) {
			return u
		}
	}
	return nil
}

func (s *St) leader(id string) *Leader {
	for _, l := range s.Leaders {
		if strings.EqualFold(l.ID, id) {
			return l
		}
	}
	return nil
}

func (s *St) leaderDef(id string) *LeaderDef {
	for _, l := range s.sc.Leaders {
		if l.ID == id {
			return l
		}
	}
	return nil
}

// unitsAt lists the combat units in a hex (a cannon and its companion
// share one, CRE-16.41).
func (s *St) unitsAt(h Hex) []*Unit {
	var out []*Unit
	for _, u := range s.Units {
		if !s.onMap(u) {
			continue
		}
		for _, x := range u.At {
			if x == h {
				out = append(out, u)
			}
		}
	}
	return out
}

func (s *St) leadersAt(h Hex) []*Leader {
	var out []*Leader
	for _, l := range s.Leaders {
		if l.Gone == "" && l.Turn == 0 && l.At == h {
			out = append(out, l)
		}
	}
	return out
}

func (s *St) isCannon(u *Unit) bool { return s.counter(u).Kind == "cannon" }

// target returns the unit that takes results in a hex: a cannon's
// companion if it has one (CRE-16.43).
func (s *St) hexTarget(h Hex) *Unit {
	us := s.unitsAt(h)
	for _, u := range us {
		if !s.isCannon(u) {
			return u
		}
	}
	if len(us) > 0 {
		return us[0]
	}
	return nil
}

func (s *St) terrain(h Hex) *Terrain {
	hi := s.p.Hexes[h]
	if hi == nil {
		return offMap
	}
	return s.p.Terrain[hi.Terrain]
}

// offMap stands for the terrain beyond the map's edge.
var offMap = &Terrain{Name: "off-map", Code: " ", Cost: 99, Prohibited: true}

func (s *St) elev(h Hex) int {
	if hi := s.p.Hexes[h]; hi != nil {
		return hi.Elevation
	}
	return 0
}

func (s *St) obstacle(a, b Hex) bool {
	k := sideKey(a, b)
	if s.sc.Open[k] {
		return false
	}
	return s.p.Obstacles[k] || s.sc.Obstacles[k]
}

func (s *St) wagon(h Hex) bool {
	hi := s.p.Hexes[h]
	if hi == nil || !hi.Wagon {
		return false
	}
	for _, w := range s.Wrecked {
		if w == h {
			return false
		}
	}
	return true
}

// edgeStep is +1 if stepping from a to b goes toward side's friendly map
// edge, 0 along its line, -1 away (the checklist's hex-line rule).
func (s *St) edgeStep(side string, a, b Hex) int {
	e := s.p.Edge[side]
	d := b.Line - a.Line
	if e <= s.p.Lines[0] {
		d = -d
	}
	return d
}

// drm is a table modifier: the scenario's value, else the pack's.
func (s *St) drm(name string) int {
	if v, ok := s.sc.DRM[name]; ok {
		return v
	}
	return s.p.DRM[name]
}

func (s *St) fatigued() bool { return s.p.Fatigue[s.GT] }

// Status implements adjudicator.State.
func (s *St) Status() adjudicator.Status {
	st := adjudicator.Status{Turn: s.GT, Label: s.label(), Finished: s.Fin, Result: s.Result}
	if s.Winner != "" {
		st.Winner = []adjudicator.Role{adjudicator.Role(s.Winner)}
	}
	return st
}

func (s *St) label() string {
	if s.Fin {
		return "game over: " + s.Result
	}
	return fmt.Sprintf("turn %d of %d, %s player turn, %s phase", s.GT, s.p.Turns, s.phasing(), s.Phase)
}

func (s *St) say(format string, a ...any) {
	s.ev = append(s.ev, adjudicator.Event{Text: fmt.Sprintf(format, a...)})
}

func sortedIDs[T any](m map[string]T) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
