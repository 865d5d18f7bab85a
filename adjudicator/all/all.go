// Package all links every game into a binary: import it for its side
// effects.
package all
