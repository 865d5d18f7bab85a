package intake

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line is one order line for the game.
type Line struct {
	No   int    // 1-based line number in the text given to Extract
	Text string // the line as written, trimmed, comment removed
}

// Orders is what Extract finds in a body.
type Orders struct {
	Secret  string   // from "secret <token>" ("password", "pw"); the last one wins
	Token   string   // from "token <one-time token>" of a report's reply block; the last one wins
	Entropy []string // every "entropy <anything>" line, verbatim after the keyword
	Check   bool     // "check" alone on a line: a dry run
	Report  bool     // "report" alone on a line: resend my last report
	Help    bool     // "help" alone on a line
	Game    string   // from "game <id>", lower-cased
	// Language is what follows "language" ("idioma", "lenguaje",
	// "lingua"): the reader's choice of language, as written.
	Language string
	Lines    []Line // every other non-blank line, in order

	// Ignored lists the lines dropped as a closing rather than passed to
	// the game: a trailing mobile footer ("Sent from my iPhone") or a
	// short sign-off block ("Regards,\nRichard") at the end of the orders.
	Ignored []Line
	// Bad lists keyword lines that lack their argument ("secret" with no
	// token, "game" with no ID or with several words), so that the reply
	// can say so instead of passing them to the game as orders.
	Bad []Line
	// Quoted counts the quoted lines ("> ...") dropped before Cut.
	Quoted int
	// Cut is the line number of the signature separator, reply
	// attribution or forwarded-message header from which the rest of the
	// text was dropped; 0 if the whole text was read.
	Cut int
}

// Extract splits a mail body into platform keywords and order lines.
// Line numbers count the lines of text as given (normally Message.Text),
// so a reply can point the player at "line 3".
//
// It drops quoted lines, everything from a signature separator ("-- " or
// "--") or a reply attribution / forwarded-message header on (Gmail, Apple
// Mail, Thunderbird, Outlook and their French, Spanish, Italian, German,
// Dutch and Portuguese forms), comments ("#" to end of line), fence lines
// such as "---- reply ----" and "----", and trailing mobile footers such as
// "Sent from my iPhone". Zero-width characters are removed and
// non-breaking spaces read as spaces.
func Extract(text string) *Orders {
	return ExtractSigned(text, nil)
}

// ExtractFrom is Extract of m's text, knowing who sent it: a last line
// that is only the sender's name (the display name, its first word, or
// the address's local part) is a signature, not an order.
func ExtractFrom(m *Message) *Orders {
	return ExtractSigned(m.Text, SenderNames(m.FromName, m.From))
}

// SenderNames lists the names a sender may sign with, in lower case: the
// display name, its first word, the address's local part and that part's
// first piece ("alice" of "alice.smith").
func SenderNames(displayName, address string) []string {
	var names []string
	add := func(n string) {
		n = strings.ToLower(strings.TrimSpace(n))
		if n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	add(displayName)
	if f := strings.Fields(displayName); len(f) > 0 {
		add(f[0])
	}
	if local, _, ok := strings.Cut(address, "@"); ok {
		add(local)
		if i := strings.IndexAny(local, "._-+"); i > 0 {
			add(local[:i])
		}
	}
	return names
}

// ExtractSigned is Extract for a sender who may sign with one of names
// (lower case, see SenderNames).
func ExtractSigned(text string, names []string) *Orders {
	o := &Orders{}
	raw := strings.Split(normalizeNewlines(text), "\n")
	lines := make([]string, len(raw))
	for i, l := range raw {
		lines[i] = cleanLine(l)
	}
	for i, l := range lines {
		no := i + 1
		t := strings.TrimLeftFunc(l, unicode.IsSpace)
		if strings.HasPrefix(t, ">") {
			o.Quoted++
			continue
		}
		if t == "--" {
			o.Cut = no
			break
		}
		if isCut(lines, i) {
			o.Cut = no
			break
		}
		if isFence(t) {
			continue
		}
		if kw, rest, ok := keyword(t); ok && kw == "entropy" {
			if rest == "" {
				o.Bad = append(o.Bad, Line{No: no, Text: t})
			} else {
				o.Entropy = append(o.Entropy, rest)
			}
			continue
		}
		if j := strings.IndexByte(t, '#'); j >= 0 {
			t = t[:j]
		}
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		if o.keywordLine(no, t) {
			continue
		}
		o.Lines = append(o.Lines, Line{No: no, Text: t})
	}
	o.dropClosing(names)
	return o
}

// Limits of the sign-off block dropClosing removes: the valediction line
// and at most maxClosingLines short lines after it (a name, a title).
const (
	maxClosingLines = 3
	maxClosingRunes = 40
)

// dropClosing moves a trailing mobile footer and a trailing sign-off block
// from Lines to Ignored: a valediction and a few short lines after it, a
// one-line sign-off ("Cheers, Alice"), or a last line that is only one of
// the sender's names.
func (o *Orders) dropClosing(names []string) {
	var dropped []Line
	for len(o.Lines) > 0 {
		last := o.Lines[len(o.Lines)-1]
		if !mobileFooter.MatchString(strings.ToLower(last.Text)) {
			break
		}
		dropped = append([]Line{last}, dropped...)
		o.Lines = o.Lines[:len(o.Lines)-1]
	}
	if n := len(o.Lines); n > 0 {
		last := o.Lines[n-1]
		l := strings.ToLower(last.Text)
		if signOff.MatchString(l) || slices.Contains(names, strings.Trim(l, " \t.,!-–—~")) {
			dropped = append([]Line{last}, dropped...)
			o.Lines = o.Lines[:n-1]
		}
	}
	n := len(o.Lines)
	for k := n - 1; k >= 0 && k >= n-1-maxClosingLines; k-- {
		if len([]rune(o.Lines[k].Text)) > maxClosingRunes {
			break
		}
		if valediction.MatchString(strings.ToLower(o.Lines[k].Text)) {
			dropped = append(append([]Line(nil), o.Lines[k:]...), dropped...)
			o.Lines = o.Lines[:k]
			break
		}
	}
	o.Ignored = append(o.Ignored, dropped...)
}

// keywordLine applies a platform keyword line; it reports false for a line
// that is an order for the game.
func (o *Orders) keywordLine(no int, t string) bool {
	kw, rest, ok := keyword(t)
	if !ok {
		return false
	}
	switch kw {
	case "secret":
		if rest == "" {
			o.Bad = append(o.Bad, Line{No: no, Text: t})
		} else {
			o.Secret = rest
		}
		return true
	case "token":
		if rest == "" || strings.ContainsFunc(rest, unicode.IsSpace) {
			o.Bad = append(o.Bad, Line{No: no, Text: t})
		} else {
			o.Token = rest
		}
		return true
	case "game":
		if rest == "" || strings.ContainsFunc(rest, unicode.IsSpace) {
			o.Bad = append(o.Bad, Line{No: no, Text: t})
		} else {
			o.Game = strings.ToLower(rest)
		}
		return true
	case "language":
		switch {
		case rest == "":
			o.Bad = append(o.Bad, Line{No: no, Text: t})
		case strings.ContainsFunc(rest, unicode.IsSpace):
			return false // e.g. the GM's "language york es"
		default:
			o.Language = rest
		}
		return true
	case "check", "report", "help":
		if rest != "" {
			return false // e.g. "report Essex": an order, not the keyword
		}
		switch kw {
		case "check":
			o.Check = true
		case "report":
			o.Report = true
		case "help":
			o.Help = true
		}
		return true
	}
	return false
}

// keywords maps every platform keyword, in English, Spanish and
// Italian, to its English form.
var keywords = map[string]string{
	"secret": "secret", "password": "secret", "pw": "secret", "secreto": "secret", "segreto": "secret",
	"entropy": "entropy", "entropía": "entropy", "entropia": "entropy",
	"check": "check", "comprobar": "check", "prueba": "check", "verifica": "check", "controlla": "check",
	"report": "report", "informe": "report", "rapporto": "report",
	"help": "help", "ayuda": "help", "aiuto": "help",
	"game": "game", "partida": "game", "partita": "game",
	"token":    "token",
	"language": "language", "idioma": "language", "lenguaje": "language", "lingua": "language",
}

// keyword splits "word[:] rest" when word is a platform keyword
// (case-insensitive, in any of pbem's languages) and returns the
// keyword's English form. rest is trimmed.
func keyword(t string) (kw, rest string, ok bool) {
	n := 0
	for n < len(t) {
		r, size := utf8.DecodeRuneInString(t[n:])
		if !unicode.IsLetter(r) {
			break
		}
		n += size
	}
	kw, ok = keywords[strings.ToLower(t[:n])]
	if !ok {
		return "", "", false
	}
	after := t[n:]
	if after != "" && after[0] != ' ' && after[0] != '\t' && after[0] != ':' {
		return "", "", false // "secretly", "checkpoint"
	}
	after = strings.TrimSpace(after)
	after = strings.TrimPrefix(after, ":")
	return kw, strings.TrimSpace(after), true
}

// cleanLine removes zero-width characters, reads every Unicode space and
// control character but tab as a plain space and trims the end of the line.
func cleanLine(l string) string {
	l = strings.Map(func(r rune) rune {
		switch r {
		case '\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\ufeff', '\u00ad':
			return -1
		case '\t':
			return r
		}
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			// NUL and other control characters read as spaces: they
			// cannot be typed, and the dice digest refuses NUL.
			return ' '
		}
		return r
	}, l)
	return strings.TrimRightFunc(l, unicode.IsSpace)
}

var (
	// attribution start words: "On", "Le", "El", "Il", "Am", "Op", "Em".
	attribStart = regexp.MustCompile(`^(on|le|el|il|am|op|em)\s`)
	// attribution endings, matched on the whole (possibly joined) line.
	attribEnd = regexp.MustCompile(`(wrote|a écrit|a ecrit|escribió|escribio|ha scritto|escreveu|geschreven)\s*:$|\b(schrieb|schreef)\b.*:$`)
	// forwarded or original message markers between dashes.
	dashedHeader = regexp.MustCompile(`^[-–—]{2,}.*(original|forward|origine|ursprüngliche|weitergeleitet|transféré|reenviado|inoltrato|oorspronkelijk|doorgestuurd)`)
	// Apple Mail and others' forward intros.
	forwardIntro = regexp.MustCompile(`^(begin forwarded message|début du message réexpédié|anfang der weitergeleiteten nachricht|inicio del mensaje reenviado|comienzo del mensaje reenviado|inizio messaggio inoltrato|begin doorgestuurd bericht|início da mensagem reencaminhada)\s*:`)
	// sign-offs that open a closing block ("Regards,", "Cheers").
	valediction = regexp.MustCompile(`^(` + valedictions + `)[\s,.!]*$`)
	// a one-line sign-off: a valediction, then a name of at most three
	// words ("Cheers, Alice", "Saludos, Pepe", "Thanks - Bob!").
	signOff = regexp.MustCompile(`^(` + valedictions + `)(\s*[,.!:;-]+\s*|\s+)\pL[\pL'.-]*(\s+\pL[\pL'.-]*){0,2}[\s.!]*$`)
	// trailing footers that mobile and desktop clients add.
	mobileFooter = regexp.MustCompile(`^(sent from my |sent from (mail|outlook|yahoo|aol|samsung|proton|gmail)|get outlook for |sent via |sent with |envoyé de mon |envoyé depuis |von meinem .*gesendet|gesendet von |enviado desde mi |enviado do meu |inviato da |verzonden met |verstuurd vanaf mijn )`)
)

// valedictions are the words of a sign-off, in the languages we accept.
const valedictions = `((best|kind|warm|many|with)\s+)?(regards|wishes|thanks)|cheers|thanks|thank you|ta|yours|yours sincerely|yours truly|yours faithfully|sincerely|br|rgds|best|cordialement|bien à vous|amitiés|saludos|un saludo|atentamente|saluti|cordiali saluti|un saluto|ciao|grazie|gracias|grüße|gruß|gruss|viele grüße|liebe grüße|beste grüße|mit freundlichen grüßen|mfg|lg|groeten|met vriendelijke groet|abraço|abraços|atenciosamente`

// Outlook reply-header field names in the languages we accept.
var (
	fromFields = map[string]bool{"from": true, "de": true, "von": true, "da": true, "van": true, "från": true, "fra": true}
	sentFields = map[string]bool{
		"sent": true, "date": true, "envoyé": true, "gesendet": true, "enviado": true,
		"enviada": true, "inviato": true, "verzonden": true, "skickat": true, "sendt": true,
		"datum": true, "fecha": true, "data": true, "subject": true, "objet": true,
		"betreff": true, "asunto": true, "oggetto": true, "onderwerp": true, "assunto": true,
	}
)

// isCut reports whether lines[i] starts a reply attribution, a forwarded
// or original message header or an Outlook reply header block.
func isCut(lines []string, i int) bool {
	t := strings.TrimSpace(lines[i])
	if t == "" {
		return false
	}
	if len(t) >= 10 && strings.Trim(t, "_") == "" {
		return true // Outlook's "________________________________"
	}
	lower := strings.ToLower(t)
	colon := strings.HasSuffix(lower, ":")
	if !colon && !strings.HasPrefix(lower, "-") && !strings.HasPrefix(lower, "–") && !strings.HasPrefix(lower, "—") &&
		!attribStart.MatchString(lower) && !strings.Contains(lower, ":") {
		return false // cheap exit for ordinary lines
	}
	if dashedHeader.MatchString(lower) || colon && forwardIntro.MatchString(lower) {
		return true
	}
	if attribStart.MatchString(lower) {
		joined := lower
		for k := 0; k < 3 && i+k < len(lines); k++ {
			if k > 0 {
				joined += " " + strings.ToLower(strings.TrimSpace(lines[i+k]))
			}
			if attribEnd.MatchString(joined) {
				return true
			}
		}
	}
	if colon && attribEnd.MatchString(lower) && nextIsQuoted(lines, i) {
		return true // "Bob <bob@example.org> wrote:" above a quote
	}
	if name, ok := headerField(lower); ok && fromFields[name] {
		seen := 0
		for j := i + 1; j < len(lines) && seen < 5; j++ {
			l := strings.ToLower(strings.TrimSpace(lines[j]))
			if l == "" {
				continue
			}
			seen++
			if n, ok := headerField(l); ok && sentFields[n] {
				return true
			}
		}
	}
	return false
}

// nextIsQuoted reports whether the next non-blank line after i is quoted.
func nextIsQuoted(lines []string, i int) bool {
	for j := i + 1; j < len(lines) && j <= i+3; j++ {
		t := strings.TrimSpace(lines[j])
		if t == "" {
			continue
		}
		return strings.HasPrefix(t, ">")
	}
	return false
}

// headerField reads "Name: value" (optionally in *bold*) and returns the
// lower-case name; ok is false if the line is not of that form or the
// value is empty.
func headerField(lower string) (string, bool) {
	lower = strings.TrimLeft(lower, "*")
	name, value, found := strings.Cut(lower, ":")
	if !found {
		return "", false
	}
	name = strings.TrimSpace(strings.TrimRight(name, "* "))
	value = strings.TrimSpace(strings.TrimLeft(value, "*"))
	if name == "" || len(name) > 20 || value == "" {
		return "", false
	}
	return name, true
}

// isFence reports a fence line such as "----", "---- reply ----" or
// "-- end --" that frames a reply block. Dashes may be typographic.
func isFence(t string) bool {
	isDash := func(r rune) bool { return r == '-' || r == '–' || r == '—' || r == '―' }
	lead := 0
	rest := t
	for _, r := range t {
		if !isDash(r) {
			break
		}
		lead++
		rest = rest[len(string(r)):]
	}
	if lead == 0 {
		return false
	}
	if rest == "" {
		return lead >= 3 || (lead >= 2 && t != "--")
	}
	inner := strings.TrimRightFunc(rest, isDash)
	trail := len([]rune(rest)) - len([]rune(inner))
	inner = strings.TrimSpace(inner)
	if inner == "" || len([]rune(inner)) > 30 {
		return false
	}
	for _, r := range inner {
		if !unicode.IsLetter(r) && r != ' ' {
			return false
		}
	}
	return lead >= 3 || (lead >= 2 && trail >= 2)
}
