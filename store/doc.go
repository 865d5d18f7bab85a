// Package store keeps everything the pbem platform knows in one bbolt file:
// games in progress, their append-only logs, the record of processed
// messages, the outbox and per-sender rate limits.
//
// # Buckets
//
//	meta       key → value           schema version and other settings
//	games      game ID → Game JSON   one record per game, secrets included
//	counters   "game:"+prefix → u64  NextGameNumber counters
//	log        game ID → bucket      one nested bucket per game:
//	             u64 seq → LogEntry JSON (seq starts at 1, never reused)
//	processed  caller's key → ProcessedRecord JSON
//	             (e.g. "msgid:<id>", "sha256:<hex of raw message>")
//	outbox     u64 id → OutMail JSON  mail not yet sent
//	sent       u64 id → OutMail JSON  mail sent, kept for audit and tests
//	ratelimit  sender → hit record JSON
//	cancelled  u64 id → CancelledMail JSON  mail an operator cancelled
//	submissions  game ID + 0x00 + role + 0x00 + 'n' + u64 number → Submission JSON,
//	             and + 'c' + content hash → u64 number: each seat's applied
//	             submissions, so that none applies twice (submissions.go)
//	rotations  game ID + 0x00 + u64 n → Rotation JSON: who changed which
//	             seat's secret and when (never the secret)
//	digests    address → Digest JSON: a player's daily digest (digest.go),
//	             with its index digestwake (u64 unix time + address → "")
//
// Indexes, kept by PutGame, Enqueue, MarkSent, CancelMail and DeleteGame
// in the same transaction as the records they describe, so that one
// email, one deadline tick or one status line costs the same at any
// store size:
//
//	summaries  game ID → Summary JSON       what a status line shows, plus
//	             the game's wake time and sender addresses (to remove
//	             its old index entries when it changes)
//	wake       u64 unix time + game ID → ""  when the tick must next look
//	             at each game with a deadline (Game.WakeAt); Due seeks it
//	senders    address + 0x00 + game ID → ""  the unfinished games each
//	             address may write in (GamesOfAddress)
//	gamemail   game ID + 0x00 + u64 id → ""  each game's mail, queued,
//	             sent or cancelled (GameMail, DeleteGame)
//	counts     name → u64                   games active and finished,
//	             mail queued and sent
//
// Integers used as keys are 8-byte big-endian, so a cursor walks them in
// numeric order. Values are JSON so a file can be inspected and migrated
// with ordinary tools.
//
// # Transaction discipline
//
// Every read and write goes through DB.View or DB.Update, each of which is
// exactly one bbolt transaction. All the effects of one incoming email —
// checking and marking it processed, appending its log entries, writing the
// new game state and queueing the reports it causes — happen inside ONE
// Update. If the function returns an error (or panics) bbolt rolls the whole
// transaction back and the file is as it was: a rejected or crashed message
// leaves nothing behind and can be processed again.
//
// Nothing outside the file happens inside a transaction. Mail is sent by a
// separate loop after commit: it reads Pending mail, sends it with the
// Message-ID fixed at Enqueue time, and then calls MarkSent (or MarkFailed)
// in a new transaction. A crash between sending and MarkSent resends the
// same message with the same Message-ID (at-least-once delivery), which
// receivers can recognise as a duplicate. Likewise, IMAP flags are set only
// after the Update that recorded the message has committed.
//
// Commits are fsynced (bbolt syncs data pages and then the meta page), so a
// transaction that returned nil survives a process crash; a transaction
// interrupted by a crash is not visible at all. Options.NoSync turns the
// syncs off and exists only for tests and benchmarks.
//
// A Tx is valid only inside its function, and that function must not call
// DB.Update or DB.View itself (bbolt allows one writer at a time, so a
// nested Update would wait forever). Keep transactions short: no network,
// no waiting on players.
//
// Values returned by the methods of Tx are fresh copies: they stay valid
// after the transaction ends and may be modified freely.
//
// Only one process can open the file at a time, even read-only. A second
// Open fails after Options.Timeout (1 s by default) with an error wrapping
// ErrLocked. DB.Backup copies a consistent snapshot while the store is in
// use, for tools that need to read it while the daemon runs.
//
// The schema version lives in the meta bucket; Open refuses, with an error
// wrapping ErrSchema, a file written by a newer pbem. Schema 2 added the
// indexes: a writable Open of a version-1 file builds them once, in one
// transaction (and gives waiting games DefaultReminderHours). A read-only
// Open of a version-1 file leaves it as it is; the indexed methods then
// answer from the records themselves, correctly but at a cost that grows
// with the store, until "pbem serve" (or any writable open) upgrades it.
package store
