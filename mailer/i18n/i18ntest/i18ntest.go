// Package i18ntest holds the checks every game's tests make of its
// messages: that a message reads in English exactly as the game's own
// English text, and renders in every other language with each placeholder
// filled and no catalogue key left showing.
package i18ntest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
)

// Catalog is the platform's catalogue with game's own.
func Catalog(t testing.TB, game adjudicator.Localized) *i18n.Catalog {
	t.Helper()
	cat, err := i18n.New()
	require.NoError(t, err)
	fsys, dir := game.Locales()
	require.NoError(t, cat.Load(fsys, dir))
	return cat
}

// Check fails t unless m reads english in English and renders fully in
// the other languages: no "<no value>", no key of the game's prefix
// ("r3.prompt.card") left in the text and, when differ is set, not the
// English text.
func Check(t testing.TB, cat *i18n.Catalog, english string, m msg.M, prefix string, differ bool) {
	t.Helper()
	require.Equal(t, english, cat.Text("en", m), "%s", m)
	for _, lang := range i18n.Languages {
		if lang == i18n.Default {
			continue
		}
		got := cat.Text(lang, m)
		require.NotContains(t, got, "<no value>", "%s %s", lang, m)
		require.NotRegexp(t, `(^|[^\pL])`+regexp.QuoteMeta(prefix)+`[a-z]`, got, "%s %s: a catalogue key shows", lang, m)
		if differ {
			require.NotEqual(t, english, got, "%s %s", lang, m)
		}
	}
}

// Narration counts the narrative lines a game reads back into messages
// (adjudicator.Narrator) and checks each one read.
type Narration struct {
	Cat    *i18n.Catalog
	Prefix string
	Read   int
	Lines  int
	Keys   map[string]int
}

// Line checks one line of narrative.
func (n *Narration) Line(t testing.TB, g adjudicator.Narrator, line string) {
	t.Helper()
	n.Lines++
	m, ok := g.NarrationMsg(line)
	if !ok {
		return
	}
	n.Read++
	if n.Keys == nil {
		n.Keys = map[string]int{}
	}
	n.Keys[m.Key]++
	Check(t, n.Cat, line, m, n.Prefix, false)
}

// Problems checks the refusal reasons of rej that carry a message and
// returns how many did.
func Problems(t testing.TB, cat *i18n.Catalog, rej *adjudicator.Rejection, prefix string) int {
	t.Helper()
	n := 0
	for _, p := range rej.Problems {
		if p.ReasonMsg == nil {
			t.Logf("told in English only: %q", p.Reason)
			continue
		}
		n++
		Check(t, cat, p.Reason, *p.ReasonMsg, prefix, true)
	}
	return n
}

// Translate writes the first word of each of sub's lines (the verb, up to
// a space or ':') in another language, by words (English verb → word);
// it reports whether any line changed. Games' tests use it to check that
// orders in Spanish or Italian read exactly as in English.
func Translate(sub adjudicator.Submission, words map[string]string) (adjudicator.Submission, bool) {
	out := sub
	out.Lines = append([]adjudicator.Line(nil), sub.Lines...)
	changed := false
	for i, l := range out.Lines {
		t := strings.TrimSpace(l.Text)
		k := strings.IndexAny(t, " :")
		if k < 0 {
			k = len(t)
		}
		if w, ok := words[strings.ToLower(t[:k])]; ok {
			out.Lines[i].Text = w + t[k:]
			changed = true
		}
	}
	return out, changed
}

var (
	placeholderRe = regexp.MustCompile(`\{\{[^}]*\}\}`)
	spaceRe       = regexp.MustCompile(`\s+`)
)

// NoEnglish fails t if text, written for a reader of lang, holds a phrase
// of the English text of a platform key under one of prefixes ("league.",
// "luck.report."): any run of three words or more between the key's
// placeholders that lang writes otherwise. Line breaks and runs of spaces
// count as one space, so wrapped mail is read as it was written.
func NoEnglish(t testing.TB, cat *i18n.Catalog, lang, text string, prefixes ...string) {
	t.Helper()
	flat := spaceRe.ReplaceAllString(text, " ")
	for _, key := range cat.Keys(i18n.Default) {
		if !hasPrefix(key, prefixes) {
			continue
		}
		own := spaceRe.ReplaceAllString(cat.Source(lang, key), " ")
		for _, part := range placeholderRe.Split(cat.Source(i18n.Default, key), -1) {
			part = strings.Trim(spaceRe.ReplaceAllString(part, " "), " .,:;()")
			if len(strings.Fields(part)) < 3 || strings.Contains(own, part) {
				continue
			}
			require.NotContains(t, flat, part, "%s: the English of %s is left in:\n%s", lang, key, text)
		}
	}
}

func hasPrefix(key string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return false
}

// QueryIn renders a query's answer ms for a reader of lang, a message a
// line, and fails t if the text holds the English of a key under prefix
// ("r3.q.") or any of the English words.
func QueryIn(t testing.TB, cat *i18n.Catalog, lang string, ms []msg.M, prefix string, words []string) string {
	t.Helper()
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(cat.Text(lang, m) + "\n")
	}
	text := b.String()
	NoEnglish(t, cat, lang, text, prefix)
	for _, w := range words {
		require.NotContains(t, text, w, "%s:\n%s", lang, text)
	}
	return text
}

// QueryError fails t unless err is a *adjudicator.QueryError whose text
// is english, as its message reads in English, and whose message reads
// in each other language as want says (language: text).
func QueryError(t testing.TB, cat *i18n.Catalog, err error, english string, want map[string]string) {
	t.Helper()
	var qe *adjudicator.QueryError
	require.ErrorAs(t, err, &qe)
	require.Equal(t, english, qe.Error())
	require.Equal(t, qe.Text, cat.Text(i18n.Default, qe.Msg))
	for lang, text := range want {
		require.Equal(t, text, cat.Text(lang, qe.Msg), lang)
	}
}
