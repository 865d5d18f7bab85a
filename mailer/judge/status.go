package judge

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pbem/pbem/store"
)

// DefaultStatusLines is how many games a status listing shows unless
// asked for all of them.
const DefaultStatusLines = 15

// StatusOptions tune WriteStatus.
type StatusOptions struct {
	// All lists every game, by ID, instead of the games needing
	// attention first.
	All bool
	// Lines is the most games listed without All (0: DefaultStatusLines).
	Lines int
}

// statusPage is how many summaries a full listing reads at a time.
const statusPage = 256

// WriteStatus writes the store's status: totals, the outbox, then one
// line per game (ID, game, turn, deadline, state and who owes a decision,
// by role and address). It reads only the store's counters and game
// summaries, never a game's state, so its cost and memory are bounded
// whatever the store's size: without opt.All it lists at most opt.Lines
// games, those whose deadline (or reminder) comes soonest, and says how
// many more there are; with opt.All it lists every game, a page at a time.
func WriteStatus(w io.Writer, tx *store.Tx, opt StatusOptions) error {
	lines := opt.Lines
	if lines <= 0 {
		lines = DefaultStatusLines
	}
	counts, err := tx.GameCounts()
	if err != nil {
		return err
	}
	q, s := tx.OutboxCounts()
	fmt.Fprintf(w, "%d games; outbox: %d queued, %d sent; games active %d, finished %d\n",
		counts.Total(), q, s, counts.Active, counts.Finished)
	if counts.Total() == 0 {
		return nil
	}
	fmt.Fprintf(w, "%-20s %-20s %-4s %-17s %s\n", "GAME", "NAME", "TURN", "DEADLINE (UTC)", "STATE")
	if opt.All || counts.Total() <= lines {
		after := ""
		for {
			page, err := tx.Summaries(after, statusPage)
			if err != nil {
				return err
			}
			for _, sum := range page {
				writeStatusLine(w, sum)
			}
			if len(page) < statusPage {
				return nil
			}
			after = page[len(page)-1].ID
		}
	}
	// Games needing attention first: the soonest deadlines (or
	// reminders), from the wake index.
	ids, err := tx.Due(time.Unix(1<<40, 0), lines) // every wake time
	if err != nil {
		return err
	}
	for _, id := range ids {
		sum, err := tx.Summary(id)
		if err != nil {
			return err
		}
		writeStatusLine(w, sum)
	}
	if more := counts.Total() - len(ids); more > 0 {
		fmt.Fprintf(w, "%d more games (%d finished, the others without a deadline or with later ones): use --all\n", more, counts.Finished)
	}
	return nil
}

func writeStatusLine(w io.Writer, s *store.Summary) {
	due := "-"
	if !s.Deadline.IsZero() && !s.Finished {
		due = s.Deadline.UTC().Format("2006-01-02 15:04")
	}
	state := s.Label
	if s.Finished {
		state = "finished"
		if s.Result != "" {
			state += ": " + s.Result
		}
	} else if len(s.Owing) > 0 {
		var who []string
		for _, r := range s.Owing {
			if addr := s.Players[r]; addr != "" {
				who = append(who, r+" ("+addr+")")
			} else {
				who = append(who, r)
			}
		}
		state += "; owed by " + strings.Join(who, ", ")
	}
	fmt.Fprintf(w, "%-20s %-20s %-4d %-17s %s\n", s.ID, s.GameName, s.Turn, due, state)
}
