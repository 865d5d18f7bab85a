package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/pbem/pbem/mailer/outbox"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pbem/pbem/mailer/judge"
	"github.com/pbem/pbem/store"
)

// The control operations. Each runs the same way inside the daemon and in
// a command over the store file (see control.go).

type newArgs struct {
	Spec judge.NewGameSpec `json:"spec"`
}

func opNew(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a newArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	c, err := e.judge.NewGame(a.Spec)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "created game %s (%s, %s)\n", c.Game.ID, c.Game.GameName, c.Game.Scenario)
	fmt.Fprintf(&b, "dice commitment: %s\n", c.Game.Dice.PublicCommit)
	welcome, err := welcomeMails(e.db, c.Game.ID)
	if err != nil {
		return nil, err
	}
	logins, err := newGameLogins(e, c.Game.ID)
	if err != nil {
		return nil, err
	}
	if !e.daemon {
		fmt.Fprintf(&b, "welcome emails to %s: queued: no daemon is running — they go out when `pbem serve` runs\n", recipients(welcome))
		b.WriteString(logins)
		return &opResult{Text: b.String()}, nil
	}
	welcome = waitWelcome(e, welcome)
	var sent, failed, waiting []*store.OutMail
	for _, m := range welcome {
		switch {
		case !m.SentAt.IsZero():
			sent = append(sent, m)
		case m.Attempts > 0:
			failed = append(failed, m)
		default:
			waiting = append(waiting, m)
		}
	}
	if len(sent) > 0 {
		fmt.Fprintf(&b, "welcome emails sent to %s\n", recipients(sent))
	}
	for _, m := range failed {
		fmt.Fprintf(&b, "welcome email to %s: queued (mail %d): last error: %s; next try %s (see `pbem outbox`)\n",
			strings.Join(m.To, ", "), m.ID, m.LastError, m.NextTry.UTC().Format(time.RFC3339))
	}
	if len(waiting) > 0 {
		fmt.Fprintf(&b, "welcome emails to %s: queued: the daemon has not sent them yet (see `pbem outbox`)\n", recipients(waiting))
	}
	b.WriteString(logins)
	return &opResult{Text: b.String()}, nil
}

// welcomeMails returns the queued welcome mails of a game.
func welcomeMails(db *store.DB, gameID string) ([]*store.OutMail, error) {
	var out []*store.OutMail
	err := db.View(func(tx *store.Tx) error {
		q, err := tx.Queued()
		for _, m := range q {
			if m.GameID == gameID && m.Kind == "welcome" {
				out = append(out, m)
			}
		}
		return err
	})
	return out, err
}

// waitWelcome waits, at most e.mailWait, until the daemon has tried to
// send each mail once, and returns them as they are then.
func waitWelcome(e *opEnv, mails []*store.OutMail) []*store.OutMail {
	deadline := time.Now().Add(e.mailWait)
	for {
		cur := make([]*store.OutMail, 0, len(mails))
		done := true
		_ = e.db.View(func(tx *store.Tx) error {
			for _, m := range mails {
				now, err := tx.Outbox(m.ID)
				if err != nil {
					// Cancelled meanwhile: report it as it was.
					now = m
				}
				if now.SentAt.IsZero() && now.Attempts == 0 {
					done = false
				}
				cur = append(cur, now)
			}
			return nil
		})
		if done || !time.Now().Before(deadline) || e.ctx.Err() != nil {
			return cur
		}
		select {
		case <-e.ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func recipients(ms []*store.OutMail) string {
	var to []string
	for _, m := range ms {
		to = append(to, m.To...)
	}
	return strings.Join(to, ", ")
}

type statusArgs struct {
	All  bool   `json:"all,omitempty"`
	Game string `json:"game,omitempty"` // one game in detail
}

func opStatus(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a statusArgs
	if len(raw) > 0 && string(raw) != "null" {
		if err := json.Unmarshal(raw, &a); err != nil {
			return nil, fmt.Errorf("status: %w", err)
		}
	}
	var b strings.Builder
	if a.Game != "" {
		if err := e.db.View(func(tx *store.Tx) error { return judge.WriteGameStatus(&b, tx, a.Game, time.Now()) }); err != nil {
			return nil, err
		}
		return &opResult{Text: b.String()}, nil
	}
	if err := e.db.View(func(tx *store.Tx) error { return statusText(&b, tx, a.All) }); err != nil {
		return nil, err
	}
	if e.daemon {
		b.WriteString("daemon: running\n")
	} else {
		b.WriteString("daemon: not running\n")
	}
	return &opResult{Text: b.String()}, nil
}

type exportArgs struct {
	Game   string `json:"game"`
	Reveal bool   `json:"reveal,omitempty"`
}

func opExport(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a exportArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("export: %w", err)
	}
	if err := gameExists(e.db, a.Game); err != nil {
		return nil, err
	}
	// The record is built by a judge of its own: the daemon's judge keeps
	// caches that only its mail and deadline loops may touch.
	rec, err := judgeFor(e.cfg, e.db).Export(a.Game, a.Reveal)
	if err != nil {
		return nil, err
	}
	b, err := rec.Marshal()
	if err != nil {
		return nil, err
	}
	return &opResult{Data: b}, nil
}

// gameExists returns a clear error if the store has no game id.
func gameExists(db *store.DB, id string) error {
	return db.View(func(tx *store.Tx) error {
		_, err := tx.Game(id)
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("no game %q in %s (see `pbem status`)", id, db.Path())
		}
		return err
	})
}

type backupArgs struct {
	Out string `json:"out"` // absolute
}

func opBackup(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a backupArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("backup: %w", err)
	}
	if !filepath.IsAbs(a.Out) {
		return nil, fmt.Errorf("backup: %q is not an absolute path", a.Out)
	}
	if err := e.db.Backup(a.Out); err != nil {
		return nil, err
	}
	return &opResult{Text: fmt.Sprintf("store copied to %s\n", a.Out)}, nil
}

type outboxListArgs struct {
	Cancelled bool `json:"cancelled,omitempty"`
}

func opOutboxList(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a outboxListArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	var b strings.Builder
	err := e.db.View(func(tx *store.Tx) error {
		w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		if a.Cancelled {
			c, err := tx.Cancelled()
			if err != nil {
				return err
			}
			fmt.Fprintln(w, "ID\tGAME\tTO\tKIND\tATTEMPTS\tCANCELLED\tWHY")
			for _, m := range c {
				fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", m.ID, orDash(m.GameID), strings.Join(m.To, ","), m.Kind,
					m.Attempts, m.CancelledAt.UTC().Format(time.RFC3339), orDash(oneLine(m.Why)))
			}
			if err := w.Flush(); err != nil {
				return err
			}
			fmt.Fprintf(&b, "%d cancelled\n", len(c))
			return nil
		}
		q, err := tx.Queued()
		if err != nil {
			return err
		}
		fmt.Fprintln(w, "ID\tGAME\tTO\tKIND\tATTEMPTS\tNEXT TRY\tLAST ERROR")
		for _, m := range q {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", m.ID, orDash(m.GameID), strings.Join(m.To, ","), m.Kind,
				m.Attempts, m.NextTry.UTC().Format(time.RFC3339), orDash(oneLine(m.LastError)))
		}
		if err := w.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(&b, "%d queued\n", len(q))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &opResult{Text: b.String()}, nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// oneLine keeps a table row on one line and within reason.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		s = s[:160] + "..."
	}
	return s
}

type outboxIDArgs struct {
	ID  uint64 `json:"id,omitempty"`
	All bool   `json:"all,omitempty"`
	Why string `json:"why,omitempty"`
}

func opOutboxRetry(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a outboxIDArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("outbox retry: %w", err)
	}
	now := time.Now().UTC()
	var text string
	err := e.db.Update(func(tx *store.Tx) error {
		if a.All {
			n, err := tx.RetryAll(now)
			text = fmt.Sprintf("%d mails made due now (the rest were due already)\n", n)
			return err
		}
		text = fmt.Sprintf("mail %d is due now\n", a.ID)
		return tx.RetryMail(a.ID, now)
	})
	if err != nil {
		return nil, trimNotFound(err)
	}
	if e.wake != nil {
		e.wake()
		text += "the daemon is sending now\n"
	} else {
		text += "no daemon is running: queued mail goes out when `pbem serve` runs\n"
	}
	return &opResult{Text: text}, nil
}

func opOutboxCancel(e *opEnv, raw json.RawMessage) (*opResult, error) {
	var a outboxIDArgs
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("outbox cancel: %w", err)
	}
	cancel := func() error {
		return e.db.Update(func(tx *store.Tx) error { return tx.CancelMail(a.ID, a.Why, time.Now().UTC()) })
	}
	var err error
	if e.withdraw != nil {
		err = e.withdraw(a.ID, cancel)
	} else {
		err = cancel()
	}
	if errors.Is(err, outbox.ErrSending) {
		return nil, fmt.Errorf("mail %d cannot be cancelled: %w (see `pbem outbox` in a moment)", a.ID, err)
	}
	if err != nil {
		return nil, trimNotFound(err)
	}
	return &opResult{Text: fmt.Sprintf("mail %d cancelled; it will not be sent (listed by `pbem outbox --cancelled`)\n", a.ID)}, nil
}

// trimNotFound drops the store's trailing ": not found" from a message
// that already says so.
func trimNotFound(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return errors.New(strings.TrimSuffix(err.Error(), ": "+store.ErrNotFound.Error()))
	}
	return err
}
