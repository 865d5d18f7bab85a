package judge

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/i18n/i18ntest"
	"github.com/pbem/pbem/store"
)

// leagueMailsAny are the league's mails to addr, whatever their language.
func (f *fixture) leagueMailsAny(addr string) []*store.OutMail {
	var out []*store.OutMail
	for _, m := range f.outbox() {
		if m.To[0] == addr && strings.HasPrefix(m.Subject, "[club] ") {
			out = append(out, m)
		}
	}
	return out
}

// A league's result mail is in each reader's language: a player of the
// game in his seat's, a player of the league who is not in it in the one
// his address chose last. The result line, the standings (headings,
// tie-break, byes), the vacation days and the ratings with their
// explanations are translated; the figures and the addresses are as they
// are.
func TestLeagueResultMailInEachReadersLanguage(t *testing.T) {
	f := newLeagueFixture(t, 3)
	require.NoError(t, f.db.Update(func(tx *store.Tx) error {
		l, err := tx.League("club")
		if err != nil {
			return err
		}
		l.VacationDays = 5
		if err := tx.PutLeague(l); err != nil {
			return err
		}
		return tx.SetAddressLang("carol@example.org", "it")
	}))
	_, text := f.gmSay("language south es")
	require.Contains(t, text, "south")
	f.playToTheEnd()
	cat := f.j.opt.Templates.Catalog

	en := flat(f.leagueMailsAny("alice@example.org")[0].Text)
	require.Contains(t, en, "alice@example.org v bob@example.org: alice@example.org wins")
	require.Contains(t, en, "# player played won drawn lost byes points S-B to play")
	require.Contains(t, en, "Vacations: 5 days a year per player")
	require.Contains(t, en, "A side that misses 3 deadlines in a row loses by forfeit.")

	es := f.leagueMailsAny("bob@example.org")
	require.Len(t, es, 1)
	require.Contains(t, es[0].Subject, "Resultado de")
	text = flat(es[0].Text)
	require.Contains(t, text, "alice@example.org contra bob@example.org: gana alice@example.org")
	require.Contains(t, text, "Liga club: duel-test (standard), todos contra todos, 3 jugadores, 1 de 3 rondas emparejadas")
	require.Contains(t, text, "# jugador jugadas ganadas tablas perdidas descansos puntos S-B por jugar")
	require.Contains(t, text, "1 alice@example.org 1 1 0 0 0 1", "the figures as they are")
	require.Regexp(t, `\n +1 +alice@example\.org +1 +1 +0 +0 +0 +1 +0 +0\n`, es[0].Text, "a row of the table on one line, however wide")
	require.Contains(t, text, "Vacaciones: 5 días al año por jugador")
	require.Contains(t, text, "carol@example.org ningún día usado, quedan 5")
	require.Contains(t, text, "Ratings Glicko-2 de duel-test: 2 jugadores, 1 partidas en 1 ligas")
	require.Contains(t, text, "# jugador rating RD volatilidad partidas")
	require.Contains(t, text, "Un bando que falta a 3 plazos seguidos pierde por incomparecencia.")
	i18ntest.NoEnglish(t, cat, "es", es[0].Text, "league.")

	it := f.leagueMailsAny("carol@example.org")
	require.Len(t, it, 1, "carol plays no seat of the game: the language her address chose")
	require.Contains(t, it[0].Subject, "Risultato di")
	text = flat(it[0].Text)
	require.Contains(t, text, "alice@example.org contro bob@example.org: vince alice@example.org")
	require.Contains(t, text, "# giocatore giocate vinte patte perse riposi punti S-B da giocare")
	require.Contains(t, text, "Un rating ha il 95% di probabilità")
	i18ntest.NoEnglish(t, cat, "it", it[0].Text, "league.")

	// The check itself finds English where it is left.
	require.True(t, failsWith(t, func(tb testing.TB) { i18ntest.NoEnglish(tb, cat, "it", en, "league.") }), "English in an Italian mail is found")
}

// failing records a check's failure instead of failing the test.
type failing struct {
	testing.TB
	failed bool
}

func (f *failing) Helper()               {}
func (f *failing) Errorf(string, ...any) { f.failed = true }
func (f *failing) FailNow()              { f.failed = true; runtime.Goexit() }

// failsWith reports whether check fails.
func failsWith(t *testing.T, check func(testing.TB)) bool {
	f := &failing{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(f)
	}()
	<-done
	return f.failed
}

// An abandoned league game and a game finished by a substitute are told
// in the reader's language, in the result line and under the standings.
func TestLeagueVoidGameInSpanish(t *testing.T) {
	f := newLeagueFixture(t, 0)
	f.gmSay("language south es")
	o := f.gm("abandon")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	es := f.leagueMailsAny("bob@example.org")
	require.Len(t, es, 1)
	text := flat(es[0].Text)
	require.Contains(t, text, "alice@example.org contra bob@example.org: abandonada, no cuenta para nadie")
	require.Contains(t, text, "1 partida abandonada no cuenta para nadie.")
	require.Contains(t, text, "aún no ha terminado ninguna partida de liga de duel-test (1 ligas)")
	i18ntest.NoEnglish(t, f.j.opt.Templates.Catalog, "es", es[0].Text, "league.")
}
