package hammer

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
	st, err := Game{}.Setup("braveheart", nil, d)
	require.NoError(t, err)
	s := st.(*St)
	explained := 0
	try := func(r adjudicator.Role, lines ...string) []adjudicator.Problem {
		sub := adjudicator.Submission{Role: r}
		for i, l := range lines {
			sub.Lines = append(sub.Lines, adjudicator.Line{No: i + 1, Text: l})
		}
		_, _, err := s.Apply(sub, d)
		rej, ok := err.(*adjudicator.Rejection)
		require.True(t, ok, "%v: %v", lines, err)
		explained += i18ntest.Problems(t, cat, rej, "ham.")
		return rej.Problems
	}
	try(RoleEngland, "card Foo")
	try(RoleEngland, "move Lanark -> Carrick: all")
	pk := testdice.New(3)
	for s.Phase == PhCard || s.Phase == PhEvent {
		for _, r := range s.Owing() {
			ns, _, err := s.Apply(*s.RandomSubmission(r, pk.Intn), d)
			require.NoError(t, err)
			s = ns.(*St)
		}
	}
	require.Equal(t, []adjudicator.Role{RoleScotland}, s.Owing())
	probs := try(RoleScotland, "move Lanarkk -> Carrick: all")
	require.Equal(t, `"Lanarkk" no es una región conocida; ¿querías decir Lanark?`, cat.Text("es", *probs[0].ReasonMsg))
	require.Equal(t, `"Lanarkk" non è una regione conosciuta; forse intendevi Lanark?`, cat.Text("it", *probs[0].ReasonMsg))
	try(RoleScotland, "move Lanark -> Carrick: Wallas")
	try(RoleScotland, "move Fife -> Carrick: all")
	try(RoleScotland, "frobnicate")
	try(RoleScotland, "move Lanark")
	probs = try(RoleEngland, "pass")
	require.Contains(t, cat.Text("it", *probs[0].ReasonMsg), "ora non devi ordini (")
	require.GreaterOrEqual(t, explained, 8)
}
