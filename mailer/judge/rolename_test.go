package judge

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	_ "github.com/pbem/pbem/adjudicator/all"
	"github.com/pbem/pbem/store"
)

// Subjects, welcomes and report titles name a seat in its reader's
// language when the game names its sides: Hammer's England is Inglaterra
// in Spanish, a Here I Stand seat of two powers is named power by power.
func TestRoleInReaderLanguage(t *testing.T) {
	j := bareJudge(t)
	for _, c := range []struct {
		game, lang string
		role       adjudicator.Role
		want       string
	}{
		{"hammer-of-the-scots", "es", "england", "Inglaterra"},
		{"hammer-of-the-scots", "it", "scotland", "Scozia"},
		{"hammer-of-the-scots", "en", "england", "England"},
		{"here-i-stand", "es", "hapsburg+papacy", "Habsburgo+Papado"},
		{"here-i-stand", "en", "hapsburg+papacy", "Hapsburg+Papacy"},
		{"richard-iii", "es", "york", "York"},
		{"here-i-stand", "es", "nobody", "Nobody"},
		{"here-i-stand", "es", adjudicator.GM, "GM"},
	} {
		require.Equal(t, c.want, j.roleIn(c.game, c.lang, c.role), "%s %s %s", c.game, c.lang, c.role)
	}
	// Without the game's names (the seat-handover notice), each power of a
	// seat is capitalised.
	require.Equal(t, "England+Protestant", roleTitle("england+protestant"))
}

// bareJudge is a judge over an empty store, at a fixed time.
func bareJudge(t *testing.T) *Judge {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "pbem.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return New(db, Options{Domain: "club.example", Now: func() time.Time { return time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC) }})
}
