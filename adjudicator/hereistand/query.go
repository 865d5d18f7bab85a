package hereistand

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

var spaceTypeNames = [...]string{Town: "unfortified space", Fortress: "fortress", Electorate: "electorate", Key: "key"}

var langNames = [NLang]string{LangNone: "", LangGerman: "German", LangFrench: "French",
	LangItalian: "Italian", LangEnglish: "English", LangSpanish: "Spanish"}

// spaceTypeKeys name the space types in the catalogue.
var spaceTypeKeys = [...]string{Town: "his.space.town", Fortress: "his.space.fortress", Electorate: "his.space.electorate", Key: "his.space.key"}

var _ adjudicator.MsgQuerier = (*St)(nil)

// queryEnglish renders the game's messages in English, for the answers the
// engine gives as text too (Query).
var queryEnglish = msg.EnglishOnce(Locales, "locales/en.yaml")

// queryWrapped are the lines of an answer that wrap at 70 columns in
// English; the others stand on one line however long.
var queryWrapped = map[string]bool{"his.q.units": true, "his.q.no_units": true, "his.q.no_fleets": true,
	"his.q.connections": true, "his.q.passes": true, "his.q.port_on": true, "his.q.adjacent": true,
	"his.q.ports": true, "his.q.hand": true}

// handWords ask for the seat's hands rather than a space, in the
// languages pbem speaks.
var handWords = map[string]bool{"hand": true, "hands": true, "cards": true, "my hand": true,
	"mano": true, "mi mano": true, "manos": true, "cartas": true, "la mia mano": true, "mani": true, "carte": true}

// Query implements adjudicator.Querier: QueryMsg's answer in English.
func (s *St) Query(role adjudicator.Role, q string) (string, error) {
	ms, err := s.QueryMsg(role, q)
	return adjudicator.EnglishAnswer(ms, err, queryEnglish(), func(m msg.M, text string) string {
		if queryWrapped[m.Key] {
			return strings.TrimSuffix(wrap(text, 70), "\n")
		}
		return text
	})
}

// queryErr is a question the game cannot answer, as a message.
func queryErr(m msg.M) error {
	return &adjudicator.QueryError{Text: queryEnglish().Text(m), Msg: m}
}

// QueryMsg implements adjudicator.MsgQuerier: "show Vienna", "show gulf
// of lyon", "show hand", one message a line. A space or sea zone is
// public in Here I Stand (the map, units, leaders, sieges and control):
// the answer is the same for every role and never names a card. "show
// hand" lists the hands of the seat's own powers (every hand for the
// GM). Space, sea zone, leader and card names stay as printed.
func (s *St) QueryMsg(role adjudicator.Role, q string) ([]msg.M, error) {
	q = strings.TrimSpace(q)
	if q == "" {
		return nil, queryErr(msg.New("his.q.show_what"))
	}
	if handWords[strings.Join(strings.Fields(strings.ToLower(q)), " ")] {
		return s.queryHands(role)
	}
	loc, err := matchLoc(q)
	if err != nil {
		m, ok := reasonMsg("", err.Error())
		if !ok {
			m = msg.Lit(err.Error())
		}
		return nil, queryErr(m)
	}
	if isSea(loc) {
		return s.querySea(loc - NS), nil
	}
	return s.querySpace(loc), nil
}

// controllerName names a controlling power, or says nobody.
func controllerName(p int) string {
	if p < 0 || p >= NPow {
		return "nobody"
	}
	return powers[p].Name
}

// queryController is controllerName(p) as a message.
func queryController(p int) msg.M {
	if p < 0 || p >= NPow {
		return msg.New("his.q.nobody")
	}
	return powerMsg(p)
}

// queryList joins items with key ("his.list.comma": "A, B, C").
func queryList(key string, items []msg.M) msg.M {
	list := items[0]
	for _, x := range items[1:] {
		list = msg.New(key, "A", list, "B", x)
	}
	return list
}

// querySpace describes land space sp.
func (s *St) querySpace(sp int) []msg.M {
	info := &spaces[sp]
	about := []msg.M{msg.New(spaceTypeKeys[info.Type])}
	if info.Capital {
		about = append(about, msg.New("his.space.capital"))
	}
	switch {
	case info.Home == Independent:
		about = append(about, msg.New("his.q.independent"))
	case info.Home < NPow:
		about = append(about, msg.New("his.q.home", "Power", powerMsg(info.Home)))
	}
	if info.Lang != LangNone {
		about = append(about, msg.New("his.q.speaking", "Zone", msg.New("his.zone."+zoneID(info.Lang))))
	}
	out := []msg.M{msg.New("his.q.space", "Space", info.Name, "About", queryList("his.list.comma", about))}
	ctrl := queryController(int(s.Ctrl[sp]))
	if c := s.Controller(sp); c != int(s.Ctrl[sp]) {
		ctrl = msg.New("his.q.through_ally", "Power", queryController(c), "Ally", queryController(int(s.Ctrl[sp])))
	}
	rel := msg.New("his.q.catholic")
	if s.Protestant(sp) {
		rel = msg.New("his.q.protestant")
	}
	unrest := msg.Lit("")
	if s.InUnrest(sp) {
		unrest = msg.New("his.q.unrest")
	}
	out = append(out, msg.New("his.q.control", "Control", ctrl, "Religion", rel, "Unrest", unrest))
	for i, at := range s.Rel.Reformer {
		if int(at) == sp {
			out = append(out, msg.New("his.q.reformer", "Name", reformers[i].Name))
		}
	}
	if s.Rel.Jesuit.has(sp) {
		out = append(out, msg.New("his.q.jesuit"))
	}
	if s.ReformTarget(sp) {
		out = append(out, msg.New("his.q.reform_target", "Prot", s.protDice(sp), "Papal", s.cathDice(sp)))
	}
	if s.CounterTarget(sp) {
		out = append(out, msg.New("his.q.counter_target", "Papal", s.cathDice(sp), "Prot", s.protDice(sp)))
	}
	if e := electorateIndex(sp); e >= 0 && s.Display[e] > 0 {
		out = append(out, msg.Plural("his.q.display", int(s.Display[e])))
	}
	if s.Pirates.Havens != 0 && s.haven(sp) {
		out = append(out, msg.New("his.q.haven"))
	}
	if s.fortified(sp) {
		if s.Warfare.Siege.has(sp) {
			out = append(out, msg.Plural("his.q.siege", s.Inside(sp), "Out", s.Besiegers(sp)))
		} else {
			out = append(out, msg.New("his.q.fortified"))
		}
	}
	out = append(out, s.unitsHere(sp, "his.q.no_units"))
	var conn, passes []string
	for _, e := range info.Nbr {
		if e.Pass {
			passes = append(passes, spaces[e.To].Name)
		} else {
			conn = append(conn, spaces[e.To].Name)
		}
	}
	if len(conn) > 0 {
		out = append(out, msg.New("his.q.connections", "Spaces", strings.Join(conn, ", ")))
	}
	if len(passes) > 0 {
		out = append(out, msg.New("his.q.passes", "Spaces", strings.Join(passes, ", ")))
	}
	if info.port() {
		var zs []string
		for _, z := range info.Seas {
			zs = append(zs, seas[z].Name)
		}
		out = append(out, msg.New("his.q.port_on", "Zones", strings.Join(zs, ", ")))
	}
	return out
}

// querySea describes sea zone z: its neighbours, its ports and fleets.
func (s *St) querySea(z int) []msg.M {
	info := &seas[z]
	out := []msg.M{msg.New("his.q.sea", "Zone", info.Name)}
	var adj []string
	for _, x := range info.Adj {
		adj = append(adj, seas[x].Name)
	}
	if len(adj) > 0 {
		out = append(out, msg.New("his.q.adjacent", "Zones", strings.Join(adj, ", ")))
	}
	var ports []msg.M
	for _, sp := range info.Ports {
		ctrl := queryController(s.Controller(sp))
		if ships := s.navalIn(sp); len(ships) > 0 {
			ports = append(ports, msg.New("his.q.port_ships", "Space", spaces[sp].Name, "Power", ctrl,
				"Ships", queryList("his.list.comma", ships)))
		} else {
			ports = append(ports, msg.New("his.q.port", "Space", spaces[sp].Name, "Power", ctrl))
		}
	}
	if len(ports) > 0 {
		out = append(out, msg.New("his.q.ports", "Ports", queryList("his.list.comma", ports)))
	}
	return append(out, s.unitsHere(seaLoc(z), "his.q.no_fleets"))
}

// queryForce is a power's units and leaders, "Hapsburg 4R (Ferdinand)":
// the counts and leaders' names read the same in every language.
func queryForce(p int, f Force, lead []string) msg.M {
	return msg.New("his.q.force", "Power", powerMsg(p), "Units", strings.TrimLeft(forceText("", f, lead), " "))
}

// unitsHere lists the units and leaders in a location by power; none is
// the message for a location without any.
func (s *St) unitsHere(loc int, none string) msg.M {
	var parts []msg.M
	for p := 0; p < NPow; p++ {
		f := s.Units[loc][p]
		lead := s.leaderNames(loc, p)
		if f.empty() && len(lead) == 0 {
			continue
		}
		parts = append(parts, queryForce(p, f, lead))
	}
	if len(parts) == 0 {
		return msg.New(none)
	}
	return msg.New("his.q.units", "Units", queryList("his.q.semicolon", parts))
}

// navalIn is the ships in port sp, e.g. "France 2S".
func (s *St) navalIn(sp int) []msg.M {
	var parts []msg.M
	for p := 0; p < NPow; p++ {
		f := s.Units[sp][p]
		if f.Naval() > 0 {
			parts = append(parts, queryForce(p, Force{Sq: f.Sq, Cor: f.Cor}, nil))
		}
	}
	return parts
}

// queryHands lists the cards of the hands role holds.
func (s *St) queryHands(role adjudicator.Role) ([]msg.M, error) {
	held := s.seatHands(role)
	if len(held) == 0 {
		return nil, queryErr(msg.New("his.q.no_hand", "Role", string(role)))
	}
	var out []msg.M
	for _, p := range held {
		var h []msg.M
		for _, c := range s.Hands[p] {
			h = append(h, msg.New("his.q.card", "Card", cardName(int(c)), "CP", cards[c].CP))
		}
		if len(h) == 0 {
			h = []msg.M{msg.New("his.q.no_cards")}
		}
		out = append(out, msg.New("his.q.hand", "Power", powerMsg(p), "Cards", queryList("his.list.comma", h)))
	}
	return out, nil
}
