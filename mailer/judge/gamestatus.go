package judge

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

// WriteGameStatus writes the detailed status of one game for the
// operator (pbem status GAME): its state, deadline policy, current
// deadline, pause, and each seat with its zone, tenure, absences and
// punctuality (decisions on time, late, deadlines missed). Addresses are
// shown; secrets never are.
func WriteGameStatus(w io.Writer, tx *store.Tx, gameID string, now time.Time) error {
	g, err := tx.Game(gameID)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no game %q (see `pbem status`)", gameID)
	}
	if err != nil {
		return err
	}
	t := func(x time.Time) string {
		if x.IsZero() {
			return "-"
		}
		return x.In(zone(g.Policy.TZ)).Format("2006-01-02 15:04 MST")
	}
	fmt.Fprintf(w, "game %s (%s, %s), GM %s\n", g.ID, g.GameName, g.Scenario, g.GM)
	state := g.Status.Label
	if g.Status.Finished {
		state = "over: " + g.Status.Result
	}
	fmt.Fprintf(w, "turn %d: %s\n", g.Status.Turn, state)
	lb, err := leagueBudgetOf(tx, g)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "policy: %s\n", policyText(g, lb))
	switch {
	case g.Pause != nil:
		fmt.Fprintf(w, "paused since %s, until %s at the latest", t(g.Pause.Since), t(g.Pause.Until))
		if g.Pause.Reason != "" {
			fmt.Fprintf(w, " (%s)", g.Pause.Reason)
		}
		fmt.Fprintln(w)
	case !g.GraceUntil.IsZero():
		fmt.Fprintf(w, "deadline %s passed; grace until %s\n", t(g.Deadline), t(g.GraceUntil))
	case !g.Deadline.IsZero():
		fmt.Fprintf(w, "deadline %s\n", t(g.Deadline))
	default:
		fmt.Fprintln(w, "no deadline runs")
	}
	if rq := g.PauseRequest; rq != nil {
		fmt.Fprintf(w, "pause of %d days asked by the GM on %s; agreed: %s\n", rq.Days, t(rq.At), orNone(rq.Agreed))
	}
	if len(g.Owing) > 0 {
		fmt.Fprintf(w, "owing: %s\n", strings.Join(g.Owing, ", "))
	}
	if wk := g.WakeAt(); !wk.IsZero() {
		fmt.Fprintf(w, "next look: %s\n", t(wk))
	}
	if h := g.Held; h != nil {
		if h.Until.IsZero() {
			fmt.Fprintf(w, "orders of %s held: the game moves on %d min after it resumes\n", h.Role, int(h.Left/time.Minute))
		} else {
			fmt.Fprintf(w, "orders of %s held: the game moves on at %s unless someone revises\n", h.Role, t(h.Until))
		}
	}
	if u := g.Undo; u != nil {
		fmt.Fprintf(w, "undo asked by %s (entry %d) until %s; accepted: %s\n", u.Role, u.Entry, t(u.Until), orNone(u.Accepted))
	}
	for _, o := range g.Observers {
		fmt.Fprintf(w, "observer %s: %d hours' delay, %d reports, next %s\n", o.Email, o.Delay, o.Reports, t(o.Due))
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SEAT\tADDRESS\tZONE\tSINCE\tON TIME\tLATE\tMISSED\tIN A ROW\tREMINDERS\tNOTE")
	for i := range g.Players {
		p := &g.Players[i]
		if p.Role == string(adjudicator.GM) {
			continue
		}
		rem := "game"
		if p.RemindersOff {
			rem = "off"
		} else if p.Reminders != nil {
			rem = joinInts(p.Reminders) + "h"
		}
		var note []string
		if p.Disorder {
			note = append(note, "civil disorder")
		}
		for _, a := range p.Absences {
			if _, end := absenceSpan(g, p, a); end.After(now) {
				note = append(note, fmt.Sprintf("absent %s to %s", a.From, a.To))
			}
		}
		y := now.Format("2006")
		used, budget, league, err := vacationLeft(tx, g, p, y)
		if err != nil {
			return err
		}
		switch {
		case league != "" && !g.Policy.VacationsOff:
			note = append(note, fmt.Sprintf("vacation %d/%d days in %s (league %s, %d left)", used, budget, y, league, budget-used))
		case len(p.Absences) > 0:
			note = append(note, fmt.Sprintf("vacation %d/%d days in %s", used, budget, y))
		}
		since := "-"
		if !p.Since.IsZero() {
			since = p.Since.In(zone(g.Policy.TZ)).Format("2006-01-02")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\n", p.Role, p.Email, orUTC(seatZone(g, p)), since,
			p.Stats.OnTime, p.Stats.Late, p.Stats.Missed, p.MissedInRow, rem, orDash(strings.Join(note, "; ")))
	}
	return tw.Flush()
}

// policyText describes g's deadline policy in one line.
// lb, when not nil, is the league's vacation budget that replaces the
// game's.
func policyText(g *store.Game, lb *leagueBudget) string {
	var s []string
	if g.Policy.At != "" {
		s = append(s, fmt.Sprintf("deadlines at %s %s, at least %d h after each decision", g.Policy.At, orUTC(g.Policy.TZ), g.DeadlineHours))
	} else {
		s = append(s, fmt.Sprintf("%d h per decision (%s)", g.DeadlineHours, orUTC(g.Policy.TZ)))
	}
	if g.Policy.WeekendsOff {
		s = append(s, "weekends off")
	}
	if g.Policy.GraceHours > 0 {
		s = append(s, fmt.Sprintf("grace %d h", g.Policy.GraceHours))
	}
	if g.Policy.ReviseMinutes > 0 {
		s = append(s, fmt.Sprintf("revision window %d min", g.Policy.ReviseMinutes))
	}
	switch {
	case g.Policy.RemindersOff:
		s = append(s, "no reminders")
	case g.Policy.Reminders != nil:
		s = append(s, "reminders "+joinInts(g.Policy.Reminders)+" h before")
	case g.ReminderHours > 0:
		s = append(s, fmt.Sprintf("reminder %d h before", g.ReminderHours))
	}
	switch {
	case g.Policy.VacationsOff:
		s = append(s, "no vacations")
	case lb != nil:
		s = append(s, fmt.Sprintf("vacations %d days a year in league %s (one budget for all of a player's games of the league)", lb.days, lb.league))
	default:
		s = append(s, fmt.Sprintf("vacations %d days a year", vacationBudget(g)))
	}
	switch g.Policy.Missed {
	case "wait":
		s = append(s, "missed deadline: wait")
	case "forfeit":
		s = append(s, fmt.Sprintf("missed deadline: defaults, civil disorder after %d in a row", g.Policy.MissedLimit))
	default:
		s = append(s, "missed deadline: defaults")
	}
	return strings.Join(s, "; ")
}

func orNone(ss []string) string {
	if len(ss) == 0 {
		return "none yet"
	}
	return strings.Join(ss, ", ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
