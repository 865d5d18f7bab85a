package judge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

// Club play: the GM's commands that set a game's deadline policy, pause
// and extend it, and the player lines that set a seat's time zone,
// reminders and absences. Each is announced to the players it concerns;
// each that changes the game is a state-neutral note in its log.

// Caps on what one GM command may do.
const (
	maxPauseDays  = 14 // a pause ends by itself after this many days at most
	maxExtendHour = 72 // one "extend" adds at most this many hours
	maxGraceHours = 7 * 24
	maxReminders  = 4
)

// note appends a state-neutral note entry to g's log: line is what was
// done (as a command reads), text, when set, the event every player's
// next report shows.
func (j *Judge) note(tx *store.Tx, g *store.Game, role adjudicator.Role, line, text string, now time.Time) error {
	le, err := j.applyEntry(g, dice.Entry{Role: string(role), Kind: record.KindNote, Lines: []string{line}}, g.Status.Turn,
		func(adjudicator.Dice) (*adjudicator.Result, error) { return &adjudicator.Result{}, nil })
	if err != nil {
		return err
	}
	le.At = now
	le.StateHash = g.StateHash
	if text != "" {
		le.Events = []store.LoggedEvent{{Text: text}}
	}
	if _, err := tx.AppendLog(g.ID, le); err != nil {
		return err
	}
	observersSee(g, now)
	g.Seq++
	g.Updated = now
	return nil
}

// announceEach queues a notice to every player of g but the GM's seat
// and the role except, with a text made for each (times in his zone).
func (j *Judge) announceEach(tx *store.Tx, g *store.Game, except string, subject func(p *store.Player) string, text func(p *store.Player) string) error {
	for i := range g.Players {
		p := &g.Players[i]
		if p.Role == string(adjudicator.GM) || p.Role == except {
			continue
		}
		if err := j.queueNotice(tx, g, p.Email, subject(p), "", text(p)); err != nil {
			return err
		}
	}
	return nil
}

// tr renders the catalogue's key in the language of seat p.
func (j *Judge) tr(p *store.Player, key string, kv ...any) string {
	return j.opt.Templates.T(seatLang(p), key, kv...)
}

// announceT tells every player but except the message key, each in his
// language, under the subject subj (a key too, after the game's tag).
func (j *Judge) announceT(tx *store.Tx, g *store.Game, except, subj, key string, kv ...any) error {
	return j.announceEach(tx, g, except,
		func(p *store.Player) string { return "[" + g.ID + "] " + j.tr(p, subj, kv...) },
		func(p *store.Player) string { return j.tr(p, key, kv...) })
}

// announceDeadline tells every player the game's new deadline, each in
// his own zone and language, after the message key that says why it
// changed.
func (j *Judge) announceDeadline(tx *store.Tx, g *store.Game, key string, kv ...any) error {
	return j.announceDeadlineExcept(tx, g, "", key, kv...)
}

// announceDeadlineExcept is announceDeadline to every player but the
// seat except (a newcomer, whose welcome and report say it all).
func (j *Judge) announceDeadlineExcept(tx *store.Tx, g *store.Game, except, key string, kv ...any) error {
	if g.Deadline.IsZero() {
		return j.announceEach(tx, g, except,
			func(p *store.Player) string { return "[" + g.ID + "] " + j.tr(p, "club.no_deadline_subject") },
			func(p *store.Player) string { return j.tr(p, key, kv...) })
	}
	return j.announceEach(tx, g, except,
		func(p *store.Player) string {
			return "[" + g.ID + "] " + j.tr(p, "club.new_deadline_subject", "When", showTime(g, p, g.Deadline))
		},
		func(p *store.Player) string {
			return j.tr(p, key, kv...) + "\n" + j.tr(p, "club.deadline_now", "Game", g.ID, "When", showTime(g, p, g.Deadline))
		})
}

// gmPlays reports whether the GM of g also holds a side of it.
func (j *Judge) gmPlays(g *store.Game) bool {
	for i := range g.Players {
		p := &g.Players[i]
		if p.Role != string(adjudicator.GM) && j.isSender(p, g.GM) {
			return true
		}
	}
	return false
}

// pauseVoters are the roles whose agreement a playing GM's pause needs:
// every side not held by the GM.
func (j *Judge) pauseVoters(g *store.Game) []string {
	var out []string
	for i := range g.Players {
		p := &g.Players[i]
		if p.Role != string(adjudicator.GM) && !j.isSender(p, g.GM) {
			out = append(out, p.Role)
		}
	}
	return out
}

// startPause stops g's clock for days days: what is left of the
// deadline (and of a grace period) waits in the pause.
func (j *Judge) startPause(tx *store.Tx, g *store.Game, days int, reason string, now time.Time) error {
	ps := &store.Pause{Since: now, Until: now.Add(time.Duration(days) * 24 * time.Hour).Truncate(time.Minute), Reason: reason}
	if !g.Deadline.IsZero() {
		ps.HadDeadline, ps.Left = true, g.Deadline.Sub(now)
		if !g.GraceUntil.IsZero() {
			ps.Grace, ps.GraceLeft = true, g.GraceUntil.Sub(now)
		}
	}
	g.Pause, g.PauseRequest = ps, nil
	g.Deadline, g.GraceUntil = time.Time{}, time.Time{}
	pauseHeld(g, now)
	line := fmt.Sprintf("pause %d", days)
	key := "club.paused"
	if reason != "" {
		line += " " + reason
		key = "club.paused_reason"
	}
	if err := j.note(tx, g, adjudicator.GM, line, j.tr(nil, key, "Days", days, "Reason", reason)+".", now); err != nil {
		return err
	}
	return j.announceEach(tx, g, "",
		func(p *store.Player) string { return "[" + g.ID + "] " + j.tr(p, "club.paused_subject") },
		func(p *store.Player) string {
			return j.tr(p, key, "Days", days, "Reason", reason) + ".\n" + j.tr(p, "club.paused_until", "Until", showTime(g, p, ps.Until))
		})
}

// resume ends g's pause: the deadline is as far from now as it was from
// the pause's start.
func (j *Judge) resume(tx *store.Tx, g *store.Game, now time.Time, why string) error {
	ps := g.Pause
	g.Pause = nil
	resumeHeld(g, now)
	if ps.HadDeadline {
		g.Deadline = now.Add(ps.Left).Truncate(time.Minute)
		if ps.Grace {
			g.GraceUntil = now.Add(ps.GraceLeft).Truncate(time.Minute)
		}
	}
	if err := j.note(tx, g, adjudicator.GM, "resume", j.tr(nil, "note.resumed", "Why", j.tr(nil, why)), now); err != nil {
		return err
	}
	if err := j.announceDeadline(tx, g, "club.resumed", "Game", g.ID, "Why", msg.New(why)); err != nil {
		return err
	}
	gm := g.Player(string(adjudicator.GM))
	if err := j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.tr(gm, "club.resumed_subject"), "", j.tr(gm, "club.resumed", "Game", g.ID, "Why", msg.New(why))); err != nil {
		return err
	}
	return tx.PutGame(g)
}

// parseHoursList reads reminder leads: "24,2" or "24 2".
func parseHoursList(fs []string) ([]int, error) {
	var out []int
	for _, f := range fs {
		for _, s := range strings.Split(f, ",") {
			if s = strings.TrimSuffix(strings.TrimSpace(s), "h"); s == "" {
				continue
			}
			h, err := strconv.Atoi(s)
			if err != nil || h < 1 || h > 24*14 {
				return nil, fmt.Errorf("%q is not a number of hours before the deadline (1 to 336)", s)
			}
			if !slices.Contains(out, h) {
				out = append(out, h)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("give the hours before the deadline, e.g. reminders 24,2")
	}
	if len(out) > maxReminders {
		return nil, fmt.Errorf("at most %d reminders", maxReminders)
	}
	slices.Sort(out)
	slices.Reverse(out)
	return out, nil
}

func joinInts(hs []int) string {
	var s []string
	for _, h := range hs {
		s = append(s, strconv.Itoa(h))
	}
	return strings.Join(s, ",")
}

// gmClubCommand runs the GM's deadline-policy, pause and extend commands.
// It reports whether the line was one of them; what it did goes to b, a
// faulty line to bad (and then nothing of the email applies).
func (j *Judge) gmClubCommand(tx *store.Tx, g *store.Game, st adjudicator.State, f []string, no int, b, bad *strings.Builder, now time.Time) (bool, error) {
	cmd := strings.ToLower(f[0])
	arg := ""
	if len(f) > 1 {
		arg = strings.ToLower(f[1])
	}
	fail := func(key string, kv ...any) (bool, error) {
		j.gmSay(bad, g, no, key, kv...)
		return true, nil
	}
	failErr := func(err error) (bool, error) {
		j.gmSayText(bad, g, no, j.errText(err, gmLang(g)))
		return true, nil
	}
	// policy records a change of the game's rules: a log note, every
	// player told, the GM's confirmation.
	policy := func(line, key string, kv ...any) (bool, error) {
		text := j.tr(g.Player(string(adjudicator.GM)), key, kv...)
		if err := j.note(tx, g, adjudicator.GM, line, j.tr(nil, key, kv...), now); err != nil {
			return true, err
		}
		if err := j.announceEach(tx, g, "",
			func(p *store.Player) string { return "[" + g.ID + "] " + j.tr(p, "club.rules_subject", "Line", line) },
			func(p *store.Player) string {
				return j.tr(p, "club.rules_changed", "Game", g.ID, "Text", j.tr(p, key, kv...))
			}); err != nil {
			return true, err
		}
		j.gmSay(b, g, no, "gm.told", "Text", text)
		return true, tx.PutGame(g)
	}
	switch cmd {
	case "deadline":
		switch arg {
		case "at":
			if len(f) < 3 || len(f) > 4 {
				return fail("gm.at_usage")
			}
			if strings.EqualFold(f[2], "off") {
				g.Policy.At = ""
				return policy("deadline at off", "club.policy.at_off")
			}
			if _, _, err := parseClock(f[2]); err != nil {
				return failErr(err)
			}
			tz := g.Policy.TZ
			if len(f) == 4 {
				z, err := parseZone(f[3])
				if err != nil {
					return failErr(err)
				}
				tz = z
			}
			g.Policy.At, g.Policy.TZ = f[2], tz
			if len(f[2]) == 4 {
				g.Policy.At = "0" + f[2]
			}
			return policy("deadline at "+g.Policy.At+" "+orUTC(tz), "club.policy.at", "At", g.Policy.At, "Zone", orUTC(tz), "Hours", g.DeadlineHours)
		case "for":
			if len(f) != 4 || !validKind(f[2]) {
				return fail("gm.kind_usage")
			}
			kind := strings.ToLower(f[2])
			if strings.EqualFold(f[3], "default") {
				delete(g.Policy.KindHours, kind)
				return policy("deadline for "+kind+" default", "club.policy.kind_default", "Kind", kind)
			}
			h, err := strconv.Atoi(strings.TrimSuffix(strings.ToLower(f[3]), "h"))
			if err != nil || h < 1 || h > 24*60 {
				return fail("gm.kind_hours")
			}
			if g.Policy.KindHours == nil {
				g.Policy.KindHours = map[string]int{}
			}
			g.Policy.KindHours[kind] = h
			return policy(fmt.Sprintf("deadline for %s %d", kind, h), "club.policy.kind", "Kind", kind, "Hours", h)
		case "every":
			h, err := strconv.Atoi(strings.TrimSuffix(strings.Join(f[2:], ""), "h"))
			if len(f) != 3 || err != nil || h < 1 || h > 24*60 {
				return fail("gm.every_usage")
			}
			g.DeadlineHours = h
			return policy(fmt.Sprintf("deadline every %d", h), "club.policy.every", "Hours", h)
		}
		if g.Pause != nil && len(f) == 2 {
			return fail("gm.paused_first")
		}
		return false, nil
	case "revise":
		if len(f) == 2 && (arg == "off" || arg == "0") {
			g.Policy.ReviseMinutes = 0
			return policy("revise off", "club.policy.revise_off")
		}
		m, err := strconv.Atoi(strings.TrimSuffix(arg, "m"))
		if len(f) != 2 || err != nil || m < 1 || m > maxReviseMinutes {
			return fail("gm.revise_usage", "Max", maxReviseMinutes)
		}
		g.Policy.ReviseMinutes = m
		return policy(fmt.Sprintf("revise %d", m), "club.policy.revise", "Minutes", m)
	case "weekends":
		switch arg {
		case "off":
			g.Policy.WeekendsOff = true
			return policy("weekends off", "club.policy.weekends_off", "Zone", orUTC(g.Policy.TZ))
		case "on":
			g.Policy.WeekendsOff = false
			return policy("weekends on", "club.policy.weekends_on")
		}
		return fail("gm.weekends_usage")
	case "grace":
		if arg == "off" || arg == "0" {
			g.Policy.GraceHours = 0
			return policy("grace off", "club.policy.grace_off")
		}
		h, err := strconv.Atoi(strings.TrimSuffix(arg, "h"))
		if len(f) != 2 || err != nil || h < 1 || h > maxGraceHours {
			return fail("gm.grace_usage", "Max", maxGraceHours)
		}
		g.Policy.GraceHours = h
		return policy(fmt.Sprintf("grace %d", h), "club.policy.grace", "Hours", h)
	case "reminders":
		switch arg {
		case "off":
			g.Policy.Reminders, g.Policy.RemindersOff = nil, true
			return policy("reminders off", "club.policy.reminders_off")
		case "default":
			g.Policy.Reminders, g.Policy.RemindersOff = nil, false
			return policy("reminders default", "club.policy.reminders_default")
		}
		hs, err := parseHoursList(f[1:])
		if err != nil {
			return fail("gm.reminders_usage", "Error", err)
		}
		g.Policy.Reminders, g.Policy.RemindersOff = hs, false
		return policy("reminders "+joinInts(hs), "club.policy.reminders", "Hours", joinInts(hs))
	case "vacations":
		switch arg {
		case "off":
			g.Policy.VacationsOff = true
			return policy("vacations off", "club.policy.vacations_off")
		case "on":
			g.Policy.VacationsOff = false
			return policy("vacations on", "club.policy.vacations", "Days", vacationBudget(g))
		}
		d, err := strconv.Atoi(arg)
		if len(f) != 2 || err != nil || d < 1 || d > 366 {
			return fail("gm.vacations_usage")
		}
		g.Policy.VacationDays = d
		return policy(fmt.Sprintf("vacations %d", d), "club.policy.vacations", "Days", d)
	case "missed":
		switch {
		case arg == "wait" && len(f) == 2, arg == "defaults" && len(f) == 2:
			g.Policy.Missed, g.Policy.MissedLimit = arg, 0
			if arg == "wait" {
				return policy("missed wait", "club.policy.missed_wait")
			}
			return policy("missed defaults", "club.policy.missed_defaults")
		case arg == "forfeit" && len(f) == 3:
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 1 || n > 20 {
				return fail("gm.forfeit_usage")
			}
			g.Policy.Missed, g.Policy.MissedLimit = "forfeit", n
			return policy(fmt.Sprintf("missed forfeit %d", n), "club.policy.missed_forfeit", "N", n)
		}
		return fail("gm.missed_usage")
	case "pause":
		if g.Pause != nil {
			return fail("gm.already_paused", "Until", showTimeTo(g, g.GM, g.Pause.Until))
		}
		days, rest := maxPauseDays, f[1:]
		if len(rest) > 0 {
			if d, err := strconv.Atoi(strings.TrimSuffix(strings.ToLower(rest[0]), "d")); err == nil {
				if d < 1 || d > maxPauseDays {
					return fail("gm.pause_days", "Max", maxPauseDays)
				}
				days, rest = d, rest[1:]
			}
		}
		reason := clip(strings.Join(rest, " "), maxQuote)
		if voters := j.pauseVoters(g); j.gmPlays(g) && len(voters) > 0 {
			g.PauseRequest = &store.PauseRequest{At: now, Days: days, Reason: reason}
			why := ""
			if reason != "" {
				why = ": " + reason
			}
			if err := j.announceT(tx, g, "", "club.pause_request_subject", "club.pause_request", "Game", g.ID, "Days", days, "Reason", why); err != nil {
				return true, err
			}
			j.gmSay(b, g, no, "gm.pause_asked", "Voters", strings.Join(voters, ", "))
			return true, tx.PutGame(g)
		}
		if err := j.startPause(tx, g, days, reason, now); err != nil {
			return true, err
		}
		j.gmSay(b, g, no, "gm.paused", "Until", showTimeTo(g, g.GM, g.Pause.Until))
		return true, tx.PutGame(g)
	case "resume":
		if len(f) != 1 {
			return fail("gm.resume_usage")
		}
		if g.Pause == nil {
			if g.PauseRequest != nil {
				g.PauseRequest = nil
				if err := j.announceT(tx, g, "", "club.pause_withdrawn_subject", "club.pause_withdrawn", "Game", g.ID); err != nil {
					return true, err
				}
				j.gmSay(b, g, no, "gm.pause_withdrawn")
				return true, tx.PutGame(g)
			}
			return fail("gm.not_paused")
		}
		if err := j.resume(tx, g, now, "club.why.gm_resumed"); err != nil {
			return true, err
		}
		j.gmSay(b, g, no, "gm.resumed", "Deadline", j.deadlineWordIn(g, gmLang(g)))
		return true, nil
	case "extend":
		h, err := strconv.Atoi(strings.TrimSuffix(arg, "h"))
		if len(f) != 2 || err != nil || h < 1 || h > maxExtendHour {
			return fail("gm.extend_usage", "Max", maxExtendHour)
		}
		if g.Pause != nil {
			return fail("gm.paused_first")
		}
		if g.Deadline.IsZero() {
			return fail("gm.no_deadline")
		}
		if !g.GraceUntil.IsZero() {
			// Late already: the new deadline runs from now.
			g.Deadline, g.GraceUntil = now.Add(time.Duration(h)*time.Hour).Truncate(time.Minute), time.Time{}
		} else {
			g.Deadline = g.Deadline.Add(time.Duration(h) * time.Hour)
		}
		g.DeadlineByGM = true
		if err := j.note(tx, g, adjudicator.GM, fmt.Sprintf("extend %d", h), "", now); err != nil {
			return true, err
		}
		if err := j.announceDeadline(tx, g, "club.extended", "Hours", h); err != nil {
			return true, err
		}
		j.gmSay(b, g, no, "gm.deadline_now", "When", showTimeTo(g, g.GM, g.Deadline))
		return true, tx.PutGame(g)
	}
	return false, nil
}

func orUTC(tz string) string {
	if tz == "" {
		return "UTC"
	}
	return tz
}

// deadlineWordIn says when the deadline of g falls, for the GM, in lang.
func (j *Judge) deadlineWordIn(g *store.Game, lang string) string {
	if g.Deadline.IsZero() {
		return j.opt.Templates.T(lang, "gm.no_deadline_runs")
	}
	return j.opt.Templates.T(lang, "gm.deadline_is", "When", showTimeTo(g, g.GM, g.Deadline))
}

// validKind says whether w may name a kind of decision: a short word of
// letters and dashes, as the games name them (battle, next-battle, ...).
func validKind(w string) bool {
	if w == "" || len(w) > 30 {
		return false
	}
	for _, c := range strings.ToLower(w) {
		if (c < 'a' || c > 'z') && c != '-' {
			return false
		}
	}
	return true
}
