package hammer

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
	var s0 St
	n := i18ntest.Narration{Cat: cat, Prefix: "ham."}
	for seed := uint64(1); seed <= 12; seed++ {
		playRandom(t, seed, "", false, func(_ *St, res *adjudicator.Result) {
			for _, ev := range res.Events {
				for _, l := range strings.Split(ev.Text, "\n") {
					n.Line(t, &s0, l)
				}
			}
		})
	}
	t.Logf("%d of %d lines read; keys: %v", n.Read, n.Lines, n.Keys)
	require.GreaterOrEqual(t, n.Read*100/n.Lines, 99, "the narrative should be read")
	for _, k := range []string{"ham.ev.you_play", "ham.ev.cards", "ham.ev.moves", "ham.ev.moves_seen", "ham.ev.your_moves", "ham.ev.battle", "ham.ev.battle_line", "ham.battle.indent", "ham.battle.wins", "ham.ev.winter"} {
		require.NotZero(t, n.Keys[k], "no line read as %s", k)
	}
}

// The result of a finished game reads back into a message too, so that
// the game-over lines of reports come in the reader's language.
func TestResultAsMessage(t *testing.T) {
	cat := gameCatalog(t)
	var s0 St
	for seed := uint64(1); seed <= 20; seed++ {
		var last *St
		playRandom(t, seed, "", false, func(s *St, _ *adjudicator.Result) { last = s })
		r := last.Status().Result
		m, ok := s0.NarrationMsg(r)
		require.True(t, ok, "result %q is not read", r)
		i18ntest.Check(t, cat, r, m, "ham.", true)
	}
}
