package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Leagues live in their own bucket:
//
//	leagues       league name → League JSON
//	league_games  game ID → league name (every paired game of a league)
//	league_vacations  league name → (player address → vacation ledger)
//
// The buckets are created on Open with the others (see init below).
// PutLeague keeps league_games in step with the league's rounds, so the
// judge finds a game's league with one read when the game ends.
var (
	bucketLeagues         = []byte("leagues")
	bucketLeagueGames     = []byte("league_games")
	bucketLeagueVacations = []byte("league_vacations")
)

func init() {
	allBuckets = append(allBuckets, bucketLeagues, bucketLeagueGames, bucketLeagueVacations)
}

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
	// Langs are the languages of entrants' mail (address → en, es or
	// it) given when the league was created; their games' seats get them.
	Langs map[string]string `json:"langs,omitempty"`
	// Forbidden are pairs of players who must not be paired.
	Forbidden [][2]string `json:"forbidden,omitempty"`
	// GM runs every game of the league.
	GM            string `json:"gm"`
	DeadlineHours int    `json:"deadline_hours,omitempty"`
	// ForfeitAfter, when above 0, is the league's forfeit rule: a side
	// that misses this many deadlines in a row loses the game by forfeit
	// (the judge ends it at the deadline; the result counts in the
	// standings and the ratings like any loss).
	ForfeitAfter int `json:"forfeit_after,omitempty"`
	// VacationDays, when above 0, is each player's yearly vacation budget
	// for the whole league: the days his absences cost in any game of the
	// league are charged to one ledger (LeagueVacationDays), a day once
	// whatever the number of games it moved. 0 leaves each game its own
	// budget. VacationsOff forbids absences in the league's games (a
	// tournament); its games are created with vacations off.
	VacationDays int  `json:"vacation_days,omitempty"`
	VacationsOff bool `json:"vacations_off,omitempty"`
	// Subs is the league's substitute pool, in order: "replace ROLE pool"
	// in a game of the league hands the seat to the first fitting one.
	Subs []LeagueSub `json:"subs,omitempty"`
	// AutoSubstitute, when above 0, hands a seat that misses this many
	// deadlines of a league game in a row to the pool by itself (as
	// "replace ROLE pool"), when the pool has a fitting member.
	AutoSubstitute int       `json:"auto_substitute,omitempty"`
	Created        time.Time `json:"created"`
	// Paired are the rounds paired so far, in order.
	Paired []LeagueRound `json:"paired,omitempty"`
}

// LeagueSub is a member of a league's substitute pool: an address and the
// language of his mail ("" for the one the address last chose).
type LeagueSub struct {
	Addr  string    `json:"addr"`
	Lang  string    `json:"lang,omitempty"`
	Added time.Time `json:"added,omitzero"`
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
	// SubA and SubB, in a finished game, are the substitutes who held A's
	// and B's seats at the end (none when the entrant did): such a game
	// counts as a loss for the entrant replaced, and is not rated.
	SubA string `json:"sub_a,omitempty"`
	SubB string `json:"sub_b,omitempty"`
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
	if vb := t.tx.Bucket(bucketLeagueVacations); vb != nil && vb.Bucket([]byte(name)) != nil {
		if err := vb.DeleteBucket([]byte(name)); err != nil {
			return err
		}
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

// LeagueVacationDays returns the days (dates "2006-01-02", in order)
// that player's absences have cost in the league's vacation budget, in
// every year: the league's ledger, kept per player so that what a player
// has left is found without reading the league's games.
func (t *Tx) LeagueVacationDays(league, player string) ([]string, error) {
	vb := t.tx.Bucket(bucketLeagueVacations)
	if vb == nil {
		return nil, nil
	}
	var days []string
	if _, err := getJSON(vb.Bucket([]byte(league)), []byte(strings.ToLower(player)), &days); err != nil {
		return nil, fmt.Errorf("league %s: vacations of %s: %w", league, player, err)
	}
	return days, nil
}

// ChargeLeagueVacation adds days (dates "2006-01-02") to player's ledger
// in the league; a day already charged is not charged again. It returns
// how many days were new.
func (t *Tx) ChargeLeagueVacation(league, player string, days []string) (int, error) {
	player = strings.ToLower(player)
	if err := checkKey("league vacation", league); err != nil {
		return 0, err
	}
	if err := checkKey("league vacation", player); err != nil {
		return 0, err
	}
	had, err := t.LeagueVacationDays(league, player)
	if err != nil {
		return 0, err
	}
	all := slices.Clone(had)
	for _, d := range days {
		if _, err := time.Parse("2006-01-02", d); err != nil {
			return 0, fmt.Errorf("league %s: vacation day %q: %w", league, d, ErrInvalid)
		}
		if _, found := slices.BinarySearch(all, d); !found {
			all = append(all, d)
			slices.Sort(all)
		}
	}
	added := len(all) - len(had)
	if added == 0 {
		return 0, nil
	}
	vb, err := t.bucket(bucketLeagueVacations)
	if err != nil {
		return 0, err
	}
	lb, err := vb.CreateBucketIfNotExists([]byte(league))
	if err != nil {
		return 0, fmt.Errorf("league %s: vacations: %w", league, err)
	}
	if err := putJSON(lb, []byte(player), all); err != nil {
		return 0, fmt.Errorf("league %s: vacations of %s: %w", league, player, err)
	}
	return added, nil
}

// VacationDaysIn counts the days of a ledger (LeagueVacationDays) that
// fall in year ("2026").
func VacationDaysIn(days []string, year string) int {
	n := 0
	for _, d := range days {
		if strings.HasPrefix(d, year+"-") {
			n++
		}
	}
	return n
}
