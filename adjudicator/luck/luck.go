// Package luck answers "the dice are rigged": from a game's verified
// record it counts each player's public dice, face by face and die size
// by die size, against what fair dice give, with Pearson's chi-square
// goodness-of-fit statistic and its p-value.
//
// Only dice that can be checked count: public draws of epochs whose
// secret is revealed, in a record that verifies (record.Verify). Hidden
// draws (shuffles, deals) are not dice rolls and are left out, as are the
// draws of entries a rollback took back (the same entries, applied again,
// drew the same dice, which then count once).
//
// A record does not say who rolled a die, only which entry caused it and
// why (its purpose). When the game is known and its states say whose die
// a purpose is (adjudicator.DieOwner: "battle Kent r1 warwick" is the
// side of the block warwick, read in the state the entry applied to), the
// die is that side's; otherwise it is given to the role named by the
// first word of its purpose ("red t1 die 1") when that word is one of the
// game's roles, and otherwise to the role whose entry caused it: the player
// whose orders (or whose deadline defaults) were being applied, or the GM
// for the set-up and GM actions. In a battle both sides' dice are rolled
// while one player's orders are applied, so in the games that work that
// way the figures are "dice rolled on my orders" rather than "my dice";
// the report says which rule gave how many dice.
package luck

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/record"
)

// All is the Role of the line that sums every player's dice.
const All = "all"

// MinExpected is the expected count per face below which the chi-square
// approximation is rough: a figure computed from fewer rolls is flagged.
const MinExpected = 5

// Report is the luck report of one game.
type Report struct {
	GameID string
	Game   string
	// PublicUpTo is the last epoch whose dice could be checked.
	PublicUpTo int
	// Players are the roles in the record's order, then the GM (if he
	// rolled), then All; roles without a die are left out.
	Players []Player
	// ByPurpose and ByEntry count the dice attributed by their purpose
	// (read by the game, or its first word naming a role) and by the role
	// of the entry that caused them.
	ByPurpose, ByEntry int
	// Unrevealed counts the public dice of epochs whose secret is not
	// yet revealed, and Undone those of entries taken back by a
	// rollback; neither is counted.
	Unrevealed, Undone int
}

// Player is one role's dice.
type Player struct {
	Role string
	Dice []Die // by number of sides
}

// Die is one role's rolls of one die size.
type Die struct {
	Sides int
	Rolls int
	// Counts[f-1] is how many times face f came up.
	Counts []int
	// Expected is the count of each face that fair dice give on
	// average: Rolls/Sides.
	Expected float64
	// Mean is the average roll, ExpectedMean that of a fair die,
	// (Sides+1)/2.
	Mean, ExpectedMean float64
	// ChiSquare is Σ (count − expected)²/expected over the faces, with
	// DF = Sides−1 degrees of freedom; P is the chance that fair dice
	// give a figure at least as large.
	ChiSquare float64
	DF        int
	P         float64
	// FewRolls says Expected < MinExpected: P is then only indicative.
	FewRolls bool
}

// Compute builds the luck report of rec. It fails if rec does not verify.
func Compute(rec *record.Record) (*Report, error) {
	if rec == nil {
		return nil, errors.New("luck: no record")
	}
	vr := record.Verify(rec)
	if !vr.OK() {
		return nil, fmt.Errorf("the record of %s does not verify (%d problems; run pbem verify): no luck report from dice that cannot be checked", rec.GameID, len(vr.Problems))
	}
	rep := &Report{GameID: rec.GameID, Game: rec.Game, PublicUpTo: vr.PublicUpTo}
	roles := map[string]bool{}
	for _, r := range rec.Roles {
		roles[string(r)] = true
	}
	live := liveEntries(rec.Entries)
	byRole := map[string]map[int][]int{} // role → sides → counts
	entryRole := map[int]string{}
	for _, e := range rec.Entries {
		entryRole[e.Seq] = e.Role
	}
	// The game, when known, reads whose each die is in the state its
	// entry applied to.
	owners := map[int]adjudicator.DieOwner{}
	if g, err := adjudicator.Lookup(rec.Game); err == nil {
		_, _, err := record.Walk(rec, g, func(e record.Entry, st adjudicator.State) {
			if o, ok := st.(adjudicator.DieOwner); ok {
				owners[e.Seq] = o
			}
		})
		if err != nil {
			return nil, fmt.Errorf("the record of %s does not replay (%v): no luck report", rec.GameID, err)
		}
	}
	add := func(role string, sides, result int) {
		if byRole[role] == nil {
			byRole[role] = map[int][]int{}
		}
		if byRole[role][sides] == nil {
			byRole[role][sides] = make([]int, sides)
		}
		byRole[role][sides][result-1]++
	}
	for _, d := range rec.Draws {
		if d.Stream != dice.Public {
			continue
		}
		if !live[d.Entry] {
			rep.Undone++
			continue
		}
		if d.Epoch > vr.PublicUpTo {
			rep.Unrevealed++
			continue
		}
		if d.Sides < 2 || d.Result < 1 || d.Result > d.Sides {
			return nil, fmt.Errorf("record of %s: draw of entry %d: result %d of a d%d", rec.GameID, d.Entry, d.Result, d.Sides)
		}
		role := entryRole[d.Entry]
		owner, byGame := adjudicator.Role(""), false
		if o := owners[d.Entry]; o != nil {
			owner, byGame = o.DieOwner(d.Purpose)
		}
		if byGame && roles[string(owner)] {
			role = string(owner)
			rep.ByPurpose++
		} else if w, _, _ := strings.Cut(d.Purpose, " "); roles[w] {
			role = w
			rep.ByPurpose++
		} else {
			rep.ByEntry++
		}
		add(role, d.Sides, d.Result)
		add(All, d.Sides, d.Result)
	}
	order := make([]string, 0, len(rec.Roles)+2)
	for _, r := range rec.Roles {
		order = append(order, string(r))
	}
	var others []string
	for r := range byRole {
		if !slices.Contains(order, r) && r != All {
			others = append(others, r)
		}
	}
	slices.Sort(others) // "gm", and any role not in the header
	order = append(append(order, others...), All)
	for _, r := range order {
		sizes := byRole[r]
		if len(sizes) == 0 {
			continue
		}
		p := Player{Role: r}
		keys := make([]int, 0, len(sizes))
		for s := range sizes {
			keys = append(keys, s)
		}
		slices.Sort(keys)
		for _, s := range keys {
			p.Dice = append(p.Dice, Fit(s, sizes[s]))
		}
		rep.Players = append(rep.Players, p)
	}
	return rep, nil
}

// Fit compares counts[f-1], the times face f of a die with sides faces
// came up, with fair dice.
func Fit(sides int, counts []int) Die {
	d := Die{Sides: sides, Counts: slices.Clone(counts), DF: sides - 1, ExpectedMean: float64(sides+1) / 2}
	sum := 0
	for f, c := range counts {
		d.Rolls += c
		sum += (f + 1) * c
	}
	if d.Rolls == 0 {
		d.P = math.NaN()
		return d
	}
	d.Expected = float64(d.Rolls) / float64(sides)
	d.Mean = float64(sum) / float64(d.Rolls)
	for _, c := range counts {
		diff := float64(c) - d.Expected
		d.ChiSquare += diff * diff / d.Expected
	}
	d.P = ChiSquareP(d.ChiSquare, d.DF)
	d.FewRolls = d.Expected < MinExpected
	return d
}

// liveEntries returns the entries that stand: those not taken back by a
// later rollback.
func liveEntries(entries []record.Entry) map[int]bool {
	var stack []int
	for _, e := range entries {
		if e.Kind == record.KindRollback {
			for len(stack) > 0 && stack[len(stack)-1] > e.To {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		stack = append(stack, e.Seq)
	}
	live := make(map[int]bool, len(stack))
	for _, s := range stack {
		live[s] = true
	}
	return live
}

// Write writes the report for people in a reader's language: say renders
// each of its messages (the platform's catalogue holds their keys,
// luck.report.*). The figures are written as numbers, the roles by their
// names in the record. A paragraph is one line, for the caller to wrap;
// the tables keep their columns.
func (r *Report) Write(w io.Writer, say func(msg.M) string) error {
	var b strings.Builder
	line := func(indent string, m msg.M) { b.WriteString(indent + say(m) + "\n") }
	total := r.ByPurpose + r.ByEntry
	line("", msg.New("luck.report.heading", "Game", r.GameID, "Title", r.Game, "Dice", total, "Epoch", r.PublicUpTo))
	if r.Unrevealed > 0 {
		line("", msg.Plural("luck.report.unrevealed", r.Unrevealed))
	}
	if r.Undone > 0 {
		line("", msg.Plural("luck.report.undone", r.Undone))
	}
	switch {
	case total == 0:
		line("", msg.New("luck.report.no_dice"))
	case r.ByEntry == 0:
		line("", msg.New("luck.report.by_purpose"))
	case r.ByPurpose == 0:
		line("", msg.New("luck.report.by_entry"))
	default:
		line("", msg.New("luck.report.mixed", "ByPurpose", r.ByPurpose, "ByEntry", r.ByEntry))
	}
	face, rolled := say(msg.New("luck.report.face")), say(msg.New("luck.report.rolled"))
	width := max(utf8.RuneCountInString(face), utf8.RuneCountInString(rolled)) + 2
	pad := func(s string) string { return s + strings.Repeat(" ", width-utf8.RuneCountInString(s)) }
	for _, p := range r.Players {
		name := p.Role
		if name == All {
			name = say(msg.New("luck.report.all_sides"))
		}
		fmt.Fprintf(&b, "\n%s\n", name)
		for _, d := range p.Dice {
			line("  ", msg.Plural("luck.report.die", d.Rolls, "Sides", d.Sides, "Mean", fmt.Sprintf("%.2f", d.Mean), "Fair", fmt.Sprintf("%.2f", d.ExpectedMean)))
			if d.Sides <= 20 {
				b.WriteString("    " + pad(face))
				for f := 1; f <= d.Sides; f++ {
					fmt.Fprintf(&b, "%5d", f)
				}
				b.WriteString("\n    " + pad(rolled))
				for _, c := range d.Counts {
					fmt.Fprintf(&b, "%5d", c)
				}
				b.WriteString("\n")
				line("    ", msg.New("luck.report.expected", "N", fmt.Sprintf("%.1f", d.Expected)))
			}
			line("    ", msg.New("luck.report.chi_square", "Chi", fmt.Sprintf("%.2f", d.ChiSquare), "DF", d.DF, "P", pText(d.P)))
			if d.FewRolls {
				line("    ", msg.New("luck.report.few_rolls", "N", MinExpected))
			}
		}
	}
	b.WriteString("\n")
	line("", msg.New("luck.report.p_value"))
	_, err := io.WriteString(w, b.String())
	return err
}

func pText(p float64) string {
	switch {
	case math.IsNaN(p):
		return "-"
	case p < 0.0001:
		return "< 0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}
