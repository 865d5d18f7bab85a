package richard3

import (
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The narrative in other languages. Events are written in English as the
// game is played (records and logs keep that text); NarrationMsg reads a
// line back into a message of the catalogue when a report is rendered
// for a reader of another language. The commonest lines are read: cards
// played, moves and recruits (one's own and those seen), attacks,
// battles round by round, eliminations, supply losses and the political
// turn; the rest stay in English.

var narration struct {
	once   sync.Once
	pats   msg.Patterns
	battle *columbia.Narration
}

func narrationPatterns() {
	conv := map[string]msg.Conv{
		"card": func(s string) (any, bool) {
			for c := range cardNames {
				if cardLong(c) == s {
					return cardMsg(c), true
				}
			}
			return nil, false
		},
		"cause": func(s string) (any, bool) {
			if a, ok := strings.CutPrefix(s, "battle of "); ok {
				return msg.New("r3.ev.cause_battle", "Area", a), true
			}
			return msg.Lit(s), true
		},
		"title": func(s string) (any, bool) {
			switch s {
			case "King":
				return msg.New("r3.ev.title_king"), true
			case "Pretender":
				return msg.New("r3.ev.title_pretender"), true
			}
			return nil, false
		},
		"heirs": func(s string) (any, bool) {
			var list msg.M
			for i, h := range strings.Split(s, "; ") {
				who, where, ok := strings.Cut(h, " to ")
				if !ok {
					return nil, false
				}
				m := msg.New("r3.ev.heir_to", "Block", who, "Area", where)
				if i == 0 {
					list = m
				} else {
					list = msg.New("r3.list.semicolon", "A", list, "B", m)
				}
			}
			return list, true
		},
	}
	p := func(key, english, plural string) *msg.Pattern { return msg.NewPattern(key, english, plural, conv) }
	narration.pats = msg.Patterns{
		// the game's result (Status().Result)
		p("r3.result.king", "{Side} wins: King after the final usurpation check (9.0).", ""),
		p("r3.result.heirs", "{Winner} wins: all five {Loser} heirs are dead (9.0).", ""),
		p("r3.result.draw", "A draw: the last heirs of both Houses died at the same time (9.0).", ""),
		p("r3.ev.mulligan_claim", "{Side} claims a mulligan (5.1) and shows a hand of {AP:int} AP: {Cards}.", ""),
		p("r3.ev.executes", "{Side} executes {Block} (9.1).", ""),
		p("r3.ev.treachery_defects", "{Who} tries treachery on {Target} (loyalty {N:int}): {Rolls} → {Block} defects to {Side}", ""),
		p("r3.ev.treachery_loyal", "{Who} tries treachery on {Target} (loyalty {N:int}): {Rolls} → stays loyal", ""),
		p("r3.ev.you_play", "You play {Card:card} face down.", ""),
		p("r3.ev.cards", "Cards: Lancaster plays {Lancaster:card}, York plays {York:card}. {P1} is Player 1.", ""),
		p("r3.ev.you_move_sea", "You move by sea {Path}: {Blocks}.", ""),
		p("r3.ev.you_move", "You move {Path}: {Blocks}.", ""),
		p("r3.ev.moves_sea", "{Side} moves {Count:int} block(s) by sea {Path}.", "Count"),
		p("r3.ev.moves", "{Side} moves {Count:int} block(s) {Path}.", "Count"),
		p("r3.ev.you_recruit", "You recruit {Block} at {Area}.", ""),
		p("r3.ev.recruits", "{Side} recruits a block at {Area}.", ""),
		p("r3.ev.attacks", "{Side} attacks {Area}.", ""),
		p("r3.ev.musters", "{Side} musters at {Area}.", ""),
		p("r3.ev.plague", "Plague strikes {Area}: every block there loses a step.", ""),
		p("r3.ev.battle", "BATTLE OF {Area} ({Attacker} attacks; {Defender} defends). Blocks revealed:{Blocks}", ""),
		p("r3.ev.your_eliminated_for_good", "Your {Block} is eliminated for good ({Cause:cause}).", ""),
		p("r3.ev.your_eliminated", "Your {Block} is eliminated ({Cause:cause}).", ""),
		p("r3.ev.block_eliminated", "A {Side} block is eliminated.", ""),
		p("r3.ev.heir_dead", "The {Side} heir {Block} is dead ({Cause:cause}).", ""),
		p("r3.ev.king_dead", "The King is dead: {Block} has fallen ({Cause:cause}). A new King takes office at the start of the Supply Phase (6.81).", ""),
		p("r3.ev.heir_enters", "The {Side} heir {Block} comes of age and enters play at {Area} (6.82).", ""),
		p("r3.ev.supply_step", "{Block} loses a step to supply (now {Steps:int}).", ""),
		p("r3.ev.over_limit", "{Area} is {Count:int} block(s) over its limit: {Side} loses {Steps:int} step(s) ({Rule}).", "Count"),
		p("r3.ev.over_exile_limit", "{Area}: {Count:int} {Side} block(s) over the exile limit go to the pool (7.2).", "Count"),
		p("r3.ev.disband", "Levies, Bombards, the Welsh and the Rebel disband; mercenaries go home (8.1).", ""),
		p("r3.ev.political", "Political turn after campaign {Campaign:int}. Usurpation count (8.2): Pretender ({Pretender}) {P:int}, King ({King}) {K:int}.", ""),
		p("r3.ev.no_usurpation", "No usurpation: {Side} keeps the throne.", ""),
		p("r3.ev.usurpation", "Usurpation! {Side} takes the throne: {Block} is King; {Other} is now the Pretender.", ""),
		p("r3.ev.reset", "Campaign reset (8.5): all blocks return to full strength; campaign {Campaign:int} begins and new hands are dealt.", ""),
		p("r3.ev.goes_home_heirs", "The {Title:title} ({Side}) goes home ({Rule}). Heirs: {Heirs:heirs}.", ""),
		p("r3.ev.goes_home", "The {Title:title} ({Side}) goes home ({Rule}).", ""),
		p("r3.ev.next_battle", "{Side} (Player 1) chooses the battle of {Area} next (6.1).", ""),
		p("r3.ev.new_king", "{Block} is now King, at {Area} ({Rule}).", ""),
		p("r3.ev.new_hands_both", "New hands are dealt to {A} and {B}.", ""),
		p("r3.ev.new_hands", "New hands are dealt to {Side}.", ""),
	}
	narration.battle = columbia.NewNarration("r3", func(s string) msg.M { return msg.Lit(s) })
}

// NarrationMsg implements adjudicator.Narrator: the message of one line
// of the narrative, or false for a line told in English only.
func (s *State) NarrationMsg(line string) (msg.M, bool) {
	narration.once.Do(narrationPatterns)
	if m, ok := narration.pats.Match(line); ok {
		return m, true
	}
	return narration.battle.Line(line)
}
