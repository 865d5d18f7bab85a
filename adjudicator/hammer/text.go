package hammer

import (
	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/textbuf"
)

// txt returns the buffer the current Apply writes its strings to, or a
// fresh one outside Apply (prompts, views, random orders), so that a
// state shared between readers is never written.
func (s *St) txt() *textbuf.Buf {
	if s.tb != nil {
		return s.tb
	}
	return &textbuf.Buf{}
}

// joinText writes parts separated by sep.
func joinText(t *textbuf.Buf, parts []string, sep string) *textbuf.Buf {
	for i, p := range parts {
		if i > 0 {
			t.S(sep)
		}
		t.S(p)
	}
	return t
}

// Roles as event audiences, shared by every event (never modified).
var toRole = [2][]adjudicator.Role{{RoleEngland}, {RoleScotland}}

// applyMem is everything one Apply allocates in the common case, in one
// allocation: the new state with its own pieces, the result, room for
// its events and canonical lines, and the first bytes of its text. The
// text arrays fill their allocator size classes (the sizes count the
// 8-byte header of objects with pointers): TestApplyMemSizes keeps
// them there.
type applyMem struct {
	st    St
	pc    Pieces
	res   adjudicator.Result
	ev    [8]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [464]byte
}

// applyMemSmall is applyMem for the phases that write little (nobles
// going home, English winter, border raids): one allocation of a
// smaller size class. Longer results grow on the heap as usual.
type applyMemSmall struct {
	st    St
	pc    Pieces
	res   adjudicator.Result
	ev    [3]adjudicator.Event
	canon [2]string
	tb    textbuf.Buf
	text  [312]byte
}

// applyMemMedium is applyMem for events, Player 1's moves and battle
// decisions, which write a few events.
type applyMemMedium struct {
	st    St
	pc    Pieces
	res   adjudicator.Result
	ev    [4]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [368]byte
}

// applyMemCard is applyMem for the first card of a turn, which writes
// one canonical line and one event ("You play ...") and moves no block:
// the new state shares the pieces of the state it was copied from (the
// card phase is two submissions in five).
type applyMemCard struct {
	st    St
	res   adjudicator.Result
	ev    [1]adjudicator.Event
	canon [1]string
	tb    textbuf.Buf
	text  [96]byte
}

// applyMemReveal is applyMem for the second card of a turn, which tells
// the cards played and who is Player 1, and shares the pieces too (a
// step that then moves a block copies them first).
type applyMemReveal struct {
	st    St
	res   adjudicator.Result
	ev    [3]adjudicator.Event
	canon [2]string
	tb    textbuf.Buf
	text  [288]byte
}

// applyMemMove is applyMem for movement, which writes the records of the
// turn: the new state's own copies of them come in the same allocation.
type applyMemMove struct {
	st    St
	pc    Pieces
	mv    TurnMoves
	bd    TurnBorders
	res   adjudicator.Result
	ev    [8]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [470]byte
}

// applyMemMove1 is applyMem for Player 1's moves, which fight no battle:
// fewer events and less text than Player 2's (a smaller size class).
type applyMemMove1 struct {
	st    St
	pc    Pieces
	mv    TurnMoves
	bd    TurnBorders
	res   adjudicator.Result
	ev    [4]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [376]byte
}

// newApplyMem allocates the memory of one Apply by side in phase ph, the
// new state a copy of s. The new state shares s's records of the turn
// (TurnMoves, TurnBorders) except in the movement phases, where it gets
// its own copies in the same allocation, and s's pieces in the card
// phase, which moves no block.
func newApplyMem(s *St, ph int8, side int) (n *St, res *adjudicator.Result, ev []adjudicator.Event, canon []string, tb *textbuf.Buf) {
	switch ph {
	case PhMove1:
		m := &applyMemMove1{st: *s, pc: *s.Pieces, mv: *s.TurnMoves, bd: *s.TurnBorders}
		m.st.Pieces, m.st.TurnMoves, m.st.TurnBorders = &m.pc, &m.mv, &m.bd
		m.st.mvOwn, m.st.bdOwn, m.st.ordOwn, m.st.pcOwn = true, true, false, true
		m.tb.Reset(m.text[:])
		return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
	case PhMove2:
		m := &applyMemMove{st: *s, pc: *s.Pieces, mv: *s.TurnMoves, bd: *s.TurnBorders}
		m.st.Pieces, m.st.TurnMoves, m.st.TurnBorders = &m.pc, &m.mv, &m.bd
		m.st.mvOwn, m.st.bdOwn, m.st.ordOwn, m.st.pcOwn = true, true, false, true
		m.tb.Reset(m.text[:])
		return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
	case PhCard:
		if s.Play[1-side] < 0 {
			m := &applyMemCard{st: *s}
			m.st.shared()
			m.tb.Reset(m.text[:])
			return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
		}
		m := &applyMemReveal{st: *s}
		m.st.shared()
		m.tb.Reset(m.text[:])
		return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
	}
	n, res, ev, canon, tb = newApplyMemOwn(s, ph)
	n.shared()
	n.pcOwn = true
	return
}

// newApplyMemOwn is newApplyMem for the phases other than movement and
// cards: the new state gets its own pieces, copied from s's.
func newApplyMemOwn(s *St, ph int8) (n *St, res *adjudicator.Result, ev []adjudicator.Event, canon []string, tb *textbuf.Buf) {
	switch ph {
	case PhWHomes, PhWEng, PhRaid:
		m := &applyMemSmall{st: *s, pc: *s.Pieces}
		m.st.Pieces = &m.pc
		m.tb.Reset(m.text[:])
		return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
	case PhEvent, PhBattle:
		if ph != PhBattle || !s.Choose {
			m := &applyMemMedium{st: *s, pc: *s.Pieces}
			m.st.Pieces = &m.pc
			m.tb.Reset(m.text[:])
			return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
		}
	}
	m := &applyMem{st: *s, pc: *s.Pieces}
	m.st.Pieces = &m.pc
	m.tb.Reset(m.text[:])
	return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
}
