package intake

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// texts returns the Text of each line.
func texts(ls []Line) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Text)
	}
	return out
}

func TestExtractKeywords(t *testing.T) {
	o := Extract("Secret: abc123\n" +
		"ENTROPY the quick brown fox # not a comment\n" +
		"entropy: 42\n" +
		"check\n" +
		"Report:\n" +
		"help\n" +
		"Game: Roses-7\n" +
		"move A -> B\n")
	assert.Equal(t, "abc123", o.Secret)
	assert.Equal(t, []string{"the quick brown fox # not a comment", "42"}, o.Entropy)
	assert.True(t, o.Check)
	assert.True(t, o.Report)
	assert.True(t, o.Help)
	assert.Equal(t, "roses-7", o.Game)
	assert.Equal(t, []Line{{8, "move A -> B"}}, o.Lines)
	assert.Empty(t, o.Bad)

	for _, line := range []string{"password hunter2", "pw:hunter2", "PW : hunter2", "secret\thunter2", "  secret hunter2  "} {
		assert.Equal(t, "hunter2", Extract(line).Secret, line)
	}
	// The last secret wins.
	assert.Equal(t, "second", Extract("secret first\nsecret second\n").Secret)

	// Keywords need a word boundary, and check/report/help stand alone.
	o = Extract("secretly move A -> B\ncheckpoint Essex\nreport Essex\nhelp me\nchecks\n")
	assert.Equal(t, []string{"secretly move A -> B", "checkpoint Essex", "report Essex", "help me", "checks"}, texts(o.Lines))
	assert.False(t, o.Check || o.Report || o.Help)
	assert.Empty(t, o.Secret)

	// Keywords without their argument are reported, not passed to the game.
	o = Extract("secret\ngame\ngame two words\nentropy:\nmove A -> B\n")
	assert.Equal(t, []Line{{1, "secret"}, {2, "game"}, {3, "game two words"}, {4, "entropy:"}}, o.Bad)
	assert.Equal(t, []Line{{5, "move A -> B"}}, o.Lines)
	assert.Empty(t, o.Secret)
	assert.Empty(t, o.Game)
}

func TestExtractCommentsAndFences(t *testing.T) {
	o := Extract("---- reply ----\n" +
		"secret: tok # my token\n" +
		"# a whole-line comment\n" +
		"card: 3   # the 3 AP card\n" +
		"----\n" +
		"-- end --\n" +
		"——\n" +
		"--- orders\n" +
		"\n" +
		"move A -> B\n")
	assert.Equal(t, "tok", o.Secret)
	assert.Equal(t, []Line{{4, "card: 3"}, {10, "move A -> B"}}, o.Lines)
	assert.Zero(t, o.Cut)
}

func TestExtractWhitespace(t *testing.T) {
	o := Extract("\ufeffsecret: tok\u200b\r\n" +
		"move\u00a0Calais -> Kent:\u00a0March\u00a0\u00a0\r\n" +
		"\u200b\u00a0\r\n" +
		"\tbattle Kent: fire \u202f\r" +
		"card: 3")
	assert.Equal(t, "tok", o.Secret)
	assert.Equal(t, []Line{{2, "move Calais -> Kent: March"}, {4, "battle Kent: fire"}, {5, "card: 3"}}, o.Lines)
}

func TestExtractQuotes(t *testing.T) {
	o := Extract("card: 3\n> quoted\n   >indented quote\n>> deeper\nmove A -> B\n")
	assert.Equal(t, 3, o.Quoted)
	assert.Equal(t, []Line{{1, "card: 3"}, {5, "move A -> B"}}, o.Lines)
}

func TestExtractSignature(t *testing.T) {
	for _, sep := range []string{"-- ", "--", "--\t"} {
		o := Extract("card: 3\n" + sep + "\nAnne\nmove X -> Y\n")
		assert.Equal(t, []Line{{1, "card: 3"}}, o.Lines, "%q", sep)
		assert.Equal(t, 2, o.Cut)
	}
}

func TestExtractReplyHeaders(t *testing.T) {
	cases := []struct {
		name   string
		header string
	}{
		{"gmail", "On Tue, 25 Nov 2026 at 18:00, pbem <orders+roses-7@club.example> wrote:"},
		{"gmail wrapped", "On Tue, 25 Nov 2026 at 18:00, pbem <orders+roses-7@club.example>\nwrote:"},
		{"gmail wrapped in address", "On Tue, 25 Nov 2026 at 18:00, Lancaster Player <\nlancaster@example.org> wrote:"},
		{"apple", "On 25 Nov 2026, at 18:00, pbem <orders+roses-7@club.example> wrote:"},
		{"thunderbird", "On 11/25/26 6:00 PM, pbem wrote:"},
		{"name only", "pbem <orders+roses-7@club.example> wrote:\n> YOUR HAND"},
		{"outlook original", "-----Original Message-----\nFrom: pbem"},
		{"outlook block", "From: pbem <orders+roses-7@club.example>\nSent: Tuesday, November 25, 2026 6:00 PM\nTo: Anne\nSubject: [roses-7] turn 2"},
		{"outlook bold", "*From:* pbem <orders+roses-7@club.example>\n*Sent:* Tuesday, November 25, 2026 6:00 PM"},
		{"outlook mac", "From: pbem <orders+roses-7@club.example>\nDate: Tuesday, 25 November 2026 at 18:00\nTo: Anne"},
		{"outlook separator", "________________________________\nFrom: pbem"},
		{"gmail forward", "---------- Forwarded message ---------\nFrom: pbem"},
		{"thunderbird forward", "-------- Forwarded Message --------\nSubject: [roses-7]"},
		{"apple forward", "Begin forwarded message:\n\nFrom: pbem"},
		{"french", "Le mar. 25 nov. 2026 à 18:00, pbem <orders+roses-7@club.example> a écrit :"},
		{"french nbsp", "Le 25/11/2026 à 18:00, pbem a écrit\u00a0:"},
		{"french outlook", "De : pbem <orders+roses-7@club.example>\nEnvoyé : mardi 25 novembre 2026 18:00"},
		{"french original", "-----Message d'origine-----"},
		{"spanish", "El mar, 25 nov 2026 a las 18:00, pbem (<orders+roses-7@club.example>) escribió:"},
		{"spanish outlook", "De: pbem <orders+roses-7@club.example>\nEnviado: martes, 25 de noviembre de 2026 18:00"},
		{"italian", "Il giorno mar 25 nov 2026 alle ore 18:00 pbem <orders+roses-7@club.example> ha scritto:"},
		{"italian outlook", "Da: pbem <orders+roses-7@club.example>\nInviato: martedì 25 novembre 2026 18:00"},
		{"german", "Am 25.11.2026 um 18:00 schrieb pbem <orders+roses-7@club.example>:"},
		{"german wrapped", "Am Di., 25. Nov. 2026 um 18:00 Uhr schrieb pbem <\norders+roses-7@club.example>:"},
		{"german outlook", "Von: pbem <orders+roses-7@club.example>\nGesendet: Dienstag, 25. November 2026 18:00\nAn: Friedrich\nBetreff: [roses-7]"},
		{"german original", "-----Ursprüngliche Nachricht-----"},
		{"dutch", "Op 25 nov 2026 om 18:00 heeft pbem <orders+roses-7@club.example> het volgende geschreven:"},
		{"dutch short", "Op di 25 nov. 2026 om 18:00 schreef pbem <orders+roses-7@club.example>:"},
		{"portuguese", "Em ter., 25 de nov. de 2026 às 18:00, pbem <orders+roses-7@club.example> escreveu:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := "secret: tok\ncard: 3\n\n" + tc.header + "\n\nYOUR HAND\nsecret: ••••\ncard: 1\n"
			o := Extract(text)
			assert.Equal(t, "tok", o.Secret)
			assert.Equal(t, []Line{{2, "card: 3"}}, o.Lines)
			assert.Equal(t, 4, o.Cut)
		})
	}
}

func TestExtractNotReplyHeaders(t *testing.T) {
	// Lines that merely look a little like reply headers stay orders.
	text := "On turn 3 retreat to Kent\n" +
		"from: Calais\n" +
		"to: Kent\n" +
		"move A -> B: Warwick wrote a letter\n" +
		"Le roi marche\n" +
		"____\n" +
		"-- reply --\n"
	o := Extract(text)
	assert.Zero(t, o.Cut)
	assert.Equal(t, []string{"On turn 3 retreat to Kent", "from: Calais", "to: Kent",
		"move A -> B: Warwick wrote a letter", "Le roi marche", "____"}, texts(o.Lines))
}

func TestExtractClosings(t *testing.T) {
	o := Extract("move A -> B\nmove C -> D\n\nCheers,\nAnne\n\nSent from my iPhone\n")
	assert.Equal(t, []string{"move A -> B", "move C -> D"}, texts(o.Lines))
	assert.Equal(t, []Line{{4, "Cheers,"}, {5, "Anne"}, {7, "Sent from my iPhone"}}, o.Ignored)

	for _, c := range []string{"Best regards,", "Kind regards", "Thanks!", "Mit freundlichen Grüßen", "Cordialement,", "Saludos", "Cordiali saluti", "Liebe Grüße"} {
		o = Extract("move A -> B\n" + c + "\nRichard of Gloucester\n")
		assert.Equal(t, []string{"move A -> B"}, texts(o.Lines), c)
	}
	for _, f := range []string{"Sent from my Galaxy", "Get Outlook for Android", "Envoyé de mon iPhone", "Von meinem iPhone gesendet", "Enviado desde mi iPhone", "Inviato da iPhone"} {
		o = Extract("move A -> B\n" + f + "\n")
		assert.Equal(t, []string{"move A -> B"}, texts(o.Lines), f)
	}
	// A valediction followed by more than a short signature is not a closing.
	o = Extract("Thanks\nmove A -> B\nmove C -> D\nmove E -> F\nmove G -> H\n")
	assert.Len(t, o.Lines, 5)
	assert.Empty(t, o.Ignored)
	// A long line is never a closing.
	o = Extract("move A -> B\nthanks for the game, here is a long line that is an order\n")
	assert.Len(t, o.Lines, 2)
}

func TestExtractLineNumbers(t *testing.T) {
	text := strings.Repeat("\n", 9) + "move A -> B\n"
	assert.Equal(t, []Line{{10, "move A -> B"}}, Extract(text).Lines)
	assert.Empty(t, Extract("").Lines)
	assert.Empty(t, Extract("\n\n  \n").Lines)
}

func TestExtractControlCharactersReadAsSpaces(t *testing.T) {
	o := Extract("secret: ab\x00cd\nentropy: a\x00b\x01c\x7f\npick\x002\n")
	assert.Equal(t, []string{"a b c"}, o.Entropy)
	assert.Len(t, o.Lines, 1)
	assert.Equal(t, "pick 2", o.Lines[0].Text)
	for _, l := range o.Lines {
		assert.NotContains(t, l.Text, "\x00")
	}
}

// TestExtractOneLineSignOff: "Cheers, Alice" and the like, as the last
// line, are a closing, in every language pbem reads.
func TestExtractOneLineSignOff(t *testing.T) {
	for _, c := range []string{"Cheers, Alice", "Saludos, Pepe", "Thanks - Bob!", "Cordiali saluti, Maria Rossi", "Ciao, Luca", "Best, Richard of Gloucester", "Regards Anne."} {
		o := Extract("move A -> B\nmove C -> D\n" + c + "\n")
		assert.Equal(t, []string{"move A -> B", "move C -> D"}, texts(o.Lines), c)
		assert.Equal(t, []Line{{3, c}}, o.Ignored, c)
	}
	// Not the last line, or more than a name after the valediction: an order.
	o := Extract("Cheers, Alice\nmove A -> B\n")
	assert.Equal(t, []string{"Cheers, Alice", "move A -> B"}, texts(o.Lines))
	o = Extract("move A -> B\nthanks, move all blocks to London now\n")
	assert.Len(t, o.Lines, 2)
}

// TestExtractBareName: a last line that is only the sender's name (display
// name, its first word, the address's local part) is a signature.
func TestExtractBareName(t *testing.T) {
	m := &Message{From: "pepe.garcia@club.example", FromName: "Pepe García", Text: "move A -> B\nPepe\n"}
	o := ExtractFrom(m)
	assert.Equal(t, []string{"move A -> B"}, texts(o.Lines))
	assert.Equal(t, []Line{{2, "Pepe"}}, o.Ignored)
	for _, last := range []string{"pepe garcía", "Pepe García", "pepe.garcia", "-- Pepe", "Pepe."} {
		m.Text = "move A -> B\n" + last + "\n"
		assert.Equal(t, []string{"move A -> B"}, texts(ExtractFrom(m).Lines), last)
	}
	// Someone else's name is not the sender's signature: the game judges it.
	m.Text = "move A -> B\nWarwick\n"
	assert.Equal(t, []string{"move A -> B", "Warwick"}, texts(ExtractFrom(m).Lines))
	// Without the sender's names, a bare name stays an order line.
	assert.Equal(t, []string{"move A -> B", "Pepe"}, texts(Extract("move A -> B\nPepe\n").Lines))
	assert.Equal(t, []string{"alice smith", "alice", "asmith"}, SenderNames("Alice Smith", "asmith@x.example"))
}

// TestExtractKeywordsInEveryLanguage: the platform's keywords are read in
// English, Spanish and Italian.
func TestExtractKeywordsInEveryLanguage(t *testing.T) {
	o := Extract("secreto: abcd-efgh\nInforme\nmove A -> B\n")
	assert.Equal(t, "abcd-efgh", o.Secret)
	assert.True(t, o.Report)
	o = Extract("segreto abcd\naiuto\npartita: Roses-2\nentropía: dado\nlingua italiano\n")
	assert.Equal(t, "abcd", o.Secret)
	assert.True(t, o.Help)
	assert.Equal(t, "roses-2", o.Game)
	assert.Equal(t, []string{"dado"}, o.Entropy)
	assert.Equal(t, "italiano", o.Language)
	o = Extract("idioma: es\ncomprobar\nrapporto\n")
	assert.Equal(t, "es", o.Language)
	assert.True(t, o.Check)
	assert.True(t, o.Report)
	o = Extract("language\n")
	assert.Equal(t, []Line{{1, "language"}}, o.Bad)
	assert.True(t, SubjectCheck("Re: [roses-1] verifica"))
	// A keyword with more words after it is still an order.
	o = Extract("informe Essex\n")
	assert.Equal(t, []string{"informe Essex"}, texts(o.Lines))
}
