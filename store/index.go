package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Indexes. Every path of one email, one deadline tick or one status line
// must cost the same whatever the number of games or of mail ever sent, so
// the store keeps, beside the records, small indexes that PutGame, Enqueue,
// MarkSent, CancelMail and DeleteGame maintain in the same transaction as
// the change they describe. Nothing outside the store writes them; Open
// builds them once when it upgrades a file written before they existed.

var (
	bucketSummaries = []byte("summaries") // game ID → Summary JSON
	bucketWake      = []byte("wake")      // u64 unix time + game ID → ""
	bucketSenders   = []byte("senders")   // address + "\x00" + game ID → ""
	bucketGameMail  = []byte("gamemail")  // game ID + "\x00" + u64 mail ID → ""
	bucketCounts    = []byte("counts")    // name → u64

	indexBuckets = [][]byte{bucketSummaries, bucketWake, bucketSenders, bucketGameMail, bucketCounts}
)

// Counter names in the counts bucket.
const (
	countActive   = "games.active"
	countFinished = "games.finished"
	countQueued   = "mail.queued"
	countSent     = "mail.sent"
)

// DefaultReminderHours is the reminder lead the upgrade to schema 2 gives
// games of an older file that are waiting for a decision: the judge's
// default at the time such files were written.
const DefaultReminderHours = 24

// Summary is what a status listing shows of a game, kept small and beside
// the game so that listing games never decodes their states. PutGame
// writes it from the Game's fields.
type Summary struct {
	ID       string    `json:"id"`
	GameName string    `json:"game"`
	Scenario string    `json:"scenario"`
	Turn     int       `json:"turn"`
	Label    string    `json:"label"`
	Finished bool      `json:"finished,omitempty"`
	Result   string    `json:"result,omitempty"`
	Deadline time.Time `json:"deadline,omitzero"`
	// Players maps each role (the GM's included) to its address.
	Players map[string]string `json:"players"`
	// Owing lists the roles that owe a decision (Game.Owing).
	Owing   []string  `json:"owing,omitempty"`
	Updated time.Time `json:"updated,omitzero"`
	// Wake is when the deadline tick must next look at the game
	// (Game.WakeAt); zero for never.
	Wake time.Time `json:"wake,omitzero"`
	// Addresses are the sender-index entries of the game: every address
	// that may write for it while it runs; none once it is finished.
	Addresses []string `json:"addresses,omitempty"`
}

// GameCounts counts the games of the store by state.
type GameCounts struct {
	Active   int `json:"active"`
	Finished int `json:"finished"`
}

// Total is the number of games.
func (c GameCounts) Total() int { return c.Active + c.Finished }

// WakeAt is when the tick must next look at g: the sooner of
// DeadlineWake and the next observer's report (ObserversDue). Zero for
// never.
func (g *Game) WakeAt() time.Time {
	w, o := g.DeadlineWake(), g.ObserversDue()
	if w.IsZero() || !o.IsZero() && o.Before(w) {
		return o
	}
	return w
}

// DeadlineWake is when the deadline tick must next look at g's clock:
// the end of a pause; else the end of a revision window (Held); else
// the soonest reminder not yet sent (Reminders), else the deadline, or
// the end of the grace period once the deadline has passed. Zero for never (a finished game).
func (g *Game) DeadlineWake() time.Time {
	if g.Status.Finished {
		return time.Time{}
	}
	if g.Pause != nil {
		return g.Pause.Until
	}
	if g.Held != nil {
		// The decisions owed are in: the window's end, not the deadline.
		return g.Held.Until
	}
	if g.Deadline.IsZero() {
		return time.Time{}
	}
	if !g.GraceUntil.IsZero() {
		return g.GraceUntil
	}
	if r := g.Reminders(); len(r) > 0 && r[0].At.Before(g.Deadline) {
		return r[0].At
	}
	return g.Deadline
}

// Addresses returns, in lower case, sorted and without repeats, every
// address that may write for g: the GM and each seat's address and
// aliases. A finished game has none in the sender index, but Addresses
// still lists them.
func (g *Game) Addresses() []string {
	var out []string
	add := func(a string) {
		a = strings.ToLower(strings.TrimSpace(a))
		if a != "" && !strings.ContainsRune(a, 0) {
			out = append(out, a)
		}
	}
	add(g.GM)
	for _, p := range g.Players {
		add(p.Email)
		for _, a := range p.Aliases {
			add(a)
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// summarize builds g's summary and index entries.
func summarize(g *Game) *Summary {
	s := &Summary{
		ID: g.ID, GameName: g.GameName, Scenario: g.Scenario,
		Turn: g.Status.Turn, Label: g.Status.Label,
		Finished: g.Status.Finished, Result: g.Status.Result,
		Deadline: g.Deadline, Players: map[string]string{},
		Owing: slices.Clone(g.Owing), Updated: g.Updated,
		Wake: g.WakeAt(),
	}
	for _, p := range g.Players {
		s.Players[p.Role] = p.Email
	}
	if !g.Status.Finished {
		s.Addresses = g.Addresses()
	}
	return s
}

func wakeKey(at time.Time, id string) []byte {
	sec := at.Unix()
	if sec < 0 {
		sec = 0
	}
	return append(u64(uint64(sec)), id...)
}

func senderPrefix(addr string) []byte {
	return append(untrustedKey(addr), 0)
}

func gameMailKey(gameID string, id uint64) []byte {
	return append(append([]byte(gameID), 0), u64(id)...)
}

// writeIndexes replaces the index entries of game id: old is its previous
// summary (nil for a new game) and s the new one (nil when the game is
// deleted).
func (t *Tx) writeIndexes(id string, old, s *Summary) error {
	buckets := map[string]*bolt.Bucket{}
	for _, name := range indexBuckets {
		b, err := t.bucket(name)
		if err != nil {
			return err
		}
		buckets[string(name)] = b
	}
	wake, senders, sums := buckets[string(bucketWake)], buckets[string(bucketSenders)], buckets[string(bucketSummaries)]
	if old != nil {
		if !old.Wake.IsZero() {
			if err := wake.Delete(wakeKey(old.Wake, id)); err != nil {
				return err
			}
		}
		for _, a := range old.Addresses {
			if err := senders.Delete(append(senderPrefix(a), id...)); err != nil {
				return err
			}
		}
		if err := t.addCount(stateCount(old.Finished), -1); err != nil {
			return err
		}
	}
	if s == nil {
		return sums.Delete([]byte(id))
	}
	if !s.Wake.IsZero() {
		if err := wake.Put(wakeKey(s.Wake, id), nil); err != nil {
			return err
		}
	}
	for _, a := range s.Addresses {
		if err := senders.Put(append(senderPrefix(a), id...), nil); err != nil {
			return err
		}
	}
	if err := t.addCount(stateCount(s.Finished), 1); err != nil {
		return err
	}
	return putJSON(sums, []byte(id), s)
}

func stateCount(finished bool) string {
	if finished {
		return countFinished
	}
	return countActive
}

// addCount adds delta to counter name (never below zero).
func (t *Tx) addCount(name string, delta int64) error {
	b, err := t.bucket(bucketCounts)
	if err != nil {
		return err
	}
	n := int64(t.count(name)) + delta
	if n < 0 {
		n = 0
	}
	return b.Put([]byte(name), u64(uint64(n)))
}

func (t *Tx) count(name string) int {
	b := t.tx.Bucket(bucketCounts)
	if b == nil {
		return 0
	}
	v := b.Get([]byte(name))
	if len(v) != 8 {
		return 0
	}
	return int(binary.BigEndian.Uint64(v))
}

// summary reads the stored summary of id, or nil.
func (t *Tx) summary(id string) (*Summary, error) {
	var s Summary
	found, err := getJSON(t.tx.Bucket(bucketSummaries), []byte(id), &s)
	if err != nil {
		return nil, fmt.Errorf("summary of game %s: %w", id, err)
	}
	if !found {
		return nil, nil
	}
	return &s, nil
}

// HasGame reports whether game id exists, without reading it.
func (t *Tx) HasGame(id string) bool {
	b := t.tx.Bucket(bucketGames)
	return b != nil && id != "" && len(id) <= 512 && b.Get([]byte(id)) != nil
}

// Summary returns the summary of game id, or an error wrapping
// ErrNotFound.
func (t *Tx) Summary(id string) (*Summary, error) {
	if t.db.legacy {
		g, err := t.Game(id)
		if err != nil {
			return nil, err
		}
		legacyDefaults(g)
		return summarize(g), nil
	}
	s, err := t.summary(id)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, fmt.Errorf("game %q: %w", id, ErrNotFound)
	}
	return s, nil
}

// Summaries returns up to limit summaries of the games whose IDs sort
// after after ("" for the first), by ID: a page of a listing. limit <= 0
// means no limit.
func (t *Tx) Summaries(after string, limit int) ([]*Summary, error) {
	var out []*Summary
	if t.db.legacy {
		err := t.eachGame(func(g *Game) bool {
			if g.ID > after {
				out = append(out, summarize(g))
			}
			return limit <= 0 || len(out) < limit
		})
		return out, err
	}
	b := t.tx.Bucket(bucketSummaries)
	if b == nil {
		return nil, nil
	}
	c := b.Cursor()
	k, v := c.Seek([]byte(after))
	if k != nil && string(k) == after {
		k, v = c.Next()
	}
	for ; k != nil && (limit <= 0 || len(out) < limit); k, v = c.Next() {
		var s Summary
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, fmt.Errorf("summary of game %s: corrupt record: %w", k, err)
		}
		out = append(out, &s)
	}
	return out, nil
}

// GameCounts returns how many games are active and how many finished.
func (t *Tx) GameCounts() (GameCounts, error) {
	if t.db.legacy {
		var c GameCounts
		err := t.eachGame(func(g *Game) bool {
			if g.Status.Finished {
				c.Finished++
			} else {
				c.Active++
			}
			return true
		})
		return c, err
	}
	return GameCounts{Active: t.count(countActive), Finished: t.count(countFinished)}, nil
}

// Due returns the IDs of up to limit games whose wake time (Game.WakeAt)
// is at or before now, soonest first. limit <= 0 means no limit. Games
// without a deadline and finished games are never due.
func (t *Tx) Due(now time.Time, limit int) ([]string, error) {
	if t.db.legacy {
		type due struct {
			at time.Time
			id string
		}
		var all []due
		err := t.eachGame(func(g *Game) bool {
			if w := g.WakeAt(); !w.IsZero() && !w.After(now) {
				all = append(all, due{w, g.ID})
			}
			return true
		})
		sort.Slice(all, func(i, j int) bool {
			if !all[i].at.Equal(all[j].at) {
				return all[i].at.Before(all[j].at)
			}
			return all[i].id < all[j].id
		})
		var out []string
		for _, d := range all {
			if limit > 0 && len(out) == limit {
				break
			}
			out = append(out, d.id)
		}
		return out, err
	}
	b := t.tx.Bucket(bucketWake)
	if b == nil {
		return nil, nil
	}
	sec := now.Unix()
	if sec < 0 {
		return nil, nil
	}
	var out []string
	c := b.Cursor()
	for k, _ := c.First(); k != nil && (limit <= 0 || len(out) < limit); k, _ = c.Next() {
		if len(k) <= 8 || binary.BigEndian.Uint64(k[:8]) > uint64(sec) {
			break
		}
		out = append(out, string(k[8:]))
	}
	return out, nil
}

// GamesOfAddress returns, by ID, the unfinished games in which addr (any
// case) may write: as a seat's address or alias, or as the GM.
func (t *Tx) GamesOfAddress(addr string) ([]string, error) {
	addr = strings.ToLower(strings.TrimSpace(addr))
	if addr == "" || strings.ContainsRune(addr, 0) {
		return nil, nil
	}
	var out []string
	if t.db.legacy {
		err := t.eachGame(func(g *Game) bool {
			if !g.Status.Finished && slices.Contains(g.Addresses(), addr) {
				out = append(out, g.ID)
			}
			return true
		})
		return out, err
	}
	b := t.tx.Bucket(bucketSenders)
	if b == nil {
		return nil, nil
	}
	prefix := senderPrefix(addr)
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		out = append(out, string(k[len(prefix):]))
	}
	return out, nil
}

// GameMail returns every mail of game gameID still queued or already sent
// (then SentAt is set), by ID. Cancelled mail is not included.
func (t *Tx) GameMail(gameID string) ([]*OutMail, error) {
	if t.db.legacy {
		all, err := t.AllMail()
		if err != nil {
			return nil, err
		}
		var out []*OutMail
		for _, m := range all {
			if m.GameID == gameID {
				out = append(out, m)
			}
		}
		return out, nil
	}
	b := t.tx.Bucket(bucketGameMail)
	if b == nil || gameID == "" {
		return nil, nil
	}
	ob, sb := t.tx.Bucket(bucketOutbox), t.tx.Bucket(bucketSent)
	prefix := append([]byte(gameID), 0)
	var out []*OutMail
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		key := k[len(prefix):]
		for _, mb := range []*bolt.Bucket{ob, sb} {
			var m OutMail
			found, err := getJSON(mb, key, &m)
			if err != nil {
				return nil, fmt.Errorf("mail %d of game %s: %w", binary.BigEndian.Uint64(key), gameID, err)
			}
			if found {
				out = append(out, &m)
				break
			}
		}
	}
	return out, nil
}

// DeleteGame removes game id with everything that belongs to it: its
// record, its log, its checkpoint, its mail (queued, sent and cancelled) and every index
// entry. Records of processed messages stay (they only name the game).
// It fails with ErrNotFound, changing nothing, if there is no such game.
func (t *Tx) DeleteGame(id string) error {
	if !t.HasGame(id) {
		return fmt.Errorf("delete game %q: %w", id, ErrNotFound)
	}
	games, err := t.bucket(bucketGames)
	if err != nil {
		return err
	}
	old, err := t.summary(id)
	if err != nil {
		return err
	}
	if err := t.writeIndexes(id, old, nil); err != nil {
		return err
	}
	if err := games.Delete([]byte(id)); err != nil {
		return err
	}
	if root := t.tx.Bucket(bucketLog); root != nil && root.Bucket([]byte(id)) != nil {
		if err := root.DeleteBucket([]byte(id)); err != nil {
			return fmt.Errorf("delete game %s: log: %w", id, err)
		}
	}
	if err := t.deleteSubmissions(id); err != nil {
		return fmt.Errorf("delete game %s: submissions: %w", id, err)
	}
	if err := t.deleteCheckpoint(id); err != nil {
		return fmt.Errorf("delete game %s: checkpoint: %w", id, err)
	}
	gm, err := t.bucket(bucketGameMail)
	if err != nil {
		return err
	}
	prefix := append([]byte(id), 0)
	var keys [][]byte
	c := gm.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		mk := k[len(prefix):]
		for _, d := range []struct {
			name  []byte
			count string
		}{{bucketOutbox, countQueued}, {bucketSent, countSent}, {bucketCancelled, ""}} {
			b := t.tx.Bucket(d.name)
			if b == nil || b.Get(mk) == nil {
				continue
			}
			if err := b.Delete(mk); err != nil {
				return err
			}
			if d.count != "" {
				if err := t.addCount(d.count, -1); err != nil {
					return err
				}
			}
		}
		if err := gm.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// eachGame decodes every game in ID order until fn returns false. Only
// files not yet upgraded to the indexes (opened read-only) need it.
func (t *Tx) eachGame(fn func(*Game) bool) error {
	b := t.tx.Bucket(bucketGames)
	if b == nil {
		return nil
	}
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		var g Game
		t.db.decoded.Add(1)
		if err := json.Unmarshal(v, &g); err != nil {
			return fmt.Errorf("game %s: corrupt record: %w", k, err)
		}
		g.Seq = int(t.logLen(g.ID))
		legacyDefaults(&g)
		if !fn(&g) {
			return nil
		}
	}
	return nil
}

// legacyDefaults fills what a version-1 file did not record, as the
// upgrade to schema 2 does.
func legacyDefaults(g *Game) {
	if !g.Status.Finished && g.ReminderHours == 0 {
		g.ReminderHours = DefaultReminderHours
	}
}

// rebuildIndexes drops and rebuilds every index from the records: the
// upgrade from schema 1. fromV1 also gives waiting games of a version-1
// file the default reminder lead, which that version did not record.
func rebuildIndexes(tx *bolt.Tx, db *DB, fromV1 bool) error {
	for _, name := range indexBuckets {
		if tx.Bucket(name) != nil {
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	t := &Tx{tx: tx, db: db}
	games := tx.Bucket(bucketGames)
	var ids [][]byte
	c := games.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		ids = append(ids, bytes.Clone(k))
	}
	for _, id := range ids {
		var g Game
		if err := json.Unmarshal(games.Get(id), &g); err != nil {
			return fmt.Errorf("upgrade: game %s: corrupt record: %w", id, err)
		}
		if fromV1 && !g.Status.Finished && g.ReminderHours == 0 {
			legacyDefaults(&g)
			if err := putJSON(games, id, &g); err != nil {
				return err
			}
		}
		if err := t.writeIndexes(string(id), nil, summarize(&g)); err != nil {
			return fmt.Errorf("upgrade: game %s: %w", id, err)
		}
	}
	gm := tx.Bucket(bucketGameMail)
	for _, d := range []struct {
		name  []byte
		count string
	}{{bucketOutbox, countQueued}, {bucketSent, countSent}, {bucketCancelled, ""}} {
		b := tx.Bucket(d.name)
		if b == nil {
			continue
		}
		n := 0
		err := b.ForEach(func(k, v []byte) error {
			n++
			var m struct {
				GameID string `json:"game_id"`
			}
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("upgrade: mail %d: corrupt record: %w", binary.BigEndian.Uint64(k), err)
			}
			if m.GameID == "" || strings.ContainsRune(m.GameID, 0) {
				return nil
			}
			return gm.Put(gameMailKey(m.GameID, binary.BigEndian.Uint64(k)), nil)
		})
		if err != nil {
			return err
		}
		if d.count != "" {
			if err := t.addCount(d.count, int64(n)); err != nil {
				return err
			}
		}
	}
	return nil
}
