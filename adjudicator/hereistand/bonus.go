package hereistand

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Debater bonuses committed in another power's impulse (HIS-18.2k).
//
// When England publishes a treatise (HIS-18.1j) the Protestant decides
// whether one of its uncommitted debaters gives the treatise its bonus:
// the attempts wait for its answer, an event choice owed by the
// Protestant (a DecChoice with Mand.Ask set to askTreatiseBonus). When
// another power plays an event that gives the Protestant Reformation
// attempts (or the Papacy Counter-Reformation attempts), that power is
// asked the same way before its first target (askEventBonus); playing
// such a card itself, it names the debater on the play line ("with
// <debater>").

// askTreatiseBonus is the Mand.Ask of the Protestant's bonus choice for
// an English treatise; it is no card's number.
const askTreatiseBonus = 1001

// treatiseBonusText is the prompt of the Protestant's bonus choice.
const treatiseBonusText = "England publishes a treatise in the English zone (HIS-18.1j): commit one of your uncommitted debaters for its bonus (HIS-18.2k), or write none."

// englishTreatise are the attempts of an English treatise with the bonus
// of debater deb (-1: none).
func englishTreatise(deb int) Attempts {
	return Attempts{Power: England, N: 2, Zones: 1 << LangEnglish, Debater: deb, Source: "a treatise"}
}

// treatiseBonusDebaters are the Protestant debaters whose bonus may go to
// an English treatise now, in order: uncommitted, of a treatise bonus
// that is not for another zone, while the Protestant has not used a
// bonus this impulse (HIS-18.2j).
func (s *St) treatiseBonusDebaters() []int {
	if s.Rel.BonusUsed&bonusBit(Protestant) != 0 {
		return nil
	}
	var out []int
	for d, di := range debaters {
		if di.Power == Protestant && s.Rel.Debater[d] == DebUncommitted && indexOf(bonusFor["treatise"], di.ID) >= 0 &&
			di.ID != "carlstadt" && di.ID != "calvin" {
			out = append(out, d)
		}
	}
	return out
}

// askTreatiseBonus asks the Protestant for its bonus to England's
// treatise when it has a debater to commit; it reports whether it asked
// (the attempts then start with the answer).
func (r *run) askTreatiseBonus() bool {
	if len(r.s.treatiseBonusDebaters()) == 0 {
		return false
	}
	r.askChoice(askTreatiseBonus, Protestant)
	return true
}

// treatiseBonusChoices are the Protestant's answers; the default, first,
// commits no debater: a standing order spends none.
func (s *St) treatiseBonusChoices() []string {
	out := []string{"none"}
	for _, d := range s.treatiseBonusDebaters() {
		out = append(out, "commit "+debaters[d].ID)
	}
	return out
}

// bonusAnswer reads a bonus choice: "commit <debater>", one of ok, or
// "none" (-1); for names what the bonus would go to, in the refusal.
func bonusAnswer(l adjudicator.Line, legal []string, ok []int, forWhat string) (int, *adjudicator.Rejection) {
	text := strings.TrimSpace(strings.ToLower(englishLine(l.Text)))
	v, rest := verbOf(text)
	switch {
	case v == "none" || v == "no" || v == "pass" || v == "done" || text == "commit none":
		return -1, nil
	case v == "commit":
		d, err := matchDebater(rest)
		if err == nil && !containsInt(ok, d) {
			err = fmt.Errorf("%s's bonus may not go to %s (HIS-18.2i-k)", debaters[d].Name, forWhat)
		}
		if err != nil {
			return 0, reject(l, errLegal(legal, "%v", err))
		}
		return d, nil
	}
	return 0, reject(l, errLegal(legal, `write "commit <debater>" or "none"`))
}

// treatiseBonusAnswer reads "commit <debater>" or "none" and starts the
// attempts of England's treatise.
func (r *run) treatiseBonusAnswer(l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	deb, rej := bonusAnswer(l, legal, s.treatiseBonusDebaters(), "the English treatise")
	if rej != nil {
		return nil, rej
	}
	s.Flow.pop()
	s.Mand.Ask = 0
	if deb < 0 {
		r.startAttempts(englishTreatise(-1))
		return []string{"none"}, nil
	}
	s.Rel.Debater[deb] = DebCommitted
	s.Rel.BonusUsed |= bonusBit(Protestant)
	r.say("%s commits %s for its bonus.", powers[Protestant].Name, debaters[deb].Name)
	r.startAttempts(englishTreatise(deb))
	return []string{"commit " + debaters[deb].ID}, nil
}

// cutBonus splits "with <debater>" off the end of an event's choices:
// the choices before it and the debater's name ("" when none is named).
func cutBonus(args string) (rest, with string) {
	l := strings.ToLower(args)
	if strings.HasPrefix(l, "with ") {
		return "", strings.TrimSpace(args[len("with "):])
	}
	if i := strings.LastIndex(l, " with "); i >= 0 {
		return strings.TrimRight(strings.TrimSpace(args[:i]), ","), strings.TrimSpace(args[i+len(" with "):])
	}
	return args, ""
}

// playBonus reads the debater named "with <debater>" on the play line of
// an event giving power q attempts, played by power p (HIS-18.2k): -1
// when none is named. Only q, playing the card itself, names one, among
// the debaters eventBonusDebaters offers; the debaters the card commits
// (taken, by id) give no bonus.
func (r *run) playBonus(p, q int, with string, taken ...string) (int, error) {
	if with == "" {
		return -1, nil
	}
	if p != q {
		return -1, errLegal(r.playLine(), "only %s names a debater for the bonus of these attempts (HIS-18.2k)", powers[q].Name)
	}
	d, err := matchDebater(with)
	if err == nil && (!containsInt(r.s.eventBonusDebaters(q), d) || containsString(taken, debaters[d].ID)) {
		err = fmt.Errorf("%s's bonus may not go to these attempts now (HIS-18.2i-k)", debaters[d].Name)
	}
	if err != nil {
		return -1, errLegal(r.playLine(), "%v", err)
	}
	return d, nil
}

// bonusOnly reads the choices of an event that takes none but, played by
// power q the attempts are for, "with <debater>" (HIS-18.2k).
func (r *run) bonusOnly(p, q int, args string, taken ...string) (int, error) {
	rest, with := cutBonus(args)
	if rest != "" || with != "" && p != q {
		return -1, errLegal(r.playLine(), "this event takes no choices but, when %s plays it, \"with <debater>\" for a debater's bonus", powers[q].Name)
	}
	return r.playBonus(p, q, with, taken...)
}

// bonusOnPending commits debater d (-1: none) of power q for the
// attempts the event has just started.
func (r *run) bonusOnPending(q, d int) {
	if d >= 0 && r.s.Rel.Pending != nil {
		r.useEventBonus(q, d)
	}
}

// askEventBonus is the Mand.Ask of the bonus choice for an event's
// attempts played by another power; it is no card's number.
const askEventBonus = 1002

// eventBonusDebaters are power q's debaters whose bonus may go to the
// pending attempts of an event: uncommitted, with a bonus on attempts of
// that kind, while q has not used a bonus this impulse (HIS-18.2j).
func (s *St) eventBonusDebaters(q int) []int {
	if s.Rel.BonusUsed&bonusBit(q) != 0 {
		return nil
	}
	list := bonusFor["treatise"]
	if q == Papacy {
		list = bonusFor["burnbooks"]
	}
	var out []int
	for d, di := range debaters {
		if di.Power == q && s.Rel.Debater[d] == DebUncommitted && indexOf(list, di.ID) >= 0 && di.ID != "calvin" {
			out = append(out, d)
		}
	}
	return out
}

// askEventBonus asks power q, when another power plays the event, for a
// debater's bonus on the pending attempts, if it has one to give.
func (r *run) askEventBonus(q int) {
	s := r.s
	if s.Rel.Pending == nil || s.Active == q || len(s.eventBonusDebaters(q)) == 0 {
		return
	}
	r.askChoice(askEventBonus, q)
}

// useEventBonus commits debater d of power q for the pending attempts.
func (r *run) useEventBonus(q, d int) {
	s := r.s
	s.Rel.Debater[d] = DebCommitted
	s.Rel.BonusUsed |= bonusBit(q)
	s.Rel.Pending.Debater = d
	r.say("%s commits %s for its bonus.", powers[q].Name, debaters[d].Name)
}

// eventBonusAnswer reads "commit <debater>" or "none"; the attempts then
// go on with the power's targets.
func (r *run) eventBonusAnswer(d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
	s := r.s
	deb, rej := bonusAnswer(l, legal, s.eventBonusDebaters(d.Power), "these attempts")
	if rej != nil {
		return nil, rej
	}
	s.Flow.pop()
	s.Mand.Ask = 0
	if deb < 0 {
		return []string{"none"}, nil
	}
	r.useEventBonus(d.Power, deb)
	return []string{"commit " + debaters[deb].ID}, nil
}

// eventBonusText is the prompt of the bonus choice for an event's
// attempts.
func (s *St) eventBonusText(d Decision) string {
	src := "an event"
	if a := s.Rel.Pending; a != nil {
		src = a.Source
	}
	return fmt.Sprintf("%s gives %s attempts (HIS-18.2k): commit one of your uncommitted debaters for its bonus, or write none.", src, powers[d.Power].Name)
}

func init() {
	choiceHooks[askEventBonus] = &choiceHook{
		choices: func(s *St, d Decision) []string {
			out := []string{"none"}
			for _, x := range s.eventBonusDebaters(d.Power) {
				out = append(out, "commit "+debaters[x].ID)
			}
			return out
		},
		text:   func(s *St, d Decision) string { return s.eventBonusText(d) },
		answer: (*run).eventBonusAnswer,
	}
	choiceHooks[askTreatiseBonus] = &choiceHook{
		choices: func(s *St, d Decision) []string { return s.treatiseBonusChoices() },
		text:    func(s *St, d Decision) string { return treatiseBonusText },
		answer: func(r *run, d Decision, l adjudicator.Line, legal []string) ([]string, *adjudicator.Rejection) {
			return r.treatiseBonusAnswer(l, legal)
		},
	}
}
