package hereistand

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Orders in Spanish and Italian. A player may write the keywords of any
// order in his language: the verb first ("mover", "muovi"), then the
// words that link its parts ("de"/"da" for from, "a" for to, "con" for
// with, "por"/"per" for for) and the unit words ("regulares",
// "mercenari"). Names of spaces, leaders and cards are written as printed.
// The line is read exactly as its English order, and the accepted orders
// are echoed in canonical English. Game logs keep the lines as written
// and replaying a record applies them again, so a word once listed here
// is never removed nor given another meaning.
//
// docs/games/here-i-stand.md lists these words.

// verbAliases maps a Spanish or Italian verb to the English verb it
// stands for (see verbTable).
var verbAliases = map[string]string{
	// Spanish (the rulebook's words where it has them)
	"jugar": "play", "juega": "play", "juego": "play",
	"pasar": "pass", "paso": "pass", "pasa": "pass",
	"mover": "move", "mueve": "move", "muevo": "move",
	"construir": "build", "construye": "build", "reclutar": "build", "recluta": "build", "comprar": "buy", "compra": "buy",
	"controlar": "control", "controla": "control",
	"eliminar": "remove", "quitar": "remove",
	"asaltar": "assault", "asalta": "assault", "asalto": "assault",
	"hecho": "done", "terminar": "done",
	"interceptar": "intercept", "intercepta": "intercept",
	"rechazar": "decline", "declinar": "decline",
	"evitar": "avoid", "evita": "avoid",
	"quedarse": "stand", "resistir": "stand", "combatir": "fight",
	"refugiarse": "withdraw", "refugia": "withdraw",
	"retirarse": "retreat", "retirada": "retreat", "retira": "retreat",
	"retroceder": "fallback", "seguir": "continue", "continuar": "continue",
	"desplegar": "deploy", "despliega": "deploy", "despliego": "deploy",
	"perder": "lose", "pierde": "lose", "pierdo": "lose",
	"transportar": "transport", "transporta": "transport",
	"comprometer": "commit",
	"movimiento":  "naval", // "movimiento naval", the rulebook's naval move
	"publicar":    "publish", "publica": "publish", "traducir": "translate", "traduce": "translate",
	"debatir": "debate", "debate": "debate", "quemar": "burn", "quema": "burn", "fundar": "found", "funda": "found",
	"objetivo": "target", "convertir": "target", "convierte": "target", "san": "st",
	"no":       "no", // "no despliegue", "no schieramento"
	"declarar": "declare", "declara": "declare", "declaro": "declare", "pagar": "pay", "pago": "pay",
	"intervenir": "intervene", "intervengo": "intervene", "interviene": "intervene",
	"pedir": "sue", "pido": "sue", "recobrar": "regain", "recobra": "regain", "recuperar": "recover", "recupera": "recover",
	"rescatar": "ransom", "rescata": "ransom",
	"proponer": "propose", "propongo": "propose", "confirmar": "confirm", "confirmo": "confirm", "confirma": "confirm",
	"donar": "donate", "dono": "donate", "levantar": "lift", "aliar": "ally", "aliarse": "ally", "dar": "give", "doy": "give", "devolver": "return", "devuelve": "return", "cartas": "cards",
	"prestar": "loan", "presto": "loan",
	"colonizar": "colonize", "coloniza": "colonize", "explorar": "explore", "explora": "explore", "conquistar": "conquer", "conquista": "conquer",
	"piratería": "piracy", "pirateria": "piracy", "piratear": "piracy", // "pirateria" in Italian too
	"enviar": "send", "envía": "send", "envio": "send", "envío": "send", "invia": "send", "inviare": "send", "luchar": "fight", "lucha": "fight",

	// Italian (our translation)
	"gioca": "play", "giocare": "play", "gioco": "play",
	"passa": "pass", "passare": "pass", "passo": "pass",
	"muovi": "move", "muovere": "move", "muovo": "move",
	"costruisci": "build", "costruire": "build", "reclutare": "build", "assolda": "buy", // "compra" as in Spanish
	"controlla": "control", "controllare": "control",
	"rimuovi": "remove", "togli": "remove",
	"assalta": "assault", "assaltare": "assault", "assalto": "assault",
	"fatto": "done", "fine": "done",
	"intercetta": "intercept", "intercettare": "intercept",
	"rifiuta": "decline", "declina": "decline",
	"evitare": "avoid", // "evita" as in Spanish
	"resta":   "stand", "resisti": "stand", "combatti": "fight",
	"riparati": "withdraw", "rifugiati": "withdraw",
	"ritirati": "retreat", "ritirata": "retreat", "ritira": "retreat",
	"ripiega": "fallback", "ripiegare": "fallback", "prosegui": "continue", "continua": "continue",
	"schiera": "deploy", "schierare": "deploy", "schiero": "deploy",
	"perdi": "lose", "perdere": "lose", "perdo": "lose",
	"trasporta": "transport", "trasportare": "transport",
	"impegna":   "commit",
	"movimento": "naval", // "movimento navale"
	"pubblica":  "publish", "pubblicare": "publish", "traduci": "translate", "tradurre": "translate",
	"dibatti": "debate", "dibattito": "debate", "brucia": "burn", "bruciare": "burn", "fonda": "found", "fondare": "found",
	"bersaglio": "target", "converti": "target",
	"dichiara": "declare", "dichiarare": "declare", "dichiaro": "declare", "paga": "pay", "pagare": "pay",
	"intervieni": "intervene", "intervenire": "intervene", // "interviene" as in Spanish
	"chiedi": "sue", "chiedere": "sue", "riconquista": "regain", "riconquistare": "regain", "recuperare": "recover", // "recupera" as in Spanish
	"riscatta": "ransom", "riscattare": "ransom",
	"proponi": "propose", "proporre": "propose", "conferma": "confirm", "confermare": "confirm", "confermo": "confirm",
	"dona": "donate", "donare": "donate", "revoca": "lift", "alleati": "ally", "allearsi": "ally", "dai": "give", "cedi": "give", "restituisci": "return", "carte": "cards", "pace": "peace",
	"presta": "loan", "prestare": "loan", // "presta" in Spanish too
	"colonizza": "colonize", "colonizzare": "colonize", "esplora": "explore", "esplorare": "explore", "conquistare": "conquer", // "conquista" as in Spanish
}

// wordAliases maps the other keywords of an order.
var wordAliases = map[string]string{
	// Spanish
	"de": "from", "desde": "from", "a": "to", "hacia": "to", "con": "with", "en": "in", "por": "for", "vía": "via",
	"batalla": "battle", "regular": "regular", "regulares": "regulars", "mercenario": "mercenary", "mercenarios": "mercenaries",
	"caballería": "cavalry", "caballeria": "cavalry", "escuadrón": "squadron", "escuadron": "squadron", "escuadrones": "squadrons",
	"corsario": "corsair", "corsarios": "corsairs", "todo": "all", "todos": "all", "todas": "all",
	"ninguno": "none", "ninguna": "none", "nada": "none", "evento": "event", "despliegue": "deployment",
	"tesis": "theses", "disturbios": "unrest", "naval": "move",
	"tratado": "treatise", "libros": "books", "pedro": "peters", "universidad": "university", "jesuita": "jesuit",
	"guerra": "war", "contra": "against", "paz": "peace", "pv": "vp", "carta": "card", "y": "and",
	"comprometido": "committed", "comprometidos": "committed", "alemana": "german", "francesa": "french", "inglesa": "english",
	"pagar": "pay", "pagando": "pay", // "intervenir pagar 6"

	// Italian
	"da": "from", "verso": "to", "per": "for",
	"battaglia": "battle", "regolare": "regular", "regolari": "regulars", "mercenari": "mercenaries",
	"cavalleria": "cavalry", "squadra": "squadron", "squadre": "squadrons", "corsaro": "corsair", "corsari": "corsairs",
	"tutto": "all", "tutti": "all", "tutte": "all", "nessuno": "none", "nessuna": "none",
	"schieramento": "deployment", "tesi": "theses", "disordini": "unrest", "navale": "move",
	"trattato": "treatise", "libri": "books", "pietro": "peters", "università": "university", "universita": "university",
	"contro":  "against", // "guerra" as in Spanish
	"gesuita": "jesuit", "impegnato": "committed", "impegnati": "committed",
	"paga": "pay", "pagare": "pay", // "intervieni paga 6"
	"extranjera": "foreign", "estera": "foreign", // "guerra extranjera", "guerra estera"
}

// englishLine is line with its keywords in English when they are written
// in Spanish or Italian, else line itself. An optional "power:" prefix
// (a seat of two powers) stays. Card names follow "play", so only "for",
// "event" and "theses" are read in a card play.
func englishLine(line string) string {
	if head, rest, ok := strings.Cut(line, ":"); ok {
		if isPowerName(strings.TrimSpace(head)) {
			if e := englishLine(strings.TrimSpace(rest)); e != strings.TrimSpace(rest) {
				return head + ": " + e
			}
			return line
		}
	}
	first := firstWord(line)
	if f := strings.ToLower(first); f == "auto" || f == "standing" {
		// A standing order: "auto no carta" as "auto no card".
		rest := strings.TrimSpace(line[strings.Index(line, first)+len(first):])
		if e := englishLine(rest); e != rest {
			return first + " " + e
		}
		return line
	}
	en, ok := verbAliases[strings.ToLower(first)]
	if !ok && strings.HasSuffix(first, ":") {
		// "proponer: ...", "proponi: ..." as "propose: ..."
		if en, ok = verbAliases[strings.ToLower(strings.TrimSuffix(first, ":"))]; ok {
			en += ":"
		}
	}
	if !ok {
		return line // English keywords, or none: nothing to read
	}
	if en == "no" {
		if _, ok := wordAliases[strings.ToLower(firstWord(line[strings.Index(line, first)+len(first):]))]; !ok {
			return line // "no deployment" in English
		}
	}
	f := strings.Fields(line)
	f[0] = en
	for j := 1; j < len(f); j++ {
		e, ok := wordAliases[strings.ToLower(f[j])]
		if en == "naval" && j == 1 && (e == "move" || e == "naval") {
			f[j] = "move" // "movimiento naval": naval move
			continue
		}
		if e == "move" {
			continue // "naval", "navale" after anything else
		}
		if !ok || (en == "play" && e != "for" && e != "event" && e != "theses") {
			continue
		}
		if e == "to" && en == "build" {
			e = "in" // "construir ... a Lyon", "costruisci ... a Lione"
		}
		f[j] = e
	}
	return strings.Join(f, " ")
}

// isPowerName reports whether s names a major power as linePower reads
// it, without allocating (card names hold colons too).
func isPowerName(s string) bool {
	for p := 0; p < NMajor; p++ {
		if strings.EqualFold(s, powers[p].ID) || strings.EqualFold(s, powers[p].Name) {
			return true
		}
		for _, a := range powerAliases[p] {
			if strings.EqualFold(s, a) {
				return true
			}
		}
	}
	return false
}

// firstWord is the first word of s, without allocating.
func firstWord(s string) string {
	s = strings.TrimLeft(s, " \t")
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

// englishLines applies englishLine to every line of sub, in a copy.
func englishLines(sub adjudicator.Submission) adjudicator.Submission {
	var lines []adjudicator.Line
	for i, l := range sub.Lines {
		if e := englishLine(l.Text); e != l.Text {
			if lines == nil {
				lines = append([]adjudicator.Line(nil), sub.Lines...)
			}
			lines[i].Text = e
		}
	}
	if lines != nil {
		sub.Lines = lines
	}
	return sub
}
