package hammer

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Query implements adjudicator.Querier: "show Fife" answers what role may
// see of an area: its castle and cathedral, its borders, and the blocks
// there (the reader's own by name and strength, the enemy's as a count).
func (s *St) Query(role adjudicator.Role, q string) (string, error) {
	a, err := matchArea(q)
	if err != nil {
		return "", err
	}
	ar := &areas[a]
	var about []string
	if ar.Castle > 0 {
		about = append(about, fmt.Sprintf("castle %d", ar.Castle))
	}
	if ar.Cathedral {
		about = append(about, "cathedral")
	}
	if ar.Coastal {
		about = append(about, "coastal")
	}
	var b strings.Builder
	b.WriteString(ar.Name)
	if len(about) > 0 {
		b.WriteString(": " + strings.Join(about, ", "))
	}
	b.WriteString(".\n")
	var nb []string
	for k, n := range ar.Nbr {
		kind := "black"
		if borders[ar.Brd[k]].Red {
			kind = "red"
		}
		if borders[ar.Brd[k]].AngSco {
			kind += ", Anglo-Scottish"
		}
		nb = append(nb, fmt.Sprintf("%s (%s)", areas[n].Name, kind))
	}
	if len(nb) > 0 {
		b.WriteString(wrapItems("Borders: ", nb, ", ") + "\n")
	}
	for sd := 0; sd < 2; sd++ {
		if role == adjudicator.GM || roles[sd] == role {
			var own []string
			for x := 0; x < NB; x++ {
				if int(s.Loc[x]) == a && blocks[x].Side == sd {
					own = append(own, s.blockText(x))
				}
			}
			if len(own) > 0 {
				b.WriteString(wrapItems(sideName(sd)+" blocks: ", own, " · ") + "\n")
			}
			continue
		}
		if n := s.count(a, sd); n > 0 {
			fmt.Fprintf(&b, "%s blocks: %d (hidden)\n", sideName(sd), n)
		}
	}
	return b.String(), nil
}
