package hereistand

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n/i18ntest"
)

// The view is data in every language: every section has a title message,
// its lines read in English exactly as the section's text, the status
// label reads as Status().Label, and the map's key and notes come as
// messages too; in Spanish and Italian all of it renders fully.
func TestViewAsMessages(t *testing.T) {
	cat := gameCatalog(t)
	seen := map[string]bool{}
	i18nGames(t, func(s *St, _ *adjudicator.Rejection, _ *adjudicator.Result) {
		i18ntest.Check(t, cat, s.Status().Label, s.LabelMsg(), "his.", true)
		roles, _ := SeatRoles(s.players())
		for _, r := range append(roles, adjudicator.GM) {
			for _, sec := range s.View(r).Sections {
				if sec.TitleMsg == nil {
					t.Fatalf("section %q has no title message", sec.Title)
				}
				seen[sec.Title[:min(len(sec.Title), 8)]] = true
				if strings.HasSuffix(sec.Title, " hand") || sec.Title == "Forces" {
					// names of cards and places: titles only
					i18ntest.Check(t, cat, sec.Title, *sec.TitleMsg, "his.", false)
					continue
				}
				i18ntest.Check(t, cat, sec.Title, *sec.TitleMsg, "his.", true)
				if len(sec.Lines) > 0 && sec.Title != "Diplomatic status" {
					var ls []string
					for _, l := range sec.Lines {
						ls = append(ls, cat.Text("en", l))
					}
					if got, want := strings.Join(ls, "\n"), strings.TrimRight(strings.ReplaceAll(sec.Body, "\n  ", " "), "\n"); got != want {
						t.Fatalf("section %s: lines read\n%q\nthe text is\n%q", sec.Title, got, want)
					}
				}
			}
		}
		m := s.MapView(roles[0])
		if m.PieceKeyMsg == nil || len(m.NoteMsgs) != len(m.Notes) {
			t.Fatalf("map key or notes without messages: %v %d/%d", m.PieceKeyMsg, len(m.NoteMsgs), len(m.Notes))
		}
		i18ntest.Check(t, cat, m.PieceKey, *m.PieceKeyMsg, "his.", true)
		for i, n := range m.NoteMsgs {
			i18ntest.Check(t, cat, m.Notes[i], n, "his.", n.Key != "")
		}
		if !strings.Contains(m.Title, s.Status().Label) {
			t.Fatalf("the map's title %q holds no status label %q", m.Title, s.Status().Label)
		}
	})
	t.Logf("sections seen: %v", seen)
}

// The result of every way a game ends reads back into a message, so that
// the game-over lines of reports come in the reader's language.
func TestResultsAsMessages(t *testing.T) {
	cat := gameCatalog(t)
	var s0 St
	for _, r := range []string{
		"religious victory of the Protestant (HIS-23.1b)",
		"military victory of Ottoman with 11 keys (HIS-23.1a)",
		"standard victory of Papacy with 25 VP (HIS-23.3b)",
		"time limit victory of France, Papacy with 22 VP (HIS-23.3d)",
		"domination victory of Hapsburg with 27 VP (HIS-23.3c)",
	} {
		m, ok := s0.NarrationMsg(r)
		if !ok {
			t.Fatalf("result %q is not read", r)
		}
		i18ntest.Check(t, cat, r, m, "his.", true)
	}
}

// The choices that explain rather than quote an order ("then: move,
// build, ...", "for example: ...", "... and 12 more") come as messages
// that read in English exactly as the choice and exist in every
// language; the orders themselves are left as the parser reads them.
func TestPromptChoiceNotesAsMessages(t *testing.T) {
	cat := gameCatalog(t)
	seen := map[string]int{}
	i18nGames(t, func(s *St, _ *adjudicator.Rejection, _ *adjudicator.Result) {
		for _, pr := range s.Prompts() {
			for i, c := range pr.Choices {
				m, ok := pr.ChoiceMsgs[i]
				explains := strings.HasPrefix(c, "then: ") || strings.HasPrefix(c, "for example: ") || strings.HasPrefix(c, "... and ")
				if ok != explains {
					t.Fatalf("choice %q: message %v", c, ok)
				}
				if ok {
					seen[m.Key]++
					i18ntest.Check(t, cat, c, m, "his.", true)
				}
			}
		}
	})
	for _, k := range []string{"his.prompt.choice_then", "his.prompt.choice_example", "his.prompt.choice_more"} {
		if seen[k] == 0 {
			t.Errorf("no choice read as %s", k)
		}
	}
}

// Every kind of decision a report says a power is waiting for has a name
// in every language.
func TestPromptKindsNamed(t *testing.T) {
	cat := gameCatalog(t)
	kinds := append([]string{"actions", "diet", "diplomacy", "impulse", "negotiation", "new-world", "spring", "theses"}, decisionKinds[1:]...)
	for _, k := range kinds {
		key := "his.kind." + strings.ReplaceAll(k, "-", "_")
		for _, lang := range []string{"en", "es", "it"} {
			if got := cat.T(lang, key); got == "" || got == key {
				t.Errorf("%s: no %s", lang, key)
			}
		}
	}
}

// One die, one hit and one of anything else counted are written singular
// wherever the log, the prompts and the refusals count them ("1 space to
// flip", "1 Protestant regular enters", "1 Persian unit is left").
func TestOneDieOneHit(t *testing.T) {
	plural := regexp.MustCompile(`(^|[^0-9#+])1 ((extra|[A-Z][a-z]+) )?(dice|hits|spaces|units|regulars|mercenaries|squadrons|corsairs|cards|attempts)\b`)
	seen := 0
	i18nGames(t, func(s *St, rej *adjudicator.Rejection, res *adjudicator.Result) {
		var texts []string
		for _, e := range res.Events {
			texts = append(texts, e.Text)
		}
		for _, p := range s.Prompts() {
			texts = append(texts, p.Text)
		}
		if rej != nil {
			for _, p := range rej.Problems {
				texts = append(texts, p.Reason)
			}
		}
		for _, x := range texts {
			if plural.MatchString(x) {
				t.Fatalf("plural for one: %q", x)
			}
			if strings.Contains(x, "1 die") || strings.Contains(x, "1 hit") {
				seen++
			}
		}
	})
	if seen == 0 {
		t.Error("no text counted one die or one hit")
	}
}

// The lines written for one of a thing, and the log's lines closed as
// sentences, read in every language.
func TestSingularAndSentenceLinesRead(t *testing.T) {
	cat := gameCatalog(t)
	s := &St{}
	for _, line := range []string{
		"1 Protestant regular enters Brandenburg from the Electorate display (HIS-21.6c).",
		"1 Hungary-Bohemia unit withdraws into the fortifications of Belgrade.",
		"3 Independent units withdraw into the fortifications of Metz.",
		"1 unit withdraws into the fortifications of Metz.",
		"Papacy wins the debate by 1: 1 space to flip.",
		"The Papacy wins the Council of Trent: 1 space to flip.",
		"No legal target is left: the last attempt from the Council of Trent is lost.",
		"1 Persian unit is left in Persia.",
		"Unpaid Mercenaries: Papacy loses its mercenary in Ancona.",
		"Mercenaries Demand Pay: France pays and keeps its mercenary.",
		"Mercenaries Demand Pay: France loses its mercenary.",
		"France loses 1 regular.",
		"France moves 3 regulars, Montmorency from Dijon to St. Dizier.",
		"The attempt fails (9 needed).",
		"Hapsburg draws a card at random from the hand of Ottoman (deal).",
		"Papacy's standing orders answer with the default, without asking: combat cards, response card, avoid battle.",
		"Papacy has no standing orders: every decision is asked.",
		"Hapsburg draws a card at random from the hand of France (ransom of Montmorency).",
	} {
		m, ok := s.NarrationMsg(line)
		require.True(t, ok, line)
		checkMsg(t, cat, "event", line, m)
		for _, lang := range []string{"es", "it"} {
			got := cat.Text(lang, m)
			for _, en := range []string{" its ", " keeps ", " withdraws ", " enters ", " is left", " loses ", "(deal)", "ransom of", "standing orders", "combat cards"} {
				require.NotContains(t, got, en, "%s read by %s", line, m.Key)
			}
		}
	}
	m, ok := reasonMsg("", "3 regulars cost 6 CP, with 5 CP left")
	require.True(t, ok)
	checkMsg(t, cat, "reason", "3 regulars cost 6 CP, with 5 CP left", m)
	m, ok = reasonMsg("", "France's counters cannot show 4 units split off its units in Glasgow (HIS-5.2a)")
	require.True(t, ok)
	checkMsg(t, cat, "reason", "France's counters cannot show 4 units split off its units in Glasgow (HIS-5.2a)", m)
	m, ok = reasonMsg("", "Papacy is not yours: this seat plays England and Protestant")
	require.True(t, ok)
	checkMsg(t, cat, "reason", "Papacy is not yours: this seat plays England and Protestant", m)
}

// HIS-9.1d: a deal's terms read in the reader's language, every kind of
// term, in the announcement and in the prompt to confirm it.
func TestDealTermsRead(t *testing.T) {
	cat := gameCatalog(t)
	terms := []string{
		"ottoman: ally hapsburg", "ottoman: end war with hapsburg", "france: give Milan to hapsburg",
		"ottoman: cards 1 to hapsburg", "england: cards 2 to france", "papacy: lift excommunication of france",
		"papacy: grant divorce to england", "hapsburg: return Montmorency",
		"france: loan 1 squadron in Marseille to ottoman", "france: loan 2 squadrons with Andrea Doria in Marseille to ottoman",
		"england: mercenaries 2 from London to hapsburg", "england: mercenaries 1 from London to hapsburg in Antwerp",
	}
	for _, term := range terms {
		m, ok := termsMsg(term)
		require.True(t, ok, term)
		require.Equal(t, term, cat.Text("en", m))
	}
	line := "Ottoman announces deal 1: ottoman: ally hapsburg; ottoman: cards 1 to hapsburg (HIS-9.1d)."
	m, ok := (&St{}).NarrationMsg(line)
	require.True(t, ok)
	checkMsg(t, cat, "event", line, m)
	require.Equal(t, "Otomano anuncia el acuerdo 1: Otomano: alianza con Habsburgo; Otomano: 1 carta a Habsburgo (HIS-9.1d).", cat.Text("es", m))
	require.Contains(t, cat.Text("it", m), "Ottomano: alleanza con Asburgo; Ottomano: 1 carta a Asburgo")
	prompt := "Hapsburg announces a deal: papacy: grant divorce to england; england: cards 2 to papacy. Confirm or reject it (HIS-9.1d): it takes effect only if every power involved confirms."
	m, ok = promptMsg(prompt)
	require.True(t, ok)
	checkMsg(t, cat, "prompt", prompt, m)
	require.Contains(t, cat.Text("es", m), "Papado: concede el divorcio a Inglaterra; Inglaterra: 2 cartas a Papado")
	// The powers named in the other prompts of the Diplomacy Phase.
	prompt = "Declarations of war (HIS-9.6): declare war on one or more powers and pay the CP with cards from your hand, not Mandatory Events; or write done. Costs in CP: England 6, France 5, Genoa 1."
	m, ok = promptMsg(prompt)
	require.True(t, ok)
	checkMsg(t, cat, "prompt", prompt, m)
	require.Contains(t, cat.Text("it", m), "Inghilterra 6, Francia 5, Genova 1")
}
