package hammer

import "github.com/pbem/pbem/adjudicator/orders"

// Order verbs in Spanish and Italian. A player may write the verb of any
// order in his language; the rest of the line (names, "->", ":") is
// written as in English. The line is read exactly as its English order,
// and the accepted orders are echoed in canonical English. Game logs keep
// the lines as the player wrote them and replaying a record applies them
// again, so a word once listed here is never removed nor given another
// meaning.
//
// docs/games/hammer-of-the-scots.md lists these words.

// verbAliases maps a Spanish or Italian verb to the English verb it
// stands for.
var verbAliases = map[string]string{
	// Spanish
	"carta": "card", "jugar": "play", "juego": "play",
	"mover": "move", "mueve": "move", "muevo": "move",
	"mar":   "sea",
	"pasar": "pass", "paso": "pass",
	"hecho":   "done",
	"batalla": "battle", "batallas": "battles",
	"impactos":  "hits",
	"reagrupar": "regroup", "reagrupa": "regroup",
	"principal": "main",
	"ignorar":   "ignore",
	"saquear":   "pillage", "saqueo": "pillage",
	"heraldo": "herald",
	"viveres": "victuals", "víveres": "victuals",
	"tregua":     "truce",
	"coronacion": "coronation", "coronación": "coronation",
	"casa":     "home",
	"quedarse": "stay", "quedar": "stay",
	"invernar": "winter",
	"disolver": "disband",
	"sacar":    "draw",
	"refuerzo": "step",
	"volver":   "return",
	"perder":   "lose", "pierde": "lose",
	"rey": "king",

	// battle answers
	"disparar": "fire", "dispara": "fire",
	"retirada": "retreat", "retirar": "retreat", "retirarse": "retreat",
	"impactar":  "hit",
	"preguntar": "ask",
	"orden":     "order",

	// Italian
	"gioca": "play", "gioco": "play",
	"muovi": "move", "muovere": "move", "muovo": "move",
	"mare":  "sea",
	"passa": "pass", "passo": "pass",
	"fatto":     "done",
	"battaglia": "battle", "battaglie": "battles",
	"colpi":     "hits",
	"raggruppa": "regroup", "raggruppare": "regroup",
	"principale": "main",
	"ignora":     "ignore",
	"saccheggia": "pillage", "saccheggio": "pillage",
	"araldo":        "herald",
	"viveri":        "victuals",
	"incoronazione": "coronation",
	"resta":         "stay", "restare": "stay",
	"sverna": "winter", "svernare": "winter",
	"sciogli":  "disband",
	"pesca":    "draw",
	"rinforzo": "step",
	"ritorna":  "return", "torna": "return",
	"perdi": "lose", "perdere": "lose",
	"re": "king",

	// battle answers
	"spara": "fire", "tira": "fire",
	"ritirata": "retreat", "ritira": "retreat", "ritirati": "retreat",
	"colpisci": "hit",
	"chiedi":   "ask",
	"ordine":   "order",
}

// verbOf splits a line into its verb, in English, and the rest (see
// orders.Verb): a Spanish or Italian verb is read as its English verb.
func verbOf(line string) (verb, rest string) {
	verb, rest = orders.Verb(line)
	if isEnglishVerb(verb) {
		return verb, rest // the common case, without a look-up
	}
	if en, ok := verbAliases[verb]; ok {
		verb = en
	}
	return verb, rest
}

// isEnglishVerb reports whether v is one of the English verbs orders
// use most; none is a key of verbAliases (TestEnglishVerbsAreNotAliases).
func isEnglishVerb(v string) bool {
	switch v {
	case "card", "move", "pass", "battle", "battles", "hits", "regroup", "step", "draw",
		"home", "stay", "fire", "retreat", "hit", "ask", "ignore", "king", "wallace",
		"edward", "raid", "sea", "truce", "herald", "pillage", "victuals", "coronation":
		return true
	}
	return false
}

// englishVerb is line with its verb in English when it is written in
// Spanish or Italian (verbAliases), else line itself.
func englishVerb(line string) string {
	v, rest := orders.Verb(line)
	if en, ok := verbAliases[v]; ok {
		return en + " " + rest
	}
	return line
}
