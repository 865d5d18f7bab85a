package judge

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	_ "github.com/pbem/pbem/adjudicator/all"
	"github.com/pbem/pbem/adjudicator/testdice"
)

// A map's own words come in the reader's language: the powers in Here I
// Stand (the minor ones and the independents too), its regions, border
// types and markers, and Hammer's sides and borders; space and area names
// stay as printed. The game's list of sides is not changed for the next
// reader.
func TestMapWordsInReaderLanguage(t *testing.T) {
	j := bareJudge(t)
	cat := j.opt.Templates.Catalog
	for _, c := range []struct {
		game, lang string
		role       adjudicator.Role
		want, not  []string
	}{
		{"here-i-stand", "es", "england",
			[]string{"ISLAS BRITÁNICAS", "controlado por Escocia", "Edinburgh — Escocia", "controlado por Independiente", "HUNGRÍA Y BOHEMIA", "Buda — Hungría / Bohemia", "(Inglaterra)"},
			[]string{"Scotland", "Independent", "British Isles", "Hapsburg", "(England)"}},
		{"here-i-stand", "it", "england",
			[]string{"ISOLE BRITANNICHE", "controllato da Scozia", "Venice — Venezia", "(Inghilterra)"},
			[]string{"Scotland", "Independent", "Italy"}},
		{"here-i-stand", "en", "england",
			[]string{"BRITISH ISLES", "controlled by Scotland", "(England)"}, nil},
		{"hammer-of-the-scots", "es", "scotland", []string{"(Escocia)"}, []string{"(Scotland)"}},
	} {
		g, err := adjudicator.Lookup(c.game)
		require.NoError(t, err)
		opts := adjudicator.Options{}
		if c.game == "here-i-stand" {
			opts = adjudicator.Options{"players": "6"}
		}
		st, err := g.Setup(g.Info().Scenarios[0].ID, opts, testdice.New(1))
		require.NoError(t, err)
		md, part, err := mapPart(st, c.role, c.lang, cat)
		require.NoError(t, err)
		require.NotNil(t, part)
		for _, w := range c.want {
			require.Contains(t, md.Text, w, "%s %s", c.game, c.lang)
		}
		for _, w := range c.not {
			require.NotContains(t, md.Text, w, "%s %s", c.game, c.lang)
		}
	}
	// the game's shared lists are left in English
	g, _ := adjudicator.Lookup("hammer-of-the-scots")
	st, _ := g.Setup(g.Info().Scenarios[0].ID, nil, testdice.New(1))
	md, _, err := mapPart(st, "england", "en", cat)
	require.NoError(t, err)
	require.Contains(t, md.Text, "(England)")
}
