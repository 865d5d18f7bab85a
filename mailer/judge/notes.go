package judge

import (
	"regexp"
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
)

// The platform writes some events into a game's log itself: the end of a
// game, a rollback, a seat's new player, a pause, a change of the game's
// rules. The log keeps them in English, as every record does; a report in
// another language shows them translated. Each is a catalogue message:
// its English text, read back with the message's placeholders as
// wildcards, gives the message and its arguments again, rendered then in
// the reader's language. An argument that is itself one of the messages
// below (a result, a reason) is translated too.

// noteKeys are the messages the platform writes into a game's log.
var noteKeys = []string{
	"end.over", "note.rollback", "note.rollback_reason", "note.undone", "note.revised",
	"note.new_player", "note.resumed", "note.disorder", "note.missed_defaults",
	"club.paused", "club.paused_reason",
	"club.policy.at_off", "club.policy.at", "club.policy.every", "club.policy.kind",
	"club.policy.kind_default", "club.policy.weekends_off", "club.policy.weekends_on",
	"club.policy.grace_off", "club.policy.grace", "club.policy.reminders_off",
	"club.policy.reminders_default", "club.policy.reminders", "club.policy.vacations_off",
	"club.policy.vacations", "club.policy.missed_wait", "club.policy.missed_defaults",
	"club.policy.missed_forfeit", "club.policy.revise", "club.policy.revise_off",
}

// noteArgKeys are messages that appear as an argument of a note.
var noteArgKeys = []string{
	"end.abandoned_gm", "end.abandoned_gm_reason", "end.abandoned_operator",
	"end.abandoned_operator_reason", "end.resigned", "end.forfeit_all", "end.forfeit",
	"club.why.gm_resumed", "club.why.pause_ended",
}

var (
	notePatternsMu sync.Mutex
	notePatterns   = map[*i18n.Catalog]msg.Patterns{}
)

var notePlaceholder = regexp.MustCompile(`\{\{-?\s*\.([A-Za-z_][A-Za-z0-9_]*)\s*-?\}\}`)

// compileNotes turns the English texts of keys into patterns whose holes
// pass their text through conv.
func compileNotes(cat *i18n.Catalog, keys []string, conv msg.Conv) msg.Patterns {
	var out msg.Patterns
	for _, key := range keys {
		src := cat.Source(i18n.Default, key)
		if src == "" {
			continue
		}
		english := notePlaceholder.ReplaceAllString(src, "{$1:arg}")
		out = append(out, msg.NewPattern(key, english, "", map[string]msg.Conv{"arg": conv}))
	}
	return out
}

// patternsOf is the patterns of the platform's notes in cat.
func patternsOf(cat *i18n.Catalog) msg.Patterns {
	notePatternsMu.Lock()
	defer notePatternsMu.Unlock()
	ps, ok := notePatterns[cat]
	if !ok {
		asText := func(s string) (any, bool) { return s, true }
		args := compileNotes(cat, noteArgKeys, asText)
		// An argument that is one of noteArgKeys becomes that message,
		// which the catalogue renders in the reader's language.
		nested := func(s string) (any, bool) {
			if m, ok := args.Match(s); ok {
				return m, true
			}
			return s, true
		}
		ps = compileNotes(cat, noteKeys, nested)
		notePatterns[cat] = ps
	}
	return ps
}

// platformNote renders a line the platform wrote into a game's log in
// lang, or reports false for any other line. A note that the log ends
// with a period its message lacks (a pause) keeps it.
func platformNote(cat *i18n.Catalog, lang, line string) (string, bool) {
	ps := patternsOf(cat)
	if m, ok := ps.Match(line); ok {
		return cat.Text(lang, m), true
	}
	if s, found := strings.CutSuffix(line, "."); found {
		if m, ok := ps.Match(s); ok {
			return cat.Text(lang, m) + ".", true
		}
	}
	return "", false
}
