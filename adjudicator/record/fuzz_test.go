package record

import (
	"os"
	"testing"
)

// Verify and Replay never panic, whatever the record holds.
func FuzzVerifyReplay(f *testing.F) {
	b, err := os.ReadFile(vectorFile)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`{"format":"pbem-record-v1","dice":{"scheme":"PBEM-DICE-v1","n":3},"entries":[{"seq":1,"kind":"rollback","to":5}]}`))
	f.Add([]byte(`{"format":"pbem-record-v1","game_id":"g","dice":{"scheme":"PBEM-DICE-v1","n":3},"entries":[{"seq":1,"kind":"setup","epoch":1}],"draws":[{"entry":1,"stream":"public","epoch":-4,"sides":0}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Unmarshal(data)
		if err != nil {
			return
		}
		_ = Verify(rec).String()
		_, _, _ = Replay(rec, highroll{})
		_ = rec.DiceText(1)
	})
}
