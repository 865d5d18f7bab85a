package richard3

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/columbia"
	"github.com/pbem/pbem/adjudicator/msg"
)

// decisionMsg names a battle decision in the reader's language.
func decisionMsg(k columbia.DecisionKind) msg.M {
	switch k {
	case columbia.DecideTurn:
		return msg.New("r3.decide.turn")
	case columbia.DecideHitTie:
		return msg.New("r3.decide.hit_tie")
	case columbia.DecideRetreat:
		return msg.New("r3.decide.retreat")
	case columbia.DecideRegroup:
		return msg.New("r3.decide.regroup")
	}
	return msg.Lit(k.String())
}

// reach lists the areas a group of n blocks of side can reach from `from`
// by land, with one path to each (5.2, 5.21).
func (s *State) reach(from int, side Side, n, maxSteps, bonus int) map[int][]int {
	var r reachTab
	s.reachInto(&r, from, side, n, maxSteps, bonus)
	out := map[int][]int{}
	for a := 0; a < nAreas; a++ {
		if r.has&(1<<a) != 0 {
			var buf [reachMax + 1]int
			out[a] = append([]int(nil), r.pathOf(a, &buf)...)
		}
	}
	return out
}

func pathText(p []int) string {
	var ns []string
	for _, a := range p {
		ns = append(ns, areas[a].Name)
	}
	return strings.Join(ns, " -> ")
}

// Prompts implements adjudicator.State.
func (s *State) Prompts() []adjudicator.Prompt {
	var out []adjudicator.Prompt
	for sd := Side(0); sd < 2; sd++ {
		if s.owes(sd) {
			out = append(out, s.prompt(sd))
		}
	}
	return out
}

// Owing lists the roles that owe a decision, as Prompts does, without
// building the choices (adjudicator.Owing).
func (s *State) Owing() []adjudicator.Role {
	var out []adjudicator.Role
	for sd := Side(0); sd < 2; sd++ {
		if s.owes(sd) {
			out = append(out, roleOf(sd))
		}
	}
	return out
}

func (s *State) prompt(sd Side) adjudicator.Prompt {
	role := roleOf(sd)
	switch s.Phase {
	case phMulligan:
		return adjudicator.Prompt{Role: role, Kind: "mulligan", Secret: true,
			Text:     fmt.Sprintf("Your hand totals %d AP: you may claim a mulligan (5.1) and show it for a new deal, once per campaign.", handAP(s.Hand[sd])),
			TextMsg:  m("r3.prompt.mulligan", "AP", handAP(s.Hand[sd])),
			Choices:  []string{"mulligan", "keep"},
			Template: []string{"keep"}}
	case phMulliganReply:
		return adjudicator.Prompt{Role: role, Kind: "mulligan-reply",
			Text:     "Your opponent claimed a mulligan (5.1): keep your hand, or take a new one too?",
			TextMsg:  m("r3.prompt.mulligan_reply"),
			Choices:  []string{"keep", "redraw"},
			Template: []string{"keep"}}
	case phCard:
		ch := handText(s.Hand[sd])
		def := s.Default(role)
		return adjudicator.Prompt{Role: role, Kind: "card", Secret: true,
			Text:     "Play one card face down (1.1). The higher value is Player 1; an event card always is; ties go to the Pretender.",
			TextMsg:  m("r3.prompt.card"),
			Choices:  ch,
			Template: []string{def.Lines[0].Text}}
	case phAction1, phAction2:
		return s.actionPrompt(sd)
	case phBattle:
		if s.TreasonAsk {
			return s.treasonPrompt(sd)
		}
		p := s.Battle.Pending
		ch := p.Strings(s.nameOf)
		text := fmt.Sprintf("Battle of %s, round %d: %s for %s.", areas[s.BArea].Name, s.Battle.Round, p.Kind, s.nameOf(p.Block))
		alts := msg.Lit("")
		if alt := s.Battle.Alternates(); len(alt) > 0 {
			// R3-6.2b: the owner orders his blocks of one letter.
			names := make([]string, len(alt))
			for k, id := range alt {
				names[k] = s.nameOf(id)
			}
			text += fmt.Sprintf(" %s may act first instead: send only \"battle %s: order %s\" (R3-6.2b).", strings.Join(names, ", "), areas[s.BArea].Name, names[0])
			alts = msg.New("r3.prompt.battle_alternates", "Names", strings.Join(names, ", "), "Area", areas[s.BArea].Name, "First", names[0])
		}
		text += fmt.Sprintf(" You may add standing orders (battle %s: fire) on further lines.", areas[s.BArea].Name)
		tm := m("r3.prompt.battle", "Area", areas[s.BArea].Name, "Round", s.Battle.Round, "Decision", decisionMsg(p.Kind),
			"Block", s.nameOf(p.Block), "Alternates", alts)
		return adjudicator.Prompt{Role: role, Kind: "battle", Text: text, TextMsg: tm, Choices: ch, Template: []string{ch[0]}}
	case phNextBattle:
		return s.nextBattlePrompt(sd)
	case phSupply:
		return s.supplyPrompt(sd)
	case phReset:
		var ch, tmpl []string
		for _, o := range s.exileExtras(sd) {
			for _, b := range o.Cands {
				ch = append(ch, "pool "+blocks[b].Name)
			}
			tmpl = append(tmpl, "pool "+blockList(o.Cands[len(o.Cands)-o.Excess:]))
		}
		return adjudicator.Prompt{Role: role, Kind: "reset", Secret: true,
			Text:    "Campaign Reset (8.5): your blocks over an exile limit go to your pool (7.2). Name them.",
			TextMsg: m("r3.prompt.reset"),
			Choices: append(ch, "pass"), Template: tmpl}
	default:
		var ch, tmpl []string
		for i := 0; i < nBlocks; i++ {
			if s.owner(i) != sd {
				continue
			}
			if opts := s.homeOptions(i); len(opts) > 1 {
				for _, a := range opts {
					ch = append(ch, "home "+blocks[i].Name+" -> "+areas[a].Name)
				}
				tmpl = append(tmpl, "home "+blocks[i].Name+" -> "+areas[s.homeDefault(i, opts)].Name)
			}
		}
		return adjudicator.Prompt{Role: role, Kind: "home",
			Text:    "Political turn: choose where your blocks go home (8.3 Pretender, 8.4 King). Blocks you do not name go where the template says.",
			TextMsg: m("r3.prompt.home"),
			Choices: ch, Template: tmpl}
	}
}

func (s *State) actionPrompt(sd Side) adjudicator.Prompt {
	c := s.newActx(sd)
	var ch []string
	text := fmt.Sprintf("You are Player %d with %s: %d AP. One order per line: land moves cost 1 AP per area activated, sea moves 1 AP per block (2 blocks port to port), recruits 1 AP each.",
		map[bool]int{true: 1, false: 2}[s.Phase == phAction1], cardLong(c.card), c.ap)
	ev := msg.Lit("")
	switch c.event {
	case "muster":
		text = "Muster: name one friendly or vacant area (muster <area>), then move any of your blocks there (move <from> -> <muster area>: blocks)."
	case "plague":
		text = "Plague: name an enemy city area (plague <area>); every enemy block there loses a step."
		for _, a := range s.plagueTargets(sd) {
			ch = append(ch, "plague "+areas[a].Name)
		}
	case "piracy":
		ev = msg.New("r3.prompt.event.piracy")
		text += " Piracy: sea moves only, one block per AP, and they may attack."
	case "surprise":
		ev = msg.New("r3.prompt.event.surprise")
		text += " Surprise: border limits +1 for your move."
	case "force_march":
		ev = msg.New("r3.prompt.event.force_march")
		text += " Force March: your group may move up to 3 areas."
	case "treason":
		ev = msg.New("r3.prompt.event.treason")
		text += " Treason: you also get one treachery roll before a battle (treason <area> to choose which; treason <area> on <block> to name its target)."
	}
	if c.event == "muster" {
		for a := 0; a < nAreas; a++ {
			if (s.friendly(a, sd) || s.vacant(a)) && areas[a].Exile != sd.Other() {
				ch = append(ch, "muster "+areas[a].Name)
			}
		}
	} else if c.event != "plague" {
		steps := 2
		bonus := 0
		if c.event == "force_march" {
			steps = 3
		}
		if c.event == "surprise" {
			bonus = 1
		}
		for a := 0; a < nAreas; a++ {
			if len(c.movable(a)) == 0 {
				continue
			}
			if c.event != "piracy" && c.ap >= 1 {
				// As many blocks as may leave (5.22) and cross (5.21).
				mv := c.movable(a)
				k := len(mv)
				if pins, defs := s.pinned(a, sd); pins > 0 {
					k = min(k, defs-pins)
				}
				group := "all"
				if k < len(mv) {
					group = blockList(mv[:max(k, 0)])
				}
				if k > 0 {
					r := s.reach(a, sd, k, steps, bonus)
					for d := 0; d < nAreas; d++ {
						if p, ok := r[d]; ok {
							ch = append(ch, "move "+pathText(p)+": "+group)
						}
					}
				}
			}
			if c.event == "" || c.event == "piracy" || c.event == "surprise" {
				var sea []int
				for _, b := range c.movable(a) {
					if s.canSea(b) {
						sea = append(sea, b)
					}
				}
				pins, defs := s.pinned(a, sd)
				if c.ap < 1 || len(sea) == 0 || defs-1 < pins {
					continue
				}
				for d := 0; d < nAreas; d++ {
					if d != a && areas[a].Seas&areas[d].Seas != 0 && areas[d].Exile != sd.Other() && (c.event == "piracy" || !s.enemyIn(d, sd)) {
						ch = append(ch, fmt.Sprintf("sea %s -> %s: %s", areas[a].Name, areas[d].Name, blocks[sea[0]].Name))
					}
				}
			}
		}
		if c.event == "" {
			for _, b := range s.pool(sd) {
				for _, a := range s.recruitAreas(b, sd) {
					ch = append(ch, "recruit "+blocks[b].Name+" at "+areas[a].Name)
				}
			}
		}
	}
	ch = append(ch, "battle all: fire", "battle all: ask", "battle all: treachery; charge")
	var fights []string
	for a := 0; a < nAreas; a++ {
		if s.contested(a) {
			fights = append(fights, areas[a].Name)
			ch = append(ch, "battle "+areas[a].Name+": ask")
		}
	}
	if s.Phase == phAction1 {
		if len(fights) > 1 {
			ch = append(ch, "battles "+strings.Join(fights, ", "))
		}
		ch = append(ch, "battles ask")
	}
	ch = append(ch, "pass")
	text += " Battle orders (see the game guide): battle <area or all>: fire | ask | retreat to <area> if weaker; hits <area>: <blocks>; regroup <area>: <block> -> <area>."
	var tm *msg.M
	switch c.event {
	case "muster", "plague":
		tm = m("r3.prompt.actions_"+c.event, "Orders", msg.New("r3.prompt.battle_orders"))
	default:
		tm = m("r3.prompt.actions", "Player", map[bool]int{true: 1, false: 2}[s.Phase == phAction1], "Card", cardMsg(c.card),
			"AP", c.ap, "Event", ev, "Orders", msg.New("r3.prompt.battle_orders"))
	}
	return adjudicator.Prompt{Role: roleOf(sd), Kind: "actions", Text: text, TextMsg: tm, Choices: ch,
		Template: []string{"pass"}}
}

func (s *State) supplyPrompt(sd Side) adjudicator.Prompt {
	var ch, tmpl []string
	text := "Supply Phase (7.0)."
	var parts []msg.M
	if s.Stage == 0 {
		if h := s.minorToEnter(sd); h >= 0 && s.EnterDue[sd] > 0 {
			for _, a := range s.entryAreas(sd) {
				ch = append(ch, "place "+blocks[h].Name+" at "+areas[a].Name)
			}
			if len(ch) > 0 {
				tmpl = append(tmpl, ch[0])
			}
			text += fmt.Sprintf(" %s comes of age and enters play (6.82): choose %s.", blocks[h].Name,
				map[bool]string{true: "a friendly or vacant Crown area", false: "one of your exile areas"}[sd == s.King])
			parts = append(parts, msg.New(map[bool]string{true: "r3.prompt.supply_heir_crown", false: "r3.prompt.supply_heir_exile"}[sd == s.King], "Block", blocks[h].Name))
		}
		if d := s.defectedHeld(sd); d >= 0 {
			ch = append(ch, "execute "+blocks[d].Name)
			text += " You may execute the defected heir you hold (9.1)."
			parts = append(parts, msg.New("r3.prompt.supply_execute"))
		}
	} else {
		for _, o := range s.overstacks(sd) {
			for _, b := range o.Cands {
				ch = append(ch, fmt.Sprintf("lose %s: %s", areas[o.Area].Name, blocks[b].Name))
			}
			tmpl = append(tmpl, fmt.Sprintf("lose %s: %s", areas[o.Area].Name, blockList(s.lossOrder(o)[:o.Excess])))
		}
		text += " Areas over their supply or exile limit: each extra block costs one step of a block of your choice (7.1, 7.2). Unnamed losses fall on your strongest blocks."
		parts = append(parts, msg.New("r3.prompt.supply_losses"))
	}
	ch = append(ch, "pass")
	if len(tmpl) == 0 {
		tmpl = []string{"pass"}
	}
	tm := m("r3.prompt.supply", "Parts", msg.Lit(""))
	if len(parts) > 0 {
		tm = m("r3.prompt.supply", "Parts", msg.New("r3.prompt.then", "Text", joinMsg("r3.list.space", parts)))
	}
	return adjudicator.Prompt{Role: roleOf(sd), Kind: "supply", Secret: true, Text: text, TextMsg: tm, Choices: ch, Template: tmpl}
}

// joinMsg joins messages with a separator the catalogue gives under key
// ("{{.A}}; {{.B}}"): lists of messages otherwise join with " · ".
func joinMsg(key string, xs []msg.M) msg.M {
	if len(xs) == 0 {
		return msg.Lit("")
	}
	out := xs[0]
	for _, x := range xs[1:] {
		out = msg.New(key, "A", out, "B", x)
	}
	return out
}
