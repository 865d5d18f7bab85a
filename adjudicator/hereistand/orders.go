package hereistand

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator/orders"
)

// The order language: one order per line, plain words, any case, and
// space, leader and card names by unambiguous prefix:
//
//	play 23 for cp            play master of italy
//	move 4 from paris to lyon with montmorency
//	move 3 regulars 1 mercenary from vienna to linz
//	build regular paris       buy 2 mercenaries in lyon
//	control dijon             remove unrest in metz
//	assault milan             done            pass
//	assault 4 regulars in milan with montmorency
//	naval move 2 squadrons from istanbul to aegean sea with barbarossa
//	intercept 4 from lyon with montmorency    decline
//	avoid battle to dijon     stand           withdraw
//	fall back                 move on to lyon
//	retreat to dijon          deploy 5 from paris to lyon with montmorency

// order is one parsed line.
type order struct {
	verb     string // canonical verb (see the verb table)
	card     int
	forEvent bool
	forCP    bool
	// args holds an event's choices, written after a colon on the play
	// line (events.go).
	args     string
	units    unitSpec
	from, to int
	leaders  []int
	kind     int      // the build action (ActRaiseRegular...)
	navals   [][2]int // naval moves: from, to
	n        int      // how many to build
	// fleets holds, for each naval move, the ships named (zero: the
	// whole stack) and the naval leaders named (nil: the default).
	fleets []fleet
	// Religious orders: the language zone, the debater committed for
	// its bonus (index + 1; 0 for none) and the defender pool of a
	// debate (1: committed).
	zone, deb, pool int
	// target is the target power of piracy (-1: not named).
	target int
}

// unitSpec says which land units an order takes: all of them, a number
// (regulars first, then mercenaries, then cavalry) or given kinds.
type unitSpec struct {
	given bool
	all   bool
	count int
	typed Force
	isTyp bool
}

var verbTable = map[string]string{
	"play": "play", "pass": "pass", "move": "move", "build": "build", "raise": "build", "buy": "build",
	"recruit": "build", "control": "control", "unrest": "unrest", "remove": "unrest", "suppress": "unrest",
	"assault": "assault", "done": "done", "end": "done", "intercept": "intercept", "decline": "decline",
	"no": "decline", "none": "decline", "avoid": "avoid", "stand": "stand", "fight": "stand", "withdraw": "withdraw",
	"fall": "fallback", "fallback": "fallback", "continue": "moveon", "retreat": "retreat",
	"deploy": "deploy", "skip": "decline", "target": "target", "flip": "target",
	"publish": "treatise", "treatise": "treatise", "translate": "translate", "debate": "debate", "st": "stpeters",
	"peters": "stpeters", "burn": "burnbooks", "jesuit": "jesuit", "found": "jesuit", "lose": "lose", "naval": "naval", "transport": "transport",
	"colonize": "colonize", "colonise": "colonize", "explore": "explore", "conquer": "conquer",
	"piracy": "piracy", "pirate": "piracy", "foreign": "foreign", "send": "send",
}

var verbList = func() []string {
	var out []string
	for v := range verbTable {
		out = append(out, v)
	}
	return out
}()

var (
	nameOnce             sync.Once
	spaceNames, seaNames []orders.Name
	leaderNamesByPower   [NPow][]orders.Name
	navalLeaderNames     []orders.Name // every naval leader, whoever serves
	homeList             [NPow][]int
	locNames             []orders.Name
	// exactLoc maps the normalised ID and name of every space and sea
	// zone to its location, so exact names skip the prefix search.
	exactLoc map[string]int
)

func loadNames() {
	nameOnce.Do(func() {
		for i := range spaces {
			spaceNames = append(spaceNames, orders.Name{ID: spaces[i].ID, Aliases: append([]string{spaces[i].Name}, placeAliases(spaces[i].Name)...)})
		}
		for l := range leaders {
			aliases := append([]string{leaders[l].Name}, leaderAliases(leaders[l].Name)...)
			if leaders[l].Naval {
				navalLeaderNames = append(navalLeaderNames, orders.Name{ID: leaders[l].ID, Aliases: aliases})
			}
			name := orders.Name{ID: leaders[l].ID, Aliases: aliases}
			// Leaders who change sides (events_more.go) read for each power
			// they may serve; the formation checks whose they are now.
			switch p := leaders[l].Power; {
			case p == NoPower:
				for q := 0; q < NMajor; q++ {
					leaderNamesByPower[q] = append(leaderNamesByPower[q], name)
				}
			case leaders[l].ID == "maurice_of_saxony":
				leaderNamesByPower[p] = append(leaderNamesByPower[p], name)
				leaderNamesByPower[Hapsburg] = append(leaderNamesByPower[Hapsburg], name)
			case p < NPow:
				leaderNamesByPower[p] = append(leaderNamesByPower[p], name)
			}
		}
		locNames = append(locNames, spaceNames...)
		exactLoc = map[string]int{}
		for sp := range spaces {
			exactLoc[orders.Norm(spaces[sp].ID)] = sp
			exactLoc[orders.Norm(spaces[sp].Name)] = sp
			for _, x := range placeAliases(spaces[sp].Name) {
				exactLoc[orders.Norm(x)] = sp
			}
		}
		for z := range seas {
			exactLoc[orders.Norm(seas[z].ID)] = seaLoc(z)
			exactLoc[orders.Norm(seas[z].Name)] = seaLoc(z)
			for _, x := range placeAliases(seas[z].Name) {
				exactLoc[orders.Norm(x)] = seaLoc(z)
			}
		}
		for z := range seas {
			locNames = append(locNames, orders.Name{ID: seas[z].ID, Aliases: append([]string{seas[z].Name}, placeAliases(seas[z].Name)...)})
		}
		for sp := range spaces {
			h := spaces[sp].Home
			if h < NPow {
				homeList[h] = append(homeList[h], sp)
			}
		}
	})
}

// matchSpace finds a land space by ID, name or unambiguous prefix.
func matchSpace(in string) (int, error) {
	loadNames()
	in = strings.TrimSpace(in)
	if in == "" {
		return 0, fmt.Errorf("a space is missing")
	}
	if loc, ok := exactLoc[orders.Norm(in)]; ok && !isSea(loc) {
		return loc, nil
	}
	id, err := orders.Match(in, "space", spaceNames)
	if err != nil {
		return 0, err
	}
	return spaceByID[id], nil
}

// matchLeaders finds power p's leaders named in a list.
func matchLeaders(p int, in string) ([]int, error) {
	loadNames()
	var out []int
	for _, n := range orders.SplitList(in) {
		id, err := orders.Match(n, "leader of "+powers[p].Name, leaderNamesByPower[p])
		if err != nil {
			return nil, err
		}
		l := leaderByID[id]
		if contains(out, l) {
			return nil, fmt.Errorf("%s is named twice", leaders[l].Name)
		}
		out = append(out, l)
	}
	return out, nil
}

// matchNavalLeaders reads a list of naval leaders. Naval moves may name
// the leaders of the mover's minor allies (Andrea Doria with Genoa's
// ally), so any naval leader reads here; the move checks whose he is.
func matchNavalLeaders(in string) ([]int, error) {
	loadNames()
	var out []int
	for _, n := range orders.SplitList(in) {
		id, err := orders.Match(n, "naval leader", navalLeaderNames)
		if err != nil {
			return nil, err
		}
		l := leaderByID[id]
		if contains(out, l) {
			return nil, fmt.Errorf("%s is named twice", leaders[l].Name)
		}
		out = append(out, l)
	}
	return out, nil
}

// matchCard finds a card of hand by number ("23", "#23") or by name.
func matchCard(in string, hand []uint8) (int, error) {
	in = strings.TrimPrefix(strings.TrimSpace(in), "#")
	if in == "" {
		return 0, fmt.Errorf("which card? name it by number or name")
	}
	num, name, _ := strings.Cut(in, " ")
	if n, err := strconv.Atoi(num); err == nil {
		if n < 1 || n > NC {
			return 0, fmt.Errorf("there is no card %d", n)
		}
		if name != "" && !strings.HasPrefix(orders.Norm(cards[n].Name), orders.Norm(name)) {
			return 0, fmt.Errorf("card %d is %s, not %q", n, cards[n].Name, name)
		}
		for _, c := range hand {
			if int(c) == n {
				return n, nil
			}
		}
		return 0, fmt.Errorf("card %d is not in your hand", n)
	}
	var cands []orders.Name
	for _, c := range hand {
		cands = append(cands, orders.Name{ID: strconv.Itoa(int(c)), Aliases: []string{cards[c].Name}})
	}
	id, err := orders.Match(in, "card in your hand", cands)
	if err != nil {
		return 0, err
	}
	n, _ := strconv.Atoi(id)
	return n, nil
}

// unitWord reads a land unit kind: 0 regulars, 1 mercenaries, 2 cavalry.
func unitWord(w string) (int, bool) {
	switch strings.TrimSuffix(w, ",") {
	case "r", "reg", "regs", "regular", "regulars":
		return 0, true
	case "m", "merc", "mercs", "mercenary", "mercenaries":
		return 1, true
	case "c", "cav", "cavalry", "sipahi":
		return 2, true
	}
	return 0, false
}

// splitUnits takes the unit words from the front of words: "4", "all",
// "3 regulars 1 mercenary", "3r 1m". It returns the spec and the rest.
func splitUnits(words []string) (unitSpec, []string, error) {
	var u unitSpec
	i := 0
	for i < len(words) {
		w := strings.TrimSuffix(words[i], ",")
		if w == "and" && u.given {
			i++
			continue
		}
		if w == "all" {
			u.given, u.all = true, true
			i++
			continue
		}
		num := strings.TrimRight(w, "rmc")
		n, err := strconv.Atoi(num)
		if err != nil || num == "" {
			break
		}
		if n < 1 || n > 60 {
			return u, nil, fmt.Errorf("%d units?", n)
		}
		kind, typed := -1, false
		if suf := w[len(num):]; suf != "" {
			kind, typed = unitWord(suf)
		} else if i+1 < len(words) {
			if k, ok := unitWord(words[i+1]); ok {
				kind, typed = k, true
				i++
			}
		}
		u.given = true
		if typed {
			u.isTyp = true
			switch kind {
			case 0:
				u.typed.Reg += uint8(n)
			case 1:
				u.typed.Merc += uint8(n)
			case 2:
				u.typed.Cav += uint8(n)
			}
		} else {
			u.count += n
		}
		i++
	}
	if u.all && (u.count > 0 || u.isTyp) || u.count > 0 && u.isTyp {
		return u, nil, fmt.Errorf("give the units either as a number, as kinds (\"3 regulars 1 mercenary\") or as \"all\"")
	}
	return u, words[i:], nil
}

// fleet is what one naval move of an order takes: the ships named (zero
// for the whole stack) and the naval leaders named (nil for the default).
type fleet struct {
	ships   Force
	leaders []int
}

// splitNaval reads the ships at the head of a naval move: "2 squadrons
// 1 corsair", "2 sq", "1 cor"; a bare number counts squadrons.
func splitNaval(words []string) (Force, []string, error) {
	var f Force
	i := 0
	for i < len(words) {
		w := strings.TrimSuffix(words[i], ",")
		if w == "and" && !f.empty() {
			i++
			continue
		}
		n, err := strconv.Atoi(w)
		if err != nil {
			break
		}
		if n < 1 || n > 30 {
			return f, nil, fmt.Errorf("%d ships?", n)
		}
		corsair := false
		if i+1 < len(words) {
			switch strings.TrimSuffix(words[i+1], ",") {
			case "squadron", "squadrons", "sq", "ship", "ships":
				i++
			case "corsair", "corsairs", "cor":
				corsair = true
				i++
			}
		}
		if corsair {
			f.Cor += uint8(n)
		} else {
			f.Sq += uint8(n)
		}
		i++
	}
	return f, words[i:], nil
}

// resolve turns a unit spec into land units from have.
func (u unitSpec) resolve(have Force) (Force, error) {
	switch {
	case !u.given:
		return Force{}, nil
	case u.all:
		return Force{Reg: have.Reg, Merc: have.Merc, Cav: have.Cav}, nil
	case u.isTyp:
		if u.typed.Reg > have.Reg || u.typed.Merc > have.Merc || u.typed.Cav > have.Cav {
			return Force{}, fmt.Errorf("there are only %s", unitText(have))
		}
		return u.typed, nil
	}
	n := u.count
	if n > have.Land() {
		return Force{}, fmt.Errorf("there are only %d land units (%s)", have.Land(), unitText(have))
	}
	var f Force
	f.Reg = uint8(min(n, int(have.Reg)))
	n -= int(f.Reg)
	f.Merc = uint8(min(n, int(have.Merc)))
	n -= int(f.Merc)
	f.Cav = uint8(n)
	return f, nil
}

// cut splits words at the first occurrence of the keyword kw.
func cut(words []string, kw string) (before, after []string, found bool) {
	for i, w := range words {
		if w == kw {
			return words[:i], words[i+1:], true
		}
	}
	return words, nil, false
}

// parseFormationOrder reads "[units] [from] X to Y [with leaders]" (to
// may be absent when needTo is false) for power p.
func parseFormationOrder(p int, words []string, needTo, needUnits bool) (order, error) {
	var o order
	u, rest, err := splitUnits(words)
	if err != nil {
		return o, err
	}
	o.units = u
	rest, lead, hasWith := cut(rest, "with")
	if hasWith {
		if o.leaders, err = matchLeaders(p, strings.Join(lead, " ")); err != nil {
			return o, err
		}
	}
	if len(rest) > 0 && rest[0] == "from" {
		rest = rest[1:]
	}
	fromW, toW, hasTo := cut(rest, "to")
	if !hasTo {
		fromW, toW, hasTo = cut(rest, "into")
	}
	if needTo && !hasTo {
		return o, fmt.Errorf("say where to: \"... from <space> to <space>\"")
	}
	if o.from, err = matchSpace(strings.Join(fromW, " ")); err != nil {
		return o, err
	}
	o.to = -1
	if hasTo {
		if o.to, err = matchSpace(strings.Join(toW, " ")); err != nil {
			return o, err
		}
	}
	if needUnits && !u.given && len(o.leaders) == 0 {
		return o, fmt.Errorf("say which units (a number, kinds or \"all\") or which leaders")
	}
	return o, nil
}

// buildKinds maps unit words of build orders to actions.
func buildKind(w string) (int, bool) {
	switch strings.TrimSuffix(w, ",") {
	case "regular", "regulars", "reg", "regs", "r":
		return ActRaiseRegular, true
	case "mercenary", "mercenaries", "merc", "mercs", "m":
		return ActBuyMercenary, true
	case "cavalry", "cav", "c", "sipahi":
		return ActRaiseCavalry, true
	case "squadron", "squadrons", "sq", "ship", "ships", "fleet":
		return ActBuildSquadron, true
	case "corsair", "corsairs":
		return ActBuildCorsair, true
	}
	return 0, false
}

// eventColon finds the colon that starts an event's choices.
var eventColon = regexp.MustCompile(`\b(for|as)\s+events?\s*:`)

// parseOrder reads one line for power p. It checks the form only; the
// rules are checked when the order is carried out.
func parseOrder(p int, text string, hand []uint8) (order, error) {
	text = strings.TrimSpace(strings.ToLower(text))
	v, rest := orders.Verb(text)
	verb, err := v, error(nil)
	if _, exact := verbTable[v]; !exact {
		verb, err = orders.MatchVerb(v, verbList)
	}
	if err != nil {
		return order{}, fmt.Errorf("unknown order %q; orders are play, pass, move, build, control, remove unrest, assault, done, intercept, decline, avoid, stand, withdraw, fall back, move on, retreat, deploy, target, publish treatise, translate, debate, st peters, burn books, jesuit university, colonize, explore, conquer", v)
	}
	words := strings.Fields(rest)
	o := order{verb: verbTable[verb], to: -1, from: -1}
	switch o.verb {
	case "play":
		// An event's choices follow "for event:" (card names may hold
		// a colon of their own: "Machiavelli: The Prince").
		if m := eventColon.FindStringIndex(rest); m != nil {
			o.args = strings.Join(strings.Fields(rest[m[1]:]), " ")
			words = strings.Fields(rest[:m[1]-1])
		}
		ws, ev := words, false
		if n := len(ws); n >= 2 && (ws[n-2] == "for" || ws[n-2] == "as") {
			switch ws[n-1] {
			case "cp", "cps", "points", "pc": // PC: punti comando (Italian)
				o.forCP = true
			case "event", "events":
				ev = true
			default:
				return o, fmt.Errorf("play a card \"for cp\" or \"for event\"")
			}
			ws = ws[:n-2]
		}
		if o.card, err = matchCard(strings.Join(ws, " "), hand); err != nil {
			return o, err
		}
		o.forEvent = ev
	case "pass", "done", "stand", "withdraw":
		if v == "fight" && len(words) > 0 && (words[0] == "foreign" || words[0] == "war") {
			o.verb = "foreign" // "fight foreign war egypt"
			return parseForeign(o, words)
		}
		if o.verb == "stand" || o.verb == "done" || o.verb == "withdraw" || len(words) == 0 {
			break
		}
		return o, fmt.Errorf("%q takes nothing after it", o.verb)
	case "decline":
		// "no", "no interception", "decline", "skip", "no deployment".
	case "move":
		if len(words) >= 2 && words[0] == "on" && words[1] == "to" {
			o.verb = "moveon"
			o.to, err = matchSpace(strings.Join(words[2:], " "))
			return o, err
		}
		return parseMove(p, words, o.verb)
	case "moveon":
		w := words
		if len(w) > 0 && w[0] == "on" {
			w = w[1:]
		}
		if len(w) > 0 && w[0] == "to" {
			w = w[1:]
		}
		o.to, err = matchSpace(strings.Join(w, " "))
		return o, err
	case "deploy":
		return parseMove(p, words, o.verb)
	case "intercept":
		oo, err := parseFormationOrder(p, words, false, false)
		if err != nil {
			return o, err
		}
		oo.verb = "intercept"
		if !oo.units.given {
			oo.units = unitSpec{given: true, all: true}
		}
		return oo, nil
	case "build":
		n := 1
		w := words
		if len(w) > 0 {
			if k, err := strconv.Atoi(w[0]); err == nil {
				if k < 1 || k > 12 {
					return o, fmt.Errorf("build 1 to 12 units at a time")
				}
				n, w = k, w[1:]
			}
		}
		if len(w) == 0 {
			return o, fmt.Errorf("build what? regular, mercenary, cavalry, squadron or corsair")
		}
		k, ok := buildKind(w[0])
		if !ok {
			return o, fmt.Errorf("build what? %q is not regular, mercenary, cavalry, squadron or corsair", w[0])
		}
		w = w[1:]
		if len(w) > 0 && (w[0] == "in" || w[0] == "at") {
			w = w[1:]
		}
		o.kind, o.n = k, n
		o.to, err = matchSpace(strings.Join(w, " "))
		return o, err
	case "control", "target":
		o.to, err = matchSpace(strings.Join(words, " "))
		return o, err
	case "treatise", "translate", "debate", "stpeters", "burnbooks", "jesuit":
		return parseReligious(o, words)
	case "colonize", "explore", "conquer":
		if len(words) > 0 {
			return o, fmt.Errorf("%q takes nothing after it", o.verb)
		}
	case "assault":
		// "assault [<units> in] <space> [with <leaders>]" (HIS-15.1f).
		if o.units, words, err = splitUnits(words); err != nil {
			return o, err
		}
		words, lead, hasWith := cut(words, "with")
		if hasWith {
			if o.leaders, err = matchLeaders(p, strings.Join(lead, " ")); err != nil {
				return o, err
			}
		}
		if len(words) > 0 && (words[0] == "in" || words[0] == "at" || words[0] == "on") {
			words = words[1:]
		}
		o.to, err = matchSpace(strings.Join(words, " "))
		return o, err
	case "unrest":
		w := words
		if len(w) > 0 && w[0] == "unrest" {
			w = w[1:]
		}
		if len(w) > 0 && (w[0] == "in" || w[0] == "from" || w[0] == "at") {
			w = w[1:]
		}
		o.to, err = matchSpace(strings.Join(w, " "))
		return o, err
	case "avoid":
		w := words
		if len(w) > 0 && w[0] == "battle" {
			w = w[1:]
		}
		if len(w) > 0 && (w[0] == "to" || w[0] == "into") {
			w = w[1:]
		}
		o.to, err = matchSpace(strings.Join(w, " "))
		return o, err
	case "transport":
		return parseTransport(p, words)
	case "piracy":
		return parsePiracy(o, words)
	case "foreign":
		return parseForeign(o, words)
	case "naval":
		w := words
		if len(w) > 0 && w[0] == "move" {
			w = w[1:]
		}
		for _, item := range orders.SplitList(strings.Join(w, " ")) {
			f, rest, err := splitNaval(strings.Fields(item))
			if err != nil {
				return o, err
			}
			rest, lead, hasWith := cut(rest, "with")
			item = strings.Join(rest, " ")
			from, to, ok := strings.Cut(" "+item+" ", " to ")
			if !ok && !hasWith && f.empty() && len(o.fleets) > 0 && o.fleets[len(o.fleets)-1].leaders != nil {
				// "with barbarossa, dragut": a further leader of the move before.
				ls, err := matchNavalLeaders(item)
				if err != nil {
					return o, err
				}
				last := &o.fleets[len(o.fleets)-1]
				for _, l := range ls {
					if contains(last.leaders, l) {
						return o, fmt.Errorf("%s is named twice", leaders[l].Name)
					}
					last.leaders = append(last.leaders, l)
				}
				continue
			}
			if !ok {
				return o, fmt.Errorf("naval moves read \"naval move [<ships> from] <from> to <to> [with <leaders>], <from> to <to>\"")
			}
			a, err := matchLoc(strings.TrimPrefix(strings.TrimSpace(from), "from "))
			if err != nil {
				return o, err
			}
			b, err := matchLoc(to)
			if err != nil {
				return o, err
			}
			var fl fleet
			fl.ships = f
			if hasWith {
				if fl.leaders, err = matchNavalLeaders(strings.Join(lead, " ")); err != nil {
					return o, err
				}
			}
			o.navals = append(o.navals, [2]int{a, b})
			o.fleets = append(o.fleets, fl)
		}
		if len(o.navals) == 0 {
			return o, fmt.Errorf("which ships move where? \"naval move marseille to gulf of lyon\"")
		}
	case "lose":
		u, rest, err := splitUnits(words)
		if err != nil {
			return o, err
		}
		if !u.given || u.all || len(rest) > 0 {
			return o, fmt.Errorf("say which units are lost: \"lose 2 regulars, 1 mercenary\"")
		}
		o.units = u
	case "fallback":
		// "fall back", "fallback".
	case "retreat":
		w := words
		if len(w) > 0 && (w[0] == "to" || w[0] == "into") {
			w = w[1:]
		}
		o.to, err = matchSpace(strings.Join(w, " "))
		return o, err
	}
	return o, nil
}

func parseMove(p int, words []string, verb string) (order, error) {
	o, err := parseFormationOrder(p, words, true, true)
	o.verb = verb
	return o, err
}

// formation builds the formation an order names from power p's units and
// leaders in its space (own units only; free is what may act).
func (o order) formation(s *St, p int, free Force) (Formation, error) {
	f, err := o.units.resolve(free)
	if err != nil {
		return Formation{}, fmt.Errorf("%s in %s: %v", powers[p].Name, spaces[o.from].Name, err)
	}
	fm := Formation{At: o.from, Leaders: o.leaders}
	if f.Land() > 0 {
		fm.Parts = []Part{{p, f}}
	}
	return fm, nil
}

// canonical is the normal form of an order, as echoed and logged.
func (o order) canonical(p int) string {
	sp := func(x int) string { return spaces[x].Name }
	lead := func() string {
		if len(o.leaders) == 0 {
			return ""
		}
		var ns []string
		for _, l := range o.leaders {
			ns = append(ns, leaders[l].Name)
		}
		return " with " + strings.Join(ns, ", ")
	}
	switch o.verb {
	case "play":
		if o.forEvent || cards[o.card].Type == CardMandatory {
			if o.args != "" {
				return fmt.Sprintf("play %d %s for event: %s", o.card, cards[o.card].Name, o.args)
			}
			return fmt.Sprintf("play %d %s for event", o.card, cards[o.card].Name)
		}
		return fmt.Sprintf("play %d %s for cp", o.card, cards[o.card].Name)
	case "move", "deploy", "intercept":
		u := o.units.text()
		to := ""
		if o.to >= 0 {
			to = " to " + sp(o.to)
		}
		return strings.TrimSpace(fmt.Sprintf("%s %s from %s%s%s", o.verb, u, sp(o.from), to, lead()))
	case "moveon":
		return "move on to " + sp(o.to)
	case "lose":
		return "lose " + o.units.text()
	case "transport":
		return o.transportCanonical()
	case "piracy":
		return o.piracyCanonical()
	case "foreign":
		return o.foreignCanonical()
	case "naval":
		var mv []string
		for i, x := range o.navals {
			item := locName(x[0]) + " to " + locName(x[1])
			if i < len(o.fleets) {
				fl := o.fleets[i]
				if !fl.ships.empty() {
					// No comma: commas separate the moves.
					item = strings.ReplaceAll(navalText(fl.ships), ", ", " ") + " from " + item
				}
				if fl.leaders != nil {
					var ns []string
					for _, l := range fl.leaders {
						ns = append(ns, leaders[l].Name)
					}
					item += " with " + strings.Join(ns, ", ")
				}
			}
			mv = append(mv, item)
		}
		return "naval move " + strings.Join(mv, ", ")
	case "build":
		return fmt.Sprintf("build %d %s in %s", o.n, buildWord(o.kind, o.n), sp(o.to))
	case "control", "target":
		return o.verb + " " + sp(o.to)
	case "treatise", "translate", "debate", "stpeters", "burnbooks", "jesuit":
		return o.religiousCanonical()
	case "colonize", "explore", "conquer":
		return o.verb
	case "assault":
		if u := o.units.text(); u != "" {
			return "assault " + u + " in " + sp(o.to) + lead()
		}
		return "assault " + sp(o.to) + lead()
	case "unrest":
		return "remove unrest in " + sp(o.to)
	case "avoid":
		return "avoid battle to " + sp(o.to)
	case "retreat":
		return "retreat to " + sp(o.to)
	case "fallback":
		return "fall back"
	}
	return o.verb
}

func (u unitSpec) text() string {
	switch {
	case !u.given:
		return ""
	case u.all:
		return "all"
	case u.isTyp:
		return unitText(u.typed)
	}
	return strconv.Itoa(u.count)
}

func buildWord(kind, n int) string {
	w := map[int][2]string{ActRaiseRegular: {"regular", "regulars"}, ActBuyMercenary: {"mercenary", "mercenaries"},
		ActRaiseCavalry: {"cavalry", "cavalry"}, ActBuildSquadron: {"squadron", "squadrons"},
		ActBuildCorsair: {"corsair", "corsairs"}}[kind]
	if n == 1 {
		return w[0]
	}
	return w[1]
}
