package columbia

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator/orders"
)

// ParseStanding reads standing battle orders as a player writes them in
// one email line, clauses separated by ";":
//
//	fire                                  (the default; may be omitted)
//	ask me each round                     (or just "ask")
//	pass BLOCK[, BLOCK...]
//	retreat [BLOCK[, BLOCK...]] to AREA [or AREA...] [if|when COND]
//	hits BLOCK[, BLOCK...]                (who takes hits first on ties)
//	order BLOCK[, BLOCK...]               (who acts first among blocks with the same letter;
//	                                       a later order clause replaces an earlier one)
//	regroup BLOCK[, BLOCK...] to AREA     ("all" for every block)
//	regroup BLOCK[, BLOCK...] stay
//
// COND is one of: "round >= N" ("from round N", "round N or later"),
// "weaker" ("we are weaker", "outnumbered": own strength below the
// enemy's), "down to N blocks" ("N blocks or fewer"), "strength <= N"
// ("down to N steps"). blocks and areas are the names the player may use
// (orders.Match: case-insensitive, unambiguous prefixes).
func ParseStanding(text string, blocks, areas []orders.Name) (StandingOrders, error) {
	var s StandingOrders
	for _, clause := range strings.Split(text, ";") {
		clause = orders.Norm(orders.StripComment(clause))
		if clause == "" {
			continue
		}
		verb, rest := orders.Verb(clause)
		v, err := orders.MatchVerb(verb, []string{"fire", "ask", "pass", "retreat", "hits", "regroup", "stay", "order"})
		if err != nil {
			return s, fmt.Errorf("battle orders %q: %w (expected fire, ask, pass, retreat, hits, regroup or order)", clause, err)
		}
		switch v {
		case "fire":
			if rest != "" {
				return s, fmt.Errorf("battle orders %q: fire takes no blocks (every block fires unless told otherwise)", clause)
			}
		case "ask":
			s.Ask = true
		case "pass":
			ids, err := matchList(rest, "block", blocks)
			if err != nil {
				return s, fmt.Errorf("battle orders %q: %w", clause, err)
			}
			s.Pass = append(s.Pass, ids...)
		case "hits":
			rest = strings.TrimPrefix(rest, "order ")
			rest = strings.TrimPrefix(rest, "on ")
			ids, err := matchList(rest, "block", blocks)
			if err != nil {
				return s, fmt.Errorf("battle orders %q: %w", clause, err)
			}
			s.HitOrder = append(s.HitOrder, ids...)
		case "order":
			rest = strings.TrimPrefix(rest, "of fire ")
			ids, err := matchList(rest, "block", blocks)
			if err != nil {
				return s, fmt.Errorf("battle orders %q: %w", clause, err)
			}
			s.Order = ids // a later order replaces an earlier one
		case "retreat":
			r, err := parseRetreat(rest, blocks, areas)
			if err != nil {
				return s, fmt.Errorf("battle orders %q: %w", clause, err)
			}
			s.Retreat = append(s.Retreat, r)
		case "regroup", "stay":
			var who, to string
			if v == "stay" {
				who = rest
			} else if i := strings.LastIndex(rest, " to "); i >= 0 {
				who, to = rest[:i], rest[i+4:]
			} else if strings.HasSuffix(rest, " stay") {
				who = strings.TrimSuffix(rest, " stay")
			} else {
				return s, fmt.Errorf("battle orders %q: write \"regroup BLOCK to AREA\" or \"regroup BLOCK stay\"", clause)
			}
			ids := []string{AllBlocks}
			if who != "all" {
				if ids, err = matchList(who, "block", blocks); err != nil {
					return s, fmt.Errorf("battle orders %q: %w", clause, err)
				}
			}
			area := ""
			if to != "" {
				if area, err = orders.Match(to, "area", areas); err != nil {
					return s, fmt.Errorf("battle orders %q: %w", clause, err)
				}
			}
			for _, id := range ids {
				s.Regroup = append(s.Regroup, RegroupOrder{Block: id, To: area})
			}
		}
	}
	return s, nil
}

func matchList(text, what string, names []orders.Name) ([]string, error) {
	items := orders.SplitList(text)
	if len(items) == 0 {
		return nil, fmt.Errorf("name at least one %s", what)
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		id, err := orders.Match(it, what, names)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

var (
	reRound  = regexp.MustCompile(`^(?:from |in )?round (?:>= ?|=> ?|at least )?(\d+)(?: or later| on)?$`)
	reBlocks = regexp.MustCompile(`^(?:down to (\d+) blocks?|(\d+) blocks? or (?:fewer|less)|blocks? <= ?(\d+))$`)
	reSteps  = regexp.MustCompile(`^(?:down to (\d+) steps?|(\d+) steps? or (?:fewer|less)|strength <= ?(\d+)|steps? <= ?(\d+))$`)
)

func firstNum(m []string) int {
	for _, x := range m[1:] {
		if x != "" {
			n, _ := strconv.Atoi(x)
			return n
		}
	}
	return 0
}

// ParseCondition reads a retreat condition (see ParseStanding).
func ParseCondition(text string) (Condition, error) {
	c := orders.Norm(text)
	for _, p := range []string{"we are ", "we're ", "i am ", "our ", "own ", "my "} {
		c = strings.TrimPrefix(c, p)
	}
	switch {
	case c == "" || c == "always":
		return Condition{Kind: Always}, nil
	case c == "weaker" || c == "outnumbered" || c == "strength < enemy" || c == "weaker than the enemy":
		return Condition{Kind: Weaker}, nil
	}
	if m := reRound.FindStringSubmatch(c); m != nil {
		return Condition{Kind: RoundAtLeast, N: firstNum(m)}, nil
	}
	if m := reBlocks.FindStringSubmatch(c); m != nil {
		return Condition{Kind: BlocksAtMost, N: firstNum(m)}, nil
	}
	if m := reSteps.FindStringSubmatch(c); m != nil {
		return Condition{Kind: StepsAtMost, N: firstNum(m)}, nil
	}
	return Condition{}, fmt.Errorf("unknown condition %q (use \"round >= N\", \"weaker\", \"down to N blocks\" or \"strength <= N\")", text)
}

func parseRetreat(rest string, blocks, areas []orders.Name) (RetreatRule, error) {
	var r RetreatRule
	cond := ""
	for _, kw := range []string{" if ", " when "} {
		if i := strings.Index(" "+rest+" ", kw); i >= 0 {
			cond = strings.TrimSpace((" " + rest + " ")[i+len(kw):])
			rest = strings.TrimSpace((" " + rest + " ")[:i])
			break
		}
	}
	var err error
	if r.When, err = ParseCondition(cond); err != nil {
		return r, err
	}
	who, where := "", rest
	if strings.HasPrefix(rest, "to ") {
		where = rest[3:]
	} else if i := strings.Index(rest, " to "); i >= 0 {
		who, where = rest[:i], rest[i+4:]
	} else if rest != "" {
		return r, fmt.Errorf("write \"retreat [BLOCKS] to AREA [if CONDITION]\"")
	}
	if who != "" && who != "all" {
		if r.Blocks, err = matchList(who, "block", blocks); err != nil {
			return r, err
		}
	}
	where = strings.ReplaceAll(where, " or ", ",")
	where = strings.ReplaceAll(where, "/", ",")
	for _, a := range orders.SplitList(where) {
		if a == "anywhere" || a == "any" {
			continue
		}
		id, err := orders.Match(a, "area", areas)
		if err != nil {
			return r, err
		}
		r.To = append(r.To, id)
	}
	return r, nil
}

// String returns the condition as ParseCondition reads it.
func (c Condition) String() string {
	switch c.Kind {
	case RoundAtLeast:
		return "round >= " + strconv.Itoa(c.N)
	case Weaker:
		return "weaker"
	case BlocksAtMost:
		return "down to " + strconv.Itoa(c.N) + " blocks"
	case StepsAtMost:
		return "strength <= " + strconv.Itoa(c.N)
	}
	return "always"
}

// String returns the orders in the form ParseStanding reads, with IDs.
func (s StandingOrders) String() string { return s.Text(nil) }

// Text returns the orders as ParseStanding reads them, with display names
// (name maps an ID to a name; nil means IDs).
func (s StandingOrders) Text(name func(id string) string) string {
	if name == nil {
		name = func(id string) string { return id }
	}
	list := func(ids []string) string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = name(id)
		}
		return strings.Join(out, ", ")
	}
	parts := []string{"fire"}
	if s.Ask {
		parts = append(parts, "ask me each round")
	}
	if len(s.Pass) > 0 {
		parts = append(parts, "pass "+list(s.Pass))
	}
	for _, r := range s.Retreat {
		t := "retreat "
		if len(r.Blocks) > 0 {
			t += list(r.Blocks) + " "
		}
		if len(r.To) == 0 {
			t += "to anywhere"
		} else {
			to := make([]string, len(r.To))
			for i, a := range r.To {
				to[i] = name(a)
			}
			t += "to " + strings.Join(to, " or ")
		}
		if r.When.Kind != Always {
			t += " if " + r.When.String()
		}
		parts = append(parts, t)
	}
	if len(s.HitOrder) > 0 {
		parts = append(parts, "hits "+list(s.HitOrder))
	}
	if len(s.Order) > 0 {
		parts = append(parts, "order "+list(s.Order))
	}
	for _, g := range s.Regroup {
		who := "all"
		if g.Block != AllBlocks {
			who = name(g.Block)
		}
		if g.To == "" {
			parts = append(parts, "regroup "+who+" stay")
		} else {
			parts = append(parts, "regroup "+who+" to "+name(g.To))
		}
	}
	return strings.Join(parts, "; ")
}
