package store

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
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

// A game's league is found through the index PutLeague keeps, and, for a
// league stored before the index, from the game's ID.
func TestGameLeague(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "pbem.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	l := &League{Name: "autumn", GameName: "richard-iii", Format: "roundrobin", Players: []string{"a@x", "b@x"}, GM: "gm@x",
		Paired: []LeagueRound{{No: 1, Games: []LeagueGame{{ID: "odd-name", A: "a@x", B: "b@x"}}}}}
	old := &League{Name: "old", GameName: "richard-iii", Format: "roundrobin", Players: []string{"a@x", "b@x"}, GM: "gm@x",
		Paired: []LeagueRound{{No: 1, Games: []LeagueGame{{ID: "old-r1-1", A: "a@x", B: "b@x"}}}}}
	err = db.Update(func(tx *Tx) error {
		if err := tx.PutLeague(l); err != nil {
			return err
		}
		// As the previous release stored it: no index entry.
		return putJSON(tx.tx.Bucket(bucketLeagues), []byte(old.Name), old)
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *Tx) error {
		for id, want := range map[string]string{"odd-name": "autumn", "old-r1-1": "old", "old-r2-1": "", "nobody": "", "autumn-r1-1": ""} {
			got, err := tx.GameLeague(id)
			if err != nil {
				return err
			}
			if name := map[bool]string{true: ""}[got == nil]; got != nil {
				name = got.Name
				if got.Game(id) == nil {
					t.Errorf("%s: league %s without the game", id, name)
				}
			} else if want != "" {
				t.Errorf("%s: no league, want %s", id, want)
			} else {
				continue
			}
			if got.Name != want {
				t.Errorf("%s: league %s, want %q", id, got.Name, want)
			}
		}
		if err := tx.DeleteLeague("autumn"); err != nil {
			return err
		}
		if got, err := tx.GameLeague("odd-name"); err != nil || got != nil {
			t.Errorf("after delete: %v %v", got, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestLeagueVacationLedger(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "pbem.db"), Options{NoSync: true})
	require.NoError(t, err)
	defer db.Close()
	l := &League{Name: "spring", GameName: "richard-iii", Format: "swiss", Players: []string{"a@x", "b@x"}, GM: "gm@x",
		VacationDays: 10, Subs: []LeagueSub{{Addr: "s@x", Lang: "it"}}}
	require.NoError(t, db.Update(func(tx *Tx) error {
		require.NoError(t, tx.PutLeague(l))
		n, err := tx.ChargeLeagueVacation("spring", "A@x", []string{"2026-12-31", "2027-01-01"})
		require.NoError(t, err)
		require.Equal(t, 2, n)
		// A day charged by another game of the league costs nothing more.
		n, err = tx.ChargeLeagueVacation("spring", "a@x", []string{"2026-12-30", "2026-12-31"})
		require.NoError(t, err)
		require.Equal(t, 1, n)
		_, err = tx.ChargeLeagueVacation("spring", "a@x", []string{"31/12/2026"})
		require.ErrorIs(t, err, ErrInvalid)
		return nil
	}))
	require.NoError(t, db.View(func(tx *Tx) error {
		days, err := tx.LeagueVacationDays("spring", "a@x")
		require.NoError(t, err)
		require.Equal(t, []string{"2026-12-30", "2026-12-31", "2027-01-01"}, days)
		require.Equal(t, 2, VacationDaysIn(days, "2026"))
		require.Equal(t, 1, VacationDaysIn(days, "2027"))
		none, err := tx.LeagueVacationDays("spring", "b@x")
		require.NoError(t, err)
		require.Empty(t, none)
		got, err := tx.League("spring")
		require.NoError(t, err)
		require.Equal(t, 10, got.VacationDays)
		require.Equal(t, "it", got.Subs[0].Lang)
		return nil
	}))
	// Deleting the league deletes its ledger.
	require.NoError(t, db.Update(func(tx *Tx) error { return tx.DeleteLeague("spring") }))
	require.NoError(t, db.View(func(tx *Tx) error {
		days, err := tx.LeagueVacationDays("spring", "a@x")
		require.NoError(t, err)
		require.Empty(t, days)
		return nil
	}))
}
