package store

import "fmt"

// Checkpoint is a game's position where a newer version of pbem took
// over from the one that judged the entries before it: the state after
// log entry Seq, as the older rules left it. A replay that the newer
// rules cannot make through the older entries starts there instead (a
// rollback, an observer's delayed report). A game keeps its latest
// checkpoint only.
//
//	checkpoints  game ID → Checkpoint JSON
type Checkpoint struct {
	Seq   int    `json:"seq"`
	State []byte `json:"state"`
	// Rules names the version of pbem that judged the entries up to Seq.
	Rules string `json:"rules,omitempty"`
}

var bucketCheckpoints = []byte("checkpoints")

// PutCheckpoint replaces game id's checkpoint with cp.
func (t *Tx) PutCheckpoint(id string, cp Checkpoint) error {
	if cp.Seq < 1 || len(cp.State) == 0 {
		return fmt.Errorf("checkpoint of %s at entry %d: %w", id, cp.Seq, ErrInvalid)
	}
	b, err := t.bucket(bucketCheckpoints)
	if err != nil {
		return err
	}
	return putJSON(b, []byte(id), &cp)
}

// Checkpoint returns game id's checkpoint, or nil when it has none.
func (t *Tx) Checkpoint(id string) (*Checkpoint, error) {
	var cp Checkpoint
	found, err := getJSON(t.tx.Bucket(bucketCheckpoints), []byte(id), &cp)
	if err != nil || !found {
		return nil, err
	}
	return &cp, nil
}

// deleteCheckpoint removes game id's checkpoint, if any.
func (t *Tx) deleteCheckpoint(id string) error {
	b := t.tx.Bucket(bucketCheckpoints)
	if b == nil {
		return nil
	}
	return b.Delete([]byte(id))
}
