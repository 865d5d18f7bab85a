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
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/msg"
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
	fail := func(key string, kv ...any) (bool, error) {
		j.gmSay(bad, g, no, key, kv...)
		return true, nil
	}
	if len(f) < 2 {
		if cmd == "observe" {
			return fail("gm.observe_usage", "Max", maxObserverDelay)
		}
		return fail("gm.unobserve_usage")
	}
	addr, err := normAddress(f[1])
	if err != nil {
		j.gmSayText(bad, g, no, j.errText(err, gmLang(g)))
		return true, nil
	}
	if cmd == "unobserve" {
		if len(f) != 2 {
			return fail("gm.unobserve_usage")
		}
		if g.Observer(addr) == nil {
			return fail("gm.not_observer", "Address", addr)
		}
		if err := j.dropObserver(tx, g, addr, "the GM", now); err != nil {
			return true, err
		}
		j.gmSay(b, g, no, "gm.unobserved", "Address", addr)
		return true, tx.PutGame(g)
	}
	delay, lang := 0, ""
	for _, a := range f[2:] {
		if h, err := strconv.Atoi(a); err == nil {
			if h < 0 || h > maxObserverDelay {
				return fail("gm.observer_delay", "Max", maxObserverDelay, "Hours", h)
			}
			delay = h
			continue
		}
		l, err := i18n.ParseLanguage(a)
		if err != nil {
			return fail("gm.observe_language", "Error", msg.New("bad.language", "Value", strconv.Quote(a)))
		}
		lang = l
	}
	for _, a := range g.Addresses() {
		if a == addr {
			return fail("gm.observer_plays", "Address", addr)
		}
	}
	if o := g.Observer(addr); o != nil {
		o.Delay = delay
		if lang != "" {
			o.Lang = lang
		}
		j.gmSay(b, g, no, "gm.observer_delay_set", "Address", addr, "Hours", delay)
		return true, tx.PutGame(g)
	}
	if len(g.Observers) >= maxObservers {
		return fail("gm.max_observers", "Max", maxObservers)
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
	j.gmSay(b, g, no, "gm.observer_added", "Address", addr, "Hours", delay)
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
	return j.queueNotice(tx, g, g.GM, "["+g.ID+"] "+j.gmT(g, "gm.observer_left_subject"), "",
		j.gmT(g, "gm.observer_left", "Address", addr, "Game", g.ID, "From", strings.TrimPrefix(by, "unsubscribed by email from ")))
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
		// The log no longer replays that far: this pbem's rules judge an
		// entry of an older one differently. The report is skipped, not
		// retried at every tick, and the game's deadlines go on; the
		// next report that needs no replay (the position now) goes out.
		j.opt.Log.Warn("observer report skipped", "game", g.ID, "observer", o.Email, "err", err)
		o.Through = upto
		return nil
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
	st, err := j.replayTo(tx, g, *rec, eng, seq)
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

// ObserverData feeds templates/observer.txt.tmpl and observer.html.tmpl.
type ObserverData struct {
	Lang  string
	Title string
	// Intro says what the report is, in the observer's language.
	Intro    string
	Events   []string
	Map      *MapData // nil for a game that draws no map
	Sections []SectionData
	// Unsubscribe says how to stop the reports.
	Unsubscribe string
	Footer      string
}

// queueObserverMail queues o's report of g at entry upto: the public
// events evs, the observers' map of st (observerMap) and the view, in
// the observer's language, laid out as a player's report.
func (j *Judge) queueObserverMail(tx *store.Tx, g *store.Game, o *store.Observer, st adjudicator.State, evs []string, view adjudicator.View, upto int) error {
	T := j.opt.Templates.T
	cat := j.opt.Templates.Catalog
	lang := o.Lang
	label := statusLabel(st, lang, cat)
	data := ObserverData{
		Lang: lang, Title: T(lang, "observe.subject", "Game", g.ID, "Label", label),
		Intro:  T(lang, "observe.report", "Game", g.ID, "Label", label, "Hours", o.Delay),
		Events: narrate(st, evs, lang, cat), Sections: sections(view, lang, cat),
		Unsubscribe: T(lang, "observe.unsubscribe", "Address", g.OrdersAddress, "Token", o.Token),
		Footer:      j.footerIn(g, lang),
	}
	var parts []store.Part
	if m, ok := observerMap(g, st); ok {
		md, part, err := mapPartOf(m, st, lang, cat)
		if err != nil {
			return err
		}
		data.Map = md
		parts = append(parts, *part)
	}
	text, html, err := j.opt.Templates.Render("observer", data)
	if err != nil {
		return err
	}
	m := &store.OutMail{
		GameID: g.ID, Kind: "observer",
		From:    fmt.Sprintf("%s <%s>", j.opt.FromName, j.opt.OrdersAddress),
		ReplyTo: g.OrdersAddress, To: []string{o.Email},
		Subject:   data.Title,
		MessageID: fmt.Sprintf("pbem.%s.%d.observer.%s@%s", g.ID, upto, randHex(4), j.opt.Domain),
		Headers:   map[string]string{"List-Unsubscribe": "<" + unsubscribeURL(g, o) + ">", "List-Id": fmt.Sprintf("%s observers <%s.observers.%s>", g.ID, g.ID, j.opt.Domain)},
		Text:      text, HTML: html, Parts: parts, Created: j.opt.Now().UTC(),
	}
	m.NextTry = m.Created
	_, err = tx.Enqueue(m)
	return err
}

// observerMap is the map an observer may see of st, or false for a game
// that draws none. As observerView does for the text, it keeps of the
// players' own maps only what every one of them shows: the board's
// layout from the role-less map; in each area the markers every player
// sees, the controller when every player sees the same, the pieces every
// player sees alike (by name and strength), and, for the rest of a side's
// pieces, as many hidden pieces as every player sees there at least; the
// moves and battles every player sees (a move's label only when every
// player sees it); the notes every player sees.
func observerMap(g *store.Game, st adjudicator.State) (board.Map, bool) {
	v, ok := st.(board.Viewer)
	if !ok {
		return board.Map{}, false
	}
	var maps []board.Map
	seen := map[string]bool{}
	for _, p := range g.Players {
		if p.Role == string(adjudicator.GM) || seen[p.Role] {
			continue
		}
		seen[p.Role] = true
		maps = append(maps, v.MapView(adjudicator.Role(p.Role)))
	}
	out := v.MapView(observerRole)
	out.Reader = observerRole
	if len(maps) == 0 {
		return board.Map{}, false
	}
	// Notes (and their messages, when the game gives them alongside).
	first := maps[0]
	var notes []string
	var noteMsgs []msg.M
	parallel := len(first.NoteMsgs) == len(first.Notes)
	for i, n := range first.Notes {
		all := true
		for _, m := range maps[1:] {
			all = all && slices.Contains(m.Notes, n)
		}
		if all {
			notes = append(notes, n)
			if parallel {
				noteMsgs = append(noteMsgs, first.NoteMsgs[i])
			}
		}
	}
	out.Notes, out.NoteMsgs = notes, noteMsgs
	if !parallel {
		out.NoteMsgs = nil
	}
	for i := range out.Areas {
		a := &out.Areas[i]
		var theirs []*board.Area
		for k := range maps {
			theirs = append(theirs, maps[k].Area(a.ID))
		}
		a.Markers, a.Controller, a.Pieces = nil, "", nil
		if slices.Contains(theirs, nil) {
			continue
		}
		for _, mk := range theirs[0].Markers {
			all := true
			for _, t := range theirs[1:] {
				all = all && slices.Contains(t.Markers, mk)
			}
			if all {
				a.Markers = append(a.Markers, mk)
			}
		}
		a.Controller = theirs[0].Controller
		for _, t := range theirs[1:] {
			if t.Controller != a.Controller {
				a.Controller = ""
			}
		}
		a.Pieces = commonPieces(theirs)
	}
	out.Moves = nil
	for _, mv := range first.Moves {
		label, all := mv.Label, true
		for _, m := range maps[1:] {
			found := false
			for _, x := range m.Moves {
				if x.Owner == mv.Owner && x.From == mv.From && x.To == mv.To && x.Sea == mv.Sea && x.Count == mv.Count {
					found = true
					if x.Label != label {
						label = ""
					}
					break
				}
			}
			all = all && found
		}
		if all {
			mv.Label = label
			out.Moves = append(out.Moves, mv)
		}
	}
	out.Battles = nil
	for _, b := range first.Battles {
		all := true
		for _, m := range maps[1:] {
			all = all && slices.Contains(m.Battles, b)
		}
		if all {
			out.Battles = append(out.Battles, b)
		}
	}
	return out, true
}

// commonPieces are the pieces of one area every player sees: those each
// sees alike, then for each side as many hidden pieces as every player
// sees of it there at least, besides.
func commonPieces(areas []*board.Area) []board.Piece {
	type key struct {
		owner         adjudicator.Role
		label, detail string
		value, max    int
		hidden        bool
	}
	counts := make([]map[key]int, len(areas))
	sides := make([]map[adjudicator.Role]int, len(areas))
	var order []key
	var owners []adjudicator.Role
	for i, a := range areas {
		counts[i], sides[i] = map[key]int{}, map[adjudicator.Role]int{}
		for _, p := range a.Pieces {
			k := key{p.Owner, p.Label, p.Detail, p.Value, p.Max, p.Hidden}
			if i == 0 && counts[0][k] == 0 {
				order = append(order, k)
			}
			if i == 0 && !slices.Contains(owners, p.Owner) {
				owners = append(owners, p.Owner)
			}
			counts[i][k] += p.N()
			sides[i][p.Owner] += p.N()
		}
	}
	var out []board.Piece
	shown := map[adjudicator.Role]int{}
	for _, k := range order {
		if k.hidden {
			continue // counted with the side's other unknown pieces below
		}
		n := counts[0][k]
		for _, c := range counts[1:] {
			n = min(n, c[k])
		}
		if n == 0 {
			continue
		}
		out = append(out, board.Piece{Owner: k.owner, Label: k.label, Detail: k.detail, Value: k.value, Max: k.max, Count: n})
		shown[k.owner] += n
	}
	for _, o := range owners {
		n := sides[0][o]
		for _, s := range sides[1:] {
			n = min(n, s[o])
		}
		if n -= shown[o]; n > 0 {
			out = append(out, board.Piece{Owner: o, Hidden: true, Count: n})
		}
	}
	return out
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
