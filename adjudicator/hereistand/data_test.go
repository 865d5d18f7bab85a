package hereistand

import (
	"bytes"
	"sort"
	"strings"
	"testing"
)

// HIS-2a, HIS-2.1a, HIS-2.1b, HIS-2.1c, HIS-2.1d, HIS-2.1e, HIS-2.1f, HIS-2.1g: 134 spaces, each fortified or not, keys with six
// capitals, six electorates in Germany, fortresses, home powers.
func TestHIS2_1_Spaces(t *testing.T) {
	if len(spaceByID) != 134 {
		t.Fatalf("%d spaces", len(spaceByID))
	}
	count := map[int]int{}
	var caps []string
	for _, s := range spaces {
		count[s.Type]++
		if s.Capital {
			caps = append(caps, s.ID)
		}
		if s.Home < 0 || s.Home >= NPow {
			t.Errorf("%s: home power %d", s.ID, s.Home)
		}
	}
	sort.Strings(caps)
	if got := strings.Join(caps, " "); got != "istanbul london paris rome valladolid vienna" {
		t.Errorf("capitals %s", got)
	}
	// Stirling is unfortified on the original map (docs/rulings).
	if count[Key] != 33 || count[Electorate] != 6 || count[Fortress] != 8 || count[Town] != 87 {
		t.Errorf("types %v", count)
	}
	for _, e := range electorates {
		if spaces[e].Lang != LangGerman || !spaces[e].fortified() {
			t.Errorf("electorate %s: language %d", spaces[e].ID, spaces[e].Lang)
		}
	}
	for p := 0; p < NMajor; p++ {
		want := 1
		switch p {
		case Hapsburg:
			want = 2
		case Protestant:
			want = 0
		}
		if len(powers[p].Capitals) != want {
			t.Errorf("%s has %d capitals", powers[p].ID, len(powers[p].Capitals))
		}
		for _, c := range powers[p].Capitals {
			if spaces[c].Home != p {
				t.Errorf("capital %s is not a home space of %s", spaces[c].ID, powers[p].ID)
			}
		}
	}
	// Facts the seed states in its text and examples (checklist D1, D7, D9).
	for id, typ := range map[string]int{"corfu": Fortress, "calais": Key, "wittenberg": Electorate,
		"brandenburg": Electorate, "mainz": Electorate, "metz": Key, "milan": Key, "florence": Key,
		"tunis": Key, "algiers": Key, "stirling": Town} {
		if spaces[sp(t, id)].Type != typ {
			t.Errorf("%s: type %d, want %d", id, spaces[sp(t, id)].Type, typ)
		}
	}
	for _, id := range []string{"metz", "milan", "florence", "tunis", "algiers"} {
		if spaces[sp(t, id)].Home != Independent {
			t.Errorf("%s is not independent", id)
		}
	}
	if spaces[sp(t, "calais")].Home != England {
		t.Error("Calais is English")
	}
	homes := map[int]int{}
	for _, s := range spaces {
		homes[s.Home]++
	}
	if homes[Protestant] != 21 {
		t.Errorf("%d Protestant home spaces, want 21", homes[Protestant])
	}
}

// HIS-2a, HIS-2.5b: connections are symmetric; 16 passes: 3 across the
// Pyrenees, 6 in the Alps, 7 in the Balkans.
func TestHIS2_5b_ConnectionsAndPasses(t *testing.T) {
	ordinary, passes := 0, 0
	var pyrenees, balkans int
	for a := range spaces {
		for _, e := range spaces[a].Nbr {
			b := int(e.To)
			if !adjacent(b, a) || passBetween(a, b) != passBetween(b, a) {
				t.Fatalf("%s-%s not symmetric", spaces[a].ID, spaces[b].ID)
			}
			if a > b {
				continue
			}
			if !e.Pass {
				ordinary++
				continue
			}
			passes++
			la, lb := spaces[a].Lang, spaces[b].Lang
			switch {
			case la+lb == LangFrench+LangSpanish && la != lb:
				pyrenees++
			case la == LangNone && lb == LangNone:
				balkans++
			}
		}
	}
	if ordinary != 204 || passes != 16 || pyrenees != 3 || balkans != 7 {
		t.Errorf("%d connections, %d passes (%d Pyrenees, %d Balkans)", ordinary, passes, pyrenees, balkans)
	}
	// Adjacencies the seed's examples rely on (checklist D2).
	for _, p := range [][2]string{{"pressburg", "vienna"}, {"vienna", "graz"}, {"vienna", "brunn"},
		{"vienna", "linz"}, {"calais", "boulogne"}, {"paris", "dijon"}, {"dijon", "lyon"}, {"lyon", "avignon"},
		{"avignon", "marseille"}} {
		if !adjacent(sp(t, p[0]), sp(t, p[1])) || passBetween(sp(t, p[0]), sp(t, p[1])) {
			t.Errorf("%s-%s should be an ordinary connection", p[0], p[1])
		}
	}
	if !passBetween(sp(t, "turin"), sp(t, "grenoble")) {
		t.Error("Turin-Grenoble crosses the Alps by a pass")
	}
	// Trent is two steps from Ravenna and from Florence.
	if d := distance(sp(t, "trent"), sp(t, "ravenna")); d != 2 {
		t.Errorf("Trent-Ravenna %d", d)
	}
	if d := distance(sp(t, "trent"), sp(t, "florence")); d != 2 {
		t.Errorf("Trent-Florence %d", d)
	}
}

// HIS-2.5a: every space speaks one language or none.
func TestHIS2_5a_LanguageZones(t *testing.T) {
	n := [NLang]int{}
	for _, s := range spaces {
		n[s.Lang]++
	}
	if n != [NLang]int{37, 27, 24, 18, 14, 14} {
		t.Errorf("language zones (none, German, French, Italian, English, Spanish) = %v", n)
	}
}

// HIS-2.5d, HIS-2.5e, HIS-2.5f, HIS-2.5g: 14 sea zones; two-zone ports; the three pairs that touch
// only through a port are not adjacent; the two double arrows are.
func TestHIS2_5_SeaZonesAndPorts(t *testing.T) {
	if len(seaByID) != 14 {
		t.Fatalf("%d sea zones", len(seaByID))
	}
	edges, ports, links := 0, 0, 0
	for a := range seas {
		for _, b := range seas[a].Adj {
			if !seaAdj[b][a] {
				t.Fatalf("%s-%s not symmetric", seas[a].ID, seas[b].ID)
			}
			if a < b {
				edges++
			}
		}
	}
	for s := range spaces {
		if spaces[s].port() {
			ports++
			links += len(spaces[s].Seas)
		}
		for _, z := range spaces[s].Seas {
			found := false
			for _, p := range seas[z].Ports {
				found = found || p == s
			}
			if !found {
				t.Errorf("%s missing from the ports of %s", spaces[s].ID, seas[z].ID)
			}
		}
	}
	if edges != 16 || ports != 58 || links != 75 {
		t.Errorf("%d sea edges, %d ports, %d port links", edges, ports, links)
	}
	for _, c := range []struct{ port, a, b string }{{"messina", "ionian_sea", "tyrrhenian_sea"},
		{"gibraltar", "barbary_coast", "atlantic_ocean"}, {"istanbul", "black_sea", "aegean_sea"}} {
		if seaAdj[sz(t, c.a)][sz(t, c.b)] {
			t.Errorf("%s and %s must not be adjacent (HIS-2.5f)", c.a, c.b)
		}
		if !isPortOn(sp(t, c.port), sz(t, c.a)) || !isPortOn(sp(t, c.port), sz(t, c.b)) {
			t.Errorf("%s is a port on %s and %s", c.port, c.a, c.b)
		}
	}
	for _, c := range [][2]string{{"north_sea", "irish_sea"}, {"north_sea", "baltic_sea"}} {
		if !seaAdj[sz(t, c[0])][sz(t, c[1])] {
			t.Errorf("%s-%s are joined by a double arrow (HIS-2.5g)", c[0], c[1])
		}
	}
	if isPortOn(sp(t, "larissa"), sz(t, "aegean_sea")) {
		t.Error("Larissa is not a port")
	}
	if !isPortOn(sp(t, "calais"), sz(t, "north_sea")) || !isPortOn(sp(t, "genoa"), sz(t, "gulf_of_lyon")) ||
		!isPortOn(sp(t, "marseille"), sz(t, "gulf_of_lyon")) || !isPortOn(sp(t, "corfu"), sz(t, "ionian_sea")) {
		t.Error("ports of the seed's examples (checklist D4)")
	}
}

// HIS-3.2a, HIS-3.2b, HIS-3.2c, HIS-3.2d, HIS-3.3a, HIS-3.3b, HIS-3.3c: ten powers, six major in Impulse Order; the
// initial rulers and their administrative rating and card bonus.
func TestHIS3_PowersAndRulers(t *testing.T) {
	var order []string
	for p := 0; p < NMajor; p++ {
		order = append(order, powers[p].ID)
		if !powers[p].Major {
			t.Errorf("%s is major", powers[p].ID)
		}
	}
	if strings.Join(order, " ") != "ottoman hapsburg england france papacy protestant" {
		t.Errorf("impulse order %v", order)
	}
	for p := NMajor; p < Independent; p++ {
		if powers[p].Major {
			t.Errorf("%s is minor", powers[p].ID)
		}
	}
	sc, _ := scenarioByID("1517")
	want := map[int]string{Ottoman: "suleiman", Hapsburg: "charles_v", England: "henry_viii",
		France: "francis_i", Papacy: "leo_x", Protestant: "luther"}
	for p, id := range want {
		if rulers[sc.Rulers[p]].ID != id {
			t.Errorf("%s ruler %s", powers[p].ID, rulers[sc.Rulers[p]].ID)
		}
	}
	// Only the Ottoman, Hapsburg and Protestant rulers never change hands by
	// a card; Suleiman and Charles V rule for the whole game.
	for _, r := range rulers {
		if (r.Power == Ottoman || r.Power == Hapsburg) && r.Card != 0 {
			t.Errorf("%s succeeds by card", r.ID)
		}
	}
	luther := rulers[rulerByID["luther"]]
	if luther.Admin != 2 || luther.CardBonus != 0 {
		t.Errorf("Luther admin %d bonus %d (seed examples: 2 and 0)", luther.Admin, luther.CardBonus)
	}
	if rulers[rulerByID["francis_i"]].CardBonus != 1 {
		t.Error("Francis I has a card bonus (HIS-6.2f)")
	}
	// HIS-3.3c: some rulers are also army leaders, which is a separate piece.
	for _, id := range []string{"suleiman", "charles_v", "francis_i", "henry_ii", "henry_viii"} {
		if _, ok := leaderByID[id]; !ok {
			t.Errorf("%s is also an army leader", id)
		}
	}
}

// HIS-5.1a, HIS-5.1e: leader ratings the seed states.
func TestHIS5_1_LeaderRatings(t *testing.T) {
	for _, c := range []struct {
		id                      string
		naval                   bool
		battle, command, piracy int
	}{
		{"suleiman", false, 2, 12, 0}, {"ibrahim_pasha", false, 1, 6, 0}, {"charles_v", false, 2, 10, 0},
		{"francis_i", false, 1, 8, 0}, {"charles_brandon", false, 1, 6, 0},
		{"barbarossa", true, 2, 0, 1}, {"dragut", true, 1, 0, 2}, {"andrea_doria", true, 2, 0, 0},
	} {
		l := leaders[ldr(t, c.id)]
		if l.Naval != c.naval || l.Battle != c.battle || l.Command != c.command || l.Piracy != c.piracy {
			t.Errorf("%s: %+v", c.id, l)
		}
	}
	if leaders[ldr(t, "maurice_of_saxony")].Power != Protestant || leaders[ldr(t, "renegade")].Power != NoPower {
		t.Error("leader powers")
	}
}

// HIS-5a, HIS-5.2b, HIS-5.2c, HIS-5.2d, HIS-5.3b, HIS-5.3c: the counter mix and which powers have
// mercenaries, cavalry, squadrons and corsairs.
func TestHIS5_CounterMix(t *testing.T) {
	for p := 0; p < NMajor; p++ {
		pi := powers[p]
		back := "mercenary"
		if p == Ottoman {
			back = "cavalry"
		}
		if pi.LandBack != back {
			t.Errorf("%s land back %q", pi.ID, pi.LandBack)
		}
		if (pi.NavalCounters == 0) != (p == Protestant) {
			t.Errorf("%s: %d squadrons", pi.ID, pi.NavalCounters)
		}
		if pi.Corsairs != (p == Ottoman) {
			t.Errorf("%s corsairs", pi.ID)
		}
	}
	if powers[Hungary].NavalCounters != 0 || powers[Venice].NavalCounters != 4 || powers[Genoa].NavalCounters != 1 ||
		powers[Scotland].NavalCounters != 1 {
		t.Error("minor squadrons")
	}
	if got := maxLand(Ottoman); got != 47 {
		t.Errorf("Ottoman land counters total %d", got)
	}
}

// HIS-4a, HIS-11.1c: every power's action cost table.
func TestHIS11_1c_ActionCosts(t *testing.T) {
	// Columns: Ottoman, Hapsburg, England, France, Papacy, Protestant.
	want := map[int][NMajor]int{
		ActMove:          {1, 1, 1, 1, 1, 1},
		ActMovePass:      {2, 2, 2, 2, 2, 2},
		ActNavalMove:     {1, 1, 1, 1, 1, 0},
		ActBuyMercenary:  {0, 1, 1, 1, 1, 1},
		ActRaiseRegular:  {2, 2, 2, 2, 2, 2},
		ActRaiseCavalry:  {1, 0, 0, 0, 0, 0},
		ActBuildSquadron: {2, 2, 2, 2, 2, 0},
		ActBuildCorsair:  {1, 0, 0, 0, 0, 0},
		ActAssault:       {1, 1, 1, 1, 1, 1},
		ActControl:       {1, 1, 1, 1, 1, 1},
		ActPiracy:        {2, 0, 0, 0, 0, 0},
		ActExplore:       {0, 2, 2, 2, 0, 0},
		ActColonize:      {0, 2, 3, 3, 0, 0},
		ActConquer:       {0, 4, 4, 4, 0, 0},
		ActTranslate:     {0, 0, 0, 0, 0, 1},
		ActTreatise:      {0, 0, 3, 0, 0, 2},
		ActDebate:        {0, 0, 0, 0, 3, 3},
		ActStPeters:      {0, 0, 0, 0, 1, 0},
		ActBurnBooks:     {0, 0, 0, 0, 2, 0},
		ActJesuit:        {0, 0, 0, 0, 3, 0},
	}
	for a, row := range want {
		for p := 0; p < NMajor; p++ {
			if got := ActionCost(p, a); got != row[p] {
				t.Errorf("%s %s: %d CP, want %d", powers[p].ID, actionNames[a], got, row[p])
			}
		}
	}
	// Foreign war: the seed prints 1 for every power able to fight one; the
	// data gives it to the powers whose foreign-war cards exist.
	if ActionCost(Ottoman, ActForeignWar) != 1 || ActionCost(England, ActForeignWar) != 1 {
		t.Error("foreign war costs 1 CP")
	}
}

// HIS-6a, HIS-6.1a, HIS-6.1b, HIS-6.1c, HIS-6.1d, HIS-6.2b, HIS-19.8: the 110-card deck, home cards,
// recurring Mandatory Events, entry marks and winter deadlines.
// Also exercises HIS-6.2g, HIS-19.8a, HIS-24a (see the coverage document).
func TestHIS6_Cards(t *testing.T) {
	types := map[int]int{}
	dated, cond, variable := 0, 0, 0
	for n := 1; n <= NBase; n++ {
		c := cards[n]
		types[c.Type]++
		switch c.EntryCond {
		case EntryTurn:
			if c.Entry > 1 {
				dated++
			}
		case EntrySuccession:
			cond++
		case EntryVariable:
			variable++
		}
		if c.Type == CardMandatory && c.Remove != RemoveCard && n != 12 && n != 17 {
			t.Errorf("Mandatory Event %d %s stays in the deck", n, c.Name)
		}
	}
	if dated != 31 || cond != 2 || variable != 4 {
		t.Errorf("entry marks: %d dated, %d conditional, %d variable; want 31, 2, 4", dated, cond, variable)
	}
	if types[CardHome] != 7 {
		t.Errorf("%d home cards", types[CardHome])
	}
	if len(powers[Papacy].HomeCards) != 2 {
		t.Error("the Papacy has two home cards")
	}
	if cards[12].Remove != KeepCard || cards[17].Remove != KeepCard {
		t.Error("Master of Italy and Council of Trent stay in the deck")
	}
	if cards[8].EntryCond != EntryStartInHand || cards[8].Type != CardMandatory {
		t.Error("Luther's 95 Theses starts in the Protestant hand")
	}
	for n, turn := range map[int]int{10: 2, 9: 3, 13: 4, 14: 4, 15: 6} {
		if cards[n].Winter != turn {
			t.Errorf("card %d %s: forced in winter %d, want %d", n, cards[n].Name, cards[n].Winter, turn)
		}
	}
	for n := NBase + 1; n <= NC; n++ {
		if !cards[n].Optional {
			t.Errorf("card %d is optional", n)
		}
	}
}

// The loader refuses inconsistent data with a clear message.
func TestDataValidation(t *testing.T) {
	defer func() {
		if err := loadData(dataJSON); err != nil {
			t.Fatal(err)
		}
	}()
	for _, c := range []struct{ old, new, want string }{
		{`"adj": [
    "berwick",`, `"adj": [
    "paris",`, "not symmetric"},
		{`"pass": [
    "innsbruck"
   ]`, `"pass": [
    "nowhere"
   ]`, "unknown space nowhere"},
		{`"type": "electorate"`, `"type": "castle"`, `type "castle"`},
		{`"auto_victory_keys": 11`, `"auto_victory_keys": 11, "costs": {"teleport": 1}`, "unknown action teleport"},
	} {
		bad := bytes.Replace(dataJSON, []byte(c.old), []byte(c.new), 1)
		if bytes.Equal(bad, dataJSON) {
			t.Fatalf("test pattern %q not found", c.old)
		}
		err := loadData(bad)
		if err == nil || (c.want != "" && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%q: error %v, want %q", c.new, err, c.want)
		}
	}
}
