package judge

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// lastTo is the text of the latest of mails to addr, its words joined by
// single spaces.
func lastTo(t *testing.T, mails map[string][]*store.OutMail, addr string) string {
	t.Helper()
	ms := mails[addr]
	require.NotEmpty(t, ms, "no mail to %s", addr)
	return strings.Join(strings.Fields(ms[len(ms)-1].Text), " ")
}

// A GM whose seat reads Spanish gets the answers to his commands, his
// refusals and his checks in Spanish; the players keep their own
// language.
func TestGMRepliesInGMLanguage(t *testing.T) {
	f := newFixture(t)
	n := len(f.outbox())
	require.Equal(t, store.OutcomeAccepted, f.gm("language gm es").Kind)
	require.Contains(t, lastTo(t, f.mailsSince(n), "gm@example.org"), "línea 2: el correo de gm está ahora en Español (es)")

	n = len(f.outbox())
	o := f.gm("deadline 48\nweekends off\nobserve watcher@example.net 12")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	got := f.mailsSince(n)
	reply := lastTo(t, got, "gm@example.org")
	require.Contains(t, reply, "línea 2: el plazo es ahora ")
	require.Contains(t, reply, "línea 3: los sábados y domingos")
	require.Contains(t, reply, "(se avisa a todos los jugadores)")
	require.Contains(t, reply, "línea 4: watcher@example.net observa la partida: informes públicos 12 horas después de los hechos")
	require.Contains(t, reply, "Para tus próximas órdenes de GM, pon esta línea junto a tu secreto: token: ")
	require.NotContains(t, reply, "line ")
	// The players read English, as they chose nothing.
	require.Contains(t, lastTo(t, got, "bob@example.org"), "The GM let an observer follow game")

	// A faulty line: the refusal, in Spanish.
	n = len(f.outbox())
	require.Equal(t, store.OutcomeRejected, f.gm("extend 2\ngrace 9999").Kind)
	reply = lastTo(t, f.mailsSince(n), "gm@example.org")
	require.Contains(t, reply, "Tus órdenes de GM para ["+f.game+"] NO se han aplicado: nada ha cambiado.")
	require.Contains(t, reply, "línea 3: grace HORAS (de 1 a ")
	require.Contains(t, reply, "Un correo del GM se aplica entero o nada")

	// A dry run, in Spanish too.
	n = len(f.outbox())
	require.Equal(t, store.OutcomeCheck, f.handle(f.mail("gm@example.org", "["+f.game+"] check", "secret: "+f.secrets["gm"]+"\nresume")).Kind)
	reply = lastTo(t, f.mailsSince(n), "gm@example.org")
	require.Contains(t, reply, "SOLO COMPROBACIÓN para ["+f.game+"]")
	require.Contains(t, reply, "línea 2: la partida no está en pausa")

	// The end of the game: each reader in his language.
	require.Equal(t, store.OutcomeAccepted, f.player("bob@example.org", "south", "language it").Kind)
	n = len(f.outbox())
	require.Equal(t, store.OutcomeAccepted, f.gm("abandon rain").Kind)
	got = f.mailsSince(n)
	var gmMail, bobMail, aliceMail string
	for addr, ms := range got {
		for _, m := range ms {
			if strings.Contains(m.Text, "rain") {
				switch addr {
				case "gm@example.org":
					gmMail += strings.Join(strings.Fields(m.Text), " ") + "\n"
				case "bob@example.org":
					bobMail = strings.Join(strings.Fields(m.Text), " ")
				case "alice@example.org":
					aliceMail = strings.Join(strings.Fields(m.Text), " ")
				}
			}
		}
	}
	require.Contains(t, gmMail, "línea 2: la partida ha terminado (abandonada por el GM: rain)")
	require.Contains(t, gmMail, "La partida ["+f.game+"] ha terminado: abandonada por el GM: rain.")
	require.Contains(t, bobMail, "La partita ["+f.game+"] è finita: abbandonata dal GM: rain.")
	require.Contains(t, aliceMail, "Game ["+f.game+"] is over: abandoned by the GM: rain.")
	// The log keeps the English text.
	g := f.gameOrNil()
	require.Equal(t, "abandoned by the GM: rain", g.Status.Result)
	// Mail after the end is told the result in the reader's language.
	n = len(f.outbox())
	require.Equal(t, store.OutcomeRejected, f.player("bob@example.org", "south", "pick 1").Kind)
	require.Contains(t, lastTo(t, f.mailsSince(n), "bob@example.org"), "(abbandonata dal GM: rain)")
}

// Mail that names no game, an unknown game or a game its sender does not
// play in is answered in the language the sender last chose, read from
// the store's address index.
func TestUntaggedMailInSendersLanguage(t *testing.T) {
	f := newFixture(t)
	require.Equal(t, store.OutcomeAccepted, f.player("bob@example.org", "south", "language es").Kind)

	n := len(f.outbox())
	o := f.handle(f.mail("bob@example.org", "hola", "¿qué debo?"))
	require.Equal(t, "no game tag", o.Reason)
	reply := lastTo(t, f.mailsSince(n), "bob@example.org")
	require.Contains(t, reply, "pbem no ha podido saber para qué partida es tu correo.")
	require.Contains(t, reply, "Tus partidas: "+f.game)

	n = len(f.outbox())
	f.handle(f.mail("bob@example.org", "[nosuch-9]", "hola"))
	require.Contains(t, lastTo(t, f.mailsSince(n), "bob@example.org"), "No hay ninguna partida \"nosuch-9\" en este servidor.")

	// Alice chose nothing: English.
	n = len(f.outbox())
	f.handle(f.mail("alice@example.org", "hello", "what now?"))
	require.Contains(t, lastTo(t, f.mailsSince(n), "alice@example.org"), "pbem could not tell which game your email is for.")

	// A seat's language given at creation counts; so does a game the
	// sender does not play in.
	c, err := f.j.NewGame(NewGameSpec{Game: "duel-test", Players: []PlayerSpec{
		{Role: "north", Email: "carla@example.it", Lang: "it"},
		{Role: "south", Email: "dan@example.org"},
	}, GM: "gm@example.org"})
	require.NoError(t, err)
	n = len(f.outbox())
	f.handle(f.mail("carla@example.it", "["+f.game+"]", "ciao"))
	require.Contains(t, lastTo(t, f.mailsSince(n), "carla@example.it"), "Il tuo indirizzo carla@example.it non gioca nella partita ["+f.game+"]")

	// A substitute takes the Spanish seat: his address reads Spanish.
	require.Equal(t, store.OutcomeAccepted, f.gm("replace south eva@example.org").Kind)
	n = len(f.outbox())
	f.handle(f.mail("eva@example.org", "hola", "hola"))
	require.Contains(t, lastTo(t, f.mailsSince(n), "eva@example.org"), "Tus partidas: "+f.game)

	// Back to English.
	require.Equal(t, store.OutcomeAccepted, f.handle(f.mail("carla@example.it", "["+c.Game.ID+"]", "language en")).Kind)
	n = len(f.outbox())
	f.handle(f.mail("carla@example.it", "hello", "hi"))
	require.Contains(t, lastTo(t, f.mailsSince(n), "carla@example.it"), "pbem could not tell which game your email is for.")
}

// The notes the platform writes into a game's log read in the reader's
// language, a result or a reason inside them too; other lines are left
// to the game.
func TestPlatformNotesTranslated(t *testing.T) {
	cat, err := i18n.New()
	require.NoError(t, err)
	en := func(key string, kv ...any) string { return cat.T(i18n.Default, key, kv...) }
	for _, c := range []struct{ line, lang, want string }{
		{en("end.over", "Game", "roses-7", "Result", en("end.abandoned_gm_reason", "Reason", "rain")), "es", "La partida [roses-7] ha terminado: abandonada por el GM: rain."},
		{en("end.over", "Game", "roses-7", "Result", en("end.resigned", "Role", "York", "Winner", "Lancaster")), "it", "La partita [roses-7] è finita: York si è arreso; vince Lancaster."},
		{en("end.over", "Game", "roses-7", "Result", "York wins by the Crown"), "es", "La partida [roses-7] ha terminado: York wins by the Crown."},
		{en("note.rollback_reason", "Entry", 12, "Reason", "typo"), "es", cat.T("es", "note.rollback_reason", "Entry", 12, "Reason", "typo")},
		{en("note.resumed", "Why", en("club.why.pause_ended")), "it", "La partita è ripresa (la pausa è terminata)."},
		{en("club.paused_reason", "Days", 7, "Reason", "holidays") + ".", "es", cat.T("es", "club.paused_reason", "Days", 7, "Reason", "holidays") + "."},
		{en("club.policy.grace", "Hours", 12), "it", cat.T("it", "club.policy.grace", "Hours", 12)},
	} {
		got, ok := platformNote(cat, c.lang, c.line)
		require.True(t, ok, c.line)
		require.Equal(t, c.want, got)
	}
	_, ok := platformNote(cat, "es", "York attacks Kent.")
	require.False(t, ok)
}
