package judge

import (
	"bytes"
	"encoding/hex"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/hammer"
	"github.com/pbem/pbem/adjudicator/richard3"
	"github.com/pbem/pbem/adjudicator/testdice"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/smtpout"
	"github.com/pbem/pbem/mailer/textwrap"
	"github.com/pbem/pbem/store"
)

var update = flag.Bool("update", false, "rewrite the golden files of the report tests")

// fixedReport is a report of a fixed mid-game position: the state after
// n random submissions from seed, the events role saw in the last few,
// and a game record with fixed seeds, secrets and deadline, so that the
// report is the same on every run.
type fixedReport struct {
	name string
	j    *Judge
	g    *store.Game
	st   adjudicator.State
	role adjudicator.Role
	evs  []string
}

func newFixedReport(t testing.TB, eng adjudicator.Game, role adjudicator.Role, seed uint64, n int) *fixedReport {
	t.Helper()
	d := testdice.New(seed)
	pick := testdice.New(seed ^ 0x7265706f)
	st, err := eng.Setup("", nil, d)
	require.NoError(t, err)
	var evs []string
	for i := 0; i < n && !st.Status().Finished; i++ {
		owing := adjudicator.OwingRoles(st)
		sub := st.(adjudicator.Player).RandomSubmission(owing[pick.Intn(len(owing))], pick.Intn)
		require.NotNil(t, sub)
		next, res, err := st.Apply(*sub, d)
		require.NoError(t, err)
		st = next
		if i >= n-4 {
			for _, e := range res.Events {
				if visible(store.LoggedEvent{To: roleStrings(e.To), Text: e.Text}, role) {
					evs = append(evs, e.Text)
				}
			}
		}
	}
	info := eng.Info()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	j := New(nil, Options{Domain: "club.example", OrdersAddress: "orders@club.example", Now: func() time.Time { return now }})
	pub, hid := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)
	s := st.Status()
	g := &store.Game{
		ID: "golden-1", GameName: info.Name, GM: "gm@club.example", OrdersAddress: "orders+golden-1@club.example",
		Status:   store.Status{Turn: s.Turn, Label: s.Label, Finished: s.Finished, Result: s.Result},
		Deadline: now.Add(72 * time.Hour),
		Dice: store.DiceState{PublicSeed: pub, HiddenSeed: hid, N: 20, RevealedThrough: s.Turn - 1,
			PublicCommit: hex.EncodeToString(dice.Commit(pub, 20)), HiddenCommit: hex.EncodeToString(dice.Commit(hid, 20))},
	}
	for _, r := range append(info.Roles, adjudicator.GM) {
		g.Players = append(g.Players, store.Player{Role: string(r), Email: string(r) + "@club.example", SecretHash: []byte("hash of " + r)})
	}
	return &fixedReport{name: info.Name, j: j, g: g, st: st, role: role, evs: evs}
}

func roleStrings(rs []adjudicator.Role) []string {
	var out []string
	for _, r := range rs {
		out = append(out, string(r))
	}
	return out
}

// render returns the report's text and HTML in lang, and its mail.
func (f *fixedReport) render(t testing.TB, lang string) (string, string, *store.OutMail) {
	t.Helper()
	p := f.g.Player(string(f.role))
	p.Lang = lang
	data, part, err := f.j.reportData(f.g, p, f.st, f.evs, reportCause{accepted: []string{"(your accepted orders are listed here)"}})
	require.NoError(t, err)
	text, html, err := f.j.opt.Templates.Render("report", data)
	require.NoError(t, err)
	m := f.j.mail(f.g, p, data.Title, "report", text, html)
	m.MessageID = "golden@club.example"
	if part != nil {
		m.Parts = append(m.Parts, *part)
	}
	return text, html, m
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "no golden file: run go test ./mailer/judge -run Golden -update")
	require.Equal(t, string(want), got, "%s differs from the golden file (go test ./mailer/judge -run Golden -update rewrites it)", path)
}

func goldenReports(t testing.TB) []*fixedReport {
	return []*fixedReport{
		newFixedReport(t, richard3.Game{}, richard3.RoleYork, 5, 60),
		newFixedReport(t, hammer.Game{}, hammer.RoleEngland, 5, 60),
	}
}

// TestReportGolden compares the text and HTML reports of a fixed position
// of each game, in every language, with testdata/*.golden.
func TestReportGolden(t *testing.T) {
	for _, f := range goldenReports(t) {
		for _, lang := range i18n.Languages {
			text, html, _ := f.render(t, lang)
			golden(t, f.name+"."+lang+".txt", text)
			golden(t, f.name+"."+lang+".html", html)
		}
	}
}

// TestReportTextWidth: every line of the plain part keeps to the width,
// but for words longer than it (hashes, tokens).
func TestReportTextWidth(t *testing.T) {
	for _, f := range goldenReports(t) {
		for _, lang := range i18n.Languages {
			text, _, _ := f.render(t, lang)
			for _, l := range strings.Split(text, "\n") {
				if textwrap.Len(l) > textwrap.Width {
					require.NotContains(t, strings.TrimSpace(l), " ", "%s %s: line passes %d columns: %q", f.name, lang, textwrap.Width, l)
				}
			}
		}
	}
}

// TestReportMailPartsAndSize: the report's mail carries the map as an
// inline PNG that decodes and that the HTML shows by Content-ID, with
// the caption as alt text, and the whole mail stays under 200 KB.
func TestReportMailPartsAndSize(t *testing.T) {
	for _, f := range goldenReports(t) {
		text, html, m := f.render(t, "en")
		require.Len(t, m.Parts, 1)
		p := m.Parts[0]
		require.Contains(t, html, `src="cid:`+p.ContentID+`"`)
		require.Contains(t, text, "MAP: ")
		b, err := smtpout.PartData(p)
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(b))
		require.NoError(t, err, "the map picture decodes")
		require.Greater(t, img.Bounds().Dx(), 300)
		msg, err := smtpout.Build(m, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
		require.NoError(t, err)
		var raw bytes.Buffer
		_, err = msg.WriteTo(&raw)
		require.NoError(t, err)
		require.Less(t, raw.Len(), 200*1024, "%s: the report's mail is %d bytes", f.name, raw.Len())
		require.Contains(t, raw.String(), "Content-Id: <"+p.ContentID+">")
		t.Logf("%s: mail %d bytes (PNG %d, HTML %d, text %d); the outbox keeps the map as %d bytes of data", f.name, raw.Len(), len(b), len(html), len(text), len(p.Source))
	}
}

// BenchmarkRenderReport renders a mid-game Richard III report: the data,
// the text and HTML parts and the map's PNG, as judge and sender do.
func BenchmarkRenderReport(b *testing.B) {
	f := newFixedReport(b, richard3.Game{}, richard3.RoleYork, 5, 60)
	p := f.g.Player(string(f.role))
	b.Run("parts", func(b *testing.B) {
		for b.Loop() {
			data, _, err := f.j.reportData(f.g, p, f.st, f.evs, reportCause{})
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := f.j.opt.Templates.Render("report", data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("with-png", func(b *testing.B) {
		for b.Loop() {
			data, part, err := f.j.reportData(f.g, p, f.st, f.evs, reportCause{})
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := f.j.opt.Templates.Render("report", data); err != nil {
				b.Fatal(err)
			}
			if _, err := smtpout.PartData(*part); err != nil {
				b.Fatal(err)
			}
		}
	})
}
