package metrics

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

func scrape(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	b, err := io.ReadAll(rec.Result().Body)
	require.NoError(t, err)
	return rec.Code, string(b)
}

func TestMetricsFromStore(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "m.db"), store.Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	require.NoError(t, db.Update(func(tx *store.Tx) error {
		for i := 0; i < 2; i++ {
			m := &store.OutMail{GameID: "g-1", Kind: "report", To: []string{"a@x"}, MessageID: "m" + string(rune('0'+i)) + "@x",
				Created: t0.Add(time.Duration(i) * time.Minute)}
			if _, err := tx.Enqueue(m); err != nil {
				return err
			}
		}
		return tx.PutGame(&store.Game{ID: "g-1", GameName: "richard-iii", Players: []store.Player{{Role: "york", Email: "a@x"}}})
	}))
	healthErr := error(nil)
	calls := 0
	m := New(Options{DB: db, Now: func() time.Time { return t0.Add(time.Hour) },
		Health: func() error { return healthErr },
		GamesByState: func(tx *store.Tx) (map[string]int, error) {
			calls++
			return CountGames(tx)
		}})
	m.Email(store.OutcomeAccepted, "", 3*time.Millisecond)
	m.Email(store.OutcomeRejected, "the secret is wrong", 2*time.Millisecond)
	m.Email(store.OutcomeIgnored, "no game of this server, from an address that plays none", time.Millisecond)
	m.Email(store.OutcomeRejected, "line 2: no such block", time.Millisecond)
	m.Delivered()
	m.DeliveryFailed()
	m.DeliveryFailed()
	m.DeadlinesApplied(3)
	code, body := scrape(t, m.Handler(), "/metrics")
	require.Equal(t, 200, code)
	for _, want := range []string{
		`pbem_emails_processed_total{outcome="accepted"} 1`,
		`pbem_emails_processed_total{outcome="rejected"} 2`,
		`pbem_emails_rejected_total{reason="bad_secret"} 1`,
		`pbem_emails_rejected_total{reason="stranger"} 1`,
		`pbem_emails_rejected_total{reason="orders"} 1`,
		`pbem_email_handling_seconds_count 4`,
		`pbem_deliveries_total 1`,
		`pbem_deliveries_failed_total 2`,
		`pbem_deadlines_applied_total 3`,
		`pbem_outbox_queued 2`,
		`pbem_outbox_oldest_age_seconds 3600`,
		`pbem_games{state="active"} 1`,
		`pbem_games{state="finished"} 0`,
		`pbem_store_up 1`,
	} {
		require.Contains(t, body, want)
	}
	require.NotContains(t, body, "a@x", "no addresses in metrics")
	scrape(t, m.Handler(), "/metrics")
	require.Equal(t, 1, calls, "the game count is reused between scrapes")

	code, body = scrape(t, m.Handler(), "/healthz")
	require.Equal(t, 200, code)
	require.Equal(t, "ok\n", body)
	healthErr = errors.New("stopped: intake")
	code, body = scrape(t, m.Handler(), "/healthz")
	require.Equal(t, 503, code)
	require.Equal(t, "unhealthy: stopped: intake\n", body)
	require.NoError(t, db.Close())
	code, body = scrape(t, m.Handler(), "/healthz")
	require.Equal(t, 503, code)
	require.True(t, strings.HasPrefix(body, "unhealthy: store: "), body)
}

func TestNilMetricsRecordNothing(t *testing.T) {
	var m *Metrics
	m.Email("accepted", "", time.Millisecond)
	m.Delivered()
	m.DeliveryFailed()
	m.DeadlinesApplied(1)
}

func TestReasonClass(t *testing.T) {
	for reason, class := range map[string]string{
		"unreadable email: bad header":       "unreadable",
		"rate limit: too many emails from x": "rate_limit",
		"no game tag":                        "no_game_tag",
		"the secret is missing":              "bad_secret",
		"stale turn":                         "stale_turn",
		"gm command refused: no such role":   "gm_refused",
		"line 3: Warwick cannot move there":  "orders",
	} {
		require.Equal(t, class, ReasonClass(reason), reason)
	}
}
