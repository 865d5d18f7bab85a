package main

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/mapdraw"
	"github.com/pbem/pbem/mailer/textwrap"
)

func init() {
	register(&command{
		name:    "render",
		summary: "write a player's current report and map from a record",
		usage:   "RECORD --role ROLE [--lang en] --out DIR",
		help: `Replays an exported record (see "pbem export") and writes what ROLE sees
now into DIR: report.txt (the situation report and the text map),
report.html (the same with the map picture inline), map.svg and map.png.
ROLE is one of the game's sides, or gm for the game master's full view.
Only English (en) is available for now.

Example:
  pbem export roses-1 --out roses-1.json
  pbem render roses-1.json --role york --out york/`,
		run: runRender,
	})
}

// renderLanguages are the languages reports can be written in.
var renderLanguages = []string{"en"}

func runRender(ctx *cli, args []string) error {
	fs := flags(ctx, find("render"))
	role := fs.String("role", "", "whose report: a side of the game, or gm")
	lang := fs.String("lang", "en", "language of the report")
	out := fs.String("out", "", "directory to write the files into (created if missing)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give one record file")
	}
	if *role == "" || *out == "" {
		return usagef("--role and --out are required")
	}
	known := false
	for _, l := range renderLanguages {
		known = known || l == *lang
	}
	if !known {
		return fmt.Errorf("reports are not available in %q yet (available: %s)", *lang, strings.Join(renderLanguages, ", "))
	}
	rec, err := record.Load(fs.Arg(0))
	if err != nil {
		return err
	}
	g, err := adjudicator.Lookup(rec.Game)
	if err != nil {
		return err
	}
	r := adjudicator.Role(strings.ToLower(*role))
	roles := []string{}
	ok := r == adjudicator.GM
	for _, x := range g.Info().Roles {
		roles = append(roles, string(x))
		ok = ok || x == r
	}
	if !ok {
		return fmt.Errorf("%s has no role %q (roles: %s, gm)", g.Info().Name, *role, strings.Join(roles, ", "))
	}
	st, _, err := record.Replay(rec, g)
	if err != nil {
		return err
	}
	files, err := renderReport(st, r)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		p := filepath.Join(*out, f.name)
		if err := os.WriteFile(p, f.data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(ctx.stdout, "wrote %s (%d bytes)\n", p, len(f.data))
	}
	return nil
}

type renderedFile struct {
	name string
	data []byte
}

// renderReport builds role's report files from a state: the view, and the
// map when the game draws one.
func renderReport(st adjudicator.State, role adjudicator.Role) ([]renderedFile, error) {
	view := st.View(role)
	txt := view.Text()
	var m *board.Map
	if v, ok := st.(board.Viewer); ok {
		mv := v.MapView(role)
		m = &mv
	}
	var files []renderedFile
	var svgDoc []byte
	if m != nil {
		var err error
		if svgDoc, err = mapdraw.SVG(m, mapdraw.Options{}); err != nil {
			return nil, err
		}
		pngDoc, err := mapdraw.PNG(m, mapdraw.Options{})
		if err != nil {
			return nil, err
		}
		txt += "\n" + mapdraw.Text(m, textwrap.Width)
		files = append(files, renderedFile{"map.svg", svgDoc}, renderedFile{"map.png", pngDoc})
	}
	var h strings.Builder
	title := st.Status().Label
	fmt.Fprintf(&h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n", html.EscapeString(title))
	h.WriteString("<style>body{font-family:Georgia,serif;max-width:1000px;margin:0 auto;padding:8px;color:#222;background:#fff}" +
		"figure{margin:0}figure svg{max-width:100%;height:auto;display:block}figcaption{font-size:.85em;color:#555}" +
		"pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.9em}h2{font-size:1.1em;margin:1em 0 .3em}</style>\n</head>\n<body>\n")
	fmt.Fprintf(&h, "<h1>%s</h1>\n", html.EscapeString(title))
	if m != nil {
		cap := mapdraw.Caption(m)
		svgTag := string(svgDoc)
		if i := strings.Index(svgTag, "<svg"); i >= 0 {
			svgTag = svgTag[i:]
		}
		svgTag = strings.Replace(svgTag, "<svg", fmt.Sprintf("<svg role=\"img\" aria-label=\"%s\"", html.EscapeString(cap)), 1)
		fmt.Fprintf(&h, "<figure>\n%s\n<figcaption>%s</figcaption>\n</figure>\n", svgTag, html.EscapeString(cap))
	}
	for _, s := range view.Sections {
		if s.Title != "" {
			fmt.Fprintf(&h, "<h2>%s</h2>\n", html.EscapeString(s.Title))
		}
		fmt.Fprintf(&h, "<pre>%s</pre>\n", html.EscapeString(strings.TrimRight(s.Body, "\n")))
	}
	if m != nil {
		fmt.Fprintf(&h, "<h2>Map as text</h2>\n<pre>%s</pre>\n", html.EscapeString(strings.TrimRight(mapdraw.Text(m, textwrap.Width), "\n")))
	}
	h.WriteString("</body>\n</html>\n")
	files = append([]renderedFile{{"report.txt", []byte(txt)}, {"report.html", []byte(h.String())}}, files...)
	return files, nil
}
