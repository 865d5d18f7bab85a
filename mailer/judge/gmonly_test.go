package judge

import (
	"strings"
	"testing"

	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// A player who writes a GM command is told that it is the GM's, in his
// language; other faulty lines get no such note.
func TestPlayerSendingGMCommandIsTold(t *testing.T) {
	f := newFixture(t)
	seq := f.game_().Seq
	o, text := f.seat("north", "pause 3\npick 7")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, `line 2: pause 3 unknown order; "pause" is a GM command: only the game's GM may give it`)
	require.Contains(t, text, "line 3: pick 7 you may pick 1, 2 or 3 dice Legal")
	require.Equal(t, 1, strings.Count(text, "is a GM command"))
	f.handle(f.mail("bob@example.org", "["+f.game+"]", "language it"))
	o, text = f.seat("south", "Extend 24")
	require.Equal(t, store.OutcomeRejected, o.Kind)
	require.Contains(t, text, `"extend" è un comando del GM: solo il GM della partita può darlo`)
	require.Equal(t, seq, f.game_().Seq)
}
