// Package hereistand is the rules engine for Here I Stand, the game of
// the wars of the Reformation (1517-1555) for three to six players, each
// running one or two of the six major powers.
//
// This package holds the foundation: the game facts (data.json), the
// state of a game, the 1517 set-up and the rules helpers that movement,
// battle, siege and the Action Phase build on (map and passes, powers and
// rulers, action costs, formations, control and lines of communication,
// card draw). The game is not yet registered with the platform: it is not
// playable until the Action Phase is complete.
//
// Rule IDs (HIS-x.y) refer to the checklist of the original 110-card
// edition; docs/rules-coverage/here-i-stand.md maps each to its tests.
package hereistand
