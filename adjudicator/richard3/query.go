package richard3

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

var borderColour = map[byte]string{'y': "yellow", 'b': "blue", 'r': "red"}

// Query implements adjudicator.Querier: "show Kent" answers what role may
// see of an area: what it is, its borders and sea zones, and the blocks
// there (the reader's own by name and strength, the enemy's as a count).
func (s *State) Query(role adjudicator.Role, q string) (string, error) {
	a, err := matchArea(q)
	if err != nil {
		return "", err
	}
	ar := &areas[a]
	var b strings.Builder
	var about []string
	if ar.City != "" {
		about = append(about, "city "+ar.City)
	}
	if ar.Cathedral != "" {
		about = append(about, "cathedral "+ar.Cathedral)
	}
	if ar.Crown {
		about = append(about, "crown area")
	}
	if ar.Port {
		about = append(about, "major port")
	}
	if ar.Island {
		about = append(about, "island")
	}
	if len(ar.Shields) > 0 {
		about = append(about, "shields: "+strings.Join(ar.Shields, ", "))
	}
	if ar.Exile != NoSide {
		about = append(about, fmt.Sprintf("exile area of %s", ar.Exile))
	}
	fmt.Fprintf(&b, "%s", ar.Name)
	if len(about) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(about, "; "))
	}
	b.WriteString(".\n")
	var nb []string
	for _, x := range ar.Adj {
		bd := borders[x.Border]
		nb = append(nb, fmt.Sprintf("%s (%s, %d)", areas[x.To].Name, borderColour[bd.Color], bd.Limit))
	}
	if len(nb) > 0 {
		b.WriteString(wrap("Borders (colour, blocks that may cross a turn): "+strings.Join(nb, " · "), 76) + "\n")
	}
	var seas []string
	for z := range mapData.Seas {
		if ar.Seas&(1<<z) != 0 {
			seas = append(seas, mapData.Seas[z].Name)
		}
	}
	if len(seas) > 0 {
		fmt.Fprintf(&b, "Sea zones: %s.\n", strings.Join(seas, ", "))
	}
	me := sideOfRole(role)
	for _, sd := range []Side{Lancaster, York} {
		if role == adjudicator.GM || sd == me {
			var own []string
			for i := 0; i < nBlocks; i++ {
				if int(s.Loc[i]) == a && onMap(s.Loc[i]) && s.owner(i) == sd {
					own = append(own, blockText(s, i))
				}
			}
			if len(own) > 0 {
				b.WriteString(wrap(fmt.Sprintf("%s blocks: ", sd)+strings.Join(own, " · "), 76) + "\n")
			}
			continue
		}
		if n := s.count(a, sd); n > 0 {
			fmt.Fprintf(&b, "%s blocks: %d (hidden)\n", sd, n)
		}
	}
	return b.String(), nil
}
