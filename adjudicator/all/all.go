// Package all links every game into a binary: import it for its side
// effects.
package all

import (
	_ "github.com/pbem/pbem/adjudicator/hammer"     // Hammer of the Scots
	_ "github.com/pbem/pbem/adjudicator/hereistand" // Here I Stand
	_ "github.com/pbem/pbem/adjudicator/hexbattle"  // Crécy and Navarette, from a scenario pack
	_ "github.com/pbem/pbem/adjudicator/richard3"   // Richard III
)
