package judge

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// Observers. The GM's "observe ADDRESS [HOURS] [LANGUAGE]" lets an
// address follow the game without playing: it gets the game's public
// reports HOURS after the facts they tell (0: at the next tick), and
// never anything hidden. "unobserve ADDRESS" ends it, and so does an
// email to the address of the reports' List-Unsubscribe header.
//
// An observer's report shows the public events of the log entries it
// has not seen (those addressed to no role or to "all") and the position
// after the last entry old enough, as observerView builds it: the lines
// of the role-less view (the role "observer") that every player's own
// view shows too. A fact one player does not see never reaches an
// observer, whatever a game's View does with a role it does not know.

const (
	// maxObservers is how many observers a game keeps at once.
	maxObservers = 20
	// maxObserverDelay is the longest delay, in hours.
	maxObserverDelay = 24 * 30
)

// observerRole is the role-less view's role: no game has such a seat.
const observerRole adjudicator.Role = "observer"

// gmObserverCommand runs observe and unobserve; it reports whether the
// line was one of them.
func (j *Judge) gmObserverCommand(tx *store.Tx, g *store.Game, f []string, no int, b, bad *strings.Builder, now time.Time) (bool, error) {
	cmd := strings.ToLower(f[0])
	if cmd != "observe" && cmd != "unobserve" {
		return false, nil
	}
	fail := func(format string, a ...any) (bool, error) {
		fmt.Fprintf(bad, "line %d: "+format+"\n", append([]any{no}, a...)...)
		return true, nil
	}
	if len(f) < 2 {
		if cmd == "observe" {
			return fail("observe ADDRESS [HOURS] [LANGUAGE]: HOURS is the delay of the observer's reports (0 to %d)", maxObserverDelay)
		}
		return fail("unobserve ADDRESS")
	}
	addr, err := normAddress(f[1])
	if err != nil {
		return fail("%v", err)
	}
	if cmd == "unobserve" {
		if len(f) != 2 {
			return fail("unobserve ADDRESS")
		}
		if g.Observer(addr) == nil {
			return fail("%s does not observe this game", addr)
		}
		if err := j.dropObserver(tx, g, addr, "the GM", now); err != nil {
			return true, err
		}
		fmt.Fprintf(b, "line %d: %s no longer observes the game (told)\n", no, addr)
		return true, tx.PutGame(g)
	}
	delay, lang := 0, ""
	for _, a := range f[2:] {
		if h, err := strconv.Atoi(a); err == nil {
			if h < 0 || h > maxObserverDelay {
				return fail("an observer's delay is 0 to %d hours, not %d", maxObserverDelay, h)
			}
			delay = h
			continue
		}
		l, err := i18n.ParseLanguage(a)
		if err != nil {
			return fail("observe ADDRESS [HOURS] [LANGUAGE]: %v", err)
		}
		lang = l
	}
	for _, a := range g.Addresses() {
		if a == addr {
			return fail("%s plays in this game (or is its GM): players get their own reports", addr)
		}
	}
	if o := g.Observer(addr); o != nil {
		o.Delay = delay
		if lang != "" {
			o.Lang = lang
		}
		fmt.Fprintf(b, "line %d: %s now gets the public reports %d hours after the facts\n", no, addr, delay)
		return true, tx.PutGame(g)
	}
	if len(g.Observers) >= maxObservers {
		return fail("a game has at most %d observers", maxObservers)
	}
	if lang == "" {
		lang = i18n.Default
	}
	// The first report shows the position as it stood delay hours ago.
	through, err := entryAsOf(tx, g, now.Add(-time.Duration(delay)*time.Hour), 1)
	if err != nil {
		return true, err
	}
	g.Observers = append(g.Observers, store.Observer{Email: addr, Delay: delay, Token: randHex(12), Lang: lang, Since: now, Through: through, Due: now})
	if err := j.note(tx, g, adjudicator.GM, fmt.Sprintf("observe (%d hours' delay)", delay), "", now); err != nil {
		return true, err
	}
	if err := j.announceEach(tx, g, "",
		func(p *store.Player) string {
			return j.opt.Templates.T(seatLang(p), "observe.joined_subject", "Game", g.ID)
		},
		func(p *store.Player) string {
			return j.opt.Templates.T(seatLang(p), "observe.joined", "Game", g.ID, "Hours", delay)
		}); err != nil {
		return true, err
	}
	fmt.Fprintf(b, "line %d: %s observes the game: public reports %d hours after the facts (every player is told)\n", no, addr, delay)
	return true, tx.PutGame(g)
}

// entryAsOf is the last log entry of g, from seq on, made at or before t
// (seq-1 when there is none).
func entryAsOf(tx *store.Tx, g *store.Game, t time.Time, seq int) (int, error) {
	last := seq - 1
	err := tx.Log(g.ID, uint64(seq), func(e *store.LogEntry) error {
		if e.At.After(t) {
			return errStopLog
		}
		last = int(e.Seq)
		return nil
	})
	if errors.Is(err, errStopLog) {
		err = nil
	}
	return last, err
}

// errStopLog ends a walk of the log early.
var errStopLog = errors.New("stop")

// dropObserver removes g's observer at addr, who is told; the log keeps
// a note and the GM is told when by is not the GM.
func (j *Judge) dropObserver(tx *store.Tx, g *store.Game, addr, by string, now time.Time) error {
	o := g.Observer(addr)
	if o == nil {
		return nil
	}
	lang := o.Lang
	g.Observers = slices.DeleteFunc(g.Observers, func(x store.Observer) bool { return strings.EqualFold(x.Email, addr) })
	if !g.Status.Finished {
		if err := j.note(tx, g, adjudicator.GM, "unobserve", "", now); err != nil {
			return err
		}
	}
	if err := j.queueRendered(tx, g, addr, j.opt.Templates.T(lang, "observe.left_subject", "Game", g.ID), "notice", "", "notice",
		NoticeData{Lang: lang, Text: j.opt.Templates.T(lang, "observe.left", "Game", g.ID)}); err != nil {
		return err
	}
	if by == "the GM" {
		return nil
	}
	return j.queueNotice(tx, g, g.GM, fmt.Sprintf("[%s] An observer left", g.ID), "",
		fmt.Sprintf("%s no longer observes game [%s] (%s).", addr, g.ID, by))
}

// observersSee marks that g's log gained an entry at at: each observer
// with nothing pending gets a report due its delay later.
func observersSee(g *store.Game, at time.Time) {
	for i := range g.Observers {
		o := &g.Observers[i]
		if o.Due.IsZero() {
			o.Due = at.Add(time.Duration(o.Delay) * time.Hour)
		}
	}
}

// observerReports sends the observers' reports that are due at now.
func (j *Judge) observerReports(tx *store.Tx, g *store.Game, now time.Time) error {
	var rec *record.Record
	for i := range g.Observers {
		o := &g.Observers[i]
		if o.Due.IsZero() || now.Before(o.Due) {
			continue
		}
		if err := j.observerReport(tx, g, o, &rec, now); err != nil {
			return err
		}
	}
	return nil
}

// observerReport sends o the public events of the entries after
// o.Through made at least its delay before now, and the public position
// after the last of them, unless nothing it may see changed (its first
// report always goes, with the position only). rec caches the game's
// record across observers.
func (j *Judge) observerReport(tx *store.Tx, g *store.Game, o *store.Observer, rec **record.Record, now time.Time) error {
	cut := now.Add(-time.Duration(o.Delay) * time.Hour)
	upto, err := entryAsOf(tx, g, cut, o.Through+1)
	if err != nil {
		return err
	}
	// The next report is due when the first entry not told yet is old
	// enough.
	o.Due = time.Time{}
	if err := tx.Log(g.ID, uint64(upto+1), func(e *store.LogEntry) error {
		o.Due = e.At.Add(time.Duration(o.Delay) * time.Hour)
		return errStopLog
	}); err != nil && !errors.Is(err, errStopLog) {
		return err
	}
	if upto == 0 || upto == o.Through && o.Reports > 0 {
		return nil
	}
	var evs []string
	if o.Reports > 0 {
		if evs, err = publicEvents(tx, g, o.Through, upto); err != nil {
			return err
		}
	}
	st, err := j.stateAt(tx, g, upto, rec)
	if err != nil {
		return err
	}
	view := observerView(g, st)
	sum := sha256.Sum256([]byte(view.Text()))
	seen := hex.EncodeToString(sum[:8])
	o.Through = upto
	if o.Reports > 0 && len(evs) == 0 && seen == o.Seen {
		return nil // nothing an observer may see changed
	}
	o.Seen = seen
	o.Reports++
	return j.queueObserverMail(tx, g, o, st, evs, view, upto)
}

// publicEvents are the events of g's log entries after seq through upto
// that every player sees.
func publicEvents(tx *store.Tx, g *store.Game, seq, upto int) ([]string, error) {
	var out []string
	err := tx.Log(g.ID, uint64(seq+1), func(e *store.LogEntry) error {
		if int(e.Seq) > upto {
			return errStopLog
		}
		for _, ev := range e.Events {
			if visible(ev, observerRole) {
				out = append(out, ev.Text)
			}
		}
		return nil
	})
	if errors.Is(err, errStopLog) {
		err = nil
	}
	return out, err
}

// stateAt is g's state after log entry seq: the stored state for the
// last entry, else the record replayed that far (its recorded dice: no
// die is drawn anew). rec caches the record.
func (j *Judge) stateAt(tx *store.Tx, g *store.Game, seq int, rec **record.Record) (adjudicator.State, error) {
	if seq >= g.Seq {
		_, st, err := loadState(g)
		return st, err
	}
	eng, err := adjudicator.Lookup(g.GameName)
	if err != nil {
		return nil, err
	}
	if *rec == nil {
		r, err := j.exportLog(tx, g, false)
		if err != nil {
			return nil, err
		}
		*rec = r
	}
	st, _, err := record.Replay((*rec).Truncate(seq), eng)
	if err != nil {
		return nil, fmt.Errorf("observer report: cannot rebuild entry %d: %w", seq, err)
	}
	return st, nil
}

// observerView is what an observer may see of st: each line of the
// role-less view that every player's own view shows too, in the same
// section. Lines only some players see (a hand, a block's identity, a
// pick not yet revealed) are left out, even if a game showed them to a
// role it does not know.
func observerView(g *store.Game, st adjudicator.State) adjudicator.View {
	var views []adjudicator.View
	seen := map[string]bool{}
	for _, p := range g.Players {
		if p.Role == string(adjudicator.GM) || seen[p.Role] {
			continue
		}
		seen[p.Role] = true
		views = append(views, st.View(adjudicator.Role(p.Role)))
	}
	out := adjudicator.View{Role: observerRole}
	for _, sec := range st.View(observerRole).Sections {
		var kept []string
		for _, line := range strings.Split(strings.TrimRight(sec.Body, "\n"), "\n") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			everyone := true
			for _, v := range views {
				if !viewHasLine(v, sec.Title, line) {
					everyone = false
					break
				}
			}
			if everyone {
				kept = append(kept, line)
			}
		}
		if len(kept) > 0 {
			out.Sections = append(out.Sections, adjudicator.Section{Title: sec.Title, Body: strings.Join(kept, "\n") + "\n"})
		}
	}
	return out
}

// viewHasLine reports whether v's section titled title holds line.
func viewHasLine(v adjudicator.View, title, line string) bool {
	for _, sec := range v.Sections {
		if sec.Title != title {
			continue
		}
		for _, l := range strings.Split(sec.Body, "\n") {
			if l == line {
				return true
			}
		}
	}
	return false
}

// unsubscribeAddress is the mailto: URL of o's List-Unsubscribe header.
func unsubscribeURL(g *store.Game, o *store.Observer) string {
	return "mailto:" + g.OrdersAddress + "?subject=" + url.PathEscape("unsubscribe "+o.Token)
}

// queueObserverMail queues o's report of g at entry upto.
func (j *Judge) queueObserverMail(tx *store.Tx, g *store.Game, o *store.Observer, st adjudicator.State, evs []string, view adjudicator.View, upto int) error {
	T := j.opt.Templates.T
	lang := o.Lang
	var b strings.Builder
	b.WriteString(T(lang, "observe.report", "Game", g.ID, "Label", st.Status().Label, "Hours", o.Delay))
	b.WriteString("\n\n")
	if len(evs) > 0 {
		b.WriteString(T(lang, "observe.events") + "\n")
		for _, e := range narrate(st, evs, lang, j.opt.Templates.Catalog) {
			b.WriteString("  " + strings.ReplaceAll(e, "\n", "\n  ") + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString(view.Text())
	b.WriteString("\n" + T(lang, "observe.unsubscribe", "Address", g.OrdersAddress, "Token", o.Token))
	text, html, err := j.opt.Templates.Render("notice", NoticeData{Lang: lang, Text: b.String(), Footer: j.footerIn(g, lang)})
	if err != nil {
		return err
	}
	m := &store.OutMail{
		GameID: g.ID, Kind: "observer",
		From:    fmt.Sprintf("%s <%s>", j.opt.FromName, j.opt.OrdersAddress),
		ReplyTo: g.OrdersAddress, To: []string{o.Email},
		Subject:   T(lang, "observe.subject", "Game", g.ID, "Label", st.Status().Label),
		MessageID: fmt.Sprintf("pbem.%s.%d.observer.%s@%s", g.ID, upto, randHex(4), j.opt.Domain),
		Headers:   map[string]string{"List-Unsubscribe": "<" + unsubscribeURL(g, o) + ">", "List-Id": fmt.Sprintf("%s observers <%s.observers.%s>", g.ID, g.ID, j.opt.Domain)},
		Text:      text, HTML: html, Created: j.opt.Now().UTC(),
	}
	m.NextTry = m.Created
	_, err = tx.Enqueue(m)
	return err
}

// unsubscribeStep removes the observer whose token an email quotes
// ("unsubscribe TOKEN" in the subject or the body, as the List-Unsubscribe
// address writes it), whoever sends it: the token is the observer's
// alone. Other mail goes on.
func (j *Judge) unsubscribeStep(c *mailCtx) (*Outcome, error) {
	if len(c.g.Observers) == 0 {
		return nil, nil
	}
	words := strings.Fields(strings.ToLower(c.msg.Subject))
	for _, l := range c.orders.Lines {
		words = append(words, strings.Fields(strings.ToLower(l.Text))...)
	}
	if !slices.Contains(words, "unsubscribe") {
		return nil, nil
	}
	for _, o := range c.g.Observers {
		if !slices.Contains(words, strings.ToLower(o.Token)) {
			continue
		}
		if err := j.dropObserver(c.tx, c.g, o.Email, "unsubscribed by email from "+c.msg.From, c.now); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeAccepted, GameID: c.g.ID, Reason: "observer unsubscribed"}, c.tx.PutGame(c.g)
	}
	return nil, nil
}
