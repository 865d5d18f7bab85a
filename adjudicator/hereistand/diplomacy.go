package hereistand

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// The Diplomacy Phase (HIS-9). From turn 2 on, its declarations of war
// segment (HIS-9.6) is played by email: each power in Impulse Order that
// has a power it may declare war on writes its declarations and the cards
// that pay for them in one message ("declare war on france", "pay 12,
// 34"), or "done". A declaration on Scotland lets France intervene, one on
// Venice lets the Papacy intervene (HIS-9.6e-f); that power is asked
// before the next declarer. New wars that leave enemy fleets in one sea
// zone fight there at once (HIS-9.6h). Turn 1 keeps its reduced phase
// (HIS-7c). Negotiations, peace, ransom and excommunication come later.

// dowCosts are the CP costs of the Diplomatic Status display for a
// declaration of war between two major powers (HIS-9.6c), by the pair in
// Impulse Order. The seed prints no number; these are the published
// display's (docs/rulings/here-i-stand-diplomacy.md). Pairs with the
// Protestant are absent: it is at war only through the Schmalkaldic
// League.
var dowCosts = map[[2]int]int{
	{Ottoman, Hapsburg}: 4, {Ottoman, England}: 6, {Ottoman, France}: 5, {Ottoman, Papacy}: 5,
	{Hapsburg, England}: 3, {Hapsburg, France}: 3, {Hapsburg, Papacy}: 2,
	{England, France}: 2, {England, Papacy}: 4, {France, Papacy}: 3,
}

// InterventionCP is the cost of an intervention (HIS-9.6e-f).
const InterventionCP = 2

// DOWCost is the CP cost of a declaration of war by p on q: the display's
// number for a major power, 1 for a minor one (HIS-9.6c-d); 0 when the
// pair has no cost.
func DOWCost(p, q int) int {
	if isMinor(q) {
		return 1
	}
	a, b := min(p, q), max(p, q)
	return dowCosts[[2]int{a, b}]
}

// intervener is the major power that may intervene when war is declared
// on minor power m (HIS-9.6e-f), or NoPower.
func intervener(m int) int {
	switch m {
	case Scotland:
		return France
	case Venice:
		return Papacy
	}
	return NoPower
}

// Intervention is an intervention owed in the Diplomacy Phase: war was
// declared on Minor by Declarer.
type Intervention struct {
	Minor, Declarer int
}

// MayDeclare says whether power p may declare war on power q now
// (HIS-9.6i).
func (s *St) MayDeclare(p, q int) error {
	switch {
	case p < 0 || p >= NMajor:
		return fmt.Errorf("only a major power declares war")
	case q < 0 || q >= Independent || q == p:
		return fmt.Errorf("war is declared on another major or minor power; independent keys need no declaration (HIS-9.6i)")
	case p == Protestant && !s.League:
		return fmt.Errorf("the Protestant declares no war before the Schmalkaldic League (HIS-9.6i)")
	case q == Protestant && !s.League:
		return fmt.Errorf("no power declares war on the Protestant before the Schmalkaldic League (HIS-9.6i)")
	case s.AtWar(p, q):
		return fmt.Errorf("%s is already at war with %s", powers[p].Name, powers[q].Name)
	case s.Allied(p, q):
		return fmt.Errorf("%s may not declare war on its ally %s (HIS-9.6i)", powers[p].Name, powers[q].Name)
	case q == Hungary:
		return fmt.Errorf("no power declares war on Hungary/Bohemia (HIS-9.6i)")
	case isMinor(q) && s.minorAlly(q) != NoPower:
		return fmt.Errorf("%s is allied to %s: declare war on %s instead (HIS-9.6i)", powers[q].Name, powers[s.minorAlly(q)].Name, powers[s.minorAlly(q)].Name)
	case q == Scotland && (p == Ottoman || p == Papacy || p == Protestant):
		return fmt.Errorf("%s may not declare war on Scotland (HIS-9.6i)", powers[p].Name)
	case q == Venice && p == England:
		return fmt.Errorf("England may not declare war on Venice (HIS-9.6i)")
	case s.Phase == PhDiplomacy && s.madePeace(p, q):
		return fmt.Errorf("%s made peace with %s in this Diplomacy Phase (HIS-9.6j)", powers[p].Name, powers[q].Name)
	case q == Scotland && s.Phase == PhDiplomacy && s.madePeace(p, France):
		return fmt.Errorf("%s made peace with France in this Diplomacy Phase: not Scotland (HIS-9.6j)", powers[p].Name)
	case q == Venice && s.Phase == PhDiplomacy && s.madePeace(p, Papacy):
		return fmt.Errorf("%s made peace with the Papacy in this Diplomacy Phase: not Venice (HIS-9.6j)", powers[p].Name)
	case DOWCost(p, q) == 0:
		return fmt.Errorf("%s may not declare war on %s", powers[p].Name, powers[q].Name)
	}
	return nil
}

// declareTargets are the powers p may declare war on, in power order.
func (s *St) declareTargets(p int) []int {
	var out []int
	for q := 0; q < Independent; q++ {
		if s.MayDeclare(p, q) == nil {
			out = append(out, q)
		}
	}
	return out
}

// nextDeclarer is the first power after power p in Impulse Order that may
// declare war on somebody, or NoPower.
func (s *St) nextDeclarer(p int) int {
	for q := p + 1; q < NMajor; q++ {
		if len(s.declareTargets(q)) > 0 {
			return q
		}
	}
	return NoPower
}

// dowSegment reports whether the Diplomacy Phase is in its declarations
// of war segment (every turn but the first).
func (s *St) dowSegment() bool { return s.Phase == PhDiplomacy && s.Flow.Seg == SegDOW }

// startDeclarations opens the declarations of war segment with the first
// power in Impulse Order that may declare.
func (r *run) startDeclarations() {
	r.s.Flow.Waiting = 0
	if q := r.s.nextDeclarer(-1); q != NoPower {
		r.s.Flow.Waiting = 1 << q
	}
}

// powerAliases are the names of the powers in Spanish and Italian, and
// other common names, as matchPower reads them; matchPower reads the name of a power in English, Spanish or Italian.
var powerAliases = map[int][]string{
	Ottoman: {"ottomans", "turk", "turks", "otomano", "otomanos", "ottomano", "ottomani"}, Hapsburg: {"habsburg", "hapsburgs", "habsburgo", "asburgo"},
	England: {"english", "inglaterra", "inghilterra"}, France: {"french", "francia"}, Papacy: {"pope", "papado", "papato"},
	Protestant: {"protestants", "protestante", "protestantes", "protestanti"}, Genoa: {"génova", "genova"},
	Hungary: {"hungary/bohemia", "bohemia", "hungría", "hungria", "ungheria"}, Scotland: {"escocia", "scozia"}, Venice: {"venecia", "venezia"},
}

func matchPower(in string) (int, error) {
	var cands []orders.Name
	for q := 0; q < Independent; q++ {
		cands = append(cands, orders.Name{ID: strconv.Itoa(q), Aliases: append([]string{powers[q].Name, powers[q].ID}, powerAliases[q]...)})
	}
	id, err := orders.Match(in, "power", cands)
	if err != nil {
		return 0, err
	}
	q, _ := strconv.Atoi(id)
	return q, nil
}

// declareTarget reads "declare war on france" (also "declare war against
// france", "declare france") and returns the target.
func declareTarget(rest string) (int, error) {
	f := strings.Fields(rest)
	if len(f) > 0 && f[0] == "war" {
		f = f[1:]
	}
	if len(f) > 0 {
		switch f[0] {
		case "on", "against", "to", "upon", "al", "alla", "all'", "su", "sulla":
			f = f[1:]
		}
	}
	if len(f) == 0 {
		return 0, errLegal([]string{"declare war on <power>"}, `on whom? write "declare war on <power>"`)
	}
	name := strings.Join(f, " ")
	for _, pre := range []string{"all'", "dell'", "l'"} {
		name = strings.TrimPrefix(name, pre) // "dichiara guerra all'Inghilterra"
	}
	return matchPower(name)
}

// payCards reads "pay 12, 34" (numbers or names) from power p's hand: the
// cards, distinct, none a Mandatory Event (HIS-9.6a).
func (s *St) payCards(p int, rest string) ([]int, error) {
	var out []int
	for _, item := range strings.FieldsFunc(rest, func(r rune) bool { return r == ',' || r == ';' }) {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		// "pay 12 34": several numbers separated by spaces.
		var parts []string
		ok := true
		for _, w := range strings.Fields(item) {
			if _, err := strconv.Atoi(strings.TrimPrefix(w, "#")); err != nil {
				ok = false
			}
			parts = append(parts, w)
		}
		if !ok {
			parts = []string{item}
		}
		for _, x := range parts {
			n, err := matchCard(x, s.Hands[p])
			if err != nil {
				return nil, err
			}
			if contains(out, n) {
				return nil, fmt.Errorf("%s is named twice", cardName(n))
			}
			if cards[n].Type == CardMandatory {
				return nil, fmt.Errorf("%s is a Mandatory Event and cannot pay for a declaration of war (HIS-9.6a)", cardName(n))
			}
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("which cards? name them by number or name")
	}
	return out, nil
}

// cardsCP is the CP total of cards.
func cardsCP(cs []int) int {
	t := 0
	for _, n := range cs {
		t += cards[n].CP
	}
	return t
}

// payable is the CP total of power p's cards that may pay for
// declarations of war.
func (s *St) payable(p int) int {
	t := 0
	for _, c := range s.Hands[p] {
		if cards[c].Type != CardMandatory {
			t += cards[c].CP
		}
	}
	return t
}

// payWith spends cards of power p for a declaration of war or an
// intervention, as if played for CP (HIS-9.6a).
func (r *run) payWith(p int, cs []int, cost int, what string) {
	s := r.s
	var names []string
	for _, n := range cs {
		s.takeFromHand(p, n)
		if cards[n].Type == CardHome {
			s.OnCard.set(n) // HIS-6.1c
		} else {
			s.discard(n)
		}
		names = append(names, cardName(n))
	}
	r.say("%s pays %d CP for %s with %s.", powers[p].Name, cost, what, strings.Join(names, ", "))
}

// cardsLegal are the pay lines of single cards power p may write.
func cardsLegal(s *St, p int) []string {
	var out []string
	for _, c := range s.Hands[p] {
		if cards[c].Type != CardMandatory {
			out = append(out, fmt.Sprintf("pay %d", c))
		}
	}
	return out
}

// declarationsAnswer reads power p's declarations of war (HIS-9.6b-d):
// "declare war on <power>" lines and one "pay <cards>" line, or "done".
func (r *run) declarationsAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	var targets []int
	var pay []int
	var payLine adjudicator.Line
	for _, l := range lines {
		v, rest := verbOf(strings.ToLower(englishLine(l.Text)))
		switch v {
		case "done", "pass", "no", "end":
			if len(lines) > 1 {
				return nil, reject(l, errLegal([]string{"done"}, `"done" stands alone: it declares no war`))
			}
			continue
		case "declare", "war":
			if v == "war" {
				rest = "war " + rest
			}
			q, err := declareTarget(rest)
			if err == nil {
				err = s.MayDeclare(p, q)
			}
			if err == nil && contains(targets, q) {
				err = fmt.Errorf("%s is named twice", powers[q].Name)
			}
			if err != nil {
				return nil, reject(l, errLegal(s.declareChoices(p), "%v", err))
			}
			targets = append(targets, q)
		case "pay":
			if pay != nil {
				return nil, reject(l, errLegal(nil, "one pay line names every card that pays"))
			}
			cs, err := s.payCards(p, rest)
			if err != nil {
				return nil, reject(l, errLegal(cardsLegal(s, p), "%v", err))
			}
			pay, payLine = cs, l
		default:
			return nil, reject(l, errLegal(s.declareChoices(p), `declare war with "declare war on <power>" and pay with "pay <cards>", or write done`))
		}
	}
	cost := 0
	for _, q := range targets {
		cost += s.dowCost(p, q)
	}
	switch {
	case len(targets) == 0 && pay != nil:
		return nil, reject(payLine, errLegal([]string{"done"}, "there is no declaration of war to pay for"))
	case len(targets) > 0 && pay == nil:
		return nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Line: lines[len(lines)-1],
			Reason: fmt.Sprintf("the declarations cost %d CP: add a line \"pay <cards>\" with cards worth that much (HIS-9.6a)", cost),
			Legal:  cardsLegal(s, p)}}}
	case cardsCP(pay) < cost:
		return nil, reject(payLine, errLegal(cardsLegal(s, p), "the cards give %d CP and the declarations cost %d CP (HIS-9.6a)", cardsCP(pay), cost))
	}
	s.Flow.Waiting = 0
	if len(targets) == 0 {
		r.say("%s declares no war.", powers[p].Name)
		r.nextAfter(p)
		return []string{"done"}, nil
	}
	var canon []string
	for _, q := range targets {
		s.setWar(p, q, true)
		r.say("%s declares war on %s (%d CP, HIS-9.6).", powers[p].Name, powers[q].Name, s.dowCost(p, q))
		r.aragonUsed(p, q) // HIS-21.3f
		canon = append(canon, "declare war on "+powers[q].ID)
		r.warNavalBattles(p, q)
		if i := intervener(q); i != NoPower && i != p && s.MayActivate(q, i) == nil && !s.Allied(i, p) {
			s.Flow.Interv = append(s.Flow.Interv, Intervention{Minor: q, Declarer: p})
		}
	}
	r.payWith(p, pay, cost, "its declarations of war")
	var nums []string
	for _, n := range pay {
		nums = append(nums, strconv.Itoa(n))
	}
	canon = append(canon, "pay "+strings.Join(nums, ", "))
	r.nextAfter(p)
	return canon, nil
}

// nextAfter hands the segment on after power p's declarations: to the
// interventions they opened, then to the next declarer.
func (r *run) nextAfter(p int) {
	s := r.s
	if len(s.Flow.FreeDOW) > 0 {
		s.Flow.Waiting = 1 << s.Flow.FreeDOW[0][0]
		r.say("%s may declare war on %s at no cost (HIS-22.2d).", powers[s.Flow.FreeDOW[0][0]].Name, powers[s.minorAlly(s.Flow.FreeDOW[0][1])].Name)
		return
	}
	if len(s.Flow.Interv) > 0 {
		iv := s.Flow.Interv[0]
		s.Flow.Waiting = 1 << intervener(iv.Minor)
		r.say("%s may intervene for %s (HIS-9.6e-f).", powers[intervener(iv.Minor)].Name, powers[iv.Minor].Name)
		return
	}
	s.Flow.Waiting = 0
	if q := s.nextDeclarer(p); q != NoPower {
		s.Flow.Waiting = 1 << q
	}
}

// interventionAnswer: France for Scotland or the Papacy for Venice
// intervenes, paying 2 CP, or declines (HIS-9.6e-f).
func (r *run) interventionAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	iv := s.Flow.Interv[0]
	legal := s.interventionChoices(p)
	if len(lines) == 0 {
		lines = []adjudicator.Line{{Text: "no"}}
	}
	l := lines[0]
	if len(lines) > 1 {
		return nil, reject(lines[1], errLegal(legal, "one answer is expected here"))
	}
	v, rest := verbOf(strings.ToLower(englishLine(l.Text)))
	var canon string
	switch v {
	case "no", "decline", "done", "pass":
		r.say("%s does not intervene for %s.", powers[p].Name, powers[iv.Minor].Name)
		canon = "no"
	case "intervene":
		rest = strings.TrimSpace(rest)
		if x, ok := strings.CutPrefix(rest, "pay"); ok {
			rest = x
		} else if _, x, ok := strings.Cut(rest, " pay "); ok {
			rest = x
		} else {
			return nil, reject(l, errLegal(legal, "an intervention costs %d CP: write \"intervene pay <cards>\"", InterventionCP))
		}
		cs, err := s.payCards(p, rest)
		if err == nil && cardsCP(cs) < InterventionCP {
			err = fmt.Errorf("the cards give %d CP and the intervention costs %d CP (HIS-9.6e-f)", cardsCP(cs), InterventionCP)
		}
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		r.payWith(p, cs, InterventionCP, "its intervention")
		r.say("%s intervenes for %s (HIS-9.6e-f).", powers[p].Name, powers[iv.Minor].Name)
		before, allied := s.War, s.Ally
		var others []int
		for q := 0; q < NMajor; q++ {
			if q != p && q != iv.Declarer && s.AtWar(q, iv.Minor) && !s.AtWar(q, p) {
				others = append(others, q)
			}
		}
		log, err := s.ActivateMinor(iv.Minor, p)
		if err != nil {
			return nil, reject(l, errLegal(legal, "%v", err))
		}
		// HIS-22.2d: the other powers at war with the minor choose.
		for _, q := range others {
			s.setWar(q, p, false)
			if allied[q]&(1<<p) != 0 {
				s.setAlly(q, p, true)
			}
			s.Flow.FreeDOW = append(s.Flow.FreeDOW, [3]int{q, iv.Minor, iv.Declarer})
			skip := fmt.Sprintf("%s and %s are at war", powers[q].Name, powers[p].Name)
			for i, x := range log {
				if x == skip {
					log = append(log[:i:i], log[i+1:]...)
					break
				}
			}
		}
		r.log(log)
		for q := 0; q < NMajor; q++ {
			if s.AtWar(p, q) && before[p]&(1<<q) == 0 {
				r.warNavalBattles(q, p)
			}
		}
		var nums []string
		for _, n := range cs {
			nums = append(nums, strconv.Itoa(n))
		}
		canon = "intervene pay " + strings.Join(nums, ", ")
	default:
		return nil, reject(l, errLegal(legal, `write "intervene pay <cards>" or "no"`))
	}
	s.Flow.Interv = s.Flow.Interv[1:]
	if len(s.Flow.Interv) == 0 {
		s.Flow.Interv = nil
	}
	r.nextAfter(iv.Declarer)
	return []string{canon}, nil
}

// freeDOWAnswer: a power at war with a minor just activated declares war
// on its new major ally at no cost, or declines and its units leave the
// minor's spaces (HIS-22.2d).
func (r *run) freeDOWAnswer(p int, lines []adjudicator.Line) ([]string, *adjudicator.Rejection) {
	s := r.s
	x := s.Flow.FreeDOW[0]
	legal := s.freeDOWChoices()
	if len(lines) == 0 {
		lines = []adjudicator.Line{{Text: "no"}}
	}
	l, rej := one(lines, legal)
	if rej != nil {
		return nil, rej
	}
	canon, err := r.freeWar(p, s.minorAlly(x[1]), x[1], l.Text)
	if err != nil {
		return nil, reject(l, errLegal(legal, "%v", err))
	}
	s.Flow.FreeDOW = s.Flow.FreeDOW[1:]
	if len(s.Flow.FreeDOW) == 0 {
		s.Flow.FreeDOW = nil
	}
	r.nextAfter(x[2])
	return []string{canon}, nil
}

// freeWar carries out power p's answer to the free declaration of war on
// a, the new ally of minor m (HIS-22.2d): "declare war on <a>" at no
// cost, or "no" and p's units in the spaces m controls go to p's nearest
// fortified space. It returns the canonical answer.
func (r *run) freeWar(p, a, m int, text string) (string, error) {
	s := r.s
	v, _ := verbOf(strings.ToLower(englishLine(text)))
	switch v {
	case "declare", "war":
		if s.Allied(p, a) {
			return "", fmt.Errorf("%s may not declare war on its ally %s (HIS-9.6i)", powers[p].Name, powers[a].Name)
		}
		s.setWar(p, a, true)
		r.say("%s declares war on %s at no cost (HIS-22.2d).", powers[p].Name, powers[a].Name)
		r.warNavalBattles(p, a)
		return "declare war on " + powers[a].ID, nil
	case "no", "decline", "done", "pass":
		r.say("%s does not declare war on %s (HIS-22.2d).", powers[p].Name, powers[a].Name)
		for sp := 0; sp < NS; sp++ {
			if int(s.Ctrl[sp]) == m && !s.Units[sp][p].empty() {
				r.log(s.moveOut(p, sp))
			}
		}
		return "no", nil
	}
	return "", fmt.Errorf(`write "declare war on <power>" or "no"`)
}

func (s *St) freeDOWChoices() []string {
	x := s.Flow.FreeDOW[0]
	return s.freeWarChoices(x[0], s.minorAlly(x[1]))
}

// freeWarChoices are power p's answers to a free declaration of war on a.
func (s *St) freeWarChoices(p, a int) []string {
	if s.Allied(p, a) {
		return []string{"no"} // no war on an ally (HIS-9.6i)
	}
	return []string{"no", "declare war on " + powers[a].ID}
}

func (s *St) freeDOWText() string {
	x := s.Flow.FreeDOW[0]
	return freeWarText(x[1], s.minorAlly(x[1]))
}

// freeWarText is the prompt of a free declaration of war on a, the new
// ally of minor m (HIS-22.2d).
func freeWarText(m, a int) string {
	return fmt.Sprintf("%s is now an ally of %s. You are at war with %s: declare war on %s at no cost (HIS-22.2d), or write no and your units in its spaces go to your nearest fortified space.",
		powers[m].Name, powers[a].Name, powers[m].Name, powers[a].Name)
}

// warNavalBattles fights the naval battles a new war between p and q
// brings (HIS-9.6h): in every sea zone that holds ships of both sides,
// p attacking; on equal hits both sides retreat.
func (r *run) warNavalBattles(p, q int) {
	s := r.s
	if isMinor(q) && s.minorAlly(q) != NoPower {
		q = s.minorAlly(q)
	}
	for loc := NS; loc < NLoc; loc++ {
		if s.sideNaval(loc, p).Naval() > 0 && s.sideNaval(loc, q).Naval() > 0 {
			r.newWar = true
			r.navalCombat(loc, p, q)
			r.newWar = false
		}
	}
}

// declareChoices are the declarations power p may write now.
func (s *St) declareChoices(p int) []string {
	out := []string{"done"}
	for _, q := range s.declareTargets(p) {
		out = append(out, fmt.Sprintf("declare war on %s", powers[q].ID))
	}
	return out
}

// interventionChoices are the answers of an intervention.
func (s *St) interventionChoices(p int) []string {
	out := []string{"no"}
	if cs := cheapestPay(s, p, InterventionCP); cs != nil {
		out = append(out, "intervene pay "+joinInts(cs))
	}
	return out
}

func joinInts(xs []int) string {
	var out []string
	for _, x := range xs {
		out = append(out, strconv.Itoa(x))
	}
	return strings.Join(out, ", ")
}

// cheapestPay picks cards of power p worth at least cost CP: the single
// cheapest card that covers it, else the largest cards first. It returns
// nil when the hand cannot pay.
func cheapestPay(s *St, p, cost int) []int {
	var hand []int
	for _, c := range s.Hands[p] {
		if cards[c].Type != CardMandatory {
			hand = append(hand, int(c))
		}
	}
	sort.SliceStable(hand, func(i, j int) bool { return cards[hand[i]].CP < cards[hand[j]].CP })
	for _, c := range hand {
		if cards[c].CP >= cost {
			return []int{c}
		}
	}
	var out []int
	t := 0
	for i := len(hand) - 1; i >= 0 && t < cost; i-- {
		out = append(out, hand[i])
		t += cards[hand[i]].CP
	}
	if t < cost {
		return nil
	}
	return out
}

// declarationsText is the prompt of the declarations of war.
func (s *St) declarationsText(p int) string {
	var ts []string
	for _, q := range s.declareTargets(p) {
		ts = append(ts, fmt.Sprintf("%s %d", powers[q].Name, s.dowCost(p, q)))
	}
	return fmt.Sprintf("Declarations of war (HIS-9.6): declare war on one or more powers and pay the CP with cards from your hand, not Mandatory Events; or write done. Costs in CP: %s.", strings.Join(ts, ", "))
}

// interventionText is the prompt of an intervention.
func (s *St) interventionText(p int) string {
	iv := s.Flow.Interv[0]
	return fmt.Sprintf("%s declares war on %s. You may intervene for %d CP (HIS-9.6e-f): %s becomes your ally and you are at war with %s. Write \"intervene pay <cards>\" or no.",
		powers[iv.Declarer].Name, powers[iv.Minor].Name, InterventionCP, powers[iv.Minor].Name, powers[iv.Declarer].Name)
}

// randomDiplomacy is a random answer of power p in the declarations of
// war: now and then a war on a random power it may declare on, paid with
// the fewest cards; an intervention half the time when it can pay.
func (s *St) randomDiplomacy(p int, pick func(int) int) []string {
	if len(s.Flow.FreeDOW) > 0 {
		ch := s.freeDOWChoices()
		return []string{ch[pick(len(ch))]}
	}
	if len(s.Flow.Interv) > 0 {
		ch := s.interventionChoices(p)
		return []string{ch[pick(len(ch))]}
	}
	ts := s.declareTargets(p)
	if len(ts) == 0 || pick(4) != 0 {
		return []string{"done"}
	}
	q := ts[pick(len(ts))]
	cs := cheapestPay(s, p, s.dowCost(p, q))
	if cs == nil {
		return []string{"done"}
	}
	return []string{"declare war on " + powers[q].ID, "pay " + joinInts(cs)}
}
