package store

import (
	"slices"
	"strconv"
	"strings"
	"time"
)

// Policy is a game's deadline rules, set at creation (pbem new) or by the
// GM's commands. The zero Policy is the server's behaviour: a deadline
// DeadlineHours after each new decision, the server's reminder, default
// orders at the deadline, vacations allowed.
type Policy struct {
	// At is a time of day ("20:00"): each deadline is moved forward to
	// the first such time, in TZ. "" means deadlines fall DeadlineHours
	// after the decision.
	At string `json:"at,omitempty"`
	// TZ is the game's IANA time zone ("Europe/Madrid"); "" is UTC.
	TZ string `json:"tz,omitempty"`
	// WeekendsOff says Saturdays and Sundays (in TZ) do not count: a
	// deadline's hours skip them and no deadline falls on them.
	WeekendsOff bool `json:"weekends_off,omitempty"`
	// GraceHours is how long after a missed deadline the late players,
	// told of their lateness, may still send their orders before the
	// missed-deadline rule applies. 0: no grace.
	GraceHours int `json:"grace_hours,omitempty"`
	// Reminders are the game's reminders, in hours before a deadline,
	// largest first. Nil keeps the server's reminder (ReminderHours);
	// RemindersOff turns them all off.
	Reminders    []int `json:"reminders,omitempty"`
	RemindersOff bool  `json:"reminders_off,omitempty"`
	// VacationsOff forbids absences (tournaments).
	VacationsOff bool `json:"vacations_off,omitempty"`
	// VacationDays is each player's yearly budget of vacation days
	// (0: DefaultVacationDays).
	VacationDays int `json:"vacation_days,omitempty"`
	// Missed is what a missed deadline does: "" or "defaults" (the
	// engine's default orders), "wait" (nothing: the game waits for the
	// late player or the GM), "forfeit" (default orders, and after
	// MissedLimit misses in a row the seat is in civil disorder).
	Missed      string `json:"missed,omitempty"`
	MissedLimit int    `json:"missed_limit,omitempty"`
	// KindHours are the hours a decision of a kind gets (a prompt's
	// Kind: "battle", "intercept", ...), instead of the game's hours, as
	// a plain duration; when several decisions are owed the shortest
	// time wins.
	KindHours map[string]int `json:"kind_hours,omitempty"`
	// ReviseMinutes is the revision window of early resolution: when an
	// email brings in the last decision owed, the judge holds it this
	// many minutes (Game.Held) before the game moves on, and the players
	// of the step may still revise. 0: the game moves on at once.
	ReviseMinutes int `json:"revise_minutes,omitempty"`
}

// HeldOrders are the orders that brought in the last decision owed,
// held through the game's revision window: they are applied, as sent,
// when the window ends (Until), unless replaced first. They were
// checked against the position when they came in and their seat's
// submission number is spent (Number).
type HeldOrders struct {
	Role    string   `json:"role"`
	Lines   []string `json:"lines"`
	LineNos []int    `json:"line_nos,omitempty"`
	Entropy []string `json:"entropy,omitempty"`
	// MessageID and From are the email's, for the log and the reply.
	MessageID string `json:"message_id,omitempty"`
	From      string `json:"from,omitempty"`
	Subject   string `json:"subject,omitempty"`
	// At is when the orders came in, Until when the window ends (zero
	// while the game is paused: Left is then what was left of it).
	At     time.Time     `json:"at"`
	Until  time.Time     `json:"until,omitzero"`
	Left   time.Duration `json:"left,omitempty"`
	Number uint64        `json:"n,omitempty"`
}

// DefaultVacationDays is a player's yearly vacation budget in a game
// whose policy sets none.
const DefaultVacationDays = 21

// Pause is a pause of a game's clock: no deadline runs until Until (when
// the game resumes by itself) or the GM's resume.
type Pause struct {
	Since  time.Time `json:"since"`
	Until  time.Time `json:"until"`
	Reason string    `json:"reason,omitempty"`
	// Left is what was left of the deadline when the pause began, and
	// GraceLeft of the grace period (Grace says one was running); the
	// deadline is that far from the resumption. HadDeadline is false
	// when no deadline was running.
	HadDeadline bool          `json:"had_deadline,omitempty"`
	Left        time.Duration `json:"left,omitempty"`
	Grace       bool          `json:"grace,omitempty"`
	GraceLeft   time.Duration `json:"grace_left,omitempty"`
}

// PauseRequest is a pause asked by a GM who also plays: it begins when
// every other player has agreed.
type PauseRequest struct {
	At     time.Time `json:"at"`
	Days   int       `json:"days"`
	Reason string    `json:"reason,omitempty"`
	Agreed []string  `json:"agreed,omitempty"` // roles
}

// UndoRequest is a player's request to take back his submission at log
// entry Entry: it happens when every other player has accepted
// (Accepted, roles) before Until (zero: no time limit while the game
// waits), and lapses if the game moves on first.
type UndoRequest struct {
	Role     string    `json:"role"`
	Entry    int       `json:"entry"`
	At       time.Time `json:"at"`
	Until    time.Time `json:"until,omitzero"`
	Accepted []string  `json:"accepted,omitempty"`
}

// Observer is an address that follows a game without playing: it gets
// the game's public reports, Delay hours after the facts they tell.
// Token is the secret of its unsubscribe address (List-Unsubscribe);
// Through is the last log entry its reports told, and Due when its next
// report is to go (zero: nothing new to tell).
type Observer struct {
	Email   string    `json:"email"`
	Delay   int       `json:"delay,omitempty"` // hours
	Token   string    `json:"token"`
	Lang    string    `json:"lang,omitempty"`
	Since   time.Time `json:"since"`
	Through int       `json:"through"`
	Due     time.Time `json:"due,omitzero"`
	// Reports counts the reports sent; Seen is a digest of the position
	// the last one showed (a report that would tell nothing new is not
	// sent).
	Reports int    `json:"reports,omitempty"`
	Seen    string `json:"seen,omitempty"`
}

// Observer returns g's observer at address addr (any case), or nil.
func (g *Game) Observer(addr string) *Observer {
	for i := range g.Observers {
		if strings.EqualFold(g.Observers[i].Email, addr) {
			return &g.Observers[i]
		}
	}
	return nil
}

// ObserversDue is the soonest time an observer's report is due, zero for
// none.
func (g *Game) ObserversDue() time.Time {
	var w time.Time
	for _, o := range g.Observers {
		if !o.Due.IsZero() && (w.IsZero() || o.Due.Before(w)) {
			w = o.Due
		}
	}
	return w
}

// Absence is a player's announced absence, two dates (inclusive) in the
// player's time zone (else the game's). Charged is how many vacation days
// it has cost so far: the most any one deadline was moved by it.
type Absence struct {
	From    string `json:"from"` // "2006-01-02"
	To      string `json:"to"`
	Charged int    `json:"charged,omitempty"`
}

// SeatStats are a seat occupant's punctuality: decisions sent before the
// deadline, after it (in the grace period), and deadlines missed.
type SeatStats struct {
	OnTime int `json:"on_time,omitempty"`
	Late   int `json:"late,omitempty"`
	Missed int `json:"missed,omitempty"`
}

// Reminder is one reminder of the current deadline: Key names it in
// Game.Reminded once sent; Role is "" for the game's reminders (to every
// owing seat that keeps them) or the seat of a personal reminder.
type Reminder struct {
	At   time.Time
	Key  string
	Role string
}

// gameReminderHours are the game's reminder leads, in hours.
func (g *Game) gameReminderHours() []int {
	switch {
	case g.Policy.RemindersOff:
		return nil
	case g.Policy.Reminders != nil:
		return g.Policy.Reminders
	case g.ReminderHours > 0:
		return []int{g.ReminderHours}
	}
	return nil
}

// Reminders lists the reminders of the current deadline not yet sent,
// soonest first: the game's, if a seat that owes a decision keeps them,
// and the personal ones of each owing seat. Seats in civil disorder get
// none.
func (g *Game) Reminders() []Reminder {
	if g.Deadline.IsZero() || g.Status.Finished || !g.GraceUntil.IsZero() {
		return nil
	}
	var out []Reminder
	add := func(h int, role string) {
		key := strconv.Itoa(h)
		if role != "" {
			key = role + ":" + key
		}
		if slices.Contains(g.Reminded, key) {
			return
		}
		if role == "" && g.RemindersSent > 0 && g.Reminded == nil {
			return // sent by a version that kept one count
		}
		out = append(out, Reminder{At: g.Deadline.Add(-time.Duration(h) * time.Hour), Key: key, Role: role})
	}
	// A game stored before Owing was kept reminds every seat.
	gameWide := len(g.Owing) == 0
	for _, r := range g.Owing {
		p := g.Player(r)
		if p == nil || p.Disorder {
			continue
		}
		if p.Reminders == nil && !p.RemindersOff {
			gameWide = true
			continue
		}
		for _, h := range p.Reminders {
			add(h, r)
		}
	}
	if gameWide {
		for _, h := range g.gameReminderHours() {
			add(h, "")
		}
	}
	slices.SortStableFunc(out, func(a, b Reminder) int { return a.At.Compare(b.At) })
	return out
}
