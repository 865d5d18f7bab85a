package hereistand

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Seats. With six players every player holds one power and the seats are
// the powers' roles. With 3 to 5 players some players hold two powers
// (Seating): such a seat's role joins them with "+" in Impulse Order
// ("hapsburg+papacy"), and the seat has one secret, one report and one
// email. The turn machine works on powers; the methods in this file
// translate between a seat and its powers:
//
//   - Prompts name the seat that owes (and the power, in the text);
//   - View shows the hands of both powers of the seat;
//   - Apply routes each line to the power it concerns: a line may start
//     with the power's name and a colon ("papacy: pass"); a line without
//     one goes to the seat's power that owes a decision (to both when both
//     owe, as in the Diplomacy Phase), and standing orders ("auto
//     intercept") without one set both powers' orders;
//   - Default and RandomSubmission give the lines of every power of the
//     seat that owes, prefixed when both owe.

// seatTable lists the seats for 3 to 6 players, as powers in Impulse
// Order; seatOfPower maps a power to its seat's index.
var (
	seatTable   [7][][]int
	seatOfPower [7][NMajor]int
)

func init() {
	for n := 3; n <= 6; n++ {
		seats, err := Seating(n)
		if err != nil {
			panic(err)
		}
		for i, seat := range seats {
			var ps []int
			for _, r := range seat {
				p := powerOfRole(r)
				ps = append(ps, p)
				seatOfPower[n][p] = i
			}
			seatTable[n] = append(seatTable[n], ps)
		}
	}
}

// seatRole is the role of a seat holding powers ps.
func seatRole(ps []int) adjudicator.Role {
	var ids []string
	for _, p := range ps {
		ids = append(ids, powers[p].ID)
	}
	return adjudicator.Role(strings.Join(ids, "+"))
}

// SeatRoles returns the roles of the seats of a game of n players (3 to
// 6), in Impulse Order of their first powers.
func SeatRoles(n int) ([]adjudicator.Role, error) {
	if n < 3 || n > 6 {
		return nil, fmt.Errorf("here-i-stand is for 3 to 6 players, not %d", n)
	}
	var out []adjudicator.Role
	for _, ps := range seatTable[n] {
		out = append(out, seatRole(ps))
	}
	return out, nil
}

// InfoFor implements adjudicator.OptionInfo: with the "players" option
// the roles are the seats of that many players.
func (g Game) InfoFor(opts adjudicator.Options) (adjudicator.Info, error) {
	info := g.Info()
	v := opts.Get("players", "6")
	n, err := strconv.Atoi(v)
	if err != nil || n < 3 || n > 6 {
		return info, fmt.Errorf("here-i-stand: players must be 3 to 6, not %q", v)
	}
	roles, _ := SeatRoles(n)
	info.Roles = roles
	for i := range info.Scenarios {
		info.Scenarios[i].Roles = roles
	}
	return info, nil
}

// players is the number of players, 6 for a state that does not say.
func (s *St) players() int {
	if s.Players < 3 || s.Players > 6 {
		return 6
	}
	return s.Players
}

// seatPowers returns the powers a seat holds (nil for an unknown role).
func (s *St) seatPowers(role adjudicator.Role) []int {
	for _, ps := range seatTable[s.players()] {
		if seatRole(ps) == role {
			return ps
		}
	}
	return nil
}

// seatOf is the role of the seat holding power p.
func (s *St) seatOf(p int) adjudicator.Role {
	if p < 0 || p >= NMajor {
		return ""
	}
	n := s.players()
	return seatRole(seatTable[n][seatOfPower[n][p]])
}

// shared reports whether power p's seat holds another power too.
func (s *St) shared(p int) bool {
	n := s.players()
	return len(seatTable[n][seatOfPower[n][p]]) > 1
}

// seatPrompt turns power p's prompt into its seat's: the seat's role,
// the power named in the text, and the template's lines prefixed with
// the power when both powers of the seat owe.
func (s *St) seatPrompt(p int, pr *adjudicator.Prompt) {
	if !s.shared(p) {
		return
	}
	pr.Role = s.seatOf(p)
	pr.Text = powers[p].Name + ": " + pr.Text
	if s.seatOwing(pr.Role) > 1 {
		tpl := make([]string, len(pr.Template))
		for i, l := range pr.Template {
			tpl[i] = powers[p].ID + ": " + l
		}
		pr.Template = tpl
	}
}

// seatOwing counts the powers of a seat that owe a decision.
func (s *St) seatOwing(role adjudicator.Role) int {
	n := 0
	for _, p := range s.seatPowers(role) {
		if s.owes(p) {
			n++
		}
	}
	return n
}

// Owing implements adjudicator.Owing: the seats that owe a decision now,
// in the order of Prompts.
func (s *St) Owing() []adjudicator.Role {
	var out []adjudicator.Role
	for _, p := range s.owingPowers() {
		r := s.seatOf(p)
		if len(out) == 0 || !containsRole(out, r) {
			out = append(out, r)
		}
	}
	return out
}

func containsRole(list []adjudicator.Role, r adjudicator.Role) bool {
	for _, x := range list {
		if x == r {
			return true
		}
	}
	return false
}

// linePower reads a line's power prefix in English, Spanish or Italian
// ("papacy: pass", "Hapsburg: move ...", "habsburgo: ..."): the power and
// the rest of the line, or -1 and the line when it has none.
func linePower(text string) (int, string) {
	head, rest, ok := strings.Cut(text, ":")
	if !ok {
		return -1, text
	}
	h := strings.ToLower(strings.TrimSpace(head))
	for p := 0; p < NMajor; p++ {
		if h == powers[p].ID || h == strings.ToLower(powers[p].Name) || slices.Contains(powerAliases[p], h) {
			return p, strings.TrimSpace(rest)
		}
	}
	return -1, text
}

// seatPrefixes reads a line of a seat holding two powers that starts
// with one of them without the colon ("hapsburg play 35") as prefixed
// ("hapsburg: play 35").
func (s *St) seatPrefixes(sub adjudicator.Submission) adjudicator.Submission {
	ps := s.seatPowers(sub.Role)
	if len(ps) < 2 {
		return sub
	}
	var lines []adjudicator.Line
	for i, l := range sub.Lines {
		first, rest, ok := strings.Cut(strings.TrimSpace(l.Text), " ")
		if !ok || strings.HasSuffix(first, ":") {
			continue
		}
		if p, _ := linePower(first + ":"); p < 0 || !contains(ps, p) {
			continue
		}
		if rest = strings.TrimSpace(rest); rest == "" || rest[0] == ':' {
			continue
		}
		if lines == nil {
			lines = append([]adjudicator.Line(nil), sub.Lines...)
		}
		lines[i].Text = first + ": " + rest
	}
	if lines != nil {
		sub.Lines = lines
	}
	return sub
}

// isStandingLine reports whether a line is a standing order ("auto ...").
func isStandingLine(text string) bool {
	f := strings.Fields(strings.ToLower(text))
	return len(f) > 0 && (f[0] == "auto" || f[0] == "standing")
}

// Apply implements adjudicator.State: all the lines of one seat's
// submission or none of them. Each line goes to the power it concerns
// (see the top of this file); the powers' parts are applied in Impulse
// Order.
//
// Orders may be written with Spanish or Italian keywords (verbs.go).
// A refused submission's reasons carry their messages in every language
// (explain).
func (s *St) Apply(sub adjudicator.Submission, dice adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	next, res, err := s.apply(englishLines(s.seatPrefixes(sub)), dice)
	if rej, ok := err.(*adjudicator.Rejection); ok && rej != nil {
		// A refusal quotes the line as the player wrote it, not as it was
		// read (Spanish and Italian keywords, a prefix without its colon),
		// in the problem and at the head of its reason.
		for i := range rej.Problems {
			pr := &rej.Problems[i]
			for _, l := range sub.Lines {
				if pr.Line.No > 0 && l.No == pr.Line.No && l.Text != pr.Line.Text {
					if q := strconv.Quote(pr.Line.Text) + ": "; strings.HasPrefix(pr.Reason, q) && pr.ReasonMsg == nil {
						pr.Reason = strconv.Quote(l.Text) + ": " + pr.Reason[len(q):]
					}
					pr.Line.Text = l.Text
				}
			}
		}
		return nil, nil, explain(rej)
	}
	return next, res, err
}

func (s *St) apply(sub adjudicator.Submission, dice adjudicator.Dice) (adjudicator.State, *adjudicator.Result, error) {
	ps := s.seatPowers(sub.Role)
	if ps == nil {
		roles, _ := SeatRoles(s.players())
		var names []string
		for _, r := range roles {
			names = append(names, string(r))
		}
		return nil, nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{
			Reason: fmt.Sprintf("%q is not a seat of this game (seats: %s)", sub.Role, strings.Join(names, ", "))}}}
	}
	if len(ps) == 1 {
		next, res, err := s.applyPower(adjudicator.Submission{Role: roleOf(ps[0]), Lines: sub.Lines}, dice)
		if err != nil {
			return nil, nil, err
		}
		next.seatEvents(res.Events)
		return next, res, nil
	}
	var owing []int
	for _, p := range ps {
		if s.owes(p) {
			owing = append(owing, p)
		}
	}
	parts := make(map[int][]adjudicator.Line, len(ps))
	for _, l := range sub.Lines {
		p, text := linePower(l.Text)
		l.Text = text
		switch {
		case p >= 0 && !contains(ps, p):
			return nil, nil, reject(l, fmt.Errorf("%s is not yours: this seat plays %s and %s",
				powers[p].Name, powers[ps[0]].Name, powers[ps[1]].Name))
		case p >= 0:
			parts[p] = append(parts[p], l)
		case strings.TrimSpace(text) == "":
		case isStandingLine(text) && len(owing) < len(ps):
			// Standing orders without a power set both powers' orders.
			for _, q := range ps {
				parts[q] = append(parts[q], l)
			}
		case len(owing) == 0:
			return nil, nil, s.notOwed(l, ps)
		default:
			for _, q := range owing {
				parts[q] = append(parts[q], l)
			}
		}
	}
	cur := s
	res := &adjudicator.Result{}
	applied := false
	for _, p := range ps {
		lines, ok := parts[p]
		if !ok {
			continue
		}
		if !cur.owes(p) {
			// A power named by a prefix that owes nothing, even after its
			// seat-mate's lines: the refusal quotes its first order.
			for _, l := range lines {
				if !isStandingLine(l.Text) && strings.TrimSpace(l.Text) != "" {
					l.Text = powers[p].ID + ": " + l.Text // as written, prefix and all
					return nil, nil, reject(l, fmt.Errorf("%s owes no decision now; the game waits for %s", powers[p].Name, cur.waitingFor()))
				}
			}
		}
		next, r, err := cur.applyPower(adjudicator.Submission{Role: roleOf(p), Lines: lines}, dice)
		if err != nil {
			return nil, nil, err
		}
		for _, c := range r.Canonical {
			res.Canonical = append(res.Canonical, powers[p].ID+": "+c)
		}
		res.Events = append(res.Events, r.Events...)
		cur, applied = next, true
	}
	if !applied {
		return nil, nil, &adjudicator.Rejection{Problems: []adjudicator.Problem{{Reason: "no orders given"}}}
	}
	cur.seatEvents(res.Events)
	return cur, res, nil
}

// notOwed rejects a line of a seat that owes nothing now.
func (s *St) notOwed(l adjudicator.Line, ps []int) *adjudicator.Rejection {
	return reject(l, fmt.Errorf("%s and %s owe no decision now; the game waits for %s",
		powers[ps[0]].Name, powers[ps[1]].Name, s.waitingFor()))
}

// waitingFor names the powers that owe a decision: "France, Papacy".
func (s *St) waitingFor() string {
	var who []string
	for _, q := range s.owingPowers() {
		who = append(who, powers[q].Name)
	}
	return strings.Join(who, ", ")
}

// seatEvents readdresses events meant for powers to their seats.
func (s *St) seatEvents(evs []adjudicator.Event) {
	if s.players() == 6 {
		return
	}
	for i := range evs {
		if evs[i].To == nil {
			continue
		}
		var to []adjudicator.Role
		for _, r := range evs[i].To {
			seat := r
			if p := powerOfRole(r); p >= 0 {
				seat = s.seatOf(p)
			}
			if !containsRole(to, seat) {
				to = append(to, seat)
			}
		}
		evs[i].To = to
	}
}

// seatLines gathers the lines of every power of a seat that owes, each
// from line(power role); they are prefixed with the power when both owe.
func (s *St) seatLines(role adjudicator.Role, line func(adjudicator.Role) *adjudicator.Submission) *adjudicator.Submission {
	ps := s.seatPowers(role)
	var owing []int
	for _, p := range ps {
		if s.owes(p) {
			owing = append(owing, p)
		}
	}
	if len(owing) == 0 {
		return nil
	}
	sub := &adjudicator.Submission{Role: role}
	for _, p := range owing {
		part := line(roleOf(p))
		if part == nil {
			continue
		}
		for _, l := range part.Lines {
			if len(owing) > 1 {
				l.Text = powers[p].ID + ": " + l.Text
			}
			l.No = len(sub.Lines) + 1
			sub.Lines = append(sub.Lines, l)
		}
	}
	if len(sub.Lines) == 0 {
		return nil
	}
	return sub
}

// Default implements adjudicator.State: the safe answer of every power
// of the seat that owes.
func (s *St) Default(role adjudicator.Role) *adjudicator.Submission {
	return s.seatLines(role, s.defaultPower)
}

// RandomSubmission implements adjudicator.Player: random legal orders of
// every power of the seat that owes.
func (s *St) RandomSubmission(role adjudicator.Role, pick func(n int) int) *adjudicator.Submission {
	return s.seatLines(role, func(r adjudicator.Role) *adjudicator.Submission { return s.randomPower(r, pick) })
}

// seatHands is the powers whose hands role may see: its seat's, or all
// for the GM.
func (s *St) seatHands(role adjudicator.Role) []int {
	if role == adjudicator.GM {
		return []int{0, 1, 2, 3, 4, 5}
	}
	return s.seatPowers(role)
}
