package store

import (
	"encoding/json"
	"fmt"
	"time"
)

// Leagues live in their own bucket:
//
//	leagues    league name → League JSON
//
// The bucket is created on Open with the others (see init below).
var bucketLeagues = []byte("leagues")

func init() { allBuckets = append(allBuckets, bucketLeagues) }

// League is a club league: games of one title among a fixed list of
// players, paired round by round (package league does the pairing,
// standings and ratings; the pbem command "league" ties them to the
// store).
type League struct {
	Name     string            `json:"name"`
	GameName string            `json:"game_name"` // the title, adjudicator.Info.Name
	Scenario string            `json:"scenario,omitempty"`
	Options  map[string]string `json:"options,omitempty"`
	// Sides are the title's two roles: a pairing's A plays Sides[0].
	Sides []string `json:"sides"`
	// Format is "roundrobin" or "swiss"; Rounds is the number of rounds
	// a Swiss league plays (a round robin plays one cycle per Cycles).
	Format string `json:"format"`
	Rounds int    `json:"rounds,omitempty"`
	Cycles int    `json:"cycles,omitempty"`
	// Players are the entrants' addresses, in seed order.
	Players []string `json:"players"`
	// Forbidden are pairs of players who must not be paired.
	Forbidden [][2]string `json:"forbidden,omitempty"`
	// GM runs every game of the league.
	GM            string    `json:"gm"`
	DeadlineHours int       `json:"deadline_hours,omitempty"`
	Created       time.Time `json:"created"`
	// Paired are the rounds paired so far, in order.
	Paired []LeagueRound `json:"paired,omitempty"`
}

// LeagueRound is one paired round.
type LeagueRound struct {
	No     int          `json:"no"`
	At     time.Time    `json:"at"`
	Games  []LeagueGame `json:"games"`
	Notice string       `json:"notice,omitempty"` // e.g. a repeat the pairing could not avoid
}

// LeagueGame is one pairing of a round: the game ID (none for a bye), the
// player on each side (B "" for a bye) and, once known, the result, kept
// here so that standings survive the game's pruning.
type LeagueGame struct {
	ID string `json:"id,omitempty"`
	A  string `json:"a"`
	B  string `json:"b,omitempty"`
	// Created says the game was created (it may since have been pruned
	// from the store).
	Created bool `json:"created,omitempty"`
	// Done says the game finished with ScoreA for A (1, 0.5 or 0) at
	// Finished; Void that it was abandoned and counts for nobody.
	Done     bool      `json:"done,omitempty"`
	Void     bool      `json:"void,omitempty"`
	ScoreA   float64   `json:"score_a,omitempty"`
	Finished time.Time `json:"finished,omitzero"`
}

// PutLeague creates or replaces the league l.Name.
func (t *Tx) PutLeague(l *League) error {
	if l == nil {
		return fmt.Errorf("put league: nil league: %w", ErrInvalid)
	}
	if err := checkKey("put league", l.Name); err != nil {
		return err
	}
	b, err := t.bucket(bucketLeagues)
	if err != nil {
		return err
	}
	if err := putJSON(b, []byte(l.Name), l); err != nil {
		return fmt.Errorf("put league %s: %w", l.Name, err)
	}
	return nil
}

// League returns the league name, or an error wrapping ErrNotFound.
func (t *Tx) League(name string) (*League, error) {
	var l League
	found, err := getJSON(t.tx.Bucket(bucketLeagues), []byte(name), &l)
	if err != nil {
		return nil, fmt.Errorf("league %s: %w", name, err)
	}
	if !found {
		return nil, fmt.Errorf("league %q: %w", name, ErrNotFound)
	}
	return &l, nil
}

// Leagues returns every league, ordered by name.
func (t *Tx) Leagues() ([]*League, error) {
	b := t.tx.Bucket(bucketLeagues)
	if b == nil {
		return nil, nil
	}
	var out []*League
	err := b.ForEach(func(k, v []byte) error {
		var l League
		if err := json.Unmarshal(v, &l); err != nil {
			return fmt.Errorf("league %s: corrupt record: %w", k, err)
		}
		out = append(out, &l)
		return nil
	})
	return out, err
}

// DeleteLeague removes the league name (not its games), or returns an
// error wrapping ErrNotFound.
func (t *Tx) DeleteLeague(name string) error {
	b, err := t.bucket(bucketLeagues)
	if err != nil {
		return err
	}
	if b.Get([]byte(name)) == nil {
		return fmt.Errorf("league %q: %w", name, ErrNotFound)
	}
	return b.Delete([]byte(name))
}
