// Package adjudicator defines the interface between pbem's platform (mail,
// store, dice, command line) and its rules engines, one package per game.
//
// A rules engine is pure and deterministic: it never does I/O, never reads
// the clock and draws randomness only from the Dice it is handed. Given the
// same scenario, options, dice and submissions it produces the same states,
// byte for byte, so a whole game replays from its log.
//
// See docs/engine.md for a guide to adding a game.
package adjudicator

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/pbem/pbem/adjudicator/msg"
)

// Role names one seat at the table: "york", "lancaster", "england", ...
// Role names are lower case ASCII words, stable across versions.
type Role string

// GM is the pseudo-role of the game master. A view for GM is omniscient.
const GM Role = "gm"

// Game is a registered game definition (the rules, not a game in progress).
type Game interface {
	// Info describes the game: name, scenarios, roles and options.
	Info() Info
	// Setup creates the initial state of a new game. Any randomness used
	// (shuffles, deals, random placements) comes from dice.
	Setup(scenario string, opts Options, dice Dice) (State, error)
	// Decode rebuilds a state from the bytes State.Encode produced.
	Decode(data []byte) (State, error)
}

// RoleNamer is implemented by games (the Game value) whose sides have
// names in their catalogue that differ between languages (Hammer's
// England is Inglaterra in Spanish): subjects, welcomes and reports name
// a seat in its reader's language.
type RoleNamer interface {
	// RoleMsg is the name of one side (never a joined seat such as
	// "hapsburg+papacy": the platform names each side of it) as a message
	// of the game's catalogue; false for a role it does not know.
	RoleMsg(r Role) (msg.M, bool)
}

// Querier is implemented by games that answer questions about the board
// without changing anything: "show Kent" in an email. Query answers what
// role may see of the thing q names (an area, a space); an unknown name
// is an error with the nearest valid ones. It reads the state only: the
// answer is never logged and changes no dice.
type Querier interface {
	Query(role Role, q string) (string, error)
}

// MsgQuerier is implemented by Queriers that answer in every reader's
// language: QueryMsg gives the answer to "show X" as messages of the
// game's catalogue (see Localized), one per line of the answer, and the
// platform renders them in the reader's language. Query is the same
// answer rendered in English (msg.English), so the two never drift.
// A question the game cannot answer (an unknown name, with the nearest
// valid ones) is a *QueryError from both.
type MsgQuerier interface {
	Querier
	QueryMsg(role Role, q string) ([]msg.M, error)
}

// QueryError is a question a game cannot answer: Text is the reason in
// English, Msg the same reason as a message of the game's catalogue
// ("\"knet\" is not a known area; did you mean Kent?").
type QueryError struct {
	Text string
	Msg  msg.M
}

func (e *QueryError) Error() string { return e.Text }

// OptionInfo is implemented by games whose scenarios come with an option
// (a scenario pack the club typed in): InfoFor describes the game as those
// options make it, so that the platform checks scenarios and roles
// against the pack's rather than the built-in ones.
type OptionInfo interface {
	InfoFor(opts Options) (Info, error)
}

// InfoOf describes g as opts make it: InfoFor when g implements
// OptionInfo, Info otherwise.
func InfoOf(g Game, opts Options) (Info, error) {
	if oi, ok := g.(OptionInfo); ok {
		return oi.InfoFor(opts)
	}
	return g.Info(), nil
}

// Info describes a game for players, GMs and the command line.
type Info struct {
	Name      string     // stable ID used on the command line and in emails, e.g. "richard-iii"
	Title     string     // human title
	Roles     []Role     // every seat; a scenario may use a subset (Scenario.Roles)
	Scenarios []Scenario // the first is the default
	Options   []OptionSpec
}

// Scenario is one way to start the game.
type Scenario struct {
	ID          string // e.g. "wars-of-the-roses"
	Title       string
	Description string
	Roles       []Role // nil means Info.Roles
}

// OptionSpec documents one game option (a rule variant or matter of taste).
type OptionSpec struct {
	Name    string   // e.g. "schiltroms"
	Help    string   // one line
	Default string   // value used when the option is not given
	Values  []string // allowed values; nil means free text
}

// Options are the chosen option values, by OptionSpec.Name.
type Options map[string]string

// Get returns the option's value or def when unset.
func (o Options) Get(name, def string) string {
	if v, ok := o[name]; ok {
		return v
	}
	return def
}

// Bool reports whether the option is set to a true value ("on", "yes", "true", "1").
func (o Options) Bool(name string, def bool) bool {
	v, ok := o[name]
	if !ok {
		return def
	}
	switch strings.ToLower(v) {
	case "on", "yes", "true", "1":
		return true
	}
	return false
}

// Dice is the only source of randomness a rules engine may use. The
// platform implements it on top of the verifiable dice chain
// (docs/dice.md); tests may use a scripted implementation.
type Dice interface {
	// Roll draws a public die with the given number of sides (2..256) and
	// returns 1..sides. Public rolls are shown to every player and can be
	// checked when the current turn ends. purpose is a short label for the
	// dice log, e.g. "battle essex r1 oxford".
	Roll(purpose string, sides int) int
	// Hidden draws from the hidden stream, returning 0..n-1 (n >= 1, n <=
	// 1<<24). Use it for shuffles, deals and draws from a pool: things that
	// must stay secret from at least one player. Hidden draws can be
	// checked when the game ends.
	Hidden(purpose string, n int) int
}

// Shuffle permutes n items with a Fisher-Yates shuffle on the hidden stream.
func Shuffle(d Dice, purpose string, n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := d.Hidden(purpose, i+1)
		swap(i, j)
	}
}

// State is a game in progress. States are values: Apply returns a new
// state and never changes the receiver.
type State interface {
	// Encode returns a canonical serialisation (the same state always
	// encodes to the same bytes). Decode must accept it.
	Encode() ([]byte, error)
	// Status summarises where the game stands.
	Status() Status
	// Prompts lists every decision owed now, by every role. An empty list
	// with Status().Finished false is a bug in the engine.
	Prompts() []Prompt
	// View renders what role may see (GM: everything). It never shows a
	// role anything that role may not know.
	View(role Role) View
	// Apply applies one submission: all its lines or none of them. A
	// rejected submission returns a *Rejection and a nil state.
	Apply(sub Submission, dice Dice) (State, *Result, error)
	// Default returns the submission to apply for role when a deadline
	// passes without orders (e.g. "pass", the lowest card, default battle
	// orders). It returns nil when the role owes nothing.
	Default(role Role) *Submission
}

// Status summarises a game.
type Status struct {
	// Turn is the dice epoch: a number that starts at 1 and increases
	// whenever a turn of the game ends. The dice of each epoch are keyed by
	// that epoch's secret, revealed once the epoch is over.
	Turn int
	// Label is a human description, e.g. "Campaign 1, turn 2: card phase".
	// A state that implements Labeler gives it as a message too.
	Label    string
	Finished bool
	// Winner lists the winning roles when Finished (empty for a draw).
	Winner []Role
	// Result is a one-line summary of the outcome when Finished.
	Result string
}

// Submission is one player's orders: the lines of one email (or the
// defaults at a deadline), to be applied together.
type Submission struct {
	Role  Role
	Lines []Line
}

// Line is one line of orders with its line number in the email body.
type Line struct {
	No   int    // 1-based line number in the text the player sent; 0 if none
	Text string // the line, trimmed, without comments
}

// Result is what an accepted submission produced.
type Result struct {
	// Canonical are the accepted orders in normal form (one per line), as
	// echoed to the sender and logged.
	Canonical []string
	// Events narrate what happened, each visible to some roles.
	Events []Event
}

// Event is one entry of the game's narrative log.
type Event struct {
	// To lists the roles that may see this event; nil means everyone.
	// The GM always sees every event.
	To []Role
	// Text is the event in English, as records and logs keep it. A game
	// that implements Narrator tells it in other languages too.
	Text string
}

// VisibleTo reports whether role may see e.
func (e Event) VisibleTo(role Role) bool {
	if e.To == nil || role == GM {
		return true
	}
	for _, r := range e.To {
		if r == role {
			return true
		}
	}
	return false
}

// Prompt is one decision a role owes now.
type Prompt struct {
	Role Role
	// Kind is a stable machine name for the decision, e.g. "card", "actions".
	Kind string
	// Text explains the decision to the player.
	Text string
	// TextMsg is Text as a message of the game's catalogue (see
	// Localized), rendered in each reader's language; nil when the game
	// explains the decision in English only.
	TextMsg *msg.M
	// Choices lists the legal answers (or, for composite orders, the legal
	// forms with examples), most useful first.
	Choices []string
	// ChoiceMsgs gives some of Choices, by index, as messages of the
	// game's catalogue: the lines that explain rather than quote an order
	// ("then: move, build, ...", "... and 12 more"), rendered in each
	// reader's language. The other choices are orders as the parser reads
	// them and are shown as they are.
	ChoiceMsgs map[int]msg.M
	// Template is a ready-to-edit reply block (without the secret line).
	Template []string
	// Secret marks a simultaneous decision whose answer is hidden from the
	// other players until every answer is in.
	Secret bool
	// Hours is the longest this decision may wait, in hours: the platform
	// sets the deadline to the shortest Hours of the prompts owed, and
	// never later than the game's own deadline. 0 means the game's
	// deadline. Games use it for interrupts (another power's decision in
	// the middle of an impulse) so that they do not hold the table up for
	// a whole turn's deadline.
	Hours int
}

// View is what one role sees: titled sections of preformatted text.
type View struct {
	Role     Role
	Sections []Section
}

// ViewWidth is the widest line a view section should hold: reports
// indent sections by two columns and wrap plain text at 72.
const ViewWidth = 70

// Section is one part of a view or report. Title and Body are its English
// text, which every reader of a View may use. A game may also give the
// section as data, which the platform renders in each reader's language
// (and as a table in HTML): TitleMsg, and Lines or Rows, whose messages
// come from the game's catalogue (see Localized).
type Section struct {
	Title string
	Body  string // preformatted plain text, lines of at most ViewWidth columns

	TitleMsg *msg.M
	Lines    []msg.M // lines of prose
	Rows     []Row   // a table: a name and its items per row
}

// Row is one row of a section's table: "Kent: Warwick 4/4 · Kent 3/3".
type Row struct {
	Key   msg.M
	Items []msg.M
}

// Labeler is implemented by states that give Status().Label as a message
// of the game's catalogue, for readers of other languages.
type Labeler interface {
	LabelMsg() msg.M
}

// Narrator is implemented by states whose narrative can be told in other
// languages. NarrationMsg returns the message of the game's catalogue for
// one line of an event's Text, as the game wrote it in English, or false
// when the game tells that line in English only. Events keep their English
// text in records and logs, and messages are built only when a report is
// rendered, never while the game is played; events logged long ago are
// told in the reader's language as well.
type Narrator interface {
	NarrationMsg(line string) (msg.M, bool)
}

// Localized is implemented by games that ship a catalogue of their words
// in every language the platform speaks: dir in fsys holds en.yaml,
// es.yaml and it.yaml (go-i18n message files, keys prefixed with the
// game's short name).
type Localized interface {
	Locales() (fsys fs.FS, dir string)
}

// Text renders the view as plain text.
func (v View) Text() string {
	var b strings.Builder
	for i, s := range v.Sections {
		if i > 0 {
			b.WriteString("\n")
		}
		if s.Title != "" {
			b.WriteString(strings.ToUpper(s.Title))
			b.WriteString("\n")
		}
		b.WriteString(strings.TrimRight(s.Body, "\n"))
		b.WriteString("\n")
	}
	return b.String()
}

// Rejection is the error Apply returns when a submission cannot be
// applied. It never names anything the submitting role may not see.
type Rejection struct {
	Problems []Problem
}

// Problem is one faulty line.
type Problem struct {
	Line   Line     // the faulty line (No 0 for a problem with the whole submission)
	Reason string   // why it is not legal
	Legal  []string // what would have been legal instead, if known
	// ReasonMsg is Reason as a message of the game's catalogue, rendered
	// in the reader's language; nil when the reason is English only.
	ReasonMsg *msg.M
}

func (r *Rejection) Error() string {
	var b strings.Builder
	for i, p := range r.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		if p.Line.No > 0 {
			fmt.Fprintf(&b, "line %d: ", p.Line.No)
		}
		b.WriteString(p.Reason)
	}
	return b.String()
}

// Reject builds a one-problem rejection.
func Reject(l Line, reason string, legal ...string) *Rejection {
	return &Rejection{Problems: []Problem{{Line: l, Reason: reason, Legal: legal}}}
}

// Player is implemented by engines that can play random legal moves, for
// selfplay, fuzzing and benchmarks.
type Player interface {
	// RandomSubmission returns a legal submission for role, chosen using
	// pick(n), which returns 0..n-1. It returns nil if role owes nothing.
	RandomSubmission(role Role, pick func(n int) int) *Submission
}

// Owing is implemented by engines that can tell who owes a decision more
// cheaply than Prompts, which builds every legal choice. Random players
// (selfplay, benchmarks) use it; it must list exactly the roles of
// Prompts(), in the same order.
type Owing interface {
	Owing() []Role
}

// OwingRoles returns the roles that owe a decision in st, using Owing
// when the engine has it.
func OwingRoles(st State) []Role {
	if o, ok := st.(Owing); ok {
		return o.Owing()
	}
	var out []Role
	seen := map[Role]bool{}
	for _, p := range st.Prompts() {
		if !seen[p.Role] {
			seen[p.Role] = true
			out = append(out, p.Role)
		}
	}
	return out
}

// Checker is implemented by engines that can verify their invariants.
type Checker interface {
	// Check returns an error describing the first broken invariant.
	Check() error
}

var (
	regMu    sync.RWMutex
	registry = map[string]Game{}
)

// Register makes a game available by its Info().Name. Game packages call
// it from init.
func Register(g Game) {
	regMu.Lock()
	defer regMu.Unlock()
	name := g.Info().Name
	if _, dup := registry[name]; dup {
		panic("adjudicator: game registered twice: " + name)
	}
	registry[name] = g
}

// Lookup finds a registered game by name or unambiguous prefix.
func Lookup(name string) (Game, error) {
	regMu.RLock()
	defer regMu.RUnlock()
	name = strings.ToLower(strings.TrimSpace(name))
	if g, ok := registry[name]; ok {
		return g, nil
	}
	var hits []string
	for n := range registry {
		if strings.HasPrefix(n, name) {
			hits = append(hits, n)
		}
	}
	sort.Strings(hits)
	switch len(hits) {
	case 1:
		return registry[hits[0]], nil
	case 0:
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(names(), ", "))
	}
	return nil, fmt.Errorf("game %q is ambiguous: %s", name, strings.Join(hits, ", "))
}

// Games lists the registered games' names, sorted.
func Games() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	return names()
}

func names() []string {
	var out []string
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ScenarioByID finds a scenario by ID or unambiguous prefix; "" means the
// default (first) scenario.
func (i Info) ScenarioByID(id string) (Scenario, error) {
	if len(i.Scenarios) == 0 {
		return Scenario{}, fmt.Errorf("%s has no scenarios", i.Name)
	}
	if id == "" {
		return i.Scenarios[0], nil
	}
	id = strings.ToLower(id)
	var hits []Scenario
	for _, s := range i.Scenarios {
		if s.ID == id {
			return s, nil
		}
		if strings.HasPrefix(s.ID, id) {
			hits = append(hits, s)
		}
	}
	if len(hits) == 0 {
		// A word of the ID also names it: "bruce" for "the-bruce".
		for _, s := range i.Scenarios {
			for _, w := range strings.Split(s.ID, "-") {
				if w == id {
					hits = append(hits, s)
					break
				}
			}
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	var ids []string
	for _, s := range i.Scenarios {
		ids = append(ids, s.ID)
	}
	return Scenario{}, fmt.Errorf("unknown scenario %q for %s (known: %s)", id, i.Name, strings.Join(ids, ", "))
}

// RolesFor returns the roles of a scenario.
func (i Info) RolesFor(s Scenario) []Role {
	if s.Roles != nil {
		return s.Roles
	}
	return i.Roles
}

// DieOwner is implemented by states that can say whose die a public
// draw is, from its purpose, when the draw was made from this state (the
// state before the entry that made it): in a battle both sides roll while
// one player's orders are applied. The luck report (adjudicator/luck)
// uses it; false leaves the die to the player whose entry rolled it.
type DieOwner interface {
	DieOwner(purpose string) (Role, bool)
}
