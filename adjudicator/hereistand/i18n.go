package hereistand

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// Prompts, events and rejections in the reader's language.
//
// The engine writes its texts in English where it plays (records, logs
// and the random players keep them so, and pay nothing for other
// languages). When the platform renders a report or a refusal, the texts
// are read back into messages of the game's catalogue (locales/*.yaml,
// keys "his.prompt.", "his.ev.", "his.why.", "his.w." and "his.list."):
// each reader is a pattern (msg.NewPattern), the English sentence with
// named holes, next to the sentence it reads. A text no pattern reads
// stays in English. The tests check that every message renders in
// English exactly as the text it was read from.

// convs are the converters the patterns' holes may name besides "int"
// (see msg.NewPattern). They are filled once, with the patterns
// (i18nInit), since they read the game's data.
var convs map[string]msg.Conv

// powerByName maps a power's printed name to its catalogue key.
var powerByName map[string]string

// powerMsg is power p's name as a message of the catalogue.
func powerMsg(p int) msg.M { return msg.New("his.power." + powers[p].ID) }

// convAction reads an action as orders name it ("raise regular").
func convAction(s string) (any, bool) {
	for a, n := range actionNames {
		if n == s {
			return msg.New("his.act." + actionIDs[a]), true
		}
	}
	return nil, false
}

func convPower(s string) (any, bool) {
	k, ok := powerByName[s]
	if !ok {
		return nil, false
	}
	return msg.New(k), true
}

var (
	unitItemRE = regexp.MustCompile(`^(\d+) (regulars?|mercenary|mercenaries|cavalry|squadrons?|corsairs?)$`)
	listSepRE  = regexp.MustCompile(`, | and `)
	unitKeys   = map[string]string{"regular": "his.unit.regular", "regulars": "his.unit.regular",
		"mercenary": "his.unit.mercenary", "mercenaries": "his.unit.mercenary", "cavalry": "his.unit.cavalry",
		"squadron": "his.w.squadron", "squadrons": "his.w.squadron", "corsair": "his.unit.corsair", "corsairs": "his.unit.corsair"}
	wordKeys = map[string]string{"no land units": "his.w.no_land_units", "no ships": "his.w.no_ships",
		"nothing": "his.w.nothing", "the defender": "his.w.the_defender", "the garrison": "his.w.the_garrison"}
)

// itemMsg reads one item of a list of units: "3 regulars", "Papacy 2
// regulars", "no ships"; a leader's or a card's name stays as printed.
func itemMsg(s string) msg.M {
	if m := unitItemRE.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		return msg.Plural(unitKeys[m[2]], n)
	}
	if k, ok := wordKeys[s]; ok {
		return msg.New(k)
	}
	if k, ok := powerByName[s]; ok {
		return msg.New(k)
	}
	if name, rest, ok := strings.Cut(s, " "); ok {
		if k, ok := powerByName[name]; ok {
			return msg.New("his.w.power_units", "Power", msg.New(k), "Units", itemMsg(rest))
		}
	}
	return msg.Lit(s)
}

// convUnits reads a list of units and leaders as unitsText, partsText
// and navalText write them ("A, B and C"), item by item.
func convUnits(s string) (any, bool) {
	seps := listSepRE.FindAllStringIndex(s, -1)
	if len(seps) == 0 {
		return itemMsg(s), true
	}
	m := itemMsg(s[:seps[0][0]])
	for i, sp := range seps {
		end := len(s)
		if i+1 < len(seps) {
			end = seps[i+1][0]
		}
		key := "his.list.comma"
		if s[sp[0]:sp[1]] == " and " {
			key = "his.list.and"
		}
		m = msg.New(key, "A", m, "B", itemMsg(s[sp[1]:end]))
	}
	return m, true
}

// kindName is the English name of a decision kind ("combat cards").
func kindName(kind string) string {
	return queryEnglish().Text(kindMsg(kind))
}

func kindMsg(kind string) msg.M { return msg.New("his.kind." + strings.ReplaceAll(kind, "-", "_")) }

// convKinds reads a list of the English names of decision kinds
// ("combat cards, response card", kindName) as the kinds' messages.
func convKinds(s string) (any, bool) {
	var ms []msg.M
	for _, name := range strings.Split(s, ", ") {
		n := len(ms)
		for _, k := range decisionKinds[1:] {
			if kindName(k) == name {
				ms = append(ms, kindMsg(k))
				break
			}
		}
		if len(ms) == n {
			return nil, false
		}
	}
	return listMsg("his.list.comma", ms), true
}

// listMsg joins ms, in order, with the two-part message key ("{{.A}},
// {{.B}}").
func listMsg(key string, ms []msg.M) msg.M {
	m := ms[0]
	for _, x := range ms[1:] {
		m = msg.New(key, "A", m, "B", x)
	}
	return m
}

// convDrawWhy reads why a card is drawn from another hand (drawCard):
// a deal, piracy, a ransom; a card's, space's or leader's name as it is.
func convDrawWhy(s string) (any, bool) {
	switch s {
	case "deal":
		return msg.New("his.w.draw_deal"), true
	case "piracy":
		return msg.New("his.w.draw_piracy"), true
	}
	if l, ok := strings.CutPrefix(s, "ransom of "); ok {
		return msg.New("his.w.draw_ransom", "Leader", l), true
	}
	return msg.Lit(s), true
}

// convScores reads the VP of the powers: "Ottoman 5, Hapsburg 3".
func convScores(s string) (any, bool) {
	var list msg.M
	for i, item := range strings.Split(s, ", ") {
		name, vp, ok := strings.Cut(item, " ")
		pm, known := convPower(name)
		if !ok || !known {
			return nil, false
		}
		m := msg.New("his.w.score", "Power", pm, "VP", vp)
		if i == 0 {
			list = m
		} else {
			list = msg.New("his.list.comma", "A", list, "B", m)
		}
	}
	return list, true
}

// convOr reads names joined as "A", "A or B", "A, B or C".
func convOr(s string) (any, bool) {
	head, last, ok := cutLast(s, " or ")
	if !ok {
		return msg.Lit(s), true
	}
	names := strings.Split(head, ", ")
	list := msg.Lit(names[0])
	for _, n := range names[1:] {
		list = msg.New("his.list.comma", "A", list, "B", msg.Lit(n))
	}
	return msg.New("his.list.or", "A", list, "B", msg.Lit(last)), true
}

func cutLast(s, sep string) (before, after string, found bool) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[:i], s[i+len(sep):], true
	}
	return s, "", false
}

// convSide reads the side of a battle: a power, the defender or the
// garrison.
func convSide(s string) (any, bool) {
	if k, ok := wordKeys[s]; ok {
		return msg.New(k), true
	}
	if sp, ok := strings.CutPrefix(s, "the garrison of "); ok {
		return msg.New("his.w.the_garrison_of", "Space", sp), true
	}
	return convPower(s)
}

var (
	rollPattern   *msg.Pattern
	resultPattern msg.Patterns
)

// convRoll reads BattleResult.text.
func convRoll(s string) (any, bool) {
	m, ok := rollPattern.Match(s)
	return m, ok
}

// convResult reads how the game ended (Flow.Result).
func convResult(s string) (any, bool) {
	if m, ok := resultPattern.Match(s); ok {
		return m, true
	}
	return msg.Lit(s), true
}

// convCount reads "N word" (English writes the plural even for one) as
// the plural message key.
func convCount(word, one, key string) msg.Conv {
	return func(s string) (any, bool) {
		n, w, ok := strings.Cut(s, " ")
		c, err := strconv.Atoi(n)
		if !ok || (w != word && !(c == 1 && w == one)) || err != nil {
			return nil, false
		}
		return msg.Plural(key, c), true
	}
}

// convWhy reads a reason inside another ("Papacy in Vienna: ..."); an
// unread one stays in English.
func convWhy(s string) (any, bool) {
	if m, ok := whyPatterns.Match(s); ok {
		return m, true
	}
	return msg.Lit(s), true
}

// convPass reads why a power may not pass (CanPass).
func convPass(s string) (any, bool) {
	if c, ok := strings.CutSuffix(s, " (home card) is still in hand"); ok {
		return msg.New("his.w.home_card_in_hand", "Card", c), true
	}
	if c, ok := strings.CutSuffix(s, " (Mandatory Event) is still in hand"); ok {
		return msg.New("his.w.mandatory_in_hand", "Card", c), true
	}
	return msg.Lit(s), true
}

// convWhat reads the thing an unknown name was meant to name.
func convWhat(s string) (any, bool) {
	switch s {
	case "space", "space or sea zone", "card in your hand", "naval leader", "decision":
		return msg.New("his.w.what_" + strings.ReplaceAll(s, " ", "_")), true
	}
	if p, ok := strings.CutPrefix(s, "leader of "); ok {
		if m, ok := convPower(p); ok {
			return msg.New("his.w.what_leader_of", "Power", m), true
		}
	}
	return msg.Lit(s), true
}

var i18nOnce sync.Once

// The readers, built the first time a report or a refusal needs them.
var (
	promptPatterns msg.Patterns
	eventPatterns  msg.Patterns
	whyPatterns    msg.Patterns
)

func i18nInit() {
	powerByName = map[string]string{}
	for _, p := range powers {
		powerByName[p.Name] = "his.power." + p.ID
	}
	convs = map[string]msg.Conv{
		"power": convPower, "units": convUnits, "or": convOr, "side": convSide,
		"why": convWhy, "pass": convPass, "dice": convCount("dice", "die", "his.w.dice"), "hits": convCount("hits", "hit", "his.w.hits"),
		"roll": convRoll, "result": convResult, "what": convWhat, "scores": convScores,
		"zone": convKey(zoneKeys), "source": convKey(sourceKeys), "action": convAction, "drawwhy": convDrawWhy, "terms": convTerms, "kinds": convKinds,
	}
	p := func(key, english string) *msg.Pattern { return msg.NewPattern(key, english, "", convs) }
	rollPattern = p("his.w.roll", "{Att:side} rolls {AttDice:dice} [{AttRolls}]: {AttHits:hits}; {Def:side} rolls {DefDice:dice} [{DefRolls}]: {DefHits:hits}")
	resultPattern = msg.Patterns{
		p("his.w.victory_domination", "domination victory of {Power:power} with {VP:int} VP (HIS-23.3c)"),
		p("his.w.victory_standard", "standard victory of {Powers:units} with {VP:int} VP (HIS-23.3b)"),
		p("his.w.victory_time", "time limit victory of {Powers:units} with {VP:int} VP (HIS-23.3d)"),
		p("his.w.victory_military", "military victory of {Power:power} with {Keys:int} keys (HIS-23.1a)"),
		p("his.w.victory_religious", "religious victory of the Protestant (HIS-23.1b)"),
	}

	promptPatterns = msg.Patterns{
		p("his.prompt.theses", "Play Luther's 95 Theses (Luther's 95 Theses phase, turn 1, HIS-8.1a)."),
		p("his.prompt.diplomacy", "Diplomacy Phase: negotiations, peace and declarations of war come with the diplomacy rules. Write done."),
		p("his.prompt.peace", `Sue for peace (HIS-9.3): you may sue {Powers:units}. In one message: "sue for peace with <power>", then "eliminate <n> <units> in <location>" for 2 units, and any "regain <key> for vp|card", "recover <leader> for vp|card", "regain <space> and <space> for vp|card", and "send <space ceded> to <space>" to choose among equally near fortified spaces where your units go (else the first in map order); or write done.`),
		p("his.prompt.ransom", `Ransom of leaders (HIS-9.4): each leader ransomed returns to your capital and its captor draws a card at random from your hand. Captured: {Leaders}. Write "ransom <leader>" lines or done.`),
		p("his.prompt.announce", `Negotiation segment (HIS-9.1): announce the deals you made, one line each: "propose: <terms>", terms separated by semicolons (end war with <power>; ally <power>; give <space> to <power>; cards <n> to <power>; loan <n> squadrons [with <naval leader>] in <port> to <power>, with the alliance; return <leader>; papacy: grant divorce to england); or write done.`),
		p("his.prompt.confirm", `{Power:power} announces a deal: {Terms:terms}. Confirm or reject it (HIS-9.1d): it takes effect only if every power involved confirms.`),
		p("his.prompt.excom", `Your ruler is excommunicated (HIS-9.5a): write donate to lift it (the Papacy draws a card at random from your hand for St. Peter's), or done.`),
		p("his.prompt.treatise_bonus", treatiseBonusText),
		p("his.prompt.event_bonus", "{Source} gives {Power:power} attempts (HIS-18.2k): commit one of your uncommitted debaters for its bonus, or write none."),
		p("his.prompt.free_dow", `{Minor:power} is now an ally of {Power:power}. You are at war with {Minor2:power}: declare war on {Power2:power} at no cost (HIS-22.2d), or write no and your units in its spaces go to your nearest fortified space.`),
		p("his.prompt.declarations", "Declarations of war (HIS-9.6): declare war on one or more powers and pay the CP with cards from your hand, not Mandatory Events; or write done. Costs in CP: {Costs:scores}."),
		p("his.prompt.intervene", "{Declarer:power} declares war on {Minor:power}. You may intervene for {CP:int} CP (HIS-9.6e-f): {Minor2:power} becomes your ally and you are at war with {Declarer2:power}. Write \"intervene pay <cards>\" or no."),
		p("his.prompt.spring", "Spring Deployment: you may move one formation from {Capitals:or} to a friendly space, free (HIS-10)."),
		p("his.prompt.impulse", "Your impulse (turn {Turn:int}): play a card for its CP or pass (HIS-11a); the actions may follow on the next lines."),
		msg.NewPattern("his.prompt.actions", "{CP:int} CP left from {Card}: spend them on actions (HIS-11.1) or write done.", "CP", convs),
		msg.NewPattern("his.prompt.actions", "{CP:int} CP left from {Card}: spend it on actions (HIS-11.1) or write done.", "CP", convs),
		p("his.prompt.assault_losses", "Assault on {Space}: {Roll:roll}. Choose the {N:int} units you lose (HIS-15.1m)."),
		p("his.prompt.losses", "Battle of {Space}: {Roll:roll}. Choose the {N:int} units you lose (HIS-14i)."),
		p("his.prompt.assault_loss_one", "Assault on {Space}: {Roll:roll}. Choose the unit you lose (HIS-15.1m)."),
		p("his.prompt.loss_one", "Battle of {Space}: {Roll:roll}. Choose the unit you lose (HIS-14i)."),
		p("his.prompt.intercept", "{Mover:power} moves {Units:units} from {From} to {To}. You may try to intercept (HIS-13.2): 2 dice plus the best battle rating, 9 or more."),
		p("his.prompt.avoid", "{Mover:power} enters {Space} with {Units:units}. Your units there may try to avoid battle (HIS-13.3) or stand."),
		p("his.prompt.withdraw", "{Mover:power} enters {Space}. Your units there may withdraw into the fortifications (HIS-13.4) or stand and fight."),
		msg.NewPattern("his.prompt.fall_back", "Your formation does not outnumber the garrison of {Space}: fall back to {From} at no cost or move on (HIS-13.4c); {CP:int} CP left.", "CP", convs),
		p("his.prompt.commit", "Your move relieves {Space}: the {Units:units} inside may join the battle (HIS-15.2a): commit all, none or a number; leaders inside join with all."),
		p("his.prompt.retreat", "Your defenders lost the battle of {Space}: choose where they retreat and whether up to 4 withdraw into the fortifications (HIS-14.1); both lines may be given."),
		p("his.prompt.naval_intercept", "{Mover:power} ships enter {Zones}. You may try to intercept (HIS-16.1j): 2 dice plus the naval leader's battle rating, 9 or more."),
		p("his.prompt.naval_avoid", "{Mover:power} ships enter {Zone}, where your ships are. You may try to avoid battle (HIS-16.1k) or stand."),
	}

	eventPatterns = msg.Patterns{
		// The impulse and the turn.
		p("his.ev.plays", "{Power:power} plays {Card} for {CP:int} CP."),
		p("his.ev.alliance_ends", "The alliance of {A:power} and {B:power} ends (HIS-19.4)."),
		p("his.ev.maurice_enters", "Maurice of Saxony enters in {Space}."),
		p("his.ev.leader_leaves", "{Name} leaves the map (HIS-19.2)."),
		p("his.ev.plays_mandatory", "{Power:power} plays the Mandatory Event {Card}; its effects arrive with the card events. It gives 2 CP."),
		p("his.ev.plays_mandatory_event", "{Power:power} plays the Mandatory Event {Card}. It gives 2 CP."),
		p("his.ev.plays_event", "{Power:power} plays {Card} as an event."),
		p("his.ev.nowhere_winter", "{Power:power} loses {Units:units} in {Space}, with nowhere to go (HIS-19.3j)."),
		p("his.ev.nowhere", "{Power:power} loses {Units:units} in {Space}, with nowhere to go"),
		p("his.ev.orders_wait", "Your orders from line {N:int} wait for the decision of another power."),
		p("his.ev.line_dropped", "Line {N:int} ({Text}) was not carried out: {Why:why}. Your remaining orders were dropped."),
		p("his.ev.ends_impulse", "{Power:power} ends its impulse with {CP:int} CP unspent."),
		p("his.ev.no_cards", "{Power:power} has no cards and passes."),
		p("his.ev.passes", "{Power:power} passes."),
		p("his.ev.all_passed", "All six powers have passed: the Action Phase ends (HIS-11g)."),
		p("his.ev.ends_diplomacy", "{Power:power} ends its diplomacy."),
		p("his.ev.no_suit", `{Power:power} does not sue for peace.`),
		p("his.ev.sues", `{Power:power} sues {Winner:power} for peace (HIS-9.3).`),
		p("his.ev.war_winner", `{Power:power} is the War Winner and gains {VP:int} VP (HIS-9.3c).`),
		p("his.ev.cedes", `{Power:power} cedes {Space} to {Winner:power} (HIS-9.3d).`),
		p("his.ev.eliminates", `{Power:power} eliminates {Units:units} in {Space} (HIS-9.3e).`),
		p("his.ev.gives_vp", `{Power:power} gives {Winner:power} a War Winner VP for {What}.`),
		p("his.ev.standing_kinds", "{Power:power}'s standing orders answer with the default, without asking: {Kinds:kinds}."),
		p("his.ev.standing_none", "{Power:power} has no standing orders: every decision is asked."),
		p("his.ev.draws_card", `{Power:power} draws a card at random from the hand of {From:power} ({Why:drawwhy}).`),
		p("his.ev.card_drawn", `The card drawn is {Card}.`),
		p("his.ev.regains", `{Power:power} regains {Space} (HIS-9.3f).`),
		p("his.ev.recovers", `{Power:power} recovers {Leader}, who goes to {Space} (HIS-9.3g).`),
		p("his.ev.regains_pair", `{Power:power} regains {A} and {B} (HIS-9.3h).`),
		p("his.ev.at_peace", `{A:power} and {B:power} are at peace (HIS-9.3i).`),
		p("his.ev.no_ransom", `{Power:power} ransoms no leader.`),
		p("his.ev.ransoms", `{Power:power} ransoms {Leader}, who goes to {Space} (HIS-9.4a).`),
		p("his.ev.no_deal", `{Power:power} announces no deal.`),
		p("his.ev.announces_deal", `{Power:power} announces deal {N:int}: {Terms:terms} (HIS-9.1d).`),
		p("his.ev.confirms_deal", `{Power:power} confirms the deal of {Proposer:power}.`),
		p("his.ev.rejects_deal", `{Power:power} rejects the deal of {Proposer:power}: none of its terms take effect (HIS-9.1d).`),
		p("his.ev.deal_void", `The deal of {Power:power} cannot take effect: {Why}.`),
		p("his.ev.end_war", `{A:power} and {B:power} end their war (HIS-9.1b1).`),
		p("his.ev.allied", `{A:power} and {B:power} are allied for this turn (HIS-9.2).`),
		p("his.ev.gives_space", `{Power:power} gives {Space} to {To:power} (HIS-9.1b5).`),
		p("his.ev.returns_leader", `{Power:power} returns {Leader}, who goes to {Space} (HIS-9.1b4).`),
		p("his.ev.excom_lifted", `The excommunication of the ruler of {Power:power} is lifted ({Why}).`),
		p("his.ev.keeps_excom", `{Power:power} keeps its excommunication.`),
		p("his.ev.donates", `{Power:power} donates {Card} to the Papacy: {CP:int} CP to St. Peter's (HIS-9.5a).`),
		p("his.ev.gives_mercs", `{Power:power} removes {Units:units} from {Space}; {To:power} places them in {Space2} (HIS-9.1b7).`),
		p("his.ev.lends_squadrons", `{Power:power} lends {Units:units} in {Space} to {To:power}, received in {Space2} (HIS-9.2e).`),
		p("his.ev.loan_back", `{Power:power} gives {Units:units} back to {To:power}, brought home from {Space} to {Space2} (HIS-19.1).`),
		p("his.ev.leader_back", `{Power:power} gives {Leader} back to {To:power}, who returns from {Space} to {Space2} (HIS-19.1).`),
		p("his.ev.leader_away", `{Leader}, lent to {To:power}, finds no port of {Power:power} and waits on the Turn track (HIS-19.1).`),
		p("his.ev.loan_lost", `{Power:power} squadrons lent to {To:power} find no port of theirs and are eliminated (HIS-19.1).`),
		p("his.ev.may_free_dow", `{Power:power} may declare war on {Target:power} at no cost (HIS-22.2d).`),
		p("his.ev.free_dow", `{Power:power} declares war on {Target:power} at no cost (HIS-22.2d).`),
		p("his.ev.no_free_dow", `{Power:power} does not declare war on {Target:power} (HIS-22.2d).`),
		p("his.ev.declares_no_war", "{Power:power} declares no war."),
		p("his.ev.declares_war", "{Power:power} declares war on {Target:power} ({CP:int} CP, HIS-9.6)."),
		p("his.ev.pays_declarations", "{Power:power} pays {CP:int} CP for its declarations of war with {Cards}."),
		p("his.ev.pays_intervention", "{Power:power} pays {CP:int} CP for its intervention with {Cards}."),
		p("his.ev.may_intervene", "{Power:power} may intervene for {Minor:power} (HIS-9.6e-f)."),
		p("his.ev.no_intervention", "{Power:power} does not intervene for {Minor:power}."),
		p("his.ev.intervenes", "{Power:power} intervenes for {Minor:power} (HIS-9.6e-f)."),
		p("his.ev.activated", "{Minor:power} is activated as an ally of {Power:power}"),
		p("his.ev.now_at_war", "{A:power} and {B:power} are at war"),
		msg.NewPattern("his.ev.receives", "{Power:power} receives {Count:int} cards.", "Count", convs),
		p("his.ev.dealt", "{Power:power} is dealt {Cards}."),
		p("his.ev.turn_begins", "Turn {Turn:int} ({Years}) begins: the cards are dealt."),
		p("his.ev.vp", "Victory points at the end of turn {Turn:int}: {Scores:scores}."),
		p("his.ev.game_over", "The game is over: {Result:result}."),
		p("his.ev.no_deploy", "{Power:power} does not deploy."),
		p("his.ev.deploys", "{Power:power} deploys {Units:units} from {From} to {To}."),
		// Actions.
		p("his.ev.takes_control", "{Power:power} takes control of {Space}."),
		p("his.ev.builds", "{Power:power} builds {Units:units} in {Space}."),
		p("his.ev.moves_end", "{Power:power} moves {Units:units} from {From} to {To}."),
		p("his.ev.moves", "{Power:power} moves {Units:units} from {From} to {To}"),
		p("his.ev.sails", "{Power:power} sails {Units:units} from {From} to {To}."),
		// Interception, avoiding battle, withdrawal.
		p("his.ev.may_intercept", "{Power:power} may try to intercept {Mover:power}'s move into {Space}."),
		p("his.ev.tries_intercept_end", "{Power:power} tries to intercept from {From} into {To}: {Roll}."),
		p("his.ev.tries_intercept", "{Power:power} tries to intercept from {From} into {To}: {Roll}"),
		p("his.ev.no_intercept_end", "{Power:power} does not intercept."),
		p("his.ev.no_intercept", "{Power:power} does not intercept"),
		p("his.ev.intercept_fails_end", "The interception fails (9 needed)."),
		p("his.ev.intercept_fails", "The interception fails (9 needed)"),
		p("his.ev.intercept_succeeds_end", "The interception succeeds."),
		p("his.ev.intercept_succeeds", "The interception succeeds: {Units:units} stand in {Space}"),
		p("his.ev.tries_avoid_sea", "{Power:power} tries to avoid battle from {From} to {To}: {Roll}."),
		p("his.ev.tries_avoid", "{Power:power} tries to avoid battle into {Space}: {Roll}"),
		p("his.ev.attempt_succeeds_end", "The attempt succeeds."),
		p("his.ev.attempt_fails_end", "The attempt fails (9 needed)."),
		p("his.ev.attempt_fails", "The attempt fails (9 needed)"),
		p("his.ev.stands_fight", "{Power:power} stands to fight in {Space}"),
		p("his.ev.stands_field", "{Power:power} stands in the field at {Space}"),
		p("his.ev.withdraw_n", "{N:int} units withdraw into the fortifications of {Space}"),
		p("his.ev.withdraw_one", "1 unit withdraws into the fortifications of {Space}"),
		p("his.ev.withdraw_power_n", "{N:int} {Power:power} units withdraw into the fortifications of {Space}"),
		p("his.ev.withdraw_power_one", "1 {Power:power} unit withdraws into the fortifications of {Space}"),
		// Battles and sieges.
		p("his.ev.roll", "{Roll:roll}"),
		p("his.ev.naval_battle", "Naval battle in {Zone}: {Roll:roll}. {Winner:power} wins."),
		p("his.ev.naval_battle_tie", "Naval battle in {Zone}: {Roll:roll}. Equal hits: both sides retreat (HIS-9.6h)."),
		p("his.ev.ships_retreat", "{Power:power} ships retreat from {From} to {To}."),
		p("his.ev.assaults", "{Power:power} assaults {Space}: {Units:units}."),
		p("his.ev.takes", "{Power:power} takes {Space}"),
		p("his.ev.no_clear_path", "{Power:power} {Units:units} in {Space} have no clear path to {To} and lose {Lost:units} (HIS-19.3e)."),
		p("his.ev.battle", "Battle of {Space}: {Roll:roll}."),
		p("his.ev.assault", "Assault on {Space}: {Roll:roll}."),
		p("his.ev.defender_wins", "The defender wins the battle of {Space}"),
		p("his.ev.wins_battle", "{Power:power} wins the battle of {Space}"),
		p("his.ev.defender_loses", "The defender loses {Units:units}"),
		p("his.ev.garrison_loses", "The garrison loses {Units:units}"),
		p("his.ev.loses_end", "{Power:power} loses {Units:units}."),
		p("his.ev.loses", "{Power:power} loses {Units:units}"),
		p("his.ev.assault_fails", "The assault on {Space} fails"),
		p("his.ev.siege_broken_n", "The siege of {Space} is broken ({Out:int} besiegers, {In:int} inside)"),
		p("his.ev.siege_broken", "The siege of {Space} is broken"),
		p("his.ev.no_outnumber_move", "{Power:power} does not outnumber the garrison of {Space}: it must move on or fall back to {From}"),
		p("his.ev.no_outnumber_leave", "{Power:power} does not outnumber the garrison of {Space} and must leave"),
		// Winter.
		p("his.ev.adds_regular", "{Power:power} adds a regular in {Space} (HIS-19.5)."),
		p("his.ev.naval_return", "{Power:power} naval units return from the {Zone} to {Port}."),
		p("his.ev.units_return", "{Power:power} {Units:units} return from {From} to {To}."),
		p("his.ev.unit_returns", "{Power:power} {Units:units} returns from {From} to {To}."),
		p("his.ev.winter_card", "{Card} occurs in winter (HIS-19.8); its effects arrive with the card events."),
		// Lines whose subject is a list of units or a name: last, after
		// the sentences they could swallow.
		p("his.ev.withdraw", "{Units:units} withdraw into the fortifications of {Space}"),
		p("his.ev.fall_back", "{Units:units} fall back to {Space}"),
		p("his.ev.avoid_into", "{Units:units} avoid battle into {Space}"),
		p("his.ev.retreat", "{Units:units} retreat to {Space}"),
		p("his.ev.no_retreat", "{Units:units} in {Space} have no legal retreat and are eliminated"),
		p("his.ev.under_siege", "{Space} is under siege"),
		p("his.ev.returns", "{Leader} returns to {Space}."),
	}

	// Unknown and ambiguous names, as the orders package words them.
	whyPatterns = append(orders.NameReasons("his", convWhat),
		p("his.why.nothing_after_pass", `nothing may follow "pass": the impulse ends there`),
		p("his.why.play_first", `play a card first ("{Example}") or pass`),
		p("his.why.not_adjacent", "{To} is not adjacent to {From}; from {From2} a formation may move to {Spaces}"),
		p("his.why.protestant_war", "the Protestant takes no military action before the Schmalkaldic League (HIS-11.1d)"),
		p("his.why.peace_not_at_war", `{Power:power} is not at war with {Target:power}`),
		p("his.why.peace_protestant", `the Hapsburg and the Papacy never make peace with the Protestant (HIS-9.3b)`),
		p("his.why.peace_cannot_sue", `{Power:power} may sue {Target:power} for peace only while {Target2:power} holds one of its leaders or home spaces (HIS-9.3b)`),
		p("his.why.peace_syntax", `sue with "sue for peace with <power>", or write done`),
		p("his.why.done_alone", `"done" stands alone`),
		p("his.why.elim_syntax", `write "eliminate <n> <units> in <location>"`),
		p("his.why.pay_how", `say how it is paid: "for vp" or "for card" (HIS-9.3f-h)`),
		p("his.why.peace_pair", `a pair is two of your non-key home spaces {Power:power} controls (HIS-9.3h)`),
		p("his.why.peace_key", `only your home keys {Power:power} controls are regained one by one; other spaces go in pairs (HIS-9.3f, HIS-9.3h)`),
		p("his.why.peace_leader", `name one of your leaders {Power:power} holds captive (HIS-9.3g)`),
		p("his.why.peace_lines", `after the suit come "eliminate", "regain", "recover" and "send" lines (HIS-9.3d-h)`),
		p("his.why.not_debater", `"{Input}" is not a debater`),
		p("his.why.choose_one", "choose one of {List}"),
		p("his.why.input_write", `"{Input}": write {Form}`),
		p("his.why.write", "write {Form}"),
		p("his.why.term_form", `"{Input}": a term is {Terms}`),
		p("his.why.not_helpable", `"{Input}" is not a power the event can help: {List}`),
		p("his.why.card_not_in_hand", "card {N:int} is not in your hand"),
		p("his.why.peace_eliminate", `the loser eliminates {N:int} units of its choice: name them with "eliminate <n> <units> in <location>" (HIS-9.3e)`),
		p("his.why.peace_cards", `your hand holds {N:int} cards a draw may take, and {M:int} are owed`),
		p("his.why.peace_no_units", `{Power:power} has not {Units:units} in {Space}`),
		p("his.why.ransom_leader", `name one of your captured leaders, once`),
		p("his.why.ransom_syntax", `write "ransom <leader>" or done`),
		p("his.why.ransom_cards", `each ransom costs a card of your hand, and it holds {N:int}`),
		p("his.why.dow_peace", `{Power:power} made peace with {Target:power} in this Diplomacy Phase (HIS-9.6j)`),
		p("his.why.dow_peace_scotland", `{Power:power} made peace with France in this Diplomacy Phase: not Scotland (HIS-9.6j)`),
		p("his.why.dow_peace_venice", `{Power:power} made peace with the Papacy in this Diplomacy Phase: not Venice (HIS-9.6j)`),
		p("his.why.deal_syntax", `announce a deal with "propose: <terms>", or write done`),
		p("his.why.deal_other", `a deal involves another power`),
		p("his.why.deal_confirm", `confirm or reject the deal`),
		p("his.why.excom_syntax", `write "donate" (a card drawn at random for St. Peter's) or done`),
		p("his.why.deal_turn1", `in turn 1 England negotiates with France and the Hapsburg only (HIS-7c)`),
		p("his.why.dow_protestant", "the Protestant declares no war before the Schmalkaldic League (HIS-9.6i)"),
		p("his.why.dow_on_protestant", "no power declares war on the Protestant before the Schmalkaldic League (HIS-9.6i)"),
		p("his.why.dow_at_war", "{Power:power} is already at war with {Target:power}"),
		p("his.why.dow_ally", "{Power:power} may not declare war on its ally {Target:power} (HIS-9.6i)"),
		p("his.why.dow_hungary", "no power declares war on Hungary/Bohemia (HIS-9.6i)"),
		p("his.why.dow_minor_ally", "{Minor:power} is allied to {Power:power}: declare war on {Power2:power} instead (HIS-9.6i)"),
		p("his.why.dow_scotland", "{Power:power} may not declare war on Scotland (HIS-9.6i)"),
		p("his.why.dow_venice", "England may not declare war on Venice (HIS-9.6i)"),
		p("his.why.dow_pair", "{Power:power} may not declare war on {Target:power}"),
		p("his.why.dow_power", "war is declared on another major or minor power; independent keys need no declaration (HIS-9.6i)"),
		p("his.why.dow_whom", `on whom? write "declare war on <power>"`),
		p("his.why.dow_named_twice", "{Name} is named twice"),
		p("his.why.dow_mandatory", "{Card} is a Mandatory Event and cannot pay for a declaration of war (HIS-9.6a)"),
		p("his.why.dow_which_cards", "which cards? name them by number or name"),
		p("his.why.dow_done_alone", `"done" stands alone: it declares no war`),
		p("his.why.dow_one_pay", "one pay line names every card that pays"),
		p("his.why.dow_syntax", `declare war with "declare war on <power>" and pay with "pay <cards>", or write done`),
		p("his.why.dow_nothing_to_pay", "there is no declaration of war to pay for"),
		p("his.why.dow_pay_line", `the declarations cost {CP:int} CP: add a line "pay <cards>" with cards worth that much (HIS-9.6a)`),
		p("his.why.dow_short", "the cards give {Got:int} CP and the declarations cost {CP:int} CP (HIS-9.6a)"),
		p("his.why.intervene_cost", `an intervention costs {CP:int} CP: write "intervene pay <cards>"`),
		p("his.why.intervene_short", "the cards give {Got:int} CP and the intervention costs {CP:int} CP (HIS-9.6e-f)"),
		p("his.why.intervene_syntax", `write "intervene pay <cards>" or "no"`),
		p("his.why.one_answer", "one answer is expected here"),
		p("his.why.card_played", "a card was played this impulse: write done to end it"),
		p("his.why.diplomacy_done", "the Diplomacy Phase has no orders yet: write done"),
		p("his.why.power_in", "{Power:power} in {Space}: {Why:why}"),
		p("his.why.only_none", "there are only no land units"),
		p("his.why.only_units", "there are only {Units:units}"),
		p("his.why.does_not_have", "{Power:power} does not have {Units:units} in {Space} (it has {Has:units})"),
		p("his.why.does_not_have_short", "{Power:power} does not have {Units:units} in {Space}"),
		p("his.why.units_besieged", "{Power:power} units in {Space} are under siege and may not move"),
		p("his.why.leader_besieged", "{Leader} is under siege in {Space} and may not move"),
		p("his.why.siege_began", "the siege of {Space} began this impulse: its besiegers may not move until the next impulse"),
		p("his.why.neither_war_nor_ally", "{Space} is controlled by {Controller:power}, which is neither at war nor allied with {Power:power}"),
		p("his.why.not_in_play", "{Space} is not in play"),
		p("his.why.already_played", "{Card} was already played this impulse (one card per impulse, HIS-11a)"),
		p("his.why.may_not_pass", "{Power:power} may not pass: {Why:pass} (HIS-11f)"),
		p("his.why.not_action", `"{Verb}" is not an action of the Action Phase`),
		p("his.why.mandatory", "{Card} is a Mandatory Event: it is played as its event and then gives 2 CP (HIS-6.1d)"),
		p("his.why.cp_only", "{Card} can be played for its {CP:int} CP only: its event is not yet available"),
		p("his.why.may_not_action", "{Power:power} may not {Action} (HIS-11.1c)"),
		p("his.why.not_home", "{Space} is not a {Power:power} home space (HIS-17.1a)"),
		p("his.why.fortified", "{Space} is fortified: it is taken by siege, not by this action"),
		p("his.why.not_enemy", "{Space} is controlled by {Controller:power}, which is not an enemy"),
		p("his.why.unknown_order", `unknown order "{Verb}"; orders are {Orders}`),
		p("his.why.enemy_land_units", "enemy land units are in {Space}"),
		p("his.why.no_loc", "{Power:power} has no line of communication to {Space}"),
		p("his.why.enemy_adjacent", "enemy land units are adjacent to {Space} ({Adjacent})"),
		p("his.why.no_friendly_near", "no friendly land units in or adjacent to {Space} (passes do not count)"),
		p("his.why.not_friendly", "{Space} is not under friendly control"),
		p("his.why.enemy_units", "enemy units are in {Space}"),
		p("his.why.formation_named", "{N:int} land units are too many for one formation: at most {Max:int} without a leader; name the leaders who go with them (\"... with {Leader}\")"),
		p("his.why.formation_no_leader", "{N:int} land units are too many for one formation: at most {Max:int} without a leader"),
		p("his.why.formation_leaders", "{N:int} land units are too many for one formation: at most {Max:int} with these leaders"),
		p("his.why.unrest", "{Space} is in unrest (HIS-17a)"),
		p("his.why.not_port", "{Space} is not a port"),
		p("his.why.besieged_build", "{Space} is under siege (HIS-17.2a)"),
		p("his.why.no_counter", "no {Unit} counter is left for {Space} (HIS-17a)"),
		p("his.why.deployment", `answer with a deployment or "no deployment"`),
		p("his.why.takes_nothing", `"{Word}" takes nothing after it`),
		p("his.why.build_what", `build what? "{Input}" is not regular, mercenary, cavalry, squadron or corsair`),
		p("his.why.not_answer_kind", "not an answer to this decision ({Kind})"),
		p("his.why.not_answer", "not an answer to this decision"),
		p("his.why.card_is", `card {N:int} is {Card}, not "{Input}"`),
		p("his.why.costs", "{Action:action} costs {Cost:int} CP, with {Left:int} CP left"),
		p("his.why.play_for", `play a card "for cp" or "for event"`),
		p("his.why.theses_first", "the Protestant opens the game with Luther's 95 Theses"),
		p("his.why.split_counters", "{Power:power}'s counters cannot show {N:int} units split off its units in {Space} (HIS-5.2a)"),
		p("his.why.costs_n", "{Units:units} cost {Cost:int} CP, with {Left:int} CP left"),
		p("his.why.not_owed", "{Power:power} owes no decision now; the game waits for {Powers:units}"),
		p("his.why.seat_not_owed", "{A:power} and {B:power} owe no decision now; the game waits for {Powers:units}"),
		p("his.why.seat_not_yours", "{Power:power} is not yours: this seat plays {A:power} and {B:power}"),
		p("his.why.no_answer", "no answer given"),
		p("his.why.answer_retreat", `answer with "retreat to <space>", "withdraw", or both`),
		p("his.why.answer_losses", `answer with the units lost, e.g. "{Example}"`),
		p("his.why.answer_commit", "answer commit all, commit none or commit <number>"),
		p("his.why.answer_naval_avoid", "answer stand or avoid to <location>"),
	)
	rp, re, rw := religionPatterns(p)
	promptPatterns = append(promptPatterns, rp...)
	eventPatterns = append(re, eventPatterns...)
	whyPatterns = append(whyPatterns, rw...)
	np, ne, nw := newWorldPatterns(p)
	promptPatterns = append(promptPatterns, np...)
	eventPatterns = append(eventPatterns, ne...)
	whyPatterns = append(whyPatterns, nw...)
	he, hw := henryPatterns(p)
	eventPatterns = append(he, eventPatterns...)
	whyPatterns = append(whyPatterns, hw...)
	promptPatterns = append(promptPatterns, mandPrompts(p)...)
	me, mw := mandPatterns(p)
	eventPatterns = append(eventPatterns, me...)
	whyPatterns = append(whyPatterns, mw...)
	pp, pe, pw := piracyPatterns(p)
	promptPatterns = append(promptPatterns, pp...)
	eventPatterns = append(pe, eventPatterns...)
	whyPatterns = append(whyPatterns, pw...)
	fp, fe, fw := foreignPatterns(p)
	promptPatterns = append(promptPatterns, fp...)
	eventPatterns = append(fe, eventPatterns...)
	whyPatterns = append(whyPatterns, fw...)
	ep, ee, ew := evrelPatterns(p)
	promptPatterns = append(promptPatterns, ep...)
	eventPatterns = append(eventPatterns, ee...)
	whyPatterns = append(whyPatterns, ew...)
	cp, ce, cw := combatPatterns(p)
	promptPatterns = append(promptPatterns, cp...)
	eventPatterns = append(ce, eventPatterns...)
	whyPatterns = append(whyPatterns, cw...)
	rsp, rse, rsw := respondPatterns(p)
	promptPatterns = append(promptPatterns, rsp...)
	eventPatterns = append(rse, eventPatterns...)
	whyPatterns = append(whyPatterns, rsw...)
	oe, ow := morePatterns(p)
	promptPatterns = append(promptPatterns, morePrompts(p)...)
	eventPatterns = append(eventPatterns, oe...)
	whyPatterns = append(whyPatterns, ow...)
	lae, law := lastPatterns(p)
	promptPatterns = append(promptPatterns, lastPrompts(p)...)
	eventPatterns = append(eventPatterns, lae...)
	whyPatterns = append(whyPatterns, law...)
	le, lw := polPatterns(p)
	promptPatterns = append(promptPatterns, polPrompts(p)...)
	eventPatterns = append(eventPatterns, le...)
	whyPatterns = append(whyPatterns, lw...)
}

// promptMsg reads a prompt's English text (as powerPrompt writes it).
func promptMsg(text string) (msg.M, bool) {
	i18nOnce.Do(i18nInit)
	return promptPatterns.Match(text)
}

var _ adjudicator.Narrator = (*St)(nil)

// NarrationMsg implements adjudicator.Narrator: one line of an
// event's English text read back into a message of the catalogue, or
// false for a line told in English only. The engine never calls it
// while the game is played.
func (s *St) NarrationMsg(line string) (msg.M, bool) {
	i18nOnce.Do(i18nInit)
	if m, ok := eventPatterns.Match(line); ok {
		return m, true
	}
	// A line of the log ends its sentence (run.log); the pattern may not.
	if t, ok := strings.CutSuffix(line, "."); ok {
		if m, ok := eventPatterns.Match(t); ok {
			return msg.New("his.w.sentence", "S", m), true
		}
	}
	// The game's result alone (Status().Result), for the game-over lines.
	return resultPattern.Match(line)
}

// reasonMsg reads a rejection's reason: the quoted line and the English
// reason after it, as problem writes them, or a reason alone.
func reasonMsg(lineText, reason string) (msg.M, bool) {
	i18nOnce.Do(i18nInit)
	if q := strconv.Quote(lineText) + ": "; lineText != "" && strings.HasPrefix(reason, q) {
		why, ok := whyPatterns.Match(reason[len(q):])
		if !ok {
			return msg.M{}, false
		}
		return msg.New("his.why.line", "Line", q[:len(q)-2], "Why", why), true
	}
	return whyPatterns.Match(reason)
}

// explain gives every problem of rej that has no message one read from
// its reason, when the reason is one of the commonest. Only refused
// submissions pay for it.
func explain(rej *adjudicator.Rejection) *adjudicator.Rejection {
	for i := range rej.Problems {
		p := &rej.Problems[i]
		if p.ReasonMsg != nil {
			continue
		}
		if m, ok := reasonMsg(p.Line.Text, p.Reason); ok {
			p.ReasonMsg = &m
		}
	}
	return rej
}
