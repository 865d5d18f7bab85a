package columbia

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/adjudicator/textbuf"
	"github.com/stretchr/testify/require"
)

// groupLog is what TellAsEvents gives, built from the log: consecutive
// lines for the same readers make one event, head, the first line
// trimmed, then the others on lines of their own.
func groupLog(head string, log []adjudicator.Event) []string {
	var out []string
	for i := 0; i < len(log); {
		t := head + strings.TrimSpace(log[i].Text)
		j := i + 1
		for ; j < len(log) && sameRoles(log[i].To, log[j].To); j++ {
			t += "\n" + log[j].Text
		}
		out = append(out, t)
		i = j
	}
	return out
}

// TestTellAsEvents: random battles, paused at every decision and
// resumed on clones, write the same log with TellAsEvents as without,
// and each run's events are its lines grouped by readers.
func TestTellAsEvents(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		plain, h := randomBattle(t, testdice.New(seed), true)
		told, h2 := randomBattle(t, testdice.New(seed), true)
		picks, picks2 := testdice.New(seed+1), testdice.New(seed+1)
		dice, dice2 := testdice.New(seed*31), testdice.New(seed*31)
		var w textbuf.Buf
		w.Reset(make([]byte, 0, 16)) // small: the events outgrow it
		p, err := plain.Run(h, stopAll{}, dice)
		require.NoError(t, err)
		told.TellAsEvents("Battle of Here: ", &w)
		p2, err := told.Run(h2, stopAll{}, dice2)
		require.NoError(t, err)
		from := 0
		for steps := 0; ; steps++ {
			require.Less(t, steps, 1000, "seed %d", seed)
			want, got := groupLog("Battle of Here: ", told.Log[from:]), told.EventTexts()
			require.Equal(t, len(want), len(got), "seed %d", seed)
			for i := range want {
				require.Equal(t, want[i], got[i], "seed %d", seed)
			}
			require.Equal(t, plain.Log, told.Log, "seed %d", seed)
			if p == nil {
				require.Nil(t, p2)
				break
			}
			from = len(told.Log)
			plain, told = plain.Clone(), told.Clone()
			c := plain.Pending.Choices[picks.Intn(len(plain.Pending.Choices))]
			c2 := told.Pending.Choices[picks2.Intn(len(told.Pending.Choices))]
			p, err = plain.Resume(c, h, stopAll{}, dice)
			require.NoError(t, err)
			told.TellAsEvents("Battle of Here: ", &w)
			p2, err = told.Resume(c2, h2, stopAll{}, dice2)
			require.NoError(t, err)
		}
	}
}
