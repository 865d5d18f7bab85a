package store

import "time"

// OutMail is one email waiting in the outbox. It is queued in the same
// transaction as the state change that caused it and sent after commit.
// Its Message-ID is fixed when queued, so a resend after a crash carries
// the same Message-ID and threads (and de-duplicates) correctly.
type OutMail struct {
	ID         uint64            `json:"id"`       // outbox sequence, set by Enqueue
	GameID     string            `json:"game_id"`  // "" for mail about no game
	Kind       string            `json:"kind"`     // "report", "reject", "welcome", "gm", "check", ...
	From       string            `json:"from"`     // the orders address
	ReplyTo    string            `json:"reply_to"` // usually the game's orders address (plus-address)
	To         []string          `json:"to"`
	Subject    string            `json:"subject"`
	MessageID  string            `json:"message_id"`        // without angle brackets, e.g. "r3.g7.12@pbem.local"
	InReplyTo  string            `json:"in_reply_to"`       // without angle brackets
	References []string          `json:"references"`        // without angle brackets, oldest first
	Headers    map[string]string `json:"headers,omitempty"` // extra headers, e.g. X-PBEM-Dice-Commit
	Text       string            `json:"text"`              // text/plain body
	HTML       string            `json:"html"`              // text/html alternative ("" for none)
	// Parts are the mail's inline pictures (referenced from HTML by
	// "cid:" URLs) and attachments.
	Parts     []Part    `json:"parts,omitempty"`
	Created   time.Time `json:"created"`
	Attempts  int       `json:"attempts"`
	NextTry   time.Time `json:"next_try"`
	LastError string    `json:"last_error,omitempty"`
	SentAt    time.Time `json:"sent_at,omitempty"`
}

// Part is an inline part or an attachment of an OutMail. Its bytes are
// either Data, or built at delivery by the renderer Render names from
// Source: a map picture is kept as the map's data (a few KB) rather than
// as the picture, and drawn, always to the same bytes, when the mail is
// sent.
type Part struct {
	Name        string `json:"name"`         // file name, e.g. "map.png"
	ContentType string `json:"content_type"` // e.g. "image/png"
	// ContentID makes the part inline: the HTML refers to it as
	// "cid:"+ContentID. Empty for an attachment.
	ContentID string `json:"content_id,omitempty"`
	Data      []byte `json:"data,omitempty"`
	Render    string `json:"render,omitempty"` // e.g. "map-png"
	Source    []byte `json:"source,omitempty"` // the renderer's input
}
