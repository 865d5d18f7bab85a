// Package richard3 is the rules engine for Richard III: The Wars of the
// Roses (Columbia Games), registered as "richard-iii".
//
// Two roles play: "lancaster" and "york". The game is three campaigns of
// seven game turns (card, action, battle and supply phases), each
// followed by a political turn. Battles are fought with the shared
// Columbia block battle system (package columbia).
//
// Rule IDs (R3-...) in comments refer to the project's rules checklist.
// Rulings on unclear points are in docs/rulings/richard-iii.md.
package richard3

import (
	"fmt"
	"math/bits"

	"github.com/pbem/pbem/adjudicator"
)

// Game is the registered Richard III definition.
type Game struct{}

func init() { adjudicator.Register(Game{}) }

// Info implements adjudicator.Game.
func (Game) Info() adjudicator.Info {
	return adjudicator.Info{
		Name:  "richard-iii",
		Title: "Richard III: The Wars of the Roses",
		Roles: []adjudicator.Role{RoleLancaster, RoleYork},
		Scenarios: []adjudicator.Scenario{
			{ID: "wars-of-the-roses", Title: "Wars of the Roses (1460)",
				Description: "The full game from the 1460 setup of the rulebook (4.3-4.5): three campaigns; Henry VI is King, the Duke of York is Pretender."},
			{ID: "kingmaker", Title: "Kingmaker (campaign 2)",
				Description: "Later start from the publisher's scenario sheet: campaign 2 only; Edward IV (March) is King, Henry VI is Pretender. Setup transcribed from a public implementation, not checked against the sheet."},
			{ID: "richard-iii", Title: "Richard III (campaign 3)",
				Description: "Later start from the publisher's scenario sheet: campaign 3 only; Richard III (Gloucester) is King, Henry Tudor (Richmond) is Pretender. Setup transcribed from a public implementation, not checked against the sheet."},
		},
		Options: []adjudicator.OptionSpec{
			{Name: "reserve-exception", Help: "Round-1 reserve exception (6.3): 'both' sides (Spanish text) or 'defender' only (Italian text)", Default: "both", Values: []string{"both", "defender"}},
			{Name: "final-disband", Help: "Play Levies Disband (8.1) before the final usurpation check (Italian text); off: usurpation only (Spanish text)", Default: "on", Values: []string{"on", "off"}},
			{Name: "bombard-sea", Help: "Bombards may move by sea (5.3 bans only city levies)", Default: "on", Values: []string{"on", "off"}},
			{Name: "mulligan", Help: "Offer the mulligan (5.1) to a hand of 13 AP or less", Default: "on", Values: []string{"on", "off"}},
			{Name: "position", Help: "Start from a position file's text instead of the scenario's setup (pbem new --position FILE; docs/positions.md)"},
		},
	}
}

// Decode implements adjudicator.Game.
func (Game) Decode(data []byte) (adjudicator.State, error) {
	s, err := decode(data)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Setup implements adjudicator.Game.
func (g Game) Setup(scn string, opts adjudicator.Options, dice adjudicator.Dice) (adjudicator.State, error) {
	sc, err := g.Info().ScenarioByID(scn)
	if err != nil {
		return nil, err
	}
	if text := opts.Get("position", ""); text != "" {
		return setupPosition(sc.ID, text, opts)
	}
	info := scenarios[sc.ID]
	setup := setups[sc.ID]
	if setup == nil {
		return nil, fmt.Errorf("richard-iii: no setup for %s", sc.ID)
	}
	s := &State{Scenario: sc.ID, Campaign: info.Campaign, LastCamp: 3, Turn: 1, Epoch: 1,
		Treason: -1, TreasonA: -1, Winner: NoSide, BArea: -1}
	s.Opt.ReserveException = opts.Get("reserve-exception", "both")
	if s.Opt.ReserveException != "both" && s.Opt.ReserveException != "defender" {
		return nil, fmt.Errorf("richard-iii: option reserve-exception must be both or defender")
	}
	s.Opt.FinalDisband = opts.Bool("final-disband", true)
	s.Opt.BombardSea = opts.Bool("bombard-sea", true)
	s.Opt.Mulligan = opts.Bool("mulligan", true)
	s.King = blocks[blockIdx[info.King]].Side
	for i := range s.Loc {
		s.Loc[i] = locDead
	}
	for i := 0; i < nBlocks; i++ {
		where, ok := setup[blocks[i].ID]
		if !ok {
			return nil, fmt.Errorf("richard-iii: block %s missing from setup", blocks[i].ID)
		}
		s.Str[i] = blocks[i].Steps
		switch where {
		case "pool":
			s.Loc[i] = locPool
		case "minor":
			s.Loc[i] = locMinor
		case "aside":
			s.Loc[i] = locAside
		case "removed":
			s.Loc[i] = locDead
		default:
			a, ok := areaIdx[where]
			if !ok {
				return nil, fmt.Errorf("richard-iii: unknown setup area %s", where)
			}
			s.Loc[i] = int8(a)
		}
	}
	if sc.ID == "kingmaker" {
		// Henry VI starts as a prisoner in London (scenario special rule).
		s.Loc[blockIdx["henry_vi"]] = locCaptive
	}
	s.resetFronts()
	s.deal(dice, [2]bool{true, true})
	return s, nil
}

// deal shuffles every card not kept and deals seven to each side that
// takes a new hand (5.1, 8.5).
func (s *State) deal(dice adjudicator.Dice, redeal [2]bool) {
	var kept uint32
	for sd := 0; sd < 2; sd++ {
		if redeal[sd] {
			s.Hand[sd] = 0
		} else {
			kept |= s.Hand[sd]
		}
	}
	var deck []int
	for c := range cards {
		if kept&(1<<c) == 0 {
			deck = append(deck, c)
		}
	}
	adjudicator.Shuffle(dice, "deal", len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	k := 0
	for sd := 0; sd < 2; sd++ {
		if !redeal[sd] {
			continue
		}
		for n := 0; n < 7; n++ {
			s.Hand[sd] |= 1 << deck[k]
			k++
		}
	}
	s.Card = [2]int8{-1, -1}
	s.Ready = [2]bool{}
	s.Phase = phCard
	if s.Opt.Mulligan && (redeal[0] && redeal[1]) {
		for sd := 0; sd < 2; sd++ {
			if s.Mull[sd] == 0 && handAP(s.Hand[sd]) <= 13 {
				s.Phase = phMulligan
			}
		}
	}
}

func handAP(h uint32) int {
	t := 0
	for h != 0 {
		c := bits.TrailingZeros32(h)
		h &^= 1 << c
		t += cards[c].Value
	}
	return t
}

func handCards(h uint32) []int {
	var out []int
	for h != 0 {
		c := bits.TrailingZeros32(h)
		h &^= 1 << c
		out = append(out, c)
	}
	return out
}

// mulliganable reports whether side may claim a mulligan now.
func (s *State) mulliganable(sd Side) bool {
	return s.Phase == phMulligan && s.Mull[sd] == 0 && handAP(s.Hand[sd]) <= 13
}

func (s *State) resetFronts() {
	for i := range s.Fronts {
		s.Fronts[i] = front{Att: NoSide}
	}
	s.NSeq = 0
}
