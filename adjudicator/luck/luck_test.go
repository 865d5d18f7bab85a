package luck

import (
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/pbem/pbem/adjudicator/msg"
	"github.com/pbem/pbem/adjudicator/record"
	"github.com/pbem/pbem/mailer/i18n"
)

func vector(t *testing.T) *record.Record {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	rec, err := record.Load(filepath.Join(filepath.Dir(file), "..", "..", "tools", "testdata", "vector-record.json"))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// TestFitRedsTwentyDice: red's 20 d6 of the dice test vectors
// (docs/dice.md §5) are 5 1 1 3 3 1 4 4 1 5 5 2 3 5 6 3 1 1 1 6: faces 1
// to 6 come up 7, 1, 4, 2, 4, 2 times against 3⅓ expected, so
// χ² = (3⅔² + 2⅓² + ⅔² + 1⅓² + ⅔² + 1⅓²)/3⅓ = 7 with 5 degrees of
// freedom, p = 0.2206; the mean is 61/20 = 3.05.
func TestFitRedsTwentyDice(t *testing.T) {
	d := Fit(6, []int{7, 1, 4, 2, 4, 2})
	if d.Rolls != 20 || math.Abs(d.ChiSquare-7) > 1e-12 || d.DF != 5 || math.Abs(d.P-0.2206) > 0.00005 ||
		d.Mean != 3.05 || d.ExpectedMean != 3.5 || !d.FewRolls {
		t.Fatalf("Fit = %+v", d)
	}
	if d := Fit(6, []int{10, 10, 10, 10, 10, 10}); d.ChiSquare != 0 || d.P != 1 || d.FewRolls {
		t.Fatalf("even dice: %+v", d)
	}
}

func TestComputeVectorRecord(t *testing.T) {
	rec := vector(t)
	rep, err := Compute(rec)
	if err != nil {
		t.Fatal(err)
	}
	// Recount the public dice by their purpose's first word.
	want := map[string][]int{"red": make([]int, 6), "blue": make([]int, 6), All: make([]int, 6)}
	for _, d := range rec.Draws {
		if d.Stream == "public" {
			who, _, _ := strings.Cut(d.Purpose, " ")
			want[who][d.Result-1]++
			want[All][d.Result-1]++
		}
	}
	var roles []string
	for _, p := range rep.Players {
		roles = append(roles, p.Role)
		if len(p.Dice) != 1 || p.Dice[0].Sides != 6 || !slices.Equal(p.Dice[0].Counts, want[p.Role]) {
			t.Errorf("%s: %+v, want counts %v", p.Role, p.Dice, want[p.Role])
		}
	}
	if !slices.Equal(roles, []string{"red", "blue", All}) {
		t.Errorf("roles %v", roles)
	}
	if rep.ByPurpose != 28 || rep.ByEntry != 0 || rep.Unrevealed != 0 || rep.PublicUpTo != 3 {
		t.Errorf("report %+v", rep)
	}
	cat, err := i18n.New()
	if err != nil {
		t.Fatal(err)
	}
	english := func(m msg.M) string { return cat.Text("en", m) }
	var b strings.Builder
	if err := rep.Write(&b, english); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Luck report for game g7 (highroll): 28 public dice", "\nred\n", "d6, 22 rolls", "chi-square", "degrees of freedom", "\n    face        1"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("report text lacks %q:\n%s", s, b.String())
		}
	}

	// Purposes that name no role: the dice go to the entry's role (the
	// same here, as each side's orders roll its own dice), and the
	// report says so.
	for i := range rec.Draws {
		rec.Draws[i].Purpose = "roll " + rec.Draws[i].Purpose
	}
	rep2, err := Compute(rec)
	if err != nil {
		t.Fatal(err)
	}
	if rep2.ByEntry != 28 || rep2.ByPurpose != 0 || !slices.Equal(rep2.Players[0].Dice[0].Counts, want["red"]) {
		t.Errorf("by entry: %+v", rep2)
	}
	b.Reset()
	_ = rep2.Write(&b, english)
	if !strings.Contains(b.String(), "does not say who rolled") {
		t.Errorf("the text does not say how dice were attributed:\n%s", b.String())
	}
	// In Spanish, the words are Spanish and the figures the same.
	b.Reset()
	_ = rep.Write(&b, func(m msg.M) string { return cat.Text("es", m) })
	for _, s := range []string{"Informe de suerte de la partida g7 (highroll): 28 dados públicos", "d6, 22 tiradas", "\n    cara       1", "\n    salió     ", "Todos los bandos juntos"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("the Spanish text lacks %q:\n%s", s, b.String())
		}
	}
}

func TestComputeRefusesATamperedRecord(t *testing.T) {
	rec := vector(t)
	for i, d := range rec.Draws {
		if d.Stream == "public" {
			rec.Draws[i].Result = d.Result%6 + 1
			break
		}
	}
	if _, err := Compute(rec); err == nil || !strings.Contains(err.Error(), "does not verify") {
		t.Fatalf("tampered record: %v", err)
	}
}

func TestComputeSkipsUnrevealedEpochs(t *testing.T) {
	rec := vector(t)
	rec.Dice.PublicSecrets = rec.Dice.PublicSecrets[:1]
	rec.Dice.HiddenSecret = nil
	rep, err := Compute(rec)
	if err != nil {
		t.Fatal(err)
	}
	if rep.PublicUpTo != 1 || rep.ByPurpose != 22 || rep.Unrevealed != 6 {
		t.Fatalf("epoch 1 only: %+v", rep)
	}
}

func TestLiveEntries(t *testing.T) {
	es := []record.Entry{
		{Seq: 1, Kind: record.KindSetup}, {Seq: 2, Kind: record.KindOrders}, {Seq: 3, Kind: record.KindOrders},
		{Seq: 4, Kind: record.KindRollback, To: 2}, {Seq: 5, Kind: record.KindOrders}, {Seq: 6, Kind: record.KindOrders},
		{Seq: 7, Kind: record.KindRollback, To: 1}, {Seq: 8, Kind: record.KindOrders},
	}
	live := liveEntries(es)
	for seq, want := range map[int]bool{1: true, 2: false, 3: false, 5: false, 6: false, 8: true} {
		if live[seq] != want {
			t.Errorf("entry %d live = %v, want %v", seq, live[seq], want)
		}
	}
}
