package judge

import (
	"fmt"
	"strings"
	"sync"

	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// The texts of a league that "pbem league show" prints and a league GM's
// "show" email answers (English tables, as the command line's).

// LeagueSubsText lists the league's substitute pool; hint says how to
// add one when it is empty.
func LeagueSubsText(l *store.League, hint string) string {
	if len(l.Subs) == 0 {
		return fmt.Sprintf("Substitute pool: empty (add one with %s).\n", hint)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Substitute pool (%d, first taken first):\n", len(l.Subs))
	for i, s := range l.Subs {
		lang := s.Lang
		if lang == "" {
			lang = "-"
		}
		fmt.Fprintf(&b, "  %d. %s (%s)\n", i+1, s.Addr, lang)
	}
	return b.String()
}

// LeagueShowText describes the league: its settings, the vacation days
// used and left, the substitute pool (subsHint says how to add one) and
// every round's games. Results not copied into l yet are shown as the
// store has them (in l, which the caller need not store).
func LeagueShowText(tx *store.Tx, l *store.League, subsHint string) (string, error) {
	var b strings.Builder
	if _, err := RefreshLeagueResults(tx, l); err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "League %s: %s (%s), %s, %d players, %d of %d rounds paired\n",
		l.Name, l.GameName, l.Scenario, LeagueFormatName(l.Format), len(l.Players), len(l.Paired), LeagueRounds(l))
	fmt.Fprintf(&b, "GM: %s\n", l.GM)
	fmt.Fprintf(&b, "Sides: %s (first player), %s\n", l.Sides[0], l.Sides[1])
	fmt.Fprintf(&b, "Players, in seed order: %s\n", strings.Join(l.Players, ", "))
	if l.DeadlineHours > 0 {
		fmt.Fprintf(&b, "Deadlines: %d hours a decision\n", l.DeadlineHours)
	}
	if l.ForfeitAfter > 0 {
		fmt.Fprintf(&b, "Forfeit: after %d missed deadlines in a row\n", l.ForfeitAfter)
	}
	if l.AutoSubstitute > 0 {
		fmt.Fprintf(&b, "Substitute from the pool: after %d missed deadlines in a row\n", l.AutoSubstitute)
	}
	for _, f := range l.Forbidden {
		fmt.Fprintf(&b, "Never paired: %s and %s\n", f[0], f[1])
	}
	cat, err := englishCatalog()
	if err != nil {
		return "", err
	}
	vac, err := LeagueVacationText(tx, l, cat, i18n.Default)
	if err != nil {
		return "", err
	}
	if vac == "" {
		vac = "Vacations: each game's own budget.\n"
	}
	b.WriteString(vac)
	b.WriteString(LeagueSubsText(l, subsHint))
	for _, r := range l.Paired {
		fmt.Fprintf(&b, "\nRound %d:\n", r.No)
		for _, g := range r.Games {
			if g.B == "" {
				fmt.Fprintf(&b, "  bye: %s\n", g.A)
				continue
			}
			state := "to play"
			switch {
			case g.Void:
				state = "abandoned, counts for nobody"
			case g.Done && g.ScoreA == 1:
				state = g.A + " won"
			case g.Done && g.ScoreA == 0:
				state = g.B + " won"
			case g.Done:
				state = "drawn"
			case !g.Created:
				state = "not created yet"
			}
			for _, s := range [][2]string{{g.A, g.SubA}, {g.B, g.SubB}} {
				if s[1] != "" {
					state += fmt.Sprintf("; %s replaced by %s: a loss for %s", s[0], s[1], s[0])
				}
			}
			fmt.Fprintf(&b, "  %s: %s v %s: %s\n", g.ID, g.A, g.B, state)
		}
		if r.Notice != "" {
			fmt.Fprintf(&b, "  note: %s\n", r.Notice)
		}
	}
	return b.String(), nil
}

var (
	englishOnce sync.Once
	englishCat  *i18n.Catalog
	englishErr  error
)

// englishCatalog is the platform's catalogue, for the texts the command
// line prints in English.
func englishCatalog() (*i18n.Catalog, error) {
	englishOnce.Do(func() { englishCat, englishErr = i18n.New() })
	return englishCat, englishErr
}
