package judge

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/adjudicator/dice"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/store"
)

// Export builds the public record of a game: header, commitments, every
// accepted entry, every draw, hashes of the mails sent, and the secrets
// revealed so far (the public secrets of finished turns; the hidden
// secret once the game is over). revealAll also reveals the current
// turn's public secret and the hidden chain: only for finished games,
// demos and GMs closing a game early.
func (j *Judge) Export(gameID string, revealAll bool) (*record.Record, error) {
	var rec *record.Record
	err := j.db.View(func(tx *store.Tx) error {
		g, err := tx.Game(gameID)
		if err != nil {
			return fmt.Errorf("game %q: %w", gameID, err)
		}
		rec, err = j.exportGame(tx, g, revealAll)
		return err
	})
	return rec, err
}

func (j *Judge) exportGame(tx *store.Tx, g *store.Game, revealAll bool) (*record.Record, error) {
	rec, err := j.exportLog(tx, g, revealAll)
	if err != nil {
		return nil, err
	}
	if revealAll { // the checkpoint holds the whole position, hidden facts too
		cp, err := tx.Checkpoint(g.ID)
		if err != nil {
			return nil, err
		}
		if cp != nil {
			rec.Checkpoint = &record.Checkpoint{Seq: cp.Seq, State: cp.State, Rules: cp.Rules}
		}
	}
	// Only the game's own mail, through the store's index.
	mails, err := tx.GameMail(g.ID)
	if err != nil {
		return nil, err
	}
	for _, m := range mails {
		if m.SentAt.IsZero() {
			continue // still queued: not sent yet
		}
		sum := sha256.Sum256([]byte(m.Text + "\x00" + m.HTML))
		rec.Mails = append(rec.Mails, record.Mail{MessageID: m.MessageID, SHA256: hex.EncodeToString(sum[:])})
	}
	return rec, nil
}

// exportLog builds the record of a game without the hashes of its mails:
// header, commitments, entries, draws and the secrets revealed so far.
func (j *Judge) exportLog(tx *store.Tx, g *store.Game, revealAll bool) (*record.Record, error) {
	eng, err := adjudicator.Lookup(g.GameName)
	if err != nil {
		return nil, err
	}
	info, err := adjudicator.InfoOf(eng, adjudicator.Options(g.Options))
	if err != nil {
		return nil, err
	}
	sc, err := info.ScenarioByID(g.Scenario)
	if err != nil {
		return nil, err
	}
	pc, _ := hex.DecodeString(g.Dice.PublicCommit)
	hc, _ := hex.DecodeString(g.Dice.HiddenCommit)
	rec, err := record.New(dice.Header{GameID: g.ID, Game: g.GameName, Scenario: g.Scenario, Options: adjudicator.Options(g.Options), Roles: info.RolesFor(sc)}, g.Dice.N, pc, hc)
	if err != nil {
		return nil, err
	}
	err = tx.Log(g.ID, 1, func(e *store.LogEntry) error {
		rec.Entries = append(rec.Entries, record.Entry{Seq: int(e.Seq), Kind: e.Kind, Role: e.Role, Epoch: e.Epoch, Lines: nonNil(e.Lines), Entropy: e.Entropy, Digest: e.Digest, To: e.To})
		for _, d := range e.Draws {
			rd := record.Draw{Entry: int(e.Seq), Stream: d.Stream, Epoch: d.Epoch, Counter: uint32(d.Counter), Purpose: d.Purpose, Result: d.Result}
			if d.Stream == dice.Hidden {
				rd.N = d.Sides
			} else {
				rd.Sides = d.Sides
			}
			rec.Draws = append(rec.Draws, rd)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	through := g.Dice.RevealedThrough
	hidden := g.Status.Finished
	if revealAll {
		through, hidden = g.Status.Turn, true
	}
	for t := 1; t <= through && t <= g.Dice.N; t++ {
		if err := rec.RevealPublic(t, j.secretAt(g.Dice.PublicSeed, g.Dice.N, t)); err != nil {
			return nil, err
		}
	}
	if hidden && len(g.Dice.HiddenSeed) > 0 {
		last := g.Status.Turn
		if last < 1 {
			last = 1
		}
		if err := rec.RevealHidden(last, j.secretAt(g.Dice.HiddenSeed, g.Dice.N, last)); err != nil {
			return nil, err
		}
	}
	rec.FinalState = g.StateHash
	return rec, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// turnDice renders the public dice of the turns revealed since
// revealedBefore, for the reports that announce the end of a turn. It
// reads the game's log only: the dice text needs no mail.
func (j *Judge) turnDice(tx *store.Tx, g *store.Game, revealedBefore int) (string, error) {
	if g.Dice.RevealedThrough <= revealedBefore {
		return "", nil
	}
	rec, err := j.exportLog(tx, g, false)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for t := revealedBefore + 1; t <= g.Dice.RevealedThrough; t++ {
		b.WriteString(rec.DiceText(t))
	}
	// The report says how to check the dice; the record's text names a
	// script of the source tree, which players do not have.
	return strings.ReplaceAll(b.String(), ", check it with tools/verify_dice.py", ""), nil
}
