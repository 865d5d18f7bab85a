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
// allocation: the new state, the result, room for its events and
// canonical lines, and the first bytes of its text. The text arrays of
// the three sizes fill their allocator size classes (1,792, 1,408 and
// 1,536 bytes with the 8-byte header of objects with pointers):
// TestApplyMemSizes keeps them (and applyMemCard's 1,152) there.
type applyMem struct {
	st    St
	res   adjudicator.Result
	ev    [8]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [472]byte
}

// applyMemSmall is applyMem for the phases that write little (cards,
// nobles going home, English winter, border raids): one allocation of a
// smaller size class. Longer results grow on the heap as usual.
type applyMemSmall struct {
	st    St
	res   adjudicator.Result
	ev    [3]adjudicator.Event
	canon [2]string
	tb    textbuf.Buf
	text  [320]byte
}

// applyMemMedium is applyMem for events, Player 1's moves and battle
// decisions, which write a few events.
type applyMemMedium struct {
	st    St
	res   adjudicator.Result
	ev    [4]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [376]byte
}

// applyMemCard is applyMem for the first card of a turn, which writes
// one canonical line and one event ("You play ..."): the card phase is
// two submissions in five, and this is the smallest class a state fits.
type applyMemCard struct {
	st    St
	res   adjudicator.Result
	ev    [1]adjudicator.Event
	canon [1]string
	tb    textbuf.Buf
	text  [96]byte
}

// applyMemMove is applyMem for movement, which writes the records of the
// turn: the new state's own copies of them come in the same allocation.
type applyMemMove struct {
	st    St
	mv    TurnMoves
	bd    TurnBorders
	res   adjudicator.Result
	ev    [8]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [470]byte
}

// newApplyMem allocates the memory of one Apply by side in phase ph, the
// new state a copy of s. The new state shares s's records of the turn
// (TurnMoves, TurnBorders) except in the movement phases, where it gets
// its own copies in the same allocation.
func newApplyMem(s *St, ph int8, side int) (n *St, res *adjudicator.Result, ev []adjudicator.Event, canon []string, tb *textbuf.Buf) {
	if ph == PhMove1 || ph == PhMove2 {
		m := &applyMemMove{st: *s, mv: *s.TurnMoves, bd: *s.TurnBorders}
		m.st.TurnMoves, m.st.TurnBorders = &m.mv, &m.bd
		m.st.mvOwn, m.st.bdOwn, m.st.ordOwn = true, true, false
		m.tb.Reset(m.text[:])
		return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
	}
	n, res, ev, canon, tb = newApplyMemShared(s, ph, side)
	n.shared()
	return
}

// newApplyMemShared is newApplyMem for the phases other than movement.
func newApplyMemShared(s *St, ph int8, side int) (n *St, res *adjudicator.Result, ev []adjudicator.Event, canon []string, tb *textbuf.Buf) {
	switch ph {
	case PhCard, PhWHomes, PhWEng, PhRaid:
		if ph == PhCard && s.Play[1-side] < 0 {
			m := &applyMemCard{st: *s}
			m.tb.Reset(m.text[:])
			return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
		}
		m := &applyMemSmall{st: *s}
		m.tb.Reset(m.text[:])
		return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
	case PhEvent, PhBattle:
		if ph != PhBattle || !s.Choose {
			m := &applyMemMedium{st: *s}
			m.tb.Reset(m.text[:])
			return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
		}
	}
	m := &applyMem{st: *s}
	m.tb.Reset(m.text[:])
	return &m.st, &m.res, m.ev[:0], m.canon[:0], &m.tb
}
