package judge

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

// A seat's own settings, by email (lines of an email of their own, with
// the seat's secret) or by the operator (pbem seat):
//
//	timezone ZONE | timezone game      deadlines shown in ZONE
//	reminders H[,H...] | off | game    the seat's own reminders
//	absent FROM to TO | absent off     an absence (dates, inclusive)
//	agree pause                        agree to a playing GM's pause
//	undo | accept | refuse             undo by consent (undo.go)
//	digest on | digest HH:MM | off     the daily digest (digest.go)

// maxAbsences is how many absences a seat keeps at once; maxAbsenceDays
// the longest one.
const (
	maxAbsences    = 10
	maxAbsenceDays = 92
)

// isSeatLine reports whether an order line is one of a seat's settings.
func isSeatLine(text string) bool {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "timezone", "reminders", "absent":
		return true
	case "agree":
		return len(f) == 2 && f[1] == "pause"
	}
	return isUndoLine(f) || isDigestLine(f)
}

// seatAction is one parsed setting line, ready to apply.
type seatAction func() error

// seatLines parses a seat's setting lines and returns their actions, or
// the faulty lines (then nothing may be applied). done receives what each
// action did once run.
func (j *Judge) seatLines(tx *store.Tx, g *store.Game, p *store.Player, lines []adjudicator.Line, now time.Time, done *strings.Builder) ([]seatAction, string) {
	var acts []seatAction
	var bad strings.Builder
	role := adjudicator.Role(p.Role)
	newAbsences := 0
	for _, l := range lines {
		f := strings.Fields(l.Text)
		no := l.No
		failf := func(key string, kv ...any) {
			bad.WriteString(j.tr(p, "line.answer", "Line", no, "Text", j.tr(p, key, kv...)) + "\n")
		}
		failErr := func(err error) {
			bad.WriteString(j.tr(p, "line.answer", "Line", no, "Text", j.errText(err, seatLang(p))) + "\n")
		}
		say := func(key string, kv ...any) {
			done.WriteString(j.tr(p, "line.answer", "Line", no, "Text", j.tr(p, key, kv...)) + "\n")
		}
		arg := ""
		if len(f) > 1 {
			arg = strings.ToLower(f[1])
		}
		switch strings.ToLower(f[0]) {
		case "timezone":
			if len(f) != 2 {
				failf("seat.timezone_usage")
				continue
			}
			tz := ""
			if arg != "game" {
				z, err := parseZone(f[1])
				if err != nil {
					failErr(err)
					continue
				}
				tz = z
			}
			acts = append(acts, func() error {
				p.TZ = tz
				if tz == "" {
					say("seat.tz_game", "Zone", orUTC(g.Policy.TZ))
				} else {
					say("seat.tz", "Zone", tz)
				}
				if !g.Deadline.IsZero() {
					fmt.Fprintf(done, "        %s\n", j.tr(p, "seat.tz_current", "When", showTime(g, p, g.Deadline)))
				}
				return nil
			})
		case "reminders":
			var hs []int
			off := false
			switch {
			case arg == "off" && len(f) == 2:
				off = true
			case arg == "game" && len(f) == 2:
			default:
				var err error
				if hs, err = parseHoursList(f[1:]); err != nil {
					failf("seat.reminders_usage", "Error", err)
					continue
				}
			}
			acts = append(acts, func() error {
				p.Reminders, p.RemindersOff = hs, off
				switch {
				case off:
					say("seat.reminders_off")
				case hs == nil:
					say("seat.reminders_game")
				default:
					say("seat.reminders", "Hours", joinInts(hs))
				}
				return nil
			})
		case "absent":
			if arg == "off" && len(f) == 2 {
				acts = append(acts, func() error {
					kept := p.Absences[:0]
					n := 0
					for _, a := range p.Absences {
						if _, end := absenceSpan(g, p, a); a.Charged > 0 || !end.After(now) {
							kept = append(kept, a)
						} else {
							n++
						}
					}
					p.Absences = kept
					say("seat.absences_cancelled", "N", n)
					return nil
				})
				continue
			}
			a, err := parseAbsence(g, p, f[1:], now)
			if err != nil {
				failErr(err)
				continue
			}
			if newAbsences++; len(p.Absences)+newAbsences > maxAbsences {
				failf("seat.too_many_absences", "N", len(p.Absences))
				continue
			}
			acts = append(acts, func() error {
				p.Absences = append(p.Absences, a)
				if err := j.note(tx, g, role, "absent "+a.From+" to "+a.To, "", now); err != nil {
					return err
				}
				// What is left is told after the running deadline's move
				// (if any) is charged, before the line saying it moved.
				var moved strings.Builder
				if err := j.absenceMoves(tx, g, role, now, &moved); err != nil {
					return err
				}
				defer done.WriteString(moved.String())
				used, budget, league, err := vacationLeft(tx, g, p, a.From[:4])
				if err != nil {
					return err
				}
				if league != "" {
					say("seat.absent_league", "From", a.From, "To", a.To, "Left", budget-used, "Year", a.From[:4], "League", league)
				} else {
					say("seat.absent", "From", a.From, "To", a.To, "Left", budget-used, "Year", a.From[:4])
				}
				return nil
			})
		case "digest":
			act, err := j.digestLine(tx, g, p, arg, no, now, done)
			if err != nil {
				failErr(err)
				continue
			}
			acts = append(acts, act)
		case "undo", "accept", "refuse":
			act, why, err := j.undoLine(tx, g, p, strings.ToLower(f[0]), no, now, done)
			if err != nil {
				failErr(err)
				continue
			}
			if why != "" {
				bad.WriteString(j.opt.Templates.T(seatLang(p), why, "Line", no) + "\n")
				continue
			}
			acts = append(acts, act)
		case "agree":
			if g.PauseRequest == nil {
				failf("seat.no_pause_asked")
				continue
			}
			if !slices.Contains(j.pauseVoters(g), p.Role) {
				failf("seat.own_pause")
				continue
			}
			acts = append(acts, func() error {
				rq := g.PauseRequest
				if rq == nil {
					return nil // agreed twice in one email: paused already
				}
				voters := j.pauseVoters(g)
				if !slices.Contains(rq.Agreed, p.Role) {
					rq.Agreed = append(rq.Agreed, p.Role)
				}
				var waiting []string
				for _, v := range voters {
					if !slices.Contains(rq.Agreed, v) {
						waiting = append(waiting, v)
					}
				}
				if len(waiting) > 0 {
					say("seat.agreed_waiting", "Waiting", strings.Join(waiting, ", "))
					return j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.agrees_subject", "Role", roleTitle(role)), "",
						j.gmT(g, "gm.agrees", "Role", roleTitle(role), "Game", g.ID, "Waiting", strings.Join(waiting, ", ")))
				}
				say("seat.all_agreed")
				if err := j.startPause(tx, g, rq.Days, rq.Reason, now); err != nil {
					return err
				}
				return j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "club.paused_subject"), "",
					j.gmT(g, "gm.all_agreed", "Game", g.ID, "Until", showTimeTo(g, g.GM, g.Pause.Until)))
			})
		default:
			failf("seat.not_setting")
		}
	}
	return acts, bad.String()
}

// parseAbsence reads "FROM to TO" (or one date) as dates of the seat's
// zone, checked against the game's rules.
func parseAbsence(g *store.Game, p *store.Player, f []string, now time.Time) (store.Absence, error) {
	usage := errors.New("absent FROM to TO, dates as YYYY-MM-DD (e.g. absent 2026-12-20 to 2027-01-03), or absent off")
	if g.Policy.VacationsOff {
		return store.Absence{}, errors.New("this game allows no absences (a tournament rule): ask the GM for an extension instead")
	}
	var from, to string
	switch {
	case len(f) == 1:
		from, to = f[0], f[0]
	case len(f) == 3 && (strings.EqualFold(f[1], "to") || f[1] == "-"):
		from, to = f[0], f[2]
	default:
		return store.Absence{}, usage
	}
	loc := zone(seatZone(g, p))
	ft, err1 := time.ParseInLocation("2006-01-02", from, loc)
	tt, err2 := time.ParseInLocation("2006-01-02", to, loc)
	if err1 != nil || err2 != nil {
		return store.Absence{}, usage
	}
	if tt.Before(ft) {
		return store.Absence{}, fmt.Errorf("the absence ends (%s) before it begins (%s)", to, from)
	}
	if !midnight(tt, 1).After(now) {
		return store.Absence{}, fmt.Errorf("the absence is over already (%s)", to)
	}
	if days := int(midnight(tt, 1).Sub(ft).Hours()/24 + 0.5); days > maxAbsenceDays {
		return store.Absence{}, fmt.Errorf("an absence lasts at most %d days", maxAbsenceDays)
	}
	return store.Absence{From: ft.Format("2006-01-02"), To: tt.Format("2006-01-02")}, nil
}

// absenceMoves moves the current deadline past role's new absence when
// role owes a decision and the deadline falls in it, telling everyone.
func (j *Judge) absenceMoves(tx *store.Tx, g *store.Game, role adjudicator.Role, now time.Time, done *strings.Builder) error {
	if g.Deadline.IsZero() || !g.GraceUntil.IsZero() || !slices.Contains(g.Owing, string(role)) {
		return nil
	}
	lb, err := leagueBudgetOf(tx, g)
	if err != nil {
		return err
	}
	d, _, err := shiftForAbsences(g, []adjudicator.Role{role}, g.Deadline, lb)
	if err != nil || !d.After(g.Deadline) {
		return err
	}
	if err := lb.commit(); err != nil {
		return err
	}
	g.Deadline = d
	p := g.Player(string(role))
	fmt.Fprintf(done, "        %s\n", j.tr(p, "seat.deadline_moves", "When", showTime(g, p, d)))
	return j.announceDeadline(tx, g, "club.absence_moved", "Role", roleTitle(role))
}

// settingsStep applies an email of a seat's settings, whole or not at
// all: the lines must all be settings (orders go in an email of their
// own). The confirmation carries the seat's next one-time token.
func (j *Judge) settingsStep(c *mailCtx) (*Outcome, error) {
	var set []adjudicator.Line
	others := 0
	for _, l := range c.orders.Lines {
		if turnLine.MatchString(l.Text) {
			continue
		}
		if isSeatLine(l.Text) {
			set = append(set, adjudicator.Line{No: l.No, Text: redactSecret(l.Text, c.orders.Secret)})
		} else {
			others++
		}
	}
	if len(set) == 0 {
		return nil, nil
	}
	if others > 0 {
		return j.refuse(c, j.tr(c.seat, "settings.mixed", "Game", c.g.ID), "settings mixed with orders")
	}
	var done strings.Builder
	acts, bad := j.seatLines(c.tx, c.g, c.seat, set, c.now, &done)
	if bad != "" {
		return j.refuse(c, j.tr(c.seat, "settings.refused", "Game", c.g.ID)+"\n\n"+bad, clip("settings refused: "+strings.TrimSpace(bad), maxReason))
	}
	if c.checking() {
		if err := j.tell(c, j.tr(c.seat, "settings.check", "Game", c.g.ID)+"\n"+linesText(set)); err != nil {
			return nil, err
		}
		return c.outcome(store.OutcomeCheck, "settings (check)"), nil
	}
	for _, a := range acts {
		if err := a(); err != nil {
			return nil, err
		}
	}
	if err := c.recordSubmission(); err != nil {
		return nil, err
	}
	text := j.tr(c.seat, "settings.applied", "Game", c.g.ID) + "\n" + done.String() + j.tr(c.seat, "settings.token") + "\ntoken: " + tokenFor(c.g.ID, c.seat)
	if err := j.tell(c, text); err != nil {
		return nil, err
	}
	return c.outcome(store.OutcomeAccepted, "settings"), c.tx.PutGame(c.g)
}

func linesText(ls []adjudicator.Line) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "line %d: %s\n", l.No, l.Text)
	}
	return b.String()
}

// SeatCommands applies a seat's setting lines for the operator (pbem
// seat), as the seat's own email would, all or nothing; the player is
// told. It returns what was done.
func (j *Judge) SeatCommands(gameID, role string, lines []string) (string, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.opt.Now().UTC()
	var done strings.Builder
	err := j.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return fmt.Errorf("game %q: %w", gameID, err)
		}
		if g.Status.Finished {
			return fmt.Errorf("game %s is over (%s)", g.ID, g.Status.Result)
		}
		p := g.Player(strings.ToLower(role))
		if p == nil || p.Role == string(adjudicator.GM) {
			return fmt.Errorf("no side %q in game %s", role, g.ID)
		}
		var ls []adjudicator.Line
		for i, l := range lines {
			if !isSeatLine(l) {
				return fmt.Errorf("line %d: %q is not a seat setting (timezone, reminders, absent, agree pause, undo, accept, refuse, digest)", i+1, l)
			}
			ls = append(ls, adjudicator.Line{No: i + 1, Text: l})
		}
		if len(ls) == 0 {
			return errors.New("no setting given")
		}
		acts, bad := j.seatLines(tx, g, p, ls, now, &done)
		if bad != "" {
			return errors.New(strings.TrimSpace(bad))
		}
		for _, a := range acts {
			if err := a(); err != nil {
				return err
			}
		}
		if err := j.queueNotice(tx, g, p.Email, "["+g.ID+"] "+j.tr(p, "seat.operator_subject"), "",
			j.tr(p, "seat.operator", "Game", g.ID, "Lines", done.String())); err != nil {
			return err
		}
		return tx.PutGame(g)
	})
	if err != nil {
		return "", err
	}
	j.wake()
	return done.String(), nil
}

// GMCommands runs GM command lines (deadline and seat commands: deadline,
// weekends, grace, reminders, vacations, missed, pause, resume, extend,
// defaults, alias, replace, language, observe, unobserve, luck, abandon) for the operator (pbem
// gm), all or nothing, as the GM's own email would; the GM is told what
// was done. It returns the same.
func (j *Judge) GMCommands(gameID string, lines []string) (string, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.opt.Now().UTC()
	var b strings.Builder
	err := j.db.Update(func(tx *store.Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return fmt.Errorf("game %q: %w", gameID, err)
		}
		if g.Status.Finished {
			// Only the luck report may still be asked for.
			if len(lines) != 1 || !isLuckLine(lines[0]) {
				return fmt.Errorf("game %s is over (%s)", g.ID, g.Status.Result)
			}
			var bad strings.Builder
			if _, err := j.gmLuck(tx, g, strings.Fields(lines[0]), 1, &b, &bad); err != nil {
				return err
			}
			if bad.Len() > 0 {
				return errors.New(strings.TrimSpace(bad.String()))
			}
			return nil
		}
		_, st, err := loadState(g)
		if err != nil {
			return err
		}
		if len(lines) == 0 {
			return errors.New("no command given")
		}
		for i, l := range lines {
			var bad strings.Builder
			f := strings.Fields(l)
			if len(f) == 0 {
				continue
			}
			if g.Status.Finished {
				return fmt.Errorf("line %d: comes after abandon, which ends the game", i+1)
			}
			ok, err := j.gmSeatCommand(tx, g, st, f, i+1, &b, &bad, now)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("line %d: %q is not a GM command run here (see docs/operations.md)", i+1, l)
			}
			if bad.Len() > 0 {
				return errors.New(strings.TrimSpace(bad.String()))
			}
			if _, s2, err := loadState(g); err == nil {
				st = s2
			}
		}
		if err := j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.operator_subject"), "",
			j.gmT(g, "gm.operator", "Game", g.ID, "Lines", b.String())); err != nil {
			return err
		}
		return tx.PutGame(g)
	})
	if err != nil {
		return "", err
	}
	j.wake()
	return b.String(), nil
}

// seatActed counts a seat's accepted decision in its record: on time, or
// late (after the deadline, or after a missed one); a seat in civil
// disorder leaves it, and the GM is told.
func (j *Judge) seatActed(tx *store.Tx, g *store.Game, p *store.Player, now time.Time) error {
	if (!g.Deadline.IsZero() && now.After(g.Deadline)) || p.MissedInRow > 0 {
		p.Stats.Late++
	} else {
		p.Stats.OnTime++
	}
	p.MissedInRow = 0
	if !p.Disorder {
		return nil
	}
	p.Disorder = false
	r := roleTitle(adjudicator.Role(p.Role))
	return j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.back_subject", "Role", r), "", j.gmT(g, "gm.back", "Role", r, "Game", g.ID))
}

// graceHolds reports whether a decision sent in the grace period leaves
// the deadline as it is: the game is in grace and every seat that owes a
// decision now owed it before (a late player's orders give the other
// late players no new deadline).
func graceHolds(g *store.Game, before, after adjudicator.State) bool {
	if g.GraceUntil.IsZero() {
		return false
	}
	was := owingRoles(before)
	for _, r := range owingRoles(after) {
		if !slices.Contains(was, r) {
			return false
		}
	}
	return len(owingRoles(after)) > 0
}
