package hereistand

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/orders"
)

// The turn machine's state: the impulse in progress, the stack of
// decisions owed by powers other than the active one (interrupts), the
// move in progress those decisions belong to, the orders of the active
// power waiting for the interrupt to be answered, the VP record of every
// turn (for tie-breaks) and the outcome.

// Kinds of decision on the pending-decision stack (checklist 6.2).
const (
	DecIntercept      = iota + 1 // W3: try to intercept a move
	DecAvoid                     // W4: avoid battle
	DecWithdraw                  // W5: withdraw into the fortifications
	DecFallBack                  // W6: fall back or move on after a withdrawal
	DecRetreat                   // W10: where the beaten defenders go
	DecLosses                    // W10: which units a side loses in a field battle
	DecNavalIntercept            // W16: try to intercept a naval move
	DecNavalAvoid                // W16: naval avoid battle
	DecCommit                    // W12: units from inside join a relief battle
	DecReform                    // HIS-18.3-18.5: the target of a religious attempt or flip
	DecChoice                    // an event's choices owed by another power (events_mandatory.go)
	DecPiracy                    // W19: what the target of piracy gives for each hit
	DecForeign                   // W25: the units sent to a foreign war
	DecCombat                    // W8-W9: the Combat cards a power plays before or after the dice (combat.go)
	DecRespond                   // W1-W2, W13, W15, W23: a Response card against an announced action (respond.go)
	nDec
)

var decisionKinds = [nDec]string{"", "intercept", "avoid-battle", "withdraw", "fall-back", "retreat", "casualties", "naval-intercept", "naval-avoid", "commit", "target", "event-choice", "piracy", "foreign-war", "combat", "response"}

// Decision is one decision owed by one power in the middle of the active
// power's impulse. Only the top of the stack is owed at any time; the
// entries below it resume, in order, once it is answered.
type Decision struct {
	Kind  int
	Power int
}

// Flow is the turn machine's part of the state.
type Flow struct {
	// Card is the card played in the current impulse (0 before the play);
	// CP the command points left to spend in it (HIS-11.1a).
	Card, CP int
	// Waiting holds the powers that owe a decision of a phase every power
	// passes through at once (the Diplomacy Phase), bit p for power p.
	Waiting uint8
	// Stack is the pending-decision stack; its last entry is owed now.
	Stack []Decision
	// Move is the move action in progress (move.go); Battle and Roll the
	// field battle that follows it, once rolled, while its loser chooses.
	Move   *Move
	Battle *Battle
	Roll   *BattleResult
	// AttLoss and DefLoss are the casualties chosen by the two sides of
	// Battle (nil: not chosen, the default order applies).
	AttLoss, DefLoss []Part
	// Transport is set while Move lands a formation carried by sea.
	Transport bool
	// Assault is the assault rolled in this action whose casualties are
	// being chosen (its roll is Roll).
	Assault *Assault
	// Commit holds the units and leaders from inside a besieged space
	// that join the relief battle of Move (HIS-15.2a), once asked.
	Commit      *Formation
	CommitAsked bool
	// Naval is the naval move action in progress (naval.go).
	Naval *NavalMove
	// Beaten holds the locations of ships beaten in a naval battle this
	// impulse (HIS-16.1f); NavalDead counts each power's ships lost this
	// turn, which may not be rebuilt before the next (HIS-17.2b).
	Beaten    locSet
	NavalDead [NPow]uint8
	// Declined holds the powers that declined to intercept Move;
	// NoWithdraw is set once the withdrawal into fortifications was
	// refused.
	Declined   uint16
	NoWithdraw bool
	// Auto holds each power's standing orders: bit k set answers its
	// decisions of kind k with their default, without asking.
	Auto [NMajor]uint16
	// Intercepts holds each power's conditional standing interceptions
	// ("auto intercept from Lyon to Dijon at most 4"), tried in order
	// before the power is asked.
	Intercepts [NMajor][]StandingIntercept
	// Interv holds the interventions owed in the declarations of war of
	// the Diplomacy Phase (HIS-9.6e-f), the first owed now.
	Interv []Intervention
	// FreeDOW holds the powers at war with a minor power an intervention
	// just activated, each to choose a free declaration of war on its new
	// ally (HIS-22.2d): the power, the minor and the declarer whose
	// declaration started it; the first is owed now.
	FreeDOW [][3]int
	// Seg is the segment of the Diplomacy Phase in progress from turn 2
	// (SegPeace, SegRansom, SegDOW); Peace the pairs of powers that made
	// peace in this Diplomacy Phase (HIS-9.6j).
	Seg   int
	Peace [][2]int
	// Deals are the deals announced and not yet confirmed by every power
	// involved, the first being asked (HIS-9.1d); Gifts the pairs (giver,
	// receiver) of card draws given by deals this turn (HIS-9.1b6).
	Deals []Deal
	Gifts []gift
	// Loans are the squadrons lent by deals this turn (HIS-9.2e), in the
	// order they were made; they go back to their owners in Winter
	// (HIS-19.1).
	Loans []Loan
	// Queue holds the active power's order lines that follow an action
	// interrupted by another power's decision; they run once it is made.
	Queue []adjudicator.Line
	// History holds every power's VP at each Victory Determination Phase,
	// oldest first, for the tie-breaks of HIS-23.3b.
	History [][NMajor]int
	// Over is set when the game has ended; Winners holds the winning
	// powers (bit p) and Result says how.
	Over    bool
	Winners uint8
	Result  string
	// Combat is the window of Combat cards of the combat about to be
	// rolled (combat.go).
	Combat *CombatWindow
	// Resp holds the window of Response cards open and the effects of
	// the Response cards played (respond.go).
	Resp Responses
}

func (f Flow) clone() Flow {
	f.Stack = append([]Decision(nil), f.Stack...)
	for p := range f.Intercepts {
		if f.Intercepts[p] != nil {
			f.Intercepts[p] = append([]StandingIntercept(nil), f.Intercepts[p]...)
		}
	}
	f.Queue = append([]adjudicator.Line(nil), f.Queue...)
	if f.Interv != nil {
		f.Interv = append([]Intervention(nil), f.Interv...)
	}
	if f.FreeDOW != nil {
		f.FreeDOW = append([][3]int(nil), f.FreeDOW...)
	}
	if f.Peace != nil {
		f.Peace = append([][2]int(nil), f.Peace...)
	}
	if f.Gifts != nil {
		f.Gifts = append([]gift(nil), f.Gifts...)
	}
	if f.Loans != nil {
		f.Loans = append([]Loan(nil), f.Loans...)
	}
	if f.Deals != nil {
		ds := make([]Deal, len(f.Deals))
		for i, d := range f.Deals {
			d.Terms = append([]string(nil), d.Terms...)
			ds[i] = d
		}
		f.Deals = ds
	}
	f.History = append([][NMajor]int(nil), f.History...)
	if f.Combat != nil {
		f.Combat = f.Combat.clone()
	}
	f.Resp = f.Resp.clone()
	if f.AttLoss != nil {
		f.AttLoss = append([]Part{}, f.AttLoss...)
	}
	if f.DefLoss != nil {
		f.DefLoss = append([]Part{}, f.DefLoss...)
	}
	if f.Move != nil {
		m := cloneMove(*f.Move)
		f.Move = &m
	}
	if f.Assault != nil {
		a := *f.Assault
		a.F = cloneFormation(a.F)
		f.Assault = &a
	}
	if f.Commit != nil {
		c := cloneFormation(*f.Commit)
		f.Commit = &c
	}
	if f.Naval != nil {
		n := cloneNaval(*f.Naval)
		f.Naval = &n
	}
	if f.Battle != nil {
		b := *f.Battle
		b.Att = cloneFormation(b.Att)
		b.Committed = append([]Part(nil), b.Committed...)
		b.CommittedLeaders = append([]int(nil), b.CommittedLeaders...)
		f.Battle = &b
	}
	if f.Roll != nil {
		r := *f.Roll
		r.AttRolls = append([]int(nil), r.AttRolls...)
		r.DefRolls = append([]int(nil), r.DefRolls...)
		f.Roll = &r
	}
	return f
}

func cloneFormation(f Formation) Formation {
	f.Parts = append([]Part(nil), f.Parts...)
	f.Leaders = append([]int(nil), f.Leaders...)
	return f
}

func cloneMove(m Move) Move {
	m.F = cloneFormation(m.F)
	m.Tried = append([]int(nil), m.Tried...)
	m.Avoided = append([]int(nil), m.Avoided...)
	fs := make([]Formation, len(m.Intercepting))
	for i, f := range m.Intercepting {
		fs[i] = cloneFormation(f)
	}
	m.Intercepting = fs
	return m
}

// noteNavalLoss counts ships lost for HIS-17.2b.
func (f *Flow) noteNavalLoss(p int, l Force) {
	f.NavalDead[p] += uint8(l.Naval())
}

// push adds a decision owed by power p on top of the stack.
func (f *Flow) push(kind, p int) { f.Stack = append(f.Stack, Decision{Kind: kind, Power: p}) }

// top is the decision owed now, if any.
func (f *Flow) top() (Decision, bool) {
	if len(f.Stack) == 0 {
		return Decision{}, false
	}
	return f.Stack[len(f.Stack)-1], true
}

func (f *Flow) pop() { f.Stack = f.Stack[:len(f.Stack)-1] }

// status completes the platform's status with the outcome.
func (f *Flow) status(st adjudicator.Status) adjudicator.Status {
	if !f.Over {
		return st
	}
	st.Finished = true
	st.Result = f.Result
	st.Label = "Game over: " + f.Result
	for p := 0; p < NMajor; p++ {
		if f.Winners&(1<<p) != 0 {
			st.Winner = append(st.Winner, roleOf(p))
		}
	}
	return st
}

// checkFlow verifies the turn machine's invariants.
func (s *St) checkFlow() error {
	f := &s.Flow
	if f.CP < 0 || f.CP > 12 {
		return fmt.Errorf("%d CP in the impulse", f.CP)
	}
	if f.Card < 0 || f.Card > NC {
		return fmt.Errorf("card %d in play", f.Card)
	}
	if f.Card != 0 && s.Phase != PhAction {
		return fmt.Errorf("a card in play outside the Action Phase")
	}
	if f.Waiting != 0 && s.Phase != PhDiplomacy && s.Phase != PhDiet || f.Waiting >= 1<<NMajor {
		return fmt.Errorf("powers waiting %b in the %s phase", f.Waiting, phaseNames[s.Phase])
	}
	for _, d := range f.Stack {
		if d.Kind < 1 || d.Kind >= nDec || d.Power < 0 || d.Power >= NMajor {
			return fmt.Errorf("bad pending decision %+v", d)
		}
	}
	if len(f.Stack) > 0 && f.Move == nil && f.Naval == nil && f.Assault == nil && f.Combat == nil && s.Rel.Pending == nil && s.Mand.Ask == 0 && s.Pirates.Act == nil && s.pendingForeign() == nil && f.Resp.Window == nil {
		return fmt.Errorf("decisions pending without a move in progress")
	}
	fight := f.Battle != nil || f.Assault != nil
	if fight != (f.Roll != nil) || !fight && (f.AttLoss != nil || f.DefLoss != nil) || f.Battle != nil && f.Assault != nil {
		return fmt.Errorf("a battle without its roll")
	}
	if (f.Move != nil || f.Naval != nil || f.Assault != nil) && s.Phase != PhAction {
		return fmt.Errorf("a move in progress outside the Action Phase")
	}
	if len(f.FreeDOW) > 0 && (s.Phase != PhDiplomacy || f.Waiting != 1<<f.FreeDOW[0][0] || s.minorAlly(f.FreeDOW[0][1]) == NoPower) {
		return fmt.Errorf("a free declaration of war owed out of turn")
	}
	if len(f.Interv) > 0 && len(f.FreeDOW) == 0 && (s.Phase != PhDiplomacy || f.Waiting != 1<<intervener(f.Interv[0].Minor)) {
		return fmt.Errorf("an intervention owed outside the declarations of war")
	}
	if s.Phase == PhDiplomacy && s.Turn > 1 && f.Waiting&(f.Waiting-1) != 0 {
		return fmt.Errorf("several powers owe diplomacy at once")
	}
	if len(f.Deals) > 0 && f.Seg != SegNegotiate {
		return fmt.Errorf("deals pending outside the Negotiation segment")
	}
	if (f.Seg != 0 || len(f.Peace) > 0 || len(f.Deals) > 0 || len(f.Gifts) > 0) && s.Phase != PhDiplomacy {
		return fmt.Errorf("a diplomacy segment outside the Diplomacy Phase")
	}
	if err := s.checkLoans(); err != nil {
		return err
	}
	if s.Passes < 0 || s.Passes > NMajor {
		return fmt.Errorf("%d consecutive passes", s.Passes)
	}
	return nil
}

// flowWire is the stored form of the turn machine. The move and battle in
// progress are stored with the table numbers of spaces, powers and
// leaders (they only live for the length of one action).
type flowWire struct {
	Card       int                 `json:"card,omitempty"`
	CP         int                 `json:"cp,omitempty"`
	Waiting    []string            `json:"waiting,omitempty"`
	Stack      [][2]string         `json:"stack,omitempty"`
	Move       *Move               `json:"move,omitempty"`
	Battle     *Battle             `json:"battle,omitempty"`
	Roll       *BattleResult       `json:"roll,omitempty"`
	AttLoss    []Part              `json:"att_loss,omitempty"`
	Naval      *NavalMove          `json:"naval,omitempty"`
	Commit     *Formation          `json:"commit,omitempty"`
	Assault    *Assault            `json:"assault,omitempty"`
	Transport  bool                `json:"transport,omitempty"`
	Asked      bool                `json:"commit_asked,omitempty"`
	Beaten     []string            `json:"beaten,omitempty"`
	NavalDead  map[string]int      `json:"naval_dead,omitempty"`
	Auto       map[string][]string `json:"auto,omitempty"`
	Intercepts map[string][]string `json:"auto_intercepts,omitempty"`
	DefLoss    []Part              `json:"def_loss,omitempty"`
	Declined   []string            `json:"declined,omitempty"`
	NoWithdraw bool                `json:"no_withdraw,omitempty"`
	Queue      []adjudicator.Line  `json:"queue,omitempty"`
	Interv     [][2]string         `json:"interventions,omitempty"`
	FreeDOW    [][3]string         `json:"free_dow,omitempty"`
	Seg        int                 `json:"diplomacy_segment,omitempty"`
	Peace      [][2]string         `json:"peace_made,omitempty"`
	Deals      []dealWire          `json:"deals,omitempty"`
	Gifts      [][3]string         `json:"gifts,omitempty"`
	Loans      []loanWire          `json:"loans,omitempty"`
	History    [][NMajor]int       `json:"vp_history,omitempty"`
	Over       bool                `json:"over,omitempty"`
	Winners    []string            `json:"winners,omitempty"`
	Result     string              `json:"result,omitempty"`
	Combat     *CombatWindow       `json:"combat,omitempty"`
	Resp       *Responses          `json:"responses,omitempty"`
}

// dealWire is the stored form of a deal.
type dealWire struct {
	Proposer  string   `json:"proposer"`
	Terms     []string `json:"terms"`
	Confirmed []string `json:"confirmed,omitempty"`
}

func maskIDs(mask uint16) []string {
	var out []string
	for p := 0; p < NPow; p++ {
		if mask&(1<<p) != 0 {
			out = append(out, powers[p].ID)
		}
	}
	return out
}

func idsMask(ids []string) (uint16, error) {
	var m uint16
	for _, id := range ids {
		p, ok := powerByID[id]
		if !ok {
			return 0, fmt.Errorf("unknown power %s", id)
		}
		m |= 1 << p
	}
	return m, nil
}

func (f *Flow) wire() *flowWire {
	w := flowWire{Card: f.Card, CP: f.CP, Waiting: maskIDs(uint16(f.Waiting)), Move: f.Move, Battle: f.Battle,
		Roll: f.Roll, AttLoss: f.AttLoss, DefLoss: f.DefLoss, Declined: maskIDs(f.Declined), NoWithdraw: f.NoWithdraw, Queue: f.Queue,
		History: f.History, Over: f.Over, Winners: maskIDs(uint16(f.Winners)), Result: f.Result}
	w.Naval, w.Commit, w.Asked, w.Assault, w.Transport = f.Naval, f.Commit, f.CommitAsked, f.Assault, f.Transport
	w.Combat = f.Combat // never alone: a window waits for a decision on the stack
	if !f.Resp.empty() {
		r := f.Resp
		w.Resp = &r
	}
	for p, m := range f.Auto {
		for k := 1; k < nDec; k++ {
			if m&(1<<k) != 0 {
				if w.Auto == nil {
					w.Auto = map[string][]string{}
				}
				w.Auto[powers[p].ID] = append(w.Auto[powers[p].ID], decisionKinds[k])
			}
		}
	}
	for p, list := range f.Intercepts {
		for _, x := range list {
			if w.Intercepts == nil {
				w.Intercepts = map[string][]string{}
			}
			w.Intercepts[powers[p].ID] = append(w.Intercepts[powers[p].ID], x.String())
		}
	}
	f.Beaten.each(func(loc int) { w.Beaten = append(w.Beaten, locID(loc)) })
	for p, n := range f.NavalDead {
		if n > 0 {
			if w.NavalDead == nil {
				w.NavalDead = map[string]int{}
			}
			w.NavalDead[powers[p].ID] = int(n)
		}
	}
	for _, d := range f.Stack {
		w.Stack = append(w.Stack, [2]string{decisionKinds[d.Kind], powers[d.Power].ID})
	}
	for _, iv := range f.Interv {
		w.Interv = append(w.Interv, [2]string{powers[iv.Minor].ID, powers[iv.Declarer].ID})
	}
	w.Seg = f.Seg
	for _, x := range f.FreeDOW {
		w.FreeDOW = append(w.FreeDOW, [3]string{powers[x[0]].ID, powers[x[1]].ID, powers[x[2]].ID})
	}
	for _, x := range f.Gifts {
		w.Gifts = append(w.Gifts, [3]string{powers[x.From].ID, powers[x.To].ID, x.What})
	}
	for _, x := range f.Loans {
		w.Loans = append(w.Loans, x.wire())
	}
	for _, d := range f.Deals {
		w.Deals = append(w.Deals, dealWire{Proposer: powers[d.Proposer].ID, Terms: d.Terms, Confirmed: maskIDs(uint16(d.Confirmed))})
	}
	for _, x := range f.Peace {
		w.Peace = append(w.Peace, [2]string{powers[x[0]].ID, powers[x[1]].ID})
	}
	if len(w.Queue) == 0 {
		w.Queue = nil
	}
	if len(w.History) == 0 {
		w.History = nil
	}
	if w.Card == 0 && w.CP == 0 && w.Waiting == nil && w.Stack == nil && w.Move == nil && w.Battle == nil &&
		w.Roll == nil && w.Naval == nil && !w.Transport && w.Assault == nil && w.Commit == nil && !w.Asked && w.Auto == nil && w.Intercepts == nil && w.Beaten == nil && w.NavalDead == nil && w.AttLoss == nil && w.DefLoss == nil && w.Declined == nil && !w.NoWithdraw && w.Queue == nil && w.History == nil && !w.Over && w.Interv == nil && w.Seg == 0 && w.Peace == nil && w.Deals == nil && w.Gifts == nil && w.Loans == nil && w.FreeDOW == nil && w.Resp == nil {
		return nil
	}
	return &w
}

func (f *Flow) fromWire(w *flowWire) error {
	*f = Flow{}
	if w == nil {
		return nil
	}
	f.Card, f.CP, f.Move, f.Battle, f.Roll = w.Card, w.CP, w.Move, w.Battle, w.Roll
	f.AttLoss, f.DefLoss, f.Naval = w.AttLoss, w.DefLoss, w.Naval
	f.Commit, f.CommitAsked, f.Assault, f.Transport = w.Commit, w.Asked, w.Assault, w.Transport
	if w.Resp != nil {
		if err := w.Resp.check(); err != nil {
			return err
		}
		f.Resp = w.Resp.clone()
	}
	if f.Combat = w.Combat; f.Combat != nil {
		if err := f.Combat.check(); err != nil {
			return err
		}
	}
	if a := f.Assault; a != nil {
		if err := checkFormationData(a.F); err != nil || !validSpace(a.Space) || a.Power < 0 || a.Power >= NMajor {
			return fmt.Errorf("bad assault in progress")
		}
	}
	if f.Commit != nil {
		if err := checkFormationData(*f.Commit); err != nil {
			return err
		}
	}
	for _, id := range w.Beaten {
		loc, ok := locByID(id)
		if !ok {
			return fmt.Errorf("unknown location %s", id)
		}
		f.Beaten.set(loc)
	}
	for id, kinds := range w.Auto {
		p, ok := powerByID[id]
		if !ok || p >= NMajor {
			return fmt.Errorf("bad standing orders of %s", id)
		}
		for _, k := range kinds {
			i := kindIndex(k)
			if i < 0 {
				return fmt.Errorf("bad standing order %s", k)
			}
			f.Auto[p] |= 1 << i
		}
	}
	for id, list := range w.Intercepts {
		p, ok := powerByID[id]
		if !ok || p >= NMajor {
			return fmt.Errorf("bad standing interceptions of %s", id)
		}
		for _, t := range list {
			x, err := parseStandingIntercept(strings.Fields(t))
			if err != nil {
				return fmt.Errorf("standing interception of %s: %v", id, err)
			}
			f.Intercepts[p] = append(f.Intercepts[p], x)
		}
	}
	for id, n := range w.NavalDead {
		p, ok := powerByID[id]
		if !ok || n < 0 || n > 60 {
			return fmt.Errorf("bad naval losses %s %d", id, n)
		}
		f.NavalDead[p] = uint8(n)
	}
	if f.Naval != nil {
		n := f.Naval
		if n.Power < 0 || n.Power >= NMajor {
			return fmt.Errorf("bad naval move in progress")
		}
		for _, list := range [][]int{n.Dest, n.Vertical, n.Intercepted} {
			for _, x := range list {
				if x < 0 || x >= NLoc {
					return fmt.Errorf("bad location %d in the naval move in progress", x)
				}
			}
		}
	}
	for _, list := range [][]Part{f.AttLoss, f.DefLoss} {
		for _, pt := range list {
			if pt.Power < 0 || pt.Power >= NPow {
				return fmt.Errorf("bad casualties %v", list)
			}
		}
	}
	f.NoWithdraw, f.Queue, f.History, f.Over, f.Result = w.NoWithdraw, w.Queue, w.History, w.Over, w.Result
	var err error
	var m uint16
	if m, err = idsMask(w.Waiting); err != nil {
		return err
	}
	f.Waiting = uint8(m)
	if f.Declined, err = idsMask(w.Declined); err != nil {
		return err
	}
	if m, err = idsMask(w.Winners); err != nil {
		return err
	}
	f.Winners = uint8(m)
	for _, d := range w.Stack {
		k := -1
		for i, name := range decisionKinds {
			if i > 0 && name == d[0] {
				k = i
			}
		}
		p, ok := powerByID[d[1]]
		if k < 0 || !ok || p >= NMajor {
			return fmt.Errorf("bad pending decision %v", d)
		}
		f.Stack = append(f.Stack, Decision{Kind: k, Power: p})
	}
	for _, x := range w.Interv {
		m, ok1 := powerByID[x[0]]
		d, ok2 := powerByID[x[1]]
		if !ok1 || !ok2 || intervener(m) == NoPower || d >= NMajor {
			return fmt.Errorf("bad intervention %v", x)
		}
		f.Interv = append(f.Interv, Intervention{Minor: m, Declarer: d})
	}
	for _, x := range w.FreeDOW {
		q, ok1 := powerByID[x[0]]
		m, ok2 := powerByID[x[1]]
		d, ok3 := powerByID[x[2]]
		if !ok1 || !ok2 || !ok3 || q >= NMajor || !isMinor(m) || d >= NMajor {
			return fmt.Errorf("bad free declaration %v", x)
		}
		f.FreeDOW = append(f.FreeDOW, [3]int{q, m, d})
	}
	for _, x := range w.Gifts {
		a, ok1 := powerByID[x[0]]
		b, ok2 := powerByID[x[1]]
		if !ok1 || !ok2 || a >= NMajor || b >= NMajor || (x[2] != "cards" && x[2] != "mercenaries") {
			return fmt.Errorf("bad gift %v", x)
		}
		f.Gifts = append(f.Gifts, gift{a, b, x[2]})
	}
	for _, x := range w.Loans {
		l, err := loanOf(x)
		if err != nil {
			return err
		}
		f.Loans = append(f.Loans, l)
	}
	for _, d := range w.Deals {
		p, ok := powerByID[d.Proposer]
		m, err := idsMask(d.Confirmed)
		if !ok || p >= NMajor || err != nil || m >= 1<<NMajor {
			return fmt.Errorf("bad deal of %s", d.Proposer)
		}
		if _, err := dealTerms(p, strings.Join(d.Terms, ";")); err != nil {
			return fmt.Errorf("bad deal of %s: %v", d.Proposer, err)
		}
		f.Deals = append(f.Deals, Deal{Proposer: p, Terms: d.Terms, Confirmed: uint8(m)})
	}
	if w.Seg < 0 || w.Seg > SegExcom {
		return fmt.Errorf("bad diplomacy segment %d", w.Seg)
	}
	f.Seg = w.Seg
	for _, x := range w.Peace {
		a, ok1 := powerByID[x[0]]
		b, ok2 := powerByID[x[1]]
		if !ok1 || !ok2 || a >= NMajor || b >= NMajor {
			return fmt.Errorf("bad peace %v", x)
		}
		f.Peace = append(f.Peace, [2]int{a, b})
	}
	if f.Move != nil {
		if err := checkMoveData(f.Move); err != nil {
			return err
		}
	}
	if f.Battle != nil {
		if err := checkFormationData(f.Battle.Att); err != nil {
			return err
		}
		if !validSpace(f.Battle.Space) || !validSpace(f.Battle.From) || f.Battle.Attacker < 0 || f.Battle.Attacker >= NMajor {
			return fmt.Errorf("bad battle in progress")
		}
	}
	return nil
}

func validSpace(sp int) bool { return sp >= 0 && sp < NS }

func checkFormationData(f Formation) error {
	if !validSpace(f.At) {
		return fmt.Errorf("bad formation location %d", f.At)
	}
	for _, p := range f.Parts {
		if p.Power < 0 || p.Power >= NPow {
			return fmt.Errorf("bad formation power %d", p.Power)
		}
	}
	for _, l := range f.Leaders {
		if l < 0 || l >= len(leaders) {
			return fmt.Errorf("bad leader %d", l)
		}
	}
	return nil
}

func checkMoveData(m *Move) error {
	if m.Power < 0 || m.Power >= NMajor || !validSpace(m.From) || !validSpace(m.To) {
		return fmt.Errorf("bad move in progress")
	}
	if m.Interceptor != NoPower && (m.Interceptor < 0 || m.Interceptor >= NMajor) {
		return fmt.Errorf("bad interceptor %d", m.Interceptor)
	}
	if err := checkFormationData(m.F); err != nil {
		return err
	}
	for _, f := range m.Intercepting {
		if err := checkFormationData(f); err != nil {
			return err
		}
	}
	for _, list := range [][]int{m.Tried} {
		for _, x := range list {
			if !validSpace(x) {
				return fmt.Errorf("bad space %d in the move in progress", x)
			}
		}
	}
	for _, q := range m.Avoided {
		if q < 0 || q >= NPow {
			return fmt.Errorf("bad power %d in the move in progress", q)
		}
	}
	return nil
}

// run is one application of a submission: the state being changed, the
// dice and the events told so far.
type run struct {
	s    *St
	dice adjudicator.Dice
	ev   []adjudicator.Event
	// newWar is set while a naval battle brought by a new war is fought
	// (HIS-9.6h): on equal hits both sides retreat.
	newWar bool
	// maryStop is set when the Papacy took England's card under Mary I
	// (HIS-21.3j): England's further orders are dropped.
	maryStop bool
	// inquisitionDice are the extra attack dice of a Papal debater in a
	// debate called through Papal Inquisition (HIS-18.5f).
	inquisitionDice int
	// replay is set while an action that waited in a response window
	// runs again from its order (respond.go).
	replay bool
}

// say tells every power.
func (r *run) say(format string, a ...any) {
	r.ev = append(r.ev, adjudicator.Event{Text: fmt.Sprintf(format, a...)})
}

// tell tells power p only.
func (r *run) tell(p int, format string, a ...any) {
	r.ev = append(r.ev, adjudicator.Event{To: []adjudicator.Role{roleOf(p)}, Text: fmt.Sprintf(format, a...)})
}

// log tells every power each line, capitalised.
func (r *run) log(lines []string) {
	for _, l := range lines {
		if l == "" {
			continue
		}
		if c := l[len(l)-1]; c != '.' && c != '!' && c != ':' {
			l += "." // a sentence, like the other lines of the log
		}
		r.ev = append(r.ev, adjudicator.Event{Text: strings.ToUpper(l[:1]) + l[1:]})
	}
}

// nDice and nHits write a count of dice or hits with its word: "1 die",
// "3 dice", "1 hit", "0 hits" (the messages read them, convCount).
func nDice(n int) string {
	if n == 1 {
		return "1 die"
	}
	return strconv.Itoa(n) + " dice"
}

func nHits(n int) string {
	if n == 1 {
		return "1 hit"
	}
	return strconv.Itoa(n) + " hits"
}

// nSpaces writes a count of spaces the same way: "1 space", "2 spaces".
func nSpaces(n int) string {
	if n == 1 {
		return "1 space"
	}
	return strconv.Itoa(n) + " spaces"
}

func (s *St) owingPowers() []int {
	if s.Flow.Over {
		return nil
	}
	if d, ok := s.Flow.top(); ok {
		return []int{d.Power}
	}
	switch s.Phase {
	case PhLuther:
		return []int{Protestant}
	case PhDiplomacy, PhDiet:
		var out []int
		for p := 0; p < NMajor; p++ {
			if s.Flow.Waiting&(1<<p) != 0 {
				out = append(out, p)
			}
		}
		return out
	case PhSpring, PhAction:
		return []int{s.Active}
	case PhNewWorld:
		if p := s.newWorldOwing(); p >= 0 {
			return []int{p}
		}
	}
	return nil
}

func (s *St) owes(p int) bool {
	for _, q := range s.owingPowers() {
		if q == p {
			return true
		}
	}
	return false
}

// vpRecord is every power's VP now.
func (s *St) vpRecord() [NMajor]int {
	var v [NMajor]int
	for p := range v {
		v[p] = s.VP(p)
	}
	return v
}

// leadersByVP sorts powers by VP, highest first, breaking ties with the
// VP recorded at earlier Victory Determination Phases, latest first
// (HIS-23.3b); powers still tied stay in Impulse Order and share the top.
func (s *St) leadersByVP(now [NMajor]int) []int {
	ps := []int{0, 1, 2, 3, 4, 5}
	less := func(a, b int) bool {
		if now[a] != now[b] {
			return now[a] > now[b]
		}
		for i := len(s.Flow.History) - 1; i >= 0; i-- {
			h := s.Flow.History[i]
			if h[a] != h[b] {
				return h[a] > h[b]
			}
		}
		return false
	}
	sort.SliceStable(ps, func(i, j int) bool { return less(ps[i], ps[j]) })
	// The top group: powers not beaten by the first.
	n := 1
	for n < len(ps) && !less(ps[0], ps[n]) {
		n++
	}
	return ps[:n]
}

// kindIndex is the decision kind of a name, or -1.
func kindIndex(name string) int {
	for i := 1; i < nDec; i++ {
		if decisionKinds[i] == name {
			return i
		}
	}
	return -1
}

// standing is one standing-order line: the decision kinds it sets or
// clears.
type standing struct {
	mask uint16
	on   bool
	// icpt is a conditional standing interception (standing.go).
	icpt *StandingIntercept
}

// standingLines takes the standing orders out of a submission:
//
//	auto intercept          answer interception prompts with the default
//	auto avoid-battle off   ask again
//	auto all / auto off
//
// It returns the other lines.
func (s *St) standingLines(p int, lines []adjudicator.Line) ([]adjudicator.Line, []standing, *adjudicator.Rejection) {
	var rest []adjudicator.Line
	var out []standing
	var cands []orders.Name
	for k := 1; k < nDec; k++ {
		cands = append(cands, orders.Name{ID: decisionKinds[k]})
	}
	cands = append(cands, orders.Name{ID: "intercept", Aliases: []string{"interception"}})
	for _, l := range lines {
		f := strings.Fields(strings.ToLower(l.Text))
		if len(f) == 0 || f[0] != "auto" && f[0] != "standing" {
			rest = append(rest, l)
			continue
		}
		st := standing{on: true}
		words := f[1:]
		if len(words) >= 2 && (words[0] == "intercept" || words[0] == "interception") && words[1] == "from" {
			x, err := parseStandingIntercept(words[1:])
			if err != nil {
				return nil, nil, reject(l, errLegal([]string{"auto intercept from SPACE [to SPACE] [at most N]"}, "%v", err))
			}
			st.icpt = &x
			out = append(out, st)
			continue
		}
		if n := len(words); n > 0 && words[n-1] == "off" {
			st.on, words = false, words[:n-1]
		} else if n > 0 && words[n-1] == "on" {
			words = words[:n-1]
		}
		if len(words) == 0 || len(words) == 1 && words[0] == "all" {
			st.mask = 1<<nDec - 2
		} else {
			for _, w := range orders.SplitList(strings.Join(words, " ")) {
				if w == "no card" || w == "no cards" {
					// "auto no card": the Combat and the Response cards
					// (combat.go, respond.go).
					st.mask |= 1 << DecRespond
					w = decisionKinds[DecCombat]
				}
				id, err := orders.Match(w, "decision", cands)
				if err != nil {
					var kinds []string
					for k := 1; k < nDec; k++ {
						kinds = append(kinds, "auto "+decisionKinds[k])
					}
					return nil, nil, reject(l, errLegal(append(kinds, "auto all", "auto off"), "%v", err))
				}
				st.mask |= 1 << kindIndex(id)
			}
		}
		out = append(out, st)
	}
	return rest, out, nil
}

// setStanding records power p's standing orders and tells it alone.
func (r *run) setStanding(p int, list []standing) []string {
	if len(list) == 0 {
		return nil
	}
	f := &r.s.Flow
	for _, st := range list {
		switch {
		case st.icpt != nil:
			if len(f.Intercepts[p]) < 8 {
				f.Intercepts[p] = append(f.Intercepts[p], *st.icpt)
			}
		case st.on:
			f.Auto[p] |= st.mask
		default:
			f.Auto[p] &^= st.mask
			if st.mask&(1<<DecIntercept) != 0 {
				f.Intercepts[p] = nil
			}
		}
	}
	var canon, kinds, conds []string
	for k := 1; k < nDec; k++ {
		if f.Auto[p]&(1<<k) != 0 {
			kinds = append(kinds, kindName(decisionKinds[k]))
			canon = append(canon, "auto "+decisionKinds[k])
		}
	}
	for _, x := range f.Intercepts[p] {
		conds = append(conds, x.text())
		canon = append(canon, x.text())
	}
	if len(kinds) == 0 && len(conds) == 0 {
		r.tell(p, "%s has no standing orders: every decision is asked.", powers[p].Name)
		return []string{"auto off"}
	}
	if len(kinds) > 0 {
		r.tell(p, "%s's standing orders answer with the default, without asking: %s.", powers[p].Name, strings.Join(kinds, ", "))
	}
	if len(conds) > 0 {
		r.tell(p, "%s intercepts without asking when a standing order matches: %s.", powers[p].Name, strings.Join(conds, "; "))
	}
	return canon
}
