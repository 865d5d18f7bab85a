package store

import (
	"encoding/json"
	"fmt"
	"time"
)

// Games created by email wait for their players in their own bucket:
//
//	invites    invitation ID (the game's future ID) → Invite JSON
//
// An invitation lives only until the game starts or is cancelled, so the
// bucket holds the pending ones alone and the deadline tick reads it
// whole. The bucket is created on Open with the others.
var bucketInvites = []byte("invites")

func init() { allBuckets = append(allBuckets, bucketInvites) }

// Invite is a game a GM asked for by email, waiting for its players to
// join.
type Invite struct {
	ID      string `json:"id"` // the game's ID once it starts
	Creator string `json:"creator"`
	// Spec is the game to create (the judge's NewGameSpec, as JSON).
	Spec    json.RawMessage `json:"spec"`
	Seats   []InviteSeat    `json:"seats"`
	Created time.Time       `json:"created"`
	Expires time.Time       `json:"expires"`
	// MsgID threads the invitation mails.
	MsgID string `json:"msg_id"`
}

// InviteSeat is one invited player.
type InviteSeat struct {
	Role   string    `json:"role"`
	Email  string    `json:"email"`
	Lang   string    `json:"lang,omitempty"`
	Joined time.Time `json:"joined,omitzero"`
	// Entropy are the lines of the player's own randomness sent with
	// his join; they are mixed into the game's set-up.
	Entropy []string `json:"entropy,omitempty"`
}

// Seat returns the invited seat of addr, or nil.
func (in *Invite) Seat(addr string) *InviteSeat {
	for i := range in.Seats {
		if in.Seats[i].Email == addr {
			return &in.Seats[i]
		}
	}
	return nil
}

// PutInvite creates or replaces the invitation in.ID.
func (t *Tx) PutInvite(in *Invite) error {
	if in == nil {
		return fmt.Errorf("put invite: nil invite: %w", ErrInvalid)
	}
	if err := checkKey("put invite", in.ID); err != nil {
		return err
	}
	b, err := t.bucket(bucketInvites)
	if err != nil {
		return err
	}
	if err := putJSON(b, []byte(in.ID), in); err != nil {
		return fmt.Errorf("put invite %s: %w", in.ID, err)
	}
	return nil
}

// Invite returns the pending invitation id, or an error wrapping
// ErrNotFound.
func (t *Tx) Invite(id string) (*Invite, error) {
	var in Invite
	found, err := getJSON(t.tx.Bucket(bucketInvites), []byte(id), &in)
	if err != nil {
		return nil, fmt.Errorf("invite %s: %w", id, err)
	}
	if !found {
		return nil, fmt.Errorf("invite %q: %w", id, ErrNotFound)
	}
	return &in, nil
}

// Invites returns every pending invitation, ordered by ID.
func (t *Tx) Invites() ([]*Invite, error) {
	b := t.tx.Bucket(bucketInvites)
	if b == nil {
		return nil, nil
	}
	var out []*Invite
	err := b.ForEach(func(k, v []byte) error {
		var in Invite
		if err := json.Unmarshal(v, &in); err != nil {
			return fmt.Errorf("invite %s: corrupt record: %w", k, err)
		}
		out = append(out, &in)
		return nil
	})
	return out, err
}

// DeleteInvite removes the invitation id (started or cancelled).
func (t *Tx) DeleteInvite(id string) error {
	b, err := t.bucket(bucketInvites)
	if err != nil {
		return err
	}
	return b.Delete([]byte(id))
}
