package hexbattle

import (
	"regexp"
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/orders"
)

// The battle's narrative and refusals in the reader's language.
//
// The engine writes its events and its reasons in English where it plays
// (records, logs, self-play and the random players keep them so, and pay
// nothing for other languages). When the platform renders a report or a
// refusal, each line is read back into a message of the game's catalogue
// (locales/*.yaml, keys "hex.ev.", "hex.why." and "hex.w."): each reader
// is a pattern (msg.NewPattern), the English sentence with named holes.
// Names from the scenario pack (sides, units, leaders, faces, terrain,
// victory levels) stay as the pack writes them. A line no pattern reads
// stays in English. The tests check that every message renders in
// English exactly as the line it was read from.

var i18nOnce sync.Once

// The readers, built the first time a report or a refusal needs them.
var (
	eventPatterns  msg.Patterns
	whyPatterns    msg.Patterns
	labelPatterns  msg.Patterns
	resultPatterns msg.Patterns

	// sentences holds each pattern's English sentence, by key, for the
	// tests.
	sentences map[string]string
)

// word maps a fixed English word or phrase of the engine to its key.
func word(words map[string]string) msg.Conv {
	return func(s string) (any, bool) {
		k, ok := words[s]
		if !ok {
			return nil, false
		}
		return msg.New(k), true
	}
}

var (
	signedRE = regexp.MustCompile(`^[+-]\d+$`)
	modRE    = regexp.MustCompile(`^([+-]\d+) (.+)$`)

	// modKeys are the modifiers of fire and melee rolls (fireDRM, melee);
	// a terrain's name, from the pack, stays as written.
	modKeys = map[string]string{
		"charging target (CN-5.32)":        "hex.w.mod_charging_target",
		"wagon park (CRE-16.31)":           "hex.w.mod_wagon_park",
		"fog (CRE-19.3)":                   "hex.w.mod_fog",
		"double's flank (CN-9.12)":         "hex.w.mod_double_flank",
		"charge (CN-5.31)":                 "hex.w.mod_charge",
		"lance (CN-9.31)":                  "hex.w.mod_lance",
		"longbow attacking (CRE-16.21b)":   "hex.w.mod_longbow_attacking",
		"longbow in fire mode (NAV-16.21)": "hex.w.mod_longbow_fire_mode",
		"obstacle hexside (CRE-15.32)":     "hex.w.mod_obstacle",
	}
	phaseKeys = map[string]string{
		phSetup: "hex.phase.setup", phMove: "hex.phase.movement", phFire: "hex.phase.fire",
		phMelee1: "hex.phase.melee", phMelee2: "hex.phase.enemy_melee", phOver: "hex.phase.over",
	}
)

// convMods reads the modifiers of a roll: "+1 charging target (CN-5.32),
// -1 wood".
func convMods(s string) (any, bool) {
	var list msg.M
	for i, item := range strings.Split(s, ", ") {
		sub := modRE.FindStringSubmatch(item)
		if sub == nil {
			return nil, false
		}
		what := msg.Lit(sub[2])
		if k, ok := modKeys[sub[2]]; ok {
			what = msg.New(k)
		}
		m := msg.New("hex.w.mod", "V", sub[1], "What", what)
		if i == 0 {
			list = m
		} else {
			list = msg.New("hex.list.comma", "A", list, "B", m)
		}
	}
	return list, true
}

func convSigned(s string) (any, bool) { return s, signedRE.MatchString(s) }

// convWhy reads a reason inside an event ("... is void: REASON"); an
// unread one stays in English.
func convWhy(s string) (any, bool) {
	if m, ok := whyPatterns.Match(s); ok {
		return m, true
	}
	return msg.Lit(s), true
}

// convLabel reads the game's status line (label).
func convLabel(s string) (any, bool) {
	if m, ok := labelPatterns.Match(s); ok {
		return m, true
	}
	return msg.Lit(s), true
}

// convResult reads how the battle ended (St.Result).
func convResult(s string) (any, bool) {
	if m, ok := resultPatterns.Match(s); ok {
		return m, true
	}
	return msg.Lit(s), true
}

// convWhat reads the thing an unknown name was meant to name.
func convWhat(s string) (any, bool) {
	if s == "unit" {
		return msg.New("hex.w.what_unit"), true
	}
	return msg.Lit(s), true
}

func i18nInit() {
	convs := map[string]msg.Conv{
		"how": word(map[string]string{"eliminated": "hex.w.how_eliminated", "exited": "hex.w.how_exited",
			"drowned": "hex.w.how_drowned", "not deployed": "hex.w.how_not_deployed"}),
		"res":   word(map[string]string{"HIT": "hex.w.res_hit", "miss": "hex.w.res_miss", "no effect": "hex.w.res_no_effect"}),
		"cause": word(map[string]string{"fire": "hex.w.cause_fire", "melee": "hex.w.cause_melee"}),
		"phase": word(phaseKeys),
		"mods":  convMods, "signed": convSigned, "why": convWhy, "label": convLabel, "result": convResult,
		"what": convWhat,
	}
	sentences = map[string]string{}
	pl := func(key, english, plural string) *msg.Pattern {
		sentences[key] = english
		return msg.NewPattern(key, english, plural, convs)
	}
	p := func(key, english string) *msg.Pattern { return pl(key, english, "") }

	labelPatterns = msg.Patterns{
		p("hex.label.turn", "turn {Turn:int} of {Turns:int}, {Side} player turn, {Phase:phase} phase"),
		p("hex.label.over", "game over: {Result:result}"),
	}
	resultPatterns = msg.Patterns{
		p("hex.w.result", "{Label} (VP {A} {VA:int}, {B} {VB:int})"),
		p("hex.w.draw", "draw"),
	}

	eventPatterns = msg.Patterns{
		// The turn, set-up and reinforcements.
		p("hex.ev.turn_begins", "Game turn {Turn:int} begins."),
		p("hex.ev.sets_up_leader", "{Side} sets up leader {Leader} at {Hex}."),
		p("hex.ev.sets_up", "{Side} sets up {Unit} at {Hexes}, {Face}."),
		p("hex.ev.leader_enters", "{Side} leader {Leader} enters at {Hex}."),
		p("hex.ev.reinforcement_enters", "{Side} reinforcement {Unit} enters at {Hex}."),
		p("hex.ev.chivalry", "As the rules of chivalry compel it (CRE-17.11): {Order}."),
		// Movement.
		p("hex.ev.wagon_destroyed", "{Unit} destroys the wagon park hex {Hex} (CRE-16.32)."),
		p("hex.ev.rides_down", "{Unit} rides down the Genoese {Genoese} (CRE-17.12)."),
		// Fire, melee, morale.
		p("hex.ev.cannot_fire", "{Unit} cannot fire at {Target}: {Why:why}"),
		p("hex.ev.fire_mods", "Fire: {Unit} at {Target}, range {Range:int}, hits on {Need:int} or less; rolled {Roll:int} {Mods:mods}: {Res:res}."),
		p("hex.ev.fire", "Fire: {Unit} at {Target}, range {Range:int}, hits on {Need:int} or less; rolled {Roll:int}: {Res:res}."),
		p("hex.ev.melee", "Melee: {Unit} attacks {Target}, hits on {Need:int} or less; rolled {Roll:int} : {Res:res}."),
		p("hex.ev.melee_mods", "Melee: {Unit} attacks {Target}, hits on {Need:int} or less; rolled {Roll:int} {Mods:mods}: {Res:res}."),
		p("hex.ev.attack_void", "Attack {Unit} on {Target} is void: {Why:why}"),
		p("hex.ev.morale_holds", "Morale ({Cause:cause}): {Unit} rolls {Die:int}{Mod:signed}, holds."),
		pl("hex.ev.morale_routs", "Morale ({Cause:cause}): {Unit} rolls {Die:int}{Mod:signed} and routs {N:int} level(s), now {Level:int}.", "N"),
		// Rout, rally, losses, the end.
		p("hex.ev.rallies", "{Leader} rallies {Unit} in {Hex}"),
		p("hex.ev.routs_off", "{Unit} routs off the map from {Hexes} (CN-7.3)."),
		p("hex.ev.drowns", "{Unit} routs into the river at {Hexes} and drowns (NAV-18.0b)."),
		p("hex.ev.leader_goes", "Leader {Leader} goes with {Unit} to {Hex} (CN-11.13)."),
		pl("hex.ev.routs_gains", "{Unit} routs {N:int} hex(es) to {Hexes} and gains {Levels:int} rout level(s) (CN-11.22).", "N"),
		p("hex.ev.routs_to", "{Unit} routs to {Hexes}."),
		p("hex.ev.counts_eliminated", "{Side} {Unit} counts as eliminated at the end (NAV-19.2b)."),
		p("hex.ev.leader_captured", "{Side} leader {Leader} is captured in {Hex} (CN-6.15)."),
		p("hex.ev.lost", "{Side} {Unit} is {How:how} ({Hexes})."),
		p("hex.ev.over", "The battle is over: {Result:result}."),
	}

	// Unknown and ambiguous names, as the orders package words them.
	whyPatterns = append(orders.NameReasons("hex", convWhat),
		p("hex.why.owes_nothing", "{Role} owes nothing now ({Label:label})"),
		p("hex.why.not_hex", `"{Input}" is not a hex number (four digits, XXYY)`),
		// Written orders.
		p("hex.why.write_fire", "write a fire order as: fire ID at TARGET"),
		p("hex.why.write_attack", "write a melee order as: attack ID TARGET"),
		p("hex.why.write_enter", "write: enter ID HEX"),
		p("hex.why.write_move", "write: move ID HEX ..., or mode ID FACE"),
		p("hex.why.write_rout", "write: rout ID prefer HEX"),
		p("hex.why.write_mode", "write: mode ID FACE"),
		p("hex.why.write_setup", "write: mode ID FACE, or place ID HEX (a double: place ID XXYY-XXYY front XXYY)"),
		p("hex.why.unknown_move_order", `unknown order "{Verb}" in the movement phase (move, mode, done)`),
		p("hex.why.unknown_setup_order", `unknown set-up order "{Verb}" (mode, place, done)`),
		// Fire.
		p("hex.why.not_fire_mode", "{Unit} is not in a fire mode (CN-8.0a)"),
		p("hex.why.routed_no_fire", "{Unit} is routed and may not fire (CN-10.1)"),
		p("hex.why.cannon_fired", "cannon {Unit} has fired this game turn (CRE-16.44)"),
		p("hex.why.fire_near", "{Unit} may fire only within two hexes of {Near} (NAV-16.22, NAV-16.3b, CRE-16.21c)"),
		p("hex.why.not_enemy_on_map", "{Unit} is not an enemy unit on the map"),
		p("hex.why.no_los", "{Unit} has no line of sight to {Target} (CN-8.11)"),
		p("hex.why.visibility", "{Target} is {N:int} hexes away; visibility is {V:int} hexes this turn (CRE-18.3, CRE-19.3)"),
		p("hex.why.out_of_range", "{Target} is out of range of {Unit} (range {Range:int}, the Fire CRT stops at {Max:int})"),
		p("hex.why.fires_once", "unit {Unit} fires only once a phase (CN-8.18)"),
		// Melee.
		p("hex.why.rear", "{Unit} may not attack into its rear hexes (CN-9.12)"),
		p("hex.why.both_on_map", "both units must be on the map"),
		p("hex.why.routed_no_attack", "{Unit} is routed and may not attack (CN-10.1)"),
		p("hex.why.not_melee_mode", "{Unit} is not in a melee mode (CN-4.0.A5, NAV-16.21, NAV-16.3a)"),
		p("hex.why.not_enemy", "{Unit} is not an enemy unit"),
		p("hex.why.not_adjacent_melee", "{Unit} is not adjacent to {Target} (CN-9.0a)"),
		p("hex.why.attacks_once", "{Unit} attacks only once a phase (CN-9.11)"),
		p("hex.why.chivalry_attack", "{Unit} must attack the English plate unit next to it (CRE-17.11): {Order}"),
		// Movement and entry.
		p("hex.why.holds_unit_stack", "{Hex} holds another combat unit (CN-6.0)"),
		p("hex.why.holds_unit_move", "{Hex} holds another combat unit (CN-5.15)"),
		p("hex.why.holds_enemy", "{Hex} holds an enemy unit (CN-6.14)"),
		p("hex.why.no_entry", "{Hex} may not be entered (CN-7.25)"),
		p("hex.why.leader_not_due", "leader {Leader} is not waiting to enter this turn"),
		p("hex.why.not_entry_hex_cre", "{Hex} is not one of {Unit}'s entry hexes ({Hexes}, CRE-18.2)"),
		p("hex.why.not_entry_hex", "{Hex} is not one of {Unit}'s entry hexes ({Hexes})"),
		p("hex.why.not_reinforcement", `"{Input}" is not one of your reinforcements due this turn (CRE-18.2)`),
		p("hex.why.off_map_cn", "{Hex} is off the map (CN-7.3)"),
		p("hex.why.prohibited", "{Hex} is prohibited terrain (CN-7.25)"),
		p("hex.why.river", "{Hex} is river; only routing units enter it (NAV-18.0a)"),
		p("hex.why.side_may_not_enter", "{Side} units may not enter {Hex} (NAV-18.0d)"),
		p("hex.why.not_your_leader", `"{Input}" is not one of your leaders in play`),
		p("hex.why.moved_cn", "{Unit} has already moved this phase (CN-5.0b)"),
		p("hex.why.moved", "{Unit} has already moved this phase"),
		p("hex.why.routed_moves", "{Unit} is routed and moves only in rout movement (CN-4.0.A3)"),
		p("hex.why.cannons_fixed", "cannons cannot move (CRE-16.42)"),
		p("hex.why.give_hexes", "give the hexes {Unit} enters, in order"),
		p("hex.why.chivalry_direct", "{Unit} must close on the nearest English plate unit by the most direct route (CRE-17.11): {Hex} takes it farther away"),
		p("hex.why.chivalry_whole_ma", "{Unit} must use its whole MA to close on the nearest English plate unit (CRE-17.11): it can still move on to {Hex}"),
		p("hex.why.mp_path_fatigue", "{Unit} needs {MP:int} MP for that path; it has {Has:int} (CN-5.12, halved by fatigue CN-13.1)"),
		p("hex.why.mp_path", "{Unit} needs {MP:int} MP for that path; it has {Has:int} (CN-5.12)"),
		p("hex.why.leader_mp", "{Leader} needs {MP:int} MP; it has {Has:int} (CN-12.1, CN-13.1)"),
		p("hex.why.charge_cavalry", "only plate or mail cavalry may charge (CN-5.31, CN-5.33)"),
		p("hex.why.charge_clear", "a charge needs at least 3 clear hexes in a straight line, ending the move (CN-5.31); {Unit} has {N:int}"),
		p("hex.why.charge_adjacent", "a charge must end adjacent to its target {Target} (CN-5.31)"),
		p("hex.why.double_positions", "{Unit} is a double: give each position as two hexes, e.g. 0603-0604"),
		p("hex.why.single_positions", "{Unit} is a single counter: give one hex per step"),
		p("hex.why.double_adjacent", "{A}-{B}: a double's two hexes must be adjacent (CN-5.23)"),
		p("hex.why.double_step", "{Unit} cannot reach {A}-{B} in one step: a double moves forward, sideslips into a flank hex, pivots into its front-centre hex {Front}, or reverses (CN-5.2)"),
		p("hex.why.leader_no_enter", "{Leader} may not enter {Hex} (CN-7.25, NAV-18.0a)"),
		p("hex.why.leader_enemy_unit", "a leader may not enter a hex with an enemy unit (CN-6.14)"),
		p("hex.why.leader_enemy_leader", "a leader may not enter a hex with an enemy leader (CN-6.14)"),
		p("hex.why.not_adjacent", "{A} is not adjacent to {B}"),
		p("hex.why.off_map", "{Hex} is off the map"),
		p("hex.why.not_on_map", "{Unit} is not on the map"),
		// Modes.
		p("hex.why.no_mode_list", `{Unit} has no mode "{Face}" (modes: {Modes})`),
		p("hex.why.no_mode", `{Unit} has no mode "{Face}"`),
		p("hex.why.mode_fixed", "{Unit} may not change mode once play has begun (NAV-16.1, CRE-16.11)"),
		p("hex.why.mode_locked", "{Unit} must stay in its mode in this scenario (CRE-18.13)"),
		p("hex.why.mode_moved", "{Unit} has moved; changing its mode takes its whole MA (NAV-16.3a)"),
		p("hex.why.routed", "{Unit} is routed"),
		// Set-up.
		p("hex.why.same_mode", "all {Side} plate units must start in the same mode (CRE-19.11): {Unit} is {Face}, another is {Other}"),
		p("hex.why.no_mode_choice", "{Unit} has no starting mode to choose in this scenario (NAV-16.1, CRE-19.11)"),
		p("hex.why.mode_twice", "{Unit}'s mode is given twice"),
		p("hex.why.leader_not_placed", "leader {Leader} is not placed by its owner in this scenario"),
		p("hex.why.leader_place", "leader {Leader} may not be placed in {Hex} (CRE-18.11)"),
		p("hex.why.placed_twice", "{Unit} is placed twice"),
		p("hex.why.fixed_hex", "{Unit}'s set-up hex is fixed by the scenario"),
		p("hex.why.sets_up_with", "{Unit} may not be placed at {Hex}: it sets up with a {With} unit (CRE-18.11)"),
		p("hex.why.setup_zone", "{Unit} may not be placed at {Hex}: its set-up zone is {Hexes}, one unit per hex (CN-6.0)"),
	)
}

var _ adjudicator.Narrator = (*St)(nil)

// NarrationMsg implements adjudicator.Narrator: one line of an event's
// English text read back into a message of the catalogue, or false for a
// line told in English only. The engine never calls it while the battle
// is played.
func (s *St) NarrationMsg(line string) (msg.M, bool) {
	i18nOnce.Do(i18nInit)
	return eventPatterns.Match(line)
}

// reasonMsg reads a refusal's English reason.
func reasonMsg(reason string) (msg.M, bool) {
	i18nOnce.Do(i18nInit)
	return whyPatterns.Match(reason)
}

// explain gives every problem of rej that has no message one read from
// its reason. Only refused submissions pay for it.
func explain(rej *adjudicator.Rejection) *adjudicator.Rejection {
	for i := range rej.Problems {
		p := &rej.Problems[i]
		if p.ReasonMsg != nil {
			continue
		}
		if m, ok := reasonMsg(p.Reason); ok {
			p.ReasonMsg = &m
		}
	}
	return rej
}
