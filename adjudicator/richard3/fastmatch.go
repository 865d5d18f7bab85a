package richard3

import (
	"github.com/pbem/pbem/adjudicator/orders"
)

// eqNorm reports whether in, normalised as orders.Norm does (lower case,
// "_" and "-" as spaces, runs of spaces as one, trimmed), equals norm,
// which is already normalised. ok is false when in holds a byte beyond
// ASCII, for which only orders.Norm knows the answer.
func eqNorm(in, norm string) (eq, ok bool) {
	j := 0
	space := false // a space is owed before the next word
	started := false
	for i := 0; i < len(in); i++ {
		c := in[i]
		if c >= 0x80 {
			return false, false
		}
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == '_' || c == '-' {
			space = started
			continue
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if space {
			if j >= len(norm) || norm[j] != ' ' {
				return false, true
			}
			j++
			space = false
		}
		if j >= len(norm) || norm[j] != c {
			return false, true
		}
		j++
		started = true
	}
	return j == len(norm), true
}

// matchVerb is orders.MatchVerb without allocations when the verb is
// written out in full (an exact match wins there too). A verb in Spanish
// or Italian (verbAliases) stands for its English verb.
func matchVerb(verb string, verbs []string) (string, error) {
	for _, v := range verbs {
		eq, ok := eqNorm(verb, v)
		if !ok {
			break
		}
		if eq {
			return v, nil
		}
	}
	if en, ok := verbAliases[verb]; ok {
		for _, v := range verbs {
			if v == en {
				return v, nil
			}
		}
	}
	return orders.MatchVerb(verb, verbs)
}

// blockNorm holds each block's ID, name and aliases, normalised, in the
// order orders.Match tries them.
var blockNorm [][]string

// blockONames holds each block as an orders.Match candidate: its ID,
// with its name and aliases.
var blockONames []orders.Name

func init() {
	blockONames = make([]orders.Name, len(blocks))
	for i := range blocks {
		blockONames[i] = orders.Name{ID: blocks[i].ID, Aliases: append([]string{blocks[i].Name}, blockAliases(i)...)}
	}
	blockNorm = make([][]string, len(blocks))
	for i := range blocks {
		ns := []string{orders.Norm(blocks[i].ID), orders.Norm(blocks[i].Name)}
		for _, a := range blockAliases(i) {
			ns = append(ns, orders.Norm(a))
		}
		blockNorm[i] = ns
	}
}

// exactBlock returns the first candidate whose ID, name or alias is in
// exactly (as orders.Match's first pass), or -1 when there is none or
// the fast comparison cannot tell.
func exactBlock(in string, cands []int) int {
	for _, i := range cands {
		for _, n := range blockNorm[i] {
			eq, ok := eqNorm(in, n)
			if !ok {
				return -1
			}
			if eq {
				return i
			}
		}
	}
	return -1
}
