package league

import (
	"slices"
	"sort"
	"time"

	"github.com/pbem/pbem/league/glicko2"
)

// Result is one game of a league, finished or not.
type Result struct {
	Round int
	// A played the first side, B the second; B == "" is a bye.
	A, B     string
	Finished bool
	// ScoreA is A's score in a finished game: 1 (A won), 0.5 (a draw)
	// or 0 (B won). Ignored for a bye.
	ScoreA float64
	// SubA (SubB) says a substitute held A's (B's) seat when the game
	// finished: the game is a loss for A (B) whatever its result, and
	// counts for the opponent as it was played.
	SubA, SubB bool
}

// Points are what a league awards.
type Points struct {
	Win, Draw, Loss, Bye float64
}

// DefaultPoints are chess scoring: 1 a win, ½ a draw, a bye as a win.
var DefaultPoints = Points{Win: 1, Draw: 0.5, Loss: 0, Bye: 1}

// Tie-breaks, for Standings.
const (
	// Buchholz is the sum of the opponents' points (Swiss).
	Buchholz = "buchholz"
	// SonnebornBerger is the sum of the points of the opponents beaten
	// plus half those of the opponents drawn (round robin).
	SonnebornBerger = "sonneborn-berger"
)

// TieBreakFor returns the usual tie-break of a league format.
func TieBreakFor(format string) string {
	if format == Swiss {
		return Buchholz
	}
	return SonnebornBerger
}

// Standing is one player's line in the standings.
type Standing struct {
	Rank    int // equal for players tied on points, tie-break and wins
	Player  string
	Played  int // finished games, byes not counted
	Won     int
	Drawn   int
	Lost    int
	Byes    int
	Points  float64
	TieBrk  float64 // the tie-break's value
	Pending int     // games paired and not finished
}

// Standings ranks players by points, then the tie-break, then games won,
// then the order of players (their seeds). Unfinished games count only
// in Pending; players not in players (a substitute's address) are not
// listed, and their games count for the opponent alone.
func Standings(players []string, results []Result, pts Points, tieBreak string) []Standing {
	idx := map[string]int{}
	st := make([]Standing, len(players))
	for i, p := range players {
		idx[p] = i
		st[i].Player = p
	}
	at := func(p string) *Standing {
		if i, ok := idx[p]; ok {
			return &st[i]
		}
		return nil
	}
	type game struct {
		opp   string
		score float64
	}
	games := map[string][]game{}
	for _, r := range results {
		a, b := at(r.A), at(r.B)
		if r.B == "" {
			if a != nil {
				a.Byes++
				a.Points += pts.Bye
			}
			continue
		}
		if !r.Finished {
			for _, s := range []*Standing{a, b} {
				if s != nil {
					s.Pending++
				}
			}
			continue
		}
		for _, side := range []struct {
			s       *Standing
			me, opp string
			score   float64
		}{{a, r.A, r.B, subScore(r.SubA, r.ScoreA)}, {b, r.B, r.A, subScore(r.SubB, 1-r.ScoreA)}} {
			s := side.s
			if s == nil {
				continue
			}
			s.Played++
			switch {
			case side.score > 0.5:
				s.Won++
				s.Points += pts.Win
			case side.score < 0.5:
				s.Lost++
				s.Points += pts.Loss
			default:
				s.Drawn++
				s.Points += pts.Draw
			}
			games[side.me] = append(games[side.me], game{side.opp, side.score})
		}
	}
	for i := range st {
		var tb float64
		for _, g := range games[st[i].Player] {
			o := at(g.opp)
			if o == nil {
				continue
			}
			switch tieBreak {
			case Buchholz:
				tb += o.Points
			case SonnebornBerger:
				switch {
				case g.score > 0.5:
					tb += o.Points
				case g.score == 0.5:
					tb += o.Points / 2
				}
			}
		}
		st[i].TieBrk = tb
	}
	order := make([]int, len(st))
	for i := range order {
		order[i] = i
	}
	less := func(x, y Standing) int {
		switch {
		case x.Points != y.Points:
			return cmpDesc(x.Points, y.Points)
		case x.TieBrk != y.TieBrk:
			return cmpDesc(x.TieBrk, y.TieBrk)
		case x.Won != y.Won:
			return y.Won - x.Won
		}
		return 0
	}
	sort.SliceStable(order, func(i, j int) bool { return less(st[order[i]], st[order[j]]) < 0 })
	out := make([]Standing, len(st))
	for k, i := range order {
		out[k] = st[i]
		out[k].Rank = k + 1
		if k > 0 && less(out[k-1], out[k]) == 0 {
			out[k].Rank = out[k-1].Rank
		}
	}
	return out
}

// subScore is a side's score: a loss when a substitute finished the game
// for it, else its score on the board.
func subScore(sub bool, score float64) float64 {
	if sub {
		return 0
	}
	return score
}

func cmpDesc(a, b float64) int {
	if a > b {
		return -1
	}
	return 1
}

// Scores returns each player's points, as Standings counts them.
func Scores(players []string, results []Result, pts Points) map[string]float64 {
	out := map[string]float64{}
	for _, s := range Standings(players, results, pts, "") {
		out[s.Player] = s.Points
	}
	return out
}

// Rated is one finished game for the ratings.
type Rated struct {
	A, B   string
	ScoreA float64
	At     time.Time // when it finished; it sets the rating period
}

// PlayerRating is one player's rating.
type PlayerRating struct {
	Player string
	glicko2.Rating
	Games int
}

// Ratings rates players from games of one title. A rating period is a
// calendar month (UTC) of the games' finishing times: every month from the
// first game's to the last game's is rated in turn, so a player who sat
// a month out grows less certain. It returns the players by rating, best
// first, and the number of periods rated.
func Ratings(games []Rated, sys glicko2.System) ([]PlayerRating, int) {
	if len(games) == 0 {
		return nil, 0
	}
	games = slices.Clone(games)
	sort.SliceStable(games, func(i, j int) bool { return games[i].At.Before(games[j].At) })
	month := func(t time.Time) int { t = t.UTC(); return t.Year()*12 + int(t.Month()) - 1 }
	first, lastM := month(games[0].At), month(games[len(games)-1].At)
	ratings := map[string]glicko2.Rating{}
	count := map[string]int{}
	i := 0
	for m := first; m <= lastM; m++ {
		var period []glicko2.Game
		for ; i < len(games) && month(games[i].At) == m; i++ {
			g := games[i]
			period = append(period, glicko2.Game{A: g.A, B: g.B, ScoreA: g.ScoreA})
			count[g.A]++
			count[g.B]++
		}
		ratings = sys.Period(ratings, period)
	}
	out := make([]PlayerRating, 0, len(ratings))
	for p, r := range ratings {
		out = append(out, PlayerRating{Player: p, Rating: r, Games: count[p]})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].R != out[j].R {
			return out[i].R > out[j].R
		}
		return out[i].Player < out[j].Player
	})
	return out, lastM - first + 1
}
