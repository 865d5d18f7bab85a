package richard3

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/posfile"
)

// PositionFormat is the first line of every Richard III position file
// (docs/positions.md).
const PositionFormat = posfile.Format

// Position writes the state as a position file (docs/positions.md): the
// turn and phase, the King, every block's place and strength, the hands.
// Positions are written at the start of a card phase (or a mulligan
// before it), when nothing is half done: it returns an error for any
// other state, or for one the format cannot give back exactly.
func (s *State) Position() (string, error) {
	if s.Finished {
		return "", fmt.Errorf("the game is over: a position is written at the start of a card phase")
	}
	if s.Phase != phCard && s.Phase != phMulligan {
		return "", fmt.Errorf("the game is in the %s: a position is written at the start of a card phase (or of the mulligan before it)", s.label())
	}
	if s.Ready != [2]bool{} || s.Card != [2]int8{-1, -1} {
		return "", fmt.Errorf("a player has already answered the %s: a position is written at the start of a card phase, before either player has", s.label())
	}
	return posfile.ReadBack(s, s.writePosition(), ParsePosition, "in the "+s.label())
}

var phaseNames = map[phase]string{phMulligan: "mulligan", phCard: "card"}

func (s *State) writePosition() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...); b.WriteByte('\n') }
	p("%s", PositionFormat)
	p("# Richard III position; format in docs/positions.md")
	p("game richard-iii")
	p("scenario %s", s.Scenario)
	p("option reserve-exception %s", s.Opt.ReserveException)
	p("option final-disband %s", onOff(s.Opt.FinalDisband))
	p("option bombard-sea %s", onOff(s.Opt.BombardSea))
	p("option mulligan %s", onOff(s.Opt.Mulligan))
	p("campaign %d of %d", s.Campaign, s.LastCamp)
	p("turn %d", s.Turn)
	p("epoch %d", s.Epoch)
	p("phase %s", phaseNames[s.Phase])
	p("king %s", roleOf(s.King))
	p("player1 %s", roleOf(s.P1))
	for sd := Lancaster; sd <= York; sd++ {
		if s.Mull[sd] != 0 {
			p("mulligan %s %s", roleOf(sd), map[int8]string{1: "claimed", 2: "used"}[s.Mull[sd]])
		}
	}
	for sd := Lancaster; sd <= York; sd++ {
		if s.Entering[sd] != 0 || s.EnterDue[sd] != 0 {
			p("heirs-entering %s %d due %d", roleOf(sd), s.Entering[sd], s.EnterDue[sd])
		}
	}
	for sd := Lancaster; sd <= York; sd++ {
		var ids []string
		for _, c := range handCards(s.Hand[sd]) {
			ids = append(ids, cards[c].ID)
		}
		p("hand %s: %s", roleOf(sd), strings.Join(ids, ", "))
	}
	p("")
	p("# block  where  strength/maximum")
	p("# where: an area, or pool, down (face down in the pool), minor (heir not")
	p("# yet in play), aside (other version in play), dead, defected, captive")
	for i := 0; i < nBlocks; i++ {
		p("block %-16s %-16s %d/%d", blocks[i].ID, locWord(s.Loc[i]), s.Str[i], blocks[i].Steps)
	}
	return b.String()
}

func onOff(v bool) string {
	if v {
		return "on"
	}
	return "off"
}

var locWords = map[int8]string{locPool: "pool", locDown: "down", locMinor: "minor", locAside: "aside",
	locDead: "dead", locDefected: "defected", locCaptive: "captive"}

func locWord(l int8) string {
	if onMap(l) {
		return areas[l].ID
	}
	return locWords[l]
}

// PositionError is a position file that cannot be used, with the line
// at fault (0 for the position as a whole).
type PositionError = posfile.Error

// ParsePosition reads a position file (docs/positions.md) and returns the
// game it describes, checked against the rules' limits. A text without a
// line break is read as lines joined by ';' (the form of the "position"
// option: comments dropped, line numbers kept).
func ParsePosition(text string) (*State, error) {
	s := &State{LastCamp: 3, Epoch: 1, Treason: -1, TreasonA: -1, Winner: NoSide, BArea: -1,
		Card: [2]int8{-1, -1}, Phase: phCard, King: NoSide, P1: Lancaster}
	s.Opt = Opts{ReserveException: "both", FinalDisband: true, BombardSea: true, Mulligan: true}
	s.resetFronts()
	for i := range s.Loc {
		s.Loc[i] = locDead
	}
	var placed [64]int // line of each block's entry
	seen := posfile.Seen{"format": 1}
	var cardLine [32]int
	lines, err := posfile.Lines(text)
	if err != nil {
		return nil, err
	}
	for _, ln := range lines {
		no, key, args := ln.No, ln.Key, ln.Args
		need, bad := ln.Want, posfile.Errorf
		sideArg := func(w string) (Side, error) {
			switch strings.ToLower(w) {
			case "lancaster":
				return Lancaster, nil
			case "york":
				return York, nil
			}
			return NoSide, bad(no, "%q is not a side (lancaster or york)", w)
		}
		num := ln.Num
		switch key {
		case "game":
			if err = need(1, "game richard-iii"); err == nil && args[0] != "richard-iii" {
				err = bad(no, "this is a position of %s, not richard-iii", args[0])
			}
		case "scenario":
			if err = need(1, "scenario ID"); err == nil {
				if _, ok := scenarios[args[0]]; !ok {
					err = bad(no, "unknown scenario %q (wars-of-the-roses, kingmaker, richard-iii)", args[0])
				}
				s.Scenario = args[0]
			}
		case "option":
			if err = need(2, "option NAME VALUE"); err != nil {
				break
			}
			err = seen.Once("option "+args[0], ln)
			v := args[1]
			onoff := func(dst *bool) {
				switch v {
				case "on":
					*dst = true
				case "off":
					*dst = false
				default:
					err = bad(no, "option %s: %q is not on or off", args[0], v)
				}
			}
			switch args[0] {
			case "reserve-exception":
				if v != "both" && v != "defender" {
					err = bad(no, "option reserve-exception: %q is not both or defender", v)
				}
				s.Opt.ReserveException = v
			case "final-disband":
				onoff(&s.Opt.FinalDisband)
			case "bombard-sea":
				onoff(&s.Opt.BombardSea)
			case "mulligan":
				onoff(&s.Opt.Mulligan)
			default:
				err = bad(no, "unknown option %q (reserve-exception, final-disband, bombard-sea, mulligan)", args[0])
			}
		case "campaign":
			if err = need(3, "campaign N of M"); err != nil || args[1] != "of" {
				err = bad(no, "want %q", "campaign N of M")
				break
			}
			if s.Campaign, err = num(args[0], 1, 3, "campaign"); err == nil {
				s.LastCamp, err = num(args[2], s.Campaign, 3, "last campaign")
			}
		case "turn":
			if err = need(1, "turn N"); err == nil {
				s.Turn, err = num(args[0], 1, 7, "turn")
			}
		case "epoch":
			if err = need(1, "epoch N"); err == nil {
				s.Epoch, err = num(args[0], 1, 1<<20, "epoch")
			}
		case "phase":
			if err = need(1, "phase card|mulligan"); err != nil {
				break
			}
			switch args[0] {
			case "card":
				s.Phase = phCard
			case "mulligan":
				s.Phase = phMulligan
			default:
				err = bad(no, "phase %q: a position starts a card phase (card) or the mulligan before it (mulligan)", args[0])
			}
		case "king":
			if err = need(1, "king SIDE"); err == nil {
				s.King, err = sideArg(args[0])
			}
		case "player1":
			if err = need(1, "player1 SIDE"); err == nil {
				s.P1, err = sideArg(args[0])
			}
		case "mulligan":
			if err = need(2, "mulligan SIDE claimed|used"); err != nil {
				break
			}
			var sd Side
			if sd, err = sideArg(args[0]); err != nil {
				break
			}
			switch args[1] {
			case "claimed":
				s.Mull[sd] = 1
			case "used":
				s.Mull[sd] = 2
			default:
				err = bad(no, "mulligan %s: %q is not claimed or used", sd, args[1])
			}
		case "heirs-entering":
			if err = need(4, "heirs-entering SIDE N due M"); err != nil || args[2] != "due" {
				err = bad(no, "want %q", "heirs-entering SIDE N due M")
				break
			}
			var sd Side
			if sd, err = sideArg(args[0]); err != nil {
				break
			}
			var n, d int
			if n, err = num(args[1], 0, 5, "heirs entering"); err == nil {
				d, err = num(args[3], 0, 5, "heirs due")
			}
			s.Entering[sd], s.EnterDue[sd] = int8(n), int8(d)
		case "hand":
			w, list, ok := strings.Cut(ln.Rest(), ":")
			if !ok {
				err = bad(no, "want %q", "hand SIDE: CARD, CARD, ...")
				break
			}
			var sd Side
			if sd, err = sideArg(strings.TrimSpace(w)); err != nil {
				break
			}
			if err = seen.Once("hand "+sd.String(), ln); err != nil {
				break
			}
			for _, name := range strings.Split(list, ",") {
				name = strings.TrimSpace(name)
				if name == "" {
					continue
				}
				c, cerr := positionCard(name, s.Hand[0]|s.Hand[1])
				if cerr != "" {
					err = bad(no, "%s", cerr)
					break
				}
				if cardLine[c] != 0 {
					err = bad(no, "card %s is already in a hand (line %d)", cards[c].ID, cardLine[c])
					break
				}
				cardLine[c] = no
				s.Hand[sd] |= 1 << c
			}
		case "block":
			if len(args) != 3 {
				err = bad(no, "want %q", "block ID WHERE STRENGTH[/MAXIMUM]")
				break
			}
			i, ok := blockIdx[args[0]]
			if !ok {
				err = bad(no, "unknown block %q", args[0])
				break
			}
			if placed[i] != 0 {
				err = bad(no, "block %s is placed twice (first at line %d)", args[0], placed[i])
				break
			}
			placed[i] = no
			if a, ok := areaIdx[args[1]]; ok {
				s.Loc[i] = int8(a)
			} else {
				found := false
				for l, w := range locWords {
					if w == args[1] {
						s.Loc[i], found = l, true
					}
				}
				if !found {
					err = bad(no, "block %s: unknown area %q (an area ID, or pool, down, minor, aside, dead, defected, captive)", args[0], args[1])
					break
				}
			}
			st, maxs, _ := strings.Cut(args[2], "/")
			n, nerr := strconv.Atoi(st)
			if nerr != nil {
				err = bad(no, "block %s: strength %q is not a number", args[0], args[2])
				break
			}
			if maxs != "" && maxs != strconv.Itoa(int(blocks[i].Steps)) {
				err = bad(no, "block %s: its maximum strength is %d, not %s", args[0], blocks[i].Steps, maxs)
				break
			}
			lo := 1
			if !onMap(s.Loc[i]) {
				lo = 0
			}
			if n < lo || n > int(blocks[i].Steps) {
				err = bad(no, "block %s: strength %d is outside %d..%d (its maximum is %d)", args[0], n, lo, blocks[i].Steps, blocks[i].Steps)
				break
			}
			s.Str[i] = int8(n)
		default:
			err = bad(no, "unknown keyword %q (see docs/positions.md)", key)
		}
		if err != nil {
			return nil, err
		}
		if key != "block" && key != "option" && key != "hand" && key != "mulligan" && key != "heirs-entering" {
			if err := seen.Once(key, ln); err != nil {
				return nil, err
			}
		}
	}
	if err := seen.Need("scenario", "campaign", "turn", "king"); err != nil {
		return nil, err
	}
	var missing []string
	for i := 0; i < nBlocks; i++ {
		if placed[i] == 0 {
			missing = append(missing, blocks[i].ID)
		}
	}
	if len(missing) > 0 {
		return nil, posfile.Errorf(0, "every block needs a line (block ID WHERE STRENGTH); missing: %s", strings.Join(missing, ", "))
	}
	if c := scenarios[s.Scenario].Campaign; s.Campaign < c {
		return nil, posfile.Errorf(seen["campaign"], "the %s scenario starts in campaign %d", s.Scenario, c)
	}
	if s.Phase == phMulligan && !s.Opt.Mulligan {
		return nil, posfile.Errorf(seen["phase"], "phase mulligan with the mulligan option off")
	}
	if err := s.checkPosition(placed); err != nil {
		return nil, err
	}
	return s, nil
}

// positionCard finds a card by ID or name; a name several cards share
// ("4 AP", "4") takes the first of them not in used.
func positionCard(name string, used uint32) (int, string) {
	n := strings.ToLower(name)
	for c := range cards {
		if cards[c].ID == n {
			return c, ""
		}
	}
	for c := range cards {
		if used&(1<<c) == 0 && (strings.ToLower(cards[c].Name) == n || cards[c].Event == "" && strconv.Itoa(cards[c].Value) == n) {
			return c, ""
		}
	}
	var ids []string
	for c := range cards {
		ids = append(ids, cards[c].ID)
	}
	return -1, fmt.Sprintf("unknown card %q, or no card of that name left (cards: %s)", name, strings.Join(ids, ", "))
}

// checkPosition applies the rules' limits to a position just read:
// those of Check, each named with the line at fault where there is one.
func (s *State) checkPosition(placed [64]int) error {
	blockErr := func(i int, format string, args ...any) error {
		return &PositionError{Line: placed[i], Reason: fmt.Sprintf(format, args...)}
	}
	for i := 0; i < nBlocks; i++ {
		l := s.Loc[i]
		if onMap(l) && areas[l].Exile == s.owner(i).Other() {
			return blockErr(i, "%s may not be in %s, the enemy's exile area", blocks[i].ID, areas[l].ID)
		}
		if c := blocks[i].Counter; c >= 0 {
			in := func(x int8) bool { return onMap(x) || x == locPool || x == locDown }
			if in(s.Loc[i]) && in(s.Loc[c]) {
				return blockErr(max(i, c), "%s and %s are two versions of one block: only one may be in play (the other is aside, defected or dead)", blocks[i].ID, blocks[c].ID)
			}
		}
		if blocks[i].Type == tHeir && (l == locPool || l == locDown) {
			return blockErr(i, "heir %s cannot be in a pool", blocks[i].ID)
		}
		if l == locCaptive && s.Scenario != "kingmaker" {
			return blockErr(i, "only Henry VI in the Kingmaker scenario is held captive")
		}
	}
	for a := 0; a < nAreas; a++ {
		if s.contested(a) {
			var ids []string
			for _, i := range s.blocksIn(a, NoSide) {
				ids = append(ids, blocks[i].ID)
			}
			return &PositionError{Reason: fmt.Sprintf("%s holds blocks of both sides (%s): a card phase starts with no battle", areas[a].ID, strings.Join(ids, ", "))}
		}
	}
	for sd := Lancaster; sd <= York; sd++ {
		if want := 8 - s.Turn; bits.OnesCount32(s.Hand[sd]) != want {
			return &PositionError{Reason: fmt.Sprintf("%s holds %d cards: turn %d starts with %d in each hand", roleOf(sd), bits.OnesCount32(s.Hand[sd]), s.Turn, want)}
		}
		if s.heirsLeft(sd) == 0 {
			return &PositionError{Reason: fmt.Sprintf("%s has no heir left: the game would be over", roleOf(sd))}
		}
	}
	if s.King < 0 {
		return &PositionError{Reason: "the king line is missing"}
	}
	if s.seniorHeir(s.King) < 0 {
		return &PositionError{Line: 0, Reason: fmt.Sprintf("the King's side (%s) has no heir on the map", roleOf(s.King))}
	}
	if err := s.Check(); err != nil {
		return &PositionError{Reason: err.Error()}
	}
	return nil
}

// setupPosition starts a game from a position given as the "position"
// option, for the scenario named.
func setupPosition(scn, text string, opts adjudicator.Options) (*State, error) {
	s, err := ParsePosition(text)
	if err != nil {
		return nil, err
	}
	if s.Scenario != scn {
		return nil, fmt.Errorf("the position is of the %s scenario, not %s", s.Scenario, scn)
	}
	want := map[string]string{"reserve-exception": s.Opt.ReserveException, "final-disband": onOff(s.Opt.FinalDisband),
		"bombard-sea": onOff(s.Opt.BombardSea), "mulligan": onOff(s.Opt.Mulligan)}
	if err := posfile.MatchOptions((Game{}).Info().Options, opts, want); err != nil {
		return nil, err
	}
	return s, nil
}
