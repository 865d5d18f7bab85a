package hammer

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
)

var _ adjudicator.MsgQuerier = (*St)(nil)

// queryEnglish renders the game's messages in English, for the answers the
// engine gives as text too (Query).
var queryEnglish = msg.EnglishOnce(locales, "locales/en.yaml")

// queryLists are the answer's lines that list items after a heading,
// with the separator between them: long ones wrap between items.
var queryLists = map[string]string{"ham.q.borders": ", ", "ham.q.blocks": " · "}

// Query implements adjudicator.Querier: QueryMsg's answer in English.
func (s *St) Query(role adjudicator.Role, q string) (string, error) {
	ms, err := s.QueryMsg(role, q)
	return adjudicator.EnglishAnswer(ms, err, queryEnglish(), func(m msg.M, line string) string {
		if sep, ok := queryLists[m.Key]; ok {
			if i := strings.Index(line, ": "); i >= 0 {
				return wrapItems(line[:i+2], splitOutside(line[i+2:], sep), sep)
			}
		}
		return line
	})
}

// splitOutside splits s at sep, except inside brackets: "Fife (red,
// Anglo-Scottish), Mar (black)" is two items.
func splitOutside(s, sep string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '(':
			depth++
		case s[i] == ')':
			depth--
		case depth == 0 && strings.HasPrefix(s[i:], sep):
			out = append(out, s[start:i])
			start = i + len(sep)
			i += len(sep) - 1
		}
	}
	return append(out, s[start:])
}

// queryCommaList joins items as "A, B, C".
func queryCommaList(items []msg.M) msg.M {
	list := items[0]
	for _, x := range items[1:] {
		list = msg.New("ham.q.comma", "A", list, "B", x)
	}
	return list
}

// QueryMsg implements adjudicator.MsgQuerier: "show Fife" answers what
// role may see of an area, one message a line: its castle and cathedral,
// its borders, and the blocks there (the reader's own by name and
// strength, the enemy's as a count). Names stay as the map prints them.
func (s *St) QueryMsg(role adjudicator.Role, q string) ([]msg.M, error) {
	a, err := matchArea(q)
	if err != nil {
		reasons.once.Do(reasonPatterns)
		return nil, adjudicator.NewQueryError(err, reasons.pats, queryEnglish())
	}
	ar := &areas[a]
	var about []msg.M
	if ar.Castle > 0 {
		about = append(about, msg.New("ham.q.castle", "N", int(ar.Castle)))
	}
	if ar.Cathedral {
		about = append(about, msg.New("ham.q.cathedral"))
	}
	if ar.Coastal {
		about = append(about, msg.New("ham.q.coastal"))
	}
	var out []msg.M
	if len(about) > 0 {
		out = append(out, msg.New("ham.q.area", "Area", ar.Name, "About", queryCommaList(about)))
	} else {
		out = append(out, msg.New("ham.q.area_plain", "Area", ar.Name))
	}
	var nb []msg.M
	for k, n := range ar.Nbr {
		kind := "black"
		if borders[ar.Brd[k]].Red {
			kind = "red"
		}
		if borders[ar.Brd[k]].AngSco {
			kind += "_anglo_scottish"
		}
		nb = append(nb, msg.New("ham.q.border."+kind, "Area", areas[n].Name))
	}
	if len(nb) > 0 {
		out = append(out, msg.New("ham.q.borders", "Borders", queryCommaList(nb)))
	}
	for sd := 0; sd < 2; sd++ {
		if role == adjudicator.GM || roles[sd] == role {
			var own []msg.M
			for x := 0; x < NB; x++ {
				if int(s.Loc[x]) == a && blocks[x].Side == sd {
					own = append(own, s.blockMsg(x))
				}
			}
			if len(own) > 0 {
				out = append(out, msg.New("ham.q.blocks", "Side", sideMsg(sd), "Blocks", own))
			}
			continue
		}
		if n := s.count(a, sd); n > 0 {
			out = append(out, msg.Plural("ham.q.hidden", n, "Side", sideMsg(sd)))
		}
	}
	return out, nil
}
