package judge

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // deadlines in the players' zones, whatever the host has

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// Deadline policy: when a deadline falls (a duration, or a time of day in
// the game's zone, weekends skipped if the game says so), how absences
// move it, and how it is shown to each player (in his own zone).

// deadlineFormat is how a deadline is shown in mail.
const deadlineFormat = "Mon 2 Jan 15:04 MST"

// zone returns the location of an IANA zone name ("" is UTC).
func zone(name string) *time.Location {
	if name == "" {
		return time.UTC
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// parseZone checks a zone a player or GM typed and returns its canonical
// name. "UTC" and "GMT" are accepted.
func parseZone(s string) (string, error) {
	if strings.EqualFold(s, "utc") || strings.EqualFold(s, "gmt") {
		return "UTC", nil
	}
	if s == "" || strings.EqualFold(s, "local") || strings.ContainsAny(s, " .\\") {
		return "", msgErr("bad.zone", "Value", strconv.Quote(s))
	}
	loc, err := time.LoadLocation(s)
	if err != nil {
		return "", msgErr("bad.zone", "Value", strconv.Quote(s))
	}
	return loc.String(), nil
}

// parseClock reads a time of day "20:00" (or "8:30").
func parseClock(s string) (h, m int, err error) {
	hs, ms, ok := strings.Cut(s, ":")
	h, err1 := strconv.Atoi(hs)
	m, err2 := strconv.Atoi(ms)
	if !ok || err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 || len(ms) != 2 {
		return 0, 0, msgErr("bad.clock", "Value", strconv.Quote(s))
	}
	return h, m, nil
}

// seatZone is the zone deadlines are shown in to p: his own, else the
// game's.
func seatZone(g *store.Game, p *store.Player) string {
	if p != nil && p.TZ != "" {
		return p.TZ
	}
	return g.Policy.TZ
}

// showTime formats t for seat p of g, in p's zone and language.
func showTime(g *store.Game, p *store.Player, t time.Time) string {
	return formatTime(t.In(zone(seatZone(g, p))), seatLang(p))
}

// dateWords is the platform's catalogue, for the names of days and
// months ("date.wd.N", "date.mon.N").
var dateWords = sync.OnceValues(i18n.New)

// formatTime writes t as deadlineFormat does ("Mon 2 Jan 15:04 MST"),
// with the day and month named in lang.
func formatTime(t time.Time, lang string) string {
	if lang == "" || lang == i18n.Default {
		return t.Format(deadlineFormat)
	}
	c, err := dateWords()
	if err != nil {
		return t.Format(deadlineFormat)
	}
	return c.T(lang, "date.wd."+strconv.Itoa(int(t.Weekday()))) + " " + strconv.Itoa(t.Day()) + " " +
		c.T(lang, "date.mon."+strconv.Itoa(int(t.Month()))) + " " + t.Format("15:04 MST")
}

// formatDate writes t with its year ("Mon 2 Jan 2006 15:04 MST"), the
// day and month named in lang, for dates that may lie in another year.
func formatDate(t time.Time, lang string) string {
	const layout = "Mon 2 Jan 2006 15:04 MST"
	if lang == "" || lang == i18n.Default {
		return t.Format(layout)
	}
	c, err := dateWords()
	if err != nil {
		return t.Format(layout)
	}
	return c.T(lang, "date.wd."+strconv.Itoa(int(t.Weekday()))) + " " + strconv.Itoa(t.Day()) + " " +
		c.T(lang, "date.mon."+strconv.Itoa(int(t.Month()))) + " " + t.Format("2006 15:04 MST")
}

// showTimeTo formats t for the seat registered at address addr (the GM's
// or a player's), in that seat's zone.
func showTimeTo(g *store.Game, addr string, t time.Time) string {
	for i := range g.Players {
		if g.Players[i].Email == addr {
			return showTime(g, &g.Players[i], t)
		}
	}
	return showTime(g, nil, t)
}

func weekend(t time.Time) bool {
	return t.Weekday() == time.Saturday || t.Weekday() == time.Sunday
}

// midnight is the start of t's day, k days later, in t's zone.
func midnight(t time.Time, k int) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day()+k, 0, 0, 0, 0, t.Location())
}

// BaseDeadline is when a decision owed from now falls due under the
// game's policy, d being the time the game allows for it: now plus d
// (with Saturdays and Sundays not counted when the game skips
// weekends), then moved forward to the game's time of day if it has one,
// never onto a weekend it skips. Absences are applied after it
// (shiftForAbsences). Every deadline of a game is computed here.
func BaseDeadline(p store.Policy, d time.Duration, now time.Time) time.Time {
	loc := zone(p.TZ)
	t := now.In(loc)
	if p.WeekendsOff {
		for d > 0 || weekend(t) {
			if weekend(t) {
				// Monday 00:00.
				k := 1
				if t.Weekday() == time.Saturday {
					k = 2
				}
				t = midnight(t, k)
				continue
			}
			sat := midnight(t, int(time.Saturday-t.Weekday()))
			step := min(d, sat.Sub(t))
			t = t.Add(step)
			d -= step
		}
	} else {
		t = t.Add(d)
	}
	if p.At != "" {
		if h, m, err := parseClock(p.At); err == nil {
			c := time.Date(t.Year(), t.Month(), t.Day(), h, m, 0, 0, loc)
			for k := 1; c.Before(t) || (p.WeekendsOff && weekend(c)); k++ {
				c = time.Date(t.Year(), t.Month(), t.Day()+k, h, m, 0, 0, loc)
			}
			t = c
		}
	}
	return t.UTC().Truncate(time.Minute)
}

// vacationBudget is a player's yearly budget of vacation days in g.
func vacationBudget(g *store.Game) int {
	if g.Policy.VacationDays > 0 {
		return g.Policy.VacationDays
	}
	return store.DefaultVacationDays
}

// vacationUsed is the days p's absences starting in year have cost.
func vacationUsed(p *store.Player, year string) int {
	n := 0
	for _, a := range p.Absences {
		if strings.HasPrefix(a.From, year) {
			n += a.Charged
		}
	}
	return n
}

// absenceSpan is an absence's start and end (the midnight after its last
// day), in the seat's zone.
func absenceSpan(g *store.Game, p *store.Player, a store.Absence) (from, end time.Time) {
	loc := zone(seatZone(g, p))
	f, _ := time.ParseInLocation("2006-01-02", a.From, loc)
	t, _ := time.ParseInLocation("2006-01-02", a.To, loc)
	return f, midnight(t, 1)
}

// leagueBudget is the vacation budget of a league game whose league has
// one of its own (store.League.VacationDays): each player's absences in
// any game of the league are charged, day by day, to one ledger per
// player in the store, and a day already charged (by another game of the
// league, or an earlier deadline of this one) costs nothing more. The
// days a deadline move would charge are kept in pending until commit
// writes them, in the transaction that stores the move.
type leagueBudget struct {
	tx      *store.Tx
	league  string
	days    int
	ledger  map[string][]string // player → days charged, as stored
	pending map[string][]string // player → days charged by this move
}

// leagueBudgetOf returns the league budget that governs g's absences, or
// nil when g is in no league or its league leaves each game its own.
func leagueBudgetOf(tx *store.Tx, g *store.Game) (*leagueBudget, error) {
	if tx == nil {
		return nil, nil
	}
	l, err := tx.GameLeague(g.ID)
	if err != nil || l == nil || l.VacationDays <= 0 {
		return nil, err
	}
	return &leagueBudget{tx: tx, league: l.Name, days: l.VacationDays, ledger: map[string][]string{}, pending: map[string][]string{}}, nil
}

// charged reports whether the player's day is charged already, and how
// many days of its year are.
func (lb *leagueBudget) charged(player, day string) (bool, int, error) {
	days, ok := lb.ledger[player]
	if !ok {
		var err error
		if days, err = lb.tx.LeagueVacationDays(lb.league, player); err != nil {
			return false, 0, err
		}
		lb.ledger[player] = days
	}
	all := append(slices.Clone(days), lb.pending[player]...)
	return slices.Contains(all, day), store.VacationDaysIn(all, day[:4]), nil
}

// used is the days of year charged to player (pending ones included).
func (lb *leagueBudget) used(player, year string) (int, error) {
	_, n, err := lb.charged(player, year+"-01-01")
	return n, err
}

// commit writes the pending days into the ledger.
func (lb *leagueBudget) commit() error {
	if lb == nil {
		return nil
	}
	for player, days := range lb.pending {
		if _, err := lb.tx.ChargeLeagueVacation(lb.league, player, days); err != nil {
			return err
		}
	}
	clear(lb.pending)
	return nil
}

// shiftForAbsences moves deadline d past the absences of the roles that
// owe a decision, within each player's yearly budget, and returns the
// deadline and what moved it. With lb nil the budget is the game's: the
// days moved are charged to the absence (an absence costs the most days
// it ever moved one deadline). With a league budget the days from the
// deadline's to the absence's last are charged to the player's league
// ledger (pending in lb until committed), each day once.
func shiftForAbsences(g *store.Game, roles []adjudicator.Role, d time.Time, lb *leagueBudget) (time.Time, []string, error) {
	if g.Policy.VacationsOff || d.IsZero() {
		return d, nil, nil
	}
	var why []string
	for range 8 { // a move may land in another absence
		moved := false
		for _, r := range roles {
			p := g.Player(string(r))
			if p == nil {
				continue
			}
			for i := range p.Absences {
				a := &p.Absences[i]
				from, end := absenceSpan(g, p, *a)
				if d.Before(from) || !d.Before(end) {
					continue
				}
				need := int((end.Sub(d) + 24*time.Hour - 1) / (24 * time.Hour))
				var cover int
				full := false
				if lb != nil {
					var err error
					if cover, full, err = lb.cover(g, p, d, end); err != nil {
						return d, nil, err
					}
				} else {
					left := vacationBudget(g) - vacationUsed(p, a.From[:4]) + a.Charged
					cover = min(need, max(left, a.Charged))
					if left <= a.Charged && need > left {
						cover = 0
					}
					full = cover >= need
				}
				to := BaseDeadline(g.Policy, 0, end)
				if !full {
					if cover == 0 {
						continue // budget spent: the deadline stays
					}
					to = d.Add(time.Duration(cover) * 24 * time.Hour)
					why = append(why, fmt.Sprintf("%s's absence (vacation budget used up)", roleTitle(r)))
				} else {
					why = append(why, fmt.Sprintf("%s's absence until %s", roleTitle(r), a.To))
				}
				if cover > a.Charged {
					a.Charged = cover
				}
				if to.After(d) {
					d, moved = to, true
				}
			}
		}
		if !moved {
			break
		}
	}
	return d, why, nil
}

// cover charges to p's league ledger (pending) the days of the absence
// ending at end from deadline d's on, in order, as long as the budget of
// each day's year allows: a day charged already is free. It returns how
// many days from d's on are covered, and whether that is all of them.
func (lb *leagueBudget) cover(g *store.Game, p *store.Player, d, end time.Time) (int, bool, error) {
	loc := zone(seatZone(g, p))
	who := strings.ToLower(p.Email)
	n := 0
	for day := midnight(d.In(loc), 0); day.Before(end); day = midnight(day, 1) {
		ds := day.Format("2006-01-02")
		had, used, err := lb.charged(who, ds)
		if err != nil {
			return 0, false, err
		}
		if !had {
			if used >= lb.days {
				return n, false, nil
			}
			lb.pending[who] = append(lb.pending[who], ds)
		}
		n++
	}
	return n, true, nil
}

// vacationLeft is what p has left of his yearly vacation budget in year
// in g: the budget and the days used, the league's when g's league has a
// budget of its own (then league names it).
func vacationLeft(tx *store.Tx, g *store.Game, p *store.Player, year string) (used, budget int, league string, err error) {
	lb, err := leagueBudgetOf(tx, g)
	if err != nil {
		return 0, 0, "", err
	}
	if lb == nil {
		return vacationUsed(p, year), vacationBudget(g), "", nil
	}
	used, err = lb.used(strings.ToLower(p.Email), year)
	return used, lb.days, lb.league, err
}

// resetDeadline starts the deadline of the decision st now owes: none
// when the game is over, owes nothing or has no deadlines; else the
// policy's deadline for the game's hours, moved by absences. Reminders
// and grace start over. During a pause the deadline waits in the pause.
func (j *Judge) resetDeadline(tx *store.Tx, g *store.Game, st adjudicator.State, now time.Time) error {
	g.DeadlineByGM = false
	g.GraceUntil = time.Time{}
	g.Reminded = nil
	g.RemindersSent = 0
	prompts := st.Prompts()
	if st.Status().Finished || len(prompts) == 0 || g.DeadlineHours <= 0 {
		g.Deadline = time.Time{}
		if g.Pause != nil {
			g.Pause.HadDeadline, g.Pause.Grace = false, false
		}
		return nil
	}
	g.ReminderHours = max(j.opt.ReminderHours, 0)
	// A decision may get another time than the game's deadline: a kind
	// the GM gave its own hours (deadline for KIND HOURS), or a prompt
	// that asks for less (an interrupt in another power's turn). The
	// shortest of the decisions owed wins, as a plain duration (not
	// rounded to the game's time of day), its reminder half-way.
	hours, plain := 0, true
	for _, p := range prompts {
		h, ok := g.Policy.KindHours[p.Kind]
		switch {
		case ok:
		case p.Hours > 0 && p.Hours < g.DeadlineHours:
			h = p.Hours
		default:
			h, ok = g.DeadlineHours, false
		}
		if hours == 0 || h < hours || h == hours && !ok {
			hours, plain = h, ok || h < g.DeadlineHours
		}
	}
	var d time.Time
	if plain {
		d = now.Add(time.Duration(hours) * time.Hour).Truncate(time.Minute)
		if g.ReminderHours >= hours {
			g.ReminderHours = hours / 2
		}
	} else {
		d = BaseDeadline(g.Policy, time.Duration(g.DeadlineHours)*time.Hour, now)
	}
	lb, err := leagueBudgetOf(tx, g)
	if err != nil {
		return err
	}
	if g.Deadline, _, err = shiftForAbsences(g, owingRoles(st), d, lb); err != nil {
		return err
	}
	if g.Pause != nil {
		g.Pause.HadDeadline, g.Pause.Left = true, g.Deadline.Sub(now)
		g.Pause.Grace, g.Pause.GraceLeft = false, 0
		g.Deadline = time.Time{}
	}
	return lb.commit()
}

// CheckPolicy validates a game's policy as given at creation (pbem new),
// normalising its time of day and zone.
func CheckPolicy(p *store.Policy) error {
	if p.TZ != "" {
		z, err := parseZone(p.TZ)
		if err != nil {
			return fmt.Errorf("time zone: %w", err)
		}
		p.TZ = z
	}
	if p.At != "" {
		h, m, err := parseClock(p.At)
		if err != nil {
			return fmt.Errorf("deadline time: %w", err)
		}
		p.At = fmt.Sprintf("%02d:%02d", h, m)
	}
	if p.GraceHours < 0 || p.GraceHours > maxGraceHours {
		return fmt.Errorf("grace: %d is not a number of hours (0 to %d)", p.GraceHours, maxGraceHours)
	}
	if p.ReviseMinutes < 0 || p.ReviseMinutes > maxReviseMinutes {
		return fmt.Errorf("revision window: %d is not a number of minutes (0 to %d)", p.ReviseMinutes, maxReviseMinutes)
	}
	if p.VacationDays < 0 || p.VacationDays > 366 {
		return fmt.Errorf("vacation days: %d is not a yearly budget (0 to 366)", p.VacationDays)
	}
	for _, h := range p.Reminders {
		if h < 1 || h > 24*14 {
			return fmt.Errorf("reminders: %d is not a number of hours before the deadline (1 to 336)", h)
		}
	}
	switch p.Missed {
	case "", "defaults", "wait":
		if p.MissedLimit != 0 {
			return fmt.Errorf("missed: a limit of missed deadlines goes with forfeit only")
		}
	case "forfeit":
		if p.MissedLimit < 1 || p.MissedLimit > 20 {
			return fmt.Errorf("missed forfeit: the limit of missed deadlines in a row is 1 to 20")
		}
	default:
		return fmt.Errorf("missed: %q is not wait, defaults or forfeit", p.Missed)
	}
	return nil
}

// msgError is an error whose text is a message of the platform's
// catalogue: Error is its English, and the replies render it in the
// reader's language (errText).
type msgError struct{ m msg.M }

func (e msgError) Error() string {
	c, err := dateWords()
	if err != nil {
		return e.m.String()
	}
	return c.Text(i18n.Default, e.m)
}

func msgErr(key string, kv ...any) error { return msgError{msg.New(key, kv...)} }

// errText is err's text in lang: the message of a msgError, else the
// error's own (English) text.
func (j *Judge) errText(err error, lang string) string {
	var me msgError
	if errors.As(err, &me) {
		return j.opt.Templates.Catalog.Text(lang, me.m)
	}
	return err.Error()
}
