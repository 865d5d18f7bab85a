package judge

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

// A Spanish player of Richard III by email: a refused card is explained
// in Spanish, and a card played with the Spanish verb is taken, echoed as
// the English order, and replays from the record.
func TestBlockGameOrdersAndRefusalsInSpanish(t *testing.T) {
	e := newEmailGame(t, "richard-iii", "wars-of-the-roses", nil)
	york := e.addr["york"]
	require.Equal(t, store.OutcomeAccepted, e.send(york, "language es").Kind)
	sec := "secret: " + e.secrets["york"] + "\n"

	// The deal decides whether the game opens with a mulligan: answer
	// whatever is owed until York plays his card.
	card := ""
	for guard := 0; card == "" && guard < 6; guard++ {
		_, st := e.load()
		ps := st.Prompts()
		require.NotEmpty(t, ps)
		for _, p := range ps {
			if p.Role == "york" && p.Kind == "card" {
				card = p.Choices[0]
			}
		}
		if card == "" {
			p := ps[0]
			require.Equal(t, store.OutcomeAccepted, e.send(e.addr[p.Role], "secret: "+e.secrets[p.Role]+"\n"+p.Choices[0]).Kind)
		}
	}
	require.True(t, strings.HasPrefix(card, "card "), card)

	o := e.send(york, sec+"carta Foo")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, lastText(e, york), `"Foo" no es una carta conocida de tu mano (juega exactamente una carta, 1.1)`)

	o = e.send(york, sec+"carta "+strings.TrimPrefix(card, "card "))
	require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
	// Lancaster has not played yet: York owes nothing. (Another card than
	// the one played: the same lines again would be a duplicate email.)
	other := "carta 3"
	if strings.EqualFold(strings.TrimPrefix(card, "card "), "3") {
		other = "carta 2"
	}
	o = e.send(york, sec+other)
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, lastText(e, york), "ahora no debes órdenes (Campaña 1, turno 1: Fase de Cartas)")
	var echoed string
	for _, m := range e.mails() {
		if m.To[0] == york && strings.Contains(m.Text, "Tus órdenes se han aceptado así:") {
			echoed = m.Text
		}
	}
	require.Contains(t, echoed, "Tus órdenes se han aceptado así:\n    "+card+"\n", "the orders are echoed in English")
	// The log keeps the lines as written; replaying them gives the same game.
	g, _ := e.load()
	rec, err := e.j.Export(e.id, true)
	require.NoError(t, err)
	_, hash, err := record.Replay(rec, e.eng)
	require.NoError(t, err)
	require.Equal(t, g.StateHash, hash)
}

// lastText is the latest mail to addr, its words joined by single spaces.
func lastText(e *emailGame, addr string) string {
	all := e.mails()
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].To[0] == addr {
			return strings.Join(strings.Fields(all[i].Text), " ")
		}
	}
	return ""
}
