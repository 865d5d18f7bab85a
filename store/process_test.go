package store

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests in this file run a second process: the test binary itself,
// re-executed with -test.run=TestHelperProcess and these variables set.
const (
	envHelper = "PBEM_STORE_HELPER" // "hold" or "crash"
	envPath   = "PBEM_STORE_PATH"
)

// TestHelperProcess is not a real test: it is the body of the helper
// process started by the tests below.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(envHelper)
	if mode == "" {
		t.Skip("helper process only")
	}
	path := os.Getenv(envPath)
	db, err := Open(path, Options{Timeout: 5 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		os.Exit(2)
	}
	fmt.Println("ready")
	switch mode {
	case "hold":
		// Keep the file open until the parent closes our stdin.
		_, _ = io.Copy(io.Discard, os.Stdin)
		_ = db.Close()
		os.Exit(0)
	case "crash":
		crashLoop(db)
	}
	os.Exit(3)
}

type helper struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // stdout lines; closed at EOF
}

func startHelper(t *testing.T, mode, path string) *helper {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), envHelper+"="+mode, envPath+"="+path)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	h := &helper{cmd: cmd, stdin: stdin, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	// Wait for the helper to hold the file.
	deadline := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-h.lines:
			require.True(t, ok, "helper exited before opening the store")
			if l == "ready" {
				return h
			}
		case <-deadline:
			t.Fatal("helper did not start")
		}
	}
}

func TestSecondProcessFailsFast(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.db")
	h := startHelper(t, "hold", path)

	start := time.Now()
	_, err := Open(path, Options{})
	elapsed := time.Since(start)
	require.ErrorIs(t, err, ErrLocked)
	assert.Contains(t, err.Error(), "store "+path+" is in use by another pbem process (is a daemon running?)")
	assert.Less(t, elapsed, 1500*time.Millisecond, "default lock timeout is about 1 s")

	_, err = Open(path, Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
	require.ErrorIs(t, err, ErrLocked, "read-only opens are blocked too")

	// Once the other process lets go, the file opens.
	require.NoError(t, h.stdin.Close())
	require.NoError(t, h.cmd.Wait())
	db, err := Open(path, Options{})
	require.NoError(t, err)
	require.NoError(t, db.Close())
}

func TestSecondOpenInProcessFailsFast(t *testing.T) {
	db, path := openTest(t)
	_, err := Open(path, Options{Timeout: 100 * time.Millisecond})
	require.ErrorIs(t, err, ErrLocked)
	require.NoError(t, db.Close())
	db2, err := Open(path, Options{})
	require.NoError(t, err)
	require.NoError(t, db2.Close())
}

const crashGame = "crash-1"

// crashLoop applies one "email" per transaction, forever, the way the
// daemon does: append a log entry, mark the message processed, queue its
// two reports and bump the game. Every other round it also marks the
// oldest queued mail sent, in a transaction of its own. After each commit
// it prints the committed turn.
func crashLoop(db *DB) {
	pad := strings.Repeat("x", 3000)
	for round := 0; ; round++ {
		var turn int
		err := db.Update(func(tx *Tx) error {
			g, err := tx.Game(crashGame)
			if errors.Is(err, ErrNotFound) {
				g = &Game{ID: crashGame, GameName: "crash-test", Created: t0}
			} else if err != nil {
				return err
			}
			turn = g.Status.Turn + 1
			key := fmt.Sprintf("msgid:%d", turn)
			if r, err := tx.Processed(key); err != nil || r != nil {
				return fmt.Errorf("turn %d already processed (%v)", turn, err)
			}
			if _, err := tx.AppendLog(crashGame, &LogEntry{Kind: "submission", Epoch: turn, MessageID: key,
				Lines: []string{pad[:turn%3000]}}); err != nil {
				return err
			}
			if err := tx.MarkProcessed(key, &ProcessedRecord{GameID: crashGame, Outcome: OutcomeAccepted, MessageID: key}); err != nil {
				return err
			}
			for _, part := range []string{"a", "b"} {
				m := mail(crashGame, fmt.Sprintf("%s.%s", key, part))
				m.Text = pad + pad
				if _, err := tx.Enqueue(m); err != nil {
					return err
				}
			}
			g.Status.Turn = turn
			// Vary the state size so pages split, merge and get freed.
			g.State = []byte(strings.Repeat(pad, 1+turn%7))
			return tx.PutGame(g)
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, "helper:", err)
			os.Exit(4)
		}
		fmt.Println(turn)
		if round%2 == 1 {
			err := db.Update(func(tx *Tx) error {
				p, err := tx.Pending(t0.Add(time.Hour), 1)
				if err != nil || len(p) == 0 {
					return err
				}
				return tx.MarkSent(p[0].ID, t0)
			})
			if err != nil {
				fmt.Fprintln(os.Stderr, "helper:", err)
				os.Exit(5)
			}
		}
	}
}

// checkCrashInvariants verifies that the file holds exactly turns 1..turn
// of crashLoop, each complete, and returns turn.
func checkCrashInvariants(t *testing.T, db *DB) int {
	t.Helper()
	require.NoError(t, db.Check())
	var turn int
	require.NoError(t, db.View(func(tx *Tx) error {
		g, err := tx.Game(crashGame)
		if errors.Is(err, ErrNotFound) {
			assert.Zero(t, tx.LogLen(crashGame))
			assert.Zero(t, tx.ProcessedCount())
			q, s := tx.OutboxCounts()
			assert.Zero(t, q+s)
			return nil
		}
		require.NoError(t, err)
		turn = g.Status.Turn
		require.Equal(t, turn, g.Seq, "one log entry per turn")
		require.Len(t, g.State, 3000*(1+turn%7), "state of the last committed turn")
		require.Equal(t, turn, tx.ProcessedCount(), "one processed key per turn")

		entries, err := tx.LogEntries(crashGame, 0)
		require.NoError(t, err)
		require.Len(t, entries, turn)
		for i, e := range entries {
			n := i + 1
			key := fmt.Sprintf("msgid:%d", n)
			require.Equal(t, uint64(n), e.Seq)
			require.Equal(t, key, e.MessageID)
			r, err := tx.Processed(key)
			require.NoError(t, err)
			require.NotNil(t, r, key)
			require.Equal(t, crashGame, r.GameID)
		}
		r, err := tx.Processed(fmt.Sprintf("msgid:%d", turn+1))
		require.NoError(t, err)
		require.Nil(t, r, "no trace of an uncommitted turn")

		all, err := tx.AllMail()
		require.NoError(t, err)
		require.Len(t, all, 2*turn, "two mails per turn")
		queued, sent := tx.OutboxCounts()
		require.Equal(t, 2*turn, queued+sent, "no mail both queued and sent")
		for i, m := range all {
			n := i/2 + 1
			part := "ab"[i%2 : i%2+1]
			require.Equal(t, uint64(i+1), m.ID)
			require.Equal(t, fmt.Sprintf("msgid:%d.%s", n, part), m.MessageID)
		}
		require.Equal(t, uint64(2*turn), tx.tx.Bucket(bucketOutbox).Sequence(), "outbox IDs match committed mail")
		return nil
	}))
	return turn
}

func TestKill9KeepsTransactionsWhole(t *testing.T) {
	kills := 20
	if v := os.Getenv("PBEM_KILLS"); v != "" {
		n, err := strconv.Atoi(v)
		require.NoError(t, err, "PBEM_KILLS")
		kills = n
	} else if testing.Short() {
		kills = 5
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	rng := rand.New(rand.NewPCG(20261121, 7))
	prev := 0
	for i := range kills {
		h := startHelper(t, "crash", path)
		// Let it run for a random while: some kills land before the
		// first commit, most in the middle of one.
		time.Sleep(time.Duration(rng.IntN(60_000)) * time.Microsecond)
		require.NoError(t, h.cmd.Process.Signal(syscall.SIGKILL))
		err := h.cmd.Wait()
		var exitErr *exec.ExitError
		require.ErrorAs(t, err, &exitErr, "kill %d: helper must die by the signal", i)
		ws, ok := exitErr.Sys().(syscall.WaitStatus)
		require.True(t, ok && ws.Signaled(), "kill %d: helper failed on its own: %v", i, err)
		reported := prev
		for l := range h.lines {
			if strings.HasPrefix(l, "===") {
				continue // test framework chatter
			}
			n, err := strconv.Atoi(l)
			require.NoError(t, err, "helper output %q", l)
			reported = n
		}

		db, err := Open(path, Options{})
		require.NoError(t, err, "kill %d: reopen", i)
		turn := checkCrashInvariants(t, db)
		require.NoError(t, db.Close())
		// Every turn the helper saw committed survived; at most one more
		// (committed but not yet printed) may be there.
		require.GreaterOrEqual(t, turn, reported, "kill %d: committed turn lost", i)
		require.LessOrEqual(t, turn, reported+1, "kill %d", i)
		prev = turn
	}
	t.Logf("%d kills, %d turns committed", kills, prev)
	require.Positive(t, prev, "the helper made progress")
}
