package judge

import (
	"strconv"
	"strings"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/store"
)

// Secrets the player controls. A seat's secret changes when its player
// sends "newsecret" (with the old secret), when the GM sends "rotate
// ROLE", and when the GM hands the seat over ("replace"). The new secret
// goes only to the seat's registered address, in a private email; every
// change is logged in the store (store.Rotation: who, which seat, when;
// never the secret) and in the daemon's log, and the GM is told. A new
// secret also voids every one-time token issued under the old one.

// setSecret gives seat p a fresh secret, logs the change and returns the
// secret (for the one email that may carry it).
func (j *Judge) setSecret(c *mailCtx, g *store.Game, p *store.Player, by string) (string, error) {
	secret := newSecret()
	p.SecretSalt, p.SecretHash = store.HashSecret(secret)
	if err := c.tx.LogRotation(g.ID, &store.Rotation{Role: p.Role, By: by, From: c.msg.From, At: c.now}); err != nil {
		return "", err
	}
	if !c.checking() {
		j.opt.Log.Info("secret changed", "game", g.ID, "role", p.Role, "by", by)
	}
	return secret, nil
}

// mailSecret sends seat p its new secret, privately, with why.
func (j *Judge) mailSecret(c *mailCtx, g *store.Game, p *store.Player, secret, whyKey string) error {
	text := j.tr(p, whyKey) + "\n\n" + j.tr(p, "secret.new", "Game", g.ID, "Role", roleTitle(adjudicator.Role(p.Role)), "Secret", secret)
	return j.queueNotice(c.tx, g, p.Email, "["+g.ID+"] "+j.tr(p, "secret.new_subject"), msgRef(c.msg), text)
}

// newSecretStep answers "newsecret": a new secret for the sender's seat,
// authenticated by the old one (checkSecret has checked it).
func (j *Judge) newSecretStep(c *mailCtx) (*Outcome, error) {
	if !c.newSecret() {
		return nil, nil
	}
	if c.checking() {
		return c.outcome(store.OutcomeCheck, "newsecret (check)"), j.tell(c, j.tr(c.seat, "secret.check", "Game", c.g.ID))
	}
	secret, err := j.setSecret(c, c.g, c.seat, "player")
	if err != nil {
		return nil, err
	}
	if err := j.mailSecret(c, c.g, c.seat, secret, "secret.asked"); err != nil {
		return nil, err
	}
	if c.role != adjudicator.GM {
		if err := j.queueNotice(c.tx, c.g, c.g.GM, "["+c.g.ID+"] "+j.gmT(c.g, "gm.newsecret_subject", "Role", roleTitle(c.role)), "",
			j.gmT(c.g, "gm.newsecret", "Role", roleTitle(c.role), "Game", c.g.ID, "From", c.msg.From, "When", formatDate(c.now.UTC(), gmLang(c.g)))); err != nil {
			return nil, err
		}
	}
	return c.outcome(store.OutcomeAccepted, "new secret"), c.tx.PutGame(c.g)
}

// gmRotate runs the GM's "rotate ROLE": a new secret for the seat,
// mailed to its player.
func (j *Judge) gmRotate(c *mailCtx, g *store.Game, f []string, no int, b, bad *strings.Builder) error {
	if len(f) != 2 {
		j.gmSay(bad, g, no, "gm.rotate_usage")
		return nil
	}
	p := g.Player(strings.ToLower(f[1]))
	if p == nil {
		j.gmSay(bad, g, no, "gm.no_side", "Side", strconv.Quote(f[1]))
		return nil
	}
	secret, err := j.setSecret(c, g, p, "gm")
	if err != nil {
		return err
	}
	if err := j.mailSecret(c, g, p, secret, "secret.by_gm"); err != nil {
		return err
	}
	j.gmSay(b, g, no, "gm.rotated", "Role", p.Role, "Address", p.Email)
	return c.tx.PutGame(g)
}
