package judge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
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

// announceDeadline tells every player the game's new deadline, each in
// his own zone, after what says why it changed.
func (j *Judge) announceDeadline(tx *store.Tx, g *store.Game, what string) error {
	if g.Deadline.IsZero() {
		return j.announce(tx, g, "", fmt.Sprintf("[%s] No deadline for now", g.ID), what)
	}
	return j.announceEach(tx, g, "",
		func(p *store.Player) string {
			return fmt.Sprintf("[%s] New deadline: %s", g.ID, showTime(g, p, g.Deadline))
		},
		func(p *store.Player) string {
			return fmt.Sprintf("%s\nThe deadline of game [%s] is now %s.", what, g.ID, showTime(g, p, g.Deadline))
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
	line := fmt.Sprintf("pause %d", days)
	text := fmt.Sprintf("The GM paused the game for at most %d days", days)
	if reason != "" {
		line += " " + reason
		text += ": " + reason
	}
	if err := j.note(tx, g, adjudicator.GM, line, text+".", now); err != nil {
		return err
	}
	return j.announceEach(tx, g, "",
		func(*store.Player) string { return fmt.Sprintf("[%s] The game is paused", g.ID) },
		func(p *store.Player) string {
			return fmt.Sprintf("%s.\nNo deadline runs until the GM resumes it, or %s at the latest,\nwhen it resumes by itself. Orders are still taken.", text, showTime(g, p, ps.Until))
		})
}

// resume ends g's pause: the deadline is as far from now as it was from
// the pause's start.
func (j *Judge) resume(tx *store.Tx, g *store.Game, now time.Time, why string) error {
	ps := g.Pause
	g.Pause = nil
	if ps.HadDeadline {
		g.Deadline = now.Add(ps.Left).Truncate(time.Minute)
		if ps.Grace {
			g.GraceUntil = now.Add(ps.GraceLeft).Truncate(time.Minute)
		}
	}
	if err := j.note(tx, g, adjudicator.GM, "resume", "The game resumed ("+why+").", now); err != nil {
		return err
	}
	what := fmt.Sprintf("Game [%s] resumed (%s).", g.ID, why)
	if err := j.announceDeadline(tx, g, what); err != nil {
		return err
	}
	if err := j.queueNotice(tx, g, g.GM, fmt.Sprintf("[%s] The game resumed", g.ID), "", what); err != nil {
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
	fail := func(format string, a ...any) (bool, error) {
		fmt.Fprintf(bad, "line %d: "+format+"\n", append([]any{no}, a...)...)
		return true, nil
	}
	// policy records a change of the game's rules: a log note, every
	// player told, the GM's confirmation.
	policy := func(line, text string) (bool, error) {
		if err := j.note(tx, g, adjudicator.GM, line, text, now); err != nil {
			return true, err
		}
		if err := j.announce(tx, g, "", fmt.Sprintf("[%s] Game rules: %s", g.ID, line), fmt.Sprintf("The GM changed the rules of game [%s]:\n%s", g.ID, text)); err != nil {
			return true, err
		}
		fmt.Fprintf(b, "line %d: %s (every player is told)\n", no, text)
		return true, tx.PutGame(g)
	}
	switch cmd {
	case "deadline":
		switch arg {
		case "at":
			if len(f) < 3 || len(f) > 4 {
				return fail("deadline at HH:MM [ZONE], or deadline at off")
			}
			if strings.EqualFold(f[2], "off") {
				g.Policy.At = ""
				return policy("deadline at off", "deadlines fall the game's hours after each decision, at any time of day (from the next decision on)")
			}
			if _, _, err := parseClock(f[2]); err != nil {
				return fail("%v", err)
			}
			tz := g.Policy.TZ
			if len(f) == 4 {
				z, err := parseZone(f[3])
				if err != nil {
					return fail("%v", err)
				}
				tz = z
			}
			g.Policy.At, g.Policy.TZ = f[2], tz
			if len(f[2]) == 4 {
				g.Policy.At = "0" + f[2]
			}
			return policy("deadline at "+g.Policy.At+" "+orUTC(tz),
				fmt.Sprintf("deadlines fall at %s %s, at least %d hours after each decision (from the next decision on)", g.Policy.At, orUTC(tz), g.DeadlineHours))
		case "every":
			h, err := strconv.Atoi(strings.TrimSuffix(strings.Join(f[2:], ""), "h"))
			if len(f) != 3 || err != nil || h < 1 || h > 24*60 {
				return fail("deadline every HOURS (1 to 1440): the time each decision gets")
			}
			g.DeadlineHours = h
			return policy(fmt.Sprintf("deadline every %d", h), fmt.Sprintf("each decision gets %d hours (from the next decision on)", h))
		}
		if g.Pause != nil && len(f) == 2 {
			return fail("the game is paused: send \"resume\" first")
		}
		return false, nil
	case "weekends":
		switch arg {
		case "off":
			g.Policy.WeekendsOff = true
			return policy("weekends off", fmt.Sprintf("Saturdays and Sundays (%s) do not count towards deadlines and no deadline falls on them (from the next decision on)", orUTC(g.Policy.TZ)))
		case "on":
			g.Policy.WeekendsOff = false
			return policy("weekends on", "weekends count like any day (from the next decision on)")
		}
		return fail("weekends off, or weekends on")
	case "grace":
		if arg == "off" || arg == "0" {
			g.Policy.GraceHours = 0
			return policy("grace off", "no grace period: the missed-deadline rule applies at the deadline")
		}
		h, err := strconv.Atoi(strings.TrimSuffix(arg, "h"))
		if len(f) != 2 || err != nil || h < 1 || h > maxGraceHours {
			return fail("grace HOURS (1 to %d), or grace off", maxGraceHours)
		}
		g.Policy.GraceHours = h
		return policy(fmt.Sprintf("grace %d", h), fmt.Sprintf("a late player is told he is late and has %d more hours before the missed-deadline rule applies", h))
	case "reminders":
		switch arg {
		case "off":
			g.Policy.Reminders, g.Policy.RemindersOff = nil, true
			return policy("reminders off", "no reminders (a player may still ask for his own: \"reminders HOURS\")")
		case "default":
			g.Policy.Reminders, g.Policy.RemindersOff = nil, false
			return policy("reminders default", "the server's reminder before each deadline")
		}
		hs, err := parseHoursList(f[1:])
		if err != nil {
			return fail("reminders HOURS[,HOURS...] before the deadline, reminders off or reminders default: %v", err)
		}
		g.Policy.Reminders, g.Policy.RemindersOff = hs, false
		return policy("reminders "+joinInts(hs), fmt.Sprintf("players who owe a decision are reminded %s hours before the deadline, once each", joinInts(hs)))
	case "vacations":
		switch arg {
		case "off":
			g.Policy.VacationsOff = true
			return policy("vacations off", "absences no longer move deadlines (tournament rule)")
		case "on":
			g.Policy.VacationsOff = false
			return policy("vacations on", fmt.Sprintf("absences move deadlines, up to %d days a year per player", vacationBudget(g)))
		}
		d, err := strconv.Atoi(arg)
		if len(f) != 2 || err != nil || d < 1 || d > 366 {
			return fail("vacations off, vacations on, or vacations DAYS (the yearly budget per player, 1 to 366)")
		}
		g.Policy.VacationDays = d
		return policy(fmt.Sprintf("vacations %d", d), fmt.Sprintf("absences move deadlines, up to %d days a year per player", d))
	case "missed":
		switch {
		case arg == "wait" && len(f) == 2, arg == "defaults" && len(f) == 2:
			g.Policy.Missed, g.Policy.MissedLimit = arg, 0
			if arg == "wait" {
				return policy("missed wait", "at a missed deadline no default orders are applied: the game waits for the late player, and the GM is told")
			}
			return policy("missed defaults", "at a missed deadline the late player's default orders are applied")
		case arg == "forfeit" && len(f) == 3:
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 1 || n > 20 {
				return fail("missed forfeit N: N is the number of missed deadlines in a row (1 to 20)")
			}
			g.Policy.Missed, g.Policy.MissedLimit = "forfeit", n
			return policy(fmt.Sprintf("missed forfeit %d", n), fmt.Sprintf("at a missed deadline the late player's default orders are applied; after %d in a row the seat is in civil disorder (default orders at every deadline) and the GM is told", n))
		}
		return fail("missed wait, missed defaults, or missed forfeit N")
	case "pause":
		if g.Pause != nil {
			return fail("the game is already paused (until %s)", showTimeTo(g, g.GM, g.Pause.Until))
		}
		days, rest := maxPauseDays, f[1:]
		if len(rest) > 0 {
			if d, err := strconv.Atoi(strings.TrimSuffix(strings.ToLower(rest[0]), "d")); err == nil {
				if d < 1 || d > maxPauseDays {
					return fail("a pause lasts 1 to %d days", maxPauseDays)
				}
				days, rest = d, rest[1:]
			}
		}
		reason := clip(strings.Join(rest, " "), maxQuote)
		if voters := j.pauseVoters(g); j.gmPlays(g) && len(voters) > 0 {
			g.PauseRequest = &store.PauseRequest{At: now, Days: days, Reason: reason}
			text := fmt.Sprintf("The GM of game [%s], who also plays in it, asks to pause it for %d days", g.ID, days)
			if reason != "" {
				text += ": " + reason
			}
			text += ".\nA playing GM may pause only with every other player's agreement. To agree,\nreply with your secret and the line:\n\n  agree pause\n\nThe pause begins when every other player has agreed."
			if err := j.announce(tx, g, "", fmt.Sprintf("[%s] The GM asks to pause the game", g.ID), text); err != nil {
				return true, err
			}
			fmt.Fprintf(b, "line %d: you also play in this game, so the pause begins when %s agree (each is asked to reply \"agree pause\")\n", no, strings.Join(voters, ", "))
			return true, tx.PutGame(g)
		}
		if err := j.startPause(tx, g, days, reason, now); err != nil {
			return true, err
		}
		fmt.Fprintf(b, "line %d: the game is paused until %s at the latest (every player is told)\n", no, showTimeTo(g, g.GM, g.Pause.Until))
		return true, tx.PutGame(g)
	case "resume":
		if len(f) != 1 {
			return fail("resume takes no argument")
		}
		if g.Pause == nil {
			if g.PauseRequest != nil {
				g.PauseRequest = nil
				if err := j.announce(tx, g, "", fmt.Sprintf("[%s] Pause request withdrawn", g.ID), fmt.Sprintf("The GM withdrew the request to pause game [%s].", g.ID)); err != nil {
					return true, err
				}
				fmt.Fprintf(b, "line %d: the pause request is withdrawn (every player is told)\n", no)
				return true, tx.PutGame(g)
			}
			return fail("the game is not paused")
		}
		if err := j.resume(tx, g, now, "the GM resumed it"); err != nil {
			return true, err
		}
		fmt.Fprintf(b, "line %d: the game resumed; %s (every player is told)\n", no, deadlineWord(g))
		return true, nil
	case "extend":
		h, err := strconv.Atoi(strings.TrimSuffix(arg, "h"))
		if len(f) != 2 || err != nil || h < 1 || h > maxExtendHour {
			return fail("extend HOURS (1 to %d): adds to the current deadline", maxExtendHour)
		}
		if g.Pause != nil {
			return fail("the game is paused: send \"resume\" first")
		}
		if g.Deadline.IsZero() {
			return fail("no deadline runs: set one with \"deadline HOURS\"")
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
		if err := j.announceDeadline(tx, g, fmt.Sprintf("The GM extended the deadline by %d hours.", h)); err != nil {
			return true, err
		}
		fmt.Fprintf(b, "line %d: the deadline is now %s (every player is told)\n", no, showTimeTo(g, g.GM, g.Deadline))
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

func deadlineWord(g *store.Game) string {
	if g.Deadline.IsZero() {
		return "no deadline runs"
	}
	return "the deadline is " + showTimeTo(g, g.GM, g.Deadline)
}
