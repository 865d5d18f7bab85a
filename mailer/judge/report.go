package judge

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	htmltemplate "html/template"
	"slices"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// ReportData feeds templates/report.*.tmpl.
type ReportData struct {
	// Lang is the reader's language (mailer/i18n); the templates render
	// the platform's words in it.
	Lang     string
	GameID   string
	Title    string
	Role     string
	Turn     int
	Deadline string
	Accepted []string
	Events   []string
	Sections []SectionData
	// Map is the reader's map (nil for a game that draws none).
	Map      *MapData
	Owes     []PromptData
	Finished bool
	Result   string
	Dice     DiceData
	Rolls    string
	DiceText string // the public dice of a turn that has just ended
	// Token is the seat's one-time token for its next submission: the
	// reply block carries it (see fresh.go). Never a secret.
	Token  string
	Footer string
	// GM and OrdersAddress are the game's addresses; GMMailto and
	// OrdersMailto their mailto: links for the HTML part.
	GM, OrdersAddress      string
	GMMailto, OrdersMailto htmltemplate.URL
	// DocsURL is where the server's operator publishes the dice
	// procedure ("" when none is configured).
	DocsURL string
}

// MapData is the map of a report: the text map for the plain part, and
// for the HTML part the picture's address (a cid: URL of the inline PNG)
// with its alt text.
type MapData struct {
	Text  string
	Src   htmltemplate.URL
	Alt   string
	Width int
}

// SectionData is one section of the game's view. Rows is set when the
// body is a list of "name   items" lines (blocks by area, for instance),
// which the HTML part shows as a table; otherwise the body is shown as
// preformatted text that wraps.
type SectionData struct {
	Title string
	Body  string
	Rows  []RowData
}

// RowData is one row of a section's table.
type RowData struct {
	Key   string
	Items []ItemData
}

// ItemData is one item of a row; Short items are kept on one line.
type ItemData struct {
	Text  string
	Short bool
}

// PromptData is one decision owed, for templates.
type PromptData struct {
	Text     string
	Choices  []string
	Template []string
}

// DiceData is the dice block of a report.
type DiceData struct {
	PublicCommit string
	HiddenCommit string
	Revealed     []Revealed
	// HiddenSecret is revealed when the game is over: it lets anyone check
	// every shuffle, deal and draw of the game.
	HiddenSecret string
	HiddenTurn   int
}

// Revealed is one revealed public secret.
type Revealed struct {
	Turn   int
	Secret string
}

// RejectData feeds templates/reject.txt.tmpl.
type RejectData struct {
	Lang     string
	GameID   string
	Problems []ProblemData
	Owes     []PromptData
	Footer   string
}

// ProblemData is one faulty line.
type ProblemData struct {
	LineNo int
	Line   string
	Reason string
	Legal  []string
}

// CheckData feeds templates/check.txt.tmpl.
type CheckData struct {
	Lang     string
	GameID   string
	Problems []ProblemData
	Accepted []string
	Events   []string
	Footer   string
}

// WelcomeData feeds templates/welcome.txt.tmpl.
type WelcomeData struct {
	Lang                                               string
	GameID, GameTitle, Scenario, RoleTitle, GM, Secret string
	OrdersAddress, PublicCommit, HiddenCommit, Footer  string
	Others                                             []string
	// IsGM: the welcome is the GM's, whose "others" are the players.
	IsGM bool
}

// NoticeData feeds templates/notice.txt.tmpl.
type NoticeData struct {
	Lang   string
	Text   string
	Footer string
}

type reportCause struct {
	sender    adjudicator.Role
	accepted  []string
	inReplyTo string
	resend    bool
	reminder  bool
	diceText  string
	// beforeOwes is each role's prompt signature before the change: a
	// role whose decisions changed gets a report even without events.
	beforeOwes map[adjudicator.Role]string
}

// roleSigs returns each role's prompt signature.
func roleSigs(st adjudicator.State) map[adjudicator.Role]string {
	m := map[adjudicator.Role]string{}
	for _, p := range st.Prompts() {
		m[p.Role] += p.Kind + ":" + p.Text + ";"
	}
	return m
}

// owes lists the decisions role owes in st, explained in lang: from the
// prompt's message when the game gives one and the reader does not read
// English, from its English text otherwise.
func owes(st adjudicator.State, role adjudicator.Role, lang string, cat *i18n.Catalog) []PromptData {
	var out []PromptData
	for _, p := range st.Prompts() {
		if p.Role != role {
			continue
		}
		out = append(out, PromptData{Text: inLang(p.Text, p.TextMsg, lang, cat), Choices: choicesIn(p, lang, cat), Template: p.Template})
	}
	return out
}

// narrate tells the events evs in lang: each line the platform wrote
// (notes.go) or the game reads back into a message (adjudicator.Narrator)
// in the reader's language, the others as the game wrote them. English readers get the events exactly
// as logged.
func narrate(st adjudicator.State, evs []string, lang string, cat *i18n.Catalog) []string {
	if lang == i18n.Default || cat == nil || len(evs) == 0 {
		return evs
	}
	n, _ := st.(adjudicator.Narrator)
	out := make([]string, len(evs))
	for i, ev := range evs {
		lines := strings.Split(ev, "\n")
		for k, l := range lines {
			if s, ok := platformNote(cat, lang, l); ok {
				lines[k] = s // the platform's own notes (notes.go)
			} else if n == nil {
				continue
			} else if m, ok := n.NarrationMsg(l); ok {
				lines[k] = cat.Text(lang, m)
			}
		}
		out[i] = strings.Join(lines, "\n")
	}
	return out
}

// inLang is text in lang: the message m rendered with cat when there is
// one and lang is not English, the game's English text otherwise (so that
// English reports read exactly as the game wrote them).
func inLang(text string, m *msg.M, lang string, cat *i18n.Catalog) string {
	if m == nil || lang == i18n.Default || cat == nil {
		return text
	}
	return cat.Text(lang, *m)
}

func (j *Judge) owesText(st adjudicator.State, role adjudicator.Role, lang string) string {
	o := owes(st, role, lang, j.opt.Templates.Catalog)
	if len(o) == 0 {
		return j.opt.Templates.T(lang, "notice.owe_nothing")
	}
	var b strings.Builder
	b.WriteString(j.opt.Templates.T(lang, "notice.you_owe") + "\n")
	for _, p := range o {
		fmt.Fprintf(&b, "  * %s\n", p.Text)
		if len(p.Choices) > 0 {
			fmt.Fprintf(&b, "    %s %s\n", j.opt.Templates.T(lang, "report.legal_now"), strings.Join(p.Choices, " | "))
		}
	}
	return b.String()
}

func (j *Judge) helpText(g *store.Game, st adjudicator.State, role adjudicator.Role, lang string) string {
	return j.opt.Templates.T(lang, "notice.help", "Game", g.ID, "Title", g.GameName, "Scenario", g.Scenario, "Address", g.OrdersAddress) +
		"\n\n" + j.owesText(st, role, lang)
}

func (j *Judge) footer(g *store.Game) string {
	if g == nil {
		return "pbem judge — " + j.opt.OrdersAddress
	}
	return fmt.Sprintf("pbem judge — game [%s] — GM %s\norders to %s", g.ID, g.GM, g.OrdersAddress)
}

func (j *Judge) diceData(g *store.Game) DiceData {
	d := DiceData{PublicCommit: g.Dice.PublicCommit, HiddenCommit: g.Dice.HiddenCommit}
	for t := 1; t <= g.Dice.RevealedThrough && t <= g.Dice.N; t++ {
		// Only the latest few are listed; each one verifies the earlier ones.
		if g.Dice.RevealedThrough-t >= 3 {
			continue
		}
		d.Revealed = append(d.Revealed, Revealed{Turn: t, Secret: hex.EncodeToString(j.secretAt(g.Dice.PublicSeed, g.Dice.N, t))})
	}
	if g.Status.Finished && len(g.Dice.HiddenSeed) > 0 {
		t := max(g.Status.Turn, 1)
		d.HiddenTurn = t
		d.HiddenSecret = hex.EncodeToString(j.secretAt(g.Dice.HiddenSeed, g.Dice.N, t))
	}
	return d
}

// eventsSince collects the events of log entries after seq visible to role.
func eventsSince(tx *store.Tx, g *store.Game, seq int, role adjudicator.Role) ([]string, error) {
	var out []string
	err := tx.Log(g.ID, uint64(seq+1), func(e *store.LogEntry) error {
		for _, ev := range e.Events {
			if visible(ev, role) {
				out = append(out, ev.Text)
			}
		}
		return nil
	})
	return out, err
}

func visible(ev store.LoggedEvent, role adjudicator.Role) bool {
	if role == adjudicator.GM || len(ev.To) == 0 {
		return true
	}
	for _, r := range ev.To {
		if r == string(role) || r == "all" {
			return true
		}
	}
	return false
}

// queueReports sends a report to every seat that has news: the sender,
// the GM, anyone who sees new events or owes something new.
func (j *Judge) queueReports(tx *store.Tx, g *store.Game, st adjudicator.State, c reportCause) error {
	for i := range g.Players {
		p := &g.Players[i]
		role := adjudicator.Role(p.Role)
		send := c.resend || g.Seq <= 1 || role == c.sender || role == adjudicator.GM
		if !send {
			evs, err := eventsSince(tx, g, p.LastSeenSeq, role)
			if err != nil {
				return err
			}
			send = len(evs) > 0 || c.beforeOwes != nil && roleSigs(st)[role] != c.beforeOwes[role]
		}
		if !send {
			continue
		}
		cc := c
		if role != c.sender {
			cc.accepted = nil
			cc.inReplyTo = ""
		}
		if err := j.queueReport(tx, g, st, role, cc); err != nil {
			return err
		}
	}
	return nil
}

// queueReport renders and queues role's report and marks it seen.
func (j *Judge) queueReport(tx *store.Tx, g *store.Game, st adjudicator.State, role adjudicator.Role, c reportCause) error {
	p := g.Player(string(role))
	if p == nil {
		return fmt.Errorf("game %s has no seat %s", g.ID, role)
	}
	evs, err := eventsSince(tx, g, p.LastSeenSeq, role)
	if err != nil {
		return err
	}
	data, part, err := j.reportData(g, p, st, evs, c)
	if err != nil {
		return err
	}
	subject := data.Title
	if data.Deadline != "" {
		subject += " " + j.tr(p, "subject.due", "When", data.Deadline)
	}
	kind := "report"
	if c.reminder {
		kind = "reminder"
		subject = j.tr(p, "subject.reminder", "Subject", subject)
	}
	text, html, err := j.opt.Templates.Render(kind, data)
	if err != nil {
		return err
	}
	if kind == "reminder" {
		html = ""
	}
	m := j.mail(g, p, subject, kind, text, html)
	if html != "" && part != nil {
		m.Parts = append(m.Parts, *part)
	}
	if c.inReplyTo != "" {
		m.InReplyTo = c.inReplyTo
		m.References = append(m.References, c.inReplyTo)
	}
	if _, err := tx.Enqueue(m); err != nil {
		return err
	}
	if !c.reminder {
		p.LastSeenSeq = g.Seq
		p.LastReportMsgID = m.MessageID
	}
	return nil
}

// reportData assembles the data of seat p's report of g in state st,
// with the events evs it has not seen, and the map picture to attach to
// its HTML part (nil when the game draws none).
func (j *Judge) reportData(g *store.Game, p *store.Player, st adjudicator.State, evs []string, c reportCause) (ReportData, *store.Part, error) {
	role := adjudicator.Role(p.Role)
	view := st.View(role)
	lang := seatLang(p)
	data := ReportData{
		Lang:   lang,
		GameID: g.ID, Role: string(role), Turn: g.Status.Turn,
		Accepted: c.accepted, Events: narrate(st, evs, lang, j.opt.Templates.Catalog), Sections: sections(view, lang, j.opt.Templates.Catalog),
		Owes: owes(st, role, lang, j.opt.Templates.Catalog), Finished: g.Status.Finished, Result: j.resultIn(g, lang),
		Dice: j.diceData(g), Footer: j.footerIn(g, lang), DiceText: c.diceText,
		Token: tokenFor(g.ID, p),
		GM:    g.GM, OrdersAddress: g.OrdersAddress, GMMailto: mailto(g.GM), OrdersMailto: mailto(g.OrdersAddress),
		DocsURL: j.opt.DocsURL,
	}
	md, part, err := mapPart(st, role, lang, j.opt.Templates.Catalog)
	if err != nil {
		return ReportData{}, nil, err
	}
	data.Map = md
	if role == adjudicator.GM {
		data.Owes = nil
	}
	if h := g.Held; h != nil && h.Role == p.Role {
		// The seat's orders wait in the revision window: it owes
		// nothing now, and may still replace them.
		data.Owes = nil
		data.Events = append(data.Events, j.tr(p, "revise.report_held", "When", j.heldWhen(g, p), "Orders", strings.Join(h.Lines, " · ")))
	}
	data.Title = fmt.Sprintf("[%s] %s — %s", g.ID, j.roleIn(g.GameName, lang, role), statusLabel(st, lang, j.opt.Templates.Catalog))
	if !g.Deadline.IsZero() && len(data.Owes) > 0 {
		data.Deadline = showTime(g, p, g.Deadline)
	}
	return data, part, nil
}

// mail builds an outgoing mail to a seat, threaded under the game.
func (j *Judge) mail(g *store.Game, p *store.Player, subject, kind, text, html string) *store.OutMail {
	m := &store.OutMail{
		GameID: g.ID, Kind: kind,
		From:    fmt.Sprintf("%s <%s>", j.opt.FromName, j.opt.OrdersAddress),
		ReplyTo: g.OrdersAddress, To: []string{p.Email}, Subject: subject,
		MessageID: fmt.Sprintf("pbem.%s.%d.%s.%s.%s@%s", g.ID, g.Seq, p.Role, kind, randHex(4), j.opt.Domain),
		Text:      text, HTML: html,
		Headers: map[string]string{
			"X-PBEM-Game":        g.ID,
			"X-PBEM-Dice-Commit": g.Dice.PublicCommit,
		},
		Created: j.opt.Now().UTC(),
	}
	m.InReplyTo = g.ThreadRoot
	m.References = []string{g.ThreadRoot}
	if p.LastReportMsgID != "" {
		m.InReplyTo = p.LastReportMsgID
		m.References = append(m.References, p.LastReportMsgID)
	}
	m.NextTry = m.Created
	return m
}

func (j *Judge) queueWelcome(tx *store.Tx, g *store.Game, info adjudicator.Info, p store.Player, secret string, roles []adjudicator.Role) error {
	lang := seatLang(&p)
	var others []string
	for _, q := range g.Players {
		if q.Role != p.Role && q.Role != string(adjudicator.GM) {
			others = append(others, fmt.Sprintf("%s (%s)", j.roleIn(g.GameName, lang, adjudicator.Role(q.Role)), q.Email))
		}
	}
	data := WelcomeData{
		Lang:   lang,
		GameID: g.ID, GameTitle: info.Title, Scenario: g.Scenario,
		RoleTitle: j.roleIn(g.GameName, lang, adjudicator.Role(p.Role)), GM: g.GM, Secret: secret,
		OrdersAddress: g.OrdersAddress, PublicCommit: g.Dice.PublicCommit, HiddenCommit: g.Dice.HiddenCommit,
		Footer: j.footerIn(g, lang), Others: others,
	}
	if p.Role == string(adjudicator.GM) {
		data.RoleTitle = j.opt.Templates.T(lang, "welcome.gm_role")
		data.IsGM = true
	}
	text, _, err := j.opt.Templates.Render("welcome", data)
	if err != nil {
		return err
	}
	subject := "[" + g.ID + "] " + j.opt.Templates.T(lang, "subject.welcome", "Role", j.roleIn(g.GameName, lang, adjudicator.Role(p.Role)), "Title", info.Title)
	if p.Role == string(adjudicator.GM) {
		subject = "[" + g.ID + "] " + j.opt.Templates.T(lang, "subject.welcome_gm", "Title", info.Title)
	}
	m := j.mail(g, &p, subject, "welcome", text, "")
	m.MessageID = fmt.Sprintf("pbem.%s.welcome.%s@%s", g.ID, p.Role, j.opt.Domain)
	m.InReplyTo, m.References = "", nil
	m.Headers["Message-Root"] = g.ThreadRoot
	_, err = tx.Enqueue(m)
	if err == nil {
		gp := g.Player(p.Role)
		gp.LastReportMsgID = m.MessageID
	}
	return err
}

// queueNotice queues a short plain-text reply, with its footer in the
// language of the seat at address to (with no game, the language that
// address chose last).
func (j *Judge) queueNotice(tx *store.Tx, g *store.Game, to, subject, inReplyTo, text string) error {
	lang := langOf(g, to)
	if g == nil {
		lang = addressLang(tx, to)
	}
	return j.queueRendered(tx, g, to, subject, "notice", inReplyTo, "notice", NoticeData{Lang: lang, Text: text, Footer: j.footerIn(g, lang)})
}

// langOf is the language of the seat of g registered at address addr
// (English when there is none).
func langOf(g *store.Game, addr string) string {
	if g == nil {
		return i18n.Default
	}
	for i := range g.Players {
		if strings.EqualFold(g.Players[i].Email, addr) && g.Players[i].Lang != "" {
			return g.Players[i].Lang
		}
	}
	return i18n.Default
}

func (j *Judge) queueRendered(tx *store.Tx, g *store.Game, to, subject, kind, inReplyTo, tmpl string, data any, parts ...store.Part) error {
	text, html, err := j.opt.Templates.Render(tmpl, data)
	if err != nil {
		return err
	}
	m := &store.OutMail{
		Kind: kind, From: fmt.Sprintf("%s <%s>", j.opt.FromName, j.opt.OrdersAddress),
		ReplyTo: j.opt.OrdersAddress, To: []string{to}, Subject: subject,
		MessageID: fmt.Sprintf("pbem.%s.%s@%s", kind, randHex(8), j.opt.Domain),
		Text:      text, HTML: html, Created: j.opt.Now().UTC(), Parts: parts,
	}
	if g != nil {
		m.GameID = g.ID
		m.ReplyTo = g.OrdersAddress
	}
	if inReplyTo != "" {
		m.InReplyTo = inReplyTo
		m.References = []string{inReplyTo}
	}
	m.NextTry = m.Created
	_, err = tx.Enqueue(m)
	return err
}

func msgRef(m *intake.Message) string {
	if m == nil {
		return ""
	}
	return m.MessageID
}

// choicesIn is p's choices in lang: the explaining lines the game gives
// as messages (Prompt.ChoiceMsgs) rendered, the orders as they are.
func choicesIn(p adjudicator.Prompt, lang string, cat *i18n.Catalog) []string {
	if len(p.ChoiceMsgs) == 0 {
		return p.Choices
	}
	out := slices.Clone(p.Choices)
	for i, m := range p.ChoiceMsgs {
		if i >= 0 && i < len(out) {
			out[i] = cat.Text(lang, m)
		}
	}
	return out
}

// roleIn names role (one side, or a seat of several joined by "+") for a
// reader of lang: each side as the game's catalogue names it when the game
// names its sides (adjudicator.RoleNamer), roleTitle otherwise.
func (j *Judge) roleIn(gameName, lang string, r adjudicator.Role) string {
	return roleNameIn(j.opt.Templates.Catalog, gameName, lang, r)
}

// roleNameIn is roleIn with the catalogue cat.
func roleNameIn(cat *i18n.Catalog, gameName, lang string, r adjudicator.Role) string {
	eng, err := adjudicator.Lookup(gameName)
	rn, ok := eng.(adjudicator.RoleNamer)
	if err != nil || !ok || r == adjudicator.GM || lang == "" {
		return roleTitle(r)
	}
	parts := strings.Split(string(r), "+")
	for i, p := range parts {
		m, ok := rn.RoleMsg(adjudicator.Role(p))
		if !ok {
			return roleTitle(r)
		}
		parts[i] = cat.Text(lang, m)
	}
	return strings.Join(parts, "+")
}

func roleTitle(r adjudicator.Role) string {
	if r == adjudicator.GM {
		return "GM"
	}
	parts := strings.Split(string(r), "+") // a seat of several powers: each capitalised
	for i, s := range parts {
		if s != "" {
			parts[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(parts, "+")
}

func randHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func bodyHash(raw []byte) string {
	s := sha256.Sum256(raw)
	return hex.EncodeToString(s[:])
}
