package store

import "strings"

// The language each address last chose lives in its own bucket:
//
//	address_lang  address (lower case) → language code ("es", "it")
//
// It answers mail that names no game, an unknown game or a game the
// sender does not play in, in the sender's language, with one read and
// without decoding any of his games. The judge keeps it up to date
// wherever a seat's language is set or a seat changes address (game
// creation, the "language" line, the GM's "language ROLE LANG",
// "replace"). An address with no entry, or whose last choice was
// English, reads as "".
var bucketAddressLang = []byte("address_lang")

func init() { allBuckets = append(allBuckets, bucketAddressLang) }

// addrLangKey is the bucket key of addr, or nil for an address that
// cannot be a key.
func addrLangKey(addr string) []byte {
	addr = strings.ToLower(strings.TrimSpace(addr))
	if addr == "" || strings.ContainsAny(addr, "\x00\r\n") {
		return nil
	}
	return untrustedKey(addr)
}

// SetAddressLang records lang as the language of mail to addr (any
// case). An empty lang, or "en", forgets the entry: English is what an
// address without one gets.
func (t *Tx) SetAddressLang(addr, lang string) error {
	k := addrLangKey(addr)
	if k == nil {
		return nil
	}
	b, err := t.bucket(bucketAddressLang)
	if err != nil {
		return err
	}
	if lang == "" || lang == "en" {
		return b.Delete(k)
	}
	if err := checkKey("address language", lang); err != nil {
		return err
	}
	return b.Put(k, []byte(lang))
}

// AddressLang returns the language addr (any case) last chose, or "" when
// it chose none (or English). It reads one key and decodes no game.
func (t *Tx) AddressLang(addr string) string {
	k := addrLangKey(addr)
	b := t.tx.Bucket(bucketAddressLang)
	if k == nil || b == nil {
		return ""
	}
	return string(b.Get(k))
}
