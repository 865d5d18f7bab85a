package hexbattle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// A Pack is a battle typed in from its printed components: the map, the
// counters, the tables, the set-ups and the victory conditions. The format
// is described in docs/games/crecy-navarette-packs.md.
type Pack struct {
	Files     []PackFile // the source, kept so that a game carries its pack
	Rules     string     // "crecy", "navarrete" or "generic": which exclusive rules apply
	Title     string
	Notes     []string
	Sides     [2]string
	First     string
	Edge      map[string]int // friendly map edge line per side
	Turns     int
	Fatigue   map[int]bool
	Lines     [2]int // first and last XX
	Positions [2]int // first and last YY
	Terrain   map[string]*Terrain
	codes     map[string]string // map letter -> terrain name
	Hexes     map[Hex]*HexInfo
	Obstacles map[[2]Hex]bool // hexside obstacles, key ordered
	Counters  map[string]*Counter
	Leaders   []*LeaderDef
	Fire      map[string]map[string][]int // weapon -> armour -> hit number by range (0: no hit)
	Melee     map[string]map[string]int   // attacker type -> defender type -> hit number
	Morale    map[string]*MoraleRow
	DRM       map[string]int
	VP        []VPRule
	Victory   []VictoryLevel
	Forbid    []Forbid
	Scenarios []*ScenarioDef
	Chivalry  string // the side whose plate cavalry must charge home (CRE-17.11)

	unitLines map[string]loc
}

// PackFile is one file of a pack.
type PackFile struct {
	Name string
	Text string
}

// Terrain is one row of the Terrain Effects Table.
type Terrain struct {
	Name       string
	Code       string
	Cost       int
	Clear      bool // counts as clear terrain (charges, CN-5.31)
	BlocksLOS  bool // woods and villages (CN-8.13)
	Village    bool // LOS may not enter it either (CN-8.16)
	Prohibited bool // CN-7.25
	River      bool // NAV-18.0: entered only in rout, and the unit drowns
	FireDRM    int  // added to fire rolls against a unit in it
	MeleeDRM   int  // added to melee rolls against a unit in it
}

// HexInfo is one map hex.
type HexInfo struct {
	Terrain   string
	Elevation int
	Wagon     bool // Crécy wagon park (CRE-16.31)
	Road      bool // Navarrete road hex (NAV-19.2b, ruling AMB-45)
	Label     string
}

// Counter is one kind of counter on the counter sheet.
type Counter struct {
	Name   string
	Side   string
	Double bool
	Armour string // P, M, L or N (CN-3.33)
	Morale string
	AltMor string // the parenthesised rating (CRE-18.14)
	Nation string
	Kind   string // "cannon" for Crécy's cannons
	Switch string // free, fullma or never: when faces may change
	Near   string // fire only within 2 hexes of: plate, plate-wing, unit:ID
	Faces  []*Face
	line   loc
}

// Face is one side (mode) of a counter.
type Face struct {
	Name   string
	Cav    bool
	MA     int
	Type   string // melee type (Melee CRT row and column)
	Weapon string // fire weapon; empty if this face cannot fire
	Attack bool   // may start a melee
}

// UnitDef places one combat unit, at start or as a reinforcement.
type UnitDef struct {
	ID      string
	Counter string
	At      []Hex // one hex, or two for a double
	Front   Hex   // a double's front-centre hex
	Face    string
	Lance   bool
	Wing    string
	Turn    int      // reinforcement turn; 0 at start
	Entry   []Hex    // reinforcement entry hexes
	Place   []Hex    // set-up zone (a hex range): the owner places it (CRE-18.11, CRE-19.21)
	With    []string // or: set up in the hex of a friendly unit of these kinds (plate, a nation; CRE-18.11)
	line    loc
}

// LeaderDef is one leader counter.
type LeaderDef struct {
	ID      string
	Name    string
	Side    string
	MA      int
	At      Hex
	Turn    int
	Entry   []Hex
	Inspire int    // added to the morale of a unit stacked with him
	InspNat string // ... only if of this nation
	Rallies []string
	Wing    string
	Place   []Hex    // set-up zone chosen by the owner (CRE-18.11)
	Near    []string // or: placed with or adjacent to one of these units (CRE-18.11)
	line    loc
}

// MoraleRow is one column of the Morale Effects Table.
type MoraleRow struct {
	From   int   // the lowest modified die result listed
	Result []int // rout levels gained for From, From+1, ...
}

// VPRule scores VP for one kind of loss (NAV-19, CRE-20).
type VPRule struct {
	Scorer string
	What   string // unit, leader, wagon
	Match  map[string]string
	Points int
}

// VictoryLevel is one row of a victory level table.
type VictoryLevel struct {
	Side  string // whose margin; "draw" for a draw
	Min   int
	Else  bool
	Label string
}

// Forbid keeps a side (or its units of one morale rating) out of a hex
// except in rout, or always (NAV-18.0d).
type Forbid struct {
	Side     string
	Morale   string
	Hex      Hex
	RoutOnly bool // the ban does not apply to rout movement
}

// ScenarioDef is one scenario of a pack.
type ScenarioDef struct {
	ID, Title  string
	Units      []*UnitDef
	Leaders    []*LeaderDef
	Obstacles  map[[2]Hex]bool
	Open       map[[2]Hex]bool // common obstacles this scenario removes
	Visibility map[int]int     // game turn -> maximum visibility in hexes
	FireDRM    map[int]int     // game turn -> fire DRM (fog, CRE-19.3)
	UseAlt     string          // which morale rating: "" normal, "alt" parenthesised
	Fixed      bool            // plate modes fixed (CRE-18.12)
	Locked     map[string]bool // counter names locked in their face (CRE-18.13)
	// ChooseModes lets each player pick his plate units' starting modes
	// before play (NAV-16.1, CRE-19.11); Secret hides the choices until
	// both are in; Same lists the sides whose plate must all share a mode.
	ChooseModes bool
	SecretModes bool
	SameMode    map[string]bool
	NoChivalry  bool           // CRE-17.1 does not apply (CRE-19.14)
	DRM         map[string]int // this scenario's table modifiers, over the pack's
}

type loc struct {
	file string
	line int
}

func (l loc) String() string { return fmt.Sprintf("%s:%d", l.file, l.line) }

// PackError lists every problem found in a pack.
type PackError struct{ Problems []string }

func (e *PackError) Error() string { return strings.Join(e.Problems, "\n") }

// LoadPack reads a pack from a directory (every *.pack file in name
// order) or from one file.
func LoadPack(path string) (*Pack, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("scenario pack %s: %w", path, err)
	}
	var files []PackFile
	if st.IsDir() {
		names, _ := filepath.Glob(filepath.Join(path, "*.pack"))
		sort.Strings(names)
		if len(names) == 0 {
			return nil, fmt.Errorf("scenario pack %s: no *.pack files in the directory", path)
		}
		for _, n := range names {
			b, err := os.ReadFile(n)
			if err != nil {
				return nil, err
			}
			files = append(files, PackFile{Name: filepath.Base(n), Text: string(b)})
		}
	} else {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		files = []PackFile{{Name: filepath.Base(path), Text: string(b)}}
	}
	return ParsePack(files)
}

// ParsePack parses and validates a pack. The error is a *PackError naming
// the file, line and hex of every problem.
func ParsePack(files []PackFile) (*Pack, error) {
	p := &Pack{
		Files: files, Rules: "generic", Edge: map[string]int{}, Fatigue: map[int]bool{},
		Terrain: map[string]*Terrain{}, codes: map[string]string{}, Hexes: map[Hex]*HexInfo{},
		Obstacles: map[[2]Hex]bool{}, Counters: map[string]*Counter{},
		Fire: map[string]map[string][]int{}, Melee: map[string]map[string]int{},
		Morale: map[string]*MoraleRow{}, DRM: map[string]int{}, unitLines: map[string]loc{},
	}
	ps := &parser{p: p}
	for _, f := range files {
		for i, raw := range strings.Split(f.Text, "\n") {
			ps.at = loc{f.Name, i + 1}
			line := raw
			if j := strings.IndexByte(line, '#'); j >= 0 {
				line = line[:j]
			}
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			ps.directive(line)
		}
	}
	ps.validate()
	if len(ps.errs) > 0 {
		return nil, &PackError{Problems: ps.errs}
	}
	return p, nil
}

type parser struct {
	p       *Pack
	at      loc
	errs    []string
	scen    *ScenarioDef
	counter *Counter
	lineRow map[int]loc
	mapSeen bool
	deflt   HexInfo
}

func (ps *parser) errf(format string, a ...any) {
	ps.errs = append(ps.errs, ps.at.String()+": "+fmt.Sprintf(format, a...))
}

func (ps *parser) errAt(l loc, format string, a ...any) {
	ps.errs = append(ps.errs, l.String()+": "+fmt.Sprintf(format, a...))
}

// fields splits a line into words, keeping "quoted text" together.
func fields(s string) []string {
	var out []string
	var cur strings.Builder
	inq := false
	for _, r := range s {
		switch {
		case r == '"':
			inq = !inq
		case (r == ' ' || r == '\t') && !inq:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// kv splits words into key=value attributes and bare flags.
func kv(words []string) (map[string]string, []string) {
	attrs := map[string]string{}
	var bare []string
	for _, w := range words {
		if k, v, ok := strings.Cut(w, "="); ok {
			attrs[strings.ToLower(k)] = v
		} else {
			bare = append(bare, strings.ToLower(w))
		}
	}
	return attrs, bare
}

func (ps *parser) num(s, what string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		ps.errf("%s: %q is not a number", what, s)
	}
	return n
}

func (ps *parser) hex(s string) Hex {
	h, err := ParseHex(s)
	if err != nil {
		ps.errf("%v", err)
		return Hex{}
	}
	if ps.mapSeen && !ps.p.OnMap(h) {
		ps.errf("hex %s is off the map (lines %02d-%02d, positions %02d-%02d)", h, ps.p.Lines[0], ps.p.Lines[1], ps.p.Positions[0], ps.p.Positions[1])
	}
	return h
}

func (ps *parser) hexes(s string) []Hex {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return []Hex{ps.hex(s)}
	}
	return []Hex{ps.hex(a), ps.hex(b)}
}

func (ps *parser) span(s, what string) [2]int {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		ps.errf("%s: want a range such as 01-12, got %q", what, s)
		return [2]int{}
	}
	return [2]int{ps.num(a, what), ps.num(b, what)}
}

func (ps *parser) side(s string) string {
	s = strings.ToLower(s)
	if s != ps.p.Sides[0] && s != ps.p.Sides[1] {
		ps.errf("unknown side %q (the pack's sides are %s and %s)", s, ps.p.Sides[0], ps.p.Sides[1])
	}
	return s
}

func sideKey(a, b Hex) [2]Hex {
	if a.Line > b.Line || (a.Line == b.Line && a.Pos > b.Pos) {
		a, b = b, a
	}
	return [2]Hex{a, b}
}

// OnMap reports whether h is a hex of the map.
func (p *Pack) OnMap(h Hex) bool {
	return h.Line >= p.Lines[0] && h.Line <= p.Lines[1] && h.Pos >= p.Positions[0] && h.Pos <= p.Positions[1]
}

func (ps *parser) directive(line string) {
	p := ps.p
	w := fields(line)
	verb := strings.ToLower(w[0])
	args := w[1:]
	need := func(n int, usage string) bool {
		if len(args) < n {
			ps.errf("%s needs %s", verb, usage)
			return false
		}
		return true
	}
	if verb != "face" {
		ps.counter = nil
	}
	switch verb {
	case "rules":
		if need(1, "crecy, navarrete or generic") {
			p.Rules = strings.ToLower(args[0])
			if p.Rules != "crecy" && p.Rules != "navarrete" && p.Rules != "generic" {
				ps.errf("unknown rules %q (crecy, navarrete or generic)", args[0])
			}
		}
	case "title":
		p.Title = strings.Join(args, " ")
	case "note":
		p.Notes = append(p.Notes, strings.Join(args, " "))
	case "sides":
		if need(2, "two side names") {
			p.Sides = [2]string{strings.ToLower(args[0]), strings.ToLower(args[1])}
		}
	case "first":
		if need(1, "a side") {
			p.First = ps.side(args[0])
		}
	case "edge":
		if need(2, "a side and a line, e.g. edge english 01") {
			p.Edge[ps.side(args[0])] = ps.num(args[1], "edge line")
		}
	case "turns":
		if need(1, "a number") {
			p.Turns = ps.num(args[0], "turns")
		}
	case "fatigue":
		for _, a := range args {
			p.Fatigue[ps.num(a, "fatigue turn")] = true
		}
	case "map":
		if need(2, "lines and positions, e.g. map 01-12 01-10") {
			p.Lines = ps.span(args[0], "map lines")
			p.Positions = ps.span(args[1], "map positions")
			ps.mapSeen = true
			ps.lineRow = map[int]loc{}
		}
	case "terrain":
		ps.terrain(args)
	case "default":
		a, _ := kv(args)
		ps.deflt = HexInfo{Terrain: a["terrain"], Elevation: ps.num(orDefault(a["elevation"], "0"), "elevation")}
		if p.Terrain[ps.deflt.Terrain] == nil {
			ps.errf("unknown terrain %q", ps.deflt.Terrain)
		}
	case "line":
		ps.mapLine(args)
	case "hex":
		if !need(1, "a hex and attributes") {
			return
		}
		h := ps.hex(args[0])
		hi := p.Hexes[h]
		if hi == nil {
			ps.errf("hex %s: set hex attributes after the map lines", h)
			return
		}
		a, bare := kv(args[1:])
		if t, ok := a["terrain"]; ok {
			if p.Terrain[t] == nil {
				ps.errf("hex %s: unknown terrain %q", h, t)
			}
			hi.Terrain = t
		}
		if e, ok := a["elevation"]; ok {
			hi.Elevation = ps.num(e, "elevation")
		}
		if l, ok := a["label"]; ok {
			hi.Label = l
		}
		for _, b := range bare {
			switch b {
			case "wagon":
				hi.Wagon = true
			case "road":
				hi.Road = true
			default:
				ps.errf("hex %s: unknown feature %q (wagon, road)", h, b)
			}
		}
	case "obstacle", "open":
		for _, s := range args {
			a, b, ok := strings.Cut(s, "/")
			if !ok {
				ps.errf("%s: write a hexside as two hexes, e.g. 1607/1606; got %q", verb, s)
				continue
			}
			ha, hb := ps.hex(a), ps.hex(b)
			if !Adjacent(ha, hb) {
				ps.errf("%s %s: hexes %s and %s are not adjacent", verb, s, ha, hb)
				continue
			}
			k := sideKey(ha, hb)
			switch {
			case ps.scen == nil && verb == "obstacle":
				p.Obstacles[k] = true
			case ps.scen == nil:
				ps.errf("open belongs in a scenario block")
			case verb == "obstacle":
				ps.scen.Obstacles[k] = true
			default:
				ps.scen.Open[k] = true
			}
		}
	case "counter":
		ps.counterDef(args)
	case "face":
		ps.face(args)
	case "unit", "reinforce":
		ps.unit(verb, args)
	case "leader":
		ps.leader(args)
	case "fire":
		ps.fireRow(line)
	case "melee":
		ps.meleeRow(line)
	case "morale":
		ps.moraleRow(line)
	case "drm":
		if need(2, "a name and a value") {
			m := p.DRM
			if ps.scen != nil { // a scenario's own column (CRE-18.15, CRE-19.13)
				m = ps.scen.DRM
			}
			m[strings.ToLower(args[0])] = ps.num(args[1], "drm")
		}
	case "vp":
		ps.vp(args)
	case "victory":
		if !need(2, "a side (or draw), a margin (or else) and a label") {
			return
		}
		v := VictoryLevel{Side: strings.ToLower(args[0])}
		if v.Side != "draw" {
			ps.side(v.Side)
		}
		if strings.EqualFold(args[1], "else") {
			v.Else = true
		} else {
			v.Min = ps.num(args[1], "victory margin")
		}
		v.Label = strings.Join(args[2:], " ")
		p.Victory = append(p.Victory, v)
	case "forbid":
		if !need(2, "a side and a hex") {
			return
		}
		a, bare := kv(args[1:])
		f := Forbid{Side: ps.side(args[0]), Morale: a["morale"]}
		for _, b := range bare {
			if b == "rout-ok" {
				f.RoutOnly = true
			} else {
				f.Hex = ps.hex(b)
			}
		}
		p.Forbid = append(p.Forbid, f)
	case "scenario":
		if !need(1, "an id and a title") {
			return
		}
		ps.scen = &ScenarioDef{ID: strings.ToLower(args[0]), Title: strings.Join(args[1:], " "),
			Obstacles: map[[2]Hex]bool{}, Open: map[[2]Hex]bool{}, Visibility: map[int]int{},
			FireDRM: map[int]int{}, Locked: map[string]bool{}, SameMode: map[string]bool{}, DRM: map[string]int{}}
		p.Scenarios = append(p.Scenarios, ps.scen)
	case "visibility", "fogfire":
		if ps.scen == nil {
			ps.errf("%s belongs in a scenario block", verb)
			return
		}
		if need(2, "a turn and a value") {
			m := ps.scen.Visibility
			if verb == "fogfire" {
				m = ps.scen.FireDRM
			}
			m[ps.num(args[0], "turn")] = ps.num(args[1], verb)
		}
	case "morale-rating":
		if ps.scen != nil && need(1, "normal or alt") {
			ps.scen.UseAlt = strings.ToLower(args[0])
		}
	case "fixed-modes":
		if ps.scen != nil {
			ps.scen.Fixed = true
		}
	case "chivalry":
		if need(1, "the side whose plate cavalry must attack (CRE-17.11)") {
			p.Chivalry = ps.side(args[0])
		}
	case "no-chivalry":
		if ps.scen == nil {
			ps.errf("no-chivalry belongs in a scenario block")
			return
		}
		ps.scen.NoChivalry = true
	case "choose-modes":
		if ps.scen == nil {
			ps.errf("choose-modes belongs in a scenario block")
			return
		}
		ps.scen.ChooseModes = true
		a, bare := kv(args)
		for _, b := range bare {
			if b != "secret" {
				ps.errf("choose-modes: unknown flag %q (secret, same=SIDE)", b)
			}
			ps.scen.SecretModes = true
		}
		if a["same"] != "" {
			ps.scen.SameMode[ps.side(a["same"])] = true
		}
	case "lock":
		if ps.scen != nil {
			for _, a := range args {
				ps.scen.Locked[a] = true
			}
		}
	default:
		ps.errf("unknown directive %q", w[0])
	}
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (ps *parser) terrain(args []string) {
	if len(args) < 1 {
		ps.errf("terrain needs a name")
		return
	}
	a, bare := kv(args[1:])
	t := &Terrain{Name: strings.ToLower(args[0]), Code: a["code"], Cost: 1}
	if c, ok := a["cost"]; ok {
		t.Cost = ps.num(c, "cost")
	}
	t.FireDRM = ps.num(orDefault(a["fire"], "0"), "fire")
	t.MeleeDRM = ps.num(orDefault(a["melee"], "0"), "melee")
	for _, b := range bare {
		switch b {
		case "clear":
			t.Clear = true
		case "blocks":
			t.BlocksLOS = true
		case "village":
			t.Village, t.BlocksLOS = true, true
		case "prohibited":
			t.Prohibited = true
		case "river":
			t.River = true
		default:
			ps.errf("terrain %s: unknown flag %q (clear, blocks, village, prohibited, river)", t.Name, b)
		}
	}
	if t.Code == "" {
		ps.errf("terrain %s: give its map letter, e.g. code=c", t.Name)
	} else if prev, dup := ps.p.codes[t.Code]; dup {
		ps.errf("terrain %s: letter %q is already used by %s", t.Name, t.Code, prev)
	}
	ps.p.codes[t.Code] = t.Name
	ps.p.Terrain[t.Name] = t
}

// mapLine reads "line 05: c0 c0 w1 ...", one token per position.
func (ps *parser) mapLine(args []string) {
	p := ps.p
	if !ps.mapSeen {
		ps.errf("line: give the map's extent first (map 01-12 01-10)")
		return
	}
	if len(args) == 0 {
		ps.errf("line needs a line number")
		return
	}
	xx := ps.num(strings.TrimSuffix(args[0], ":"), "line number")
	if xx < p.Lines[0] || xx > p.Lines[1] {
		ps.errf("line %02d is off the map (lines %02d-%02d)", xx, p.Lines[0], p.Lines[1])
		return
	}
	if prev, dup := ps.lineRow[xx]; dup {
		ps.errf("line %02d was already given at %s", xx, prev)
		return
	}
	ps.lineRow[xx] = ps.at
	toks := args[1:]
	want := p.Positions[1] - p.Positions[0] + 1
	if len(toks) != want {
		ps.errf("line %02d has %d hexes; the map has %d positions (%02d-%02d)", xx, len(toks), want, p.Positions[0], p.Positions[1])
	}
	for i, tok := range toks {
		h := Hex{xx, p.Positions[0] + i}
		hi := ps.deflt
		if tok != "." {
			j := strings.IndexAny(tok, "0123456789")
			code, el := tok, ""
			if j >= 0 {
				code, el = tok[:j], tok[j:]
			}
			name, ok := p.codes[code]
			if !ok {
				ps.errf("hex %s: unknown terrain letter %q", h, code)
			}
			hi.Terrain = name
			if el != "" {
				hi.Elevation = ps.num(el, "elevation of "+h.String())
			}
		}
		p.Hexes[h] = &hi
	}
}

func (ps *parser) counterDef(args []string) {
	if len(args) < 1 {
		ps.errf("counter needs a name")
		return
	}
	a, bare := kv(args[1:])
	c := &Counter{Name: args[0], Side: ps.side(a["side"]), Armour: strings.ToUpper(a["armour"]),
		Nation: strings.ToLower(a["nation"]), Kind: strings.ToLower(a["kind"]),
		Switch: orDefault(strings.ToLower(a["switch"]), "never"), Near: a["near"], line: ps.at}
	if !strings.Contains("PMLN", c.Armour) || len(c.Armour) != 1 {
		ps.errf("counter %s: armour must be P, M, L or N (CN-3.33), got %q", c.Name, a["armour"])
	}
	switch c.Switch {
	case "never", "free", "fullma":
	default:
		ps.errf("counter %s: switch must be never, free or fullma", c.Name)
	}
	c.Morale = a["morale"]
	if i := strings.IndexByte(c.Morale, '('); i >= 0 {
		c.AltMor = strings.Trim(c.Morale[i:], "()")
		c.Morale = c.Morale[:i]
	}
	if c.Morale == "" && c.Kind != "cannon" {
		ps.errf("counter %s: give its morale rating, e.g. morale=B or morale=B(C)", c.Name)
	}
	for _, b := range bare {
		switch b {
		case "double":
			c.Double = true
		case "single":
		case "melee":
			if a["ma"] == "" {
				ps.errf("counter %s: melee belongs on a face line", c.Name)
			}
		default:
			ps.errf("counter %s: unknown flag %q", c.Name, b)
		}
	}
	if _, ok := a["ma"]; ok { // a one-faced counter written on one line
		ps.counter = c
		ps.face(append([]string{"normal"}, args[1:]...))
	}
	if _, dup := ps.p.Counters[c.Name]; dup {
		ps.errf("counter %s is defined twice", c.Name)
	}
	ps.p.Counters[c.Name] = c
	ps.counter = c
}

func (ps *parser) face(args []string) {
	c := ps.counter
	if c == nil {
		ps.errf("face must follow a counter line")
		return
	}
	if len(args) < 1 {
		ps.errf("face needs a name")
		return
	}
	a, bare := kv(args[1:])
	f := &Face{Name: strings.ToLower(args[0]), Type: a["type"], Weapon: a["weapon"]}
	switch strings.ToLower(a["class"]) {
	case "cavalry":
		f.Cav = true
	case "infantry":
	default:
		ps.errf("counter %s face %s: class must be infantry or cavalry", c.Name, f.Name)
	}
	f.MA = ps.num(orDefault(a["ma"], "0"), "ma")
	if f.Type == "" {
		ps.errf("counter %s face %s: give its melee type, e.g. type=knight", c.Name, f.Name)
	}
	for _, b := range bare {
		switch b {
		case "melee":
			f.Attack = true
		case "double", "single":
		default:
			ps.errf("counter %s face %s: unknown flag %q", c.Name, f.Name, b)
		}
	}
	c.Faces = append(c.Faces, f)
}

func (ps *parser) unit(verb string, args []string) {
	if len(args) < 2 {
		ps.errf("%s needs an id and a counter", verb)
		return
	}
	a, bare := kv(args[2:])
	u := &UnitDef{ID: args[0], Counter: args[1], Face: strings.ToLower(a["face"]), Wing: a["wing"], line: ps.at}
	if prev, dup := ps.p.unitLines[u.ID+"@"+ps.scenID()]; dup {
		ps.errf("unit %s is defined twice (first at %s)", u.ID, prev)
	}
	ps.p.unitLines[u.ID+"@"+ps.scenID()] = ps.at
	if verb == "unit" {
		if w, ok := strings.CutPrefix(a["place"], "with:"); ok {
			u.With = strings.Split(strings.ToLower(w), ",")
		} else if a["place"] != "" {
			u.Place = ps.hexes(a["place"])
		} else if a["at"] == "" {
			ps.errf("unit %s: give its hex, at=XXYY (a double: at=XXYY-XXYY front=XXYY), or its set-up zone, place=XXYY-XXYY", u.ID)
		} else {
			u.At = ps.hexes(a["at"])
		}
	} else {
		u.Turn = ps.num(orDefault(a["turn"], "0"), "turn")
		if a["entry"] == "" {
			ps.errf("reinforcement %s: give its entry hexes, entry=XXYY-XXYY", u.ID)
		} else {
			u.Entry = ps.hexes(a["entry"])
		}
	}
	if a["front"] != "" {
		u.Front = ps.hex(a["front"])
	}
	for _, b := range bare {
		if b == "lance" {
			u.Lance = true
		} else {
			ps.errf("unit %s: unknown flag %q (lance)", u.ID, b)
		}
	}
	if ps.scen == nil {
		ps.errf("unit %s: units belong in a scenario block", u.ID)
		return
	}
	ps.scen.Units = append(ps.scen.Units, u)
}

func (ps *parser) scenID() string {
	if ps.scen == nil {
		return ""
	}
	return ps.scen.ID
}

func (ps *parser) leader(args []string) {
	if len(args) < 1 {
		ps.errf("leader needs an id")
		return
	}
	a, _ := kv(args[1:])
	l := &LeaderDef{ID: args[0], Name: orDefault(a["name"], args[0]), Side: ps.side(a["side"]),
		MA: ps.num(orDefault(a["ma"], "0"), "ma"), InspNat: strings.ToLower(a["inspire-nation"]), Wing: a["wing"], line: ps.at}
	l.Inspire = ps.num(orDefault(a["inspire"], "0"), "inspire")
	if a["place"] != "" {
		l.Place = ps.hexes(a["place"])
	} else if a["near"] != "" {
		l.Near = strings.Split(a["near"], ",")
	} else if a["at"] != "" {
		l.At = ps.hex(a["at"])
	} else if a["entry"] != "" {
		l.Entry = ps.hexes(a["entry"])
		l.Turn = ps.num(orDefault(a["turn"], "0"), "turn")
	} else {
		ps.errf("leader %s: give at=XXYY, place=XXYY-XXYY, near=UNIT,UNIT or turn=N entry=XXYY-XXYY", l.ID)
	}
	if r := a["rallies"]; r != "" {
		l.Rallies = strings.Split(strings.ToLower(r), ",")
	}
	if ps.scen == nil {
		ps.errf("leader %s: leaders belong in a scenario block", l.ID)
		return
	}
	ps.scen.Leaders = append(ps.scen.Leaders, l)
}

// fireRow reads "fire longbow M: 7 6 5", hit numbers by range.
func (ps *parser) fireRow(line string) {
	head, cells, ok := strings.Cut(line, ":")
	w := fields(head)
	if !ok || len(w) != 3 {
		ps.errf("write a fire row as: fire WEAPON ARMOUR: hit-at-range-1 hit-at-range-2 ...")
		return
	}
	weapon, armour := strings.ToLower(w[1]), strings.ToUpper(w[2])
	var row []int
	for _, c := range fields(cells) {
		if c == "-" {
			row = append(row, 0)
		} else {
			row = append(row, ps.num(c, "fire "+weapon+" "+armour))
		}
	}
	if len(row) == 0 {
		ps.errf("fire %s %s: the row has no cells", weapon, armour)
	}
	if ps.p.Fire[weapon] == nil {
		ps.p.Fire[weapon] = map[string][]int{}
	}
	ps.p.Fire[weapon][armour] = row
}

// meleeRow reads "melee knight: knight=6 foot=8 bow=9".
func (ps *parser) meleeRow(line string) {
	head, cells, ok := strings.Cut(line, ":")
	w := fields(head)
	if !ok || len(w) != 2 {
		ps.errf("write a melee row as: melee ATTACKER-TYPE: DEFENDER-TYPE=hit ...")
		return
	}
	att := w[1]
	a, bare := kv(fields(cells))
	if len(bare) > 0 {
		ps.errf("melee %s: cells are DEFENDER-TYPE=hit, got %q", att, bare[0])
	}
	row := map[string]int{}
	for k, v := range a {
		row[k] = ps.num(v, "melee "+att+" "+k)
	}
	ps.p.Melee[att] = row
}

// moraleRow reads "morale B -3: 4 3 3 2 2 1 1 0 0 0".
func (ps *parser) moraleRow(line string) {
	head, cells, ok := strings.Cut(line, ":")
	w := fields(head)
	if !ok || len(w) != 3 {
		ps.errf("write a morale row as: morale RATING LOWEST-RESULT: rout-levels ...")
		return
	}
	r := &MoraleRow{From: ps.num(w[2], "morale lowest result")}
	for _, c := range fields(cells) {
		r.Result = append(r.Result, ps.num(c, "morale "+w[1]))
	}
	if len(r.Result) == 0 {
		ps.errf("morale %s: the row has no cells", w[1])
	}
	ps.p.Morale[w[1]] = r
}

func (ps *parser) vp(args []string) {
	if len(args) < 3 {
		ps.errf("vp needs a scoring side, unit/leader/wagon, matches and points")
		return
	}
	a, _ := kv(args[2 : len(args)-1])
	r := VPRule{Scorer: ps.side(args[0]), What: strings.ToLower(args[1]), Match: a, Points: ps.num(args[len(args)-1], "vp points")}
	if r.What != "unit" && r.What != "leader" && r.What != "wagon" {
		ps.errf("vp: score a unit, leader or wagon, not %q", args[1])
	}
	ps.p.VP = append(ps.p.VP, r)
}

// validate checks the whole pack once it is read.
func (ps *parser) validate() {
	p := ps.p
	ps.at = loc{"pack", 0}
	top := func(msg string, a ...any) { ps.errs = append(ps.errs, fmt.Sprintf(msg, a...)) }
	if p.Sides[0] == "" {
		top("the pack names no sides (sides english french)")
		return
	}
	if p.First == "" {
		top("the pack does not say who moves first (first SIDE)")
	}
	for _, s := range p.Sides {
		if _, ok := p.Edge[s]; !ok {
			top("no friendly map edge for %s (edge %s LINE)", s, s)
		}
	}
	if p.Turns <= 0 {
		top("the pack gives no number of turns (turns 10)")
	}
	if !ps.mapSeen {
		top("the pack has no map (map 01-12 01-10, then one line per XX)")
		return
	}
	for xx := p.Lines[0]; xx <= p.Lines[1]; xx++ {
		if _, ok := ps.lineRow[xx]; !ok {
			top("map line %02d is missing (every line %02d-%02d needs a 'line' row)", xx, p.Lines[0], p.Lines[1])
		}
	}
	if len(p.Morale) == 0 {
		top("the pack has no Morale Effects Table (morale RATING LOWEST: ...)")
	}
	if len(p.Scenarios) == 0 {
		top("the pack has no scenario (scenario ID Title, then its units)")
	}
	if len(p.Victory) == 0 {
		top("the pack has no victory levels (victory SIDE MARGIN label)")
	}
	for _, c := range sortedCounters(p) {
		if len(c.Faces) == 0 {
			ps.errAt(c.line, "counter %s has no face (give ma= on the counter line, or face lines)", c.Name)
		}
		rating := func(r string) {
			if r != "" && p.Morale[r] == nil && len(p.Morale) > 0 {
				ps.errAt(c.line, "counter %s: the Morale Effects Table has no column for rating %s", c.Name, r)
			}
		}
		rating(c.Morale)
		rating(c.AltMor)
		for _, f := range c.Faces {
			if f.Weapon != "" {
				row := p.Fire[f.Weapon]
				if row == nil {
					ps.errAt(c.line, "counter %s face %s: the Fire CRT has no rows for weapon %s", c.Name, f.Name, f.Weapon)
					continue
				}
				for _, e := range sortedCounters(p) {
					if e.Side != c.Side && e.Side != "" && row[e.Armour] == nil {
						ps.errAt(c.line, "counter %s face %s: the Fire CRT has no cell for weapon %s against armour %s (counter %s)", c.Name, f.Name, f.Weapon, e.Armour, e.Name)
					}
				}
			}
			if f.Attack {
				row := p.Melee[f.Type]
				for _, e := range sortedCounters(p) {
					if e.Side == c.Side {
						continue
					}
					for _, ef := range e.Faces {
						if _, ok := row[ef.Type]; !ok {
							ps.errAt(c.line, "counter %s face %s: the Melee CRT has no cell for attacker %s against defender %s (counter %s)", c.Name, f.Name, f.Type, ef.Type, e.Name)
						}
					}
				}
			}
		}
	}
	for _, s := range p.Scenarios {
		occ := map[Hex]string{}
		for _, u := range s.Units {
			c := p.Counters[u.Counter]
			if c == nil {
				ps.errAt(u.line, "unit %s: unknown counter %q", u.ID, u.Counter)
				continue
			}
			if u.Face == "" {
				u.Face = c.Faces[0].Name
			} else if c.face(u.Face) == nil {
				ps.errAt(u.line, "unit %s: counter %s has no face %q", u.ID, c.Name, u.Face)
			}
			if u.Lance && c.Armour != "P" {
				ps.errAt(u.line, "unit %s: lances go only on plate units (NAV-15.1c, CRE-15.1b)", u.ID)
			}
			if u.Turn > 0 {
				if len(u.Entry) > 0 && c.Double && len(u.Entry) < 2 {
					ps.errAt(u.line, "unit %s: give a range of entry hexes", u.ID)
				}
				continue
			}
			want := 1
			if c.Double {
				want = 2
			}
			if len(u.Place) > 0 || len(u.With) > 0 {
				continue // placed by its owner before play
			}
			if len(u.At) != want {
				ps.errAt(u.line, "unit %s: a %s counter occupies %d hex(es), at= gives %d", u.ID, map[bool]string{true: "double", false: "single"}[c.Double], want, len(u.At))
				continue
			}
			for _, h := range u.At {
				if !p.OnMap(h) {
					continue // reported where the hex was read
				}
				if t := p.Terrain[p.Hexes[h].Terrain]; t != nil && t.Prohibited {
					ps.errAt(u.line, "unit %s: hex %s is prohibited terrain (%s)", u.ID, h, t.Name)
				}
				if prev, dup := occ[h]; dup && c.Kind != "cannon" && !p.isCannonID(s, prev) {
					ps.errAt(u.line, "unit %s: hex %s already holds unit %s (one combat unit per hex, CN-6.0)", u.ID, h, prev)
				}
				occ[h] = u.ID
			}
			if c.Double {
				if !Adjacent(u.At[0], u.At[1]) {
					ps.errAt(u.line, "unit %s: the two hexes of a double must be adjacent (CN-5.23)", u.ID)
				} else if !Adjacent(u.Front, u.At[0]) || !Adjacent(u.Front, u.At[1]) {
					ps.errAt(u.line, "unit %s: front=%s must be the front-centre hex, adjacent to both %s and %s", u.ID, u.Front, u.At[0], u.At[1])
				}
			}
		}
	}
}

func (p *Pack) isCannonID(s *ScenarioDef, id string) bool {
	for _, u := range s.Units {
		if u.ID == id {
			c := p.Counters[u.Counter]
			return c != nil && c.Kind == "cannon"
		}
	}
	return false
}

func sortedCounters(p *Pack) []*Counter {
	out := make([]*Counter, 0, len(p.Counters))
	for _, c := range p.Counters {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i].line, out[j].line
		if a.file != b.file {
			return a.file < b.file
		}
		return a.line < b.line
	})
	return out
}

func (c *Counter) face(name string) *Face {
	for _, f := range c.Faces {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Scenario returns the scenario with the id, or the first one.
func (p *Pack) Scenario(id string) (*ScenarioDef, error) {
	if id == "" {
		return p.Scenarios[0], nil
	}
	var ids []string
	for _, s := range p.Scenarios {
		if s.ID == id {
			return s, nil
		}
		ids = append(ids, s.ID)
	}
	return nil, errors.New("unknown scenario " + strconv.Quote(id) + " (this pack has: " + strings.Join(ids, ", ") + ")")
}

// Summary describes a valid pack in one paragraph.
func (p *Pack) Summary() string {
	var ids []string
	for _, s := range p.Scenarios {
		ids = append(ids, s.ID)
	}
	return fmt.Sprintf("ok: %q, %s rules, map %02d-%02d x %02d-%02d (%d hexes), %d counter types, scenarios %s",
		p.Title, p.Rules, p.Lines[0], p.Lines[1], p.Positions[0], p.Positions[1], len(p.Hexes), len(p.Counters), strings.Join(ids, ", "))
}
