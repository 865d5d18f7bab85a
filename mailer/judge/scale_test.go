package judge

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pbem/pbem/adjudicator"
	_ "github.com/pbem/pbem/adjudicator/all"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/store"
	"github.com/stretchr/testify/require"
)

// The cost of one email, one tick and one status listing must not grow
// with the number of games or with the mail ever sent. BenchmarkScale
// measures them on stores of 10 and 10,000 Richard III games with their
// sent mail; TestScaleReadsOnlyWhatItNeeds checks the same without timing,
// by counting the game records each path decodes.

var scaleStart = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

// scaleTemplates is how many real games a scale store starts from; the
// other games are copies of them.
const scaleTemplates = 2

// scaleMailsPerClone is how many sent mails each copied game carries.
const scaleMailsPerClone = 12

// scalePos is a game just before an email, to replay that email on a
// fresh copy of the game as often as needed.
type scalePos struct {
	game   *store.Game
	log    []*store.LogEntry
	role   string
	secret string
	lines  []string
}

// scaleStore is a built store file and the positions found while
// building it.
type scaleStore struct {
	path     string
	games    int
	ordinary *scalePos // an accepted email that does not end the turn
	turnEnd  *scalePos // an accepted email that ends a turn
	mails    int       // sent mails in the store
	now      time.Time // the clock after building
}

var (
	scaleMu    sync.Mutex
	scaleDir   string
	scaleCache = map[int]*scaleStore{}
	scaleSeq   atomic.Int64 // numbers the benchmark emails and copies
)

func TestMain(m *testing.M) {
	code := m.Run()
	if scaleDir != "" {
		_ = os.RemoveAll(scaleDir)
	}
	os.Exit(code)
}

// scaleFixture returns the store of n games, built once per test binary
// run (in a temporary directory) and shared by the benchmarks.
func scaleFixture(tb testing.TB, n int) *scaleStore {
	tb.Helper()
	scaleMu.Lock()
	defer scaleMu.Unlock()
	if s := scaleCache[n]; s != nil {
		return s
	}
	if scaleDir == "" {
		d, err := os.MkdirTemp("", "pbem-scale-")
		require.NoError(tb, err)
		scaleDir = d
	}
	s := buildScaleStore(tb, filepath.Join(scaleDir, fmt.Sprintf("scale-%d.db", n)), n)
	scaleCache[n] = s
	return s
}

// buildScaleStore plays scaleTemplates real games of Richard III by email
// (random legal orders), marks their mail sent, then fills the store up
// to n games with copies of them (records, logs and sent mail) written
// directly with store calls.
func buildScaleStore(tb testing.TB, path string, n int) *scaleStore {
	tb.Helper()
	db, err := store.Open(path, store.Options{NoSync: true})
	require.NoError(tb, err)
	defer db.Close()
	now := scaleStart
	j := New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, RatePerHour: 1 << 20})
	eng, err := adjudicator.Lookup("richard-iii")
	require.NoError(tb, err)
	s := &scaleStore{path: path, games: n}
	var finals []*scalePos
	for k := 0; k < scaleTemplates; k++ {
		c, err := j.NewGame(NewGameSpec{Game: "richard-iii", Scenario: "wars-of-the-roses", GM: "gm@club.example",
			Players: []PlayerSpec{{Role: "york", Email: fmt.Sprintf("york-%d@club.example", k)}, {Role: "lancaster", Email: fmt.Sprintf("lancaster-%d@club.example", k)}}})
		require.NoError(tb, err)
		id := c.Game.ID
		pick := testdice.New(uint64(k + 1))
		snap := func() (*scalePos, adjudicator.State) {
			p := &scalePos{}
			require.NoError(tb, db.View(func(tx *store.Tx) error {
				if p.game, err = tx.Game(id); err != nil {
					return err
				}
				p.log, err = tx.LogEntries(id, 1)
				return err
			}))
			st, err := eng.Decode(p.game.State)
			require.NoError(tb, err)
			return p, st
		}
		for step := 0; step < 200 && (s.ordinary == nil || s.turnEnd == nil || step < 30); step++ {
			p, st := snap()
			if p.game.Status.Finished {
				break
			}
			prompts := st.Prompts()
			require.NotEmpty(tb, prompts)
			role := prompts[pick.Intn(len(prompts))].Role
			sub := st.(adjudicator.Player).RandomSubmission(role, pick.Intn)
			require.NotNil(tb, sub)
			p.role, p.secret = string(role), c.Secrets[role]
			for _, l := range sub.Lines {
				p.lines = append(p.lines, l.Text)
			}
			now = now.Add(time.Minute)
			raw := scaleOrder(id, p.game.Player(p.role).Email, p)
			o, err := j.HandleMail(raw)
			require.NoError(tb, err)
			require.Equal(tb, store.OutcomeAccepted, o.Kind, o.Reason)
			after, _ := snap()
			switch {
			case after.game.Dice.RevealedThrough > p.game.Dice.RevealedThrough:
				// A copy of the game has another ID and so other dice
				// (docs/dice.md): only an email that rolls none ends the
				// turn in every copy.
				if s.turnEnd == nil && !rolledDice(tb, db, id, p) {
					s.turnEnd = p
				}
			case after.game.Status.Turn == p.game.Status.Turn && s.ordinary == nil:
				s.ordinary = p
			}
		}
		fin, _ := snap()
		finals = append(finals, fin)
	}
	require.NotNil(tb, s.ordinary, "no ordinary email found")
	require.NotNil(tb, s.turnEnd, "no turn-ending email found")
	// Everything queued so far was sent.
	require.NoError(tb, db.Update(func(tx *store.Tx) error {
		q, err := tx.Queued()
		if err != nil {
			return err
		}
		for _, m := range q {
			if err := tx.MarkSent(m.ID, now); err != nil {
				return err
			}
		}
		return nil
	}))
	var mails [][]*store.OutMail
	require.NoError(tb, db.View(func(tx *store.Tx) error {
		for _, f := range finals {
			ms, err := tx.GameMail(f.game.ID)
			if err != nil {
				return err
			}
			if len(ms) > scaleMailsPerClone {
				ms = ms[len(ms)-scaleMailsPerClone:]
			}
			mails = append(mails, ms)
		}
		return nil
	}))
	const batch = 250
	for i := scaleTemplates; i < n; i += batch {
		require.NoError(tb, db.Update(func(tx *store.Tx) error {
			for k := i; k < i+batch && k < n; k++ {
				t := k % scaleTemplates
				id := fmt.Sprintf("roses-c%05d", k)
				// Deadlines spread over the days ahead: none is due.
				deadline := now.Add(48*time.Hour + time.Duration(k)*time.Minute)
				if err := cloneScaleGame(tx, finals[t], mails[t], id, fmt.Sprintf("p%05d-", k), fmt.Sprintf("gm%d@club.example", k%50), deadline); err != nil {
					return err
				}
			}
			return nil
		}))
	}
	require.NoError(tb, db.View(func(tx *store.Tx) error {
		_, s.mails = tx.OutboxCounts()
		return nil
	}))
	s.now = now.Add(time.Hour)
	return s
}

// cloneScaleGame writes a copy of position p as game id, with its own
// addresses, deadline and a copy of mails (marked sent).
func cloneScaleGame(tx *store.Tx, p *scalePos, mails []*store.OutMail, id, addrPrefix, gm string, deadline time.Time) error {
	g := p.game.Clone()
	g.ID = id
	g.OrdersAddress = "orders+" + id + "@club.example"
	g.ThreadRoot = "pbem." + id + ".root@club.example"
	g.GM = gm
	for i := range g.Players {
		if g.Players[i].Role == string(adjudicator.GM) {
			g.Players[i].Email = gm
		} else {
			g.Players[i].Email = addrPrefix + g.Players[i].Role + "@club.example"
		}
		g.Players[i].Aliases = nil
	}
	g.Deadline, g.RemindersSent = deadline, 0
	for _, e := range p.log {
		c := *e
		if _, err := tx.AppendLog(id, &c); err != nil {
			return err
		}
	}
	if err := tx.PutGame(g); err != nil {
		return err
	}
	for _, m := range mails {
		c := *m
		c.ID, c.GameID = 0, id
		c.MessageID = strings.Replace(m.MessageID, p.game.ID, id, 1) + fmt.Sprintf(".%d", scaleSeq.Add(1))
		mid, err := tx.Enqueue(&c)
		if err != nil {
			return err
		}
		if err := tx.MarkSent(mid, m.SentAt); err != nil {
			return err
		}
	}
	return nil
}

// rolledDice reports whether the entries logged after position p drew
// any die.
func rolledDice(tb testing.TB, db *store.DB, id string, p *scalePos) bool {
	var rolled bool
	require.NoError(tb, db.View(func(tx *store.Tx) error {
		entries, err := tx.LogEntries(id, uint64(len(p.log))+1)
		for _, e := range entries {
			rolled = rolled || len(e.Draws) > 0
		}
		return err
	}))
	return rolled
}

func fileSize(tb testing.TB, path string) int64 {
	fi, err := os.Stat(path)
	require.NoError(tb, err)
	return fi.Size()
}

// scaleOrder is the order email of position p from address from to game id.
func scaleOrder(id, from string, p *scalePos) []byte {
	var body strings.Builder
	fmt.Fprintf(&body, "secret: %s\r\nturn: %d\r\n", p.secret, p.game.Status.Turn)
	for _, l := range p.lines {
		body.WriteString(l + "\r\n")
	}
	return []byte(fmt.Sprintf("From: %s\r\nTo: orders+%s@club.example\r\nSubject: Re: [%s] report\r\nMessage-ID: <scale.%d@club.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s",
		from, id, id, scaleSeq.Add(1), body.String()))
}

// scaleEnv is an open scale store with a judge over it.
type scaleEnv struct {
	s  *scaleStore
	db *store.DB
	j  *Judge
}

func openScale(tb testing.TB, s *scaleStore) *scaleEnv {
	tb.Helper()
	db, err := store.Open(s.path, store.Options{NoSync: true})
	require.NoError(tb, err)
	tb.Cleanup(func() { db.Close() })
	now := s.now
	return &scaleEnv{s: s, db: db, j: New(db, Options{Domain: "club.example", Now: func() time.Time { return now }, RatePerHour: 1 << 20})}
}

// copyPos writes a fresh copy of p; due makes its deadline already past.
func (e *scaleEnv) copyPos(tb testing.TB, p *scalePos, due bool) (id, from string) {
	n := scaleSeq.Add(1)
	id = fmt.Sprintf("bench-%d", n)
	deadline := e.s.now.Add(72 * time.Hour)
	if due {
		deadline = e.s.now.Add(-time.Minute)
	}
	require.NoError(tb, e.db.Update(func(tx *store.Tx) error {
		return cloneScaleGame(tx, p, nil, id, fmt.Sprintf("b%d-", n), "gm@club.example", deadline)
	}))
	return id, fmt.Sprintf("b%d-%s@club.example", n, p.role)
}

func (e *scaleEnv) drop(tb testing.TB, id string) {
	require.NoError(tb, e.db.Update(func(tx *store.Tx) error { return tx.DeleteGame(id) }))
}

func (e *scaleEnv) stranger() []byte {
	n := scaleSeq.Add(1)
	return []byte(fmt.Sprintf("From: <offer%d@spam.example>\r\nTo: orders@club.example\r\nSubject: Cheap watches %d\r\nMessage-ID: <spam.%d@spam.example>\r\nContent-Type: text/plain\r\n\r\nBuy now.\r\n", n, n, n))
}

// BenchmarkScale measures, on stores of 10 and 10,000 games (each with
// its sent mail), an ordinary order email, an email that ends a turn
// (its reports carry the turn's dice), a deadline tick with one game due,
// a stranger's email, and the status listing. Fsync is off: the figures
// are the work of each path, not the disk's flush. The stores are built
// once per run (10,000 games take a while).
func BenchmarkScale(b *testing.B) {
	for _, n := range []int{10, 10000} {
		e := openScale(b, scaleFixture(b, n))
		email := func(p *scalePos) func(b *testing.B) {
			return func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					id, from := e.copyPos(b, p, false)
					raw := scaleOrder(id, from, p)
					b.StartTimer()
					o, err := e.j.HandleMail(raw)
					b.StopTimer()
					require.NoError(b, err)
					require.Equal(b, store.OutcomeAccepted, o.Kind, o.Reason)
					e.drop(b, id)
					b.StartTimer()
				}
			}
		}
		b.Run(fmt.Sprintf("order/games=%d", n), email(e.s.ordinary))
		b.Run(fmt.Sprintf("turn-end/games=%d", n), email(e.s.turnEnd))
		b.Run(fmt.Sprintf("tick/games=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				id, _ := e.copyPos(b, e.s.ordinary, true)
				b.StartTimer()
				changed, err := e.j.Tick()
				b.StopTimer()
				require.NoError(b, err)
				require.Equal(b, 1, changed)
				e.drop(b, id)
				b.StartTimer()
			}
		})
		b.Run(fmt.Sprintf("stranger/games=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				raw := e.stranger()
				b.StartTimer()
				o, err := e.j.HandleMail(raw)
				require.NoError(b, err)
				require.Equal(b, store.OutcomeIgnored, o.Kind)
			}
		})
		status := func(opt StatusOptions) func(b *testing.B) {
			return func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					require.NoError(b, e.db.View(func(tx *store.Tx) error { return WriteStatus(io.Discard, tx, opt) }))
				}
			}
		}
		b.Run(fmt.Sprintf("status/games=%d", n), status(StatusOptions{}))
		b.Run(fmt.Sprintf("status-all/games=%d", n), status(StatusOptions{All: true}))
	}
}

// TestScaleReadsOnlyWhatItNeeds checks, by counting decoded game records
// rather than by timing, that a tick, a stranger's email, an untagged
// email, the status listing and an order email read only the games they
// concern, on a store of many games with their sent mail.
func TestScaleReadsOnlyWhatItNeeds(t *testing.T) {
	const n = 200
	e := openScale(t, scaleFixture(t, n))
	decodes := func(f func()) uint64 {
		before := e.db.GamesDecoded()
		f()
		return e.db.GamesDecoded() - before
	}

	// A tick with nothing due reads no game.
	require.Zero(t, decodes(func() {
		changed, err := e.j.Tick()
		require.NoError(t, err)
		require.Zero(t, changed)
	}))
	// A tick with one game due reads that game only.
	id, _ := e.copyPos(t, e.s.ordinary, true)
	require.LessOrEqual(t, decodes(func() {
		changed, err := e.j.Tick()
		require.NoError(t, err)
		require.Equal(t, 1, changed)
	}), uint64(1))
	e.drop(t, id)

	// A stranger's email is refused without reading a game.
	require.Zero(t, decodes(func() {
		o, err := e.j.HandleMail(e.stranger())
		require.NoError(t, err)
		require.Equal(t, store.OutcomeIgnored, o.Kind)
	}))
	// An untagged email from a player is answered with the player's
	// games, without reading any.
	require.Zero(t, decodes(func() {
		raw := []byte(fmt.Sprintf("From: <p00007-york@club.example>\r\nTo: orders@club.example\r\nSubject: hello\r\nMessage-ID: <untagged.%d@club.example>\r\nContent-Type: text/plain\r\n\r\npick 1\r\n", scaleSeq.Add(1)))
		o, err := e.j.HandleMail(raw)
		require.NoError(t, err)
		require.Equal(t, "no game tag", o.Reason)
	}))
	var reply *store.OutMail
	require.NoError(t, e.db.View(func(tx *store.Tx) error {
		q, err := tx.Queued()
		reply = q[len(q)-1]
		return err
	}))
	require.Contains(t, reply.Text, "Your games: roses-c00007")

	// The status listing reads summaries only.
	require.Zero(t, decodes(func() {
		var b strings.Builder
		require.NoError(t, e.db.View(func(tx *store.Tx) error { return WriteStatus(&b, tx, StatusOptions{}) }))
		require.Contains(t, b.String(), fmt.Sprintf("%d games;", n))
		require.Contains(t, b.String(), "more games")
		require.LessOrEqual(t, strings.Count(b.String(), "\n"), DefaultStatusLines+3)
	}))

	// An order email, and one that ends a turn, read their own game only.
	for _, p := range []*scalePos{e.s.ordinary, e.s.turnEnd} {
		id, from := e.copyPos(t, p, false)
		require.LessOrEqual(t, decodes(func() {
			o, err := e.j.HandleMail(scaleOrder(id, from, p))
			require.NoError(t, err)
			require.Equal(t, store.OutcomeAccepted, o.Kind, o.Reason)
		}), uint64(4))
		var g *store.Game
		require.NoError(t, e.db.View(func(tx *store.Tx) (err error) { g, err = tx.Game(id); return err }))
		require.Equal(t, p == e.s.turnEnd, g.Dice.RevealedThrough > p.game.Dice.RevealedThrough, "the turn ends with the turn-ending email only")
		e.drop(t, id)
	}
	t.Logf("store of %d games, %d sent mails: %d bytes", n, e.s.mails, fileSize(t, e.s.path))

	// A copied game's record lists exactly its own sent mail.
	rec, err := e.j.Export("roses-c00005", false)
	require.NoError(t, err)
	require.Len(t, rec.Mails, scaleMailsPerClone)
}
