// Package columbia fights battles between Columbia-style blocks: the
// shared battle system of Richard III and Hammer of the Scots.
//
// A game builds a Battle with New (blocks, roles, area and a Config), then
// calls Run with its Hooks (firepower, initiative, retreat destinations,
// eliminations, special actions), a Decider (standing orders) and the Dice.
// Run fights until the battle ends or until a decision must be asked of a
// player; it then returns a *Pending, and the game calls Resume with the
// player's Choice once it arrives. The Battle is plain data and can be
// stored as JSON between the two calls.
//
// See README.md for how a game plugs in.
package columbia

import (
	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// Group says whether a block fights from round 1 or arrives later.
type Group uint8

const (
	// Main blocks fight from round 1 (the defenders and the attacker's Main
	// Attack).
	Main Group = iota
	// Reserve blocks arrive at the start of round 2 (R3-6.3, H-5.32).
	Reserve
)

// Outcome is where a block stands in, or after, a battle.
type Outcome uint8

const (
	// Fighting: the block is still in the battle (or, once the battle is
	// over, survived it and stays in the area unless it regrouped).
	Fighting Outcome = iota
	// Eliminated: the block was destroyed. The game decides where it goes
	// (pool, permanently out, ...); see Hooks.Eliminated for captures.
	Eliminated
	// Retreated: the block left the battle to Block.To.
	Retreated
	// Removed: a game rule took the block out of the battle (Celtic
	// Cohesion, H-5.2); the game knows where it went.
	Removed
)

func (o Outcome) String() string {
	switch o {
	case Fighting:
		return "fighting"
	case Eliminated:
		return "eliminated"
	case Retreated:
		return "retreated"
	case Removed:
		return "removed"
	}
	return "?"
}

// Block is one block in a battle. The game fills the fields up to Data;
// the battle keeps the others (New resets them).
type Block struct {
	ID   string // stable identifier, unique within the battle
	Name string // display name for narratives; "" means ID
	Side adjudicator.Role
	// Initiative is the printed letter 'A'..'D'. Hooks.Initiative may
	// change it per round (R3 bombards).
	Initiative byte
	// Firepower is the printed number (hits on a die <= firepower).
	// Hooks.Firepower may adjust it (shields, crowns, home, schiltroms).
	Firepower int
	Steps     int    // current strength, 1..MaxSteps
	MaxSteps  int    // 2, 3 or 4
	Group     Group  // Main or Reserve
	Border    string // the border (game's own naming) the block crossed to enter; "" for blocks already there
	Kind      string // free text for the game: "heir", "noble", "levy", "bombard", ...
	Tags      []string
	Data      int // free for the game

	// Kept by the battle.

	Outcome Outcome
	// To is the area the block retreated or regrouped to ("" if none).
	To string
	// OrigSide is the side the block started the battle on. It differs from
	// Side after a defection (R3-6.9) or a capture (H-5.7a).
	OrigSide adjudicator.Role
	// Arrived: the block is on the battlefield and can be hit. Main blocks
	// arrive at once, reserves at the start of round 2 (or earlier under
	// Config.ReserveException).
	Arrived bool
	// ActiveFrom is the first round in which the block takes turns.
	ActiveFrom int
	// Acted marks the block's turn as taken in the current round.
	Acted bool
	// Regrouped marks a winner's block whose regroup has been decided.
	Regrouped bool
	// Changed counts side changes in this battle (defections, captures).
	Changed int
	// Letter is the block's initiative in the current round (from
	// Hooks.Initiative).
	Letter byte
	// Seen: the block has been revealed to the enemy (see Battle.Revealed).
	Seen bool
}

// Label returns the display name.
func (b *Block) Label() string {
	if b.Name != "" {
		return b.Name
	}
	return b.ID
}

// HasTag reports whether the block carries tag t.
func (b *Block) HasTag(t string) bool {
	for _, x := range b.Tags {
		if x == t {
			return true
		}
	}
	return false
}

// In reports whether the block is still in the battle (alive, not
// retreated), whether or not it has arrived.
func (b *Block) In() bool { return b.Outcome == Fighting }

// HitMode says how a firing block's hits are applied.
type HitMode uint8

const (
	// HitsConcentrated: all of one block's hits go to the single strongest
	// enemy block; only when it is eliminated does the rest go to the next
	// strongest (R3-6.4b). A tie for strongest is decided once per target.
	HitsConcentrated HitMode = iota
	// HitsOneAtATime: each hit goes to the then-strongest enemy block
	// (H-5.41a). A tie is decided for each hit.
	HitsOneAtATime
)

// FinalRetreat says how the attacker leaves when the last round is over.
type FinalRetreat uint8

const (
	// RetreatInLastRound: in the last round every attacking block must
	// retreat on its normal turn, after taking fire from defenders whose
	// turns come earlier (R3-6.2e, R3-6.2g).
	RetreatInLastRound FinalRetreat = iota
	// RetreatAfterLastRound: after the last round the attacker retreats
	// all remaining blocks (H-5.3a).
	RetreatAfterLastRound
)

// ReserveException says when a side's reserves deploy during round 1
// because all of that side's round-1 blocks are gone (R3-6.3f, §3 D4).
type ReserveException uint8

const (
	// ExceptionNone: reserves always wait for round 2 (Hammer, H-5.32e).
	ExceptionNone ReserveException = iota
	// ExceptionBothSides: either side's reserves deploy at once (Spanish
	// text; the recommended reading).
	ExceptionBothSides
	// ExceptionDefenderOnly: only the defender's (Italian text).
	ExceptionDefenderOnly
)

// Config holds the rule parameters that differ between games. It is
// stored in the Battle so a resumed battle keeps its rules.
type Config struct {
	MaxRounds    int // R3: 4; Hammer: 3
	FinalRetreat FinalRetreat
	Hits         HitMode
	// NoRetreatRound1 forbids retreat in round 1 (R3-6.2a).
	NoRetreatRound1 bool
	// ReserveException: see the type.
	ReserveException ReserveException
	// ControlChange: when every defending block on the field is gone in
	// round 1 while defending reserves are still to come, the sides swap
	// roles for the rest of the battle (R3-6.3g, H-5.32f).
	ControlChange bool
	// HiddenRetreats: the enemy is told only that "a block" retreated, and
	// retreated blocks are no longer revealed to it (H-5.5b).
	HiddenRetreats bool
	// Regroup lets the winner move surviving blocks when the battle ends
	// (R3-6.7, H-5.6a). Without it the game handles regrouping itself.
	Regroup bool
	// RegroupAfterFinalRetreat lets the defender regroup after the
	// attacker's mandatory retreat (AMB-20: yes). When false, a battle won
	// that way has no regroup.
	RegroupAfterFinalRetreat bool
	// RevealReservesOnArrival keeps reserves hidden from the enemy until
	// they arrive (H-5.32e). Without it every block is revealed when the
	// battle starts (R3-6.1b).
	RevealReservesOnArrival bool
	// Narrate writes the narrative log. Selfplay may turn it off for speed.
	Narrate bool
	// Sides is the number of sides of a battle die (0 means 6).
	Sides int
}

// RichardIII returns the Richard III battle rules (R3-6.0 to 6.7) with
// the recommended readings (reserve exception for both sides).
func RichardIII() Config {
	return Config{
		MaxRounds:                4,
		FinalRetreat:             RetreatInLastRound,
		Hits:                     HitsConcentrated,
		NoRetreatRound1:          true,
		ReserveException:         ExceptionBothSides,
		ControlChange:            true,
		Regroup:                  true,
		RegroupAfterFinalRetreat: true,
		Narrate:                  true,
	}
}

// Hammer returns the Hammer of the Scots battle rules (H-5.3 to 5.6).
func Hammer() Config {
	return Config{
		MaxRounds:                3,
		FinalRetreat:             RetreatAfterLastRound,
		Hits:                     HitsOneAtATime,
		ReserveException:         ExceptionNone,
		ControlChange:            true,
		HiddenRetreats:           true,
		RevealReservesOnArrival:  true,
		Regroup:                  true,
		RegroupAfterFinalRetreat: true,
		Narrate:                  true,
	}
}

// Phase is where a battle stands.
type Phase uint8

const (
	// PhaseRounds: battle rounds are being fought.
	PhaseRounds Phase = iota
	// PhaseFinalRetreat: the attacker is retreating after the last round
	// (RetreatAfterLastRound).
	PhaseFinalRetreat
	// PhaseRegroup: the winner is regrouping.
	PhaseRegroup
	// PhaseDone: the battle is over.
	PhaseDone
)

// MoveKind tells retreats from regroups in Battle.Moves.
type MoveKind uint8

const (
	MoveRetreat      MoveKind = iota // a retreat on a block's turn
	MoveFinalRetreat                 // the attacker's retreat after the last round
	MoveRegroup                      // the winner's regroup
)

// Move is one block leaving the battle area. Games count them against
// border limits in Hooks.RetreatOptions / RegroupOptions.
type Move struct {
	Block string
	Side  adjudicator.Role
	To    string
	Round int
	Kind  MoveKind
}

// Battle is one battle: plain data, JSON-serialisable. Create it with New;
// copy it with Clone (a copy by value shares slices and the Shot).
type Battle struct {
	Area     string // the battle area's ID
	AreaName string // for narratives; "" means Area
	// Names gives display names to area and role IDs in narratives,
	// tables and prompts, e.g. {"moray": "Moray", "england": "England"}.
	// IDs not in it are shown as they are.
	Names map[string]string `json:",omitempty"`
	Rules Config

	// Attacker and Defender are the current roles; they swap on a control
	// change (R3-6.3g, H-5.32f). OrigAttacker is who attacked.
	Attacker     adjudicator.Role
	Defender     adjudicator.Role
	OrigAttacker adjudicator.Role
	Swapped      bool // a control change happened

	Round int   // 1..MaxRounds; 0 before Run
	Phase Phase // PhaseRounds, ...
	// Order is this round's turn order: indexes into Blocks.
	Order []int
	// Turn is the position in Order of the block whose turn it is.
	Turn   int
	Blocks []Block

	// Shot is a firing in progress (waiting for a hit-tie decision).
	Shot *Shot `json:",omitempty"`
	// Pending is the decision the battle is waiting for, if any.
	Pending *Pending `json:",omitempty"`

	Moves []Move
	// Log is the narrative. Events with To set are seen only by those
	// roles (hidden retreats).
	Log []adjudicator.Event
	// Counters is free per-battle state for the game's hooks, e.g. used
	// treachery rolls ("treachery king": 1).
	Counters map[string]int `json:",omitempty"`

	// Winner is the side left in the area when the battle is over ("" for
	// none: both sides gone).
	Winner adjudicator.Role
	// Draws counts dice rolled in this battle.
	Draws int
	// Lines counts narrative lines written in the current round (the first
	// carries the "Round N" prefix).
	Lines int

	scratch []Choice
	pend    Pending // reused for decisions the Decider answers
	spare   Shot    // reused for shots
	// text holds the narrative lines and dice purposes this battle wrote
	// since it was built or cloned (a clone starts a buffer of its own:
	// two clones of one battle never write to the same bytes).
	text textbuf.Buf
	// mem is the room New or Clone allocated with the battle (nil for a
	// decoded battle).
	mem *battleMem

	// The narrative told as events (TellAsEvents): head starts each
	// event, ev is the caller's buffer the events of the current run are
	// written in, each line of the log once inside its event; groups are
	// the events already closed, open tells whether the last one is
	// still being written and lineAt where the line in progress starts
	// in it.
	head   string
	ev     *textbuf.Buf
	groups []string
	open   bool
	lineAt int
	first  bool // the line in progress starts its event
}

// Shot is a firing whose hits are being applied.
type Shot struct {
	Firer  int   // index into Blocks
	Rolls  []int // the dice
	Fire   int   // firepower used
	Hits   int   // hits scored
	Left   int   // hits not yet applied
	Target int   // -1, or the block taking concentrated hits (HitsConcentrated)
	Single bool  // hits go only to Target; extra hits are lost (charges, bonus shots)
	Stop   bool  // the remaining hits are lost (reserves deployed mid-shot)
	Ends   bool  // the shot ended the battle: announce the winner after it
	Text   []byte
	Label  string // action label in the narrative, "" for normal fire
	Segs   []Seg  // hits applied so far, for the narrative
}

// Seg is the narrative of the hits one block took from a shot.
type Seg struct {
	Block    string
	Name     string
	From, To int
	Fate     string
}

// Action is what a block does on its turn, or the kind of a choice.
type Action uint8

const (
	ActFire    Action = iota // roll Steps dice
	ActPass                  // do nothing
	ActRetreat               // leave to Choice.To
	ActSpecial               // a game action (Choice.Special, Choice.Target)
	ActTarget                // take hits: the block Choice.Target (hit ties)
	ActStay                  // regroup: stay in the area
	ActRegroup               // regroup to Choice.To
)

// Choice is one answer to a Pending decision.
type Choice struct {
	Action  Action
	To      string `json:",omitempty"` // Retreat, Regroup: destination area
	Target  string `json:",omitempty"` // Target, Special: a block ID
	Special string `json:",omitempty"` // Special: the game's action name, e.g. "treachery"
}

// DecisionKind names a decision.
type DecisionKind uint8

const (
	// DecideTurn: the block's battle turn (fire, pass, retreat, special).
	DecideTurn DecisionKind = iota
	// DecideHitTie: which of equally strong blocks takes the hits.
	DecideHitTie
	// DecideRetreat: where a block that must retreat goes.
	DecideRetreat
	// DecideRegroup: where a winning block regroups (or stays).
	DecideRegroup
)

func (k DecisionKind) String() string {
	switch k {
	case DecideTurn:
		return "battle turn"
	case DecideHitTie:
		return "hit tie"
	case DecideRetreat:
		return "retreat"
	case DecideRegroup:
		return "regroup"
	}
	return "?"
}

// Pending is a decision the battle needs.
type Pending struct {
	Side  adjudicator.Role // who decides
	Kind  DecisionKind
	Block string // the acting block (turn, retreat, regroup) or the firing block (hit tie)
	Hits  int    // hit tie: hits still to apply
	// Choices lists the legal answers, the default first.
	Choices []Choice
}

// Special is a special action a block may take instead of firing
// (treachery, heir charge). Hooks.Specials lists them.
type Special struct {
	Name    string   // e.g. "treachery", "charge"
	Targets []string // legal target block IDs (none: the action is not offered, unless NoTarget)
	// NoTarget marks an action that takes no target: it is offered once.
	NoTarget bool
}

// Hooks is implemented by each game. Embed DefaultHooks to get the
// plain behaviour for the methods a game does not need.
type Hooks interface {
	// Firepower returns b's firepower now, after game modifiers.
	Firepower(bt *Battle, b *Block) int
	// Initiative returns b's initiative letter in the current round.
	Initiative(bt *Battle, b *Block) byte
	// RetreatOptions lists the areas b may retreat to now, most preferred
	// first. It must apply border limits (count bt.Moves), enemy entry
	// borders, friendly/vacant and any game restriction. final is true for
	// the attacker's retreat after the last round (RetreatAfterLastRound,
	// recorded as MoveFinalRetreat); it is false for every retreat made on
	// a block's turn, including R3's compulsory round-4 retreat.
	RetreatOptions(bt *Battle, b *Block, final bool) []string
	// RegroupOptions lists the areas a winning block may regroup to.
	RegroupOptions(bt *Battle, b *Block) []string
	// Eliminated is called when b loses its last step. by is the firing
	// block, or nil when b could not retreat. It returns the block's fate:
	// the zero Fate means eliminated; Capture moves it to the reserve of
	// Fate.Side at Fate.Steps (Hammer nobles, H-5.7a).
	Eliminated(bt *Battle, b *Block, by *Block) Fate
	// Specials lists the special actions b may take on its turn.
	Specials(bt *Battle, b *Block) []Special
	// ResolveSpecial carries out a special action chosen for b. It may
	// roll dice and use the Battle helpers (Roll, HitBlock, Shoot,
	// Defect, Withdraw, Say, Count/Inc). An error stops Run with the
	// battle half-changed: return one only for a bug, and discard the
	// battle (games work on a copy of their state).
	ResolveSpecial(bt *Battle, b *Block, c Choice, d adjudicator.Dice) error
	// StartRound is called at the start of each round, after reserves
	// arrive (e.g. Celtic Cohesion for reserves, AMB-17).
	StartRound(bt *Battle, d adjudicator.Dice)
}

// Fate is what happens to an eliminated block.
type Fate struct {
	Capture bool             // the block changes sides instead of being eliminated
	Side    adjudicator.Role // the capturing side
	Steps   int              // strength after capture (0 means 1)
}

// DefaultHooks is the plain behaviour: printed ratings, no retreat or
// regroup destinations, no captures, no special actions. Games embed it.
type DefaultHooks struct{}

// Firepower returns b.Firepower.
func (DefaultHooks) Firepower(_ *Battle, b *Block) int { return b.Firepower }

// Initiative returns b.Initiative.
func (DefaultHooks) Initiative(_ *Battle, b *Block) byte { return b.Initiative }

// RetreatOptions returns nil: nowhere to go.
func (DefaultHooks) RetreatOptions(*Battle, *Block, bool) []string { return nil }

// RegroupOptions returns nil.
func (DefaultHooks) RegroupOptions(*Battle, *Block) []string { return nil }

// Eliminated returns the zero Fate.
func (DefaultHooks) Eliminated(*Battle, *Block, *Block) Fate { return Fate{} }

// Specials returns nil.
func (DefaultHooks) Specials(*Battle, *Block) []Special { return nil }

// ResolveSpecial reports that no special actions exist.
func (DefaultHooks) ResolveSpecial(_ *Battle, _ *Block, c Choice, _ adjudicator.Dice) error {
	return errUnknownSpecial(c.Special)
}

// StartRound does nothing.
func (DefaultHooks) StartRound(*Battle, adjudicator.Dice) {}

// Decider answers decisions without asking a player. Decide returns
// ok=false when the player must be asked. p and p.Choices are valid only
// during the call (the battle reuses them); an answer that is not among
// p.Choices is treated as ok=false.
type Decider interface {
	Decide(bt *Battle, p *Pending) (c Choice, ok bool)
}

// AutoReporter is implemented by a Decider that can tell when it answers
// a side's decisions exactly as Auto does; the battle then skips listing
// that side's choices it would only give to Auto (as for Auto itself and
// a BySide without orders for the side).
type AutoReporter interface {
	AutoFor(side adjudicator.Role) bool
}

// Auto is the default Decider: it never asks. Turns fire; a forced
// retreat takes the first legal destination; hit ties go to the block
// chosen by DefaultTie; winners stay (no regroup).
type Auto struct{}

// BySide answers each side's decisions with that side's Decider; sides
// not in the map use Auto.
type BySide map[adjudicator.Role]Decider

// CondKind is a standing-order retreat condition.
type CondKind uint8

const (
	// Always: the rule applies whenever retreat is legal.
	Always CondKind = iota
	// RoundAtLeast: the round number is at least N.
	RoundAtLeast
	// Weaker: own total strength is below the enemy's (steps of blocks on
	// the field).
	Weaker
	// BlocksAtMost: own blocks on the field are N or fewer ("down to N blocks").
	BlocksAtMost
	// StepsAtMost: own total strength is N or less.
	StepsAtMost
)

// Condition is one "when" clause of a standing retreat order.
type Condition struct {
	Kind CondKind
	N    int `json:",omitempty"`
}

// RetreatRule is "retreat [blocks] to AREA when CONDITION".
type RetreatRule struct {
	Blocks []string `json:",omitempty"` // block IDs; empty means every own block
	To     []string `json:",omitempty"` // destinations in order of preference; empty means the first legal one
	When   Condition
}

// RegroupOrder is a regroup destination for one block ("" = stay).
// Block AllBlocks stands for every block without an order of its own.
type RegroupOrder struct {
	Block string
	To    string
}

// AllBlocks is the RegroupOrder.Block of "regroup all to AREA".
const AllBlocks = "*"

// StandingOrders are what one side states in advance for a battle. The
// zero value behaves like Auto. It implements Decider for its own side.
type StandingOrders struct {
	// Ask asks the player for each battle turn ("ask me each round"), and
	// for ties, forced retreats and regroups the orders below do not settle.
	Ask bool `json:",omitempty"`
	// Pass lists blocks that pass instead of firing.
	Pass []string `json:",omitempty"`
	// Retreat rules, tried in order on each of the side's turns.
	Retreat []RetreatRule `json:",omitempty"`
	// HitOrder lists block IDs to take hits first when blocks tie for
	// strongest; ties it does not settle go by DefaultTie.
	HitOrder []string `json:",omitempty"`
	// Regroup gives regroup destinations; unlisted blocks stay.
	Regroup []RegroupOrder `json:",omitempty"`
	// Order lists block IDs in the order they take their battle turns
	// among the side's blocks that share an initiative letter (see
	// FireOrderer); unlisted blocks follow in the fixed order.
	Order []string `json:",omitempty"`
}

// FireOrderer is implemented by a Decider that sets the order in which a
// side's blocks with the same initiative letter take their turns. The
// rules fix the order only by letter and Defender first (R3-6.2b,
// H-5.31b); among one side's blocks of one letter the owner decides
// (R3-R22, AMB-18). FireOrder returns block IDs, first to act first;
// blocks it does not list keep the fixed order (the order of
// Battle.Blocks) after those it lists. A Decider without it gets the
// fixed order.
type FireOrderer interface {
	FireOrder(bt *Battle, side adjudicator.Role) []string
}
