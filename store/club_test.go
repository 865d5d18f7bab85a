package store

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// WakeAt follows the club rules: reminders of the game and of each owing
// seat, each once; the grace period; a pause.
func TestWakeAtClubRules(t *testing.T) {
	t0 := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	g := &Game{ID: "g", Deadline: t0.Add(72 * time.Hour), Owing: []string{"a", "b"},
		Players: []Player{{Role: "a"}, {Role: "b", Reminders: []int{2}}},
		Policy:  Policy{Reminders: []int{24, 6}}}
	require.Equal(t, t0.Add(48*time.Hour), g.WakeAt(), "the game's 24 h reminder, for a")
	g.Reminded = []string{"24"}
	require.Equal(t, t0.Add(66*time.Hour), g.WakeAt())
	g.Reminded = append(g.Reminded, "6")
	require.Equal(t, t0.Add(70*time.Hour), g.WakeAt(), "b's own reminder")
	g.Players[0].RemindersOff = true
	g.Reminded = nil
	require.Equal(t, t0.Add(70*time.Hour), g.WakeAt(), "nobody keeps the game's reminders")
	g.Players[1].Disorder = true
	require.Equal(t, g.Deadline, g.WakeAt(), "no reminder to a seat in civil disorder")
	g.GraceUntil = g.Deadline.Add(6 * time.Hour)
	require.Equal(t, g.GraceUntil, g.WakeAt())
	g.Pause = &Pause{Until: t0.Add(24 * time.Hour)}
	require.Equal(t, t0.Add(24*time.Hour), g.WakeAt())
	g.Status.Finished = true
	require.True(t, g.WakeAt().IsZero())

	// A game of an older version: one reminder, counted.
	old := &Game{Deadline: t0, ReminderHours: 24}
	require.Equal(t, t0.Add(-24*time.Hour), old.WakeAt())
	old.RemindersSent = 1
	require.Equal(t, t0, old.WakeAt())
}

func TestCloneCopiesClubFields(t *testing.T) {
	g := &Game{Policy: Policy{Reminders: []int{24}}, Reminded: []string{"24"}, Pause: &Pause{Reason: "x"},
		PauseRequest: &PauseRequest{Agreed: []string{"a"}},
		Players:      []Player{{Role: "a", Reminders: []int{2}, Absences: []Absence{{From: "2026-01-01", To: "2026-01-02"}}}}}
	c := g.Clone()
	c.Policy.Reminders[0], c.Reminded[0], c.Pause.Reason, c.PauseRequest.Agreed[0] = 1, "1", "y", "b"
	c.Players[0].Reminders[0], c.Players[0].Absences[0].From = 1, "x"
	require.Equal(t, 24, g.Policy.Reminders[0])
	require.Equal(t, "24", g.Reminded[0])
	require.Equal(t, "x", g.Pause.Reason)
	require.Equal(t, "a", g.PauseRequest.Agreed[0])
	require.Equal(t, 2, g.Players[0].Reminders[0])
	require.Equal(t, "2026-01-01", g.Players[0].Absences[0].From)
}
