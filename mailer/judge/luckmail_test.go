package judge

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator/luck"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
	"github.com/pbem/pbem/store"
)

// luckMails are the luck reports queued to addr.
func (f *fixture) luckMails(addr string) []*store.OutMail {
	var out []*store.OutMail
	for _, m := range f.outbox() {
		if m.To[0] == addr && m.Kind == "luck" {
			out = append(out, m)
		}
	}
	return out
}

// wantLuck is the luck report of the fixture's game as anyone may
// compute it from its record now, in lang.
func (f *fixture) wantLuck(lang string) string {
	f.t.Helper()
	rec, err := f.j.Export(f.game, false)
	require.NoError(f.t, err)
	rep, err := luck.Compute(rec)
	require.NoError(f.t, err)
	text, err := LuckText(rep, f.j.opt.Templates.Catalog, lang)
	require.NoError(f.t, err)
	return text
}

// playToTheEnd has both sides pick until the duel is over.
func (f *fixture) playToTheEnd() {
	f.t.Helper()
	for i := 0; i < 40 && !f.game_().Status.Finished; i++ {
		f.player("alice@example.org", "north", "pick 3")
		f.player("bob@example.org", "south", "pick 1")
	}
	require.True(f.t, f.game_().Status.Finished)
}

// A game that ends by its rules mails every player and the GM its luck
// report, in one more mail of the same transaction, before the final
// reports; the report is the one the verified record gives, its tables
// as they are, all of it in the reader's language.
func TestLuckReportMailedWhenTheGameEnds(t *testing.T) {
	f := newFixture(t)
	_, text := f.gmSay("language south es")
	require.Contains(t, text, "south")
	f.playToTheEnd()
	want := map[string]string{"en": f.wantLuck("en"), "es": f.wantLuck("es")}
	require.Contains(t, want["en"], "All sides together")
	require.Contains(t, want["es"], "Todos los bandos juntos")
	all := f.outbox()
	for addr, lang := range map[string]string{"alice@example.org": "en", "bob@example.org": "es", "gm@example.org": "en"} {
		got := f.luckMails(addr)
		require.Len(t, got, 1, addr)
		m := got[0]
		require.Contains(t, m.Text, want[lang], "the report as package luck writes it in the reader's language, tables unwrapped")
		require.Equal(t, f.game, m.GameID)
		// The final report comes after it.
		last := f.lastTo(addr)
		require.NotEqual(t, m.ID, last.ID)
		require.Contains(t, last.Text, f.game_().Status.Result, "the final report")
	}
	require.Contains(t, f.luckMails("alice@example.org")[0].Text, "is over. Here is its luck report")
	require.Contains(t, f.luckMails("bob@example.org")[0].Text, "ha terminado", "in the reader's language")
	require.Contains(t, f.luckMails("bob@example.org")[0].Subject, "Informe de suerte")
	es := f.luckMails("bob@example.org")[0].Text
	for _, s := range []string{"Informe de suerte de la partida", "cara ", "salió ", "grados de libertad", "p es la probabilidad"} {
		require.Contains(t, es, s)
	}
	i18ntest.NoEnglish(t, f.j.opt.Templates.Catalog, "es", es, "luck.")
	require.NotContains(t, es, "inglés")
	// Only once: the end's mails are not sent again.
	f.now = f.now.Add(100 * time.Hour)
	f.tick()
	require.Len(t, f.outbox(), len(all))
}

// A game abandoned or resigned carries its luck report in the game-over
// mail itself.
func TestLuckReportInTheGameOverMail(t *testing.T) {
	f := newFixture(t)
	f.player("alice@example.org", "north", "pick 2")
	f.player("bob@example.org", "south", "pick 2")
	n := len(f.outbox())
	require.Equal(t, store.OutcomeAccepted, f.player("bob@example.org", "south", "resign").Kind)
	want := f.wantLuck("en")
	got := f.mailsSince(n)
	for _, addr := range []string{"alice@example.org", "bob@example.org", "gm@example.org"} {
		require.Len(t, got[addr], 1, addr)
		require.Contains(t, got[addr][0].Subject, "Game over: South resigned; North wins")
		require.Contains(t, got[addr][0].Text, "South resigned")
		require.Contains(t, got[addr][0].Text, want)
	}
}

// The GM's "luck" sends the report so far to the GM, "luck all" to
// every player too: during the game it counts only the dice whose secret
// is revealed, and never reveals a secret.
func TestGMAsksForTheLuckReport(t *testing.T) {
	f := newFixture(t)
	for i := 0; i < 2; i++ {
		f.player("alice@example.org", "north", "pick 2")
		f.player("bob@example.org", "south", "pick 3")
	}
	g := f.game_()
	require.False(t, g.Status.Finished)
	revealed := g.Dice.RevealedThrough
	o, text := f.gmSay("luck")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Contains(t, text, "the luck report goes to the GM")
	got := f.luckMails("gm@example.org")
	require.Len(t, got, 1)
	require.Contains(t, got[0].Text, "so far")
	require.Contains(t, got[0].Text, f.wantLuck("en"))
	require.Contains(t, flat(got[0].Text), "epochs 1 to")
	require.Empty(t, f.luckMails("alice@example.org"))
	require.Equal(t, revealed, f.game_().Dice.RevealedThrough, "no secret revealed")
	rec, err := f.j.Export(f.game, false)
	require.NoError(t, err)
	require.Nil(t, rec.Dice.HiddenSecret)

	o, _ = f.gmSay("luck all")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	require.Len(t, f.luckMails("alice@example.org"), 1)
	require.Len(t, f.luckMails("bob@example.org"), 1)
	o, text = f.gmSay("luck everybody")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, "luck all")

	// On the command line too, and after the game's end.
	out, err := f.j.GMCommands(f.game, []string{"luck"})
	require.NoError(t, err)
	require.Contains(t, out, "the luck report goes to the GM")
	require.NoError(t, f.j.EndGame(f.game, "club closed"))
	n := len(f.luckMails("gm@example.org"))
	out, err = f.j.GMCommands(f.game, []string{"luck all"})
	require.NoError(t, err)
	require.Contains(t, out, "every player")
	require.Len(t, f.luckMails("gm@example.org"), n+1)
	_, err = f.j.GMCommands(f.game, []string{"deadline 24"})
	require.ErrorContains(t, err, "is over")
}
