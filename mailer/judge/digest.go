package judge

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/i18n"
	"github.com/pbem/pbem/store"
)

// The daily digest. A player's "digest on" (or "digest HH:MM") in any of
// his games turns his reminders, in all his games, into one mail a day at
// that time of his zone (08:00 by default) listing every decision he owes
// and its deadline ("your move in 2 games"); "digest off" turns it back.
// The choice belongs to his registered address (store.Digest). The
// digest finds his games through the store's sender index, never by
// reading every game; a day when he owes nothing sends nothing.

// defaultDigestAt is the digest's time of day when the player names none.
const defaultDigestAt = "08:00"

// isDigestLine reports whether the fields f are a digest setting.
func isDigestLine(f []string) bool {
	return len(f) == 2 && f[0] == "digest"
}

// digestLine parses p's digest line into its action, or returns why it
// is wrong.
func (j *Judge) digestLine(tx *store.Tx, g *store.Game, p *store.Player, arg string, no int, now time.Time, done *strings.Builder) (seatAction, error) {
	T := j.opt.Templates.T
	lang := seatLang(p)
	at := ""
	switch arg = strings.ToLower(arg); arg {
	case "off":
	case "on":
		at = defaultDigestAt
	default:
		h, m, err := parseClock(arg)
		if err != nil {
			return nil, fmt.Errorf("digest on, digest HH:MM (the time of day it comes, e.g. digest 07:30) or digest off: %v", err)
		}
		at = fmt.Sprintf("%02d:%02d", h, m)
	}
	return func() error {
		if at == "" {
			fmt.Fprintln(done, T(lang, "digest.confirm_off", "Line", no))
			return tx.DeleteDigest(p.Email)
		}
		tz := seatZone(g, p)
		d := &store.Digest{Address: strings.ToLower(p.Email), At: at, TZ: tz, Lang: lang, Since: now, Next: nextDaily(at, tz, now)}
		if old, err := tx.Digest(p.Email); err != nil {
			return err
		} else if old != nil {
			d.Since, d.Sent = old.Since, old.Sent
		}
		fmt.Fprintln(done, T(lang, "digest.confirm_on", "Line", no, "At", at, "Zone", orUTC(tz), "Next", formatTime(d.Next.In(zone(tz)), lang)))
		return tx.PutDigest(d)
	}, nil
}

// nextDaily is the first time of day at (HH:MM, valid) in zone tz after
// now.
func nextDaily(at, tz string, now time.Time) time.Time {
	h, m, _ := parseClock(at)
	loc := zone(tz)
	n := now.In(loc)
	t := time.Date(n.Year(), n.Month(), n.Day(), h, m, 0, 0, loc)
	for !t.After(now) {
		n = n.AddDate(0, 0, 1)
		t = time.Date(n.Year(), n.Month(), n.Day(), h, m, 0, 0, loc)
	}
	return t.UTC()
}

// hasDigest reports whether the player at addr takes a daily digest
// instead of reminders.
func hasDigest(tx *store.Tx, addr string) (bool, error) {
	d, err := tx.Digest(addr)
	return d != nil, err
}

// sendDigests mails the daily digests due at now, one transaction each.
func (j *Judge) sendDigests(now time.Time) (int, error) {
	var due []string
	if err := j.db.View(func(tx *store.Tx) error {
		var err error
		due, err = tx.DigestsDue(now, tickBatch)
		return err
	}); err != nil {
		return 0, err
	}
	sent := 0
	for _, addr := range due {
		err := j.db.Update(func(tx *store.Tx) error {
			d, err := tx.Digest(addr)
			if err != nil || d == nil || d.Next.After(now) {
				return err
			}
			ok, err := j.digest(tx, d, now)
			if err != nil {
				return err
			}
			if ok {
				d.Sent++
				sent++
			}
			d.Next = nextDaily(d.At, d.TZ, now)
			return tx.PutDigest(d)
		})
		if err != nil {
			return sent, fmt.Errorf("digest for %s: %w", addr, err)
		}
	}
	return sent, nil
}

// digestItem is one decision a digest lists.
type digestItem struct {
	deadline time.Time
	line     string
}

// digest queues d's mail if its address owes a decision in some game,
// and reports whether it did.
func (j *Judge) digest(tx *store.Tx, d *store.Digest, now time.Time) (bool, error) {
	T := j.opt.Templates.T
	ids, err := tx.GamesOfAddress(d.Address)
	if err != nil {
		return false, err
	}
	var items []digestItem
	games := map[string]bool{}
	for _, id := range ids {
		g, err := tx.Game(id)
		if err != nil {
			return false, err
		}
		if g.Status.Finished {
			continue
		}
		for i := range g.Players {
			p := &g.Players[i]
			if !strings.EqualFold(p.Email, d.Address) || p.Role == string(adjudicator.GM) || p.Disorder || !slices.Contains(g.Owing, p.Role) || g.Held != nil && g.Held.Role == p.Role {
				continue
			}
			due := T(d.Lang, "digest.no_deadline")
			switch {
			case g.Pause != nil:
				due = T(d.Lang, "digest.paused")
			case !g.GraceUntil.IsZero():
				due = formatTime(g.GraceUntil.In(zone(d.TZ)), d.Lang)
			case !g.Deadline.IsZero():
				due = formatTime(g.Deadline.In(zone(d.TZ)), d.Lang)
			}
			label := g.Status.Label
			if d.Lang != "" && d.Lang != i18n.Default {
				if _, st, err := loadState(g); err == nil {
					label = statusLabel(st, d.Lang, j.opt.Templates.Catalog)
				}
			}
			items = append(items, digestItem{deadline: g.Deadline, line: T(d.Lang, "digest.item", "Game", g.ID, "Role", roleTitle(adjudicator.Role(p.Role)), "Label", label, "Due", due)})
			games[g.ID] = true
		}
	}
	if len(items) == 0 {
		return false, nil
	}
	sort.SliceStable(items, func(a, b int) bool {
		x, y := items[a].deadline, items[b].deadline
		if x.IsZero() != y.IsZero() {
			return !x.IsZero()
		}
		return x.Before(y)
	})
	var b strings.Builder
	b.WriteString(T(d.Lang, "digest.intro") + "\n\n")
	for _, it := range items {
		b.WriteString("  " + it.line + "\n")
	}
	b.WriteString("\n" + T(d.Lang, "digest.outro"))
	subject := T(d.Lang, "digest.subject_many", "N", len(games))
	if len(games) == 1 {
		subject = T(d.Lang, "digest.subject_one")
	}
	return true, j.queueRendered(tx, nil, d.Address, subject, "digest", "", "notice",
		NoticeData{Lang: d.Lang, Text: b.String(), Footer: j.footerIn(nil, d.Lang)})
}
