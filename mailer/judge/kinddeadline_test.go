package judge

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/store"
)

// A kind of decision may get its own time ("deadline for KIND HOURS"):
// a plain duration from the decision, whatever the game's time of day;
// the game's usual time again with "default".
func TestDeadlinePerKindOfDecision(t *testing.T) {
	f := newFixture(t)
	o, text := f.gmSay("deadline at 20:00 Europe/Madrid\ndeadline for pick 6")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, `a decision of kind "pick" gets 6 hours`)
	require.Equal(t, map[string]int{"pick": 6}, f.game_().Policy.KindHours)
	require.Contains(t, flat(f.lastTo("bob@example.org").Text), "The GM changed the rules of game")

	// The next pick: six hours from the decision, not 20:00 Madrid.
	o, _ = f.seat("north", "pick 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, _ = f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	g := f.game_()
	require.Equal(t, f.now.Add(6*time.Hour).Truncate(time.Minute), g.Deadline)

	// Back to the game's rule: the first 20:00 in Madrid at least 72 h on.
	o, text = f.gmSay("deadline for pick default")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, `gets the game's usual time again`)
	o, _ = f.seat("north", "pick 2")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, _ = f.seat("south", "pick 1")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	madrid, _ := time.LoadLocation("Europe/Madrid")
	d := f.game_().Deadline.In(madrid)
	require.Equal(t, 20, d.Hour())
	require.GreaterOrEqual(t, d.Sub(f.now), 72*time.Hour)

	// Bad lines change nothing.
	for _, bad := range []string{"deadline for pick", "deadline for pick 0", "deadline for b@ttle 6", "deadline for pick 99999"} {
		o, text = f.gmSay(bad)
		require.Equal(t, store.OutcomeRejected, o.Kind, bad)
		require.Contains(t, text, "deadline for KIND HOURS", bad)
	}
	require.Empty(t, f.game_().Policy.KindHours)
}

// A faulty time of day or zone is explained in the GM's language.
func TestParserErrorsInTheGMsLanguage(t *testing.T) {
	f := newFixture(t)
	o, _ := f.gmSay("language gm es")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	o, text := f.gmSay("deadline at 25:00")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, `"25:00" no es una hora del día`)
	o, text = f.gmSay("deadline at 20:00 Mars/Olympus")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, `"Mars/Olympus" no es una zona horaria`)
	o, text = f.seat("south", "timezone Nowhere/Land")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, `"Nowhere/Land" is not a time zone`, "the player reads English")
}
