package store

import (
	"path/filepath"
	"testing"
)

func TestAddressLang(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *Tx) error {
		if err := tx.SetAddressLang("Ana@Club.Example", "es"); err != nil {
			return err
		}
		if err := tx.SetAddressLang("bo@club.example", "it"); err != nil {
			return err
		}
		if err := tx.SetAddressLang("bo@club.example", "en"); err != nil {
			return err
		}
		return tx.SetAddressLang("", "es") // ignored
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *Tx) error {
		for addr, want := range map[string]string{"ana@club.example": "es", " ANA@club.example ": "es", "bo@club.example": "", "nobody@x": "", "": ""} {
			if got := tx.AddressLang(addr); got != want {
				t.Errorf("AddressLang(%q) = %q, want %q", addr, got, want)
			}
		}
		if n := db.GamesDecoded(); n != 0 {
			t.Errorf("decoded %d games", n)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
