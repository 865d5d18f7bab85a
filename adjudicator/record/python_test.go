package record

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const pyVerifier = "../../tools/verify_dice.py"

// runPython runs tools/verify_dice.py on a record file; it skips the test
// when python3 is not installed.
func runPython(t *testing.T, path string) (string, error) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, py, pyVerifier, path).CombinedOutput()
	return string(out), err
}

func TestPythonVerifierAgrees(t *testing.T) {
	// The published vector record.
	out, err := runPython(t, vectorFile)
	require.NoError(t, err, out)
	assert.Contains(t, out, "32 verified, 0 not yet verifiable")
	assert.Contains(t, out, "OK")

	dir := t.TempDir()

	// A game with rollbacks, finished, and one in progress.
	tb := newTable(t, vectorHeader(), 30, seq(0x40), seq(0x60))
	tb.setup("gm: 1 2 3")
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 3"}, "abc", "é ünïcode"))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 3"}))
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 5"}))
	tb.rollback(2)
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 4"}))
	inProgress := filepath.Join(dir, "progress.json")
	require.NoError(t, tb.rec.Save(inProgress))
	out, err = runPython(t, inProgress)
	require.NoError(t, err, out)
	rep := Verify(tb.rec)
	require.True(t, rep.OK(), rep.String())
	assert.Positive(t, rep.Verified)
	assert.Positive(t, rep.Pending)
	assert.Contains(t, out, fmt.Sprintf("game g7: %d entries, %d draws: %d verified, %d not yet verifiable",
		rep.Entries, rep.Draws, rep.Verified, rep.Pending))

	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 5"}))
	require.NoError(t, tb.submit(KindOrders, "blue", []string{"roll 1"}))
	require.NoError(t, tb.submit(KindOrders, "red", []string{"roll 1"}))
	require.NoError(t, tb.submit(KindDefault, "blue", []string{"roll 1"}))
	require.True(t, tb.state.Status().Finished)
	done := filepath.Join(dir, "done.json")
	require.NoError(t, tb.rec.Save(done))
	out, err = runPython(t, done)
	require.NoError(t, err, out)
	assert.Contains(t, out, "OK")

	// One roll changed: both verifiers fail and name that draw.
	rec := clone(t, tb.rec)
	rec.Draws[9].Result = rec.Draws[9].Result%6 + 1
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, rec.Save(bad))
	out, err = runPython(t, bad)
	require.Error(t, err)
	assert.Contains(t, out, "MISMATCH entry")
	assert.Contains(t, out, "draw 9:")
	assert.Contains(t, out, "FAILED")
	rep = Verify(rec)
	require.Len(t, rep.Problems, 1)
	assert.Equal(t, 9, rep.Problems[0].Draw)

	// An altered secret.
	rec = clone(t, tb.rec)
	rec.Dice.PublicSecrets[0].Secret = rec.Dice.PublicSecrets[1].Secret
	require.NoError(t, rec.Save(bad))
	out, err = runPython(t, bad)
	require.Error(t, err)
	assert.Contains(t, out, "public secret of epoch 1 does not chain")

	// Bad usage.
	_, err = runPython(t, filepath.Join(dir, "missing.json"))
	assert.Error(t, err)
	_ = os.Remove(bad)
}
