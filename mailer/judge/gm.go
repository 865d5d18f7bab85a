package judge

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// gmSeatCommand runs the GM's commands about deadlines and seats. It
// reports whether the line was one of them; what it did goes to b, a
// faulty line to bad (and then the caller applies none of the email).
func (j *Judge) gmSeatCommand(tx *store.Tx, g *store.Game, st adjudicator.State, f []string, no int, b, bad *strings.Builder, now time.Time) (bool, error) {
	if done, err := j.gmClubCommand(tx, g, st, f, no, b, bad, now); done || err != nil {
		return done, err
	}
	if done, err := j.gmObserverCommand(tx, g, f, no, b, bad, now); done || err != nil {
		return done, err
	}
	if done, err := j.gmLuck(tx, g, f, no, b, bad); done || err != nil {
		return done, err
	}
	switch strings.ToLower(f[0]) {
	case "abandon":
		reason := strings.Join(f[1:], " ")
		e := abandonEnd(false, reason)
		if err := j.endGame(tx, g, e, now); err != nil {
			return true, err
		}
		j.gmSay(b, g, no, "gm.abandoned", "Result", j.resultFor(e, g.Player(string(adjudicator.GM))))
		return true, nil
	case "deadline":
		if len(f) != 2 {
			j.gmSay(bad, g, no, "gm.deadline_usage")
			return true, nil
		}
		if strings.EqualFold(f[1], "off") {
			g.Deadline, g.GraceUntil = time.Time{}, time.Time{}
			g.DeadlineByGM = true
			j.gmSay(b, g, no, "gm.deadline_off")
			if err := j.announceT(tx, g, "", "club.no_deadline_subject", "gm.deadline_lifted", "Game", g.ID); err != nil {
				return true, err
			}
			return true, tx.PutGame(g)
		}
		h, err := strconv.Atoi(f[1])
		if err != nil || h < 1 || h > 24*60 {
			j.gmSay(bad, g, no, "gm.not_hours", "Value", strconv.Quote(f[1]))
			return true, nil
		}
		g.Deadline = now.Add(time.Duration(h) * time.Hour).Truncate(time.Minute)
		g.RemindersSent, g.Reminded, g.GraceUntil = 0, nil, time.Time{}
		g.DeadlineByGM = true
		j.gmSay(b, g, no, "gm.deadline_now", "When", showTimeTo(g, g.GM, g.Deadline))
		if err := j.announceEach(tx, g, "",
			func(p *store.Player) string {
				return "[" + g.ID + "] " + j.tr(p, "club.new_deadline_subject", "When", showTime(g, p, g.Deadline))
			},
			func(p *store.Player) string {
				return j.tr(p, "gm.deadline_set", "Game", g.ID, "When", showTime(g, p, g.Deadline))
			}); err != nil {
			return true, err
		}
		return true, tx.PutGame(g)
	case "language", "idioma", "lingua", "lenguaje":
		if len(f) != 3 {
			j.gmSay(bad, g, no, "gm.language_usage")
			return true, nil
		}
		p := g.Player(strings.ToLower(f[1]))
		if p == nil {
			j.gmSay(bad, g, no, "gm.no_side", "Side", strconv.Quote(f[1]))
			return true, nil
		}
		lang, err := i18n.ParseLanguage(f[2])
		if err != nil {
			j.gmSay(bad, g, no, "bad.language", "Value", strconv.Quote(f[2]))
			return true, nil
		}
		p.Lang = lang
		if err := rememberLang(tx, p, false); err != nil {
			return true, err
		}
		j.gmSay(b, g, no, "gm.language_set", "Role", p.Role, "Name", j.opt.Templates.T(lang, "lang.name"), "Lang", lang)
		return true, tx.PutGame(g)
	case "defaults":
		if g.Held != nil {
			// Every decision is in: the held orders apply now, not defaults.
			role := g.Held.Role
			if err := j.releaseHeld(tx, g, now); err != nil {
				return true, err
			}
			j.gmSay(b, g, no, "gm.revise_released", "Role", roleTitle(adjudicator.Role(role)))
			return true, nil
		}
		if err := j.applyDefaults(tx, g, st, now); err != nil {
			j.gmSayText(bad, g, no, err.Error())
			return true, nil
		}
		j.gmSay(b, g, no, "gm.defaults")
		return true, nil
	case "alias", "replace":
		addr := ""
		// "replace ROLE pool": the league's substitute pool names him.
		pool := len(f) == 3 && strings.EqualFold(f[0], "replace") && strings.EqualFold(f[2], "pool")
		if len(f) == 3 && !pool {
			addr, _ = normAddress(f[2])
		}
		if addr == "" && !pool {
			j.gmSay(bad, g, no, "gm.seat_usage", "Command", strings.ToLower(f[0]))
			return true, nil
		}
		p := g.Player(strings.ToLower(f[1]))
		if p == nil || p.Role == string(adjudicator.GM) {
			j.gmSay(bad, g, no, "gm.no_side", "Side", strconv.Quote(f[1]))
			return true, nil
		}
		var sub *store.LeagueSub
		if pool {
			s, key, kv, err := takeSub(tx, g, p)
			if err != nil {
				return true, err
			}
			if s == nil {
				j.gmSay(bad, g, no, key, kv...)
				return true, nil
			}
			sub = s
			if addr, _ = normAddress(s.Addr); addr == "" {
				addr = strings.ToLower(s.Addr)
			}
		}
		if strings.EqualFold(f[0], "alias") {
			p.Aliases = append(p.Aliases, addr)
			if err := rememberLang(tx, &store.Player{Email: addr, Lang: p.Lang}, true); err != nil {
				return true, err
			}
			j.gmSay(b, g, no, "gm.alias", "Role", p.Role, "Address", addr)
			return true, tx.PutGame(g)
		}
		// A new player takes the seat: new address, new secret.
		secret := newSecret()
		old := p.Email
		if old != addr {
			if err := j.queueNotice(tx, g, old, "["+g.ID+"] "+j.tr(p, "gm.handed_subject"), "",
				j.tr(p, "gm.handed", "Game", g.ID, "Role", j.roleIn(g.GameName, p.Lang, adjudicator.Role(p.Role)))); err != nil {
				return true, err
			}
		}
		if err := j.announceT(tx, g, p.Role, "gm.new_player_subject", "gm.new_player", "Game", g.ID, "Role", roleTitle(adjudicator.Role(p.Role))); err != nil {
			return true, err
		}
		if g.Held != nil && g.Held.Role == p.Role {
			// The newcomer decides for the seat.
			if err := j.dropHeld(tx, g, "revise.dropped_replaced"); err != nil {
				return true, err
			}
		}
		if g.Undo != nil {
			// The consent asked was of the players before the handover.
			if err := j.lapseUndo(tx, g, "undo.lapsed_replaced"); err != nil {
				return true, err
			}
		}
		p.Email, p.Aliases = addr, nil
		if sub != nil {
			// A pool member reads his own language.
			if sub.Lang != "" {
				p.Lang = sub.Lang
			} else if l := tx.AddressLang(addr); l != "" {
				p.Lang = l
			}
		}
		if err := rememberLang(tx, p, true); err != nil {
			return true, err
		}
		// The newcomer's record starts with him.
		p.Since, p.Stats, p.MissedInRow, p.Disorder = now, store.SeatStats{}, 0, false
		p.TZ, p.Reminders, p.RemindersOff, p.Absences = "", nil, false, nil
		p.SecretSalt, p.SecretHash = store.HashSecret(secret)
		if err := tx.LogRotation(g.ID, &store.Rotation{Role: p.Role, By: "replace", From: g.GM, At: now}); err != nil {
			return true, err
		}
		p.LastSeenSeq = 0
		// The newcomer gets a full phase before his first deadline.
		moved, err := j.substituteTime(tx, g, st, adjudicator.Role(p.Role), now)
		if err != nil {
			return true, err
		}
		if moved {
			j.gmSay(b, g, no, "gm.full_phase", "When", showTimeTo(g, g.GM, g.Deadline))
			if err := j.announceDeadlineExcept(tx, g, p.Role, "club.new_player_phase", "Role", roleTitle(adjudicator.Role(p.Role))); err != nil {
				return true, err
			}
		}
		if err := j.note(tx, g, adjudicator.GM, "replace "+p.Role, j.tr(nil, "note.new_player", "Role", roleTitle(adjudicator.Role(p.Role))), now); err != nil {
			return true, err
		}
		eng, err := adjudicator.Lookup(g.GameName)
		if err != nil {
			return true, err
		}
		info, err := adjudicator.InfoOf(eng, adjudicator.Options(g.Options))
		if err != nil {
			return true, err
		}
		sc, _ := info.ScenarioByID(g.Scenario)
		if err := j.queueWelcome(tx, g, info, *p, secret, info.RolesFor(sc)); err != nil {
			return true, err
		}
		if err := j.queueReport(tx, g, st, adjudicator.Role(p.Role), reportCause{resend: true}); err != nil {
			return true, err
		}
		if sub != nil {
			j.gmSay(b, g, no, "gm.replaced_pool", "Role", p.Role, "Address", addr)
		} else {
			j.gmSay(b, g, no, "gm.replaced", "Role", p.Role, "Address", addr)
		}
		return true, tx.PutGame(g)
	}
	return false, nil
}

// queueRecord mails role the game's record as far as role may see it:
// its own orders in full, other entries as digests only, hidden draws
// withheld until the game ends; while the game runs, a player's copy
// stops at the end of the last turn whose dice are public. With tools/verify_dice.py a player can
// check every public die of every finished turn.
func (j *Judge) queueRecord(tx *store.Tx, g *store.Game, role adjudicator.Role, inReplyTo, subject string) error {
	rec, err := j.exportGame(tx, g, false)
	if err != nil {
		return err
	}
	if role != adjudicator.GM && !g.Status.Finished {
		rec = rec.Redact(func(e record.Entry) bool { return e.Role == string(role) || e.Kind == record.KindRollback })
		// A redacted entry keeps its digest, a hash of its lines: for a
		// choice among few (a pick, a card) trying each candidate would
		// find the hidden one. So the record stops at the last turn whose
		// dice are public (the dice after it cannot be checked yet
		// anyway), and it carries no hashes of the other seats' mails.
		cut := 1
		for i, e := range rec.Entries {
			if e.Epoch > g.Dice.RevealedThrough {
				break
			}
			cut = i + 1
		}
		if cut < len(rec.Entries) {
			rec = rec.Truncate(cut)
		}
		rec.Mails = nil
	}
	b, err := rec.Marshal()
	if err != nil {
		return err
	}
	p := g.Player(string(role))
	lang := seatLang(p)
	name := g.ID + "-record.json"
	text := j.opt.Templates.T(lang, "record.attached", "Game", g.ID, "Role", roleTitle(role), "File", name)
	part := store.Part{Name: name, ContentType: "application/json", Data: b}
	return j.queueRendered(tx, g, p.Email, subject, "record", inReplyTo, "record", NoticeData{Text: text, Footer: j.footerIn(g, lang)}, part)
}

// substituteTime gives a seat's new player a full phase: when role owes a
// decision and the running deadline (or the one waiting in a pause) is
// sooner than the game's deadline for a new decision taken now, it moves
// to that, with reminders and grace starting over. It reports whether
// the deadline moved.
func (j *Judge) substituteTime(tx *store.Tx, g *store.Game, st adjudicator.State, role adjudicator.Role, now time.Time) (bool, error) {
	if g.DeadlineHours <= 0 || !slices.Contains(owingRoles(st), role) {
		return false, nil
	}
	lb, err := leagueBudgetOf(tx, g)
	if err != nil {
		return false, err
	}
	full, _, err := shiftForAbsences(g, owingRoles(st), BaseDeadline(g.Policy, time.Duration(g.DeadlineHours)*time.Hour, now), lb)
	if err != nil {
		return false, err
	}
	if g.Pause != nil {
		// The deadline waits in the pause: what is left of it when the
		// game resumes is at least a full phase.
		if left := full.Sub(now); g.Pause.HadDeadline && (g.Pause.Grace || g.Pause.Left < left) {
			g.Pause.Left, g.Pause.Grace, g.Pause.GraceLeft = left, false, 0
			return false, lb.commit()
		}
		return false, nil
	}
	if g.Deadline.IsZero() && g.DeadlineByGM {
		return false, nil // the GM lifted the deadline
	}
	if !g.Deadline.IsZero() && !g.Deadline.Before(full) && g.GraceUntil.IsZero() {
		return false, nil
	}
	g.Deadline, g.GraceUntil = full, time.Time{}
	g.Reminded, g.RemindersSent = nil, 0
	return true, lb.commit()
}
