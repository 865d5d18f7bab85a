package judge

import (
	"encoding/json"
	"fmt"
	htmltemplate "html/template"
	"slices"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/mapdraw"
	"github.com/pbem/pbem/mailer/textwrap"
	"github.com/pbem/pbem/store"
	"github.com/pbem/pbem/templates"
)

// mapContentID is the Content-ID of a report's map picture; the HTML part
// shows it as <img src="cid:...">.
const mapContentID = "map@pbem"

// mapPart returns the map of role's report, for the templates and as the
// mail's inline picture, or nils when the game draws no map. The picture
// is drawn when the mail is sent (smtpout.PartData): the outbox keeps
// the map's data, a few KB, rather than the picture. The map's own words
// are in lang, and so is the game's status label in its title when the
// game gives the label as a message.
func mapPart(st adjudicator.State, role adjudicator.Role, lang string, cat *i18n.Catalog) (*MapData, *store.Part, error) {
	v, ok := st.(board.Viewer)
	if !ok {
		return nil, nil, nil
	}
	return mapPartOf(v.MapView(role), st, lang, cat)
}

// mapPartOf is mapPart for the map m of st (a player's, or the
// observers' of observerMap).
func mapPartOf(m board.Map, st adjudicator.State, lang string, cat *i18n.Catalog) (*MapData, *store.Part, error) {
	m.Lang = lang
	if m.PieceKeyMsg != nil {
		m.PieceKey = cat.Text(lang, *m.PieceKeyMsg)
	}
	if len(m.NoteMsgs) > 0 {
		m.Notes = m.Notes[:0]
		for _, n := range m.NoteMsgs {
			m.Notes = append(m.Notes, cat.Text(lang, n))
		}
	}
	if lang != i18n.Default {
		if en := st.Status().Label; en != "" {
			m.Title = strings.Replace(m.Title, en, statusLabel(st, lang, cat), 1)
		}
		translateMapWords(&m, lang, cat)
	}
	src, err := json.Marshal(&m)
	if err != nil {
		return nil, nil, fmt.Errorf("map of %s: %w", m.Reader, err)
	}
	w, _ := mapdraw.Size(&m)
	md := &MapData{
		Text:  mapdraw.Text(&m, textwrap.Width),
		Src:   htmltemplate.URL("cid:" + mapContentID),
		Alt:   mapdraw.Caption(&m),
		Width: min(int(w), 720),
	}
	part := &store.Part{Name: "map.png", ContentType: "image/png", ContentID: mapContentID, Render: "map-png", Source: src}
	return md, part, nil
}

// translateMapWords renders the words of m that the game gives as
// messages (board.Map.Words) in lang: side names (and the reader's in
// the title), regions, border types, area markers and the facts of a
// piece's detail. The lists are copied first: a game may share them
// between its maps.
func translateMapWords(m *board.Map, lang string, cat *i18n.Catalog) {
	if len(m.Words) == 0 {
		return
	}
	tr := func(s string) string {
		if w, ok := m.Words[s]; ok {
			return cat.Text(lang, w)
		}
		return s
	}
	m.Sides = slices.Clone(m.Sides)
	for i := range m.Sides {
		en := m.Sides[i].Name
		m.Sides[i].Name = tr(en)
		m.Title = strings.Replace(m.Title, "("+en+")", "("+m.Sides[i].Name+")", 1)
	}
	m.BorderTypes = slices.Clone(m.BorderTypes)
	for i := range m.BorderTypes {
		m.BorderTypes[i].Name = tr(m.BorderTypes[i].Name)
	}
	m.Regions = slices.Clone(m.Regions)
	for i := range m.Regions {
		m.Regions[i] = tr(m.Regions[i])
	}
	m.Areas = slices.Clone(m.Areas)
	for i := range m.Areas {
		a := &m.Areas[i]
		a.Region = tr(a.Region)
		if len(a.Markers) > 0 {
			a.Markers = slices.Clone(a.Markers)
			for k := range a.Markers {
				a.Markers[k] = tr(a.Markers[k])
			}
		}
		// a piece's detail is a list of facts: "B2, home"
		a.Pieces = slices.Clone(a.Pieces)
		for k := range a.Pieces {
			if d := a.Pieces[k].Detail; d != "" {
				parts := strings.Split(d, ", ")
				for n := range parts {
					parts[n] = tr(parts[n])
				}
				a.Pieces[k].Detail = strings.Join(parts, ", ")
			}
		}
	}
}

// sections turns the game's view into template sections in lang. A
// section the game gives as data (adjudicator.Section's TitleMsg, Lines,
// Rows) is rendered from it with the catalogue cat; otherwise its text is
// used as it is and its tables are found by their layout.
func sections(v adjudicator.View, lang string, cat *i18n.Catalog) []SectionData {
	out := make([]SectionData, 0, len(v.Sections))
	for _, s := range v.Sections {
		d := SectionData{Title: s.Title, Body: strings.TrimRight(s.Body, "\n")}
		if s.TitleMsg != nil {
			d.Title = cat.Text(lang, *s.TitleMsg)
		}
		switch {
		case len(s.Rows) > 0:
			d.Rows, d.Body = structuredRows(s.Rows, lang, cat)
		case len(s.Lines) > 0:
			var ls []string
			for _, m := range s.Lines {
				ls = append(ls, textwrap.Block(cat.Text(lang, m), adjudicator.ViewWidth))
			}
			d.Body = strings.Join(ls, "\n")
		default:
			d.Rows = tableRows(s.Body)
		}
		out = append(out, d)
	}
	return out
}

// statusLabel is the game's description of where st stands, in lang when
// the game gives it as a message (adjudicator.Labeler).
func statusLabel(st adjudicator.State, lang string, cat *i18n.Catalog) string {
	if l, ok := st.(adjudicator.Labeler); ok {
		return cat.Text(lang, l.LabelMsg())
	}
	return st.Status().Label
}

// rowKeyWidth is the width of a table's name column in plain text; it
// widens to fit longer names, up to maxKeyWidth; a longer name has a
// line of its own.
const (
	rowKeyWidth = 15
	maxKeyWidth = 22
)

// structuredRows renders a section's table in lang: the rows for the
// HTML part and their plain-text form ("Calais         March 3/3 · ...").
func structuredRows(rows []adjudicator.Row, lang string, cat *i18n.Catalog) ([]RowData, string) {
	out := make([]RowData, 0, len(rows))
	keyW := rowKeyWidth
	for _, r := range rows {
		rd := RowData{Key: cat.Text(lang, r.Key)}
		for _, it := range r.Items {
			t := cat.Text(lang, it)
			rd.Items = append(rd.Items, ItemData{Text: t, Short: textwrap.Len(t) <= shortItem})
		}
		out = append(out, rd)
		keyW = max(keyW, min(textwrap.Len(rd.Key)+2, maxKeyWidth))
	}
	lines := make([]string, 0, len(rows))
	for _, rd := range out {
		items := make([]string, len(rd.Items))
		for i, it := range rd.Items {
			items[i] = it.Text
		}
		if textwrap.Len(rd.Key) >= keyW {
			lines = append(lines, rd.Key+"\n"+textwrap.Items(strings.Repeat(" ", keyW), items, " · ", adjudicator.ViewWidth))
			continue
		}
		lines = append(lines, textwrap.Items(textwrap.Pad(rd.Key, keyW), items, " · ", adjudicator.ViewWidth))
	}
	return out, strings.Join(lines, "\n")
}

// shortItem is the longest item kept on one line in the HTML tables.
const shortItem = 32

// tableRows reads a section body made of "name   items" lines: a name,
// two or more spaces, then items separated by " · "; a line that starts
// with spaces continues the row above. It returns nil when the body is
// anything else (prose, a single row, aligned columns of another kind).
func tableRows(body string) []RowData {
	type row struct{ key, val string }
	var rows []row
	for _, l := range strings.Split(strings.TrimRight(body, "\n"), "\n") {
		l = strings.TrimRight(l, " ")
		if l == "" {
			continue
		}
		if l[0] == ' ' {
			if len(rows) == 0 {
				return nil
			}
			r := &rows[len(rows)-1]
			cont := strings.TrimSpace(l)
			if strings.HasSuffix(r.val, "·") || strings.HasSuffix(r.val, ",") {
				r.val += " " + cont
			} else {
				r.val += " · " + cont
			}
			continue
		}
		i := strings.Index(l, "  ")
		if i <= 0 {
			return nil
		}
		key, val := strings.TrimSpace(l[:i]), strings.TrimSpace(l[i:])
		if strings.Contains(key, " · ") || val == "" {
			return nil
		}
		rows = append(rows, row{key, val})
	}
	if len(rows) < 2 {
		return nil
	}
	out := make([]RowData, 0, len(rows))
	for _, r := range rows {
		rd := RowData{Key: r.key}
		for _, it := range strings.Split(r.val, " · ") {
			it = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(it), "·"))
			if it != "" {
				rd.Items = append(rd.Items, ItemData{Text: it, Short: textwrap.Len(it) <= shortItem})
			}
		}
		out = append(out, rd)
	}
	return out
}

// lang returns a seat's language, English when it has chosen none.
func seatLang(p *store.Player) string {
	if p == nil || p.Lang == "" {
		return i18n.Default
	}
	return p.Lang
}

// footerIn is the footer of a mail about g in lang.
func (j *Judge) footerIn(g *store.Game, lang string) string {
	t := j.opt.Templates
	if g == nil {
		return t.T(lang, "footer.judge") + " — " + j.opt.OrdersAddress
	}
	return t.T(lang, "footer.game", "Game", g.ID, "GM", g.GM) + "\n" + t.T(lang, "footer.orders", "Address", g.OrdersAddress)
}

// mailto is a mailto: link to addr.
func mailto(addr string) htmltemplate.URL {
	if addr == "" {
		return ""
	}
	return htmltemplate.URL("mailto:" + strings.ReplaceAll(addr, " ", "%20"))
}

// RenderedReport is a report rendered outside a game's mail, e.g. from a
// record by `pbem render`: the two parts and the map picture's data.
type RenderedReport struct {
	Text, HTML string
	// Map is the inline map picture the HTML part refers to by
	// "cid:"+Map.ContentID (nil for a game that draws no map).
	Map *store.Part
}

// RenderView renders role's report of state st in lang with the
// templates of set: what changed is left out (a record replays to the
// state, not to a reader's last report), and so are the dice audit's
// secrets and the reply block's token, which belong to a live game; the
// dice commitments are the record's (publicCommit, hiddenCommit).
// gameName names the game, for the reader's name in the title.
func RenderView(set *templates.Set, st adjudicator.State, role adjudicator.Role, lang, gameName, gameID, publicCommit, hiddenCommit string) (*RenderedReport, error) {
	if set == nil {
		set = templates.Builtin()
	}
	if lang == "" {
		lang = i18n.Default
	}
	s := st.Status()
	data := ReportData{
		Lang: lang, GameID: gameID, Role: string(role), Turn: s.Turn,
		Sections: sections(st.View(role), lang, set.Catalog), Owes: owes(st, role, lang, set.Catalog),
		Finished: s.Finished, Result: s.Result, Token: "<token>",
		Title: fmt.Sprintf("[%s] %s — %s", gameID, roleNameIn(set.Catalog, gameName, lang, role), statusLabel(st, lang, set.Catalog)),
		Dice:  DiceData{PublicCommit: publicCommit, HiddenCommit: hiddenCommit},
	}
	if role == adjudicator.GM {
		data.Owes = nil
	}
	md, part, err := mapPart(st, role, lang, set.Catalog)
	if err != nil {
		return nil, err
	}
	data.Map = md
	text, html, err := set.Render("report", data)
	if err != nil {
		return nil, err
	}
	return &RenderedReport{Text: text, HTML: html, Map: part}, nil
}
