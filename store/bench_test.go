package store

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// benchApply measures one realistic "apply an email" transaction: read the
// game, write it back with a ~20 KB state, append a log entry, mark the
// message processed and queue two ~8 KB reports.
func benchApply(b *testing.B, noSync bool) {
	path := filepath.Join(b.TempDir(), "bench.db")
	db, err := Open(path, Options{NoSync: noSync})
	require.NoError(b, err)
	defer db.Close()

	const id = "roses-1"
	g := sampleGame(id)
	g.State = []byte(strings.Repeat("0123456789abcdef", 20*1024/16))
	require.NoError(b, db.Update(func(tx *Tx) error { return tx.PutGame(g) }))
	body := strings.Repeat("The Yorkists advance on Bosworth. ", 8*1024/34)
	lines := []string{"move gloucester to bosworth", "move norfolk to leicester", "pass"}

	n := 0
	for b.Loop() {
		n++
		err := db.Update(func(tx *Tx) error {
			g, err := tx.Game(id)
			if err != nil {
				return err
			}
			key := fmt.Sprintf("msgid:m%d@example.org", n)
			if r, err := tx.Processed(key); err != nil || r != nil {
				return fmt.Errorf("duplicate %s: %v", key, err)
			}
			g.State[n%len(g.State)]++
			g.Status.Turn++
			g.Updated = t0.Add(time.Duration(n) * time.Minute)
			if _, err := tx.AppendLog(id, &LogEntry{Kind: "submission", Role: "york", Epoch: g.Status.Turn,
				Lines: lines, MessageID: key, From: "york@example.org", At: g.Updated}); err != nil {
				return err
			}
			if err := tx.PutGame(g); err != nil {
				return err
			}
			if err := tx.MarkProcessed(key, &ProcessedRecord{GameID: id, Outcome: OutcomeAccepted, At: g.Updated, MessageID: key}); err != nil {
				return err
			}
			for _, to := range []string{"york@example.org", "lan@example.org"} {
				m := mail(id, fmt.Sprintf("r%d.%s@pbem.local", n, to[:3]))
				m.To = []string{to}
				m.Text = body
				if _, err := tx.Enqueue(m); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
}

func BenchmarkApplyTx(b *testing.B)       { benchApply(b, false) }
func BenchmarkApplyTxNoSync(b *testing.B) { benchApply(b, true) }
