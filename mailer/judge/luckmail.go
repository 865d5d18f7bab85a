package judge

import (
	"slices"
	"strings"

	"github.com/pbem/pbem/adjudicator/luck"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/textwrap"
	"github.com/pbem/pbem/store"
)

// The luck report by email. When a game ends (by its rules, a
// resignation, a forfeit or an abandon) every player and the GM get its
// luck report (package luck) in one more mail of the same transaction.
// The GM's "luck" command sends it to the GM at any time, and "luck all"
// to every player too: during the game it counts the dice of the epochs
// whose secret is already revealed, from the record as anyone may check
// it (the current epoch's dice and every hidden draw stay secret).

// LuckData is the data of the luck template: Intro in the reader's
// language, Report as luck.Report.Write writes it in that language (see
// LuckText).
type LuckData struct {
	Lang   string
	Intro  string
	Report string
	Footer string
}

// gameOver follows the end of g by its rules, in the transaction that
// ended it: the luck report to everyone, then the league's result and
// standings when g is a league game. (A game ended otherwise carries the
// luck report in its game-over mail: see endGame.)
func (j *Judge) gameOver(tx *store.Tx, g *store.Game) error {
	if err := j.mailLuck(tx, g, gameAddresses(g, true)); err != nil {
		return err
	}
	return j.leagueResult(tx, g)
}

// queueLuck queues one mail of the luck template to addr, the report in
// his language.
func (j *Judge) queueLuck(tx *store.Tx, g *store.Game, addr, subject, intro string, rep *luck.Report) error {
	lang := langOf(g, addr)
	report, err := LuckText(rep, j.opt.Templates.Catalog, lang)
	if err != nil {
		return err
	}
	return j.queueRendered(tx, g, addr, subject, "luck", "", "luck", LuckData{Lang: lang, Intro: intro, Report: report, Footer: j.footerIn(g, lang)})
}

// LuckText is the luck report rep in lang, its words from cat, its
// paragraphs wrapped for a plain-text mail (a continuation keeps its
// line's indentation) and its tables of faces as they are, however wide.
func LuckText(rep *luck.Report, cat *i18n.Catalog, lang string) (string, error) {
	var b strings.Builder
	if err := rep.Write(&b, func(m msg.M) string { return cat.Text(lang, m) }); err != nil {
		return "", err
	}
	rows := []string{"    " + cat.Text(lang, msg.New("luck.report.face")) + " ", "    " + cat.Text(lang, msg.New("luck.report.rolled")) + " "}
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		if textwrap.Len(l) <= textwrap.Width || strings.HasPrefix(l, rows[0]) || strings.HasPrefix(l, rows[1]) {
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " "))]
		lines[i] = textwrap.Paragraph(l, lead, lead, textwrap.Width)
	}
	return strings.Join(lines, "\n"), nil
}

// luckOrExcuse is g's luck report, or nil when it cannot be computed: the
// GM is then told why (the game goes on, or ends, all the same).
func (j *Judge) luckOrExcuse(tx *store.Tx, g *store.Game) (*luck.Report, error) {
	rep, err := j.luckReport(tx, g)
	if err == nil {
		return rep, nil
	}
	j.opt.Log.Error("luck report", "game", g.ID, "err", err)
	return nil, j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.no_luck_subject"), "",
		j.gmT(g, "gm.no_luck", "Game", g.ID, "Error", clip(err.Error(), maxReason)))
}

// gameAddresses lists g's GM and, with players, every player's address,
// each once.
func gameAddresses(g *store.Game, players bool) []string {
	out := []string{strings.ToLower(g.GM)}
	if !players {
		return out
	}
	for _, p := range g.Players {
		if a := strings.ToLower(p.Email); a != "" && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// luckReport is g's luck report from its record as the store holds it
// now (the secrets revealed so far).
func (j *Judge) luckReport(tx *store.Tx, g *store.Game) (*luck.Report, error) {
	rec, err := j.exportLog(tx, g, false)
	if err != nil {
		return nil, err
	}
	return luck.Compute(rec)
}

// mailLuck queues g's luck report to each address in the reader's
// language. A report that cannot be computed (a record that does
// not verify) does not stop the game: the GM is told why instead.
func (j *Judge) mailLuck(tx *store.Tx, g *store.Game, to []string) error {
	report, err := j.luckOrExcuse(tx, g)
	if err != nil || report == nil {
		return err
	}
	T := j.opt.Templates.T
	for _, a := range to {
		lang := langOf(g, a)
		key := "luck.during"
		if g.Status.Finished {
			key = "luck.end"
		}
		if err := j.queueLuck(tx, g, a, T(lang, "luck.subject", "Game", g.ID), T(lang, key, "Game", g.ID), report); err != nil {
			return err
		}
	}
	return nil
}

// gmLuck runs the GM's "luck" (to the GM) and "luck all" (to every
// player too); it reports whether the line was one of them.
func (j *Judge) gmLuck(tx *store.Tx, g *store.Game, f []string, no int, b, bad *strings.Builder) (bool, error) {
	if !strings.EqualFold(f[0], "luck") {
		return false, nil
	}
	all := len(f) == 2 && strings.EqualFold(f[1], "all")
	if len(f) > 2 || len(f) == 2 && !all {
		j.gmSay(bad, g, no, "gm.luck_usage")
		return true, nil
	}
	if err := j.mailLuck(tx, g, gameAddresses(g, all)); err != nil {
		return true, err
	}
	if all {
		j.gmSay(b, g, no, "gm.luck_all")
	} else {
		j.gmSay(b, g, no, "gm.luck_gm")
	}
	return true, nil
}

// isLuckLine reports whether a GM's line is the luck command, which the
// GM may send after the game's end too.
func isLuckLine(s string) bool {
	f := strings.Fields(s)
	return len(f) >= 1 && strings.EqualFold(f[0], "luck")
}
