// Package hammer is the rules engine for Hammer of the Scots (Columbia
// Games, second edition): England against Scotland, 1297-1314, with
// hidden blocks, card-driven group moves, three-round battles, nobles who
// change sides and a winter turn each year.
//
// The engine is pure: no I/O, no clock; randomness comes only from the
// adjudicator.Dice passed to Setup and Apply. Rulings on the rulebook's
// ambiguities are documented in docs/rulings/hammer-of-the-scots.md.
package hammer

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Name is the registered name of the game.
const Name = "hammer-of-the-scots"

// Roles.
const (
	RoleEngland  adjudicator.Role = "england"
	RoleScotland adjudicator.Role = "scotland"
)

var roles = [2]adjudicator.Role{RoleEngland, RoleScotland}

// Game implements adjudicator.Game.
type Game struct{}

func init() { adjudicator.Register(Game{}) }

// Info implements adjudicator.Game.
func (Game) Info() adjudicator.Info {
	return adjudicator.Info{
		Name:  Name,
		Title: "Hammer of the Scots",
		Roles: []adjudicator.Role{RoleEngland, RoleScotland},
		Scenarios: []adjudicator.Scenario{
			{ID: "braveheart", Title: "Braveheart (1297-1305)", Description: "Wallace and Moray raise Scotland against Edward I; nine years unless a sudden death ends it."},
			{ID: "the-bruce", Title: "The Bruce (1306-1314)", Description: "King Robert against the Comyns and the English; nine years unless a sudden death ends it."},
			{ID: "campaign", Title: "Campaign (1297-1314)", Description: "Braveheart's set-up played on to the end of 1314 unless a sudden death ends it."},
		},
		Options: []adjudicator.OptionSpec{
			{Name: "schiltroms", Help: "optional rule 5.4: Scottish infantry fires one better in battles without English archers", Default: "off", Values: []string{"on", "off"}},
			{Name: "etterick-move", Help: "movement of the Scottish archers: 2 as in the rulebook's block table, or 3 as printed on the block", Default: "2", Values: []string{"2", "3"}},
			{Name: "bid", Help: "net tournament bid after pairing: E1-E3 keeps Edward face up in the pool that many years, S1-S3 adds blocks to the 1297 levy", Default: "none", Values: []string{"none", "E1", "E2", "E3", "S1", "S2", "S3"}},
			{Name: "position", Help: "start from a position file's text instead of the scenario's set-up (pbem new --position FILE; docs/positions.md)"},
		},
	}
}

// gameInfo is Info built once, for Setup to read (never modified).
var gameInfo = Game{}.Info()

// Setup implements adjudicator.Game.
func (Game) Setup(scenario string, opts adjudicator.Options, dice adjudicator.Dice) (adjudicator.State, error) {
	sc, err := gameInfo.ScenarioByID(scenario)
	if err != nil {
		return nil, err
	}
	if text := opts.Get("position", ""); text != "" {
		return setupPosition(sc.ID, text, opts)
	}
	s := &St{Scn: sc.ID, Winner: -1, EdWinAt: -1, Pieces: &Pieces{}, pcOwn: true}
	s.Schil = opts.Bool("schiltroms", false)
	switch bid := strings.ToUpper(opts.Get("bid", "none")); bid {
	case "NONE", "":
	case "E1", "E2", "E3":
		s.BidE = int8(bid[1] - '0')
	case "S1", "S2", "S3":
		s.BidS = int8(bid[1] - '0')
	default:
		return nil, fmt.Errorf("hammer: option bid must be none, E1-E3 or S1-S3, not %q", bid)
	}
	switch v := opts.Get("etterick-move", "2"); v {
	case "2":
	case "3":
		s.Ett3 = true
	default:
		return nil, fmt.Errorf("hammer: option etterick-move must be 2 or 3, not %q", v)
	}
	for k := range opts {
		if k != "schiltroms" && k != "bid" && k != "etterick-move" && k != "position" {
			return nil, fmt.Errorf("hammer: unknown option %q (known: schiltroms, bid, etterick-move)", k)
		}
	}
	key := scenKey(sc.ID)
	s.Loc = setupLoc[key]
	yrs := scenYears[key]
	s.Year, s.Last = int16(yrs[0]), int16(yrs[1])
	for b := 0; b < NB; b++ {
		if s.onMap(b) {
			s.pc().Str[b] = int8(blocks[b].Max)
		}
	}
	if key == "the_bruce" {
		s.KingDone = true // ruling AMB-13: Robert is already king
	}
	s.clearTurn()
	s.Epoch = 1
	s.GT = 1
	// Feudal levy of the first year (8.1, 8.2).
	n := 4 + int(s.BidS)
	if key == "the_bruce" {
		n = -1
	}
	s.levy(dice, n)
	s.deal(dice)
	s.Phase = PhCard
	return s, nil
}

// Decode implements adjudicator.Game.
func (Game) Decode(data []byte) (adjudicator.State, error) {
	s, err := decode(data)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// edwardFaceUp reports whether the tournament bid keeps Edward face up
// in the pool for year y (H-T.2).
func (s *St) edwardFaceUp(y int) bool {
	if s.BidE == 0 {
		return false
	}
	first := scenYears[scenKey(s.Scn)][0]
	return y < first+int(s.BidE)
}

// levy draws the English feudal levy (7.7) for the year s.Year: n blocks,
// or half the pool rounded up when n < 0. It returns the blocks drawn.
func (s *St) levy(dice adjudicator.Dice, n int) []int {
	var pool [NB]int
	np, size := 0, 0
	for b := 0; b < NB; b++ {
		if blocks[b].Side == England && s.Loc[b] == LocPool {
			size++
			if b == bEdward && s.edwardFaceUp(int(s.Year)) {
				continue
			}
			pool[np] = b
			np++
		}
	}
	if n < 0 {
		n = (size + 1) / 2
	}
	if n > np {
		n = np
	}
	out := make([]int, 0, n)
	for i := 0; i < n; i++ {
		j := i + dice.Hidden("feudal levy", np-i)
		pool[i], pool[j] = pool[j], pool[i]
		b := pool[i]
		s.setLoc(b, AreaEngland)
		s.pc().Str[b] = int8(blocks[b].Max)
		out = append(out, b)
	}
	return out
}

// deal shuffles the 25 cards and deals five to each player (3.0).
func (s *St) deal(dice adjudicator.Dice) {
	var deck [NC]int8
	for i := range deck {
		deck[i] = int8(i)
	}
	adjudicator.Shuffle(dice, "deal cards", NC, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	for i := 0; i < 5; i++ {
		s.Hand[England][i] = deck[i]
		s.Hand[Scotland][i] = deck[5+i]
	}
	sortHand(&s.Hand[England])
	sortHand(&s.Hand[Scotland])
}

// sortHand orders a hand: events first, then by value, highest first;
// empty slots last.
func sortHand(h *[5]int8) {
	key := func(c int8) int {
		if c < 0 {
			return 1000
		}
		return int(handKey[c])
	}
	for i := 1; i < 5; i++ {
		for j := i; j > 0 && key(h[j]) < key(h[j-1]); j-- {
			h[j], h[j-1] = h[j-1], h[j]
		}
	}
}

// handKey is each card's place in a sorted hand (sortHand), set when
// the cards are loaded.
var handKey [NC]int16

func initHandKey() {
	for c := range handKey {
		if cards[c].Event != EvNone {
			handKey[c] = int16(c)
		} else {
			handKey[c] = int16(100 - cards[c].Value*10 + c%10)
		}
	}
}
