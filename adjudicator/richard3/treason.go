package richard3

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// The Treason card (R3-EV.5) gives its player one treachery roll (6.9)
// before a battle begins; he chooses the battle and the enemy block
// (ruling R3-R8). He may name the target in advance, with
// "treason <area> on <block>": every block's identity is public, only its
// location is hidden, so the order is checked against the block list
// alone and the reply never says where the block is. When the battle
// opens, the named block is the target if it is a legal one there;
// otherwise, if he fights the battle in ask mode and has a choice, he is
// asked; otherwise the enemy's eligible block with the lowest loyalty is
// the target.

// treasonNames lists every block display name once (two-sided blocks
// share theirs), with the usual aliases.
func treasonNames() []orders.Name {
	var out []orders.Name
	seen := map[string]bool{}
	for i := range blocks {
		n := blocks[i].Name
		if seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, orders.Name{ID: n, Aliases: append([]string{n}, blockAliases(i)...)})
	}
	return out
}

// treasonCandidates lists, by name, the blocks that can ever be side's
// Treason target: the enemy versions with a loyalty number.
func treasonCandidates(side Side) []string {
	var out []string
	for i := range blocks {
		b := &blocks[i]
		if b.Side == side.Other() && b.Loyalty > 0 && !b.Rose && !containsStr(out, b.Name) {
			out = append(out, b.Name)
		}
	}
	sort.Strings(out)
	return out
}

func containsStr(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// parseTreasonTarget reads the block named in a Treason order. It checks
// the name against the printed blocks only (loyalty, side), never
// against where the enemy's blocks are.
func parseTreasonTarget(side Side, in string) (string, error) {
	name, err := orders.Match(in, "block", treasonNames())
	if err != nil {
		return "", err
	}
	if !containsStr(treasonCandidates(side), name) {
		return "", fmt.Errorf("%s can never be the target of %s's Treason roll: the roll is made against an enemy block with a loyalty number, which roses, levies, mercenaries, bombards, the Rebel and heirs other than Clarence and Exeter do not have (3.13, 6.9); targets: %s",
			name, side, strings.Join(treasonCandidates(side), ", "))
	}
	return name, nil
}

// treasonRoller returns a block of the Treason holder's side in the
// battle under way (the card needs no King, Pretender or Warwick), or nil.
func (s *State) treasonRoller() *columbia.Block {
	if s.Battle == nil || s.Treason < 0 {
		return nil
	}
	var roller *columbia.Block
	for k := range s.Battle.Blocks {
		if s.Battle.Blocks[k].Side == roleOf(Side(s.Treason)) {
			roller = &s.Battle.Blocks[k]
		}
	}
	return roller
}

// treasonTargets lists the enemy blocks the Treason roll may target in
// the battle under way (6.9: round-1 blocks that can defect).
func (s *State) treasonTargets() []string {
	roller := s.treasonRoller()
	if roller == nil {
		return nil
	}
	h := &hooks{s: s}
	return h.treacheryTargets(s.Battle, roller, false, true)
}

// defaultTreasonTarget is the target when the player named none that is
// in the battle: the lowest loyalty, the first in battle order on ties.
func (s *State) defaultTreasonTarget(ts []string) string {
	if len(ts) == 0 {
		return ""
	}
	bt := s.Battle
	best := ts[0]
	for _, id := range ts {
		if blocks[bt.Block(id).Data].Loyalty < blocks[bt.Block(best).Data].Loyalty {
			best = id
		}
	}
	return best
}

// openTreason makes the Treason card's roll as the battle under way opens
// (R3-EV.5), or leaves the battle waiting for the player's choice.
func (s *State) openTreason(d adjudicator.Dice) {
	if s.Treason < 0 || (s.TreasonA >= 0 && s.TreasonA != s.BArea) {
		return
	}
	ts := s.treasonTargets()
	if len(ts) == 0 {
		return // the roll waits for a battle with a target
	}
	target := ""
	if s.TreasonOn != "" {
		for _, id := range ts {
			if blocks[s.Battle.Block(id).Data].Name == s.TreasonOn {
				target = id
			}
		}
	}
	if target == "" {
		if st := s.standingIn(Side(s.Treason), s.BArea); st != nil && st.Orders.Ask && len(ts) > 1 {
			s.TreasonAsk = true
			return
		}
		target = s.defaultTreasonTarget(ts)
	}
	s.rollTreason(target, d)
}

// rollTreason makes the Treason card's roll against target.
func (s *State) rollTreason(target string, d adjudicator.Dice) {
	bt := s.Battle
	h := &hooks{s: s}
	roller := s.treasonRoller()
	bt.Round = 1
	h.treachery(bt, roller, bt.Block(target), d, false, "The Treason card")
	bt.Round = 0
	bt.Lines = 0
	s.Treason = -1
	s.TreasonOn = ""
	s.TreasonAsk = false
}

// treasonPrompt asks the holder of the Treason roll for its target, the
// default first.
func (s *State) treasonPrompt(sd Side) adjudicator.Prompt {
	ts := s.treasonTargets()
	def := s.defaultTreasonTarget(ts)
	ch := []string{"treason on " + s.nameOf(def)}
	var desc []string
	var tdesc []msg.M
	for _, id := range ts {
		if id != def {
			ch = append(ch, "treason on "+s.nameOf(id))
		}
		desc = append(desc, fmt.Sprintf("%s (loyalty %d)", s.nameOf(id), blocks[s.Battle.Block(id).Data].Loyalty))
		tdesc = append(tdesc, msg.New("r3.prompt.treason_target", "Block", s.nameOf(id), "Loyalty", blocks[s.Battle.Block(id).Data].Loyalty))
	}
	return adjudicator.Prompt{Role: roleOf(sd), Kind: "treason",
		Text: fmt.Sprintf("Battle of %s: before it begins, your Treason card gives one treachery roll (R3-EV.5, 6.9): one die per loyalty point, all even and the block defects to your reserve. Choose its target: %s. You may add standing orders (battle %s: fire) on further lines.",
			areas[s.BArea].Name, strings.Join(desc, ", "), areas[s.BArea].Name),
		TextMsg: m("r3.prompt.treason", "Area", areas[s.BArea].Name, "Targets", joinMsg("r3.list.comma", tdesc)),
		Choices: ch, Template: ch[:1]}
}

// applyTreasonChoice takes the target of the Treason roll at the opening
// of a battle, makes the roll and fights on.
func (s *State) applyTreasonChoice(sd Side, lines []adjudicator.Line, dice adjudicator.Dice, res *adjudicator.Result, quiet bool) *adjudicator.Rejection {
	ts := s.treasonTargets()
	legal := s.treasonPrompt(sd).Choices
	cands := make([]int, len(ts))
	for k, id := range ts {
		cands[k] = s.Battle.Block(id).Data
	}
	var probs []adjudicator.Problem
	target := ""
	for _, l := range lines {
		if ok, prob := s.battleStandingLine(sd, l, res); ok {
			if prob != nil {
				probs = append(probs, *prob)
			}
			continue
		}
		if target != "" {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: "name the Treason roll's target only once"})
			continue
		}
		t := orders.Norm(l.Text)
		for _, p := range []string{"treason ", "treachery ", "on "} {
			t = strings.TrimPrefix(t, p)
		}
		b, err := matchBlock(t, cands, "enemy block the Treason roll can target in this battle")
		if err != nil {
			probs = append(probs, adjudicator.Problem{Line: l, Reason: err.Error(), Legal: legal})
			continue
		}
		for k, i := range cands {
			if i == b {
				target = ts[k]
			}
		}
		res.Canonical = append(res.Canonical, "treason on "+blocks[b].Name)
	}
	if len(probs) > 0 {
		return &adjudicator.Rejection{Problems: probs}
	}
	if target == "" {
		return adjudicator.Reject(adjudicator.Line{}, "no answer found: name the target of your Treason roll (treason on <block>)", legal...)
	}
	s.rollTreason(target, dice)
	s.runBattles(dice, quiet, &res.Events)
	return nil
}
