package hereistand

import (
	"fmt"
	"strconv"
	"strings"
)

// The religious actions of the Action Phase (HIS-18.1i-r): Publish
// Treatise, Translate Scripture, Call Theological Debate, Build St.
// Peter's, Burn Books and Found Jesuit University, and the debater
// bonuses their power may commit to them (HIS-18.2h-k).
//
//	publish treatise german with carlstadt   translate german 2 with luther
//	debate german committed                  st peters 2
//	burn books french with cajetan           jesuit university in milan with loyola

// zoneWords are the words that name a language zone in an order.
var zoneWords = map[string]int{
	"german": LangGerman, "germany": LangGerman, "aleman": LangGerman, "alemán": LangGerman, "alemana": LangGerman, "tedesco": LangGerman, "tedesca": LangGerman,
	"french": LangFrench, "france": LangFrench, "frances": LangFrench, "francés": LangFrench, "francesa": LangFrench, "francese": LangFrench,
	"english": LangEnglish, "england": LangEnglish, "ingles": LangEnglish, "inglés": LangEnglish, "inglesa": LangEnglish, "inglese": LangEnglish,
	"italian": LangItalian, "italiano": LangItalian, "italiana": LangItalian,
	"spanish": LangSpanish, "espanol": LangSpanish, "español": LangSpanish, "spagnolo": LangSpanish,
}

// zoneID is how a zone reads in canonical orders.
func zoneID(l int) string { return strings.ToLower(langNames[l]) }

// matchDebater finds a debater by ID, name or unambiguous prefix.
func matchDebater(in string) (int, error) {
	in = strings.TrimSpace(strings.ToLower(in))
	if d, ok := debaterByID[in]; ok {
		return d, nil
	}
	found := -1
	for d, di := range debaters {
		if strings.HasPrefix(di.ID, in) || strings.HasPrefix(strings.ToLower(di.Name), in) {
			if found >= 0 {
				return 0, fmt.Errorf("%q names more than one debater", in)
			}
			found = d
		}
	}
	if found < 0 || in == "" {
		return 0, fmt.Errorf("%q is not a debater", in)
	}
	return found, nil
}

// parseReligious reads the words of a religious order after its verb.
func parseReligious(o order, words []string) (order, error) {
	o.zone = -1
	words, deb, hasWith := cut(words, "with")
	if hasWith {
		d, err := matchDebater(strings.Join(deb, " "))
		if err != nil {
			return o, err
		}
		o.deb = d + 1
	}
	var rest []string
	for _, w := range words {
		if l, ok := zoneWords[w]; ok && o.zone < 0 {
			o.zone = l
			continue
		}
		if n, err := strconv.Atoi(w); err == nil && o.n == 0 && n > 0 && n <= 12 {
			o.n = n
			continue
		}
		switch w {
		case "treatise", "books", "peters", "peter's", "university", "in", "at", "zone", "cp":
			continue
		case "committed":
			o.pool = 1
			continue
		case "uncommitted":
			o.pool = 0
			continue
		case "jesuit":
			if o.verb == "jesuit" {
				continue
			}
		}
		rest = append(rest, w)
	}
	switch o.verb {
	case "jesuit":
		sp, err := matchSpace(strings.Join(rest, " "))
		if err != nil {
			return o, err
		}
		o.to = sp
		return o, nil
	case "stpeters":
		if o.n == 0 {
			o.n = 1
		}
	case "translate":
		if o.n == 0 {
			o.n = 1
		}
	}
	if len(rest) > 0 {
		return o, fmt.Errorf("%q: %s", strings.Join(rest, " "), religiousForm(o.verb))
	}
	if o.verb != "stpeters" && o.zone < 0 {
		return o, fmt.Errorf("which language zone? %s", religiousForm(o.verb))
	}
	return o, nil
}

// religiousForm is how a religious order reads.
func religiousForm(verb string) string {
	switch verb {
	case "treatise":
		return `write "publish treatise <zone> [with <debater>]"`
	case "translate":
		return `write "translate <zone> [<CP>] [with <debater>]"`
	case "debate":
		return `write "debate <zone> [committed]"`
	case "stpeters":
		return `write "st peters [<CP>]"`
	case "burnbooks":
		return `write "burn books <zone> [with <debater>]"`
	}
	return `write "jesuit university in <space> [with loyola]"`
}

// religiousCanonical is the normal form of a religious order.
func (o order) religiousCanonical() string {
	with := ""
	if o.deb > 0 {
		with = " with " + debaters[o.deb-1].Name
	}
	switch o.verb {
	case "treatise":
		return "publish treatise " + zoneID(o.zone) + with
	case "translate":
		return fmt.Sprintf("translate %s %d%s", zoneID(o.zone), o.n, with)
	case "debate":
		if o.pool == 1 {
			return "debate " + zoneID(o.zone) + " committed" + with
		}
		return "debate " + zoneID(o.zone) + with
	case "stpeters":
		return fmt.Sprintf("st peters %d", o.n)
	case "burnbooks":
		return "burn books " + zoneID(o.zone) + with
	}
	return "jesuit university in " + spaces[o.to].Name + with
}

// bonusFor lists the debaters whose bonus may be committed to each
// religious action (HIS-18.1l, HIS-18.3a, HIS-18.4a, HIS-18.1r and the
// dice bonuses of HIS-18.2h).
var bonusFor = map[string][]string{
	"treatise": {"carlstadt", "calvin", "bucer", "zwingli", "oekolampadius", "farel", "cop", "cranmer", "latimer",
		"wishart", "knox"},
	"translate": {"luther", "melanchthon", "tyndale", "coverdale", "olivetan"},
	"burnbooks": {"cajetan", "caraffa", "tetzel", "contarini", "faber", "canisius"},
	"jesuit":    {"loyola"},
	"debate":    {"bullinger"},
}

// translationBonus is the zone of each translating debater.
var translationBonus = map[string]int{"luther": LangGerman, "melanchthon": LangGerman, "tyndale": LangEnglish,
	"coverdale": LangEnglish, "olivetan": LangFrench}

// trackOf is the index of zone l in Tracks.Translation, or -1.
func trackOf(l int) int {
	for i, z := range translationZones {
		if z == l {
			return i
		}
	}
	return -1
}

// religiousCost checks religious order o of power p and returns its cost
// in CP; the error says why it may not be taken now.
func (s *St) religiousCost(p int, o order) (int, error) {
	act := map[string]int{"treatise": ActTreatise, "translate": ActTranslate, "debate": ActDebate,
		"stpeters": ActStPeters, "burnbooks": ActBurnBooks, "jesuit": ActJesuit}[o.verb]
	unit := ActionCost(p, act)
	if unit == 0 {
		return 0, fmt.Errorf("%s may not %s (HIS-11.1c)", powers[p].Name, actionNames[act])
	}
	if o.verb == "debate" && p == Protestant && s.Flow.Resp.NoDebate {
		return 0, fmt.Errorf("The Wartburg: the Protestant calls no debate for the rest of the turn")
	}
	cost := unit
	if o.deb > 0 {
		d := o.deb - 1
		di := debaters[d]
		if di.Power != religiousSide(p) || p == England {
			return 0, fmt.Errorf("%s is not a debater of %s", di.Name, powers[p].Name)
		}
		if s.Rel.Debater[d] != DebUncommitted {
			return 0, fmt.Errorf("%s is not an uncommitted debater in play (HIS-18.2i)", di.Name)
		}
		// HIS-18.2j: one bonus an impulse on attempts or translation;
		// Loyola's discount and Bullinger's second round are neither.
		if s.Rel.BonusUsed&bonusBit(p) != 0 && o.verb != "jesuit" && o.verb != "debate" {
			return 0, fmt.Errorf("%s already used a debater bonus this impulse (HIS-18.2j)", powers[p].Name)
		}
		if indexOf(bonusFor[o.verb], di.ID) < 0 {
			return 0, fmt.Errorf("%s's bonus does not apply to this action", di.Name)
		}
		switch di.ID {
		case "carlstadt":
			if o.zone != LangGerman {
				return 0, fmt.Errorf("Carlstadt's bonus is for a German treatise")
			}
		case "calvin":
			if o.zone != LangFrench {
				return 0, fmt.Errorf("Calvin's bonus is for a French treatise")
			}
		case "luther", "melanchthon", "tyndale", "coverdale", "olivetan":
			if o.zone != translationBonus[di.ID] {
				return 0, fmt.Errorf("%s's bonus is for the %s translation", di.Name, langNames[translationBonus[di.ID]])
			}
		}
	}
	switch o.verb {
	case "treatise":
		if p == England {
			if !s.reformerOn("cranmer") {
				return 0, fmt.Errorf("England publishes treatises only while Cranmer is on the map (HIS-18.1j)")
			}
			if o.zone != LangEnglish {
				return 0, fmt.Errorf("an English treatise targets the English zone (HIS-18.1j)")
			}
		}
		if o.zone == LangNone {
			return 0, fmt.Errorf("a treatise names a language zone")
		}
	case "translate":
		i := trackOf(o.zone)
		if i < 0 {
			return 0, fmt.Errorf("the translation tracks are German, French and English (HIS-18.1k)")
		}
		left := ntBoxes + bibleBoxes - s.Tracks.Translation[i]
		if left == 0 {
			return 0, fmt.Errorf("the %s Full Bible is complete (HIS-18.1m)", langNames[o.zone])
		}
		if o.n > left {
			return 0, fmt.Errorf("the %s translation has %d boxes left", langNames[o.zone], left)
		}
		cost = unit * o.n
	case "stpeters":
		if s.Tracks.StPetersVP >= stPetersMaxVP {
			return 0, fmt.Errorf("St. Peter's has given its %d VP (HIS-18.1p)", stPetersMaxVP)
		}
		cost = unit * o.n
	case "debate":
		if err := s.canDebate(p, o.zone); err != nil {
			return 0, err
		}
	case "burnbooks":
		if o.zone == LangNone {
			return 0, fmt.Errorf("book burning names a language zone")
		}
	case "jesuit":
		if !s.Rel.SocietyOfJesus {
			return 0, fmt.Errorf("Jesuit universities are founded only after Society of Jesus (HIS-18.1r)")
		}
		if !s.Catholic(o.to) || s.Rel.Jesuit.has(o.to) {
			return 0, fmt.Errorf("%s is not a Catholic space without a university", spaces[o.to].Name)
		}
		if o.deb > 0 {
			cost = unit - 1
		}
	}
	if s.Flow.CP < cost {
		return 0, fmt.Errorf("%s costs %d CP, with %d CP left", actionNames[act], cost, s.Flow.CP)
	}
	return cost, nil
}

// religiousSide is the religious power whose debaters serve p.
func religiousSide(p int) int {
	if p == Papacy {
		return Papacy
	}
	return Protestant
}

// debatersOf lists the debaters of religious power p in state st (the
// Protestant's of zone z only, when z is not LangNone).
func (s *St) debatersOf(p, z int, st uint8) []int {
	var out []int
	for d, di := range debaters {
		if di.Power == p && s.Rel.Debater[d] == st && (p == Papacy || z == LangNone || di.Lang == z) {
			out = append(out, d)
		}
	}
	return out
}

// canDebate says whether power p may call a debate in zone z (HIS-18.1o).
func (s *St) canDebate(p, z int) error {
	if p != Protestant && p != Papacy {
		return fmt.Errorf("%s calls no debates", powers[p].Name)
	}
	if z != LangGerman && z != LangFrench && z != LangEnglish {
		return fmt.Errorf("debates are held in the German, French or English zone (HIS-18.5b)")
	}
	if z == LangEnglish && s.moreExecuted() { // Thomas More (events_last.go)
		return fmt.Errorf("Thomas More was executed: no debate in the English zone this turn")
	}
	if len(s.debatersOf(Protestant, z, DebUncommitted))+len(s.debatersOf(Protestant, z, DebCommitted)) == 0 {
		return fmt.Errorf("no Protestant debater of the %s zone is in play (HIS-18.1o)", langNames[z])
	}
	if len(s.debatersOf(p, z, DebUncommitted)) == 0 {
		return fmt.Errorf("every debater of %s that may debate there is committed (HIS-18.1o)", powers[p].Name)
	}
	enemy := Papacy + Protestant - p
	if len(s.debatersOf(enemy, z, DebUncommitted))+len(s.debatersOf(enemy, z, DebCommitted)) == 0 {
		return fmt.Errorf("%s has no debater to defend", powers[enemy].Name)
	}
	return nil
}

// religiousAction carries out religious order o of power p.
func (r *run) religiousAction(p int, o order) error {
	s := r.s
	if s.Rel.Pending != nil {
		return fmt.Errorf("the attempts in progress come first")
	}
	cost, err := s.religiousCost(p, o)
	if err != nil {
		return errLegal(s.religiousOptions(p), "%v", err)
	}
	s.Flow.CP -= cost
	deb := o.deb - 1
	if o.verb == "debate" {
		// Bullinger is committed only if a second round calls him in.
		r.debateWith(p, o.zone, o.pool == 1, -1, -1, deb)
		return nil
	}
	if deb >= 0 {
		s.Rel.Debater[deb] = DebCommitted
		if o.verb != "jesuit" {
			s.Rel.BonusUsed |= bonusBit(p)
		}
		r.say("%s commits %s for its bonus.", powers[p].Name, debaters[deb].Name)
	}
	id := ""
	if deb >= 0 {
		id = debaters[deb].ID
	}
	switch o.verb {
	case "treatise":
		a := Attempts{Power: p, N: 2, Zones: 1 << o.zone, Debater: deb, Source: "a treatise"}
		if id == "carlstadt" || id == "calvin" {
			a.N = 3
		}
		r.say("%s publishes a treatise in the %s zone.", powers[p].Name, langNames[o.zone])
		if p == England && r.askTreatiseBonus() { // HIS-18.2k: the Protestant chooses first
			return nil
		}
		r.startAttempts(a)
	case "burnbooks":
		a := Attempts{Power: Papacy, Counter: true, N: 2, Zones: 1 << o.zone, Debater: deb, Source: "book burning"}
		switch id {
		case "cajetan":
			a.N = 3
		case "caraffa":
			a.N = 3
			a.Zones = 1<<NLang - 2 // any zone (HIS-18.4a)
		}
		r.say("The Papacy burns books in the %s zone.", langNames[o.zone])
		r.startAttempts(a)
	case "translate":
		r.translate(o.zone, o.n+b2i(deb >= 0))
	case "stpeters":
		r.say("The Papacy spends %d CP on St. Peter's.", o.n)
		r.stPeters(o.n)
	case "jesuit":
		s.Rel.Jesuit.set(o.to)
		r.say("The Papacy founds a Jesuit university in %s.", spaces[o.to].Name)
	}
	return nil
}

// translate advances the translation of zone l by n boxes (HIS-18.1k-n):
// a completed New Testament gives 6 Reformation attempts in the zone, a
// completed Full Bible 6 attempts with +1 on every Protestant die and 1
// VP.
func (r *run) translate(l, n int) {
	s := r.s
	i := trackOf(l)
	at := &s.Tracks.Translation[i]
	before := *at
	*at = min(*at+n, ntBoxes+bibleBoxes)
	if *at <= ntBoxes {
		r.say("The %s New Testament advances to %d of %d.", langNames[l], *at, ntBoxes)
	} else {
		r.say("The %s Full Bible advances to %d of %d.", langNames[l], *at-ntBoxes, bibleBoxes)
	}
	switch {
	case before < ntBoxes && *at >= ntBoxes:
		r.say("The %s New Testament is complete: 6 Reformation attempts in the %s zone (HIS-18.1n).", langNames[l], langNames[l])
		r.startAttempts(Attempts{Power: Protestant, N: 6, Zones: 1 << l, Debater: -1, Source: "the New Testament"})
	case before < ntBoxes+bibleBoxes && *at == ntBoxes+bibleBoxes:
		s.BonusVP[Protestant]++
		r.say("The %s Full Bible is complete: 1 VP and 6 Reformation attempts in the %s zone, +1 on every Protestant die (HIS-18.1n).", langNames[l], langNames[l])
		r.startAttempts(Attempts{Power: Protestant, N: 6, Zones: 1 << l, Plus: 1, Debater: -1, Source: "the Full Bible"})
	}
}

// pickDebater draws one debater from list, in public (the pools are on
// the table).
func (r *run) pickDebater(list []int) int {
	if len(list) == 1 {
		return list[0]
	}
	return list[r.dice.Roll("debater", len(list))-1]
}

// debateDice rolls n dice and counts the 5s and 6s (HIS-18.5f-g).
func (r *run) debateDice(n int) ([]int, int) {
	var rolls []int
	hits := 0
	for i := 0; i < n; i++ {
		x := r.dice.Roll("debate", 6)
		rolls = append(rolls, x)
		if x >= 5 {
			hits++
		}
	}
	return rolls, hits
}

// debate resolves a theological debate called by power caller in zone z
// (HIS-18.5). The caller's first debater att and the defender def are
// drawn at random when -1 (a card event may name them); committed says
// from which pool the caller draws the defender.
func (r *run) debate(caller, z int, committed bool, att, def int) {
	r.debateWith(caller, z, committed, att, def, -1)
}

// debateWith is debate with Bullinger's bonus (HIS-18.5i): when second is
// Bullinger, uncommitted, he is the Protestant's second-round debater, in
// any zone.
func (r *run) debateWith(caller, z int, committed bool, att, def, second int) {
	s := r.s
	enemy := Papacy + Protestant - caller
	if att < 0 {
		att = r.pickDebater(s.debatersOf(caller, debateZone(caller, z), DebUncommitted))
	}
	if def < 0 {
		first, second := uint8(DebUncommitted), uint8(DebCommitted)
		if committed {
			first, second = second, first
		}
		pool := s.debatersOf(enemy, debateZone(enemy, z), first)
		if len(pool) == 0 {
			pool = s.debatersOf(enemy, debateZone(enemy, z), second)
		}
		def = r.pickDebater(pool)
	}
	r.say("%s calls a theological debate in the %s zone: %s (%d) against %s (%d).", powers[caller].Name, langNames[z],
		debaters[att].Name, debaters[att].Value, debaters[def].Name, debaters[def].Value)
	r.debateRounds(&Debate{Caller: caller, Zone: z, Att: att, Def: def, Second: second, Round: 1,
		Inquisition: r.inquisitionDice, Bar: -1})
}

// debateZone is the zone power p's debaters are drawn from in a debate in
// zone z (the Papal debaters have none).
func debateZone(p, z int) int {
	if p == Papacy {
		return LangNone
	}
	return z
}

// debateRounds fights the rounds of debate d from its round on, and its
// result. Before each round's dice the Protestant may put Luther in with
// Here I Stand (respond.go): the debate then waits for its answer.
func (r *run) debateRounds(d *Debate) {
	s := r.s
	caller, z := d.Caller, d.Zone
	enemy := Papacy + Protestant - caller
	for ; d.Round <= 2; d.Round++ {
		if d.Round == 2 && !d.Picked {
			// HIS-18.5i: in the Papacy's debate the Protestant is asked
			// whether Bullinger comes in (respond.go).
			if !d.Asked && r.bullingerWindow(d) {
				return
			}
			d.Asked = false
			d.Picked = true
			// HIS-18.5i: new debaters, uncommitted first.
			next := func(p, old int) int {
				pool := s.debatersOf(p, debateZone(p, z), DebUncommitted)
				if len(pool) == 0 {
					for _, x := range s.debatersOf(p, debateZone(p, z), DebCommitted) {
						if x != old {
							pool = append(pool, x)
						}
					}
				}
				if len(pool) == 0 {
					return old
				}
				return r.pickDebater(pool)
			}
			// Bullinger comes in before any draw of his side.
			second := d.Second
			bull := second >= 0 && s.Rel.Debater[second] == DebUncommitted
			if bull {
				r.say("%s commits %s for its bonus.", powers[Protestant].Name, debaters[second].Name)
			}
			if bull && caller == Protestant {
				d.Att = second
			} else {
				d.Att = next(caller, d.Att)
			}
			if bull && caller != Protestant {
				d.Def = second
			} else {
				d.Def = next(enemy, d.Def)
			}
			r.say("Second round: %s (%d) against %s (%d).", debaters[d.Att].Name, debaters[d.Att].Value,
				debaters[d.Def].Name, debaters[d.Def].Value)
		}
		if !d.Asked && r.hereIStandWindow(d) {
			return
		}
		d.Asked = false
		att, def := d.Att, d.Def
		av := debaters[att].Value
		if caller == Papacy && z == LangEnglish && s.rulerIs(England, "mary_i") {
			av *= 2
		}
		an := av + 3
		if caller == Papacy && s.Rel.Augsburg {
			an--
		}
		if caller == Papacy {
			an += d.Inquisition
		}
		if id := debaters[att].ID; id == "eck" || id == "gardiner" && z == LangEnglish {
			an++
		}
		dn := debaters[def].Value + 2
		if s.Rel.Debater[def] == DebCommitted {
			dn--
		}
		arolls, ahits := r.debateDice(an)
		drolls, dhits := r.debateDice(dn)
		s.Rel.Debater[att], s.Rel.Debater[def] = DebCommitted, DebCommitted
		r.say("Round %d: %s rolls %s [%s]: %s; %s rolls %s [%s]: %s.", d.Round,
			debaters[att].Name, nDice(an), diceText(arolls), nHits(ahits), debaters[def].Name, nDice(dn), diceText(drolls), nHits(dhits))
		d.Diff = ahits - dhits
		if d.Diff != 0 {
			break
		}
	}
	if d.Bar >= 0 && s.Rel.Debater[d.Bar] == DebRemoved {
		s.Rel.Debater[d.Bar] = d.BarState // Leipzig Debate's bar ends with the debate
	}
	r.debateResult(d)
}

// debateResult settles the result of debate d once its rounds are
// fought.
func (r *run) debateResult(d *Debate) {
	s := r.s
	caller, z, att, def, diff := d.Caller, d.Zone, d.Att, d.Def, d.Diff
	enemy := Papacy + Protestant - caller
	if diff == 0 {
		r.say("The debate is inconclusive.")
		return
	}
	// ld is the losing side's debater of the deciding round.
	winner, loser, ld := caller, enemy, def
	if diff < 0 {
		winner, loser, ld, diff = enemy, caller, att, -diff
	}
	papal := att
	if caller != Papacy {
		papal = def
	}
	if winner == Protestant && debaters[papal].ID == "campeggio" {
		x := r.dice.Roll("campeggio", 6)
		if x >= 5 {
			r.say("Campeggio rolls %d: the result of the debate is cancelled.", x)
			return
		}
		r.say("Campeggio rolls %d: the result stands.", x)
	}
	flips := diff
	if debaters[papal].ID == "aleander" {
		flips++
	}
	r.say("%s wins the debate by %d: %s to flip.", powers[winner].Name, diff, nSpaces(flips))
	if diff > debaters[ld].Value {
		v := debaters[ld].Value
		s.BonusVP[winner] += v
		if loser == Protestant {
			s.Rel.Debater[ld] = DebBurned
			r.say("%s is burned at the stake: %d VP to the Papacy (HIS-18.5l).", debaters[ld].Name, v)
			if rf, ok := reformerByID[debaters[ld].ID]; ok && s.Rel.Reformer[rf] >= 0 {
				s.Rel.Reformer[rf] = ReformerRemoved
			}
		} else {
			s.Rel.Debater[ld] = DebDisgraced
			r.say("%s is disgraced: %d VP to the Protestant (HIS-18.5m).", debaters[ld].Name, v)
		}
	}
	r.startAttempts(Attempts{Power: winner, Flip: true, Counter: winner == Papacy, N: flips, Zones: 1 << z,
		Debater: -1, Source: "the debate"})
}

// religiousOptions lists the religious actions power p may take now.
func (s *St) religiousOptions(p int) []string {
	if s.Flow.Card == 0 || s.Rel.Pending != nil {
		return nil
	}
	var out []string
	try := func(o order) {
		if _, err := s.religiousCost(p, o); err == nil {
			out = append(out, o.religiousCanonical())
		}
	}
	zones := []int{LangGerman, LangFrench, LangEnglish}
	for _, z := range zones {
		try(order{verb: "treatise", zone: z})
		try(order{verb: "translate", zone: z, n: 1})
		try(order{verb: "debate", zone: z})
		try(order{verb: "debate", zone: z, pool: 1})
		try(order{verb: "burnbooks", zone: z})
	}
	try(order{verb: "stpeters", n: 1})
	// Bonuses: the first debater that fits each action.
	for d := range debaters {
		for _, verb := range []string{"treatise", "translate", "burnbooks", "debate"} {
			if indexOf(bonusFor[verb], debaters[d].ID) < 0 {
				continue
			}
			z := debaters[d].Lang
			if z == LangNone {
				z = LangGerman
			}
			if l, ok := translationBonus[debaters[d].ID]; ok {
				z = l
			}
			if debaters[d].ID == "calvin" {
				z = LangFrench
			}
			try(order{verb: verb, zone: z, n: 1, deb: d + 1})
		}
	}
	if s.Rel.SocietyOfJesus {
		n := 0
		for t := 0; t < NS && n < 3; t++ {
			if s.Catholic(t) && !s.Rel.Jesuit.has(t) && spaces[t].Lang == LangGerman {
				try(order{verb: "jesuit", to: t})
				n++
			}
		}
	}
	return out
}

// religiousVerbs are the religious actions each power may name in its
// impulse prompt.
var religiousVerbs = [NMajor]string{England: ", publish treatise (with Cranmer)",
	Papacy: ", st peters, burn books, debate, jesuit university", Protestant: ", publish treatise, translate, debate"}
