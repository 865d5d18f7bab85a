package record

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
)

// table plays a game the way the platform does: Begin an entry, apply it
// with a Roller, Append it when accepted, reveal each public secret when
// its epoch ends and the hidden secret when the game ends.
type table struct {
	t           require.TestingT
	rec         *Record
	pubSeed     []byte
	hidSeed     []byte
	game        adjudicator.Game
	state       adjudicator.State
	states      []adjudicator.State // after each entry, by seq
	maxRevealed int
}

func seq(from byte) []byte {
	b := make([]byte, 32)
	for i := range b {
		b[i] = from + byte(i)
	}
	return b
}

func vectorHeader() dice.Header {
	return dice.Header{GameID: "g7", Game: "highroll", Scenario: "standard",
		Options: adjudicator.Options{"turns": "3"}, Roles: roles}
}

func newTable(t require.TestingT, h dice.Header, n int, pubSeed, hidSeed []byte) *table {
	rec, err := New(h, n, dice.Commit(pubSeed, n), dice.Commit(hidSeed, n))
	require.NoError(t, err)
	tb := &table{t: t, rec: rec, pubSeed: pubSeed, hidSeed: hidSeed, game: highroll{}}
	tb.states = []adjudicator.State{nil}
	return tb
}

func (tb *table) setup(entropy ...string) {
	e, c, err := tb.rec.Begin(KindSetup, adjudicator.GM, 1, nil, entropy)
	require.NoError(tb.t, err)
	r, err := tb.rec.NewRoller(e, c, tb.pubSeed, tb.hidSeed)
	require.NoError(tb.t, err)
	st, err := tb.game.Setup(tb.rec.Scenario, tb.rec.Options, r)
	require.NoError(tb.t, err)
	require.NoError(tb.t, tb.rec.Append(e, r.Draws()))
	tb.state = st
	tb.states = append(tb.states, st)
}

// submit applies one entry; it returns the game's rejection, if any.
func (tb *table) submit(kind string, role adjudicator.Role, lines []string, entropy ...string) error {
	epoch := tb.state.Status().Turn
	e, c, err := tb.rec.Begin(kind, role, epoch, lines, entropy)
	require.NoError(tb.t, err)
	r, err := tb.rec.NewRoller(e, c, tb.pubSeed, tb.hidSeed)
	require.NoError(tb.t, err)
	next, _, err := tb.state.Apply(e.Submission(), r)
	if err != nil {
		return err
	}
	require.NoError(tb.t, tb.rec.Append(e, r.Draws()))
	tb.state = next
	tb.states = append(tb.states, next)
	tb.reveal()
	return nil
}

func (tb *table) rollback(to int) {
	_, err := tb.rec.Rollback(to, adjudicator.GM, "engine fix")
	require.NoError(tb.t, err)
	tb.state = tb.states[to]
	tb.states = append(tb.states, tb.state)
}

// reveal publishes the public secret of every epoch that has ended, and
// every secret when the game is over.
func (tb *table) reveal() {
	st := tb.state.Status()
	last := st.Turn - 1
	if st.Finished {
		last = st.Turn
	}
	for ep := tb.maxRevealed + 1; ep <= last; ep++ {
		require.NoError(tb.t, tb.rec.RevealPublic(ep, dice.SecretAt(tb.pubSeed, tb.rec.Dice.N, ep)))
		tb.maxRevealed = ep
	}
	if st.Finished {
		require.NoError(tb.t, tb.rec.RevealHidden(st.Turn, dice.SecretAt(tb.hidSeed, tb.rec.Dice.N, st.Turn)))
		h, err := StateHash(tb.state)
		require.NoError(tb.t, err)
		tb.rec.FinalState = h
	}
}

// vectorGame plays the game of the published test vectors.
func vectorGame(t *testing.T) *table {
	tb := newTable(t, vectorHeader(), dice.DefaultEpochs, seq(0x00), seq(0x20))
	tb.setup()
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 20"}, "red says hello"))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 2"}))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 3"}))
	require.NoError(t, tb.submit(KindDefault, "red", []string{"roll 1"}))
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 1"}, "x"))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 1"}))
	require.True(t, tb.state.Status().Finished)
	return tb
}
