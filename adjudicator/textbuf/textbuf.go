// Package textbuf builds many short strings in one growing buffer, for
// engines that write a dozen lines of narrative and orders per
// submission: one allocation for the lot instead of one per string.
package textbuf

import (
	"strconv"
	"unsafe"
)

// Buf is an append-only byte buffer that strings are cut from without
// copying. A string handed out by Take points at bytes that are never
// written again (when the buffer grows, the old array is left as it
// was), so it stays valid for as long as it is referenced, like any
// other string; it also keeps the array it was cut from alive, so an
// array given to Reset should not live inside memory that must be freed
// sooner than the strings. The zero value is ready to use; Reset starts
// it on a caller's array.
type Buf struct {
	b     []byte
	start int
}

// Reset makes b write into mem (usually an array allocated together
// with the structure that will hold the strings).
func (b *Buf) Reset(mem []byte) { b.b, b.start = mem[:0], 0 }

// minChunk is the smallest array the buffer allocates.
const minChunk = 512

// room makes room for n more bytes. A new array holds only the string
// in progress: what was taken stays in the old one.
func (b *Buf) room(n int) {
	if len(b.b)+n <= cap(b.b) {
		return
	}
	pending := b.b[b.start:]
	nb := make([]byte, len(pending), max(minChunk, 2*(len(pending)+n)))
	copy(nb, pending)
	b.b, b.start = nb, 0
}

// The appends below grow b.b by reslicing it (b.b = b.b[:n]), which
// updates only its length: the array pointer is stored, with the write
// barrier a heap store of a pointer costs while the collector runs, only
// when room moves to a new array.

// S appends s.
func (b *Buf) S(s string) *Buf {
	b.room(len(s))
	n := len(b.b)
	b.b = b.b[:n+len(s)]
	copy(b.b[n:], s)
	return b
}

// W appends p.
func (b *Buf) W(p []byte) *Buf {
	b.room(len(p))
	n := len(b.b)
	b.b = b.b[:n+len(p)]
	copy(b.b[n:], p)
	return b
}

// B appends one byte.
func (b *Buf) B(c byte) *Buf {
	b.room(1)
	n := len(b.b)
	b.b = b.b[:n+1]
	b.b[n] = c
	return b
}

// Int appends v in decimal.
func (b *Buf) Int(v int) *Buf {
	if uint(v) < 100 { // dice, steps, counts: one or two digits
		b.room(2)
		n := len(b.b)
		if v < 10 {
			b.b = b.b[:n+1]
			b.b[n] = byte('0' + v)
			return b
		}
		b.b = b.b[:n+2]
		b.b[n], b.b[n+1] = byte('0'+v/10), byte('0'+v%10)
		return b
	}
	b.room(20)
	b.b = strconv.AppendInt(b.b, int64(v), 10)
	return b
}

// Len is the length of the string being built (since the last Take).
func (b *Buf) Len() int { return len(b.b) - b.start }

// Take returns what was written since the last Take.
func (b *Buf) Take() string {
	n := len(b.b) - b.start
	if n == 0 {
		return ""
	}
	out := unsafe.String(&b.b[b.start], n)
	b.start = len(b.b)
	return out
}

// Since returns the bytes written from offset k of the string in
// progress (k counted as Len counts) to its end, without taking them:
// the string being built goes on, and a later Take returns it whole,
// these bytes included. Like Take's, the string stays valid.
func (b *Buf) Since(k int) string {
	n := len(b.b) - b.start - k
	if n <= 0 {
		return ""
	}
	return unsafe.String(&b.b[b.start+k], n)
}

// Truncate drops the bytes of the string in progress from offset k on,
// to write others in their place. No string Since handed out may cover
// them.
func (b *Buf) Truncate(k int) {
	if k < b.Len() {
		b.b = b.b[:b.start+k]
	}
}
