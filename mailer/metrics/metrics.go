// Package metrics exposes the daemon's Prometheus metrics and its health
// check over HTTP.
//
// Counters and the latency histogram are updated by the daemon as it
// works; the outbox and game gauges are computed from the store when
// scraped, so a scrape costs one short read transaction.
package metrics

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/pbem/pbem/store"
)

// Options configure New.
type Options struct {
	// DB is the store the gauges are read from (nil: no store gauges).
	DB *store.DB
	// Health reports whether the daemon's loops run; nil means they do.
	Health func() error
	// GamesByState counts the games by state ("active", "finished"). Nil
	// means CountGames, recomputed at most every GamesEvery.
	GamesByState func(tx *store.Tx) (map[string]int, error)
	// GamesEvery is how long a games-by-state count is reused (0: 5 min).
	GamesEvery time.Duration
	// Now is the clock for the age of the oldest queued mail (nil:
	// time.Now).
	Now func() time.Time
}

// Metrics is the daemon's set of metrics. A nil *Metrics is valid and
// records nothing, so callers need not check.
type Metrics struct {
	opt       Options
	reg       *prometheus.Registry
	emails    *prometheus.CounterVec
	rejected  *prometheus.CounterVec
	latency   prometheus.Histogram
	delivered prometheus.Counter
	failed    prometheus.Counter
	deadlines prometheus.Counter

	mu        sync.Mutex
	games     map[string]int
	gamesAt   time.Time
	gamesErrs int
}

// New creates the metrics and registers them in a registry of their own.
func New(opt Options) *Metrics {
	if opt.GamesByState == nil {
		opt.GamesByState = CountGames
	}
	if opt.GamesEvery <= 0 {
		opt.GamesEvery = 5 * time.Minute
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	m := &Metrics{opt: opt, reg: prometheus.NewRegistry()}
	m.emails = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "pbem_emails_processed_total",
		Help: "Incoming emails handled, by outcome (accepted, rejected, ignored, check, duplicate, error).",
	}, []string{"outcome"})
	m.rejected = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "pbem_emails_rejected_total",
		Help: "Incoming emails rejected or ignored, by class of reason.",
	}, []string{"reason"})
	m.latency = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "pbem_email_handling_seconds",
		Help:    "Time to handle one incoming email, from its bytes to the committed outcome.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	})
	m.delivered = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "pbem_deliveries_total",
		Help: "Outgoing mails the SMTP server accepted.",
	})
	m.failed = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "pbem_deliveries_failed_total",
		Help: "Failed attempts to send an outgoing mail (each is retried later).",
	})
	m.deadlines = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "pbem_deadlines_applied_total",
		Help: "Games changed by the deadline clock (default orders applied or reminders sent).",
	})
	m.reg.MustRegister(m.emails, m.rejected, m.latency, m.delivered, m.failed, m.deadlines,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&storeCollector{m: m})
	return m
}

// Email records one handled email: its outcome (a store.Outcome* value,
// "duplicate", or "error" when it could not be committed), the judge's
// reason and how long it took.
func (m *Metrics) Email(outcome, reason string, took time.Duration) {
	if m == nil {
		return
	}
	m.emails.WithLabelValues(outcome).Inc()
	if outcome == store.OutcomeRejected || outcome == store.OutcomeIgnored {
		m.rejected.WithLabelValues(ReasonClass(reason)).Inc()
	}
	m.latency.Observe(took.Seconds())
}

// Delivered records a mail the SMTP server accepted.
func (m *Metrics) Delivered() {
	if m != nil {
		m.delivered.Inc()
	}
}

// DeliveryFailed records a failed send attempt.
func (m *Metrics) DeliveryFailed() {
	if m != nil {
		m.failed.Inc()
	}
}

// DeadlinesApplied records n games changed by the deadline clock.
func (m *Metrics) DeadlinesApplied(n int) {
	if m != nil && n > 0 {
		m.deadlines.Add(float64(n))
	}
}

// reasonClasses maps the start of a judge's reason to a small, fixed set
// of label values, so the label's cardinality stays bounded whatever the
// reason text says.
var reasonClasses = []struct{ prefix, class string }{
	{"unreadable", "unreadable"},
	{"your email is larger", "too_large"},
	{"your email has no text part", "no_text"},
	{"automatic reply", "auto_reply"},
	{"rate limit", "rate_limit"},
	{"no game of this server", "stranger"},
	{"no game tag", "no_game_tag"},
	{"unknown game", "unknown_game"},
	{"sender is not a player", "not_a_player"},
	{"the secret is", "bad_secret"},
	{"game over", "game_over"},
	{"stale turn", "stale_turn"},
	{"no orders", "no_orders"},
	{"gm command refused", "gm_refused"},
}

// ReasonClass returns the metric label for a judge's reason. Reasons the
// table does not name are the rules engine's verdicts on the orders.
func ReasonClass(reason string) string {
	r := strings.ToLower(strings.TrimSpace(reason))
	for _, c := range reasonClasses {
		if strings.HasPrefix(r, c.prefix) {
			return c.class
		}
	}
	return "orders"
}

// CountGames counts the store's games by state: "finished" or "active".
// It reads the store's counters, not the games.
func CountGames(tx *store.Tx) (map[string]int, error) {
	c, err := tx.GameCounts()
	if err != nil {
		return nil, err
	}
	return map[string]int{"active": c.Active, "finished": c.Finished}, nil
}

var (
	descDepth  = prometheus.NewDesc("pbem_outbox_queued", "Mails waiting in the outbox.", nil, nil)
	descOldest = prometheus.NewDesc("pbem_outbox_oldest_age_seconds", "Age of the oldest mail waiting in the outbox (0 when empty).", nil, nil)
	descGames  = prometheus.NewDesc("pbem_games", "Games in the store, by state.", []string{"state"}, nil)
	descUp     = prometheus.NewDesc("pbem_store_up", "1 when the store answered the last scrape.", nil, nil)
)

// storeCollector computes the store gauges on scrape.
type storeCollector struct{ m *Metrics }

func (c *storeCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- descDepth
	ch <- descOldest
	ch <- descGames
	ch <- descUp
}

func (c *storeCollector) Collect(ch chan<- prometheus.Metric) {
	m := c.m
	if m.opt.DB == nil {
		return
	}
	now := m.opt.Now()
	var depth int
	var oldest time.Time
	err := m.opt.DB.View(func(tx *store.Tx) error {
		// The outbox holds only unsent mail: it stays small.
		q, err := tx.Queued()
		if err != nil {
			return err
		}
		depth = len(q)
		for _, ml := range q {
			if oldest.IsZero() || ml.Created.Before(oldest) {
				oldest = ml.Created
			}
		}
		return m.refreshGames(tx, now)
	})
	if err != nil {
		ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, 1)
	ch <- prometheus.MustNewConstMetric(descDepth, prometheus.GaugeValue, float64(depth))
	age := 0.0
	if !oldest.IsZero() {
		age = now.Sub(oldest).Seconds()
	}
	ch <- prometheus.MustNewConstMetric(descOldest, prometheus.GaugeValue, age)
	m.mu.Lock()
	for state, n := range m.games {
		ch <- prometheus.MustNewConstMetric(descGames, prometheus.GaugeValue, float64(n), state)
	}
	m.mu.Unlock()
}

// refreshGames recounts the games when the last count is older than
// GamesEvery.
func (m *Metrics) refreshGames(tx *store.Tx, now time.Time) error {
	m.mu.Lock()
	fresh := m.games != nil && now.Sub(m.gamesAt) < m.opt.GamesEvery
	m.mu.Unlock()
	if fresh {
		return nil
	}
	g, err := m.opt.GamesByState(tx)
	if err != nil {
		return err
	}
	m.mu.Lock()
	m.games, m.gamesAt = g, now
	m.mu.Unlock()
	return nil
}

// Healthy returns nil when the store answers and the daemon's loops run.
func (m *Metrics) Healthy() error {
	if m.opt.DB != nil {
		if err := m.opt.DB.View(func(*store.Tx) error { return nil }); err != nil {
			return fmt.Errorf("store: %w", err)
		}
	}
	if m.opt.Health != nil {
		return m.opt.Health()
	}
	return nil
}

// Handler serves /metrics and /healthz.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if err := m.Healthy(); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, "unhealthy: %v\n", err)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	return mux
}

// Listen opens addr for Serve; a separate step so a bad address fails
// before the daemon starts.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics address %s: %w", addr, err)
	}
	return ln, nil
}

// Serve serves Handler on ln until ctx ends, then closes it.
func (m *Metrics) Serve(ctx context.Context, ln net.Listener, log *slog.Logger) error {
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if log != nil {
		log.Info("metrics", "addr", ln.Addr().String(), "paths", "/metrics /healthz")
	}
	err := srv.Serve(ln)
	<-done
	if errors.Is(err, http.ErrServerClosed) {
		return ctx.Err()
	}
	return err
}
