package richard3

import "github.com/pbem/pbem/adjudicator/orders"

// Order verbs in Spanish and Italian. A player may write the verb of any
// order in his language; the rest of the line (names, "->", ":") is
// written as in English. The line is read exactly as its English order,
// and the accepted orders are echoed in canonical English. Game logs keep
// the lines as the player wrote them and replaying a record applies them
// again, so a word once listed here is never removed nor given another
// meaning.
//
// docs/games/richard-iii.md lists these words.

// verbAliases maps a Spanish or Italian verb to the English verb it
// stands for.
var verbAliases = map[string]string{
	// Spanish
	"mover": "move", "mueve": "move", "muevo": "move",
	"mar":      "sea",
	"reclutar": "recruit", "recluto": "recruit",
	"principal": "main",
	"batalla":   "battle", "batallas": "battles",
	"impactos":  "hits",
	"reagrupar": "regroup", "reagrupa": "regroup",
	"leva":     "muster",
	"peste":    "plague",
	"traicion": "treason", "traición": "treason",
	"ejecutar": "execute", "ejecuta": "execute",
	"pasar": "pass", "paso": "pass",
	"hecho": "done",
	"carta": "card", "jugar": "play", "juego": "play",
	"luchar": "fight", "lucha": "fight",
	"mantener": "keep", "mantengo": "keep",
	"robar":   "redraw",
	"casa":    "home",
	"fondo":   "pool",
	"colocar": "place", "coloca": "place",
	"perder": "lose", "pierde": "lose",

	// battle answers
	"disparar": "fire", "dispara": "fire",
	"retirada": "retreat", "retirar": "retreat", "retirarse": "retreat",
	"impactar": "hit",
	"quedarse": "stay", "quedar": "stay",
	"preguntar": "ask",
	"orden":     "order",

	// Italian
	"muovi": "move", "muovere": "move", "muovo": "move",
	"mare":    "sea",
	"recluta": "recruit", "reclutare": "recruit",
	"principale": "main",
	"battaglia":  "battle", "battaglie": "battles",
	"colpi":     "hits",
	"raggruppa": "regroup", "raggruppare": "regroup",
	"adunata":    "muster",
	"tradimento": "treason",
	"giustizia":  "execute", "giustiziare": "execute",
	"passa": "pass", "passo": "pass",
	"fatto": "done",
	"gioca": "play", "gioco": "play",
	"combatti": "fight", "combattere": "fight",
	"tieni": "keep", "tengo": "keep",
	"rimescola": "redraw", "pesca": "redraw",
	"deposito": "pool",
	"piazza":   "place", "piazzare": "place",
	"perdi": "lose", "perdere": "lose",
	// battle answers
	"spara": "fire", "tira": "fire",
	"ritirata": "retreat", "ritira": "retreat", "ritirati": "retreat",
	"colpisci": "hit",
	"resta":    "stay", "restare": "stay",
	"chiedi": "ask",
	"ordine": "order",
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
