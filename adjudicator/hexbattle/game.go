package hexbattle

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Name is the game's name on the command line and in emails.
const Name = "crecy-navarette"

// OptPack is the option that carries a scenario pack's files (as JSON, a
// list of {"Name","Text"}); `pbem new --scenario-pack DIR` fills it in.
const OptPack = "pack"

//go:embed testdata/*/*.pack
var testPacks embed.FS

// Game implements adjudicator.Game for the hex tactical battles.
type Game struct{}

func init() { adjudicator.Register(Game{}) }

// builtin lists the invented test packs shipped with the engine, as
// "pack/scenario" ids.
func builtin() []adjudicator.Scenario {
	var out []adjudicator.Scenario
	dirs, _ := fs.ReadDir(testPacks, "testdata")
	for _, d := range dirs {
		p, err := packFor(embeddedFiles(d.Name()))
		if err != nil {
			continue
		}
		for _, sc := range p.Scenarios {
			out = append(out, adjudicator.Scenario{
				ID:          d.Name() + "/" + sc.ID,
				Title:       p.Title + ": " + sc.Title,
				Description: "INVENTED test data, not a published battle; play a real battle with --scenario-pack",
				Roles:       []adjudicator.Role{adjudicator.Role(p.Sides[0]), adjudicator.Role(p.Sides[1])},
			})
		}
	}
	return out
}

func embeddedFiles(dir string) []PackFile {
	var files []PackFile
	ents, _ := fs.ReadDir(testPacks, path.Join("testdata", dir))
	for _, e := range ents {
		b, _ := testPacks.ReadFile(path.Join("testdata", dir, e.Name()))
		files = append(files, PackFile{Name: e.Name(), Text: string(b)})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files
}

// Info implements adjudicator.Game.
func (Game) Info() adjudicator.Info {
	sc := builtin()
	roles := map[adjudicator.Role]bool{}
	for _, s := range sc {
		for _, r := range s.Roles {
			roles[r] = true
		}
	}
	var rs []adjudicator.Role
	for r := range roles {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	return adjudicator.Info{
		Name:      Name,
		Title:     "Crecy & Navarette (hex tactical battles from a scenario pack)",
		Roles:     rs,
		Scenarios: sc,
		Options: []adjudicator.OptionSpec{
			{Name: OptPack, Help: "the scenario pack's files (set by pbem new --scenario-pack DIR)"},
			{Name: "cannons", Help: "Crécy: play with the English cannons (CRE-16.45)", Default: "on", Values: []string{"on", "off"}},
			{Name: "chivalry", Help: "Crécy: the French chivalry must charge home (CRE-17.1); off only by both players' agreement (CRE-19.14)", Default: "on", Values: []string{"on", "off"}},
		},
	}
}

// InfoFor implements adjudicator.OptionInfo: with a scenario pack, the
// game's scenarios and sides are the pack's.
func (g Game) InfoFor(opts adjudicator.Options) (adjudicator.Info, error) {
	info := g.Info()
	v := opts[OptPack]
	if v == "" {
		return info, nil
	}
	var files []PackFile
	if err := json.Unmarshal([]byte(v), &files); err != nil {
		return info, fmt.Errorf("option %s: not a scenario pack: %v", OptPack, err)
	}
	p, err := packFor(files)
	if err != nil {
		return info, err
	}
	sides := []adjudicator.Role{adjudicator.Role(p.Sides[0]), adjudicator.Role(p.Sides[1])}
	info.Roles = sides
	info.Scenarios = nil
	for _, sc := range p.Scenarios {
		info.Scenarios = append(info.Scenarios, adjudicator.Scenario{ID: sc.ID, Title: p.Title + ": " + sc.Title, Roles: sides})
	}
	return info, nil
}

// EncodePackOption turns a pack's files into the value of OptPack.
func EncodePackOption(p *Pack) string {
	b, _ := json.Marshal(p.Files)
	return string(b)
}

// Setup implements adjudicator.Game. Without a pack option, scenario is
// one of the built-in test packs' "pack/scenario" ids.
func (Game) Setup(scenario string, opts adjudicator.Options, dice adjudicator.Dice) (adjudicator.State, error) {
	var files []PackFile
	if v := opts[OptPack]; v != "" {
		if err := json.Unmarshal([]byte(v), &files); err != nil {
			return nil, fmt.Errorf("option %s: not a scenario pack: %v", OptPack, err)
		}
	} else {
		dir, sc, _ := strings.Cut(scenario, "/")
		if dir == "" {
			dir = "hill"
		}
		files = embeddedFiles(dir)
		if len(files) == 0 {
			return nil, fmt.Errorf("unknown scenario %q; give a scenario pack (pbem new --scenario-pack DIR) or one of the test packs", scenario)
		}
		scenario = sc
	}
	s := &St{Pack: files, GT: 1, Phase: phMove, VP: map[string]int{}, NoCannon: !opts.Bool("cannons", true), NoChivalry: !opts.Bool("chivalry", true)}
	p, err := packFor(files)
	if err != nil {
		return nil, err
	}
	s.p = p
	if s.sc, err = p.Scenario(scenario); err != nil {
		return nil, err
	}
	s.Scen = s.sc.ID
	for _, d := range s.sc.Units {
		c := p.Counters[d.Counter]
		if s.NoCannon && c.Kind == "cannon" {
			continue // CRE-16.45
		}
		u := &Unit{ID: d.ID, Counter: d.Counter, Side: c.Side, Face: d.Face, At: d.At, Front: d.Front,
			Lance: d.Lance && c.face(d.Face).Cav, Wing: d.Wing, Turn: d.Turn, Entry: d.Entry, Place: d.Place, With: d.With}
		if d.Turn > 0 || len(d.Place) > 0 || len(d.With) > 0 {
			u.At = nil
		}
		s.Units = append(s.Units, u)
	}
	for _, d := range s.sc.Leaders {
		s.Leaders = append(s.Leaders, &Leader{ID: d.ID, Side: d.Side, At: d.At, Turn: d.Turn, Entry: d.Entry, Place: d.Place, Near: d.Near})
	}
	s.beginSetup()
	return s, nil
}

// Decode implements adjudicator.Game.
func (Game) Decode(data []byte) (adjudicator.State, error) {
	var s St
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if err := s.bind(); err != nil {
		return nil, err
	}
	return &s, nil
}
