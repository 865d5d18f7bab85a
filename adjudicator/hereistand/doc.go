// Package hereistand is the rules engine for Here I Stand, the game of
// the wars of the Reformation (1517-1555) for three to six players, each
// running one or two of the six major powers.
//
// The package holds the game facts (data.json), the state of a game, the
// 1517 set-up, the rules helpers (map and passes, powers and rulers,
// action costs, formations, control and lines of communication, card
// draw), the land war (move.go, battle.go, siege.go) and the turn machine
// that plays whole games by email: the nine phases of a turn (turn.go),
// the impulses of the Action Phase with their card plays and actions
// (action.go), the decisions other powers owe in the middle of an impulse
// (flow.go, decide.go), Spring Deployment (spring.go), Winter (winter.go),
// the order language (orders.go) and the prompts, defaults and random
// play (prompts.go), and the Reformation (religion.go: debaters,
// reformers, universities, Reformation and Counter-Reformation attempts,
// Luther's 95 Theses and the Diet of Worms; religion_actions.go: the six
// religious actions, theological debates and debater bonuses), and the
// Diplomacy Phase (negotiation.go: deals and alliances; loans.go: squadrons
// lent to an ally and given back in Winter; peace.go: suing
// for peace and ransom; diplomacy.go: declarations of war and
// interventions), the New World (newworld.go: colonies, voyages of
// exploration and conquest, New World riches, raiders and the New World
// cards' events), Henry VIII's wives and heirs (henry.go: Six Wives of
// Henry VIII, the Pregnancy Chart, the divorce, the heirs' cards and Mary
// I's procedure), Ottoman piracy with Barbary Pirates, Pirate Haven,
// Dragut and Julia Gonzaga (piracy.go), and the foreign wars
// (foreignwar.go), and the Combat cards in battles, assaults and naval
// combats with the Janissaries step after the roll (combat.go). Card events: the framework in events.go, the Mandatory
// Events in events_mandatory.go (the Schmalkaldic League, the new rulers,
// Society of Jesus, overdue events in Winter) and the Home cards in
// events_home.go (Papal Bull, Holy Roman Emperor and the rest); the other
// cards are played for their CP until their events arrive.
//
// Rule IDs (HIS-x.y) refer to the checklist of the original 110-card
// edition; docs/rules-coverage/here-i-stand.md maps each to its tests.
package hereistand
