package richard3

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// Refused orders carry their reason as a message that reads, in English,
// exactly as the reason, and in Spanish and Italian with every
// placeholder filled: unknown names with suggestions, illegal moves and
// orders sent when none are owed.
func TestRejectionReasonsAsMessages(t *testing.T) {
	cat := gameCatalog(t)
	d := testdice.New(1)
	st, err := Game{}.Setup("", nil, d)
	require.NoError(t, err)
	s := st.(*State)
	explained := 0
	try := func(r adjudicator.Role, lines ...string) []adjudicator.Problem {
		sub := adjudicator.Submission{Role: r}
		for i, l := range lines {
			sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
		}
		_, _, err := s.Apply(sub, d)
		rej, ok := err.(*adjudicator.Rejection)
		require.True(t, ok, "%v: %v", lines, err)
		explained += i18ntest.Problems(t, cat, rej, "r3.")
		return rej.Problems
	}
	try(RoleLancaster, "card Foo")
	try(RoleLancaster, "card 9")
	for s.Phase == phMulligan || s.Phase == phMulliganReply || s.Phase == phCard {
		for _, r := range []adjudicator.Role{RoleLancaster, RoleYork} {
			if sub := s.Default(r); sub != nil {
				ns, _, err := s.Apply(*sub, d)
				require.NoError(t, err)
				s = ns.(*State)
			}
		}
	}
	p1 := s.Owing()[0]
	other := RoleLancaster
	if p1 == RoleLancaster {
		other = RoleYork
	}
	probs := try(p1, "move Kentt -> Sussex: all")
	require.Equal(t, `"Kentt" no es un área conocida; ¿querías decir Kent?`, cat.Text("es", *probs[0].ReasonMsg))
	require.Equal(t, `"Kentt" non è un'area conosciuta; forse intendevi Kent?`, cat.Text("it", *probs[0].ReasonMsg))
	try(p1, "recruit Foo at Kent")
	try(p1, "frobnicate")
	try(p1, "move Middlesex -> Cornwall: all")
	try(p1, "move Kent")
	probs = try(other, "pass")
	require.Contains(t, cat.Text("es", *probs[0].ReasonMsg), "ahora no debes órdenes (Campaña 1, turno 1: Fase de Acción")
	require.GreaterOrEqual(t, explained, 7)
}
