package richard3

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/pbem/pbem/adjudicator"
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

// LabelMsg implements adjudicator.Labeler: label() as a message.
func (s *State) LabelMsg() msg.M {
	if s.Finished {
		return msg.New("r3.label.over")
	}
	var ph msg.M
	switch s.Phase {
	case phMulligan, phMulliganReply:
		ph = msg.New("r3.phase.mulligan")
	case phCard:
		ph = msg.New("r3.phase.card")
	case phAction1, phAction2:
		n := 2
		if s.Phase == phAction1 {
			n = 1
		}
		ph = msg.New("r3.phase.action", "Side", s.actor().String(), "N", n)
	case phBattle:
		ph = msg.New("r3.phase.battle", "Area", areas[s.BArea].Name)
	case phNextBattle:
		ph = msg.New("r3.phase.next_battle")
	case phSupply:
		ph = msg.New("r3.phase.supply")
	case phPretenderHome, phKingHome, phReset:
		return msg.New("r3.label.political", "Campaign", s.Campaign)
	default:
		ph = msg.Lit("")
	}
	return msg.New("r3.label.turn", "Campaign", s.Campaign, "Turn", s.Turn, "Phase", ph)
}

// cardMsg is cardLong(c) as a message.
func cardMsg(c int) msg.M {
	if cards[c].Event != "" {
		return msg.New("r3.card.event", "Name", cards[c].Name, "AP", cards[c].Value)
	}
	return msg.New("r3.card.value", "AP", cards[c].Value)
}

// statusLines are the Status section's lines.
func (s *State) statusLines() []msg.M {
	king := msg.New("r3.status.no_king", "Side", s.King.String())
	if k := s.kingBlock(); k >= 0 {
		king = msg.New("r3.status.holder", "Block", blocks[k].Name, "Side", s.King.String())
	}
	pret := msg.New("r3.status.none")
	if p := s.pretenderBlock(); p >= 0 {
		pret = msg.New("r3.status.holder", "Block", blocks[p].Name, "Side", s.pretender().String())
	}
	out := []msg.M{s.LabelMsg(), msg.New("r3.status.crown", "King", king, "Pretender", pret)}
	if (s.Phase >= phAction1 && s.Phase <= phSupply || s.Phase == phNextBattle) && s.Card[0] >= 0 && s.Card[1] >= 0 {
		out = append(out, msg.New("r3.status.cards", "Lancaster", cardMsg(int(s.Card[0])), "York", cardMsg(int(s.Card[1])), "P1", s.P1.String()))
	}
	if s.Finished {
		out = append(out, msg.Lit(s.Result))
	}
	return out
}

// handLines are a side's hand section.
func (s *State) handLines(sd Side) []msg.M {
	var cs []msg.M
	for _, c := range handCards(s.Hand[sd]) {
		cs = append(cs, cardMsg(c))
	}
	out := []msg.M{msg.New("r3.hand.cards", "Cards", cs)}
	if s.Phase == phCard && s.Card[sd] >= 0 {
		out = append(out, msg.New("r3.hand.face_down", "Card", cardMsg(int(s.Card[sd]))))
	}
	return out
}

// blockMsg is blockText(s, i) as a message.
func blockMsg(s *State, i int) msg.M {
	b := &blocks[i]
	kv := []any{"Name", b.Name, "Str", int(s.Str[i]), "Max", b.Steps, "Rating", b.rating()}
	if b.Type == tHeir && b.Side == s.owner(i) {
		switch {
		case i == s.kingBlock():
			return msg.New("r3.block.king", kv...)
		case i == s.pretenderBlock():
			return msg.New("r3.block.pretender", kv...)
		default:
			return msg.New("r3.block.heir", append(kv, "Rank", b.Rank)...)
		}
	}
	return msg.New("r3.block.plain", kv...)
}

// ownBlockRows is ownBlocksText(sd) as a table.
func (s *State) ownBlockRows(sd Side) []adjudicator.Row {
	var rows []adjudicator.Row
	for a := 0; a < nAreas; a++ {
		var xs []msg.M
		for i := 0; i < nBlocks; i++ {
			if int(s.Loc[i]) == a && s.owner(i) == sd {
				xs = append(xs, blockMsg(s, i))
			}
		}
		if len(xs) > 0 {
			rows = append(rows, adjudicator.Row{Key: msg.Lit(areas[a].Name), Items: xs})
		}
	}
	list := func(key string, pred func(i int) bool) {
		var xs []msg.M
		for i := 0; i < nBlocks; i++ {
			if s.owner(i) == sd && pred(i) {
				xs = append(xs, msg.Lit(blocks[i].Name))
			}
		}
		if len(xs) > 0 {
			rows = append(rows, adjudicator.Row{Key: msg.New(key), Items: xs})
		}
	}
	list("r3.row.pool", func(i int) bool { return s.Loc[i] == locPool })
	list("r3.row.face_down", func(i int) bool { return s.Loc[i] == locDown })
	list("r3.row.minor_heirs", func(i int) bool { return s.Loc[i] == locMinor && blocks[i].Side == sd })
	list("r3.row.prisoner", func(i int) bool { return s.Loc[i] == locCaptive })
	return rows
}

// enemyLines is enemyText(me) as messages: where the enemy's blocks stand
// (counts only) and how many wait in his pool.
func (s *State) enemyLines(me Side) []msg.M {
	en := me.Other()
	var parts []string
	for a := 0; a < nAreas; a++ {
		if n := s.count(a, en); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", areas[a].Name, n))
		}
	}
	pool := 0
	for i := 0; i < nBlocks; i++ {
		if (s.Loc[i] == locPool || s.Loc[i] == locDown) && s.owner(i) == en {
			pool++
		}
	}
	var out []msg.M
	if len(parts) > 0 {
		out = append(out, msg.Lit(strings.Join(parts, " · ")))
	}
	return append(out, msg.Plural("r3.enemy.pool", pool, "Side", en.String()))
}
