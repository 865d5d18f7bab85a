package judge

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/store"
)

// Dates with a year are written with the day and month in the reader's
// language, as deadlines are.
func TestFormatDateInEachLanguage(t *testing.T) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	require.Equal(t, "Tue 24 Nov 2026 12:00 UTC", formatDate(at, "en"))
	require.Equal(t, "mar 24 nov 2026 12:00 UTC", formatDate(at, "es"))
	require.Equal(t, "mar 24 nov 2026 12:00 UTC", formatDate(at, "it"))
	require.Equal(t, formatTime(at, "es")[:len("mar 24 nov")], formatDate(at, "es")[:len("mar 24 nov")])
}

// A rejection of more lines than one reply quotes ends in the seat's
// language, as the rest of it.
func TestLongRejectionInSpanish(t *testing.T) {
	f := newFixture(t)
	f.gmSay("language south es")
	o := f.player("bob@example.org", "south", strings.Repeat("jump 1\n", maxProblems+3))
	require.Equal(t, store.OutcomeRejected, o.Kind)
	text := flat(f.lastTo("bob@example.org").Text)
	require.Contains(t, text, "(y 3 problemas más que no se listan)")
	require.Contains(t, text, "corrige antes las líneas de arriba")
	require.NotContains(t, text, "more problems")
}

// The GM's lines refused for a bad address, an unknown language, an
// unknown sender-authentication mode or a rollback out of range are
// answered in the GM's language.
func TestGMRefusalsInGMLanguage(t *testing.T) {
	f := newFixture(t)
	f.gmSay("language gm es")
	for line, want := range map[string]string{
		"unobserve not-an-address":      `"not-an-address" no es una dirección de correo`,
		"language south klingon":        `idioma desconocido "klingon": pbem habla inglés (en), español (es) e italiano (it)`,
		"auth sometimes":                `autenticación del remitente "sometimes": usa off, warn o require`,
		"observe x@example.org klingon": `observe DIRECCIÓN [HORAS] [IDIOMA]: idioma desconocido "klingon"`,
		"rollback 999":                  "rollback: la entrada 999 no está entre 1 y",
		"auth require":                  `la autenticación del remitente "require" necesita que el servidor compruebe los remitentes`,
	} {
		o, text := f.gmSay(line)
		require.NotEqual(t, store.OutcomeAccepted, o.Kind, line)
		require.Contains(t, text, want, line)
	}
	// In English, the words are those the GM always got.
	f.gmSay("language gm en")
	_, text := f.gmSay("rollback 999")
	require.Contains(t, text, "rollback: entry 999 is not between 1 and")
}

// The answer to "show" is framed in the seat's language (the game's own
// answers are the game's).
func TestShowFramedInSpanish(t *testing.T) {
	e := newEmailGame(t, "richard-iii", "wars-of-the-roses", nil)
	o := e.send(e.addr["york"], "idioma es")
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	body := strings.Repeat("mostrar kent\n", maxShows+2)
	o, m := e.show("york", body)
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	text := flat(m.Text)
	require.Contains(t, text, `(2 líneas "mostrar" más sin responder: como mucho 12 en un correo.)`)
	require.Contains(t, text, "No ha cambiado nada en la partida.")
	require.NotContains(t, text, "Nothing changed")
}
