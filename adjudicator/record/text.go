package record

import (
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator/dice"
)

// DiceText renders the dice of one epoch for a report: the epoch's public
// secret (once revealed), and for each entry of the epoch that drew, its
// digest before and after and its public draws. Hidden draws are only
// counted. Every line fits in 76 columns. It returns "" when the epoch
// drew nothing and has no revealed secret.
func (r *Record) DiceText(epoch int) string {
	pos, err := r.positions()
	if err != nil {
		return "dice log unavailable: " + err.Error() + "\n"
	}
	var b strings.Builder
	for _, s := range r.Dice.PublicSecrets {
		if s.Epoch == epoch {
			fmt.Fprintf(&b, "Public secret of epoch %d (%s, check it with tools/verify_dice.py):\n  %s\n", epoch, r.Dice.Scheme, s.Secret)
		}
	}
	byEntry := map[int][]Draw{}
	for _, d := range r.Draws {
		if d.Epoch == epoch {
			byEntry[d.Entry] = append(byEntry[d.Entry], d)
		}
	}
	for _, e := range r.Entries {
		draws := byEntry[e.Seq]
		if len(draws) == 0 {
			continue
		}
		fmt.Fprintf(&b, "Entry %d, %s %s, epoch %d:\n", e.Seq, e.Role, e.Kind, e.Epoch)
		fmt.Fprintf(&b, "  before %s\n  after  %s\n", pos[e.Seq-1].d, e.Digest)
		hidden := 0
		for _, d := range draws {
			if d.Stream == dice.Hidden {
				hidden++
				continue
			}
			fmt.Fprintf(&b, "  #%-4d d%-3d %3d  %s\n", d.Counter, d.Sides, d.Result, d.Purpose)
		}
		if hidden > 0 {
			fmt.Fprintf(&b, "  %d hidden draws, checkable when the game ends\n", hidden)
		}
	}
	return b.String()
}
