package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRenderFromExportedRecord creates a game, exports its record and
// renders each player's report from it.
func TestRenderFromExportedRecord(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "pbem.yaml")
	require.NoError(t, os.WriteFile(cfg, []byte("store: "+filepath.Join(dir, "pbem.db")+"\ndomain: club.example\n"), 0o600))
	code, _, errs := runCmd(t, "new", "--config", cfg, "--game", "richard-iii",
		"--player", "york=ann@club.example", "--player", "lancaster=rob@club.example", "--gm", "gm@club.example", "--id", "r-1")
	require.Equal(t, 0, code, errs)
	rec := filepath.Join(dir, "r-1.json")
	code, _, errs = runCmd(t, "export", "--config", cfg, "r-1", "--out", rec)
	require.Equal(t, 0, code, errs)

	out := filepath.Join(dir, "york")
	code, stdout, errs := runCmd(t, "render", rec, "--role", "york", "--out", out)
	require.Equal(t, 0, code, errs)
	for _, f := range []string{"report.txt", "report.html", "map.svg", "map.png"} {
		require.Contains(t, stdout, filepath.Join(out, f))
	}
	txt, err := os.ReadFile(filepath.Join(out, "report.txt"))
	require.NoError(t, err)
	require.Contains(t, string(txt), "YOUR BLOCKS")
	require.Contains(t, string(txt), "MAP: Richard III")
	svg, err := os.ReadFile(filepath.Join(out, "map.svg"))
	require.NoError(t, err)
	require.NoError(t, xml.Unmarshal(svg, new(struct{})))
	require.Contains(t, string(svg), "Middlesex")
	pngb, err := os.ReadFile(filepath.Join(out, "map.png"))
	require.NoError(t, err)
	_, err = png.Decode(bytes.NewReader(pngb))
	require.NoError(t, err)
	page, err := os.ReadFile(filepath.Join(out, "report.html"))
	require.NoError(t, err)
	require.Contains(t, string(page), `<img class="pb-map" src="map.png" alt="Map: Richard III`)

	code, _, errs = runCmd(t, "render", rec, "--role", "york", "--lang", "es", "--out", out)
	require.Equal(t, 0, code, errs)
	txt, err = os.ReadFile(filepath.Join(out, "report.txt"))
	require.NoError(t, err)
	require.Contains(t, string(txt), "AUDITORÍA DE DADOS") // whether York owes a decision depends on the deal
	require.Contains(t, string(txt), "MAPA: Richard III")
	code, _, errs = runCmd(t, "render", rec, "--role", "york", "--lang", "fr", "--out", out)
	require.Equal(t, 1, code)
	require.Contains(t, errs, `unknown language "fr"`)
	code, _, errs = runCmd(t, "render", rec, "--role", "scotland", "--out", out)
	require.Equal(t, 1, code)
	require.Contains(t, errs, `richard-iii has no role "scotland" (roles: lancaster, york, gm)`)
	code, _, _ = runCmd(t, "render", rec, "--out", out)
	require.Equal(t, 2, code)
}
