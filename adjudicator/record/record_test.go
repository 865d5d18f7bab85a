package record

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
)

var update = flag.Bool("update", false, "rewrite tools/testdata/vector-record.json")

const vectorFile = "../../tools/testdata/vector-record.json"

func clone(t *testing.T, r *Record) *Record {
	b, err := r.Marshal()
	require.NoError(t, err)
	c, err := Unmarshal(b)
	require.NoError(t, err)
	return c
}

func TestVectorRecordGolden(t *testing.T) {
	tb := vectorGame(t)
	got, err := tb.rec.Marshal()
	require.NoError(t, err)
	if *update {
		require.NoError(t, os.WriteFile(vectorFile, got, 0o644))
	}
	want, err := os.ReadFile(vectorFile)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "run go test ./adjudicator/record -run Golden -update after a deliberate change")

	// The values published in docs/dice.md.
	r := tb.rec
	assert.Equal(t, "1ed1ab66f639f4b1d203d273afa0605d487302060df397ee78a7a920bf173ac3", r.Dice.PublicCommit)
	assert.Equal(t, "e08607ad477619404e044c43b187829e3fe495df9292b53db7494c1f51d92b93", r.Dice.HiddenCommit)
	assert.Equal(t, "4f65af36cae77985b111a68765c382289955e25071cf75f34a7904282d47cc71", r.Dice.PublicSecrets[0].Secret)
	assert.Equal(t, "0c167d201f0c0833b3bcbfb2a1e3dfc23c94b7a3344376cb5488521f44630550", r.Dice.HiddenSecret.Secret)
	assert.Equal(t, "cdd888c0e6ff20bd47df66d519d1cb717c790e6ea715d8073f94f5ce5e9364be", r.Entries[1].Digest)
	results := map[int][]int{}
	for _, d := range r.Draws {
		results[d.Entry] = append(results[d.Entry], d.Result)
	}
	assert.Equal(t, []int{3, 0, 2, 1}, results[1], "setup shuffle")
	assert.Equal(t, []int{5, 1, 1, 3, 3, 1, 4, 4, 1, 5, 5, 2, 3, 5, 6, 3, 1, 1, 1, 6}, results[2], "red's 20 d6")
}

func TestVerifyGoodRecord(t *testing.T) {
	tb := vectorGame(t)
	rep := Verify(tb.rec)
	require.True(t, rep.OK(), rep.String())
	assert.Equal(t, len(tb.rec.Draws), rep.Verified)
	assert.Zero(t, rep.Pending)
	assert.Equal(t, 3, rep.PublicUpTo)
	assert.Equal(t, 3, rep.HiddenUpTo)
	assert.Contains(t, rep.String(), "OK")
}

func TestVerifyInProgress(t *testing.T) {
	tb := newTable(t, vectorHeader(), 50, seq(0x40), seq(0x60))
	tb.setup("gm entropy")
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 4"}))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 5"}))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 6"}))
	require.Equal(t, 2, tb.state.Status().Turn)
	rep := Verify(tb.rec)
	require.True(t, rep.OK(), rep.String())
	assert.Equal(t, 9, rep.Verified, "public draws of epoch 1")
	assert.Equal(t, 4+6, rep.Pending, "hidden setup draws and epoch 2")
	assert.Equal(t, 1, rep.PublicUpTo)
	assert.Zero(t, rep.HiddenUpTo)

	_, _, err := Replay(tb.rec, highroll{})
	require.NoError(t, err)
}

func TestVerifyReportsExactlyTheAlteredRoll(t *testing.T) {
	tb := vectorGame(t)
	for _, i := range []int{0, 4, 10, len(tb.rec.Draws) - 1} {
		rec := clone(t, tb.rec)
		d := &rec.Draws[i]
		if d.Stream == dice.Public {
			d.Result = d.Result%6 + 1
		} else {
			d.Result = (d.Result + 1) % d.N
		}
		rep := Verify(rec)
		require.Len(t, rep.Problems, 1, rep.String())
		p := rep.Problems[0]
		assert.Equal(t, i, p.Draw)
		assert.Equal(t, d.Entry, p.Entry)
		assert.Equal(t, tb.rec.Draws[i].Result, mustAtoi(t, p.Expected))
		assert.Equal(t, d.Result, mustAtoi(t, p.Found))
		assert.Equal(t, len(rec.Draws)-1, rep.Verified)

		_, _, err := Replay(rec, highroll{})
		if d.Stream == dice.Public {
			assert.Error(t, err, "the final state hash no longer matches")
		}
	}
}

func TestVerifyReportsAnAlteredEntry(t *testing.T) {
	tb := vectorGame(t)
	rec := clone(t, tb.rec)
	rec.Entries[1].Entropy = []string{"red says goodbye"}
	rep := Verify(rec)
	require.Len(t, rep.Problems, 1, rep.String())
	assert.Equal(t, 2, rep.Problems[0].Entry)
	assert.Equal(t, -1, rep.Problems[0].Draw)
	assert.Equal(t, "digest", rep.Problems[0].What)

	rec = clone(t, tb.rec)
	rec.Entries[2].Lines = []string{"roll 3"}
	rep = Verify(rec)
	require.Len(t, rep.Problems, 1, rep.String())
	assert.Equal(t, 3, rep.Problems[0].Entry)
	_, _, err := Replay(rec, highroll{})
	assert.ErrorContains(t, err, "entry 3")
}

func TestVerifyChecksSecretsAndCounters(t *testing.T) {
	tb := vectorGame(t)

	rec := clone(t, tb.rec)
	rec.Dice.PublicSecrets[1].Secret = rec.Dice.PublicSecrets[0].Secret
	rep := Verify(rec)
	require.False(t, rep.OK())
	assert.Contains(t, rep.Problems[0].What, "public secret of epoch 2")

	rec = clone(t, tb.rec)
	rec.Dice.HiddenSecret.Epoch = 2
	rep = Verify(rec)
	require.False(t, rep.OK())
	assert.Contains(t, rep.Problems[0].What, "hidden secret of epoch 2")

	rec = clone(t, tb.rec)
	rec.Draws = append(rec.Draws[:6:6], rec.Draws[7:]...) // drop one die of red's 20
	rep = Verify(rec)
	require.False(t, rep.OK())
	assert.Equal(t, "public counter", rep.Problems[0].What)
	assert.Equal(t, 6, rep.Problems[0].Draw)

	rec = clone(t, tb.rec)
	rec.Entries[3].Epoch = 1
	rep = Verify(rec)
	require.False(t, rep.OK())

	rec = clone(t, tb.rec)
	rec.Dice.Scheme = "other"
	assert.False(t, Verify(rec).OK())
}

func TestRollbackNeverRerolls(t *testing.T) {
	tb := newTable(t, vectorHeader(), 20, seq(0x40), seq(0x60))
	tb.setup()
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 3"}, "abc"))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 3"}))
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 5"}))
	before := append([]Draw(nil), tb.rec.Draws...)

	// Back to the state after entry 2 (epoch 1), then the same orders again.
	tb.rollback(2)
	require.Equal(t, 1, tb.state.Status().Turn)
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 3"}))
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 5"}))
	again := tb.rec.Draws[len(before):]
	require.Len(t, again, 3+5)
	for i, d := range again {
		want := before[len(before)-8+i]
		assert.Equal(t, want.Result, d.Result, "draw %d", i)
		assert.Equal(t, want.Counter, d.Counter)
		assert.Equal(t, want.Epoch, d.Epoch)
	}
	assert.Equal(t, tb.rec.Entries[3].Digest, tb.rec.Entries[6].Digest)

	// Different orders after a rollback give different dice.
	tb.rollback(3)
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 5"}, "other"))
	last := tb.rec.Draws[len(tb.rec.Draws)-5:]
	same := 0
	for i, d := range last {
		if d.Result == before[len(before)-5+i].Result {
			same++
		}
	}
	assert.Less(t, same, 5)

	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 2"}))
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 2"}))
	require.NoError(t, tb.submit(KindDefault, "blue", []string{"roll 1"}))
	require.True(t, tb.state.Status().Finished)

	rep := Verify(tb.rec)
	require.True(t, rep.OK(), rep.String())
	assert.Equal(t, len(tb.rec.Draws), rep.Verified)
	_, h, err := Replay(tb.rec, highroll{})
	require.NoError(t, err)
	assert.Equal(t, tb.rec.FinalState, h)
}

func TestRejectedSubmissionLeavesNoTrace(t *testing.T) {
	tb := newTable(t, vectorHeader(), 20, seq(0x40), seq(0x60))
	tb.setup()
	before := clone(t, tb.rec)
	err := tb.submit(KindOrders, "red", []string{"roll 99"})
	var rej *adjudicator.Rejection
	require.ErrorAs(t, err, &rej)
	assert.Equal(t, before, clone(t, tb.rec))
}

func TestReplay(t *testing.T) {
	tb := vectorGame(t)
	st, h, err := Replay(tb.rec, highroll{})
	require.NoError(t, err)
	assert.Equal(t, tb.rec.FinalState, h)
	assert.Equal(t, tb.state.Status(), st.Status())

	rec := clone(t, tb.rec)
	rec.Draws[3].Purpose = "something else"
	_, _, err = Replay(rec, highroll{})
	assert.ErrorContains(t, err, "entry 1")
	assert.ErrorContains(t, err, "something else")
	rep := Audit(rec, highroll{})
	assert.False(t, rep.OK(), "Verify does not see purposes, Replay does")
	assert.False(t, rep.Replayed)
	assert.Contains(t, rep.String(), "something else")
	assert.True(t, Audit(tb.rec, highroll{}).Replayed)
	assert.True(t, tb.rec.DrewSince(6))
	assert.False(t, tb.rec.DrewSince(7))

	rec = clone(t, tb.rec)
	rec.Draws = append(rec.Draws[:5:5], rec.Draws[6:]...)
	_, _, err = Replay(rec, highroll{})
	assert.ErrorContains(t, err, "entry 2")

	rec = clone(t, tb.rec)
	rec.Entries[1].Lines = []string{"roll 0"}
	_, _, err = Replay(rec, highroll{})
	assert.ErrorContains(t, err, "rejected")

	rec = clone(t, tb.rec)
	rec.Entries[3].Epoch = 1
	_, _, err = Replay(rec, highroll{})
	assert.ErrorContains(t, err, "epoch 1")

	rec = clone(t, tb.rec)
	rec.Game = "other"
	_, _, err = Replay(rec, highroll{})
	assert.Error(t, err)
}

func TestBeginGuards(t *testing.T) {
	tb := newTable(t, vectorHeader(), 5, seq(0x40), seq(0x60))
	_, _, err := tb.rec.Begin(KindOrders, "red", 1, []string{"roll 1"}, nil)
	assert.Error(t, err, "setup first")
	tb.setup()
	_, _, err = tb.rec.Begin(KindSetup, "gm", 1, nil, nil)
	assert.Error(t, err, "one setup")
	_, _, err = tb.rec.Begin(KindOrders, "red", 6, nil, nil)
	assert.Error(t, err, "epoch beyond the chain")
	_, _, err = tb.rec.Begin(KindOrders, "red", 1, []string{"two\nlines"}, nil)
	assert.Error(t, err)
	assert.Error(t, tb.rec.RevealPublic(1, seq(0)))
	_, err = New(dice.Header{GameID: "a\x00b"}, 5, nil, nil)
	assert.Error(t, err)
}

func TestSaveLoad(t *testing.T) {
	tb := vectorGame(t)
	tb.rec.AddMail("r1.g7@pbem.local", []byte("Subject: hi\r\n\r\nbody\r\n"))
	path := filepath.Join(t.TempDir(), "g7.json")
	require.NoError(t, tb.rec.Save(path))
	got, err := Load(path)
	require.NoError(t, err)
	assert.Equal(t, clone(t, tb.rec), got)
	require.NoError(t, os.WriteFile(path, []byte(`{"format":"x"}`), 0o644))
	_, err = Load(path)
	assert.ErrorContains(t, err, "format")
}

func TestRedactedRecord(t *testing.T) {
	tb := newTable(t, vectorHeader(), 20, seq(0x40), seq(0x60))
	tb.setup()
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 3"}, "secret entropy"))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 2"}))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 1"}))
	forRed := tb.rec.Redact(func(e Entry) bool { return e.Role == "red" || e.Epoch < 2 })
	require.True(t, forRed.Entries[3].Redacted)
	assert.Empty(t, forRed.Entries[3].Lines)
	assert.Equal(t, []string{"roll 1"}, tb.rec.Entries[3].Lines, "the original is untouched")
	assert.Equal(t, Withheld, forRed.Draws[0].Result, "the setup deal stays secret")
	assert.NotEqual(t, Withheld, tb.rec.Draws[0].Result)
	rep := Verify(forRed)
	require.True(t, rep.OK(), rep.String())
	assert.Equal(t, 1, rep.Unchecked)
	assert.Equal(t, 5, rep.Verified)
	assert.Contains(t, rep.String(), "1 redacted")
	_, _, err := Replay(forRed, highroll{})
	assert.ErrorContains(t, err, "redacted")

	path := filepath.Join(t.TempDir(), "red.json")
	require.NoError(t, forRed.Save(path))
	out, err := runPython(t, path)
	require.NoError(t, err, out)
	assert.Contains(t, out, "5 verified, 5 not yet verifiable")
	assert.Contains(t, out, "1 redacted entries unchecked")
}

func TestDiceText(t *testing.T) {
	tb := vectorGame(t)
	txt := tb.rec.DiceText(1)
	assert.Contains(t, txt, "Public secret of epoch 1 (PBEM-DICE-v1")
	assert.Contains(t, txt, "  4f65af36cae77985b111a68765c382289955e25071cf75f34a7904282d47cc71\n")
	assert.Contains(t, txt, "Entry 2, red orders, epoch 1:\n  before 02b70fd4")
	assert.Contains(t, txt, "  after  cdd888c0")
	assert.Contains(t, txt, "  #0    d6     5  red t1 die 1\n")
	assert.Contains(t, txt, "  4 hidden draws, checkable when the game ends\n")
	for _, l := range strings.Split(txt, "\n") {
		assert.LessOrEqual(t, len(l), 76, l)
	}
	assert.Empty(t, tb.rec.DiceText(9))
}

type panicGame struct{ highroll }

func (panicGame) Setup(string, adjudicator.Options, adjudicator.Dice) (adjudicator.State, error) {
	panic("broken engine")
}

func TestReplayReportsAnEnginePanic(t *testing.T) {
	tb := vectorGame(t)
	_, _, err := Replay(tb.rec, panicGame{})
	assert.ErrorContains(t, err, "entry 1 (setup): the rules engine failed: broken engine")
}

// ReplayFrom starts from a checkpoint's state: it reaches the same final
// state as a replay from the setup, applies nothing before the
// checkpoint, and refuses a rollback to before it.
func TestReplayFrom(t *testing.T) {
	tb := vectorGame(t)
	_, want, err := Replay(tb.rec, highroll{})
	require.NoError(t, err)
	for k := 1; k < len(tb.rec.Entries); k++ {
		_, got, err := ReplayFrom(tb.rec, highroll{}, tb.states[k], k)
		require.NoError(t, err, "from entry %d", k)
		assert.Equal(t, want, got, "from entry %d", k)
	}
	_, _, err = ReplayFrom(tb.rec, highroll{}, nil, 3)
	assert.ErrorContains(t, err, "no state to start from")

	tb = vectorGame(t)
	rec := clone(t, tb.rec)
	rec.Entries = append(rec.Entries, Entry{Seq: len(rec.Entries) + 1, Kind: KindRollback, To: 2})
	rec.FinalState = ""
	_, _, err = ReplayFrom(rec, highroll{}, tb.states[4], 4)
	assert.ErrorContains(t, err, "before entry 4 that the replay starts from")
}

// A record whose early entry these rules refuse replays from its
// checkpoint, to the same final state; without a checkpoint it fails.
func TestReplayOrResume(t *testing.T) {
	tb := vectorGame(t)
	st, h, from, err := ReplayOrResume(tb.rec, highroll{})
	require.NoError(t, err)
	assert.Zero(t, from)
	assert.Equal(t, tb.rec.FinalState, h)

	rec := clone(t, tb.rec)
	rec.Entries[1].Lines = []string{"roll 999"} // refused now
	_, _, _, err = ReplayOrResume(rec, highroll{})
	require.Error(t, err)
	b, err := tb.states[3].Encode()
	require.NoError(t, err)
	rec.Checkpoint = &Checkpoint{Seq: 3, State: b, Rules: "pbem v1"}
	got, h2, from, err := ReplayOrResume(rec, highroll{})
	require.NoError(t, err)
	assert.Equal(t, 3, from)
	assert.Equal(t, h, h2)
	assert.Equal(t, st.Status(), got.Status())
	assert.Nil(t, rec.Truncate(2).Checkpoint, "a truncation before the checkpoint drops it")
	assert.NotNil(t, rec.Truncate(3).Checkpoint)
}
