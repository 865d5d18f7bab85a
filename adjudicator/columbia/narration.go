package columbia

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator/msg"
)

// Reading a battle's narrative back into messages, for readers of other
// languages. A battle writes its narrative in English as it runs (random
// play builds no messages); Narration reads those lines when a report is
// rendered. The keys are the game's own (prefix "r3" reads "r3.battle.*"),
// so that each game words its battles as its rulebook does.

// Narration reads the lines of one game's battle narratives.
type Narration struct {
	prefix string
	side   func(string) msg.M
	pats   msg.Patterns
}

// NewNarration reads narrative lines into messages with keys under
// prefix+".battle."; side turns a side's name as the narrative prints it
// into a message (a Lit for names that stay as printed). extra reads the
// lines the game's own hooks write in a battle (Bt.Say), tried first.
func NewNarration(prefix string, side func(string) msg.M, extra ...*msg.Pattern) *Narration {
	n := &Narration{prefix: prefix, side: side}
	conv := map[string]msg.Conv{"side": func(s string) (any, bool) { return side(s), true }}
	k := prefix + ".battle."
	n.pats = append(msg.Patterns(extra), msg.Patterns{
		msg.NewPattern(k+"retreats_hidden", "one of {Side:side}'s blocks retreats to {Area}", "", conv),
		msg.NewPattern(k+"retreats", "{Block} retreats to {Area}", "", conv),
		msg.NewPattern(k+"cannot_retreat", "{Block} cannot retreat and is eliminated", "", conv),
		msg.NewPattern(k+"regroups", "{Block} regroups to {Area}", "", conv),
		msg.NewPattern(k+"passes", "{Block} passes", "", conv),
		msg.NewPattern(k+"wins", "{Side:side} wins the battle.", "", conv),
		msg.NewPattern(k+"must_retreat", "After round {Round:int} the attacker ({Side:side}) must retreat.", "", conv),
		msg.NewPattern(k+"no_winner", "No blocks remain: the battle has no winner.", "", conv),
		msg.NewPattern(k+"round1_gone", "All of {Side:side}'s round-1 blocks are gone: {Def:side} now defends and {Att:side} attacks.", "", conv),
	}...)
	return n
}

var (
	roundRE = regexp.MustCompile(`^Round (\d+)  (\S.*)$`)
	shotRE  = regexp.MustCompile(`^(.+?) \(([A-Z]\d+)((?:, [^()]+)*)\)((?: \d+)*) → (no hit|1 hit|(\d+) hits)(, no target)?(?: on (.+?))?(?:; (\d+) lost)?$`)
	segRE   = regexp.MustCompile(`^(.+) \((\d+)→(\d+)(?:, (eliminated|captured by (.+)))?\)$`)
)

// indent is the margin of a round's later lines (see roundPrefix).
const indent = "         "

// Line returns the message of one line of a battle narrative, or false
// when the line is told in English only.
func (n *Narration) Line(line string) (msg.M, bool) {
	k := n.prefix + ".battle."
	if rest, ok := strings.CutPrefix(line, indent); ok && !strings.HasPrefix(rest, " ") {
		inner, ok := n.inner(rest)
		if !ok {
			return msg.M{}, false
		}
		return msg.New(k+"indent", "Line", inner), true
	}
	if sub := roundRE.FindStringSubmatch(line); sub != nil {
		r, _ := strconv.Atoi(sub[1])
		inner, ok := n.inner(sub[2])
		if !ok {
			inner = msg.Lit(sub[2])
		}
		return msg.New(k+"round", "Round", r, "Line", inner), true
	}
	return n.inner(line)
}

// inner reads a line without its round prefix.
func (n *Narration) inner(line string) (msg.M, bool) {
	if m, ok := n.pats.Match(line); ok {
		return m, true
	}
	return n.shot(line)
}

// shot reads the line of one shot: "Wallace (A3, defending) 1 4 1 →
// 2 hits on Lancaster Knights (4→2)".
func (n *Narration) shot(line string) (msg.M, bool) {
	sub := shotRE.FindStringSubmatch(line)
	if sub == nil {
		return msg.M{}, false
	}
	k := n.prefix + ".battle."
	notes := msg.Lit("")
	if sub[3] != "" {
		for _, note := range strings.Split(strings.TrimPrefix(sub[3], ", "), ", ") {
			var nm msg.M
			switch {
			case note == "defending":
				nm = msg.New(k + "note.defending")
			case strings.HasPrefix(note, "charges "):
				nm = msg.New(k+"note.charges", "Block", strings.TrimPrefix(note, "charges "))
			case strings.HasPrefix(note, "bonus shot at "):
				nm = msg.New(k+"note.bonus_shot", "Block", strings.TrimPrefix(note, "bonus shot at "))
			default:
				nm = msg.Lit(note)
			}
			notes = msg.New(k+"note", "Before", notes, "Note", nm)
		}
	}
	var result msg.M
	switch {
	case sub[5] == "no hit":
		result = msg.New(k + "no_hit")
	case sub[5] == "1 hit":
		result = msg.Plural(k+"hits", 1)
	default:
		h, _ := strconv.Atoi(sub[6])
		result = msg.Plural(k+"hits", h)
	}
	if sub[7] != "" {
		result = msg.New(k+"no_target", "Hits", result)
	}
	if sub[8] != "" {
		var targets msg.M
		for i, seg := range splitSegs(sub[8]) {
			s := segRE.FindStringSubmatch(seg)
			if s == nil {
				return msg.M{}, false
			}
			from, _ := strconv.Atoi(s[2])
			to, _ := strconv.Atoi(s[3])
			var t msg.M
			switch {
			case s[4] == "eliminated":
				t = msg.New(k+"seg_fate", "Block", s[1], "From", from, "Fate", msg.New(k+"eliminated"))
			case s[5] != "":
				t = msg.New(k+"seg_fate", "Block", s[1], "From", from, "Fate", msg.New(k+"captured", "Side", n.side(s[5])))
			default:
				t = msg.New(k+"seg", "Block", s[1], "From", from, "To", to)
			}
			if i == 0 {
				targets = t
			} else {
				targets = msg.New(k+"segs", "Before", targets, "Seg", t)
			}
		}
		result = msg.New(k+"hits_on", "Hits", result, "Targets", targets)
	}
	if sub[9] != "" {
		lost, _ := strconv.Atoi(sub[9])
		result = msg.Plural(k+"lost", lost, "Result", result)
	}
	return msg.New(k+"shot", "Block", sub[1], "Rating", sub[2], "Notes", notes, "Dice", sub[4], "Result", result), true
}

// splitSegs splits "A (3→1), B (2→0, eliminated)" into its targets.
func splitSegs(s string) []string {
	var out []string
	for s != "" {
		i := strings.Index(s, "), ")
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+3:]
	}
	return out
}
