package hammer

import (
	"embed"
	"fmt"
	"io/fs"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/msg"
)

// The view as data: the same facts as the view's text, as messages of the
// game's catalogue (locales/), so that each reader gets them in his
// language. Names printed on the map, the blocks and the cards stay as
// printed.

//go:embed locales/*.yaml
var locales embed.FS

// Locales implements adjudicator.Localized.
func (Game) Locales() (fs.FS, string) { return locales, "locales" }

func m(key string, kv ...any) *msg.M {
	x := msg.New(key, kv...)
	return &x
}

func sideMsg(sd int) msg.M {
	if sd == England {
		return msg.New("ham.side.england")
	}
	return msg.New("ham.side.scotland")
}

// LabelMsg implements adjudicator.Labeler: label() as a message.
func (s *St) LabelMsg() msg.M {
	if s.Fin {
		return msg.New("ham.label.over", "Year", s.Year)
	}
	turn := func(what msg.M) msg.M { return msg.New("ham.label.turn", "Year", s.Year, "Turn", s.GT, "What", what) }
	switch s.Phase {
	case PhWHomes:
		return msg.New("ham.label.winter", "Year", s.Year, "What", msg.New("ham.phase.homes"))
	case PhWEng:
		return msg.New("ham.label.winter", "Year", s.Year, "What", msg.New("ham.phase.eng_quarters"))
	case PhWScot:
		return msg.New("ham.label.winter", "Year", s.Year, "What", msg.New("ham.phase.scot_quarters"))
	case PhMove1:
		return turn(msg.New("ham.phase.move1", "Side", sideMsg(int(s.P1))))
	case PhMove2:
		return turn(msg.New("ham.phase.move2", "Side", sideMsg(1-int(s.P1))))
	case PhEvent:
		if e := s.eventSide(); e >= 0 {
			return turn(msg.New("ham.phase.side_event", "Side", sideMsg(e)))
		}
		return turn(msg.New("ham.phase.event"))
	case PhBattle:
		if s.Bat != nil {
			return turn(msg.New("ham.phase.battle_of", "Area", s.Bat.AreaName))
		}
		if s.Choose {
			return turn(msg.New("ham.phase.choose", "Side", sideMsg(int(s.P1))))
		}
		return turn(msg.New("ham.phase.battles"))
	case PhCard:
		return turn(msg.New("ham.phase.card"))
	case PhRaid:
		return turn(msg.New("ham.phase.raid"))
	}
	return turn(msg.Lit(phaseNames[s.Phase]))
}

// statusLines are the Status section's lines.
func (s *St) statusLines(side int, isPlayer bool) []msg.M {
	n := s.nobleCount()
	king := msg.New("ham.status.edward1")
	if s.Ed2 {
		king = msg.New("ham.status.edward2")
	}
	out := []msg.M{
		msg.New("ham.status.title", "Scenario", s.Scn, "Label", s.LabelMsg()),
		msg.New("ham.status.nobles", "England", n[England], "Scotland", n[Scotland], "King", king),
	}
	if isPlayer {
		out = append(out, msg.New("ham.status.you_play", "Side", sideMsg(side)))
	}
	if s.Fin {
		out = append(out, msg.New("ham.status.result", "Result", s.Result))
	}
	return out
}

// cardLines are the Cards section's lines.
func (s *St) cardLines(side int, isPlayer bool) []msg.M {
	var out []msg.M
	for sd := 0; sd < 2; sd++ {
		if isPlayer && sd != side {
			k := 0
			for _, c := range s.Hand[sd] {
				if c >= 0 {
					k++
				}
			}
			out = append(out, msg.Plural("ham.cards.holds", k, "Side", sideMsg(sd)))
			continue
		}
		var h []msg.M
		for _, c := range s.Hand[sd] {
			if c >= 0 {
				h = append(h, msg.Lit(cards[c].Name))
			}
		}
		if isPlayer {
			out = append(out, msg.New("ham.cards.your_hand", "Cards", h))
		} else {
			out = append(out, msg.New("ham.cards.side_hand", "Side", sideMsg(sd), "Cards", h))
		}
	}
	for sd := 0; sd < 2; sd++ {
		if s.Play[sd] < 0 {
			continue
		}
		if s.Phase == PhCard && isPlayer && sd != side {
			out = append(out, msg.New("ham.cards.face_down", "Side", sideMsg(sd)))
			continue
		}
		out = append(out, msg.New("ham.cards.played", "Side", sideMsg(sd), "Card", cards[s.Play[sd]].Name))
	}
	return out
}

// blockMsg is blockText(b) as a message: the block's text, marked when
// the noble stands in his home area.
func (s *St) blockMsg(b int) msg.M {
	t := fmt.Sprintf("%s %d/%d %s", blocks[b].Label, s.Str[b], blocks[b].Max, rating(b))
	if s.moveOf(b) != 2 && s.moveOf(b) > 0 {
		t += fmt.Sprintf(" m%d", s.moveOf(b))
	}
	if blocks[b].Noble >= 0 && isHome(b, int(s.Loc[b])) {
		return msg.New("ham.block.home", "Block", t)
	}
	return msg.Lit(t)
}

// ownBlockRows is ownBlocks(side) as a table.
func (s *St) ownBlockRows(side int) []adjudicator.Row {
	var rows []adjudicator.Row
	for a := 0; a < NA; a++ {
		var bs []msg.M
		for b := 0; b < NB; b++ {
			if int(s.Loc[b]) == a && blocks[b].Side == side {
				bs = append(bs, s.blockMsg(b))
			}
		}
		if len(bs) > 0 {
			rows = append(rows, adjudicator.Row{Key: msg.Lit(areas[a].Name), Items: bs})
		}
	}
	var pool, aside, gone []msg.M
	for b := 0; b < NB; b++ {
		if blocks[b].Side != side {
			continue
		}
		switch s.Loc[b] {
		case LocPool:
			pool = append(pool, msg.Lit(blocks[b].Label))
		case LocAside:
			aside = append(aside, msg.Lit(blocks[b].Label))
		case LocRemoved:
			gone = append(gone, msg.Lit(blocks[b].Label))
		}
	}
	if len(pool) > 0 {
		rows = append(rows, adjudicator.Row{Key: msg.New("ham.row.pool"), Items: pool})
	}
	if len(aside) > 0 {
		rows = append(rows, adjudicator.Row{Key: msg.New("ham.row.aside"), Items: aside})
	}
	if len(gone) > 0 {
		rows = append(rows, adjudicator.Row{Key: msg.New("ham.row.dead"), Items: gone})
	}
	return rows
}

// enemyLines is enemyBlocks(side) as messages: counts only.
func (s *St) enemyLines(side int) []msg.M {
	var parts []msg.M
	pool := 0
	for a := 0; a < NA; a++ {
		if n := s.count(a, side); n > 0 {
			parts = append(parts, msg.Lit(fmt.Sprintf("%s %d", areas[a].Name, n)))
		}
	}
	for b := 0; b < NB; b++ {
		if blocks[b].Side == side && s.Loc[b] == LocPool {
			pool++
		}
	}
	var out []msg.M
	if len(parts) > 0 {
		out = append(out, msg.New("ham.list", "Items", parts))
	}
	return append(out, msg.Plural("ham.enemy.pool", pool))
}

// pm is a prompt's message.
func pm(key string, kv ...any) *msg.M {
	x := msg.New(key, kv...)
	return &x
}

// decisionMsg names a battle decision in the reader's language.
func decisionMsg(k columbia.DecisionKind) msg.M {
	switch k {
	case columbia.DecideTurn:
		return msg.New("ham.decide.turn")
	case columbia.DecideHitTie:
		return msg.New("ham.decide.hit_tie")
	case columbia.DecideRetreat:
		return msg.New("ham.decide.retreat")
	case columbia.DecideRegroup:
		return msg.New("ham.decide.regroup")
	}
	return msg.Lit(k.String())
}
