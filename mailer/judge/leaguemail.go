package judge

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"github.com/pbem/pbem/adjudicator/msg"
	"net/mail"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// Leagues by email. A creator (Options.Creators, as for games created by
// email) creates a league with the lines of "pbem league new":
//
//	secret: <the creator's secret>
//	league new spring
//	game richard-iii
//	format swiss
//	rounds 4
//	player ann@club.example
//	player bob@club.example es
//	player cy@club.example it
//
// The league's GM runs it with "league NAME" as the first line (or
// "[league NAME]" in the subject) and one command a line: pair,
// standings, ratings, show, subs, subs add ADDRESS [LANG], subs remove
// ADDRESS. The GM must be a creator and authenticates with his creator's
// secret: a league whose GM is not a creator is run from the command
// line. Every faulty line is listed in the reply and nothing is done;
// "check" is a dry run. Entrants are told of a new league and of every
// round paired, members of the substitute pool of their joining and
// leaving, each in his language.

// leagueSubjectTag is "[league NAME]" in a subject.
var leagueSubjectTag = regexp.MustCompile(`(?i)\[league\s+([a-z0-9][a-z0-9-]{0,39})\]`)

// leagueHead is what an email's first line or subject says of a league.
type leagueHead struct {
	create bool
	name   string
	bad    string // why the first line is not a league line, when it starts with "league"
	lines  []intake.Line
	first  intake.Line
}

// leagueHeadOf reads the league an email is about, or reports false.
func leagueHeadOf(c *mailCtx) (leagueHead, bool) {
	var h leagueHead
	lines := c.orders.Lines
	if len(lines) > 0 {
		f := strings.Fields(lines[0].Text)
		if len(f) > 0 && strings.EqualFold(f[0], "league") {
			h.first, h.lines = lines[0], lines[1:]
			switch {
			case len(f) == 3 && strings.EqualFold(f[1], "new"):
				h.create, h.name = true, strings.ToLower(f[2])
			case len(f) == 2 && !strings.EqualFold(f[1], "new"):
				h.name = strings.ToLower(f[1])
			default:
				h.bad = "want"
			}
			if h.name != "" && !ValidLeagueName(h.name) {
				h.bad = "name"
			}
			return h, true
		}
	}
	if m := leagueSubjectTag.FindStringSubmatch(c.msg.Subject); m != nil && !isCreate(c) {
		h.name, h.lines = strings.ToLower(m[1]), lines
		return h, true
	}
	return h, false
}

// leagueMail handles the emails of leagues run by email; it returns nil
// for any other email.
func (j *Judge) leagueMail(c *mailCtx) (*Outcome, error) {
	h, ok := leagueHeadOf(c)
	if !ok {
		return nil, nil
	}
	// A "game GAME" line belongs to the league, not to a game.
	c.gameID = ""
	c.subject = replySubject(c.msg.Subject, "")
	lang := addressLang(c.tx, c.msg.From)
	tr := func(key string, kv ...any) string { return j.opt.Templates.T(lang, key, kv...) }
	want, creator := j.opt.Creators[c.msg.From]
	if !creator {
		if len(j.gamesOf(c.tx, c.msg.From)) == 0 {
			// A stranger: no reply (no backscatter).
			return &Outcome{Kind: store.OutcomeIgnored, Reason: "league email from an address that may not run leagues"}, nil
		}
		return j.refuse(c, tr("leaguemail.not_creator"), "league email: not a creator")
	}
	if c.orders.Secret == "" || subtle.ConstantTimeCompare([]byte(c.orders.Secret), []byte(want)) != 1 {
		return j.refuse(c, tr("invite.creator_secret"), "league email: creator secret")
	}
	if h.bad != "" {
		text := tr("leaguemail.refused_head") + "\n  " + tr("line.answer", "Line", h.first.No, "Text", h.first.Text+": "+tr("leaguemail.want_head")) +
			"\n\n" + tr("leaguemail.create_help") + "\n\n" + tr("leaguemail.commands_help")
		return j.refuse(c, text, "league email: bad first line")
	}
	if h.create {
		return j.leagueCreate(c, h, tr)
	}
	l, err := c.tx.League(h.name)
	if errors.Is(err, store.ErrNotFound) {
		return j.refuse(c, tr("leaguemail.unknown", "League", h.name), "league email: unknown league")
	}
	if err != nil {
		return nil, err
	}
	if !strings.EqualFold(l.GM, c.msg.From) {
		return j.refuse(c, tr("leaguemail.not_gm", "League", l.Name, "GM", l.GM), "league email: not the league's GM")
	}
	return j.leagueCommands(c, l, h, tr)
}

// leagueKeys maps the keywords of a "league new" email to the settings
// BuildLeague names in its problems.
var leagueKeys = map[string]string{
	"game": "game", "scenario": "scenario", "format": "format", "player": "players", "gm": "gm",
	"option": "option", "deadline": "deadline-hours", "rounds": "rounds", "cycles": "cycles",
	"forbid": "forbid", "forfeit-after": "forfeit-after", "vacation-days": "vacation-days",
	"no-vacations": "no-vacations", "auto-substitute": "auto-substitute",
}

// parseLeagueNew reads the lines of a "league new" email into a spec,
// with the line of each setting (for BuildLeague's problems) and the
// faulty lines.
func parseLeagueNew(c *mailCtx, h leagueHead, tr func(string, ...any) string) (LeagueSpec, map[string]int, []string) {
	a := LeagueSpec{Name: h.name, GM: c.msg.From}
	at := map[string]int{"name": h.first.No}
	var problems []string
	bad := func(l intake.Line, why string) {
		problems = append(problems, tr("line.answer", "Line", l.No, "Text", l.Text+": "+why))
	}
	seen := map[string]bool{}
	number := func(l intake.Line, key string, args []string, dst *int) {
		n, err := strconv.Atoi(strings.Join(args, ""))
		if len(args) != 1 || err != nil || n < 0 || key == "deadline" && n == 0 {
			bad(l, tr("leaguemail.want_number", "Key", key))
			return
		}
		*dst = n
	}
	for _, l := range c.orders.Bad {
		bad(l, tr("leaguemail.not_line"))
	}
	if c.orders.Game != "" {
		a.Game = c.orders.Game
		at["game"] = 0
		seen["game"] = true
	}
	for _, l := range h.lines {
		f := strings.Fields(l.Text)
		if len(f) == 0 {
			continue
		}
		key, args := strings.ToLower(f[0]), f[1:]
		if key == "deadline-hours" {
			key = "deadline"
		}
		field, known := leagueKeys[key]
		if !known {
			bad(l, tr("leaguemail.not_line"))
			continue
		}
		if _, ok := at[field]; !ok {
			at[field] = l.No
		}
		single := key != "player" && key != "option" && key != "forbid"
		if single && seen[key] {
			bad(l, tr("leaguemail.twice", "Key", key))
			continue
		}
		seen[key] = true
		switch key {
		case "game", "scenario", "format":
			if len(args) != 1 {
				bad(l, tr("leaguemail.want_word", "Key", key))
				continue
			}
			v := strings.ToLower(args[0])
			switch key {
			case "game":
				a.Game = v
			case "scenario":
				a.Scenario = v
			default:
				a.Format = v
			}
		case "player":
			if len(args) < 1 || len(args) > 2 {
				bad(l, tr("leaguemail.want_player"))
				continue
			}
			if _, err := normAddress(args[0]); err != nil {
				bad(l, err.Error())
				continue
			}
			if len(args) == 2 {
				lang, err := i18n.ParseLanguage(args[1])
				if err != nil {
					bad(l, err.Error())
					continue
				}
				if a.Langs == nil {
					a.Langs = map[string]string{}
				}
				a.Langs[args[0]] = lang
			}
			a.Players = append(a.Players, args[0])
		case "gm":
			if len(args) != 1 {
				bad(l, tr("leaguemail.want_address", "Key", key))
				continue
			}
			a.GM = args[0]
		case "option":
			if len(args) != 2 {
				bad(l, tr("invite.want_option"))
				continue
			}
			if a.Options == nil {
				a.Options = map[string]string{}
			}
			a.Options[strings.ToLower(args[0])] = args[1]
		case "deadline":
			number(l, key, args, &a.DeadlineHours)
		case "rounds":
			number(l, key, args, &a.Rounds)
		case "cycles":
			number(l, key, args, &a.Cycles)
		case "forfeit-after":
			number(l, key, args, &a.ForfeitAfter)
		case "vacation-days":
			number(l, key, args, &a.VacationDays)
		case "auto-substitute":
			number(l, key, args, &a.AutoSub)
		case "no-vacations":
			if len(args) != 0 {
				bad(l, tr("leaguemail.want_alone", "Key", key))
				continue
			}
			a.VacationsOff = true
		case "forbid":
			if len(args) != 2 {
				bad(l, tr("leaguemail.want_forbid"))
				continue
			}
			a.Forbidden = append(a.Forbidden, [2]string{args[0], args[1]})
		}
	}
	return a, at, problems
}

// leagueCreate creates a league from a creator's "league new" email.
func (j *Judge) leagueCreate(c *mailCtx, h leagueHead, tr func(string, ...any) string) (*Outcome, error) {
	a, at, problems := parseLeagueNew(c, h, tr)
	var l *store.League
	if len(problems) == 0 {
		var probs []LeagueProblem
		l, probs = BuildLeague(a, "", c.now)
		for _, p := range probs {
			if no := at[p.Field]; no > 0 {
				problems = append(problems, tr("line.answer", "Line", no, "Text", p.Msg))
			} else {
				problems = append(problems, p.Msg)
			}
		}
	}
	if l != nil {
		if _, err := c.tx.League(l.Name); err == nil {
			problems = append(problems, tr("leaguemail.exists", "League", l.Name))
		} else if !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
	}
	if len(problems) > 0 {
		text := tr("leaguemail.not_created") + "\n  " + strings.Join(problems, "\n  ") + "\n\n" + tr("leaguemail.create_help")
		return j.refuse(c, text, "league email: bad league new")
	}
	summary := leagueSummary(l, c.msg.From)
	if c.checking() {
		if err := j.tell(c, tr("leaguemail.check_new", "League", l.Name)+"\n\n"+tr("leaguemail.created", summary...)); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeCheck, Reason: "league new (check)"}, nil
	}
	if err := PutNewLeague(c.tx, l); err != nil {
		return nil, err
	}
	if err := j.AnnounceNewLeague(c.tx, l, c.msg.From); err != nil {
		return nil, err
	}
	if err := j.tell(c, tr("leaguemail.created", summary...)); err != nil {
		return nil, err
	}
	j.opt.Log.Info("league created by email", "league", l.Name, "creator", c.msg.From)
	return &Outcome{Kind: store.OutcomeAccepted, Reason: "league " + l.Name + " created"}, nil
}

// leagueCommands runs the league GM's commands, one a line: every line
// is checked and run on the league in memory; only when all succeed is
// the league stored, the round's games created and everybody concerned
// told (nothing, for a check).
func (j *Judge) leagueCommands(c *mailCtx, l *store.League, h leagueHead, tr func(string, ...any) string) (*Outcome, error) {
	lang := addressLang(c.tx, c.msg.From) // the GM's, as tr's
	var out []string
	var problems []string
	bad := func(ln intake.Line, why string) {
		problems = append(problems, tr("line.answer", "Line", ln.No, "Text", ln.Text+": "+why))
	}
	for _, ln := range c.orders.Bad {
		bad(ln, tr("leaguemail.not_command"))
	}
	changed, err := RefreshLeagueResults(c.tx, l)
	if err != nil {
		return nil, err
	}
	paired := false
	var added, removed []store.LeagueSub
	subsHint := tr("leaguemail.subs_hint")
	commands := 0
	for _, ln := range h.lines {
		f := strings.Fields(strings.ToLower(ln.Text))
		if len(f) == 0 {
			continue
		}
		commands++
		switch {
		case len(f) == 1 && f[0] == "pair":
			if paired {
				bad(ln, tr("leaguemail.pair_once"))
				continue
			}
			resumed, err := PairLeagueRound(c.tx, l, c.now)
			if err != nil {
				bad(ln, err.Error())
				continue
			}
			paired, changed = true, true
			r := l.Paired[len(l.Paired)-1]
			head := tr("leaguemail.paired", "Round", r.No, "Rounds", LeagueRounds(l))
			if resumed {
				head = tr("leaguemail.resumed", "Round", r.No)
			}
			out = append(out, head+"\n"+leaguePairingsText(l, r))
		case len(f) == 1 && f[0] == "standings":
			text, err := LeagueStandingsText(l, j.opt.Templates.Catalog, lang)
			if err != nil {
				return nil, err
			}
			vac, err := LeagueVacationText(c.tx, l, j.opt.Templates.Catalog, lang)
			if err != nil {
				return nil, err
			}
			if vac != "" {
				text += "\n" + vac
			}
			out = append(out, text)
		case len(f) == 1 && f[0] == "ratings":
			text, err := LeagueRatingsText(c.tx, l.GameName, l, j.opt.Templates.Catalog, lang)
			if err != nil {
				return nil, err
			}
			out = append(out, text)
		case len(f) == 1 && f[0] == "show":
			text, err := LeagueShowText(c.tx, l, subsHint)
			if err != nil {
				return nil, err
			}
			out = append(out, text)
		case f[0] == "subs" && (len(f) == 1 || len(f) == 2 && f[1] == "list"):
			out = append(out, LeagueSubsText(l, subsHint))
		case f[0] == "subs" && f[1] == "add" && (len(f) == 3 || len(f) == 4):
			addr, err := normAddress(f[2])
			if err != nil {
				bad(ln, err.Error())
				continue
			}
			sub := store.LeagueSub{Addr: addr, Added: c.now.UTC()}
			if len(f) == 4 {
				if sub.Lang, err = i18n.ParseLanguage(f[3]); err != nil {
					bad(ln, err.Error())
					continue
				}
			}
			switch {
			case slices.ContainsFunc(l.Subs, func(s store.LeagueSub) bool { return s.Addr == addr }):
				bad(ln, tr("leaguemail.sub_already", "Address", addr, "League", l.Name))
				continue
			case addr == l.GM:
				bad(ln, tr("leaguemail.sub_gm", "Address", addr))
				continue
			}
			l.Subs = append(l.Subs, sub)
			added = append(added, sub)
			changed = true
			out = append(out, tr("leaguemail.sub_added_done", "Address", addr)+"\n"+LeagueSubsText(l, subsHint))
		case f[0] == "subs" && f[1] == "remove" && len(f) == 3:
			addr := bareLower(f[2])
			i := slices.IndexFunc(l.Subs, func(s store.LeagueSub) bool { return s.Addr == addr })
			if i < 0 {
				bad(ln, tr("leaguemail.sub_absent", "Address", addr, "League", l.Name))
				continue
			}
			removed = append(removed, l.Subs[i])
			l.Subs = slices.Delete(l.Subs, i, i+1)
			changed = true
			out = append(out, tr("leaguemail.sub_removed_done", "Address", addr)+"\n"+LeagueSubsText(l, subsHint))
		default:
			bad(ln, tr("leaguemail.not_command"))
		}
	}
	if commands == 0 && len(problems) == 0 {
		problems = append(problems, tr("leaguemail.no_command"))
	}
	if len(problems) > 0 {
		text := tr("leaguemail.refused", "League", l.Name) + "\n  " + strings.Join(problems, "\n  ") + "\n\n" + tr("leaguemail.commands_help")
		return j.refuse(c, text, "league email: faulty commands")
	}
	reply := strings.Join(out, "\n\n")
	if c.checking() {
		if err := j.tell(c, tr("leaguemail.check", "League", l.Name)+"\n\n"+reply); err != nil {
			return nil, err
		}
		return &Outcome{Kind: store.OutcomeCheck, Reason: "league commands (check)"}, nil
	}
	if paired {
		// Every game is checked before any is created, so that a game the
		// server cannot create leaves the league as it was.
		var ready []*preparedGame
		for _, id := range MissingLeagueGames(l) {
			if c.tx.HasGame(id) {
				continue
			}
			p, err := j.prepareGame(LeagueGameSpec(l, l.Game(id)))
			if err != nil {
				return j.refuse(c, tr("leaguemail.refused", "League", l.Name)+"\n  "+id+": "+err.Error(), "league email: a game cannot be created")
			}
			ready = append(ready, p)
		}
		for _, p := range ready {
			if _, err := j.createGame(c.tx, p, c.now, nil); err != nil {
				return nil, err
			}
		}
		for _, id := range MissingLeagueGames(l) {
			l.Game(id).Created = true
		}
	}
	if changed {
		if err := c.tx.PutLeague(l); err != nil {
			return nil, err
		}
	}
	if paired {
		if err := j.AnnounceLeagueRound(c.tx, l); err != nil {
			return nil, err
		}
	}
	for _, s := range added {
		if err := j.AnnounceLeagueSub(c.tx, l, s, true); err != nil {
			return nil, err
		}
	}
	for _, s := range removed {
		if err := j.AnnounceLeagueSub(c.tx, l, s, false); err != nil {
			return nil, err
		}
	}
	if err := j.tell(c, reply); err != nil {
		return nil, err
	}
	j.opt.Log.Info("league run by email", "league", l.Name, "gm", c.msg.From, "commands", commands,
		"paired", paired, "round", len(l.Paired), "subs_added", len(added), "subs_removed", len(removed))
	return &Outcome{Kind: store.OutcomeAccepted, Reason: "league " + l.Name + ": commands applied"}, nil
}

// leagueSummary are the template values describing a new league.
func leagueSummary(l *store.League, creator string) []any {
	return []any{"League", l.Name, "Game", l.GameName, "Scenario", l.Scenario, "Format", msg.New("league.format_" + l.Format),
		"N", len(l.Players), "Rounds", LeagueRounds(l), "GM", l.GM, "Players", strings.Join(l.Players, ", "), "Creator", creator}
}

// AnnounceNewLeague tells every entrant of the new league l, in his
// language, that creator entered him, and its GM, when he is not the
// creator, that he runs it.
func (j *Judge) AnnounceNewLeague(tx *store.Tx, l *store.League, creator string) error {
	summary := leagueSummary(l, creator)
	for _, p := range l.Players {
		lang := leagueLang(tx, nil, l, p)
		text := j.opt.Templates.T(lang, "leaguemail.entered", summary...)
		if err := j.leagueNotice(tx, p, lang, j.opt.Templates.T(lang, "leaguemail.entered_subject", "League", l.Name), text); err != nil {
			return err
		}
	}
	if l.GM != creator {
		lang := addressLang(tx, l.GM)
		text := j.opt.Templates.T(lang, "leaguemail.gm_named", summary...)
		if err := j.leagueNotice(tx, l.GM, lang, j.opt.Templates.T(lang, "leaguemail.gm_subject", "League", l.Name), text); err != nil {
			return err
		}
	}
	return nil
}

// leaguePairingsText lists a round's pairings, one a line.
func leaguePairingsText(l *store.League, r store.LeagueRound) string {
	var b strings.Builder
	for _, g := range r.Games {
		if g.B == "" {
			fmt.Fprintf(&b, "  bye: %s\n", g.A)
		} else {
			fmt.Fprintf(&b, "  [%s] %s (%s) v %s (%s)\n", g.ID, g.A, roleTitle(adjudicator.Role(l.Sides[0])), g.B, roleTitle(adjudicator.Role(l.Sides[1])))
		}
	}
	if r.Notice != "" {
		fmt.Fprintf(&b, "  (%s)\n", r.Notice)
	}
	return strings.TrimRight(b.String(), "\n")
}

// AnnounceLeagueRound tells every entrant of the last round of l, in his
// language, that it is paired: his game (or his bye) and the round's
// pairings. The games' welcome emails go separately.
func (j *Judge) AnnounceLeagueRound(tx *store.Tx, l *store.League) error {
	if len(l.Paired) == 0 {
		return nil
	}
	r := l.Paired[len(l.Paired)-1]
	all := leaguePairingsText(l, r)
	for _, g := range r.Games {
		for _, me := range []string{g.A, g.B} {
			if me == "" {
				continue
			}
			lang := leagueLang(tx, nil, l, me)
			T := func(key string, kv ...any) string { return j.opt.Templates.T(lang, key, kv...) }
			yours := T("leaguemail.your_bye")
			if g.B != "" {
				side, opp := l.Sides[0], g.B
				if me == g.B {
					side, opp = l.Sides[1], g.A
				}
				yours = T("leaguemail.your_game", "Game", g.ID, "Side", roleTitle(adjudicator.Role(side)), "Opponent", opp)
			}
			text := T("leaguemail.round", "League", l.Name, "Round", r.No, "Rounds", LeagueRounds(l), "Title", l.GameName,
				"Yours", yours, "Pairings", all)
			if err := j.leagueNotice(tx, me, lang, T("leaguemail.round_subject", "League", l.Name, "Round", r.No), text); err != nil {
				return err
			}
		}
	}
	return nil
}

// AnnounceLeagueSub tells s, in his language, that he joined (or left)
// the substitute pool of l.
func (j *Judge) AnnounceLeagueSub(tx *store.Tx, l *store.League, s store.LeagueSub, joined bool) error {
	lang := s.Lang
	if lang == "" {
		lang = addressLang(tx, s.Addr)
	}
	key := "leaguemail.sub_added"
	if !joined {
		key = "leaguemail.sub_removed"
	}
	T := func(key string, kv ...any) string { return j.opt.Templates.T(lang, key, kv...) }
	return j.leagueNotice(tx, s.Addr, lang, T("leaguemail.sub_subject", "League", l.Name), T(key, "League", l.Name, "Title", l.GameName, "GM", l.GM))
}

// leagueNotice mails text about a league to addr in lang.
func (j *Judge) leagueNotice(tx *store.Tx, to, lang, subject, text string) error {
	if _, err := mail.ParseAddress(to); err != nil {
		return nil
	}
	return j.queueRendered(tx, nil, to, subject, "league", "", "notice", NoticeData{Lang: lang, Text: text, Footer: j.footerIn(nil, lang)})
}
