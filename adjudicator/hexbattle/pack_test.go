package hexbattle

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func loadHill(t testing.TB) *Pack {
	p, err := LoadPack("testdata/hill")
	require.NoError(t, err)
	return p
}

func TestPackLoads(t *testing.T) {
	p := loadHill(t)
	require.Equal(t, "crecy", p.Rules)
	require.Len(t, p.Scenarios, 3) // historical, discipline and the players' set-up
	require.Equal(t, 1, p.Hexes[mustHex(t, "0101")].Elevation)
	require.True(t, p.Obstacles[sideKey(mustHex(t, "0304"), mustHex(t, "0404"))])
}

// packWith returns the hill pack with one file's text edited.
func packWith(t *testing.T, file, old, new string) error {
	p := loadHill(t)
	files := append([]PackFile(nil), p.Files...)
	for i := range files {
		if files[i].Name == file {
			require.Contains(t, files[i].Text, old)
			files[i].Text = strings.Replace(files[i].Text, old, new, 1)
		}
	}
	_, err := ParsePack(files)
	return err
}

func TestPackRejectsUnknownTerrain(t *testing.T) {
	err := packWith(t, "field.pack", "line 05: c0 c0 c0 c0 w0", "line 05: c0 c0 c0 c0 x0")
	require.ErrorContains(t, err, `field.pack:25: hex 0505: unknown terrain letter "x"`)
}

func TestPackRejectsUnitOffMap(t *testing.T) {
	err := packWith(t, "units.pack", "unit W1 welsh   at=0207", "unit W1 welsh   at=0209")
	require.ErrorContains(t, err, "units.pack:14: hex 0209 is off the map")
}

func TestPackRejectsMissingTableCell(t *testing.T) {
	err := packWith(t, "tables.pack", "fire longbow L:  8 7 6\n", "")
	require.ErrorContains(t, err, "the Fire CRT has no cell for weapon longbow against armour L (counter levy)")
	err = packWith(t, "tables.pack", "pike=6 gun=8 knight=5", "pike=6 knight=5")
	require.ErrorContains(t, err, "tables.pack:13: counter knights face infantry: the Melee CRT has no cell for attacker foot against defender gun (counter cannon)")
	err = packWith(t, "tables.pack", "morale D -6: 5 5 5 4 4 3 3 2 2 2 1 1 0\n", "")
	require.ErrorContains(t, err, "counter levy: the Morale Effects Table has no column for rating D")
}

func TestPackRejectsBadDouble(t *testing.T) {
	err := packWith(t, "units.pack", "at=0703-0704 front=0603 face=cavalry", "at=0703-0704 front=0605 face=cavalry")
	require.ErrorContains(t, err, "front=0605 must be the front-centre hex")
	err = packWith(t, "units.pack", "unit G1 genoese at=0502", "unit G1 genoese at=0704")
	require.ErrorContains(t, err, "hex 0704 already holds unit K1")
	err = packWith(t, "field.pack", "line 08: c0 c0 c0 c0 c0 c0 c0 c0\n", "")
	require.ErrorContains(t, err, "map line 08 is missing")
}
