// Package intake turns incoming order emails into what the platform needs,
// without knowing any game's rules.
//
// Parse reads raw RFC 5322 bytes as any mail client may send them
// (multipart, quoted-printable, base64, legacy charsets, HTML-only bodies)
// and returns the addresses, threading headers, a decoded subject, an
// auto-reply verdict and the best readable text of the body.
//
// Extract splits that text into the lines that matter: it drops quoted
// replies, signatures, reply attributions and forwarded headers in the
// common clients' formats and languages, and comments; it recognises the
// platform keywords (secret, token, entropy, check, report, help, game) and keeps
// every other non-blank line, with its line number, as an order line for
// the game.
//
// GameTag and SubjectCheck read the game ID and the dry-run request from
// the subject and recipients.
//
// The package is pure: no network, no clock, no files.
package intake
