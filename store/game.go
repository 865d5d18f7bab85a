package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"
)

// Game is one game in progress (or finished), as the platform keeps it.
// It holds secrets (player secret hashes, the hidden dice seed): use
// Redacted before showing or exporting a Game.
type Game struct {
	ID            string            `json:"id"`        // e.g. "roses-7"
	GameName      string            `json:"game_name"` // adjudicator.Info.Name, e.g. "richard-iii"
	Scenario      string            `json:"scenario"`
	Options       map[string]string `json:"options,omitempty"`
	Players       []Player          `json:"players"`
	GM            string            `json:"gm"`             // game master's address
	OrdersAddress string            `json:"orders_address"` // where players send orders
	State         []byte            `json:"state"`          // the engine's encoded state
	StateHash     string            `json:"state_hash"`
	// Rules names the version of pbem that judged the game's last entry
	// ("" before versions were recorded); when another version commits
	// the next entry, the state as this one left it becomes the game's
	// Checkpoint.
	Rules         string    `json:"rules,omitempty"`
	Status        Status    `json:"status"`
	Dice          DiceState `json:"dice"`
	Deadline      time.Time `json:"deadline"`
	DeadlineHours int       `json:"deadline_hours"`
	RemindersSent int       `json:"reminders_sent"`
	// ReminderHours is how long before the deadline the players who owe
	// a decision are reminded (0: no reminder). With Deadline and
	// RemindersSent it sets the game's wake time (WakeAt) in the index
	// the deadline tick reads.
	ReminderHours int `json:"reminder_hours,omitempty"`
	// DeadlineByGM says the GM set the current deadline by hand: a
	// rollback keeps it, and the next decision the game moves on to
	// replaces it with a normal one.
	DeadlineByGM bool `json:"deadline_by_gm,omitempty"`
	// Policy is the game's deadline rules (club.go).
	Policy Policy `json:"policy,omitzero"`
	// Reminded names the reminders of the current deadline already sent
	// (Reminder.Key); a new deadline clears it.
	Reminded []string `json:"reminded,omitempty"`
	// GraceUntil is set once the deadline has passed with a grace period
	// running: the missed-deadline rule applies then.
	GraceUntil time.Time `json:"grace_until,omitzero"`
	// Pause is the running pause of the game's clock, if any, and
	// PauseRequest a pause asked by a GM who plays, awaiting the other
	// players' agreement.
	Pause        *Pause        `json:"pause,omitempty"`
	PauseRequest *PauseRequest `json:"pause_request,omitempty"`
	// Undo is a player's request to take back his last submission,
	// awaiting the other players' consent.
	Undo *UndoRequest `json:"undo,omitempty"`
	// Held are the orders that completed the current step, waiting for
	// the end of the game's revision window (Policy.ReviseMinutes).
	Held *HeldOrders `json:"held,omitempty"`
	// Observers follow the game without playing (public reports only).
	Observers []Observer `json:"observers,omitempty"`
	// Owing lists the roles that owe a decision in State, as the judge
	// last stored it; status listings show it without decoding State.
	Owing []string `json:"owing,omitempty"`
	// SenderAuth is the GM's choice of what to do with an email whose
	// sender the receiving server could not authenticate: "" or "off"
	// (nothing), "warn" (say so in the reply and the GM's copy) or
	// "require" (refuse it).
	SenderAuth string    `json:"sender_auth,omitempty"`
	Created    time.Time `json:"created"`
	Updated    time.Time `json:"updated"`
	ThreadRoot string    `json:"thread_root"` // Message-ID of the game's first mail, no angle brackets
	// Seq is the number of entries in the game's log. The store derives
	// it from the log whenever a Game is read or written, so it is always
	// consistent with AppendLog in the same transaction.
	Seq int `json:"seq"`
}

// Player is one seat's occupant.
type Player struct {
	Role            string   `json:"role"`
	Email           string   `json:"email"`
	Aliases         []string `json:"aliases,omitempty"` // other addresses accepted for this player
	SecretHash      []byte   `json:"secret_hash,omitempty"`
	SecretSalt      []byte   `json:"secret_salt,omitempty"`
	LastReportMsgID string   `json:"last_report_msgid,omitempty"`
	LastSeenSeq     int      `json:"last_seen_seq"` // log seq of the last report this player was sent
	// Submissions counts the seat's applied submissions (orders,
	// resignation, GM commands); the one-time token of the seat's next
	// report names the next one (see RecordSubmission).
	Submissions uint64 `json:"submissions,omitempty"`
	// Lang is the language of the seat's mail (an i18n language code,
	// "en", "es" or "it"); empty means English.
	Lang string `json:"lang,omitempty"`
	// TZ is the IANA time zone deadlines are shown in to this seat (""
	// the game's).
	TZ string `json:"tz,omitempty"`
	// Reminders are the seat's own reminder leads in hours (nil: the
	// game's); RemindersOff turns the seat's reminders off.
	Reminders    []int `json:"reminders,omitempty"`
	RemindersOff bool  `json:"reminders_off,omitempty"`
	// Absences are the seat's announced absences (club.go).
	Absences []Absence `json:"absences,omitempty"`
	// Since is when the seat's present occupant took it; Stats are his
	// punctuality in it; MissedInRow counts the deadlines missed since
	// his last decision, and Disorder says the seat is in civil disorder
	// (default orders at every deadline) until he sends orders again.
	Since       time.Time `json:"since,omitzero"`
	Stats       SeatStats `json:"stats,omitzero"`
	MissedInRow int       `json:"missed_in_row,omitempty"`
	Disorder    bool      `json:"disorder,omitempty"`
}

// Status is the game's progress as shown to players.
type Status struct {
	Turn     int      `json:"turn"`
	Label    string   `json:"label"` // e.g. "Turn 3, Lancaster's move"
	Finished bool     `json:"finished"`
	Winner   []string `json:"winner,omitempty"` // roles
	Result   string   `json:"result,omitempty"`
	// ResultKey and ResultArgs (name/value pairs), when set, are Result as
	// a message of the platform's catalogue, for each reader in his own
	// language (a game abandoned, resigned or forfeited); Result keeps
	// the English text.
	ResultKey  string   `json:"result_key,omitempty"`
	ResultArgs []string `json:"result_args,omitempty"`
}

// DiceState is the game's verifiable dice. HiddenSeed is secret: it never
// leaves the store except to the dice code, and Redacted clears it.
type DiceState struct {
	PublicSeed      []byte         `json:"public_seed,omitempty"`
	HiddenSeed      []byte         `json:"hidden_seed,omitempty"`
	PublicCommit    string         `json:"public_commit,omitempty"`
	HiddenCommit    string         `json:"hidden_commit,omitempty"`
	N               int            `json:"n"`
	Counters        map[string]int `json:"counters,omitempty"` // keyed "stream/epoch"
	Digest          []byte         `json:"digest,omitempty"`
	RevealedThrough int            `json:"revealed_through"`
}

// Player returns the player with the given role, or nil.
func (g *Game) Player(role string) *Player {
	for i := range g.Players {
		if g.Players[i].Role == role {
			return &g.Players[i]
		}
	}
	return nil
}

// Clone returns a deep copy of g.
func (g *Game) Clone() *Game {
	if g == nil {
		return nil
	}
	c := *g
	c.Options = maps.Clone(g.Options)
	c.State = bytes.Clone(g.State)
	c.Players = make([]Player, len(g.Players))
	for i, p := range g.Players {
		p.Aliases = slices.Clone(p.Aliases)
		p.SecretHash = bytes.Clone(p.SecretHash)
		p.SecretSalt = bytes.Clone(p.SecretSalt)
		p.Reminders = slices.Clone(p.Reminders)
		p.Absences = slices.Clone(p.Absences)
		c.Players[i] = p
	}
	if g.Players == nil {
		c.Players = nil
	}
	c.Owing = slices.Clone(g.Owing)
	c.Policy.Reminders = slices.Clone(g.Policy.Reminders)
	c.Reminded = slices.Clone(g.Reminded)
	if g.Pause != nil {
		p := *g.Pause
		c.Pause = &p
	}
	if g.PauseRequest != nil {
		r := *g.PauseRequest
		r.Agreed = slices.Clone(r.Agreed)
		c.PauseRequest = &r
	}
	if g.Undo != nil {
		u := *g.Undo
		u.Accepted = slices.Clone(u.Accepted)
		c.Undo = &u
	}
	if g.Held != nil {
		h := *g.Held
		h.Lines = slices.Clone(h.Lines)
		h.LineNos = slices.Clone(h.LineNos)
		h.Entropy = slices.Clone(h.Entropy)
		c.Held = &h
	}
	c.Observers = slices.Clone(g.Observers)
	c.Status.Winner = slices.Clone(g.Status.Winner)
	c.Dice.PublicSeed = bytes.Clone(g.Dice.PublicSeed)
	c.Dice.HiddenSeed = bytes.Clone(g.Dice.HiddenSeed)
	c.Dice.Counters = maps.Clone(g.Dice.Counters)
	c.Dice.Digest = bytes.Clone(g.Dice.Digest)
	return &c
}

// Redacted returns a deep copy of g with every secret removed (player
// secret hashes and salts, the hidden dice seed), fit for export, status
// output or debugging dumps.
func (g *Game) Redacted() *Game {
	c := g.Clone()
	if c == nil {
		return nil
	}
	for i := range c.Players {
		c.Players[i].SecretHash = nil
		c.Players[i].SecretSalt = nil
	}
	c.Dice.HiddenSeed = nil
	return c
}

// PutGame creates or replaces the game g.ID. It sets g.Seq from the log
// and brings the game's summary and index entries (wake time, sender
// addresses, counts by state) up to date in the same transaction.
func (t *Tx) PutGame(g *Game) error {
	if g == nil {
		return fmt.Errorf("put game: nil game: %w", ErrInvalid)
	}
	if err := checkKey("put game", g.ID); err != nil {
		return err
	}
	b, err := t.bucket(bucketGames)
	if err != nil {
		return err
	}
	g.Seq = int(t.logLen(g.ID))
	old, err := t.summary(g.ID)
	if err != nil {
		return err
	}
	if err := t.writeIndexes(g.ID, old, summarize(g)); err != nil {
		return fmt.Errorf("put game %s: indexes: %w", g.ID, err)
	}
	if err := putJSON(b, []byte(g.ID), g); err != nil {
		return fmt.Errorf("put game %s: %w", g.ID, err)
	}
	return nil
}

// Game returns the game id, or an error wrapping ErrNotFound.
func (t *Tx) Game(id string) (*Game, error) {
	var g Game
	t.db.decoded.Add(1)
	found, err := getJSON(t.tx.Bucket(bucketGames), []byte(id), &g)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	if !found {
		return nil, fmt.Errorf("game %q: %w", id, ErrNotFound)
	}
	g.Seq = int(t.logLen(id))
	return &g, nil
}

// Games returns every game, ordered by ID. It decodes every game: paths
// that run per email, per tick or per status line use the indexes
// (Summaries, Due, GamesOfAddress, HasGame) instead.
func (t *Tx) Games() ([]*Game, error) {
	b := t.tx.Bucket(bucketGames)
	if b == nil {
		return nil, nil
	}
	var out []*Game
	err := b.ForEach(func(k, v []byte) error {
		var g Game
		t.db.decoded.Add(1)
		if err := json.Unmarshal(v, &g); err != nil {
			return fmt.Errorf("game %s: corrupt record: %w", k, err)
		}
		g.Seq = int(t.logLen(g.ID))
		out = append(out, &g)
		return nil
	})
	return out, err
}

// NextGameNumber returns the next number (1, 2, ...) for game IDs with the
// given prefix, e.g. 7 for "roses-7". A number taken in a committed
// transaction is never handed out again; a rolled-back transaction gives
// its number back.
func (t *Tx) NextGameNumber(prefix string) (int, error) {
	if err := checkKey("game number", prefix); err != nil {
		return 0, err
	}
	b, err := t.bucket(bucketCounters)
	if err != nil {
		return 0, err
	}
	key := []byte("game:" + prefix)
	var n uint64
	if v := b.Get(key); len(v) == 8 {
		n = binary.BigEndian.Uint64(v)
	}
	n++
	if err := b.Put(key, u64(n)); err != nil {
		return 0, err
	}
	return int(n), nil
}
