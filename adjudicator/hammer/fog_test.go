package hammer

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/stretchr/testify/require"
)

// TestH2_0b_FogOfWar plays random games and checks that no view, prompt
// or event a player may see names an enemy block he cannot see now: only
// blocks revealed in a battle (5.1) may be named. (H-2.0b, AMB-54)
// Rules also covered: H-5.1c.
func TestH2_0b_FogOfWar(t *testing.T) {
	n := 40
	if v := os.Getenv("HAMMER_FOG_GAMES"); v != "" {
		n, _ = strconv.Atoi(v)
	}
	if testing.Short() {
		n = 8
	}
	for i := 0; i < n; i++ {
		var prev *St
		check := func(s *St, res *adjudicator.Result) {
			defer func() { prev = s }()
			if s.Fin {
				return // the game is over: the result may name anything
			}
			for side := 0; side < 2; side++ {
				role := roles[side]
				var texts []string
				texts = append(texts, s.View(role).Text())
				for _, p := range s.Prompts() {
					if p.Role == role {
						texts = append(texts, p.Text, strings.Join(p.Choices, "\n"), strings.Join(p.Template, "\n"))
					}
				}
				priv := ""
				for _, e := range res.Events {
					if e.VisibleTo(role) {
						texts = append(texts, e.Text)
					}
					if len(e.To) == 1 && e.To[0] == role {
						priv += e.Text + "\n"
					}
				}
				all := strings.Join(texts, "\n")
				for b := 0; b < NB; b++ {
					if blocks[b].Side == side || s.Loc[b] == LocOut {
						continue
					}
					if s.seen&(1<<uint(b)) != 0 {
						continue // revealed in a battle this turn
					}
					if blocks[b].Noble >= 0 && strings.Contains(priv, blocks[b].Label+" defects") {
						continue // our noble changed sides this turn: we are told so
					}
					if p := blocks[b].Partner; p >= 0 && s.seen&(1<<uint(p)) != 0 {
						continue // the same noble was revealed in a battle, then changed sides
					}
					if p := blocks[b].Partner; p >= 0 && prev != nil && prev.onMap(p) {
						continue // it was ours a moment ago (capture, defection)
					}
					if p := blocks[b].Partner; p >= 0 && s.onMap(p) {
						continue // same label as our own block
					}
					if s.Bat != nil {
						if cb := s.Bat.Block(blocks[b].ID); cb != nil && s.Bat.Revealed(role, cb) {
							continue
						}
						if p := blocks[b].Partner; p >= 0 {
							if cb := s.Bat.Block(blocks[p].ID); cb != nil && s.Bat.Revealed(role, cb) {
								continue
							}
						}
					}
					_, isArea := areaByID[blocks[b].ID]
					if strings.Contains(all, blocks[b].Label) || (!isArea && strings.Contains(all, blocks[b].ID)) {
						t.Fatalf("seed %d %s: %s can read hidden enemy block %s in:\n%s", i+1, s.label(), role, blocks[b].Label, all)
					}
				}
			}
		}
		playRandom(t, uint64(1000+i), []string{"braveheart", "the-bruce", "campaign"}[i%3], false, check)
	}
	_ = columbia.Main
	require.True(t, true)
}
