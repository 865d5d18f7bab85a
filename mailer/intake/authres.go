package intake

import (
	"strings"
)

// AuthResult is one method's result in an Authentication-Results header
// (RFC 8601), e.g. dkim=pass header.d=club.example.
type AuthResult struct {
	Method string            // "dkim", "spf", "dmarc", "auth", ... (lower case, no version)
	Result string            // "pass", "fail", "none", ... (lower case)
	Props  map[string]string // "header.d" → "club.example" (keys lower case)
}

// ParseAuthResults reads one Authentication-Results header value: the
// authserv-id of the server that added it and each method's result.
// Comments are dropped; what cannot be read is skipped.
func ParseAuthResults(v string) (authservID string, results []AuthResult) {
	v = dropComments(v)
	parts := strings.Split(v, ";")
	if f := strings.Fields(parts[0]); len(f) > 0 {
		authservID = strings.ToLower(f[0])
	}
	for _, p := range parts[1:] {
		f := strings.Fields(p)
		if len(f) == 0 {
			continue
		}
		method, result, ok := strings.Cut(f[0], "=")
		if !ok {
			continue // "none": no method was applied
		}
		method, _, _ = strings.Cut(method, "/")
		r := AuthResult{Method: strings.ToLower(method), Result: strings.ToLower(strings.Trim(result, `"`)), Props: map[string]string{}}
		for _, kv := range f[1:] {
			k, val, ok := strings.Cut(kv, "=")
			if ok {
				r.Props[strings.ToLower(k)] = strings.Trim(val, `"`)
			}
		}
		results = append(results, r)
	}
	return authservID, results
}

// dropComments removes RFC 5322 comments "(...)", nested or not, outside
// quoted strings.
func dropComments(v string) string {
	var b strings.Builder
	depth, quoted := 0, false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\' && i+1 < len(v):
			if depth == 0 {
				b.WriteByte(c)
				b.WriteByte(v[i+1])
			}
			i++
		case c == '"' && depth == 0:
			quoted = !quoted
			b.WriteByte(c)
		case c == '(' && !quoted:
			depth++
		case c == ')' && !quoted && depth > 0:
			depth--
			if depth == 0 {
				b.WriteByte(' ')
			}
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// SenderAuthenticated reads the topmost Authentication-Results header of
// m added by the server named trustedID (its authserv-id) and reports
// whether it authenticates m's From address: DMARC passed for the From
// domain, or DKIM passed for a signing domain aligned with it (the same
// domain or a parent), or SPF passed for an envelope sender of an aligned
// domain, or the sender logged in (auth=pass) as the From address. why
// says what was found, for replies and logs.
//
// Only the topmost such header counts: a receiving server adds its own on
// top, and anything below it came with the message, from anyone.
func SenderAuthenticated(m *Message, trustedID string) (ok bool, why string) {
	trustedID = strings.ToLower(strings.TrimSpace(trustedID))
	if trustedID == "" {
		return false, "no trusted mail server is configured"
	}
	from := strings.ToLower(m.From)
	_, domain, _ := strings.Cut(from, "@")
	for _, h := range m.AuthResults {
		id, results := ParseAuthResults(h)
		if id != trustedID {
			continue
		}
		var seen []string
		for _, r := range results {
			seen = append(seen, r.Method+"="+r.Result)
			if r.Result != "pass" {
				continue
			}
			switch r.Method {
			case "dmarc":
				if aligned(domain, r.Props["header.from"]) {
					return true, "dmarc=pass"
				}
			case "dkim":
				if aligned(domain, r.Props["header.d"]) || aligned(domain, r.Props["header.i"]) {
					return true, "dkim=pass"
				}
			case "spf":
				mf := r.Props["smtp.mailfrom"]
				if _, d, ok := strings.Cut(mf, "@"); ok {
					mf = d
				}
				if aligned(domain, mf) {
					return true, "spf=pass"
				}
			case "auth":
				if a := strings.ToLower(r.Props["smtp.auth"]); a != "" && a == from {
					return true, "auth=pass"
				}
			}
		}
		if len(seen) == 0 {
			return false, trustedID + " found no authentication for " + from
		}
		return false, trustedID + " did not authenticate " + from + " (" + strings.Join(seen, ", ") + ")"
	}
	return false, "no Authentication-Results from " + trustedID
}

// aligned reports whether signer (a domain, or an "@domain" identity) is
// the From domain or one of its parents.
func aligned(fromDomain, signer string) bool {
	signer = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(signer), "@"))
	if _, d, ok := strings.Cut(signer, "@"); ok {
		signer = d
	}
	if signer == "" || fromDomain == "" {
		return false
	}
	return fromDomain == signer || strings.HasSuffix(fromDomain, "."+signer) && strings.Contains(signer, ".")
}
