package hammer

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
// played, moves (one's own and those seen), battles round by round, and
// winter; the rest stay in English.

var narration struct {
	once   sync.Once
	pats   msg.Patterns
	battle *columbia.Narration
}

// sideOf reads a side as the narrative names it: "England", or the role
// "england" as a captured block's line prints it.
func sideOf(s string) (msg.M, bool) {
	switch s {
	case "England":
		return sideMsg(England), true
	case "Scotland":
		return sideMsg(Scotland), true
	case string(RoleEngland):
		return msg.New("ham.role.england"), true
	case string(RoleScotland):
		return msg.New("ham.role.scotland"), true
	}
	return msg.M{}, false
}

func narrationPatterns() {
	conv := map[string]msg.Conv{
		"side": func(s string) (any, bool) {
			m, ok := sideOf(s)
			return m, ok
		},
	}
	defect := msg.NewPattern("ham.ev.noble_defects", "a noble going home to {Area} finds the enemy there and joins {Side:side}", "", conv)
	conv["defects"] = func(s string) (any, bool) {
		var list msg.M
		for i, part := range strings.Split(s, "; ") {
			m, ok := defect.Match(part)
			if !ok {
				return nil, false
			}
			if i == 0 {
				list = m
			} else {
				list = msg.New("ham.ev.semicolon", "A", list, "B", m)
			}
		}
		return list, true
	}
	p := func(key, english, plural string) *msg.Pattern { return msg.NewPattern(key, english, plural, conv) }
	narration.pats = msg.Patterns{
		// the game's result (Status().Result)
		p("ham.result.sudden", "{Side:side} wins: {Who:side} controls every noble in play (sudden death)", ""),
		p("ham.result.edward", "{Side:side} wins: Edward II was killed in battle", ""),
		p("ham.result.king", "{Side:side} wins: the King of Scots was killed in battle", ""),
		p("ham.result.nobles", "{Side:side} wins: {Who:side} controls {A:int} nobles to {B:int} at the end of {Year:int}", ""),
		p("ham.result.tie_dead", "{Side:side} wins: nobles tied {A:int}-{B:int} and Wallace is dead or in the pool", ""),
		p("ham.result.tie_field", "{Side:side} wins: nobles tied {A:int}-{B:int} and Wallace is still in the field", ""),
		p("ham.ev.you_play", "You play {Card}.", ""),
		p("ham.ev.cards_event", "Cards: England plays {England}, Scotland plays {Scotland}. {P1:side} is Player 1 and resolves the event; {Other:side} then moves.", ""),
		p("ham.ev.cards", "Cards: England plays {England}, Scotland plays {Scotland}. {P1:side} is Player 1.", ""),
		p("ham.ev.moves", "{Side:side} moves ({Used:int} of {Count:int} movement points used).", "Count"),
		p("ham.ev.moves_seen", "{Side:side} blocks moved: {Moves}", ""),
		p("ham.ev.your_moves", "Your moves: {Moves}", ""),
		p("ham.ev.battle", "Battle of {Area}: {Attacker:side} attacks, {Defender:side} defends.", ""),
		p("ham.ev.truce", "{Side:side} declares a Truce: {Other:side} may move but not attack this turn.", ""),
		p("ham.ev.ignores", "{Side:side} ignores the {Card} event.", ""),
		p("ham.ev.winter", "Winter {Year:int} begins.", ""),
		p("ham.ev.no_levy", "England goes into winter quarters; the English king winters in Scotland, so there will be no feudal levy.", ""),
		p("ham.ev.quarters", "{Side:side} goes into winter quarters.", ""),
		p("ham.ev.nobles_home", "Nobles go home.", ""),
		p("ham.ev.your_nobles_home", "Your nobles go home: {List}.", ""),
		p("ham.ev.replacements", "Replacements: {List}.", ""),
		p("ham.ev.draws", "{Side:side} draws {Count:int} blocks from its pool.", "Count"),
		p("ham.ev.levy", "Feudal levy: {Count:int} English blocks muster in England.", "Count"),
		p("ham.ev.levy_blocks", "Feudal levy: {List}.", ""),
		p("ham.ev.french", "The Scots hold {Count:int} nobles: the French knights join the Scottish pool.", "Count"),
		p("ham.ev.year", "The year {Year:int} begins: new cards are dealt.", ""),
		p("ham.ev.edward2", "Edward I dies at the end of 1306; Edward II reigns.", ""),
		p("ham.ev.no_moves", "{Side:side} has no blocks that can move.", ""),
		p("ham.ev.cards_both", "Cards: England plays {England}, Scotland plays {Scotland}. Both played events: England resolves first, then Scotland, and the year ends.", ""),
		p("ham.ev.pillage", "Pillage: {Side:side} pillages {Area} from {From}: {Hits:int} hits, {Lost:int} blocks eliminated.", ""),
		p("ham.ev.pillage_of", "Pillage of {Area}: {List}.", ""),
		p("ham.ev.victuals", "Victuals: {Side:side} feeds its blocks in {Area}.", ""),
		p("ham.ev.victuals_steps", "Victuals: {Steps}.", ""),
		p("ham.ev.victuals_none", "Victuals: .", ""),
		p("ham.ev.pillaged_steps", "Pillaged steps: {Steps}.", ""),
		p("ham.ev.sea_move", "Sea Move: {Side:side} moves {Count:int} blocks by sea from {From} to {To}.", "Count"),
		p("ham.ev.defects_to", "{Block} in {Area} defects to {Side:side}.", ""),
		p("ham.ev.joins_you", "{Block} in {Area} joins you.", ""),
		p("ham.ev.faction_defects", "{Count:int} nobles of the {Faction} faction defect to {Side:side}.", "Count"),
		p("ham.ev.return_king", "Return of the King: King Balliol lands with the French knights in {Area}.", ""),
		p("ham.ev.border_raid", "Border raid: the Scots in England cost England a block.", ""),
		p("ham.ev.border_raid_you", "Border raid: you lose {Block} (to the pool).", ""),
		p("ham.ev.herald_fails", "Herald: {Side:side} names {Noble} and rolls {Roll:int}: the herald fails.", ""),
		p("ham.ev.herald_no_effect", "Herald: {Side:side} names {Noble} and rolls {Roll:int}, but that noble is not in play: no effect.", ""),
		p("ham.ev.herald_success", "Herald: {Side:side} names {Noble} and rolls {Roll:int}: the noble in {Area} changes sides.", ""),
		p("ham.ev.nobles_home_defect", "Nobles go home. {List:defects}.", ""),
	}
	narration.battle = columbia.NewNarration("ham", func(s string) msg.M {
		if m, ok := sideOf(s); ok {
			return m
		}
		return msg.Lit(s)
	},
		p("ham.ev.cohesion_home", "Celtic cohesion: {Block} rolls {Roll:int} and goes home to the pool", ""),
		p("ham.ev.cohesion_stays", "Celtic cohesion: {Block} rolls {Roll:int} and stays", ""),
	)
}

// NarrationMsg implements adjudicator.Narrator: the message of one line
// of the narrative, or false for a line told in English only.
func (s *St) NarrationMsg(line string) (msg.M, bool) {
	narration.once.Do(narrationPatterns)
	if m, ok := narration.pats.Match(line); ok {
		return m, true
	}
	// A battle's narrative starts with its name: "Battle of Atholl: Round 1 ...".
	if rest, ok := strings.CutPrefix(line, "Battle of "); ok {
		if area, l, ok := strings.Cut(rest, ": "); ok {
			if m, ok := narration.battle.Line(l); ok {
				return msg.New("ham.ev.battle_line", "Area", area, "Line", m), true
			}
		}
		return msg.M{}, false
	}
	return narration.battle.Line(line)
}
