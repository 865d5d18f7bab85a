package hexbattle

import (
	"strings"

	"github.com/pbem/pbem/adjudicator"
)

// Orders in Spanish and Italian. A player may write an order's keywords
// in his language: the verb first ("mover", "muovi"), then the words that
// link its parts ("a"/"contro" for at, "prefiere"/"preferisci" for
// prefer, "frente"/"fronte" for front, "invertir"/"inverti" for
// reverse). Unit and leader ids, hexes and modes are written as the
// scenario pack gives them. The line is read exactly as its English
// order, and the accepted orders are echoed and logged in canonical
// English. Game logs keep the lines as written and replaying a record
// applies them again, so a word once listed here is never removed nor
// given another meaning.
//
// docs/games/crecy-navarette-packs.md lists these words.

// verbAliases maps a Spanish or Italian verb to the English verb it
// stands for.
var verbAliases = map[string]string{
	// Spanish (the rulebook's words where it has them: Fase de
	// Movimiento, Combate de Disparo, Cuerpo a Cuerpo, dispersión)
	"mover": "move", "mueve": "move", "muevo": "move",
	"modo": "mode", "cambiar": "mode", "cambia": "mode",
	"entrar": "enter", "entra": "enter", "entro": "enter",
	"quedarse": "stay", "queda": "stay", "quieto": "stay",
	"seguir": "follow", "sigue": "follow", "sigo": "follow",
	"dispersión": "rout", "dispersion": "rout", "retirada": "rout",
	"colocar": "place", "coloca": "place", "coloco": "place", "desplegar": "place", "despliega": "place",
	"disparar": "fire", "dispara": "fire", "disparo": "fire",
	"atacar": "attack", "ataca": "attack", "ataco": "attack",
	"hecho": "done", "terminar": "done", "fin": "done",
	"pasar": "pass", "paso": "pass", "pasa": "pass",

	// Italian (our translation)
	"muovi": "move", "muovere": "move", "muovo": "move",
	"modalità": "mode", "modalita": "mode", "cambio": "mode", // "modo" as in Spanish
	"entrare": "enter", // "entra" as in Spanish
	"resta":   "stay", "restare": "stay", "fermo": "stay",
	"segui": "follow", "seguire": "follow", "seguo": "follow",
	"rotta": "rout", "ritirata": "rout",
	"piazza": "place", "piazzare": "place", "colloca": "place", "schiera": "place",
	"tira": "fire", "tirare": "fire", "tiro": "fire", "spara": "fire",
	"attacca": "attack", "attaccare": "attack", "attacco": "attack",
	"fatto": "done", "fine": "done",
	"passa": "pass", "passare": "pass", "passo": "pass",
}

// wordAliases maps the other keywords of an order, each read only where
// its order has it: "at" after a firer, "prefer" in a rout order, "front"
// in a double's placement, "reverse" in a move's path.
var wordAliases = map[string]string{
	// Spanish
	"a": "at", "contra": "at", "sobre": "at",
	"prefiere": "prefer", "preferir": "prefer", "prefiero": "prefer", "hacia": "prefer",
	"frente":   "front",
	"invertir": "reverse", "invierte": "reverse", "media-vuelta": "reverse",

	// Italian
	"contro": "at", "su": "at",
	"preferisci": "prefer", "preferire": "prefer", "preferisco": "prefer", "verso": "prefer",
	"fronte":  "front",
	"inverti": "reverse", "invertire": "reverse", "dietrofront": "reverse",
}

// englishLine is line with its keywords in English when they are written
// in Spanish or Italian, else line itself (without allocating). isUnit
// tells a unit's id: a fire or melee order may leave its verb out ("E3 at
// F2"), so a first word that is a unit's id is never read as a verb.
func englishLine(line string, isUnit func(string) bool) string {
	first := firstWord(line)
	en, ok := verbAliases[strings.ToLower(first)]
	if !ok || (isUnit != nil && isUnit(first)) {
		return line // English keywords, or none: nothing to read
	}
	f := strings.Fields(line)
	f[0] = en
	kw := func(j int, want string) {
		if j < len(f) && wordAliases[strings.ToLower(f[j])] == want {
			f[j] = want
		}
	}
	switch en {
	case "fire":
		kw(2, "at") // fire ID at TARGET
	case "rout":
		kw(2, "prefer") // rout ID prefer HEX
	case "place":
		kw(3, "front") // place ID XXYY-XXYY front XXYY
	case "move":
		for j := 2; j < len(f); j++ {
			kw(j, "reverse") // move ID HEX ... reverse ...
		}
	}
	return strings.Join(f, " ")
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
func (s *St) englishLines(sub adjudicator.Submission) adjudicator.Submission {
	var lines []adjudicator.Line
	isUnit := func(id string) bool { return s.unit(id) != nil }
	for i, l := range sub.Lines {
		if e := englishLine(l.Text, isUnit); e != l.Text {
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
