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
// canonical lines, and the first bytes of its text.
type applyMem struct {
	st    St
	res   adjudicator.Result
	ev    [8]adjudicator.Event
	canon [4]string
	tb    textbuf.Buf
	text  [448]byte
}
