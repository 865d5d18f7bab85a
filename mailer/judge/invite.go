package judge

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// Games created by email. A creator (an address the operator lists in
// Options.Creators, with its secret) sends the orders address:
//
//	secret: <the creator's secret>
//	create hammer-of-the-scots braveheart
//	player england ann@club.example
//	player scotland bob@club.example es
//	option schiltroms on
//	deadline 72
//	join 96
//
// pbem checks it as "pbem new" would, keeps it as an invitation under the
// game's future ID and mails every player an invitation. Each player
// answers "join" (with "entropy ..." lines of his own, mixed into the
// set-up's dice) or "decline". When the last one joins, the game starts
// in that email's transaction (welcome emails, secrets, first reports),
// with the creator as its GM; a decline, the creator's "cancel", or the
// time to join running out (default 7 days) cancels it, and everybody is
// told.

// Joining: defaults and limits, in hours.
const (
	defaultJoinHours = 7 * 24
	maxJoinHours     = 30 * 24
)

// isCreate says whether the email's first order line asks for a game.
func isCreate(c *mailCtx) bool {
	if len(c.orders.Lines) == 0 {
		return false
	}
	w, _, _ := strings.Cut(strings.TrimSpace(c.orders.Lines[0].Text), " ")
	return strings.EqualFold(w, "create")
}

// invitation handles the emails of games created by email: a creator's
// "create", and the players' answers to an invitation (whose ID the
// email names). It returns nil for any other email.
func (j *Judge) invitation(c *mailCtx) (*Outcome, error) {
	if c.gameID != "" && !c.tx.HasGame(c.gameID) {
		in, err := c.tx.Invite(c.gameID)
		if err == nil {
			return j.answerInvite(c, in)
		}
		if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
	}
	if !isCreate(c) || (c.gameID != "" && c.tx.HasGame(c.gameID)) {
		return nil, nil
	}
	want, ok := j.opt.Creators[c.msg.From]
	if !ok {
		if len(j.gamesOf(c.tx, c.msg.From)) == 0 {
			// A stranger: no reply (no backscatter).
			return &Outcome{Kind: store.OutcomeIgnored, Reason: "create from an address that may not create games"}, nil
		}
		return j.refuse(c, j.opt.Templates.T(addressLang(c.tx, c.msg.From), "invite.not_creator"), "not a creator")
	}
	if c.orders.Secret == "" || subtle.ConstantTimeCompare([]byte(c.orders.Secret), []byte(want)) != 1 {
		return j.refuse(c, j.opt.Templates.T(addressLang(c.tx, c.msg.From), "invite.creator_secret"), "creator secret")
	}
	return j.createInvite(c)
}

// createInvite reads and checks a create email and sends the invitations.
func (j *Judge) createInvite(c *mailCtx) (*Outcome, error) {
	lang := addressLang(c.tx, c.msg.From)
	tr := func(key string, kv ...any) string { return j.opt.Templates.T(lang, key, kv...) }
	spec, joinHours, problems := parseCreate(c, tr)
	if len(problems) == 0 {
		spec.GM = c.msg.From
		if _, err := j.prepareGame(spec); err != nil {
			problems = append(problems, j.errText(err, lang))
		}
	}
	var id string
	if len(problems) == 0 {
		var err error
		if id, err = j.inviteID(c.tx, spec); err != nil {
			problems = append(problems, j.errText(err, lang))
		}
	}
	if len(problems) > 0 {
		text := tr("invite.not_created") + "\n  " + strings.Join(problems, "\n  ") + "\n\n" + tr("invite.create_help")
		return j.refuse(c, text, "bad create")
	}
	spec.ID = id
	raw, err := json.Marshal(spec)
	if err != nil {
		return nil, err
	}
	in := &store.Invite{ID: id, Creator: c.msg.From, Spec: raw, Created: c.now, Expires: c.now.Add(time.Duration(joinHours) * time.Hour),
		MsgID: fmt.Sprintf("pbem.%s.invite@%s", id, j.opt.Domain)}
	for _, p := range spec.Players {
		in.Seats = append(in.Seats, store.InviteSeat{Role: string(p.Role), Email: p.Email, Lang: p.Lang})
	}
	if c.orders.Check {
		return j.refuseCheck(c, j.opt.Templates.T(addressLang(c.tx, c.msg.From), "invite.check", "Game", id))
	}
	if err := c.tx.PutInvite(in); err != nil {
		return nil, err
	}
	title := spec.Game
	if g, err := adjudicator.Lookup(spec.Game); err == nil {
		title = g.Info().Title
	}
	var seats []string
	for _, s := range in.Seats {
		seats = append(seats, fmt.Sprintf("%s (%s)", roleTitle(adjudicator.Role(s.Role)), s.Email))
	}
	for _, s := range in.Seats {
		lang := inviteLang(s.Lang)
		text := j.opt.Templates.T(lang, "invite.text", "Creator", in.Creator, "Title", title, "Scenario", spec.Scenario,
			"Role", roleTitle(adjudicator.Role(s.Role)), "Seats", strings.Join(seats, ", "), "Options", optionsText(spec.Options),
			"Game", id, "Until", formatDate(in.Expires, lang))
		if err := j.inviteNotice(c.tx, in, s.Email, lang, "invitation", text); err != nil {
			return nil, err
		}
	}
	creatorLang := addressLang(c.tx, c.msg.From)
	if err := j.tell(c, j.opt.Templates.T(creatorLang, "invite.offered", "Game", id, "Title", title, "Scenario", spec.Scenario,
		"Seats", strings.Join(seats, ", "), "Until", formatDate(in.Expires, creatorLang))); err != nil {
		return nil, err
	}
	j.opt.Log.Info("game offered by email", "invite", id, "creator", in.Creator)
	return &Outcome{Kind: store.OutcomeAccepted, GameID: id, Reason: "game offered to its players"}, nil
}

// refuseCheck answers a dry run.
func (j *Judge) refuseCheck(c *mailCtx, text string) (*Outcome, error) {
	if err := j.tell(c, text); err != nil {
		return nil, err
	}
	return &Outcome{Kind: store.OutcomeCheck, GameID: c.gameID, Reason: "create (check)"}, nil
}

// parseCreate reads a create email's lines; its problems are in the
// language of tr.
func parseCreate(c *mailCtx, tr func(key string, kv ...any) string) (NewGameSpec, int, []string) {
	var spec NewGameSpec
	join := defaultJoinHours
	var problems []string
	bad := func(no int, text, why string) {
		problems = append(problems, tr("line.answer", "Line", no, "Text", text+": "+why))
	}
	for i, l := range c.orders.Lines {
		f := strings.Fields(l.Text)
		if len(f) == 0 {
			continue
		}
		key := strings.ToLower(f[0])
		args := f[1:]
		switch {
		case i == 0 && key == "create":
			if len(args) < 1 || len(args) > 2 {
				bad(l.No, l.Text, tr("invite.want_create"))
				continue
			}
			spec.Game = strings.ToLower(args[0])
			if len(args) == 2 {
				spec.Scenario = strings.ToLower(args[1])
			}
		case key == "player" || key == "side":
			if len(args) < 2 || len(args) > 3 {
				bad(l.No, l.Text, tr("invite.want_player"))
				continue
			}
			addr, err := normAddress(args[1])
			if err != nil {
				bad(l.No, l.Text, tr("bad.address", "Value", strconv.Quote(args[1])))
				continue
			}
			p := PlayerSpec{Role: adjudicator.Role(strings.ToLower(args[0])), Email: addr}
			if len(args) == 3 {
				lang, err := i18n.ParseLanguage(args[2])
				if err != nil {
					bad(l.No, l.Text, tr("bad.language", "Value", strconv.Quote(args[2])))
					continue
				}
				p.Lang = lang
			}
			spec.Players = append(spec.Players, p)
		case key == "option":
			if len(args) != 2 {
				bad(l.No, l.Text, tr("invite.want_option"))
				continue
			}
			if spec.Options == nil {
				spec.Options = adjudicator.Options{}
			}
			spec.Options[strings.ToLower(args[0])] = args[1]
		case key == "deadline" || key == "join":
			n, err := strconv.Atoi(strings.Join(args, ""))
			limit := 30 * 24
			if key == "join" {
				limit = maxJoinHours
			}
			if len(args) != 1 || err != nil || n < 1 || n > limit {
				bad(l.No, l.Text, tr("invite.want_hours", "Key", key, "Max", limit))
				continue
			}
			if key == "join" {
				join = n
			} else {
				spec.DeadlineHours = n
			}
		case key == "id":
			if len(args) != 1 || !validID(strings.ToLower(args[0])) {
				bad(l.No, l.Text, tr("invite.want_id"))
				continue
			}
			spec.ID = strings.ToLower(args[0])
		default:
			bad(l.No, l.Text, tr("invite.not_create_line"))
		}
	}
	if spec.Game == "" && len(problems) == 0 {
		problems = append(problems, tr("invite.create_missing"))
	}
	return spec, join, problems
}

// inviteID is the future game's ID: the one asked for, or the next
// number of the game's short name; never one of a game or an invitation.
func (j *Judge) inviteID(tx *store.Tx, spec NewGameSpec) (string, error) {
	id := spec.ID
	if id == "" {
		short := shortNames[spec.Game]
		if short == "" {
			short = spec.Game
		}
		for {
			n, err := tx.NextGameNumber(short)
			if err != nil {
				return "", err
			}
			id = fmt.Sprintf("%s-%d", short, n)
			if _, err := tx.Invite(id); errors.Is(err, store.ErrNotFound) {
				break
			}
		}
	}
	if tx.HasGame(id) {
		return "", msgErr("bad.game_exists", "Game", strconv.Quote(id))
	}
	if _, err := tx.Invite(id); err == nil {
		return "", msgErr("bad.game_offered", "Game", strconv.Quote(id))
	}
	return id, nil
}

// answerInvite applies a player's join or decline, or the creator's
// cancel, to a pending invitation.
func (j *Judge) answerInvite(c *mailCtx, in *store.Invite) (*Outcome, error) {
	word := ""
	if len(c.orders.Lines) == 1 {
		word = strings.ToLower(strings.TrimSpace(c.orders.Lines[0].Text))
	}
	out := func(kind, reason string) *Outcome { return &Outcome{Kind: kind, GameID: in.ID, Reason: reason} }
	if c.msg.From == in.Creator && word == "cancel" {
		if err := j.cancelInvite(c.tx, in, msg.New("invite.why_withdrawn")); err != nil {
			return nil, err
		}
		return out(store.OutcomeAccepted, "invitation cancelled by its creator"), nil
	}
	seat := in.Seat(c.msg.From)
	if seat == nil {
		if c.msg.From == in.Creator {
			return j.refuse(c, j.opt.Templates.T(addressLang(c.tx, c.msg.From), "invite.pending", "Game", in.ID), "invitation pending")
		}
		return &Outcome{Kind: store.OutcomeIgnored, GameID: in.ID, Reason: "answer to an invitation from an address not invited"}, nil
	}
	lang := inviteLang(seat.Lang)
	switch word {
	case "join", "unirse", "unirme", "partecipo", "entra":
		if seat.Joined.IsZero() {
			seat.Joined = c.now
		}
		seat.Entropy = append(seat.Entropy, c.orders.Entropy...)
		var waiting []string
		for _, s := range in.Seats {
			if s.Joined.IsZero() {
				waiting = append(waiting, roleTitle(adjudicator.Role(s.Role)))
			}
		}
		if len(waiting) > 0 {
			if err := c.tx.PutInvite(in); err != nil {
				return nil, err
			}
			if err := j.inviteNotice(c.tx, in, seat.Email, lang, "joined", j.opt.Templates.T(lang, "invite.joined", "Game", in.ID, "Waiting", strings.Join(waiting, ", "))); err != nil {
				return nil, err
			}
			return out(store.OutcomeAccepted, "joined"), nil
		}
		return j.startInvited(c, in)
	case "decline", "rechazar", "rifiuto":
		if err := j.cancelInvite(c.tx, in, msg.New("invite.why_declined", "Role", roleTitle(adjudicator.Role(seat.Role)))); err != nil {
			return nil, err
		}
		return out(store.OutcomeAccepted, "declined"), nil
	}
	if err := j.inviteNotice(c.tx, in, seat.Email, lang, "notice", j.opt.Templates.T(lang, "invite.how", "Game", in.ID)); err != nil {
		return nil, err
	}
	return out(store.OutcomeRejected, "not an answer to an invitation"), nil
}

// startInvited creates the game of a fully joined invitation, in this
// email's transaction, with every player's entropy in its set-up.
func (j *Judge) startInvited(c *mailCtx, in *store.Invite) (*Outcome, error) {
	var spec NewGameSpec
	if err := json.Unmarshal(in.Spec, &spec); err != nil {
		return nil, fmt.Errorf("invite %s: %w", in.ID, err)
	}
	var entropy []string
	for _, s := range in.Seats {
		for _, e := range s.Entropy {
			entropy = append(entropy, s.Role+": "+e)
		}
	}
	p, err := j.prepareGame(spec)
	if err == nil {
		_, err = j.createGame(c.tx, p, c.now, entropy)
	}
	if err != nil {
		// The server changed under the invitation (a game removed, an
		// option no longer known): nobody can fix it by answering.
		if cerr := j.cancelInvite(c.tx, in, msg.New("invite.why_failed", "Error", err.Error())); cerr != nil {
			return nil, cerr
		}
		return &Outcome{Kind: store.OutcomeRejected, GameID: in.ID, Reason: "invited game could not start: " + err.Error()}, nil
	}
	if err := c.tx.DeleteInvite(in.ID); err != nil {
		return nil, err
	}
	j.opt.Log.Info("game started by email", "game", in.ID)
	return &Outcome{Kind: store.OutcomeAccepted, GameID: in.ID, Reason: "joined; the game starts"}, nil
}

// cancelInvite withdraws an invitation and tells its players and creator.
func (j *Judge) cancelInvite(tx *store.Tx, in *store.Invite, why msg.M) error {
	for _, s := range in.Seats {
		lang := inviteLang(s.Lang)
		if err := j.inviteNotice(tx, in, s.Email, lang, "cancelled", j.opt.Templates.T(lang, "invite.cancelled", "Game", in.ID, "Why", why)); err != nil {
			return err
		}
	}
	lang := addressLang(tx, in.Creator)
	if err := j.inviteNotice(tx, in, in.Creator, lang, "cancelled", j.opt.Templates.T(lang, "invite.cancelled", "Game", in.ID, "Why", why)); err != nil {
		return err
	}
	return tx.DeleteInvite(in.ID)
}

// expireInvites cancels the invitations whose time to join has run out.
// Only pending invitations are kept, so this reads no more than those.
func (j *Judge) expireInvites(now time.Time) (int, error) {
	var due []string
	err := j.db.View(func(tx *store.Tx) error {
		ins, err := tx.Invites()
		for _, in := range ins {
			if !now.Before(in.Expires) {
				due = append(due, in.ID)
			}
		}
		return err
	})
	if err != nil || len(due) == 0 {
		return 0, err
	}
	n := 0
	err = j.db.Update(func(tx *store.Tx) error {
		for _, id := range due {
			in, err := tx.Invite(id)
			if errors.Is(err, store.ErrNotFound) {
				continue
			}
			if err != nil {
				return err
			}
			var missing []string
			for _, s := range in.Seats {
				if s.Joined.IsZero() {
					missing = append(missing, roleTitle(adjudicator.Role(s.Role)))
				}
			}
			if err := j.cancelInvite(tx, in, msg.New("invite.why_late", "Missing", strings.Join(missing, ", "))); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// inviteNotice mails text about invitation in to addr in lang.
func (j *Judge) inviteNotice(tx *store.Tx, in *store.Invite, to, lang, what, text string) error {
	subject := fmt.Sprintf("[%s] %s", in.ID, j.opt.Templates.T(lang, "invite.subject."+what))
	return j.queueRendered(tx, nil, to, subject, "invite", in.MsgID, "notice", NoticeData{Lang: lang, Text: text, Footer: j.footerIn(nil, lang)})
}

func inviteLang(lang string) string {
	if lang == "" {
		return i18n.Default
	}
	return lang
}

// optionsText lists a game's options as "name value, ..." or "none".
func optionsText(o adjudicator.Options) string {
	if len(o) == 0 {
		return "-"
	}
	var out []string
	for k, v := range o {
		out = append(out, k+" "+v)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}
