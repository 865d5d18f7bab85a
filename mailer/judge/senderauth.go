package judge

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/emersion/go-msgauth/dkim"

	"github.com/pbem/pbem/adjudicator"
	"github.com/pbem/pbem/mailer/intake"
	"github.com/pbem/pbem/store"
)

// Sender authentication. A secret proves that the sender read the seat's
// mail; it does not prove who sent the email, and every order email
// carries it. So pbem can also ask who sent an email: the receiving mail
// server's verdict (its Authentication-Results header: DMARC, DKIM, SPF,
// or an SMTP login) when the server is named in the configuration, and
// optionally its own check of the email's DKIM signatures. Each game's GM
// chooses what an unauthenticated email gets: nothing (off), a warning in
// the reply and in a copy to the GM (warn), or a refusal (require).

// Sender-authentication modes of a game (store.Game.SenderAuth).
const (
	SenderAuthOff     = "off"
	SenderAuthWarn    = "warn"
	SenderAuthRequire = "require"
)

// SenderAuthOptions say how the server authenticates senders.
type SenderAuthOptions struct {
	// TrustedAuthServID is the authserv-id of the mail server that
	// receives pbem's mail and adds an Authentication-Results header
	// (e.g. "mx.club.example"). Headers from any other server are ignored.
	TrustedAuthServID string
	// VerifyDKIM checks the email's DKIM signatures too (a DNS lookup per
	// signature, made before the email's transaction).
	VerifyDKIM bool
	// LookupTXT resolves DKIM keys; nil means the system resolver.
	LookupTXT func(domain string) ([]string, error)
}

// enabled reports whether the server can authenticate senders at all.
func (o SenderAuthOptions) enabled() bool { return o.TrustedAuthServID != "" || o.VerifyDKIM }

// authVerdict is what the server found about an email's sender.
type authVerdict struct {
	ok  bool
	why string
}

// checkMode validates a game's sender-authentication mode.
func (j *Judge) checkMode(mode string) (string, error) {
	m := strings.ToLower(strings.TrimSpace(mode))
	switch m {
	case "", SenderAuthOff:
		return "", nil
	case SenderAuthWarn, SenderAuthRequire:
		if !j.opt.SenderAuth.enabled() {
			return "", msgErr("bad.auth_unchecked", "Mode", strconv.Quote(m))
		}
		return m, nil
	}
	return "", msgErr("bad.auth_mode", "Mode", strconv.Quote(mode))
}

// senderVerdict authenticates msg's sender, outside any transaction (a
// DKIM check may query DNS).
func (j *Judge) senderVerdict(msg *intake.Message, raw []byte) authVerdict {
	o := j.opt.SenderAuth
	if msg == nil || !o.enabled() {
		return authVerdict{why: "this server does not check senders"}
	}
	var v authVerdict
	if o.TrustedAuthServID != "" {
		v.ok, v.why = intake.SenderAuthenticated(msg, o.TrustedAuthServID)
		if v.ok {
			return v
		}
	}
	if o.VerifyDKIM {
		ok, why := verifyDKIM(msg.From, raw, o.LookupTXT)
		if ok {
			return authVerdict{ok: true, why: why}
		}
		if v.why == "" {
			v.why = why
		} else {
			v.why += "; " + why
		}
	}
	return v
}

// verifyDKIM checks raw's DKIM signatures: one valid signature of the
// From domain (or a parent) authenticates it.
func verifyDKIM(from string, raw []byte, lookup func(string) ([]string, error)) (bool, string) {
	if !bytes.Contains(bytes.ToLower(raw), []byte("dkim-signature:")) {
		return false, "no DKIM signature"
	}
	vs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{LookupTXT: lookup, MaxVerifications: 5})
	if err != nil && len(vs) == 0 {
		return false, "DKIM: " + err.Error()
	}
	_, domain, _ := strings.Cut(strings.ToLower(from), "@")
	why := "no valid DKIM signature of " + domain
	for _, v := range vs {
		if v.Err != nil {
			why = "DKIM signature of " + v.Domain + ": " + v.Err.Error()
			continue
		}
		d := strings.ToLower(v.Domain)
		if domain == d || strings.HasSuffix(domain, "."+d) && strings.Contains(d, ".") {
			return true, "dkim signature of " + d
		}
	}
	return false, why
}

// senderAuth applies the game's sender-authentication mode to an email
// that carries the seat's secret.
func (j *Judge) senderAuth(c *mailCtx) (*Outcome, error) {
	mode := c.g.SenderAuth
	if mode == "" || mode == SenderAuthOff || c.auth.ok {
		return nil, nil
	}
	who := roleTitle(c.role)
	gmCopy := func(text string) error {
		if c.role == adjudicator.GM {
			return nil
		}
		return j.queueNotice(c.tx, c.g, c.g.GM, "["+c.g.ID+"] "+j.gmT(c.g, "gm.unauth_subject", "Role", who), "", text)
	}
	switch mode {
	case SenderAuthRequire:
		if err := gmCopy(j.gmT(c.g, "gm.unauth_refused", "Role", who, "Game", c.g.ID, "From", c.msg.From, "Why", c.auth.why, "Seat", string(c.role))); err != nil {
			return nil, err
		}
		return j.refuse(c, j.tr(c.seat, "auth.refused", "Game", c.g.ID, "Why", c.auth.why), "sender not authenticated")
	default: // warn
		if err := gmCopy(j.gmT(c.g, "gm.unauth_warned", "Role", who, "Game", c.g.ID, "From", c.msg.From, "Why", c.auth.why)); err != nil {
			return nil, err
		}
		if err := j.tell(c, j.tr(c.seat, "auth.warning", "Game", c.g.ID, "Why", c.auth.why)); err != nil {
			return nil, err
		}
		return nil, nil
	}
}

// gmAuth runs the GM's "auth off|warn|require".
func (j *Judge) gmAuth(g *store.Game, f []string, no int, b, bad *strings.Builder) {
	if len(f) != 2 {
		j.gmSay(bad, g, no, "gm.auth_usage")
		return
	}
	m, err := j.checkMode(f[1])
	if err != nil {
		j.gmSayText(bad, g, no, j.errText(err, gmLang(g)))
		return
	}
	g.SenderAuth = m
	if m == "" {
		m = SenderAuthOff
	}
	j.gmSay(b, g, no, "gm.auth_set", "Mode", m)
}
