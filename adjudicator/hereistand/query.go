package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

var spaceTypeNames = [...]string{Town: "unfortified space", Fortress: "fortress", Electorate: "electorate", Key: "key"}

var langNames = [NLang]string{LangNone: "", LangGerman: "German", LangFrench: "French",
	LangItalian: "Italian", LangEnglish: "English", LangSpanish: "Spanish"}

// Query implements adjudicator.Querier: "show Vienna", "show gulf of
// lyon", "show hand". A space or sea zone is public in Here I Stand (the
// map, units, leaders, sieges and control): the answer is the same for
// every role and never names a card. "show hand" lists the hands of the
// seat's own powers (every hand for the GM).
func (s *St) Query(role adjudicator.Role, q string) (string, error) {
	q = strings.TrimSpace(q)
	if q == "" {
		return "", fmt.Errorf("show what? Name a space or a sea zone, e.g. \"show vienna\", or \"show hand\"")
	}
	switch strings.ToLower(q) {
	case "hand", "hands", "cards", "my hand":
		return s.queryHands(role)
	}
	loc, err := matchLoc(q)
	if err != nil {
		return "", err
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

// querySpace describes land space sp.
func (s *St) querySpace(sp int) string {
	info := &spaces[sp]
	var b strings.Builder
	var about []string
	about = append(about, spaceTypeNames[info.Type])
	if info.Capital {
		about = append(about, "capital")
	}
	switch {
	case info.Home == Independent:
		about = append(about, "independent")
	case info.Home < NPow:
		about = append(about, "home space of "+powers[info.Home].Name)
	}
	if l := langNames[info.Lang]; l != "" {
		about = append(about, l+"-speaking")
	}
	fmt.Fprintf(&b, "%s: %s.\n", info.Name, strings.Join(about, ", "))
	ctrl := fmt.Sprintf("Control: %s", controllerName(int(s.Ctrl[sp])))
	if c := s.Controller(sp); c != int(s.Ctrl[sp]) {
		ctrl = fmt.Sprintf("Control: %s, through its ally %s", controllerName(c), controllerName(int(s.Ctrl[sp])))
	}
	rel := "Catholic"
	if s.Protestant(sp) {
		rel = "Protestant"
	}
	fmt.Fprintf(&b, "%s. Religion: %s.", ctrl, rel)
	if s.InUnrest(sp) {
		b.WriteString(" In unrest.")
	}
	b.WriteString("\n")
	for i, at := range s.Rel.Reformer {
		if int(at) == sp {
			fmt.Fprintf(&b, "Reformer: %s.\n", reformers[i].Name)
		}
	}
	if s.Rel.Jesuit.has(sp) {
		b.WriteString("Jesuit university.\n")
	}
	if s.ReformTarget(sp) {
		fmt.Fprintf(&b, "Reformation target: %d Protestant dice against %d Papal (HIS-18.3).\n", s.protDice(sp), s.cathDice(sp))
	}
	if s.CounterTarget(sp) {
		fmt.Fprintf(&b, "Counter-Reformation target: %d Papal dice against %d Protestant (HIS-18.4).\n", s.cathDice(sp), s.protDice(sp))
	}
	if e := electorateIndex(sp); e >= 0 && s.Display[e] > 0 {
		fmt.Fprintf(&b, "Electorate display: %s waiting off the map.\n", plural(int(s.Display[e]), "Protestant regular", "Protestant regulars"))
	}
	if s.Pirates.Havens != 0 && s.haven(sp) {
		b.WriteString("Pirate haven: an Ottoman home space with a fortress, where the Ottoman builds corsairs only (HIS-21.1f).\n")
	}
	if s.fortified(sp) {
		if s.Warfare.Siege.has(sp) {
			fmt.Fprintf(&b, "Under siege: %s inside the fortifications, %d besieging.\n",
				plural(s.Inside(sp), "land unit", "land units"), s.Besiegers(sp))
		} else {
			b.WriteString("Fortified; not under siege.\n")
		}
	}
	b.WriteString(s.unitsHere(sp))
	var conn, passes []string
	for _, e := range info.Nbr {
		if e.Pass {
			passes = append(passes, spaces[e.To].Name)
		} else {
			conn = append(conn, spaces[e.To].Name)
		}
	}
	if len(conn) > 0 {
		b.WriteString(wrap("Connections: "+strings.Join(conn, ", ")+".", 70))
	}
	if len(passes) > 0 {
		b.WriteString(wrap("Passes: "+strings.Join(passes, ", ")+".", 70))
	}
	if info.port() {
		var zs []string
		for _, z := range info.Seas {
			zs = append(zs, seas[z].Name)
		}
		b.WriteString(wrap("Port on: "+strings.Join(zs, ", ")+".", 70))
	}
	return b.String()
}

// querySea describes sea zone z: its neighbours, its ports and fleets.
func (s *St) querySea(z int) string {
	info := &seas[z]
	var b strings.Builder
	fmt.Fprintf(&b, "%s: sea zone.\n", info.Name)
	var adj []string
	for _, x := range info.Adj {
		adj = append(adj, seas[x].Name)
	}
	if len(adj) > 0 {
		b.WriteString(wrap("Adjacent sea zones: "+strings.Join(adj, ", ")+".", 70))
	}
	var ports []string
	for _, sp := range info.Ports {
		p := fmt.Sprintf("%s (%s", spaces[sp].Name, controllerName(s.Controller(sp)))
		if n := s.navalIn(sp); n != "" {
			p += "; " + n
		}
		ports = append(ports, p+")")
	}
	if len(ports) > 0 {
		b.WriteString(wrap("Ports: "+strings.Join(ports, ", ")+".", 70))
	}
	b.WriteString(strings.Replace(s.unitsHere(seaLoc(z)), "No units.", "No fleets at sea.", 1))
	return b.String()
}

// unitsHere lists the units and leaders in a location by power.
func (s *St) unitsHere(loc int) string {
	var parts []string
	for p := 0; p < NPow; p++ {
		f := s.Units[loc][p]
		lead := s.leaderNames(loc, p)
		if f.empty() && len(lead) == 0 {
			continue
		}
		parts = append(parts, strings.Replace(forceText(powers[p].Name, f, lead), "  ", " ", 1))
	}
	if len(parts) == 0 {
		return "No units.\n"
	}
	return wrap("Units: "+strings.Join(parts, "; ")+".", 70)
}

// navalIn is the ships in port sp, e.g. "France 2S".
func (s *St) navalIn(sp int) string {
	var parts []string
	for p := 0; p < NPow; p++ {
		f := s.Units[sp][p]
		if f.Naval() > 0 {
			parts = append(parts, forceText(powers[p].Name, Force{Sq: f.Sq, Cor: f.Cor}, nil))
		}
	}
	return strings.Join(parts, ", ")
}

// queryHands lists the cards of the hands role holds.
func (s *St) queryHands(role adjudicator.Role) (string, error) {
	held := s.seatHands(role)
	if len(held) == 0 {
		return "", fmt.Errorf("%q holds no power, so no hand", role)
	}
	var b strings.Builder
	for _, p := range held {
		var h []string
		for _, c := range s.Hands[p] {
			h = append(h, fmt.Sprintf("%s (%d CP)", cardName(int(c)), cards[c].CP))
		}
		if len(h) == 0 {
			h = []string{"no cards"}
		}
		b.WriteString(wrap(powers[p].Name+" hand: "+strings.Join(h, ", ")+".", 70))
	}
	return b.String(), nil
}
