package textwrap

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

func TestWrapKeepsShortLinesAndIndentsContinuations(t *testing.T) {
	in := "Kent           Warwick 3/3    B2\n  a list of blocks that is far too long to fit on one line of the report"
	got := Wrap(in, 40)
	assert.Equal(t, "Kent           Warwick 3/3    B2\n  a list of blocks that is far too long\n    to fit on one line of the report", got)
}

func TestParagraphAndItems(t *testing.T) {
	assert.Equal(t, "- one two\n  three", Paragraph("one   two three", "- ", "  ", 10))
	assert.Equal(t, "Kent: Warwick 3 ·\n      Salisbury 2 ·\n      Fauconberg 2", Items("Kent: ", []string{"Warwick 3", "Salisbury 2", "Fauconberg 2"}, " · ", 20))
	assert.Equal(t, "Kent: ", Items("Kent: ", nil, ", ", 20))
	// An item too wide for its line breaks inside, keeping the separator
	// after it on its last line (not alone on the next one).
	assert.Equal(t, "  a |\n  play 3 Six\n    Wives |\n  b | c", Items("  ", []string{"a", "play 3 Six Wives", "b", "c"}, " | ", 12))
	assert.Equal(t, "  a |\n  play 3 Six\n    Wives", Items("  ", []string{"a", "play 3 Six Wives"}, " | ", 12))
	assert.Equal(t, "ab   ", Pad("ab", 5))
	assert.Equal(t, "abcdef", Pad("abcdef", 5))
}

func TestLongWordStaysWhole(t *testing.T) {
	got := Wrap("see https://example.org/a/very/long/address/that/cannot/break now", 20)
	assert.Equal(t, "see\n  https://example.org/a/very/long/address/that/cannot/break\n  now", got)
}

// TestWrapProperties: no line passes the width unless it is one word, and
// wrapping keeps every word in order.
func TestWrapProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		words := rapid.SliceOf(rapid.StringMatching(`[a-zé■·]{1,12}`)).Draw(t, "words")
		width := rapid.IntRange(8, 80).Draw(t, "width")
		in := strings.Join(words, " ")
		out := Wrap(in, width)
		for _, l := range strings.Split(out, "\n") {
			if Len(l) > width && len(strings.Fields(l)) > 1 {
				t.Fatalf("line %q passes %d columns", l, width)
			}
		}
		if strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(in), " ") {
			t.Fatalf("words changed: %q -> %q", in, out)
		}
	})
}

func TestBlockKeepsTablesAndItems(t *testing.T) {
	row := "Calais         March 3/3 (A3, Pretender) · Clarence 3/3 (B2, heir 4) · Warwick 4/4 (B3)"
	got := Block(row, 60)
	for _, l := range strings.Split(got, "\n") {
		if Len(l) > 60 {
			t.Fatalf("line passes 60 columns: %q", l)
		}
	}
	lines := strings.Split(got, "\n")
	if !strings.HasPrefix(lines[0], "Calais         March") || !strings.HasPrefix(lines[1], strings.Repeat(" ", 15)+"Clarence") {
		t.Fatalf("continuation is not under the value column:\n%s", got)
	}
	prose := "  " + strings.Repeat("word ", 20)
	for _, l := range strings.Split(Block(prose, 30), "\n") {
		if !strings.HasPrefix(l, "  word") {
			t.Fatalf("prose continues at its own indentation: %q", l)
		}
	}
	if short := "a    b\nc"; Block(short, 72) != short {
		t.Fatal("lines that fit are left alone")
	}
}
