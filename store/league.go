package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Leagues live in their own bucket:
//
//	leagues       league name → League JSON
//	league_games  game ID → league name (every paired game of a league)
//
// The buckets are created on Open with the others (see init below).
// PutLeague keeps league_games in step with the league's rounds, so the
// judge finds a game's league with one read when the game ends.
var (
	bucketLeagues     = []byte("leagues")
	bucketLeagueGames = []byte("league_games")
)

func init() { allBuckets = append(allBuckets, bucketLeagues, bucketLeagueGames) }

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
	GM            string `json:"gm"`
	DeadlineHours int    `json:"deadline_hours,omitempty"`
	// ForfeitAfter, when above 0, is the league's forfeit rule: a side
	// that misses this many deadlines in a row loses the game by forfeit
	// (the judge ends it at the deadline; the result counts in the
	// standings and the ratings like any loss).
	ForfeitAfter int       `json:"forfeit_after,omitempty"`
	Created      time.Time `json:"created"`
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
	ix, err := t.bucket(bucketLeagueGames)
	if err != nil {
		return err
	}
	for _, r := range l.Paired {
		for _, g := range r.Games {
			if g.ID == "" || string(ix.Get([]byte(g.ID))) == l.Name {
				continue
			}
			if err := checkKey("put league game", g.ID); err != nil {
				return err
			}
			if err := ix.Put([]byte(g.ID), []byte(l.Name)); err != nil {
				return fmt.Errorf("put league %s: index game %s: %w", l.Name, g.ID, err)
			}
		}
	}
	return nil
}

// GameLeague returns the league whose rounds hold the game gameID, or
// nil when the game belongs to no league. It reads the game → league
// index; a league stored before the index existed is found from the
// game's ID, which the league's pairing names NAME-rROUND-N.
func (t *Tx) GameLeague(gameID string) (*League, error) {
	name := ""
	if ix := t.tx.Bucket(bucketLeagueGames); ix != nil {
		name = string(ix.Get([]byte(gameID)))
	}
	if name == "" {
		i := strings.LastIndex(gameID, "-r")
		if i <= 0 {
			return nil, nil
		}
		name = gameID[:i]
	}
	l, err := t.League(name)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if l.Game(gameID) == nil {
		return nil, nil
	}
	return l, nil
}

// Game returns the pairing of l whose game is gameID, or nil.
func (l *League) Game(gameID string) *LeagueGame {
	for i := range l.Paired {
		for j := range l.Paired[i].Games {
			if g := &l.Paired[i].Games[j]; g.ID != "" && g.ID == gameID {
				return g
			}
		}
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
	l, err := t.League(name)
	if err != nil {
		return err
	}
	if ix := t.tx.Bucket(bucketLeagueGames); ix != nil {
		for _, r := range l.Paired {
			for _, g := range r.Games {
				if g.ID != "" && string(ix.Get([]byte(g.ID))) == name {
					if err := ix.Delete([]byte(g.ID)); err != nil {
						return err
					}
				}
			}
		}
	}
	return b.Delete([]byte(name))
}
