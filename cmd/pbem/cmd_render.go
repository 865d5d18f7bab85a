package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/board"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/mailer/mapdraw"
	"github.com/pbem/pbem/mailer/smtpout"
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
--lang writes the report in English (en), Spanish (es) or Italian (it),
the game's own texts included. report.html is the HTML
part of the report's email, with the picture linked as map.png beside it
(the email carries it as an inline part).

Example:
  pbem export roses-1 --out roses-1.json
  pbem render roses-1.json --role york --out york/`,
		run: runRender,
	})
}

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
	code, err := i18n.ParseLanguage(*lang)
	if err != nil {
		return err
	}
	rec, g, err := loadRecord(fs.Arg(0))
	if err != nil {
		return err
	}
	r := adjudicator.Role(strings.ToLower(*role))
	roles := []string{}
	ok := r == adjudicator.GM
	// The record names the game's seats (with options such as a player
	// count or a scenario pack, not always the game's usual roles).
	for _, x := range rec.Roles {
		roles = append(roles, string(x))
		ok = ok || x == r
	}
	if !ok {
		return fmt.Errorf("%s has no role %q (roles: %s, gm)", rec.Game, *role, strings.Join(roles, ", "))
	}
	st, _, _, err := record.ReplayOrResume(rec, g)
	if err != nil {
		return err
	}
	files, err := renderReport(st, r, code, rec)
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

// renderReport builds role's report files from a state: the report's two
// parts, and the map when the game draws one.
func renderReport(st adjudicator.State, role adjudicator.Role, lang string, rec *record.Record) ([]renderedFile, error) {
	rep, err := judge.RenderView(nil, st, role, lang, rec.Game, rec.GameID, rec.Dice.PublicCommit, rec.Dice.HiddenCommit)
	if err != nil {
		return nil, err
	}
	page := rep.HTML
	var files []renderedFile
	if rep.Map != nil {
		var m board.Map // the report's own map, in the report's language
		if err := json.Unmarshal(rep.Map.Source, &m); err != nil {
			return nil, err
		}
		svgDoc, err := mapdraw.SVG(&m, mapdraw.Options{})
		if err != nil {
			return nil, err
		}
		pngDoc, err := smtpout.PartData(*rep.Map)
		if err != nil {
			return nil, err
		}
		files = append(files, renderedFile{"map.svg", svgDoc}, renderedFile{"map.png", pngDoc})
		page = strings.ReplaceAll(page, "cid:"+rep.Map.ContentID, "map.png")
	}
	return append([]renderedFile{{"report.txt", []byte(rep.Text)}, {"report.html", []byte(page)}}, files...), nil
}
