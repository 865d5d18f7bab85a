package judge

import (
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// gmSay sends the GM's command lines and returns the GM's answer.
func (f *fixture) gmSay(body string) (*Outcome, string) {
	f.t.Helper()
	o := f.handle(f.mail("gm@example.org", "["+f.game+"]", "secret: "+f.secrets[adjudicator.GM]+"\n"+body))
	return o, flat(f.lastTo("gm@example.org").Text)
}

// seat sends role's lines and returns the outcome and the answer.
func (f *fixture) seat(role, body string) (*Outcome, string) {
	f.t.Helper()
	addr := map[string]string{"north": "alice@example.org", "south": "bob@example.org"}[role]
	o := f.handle(f.mail(addr, "["+f.game+"]", "secret: "+f.secrets[adjudicator.Role(role)]+"\n"+body))
	return o, flat(f.lastTo(addr).Text)
}

func (f *fixture) tick() int {
	f.t.Helper()
	n, err := f.j.Tick()
	require.NoError(f.t, err)
	return n
}

// mailsTo counts the mails of kind to addr.
func (f *fixture) mailsTo(addr, kind string) int {
	n := 0
	for _, m := range f.outbox() {
		if m.To[0] == addr && m.Kind == kind {
			n++
		}
	}
	return n
}

func (f *fixture) notes() []string {
	var out []string
	require.NoError(f.t, f.db.View(func(tx *store.Tx) error {
		return tx.Log(f.game, 1, func(e *store.LogEntry) error {
			if e.Kind == record.KindNote {
				out = append(out, e.Role+": "+strings.Join(e.Lines, " "))
			}
			return nil
		})
	}))
	return out
}

func TestBaseDeadline(t *testing.T) {
	madrid, _ := time.LoadLocation("Europe/Madrid")
	fri := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC) // a Friday
	// A duration, no policy: now plus the hours.
	require.Equal(t, fri.Add(48*time.Hour), BaseDeadline(store.Policy{}, 48*time.Hour, fri))
	// Weekends off: Friday noon plus 24 h is Monday noon, Madrid time.
	got := BaseDeadline(store.Policy{WeekendsOff: true, TZ: "Europe/Madrid"}, 24*time.Hour, fri)
	require.Equal(t, time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC), got)
	// A time of day: the first 20:00 in Madrid at least 24 h away.
	got = BaseDeadline(store.Policy{At: "20:00", TZ: "Europe/Madrid"}, 24*time.Hour, fri)
	require.Equal(t, time.Date(2026, 11, 21, 20, 0, 0, 0, madrid), got.In(madrid))
	// ... never on a weekend when weekends are off.
	got = BaseDeadline(store.Policy{At: "20:00", TZ: "Europe/Madrid", WeekendsOff: true}, 2*time.Hour, fri)
	require.Equal(t, time.Date(2026, 11, 20, 20, 0, 0, 0, madrid), got.In(madrid), "Friday 20:00 is before the weekend")
	got = BaseDeadline(store.Policy{At: "20:00", TZ: "Europe/Madrid", WeekendsOff: true}, 10*time.Hour, fri)
	require.Equal(t, time.Date(2026, 11, 23, 20, 0, 0, 0, madrid), got.In(madrid), "then Monday")
	// Across a change of summer time the clock time holds.
	mar := time.Date(2027, 3, 27, 12, 0, 0, 0, time.UTC)
	got = BaseDeadline(store.Policy{At: "20:00", TZ: "Europe/Madrid"}, 24*time.Hour, mar)
	require.Equal(t, "2027-03-28 20:00 CEST", got.In(madrid).Format("2006-01-02 15:04 MST"))
}

func TestDeadlineAtTimeOfDayAndPlayerZone(t *testing.T) {
	f := newFixture(t)
	_, text := f.gmSay("deadline at 20:00 Europe/Madrid\nweekends off")
	require.Contains(t, text, "deadlines fall at 20:00 Europe/Madrid")
	require.Contains(t, text, "do not count towards deadlines")
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "The GM changed the rules")
	g := f.game_()
	require.Equal(t, store.Policy{At: "20:00", TZ: "Europe/Madrid", WeekendsOff: true}, g.Policy)
	require.Equal(t, []string{"gm: deadline at 20:00 Europe/Madrid", "gm: weekends off"}, f.notes())

	// Bob wants deadlines in his own zone.
	o, text := f.seat("south", "timezone America/New_York")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "deadlines are shown to you in America/New_York")
	require.Contains(t, text, "token: ")
	require.Equal(t, "America/New_York", f.game_().Player("south").TZ)

	// The next decision: Saturday noon UTC plus 72 h, weekend not counted,
	// is Thursday 12:00 UTC; then 20:00 Madrid.
	o, _ = f.seat("north", "pick 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g = f.game_()
	madrid, _ := time.LoadLocation("Europe/Madrid")
	require.Equal(t, time.Date(2026, 11, 26, 20, 0, 0, 0, madrid), g.Deadline.In(madrid))
	rep := f.lastTo("bob@example.org")
	require.Contains(t, rep.Subject, "(due Thu 26 Nov 14:00 EST)", "south sees New York time")

	// Faulty lines change nothing.
	before := f.game_()
	o, text = f.gmSay("deadline at 25:00")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "not a time of day")
	_, text = f.gmSay("deadline at 20:00 Mars/Olympus")
	require.Contains(t, text, "not a time zone")
	o, text = f.seat("south", "timezone Nowhere/Land")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "not a time zone")
	o, text = f.seat("south", "timezone UTC\npick 2")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "email of their own")
	after := f.game_()
	require.Equal(t, before.Policy, after.Policy)
	require.Equal(t, before.Seq, after.Seq)
	require.Equal(t, "America/New_York", after.Player("south").TZ)
}

func TestGraceLatenessAndStatistics(t *testing.T) {
	f := newFixture(t)
	f.gmSay("grace 6")
	f.seat("north", "pick 2")
	g := f.game_()
	f.now = g.Deadline.Add(time.Minute)
	require.Equal(t, 1, f.tick())
	late := f.lastTo("bob@example.org")
	require.Contains(t, late.Subject, "You are late")
	require.Contains(t, late.Text, "still taken until Tue 24 Nov 18:00 UTC")
	g = f.game_()
	require.Equal(t, 1, g.Status.Turn, "no default in the grace period")
	require.Equal(t, g.Deadline.Add(6*time.Hour), g.GraceUntil)
	require.Equal(t, g.GraceUntil, g.WakeAt())
	require.Equal(t, 0, f.tick(), "nothing more until the grace ends")

	// Bob's orders in the grace period apply; they count as late.
	f.now = g.Deadline.Add(2 * time.Hour)
	o, _ := f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g = f.game_()
	require.Equal(t, 2, g.Status.Turn)
	require.Equal(t, store.SeatStats{Late: 1}, g.Player("south").Stats)
	require.Equal(t, store.SeatStats{OnTime: 1}, g.Player("north").Stats)
	require.True(t, g.GraceUntil.IsZero())

	// Next round nobody answers: after the grace, defaults; both missed.
	f.now = g.Deadline.Add(time.Minute)
	require.Equal(t, 1, f.tick())
	f.now = g.Deadline.Add(6*time.Hour + time.Minute)
	require.Equal(t, 1, f.tick())
	g = f.game_()
	require.Equal(t, 3, g.Status.Turn, "defaults after the grace")
	require.Equal(t, 1, g.Player("north").Stats.Missed)
	require.Equal(t, 1, g.Player("south").Stats.Missed)
}

func TestRemindersPerGameAndPerPlayer(t *testing.T) {
	f := newFixture(t)
	_, text := f.gmSay("reminders 24,2")
	require.Contains(t, text, "reminded 24,2 hours before")
	o, _ := f.seat("south", "reminders 5")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, _ = f.seat("north", "reminders off")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g := f.game_()
	dl := g.Deadline
	// Only personal reminders: south's 5 h (north's are off).
	require.Equal(t, dl.Add(-5*time.Hour), g.WakeAt())
	f.now = dl.Add(-5 * time.Hour)
	require.Equal(t, 1, f.tick())
	require.Equal(t, 1, f.mailsTo("bob@example.org", "reminder"))
	require.Equal(t, 0, f.mailsTo("alice@example.org", "reminder"))
	require.Equal(t, 0, f.tick(), "sent once")
	require.Equal(t, dl, f.game_().WakeAt())

	// Back to the game's reminders: 24 and 2 hours before, once each.
	f.now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	f.seat("south", "reminders game")
	f.seat("north", "reminders game")
	f.gmSay("deadline 48")
	g = f.game_()
	dl = g.Deadline
	f.now = dl.Add(-24 * time.Hour)
	require.Equal(t, 1, f.tick())
	require.Equal(t, 0, f.tick())
	f.now = dl.Add(-2 * time.Hour)
	require.Equal(t, 1, f.tick())
	require.Equal(t, 0, f.tick())
	require.Equal(t, 3, f.mailsTo("bob@example.org", "reminder"))
	require.Equal(t, 2, f.mailsTo("alice@example.org", "reminder"))

	_, text = f.gmSay("reminders 0")
	require.Contains(t, text, "NOT applied")
	o, _ = f.seat("south", "reminders soon")
	require.Equal(t, store.OutcomeRejected, o.Kind)
}

func TestAbsenceMovesDeadlineWithinBudget(t *testing.T) {
	f := newFixture(t)
	g := f.game_()
	require.Equal(t, time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC), g.Deadline)
	o, text := f.seat("south", "absent 2026-11-23 to 2026-11-25")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "the current deadline moves to Thu 26 Nov 00:00 UTC")
	g = f.game_()
	require.Equal(t, time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), g.Deadline)
	require.Equal(t, 2, g.Player("south").Absences[0].Charged)
	require.Contains(t, flat(f.lastTo("alice@example.org").Text), "The deadline moved for South's absence")
	require.Contains(t, f.notes(), "south: absent 2026-11-23 to 2026-11-25")

	// A budget of 3 days: a long absence moves the deadline 1 more day only.
	f.gmSay("vacations 3")
	o, _ = f.seat("north", "absent 2026-11-25 to 2026-12-10")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g = f.game_()
	require.Equal(t, time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC).Add(3*24*time.Hour), g.Deadline, "north's 3 days")

	// Tournament rule: no absences.
	f.gmSay("vacations off")
	o, text = f.seat("south", "absent 2026-12-20 to 2026-12-24")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "allows no absences")
	o, text = f.seat("north", "absent 2026-12-24 to 2026-12-20")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "NOT applied")
	require.Len(t, f.game_().Player("south").Absences, 1)
	f.gmSay("abandon")
	f.checkFinishedRecord()
}

func TestPauseResumeAndCaps(t *testing.T) {
	f := newFixture(t)
	g := f.game_()
	dl := g.Deadline
	_, text := f.gmSay("pause 30 club trip")
	require.Contains(t, text, "1 to 14 days")
	_, text = f.gmSay("pause 3 club trip")
	require.Contains(t, text, "paused until Tue 24 Nov 12:00 UTC")
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "paused the game for at most 3 days: club trip")
	g = f.game_()
	require.True(t, g.Deadline.IsZero())
	require.Equal(t, g.Pause.Until, g.WakeAt())
	_, text = f.gmSay("extend 5")
	require.Contains(t, text, "paused")
	// A day later the GM resumes: the deadline is 72 h away again.
	f.now = f.now.Add(24 * time.Hour)
	_, text = f.gmSay("resume")
	require.Contains(t, text, "the game resumed")
	g = f.game_()
	require.Nil(t, g.Pause)
	require.Equal(t, dl.Add(24*time.Hour), g.Deadline)
	// Extend is capped per use.
	_, text = f.gmSay("extend 100")
	require.Contains(t, text, "1 to 72")
	_, text = f.gmSay("extend 12")
	require.Contains(t, text, "the deadline is now")
	require.Equal(t, dl.Add(36*time.Hour), f.game_().Deadline)
	// A pause left alone resumes by itself at its cap.
	f.gmSay("pause")
	f.now = f.game_().Pause.Until
	require.Equal(t, 1, f.tick())
	g = f.game_()
	require.Nil(t, g.Pause)
	require.Equal(t, f.now.Add(dl.Add(36*time.Hour).Sub(f.now.Add(-14*24*time.Hour))), g.Deadline)
	require.Contains(t, flat(f.lastTo("alice@example.org").Text), "the pause reached its end")
	require.Equal(t, []string{"gm: pause 3 club trip", "gm: resume", "gm: extend 12", "gm: pause 14", "gm: resume"}, f.notes())
	// The notes keep the record verifiable and replayable.
	f.gmSay("abandon")
	f.checkFinishedRecord()
}

func TestPlayingGMNeedsAgreementToPause(t *testing.T) {
	f := newFixture(t)
	// The GM takes north's seat.
	f.gmSay("replace north gm@example.org")
	o, text := f.gmSay("pause 2 holidays")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "the pause begins when south agree")
	require.Nil(t, f.game_().Pause)
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "agree pause")
	o, _ = f.seat("south", "agree pause")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g := f.game_()
	require.NotNil(t, g.Pause)
	require.Nil(t, g.PauseRequest)
	require.Contains(t, flat(f.lastTo("gm@example.org").Text), "Every player agreed")
	o, text = f.seat("south", "agree pause")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "asked for no pause")
}

func TestMissedWaitAndCivilDisorder(t *testing.T) {
	f := newFixture(t)
	_, text := f.gmSay("missed sometimes")
	require.Contains(t, text, "missed wait, missed defaults, or missed forfeit N")
	f.gmSay("missed wait")
	f.seat("north", "pick 2")
	g := f.game_()
	f.now = g.Deadline.Add(time.Minute)
	require.Equal(t, 1, f.tick())
	g = f.game_()
	require.Equal(t, 1, g.Status.Turn, "the game waits")
	require.True(t, g.Deadline.IsZero())
	require.Contains(t, f.lastTo("gm@example.org").Subject, "Deadline missed by South")
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "The game waits for your orders")
	o, _ := f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g = f.game_()
	require.Equal(t, store.SeatStats{Late: 1, Missed: 1}, g.Player("south").Stats)
	require.Equal(t, 0, g.Player("south").MissedInRow)

}

func TestMissedForfeitCivilDisorder(t *testing.T) {
	f := newFixture(t)
	// Forfeit after 2 misses in a row: civil disorder, the GM told.
	f.gmSay("missed forfeit 2")
	for round := 0; round < 2; round++ {
		f.seat("north", "pick 2")
		f.now = f.game_().Deadline.Add(time.Minute)
		require.Equal(t, 1, f.tick())
	}
	g := f.game_()
	require.True(t, g.Player("south").Disorder)
	require.Equal(t, 2, g.Player("south").MissedInRow)
	require.Contains(t, flat(f.lastTo("gm@example.org").Text)+strings.Join(f.notes(), "|"), "disorder south")
	// Sending orders again ends it.
	o, _ := f.seat("south", "pick 3")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.False(t, f.game_().Player("south").Disorder)
	back := false
	for _, m := range f.outbox() {
		back = back || (m.To[0] == "gm@example.org" && strings.Contains(m.Subject, "South is back"))
	}
	require.True(t, back, "the GM is told")
}

func TestOperatorCommands(t *testing.T) {
	f := newFixture(t)
	out, err := f.j.GMCommands(f.game, []string{"grace 6", "reminders 12"})
	require.NoError(t, err)
	require.Contains(t, out, "12 hours before")
	require.Equal(t, 6, f.game_().Policy.GraceHours)
	require.Contains(t, flat(f.lastTo("gm@example.org").Text), "The server's operator ran GM commands")
	seq := f.game_().Seq
	_, err = f.j.GMCommands(f.game, []string{"grace 2", "extend 500"})
	require.ErrorContains(t, err, "1 to 72")
	require.Equal(t, 6, f.game_().Policy.GraceHours, "nothing applied")
	require.Equal(t, seq, f.game_().Seq)
	_, err = f.j.GMCommands(f.game, []string{"dance"})
	require.ErrorContains(t, err, "not a GM command")

	out, err = f.j.SeatCommands(f.game, "south", []string{"timezone Asia/Tokyo", "absent 2026-11-24 to 2026-11-24"})
	require.NoError(t, err)
	require.Contains(t, out, "Asia/Tokyo")
	g := f.game_()
	require.Equal(t, "Asia/Tokyo", g.Player("south").TZ)
	require.Equal(t, []store.Absence{{From: "2026-11-24", To: "2026-11-24", Charged: 1}}, g.Player("south").Absences)
	require.Equal(t, time.Date(2026, 11, 24, 15, 0, 0, 0, time.UTC), g.Deadline, "midnight after the absence, Tokyo time")
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "The server's operator changed your settings")
	_, err = f.j.SeatCommands(f.game, "south", []string{"pick 2"})
	require.ErrorContains(t, err, "not a seat setting")
	_, err = f.j.SeatCommands(f.game, "nobody", []string{"timezone UTC"})
	require.ErrorContains(t, err, "no side")
}

// flat is text with its lines joined: mail is wrapped.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

func TestSubstituteGetsFullPhaseReportAndOwnRecord(t *testing.T) {
	f := newFixture(t)
	// South misses a round (defaults), so his seat has a record.
	f.seat("north", "pick 2")
	f.now = f.game_().Deadline.Add(time.Minute)
	require.Equal(t, 1, f.tick())
	require.Equal(t, 1, f.game_().Player("south").Stats.Missed)
	// Near the next deadline the GM hands south's seat to carol.
	dl := f.game_().Deadline
	f.now = dl.Add(-2 * time.Hour)
	o, text := f.gmSay("replace south carol@example.org")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "full phase")
	g := f.game_()
	p := g.Player("south")
	require.Equal(t, "carol@example.org", p.Email)
	require.Equal(t, store.SeatStats{}, p.Stats, "the newcomer's record starts fresh")
	require.Equal(t, f.now, p.Since)
	require.Equal(t, f.now.Add(time.Duration(g.DeadlineHours)*time.Hour).Truncate(time.Minute), g.Deadline, "a full phase")
	// Carol gets a welcome with a fresh secret and the full report.
	var welcome, report bool
	for _, m := range f.outbox() {
		if m.To[0] == "carol@example.org" {
			welcome = welcome || m.Kind == "welcome"
			report = report || m.Kind == "report"
		}
	}
	require.True(t, welcome && report, "welcome and report to the newcomer")
	// Everybody is told: north of the new player and the new deadline,
	// bob that his seat is gone.
	var toldNorth, toldBob bool
	for _, m := range f.outbox() {
		toldNorth = toldNorth || (m.To[0] == "alice@example.org" && strings.Contains(m.Subject, "South has a new player"))
		toldBob = toldBob || (m.To[0] == "bob@example.org" && strings.Contains(m.Subject, "Your seat was handed over"))
	}
	require.True(t, toldNorth && toldBob)
	require.Contains(t, flat(f.lastTo("alice@example.org").Text), "full phase")
	require.Equal(t, []string{"gm: replace south"}, f.notes())
	// A seat that owes nothing keeps the deadline: north already picked.
	f.seat("north", "pick 2")
	dl = f.game_().Deadline
	f.gmSay("replace north dave@example.org")
	require.Equal(t, dl, f.game_().Deadline)
	f.gmSay("abandon")
	f.checkFinishedRecord()
}
