package judge

import "github.com/pbem/pbem/store"

// rememberLang records seat p's language under its address and aliases
// in the store's address index, so that mail from them naming no game
// (or one they do not play in) is answered in that language without
// reading their games. With keepOld, an unset language leaves what the
// addresses chose elsewhere.
func rememberLang(tx *store.Tx, p *store.Player, keepOld bool) error {
	if p == nil || p.Lang == "" && keepOld {
		return nil
	}
	for _, a := range append([]string{p.Email}, p.Aliases...) {
		if err := tx.SetAddressLang(a, p.Lang); err != nil {
			return err
		}
	}
	return nil
}

// addressLang is the language of a reply to addr when it cannot be told
// from a seat: the one addr last chose, English when none.
func addressLang(tx *store.Tx, addr string) string {
	return seatLang(&store.Player{Lang: tx.AddressLang(addr)})
}
