package columbia

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/orders"
	"github.com/stretchr/testify/assert"
)

// parseChoiceSlow is ParseChoice as it read answers before its exact
// pass: every candidate built and handed to orders.Match.
func parseChoiceSlow(p *Pending, text string, name func(string) string) (Choice, bool) {
	t := orders.Norm(orders.StripComment(text))
	t = strings.Replace(t, "retreat to ", "retreat ", 1)
	t = strings.Replace(t, "regroup to ", "regroup ", 1)
	cands := make([]orders.Name, len(p.Choices))
	for i, c := range p.Choices {
		n := orders.Name{ID: strconv.Itoa(i), Aliases: []string{c.String()}}
		if name != nil {
			n.Aliases = append(n.Aliases, c.Text(name))
		}
		if c.Action == ActTarget {
			n.Aliases = append(n.Aliases, c.Target)
			if name != nil {
				n.Aliases = append(n.Aliases, name(c.Target))
			}
		}
		cands[i] = n
	}
	id, err := orders.Match(t, p.Kind.String(), cands)
	if err != nil {
		return Choice{}, false
	}
	k, _ := strconv.Atoi(id)
	return p.Choices[k], true
}

// TestParseChoiceExactPassAgrees: answers matched exactly without
// building the candidates give what building them gives, for every
// kind of choice, names and IDs, odd spacing and case, indexes, and
// answers that only a prefix or nothing matches.
func TestParseChoiceExactPassAgrees(t *testing.T) {
	names := map[string]string{"east-anglia": "East Anglia", "kent": "Kent", "wallace": "William Wallace",
		"moray": "Moray", "fife": "Fife", "norfolk": "Duke of Norfolk"}
	name := func(id string) string {
		if n, ok := names[id]; ok {
			return n
		}
		return id
	}
	lists := [][]Choice{
		{{Action: ActFire}, {Action: ActPass}, {Action: ActRetreat, To: "east-anglia"}, {Action: ActRetreat, To: "kent"}},
		{{Action: ActTarget, Target: "wallace"}, {Action: ActTarget, Target: "moray"}, {Action: ActTarget, Target: "norfolk"}},
		{{Action: ActStay}, {Action: ActRegroup, To: "fife"}, {Action: ActRegroup, To: "moray"}},
		{{Action: ActFire}, {Action: ActSpecial, Special: "treachery", Target: "norfolk"}, {Action: ActSpecial, Special: "charge"}},
		{{Action: ActRetreat, To: "moray"}, {Action: ActTarget, Target: "moray"}},
	}
	for _, cs := range lists {
		p := &Pending{Kind: DecideTurn, Choices: cs}
		var inputs []string
		for i, c := range cs {
			inputs = append(inputs, strconv.Itoa(i), c.String(), c.Text(name), strings.ToUpper(c.Text(name)),
				"  "+strings.ReplaceAll(c.String(), " ", "   ")+" ", c.Target, name(c.Target), c.To, name(c.To),
				strings.ReplaceAll(c.String(), "-", "_"), "retreat to "+name(c.To), c.String()+" # why")
			if s := c.String(); len(s) > 3 {
				inputs = append(inputs, s[:3])
			}
		}
		inputs = append(inputs, "", "9", "hit", "retreat", "nothing", "é", "fire fire")
		for _, in := range inputs {
			for _, nm := range []func(string) string{nil, name} {
				want, wok := parseChoiceSlow(p, in, nm)
				got, err := p.ParseChoice(in, nm)
				assert.Equal(t, wok, err == nil, "%q: accepted", in)
				assert.Equal(t, want, got, "%q", in)
			}
		}
	}
}
