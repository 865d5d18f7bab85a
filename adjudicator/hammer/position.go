package hammer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/posfile"
)

// PositionFormat is the first line of every Hammer of the Scots position
// file (docs/positions.md).
const PositionFormat = posfile.Format

// Position writes the state as a position file (docs/positions.md): the
// year, game turn, every block's place and strength, the hands. Positions
// are written at the start of a card phase, before either card is chosen:
// it returns an error for any other state, or for one the format cannot
// give back exactly.
func (s *St) Position() (string, error) {
	if s.Fin {
		return "", fmt.Errorf("the game is over: a position is written at the start of a card phase")
	}
	if s.Phase != PhCard || s.Play != [2]int8{-1, -1} {
		return "", fmt.Errorf("the game is at %s: a position is written at the start of a card phase, before either card is chosen", s.label())
	}
	return posfile.ReadBack(s, s.writePosition(), ParsePosition, "at "+s.label())
}

// afterWords name the phase the last battle phase went on to (St.After).
var afterWords = map[int8]string{PhCard: "none", PhEvent: "event", phEndTurn: "end-turn"}

func areaOrDash(a int8) string {
	if a >= 0 && a < NA {
		return areas[a].ID
	}
	return "-"
}

var locWords = map[int8]string{LocPool: "pool", LocAside: "aside", LocRemoved: "removed", LocOut: "out"}

func (s *St) writePosition() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...); b.WriteByte('\n') }
	p("%s", PositionFormat)
	p("# Hammer of the Scots position; format in docs/positions.md")
	p("game %s", Name)
	p("scenario %s", s.Scn)
	p("option schiltroms %s", onOff(s.Schil))
	p("option etterick-move %d", map[bool]int{false: 2, true: 3}[s.Ett3])
	bid := "none"
	if s.BidE > 0 {
		bid = fmt.Sprintf("E%d", s.BidE)
	} else if s.BidS > 0 {
		bid = fmt.Sprintf("S%d", s.BidS)
	}
	p("option bid %s", bid)
	p("year %d of %d", s.Year, s.Last)
	p("turn %d", s.GT)
	p("epoch %d", s.Epoch)
	p("phase card")
	p("player1 %s", sideRole(int(s.P1)))
	if s.KingDone {
		p("king-crowned")
	}
	if s.Ed2 {
		p("edward-ii")
	}
	if s.EdWin != 0 {
		p("edward-wintered %d", s.EdWin)
	}
	if w := afterWords[s.After]; w != "none" {
		p("after-battles %s # bookkeeping: no effect at the start of a card phase", w)
	}
	if s.HomeCh != [2]int8{} || s.MorayCh != 0 || s.KingBar != 0 || s.EdWinAt != -1 || s.WOwe != [2]bool{} {
		p("last-winter %s %s %s %d %s # bookkeeping: no effect at the start of a card phase",
			areaOrDash(s.HomeCh[0]), areaOrDash(s.HomeCh[1]), areaOrDash(s.MorayCh), s.KingBar, areaOrDash(s.EdWinAt))
	}
	for side := 0; side < 2; side++ {
		var ids []string
		for _, c := range s.Hand[side] {
			if c >= 0 {
				ids = append(ids, cards[c].ID)
			}
		}
		p("hand %s: %s", sideRole(side), strings.Join(ids, ", "))
	}
	p("")
	p("# block  where  strength/maximum")
	p("# where: an area, or pool, aside (the Scottish King, the French knights),")
	p("# removed (out of the game), out (the other colour of a noble in play)")
	for i := 0; i < NB; i++ {
		if s.Loc[i] < NA {
			p("block %-16s %-14s %d/%d", blocks[i].ID, areas[s.Loc[i]].ID, s.Str[i], blocks[i].Max)
		} else {
			p("block %-16s %s", blocks[i].ID, locWords[s.Loc[i]])
		}
	}
	return b.String()
}

func onOff(v bool) string {
	if v {
		return "on"
	}
	return "off"
}

// PositionError is a position file that cannot be used, with the line
// at fault (0 for the position as a whole).
type PositionError = posfile.Error

// ParsePosition reads a position file (docs/positions.md) and returns the
// game it describes, checked against the rules' limits. A text without a
// line break is read as lines joined by ';' (the form of the "position"
// option: comments dropped, line numbers kept).
func ParsePosition(text string) (*St, error) {
	s := &St{Winner: -1, EdWinAt: -1, Epoch: 1, GT: 1, P1: -1, Pieces: &Pieces{}, pcOwn: true}
	s.clearTurn()
	s.Phase = PhCard
	for side := range s.Hand {
		for k := range s.Hand[side] {
			s.Hand[side][k] = -1
		}
	}
	var placed [NB]int
	var cardLine [NC]int
	nh := [2]int{}
	seen := posfile.Seen{"format": 1}
	lines, err := posfile.Lines(text)
	if err != nil {
		return nil, err
	}
	for _, ln := range lines {
		no, key, args := ln.No, ln.Key, ln.Args
		need, bad := ln.Want, posfile.Errorf
		sideArg := func(w string) (int, error) {
			switch strings.ToLower(w) {
			case "england":
				return England, nil
			case "scotland":
				return Scotland, nil
			}
			return -1, bad(no, "%q is not a side (england or scotland)", w)
		}
		num := ln.Num
		repeatable := false
		switch key {
		case "game":
			if err = need(1, "game "+Name); err == nil && args[0] != Name {
				err = bad(no, "this is a position of %s, not %s", args[0], Name)
			}
		case "scenario":
			if err = need(1, "scenario ID"); err == nil {
				if _, ok := scenYears[scenKey(args[0])]; !ok {
					err = bad(no, "unknown scenario %q (braveheart, the-bruce, campaign)", args[0])
				}
				s.Scn = args[0]
			}
		case "option":
			repeatable = true
			if err = need(2, "option NAME VALUE"); err != nil {
				break
			}
			if l, ok := seen["option "+args[0]]; ok {
				err = bad(no, "option %s is given twice (first at line %d)", args[0], l)
				break
			}
			seen["option "+args[0]] = no
			switch v := args[1]; args[0] {
			case "schiltroms":
				if v != "on" && v != "off" {
					err = bad(no, "option schiltroms: %q is not on or off", v)
				}
				s.Schil = v == "on"
			case "etterick-move":
				if v != "2" && v != "3" {
					err = bad(no, "option etterick-move: %q is not 2 or 3", v)
				}
				s.Ett3 = v == "3"
			case "bid":
				s.BidE, s.BidS = 0, 0
				switch u := strings.ToUpper(v); u {
				case "NONE":
				case "E1", "E2", "E3":
					s.BidE = int8(u[1] - '0')
				case "S1", "S2", "S3":
					s.BidS = int8(u[1] - '0')
				default:
					err = bad(no, "option bid: %q is not none, E1-E3 or S1-S3", v)
				}
			default:
				err = bad(no, "unknown option %q (schiltroms, etterick-move, bid)", args[0])
			}
		case "year":
			if err = need(3, "year Y of LAST"); err != nil || args[1] != "of" {
				err = bad(no, "want %q", "year Y of LAST")
				break
			}
			var y, l int
			if y, err = num(args[0], 1297, 1314, "year"); err == nil {
				l, err = num(args[2], y, 1314, "last year")
			}
			s.Year, s.Last = int16(y), int16(l)
		case "turn":
			if err = need(1, "turn N"); err == nil {
				var n int
				n, err = num(args[0], 1, 5, "game turn")
				s.GT = int8(n)
			}
		case "epoch":
			if err = need(1, "epoch N"); err == nil {
				var n int
				n, err = num(args[0], 1, 1<<20, "epoch")
				s.Epoch = int32(n)
			}
		case "phase":
			if err = need(1, "phase card"); err == nil && args[0] != "card" {
				err = bad(no, "phase %q: a position starts a card phase (card)", args[0])
			}
		case "player1":
			if err = need(1, "player1 SIDE"); err == nil {
				var sd int
				sd, err = sideArg(args[0])
				s.P1 = int8(sd)
			}
		case "king-crowned":
			err = need(0, "king-crowned")
			s.KingDone = true
		case "edward-ii":
			err = need(0, "edward-ii")
			s.Ed2 = true
		case "edward-wintered":
			if err = need(1, "edward-wintered YEAR"); err == nil {
				var y int
				y, err = num(args[0], 1296, 1314, "year")
				s.EdWin = int16(y)
			}
		case "after-battles":
			if err = need(1, "after-battles none|event|end-turn"); err != nil {
				break
			}
			found := false
			for v, w := range afterWords {
				if w == args[0] {
					s.After, found = v, true
				}
			}
			if !found {
				err = bad(no, "after-battles %q: want none, event or end-turn", args[0])
			}
		case "last-winter":
			if err = need(5, "last-winter AREA|- AREA|- AREA|- BITS AREA|-"); err != nil {
				break
			}
			var v [4]int8
			for k, w := range []string{args[0], args[1], args[2], args[4]} {
				if w == "-" {
					v[k] = -1
				} else if a, ok := areaByID[w]; ok {
					v[k] = int8(a)
				} else {
					err = bad(no, "last-winter: unknown area %q", w)
				}
			}
			bar, berr := strconv.ParseUint(args[3], 10, 32)
			if berr != nil || bar >= 1<<NA {
				err = bad(no, "last-winter: %q is not a set of areas", args[3])
			}
			s.HomeCh, s.MorayCh, s.KingBar, s.EdWinAt = [2]int8{v[0], v[1]}, v[2], uint32(bar), v[3]
		case "hand":
			repeatable = true
			w, list, ok := strings.Cut(ln.Rest(), ":")
			if !ok {
				err = bad(no, "want %q", "hand SIDE: CARD, CARD, ...")
				break
			}
			var sd int
			if sd, err = sideArg(strings.TrimSpace(w)); err != nil {
				break
			}
			if l, ok := seen["hand "+sideRole(sd)]; ok {
				err = bad(no, "%s's hand is given twice (first at line %d)", sideRole(sd), l)
				break
			}
			seen["hand "+sideRole(sd)] = no
			for _, name := range strings.Split(list, ",") {
				name = strings.TrimSpace(name)
				if name == "" {
					continue
				}
				c := positionCard(name, cardLine)
				if c < 0 {
					var ids []string
					for k := range cards {
						ids = append(ids, cards[k].ID)
					}
					err = bad(no, "unknown card %q, or no card of that name left (cards: %s)", name, strings.Join(ids, ", "))
					break
				}
				if cardLine[c] != 0 {
					err = bad(no, "card %s is already in a hand (line %d)", cards[c].ID, cardLine[c])
					break
				}
				if nh[sd] == 5 {
					err = bad(no, "a hand holds at most 5 cards")
					break
				}
				cardLine[c] = no
				s.Hand[sd][nh[sd]] = int8(c)
				nh[sd]++
			}
			sortHand(&s.Hand[sd])
		case "block":
			repeatable = true
			if len(args) != 2 && len(args) != 3 {
				err = bad(no, "want %q", "block ID AREA STRENGTH[/MAXIMUM] or block ID pool|aside|removed|out")
				break
			}
			b, ok := blockByID[args[0]]
			if !ok {
				err = bad(no, "unknown block %q", args[0])
				break
			}
			if placed[b] != 0 {
				err = bad(no, "block %s is placed twice (first at line %d)", args[0], placed[b])
				break
			}
			placed[b] = no
			where := args[1]
			if a, ok := areaByID[where]; ok {
				if len(args) != 3 {
					err = bad(no, "block %s in %s: give its strength (block ID AREA STRENGTH)", args[0], where)
					break
				}
				s.pc().Loc[b] = int8(a)
				st, maxs, _ := strings.Cut(args[2], "/")
				n, nerr := strconv.Atoi(st)
				if nerr != nil {
					err = bad(no, "block %s: strength %q is not a number", args[0], args[2])
					break
				}
				if maxs != "" && maxs != strconv.Itoa(blocks[b].Max) {
					err = bad(no, "block %s: its maximum strength is %d, not %s", args[0], blocks[b].Max, maxs)
					break
				}
				if n < 1 || n > blocks[b].Max {
					err = bad(no, "block %s: strength %d is outside 1..%d (its maximum is %d)", args[0], n, blocks[b].Max, blocks[b].Max)
					break
				}
				s.pc().Str[b] = int8(n)
				break
			}
			found := false
			for l, w := range locWords {
				if w == where {
					s.Loc[b], found = l, true
				}
			}
			if !found {
				err = bad(no, "block %s: unknown area %q (an area ID, or pool, aside, removed, out)", args[0], where)
			} else if len(args) != 2 {
				err = bad(no, "block %s is off the map (%s): give no strength", args[0], where)
			}
		default:
			err = bad(no, "unknown keyword %q (see docs/positions.md)", key)
		}
		if err != nil {
			return nil, err
		}
		if !repeatable {
			if err := seen.Once(key, ln); err != nil {
				return nil, err
			}
		}
	}
	if err := seen.Need("scenario", "year", "player1"); err != nil {
		return nil, err
	}
	var missing []string
	for b := 0; b < NB; b++ {
		if placed[b] == 0 {
			missing = append(missing, blocks[b].ID)
		}
	}
	if len(missing) > 0 {
		return nil, posfile.Errorf(0, "every block needs a line (block ID AREA STRENGTH, or block ID pool); missing: %s", strings.Join(missing, ", "))
	}
	if err := s.checkPosition(placed, seen); err != nil {
		return nil, err
	}
	return s, nil
}

// positionCard finds a card not yet dealt (used) by ID or, when several
// cards share a name ("3"), the first of them left.
func positionCard(name string, used [NC]int) int {
	n := strings.ToLower(name)
	for c := range cards {
		if strings.ToLower(cards[c].ID) == n {
			return c
		}
	}
	for c := range cards {
		if used[c] == 0 && (strings.ToLower(cards[c].Name) == n || cards[c].Event == EvNone && strconv.Itoa(cards[c].Value) == n) {
			return c
		}
	}
	return -1
}

// checkPosition applies the rules' limits to a position just read.
func (s *St) checkPosition(placed [NB]int, seen posfile.Seen) error {
	bad := posfile.Errorf
	yrs := scenYears[scenKey(s.Scn)]
	if int(s.Year) < yrs[0] || int(s.Last) != yrs[1] {
		return bad(seen["year"], "the %s scenario runs from %d to %d", s.Scn, yrs[0], yrs[1])
	}
	for n := 0; n < NN; n++ {
		in, last := 0, 0
		for _, b := range nobles[n].Blocks {
			if b >= 0 && s.Loc[b] != LocOut {
				in++
				last = max(last, placed[b])
			}
		}
		if in != 1 {
			ids := []string{}
			for _, b := range nobles[n].Blocks {
				if b >= 0 {
					ids = append(ids, blocks[b].ID)
				}
			}
			return bad(last, "noble %s has %d blocks in play (%s): exactly one, the other out", nobles[n].Name, in, strings.Join(ids, ", "))
		}
	}
	for b := 0; b < NB; b++ {
		if s.Loc[b] == LocOut && blocks[b].Partner < 0 {
			return bad(placed[b], "block %s is no noble's other colour: it cannot be out", blocks[b].ID)
		}
		if b == bNorse && s.Loc[b] == AreaEngland {
			return bad(placed[b], "the Norse cannot be in England")
		}
	}
	if c := s.contested(); len(c) > 0 {
		return bad(0, "%s holds blocks of both sides: a card phase starts with no battle", areas[c[0]].ID)
	}
	if nh := [2]int{s.handSize(England), s.handSize(Scotland)}; nh[0] != nh[1] || nh[0] == 0 {
		return bad(seen["hand scotland"], "the hands hold %d and %d cards: both hold the same number, at least one", nh[0], nh[1])
	} else if nh[0]+int(s.GT)-1 != 5 {
		return bad(seen["hand england"], "each hand holds %d cards: turn %d starts with %d", nh[0], s.GT, 6-int(s.GT))
	}
	if err := s.Check(); err != nil {
		return bad(0, "%v", err)
	}
	return nil
}

func (s *St) handSize(side int) int {
	n := 0
	for _, c := range s.Hand[side] {
		if c >= 0 {
			n++
		}
	}
	return n
}

// setupPosition starts a game from a position given as the "position"
// option, for the scenario named.
func setupPosition(scn, text string, opts adjudicator.Options) (*St, error) {
	s, err := ParsePosition(text)
	if err != nil {
		return nil, err
	}
	if s.Scn != scn {
		return nil, fmt.Errorf("the position is of the %s scenario, not %s", s.Scn, scn)
	}
	bid := "none"
	if s.BidE > 0 {
		bid = fmt.Sprintf("E%d", s.BidE)
	} else if s.BidS > 0 {
		bid = fmt.Sprintf("S%d", s.BidS)
	}
	want := map[string]string{"schiltroms": onOff(s.Schil), "etterick-move": map[bool]string{false: "2", true: "3"}[s.Ett3], "bid": bid}
	if err := posfile.MatchOptions((Game{}).Info().Options, opts, want); err != nil {
		return nil, err
	}
	return s, nil
}
