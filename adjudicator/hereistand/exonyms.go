package hereistand

import "strings"

// exonyms are the Spanish and Italian names of spaces and sea zones
// whose printed names are English, by printed name: orders may name a
// place either way ("build regular in Parigi", "move 2 from Viena to
// Linz"). Reports keep the printed names. Names that read the same in
// English are left out.
var exonyms = map[string][]string{
	// spaces
	"Edinburgh": {"Edimburgo"}, "Wales": {"Gales", "Galles"}, "London": {"Londres", "Londra"},
	"Bordeaux": {"Burdeos"}, "Rouen": {"Ruan"}, "Toulouse": {"Tolosa"}, "Paris": {"París", "Parigi"},
	"Dijon": {"Digione"}, "Lyon": {"Lione"}, "Avignon": {"Aviñón", "Avignone"}, "Marseille": {"Marsella", "Marsiglia"},
	"Antwerp": {"Amberes", "Anversa"}, "Brussels": {"Bruselas", "Bruxelles"}, "Liege": {"Lieja", "Liegi"},
	"Besançon": {"Besanzón", "Besanzone"}, "Geneva": {"Ginebra", "Ginevra"}, "Nice": {"Niza", "Nizza"},
	"Corunna": {"La Coruña", "La Corogna"}, "Seville": {"Sevilla", "Siviglia"}, "Gibraltar": {"Gibilterra"},
	"Granada": {"Granata"}, "Navarre": {"Navarra"}, "Zaragoza": {"Saragozza"}, "Barcelona": {"Barcellona"},
	"Hamburg": {"Hamburgo", "Amburgo"}, "Bremen": {"Brema"}, "Stettin": {"Stettino"},
	"Magdeburg": {"Magdeburgo"}, "Brandenburg": {"Brandeburgo"}, "Cologne": {"Colonia"}, "Leipzig": {"Lipsia"},
	"Trier": {"Tréveris", "Treviri"}, "Mainz": {"Maguncia", "Magonza"}, "Nuremberg": {"Núremberg", "Norimberga"},
	"Regensburg": {"Ratisbona"}, "Vienna": {"Viena"}, "Strasburg": {"Estrasburgo", "Strasburgo"},
	"Augsburg": {"Augsburgo", "Augusta"}, "Salzburg": {"Salzburgo", "Salisburgo"}, "Basel": {"Basilea"},
	"Zürich": {"Zúrich", "Zurigo"}, "Turin": {"Turín", "Torino"}, "Milan": {"Milán", "Milano"},
	"Trent": {"Trento"}, "Venice": {"Venecia", "Venezia"}, "Genoa": {"Génova", "Genova"},
	"Florence": {"Florencia", "Firenze"}, "Rome": {"Roma"}, "Naples": {"Nápoles", "Napoli"},
	"Oran": {"Orán", "Orano"}, "Algiers": {"Argel", "Algeri"}, "Tunis": {"Túnez", "Tunisi"},
	"Breslau": {"Breslavia"}, "Prague": {"Praga"}, "Pressburg": {"Presburgo"}, "Belgrade": {"Belgrado"},
	"Bucharest": {"Bucarest"}, "Nicopolis": {"Nicópolis", "Nicopoli"}, "Edirne": {"Adrianópolis", "Adrianopoli"},
	"Istanbul": {"Estambul"}, "Salonika": {"Salónica", "Salonicco"}, "Athens": {"Atenas", "Atene"},
	"Corfu": {"Corfú", "Corfù"}, "Rhodes": {"Rodas", "Rodi"},
	// sea zones
	"Irish Sea": {"Mar de Irlanda", "Mare d'Irlanda"}, "North Sea": {"Mar del Norte", "Mare del Nord"},
	"Baltic Sea": {"Mar Báltico", "Mar Baltico"}, "English Channel": {"Canal de la Mancha", "Canale della Manica"},
	"Bay of Biscay": {"Golfo de Vizcaya", "Golfo di Biscaglia"}, "Atlantic Ocean": {"Océano Atlántico", "Oceano Atlantico"},
	"Gulf of Lyon": {"Golfo de León", "Golfo del Leone"}, "Barbary Coast": {"Costa de Berbería", "Costa di Barberia"},
	"Tyrrhenian Sea": {"Mar Tirreno"}, "Ionian Sea": {"Mar Jónico", "Mar Ionio"},
	"North African Coast": {"Costa norteafricana", "Costa nordafricana"}, "Aegean Sea": {"Mar Egeo"},
	"Black Sea": {"Mar Negro", "Mar Nero"}, "Adriatic Sea": {"Mar Adriático", "Mare Adriatico"},
}

// leaderExonyms are the Spanish and Italian names of the army and naval
// leaders, by printed name, read as exonyms are ("with Carlos V").
var leaderExonyms = map[string][]string{
	"Suleiman": {"Solimán", "Solimano"}, "Ibrahim Pasha": {"Ibrahim Bajá", "Ibrahim Pascià"},
	"Charles V": {"Carlos V", "Carlo V"}, "Duke of Alva": {"Duque de Alba", "Duca d'Alba"},
	"Ferdinand": {"Fernando", "Ferdinando"}, "Henry VIII": {"Enrique VIII", "Enrico VIII"},
	"Francis I": {"Francisco I", "Francesco I"}, "Henry II": {"Enrique II", "Enrico II"},
	"John Frederick": {"Juan Federico", "Giovanni Federico"}, "Philip of Hesse": {"Felipe de Hesse", "Filippo d'Assia"},
	"Maurice of Saxony":                 {"Mauricio de Sajonia", "Maurizio di Sassonia"},
	"Renegade Leader (Charles Bourbon)": {"Carlos de Borbón", "Carlo di Borbone"},
	"Barbarossa":                        {"Barbarroja"},
}

// placeAliases are the other names orders may give a place printed as
// name: its Spanish and Italian names, and each name with its accents
// left off ("Zurich", "Orleans", "Paris" for París).
func placeAliases(name string) []string { return otherNames(name, exonyms) }

// leaderAliases are the other names orders may give a leader printed as
// name, as placeAliases does for places.
func leaderAliases(name string) []string { return otherNames(name, leaderExonyms) }

// otherNames are name's names in table and each of these and name with
// its accents left off.
func otherNames(name string, table map[string][]string) []string {
	var out []string
	for _, n := range append([]string{name}, table[name]...) {
		if f := foldAccents(n); f != n {
			out = append(out, f)
		}
		if n != name {
			out = append(out, n)
		}
	}
	return out
}

// foldAccents writes the accented letters of s without their accents.
func foldAccents(s string) string {
	return strings.Map(func(r rune) rune {
		if f, ok := accentFold[r]; ok {
			return f
		}
		return r
	}, s)
}

var accentFold = map[rune]rune{
	'á': 'a', 'à': 'a', 'â': 'a', 'ä': 'a', 'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e',
	'í': 'i', 'ì': 'i', 'î': 'i', 'ï': 'i', 'ó': 'o', 'ò': 'o', 'ô': 'o', 'ö': 'o',
	'ú': 'u', 'ù': 'u', 'û': 'u', 'ü': 'u', 'ñ': 'n', 'ç': 'c',
	'Á': 'A', 'É': 'E', 'Í': 'I', 'Ó': 'O', 'Ú': 'U', 'Ü': 'U', 'Ñ': 'N', 'Ç': 'C',
}
