package richard3

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

var borderColour = map[byte]string{'y': "yellow", 'b': "blue", 'r': "red"}

// seaBit is the bit of area.Seas for the map's sea zone z (the map lists
// the zones in its own order: North Sea, Irish Sea, English Channel).
func seaBit(z int) uint8 {
	switch mapData.Seas[z].ID {
	case "north_sea":
		return seaNorth
	case "english_channel":
		return seaChannel
	case "irish_sea":
		return seaIrish
	}
	return 0
}

var _ adjudicator.MsgQuerier = (*State)(nil)

// queryEnglish renders the game's messages in English, for the answers the
// engine gives as text too (Query).
var queryEnglish = msg.EnglishOnce(locales, "locales/en.yaml")

// Query implements adjudicator.Querier: QueryMsg's answer in English,
// with the long lines wrapped between their items.
func (s *State) Query(role adjudicator.Role, q string) (string, error) {
	ms, err := s.QueryMsg(role, q)
	return adjudicator.EnglishAnswer(ms, err, queryEnglish(), func(_ msg.M, text string) string { return wrap(text, 76) })
}

// QueryMsg implements adjudicator.MsgQuerier: "show Kent" answers what
// role may see of an area, one message a line: what it is, its borders
// and sea zones, and the blocks there (the reader's own by name and
// strength, the enemy's as a count). Names stay as the map prints them.
func (s *State) QueryMsg(role adjudicator.Role, q string) ([]msg.M, error) {
	a, err := matchArea(q)
	if err != nil {
		reasons.once.Do(reasonPatterns)
		return nil, adjudicator.NewQueryError(err, reasons.pats, queryEnglish())
	}
	ar := &areas[a]
	var about []msg.M
	if ar.City != "" {
		about = append(about, msg.New("r3.q.city", "City", ar.City))
	}
	if ar.Cathedral != "" {
		about = append(about, msg.New("r3.q.cathedral", "Cathedral", ar.Cathedral))
	}
	if ar.Crown {
		about = append(about, msg.New("r3.q.crown"))
	}
	if ar.Port {
		about = append(about, msg.New("r3.q.port"))
	}
	if ar.Island {
		about = append(about, msg.New("r3.q.island"))
	}
	if len(ar.Shields) > 0 {
		about = append(about, msg.New("r3.q.shields", "Shields", strings.Join(ar.Shields, ", ")))
	}
	if ar.Exile != NoSide {
		about = append(about, msg.New("r3.q.exile", "Side", ar.Exile.String()))
	}
	var out []msg.M
	if len(about) > 0 {
		list := about[0]
		for _, x := range about[1:] {
			list = msg.New("r3.list.semicolon", "A", list, "B", x)
		}
		out = append(out, msg.New("r3.q.area", "Area", ar.Name, "About", list))
	} else {
		out = append(out, msg.New("r3.q.area_plain", "Area", ar.Name))
	}
	var nb []msg.M
	for _, x := range ar.Adj {
		bd := borders[x.Border]
		nb = append(nb, msg.New("r3.q.border", "Area", areas[x.To].Name,
			"Colour", msg.New("r3.q.colour."+borderColour[bd.Color]), "Limit", int(bd.Limit)))
	}
	if len(nb) > 0 {
		out = append(out, msg.New("r3.q.borders", "Borders", nb))
	}
	var seas []string
	for z := range mapData.Seas {
		if ar.Seas&seaBit(z) != 0 {
			seas = append(seas, mapData.Seas[z].Name)
		}
	}
	if len(seas) > 0 {
		out = append(out, msg.New("r3.q.seas", "Seas", strings.Join(seas, ", ")))
	}
	me := sideOfRole(role)
	for _, sd := range []Side{Lancaster, York} {
		if role == adjudicator.GM || sd == me {
			var own []msg.M
			for i := 0; i < nBlocks; i++ {
				if int(s.Loc[i]) == a && onMap(s.Loc[i]) && s.owner(i) == sd {
					own = append(own, blockMsg(s, i))
				}
			}
			if len(own) > 0 {
				out = append(out, msg.New("r3.q.blocks", "Side", sd.String(), "Blocks", own))
			}
			continue
		}
		if n := s.count(a, sd); n > 0 {
			out = append(out, msg.Plural("r3.q.hidden", n, "Side", sd.String()))
		}
	}
	return out, nil
}
