package richard3

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// Every line of the narrative of random games that the game reads back
// into a message reads, in English, exactly as it was written; in Spanish
// and Italian it renders with every placeholder filled. The commonest
// lines are all read.
func TestNarrationReadsAsTheText(t *testing.T) {
	cat := gameCatalog(t)
	var s0 State
	n := i18ntest.Narration{Cat: cat, Prefix: "r3."}
	for seed := uint64(1); seed <= 12; seed++ {
		playRandom(t, seed, "", false, func(_ *State, res *adjudicator.Result) {
			for _, ev := range res.Events {
				for _, l := range strings.Split(ev.Text, "\n") {
					n.Line(t, &s0, l)
				}
			}
		})
	}
	t.Logf("%d of %d lines read; keys: %v", n.Read, n.Lines, n.Keys)
	require.GreaterOrEqual(t, n.Read*100/n.Lines, 99, "the narrative should be read")
	for _, k := range []string{"r3.ev.you_play", "r3.ev.cards", "r3.ev.moves", "r3.ev.you_move", "r3.ev.recruits", "r3.battle.round", "r3.battle.indent", "r3.battle.wins", "r3.ev.your_eliminated"} {
		require.NotZero(t, n.Keys[k], "no line read as %s", k)
	}
}

// The result of a finished game reads back into a message too, so that
// the game-over lines of reports come in the reader's language.
func TestResultAsMessage(t *testing.T) {
	cat := gameCatalog(t)
	var s0 State
	for seed := uint64(1); seed <= 20; seed++ {
		var last *State
		playRandom(t, seed, "", false, func(s *State, _ *adjudicator.Result) { last = s })
		r := last.Status().Result
		m, ok := s0.NarrationMsg(r)
		require.True(t, ok, "result %q is not read", r)
		i18ntest.Check(t, cat, r, m, "r3.", true)
	}
}
