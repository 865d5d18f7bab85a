package richard3

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
)

// Every line of the narrative of random games that the game reads back
// into a message reads, in English, exactly as it was written; in Spanish
// and Italian it renders with every placeholder filled. The commonest
// lines are all read.
func TestNarrationReadsAsTheText(t *testing.T) {
	cat := gameCatalog(t)
	var s0 State
	read, lines := 0, 0
	keys := map[string]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		playRandom(t, seed, "", false, func(_ *State, res *adjudicator.Result) {
			for _, ev := range res.Events {
				for _, l := range strings.Split(ev.Text, "\n") {
					lines++
					m, ok := s0.NarrationMsg(l)
					if !ok {
						continue
					}
					read++
					keys[m.Key]++
					require.Equal(t, l, cat.Text("en", m), "%s", m)
					for _, lang := range []string{"es", "it"} {
						got := cat.Text(lang, m)
						require.NotContains(t, got, "<no value>", "%s %s", lang, m)
						require.NotContains(t, got, "r3.", "%s %s", lang, m)
					}
				}
			}
		})
	}
	t.Logf("%d of %d lines read; keys: %v", read, lines, keys)
	require.Greater(t, read*100/lines, 90, "most of the narrative should be read")
	for _, k := range []string{"r3.ev.you_play", "r3.ev.cards", "r3.ev.moves", "r3.ev.you_move", "r3.ev.recruits", "r3.battle.round", "r3.battle.indent", "r3.battle.wins", "r3.ev.your_eliminated"} {
		require.NotZero(t, keys[k], "no line read as %s", k)
	}
}
