package store

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func TestLeagueRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	l := &League{Name: "spring", GameName: "richard-iii", Format: "swiss", Rounds: 3,
		Players: []string{"a@x", "b@x", "c@x"}, Forbidden: [][2]string{{"a@x", "b@x"}}, GM: "gm@x", Created: at,
		Paired: []LeagueRound{{No: 1, At: at, Games: []LeagueGame{{ID: "spring-1-1", A: "a@x", B: "c@x", Done: true, ScoreA: 0.5, Finished: at}, {A: "b@x"}}}}}
	if err := db.Update(func(tx *Tx) error { return tx.PutLeague(l) }); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	// The bucket exists in a file opened read-only, and the league reads back.
	db, err = Open(path, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.View(func(tx *Tx) error {
		got, err := tx.League("spring")
		if err != nil {
			return err
		}
		if got.Paired[0].Games[0].ScoreA != 0.5 || !got.Paired[0].Games[0].Finished.Equal(at) || got.Forbidden[0][1] != "b@x" {
			t.Errorf("read back %+v", got)
		}
		all, err := tx.Leagues()
		if err != nil || len(all) != 1 {
			t.Errorf("Leagues = %d, %v", len(all), err)
		}
		if _, err := tx.League("autumn"); !errors.Is(err, ErrNotFound) {
			t.Errorf("missing league: %v", err)
		}
		if err := tx.PutLeague(l); err == nil {
			t.Error("PutLeague in a read-only transaction succeeded")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestLeagueDeleteAndBadNames(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "pbem.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *Tx) error {
		if err := tx.PutLeague(&League{Name: ""}); !errors.Is(err, ErrInvalid) {
			t.Errorf("empty name: %v", err)
		}
		if err := tx.PutLeague(&League{Name: "a\nb"}); !errors.Is(err, ErrInvalid) {
			t.Errorf("newline in name: %v", err)
		}
		if err := tx.PutLeague(&League{Name: "x"}); err != nil {
			return err
		}
		if err := tx.DeleteLeague("x"); err != nil {
			return err
		}
		if err := tx.DeleteLeague("x"); !errors.Is(err, ErrNotFound) {
			t.Errorf("second delete: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
